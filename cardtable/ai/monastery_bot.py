"""The ``normal`` Monastery player: chase the open mission the hand is nearest to.

Before it has laid a mission this round it judges a hand by how few cards it lacks for
its nearest open missions (``cards_needed``), switching missions whenever the cards say
so; it takes the discard when that brings a mission nearer, lays a mission the moment it
can (the longest it can make, since the hand then sheds faster), and once down sheds every
card it can onto the table to end the round before the others lay their missions. Its
discards then avoid cards that another player could add to a group, and always avoid
feeding the next player (who may take the discard): never an ace (wild within its suit
or colour) while that player has missions open, and, when it is one or two missions
from winning, a card that joins the cards it is known to hold if another card does as
well for the hand (issue 18: it threw A♠ to a player who needed a spade run).

Imports the engine only.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence
from functools import lru_cache

from ..engine import Action, Card, Discard, Draw, LayMission, LayOff, Pile, Rank
from ..engine.actions import one_per_face
from ..engine.melds import Meld, MeldKind
from ..engine.missions import (
    MISSIONS,
    GroupSpec,
    Tally,
    addition_problem,
    card_tally,
    cards_needed,
    extend_groups,
    joining_rank,
    needed,
    spec_of,
    tally_of,
)
from ..engine.monastery import MonasteryView, Phase
from ..engine.text import msg
from .explain import explainer
from .strategies import Strategy, describe_levels, strategy

FOCUS = 3
"""How many of the nearest open missions a hand is judged on."""
CLOSE = 2
"""An opponent with this many missions open or fewer is close to winning."""


def nearest(hand: Sequence[Card], missions: Sequence[int]) -> list[tuple[int, int]]:
    """(cards lacking, mission) for each open mission, nearest first; longer missions
    first among equals (they are the harder ones to meet again)."""
    return nearest_by_tally(tally_of(hand), missions)


def nearest_by_tally(counts: Tally, missions: Sequence[int]) -> list[tuple[int, int]]:
    """``nearest`` for the hand of this tally."""
    return sorted(((needed(counts, n), n) for n in missions),
                  key=lambda pair: (pair[0], -MISSIONS[pair[1]].cards))


@lru_cache(maxsize=1 << 14)
def focus_of(counts: Tally, missions: tuple[int, ...]) -> tuple[int, ...]:
    """The ``FOCUS`` nearest of these missions for the hand of this tally."""
    return tuple(n for _, n in nearest_by_tally(counts, missions)[:FOCUS])


def hand_value(hand: Sequence[Card], focus: Sequence[int]) -> tuple[int, int]:
    """Lower is better: cards lacking for the nearest focused mission, then the sum."""
    return tally_value(tally_of(hand), tuple(focus))


@lru_cache(maxsize=1 << 14)
def tally_value(counts: Tally, focus: tuple[int, ...]) -> tuple[int, int]:
    """``hand_value`` of the hand of this tally (a hand less a card is a subtraction).
    Kept as ``needed`` is, in one look-up for the focused missions."""
    needs = [needed(counts, n) for n in focus]
    return min(needs), sum(needs)


def without(counts: Tally, hand: Sequence[Card], card: Card) -> Tally:
    """The tally of the hand (of tally ``counts``) less ``card``, if it holds it."""
    return counts - card_tally(card) if card in hand else counts


def grown_lay(hand: Sequence[Card], mission: int,
              melds: Sequence[Meld]) -> tuple[tuple[Meld, ...], tuple[Card, ...]]:
    """A mission's groups laid from the hand with whatever else of it fits them, and
    the cards left over."""
    return _grown_lay(tuple(hand), mission, tuple(melds))


@lru_cache(maxsize=1024)
def _grown_lay(hand: tuple[Card, ...], mission: int,
               melds: tuple[Meld, ...]) -> tuple[tuple[Meld, ...], tuple[Card, ...]]:
    """``grown_lay``, kept: the searching seat's hand comes back in every world."""
    used = {card for meld in melds for card in meld.cards}
    return extend_groups(MISSIONS[mission], melds, [c for c in hand if c not in used])


Scored = list[tuple[tuple[int, ...], Card]]
"""Discard choices, each with the standing of the hand left without it (``_judge``)."""


def distinct_faces(hand: Sequence[Card]) -> list[Card]:
    """One card of each face in the hand (the last copy): copies throw alike."""
    return list({card.face: card for card in hand}.values())


def table_groups(view: MonasteryView) -> Iterator[tuple[Meld, GroupSpec]]:
    """Every group laid on the table this round, with the rule it keeps."""
    for owner, melds in enumerate(view.melds):
        for index, meld in enumerate(melds):
            yield meld, view.spec(owner, index)


