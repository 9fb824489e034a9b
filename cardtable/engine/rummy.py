"""What the draw-and-discard rummy games share: the stock and discard pile, and their zones.

Five Crowns, Monastery and both Shanghai games keep hands, a stock, a discard pile, melds
on the table and the cards each seat took from the pile (``known``); their draws, their
card inventory and what each seat may not see are the same and live here.

Standard library only.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any, ClassVar, Protocol, TypeVar, cast, runtime_checkable

from .actions import DRAW_DISCARD, DRAW_STOCK, Action, Draw, Pile
from .cards import Card
from .data import evolve, replace_at, without_one
from .events import Drew, Event, Reshuffled
from .melds import Meld
from .memo import IdentityMemo
from .rng import shuffled
from .sampling import InconsistentViewError, deal_hidden, deck_less, fill_hands, fresh_seed
from .tells import Tells
from .text import msg
from .variant import GameView, RecordStep


@runtime_checkable
class RummyView(GameView, Protocol):
    """What code shared by the draw-and-discard games (Five Crowns, Monastery, both
    Shanghai games) reads of any of their views: each game's view is a frozen dataclass
    with at least these fields. Anything else is read through the game's own view type."""

    @property
    def dealer(self) -> int: ...
    @property
    def current(self) -> int: ...
    @property
    def round(self) -> int: ...
    @property
    def hand_sizes(self) -> tuple[int, ...]: ...
    @property
    def stock_size(self) -> int: ...
    @property
    def discard_pile(self) -> tuple[Card, ...]: ...
    @property
    def top_discard(self) -> Card | None: ...
    @property
    def melds(self) -> tuple[tuple[Meld, ...], ...]: ...
    @property
    def known(self) -> tuple[tuple[Card, ...], ...]: ...
    @property
    def tells(self) -> Tells: ...
    @property
    def to_draw(self) -> bool: ...
    @property
    def to_play(self) -> bool: ...


class RummyState(Protocol):
    """What the draw-and-discard games' states share, read by the helpers here."""

    @property
    def seats(self) -> int: ...
    @property
    def seed(self) -> int: ...
    @property
    def stock(self) -> tuple[Card, ...]: ...
    @property
    def discard_pile(self) -> tuple[Card, ...]: ...
    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]: ...
    @property
    def known(self) -> tuple[tuple[Card, ...], ...]: ...
    @property
    def tells(self) -> Tells: ...
    @property
    def melds(self) -> tuple[tuple[Meld, ...], ...]: ...
    @property
    def reshuffles(self) -> int: ...
    @property
    def round_rebuilds(self) -> int: ...


def legal_draws(state: RummyState) -> tuple[Action, ...]:
    """The draws open now: the stock (or a reshuffle of the pile), the top discard."""
    pile = state.discard_pile
    return DRAW_CHOICES[bool(state.stock) or len(pile) > 1, bool(pile)]


DRAW_CHOICES: dict[tuple[bool, bool], tuple[Action, ...]] = {
    (True, True): (DRAW_STOCK, DRAW_DISCARD), (True, False): (DRAW_STOCK,),
    (False, True): (DRAW_DISCARD,), (False, False): ()}
"""The legal draws by whether the stock and the discard pile may be drawn from."""


def draw_problem(state: RummyState, action: Action) -> str | None:
    """Why this is not a draw the seat may make at the start of its turn."""
    if not isinstance(action, Draw):
        return msg("draw a card first, from the stock or the discard pile")
    if action.source is Pile.STOCK and not state.stock and len(state.discard_pile) < 2:
        return msg("the stock is empty")
    if action.source is Pile.DISCARD and not state.discard_pile:
        return msg("the discard pile is empty")
    return None


@dataclass(frozen=True, slots=True)
class Drawn:
    """A draw carried out: the card and the zones as they are after it."""

    card: Card
    changes: dict[str, Any]


