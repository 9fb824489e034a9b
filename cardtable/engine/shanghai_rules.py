"""The shared data of the two Shanghai games: contracts, decks, scoring, state, views.

``shanghai.py`` holds the rules engine; this module holds what both games are made of,
so each stays small. Standard library only.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from functools import cache
from typing import ClassVar

from .actions import Action
from .cards import Card, IdentityEnum, Rank
from .codec import serializable
from .contracts import Contract, ContractRules
from .melds import Meld, MeldRules
from .options import ShanghaiBuyOptions, ShanghaiMayIOptions
from .rummy import TurnView
from .tells import NO_TELLS, Tells

CONTRACTS = (Contract(2, 0), Contract(1, 1), Contract(0, 2), Contract(3, 0), Contract(2, 1),
             Contract(1, 2), Contract(0, 3))
ROUNDS = len(CONTRACTS)


class Phase(IdentityEnum):
    CALLS = "calls"
    """May I or buy requests, before the current player draws; several seats answer."""
    BUY_ANSWER = "buy answer"
    """Buying: the active player allows the first request, or refuses and takes the card."""
    DRAW = "draw"
    PLAY = "play"
    SHANGHAI = "shanghai"
    """May I: a discard that fits the table; every other seat may call Shanghai!"""
    GAME_OVER = "game over"


MAY_I_MELDS = MeldRules(wild_ranks=frozenset({Rank.TWO}), jokers_wild=True,
                        naturals_at_least_wilds=True, min_set=3, min_run=4, run_low=1,
                        run_high=14, ace_values=(1, 14), max_run=13)
"""Twos and jokers wild, naturals ≥ wilds, aces high or low (never both, no wrap)."""
BUY_MELDS = MeldRules(wild_ranks=frozenset({Rank.TWO}), jokers_wild=True,
                      naturals_at_least_wilds=True, min_set=3, min_run=4, run_low=3,
                      run_high=14, ace_values=(14,))
"""Twos and jokers wild, naturals ≥ wilds, aces high only; a wild never stands for a 2."""


@cache
def contract_rules(may_i: bool, same_rank_sets: bool) -> ContractRules:
    return ContractRules(MAY_I_MELDS if may_i else BUY_MELDS, same_rank_sets=same_rank_sets,
                         runs_distinct_suits=not may_i)


def points_function(may_i: bool) -> Callable[[Card], int]:
    """:func:`penalty` for one game, as one shared function (searches remember their
    answers by it)."""
    return _may_i_penalty if may_i else _buy_penalty


def _may_i_penalty(card: Card) -> int:
    return penalty(card, True)


def _buy_penalty(card: Card) -> int:
    return penalty(card, False)


def penalty(card: Card, may_i: bool) -> int:
    """Points for a card left in hand: wilds 50 (May I) or 20 (buying), aces 15,
    tens to kings 10, threes to nines 5 (read from a table by rank: the Hard search's
    rollouts ask it of every card they weigh)."""
    return _PENALTIES[may_i][card.rank]


def hand_penalty(hand: tuple[Card, ...], may_i: bool) -> int:
    """The points of a hand's cards (:func:`penalty` of each)."""
    points = _PENALTIES[may_i]
    return sum([points[card.rank] for card in hand])


def _penalty_of(rank: Rank, may_i: bool) -> int:
    if rank in (Rank.JOKER, Rank.TWO):
        return 50 if may_i else 20
    if rank is Rank.ACE:
        return 15
    return 10 if rank >= Rank.TEN else 5


_PENALTIES: dict[bool, dict[Rank, int]] = {
    may_i: {rank: _penalty_of(rank, may_i) for rank in Rank} for may_i in (True, False)}


def may_i_decks(seats: int) -> int:
    """RULES.md §4.3: 2–4 players 2 decks, 5–6 players 3, 7–8 players 4 (54 cards each)."""
    return 2 if seats <= 4 else 3 if seats <= 6 else 4


def hand_size(round_number: int, may_i: bool) -> int:
    return 13 if may_i and round_number == ROUNDS else 11


