"""The Shanghai tables: the person answers and makes out-of-turn calls, goes down, lays off."""

import dataclasses

import pygame
import pytest

from cardtable.app.session import default_seats
from cardtable.app.tables import table_for
from cardtable.engine import (
    AnswerBuy,
    Call,
    CallShanghai,
    Discard,
    Draw,
    Game,
    GoDown,
    LayOff,
    Pile,
    ReplaceWild,
)
from cardtable.engine.cards import parse_cards
from cardtable.engine.shanghai_rules import CONTRACTS, Phase
from ui import button, click, drag, frames, key, until


class Caller:
    """An AI seat that makes the same call in every window, and otherwise plays first."""

    name = "caller"

    def __init__(self, word):
        self.word = word

    def supports(self, game_id):
        return True

    def choose(self, view, rng, deadline, should_stop):
        for action in view.legal:
            if action == Call(self.word):
                return action
        if Call("pass") in view.legal:
            return Call("pass")
        return view.legal[0]


def table_at(make_app, game_id, state, bots=None, ask_always=False):
    app = make_app()
    game, _ = Game.new(game_id, state.seats, 1)
    game.state = state
    app.start_session(game, default_seats(state.seats - 1, "normal"))
    app.session.ask_always = ask_always or app.session.ask_always  # before any frame
    if bots is not None:
        for seat in app.session.bots:
            app.session.bots[seat] = bots
    frames(app, 3)
    return app


def answer_button(app, label):
    for b in app.table.call_buttons:
        if b.label.startswith(label):
            return b.rect.center
    raise AssertionError(f"no answer {label!r} in {[b.label for b in app.table.call_buttons]}")


def test_the_person_calls_may_i_while_another_seat_is_in_turn(make_app):
    variant = Game.new("shanghai_may_i", 4, 1)[0].variant
    state = variant.position(["4D 9D", "4S 5S", "4C 5C", "6H 6D"], discard="KD 9C",
                             stock="3S 3H 3D 7C 8C", current=1, discarder=3)
    state = variant._start_turn(state, 1)
    app = table_at(make_app, "shanghai_may_i", state, Caller("pass"))
    until(app, lambda: app.table.question is not None)
    assert "May I" in app.table.question[0]
    click(app, answer_button(app, "May I!"))
    until(app, lambda: app.session.game.state.phase is not Phase.CALLS)
    assert (0, Call("may i")) in app.session.game.history
    until(app, lambda: any("9C" == c.face for c in app.session.game.state.hands[0]))


def test_the_may_i_question_leaves_the_pile_labels_readable(make_app):
    """The question sits under the piles: its panel (text and buttons) never covers the
    "Stock 23" and "Discard" labels."""
    variant = Game.new("shanghai_may_i", 4, 1)[0].variant
    state = variant.position(["4D 9D", "4S 5S", "4C 5C", "6H 6D"], discard="KD 9C",
                             stock="3S 3H 3D 7C 8C", current=1, discarder=3)
    app = table_at(make_app, "shanghai_may_i", variant._start_turn(state, 1), Caller("pass"))
    until(app, lambda: app.table.question is not None)
    table = app.table
    frame = table.asking.frame()
    geo = table.geo
    labels = pygame.Rect(geo.stock.x, geo.stock.bottom, geo.discard.right - geo.stock.x, 20)
    assert not frame.colliderect(labels)


def test_the_person_in_turn_answers_an_ai_may_i(make_app):
    variant = Game.new("shanghai_may_i", 4, 1)[0].variant
    state = variant.position(["4D 5D", "4S 5S", "4C 5C", "6H 6D"], discard="KD 9C",
                             stock="3S 3H 3D 7C 8C", current=0, discarder=3)
    state = variant._start_turn(state, 0)
    app = table_at(make_app, "shanghai_may_i", state, Caller("may i"))
    until(app, lambda: app.table.question is not None and "called May I" in
          app.table.question[0])
    click(app, answer_button(app, "Let it go"))
    game = app.session.game
    assert (0, Draw(Pile.STOCK)) in game.history
    assert "9C" in [c.face for c in game.state.hands[1]]   # West was nearest


def test_the_person_refuses_a_buy_and_takes_the_card(make_app):
    variant = Game.new("shanghai_buy", 4, 1)[0].variant
    state = variant.position(["4D 5D", "4S 5S", "4C 5C", "6H 6D"], discard="KD QS",
                             stock="3S 3H 3D 7C 8C 9C", current=0, discarder=3)
    state = variant._start_turn(state, 0)
    app = table_at(make_app, "shanghai_buy", state, Caller("buy"))
    until(app, lambda: app.table.question is not None and "wants to buy" in
          app.table.question[0])
    key(app, pygame.K_y)            # the keyboard answers too: Y takes, as in every question
    state = app.session.game.state
    assert "QS" in [c.face for c in state.hands[0]] and state.took_discard


