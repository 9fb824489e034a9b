"""Per-game table descriptions: what one table scene needs to know about each game.

The table scene is shared by every game; a description says which zones the game uses,
what the header says, how a staged lay-down becomes an action, and which engine helpers
build or check melds. Rules stay in the engine: these only translate.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..engine import Action, Card, Discard, LayDown, Meld, MeldKind, MeldRules, catalog
from ..engine import five_crowns as fc
from ..engine.melds import as_meld


@dataclass(frozen=True)
class FiveCrownsTable:
    game_id: str = "five_crowns"
    meld_building: bool = True

    def rules(self, view: Any) -> MeldRules:
        return fc.meld_rules(view.round)

    def headline(self, view: Any) -> str:
        wild = fc.wild_rank(view.round).label.capitalize()
        return f"Round {view.round} of {view.rounds}  \u00b7  {wild} are wild"

    def is_wild(self, view: Any, card: Card) -> bool:
        return self.rules(view).is_wild(card)

    def points(self, view: Any, cards: Sequence[Card]) -> int:
        score = fc.points_function(view.round)
        return sum(score(card) for card in cards)

    def group(self, view: Any, cards: Sequence[Card]) -> Meld | str:
        return as_meld(cards, self.rules(view))

    def commit(self, view: Any, groups: Sequence[Sequence[Card]], discard: Card) -> Action:
        """The action for discarding ``discard`` with these staged groups."""
        melds = []
        for cards in groups:
            made = self.group(view, cards)
            melds.append(made if isinstance(made, Meld) else Meld(MeldKind.SET, tuple(cards)))
        return LayDown(tuple(melds), discard) if melds else Discard(discard)

    def arrangement(self, view: Any) -> tuple[list[list[Card]], Card | None]:
        """The engine's best lay-down for the hand: groups and the card to discard."""
        best = fc.arrange_hand(view.hand, view.round, discard=True)
        return [list(meld.cards) for meld in best.melds], best.discard

    def prompt(self, view: Any, names: Sequence[str], human: int) -> str:
        if view.phase is fc.Phase.GAME_OVER:
            return "The game is over."
        mover = names[view.current]
        final = view.out_seat is not None
        if view.current != human:
            lead = f"{names[view.out_seat]} went out \u2014 last turns. " if final else ""
            return f"{lead}{mover} to play"
        if view.phase is fc.Phase.DRAW:
            lead = f"{names[view.out_seat]} went out: your last turn! " if final else "Your turn: "
            return lead + "draw from the stock or the discard pile"
        if final:
            return "Last turn: lay down what you can, then discard"
        return "Discard a card, or build melds above your hand to go out"


DESCRIPTIONS = {"five_crowns": FiveCrownsTable()}


def playable(game_id: str) -> bool:
    """A game can be played at the table once its rules and its table description exist."""
    return game_id in DESCRIPTIONS and any(info.id == game_id and info.built
                                           for info in catalog())


def describe_table(game_id: str) -> FiveCrownsTable:
    return DESCRIPTIONS[game_id]
