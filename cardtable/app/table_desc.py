"""Per-game table descriptions: what one table scene needs to know about each game.

The table scene is shared by every game; a description says which zones the game uses,
what the header says, how a staged lay-down becomes an action, and which engine helpers
build or check melds. Rules stay in the engine: these only translate.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from ..engine import (
    Action,
    Card,
    Meld,
    MeldKind,
    MeldRules,
    pretty_cards,
)
from ..engine.cards import Rank
from ..engine.melds import as_meld, run_positions


class RummyView(Protocol):
    """What the shared rummy table reads of any rummy game's observation (each game's
    view is a frozen dataclass with at least these fields); anything else it learns
    through the game's description."""

    @property
    def game_id(self) -> str: ...
    @property
    def seat(self) -> int: ...
    @property
    def seats(self) -> int: ...
    @property
    def dealer(self) -> int: ...
    @property
    def current(self) -> int: ...
    @property
    def hand(self) -> tuple[Card, ...]: ...
    @property
    def hand_sizes(self) -> tuple[int, ...]: ...
    @property
    def stock_size(self) -> int: ...
    @property
    def discard_pile(self) -> tuple[Card, ...]: ...
    @property
    def top_discard(self) -> Card | None: ...
    @property
    def melds(self) -> tuple[tuple[Meld, ...], ...]: ...
    @property
    def awaiting(self) -> tuple[int, ...]: ...
    @property
    def legal(self) -> tuple[Action, ...]: ...
    @property
    def to_draw(self) -> bool: ...
    @property
    def to_play(self) -> bool: ...