def test_the_person_calls_shanghai_on_a_playable_discard(make_app):
    variant = Game.new("shanghai_may_i", 4, 1)[0].variant
    state = variant.position(["4D 5D 6D", "9H KC", "4C 5C", "6H 6D"], phase=Phase.PLAY,
                             current=1, melds={0: ["run: 5H 6H 7H 8H", "set: KS KH KD"]},
                             stock="3S 3H", discard="10D")
    # West (an AI) is in turn and discards 9H, its first legal action: it fits our run.
    app = table_at(make_app, "shanghai_may_i", state, Caller("pass"))
    until(app, lambda: app.table.question is not None and "Shanghai" in
          str(app.table.call_buttons[0].label))
    click(app, answer_button(app, "Shanghai!"))
    until(app, lambda: app.session.game.state.phase is not Phase.SHANGHAI)
    state = app.session.game.state
    assert [c.face for c in state.melds[0][0].cards] == ["5H", "6H", "7H", "8H", "9H"]
    assert any(isinstance(a, CallShanghai) for _, a in app.session.game.history)


def test_arrange_go_down_and_lay_off_by_dragging_onto_a_meld(make_app):
    variant = Game.new("shanghai_may_i", 4, 1)[0].variant
    state = variant.position(["7H 7S 7D QC QD QS 9S 4C", "4S 5S", "4C 5C", "6H 6D"],
                             phase=Phase.PLAY, current=0, stock="3S 3H",
                             melds={1: ["run: 5S 6S 7S 8S"]}, discard="10D")
    app = table_at(make_app, "shanghai_may_i", state, Caller("pass"))
    table = app.table
    click(app, button(app, "Arrange"))
    assert len(table.groups) == 2
    click(app, button(app, "Go down"))
    game = app.session.game
    assert isinstance(game.history[-1][1], GoDown) and game.state.down[0]
    frames(app, 3)
    nine = next(i for i, c in enumerate(table.hand_cards()) if c.face == "9S")
    slot = table.geo.hand_slots(len(table.hand_cards()))[nine]
    owner, index, rects = next(s for s in table.meld_spots() if s[0] == 1)
    drag(app, slot.center, (rects[-1].right - 3, rects[-1].centery))
    assert game.history[-1] == (0, LayOff(1, 0, (game.history[-1][1].cards[0],), False))
    assert [c.face for c in game.state.melds[1][0].cards][-1] == "9S"


def test_the_save_written_as_the_person_goes_down_passes_the_loaders_check(make_app):
    """Going down autosaves the moment the melds are laid, while the table still holds
    the groups it built from them: that save must not name the laid cards as groups
    being built. The loader checks the table part against the replayed hand and refuses
    such a file as damaged: the game would be lost if the app ended before the next
    move."""
    from cardtable.app.table_ui import parse_table_ui

    variant = Game.new("shanghai_may_i", 4, 1)[0].variant
    state = variant.position(["7H 7S 7D QC QD QS 9S 4C", "4S 5S", "4C 5C", "6H 6D"],
                             phase=Phase.PLAY, current=0, stock="3S 3H",
                             melds={1: ["run: 5S 6S 7S 8S"]}, discard="10D")
    app = table_at(make_app, "shanghai_may_i", state, Caller("pass"))
    click(app, button(app, "Arrange"))
    assert len(app.table.groups) == 2
    saved = []
    request = app.autosaver.request
    app.autosaver.request = lambda game, seats, ui, *secret: (
        saved.append(ui), request(game, seats, ui, *secret))[1]
    click(app, button(app, "Go down"))
    app.autosaver.request = request
    game = app.session.game
    assert game.state.down[0]
    # The save asked for by the go-down itself, as the loader reads it back.
    hand = game.observe(0).hand
    loaded = parse_table_ui(saved[0].to_json(), hand, None, 0)
    assert loaded.groups == () and set(loaded.hand_order) == set(hand)


def test_a_call_chance_counts_down_on_screen_and_passes_by_itself(make_app):
    variant = Game.new("shanghai_may_i", 4, 1)[0].variant
    state = variant.position(["4D 9D", "4S 5S", "4C 5C", "6H 6D"], discard="KD 9C",
                             stock="3S 3H 3D 7C 8C", current=1, discarder=3)
    state = variant._start_turn(state, 1)
    app = table_at(make_app, "shanghai_may_i", state, Caller("pass"))
    assert app.session.call_seconds == 5.0  # the default: a countdown, never a stall
    until(app, lambda: app.table.question is not None)
    assert app.table.question_text().endswith("(passing in 5 s)")
    frames(app, 60 * 4)
    assert app.session.game.state.phase is Phase.CALLS      # still waiting after 4 s
    assert app.table.question_text().endswith("(passing in 1 s)")
    frames(app, 60 * 2)
    assert (0, Call("pass")) in app.session.game.history    # passed after 5 s


