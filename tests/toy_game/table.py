"""Match's table: the shared rummy table, told by a description that Match has no melds
and no rounds, and what its header and prompt say. Registered with the app's table
registry as a real game's ``cardtable/app/table_<game>.py`` is, with its in-app rules
page beside it (``rules_page.txt``: a game kept outside the package brings its own).

Match's view has the fields the rummy table reads (``engine.rummy.RummyView``), so the
table, its screen model, its keys, its replay and the shared scenes (pause, game over,
rules) show it with no code of their own.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from cardtable.app.describe import LogWords
from cardtable.app.table_desc import TableDescription
from cardtable.app.tables import TableEntry, register_table, rummy_scene
from cardtable.engine import Action, Card, Discard, MeldRules
from cardtable.i18n import ngettext
from toy_game.rules import Match, MatchView

NO_MELDS = MeldRules(jokers_wild=False)
"""Match has no melds and no wilds (a pack without jokers)."""


@dataclass(frozen=True)
class MatchTable(TableDescription[MatchView]):
    game_id: str = Match.id
    meld_building: bool = False
    """No melds: no row of groups being built above the hand."""
    buttons: tuple[tuple[str, str, bool], ...] = (
        ("Sort by suit  [S]", "sort_suit", False), ("Sort by rank  [R]", "sort_rank", False),
        ("Hint  [H]", "hint", False), ("Menu  [Esc]", "pause", False))
    """A card is played by dropping it on the pile (or Enter there), a draw by the stock."""
    has_score_sheet: bool = False
    """One hand, no rounds: nothing for a score sheet."""
    score_word: str = "cards left"
    score_one: str = "card left"

    def rules(self, view: MatchView) -> MeldRules:
        return NO_MELDS

    def headline(self, view: MatchView) -> str:
        top = view.top_discard
        match = f"Match the {top.pretty}" if top else "Match"
        eights = "  \u00b7  Eights on anything" if view.options and \
            view.options.eights_anywhere else ""
        return f"{match}{eights}  \u00b7  Stock {view.stock_size}"

    def prompt(self, view: MatchView, names: Sequence[str], human: int) -> str:
        if view.over:
            winner = view.winner
            if winner is None:
                return "The game is over: nobody can play, fewest cards left wins."
            return "The game is over: " + ("you are out of cards and win." if winner == human
                                           else f"{names[winner]} is out of cards and wins.")
        if view.current != human:
            return f"{names[view.current]} to play"
        if view.to_play:
            return "Your turn: drop a card of the top card's suit or rank on the pile, " \
                "or draw"
        return "Nothing of yours matches the top card: draw from the stock"

    def points(self, view: MatchView, cards: Sequence[Card]) -> int:
        return len(cards)

    def commit(self, view: MatchView, groups: Sequence[Sequence[Card]],
               discard: Card) -> Action:
        return Discard(discard)

    def arrangement(self, view: MatchView, chosen: int | None = None
                    ) -> tuple[list[list[Card]], Card | None]:
        return [], None

    def build_status(self, view: MatchView, groups: Sequence[Sequence[Card]],
                     chosen: int | None = None) -> tuple[str, bool | None] | None:
        return "", None  # no groups are built: no status line over the hand

    def score(self, view: MatchView, seat: int) -> int:
        return view.hand_sizes[seat]

    def score_text(self, view: MatchView, seat: int) -> str:
        count = view.hand_sizes[seat]
        return ngettext("{count} card left", "{count} cards left", count).format(count=count)

    def rounds_played(self, view: MatchView) -> int:
        return 0

    def round_words(self, view: MatchView) -> str:
        return ""

    def sheet_cell(self, view: MatchView, round_index: int, seat: int) -> str:
        return ""

    def total_cell(self, view: MatchView, seat: int) -> str:
        return str(view.hand_sizes[seat])


register_table(TableEntry(Match.id, MatchView, MatchTable(), rummy_scene, LogWords(),
                          rules_page=Path(__file__).with_name("rules_page.txt")))
