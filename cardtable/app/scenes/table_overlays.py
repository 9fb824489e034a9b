"""What the rummy table draws over itself: the info panel and status line, the
question and its answers, banners (a refusal, a hint), callouts, the keyboard's focus,
the places a drag may end, and the dragged cards.

Only reads the scene and its screen model. Palace's table uses the info panel, the
banner and the callouts too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from .. import cardart, theme
from .. import layout as table_layout
from ..model import Box, PileRef, Role, ScreenModel
from ..textfit import Fitted, fit_text
from .rummy_question import pile_labels, question_panel
from .table_parts import Message

if TYPE_CHECKING:
    from .table import TableScene

TARGET_GOOD = (120, 230, 140)
TARGET_BAD = (240, 110, 90)


def draw_overlays(scene: TableScene, surface: pygame.Surface, model: ScreenModel) -> None:
    _info(scene, surface)
    _targets(scene, surface, model)
    asked = _question(scene, surface, model)
    geo = scene.geo
    avoid = [geo.stock, geo.discard, pile_labels(geo)[1], geo.hand]
    message_box(surface, geo, scene.message, above=asked, avoid=avoid)
    call_bubbles(surface, geo, scene.callouts, scene.session.human,
                 (geo.hand.centerx, geo.hand.top - 8))
    scene.animator.draw(surface, scene.time)
    _dragged(scene, surface)


def _info(scene: TableScene, surface: pygame.Surface) -> None:
    geo, view = scene.geo, scene.view
    box = geo.info
    y = info_panel(surface, geo, scene.desc.headline(view),
                   scene.desc.prompt(view, scene.session.names, scene.session.human))
    status = scene.meld_status()
    if status is not None:
        text, good = status
        colour = theme.TEXT_DIM if good is None else theme.GOOD if good else theme.BAD
        fitted = status_lines(geo, text, y)
        first = len(theme.wrap(text.split("\n")[0], fitted.size, box.width - 28))
        for index, line in enumerate(fitted.lines):
            theme.blit_text(surface, line, fitted.size, (box.x + 14, y),
                            colour if index < first else theme.TEXT_DIM)
            y += fitted.step


def status_lines(geo: table_layout.TableLayout, text: str, top: int) -> Fitted:
    """The status (its first paragraph, then notes) wrapped to the info panel below
    ``top``, set smaller where need be so that it is never cut off at the panel's foot."""
    box = geo.info
    small = max(12, geo.height // 54)
    return fit_text(text, small - 1, box.width - 28, box.bottom - 4 - top, smallest=10)


def info_panel(surface: pygame.Surface, geo: table_layout.TableLayout, headline: str,
               prompt: str) -> int:
    """The headline (its first part big, the rest gold) and the prompt; returns where
    the next line may go."""
    box = geo.info
    theme.panel(surface, box, theme.PANEL_EDGE)
    big = max(14, geo.height // 40)
    small = max(12, geo.height // 54)
    y = box.y + 8
    for index, part in enumerate(headline.split("  \u00b7  ")):
        part_size = big if index == 0 else small + 1
        for line in theme.wrap(part, part_size, box.width - 28, bold=True)[:2]:
            theme.blit_text(surface, line, part_size, (box.x + 14, y), theme.GOLD, True)
            y += part_size + 4
        y += 2
    for line in theme.wrap(prompt, small, box.width - 28)[:3]:
        if y + small > box.bottom - 4:
            break
        theme.blit_text(surface, line, small, (box.x + 14, y))
        y += small + 4
    return y


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
        theme.blit_text(surface, "Enter \u21b5", size,
                        (ring.centerx, ring.bottom + 2 if below else ring.y - 2),
                        theme.HIGHLIGHT, anchor="midtop" if below else "midbottom")


def message_box(surface: pygame.Surface, geo: table_layout.TableLayout,
                message: Message | None, above: pygame.Rect | None = None,
                avoid: list[pygame.Rect] | None = None) -> None:
    """The engine's reason for a refusal (red), or a hint (green), over the table; moved
    clear of a question panel (``above``) and of ``avoid`` (the piles and their labels)."""
    if message is None:
        return
    from .rummy_question import banner_box

    size = max(13, geo.height // 46)
    image = theme.text(message.text, size, theme.TEXT, True)
    clear = [*(avoid or []), *([above] if above is not None else [])]
    box = banner_box(geo, size, image.get_rect(), clear)
    theme.panel(surface, box, theme.GOOD if message.good else theme.BAD, alpha=225)
    surface.blit(image, image.get_rect(center=box.center))


def _question(scene: TableScene, surface: pygame.Surface,
              model: ScreenModel) -> pygame.Rect | None:
    """An out-of-turn question for the person, above its answer buttons; returns the
    panel it drew."""
    question = model.get("question")
    if question is None or not scene.call_buttons:
        return None
    frame = _box(question.box)
    buttons = scene.call_buttons[0].rect.unionall([b.rect for b in scene.call_buttons])
    _, box, lines, size = question_panel(scene.geo, scene.question_text(), buttons)
    line_h = theme.font(size, True).get_linesize()
    theme.panel(surface, frame, theme.HIGHLIGHT, alpha=235)
    for index, line in enumerate(lines):
        theme.blit_text(surface, line, size, (buttons.centerx, box.y + 5 + index * line_h),
                        theme.TEXT, True, anchor="midtop")
    focused = scene.focused()
    for index, button in enumerate(scene.call_buttons):
        button.draw(surface, focused is not None and focused.id == f"answer/{index}")
    return frame


def call_bubbles(surface: pygame.Surface, geo: table_layout.TableLayout,
                 said: dict[int, tuple[str, float]], human: int,
                 human_point: tuple[int, int]) -> None:
    """What a seat just called ("May I!", "Burn!"), in a gold bubble by its place."""
    size = max(15, geo.height // 36)
    for seat, (text, _) in said.items():
        image = theme.text(text, size, theme.GOLD, True)
        if seat == human:
            box = image.get_rect(midbottom=human_point)
        elif seat in geo.spots:
            panel = geo.spots[seat].panel
            if panel.centerx > geo.play.centerx:  # right-hand seats: speak towards the middle
                box = image.get_rect(midright=(panel.left - 14, panel.top + size))
            else:
                box = image.get_rect(midleft=(panel.right + 14, panel.top + size))
        else:
            continue
        box = box.inflate(26, 14)
        box.clamp_ip(surface.get_rect())
        theme.panel(surface, box, theme.GOLD, alpha=240)
        surface.blit(image, image.get_rect(center=box.center))


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