def test_the_shanghai_caller_chooses_the_meld_by_dragging_the_discard(make_app):
    variant = Game.new("shanghai_may_i", 4, 1)[0].variant
    # 9H fits both our run (above 8H) and nothing else; KC fits our set of kings.
    state = variant.position(["4D 5D 6D", "KC 9H", "4C 5C", "6H 6D"], phase=Phase.PLAY,
                             current=1, melds={0: ["run: 5H 6H 7H 8H", "set: KS KH KD"]},
                             stock="3S 3H", discard="10D")
    app = table_at(make_app, "shanghai_may_i", state, Caller("pass"))
    until(app, lambda: app.table.question is not None and "Shanghai" in
          str(app.table.call_buttons[0].label))
    table = app.table
    owner, index, rects = next(s for s in table.meld_spots() if s[:2] == (0, 1))
    drag(app, table.geo.discard.center, rects[-1].center)
    until(app, lambda: app.session.game.state.phase is not Phase.SHANGHAI)
    kings = app.session.game.state.melds[0][1]
    assert [c.face for c in kings.cards][-1] == "KC"


def test_buying_asks_where_the_freed_wild_goes_when_it_fits_more_than_one_group(make_app):
    variant = Game.new("shanghai_buy", 3, 1)[0].variant
    state = variant.position(["7S 9D 4C", "4S 5S", "4C 5C"], phase=Phase.PLAY, current=0,
                             melds={0: ["set: QS QD QC", "run: 4H 5H 6H 7H"],
                                    1: ["run: 5S 6S JK 8S"]}, stock="3H", discard="10D")
    app = table_at(make_app, "shanghai_buy", state, Caller("pass"))
    table = app.table
    seven = next(i for i, c in enumerate(table.hand_cards()) if c.face == "7S")
    slot = table.geo.hand_slots(len(table.hand_cards()))[seven]
    owner, index, rects = next(s for s in table.meld_spots() if s[0] == 1)
    drag(app, slot.center, (rects[2].x + 4, rects[2].centery))  # onto North's joker
    frames(app, 2)
    assert table.question is not None and "freed" in table.question[0]
    labels = [label for label, _ in table.question[1]]
    assert labels[-1] == "Cancel" and len(labels) == 4         # the set, both run ends
    assert any("set" in label for label in labels)
    assert not any(isinstance(a, ReplaceWild) for _, a in app.session.game.history)
    # A dialog: while it is up only its answers take input (the table under it waits).
    model = table.model()
    question = model.get("question")
    assert question is not None and question.modal
    assert {e.id for e in model.focus_order()} == {f"answer/{i}" for i in range(4)}
    assert model.at(slot.center) is None
    key(app, pygame.K_ESCAPE)                                 # changed my mind
    frames(app, 2)
    assert table.asking.choice is None and table.question is None
    assert not any(isinstance(a, ReplaceWild) for _, a in app.session.game.history)
    drag(app, slot.center, (rects[2].x + 4, rects[2].centery))
    frames(app, 2)
    high_end = next(i for i, (label, _) in enumerate(table.question[1])
                    if label.startswith("the high end of your run"))
    key(app, pygame.K_1 + high_end)
    frames(app, 2)
    last = app.session.game.history[-1][1]
    assert isinstance(last, ReplaceWild) and (last.dest_seat, last.dest_index) == (0, 1)
    state = app.session.game.state
    assert [c.face for c in state.melds[1][0].cards] == ["5S", "6S", "7S", "8S"]
    assert state.melds[0][1].cards[-1].face == "JK"


def test_a_call_is_announced_beside_the_caller(make_app):
    variant = Game.new("shanghai_may_i", 4, 1)[0].variant
    state = variant.position(["4D 5D", "4S 5S", "4C 5C", "6H 6D"], discard="KD 9C",
                             stock="3S 3H 3D 7C 8C", current=0, discarder=3)
    state = variant._start_turn(state, 0)
    app = table_at(make_app, "shanghai_may_i", state, Caller("may i"))
    until(app, lambda: bool(app.table.callouts))
    assert app.table.callouts[1][0] == "May I!"


def test_a_run_built_by_hand_with_a_spare_wild_goes_down_beside_a_same_suit_run_rules_8():
    """Dragging 3H 4H 5H JK and 7H 8H 9H 10H into two groups is a legal go-down: the
    joker is laid below the first run (as 2H) so the runs do not touch."""
    from cardtable.app.table_desc import describe_table
    from cardtable.engine import GoDown
    from cardtable.engine.shanghai import ShanghaiMayI
    from cardtable.engine.shanghai_rules import Phase

    variant = ShanghaiMayI()
    state = variant.position(["3H 4H 5H JK 7H 8H 9H 10H KS", "4D 5D", "4S 5S"],
                             round_number=3, phase=Phase.PLAY, stock="3D 3S", discard="KD")
    view = variant.observe(state, 0)
    by_face = {c.face: c for c in view.hand}
    groups = [[by_face[f] for f in ("3H", "4H", "5H", "JK")],
              [by_face[f] for f in ("7H", "8H", "9H", "10H")]]
    action = describe_table("shanghai_may_i").go_down(view, groups)
    assert isinstance(action, GoDown)
    assert variant.problem(state, 0, action) is None


