"""The table description of Monastery: mission sheets, laying a mission, adding to groups.

Translates gestures into engine actions and engine state into words; every rule stays
in the engine (``cardtable.engine.monastery`` and ``cardtable.engine.missions``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..engine import (
    Action,
    Card,
    Discard,
    LayMission,
    LayOff,
    Meld,
    MeldKind,
    MeldRules,
    Rank,
    Suit,
)
from ..engine.events import RoundScored
from ..engine.melds import SuitRule, order_run
from ..engine.missions import (
    MISSIONS,
    RULES,
    cards_needed,
    extend_groups,
    find_mission,
    shape_mission,
)
from ..engine.monastery import MonasteryView, Phase
from ..i18n import N_, _, ngettext, rank_code, text
from .input_grammar import Command
from .table_desc import TableDescription
from .tables import TableEntry, register_table, rummy_scene


@dataclass(frozen=True)
class MonasteryTable(TableDescription[MonasteryView]):
    game_id: str = "monastery"
    buttons: tuple[tuple[str, Command, bool], ...] = (
        (N_("Sort by suit  [S]"), Command.SORT_SUIT, False),
        (N_("Sort by rank  [R]"), Command.SORT_RANK, False),
        (N_("Arrange for me  [A]"), Command.ARRANGE, False),
        (N_("Lay mission  [G]"), Command.GO_DOWN, True),
        (N_("Next mission  [M]"), Command.NEXT_GOAL, False),
        (N_("Hint  [H]"), Command.HINT, False), (N_("Menu  [Esc]"), Command.PAUSE, False))

    first_column_penalty: bool = False
    score_word: str = N_("missions")
    score_one: str = N_("mission")
    deck_colours: str | None = "two"
    """Colour is a rule here (mission 1's sets and mission 5's run "in colour"), so the
    cards are always red and black, whatever the four-colour setting says."""

    def score_count(self, count: int) -> str:
        return ngettext("{count} mission", "{count} missions", count).format(count=count)

    def out_seat(self, view: MonasteryView) -> int | None:
        return view.out_seat

    def is_down(self, view: MonasteryView, seat: int) -> bool:
        """Whether the seat has laid a mission this round: one a round at most (RULES.md
        M-A7), so nothing is built for another until the next deal."""
        return bool(view.melds[seat])

    def down_message(self, view: MonasteryView) -> str:
        return _("You have laid your mission this round: add cards to the missions on the "
                 "table, then discard.")

    def rules(self, view: MonasteryView) -> MeldRules:
        return RULES

    def headline(self, view: MonasteryView) -> str:
        mine = len(view.done[view.seat])
        return _("Round {number}").format(number=view.round) + "  \u00b7  " \
            + _("Your missions: {done} of 9 done").format(done=mine)

    def points(self, view: MonasteryView, cards: Sequence[Card]) -> int:
        return len(cards)

    def commit(self, view: MonasteryView, groups: Sequence[Sequence[Card]],
               discard: Card) -> Action:
        return Discard(discard)

    # --- the mission being built ---------------------------------------------------------

    def focus(self, view: MonasteryView, chosen: int | None) -> int | None:
        """The mission the person is building: the one chosen on the sheet if still open,
        otherwise the open mission the hand is nearest to."""
        open_missions = view.open_missions(view.seat)
        if not open_missions:
            return None
        if chosen in open_missions:
            return chosen
        nearest: int = min(open_missions, key=lambda n: (cards_needed(view.hand, MISSIONS[n]),
                                                         -MISSIONS[n].cards))
        return nearest

    def mission_line(self, view: MonasteryView, number: int) -> str:
        mission = MISSIONS[number]
        lacking = cards_needed(view.hand, mission)
        title = text(mission.title)
        if lacking == 0:
            return _("Mission {number}: {title} \u2014 your hand holds it!").format(
                number=number, title=title)
        have = mission.cards - lacking
        return _("Mission {number}: {title} \u2014 you have {have} of {cards}").format(
            number=number, title=title, have=have, cards=mission.cards)

    def go_down(self, view: MonasteryView, groups: Sequence[Sequence[Card]],
                chosen: int | None = None) -> Action | None:
        """The staged groups as a mission: the one in focus first, then any open one."""
        order = [n for n in (self.focus(view, chosen),) if n is not None]
        order += [n for n in view.open_missions(view.seat) if n not in order]
        for number in order:
            made = shape_mission(MISSIONS[number], groups)
            if not isinstance(made, str):
                return LayMission(number, made)
        focus = order[0] if order else 1
        return LayMission(focus, tuple(Meld(MeldKind.SET, tuple(g)) for g in groups))

    def build_status(self, view: MonasteryView, groups: Sequence[Sequence[Card]],
                     chosen: int | None = None) -> tuple[str, bool | None]:
        """The mission in focus and what the hand lacks for it, in every phase (so the
        sheet makes sense before the draw), or how to add once a mission is down; then a
        note on the hand's wild aces."""
        said, good = self._mission_status(view, groups, chosen)
        note = wild_note(view.hand)
        if note:
            said = f"{said}\n{note}" if said else note
        return said, good

    def _mission_status(self, view: MonasteryView, groups: Sequence[Sequence[Card]],
                        chosen: int | None) -> tuple[str, bool | None]:
        playing = view.current == view.seat and view.to_play
        if view.laid(view.seat):
            if not playing:
                return "", None
            return _("To add, select cards and click a mission, or drag "
                     "(keys: \u2191/\u2193, Enter)"), None
        focus = self.focus(view, chosen)
        if focus is None:
            return "", None
        if not groups:
            hint = "  \u00b7  " + _("drag cards to + or press A") if playing else ""
            return self.mission_line(view, focus) + hint, None
        action = self.go_down(view, groups, chosen)
        made = shape_mission(MISSIONS[action.mission], groups) \
            if isinstance(action, LayMission) else _("no mission")
        if isinstance(made, str):
            return _("Mission {number}: {reason}").format(number=focus,
                                                          reason=text(made)), False
        assert isinstance(action, LayMission)
        return (_("Mission {number} ready: {title}").format(
            number=action.mission, title=text(MISSIONS[action.mission].title))
                + "  \u00b7  " + _("press Lay mission"), True)

    def shown_order(self, view: MonasteryView, cards: Sequence[Card]) -> list[Card]:
        """A run being built in sequence, whatever its suits (missions 3 and 6 take any,
        5 one colour), its wild aces where they stand."""
        laid = order_run(cards, self.rules(view), SuitRule.ANY) if len(cards) > 1 else None
        return list(laid) if laid is not None else list(cards)

    def group_label(self, view: MonasteryView, cards: Sequence[Card]) -> tuple[str, bool]:
        count = len(cards)
        return ngettext("{count} card", "{count} cards", count).format(count=count), True

    def arrangement(self, view: MonasteryView, chosen: int | None = None
                    ) -> tuple[list[list[Card]], Card | None]:
        if view.laid(view.seat) or view.laid_this_turn:
            return [], None
        focus = self.focus(view, chosen)
        order = [n for n in (focus,) if n is not None]
        order += sorted((n for n in view.open_missions(view.seat) if n not in order),
                        key=lambda n: -MISSIONS[n].cards)
        for number in order:
            melds = find_mission(view.hand, MISSIONS[number])
            if melds is not None:
                used = {c for m in melds for c in m.cards}
                grown, _rest = extend_groups(MISSIONS[number], melds,
                                         [c for c in view.hand if c not in used])
                return [list(m.cards) for m in grown], None
        return [], None

    def arrange_message(self, view: MonasteryView, chosen: int | None = None) -> str:
        focus = self.focus(view, chosen)
        if focus is None:
            return _("All nine missions are done.")
        return _("No mission can be laid yet. {mission}.").format(
            mission=self.mission_line(view, focus))

    # --- the table ---------------------------------------------------------------------

    def meld_drop(self, view: MonasteryView, cards: Sequence[Card], owner: int, index: int,
                  at_start: bool, on_card: Card | None) -> Action | None:
        meld = view.melds[owner][index]
        if meld.kind not in (MeldKind.RUN, MeldKind.DOUBLE_RUN):
            at_start = False
        ordered = sorted(cards, key=lambda c: int(c.rank))
        return LayOff(owner, index, tuple(ordered), at_start)

    def meld_name(self, view: MonasteryView, names: Sequence[str], human: int, seat: int,
                  index: int, at_start: bool = False) -> str:
        number = view.specs[seat][index][0]
        spec = text(view.spec(seat, index).describe())
        if seat == human:
            return _("your mission {number} ({spec})").format(number=number, spec=spec)
        return _("{name}'s mission {number} ({spec})").format(name=names[seat],
                                                              number=number, spec=spec)

    def progress(self, view: MonasteryView, seat: int) -> tuple[bool, ...] | None:
        done = set(view.done[seat])
        return tuple(n in done for n in MISSIONS)

    def progress_names(self, view: MonasteryView) -> tuple[str, ...]:
        return tuple(text(mission.title) for mission in MISSIONS.values())

    def goal_name(self, view: MonasteryView, number: int) -> str:
        return _("mission {number}: {title}").format(number=number,
                                                     title=text(MISSIONS[number].title))

    def progress_caption(self, view: MonasteryView) -> tuple[str, ...]:
        return (_("\u2190 your 9 missions: gold = done, outlined = your aim; click to choose"),
                _("\u2190 your missions: gold = done; click one to aim for it"),
                _("\u2190 your missions"))

    def prompt(self, view: MonasteryView, names: Sequence[str], human: int) -> str:
        if view.phase is Phase.GAME_OVER:
            return _("The game is over.")
        if view.current != human:
            return _("{player} to play").format(player=names[view.current])
        if view.phase is Phase.DRAW:
            return _("Your turn: draw a card")
        if view.laid(human):
            return _("Add to missions, then discard")
        if view.laid_this_turn:
            return _("Discard to end your turn")
        return _("Lay a mission, or discard")

    def seat_note(self, view: MonasteryView, seat: int) -> str:
        laid = view.specs[seat]
        return _("laid mission {number} \u2713").format(number=laid[0][0]) if laid \
            else _("no mission this round")

    def score(self, view: MonasteryView, seat: int) -> int:
        return len(view.done[seat])

    def score_text(self, view: MonasteryView, seat: int) -> str:
        return f"{len(view.done[seat])}/9"

    def laid_label(self, view: MonasteryView) -> str:
        numbers = sorted({n for n, _spec in view.specs[view.seat]})
        # Translators: the caption over the mission the person laid this round ("Your mission 5")
        return _("Your mission {numbers}").format(numbers=", ".join(str(n) for n in numbers))

    def rounds_played(self, view: MonasteryView) -> int:
        return len(view.round_missions)

    def ready_message(self, view: MonasteryView) -> str:
        return _("The mission is ready: press Lay mission.")

    def build_first_message(self, view: MonasteryView) -> str:
        return _("Build a mission's groups above your hand first (or press Arrange).")

    def total_cell(self, view: MonasteryView, seat: int) -> str:
        # Translators: missions done of the nine, on the score sheet
        return _("{done} of 9").format(done=len(view.done[seat]))

    def round_columns(self, view: MonasteryView, event: RoundScored
                      ) -> list[tuple[str, tuple[int, ...]]]:
        return [(_("missions done"), event.totals)]

    def sheet_cell(self, view: MonasteryView, round_index: int, seat: int) -> str:
        laid = view.round_missions[round_index][seat]
        return " ".join(f"#{n}" for n in laid) if laid else "\u2013"

    def summary_note(self, view: MonasteryView, event: RoundScored, seat: int) -> str | None:
        """What the round brought a seat, in words (hands are thrown in unseen)."""
        laid = view.round_missions[event.round - 1][seat] \
            if len(view.round_missions) >= event.round else ()
        if not laid:
            return _("no mission this round")
        done = ", ".join(_("mission {number}: {title}").format(
            number=n, title=text(MISSIONS[n].title)) for n in laid)
        return _("completed {missions}").format(missions=done)


