"""The round summary (each hand's left-over cards, points, totals, the score sheet) and the
game-over scene (standings, play again, back to the menu)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame

from ...ai.review import reviewable
from ...engine import Card
from ...engine.events import RoundScored
from ...i18n import N_, _, card_name, text
from .. import cardart, theme
from ..clipboard import copy_deal_code
from ..form_model import panel_element, placed_elements
from ..model import Box, Element, Region, Role
from ..spoken import cards_name
from ..tables import table_for
from ..widgets import Button
from .common import FormScene, is_copy, said_label
from .tabledraw import progress_boxes

if TYPE_CHECKING:
    from ...ai.review import Review
    from ..app import App
    from ..session import SomeSession
    from .review import Reviewed
    from .table import TableScene


def score_sheet(surface: pygame.Surface, box: pygame.Rect, names: Sequence[str],
                rounds: int, cell: Callable[[int, int], str], totals: Sequence[str],
                highlight: int | None = None) -> None:
    """Players down, rounds across, the running total in gold at the right."""
    theme.panel(surface, box, theme.PANEL_EDGE)
    for _key, label, _room in sheet_labels(box, names, rounds, cell, totals, surface.get_size(),
                                    highlight):
        label.draw(surface)


def sheet_labels(box: pygame.Rect, names: Sequence[str], rounds: int,
                 cell: Callable[[int, int], str], totals: Sequence[str],
                 window: tuple[int, int], highlight: int | None = None
                 ) -> list[tuple[str, theme.Label, Box]]:
    """The score sheet's lines of text, each with its key and the room it must fit
    (its column): drawn by ``score_sheet``, described by the screens' models. Its type
    grows with the ``window`` as the rest of the shell does."""
    pad = theme.grown(8, window)
    """The sheet's inner margin (8 pixels at 1280×800), grown with the window."""
    line_h = (box.height - 2 * pad) // (len(names) + 1)
    size = max(10, min(theme.grown(22, window), line_h - 6))
    bold = theme.font(size, True)
    # The names' column holds the longest name ("North-West" ran into round 1 with
    # seven players); the totals' column holds its heading as well as its figures.
    first = max(90, box.width // 8,
                max((bold.size(text(name)[:14])[0] for name in names), default=0) + 3 * pad)
    total = _("Total")
    widest = max((bold.size(t)[0] for t in [*totals, total]), default=0) + 2 * pad
    columns = max(1, rounds) + 1
    total_w = min(max(widest, (box.width - first - 2 * pad) / columns),
                  (box.width - first) * 0.4)
    width = (box.width - first - 2 * pad - total_w) / max(1, rounds)
    y = box.y + pad
    left = box.x + theme.grown(12, window)

    def centre(column: int) -> int:
        if column == columns - 1:
            return int(box.right - pad - total_w / 2)
        return int(box.x + first + width * column + width / 2)

    def room(column: int, used: float) -> Box:
        """The column's whole width (the text is centred in it, a few pixels inside)."""
        return Box(int(centre(column) - used / 2) - 1, box.y, int(used) + 3, box.height)

    heading = _("Round")  # set smaller where a language's word is wider than the column
    out = [("round", theme.Label(heading, _fit(heading, size, first - (left - box.x) - 2, True),
                                 (left, y), theme.TEXT_DIM, True),
            Box(left, box.y, first - (left - box.x), box.height))]
    for column in range(rounds):
        number = str(column + 1)
        out.append((f"round/{column + 1}", theme.Label(
            number, _fit(number, size, int(width) - 6, True), (centre(column), y),
            theme.TEXT_DIM, True, "midtop"), room(column, width - 6)))
    out.append(("total", theme.Label(total, size, (centre(columns - 1), y), theme.GOLD,
                                     True, "midtop"), room(columns - 1, total_w - 4)))
    for seat, name in enumerate(names):
        y += line_h
        colour = theme.GOLD if seat == highlight else theme.TEXT
        out.append((f"name/{seat}", theme.Label(text(name)[:14], size, (left, y), colour,
                                                True),
                    Box(left, box.y, first - (left - box.x), box.height)))
        # A cell shrunk to fit its column stays on the row's middle line, level with the
        # full-size cells beside it.
        middle = y + theme.font(size).get_height() // 2
        for column in range(rounds):
            shown = cell(column, seat)
            out.append((f"cell/{seat}/{column}", theme.Label(
                shown, _fit(shown, size, int(width) - 6), (centre(column), middle),
                anchor="center"), room(column, width - 6)))
        out.append((f"total/{seat}", theme.Label(
            totals[seat], _fit(totals[seat], size, int(total_w) - 4, True),
            (centre(columns - 1), middle), theme.GOLD, True, "center"),
            room(columns - 1, total_w - 4)))
    return out


