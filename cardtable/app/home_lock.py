"""One window per home: while the app runs it holds a lock on a file in its data folder,
so a second start on the same home says so and leaves the saves and the history to the
first (two windows would write over each other's game, and the second would mark the
first one's game abandoned in the history).

The lock is the operating system's (``fcntl.flock`` on POSIX, ``msvcrt.locking`` on
Windows) on an open file: it ends with the process however the process ends, so a crash
or a kill -9 never leaves a stale lock to clear by hand. The file stays, empty (removing
it would let two starts lock two different files). No library: these two calls are the
whole of it. ``--self-test`` plays in a folder of its own and takes no lock.
"""

from __future__ import annotations

import errno
import logging
import os
import sys
from pathlib import Path

from ..i18n import N_

log = logging.getLogger(__name__)

LOCK_NAME = "cardtable.lock"
ALREADY_OPEN = N_("cardtable is already open on this computer for these saved games; "
                  "switch to that window (two would write over each other's games)")
"""For the player (``_()`` where it is said)."""


class HomeLock:
    """A held lock, released by :meth:`release` or by the end of the process."""

    def __init__(self, fd: int | None) -> None:
        self._fd = fd
        """``None``: the folder cannot hold a lock file, so nothing can be saved there
        either, and there is nothing for a second window to write over."""

    def release(self) -> None:
        if self._fd is not None:
            os.close(self._fd)  # closing the file ends the lock
            self._fd = None


def lock_home(folder: Path) -> HomeLock | None:
    """Hold the lock of this data folder; ``None`` when another cardtable holds it."""
    path = folder / LOCK_NAME
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as error:
        try:  # a folder that cannot be written may still hold the file to lock
            fd = os.open(path, os.O_RDONLY)
        except OSError:
            log.warning("no lock file in %s (%s): nothing can be saved there", folder, error)
            return HomeLock(None)
    if not _try_lock(fd):
        os.close(fd)
        return None
    return HomeLock(fd)


def _try_lock(fd: int) -> bool:
    """Lock the file without waiting: False when another process holds it."""
    if sys.platform == "win32":
        import msvcrt

        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
    import fcntl

    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as error:
        if error.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
            return False
        # A file system without locks (ENOLCK): run as before rather than not at all.
        log.warning("the data folder cannot be locked: %s", error)
    return True
