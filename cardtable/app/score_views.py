"""What the score sheet of a rummy table reads from a game's view, for games whose view
keeps the plain fields: each round's points, each seat's running total. A game
without them says in its table description how its sheet reads.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from ..engine.rummy import RummyView


@runtime_checkable
class RoundsView(Protocol):
    """A view with each round's points on a plain score sheet (Five Crowns, Shanghai;
    a game without says how its sheet reads)."""

    @property
    def round_points(self) -> tuple[tuple[int, ...], ...]: ...


@runtime_checkable
class TotalsView(Protocol):
    """A view with each seat's running total (a game without says how it scores)."""

    @property
    def totals(self) -> tuple[int, ...]: ...


def rounds_of(view: RummyView) -> RoundsView:
    if not isinstance(view, RoundsView):
        raise TypeError(f"{type(view).__name__} has no round points: its table must say "
                        "how its score sheet reads")
    return view


def totals_of(view: RummyView) -> TotalsView:
    if not isinstance(view, TotalsView):
        raise TypeError(f"{type(view).__name__} has no running totals: its table must "
                        "say how it scores")
    return view
