"""The table: one scene for every game, driven by the game's table description.

Input: drag and drop (draw by dragging from a pile to the hand, discard by dragging to
the discard pile, reorder within the hand, build melds in the row above the hand), the
click alternative (a press and release without movement selects; then click a target or
a button) and the keyboard (←/→ focus, Space select, ↑/↓ target, Enter play, D draw, T
take the discard, S/R sort, A arrange, C clear, Esc pause). Every gesture becomes an
engine action; a refused one shows the engine's reason and the card slides back.

The table shows the observation as of the last animation that finished: the session
may be ahead, and its applied actions are played out one by one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame

from ...engine import Action, CallShanghai, Card, Discard, Draw, LayDown, Pile, to_json
from ...engine.codec import from_json
from ...engine.events import Dealt, Discarded, Drew, Event, MeldsLaid, Reshuffled, RoundScored
from .. import cardart
from .. import layout as table_layout
from ..anim import Animator, Flight
from ..scene import Scene
from ..session import Session, Shown
from ..table_desc import describe_table
from ..widgets import Button
from . import tabledraw

DRAG_THRESHOLD = 6
MESSAGE_SECONDS = 4.0


@dataclass
class Drag:
    source: str  # "hand", "stock", "discard", "group"
    cards: list[Card]
    press: tuple[int, int]
    grab: tuple[int, int]  # offset of the cursor inside the first card
    moved: bool = False
    pos: tuple[int, int] = (0, 0)
    group: int = -1


@dataclass
class Message:
    text: str
    good: bool
    until: float


@dataclass
class Targets:
    """Drop targets while dragging: name -> (rect, legal)."""

    rects: dict[str, tuple[pygame.Rect, bool]] = field(default_factory=dict)


class TableScene(Scene):
    def __init__(self, app: Any, session: Session) -> None:
        super().__init__(app)
        self.session = session
        self.desc = describe_table(session.game.game_id)
        self.view = session.view()
        self.session.shown.clear()
        self.animator = Animator()
        self.time = 0.0
        self.groups: list[list[Card]] = []
        self.selected: set[Card] = set()
        self.focus = 0
        self.target = 0
        self.drag: Drag | None = None
        self.message: Message | None = None
        self.summary: RoundScored | None = None
        self.summary_open = False
        self.after_summary: tuple[Event, ...] = ()
        self.dropped = False
        self.meld_status: tuple[str, bool | None] | None = None
        self.question: tuple[str, list[tuple[str, Action]]] | None = None
        self.call_buttons: list[Button] = []
        self.buttons: list[Button] = []
        self.layout(app.size)

    # --- layout and saved table state ----------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        scale = self.app.settings.card_scale
        self.geo = table_layout.compute(size, self.session.game.seats, self.session.human, scale)
        self._build_buttons()

    def _build_buttons(self) -> None:
        box = self.geo.controls
        entries = self.desc.buttons
        row = max(30, min(self.geo.height // 16, (box.height - 10) // len(entries) - 8))
        self.buttons = [Button(pygame.Rect(box.x, box.y + i * (row + 8), box.width, row), label,
                               getattr(self, method), primary=primary, size=max(12, row * 2 // 5))
                        for i, (label, method, primary) in enumerate(entries)]
        self._refresh_buttons()

    def _refresh_buttons(self) -> None:
        mine = self._my_discard_phase()
        for button in self.buttons:
            method = button.on_click.__name__
            if method in ("sort_suit", "sort_rank"):
                button.enabled = bool(self.view.hand)
            elif method == "arrange":
                button.enabled = mine and not self._is_down()
            elif method == "clear_groups":
                button.enabled = bool(self.groups)
            elif method == "commit_selected":
                button.enabled = mine and len(self.selected) == 1 and bool(self.groups) and \
                    self.session.problem(self.desc.commit(self.view, self.groups,
                                                          next(iter(self.selected)))) is None
                button.label = "Lay down + discard" if getattr(self.view, "final_turn", False) \
                    else "Go out"
            elif method == "go_down":
                action = self.desc.go_down(self.view, self.groups)
                button.enabled = mine and bool(self.groups) and action is not None and \
                    self.session.problem(action) is None
            elif method == "take_back":
                button.enabled = mine and bool(getattr(self.view, "played", False))

    def _is_down(self) -> bool:
        down = getattr(self.view, "down", None)
        return bool(down[self.session.human]) if down is not None else False

    def ui_state(self) -> dict[str, Any]:
        """What a save keeps of the table: hand order, groups being built, summary."""
        state: dict[str, Any] = {
            "scene": "summary" if self.summary is not None else "table",
            "hand_order": [card.code for card in self.session.hand_order],
            "groups": [[card.code for card in group] for group in self.groups],
            "log": list(self.session.log)[-60:],
        }
        if self.summary is not None:
            state["summary"] = to_json(self.summary)
        return state

    def restore_ui(self, ui: dict[str, Any]) -> None:
        log = ui.get("log")
        if isinstance(log, list):
            lines = [line for line in log if isinstance(line, str)]
            self.session.log.extendleft(reversed(lines))
        held = set(self.session.view().hand)
        groups = []
        for codes in ui.get("groups", []) if isinstance(ui.get("groups"), list) else []:
            try:
                cards = [c for c in (from_json(Card, code) for code in codes) if c in held]
            except ValueError:
                continue
            if cards and self.session.human_to_move:
                groups.append(cards)
        self.groups = groups
        if ui.get("scene") == "summary" and isinstance(ui.get("summary"), dict):
            try:
                event = from_json(Event, ui["summary"])
            except ValueError:
                return
            if isinstance(event, RoundScored):
                self.summary = event

    # --- what is shown ---------------------------------------------------------------------

    def hand_cards(self) -> list[Card]:
        """The person's hand as shown: chosen order, minus cards staged in groups."""
        held = set(self.view.hand)
        staged = {card for group in self.groups for card in group}
        order = [c for c in self.session.hand_order if c in held]
        order += [c for c in self.view.hand if c not in set(order)]
        hidden = self.animator.hidden_cards()
        return [c for c in order if c not in staged and c.code not in hidden]

    def _my_turn(self) -> bool:
        return self.session.human in self.view.awaiting and not self._animating()

    def _my_discard_phase(self) -> bool:
        """The person has drawn and may now play cards and discard."""
        return self._my_turn() and self.view.phase.value in ("discard", "play")

    def _animating(self) -> bool:
        return self.animator.busy

    def say(self, text: str, good: bool = False) -> None:
        self.message = Message(text, good, self.time + MESSAGE_SECONDS)

    # --- time ------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.time += dt
        self.animator.update(self.time)
        while not self.animator.busy and self.session.shown and self.summary is None:
            self._present(self.session.shown.popleft())
        if self.summary is not None and not self.animator.busy and not self.summary_open:
            self._open_summary()
        self.session.update(busy=self.animator.busy or bool(self.session.shown)
                            or self.summary is not None)
        hand = self.hand_cards()
        self.focus = max(0, min(self.focus, len(hand) - 1))
        self.selected &= set(self.view.hand)
        if self.message and self.time > self.message.until:
            self.message = None
        self._refresh_buttons()
        self._refresh_question()

    def _refresh_question(self) -> None:
        """An out-of-turn question for the person (May I, buy, Shanghai!), with buttons."""
        question = None if self.animator.busy or self.session.shown else \
            self.desc.calls(self.view, self.session.names, self.session.human)
        if question == self.question:
            return
        self.question = question
        self.call_buttons = []
        if question is None:
            return
        geo = self.geo
        answers = question[1]
        width = min(240, geo.play.width // (len(answers) + 1))
        height = max(34, geo.height // 20)
        left = geo.message.centerx - (len(answers) * (width + 16) - 16) // 2
        top = geo.message.bottom + 6
        self.call_buttons = [
            Button(pygame.Rect(left + i * (width + 16), top, width, height),
                   f"{label}  [{i + 1}]", lambda i=i: self.answer(i), primary=i == 0)
            for i, (label, _) in enumerate(answers)]

    @property
    def speed(self) -> float:
        return self.app.settings.animation_factor if self.app.animations else 0.0

    def _present(self, shown: Shown) -> None:
        """Play out one applied action, then show what it led to. A round's end stops
        at the score sheet; the next deal plays out once the sheet is closed."""
        before = self.view
        self.view = shown.view
        speed = 0.0 if shown.seat == self.session.human and self.dropped else self.speed
        self.dropped = False
        start = self.time
        for index, event in enumerate(shown.events):
            if isinstance(event, RoundScored):
                self.summary = event
                self.groups = []
                self.selected = set()
                self.after_summary = shown.events[index + 1:]
                break
            start = self._animate(event, before, start, speed)

    def _animate(self, event: Event, before: Any, start: float, speed: float) -> float:
        if speed <= 0:
            return start
        geo, human = self.geo, self.session.human
        width = geo.card_w

        def seat_point(seat: int) -> tuple[int, int]:
            if seat == human:
                return (geo.hand.centerx - width // 2, geo.hand.bottom - geo.card_h)
            return self.geo.spots[seat].cards.topleft

        duration = 0.35 * speed
        if isinstance(event, Drew):
            origin = geo.stock.topleft if event.source is Pile.STOCK else geo.discard.topleft
            visible = event.card if (event.source is Pile.DISCARD or event.seat == human) \
                else None
            self.animator.add(Flight(cardart.card_image(visible, width), origin,
                                     seat_point(event.seat), start, duration,
                                     event.card.code if event.card else None,
                                     None if event.seat == human else event.seat))
            return start + duration
        if isinstance(event, Discarded):
            self.animator.add(Flight(cardart.card_image(event.card, width),
                                     seat_point(event.seat), geo.discard.topleft, start,
                                     duration, event.card.code))
            return start + duration
        if isinstance(event, MeldsLaid):
            target = geo.meld_row.topleft if event.seat == human else \
                geo.spots[event.seat].melds.topleft
            for meld in event.melds:
                for card in meld.cards:
                    self.animator.add(Flight(cardart.card_image(card, geo.small_w),
                                             seat_point(event.seat), target, start,
                                             duration * 0.8, card.code))
                    start += 0.05 * speed
            return start + duration * 0.5
        if isinstance(event, Reshuffled):
            for index in range(min(6, event.count)):
                self.animator.add(Flight(cardart.back(width), geo.discard.topleft,
                                         geo.stock.topleft, start + index * 0.05 * speed,
                                         duration))
            return start + duration + 0.3 * speed
        if isinstance(event, Dealt):
            for index in range(event.count):
                step = start + index * 0.09 * speed
                code = event.cards[index].code if event.cards else None
                self.animator.add(Flight(cardart.back(width), geo.stock.topleft,
                                         seat_point(event.seat), step, duration * 0.7, code,
                                         None if event.seat == human else event.seat))
            return start + 0.03 * speed
        return start

    def _open_summary(self) -> None:
        from .summary import SummaryScene

        assert self.summary is not None
        self.summary_open = True
        self.app.push(SummaryScene(self.app, self, self.summary))
        self.app.save()  # so a game quit here resumes on this score sheet

    def summary_closed(self) -> None:
        """The round's score sheet was dismissed: deal on, or show the game's end."""
        self.summary, self.summary_open = None, False
        if self.session.game.over:
            from .summary import GameOverScene

            self.app.stack.replace(GameOverScene(self.app, self.session))
            return
        start = self.time
        for event in self.after_summary:
            start = self._animate(event, self.view, start, self.speed)
        self.after_summary = ()
        self.app.save()

    # --- actions ---------------------------------------------------------------------------

    def play(self, action: Action, dropped: bool = False) -> bool:
        """Send the person's action to the engine; show its reason if refused."""
        if self._animating():
            return False
        reason = self.session.play(action)
        if reason is not None:
            self.say(reason[0].upper() + reason[1:] + ".")
            return False
        self.dropped = dropped
        if isinstance(action, (Discard, LayDown)):
            self.groups = []
            self.selected = set()
        self.message = None
        return True

    def draw_from(self, pile: Pile, dropped: bool = False) -> bool:
        return self.play(Draw(pile), dropped)

    def discard(self, card: Card, dropped: bool = False) -> None:
        action = self.desc.commit(self.view, self.groups, card)
        self.play(action, dropped)

    def commit_selected(self) -> None:
        if len(self.selected) != 1:
            self.say("Select the one card to discard.")
            return
        self.discard(next(iter(self.selected)))

    def sort_suit(self) -> None:
        self.session.reorder(sorted(self.session.hand_order,
                                    key=lambda c: (self.desc.is_wild(self.view, c), c.sort_key())))

    def sort_rank(self) -> None:
        self.session.reorder(sorted(self.session.hand_order,
                                    key=lambda c: (self.desc.is_wild(self.view, c), int(c.rank),
                                                   c.sort_key())))

    def arrange(self) -> None:
        if not self._my_discard_phase():
            self.say("You can arrange your cards once you have drawn.")
            return
        groups, discard = self.desc.arrangement(self.view)
        self.groups = groups
        self.selected = {discard} if discard is not None else set()
        left = [c for c in self.view.hand if c not in {x for g in groups for x in g}
                and c != discard]
        if self.desc.go_down(self.view, groups) is not None:  # a contract game
            if groups:
                self.say("The contract is ready: press Go down.", good=True)
            else:
                self.say("Your hand cannot make this round's contract yet.")
            return
        if not left and discard is not None:
            self.say(f"Ready: discard {discard.pretty} to finish.", good=True)
        elif getattr(self.view, "final_turn", False):
            points = self.desc.points(self.view, left)
            self.say(f"Best lay-down: {points} points stay in your hand; discard "
                     f"{discard.pretty if discard else 'a card'}.", good=True)
        else:
            points = self.desc.points(self.view, left)
            self.say(f"Not out yet: {points} points would stay. You lay down only to go out.")

    def clear_groups(self) -> None:
        self.groups = []

    def go_down(self) -> None:
        action = self.desc.go_down(self.view, self.groups)
        if action is None or not self.groups:
            self.say("Build the round's contract above your hand first (or press Arrange).")
            return
        if self.play(action):
            self.groups = []

    def take_back(self) -> None:
        from ...engine import TakeBack

        self.play(TakeBack())

    def answer(self, index: int) -> None:
        question = self.desc.calls(self.view, self.session.names, self.session.human)
        if question is not None and index < len(question[1]):
            self.play(question[1][index][1])

    def stage(self, cards: list[Card], group: int) -> None:
        """Put cards into a group being built (``group == len(groups)``: a new one)."""
        if not self._my_discard_phase():
            self.say("Build books and runs after you draw, on your turn.")
            return
        for existing in self.groups:
            for card in cards:
                if card in existing:
                    existing.remove(card)
        self.groups = [g for g in self.groups if g]
        group = min(group, len(self.groups))
        if group == len(self.groups):
            self.groups.append(list(cards))
        else:
            self.groups[group].extend(cards)
        self.selected -= set(cards)

    def unstage(self, cards: list[Card]) -> None:
        for group in self.groups:
            for card in cards:
                if card in group:
                    group.remove(card)
        self.groups = [g for g in self.groups if g]

    def pause(self) -> None:
        from .pause import PauseScene

        self.drag = None
        self.app.push(PauseScene(self.app))

    # --- input -----------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            self._key(event)
            return
        for button in self.call_buttons + self.buttons:
            if button.enabled and button.handle(event):
                return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._press(event.pos)
        elif event.type == pygame.MOUSEMOTION and self.drag is not None:
            self._motion(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag is not None:
            self._release(event.pos)

    def card_at(self, pos: tuple[int, int]) -> tuple[str, Card | None, int]:
        """What lies under the cursor: ("hand", card, i), ("group", card, g), a pile."""
        hand = self.hand_cards()
        lifted = frozenset(i for i, c in enumerate(hand) if c in self.selected)
        for index, rect in reversed(list(enumerate(self.geo.hand_slots(len(hand), lifted)))):
            if rect.collidepoint(pos):
                return "hand", hand[index], index
        for group_index, (rect, cards) in enumerate(self.group_card_rects()):
            for card, card_rect in reversed(list(zip(cards, rect))):
                if card_rect.collidepoint(pos):
                    return "group", card, group_index
        if self.geo.stock.collidepoint(pos):
            return "stock", None, -1
        if self.geo.discard.collidepoint(pos):
            return "discard", self.view.top_discard, -1
        return "", None, -1

    def group_slots(self) -> list[pygame.Rect]:
        """The groups being built, plus an empty "new meld" slot while building is open."""
        return self.geo.group_slots([len(g) for g in self.groups], self._my_discard_phase())

    def group_card_rects(self) -> list[tuple[list[pygame.Rect], list[Card]]]:
        out = []
        for slot, cards in zip(self.group_slots(), self.groups):
            step = (slot.width - self.geo.small_w) / max(1, len(cards) - 1) if len(cards) > 1 \
                else 0
            rects = [pygame.Rect(int(slot.x + i * step), slot.y, self.geo.small_w,
                                 self.geo.small_h) for i in range(len(cards))]
            out.append((rects, list(cards)))
        return out

    def _press(self, pos: tuple[int, int]) -> None:
        if self._animating():
            return
        where, card, index = self.card_at(pos)
        if where == "hand" and card is not None:
            hand = self.hand_cards()
            lifted = frozenset(i for i, c in enumerate(hand) if c in self.selected)
            rect = self.geo.hand_slots(len(hand), lifted)[index]
            cards = [c for c in hand if c in self.selected] if card in self.selected else [card]
            self.focus = index
            self.drag = Drag("hand", cards, pos, (pos[0] - rect.x, pos[1] - rect.y), pos=pos)
        elif where == "group" and card is not None:
            self.drag = Drag("group", [card], pos, (self.geo.small_w // 2, self.geo.small_h // 2),
                             pos=pos, group=index)
        elif where in ("stock", "discard"):
            rect = self.geo.stock if where == "stock" else self.geo.discard
            shown = None if where == "stock" else card
            self.drag = Drag(where, [shown] if shown else [], pos,
                             (pos[0] - rect.x, pos[1] - rect.y), pos=pos)
        else:
            self._click_target(pos)

    def _motion(self, pos: tuple[int, int]) -> None:
        drag = self.drag
        assert drag is not None
        drag.pos = pos
        if not drag.moved and (abs(pos[0] - drag.press[0]) + abs(pos[1] - drag.press[1])
                               >= DRAG_THRESHOLD):
            drag.moved = True

    def _release(self, pos: tuple[int, int]) -> None:
        drag, self.drag = self.drag, None
        assert drag is not None
        if not drag.moved:
            self._click(drag)
            return
        name, legal = self._drop_target(drag, pos)
        if name is None:
            self._refuse(drag, self._reason_for(drag))
            return
        if not legal:
            self._refuse(drag, self._reason_for(drag, name))
            return
        self._drop(drag, name, pos)

    def targets(self, drag: Drag) -> dict[str, tuple[pygame.Rect, bool]]:
        """Every place this drag could end, and whether the rules allow it now."""
        geo = self.geo
        found: dict[str, tuple[pygame.Rect, bool]] = {}
        if drag.source in ("stock", "discard"):
            pile = Pile.STOCK if drag.source == "stock" else Pile.DISCARD
            found["hand"] = (geo.hand, self.session.problem(Draw(pile)) is None)
            if drag.source == "discard":  # Shanghai!: the caller puts the card on a meld
                for owner, index, rects in self.meld_spots():
                    box = rects[0].unionall(rects[1:])
                    legal = any(self.session.problem(CallShanghai(owner, index, start)) is None
                                for start in (False, True))
                    if legal:
                        found[f"meld:{owner}:{index}"] = (box.inflate(6, 6), True)
            return found
        found["hand"] = (geo.hand, True)
        if len(drag.cards) == 1:
            action = self.desc.commit(self.view, self._groups_without(drag.cards), drag.cards[0])
            found["discard"] = (geo.discard, self.session.problem(action) is None)
        if self.desc.meld_building and not self._is_down():
            building = self._my_discard_phase()
            slots = self.geo.group_slots([len(g) for g in self.groups], True)
            for index, rect in enumerate(slots):
                found[f"group:{index}"] = (rect.inflate(8, 8), building)
        if drag.source == "hand":
            for owner, index, rects in self.meld_spots():
                box = rects[0].unionall(rects[1:])
                legal = any(
                    (action := self._meld_action(drag.cards, owner, index, start, None))
                    is not None and self.session.problem(action) is None
                    for start in (False, True))
                found[f"meld:{owner}:{index}"] = (box.inflate(6, 6), legal)
        return found

    def meld_spots(self) -> list[tuple[int, int, list[pygame.Rect]]]:
        """Every meld on the table: (owner, index, the rects of its cards)."""
        geo, human = self.geo, self.session.human
        spots = []
        for owner, melds in enumerate(self.view.melds):
            if not melds:
                continue
            if owner == human:
                area, width = geo.meld_row, geo.small_w
            else:
                area, width = geo.spots[owner].melds, int(geo.small_w * 0.7)
            cells = table_layout.meld_cells(area, [len(m.cards) for m in melds], width)
            spots += [(owner, index, rects) for index, rects in enumerate(cells)]
        return spots

    def _meld_action(self, cards: list[Card], owner: int, index: int, at_start: bool,
                     on_card: Card | None) -> Action | None:
        """The action for dropping cards on a meld: a wild move when dropped on a wild,
        otherwise a lay-off at the nearer end."""
        action = self.desc.meld_drop(self.view, cards, owner, index, at_start, on_card)
        if on_card is not None and action is not None and self.session.problem(action):
            plain = self.desc.meld_drop(self.view, cards, owner, index, at_start, None)
            if plain is not None and self.session.problem(plain) is None:
                return plain
        return action

    def _groups_without(self, cards: list[Card]) -> list[list[Card]]:
        return [g for g in ([c for c in group if c not in cards] for group in self.groups) if g]

    def _drop_target(self, drag: Drag, pos: tuple[int, int]) -> tuple[str | None, bool]:
        """The target under the dragged card: the legal one with the largest overlap."""
        first = pygame.Rect(pos[0] - drag.grab[0], pos[1] - drag.grab[1], self.geo.card_w,
                            self.geo.card_h)
        best: tuple[int, int, str, bool] | None = None
        for name, (rect, legal) in self.targets(drag).items():
            if not (rect.collidepoint(pos) or rect.colliderect(first)):
                continue
            overlap = first.clip(rect)
            score = (1 if legal else 0, overlap.width * overlap.height + (10**6 if
                                                                          rect.collidepoint(pos)
                                                                          else 0))
            if best is None or score > best[:2]:
                best = (*score, name, legal)
        if best is None:
            return None, False
        return best[2], best[3]

    def _reason_for(self, drag: Drag, target: str | None = None) -> str:
        if drag.source in ("stock", "discard"):
            pile = Pile.STOCK if drag.source == "stock" else Pile.DISCARD
            return self.session.problem(Draw(pile)) or "Drop the card on your hand to draw it."
        if target == "discard":
            action = self.desc.commit(self.view, self._groups_without(drag.cards), drag.cards[0])
            return self.session.problem(action) or "That card cannot go there."
        if target and target.startswith("group"):
            return "Build books and runs after you draw, on your turn."
        if target and target.startswith("meld:"):
            _, owner, index = target.split(":")
            action = self._meld_action(drag.cards, int(owner), int(index), False, None)
            reason = self.session.problem(action) if action is not None else None
            return reason or "Those cards cannot go on that meld."
        return "Drop cards on the discard pile, a meld slot, or back in your hand."

    def _refuse(self, drag: Drag, reason: str) -> None:
        """Show why, and slide the card back to where it came from."""
        self.say(reason[0].upper() + reason[1:] + ("" if reason.endswith(".") else "."))
        if not drag.cards or self.app.settings.animation_factor <= 0 or not self.app.animations:
            return
        origin = self.geo.discard.topleft if drag.source == "discard" else (
            self.geo.stock.topleft if drag.source == "stock" else None)
        if origin is None:
            hand = self.hand_cards()
            slots = self.geo.hand_slots(len(hand))
            index = hand.index(drag.cards[0]) if drag.cards[0] in hand else 0
            origin = slots[index].topleft if slots else self.geo.hand.topleft
        start = (drag.pos[0] - drag.grab[0], drag.pos[1] - drag.grab[1])
        for offset, card in enumerate(drag.cards):
            self.animator.add(Flight(cardart.card_image(card, self.geo.card_w),
                                     (start[0] + offset * 18, start[1]), origin, self.time,
                                     0.25 * self.app.settings.animation_factor, card.code))

    def _drop(self, drag: Drag, name: str, pos: tuple[int, int]) -> None:
        if drag.source == "discard" and name.startswith("meld:"):
            _, owner, index = name.split(":")
            rects = next(r for o, i, r in self.meld_spots() if (o, i) == (int(owner), int(index)))
            box = rects[0].unionall(rects[1:])
            starts = (pos[0] < box.centerx, pos[0] >= box.centerx)
            for start in starts:
                call = CallShanghai(int(owner), int(index), start)
                if self.session.problem(call) is None:
                    self.play(call, dropped=True)
                    return
            self._refuse(drag, self.session.problem(CallShanghai(int(owner), int(index)))
                         or "not there")
            return
        if drag.source in ("stock", "discard"):
            shown = self.hand_cards()
            index = self.geo.insert_index(pos[0], len(shown))
            if self.draw_from(Pile.STOCK if drag.source == "stock" else Pile.DISCARD,
                              dropped=True):
                new = self.session.hand_order[-1]  # the card just drawn joins at the drop
                rest = [c for c in self.session.hand_order if c not in shown and c != new]
                self.session.reorder(shown[:index] + [new] + shown[index:] + rest)
            return
        if name.startswith("meld:"):
            _, owner_text, index_text = name.split(":")
            owner, index = int(owner_text), int(index_text)
            rects = next(r for o, i, r in self.meld_spots() if (o, i) == (owner, index))
            box = rects[0].unionall(rects[1:])
            meld = self.view.melds[owner][index]
            under = [card for card, rect in zip(meld.cards, rects) if rect.collidepoint(pos)]
            action = self._meld_action(drag.cards, owner, index, pos[0] < box.centerx,
                                       under[-1] if under else None)
            if action is not None and not self.play(action, dropped=True):
                self._refuse(drag, self.session.problem(action) or "not there")
            return
        if name == "discard":
            self.unstage(drag.cards)
            self.discard(drag.cards[0], dropped=True)
        elif name.startswith("group:"):
            if drag.source == "group":
                self.unstage(drag.cards)
            self.stage(drag.cards, int(name.split(":")[1]))
        elif name == "hand":
            if drag.source == "group":
                self.unstage(drag.cards)
            self._reorder(drag.cards, pos[0])

    def _reorder(self, cards: list[Card], x: int) -> None:
        hand = [c for c in self.hand_cards() if c not in cards]
        index = self.geo.insert_index(x, len(hand))
        shown = hand[:index] + cards + hand[index:]
        rest = [c for c in self.session.hand_order if c not in shown]
        self.session.reorder(shown + rest)
        self.focus = index

    def _click(self, drag: Drag) -> None:
        """A press and release without movement: select, or use a target."""
        if drag.source == "hand":
            card = drag.cards[0] if len(drag.cards) == 1 else None
            if card is None:  # pressed a selected card of several: toggle that one
                where, card, _ = self.card_at(drag.press)
            if card is not None:
                self.selected ^= {card}
        elif drag.source == "group":
            self.unstage(drag.cards)
        else:
            self._click_target(drag.press)

    def _click_target(self, pos: tuple[int, int]) -> None:
        geo = self.geo
        if geo.stock.collidepoint(pos):
            self.draw_from(Pile.STOCK)
        elif geo.discard.collidepoint(pos):
            if self.view.phase.value == "draw" or not self.session.human_to_move:
                self.draw_from(Pile.DISCARD)
            else:
                self.commit_selected()
        elif self.selected and self.desc.meld_building:
            for index, rect in enumerate(self.group_slots()):
                if rect.inflate(8, 8).collidepoint(pos):
                    self.stage([c for c in self.hand_cards() if c in self.selected], index)
                    return

    # --- keyboard --------------------------------------------------------------------------

    def target_names(self) -> list[str]:
        if self.view.phase.value == "draw":
            return ["stock", "discard"]
        names = ["discard"]
        if self.desc.meld_building:
            names += [f"group:{i}" for i in range(len(self.groups) + 1)]
        return names

    def _key(self, event: pygame.event.Event) -> None:
        key = event.key
        hand = self.hand_cards()
        if key == pygame.K_ESCAPE:
            self.pause()
        elif key in (pygame.K_LEFT, pygame.K_RIGHT) and hand:
            step = 1 if key == pygame.K_RIGHT else -1
            self.focus = (self.focus + step) % len(hand)
        elif key == pygame.K_SPACE and hand:
            self.selected ^= {hand[self.focus]}
        elif key in (pygame.K_UP, pygame.K_DOWN):
            names = self.target_names()
            self.target = (self.target + (1 if key == pygame.K_DOWN else -1)) % len(names)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self._enter(hand)
        elif key == pygame.K_d:
            self.draw_from(Pile.STOCK)
        elif key == pygame.K_t:
            self.draw_from(Pile.DISCARD)
        elif key == pygame.K_s:
            self.sort_suit()
        elif key == pygame.K_r:
            self.sort_rank()
        elif key == pygame.K_a:
            self.arrange()
        elif key == pygame.K_c:
            self.clear_groups()
        elif key == pygame.K_g:
            self.go_down()
        elif key == pygame.K_b:
            self.take_back()
        elif pygame.K_1 <= key <= pygame.K_4:
            self.answer(key - pygame.K_1)

    def _enter(self, hand: list[Card]) -> None:
        names = self.target_names()
        name = names[self.target % len(names)]
        chosen = [c for c in hand if c in self.selected]
        if not chosen and hand:
            chosen = [hand[self.focus]]
        if name == "stock":
            self.draw_from(Pile.STOCK)
        elif name == "discard" and self.view.phase.value == "draw":
            self.draw_from(Pile.DISCARD)
        elif name == "discard":
            if len(chosen) != 1:
                self.say("Select the one card to discard.")
                return
            self.discard(chosen[0])
        elif name.startswith("group:") and chosen:
            self.stage(chosen, int(name.split(":")[1]))

    # --- drawing ---------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        tabledraw.draw_table(self, surface)
