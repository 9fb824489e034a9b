"""Reaching every screen of the app, headless, for the screen matrix.

Every game in the registry is played from a fixed seed by the Normal bots at every seat
(the engine alone: a game takes a tenth of a second), and the positions the person meets
are kept: the first turn's position in each phase the person is asked to act in (draw,
discard, a May I / buy / Shanghai! question…), a late turn, the end of the first round
(with its ``RoundScored``) and the end of the game. Nothing is faked: each screen is
opened on a copy of a real game at a real position, through the app's own
``start_session`` and scene stack, in one headless ``App`` resized per screen.

A cell of the matrix is (game, seats, screen, window size, deck colours, card size); it
is built, drawn once, described and walked with Tab once, and the result kept
(``Seen``), so each check reads it without drawing again.
"""

from __future__ import annotations

import dataclasses
import traceback
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import pygame

from cardtable.ai import make_bot
from cardtable.ai.seats import bot_rng, seat_to_ask
from cardtable.app import cardart, tables
from cardtable.app.model import ScreenModel
from cardtable.app.scene import Scene
from cardtable.engine import Game, variants
from cardtable.engine.events import RoundScored
from cardtable.engine.replay import Replay
from cardtable.i18n import _

SEED = 20261127
SIZES = ((1024, 640), (1280, 800), (3840, 2160))
DECK_COLOURS = ("four", "two", "contrast")
CARD_SIZES = ("medium", "large")
SETTINGS = tuple((deck, card) for card in CARD_SIZES for deck in DECK_COLOURS)
"""Every (deck colours, card size) pair: the full product runs them all on every cell;
the quick matrix gives each cell one, turning through them cell by cell."""
MOVE_CAP = 20000

SHELL = ("menu", "menu: a message", "setup", "setup: a refusal", "settings",
         "settings: speech", "statistics",
         "statistics: games", "games played", "games played: games", "question")
"""Screens that belong to no game (setup is opened on each game in turn: see ``cells``)."""
REFUSAL = ("That deal code does not work: the rules in this code cannot be played: extra "
           "cards with a buy must be from 0 to 4 (the printed rule is 2), not 999,999: a buy "
           "brings the discard and 0 to 4 cards from the stock, so check the code you were "
           "sent and type it again.")
MENU_NOTE = ("Your saved Five Crowns game could not be read: it was written by a newer "
             "version of cardtable (format 9). It is kept as five_crowns.json.damaged-1 in "
             "your data folder; a newer cardtable can still continue it.")
"""As long as the longest refusal and menu note a tester met."""
GAME_SCREENS = ("table: a refusal", "summary", "game over", "rules", "pause", "score sheet",
                "goal sheet", "replay", "coach")
"""Besides the table in each phase: the table with a refusal's banner up and every seat
calling out, the round's summary (games in rounds), game over, rules, pause, the score
sheet (games with one), an opponent's goal sheet (games with one: Monastery's
missions), the replay and the tour."""
REVIEW_SCREENS = ("review", "review: none", "review: progress")
"""The post-game review (a few costly decisions, none, and while it runs), at each
game's largest table (where its screens crowd first)."""


def reviews(game_id: str) -> tuple[str, ...]:
    """The review's screens, for a game that can be reviewed (one with no review reading
    offers no Review and has none)."""
    from cardtable.ai.review import reviewable

    return REVIEW_SCREENS if reviewable(game_id) else ()


FINISHED = 3
"""Finished games written to the history before its screens are opened with games."""


def seat_counts(seat_range: range) -> tuple[int, ...]:
    """The smallest table, four when the game allows it, and the largest."""
    chosen = {seat_range.start, seat_range.stop - 1}
    if 4 in seat_range:
        chosen.add(4)
    return tuple(sorted(chosen))


def games() -> list[tuple[str, int]]:
    """(game, seats) for every registered game the window can show (a new game's table
    module makes it playable, and it is in the matrix from then on)."""
    return [(variant.id, seats) for variant in sorted(variants(), key=lambda v: v.id)
            if tables.playable(variant.id) for seats in seat_counts(variant.seat_counts)]


def game_seats(game_id: str) -> tuple[int, ...]:
    """The seat counts the matrix shows a registered game at."""
    variant = next(variant for variant in variants() if variant.id == game_id)
    return seat_counts(variant.seat_counts)