def rebuilds_used_up(limit: int, rebuilds: int) -> bool:
    """Whether a stock rebuilt ``rebuilds`` times this round may not be rebuilt again
    (``stock_rebuilds_per_round`` of the game's options; 0: no limit). [APP; issues 11
    and 12: every round ends]"""
    return bool(limit) and rebuilds >= limit


def draw(state: RummyState, seat: int, source: Pile, events: list[Event]) -> Drawn:
    """Take the top of the stock or of the discard pile. An empty stock is rebuilt from
    every discard but the top one (RULES.md engine rule 4), counted in the round's
    ``round_rebuilds``; a card taken from the pile is known to everyone while the seat
    holds it, and a top discard left for the stock is one the seat passed up (its
    ``tells``)."""
    stock = state.stock
    pile = state.discard_pile
    if source is Pile.STOCK and stock:  # the usual draw: only the stock and the hand change
        card = stock[-1]
        events.append(Drew(seat, source, card))
        changes: dict[str, Any] = {"stock": stock[:-1], "hands": replace_at(
            state.hands, seat, state.hands[seat] + (card,))}
        if pile:
            changes["tells"] = state.tells.passed_up(seat, pile[-1])
        return Drawn(card, changes)
    known, reshuffles, tells = state.known, state.reshuffles, state.tells
    rebuilds = state.round_rebuilds
    if source is Pile.STOCK:
        if pile:
            tells = tells.passed_up(seat, pile[-1])
        if not stock:
            stock = shuffled(pile[:-1], state.seed, "reshuffle", reshuffles)
            tells = tells.without(pile[:-1])  # hidden again
            pile = pile[-1:]
            reshuffles += 1
            rebuilds += 1
            events.append(Reshuffled(len(stock)))
        card, stock = stock[-1], stock[:-1]
    else:
        card, pile = pile[-1], pile[:-1]
        known = replace_at(known, seat, known[seat] + (card,))
    events.append(Drew(seat, source, card))
    return Drawn(card, dict(stock=stock, discard_pile=pile, known=known, reshuffles=reshuffles,
                            round_rebuilds=rebuilds, tells=tells,
                            hands=replace_at(state.hands, seat, state.hands[seat] + (card,))))


def card_taken(state: RummyState, seat: int, card: Card) -> dict[str, Any]:
    """The changes that discard one card from a seat's hand: gone from it, from what
    others know it holds if they know it, and thrown in its tells (a discard: the
    hottest way a card leaves a hand)."""
    changes: dict[str, Any] = {
        "hands": replace_at(state.hands, seat, without_one(state.hands[seat], card)),
        "tells": state.tells.threw(seat, card)}
    known = state.known[seat]
    if card in known:
        changes["known"] = replace_at(state.known, seat, without_one(known, card))
    return changes


def seen_by(view: RummyView) -> list[Card]:
    """Every card a rummy seat can see: its hand, the discard pile, the melds on the
    table and the cards others are known to hold."""
    seen = list(view.hand) + list(view.discard_pile)
    seen += [card for melds in view.melds for meld in melds for card in meld.cards]
    seen += [card for other, cards in enumerate(view.known) if other != view.seat
             for card in cards]
    return seen


class DiscardTop:
    """What the rummy games' views share: the card on top of the discard pile."""

    __slots__ = ()
    discard_pile: tuple[Card, ...]

    @property
    def top_discard(self) -> Card | None:
        return self.discard_pile[-1] if self.discard_pile else None


class TurnView:
    """What the rummy games' views say about the turn, from each game's own phases:
    whether the seat to move must draw first, or has drawn and may play."""

    __slots__ = ()
    phase: Enum
    DRAW_PHASE: ClassVar[Enum]
    PLAY_PHASE: ClassVar[Enum]

    @property
    def to_draw(self) -> bool:
        """The seat to move must draw before anything else."""
        return self.phase is self.DRAW_PHASE

    @property
    def to_play(self) -> bool:
        """The seat to move has drawn: it may meld, lay off and discard."""
        return self.phase is self.PLAY_PHASE


