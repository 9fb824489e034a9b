"""The shell around the tables (issue 13): the question before a new game replaces a saved
one, Continue naming the game and round, the pause menu's Settings and score sheet, Esc
clearing a selection before it pauses, seat panels at six to eight seats, the move log."""

import pygame
import pytest

from cardtable.app import layout as table_layout
from cardtable.app import theme
from cardtable.app.scenes.common import ConfirmScene
from cardtable.app.scenes.menu import MenuScene
from cardtable.app.scenes.palace_table import PalaceTableScene
from cardtable.app.scenes.pause import PauseScene, ScoreSheetScene
from cardtable.app.scenes.settings import SettingsScene
from cardtable.app.scenes.setup import SetupScene
from cardtable.app.scenes.table import TableScene
from cardtable.app.scenes.table_panels import (
    LOG_INDENT,
    backs_fan,
    count_rect,
    log_page,
    seat_labels,
    text_size,
)
from cardtable.app.widgets import TextField
from cardtable.engine import catalog
from ui import autopilot, button, click, frames, key, post, until


def labels(app):
    return [widget.label for widget in app.stack.top.ring.widgets]


def five_crowns_in_round_3(make_app):
    """A two-player Five Crowns game played on to round 3, then saved and left."""
    app = make_app()
    app.new_game("five_crowns", 1, "normal", 4)
    frames(app, 2)
    autopilot(app, lambda: app.session.game.state.round == 3)
    key(app, pygame.K_ESCAPE)
    click(app, button(app, "Save and quit"))
    frames(app, 2)
    assert isinstance(app.stack.top, MenuScene)
    return app


def start_from_setup(app):
    click(app, button(app, "New game"))
    assert isinstance(app.stack.top, SetupScene)
    click(app, button(app, "Start"))
    frames(app, 2)


# --- a new game asks before it replaces a saved one --------------------------------------


def test_new_game_asks_before_replacing_a_save_and_keep_my_game_keeps_it(make_app):
    app = five_crowns_in_round_3(make_app)
    saved = app.save_path.read_bytes()
    start_from_setup(app)
    question = app.stack.top
    assert isinstance(question, ConfirmScene)
    assert question.question == ("You have a Five Crowns game in progress (round 3). "
                                 "Start a new game and lose it?")
    assert labels(app) == ["Keep my game", "Start new"]  # the safe answer first
    click(app, button(app, "Keep my game"))
    assert isinstance(app.stack.top, SetupScene) and app.session is None
    assert app.save_path.read_bytes() == saved
    click(app, button(app, "Start"))
    key(app, pygame.K_ESCAPE)                                  # Esc keeps the game too
    assert isinstance(app.stack.top, SetupScene) and app.save_path.read_bytes() == saved


def test_new_game_asks_before_replacing_a_save_and_start_new_replaces_it(make_app):
    app = five_crowns_in_round_3(make_app)
    start_from_setup(app)
    click(app, button(app, "Start new"))
    frames(app, 2)
    assert isinstance(app.stack.top, TableScene)
    assert app.session.game.state.round == 1
    app.save(wait=True)
    app.to_menu()
    frames(app, 2)
    assert labels(app)[0] == "Continue: Five Crowns, round 1"


def test_new_game_with_no_save_starts_without_asking(make_app):
    app = make_app()
    start_from_setup(app)
    assert isinstance(app.stack.top, TableScene)


def test_new_game_stays_a_direct_call_for_code_that_deals(make_app):
    app = five_crowns_in_round_3(make_app)
    app.new_game("five_crowns", 2, "normal", 9)
    frames(app, 2)
    assert isinstance(app.stack.top, TableScene) and app.session.game.seats == 3


# --- Continue names the game and its round -----------------------------------------------


def test_continue_label_names_the_game_and_round(make_app):
    app = five_crowns_in_round_3(make_app)
    assert labels(app)[0] == "Continue: Five Crowns, round 3"
    app.shutdown()
    again = make_app()                                        # read once, at start
    assert labels(again)[0] == "Continue: Five Crowns, round 3"
    click(again, button(again, "Continue"))
    frames(again, 2)
    assert isinstance(again.stack.top, TableScene) and again.session.game.state.round == 3


def test_continue_label_of_a_game_without_rounds_is_its_name(make_app):
    app = make_app()
    app.new_game("palace", 2, "normal", 3)
    frames(app, 2)
    app.to_menu()
    frames(app, 2)
    title = next(info.title for info in catalog() if info.id == "palace")
    assert labels(app)[0] == f"Continue: {title}"


# --- the pause menu reaches Settings and the score sheet ---------------------------------


