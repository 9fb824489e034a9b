"""What the rummy table draws over itself: the info panel and status line, the
question and its answers, banners (a refusal, a hint), callouts, the keyboard's focus,
the places a drag may end, and the dragged cards.

Only reads the scene and its screen model. Palace's table uses the info panel, the
banner and the callouts too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ...i18n import _
from .. import cardart, theme
from .. import layout as table_layout
from ..model import Box, PileRef, Role, ScreenModel
from ..table_texts import wrapped_lines
from ..textfit import fit_text
from .table_parts import Message

if TYPE_CHECKING:
    from .table import TableScene

TARGET_GOOD = (120, 230, 140)
TARGET_BAD = (240, 110, 90)


def draw_overlays(scene: TableScene, surface: pygame.Surface, model: ScreenModel) -> None:
    status = scene.meld_status()
    draw_info(surface, scene.geo, model, None if status is None else status[1])
    _targets(scene, surface, model)
    _question(scene, surface, model)
    draw_said(surface, model, scene.message)
    scene.animator.draw(surface, scene.time)
    _dragged(scene, surface)


def draw_info(surface: pygame.Surface, geo: table_layout.TableLayout, model: ScreenModel,
              good: bool | None = None) -> None:
    """The info panel as its screen model holds it (``table_texts.info_texts``): the
    headline in gold (its first part big), the prompt, the status (its first paragraph
    good, bad or neutral by ``good``; the notes after it dim)."""
    theme.panel(surface, geo.info, theme.PANEL_EDGE)
    info = model.get("info")
    for text in info.texts if info is not None else ():
        assert text.box is not None
        if text.part == "status":
            colour = theme.TEXT_DIM if good is None else theme.GOOD if good else theme.BAD
            fitted = fit_text(text.content, text.size, text.box.w, text.box.h,
                              smallest=text.size)
            first = len(theme.wrap(text.content.split("\n")[0], fitted.size, text.box.w))
            for index, line in enumerate(fitted.lines):
                theme.blit_text(surface, line, fitted.size,
                                (text.box.x, text.box.y + index * fitted.step),
                                colour if index < first else theme.TEXT_DIM)
            continue
        colour = theme.GOLD if text.part == "headline" else theme.TEXT
        for line, y in wrapped_lines(text):
            theme.blit_text(surface, line, text.size, (text.box.x, y), colour, text.bold)


def draw_said(surface: pygame.Surface, model: ScreenModel, message: Message | None) -> None:
    """The banner (a refusal in red, a hint in green) and the callouts (gold), where the
    screen model places them."""
    for element in model:
        if element.id == "banner" and message is not None:
            edge = theme.GOOD if message.good else theme.BAD
        elif element.id.startswith("callout/"):
            edge = theme.GOLD
        else:
            continue
        box = _box(element.box)
        theme.panel(surface, box, edge, alpha=225 if element.id == "banner" else 240)
        for text in element.texts:
            colour = theme.GOLD if edge is theme.GOLD else theme.TEXT
            lines = theme.wrap(text.content, text.size, box.w, True)
            step = theme.font(text.size, True).get_linesize()
            top = box.centery - step * len(lines) // 2
            for index, line in enumerate(lines):  # a long banner is wrapped to the felt
                image = theme.text(line, text.size, colour, True)
                surface.blit(image, image.get_rect(midtop=(box.centerx, top + index * step)))


def _box(box: Box) -> pygame.Rect:
    return pygame.Rect(box.x, box.y, box.w, box.h)


def _targets(scene: TableScene, surface: pygame.Surface, model: ScreenModel) -> None:
    """While dragging, the places the cards may go (green) and the one under the
    pointer if refused (red); otherwise the keyboard's focus, with Enter's label."""
    drag = scene.drag
    if drag is not None and drag.moved:
        for element, legal in scene.targets(drag):
            if element.id == "hand" and not isinstance(drag.source, PileRef):
                continue
            rect = _box(element.box)
            if legal or rect.collidepoint(drag.pos):
                pygame.draw.rect(surface, TARGET_GOOD if legal else TARGET_BAD,
                                 rect.inflate(10, 10), width=3, border_radius=10)
        return
    focused = scene.focused()
    if focused is None or scene.drag is not None:
        return
    places = (Role.PILE, Role.STAGED_GROUP, Role.NEW_GROUP, Role.TABLE_MELD, Role.WILD)
    if focused.role in places and not (scene.session.human_to_move and
                                       (scene.view.to_draw or scene.view.to_play)):
        return  # Enter places cards only in the person's own turn (not at a call)
    if focused.role is Role.BUTTON and focused.id.startswith("button/"):
        return  # the button draws its own focus
    size = max(10, scene.geo.height // 64)
    ring = _box(focused.box).inflate(8, 8)
    if focused.role in (Role.STAGED_GROUP, Role.NEW_GROUP):
        # A group being built has its label just above it ("new", "Run"): the ring takes
        # it in, and Enter's label goes over both.
        lift = theme.font(max(11, scene.geo.height // 56)).get_linesize()
        ring.update(ring.x, ring.y - lift, ring.width, ring.height + lift)
    pygame.draw.rect(surface, theme.HIGHLIGHT, ring, width=2, border_radius=8)
    if focused.role in places:
        below = focused.role in (Role.TABLE_MELD, Role.WILD)
        # Translators: the label by the keyboard's focus: the Enter key places the cards.
        theme.blit_text(surface, _("Enter \u21b5"), size,
                        (ring.centerx, ring.bottom + 2 if below else ring.y - 2),
                        theme.HIGHLIGHT, anchor="midtop" if below else "midbottom")


def _question(scene: TableScene, surface: pygame.Surface,
              model: ScreenModel) -> pygame.Rect | None:
    """An out-of-turn question for the person, above its answer buttons; returns the
    panel it drew."""
    question = model.get("question")
    if question is None or not scene.call_buttons:
        return None
    frame = _box(question.box)
    buttons = scene.call_buttons[0].rect.unionall([b.rect for b in scene.call_buttons])
    theme.panel(surface, frame, theme.HIGHLIGHT, alpha=235)
    for text in question.texts:
        assert text.box is not None
        theme.blit_text(surface, text.content, text.size, (buttons.centerx, text.box.y),
                        theme.TEXT, True, anchor="midtop")
    focused = scene.focused()
    for index, button in enumerate(scene.call_buttons):
        button.draw(surface, focused is not None and focused.id == f"answer/{index}")
    return frame


def _dragged(scene: TableScene, surface: pygame.Surface) -> None:
    drag = scene.drag
    if drag is None or not drag.moved:
        return
    geo = scene.geo
    x, y = drag.pos[0] - drag.grab[0], drag.pos[1] - drag.grab[1]
    if isinstance(drag.source, PileRef) and not drag.cards:
        surface.blit(cardart.back(geo.card_w), (x, y))
        return
    for index, card in enumerate(drag.cards):
        surface.blit(cardart.face(card.face, geo.card_w, scene.deck_colours()),
                     (x + index * geo.card_w // 4, y))
