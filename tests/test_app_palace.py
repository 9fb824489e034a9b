"""The Palace table: guided setup, placing by drag and by click, the engine's reason when
refused, taking the stack, hidden cards turned up, and a whole game to its end."""

import pygame
import pytest

from cardtable.app.model import Role
from cardtable.app.scenes.palace_table import PalaceTableScene
from cardtable.app.scenes.summary import GameOverScene
from cardtable.app.session import default_seats
from cardtable.engine import BuildReserve, Game, PickHidden, Place, PlayHidden, TakeStack
from cardtable.engine.palace import Palace, Phase
from ui import DT, button, click, drag, frames, key, until

GAME = Palace()


def table_at(make_app, state, animations=False):
    app = make_app(animations=animations)
    game, _ = Game.new("palace", state.seats, 1)
    game.state = state
    app.start_session(game, default_seats(state.seats - 1, "normal"))
    frames(app, 3)
    return app


def hand_boxes(table):
    """Where the hand's cards (or setup's face-down cards) show, from the table's model."""
    return [element.box for element in table.model() if element.parent == "hand"]


def hidden_boxes(table):
    return [element.box for element in table.model() if element.role is Role.HIDDEN_CARD
            and element.id.startswith("seat/0/hidden/")]


def card_rect(table, face):
    hand = table.hand_cards()
    index = hand.index(next(c for c in hand if c.face == face))
    return hand_boxes(table)[index]


def test_setup_picks_three_backs_blind_then_fills_three_reserve_slots(make_app):
    app = make_app()
    app.new_game("palace", 2, "normal", deal=5)
    frames(app, 3)
    table = app.table
    assert isinstance(table, PalaceTableScene)
    assert table.face_down_count() == 9 and table.hand_cards() == []
    rects = hand_boxes(table)
    for index in (0, 4, 8):
        click(app, rects[index].center)
    assert sorted(table.picked) == [0, 4, 8]
    click(app, rects[2].center)  # a fourth is refused until one is put back
    assert "Three are picked" in table.message.text
    click(app, button(app, "Hide these 3"))
    game = app.session.game
    assert game.history[0] == (0, PickHidden((0, 4, 8)))
    frames(app, 3)
    assert game.state.phase is Phase.BUILD_RESERVE and len(table.hand_cards()) == 6
    for slot in range(3):
        card = table.hand_cards()[0]
        drag(app, hand_boxes(table)[0].center, table.model().get("reserve/next").box.center)
        mine = [action for seat, action in game.history if seat == 0]
        assert mine[-1] == BuildReserve((card,))
        assert len(game.state.reserves[0]) == slot + 1
    until(app, lambda: game.state.phase is Phase.PLAY and app.session.human_to_move
          and not table.animator.busy)
    assert game.state.current == 0  # the person always goes first


def test_a_placement_dragged_to_the_stack_is_placed(make_app):
    state = GAME.position(["9S 9H 4D", "5C 6C 7C"], stack=["8C"], deck="2S 3S 4S",
                          hidden=["2H 3H 4H", "5H 6H 7H"])
    app = table_at(make_app, state)
    table = app.table
    click(app, card_rect(table, "9S").center)
    click(app, card_rect(table, "9H").center)
    drag(app, card_rect(table, "9S").center, table.geo.stack.center)
    seat, action = app.session.game.history[0]
    assert seat == 0 and isinstance(action, Place)
    assert sorted(c.face for c in action.cards) == ["9H", "9S"]


def test_a_refused_placement_shows_the_engines_reason(make_app):
    state = GAME.position(["9S 4D 5D", "5C 6C 7C"], stack=["8C"], deck="",
                          hidden=["2H 3H 4H", "5H 6H 7H"])
    app = table_at(make_app, state)
    table = app.table
    drag(app, card_rect(table, "4D").center, table.geo.stack.center)
    assert table.message.text == "Must be 8 or higher (a 2 always plays)."
    assert app.session.game.history == []


