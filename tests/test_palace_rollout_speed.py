"""Palace's faster rollouts make the very same moves (issue 38, part 2): each function
rewritten for speed is checked against the code it replaced, kept here as the reference,
on thousands of random hands and positions (uniform, two decks full of duplicates, dense
runs of neighbouring ranks, 2s and aces, a hand one card from empty); whole games are
compared by ``cardtable simulate`` with the same bot seed."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from cardtable.ai.palace_bot import (
    SMALL_STACK,
    SWOLLEN,
    VARY,
    normal_move,
    ordinary_order,
    play_plan,
    reserve_strength,
    special,
)
from cardtable.ai.palace_search import (
    DRY_MOVES,
    PalaceRollout,
    burden_features,
    can_place,
    played_out,
)
from cardtable.engine import Action, BuildReserve, Card, Place, PlayHidden, Rank, TakeStack
from cardtable.engine.cards import SORT_KEY, standard_deck
from cardtable.engine.data import evolve, replace_at, without
from cardtable.engine.events import Burned, Event, Placed
from cardtable.engine.options import PalaceOptions
from cardtable.engine.palace import (
    Palace,
    PalaceState,
    PalaceView,
    Phase,
    _drawn,
    play_actions,
)
from cardtable.engine.palace_dry import DryTable
from cardtable.engine.placements import (
    burns,
    in_order,
    laid,
    legal_placements,
    placements,
    top_value,
    value,
)
from cardtable.engine.sampling import fill_hands, fresh_seed, take, unseen_cards

# --- the references: the code before the speed-up ---------------------------------------


def reference_legal_placements(hand: tuple[Card, ...], top: int | None) -> list[tuple[Card, ...]]:
    by_value: dict[int, list[Card]] = {}
    for card in hand:
        by_value.setdefault(value(card), []).append(card)
    ranks = sorted(by_value)
    lowest = 0 if top is None else top
    found: list[tuple[Card, ...]] = []
    for number in ranks:
        cards = by_value[number]
        if len(cards) > 1:
            cards.sort(key=SORT_KEY)
        if number < lowest and number != 2:
            continue
        if len(cards) > 1:
            found += [tuple(cards[:count]) for count in range(1, len(cards) + 1)]
        else:
            found.append((cards[0],))
    for start_index, start in enumerate(ranks):
        if start < lowest and start != 2:
            continue
        length = 1
        while start_index + length < len(ranks) and ranks[start_index + length] == start + length:
            length += 1
        for size in range(3, length + 1):
            found.append(tuple(by_value[start + step][0] for step in range(size)))
    return found


def reference_normal_play(view: Any, rng: random.Random) -> Action:
    """Normal's move in play, as it was (before ``play_plan``)."""
    legal = view.legal
    if isinstance(legal[0], PlayHidden):
        return rng.choice(legal)
    places = [a for a in legal if isinstance(a, Place)]
    if not places:
        return legal[0]
    ordinary = [a for a in places if not special(a.cards)]
    if ordinary:
        circling = view.deck_size == 0 or max(view.hand_sizes) >= SWOLLEN
        if circling and len(ordinary) > 1 and rng.random() < VARY:
            return rng.choice(ordinary)
        return min(ordinary, key=lambda a: ordinary_order(a.cards))
    twos = [a for a in places if all(c.rank is Rank.TWO for c in a.cards)]
    aces = [a for a in places if any(c.rank is Rank.ACE for c in a.cards)]
    if twos and (not aces or view.stack_size <= SMALL_STACK):
        return min(twos, key=lambda a: len(a.cards))
    if aces:
        return max(aces, key=lambda a: (sum(c.rank is not Rank.ACE for c in a.cards),
                                        -len(a.cards)))
    return min(places, key=lambda a: ordinary_order(a.cards))


