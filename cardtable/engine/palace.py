"""Palace with straights (RULES.md §3): shed a hand, a visible reserve and a hidden one.

Setup, seat by seat from the person's chair (seat 0) clockwise (P-A11): nine face-down
cards each; the seat picks three blind as its hidden reserve, then puts three placements
from the other six face up as its visible reserve, drawing back up to three as it goes.
Play starts with seat 0, always (the seed's "the user always goes first"). A turn is a
placement on the stack; an ace burns the stack and the seat places again; a seat that
cannot place takes the stack. An empty hand takes the visible reserve at once; with
both gone a turn is one blind hidden card. The first seat with no cards left wins.

Standard library only; the state is frozen plain data.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import chain, combinations
from typing import Any

from .actions import Action, BuildReserve, PickHidden, Pile, Place, PlayHidden, TakeStack
from .cards import Card, IdentityEnum, parse_zones, standard_deck
from .codec import serializable
from .data import evolve, replace_at, without, without_one
from .events import (
    Burned,
    Dealt,
    Drew,
    Event,
    GameEnded,
    HiddenPicked,
    HiddenRevealed,
    Placed,
    ReserveBuilt,
    ReserveTaken,
    StackTaken,
)
from .memo import IdentityMemo
from .options import PalaceOptions
from .placements import (
    in_order,
    laid,
    legal_placements,
    placements,
    shape_problem,
    stack_problem,
    top_value,
)
from .rng import shuffled
from .sampling import deck_less, fill_hands, fresh_seed, take
from .text import msg, nmsg
from .variant import Outcome, Transition, Variant, places_for, register

DEALT = 9
HIDDEN = 3
RESERVE_PLACEMENTS = 3
HAND_MINIMUM = 3


PICKS = tuple(PickHidden(p) for p in combinations(range(DEALT), HIDDEN))
"""Every blind pick of the hidden reserve (the same list for every seat and state)."""
HIDDEN_PLAYS = tuple(tuple(PlayHidden(i) for i in range(count)) for count in range(HIDDEN + 1))
"""A seat's blind hidden-card plays, by how many hidden cards it has left."""
TAKE_STACK = TakeStack()
PLAY_LISTS_KEPT = 4096
"""Hands (with the rank to beat) whose moves in play are remembered (:func:`play_actions`)."""


@lru_cache(maxsize=PLAY_LISTS_KEPT)
def play_actions(hand: tuple[Card, ...], top: int | None) -> tuple[Action, ...]:
    """A hand's moves in play on a stack whose rank to beat is ``top``: every placement
    that goes, or taking the stack if none does. Remembered: the Hard search's rollouts
    meet the same hand on the same stack move after move (every candidate is played in
    the same world with the same luck), and listing was a third of a rollout's time.
    Shared lists of the same action objects are never stale: what a hand may place on
    a rank depends on nothing else."""
    legal = legal_placements(hand, top)
    return tuple(map(_place_of, legal)) if legal else (TAKE_STACK,)


@lru_cache(maxsize=PLAY_LISTS_KEPT)
def build_actions(hand: tuple[Card, ...], deck_size: int, made: int) -> tuple[Action, ...]:
    """A hand's moves in setup with ``made`` reserve placements made and ``deck_size``
    cards in the deck (no more than three counts: no more are drawn at once): every
    placement the hand can keep (see ``Palace._keep_problem``). Remembered, as
    :func:`play_actions` is: the rollouts of a decision in setup meet the same hands."""
    return tuple([BuildReserve(cards) for cards in placements(hand)
                  if keep_problem(len(hand), deck_size, made, len(cards)) is None])


