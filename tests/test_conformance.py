"""The conformance suite: random and bot games over every registered game and seat count.

At every step: no card is created or lost, every meld on the table is valid, an illegal
action is refused with a reason, no observation or redacted event shows a seat another
seat's hidden cards, state/action/event JSON round-trips; at the end, replaying seed +
actions reproduces the state; and every game ends. New games join by registering.
"""

from __future__ import annotations

import dataclasses
import json
from collections import Counter

import pytest
from game_profiles import profile_of

from cardtable.ai import make_bot
from cardtable.engine import (
    Action,
    Card,
    Discard,
    Game,
    IllegalActionError,
    from_json,
    to_json,
    variants,
)
from cardtable.engine.events import Event
from cardtable.engine.options import bound_of
from cardtable.engine.rng import derive

STEP_LIMIT = 20_000


def cards_in(value, memo: dict | None = None) -> frozenset[Card]:
    """Every card inside an engine value (observation, event). Tuples shared between
    observations (the discard pile, the melds) are walked once per step via ``memo``,
    which also keeps them alive so that no id is reused while it is in use."""
    if isinstance(value, Card):
        return frozenset((value,))
    memo = {} if memo is None else memo
    key = id(value)
    if key in memo:
        return memo[key][1]
    if isinstance(value, tuple):
        children = value
    elif dataclasses.is_dataclass(value):
        children = tuple(getattr(value, f.name) for f in dataclasses.fields(value))
    else:
        return frozenset()
    found = frozenset().union(*(cards_in(child, memo) for child in children)) \
        if children else frozenset()
    if isinstance(value, tuple):
        memo[key] = (value, found)
    return found


def check_moves_exist(game: Game) -> None:
    """A game not over awaits someone, and every awaited seat has a legal action (else
    the table has nothing to offer and the bots nothing to choose)."""
    if game.over:
        return
    awaiting = game.awaiting()
    assert awaiting, "the game is not over but awaits nobody"
    for seat in awaiting:
        assert game.legal_actions(seat), f"seat {seat} is awaited but has no legal action"


def check_step(game: Game, events: tuple[Event, ...], deck: Counter[Card]) -> None:
    variant, state = game.variant, game.state
    check_moves_exist(game)
    # Cards are conserved.
    assert Counter(variant.all_cards(state)) == deck
    # Every meld on the table is valid under the round's rules.
    assert variant.table_problems(state) == []
    # State JSON round-trips (through text, as a save would).
    assert from_json(variant.state_type, json.loads(json.dumps(to_json(state)))) == state
    for event in events:
        assert from_json(Event, json.loads(json.dumps(to_json(event)))) == event
    # Nothing hidden leaks into an observation or a redacted event.
    memo: dict = {}
    for seat in range(game.seats):
        hidden = variant.hidden_from(state, seat)
        seen = cards_in(variant.observe(state, seat), memo)
        assert not seen & hidden, f"seat {seat} sees {seen & hidden}"
        for event in events:
            if event.private_to is not None and seat not in event.private_to:
                assert not cards_in(event.redacted_for(seat)) & hidden


def check_refusals(game: Game) -> None:
    """Illegal actions are refused with a sentence, and change nothing."""
    before = game.state
    awaiting = game.awaiting()
    legal = game.legal_actions(awaiting[0])
    for seat in range(game.seats):
        if seat not in awaiting:
            reason = game.problem(seat, legal[0])
            assert isinstance(reason, str) and reason
            with pytest.raises(IllegalActionError):
                game.apply(seat, legal[0])
    if any(isinstance(action, Discard) for action in legal):
        seat = awaiting[0]
        held = set(game.state.hands[seat])
        stranger = next(c for c in game.variant.deck(game.seats) if c not in held)
        reason = game.problem(seat, Discard(stranger))
        assert isinstance(reason, str) and reason
    assert game.state == before


def play_checked(game_id: str, seats: int, seed: int, policy: str, options=None) -> Game:
    game, events = Game.new(game_id, seats, seed, options)
    deck = Counter(game.variant.deck(seats))
    bot = make_bot(policy)
    check_step(game, events, deck)
    for _ in range(STEP_LIMIT):
        if game.over:
            break
        check_refusals(game)
        seat = game.awaiting()[0]
        action = bot.choose(game.observe(seat), derive(seed, seat, len(game.history)), 0.0,
                            lambda: False)
        assert from_json(Action, json.loads(json.dumps(to_json(action)))) == action
        events = game.apply(seat, action)
        check_step(game, events, deck)
    assert game.over, f"{game_id} seed {seed} did not end in {STEP_LIMIT} actions"
    record = json.loads(json.dumps(game.record()))
    assert Game.from_record(record).state == game.state
    return game


def cases_for(cls) -> list[tuple[str, int, str, object]]:
    """The suite's games of one game: every seat count, Normal bots at default options
    and random play shortened by the game's profile (tests/game_profiles.py)."""
    short = cls.options_type(**profile_of(cls.id).short_options)
    found: list[tuple[str, int, str, object]] = []
    for seats in cls.seat_counts:
        found.append((cls.id, seats, "normal", None))
        found.append((cls.id, seats, "random", short))
    return found


def cases():
    for variant in variants():
        for game_id, seats, policy, options in cases_for(variant):
            yield pytest.param(game_id, seats, policy, options,
                               id=f"{game_id}-{seats}-{policy}")


def play_case(game_id: str, seats: int, policy: str, options) -> None:
    # Two deals at the small tables, one at the large ones (whose games are long).
    for seed in (seats * 101, seats * 101 + 1)[: 2 if seats <= 4 else 1]:
        play_checked(game_id, seats, seed, policy, options)


