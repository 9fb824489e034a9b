"""What a person can do at the rummy table, whatever gesture or key asked for it:
draw, discard, build groups, go down, lay off, swap a wild, answer a question, sort,
arrange (the goal sheet and the question are helpers the table holds:
``rummy_goals``, ``rummy_asking``). Each becomes an engine action, validated there; a refusal
shows the engine's reason.

The base of the table's mouse and keyboard mixins; the scene (``table``) supplies its
state and screen model.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable
from dataclasses import replace
from functools import partial

import pygame

from ...engine import (
    Action,
    Card,
    Discard,
    Draw,
    GoDown,
    LayDown,
    LayMission,
    Pile,
    ReplaceWild,
    TakeBack,
)
from ...i18n import _, card_name
from .. import layout as table_layout
from ..hint_marks import hint_target
from ..input_grammar import Command
from ..model import Answer as AnswerRef
from ..model import Control, Goal, PileRef, Ref, Region, Role, ScreenModel, SeatRef, TableMeld
from ..table_desc import RummyView, TableDescription
from .rummy_asking import Asking
from .rummy_building import Building
from .rummy_goals import Goals
from .table_core import TableCore


class RummyActions(TableCore[RummyView]):
    """The rummy table's actions. What they need of the scene is declared here."""

    geo: table_layout.TableLayout
    view: RummyView
    desc: TableDescription[RummyView]
    groups: list[list[Card]]
    goals: Goals
    asking: Asking
    focus_id: str | None
    melds_open: int | None

    @abstractmethod
    def model(self) -> ScreenModel: ...
    @abstractmethod
    def _my_discard_phase(self) -> bool: ...
    @abstractmethod
    def _is_down(self) -> bool: ...
    building: Building

    def chosen(self, cursor: bool = True) -> list[Card]:
        """The selected cards in hand order; else (``cursor``) the card under the
        keyboard's cursor."""
        hand = self.hand_cards()
        picked = [c for c in hand if c in self.selected]
        if not picked and cursor and hand:
            picked = [hand[max(0, min(self.focus, len(hand) - 1))]]
        return picked

    def use(self, ref: Ref, pos: tuple[int, int] | None = None) -> None:
        """A click on, or Enter at, a pile, a seat, a goal, an answer or a button; a
        click on the move log (at ``pos``)."""
        if ref == PileRef(Pile.STOCK):
            self.draw_from(Pile.STOCK)
        elif ref == PileRef(Pile.DISCARD):
            if self.view.to_draw or not self.session.human_to_move:
                self.draw_from(Pile.DISCARD)
            else:
                self.commit_selected()
        elif isinstance(ref, SeatRef):
            self.why(ref.seat)
        elif isinstance(ref, Goal) and ref.seat != self.session.human:
            self.goals.open(ref.seat)
        elif isinstance(ref, Goal):
            self.goals.choose(ref.number)
        elif ref == Region("log") and pos is not None:
            self.why_line(pos)
        elif isinstance(ref, AnswerRef):
            self.answer(ref.index)
        elif isinstance(ref, Control) and isinstance(ref.command, Command):
            self.commands()[ref.command]()

    def commands(self) -> dict[Command, Callable[[], object]]:
        """What each command a button or a key gives the rummy table does: the one
        place a command meets a method (typed, so a misspelt one fails mypy)."""
        return {Command.DRAW: partial(self.draw_from, Pile.STOCK),
                Command.TAKE: partial(self.draw_from, Pile.DISCARD),
                Command.SORT_SUIT: self.sort_suit, Command.SORT_RANK: self.sort_rank,
                Command.ARRANGE: self.building.arrange, Command.CLEAR: self.clear_groups,
                Command.GO_DOWN: self.building.go_down, Command.COMMIT: self.commit_selected,
                Command.TAKE_BACK: self.take_back, Command.NEXT_GOAL: self.goals.next,
                Command.HINT: self.hint, Command.SCORES: self.scores, Command.UNDO: self.undo,
                Command.COPY: self.copy_deal_code, Command.PAUSE: self.pause}

    # --- hints -------------------------------------------------------------------------------

    def _show_hint(self, action: Action) -> None:
        """The hinted move lit: its cards selected (a lay-down's groups built in the meld
        row, its discard selected), the keyboard's focus on where it goes (the pile, the
        meld, the wild, the button, the question's answer), so Enter plays it."""
        super()._show_hint(action)
        if isinstance(action, LayDown | GoDown | LayMission):
            self.groups = [self.desc.shown_order(self.view, list(meld.cards))
                           for meld in action.melds]
            self.selected = {action.discard} if isinstance(action, LayDown) else set()
            if isinstance(action, LayMission):
                self.goals.chosen = action.mission
        model = self.model()
        target = hint_target(model, action, self.session.human)
        question = self.asking.question
        if target is None and question is not None:
            target = next((model.find(AnswerRef(index))
                           for index, (_, answer) in enumerate(question[1])
                           if answer == action), None)
        if target is not None:
            self.focus_id = target.id

    # --- the turn ----------------------------------------------------------------------------

    def _played(self, action: Action) -> None:
        if isinstance(action, (Draw, Discard, LayDown)):
            # A new phase of the turn, or the next turn: Enter starts again from the
            # first place it goes (the stock, then the discard), not from one chosen
            # for another phase.
            self.focus_id = None
        if isinstance(action, (Discard, LayDown)):
            self.groups = []
            self.selected = set()

    def draw_from(self, pile: Pile, dropped: bool = False) -> bool:
        return self.play(Draw(pile), dropped)

    def discard(self, card: Card, dropped: bool = False) -> None:
        self.play(self.desc.commit(self.view, self.groups, card), dropped)

    def commit_selected(self) -> None:
        card = self.desc.discard_for(self.view, self.groups, self.selected)
        if card is None:
            self.say(_("Select the one card to discard."))
            return
        self.discard(card)

    def sort_suit(self) -> None:
        self.session.reorder(sorted(self.session.hand_order,
                                    key=lambda c: (self.desc.is_wild(self.view, c), c.sort_key())))

    def sort_rank(self) -> None:
        self.session.reorder(sorted(self.session.hand_order,
                                    key=lambda c: (self.desc.is_wild(self.view, c), int(c.rank),
                                                   c.sort_key())))

    def take_back(self) -> None:
        self.play(TakeBack())

    def clear_groups(self) -> None:
        self.groups = []

    def answer(self, index: int) -> None:
        """The question's answer with that number (0: the first)."""
        self.asking.answer(index)

    # --- groups being built -----------------------------------------------------------------

    def stage(self, cards: list[Card], group: int) -> None:
        """Put cards into a group being built (``group == len(groups)``: a new one)."""
        if not self._my_discard_phase():
            self.say(_("Build books and runs after you draw, on your turn."))
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
        self.groups[group] = self.desc.shown_order(self.view, self.groups[group])
        self.selected -= set(cards)

    def unstage(self, cards: list[Card]) -> None:
        for group in self.groups:
            for card in cards:
                if card in group:
                    group.remove(card)
        self.groups = [g for g in self.groups if g]

    def groups_without(self, cards: list[Card]) -> list[list[Card]]:
        return [g for g in ([c for c in group if c not in cards] for group in self.groups) if g]

    def reorder(self, cards: list[Card], x: int) -> None:
        hand = [c for c in self.hand_cards() if c not in cards]
        index = self.geo.insert_index(x, len(hand))
        shown = hand[:index] + cards + hand[index:]
        rest = [c for c in self.session.hand_order if c not in shown]
        self.session.reorder(shown + rest)
        self.focus = index

    # --- melds on the table ------------------------------------------------------------------

    def meld_action(self, cards: list[Card], owner: int, index: int, at_start: bool,
                    on_card: Card | None) -> Action | None:
        """The action for putting cards on a meld: a wild move when put on a wild (if the
        rules take it), otherwise a lay-off at the end asked for."""
        action = self.desc.meld_drop(self.view, cards, owner, index, at_start, on_card)
        if on_card is not None and action is not None and self.session.problem(action):
            plain = self.desc.meld_drop(self.view, cards, owner, index, at_start, None)
            if plain is not None and self.session.problem(plain) is None:
                return plain
        return action

    def meld_play(self, cards: list[Card], owner: int, index: int, at_start: bool,
                  on_card: Card | None) -> Action | None:
        """At the end (or on the wild) asked for, or else at the other end if only that
        one takes them; when neither does, the one asked for, whose refusal gives the
        engine's reason."""
        first = self.meld_action(cards, owner, index, at_start, on_card)
        if first is None or self.session.problem(first) is None:
            return first
        other = self.meld_action(cards, owner, index, not at_start, None)
        if other is not None and self.session.problem(other) is None:
            return other
        return first

    def add_to_meld(self, cards: list[Card], owner: int, index: int, at_start: bool,
                    on_card: Card | None = None, dropped: bool = False) -> bool:
        """Add hand cards to a meld (or swap one for the wild ``on_card``); a refusal
        shows the engine's reason. Whether it was played (or a question asked)."""
        action = self.meld_play(cards, owner, index, at_start, on_card)
        if action is None:
            self.say(_("Nothing can be added to melds in this game."))
            return False
        if isinstance(action, ReplaceWild) and self._ask_wild_home(action):
            return True
        if self.play(action, dropped=dropped):
            self.selected -= set(cards)
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
        self.asking.choice = (_("Where does the freed {card} go?").format(
            card=card_name(action.wild)), [*homes[:8], (_("Cancel"), None)])
        return True

    def meld_spots(self) -> list[tuple[int, int, list[pygame.Rect]]]:
        """Every meld on the table as the model places it: (owner, index, the full
        rectangle of each of its cards, as drawn)."""
        spots = []
        for element in self.model():
            if isinstance(element.ref, TableMeld):
                parts = [c.box for c in self.model().children(element.id)
                         if c.role in (Role.CARD, Role.WILD)]
                whole = parts[-1]  # the last card shows whole: its size is every card's
                spots.append((element.ref.seat, element.ref.index,
                              [pygame.Rect(b.x, b.y, whole.w, whole.h) for b in parts]))
        return spots
