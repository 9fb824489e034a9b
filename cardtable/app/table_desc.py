"""Per-game table descriptions: what one table scene needs to know about each game.

The table scene is shared by every game; a description says which zones the game uses,
what the header says, how a staged lay-down becomes an action, and which engine helpers
build or check melds. Rules stay in the engine: these only translate.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar, runtime_checkable

from ..engine import (
    Action,
    Card,
    Meld,
    MeldKind,
    MeldRules,
    pretty_cards,
)
from ..engine.cards import Rank
from ..engine.events import RoundScored
from ..engine.melds import as_meld, run_positions
from ..engine.rummy import RummyView as RummyView  # the scenes read it from here

RV = TypeVar("RV", bound=RummyView)
"""A rummy game's own view type (``RummyView``: the fields the shared table reads)."""


@runtime_checkable
class RoundsView(Protocol):
    """A view with each round's points on a plain score sheet (Five Crowns, Shanghai;
    a game without says how its sheet reads)."""

    @property
    def round_points(self) -> tuple[tuple[int, ...], ...]: ...


@runtime_checkable
class TotalsView(Protocol):
    """A view with each seat's running total (a game without says how it scores)."""

    @property
    def totals(self) -> tuple[int, ...]: ...


def _rounds(view: RummyView) -> RoundsView:
    if not isinstance(view, RoundsView):
        raise TypeError(f"{type(view).__name__} has no round points: its table must say "
                        "how its score sheet reads")
    return view


def _totals(view: RummyView) -> TotalsView:
    if not isinstance(view, TotalsView):
        raise TypeError(f"{type(view).__name__} has no running totals: its table must "
                        "say how it scores")
    return view


