"""Monastery, the nine-mission rummy (RULES.md §2): missions in any order, rounds of 9.

Each round deals nine cards. A turn is a draw (stock or discard pile), at most one mission
laid down, lay-offs once the player has laid a mission this round, and a discard. The
round ends the moment a hand is empty (by playing or by the discard): hands are thrown
in and nothing is scored but the missions completed. A round is thrown in too when the
stock runs out after its rebuilds of the round (two by default; [APP], issue 12: every
round ends). The game ends the moment a player lays down his ninth mission.

Standard library only; the state is frozen plain data.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache
from typing import Any, ClassVar

from .actions import Action, Discard, Draw, LayMission, LayOff, discards_of, one_per_face
from .cards import Card, IdentityEnum, parse_zones, standard_deck
from .codec import serializable
from .data import evolve, replace_at, without
from .events import (
    Dealt,
    Discarded,
    Event,
    GameEnded,
    LaidOff,
    MeldsLaid,
    MissionCompleted,
    RoundScored,
    RoundStarted,
    StockExhausted,
    TurnedUp,
    WentOut,
)
from .melds import Meld, MeldKind, MeldRules
from .missions import (
    MISSIONS,
    RULES,
    GroupSpec,
    addition_problem,
    extended,
    find_missions,
    group_problem,
    is_ace,
    joining_rank,
    mission_problem,
    ordered,
    spec_of,
)
from .options import MonasteryOptions
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
from .text import msg
from .variant import Outcome, Transition, Variant, places_for, register

HAND_SIZE = 9


@lru_cache(maxsize=8192)
def joins(meld: Meld, spec: GroupSpec, cards: tuple[Card, ...], at_start: bool) -> bool:
    """Whether these cards may be added to this group at this end (``addition_problem``).
    Kept: the groups on the table meet the same cards turn after turn, in every world
    of a search."""
    return addition_problem(meld, spec, cards, at_start) is None


@lru_cache(maxsize=1024)
def _open_missions(done: tuple[int, ...]) -> tuple[int, ...]:
    """The missions not yet done, in order (asked of every hand the legal list sees; a
    seat's done missions, in the order it laid them: a few tuples a game)."""
    return tuple(number for number in MISSIONS if number not in done)


class Phase(IdentityEnum):
    DRAW = "draw"
    PLAY = "play"
    GAME_OVER = "game over"


def decks_for(seats: int) -> int:
    """RinkWorks' equipment (M-A1): 2 decks for 2–4 players, 3 for 5–6, 4 for 7–8."""
    return 2 if seats <= 4 else 3 if seats <= 6 else 4


@serializable
@dataclass(frozen=True)  # no slots: a dict-backed state copies in one merge (data.py)
class MonasteryState:
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
    """This round's groups on the table, per seat, in the order laid."""
    specs: tuple[tuple[tuple[int, int], ...], ...]
    """For each group in ``melds``: its mission and its place in that mission."""
    done: tuple[tuple[int, ...], ...]
    """The missions each seat has completed, in the order completed."""
    laid_this_turn: bool
    known: tuple[tuple[Card, ...], ...]
    """Cards each seat took from the discard pile and still holds: everyone saw them."""
    round_missions: tuple[tuple[tuple[int, ...], ...], ...]
    """Per finished round, the missions each seat completed in it."""
    reshuffles: int
    turn: int
    out_seat: int | None
    """Who emptied his hand and ended the last round (None: thrown in or game start)."""
    round_rebuilds: int = 0
    """Times the stock was rebuilt from the discard pile this round."""
    tells: Tells = NO_TELLS
    """What each seat threw and passed up this round, in public (see ``tells``)."""


@serializable
@dataclass(frozen=True, slots=True)
class MonasteryView(DiscardTop, TurnView):
    """One seat's observation of a Monastery game."""

    DRAW_PHASE: ClassVar[Enum] = Phase.DRAW
    PLAY_PHASE: ClassVar[Enum] = Phase.PLAY

    seat: int
    seats: int
    round: int
    dealer: int
    current: int
    phase: Phase
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    stock_size: int
    discard_pile: tuple[Card, ...]
    melds: tuple[tuple[Meld, ...], ...]
    specs: tuple[tuple[tuple[int, int], ...], ...]
    done: tuple[tuple[int, ...], ...]
    laid_this_turn: bool
    known: tuple[tuple[Card, ...], ...]
    round_missions: tuple[tuple[tuple[int, ...], ...], ...]
    out_seat: int | None
    awaiting: tuple[int, ...]
    legal: tuple[Action, ...]
    turn: int = 0
    reshuffles: int = 0
    round_rebuilds: int = 0
    options: MonasteryOptions = MonasteryOptions()
    """The house rules everyone agreed to (the search plays by them)."""
    tells: Tells = NO_TELLS
    """What each seat threw and passed up this round (everyone saw it)."""

    @property
    def game_id(self) -> str:
        return Monastery.id

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(len(done) for done in self.done)

    def laid(self, seat: int) -> bool:
        """Whether the seat has laid a mission this round (and so may add to groups)."""
        return bool(self.melds[seat])

    def open_missions(self, seat: int) -> tuple[int, ...]:
        return _open_missions(self.done[seat])

    def spec(self, seat: int, index: int) -> GroupSpec:
        return spec_of(*self.specs[seat][index])


@register
class Monastery(RummyZones, Variant[MonasteryState, MonasteryView]):
    id = "monastery"
    title = msg("Monastery (Nine Missions)")
    # Translators: the game's name on a tab or a picker, where the whole title is too long
    short_title = msg("Monastery")
    menu_order = 40
    deal_prefix = "MO"
    low_scores_win = False  # missions completed
    seat_counts = range(2, 9)
    rules_version = "1"
    options_type = MonasteryOptions
    state_type = MonasteryState
    options: MonasteryOptions

    def __init__(self, options: MonasteryOptions | None = None) -> None:
        super().__init__(options)
        self._apply_phase = {Phase.DRAW: self._apply_draw, Phase.PLAY: self._apply_play}

    # --- setting up --------------------------------------------------------------------

    def deck(self, seats: int) -> tuple[Card, ...]:
        return standard_deck(decks_for(seats))

    def new_game(self, seats: int, seed: int) -> Transition[MonasteryState]:
        self.check_seats(seats)
        dealer = pick_index(seats, seed, "first dealer")
        empty: tuple[tuple[Card, ...], ...] = tuple(() for _ in range(seats))
        state = MonasteryState(
            seats=seats, seed=seed, round=1, dealer=dealer, current=(dealer + 1) % seats,
            phase=Phase.DRAW, hands=empty, stock=(), discard_pile=(), melds=tuple(
                () for _ in range(seats)), specs=tuple(() for _ in range(seats)),
            done=tuple(() for _ in range(seats)), laid_this_turn=False, known=empty,
            round_missions=(), reshuffles=0, turn=0, out_seat=None)
        events: list[Event] = []
        state = self._deal(state, 1, dealer, events)
        return Transition(state, tuple(events))

    def _deal(self, state: MonasteryState, round_number: int, dealer: int,
              events: list[Event]) -> MonasteryState:
        """Shuffle every card (the table's too), deal nine each, turn one up."""
        seats = state.seats
        deck = list(shuffled(self.deck(seats), state.seed, "deal", round_number))
        hands: list[list[Card]] = [[] for _ in range(seats)]
        for _ in range(HAND_SIZE):
            for offset in range(1, seats + 1):
                hands[(dealer + offset) % seats].append(deck.pop())
        up_card = deck.pop()
        events.append(RoundStarted(round_number, dealer, HAND_SIZE))
        events.extend(Dealt(seat, HAND_SIZE, tuple(hand)) for seat, hand in enumerate(hands))
        events.append(TurnedUp(up_card))
        empty = tuple(() for _ in range(seats))
        return evolve(
            state, round=round_number, dealer=dealer, current=(dealer + 1) % seats,
            phase=Phase.DRAW, hands=tuple(tuple(hand) for hand in hands), stock=tuple(deck),
            discard_pile=(up_card,), melds=tuple(() for _ in range(seats)),
            specs=tuple(() for _ in range(seats)), laid_this_turn=False, known=empty, turn=0,
            out_seat=None, round_rebuilds=0, tells=Tells.fresh(seats))

    def position(self, hands: Sequence[str], *, discard: str = "", stock: str = "",
                 current: int = 0, phase: Phase = Phase.DRAW,
                 missions: dict[int, tuple[int, Sequence[str]]] | None = None,
                 done: dict[int, Sequence[int]] | None = None, seed: int = 0) -> MonasteryState:
        """A position in card notation, for scenario tests. ``missions`` maps a seat to
        the mission it laid this round and its groups, each written "set: 10S 10C 10S",
        "run: 8S 9S AS JS QS", "double run: …", "suit group: …", "even group: …"."""
        seats = len(hands)
        laid = missions or {}
        texts = [text for seat in sorted(laid) for text in laid[seat][1]]
        zones = parse_zones(*hands, stock, discard, *(t.split(":", 1)[1] for t in texts))
        melds: list[tuple[Meld, ...]] = [() for _ in range(seats)]
        specs: list[tuple[tuple[int, int], ...]] = [() for _ in range(seats)]
        index = seats + 2
        completed = {seat: list(done.get(seat, ())) if done else [] for seat in range(seats)}
        for seat in sorted(laid):
            number, groups = laid[seat]
            made = []
            for text in groups:
                made.append(Meld(MeldKind(text.split(":")[0].strip()), zones[index]))
                index += 1
            melds[seat] = ordered(MISSIONS[number], made)
            specs[seat] = tuple((number, i) for i in range(len(made)))
            if number not in completed[seat]:
                completed[seat].append(number)
        empty = tuple(() for _ in range(seats))
        return MonasteryState(
            seats=seats, seed=seed, round=1, dealer=(current - 1) % seats, current=current,
            phase=phase, hands=zones[:seats], stock=zones[seats], discard_pile=zones[seats + 1],
            melds=tuple(melds), specs=tuple(specs),
            done=tuple(tuple(completed[s]) for s in range(seats)), laid_this_turn=False,
            known=empty, round_missions=(), reshuffles=0, turn=seats, out_seat=None)

    # --- asking ------------------------------------------------------------------------

    def awaiting(self, state: MonasteryState) -> tuple[int, ...]:
        return () if state.phase is Phase.GAME_OVER else (state.current,)

    def _legal_actions(self, state: MonasteryState, seat: int) -> tuple[Action, ...]:
        if state.phase is Phase.GAME_OVER or seat != state.current:
            return ()
        if state.phase is Phase.DRAW:
            return legal_draws(state)
        hand = state.hands[seat]
        actions: list[Action] = []
        if not state.laid_this_turn:
            actions += self.mission_lay_downs(state, seat)
        if state.melds[seat]:
            actions += self.lay_offs(state, seat)
        actions += discards_of(one_per_face(hand))
        return tuple(actions)

    def mission_lay_downs(self, state: MonasteryState, seat: int) -> list[LayMission]:
        """One way to lay each open mission the hand can make now (at its least size)."""
        return [LayMission(number, melds) for number, melds in find_missions(
            state.hands[seat], _open_missions(state.done[seat]),
            self.options.same_rank_sets_in_mission)]

    def lay_offs(self, state: MonasteryState, seat: int) -> list[LayOff]:
        """Every single card (a pair, on a double run) the seat can add to a group."""
        hand = state.hands[seat]
        found: list[LayOff] = []
        seen: set[tuple[int, int, tuple[str, ...], bool]] = set()
        aces = [card for card in hand if is_ace(card)]
        by_rank: dict[int, list[Card]] = {}
        for card in hand:
            if not is_ace(card):
                by_rank.setdefault(int(card.rank), []).append(card)
        for owner, melds in enumerate(state.melds):
            for index, meld in enumerate(melds):
                ends = (False, True) if meld.kind in (MeldKind.RUN, MeldKind.DOUBLE_RUN) \
                    else (False,)
                # Only cards of the rank the group takes at an end (or aces) can join it
                # there: the others are not even tried.
                fits: dict[bool, set[Card]] = {}
                for at_start in ends:
                    rank = joining_rank(meld, at_start)
                    fits[at_start] = set(hand) if rank is None else \
                        set(aces).union(by_rank.get(rank, ()))
                if not any(fits.values()):
                    continue
                spec = spec_of(*state.specs[owner][index])
                either = [card for card in hand if any(card in f for f in fits.values())]
                chunks: list[tuple[Card, ...]] = [(card,) for card in either]
                if meld.kind is MeldKind.DOUBLE_RUN:
                    chunks = [(a, b) for i, a in enumerate(either) for b in either[i + 1:]]
                for chunk in chunks:
                    for at_start in ends:
                        if not all(card in fits[at_start] for card in chunk):
                            continue
                        key = (owner, index, tuple(sorted(c.face for c in chunk)), at_start)
                        if key in seen:
                            continue
                        if joins(meld, spec, chunk, at_start):
                            seen.add(key)
                            found.append(LayOff(owner, index, chunk, at_start))
        return found

    def _problem(self, state: MonasteryState, seat: int, action: Action) -> str | None:
        if state.phase is Phase.GAME_OVER:
            return msg("the game is over")
        if seat != state.current:
            return msg("it is not your turn")
        if state.phase is Phase.DRAW:
            return draw_problem(state, action)
        return self._play_problem(state, seat, action)

    def _play_problem(self, state: MonasteryState, seat: int, action: Action) -> str | None:
        hand = state.hands[seat]
        if isinstance(action, Draw):
            return msg("you have already drawn this turn")
        if isinstance(action, Discard):
            return None if action.card in hand else msg("that card is not in your hand")
        if isinstance(action, LayMission):
            return self._mission_problem(state, seat, action)
        if isinstance(action, LayOff):
            return self._lay_off_problem(state, seat, action)
        return msg("you can't {action} in Monastery", action=action.describe())

    def _mission_problem(self, state: MonasteryState, seat: int,
                         action: LayMission) -> str | None:
        mission = MISSIONS.get(action.mission)
        if mission is None:
            return msg("there are nine missions, numbered 1 to 9")
        if action.mission in state.done[seat]:
            return msg("you have already completed mission {mission}", mission=action.mission)
        if state.laid_this_turn:
            return msg("you may lay down only one mission a turn")
        used = [card for meld in action.melds for card in meld.cards]
        if len(set(used)) != len(used) or not set(used) <= set(state.hands[seat]):
            return msg("those cards are not all in your hand")
        return mission_problem(mission, action.melds, self.options.same_rank_sets_in_mission)

    def _lay_off_problem(self, state: MonasteryState, seat: int,
                         action: LayOff) -> str | None:
        if not state.melds[seat]:
            return msg("lay down a mission first: then you may add cards to missions this round")
        if not 0 <= action.target_seat < state.seats or \
                not 0 <= action.meld_index < len(state.melds[action.target_seat]):
            return msg("there is no such group on the table")
        cards = action.cards
        if len(set(cards)) != len(cards) or not set(cards) <= set(state.hands[seat]):
            return msg("those cards are not all in your hand")
        meld = state.melds[action.target_seat][action.meld_index]
        spec = spec_of(*state.specs[action.target_seat][action.meld_index])
        return addition_problem(meld, spec, cards, action.at_start)

    # --- applying ----------------------------------------------------------------------

    def _apply(self, state: MonasteryState, seat: int,
               action: Action) -> Transition[MonasteryState]:
        events: list[Event] = []
        state = self._apply_phase[state.phase](state, seat, action, events)
        return Transition(state, tuple(events))

    def _apply_draw(self, state: MonasteryState, seat: int, action: Action,
                    events: list[Event]) -> MonasteryState:
        assert isinstance(action, Draw)
        return evolve(state, phase=Phase.PLAY, **draw(state, seat, action.source, events).changes)

    def _apply_play(self, state: MonasteryState, seat: int, action: Action,
                    events: list[Event]) -> MonasteryState:
        if isinstance(action, LayMission):
            return self._lay_mission(state, seat, action, events)
        if isinstance(action, LayOff):
            meld = state.melds[action.target_seat][action.meld_index]
            grown = extended(meld, action.cards, action.at_start)
            state = self._take(state, seat, action.cards, melds=replace_at(
                state.melds, action.target_seat,
                replace_at(state.melds[action.target_seat], action.meld_index, grown)))
            events.append(LaidOff(seat, action.target_seat, action.meld_index, action.cards,
                                  action.at_start))
            return self._end_round(state, seat, events) if not state.hands[seat] else state
        assert isinstance(action, Discard)
        # One copy for the discard and the next turn (the usual end of a turn).
        card = action.card
        changes = card_taken(state, seat, card)
        changes["discard_pile"] = state.discard_pile + (card,)
        events.append(Discarded(seat, card))
        if not changes["hands"][seat]:
            return self._end_round(evolve(state, **changes), seat, events)
        return self._next_turn(state, events, changes)

    def _take(self, state: MonasteryState, seat: int, cards: Sequence[Card],
              **changes: Any) -> MonasteryState:
        """The state with these cards gone from the seat's hand (and any other
        ``changes`` made in the same copy)."""
        return evolve(state, **self._taken(state, seat, cards), **changes)

    def _taken(self, state: MonasteryState, seat: int,
               cards: Sequence[Card]) -> dict[str, Any]:
        """The changes that take these cards from the seat's hand (and from what others
        know it holds)."""
        gone = set(cards)
        return dict(hands=replace_at(state.hands, seat, without(state.hands[seat], gone)),
                    known=replace_at(state.known, seat, without(state.known[seat], gone)))

    def _lay_mission(self, state: MonasteryState, seat: int, action: LayMission,
                     events: list[Event]) -> MonasteryState:
        mission = MISSIONS[action.mission]
        melds = ordered(mission, action.melds)
        done = state.done[seat] + (action.mission,)
        state = self._take(
            state, seat, [card for meld in melds for card in meld.cards],
            laid_this_turn=True, done=replace_at(state.done, seat, done),
            melds=replace_at(state.melds, seat, state.melds[seat] + melds),
            specs=replace_at(state.specs, seat, state.specs[seat] + tuple(
                (action.mission, i) for i in range(len(melds)))))
        events.append(MeldsLaid(seat, melds))
        events.append(MissionCompleted(seat, action.mission, len(done)))
        if len(done) == len(MISSIONS):  # the ninth mission wins at once
            return self._end_round(state, None, events)
        if not state.hands[seat]:
            return self._end_round(state, seat, events)
        return state

    def _next_turn(self, state: MonasteryState, events: list[Event],
                   changes: dict[str, Any]) -> MonasteryState:
        """The next seat's turn, unless the round is thrown in (M-A12): nothing left to
        draw, a stock that may not be rebuilt again, or the turn cap. ``changes`` (the
        turn's last move) go into the same copy of the state."""
        turn = state.turn + 1
        limit = self.options.round_turn_limit
        pile = changes.get("discard_pile", state.discard_pile)
        exhausted = not state.stock and \
            rebuilds_used_up(self.options.stock_rebuilds_per_round, state.round_rebuilds)
        if exhausted:
            events.append(StockExhausted(state.round_rebuilds, thrown_in=True))
        if exhausted or (not state.stock and len(pile) <= 1) or (limit and turn >= limit):
            return self._end_round(evolve(state, turn=turn, **changes), None, events)
        return evolve(state, turn=turn, current=(state.current + 1) % state.seats,
                      phase=Phase.DRAW, laid_this_turn=False, **changes)

    def _record_round(self, state: MonasteryState) -> MonasteryState:
        """Note which missions each seat completed this round (for the score sheet)."""
        this_round = tuple(tuple(dict.fromkeys(m for m, _ in specs)) for specs in state.specs)
        return evolve(state, round_missions=state.round_missions + (this_round,))

    def _end_round(self, state: MonasteryState, out_seat: int | None,
                   events: list[Event]) -> MonasteryState:
        """A hand is empty, nothing can be drawn, or the ninth mission is down: hands are
        thrown in unseen; deal again unless the game is over."""
        if out_seat is not None:
            events.append(WentOut(out_seat))
        state = self._record_round(evolve(state, out_seat=out_seat))
        counts = tuple(len(done) for done in state.done)
        events.append(RoundScored(state.round, tuple(() for _ in range(state.seats)),
                                  tuple(len(m) for m in state.round_missions[-1]), counts,
                                  out_seat, state.melds))
        limit = self.options.round_limit
        if max(counts) == len(MISSIONS) or (limit and state.round >= limit):
            best = max(counts)
            events.append(GameEnded(tuple(s for s, c in enumerate(counts) if c == best),
                                    counts))
            return evolve(state, phase=Phase.GAME_OVER)
        return self._deal(state, state.round + 1, (state.dealer + 1) % state.seats, events)

    # --- observing ---------------------------------------------------------------------

    def observe(self, state: MonasteryState, seat: int) -> MonasteryView:
        awaiting = self.awaiting(state)
        return MonasteryView(
            seat=seat, seats=state.seats, round=state.round, dealer=state.dealer,
            current=state.current, phase=state.phase, hand=state.hands[seat],
            hand_sizes=tuple(len(hand) for hand in state.hands), stock_size=len(state.stock),
            discard_pile=state.discard_pile, melds=state.melds, specs=state.specs,
            done=state.done, laid_this_turn=state.laid_this_turn, known=state.known,
            round_missions=state.round_missions, out_seat=state.out_seat, awaiting=awaiting,
            legal=self.legal_actions(state, seat) if seat in awaiting else (),
            turn=state.turn, reshuffles=state.reshuffles,
            round_rebuilds=state.round_rebuilds, options=self.options, tells=state.tells)

    def determinize(self, view: MonasteryView, rng: random.Random,
                    shuffle_stock: bool = True) -> MonasteryState:
        hands, stock = self.sample_zones(view, rng, shuffle_stock)
        return MonasteryState(
            seats=view.seats, seed=fresh_seed(rng), round=view.round, dealer=view.dealer,
            current=view.current, phase=view.phase, hands=hands, stock=stock,
            discard_pile=view.discard_pile, melds=view.melds, specs=view.specs,
            done=view.done, laid_this_turn=view.laid_this_turn, known=view.known,
            round_missions=view.round_missions, reshuffles=view.reshuffles,
            turn=view.turn, out_seat=view.out_seat, round_rebuilds=view.round_rebuilds,
            tells=view.tells)

    def standings(self, state: MonasteryState) -> tuple[int, ...]:
        return tuple(len(done) for done in state.done)

    def outcome(self, state: MonasteryState) -> Outcome | None:
        if state.phase is not Phase.GAME_OVER:
            return None
        counts = tuple(len(done) for done in state.done)
        best = max(counts)
        reason = "complete" if best == len(MISSIONS) else "round limit"
        return Outcome(winners=tuple(s for s, c in enumerate(counts) if c == best),
                       scores=counts, places=places_for(counts, low_wins=False), reason=reason)

    # --- invariants --------------------------------------------------------------------

    def table_melds(self, state: MonasteryState) -> list[tuple[Meld, MeldRules]]:
        return [(meld, RULES) for melds in state.melds for meld in melds]

    def table_problems(self, state: MonasteryState) -> list[str]:
        problems: list[str] = []
        for seat, melds in enumerate(state.melds):
            for meld, spec in zip(melds, state.specs[seat]):
                reason = group_problem(meld, spec_of(*spec))
                if reason is not None:
                    # Translators: a meld's cards, then why the meld is not valid
                    problems.append(msg("{cards}: {reason}", cards=meld.cards, reason=reason))
        return problems
