"""ConsoleAdapter: a terminal chat with the core, the fallback when no platform token is set.

Lines are read on a daemon thread and handed to the event loop, so a blocked `readline()` never
stalls the loop and never keeps the process alive at exit (asyncio.to_thread would: the default
executor is joined on shutdown). The output stream is the only place this package prints.

Lifecycle: `await start()` launches the REPL in the background and returns at once, like every
other adapter; `finished` is set when the user quits (/quit, Ctrl-D / EOF) or `stop()` runs.
`await run_until_done()` does both, for `studybuddy chat`.
"""
from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import sys
import threading
from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path
from typing import TextIO

from adapters.layout import citation_parts, confidence_mark, sources_heading
from core.chat.photo import PhotoLimits, photo_notice
from core.course.spaces import CourseSpaces
from core.course.tenancy import Actor
from core.messages import IncomingMessage, Reply
from core.ports import ChatService
from core.texts.platforms import CONSOLE_HELP

logger = logging.getLogger(__name__)

PLATFORM = "console"
PROMPT = "you> "
THINKING = "thinking…"
ERROR = "Sorry, something went wrong while answering. Please try again."
# "/quiz", "/review": a word after a slash is a command, answered or refused, never asked as a
# question ("/etc/fstab" is a path and "/ta" in a sentence is no command)
_COMMAND = re.compile(r"/[a-z_]+")
UNKNOWN_COMMAND = ("{command} is not a console command (quizzes, reviews and Ask a TA are in the "
                   "Discord and Telegram bots). Type /help for the commands here.")
# staff asking for the report in the console: it is a command of the machine, not of the chat
GAPS_HERE = ("/gaps is for staff in the Discord and Telegram bots. Here, the same report is "
             "`studybuddy report --out DIR [--course NAME]` (a page and CSV files), or "
             "GET /report with HTTP_PORT and REPORT_TOKEN set.")
PHOTO_USAGE = "Usage: /photo PATH [words of the question] (a picture file; PATH without spaces)"


def render_reply(reply: Reply) -> str:
    """Plain text: answer, numbered sources with labels, then the confidence mark."""
    blocks = [reply.text.strip()]
    if reply.citations:
        lines = [sources_heading(reply.language)]
        for citation in reply.citations:
            head, title, location = citation_parts(citation, reply.language)
            lines.append(f"{head} · {title} — {location}")
        blocks.append("\n".join(lines))
    mark = confidence_mark(reply)
    if mark:
        blocks.append(mark)
    return "\n\n".join(b for b in blocks if b)


def read_picture(name: str, limits: PhotoLimits) -> bytes | None:
    """A picture file's bytes; None when it is over PHOTO_MAX_BYTES (then it is never read)."""
    path = Path(name).expanduser()
    if limits.too_large(path.stat().st_size):
        return None
    return path.read_bytes()


class ConsoleReplier:
    """Writes replies to the output stream; "thinking…" stands in for a typing indicator."""

    def __init__(self, output: TextIO) -> None:
        self.output = output
        self._thinking = False

    def _write(self, text: str) -> None:
        self.output.write(text)
        self.output.flush()

    def clear_thinking(self) -> None:
        if self._thinking:
            self._thinking = False
            self._write("\r\033[K" if self.output.isatty() else "\n")

    @contextlib.asynccontextmanager
    async def typing(self) -> AsyncIterator[None]:
        self._thinking = True
        self._write(THINKING)
        try:
            yield
        finally:
            self.clear_thinking()

    async def send(self, reply: Reply) -> None:
        self.clear_thinking()
        self._write(render_reply(reply) + "\n\n")


