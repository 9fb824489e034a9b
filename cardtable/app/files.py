"""Atomic file writes and moving damaged files aside. Nothing here ever deletes a file."""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` so that ``path`` is always either the old file or the new one:
    a temporary file in the same folder, flushed and fsynced, then renamed over it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temp, path)
    except BaseException:
        try:
            os.unlink(temp)
        except OSError:
            pass
        raise


def move_aside(path: Path, label: str) -> Path:
    """Rename a file we cannot use to a name that shows why, never over another file."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for attempt in range(1000):
        suffix = f".{label}-{stamp}" + (f"-{attempt}" if attempt else "")
        target = path.with_name(path.stem + suffix + path.suffix)
        if not target.exists():
            os.replace(path, target)
            return target
    raise OSError(f"no free name to move {path} aside")