@dataclass
class Played:
    """A real game played through by the bots, and the positions kept from it."""

    game_id: str
    seats: int
    phases: dict[str, Game] = field(default_factory=dict)
    """The person's first turn in each phase (by the phase's name), and "late": the
    person's last turn before the game ended."""
    round_end: tuple[Game, RoundScored] | None = None
    final: Game | None = None
    wild_home: tuple[Game, Any] | None = None
    """A turn of the person's where a wild they free could go to two groups or more
    (buying: the table asks where), and the swap that frees it."""


def _copy(game: Game) -> Game:
    return dataclasses.replace(game, history=list(game.history))


def _phase(game: Game) -> str:
    phase = getattr(game.state, "phase", None)
    return str(getattr(phase, "value", phase or "turn"))


PLAYED: dict[tuple[str, int], Played] = {}
"""The games played so far this run, by (game, seats). A test that registers a game for
its own duration swaps this for an empty dict (``monkeypatch``), so none of the game's
positions outlive it."""


def played(game_id: str, seats: int) -> Played:
    """The game of ``game_id`` at ``seats`` from ``SEED``, played through once per run."""
    key = (game_id, seats)
    if key not in PLAYED:
        PLAYED[key] = _play(game_id, seats)
    return PLAYED[key]


def _play(game_id: str, seats: int) -> Played:
    game, _ = Game.new(game_id, seats, SEED)
    bot = make_bot("normal")
    kept = Played(game_id, seats)
    for _ in range(MOVE_CAP):
        if game.over:
            break
        if 0 in game.awaiting():
            kept.phases.setdefault(_phase(game), _copy(game))
            kept.phases["late"] = _copy(game)
            if kept.wild_home is None and game_id == "shanghai_buy":
                swap = _freed_wild(game)
                kept.wild_home = None if swap is None else (_copy(game), swap)
        seat = seat_to_ask(game, range(seats))
        assert seat is not None
        events = game.apply(seat, bot.choose(game.observe(seat), bot_rng(game, seat, 0),
                                             0.0, lambda: False))
        scored = [event for event in events if isinstance(event, RoundScored)]
        if scored and kept.round_end is None:
            kept.round_end = (_copy(game), scored[0])
    assert game.over, f"{game_id} at {seats} did not end in {MOVE_CAP} moves"
    kept.final = game
    return kept


def _freed_wild(game: Game) -> Any:
    """A swap the person may make now whose freed wild has two homes or more (the
    first found), or None."""
    from cardtable.engine import ReplaceWild

    view: Any = game.observe(0)
    if not getattr(view, "to_play", False) or not view.melds[0]:
        return None
    own: Any = tables.table_for(game.game_id).own
    rules = own.rules(view)
    homes = [(seat, index, start) for seat, melds in enumerate(view.melds)
             for index, meld in enumerate(melds) for start in (False, True)]
    for seat, melds in enumerate(view.melds):
        for index, meld in enumerate(melds):
            for wild in (card for card in meld.cards if rules.is_wild(card)):
                for natural in view.hand:
                    legal = [ReplaceWild(seat, index, natural, wild, *home) for home in homes
                             if game.problem(0, ReplaceWild(seat, index, natural, wild,
                                                            *home)) is None]
                    if len(legal) >= 2:
                        return legal[0]
    return None


def screens(game_id: str, seats: int) -> list[str]:
    """Every screen a person reaches in this game: the table in each phase met, then
    the round's summary (games in rounds), game over, rules, pause, the score sheet
    (games with one), the replay and the tour."""
    found = played(game_id, seats)
    desc = tables.table_for(game_id).description
    names = [f"table: {phase}" for phase in found.phases]
    if found.wild_home is not None:
        names.append("table: where the freed wild goes")
    for screen in GAME_SCREENS:
        if screen == "summary" and found.round_end is None:
            continue
        if screen == "score sheet" and not getattr(desc, "has_score_sheet", False):
            continue
        if screen == "goal sheet" and not _has_goal_sheet(game_id, found.phases["late"]):
            continue
        names.append(screen)
    return names


