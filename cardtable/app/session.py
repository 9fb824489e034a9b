"""A game at the table: the engine game, who sits where, and the AI seats' turns.

The session is the one place that applies actions. The person's moves come from the
table scene; AI moves come from the background worker, and are applied only when the
table is ready (no animation running, the seat has "thought" for the chosen time), so a
person can follow them. Every applied action is handed to the table as a ``Shown`` (the
events redacted for the person, and what the person sees afterwards) and written to the
move log; ``on_change`` lets the app autosave.

No pygame here, so the whole flow is testable headless.
"""

from __future__ import annotations

import logging
import time
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property, partial
from typing import Generic, TypeVar

from ..ai import AIWorker, Bot, make_bot
from ..ai.seats import bot_rng, new_secret, seat_to_ask
from ..engine import Action, AnswerBuy, Call, Card, EngineError, Game, GameView, IllegalActionError
from ..engine.deal_code import encode
from ..engine.events import Event
from ..engine.rummy import RummyView
from ..engine.variant import SeatedState
from ..i18n import N_, _, text
from .describe import LogWords, describe

log = logging.getLogger(__name__)

LOG_LINES = 200
THINK_LIMIT_SECONDS = 10.0
"""Wall seconds after which a bot that has not answered is taken to hang. Hard's search
is bounded by work, never by time, so on a loaded machine (and beside the drawing) a
decision can take a few seconds of wall time: a limit near its usual time would hand
a slow Hard seat to a Normal stand-in, and its moves would no longer replay."""
HANG_GRACE_SECONDS = 1.0
CALL_STEP_SECONDS = 0.25
"""The most one update counts towards a call chance's countdown. The table updates the
session every frame while it is on top; a longer gap means the tour, the pause menu, the
score sheet or the rules were over it, and the call waits for the person meanwhile."""
TIMED_ANSWERS: tuple[tuple[Action, str], ...] = (
    (Call("pass"), N_("passing")), (AnswerBuy(True), N_("letting it go")))
"""What a call question's timer answers for the person, the first one legal, and how its
countdown says so (marked for the catalogue, translated where it is shown): a May I /
buy / Shanghai! chance passes; the player in turn asked about a buy lets the card go
(the buy is allowed, as when nobody objects)."""


@dataclass(frozen=True)
class SeatInfo:
    """Who sits in a chair: the person, or an AI seat of some level."""

    name: str
    human: bool
    level: str = "normal"


class MoveLog(deque[str]):
    """The move log's last lines, counting every line ever added (``total``), so the
    table can hold back the lines of moves it has not shown yet. Each line keeps how it
    was worded (``says``), so a change of language words the whole log again."""

    def __init__(self, maxlen: int) -> None:
        super().__init__(maxlen=maxlen)
        self.total = 0
        self._says: deque[Callable[[], str]] = deque(maxlen=maxlen)

    def append(self, line: str) -> None:
        self.add(lambda: line)

    def add(self, says: Callable[[], str]) -> None:
        """Add the line ``says()`` words now, and would word in another language."""
        line = says()
        if line:
            super().append(line)
            self._says.append(says)
            self.total += 1

    def extendleft(self, lines: Iterable[str]) -> None:
        """Older lines put back in front (a saved game's log): worded as they were kept."""
        lines = list(lines)
        super().extendleft(lines)
        self._says.extendleft([partial(str, line) for line in lines])

    def reword(self) -> None:
        """Every line worded again (the language has changed); the count stays."""
        lines = [says() for says in self._says]
        self.clear()
        self.extend(lines)


V_co = TypeVar("V_co", bound=GameView, covariant=True)
"""The view type of the session's game (covariant: a session of Five Crowns is a
session of a rummy game, which is a session of some game)."""


@dataclass(frozen=True)
class Shown(Generic[V_co]):
    """One applied action, for the table to animate and then show."""

    seat: int
    action: Action
    events: tuple[Event, ...]
    view: V_co
    log_before: int = 0
    """The log's line count before this action's lines."""
    log_after: tuple[int, ...] = ()
    """The log's line count after each of its events' lines."""


@dataclass(frozen=True)
class AIMove:
    """An AI seat's move, the view it chose it from, and the log lines it wrote
    (numbered as ``MoveLog.total`` counts them), so "why?" can be asked of any AI move
    still in the log, not only each seat's last."""

    seat: int
    view: GameView
    action: Action
    first_line: int
    last_line: int


