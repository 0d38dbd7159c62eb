"""Crash-test writer: a forking "zygote" that starts history writers for SIGKILL tests.

Run as `python -m tests.support.history_writer DB`. Imports happen once here, then each
`spawn TAG` line on stdin forks a writer child, so a thousand kills do not cost a thousand
interpreter start-ups. Protocol on stdout (one line per os.write, so lines never interleave):
  PID TAG pid      a writer child started
  ACK TAG n        row n of TAG is committed (printed only after SqliteHistoryStore.append returns)
  ERR TAG text     a writer failed on its own (the test treats this as a failure)
  SYNC n           echo of `sync n`: every line written before it has been read
"""
from __future__ import annotations

import asyncio
import os
import signal
import sys
from datetime import UTC, datetime

from core.ports import Turn
from core.stores.sqlite_history import SqliteHistoryStore


def _say(line: str) -> None:
    os.write(1, (line + "\n").encode())


async def write_forever(db: str, tag: str) -> None:
    """Append turns of user TAG until killed; ack each one after its commit."""
    store = SqliteHistoryStore(db)
    await store.open()
    n = 0
    while True:
        await store.append(Turn("crash", tag, f"{tag}:{n}", "answer " * 8, "simple",
                                ({"n": 1, "title": "t"},), datetime.now(UTC)))
        _say(f"ACK {tag} {n}")
        n += 1


def _child(db: str, tag: str) -> None:
    signal.signal(signal.SIGCHLD, signal.SIG_DFL)
    _say(f"PID {tag} {os.getpid()}")
    try:
        asyncio.run(write_forever(db, tag))
    except BaseException as exc:  # reported, then the child ends
        _say(f"ERR {tag} {type(exc).__name__}: {exc}".replace("\n", " "))
    finally:
        os._exit(1)


def main(db: str) -> None:
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)  # children are reaped by the kernel
    for line in sys.stdin:
        command, _, arg = line.strip().partition(" ")
        if command == "spawn":
            if os.fork() == 0:
                _child(db, arg)
        elif command == "sync":
            _say(f"SYNC {arg}")
        elif command == "quit":
            break


if __name__ == "__main__":
    main(sys.argv[1])
