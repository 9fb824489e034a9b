"""Every event type the engine defines has a sentence in the move log, a sound decision
and an animation decision at each table (an explicit "silent" or "none" counts): found
from the event's type, so a new event type fails here until someone decides all three."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from cardtable.app import scenes
from cardtable.app.describe import SENTENCES, describe
from cardtable.app.event_registry import ByEvent, UnregisteredEvent, event_types
from cardtable.app.scenes.table_core import TableCore
from cardtable.app.sound import EFFECTS, sound_for
from cardtable.engine.events import Event
from cardtable.engine.plugins import import_all


def engine_event_types():
    """The engine's event types (a class made inside a test function is a test's own)."""
    return [kind for kind in event_types() if "<locals>" not in kind.__qualname__]


def tables():
    """Every table scene: each class below ``TableCore`` that draws a table itself, and
    each one no other class extends (the replay's tables extend the tables they watch,
    so the tables people play at are not leaves; the mixins they are built of draw
    nothing)."""
    import_all(scenes.__name__, scenes.__path__)
    found, waiting = [], [TableCore]
    while waiting:
        kind = waiting.pop()
        below = [k for k in kind.__subclasses__() if "<locals>" not in k.__qualname__]
        waiting += below
        if kind is not TableCore and (not below or "draw" in vars(kind)):
            found.append(kind)
    return found


def test_the_walk_finds_the_engines_event_types():
    names = {kind.__name__ for kind in engine_event_types()}
    assert {"Drew", "Discarded", "Called", "CallWon", "Burned", "HiddenRevealed"} <= names
    assert "Event" not in names and len(names) >= 25


def test_every_event_type_has_a_sentence_and_a_sound_decision():
    kinds = engine_event_types()
    assert SENTENCES.missing(kinds) == []
    assert EFFECTS.missing(kinds) == []


def test_each_table_decides_how_every_event_type_is_animated():
    found = tables()
    assert {kind.__name__ for kind in found} >= {"TableScene", "PalaceTableScene"}
    for table in found:
        animations = getattr(table, "animations", None)
        assert isinstance(animations, ByEvent), f"{table.__name__} has no animations"
        assert animations.missing(engine_event_types()) == [], table.__name__


def test_a_new_event_type_is_caught_until_all_three_are_decided():
    @dataclass(frozen=True, slots=True)
    class Shuffled(Event):
        seat: int

    assert Shuffled in event_types()
    assert SENTENCES.missing([Shuffled]) == ["Shuffled"]
    assert EFFECTS.missing([Shuffled]) == ["Shuffled"]
    for table in tables():
        assert table.animations.missing([Shuffled]) == ["Shuffled"]
    with pytest.raises(UnregisteredEvent, match="Shuffled has no sentence in the move log"):
        describe(Shuffled(1), ["You", "West"], 0)
    with pytest.raises(UnregisteredEvent, match="Shuffled has no sound decision"):
        sound_for([Shuffled(1)], 0)


def test_one_event_type_cannot_be_given_two_sentences():
    from cardtable.engine.events import Drew

    with pytest.raises(ValueError, match="Drew already has"):
        SENTENCES.on(Drew)(lambda said, event: "twice")