def sheet_elements(key: str, box: pygame.Rect, window: tuple[int, int], names: Sequence[str],
                   rounds: int, cell: Callable[[int, int], str],
                   totals: Sequence[str]) -> list[Element]:
    """A score sheet as elements: its panel, and each line of text in it."""
    panel = panel_element(key, _("Score sheet"), box)
    return [panel, *placed_elements(((f"{key}/{k}", label, room) for k, label, room
                                     in sheet_labels(box, names, rounds, cell, totals, window)),
                                    panel.id)]


SHEET_LINE = 48
"""The tallest line of a score sheet: a sheet of few players is as tall as its rows, not
spread over the room left on the screen."""


def sheet_height(players: int, room: int, line: int = SHEET_LINE) -> int:
    """The height of a score sheet of ``players`` rows (and the round numbers above),
    its lines at most ``line`` tall (``SHEET_LINE`` grown with the window)."""
    return min(room, (players + 1) * line + 16)


def _fit(text: str, size: int, width: int, bold: bool = False) -> int:
    """The largest type size up to ``size`` at which the text fits the width."""
    while size > 9 and theme.font(size, bold).size(text)[0] > width:
        size -= 1
    return size


class SummaryScene(FormScene):
    """After each round: who kept what, the points, and the running totals."""

    def __init__(self, app: App, table: TableScene, event: RoundScored) -> None:
        super().__init__(app)
        self.table = table
        self.event = event
        self.title = _("Round {number} scored").format(number=event.round)
        self.said: tuple[str, bool] | None = None
        """What copying the deal code (Ctrl+C) said, shown where the code was."""

    def layout(self, size: tuple[int, int]) -> None:
        self.size = size
        w, h = size
        over = self.table.session.game.over
        label = _("See the final standings") if over else _("Next round")
        g = theme.grown
        self.set_widgets([Button(pygame.Rect(w // 2 - g(150, size), h - g(70, size),
                                             g(300, size), g(50, size)), label, self.next,
                                 primary=True)])

    def next(self) -> None:
        self.app.stack.pop()
        self.table.summary_closed()

    def spoken_title(self) -> str:
        """The title, then each seat's row as the panel shows it: the cards kept and
        each column ("this round", "total")."""
        session, event = self.table.session, self.event
        columns = self.table.desc.round_columns(session.view(), event)
        rows = []
        for seat, name in enumerate(session.names):
            kept = text(cards_name(event.hands[seat])) if event.hands[seat] else \
                _("no cards")
            figures = ", ".join(_("{column} {value}").format(column=text(label),
                                                             value=values[seat])
                                for label, values in columns)
            rows.append(_("{name}: {cards}; {figures}").format(name=text(name), cards=kept,
                                                               figures=figures))
        return f"{self.heading()}. " + ". ".join(rows) + "."

    def news(self) -> tuple[int, Sequence[str]]:
        return 0, ()  # the title says the panel (its texts are its rows, in pieces)

    def handle(self, event: pygame.event.Event) -> None:
        if is_copy(event):
            self.said = copy_deal_code(self.table.session.deal_code)
            return
        super().handle(event)

    def back(self) -> None:
        """Esc pauses, as it does at the table (it dealt the next round, unasked):
        Resume comes back to this panel; only its button deals on."""
        from .pause import PauseScene

        self.app.push(PauseScene(self.app))

    def _layout(self) -> tuple[pygame.Rect, list[tuple[str, theme.Label, Box]],
                               list[tuple[str, Card, int, tuple[int, int]]], pygame.Rect]:
        """The panel of hands, its lines of text (each with its room), the cards left in
        hand (key, card, width, where) and the score sheet's box."""
        w, h = self.size
        session = self.table.session
        names = session.names
        event = self.event
        view = session.view()
        desc = self.table.desc
        rows = len(names)
        row_h = max(44, min(theme.grown(90, self.size), int(h * 0.42) // rows))
        card_w = max(26, int(row_h / cardart.RATIO) - 4)
        size = max(13, row_h // 3)
        pad = theme.grown(16, self.size)
        """The panel's inner margin (16 pixels at 1280×800), grown with the window."""
        box = pygame.Rect(int(w * 0.06), int(h * 0.18), int(w * 0.88), row_h * rows + pad)
        columns = desc.round_columns(view, event)
        # A column is as wide as its heading ("missions done" ran into its neighbour).
        column_w = max([int(box.width * 0.11)]
                       + [theme.font(max(11, size - 4)).size(text(label))[0] + 12
                          for label, _values in columns])
        scores_left = box.right - pad - len(columns) * column_w
        x = box.x + int(box.width * 0.18)
        labels: list[tuple[str, theme.Label, Box]] = []
        cards: list[tuple[str, Card, int, tuple[int, int]]] = []
        for seat, name in enumerate(names):
            y = box.y + pad // 2 + seat * row_h
            row = Box(box.x, y, box.width, row_h)
            labels.append((f"name/{seat}", theme.Label(
                text(name), size, (box.x + pad, y + row_h // 2),
                theme.GOLD if seat == session.human else theme.TEXT, True, "midleft"),
                Box(box.x + pad, row.y, x - box.x - pad * 3 // 2, row.h)))
            own = desc.summary_note(view, event, seat)
            note = text(own) if own else (
                _("went out") if seat == event.out_seat else
                _("everything melded") if not event.hands[seat] else "")
            if own and seat == event.out_seat:
                note = _("went out  \u00b7  {note}").format(note=text(own))
            if note:
                # A long note ("went out · completed mission 3: …") is set smaller
                # rather than run under the scores or off the window.
                labels.append((f"note/{seat}", theme.Label(
                    note, _fit(note, max(12, size - 2 if own else size), scores_left - x),
                    (x, y + row_h // 2),
                    theme.GOOD if not own or "completed" in own else theme.TEXT_DIM,
                    anchor="midleft"), Box(x, row.y, scores_left - x, row.h)))
            step = min(card_w * 0.7, (box.width * 0.55) / max(1, len(event.hands[seat])))
            for index, card in enumerate(event.hands[seat]):
                cards.append((f"{seat}/{index}", card, card_w, (int(x + index * step), y + 2)))
            for number, (_label, values) in enumerate(reversed(columns)):
                right = box.right - pad - number * column_w
                first = number == len(columns) - 1 and desc.first_column_penalty
                colour = (theme.BAD if values[seat] else theme.GOOD) if first else theme.TEXT
                figure = f"+{values[seat]}" if first else str(values[seat])
                labels.append((f"score/{seat}/{number}", theme.Label(
                    figure, size, (right, y + row_h // 2), colour, True, "midright"),
                    Box(right - column_w + 8, row.y, column_w - 8, row.h)))
        for number, (label, _values) in enumerate(reversed(columns)):
            right = box.right - pad - number * column_w
            labels.append((f"column/{number}", theme.Label(
                text(label), max(11, size - 4), (right, box.y - 4), theme.TEXT_DIM,
                anchor="bottomright"), Box(right - column_w + 8, 0, column_w - 8, box.y)))
        sheet = pygame.Rect(box.x, box.bottom + 14, box.width,
                            sheet_height(len(names), h - theme.grown(90, self.size)
                                         - box.bottom - 14,
                                         theme.grown(SHEET_LINE, self.size)))
        return box, labels, cards, sheet

    def _sheet(self) -> tuple[int, Callable[[int, int], str], list[str]]:
        view, desc = self.table.session.view(), self.table.desc
        return (self.event.round, lambda r, s: desc.sheet_cell(view, r, s),
                [desc.total_cell(view, s) for s in range(len(self.table.session.names))])

    def labels(self) -> list[tuple[str, theme.Label]]:
        h = self.size[1]
        deal = said_label(self.said, self.size, (14, h - 8), "bottomleft") \
            if self.said is not None \
            else theme.deal_label(self.table.session.deal_code, h, (14, h - 8))
        return [*super().labels(), *([("deal", deal)] if deal is not None else [])]

    def parts(self) -> list[Element]:
        box, labels, cards, sheet = self._layout()
        panel = panel_element("hands", _("Cards left in each hand"), box)
        elements = [panel, *placed_elements(labels, panel.id)]
        elements += [Element(f"card/{key}", Role.CARD, card_name(card),
                             Box(x, y, width, int(width * cardart.RATIO)),
                             Region(f"left/{key}"), z=2, parent=panel.id)
                     for key, card, width, (x, y) in cards]
        if sheet.height > 80:
            elements += sheet_elements("sheet", sheet, self.size, self.table.session.names,
                                       *self._sheet())
        return elements

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        box, labels, cards, sheet = self._layout()
        theme.panel(surface, box, theme.PANEL_EDGE)
        for _key, label, _room in labels:
            label.draw(surface)
        colours = self.table.deck_colours()
        for _key, card, width, where in cards:
            surface.blit(cardart.face(card.face, width, colours), where)
        if sheet.height > 80:
            score_sheet(surface, sheet, self.table.session.names, *self._sheet(),
                        self.table.session.human)
        self.ring.draw(surface)


class GameOverScene(FormScene):
    title = N_("Game over")

    def __init__(self, app: App, session: SomeSession) -> None:
        super().__init__(app)
        self.session = session
        outcome = session.game.outcome()
        if outcome is None:
            raise ValueError("the game over scene opened on a game still in play")
        self.outcome = outcome
        self.said: tuple[str, bool] | None = None
        """What copying the deal code said (shown where the code was)."""
        self.key = app.recorder.key
        """The game's row in the history (its review is kept under it)."""
        self.reviewed: Review | None = None
        """The game's review, once made (shown at once when asked again)."""

    def layout(self, size: tuple[int, int]) -> None:
        self.size = size
        w, h = size
        entries = [(_("Play again"), self.again), (_("Menu"), self.menu)]
        if reviewable(self.session.game.game_id):
            entries.append((_("Review"), self.review))
        if self.session.deal_code:
            entries.append((_("Copy deal code"), self.copy))
        g = theme.grown
        width = min(g(300, size), (w - 80 - 20 * (len(entries) - 1)) // len(entries))
        left = (w - width * len(entries) - 20 * (len(entries) - 1)) // 2
        self.set_widgets([Button(pygame.Rect(left + i * (width + 20), h - g(70, size), width,
                                             g(50, size)),
                                 label, action, primary=i == 0)
                          for i, (label, action) in enumerate(entries)], focus_first=False)
        if self.ring.focused is None:
            # Menu has the keys' focus on arrival, never Play again: a quick second Enter
            # after "See the final standings" must not deal a new game over the results.
            self.ring.index = 1

    def enter(self) -> None:
        self.app.save()  # a finished game is set aside: Continue no longer offers it

    def again(self) -> None:
        game = self.session.game
        levels = [s.level for s in self.session.seats if not s.human]
        self.app.new_game(game.game_id, game.seats - 1, levels, options=game.variant.options)

    def menu(self) -> None:
        self.app.to_menu()

    def review(self) -> None:
        """The review of the person's decisions in this game (made once, in a worker)."""
        from .review import ReviewScene

        self.app.push(ReviewScene(self.app, reviewed_session(self.session, self.key),
                                  self.reviewed, on_review=self._reviewed))

    def _reviewed(self, review: Review) -> None:
        self.reviewed = review

    def copy(self) -> None:
        """Put the deal's code on the clipboard (to play it again, or send it)."""
        self.said = copy_deal_code(self.session.deal_code)

    def handle(self, event: pygame.event.Event) -> None:
        if is_copy(event):
            self.copy()
            return
        super().handle(event)

    def back(self) -> None:
        self.menu()

    def _standings(self) -> tuple[list[tuple[str, theme.Label, Box]],
                                  list[tuple[tuple[int, int], int, tuple[bool, ...]]], int]:
        """The headline and each seat's line (with its room), the progress boxes drawn
        beside them, and where the lines end."""
        w, h = self.size
        names = self.session.names
        outcome = self.outcome
        human = self.session.human
        if not outcome.winners:
            headline = _("A draw: the game reached its limit with nobody out")
        elif human in outcome.winners:
            headline = _("You win!") if len(outcome.winners) == 1 else _("You share the win!")
        elif len(outcome.winners) == 1:
            headline = _("{name} wins").format(name=text(names[outcome.winners[0]]))
        else:
            joined = text(names[outcome.winners[0]])
            for seat in outcome.winners[1:]:
                joined = _("{names} and {name}").format(names=joined, name=text(names[seat]))
            headline = _("{names} win").format(names=joined)
        window = Box(0, 0, w, h)
        out = [("headline", theme.Label(headline, max(20, h // 24), (w // 2, int(h * 0.18)),
                                        theme.TEXT, True, "center"), window)]
        order = sorted(range(len(names)), key=lambda s: (outcome.places[s], outcome.scores[s], s))
        view = self.session.view()
        desc = table_for(self.session.game.game_id).description
        size = max(14, h // 40)
        y = int(h * 0.25)
        boxes = []
        # The columns are measured in type sizes, so they grow with the type (at 4K a
        # fixed 80 pixels held no more than "1s").
        place_x, name_x, score_x, right = (w // 2 + size * step // 2
                                           for step in (-20, -12, 7, 20))
        for seat in order:
            place = outcome.places[seat]
            colour = theme.GOLD if seat in outcome.winners else theme.TEXT
            ranked = desc.ranks_everyone or seat in outcome.winners
            row = Box(0, y, w, size + 10)
            out += [(f"place/{seat}", theme.Label(_ordinal(place) if ranked else "\u2013",
                                                  size, (place_x, y), colour, True),
                     Box(place_x, row.y, name_x - place_x, row.h)),
                    (f"name/{seat}", theme.Label(text(names[seat]), size, (name_x, y), colour,
                                                 True), Box(name_x, row.y, score_x - name_x,
                                                            row.h)),
                    (f"score/{seat}", theme.Label(desc.score_count(outcome.scores[seat]),
                                                  size, (right, y), colour,
                                                  anchor="topright"),
                     Box(score_x, row.y, right - score_x, row.h))]
            progress = desc.progress(view, seat)
            if progress is not None:
                boxes.append(((right + size, y), size + 4, progress))
            y += size + 10
        return out, boxes, y

    def _sheet(self) -> tuple[pygame.Rect, int, Callable[[int, int], str], list[str]]:
        w, h = self.size
        view = self.session.view()
        desc = table_for(self.session.game.game_id).description
        y = self._standings()[2]
        sheet = pygame.Rect(int(w * 0.08), y + 14, int(w * 0.84),
                            sheet_height(len(self.session.names),
                                         h - theme.grown(90, self.size) - y - 14,
                                         theme.grown(SHEET_LINE, self.size)))
        return (sheet, desc.rounds_played(view), lambda r, s: desc.sheet_cell(view, r, s),
                [desc.total_cell(view, s) for s in range(len(self.session.names))])

    def labels(self) -> list[tuple[str, theme.Label]]:
        """The title, and the deal line (or what copying its code said) over the row of
        buttons: three of them span the window's foot at 1024 wide."""
        w, h = self.size
        foot = (w // 2, h - theme.grown(70, self.size) - 4)
        deal = said_label(self.said, self.size, foot, "midbottom") if self.said is not None \
            else theme.deal_label(self.session.deal_code, h, foot, "midbottom")
        return [*super().labels(), *([("deal", deal)] if deal is not None else [])]

    def parts(self) -> list[Element]:
        elements = placed_elements(self._standings()[0])
        sheet, rounds, cell, totals = self._sheet()
        if sheet.height > 80 and rounds:
            elements += sheet_elements("sheet", sheet, self.size, self.session.names, rounds,
                                       cell, totals)
        return elements

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        labels, boxes, _end = self._standings()
        for _key, label, _room in labels:
            label.draw(surface)
        for where, height, progress in boxes:
            progress_boxes(surface, where, height, progress, numbers=True)
        sheet, rounds, cell, totals = self._sheet()
        if sheet.height > 80 and rounds:
            score_sheet(surface, sheet, self.session.names, rounds, cell, totals,
                        self.session.human)
        self.ring.draw(surface)


def reviewed_session(session: SomeSession, key: str | None) -> Reviewed:
    """The game on the table as a review takes it: its history row, its record and
    the bots' levels (the person's seat plays Hard in the comparison)."""
    from ..history import opponents_level
    from ..history_db import GameRow
    from .review import Reviewed

    game = session.game
    row = GameRow(key=key or "", game_id=game.game_id, deal_code=session.deal_code,
                  seats=game.seats, seed=game.seed, options={},
                  level=opponents_level(session), human=session.human, started=0.0,
                  ended=None, status="finished" if game.over else "playing", rounds=0,
                  standings=[], scores=None, won=None, place=None)
    return Reviewed(row, game.record(), tuple(seat.level if not seat.human else "hard"
                                              for seat in session.seats))


def _ordinal(place: int) -> str:
    # Translators: a place in the standings ("1st"; in German "1.")
    if place == 1:
        return _("{place}st").format(place=place)
    if place == 2:
        return _("{place}nd").format(place=place)
    if place == 3:
        return _("{place}rd").format(place=place)
    return _("{place}th").format(place=place)
