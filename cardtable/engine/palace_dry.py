"""Palace played on once the deck is gone, on zones changed in place: for a search that
plays a policy's moves to the game's end a few thousand times a decision (the Hard
search's dry-deck leaf, ``ai/palace_search.played_out``).

A frozen :class:`palace.PalaceState` is copied whole at every move; a dry end game runs
for dozens of moves, and those copies, with the events no one reads, were most of a
Hard decision's time. Here one :class:`DryTable` holds the zones as lists for a whole
playout and hands back a ``PalaceState`` at its end: the state ``Palace.apply`` reaches
by the same moves (the tests play both). With the deck gone no card is ever drawn;
every move is picked from the engine's own lists (``palace.play_actions``, the blind
hidden plays), so it is legal without being checked again.

Standard library only.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import chain

from .actions import Action, Place, PlayHidden, TakeStack
from .cards import Card
from .data import evolve
from .palace import Palace, PalaceState, Phase, hidden_plays, placed_from, play_actions
from .placements import laid, stack_problem, top_value, value


class DryTable:
    """One dry-deck game in play, changed in place move by move. It is also what the
    policy reads to choose (the Normal player's sight: the phase, the moves listed, the
    deck's size, the hands' sizes and the stack's)."""

    __slots__ = ("seats", "cap", "phase", "current", "hands", "hidden", "reserves",
                 "known", "stack", "stack_size", "top", "burned", "again", "placements", "turn",
                 "winner", "legal", "moves", "_start")

    deck_size = 0

    def __init__(self, variant: Palace, state: PalaceState) -> None:
        if state.deck or state.phase not in (Phase.PLAY, Phase.GAME_OVER):
            raise ValueError("a dry table starts in play with the deck gone")
        self._start = state
        self.seats = state.seats
        self.cap = variant.options.placement_cap
        self.phase = state.phase
        self.current = state.current
        self.hands = list(state.hands)
        self.hidden = list(state.hidden)
        self.reserves = list(state.reserves)
        self.known = list(state.known)
        self.stack = list(state.stack)
        self.stack_size = sum(map(len, state.stack))
        self.top = top_value(state.stack)
        """The rank to beat (``placements.top_value`` of the stack)."""
        self.burned = list(state.burned)
        self.again = state.again
        self.placements = state.placements
        self.turn = state.turn
        self.winner = state.winner
        self.legal: tuple[Action, ...] = ()
        """The moves of the seat to move (listed before the policy is asked)."""
        self.moves = 0
        """Moves made on this table."""

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        return tuple(map(len, self.hands))

    def play(self, choose: Callable[[DryTable, random.Random], Action], rng: random.Random,
             limit: int) -> None:
        """Up to ``limit`` moves, each the one ``choose`` picks from ``legal``, until the
        game is over."""
        for _ in range(limit):
            if self.phase is Phase.GAME_OVER:
                return
            seat = self.current
            hand = self.hands[seat]
            self.legal = play_actions(hand, self.top) if hand else \
                hidden_plays(len(self.hidden[seat]))
            action = choose(self, rng)
            self.moves += 1
            if isinstance(action, Place):  # the usual move first
                cards = action.cards
                hand, known = placed_from(hand, self.known[seat], cards)
                self._place(seat, cards, hand, known)
            elif isinstance(action, TakeStack):
                self._take_stack(seat, ())
            elif isinstance(action, PlayHidden):
                self._play_hidden(seat, action.position)
            else:
                raise ValueError(f"{action.describe()} is not a move in play")

    def _place(self, seat: int, cards: tuple[Card, ...], hand: tuple[Card, ...],
               known: tuple[Card, ...]) -> None:
        """``Palace._place`` with no deck to draw from: the placement laid, the stack
        burned by an ace, then the turn passes, comes again, or the game ends."""
        cards, again = laid(cards)
        self.placements += 1
        if again:
            self.burned += chain.from_iterable(self.stack)
            self.burned += cards
            self.stack.clear()
            self.stack_size, self.top = 0, None
        else:
            self.stack.append(cards)
            self.stack_size += len(cards)
            self.top = value(cards[-1])  # laid low to high: the top card is last
        self.hands[seat], self.known[seat] = hand, known
        capped = bool(self.cap) and self.placements >= self.cap
        if (hand or (self.hidden[seat] and not self.reserves[seat])) and not capped:
            if again:
                self.again = True
            else:
                self._turn_passes()
            return
        if not hand and self.reserves[seat]:
            taken = tuple(chain.from_iterable(self.reserves[seat]))
            self.reserves[seat] = ()
            self.hands[seat], self.known[seat] = hand + taken, known + taken
        if not self.hands[seat] and not self.hidden[seat]:
            self.phase, self.winner, self.again = Phase.GAME_OVER, seat, False
        elif capped:
            self.phase, self.again = Phase.GAME_OVER, False  # a draw (P-A12)
        elif again:
            self.again = True
        else:
            self._turn_passes()

    def _take_stack(self, seat: int, extra: tuple[Card, ...]) -> None:
        cards = tuple(chain.from_iterable(self.stack)) + extra
        self.hands[seat] += cards
        self.known[seat] += cards
        self.stack.clear()
        self.stack_size, self.top = 0, None
        self._turn_passes()

    def _play_hidden(self, seat: int, position: int) -> None:
        hidden = self.hidden[seat]
        card = hidden[position]
        self.hidden[seat] = hidden[:position] + hidden[position + 1:]
        if stack_problem((card,), self.top) is None:
            self._place(seat, (card,), self.hands[seat], self.known[seat])
        else:
            self._take_stack(seat, (card,))

    def _turn_passes(self) -> None:
        self.current = (self.current + 1) % self.seats
        self.again = False
        self.turn += 1

    def state(self) -> PalaceState:
        """The table as it stands, as a Palace state."""
        return evolve(self._start, phase=self.phase, current=self.current,
                      hands=tuple(self.hands), hidden=tuple(self.hidden),
                      reserves=tuple(self.reserves), known=tuple(self.known),
                      stack=tuple(self.stack), burned=tuple(self.burned), again=self.again,
                      placements=self.placements, turn=self.turn, winner=self.winner)
