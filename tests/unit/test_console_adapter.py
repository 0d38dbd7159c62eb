"""ConsoleAdapter: a REPL fed from a stream, answered by the FakeHandler."""
from __future__ import annotations

import asyncio
import io
import os
import time

import pytest

from adapters.console import PROMPT, THINKING, ConsoleAdapter, render_reply
from core.messages import Intent, Reply
from tests.support.fake_handler import FakeHandler, study_reply


async def eventually(condition, timeout: float = 5.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "condition not met in time"
        await asyncio.sleep(0.01)


async def chat(lines: str, handler: FakeHandler | None = None) -> tuple[str, FakeHandler]:
    handler = handler or FakeHandler(study_delay_s=0.01)
    output = io.StringIO()
    adapter = ConsoleAdapter(handler, input_stream=io.StringIO(lines), output=output,
                             user_id="alice")
    await asyncio.wait_for(adapter.run_until_done(), timeout=5)
    return output.getvalue(), handler


class TestRenderReply:
    def test_answer_sources_and_mark_in_order(self):
        text = render_reply(study_reply("what is merge sort?"))
        answer, course, wiki, mark = (text.index("Answer about"), text.index("[1] Course ·"),
                                      text.index("[2] Wikipedia ·"), text.index("🌐"))
        assert answer < course < wiki < mark
        assert "https://en.wikipedia.org/wiki/Merge_sort" in text
        assert "<b>markup</b>" in text  # plain text: nothing is escaped

    def test_chitchat_has_no_sources_or_mark(self):
        assert render_reply(Reply(text="Hi!", intent=Intent.CHITCHAT)) == "Hi!"


class TestRepl:
    async def test_study_question_shows_thinking_then_the_answer(self):
        out, handler = await chat("What is merge sort?\n")
        assert out.index(PROMPT) < out.index(THINKING) < out.index("Answer about: What is merge")
        assert "[1] Course · Lecture 3: Sorting — course/sorting.md" in out
        message = handler.seen[0]
        assert (message.platform, message.user_id, message.is_direct) == ("console", "alice", True)

    async def test_greeting_is_answered_without_thinking(self):
        out, _ = await chat("hello\n")
        assert "Ask me anything" in out and THINKING not in out

    async def test_commands_and_quit(self):
        out, handler = await chat("/help\n/forget\n\n/quit\nnever asked\n")
        assert "/forget" in out and "/quit" in out
        assert handler.forgotten == [("console", "alice")]
        assert "erased your history" in out
        assert handler.seen == []

    async def test_a_bot_only_command_is_refused_not_asked_and_ask_asks(self):
        out, handler = await chat("/quiz\n/review now\n/ask what is merge sort?\n"
                                  "/etc/fstab holds what?\n/gaps\n")
        assert "/quiz is not a console command" in out and "/review is not" in out
        assert "/help" in out
        # staff asking for gaps here are told where the report is
        assert "`studybuddy report --out DIR [--course NAME]`" in out
        assert [m.text for m in handler.seen] == ["what is merge sort?", "/etc/fstab holds what?"]

    async def test_eof_ends_the_session(self):
        out, handler = await chat("hi")
        assert [m.text for m in handler.seen] == ["hi"]
        assert out.endswith(PROMPT + "\n")

    async def test_a_failing_question_is_reported_and_the_loop_goes_on(self):
        class Failing(FakeHandler):
            async def handle(self, message):
                if "boom" in message.text:
                    raise RuntimeError("boom")
                return await super().handle(message)

        out, _handler = await chat("boom please\nhello\n", Failing())
        assert "something went wrong" in out
        assert "Ask me anything" in out


class TestLifecycle:
    async def test_start_returns_at_once_and_reading_does_not_block_the_loop(self):
        read_fd, write_fd = os.pipe()
        handler = FakeHandler()
        output = io.StringIO()
        with open(read_fd, encoding="utf-8") as reader, open(write_fd, "w", encoding="utf-8") as w:
            adapter = ConsoleAdapter(handler, input_stream=reader, output=output)
            await asyncio.wait_for(adapter.start(), timeout=1)
            # The REPL reaches its read and waits there; a read on the loop thread would hang us.
            await eventually(lambda: output.getvalue().endswith(PROMPT))
            assert not adapter.finished.is_set()
            w.write("hello\n")
            w.flush()
            await eventually(lambda: "Ask me anything" in output.getvalue())
            w.close()
            await asyncio.wait_for(adapter.finished.wait(), timeout=5)
            await adapter.stop()

    async def test_stop_cancels_a_pending_session(self):
        read_fd, write_fd = os.pipe()
        with open(read_fd, encoding="utf-8") as reader:
            adapter = ConsoleAdapter(FakeHandler(), input_stream=reader, output=io.StringIO())
            await adapter.start()
            await adapter.stop()
            await adapter.stop()
            assert adapter.finished.is_set()
            os.close(write_fd)


@pytest.mark.parametrize("command", ["/QUIT", "/exit"])
async def test_quit_spellings(command: str):
    _out, handler = await chat(f"{command}\nhello\n")
    assert handler.seen == []


class TestPhoto:
    async def test_a_picture_file_is_asked_with_its_words(self, tmp_path):
        picture = tmp_path / "exercise.png"
        picture.write_bytes(b"\x89PNG picture bytes")
        out, handler = await chat(f"/photo {picture} question two, please\n/photo\n")
        [message] = handler.seen
        assert message.image == b"\x89PNG picture bytes"
        assert message.text == "question two, please"
        assert "Usage: /photo PATH" in out

    async def test_a_file_over_the_limit_is_refused_unread_and_a_missing_one_is_named(
            self, tmp_path):
        from core.chat.photo import PhotoLimits

        big = tmp_path / "big.png"
        big.write_bytes(b"x" * 2048)
        output, handler = io.StringIO(), FakeHandler()
        adapter = ConsoleAdapter(handler, input_stream=io.StringIO(
            f"/photo {big}\n/photo {tmp_path / 'missing.png'}\n"), output=output,
            photos=PhotoLimits(max_bytes=1024))
        await asyncio.wait_for(adapter.run_until_done(), timeout=5)
        out = output.getvalue()
        assert "too large" in out
        assert "Can't read" in out and "missing.png" in out
        assert handler.seen == []
