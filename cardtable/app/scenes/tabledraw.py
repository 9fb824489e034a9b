"""Drawing the rummy table: felt, seats, piles, melds, groups being built, the hand
and the sheet, each where the screen model puts it; the overlays (info, question,
banners, focus, drag) are in ``table_overlays``.

Only reads the scene and its model; the layout computes the boxes the model holds.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ...engine import Card, Pile
from ...i18n import _, text
from .. import cardart, theme
from ..layout import SeatSpot
from ..model import (
    Element,
    Goal,
    HandCard,
    Role,
    ScreenModel,
    StagedCard,
    StagedGroup,
    TableMeld,
)
from ..rummy_layout import label_size
from ..rummy_melds_model import MELDS_DIALOG
from ..table_desc import wild_labels
from .table_overlays import TARGET_BAD as TARGET_BAD  # Palace's table draws these too
from .table_overlays import TARGET_GOOD as TARGET_GOOD
from .table_overlays import draw_overlays
from .table_panels import draw_log_texts, draw_seat_texts, text_size
from .table_panels import hand_backs as hand_backs

if TYPE_CHECKING:
    from .table import TableScene


def draw_table(scene: TableScene, surface: pygame.Surface) -> None:
    geo = scene.geo
    model = scene.model()
    surface.blit(theme.felt(geo.width, geo.height), (0, 0))
    for seat, spot in geo.spots.items():
        _opponent(scene, surface, model, seat, spot)
    _piles(scene, surface, model)
    _meld_row(scene, surface, model)
    for element in model:
        if element.role is Role.TABLE_MELD and element.parent != MELDS_DIALOG:
            _meld(scene, surface, model, element)
        elif element.role is Role.SEAT_MELDS:
            _folded(surface, element)
    _hand(scene, surface, model)
    log = model.get("log")
    draw_log_texts(surface, geo.log, log.texts if log is not None else (),
                   scene.visible_log(), geo.height, scene.log_scroll)
    theme.deal_line(surface, scene.session.deal_code, (14, 8), anchor="topleft")
    focused = scene.focused()
    for button, method in zip(scene.buttons, scene.button_roles):
        button.draw(surface, focused is not None and focused.id == f"button/{method}")
    _melds_dialog(scene, surface, model)
    draw_overlays(scene, surface, model)


def _folded(surface: pygame.Surface, element: Element) -> None:
    """A seat's melds folded into one line: "West's 3 melds — open"."""
    rect = pygame.Rect(element.box.x, element.box.y, element.box.w, element.box.h)
    pygame.draw.rect(surface, theme.FELT_DARK, rect, border_radius=6)
    pygame.draw.rect(surface, theme.PANEL_EDGE, rect, width=1, border_radius=6)
    if element.texts:
        words = element.texts[0]
        theme.blit_text(surface, words.content, words.size, rect.center, theme.TEXT, True,
                        anchor="center")


def _melds_dialog(scene: TableScene, surface: pygame.Surface, model: ScreenModel) -> None:
    """A folded seat's melds open over the table: its panel, title, Close button and
    melds at a size to aim at."""
    dialog = model.get(MELDS_DIALOG)
    if dialog is None:
        return
    rect = pygame.Rect(dialog.box.x, dialog.box.y, dialog.box.w, dialog.box.h)
    pygame.draw.rect(surface, theme.FELT_DARK, rect, border_radius=10)
    pygame.draw.rect(surface, theme.PANEL_EDGE, rect, width=2, border_radius=10)
    if dialog.texts:
        theme.blit_text(surface, dialog.texts[0].content, dialog.texts[0].size,
                        (rect.x + 12, rect.y + 10), theme.TEXT, True)
    close = model.get(f"{MELDS_DIALOG}/close")
    if close is not None:
        box = pygame.Rect(close.box.x, close.box.y, close.box.w, close.box.h)
        focused = scene.focused()
        lit = focused is not None and focused.id == close.id
        pygame.draw.rect(surface, theme.BUTTON_HOVER if lit else theme.BUTTON, box,
                         border_radius=6)
        theme.blit_text(surface, _("Close  [Esc]"), 12, box.center, theme.TEXT, True,
                        anchor="center")
    for element in model.children(MELDS_DIALOG):
        if element.role is Role.TABLE_MELD:
            _meld(scene, surface, model, element)


