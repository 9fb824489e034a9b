"""Hints and "why?": the move is the Normal player's (so it is legal), and its reason is
a line a player understands that names the card that matters. Checked on positions
from every game."""

from __future__ import annotations

import random
import re

import pytest
from bot_games import normal_positions

from cardtable.ai import make_bot
from cardtable.ai.explain import explain, hint
from cardtable.app.hints import about_them
from cardtable.engine import Discard, Draw, Place, variants

GAMES = [v.id for v in variants()]


def positions(game_id: str, seed: int, moves: int):  # type: ignore[no-untyped-def]
    seats = max(3, next(v for v in variants() if v.id == game_id).seat_counts.start)
    return normal_positions(game_id, seats, seed, moves)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_hint_is_the_normal_players_legal_move_with_a_reason(game_id):
    normal = make_bot("normal")
    seen: set[type] = set()
    for game, seat, view in positions(game_id, 4, 150):
        action, reason = hint(view, random.Random(3))
        assert action == normal.choose(view, random.Random(3), 0.0, lambda: False)
        assert game.problem(seat, action) is None, reason
        assert reason and reason[0].isupper() and reason.endswith("."), reason
        if isinstance(action, (Discard, Draw, Place)):
            cards = (action.card,) if isinstance(action, Discard) else \
                action.cards if isinstance(action, Place) else ()
            for card in cards:
                assert card.pretty in reason, reason
        seen.add(type(action))
    assert len(seen) >= 2


def test_a_five_crowns_discard_names_its_points_and_why():
    from cardtable.engine.five_crowns import FiveCrowns, Phase

    variant = FiveCrowns()
    state = variant.position(["7S 7H 7C 9D QS"], discard="3C", stock="4H 5H",
                             round_number=3, phase=Phase.DISCARD) \
        if hasattr(variant, "position") else None
    assert state is not None
    view = variant.observe(state, 0)
    line = explain(view, Discard(next(c for c in view.hand if c.face == "QS")))
    assert "Q♠" in line and "12 points" in line and "none of your books or runs" in line


def test_h_at_the_table_shows_the_hint_and_picks_out_its_card(make_app):
    import pygame

    from cardtable.engine import Pile
    from ui import frames, key, until

    app = make_app()
    app.new_game("five_crowns", 1, "normal", 6)
    until(app, lambda: app.table is not None and app.table._my_turn())
    table = app.table
    table.draw_from(Pile.STOCK)
    until(app, lambda: table._my_turn() and table.view.to_play)
    view = table.view
    expected, reason = hint(view, random.Random(len(app.session.game.history)))
    key(app, pygame.K_h)
    table.hints.job and table.hints.job.wait()
    frames(app, 2)
    assert table.message is not None and table.message.text == f"Hint: {reason}"
    if isinstance(expected, Discard):
        assert table.selected == {expected.card}
    assert app.recorder.history is not None
    app.recorder.flush()
    assert app.recorder.history.find(app.recorder.key).hints == 1


def test_h_while_the_table_catches_up_with_the_persons_turn_gives_the_hint_after(make_app):
    """The game already waits for the person while the table still plays out the last
    moves (an AI's take-up, say): H then is not refused as "not your turn", it gives
    the hint as soon as the table has caught up."""
    import pygame

    from ui import frames, key, until

    app = make_app()
    app.new_game("five_crowns", 1, "normal", 6)
    until(app, lambda: app.table is not None and app.table._my_turn())
    table = app.table
    catching_up = [True]
    real = table._my_turn
    table._my_turn = lambda: not catching_up[0] and real()  # type: ignore[method-assign]
    key(app, pygame.K_h)
    assert table.hints.waiting and table.message is None
    catching_up[0] = False
    frames(app, 1)
    if table.hints.job is not None:  # worked out off the drawing thread
        table.hints.job.wait()
    frames(app, 2)
    assert table.message is not None and table.message.text.startswith("Hint: ")
    assert not table.hints.waiting


def test_a_hint_out_of_turn_says_to_wait(make_app):
    from ui import until

    app = make_app()
    app.new_game("five_crowns", 2, "normal", 6)
    until(app, lambda: app.table is not None and app.session.thinking_seat is not None)
    table = app.table
    table.hint()
    assert table.hints.job is None and "not your turn" in table.message.text


def test_clicking_an_ai_seat_says_why_it_made_its_last_move(make_app):
    from ui import click, until

    app = make_app()
    app.new_game("five_crowns", 1, "normal", 6, autoplay="normal")
    until(app, lambda: app.table is not None and 1 in app.session.last_moves)
    app.session.bots.pop(0)  # the person's turn comes and waits: the table holds still

    def my_turn() -> bool:
        if type(app.stack.top).__name__ == "SummaryScene":
            app.stack.top.next()
        return app.stack.top is app.table and app.table._my_turn()

    until(app, my_turn)
    table = app.table
    seen, action = app.session.last_moves[1]
    click(app, table.geo.spots[1].panel.center)
    until(app, lambda: table.message is not None and table.message.text.startswith("Why"))
    expected = about_them(explain(seen, action))
    assert table.message.text == f"Why {app.session.names[1]} did that: {expected}"
    assert " your " not in table.message.text


