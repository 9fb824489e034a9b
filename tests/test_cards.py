"""Cards, the RULES.md §0 notation, and every game's deck (FC-T1, S2-T1, S3-T1, §7.1);
in the repository, docs/rules/README.md §2 and §3."""

from collections import Counter

import pytest

from cardtable.engine import (
    Card,
    NotationError,
    Rank,
    Suit,
    five_crowns_deck,
    format_cards,
    parse_card,
    parse_cards,
    standard_deck,
)


def test_notation_round_trips_every_example_form():
    text = "10H QS JK 9* 7H 7S AC 2D"
    assert format_cards(parse_cards(text)) == text


def test_repeated_faces_are_distinct_physical_cards():
    first, second = parse_cards("7H 7H")
    assert first.face == second.face == "7H"
    assert first != second
    assert {first.copy, second.copy} == {0, 1}


def test_unique_code_names_the_copy():
    card = parse_card("7H.1")
    assert card == Card(Rank.SEVEN, Suit.HEARTS, 1)
    assert card.code == "7H.1" and str(card) == "7H"
    assert parse_cards("7H 7H") == (parse_card("7H.0"), parse_card("7H.1"))


@pytest.mark.parametrize("bad", ["1H", "7X", "JKH", "10", "", "H7", "7H.1 7H.1"])
def test_bad_notation_is_refused_with_a_reason(bad):
    with pytest.raises(NotationError):
        parse_cards(bad) if " " in bad else parse_card(bad)


def test_joker_and_stars_print_back():
    assert parse_card("JK").is_joker and parse_card("JK").suit is None
    assert parse_card("9*").suit is Suit.STARS
    assert parse_card("9*").pretty == "9\u2605"


def test_five_crowns_deck_has_116_cards_6_jokers_and_each_pair_twice():  # FC-T1
    deck = five_crowns_deck()
    assert len(deck) == 116 == len(set(deck))
    assert sum(card.is_joker for card in deck) == 6
    faces = Counter(card.face for card in deck if not card.is_joker)
    assert len(faces) == 55 and set(faces.values()) == {2}
    assert {card.rank for card in deck if not card.is_joker} == {Rank(r) for r in range(3, 14)}


@pytest.mark.parametrize("decks,jokers,size,wilds", [
    (2, 2, 108, 12),   # S2-T1: 4 players, 8 twos + 4 jokers
    (3, 2, 162, 18),   # S2-T1: 6 players; S3-T1: always 162 with 18 wilds
    (4, 2, 216, 24),
    (2, 0, 104, 8),    # Monastery 2-4 players (no jokers; twos are not wild there)
    (1, 0, 52, 4),     # Palace
])
def test_standard_decks_by_size(decks, jokers, size, wilds):
    deck = standard_deck(decks, jokers)
    assert len(deck) == size == len(set(deck))
    assert sum(card.is_joker or card.rank is Rank.TWO for card in deck) == wilds