@serializable
@dataclass(frozen=True)  # no slots: a dict-backed state copies in one merge (data.py)
class ShanghaiState:
    seats: int
    seed: int
    round: int
    dealer: int
    current: int
    phase: Phase
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    discard_pile: tuple[Card, ...]
    exposed: bool
    """Whether the top of the discard pile may be taken (not after a Shanghai! or buy)."""
    discarder: int | None
    melds: tuple[tuple[Meld, ...], ...]
    down: tuple[bool, ...]
    calls_used: tuple[int, ...]
    """May I's or buys used this round, per seat."""
    requests: tuple[int, ...]
    answered: tuple[int, ...]
    took_discard: bool
    played: bool
    undo_hand: tuple[Card, ...]
    undo_melds: tuple[tuple[Meld, ...], ...]
    undo_down: tuple[bool, ...]
    penalties: tuple[int, ...]
    earned: tuple[int, ...]
    round_points: tuple[tuple[int, ...], ...]
    round_earned: tuple[tuple[int, ...], ...]
    known: tuple[tuple[Card, ...], ...]
    reshuffles: int
    draws: int
    turn: int
    out_seat: int | None = None
    bonus: tuple[int, ...] = ()
    claims: tuple[tuple[int, int, int, bool], ...] = ()
    """Shanghai! calls in the open window: (caller, meld owner, meld index, at start)."""
    round_rebuilds: int = 0
    """Times the stock was rebuilt from the discard pile this round."""
    tells: Tells = NO_TELLS
    """What each seat threw and let go this round, in public (see ``tells``): a May I
    or buy chance passed and a buy allowed let the card go, as a draw from the stock
    does."""


@serializable
@dataclass(frozen=True, slots=True)
class ShanghaiView(TurnView):
    """One seat's observation of a Shanghai game."""

    DRAW_PHASE: ClassVar[Enum] = Phase.DRAW
    PLAY_PHASE: ClassVar[Enum] = Phase.PLAY

    game_id: str
    seat: int
    seats: int
    round: int
    contract: Contract
    phase: Phase
    current: int
    dealer: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    stock_size: int
    discard_pile: tuple[Card, ...]
    exposed: bool
    discarder: int | None
    melds: tuple[tuple[Meld, ...], ...]
    down: tuple[bool, ...]
    calls_used: tuple[int, ...]
    calls_allowed: int
    requests: tuple[int, ...]
    took_discard: bool
    played: bool
    penalties: tuple[int, ...]
    earned: tuple[int, ...]
    round_points: tuple[tuple[int, ...], ...]
    round_earned: tuple[tuple[int, ...], ...]
    known: tuple[tuple[Card, ...], ...]
    awaiting: tuple[int, ...]
    legal: tuple[Action, ...]
    bonus: tuple[int, ...] = ()
    """May I: the bonus for the fewest penalty points, once the game is over."""
    answered: tuple[int, ...] = ()
    out_seat: int | None = None
    claims: tuple[tuple[int, int, int, bool], ...] = ()
    draws: int = 0
    turn: int = 0
    reshuffles: int = 0
    round_rebuilds: int = 0
    options: ShanghaiMayIOptions | ShanghaiBuyOptions | None = None
    """The house rules everyone agreed to (the search plays by them)."""
    tells: Tells = NO_TELLS
    """What each seat threw and let go this round (everyone saw it)."""

    @property
    def top_discard(self) -> Card | None:
        return self.discard_pile[-1] if self.discard_pile and self.exposed else None

    @property
    def may_i(self) -> bool:
        return self.game_id == "shanghai_may_i"

    @property
    def last_thrown(self) -> str | None:
        """The face of the card this seat threw at its last turn this round."""
        thrown = self.tells.last_thrown(self.seat)
        return thrown.face if thrown is not None else None

    @property
    def crules(self) -> ContractRules:
        """The contract as this table agreed it (two sets of one rank, if allowed)."""
        return contract_rules(self.may_i, bool(getattr(self.options,
                                                       "same_rank_sets_in_contract", False)))
