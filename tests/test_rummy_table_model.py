"""The rummy table described as one screen model: named elements, hit-testing by typed
reference, the keyboard reaching every element, lay-off and swap as separate targets,
the question clear of the hand, and one meaning per key in every game."""


import pygame
import pytest

from cardtable.app.meld_layout import MIN_TARGET
from cardtable.app.model import (
    Gesture,
    HandCard,
    NewGroup,
    PileRef,
    Role,
    StagedGroup,
    TableMeld,
    WildInMeld,
)
from cardtable.app.session import default_seats
from cardtable.engine import Call, Game, LayOff, Pile
from cardtable.engine.shanghai_rules import Phase
from ui import click, frames, key, until

SMALL = (1024, 640)


class Passer:
    """An AI seat that passes every call and otherwise makes its first legal move."""

    name = "passer"

    def supports(self, game_id):
        return True

    def choose(self, view, rng, deadline, should_stop):
        return Call("pass") if Call("pass") in view.legal else view.legal[0]


PASSER = Passer()


def table_at(make_app, game_id, state, size=SMALL, bots=PASSER):
    app = make_app(size=size)
    game, _ = Game.new(game_id, state.seats, 1)
    game.state = state
    app.start_session(game, default_seats(state.seats - 1, "normal"))
    for seat in app.session.bots:
        app.session.bots[seat] = bots
    frames(app, 3)
    return app


def laid_table(make_app, game_id="shanghai_buy", size=SMALL):
    """The person is down with a set of queens; East has a run with a joker in it."""
    variant = Game.new(game_id, 3, 1)[0].variant
    state = variant.position(["7H 9D 4C KH", "4S 5S", "4C 5C"], phase=Phase.PLAY, current=0,
                             melds={0: ["set: QS QD QC"],
                                    2: ["run: 5H 6H JK 8H", "set: KS KC KD"]},
                             stock="3H 3S", discard="10D")
    return table_at(make_app, game_id, state, size)


def element(app, predicate):
    return next(e for e in app.table.model() if predicate(e))


def test_every_element_has_a_name_a_person_would_say(make_app):
    app = laid_table(make_app)
    table = app.table
    seven = next(c for c in table.hand_cards() if c.face == "7H")
    click(app, element(app, lambda e: e.ref == HandCard(seven, 0)
                       or isinstance(e.ref, HandCard) and e.ref.card is seven).box.center)
    model = table.model()
    assert not model.unnamed()
    names = {e.id: e.name for e in model}
    assert names[f"hand/{seven.code}"] == "seven of hearts, in your hand, selected"
    assert names["meld/2/0"] == "East's run, five to eight of hearts, the joker stands " \
                                "for seven"
    assert names["meld/2/0/2"] == "joker in East's run: stands for seven"
    assert names["meld/0/0"] == "your set of queens"
    assert names["pile/discard"] == "the discard pile, ten of diamonds on top"
    assert names["pile/stock"] == "the stock, 2 cards"
    assert names["seat/2"].startswith("East, 2 cards in hand")


def test_groups_being_built_and_the_new_group_slot_are_named(make_app):
    variant = Game.new("five_crowns", 3, 1)[0].variant
    state = variant.position(["5H 6H 7H 9C", "4D 5D 6S", "8H 9H QS"], stock="KD KS 5C",
                             discard="10S")
    app = table_at(make_app, "five_crowns", state)
    key(app, pygame.K_d)
    table = app.table
    table.stage([c for c in table.hand_cards() if c.face in ("5H", "6H", "7H")], 0)
    frames(app, 2)
    names = {e.id: e.name for e in table.model()}
    assert names["group/0"] == "group 1 being built, run: five of hearts, six of hearts " \
                               "and seven of hearts"
    assert names["group/new"].startswith("a new group")


def test_hit_testing_finds_each_element_by_its_typed_reference(make_app):
    app = laid_table(make_app)
    model = app.table.model()
    for ref in (PileRef(Pile.STOCK), PileRef(Pile.DISCARD),
                WildInMeld(2, 0, 2, app.session.game.state.melds[2][0].cards[2])):
        found = model.find(ref)
        assert found is not None, ref
        assert model.at(found.box.center, Gesture.CLICK).ref == ref
    natural = element(app, lambda e: e.id == "meld/2/0/1")      # a six, not the joker
    assert model.at(natural.box.center).ref == TableMeld(2, 0)   # the meld: a lay-off
    assert model.at(model.get("meld/0/0/tab").box.center).ref == TableMeld(0, 0)


def test_lay_off_and_swap_have_separate_targets_at_least_24_pixels_wide(make_app):
    app = laid_table(make_app)
    model = app.table.model()
    wilds = [e for e in model if e.role is Role.WILD]
    assert wilds
    for wild in wilds:
        assert wild.box.w >= MIN_TARGET and wild.box.h >= MIN_TARGET
        meld = model.get(wild.parent)
        tab = model.get(f"{meld.id}/tab")
        assert tab.box.w >= MIN_TARGET and not tab.box.overlap(wild.box)
        assert model.at(tab.box.center).ref == meld.ref             # the tab lays off
    assert not [pair for pair in model.overlaps()]


