"""What the Palace table says: the headline, the prompt, a seat's note, the game's end.

Palace is a shedding game with its own table scene (no melds, no rounds); this holds
its words, and the few hooks the game-over scene shares with the rummy games. Rules stay
in the engine: these only read the observation.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..engine import Card, GameView, TakeStack
from ..engine.palace import RESERVE_PLACEMENTS, PalaceView, Phase
from ..i18n import N_, _, cards_text, ngettext
from .describe import LogWords
from .palace_seen import rank_letter, rank_words
from .tables import TableEntry, register_table

if TYPE_CHECKING:
    from .app import App
    from .scenes.table_core import TableCore
    from .session import Session


def top_words(view: PalaceView) -> str:
    """The rank to beat, in a player's words."""
    top = view.top
    if top is None:
        return _("the stack is empty: anything goes")
    return _("{rank} or higher (a 2 always, an ace burns)").format(rank=rank_words(top))


@dataclass(frozen=True)
class PalaceTable:
    game_id: str = "palace"
    score_word: str = N_("cards left")
    score_one: str = N_("card left")
    ranks_everyone: bool = True
    """P-A15: the first out wins; the others follow by cards left, fewest first."""
    deck_colours: str | None = None
    """Colour plays no part in Palace: the player's deck colours setting holds."""

    def score_count(self, count: int) -> str:
        return ngettext("{count} card left", "{count} cards left", count).format(count=count)

    def headline(self, view: PalaceView) -> str:
        # Translators: the game's name, first in its headline
        game = _("Palace")
        if view.phase in (Phase.PICK_HIDDEN, Phase.BUILD_RESERVE):
            return game + "  \u00b7  " + _("Setting up the reserves")
        if view.phase is Phase.GAME_OVER:
            return game + "  \u00b7  " + _("Game over")
        top = view.top
        beat = _("Stack empty") if top is None else _("Top {rank}: play {rank}+").format(
            rank=rank_letter(top))
        # Translators: the cards left in Palace's deck, in the headline
        deck = _("Deck {count}").format(count=view.deck_size)
        return "  \u00b7  ".join((game, beat, deck))

    def prompt(self, view: PalaceView, names: Sequence[str], human: int) -> str:
        if view.phase is Phase.GAME_OVER:
            if view.winner is None:
                return _("The game is over: a draw, nobody went out.")
            if view.winner == human:
                return _("The game is over: you are out of cards and win.")
            return _("The game is over: {name} is out of cards and wins.").format(
                name=names[view.winner])
        mover = names[view.current]
        if view.current != human:
            if view.phase is Phase.PICK_HIDDEN:
                return _("{player} is picking a hidden reserve").format(player=mover)
            if view.phase is Phase.BUILD_RESERVE:
                return _("{player} is building a visible reserve").format(player=mover)
            return _("{player} to play").format(player=mover)
        if view.phase is Phase.PICK_HIDDEN:
            return _("Pick 3 of your 9 face-down cards, blind: they become your hidden "
                     "reserve")
        if view.phase is Phase.BUILD_RESERVE:
            made = len(view.reserves[human])
            return _("Drag cards to your visible reserve: placement {number} of {total} (one "
                     "rank, or a straight of 3+)").format(number=made + 1,
                                                          total=RESERVE_PLACEMENTS)
        if not view.hand:
            return _("Your hand and visible reserve are gone: click a hidden card to turn it "
                     "up")
        if view.legal == (TakeStack(),):
            return _("Nothing of yours goes on the stack: take it")
        if view.again:
            return _("Your ace burned the stack: place again, anything goes")
        if view.top is None:
            return _("Your turn: the stack is empty, so anything goes")
        return _("Your turn: place {what}").format(what=top_words(view))

    def spoken_prompt(self, view: PalaceView, names: Sequence[str], human: int) -> str:
        """The prompt, with the keys that do what it asks where it speaks of the mouse
        (the screen has no room for them; speech says them)."""
        said = self.prompt(view, names, human)
        if view.current == human and view.phase is Phase.BUILD_RESERVE:
            return _("{prompt}. Keys: arrows and Space select cards, Enter puts them "
                     "there").format(prompt=said)
        if view.current == human and view.phase is Phase.PLAY and not view.hand:
            return _("{prompt}. Keys: 1, 2 or 3 turns up that hidden card").format(
                prompt=said)
        return said

    def final_words(self, view: PalaceView, names: Sequence[str], human: int,
                    cards: Sequence[Card]) -> str:
        """Who won, and with which placement: "West wins with 7♥"."""
        if view.winner is None:
            return _("A draw: the placement limit was reached with nobody out")
        if view.winner == human:
            return _("You win with {cards}").format(cards=cards_text(tuple(cards))) \
                if cards else _("You win")
        name = names[view.winner]
        return _("{name} wins with {cards}").format(name=name, cards=cards_text(tuple(cards))) \
            if cards else _("{name} wins").format(name=name)

    def seat_note(self, view: PalaceView, seat: int) -> str:
        left = view.cards_left(seat)
        return ngettext("{count} card left", "{count} cards left", left).format(count=left)

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
                          # Translators: Palace's draw pile, in "West drew from the deck"
                          LogWords(stock=N_("deck"))))
