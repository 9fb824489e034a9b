"""One reason said once: the history that could not be read (or opened) and the games
waiting to be written to it often fail for the same reason (another program's lock);
the menu and Statistics then say it once, in one sentence, rather than twice in one
box. No pygame here."""

from __future__ import annotations

import re
from collections.abc import Sequence

_UNREAD = re.compile(r"Your game history could not be (read|opened)(?: just now)?: "
                     r"(?P<reason>[^.]+)\.(?P<rest>.*)", re.DOTALL)
"""The history could not be read (Statistics) or opened (at start-up), and why."""
_WAITING = re.compile(r"(?P<count>\d+ games? (?:is|are) waiting to be written) to your "
                      r"history: (?P<reason>[^.]+)\.(?P<rest>.*)", re.DOTALL)
"""Games waiting to be written to the history, and why (the recorder's sentence)."""


def said_once(parts: Sequence[str]) -> list[str]:
    """``parts`` to be said one after another, a history that could not be read and
    games waiting for the same reason made one sentence: "Your game history could not be
    read just now, and 1 game is waiting to be written to it: another program is using
    it (it is locked)." Anything else is kept as it is."""
    out = list(parts)
    for i, first in enumerate(out):
        unread = _UNREAD.fullmatch(first)
        if unread is None:
            continue
        for j in range(i + 1, len(out)):
            waiting = _WAITING.fullmatch(out[j])
            if waiting is None or waiting["reason"] != unread["reason"]:
                continue
            out[i] = (f"Your game history could not be {unread[1]} just now, and "
                      f"{waiting['count']} to it: {unread['reason']}."
                      f"{unread['rest']}{waiting['rest']}")
            del out[j]
            return out
    return out
