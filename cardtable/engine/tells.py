"""What each seat of a draw-and-discard game did in public this round: its tells.

At a real table everyone sees which cards a player threw and which top discards he let
go (drew from the stock instead; in Shanghai, passed a May I or buy chance, or let a
buyer have the card): a player who throws sevens is not collecting sevens, one who
passes up three hearts is not building in hearts. The cards a seat took from the pile
are its ``known`` cards already. Every seat's view holds every seat's tells, and a
search reads hands by them (``cardtable.ai.reading``).

A card in a tell was face up when it was told. When the stock is rebuilt from the
discard pile those cards are hidden again (shuffled into the stock, drawn unseen), so
they leave the tells: a view never names a card that is now hidden, and what they said
is old news by then. Tells start empty each round.

Standard library only.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from .cards import Card
from .codec import serializable

Cards = tuple[Card, ...]


@serializable
@dataclass(frozen=True, slots=True)
class Tells:
    """Per seat, in the order done this round: the cards it threw and the top discards it
    let go. Empty (``()``) in a state from a file written before tells were kept: read
    them through :meth:`thrown_by` and :meth:`passed_by`."""

    thrown: tuple[Cards, ...] = ()
    """Per seat, the cards it discarded this round."""
    passed: tuple[Cards, ...] = ()
    """Per seat, the top discards it could have taken this round and let go."""

    @classmethod
    def fresh(cls, seats: int) -> Tells:
        """No tells yet: a round's start."""
        empty: tuple[Cards, ...] = tuple(() for _ in range(seats))
        return cls(empty, empty)

    def thrown_by(self, seat: int) -> Cards:
        return self.thrown[seat] if seat < len(self.thrown) else ()

    def last_thrown(self, seat: int) -> Card | None:
        """The card ``seat`` threw at its last turn this round (None: none yet)."""
        thrown = self.thrown_by(seat)
        return thrown[-1] if thrown else None

    def passed_by(self, seat: int) -> Cards:
        return self.passed[seat] if seat < len(self.passed) else ()

    def threw(self, seat: int, card: Card) -> Tells:
        """With ``card`` discarded by ``seat``."""
        return Tells(_added(self.thrown, seat, card), self.passed)

    def passed_up(self, seat: int, card: Card) -> Tells:
        """With ``card``, the top discard, let go by ``seat``."""
        return Tells(self.thrown, _added(self.passed, seat, card))

    def without(self, cards: Collection[Card]) -> Tells:
        """Less these cards (shuffled back into the stock: hidden again)."""
        if not cards:
            return self
        gone = set(cards)
        return Tells(*(tuple(tuple([c for c in row if c not in gone]) for row in rows)
                       for rows in (self.thrown, self.passed)))


def _added(rows: tuple[Cards, ...], seat: int, card: Card) -> tuple[Cards, ...]:
    if seat >= len(rows):  # a state from an older file: no rows yet
        rows = rows + tuple(() for _ in range(seat + 1 - len(rows)))
    return rows[:seat] + (rows[seat] + (card,),) + rows[seat + 1:]


NO_TELLS = Tells()
"""The default of a state or view from a file written before tells were kept."""
