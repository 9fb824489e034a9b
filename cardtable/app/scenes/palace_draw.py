"""Drawing the Palace table: seats with their reserves, the deck, the stack, the burned
pile, the person's reserve and hand, the log and the controls.

Only reads the scene; all positions come from its layout.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ...engine import Card
from ...engine.palace import Phase
from ...engine.placements import rank_name
from .. import cardart, theme
from .tabledraw import (
    TARGET_BAD,
    TARGET_GOOD,
    call_bubbles,
    hand_backs,
    info_panel,
    log_panel,
    message_box,
    seat_panel,
)

if TYPE_CHECKING:
    from ..layout import SeatSpot
    from .palace_table import PalaceTableScene


def draw_table(scene: PalaceTableScene, surface: pygame.Surface) -> None:
    geo = scene.geo.table
    surface.blit(theme.felt(geo.width, geo.height), (0, 0))
    for seat, spot in geo.spots.items():
        _opponent(scene, surface, seat, spot)
    _piles(scene, surface)
    _reserve(scene, surface)
    _info(scene, surface)
    _hand(scene, surface)
    theme.deal_line(surface, scene.session.deal_code, (14, 8), anchor="topleft")
    log_panel(surface, geo.log, scene.visible_log(), geo.height, scene.log_scroll)
    for button in scene.buttons:
        button.draw(surface, False)
    _targets(scene, surface)
    message_box(surface, geo, scene.message)
    said = scene.bubbles()
    last = scene.geo.reserve[-1]  # the person's "Burn!" sits right of the reserve
    x = last.right + geo.card_w
    if scene.session.human in said:  # a longer one stays clear of the buttons
        # (the size call_bubbles uses; the bubble adds 13 px a side)
        text = theme.text(said[scene.session.human][0], max(15, geo.height // 36),
                          theme.GOLD, True)
        x = min(x, geo.controls.x - 12 - text.get_width() // 2 - 13)
    call_bubbles(surface, geo, said, scene.session.human, (x, last.centery))
    scene.animator.draw(surface, scene.time)
    _final(scene, surface)
    _dragged(scene, surface)


def _info(scene: PalaceTableScene, surface: pygame.Surface) -> None:
    view = scene.view
    info_panel(surface, scene.geo.table, scene.desc.headline(view),
               scene.desc.prompt(view, scene.session.names, scene.session.human))


def _opponent(scene: PalaceTableScene, surface: pygame.Surface, seat: int,
              spot: SeatSpot) -> None:
    view, geo = scene.view, scene.geo.table
    info = scene.session.seats[seat]
    to_move = view.current == seat and seat in view.awaiting
    thinking = scene.session.thinking_seat == seat and to_move
    size = seat_panel(surface, geo, spot, info.name, to_move, f"{view.cards_left(seat)} left",
                      f"{info.level.title()} AI",
                      thinking_now=scene.time if thinking else None)
    count = view.hand_sizes[seat] + view.face_down_counts[seat] - scene.animator.incoming(seat)
    hand_backs(surface, spot.cards, count, int(geo.small_w * 0.75), size)
    slots = scene.geo.opponent_reserves[seat]
    mini = scene.geo.mini_w
    for index, slot in enumerate(slots):
        if index < view.hidden_counts[seat]:
            surface.blit(cardart.back(mini), slot.topleft)
        if index < len(view.reserves[seat]):
            placement = view.reserves[seat][index]
            step = max(5, min(int(mini * 0.3), (slot.width - mini) // max(1, len(placement))))
            for number, card in enumerate(placement):
                surface.blit(cardart.face(card.face, mini),
                             (slot.x + mini // 4 + number * step, slot.y + mini // 8))


def _piles(scene: PalaceTableScene, surface: pygame.Surface) -> None:
    geo, view = scene.geo, scene.view
    width = geo.table.card_w
    size = max(12, geo.table.height // 50)
    # The deck.
    if view.deck_size:
        for depth in range(min(3, view.deck_size)):
            surface.blit(cardart.back(width), geo.deck.move(-depth * 2, -depth * 2))
    else:
        pygame.draw.rect(surface, (255, 255, 255), geo.deck, width=2, border_radius=8)
    theme.blit_text(surface, f"Deck {view.deck_size}", size,
                    (geo.deck.centerx, geo.deck.bottom + 6), theme.TEXT_DIM, anchor="midtop")
    # The stack: the card beneath peeks out; the top placement is fanned.
    stack = scene.shown_stack()
    if len(stack) > 1:
        surface.blit(cardart.face(stack[-2][-1].face, width), geo.stack.move(-8, -6).topleft)
    if stack:
        marked = _marked(scene)
        for card, rect in zip(stack[-1], geo.stack_fan(len(stack[-1]))):
            surface.blit(cardart.face(card.face, width), rect.topleft)
            if card in marked:
                surface.blit(cardart.outline(width, theme.GOLD, 4), rect.move(-4, -4).topleft)
    else:
        pygame.draw.rect(surface, (255, 255, 255), geo.stack, width=2, border_radius=8)
        theme.blit_text(surface, "empty", size, geo.stack.center, theme.TEXT_DIM,
                        anchor="center")
    count = sum(len(p) for p in stack)
    top = view.top if stack == view.stack else None
    label = f"Stack {count}" + (f"  \u00b7  beat {rank_name(top)}" if top else "")
    theme.blit_text(surface, label, size, (geo.stack.x, geo.stack.bottom + 6),
                    theme.TEXT_DIM, anchor="topleft")
    # The burned pile: out of the game, face down.
    burned = scene.shown_burned()
    if burned:
        for depth in range(min(3, burned)):
            surface.blit(cardart.back(width), geo.burned.move(-depth * 2, -depth * 2))
    else:
        pygame.draw.rect(surface, (120, 120, 120), geo.burned, width=2, border_radius=8)
    theme.blit_text(surface, f"Burned {burned}", size,
                    (geo.burned.centerx, geo.burned.bottom + 6), theme.TEXT_DIM,
                    anchor="midtop")
    mine = scene._my_turn() and view.phase is Phase.PLAY
    if mine and not view.hand and scene.drag is None:
        glow = theme.pulse(scene.time)
        for rect in scene.hidden_rects():
            pygame.draw.rect(surface, theme.HIGHLIGHT, rect.inflate(8, 8), width=glow,
                             border_radius=10)


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
    hint = theme.text("Click or press a key for the results", max(12, size // 2),
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
        surface.blit(cardart.face(card.face, width),
                     (x + index * step, box.centery - int(width * cardart.RATIO) // 2))
    x += fan
    top = box.centery - (title.get_height() + hint.get_height() + 6) // 2
    surface.blit(title, (x, top))
    surface.blit(hint, (x, top + title.get_height() + 6))


def _reserve(scene: PalaceTableScene, surface: pygame.Surface) -> None:
    """The person's three slots: a hidden card each, a face-up placement on top."""
    geo, view = scene.geo, scene.view
    human = scene.session.human
    width = geo.table.card_w
    size = max(11, geo.table.height // 56)
    hidden = view.hidden_counts[human]
    reserve = view.reserves[human]
    flying = scene.animator.hidden_cards()
    building = view.phase is Phase.BUILD_RESERVE and view.current == human
    for index, slot in enumerate(geo.reserve):
        if index < hidden:
            surface.blit(cardart.back(width), slot.topleft)
        if index < len(reserve):
            placement = [c for c in reserve[index] if c.code not in flying]
            for card, rect in zip(placement, geo.fan(slot, len(reserve[index]), width)):
                surface.blit(cardart.face(card.face, width), rect.topleft)
        elif building and index == len(reserve):
            pygame.draw.rect(surface, theme.HIGHLIGHT, slot, width=2, border_radius=8)
            free = (slot.x + width + (slot.width - width) // 2, slot.centery)
            theme.blit_text(surface, f"Reserve {index + 1}", size, free, theme.TEXT_DIM,
                            anchor="center")
    if hidden or reserve or building:
        label = "Your reserve" + (f"  \u00b7  {hidden} hidden" if hidden else "")
        theme.blit_text(surface, label, size, (geo.reserve[0].x, geo.reserve[0].y - 4),
                        theme.TEXT_DIM, anchor="bottomleft")


def _hand(scene: PalaceTableScene, surface: pygame.Surface) -> None:
    geo, view = scene.geo.table, scene.view
    rects = scene.hand_rects()
    human = scene.session.human
    if scene.face_down_count():
        back = cardart.back(geo.card_w)
        for index, rect in enumerate(rects):
            surface.blit(back, rect.topleft)
            if index in scene.picked:
                surface.blit(cardart.outline(geo.card_w, theme.HIGHLIGHT),
                             rect.move(-3, -3).topleft)
            if index == scene.focus and scene._my_turn():
                pygame.draw.line(surface, theme.HIGHLIGHT, (rect.x + 6, rect.bottom + 4),
                                 (rect.right - 6, rect.bottom + 4), 3)
    else:
        hand = scene.hand_cards()
        dragging = set(scene.drag.cards) if scene.drag and scene.drag.moved else set()
        up = scene.turned_up  # a turned-up card that came to the hand stays ringed
        taken = up.card if up is not None and up.took and up.seat == human else None
        for index, (card, rect) in enumerate(zip(hand, rects)):
            if card in dragging:
                continue
            surface.blit(cardart.face(card.face, geo.card_w), rect.topleft)
            if card == taken:
                surface.blit(cardart.outline(geo.card_w, theme.GOLD, 4),
                             rect.move(-4, -4).topleft)
            if card in scene.selected:
                surface.blit(cardart.outline(geo.card_w, theme.HIGHLIGHT),
                             rect.move(-3, -3).topleft)
            if index == scene.focus and scene.session.human_to_move:
                pygame.draw.line(surface, theme.HIGHLIGHT, (rect.x + 6, rect.bottom + 4),
                                 (rect.right - 6, rect.bottom + 4), 3)
    size = max(12, geo.height // 50)
    label = f"You  \u00b7  {scene.desc.seat_note(view, human)}"
    colour = theme.GOLD if human in view.awaiting else theme.TEXT_DIM
    theme.blit_text(surface, label, size, (geo.hand.x + 4, geo.hand.bottom - geo.card_h - 4),
                    colour, True, anchor="bottomleft")


def _targets(scene: PalaceTableScene, surface: pygame.Surface) -> None:
    drag = scene.drag
    if drag is None or not drag.moved:
        return
    for rect, legal in scene.targets(drag).values():
        colour = TARGET_GOOD if legal else TARGET_BAD
        pygame.draw.rect(surface, colour, rect.inflate(10, 10), width=3, border_radius=10)


def _dragged(scene: PalaceTableScene, surface: pygame.Surface) -> None:
    drag = scene.drag
    if drag is None or not drag.moved:
        return
    width = scene.geo.table.card_w
    x, y = drag.pos[0] - drag.grab[0], drag.pos[1] - drag.grab[1]
    if drag.source == "hidden":
        surface.blit(cardart.back(width), (x, y))
        return
    cards: list[Card] = drag.cards
    for index, card in enumerate(cards):
        surface.blit(cardart.face(card.face, width), (x + index * width // 4, y))
