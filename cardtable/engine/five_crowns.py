"""Five Crowns (RULES.md §6): eleven rounds, five suits, a wild rank that rotates.

Round r deals r + 2 cards and makes that rank wild (3s in round 1 … kings in round 11);
jokers are always wild. A turn is a draw (stock or discard pile) and a discard. A player
whose hand, after drawing, is all books and runs but one card lays them down and
discards it: he is out, and every other player has one final turn, with partial
lay-downs, before the hands are scored. With nobody out, a stock that runs out after
its rebuilds of the round (two by default) ends the round as it stands, every hand scored
([APP], issue 12: every round ends). Lowest total after the last round wins.

Standard library only; the state is frozen plain data.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum
from functools import cache, lru_cache
from typing import ClassVar

from .actions import Action, Discard, Draw, LayDown, LayOff, discards_of, one_per_face
from .arrange import Arrangement, best_arrangement
from .cards import SORT_KEY, Card, IdentityEnum, Rank, five_crowns_deck, parse_zones
from .codec import serializable
from .data import evolve, replace_at, without
from .events import (
    Dealt,
    Discarded,
    Event,
    GameEnded,
    MeldsLaid,
    RoundScored,
    RoundStarted,
    StockExhausted,
    TurnedUp,
    WentOut,
)
from .going_out import goes_out, going_out_melds, some_meld
from .melds import Meld, MeldRules, meld_problem
from .options import FiveCrownsOptions
from .rng import pick_index, shuffled
from .rummy import (
    DiscardTop,
    RummyZones,
    TurnView,
    card_taken,
    draw,
    draw_problem,
    legal_draws,
    rebuilds_used_up,
)
from .sampling import fresh_seed
from .tells import NO_TELLS, Tells
from .text import msg, nmsg
from .variant import Outcome, Transition, Variant, places_for, register

ROUNDS = 11


class Phase(IdentityEnum):
    DRAW = "draw"
    DISCARD = "discard"
    GAME_OVER = "game over"


def wild_rank(round_number: int) -> Rank:
    """The rank that is wild in a round: the number of cards dealt (3s … kings)."""
    return Rank(round_number + 2)


def hand_size(round_number: int) -> int:
    return round_number + 2


@cache
def meld_rules(round_number: int) -> MeldRules:
    return MeldRules(wild_ranks=frozenset({wild_rank(round_number)}), jokers_wild=True,
                     min_set=3, min_run=3, run_low=3, run_high=13, ace_values=(),
                     set_word="book")


@cache
def points_function(round_number: int) -> Callable[[Card], int]:
    """Penalty points of a card left in hand: face value, J 11, Q 12, K 13, joker 50,
    the round's wild rank 20 (RULES.md §6.2; a joker stays 50, FC-A13). A table's
    lookup, in C: the rollouts ask it some hundred thousand times a decision."""
    return _Points(wild_rank(round_number)).__getitem__


class _Points(dict[Card, int]):
    """Each card's points in one round, worked out the first time it is asked."""

    def __init__(self, wild: Rank) -> None:
        super().__init__()
        self.wild = wild

    def __missing__(self, card: Card) -> int:
        if card.rank is Rank.JOKER:
            points = 50
        elif card.rank is self.wild:
            points = 20
        else:
            points = int(card.rank)
        self[card] = points
        return points


def card_points(card: Card, round_number: int) -> int:
    return points_function(round_number)(card)


@lru_cache(maxsize=256)  # a small table: see five_crowns_bot.REMEMBERED
def _cached_arrangement(round_number: int, hand: tuple[Card, ...],
                        discard: bool) -> Arrangement:
    return best_arrangement(hand, meld_rules(round_number), points_function(round_number),
                            discard=discard)


def arrange_hand(hand: tuple[Card, ...] | list[Card], round_number: int,
                 discard: bool = False) -> Arrangement:
    """The least-penalty arrangement of a hand in a round (with a discard if asked)."""
    return _cached_arrangement(round_number, tuple(sorted(hand, key=SORT_KEY)), discard)


