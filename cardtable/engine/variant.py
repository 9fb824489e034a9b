"""The contract every game implements, and the registry that finds games by id.

A variant is a rules class: a stable id, a title, the seat counts it supports, a rules
version (stored in saves) and a frozen options dataclass whose defaults are RULES.md's
resolutions. Its state is plain frozen data; ``apply`` always validates first and
returns the new state with the events that happened. Observations are per seat and
never hold another seat's hidden cards.

Standard library only.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from itertools import repeat
from operator import is_
from typing import Any, ClassVar, Generic, Protocol, TypeVar, cast

from .action_check import malformed
from .actions import Action
from .cards import Card
from .codec import JSONObject, serializable
from .errors import IllegalActionError, SetupError, UnknownVariantError
from .events import Event
from .melds import Meld, MeldRules, meld_problem
from .memo import IdentityMemo
from .options import OptionsInstance
from .text import msg


class SeatedState(Protocol):
    """What every game's state has: how many seats play."""

    @property
    def seats(self) -> int: ...


class RoundedState(Protocol):
    """The state of a game played in rounds (not Palace): which round is being played."""

    @property
    def round(self) -> int: ...


def round_of(state: object, default: int) -> int:
    """The state's round, or ``default`` for a game without rounds. Read as a
    ``RoundedState`` (a renamed field fails mypy here), not found by a runtime protocol
    check: the Hard player's playouts ask it every move, and that check costs ~100x."""
    try:
        return cast(RoundedState, state).round
    except AttributeError:
        return default


class GameView(Protocol):
    """What every game's observation says, whatever the game: whose view it is, the
    seats, who is awaited and what this seat may do. Code shared by all games (the
    bots' registry, the worker, the app's session) reads views through this; anything
    else it reads through the game's own view type (``Variant[S, V]``'s ``V``)."""

    @property
    def game_id(self) -> str: ...
    @property
    def seat(self) -> int: ...
    @property
    def seats(self) -> int: ...
    @property
    def awaiting(self) -> tuple[int, ...]: ...
    @property
    def legal(self) -> tuple[Action, ...]: ...
    @property
    def hand(self) -> tuple[Card, ...]: ...
    @property
    def options(self) -> OptionsInstance | None: ...
    """The house rules the game is played by (None: the game's defaults)."""


S = TypeVar("S", bound=SeatedState)
V = TypeVar("V", bound=GameView)


class WrongGameError(TypeError):
    """A game's own code (a strategy, a table) was handed another game's view: a
    registry mix-up, never a player's move."""


def narrowed(view: GameView, view_type: type[V]) -> V:
    """``view`` as its game's own view type, checked: the seam where code found by a
    game's id (its strategy, explainer, table) meets a view held as any game's."""
    if not isinstance(view, view_type):
        raise WrongGameError(f"{view_type.__name__} expected, not {type(view).__name__}")
    return view
_LEGAL_CACHE_SIZE = 16


@serializable
@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended. ``winners`` share the win on a tie."""

    winners: tuple[int, ...]
    scores: tuple[int, ...]
    places: tuple[int, ...]
    reason: str = "complete"


def places_for(scores: Iterable[int], low_wins: bool) -> tuple[int, ...]:
    """Shared places: equal scores share a place (1, 1, 3 …)."""
    values = list(scores)
    ordered = sorted(values, reverse=not low_wins)
    return tuple(1 + ordered.index(score) for score in values)


@dataclass(frozen=True, slots=True)
class Transition(Generic[S]):
    state: S
    events: tuple[Event, ...]


RecordStep = Callable[[JSONObject], JSONObject]
"""One migration step of a game's records: JSON in, JSON out, pure."""


