"""Durability: history writers SIGKILLed at random points 1,000 times lose no acknowledged row.

Two writers append to one database file at a time (as the Discord and Telegram processes may);
one of them is killed after a random delay (during open, migrations, an INSERT, a commit's fsync
or between appends). After every kill: PRAGMA integrity_check is "ok" and every row the killed
writer acknowledged (ack printed only after commit) is in the file. reliability.md section 3.
"""
from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from collections import defaultdict
from pathlib import Path

import pytest

from core.stores.sqlite_history import UNKEYED
from core.stores.user_hash import user_hash

pytestmark = pytest.mark.integration

KILLS = 1_000
PARALLEL = 2
MAX_DELAY_S = 0.015
ROOT = Path(__file__).resolve().parents[2]


class Zygote:
    """The forking writer process and the lines it reports, read on a background thread."""

    def __init__(self, db: Path) -> None:
        self.proc = subprocess.Popen([sys.executable, "-m", "tests.support.history_writer",
                                      str(db)], cwd=ROOT, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, bufsize=1)
        self.pids: dict[str, int] = {}
        self.acks: dict[str, set[int]] = defaultdict(set)
        self.errors: list[str] = []
        self.synced = -1
        self._cond = threading.Condition()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            kind, _, rest = line.strip().partition(" ")
            with self._cond:
                if kind == "ACK":
                    tag, n = rest.split()
                    self.acks[tag].add(int(n))
                elif kind == "PID":
                    tag, pid = rest.split()
                    self.pids[tag] = int(pid)
                elif kind == "SYNC":
                    self.synced = int(rest)
                else:
                    self.errors.append(line.strip())
                self._cond.notify_all()

    def command(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def spawn(self, tag: str) -> int:
        self.command(f"spawn {tag}")
        with self._cond:
            assert self._cond.wait_for(lambda: tag in self.pids, timeout=10), self.errors
            return self.pids[tag]

    def wait_for_ack(self, tag: str) -> None:
        """Block until TAG has committed a row (so its migrations have run)."""
        with self._cond:
            assert self._cond.wait_for(lambda: self.acks[tag], timeout=60), self.errors

    def sync(self, n: int) -> None:
        """Return once every line written before now (by any process) has been parsed."""
        self.command(f"sync {n}")
        with self._cond:
            assert self._cond.wait_for(lambda: self.synced >= n, timeout=10)

    def close(self) -> None:
        self.command("quit")
        self.proc.wait(timeout=10)


def kill_and_wait(pid: int) -> None:
    os.kill(pid, signal.SIGKILL)
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return
        time.sleep(0.0005)
    raise AssertionError(f"writer {pid} survived SIGKILL")


def check(conn: sqlite3.Connection, tag: str, acked: set[int]) -> tuple[str, int, int]:
    """(integrity_check result, acknowledged rows missing, rows committed but not acked)."""
    integrity = conn.execute("PRAGMA integrity_check").fetchone()[0]
    rows = {int(q.split(":")[1]) for (q,) in conn.execute(
        "SELECT question FROM turns WHERE platform = 'crash' AND user_hash = ?",
        (user_hash(UNKEYED, "crash", tag),))}
    return integrity, len(acked - rows), len(rows - acked)


def test_sigkilled_writers_lose_no_acknowledged_row(tmp_path: Path) -> None:
    db = tmp_path / "history.db"
    rng = random.Random(int(os.environ.get("DURABILITY_SEED", "20261101")))
    zygote = Zygote(db)
    live: list[tuple[str, int]] = []
    lost = integrity_failures = unacked_commits = 0
    started = time.monotonic()
    zygote.spawn("warm-up")  # the schema exists before the checker opens the file
    zygote.wait_for_ack("warm-up")  # killed only once it has migrated and written a row
    kill_and_wait(zygote.pids["warm-up"])
    conn = sqlite3.connect(db, timeout=30, isolation_level=None)
    try:
        for kill in range(KILLS):
            while len(live) < PARALLEL:
                tag = f"w{kill}-{len(live)}-{rng.randrange(10**6)}"
                live.append((tag, zygote.spawn(tag)))
            tag, pid = live.pop(0)
            time.sleep(rng.uniform(0, MAX_DELAY_S))
            kill_and_wait(pid)
            zygote.sync(kill)
            integrity, missing, extra = check(conn, tag, set(zygote.acks[tag]))
            integrity_failures += integrity != "ok"
            lost += missing
            unacked_commits += extra
        for _tag, pid in live:
            kill_and_wait(pid)
        zygote.sync(KILLS)
    finally:
        zygote.close()
    acked = sum(len(a) for a in zygote.acks.values())
    total_missing = sum(check(conn, t, a)[1] for t, a in zygote.acks.items())
    conn.close()
    elapsed = time.monotonic() - started
    print(f"\ndurability: {KILLS} SIGKILLs ({PARALLEL} concurrent writers, one db file), "
          f"{acked} acknowledged rows, lost after kill {lost}, lost at end {total_missing}, "
          f"integrity_check failures {integrity_failures}, committed-not-yet-acked "
          f"{unacked_commits}, {elapsed:.1f} s")
    assert zygote.errors == []
    assert integrity_failures == 0
    assert lost == 0 and total_missing == 0
    assert acked > KILLS  # the kills did land between and during real commits