@serializable
@dataclass(frozen=True)  # no slots: a dict-backed state copies in one merge (data.py)
class FiveCrownsState:
    """Everything about a game in progress; the stock's and piles' tops are their ends."""

    seats: int
    seed: int
    round: int
    dealer: int
    current: int
    phase: Phase
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    discard_pile: tuple[Card, ...]
    melds: tuple[tuple[Meld, ...], ...]
    out_seat: int | None
    final_pending: tuple[int, ...]
    totals: tuple[int, ...]
    round_points: tuple[tuple[int, ...], ...]
    known: tuple[tuple[Card, ...], ...]
    """Cards each seat took from the discard pile and still holds: everyone saw them."""
    reshuffles: int
    turn: int
    """Turns completed this round (for the optional safety cap)."""
    round_rebuilds: int = 0
    """Times the stock was rebuilt from the discard pile this round."""
    tells: Tells = NO_TELLS
    """What each seat threw and passed up this round, in public (see ``tells``)."""


@serializable
@dataclass(frozen=True, slots=True)
class FiveCrownsView(DiscardTop, TurnView):
    """One seat's observation: its own hand and everything public, nothing else."""

    DRAW_PHASE: ClassVar[Enum] = Phase.DRAW
    PLAY_PHASE: ClassVar[Enum] = Phase.DISCARD

    seat: int
    seats: int
    round: int
    rounds: int
    wild_rank: Rank
    dealer: int
    current: int
    phase: Phase
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    stock_size: int
    discard_pile: tuple[Card, ...]
    melds: tuple[tuple[Meld, ...], ...]
    out_seat: int | None
    final_pending: tuple[int, ...]
    totals: tuple[int, ...]
    round_points: tuple[tuple[int, ...], ...]
    known: tuple[tuple[Card, ...], ...]
    awaiting: tuple[int, ...]
    legal: tuple[Action, ...]
    turn: int = 0
    reshuffles: int = 0
    round_rebuilds: int = 0
    options: FiveCrownsOptions = FiveCrownsOptions()
    """The house rules everyone agreed to (the search plays by them)."""
    tells: Tells = NO_TELLS
    """What each seat threw and passed up this round (everyone saw it)."""

    @property
    def game_id(self) -> str:
        return FiveCrowns.id

    @property
    def final_turn(self) -> bool:
        return self.out_seat is not None


