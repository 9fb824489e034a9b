"""The Shanghai AI's faster answers are the answers it gave before (issue 38: rollouts
faster, moves unchanged). Each rewritten question is asked of random tables and hands,
uniform and near the edges (runs at their longest or at an ace, sets with wilds, all
wilds, many copies of a face), beside the implementation it replaced, kept here as the
reference (the need ``cards_needed`` has its own reference module,
``shanghai_needed_reference``: here its run windows are asked at their edges)."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator

import pytest
from bot_games import normal_positions

from cardtable.ai.shanghai_bot import ShanghaiStrategy
from cardtable.engine import Discard
from cardtable.engine.actions import discards_of, one_per_face
from cardtable.engine.cards import Card, Rank, standard_deck
from cardtable.engine.melds import Meld, MeldKind, MeldRules, meld_problem
from cardtable.engine.shanghai_checks import layoff_problem
from cardtable.engine.shanghai_rules import BUY_MELDS, MAY_I_MELDS, Phase, ShanghaiView
from cardtable.engine.table_fits import TableFits

DECK = standard_deck(2, 2)
WILDS = [c for c in DECK if c.rank in (Rank.TWO, Rank.JOKER)]


# --- the references: the implementations the faster ones replaced -------------------------

def old_fits_table(table: tuple[tuple[Meld, ...], ...], card: Card, rules: MeldRules) -> bool:
    """The bot's ``_fits_table`` before: every meld, both ends, the full check."""
    return any(layoff_problem(meld, (card,), at_start, rules) is None
               for melds in table for meld in melds for at_start in (False, True))


class OldNormal(ShanghaiStrategy):
    """Normal's discard as it was: every option's whole cost, the table asked in full."""

    def _fits_table(self, view: ShanghaiView, card: Card) -> bool:
        return old_fits_table(view.melds, card, self.rules)

    def _pick_discard(self, view: ShanghaiView, options: list[Discard]) -> Discard:
        return min(options, key=lambda action: self._discard_cost(view, action.card))


# --- random tables ---------------------------------------------------------------------------

def _card(rng: random.Random, rank: int, suit: object) -> Card:
    return rng.choice([c for c in DECK if int(c.rank) == rank and c.suit is suit])


def random_meld(rng: random.Random, rules: MeldRules) -> Meld | None:
    suit = rng.choice([s for s in {c.suit for c in DECK} if s is not None])
    if rng.random() < 0.4:
        rank = rng.choice([1] + list(range(3, 14)))
        naturals = [_card(rng, rank, rng.choice([c.suit for c in DECK if c.suit]))
                    for _ in range(rng.choice((1, 2, 3, 3, 4, 6)))]
        wilds = rng.sample(WILDS, rng.randint(0, min(3, len(naturals))))
        cards = naturals + wilds
        rng.shuffle(cards)
        meld = Meld(MeldKind.SET, tuple(cards))
    else:
        longest = rules.longest_run
        length = rng.choice((4, 4, 5, 6, longest - 1, longest))
        low = rng.choice((rules.run_low, rules.run_high - length + 1,
                          rng.randint(rules.run_low, rules.run_high - length + 1)))
        cards = []
        wild_room = length // 2
        for position in range(low, low + length):
            if wild_room and rng.random() < 0.3:
                cards.append(rng.choice(WILDS))
                wild_room -= 1
            else:
                cards.append(_card(rng, 1 if position == 14 else position, suit))
        meld = Meld(MeldKind.RUN, tuple(cards))
    return meld if meld_problem(meld, rules) is None else None


def random_table(rng: random.Random, rules: MeldRules) -> tuple[tuple[Meld, ...], ...]:
    table = []
    for _ in range(rng.randint(1, 4)):
        melds = [m for m in (random_meld(rng, rules) for _ in range(rng.randint(0, 4))) if m]
        table.append(tuple(melds))
    return tuple(table)


def _rules(rng: random.Random) -> MeldRules:
    return rng.choice((MAY_I_MELDS, BUY_MELDS))


def check_table_fits(seed: int) -> None:
    rng = random.Random(seed)
    rules = _rules(rng)
    table = random_table(rng, rules)
    fits = TableFits(table, rules)
    for card in rng.sample(DECK, 40) + WILDS[:2]:
        assert fits.fits(card) == old_fits_table(table, card, rules), (table, card)


def test_table_fits_answers_as_every_meld_end_asked_in_full():
    for seed in range(150):
        check_table_fits(seed)


@pytest.mark.slow
def test_table_fits_answers_as_every_meld_end_asked_in_full_long():
    for seed in range(150, 3000):
        check_table_fits(seed)