@dataclass(frozen=True)
class TableDescription(ABC, Generic[RV]):
    """What the shared table scene asks of a game, about views of the game's own type
    ``RV``. Defaults suit the simplest game."""

    game_id: str = ""
    meld_building: bool = True
    buttons: tuple[tuple[str, str, bool], ...] = (
        ("Sort by suit  [S]", "sort_suit", False), ("Sort by rank  [R]", "sort_rank", False),
        ("Arrange for me  [A]", "arrange", False), ("Clear melds  [C]", "clear_groups", False),
        ("Go out", "commit_selected", True),
        ("Hint  [H]", "hint", False), ("Menu  [Esc]", "pause", False))
    """Control buttons: label, the table scene's method, primary."""

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
    score_word: str = "points"
    deck_colours: str | None = None
    """The card colour scheme the game's rules need ("two": red and black, where colour
    is a rule); None: the player's setting."""

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

    def group_label(self, view: RV, cards: Sequence[Card]) -> tuple[str, bool]:
        """The label over a group being built, and whether it is good."""
        made = self.group(view, cards)
        if isinstance(made, Meld):
            word = self.rules(view).set_word if made.kind is MeldKind.SET else "run"
            return "\u2713 " + word.capitalize(), True
        return "\u2717", False

    def ready_message(self, view: RV) -> str:
        return "The contract is ready: press Go down."

    def build_first_message(self, view: RV) -> str:
        """What Go down says when no groups are built above the hand."""
        return "Build the round's contract above your hand first (or press Arrange)."

    def arrange_message(self, view: RV, chosen: int | None = None) -> str:
        return "Your hand cannot make this round's contract yet."

    def focus(self, view: RV, chosen: int | None) -> int | None:
        """The goal being built now (Monastery: a mission number), if the game has goals."""
        return None

    def progress(self, view: RV, seat: int) -> tuple[bool, ...] | None:
        """A seat's sheet of goals, ticked when done (Monastery's nine missions)."""
        return None

    def progress_caption(self, view: RV) -> tuple[str, ...]:
        """A few words beside the person's goal sheet saying what its boxes are, longest
        first: the first that fits is shown."""
        return ()

    def laid_label(self, view: RV) -> str:
        """The caption over the person's groups on the table."""
        return "Your melds"

    def score_text(self, view: RV, seat: int) -> str:
        return f"{self.score(view, seat)} pts"

    has_score_sheet: bool = True
    """The game is played in rounds scored on a sheet (the pause menu offers it)."""

    def rounds_played(self, view: RV) -> int:
        return len(_rounds(view).round_points)

    def round_words(self, view: RV) -> str:
        """Where the game stands, in a few words ("round 3"), for the menu's Continue."""
        return f"round {view.round}"

    def summary_note(self, view: RV, event: RoundScored, seat: int) -> str | None:
        """A line for a seat on the round summary instead of its left-over cards."""
        return None

    def meld_drop(self, view: RV, cards: Sequence[Card], owner: int, index: int,
                  at_start: bool, on_card: Card | None) -> Action | None:
        """The action for dropping hand cards on a meld on the table, if the game has one."""
        return None

    def meld_name(self, view: RV, names: Sequence[str], human: int, seat: int, index: int,
                  at_start: bool = False) -> str:
        """A meld on the table in words: "the low end of North's run 4♥ 5♥ 6♥"."""
        meld = view.melds[seat][index]
        whose = "your" if seat == human else f"{names[seat]}'s"
        where = ("the low end of " if at_start else "the high end of ") \
            if meld.kind is MeldKind.RUN else ""
        return f"{where}{whose} {meld.kind.value} {pretty_cards(meld.cards)}"

    def calls(self, view: RV, names: Sequence[str], human: int) -> tuple[str, list[
            tuple[str, Action | None]]] | None:
        """An out-of-turn question for the person: the sentence and its answers."""
        return None

    def seat_note(self, view: RV, seat: int) -> str:
        """A few words under a seat's name (progress, calls left)."""
        return ""

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
        return "You are down already: add cards to the melds on the table instead."

    def played_this_turn(self, view: RV) -> bool:
        """Whether the person has put cards on the table this turn (and may take them
        back)."""
        return False

    def score(self, view: RV, seat: int) -> int:
        """The running score shown beside a seat's name."""
        return int(_totals(view).totals[seat])

    def total_cell(self, view: RV, seat: int) -> str:
        """The score sheet's total for a seat."""
        return str(self.score(view, seat))

    def round_columns(self, view: RV, event: RoundScored) -> list[tuple[str, tuple[int, ...]]]:
        return [("this round", event.points), ("total", event.totals)]

    def sheet_cell(self, view: RV, round_index: int, seat: int) -> str:
        return str(_rounds(view).round_points[round_index][seat])


def describe_table(game_id: str) -> TableDescription[RummyView]:
    """The description a rummy game's table registered (see ``tables``), as the shared
    rummy scene holds it: the seam where a game's own view type is forgotten. Sound as
    the scene hands it only views of its session's game, the game it was found by."""
    from .tables import table_for

    description = table_for(game_id).own
    if not isinstance(description, TableDescription):
        raise TypeError(f"{game_id} has its own table")
    return description


def wild_labels(meld: Meld, rules: MeldRules) -> list[str | None]:
    """What each wild of a laid meld stands for ("7♥"; "7" where any suit would do),
    and None for its naturals: a player should not have to work out a run's gaps."""
    wild = [rules.is_wild(card) for card in meld.cards]
    naturals = [card for card, is_wild in zip(meld.cards, wild) if not is_wild]
    if not any(wild) or not naturals:
        return [None] * len(meld.cards)
    if meld.kind is MeldKind.SET:
        rank = naturals[0].rank.code
        return [rank if is_wild else None for is_wild in wild]
    positions = run_positions(meld.cards, rules)
    if positions is None:
        return [None] * len(meld.cards)
    suits = {card.suit for card in naturals if card.suit is not None}
    suit = next(iter(suits)).symbol if len(suits) == 1 else ""
    return [f"{Rank(1 if position == 14 else position).code}{suit}" if is_wild else None
            for position, is_wild in zip(positions, wild)]
