"""Shanghai with May I (RULES.md §4) and Shanghai with buying (§5): one engine, two rule
sets. Seven rounds, each with a contract of sets and runs laid down at once; twos and
jokers wild with naturals ≥ wilds in every meld; lay-offs after going down; the first
player out ends the round.

Out-of-turn play is explicit state: a CALLS window before each draw (May I requests or
buy requests, answered by every eligible seat), the buying game's BUY_ANSWER, and May
I's SHANGHAI window after a discard that fits the table. Priority is always by seat
order from the player in turn, never by speed.

Standard library only.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any, cast

from .actions import (
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
)
from .cards import Card, parse_zones, standard_deck
from .contract_search import prepare
from .data import evolve, replace_at, without
from .events import (
    Called,
    CallWon,
    CardsGiven,
    Dealt,
    Discarded,
    Drew,
    Event,
    GameEnded,
    LaidOff,
    MeldChanged,
    MeldsLaid,
    Precedence,
    Reshuffled,
    RoundScored,
    RoundStarted,
    StockExhausted,
    TookBack,
    TurnedUp,
    WentOut,
)
from .melds import Meld, MeldKind, MeldRules
from .memo import IdentityMemo
from .options import ShanghaiBuyOptions, ShanghaiMayIOptions
from .rng import pick_index, shuffled
from .rummy import RummyState, RummyZones, card_taken, rebuilds_used_up
from .sampling import fresh_seed
from .shanghai_checks import LAID_TABLES, READ_MELDS, ShanghaiChecks, extended
from .shanghai_rules import (
    CONTRACTS,
    ROUNDS,
    Phase,
    ShanghaiState,
    ShanghaiView,
    contract_rules,
    hand_size,
    may_i_decks,
    penalty,
)
from .tells import Tells
from .text import msg
from .variant import Outcome, Transition, Variant, places_for, register


@cache
def _after(seats: int, current: int) -> tuple[int, ...]:
    """The other seats in turn order from ``current``'s left (a handful of tables)."""
    return tuple((current + offset) % seats for offset in range(1, seats))


def _in_turn_order(seats: int, after: int, callers: Sequence[int]) -> tuple[int, ...]:
    """``callers`` (each once) in turn order after ``after``: the first is the one the
    rules prefer (RULES.md 4.3.1, S2-A15, S3-A2)."""
    return tuple([seat for seat in _after(seats, after) if seat in callers])


def _shanghai_awaited(state: ShanghaiState, answered: tuple[int, ...]) -> tuple[int, ...]:
    """The seats of a Shanghai! window (all but the discarder, from his left) who have
    not answered."""
    assert state.discarder is not None
    return tuple([seat for seat in _after(state.seats, state.discarder)
                  if seat not in answered])


