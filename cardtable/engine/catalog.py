"""The games the table offers, for menus and the command line, in menu order.

Each game registers itself (``variant.register``) with its own metadata; this is only a
view of that registry, so adding a game never touches this module.

Standard library only.
"""

from __future__ import annotations

from dataclasses import dataclass

from .variant import variants


@dataclass(frozen=True, slots=True)
class GameInfo:
    id: str
    title: str
    seat_counts: range
    options_type: type
    short_title: str
    """The name on a tab or a picker, where the whole title does not fit."""


def catalog() -> tuple[GameInfo, ...]:
    """Every registered game, in menu order."""
    ordered = sorted(variants(), key=lambda v: (v.menu_order, v.title))
    return tuple(GameInfo(v.id, v.title, v.seat_counts, v.options_type,
                          v.short_title or v.title) for v in ordered)