PERSON = N_("You")
"""The person's seat name (kept in English in saves, said in the player's language)."""
OPPONENT_NAMES = {
    1: (N_("North"),),
    2: (N_("West"), N_("East")),
    3: (N_("West"), N_("North"), N_("East")),
    4: (N_("West"), N_("North-West"), N_("North-East"), N_("East")),
    5: (N_("West"), N_("North-West"), N_("North"), N_("North-East"), N_("East")),
    6: (N_("South-West"), N_("West"), N_("North-West"), N_("North-East"), N_("East"),
        N_("South-East")),
    7: (N_("South-West"), N_("West"), N_("North-West"), N_("North"), N_("North-East"),
        N_("East"), N_("South-East")),
}
"""The AI seats' names, clockwise from the person's left: kept in English in saves (a
``SeatInfo``'s name), translated where they are shown (``Session.names``)."""


def default_seats(opponents: int, level: str | Sequence[str]) -> list[SeatInfo]:
    """The person at seat 0 (south), AI seats clockwise from the person's left, at one
    level or each at its own (``level`` a sequence, clockwise)."""
    names = OPPONENT_NAMES[opponents]
    levels = [level] * opponents if isinstance(level, str) else list(level)
    if len(levels) != opponents:
        raise ValueError(f"{opponents} AI seats need {opponents} levels, not {len(levels)}")
    return [SeatInfo(PERSON, True, "")] + [SeatInfo(name, False, chosen)
                                          for name, chosen in zip(names, levels)]