class _Shanghai(ShanghaiChecks, RummyZones, Variant[ShanghaiState, ShanghaiView]):
    """The engine both Shanghai games share."""

    may_i: bool
    state_type = ShanghaiState
    reread_at = {3: frozenset({"known"})}
    """Format 3: the cards a player takes back from the table, seen there by everyone, are
    known in his hand (before, they were hidden again)."""
    rules_version = "1"

    def __init__(self, options: Any = None) -> None:
        super().__init__(options)
        self.crules = contract_rules(self.may_i, self.options.same_rank_sets_in_contract)
        self.rules = self.crules.melds
        prepare(self.rules)
        self.call_limit = self.options.may_i_per_round if self.may_i else \
            self.options.buys_per_round
        self.call_cards = self.options.may_i_penalty_cards if self.may_i else \
            self.options.buy_extra_cards
        """The stock cards a granted May I or buy brings with the called card."""
        self.call_needs = max(2 if self.may_i else 3, 1 + self.call_cards)
        """Stock a call needs: its cards and the next draw (2 and 3 at the printed rules;
        more when a house rule gives more cards, so the stock can always serve a call)."""
        self._awaiting_memo: tuple[ShanghaiState, tuple[int, ...]] | None = None
        self._laid_memos = IdentityMemo(LAID_TABLES)
        self._reading_memos = IdentityMemo(READ_MELDS)
        self._play_checks: dict[type, Callable[[ShanghaiState, int, Any], str | None]] = {
            Discard: self._discard_problem, GoDown: self._go_down_problem,
            LayOff: self._lay_off_problem, Exchange: self._exchange_problem,
            ReplaceWild: self._replace_problem, TakeBack: self._take_back_problem}

    # --- decks and dealing ---------------------------------------------------------------

    def deck(self, seats: int) -> tuple[Card, ...]:
        return standard_deck(may_i_decks(seats) if self.may_i else 3, 2)

    def points(self, card: Card) -> int:
        return penalty(card, self.may_i)

    def new_game(self, seats: int, seed: int) -> Transition[ShanghaiState]:
        self.check_seats(seats)
        empty = tuple(() for _ in range(seats))
        zeros = (0,) * seats
        state = ShanghaiState(
            seats=seats, seed=seed, round=1, dealer=pick_index(seats, seed, "first dealer"),
            current=0, phase=Phase.DRAW, hands=empty, stock=(), discard_pile=(), exposed=True,
            discarder=None, melds=empty, down=(False,) * seats, calls_used=zeros, requests=(),
            answered=(), took_discard=False, played=False, undo_hand=(), undo_melds=empty,
            undo_down=(False,) * seats, penalties=zeros, earned=zeros, round_points=(),
            round_earned=(), known=empty, reshuffles=0, draws=0, turn=0)
        events: list[Event] = []
        state = self._deal(state, 1, state.dealer, events)
        return Transition(state, tuple(events))

    def _deal(self, state: ShanghaiState, round_number: int, dealer: int,
              events: list[Event]) -> ShanghaiState:
        seats = state.seats
        deck = list(shuffled(self.deck(seats), state.seed, "deal", round_number))
        size = hand_size(round_number, self.may_i)
        hands: list[list[Card]] = [[] for _ in range(seats)]
        for _ in range(size):
            for offset in range(1, seats + 1):
                hands[(dealer + offset) % seats].append(deck.pop())
        up = deck.pop()
        empty = tuple(() for _ in range(seats))
        events.append(RoundStarted(round_number, dealer, size))
        events.extend(Dealt(seat, size, tuple(hand)) for seat, hand in enumerate(hands))
        events.append(TurnedUp(up))
        state = evolve(state, round=round_number, dealer=dealer,
                       hands=tuple(tuple(h) for h in hands), stock=tuple(deck),
                       discard_pile=(up,), exposed=True, discarder=None, melds=empty,
                       down=(False,) * seats, calls_used=(0,) * seats, known=empty, turn=0,
                       out_seat=None, round_rebuilds=0, tells=Tells.fresh(seats))
        return self._start_turn(state, (dealer + 1) % seats, events)

    def position(self, hands: Sequence[str], *, round_number: int = 1, discard: str = "",
                 stock: str = "", current: int = 0, melds: dict[int, Sequence[str]] | None = None,
                 phase: Phase = Phase.DRAW, discarder: int | None = None,
                 calls_used: Sequence[int] | None = None, seed: int = 0) -> ShanghaiState:
        """A position in card notation, for scenario tests. ``melds`` maps a seat to its
        melds on the table, each written "set: 7H 7S 7D" or "run: 5H 6H JK 8H"; a seat
        with melds has gone down."""
        seats = len(hands)
        texts = [text for seat in sorted(melds or {}) for text in (melds or {})[seat]]
        zones = parse_zones(*hands, stock, discard, *(t.split(":", 1)[1] for t in texts))
        table: list[list[Meld]] = [[] for _ in range(seats)]
        index = seats + 2
        for seat in sorted(melds or {}):
            for text in (melds or {})[seat]:
                kind = MeldKind.SET if text.split(":")[0].strip() == "set" else MeldKind.RUN
                table[seat].append(Meld(kind, zones[index]))
                index += 1
        empty = tuple(() for _ in range(seats))
        down = tuple(bool(t) for t in table)
        state = ShanghaiState(
            seats=seats, seed=seed, round=round_number, dealer=(current - 1) % seats,
            current=current, phase=phase, hands=zones[:seats], stock=zones[seats],
            discard_pile=zones[seats + 1], exposed=True,
            discarder=(current - 1) % seats if discarder is None else discarder,
            melds=tuple(tuple(t) for t in table), down=down,
            calls_used=tuple(calls_used) if calls_used else (0,) * seats, requests=(),
            answered=(), took_discard=False, played=False, undo_hand=(), undo_melds=empty,
            undo_down=down, penalties=(0,) * seats, earned=(0,) * seats, round_points=(),
            round_earned=(), known=empty, reshuffles=0, draws=0, turn=seats)
        if phase is Phase.PLAY:
            state = evolve(state, undo_hand=state.hands[current], undo_melds=state.melds)
        return state

    # --- turns and windows ---------------------------------------------------------------

    def _supply(self, state: ShanghaiState) -> int:
        """Cards the stock can still give (counting a reshuffle of the discard pile while
        the round may still rebuild it)."""
        if self._rebuilds_used_up(state.round_rebuilds):
            return len(state.stock)
        return len(state.stock) + max(0, len(state.discard_pile) - 1)

    def _rebuilds_used_up(self, rebuilds: int) -> bool:
        """Whether the stock, rebuilt this many times this round, may not be rebuilt
        again (``stock_rebuilds_per_round``; 0: no limit)."""
        return rebuilds_used_up(self.options.stock_rebuilds_per_round, rebuilds)

    def callers(self, state: ShanghaiState, current: int | None = None) -> tuple[int, ...]:
        """Seats that may call May I / ask to buy now, nearest the player in turn first
        (``current``, if given, stands for the state's player in turn)."""
        if not state.exposed or not state.discard_pile:
            return ()
        return self._callers(state.seats, state.current if current is None else current,
                             state.discarder, state.calls_used, self._supply(state))

    def _callers(self, seats: int, current: int, discarder: int | None,
                 calls_used: tuple[int, ...], supply: int) -> tuple[int, ...]:
        """:meth:`callers` of an exposed discard, from the fields it reads (the discard
        asks before it makes the state)."""
        if supply - 1 < self.call_needs:  # the exposed card itself leaves the pile
            return ()
        limit = self.call_limit
        return tuple([seat for seat in _after(seats, current)
                      if seat != discarder and calls_used[seat] < limit])

    def _start_turn(self, state: ShanghaiState, seat: int,
                    events: list[Event] | None = None) -> ShanghaiState:
        turn = dict(current=seat, took_discard=False, played=False, requests=(), answered=())
        # The round ends when the player could not draw: the stock is out and may not be
        # rebuilt, or nothing is left to rebuild it from and no discard is on offer (a
        # Shanghai! call took it, with every other card in hands and melds).
        if not state.stock and (self._rebuilds_used_up(state.round_rebuilds) or (
                self._supply(state) < 1 and not (state.exposed and state.discard_pile))):
            state = evolve(state, **turn)
            events = [] if events is None else events
            events.append(StockExhausted(state.round_rebuilds))
            return self._end_round(state, events)
        # One copy: whether a call window opens depends on none of the turn's fields
        # but whose turn it is.
        phase = Phase.CALLS if self.callers(state, seat) else Phase.DRAW
        return evolve(state, phase=phase, **turn)

    def awaiting(self, state: ShanghaiState) -> tuple[int, ...]:
        # Asked several times of each state (to list, to check, to apply), and in a call
        # window it is worked out from every seat's calls: the last answer is kept with
        # the very state it is for (one reference, swapped whole: thread-safe).
        memo = self._awaiting_memo
        if memo is not None and memo[0] is state:
            return memo[1]
        seats = self._awaiting(state)
        self._awaiting_memo = (state, seats)
        return seats

    def _awaiting(self, state: ShanghaiState) -> tuple[int, ...]:
        if state.phase is Phase.GAME_OVER:
            return ()
        if state.phase is Phase.CALLS:
            return self._calls_awaited(state, state.answered)
        if state.phase is Phase.SHANGHAI:
            return _shanghai_awaited(state, state.answered)
        return (state.current,)

    def _calls_awaited(self, state: ShanghaiState,
                       answered: tuple[int, ...]) -> tuple[int, ...]:
        """The callers of a call window who have not answered (the callers depend on
        the discard and the calls used, never on the answers)."""
        return tuple([seat for seat in self.callers(state) if seat not in answered])

    # --- applying --------------------------------------------------------------------------

    def _apply(self, state: ShanghaiState, seat: int,
               action: Action) -> Transition[ShanghaiState]:
        events: list[Event] = []
        if state.phase is Phase.CALLS:
            state = self._answer_call(state, seat, action, events)
        elif state.phase is Phase.BUY_ANSWER:
            assert isinstance(action, AnswerBuy)
            state = self._answer_buy(state, action.allow, events)
        elif state.phase is Phase.SHANGHAI:
            state = self._answer_shanghai(state, seat, action, events)
        elif state.phase is Phase.DRAW:
            assert isinstance(action, Draw)
            state = self._draw(state, action.source, events)
        else:
            state = self._play(state, seat, action, events)
        return Transition(state, tuple(events))

    def _answer_call(self, state: ShanghaiState, seat: int, action: Action,
                     events: list[Event]) -> ShanghaiState:
        assert isinstance(action, Call)
        requests = state.requests + ((seat,) if action.kind != "pass" else ())
        answered = state.answered + (seat,)
        tells = state.tells if action.kind != "pass" else \
            state.tells.passed_up(seat, state.discard_pile[-1])  # a chance let go
        events.append(Called(seat, action.kind))
        # One copy: the window stays open while a caller has not answered.
        waiting = self._calls_awaited(state, answered)
        if waiting:
            state = evolve(state, answered=answered, requests=requests, tells=tells)
            self._awaiting_memo = (state, waiting)  # what ``awaiting`` would work out
            return state
        # Nobody asked, or May I (the current player has first choice): the draw.
        phase = Phase.DRAW if not requests or self.may_i else Phase.BUY_ANSWER
        if phase is Phase.BUY_ANSWER and len(requests) > 1:
            first, *rest = _in_turn_order(state.seats, state.current, requests)
            events.append(CallWon("buy", state.discard_pile[-1], first, tuple(rest),
                                  Precedence.NEARER, state.current))
        return evolve(state, answered=answered, requests=requests, phase=phase, tells=tells)

    def _first_request(self, state: ShanghaiState) -> int:
        return next(seat for seat in _after(state.seats, state.current)
                    if seat in state.requests)

    def _stock_taken(self, state: ShanghaiState, count: int, events: list[Event],
                     pile: tuple[Card, ...] | None = None
                     ) -> tuple[dict[str, Any], tuple[Card, ...]]:
        """Draw ``count`` cards from the stock, reshuffling the discard pile (all but its
        top card) when the stock runs out (RULES.md engine rule 4), as the state's
        changes (``pile``: the discard pile as the caller has already changed it)."""
        taken: list[Card] = []
        stock, reshuffles = state.stock, state.reshuffles
        if pile is None:
            pile = state.discard_pile
        rebuilds, tells = state.round_rebuilds, state.tells
        for _ in range(count):
            if not stock:
                if len(pile) < 2 or self._rebuilds_used_up(rebuilds):
                    break
                stock = shuffled(pile[:-1], state.seed, "reshuffle", reshuffles)
                tells = tells.without(pile[:-1])  # hidden again
                pile, reshuffles, rebuilds = pile[-1:], reshuffles + 1, rebuilds + 1
                events.append(Reshuffled(len(stock)))
            taken.append(stock[-1])
            stock = stock[:-1]
        return dict(stock=stock, discard_pile=pile, reshuffles=reshuffles,
                    round_rebuilds=rebuilds, tells=tells), tuple(taken)

    def _drawn(self, state: ShanghaiState, card: Card, took_discard: bool,
               changes: dict[str, Any]) -> ShanghaiState:
        """The state after the player in turn draws ``card``, with ``changes`` to the
        piles: one copy for the draw and the start of the play (the hottest path)."""
        seat = state.current
        hand = state.hands[seat] + (card,)
        if took_discard:
            changes["known"] = replace_at(state.known, seat, state.known[seat] + (card,))
        state = evolve(state, hands=replace_at(state.hands, seat, hand), phase=Phase.PLAY,
                       took_discard=took_discard, played=False, undo_hand=hand,
                       undo_melds=state.melds, undo_down=state.down, requests=(),
                       answered=(), **changes)
        self._awaiting_memo = (state, (seat,))  # the player in turn plays
        return state

    def _draw(self, state: ShanghaiState, source: Pile, events: list[Event]) -> ShanghaiState:
        seat = state.current
        called = bool(self.may_i and state.requests and state.exposed)
        if source is Pile.DISCARD:
            card = state.discard_pile[-1]
            events.append(Drew(seat, Pile.DISCARD, card))
            if called:  # the player in turn has first choice: every May I fails
                events.append(CallWon("may i", card, seat, _in_turn_order(
                    state.seats, seat, state.requests), Precedence.IN_TURN, seat))
            return self._drawn(state, card, True, {"discard_pile": state.discard_pile[:-1]})
        # The stock instead of an exposed discard: the player let that card go.
        passed = state.tells.passed_up(seat, state.discard_pile[-1]) \
            if state.exposed and state.discard_pile else None
        if called:
            state, passed = evolve(state, tells=passed), None
            # The current player declined: the nearest caller gets the card and a penalty.
            first, *rest = _in_turn_order(state.seats, seat, state.requests)
            if rest:
                events.append(CallWon("may i", state.discard_pile[-1], first, tuple(rest),
                                      Precedence.NEARER, seat))
            state = self._give_exposed(state, first, "may i",
                                       self.options.may_i_penalty_cards, events)
        stock = state.stock
        if stock:  # the usual draw: the stock's top card, nothing else changes
            events.append(Drew(seat, Pile.STOCK, stock[-1]))
            return self._drawn(state, stock[-1], False, {"stock": stock[:-1]} if passed is None
                               else {"stock": stock[:-1], "tells": passed})
        if passed is not None:
            state = evolve(state, tells=passed)
        changes, drawn = self._stock_taken(state, 1, events)
        if not drawn:  # nothing left to draw: the round ends as it stands
            state = evolve(state, **changes)
            if self._rebuilds_used_up(state.round_rebuilds):
                events.append(StockExhausted(state.round_rebuilds))
            return self._end_round(state, events)
        events.append(Drew(seat, Pile.STOCK, drawn[0]))
        return self._drawn(state, drawn[0], False, changes)

    def _answer_buy(self, state: ShanghaiState, allow: bool,
                    events: list[Event]) -> ShanghaiState:
        buyer = self._first_request(state)
        card = state.discard_pile[-1]
        if not allow:
            events.append(Called(state.current, "refuse"))
            events.append(Drew(state.current, Pile.DISCARD, card))
            events.append(CallWon("buy", card, state.current, _in_turn_order(
                state.seats, state.current, state.requests), Precedence.IN_TURN,
                state.current))
            return self._drawn(state, card, True, {"discard_pile": state.discard_pile[:-1]})
        events.append(Called(state.current, "allow"))
        state = evolve(state, tells=state.tells.passed_up(state.current, card))  # let go
        return self._give_exposed(state, buyer, "buy", self.options.buy_extra_cards, events,
                                  phase=Phase.DRAW, requests=(), answered=())

    def _give_exposed(self, state: ShanghaiState, winner: int, kind: str, extra_count: int,
                      events: list[Event], **changes: Any) -> ShanghaiState:
        """A May I or a buy granted, in one copy (with ``changes``): the exposed card
        leaves the pile and ``extra_count`` cards the stock, both go to ``winner``'s hand
        (the card known to all), and the call is counted."""
        card = state.discard_pile[-1]
        piles, extra = self._stock_taken(state, extra_count, events,
                                         pile=state.discard_pile[:-1])
        events.append(CardsGiven(winner, kind, (card,), extra, len(extra) + 1))
        return evolve(
            state, exposed=False,
            hands=replace_at(state.hands, winner, state.hands[winner] + (card,) + extra),
            known=replace_at(state.known, winner, state.known[winner] + (card,)),
            calls_used=replace_at(state.calls_used, winner, state.calls_used[winner] + 1),
            **piles, **changes)

    def _play(self, state: ShanghaiState, seat: int, action: Action,
              events: list[Event]) -> ShanghaiState:
        if isinstance(action, TakeBack):
            # The cards that come back from the table were seen there by everyone: they
            # are known in the hand again, as a card taken from the pile is.
            events.append(TookBack(seat))
            hand, known = state.hands[seat], state.known[seat]
            back = tuple(c for c in state.undo_hand if c not in hand and c not in known)
            return evolve(state, hands=replace_at(state.hands, seat, state.undo_hand),
                          melds=state.undo_melds, down=state.undo_down, played=False,
                          known=replace_at(state.known, seat, tuple(
                              c for c in known if c in state.undo_hand) + back))
        if isinstance(action, Discard):
            return self._discard(state, seat, action.card, events)
        hand = state.hands[seat]
        melds = state.melds
        if isinstance(action, GoDown):
            used = {c for meld in action.melds for c in meld.cards}
            hand = without(hand, used)
            melds = replace_at(melds, seat, action.melds)
            state = evolve(state, down=replace_at(state.down, seat, True))
            events.append(MeldsLaid(seat, action.melds))
        elif isinstance(action, LayOff):
            meld = extended(melds[action.target_seat][action.meld_index], action.cards,
                            action.at_start)
            melds = replace_at(melds, action.target_seat,
                               replace_at(melds[action.target_seat], action.meld_index, meld))
            hand = without(hand, action.cards)
            events.append(LaidOff(seat, action.target_seat, action.meld_index, action.cards,
                                  action.at_start))
        elif isinstance(action, Exchange):
            meld = melds[action.target_seat][action.meld_index]
            swapped = Meld(meld.kind, tuple(action.natural if c == action.wild else c
                                            for c in meld.cards))
            melds = replace_at(melds, action.target_seat,
                               replace_at(melds[action.target_seat], action.meld_index, swapped))
            hand = without(hand, (action.natural,)) + (action.wild,)
            state = evolve(state, known=replace_at(state.known, seat,
                                                   state.known[seat] + (action.wild,)))
            events.append(MeldChanged(action.target_seat, action.meld_index, swapped))
        else:
            assert isinstance(action, ReplaceWild)
            meld = melds[action.target_seat][action.meld_index]
            swapped = Meld(meld.kind, tuple(action.natural if c == action.wild else c
                                            for c in meld.cards))
            melds = replace_at(melds, action.target_seat,
                               replace_at(melds[action.target_seat], action.meld_index, swapped))
            dest = extended(melds[action.dest_seat][action.dest_index], (action.wild,),
                            action.dest_at_start)
            melds = replace_at(melds, action.dest_seat,
                               replace_at(melds[action.dest_seat], action.dest_index, dest))
            hand = without(hand, (action.natural,))
            events.append(MeldChanged(action.target_seat, action.meld_index, swapped))
            events.append(MeldChanged(action.dest_seat, action.dest_index, dest))
        state = evolve(state, hands=replace_at(state.hands, seat, hand), melds=melds,
                       played=True, known=replace_at(state.known, seat, tuple(
                           c for c in state.known[seat] if c in hand)))
        if not hand:
            events.append(WentOut(seat))
            return self._end_round(evolve(state, out_seat=seat), events)
        return state

    def _discard(self, state: ShanghaiState, seat: int, card: Card,
                 events: list[Event]) -> ShanghaiState:
        pile = state.discard_pile + (card,)
        turn = state.turn + 1
        changes = card_taken(state, seat, card)
        hand = changes["hands"][seat]
        changes.update(discard_pile=pile, discarder=seat, exposed=True, turn=turn)
        events.append(Discarded(seat, card))
        if self.may_i and self.options.shanghai_calls and self.targets_for(pile, state.melds):
            return evolve(state, phase=Phase.SHANGHAI, answered=(), requests=(), **changes)
        limit = self.options.round_turn_limit
        used_up = self._rebuilds_used_up(state.round_rebuilds)
        if hand and not (limit and turn >= limit) and (state.stock or not used_up):
            # The usual end of a turn: the discard and the next turn in one copy (what
            # ``_turn_over`` and ``_start_turn`` do, worked out from the changes).
            following = (seat + 1) % state.seats
            supply = len(state.stock) + (0 if used_up else len(pile) - 1)
            callers = self._callers(state.seats, following, seat, state.calls_used, supply)
            state = evolve(state, phase=Phase.CALLS if callers else Phase.DRAW,
                           current=following, took_discard=False, played=False, requests=(),
                           answered=(), **changes)
            # Who is awaited next, as ``awaiting`` would work it out: the callers, else
            # the player in turn.
            self._awaiting_memo = (state, callers or (following,))
            return state
        return self._turn_over(evolve(state, **changes), seat, events)

    def _turn_over(self, state: ShanghaiState, seat: int, events: list[Event]) -> ShanghaiState:
        if not state.hands[seat]:
            events.append(WentOut(seat))
            return self._end_round(evolve(state, out_seat=seat), events)
        limit = self.options.round_turn_limit
        if limit and state.turn >= limit:
            return self._end_round(state, events)
        return self._start_turn(state, (seat + 1) % state.seats, events)

    def _answer_shanghai(self, state: ShanghaiState, seat: int, action: Action,
                         events: list[Event]) -> ShanghaiState:
        claims = state.claims
        if isinstance(action, CallShanghai):
            events.append(Called(seat, "shanghai"))
            claims += ((seat, action.target_seat, action.meld_index, action.at_start),)
        else:
            events.append(Called(seat, "pass"))
        answered = state.answered + (seat,)
        discarder = state.discarder
        assert discarder is not None
        # The window stays open while a seat has not answered.
        waiting = _shanghai_awaited(state, answered)
        if waiting:
            state = evolve(state, answered=answered, claims=claims)
            self._awaiting_memo = (state, waiting)  # what ``awaiting`` would work out
            return state
        state = evolve(state, answered=(), claims=())
        if not claims:
            return self._turn_over(state, discarder, events)
        # The caller nearest the discarder's left wins and puts the card where he chose;
        # the discarder then draws a card at random from the caller's hand.
        order = _after(state.seats, discarder)
        winner, target, index, at_start = min(claims, key=lambda c: order.index(c[0]))
        card = state.discard_pile[-1]
        others = _in_turn_order(state.seats, discarder,
                                tuple(c[0] for c in claims if c[0] != winner))
        if others:
            events.append(CallWon("shanghai", card, winner, others, Precedence.NEARER,
                                  discarder))
        meld = extended(state.melds[target][index], (card,), at_start)
        state = evolve(state, discard_pile=state.discard_pile[:-1], exposed=False,
                       melds=replace_at(state.melds, target,
                                        replace_at(state.melds[target], index, meld)))
        events.append(MeldChanged(target, index, meld))
        hand = state.hands[winner]
        if hand:
            taken = hand[pick_index(len(hand), state.seed, "shanghai", state.draws)]
            was_known = taken in state.known[winner]
            state = evolve(
                state, draws=state.draws + 1,
                hands=replace_at(replace_at(state.hands, winner, without(hand, (taken,))),
                                 discarder, state.hands[discarder] + (taken,)),
                known=replace_at(replace_at(state.known, winner,
                                            without(state.known[winner], (taken,))),
                                 discarder, state.known[discarder] +
                                 ((taken,) if was_known else ())))
            events.append(CardsGiven(discarder, "shanghai", (), (taken,), 1, winner))
        if not state.hands[winner]:
            events.append(WentOut(winner))
            return self._end_round(evolve(state, out_seat=winner), events)
        return self._start_turn(state, (discarder + 1) % state.seats, events)

    # --- round end and scoring -------------------------------------------------------------

    def _end_round(self, state: ShanghaiState, events: list[Event]) -> ShanghaiState:
        points = tuple(sum(self.points(c) for c in hand) for hand in state.hands)
        gained = tuple((self.options.out_points_per_round * state.round
                        if self.may_i and seat == state.out_seat else 0)
                       for seat in range(state.seats))
        penalties = tuple(a + b for a, b in zip(state.penalties, points))
        earned = tuple(a + b for a, b in zip(state.earned, gained))
        state = evolve(state, penalties=penalties, earned=earned,
                       round_points=state.round_points + (points,),
                       round_earned=state.round_earned + (gained,))
        totals = self.totals(state)
        events.append(RoundScored(state.round, state.hands, points, totals, state.out_seat,
                                  state.melds))
        if state.round >= ROUNDS:
            state = evolve(state, phase=Phase.GAME_OVER, bonus=self._bonus(state))
            outcome = self.outcome(state)
            assert outcome is not None
            events.append(GameEnded(outcome.winners, outcome.scores))
            return state
        return self._deal(state, state.round + 1, (state.dealer + 1) % state.seats, events)

    def _bonus(self, state: ShanghaiState) -> tuple[int, ...]:
        if not self.may_i:
            return (0,) * state.seats
        fewest = min(state.penalties)
        return tuple(self.options.low_penalty_bonus if p == fewest else 0
                     for p in state.penalties)

    def totals(self, state: ShanghaiState) -> tuple[int, ...]:
        """May I: points earned (and the bonus at the end); buying: penalty points."""
        if not self.may_i:
            return state.penalties
        bonus = state.bonus or (0,) * state.seats
        return tuple(e + b for e, b in zip(state.earned, bonus))

    def standings(self, state: ShanghaiState) -> tuple[int, ...]:
        return self.totals(state)

    def outcome(self, state: ShanghaiState) -> Outcome | None:
        if state.phase is not Phase.GAME_OVER:
            return None
        totals = self.totals(state)
        best = max(totals) if self.may_i else min(totals)
        return Outcome(tuple(s for s, t in enumerate(totals) if t == best), totals,
                       places_for(totals, low_wins=not self.may_i))

    # --- observing -------------------------------------------------------------------------

    def observe(self, state: ShanghaiState, seat: int) -> ShanghaiView:
        awaiting = self.awaiting(state)
        return ShanghaiView(
            game_id=self.id, seat=seat, seats=state.seats, round=state.round,
            contract=CONTRACTS[state.round - 1], phase=state.phase, current=state.current,
            dealer=state.dealer, hand=state.hands[seat],
            hand_sizes=tuple(len(h) for h in state.hands), stock_size=len(state.stock),
            discard_pile=state.discard_pile, exposed=state.exposed, discarder=state.discarder,
            melds=state.melds, down=state.down, calls_used=state.calls_used,
            calls_allowed=self.call_limit, requests=state.requests,
            took_discard=state.took_discard, played=state.played, penalties=state.penalties,
            earned=state.earned, round_points=state.round_points,
            round_earned=state.round_earned, known=state.known, awaiting=awaiting,
            legal=self.legal_actions(state, seat) if seat in awaiting else (),
            bonus=state.bonus, answered=state.answered, out_seat=state.out_seat,
            claims=state.claims, draws=state.draws, turn=state.turn,
            reshuffles=state.reshuffles, round_rebuilds=state.round_rebuilds,
            options=self.options, tells=state.tells)

    def determinize(self, view: ShanghaiView, rng: random.Random,
                    shuffle_stock: bool = True) -> ShanghaiState:
        hands, stock = self.sample_zones(view, rng, shuffle_stock)
        # A take-back restores the hand and melds before this turn's plays: only the
        # seat to move may take back, and the search never does, so none is kept.
        current = view.current
        return ShanghaiState(
            seats=view.seats, seed=fresh_seed(rng), round=view.round, dealer=view.dealer,
            current=current, phase=view.phase, hands=hands, stock=stock,
            discard_pile=view.discard_pile, exposed=view.exposed, discarder=view.discarder,
            melds=view.melds, down=view.down, calls_used=view.calls_used,
            requests=view.requests, answered=view.answered, took_discard=view.took_discard,
            played=view.played, undo_hand=hands[current], undo_melds=view.melds,
            undo_down=view.down, penalties=view.penalties, earned=view.earned,
            round_points=view.round_points, round_earned=view.round_earned,
            known=view.known, reshuffles=view.reshuffles, draws=view.draws,
            turn=view.turn, out_seat=view.out_seat, bonus=view.bonus, claims=view.claims,
            round_rebuilds=view.round_rebuilds, tells=view.tells)

    def made_from_hands(self, template: RummyState, hands: tuple[tuple[Card, ...], ...]
                        ) -> dict[str, object]:
        """The take-back's hand is the hand to move's (see ``determinize``)."""
        return {"undo_hand": hands[cast(ShanghaiState, template).current]}

    def table_melds(self, state: ShanghaiState) -> list[tuple[Meld, MeldRules]]:
        return [(meld, self.rules) for melds in state.melds for meld in melds]


@register
class ShanghaiMayI(_Shanghai):
    id = "shanghai_may_i"
    title = msg("Shanghai with May I")
    # Translators: the game's name on a tab or a picker, where the whole title is too long
    short_title = msg("Shanghai: May I")
    menu_order = 20
    deal_prefix = "SM"
    low_scores_win = False  # points earned (RULES.md §4.5)
    seat_counts = range(2, 9)
    options_type = ShanghaiMayIOptions
    may_i = True


@register
class ShanghaiBuy(_Shanghai):
    id = "shanghai_buy"
    title = msg("Shanghai with buying")
    # Translators: the game's name on a tab or a picker, where the whole title is too long
    short_title = msg("Shanghai: buying")
    menu_order = 30
    deal_prefix = "SB"
    seat_counts = range(3, 9)
    options_type = ShanghaiBuyOptions
    may_i = False

