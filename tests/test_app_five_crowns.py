"""Five Crowns at the table: a last turn never throws melds away, staged groups never
block a plain discard, and Arrange never hands the next player a wild for nothing."""

from __future__ import annotations

from cardtable.app.tables import table_for
from cardtable.engine import Discard, Game, LayDown
from cardtable.engine.cards import parse_card, parse_cards
from cardtable.engine.five_crowns import Phase

DESC = table_for("five_crowns").own


def at(hands: list[str], **position: object) -> Game:
    game, _ = Game.new("five_crowns", len(hands), 1)
    game.state = game.variant.position(hands, **position)
    return game


def test_a_plain_discard_on_a_last_turn_lays_the_melds_still_in_hand():
    # Round 2 (4s wild): 7S 8S 9S is a run; the 2 loose cards stay.
    game = at(["7S 8S 9S KH 3D", "5C 6C 7C"], round_number=2, phase=Phase.DISCARD,
              discard="10H", stock="QC QD", out_seat=1, final_pending=[0])
    view = game.observe(0)
    action = DESC.commit(view, [], parse_card("KH"))
    assert isinstance(action, LayDown)
    assert {card for meld in action.melds for card in meld.cards} == set(parse_cards("7S 8S 9S"))
    assert game.problem(0, action) is None


def test_staged_groups_that_do_not_go_out_never_block_a_plain_discard():
    game = at(["7S 8S 9S KH 3D 5H", "5C 6C 7C"], round_number=3, phase=Phase.DISCARD,
              discard="10H", stock="QC QD")
    view = game.observe(0)
    staged = [list(parse_cards("7S 8S 9S"))]
    action = DESC.commit(view, staged, parse_card("KH"))
    assert action == Discard(parse_card("KH"))
    assert game.problem(0, action) is None


def test_groups_that_take_every_other_card_go_out():
    game = at(["7S 8S 9S KH", "5C 6C 7C"], round_number=2, phase=Phase.DISCARD,
              discard="10H", stock="QC QD")
    view = game.observe(0)
    action = DESC.commit(view, [list(parse_cards("7S 8S 9S"))], parse_card("KH"))
    assert isinstance(action, LayDown) and game.problem(0, action) is None


def test_arrange_discards_a_natural_rather_than_a_wild_when_both_go_out_alike():
    # Round 2 (4s wild): 7S 8S 9S 10S goes out throwing the wild 4H, and so does
    # 7S 8S 9S 4H (or 4H 8S 9S 10S) throwing a natural: keep the wild.
    game = at(["7S 8S 9S 10S 4H", "5C 6C 7C"], round_number=2, phase=Phase.DISCARD,
              discard="10H", stock="QC QD")
    view = game.observe(0)
    groups, thrown = DESC.arrangement(view)
    assert thrown is not None and not DESC.is_wild(view, thrown)
    assert sum(len(g) for g in groups) == 4


def test_the_go_out_button_says_discard_when_the_groups_do_not_take_every_card(make_app):
    from cardtable.app.session import default_seats
    from ui import frames

    game = at(["7S 8S 9S KH 3D 5H", "5C 6C 7C"], round_number=3, phase=Phase.DISCARD,
              discard="10H", stock="QC QD")
    app = make_app()
    app.start_session(game, default_seats(1, "normal"))
    frames(app, 3)
    table = app.table
    table.groups = [list(parse_cards("7S 8S 9S"))]
    table.selected = {parse_card("KH")}
    frames(app, 2)
    button = next(b for b in table.buttons if b.label in ("Go out", "Discard"))
    assert button.label == "Discard" and button.enabled


def test_go_out_is_enabled_when_the_groups_take_every_card_but_one(make_app):
    # The one card left is the discard: no need to select it first, and pressing the
    # button discards it.
    from cardtable.app.session import default_seats
    from ui import frames

    game = at(["7S 8S 9S KH", "5C 6C 7C"], round_number=2, phase=Phase.DISCARD,
              discard="10H", stock="QC QD")
    app = make_app()
    app.start_session(game, default_seats(1, "normal"))
    frames(app, 3)
    table = app.table
    table.groups = [list(parse_cards("7S 8S 9S"))]
    table.selected = set()
    frames(app, 2)
    button = next(b for b in table.buttons if b.label in ("Go out", "Discard"))
    assert button.label == "Go out" and button.enabled
    button.on_click()
    frames(app, 2)
    assert parse_card("KH") == app.session.game.state.discard_pile[-1]
    assert not app.session.game.state.hands[0] or app.session.game.state.round_number == 3


def test_a_group_being_built_that_forms_a_run_is_shown_in_sequence_order(make_app):
    # Round 2: fours are wild. Cards added 9, 7, then the wild: shown 7 4(=8) 9, the
    # wild where it stands, not in the order the cards came.
    from cardtable.app.session import default_seats
    from ui import frames

    game = at(["9S 7S 4H KH 3D", "5C 6C 7C"], round_number=2, phase=Phase.DISCARD,
              discard="10H", stock="QC QD")
    app = make_app()
    app.start_session(game, default_seats(1, "normal"))
    frames(app, 3)
    table = app.table
    for card in parse_cards("9S 7S 4H"):
        table.stage([card], 0)
    assert table.groups == [list(parse_cards("7S 4H 9S"))]
