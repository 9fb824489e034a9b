"""The ``normal`` Five Crowns player: exact arrangement plus a sense of what is close.

It scores a hand as the penalty its best arrangement leaves, less a bonus for loose cards
that are one card short of a meld (a pair, two of a suit a rank or two apart), so it keeps
cards that build books and runs and throws the costliest deadwood. It takes the discard
when that improves the hand by more than a blind draw is worth, goes out whenever it can,
and in its final turn lays down the arrangement that leaves the fewest points.

Imports the engine only.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Mapping
from functools import cache, lru_cache

from ..engine import (
    Action,
    Arrangement,
    Card,
    Discard,
    Draw,
    LayDown,
    Pile,
    best_arrangement,
)
from ..engine.actions import DRAW_DISCARD, DRAW_STOCK
from ..engine.five_crowns import FiveCrownsView, Phase, arrange_hand, meld_rules, points_function
from ..engine.melds import Meld
from ..engine.text import msg, nmsg
from .explain import explainer
from .move_words import groups
from .strategies import Strategy, describe_levels, strategy

LINK_WEIGHT = 0.5
"""Share of a loose card's points forgiven when another loose card could complete it."""
WILD_LINK_WEIGHT = 0.25
TAKE_GAIN = 2.0
"""Points the discard must save over the current hand before it beats a blind draw."""
FINAL_TAKE_GAIN = 1.0
CYCLE_BREAK = 0.15


def potential(loose: Iterable[Card], round_number: int) -> float:
    """Points forgiven for loose cards that are one card away from a meld: another of
    its rank, or of its suit a rank or two away (else, with a wild among them, a
    smaller share). The rollouts ask this for every card they weigh throwing, so the
    links are looked up, not searched pairwise, in a table of each card's facts; every
    term is a multiple of a quarter, so the sum is exact in any order."""
    facts = card_facts(round_number)
    naturals = []
    has_wild = False
    ranks: dict[int, int] = {}
    present: set[int] = set()
    for card in loose:
        fact = facts[card]
        if fact is None:
            has_wild = True
            continue
        naturals.append(fact)
        rank = fact[0]
        ranks[rank] = ranks.get(rank, 0) + 1
        present.add(fact[1])
    bonus = 0.0
    for rank, place, linked, wild_linked in naturals:
        if ranks[rank] > 1 or place - 1 in present or place + 1 in present \
                or place - 2 in present or place + 2 in present:
            bonus += linked
        elif has_wild:
            bonus += wild_linked
    return bonus


def _potentials_without(loose: list[Card], round_number: int) -> Callable[[Card], float]:
    """``potential`` of the loose cards but one, for any one of them: what a card's
    throw leaves. The counts of ranks and places are made once and the card's own taken
    off, rather than counted afresh for every card weighed; the terms are added in the
    same order, so each answer is ``potential``'s to the bit."""
    facts = card_facts(round_number)
    naturals: list[tuple[Card, Facts]] = []
    wilds = 0
    ranks: dict[int, int] = {}
    places: dict[int, int] = {}
    for card in loose:
        fact = facts[card]
        if fact is None:
            wilds += 1
            continue
        naturals.append((card, fact))
        ranks[fact[0]] = ranks.get(fact[0], 0) + 1
        places[fact[1]] = places.get(fact[1], 0) + 1

    def without(thrown: Card) -> float:
        gone = facts[thrown]
        gone_rank, gone_place = (gone[0], gone[1]) if gone is not None else (-1, -1)
        has_wild = wilds - (gone is None) > 0
        bonus = 0.0
        for card, (rank, place, linked, wild_linked) in naturals:
            if card is thrown:
                continue
            if ranks[rank] - (rank == gone_rank) > 1 or any(
                    places.get(near, 0) - (near == gone_place) > 0
                    for near in (place - 1, place + 1, place - 2, place + 2)):
                bonus += linked
            elif has_wild:
                bonus += wild_linked
        return bonus

    return without


Facts = tuple[int, int, float, float]
"""A natural card's rank, its place (suit and rank as one number: a rank or two away in
its suit is a place or two away), and the points ``potential`` forgives it when linked
or only near a wild."""


@cache
def card_facts(round_number: int) -> Mapping[Card, Facts | None]:
    """Each card's ``Facts`` in a round (``None``: a wild): Normal's and the rollouts'
    one table."""
    return _Facts(round_number)


class _Facts(dict[Card, Facts | None]):
    """Each card's ``Facts`` in one round (``None``: a wild), worked out when first asked."""

    def __init__(self, round_number: int) -> None:
        super().__init__()
        self.rules = meld_rules(round_number)
        self.points = points_function(round_number)

    def __missing__(self, card: Card) -> Facts | None:
        fact: Facts | None = None
        if not self.rules.is_wild(card):
            suit, rank, _ = card.sort_key()
            points = self.points(card)
            fact = (rank, (suit + 1) * 16 + rank, LINK_WEIGHT * points,
                    WILD_LINK_WEIGHT * points)
        self[card] = fact
        return fact