def _has_goal_sheet(game_id: str, game: Game) -> bool:
    """Whether the game's table shows each seat a sheet of goals (Monastery's missions),
    which a click on a seat's boxes opens."""
    own = tables.table_for(game_id).own
    progress = getattr(own, "progress", None)
    return progress is not None and game.seats > 1 and \
        progress(game.observe(0), 1) is not None


@dataclass(frozen=True)
class Cell:
    game_id: str | None
    seats: int
    screen: str
    size: tuple[int, int]
    deck: str
    card: str

    @property
    def id(self) -> str:
        game = f"{self.game_id}-{self.seats}" if self.game_id else "shell"
        return f"{game}-{self.screen}-{self.size[0]}x{self.size[1]}-{self.deck}-{self.card}"

    @property
    def table(self) -> bool:
        return self.screen.startswith("table")


FULL_SIZES = (SIZES[0], SIZES[-1])
"""The window sizes the full product runs every (deck colours, card size) pair at: the
smallest and the largest, where crowding and scaling show first; the middle size keeps
the quick matrix's one pair per cell (so the full run stays near a minute and a half of
one core: the README's test command runs it)."""


def _sized(game_id: str | None, seats: int, screen: str, full: bool,
           turn: int) -> list[Cell]:
    """One screen at each window size: with ``full`` in every (deck colours, card size)
    pair at the smallest and largest size (``FULL_SIZES``), else in one pair per size,
    turning through the six from ``turn``."""
    return [Cell(game_id, seats, screen, size, deck, card)
            for step, size in enumerate(SIZES)
            for deck, card in (SETTINGS if full and size in FULL_SIZES else
                               (SETTINGS[(turn + step) % len(SETTINGS)],))]


def game_cells(game_id: str, full: bool = False, turn: int = 0) -> list[Cell]:
    """The matrix of one registered game: each seat count × each screen reached in it
    × window size, and setup opened on it; with ``full`` every (deck colours, card
    size) pair on each at ``FULL_SIZES``, else one pair per cell turning through the
    six from ``turn``
    (each screen meets every deck colour across its three sizes, and the screen beside
    it the other card size)."""
    found: list[Cell] = []
    counts = game_seats(game_id)
    for seats in counts:
        named = screens(game_id, seats) + (["setup", *reviews(game_id)]
                                           if seats == max(counts) else [])
        for screen in named:
            found += _sized(game_id, seats, screen, full, turn)
            turn += len(SIZES)
    return found


def cells(full: bool = False) -> list[Cell]:
    """The matrix: the screens of no game, then every playable game of the registry
    (``game_cells``), the deck colours and card sizes turning on from one to the next."""
    found: list[Cell] = []
    turn = 0
    for screen in SHELL:
        if screen != "setup":  # opened on each game
            found += _sized(None, 0, screen, full, turn)
            turn += len(SIZES)
    for game_id in dict.fromkeys(game_id for game_id, _seats in games()):
        added = game_cells(game_id, full, turn)
        found += added
        turn += len(game_cells(game_id))  # a turn per screen and size
    return found


# --- opening a cell's screen ------------------------------------------------------------


class Matrix:
    """One headless app for a whole run of the matrix (its data folder made fresh by the
    caller), and what each cell showed, kept so every check reads one drawing."""

    def __init__(self, walk: bool = True) -> None:
        from cardtable.app.app import App

        self.app = App(size=SIZES[1], animations=False)
        self._seen: dict[Cell, Seen] = {}
        self.walk = walk
        """Whether each cell is walked with Tab (the keyboard check; the language checks
        read only what is shown and said)."""

    def seen(self, cell: Cell) -> Seen:
        if cell not in self._seen:
            self._seen[cell] = _look(self.app, cell, self.walk)
        return self._seen[cell]

    def close(self) -> None:
        self.app.shutdown()


def _settle(application: Any) -> Scene:
    application.stack.apply(application.size)
    top = application.stack.top
    assert top is not None
    return top


def _table(application: Any, game: Game) -> Scene:
    from cardtable.app.session import default_seats

    application.start_session(_copy(game), default_seats(game.seats - 1, "normal"))
    return _settle(application)