class Session(Generic[V_co]):
    """One game at the table: the game, who sits where, the bots, the log and undo. A
    session made from a game found by its id is a ``SomeSession``; a game's own table
    scene takes it as a session of its view type (``tables.TableEntry.scene`` checks)."""

    def __init__(self, game: Game[SeatedState, V_co], seats: list[SeatInfo], *,
                 worker: AIWorker | None = None,
                 think_seconds: float = 0.7, clock: Callable[[], float] = time.monotonic,
                 on_change: Callable[[SomeSession], None] | None = None,
                 hand_order: list[Card] | None = None, autoplay: str | None = None,
                 bot_secret: int | None = None) -> None:
        if len(seats) != game.seats:
            raise ValueError("one SeatInfo per seat")
        self.game = game
        self.seats = seats
        self.human = next(index for index, seat in enumerate(seats) if seat.human)
        self.words = _log_words(game.game_id)
        self.worker = worker
        self.think_seconds = think_seconds
        self.clock = clock
        self.on_change = on_change
        self.bot_secret = new_secret() if bot_secret is None else bot_secret
        """The bots' own secret for their generators (see ``ai.seats``)."""
        self.bots = {i: make_bot(seat.level) for i, seat in enumerate(seats) if not seat.human}
        if autoplay is not None:  # "watch": an AI plays the person's hand too
            self.bots[self.human] = make_bot(autoplay)
        self.log = MoveLog(LOG_LINES)
        self.shown: deque[Shown[V_co]] = deque()
        self.hand_order: list[Card] = []
        self._ticket: int | None = None
        self._thinking: int | None = None
        self._answer: Action | None = None
        self._asked_view: V_co | None = None
        self._undo: list[tuple[SeatedState, int, list[Card]]] = []
        """Positions before the person's plays this turn that may be undone."""
        self.last_moves: dict[int, tuple[V_co, Action]] = {}
        """Each AI seat's last move and the view it chose it from (for "why?")."""
        self.ai_moves: deque[AIMove] = deque(maxlen=LOG_LINES)
        """The AI moves whose lines the log may still show (for "why?" on a log line)."""
        self._next_ai_time = clock() + think_seconds
        self.think_limit = THINK_LIMIT_SECONDS
        """Seconds a bot has to answer; past this and ``hang_grace`` it is abandoned
        and a stand-in plays the move."""
        self.hang_grace = HANG_GRACE_SECONDS
        self._asked_at = 0.0
        self._fallen_back = False
        self._stand_in: Bot[GameView] = make_bot("normal")
        self.call_seconds = 0.0
        """How long an unanswered call chance waits before passing for the person
        (0: waits for the answer; negative: passes at once)."""
        self.ask_always = False
        """Ask about every call chance (Settings: Calls); otherwise a chance the card
        cannot help is not asked (see ``TableDescription.unasked_call``)."""
        self._unasked = _unasked_call(game.game_id)
        self._unasked_memo: tuple[object, bool] | None = None
        self._call_waited: float | None = None
        """Seconds the person's open call chance has waited (None: no chance open)."""
        self._call_tick = clock()
        self._sync_hand(hand_order)

    # --- what the table asks -----------------------------------------------------------

    @property
    def names(self) -> list[str]:
        """The seats' names as the table shows and says them, in the player's language
        (a name the catalogue does not know, from a hand-edited save, as it is)."""
        return [_(seat.name) for seat in self.seats]

    @cached_property
    def deal_code(self) -> str | None:
        """The deal's shareable code (game, players, rules, seed), or None for a seed
        too large for a code (a hand-edited save). Worked out once: the table draws it
        on every redraw, and a game's deal never changes."""
        game = self.game
        try:
            return encode(game.game_id, game.seats, game.seed, game.variant.options)
        except EngineError:
            return None

    def view(self) -> V_co:
        return self.game.observe(self.human)

    @property
    def human_to_move(self) -> bool:
        return self.human in self.game.awaiting() and self.human not in self.bots

    @property
    def thinking_seat(self) -> int | None:
        """The AI seat whose move the table is waiting for, if any."""
        return seat_to_ask(self.game, self.bots)

    def problem(self, action: Action) -> str | None:
        """Why the rules refuse the person's action, in the player's language."""
        reason = self.game.problem(self.human, action)
        return None if reason is None else text(reason)

    # --- the person's moves ------------------------------------------------------------

    def play(self, action: Action) -> str | None:
        """Apply the person's action; returns the engine's reason if it is refused."""
        before = (self.game.state, len(self.game.history), list(self.hand_order))
        try:
            self._apply(self.human, action)
        except IllegalActionError as error:
            return text(error.reason)
        self._undo_after(before)
        return None

    # --- undo within the person's own turn ---------------------------------------------

    def _undo_after(self, before: tuple[SeatedState, int, list[Card]]) -> None:
        """Keep the position before the person's play while it may be undone: the
        person is still to move (the turn has not passed) and the play showed no card
        that was hidden (a card drawn from the stock stays drawn)."""
        game, human = self.game, self.human
        state = before[0]
        revealed = game.variant.hidden_from(state, human) - \
            game.variant.hidden_from(game.state, human)
        if revealed or human not in game.awaiting() or game.over:
            self._undo.clear()
        else:
            self._undo.append(before)

    def can_undo(self) -> bool:
        return bool(self._undo) and self.human in self.game.awaiting()

    def undo(self) -> str | None:
        """Take back the person's last play of this turn; the reason it cannot be
        taken back otherwise. The game returns exactly to the position before it (its
        moves are cut back, so the save replays to it too)."""
        if not self._undo or self.human not in self.game.awaiting():
            self._undo.clear()
            return _("nothing to undo: a card drawn from the stock stays drawn, and a "
                     "discard ends your turn")
        state, length, order = self._undo.pop()
        self.game.state = state
        del self.game.history[length:]
        self.hand_order = order
        self._sync_hand(order)
        self.log.add(lambda: _("You took that back."))
        if self.on_change is not None:
            self.on_change(self)
        return None

    # --- the AI seats' moves -----------------------------------------------------------

    def update(self, busy: bool = False) -> None:
        """Advance AI seats. ``busy``: the table is still animating, so wait."""
        now = self.clock()
        self._call_timer(now, busy)
        if busy:
            self._next_ai_time = max(self._next_ai_time, now + self.think_seconds)
        seat = self.thinking_seat
        if seat is None or self.game.over:
            return
        if self._thinking != seat:
            self._ask(seat)
        if self._answer is None:
            self._collect(seat)
        if self._answer is not None and not busy and now >= self._next_ai_time:
            action, self._answer = self._answer, None
            self._thinking = None
            first = self.log.total + 1
            self._apply(seat, action)
            if self._asked_view is not None:
                self.last_moves[seat] = (self._asked_view, action)
                if self.log.total >= first:
                    self.ai_moves.append(AIMove(seat, self._asked_view, action, first,
                                                self.log.total))

    def line_number(self, index: int) -> int:
        """The number (as ``MoveLog.total`` counts) of the log's line at ``index``."""
        return self.log.total - len(self.log) + index + 1

    def move_at_line(self, number: int) -> AIMove | None:
        """The AI move that wrote log line ``number``, while it is remembered."""
        return next((move for move in reversed(self.ai_moves)
                     if move.first_line <= number <= move.last_line), None)

    def call_seconds_left(self) -> float | None:
        """How long the person's open call chance has before it passes by itself (None:
        no chance open, or the setting waits for an answer)."""
        if self._call_waited is None or self.call_seconds <= 0 or self.call_unasked():
            return None
        return max(0.0, self.call_seconds - self._call_waited)

    def _call_timer(self, now: float, busy: bool) -> None:
        """Pass for the person on a May I / buy / Shanghai! chance when the setting says.
        Its time runs only while the table is shown and still (see ``CALL_STEP_SECONDS``):
        a call never times out behind the tour or a menu, nor during an animation."""
        step = min(max(0.0, now - self._call_tick), CALL_STEP_SECONDS)
        self._call_tick = now
        timed = self.timed_answer()
        if timed is None:
            self._call_waited = None
            return
        if busy:
            return
        if self.call_unasked():
            # Not asked: pass once no AI seat is still to answer, so the window closes
            # no later than it would without the person, who may call until then.
            if not any(seat in self.bots for seat in self.game.awaiting()):
                self._call_waited = None
                self._apply(self.human, timed[0])
            return
        self._call_waited = 0.0 if self._call_waited is None else self._call_waited + step
        if self.call_seconds < 0 or (self.call_seconds > 0 and
                                     self._call_waited >= self.call_seconds):
            self._call_waited = None
            self._apply(self.human, timed[0])

    def timed_answer(self) -> tuple[Action, str] | None:
        """The answer the person's open call question gives by itself when its time is
        up, and the countdown's word for it (None: no call question is open)."""
        if not self.human_to_move:
            return None
        legal = self.game.legal_actions(self.human)
        return next((item for item in TIMED_ANSWERS if item[0] in legal), None)

    def call_unasked(self) -> bool:
        """The person's open call chance is about a card that cannot help them and the
        settings do not ask every time. Judged from the person's own view only, once
        per position."""
        if self.ask_always:
            return False
        state = self.game.state
        if self._unasked_memo is None or self._unasked_memo[0] is not state:
            self._unasked_memo = (state, self._unasked(self.view()))
        return self._unasked_memo[1]

    def _ask(self, seat: int, bot: Bot[GameView] | None = None) -> None:
        """Ask the seat's bot (or ``bot``, a stand-in) for a move."""
        self._thinking, self._answer = seat, None
        bot = bot or self.bots[seat]
        view = self._asked_view = self.game.observe(seat)
        rng = bot_rng(self.game, seat, self.bot_secret)  # as in simulate and the tests
        self._asked_at = time.monotonic()
        if self.worker is None:
            try:
                action = bot.choose(view, rng, self._asked_at + self.think_limit,
                                    lambda: False)
            except BaseException as error:  # noqa: BLE001  a bot must never stop the game
                log.warning("AI seat %s failed: %r", seat, error)
                self._fall_back(seat, f"{type(error).__name__}: {error}")
                return
            self._take_answer(seat, action, None)
        else:
            self._ticket = self.worker.submit(bot, view, rng, self.think_limit)

    def _collect(self, seat: int) -> None:
        if self.worker is None:
            return
        for result in self.worker.poll():
            if result.ticket == self._ticket:
                self._take_answer(seat, result.action, result.error)
                return
        if time.monotonic() - self._asked_at > self.think_limit + self.hang_grace:
            # The bot hangs: leave its thread behind, and a bot that hung once is not
            # asked again this game (each turn would freeze the table for seconds).
            self.worker.abandon()
            if self.bots[seat] is self._stand_in:
                self._fall_back(seat, f"no answer in {self.think_limit:g} s")
                return
            log.warning("AI seat %s gave no answer in %g s", seat, self.think_limit)
            self.bots[seat] = self._stand_in
            self.log.add(lambda: _("{name}'s AI stopped answering; a Normal player takes "
                                   "over the seat.").format(name=self.names[seat]))
            self._ask(seat)

    def _take_answer(self, seat: int, action: object, error: str | None) -> None:
        if error is None and not isinstance(action, Action):
            error = f"it answered {type(action).__name__}, not a move"
        elif error is None:
            assert isinstance(action, Action)
            reason = self.game.problem(seat, action)
            if reason is None:
                self._answer = action
                self._fallen_back = False
                return
            error = f"it chose a move the rules refuse ({reason})"
        self._fall_back(seat, error)

    def _fall_back(self, seat: int, error: str | None) -> None:
        """A bot failed: say so, then let the normal bot choose (on the worker, so a
        fault there cannot freeze the window either); if that fails too, play the safe
        move at once: pass on a call chance, else the first legal move."""
        log.warning("AI seat %s failed (%s)", seat, error)
        if not self._fallen_back:
            self._fallen_back = True
            self.log.add(lambda: _("{name}'s AI stumbled; it plays safe.").format(
                name=self.names[seat]))
            self._ask(seat, self._stand_in)
            return
        self._fallen_back = False
        legal = self.game.legal_actions(seat)
        self._answer = Call("pass") if Call("pass") in legal else legal[0]

    def restart_thinking(self) -> None:
        """Forget a pending AI request (after a load, or when the table resumes)."""
        if self.worker is not None:
            self.worker.cancel()
        self._thinking, self._answer, self._ticket = None, None, None
        self._fallen_back = False

    # --- applying ----------------------------------------------------------------------

    def note(self, events: tuple[Event, ...],
             move: tuple[int, Action] | None = None) -> tuple[Event, ...]:
        """Log events (redacted for the person), those of ``move`` (seat, action) if it
        made them; returns the redacted events."""
        redacted = tuple(event.redacted_for(self.human) for event in events)
        self.noted: list[int] = []
        for event in redacted:
            self.log.add(partial(self._line, event, move))
            self.noted.append(self.log.total)
        return redacted

    def _line(self, event: Event, move: tuple[int, Action] | None) -> str:
        return describe(event, self.names, self.human, self.words, move) or ""

    def _apply(self, seat: int, action: Action) -> None:
        if seat != self.human:
            self._undo.clear()  # another seat has played: the turn is past undoing
        before = self.log.total
        redacted = self.note(self.game.apply(seat, action), (seat, action))
        self._sync_hand()
        self.shown.append(Shown(seat, action, redacted, self.view(), before,
                                tuple(self.noted)))
        self._next_ai_time = self.clock() + self.think_seconds
        if self.on_change is not None:
            self.on_change(self)

    def _sync_hand(self, order: list[Card] | None = None) -> None:
        """Keep the person's chosen order; new cards join at the right."""
        hand = list(self.game.observe(self.human).hand)
        held = set(hand)
        base = order if order is not None else self.hand_order
        kept = [card for card in base if card in held]
        kept_set = set(kept)
        self.hand_order = kept + [card for card in hand if card not in kept_set]

    def reorder(self, order: list[Card]) -> None:
        """The person rearranged the hand (drag within the hand, or a sort button)."""
        if sorted(order, key=Card.sort_key) == sorted(self.hand_order, key=Card.sort_key):
            self.hand_order = list(order)
            if self.on_change is not None:
                self.on_change(self)


def _unasked_call(game_id: str) -> Callable[[GameView], bool]:
    """The game's judgement of a call chance not worth asking about (never, for a game
    without a rummy table, as in engine-only tests). The session hands it views of its
    own game only (as the rummy scene does, see ``describe_table``)."""
    from .table_desc import describe_table

    try:
        description = describe_table(game_id)
    except (KeyError, TypeError):
        return lambda view: False
    return lambda view: isinstance(view, RummyView) and description.unasked_call(view)


def _log_words(game_id: str) -> LogWords:
    """How the game's registered table words the log (plain words for a game with none,
    as in engine-only tests)."""
    from .tables import table_for

    try:
        return table_for(game_id).words
    except KeyError:
        return LogWords()


SomeSession = Session[GameView]
"""A session of a game chosen at run time (see ``engine.SomeGame``)."""