def test_a_click_on_a_melds_lay_off_tab_lays_off_and_one_on_the_wild_swaps(make_app):
    app = laid_table(make_app, "shanghai_may_i")
    table = app.table
    nine = next(c for c in table.hand_cards() if c.face == "9D")
    click(app, table.model().find(HandCard(nine, table.hand_cards().index(nine))).box.center)
    click(app, table.model().get("meld/2/0/tab").box.center)    # 9♦ does not fit: refused
    assert not any(isinstance(a, LayOff) for _, a in app.session.game.history)
    assert "suit" in table.message.text or "run" in table.message.text
    seven = next(c for c in table.hand_cards() if c.face == "7H")
    table.selected = {seven}
    frames(app, 2)
    click(app, table.model().get("meld/2/0/2").box.center)      # the joker's own face
    swap = app.session.game.history[-1][1]
    assert type(swap).__name__ == "Exchange" and swap.natural == seven


def test_the_keyboard_reaches_every_group_meld_and_wild(make_app):
    app = laid_table(make_app)
    table = app.table
    model = table.model()
    reached = set()
    for _ in range(len(model.focus_order()) + 1):
        reached.add(table.focused().id)
        key(app, pygame.K_TAB)
    wanted = {e.id for e in model if e.role in (Role.TABLE_MELD, Role.WILD, Role.PILE,
                                                Role.SEAT, Role.BUTTON) and e.enabled}
    assert wanted <= reached
    clickable = {e.id for e in model if e.enabled and e.accepts & Gesture.CLICK}
    by_arrows = {e.id for e in model if e.parent == "hand"}
    assert clickable - by_arrows <= reached


def test_the_keyboard_reaches_each_group_being_built_and_enter_adds_to_it(make_app):
    variant = Game.new("five_crowns", 3, 1)[0].variant
    state = variant.position(["5H 6H 7H 9C", "4D 5D 6S", "8H 9H QS"], stock="KD KS 5C",
                             discard="10S")
    app = table_at(make_app, "five_crowns", state)
    key(app, pygame.K_d)
    table = app.table
    table.stage([c for c in table.hand_cards() if c.face in ("5H", "6H")], 0)
    frames(app, 2)
    for _ in range(len(table.model().focus_order())):
        if table.focused().ref == StagedGroup(0):
            break
        key(app, pygame.K_TAB)
    assert table.focused().ref == StagedGroup(0)
    table.focus = [c.face for c in table.hand_cards()].index("7H")
    key(app, pygame.K_RETURN)
    assert [c.face for c in table.groups[0]] == ["5H", "6H", "7H"]
    assert any(e.ref == NewGroup() for e in table.card_places())


def test_clicking_a_group_being_built_with_cards_selected_adds_them(make_app):
    variant = Game.new("five_crowns", 3, 1)[0].variant
    state = variant.position(["5H 6H 7H 9C", "4D 5D 6S", "8H 9H QS"], stock="KD KS 5C",
                             discard="10S")
    app = table_at(make_app, "five_crowns", state)
    key(app, pygame.K_d)
    table = app.table
    table.stage([c for c in table.hand_cards() if c.face in ("5H", "6H")], 0)
    frames(app, 2)
    seven = next(c for c in table.hand_cards() if c.face == "7H")
    table.selected = {seven}
    frames(app, 2)
    staged_card = element(app, lambda e: e.parent == "group/0")
    click(app, staged_card.box.center)             # on a card of the group, not beside it
    assert [c.face for c in table.groups[0]] == ["5H", "6H", "7H"]
    assert not table.selected


@pytest.mark.parametrize("size", [SMALL, (1280, 800)])
@pytest.mark.parametrize("seats", [4, 8])
def test_the_call_question_covers_neither_the_hand_nor_the_card_it_asks_about(make_app,
                                                                             size, seats):
    variant = Game.new("shanghai_may_i", seats, 1)[0].variant
    hands = ["4D 5D 6D 7C 9S KH QH 2C 3C 8D 10C", "4S 5S", "4C 5C", "6H 6D", "7S 8S",
             "9D 9C", "JD JC", "2D 3C"][:seats]
    state = variant.position(hands, discard="KD 9C", stock="3S 3H 3D 7C 8C",
                             current=1, discarder=seats - 1,
                             melds={seat: ["set: QS QD QC"] for seat in range(2, 3)})
    app = table_at(make_app, "shanghai_may_i", variant._start_turn(state, 1), size)
    until(app, lambda: app.table.question is not None)
    table = app.table
    frame = pygame.Rect(*(lambda b: (b.x, b.y, b.w, b.h))(table.model().get("question").box))
    cards = [pygame.Rect(e.box.x, e.box.y, e.box.w, e.box.h) for e in table.model()
             if isinstance(e.ref, HandCard)]
    assert frame.collidelist(cards) < 0 and not frame.colliderect(table.geo.discard)