def open_screen(application: Any, cell: Cell) -> Scene:
    """The cell's screen, built on the app at the cell's size and settings (the top of
    its scene stack; an overlay is drawn over the screen beneath)."""
    if application.size != cell.size:
        application.screen = application._open_window(cell.size)
    application.settings = dataclasses.replace(application.settings, deck_colours=cell.deck,
                                               card_size=cell.card)
    application.apply_looks()
    application.session, application.table = None, None
    if cell.game_id is None:
        return _shell(application, cell.screen)
    return _game_screen(application, cell)


def _shell(application: Any, screen: str) -> Scene:
    from cardtable.app.scenes.common import ConfirmScene
    from cardtable.app.scenes.menu import MenuScene
    from cardtable.app.scenes.replay import GamesScene
    from cardtable.app.scenes.settings import SettingsScene
    from cardtable.app.scenes.setup import SetupScene
    from cardtable.app.scenes.speech_settings import SpeechSettingsScene
    from cardtable.app.scenes.statistics import StatisticsScene

    def refused() -> Scene:
        scene = SetupScene(application)
        scene.error = _(REFUSAL)  # a sentence of the app's, in the language shown
        return scene

    application.menu_message = _(MENU_NOTE) if screen == "menu: a message" else None
    makers: dict[str, Callable[[], Scene]] = {
        "menu": lambda: MenuScene(application),
        "menu: a message": lambda: MenuScene(application),
        "setup: a refusal": refused,
        "settings": lambda: SettingsScene(application),
        "settings: speech": lambda: SpeechSettingsScene(application),
        "statistics": lambda: StatisticsScene(application),
        "statistics: games": lambda: StatisticsScene(_with_games(application)),
        "games played": lambda: GamesScene(application, application.recorder.history),
        "games played: games": lambda: GamesScene(_with_games(application),
                                                  application.recorder.history),
        "question": lambda: ConfirmScene(
            application, _("You have a Shanghai with May I game in progress (round 5 of 7, "
                           "your turn). Start a new game and lose it?"),
            [(_("Keep my game"), application.stack.pop),
             (_("Start new"), application.stack.pop)]),
    }
    scene = makers[screen]()
    application.stack.reset(scene)
    top = _settle(application)
    wait = getattr(top, "wait", None)
    if wait is not None:
        wait()  # the history is read on a thread: take what it read
        top.layout(application.size)
    return top


def finished_rows(count: int = FINISHED) -> list[Any]:
    """Finished games, one of each registered game in turn (won, lost, shared), as the
    history keeps them."""
    from cardtable.app.history_rows import GameRow

    ids = sorted(variant.id for variant in variants())
    return [GameRow(key=f"matrix-{number}", game_id=ids[number % len(ids)], deal_code=None,
                    seats=2, seed=number, options={}, level="normal", human=0,
                    started=1.7e9 + number * 3600, ended=1.7e9 + number * 3600 + 900,
                    status="finished", rounds=3, standings=[[10, 20], [15, 40], [30, 45]],
                    scores=[30, 45], won=(1.0, 0.0, 0.5)[number % 3],
                    place=(1, 2, 1)[number % 3], record={})
            for number in range(count)]


def _with_games(application: Any) -> Any:
    """The app, with finished games in its history (written once a run: the history
    screens without games are opened before, in the matrix's order)."""
    history = application.recorder.history
    for row in finished_rows():
        if history.find(row.key) is None:
            history.add(row)
    return application


def _refused(application: Any, table: Any) -> None:
    """A refusal said at the table, as the engine words it (the first of the person's
    plays it refuses here: a discard before drawing, a card too low for the stack), and
    every seat calling out at once, in the longest words the table uses."""
    from cardtable.engine import Discard, Place, TakeStack

    hand = list(table.view.hand)
    tries: list[Any] = [Place((card,)) for card in hand] + [TakeStack()] \
        if table.session.game.game_id == "palace" else [Discard(card) for card in hand]
    for action in tries:
        if table.session.problem(action) is not None:
            table.play(action)
            break
    words = _("Burn!") if table.session.game.game_id == "palace" else _("First in turn!")
    for seat in range(table.session.game.seats):
        table.callouts[seat] = (words, table.time + 60.0)