# --- Normal's discard -------------------------------------------------------------------------

def play_views(game_id: str, seats: int, seed: int, moves: int) -> Iterator[ShanghaiView]:
    for _, _, view in normal_positions(game_id, seats, seed, moves):
        if view.phase is Phase.PLAY:
            yield view


def random_hand(rng: random.Random, view: ShanghaiView) -> tuple[Card, ...]:
    """A hand of the view's size or so: uniform, wild-heavy, or one face many times."""
    size = max(2, len(view.hand) + rng.randint(-2, 2))
    shape = rng.random()
    if shape < 0.2:
        pool = WILDS * 2 + list(rng.sample(DECK, 10))
    elif shape < 0.4:
        rank = rng.choice(list(range(1, 14)))
        pool = [c for c in DECK if int(c.rank) == rank] * 2 + list(rng.sample(DECK, 8))
    else:
        pool = list(DECK)
    return tuple(dict.fromkeys(rng.sample(pool, min(size, len(pool)))))


def check_discards(game_id: str, seats: int, seed: int, moves: int, hands: int) -> int:
    rng = random.Random(seed)
    new, old = ShanghaiStrategy(), OldNormal()
    checked = 0
    for view in play_views(game_id, seats, seed, moves):
        for index in range(hands + 1):
            hand = view.hand if index == 0 else random_hand(rng, view)
            if rng.random() < 0.3:
                table = list(view.melds)
                table[rng.randrange(len(table))] = random_table(rng, view.crules.melds)[0]
                view = dataclasses.replace(view, melds=tuple(table))
            shown = dataclasses.replace(view, hand=hand)
            options = list(discards_of(one_per_face(hand)))
            for bot in (new, old):
                bot.rules, bot.crules = shown.crules.melds, shown.crules
            assert new._pick_discard(shown, options) == old._pick_discard(shown, options)
            checked += 1
    return checked


@pytest.mark.parametrize("game_id, seats", [("shanghai_may_i", 2), ("shanghai_buy", 3)])
def test_normal_throws_the_card_it_threw_before(game_id, seats):
    assert check_discards(game_id, seats, 3, 300, 4) > 300


@pytest.mark.slow
@pytest.mark.parametrize("game_id, seats", [("shanghai_may_i", 2), ("shanghai_may_i", 4),
                                            ("shanghai_buy", 3), ("shanghai_buy", 5)])
def test_normal_throws_the_card_it_threw_before_long(game_id, seats):
    for seed in range(4):
        check_discards(game_id, seats, 10 + seed, 1500, 6)


# --- the need's run windows at their edges ------------------------------------------------------

def edge_hands(rng: random.Random) -> Iterator[tuple[Card, ...]]:
    """Two pieces of runs in one suit a window's width apart or nearly (May I's runs of a
    suit must not touch), and hands whose fullest windows crowd into one or two suits
    (the ten fullest then hold few suits: buying's runs take a suit each)."""
    suits = [s for s in {c.suit for c in DECK} if s is not None]
    for _ in range(40):
        suit = rng.choice(suits)
        low = rng.randint(1, 4)
        gap = rng.choice((3, 4, 5, 6))
        ranks = [r for r in range(low, low + 4)] + [r for r in range(low + 4 + gap - 4,
                                                                       low + gap + 4)]
        ranks = [r for r in ranks if rng.random() < 0.85 and r <= 14]
        hand = [_card(rng, 1 if r == 14 else r, suit) for r in ranks]
        hand += rng.sample(DECK, rng.randint(0, 4))
        yield tuple(dict.fromkeys(hand))
    for _ in range(40):
        crowded = rng.sample(suits, rng.choice((1, 1, 2)))
        pool = [c for c in DECK if c.suit in crowded and c.rank is not Rank.TWO]
        hand = rng.sample(pool, rng.randint(7, 12)) + rng.sample(DECK, rng.randint(0, 3))
        yield tuple(dict.fromkeys(hand))


def test_the_need_counts_run_windows_at_their_edges_as_the_reference():
    from shanghai_needed_reference import needed

    from cardtable.engine.contracts import cards_needed
    from cardtable.engine.shanghai_rules import CONTRACTS, contract_rules

    rng = random.Random(38)
    for hand in edge_hands(rng):
        for may_i in (True, False):
            crules = contract_rules(may_i, False)
            for contract in CONTRACTS:
                assert cards_needed(hand, contract, crules) == needed(hand, contract, crules), \
                    (hand, contract, may_i)
