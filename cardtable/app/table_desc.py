"""Per-game table descriptions: what one table scene needs to know about each game.

The table scene is shared by every game; a description says which zones the game uses,
what the header says, how a staged lay-down becomes an action, and which engine helpers
build or check melds. Rules stay in the engine: these only translate.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Collection, Sequence
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
    score_one: str = "point"
    """``score_word`` for a score of 1 ("1 point")."""
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

    def progress_names(self, view: RV) -> tuple[str, ...]:
        """What each goal of the sheet asks ("a run of 8"), for a seat's sheet opened
        from its panel."""
        return ()

    def goal_name(self, view: RV, number: int) -> str:
        """A goal on the sheet in words ("mission 4: a run of 5 in one suit")."""
        return f"goal {number}"

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
    and None for its naturals: a player should not have to work out a run's gaps.
    Wilds side by side share one badge on the first of them ("6–8♥"): the cards
    overlap, and one badge per card ran together ("101010")."""
    wild = [rules.is_wild(card) for card in meld.cards]
    naturals = [card for card, is_wild in zip(meld.cards, wild) if not is_wild]
    if not any(wild) or not naturals:
        return [None] * len(meld.cards)
    stands = _stands_for(meld, rules, wild, naturals)
    if stands is None:
        return [None] * len(meld.cards)
    labels: list[str | None] = [None] * len(meld.cards)
    index = 0
    while index < len(wild):
        end = index
        while end < len(wild) and wild[end]:
            end += 1
        if end > index:
            labels[index] = _streak_label(stands[index:end])
        index = max(end, index + 1)
    return labels


def _stands_for(meld: Meld, rules: MeldRules, wild: list[bool],
                naturals: list[Card]) -> list[tuple[int, str]] | None:
    """The rank (a run position, 14 for a high ace) and suit symbol ("" where any
    suit would do) each card stands for, or None where the meld's shape is not known."""
    def suit(card: Card, common: str) -> str:
        # An ace wild only within its suit (Monastery) stands for a card of that suit.
        own = rules.aces_wild_in_suit and card.rank is Rank.ACE and card.suit is not None
        return card.suit.symbol if own and card.suit is not None else common

    if meld.kind is MeldKind.SET:
        rank = int(naturals[0].rank)
        return [(rank, suit(card, "")) for card in meld.cards]
    if meld.kind is MeldKind.DOUBLE_RUN:
        first = next(index for index, is_wild in enumerate(wild) if not is_wild)
        start = int(meld.cards[first].rank) - first // 2
        return [(start + index // 2, suit(card, "")) for index, card in enumerate(meld.cards)]
    positions = run_positions(meld.cards, rules)
    if positions is None:
        return None
    suits = {card.suit for card in naturals if card.suit is not None}
    common = next(iter(suits)).symbol if len(suits) == 1 else ""
    return [(position, suit(card, common)) for position, card in zip(positions, meld.cards)]


def _streak_label(stands: Sequence[tuple[int, str]]) -> str:
    """One badge for wilds side by side: a rank ("9"), or a span of ranks ("6–8"),
    then the suits they stand for, each once ("♥", "♥♦")."""
    def code(rank: int) -> str:
        return Rank(1 if rank == 14 else rank).code

    low, high = stands[0][0], stands[-1][0]
    suits = "".join(dict.fromkeys(symbol for _, symbol in stands))
    return (code(low) if low == high else f"{code(low)}–{code(high)}") + suits