class Variant(ABC, Generic[S, V]):
    """One game's rules, generic in its state ``S`` and its observation ``V`` (a frozen
    dataclass). Instances hold only the (frozen) options."""

    id: ClassVar[str]
    title: ClassVar[str]
    short_title: ClassVar[str | None] = None
    """The name on a tab or a picker ("Monastery"; the title when ``None``)."""
    deal_prefix: ClassVar[str]
    """The game's letters in a deal code (``FC`` in ``FC-4-03NQK8N-UE``; see deal_code)."""
    menu_order: ClassVar[int] = 100
    """Where the game is listed in menus (lowest first)."""
    low_scores_win: ClassVar[bool] = True
    """Whether a lower final score is better (penalty points, cards left)."""
    seat_counts: ClassVar[range]
    rules_version: ClassVar[str]
    options_type: ClassVar[type[OptionsInstance]]
    state_type: ClassVar[type]
    migrations: ClassVar[Mapping[int, RecordStep]] = {}
    """How this game's older records and saves are brought up: the step keyed ``n``
    takes a file of format ``n - 1`` to format ``n`` (see ``migrations``)."""
    reread_at: ClassVar[Mapping[int, frozenset[str]]] = {}
    """State fields whose bookkeeping changed at format ``n``: the moves of a save written
    before it replay to other (truer) values there, so its snapshot is not held to them
    (``unchecked_fields``). The moves stay the check: every one must still replay."""

    @classmethod
    def unchecked_fields(cls, written: int) -> frozenset[str]:
        """The fields a snapshot written at format ``written`` is not checked on."""
        return frozenset().union(*(fields for version, fields in cls.reread_at.items()
                                   if version > written))

    options: OptionsInstance
    """The game's frozen options (each game narrows this to its own options type)."""

    def __init__(self, options: object | None = None) -> None:
        # Oldest first (a plain dict keeps insertion order): the first entry goes when full.
        self._legal_cache: IdentityMemo[S, tuple[Action, ...]] = \
            IdentityMemo(_LEGAL_CACHE_SIZE)
        chosen = options if options is not None else self.options_type()
        if not isinstance(chosen, self.options_type):
            raise SetupError(f"{self.id} takes {self.options_type.__name__}")
        self.options = chosen

    # --- setting up -------------------------------------------------------------------

    def check_seats(self, seats: int) -> None:
        if seats not in self.seat_counts:
            raise SetupError(
                f"{self.title} is played by {self.seat_counts.start} to "
                f"{self.seat_counts.stop - 1} players, not {seats}")

    @abstractmethod
    def new_game(self, seats: int, seed: int) -> Transition[S]:
        """Deal the first round."""

    # --- asking ----------------------------------------------------------------------

    @abstractmethod
    def awaiting(self, state: S) -> tuple[int, ...]:
        """The seats whose input is awaited (several during an out-of-turn window)."""

    def legal_actions(self, state: S, seat: int) -> tuple[Action, ...]:
        """What ``seat`` may do now. Lay-downs cannot be listed exhaustively: the list
        holds one the engine finds, proving a lay-down can be made (the first found: a
        Shanghai contract, going out or one group in a Five Crowns final turn, each
        open Monastery mission), and any other valid lay-down is accepted too. The bots,
        hints and the table work out the best one themselves.

        Listing can mean a search (a contract, a mission, an arrangement), and the app,
        the AI and ``observe`` all ask about the same state: answers are kept for the
        last few states. States are frozen and the cache holds the state it answers
        for, so an entry is found only for that very object and is never stale."""
        actions = self._legal_cache.get(state, seat)
        if actions is None:
            actions = self._legal_cache.put(state, self._legal_actions(state, seat), seat)
        return actions

    @abstractmethod
    def _legal_actions(self, state: S, seat: int) -> tuple[Action, ...]:
        """The legal actions, computed (``legal_actions`` caches them per state)."""

    def problem(self, state: S, seat: int, action: Action) -> str | None:
        """Why ``seat`` may not do ``action`` now, or ``None`` if it may. Anything that
        is not a well-formed action (``None``, ``Draw("stock")``) is refused here with a
        reason, before the game's rules read its fields."""
        if type(seat) is int and self._listed(state, seat, action):  # True is no seat 1
            return None
        return self._unlisted_problem(state, seat, action)

    def _unlisted_problem(self, state: S, seat: int, action: Action) -> str | None:
        """:meth:`problem` of an action that is not from the state's legal list."""
        shape = malformed(action)
        if shape is not None:
            # Translators: {shape} is a programmer's description of what is wrong with the move
            return msg("that is not a move ({shape})", shape=shape)
        if not isinstance(seat, int) or isinstance(seat, bool) or \
                not 0 <= seat < state.seats:
            # Translators: {seat} is the seat number (or value) given, as written
            return msg("there is no seat {seat}", seat=f"{seat!r:.20}")
        return self._problem(state, seat, action)

    def _listed(self, state: S, seat: int, action: Action) -> bool:
        """Whether ``action`` is this very object from the legal list of this very state:
        then it was checked when it was listed (bots pick from that list)."""
        listed = self._legal_cache.get(state, seat)
        return listed is not None and any(map(is_, listed, repeat(action)))

    @abstractmethod
    def _problem(self, state: S, seat: int, action: Action) -> str | None:
        """The game's rules on a well-formed action by an existing seat."""

    def apply(self, state: S, seat: int, action: Action) -> Transition[S]:
        """Validate, then carry out ``action``; raises :class:`IllegalActionError`."""
        # A listed action was checked already (a seat that is not an int, such as True,
        # would find seat 1's list: it is checked, and refused).
        if type(seat) is not int or not self._listed(state, seat, action):
            reason = self._unlisted_problem(state, seat, action)
            if reason is not None:
                raise IllegalActionError(reason)
        return self._apply(state, seat, action)

    def apply_built(self, state: S, seat: int, action: Action) -> Transition[S]:
        """:meth:`apply` for an action built by cardtable's own typed code for an
        existing seat (a policy inside a search's rollout, thousands a decision): the
        game's rules are checked, the action's shape, which the type checker holds, is
        not. Raises :class:`IllegalActionError`."""
        if not self._listed(state, seat, action):
            reason = self._problem(state, seat, action)
            if reason is not None:
                raise IllegalActionError(reason)
        return self._apply(state, seat, action)

    @abstractmethod
    def _apply(self, state: S, seat: int, action: Action) -> Transition[S]:
        """Carry out an action already validated."""

    @abstractmethod
    def observe(self, state: S, seat: int) -> V:
        """What ``seat`` can see: its own hand, public piles, others' card counts."""

    @abstractmethod
    def determinize(self, view: V, rng: random.Random) -> S:
        """One full state consistent with everything ``view`` shows: the seat's own and
        all public cards where it sees them, cards others are known to hold in their
        hands, and every card it cannot see dealt at random into the places it cannot
        see. The world's seed is fresh, so its future shuffles are not the real ones.
        For search over hidden information (the Hard AI); it never reads the real state.
        Raises ``InconsistentViewError`` if the view's counts do not add up."""

    def determinize_hands(self, view: V, rng: random.Random) -> S:
        """:meth:`determinize`, except that the unseen cards left once the hidden hands
        are dealt (a stock) may stay in a fixed order: cheaper, for a search that deals
        several worlds, weighs their hands and keeps one; :meth:`settle` then shuffles
        the kept world's stock. A game with no such stock deals in full."""
        return self.determinize(view, rng)

    def settle(self, state: S, rng: random.Random) -> S:
        """A world from :meth:`determinize_hands` made whole: together they deal worlds
        as :meth:`determinize` does (hands drawn uniformly, the stock in random order)."""
        return state

    @abstractmethod
    def standings(self, state: S) -> tuple[int, ...]:
        """Each seat's score as it stands, counted as the outcome will count it (so
        ``low_scores_win`` orders it): a search compares the worlds it plays by this."""

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None:
        """The result once the game is over, else ``None``."""

    # --- invariants (used by the conformance suite and the app's load check) --------------

    @abstractmethod
    def all_cards(self, state: S) -> list[Card]:
        """Every card in every zone, so tests can check none is created or lost."""

    @abstractmethod
    def deck(self, seats: int) -> tuple[Card, ...]:
        """The full deck this game uses with this many seats."""

    @abstractmethod
    def hidden_from(self, state: S, seat: int) -> set[Card]:
        """Cards ``seat`` must not see: other hands (less cards known to all), the stock."""

    def table_melds(self, state: S) -> list[tuple[Meld, MeldRules]]:
        """Every meld on the table with the rules it must satisfy."""
        return []

    def table_problems(self, state: S) -> list[str]:
        """Why any meld on the table is invalid (empty when all are valid)."""
        # Translators: a meld's cards, then why the meld is not valid
        return [msg("{cards}: {reason}", cards=meld.cards, reason=reason) for meld, rules in
                self.table_melds(state) if (reason := meld_problem(meld, rules)) is not None]


