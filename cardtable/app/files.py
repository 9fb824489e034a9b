"""Reading untrusted files, atomic writes, moving damaged files aside and clearing the
leftovers of interrupted writes. Nothing here ever deletes a file but our own temporary
files.

Every file the app reads may be damaged, hand-edited or from another program: reading
one either gives plain JSON data or raises :class:`Unreadable` with a sentence a player
can read, never anything else.
"""

from __future__ import annotations

import errno
import json
import math
import os
import tempfile
import time
from pathlib import Path

from ..engine.codec import JSONValue
from ..i18n import _

MAX_FILE_BYTES = 32 * 1024 * 1024
"""Bigger than any save or settings file the app writes by far; a bigger file is not
ours, and reading it could stall the start."""
STALE_TEMP_SECONDS = 10.0
"""A temporary file of an atomic write lives for milliseconds; one older than this was
left by a write that was killed."""


class Unreadable(Exception):
    """A file that cannot be used; the message completes "the file …" for the player
    (translated where it is raised: each sentence that shows it is one message with a
    ``{problem}`` the translators are told of)."""


def read_json(path: Path) -> JSONValue:
    """The JSON data in ``path`` (UTF-8, with or without a byte-order mark).

    Raises :class:`Unreadable` for anything else: a folder, an unreadable or huge file,
    bytes that are not UTF-8, text that is not JSON, nesting too deep to decode, or the
    non-JSON numbers Python's decoder would accept (``NaN``, ``Infinity``, ``1e999``)."""
    try:
        with open(path, "rb") as stream:
            raw = stream.read(MAX_FILE_BYTES + 1)
    except IsADirectoryError:
        # Translators: this and the next few complete a sentence about a file, such as
        # "Your settings file {problem}, so defaults are used."
        raise Unreadable(_("is a folder, not a file")) from None
    except OSError as error:
        raise Unreadable(_("could not be read ({problem})").format(
            problem=error.strerror or error)) from None
    if len(raw) > MAX_FILE_BYTES:
        raise Unreadable(_("is far too big to be one of ours"))
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise Unreadable(_("is not text")) from None
    try:
        return json.loads(text, parse_constant=_no_constant, parse_float=_finite_float)
    except RecursionError:
        raise Unreadable(_("is damaged (it is nested too deeply)")) from None
    except ValueError:
        raise Unreadable(_("is damaged (it is not valid JSON)")) from None


def _no_constant(name: str) -> JSONValue:
    raise ValueError(f"{name} is not a JSON number")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"{text} is out of range")
    return value


def os_problem(error: OSError) -> str:
    """An operating-system error in words a player understands."""
    plain = {errno.EACCES: _("the folder may not be written (permission denied)"),
             errno.EPERM: _("the folder may not be written (permission denied)"),
             errno.EROFS: _("the disk is read-only"),
             errno.ENOSPC: _("the disk is full"),
             errno.EDQUOT: _("the disk quota is used up"),
             errno.ENOTDIR: _("a file stands where its folder should be"),
             errno.EISDIR: _("a folder stands where the file should be"),
             errno.ENAMETOOLONG: _("the folder's path is too long")}
    return plain.get(error.errno or 0, error.strerror or str(error))


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` so that ``path`` is always either the old file or the new one:
    a temporary file in the same folder, flushed and fsynced, then renamed over it.
    Raises OSError when the folder or the disk refuses."""
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
    """Rename a file we cannot use to a name that shows why, never over another file.
    Raises OSError when the folder cannot be written (the file then stays as it is)."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for attempt in range(1000):
        suffix = f".{label}-{stamp}" + (f"-{attempt}" if attempt else "")
        target = path.with_name(path.stem + suffix + path.suffix)
        if not target.exists():
            os.replace(path, target)
            return target
    raise OSError(f"no free name to move {path} aside")


def remove_stale_temps(path: Path, older_than: float = STALE_TEMP_SECONDS) -> int:
    """Remove the temporary files that killed atomic writes of ``path`` left behind
    (``name.*.tmp`` beside it); returns how many went. Fresh ones may belong to a write
    in progress and stay; a folder we cannot read or write is left alone."""
    removed = 0
    now = time.time()
    try:
        candidates = list(path.parent.glob(path.name + ".*.tmp"))
    except OSError:
        return 0
    for temp in candidates:
        try:
            if temp.is_file() and now - temp.stat().st_mtime > older_than:
                temp.unlink()
                removed += 1
        except OSError:
            continue
    return removed