@register
class FiveCrowns(RummyZones, Variant[FiveCrownsState, FiveCrownsView]):
    id = "five_crowns"
    title = msg("Five Crowns")
    menu_order = 10
    deal_prefix = "FC"
    seat_counts = range(2, 8)
    rules_version = "1"
    options_type = FiveCrownsOptions
    state_type = FiveCrownsState
    options: FiveCrownsOptions

    def __init__(self, options: FiveCrownsOptions | None = None) -> None:
        super().__init__(options)
        self._apply_phase = {Phase.DRAW: self._apply_draw, Phase.DISCARD: self._apply_discard}
        self._problem_phase = {Phase.DRAW: self._draw_problem,
                               Phase.DISCARD: self._discard_problem}

    # --- setting up --------------------------------------------------------------------

    def deck(self, seats: int) -> tuple[Card, ...]:
        return five_crowns_deck()

    def new_game(self, seats: int, seed: int) -> Transition[FiveCrownsState]:
        self.check_seats(seats)
        dealer = pick_index(seats, seed, "first dealer")
        empty = tuple(() for _ in range(seats))
        state = FiveCrownsState(
            seats=seats, seed=seed, round=1, dealer=dealer, current=(dealer + 1) % seats,
            phase=Phase.DRAW, hands=empty, stock=(), discard_pile=(), melds=empty,
            out_seat=None, final_pending=(), totals=(0,) * seats, round_points=(),
            known=empty, reshuffles=0, turn=0)
        events: list[Event] = []
        state = self._deal(state, 1, dealer, events)
        return Transition(state, tuple(events))

    def _deal(self, state: FiveCrownsState, round_number: int, dealer: int,
              events: list[Event]) -> FiveCrownsState:
        """Shuffle both decks, deal one at a time from the dealer's left, turn one up."""
        seats = state.seats
        deck = list(shuffled(five_crowns_deck(), state.seed, "deal", round_number))
        size = hand_size(round_number)
        hands: list[list[Card]] = [[] for _ in range(seats)]
        for _ in range(size):
            for offset in range(1, seats + 1):
                hands[(dealer + offset) % seats].append(deck.pop())
        up_card = deck.pop()
        empty = tuple(() for _ in range(seats))
        events.append(RoundStarted(round_number, dealer, size, wild_rank(round_number)))
        events.extend(Dealt(seat, size, tuple(hand)) for seat, hand in enumerate(hands))
        events.append(TurnedUp(up_card))
        return evolve(
            state, round=round_number, dealer=dealer, current=(dealer + 1) % seats,
            phase=Phase.DRAW, hands=tuple(tuple(hand) for hand in hands), stock=tuple(deck),
            discard_pile=(up_card,), melds=empty, out_seat=None, final_pending=(),
            known=empty, turn=0, round_rebuilds=0, tells=Tells.fresh(seats))

    def position(self, hands: Sequence[str], *, round_number: int = 1, discard: str = "",
                 stock: str = "", current: int = 0, dealer: int | None = None,
                 phase: Phase = Phase.DRAW, out_seat: int | None = None,
                 final_pending: Sequence[int] = (), totals: Sequence[int] | None = None,
                 seed: int = 0) -> FiveCrownsState:
        """A position written in card notation, for scenario tests: the zones hold just
        the cards named (piles listed bottom to top), not a whole deck."""
        seats = len(hands)
        zones = parse_zones(*hands, stock, discard)
        empty = tuple(() for _ in range(seats))
        return FiveCrownsState(
            seats=seats, seed=seed, round=round_number,
            dealer=(current - 1) % seats if dealer is None else dealer, current=current,
            phase=phase, hands=zones[:seats], stock=zones[seats], discard_pile=zones[seats + 1],
            melds=empty, out_seat=out_seat, final_pending=tuple(final_pending),
            totals=tuple(totals) if totals is not None else (0,) * seats, round_points=(),
            known=empty, reshuffles=0, turn=seats)

    # --- asking ------------------------------------------------------------------------

    def awaiting(self, state: FiveCrownsState) -> tuple[int, ...]:
        return () if state.phase is Phase.GAME_OVER else (state.current,)

    def _legal_actions(self, state: FiveCrownsState, seat: int) -> tuple[Action, ...]:
        if state.phase is Phase.GAME_OVER or seat != state.current:
            return ()
        if state.phase is Phase.DRAW:
            return legal_draws(state)
        hand = state.hands[seat]
        actions: list[Action] = list(discards_of(one_per_face(hand)))
        lay_down = self.suggested_lay_down(state, seat)
        if lay_down is not None:
            actions.append(lay_down)
        return tuple(actions)

    def suggested_lay_down(self, state: FiveCrownsState, seat: int) -> LayDown | None:
        """A lay-down for the seat to move, proving one can be made: going out (any way:
        all score nothing), or in a final turn one group (any lay-down is legal there);
        ``None`` when there is none to make. The bots, hints and the table weigh the
        least-penalty lay-down themselves (``arrange_hand``)."""
        if state.phase is not Phase.DISCARD or seat != state.current:
            return None
        hand = state.hands[seat]
        if state.out_seat is not None:
            group = some_meld(hand, meld_rules(state.round))
            if group is not None:
                lay_down = LayDown((group[0],), group[1])
                if self._lay_down_problem(state, seat, lay_down) is None:
                    return lay_down
            # Trying every group of three misses none (tested on many hands); the full
            # arrangement stands in should it ever.
        else:
            if not self.options.out_on_first_turn and state.turn < state.seats:
                return None
            rules = meld_rules(state.round)
            if not goes_out(hand, rules):
                return None
            found = going_out_melds(hand, rules)
            if found is not None:
                lay_down = LayDown(*found)
                if self._lay_down_problem(state, seat, lay_down) is None:
                    return lay_down
            # The proof always builds (tested on many hands); the full arrangement
            # stands in should it ever not.
        best = arrange_hand(hand, state.round, discard=True)
        if best.discard is None:
            return None
        if state.out_seat is None and not best.goes_out:
            return None
        if state.out_seat is None and not self.options.out_on_first_turn \
                and state.turn < state.seats:
            return None
        if not best.melds:
            return None
        return LayDown(best.melds, best.discard)

    def _problem(self, state: FiveCrownsState, seat: int, action: Action) -> str | None:
        if state.phase is Phase.GAME_OVER:
            return msg("the game is over")
        if seat != state.current:
            return msg("it is not your turn")
        return self._problem_phase[state.phase](state, seat, action)

    def _draw_problem(self, state: FiveCrownsState, seat: int, action: Action) -> str | None:
        return draw_problem(state, action)

    def _discard_problem(self, state: FiveCrownsState, seat: int, action: Action) -> str | None:
        hand = state.hands[seat]
        if isinstance(action, Draw):
            return msg("you have already drawn this turn; now discard")
        if isinstance(action, Discard):
            return None if action.card in hand else msg("that card is not in your hand")
        if isinstance(action, LayOff):
            return msg("you may not play on another player's melds in Five Crowns") \
                if action.target_seat != seat else \
                msg("in Five Crowns you lay all your books and runs down at once")
        if isinstance(action, LayDown):
            return self._lay_down_problem(state, seat, action)
        return msg("you can't {action} in Five Crowns", action=action.describe())

    def _lay_down_problem(self, state: FiveCrownsState, seat: int,
                          action: LayDown) -> str | None:
        hand = state.hands[seat]
        used = [card for meld in action.melds for card in meld.cards] + [action.discard]
        if len(set(used)) != len(used) or not set(used) <= set(hand):
            return msg("those cards are not all in your hand")
        rules = meld_rules(state.round)
        for meld in action.melds:
            reason = meld_problem(meld, rules)
            if reason is not None:
                # Translators: why a meld is not valid, then the meld's cards
                return msg("{reason} ({cards})", reason=reason, cards=meld.cards)
        if state.out_seat is None:
            left = len(hand) - len(used)
            if left:
                return nmsg("you can lay down only to go out: every card but the discard "
                            "must be in books and runs ({count} left over)",
                            "you can lay down only to go out: every card but the discard "
                            "must be in books and runs ({count} left over)", left)
            if not self.options.out_on_first_turn and state.turn < state.seats:
                return msg("going out on the first turn is off in this game's options")
        return None

    # --- applying ----------------------------------------------------------------------

    def _apply(self, state: FiveCrownsState, seat: int,
               action: Action) -> Transition[FiveCrownsState]:
        events: list[Event] = []
        state = self._apply_phase[state.phase](state, seat, action, events)
        return Transition(state, tuple(events))

    def _apply_draw(self, state: FiveCrownsState, seat: int, action: Action,
                    events: list[Event]) -> FiveCrownsState:
        assert isinstance(action, Draw)
        return evolve(state, phase=Phase.DISCARD,
                      **draw(state, seat, action.source, events).changes)

    def _apply_discard(self, state: FiveCrownsState, seat: int, action: Action,
                       events: list[Event]) -> FiveCrownsState:
        laid: tuple[Meld, ...] = ()
        if isinstance(action, Discard):
            discard = action.card
        else:
            assert isinstance(action, LayDown)
            discard, laid = action.discard, action.melds
        out_seat, pending = state.out_seat, state.final_pending
        if laid:
            events.append(MeldsLaid(seat, laid))
        events.append(Discarded(seat, discard))
        went_out = out_seat is None and isinstance(action, LayDown)
        if went_out:
            out_seat = seat
            pending = tuple((seat + offset) % state.seats for offset in range(1, state.seats))
            events.append(WentOut(seat))
        elif out_seat is not None:
            pending = pending[1:]  # this seat's final turn is done
        turn = state.turn + 1
        # Whose turn next: clockwise, or the next final turn; none left ends the round.
        # With nobody out, the turn cap or a stock that may not be rebuilt again ends it
        # as it stands; final turns always run to the end (there are never more than the
        # seats, and the stock is rebuilt for them if need be).
        limit = self.options.round_turn_limit
        exhausted = out_seat is None and not state.stock and \
            rebuilds_used_up(self.options.stock_rebuilds_per_round, state.round_rebuilds)
        if exhausted:
            events.append(StockExhausted(state.round_rebuilds))
        round_over = (out_seat is not None and not pending) or exhausted or \
            (out_seat is None and limit > 0 and turn >= limit)
        current = state.current
        if not round_over:
            current = pending[0] if out_seat is not None else (seat + 1) % state.seats
        if laid:
            gone = {card for meld in laid for card in meld.cards} | {discard}
            changes = dict(
                hands=replace_at(state.hands, seat, without(state.hands[seat], gone)),
                known=replace_at(state.known, seat, without(state.known[seat], gone)),
                melds=replace_at(state.melds, seat, state.melds[seat] + laid),
                tells=state.tells.threw(seat, discard))
        else:  # a plain discard, the usual turn's end: one card leaves the hand
            changes = card_taken(state, seat, discard)
        state = evolve(
            state, discard_pile=state.discard_pile + (discard,), out_seat=out_seat,
            final_pending=pending, turn=turn, current=current, phase=Phase.DRAW, **changes)
        return self._end_round(state, events) if round_over else state

    def _end_round(self, state: FiveCrownsState, events: list[Event]) -> FiveCrownsState:
        points_of = points_function(state.round)
        points = tuple(sum(points_of(card) for card in hand) for hand in state.hands)
        totals = tuple(total + add for total, add in zip(state.totals, points))
        events.append(RoundScored(state.round, state.hands, points, totals, state.out_seat,
                                  state.melds))
        state = evolve(state, totals=totals,
                                    round_points=state.round_points + (points,))
        if state.round >= self.options.rounds:
            best = min(totals)
            events.append(GameEnded(tuple(s for s, t in enumerate(totals) if t == best), totals))
            return evolve(state, phase=Phase.GAME_OVER)
        return self._deal(state, state.round + 1, (state.dealer + 1) % state.seats, events)

    # --- observing ---------------------------------------------------------------------

    def observe(self, state: FiveCrownsState, seat: int) -> FiveCrownsView:
        awaiting = self.awaiting(state)
        return FiveCrownsView(
            seat=seat, seats=state.seats, round=state.round, rounds=self.options.rounds,
            wild_rank=wild_rank(state.round), dealer=state.dealer, current=state.current,
            phase=state.phase, hand=state.hands[seat],
            hand_sizes=tuple(len(hand) for hand in state.hands), stock_size=len(state.stock),
            discard_pile=state.discard_pile, melds=state.melds, out_seat=state.out_seat,
            final_pending=state.final_pending, totals=state.totals,
            round_points=state.round_points, known=state.known, awaiting=awaiting,
            legal=self.legal_actions(state, seat) if seat in awaiting else (),
            turn=state.turn, reshuffles=state.reshuffles,
            round_rebuilds=state.round_rebuilds, options=self.options, tells=state.tells)

    def determinize(self, view: FiveCrownsView, rng: random.Random,
                    shuffle_stock: bool = True) -> FiveCrownsState:
        hands, stock = self.sample_zones(view, rng, shuffle_stock)
        return FiveCrownsState(
            seats=view.seats, seed=fresh_seed(rng), round=view.round, dealer=view.dealer,
            current=view.current, phase=view.phase, hands=hands, stock=stock,
            discard_pile=view.discard_pile, melds=view.melds, out_seat=view.out_seat,
            final_pending=view.final_pending, totals=view.totals,
            round_points=view.round_points, known=view.known, reshuffles=view.reshuffles,
            turn=view.turn, round_rebuilds=view.round_rebuilds, tells=view.tells)

    def standings(self, state: FiveCrownsState) -> tuple[int, ...]:
        return state.totals

    def outcome(self, state: FiveCrownsState) -> Outcome | None:
        if state.phase is not Phase.GAME_OVER:
            return None
        best = min(state.totals)
        return Outcome(winners=tuple(s for s, t in enumerate(state.totals) if t == best),
                       scores=state.totals, places=places_for(state.totals, low_wins=True))

    # --- invariants --------------------------------------------------------------------

    def table_melds(self, state: FiveCrownsState) -> list[tuple[Meld, MeldRules]]:
        rules = meld_rules(state.round)
        return [(meld, rules) for melds in state.melds for meld in melds]