def test_go_down_names_the_real_reason_and_the_side_panel_agrees(make_app):
    """A mixed-suit 'run' is refused as one, and two good sets in a set-and-run round
    are refused for the contract, in the same words as the side panel."""
    desc = table_for("shanghai_may_i").own
    game, _ = Game.new("shanghai_may_i", 3, 2)
    view = game.observe(0)
    contract = view.contract  # round 1: 2 sets of 3
    assert contract.sets == 2
    mixed = [list(parse_cards("5H 6S 7H 8H")), list(parse_cards("9C 9D 9S"))]
    assert desc.go_down_problem(view, mixed) == "a run must be all one suit"
    round_two = dataclasses.replace(view, contract=CONTRACTS[1], round=2)
    sets = [list(parse_cards("9C 9D 9S")), list(parse_cards("4C 4D 4S"))]
    reason = desc.go_down_problem(round_two, sets)
    assert reason is not None and "2 sets and 0 runs" in reason
    status = desc.build_status(round_two, sets)
    assert status is not None and status[1] is False and "2 sets and 0 runs" in status[0]


def test_wilds_in_laid_melds_show_what_they_stand_for():
    from cardtable.app.table_desc import wild_labels
    from cardtable.engine.melds import Meld, MeldKind

    rules = table_for("shanghai_may_i").own.rules(None)
    run = Meld(MeldKind.RUN, tuple(parse_cards("5H 6H 2C 8H")))
    assert wild_labels(run, rules) == [None, None, "7\u2665", None]
    ace_high = Meld(MeldKind.RUN, tuple(parse_cards("JK QH KH 2S")))
    assert wild_labels(ace_high, rules) == ["J\u2665", None, None, "A\u2665"]
    a_set = Meld(MeldKind.SET, tuple(parse_cards("9C JK 9D")))
    assert wild_labels(a_set, rules) == [None, "9", None]