def _game_screen(application: Any, cell: Cell) -> Scene:
    from cardtable.app.history_rows import GameRow
    from cardtable.app.scenes.pause import PauseScene, ScoreSheetScene
    from cardtable.app.scenes.replay import ReplayScene
    from cardtable.app.scenes.rules import RulesScene
    from cardtable.app.scenes.setup import SetupScene
    from cardtable.app.scenes.summary import GameOverScene, SummaryScene

    assert cell.game_id is not None
    found = played(cell.game_id, cell.seats)
    assert found.final is not None
    screen = cell.screen
    if screen == "table: where the freed wild goes":
        assert found.wild_home is not None
        game, swap = found.wild_home
        table = _table(application, game)
        assert table._ask_wild_home(swap), "the freed wild has one home only"
        table.update(0.0)  # the question is placed as time moves
        return _settle(application)
    if screen == "table: a refusal":
        table = _table(application, found.phases["draw" if "draw" in found.phases
                                                 else "late"])
        _refused(application, table)
        return _settle(application)
    if screen.startswith("table: "):
        return _table(application, found.phases[screen[len("table: "):]])
    if screen == "setup":
        scene = SetupScene(application)
        application.stack.reset(scene)
        _settle(application)
        scene.pick(cell.game_id)
        return scene
    if screen == "summary":
        assert found.round_end is not None
        game, event = found.round_end
        table = _table(application, game)
        application.stack.push(SummaryScene(application, table, event))
        return _settle(application)
    if screen == "game over":
        _table(application, found.final)
        application.stack.replace(GameOverScene(application, application.session))
        return _settle(application)
    if screen.startswith("review"):
        return _review(application, found.final, screen)
    if screen == "replay":
        final = found.final
        row = GameRow(key="matrix", game_id=final.game_id, deal_code=None,
                      seats=final.seats, seed=final.seed, options={}, level="normal",
                      human=0, started=0.0, ended=0.0, status="finished", rounds=0,
                      standings=[], scores=None, won=None, place=None)
        scene = ReplayScene(application, row, Replay.from_record(final.record()))
        scene.go(len(scene.replay) - 1)
        application.stack.reset(scene)
        return _settle(application)
    table = _table(application, found.phases["late"])
    if screen == "rules":
        application.stack.push(RulesScene(application, cell.game_id))
    elif screen == "pause":
        application.stack.push(PauseScene(application))
    elif screen == "score sheet":
        session = application.session
        application.stack.push(ScoreSheetScene(
            application, table.view, session.names, session.human,
            tables.table_for(cell.game_id).description))
    elif screen == "coach":
        application.show_tour()
    elif screen == "goal sheet":
        table.goals.open(1)
    else:
        raise AssertionError(f"no way to reach {screen!r}")
    return _settle(application)


class _StillReviewing:
    """A review under way, as the progress screen shows it (no worker is started)."""

    worker_alive = False

    def poll(self) -> Any:
        from cardtable.review_job import Progress

        return Progress(36, 78)

    def cancel(self) -> None:
        """Nothing runs."""


def _review(application: Any, final: Game, screen: str) -> Scene:
    """The review of the person's seat in the game played: a few costly decisions (the
    line saying it is kept), none, or while it runs."""
    from review_helpers import sample_review

    from cardtable.app.history_rows import GameRow
    from cardtable.app.scenes.review import Reviewed, ReviewScene
    from cardtable.review_job import Progress

    row = GameRow(key="matrix", game_id=final.game_id, deal_code=None, seats=final.seats,
                  seed=final.seed, options={}, level="normal", human=0, started=0.0,
                  ended=0.0, status="finished", rounds=0, standings=[], scores=None,
                  won=None, place=None)
    reviewed = Reviewed(row, final.record(), ("hard",) + ("normal",) * (final.seats - 1))
    if screen == "review: progress":
        scene = ReviewScene(application, reviewed, note="")
        scene.note, scene.job, scene.state = None, _StillReviewing(), Progress(36, 78)
    else:
        review = sample_review(final, costly=0 if screen == "review: none" else 5)
        scene = ReviewScene(application, reviewed, review)
        scene.kept = _("Kept in your history: this game opened again shows it at once.")
        assert scene._replay.wait()
    application.stack.reset(scene)
    return _settle(application)


# --- drawing and reading a cell once ------------------------------------------------------


