"""The registry of game tables: each game's table module registers how the window shows
it (the scene to open, the description the scene reads, the words of the move log).
Modules named ``table_*`` are found and imported on first use, so adding a game's table
means adding one module, never editing a list.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..engine import catalog
from ..engine.plugins import import_all
from .describe import LogWords

if TYPE_CHECKING:
    from .scenes.table_core import TableCore
    from .session import Session


@dataclass(frozen=True)
class TableEntry:
    game_id: str
    description: Any
    """What the scene reads about the game (a ``TableDescription`` for the rummy
    games; Palace has its own)."""
    scene: Callable[[Any, Session], TableCore]
    """Opens the game's table scene for (app, session)."""
    words: LogWords = LogWords()


_TABLES: dict[str, TableEntry] = {}


def register_table(entry: TableEntry) -> None:
    if entry.game_id in _TABLES:
        raise ValueError(f"two tables registered for {entry.game_id}")
    _TABLES[entry.game_id] = entry


_loaded: list[bool] = []


def _load() -> None:
    """Import every table module once (some may have been imported already)."""
    if not _loaded:
        from .. import app

        import_all(app.__name__, app.__path__, prefix="table_")
        _loaded.append(True)


def table_for(game_id: str) -> TableEntry:
    """The registered table of a game (KeyError if it has none)."""
    _load()
    return _TABLES[game_id]


def playable(game_id: str) -> bool:
    """A game can be played at the table once its rules and its table exist."""
    _load()
    return game_id in _TABLES and any(info.id == game_id for info in catalog())


def deck_colours(game_id: str, chosen: str) -> str:
    """The cards' colour scheme for a game: the game's own when its rules speak of colour
    (Monastery's missions "in colour" need red and black), otherwise the player's setting
    (see ``cardart.SCHEMES``). One answer for the table, its rules page and its replay."""
    forced: str | None = None
    if playable(game_id):
        forced = table_for(game_id).description.deck_colours
    if forced == "two" and chosen == "contrast":
        return chosen  # red and black as the rules ask, in high contrast
    return forced or chosen


def rummy_scene(app: Any, session: Session) -> TableCore:
    """The shared rummy table scene, for games described by a ``TableDescription``."""
    from .scenes.table import TableScene

    return TableScene(app, session)
