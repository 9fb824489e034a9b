"""The registry of game tables: each game's table module registers how the window shows
it (the scene to open, the description the scene reads, the words of the move log).
Modules named ``table_*`` are found and imported on first use, so adding a game's table
means adding one module, never editing a list.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from importlib.resources.abc import Traversable
from typing import TYPE_CHECKING, Generic, Protocol, TypeGuard, TypeVar

from ..engine import GameView, catalog
from ..engine.plugins import import_all
from ..engine.rummy import RummyView
from ..engine.variant import V, WrongGameError, narrowed
from .describe import LogWords

if TYPE_CHECKING:
    from .app import App
    from .scenes.table_core import TableCore
    from .session import Session, SomeSession

V_contra = TypeVar("V_contra", bound=GameView, contravariant=True)


class GameTable(Protocol[V_contra]):
    """What every game's table description offers the scenes all games share (pause,
    score sheet, game over, statistics, saves), about views of its game's type."""

    @property
    def deck_colours(self) -> str | None: ...
    @property
    def has_score_sheet(self) -> bool: ...
    @property
    def ranks_everyone(self) -> bool: ...
    @property
    def score_word(self) -> str: ...
    @property
    def score_one(self) -> str: ...

    def score_count(self, count: int) -> str: ...
    def headline(self, view: V_contra) -> str: ...
    def progress(self, view: V_contra, seat: int) -> tuple[bool, ...] | None: ...
    def rounds_played(self, view: V_contra) -> int: ...
    def round_words(self, view: V_contra) -> str: ...
    def sheet_cell(self, view: V_contra, round_index: int, seat: int) -> str: ...
    def total_cell(self, view: V_contra, seat: int) -> str: ...


@dataclass(frozen=True)
class _Checked(Generic[V]):
    """A game's description as the shared scenes hold it: each view it is handed is
    checked to be the game's own view type (``narrowed``) before the game reads it."""

    view_type: type[V]
    own: GameTable[V]

    @property
    def deck_colours(self) -> str | None:
        return self.own.deck_colours

    @property
    def has_score_sheet(self) -> bool:
        return self.own.has_score_sheet

    @property
    def ranks_everyone(self) -> bool:
        return self.own.ranks_everyone

    @property
    def score_word(self) -> str:
        return self.own.score_word

    @property
    def score_one(self) -> str:
        return self.own.score_one

    def score_count(self, count: int) -> str:
        """A score with its unit in the player's language ("1 point", "3 cards left")."""
        return self.own.score_count(count)

    def headline(self, view: GameView) -> str:
        return self.own.headline(narrowed(view, self.view_type))

    def progress(self, view: GameView, seat: int) -> tuple[bool, ...] | None:
        return self.own.progress(narrowed(view, self.view_type), seat)

    def rounds_played(self, view: GameView) -> int:
        return self.own.rounds_played(narrowed(view, self.view_type))

    def round_words(self, view: GameView) -> str:
        return self.own.round_words(narrowed(view, self.view_type))

    def sheet_cell(self, view: GameView, round_index: int, seat: int) -> str:
        return self.own.sheet_cell(narrowed(view, self.view_type), round_index, seat)

    def total_cell(self, view: GameView, seat: int) -> str:
        return self.own.total_cell(narrowed(view, self.view_type), seat)


@dataclass(frozen=True)
class TableEntry(Generic[V]):
    """How the window shows one game, typed by the game's own view type ``V``."""

    game_id: str
    view_type: type[V]
    """The game's view type: what its description reads, checked at the seam."""
    own: GameTable[V]
    """What the scene reads about the game (a ``TableDescription`` for the rummy
    games; Palace has its own)."""
    opens: Callable[[App, Session[V]], TableCore[GameView]]
    """Opens the game's table scene for (app, session)."""
    words: LogWords = LogWords()
    rules_page: Traversable | None = None
    """The in-app rules page of a game kept outside the package (one shipped with it
    is ``rules/<id>.txt``, see ``rules_text``): a file beside the game's modules."""

    @property
    def description(self) -> GameTable[GameView]:
        """The description as code shared by every game holds it (views checked)."""
        return _Checked(self.view_type, self.own)

    def scene(self, app: App, session: SomeSession) -> TableCore[GameView]:
        """The game's table scene, once the session is seen to observe this game's view
        type (the one place a table meets the game it was found by)."""
        if not _observes(session, self.view_type):
            raise WrongGameError(f"the {self.game_id} table cannot show a game of "
                                 f"{session.game.game_id}")
        return self.opens(app, session)


class Table(Protocol):
    """A registered table whatever its game (``TableEntry[V]`` for some view type)."""

    @property
    def game_id(self) -> str: ...
    @property
    def own(self) -> object: ...
    @property
    def words(self) -> LogWords: ...
    @property
    def rules_page(self) -> Traversable | None: ...
    @property
    def description(self) -> GameTable[GameView]: ...
    def scene(self, app: App, session: SomeSession) -> TableCore[GameView]: ...


_TABLES: dict[str, Table] = {}


def _observes(session: SomeSession, view_type: type[V]) -> TypeGuard[Session[V]]:
    """Whether the session's game gives views of ``view_type`` (the game a session is
    made with never changes, so one view tells)."""
    return isinstance(session.view(), view_type)


def register_table(entry: Table) -> None:
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


def table_for(game_id: str) -> Table:
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


def rummy_scene(app: App, session: Session[RummyView]) -> TableCore[GameView]:
    """The shared rummy table scene, for games described by a ``TableDescription``
    (their views are ``RummyView``s, checked by the entry before it opens the scene)."""
    from .scenes.table import TableScene

    return TableScene(app, session)


__all__ = ["GameTable", "Table", "TableEntry", "deck_colours", "playable",
           "register_table", "rummy_scene", "table_for"]
