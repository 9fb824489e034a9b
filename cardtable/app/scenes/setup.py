"""New game: pick a game (those not built yet say "coming soon"), opponents, AI level and,
optionally, a deal number, or a deal code from the table or a friend (it sets the game,
the players and the rules too), so a deal can be played again."""

from __future__ import annotations

import re
from functools import partial
from typing import TYPE_CHECKING

import pygame

from ...ai import PLAYER_LEVELS
from ...ai.bots import level_words
from ...engine import GameInfo, catalog
from ...engine.deal_code import DealCodeError, decode
from ...engine.options import preset_options, presets_of
from ...engine.rng import seed_problem
from ...i18n import N_, _, text
from .. import theme
from ..form_model import label_elements, widget_elements
from ..level_row import LevelRow
from ..model import Box, ScreenModel, model_of
from ..session import OPPONENT_NAMES
from ..tables import playable
from ..widgets import Button, Choice, Stepper, TextField, Widget
from .common import ConfirmScene, FormScene, level_name

if TYPE_CHECKING:
    from ..app import App

DEAL_CHARACTERS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-*~$="
"""What a deal number or code is written with (see engine.deal_code)."""
DEAL_LENGTH = 48
"""Room for the longest deal code (every house rule changed, each at its longest: 44)."""


def deal_number(text: str) -> int | None:
    """The deal number typed, if the field is a whole number (signed: "-5" is a deal
    number out of range, refused as one, not a deal code mistyped), else ``None``."""
    return int(text) if re.fullmatch(r"-?[0-9]+", text) else None


MOST_OPPONENTS = max(OPPONENT_NAMES)


def remembered_levels(seat_levels: str, level: str) -> list[str]:
    """Each AI seat's level from the settings (comma-separated, clockwise); a seat not
    named there, or at a level the table does not offer, plays at ``level`` (Normal if
    that is not offered either: Random is for tests and simulations)."""
    fallback = level if level in PLAYER_LEVELS else "normal"
    named = [item.strip() for item in seat_levels.split(",")] if seat_levels else []
    levels = [item if item in PLAYER_LEVELS else fallback for item in named]
    return (levels + [fallback] * MOST_OPPONENTS)[:MOST_OPPONENTS]


def code_refused(error: DealCodeError) -> str:
    """Why a deal code was refused, in a sentence (the engine's reason inside it)."""
    reason = error.args[0] if error.args and isinstance(error.args[0], str) else str(error)
    return _("That deal code does not work: {reason}.").format(reason=text(reason))


def losing_question(game: str, where: str) -> str:
    """The question asked before a new game replaces the one saved (named, and where
    it stands when the save says so)."""
    name = text(game)
    vowel = name[:1].lower() in "aeiou"
    if where:
        # Translators: "a" or "an" before the game's name is English only; both of
        # these sentences say the same.
        question = _("You have an {game} game in progress ({where}). Start a new game "
                     "and lose it?") if vowel else \
            _("You have a {game} game in progress ({where}). Start a new game and lose it?")
        return question.format(game=name, where=text(where))
    question = _("You have an {game} game in progress. Start a new game and lose it?") \
        if vowel else _("You have a {game} game in progress. Start a new game and lose it?")
    return question.format(game=name)


