"""Reading an untrusted file in a child process with a memory cap and a deadline.

The limits in `IngestLimits` stop the bombs we know of before they are parsed; this stops the
ones we do not: a parser bug, a pathological PDF or a decompressor that runs away costs a child
process (killed on timeout, refused memory past its cap) and never the bot. Children are forked
from a forkserver that has the readers imported already, so one costs milliseconds, not the
second a fresh interpreter would take to import PDFium and the Office libraries.
"""
from __future__ import annotations

import contextlib
import functools
import logging
import multiprocessing
import resource
import sys
import time
import types
from collections.abc import Callable
from multiprocessing.connection import Connection
from multiprocessing.context import ForkServerContext
from multiprocessing.process import BaseProcess
from typing import TYPE_CHECKING, Any

from core.ingest import progress
from core.ingest.document import LoadError
from core.ingest.limits import DEFAULT_LIMITS, IngestLimits, megabytes, too_big

if TYPE_CHECKING:
    from core.ingest.loaders import LoadedDocument
    from core.ports import DocumentRecord, StoredChunk

    Prepared = tuple[LoadedDocument, tuple[DocumentRecord, list[StoredChunk]]]

# imported once by the forkserver, so every child starts with them loaded
_PRELOAD = ["core.ingest.sandbox", "core.ingest.chunking", "core.ingest.pdf",
            "core.ingest.docx", "core.ingest.pptx", "core.ingest.html", "core.ingest.image",
            "pypdfium2", "docx", "pptx", "PIL.Image", "pytesseract"]
Step = Callable[[str], None]  # told of each slow step of the reader ("OCR page 3 (1 of 9)")
_GRACE_S = 5.0  # how long a child that has answered gets to exit before it is killed
_STEP_CPU_S = 3  # the reader's own CPU seconds one slow step (rendering a page to OCR) may add
log = logging.getLogger(__name__)


def prepare(data: bytes, name: str, course: str | None,
            limits: IngestLimits = DEFAULT_LIMITS, on_step: Step | None = None) -> Prepared:
    """Read and chunk one file in this process: the loaded document and its (record, chunks).
    `on_step` hears of each slow step (OCR of a page) as it starts."""
    from core.ingest.chunking import to_chunks

    if on_step is not None:
        with progress.listening(lambda what, _allowance: on_step(what)):
            return prepare(data, name, course, limits)
    from core.ingest.loaders import load_bytes

    document = load_bytes(data, name, course, limits)
    return document, to_chunks(document, limits)


def prepare_isolated(data: bytes, name: str, course: str | None,
                     limits: IngestLimits = DEFAULT_LIMITS, on_step: Step | None = None
                     ) -> Prepared:
    """`prepare` in a child process under `limits.memory_bytes` and `limits.timeout_s`.

    Blocks the calling thread (run it with asyncio.to_thread). Every failure is a LoadError of
    one line: the file's own problem, too slow, too much memory, or the reader crashing. A slow
    step the reader announces (OCR of one scanned page) adds its allowance to the deadline and
    is logged as progress."""
    context = _context()
    receive, send = context.Pipe(duplex=False)
    child = context.Process(target=_child, args=(send, data, name, course, limits),
                            name="studybuddy-reader", daemon=True)
    child.start()
    send.close()  # the child holds the only writer: a child that dies means EOF here
    kind, grace_s = "late", 0.0
    payload: Any = None
    deadline = time.monotonic() + limits.timeout_s
    try:
        while receive.poll(max(0.0, deadline - time.monotonic())):
            grace_s = _GRACE_S
            try:
                kind, payload = receive.recv()
            except (EOFError, OSError):  # the child died without a word
                kind = "died"
            if kind != "step":
                break
            what, allowance_s = payload
            deadline += allowance_s
            log.info("reading %s: %s", name, what)
            if on_step is not None:
                on_step(what)
            kind, grace_s = "late", 0.0
    finally:
        receive.close()
        exitcode = _stop(child, grace_s)
    return _outcome(kind, payload, exitcode, limits)