class ReferencePalace(Palace):
    """Palace with its placing as it was (one dict of every field, ``in_order`` and
    ``burns`` worked out afresh)."""

    def _place(self, state: PalaceState, seat: int, cards: tuple[Card, ...],
               events: list[Event], hidden: bool = False) -> PalaceState:
        hand, known = state.hands[seat], state.known[seat]
        if not hidden:
            hand, known = without(hand, cards), without(known, cards)
        cards = in_order(cards)
        stack, burned = state.stack + (cards,), state.burned
        events.append(Placed(seat, cards, hidden))
        again = burns(cards)
        if again:
            gone = tuple(card for placement in stack for card in placement)
            stack, burned = (), burned + gone
            events.append(Burned(seat, gone))
        hand, deck = _drawn(hand, state.deck, seat, events)
        changes: dict[str, Any] = dict(
            hands=replace_at(state.hands, seat, hand), known=replace_at(state.known, seat, known),
            stack=stack, burned=burned, deck=deck, placements=state.placements + 1)
        cap = self.options.placement_cap
        if (hand or (state.hidden[seat] and not state.reserves[seat])) \
                and not (cap and state.placements + 1 >= cap):
            if again:
                return evolve(state, again=True, **changes)
            return evolve(state, **changes, **self._turn_passes(state))
        state = evolve(state, **changes)
        if not state.hands[seat] and state.reserves[seat]:
            state = self._take_reserve(state, seat, events)
        if not state.hands[seat] and not state.hidden[seat]:
            return self._won(state, seat, events)
        if self.options.placement_cap and state.placements >= self.options.placement_cap:
            return self._draw_game(state, events)
        if again:
            return evolve(state, again=True)
        return self._next_turn(state)


def reference_played_out(variant: Palace, state: PalaceState) -> PalaceState:
    policy = PalaceRollout(variant)
    rng = random.Random(state.seed)
    for _ in range(DRY_MOVES):
        if state.phase is Phase.GAME_OVER:
            break
        seat = state.current
        moved = variant.apply(state, seat, policy.choose(state, seat, rng)).state
        assert isinstance(moved, PalaceState)
        state = moved
    return state


# --- random hands ---------------------------------------------------------------------


def _hands(count: int, seed: int) -> Iterator[tuple[tuple[Card, ...], int | None]]:
    """Hands with a rank to beat: uniform, two decks (duplicates), dense runs, heavy in
    2s and aces, one card, and big hands swollen with stacks taken."""
    rng = random.Random(seed)
    for index in range(count):
        deck = standard_deck(rng.choice([1, 2]))
        kind = index % 5
        if kind == 0:
            hand = rng.sample(deck, rng.randint(1, 12))
        elif kind == 1:  # dense: neighbouring ranks, many straights and sets
            low = rng.randint(2, 10)
            pool = [c for c in deck if low <= value(c) < low + 5]
            hand = rng.sample(pool, rng.randint(3, min(12, len(pool))))
        elif kind == 2:  # 2s and aces among low cards
            pool = [c for c in deck if value(c) in (2, 3, 4, 5, 14)]
            hand = rng.sample(pool, rng.randint(1, 8))
        elif kind == 3:  # one card from empty
            hand = rng.sample(deck, 1)
        else:  # swollen
            hand = rng.sample(deck, rng.randint(12, 30))
        yield tuple(hand), rng.choice([None, *range(2, 15)])


def _check_listing(count: int, seed: int) -> None:
    for hand, top in _hands(count, seed):
        listed = legal_placements(hand, top)
        assert listed == reference_legal_placements(hand, top), (hand, top)
        moves = play_actions(hand, top)
        assert moves == (tuple(Place(cards) for cards in listed) if listed
                         else (TakeStack(),))


def test_the_placements_listed_are_those_of_the_old_listing_in_the_same_order():
    _check_listing(1500, 1)


@pytest.mark.slow
def test_the_placements_listed_are_those_of_the_old_listing_on_many_hands():
    _check_listing(20000, 2)


def test_a_hand_on_a_stack_is_listed_once_for_every_state_that_holds_it():
    """The rollouts meet the same hand on the same stack move after move: the listing
    is remembered, so the lists are the very same tuple."""
    variant = Palace()
    first = variant.position(["3S 4H 5D 9C", "KD"], stack=["4C"], deck="QH")
    second = variant.position(["3S 4H 5D 9C", "2H"], stack=["4S"], deck="QH JH")
    assert first.hands[0] == second.hands[0] and top_value(first.stack) == 4
    assert variant.legal_actions(first, 0) is variant.legal_actions(second, 0)


def test_a_placement_is_laid_in_order_and_burns_as_before():
    for hand, _ in _hands(600, 3):
        for cards in legal_placements(hand, None):
            assert laid(cards) == (in_order(cards), burns(cards))
            assert top_value((cards,)) == max(value(card) for card in cards)


# --- Normal's move --------------------------------------------------------------------


@dataclass(frozen=True)
class Sight:
    legal: tuple[Action, ...]
    deck_size: int
    hand_sizes: tuple[int, ...]
    stack_size: int
    phase: Phase = Phase.PLAY


