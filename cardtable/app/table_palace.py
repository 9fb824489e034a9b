"""What the Palace table says: the headline, the prompt, a seat's note, the game's end.

Palace is a shedding game with its own table scene (no melds, no rounds); this holds
its words, and the few hooks the game-over scene shares with the rummy games. Rules stay
in the engine: these only read the observation.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..engine import Card, GameView, TakeStack, pretty_cards
from ..engine.palace import RESERVE_PLACEMENTS, PalaceView, Phase
from ..engine.placements import rank_name
from .describe import LogWords
from .grammar import plural
from .palace_seen import rank_words
from .tables import TableEntry, register_table

if TYPE_CHECKING:
    from .app import App
    from .scenes.table_core import TableCore
    from .session import Session


def top_words(view: PalaceView) -> str:
    """The rank to beat, in a player's words."""
    top = view.top
    if top is None:
        return "the stack is empty: anything goes"
    return f"{rank_words(top)} or higher (a 2 always, an ace burns)"


@dataclass(frozen=True)
class PalaceTable:
    game_id: str = "palace"
    score_word: str = "cards left"
    score_one: str = "card left"
    ranks_everyone: bool = True
    """P-A15: the first out wins; the others follow by cards left, fewest first."""
    deck_colours: str | None = None
    """Colour plays no part in Palace: the player's deck colours setting holds."""

    def headline(self, view: PalaceView) -> str:
        if view.phase in (Phase.PICK_HIDDEN, Phase.BUILD_RESERVE):
            return "Palace  \u00b7  Setting up the reserves"
        if view.phase is Phase.GAME_OVER:
            return "Palace  \u00b7  Game over"
        top = view.top
        beat = "Stack empty" if top is None else f"Top {rank_name(top)}: play {rank_name(top)}+"
        return f"Palace  \u00b7  {beat}  \u00b7  Deck {view.deck_size}"

    def prompt(self, view: PalaceView, names: Sequence[str], human: int) -> str:
        if view.phase is Phase.GAME_OVER:
            if view.winner is None:
                return "The game is over: a draw, nobody went out."
            if view.winner == human:
                return "The game is over: you are out of cards and win."
            return f"The game is over: {names[view.winner]} is out of cards and wins."
        mover = names[view.current]
        if view.current != human:
            verb = {Phase.PICK_HIDDEN: "is picking a hidden reserve",
                    Phase.BUILD_RESERVE: "is building a visible reserve"}.get(view.phase,
                                                                               "to play")
            return f"{mover} {verb}"
        if view.phase is Phase.PICK_HIDDEN:
            return "Pick 3 of your 9 face-down cards, blind: they become your hidden reserve"
        if view.phase is Phase.BUILD_RESERVE:
            made = len(view.reserves[human])
            return (f"Drag cards to your visible reserve: placement {made + 1} of "
                    f"{RESERVE_PLACEMENTS} (one rank, or a straight of 3+)")
        if not view.hand:
            return "Your hand and visible reserve are gone: click a hidden card to turn it up"
        if view.legal == (TakeStack(),):
            return "Nothing of yours goes on the stack: take it"
        if view.again:
            return "Your ace burned the stack: place again, anything goes"
        if view.top is None:
            return "Your turn: the stack is empty, so anything goes"
        return f"Your turn: place {top_words(view)}"

    def spoken_prompt(self, view: PalaceView, names: Sequence[str], human: int) -> str:
        """The prompt, with the keys that do what it asks where it speaks of the mouse
        (the screen has no room for them; speech says them)."""
        said = self.prompt(view, names, human)
        if view.current == human and view.phase is Phase.BUILD_RESERVE:
            return said + ". Keys: arrows and Space select cards, Enter puts them there"
        if view.current == human and view.phase is Phase.PLAY and not view.hand:
            return said + ". Keys: 1, 2 or 3 turns up that hidden card"
        return said

    def final_words(self, view: PalaceView, names: Sequence[str], human: int,
                    cards: Sequence[Card]) -> str:
        """Who won, and with which placement: "West wins with 7♥"."""
        if view.winner is None:
            return "A draw: the placement limit was reached with nobody out"
        said = "You win" if view.winner == human else f"{names[view.winner]} wins"
        return f"{said} with {pretty_cards(cards)}" if cards else said

    def seat_note(self, view: PalaceView, seat: int) -> str:
        left = view.cards_left(seat)
        return plural(left, "card left", "cards left")

    # --- the hooks the game-over scene shares with the rummy tables --------------------

    def progress(self, view: PalaceView, seat: int) -> None:
        return None

    has_score_sheet: bool = False
    """No rounds: nothing to show on a score sheet."""

    def rounds_played(self, view: PalaceView) -> int:
        return 0

    def round_words(self, view: PalaceView) -> str:
        return ""

    def sheet_cell(self, view: PalaceView, round_index: int, seat: int) -> str:
        return ""

    def total_cell(self, view: PalaceView, seat: int) -> str:
        return str(view.cards_left(seat))


def _palace_scene(app: App, session: Session[PalaceView]) -> TableCore[GameView]:
    from .scenes.palace_table import PalaceTableScene

    return PalaceTableScene(app, session)


register_table(TableEntry("palace", PalaceView, PalaceTable(), _palace_scene,
                          LogWords(stock="deck")))