class ConsoleAdapter:
    """A read-eval-print loop over the core's ChatService."""

    name = "console"

    def __init__(self, handler: ChatService, *, input_stream: TextIO | None = None,
                 output: TextIO | None = None, user_id: str = "console",
                 spaces: CourseSpaces | None = None, log_path: str | None = None,
                 photos: PhotoLimits | None = None, course: str | None = None) -> None:
        self.handler = handler
        self.log_path = log_path  # where warnings go instead of this terminal, shown once
        self.spaces = spaces  # None: no /course command
        self.course = course  # picked before the first question, as `/course NAME` would
        self.photos = photos or PhotoLimits()  # /photo PATH: checked before the file is read
        self.input_stream = input_stream if input_stream is not None else sys.stdin
        self.output = output if output is not None else sys.stdout
        self.user_id = user_id
        self.finished = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    async def start(self) -> None:
        """Start the REPL in the background; returns immediately (watch `finished`)."""
        if self._task is None:
            self.finished.clear()
            self._task = asyncio.create_task(self._repl(), name="console-repl")

    async def stop(self) -> None:
        """End the REPL (a pending question is cancelled); safe to call twice."""
        task, self._task = self._task, None
        if task is not None and not task.done():
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self.finished.set()

    async def run_until_done(self) -> None:
        """Chat until the user quits."""
        await self.start()
        try:
            await self.finished.wait()
        finally:
            await self.stop()

    # --- the loop ---

    async def _repl(self) -> None:
        lines = self._start_reader()
        replier = ConsoleReplier(self.output)
        try:
            self._write("Study Buddy — type a question, /help for commands, /quit to leave.\n")
            if self.log_path is not None:
                self._write(f"(Logs go to {self.log_path})\n")
            if self.course is not None and self.spaces is not None:
                await replier.send(await self._course([self.course]))
            while True:
                self._write(PROMPT)
                line = await lines.get()
                if line is None:  # EOF / Ctrl-D
                    self._write("\n")
                    break
                if not await self._handle_line(line.strip(), replier):
                    break
        finally:
            self.finished.set()

    async def _handle_line(self, text: str, replier: ConsoleReplier) -> bool:
        """Answer one line; False when the user asked to quit."""
        command = text.lower()
        if not text:
            return True
        if command in ("/quit", "/exit"):
            self._write("Goodbye, and good luck with your studies!\n")
            return False
        if command == "/help":
            self._write(CONSOLE_HELP + "\n\n")
            return True
        head, rest = command.split()[0], text.split(maxsplit=1)[1:]
        try:
            if command == "/forget":
                await replier.send(await self.handler.forget(PLATFORM, self.user_id))
            elif head == "/photo":
                await self._photo(text.split(maxsplit=2)[1:], replier)
            elif self.spaces is not None and head == "/course":
                await replier.send(await self._course(rest))
            elif self.spaces is not None and head == "/mode":
                await replier.send(await self._mode(rest))
            elif head == "/ask" and rest:
                await self.handler.respond(self._incoming(rest[0]), replier)
            elif head == "/gaps":
                self._write(GAPS_HERE + "\n\n")
            elif _COMMAND.fullmatch(head):
                self._write(UNKNOWN_COMMAND.format(command=head) + "\n\n")
            else:
                await self.handler.respond(self._incoming(text), replier)
        except Exception:
            logger.exception("console question failed")
            replier.clear_thinking()
            self._write(ERROR + "\n\n")
        return True

    async def _course(self, name: list[str]) -> Reply:
        """`/course` shows this user's course and the list; `/course list` the list (as in the
        bots); `/course NAME` picks one."""
        assert self.spaces is not None
        if name and name[0].strip().lower() == "list":
            return await self.spaces.listing((self._space,), "en")
        if name:  # the operator's terminal: an unknown name is "no such course", not a refusal
            operator = Actor(self.user_id, operator=True)
            return await self.spaces.assign(self._space, name[0], actor=operator,
                                            where="channel", language="en")
        shown = await self.spaces.show((self._space,), "en", personal=True)
        if shown.notice == "no_course":  # already lists the courses
            return shown
        listing = await self.spaces.listing((self._space,), "en")
        return replace(shown, text=f"{shown.text}\n{listing.text}")

    async def _mode(self, words: list[str]) -> Reply:
        """`/mode` shows, `/mode guide|explain` sets, how this console answers requests for
        graded work: the operator at the console tries guide mode before a class meets it."""
        assert self.spaces is not None
        if not words:
            return await self.spaces.show_mode((self._space,), "en")
        return await self.spaces.set_mode(self._space, words[0], language="en", where="chat",
                                          actor=Actor(self.user_id, operator=True))

    async def _photo(self, words: list[str], replier: ConsoleReplier) -> None:
        """`/photo PATH [words]`: ask with a picture file, as a student sends a photo."""
        if not words:
            self._write(PHOTO_USAGE + "\n\n")
            return
        try:
            image = await asyncio.to_thread(read_picture, words[0], self.photos)
        except OSError as err:
            self._write(f"Can't read {words[0]}: {err.strerror or err}\n\n")
            return
        if image is None:
            await replier.send(photo_notice("too_large", "en", self.photos))
            return
        caption = words[1] if len(words) > 1 else ""
        await self.handler.respond(replace(self._incoming(caption), image=image), replier)

    @property
    def _space(self) -> str:
        return f"{PLATFORM}:user:{self.user_id}"

    def _incoming(self, text: str) -> IncomingMessage:
        return IncomingMessage(platform=PLATFORM, user_id=self.user_id, chat_id=self.user_id,
                               text=text, is_direct=True, spaces=(self._space,))

    def _write(self, text: str) -> None:
        self.output.write(text)
        self.output.flush()

    def _start_reader(self) -> asyncio.Queue[str | None]:
        """Feed input lines (None at EOF) into a queue from a daemon thread."""
        loop = asyncio.get_running_loop()
        queue: asyncio.Queue[str | None] = asyncio.Queue()

        def put(item: str | None) -> None:
            with contextlib.suppress(RuntimeError):  # loop already closed: nobody is listening
                loop.call_soon_threadsafe(queue.put_nowait, item)

        def read() -> None:
            try:
                for line in iter(self.input_stream.readline, ""):
                    put(line)
            except (OSError, ValueError):  # stream closed under us
                pass
            put(None)

        threading.Thread(target=read, name="console-input", daemon=True).start()
        return queue