def kept_rebuilding_for_ever(data: dict[str, Any]) -> dict[str, Any]:
    """Format 1 → 2: the stock-rebuild limit (``stock_rebuilds_per_round``, issues 11 and
    12). A file written before the option existed was played rebuilding the stock for
    ever, which is the option's 0; a new game's default (2) must not change its rules."""
    options = data.get("options")
    if isinstance(options, dict) and "stock_rebuilds_per_round" not in options:
        data = {**data, "options": {**options, "stock_rebuilds_per_round": 0}}
    return data


class _Dealing(Protocol):
    """A game that deals a deck (what ``sample_zones`` asks of its variant)."""

    def deck(self, seats: int) -> tuple[Card, ...]: ...


SR = TypeVar("SR", bound=RummyState)
VR = TypeVar("VR", bound=RummyView)
SR_co = TypeVar("SR_co", bound=RummyState, covariant=True)
VR_contra = TypeVar("VR_contra", bound=RummyView, contravariant=True)


class _WorldMaking(Protocol[SR_co, VR_contra]):
    """What ``world_with`` asks of its variant: its deck, its ``determinize`` and what
    else its state makes from the hands."""

    def deck(self, seats: int) -> tuple[Card, ...]: ...

    def determinize(self, view: VR_contra, rng: random.Random, shuffle_stock: bool = True
                    ) -> SR_co: ...

    def made_from_hands(self, template: RummyState, hands: tuple[tuple[Card, ...], ...]
                        ) -> dict[str, object]: ...


@dataclass(frozen=True, slots=True)
class DealtHands:
    """One world's hands, dealt before its state is made (``RummyZones.deal_hands``): a
    search that deals several worlds to keep one weighs their hands and makes the kept
    one's state alone (``RummyZones.world_with``)."""

    hands: tuple[tuple[Card, ...], ...]
    chosen: tuple[int, ...]
    """The indices in the unseen pool (``unseen_pool``) of the cards dealt, as drawn."""
    seed: int
    """The world's seed (``fresh_seed``)."""


class DealsHands(Protocol):
    """What a search asks of a game (``RummyZones``) whose worlds it deals hands first."""

    def deal_hands(self, view: RummyView, rng: random.Random) -> DealtHands: ...

    def world_with(self, view: RummyView, dealt: DealtHands) -> RummyState: ...


_TEMPLATES: IdentityMemo[RummyView, object] = IdentityMemo(1)
"""The state made from the last view a world was made for (``RummyZones.world_with``)."""

_POOLS: IdentityMemo[RummyView, list[Card]] = IdentityMemo(1)
"""The unseen cards of the last view dealt from (with its variant's id beside it): a
search deals dozens of worlds from one view."""


def unseen_pool(variant: _Dealing, view: RummyView) -> list[Card]:
    """The deck less every card ``view`` shows, in deck order (not to be changed)."""
    pool = _POOLS.get(view, id(variant))
    if pool is None:
        pool = _POOLS.put(view, deck_less(variant.deck(view.seats), seen_by(view)),
                          id(variant))
    return pool


_DEALING: IdentityMemo[RummyView, tuple[list[Card], int]] = IdentityMemo(1)
"""The unseen cards of the last view hands were dealt for, and how many the hidden
hands hold (``RummyZones.deal_hands`` deals thousands a decision from one view)."""


def _dealing(variant: _Dealing, view: RummyView) -> tuple[list[Card], int]:
    """``view``'s unseen pool (``unseen_pool``) and the count of cards hidden in the
    other hands."""
    kept = _DEALING.get(view, id(variant))
    if kept is None:
        hidden = sum(size - len(view.known[other])
                     for other, size in enumerate(view.hand_sizes) if other != view.seat)
        kept = _DEALING.put(view, (unseen_pool(variant, view), hidden), id(variant))
    return kept


