"""The Five Crowns table: its headline, prompts and lay-downs, registered with the
window's table registry."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..engine import Action, Card, Discard, LayDown, Meld, MeldKind, MeldRules
from ..engine import five_crowns as fc
from ..engine.cards import Rank
from ..i18n import N_, _
from .describe import LogWords
from .table_desc import TableDescription
from .tables import TableEntry, register_table, rummy_scene

WILD_SENTENCES = {
    Rank.THREE: N_("Threes are wild"), Rank.FOUR: N_("Fours are wild"),
    Rank.FIVE: N_("Fives are wild"), Rank.SIX: N_("Sixes are wild"),
    Rank.SEVEN: N_("Sevens are wild"), Rank.EIGHT: N_("Eights are wild"),
    Rank.NINE: N_("Nines are wild"), Rank.TEN: N_("Tens are wild"),
    Rank.JACK: N_("Jacks are wild"), Rank.QUEEN: N_("Queens are wild"),
    Rank.KING: N_("Kings are wild"),
}
"""The round's wild rank, as the headline says it (one whole sentence per rank)."""


@dataclass(frozen=True)
class FiveCrownsTable(TableDescription[fc.FiveCrownsView]):
    game_id: str = "five_crowns"

    def out_seat(self, view: fc.FiveCrownsView) -> int | None:
        return view.out_seat

    def final_turn(self, view: fc.FiveCrownsView) -> bool:
        return bool(view.final_turn)

    def rules(self, view: fc.FiveCrownsView) -> MeldRules:
        return fc.meld_rules(view.round)

    def headline(self, view: fc.FiveCrownsView) -> str:
        # Two sentences, each a part of the headline (the panel splits on the dot).
        return _("Round {number} of {total}").format(number=view.round, total=view.rounds) \
            + "  \u00b7  " + _(WILD_SENTENCES[fc.wild_rank(view.round)])

    def points(self, view: fc.FiveCrownsView, cards: Sequence[Card]) -> int:
        score = fc.points_function(view.round)
        return sum(score(card) for card in cards)

    def commit(self, view: fc.FiveCrownsView, groups: Sequence[Sequence[Card]],
               discard: Card) -> Action:
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

    def arrangement(self, view: fc.FiveCrownsView, chosen: int | None = None
                    ) -> tuple[list[list[Card]], Card | None]:
        """The engine's best lay-down for the hand: groups and the card to discard."""
        best = fc.arrange_hand(view.hand, view.round, discard=True)
        return [list(meld.cards) for meld in best.melds], best.discard

    def prompt(self, view: fc.FiveCrownsView, names: Sequence[str], human: int) -> str:
        if view.phase is fc.Phase.GAME_OVER:
            return _("The game is over.")
        mover = names[view.current]
        out = view.out_seat
        if view.current != human:
            if out is not None:
                return _("{name} went out \u2014 last turns. {player} to play").format(
                    name=names[out], player=mover)
            return _("{player} to play").format(player=mover)
        if view.phase is fc.Phase.DRAW:
            if out is not None:
                return _("{name} went out: your last turn! Draw from the stock or the "
                         "discard pile").format(name=names[out])
            return _("Your turn: draw from the stock or the discard pile")
        if out is not None:
            return _("Last turn: lay down what you can, then discard")
        return _("Discard a card, or build melds above your hand to go out")


register_table(TableEntry("five_crowns", fc.FiveCrownsView, FiveCrownsTable(), rummy_scene,
                          LogWords(went_out=N_("{name} went out! Everyone else has one last "
                                               "turn."))))