@dataclass(frozen=True)
class TableDescription(ABC):
    """What the shared table scene asks of a game. Defaults suit the simplest game."""

    game_id: str = ""
    meld_building: bool = True
    buttons: tuple[tuple[str, str, bool], ...] = (
        ("Sort by suit  [S]", "sort_suit", False), ("Sort by rank  [R]", "sort_rank", False),
        ("Arrange for me  [A]", "arrange", False), ("Clear melds  [C]", "clear_groups", False),
        ("Go out", "commit_selected", True),
        ("Hint  [H]", "hint", False), ("Menu  [Esc]", "pause", False))
    """Control buttons: label, the table scene's method, primary."""

    @abstractmethod
    def rules(self, view: Any) -> MeldRules:
        """The meld rules of the round on the table."""

    @abstractmethod
    def headline(self, view: Any) -> str:
        """Round and its particulars ("Round 3 of 11  ·  Fives are wild")."""

    @abstractmethod
    def prompt(self, view: Any, names: Sequence[str], human: int) -> str:
        """What the person should do now, or whom the table waits for."""

    @abstractmethod
    def points(self, view: Any, cards: Sequence[Card]) -> int:
        """Penalty points of these cards if left in hand."""

    @abstractmethod
    def commit(self, view: Any, groups: Sequence[Sequence[Card]], discard: Card) -> Action:
        """The action for discarding ``discard`` with these staged groups."""

    @abstractmethod
    def arrangement(self, view: Any, chosen: int | None = None
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

    def discard_for(self, view: Any, groups: Sequence[Sequence[Card]],
                    selected: Collection[Card]) -> Card | None:
        """The card Go out (or Discard) would throw: the one selected, or else the one
        card the groups being built leave in hand (it need not be picked out first)."""
        if len(selected) == 1:
            return next(iter(selected))
        staged = {card for cards in groups for card in cards}
        rest = [card for card in view.hand if card not in staged]
        return rest[0] if groups and len(rest) == 1 else None

    def is_wild(self, view: Any, card: Card) -> bool:
        return self.rules(view).is_wild(card)

    def group(self, view: Any, cards: Sequence[Card]) -> Meld | str:
        return as_meld(cards, self.rules(view))

    def go_down(self, view: Any, groups: Sequence[Sequence[Card]],
                chosen: int | None = None) -> Action | None:
        """The action that lays staged groups down on their own (contract games)."""
        return None

    def build_status(self, view: Any, groups: Sequence[Sequence[Card]],
                     chosen: int | None = None) -> tuple[str, bool | None] | None:
        """A game's own words for the groups being built (``None``: the default check of
        each group and the points left in hand)."""
        return None

    def shown_order(self, view: Any, cards: Sequence[Card]) -> list[Card]:
        """A group being built as it is shown: a run in sequence, its wilds where they
        stand (not in the order the cards were added); anything else as added."""
        made = self.group(view, cards)
        if isinstance(made, Meld) and made.kind is MeldKind.RUN:
            return list(made.cards)
        return list(cards)

    def group_label(self, view: Any, cards: Sequence[Card]) -> tuple[str, bool]:
        """The label over a group being built, and whether it is good."""
        made = self.group(view, cards)
        if isinstance(made, Meld):
            word = self.rules(view).set_word if made.kind is MeldKind.SET else "run"
            return "\u2713 " + word.capitalize(), True
        return "\u2717", False

    def ready_message(self, view: Any) -> str:
        return "The contract is ready: press Go down."

    def build_first_message(self, view: Any) -> str:
        """What Go down says when no groups are built above the hand."""
        return "Build the round's contract above your hand first (or press Arrange)."

    def arrange_message(self, view: Any, chosen: int | None = None) -> str:
        return "Your hand cannot make this round's contract yet."

    def focus(self, view: Any, chosen: int | None) -> int | None:
        """The goal being built now (Monastery: a mission number), if the game has goals."""
        return None

    def progress(self, view: Any, seat: int) -> tuple[bool, ...] | None:
        """A seat's sheet of goals, ticked when done (Monastery's nine missions)."""
        return None

    def progress_names(self, view: Any) -> tuple[str, ...]:
        """What each goal of the sheet asks ("a run of 8"), for a seat's sheet opened
        from its panel."""
        return ()

    def goal_name(self, view: Any, number: int) -> str:
        """A goal on the sheet in words ("mission 4: a run of 5 in one suit")."""
        return f"goal {number}"

    def progress_caption(self, view: Any) -> tuple[str, ...]:
        """A few words beside the person's goal sheet saying what its boxes are, longest
        first: the first that fits is shown."""
        return ()

    def laid_label(self, view: Any) -> str:
        """The caption over the person's groups on the table."""
        return "Your melds"

    def score_text(self, view: Any, seat: int) -> str:
        return f"{self.score(view, seat)} pts"

    has_score_sheet: bool = True
    """The game is played in rounds scored on a sheet (the pause menu offers it)."""

    def rounds_played(self, view: Any) -> int:
        return len(view.round_points)

    def round_words(self, view: Any) -> str:
        """Where the game stands, in a few words ("round 3"), for the menu's Continue."""
        return f"round {view.round}"

    def summary_note(self, view: Any, event: Any, seat: int) -> str | None:
        """A line for a seat on the round summary instead of its left-over cards."""
        return None

    def meld_drop(self, view: Any, cards: Sequence[Card], owner: int, index: int,
                  at_start: bool, on_card: Card | None) -> Action | None:
        """The action for dropping hand cards on a meld on the table, if the game has one."""
        return None

    def meld_name(self, view: Any, names: Sequence[str], human: int, seat: int, index: int,
                  at_start: bool = False) -> str:
        """A meld on the table in words: "the low end of North's run 4♥ 5♥ 6♥"."""
        meld = view.melds[seat][index]
        whose = "your" if seat == human else f"{names[seat]}'s"
        where = ("the low end of " if at_start else "the high end of ") \
            if meld.kind is MeldKind.RUN else ""
        return f"{where}{whose} {meld.kind.value} {pretty_cards(meld.cards)}"

    def calls(self, view: Any, names: Sequence[str], human: int, ask_always: bool = True
              ) -> tuple[str, list[tuple[str, Action | None]]] | None:
        """An out-of-turn question for the person: the sentence and its answers
        (``ask_always`` false: a chance the card cannot help is only offered, see
        ``unasked_call``)."""
        return None

    def unasked_call(self, view: Any) -> bool:
        """The person's open call chance is about a card that cannot help their hand:
        unless the settings ask every time, it is not asked, and passes for them as soon
        as no other seat is still to answer (so play is never held up for it)."""
        return False

    def declines(self, view: Any, action: Action | None) -> bool:
        """Whether an answer to a question passes or declines (``N`` gives it; ``Y``
        the first answer that does not): every question reads the same way."""
        return action is None

    def seat_note(self, view: Any, seat: int) -> str:
        """A few words under a seat's name (progress, calls left)."""
        return ""

    def go_down_problem(self, view: Any, groups: Sequence[Sequence[Card]]) -> str | None:
        """Why these staged groups cannot go down, in the words of the side panel, when
        the game can tell before asking the engine (None: ask the engine)."""
        return None

    def out_seat(self, view: Any) -> int | None:
        """The seat that went out and is waiting for the round to end, if the game has
        such a moment (shown as "OUT")."""
        return None

    def final_turn(self, view: Any) -> bool:
        """Whether the person's turn is a last turn after someone went out."""
        return False

    def is_down(self, view: Any, seat: int) -> bool:
        """Whether the seat has laid its contract (games with a contract)."""
        return False

    def down_message(self, view: Any) -> str:
        """Why nothing more can be laid down: the person is down already."""
        return "You are down already: add cards to the melds on the table instead."

    def played_this_turn(self, view: Any) -> bool:
        """Whether the person has put cards on the table this turn (and may take them
        back)."""
        return False

    def score(self, view: Any, seat: int) -> int:
        """The running score shown beside a seat's name."""
        return int(view.totals[seat])

    def total_cell(self, view: Any, seat: int) -> str:
        """The score sheet's total for a seat."""
        return str(self.score(view, seat))

    def round_columns(self, view: Any, event: Any) -> list[tuple[str, tuple[int, ...]]]:
        return [("this round", event.points), ("total", event.totals)]

    def sheet_cell(self, view: Any, round_index: int, seat: int) -> str:
        return str(view.round_points[round_index][seat])


def describe_table(game_id: str) -> TableDescription:
    """The description a rummy game's table registered (see ``tables``)."""
    from .tables import table_for

    description = table_for(game_id).description
    assert isinstance(description, TableDescription), f"{game_id} has its own table"
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