def test_o_shows_the_score_sheet_at_any_time(make_app):
    import pygame

    from cardtable.app.scenes.pause import ScoreSheetScene
    from ui import frames, key, until

    app = make_app()
    app.new_game("shanghai_may_i", 2, "normal", 4)
    until(app, lambda: app.table is not None and app.stack.top is app.table)
    key(app, pygame.K_o)
    assert isinstance(app.stack.top, ScoreSheetScene)
    key(app, pygame.K_ESCAPE)
    frames(app, 1)
    assert app.stack.top is app.table
    app.new_game("palace", 1, "normal", 4)
    until(app, lambda: app.stack.top is app.table)
    key(app, pygame.K_o)
    assert app.stack.top is app.table and "no rounds" in app.table.message.text


def test_why_speaks_of_the_ai_player_not_of_you():
    assert about_them("Discard the Q♠: it is in none of your books, so you lose "
                      "12 points. Your turn.") == \
        "Discard the Q♠: it is in none of its books, so it loses 12 points. Its turn."


def test_why_about_another_player_puts_its_verbs_in_the_third_person():
    # "Pass: it are down already", "Go down: it hold the contract" were shown.
    assert about_them("Pass: you are down already, and a call costs you 1 card.") == \
        "Pass: it is down already, and a call costs it 1 card."
    assert about_them("Go down: you hold the contract; you have 3 cards and you can "
                      "wait. Every card you shed counts.") == \
        "Go down: it holds the contract; it has 3 cards and it can wait. Every card it " \
        "sheds counts."
    assert about_them("the lowest you hold; it gives you the card, bringing you nearer") \
        == "the lowest it holds; it gives it the card, bringing it nearer"


def test_a_calls_reason_counts_one_card_short_in_the_singular():
    from cardtable.engine import Call, Game

    variant = Game.new("shanghai_may_i", 4, 1)[0].variant
    state = variant.position(["5D 5S 9H 9S 9C", "4S 5S", "4C 5C", "6H 6D"],
                             discard="KD 5C", stock="3S 3H 3D 7C 8C", current=1,
                             discarder=3)
    view = variant.observe(variant._start_turn(state, 1), 0)
    assert "(1 card short, then 0)" in explain(view, Call("may i"))


def test_a_wild_swap_hint_names_the_wild_and_its_meld_and_a_buys_cost_is_two_cards():
    """A swap's reason says which wild it takes and from which meld (the hand may hold
    several naturals a wild stands for), and a down player's pass at a buy says what a
    buy costs: the card and two more from the stock (RULES.md §5.2.1), not "a penalty
    card" as in May I."""
    from cardtable.engine import Call, Exchange, Game
    from cardtable.engine.shanghai_rules import Phase

    may_i = Game.new("shanghai_may_i", 3, 1)[0].variant
    state = may_i.position(["8C 4D 9S", "5H 6H", "KD QD"], phase=Phase.PLAY, current=0,
                           stock="3S 3H", melds={0: ["set: 4S 4H 4C"],
                                                 1: ["set: 8S 8H JK"]}, discard="10D")
    view = may_i.observe(state, 0)
    swap = next(a for a in view.legal if isinstance(a, Exchange))
    line = explain(view, swap)
    assert "8♣" in line and swap.wild.pretty in line and "8♠ 8♥" in line, line

    buying = Game.new("shanghai_buy", 3, 1)[0].variant
    state = buying.position(["8C 4D 9S", "5H 6H", "KD QD"], phase=Phase.CALLS, current=1,
                            stock="3S 3H 5S 6S 7S", melds={0: ["set: 4S 4H 4C"]},
                            discard="10D", discarder=2)
    assert 0 in buying.awaiting(state)
    view = buying.observe(state, 0)
    line = explain(view, Call("pass"))
    assert "2 more cards" in line and "penalty card" not in line, line


def test_a_monastery_lay_off_is_explained_by_going_out_not_by_points():
    """Cards left in hand score nothing in Monastery (only missions count): a lay-off's
    reason is that shedding brings going out nearer, never "does not count against
    you"."""
    from cardtable.engine import Game, LayOff
    from cardtable.engine.monastery import Phase

    variant = Game.new("monastery", 2, 1)[0].variant
    state = variant.position(["10S 4D 9H", "5C 6C"], phase=Phase.PLAY, stock="2D 3D 4D",
                             missions={0: (4, ["run: 5S 6S 7S 8S 9S"])})
    view = variant.observe(state, 0)
    lay_off = next(a for a in view.legal if isinstance(a, LayOff))
    line = explain(view, lay_off)
    assert "going out" in line and "against you" not in line, line