def test_click_select_then_enter_places_a_straight(make_app):
    state = GAME.position(["9S 10H JD 3C", "5C 6C 7C"], stack=["8C"], deck="",
                          hidden=["2H 3H 4H", "5H 6H 7H"])
    app = table_at(make_app, state)
    table = app.table
    for face in ("9S", "10H", "JD"):
        click(app, card_rect(table, face).center)
    key(app, pygame.K_RETURN)
    action = app.session.game.history[0][1]
    assert sorted(c.face for c in action.cards) == ["10H", "9S", "JD"]


def test_take_the_stack_is_the_one_button_when_nothing_plays(make_app):
    state = GAME.position(["4H 3D 5S", "9C 6C 7C"], stack=["8S", "KD"], deck="",
                          hidden=["2H 3H 4H", "5H 6H 7H"])
    app = table_at(make_app, state)
    table = app.table
    commit, take = table.buttons[0], table.buttons[1]
    assert take.enabled and take.label.startswith("Take the stack") and not commit.enabled
    click(app, button(app, "Take the stack"))
    assert app.session.game.history[0] == (0, TakeStack())
    state = GAME.position(["8H 3D 4S", "9C 6C 7C"], stack=["6D"], deck="",
                          hidden=["2H 3H 4H", "5H 6H 7H"])
    app = table_at(make_app, state)
    assert not app.table.buttons[1].enabled
    key(app, pygame.K_t)
    assert app.session.game.history == []


def test_a_hidden_card_is_turned_up_by_clicking_it_and_shown_before_it_goes(make_app):
    state = GAME.position(["", "5C 6C 7C"], stack=["9H"], deck="", hidden=["4D 8C", "2C"])
    app = table_at(make_app, state, animations=True)
    table = app.table
    rects = hidden_boxes(table)
    assert len(rects) == 2
    click(app, rects[1].center)
    assert app.session.game.history[0] == (0, PlayHidden(1))
    frames(app, 2)
    revealed = [f for f in table.animator.flights if f.start == f.end]
    assert revealed, "the turned-up card stays face up where it lay"
    until(app, lambda: not table.animator.busy)
    assert sorted(c.face for c in app.session.view().hand) == ["8C", "9H"]


def test_a_whole_game_plays_to_its_end_and_names_the_winner(make_app):
    import random

    from cardtable.ai import make_bot

    app = make_app()
    app.new_game("palace", 3, "normal", deal=12)
    bot = make_bot("normal")
    for _ in range(60000):
        if isinstance(app.stack.top, GameOverScene):
            break
        session = app.session
        if session.human_to_move and not app.table.animator.busy and not session.shown:
            session.play(bot.choose(session.view(), random.Random(len(session.game.history)),
                                    0.0, lambda: False))
        frames(app)
    assert isinstance(app.stack.top, GameOverScene)
    outcome = app.session.game.outcome()
    assert outcome is not None and len(outcome.winners) == 1
    assert not app.save_path.exists()  # a finished game is set aside


# --- a turned-up hidden card and the winning placement stay long enough to be seen -------

def seconds_face_up(app, card, limit=1200):
    """Seconds of frames in which the turned-up card lies still, face up, where it is read
    (a motionless flight of that card that has begun and not ended)."""
    table = app.table
    seen = 0
    for _ in range(limit):
        if any(f.card == card.code and f.start == f.end and f.begins <= table.time
               and not f.done(table.time) for f in table.animator.flights):
            seen += 1
        elif seen:
            break
        frames(app)
    return seen * DT


@pytest.mark.parametrize("hidden, took", [("4D", True), ("10D", False)])
def test_a_hidden_card_the_person_turns_up_lies_face_up_and_marked_long_enough_to_read(
        make_app, hidden, took):
    state = GAME.position(["", "5C 6C 7C"], stack=["9H"], deck="",
                          hidden=[f"{hidden} 8C", "2C"])
    app = table_at(make_app, state, animations=True)
    table = app.table
    card = state.hidden[0][0]
    click(app, hidden_boxes(table)[0].center)
    assert app.session.game.history[0] == (0, PlayHidden(0))
    assert table.turned_up is not None and table.turned_up.card == card
    assert table.turned_up.took is took
    assert seconds_face_up(app, card) >= 1.2
    assert table.bubbles()[0][0] == f"Turned up {card.pretty}"


