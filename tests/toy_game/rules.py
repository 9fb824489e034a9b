"""Match (tests/toy_game/RULES.md): shed your hand by playing onto the top card a card
of its suit or its rank; otherwise draw one from the stock. A seat that empties its hand
wins; once the stock is out, the game ends when the seat in turn cannot play, fewest
cards left winning. Every action shrinks the stock or a hand, so every game ends.

Standard library and the engine only, as a game's engine module must be.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from cardtable.engine.actions import Action, Discard, Draw, Pile
from cardtable.engine.cards import Card, Rank, standard_deck
from cardtable.engine.codec import serializable
from cardtable.engine.data import evolve, replace_at, without_one
from cardtable.engine.events import Dealt, Discarded, Drew, Event, GameEnded, TurnedUp
from cardtable.engine.melds import Meld
from cardtable.engine.options import ranged, yes_no
from cardtable.engine.rng import shuffled
from cardtable.engine.sampling import fill_hands, fresh_seed, take, unseen_cards
from cardtable.engine.variant import Outcome, Transition, Variant, places_for, register


@serializable
@dataclass(frozen=True, slots=True)
class MatchOptions:
    """Match's house rules (RULES.md §4)."""

    hand_size: int = ranged("cards dealt", 5, 3, 7, "the printed rule is 5")
    """Cards dealt to each seat."""
    eights_anywhere: bool = yes_no("eights played on anything", False)
    """An eight may be played whatever the top card is."""


@serializable
@dataclass(frozen=True, slots=True)
class MatchState:
    seats: int
    seed: int
    current: int
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    discards: tuple[Card, ...]
    """The discard pile, its top card last."""
    over: bool = False
    winner: int | None = None


@serializable
@dataclass(frozen=True, slots=True)
class MatchView:
    seat: int
    seats: int
    current: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    stock_size: int
    discards: tuple[Card, ...]
    over: bool
    winner: int | None
    awaiting: tuple[int, ...]
    legal: tuple[Action, ...]
    options: MatchOptions | None = None
    """The house rules played by (every view has ``engine.GameView``'s fields)."""

    @property
    def game_id(self) -> str:
        return Match.id

    # What the shared rummy table reads of a view (``engine.rummy.RummyView``), in
    # Match's terms: one round, no melds, nothing taken from the pile, and a turn that
    # is one move (play a matching card, else draw).

    @property
    def dealer(self) -> int:
        """The seat before the one that starts (RULES.md §2: seat 0 starts)."""
        return self.seats - 1

    @property
    def round(self) -> int:
        return 1

    @property
    def discard_pile(self) -> tuple[Card, ...]:
        return self.discards

    @property
    def top_discard(self) -> Card | None:
        return self.discards[-1] if self.discards else None

    @property
    def melds(self) -> tuple[tuple[Meld, ...], ...]:
        return tuple(() for _ in range(self.seats))

    @property
    def known(self) -> tuple[tuple[Card, ...], ...]:
        return tuple(() for _ in range(self.seats))

    @property
    def to_play(self) -> bool:
        """A card of the seat's matches the pile: the turn is to play it (or draw)."""
        return any(isinstance(action, Discard) for action in self.legal)

    @property
    def to_draw(self) -> bool:
        """Nothing of the seat's matches: the turn is to draw."""
        return not self.to_play and Draw(Pile.STOCK) in self.legal


