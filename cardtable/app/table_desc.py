"""Per-game table descriptions: what one table scene needs to know about each game.

The table scene is shared by every game; a description says which zones the game uses,
what the header says, how a staged lay-down becomes an action, and which engine helpers
build or check melds. Rules stay in the engine: these only translate.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from ..engine import (
    Action,
    Card,
    Meld,
    MeldKind,
    MeldRules,
)
from ..engine.events import RoundScored
from ..engine.melds import as_meld
from ..engine.rummy import RummyView as RummyView  # the scenes read it from here
from ..engine.text import msg
from ..i18n import N_, _, cards_text, ngettext
from .input_grammar import Command
from .score_views import rounds_of, totals_of
from .wild_badges import wild_labels as wild_labels  # tabledraw and tests read it here

RV = TypeVar("RV", bound=RummyView)
"""A rummy game's own view type (``RummyView``: the fields the shared table reads)."""


@dataclass(frozen=True)
class TableDescription(ABC, Generic[RV]):
    """What the shared table scene asks of a game, about views of the game's own type
    ``RV``. Defaults suit the simplest game."""

    game_id: str = ""
    meld_building: bool = True
    buttons: tuple[tuple[str, Command, bool], ...] = (
        (N_("Sort by suit  [S]"), Command.SORT_SUIT, False),
        (N_("Sort by rank  [R]"), Command.SORT_RANK, False),
        (N_("Arrange for me  [A]"), Command.ARRANGE, False),
        (N_("Clear melds  [C]"), Command.CLEAR, False),
        (N_("Go out"), Command.COMMIT, True),
        (N_("Hint  [H]"), Command.HINT, False), (N_("Menu  [Esc]"), Command.PAUSE, False))
    """Control buttons: label (marked, not translated: ``_(label)`` where it is
    shown), the command it gives (typed: see ``input_grammar``), primary."""

    @abstractmethod
    def rules(self, view: RV) -> MeldRules:
        """The meld rules of the round on the table."""

    @abstractmethod
    def headline(self, view: RV) -> str:
        """Round and its particulars ("Round 3 of 11  ·  Fives are wild")."""

    @abstractmethod
    def prompt(self, view: RV, names: Sequence[str], human: int) -> str:
        """What the person should do now, or whom the table waits for."""

    @abstractmethod
    def points(self, view: RV, cards: Sequence[Card]) -> int:
        """Penalty points of these cards if left in hand."""

    @abstractmethod
    def commit(self, view: RV, groups: Sequence[Sequence[Card]], discard: Card) -> Action:
        """The action for discarding ``discard`` with these staged groups."""

    @abstractmethod
    def arrangement(self, view: RV, chosen: int | None = None
                    ) -> tuple[list[list[Card]], Card | None]:
        """The engine's best groups for the hand, and a suggested discard (``chosen``: a
        goal the person picked, in games that have one, such as Monastery's missions)."""

    ranks_everyone: bool = True
    """The game over lists every place (Palace names only the winner)."""
    first_column_penalty: bool = True
    """The round summary's first column is penalty points (red when above zero)."""
    score_word: str = N_("points")
    score_one: str = N_("point")
    """``score_word`` for a score of 1 ("1 point"); both marked, not translated (a
    language with other plural forms needs ``score_count``)."""
    deck_colours: str | None = None
    """The card colour scheme the game's rules need ("two": red and black, where colour
    is a rule); None: the player's setting."""

    def discard_for(self, view: RV, groups: Sequence[Sequence[Card]],
                    selected: Collection[Card]) -> Card | None:
        """The card Go out (or Discard) would throw: the one selected, or else the one
        card the groups being built leave in hand (it need not be picked out first)."""
        if len(selected) == 1:
            return next(iter(selected))
        staged = {card for cards in groups for card in cards}
        rest = [card for card in view.hand if card not in staged]
        return rest[0] if groups and len(rest) == 1 else None

    def score_count(self, count: int) -> str:
        """A score with its unit, in the player's language ("1 point", "12 points")."""
        return ngettext("{count} point", "{count} points", count).format(count=count)

    def is_wild(self, view: RV, card: Card) -> bool:
        return self.rules(view).is_wild(card)

    def group(self, view: RV, cards: Sequence[Card]) -> Meld | str:
        return as_meld(cards, self.rules(view))

    def go_down(self, view: RV, groups: Sequence[Sequence[Card]],
                chosen: int | None = None) -> Action | None:
        """The action that lays staged groups down on their own (contract games)."""
        return None

    def build_status(self, view: RV, groups: Sequence[Sequence[Card]],
                     chosen: int | None = None) -> tuple[str, bool | None] | None:
        """A game's own words for the groups being built (``None``: the default check of
        each group and the points left in hand)."""
        return None

    def shown_order(self, view: RV, cards: Sequence[Card]) -> list[Card]:
        """A group being built as it is shown: a run in sequence, its wilds where they
        stand (not in the order the cards were added); anything else as added."""
        made = self.group(view, cards)
        if isinstance(made, Meld) and made.kind is MeldKind.RUN:
            return list(made.cards)
        return list(cards)

    def group_label(self, view: RV, cards: Sequence[Card]) -> tuple[str, bool]:
        """The label over a group being built, and whether it is good."""
        made = self.group(view, cards)
        if isinstance(made, Meld):
            if made.kind is not MeldKind.SET:
                return _("\u2713 Run"), True
            if self.rules(view).set_word == "book":
                # Translators: a good set being built, in Five Crowns (which calls it a book)
                return _("\u2713 Book"), True
            return _("\u2713 Set"), True
        return "\u2717", False

    def ready_message(self, view: RV) -> str:
        return _("The contract is ready: press Go down.")

    def build_first_message(self, view: RV) -> str:
        """What Go down says when no groups are built above the hand."""
        return _("Build the round's contract above your hand first (or press Arrange).")

    def arrange_message(self, view: RV, chosen: int | None = None) -> str:
        return _("Your hand cannot make this round's contract yet.")

    def focus(self, view: RV, chosen: int | None) -> int | None:
        """The goal being built now (Monastery: a mission number), if the game has goals."""
        return None

    def progress(self, view: RV, seat: int) -> tuple[bool, ...] | None:
        """A seat's sheet of goals, ticked when done (Monastery's nine missions)."""
        return None

    def progress_names(self, view: RV) -> tuple[str, ...]:
        """What each goal of the sheet asks ("a run of 8"), for a seat's sheet opened
        from its panel."""
        return ()

    def goal_name(self, view: RV, number: int) -> str:
        """A goal on the sheet in words ("mission 4: a run of 5 in one suit")."""
        return _("goal {number}").format(number=number)

    def progress_caption(self, view: RV) -> tuple[str, ...]:
        """A few words beside the person's goal sheet saying what its boxes are, longest
        first: the first that fits is shown."""
        return ()

    def laid_label(self, view: RV) -> str:
        """The caption over the person's groups on the table."""
        return _("Your melds")

    def score_text(self, view: RV, seat: int) -> str:
        score = self.score(view, seat)
        # Translators: a seat's running score beside its name, abbreviated
        return ngettext("{score} pts", "{score} pts", score).format(score=score)

    has_score_sheet: bool = True
    """The game is played in rounds scored on a sheet (the pause menu offers it)."""

    def rounds_played(self, view: RV) -> int:
        return len(rounds_of(view).round_points)

    def round_words(self, view: RV) -> str:
        """Where the game stands, in a few words ("round 3"), for the menu's Continue:
        a message, worded when the menu is shown (the language may change meanwhile)."""
        return msg("round {number}", number=view.round)

    def summary_note(self, view: RV, event: RoundScored, seat: int) -> str | None:
        """A line for a seat on the round summary instead of its left-over cards."""
        return None

    def meld_drop(self, view: RV, cards: Sequence[Card], owner: int, index: int,
                  at_start: bool, on_card: Card | None) -> Action | None:
        """The action for dropping hand cards on a meld on the table, if the game has one."""
        return None

    def discard_to_meld(self, view: RV, seat: int, index: int, at_start: bool
                        ) -> Action | None:
        """The action for dragging the discard pile's top card onto a meld, out of turn,
        if the game has one (Shanghai!: the caller puts it there)."""
        return None

    def meld_name(self, view: RV, names: Sequence[str], human: int, seat: int, index: int,
                  at_start: bool = False) -> str:
        """A meld on the table in words: "the low end of North's run 4♥ 5♥ 6♥"."""
        meld = view.melds[seat][index]
        cards = cards_text(meld.cards)
        if meld.kind is MeldKind.RUN:
            if seat == human:
                said = _("the low end of your run {cards}") if at_start \
                    else _("the high end of your run {cards}")
            else:
                said = _("the low end of {name}'s run {cards}") if at_start \
                    else _("the high end of {name}'s run {cards}")
        else:
            kind = meld_kind_word(meld.kind)
            said = _("your {kind} {cards}") if seat == human else _("{name}'s {kind} {cards}")
            return said.format(kind=kind, name=names[seat], cards=cards)
        return said.format(name=names[seat], cards=cards)

    def calls(self, view: RV, names: Sequence[str], human: int, ask_always: bool = True
              ) -> tuple[str, list[tuple[str, Action | None]]] | None:
        """An out-of-turn question for the person: the sentence and its answers
        (``ask_always`` false: a chance the card cannot help is only offered, see
        ``unasked_call``)."""
        return None

    def unasked_call(self, view: RV) -> bool:
        """The person's open call chance is about a card that cannot help their hand:
        unless the settings ask every time, it is not asked, and passes for them as soon
        as no other seat is still to answer (so play is never held up for it)."""
        return False

    def declines(self, view: RV, action: Action | None) -> bool:
        """Whether an answer to a question passes or declines (``N`` gives it; ``Y``
        the first answer that does not): every question reads the same way."""
        return action is None

    def seat_note(self, view: RV, seat: int) -> str:
        """A few words under a seat's name (progress, calls left)."""
        return ""

    def seat_notes(self, view: RV, seat: int) -> tuple[str, ...]:
        """The seat's note in its full words, then shorter ones for a panel with little
        room (the panel shows the first that fits; the spoken name keeps the first)."""
        return (self.seat_note(view, seat),)

    def go_down_problem(self, view: RV, groups: Sequence[Sequence[Card]]) -> str | None:
        """Why these staged groups cannot go down, in the words of the side panel, when
        the game can tell before asking the engine (None: ask the engine)."""
        return None

    def out_seat(self, view: RV) -> int | None:
        """The seat that went out and is waiting for the round to end, if the game has
        such a moment (shown as "OUT")."""
        return None

    def final_turn(self, view: RV) -> bool:
        """Whether the person's turn is a last turn after someone went out."""
        return False

    def is_down(self, view: RV, seat: int) -> bool:
        """Whether the seat has laid its contract (games with a contract)."""
        return False

    def down_message(self, view: RV) -> str:
        """Why nothing more can be laid down: the person is down already."""
        return _("You are down already: add cards to the melds on the table instead.")

    def played_this_turn(self, view: RV) -> bool:
        """Whether the person has put cards on the table this turn (and may take them
        back)."""
        return False

    def score(self, view: RV, seat: int) -> int:
        """The running score shown beside a seat's name."""
        return int(totals_of(view).totals[seat])

    def total_cell(self, view: RV, seat: int) -> str:
        """The score sheet's total for a seat."""
        return str(self.score(view, seat))

    def round_columns(self, view: RV, event: RoundScored) -> list[tuple[str, tuple[int, ...]]]:
        return [(_("this round"), event.points), (_("total"), event.totals)]

    def sheet_cell(self, view: RV, round_index: int, seat: int) -> str:
        return str(rounds_of(view).round_points[round_index][seat])


MELD_KIND_WORDS = {
    # Translators: kinds of meld on the table, in "North's set 7♥ 7♠ 7♦"
    MeldKind.SET: N_("set"), MeldKind.RUN: N_("run"), MeldKind.DOUBLE_RUN: N_("double run"),
    MeldKind.SAME_SUIT: N_("suit group"), MeldKind.EVEN: N_("even group"),
    MeldKind.ODD: N_("odd group"),
}


def meld_kind_word(kind: MeldKind) -> str:
    """A kind of meld as a sentence names it ("set", "double run"), in the language."""
    return _(MELD_KIND_WORDS[kind])


def describe_table(game_id: str) -> TableDescription[RummyView]:
    """The description a rummy game's table registered (see ``tables``), as the shared
    rummy scene holds it: the seam where a game's own view type is forgotten. Sound as
    the scene hands it only views of its session's game, the game it was found by."""
    from .tables import table_for

    description = table_for(game_id).own
    if not isinstance(description, TableDescription):
        raise TypeError(f"{game_id} has its own table")
    return description
