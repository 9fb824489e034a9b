"""The screen matrix: every game of the registry × seat counts (smallest, 4, largest) ×
window sizes (1024×640, 1280×800, 3840×2160) × every screen a person reaches in it (the
table in each phase met, a May I / buy / Shanghai! question among them, the round's
summary, game over, rules, pause, the score sheet, the replay, the tour), and the screens
of no game (menu, setup on each game, settings, statistics, games played).

Each cell is built, drawn once and described (``screen_reach``); the checks read that:
it draws without an error, the deck colours are the setting's, no two elements overlap
(nothing public hidden), every text fits its box and the window, every element is
named, and every enabled element is reached by the keyboard (Tab meets them in the
model's focus order).

The quick matrix gives each cell one of the six (deck colours, card size) pairs, turning
through them cell by cell (each screen of each game meets every deck colour across its
three sizes, and the screens beside it the other card size); the full product, every pair
on every cell at the smallest and the largest window, is marked slow (about 25 s of one
core quick, 90 s with the slow cells: the README's test command runs both).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from screen_checks import (
    colour_problems,
    keyboard_problems,
    name_problems,
    outside_problems,
    overlap_problems,
    text_problems,
    tour_problems,
)
from screen_reach import Cell, Matrix, Seen, cells, expected_scheme

from cardtable.app.model import ScreenModel

QUICK = cells()
FULL = [cell for cell in cells(full=True) if cell not in set(QUICK)]


@pytest.fixture(scope="module")
def matrix(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matrix]:
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("CARDTABLE_HOME", str(tmp_path_factory.mktemp("matrix-home")))
        found = Matrix()
        yield found
        found.close()


def _params(chosen: list[Cell]) -> list[object]:
    return [pytest.param(cell, id=cell.id) for cell in chosen]


def _slow(chosen: list[Cell]) -> list[object]:
    return [pytest.param(cell, id=cell.id, marks=pytest.mark.slow) for cell in chosen]


EVERY = _params(QUICK) + _slow(FULL)


def _drawn(matrix: Matrix, cell: Cell) -> Seen:
    seen = matrix.seen(cell)
    assert seen.error is None, f"{cell.id}: {seen.error}"
    return seen


def _model(matrix: Matrix, cell: Cell) -> ScreenModel:
    """The cell's model: a screen without one fails every check that reads it."""
    seen = _drawn(matrix, cell)
    assert seen.model is not None, f"{cell.id}: no screen model: {seen.no_model}"
    return seen.model


# --- the matrix -----------------------------------------------------------------------------


@pytest.mark.parametrize("cell", EVERY)
def test_every_screen_builds_and_draws_without_an_error(matrix: Matrix, cell: Cell) -> None:
    _drawn(matrix, cell)


@pytest.mark.parametrize("cell", EVERY)
def test_cards_are_drawn_in_the_deck_colours_the_setting_asks_for(
        matrix: Matrix, cell: Cell) -> None:
    problems = colour_problems(_drawn(matrix, cell).schemes, expected_scheme(cell))
    assert not problems, f"{cell.id}: " + "; ".join(problems)


@pytest.mark.parametrize("cell", EVERY)
def test_no_two_elements_overlap_and_nothing_public_is_hidden(
        matrix: Matrix, cell: Cell) -> None:
    problems = overlap_problems(_model(matrix, cell))
    assert not problems, f"{cell.id}: " + "; ".join(problems)


@pytest.mark.parametrize("cell", EVERY)
def test_every_text_fits_its_box_in_the_font_it_is_drawn_with(
        matrix: Matrix, cell: Cell) -> None:
    model = _model(matrix, cell)
    problems = text_problems(model) + outside_problems(model, cell.size)
    assert not problems, f"{cell.id}: " + "; ".join(problems)


@pytest.mark.parametrize("cell", EVERY)
def test_every_element_has_a_spoken_name(matrix: Matrix, cell: Cell) -> None:
    problems = name_problems(_model(matrix, cell))
    assert not problems, f"{cell.id}: " + "; ".join(problems)


