"""The engine's copy-with-changes: every field kept but the ones changed, slotted or
not, and an unknown field refused (a typo must not pass silently)."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from cardtable.engine import get_variant
from cardtable.engine.data import evolve, without, without_one


@dataclass(frozen=True)
class Plain:
    a: int
    b: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Slotted:
    a: int
    b: tuple[int, ...] = ()


@pytest.mark.parametrize("cls", [Plain, Slotted])
def test_evolve_changes_only_the_fields_named(cls):
    before = cls(1, (2, 3))
    after = evolve(before, b=(4,))
    assert after == cls(1, (4,)) and before == cls(1, (2, 3))
    assert evolve(before) == before and evolve(before) is not before


@pytest.mark.parametrize("cls", [Plain, Slotted])
def test_evolve_refuses_a_field_the_class_does_not_have(cls):
    with pytest.raises(TypeError, match="has no field c"):
        evolve(cls(1), c=2)


@pytest.mark.parametrize("game_id", ["five_crowns", "shanghai_may_i", "monastery", "palace"])
def test_evolve_on_a_game_state_matches_rebuilding_it(game_id):
    variant = get_variant(game_id)(get_variant(game_id).options_type())
    state = variant.new_game(3, 7).state
    fields = {name: getattr(state, name) for name in state.__dataclass_fields__}
    name = next(iter(fields))
    changed = evolve(state, **{name: fields[name]})
    assert changed == type(state)(**fields)


def test_evolve_works_out_again_a_field_derived_from_the_others():
    from cardtable.engine.cards import Card, Rank, Suit
    from cardtable.engine.melds import MeldRules

    card = evolve(Card(Rank.TWO, Suit.HEARTS), rank=Rank.KING)
    assert card == Card(Rank.KING, Suit.HEARTS) and hash(card) == hash(Card(Rank.KING, Suit.HEARTS))
    rules = evolve(MeldRules(), wild_ranks=frozenset({Rank.FIVE}))
    assert rules.is_wild(Card(Rank.FIVE, Suit.CLUBS))


def test_without_one_takes_a_card_from_where_it_stands_and_leaves_a_missing_one_alone():
    from cardtable.engine import parse_cards, standard_deck

    hand = tuple(standard_deck(2)[::7])
    for card in hand:
        assert without_one(hand, card) == without(hand, (card,))
    stranger = parse_cards("JK")[0]
    assert without_one(hand, stranger) is hand
    assert without_one((), stranger) == ()


def test_a_filled_table_is_worked_out_whole_and_is_not_a_cache():
    """A ``FilledTable`` holds a pure function's values for a part of its domain, all
    worked out by ``fill``; anything else is worked out when asked and kept. It has no
    ``cache_clear``, so the engine bench treats it as the constant it is."""
    from cardtable.engine.data import FilledTable

    asked: list[int] = []

    def square(key: int) -> int:
        asked.append(key)
        return key * key

    table = FilledTable(square)
    table.fill(range(4))
    assert dict(table) == {0: 0, 1: 1, 2: 4, 3: 9} and asked == [0, 1, 2, 3]
    table.fill(range(2, 5))  # only what is missing is worked out
    assert asked == [0, 1, 2, 3, 4]
    assert table[7] == 49 and table[7] == 49 and asked[-1] == 7 and asked.count(7) == 1
    assert not hasattr(table, "cache_clear")

