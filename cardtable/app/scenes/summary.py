"""The round summary (each hand's left-over cards, points, totals, the score sheet) and the
game-over scene (standings, play again, back to the menu)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame

from ...engine.events import RoundScored
from .. import cardart, theme
from ..tables import table_for
from ..widgets import Button
from .common import FormScene
from .tabledraw import progress_boxes

if TYPE_CHECKING:
    from ..app import App
    from ..session import SomeSession
    from .table import TableScene


def score_sheet(surface: pygame.Surface, box: pygame.Rect, names: Sequence[str],
                rounds: int, cell: Callable[[int, int], str], totals: Sequence[str],
                highlight: int | None = None) -> None:
    """Players down, rounds across, the running total in gold at the right."""
    theme.panel(surface, box, theme.PANEL_EDGE)
    line_h = (box.height - 16) // (len(names) + 1)
    size = max(10, min(22, line_h - 6))
    first = max(90, box.width // 8)
    widest = max((theme.font(size, True).size(t)[0] for t in totals), default=0) + 16
    columns = max(1, rounds) + 1
    total_w = min(max(widest, (box.width - first - 16) / columns), (box.width - first) * 0.4)
    width = (box.width - first - 16 - total_w) / max(1, rounds)
    y = box.y + 8

    def centre(column: int) -> int:
        if column == columns - 1:
            return int(box.right - 8 - total_w / 2)
        return int(box.x + first + width * column + width / 2)

    theme.blit_text(surface, "Round", size, (box.x + 12, y), theme.TEXT_DIM, True)
    for column in range(rounds):
        theme.blit_text(surface, str(column + 1), size, (centre(column), y), theme.TEXT_DIM,
                        True, anchor="midtop")
    theme.blit_text(surface, "Total", size, (centre(columns - 1), y), theme.GOLD, True,
                    anchor="midtop")
    for seat, name in enumerate(names):
        y += line_h
        colour = theme.GOLD if seat == highlight else theme.TEXT
        theme.blit_text(surface, name[:14], size, (box.x + 12, y), colour, True)
        # A cell shrunk to fit its column stays on the row's middle line, level with the
        # full-size cells beside it.
        middle = y + theme.font(size).get_height() // 2
        for column in range(rounds):
            text = cell(column, seat)
            theme.blit_text(surface, text, _fit(text, size, int(width) - 6),
                            (centre(column), middle), anchor="center")
        theme.blit_text(surface, totals[seat], _fit(totals[seat], size, int(total_w) - 4, True),
                        (centre(columns - 1), middle), theme.GOLD, True, anchor="center")


SHEET_LINE = 48
"""The tallest line of a score sheet: a sheet of few players is as tall as its rows, not
spread over the room left on the screen."""


def sheet_height(players: int, room: int) -> int:
    """The height of a score sheet of ``players`` rows (and the round numbers above)."""
    return min(room, (players + 1) * SHEET_LINE + 16)


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
        self.title = f"Round {event.round} scored"

    def layout(self, size: tuple[int, int]) -> None:
        self.size = size
        w, h = size
        over = self.table.session.game.over
        label = "See the final standings" if over else "Next round"
        self.set_widgets([Button(pygame.Rect(w // 2 - 150, h - 70, 300, 50), label, self.next,
                                 primary=True)])

    def next(self) -> None:
        self.app.stack.pop()
        self.table.summary_closed()

    def back(self) -> None:
        self.next()

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        w, h = surface.get_size()
        session = self.table.session
        names = session.names
        event = self.event
        view = session.view()
        rows = len(names)
        top = int(h * 0.18)
        row_h = max(44, min(90, int(h * 0.42) // rows))
        card_w = max(26, int(row_h / cardart.RATIO) - 4)
        size = max(13, row_h // 3)
        box = pygame.Rect(int(w * 0.06), top, int(w * 0.88), row_h * rows + 16)
        theme.panel(surface, box, theme.PANEL_EDGE)
        for seat, name in enumerate(names):
            y = box.y + 8 + seat * row_h
            theme.blit_text(surface, name, size, (box.x + 16, y + row_h // 2), theme.GOLD
                            if seat == session.human else theme.TEXT, True, anchor="midleft")
            x = box.x + int(box.width * 0.18)
            own = self.table.desc.summary_note(view, event, seat)
            note = own or ("went out" if seat == event.out_seat else
                           "everything melded" if not event.hands[seat] else "")
            if own and seat == event.out_seat:
                note = f"went out  \u00b7  {own}"
            if note:
                theme.blit_text(surface, note, max(12, size - 2 if own else size),
                                (x, y + row_h // 2),
                                theme.GOOD if not own or "completed" in own else theme.TEXT_DIM,
                                anchor="midleft")
            step = min(card_w * 0.7, (box.width * 0.55) / max(1, len(event.hands[seat])))
            for index, card in enumerate(event.hands[seat]):
                surface.blit(cardart.face(card.face, card_w, self.table.deck_colours()),
                             (int(x + index * step), y + 2))
            columns = self.table.desc.round_columns(view, event)
            for number, (_, values) in enumerate(reversed(columns)):
                right = box.right - 16 - number * int(box.width * 0.11)
                first = number == len(columns) - 1 and self.table.desc.first_column_penalty
                colour = (theme.BAD if values[seat] else theme.GOOD) if first else theme.TEXT
                text = f"+{values[seat]}" if first else str(values[seat])
                theme.blit_text(surface, text, size, (right, y + row_h // 2), colour, True,
                                anchor="midright")
        for number, (label, _) in enumerate(reversed(self.table.desc.round_columns(view,
                                                                                    event))):
            theme.blit_text(surface, label, max(11, size - 4),
                            (box.right - 16 - number * int(box.width * 0.11), box.y - 4),
                            theme.TEXT_DIM, anchor="bottomright")
        sheet = pygame.Rect(box.x, box.bottom + 14, box.width,
                            sheet_height(len(names), h - 90 - box.bottom - 14))
        if sheet.height > 80:
            desc = self.table.desc
            score_sheet(surface, sheet, names, event.round,
                        lambda r, s: desc.sheet_cell(view, r, s),
                        [desc.total_cell(view, s) for s in range(len(names))], session.human)
        theme.deal_line(surface, session.deal_code, (14, h - 8))
        self.ring.draw(surface)


class GameOverScene(FormScene):
    title = "Game over"

    def __init__(self, app: App, session: SomeSession) -> None:
        super().__init__(app)
        self.session = session
        outcome = session.game.outcome()
        if outcome is None:
            raise ValueError("the game over scene opened on a game still in play")
        self.outcome = outcome

    def layout(self, size: tuple[int, int]) -> None:
        self.size = size
        w, h = size
        self.set_widgets([
            Button(pygame.Rect(w // 2 - 320, h - 70, 300, 50), "Play again", self.again,
                   primary=True),
            Button(pygame.Rect(w // 2 + 20, h - 70, 300, 50), "Menu", self.menu)],
            focus_first=False)
        if self.ring.focused is None:
            # Menu has the keys' focus on arrival, never Play again: a quick second Enter
            # after "See the final standings" must not deal a new game over the results.
            self.ring.index = 1

    def enter(self) -> None:
        self.app.save()  # a finished game is set aside: Continue no longer offers it

    def again(self) -> None:
        game = self.session.game
        level = next(s.level for s in self.session.seats if not s.human)
        self.app.new_game(game.game_id, game.seats - 1, level, options=game.variant.options)

    def menu(self) -> None:
        self.app.to_menu()

    def back(self) -> None:
        self.menu()

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        w, h = surface.get_size()
        theme.deal_line(surface, self.session.deal_code, (14, h - 8))
        names = self.session.names
        outcome = self.outcome
        human = self.session.human
        if not outcome.winners:
            headline = "A draw: the game reached its limit with nobody out"
        elif human in outcome.winners:
            headline = "You win!" if len(outcome.winners) == 1 else "You share the win!"
        else:
            headline = " and ".join(names[s] for s in outcome.winners) + \
                (" win" if len(outcome.winners) > 1 else " wins")
        theme.blit_text(surface, headline, max(20, h // 24), (w // 2, int(h * 0.18)),
                        theme.TEXT, True, anchor="center")
        order = sorted(range(len(names)), key=lambda s: (outcome.places[s], outcome.scores[s], s))
        view = self.session.view()
        desc = table_for(self.session.game.game_id).description
        size = max(14, h // 40)
        y = int(h * 0.25)
        for seat in order:
            place = outcome.places[seat]
            colour = theme.GOLD if seat in outcome.winners else theme.TEXT
            ranked = desc.ranks_everyone or seat in outcome.winners
            theme.blit_text(surface, _ordinal(place) if ranked else "\u2013", size,
                            (w // 2 - 200, y), colour, True)
            theme.blit_text(surface, names[seat], size, (w // 2 - 120, y), colour, True)
            theme.blit_text(surface, f"{outcome.scores[seat]} {desc.score_word}", size,
                            (w // 2 + 200, y), colour, anchor="topright")
            progress = desc.progress(view, seat)
            if progress is not None:
                progress_boxes(surface, (w // 2 + 220, y), size + 4, progress, numbers=True)
            y += size + 10
        sheet = pygame.Rect(int(w * 0.08), y + 14, int(w * 0.84),
                            sheet_height(len(names), h - 90 - y - 14))
        if sheet.height > 80 and desc.rounds_played(view):
            score_sheet(surface, sheet, names, desc.rounds_played(view),
                        lambda r, s: desc.sheet_cell(view, r, s),
                        [desc.total_cell(view, s) for s in range(len(names))], human)
        self.ring.draw(surface)


def _ordinal(place: int) -> str:
    return f"{place}{'st' if place == 1 else 'nd' if place == 2 else 'rd' if place == 3 else 'th'}"
