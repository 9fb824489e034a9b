"""What the AI says to a player (a hint's "why?", a move in a review, a level's line,
a review's unit) is a message: its English as before, and its template and typed
parameters for the app to say it in the player's language."""

from __future__ import annotations

import random

import pytest
from bot_games import normal_positions

from cardtable.ai.bots import LEVEL_NAMES, PLAYER_LEVELS, level_words
from cardtable.ai.explain import hint
from cardtable.ai.move_words import move_words
from cardtable.ai.review_terms import terms_for
from cardtable.engine import variants
from cardtable.engine.actions import ALLOW_BUY, REFUSE_BUY, LayDown
from cardtable.engine.cards import parse_card
from cardtable.engine.text import Msg, fields

GAMES = [v.id for v in variants()]


def _views(game_id: str, moves: int = 120):  # type: ignore[no-untyped-def]
    seats = max(3, next(v for v in variants() if v.id == game_id).seat_counts.start)
    for _, _, view in normal_positions(game_id, seats, 5, moves):
        yield view


@pytest.mark.parametrize("game_id", GAMES)
def test_a_move_named_at_a_sentence_s_start_is_describe_with_a_capital(game_id):
    for view in _views(game_id):
        for action in view.legal:
            words = move_words(action)
            described = action.describe()
            assert isinstance(words, Msg), action
            assert words == described[:1].upper() + described[1:]


def test_the_moves_no_legal_list_showed_are_named_alike():
    for action in (ALLOW_BUY, REFUSE_BUY, LayDown((), parse_card("7H"))):
        described = action.describe()
        assert move_words(action) == described[:1].upper() + described[1:]


@pytest.mark.parametrize("game_id", GAMES)
def test_every_hint_s_why_is_a_message_with_its_cards_as_cards(game_id):
    for view in _views(game_id, 80):
        _, reason = hint(view, random.Random(2))
        assert isinstance(reason, Msg), reason
        assert fields(reason.template) == set(reason.params)
        for value in reason.params.values():
            if isinstance(value, str) and not isinstance(value, Msg):
                assert not any(card.pretty in value for card in view.hand), reason


def test_level_lines_and_names_are_messages():
    for level, line in PLAYER_LEVELS.items():
        assert isinstance(line, Msg) and isinstance(LEVEL_NAMES[level], Msg)
        for game_id in GAMES:
            assert isinstance(level_words(level, game_id), Msg)


def test_a_review_s_unit_and_round_words_are_messages():
    for game_id in GAMES:
        terms = terms_for(game_id)
        if terms is not None:
            assert isinstance(terms.unit, Msg) and isinstance(terms.round_words, Msg)
