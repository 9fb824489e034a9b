"""Drawing the table scene: felt, seats, piles, melds, the hand, the log and the controls.

Only reads the scene; all positions come from its layout.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ...engine import Meld, MeldRules
from .. import cardart, theme
from .. import layout as table_layout
from ..table_desc import wild_labels
from ..textfit import Fitted, fit_text
from .table_panels import hand_backs as hand_backs  # Palace's table draws these too
from .table_panels import log_panel as log_panel
from .table_panels import seat_panel as seat_panel

if TYPE_CHECKING:
    from .table import TableScene
    from .table_core import Message

TARGET_GOOD = (120, 230, 140)
TARGET_BAD = (240, 110, 90)


def draw_table(scene: TableScene, surface: pygame.Surface) -> None:
    geo = scene.geo
    surface.blit(theme.felt(geo.width, geo.height), (0, 0))
    hidden = scene.animator.hidden_cards()
    for seat, spot in geo.spots.items():
        _opponent(scene, surface, seat, spot)
    _piles(scene, surface, hidden)
    _meld_row(scene, surface)
    _info(scene, surface)
    _hand(scene, surface)
    _log(scene, surface)
    theme.deal_line(surface, scene.session.deal_code, (14, 8), anchor="topleft")
    for button in scene.buttons:
        button.draw(surface, False)
    _targets(scene, surface)
    asked = _question(scene, surface)
    message_box(surface, scene.geo, scene.message, above=asked)
    _callouts(scene, surface)
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


def _opponent(scene: TableScene, surface: pygame.Surface, seat: int,
              spot: table_layout.SeatSpot) -> None:
    view, geo = scene.view, scene.geo
    info = scene.session.seats[seat]
    to_move = view.current == seat and seat in view.awaiting
    progress = scene.desc.progress(view, seat)
    box = max(9, min(14, (spot.panel.width // 2 - 10) // len(progress))) if progress else 0
    flags = ["dealer"] * (seat == view.dealer) + ["OUT"] * (scene.desc.out_seat(view) == seat)
    thinking = scene.session.thinking_seat == seat and to_move
    size = seat_panel(surface, geo, spot, info.name, to_move,
                      "" if progress is not None else scene.desc.score_text(view, seat),
                      scene.desc.seat_note(view, seat) or f"{info.level.title()} AI", flags,
                      right_width=box * len(progress or ()),
                      thinking_now=scene.time if thinking else None)
    if progress is not None:
        progress_boxes(surface, (spot.panel.right - 10 - box * len(progress), spot.panel.y + 9),
                       box, progress)
    count = view.hand_sizes[seat] - scene.animator.incoming(seat)
    hand_backs(surface, spot.cards, count, int(geo.small_w * 0.75), size)
    _melds(surface, list(view.melds[seat]), spot.melds, int(geo.small_w * 0.7),
           scene.desc.rules(view), scene.deck_colours())


def _melds(surface: pygame.Surface, melds: list[Meld], area: pygame.Rect, width: int,
           rules: MeldRules, colours: str = "four") -> None:
    """Laid melds as overlapped small cards, wrapped into the area; each wild tagged with
    what it stands for."""
    cells = table_layout.meld_cells(area, [len(m.cards) for m in melds], width)
    size = max(8, width // 4)
    tags: list[tuple[str, pygame.Rect]] = []
    for meld, rects in zip(melds, cells):
        for card, rect, label in zip(meld.cards, rects, wild_labels(meld, rules)):
            surface.blit(cardart.face(card.face, width, colours), rect.topleft)
            if label is not None:
                tags.append((label, rect))
    # The tags go on last: a wild shows only a sliver under the card laid over it, and
    # a tag such as "10" is wider than that.
    for label, rect in tags:
        image = theme.text(label, size, (60, 40, 0), True)
        tag = image.get_rect(bottomleft=(rect.x + 3, rect.bottom - 3))
        pygame.draw.rect(surface, theme.GOLD, tag.inflate(4, 0), border_radius=3)
        surface.blit(image, tag)


def pile_labels(geo: table_layout.TableLayout) -> tuple[int, pygame.Rect]:
    """The text size of the piles' "Stock 23" / "Discard" labels and where they lie."""
    size = max(12, geo.height // 50)
    return size, pygame.Rect(geo.stock.x, geo.stock.bottom, geo.discard.right - geo.stock.x,
                             6 + theme.font(size).get_linesize())


def _piles(scene: TableScene, surface: pygame.Surface, hidden: set[str]) -> None:
    geo, view = scene.geo, scene.view
    size, _ = pile_labels(geo)
    if view.stock_size > 0:
        for depth in range(min(3, view.stock_size)):
            surface.blit(cardart.back(geo.card_w), geo.stock.move(-depth * 2, -depth * 2))
    else:
        pygame.draw.rect(surface, (255, 255, 255), geo.stock, width=2, border_radius=8)
    theme.blit_text(surface, f"Stock {view.stock_size}", size,
                    (geo.stock.centerx, geo.stock.bottom + 6), theme.TEXT_DIM, anchor="midtop")
    pile = [card for card in view.discard_pile if card.code not in hidden]
    if len(pile) > 1:
        surface.blit(cardart.face(pile[-2].face, geo.card_w, scene.deck_colours()),
                     geo.discard.move(-6, -4).topleft)
    if pile:
        surface.blit(cardart.face(pile[-1].face, geo.card_w, scene.deck_colours()),
                     geo.discard.topleft)
        if scene.desc.is_wild(view, pile[-1]):
            surface.blit(cardart.outline(geo.card_w, theme.GOLD), geo.discard.move(-3, -3).topleft)
    else:
        pygame.draw.rect(surface, (255, 255, 255), geo.discard, width=2, border_radius=8)
    theme.blit_text(surface, "Discard", size, (geo.discard.centerx, geo.discard.bottom + 6),
                    theme.TEXT_DIM, anchor="midtop")
    if scene._my_turn() and view.to_draw and scene.drag is None:
        glow = theme.pulse(scene.time)
        for rect in (geo.stock, geo.discard):
            pygame.draw.rect(surface, theme.HIGHLIGHT, rect.inflate(8, 8), width=glow,
                             border_radius=10)


def _meld_row(scene: TableScene, surface: pygame.Surface) -> None:
    """The person's melds, or the groups being built with their labels."""
    geo, view = scene.geo, scene.view
    human = scene.session.human
    size = max(11, geo.height // 56)
    laid = list(view.melds[human])
    if laid:
        area = geo.meld_row.copy()
        theme.blit_text(surface, scene.desc.laid_label(view), size, (area.x, area.y - 2),
                        theme.TEXT_DIM, anchor="bottomleft")
        _melds(surface, laid, area, geo.small_w, scene.desc.rules(view), scene.deck_colours())
        return
    groups = scene.groups
    slots = scene.group_slots()
    card_rects = scene.group_card_rects()
    for index, slot in enumerate(slots):
        if index >= len(groups):
            pygame.draw.rect(surface, (255, 255, 255), slot, width=2, border_radius=8)
            theme.blit_text(surface, "+", geo.small_w // 2, slot.center, theme.TEXT_DIM,
                            anchor="center")
            theme.blit_text(surface, "new", size, (slot.centerx, slot.y - 2),
                            theme.TEXT_DIM, anchor="midbottom")
            continue
        cards = groups[index]
        for card, rect in zip(cards, card_rects[index][0]):
            surface.blit(cardart.face(card.face, geo.small_w, scene.deck_colours()), rect.topleft)
        label, good = scene.desc.group_label(view, cards)
        theme.blit_text(surface, label if good else f"{label} {index + 1}", size,
                        (slot.centerx, slot.y - 2), theme.GOOD if good else theme.BAD, True,
                        anchor="midbottom")


def _hand(scene: TableScene, surface: pygame.Surface) -> None:
    geo, view = scene.geo, scene.view
    hand = scene.hand_cards()
    dragging = set(scene.drag.cards) if scene.drag and scene.drag.moved else set()
    lifted = frozenset(i for i, c in enumerate(hand) if c in scene.selected)
    slots = geo.hand_slots(len(hand), lifted)
    for index, (card, rect) in enumerate(zip(hand, slots)):
        if card in dragging:
            continue
        surface.blit(cardart.face(card.face, geo.card_w, scene.deck_colours()), rect.topleft)
        if scene.desc.is_wild(view, card):
            cover = slots[index + 1].x if index + 1 < len(slots) else rect.right
            _wild_tag(surface, rect, geo.card_w, min(rect.right, cover))
        if card in scene.selected:
            surface.blit(cardart.outline(geo.card_w, theme.HIGHLIGHT), rect.move(-3, -3).topleft)
        if index == scene.focus and scene.session.human_to_move:
            pygame.draw.line(surface, theme.HIGHLIGHT, (rect.x + 6, rect.bottom + 4),
                             (rect.right - 6, rect.bottom + 4), 3)
    human = scene.session.human
    size = max(12, geo.height // 50)
    colour = theme.GOLD if human in view.awaiting else theme.TEXT_DIM
    top_of_cards = geo.hand.bottom - geo.card_h
    theme.blit_text(surface, scene.hand_label(), size, (geo.hand.x + 4, top_of_cards - 4),
                    colour, True, anchor="bottomleft")
    progress = scene.desc.progress(view, human)
    boxes = scene.goal_boxes()
    if progress is not None and boxes:
        focus = scene.desc.focus(view, scene.chosen_goal)
        progress_boxes(surface, boxes[0].topleft, boxes[0].width + 2, progress, focus,
                       numbers=True)
        raised = [rect for index, rect in enumerate(slots) if index in lifted]
        _goal_caption(scene, surface, boxes[-1], raised)


def _goal_caption(scene: TableScene, surface: pygame.Surface, last: pygame.Rect,
                  raised: list[pygame.Rect]) -> None:
    """What the goal sheet's boxes are, right of them: the longest wording that fits,
    smaller where room is short; left out while a selected card stands over it."""
    room = scene.geo.hand.right - last.right - 12
    for caption in scene.desc.progress_caption(scene.view):
        for size in range(max(11, scene.geo.height // 56), 9, -1):
            image = theme.text(caption, size, theme.TEXT_DIM)
            if image.get_width() <= room:
                where = image.get_rect(midleft=(last.right + 12, last.centery))
                if where.collidelist(raised) < 0:
                    surface.blit(image, where)
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
    label = theme.text("WILD", max(8, width // 9), (60, 40, 0), True)
    box = label.get_rect(topright=(right - 4, rect.y + 4)).inflate(6, 2)
    if box.x < rect.x + width * 0.32:
        box.topleft = (rect.x + 3, rect.y + int(width * 0.62))
    pygame.draw.rect(surface, theme.GOLD, box, border_radius=4)
    surface.blit(label, label.get_rect(center=box.center))


def _log(scene: TableScene, surface: pygame.Surface) -> None:
    log_panel(surface, scene.geo.log, scene.visible_log(), scene.geo.height, scene.log_scroll)


def _targets(scene: TableScene, surface: pygame.Surface) -> None:
    drag = scene.drag
    if drag is not None and drag.moved:
        for name, (rect, legal) in scene.targets(drag).items():
            if name == "hand" and drag.source == "hand":
                continue
            colour = TARGET_GOOD if legal else TARGET_BAD
            if legal or rect.collidepoint(drag.pos):
                pygame.draw.rect(surface, colour, rect.inflate(10, 10), width=3, border_radius=10)
        return
    if not scene.session.human_to_move or scene.drag is not None or \
            not (scene.view.to_draw or scene.view.to_play):
        return  # Enter places cards only in the person's own turn (not at a call)
    names = scene.target_names()
    name = names[scene.target % len(names)]
    geo = scene.geo
    spot: pygame.Rect | None = {"stock": geo.stock, "discard": geo.discard}.get(name)
    if spot is None and name.startswith("group:"):
        slots = geo.group_slots([len(g) for g in scene.groups], True)
        index = int(name.split(":")[1])
        spot = slots[index] if index < len(slots) else None
    if spot is None and name.startswith("meld:"):
        rects = next((r for o, i, r in scene.meld_spots() if f"meld:{o}:{i}" == name), None)
        spot = rects[0].unionall(rects[1:]) if rects else None
    if spot is not None:
        size = max(10, geo.height // 64)
        ring = spot.inflate(16, 16)
        if name.startswith("group:"):
            # A group being built has its own label just above it ("new", "Set"): the
            # ring takes it in, and Enter's label goes over both.
            lift = theme.font(size).get_linesize()
            ring.update(ring.x, ring.y - lift, ring.width, ring.height + lift)
        pygame.draw.rect(surface, theme.HIGHLIGHT, ring, width=2, border_radius=12)
        below = name.startswith("meld:")  # a meld sits under its seat's panel
        theme.blit_text(surface, "Enter \u21b5", size,
                        (ring.centerx, ring.bottom + 2 if below else ring.y - 2),
                        theme.HIGHLIGHT, anchor="midtop" if below else "midbottom")


def message_box(surface: pygame.Surface, geo: table_layout.TableLayout,
                message: Message | None, above: pygame.Rect | None = None) -> None:
    """The engine's reason for a refusal (red), or a hint (green), over the table; moved
    up clear of a question panel (``above``) where they would overlap."""
    if message is None:
        return
    size = max(13, geo.height // 46)
    image = theme.text(message.text, size, theme.TEXT, True)
    box = image.get_rect(center=geo.message.center).inflate(30, 14)
    if above is not None and box.colliderect(above):
        box.bottom = above.top - 6
    box.clamp_ip(geo.play)
    theme.panel(surface, box, theme.GOOD if message.good else theme.BAD, alpha=225)
    surface.blit(image, image.get_rect(center=box.center))


def question_panel(scene: TableScene, buttons: pygame.Rect
                   ) -> tuple[pygame.Rect, pygame.Rect, list[str], int]:
    """The question's panel around its answer buttons: its frame, the box of its text
    above them, the text's lines and their size (the table places the panel by it)."""
    size = max(13, scene.geo.height // 46)
    lines = theme.wrap(scene.question_text(), size, scene.geo.play.width - 60, bold=True)
    font = theme.font(size, True)
    width = max(font.size(line)[0] for line in lines)
    box = pygame.Rect(0, 0, width, font.get_linesize() * len(lines)).inflate(30, 10)
    box.midbottom = (buttons.centerx, buttons.top - 4)
    return box.union(buttons).inflate(20, 16), box, lines, size


def _question(scene: TableScene, surface: pygame.Surface) -> pygame.Rect | None:
    """An out-of-turn question for the person, above its answer buttons; returns the
    panel it drew."""
    if scene.question is None or not scene.call_buttons:
        return None
    buttons = scene.call_buttons[0].rect.unionall([b.rect for b in scene.call_buttons])
    frame, box, lines, size = question_panel(scene, buttons)
    line_h = theme.font(size, True).get_linesize()
    frame.clamp_ip(scene.geo.play)
    theme.panel(surface, frame, theme.HIGHLIGHT, alpha=235)
    for index, line in enumerate(lines):
        theme.blit_text(surface, line, size, (buttons.centerx, box.y + 5 + index * line_h),
                        theme.TEXT, True, anchor="midtop")
    for button in scene.call_buttons:
        button.draw(surface, False)
    return frame


def _callouts(scene: TableScene, surface: pygame.Surface) -> None:
    geo = scene.geo
    call_bubbles(surface, geo, scene.callouts, scene.session.human,
                 (geo.hand.centerx, geo.hand.top - 8))


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
    if drag.source == "stock":
        surface.blit(cardart.back(geo.card_w), (x, y))
        return
    for index, card in enumerate(drag.cards):
        surface.blit(cardart.face(card.face, geo.card_w, scene.deck_colours()),
                     (x + index * geo.card_w // 4, y))