ONE_WILD_ACE = {
    Suit.SPADES: N_("Wild ace: {ace} = any spade"), Suit.HEARTS: N_("Wild ace: {ace} = any heart"),
    Suit.DIAMONDS: N_("Wild ace: {ace} = any diamond"),
    Suit.CLUBS: N_("Wild ace: {ace} = any club"), Suit.STARS: N_("Wild ace: {ace} = any star"),
}
"""The note on one wild ace in hand, by its suit (a whole sentence for each)."""


def wild_note(hand: Sequence[Card]) -> str:
    """What the hand's aces may stand for: any card of their own suit (RULES.md §2.2),
    which the gold WILD tag alone does not say."""
    suits = list(dict.fromkeys(card.suit for card in hand
                               if card.rank is Rank.ACE and card.suit is not None))
    if not suits:
        return ""
    ace = rank_code(Rank.ACE)
    if len(suits) == 1:
        suit = suits[0]
        return _(ONE_WILD_ACE[suit]).format(ace=ace + suit.symbol)
    return _("Wild aces: {aces}").format(aces=", ".join(
        _("{ace} = any {symbol}").format(ace=ace + suit.symbol, symbol=suit.symbol)
        for suit in suits))


register_table(TableEntry("monastery", MonasteryView, MonasteryTable(), rummy_scene))
