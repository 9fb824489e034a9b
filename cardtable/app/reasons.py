"""One reason said once: the history that could not be read (or opened) and the games
waiting to be written to it often fail for the same reason (another program's lock);
the menu and Statistics then say it once, in one sentence, rather than twice in one
box. No pygame here.

The two sentences are made here and keep their parts (why, how many games, what
follows), so the one sentence is made from those parts in the player's language, never
by reading an English sentence back."""

from __future__ import annotations

from collections.abc import Sequence

from ..i18n import _, ngettext


class HistoryUnread(str):
    """"Your game history could not be read: {reason}." (or "opened just now"), as the
    player reads it, with its parts kept."""

    opened: bool
    """It could not be opened (at start-up), not read (Statistics)."""
    reason: str
    rest: str
    """The sentences said after it ("It was left as it is."), or ``""``."""

    def __new__(cls, reason: str, opened: bool = False, rest: str = "") -> HistoryUnread:
        if opened:
            first = _("Your game history could not be opened just now: {reason}.").format(
                reason=reason)
        else:
            first = _("Your game history could not be read: {reason}.").format(reason=reason)
        self = super().__new__(cls, " ".join(part for part in (first, rest) if part))
        self.opened, self.reason, self.rest = opened, reason, rest
        return self

    def __reduce__(self) -> tuple[object, ...]:
        return (HistoryUnread, (self.reason, self.opened, self.rest))


class GamesWaiting(str):
    """"{count} games are waiting to be written to your history: {reason}." and what
    follows, with its parts kept."""

    games: int
    """How many games wait."""
    reason: str | None
    rest: str

    def __new__(cls, count: int, reason: str | None, rest: str = "") -> GamesWaiting:
        if reason:
            first = ngettext("{count} game is waiting to be written to your history: "
                             "{reason}.",
                             "{count} games are waiting to be written to your history: "
                             "{reason}.", count).format(count=count, reason=reason)
        else:
            first = ngettext("{count} game is waiting to be written to your history.",
                             "{count} games are waiting to be written to your history.",
                             count).format(count=count)
        self = super().__new__(cls, " ".join(part for part in (first, rest) if part))
        self.games, self.reason, self.rest = count, reason, rest
        return self

    def __reduce__(self) -> tuple[object, ...]:
        return (GamesWaiting, (self.games, self.reason, self.rest))


def _together(unread: HistoryUnread, waiting: GamesWaiting) -> str:
    """The two sentences as one, their shared reason said once."""
    if unread.opened:
        first = ngettext(
            "Your game history could not be opened just now, and {count} game is waiting "
            "to be written to it: {reason}.",
            "Your game history could not be opened just now, and {count} games are "
            "waiting to be written to it: {reason}.", waiting.games)
    else:
        first = ngettext(
            "Your game history could not be read just now, and {count} game is waiting "
            "to be written to it: {reason}.",
            "Your game history could not be read just now, and {count} games are "
            "waiting to be written to it: {reason}.", waiting.games)
    said = first.format(count=waiting.games, reason=unread.reason)
    return " ".join(part for part in (said, unread.rest, waiting.rest) if part)


def said_once(parts: Sequence[str]) -> list[str]:
    """``parts`` to be said one after another, a history that could not be read and
    games waiting for the same reason made one sentence: "Your game history could not be
    read just now, and 1 game is waiting to be written to it: another program is using
    it (it is locked)." Anything else is kept as it is."""
    out = list(parts)
    for i, first in enumerate(out):
        if not isinstance(first, HistoryUnread):
            continue
        for j in range(i + 1, len(out)):
            waiting = out[j]
            if not isinstance(waiting, GamesWaiting) or waiting.reason != first.reason:
                continue
            out[i] = _together(first, waiting)
            del out[j]
            return out
    return out
