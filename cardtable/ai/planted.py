"""Planted mistakes: a seat that plays as Normal except at a few chosen moves, where it
makes a mistake a player of the game knows for one. The review must find them
(``tests/test_review_planted.py``, ``bench/review.py --planted``).

Each game registers the mistakes it can plant (``@mistake``): a function of the seat's
view and Normal's planned move that returns the mistaken move where the position offers
one, else None. ``PlantedBot`` plants at most ``limit`` of them a game, at most one a
round, none before ``after`` moves of its own, and remembers where.

Imports the engine only.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from ..engine import Action, Card, Discard, Game, GameView, Place, Rank
from ..engine.actions import DRAW_DISCARD, DRAW_STOCK
from ..engine.codec import JSONObject
from ..engine.contract_search import best_go_down
from ..engine.contracts import cards_needed
from ..engine.data import without_one
from ..engine.missions import MISSIONS, tally_of
from ..engine.monastery import MonasteryView
from ..engine.options import OptionsInstance
from ..engine.rummy import RummyView
from ..engine.shanghai_rules import ShanghaiView
from .bots import Bot, NormalBot, make_bot
from .leaf import leaf_for
from .monastery_search import nearest_need
from .seats import bot_rng, seat_to_ask

Mistake = Callable[[GameView, Action], Action | None]
_MISTAKES: dict[str, list[tuple[str, Mistake]]] = {}


def mistake(name: str, *game_ids: str) -> Callable[[Mistake], Mistake]:
    """Decorator: a mistake these games can plant, named for the reports."""

    def register(function: Mistake) -> Mistake:
        for game_id in game_ids:
            _MISTAKES.setdefault(game_id, []).append((name, function))
        return function

    return register


def mistakes_for(game_id: str) -> list[tuple[str, Mistake]]:
    return list(_MISTAKES.get(game_id, ()))


def _wild(view: GameView, card: Card) -> bool:
    """A card the game plays as a wild: jokers and the round's rank (Five Crowns), jokers
    and twos (Shanghai), aces (Monastery: wild for rank)."""
    if view.game_id == "monastery":
        return card.rank is Rank.ACE
    if card.suit is None:
        return True
    if view.game_id == "five_crowns":
        return card.rank is getattr(view, "wild_rank", None)
    return card.rank is Rank.TWO


def _down(view: GameView) -> bool:
    down = getattr(view, "down", None)
    return bool(down[view.seat]) if isinstance(down, tuple) else False


NEAR = 1
"""Cards short of its contract at most a Shanghai hand is when it throws a wild it counts
on (nearer, the wild is the difference between going down soon and not)."""


@mistake("throws a wild it could use", "five_crowns", "shanghai_may_i", "shanghai_buy",
         "monastery")
def throws_a_wild(view: GameView, planned: Action) -> Action | None:
    """Discards a wild the hand could use: one the hand needs more cards without (its
    contract's, in Shanghai, before going down and when two cards or fewer short; its
    nearest mission's, in Monastery)."""
    if not isinstance(planned, Discard) or _wild(view, planned.card) or _down(view):
        return None
    wild = next((Discard(card) for card in view.hand if _wild(view, card)), None)
    if wild is None or wild not in view.legal:
        return None
    hand = without_one(view.hand, planned.card)
    if isinstance(view, ShanghaiView):
        need = cards_needed(hand, view.contract, view.crules)
        if need > NEAR or cards_needed(without_one(hand, wild.card), view.contract,
                                       view.crules) <= need:
            return None  # far from the contract, or a wild the contract does not count on
    if isinstance(view, MonasteryView):
        done = view.done[view.seat]
        if nearest_need(tally_of(without_one(hand, wild.card)), done) <= \
                nearest_need(tally_of(hand), done):
            return None  # an ace its nearest mission does not count on
    return wild


@mistake("feeds the last mission", "monastery")
def feeds_the_last_mission(view: GameView, planned: Action) -> Action | None:
    """Discards, to the next seat with one mission left, a card of the rank he took from
    the pile and still holds."""
    done = getattr(view, "done", None)
    following = (view.seat + 1) % view.seats
    if not isinstance(done, tuple) or len(done[following]) < len(MISSIONS) - 1:
        return None
    return feeds_the_next_player(view, planned)


def feeds_the_next_player(view: GameView, planned: Action) -> Action | None:
    """Discards a card of the rank the next seat took from the pile and still holds.

    Not planted on its own: the review prices one such card at 1-2 % of the chance of
    winning in Five Crowns (2 of 5 planted were among a game's top three, ``bench/
    review.py``), under Normal's own slips, and a mistake that small tests nothing; it is
    planted where it decides the game (``feeds_the_last_mission``)."""
    if not isinstance(planned, Discard) or not isinstance(view, RummyView):
        return None
    following = (view.seat + 1) % view.seats
    wanted = {card.rank for card in view.known[following] if not _wild(view, card)}
    feed = next((Discard(card) for card in view.hand
                 if card.rank in wanted and not _wild(view, card)), None)
    return feed if feed is not None and feed != planned and feed in view.legal else None


@mistake("declines a free contract card", "shanghai_may_i", "shanghai_buy")
def declines_a_free_card(view: GameView, planned: Action) -> Action | None:
    """Draws from the stock where the card on the pile, free to take on one's own turn,
    would let the hand go down at once (and the hand cannot without it), while another
    seat is down already (the round may end soon)."""
    if planned != DRAW_DISCARD or DRAW_STOCK not in view.legal \
            or not isinstance(view, ShanghaiView) or view.down[view.seat]:
        return None
    if not any(down for seat, down in enumerate(view.down) if seat != view.seat):
        return None  # nobody else is down: the round is young, the card comes again
    top = view.top_discard
    if top is None or _can_go_down(view, view.hand) \
            or not _can_go_down(view, view.hand + (top,)):
        return None
    return DRAW_STOCK


def _can_go_down(view: ShanghaiView, hand: tuple[Card, ...]) -> bool:
    """Whether the hand holds the round's contract (with a card left to throw)."""
    return len(hand) > 1 and best_go_down(hand, view.contract, view.crules, _no_points,
                                          first_found=True) is not None


def _no_points(card: Card) -> int:
    return 0


LONG = 3
"""The fewest cards of a straight a Palace mistake sheds one of."""


@mistake("sheds one card where a long straight was possible", "palace")
def sheds_one_of_a_straight(view: GameView, planned: Action) -> Action | None:
    """Places one card of a straight (``LONG`` cards or more) it could have placed whole,
    once the deck is gone (while it lasts, a hand refills to three whatever it sheds)."""
    if getattr(view, "deck_size", 1):
        return None
    straights = [move for move in view.legal if isinstance(move, Place)
                 and len(move.cards) >= LONG
                 and len({card.rank for card in move.cards}) == len(move.cards)]
    if not straights:
        return None
    longest = max(straights, key=lambda move: len(move.cards))
    single = next((Place((card,)) for card in sorted(longest.cards, key=lambda c: c.rank)
                   if Place((card,)) in view.legal), None)
    return single


@dataclass
class PlantedBot:
    """Normal, with mistakes planted (see the module's docstring)."""

    limit: int = 2
    after: int = 6
    """Own moves played as Normal before the first mistake may be planted."""
    name: str = "planted"
    planted: list[tuple[int, str]] = field(default_factory=list)
    """(own move number, the mistake's name) for each mistake planted."""
    live: bool = True
    """Whether the game is still open for the seat (set by whoever runs the game: a
    mistake in a game already won or lost costs nothing, and is no test of a review)."""
    base: Bot[GameView] = field(default_factory=NormalBot)
    """Who plays every other move (Normal, as the issue's proof asks)."""
    _moves: int = 0
    _rounds: set[int] = field(default_factory=set)

    def supports(self, game_id: str) -> bool:
        return bool(_MISTAKES.get(game_id)) and self.base.supports(game_id)

    def choose(self, observation: GameView, rng: random.Random, deadline: float,
               should_stop: Callable[[], bool]) -> Action:
        planned = self.base.choose(observation, rng, deadline, should_stop)
        self._moves += 1
        round_number = getattr(observation, "round", 0)
        if len(self.planted) >= self.limit or self._moves <= self.after \
                or round_number in self._rounds or not self.live \
                or not late_enough(observation):
            return planned
        done = [name for _, name in self.planted]
        kinds = sorted(mistakes_for(observation.game_id), key=lambda kind: done.count(kind[0]))
        for name, plant in kinds:  # the kinds planted least so far first
            wrong = plant(observation, planned)
            if wrong is not None and wrong != planned:
                self.planted.append((self._moves - 1, name))
                self._rounds.add(round_number)
                return wrong
        return planned


LATE = {"shanghai_may_i": 4, "shanghai_buy": 4}
"""The first round a game's mistakes are planted in: in Shanghai's seven rounds a wild
thrown away in the first three weighs little on the game (1-3 % of the chance of
winning, against 5-17 % from the fourth on, in ten deals of May I), and the review
ranks by the game."""
LATE_MISSIONS = 5
"""In Monastery: mistakes are planted once some seat has made this many missions."""


def late_enough(view: GameView) -> bool:
    """Whether the game is far enough on for a planted mistake to weigh on it."""
    done = getattr(view, "done", None)
    if view.game_id == "monastery" and isinstance(done, tuple):
        return max(len(missions) for missions in done) >= LATE_MISSIONS
    return getattr(view, "round", 1) >= LATE.get(view.game_id, 1)


OPEN = (0.15, 0.85)
"""The chances of winning between which a game is open enough to plant a mistake."""


@dataclass(frozen=True)
class PlantedGame:
    record: JSONObject
    planted: tuple[tuple[int, str], ...]
    """(index in the record's actions, the mistake's name) of each mistake planted."""


def play_planted(game_id: str, seats: int, seed: int, secret: int, limit: int = 2,
                 others: str = "normal", options: OptionsInstance | None = None,
                 base: str = "normal",
                 move_cap: int = 20_000) -> PlantedGame:
    """A game with mistakes planted in seat 0's play, the other seats at ``others``;
    planted only where the game is open for seat 0 (its chance of winning, as the Hard
    search's leaf reads the true state, between ``OPEN``'s bounds)."""
    game, _ = Game.new(game_id, seats, seed, options)
    leaf = leaf_for(game_id)
    planter = PlantedBot(limit, base=make_bot(base))
    bots = {seat: make_bot(others) for seat in range(1, seats)}
    planted: list[tuple[int, str]] = []
    for _ in range(move_cap):
        seat = seat_to_ask(game, range(seats))
        if seat is None:
            break
        bot = planter if seat == 0 else bots[seat]
        if seat == 0 and leaf is not None:
            chance = leaf.value(game.variant, game.state, 0)
            planter.live = OPEN[0] <= chance <= OPEN[1]
        before = len(planter.planted)
        action = bot.choose(game.observe(seat), bot_rng(game, seat, secret), float("inf"),
                            lambda: False)
        if len(planter.planted) > before:
            planted.append((len(game.history), planter.planted[-1][1]))
        game.apply(seat, action)
    return PlantedGame(game.record(), tuple(planted))