def test_pause_menu_opens_settings_and_the_score_sheet(make_app):
    app = five_crowns_in_round_3(make_app)
    click(app, button(app, "Continue"))
    frames(app, 2)
    table = app.table
    card_w = table.geo.card_w
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, PauseScene)
    assert labels(app) == ["Resume", "Settings", "Score sheet", "Rules",
                           "Copy deal code", "Save and quit to menu"]
    click(app, button(app, "Settings"))
    settings = app.stack.top
    assert isinstance(settings, SettingsScene)
    card_size = next(w for w in settings.ring.widgets if getattr(w, "label", "") == "Card size")
    click(app, card_size.segments()[-1].center)                # the largest cards
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, PauseScene)
    assert table.geo.card_w > card_w                           # the table was laid out again
    click(app, button(app, "Score sheet"))
    sheet = app.stack.top
    assert isinstance(sheet, ScoreSheetScene)
    assert sheet.desc.rounds_played(sheet.view) == 2 and sheet.names == app.session.names
    frames(app, 2)                                            # it draws
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, PauseScene)
    click(app, button(app, "Resume"))
    assert app.stack.top is table


def test_pause_menu_of_a_game_without_rounds_has_settings_but_no_score_sheet(make_app):
    app = make_app()
    app.new_game("palace", 2, "normal", 3)
    frames(app, 2)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, PauseScene)
    assert "Settings" in labels(app) and "Score sheet" not in labels(app)


# --- Esc first clears a selection --------------------------------------------------------


def test_esc_clears_the_selection_before_it_pauses(make_app):
    app = make_app()
    app.new_game("five_crowns", 3, "normal", 7)
    frames(app, 2)
    until(app, lambda: app.session.human_to_move and not app.table.animator.busy)
    table = app.table
    key(app, pygame.K_d)
    key(app, pygame.K_SPACE)
    assert table.selected
    key(app, pygame.K_ESCAPE)
    assert not table.selected and app.stack.top is table
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, PauseScene)


def test_esc_drops_a_drag_in_progress_before_it_pauses(make_app):
    app = make_app()
    app.new_game("five_crowns", 3, "normal", 7)
    frames(app, 2)
    until(app, lambda: app.session.human_to_move and not app.table.animator.busy)
    table = app.table
    start = table.geo.hand_slots(len(table.hand_cards()))[0].center
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    post(pygame.MOUSEMOTION, pos=(start[0] + 40, start[1] - 80), rel=(40, -80),
         buttons=(1, 0, 0))
    frames(app, 2)
    assert table.drag is not None and table.drag.moved
    key(app, pygame.K_ESCAPE)
    assert table.drag is None and app.stack.top is table
    post(pygame.MOUSEBUTTONUP, pos=(start[0] + 40, start[1] - 80), button=1)
    frames(app, 2)
    assert app.session.game.history == () or all(s != 0 for s, _ in app.session.game.history)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, PauseScene)


def test_esc_clears_the_selection_at_the_palace_table_too(make_app):
    app = make_app()
    app.new_game("palace", 2, "normal", 3)
    frames(app, 2)
    autopilot(app, lambda: bool(app.table.hand_cards()) and app.table.face_down_count() == 0)
    table = app.table
    assert isinstance(table, PalaceTableScene)
    key(app, pygame.K_SPACE)
    assert table.selected
    key(app, pygame.K_ESCAPE)
    assert not table.selected and app.stack.top is table
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, PauseScene)


# --- seat panels at six to eight seats ---------------------------------------------------

SIZES = ((1024, 640), (1280, 800), (1366, 768), (1920, 1080), (3840, 2160))
NAMES = ("North-West", "South-East", "Maximilian the Magnificent of the North")
NOTES = ("Normal AI", "down \u2713  \u00b7  3 May I left  \u00b7  pen 255",
         "not down  \u00b7  0 May I left  \u00b7  pen 1000")


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6, 7, 8])
@pytest.mark.parametrize("size", SIZES)
def test_seat_panels_do_not_overlap_at_six_to_eight_seats(seats, size):
    geo = table_layout.compute(size, seats, 0)
    spots = list(geo.spots.values())
    piles = [geo.stock, geo.discard]
    for spot in spots:
        assert geo.play.contains(spot.panel) and spot.panel.contains(spot.cards)
        others = [other.panel for other in spots if other is not spot]
        assert spot.panel.collidelist(others + piles + [geo.message]) < 0, (seats, size)
        assert spot.melds.collidelist(others + piles + [geo.message]) < 0, (seats, size)
        assert spot.panel.width // 2 <= spot.melds.width <= 2 * spot.panel.width
        assert geo.play.contains(spot.melds), (seats, size)
        for other in spots:
            if other is not spot:
                assert not spot.melds.colliderect(other.melds), (seats, size)


