"""A finished game's memory handed back when the game leaves the table: the drawing
caches it filled, then the freed pages themselves.

Card faces, lines of text, panel layers and fonts are cached so that a frame draws
fast; a game fills them with its own deck, card sizes, words and type sizes (tens of
MiB at a large window), most of which the menu and the next game never show. Letting
them go is not enough on its own: CPython and SDL allocate through the C library, and
glibc keeps freed memory in its heaps for later rather than giving it back, so the
window's resident memory would stay where the game left it. ``malloc_trim`` hands the
free pages back (a few milliseconds, once a game). Where there is no such call (macOS,
Windows, musl), the caches are let go and the allocator reuses the memory.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import functools
import logging
import sys
from collections.abc import Callable

from . import cardart, theme

log = logging.getLogger(__name__)


def release_game() -> None:
    """Let go of what only the game that left the table needed."""
    cardart.forget_faces()
    theme.forget_rendered()
    trim = _malloc_trim()
    if trim is not None:
        trim(0)


@functools.cache
def _malloc_trim() -> Callable[[int], int] | None:
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        trim = libc.malloc_trim
    except (OSError, AttributeError):  # no glibc (musl has no malloc_trim)
        log.debug("no malloc_trim here: freed memory stays with the allocator")
        return None
    trim.argtypes = [ctypes.c_size_t]
    trim.restype = ctypes.c_int
    return trim