# ------------------------------------------------------------------------------ registry

SomeVariant = Variant[SeatedState, GameView]
"""A variant found by its id at run time, its own state and view types unknown to the
caller: the one seam where the games' types are forgotten. Its methods take the states
only it made (a ``Game`` keeps the pair together) and give views to narrow by the game's
own view type where a game's fields are read (``isinstance`` against the registered view
type, as the bots' and tables' registries do)."""
_Registered = TypeVar("_Registered", bound="Variant[Any, Any]")
_VARIANTS: dict[str, type[SomeVariant]] = {}


def register(cls: type[_Registered]) -> type[_Registered]:
    if cls.id in _VARIANTS:
        raise ValueError(f"two games registered as {cls.id}")
    _VARIANTS[cls.id] = cls
    return cls


def variants() -> tuple[type[SomeVariant], ...]:
    """The games built so far, in registration order."""
    return tuple(_VARIANTS.values())


def get_variant(game_id: str) -> type[SomeVariant]:
    try:
        return _VARIANTS[game_id]
    except KeyError:
        known = ", ".join(_VARIANTS)
        raise UnknownVariantError(f"unknown game {game_id!r} (known: {known})") from None


__all__ = ["GameView", "Outcome", "SeatedState", "SomeVariant", "Transition", "Variant",
           "WrongGameError", "get_variant", "narrowed", "places_for", "register", "variants"]