def may_join(meld: Meld, card: Card, at_start: bool) -> bool:
    """Whether one card could be added to this group at this end (``addition_problem``
    then says if it is): never alone to a double run (pairs only); a natural only of
    the rank ``joining_rank`` names where it names one. Most cards are ruled out here,
    without building the grown group (Normal asks it of every card at every turn)."""
    if meld.kind is MeldKind.DOUBLE_RUN:
        return False
    if card.rank is Rank.ACE:
        return True
    wanted = joining_rank(meld, at_start)
    return wanted is None or wanted == int(card.rank)


@lru_cache(maxsize=4096)
def fits_table(melds: tuple[tuple[Meld, ...], ...], specs: tuple[tuple[tuple[int, int], ...], ...],
               card: Card) -> bool:
    """Whether the card could be added alone to a group on this table (the view's
    ``melds`` and ``specs``), at either end. Kept: the table changes only when a
    mission is laid, and every world of a search shares it."""
    return any(may_join(meld, card, start) and
               addition_problem(meld, spec_of(*specs[owner][index]), (card,), start) is None
               for owner, groups in enumerate(melds) for index, meld in enumerate(groups)
               for start in (False, True))


def taker(view: MonasteryView) -> int:
    """The seat that may take this seat's discard: the next to draw."""
    return (view.seat + 1) % view.seats


def feeds_next(view: MonasteryView, card: Card, close: int = CLOSE) -> int:
    """How much discarding ``card`` would help the next player: 2 for an ace while it
    has missions open (an ace is wild within its suit or colour in every group), 1 for
    a card that pairs with or runs next to a card it is known to hold (taken from the
    discard pile) while it has ``close`` missions open or fewer, else 0."""
    seat = taker(view)
    missions = view.open_missions(seat)
    if not missions:
        return 0
    if card.rank is Rank.ACE:
        return 2
    if len(missions) > close:
        return 0
    return 1 if goes_with_any(card, view.known[seat]) else 0


def goes_with_any(card: Card, cards: Iterable[Card]) -> bool:
    """Whether ``card`` pairs with one of ``cards`` or runs within two places of one in
    its suit (what a player who took those cards may want)."""
    rank = int(card.rank)
    return any(other.rank is card.rank or (other.suit is card.suit
                                           and 0 < abs(int(other.rank) - rank) <= 2)
               for other in cards)


describe_levels(
    "monastery",
    easy=msg("Easy: plays sensibly but slips now and then (a loose discard, a draw from the "
             "wrong pile)"),
    normal=msg("Normal: a steady player who works towards its next mission and rarely "
               "gives cards away"))