def test_raised_cards_leave_the_line_over_the_hand_readable(make_app):
    app = laid_table(make_app)
    table = app.table
    table.selected = set(table.hand_cards())
    frames(app, 2)
    from cardtable.app import theme
    from cardtable.app.rummy_layout import label_size

    line = theme.text(table.hand_label(), label_size(table.geo), theme.TEXT, True).get_rect(
        bottomleft=(table.geo.hand.x + 4, table.geo.hand.y - 2))
    raised = [e.box for e in table.model() if isinstance(e.ref, HandCard)]
    assert all(box.y >= line.bottom for box in raised)


def test_a_refusal_banner_leaves_the_pile_labels_readable(make_app):
    from cardtable.app import theme
    from cardtable.app.scenes.rummy_question import banner_box, pile_labels

    app = laid_table(make_app)
    geo = app.table.geo
    size = max(13, geo.height // 46)
    image = theme.text("You cannot take the discard now: draw a card first", size,
                       theme.TEXT, True).get_rect()
    avoid = [geo.stock, geo.discard, pile_labels(geo)[1], geo.hand]
    box = banner_box(geo, size, image, avoid)
    assert box.collidelist(avoid) < 0 and geo.play.contains(box)


# --- one grammar ---------------------------------------------------------------------------

def questions():
    """Every call question of the Shanghai games the person can be asked: to call (not
    in turn), and, in turn, what to do about another seat's call."""
    from cardtable.app.tables import table_for

    names = ["You", "West", "North", "East"]
    for game_id, word in (("shanghai_may_i", "may i"), ("shanghai_buy", "buy")):
        variant = Game.new(game_id, 4, 1)[0].variant
        desc = table_for(game_id).own
        for current in (1, 0):
            state = variant.position(["4D 5D", "4S 5S", "4C 5C", "6H 6D"], discard="KD 9C",
                                     stock="3S 3H 3D 7C 8C", current=current, discarder=3)
            state = variant._start_turn(state, current)
            for _ in range(12):
                view = variant.observe(state, 0)
                question = desc.calls(view, names, 0)
                if question is not None:
                    yield game_id, desc, view, question
                    break
                seat = next(s for s in range(1, 4) if s in view.awaiting)
                legal = variant.observe(state, seat).legal
                state = variant.apply(state, seat, Call(word) if seat == 1 and Call(word)
                                      in legal else Call("pass") if Call("pass") in legal
                                      else legal[0]).state


def test_y_and_1_take_and_n_and_2_pass_in_every_question():
    asked = 0
    for game_id, desc, view, question in questions():
        if question is None:
            continue
        asked += 1
        answers = [action for _, action in question[1]]
        assert not desc.declines(view, answers[0]), (game_id, question[0])
        assert desc.declines(view, answers[1]), (game_id, question[0])
    assert asked == 4


@pytest.mark.parametrize("size", [SMALL, (1280, 800)])
@pytest.mark.parametrize("seats", [4, 6, 8])
def test_every_seats_melds_lie_in_full_view_with_wilds_big_enough_to_hit(make_app, seats,
                                                                          size):
    """Two melds a seat (one with a joker) all round the table: nothing that takes a
    click or a drop lies over another, and every wild shows a face of at least 24 px."""
    variant = Game.new("shanghai_may_i", seats, 1)[0].variant
    hands = ["4D 5D 6D 7C 9S KH QH", "KC 9H", "4C 5C", "6H 6D", "7S 8S", "9D 9C", "JD JC",
             "2D 3C"][:seats]
    melds = {seat: ["run: 5H 6H JK 8H", "set: KS KH 2D"] for seat in range(1, seats)}
    melds[0] = ["set: QS QD QC"]
    state = variant.position(hands, phase=Phase.PLAY, melds=melds, stock="3S 3H",
                             discard="10D")
    model = table_at(make_app, "shanghai_may_i", state, size).table.model()
    assert [(a.id, b.id) for a, b in model.overlaps()] == []
    wilds = [e for e in model if e.role is Role.WILD]
    assert len(wilds) == 2 * (seats - 1)
    assert all(w.box.w >= MIN_TARGET and w.box.h >= MIN_TARGET for w in wilds)


def test_the_mission_sheets_are_elements_named_by_mission(make_app):
    variant = Game.new("monastery", 3, 1)[0].variant
    from cardtable.engine.monastery import Phase as MonasteryPhase

    state = variant.position(["KS 3D 9C KH AH", "4C 5C", "6D 7D"], phase=MonasteryPhase.PLAY,
                             stock="2D 3D 4D", missions={1: (1, ["set: 10S 10C 10S",
                                                                 "set: JH JD JH"])})
    app = table_at(make_app, "monastery", state)
    model = app.table.model()
    mine = model.get("goal/4")
    assert mine.role is Role.SHEET_CELL and mine.name.startswith("mission 4: a run of 5")
    theirs = model.get("seat/1/goal/1")
    assert theirs.name == "West's mission 1: 2 sets of 3 in colour, done"
    assert theirs.box.inside(model.get("seat/1").box)
    click(app, mine.box.center)
    assert app.table.chosen_goal == 4