@register
class Match(Variant[MatchState, MatchView]):
    id = "toy_match"
    title = "Match"
    deal_prefix = "TM"
    menu_order = 900
    seat_counts = range(2, 5)
    rules_version = "1"
    options_type = MatchOptions
    state_type = MatchState

    def deck(self, seats: int) -> tuple[Card, ...]:
        """One deck of 52 (RULES.md §1)."""
        return standard_deck(1)

    def new_game(self, seats: int, seed: int) -> Transition[MatchState]:
        """RULES.md §2: deal, turn one card up, seat 0 starts."""
        self.check_seats(seats)
        cards = shuffled(self.deck(seats), seed, "deal")
        size = self.options.hand_size
        hands = tuple(cards[seat * size:(seat + 1) * size] for seat in range(seats))
        up = cards[seats * size]
        stock = cards[seats * size + 1:]
        events: list[Event] = [Dealt(seat, size, hand) for seat, hand in enumerate(hands)]
        events.append(TurnedUp(up))
        state = MatchState(seats=seats, seed=seed, current=0, hands=hands, stock=stock,
                           discards=(up,))
        return Transition(state, tuple(events))

    def awaiting(self, state: MatchState) -> tuple[int, ...]:
        return () if state.over else (state.current,)

    def plays(self, state: MatchState, card: Card) -> bool:
        """RULES.md §3.1: the top card's suit or rank (an eight anywhere, by option)."""
        top = state.discards[-1]
        if self.options.eights_anywhere and card.rank is Rank.EIGHT:
            return True
        return card.suit == top.suit or card.rank == top.rank

    def _legal_actions(self, state: MatchState, seat: int) -> tuple[Action, ...]:
        if state.over or seat != state.current:
            return ()
        legal: list[Action] = [Discard(card) for card in state.hands[seat]
                               if self.plays(state, card)]
        if state.stock:
            legal.append(Draw(Pile.STOCK))
        return tuple(legal)

    def _problem(self, state: MatchState, seat: int, action: Action) -> str | None:
        if state.over:
            return "the game is over"
        if seat != state.current:
            return "it is not your turn"
        if isinstance(action, Draw):
            if action.source is not Pile.STOCK:
                return "in Match you draw from the stock only"
            return None if state.stock else "the stock is empty"
        if isinstance(action, Discard):
            if action.card not in state.hands[seat]:
                return "you do not hold that card"
            if not self.plays(state, action.card):
                return "the card must match the top card's suit or rank"
            return None
        return "that is not a move in Match: play a matching card or draw"

    def _apply(self, state: MatchState, seat: int, action: Action) -> Transition[MatchState]:
        events: list[Event] = []
        if isinstance(action, Draw):
            card = state.stock[-1]
            state = evolve(state, stock=state.stock[:-1],
                           hands=replace_at(state.hands, seat, state.hands[seat] + (card,)))
            events.append(Drew(seat, Pile.STOCK, card))
        elif isinstance(action, Discard):
            hand = without_one(state.hands[seat], action.card)
            state = evolve(state, hands=replace_at(state.hands, seat, hand),
                           discards=state.discards + (action.card,))
            events.append(Discarded(seat, action.card))
            if not hand:  # RULES.md §3.3: an empty hand wins at once
                state = evolve(state, over=True, winner=seat)
                events.append(GameEnded((seat,), self.standings(state)))
                return Transition(state, tuple(events))
        state = evolve(state, current=(seat + 1) % state.seats)
        if not self._legal_actions(state, state.current):  # RULES.md §3.4: blocked
            state = evolve(state, over=True)
            outcome = self.outcome(state)
            assert outcome is not None
            events.append(GameEnded(outcome.winners, outcome.scores))
        return Transition(state, tuple(events))

    def observe(self, state: MatchState, seat: int) -> MatchView:
        return MatchView(
            seat=seat, seats=state.seats, current=state.current, hand=state.hands[seat],
            hand_sizes=tuple(len(hand) for hand in state.hands),
            stock_size=len(state.stock), discards=state.discards, over=state.over,
            winner=state.winner, awaiting=self.awaiting(state),
            legal=self.legal_actions(state, seat), options=self.options)

    def determinize(self, view: MatchView, rng: random.Random) -> MatchState:
        pool = unseen_cards(self.deck(view.seats), view.hand + view.discards, rng)
        known: tuple[tuple[Card, ...], ...] = tuple(() for _ in range(view.seats))
        hands = fill_hands(view.seat, view.hand, view.hand_sizes, known, pool)
        stock = take(pool, view.stock_size, "the stock")
        return MatchState(seats=view.seats, seed=fresh_seed(rng), current=view.current,
                          hands=hands, stock=stock, discards=view.discards, over=view.over,
                          winner=view.winner)

    def standings(self, state: MatchState) -> tuple[int, ...]:
        """Cards left in each hand (RULES.md §3.4)."""
        return tuple(len(hand) for hand in state.hands)

    def outcome(self, state: MatchState) -> Outcome | None:
        if not state.over:
            return None
        left = self.standings(state)
        winners = (state.winner,) if state.winner is not None else \
            tuple(seat for seat, count in enumerate(left) if count == min(left))
        reason = "complete" if state.winner is not None else "blocked"
        return Outcome(winners=winners, scores=left, places=places_for(left, True),
                       reason=reason)

    def all_cards(self, state: MatchState) -> list[Card]:
        return [card for hand in state.hands for card in hand] + \
            list(state.stock) + list(state.discards)

    def hidden_from(self, state: MatchState, seat: int) -> set[Card]:
        """The stock and every other hand (nothing in Match is known to all)."""
        hidden = set(state.stock)
        for other, hand in enumerate(state.hands):
            if other != seat:
                hidden.update(hand)
        return hidden