def test_a_hidden_card_an_ai_seat_turns_up_lies_face_up_long_enough_to_read(make_app):
    state = GAME.position(["9S 10S JS", ""], stack=["5S", "QS"], deck="",
                          hidden=["2H", "4C"], current=1)
    app = table_at(make_app, state, animations=True)
    table = app.table
    until(app, lambda: table.turned_up is not None)
    card = state.hidden[1][0]
    assert table.turned_up is not None and table.turned_up.seat == 1
    assert table.turned_up.card == card and table.turned_up.took
    assert seconds_face_up(app, card) >= 1.2
    assert table.bubbles()[1][0] == f"Turned up {card.pretty}"


def test_a_hidden_card_dragged_onto_the_stack_is_still_held_face_up_there(make_app):
    state = GAME.position(["", "5C 6C 7C"], stack=["9H"], deck="", hidden=["4D", "2C"])
    app = table_at(make_app, state, animations=True)
    table = app.table
    drag(app, hidden_boxes(table)[0].center, table.geo.stack.center)
    assert app.session.game.history[0] == (0, PlayHidden(0))
    assert seconds_face_up(app, state.hidden[0][0]) >= 1.2


def test_with_animations_off_a_turned_up_card_stays_marked_until_the_next_move(make_app):
    state = GAME.position(["9S 10S JS", ""], stack=["5S", "QS"], deck="",
                          hidden=["2H", "4C"], current=1)
    app = table_at(make_app, state)
    table = app.table
    until(app, lambda: table.turned_up is not None)
    frames(app, 120)  # two seconds, and the person has not moved yet
    assert table.turned_up is not None and table.turned_up.card == state.hidden[1][0]
    assert 1 in table.bubbles()
    drag(app, card_rect(table, "9S").center, table.geo.stack.center)
    assert app.session.game.history[1][0] == 0
    assert table.turned_up is None and 1 not in table.bubbles()


def seconds_of_final_table(app, limit=2000):
    """Seconds the table stays up with the winning placement shown after the game ended;
    returns them and the words it showed."""
    table = app.table
    shown, words = 0, None
    for _ in range(limit):
        if isinstance(app.stack.top, GameOverScene):
            return shown * DT, words
        if table.final_words() is not None and app.stack.top is table:
            words = table.final_words()
            assert table.shown_stack()[-1] == table.last_placement  # still on the stack
            shown += 1
        frames(app)
    raise AssertionError("the game-over scene never came")


@pytest.mark.parametrize("animations", [True, False])
def test_the_winning_placement_stays_on_the_table_before_the_game_over_scene(make_app,
                                                                               animations):
    state = GAME.position(["9S 10S JS", "7H", "KC QC JC"], stack=["6S"], deck="",
                          hidden=["2H 3H", "", "5H"], current=1)
    app = table_at(make_app, state, animations=animations)
    until(app, lambda: app.session.game.over)
    seconds, words = seconds_of_final_table(app)
    assert seconds >= 2.0
    assert words == "West wins with 7\u2665"


def test_the_persons_winning_hidden_card_is_named_and_a_click_goes_on_to_the_results(
        make_app):
    state = GAME.position(["", "9S 10S JS"], stack=["5S", "6S"], deck="", hidden=["8C", "2H"])
    app = table_at(make_app, state, animations=True)
    table = app.table
    click(app, hidden_boxes(table)[0].center)
    until(app, lambda: table.final_words() is not None)
    assert table.final_words() == "You win with 8\u2663"
    assert table.shown_stack()[-1] == table.last_placement == state.hidden[0]
    frames(app, 30)
    assert app.stack.top is table
    click(app, table.geo.stack.center)
    assert isinstance(app.stack.top, GameOverScene)