def test_a_wilds_tag_is_drawn_whole_over_the_card_laid_on_it(make_app):
    """A wild in a laid meld shows only a sliver under the next card, narrower than a
    tag such as "10": the tags are drawn after the cards, so the tag reads "10", not
    a clipped "1"."""
    make_app()  # pygame and its fonts, as the table has them
    from cardtable.app import theme
    from cardtable.app.scenes.tabledraw import draw_meld_cards
    from cardtable.app.table_desc import wild_labels
    from cardtable.engine.melds import Meld, MeldKind

    rules = table_for("shanghai_buy").own.rules(None)
    tens = Meld(MeldKind.SET, tuple(parse_cards("10S 10D 2S 10H 10C")))
    area, width = pygame.Rect(10, 10, 200, 80), 40
    rects = [pygame.Rect(area.x + i * 12, area.y, width, 56) for i in range(5)]  # a tight fan
    surface = pygame.Surface((240, 120))
    draw_meld_cards(surface, list(tens.cards), [r.x for r in rects], [r.y for r in rects],
                    width, wild_labels(tens, rules))
    wild, over = rects[2], rects[3]
    tag = theme.text("10", max(8, width // 4), (0, 0, 0), True).get_rect(
        bottomleft=(wild.x + 3, wild.bottom - 3))
    assert tag.right > over.x, "the tag is wider than the sliver (else this proves nothing)"
    beyond = [surface.get_at((x, y))[:3] for x in range(over.x + 1, tag.right + 2)
              for y in range(tag.top, tag.bottom)]
    assert theme.GOLD in beyond, "the tag is hidden under the next card"


def test_calls_left_and_the_may_i_penalty_total_are_shown_by_each_seat():
    game, _ = Game.new("shanghai_may_i", 3, 2)
    desc = table_for("shanghai_may_i").own
    note = desc.seat_note(game.observe(0), 1)
    assert "3 May I left" in note and "penalty 0" in note
    buy, _ = Game.new("shanghai_buy", 3, 2)
    assert "2 buys left" in table_for("shanghai_buy").own.seat_note(buy.observe(0), 1)


def test_the_shanghai_question_never_covers_the_melds_it_asks_you_to_drag_onto(make_app):
    """At 8 seats on a small window melds lie all round the table: the question panel
    moves to where it covers none of them."""
    variant = Game.new("shanghai_may_i", 8, 1)[0].variant
    melds = {seat: ["run: 5H 6H 7H 8H", "set: KS KH KD", "set: 4C 4S 4H"]
             for seat in (0, 2, 3, 4, 5, 6, 7)}
    state = variant.position(["4D 5D 6D", "9H QC", "4C 5C", "6H 6D", "7S 8S", "9D 9C",
                              "JD JC", "2D 3C"], phase=Phase.PLAY, current=1, melds=melds,
                             stock="3S 3H", discard="10D")
    app = make_app(size=(1024, 640))
    game, _ = Game.new("shanghai_may_i", 8, 1)
    game.state = state
    app.start_session(game, default_seats(7, "normal"))
    for seat in app.session.bots:
        app.session.bots[seat] = Caller("pass")
    until(app, lambda: app.table.question is not None and "Shanghai" in
          str(app.table.call_buttons[0].label))
    table = app.table
    panel = table.asking.frame()
    covered = [rect for _, _, cells in table.meld_spots() for rect in cells
               if rect.colliderect(panel)]
    assert covered == []


def test_go_down_can_be_pressed_with_wrong_groups_and_says_why(make_app):
    variant = Game.new("shanghai_may_i", 3, 1)[0].variant
    state = variant.position(["5H 6S 7H 8H 9C 9D 9S KD", "4C 5C", "6H 6D"], phase=Phase.PLAY,
                             current=0, stock="3S 3H", discard="10D")
    app = table_at(make_app, "shanghai_may_i", state)
    table = app.table
    table.groups = [list(parse_cards("5H 6S 7H 8H")), list(parse_cards("9C 9D 9S"))]
    frames(app, 2)
    go_down = next(b for b in table.buttons if b.label.startswith("Go down"))
    assert go_down.enabled
    click(app, go_down.rect.center)
    assert table.message is not None and table.message.text == "A run must be all one suit."


def test_the_contract_in_the_headline_never_breaks_inside_its_words():
    from cardtable.app import theme

    pygame.font.init()
    game, _ = Game.new("shanghai_may_i", 3, 2)
    view = dataclasses.replace(game.observe(0), contract=CONTRACTS[1], round=2)
    headline = table_for("shanghai_may_i").own.headline(view)
    lines = theme.wrap(headline, 16, 260, bold=True)
    assert any(line.endswith("run\u00a0of\u00a04") for line in lines)


def test_arrange_for_me_plays_by_the_tables_same_rank_option():
    """Found in review: "Arrange for me" and the go-down check used the default rules,
    so with two sets of one rank allowed they missed a go-down the table offers."""
    from cardtable.engine import get_variant
    from cardtable.engine.options import ShanghaiMayIOptions

    desc = table_for("shanghai_may_i").own
    hand = "7H 7S 7D 7C 7H 7S 4D"
    for same_rank, expected in ((True, 2), (False, 0)):
        variant = get_variant("shanghai_may_i")(
            ShanghaiMayIOptions(same_rank_sets_in_contract=same_rank))
        state = variant.position([hand, "4S 5S"], round_number=1, phase=Phase.PLAY)
        view = variant.observe(state, 0)
        groups, _ = desc.arrangement(view)
        assert len(groups) == expected, (same_rank, groups)


def test_the_log_says_who_swapped_a_wild_and_where_the_freed_wild_went():
    """A wild swap changes another player's meld on someone else's turn: the log line
    names who made it, with the natural and the wild (a buying replacement also says
    where the freed wild was laid). A Shanghai! call, which changes a meld too, keeps
    the plain line."""
    from cardtable.app.describe import describe
    from cardtable.engine import Exchange, ReplaceWild
    from cardtable.engine.events import MeldChanged
    from cardtable.engine.melds import Meld, MeldKind

    names = ["You", "West", "North", "East"]
    eight, joker = parse_cards("8C JK")
    meld = Meld(MeldKind.SET, tuple(parse_cards("8S 8H")) + (eight,))
    swap = (1, Exchange(3, 0, eight, joker))
    assert describe(MeldChanged(3, 0, meld), names, 0, move=swap) == \
        "West swapped 8♣ for the Joker in East's meld: 8♠ 8♥ 8♣"
    assert describe(MeldChanged(3, 0, meld), names, 0, move=(0, swap[1])) == \
        "You swapped 8♣ for the Joker in East's meld: 8♠ 8♥ 8♣"
    run = Meld(MeldKind.RUN, tuple(parse_cards("9D 10D JD")) + (joker,))
    replace = (2, ReplaceWild(1, 0, eight, joker, 0, 1, False))
    assert describe(MeldChanged(0, 1, run), names, 0, move=replace) == \
        "North laid the freed Joker on your meld: 9♦ 10♦ J♦ Joker"
    assert describe(MeldChanged(3, 0, meld), names, 0) == "East's meld is now 8♠ 8♥ 8♣"


def test_a_hinted_wild_swap_picks_out_the_card_it_gives(make_app):
    """The hint's cards are picked out in the hand: for a wild swap, the natural it
    gives (a swap names no ``cards``)."""
    from cardtable.engine import Exchange

    variant = Game.new("shanghai_may_i", 3, 1)[0].variant
    state = variant.position(["8C 4D 9S", "5H 6H", "KD QD"], phase=Phase.PLAY, current=0,
                             stock="3S 3H", melds={0: ["set: 4S 4H 4C"],
                                                   1: ["set: 8S 8H JK"]}, discard="10D")
    app = table_at(make_app, "shanghai_may_i", state, Caller("pass"))
    swap = next(a for a in app.table.view.legal if isinstance(a, Exchange))
    app.table._show_hint(swap)
    assert app.table.selected == {swap.natural}



def test_buying_status_says_to_take_back_when_the_last_card_may_not_go_out():
    # RULES §5: a player who took the discard may not go out that turn, and the last
    # card may not be discarded: playing it is refused, so the status must not ask for it.

    game, _ = Game.new("shanghai_buy", 3, 1)
    state = game.variant.position(
        ["9H", "5C 6C 7C", "3D 4D 5D"], melds={0: ["set: KH KS KD", "run: 5H 6H 7H 8H"]},
        stock="QC QD",
        discard="4S", phase=Phase.PLAY)
    game.state = dataclasses.replace(state, took_discard=True, played=True)
    view = game.observe(0)
    assert LayOff(0, 0, tuple(parse_cards("9H")), False) not in view.legal
    text = table_for("shanghai_buy").own.prompt(view, ["You", "West", "East"], 0)
    assert "Play your last card" not in text
    assert "took the discard" in text and "take back" in text.lower()


def test_a_call_countdown_holds_while_the_tour_or_an_overlay_is_over_the_table(make_app):
    variant = Game.new("shanghai_may_i", 4, 1)[0].variant
    state = variant.position(["4D 5D", "4S 5S", "4C 5C", "6H 6D"], discard="KD 5D",
                             stock="3S 3H 3D 7C 8C", current=1, discarder=3)
    app = table_at(make_app, "shanghai_may_i", variant._start_turn(state, 1), Caller("pass"))
    until(app, lambda: app.table.question is not None)
    frames(app, 60 * 2)
    for cover in (lambda: app.show_tour(first=True), app.table.pause):
        cover()
        frames(app, 60 * 8)                      # far past the 5 s, behind the cover
        assert app.table.question_text().endswith("(passing in 3 s)")
        app.stack.pop()
        frames(app, 2)
        assert app.session.game.state.phase is Phase.CALLS
        assert (0, Call("pass")) not in app.session.game.history
    frames(app, 60 * 4)
    assert (0, Call("pass")) in app.session.game.history    # the rest of the time ran


def test_a_card_that_cannot_help_is_not_asked_about_but_may_still_be_called(make_app):
    """9C is of no use to 4D 5D: no question holds play up, the person passes as soon as
    the others have answered; until then a May I button stays offered (RULES §4)."""
    variant = Game.new("shanghai_may_i", 4, 1)[0].variant
    state = variant.position(["4D 5D", "4S 5S", "4C 5C", "6H 6D"], discard="KD 9C",
                             stock="3S 3H 3D 7C 8C", current=1, discarder=3)
    state = variant._start_turn(state, 1)
    app = table_at(make_app, "shanghai_may_i", state, Caller("pass"))
    asked: list[str] = []

    def passed() -> bool:
        if app.table.question is not None:
            asked.append(app.table.question_text())
        return (0, Call("pass")) in app.session.game.history

    until(app, passed)
    # No countdown held play for the person (judged by what was shown, not by how much
    # app time the bot thread took to answer on a loaded machine).
    assert not any("passing in" in text for text in asked), asked
    assert app.session.game.history[:2] == [(2, Call("pass")), (0, Call("pass"))]

    app = make_app()
    game, _ = Game.new("shanghai_may_i", 4, 1)
    game.state = state
    app.start_session(game, default_seats(3, "normal"))
    for seat in app.session.bots:
        app.session.bots[seat] = Caller("pass")
    app.session.think_seconds = 1.0                      # the others take their time
    app.session._next_ai_time = app.now + 1.0
    until(app, lambda: app.table.question is not None)
    text, answers = app.table.question
    assert "of no use" in text and [label for label, _ in answers] == ["May I!"]
    assert "passing in" not in app.table.question_text()
    click(app, answer_button(app, "May I!"))
    assert (0, Call("may i")) in app.session.game.history

    app = table_at(make_app, "shanghai_may_i", state, Caller("pass"),
                   ask_always=True)                      # Settings: Calls: every time
    until(app, lambda: app.table.question is not None)
    assert [label for label, _ in app.table.question[1]] == ["May I!", "Pass"]


# ----------------------------------------------------------------------- contested calls

NAMES = ["You", "West", "North", "East"]


def log_lines(events, viewer=0):
    from cardtable.app.describe import describe

    return [line for event in events
            if (line := describe(event.redacted_for(viewer), NAMES, viewer))]


def may_i_window(current=0, discarder=3):
    variant = Game.new("shanghai_may_i", 4, 1)[0].variant
    # 9C helps the person's 4D 9D (a set to build), so the person is asked about it.
    state = variant.position(["4D 9D", "4S 5S", "4C 5C", "6H 6D"], discard="KD 9C",
                             stock="3S 3H 3D 7C 8C", current=current, discarder=discarder)
    return variant, variant._start_turn(state, current)


def test_the_log_says_who_won_a_contested_may_i_the_caller_nearer_the_player_in_turn():
    variant, state = may_i_window()
    state = variant.apply(state, 2, Call("may i")).state
    state = variant.apply(state, 1, Call("may i")).state
    lines = log_lines(variant.apply(state, 0, Draw(Pile.STOCK)).events)
    assert lines[0] == ("West gets 9♣ by May I ahead of North: West sits nearer to the left "
                        "of the player in turn (you)")
    assert lines[1] == "West took 9♣ by May I (+1 card as the penalty)"


def test_the_log_says_the_player_in_turn_beat_the_may_i_callers_by_first_choice():
    variant, state = may_i_window()
    state = variant.apply(state, 1, Call("may i")).state
    state = variant.apply(state, 2, Call("may i")).state
    lines = log_lines(variant.apply(state, 0, Draw(Pile.DISCARD)).events)
    assert lines == ["You drew 9♣ from the discard pile",
                     "You took 9♣ before the May I calls: the player in turn has first "
                     "choice (West and North called)"]


def test_the_log_says_whose_buy_comes_first_and_that_a_refusal_keeps_the_card():
    variant = Game.new("shanghai_buy", 4, 1)[0].variant
    state = variant.position(["4D 5D", "4S 5S", "4C 5C", "6H 6D"], discard="KD QS",
                             stock="3S 3H 3D 7C 8C 9C", current=2, discarder=1)
    state = variant._start_turn(state, 2)
    state = variant.apply(state, 3, Call("buy")).state
    result = variant.apply(state, 0, Call("buy"))
    assert log_lines(result.events) == [
        "You ask to buy",
        "East asks to buy Q♠ ahead of you: East sits nearer to the left of the player in "
        "turn (North)"]
    refused = variant.apply(result.state, 2, AnswerBuy(False)).events
    assert log_lines(refused)[-1] == ("North keeps Q♠: the player in turn may refuse a buy "
                                      "and take the card (East and you asked to buy)")


def test_the_log_says_who_won_a_contested_shanghai_the_caller_nearer_the_discarder():
    variant = Game.new("shanghai_may_i", 4, 1)[0].variant
    state = variant.position(["9H KC QC", "4S 5S 6S", "4C 5C", "6H 6D"], phase=Phase.PLAY,
                             melds={0: ["set: JS JD JC", "set: 3S 3D 3C"],
                                    1: ["run: 5H 6H 7H 8H", "set: KS KH KD"]},
                             stock="3H 4H 5D", discard="10D")
    state = variant.apply(state, 0, Discard(state.hands[0][0])).state
    state = variant.apply(state, 1, Call("pass")).state
    state = variant.apply(state, 3, CallShanghai(1, 0)).state
    lines = log_lines(variant.apply(state, 2, CallShanghai(1, 0)).events)
    assert lines[1] == ("North wins the Shanghai! on 9♥ ahead of East: North sits nearer to "
                        "the left of the discarder (you)")


class MayIThenStock(Caller):
    """Calls May I when it may; in turn, lets the card go and draws from the stock."""

    def choose(self, view, rng, deadline, should_stop):
        if Draw(Pile.STOCK) in view.legal:
            return Draw(Pile.STOCK)
        return super().choose(view, rng, deadline, should_stop)


def test_a_person_who_loses_a_contested_may_i_is_told_who_got_it_and_why(make_app):
    """North is in turn; East and the person call May I; North lets it go: East, nearer
    North's left, gets it. The table says so to the person, and East's callout too."""
    variant, state = may_i_window(current=2, discarder=1)
    app = table_at(make_app, "shanghai_may_i", state, MayIThenStock("may i"))
    until(app, lambda: app.table.question is not None and "May I" in app.table.question[0])
    click(app, answer_button(app, "May I!"))
    until(app, lambda: app.table.callouts.get(3, ("",))[0] == "First in turn!")
    said = ("East gets 9♣ by May I ahead of you: East sits nearer to the left of the "
            "player in turn (North).")
    assert app.table.message is not None and app.table.message.text == said
    assert said[:-1] in list(app.session.log)
    assert "9C" in [c.face for c in app.session.game.state.hands[3]]


def test_an_open_call_question_judges_the_card_once_not_every_frame(make_app, monkeypatch):
    """Whether the card could help is worked out once per position: while the person
    thinks over the question, the table redraws nothing and must cost next to no CPU."""
    import cardtable.ai.call_need as call_need

    variant = Game.new("shanghai_may_i", 4, 1)[0].variant
    state = variant.position(["4D 5D", "4S 5S", "4C 5C", "6H 6D"], discard="KD 5C",
                             stock="3S 3H 3D 7C 8C", current=1, discarder=3)
    app = table_at(make_app, "shanghai_may_i", variant._start_turn(state, 1), Caller("pass"))
    app.session.call_seconds = 0.0                       # Settings: wait for me
    until(app, lambda: app.table.question is not None)
    judged = []
    needed = call_need.cards_needed
    monkeypatch.setattr(call_need, "cards_needed", lambda *a: judged.append(1) or needed(*a))
    frames(app, 120)
    assert app.table.question is not None and "of no use" not in app.table.question[0]
    assert len(judged) <= 4, len(judged)


def test_three_may_i_callers_are_listed_as_a_sentence_lists_them():
    # "West and North-West and North-East called May I" read like a child's list.
    game, _ = Game.new("shanghai_may_i", 5, 1)
    variant = game.variant
    state = variant.position(["4D 5D", "4S 5S", "4C 5C", "6H 6D", "7H 7D"], discard="KD 9C",
                             stock="3S 3H 3D 7C 8C", current=0, discarder=4)
    game.state = variant._start_turn(state, 0)
    for seat in (1, 2, 3):
        game.apply(seat, Call("may i"))
    names = ["You", "West", "North-West", "North-East", "East"]
    text, _ = table_for("shanghai_may_i").own.calls(game.observe(0), names, 0)
    assert text.startswith("West, North-West and North-East called May I for 9♣")


@pytest.mark.parametrize("seats", [4, 6])
def test_a_may_i_seats_note_reads_whole_in_the_smallest_window(seats):
    """At 1024×640 the panels read "3 May I l…" and "pe…": a shorter wording is chosen
    where room is short, never one cut; the spoken name keeps the full words."""
    from cardtable.app import layout as table_layout
    from cardtable.app.scenes.table_panels import seat_labels, text_size

    pygame.font.init()
    game, _ = Game.new("shanghai_may_i", seats, 2)
    view = dataclasses.replace(game.observe(0), penalties=(55,) * seats,
                               down=(False, True) * (seats // 2))
    desc = table_for("shanghai_may_i").own
    geo = table_layout.compute((1024, 640), seats, 0)
    for seat, spot in geo.spots.items():
        flags = ("dealer",) if seat == 1 and seats == 4 else ()  # six: no room for both
        shown = seat_labels(spot.panel, spot.cards, text_size(geo.height), "North-West",
                            "888 pts", desc.seat_notes(view, seat), flags)
        assert shown.note is not None and "\u2026" not in shown.note.text, shown.note
        assert "May I" in shown.note.text and "3" in shown.note.text
        assert "penalty 55" in shown.note.text and ("dealer" in shown.note.text) == bool(flags)
        assert spot.panel.contains(shown.note.rect)
    assert "3 May I left" in desc.seat_note(view, 1) and "penalty 55" in desc.seat_note(view, 1)


def test_the_refuse_or_let_go_buy_question_counts_down_and_lets_the_card_go(make_app):
    """Asked of the player in turn when a seat wants to buy, it waited for ever with no
    countdown while "Buy?" counted down: it behaves as every call question."""
    from cardtable.app.scenes.pause import PauseScene

    variant = Game.new("shanghai_buy", 4, 1)[0].variant
    state = variant.position(["4D 5D", "4S 5S", "4C 5C", "6H 6D"], discard="KD QS",
                             stock="3S 3H 3D 7C 8C 9C", current=0, discarder=3)
    app = table_at(make_app, "shanghai_buy", variant._start_turn(state, 0), Caller("buy"))
    until(app, lambda: app.table.question is not None and "wants to buy" in
          app.table.question[0])
    assert app.session.game.state.phase is Phase.BUY_ANSWER
    assert app.table.question_text().endswith("(letting it go in 5 s)")
    app.push(PauseScene(app))                            # held while an overlay is up
    frames(app, 60 * 7)
    app.stack.pop()
    frames(app, 60 * 3)
    assert app.session.game.state.phase is Phase.BUY_ANSWER
    assert app.table.question_text().endswith("(letting it go in 2 s)")
    frames(app, 60 * 3)
    state = app.session.game.state
    assert state.phase is not Phase.BUY_ANSWER and "QS" in [c.face for c in state.hands[1]]


def test_the_may_i_question_lands_on_free_felt_never_on_the_log_and_keeps_may_i_whole(
        make_app):
    """At 1280×800 with the person's melds on the left the question slid onto the move
    log, its words wrapped as "Call May / I?", though the felt in the middle was free."""
    from cardtable.app.scenes import rummy_question

    variant = Game.new("shanghai_may_i", 4, 1)[0].variant
    melds = {0: ["set: KH KS KD", "set: 2C KC KD", "set: 6D 6S 6H"],
             1: ["set: 6H 6D 6C", "set: 9D 9H 9C 9S"], 2: ["set: 8H 8C 2S", "set: JS JH 2C"],
             3: ["set: 3S 3H 3D 2D", "set: 10S 10H 10D 10C"]}
    state = variant.position(["4S 8D 7H AD AH 2S", "5S 5H 7C 7D", "4H 4D", "4C 5C 7S 8S"],
                             discard="KC QS", stock="3C 4H 5D 6C 7S 8S 9S", current=3,
                             discarder=2, melds=melds)
    app = make_app(size=(1280, 800))
    game, _ = Game.new("shanghai_may_i", 4, 1)
    game.state = variant._start_turn(state, 3)
    app.start_session(game, default_seats(3, "normal"))
    app.session.ask_always = True
    app.session.call_seconds = 0.0
    for seat in app.session.bots:
        app.session.bots[seat] = Caller("pass")
    until(app, lambda: app.table.question is not None and "May I" in app.table.question[0])
    table = app.table
    geo = table.geo
    frame = table.asking.frame()
    assert geo.play.contains(frame)
    assert not frame.colliderect(geo.log)
    for rect in rummy_question.must_clear(geo):
        assert not frame.colliderect(rect), (frame, rect)
    buttons = table.call_buttons[0].rect.unionall([b.rect for b in table.call_buttons])
    lines = rummy_question.question_panel(geo, table.question_text(), buttons)[2]
    assert not any(line.endswith("May") for line in lines), lines