def _opponent(scene: TableScene, surface: pygame.Surface, model: ScreenModel, seat: int,
              spot: SeatSpot) -> None:
    view, geo = scene.view, scene.geo
    to_move = view.current == seat and seat in view.awaiting
    progress = scene.desc.progress(view, seat)
    cells = [e.box for e in model.children(f"seat/{seat}") if e.role is Role.SHEET_CELL]
    thinking = scene.session.thinking_seat == seat and to_move
    panel = model.get(f"seat/{seat}")
    draw_seat_texts(surface, spot.panel, panel.texts if panel is not None else (), to_move,
                    thinking_now=scene.time if thinking else None)
    size = text_size(geo.height)
    if progress is not None and cells:
        progress_boxes(surface, (cells[0].x, cells[0].y), cells[0].w + 2, progress)
    count = view.hand_sizes[seat] - scene.animator.incoming(seat)
    hand_backs(surface, spot.cards, count, int(geo.small_w * 0.75), size)


def _meld(scene: TableScene, surface: pygame.Surface, model: ScreenModel,
          meld: Element) -> None:
    """A laid meld: its cards where the model puts them, each wild tagged with what it
    stands for; its lay-off tab shown while cards can be added."""
    if not isinstance(meld.ref, TableMeld):
        return
    seat, index = meld.ref.seat, meld.ref.index
    cards = scene.view.melds[seat][index].cards
    parts = [e for e in model.children(meld.id) if e.role in (Role.CARD, Role.WILD)]
    labels = wild_labels(scene.view.melds[seat][index], scene.desc.rules(scene.view))
    width = parts[-1].box.w if parts else scene.geo.small_w  # the last card shows whole
    draw_meld_cards(surface, list(cards), [p.box.x for p in parts], [p.box.y for p in parts],
                    width, labels, scene.deck_colours(), [p.box.h for p in parts])
    tab = model.get(f"{meld.id}/tab")
    if tab is not None and (scene._is_down() and scene._my_discard_phase()
                            or scene.drag is not None and scene.drag.moved):
        rect = pygame.Rect(tab.box.x + 3, tab.box.y + 2, tab.box.w - 4, tab.box.h - 4)
        if any(part.box.y < tab.box.y for part in parts):  # a wrapped meld: over its row above
            pygame.draw.rect(surface, theme.FELT_DARK, rect, border_radius=5)
        pygame.draw.rect(surface, theme.TEXT_DIM, rect, width=1, border_radius=5)
        theme.blit_text(surface, "+", max(12, tab.box.w // 2), rect.center, theme.TEXT_DIM,
                        anchor="center")


def draw_meld_cards(surface: pygame.Surface, cards: list[Card], xs: list[int], ys: list[int],
                    width: int, labels: list[str | None], colours: str = "four",
                    shown: list[int] | None = None) -> None:
    """Cards of a meld, overlapped in order; the wilds' tags last, so a tag such as
    "10" is read whole over the card laid on its wild, at the foot of the part of the
    wild in view (``shown``: its height; a wrapped meld's next row covers the rest)."""
    size = max(8, width // 4)
    tags: list[tuple[str, pygame.Rect]] = []
    whole = int(width * cardart.RATIO)
    for index, (card, x, y, label) in enumerate(zip(cards, xs, ys, labels)):
        surface.blit(cardart.face(card.face, width, colours), (x, y))
        if label is not None:
            height = whole if shown is None else min(whole, shown[index])
            tags.append((label, pygame.Rect(x, y, width, height)))
    for label, rect in tags:
        image = theme.text(label, size, (60, 40, 0), True)
        tag = image.get_rect(bottomleft=(rect.x + 3, rect.bottom - 3))
        pygame.draw.rect(surface, theme.GOLD, tag.inflate(4, 0), border_radius=3)
        surface.blit(image, tag)


def _piles(scene: TableScene, surface: pygame.Surface, model: ScreenModel) -> None:
    geo, view = scene.geo, scene.view
    hidden = scene.animator.hidden_cards()
    stock = _rect(model.get("pile/stock"), geo.stock)
    discard = _rect(model.get("pile/discard"), geo.discard)
    if view.stock_size > 0:
        for depth in range(min(3, view.stock_size)):
            surface.blit(cardart.back(geo.card_w), stock.move(-depth * 2, -depth * 2))
    else:
        pygame.draw.rect(surface, (255, 255, 255), stock, width=2, border_radius=8)
    _label(surface, model.get("pile/stock/label"))
    pile = [card for card in view.discard_pile if card.code not in hidden]
    if len(pile) > 1:
        surface.blit(cardart.face(pile[-2].face, geo.card_w, scene.deck_colours()),
                     discard.move(-6, -4).topleft)
    if pile:
        surface.blit(cardart.face(pile[-1].face, geo.card_w, scene.deck_colours()),
                     discard.topleft)
        if scene.desc.is_wild(view, pile[-1]):
            surface.blit(cardart.outline(geo.card_w, theme.GOLD), discard.move(-3, -3).topleft)
    else:
        pygame.draw.rect(surface, (255, 255, 255), discard, width=2, border_radius=8)
    _label(surface, model.get("pile/discard/label"))
    glow = theme.pulse(scene.time)
    for glowing in scene.glowing_piles():
        rect = stock if glowing is Pile.STOCK else discard
        pygame.draw.rect(surface, theme.HIGHLIGHT, rect.inflate(8, 8), width=glow,
                         border_radius=10)


def _label(surface: pygame.Surface, element: Element | None) -> None:
    """A pile's label, as its screen model places it."""
    for shown in element.texts if element is not None else ():
        assert shown.box is not None
        theme.blit_text(surface, shown.content, shown.size, (shown.box.x, shown.box.y),
                        theme.TEXT_DIM)


def _rect(element: Element | None, fallback: pygame.Rect) -> pygame.Rect:
    if element is None:
        return fallback
    return pygame.Rect(element.box.x, element.box.y, element.box.w, element.box.h)


def _meld_row(scene: TableScene, surface: pygame.Surface, model: ScreenModel) -> None:
    """The caption over the person's melds, or the groups being built with their labels."""
    geo, view = scene.geo, scene.view
    size = max(11, geo.height // 56)
    if view.melds[scene.session.human]:
        theme.blit_text(surface, text(scene.desc.laid_label(view)), size,
                        (geo.meld_row.x, geo.meld_row.y - 2), theme.TEXT_DIM,
                        anchor="bottomleft")
        return
    for element in model:
        slot = _rect(element, geo.meld_row)
        if element.role is Role.NEW_GROUP:
            pygame.draw.rect(surface, (255, 255, 255), slot, width=2, border_radius=8)
            theme.blit_text(surface, "+", geo.small_w // 2, slot.center, theme.TEXT_DIM,
                            anchor="center")
            # The label the screen model gives it (one wording, measured as drawn).
            label = element.texts[0].content if element.texts else "+"
            theme.blit_text(surface, label, size,
                            (slot.centerx, slot.y - 2),
                            theme.TEXT_DIM, anchor="midbottom")
        elif isinstance(element.ref, StagedGroup):
            index = element.ref.index
            cards = scene.groups[index]
            for card in model.children(element.id):
                if isinstance(card.ref, StagedCard):
                    surface.blit(cardart.face(card.ref.card.face, geo.small_w,
                                              scene.deck_colours()), (card.box.x, card.box.y))
            label, good = scene.desc.group_label(view, cards)
            theme.blit_text(surface, label if good else f"{label} {index + 1}", size,
                            (slot.centerx, slot.y - 2), theme.GOOD if good else theme.BAD,
                            True, anchor="midbottom")


def _hand(scene: TableScene, surface: pygame.Surface, model: ScreenModel) -> None:
    geo, view = scene.geo, scene.view
    dragging = set(scene.drag.cards) if scene.drag and scene.drag.moved else set()
    cards = [(e, e.ref.card) for e in model.children("hand") if isinstance(e.ref, HandCard)]
    for position, (element, card) in enumerate(cards):
        if card in dragging:
            continue
        rect = pygame.Rect(element.box.x, element.box.y, geo.card_w, geo.card_h)
        surface.blit(cardart.face(card.face, geo.card_w, scene.deck_colours()), rect.topleft)
        if scene.desc.is_wild(view, card):
            _wild_tag(surface, rect, geo.card_w, element.box.right)
        if element.selected:
            surface.blit(cardart.outline(geo.card_w, theme.HIGHLIGHT), rect.move(-3, -3).topleft)
        if position == scene.focus and scene.session.human_to_move:
            pygame.draw.line(surface, theme.HIGHLIGHT, (rect.x + 6, rect.bottom + 4),
                             (rect.right - 6, rect.bottom + 4), 3)
    human = scene.session.human
    colour = theme.GOLD if human in view.awaiting else theme.TEXT_DIM
    theme.blit_text(surface, scene.hand_label(), label_size(geo), (geo.hand.x + 4, geo.hand.y - 2),
                    colour, True, anchor="bottomleft")
    goals = [e for e in model if isinstance(e.ref, Goal) and e.ref.seat == human]
    progress = scene.desc.progress(view, human)
    if progress is not None and goals:
        focus = scene.desc.focus(view, scene.chosen_goal)
        progress_boxes(surface, (goals[0].box.x, goals[0].box.y), goals[0].box.w + 2,
                       progress, focus, numbers=True)
        _goal_caption(scene, surface, _rect(goals[-1], geo.hand))


def _goal_caption(scene: TableScene, surface: pygame.Surface, last: pygame.Rect) -> None:
    """What the goal sheet's boxes are, right of them: the longest wording that fits,
    smaller where room is short."""
    room = scene.geo.hand.right - last.right - 12
    for caption in scene.desc.progress_caption(scene.view):
        for size in range(max(11, scene.geo.height // 56), 9, -1):
            image = theme.text(text(caption), size, theme.TEXT_DIM)
            if image.get_width() <= room:
                surface.blit(image, image.get_rect(midleft=(last.right + 12, last.centery)))
                return


def progress_boxes(surface: pygame.Surface, origin: tuple[int, int], box: int,
                   progress: tuple[bool, ...], focus: int | None = None,
                   numbers: bool = False) -> list[pygame.Rect]:
    """A sheet of goals as a row of boxes, gold when done; the goal in focus outlined."""
    rects = []
    for index, done in enumerate(progress):
        rect = pygame.Rect(origin[0] + index * box, origin[1], box - 2, box - 2)
        pygame.draw.rect(surface, theme.GOLD if done else (20, 50, 36), rect, border_radius=3)
        pygame.draw.rect(surface, theme.TEXT_DIM, rect, width=1, border_radius=3)
        if index + 1 == focus:
            pygame.draw.rect(surface, theme.HIGHLIGHT, rect.inflate(4, 4), width=2,
                             border_radius=4)
        if numbers or box >= 12:
            theme.blit_text(surface, str(index + 1), max(8, box * 2 // 3), rect.center,
                            (40, 30, 0) if done else theme.TEXT, True, anchor="center")
        rects.append(rect)
    return rects


def _wild_tag(surface: pygame.Surface, rect: pygame.Rect, width: int, right: int) -> None:
    """A small gold "WILD" tag in the card's empty top-right corner, left of ``right``
    where the next card of the hand covers it; under the corner index where even that
    strip is too narrow."""
    # Translators: the tag on a wild card in the hand (short: it fits a card's corner).
    label = theme.text(_("WILD"), max(8, width // 9), (60, 40, 0), True)
    box = label.get_rect(topright=(right - 4, rect.y + 4)).inflate(6, 2)
    if box.x < rect.x + width * 0.32:
        box.topleft = (rect.x + 3, rect.y + int(width * 0.62))
    pygame.draw.rect(surface, theme.GOLD, box, border_radius=4)
    surface.blit(label, label.get_rect(center=box.center))