@pytest.mark.parametrize("game_id,seats,policy,options", list(cases()))
def test_conformance(game_id, seats, policy, options):
    play_case(game_id, seats, policy, options)


def whole_random_game(cls) -> None:
    """Random play through a whole game, under the game's profile's options."""
    play_checked(cls.id, min(cls.seat_counts), 5, "random",
                 cls.options_type(**profile_of(cls.id).whole_game_options))


def test_random_play_of_a_whole_game_ends_and_replays():
    """Random play through a whole game, under each game's safety cap where it has one
    (random contract rummy can wander for a very long time before anyone goes out)."""
    for variant in variants():
        whole_random_game(variant)


def listed_actions_pass_afresh(cls) -> None:
    import random

    from cardtable.engine.codec import from_json as decode

    for seats in cls.seat_counts:
        variant = cls()
        state = variant.new_game(seats, seats).state
        rng = random.Random(seats)
        for _ in range(400):
            waiting = variant.awaiting(state)
            if not waiting:
                break
            seat = waiting[0]
            legal = variant.legal_actions(state, seat)
            for action in legal:
                copy = decode(Action, json.loads(json.dumps(to_json(action))))
                assert copy == action and copy is not action
                assert variant.problem(state, seat, copy) is None, (cls.id, action)
            state = variant.apply(state, seat, rng.choice(legal)).state


@pytest.mark.parametrize("cls", variants(), ids=lambda cls: cls.id)
def test_every_listed_action_passes_the_rules_checked_afresh(cls):
    """The legal lists are built by fast paths of their own (single lay-offs found by
    face, wild replacements, shared draws and calls), and a listed action is applied
    without a second check: each must pass the game's full rules when asked again, as
    an equal copy a player could have built, in random games at every seat count."""
    listed_actions_pass_afresh(cls)


def option_ends_of(cls) -> list[tuple[str, int]]:
    """A game at every seat count with all its whole-number options at the low end of
    their ranges, and with all at the high end (the high end together is what once
    starved a draw: many calls, many cards each)."""
    return [(end, seats) for end in ("low", "high") for seats in cls.seat_counts]


def option_ends():
    for variant in variants():
        for end, seats in option_ends_of(variant):
            yield pytest.param(variant, end, seats, id=f"{variant.id}-{end}-{seats}")


def extremes_of(cls) -> list[dict[str, int]]:
    """Each whole-number option of a game alone at its lowest and its highest value
    (and at its least but 0, where 1 and on are refused: the least turn cap)."""
    found: list[dict[str, int]] = []
    for field in dataclasses.fields(cls.options_type):
        bound = bound_of(field)
        if bound is None:
            continue
        least = [] if bound.off is None or bound.off.least == 1 else [bound.off.least]
        found += [{field.name: value} for value in (bound.low, *least, bound.high)]
    return found


def extremes():
    for variant in variants():
        for changes in extremes_of(variant):
            (name, value), = changes.items()
            yield pytest.param(variant, changes, id=f"{variant.id}-{name}-{value}")


def walk_checking_moves(game_id: str, seats: int, options, seed: int, steps: int) -> None:
    """Random play (which calls May I, buys and asks for whatever it may) for ``steps``
    actions, checking that every awaited seat has a legal action at each."""
    bot = make_bot("random")
    game, _ = Game.new(game_id, seats, seed, options)
    for step in range(steps):
        check_moves_exist(game)
        if game.over:
            return
        seat = game.awaiting()[0]
        game.apply(seat, bot.choose(game.observe(seat), derive(seed, seat, step), 0.0,
                                    lambda: False))


@pytest.mark.parametrize("cls,end,seats", list(option_ends()))
def test_every_awaited_seat_has_a_legal_action_with_the_options_at_an_end(cls, end, seats):
    """``SB-3-7Q2K9-B9999995`` (buying with 999,999 extra cards) once left the player in
    turn nothing to draw; so did a Shanghai! call that took the last discard while the
    stock was out and every other card was in hands and melds."""
    options_at_an_end(cls, end, seats)


def options_at_an_end(cls, end: str, seats: int) -> None:
    ends = {field.name: getattr(bound, end) for field in dataclasses.fields(cls.options_type)
            if (bound := bound_of(field)) is not None}
    walk_checking_moves(cls.id, seats, cls.options_type(**ends), seats * 7 + 1, 1500)


@pytest.mark.parametrize("cls,changes", list(extremes()))
def test_every_awaited_seat_has_a_legal_action_with_one_option_at_an_end(cls, changes):
    one_option_at_an_end(cls, changes)


def one_option_at_an_end(cls, changes: dict[str, int]) -> None:
    options = cls.options_type(**changes)
    for seats in (cls.seat_counts.start, cls.seat_counts.stop - 1):
        walk_checking_moves(cls.id, seats, options, seats * 7 + 3, 400)


def run_suite(cls) -> None:
    """Every check above on one game, as the parametrized tests run them on each
    registered game: for a game registered by a test for a while (tests/toy_game), which
    the parametrization, made when the tests are collected, cannot see."""
    for game_id, seats, policy, options in cases_for(cls):
        play_case(game_id, seats, policy, options)
    whole_random_game(cls)
    listed_actions_pass_afresh(cls)
    for end, seats in option_ends_of(cls):
        options_at_an_end(cls, end, seats)
    for changes in extremes_of(cls):
        one_option_at_an_end(cls, changes)
