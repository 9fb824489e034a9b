"""JSON round-trips of engine values, and clear errors for JSON that is not one."""

import json

import pytest

from cardtable.engine import (
    Action,
    CodecError,
    Discard,
    Draw,
    Game,
    LayDown,
    Meld,
    MeldKind,
    Pile,
    from_json,
    parse_cards,
    to_json,
)
from cardtable.engine.events import Drew, Event, RoundScored


def round_trip(kind, value):
    return from_json(kind, json.loads(json.dumps(to_json(value))))


def test_actions_round_trip_through_the_base_class():
    melds = (Meld(MeldKind.RUN, parse_cards("5H 6H JK")),)
    for action in (Draw(Pile.STOCK), Discard(parse_cards("7H.1")[0]),
                   LayDown(melds, parse_cards("KS")[0])):
        assert round_trip(Action, action) == action


def test_events_round_trip():
    for event in (Drew(1, Pile.STOCK, None), Drew(0, Pile.DISCARD, parse_cards("JK")[0]),
                  RoundScored(2, (parse_cards("3H 4H"), ()), (7, 0), (12, 3))):
        assert round_trip(Event, event) == event


def test_cards_are_written_with_their_copy():
    assert to_json(parse_cards("7H 7H")) == ["7H.0", "7H.1"]


@pytest.mark.parametrize("data", [
    {"type": "Discard"}, {"type": "Nope"}, {"type": "Discard", "card": "ZZ"},
    {"type": "Draw", "source": "hat"}, [1, 2], "Draw",
])
def test_malformed_action_json_is_a_codec_error(data):
    with pytest.raises(CodecError):
        from_json(Action, data)


def test_record_with_an_illegal_action_does_not_replay():
    game, _ = Game.new("five_crowns", 2, 3)
    record = game.record()
    record["actions"] = [[game.awaiting()[0], to_json(Discard(parse_cards("KS")[0]))]]
    with pytest.raises(ValueError):
        Game.from_record(record)


@pytest.mark.parametrize("game_id", ["five_crowns", "shanghai_may_i", "shanghai_buy",
                                     "monastery", "palace"])
def test_observations_round_trip(game_id):
    """A seat's view is plain data too: a Shanghai view carries its round's contract."""
    game, _ = Game.new(game_id, 3, 5)
    view = game.observe(game.awaiting()[0])
    assert round_trip(type(view), view) == view


def test_a_card_is_one_object_and_refuses_what_is_not_a_card():
    import copy
    import pickle

    from cardtable.engine.cards import Card, Rank, Suit

    card = Card(Rank.SEVEN, Suit.HEARTS, 1)
    assert parse_cards("7H.1")[0] is card
    assert pickle.loads(pickle.dumps(card)) is card and copy.deepcopy([card])[0] is card
    for rank, suit, number in [(7, Suit.HEARTS, 1), (Rank.SEVEN, Suit.HEARTS, True),
                               (Rank.SEVEN, Suit.HEARTS, 1.0), (Rank.SEVEN, None, 0),
                               (Rank.JOKER, Suit.HEARTS, 0), (Rank.SEVEN, Suit.HEARTS, -1),
                               ([1], Suit.HEARTS, 0)]:
        with pytest.raises(TypeError, match="not a card"):
            Card(rank, suit, number)