class RummyZones:
    """The card inventory and hidden cards of a game with hands, stock, pile and melds."""

    migrations: ClassVar[Mapping[int, RecordStep]] = {2: kept_rebuilding_for_ever}
    """Every game with a stock to rebuild took the rebuild limit in format 2."""

    def sample_zones(self: _Dealing, view: RummyView, rng: random.Random,
                     shuffle_stock: bool = True
                     ) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
        """For ``determinize``: every hand (the viewer's own, others' known cards and
        unseen ones at random) and the stock, dealt from the cards the view does not
        show; the stock in random order, or in deck order if not ``shuffle_stock``."""
        pool = unseen_pool(self, view)
        hidden = sum(size - len(view.known[other])
                     for other, size in enumerate(view.hand_sizes) if other != view.seat)
        dealt, rest = deal_hidden(pool, hidden, rng, shuffle_rest=shuffle_stock)
        hands = fill_hands(view.seat, view.hand, view.hand_sizes, view.known, dealt)
        if len(rest) != view.stock_size:
            raise InconsistentViewError(
                f"{len(rest)} unseen cards left for a stock of {view.stock_size}")
        return hands, tuple(rest)

    def determinize_hands(self: _WorldMaking[SR, VR], view: VR, rng: random.Random
                          ) -> SR:
        """``determinize(view, rng, shuffle_stock=False)``: the same state from the same
        draws, made as ``deal_hands`` then ``world_with``."""
        return RummyZones.world_with(self, view, RummyZones.deal_hands(self, view, rng))

    def deal_hands(self: _Dealing, view: RummyView, rng: random.Random) -> DealtHands:
        """The hands ``determinize_hands`` deals, from the same draws of ``rng``, with no
        state made: a search deals eight of these for each world it keeps (``worlds``:
        it weighs their hands by what the opponents have shown)."""
        pool, hidden = _dealing(self, view)
        if hidden > len(pool):
            raise InconsistentViewError("not enough unseen cards for the hidden hands")
        chosen = rng.sample(range(len(pool)), hidden)
        hands = fill_hands(view.seat, view.hand, view.hand_sizes, view.known,
                           [pool[index] for index in chosen])
        return DealtHands(hands, tuple(chosen), fresh_seed(rng))

    def world_with(self: _WorldMaking[SR, VR], view: VR, dealt: DealtHands) -> SR:
        """The world of ``view`` with these hands: the stock is the unseen pool less the
        cards dealt, in pool order (``settle`` shuffles it). The view's fields are copied
        into a state once per view (``_TEMPLATES``); each world changes only its hands,
        stock and seed."""
        template = cast(SR | None, _TEMPLATES.get(view, id(self)))
        if template is None:
            template = self.determinize(view, random.Random(0), shuffle_stock=False)
            _TEMPLATES.put(view, template, id(self))
        pool = unseen_pool(self, view)
        taken = set(dealt.chosen)
        stock = tuple([card for index, card in enumerate(pool) if index not in taken])
        if len(stock) != view.stock_size:
            raise InconsistentViewError(
                f"{len(stock)} unseen cards left for a stock of {view.stock_size}")
        return evolve(template, seed=dealt.seed, hands=dealt.hands, stock=stock,
                      **self.made_from_hands(template, dealt.hands))

    def made_from_hands(self, template: RummyState, hands: tuple[tuple[Card, ...], ...]
                        ) -> dict[str, object]:
        """The fields of a state that ``determinize`` makes from the hands, besides the
        hands (``world_with`` remakes them for each world): none here."""
        return {}

    def settle(self, state: SR, rng: random.Random) -> SR:
        stock = list(state.stock)
        rng.shuffle(stock)
        return evolve(state, stock=tuple(stock))

    def all_cards(self, state: RummyState) -> list[Card]:
        cards = [card for hand in state.hands for card in hand]
        cards += list(state.stock) + list(state.discard_pile)
        cards += [card for melds in state.melds for meld in melds for card in meld.cards]
        return cards

    def hidden_from(self, state: RummyState, seat: int) -> set[Card]:
        """The stock, and other hands less the cards everyone saw them take."""
        hidden = set(state.stock)
        for other, hand in enumerate(state.hands):
            if other != seat:
                hidden.update(set(hand) - set(state.known[other]))
        return hidden