@pytest.mark.parametrize("cell", EVERY)
def test_every_enabled_element_is_reached_by_the_keyboard(
        matrix: Matrix, cell: Cell) -> None:
    model = _model(matrix, cell)
    problems = keyboard_problems(model, matrix.seen(cell).tabbed)
    assert not problems, f"{cell.id}: " + "; ".join(problems)


@pytest.mark.parametrize("cell", _params(QUICK))
def test_every_screen_is_said_its_name_its_focus_and_a_table_every_status(
        matrix: Matrix, cell: Cell) -> None:
    """Speech (issue 40): a screen coming up says its title and the focused element's
    name; a table answers every status key (F3 to F10) in words."""
    spoken = _drawn(matrix, cell).spoken
    empty = [what for what, words in spoken.items() if not words.strip()]
    assert not empty, f"{cell.id}: nothing said for {empty}"


def test_the_matrix_covers_every_game_and_the_screens_the_issue_names() -> None:
    """Every registered game is in it at its smallest and largest table, with its table
    in more than one phase, its rules, pause and replay; the Shanghai games with a
    question open."""
    from cardtable.engine import variants

    games = {(cell.game_id, cell.seats) for cell in QUICK if cell.game_id}
    for variant in variants():
        counts = variant.seat_counts
        assert {(variant.id, counts.start), (variant.id, counts.stop - 1)} <= games
        shown = {cell.screen for cell in QUICK if cell.game_id == variant.id}
        assert {"rules", "pause", "replay", "game over"} <= shown, variant.id
        assert len([s for s in shown if s.startswith("table")]) >= 2, variant.id
        if variant.id.startswith("shanghai"):
            assert shown & {"table: calls", "table: buy answer", "table: shanghai"}, shown
        assert "table: a refusal" in shown, variant.id
        if variant.id != "palace":  # the rummy games are played in rounds
            assert "summary" in shown, variant.id
    assert {cell.game_id for cell in QUICK if cell.screen == "goal sheet"} == {"monastery"}
    assert {cell.game_id for cell in QUICK
            if cell.screen == "table: where the freed wild goes"} == {"shanghai_buy"}
    assert {"statistics: games", "games played: games"} <= {cell.screen for cell in QUICK}
    for variant in variants():
        assert {(cell.game_id, cell.screen) for cell in QUICK
                if cell.screen.startswith("review")} >= {
            (variant.id, "review"), (variant.id, "review: none"),
            (variant.id, "review: progress")}, variant.id


@pytest.mark.parametrize("cell", _params([cell for cell in QUICK
                                          if cell.screen == "table: a refusal"]))
def test_a_refusal_and_the_callouts_are_elements_where_they_are_drawn(matrix: Matrix,
                                                                        cell: Cell) -> None:
    """The banner and every seat's callout are in the table's model (so the overlap
    check sees them), each with its words as drawn."""
    model = _model(matrix, cell)
    banner = model.get("banner")
    assert banner is not None and banner.texts and banner.texts[0].bold, cell.id
    called = [element for element in model if element.id.startswith("callout/")]
    assert len(called) == cell.seats, cell.id


@pytest.mark.parametrize("cell", _params([cell for cell in QUICK if cell.table]))
def test_the_tables_texts_are_measured_as_drawn(matrix: Matrix, cell: Cell) -> None:
    """Every button's label is measured bold at the size it is drawn (not a made-up
    12), and each seat panel, the info panel and the log carry their texts."""
    model = _model(matrix, cell)
    for element in model:
        if element.role.value == "button" and element.texts:
            assert all(text.bold for text in element.texts), element.id
    for wanted in ("info", "log", *(f"seat/{seat}" for seat in range(1, cell.seats))):
        found = model.get(wanted)
        assert found is not None and found.texts, f"{cell.id}: {wanted} has no texts"


@pytest.mark.parametrize("cell", _params([cell for cell in QUICK if cell.screen == "coach"]))
def test_the_tour_never_covers_the_part_of_the_table_it_points_at(matrix: Matrix,
                                                                  cell: Cell) -> None:
    _drawn(matrix, cell)
    covered = tour_problems(matrix, cell)
    assert not covered, f"{cell.id}: " + "; ".join(covered)
