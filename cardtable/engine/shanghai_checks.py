"""What may be done in the Shanghai games: every refusal with its reason, and the list of
legal actions (a mixin of the Shanghai engine, kept apart so each module has one job).

Standard library only.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import Any

from .actions import (
    ALLOW_BUY,
    CALL_BUY,
    CALL_MAY_I,
    CALL_PASS,
    REFUSE_BUY,
    Action,
    AnswerBuy,
    Call,
    CallShanghai,
    Discard,
    Draw,
    Exchange,
    GoDown,
    LayOff,
    Pile,
    ReplaceWild,
    TakeBack,
    discards_of,
    one_per_face,
)
from .cards import Card, Rank, Suit
from .contract_search import remembered_go_down
from .contracts import Contract, ContractRules, contract_problem
from .melds import Meld, MeldKind, MeldRules, meld_problem, run_positions
from .memo import IdentityMemo
from .rummy import DRAW_CHOICES
from .shanghai_rules import CONTRACTS, Phase, ShanghaiState, points_function
from .text import msg

_MAY_I_CALLS: tuple[Action, ...] = (CALL_MAY_I, CALL_PASS)
_BUY_CALLS: tuple[Action, ...] = (CALL_BUY, CALL_PASS)
_BUY_ANSWERS: tuple[Action, ...] = (ALLOW_BUY, REFUSE_BUY)


def going_out_problem(may_i: bool, took_discard: bool, playing: int,
                      hand_size: int) -> str | None:
    """Buying: a player may not go out on a turn they took the discard."""
    if playing >= hand_size and not may_i and took_discard:
        return msg("you may not go out on a turn you took the discard")
    return None


def go_down_offers(hand: tuple[Card, ...], contract: Contract, crules: ContractRules,
                   may_i: bool, *, best: bool) -> list[tuple[Meld, ...]]:
    """The go-downs to offer for a hand: the best (or, with ``best`` false, the first
    found, which proves the contract as well and sooner), then, when buying and it
    leaves fewer than two cards, forms that keep cards back: the last card may not be
    discarded, and a player who took the discard may not go out this turn. A meld that
    can spare a card at an end keeps one back; the contract at its least size (each
    meld cut to its least) keeps back the most, so when any go-down leaves a card in
    hand, that one does."""
    melds = remembered_go_down(hand, contract, crules, points_function(may_i),
                               first_found=not best)
    if melds is None:
        return []
    offers = [melds]
    laid = sum(len(meld.cards) for meld in melds)
    if may_i or len(hand) - laid > 1:
        return offers
    for index, meld in enumerate(melds):
        for trimmed in (meld.cards[1:], meld.cards[:-1]):
            smaller = Meld(meld.kind, trimmed)
            if meld_problem(smaller, crules.melds) is None:
                offers.append(melds[:index] + (smaller,) + melds[index + 1:])
                break
    least = _at_least_size(melds, crules.melds)
    if least is not None and least not in offers and \
            contract_problem(least, contract, crules) is None:
        offers.append(least)
    return offers


def _at_least_size(melds: tuple[Meld, ...], rules: MeldRules) -> tuple[Meld, ...] | None:
    """The melds each cut to its least size: a set keeps naturals first (so naturals
    still outnumber wilds), a run keeps a window of its laid cards that stays valid.
    ``None`` if a meld has no such part (then no smaller go-down comes from it)."""
    cut: list[Meld] = []
    for meld in melds:
        if meld.kind is MeldKind.SET:
            naturals = [c for c in meld.cards if not rules.is_wild(c)]
            wilds = [c for c in meld.cards if rules.is_wild(c)]
            cards = (naturals + wilds)[:rules.min_set]
            candidates = [Meld(MeldKind.SET, tuple(cards))]
        else:
            size = rules.min_run
            candidates = [Meld(MeldKind.RUN, meld.cards[start:start + size])
                          for start in range(len(meld.cards) - size + 1)]
        smallest = next((c for c in candidates if meld_problem(c, rules) is None), None)
        if smallest is None:
            return None
        cut.append(smallest)
    return tuple(cut)


def extended(meld: Meld, cards: tuple[Card, ...], at_start: bool) -> Meld:
    """The meld with cards added: at either end of a run, at the end of a set."""
    if meld.kind is MeldKind.RUN and at_start:
        return Meld(meld.kind, cards + meld.cards)
    return Meld(meld.kind, meld.cards + cards)


SET_RANK = msg("a set takes only cards of its rank (or wilds)")
RUN_END = msg("that card does not continue the run at that end")


def layoff_problem(meld: Meld, cards: tuple[Card, ...], at_start: bool,
                   rules: MeldRules) -> str | None:
    """Why these cards may not be added to this meld. Cards go on one at a time from the
    meld outwards, and the meld must stay valid (naturals ≥ wilds) after each one."""
    if not cards:
        return msg("choose the cards to add")
    if len(cards) == 1:
        # The usual refusal, without building the longer meld: a natural of another
        # rank (a set) or suit (a run). The legal list and the AI ask this of every card
        # and meld. Melds on the table are valid, so this is the reason the full check
        # would give.
        card = cards[0]
        if not rules.is_wild(card):
            natural = next((c for c in meld.cards if not rules.is_wild(c)), None)
            if natural is not None:
                if meld.kind is MeldKind.SET and card.rank is not natural.rank:
                    return SET_RANK
                if meld.kind is MeldKind.RUN and card.suit is not natural.suit:
                    return RUN_END
    if meld.kind is MeldKind.SET:
        ordered = sorted(cards, key=rules.is_wild)  # naturals first: the ratio only rises
        steps = [tuple(ordered[:i]) for i in range(1, len(ordered) + 1)]
    elif at_start:
        steps = [cards[len(cards) - i:] for i in range(1, len(cards) + 1)]
    else:
        steps = [cards[:i] for i in range(1, len(cards) + 1)]
    for step in steps:
        reason = meld_problem(extended(meld, step, at_start), rules)
        if reason is not None:
            if meld.kind is MeldKind.RUN and "ratio" not in reason and "natural" not in reason \
                    and "at most" not in reason:
                return RUN_END
            if meld.kind is MeldKind.SET and "rank" in reason:
                return SET_RANK
            return reason
    return None


@lru_cache(maxsize=512)
def _join_points(meld: Meld, rules: MeldRules) -> tuple[Rank | None,
                                                     tuple[tuple[bool, int | None], ...]]:
    """Where a natural may join a laid meld, found once per meld (the melds on the table
    are the same objects turn after turn): a set's rank (``None`` for a run), and each
    end with the run position a natural must take there (``None``: no telling). A run
    on the table stands at fixed ranks, so only the rank above its top or below its
    bottom can join; a set takes its own rank only (``layoff_problem``'s first refusal)."""
    if meld.kind is MeldKind.SET:
        return next((c.rank for c in meld.cards if not rules.is_wild(c)), None), \
            ((False, None),)
    laid = run_positions(meld.cards, rules)
    return None, (((False, laid[-1] + 1), (True, laid[0] - 1)) if laid
                  else ((False, None), (True, None)))


@lru_cache(maxsize=512)
def _joining(meld: Meld, rules: MeldRules) -> tuple[Suit | None, int | None,
                                                  tuple[tuple[bool, int | None], ...]]:
    """``_join_points`` with a run's suit, and a set's rank as a number: what the lay-off
    listing looks a meld's ends up by (kept per meld, as the melds on the table are the
    same objects turn after turn)."""
    set_rank, ends = _join_points(meld, rules)
    suit = None
    if set_rank is None:
        suit = next((c.suit for c in meld.cards if not rules.is_wild(c)), None)
    return suit, None if set_rank is None else int(set_rank), ends


@lru_cache(maxsize=4096)
def _fits(meld: Meld, card: Card, at_start: bool, rules: MeldRules) -> bool:
    """Whether one card goes on this end of a laid meld, kept (bounded): the melds on the
    table and the cards in the hands stay the same objects over many turns, and the
    lay-off listing asks of each every turn."""
    return layoff_problem(meld, (card,), at_start, rules) is None


card_fits = _fits
"""Whether one card goes on this end of a laid meld (``layoff_problem`` finds nothing),
remembered: the AI asks it of every card it might throw, move after move."""


def _natural_fits(meld: Meld, card: Card, at_start: bool, set_rank: int | None,
                  wanted: int | None, rules: MeldRules) -> bool:
    """Whether a natural the lay-off listing found by face (a set's rank; a run's suit,
    at the rank its end takes) goes on: a natural of its rank always joins a set, and
    one at the position a run's end wants joins unless the run is already as long as a
    run may be (a natural never lowers the count of naturals against wilds). Anything
    else (a run whose positions cannot be told) gets the full check."""
    if set_rank is not None:
        return True
    if wanted is None:
        return _fits(meld, card, at_start, rules)
    return wanted in rules.natural_values(card) and len(meld.cards) < rules.longest_run


def _rank_at(position: int) -> int:
    """The rank of the natural that stands at a run position (an ace at 1 or 14)."""
    return 1 if position in (1, 14) else position


def _card_then_end(fit: tuple[int, int, Card, bool]) -> tuple[int, int]:
    return fit[0], fit[1]


_ANY_SUIT = None
"""In a wanted face: any suit (a wild in a set stands for its rank in any suit)."""


@lru_cache(maxsize=512)
def wanted_for_wilds(meld: Meld,
                     rules: MeldRules) -> tuple[tuple[Card, tuple[Suit | None, int]], ...]:
    """Each wild of a meld with the natural it stands for (S2-A9 c), as a (suit, rank)
    face: a set's rank in any suit (suit ``None``), or the suit and rank of the wild's
    place in a run (an ace at either end). Kept per meld (bounded): the melds on the
    table are the same objects turn after turn, and every listing asks about each."""
    wilds = [c for c in meld.cards if rules.is_wild(c)]
    naturals = [c for c in meld.cards if not rules.is_wild(c)]
    if not wilds or not naturals:
        return ()
    if meld.kind is MeldKind.SET:
        return tuple((wild, (_ANY_SUIT, int(naturals[0].rank))) for wild in wilds)
    positions = run_positions(meld.cards, rules)
    if positions is None:
        return ()
    suit = naturals[0].suit
    wanted = []
    for wild in wilds:
        value = positions[meld.cards.index(wild)]
        rank = int(Rank.ACE) if value in (1, 14) else value
        if rank != int(Rank.ACE) or value in rules.ace_values:
            wanted.append((wild, (suit, rank)))
    return tuple(wanted)


def _naturals_by_face(cards: list[Card], ranks: set[int],
                      rules: MeldRules) -> dict[tuple[Suit | None, int], list[Card]]:
    """The naturals among the cards of these ranks by (suit, rank), and by rank alone
    (suit ``None``), each list in the cards' order."""
    held: dict[tuple[Suit | None, int], list[Card]] = {}
    wild_ranks = rules._wild
    for card in cards:
        rank = card.rank._value_
        if rank in ranks and rank not in wild_ranks:
            held.setdefault((card.suit, rank), []).append(card)
            held.setdefault((_ANY_SUIT, rank), []).append(card)
    return held


_Reading = tuple[Suit | None, int | None, tuple[tuple[bool, int | None], ...],
                 tuple[tuple[Card, tuple[Suit | None, int]], ...]]
"""What the listings read of one meld: ``_joining``'s suit, set rank and ends, and
``wanted_for_wilds``."""
_Laid = tuple[int, int, Meld, Suit | None, int | None,
              tuple[tuple[bool, int | None], ...],
              tuple[tuple[Card, tuple[Suit | None, int]], ...]]
"""A meld on the table as the listings read it: its owner, its index, the meld,
``_joining``'s suit, set rank and ends, and ``wanted_for_wilds``."""


LAID_TABLES = 64
"""Tables whose reading ``ShanghaiChecks._laid`` keeps."""
READ_MELDS = 1024
"""Melds whose reading ``ShanghaiChecks._meld_reading`` keeps."""


class ShanghaiChecks:
    """Refusals and legal actions; the engine class supplies the rules and the windows."""

    may_i: bool
    options: Any
    rules: MeldRules
    crules: ContractRules
    _play_checks: dict[type, Callable[[ShanghaiState, int, Any], str | None]]
    awaiting: Callable[[ShanghaiState], tuple[int, ...]]
    points: Callable[[Card], int]
    _supply: Callable[[ShanghaiState], int]
    _targets_memo: tuple[tuple[Card, ...], tuple[tuple[Meld, ...], ...],
                         tuple[CallShanghai, ...]] | None = None
    _laid_memos: IdentityMemo[tuple[tuple[Meld, ...], ...], tuple[_Laid, ...]]
    """``_laid``'s answers for the last ``LAID_TABLES`` tables."""
    _reading_memos: IdentityMemo[Meld, _Reading]
    """``_meld_reading``'s answers for the last ``READ_MELDS`` melds."""

    # --- what may be done ----------------------------------------------------------------

    def _problem(self, state: ShanghaiState, seat: int, action: Action) -> str | None:
        phase = state.phase
        if phase is Phase.GAME_OVER:
            return msg("the game is over")
        if seat not in self.awaiting(state):
            if phase in (Phase.CALLS, Phase.SHANGHAI) and seat != state.current:
                return msg("you cannot call now") if seat not in state.answered else \
                    msg("you have already answered")
            return msg("it is not your turn")
        if phase is Phase.CALLS:
            word = "may i" if self.may_i else "buy"
            if isinstance(action, Call) and action.kind in (word, "pass"):
                return None
            return msg("answer the May I call first, or pass") if self.may_i else \
                msg("answer the buy call first, or pass")
        if phase is Phase.BUY_ANSWER:
            return None if isinstance(action, AnswerBuy) else \
                msg("allow the buy, or refuse it and take the card yourself")
        if phase is Phase.SHANGHAI:
            if isinstance(action, Call) and action.kind == "pass":
                return None
            if isinstance(action, CallShanghai):
                return self._shanghai_problem(state, action)
            return msg("call Shanghai! or pass")
        if phase is Phase.DRAW:
            return self._draw_problem(state, action)
        check = self._play_checks.get(type(action))
        if check is None:
            if isinstance(action, Draw):
                return msg("you have already drawn this turn")
            return msg("you can't {action} now", action=action.describe())
        return check(state, seat, action)

    def _draw_problem(self, state: ShanghaiState, action: Action) -> str | None:
        if not isinstance(action, Draw):
            return msg("draw a card first, from the stock or the discard pile")
        if action.source is Pile.DISCARD:
            if not state.exposed or not state.discard_pile:
                return msg("the discard pile has no card you may take this turn")
            return None
        if self._supply(state) < 1:
            return msg("the stock is empty")
        return None

    def _discard_problem(self, state: ShanghaiState, seat: int, action: Discard) -> str | None:
        hand = state.hands[seat]
        if action.card not in hand:
            return msg("that card is not in your hand")
        if not self.may_i and len(hand) == 1:
            return msg("you may not discard your last card: go out by playing it, or take back")
        return None

    def _go_down_problem(self, state: ShanghaiState, seat: int, action: GoDown) -> str | None:
        if state.down[seat]:
            return msg("you have already gone down this round")
        cards = [c for meld in action.melds for c in meld.cards]
        if len(set(cards)) != len(cards) or not set(cards) <= set(state.hands[seat]):
            return msg("those cards are not all in your hand")
        reason = contract_problem(action.melds, CONTRACTS[state.round - 1], self.crules)
        if reason is not None:
            return reason
        return self._going_out_problem(state, seat, len(cards))

    def _going_out_problem(self, state: ShanghaiState, seat: int, playing: int) -> str | None:
        return going_out_problem(self.may_i, state.took_discard, playing,
                                 len(state.hands[seat]))

    def _meld_at(self, state: ShanghaiState, seat: int, index: int) -> Meld | None:
        if not 0 <= seat < state.seats or not 0 <= index < len(state.melds[seat]):
            return None
        return state.melds[seat][index]

    def _lay_off_problem(self, state: ShanghaiState, seat: int, action: LayOff) -> str | None:
        if not state.down[seat]:
            return msg("go down with the round's target first")
        if len(set(action.cards)) != len(action.cards) or \
                not set(action.cards) <= set(state.hands[seat]):
            return msg("those cards are not all in your hand")
        meld = self._meld_at(state, action.target_seat, action.meld_index)
        if meld is None:
            return msg("there is no such meld")
        reason = layoff_problem(meld, action.cards, action.at_start, self.rules)
        return reason or self._going_out_problem(state, seat, len(action.cards))

    def _exchange_problem(self, state: ShanghaiState, seat: int, action: Exchange) -> str | None:
        if not self.may_i:
            return msg("in this game a wild is replaced, not exchanged into the hand")
        if not self.options.exchange_before_down and not state.down[seat]:
            return msg("go down first")
        if action.target_seat == seat:
            return msg("you may only take wilds from other players' melds")
        if action.natural not in state.hands[seat]:
            return msg("that card is not in your hand")
        meld = self._meld_at(state, action.target_seat, action.meld_index)
        if meld is None or action.wild not in meld.cards or not self.rules.is_wild(action.wild):
            return msg("that wild card is not in that meld")
        return self._stands_for_problem(meld, action.wild, action.natural)

    def _stands_for_problem(self, meld: Meld, wild: Card, natural: Card) -> str | None:
        rules = self.rules
        if rules.is_wild(natural):
            return msg("give a natural card for the wild")
        if meld.kind is MeldKind.SET:
            rank = next((c.rank for c in meld.cards if not rules.is_wild(c)), None)
            if natural.rank is not rank:
                # Translators: {rank} is a rank's letter or number (7, Q)
                return msg("that wild stands for a {rank}", rank=rank) if rank else \
                    msg("that wild stands for a ?")
            return None
        positions = run_positions(meld.cards, rules)
        suit = next((c.suit for c in meld.cards if not rules.is_wild(c)), None)
        assert positions is not None
        value = positions[meld.cards.index(wild)]
        if natural.suit is not suit or value not in rules.natural_values(natural):
            rank = Rank.ACE if value == 14 else Rank(value)
            if suit is None:
                return msg("that joker stands for {rank}", rank=rank) if wild.is_joker else \
                    msg("that {wild} stands for {rank}", wild=wild, rank=rank)
            face = Card(rank, suit)  # the face the wild stands for, named as a card
            # Translators: {card} is the card the wild stands for (7♥)
            return msg("that joker stands for {card}", card=face) if wild.is_joker else \
                msg("that {wild} stands for {card}", wild=wild, card=face)
        return None

    def _replace_problem(self, state: ShanghaiState, seat: int,
                         action: ReplaceWild) -> str | None:
        if self.may_i:
            return msg("in this game wilds are exchanged into the hand")
        if not state.down[seat]:
            return msg("go down first")
        if action.natural not in state.hands[seat]:
            return msg("that card is not in your hand")
        meld = self._meld_at(state, action.target_seat, action.meld_index)
        if meld is None or action.wild not in meld.cards or not self.rules.is_wild(action.wild):
            return msg("that wild card is not in that meld")
        if meld.kind is not MeldKind.RUN:
            return msg("only a wild in a run can be replaced; a wild in a set is buried")
        reason = self._stands_for_problem(meld, action.wild, action.natural)
        if reason is not None:
            return reason
        if (action.dest_seat, action.dest_index) == (action.target_seat, action.meld_index):
            return msg("the freed wild must go onto another group")
        dest = self._meld_at(state, action.dest_seat, action.dest_index)
        if dest is None:
            return msg("choose a group for the freed wild")
        reason = layoff_problem(dest, (action.wild,), action.dest_at_start, self.rules)
        if reason is not None:
            return msg("the freed wild cannot go there: {reason}", reason=reason)
        return self._going_out_problem(state, seat, 1)

    def _take_back_problem(self, state: ShanghaiState, seat: int, action: TakeBack) -> str | None:
        return None if state.played else msg("you have played nothing to the table this turn")

    def _shanghai_problem(self, state: ShanghaiState, action: CallShanghai) -> str | None:
        meld = self._meld_at(state, action.target_seat, action.meld_index)
        if meld is None:
            return msg("choose the meld the discard goes on")
        card = state.discard_pile[-1]
        reason = layoff_problem(meld, (card,), action.at_start, self.rules)
        return None if reason is None else \
            msg("{card} does not fit there: {reason}", card=card, reason=reason)

    # --- listing actions -----------------------------------------------------------------

    def _legal_actions(self, state: ShanghaiState, seat: int) -> tuple[Action, ...]:
        if seat not in self.awaiting(state):
            return ()
        phase = state.phase
        if phase is Phase.CALLS:
            return _MAY_I_CALLS if self.may_i else _BUY_CALLS
        if phase is Phase.BUY_ANSWER:
            return _BUY_ANSWERS
        if phase is Phase.SHANGHAI:
            return (CALL_PASS,) + self.shanghai_targets(state)
        if phase is Phase.DRAW:
            # ``_draw_problem``'s two rules, as one lookup of the shared draws.
            return DRAW_CHOICES[self._supply(state) >= 1,
                                bool(state.exposed and state.discard_pile)]
        return tuple(self._play_actions(state, seat))

    def shanghai_targets(self, state: ShanghaiState) -> tuple[CallShanghai, ...]:
        """Every meld end the top discard fits ("Shanghai!"). Asked when the card is
        thrown and again of each seat in the window, for the same pile and melds: the
        last answer is kept with the very pile and melds it is for."""
        return self.targets_for(state.discard_pile, state.melds)

    def targets_for(self, pile: tuple[Card, ...],
                    table: tuple[tuple[Meld, ...], ...]) -> tuple[CallShanghai, ...]:
        """:meth:`shanghai_targets` for this discard pile and these melds (the discard
        asks before it makes the state they will stand in)."""
        memo = self._targets_memo
        if memo is not None and memo[0] is pile and memo[1] is table:
            return memo[2]
        found: list[CallShanghai] = []
        if pile:
            # Each end a natural of the card's rank may join (a wild: every end), asked
            # in full (``layoff_problem``, kept per meld and card).
            card, rules = pile[-1], self.rules
            natural = not rules.is_wild(card)
            rank, values = card.rank._value_, rules.natural_values(card)
            for owner, index, meld, _, set_rank, ends, _ in self._laid(table):
                if natural and set_rank is not None and rank != set_rank:
                    continue
                for at_start, wanted in ends:
                    if (not natural or wanted is None or wanted in values) and \
                            _fits(meld, card, at_start, rules):
                        found.append(CallShanghai(owner, index, at_start))
        targets = tuple(found)
        self._targets_memo = (pile, table, targets)
        return targets

    def _play_actions(self, state: ShanghaiState, seat: int) -> list[Action]:
        hand = state.hands[seat]
        faces = one_per_face(hand)
        # Any card of the hand may be discarded, but when buying never the last one
        # (``_discard_problem``'s rule, without searching the hand for each card).
        actions: list[Action] = list(discards_of(faces)) \
            if self.may_i or len(hand) > 1 else []
        if not state.down[seat]:
            # Any go-down proves the contract is there, and the first found is found
            # soonest; the bots and "Arrange for me" ask for the best one themselves.
            offers = go_down_offers(hand, CONTRACTS[state.round - 1], self.crules,
                                    self.may_i, best=False)
            for index, option in enumerate(offers):
                go_down = GoDown(option)
                # The search checked its own find with ``contract_problem``; what is
                # left to ask of it is the going-out rule. Lighter forms are checked whole.
                if (self._going_out_problem(state, seat, sum(len(m.cards) for m in option))
                        if index == 0 else self._go_down_problem(state, seat, go_down)) is None:
                    actions.append(go_down)
        else:
            # Every single-card lay-off: enough, since any legal lay-off of several
            # cards starts with a legal single card (RULES.md §8).
            if self._going_out_problem(state, seat, 1) is None:
                actions += self._single_lay_offs(state, faces)
        actions += self._wild_moves(state, seat, faces)
        if state.played:
            actions.append(TakeBack())
        return actions

    def _laid(self, table: tuple[tuple[Meld, ...], ...]) -> tuple[_Laid, ...]:
        """Every meld on the table with what the listings read of it (``_Laid``), in table
        order: the lay-offs, the wild moves and the Shanghai! window all ask, turn after
        turn, of a table that changes only when a meld is laid or added to; the Hard
        search's rollouts go from the tables of one world to another's. Kept for the last
        ``LAID_TABLES`` tables, each with the very table it is for."""
        laid = self._laid_memos.get(table)
        if laid is None:
            read = self._meld_reading
            laid = self._laid_memos.put(table, tuple([
                (owner, index, meld, *read(meld))
                for owner, melds in enumerate(table) for index, meld in enumerate(melds)]))
        return laid

    def _meld_reading(self, meld: Meld) -> _Reading:
        """``_joining`` and ``wanted_for_wilds`` of one meld, kept for the last
        ``READ_MELDS`` melds by the meld's id (each entry holds its meld): a new table
        changes one meld and keeps the others, the very same objects."""
        reading = self._reading_memos.get(meld)
        if reading is None:
            rules = self.rules
            reading = self._reading_memos.put(
                meld, (*_joining(meld, rules), wanted_for_wilds(meld, rules)))
        return reading

    def _single_lay_offs(self, state: ShanghaiState, faces: list[Card]) -> list[LayOff]:
        return self.single_lay_offs(state.melds, faces)

    def single_lay_offs(self, table: tuple[tuple[Meld, ...], ...],
                        faces: list[Card]) -> list[LayOff]:
        """Every single card (one per face) that goes on a meld end of ``table``, meld by
        meld in table order, each meld's cards in hand order and each card's ends in the order
        ``_joining`` gives them. Only the naturals of the rank (and, for a run, the
        suit) an end takes are asked about, found by face instead of trying every card
        on every meld; any wild fits where another does, so each end is judged once."""
        rules = self.rules
        wild_ranks = rules._wild
        wilds: list[tuple[int, Card]] = []
        by_face: dict[tuple[Suit | None, int], list[tuple[int, Card]]] = {}
        by_rank: dict[int, list[tuple[int, Card]]] = {}
        for item in enumerate(faces):
            card = item[1]
            rank = card.rank._value_
            if rank in wild_ranks:
                wilds.append(item)
            else:
                by_face.setdefault((card.suit, rank), []).append(item)
                by_rank.setdefault(rank, []).append(item)
        found: list[LayOff] = []
        for owner, index, meld, suit, set_rank, ends, _ in self._laid(table):
            fits: list[tuple[int, int, Card, bool]] = []  # (card's order, end, …)
            for end, (at_start, wanted) in enumerate(ends):
                if wilds and _fits(meld, wilds[0][1], at_start, rules):
                    fits += [(order, end, card, at_start) for order, card in wilds]
                candidates: Iterable[tuple[int, Card]]
                if set_rank is not None:
                    candidates = by_rank.get(set_rank, ())
                elif wanted is None:  # no telling where the run stands: ask them all
                    candidates = [item for items in by_rank.values() for item in items]
                else:
                    candidates = by_face.get((suit, _rank_at(wanted)), ())
                for order, card in candidates:
                    if _natural_fits(meld, card, at_start, set_rank, wanted, rules):
                        fits.append((order, end, card, at_start))
            if fits:  # most melds take nothing from the hand
                fits.sort(key=_card_then_end)
                found += [LayOff(owner, index, (card,), at_start)
                          for _, _, card, at_start in fits]
        return found

    def exchanges(self, table: tuple[tuple[Meld, ...], ...], seat: int, down: bool,
                  cards: list[Card]) -> list[Exchange]:
        """May I: every exchange of one of ``cards`` (a hand's faces) for a wild on
        another seat's meld of ``table`` that the natural stands for (none before going
        down unless the table agreed to it), in table order."""
        if not (self.options.exchange_before_down or down):
            return []
        wanted = [(owner, index, wild, face)
                  for owner, index, _, _, _, _, wilds in self._laid(table) if owner != seat
                  for wild, face in wilds]
        if not wanted:
            return []
        held = _naturals_by_face(cards, {face[1] for *_, face in wanted}, self.rules)
        return [Exchange(owner, index, natural, wild) for owner, index, wild, face in wanted
                for natural in held.get(face, ())]

    def _wild_moves(self, state: ShanghaiState, seat: int, cards: list[Card]) -> list[Action]:
        """Every exchange (May I: ``exchanges``) or replacement (buying) the hand can
        make: each wild on the table is matched against the one natural it stands for."""
        moves: list[Action] = []
        if self.may_i:
            moves += self.exchanges(state.melds, seat, state.down[seat], cards)
            return moves
        if not state.down[seat]:
            return moves
        rules = self.rules
        wanted = [(owner, index, meld, wild, face)
                  for owner, index, meld, _, _, _, wilds in self._laid(state.melds)
                  if meld.kind is MeldKind.RUN for wild, face in wilds]
        if not wanted:
            return moves
        # The hand's naturals of the ranks the wilds stand for, by face.
        held = _naturals_by_face(cards, {face[1] for *_, face in wanted}, rules)
        for owner, index, meld, wild, face in wanted:
            for natural in held.get(face, ()):
                # ``_replace_problem``'s rules, each asked once: the natural
                # stands for the wild, the seat may play a card, and the freed
                # wild fits an end of another group (as any wild would).
                if self._stands_for_problem(meld, wild, natural) is not None or \
                        self._going_out_problem(state, seat, 1) is not None:
                    continue
                for dest_owner, dest_melds in enumerate(state.melds):
                    for dest_index, dest in enumerate(dest_melds):
                        if (dest_owner, dest_index) == (owner, index):
                            continue
                        for at_start in (False, True):
                            if _fits(dest, wild, at_start, rules):
                                moves.append(ReplaceWild(owner, index, natural, wild,
                                                         dest_owner, dest_index,
                                                         at_start))
        return moves