def _check_normal(count: int, seed: int) -> None:
    rng = random.Random(seed)
    for index, (hand, top) in enumerate(_hands(count, seed)):
        legal = play_actions(hand, top)
        sight = Sight(legal, rng.choice([0, 0, 1, 20]),
                      (len(hand), rng.randint(0, 12)), rng.randint(0, 6))
        ours, theirs = random.Random(index), random.Random(index)
        assert normal_move(sight, ours) is reference_normal_play(sight, theirs)
        assert ours.getstate() == theirs.getstate()  # the same draws
        # A list met again (the same tuple) gives the same plan, and the same move.
        assert play_plan(legal) is play_plan(legal)
        again = Sight(tuple(legal), sight.deck_size, sight.hand_sizes, sight.stack_size)
        assert normal_move(again, random.Random(index)) == normal_move(sight,
                                                                       random.Random(index))


def test_normal_plays_the_move_it_played_before_with_the_same_draws():
    _check_normal(2000, 4)


@pytest.mark.slow
def test_normal_plays_the_move_it_played_before_on_many_hands():
    _check_normal(20000, 5)


# --- placing, and whole dry games -----------------------------------------------------


def _random_games(games: int, seed: int) -> Iterator[tuple[Palace, PalaceState, int, Action]]:
    """Every move of random-move games at 2 to 6 seats (some with a placement cap),
    with the state it was made in."""
    rng = random.Random(seed)
    for game in range(games):
        seats = 2 + game % 5
        options = PalaceOptions(placement_cap=rng.choice([2000, 200]))
        variant = Palace(options)
        state = variant.new_game(seats, rng.getrandbits(32)).state
        while state.phase is not Phase.GAME_OVER:
            seat = state.current
            action = rng.choice(variant.legal_actions(state, seat))
            yield variant, state, seat, action
            if state.phase is Phase.PLAY and rng.random() < 0.1:  # the cap's last placement
                yield variant, evolve(state, placements=options.placement_cap - 1), seat, action
            state = variant.apply(state, seat, action).state


def _check_placing(games: int, seed: int) -> None:
    references: dict[PalaceOptions, ReferencePalace] = {}
    for variant, state, seat, action in _random_games(games, seed):
        reference = references.setdefault(variant.options, ReferencePalace(variant.options))
        ours, theirs = variant.apply(state, seat, action), reference.apply(state, seat, action)
        assert ours.state == theirs.state and ours.events == theirs.events


def test_placing_changes_the_state_as_before_with_the_same_events():
    _check_placing(12, 6)


@pytest.mark.slow
def test_placing_changes_the_state_as_before_in_many_games():
    _check_placing(150, 7)


def test_a_dry_game_plays_out_as_before():
    """The leaf's playout, stepped without the engine's check, ends where the playout
    through ``apply`` ended."""
    found = 0
    for variant, state, _, _ in _random_games(40, 8):
        if state.phase is Phase.PLAY and not state.deck and state.turn % 9 == 0:
            assert played_out(variant, state) == reference_played_out(variant, state)
            found += 1
            if found == 30:
                return
    pytest.fail(f"only {found} dry positions met")


# --- the dry table: a dry game played on zones changed in place ------------------------


def _placements_from(pool: list[Card], count: int,
                     rng: random.Random) -> tuple[tuple[Card, ...], ...]:
    """Up to ``count`` placements taken from the pool (fewer if it runs out)."""
    taken = []
    while pool and len(taken) < count:
        taken.append(_placement_from(pool, rng))
    return tuple(taken)


def _placement_from(pool: list[Card], rng: random.Random) -> tuple[Card, ...]:
    """A valid placement taken from the pool (a set, or a straight where one is there),
    or one card."""
    by_value: dict[int, list[Card]] = {}
    for card in pool:
        by_value.setdefault(value(card), []).append(card)
    start = rng.choice(sorted(by_value))
    if rng.random() < 0.4:
        size = 0
        while start + size in by_value and size < 6:
            size += 1
        if size >= 3:
            cards = tuple(by_value[start + step][0] for step in range(rng.randint(3, size)))
            for card in cards:
                pool.remove(card)
            return in_order(cards)
    cards = tuple(by_value[start][:rng.randint(1, len(by_value[start]))])
    for card in cards:
        pool.remove(card)
    return in_order(cards)


