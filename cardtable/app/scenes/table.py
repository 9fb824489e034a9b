"""The table of the rummy games (Five Crowns, both Shanghai games, Monastery): one
scene for all, driven by the game's table description.

The scene holds the table's own state (groups being built, the score sheet held
back) and, by composition, helpers with one job each: the question (``rummy_asking``),
the goal sheet (``rummy_goals``), hints (``table_hints``) and the move log
(``table_log``). It describes itself as a screen model (``rummy_model``), which its
drawing (``tabledraw``), mouse (``rummy_input``), keyboard (``rummy_keys``) and the
coach read. Actions are in ``rummy_actions`` (commands mapped to methods in one
place), animations in ``table_animations`` (by event type), the round's last look in
``round_end``, its state as the model and a save read it in ``rummy_state``; what
differs by game comes from the game's description (``table_desc``), never from the
scene.

The table shows the observation as of the last animation that finished: the session
may be ahead, and its applied actions are played out one by one.
"""

from __future__ import annotations

import math
from collections.abc import Hashable
from typing import TYPE_CHECKING

import pygame

from ...engine import Card, Draw, Pile
from ...engine.events import Event, RoundScored
from ...i18n import _, text
from .. import rummy_layout, rummy_model
from ..input_grammar import Command
from ..layout import TableLayout
from ..model import ScreenModel
from ..rummy_melds_model import MELDS_DIALOG
from ..rummy_status import rummy_status
from ..session import Session, Shown
from ..spoken import cards_name
from ..status_words import Status
from ..table_desc import RummyView, describe_table
from ..table_ui import TableUI
from ..widgets import Button
from . import tabledraw
from .round_end import round_end_view
from .rummy_asking import Asking, Question
from .rummy_building import Building
from .rummy_controls import ControlButtons
from .rummy_goals import Goals
from .rummy_keys import RummyKeys
from .rummy_state import saved_ui, table_state
from .table_animations import ANIMATIONS, Moment

if TYPE_CHECKING:
    from ..app import App


