"""The table description of both Shanghai games: contract, calls, lay-offs, wild moves.

Translates gestures into engine actions and engine state into words; every rule stays
in the engine (``cardtable.engine.shanghai``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..ai.call_need import call_could_help
from ..engine import (
    Action,
    AnswerBuy,
    Call,
    CallShanghai,
    Card,
    Discard,
    Draw,
    Exchange,
    GoDown,
    LayOff,
    Meld,
    MeldKind,
    MeldRules,
    Pile,
    ReplaceWild,
)
from ..engine.contract_search import best_go_down
from ..engine.contracts import lay_contract
from ..engine.events import RoundScored
from ..engine.shanghai_checks import layoff_problem
from ..engine.shanghai_rules import ROUNDS, Phase, ShanghaiView, contract_rules, penalty
from ..i18n import N_, _, card_name, ngettext, pgettext, text
from .input_grammar import Command
from .spoken import listed
from .table_desc import TableDescription
from .tables import TableEntry, register_table, rummy_scene


@dataclass(frozen=True)
class ShanghaiTable(TableDescription[ShanghaiView]):
    buttons: tuple[tuple[str, Command, bool], ...] = (
        (N_("Sort by suit  [S]"), Command.SORT_SUIT, False),
        (N_("Sort by rank  [R]"), Command.SORT_RANK, False),
        (N_("Arrange for me  [A]"), Command.ARRANGE, False),
        (N_("Go down  [G]"), Command.GO_DOWN, True),
        (N_("Take back  [B]"), Command.TAKE_BACK, False),
        (N_("Hint  [H]"), Command.HINT, False), (N_("Menu  [Esc]"), Command.PAUSE, False))

    def discard_to_meld(self, view: ShanghaiView, seat: int, index: int, at_start: bool
                        ) -> Action | None:
        return CallShanghai(seat, index, at_start)

    def is_down(self, view: ShanghaiView, seat: int) -> bool:
        return bool(view.down[seat])

    def played_this_turn(self, view: ShanghaiView) -> bool:
        return bool(view.played)

    @property
    def may_i(self) -> bool:
        return self.game_id == "shanghai_may_i"

    def rules(self, view: ShanghaiView) -> MeldRules:
        return contract_rules(self.may_i, False).melds

    def headline(self, view: ShanghaiView) -> str:
        # No break inside the contract's words ("run of 4" must not leave the 4 alone).
        contract = text(view.contract.describe()).replace(" ", "\u00a0")
        return _("Round {number} of {total}").format(number=view.round, total=ROUNDS) \
            + "  \u00b7  " + _("Contract: {contract}").format(contract=contract)

    def points(self, view: ShanghaiView, cards: Sequence[Card]) -> int:
        return sum(penalty(card, self.may_i) for card in cards)

    def commit(self, view: ShanghaiView, groups: Sequence[Sequence[Card]], discard: Card) -> Action:
        return Discard(discard)

    def go_down(self, view: ShanghaiView, groups: Sequence[Sequence[Card]],
                chosen: int | None = None) -> Action | None:
        laid = lay_contract(groups, view.contract, view.crules)
        if not isinstance(laid, str):
            return GoDown(laid)
        melds = []  # no laying works: send the groups as built, for the engine's reason
        for cards in groups:
            made = self.group(view, cards)
            melds.append(made if isinstance(made, Meld) else Meld(MeldKind.SET, tuple(cards)))
        return GoDown(tuple(melds))

    def build_status(self, view: ShanghaiView, groups: Sequence[Sequence[Card]],
                     chosen: int | None = None) -> tuple[str, bool | None] | None:
        """Groups each fine on their own can still miss the contract (two sets where a
        set and a run are due): the side panel says so, in the words Go down uses."""
        if not groups or view.down[view.seat] or \
                not all(self.group_label(view, cards)[1] for cards in groups):
            return None
        reason = self.go_down_problem(view, groups)
        if reason is None:
            return (_("Ready to go down: {contract}").format(
                contract=text(view.contract.describe())), True)
        return (reason[0].upper() + reason[1:], False)

    def go_down_problem(self, view: ShanghaiView, groups: Sequence[Sequence[Card]]) -> str | None:
        """The real reason (a mixed-suit run, two sets where a set and a run are due),
        found by trying every way of laying the groups, as Go down itself does."""
        laid = lay_contract(groups, view.contract, view.crules)
        return text(laid) if isinstance(laid, str) else None

    def arrangement(self, view: ShanghaiView, chosen: int | None = None
                    ) -> tuple[list[list[Card]], Card | None]:
        if view.down[view.seat]:
            return [], None
        melds = best_go_down(view.hand, view.contract, view.crules,
                             lambda c: penalty(c, self.may_i))
        return ([list(m.cards) for m in melds] if melds else []), None

    def meld_drop(self, view: ShanghaiView, cards: Sequence[Card], owner: int, index: int,
                  at_start: bool, on_card: Card | None) -> Action | None:
        meld = view.melds[owner][index]
        rules = self.rules(view)
        if len(cards) == 1 and on_card is not None and rules.is_wild(on_card) \
                and not rules.is_wild(cards[0]):
            if self.may_i:
                return Exchange(owner, index, cards[0], on_card)
            for dest_owner, melds in enumerate(view.melds):  # the freed wild's new home
                for dest_index, dest in enumerate(melds):
                    if (dest_owner, dest_index) == (owner, index):
                        continue
                    for start in (False, True):
                        if layoff_problem(dest, (on_card,), start, rules) is None:
                            return ReplaceWild(owner, index, cards[0], on_card, dest_owner,
                                               dest_index, start)
            return ReplaceWild(owner, index, cards[0], on_card, owner, index, False)
        if meld.kind is MeldKind.SET:
            at_start = False
        return LayOff(owner, index, tuple(cards), at_start)

    def unasked_call(self, view: ShanghaiView) -> bool:
        return view.phase is Phase.CALLS and view.seat in view.awaiting and \
            not call_could_help(view)

    def calls(self, view: ShanghaiView, names: Sequence[str], human: int,
              ask_always: bool = True) -> tuple[str, list[tuple[str, Action | None]]] | None:
        if human not in view.awaiting:
            return None
        top = view.discard_pile[-1] if view.discard_pile else None
        # Translators: the discard pile's top card, when there is none to name
        card = card_name(top) if top else _("the card")
        # Translators: a call in Shanghai with May I (an answer's button)
        may_i = _("May I!")
        passing = (pgettext("answer", "Pass"), Call("pass"))
        if view.phase is Phase.CALLS and not ask_always and self.unasked_call(view):
            # Not a question: the call stays open while the others answer, no more.
            if self.may_i:
                return (_("{card} looks of no use to your hand: you pass unless you call "
                          "May I now.").format(card=card), [(may_i, Call("may i"))])
            return (_("{card} looks of no use to your hand: you pass unless you buy it "
                      "now.").format(card=card), [(pgettext("answer", "Buy"), Call("buy"))])
        if view.phase is Phase.CALLS:
            left = view.calls_allowed - view.calls_used[human]
            if self.may_i:
                return (ngettext("{card} is up for {name}. Call May I? ({count} left)",
                                 "{card} is up for {name}. Call May I? ({count} left)",
                                 left).format(card=card, name=names[view.current], count=left),
                        [(may_i, Call("may i")), passing])
            return (ngettext("Buy {card} before {name} draws? ({count} buy left)",
                             "Buy {card} before {name} draws? ({count} buys left)",
                             left).format(card=card, name=names[view.current], count=left),
                    [(pgettext("answer", "Buy"), Call("buy")), passing])
        if view.phase is Phase.BUY_ANSWER:
            order = [(view.current + k) % view.seats for k in range(1, view.seats)]
            buyer, *others = [s for s in order if s in view.requests]
            if others:
                asked = _("{name} wants to buy {card} (asked ahead of {others}: nearer to "
                          "your left): let it go, or refuse and take it?").format(
                    name=names[buyer], card=card, others=listed([names[s] for s in others]))
            else:
                asked = _("{name} wants to buy {card}: let it go, or refuse and take "
                          "it?").format(name=names[buyer], card=card)
            return (asked, [(_("Refuse: take it"), AnswerBuy(False)),
                            (_("Let it go"), AnswerBuy(True))])
        if view.phase is Phase.SHANGHAI:
            calls = [a for a in view.legal if isinstance(a, CallShanghai)]
            if view.discarder is not None:
                said = _("{name} discarded {card}, which fits the table!").format(
                    name=names[view.discarder], card=card)
            else:
                said = _("The discarder discarded {card}, which fits the table!").format(
                    card=card)
            if len(calls) > 1:
                said += " " + _("Drag it onto the meld of your choice, or:")
            # Translators: the call in Shanghai with buying (an answer's button)
            return (said, [(_("Shanghai!"), calls[0]), passing] if calls else [passing])
        if view.phase is Phase.DRAW and view.requests and view.exposed and self.may_i:
            callers = listed([names[s] for s in view.requests])
            return (_("{names} called May I for {card}: take it, or let it go?").format(
                names=callers, card=card),
                    [(_("Take it"), Draw(Pile.DISCARD)), (_("Let it go"), Draw(Pile.STOCK))])
        return None

    def declines(self, view: ShanghaiView, action: Action | None) -> bool:
        """Passing, letting a bought card go, and drawing from the stock instead of the
        card called for are the declining answers (``N``)."""
        return action is None or action in (Call("pass"), AnswerBuy(True), Draw(Pile.STOCK))

    def prompt(self, view: ShanghaiView, names: Sequence[str], human: int) -> str:
        if view.phase is Phase.GAME_OVER:
            return _("The game is over.")
        if human not in view.awaiting:
            waiting = [names[s] for s in view.awaiting]
            if view.phase in (Phase.CALLS, Phase.SHANGHAI):
                return _("Waiting for calls: {names}").format(names=", ".join(waiting))
            return _("{player} to play").format(player=names[view.current])
        if view.phase is Phase.DRAW:
            return _("Your turn: draw from the stock or the discard pile")
        if view.phase is Phase.PLAY:
            if not view.down[human]:
                return _("Build the contract above your hand and Go down, then discard")
            if not self.may_i and len(view.hand) == 1 and view.took_discard:
                # RULES §5: no going out on a turn the discard was taken, and the last
                # card may not be discarded: only taking back a play leaves a discard.
                return _("You took the discard, so you may not go out this turn: take back "
                         "[B] to keep a card you can discard")
            if not self.may_i and len(view.hand) == 1:
                return _("Play your last card onto the table, or take back")
            return _("Add cards to any meld, then discard")
        return _("Your call")

    def seat_note(self, view: ShanghaiView, seat: int) -> str:
        """Down or not, the May I / buys the seat has left this round, and in May I the
        penalty total (the fewest penalty points win a bonus at the end)."""
        left = view.calls_allowed - view.calls_used[seat]
        calls = ngettext("{count} May I left", "{count} May I left", left) if self.may_i \
            else ngettext("{count} buy left", "{count} buys left", left)
        parts = [_down_word(view.down[seat]), calls.format(count=left)]
        if self.may_i:
            parts.append(_("penalty {points}").format(points=view.penalties[seat]))
        return "  \u00b7  ".join(parts)

    def seat_notes(self, view: ShanghaiView, seat: int) -> tuple[str, ...]:
        """Shorter where a panel is narrow: the calls left as "May I ×3" (or "buys
        ×2"), then without whether the seat is down (its melds on the felt say so)."""
        left = view.calls_allowed - view.calls_used[seat]
        # Translators: the calls a seat has left, where a panel is narrow ("May I ×3")
        calls = (_("May I \u00d7{count}") if self.may_i else _("buys \u00d7{count}")).format(
            count=left)
        penalty = [_("penalty {points}").format(points=view.penalties[seat])] \
            if self.may_i else []
        down = [_down_word(view.down[seat])]
        return (self.seat_note(view, seat),
                "  \u00b7  ".join([*down, calls, *penalty]),
                "  \u00b7  ".join([calls, *penalty]))

    def score(self, view: ShanghaiView, seat: int) -> int:
        if not self.may_i:
            return int(view.penalties[seat])
        return int(view.earned[seat]) + (view.bonus[seat] if view.bonus else 0)

    def round_columns(self, view: ShanghaiView, event: RoundScored
                      ) -> list[tuple[str, tuple[int, ...]]]:
        if not self.may_i:
            return [(_("this round"), event.points), (_("total"), event.totals)]
        return [(_("penalty"), event.points),
                (_("earned"), view.round_earned[event.round - 1]), (_("score"), event.totals)]

    def total_cell(self, view: ShanghaiView, seat: int) -> str:
        if not self.may_i:
            return str(view.penalties[seat])
        bonus = view.bonus[seat] if view.bonus else 0
        score, penalty = self.score(view, seat), view.penalties[seat]
        if bonus:
            # Translators: a total on the May I score sheet; "pen." is the penalty points
            return _("{score}  (pen. {penalty}, +{bonus} bonus)").format(
                score=score, penalty=penalty, bonus=bonus)
        return _("{score}  (pen. {penalty})").format(score=score, penalty=penalty)

    def sheet_cell(self, view: ShanghaiView, round_index: int, seat: int) -> str:
        points = view.round_points[round_index][seat]
        if not self.may_i:
            return str(points)
        earned = view.round_earned[round_index][seat]
        return f"{points} / +{earned}" if earned else str(points)


def _down_word(down: bool) -> str:
    """Whether a seat has laid its contract, in a seat's note."""
    return _("down \u2713") if down else _("not down")


register_table(TableEntry("shanghai_may_i", ShanghaiView, ShanghaiTable("shanghai_may_i"),
                          rummy_scene))
register_table(TableEntry("shanghai_buy", ShanghaiView, ShanghaiTable("shanghai_buy"),
                          rummy_scene))