@contextmanager
def schemes_drawn() -> Iterator[list[str]]:
    """The deck colour schemes card faces are drawn in meanwhile (read from the calls to
    ``cardart``, not guessed from pixels)."""
    seen: list[str] = []
    face, card_image = cardart.face, cardart.card_image

    def spy_face(card_face: str, width: int, colours: str = "four") -> pygame.Surface:
        seen.append(colours)
        return face(card_face, width, colours)

    def spy_image(card: Any, width: int, colours: str = "four") -> pygame.Surface:
        if card is not None:
            seen.append(colours)
        return card_image(card, width, colours)

    cardart.face = spy_face
    cardart.card_image = spy_image
    try:
        yield seen
    finally:
        cardart.face = face
        cardart.card_image = card_image


@dataclass
class Seen:
    """What one cell showed: its scene, the error drawing it (if any), the deck schemes
    drawn, its model (or why there is none) and the ids Tab visited from the start."""

    scene: str
    size: tuple[int, int]
    error: str | None = None
    schemes: list[str] = field(default_factory=list)
    model: ScreenModel | None = None
    no_model: str | None = None
    tabbed: list[str | None] = field(default_factory=list)
    spoken: dict[str, str] = field(default_factory=dict)
    """What speech says of it: its title, each focused element's name ("focus: <id>")
    and, for a table at the middle size, each status key's answer."""


TAB = pygame.KEYDOWN


def _spoken(top: Scene, cell: Cell) -> dict[str, str]:
    from cardtable.app.status_words import Status

    said = {"title": top.spoken_title()}
    focused = top.spoken_focus()
    said.update({f"focus: {element.id}": element.name for element in focused})
    focus_id = getattr(top, "focused_id", None)
    if callable(focus_id) and focus_id() is not None and not focused:
        said[f"focus: {focus_id()}"] = ""  # focused, yet nothing said of it
    if cell.table and cell.size == SIZES[1]:
        said.update({f"status: {status.name}": top.spoken_status(status) or ""
                     for status in Status})
    return said


def _look(application: Any, cell: Cell, walk: bool = True) -> Seen:
    """Build, draw (once), describe and Tab through the cell's screen."""
    try:
        top = open_screen(application, cell)
    except Exception as error:  # noqa: BLE001  (the check reports it)
        return Seen("?", cell.size, error=f"opening it: {type(error).__name__}: {error}\n"
                    + traceback.format_exc(limit=-4))
    result = Seen(type(top).__name__, application.size)
    try:
        with schemes_drawn() as schemes:
            for scene in application.stack.visible():
                scene.draw(application.screen)
        result.schemes = schemes
    except Exception as error:  # noqa: BLE001
        result.error = f"drawing it: {type(error).__name__}: {error}\n" \
            + traceback.format_exc(limit=-4)
        return result
    try:
        result.model = top.model()
    except NotImplementedError as error:
        result.no_model = str(error)
        return result
    except Exception as error:  # noqa: BLE001
        result.error = f"describing it: {type(error).__name__}: {error}\n" \
            + traceback.format_exc(limit=-4)
        return result
    result.spoken = _spoken(top, cell)
    focused = focus_reader(top) if walk else None
    if focused is not None:
        start = top.model()
        for _ in range(len(start.focus_order()) + 1):
            top.handle(pygame.event.Event(TAB, key=pygame.K_TAB, mod=0, unicode="\t",
                                          scancode=0))
            result.tabbed.append(focused())
    return result


def focus_reader(scene: Any) -> Callable[[], str | None] | None:
    """How to read where the keyboard's focus is on ``scene``: a form's ``focused_id``,
    or a table's ``focused()`` element (the rummy tables and Palace keep a
    ``focus_id``); ``None`` for a screen with no focus to walk."""
    form = getattr(scene, "focused_id", None)
    if form is not None:
        return form
    table = getattr(scene, "focused", None)
    if table is None or not hasattr(scene, "focus_id"):
        return None

    def element_id() -> str | None:
        element = table()
        return None if element is None else str(element.id)

    return element_id


def expected_scheme(cell: Cell) -> str | None:
    """The deck colours the cell's cards must be drawn in (``None``: no game's cards)."""
    return None if cell.game_id is None else tables.deck_colours(cell.game_id, cell.deck)
