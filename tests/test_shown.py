"""A value a refusal echoes back is written as a player reads it and is never longer
than a line, whatever was typed or pasted (one rule for every refusal)."""

from cardtable.engine.shown import shown


def test_numbers_are_written_with_separators_and_huge_ones_by_their_digits():
    assert shown(999_999) == "999,999"
    assert shown(-5) == "-5"
    assert shown(10 ** 30) == "a number of 31 digits"
    assert shown(-10 ** 19) == "a negative number of 20 digits"


def test_text_is_quoted_and_a_pasted_page_is_cut_to_its_start_and_length():
    assert shown("B9") == "'B9'"
    page = "x" * 5000
    assert shown(page) == "'xxxxxxxxxxxxxxxx'\u2026 (5,000 characters)"
    assert len(shown(page)) < 60


def test_other_values_are_written_out_and_cut_alike():
    assert shown(None) == "null" and shown(True) == "true" and shown(4.5) == "4.5"
    assert shown(["a"] * 100).endswith("(500 characters)")  # ['a', 'a', … 5 each
    assert len(shown({"k": "v" * 1000})) < 60
