"""Drawing the Palace table: seats with their reserves, the deck, the stack, the burned
pile, the person's reserve and hand, the log and the controls.

Only reads the scene; every position comes from its screen model (``palace_model``),
the same one clicks, drops and the keyboard use; cards are drawn in the deck colours
the player chose (``scene.deck_colours()``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ...engine import Card
from ...i18n import _, pgettext
from .. import cardart, theme
from ..model import Box, HandCard, Role, ScreenModel, ZoneCard
from ..palace_layout import PEEK, label_size
from ..palace_seen import FACE_DOWN, HIDDEN, RESERVE
from .table_overlays import draw_info, draw_said
from .table_panels import draw_log_texts, draw_seat_texts, text_size
from .tabledraw import TARGET_BAD, TARGET_GOOD, hand_backs

if TYPE_CHECKING:
    from .palace_table import PalaceTableScene


def rect(box: Box) -> pygame.Rect:
    return pygame.Rect(box.x, box.y, box.w, box.h)


def draw_table(scene: PalaceTableScene, surface: pygame.Surface) -> None:
    geo = scene.geo.table
    model = scene.model()
    surface.blit(theme.felt(geo.width, geo.height), (0, 0))
    for seat in geo.spots:
        _opponent(scene, surface, model, seat)
    _piles(scene, surface, model)
    _cards(scene, surface, model, mine=True)
    _labels(scene, surface, model)
    draw_info(surface, geo, model)
    _hand(scene, surface, model)
    theme.deal_line(surface, scene.session.deal_code, (14, 8), anchor="topleft")
    log = model.get("log")
    draw_log_texts(surface, geo.log, log.texts if log is not None else (),
                   scene.visible_log(), geo.height, scene.log_scroll)
    for button in scene.buttons:
        button.draw(surface, False)
    _focus(scene, surface, model)
    _targets(scene, surface)
    draw_said(surface, model, scene.message)
    scene.animator.draw(surface, scene.time)
    _final(scene, surface)
    _dragged(scene, surface)


def _opponent(scene: PalaceTableScene, surface: pygame.Surface, model: ScreenModel,
              seat: int) -> None:
    view, geo = scene.view, scene.geo.table
    spot = geo.spots[seat]
    to_move = view.current == seat and seat in view.awaiting
    thinking = scene.session.thinking_seat == seat and to_move
    panel = model.get(f"seat/{seat}")
    draw_seat_texts(surface, spot.panel, panel.texts if panel is not None else (), to_move,
                    thinking_now=scene.time if thinking else None)
    size = text_size(geo.height)
    count = view.hand_sizes[seat] + view.face_down_counts[seat] - scene.animator.incoming(seat)
    hand_backs(surface, spot.cards, count, int(geo.small_w * 0.75), size)
    _cards(scene, surface, model, mine=False, parent=f"seat/{seat}")


def _cards(scene: PalaceTableScene, surface: pygame.Surface, model: ScreenModel, mine: bool,
           parent: str | None = None) -> None:
    """A seat's hidden cards and the reserve placements on them, where the model puts
    them."""
    human = scene.session.human
    colours = scene.deck_colours()
    flying = scene.animator.hidden_cards()
    for element in model:
        ref = element.ref
        if element.parent != parent or not isinstance(ref, ZoneCard) \
                or (ref.seat == human) is not mine:
            continue
        width = scene.geo.table.card_w if mine else scene.geo.mini_w
        if ref.zone == HIDDEN:
            surface.blit(cardart.back(width), (element.box.x, element.box.y))
        elif ref.zone == RESERVE:
            placement = scene.view.reserves[ref.seat][ref.slot]
            for card, spot in zip(placement, scene.geo.placement_rects(ref.seat, ref.slot,
                                                                        len(placement))):
                if card.code not in flying:
                    surface.blit(cardart.face(card.face, width, colours), spot.topleft)
    if mine and scene._glowing():  # the hidden cards are what the person plays next
        glow = theme.pulse(scene.time)
        for element in model:
            if element.role is Role.HIDDEN_CARD and element.accepts:
                pygame.draw.rect(surface, theme.HIGHLIGHT, rect(element.box).inflate(8, 8),
                                 width=glow, border_radius=10)


def _piles(scene: PalaceTableScene, surface: pygame.Surface, model: ScreenModel) -> None:
    geo, view = scene.geo, scene.view
    width = geo.pile_w
    colours = scene.deck_colours()
    deck, burned_at = _rect_of(model, "deck"), _rect_of(model, "burned")
    area = _rect_of(model, "stack")  # the card beneath peeks out at its top left
    top = pygame.Rect(area.x + PEEK[0], area.y + PEEK[1], width, deck.height)
    if view.deck_size:
        for depth in range(min(3, view.deck_size)):
            surface.blit(cardart.back(width), deck.move(-depth * 2, -depth * 2))
    else:
        pygame.draw.rect(surface, (255, 255, 255), deck, width=2, border_radius=8)
    # The stack: the card beneath peeks out; the top placement is fanned.
    stack = scene.shown_stack()
    if len(stack) > 1:
        surface.blit(cardart.face(stack[-2][-1].face, width, colours),
                     (area.x, area.y))
    if stack:
        marked = _marked(scene)
        for card, spot in zip(stack[-1], geo.stack_fan(len(stack[-1]))):
            surface.blit(cardart.face(card.face, width, colours), spot.topleft)
            if card in marked:
                surface.blit(cardart.outline(width, theme.GOLD, 4), spot.move(-4, -4).topleft)
    else:
        pygame.draw.rect(surface, (255, 255, 255), top, width=2, border_radius=8)
        # Translators: on the place of the stack while no card is on it.
        theme.blit_text(surface, pgettext("pile", "empty"), label_size(geo.table.height),
                        top.center, theme.TEXT_DIM, anchor="center")
    burned = scene.shown_burned()
    if burned:
        for depth in range(min(3, burned)):
            surface.blit(cardart.back(width), burned_at.move(-depth * 2, -depth * 2))
    else:
        pygame.draw.rect(surface, (120, 120, 120), burned_at, width=2, border_radius=8)


def _rect_of(model: ScreenModel, element_id: str) -> pygame.Rect:
    element = model.get(element_id)
    assert element is not None, element_id
    return rect(element.box)


def _labels(scene: PalaceTableScene, surface: pygame.Surface, model: ScreenModel) -> None:
    """The piles' and the reserve's labels, the building slot, and "You", each in the
    box the model gives it."""
    for element in model:
        box = element.box
        if element.role is Role.TEXT:
            middle = element.id not in ("stack/label", "reserve/label")
            for text in element.texts:
                theme.blit_text(surface, text.content, text.size,
                                (box.center[0] if middle else box.x, box.y), theme.TEXT_DIM,
                                text.bold, anchor="midtop" if middle else "topleft")
        elif element.role is Role.RESERVE and element.accepts:  # the slot being built
            pygame.draw.rect(surface, theme.HIGHLIGHT, rect(box), width=2, border_radius=8)
            for text in element.texts:
                assert text.box is not None
                theme.blit_text(surface, text.content, text.size, text.box.center,
                                theme.TEXT_DIM, anchor="center")
        elif element.id == "you":  # the opponents' panels draw their own texts
            colour = theme.GOLD if scene.session.human in scene.view.awaiting \
                else theme.TEXT_DIM
            y = box.y
            for text in element.texts:
                shown = theme.blit_text(surface, text.content, text.size, (box.x, y), colour,
                                        True, anchor="topleft")
                y = shown.bottom


def _hand(scene: PalaceTableScene, surface: pygame.Surface, model: ScreenModel) -> None:
    geo = scene.geo.table
    colours = scene.deck_colours()
    up = scene.turned_up  # a turned-up card that came to the hand stays ringed
    human = scene.session.human
    taken = up.card if up is not None and up.took and up.seat == human else None
    back = cardart.back(geo.card_w)
    for element in model:
        ref = element.ref
        at = (element.box.x, element.box.y)
        if isinstance(ref, ZoneCard) and ref.zone == FACE_DOWN:
            surface.blit(back, at)
            if element.selected:
                surface.blit(cardart.outline(geo.card_w, theme.HIGHLIGHT), (at[0] - 3, at[1] - 3))
        elif isinstance(ref, HandCard):
            surface.blit(cardart.face(ref.card.face, geo.card_w, colours), at)
            if ref.card == taken:
                surface.blit(cardart.outline(geo.card_w, theme.GOLD, 4), (at[0] - 4, at[1] - 4))
            if element.selected:
                surface.blit(cardart.outline(geo.card_w, theme.HIGHLIGHT), (at[0] - 3, at[1] - 3))


def _focus(scene: PalaceTableScene, surface: pygame.Surface, model: ScreenModel) -> None:
    """Where the keyboard is: a line under a card of the hand, a ring round the rest."""
    focused = scene.focused(model)
    hand = [e for e in model if e.parent == "hand"]
    if focused is None and hand and scene.session.human_to_move:
        focused = hand[min(scene.focus, len(hand) - 1)]
    if focused is None:
        return
    box = rect(focused.box)
    if focused.parent == "hand":
        width = scene.geo.table.card_w
        bottom = box.y + int(width * cardart.RATIO) + 4
        pygame.draw.line(surface, theme.HIGHLIGHT, (box.x + 6, bottom),
                         (box.x + width - 6, bottom), 3)
    else:
        pygame.draw.rect(surface, theme.HIGHLIGHT, box.inflate(8, 8), width=2, border_radius=8)


def _marked(scene: PalaceTableScene) -> tuple[Card, ...]:
    """Cards ringed in gold on the stack: the hidden card just turned up, and at the end
    the winning placement."""
    if scene.ended_at is not None:
        return scene.last_placement
    return (scene.turned_up.card,) if scene.turned_up is not None else ()


def _final(scene: PalaceTableScene, surface: pygame.Surface) -> None:
    """The game is over and shown: who won with which placement, below the stack."""
    words = scene.final_words()
    if words is None:
        return
    geo = scene.geo
    size = max(18, geo.table.height // 30)
    title = theme.text(words, size, theme.GOLD, True)
    hint = theme.text(_("Click or press a key for the results"), max(12, size // 2),
                      theme.TEXT_DIM)
    cards = scene.last_placement
    width = geo.table.card_w // 2
    step = int(width * 0.45)
    fan = (width + step * (len(cards) - 1) + 16) if cards else 0
    inner_w = fan + max(title.get_width(), hint.get_width())
    height = max(title.get_height() + hint.get_height() + 6,
                 int(width * cardart.RATIO) if cards else 0)
    box = pygame.Rect(0, 0, inner_w + 40, height + 20)
    box.midtop = (geo.stack.centerx, geo.stack.bottom + size + 10)
    box.clamp_ip(geo.table.play)
    theme.panel(surface, box, theme.GOLD, alpha=235)
    x = box.x + 20
    for index, card in enumerate(cards):
        surface.blit(cardart.face(card.face, width, scene.deck_colours()),
                     (x + index * step, box.centery - int(width * cardart.RATIO) // 2))
    x += fan
    top = box.centery - (title.get_height() + hint.get_height() + 6) // 2
    surface.blit(title, (x, top))
    surface.blit(hint, (x, top + title.get_height() + 6))


def _targets(scene: PalaceTableScene, surface: pygame.Surface) -> None:
    drag = scene.drag
    if drag is None or not drag.moved:
        return
    for element, _action, legal in scene.targets(drag):
        colour = TARGET_GOOD if legal else TARGET_BAD
        pygame.draw.rect(surface, colour, rect(element.box).inflate(10, 10), width=3,
                         border_radius=10)


def _dragged(scene: PalaceTableScene, surface: pygame.Surface) -> None:
    drag = scene.drag
    held = scene.held()
    if drag is None or held is None:
        return
    width = scene.geo.table.card_w
    x, y = drag.pos[0] - drag.grab[0], drag.pos[1] - drag.grab[1]
    if isinstance(held, ZoneCard):
        surface.blit(cardart.back(width), (x, y))
        return
    for index, card in enumerate(drag.cards):
        surface.blit(cardart.face(card.face, width, scene.deck_colours()),
                     (x + index * width // 4, y))

