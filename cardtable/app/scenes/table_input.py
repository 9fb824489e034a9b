"""The table's input: drag and drop, the click alternative, and the keyboard.

A mixin of ``TableScene``: it turns gestures into the scene's actions (which the engine
validates); it keeps no state of its own. The routing of events and the drag itself
are the table core's.
"""

from __future__ import annotations

from abc import abstractmethod
from dataclasses import replace

import pygame

from ...engine import Action, CallShanghai, Card, Draw, Pile, ReplaceWild
from .. import cardart
from .. import layout as table_layout
from ..anim import Flight
from ..table_desc import RummyView, TableDescription
from .table_core import Drag, TableCore


class TableInput(TableCore[RummyView]):
    """Mouse and keyboard handling for the rummy table: every gesture becomes one of the
    scene's actions. What it needs of the scene is declared here."""

    geo: table_layout.TableLayout
    view: RummyView
    desc: TableDescription[RummyView]
    groups: list[list[Card]]
    target: int
    choice: tuple[str, list[tuple[str, Action | None]]] | None

    @abstractmethod
    def _is_down(self) -> bool: ...
    @abstractmethod
    def deck_colours(self) -> str: ...
    @abstractmethod
    def goal_boxes(self) -> list[pygame.Rect]: ...
    @abstractmethod
    def _my_discard_phase(self) -> bool: ...
    @abstractmethod
    def draw_from(self, pile: Pile, dropped: bool = False) -> bool: ...
    @abstractmethod
    def discard(self, card: Card, dropped: bool = False) -> None: ...
    @abstractmethod
    def commit_selected(self) -> None: ...
    @abstractmethod
    def sort_suit(self) -> None: ...
    @abstractmethod
    def sort_rank(self) -> None: ...
    @abstractmethod
    def arrange(self) -> None: ...
    @abstractmethod
    def clear_groups(self) -> None: ...
    @abstractmethod
    def go_down(self) -> None: ...
    @abstractmethod
    def next_mission(self) -> None: ...
    @abstractmethod
    def choose_goal(self, number: int) -> None: ...
    @abstractmethod
    def take_back(self) -> None: ...
    @abstractmethod
    def answer(self, index: int) -> None: ...
    @abstractmethod
    def stage(self, cards: list[Card], group: int) -> None: ...
    @abstractmethod
    def unstage(self, cards: list[Card]) -> None: ...

    # --- mouse -----------------------------------------------------------------------------

    def card_at(self, pos: tuple[int, int]) -> tuple[str, Card | None, int]:
        """What lies under the cursor: ("hand", card, i), ("group", card, g), a pile."""
        hand = self.hand_cards()
        lifted = frozenset(i for i, c in enumerate(hand) if c in self.selected)
        for index, rect in reversed(list(enumerate(self.geo.hand_slots(len(hand), lifted)))):
            if rect.collidepoint(pos):
                return "hand", hand[index], index
        for group_index, (rects, cards) in enumerate(self.group_card_rects()):
            for card, card_rect in reversed(list(zip(cards, rects))):
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
        for number, rect in enumerate(self.goal_boxes(), start=1):
            if rect.inflate(2, 2).collidepoint(pos):
                self.choose_goal(number)
                return
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
            commit = self.desc.commit(self.view, self._groups_without(drag.cards), drag.cards[0])
            found["discard"] = (geo.discard, self.session.problem(commit) is None)
        if self.desc.meld_building and not self._is_down():
            building = self._my_discard_phase()
            slots = self.geo.group_slots([len(g) for g in self.groups], True)
            for index, rect in enumerate(slots):
                found[f"group:{index}"] = (rect.inflate(8, 8), building)
        if drag.source == "hand":
            for owner, index, rects in self.meld_spots():
                box = rects[0].unionall(rects[1:])
                meld = self.view.melds[owner][index]
                wilds = [c for c in meld.cards if self.desc.is_wild(self.view, c)] \
                    if len(drag.cards) == 1 else []
                legal = any(
                    (action := self._meld_action(drag.cards, owner, index, start, on))
                    is not None and self.session.problem(action) is None
                    for start in (False, True) for on in (None, *wilds))
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
            commit = self.desc.commit(self.view, self._groups_without(drag.cards), drag.cards[0])
            return self.session.problem(commit) or "That card cannot go there."
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
            self.animator.add(Flight(cardart.card_image(card, self.geo.card_w,
                                                        self.deck_colours()),
                                     (start[0] + offset * 18, start[1]), origin, self.time,
                                     0.25 * self.app.settings.animation_factor, card.code))

    def _drop(self, drag: Drag, name: str, pos: tuple[int, int]) -> None:
        if drag.source == "discard" and name.startswith("meld:"):
            _, seat_text, meld_text = name.split(":")
            seat, meld_index = int(seat_text), int(meld_text)
            spots = next(r for o, i, r in self.meld_spots() if (o, i) == (seat, meld_index))
            area = spots[0].unionall(spots[1:])
            for start in (pos[0] < area.centerx, pos[0] >= area.centerx):
                call = CallShanghai(seat, meld_index, start)
                if self.session.problem(call) is None:
                    self.play(call, dropped=True)
                    return
            self._refuse(drag, self.session.problem(CallShanghai(seat, meld_index))
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
            action = self._meld_play(drag.cards, owner, index, pos[0] < box.centerx,
                                     under[-1] if under else None)
            if isinstance(action, ReplaceWild) and self._ask_wild_home(action):
                return
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

    def _meld_play(self, cards: list[Card], owner: int, index: int, at_start: bool,
                   on_card: Card | None) -> Action | None:
        """The action for putting cards on a meld: at the end (or on the card) asked
        for, or else at the other end if only that one takes them; when neither does,
        the one asked for, whose refusal gives the engine's reason."""
        first = self._meld_action(cards, owner, index, at_start, on_card)
        if first is None or self.session.problem(first) is None:
            return first
        other = self._meld_action(cards, owner, index, not at_start, None)
        if other is not None and self.session.problem(other) is None:
            return other
        return first

    def _add_to_meld(self, cards: list[Card], owner: int, index: int, at_start: bool,
                     on_card: Card | None = None) -> None:
        """Add hand cards to a meld by click or key (a drop has its own slide back);
        a refusal shows the engine's reason."""
        action = self._meld_play(cards, owner, index, at_start, on_card)
        if action is None:
            self.say("Nothing can be added to melds in this game.")
            return
        if isinstance(action, ReplaceWild) and self._ask_wild_home(action):
            return
        if self.play(action):
            self.selected -= set(cards)

    def _click_meld(self, pos: tuple[int, int]) -> bool:
        """A click on a meld on the table adds the selected cards to it (the end nearer
        the click first); whether the click was on a meld."""
        for owner, index, rects in self.meld_spots():
            if not any(rect.collidepoint(pos) for rect in rects):
                continue
            chosen = [c for c in self.hand_cards() if c in self.selected]
            if not chosen:
                if self._my_discard_phase():
                    self.say("Select cards in your hand, then click the meld to add them.")
                return True
            box = rects[0].unionall(rects[1:])
            meld = self.view.melds[owner][index]
            under = [card for card, rect in zip(meld.cards, rects) if rect.collidepoint(pos)]
            self._add_to_meld(chosen, owner, index, pos[0] < box.centerx,
                              under[-1] if under else None)
            return True
        return False

    def _ask_wild_home(self, action: ReplaceWild) -> bool:
        """When a freed wild could go to more than one group, ask where (Esc cancels)."""
        homes = [(self.desc.meld_name(self.view, self.session.names, self.session.human,
                                      seat, index, start), option)
                 for seat, melds in enumerate(self.view.melds)
                 for index, meld in enumerate(melds)
                 for start in ((False, True) if meld.kind.value == "run" else (False,))
                 if self.session.problem(option := replace(action, dest_seat=seat,
                                                           dest_index=index,
                                                           dest_at_start=start)) is None]
        if len(homes) < 2:
            return False
        self.choice = (f"Where does the freed {action.wild.pretty} go?",
                       [*homes[:8], ("Cancel", None)])
        return True

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
            if self.view.to_draw or not self.session.human_to_move:
                self.draw_from(Pile.DISCARD)
            else:
                self.commit_selected()
        elif self._click_meld(pos):
            return
        elif self.selected and self.desc.meld_building and any(
                rect.inflate(8, 8).collidepoint(pos) for rect in self.group_slots()):
            for index, rect in enumerate(self.group_slots()):
                if rect.inflate(8, 8).collidepoint(pos):
                    self.stage([c for c in self.hand_cards() if c in self.selected], index)
                    return
        else:
            self._click_seat(pos)

    def _click_seat(self, pos: tuple[int, int]) -> None:
        """A click on an AI seat's panel: why it made its last move."""
        for seat, spot in self.geo.spots.items():
            if spot.panel.collidepoint(pos):
                self.why(seat)
                return

    # --- keyboard --------------------------------------------------------------------------

    def target_names(self) -> list[str]:
        """Where Enter puts the selected cards (Up/Down or Tab choose): the piles to draw
        from; then the discard, the groups being built, and, once the person has melds
        down, every meld on the table to add to."""
        if self.view.to_draw:
            return ["stock", "discard"]
        names = ["discard"]
        laid = bool(self.view.melds[self.session.human])
        if self.desc.meld_building and not laid:
            names += [f"group:{i}" for i in range(len(self.groups) + 1)]
        if laid:
            names += [f"meld:{owner}:{index}" for owner, index, _ in self.meld_spots()]
        return names

    def _key(self, event: pygame.event.Event) -> None:
        key = event.key
        hand = self.hand_cards()
        if key == pygame.K_ESCAPE and self.choice is not None:
            self.choice = None
        elif key == pygame.K_ESCAPE:
            self.pause()
        elif key in (pygame.K_LEFT, pygame.K_RIGHT) and hand:
            step = 1 if key == pygame.K_RIGHT else -1
            self.focus = (self.focus + step) % len(hand)
        elif key == pygame.K_SPACE and hand:
            self.selected ^= {hand[self.focus]}
        elif key in (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB):
            names = self.target_names()
            back = key == pygame.K_UP or (key == pygame.K_TAB and
                                          bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT))
            self.target = (self.target + (-1 if back else 1)) % len(names)
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
        elif key == pygame.K_m:
            self.next_mission()
        elif pygame.K_1 <= key <= pygame.K_9:
            self.answer(key - pygame.K_1)

    def _enter(self, hand: list[Card]) -> None:
        names = self.target_names()
        name = names[self.target % len(names)]
        chosen = [c for c in hand if c in self.selected]
        if not chosen and hand:
            chosen = [hand[self.focus]]
        if name == "stock":
            self.draw_from(Pile.STOCK)
        elif name == "discard" and self.view.to_draw:
            self.draw_from(Pile.DISCARD)
        elif name == "discard":
            if len(chosen) != 1:
                self.say("Select the one card to discard.")
                return
            self.discard(chosen[0])
        elif name.startswith("group:") and chosen:
            self.stage(chosen, int(name.split(":")[1]))
        elif name.startswith("meld:") and chosen:
            _, owner, index = name.split(":")
            self._add_to_meld(chosen, int(owner), int(index), False)