def _outcome(kind: str, payload: Any, exitcode: int | None, limits: IngestLimits) -> Prepared:
    if kind == "ok":
        result: Prepared = payload
        return result
    if kind == "load":
        raise LoadError(str(payload))
    if kind == "memory":
        raise LoadError(too_big("the file needs more memory than allowed",
                                megabytes(limits.memory_bytes), "INGEST_MEMORY_MB"))
    if kind == "late":
        raise LoadError(too_big("the file took too long to read", f"{limits.timeout_s:g} s",
                                "INGEST_TIMEOUT_S"))
    if kind == "error":
        raise LoadError(f"the reader failed on this file ({payload})")
    how = f"signal {-exitcode}" if exitcode and exitcode < 0 else f"exit code {exitcode}"
    raise LoadError(f"the reader crashed on this file ({how})")


def _child(send: Connection, data: bytes, name: str, course: str | None,
           limits: IngestLimits) -> None:
    """The child's whole life: cap its memory and CPU, prepare, send one (kind, payload)."""
    _cap_resources(limits)
    answer: tuple[str, Any]

    def step(what: str, allowance_s: float) -> None:
        _allow_cpu(_STEP_CPU_S)
        send.send(("step", (what, allowance_s)))
    try:
        with progress.listening(step):
            answer = ("ok", prepare(data, name, course, limits))
    except LoadError as exc:
        answer = ("load", str(exc))
    except MemoryError:
        answer = ("memory", None)
    except Exception as exc:  # a parser bug: named, not shown as a traceback
        answer = ("error", type(exc).__name__)
    del data
    try:
        send.send(answer)
    except MemoryError:  # pickling a huge result is over the cap too
        send.send(("memory", None))
    finally:
        send.close()


def _cap_resources(limits: IngestLimits) -> None:
    """Address space = what the child already maps (interpreter and readers) + the allowance;
    CPU seconds a little past the deadline, in case the parent is gone and cannot kill it."""
    allowance = _mapped_bytes() + limits.memory_bytes
    resource.setrlimit(resource.RLIMIT_AS, (allowance, allowance))
    seconds = int(limits.timeout_s) + 5
    steps = limits.max_pdf_pages * _STEP_CPU_S  # room for every page to be a slow step
    resource.setrlimit(resource.RLIMIT_CPU, (seconds, seconds + 5 + steps))


def _allow_cpu(seconds: int) -> None:
    """Raise this process's CPU soft limit by `seconds` (a slow step has begun), up to the hard
    limit set at its start."""
    soft, hard = resource.getrlimit(resource.RLIMIT_CPU)
    if soft != resource.RLIM_INFINITY:
        raised = soft + seconds if hard == resource.RLIM_INFINITY else min(hard, soft + seconds)
        resource.setrlimit(resource.RLIMIT_CPU, (raised, hard))


def _mapped_bytes() -> int:
    """This process's virtual size (VmSize), 0 when /proc cannot tell."""
    with contextlib.suppress(OSError, ValueError), open("/proc/self/status", "rb") as status:
        for line in status:
            if line.startswith(b"VmSize:"):
                return int(line.split()[1]) * 1024
    return 0


def _stop(child: BaseProcess, grace_s: float) -> int | None:
    """Wait up to `grace_s` for the child to exit, kill it if it has not, reap it; its exit
    code (negative: the signal that ended it)."""
    child.join(grace_s)
    if child.is_alive():
        child.kill()
        child.join()
    exitcode = child.exitcode
    child.close()
    return exitcode


@functools.cache
def _context() -> ForkServerContext:
    """The forkserver context, asked (on first use, never at import) to preload the readers."""
    context = multiprocessing.get_context("forkserver")
    assert isinstance(context, ForkServerContext)
    context.set_forkserver_preload([*_PRELOAD, *_main_imports()])
    return context


def _main_imports() -> list[str]:
    """The modules the program's main script took its names from (`studybuddy` is `from bot.cli
    import main`). Each child re-runs that script (Python 3.11's forkserver never preloads
    `__main__` itself); with its imports preloaded the re-run costs a millisecond, not 0.3 s."""
    main = sys.modules.get("__main__")
    names: set[str] = set()
    for value in vars(main).values() if main is not None else ():
        if isinstance(value, types.ModuleType):
            names.add(value.__name__)
        elif isinstance(getattr(value, "__module__", None), str):
            names.add(value.__module__)
    return sorted(names - {"__main__", "__mp_main__", "builtins"})
