"""The rules of a game, in the app: a scrolling page with a game picker."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import pygame

from ...engine import GameInfo, catalog
from ...engine.cards import parse_card
from ...engine.options import OptionsInstance, bound_of, label_of, preset_name, presets_of
from ...i18n import N_, _, text
from .. import cardart, theme
from ..form_model import panel_element, placed_elements
from ..input_grammar import Command, command_for
from ..model import Box, Element, Region, Role
from ..rules_text import rules_for
from ..spoken import card_name
from ..tables import deck_colours
from ..widgets import Button, Choice
from .common import FormScene

if TYPE_CHECKING:
    from ..app import App

CardRow = tuple[list[list[str]], str]
"""A line of card pictures on a rules page: the groups of card codes, and a caption."""


def house_rule_changes(options: OptionsInstance, standard: OptionsInstance) -> list[str]:
    """Each option these rules change from the standard ones, in a player's words:
    "extra cards with a buy: 3 (standard 2)", "out on first turn: no (standard yes)",
    and a 0 that turns a rule off said as what it means: "the turn cap of a round: 300
    (standard: no cap)"."""

    def shown(field: dataclasses.Field[Any], value: object) -> str:
        bound = bound_of(field)
        if isinstance(value, bool):
            return _("yes") if value else _("no")
        if isinstance(value, int):
            return f"{value:,}" if bound is None else text(bound.shown(value))
        return text(value) if isinstance(value, str) else str(value)

    def standard_words(field: dataclasses.Field[Any]) -> str:
        value = getattr(standard, field.name)
        bound = bound_of(field)
        off = bound is not None and bound.off is not None and value == 0
        # Translators: "standard: no cap" names what a 0 means; "standard 2" a value
        standard_value = _("standard: {value}") if off else _("standard {value}")
        return standard_value.format(value=shown(field, value))

    return [_("{option}: {value} ({standard})").format(
                option=text(label_of(field)), value=shown(field, getattr(options, field.name)),
                standard=standard_words(field))
            for field in dataclasses.fields(options)
            if getattr(options, field.name) != getattr(standard, field.name)]


def _card_words(code: str) -> str:
    """A card of a rules picture by name ("8*" is the eight of stars)."""
    try:
        return card_name(parse_card(code))
    except ValueError:
        return code


def card_row_words(row: CardRow) -> str:
    """A line of card pictures, said: each group's cards, then the caption."""
    groups, caption = row
    named = [", ".join(_card_words(code) for code in group) for group in groups]
    said = named[0] if named else ""
    for more in named[1:]:
        said = _("{cards}; then {more}").format(cards=said, more=more)
    if caption:
        return _("Cards: {cards}. {caption}.").format(cards=said, caption=caption)
    return _("Cards: {cards}.").format(cards=said)


