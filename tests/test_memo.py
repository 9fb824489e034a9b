"""The engine's identity memo: an answer is found only for the very object it was kept
for (an equal object, or one that took a freed id, is asked afresh), and only the last
few objects are kept."""

from __future__ import annotations

from cardtable.engine.memo import IdentityMemo


def test_an_answer_is_found_for_the_very_object_it_was_kept_for_only():
    memo: IdentityMemo[tuple[int, ...], str] = IdentityMemo(4)
    state = tuple(range(5))
    equal = tuple(range(5))
    assert equal == state and equal is not state
    memo.put(state, "listed")
    assert memo.get(state) == "listed"
    assert memo.get(equal) is None


def test_an_answer_is_kept_per_part_such_as_a_seat():
    memo: IdentityMemo[tuple[int, ...], str] = IdentityMemo(4)
    state = (1, 2)
    memo.put(state, "seat 0", 0)
    memo.put(state, "seat 1", 1)
    assert (memo.get(state, 0), memo.get(state, 1), memo.get(state, 2)) == \
        ("seat 0", "seat 1", None)


def test_only_the_last_size_objects_are_kept_oldest_dropped_first():
    memo: IdentityMemo[object, int] = IdentityMemo(3)
    objects = [object() for _ in range(5)]
    for number, obj in enumerate(objects):
        memo.put(obj, number)
    assert [memo.get(obj) for obj in objects] == [None, None, 2, 3, 4]


def test_a_kept_object_lives_with_its_answer_so_its_id_is_never_another_objects():
    import weakref

    class State:
        pass

    memo: IdentityMemo[State, str] = IdentityMemo(8)
    state = State()
    alive = weakref.ref(state)
    memo.put(state, "listed")
    del state
    assert alive() is not None  # held by the memo: no new object can take its id
