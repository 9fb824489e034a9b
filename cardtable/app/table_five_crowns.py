"""The Five Crowns table: its headline, prompts and lay-downs, registered with the
window's table registry."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..engine import Action, Card, Discard, LayDown, Meld, MeldKind, MeldRules
from ..engine import five_crowns as fc
from .describe import LogWords
from .table_desc import TableDescription
from .tables import TableEntry, register_table, rummy_scene


@dataclass(frozen=True)
class FiveCrownsTable(TableDescription):
    game_id: str = "five_crowns"

    def out_seat(self, view: Any) -> int | None:
        return view.out_seat  # type: ignore[no-any-return]

    def final_turn(self, view: Any) -> bool:
        return bool(view.final_turn)

    def rules(self, view: Any) -> MeldRules:
        return fc.meld_rules(view.round)

    def headline(self, view: Any) -> str:
        wild = fc.wild_rank(view.round).label.capitalize()
        return f"Round {view.round} of {view.rounds}  \u00b7  {wild} are wild"

    def points(self, view: Any, cards: Sequence[Card]) -> int:
        score = fc.points_function(view.round)
        return sum(score(card) for card in cards)

    def commit(self, view: Any, groups: Sequence[Sequence[Card]], discard: Card) -> Action:
        """The action for discarding ``discard`` with these staged groups.

        Going out takes every other card in the groups; groups that do not take them all
        are only the person's plan, and never block a plain discard. On a last turn,
        melds still in hand would count against the person, so a discard with nothing
        staged lays the best melds of the rest of the hand with it (FC rules: a last
        turn may lay any valid melds)."""
        staged = [card for cards in groups for card in cards]
        rest = [card for card in view.hand if card != discard]
        if view.final_turn and not staged:
            best = fc.arrange_hand(rest, view.round)
            return LayDown(best.melds, discard) if best.melds else Discard(discard)
        if not staged or (not view.final_turn and len(staged) < len(rest)):
            return Discard(discard)
        melds = []
        for cards in groups:
            made = self.group(view, cards)
            melds.append(made if isinstance(made, Meld) else Meld(MeldKind.SET, tuple(cards)))
        return LayDown(tuple(melds), discard)

    def arrangement(self, view: Any, chosen: int | None = None
                    ) -> tuple[list[list[Card]], Card | None]:
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
            if final:
                return (f"{names[view.out_seat]} went out: your last turn! Draw from the "
                        "stock or the discard pile")
            return "Your turn: draw from the stock or the discard pile"
        if final:
            return "Last turn: lay down what you can, then discard"
        return "Discard a card, or build melds above your hand to go out"


register_table(TableEntry("five_crowns", FiveCrownsTable(), rummy_scene,
                          LogWords(went_out="{name} went out! Everyone else has one last turn.")))
