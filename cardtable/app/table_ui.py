"""What a save keeps of the table itself, beside the engine record: the person's hand
order, the groups being built, the move log and the round summary on screen.

It comes from an untrusted file, so it is parsed into plain data and checked against the
replayed game before the first frame: every card must be in the person's hand, the log
must be text a font can draw, and a summary must be the very round score the moves
produced. A table state that fails is reported like any other damage, so nothing the
table later draws or indexes can be out of step with the game.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from ..engine import Card, CodecError, EngineError, to_json
from ..engine.codec import JSONObject, from_json, matches_saved
from ..engine.events import RoundScored
from ..i18n import _

LOG_KEPT = 60
"""Log lines a save keeps (the table shows the last few)."""
MAX_TEXT = 300
"""Longest log line or name kept; ours are far shorter."""


class TableUIError(ValueError):
    """The table part of a save does not fit its game; the message says what."""


@dataclass(frozen=True)
class TableUI:
    scene: str = "table"
    """``"table"``, or ``"summary"``: the round summary was open."""
    hand_order: tuple[Card, ...] = ()
    groups: tuple[tuple[Card, ...], ...] = ()
    log: tuple[str, ...] = ()
    summary: RoundScored | None = None

    def to_json(self) -> JSONObject:
        data: JSONObject = {
            "scene": self.scene,
            "hand_order": [card.code for card in self.hand_order],
            "groups": [[card.code for card in group] for group in self.groups],
            "log": list(self.log[-LOG_KEPT:]),
        }
        if self.summary is not None:
            data["summary"] = to_json(self.summary)
        return data


def text_problem(text: object) -> str | None:
    """Why ``text`` cannot be shown as a name or log line, or ``None``: it must be a
    string of printable characters (no NUL or other control characters, no lone
    surrogates, which no font can draw and UTF-8 cannot write)."""
    if not isinstance(text, str):
        # Translators: what is wrong with a name or a log line in a damaged save; it
        # follows its subject ("a seat's name is not text")
        return _("is not text")
    if len(text) > MAX_TEXT:
        # Translators: follows its subject ("a seat's name is too long")
        return _("is too long")
    for char in text:
        if unicodedata.category(char) in ("Cc", "Cs", "Cn", "Co"):
            # Translators: follows its subject ("a seat's name holds a character…")
            return _("holds a character that cannot be shown (U+{code})").format(
                code=f"{ord(char):04X}")
    return None


def parse_table_ui(raw: object, hand: Sequence[Card], last_scored: RoundScored | None,
                   human: int, older: bool = False) -> TableUI:
    """The table state of a save, checked against the replayed game: ``hand`` is the
    person's hand now, ``last_scored`` the last round score the moves produced; a save
    of an ``older`` format may lack the score's fields added since."""
    if raw is None:
        return TableUI()
    if not isinstance(raw, dict):
        raise TableUIError(_("its table state is not a table of values"))
    scene = raw.get("scene", "table")
    if scene not in ("table", "summary"):
        raise TableUIError(_("its table shows an unknown screen ({value})").format(
            value=short_repr(scene)))
    held = set(hand)
    order = _cards(raw.get("hand_order", []), _HAND_ORDER)
    if len(set(order)) != len(order) or not set(order) <= held:
        raise TableUIError(_("its hand order holds cards that are not in your hand"))
    raw_groups = raw.get("groups", [])
    if not isinstance(raw_groups, list):
        raise TableUIError(_("its groups being built are not a list"))
    groups = tuple(_cards(group, _GROUP) for group in raw_groups)
    staged = [card for group in groups for card in group]
    if len(set(staged)) != len(staged) or not set(staged) <= held or not all(groups):
        raise TableUIError(_("its groups being built hold cards that are not in your hand"))
    log = raw.get("log", [])
    if not isinstance(log, list):
        raise TableUIError(_("its move log is not a list of lines"))
    for line in log:
        reason = text_problem(line)
        if reason is not None:
            raise TableUIError(_("a line of its move log {reason}").format(reason=reason))
    summary = None
    if scene == "summary":
        # The summary must be the round score the moves produced (in a save of an older
        # format, a field added to the event since is no mismatch). The table shows the
        # one the moves produced, with every field, so a later save of it is whole.
        shown = last_scored.redacted_for(human) if last_scored is not None else None
        if not isinstance(shown, RoundScored) or not matches_saved(
                raw.get("summary"), to_json(shown), older):
            raise TableUIError(_("its round summary does not match its moves"))
        summary = shown
    return TableUI(scene, order, groups, tuple(log[-LOG_KEPT:]), summary)


_HAND_ORDER, _GROUP = "hand order", "group being built"
"""Which list of cards a save's table state holds (each has its own sentences)."""


def _cards(raw: object, what: str) -> tuple[Card, ...]:
    if not isinstance(raw, list):
        raise TableUIError(_("its hand order is not a list of cards") if what == _HAND_ORDER
                           else _("its group being built is not a list of cards"))
    try:
        return tuple(from_json(Card, code) for code in raw)
    except (CodecError, EngineError) as error:
        said = _("its hand order holds something that is not a card ({error})") \
            if what == _HAND_ORDER \
            else _("its group being built holds something that is not a card ({error})")
        raise TableUIError(said.format(error=error)) from None


def short_repr(value: object) -> str:
    """A value as a message may quote it: its repr, cut to 40 characters."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