def keep_problem(hand_size: int, deck_size: int, made: int, placed: int) -> str | None:
    """``Palace._keep_problem`` of a reserve placement of ``placed`` cards from a hand of
    ``hand_size``, with ``made`` reserve placements made and ``deck_size`` in the deck."""
    left = hand_size - placed
    after = left + min(deck_size, max(0, HAND_MINIMUM - left))
    still = RESERVE_PLACEMENTS - made - 1
    need = still + 1
    if after >= need:
        return None
    if not still:
        return nmsg("keep at least {count} card in your hand: the deck cannot refill it and "
                    "you need a hand to start play",
                    "keep at least {count} cards in your hand: the deck cannot refill it and "
                    "you need a hand to start play", need)
    # Translators: {placements} is "1 more reserve placement", "2 more reserve placements"
    return nmsg("keep at least {count} card in your hand: the deck cannot refill it and "
                "you have {placements} to make",
                "keep at least {count} cards in your hand: the deck cannot refill it and "
                "you have {placements} to make", need,
                placements=nmsg("{count} more reserve placement",
                                "{count} more reserve placements", still))


def hidden_plays(count: int) -> tuple[Action, ...]:
    """A seat's moves in play with its hand gone: a blind play of any hidden card."""
    return HIDDEN_PLAYS[count] if count <= HIDDEN else tuple(PlayHidden(i) for i in range(count))


_place_of = lru_cache(maxsize=PLAY_LISTS_KEPT)(Place)
"""One ``Place`` of each placement listed lately (most lists share most of them)."""


class Phase(IdentityEnum):
    PICK_HIDDEN = "pick hidden"
    BUILD_RESERVE = "build reserve"
    PLAY = "play"
    GAME_OVER = "game over"


def decks_for(seats: int) -> int:
    """One deck for 2–4 players, two for 5–6 (P-A1)."""
    return 1 if seats <= 4 else 2


@serializable
@dataclass(frozen=True)  # no slots: a dict-backed state copies in one merge (data.py)
class PalaceState:
    seats: int
    seed: int
    phase: Phase
    current: int
    hands: tuple[tuple[Card, ...], ...]
    face_down: tuple[tuple[Card, ...], ...]
    """Setup: the nine cards dealt face down to a seat that has not picked yet."""
    hidden: tuple[tuple[Card, ...], ...]
    reserves: tuple[tuple[tuple[Card, ...], ...], ...]
    """Each seat's visible reserve: up to three face-up placements."""
    deck: tuple[Card, ...]
    stack: tuple[tuple[Card, ...], ...]
    """The placements on the stack, the top one last."""
    burned: tuple[Card, ...]
    known: tuple[tuple[Card, ...], ...]
    """Cards in each hand that every seat saw go there (the stack, the reserve)."""
    again: bool
    """The current seat burned the stack and places again."""
    placements: int
    turn: int
    winner: int | None


@serializable
@dataclass(frozen=True, slots=True)
class PalaceView:
    seat: int
    seats: int
    phase: Phase
    current: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    face_down_counts: tuple[int, ...]
    hidden_counts: tuple[int, ...]
    reserves: tuple[tuple[tuple[Card, ...], ...], ...]
    deck_size: int
    stack: tuple[tuple[Card, ...], ...]
    burned: tuple[Card, ...]
    known: tuple[tuple[Card, ...], ...]
    again: bool
    placements: int
    winner: int | None
    awaiting: tuple[int, ...]
    legal: tuple[Action, ...]
    turn: int = 0
    options: PalaceOptions = PalaceOptions()
    """The house rules everyone agreed to (the search plays by them)."""

    @property
    def game_id(self) -> str:
        return Palace.id

    @property
    def top(self) -> int | None:
        """The rank to beat (2 … 14, ace high), or ``None`` on an empty stack."""
        return top_value(self.stack)

    @property
    def stack_size(self) -> int:
        return sum(len(placement) for placement in self.stack)

    def cards_left(self, seat: int) -> int:
        return self.hand_sizes[seat] + self.hidden_counts[seat] + \
            self.face_down_counts[seat] + sum(len(p) for p in self.reserves[seat])