def hand_score(hand: Iterable[Card], round_number: int) -> float:
    """Penalty the hand would score now, less the promise of its loose cards."""
    return _hand_score(tuple(hand), round_number)


# Normal's decisions are pure functions of a hand and a few facts, asked again and again
# inside the Hard search's rollouts (every candidate replays a world's other seats): they
# are remembered by their arguments, as the arrangement itself is (``arrange_hand``).
# A few hundred answers each (``REMEMBERED``): the rollouts ask again within a few moves,
# and 8,192 found only 3 % more while the garbage collector's full passes walked them
# all (the rollouts ran some 15 % faster with the small tables).
REMEMBERED = 256

@lru_cache(maxsize=REMEMBERED)
def _hand_score(hand: tuple[Card, ...], round_number: int) -> float:
    arrangement = arrange_hand(hand, round_number)
    return arrangement.penalty - potential(arrangement.deadwood, round_number)


def plan_discard(hand: tuple[Card, ...], round_number: int,
                 keep: tuple[Card, ...] = ()) -> tuple[float, Card]:
    """The best card to discard from ``hand`` (never one in ``keep``) and its score after
    the discard."""
    score, card, _ = _plan_discard(hand, round_number, keep)
    return score, card


def _plan_discard(hand: tuple[Card, ...], round_number: int, keep: tuple[Card, ...],
                  best: Arrangement | None = None) -> tuple[float, Card, bool]:
    """``plan_discard``, and whether the hand goes out with a card not in ``keep``
    thrown (its arrangement says so, and ``take_gain`` asks). ``best``: the hand's
    arrangement with a discard, when the caller has it (never with ``keep``)."""
    points = points_function(round_number)
    if keep:
        best = best_arrangement(hand, meld_rules(round_number), points, discard=True,
                                keep=keep)
    elif best is None:
        best = arrange_hand(hand, round_number, discard=True)
    assert best.discard is not None
    loose = list(best.deadwood) + [best.discard]
    total = sum(map(points, loose))
    facts = card_facts(round_number)  # a wild's are None
    # A wild is never thrown while a natural can go: it costs points only if the round
    # ends before it finds a meld, and it would hand the next player a free wild.
    throwable = [card for card in loose if card not in keep and facts[card] is not None]
    if not throwable:
        throwable = [card for card in hand if card not in keep and facts[card] is not None]
    if not throwable:
        throwable = [card for card in loose if card not in keep]
    choice: tuple[float, int] | None = None
    thrown = throwable[0]
    seen: set[str] = set()
    in_loose = set(loose)
    without = _potentials_without(loose, round_number)
    for card in throwable:
        face = card.face
        if face in seen:
            continue
        seen.add(face)
        if card in in_loose:
            score = total - points(card) - without(card)
        else:  # breaking a meld: its other cards become loose again
            score = hand_score([other for other in hand if other is not card], round_number)
        key = (score, -points(card))
        if choice is None or key < choice:
            choice, thrown = key, card
    assert choice is not None
    return choice[0], thrown, best.goes_out


describe_levels(
    "five_crowns",
    easy=msg("Easy: plays sensibly but slips now and then (a loose discard, a draw from the "
             "wrong pile)"))


@strategy("five_crowns")
class FiveCrownsStrategy(Strategy[FiveCrownsView]):
    view_type = FiveCrownsView
    """Stateless: every decision is made from the observation alone."""
    easy_slip = 0.15
    """How often the Easy level slips here (a loose discard, a draw from the other pile).
    Measured (``tournament --game five_crowns --bots normal,easy --games 600 --bot-seed 7
    --jobs 1``): Normal wins 73.7 % [71.6, 75.7] of the deals against Easy, and Easy
    100.0 % against Random (``--bots easy,random``); the goals are 70 % with the lower
    bound at 66 % or more, and 85 %."""

    def choose(self, view: FiveCrownsView, rng: random.Random) -> Action:
        if view.phase is Phase.DRAW:
            return choose_draw(view.hand, view.round, view.top_discard, view.final_turn,
                               Draw(Pile.STOCK) in view.legal, rng)
        return finish_turn(view.hand, view.round, view.final_turn,
                           any(isinstance(action, LayDown) for action in view.legal))


# The decisions, read from plain facts rather than a view, so the Hard search's rollouts
# (five_crowns_search) play them straight from a sampled state with no view built.

