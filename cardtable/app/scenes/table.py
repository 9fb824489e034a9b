"""The table: one scene for every game, driven by the game's table description.

Input lives in ``table_input``: drag and drop, the click alternative and the keyboard;
every gesture becomes an engine action, and a refused one shows the engine's reason.

The table shows the observation as of the last animation that finished: the session
may be ahead, and its applied actions are played out one by one.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Hashable
from functools import partial
from typing import TYPE_CHECKING, Any, cast

import pygame

from ...engine import Action, Card, Discard, Draw, LayDown, Pile
from ...engine.events import (
    Called,
    CardsGiven,
    Dealt,
    Discarded,
    Drew,
    Event,
    LaidOff,
    MeldChanged,
    MeldsLaid,
    Reshuffled,
    RoundScored,
)
from .. import cardart, theme
from .. import layout as table_layout
from ..anim import Flight
from ..session import Session, Shown
from ..table_desc import RummyView, describe_table
from ..table_ui import TableUI
from ..tables import deck_colours
from ..widgets import Button
from . import tabledraw
from .table_input import TableInput

if TYPE_CHECKING:
    from ..app import App

CALLOUT_SECONDS = 2.2
CALLOUTS = {"may i": "May I!", "buy": "Buy!", "shanghai": "Shanghai!", "allow": "Go ahead",
            "refuse": "No — mine!"}


class TableScene(TableInput):
    """The table of the rummy games, driven by each game's table description."""

    def __init__(self, app: App, session: Session[RummyView]) -> None:
        super().__init__(app, session)
        self.desc = describe_table(session.game.game_id)
        self.view: RummyView = session.view()
        self.groups: list[list[Card]] = []
        self._saved_groups: tuple[tuple[Card, ...], ...] = ()
        """The groups as last saved: a change asks for a save (see ``_after_update``)."""
        self.target = 0
        self.summary: RoundScored | None = None
        self.summary_open = False
        self.after_summary: tuple[Event, ...] = ()
        self.after_log = 0
        """The log's line count once the held-back round end and deal are shown."""
        self.after_view: RummyView | None = None
        """The view after a round-ending move (the next deal), shown once the score
        sheet closes: until then the table stays on the round that ended."""
        self.question: tuple[str, list[tuple[str, Action | None]]] | None = None
        self.choice: tuple[str, list[tuple[str, Action | None]]] | None = None
        """A question the table itself asks (where a freed wild goes), before any action."""
        self.chosen_goal: int | None = None
        """The goal the person picked on the sheet (Monastery: the mission to build)."""
        self.call_buttons: list[Button] = []
        self.question_shift = 0
        """How far the question panel sits below (or above) its usual place."""
        self.layout(app.size)

    # --- layout and saved table state ----------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        scale = self.app.settings.card_scale
        self.geo = table_layout.compute(size, self.session.game.seats, self.session.human, scale)
        self._build_buttons()

    def log_rect(self) -> pygame.Rect:
        return self.geo.log

    def _cancel(self) -> bool:
        """Esc also closes the table's own question (where a freed wild goes)."""
        asked, self.choice = self.choice is not None, None
        return super()._cancel() or asked

    def _build_buttons(self) -> None:
        box = self.geo.controls
        entries = self.desc.buttons
        row = max(30, min(self.geo.height // 16, (box.height - 10) // len(entries) - 8))
        self._buttons_key = None
        self.buttons = [Button(pygame.Rect(box.x, box.y + i * (row + 8), box.width, row), label,
                               getattr(self, method), primary=primary, size=max(12, row * 2 // 5))
                        for i, (label, method, primary) in enumerate(entries)]
        self.button_roles = [method for _, method, _ in entries]
        self._refresh_buttons()

    def _button_inputs(self) -> Hashable:
        return (tuple(map(tuple, self.groups)), self.chosen_goal)

    def _enable_buttons(self) -> None:
        mine = self._my_discard_phase()
        for button, method in zip(self.buttons, self.button_roles):
            if method in ("sort_suit", "sort_rank"):
                button.enabled = bool(self.view.hand)
            elif method == "arrange":
                button.enabled = mine and not self._is_down()
            elif method == "clear_groups":
                button.enabled = bool(self.groups)
            elif method == "commit_selected":
                commit = self.desc.commit(self.view, self.groups, next(iter(self.selected))) \
                    if len(self.selected) == 1 else None
                # With no groups built it is a plain discard of the selected card: the
                # button says so and works (a disabled "Discard" beside a selected card
                # read as a refusal).
                button.enabled = mine and commit is not None and \
                    (bool(self.groups) or isinstance(commit, Discard)) and \
                    self.session.problem(commit) is None
                # Say what the button will do: groups that do not take every other
                # card are only a plan, and the button then just discards.
                button.label = "Discard" if isinstance(commit, Discard) else \
                    "Lay down + discard" if self.desc.final_turn(self.view) else "Go out"
            elif method == "go_down":
                # Enabled as soon as groups are built: pressing it says what is wrong.
                action = self.desc.go_down(self.view, self.groups, self.chosen_goal)
                button.enabled = mine and bool(self.groups) and action is not None \
                    and not self._is_down()
            elif method == "take_back":
                button.enabled = mine and self.desc.played_this_turn(self.view)

    def meld_status(self) -> tuple[str, bool | None] | None:
        """The status line of the groups being built (or the game's own, such as the
        mission in focus, which it words for every phase): the text and whether it is
        good (None: neutral). Lines after the first are notes, drawn dim."""
        view = self.view
        building, groups = self._my_discard_phase(), self.groups
        own = self.desc.build_status(view, groups, self.chosen_goal)
        if own is not None:
            return own if own[0] else None
        if view.melds[self.session.human]:
            return None
        if building and not groups:
            word = self.desc.rules(view).set_word
            return (f"Drag cards to + to build {word}s and runs, or press Arrange", None)
        if not groups:
            return None
        problems = [f"{index + 1}: {self.desc.group(view, cards)}"
                    for index, cards in enumerate(groups)
                    if not self.desc.group_label(view, cards)[1]]
        staged = {card for cards in groups for card in cards}
        left = [c for c in view.hand if c not in staged and c not in self.selected]
        status = "; ".join(problems) if problems else "Melds valid"
        return (f"{status}  \u00b7  {self.desc.points(view, left)} points would stay in hand",
                not problems)

    def hand_label(self) -> str:
        """The line over the person's hand: score, the game's note, dealer."""
        human, view = self.session.human, self.view
        note = self.desc.seat_note(view, human)
        label = f"You  \u00b7  {self.desc.score_text(view, human)}" + \
            (f"  \u00b7  {note}" if note else "")
        return label + ("  \u00b7  dealer" if human == view.dealer else "")

    def goal_boxes(self) -> list[pygame.Rect]:
        """Where the person's goal sheet (Monastery's missions) sits, right of the hand's
        label: drawn there, and clicked there to choose the goal to build."""
        progress = self.desc.progress(self.view, self.session.human)
        if progress is None:
            return []
        geo = self.geo
        size = max(12, geo.height // 50)
        top_of_cards = geo.hand.bottom - geo.card_h
        label = theme.text(self.hand_label(), size, theme.TEXT, True).get_rect(
            bottomleft=(geo.hand.x + 4, top_of_cards - 4))
        box = max(14, size + 4)
        return [pygame.Rect(label.right + 16 + index * box, top_of_cards - 6 - box, box - 2,
                            box - 2) for index in range(len(progress))]

    def _is_down(self) -> bool:
        return self.desc.is_down(self.view, self.session.human)

    def deck_colours(self) -> str:
        """The cards' colour scheme: the game's when its rules speak of colour, otherwise
        the player's setting (see ``cardart.SCHEMES``)."""
        return deck_colours(self.session.game.game_id, self.app.settings.deck_colours)

    def ui_state(self) -> TableUI:
        """What a save keeps of the table: hand order, groups being built, summary. The
        save is asked for the moment a move is applied, before the table has taken in
        what it did (a go-down has laid the groups' cards; the table clears its groups
        only once ``play`` returns), so the groups keep only cards still in the hand
        (``hand_order`` follows the hand): a save never names a card the hand lost,
        which the loader would rightly refuse as damage."""
        held = set(self.session.hand_order)
        groups = tuple(kept for kept in (tuple(c for c in group if c in held)
                                         for group in self.groups) if kept)
        return TableUI("summary" if self.summary is not None else "table",
                       tuple(self.session.hand_order), groups,
                       tuple(self.session.log), self.summary)

    def restore_ui(self, ui: TableUI) -> None:
        super().restore_ui(ui)
        if self.session.human_to_move:
            self.groups = [list(group) for group in ui.groups]
        self.summary = ui.summary

    # --- what is shown ---------------------------------------------------------------------

    def hand_cards(self) -> list[Card]:
        """The person's hand as shown: chosen order, minus cards staged in groups."""
        held = set(self.view.hand)
        staged = {card for group in self.groups for card in group}
        order = [c for c in self.session.hand_order if c in held]
        order += [c for c in self.view.hand if c not in set(order)]
        hidden = self.animator.hidden_cards()
        return [c for c in order if c not in staged and c.code not in hidden]

    def _my_turn(self) -> bool:
        return self.session.human in self.view.awaiting and not self._animating()

    def _my_discard_phase(self) -> bool:
        """The person has drawn and may now play cards and discard."""
        return self._my_turn() and self.view.to_play

    # --- time ------------------------------------------------------------------------------

    def _holding(self) -> bool:
        return self.summary is not None

    def _after_update(self) -> None:
        if self.summary is not None and not self.animator.busy and not self.summary_open:
            self._open_summary()
        groups = tuple(map(tuple, self.groups))
        if groups != self._saved_groups:
            # Cards staged but not laid are part of "where you left it": save them as
            # they change (however they changed), as a move is saved, so a kill loses
            # nothing. The autosave thread writes it; the frame only asks.
            self._saved_groups = groups
            self.app.save()
        hand = self.hand_cards()
        self.focus = max(0, min(self.focus, len(hand) - 1))
        self._refresh_question()

    def _refresh_question(self) -> None:
        """An out-of-turn question for the person (May I, buy, Shanghai!), with buttons."""
        if self.choice is not None and not self._my_discard_phase():
            self.choice = None
        question = self.choice
        if question is None and not (self.animator.busy or self.session.shown):
            question = self.desc.calls(self.view, self.session.names, self.session.human)
        if question == self.question:
            return
        self.question = question
        self.call_buttons = []
        if question is None:
            return
        geo = self.geo
        answers = question[1]
        height = max(34, geo.height // 20)
        top = geo.message.bottom + 6
        if len(answers) <= 3 and all(len(label) <= 18 for label, _ in answers):
            width = min(240, geo.play.width // (len(answers) + 1))
            left = geo.message.centerx - (len(answers) * (width + 16) - 16) // 2
            rects = [pygame.Rect(left + i * (width + 16), top, width, height)
                     for i in range(len(answers))]
        else:  # long answers (where a freed wild goes): one under another
            width = min(geo.play.width - 40, 560)
            height = min(height, (geo.play.bottom - top - 20) // len(answers) - 6)
            rects = [pygame.Rect(geo.message.centerx - width // 2, top + i * (height + 6),
                                 width, height) for i in range(len(answers))]
        self.question_shift = self._clear_of_melds(rects, height)
        self.call_buttons = [
            Button(rect.move(0, self.question_shift), f"{label}  [{i + 1}]",
                   partial(self.answer, i), primary=i == 0,
                   size=max(12, min(height * 2 // 5, 18)))
            for i, (rect, (label, _)) in enumerate(zip(rects, answers))]

    def _clear_of_melds(self, rects: list[pygame.Rect], height: int) -> int:
        """How far to move a question panel up or down so it covers no meld on the
        table (a Shanghai! chance asks you to drag onto them): the nearest clear place
        in the play area, or where it covers the least."""
        geo = self.geo
        panel = tabledraw.question_panel(self, rects[0].unionall(rects))[0]
        melds = [rect for _, _, cells in self.meld_spots() for rect in cells]
        melds.append(tabledraw.pile_labels(geo)[1])  # they must stay readable too
        step = max(12, height // 2)
        best, least = 0, None
        for shift in sorted(range(-geo.play.height, geo.play.height, step), key=abs):
            moved = panel.move(0, shift)
            if not geo.play.contains(moved):
                continue
            covered = sum(moved.clip(rect).width * moved.clip(rect).height for rect in melds)
            if covered == 0:
                return shift
            if least is None or covered < least:
                best, least = shift, covered
        return best

    def _present(self, shown: Shown[RummyView]) -> None:
        """Play out one applied action, then show what it led to. A round's end stops
        at the score sheet: the table stays on the round that ended while its last move
        plays out, and the next deal is shown only once the sheet is closed."""
        before = self.view
        scored = next((e for e in shown.events if isinstance(e, RoundScored)), None)
        ends_round = scored is not None
        self.view = shown.view if scored is None else self._round_end_view(before, shown,
                                                                           scored)
        self.after_view = shown.view if ends_round else None
        self.log_shown = shown.log_after[-1] if shown.log_after else self.log_shown
        speed = 0.0 if shown.seat == self.session.human and self.dropped else self.speed
        self.dropped = False
        self._sound(shown)
        start = self.time
        for index, event in enumerate(shown.events):
            if isinstance(event, RoundScored):
                # The score and the next deal are logged once the sheet is up and closed.
                self.log_shown = shown.log_after[index - 1] if index else shown.log_before
                self.after_log = shown.log_after[-1] if shown.log_after else self.log_shown
                self.summary = event
                self.groups = []
                self.selected = set()
                self.after_summary = shown.events[index + 1:]
                break
            start = self._animate(event, before, start, speed)

    def _round_end_view(self, before: RummyView, shown: Shown[RummyView],
                        scored: RoundScored) -> RummyView:
        """The table as the round ended: the view before the round-ending move, with
        that move done (its cards out of the hand, its discard on the pile, the melds as
        the round left them). The engine has dealt on already; this is what the person
        sees until the score sheet is closed."""
        moved: list[Card] = []
        pile = before.discard_pile
        for event in shown.events:
            if isinstance(event, RoundScored):
                break
            if isinstance(event, Discarded) and event.seat == shown.seat:
                moved.append(event.card)
                pile = pile + (event.card,)
            elif isinstance(event, MeldsLaid) and event.seat == shown.seat:
                moved += [card for meld in event.melds for card in meld.cards]
            elif isinstance(event, LaidOff) and event.seat == shown.seat:
                moved += list(event.cards)
        gone = set(moved)
        sizes = list(before.hand_sizes)
        sizes[shown.seat] = max(0, sizes[shown.seat] - len(moved))
        hand = tuple(c for c in before.hand if c not in gone) \
            if shown.seat == self.session.human else before.hand
        end: RummyView = dataclasses.replace(
            cast(Any, before), hand=hand, hand_sizes=tuple(sizes), discard_pile=pile,
            melds=scored.melds or before.melds)
        return end

    def _animate(self, event: Event, before: RummyView, start: float, speed: float) -> float:
        if isinstance(event, Called) and event.kind in CALLOUTS:
            self.callouts[event.seat] = (CALLOUTS[event.kind],
                                         max(start, self.time) + CALLOUT_SECONDS)
        if speed <= 0:
            return start
        geo, human = self.geo, self.session.human
        width, colours = geo.card_w, self.deck_colours()

        def seat_point(seat: int) -> tuple[int, int]:
            if seat == human:
                return (geo.hand.centerx - width // 2, geo.hand.bottom - geo.card_h)
            return self.geo.spots[seat].cards.topleft

        duration = 0.35 * speed
        if isinstance(event, Drew):
            origin = geo.stock.topleft if event.source is Pile.STOCK else geo.discard.topleft
            visible = event.card if (event.source is Pile.DISCARD or event.seat == human) \
                else None
            self.animator.add(Flight(cardart.card_image(visible, width, colours), origin,
                                     seat_point(event.seat), start, duration,
                                     event.card.code if event.card else None,
                                     None if event.seat == human else event.seat))
            return start + duration
        if isinstance(event, Discarded):
            self.animator.add(Flight(cardart.card_image(event.card, width, colours),
                                     seat_point(event.seat), geo.discard.topleft, start,
                                     duration, event.card.code))
            return start + duration
        if isinstance(event, MeldsLaid):
            target = geo.meld_row.topleft if event.seat == human else \
                geo.spots[event.seat].melds.topleft
            for meld in event.melds:
                for card in meld.cards:
                    self.animator.add(Flight(cardart.card_image(card, geo.small_w, colours),
                                             seat_point(event.seat), target, start,
                                             duration * 0.8, card.code))
                    start += 0.05 * speed
            return start + duration * 0.5
        if isinstance(event, LaidOff):
            owner = event.target_seat
            target = geo.meld_row.topleft if owner == human else geo.spots[owner].melds.topleft
            spots = [r for o, i, r in self.meld_spots() if (o, i) == (owner, event.meld_index)]
            if spots:
                target = spots[0][0].topleft if event.at_start else spots[0][-1].topleft
            for card in event.cards:
                self.animator.add(Flight(cardart.card_image(card, geo.small_w, colours),
                                         seat_point(event.seat), target, start, duration,
                                         card.code))
                start += 0.08 * speed
            return start + duration * 0.6
        if isinstance(event, CardsGiven):
            origin = geo.discard.topleft if event.reason != "shanghai" else \
                seat_point(event.from_seat if event.from_seat is not None else event.seat)
            for card in event.public:
                self.animator.add(Flight(cardart.card_image(card, width, colours), origin,
                                         seat_point(event.seat), start, duration, card.code,
                                         None if event.seat == human else event.seat))
                start += 0.1 * speed
            shown_cards = event.hidden if event.seat == human else ()
            for index in range(max(0, event.count - len(event.public))):
                given = shown_cards[index] if index < len(shown_cards) else None
                source = geo.stock.topleft if event.reason != "shanghai" else origin
                self.animator.add(Flight(cardart.card_image(given, width, colours), source,
                                         seat_point(event.seat), start, duration,
                                         given.code if given else None,
                                         None if event.seat == human else event.seat))
                start += 0.1 * speed
            return start + duration * 0.5
        if isinstance(event, Called):
            return start + (0.5 * speed if event.kind in CALLOUTS else 0.0)
        if isinstance(event, MeldChanged):
            return start + 0.25 * speed
        if isinstance(event, Reshuffled):
            for index in range(min(6, event.count)):
                self.animator.add(Flight(cardart.back(width), geo.discard.topleft,
                                         geo.stock.topleft, start + index * 0.05 * speed,
                                         duration))
            return start + duration + 0.3 * speed
        if isinstance(event, Dealt):
            for index in range(event.count):
                step = start + index * 0.09 * speed
                code = event.cards[index].code if event.cards else None
                self.animator.add(Flight(cardart.back(width), geo.stock.topleft,
                                         seat_point(event.seat), step, duration * 0.7, code,
                                         None if event.seat == human else event.seat))
            return start + 0.03 * speed
        return start

    def _open_summary(self) -> None:
        from .summary import SummaryScene

        assert self.summary is not None
        self.summary_open = True
        self.app.push(SummaryScene(self.app, self, self.summary))
        self.app.save()  # so a game quit here resumes on this score sheet

    def summary_closed(self) -> None:
        """The round's score sheet was dismissed: deal on, or show the game's end."""
        self.summary, self.summary_open = None, False
        if self.session.game.over:
            from .summary import GameOverScene

            self.app.stack.replace(GameOverScene(self.app, self.session))
            return
        before = self.view
        self.log_shown = max(self.log_shown, self.after_log)
        if self.after_view is not None:
            self.view, self.after_view = self.after_view, None
        start = self.time
        for event in self.after_summary:
            start = self._animate(event, before, start, self.speed)
        self.after_summary = ()
        self.app.save()

    # --- actions ---------------------------------------------------------------------------

    def _played(self, action: Action) -> None:
        if isinstance(action, (Draw, Discard, LayDown)):
            # A new phase of the turn, or the next turn: Enter starts again from the
            # first place it goes (the stock, then the discard), not from a slot chosen
            # for another phase.
            self.target = 0
        if isinstance(action, (Discard, LayDown)):
            self.groups = []
            self.selected = set()

    def draw_from(self, pile: Pile, dropped: bool = False) -> bool:
        return self.play(Draw(pile), dropped)

    def discard(self, card: Card, dropped: bool = False) -> None:
        action = self.desc.commit(self.view, self.groups, card)
        self.play(action, dropped)

    def commit_selected(self) -> None:
        if len(self.selected) != 1:
            self.say("Select the one card to discard.")
            return
        self.discard(next(iter(self.selected)))

    def sort_suit(self) -> None:
        self.session.reorder(sorted(self.session.hand_order,
                                    key=lambda c: (self.desc.is_wild(self.view, c), c.sort_key())))

    def sort_rank(self) -> None:
        self.session.reorder(sorted(self.session.hand_order,
                                    key=lambda c: (self.desc.is_wild(self.view, c), int(c.rank),
                                                   c.sort_key())))

    def arrange(self) -> None:
        if not self._my_discard_phase():
            self.say("You can arrange your cards once you have drawn.")
            return
        if self._is_down():  # as the button: nothing is left to build this round
            self.say(self.desc.down_message(self.view))
            return
        groups, discard = self.desc.arrangement(self.view, self.chosen_goal)
        self.groups = groups
        self.selected = {discard} if discard is not None else set()
        left = [c for c in self.view.hand if c not in {x for g in groups for x in g}
                and c != discard]
        if self.desc.go_down(self.view, groups) is not None:  # groups laid on their own
            if groups:
                self.say(self.desc.ready_message(self.view), good=True)
            else:
                self.say(self.desc.arrange_message(self.view, self.chosen_goal))
            return
        if not left and discard is not None:
            self.say(f"Ready: discard {discard.pretty} to finish.", good=True)
        elif self.desc.final_turn(self.view):
            points = self.desc.points(self.view, left)
            self.say(f"Best lay-down: {points} points stay in your hand; discard "
                     f"{discard.pretty if discard else 'a card'}.", good=True)
        else:
            points = self.desc.points(self.view, left)
            self.say(f"Not out yet: {points} points would stay. You lay down only to go out.")

    def _after_undo(self) -> None:
        self.groups = []

    def clear_groups(self) -> None:
        self.groups = []

    def go_down(self) -> None:
        if self._is_down():
            self.say(self.desc.down_message(self.view))
            return
        action = self.desc.go_down(self.view, self.groups, self.chosen_goal)
        if action is None or not self.groups:
            self.say(self.desc.build_first_message(self.view))
            return
        reason = self.desc.go_down_problem(self.view, self.groups)
        if reason is not None:
            self.say(reason[0].upper() + reason[1:] + ".")
            return
        if self.play(action):
            self.groups = []

    def next_mission(self) -> None:
        """Monastery: build towards the next open mission (the sheet's boxes pick too)."""
        progress = self.desc.progress(self.view, self.session.human)
        if progress is None:
            return
        open_goals = [n + 1 for n, done in enumerate(progress) if not done]
        if not open_goals:
            return
        current = self.desc.focus(self.view, self.chosen_goal)
        later = [n for n in open_goals if current is None or n > current]
        self.chosen_goal = (later or open_goals)[0]

    def choose_goal(self, number: int) -> None:
        self.chosen_goal = number

    def take_back(self) -> None:
        from ...engine import TakeBack

        self.play(TakeBack())

    def answer(self, index: int) -> None:
        question = self.question
        if question is None or index >= len(question[1]):
            return
        action = question[1][index][1]
        chosen = question is self.choice
        if chosen:
            self.choice = None
        if action is not None:
            self.play(action, dropped=chosen)

    def stage(self, cards: list[Card], group: int) -> None:
        """Put cards into a group being built (``group == len(groups)``: a new one)."""
        if not self._my_discard_phase():
            self.say("Build books and runs after you draw, on your turn.")
            return
        for existing in self.groups:
            for card in cards:
                if card in existing:
                    existing.remove(card)
        self.groups = [g for g in self.groups if g]
        group = min(group, len(self.groups))
        if group == len(self.groups):
            self.groups.append(list(cards))
        else:
            self.groups[group].extend(cards)
        self.selected -= set(cards)

    def unstage(self, cards: list[Card]) -> None:
        for group in self.groups:
            for card in cards:
                if card in group:
                    group.remove(card)
        self.groups = [g for g in self.groups if g]

    # --- drawing ---------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        tabledraw.draw_table(self, surface)

    def _glowing(self) -> bool:
        return self._my_turn() and self.view.to_draw and self.drag is None

    def question_text(self) -> str:
        """The open question, with the countdown to passing by itself when it runs."""
        if self.question is None:
            return ""
        left = self.session.call_seconds_left()
        return self.question[0] + (f"\n(passing in {math.ceil(left)} s)"
                                   if left is not None else "")

    def _redraw_extra(self) -> Hashable:
        left = self.session.call_seconds_left()
        return (self.question, self.summary is None,
                None if left is None else math.ceil(left))

    def active_buttons(self) -> list[Button]:
        return self.call_buttons + self.buttons