def _dry_positions(count: int, seed: int) -> Iterator[tuple[Palace, PalaceState]]:
    """Positions in play with the deck gone, at 2 to 6 seats: uniform cards, dense runs
    of neighbouring ranks (long straights), many 2s and aces, swollen hands; hands gone
    (hidden cards to play blind), visible reserves left, known cards, a stack of sets
    and straights, the current seat placing again after a burn, the placement cap near."""
    rng = random.Random(seed)
    for index in range(count):
        seats = 2 + index % 5
        deck = list(standard_deck(2 if seats > 4 else 1))
        rng.shuffle(deck)
        kind = index // 5 % 4
        if kind == 1:  # dense: the cards of a few neighbouring ranks first
            low = rng.randint(2, 10)
            deck.sort(key=lambda c: not low <= value(c) < low + 5)
        elif kind == 2:  # 2s and aces first
            deck.sort(key=lambda c: value(c) not in (2, 14))
        hands, hidden, reserves, known = [], [], [], []
        for seat in range(seats):
            share = len(deck) // (seats - seat)  # the cards this seat may have at most
            size = rng.choice([0, 1, 2, 3, 3, 4, 6, 9]) if kind != 3 else rng.randint(8, 20)
            hand = tuple(deck.pop() for _ in range(min(size, share // 3)))
            hidden.append(tuple(deck.pop() for _ in range(rng.randint(0 if hand else 1, 3))))
            reserve: tuple[tuple[Card, ...], ...] = ()
            if hand:
                reserve = _placements_from(deck, rng.randint(0, 3), rng)
            hands.append(hand)
            reserves.append(reserve)
            known.append(tuple(card for card in hand if rng.random() < 0.3))
        again = rng.random() < 0.1
        stack = () if again else _placements_from(deck, rng.choice([0, 1, 1, 2, 4]), rng)
        options = PalaceOptions(placement_cap=rng.choice([2000, 200]))
        placements = rng.choice([0, 50, options.placement_cap - rng.randint(1, 30)])
        state = PalaceState(
            seats=seats, seed=rng.getrandbits(32), phase=Phase.PLAY,
            current=rng.randrange(seats), hands=tuple(hands),
            face_down=tuple(() for _ in range(seats)), hidden=tuple(hidden),
            reserves=tuple(reserves), deck=(), stack=stack, burned=tuple(deck),
            known=tuple(known), again=again, placements=placements, turn=rng.randint(0, 90),
            winner=None)
        yield Palace(options), state


def _stepped(variant: Palace, state: PalaceState, rng: random.Random,
             limit: int) -> PalaceState:
    """Random moves from the engine's lists, carried out by ``Palace.apply``."""
    for _ in range(limit):
        if state.phase is Phase.GAME_OVER:
            break
        seat = state.current
        moved = variant.apply(state, seat, rng.choice(variant.legal_actions(state, seat)))
        state = moved.state
    return state


def _check_dry_table(count: int, seed: int) -> None:
    moved = 0
    for index, (variant, state) in enumerate(_dry_positions(count, seed)):
        assert played_out(variant, state) == reference_played_out(variant, state)
        # Moves at random too: the specials, hidden cards and stacks Normal seldom plays.
        limit = 1 + index % 60
        table = DryTable(variant, state)
        table.play(lambda sight, rng: rng.choice(sight.legal), random.Random(index), limit)
        assert table.state() == _stepped(variant, state, random.Random(index), limit)
        moved += table.moves
    assert moved > 10 * count  # the positions were played on, not over at once


def test_a_dry_game_on_the_dry_table_ends_where_the_engine_ends_it():
    _check_dry_table(250, 9)


@pytest.mark.slow
def test_a_dry_game_on_the_dry_table_ends_where_the_engine_ends_it_in_many_positions():
    _check_dry_table(2000, 10)


def test_the_dry_table_starts_only_in_play_with_the_deck_gone():
    variant = Palace()
    with pytest.raises(ValueError):
        DryTable(variant, variant.position(["3S", "4S"], deck="5S"))
    with pytest.raises(ValueError):
        DryTable(variant, variant.new_game(2, 1).state)


# --- the leaf's counts ------------------------------------------------------------------


def reference_burden_features(state: PalaceState, seat: int) -> tuple[int, ...]:
    pool = list(state.hands[seat])
    for placement in state.reserves[seat]:
        pool += placement
    values = [value(card) for card in pool]
    twos, aces = values.count(2), values.count(14)
    low = sum(1 for v in values if 3 <= v <= 6)
    high = sum(1 for v in values if 11 <= v <= 13)
    ranks = len(set(values) - {2, 14})
    stuck = 0
    hand = state.hands[seat]
    if state.current == seat and hand and state.stack and \
            not legal_placements(hand, top_value(state.stack)):
        stuck = sum(len(placement) for placement in state.stack)
    return (len(state.hidden[seat]) + len(state.face_down[seat]), ranks, twos, aces, low,
            high, len(pool), stuck)


def _check_burdens(count: int, seed: int) -> None:
    positions = [state for _, state in _dry_positions(count, seed)]
    positions += [state for _, state, _, _ in _random_games(count // 50 + 1, seed)]
    for state in positions:
        for seat in range(state.seats):
            assert burden_features(state, seat) == reference_burden_features(state, seat)


def test_a_hand_can_place_exactly_when_some_placement_is_listed():
    for hand, top in _hands(3000, 16):
        assert can_place(hand, top) == bool(legal_placements(hand, top)), (hand, top)


def test_the_leaf_counts_what_a_seat_holds_as_before():
    _check_burdens(400, 11)


@pytest.mark.slow
def test_the_leaf_counts_what_a_seat_holds_as_before_in_many_positions():
    _check_burdens(4000, 12)


# --- setup: the reserve placements listed, and Normal's pick -----------------------------


def reference_keep_problem(state: PalaceState, seat: int, cards: tuple[Card, ...]) -> bool:
    """Whether the old ``_keep_problem`` refused the reserve placement."""
    left = len(state.hands[seat]) - len(cards)
    after = left + min(len(state.deck), max(0, 3 - left))
    still = 3 - len(state.reserves[seat]) - 1
    return after < still + 1


def reference_build_actions(state: PalaceState, seat: int) -> tuple[Action, ...]:
    return tuple(BuildReserve(cards) for cards in placements(state.hands[seat])
                 if not reference_keep_problem(state, seat, cards))


def _check_builds(games: int, seed: int) -> None:
    rng = random.Random(seed)
    met = 0
    for variant, state, seat, _ in _random_games(games, seed):
        if state.phase is not Phase.BUILD_RESERVE:
            continue
        for cut in (None, 0, 1, 2, 3, 4):  # the deck as it is, and run nearly dry
            if cut is not None:
                state = evolve(state, deck=state.deck[:cut])
            legal = variant.legal_actions(state, seat)
            assert legal == reference_build_actions(state, seat)
            met += len(legal) < len(placements(state.hands[seat]))
            builds = [a for a in legal if isinstance(a, BuildReserve)]
            sight = Sight(legal, len(state.deck), (0,) * state.seats, 0,
                          Phase.BUILD_RESERVE)
            assert normal_move(sight, rng) is max(builds,
                                                  key=lambda a: reserve_strength(a.cards))
    assert met  # some placements were refused: the deck could not refill the hand


def test_the_reserve_placements_listed_and_normals_pick_are_those_of_before():
    _check_builds(30, 13)


@pytest.mark.slow
def test_the_reserve_placements_listed_and_normals_pick_are_those_of_before_in_many_games():
    _check_builds(150, 14)


# --- dealing a world ----------------------------------------------------------------------


def reference_determinize(variant: Palace, view: PalaceView, rng: random.Random) -> PalaceState:
    seen = list(view.hand) + list(view.burned)
    seen += [card for placement in view.stack for card in placement]
    seen += [card for reserve in view.reserves for placement in reserve for card in placement]
    seen += [card for other, cards in enumerate(view.known) if other != view.seat
             for card in cards]
    pool = unseen_cards(variant.deck(view.seats), seen, rng)
    hands = fill_hands(view.seat, view.hand, view.hand_sizes, view.known, pool)
    face_down = tuple(take(pool, count, "") for count in view.face_down_counts)
    hidden = tuple(take(pool, count, "") for count in view.hidden_counts)
    deck = take(pool, view.deck_size, "")
    return PalaceState(
        seats=view.seats, seed=fresh_seed(rng), phase=view.phase, current=view.current,
        hands=hands, face_down=face_down, hidden=hidden, reserves=view.reserves, deck=deck,
        stack=view.stack, burned=view.burned, known=view.known, again=view.again,
        placements=view.placements, turn=view.turn, winner=view.winner)


def test_a_world_is_dealt_as_before_from_each_view_and_each_generator():
    """The unseen cards are worked out once per view: every world dealt from it, and
    from another view between, is the world dealt before."""
    checked = 0
    for variant, state, _, _ in _random_games(3, 15):
        if state.turn % 4:
            continue
        views = [variant.observe(state, other) for other in range(state.seats)]
        for index in range(3):  # the same view again, after another one
            for view in views:
                ours = variant.determinize(view, random.Random(index))
                assert ours == reference_determinize(variant, view, random.Random(index))
                checked += 1
    assert checked > 100