@register
class Palace(Variant[PalaceState, PalaceView]):
    id = "palace"
    title = msg("Palace with straights")
    # Translators: the game's name on a tab or a picker, where the whole title is too long
    short_title = msg("Palace")
    menu_order = 50
    deal_prefix = "PA"
    seat_counts = range(2, 7)
    rules_version = "1"
    options_type = PalaceOptions
    state_type = PalaceState
    options: PalaceOptions

    # --- setting up --------------------------------------------------------------------

    def deck(self, seats: int) -> tuple[Card, ...]:
        return standard_deck(decks_for(seats))

    def new_game(self, seats: int, seed: int) -> Transition[PalaceState]:
        """Deal nine face down to each seat, from seat 0 round the table."""
        self.check_seats(seats)
        deck = list(shuffled(self.deck(seats), seed, "deal"))
        face_down: list[list[Card]] = [[] for _ in range(seats)]
        for _ in range(DEALT):
            for seat in range(seats):
                face_down[seat].append(deck.pop())
        empty: tuple[tuple[Card, ...], ...] = tuple(() for _ in range(seats))
        state = PalaceState(
            seats=seats, seed=seed, phase=Phase.PICK_HIDDEN, current=0, hands=empty,
            face_down=tuple(tuple(cards) for cards in face_down), hidden=empty,
            reserves=tuple(() for _ in range(seats)), deck=tuple(deck), stack=(), burned=(),
            known=empty, again=False, placements=0, turn=0, winner=None)
        return Transition(state, tuple(Dealt(seat, DEALT) for seat in range(seats)))

    def position(self, hands: Sequence[str], *, stack: Sequence[str] = (), deck: str = "",
                 hidden: Sequence[str] = (), reserves: Sequence[Sequence[str]] = (),
                 current: int = 0, seed: int = 0) -> PalaceState:
        """A position in play, in card notation, for scenario tests: ``stack`` lists the
        placements bottom to top ("5S 6H 7D"); ``reserves`` each seat's placements."""
        seats = len(hands)
        hidden_texts = list(hidden) + [""] * (seats - len(hidden))
        reserve_texts = [list(r) for r in reserves] + [[] for _ in range(seats - len(reserves))]
        flat = [text for texts in reserve_texts for text in texts]
        zones = parse_zones(*hands, deck, *hidden_texts, *stack, *flat)
        cursor = 2 * seats + 1 + len(stack)
        built: list[tuple[tuple[Card, ...], ...]] = []
        for texts in reserve_texts:
            built.append(tuple(zones[cursor + i] for i in range(len(texts))))
            cursor += len(texts)
        empty: tuple[tuple[Card, ...], ...] = tuple(() for _ in range(seats))
        return PalaceState(
            seats=seats, seed=seed, phase=Phase.PLAY, current=current, hands=zones[:seats],
            face_down=empty, hidden=zones[seats + 1:2 * seats + 1], reserves=tuple(built),
            deck=zones[seats], stack=zones[2 * seats + 1:2 * seats + 1 + len(stack)],
            burned=(), known=empty, again=False, placements=0, turn=seats, winner=None)

    # --- asking ------------------------------------------------------------------------

    def awaiting(self, state: PalaceState) -> tuple[int, ...]:
        return () if state.phase is Phase.GAME_OVER else (state.current,)

    def _legal_actions(self, state: PalaceState, seat: int) -> tuple[Action, ...]:
        if state.phase is Phase.GAME_OVER or seat != state.current:
            return ()
        if state.phase is Phase.PICK_HIDDEN:
            return PICKS
        hand = state.hands[seat]
        if state.phase is Phase.BUILD_RESERVE:
            return build_actions(hand, min(len(state.deck), HAND_MINIMUM),
                                 len(state.reserves[seat]))
        if not hand:
            return hidden_plays(len(state.hidden[seat]))
        return play_actions(hand, top_value(state.stack))

    def _problem(self, state: PalaceState, seat: int, action: Action) -> str | None:
        if state.phase is Phase.GAME_OVER:
            return msg("the game is over")
        if seat != state.current:
            return msg("it is not your turn")
        if state.phase is Phase.PICK_HIDDEN:
            return self._pick_problem(action)
        if state.phase is Phase.BUILD_RESERVE:
            return self._reserve_problem(state, seat, action)
        return self._play_problem(state, seat, action)

    def _pick_problem(self, action: Action) -> str | None:
        if not isinstance(action, PickHidden):
            return msg("first choose three of your face-down cards as your hidden reserve")
        chosen = action.positions
        if len(chosen) != HIDDEN or len(set(chosen)) != HIDDEN:
            return msg("choose exactly three different face-down cards")
        if not all(0 <= p < DEALT for p in chosen):
            return msg("choose among your nine face-down cards")
        return None

    def _reserve_problem(self, state: PalaceState, seat: int, action: Action) -> str | None:
        if not isinstance(action, BuildReserve):
            return msg("first make your visible reserve: three placements from your hand")
        cards = action.cards
        if len(set(cards)) != len(cards) or not set(cards) <= set(state.hands[seat]):
            return msg("those cards are not all in your hand")
        return shape_problem(cards) or self._keep_problem(state, seat, cards)

    def _keep_problem(self, state: PalaceState, seat: int,
                      cards: Sequence[Card]) -> str | None:
        """[APP] With the deck run dry, a reserve placement must leave a card in hand for
        each placement still to make and one to start play with (the seed's "all
        players have 3 cards" cannot always hold when big placements empty the deck)."""
        return keep_problem(len(state.hands[seat]), len(state.deck),
                            len(state.reserves[seat]), len(cards))

    def _play_problem(self, state: PalaceState, seat: int, action: Action) -> str | None:
        hand = state.hands[seat]
        if isinstance(action, PlayHidden):
            if hand:
                return msg("play from your hand: hidden cards come last")
            if not 0 <= action.position < len(state.hidden[seat]):
                return msg("choose one of your hidden cards")
            return None
        if not hand:
            return msg("your hand and visible reserve are gone: turn up one of your hidden cards")
        if isinstance(action, TakeStack):
            if not state.stack:
                return msg("the stack is empty: place any card")
            if legal_placements(hand, top_value(state.stack)):
                return msg("you can place a card: you take the stack only when you cannot")
            return None
        if isinstance(action, Place):
            cards = action.cards
            if len(set(cards)) != len(cards) or not set(cards) <= set(hand):
                return msg("those cards are not all in your hand")
            return stack_problem(cards, top_value(state.stack))
        return msg("you can't {action} in Palace", action=action.describe())

    # --- applying ----------------------------------------------------------------------

    def _apply(self, state: PalaceState, seat: int, action: Action) -> Transition[PalaceState]:
        events: list[Event] = []
        state = self._carry_out(state, seat, action, events)
        return Transition(state, tuple(events))

    def _carry_out(self, state: PalaceState, seat: int, action: Action,
                   events: list[Event]) -> PalaceState:
        """The state after an action already validated, its events added to ``events``."""
        if isinstance(action, Place):  # the usual move first
            return self._place(state, seat, action.cards, events)
        if isinstance(action, PickHidden):
            return self._pick(state, seat, action, events)
        if isinstance(action, BuildReserve):
            return self._build(state, seat, action.cards, events)
        if isinstance(action, TakeStack):
            return self._take_stack(state, seat, (), events)
        assert isinstance(action, PlayHidden)
        return self._play_hidden(state, seat, action.position, events)

    def _pick(self, state: PalaceState, seat: int, action: PickHidden,
              events: list[Event]) -> PalaceState:
        cards = state.face_down[seat]
        hidden = tuple(cards[p] for p in action.positions)
        hand = tuple(card for p, card in enumerate(cards) if p not in action.positions)
        events.append(HiddenPicked(seat, action.positions))
        events.append(Dealt(seat, len(hand), hand))
        return evolve(state, phase=Phase.BUILD_RESERVE,
                      face_down=replace_at(state.face_down, seat, ()),
                      hidden=replace_at(state.hidden, seat, hidden),
                      hands=replace_at(state.hands, seat, hand))

    def _build(self, state: PalaceState, seat: int, cards: tuple[Card, ...],
               events: list[Event]) -> PalaceState:
        state = self._take(state, seat, cards)
        cards = in_order(cards)
        reserve = state.reserves[seat] + (cards,)
        state = evolve(state, reserves=replace_at(state.reserves, seat, reserve))
        events.append(ReserveBuilt(seat, cards))
        state = self._refill(state, seat, events)
        if len(reserve) < RESERVE_PLACEMENTS:
            return state
        if seat + 1 < state.seats:
            return evolve(state, phase=Phase.PICK_HIDDEN, current=seat + 1)
        return evolve(state, phase=Phase.PLAY, current=0)

    def _place(self, state: PalaceState, seat: int, cards: tuple[Card, ...],
               events: list[Event], hidden: bool = False) -> PalaceState:
        # One copy of the state for the placement, the burn and the refill (the
        # engine's hottest path in Palace).
        hand, known = state.hands[seat], state.known[seat]
        if not hidden:
            hand, known = placed_from(hand, known, cards)
        cards, again = laid(cards)
        events.append(Placed(seat, cards, hidden))
        changes: dict[str, Any] = {"placements": state.placements + 1}
        if again:
            gone = tuple(chain.from_iterable(state.stack)) + cards
            changes["stack"], changes["burned"] = (), state.burned + gone
            events.append(Burned(seat, gone))
        else:
            changes["stack"] = state.stack + (cards,)
        if len(hand) < HAND_MINIMUM and state.deck:
            hand, changes["deck"] = _drawn(hand, state.deck, seat, events)
        changes["hands"] = replace_at(state.hands, seat, hand)
        if known is not state.known[seat]:
            changes["known"] = replace_at(state.known, seat, known)
        cap = self.options.placement_cap
        if (hand or (state.hidden[seat] and not state.reserves[seat])) \
                and not (cap and state.placements + 1 >= cap):
            # The usual case: play goes on, so the turn passes (or comes again after a
            # burn) in the same copy.
            if again:
                changes["again"] = True
            else:
                changes.update(self._turn_passes(state))
            return evolve(state, **changes)
        state = evolve(state, **changes)
        if not state.hands[seat] and state.reserves[seat]:
            state = self._take_reserve(state, seat, events)
        if not state.hands[seat] and not state.hidden[seat]:
            return self._won(state, seat, events)
        if self.options.placement_cap and state.placements >= self.options.placement_cap:
            return self._draw_game(state, events)
        if again:
            return evolve(state, again=True)
        return self._next_turn(state)

    def _play_hidden(self, state: PalaceState, seat: int, position: int,
                     events: list[Event]) -> PalaceState:
        card = state.hidden[seat][position]
        state = evolve(state, hidden=replace_at(
            state.hidden, seat, state.hidden[seat][:position] + state.hidden[seat][position + 1:]))
        events.append(HiddenRevealed(seat, position, card))
        if stack_problem((card,), top_value(state.stack)) is None:
            return self._place(state, seat, (card,), events, hidden=True)
        return self._take_stack(state, seat, (card,), events)

    def _take_stack(self, state: PalaceState, seat: int, extra: tuple[Card, ...],
                    events: list[Event]) -> PalaceState:
        cards = tuple(chain.from_iterable(state.stack)) + extra
        events.append(StackTaken(seat, cards))
        hand, deck = _drawn(state.hands[seat] + cards, state.deck, seat, events)  # P-A14
        return evolve(state, stack=(), hands=replace_at(state.hands, seat, hand), deck=deck,
                      known=replace_at(state.known, seat, state.known[seat] + cards),
                      **self._turn_passes(state))

    def _take_reserve(self, state: PalaceState, seat: int,
                      events: list[Event]) -> PalaceState:
        cards = tuple(card for placement in state.reserves[seat] for card in placement)
        events.append(ReserveTaken(seat, cards))
        return evolve(state, reserves=replace_at(state.reserves, seat, ()),
                      hands=replace_at(state.hands, seat, state.hands[seat] + cards),
                      known=replace_at(state.known, seat, state.known[seat] + cards))

    def _take(self, state: PalaceState, seat: int, cards: Sequence[Card]) -> PalaceState:
        return evolve(state, hands=replace_at(state.hands, seat, without(state.hands[seat], cards)),
                      known=replace_at(state.known, seat, without(state.known[seat], cards)))

    def _refill(self, state: PalaceState, seat: int, events: list[Event]) -> PalaceState:
        """Draw back up to three while the deck lasts."""
        hand, deck = _drawn(state.hands[seat], state.deck, seat, events)
        return evolve(state, hands=replace_at(state.hands, seat, hand), deck=deck)

    def _next_turn(self, state: PalaceState) -> PalaceState:
        return evolve(state, **self._turn_passes(state))

    def _turn_passes(self, state: PalaceState) -> dict[str, Any]:
        """The changes that pass the turn to the next seat (made in whatever copy of the
        state the move makes)."""
        return dict(current=(state.current + 1) % state.seats, again=False,
                    turn=state.turn + 1)

    def _won(self, state: PalaceState, seat: int, events: list[Event]) -> PalaceState:
        state = evolve(state, phase=Phase.GAME_OVER, winner=seat, again=False)
        events.append(GameEnded((seat,), self._cards_left(state)))
        return state

    def _draw_game(self, state: PalaceState, events: list[Event]) -> PalaceState:
        """P-A12: the safety cap ends a game that might never end, as a draw."""
        state = evolve(state, phase=Phase.GAME_OVER, again=False)
        events.append(GameEnded((), self._cards_left(state)))
        return state

    def _cards_left(self, state: PalaceState) -> tuple[int, ...]:
        return tuple(len(state.hands[s]) + len(state.hidden[s]) + len(state.face_down[s]) +
                     sum(len(p) for p in state.reserves[s]) for s in range(state.seats))

    # --- observing ---------------------------------------------------------------------

    def observe(self, state: PalaceState, seat: int) -> PalaceView:
        awaiting = self.awaiting(state)
        return PalaceView(
            seat=seat, seats=state.seats, phase=state.phase, current=state.current,
            hand=state.hands[seat], hand_sizes=tuple(len(h) for h in state.hands),
            face_down_counts=tuple(len(c) for c in state.face_down),
            hidden_counts=tuple(len(h) for h in state.hidden), reserves=state.reserves,
            deck_size=len(state.deck), stack=state.stack, burned=state.burned,
            known=state.known, again=state.again, placements=state.placements,
            winner=state.winner, awaiting=awaiting,
            legal=self.legal_actions(state, seat) if seat in awaiting else (),
            turn=state.turn, options=self.options)

    def determinize(self, view: PalaceView, rng: random.Random) -> PalaceState:
        pool = list(self._unseen(view))
        rng.shuffle(pool)  # as ``sampling.unseen_cards`` deals them
        hands = fill_hands(view.seat, view.hand, view.hand_sizes, view.known, pool)
        face_down = tuple(take(pool, count, "the face-down cards")
                          for count in view.face_down_counts)
        hidden = tuple(take(pool, count, "the hidden reserves")
                       for count in view.hidden_counts)
        deck = take(pool, view.deck_size, "the deck")
        return PalaceState(
            seats=view.seats, seed=fresh_seed(rng), phase=view.phase, current=view.current,
            hands=hands, face_down=face_down, hidden=hidden, reserves=view.reserves,
            deck=deck, stack=view.stack, burned=view.burned, known=view.known,
            again=view.again, placements=view.placements, turn=view.turn,
            winner=view.winner)

    def settle(self, state: PalaceState, rng: random.Random) -> PalaceState:
        """The cards nobody has seen dealt afresh (the deck, and every face-down and
        hidden card, which even their owner has not seen), each pile keeping its size:
        what some player knows stays as it is. A planted mistake is weighed on such
        worlds (``ai/planted.py``): a blunder, not a guess at the deck's order."""
        pool = list(state.deck) + [card for cards in state.face_down for card in cards] \
            + [card for cards in state.hidden for card in cards]
        rng.shuffle(pool)
        face_down = tuple(take(pool, len(cards), "the face-down cards")
                          for cards in state.face_down)
        hidden = tuple(take(pool, len(cards), "the hidden reserves") for cards in state.hidden)
        return evolve(state, face_down=face_down, hidden=hidden,
                      deck=take(pool, len(state.deck), "the deck"))

    def _unseen(self, view: PalaceView) -> list[Card]:
        """The deck less every card ``view`` shows, in deck order (not to be changed):
        the same for every world a search deals from the view, so worked out once."""
        pool = _POOLS.get(view, id(self))
        if pool is None:
            seen = list(view.hand) + list(view.burned)
            seen += [card for placement in view.stack for card in placement]
            seen += [card for reserve in view.reserves for placement in reserve
                     for card in placement]
            seen += [card for other, cards in enumerate(view.known) if other != view.seat
                     for card in cards]
            pool = _POOLS.put(view, deck_less(self.deck(view.seats), seen), id(self))
        return pool

    def standings(self, state: PalaceState) -> tuple[int, ...]:
        """Cards left to shed: the first seat with none wins."""
        return self._cards_left(state)

    def outcome(self, state: PalaceState) -> Outcome | None:
        if state.phase is not Phase.GAME_OVER:
            return None
        left = self._cards_left(state)
        if state.winner is None:
            return Outcome(winners=(), scores=left, places=tuple(1 for _ in left),
                           reason="draw")
        # P-A15: the winner is first; the others follow by the cards they still hold,
        # fewest first, equal counts sharing a place (1, 2, 2, 4), as players rank them.
        return Outcome(winners=(state.winner,), scores=left,
                       places=places_for(left, low_wins=True))

    # --- invariants --------------------------------------------------------------------

    def all_cards(self, state: PalaceState) -> list[Card]:
        """Hands, both reserves, the deck, the stack and the burned pile (RULES.md §7.1)."""
        cards = [card for hand in state.hands for card in hand]
        cards += [card for cards in state.face_down for card in cards]
        cards += [card for cards in state.hidden for card in cards]
        cards += [card for reserve in state.reserves for p in reserve for card in p]
        cards += list(state.deck) + [card for p in state.stack for card in p]
        return cards + list(state.burned)

    def hidden_from(self, state: PalaceState, seat: int) -> set[Card]:
        """The deck, every face-down card (a seat's own hidden reserve too: it is picked
        blind) and other hands less the cards everyone saw go there."""
        hidden = set(state.deck)
        for cards in state.face_down + state.hidden:
            hidden.update(cards)
        for other, hand in enumerate(state.hands):
            if other != seat:
                hidden.update(set(hand) - set(state.known[other]))
        return hidden


_POOLS: IdentityMemo[PalaceView, list[Card]] = IdentityMemo(1)
"""The unseen cards of the last view dealt from (with its variant's id beside it): a
search deals dozens of worlds from one view."""


def _drawn(hand: tuple[Card, ...], deck: tuple[Card, ...], seat: int,
           events: list[Event]) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """The hand drawn back up to three from the deck while it lasts, and the deck left."""
    while len(hand) < HAND_MINIMUM and deck:
        card, deck = deck[-1], deck[:-1]
        hand += (card,)
        events.append(Drew(seat, Pile.STOCK, card))
    return hand, deck


def placed_from(hand: tuple[Card, ...], known: tuple[Card, ...],
                cards: tuple[Card, ...]) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """A hand and its cards the others have seen, once ``cards`` are placed from it (the
    engine's and the dry playout's hottest line: one card, the usual placement, is one
    object, in a hand once)."""
    if len(cards) == 1:
        card = cards[0]
        return without_one(hand, card), without_one(known, card) if card in known else known
    return without(hand, cards), without(known, cards)