class RulesScene(FormScene):
    title = N_("Rules")

    def __init__(self, app: App, game_id: str | None = None) -> None:
        super().__init__(app)
        self.game_id = game_id or catalog()[0].id
        self.scroll = 0
        self.heading_lines = 1
        """How many lines the page's heading takes (drawn larger, in bold)."""
        self.edge: tuple[int, str] = (0, "")
        """How many times a page key met the page's end or top, and which (speech says
        so: the view did not move)."""
        self.turned = 0
        """Times the page moved (a game picked, Page Down, the wheel): each time, speech
        reads what is now in view."""

    def layout(self, size: tuple[int, int]) -> None:
        self.size = size
        w, h = size
        row = max(34, h // 20)
        games = [(info.id, text(info.short_title)) for info in catalog()]
        picker = Choice(pygame.Rect(40, int(h * 0.17), w - 80, row), _("Game"), games,
                        self.game_id, self.pick)
        wide = theme.grown(200, size)
        back = Button(pygame.Rect(w // 2 - wide // 2, h - row - 20, wide, row), _("Back"),
                      self.back)
        self.page = pygame.Rect(60, picker.rect.bottom + 20, w - 120,
                                back.rect.top - picker.rect.bottom - 40)
        widgets = [picker, back]
        if self._at_table():
            back.rect.x = w // 2 - wide - 10
            widgets.append(Button(pygame.Rect(w // 2 + 10, back.rect.y, wide, row),
                                  _("Tour of the table"), self.tour))
        self.set_widgets(widgets, focus_first=False)
        self.ring.index = 1

    def _at_table(self) -> bool:
        session = self.app.session
        return session is not None and session.game.game_id == self.game_id and \
            self.app.table is not None

    def tour(self) -> None:
        """The first-game tour again, over the table."""
        table = self.app.table
        if table is not None:
            self.app.stack.reset(table)
            self.app.show_tour()

    def pick(self, game_id: str) -> None:
        self.game_id = game_id
        self.layout(self.size)
        self.scroll = 0
        self.turned += 1

    def spoken_message(self) -> tuple[int, str] | None:
        return self.edge if self.edge[0] else None

    def news(self) -> tuple[int, Sequence[str]]:
        """The page in view, read each time it moves: its paragraphs whole, and each
        line of card pictures as the cards' names with its caption."""
        paragraphs: list[str] = []
        line: list[str] = []
        for _index, item, _top in self._placed()[0]:
            if isinstance(item, str):
                if item.strip():
                    line.append(item.strip())
                    continue
                if line:
                    paragraphs.append(" ".join(line))
                line = []
            else:
                paragraphs.append(card_row_words(item))
        if line:
            paragraphs.append(" ".join(line))
        return self.turned + 1, [" ".join(paragraphs) or _("The page is empty.")]

    def lines(self) -> list[str]:
        """The page's text lines, wrapped (card pictures left out)."""
        return [item for _kind, item in self.items() if isinstance(item, str)]

    def items(self) -> list[tuple[str, str | CardRow]]:
        """The page as it is drawn: ("text", a wrapped line), or ("cards", (groups,
        caption)) for a line of the rules text that starts with "cards:" — card
        pictures drawn with the table's own card art, groups split by "|", the caption
        after a dash."""
        info = next(info for info in catalog() if info.id == self.game_id)
        title, _sep, rest = rules_for(self.game_id, info.title).partition("\n")
        house = self.house_rules(info)
        text = title + ("\n\n" + house if house else "") + "\n" + rest
        items: list[tuple[str, str | CardRow]] = []
        for number, paragraph in enumerate(text.split("\n")):
            if paragraph.startswith("cards:"):
                body, _sep, caption = paragraph[len("cards:"):].partition("\u2014")
                groups = [group.split() for group in body.split("|")]
                items.append(("cards", (groups, caption.strip())))
                continue
            # The heading is wrapped at the larger, bold type it is drawn in.
            heading = number == 0
            wrapped = theme.wrap(paragraph, self.text_size + (4 if heading else 0),
                                 self.page.width - 2 * self.pad, heading)
            if heading:
                self.heading_lines = len(wrapped)
            items += [("text", line) for line in wrapped] or [("text", "")]
        return items

    def _card_width(self) -> int:
        return max(30, min(theme.grown(52, self.size), int(self.size[1]) // 16))

    @property
    def pad(self) -> int:
        """The page's inner margin: 20 pixels at 1280×800, grown with the window."""
        return theme.grown(20, self.size)

    def _view(self) -> pygame.Rect:
        """What of the page is drawn on: inside its frame by half its margin."""
        return self.page.inflate(-self.pad, -self.pad)

    def _gap(self, line_h: int) -> int:
        """The space above a row of card pictures, apart from the text it follows."""
        return line_h // 2

    def _height(self, kind: str, line_h: int) -> int:
        if kind == "cards":
            return self._gap(line_h) + int(self._card_width() * cardart.RATIO) + line_h + 10
        return line_h

    def house_rules(self, info: GameInfo) -> str:
        """The house rules in force at the table (or the choices setup offers)."""
        session = self.app.session
        offered = "; ".join(_("{preset}: {rules}").format(preset=text(p.name),
                                                          rules=text(p.says))
                            for p in presets_of(info.options_type)[1:])
        if session is None or session.game.game_id != self.game_id:
            return _("House rules you can choose in New game: {presets}.").format(
                presets=offered) if offered else ""
        options = session.game.variant.options
        name = preset_name(options)
        if name == "Standard":
            return _("House rules at your table: the standard rules.")
        preset = next((p for p in presets_of(info.options_type) if p.name == name), None)
        if preset is not None:
            return _("House rules at your table: {preset} ({rules}).").format(
                preset=text(preset.name), rules=text(preset.says))
        return _("House rules at your table (from its deal code): {changes}.").format(
            changes="; ".join(house_rule_changes(options, info.options_type())))

    def _card_places(self, item: CardRow, y: int, line_h: int
                     ) -> tuple[list[tuple[str, pygame.Rect]], tuple[int, int]]:
        """Where a row of card pictures (a group per meld) goes, a gap below the text
        above it, and where its caption goes under it."""
        groups, _caption = item
        width = self._card_width()
        top = y + self._gap(line_h)
        x = self.page.x + self.pad + theme.grown(4, self.size)
        places: list[tuple[str, pygame.Rect]] = []
        for group in groups:
            for code in group:
                places.append((code, pygame.Rect(x, top, width, int(width * cardart.RATIO))))
                x += int(width * 0.62)
            x += int(width * 0.9)
        return places, (self.page.x + self.pad + theme.grown(4, self.size),
                        top + int(width * cardart.RATIO) + 4)

    def _whole(self, item: CardRow, y: int, line_h: int) -> bool:
        """Whether the row of pictures and its caption lie wholly on the page in view:
        a picture is never cut by the page's edge (a row half scrolled out is left out
        until it scrolls in)."""
        view = self._view()
        return view.contains(pygame.Rect(view.x, y, 1, self._height("cards", line_h)))

    def _draw_cards(self, surface: pygame.Surface, item: CardRow, y: int, line_h: int) -> None:
        """One row of card pictures and its caption below."""
        colours = deck_colours(self.game_id, self.app.settings.deck_colours)
        places, caption_at = self._card_places(item, y, line_h)
        for code, rect in places:
            try:
                image = cardart.face(code, rect.width, colours)
            except (ValueError, KeyError):
                continue  # a card the text names wrongly: skip it, never crash
            surface.blit(image, rect.topleft)
        if item[1]:
            theme.blit_text(surface, item[1], max(11, self.text_size - 2), caption_at,
                            theme.TEXT_DIM)

    @property
    def text_size(self) -> int:
        return int(max(13, self.size[1] // 44))

    def handle(self, event: pygame.event.Event) -> None:
        line_h = theme.font(self.text_size).get_linesize()
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, self.scroll - event.y * line_h * 3)
            self.turned += 1
            return
        found = command_for(event.key, event.mod) if event.type == pygame.KEYDOWN else None
        pages = {Command.NEXT_ROUND: 1, Command.PREVIOUS_ROUND: -1}  # PgDn, PgUp
        if found is not None and found[0] in pages:
            step = self.page.height - line_h
            before = self.scroll
            self.scroll = max(0, self.scroll + pages[found[0]] * step)
            self._placed()  # keeps the scroll within the page
            self.turned += self.scroll != before
            if self.scroll == before:
                self.edge = (self.edge[0] + 1, _("End of the page.") if pages[found[0]] > 0
                             else _("Top of the page."))
            return
        super().handle(event)

    def _placed(self) -> tuple[list[tuple[int, str | CardRow, int]], int]:
        """The items on view, each with its index and top, and how far the page
        scrolls at most (the scroll is kept within it)."""
        line_h = theme.font(self.text_size).get_linesize()
        items = self.items()
        total = sum(self._height(kind, line_h) for kind, _item in items)
        limit = max(0, total - self.page.height + 2 * self.pad)
        self.scroll = min(self.scroll, limit)
        y = self.page.y + self.pad - self.scroll
        placed: list[tuple[int, str | CardRow, int]] = []
        for index, (kind, item) in enumerate(items):
            height = self._height(kind, line_h)
            if self.page.y - height < y < self.page.bottom:
                placed.append((index, item, y))
            y += height
        return placed, limit

    def _line(self, index: int, item: str, y: int) -> theme.Label:
        heading = index < self.heading_lines
        return theme.Label(item, self.text_size + (4 if heading else 0),
                           (self.page.x + self.pad, y),
                           theme.GOLD if heading else theme.TEXT, heading)

    def labels(self) -> list[tuple[str, theme.Label]]:
        out = super().labels()
        if self._placed()[1]:
            out.append(("more", theme.Label(
                _("scroll for more (wheel, Page Up / Page Down)"), max(11, self.text_size - 3),
                (self.page.right, self.page.bottom + 4), theme.TEXT_DIM, anchor="topright")))
        return out

    def parts(self) -> list[Element]:
        """The page, and the whole lines of it in view (a line cut by its edges is
        scrolled partly out of it, as on paper: it must fit the page's width)."""
        page = panel_element("page", _("Rules page"), self.page)
        view = self._view()
        room = Box(self.page.x + self.pad, view.y, self.page.width - 2 * self.pad, view.height)
        placed = self._placed()[0]
        lines = [(f"line/{index}", line, room) for index, item, y in placed
                 if isinstance(item, str)
                 and view.top <= (line := self._line(index, item, y)).rect().top
                 and line.rect().bottom <= view.bottom]
        line_h = theme.font(self.text_size).get_linesize()
        cards = [Element(f"card/{index}/{number}", Role.CARD, _card_words(code), Box.of(rect),
                         Region(f"picture/{index}"), z=2, parent=page.id)
                 for index, item, y in placed
                 if not isinstance(item, str) and self._whole(item, y, line_h)
                 for number, (code, rect) in enumerate(self._card_places(item, y, line_h)[0])]
        return [page, *placed_elements(lines, page.id), *cards]

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        theme.panel(surface, self.page, theme.PANEL_EDGE)
        line_h = theme.font(self.text_size).get_linesize()
        placed, _limit = self._placed()
        clip = surface.get_clip()
        surface.set_clip(self._view())
        for index, item, y in placed:
            if isinstance(item, str):
                self._line(index, item, y).draw(surface)
            elif self._whole(item, y, line_h):
                self._draw_cards(surface, item, y, line_h)
        surface.set_clip(clip)
        self.ring.draw(surface)