def test_the_rules_page_says_the_top_card_of_a_straight_is_what_counts_as_the_engine_does():
    from cardtable.app.rules_text import rules_for
    from cardtable.engine import parse_cards
    from cardtable.engine.placements import stack_problem, top_value

    text = rules_for("palace", "Palace")
    assert "after 2 3 4 the next placement must be 4 or higher" in text
    assert "starting with a 2; the next player may then play anything" not in text
    top = top_value([parse_cards("2C 3D 4H")])
    assert stack_problem(parse_cards("3S"), top) is not None
    assert stack_problem(parse_cards("4S"), top) is None


def test_the_prompt_on_an_empty_stack_reads_as_a_sentence():
    """On an empty stack the prompt says so in words a player reads at a glance, not
    "place the stack is empty: anything goes"."""
    from cardtable.app.tables import table_for

    state = GAME.position(["9S 9H 4D", "5C 6C 7C"], stack=[], deck="2S 3S 4S", current=0)
    view = GAME.observe(state, 0)
    prompt = table_for("palace").own.prompt(view, ["You", "West"], 0)
    assert prompt == "Your turn: the stack is empty, so anything goes"



def test_the_results_count_one_card_left_in_the_singular(make_app, monkeypatch):
    """A loser holding one card has "1 card left", not "1 cards left"."""
    from cardtable.app import theme

    state = GAME.position(["9S", "4C", "4D 4H"], stack=["5H"])
    app = table_at(make_app, state)
    app.session.play(Place((state.hands[0][0],)))
    until(app, lambda: isinstance(app.stack.top, GameOverScene))
    texts = []
    blit = theme.blit_text

    def text(surface, content, *args, **kwargs):
        texts.append(content)
        return blit(surface, content, *args, **kwargs)

    monkeypatch.setattr(theme, "blit_text", text)
    app.stack.top.draw(pygame.display.get_surface())
    assert "1 card left" in texts and "2 cards left" in texts


def test_clicking_a_log_line_says_why_that_ai_move_was_made_in_palace_too(make_app):
    """README: "why?" for any AI move from its line in the move log, in every game."""
    from cardtable.ai.explain import explain
    from cardtable.app.hints import about_them
    from cardtable.app.scenes.table_panels import _wrapped, log_page

    app = make_app()
    app.new_game("palace", 1, "normal", deal=7, autoplay="normal")
    until(app, lambda: sum(m.seat == 1 for m in app.session.ai_moves) >= 3)
    app.session.bots.pop(0)
    until(app, lambda: app.stack.top is app.table and app.table._my_turn())
    table, session = app.table, app.session
    log, box = table.visible_log(), table.log_rect()
    page = log_page(box, log, app.size[1], table.log_scroll)

    def rows(entries):  # type: ignore[no-untyped-def]
        return sum(len(_wrapped(e, page.size, box.width - 24)) for e in entries)

    move = next(m for m in reversed(session.ai_moves) if m.seat == 1 and
                rows(log[:m.first_line - session.line_number(0)]) >= page.earlier)
    row = rows(log[:move.first_line - session.line_number(0)]) - page.earlier
    click(app, (box.x + 30, page.top + row * page.line_h + page.line_h // 2))
    until(app, lambda: table.message is not None and table.message.text.startswith("Why"))
    expected = about_them(explain(move.view, move.action))
    assert table.message.text == f"Why {session.names[1]} did that: {expected}"


def test_the_rules_page_ranks_the_losers_as_the_game_over_does():
    """Game over places the others by the cards they still hold (1, 2, 2, 4): the rules
    page says so too, not only who wins."""
    from cardtable.app.rules_text import rules_for
    from cardtable.engine.variant import places_for

    assert places_for((0, 3, 3, 5), low_wins=True) == (1, 2, 2, 4)
    text = rules_for("palace", "Palace")
    assert "the others are placed by the cards they still hold, fewest first" in text