@pytest.mark.parametrize("seats", [6, 7, 8])
@pytest.mark.parametrize("size", SIZES)
def test_seat_panel_text_fits_its_panel_without_overlapping(seats, size):
    pygame.font.init()
    geo = table_layout.compute(size, seats, 0)
    text = text_size(geo.height)
    for spot in geo.spots.values():
        for name in NAMES:
            for note in NOTES:
                shown = seat_labels(spot.panel, spot.cards, text, name, "888 pts", note,
                                    ("dealer", "OUT"))
                rects = [shown.name.rect, shown.score.rect, shown.note.rect]
                count = count_rect(spot.cards, 13, text)
                for rect in rects + [count]:
                    assert spot.panel.contains(rect), (seats, size, name, note)
                for index, rect in enumerate(rects):
                    assert rect.collidelist(rects[index + 1:] + [count]) < 0, (name, note)
                assert shown.note.rect.bottom <= spot.cards.y
                assert shown.note.text.endswith("dealer \u00b7 OUT") or \
                    shown.note.text.endswith("dealer  \u00b7  OUT")
                assert shown.name.text == name or shown.name.text.endswith("\u2026")
                assert shown.score.text == "888 pts"
                fan = backs_fan(spot.cards, 13, int(geo.small_w * 0.75), text)
                assert max(rect.right for rect in fan) <= count.x
                assert spot.cards.contains(fan[0].unionall(fan))


def test_seat_panels_keep_short_names_whole():
    pygame.font.init()
    for seats in (6, 7, 8):
        geo = table_layout.compute((1024, 640), seats, 0)
        for spot in geo.spots.values():
            shown = seat_labels(spot.panel, spot.cards, text_size(geo.height), "South-West",
                                "120 pts", "Normal AI", ("dealer",))
            assert shown.name.text == "South-West"
            assert shown.note.text == "Normal AI  \u00b7  dealer"


# --- the move log ------------------------------------------------------------------------

LONG = ("North-West laid down 5\u2663 6\u2660 7\u2663 \u00b7 4\u2605 6\u2660 6\u2665 and "
        "then discarded the queen of hearts after a long think about it")


def test_log_wraps_within_its_panel_without_cutting_words(make_app):
    app = make_app()
    app.new_game("five_crowns", 3, "normal", 7)
    frames(app, 2)
    box = app.table.geo.log
    entries = [LONG, "A" * 120, "short line"]
    page = log_page(box, entries, app.size[1], scroll=0)
    face = theme.font(page.size)
    for line, continued in page.lines:
        indent = LOG_INDENT if continued else 0
        assert indent + face.size(line)[0] <= box.width - 24   # within the panel
    assert page.top + len(page.lines) * page.line_h <= box.bottom
    whole = log_page(box, [LONG], app.size[1])
    assert " ".join(line for line, _ in whole.lines) == LONG  # no word was cut mid-way
    assert [continued for _, continued in whole.lines] == [False] + [True] * (
        len(whole.lines) - 1)                                  # carried-on lines set in


def test_log_scrolls_with_the_wheel_and_new_lines_bring_it_back(make_app):
    app = make_app()
    app.new_game("five_crowns", 3, "normal", 7)
    frames(app, 2)
    until(app, lambda: app.session.human_to_move and not app.table.animator.busy)
    table = app.table
    for index in range(60):
        app.session.log.append(f"Line {index}: {LONG}")
    box = table.geo.log
    post(pygame.MOUSEMOTION, pos=box.center, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEWHEEL, x=0, y=1, flipped=False)
    frames(app, 2)
    assert table.log_scroll == 3
    page = log_page(box, app.session.log, app.size[1], table.log_scroll)
    assert page.later == 3 and page.earlier > 0                # hints above and below
    post(pygame.MOUSEWHEEL, x=0, y=1000, flipped=False)
    frames(app, 2)
    assert table.log_scroll == page.limit
    assert log_page(box, app.session.log, app.size[1], table.log_scroll).earlier == 0
    post(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False)
    frames(app, 2)
    assert table.log_scroll == page.limit - 6
    # Over the table, the wheel leaves the log alone.
    post(pygame.MOUSEMOTION, pos=table.geo.play.center, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEWHEEL, x=0, y=1, flipped=False)
    frames(app, 2)
    assert table.log_scroll == page.limit - 6
    app.draw()
    assert table.log_scroll == page.limit - 6                  # drawing never scrolls
    app.session.log.append("Something new happened.")
    frames(app, 1)
    assert table.log_scroll == 0


def test_the_deal_number_field_takes_focus_with_a_blinking_caret(make_app):
    app = make_app()
    click(app, button(app, "New game"))
    scene = app.stack.top
    field = next(w for w in scene.ring.widgets if isinstance(w, TextField))
    assert scene.ring.focused is not field
    click(app, field.box.center)
    assert scene.ring.focused is field
    assert scene.redraw_key() in (True, False)                 # the caret blinks
    key(app, pygame.K_4, unicode="4")
    assert scene.deal == "4"