@strategy("monastery")
class MonasteryStrategy(Strategy[MonasteryView]):
    view_type = MonasteryView
    easy_slip = 0.15
    """How often the Easy level slips here (a loose discard, a draw from the other pile).
    Measured (``tournament --game monastery --bots normal,easy --games 600 --bot-seed 7
    --jobs 1``): Normal wins 71.5 % [69.2, 73.8] of the deals against Easy, and Easy
    100.0 % against Random (``--bots easy,random``); the goals are 70 % with the lower
    bound at 66 % or more, and 85 %."""

    def choose(self, view: MonasteryView, rng: random.Random) -> Action:
        if view.phase is Phase.DRAW:
            return self._draw(view)
        return self._play(view, rng)

    # --- drawing -----------------------------------------------------------------------

    def _draw(self, view: MonasteryView) -> Action:
        top = view.top_discard
        can_stock = Draw(Pile.STOCK) in view.legal
        if top is None or not can_stock:
            return view.legal[0]
        if view.laid(view.seat):
            fits = self._fits_table(view, top)
            return Draw(Pile.DISCARD) if fits else Draw(Pile.STOCK)
        counts = tally_of(view.hand)
        focus = focus_of(counts, view.open_missions(view.seat))
        now = self._judge(view, counts, focus)
        taken = counts + card_tally(top)
        best = min(self._judge(view, taken - card_tally(card), focus)
                   for card in one_per_face(view.hand))
        return Draw(Pile.DISCARD) if self._worth_taking(best, now) else Draw(Pile.STOCK)

    def _judge(self, view: MonasteryView, counts: Tally,
               focus: Sequence[int]) -> tuple[int, ...]:
        """The standing towards the focused missions of the hand of this tally (the
        hand's own, less or plus a card), lower is better; the first number is always
        the cards lacking for the nearest of them."""
        return tally_value(counts, tuple(focus))

    def _worth_taking(self, best: tuple[int, ...], now: tuple[int, ...]) -> bool:
        """Whether the hand after taking the discard (``best``) beats the hand now."""
        return best < now

    def _feeds(self, view: MonasteryView, card: Card) -> int:
        """How much a discard would help the next player (``feeds_next``)."""
        return feeds_next(view, card)

    def _fits_table(self, view: MonasteryView, card: Card) -> bool:
        return fits_table(view.melds, view.specs, card)

    # --- playing -----------------------------------------------------------------------

    def _play(self, view: MonasteryView, rng: random.Random) -> Action:
        lays = [a for a in view.legal if isinstance(a, LayMission)]
        if lays:
            return self._best_lay(view, lays)
        offs = [a for a in view.legal if isinstance(a, LayOff)]
        if offs:
            return max(offs, key=lambda a: (len(a.cards), a.target_seat == view.seat))
        return Discard(self._discard(view, rng))

    def _best_lay(self, view: MonasteryView, lays: list[LayMission]) -> LayMission:
        """The mission ``_lay_rank`` puts first, laid with whatever else fits it."""
        best: tuple[tuple[int, ...], LayMission] | None = None
        for lay in lays:
            melds, left = grown_lay(view.hand, lay.mission, lay.melds)
            key = self._lay_rank(view, lay.mission, len(view.hand) - len(left))
            if best is None or key > best[0]:
                best = (key, LayMission(lay.mission, melds))
        assert best is not None
        return best[1]

    def _lay_rank(self, view: MonasteryView, mission: int, shed: int) -> tuple[int, ...]:
        """Higher is laid first: the mission that sheds the most cards, then the longer
        one (a hand empties faster and ends the round before the others lay)."""
        return shed, MISSIONS[mission].cards

    def _discard_scores(self, view: MonasteryView,
                        cards: Sequence[Card]) -> Scored:
        """Each card with the standing (``_judge``) of the hand left without it."""
        hand = view.hand
        counts = tally_of(hand)
        focus = focus_of(counts, view.open_missions(view.seat))
        return [(self._judge(view, without(counts, hand, card), focus), card)
                for card in cards]

    def _discard(self, view: MonasteryView, rng: random.Random) -> Card:
        distinct = distinct_faces(view.hand)
        if view.laid(view.seat):
            # Down this round: nothing to build; throw what nobody can add to the table.
            safe = [c for c in distinct if not self._fits_table(view, c)] or distinct
            feeds = [self._feeds(view, c) for c in safe]
            least = min(feeds)
            return rng.choice([c for c, fed in zip(safe, feeds) if fed == least])
        return self._pick_discard(view, self._discard_scores(view, distinct), rng)

    def _pick_discard(self, view: MonasteryView, scored: Scored,
                      rng: random.Random) -> Card:
        """Not laid: the discard among the scored ones (``_discard_scores``)."""
        feeds = {card: self._feeds(view, card) for _, card in scored}
        best = min(score for score, _ in scored)
        choices = [card for score, card in scored if score == best]
        if all(feeds[c] for c in choices):
            # Every best discard helps the next player: give up a little of the plan
            # (never the nearest mission's count) rather than feed a player near the end.
            near = [(score, card) for score, card in scored
                    if score[0] == best[0] and not feeds[card]]
            if near and (any(feeds[c] > 1 for c in choices) or
                         len(view.open_missions(taker(view))) <= CLOSE):
                second = min(score for score, _ in near)
                choices = [card for score, card in near if score == second]
        least = min(feeds[c] for c in choices)
        choices = [c for c in choices if feeds[c] == least]
        others_down = any(view.laid(s) for s in range(view.seats) if s != view.seat)
        if others_down:
            safe = [c for c in choices if not self._fits_table(view, c)]
            choices = safe or choices
        return rng.choice(choices)


# --- Monastery -----------------------------------------------------------------------

@explainer("monastery", view=MonasteryView)
def _monastery(view: MonasteryView, action: Action) -> str | None:
    missions = view.open_missions(view.seat)
    nearest = min(missions, key=lambda n: cards_needed(view.hand, MISSIONS[n]),
                  default=None)
    if isinstance(action, LayMission):
        return msg("Lay mission {mission} ({title}): you hold it now.",
                   mission=action.mission, title=MISSIONS[action.mission].title)
    if isinstance(action, LayOff):  # cards left in hand score nothing here
        if action.target_seat == view.seat:
            return msg("Lay {cards} off on your mission: every card you shed brings you "
                       "nearer going out, which ends the round before the others lay "
                       "theirs.", cards=action.cards)
        return msg("Lay {cards} off on another player's mission: every card you shed "
                   "brings you nearer going out, which ends the round before the others lay "
                   "theirs.", cards=action.cards)
    if isinstance(action, Draw) and view.top_discard is not None:
        top = view.top_discard
        if action.source is Pile.DISCARD:
            return msg("Take the {card}: it brings a mission nearer.", card=top)
        return msg("Draw from the stock: the {card} brings no mission nearer.", card=top)
    if isinstance(action, Discard):
        card = action.card
        if view.laid(view.seat):
            return msg("Discard the {card}: nobody can add it to a group on the table.",
                       card=card)
        if nearest is not None:
            return msg("Discard the {card}: your nearest mission, {title}, does not need "
                       "it.", card=card, title=MISSIONS[nearest].title)
    return None
