"""retrieve: runs every (source, query) of the pass concurrently, each under its own timeout
(but a search on this machine: the embedded course store).

The one place a source failure is absorbed: a failing, slow or circuit-broken source yields
nothing plus one log line, and its name reaches the reply (`Reply.unavailable`); it never fails
the question.
"""
from __future__ import annotations

import asyncio
import logging
from itertools import product

from langgraph.runtime import Runtime

from core.errors import log_failure
from core.ports import Document
from core.rag.state import RagContext, RagState
from core.stores.errors import StoreError
from core.upstream.calls import SourceFailure
from core.upstream.resilience import CircuitOpen

log = logging.getLogger(__name__)


async def retrieve(state: RagState, runtime: Runtime[RagContext]) -> RagState:
    """Fetch candidate documents for this pass from the router's chosen sources."""
    ctx = runtime.context
    plan = [(s, q) for s, q in state.get("plan") or []] or list(
        product(state.get("selected_sources") or list(ctx.sources)[:1],
                state.get("queries") or [state["question"]]))
    plan = [(s, q) for s, q in plan if s in ctx.sources]
    k = ctx.config.retrieve_k
    course = state.get("course")
    results = await asyncio.gather(*(_search(ctx, name, query, k, course)
                                     for name, query in plan))
    documents: list[tuple[int, Document]] = []
    errors: list[str] = []
    for (name, _), (docs, failed) in zip(plan, results, strict=True):
        if failed:
            errors.append(name)
        documents.extend(enumerate(docs))
    return {"route": ["retrieve"], "documents": documents, "source_errors": sorted(set(errors))}


async def _search(ctx: RagContext, name: str, query: str, k: int, course: str | None
                  ) -> tuple[list[Document], bool]:
    source = ctx.sources[name]
    # a local search is not timed out: it cannot hang, only run slowly (core/sources/course.py)
    timeout_s = None if getattr(source, "local", False) else ctx.config.source_timeout_s
    try:
        docs = await asyncio.wait_for(source.search(query, k, course), timeout_s)
        return list(docs)[:k], False
    except TimeoutError:
        log.warning("source %s timed out after %.1fs", name, ctx.config.source_timeout_s)
    except CircuitOpen:
        log.info("source %s skipped: circuit open", name)
    except SourceFailure as exc:  # its message is written to be logged
        # unreachable (no network: offline use) is said once at start and shown in the reply
        log.log(logging.INFO if exc.unreachable else logging.WARNING, "source %s failed: %s",
                name, exc)
    except StoreError as exc:
        log.warning("source %s failed: %s", name, exc)
    except Exception as exc:  # a bug in a source: its traceback, and the other sources answer
        log_failure(log, f"source {name}", exc, "answering from the others")
    return [], True
