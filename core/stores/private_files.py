"""Files and folders holding users' data (DATA_DIR, the database and its -wal/-shm, the log,
report exports) readable by the bot's own account only.

Modes are set explicitly, never left to the umask: a typical umask of 022 makes new files 0644
and folders 0755, readable by every account on the machine, while the database holds students'
questions. Files are created with os.open and their mode; ones made before this rule are
tightened when the bot starts.
"""
from __future__ import annotations

import contextlib
import io
import logging
import os
import stat
from pathlib import Path

log = logging.getLogger(__name__)

PRIVATE_DIR = 0o700
PRIVATE_FILE = 0o600
SQLITE_SIDE_FILES = ("-wal", "-shm", "-journal")


def tighten(path: Path, mode: int) -> None:
    """Drop every permission bit of `path` beyond `mode` (if it exists and is not a link)."""
    try:
        current = path.lstat().st_mode
        if stat.S_ISLNK(current) or not stat.S_IMODE(current) & ~mode:
            return
        os.chmod(path, stat.S_IMODE(current) & mode)
    except FileNotFoundError:
        return
    except PermissionError:  # not ours: say so once, the bot still runs
        log.warning("could not restrict %s to mode %o: not owned by this account", path, mode)


def private_dir(path: Path, *, tighten_existing: bool = True) -> Path:
    """`path` as a folder only its owner may enter: created 0700 when missing (missing parents
    get the umask's mode); an existing one is tightened unless `tighten_existing` is False
    (a folder the operator chose for other things, such as a report's --out)."""
    existed = path.is_dir()
    path.mkdir(parents=True, exist_ok=True)
    if tighten_existing or not existed:
        tighten(path, PRIVATE_DIR)
    return path


def private_file(path: Path) -> None:
    """Make sure `path` exists (empty if new) with mode 0600.

    An existing file is only chmod-ed, never opened: closing any descriptor of a file drops
    every POSIX lock this process holds on it, SQLite's included, and a database connection
    that lost its lock may take itself for the last one and remove a WAL still in use."""
    with contextlib.suppress(FileExistsError):
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, PRIVATE_FILE))
    tighten(path, PRIVATE_FILE)


def private_database(path: Path) -> None:
    """The SQLite file created 0600 before SQLite opens it (SQLite gives its -wal and -shm the
    database file's mode), and side files left by an earlier, looser run tightened."""
    private_file(path)
    for suffix in SQLITE_SIDE_FILES:
        tighten(path.with_name(path.name + suffix), PRIVATE_FILE)


def open_private(path: Path, mode: str = "w", encoding: str = "utf-8",
                 errors: str | None = None) -> io.TextIOWrapper:
    """`open(path, mode)` for "w" or "a", with the file 0600 whether new or not."""
    flags = os.O_WRONLY | os.O_CREAT | (os.O_APPEND if mode.startswith("a") else os.O_TRUNC)
    fd = os.open(path, flags, PRIVATE_FILE)
    try:
        os.fchmod(fd, PRIVATE_FILE)
        return io.TextIOWrapper(io.FileIO(fd, mode), encoding=encoding, errors=errors)
    except BaseException:
        os.close(fd)
        raise


def write_private_text(path: Path, text: str) -> None:
    """Write `text` to `path` (UTF-8), the file 0600."""
    with open_private(path) as file:
        file.write(text)