def choose_draw(hand: tuple[Card, ...], round_number: int, top: Card | None,
                final_turn: bool, stock_open: bool, rng: random.Random) -> Draw:
    """The pile to draw from (``stock_open``: the stock, or a pile to rebuild it from)."""
    stock, discard = DRAW_STOCK, DRAW_DISCARD
    if top is None:
        return stock
    if not stock_open or meld_rules(round_number).is_wild(top):
        return discard
    gain = take_gain(hand, round_number, top, final_turn)
    if gain < (FINAL_TAKE_GAIN if final_turn else TAKE_GAIN):
        return stock
    # Two bots can trade the same cards back and forth for ever; a blind draw now and
    # then, when the gain is modest, breaks any such cycle.
    if not final_turn and gain < 2 * TAKE_GAIN + 4 and rng.random() < CYCLE_BREAK:
        return stock
    return discard


@lru_cache(maxsize=REMEMBERED)
def take_gain(hand: tuple[Card, ...], round_number: int, top: Card, final_turn: bool) -> float:
    """Points taking ``top`` saves over the hand as it is (infinite when it lets the hand
    go out, outside a final turn)."""
    # Whether the hand with the top goes out is read from the two arrangements the gain
    # needs anyway: it does by throwing the top when the hand alone is all books and
    # runs, or by throwing another card when the best such throw leaves nothing.
    if not final_turn and arrange_hand(hand, round_number).goes_out:
        return math.inf
    score_with, _, out = _plan_discard(hand + (top,), round_number, (top,))
    if out and not final_turn:
        return math.inf
    return hand_score(hand, round_number) - score_with


@lru_cache(maxsize=REMEMBERED)
def finish_turn(hand: tuple[Card, ...], round_number: int, final_turn: bool,
                may_go_out: bool) -> Discard | LayDown:
    """The end of a turn: going out when the hand does and ``may_go_out`` (the rules
    allow it this turn), else the card to throw; in a final turn the lay-down that
    leaves the fewest points."""
    best = arrange_hand(hand, round_number, discard=True)
    if final_turn or (best.goes_out and may_go_out):
        # Going out, or the final turn: the fewest points left is all that counts.
        assert best.discard is not None
        if best.melds:
            return LayDown(best.melds, best.discard)
        return Discard(best.discard)
    _, card, _ = _plan_discard(hand, round_number, (), best)
    return Discard(card)


# --- Five Crowns ---------------------------------------------------------------------

@explainer("five_crowns", view=FiveCrownsView)
def _five_crowns(view: FiveCrownsView, action: Action) -> str | None:
    rules = meld_rules(view.round)
    points = points_function(view.round)
    if isinstance(action, Draw):
        top = view.top_discard
        if action.source is Pile.DISCARD and top is not None:
            if rules.is_wild(top):
                return msg("Take the {card} from the discard pile: it is wild this round.",
                           card=top)
            best = arrange_hand(view.hand + (top,), view.round, discard=True)
            if best.goes_out:
                return msg("Take the {card}: with it you can go out.", card=top)
            partners = _partners(best.melds, top)
            if partners:
                return msg("Take the {card} from the discard pile: it goes with {cards}.",
                           card=top, cards=partners)
            return msg("Take the {card}: it brings a book or run nearer.", card=top)
        if top is not None:
            return msg("Draw from the stock: the {card} on the pile fits none of your books "
                       "or runs.", card=top)
        return msg("Draw from the stock.")
    if isinstance(action, Discard):
        card = action.card
        if rules.is_wild(card):
            if all(rules.is_wild(other) for other in view.hand):
                return msg("Discard the {card}: it is the only card left to throw.",
                           card=card)
            # A wild is thrown only when no book or run can use it now (the last turn):
            # kept, it would count the most of any card.
            return nmsg("Discard the {card}: no book or run can use it now, and left in "
                        "your hand it would count {count} point against you.",
                        "Discard the {card}: no book or run can use it now, and left in "
                        "your hand it would count {count} points against you.",
                        points(card), card=card)
        best = arrange_hand(view.hand, view.round)
        if card in best.deadwood:
            return nmsg("Discard the {card}: it is in none of your books or runs and costs "
                        "{count} point.",
                        "Discard the {card}: it is in none of your books or runs and costs "
                        "{count} points.", points(card), card=card)
        return nmsg("Discard the {card}: breaking up that meld costs the least ({count} "
                    "point).",
                    "Discard the {card}: breaking up that meld costs the least ({count} "
                    "points).", points(card), card=card)
    if isinstance(action, LayDown):
        melds = groups(action.melds, " / ")
        if view.final_turn:
            return msg("Lay down {melds} and discard the {card}: what you lay down no "
                       "longer counts against you.", melds=melds, card=action.discard)
        return msg("Go out: {melds}, discarding the {card}.", melds=melds,
                   card=action.discard)
    return None


def _partners(melds: Iterable[Meld], card: Card) -> tuple[Card, ...]:
    for meld in melds:
        if card in meld.cards:
            return tuple(c for c in meld.cards if c != card)
    return ()
