"""The ``normal`` Palace player: shed low, keep the 2s and aces for when they are needed.

Setup: it picks its hidden cards blind (it cannot do better), and fills its visible
reserve with its strongest placements: aces and 2s (they always play), then several
cards at once (a straight or a pair sheds them in one turn), then high cards. In play it
places the lowest placement that goes, preferring one that sheds several cards; only when
nothing ordinary goes does it spend a special card: a 2 on a small stack (it keeps the
ace), an ace on a big one (burning it and placing again beats picking it up).

Imports the engine only.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple, Protocol

from ..engine import (
    Action,
    BuildReserve,
    Card,
    PickHidden,
    Place,
    PlayHidden,
    Rank,
    TakeStack,
)
from ..engine.memo import IdentityMemo
from ..engine.palace import PalaceView, Phase
from ..engine.placements import value
from ..engine.text import msg, nmsg
from .explain import explainer
from .strategies import Strategy, describe_levels, strategy

VARY = 0.1
"""With the deck gone, or a hand swollen with stacks taken, how often it plays some
other ordinary placement: two players who always play the same way can pass the stack
back and forth forever (P-A12; issue 18: 1 in 40 two-seat games ended at the cap, the
same stack circling while 14 cards sat in the deck)."""
SWOLLEN = 8
"""A hand this big means stacks have been changing hands: time to vary."""
SMALL_STACK = 3
"""A stack this small is not worth an ace: a 2 will do, and the ace is kept."""


LONG_STRAIGHT = 4
"""A straight from a 2 this long sheds enough to be worth the 2 (its top card counts,
RULES.md §3): it is played as an ordinary placement."""


PLACEMENTS_KEPT = 4096
"""Placements whose ``special`` and ``ordinary_order`` are remembered: a decision weighs
every placement its hand can make, and the Hard search's rollouts meet the same ones
move after move (a third of a rollout's time went to these two)."""


@lru_cache(maxsize=PLACEMENTS_KEPT)
def special(cards: tuple[Card, ...]) -> bool:
    """A placement with a 2 or an ace in it: always playable, worth keeping; except a
    long straight from a 2, which is played for the cards it sheds."""
    if any(card.rank is Rank.ACE for card in cards):
        return True
    twos = sum(card.rank is Rank.TWO for card in cards)
    return twos > 0 and not (twos == 1 and len(cards) >= LONG_STRAIGHT)


def reserve_strength(cards: Sequence[Card]) -> tuple[int, int, int]:
    """Higher is stronger: specials, then cards shed at once, then the top rank."""
    return (sum(c.rank in (Rank.TWO, Rank.ACE) for c in cards), len(cards),
            max(value(c) for c in cards))


@lru_cache(maxsize=PLACEMENTS_KEPT)
def ordinary_order(cards: tuple[Card, ...]) -> tuple[int, int]:
    """Lower goes first: the lowest card, less two ranks for each extra card shed."""
    return (min(value(c) for c in cards) - 2 * (len(cards) - 1), -len(cards))


@lru_cache(maxsize=PLACEMENTS_KEPT)
def _ordinary_order(cards: tuple[Card, ...]) -> tuple[int, int] | None:
    """:func:`ordinary_order` of an ordinary placement, ``None`` for a special one: both
    answers a plan needs, found with one lookup."""
    return None if special(cards) else ordinary_order(cards)


class PalaceSight(Protocol):
    """What the Normal player reads of a position: a seat's view, or the Hard search's
    glance at a sampled state (:mod:`palace_search`), which needs no view built."""

    @property
    def phase(self) -> Phase: ...
    @property
    def legal(self) -> tuple[Action, ...]: ...
    @property
    def deck_size(self) -> int: ...
    @property
    def hand_sizes(self) -> tuple[int, ...]: ...
    @property
    def stack_size(self) -> int: ...


def normal_move(view: PalaceSight, rng: random.Random) -> Action:
    """The Normal player's move (see the module's docstring)."""
    legal = view.legal
    if view.phase is Phase.PICK_HIDDEN:
        return rng.choice(legal)  # every pick is blind
    if view.phase is Phase.BUILD_RESERVE:
        return strongest_build(legal)
    if isinstance(legal[0], PlayHidden):
        return rng.choice(legal)  # blind
    plan = play_plan(legal)
    if plan.lowest is not None:
        ordinary = plan.ordinary
        circling = view.deck_size == 0 or max(view.hand_sizes) >= SWOLLEN
        if circling and len(ordinary) > 1 and rng.random() < VARY:
            return rng.choice(ordinary)
        return plan.lowest
    if plan.small_stack is None or plan.big_stack is None:
        return legal[0]  # nothing goes: take the stack
    return plan.small_stack if view.stack_size <= SMALL_STACK else plan.big_stack


_STRONGEST: IdentityMemo[tuple[Action, ...], Action] = IdentityMemo(256)
"""Normal's reserve placement from each setup list met lately (the engine lists a hand
in setup as the very same tuple, ``palace.build_actions``)."""


def strongest_build(legal: tuple[Action, ...]) -> Action:
    """The strongest reserve placement listed (:func:`reserve_strength`), remembered for
    this very tuple."""
    found = _STRONGEST.get(legal)
    if found is None:
        builds = [a for a in legal if isinstance(a, BuildReserve)]
        found = _STRONGEST.put(legal, max(builds, key=lambda a: reserve_strength(a.cards)))
    return found


class PlayPlan(NamedTuple):
    """What Normal makes of a list of moves in play, worked out once per list: the
    ordinary placements and the lowest of them, or, with none, the special one it
    spends on a small stack and on a big one (none at all: it takes the stack). A
    named tuple: made for every new list, in C, where a frozen dataclass sets each
    field through ``object.__setattr__``."""

    ordinary: tuple[Place, ...]
    lowest: Place | None
    small_stack: Place | None
    big_stack: Place | None


PLANS_KEPT = 4096
"""Lists of moves whose plan is remembered. The engine lists the same hand on the same
stack as the very same tuple (``palace.play_actions``), so a plan is found by the list's
identity: the Hard search's rollouts meet the same lists move after move."""
_PLANS: dict[int, tuple[tuple[Action, ...], PlayPlan]] = {}


def play_plan(legal: tuple[Action, ...]) -> PlayPlan:
    """The plan of these moves in play (remembered for this very tuple)."""
    found = _PLANS.get(id(legal))
    if found is not None and found[0] is legal:
        return found[1]
    ordinary: list[Place] = []
    orders: list[tuple[int, int]] = []
    specials: list[Place] = []
    for action in legal:  # one pass: a plan is worked out for every new list
        if isinstance(action, Place):
            order = _ordinary_order(action.cards)
            if order is None:
                specials.append(action)
            else:
                ordinary.append(action)
                orders.append(order)
    if ordinary:
        plan = PlayPlan(tuple(ordinary), ordinary[orders.index(min(orders))], None, None)
    elif specials:  # every placement is special
        plan = PlayPlan((), None, _special(specials, True), _special(specials, False))
    else:
        plan = PlayPlan((), None, None, None)
    if len(_PLANS) >= PLANS_KEPT:
        _PLANS.clear()  # all at once: dropping the oldest one by one costs more than it saves
    _PLANS[id(legal)] = (legal, plan)  # holding the tuple keeps its id from being reused
    return plan


def _special(places: list[Place], small_stack: bool) -> Place:
    twos = [a for a in places if all(c.rank is Rank.TWO for c in a.cards)]
    aces = [a for a in places if any(c.rank is Rank.ACE for c in a.cards)]
    if twos and (not aces or small_stack):
        return min(twos, key=lambda a: len(a.cards))  # one 2 at a time
    if aces:
        # One ace burns as well as several; a straight up to the ace sheds more.
        return max(aces, key=lambda a: (sum(c.rank is not Rank.ACE for c in a.cards),
                                        -len(a.cards)))
    return min(places, key=lambda a: ordinary_order(a.cards))


describe_levels(
    "palace",
    easy=msg("Easy: plays sensibly but often puts down a weaker card than it could"),
    normal=msg("Normal: sheds its low cards first and keeps its 2s and aces for when they "
               "are needed"))


@strategy("palace")
class PalaceStrategy(Strategy[PalaceView]):
    view_type = PalaceView
    easy_slip = 0.5
    """How often the Easy level slips here (elsewhere one choice in seven). One Palace
    placement weighs little (the stack and the blind reserve decide much), so at the
    usual rate Normal won only 54 % against Easy. Measured at 0.5 (``tournament --game
    palace --bots normal,easy --games 600 --bot-seed 7 --jobs 1``): Normal wins 73.8 %
    [71.4, 76.1] of the deals, and Easy 85.3 % [83.3, 87.3] against Random (``--bots
    easy,random``); the goals are 70 % with the lower bound at 66 % or more, and 85 %.
    The two pull apart: at 0.4 Easy beats Random 87.4 % but Normal wins only 66.2 %
    [63.7, 68.6]."""

    def choose(self, view: PalaceView, rng: random.Random) -> Action:
        return normal_move(view, rng)


# --- Palace --------------------------------------------------------------------------

@explainer("palace", view=PalaceView)
def _palace(view: PalaceView, action: Action) -> str | None:
    top = view.top
    if isinstance(action, PickHidden):
        return msg("Any three will do: the cards are face down, so no choice is better.")
    if isinstance(action, BuildReserve):
        return msg("Keep your highest cards in the visible reserve: they are the hardest to "
                   "beat.")
    if isinstance(action, TakeStack):
        return msg("Nothing you can play beats the stack: take it.")
    if isinstance(action, PlayHidden):
        return msg("Turn up a hidden card: it is all you have left.")
    if isinstance(action, Place):
        cards = action.cards
        ranks = {card.rank for card in action.cards}
        if ranks == {Rank.TWO}:
            # Translators: a 2 is the card of rank two, which may be played on any card
            return msg("Play {cards}: a 2 plays on anything.", cards=cards)
        if len(ranks) > 1:
            return nmsg("Play {cards}: a straight sheds {count} card at once.",
                        "Play {cards}: a straight sheds {count} cards at once.",
                        len(action.cards), cards=cards)
        if top is None:
            return msg("Play {cards}: the stack is empty, so shed your lowest cards.",
                       cards=cards)
        return msg("Play {cards}: the lowest you hold that beats the top of the stack.",
                   cards=cards)
    return None