class TableScene(RummyKeys):
    """The table of the rummy games, driven by each game's table description."""

    animations = ANIMATIONS
    """How this table animates each event type (a test checks it decides every one)."""

    def __init__(self, app: App, session: Session[RummyView]) -> None:
        super().__init__(app, session)
        self.desc = describe_table(session.game.game_id)
        self.view: RummyView = session.view()
        self.groups: list[list[Card]] = []
        self._saved_groups: tuple[tuple[Card, ...], ...] = ()
        """The groups as last saved: a change asks for a save (see ``_after_update``)."""
        self.focus_id: str | None = None
        self.melds_open: int | None = None
        """The seat whose folded melds are open in a dialog over the table."""
        """The element the keyboard's focus is on (None: the first place of the phase)."""
        self.summary: RoundScored | None = None
        self.summary_open = False
        self.after_summary: tuple[Event, ...] = ()
        self.after_log = 0
        """The log's line count once the held-back round end and deal are shown."""
        self.after_view: RummyView | None = None
        """The view after a round-ending move (the next deal), shown once the score
        sheet closes: until then the table stays on the round that ended."""
        self.asking = Asking(self)
        self.goals = Goals(self)
        self.controls = ControlButtons(self)
        self.building = Building(self)
        self.button_roles: list[Command] = []
        self._model: tuple[Hashable, ScreenModel] | None = None
        self._colours: tuple[str, str] | None = None
        self.layout(app.size)

    # --- layout and the screen model -----------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        scale = self.app.settings.card_scale
        self.geo = rummy_layout.compute(size, self.session.game.seats, self.session.human,
                                        scale)
        self._build_buttons()
        self.asking.question = None  # placed again for the new size
        self._model = None

    def _build_buttons(self) -> None:
        self.buttons, self.button_roles = self.controls.build()
        self._buttons_key = None
        self._refresh_buttons()

    def _enable_buttons(self) -> None:
        self.controls.enable()

    def _button_inputs(self) -> Hashable:
        return (tuple(map(tuple, self.groups)), self.goals.chosen)

    def log_rect(self) -> pygame.Rect:
        return self.geo.log

    def seat_panel_rect(self, seat: int) -> pygame.Rect | None:
        spot = self.geo.spots.get(seat)
        return spot.panel if spot is not None else None

    def table_layout(self) -> TableLayout:
        return self.geo

    def state(self) -> rummy_model.TableState:
        """The scene's part of what the screen model is built from (``rummy_state``)."""
        return table_state(self)

    def model(self) -> ScreenModel:
        """The screen model of the table as it is now (rebuilt when its inputs change)."""
        state = self.state()
        key = (self.view, state, self.geo.width, self.geo.height)
        if self._model is None or self._model[0] != key:
            self._model = (key, rummy_model.build(self.geo, self.view, self.desc, state))
            if state.melds_open is not None and self._model[1].get(MELDS_DIALOG) is None:
                self.melds_open = None  # the seat's melds fit again, or are gone
        return self._model[1]

    def active_buttons(self) -> list[Button]:
        """None: every click, buttons' too, is found in the screen model."""
        return []

    def _cancel(self) -> bool:
        """Esc also closes the table's own question (where a freed wild goes)."""
        asked = self.asking.cancel()
        if not asked and self.melds_open is not None:
            self.melds_open, self.focus_id = None, None
            return True
        return super()._cancel() or asked

    # --- what the helpers hold, as the drawing and the tests read it ------------------------

    @property
    def question(self) -> Question | None:
        return self.asking.question

    @property
    def call_buttons(self) -> list[Button]:
        return self.asking.buttons

    def question_text(self) -> str:
        return self.asking.text()

    def spoken_status(self, status: Status) -> str | None:
        # The question waiting for the person, if any, is what happens now.
        turn = self.spoken_question() or self.turn_words(
            self.desc.prompt(self.view, self.session.names, self.session.human))
        hand = self.hand_cards()
        return rummy_status(status, self.view, self.desc, self.session.names,
                            self.session.human, hand,
                            [card for card in hand if card in self.selected],
                            self.groups, self.model(), turn)

    def spoken_building(self) -> str | None:
        if not self.groups:
            return _("No groups being built.")

        def said(number: int, group: list[Card]) -> str:
            label, good = self.desc.group_label(self.view, group)
            if not good:
                return _("group {number}: {cards}, not a meld yet").format(
                    number=number, cards=cards_name(group))
            # Translators: {meld} is the kind of meld the group makes ("run", "book").
            return _("group {number}: {cards}, a {meld}").format(
                number=number, cards=cards_name(group),
                meld=text(label).lstrip("\u2713 ").lower())

        # Translators: {groups} is a list of groups, each "group 1: 7♥ 8♥ 9♥, a run".
        return _("Being built: {groups}.").format(groups="; ".join(
            said(number, group) for number, group in enumerate(self.groups, 1)))

    def spoken_prompt(self) -> str | None:
        """The prompt, while the person is to move on their own turn; a call chance is
        said by its question (a "Your call" with no question asked is no news)."""
        if not self._my_turn() or self.view.current != self.session.human:
            return None
        return text(self.desc.prompt(self.view, self.session.names, self.session.human))

    def spoken_question(self) -> str | None:
        """The question and its answers, each with the key its button shows (Y and N
        for a call or a pass, numbers for a list of choices: ``rummy_asking``)."""
        if self.question is None or not self.asking.buttons:
            return None
        answers = [_("{key}: {answer}").format(key=key, answer=text(label))
                   for key, (label, _action) in zip(self.asking.keys, self.question[1])]
        # Translators: a question and its answers, each "Y: May I" (the key, the answer).
        return _("{question} {answers}.").format(
            question=text(self.question[0]).splitlines()[0], answers="; ".join(answers))

    def meld_status(self) -> tuple[str, bool | None] | None:
        return self.building.meld_status()

    def hand_label(self) -> str:
        return self.building.hand_label()

    @property
    def chosen_goal(self) -> int | None:
        return self.goals.chosen

    @chosen_goal.setter
    def chosen_goal(self, number: int | None) -> None:
        self.goals.chosen = number

    def ui_state(self) -> TableUI:
        """What a save keeps of the table (``rummy_state.saved_ui``)."""
        return saved_ui(self)

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

    def _is_down(self) -> bool:
        return self.desc.is_down(self.view, self.session.human)

    # --- time ------------------------------------------------------------------------------

    def _holding(self) -> bool:
        return self.summary is not None

    def update(self, dt: float) -> None:
        super().update(dt)
        self.model()  # built as time moves, so drawing only reads it (and never builds)

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
        self.asking.refresh()

    def _present(self, shown: Shown[RummyView]) -> None:
        """Play out one applied action, then show what it led to. A round's end stops
        at the score sheet: the table stays on the round that ended while its last move
        plays out, and the next deal is shown only once the sheet is closed."""
        before = self.before = self.view
        scored = next((e for e in shown.events if isinstance(e, RoundScored)), None)
        self.view = shown.view if scored is None else round_end_view(
            self.session.human, before, shown, scored)
        self.after_view = shown.view if scored is not None else None
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
            start = self._animate(event, start, speed)

    def _animate(self, event: Event, start: float, speed: float) -> float:
        """The event's animation, found by its type (``table_animations``)."""
        return self.animations(Moment(self, self.before, start, speed), event)

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
        self.before = self.view
        self.log_shown = max(self.log_shown, self.after_log)
        if self.after_view is not None:
            self.view, self.after_view = self.after_view, None
        start = self.time
        for event in self.after_summary:
            start = self._animate(event, start, self.speed)
        self.after_summary = ()
        self.app.save()

    def _after_undo(self) -> None:
        self.groups = []

    # --- drawing ---------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        tabledraw.draw_table(self, surface)

    def _glowing(self) -> bool:
        return self._my_turn() and self.view.to_draw and self.drag is None

    def glowing_piles(self) -> tuple[Pile, ...]:
        """The piles that glow as the places to draw from: the stock, and the discard
        pile only while its card may be taken (after a buy the card under the bought one
        shows, but may not be taken this turn)."""
        if not self._glowing():
            return ()
        takes = any(isinstance(a, Draw) and a.source is Pile.DISCARD for a in self.view.legal)
        return (Pile.STOCK, Pile.DISCARD) if takes else (Pile.STOCK,)

    def _redraw_extra(self) -> Hashable:
        left = self.session.call_seconds_left()
        return (self.question, self.summary is None, self.focus_id, self.focus,
                None if left is None else math.ceil(left))