def test_clicking_a_log_line_says_why_that_earlier_ai_move_was_made(make_app):
    """Not only each seat's last move: the line of any AI move the log shows."""
    from cardtable.app.scenes.table_panels import log_page
    from ui import click, until

    app = make_app()
    app.new_game("five_crowns", 1, "normal", 6, autoplay="normal")

    def moved(count: int) -> bool:
        if type(app.stack.top).__name__ == "SummaryScene":
            app.stack.top.next()
        return app.table is not None and sum(m.seat == 1 for m in app.session.ai_moves) >= count

    until(app, lambda: moved(4))
    app.session.bots.pop(0)
    until(app, lambda: moved(0) and app.stack.top is app.table and app.table._my_turn())
    table, session = app.table, app.session
    log = table.visible_log()
    box = table.log_rect()
    page = log_page(box, log, app.size[1], table.log_scroll)
    first_shown = next(i for i, entry in enumerate(log)
                       if sum(len(_rows(e, page, box)) for e in log[:i]) >= page.earlier)
    earlier = next(m for m in session.ai_moves if m.seat == 1 and
                   session.line_number(first_shown) <= m.first_line and
                   m is not next(x for x in reversed(session.ai_moves) if x.seat == 1))
    index = earlier.first_line - session.line_number(0)
    row = sum(len(_rows(e, page, box)) for e in log[:index]) - page.earlier
    click(app, (box.x + 30, page.top + row * page.line_h + page.line_h // 2))
    until(app, lambda: table.message is not None and table.message.text.startswith("Why"))
    expected = about_them(explain(earlier.view, earlier.action))
    assert table.message.text == f"Why {session.names[1]} did that: {expected}"


def _rows(entry, page, box):  # type: ignore[no-untyped-def]
    from cardtable.app.scenes.table_panels import _wrapped

    return _wrapped(entry, page.size, box.width - 24)


def test_enter_on_the_move_log_says_why_each_earlier_ai_move_was_made(make_app):
    """The keyboard's road to a log line: Tab to the log, Enter explains the latest AI
    move shown, and each Enter again the one before it."""
    import pygame

    from cardtable.app.model import Region
    from ui import key, until

    app = make_app()
    app.new_game("five_crowns", 1, "normal", 6, autoplay="normal")

    def moved(count: int) -> bool:
        if type(app.stack.top).__name__ == "SummaryScene":
            app.stack.top.next()
        return app.table is not None and sum(m.seat == 1 for m in app.session.ai_moves) >= count

    until(app, lambda: moved(3))
    app.session.bots.pop(0)
    until(app, lambda: moved(0) and app.stack.top is app.table and app.table._my_turn())
    table, session = app.table, app.session
    log = table.model().find(Region("log"))
    assert log is not None and log.takes_focus
    until(app, lambda: (key(app, pygame.K_TAB), table.focused().id == "log")[1])
    moves = [m for m in session.ai_moves if m.last_line <= table.log_shown]
    for back in (1, 2):
        table.message = None
        key(app, pygame.K_RETURN)
        until(app, lambda: table.message is not None and table.message.text.startswith("Why"))
        move = moves[-back]
        expected = about_them(explain(move.view, move.action))
        assert table.message.text == f"Why {session.names[move.seat]} did that: {expected}"


@pytest.mark.parametrize("game_id", GAMES)
def test_why_names_no_card_of_an_ai_hand_the_person_cannot_see(game_id):
    """'Take the J♠: it goes with J♣ 4♣' told the person two cards of West's hand.
    "Why?" explains an AI move from the view it had, but speaks only of cards the
    person can see (those it held stay "2 cards in hand")."""
    from bot_games import normal_positions

    from cardtable.app.hints import why_job

    told = 0
    positions = normal_positions(game_id, 3, 5, 90)
    for game, seat, seen in positions:
        if seat != 1:
            continue
        before, round_before = len(game.history), getattr(game.state, "round", 0)
        next(positions, None)                              # the move is applied
        assert len(game.history) == before + 1
        if getattr(game.state, "round", 0) != round_before:
            continue                  # a new deal: the cards named are elsewhere now
        action = game.history[-1][1]
        hidden = game.variant.hidden_from(game.state, 0)
        shown = {card.pretty for card in game.variant.deck(3) if card not in hidden}
        secret = {card.pretty for card in seen.hand if card in hidden} - shown
        job = why_job(game.observe(0), seen, action)
        assert job.wait()
        named = [name for name in secret if re.search(rf"(?<![0-9A-Za-z]){re.escape(name)}",
                                                      job.result)]
        assert not named, (job.result, named)
        told += 1
    assert told > 10


def test_why_hides_a_card_of_the_ai_hand_even_when_the_person_holds_its_twin():
    # Two decks: the person's own J♣ must not let West's J♣ be named ("it goes with
    # J♣" tells the person West holds the other one). The pile's J♠ is still named.
    from cardtable.app.hints import withheld
    from cardtable.engine import Draw, Game, Pile

    variant = Game.new("shanghai_may_i", 3, 1)[0].variant
    state = variant.position(["JC 9H 9S", "JC 4C 7D", "5S 6S 8H"], discard="KD JS",
                             stock="3S 3H 3D 7C 8C", current=1)
    seen, table_view = variant.observe(state, 1), variant.observe(state, 0)
    said = withheld("Take the J♠ from the discard pile: it goes with J♣ 4♣.", seen,
                    table_view, Draw(Pile.DISCARD))
    assert said == "Take the J♠ from the discard pile: it goes with 2 cards in hand."