class SetupScene(FormScene):
    title = N_("New game")

    def __init__(self, app: App) -> None:
        super().__init__(app)
        ready = [info.id for info in catalog() if playable(info.id)]
        last = app.settings.last_game
        self.game_id = last if last in ready else ready[0]
        """The game last dealt, else the first (a name no longer offered is ignored)."""
        self.opponents = app.settings.opponents
        self.levels = remembered_levels(app.settings.seat_levels, app.settings.ai_level)
        """Each AI seat's level, clockwise from the person's left (as many as the most
        opponents any game takes: a game with fewer plays the first ones)."""
        self.deal = ""
        self.error = ""
        self.preset = "Standard"
        """The house rules chosen (a preset of the game's options)."""

    @property
    def info(self) -> GameInfo:
        return next(info for info in catalog() if info.id == self.game_id)

    def layout(self, size: tuple[int, int]) -> None:
        self.size = size
        w, h = size
        games = catalog()
        rows = len(games) + 5
        row = max(30, min(theme.grown(56, size), int(h * 0.72) * 3 // (rows * 4)))
        width = max(560, min(theme.grown(900, size), int(w * 0.7)))
        rects = self.column(rows, row, width)
        widgets: list[Widget] = []
        for rect, info in zip(rects, games):
            ready = playable(info.id)
            label = text(info.title) if ready else \
                _("{game} \u2014 coming soon").format(game=text(info.title))
            widgets.append(Button(rect, label, partial(self.pick, info.id),
                                  enabled=ready, primary=info.id == self.game_id,
                                  chosen=info.id == self.game_id))
        seats = self.info.seat_counts
        low, high = seats.start - 1, seats.stop - 2
        self.opponents = max(low, min(high, self.opponents))
        rest = rects[len(games):]
        label_w = width // 4
        widgets.append(Stepper(rest[0], _("AI opponents"), self.opponents, low, high,
                               self.set_opponents))
        widgets.append(LevelRow(rest[1], _("AI levels"), OPPONENT_NAMES[self.opponents],
                                self.levels[:self.opponents],
                                [(level, level_name(level)) for level in PLAYER_LEVELS],
                                self.set_levels, label_width=label_w))
        presets = presets_of(self.info.options_type)
        if self.preset not in {p.name for p in presets}:
            self.preset = presets[0].name
        widgets.append(Choice(rest[2], _("House rules"),
                              [(p.name, text(p.name)) for p in presets],
                              self.preset, self.set_preset, label_width=label_w))
        widgets.append(TextField(rest[3], _("Deal"), self.deal,
                                 _("random (type or paste a number or a deal code)"),
                                 self.set_deal, label_width=label_w, max_length=DEAL_LENGTH,
                                 allowed=DEAL_CHARACTERS))
        start = rest[4]
        half = (start.width - 20) // 2
        widgets.append(Button(pygame.Rect(start.x, start.y, half, start.height), _("Start"),
                              self.start, primary=True))
        widgets.append(Button(pygame.Rect(start.x + half + 20, start.y, half, start.height),
                              _("Back"), self.back))
        self.set_widgets(widgets)
        self.message_band = pygame.Rect(24, int(h * 0.1) + max(28, h // 14) * 2 // 3,
                                        w - 48, 0)
        self.message_band.height = max(0, rects[0].y - 6 - self.message_band.y)
        """Where the note or refusal goes: under the title, over the first button."""

    def pick(self, game_id: str) -> None:
        self.game_id = game_id
        self.layout(self.size)

    def set_opponents(self, value: int) -> None:
        self.opponents = value
        self.layout(self.size)  # the level row has a segment per AI seat

    def set_levels(self, chosen: tuple[str, ...]) -> None:
        self.levels[:len(chosen)] = chosen

    @property
    def level(self) -> str:
        """The level the setup's note describes: the one under the level row's cursor
        (the first AI seat's when every seat is meant and they differ)."""
        row = next((w for w in self.ring.widgets if isinstance(w, LevelRow)), None)
        if row is None or row.cursor == 0:
            return self.levels[0]
        return self.levels[row.cursor - 1]

    def set_preset(self, value: str) -> None:
        self.preset = value

    def set_deal(self, value: str) -> None:
        self.deal = value
        self.error = ""
        if deal_number(value) is None and len(value) >= 8:
            try:  # a whole code: show its game and players at once
                found = decode(value)
            except DealCodeError:
                return
            if playable(found.game_id):
                self.game_id, self.opponents = found.game_id, found.seats - 1
                self.layout(self.size)

    def start(self) -> None:
        """Deal the game; where a saved game would be lost, ask first (keeping it is the
        first answer, and Esc's). A deal code that names no deal is refused before
        anything is asked."""
        typed = self.deal.strip()
        if typed and deal_number(typed) is None:
            try:
                decode(typed)
            except DealCodeError as error:
                self.error = code_refused(error)
                return
        if self._deal_number_refused(typed):
            return
        summary = self.app.saved_summary(self._chosen_game())
        if summary is None:
            self.start_new()
            return
        self.app.push(ConfirmScene(self.app, losing_question(summary.title, summary.where),
                                   [(_("Keep my game"), self.app.stack.pop),
                                    (_("Start new"), self.start_new)]))

    def _deal_number_refused(self, typed: str) -> bool:
        """Whether a typed deal number is out of the engine's range: then the screen
        says so (nothing is clamped, nothing dealt)."""
        number = deal_number(typed)
        problem = None if number is None else seed_problem(number)
        if problem is not None:
            self.error = _("That deal number does not work: {reason}.").format(
                reason=text(problem))
        return problem is not None

    def _chosen_game(self) -> str:
        """The game Start will deal: a deal code's, else the one picked."""
        typed = self.deal.strip()
        if typed and deal_number(typed) is None:
            try:
                return decode(typed).game_id
            except DealCodeError:
                pass
        return self.game_id

    def start_new(self) -> None:
        typed = self.deal.strip()
        if typed and deal_number(typed) is None:
            try:
                found = decode(typed)
            except DealCodeError as error:
                self.error = code_refused(error)
                if self.app.stack.top is not self:
                    self.app.stack.pop()  # the question asked over this screen
                return
            self.app.new_game(found.game_id, found.seats - 1,
                              self.levels[:found.seats - 1], found.seed,
                              options=found.options)
            return
        if self._deal_number_refused(typed):
            if self.app.stack.top is not self:
                self.app.stack.pop()  # the question asked over this screen
            return
        deal = deal_number(typed)
        options = preset_options(self.info.options_type, self.preset)
        self.app.new_game(self.game_id, self.opponents, self.levels[:self.opponents], deal,
                          options=options)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) \
                and self.ring.focused is not None and isinstance(self.ring.focused, TextField):
            self.start()
            return
        super().handle(event)

    def labels(self) -> list[tuple[str, theme.Label]]:
        info = self.info
        preset = next(p for p in presets_of(info.options_type) if p.name == self.preset)
        rules = _("House rules: {rules}.").format(rules=text(preset.says)) \
            if preset.changes else \
            f"{text(level_words(self.level, info.id))}."
        players = _("{game}: {fewest} to {most} players.").format(
            game=text(info.title), fewest=info.seat_counts.start,
            most=info.seat_counts.stop - 1)
        note = f"{players}  {rules}"
        colour = theme.BAD if self.error else theme.TEXT_DIM
        lines = [(f"message/{index}", theme.Label(line, size, rect.topleft, colour))
                 for index, (line, size, rect)
                 in enumerate(self.message_lines(self.error or note, self.size[1]))]
        return [*super().labels(), *lines]

    def model(self) -> ScreenModel:
        """The message lines must stay inside their band, between the title and the
        first button."""
        w, h = self.size
        title = label_elements(super().labels(), Box(0, 0, w, h))
        band = Box.of(self.message_band)
        lines = label_elements(self.labels()[len(super().labels()):], band)
        return model_of([*title, *lines, *widget_elements(self.ring.widgets)])

    def message_lines(self, content: str, h: int) -> list[tuple[str, int, pygame.Rect]]:
        """The message wrapped inside the window, centred in the band between the title and
        the first button: a long refusal (a deal code's reason) is never cut off at the
        window's edges, and shrinks a little rather than cover a field."""
        band = self.message_band
        size = max(13, h // 48)
        while True:
            lines = theme.wrap(content, size, band.width)
            line_h = theme.font(size).get_linesize()
            if line_h * len(lines) <= band.height or size <= 10:
                break
            size -= 1
        top = band.centery - line_h * len(lines) // 2
        out = []
        for index, line in enumerate(lines):
            rect = pygame.Rect((0, 0), theme.font(size).size(line))
            rect.midtop = (band.centerx, top + index * line_h)
            out.append((line, size, rect))
        return out
