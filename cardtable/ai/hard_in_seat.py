"""How the Hard player would have done in a seat, on the same cards.

The game is dealt again from its record (every round's deal is fixed by the deal
number and the round, so each round is dealt the same cards). The Hard player plays the
reviewed seat; the other seats play the moves they made in the game for as long as the
round follows the game (the reviewed seat chose as the person did), and once it has
left it, as the bots at that table would. At every new deal the other seats go back to
their recorded moves of that round. A finished game is played to its end; a game still
in play is compared at the last round it completed.

Imports the engine only.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..engine import Action, Game, get_variant
from ..engine.events import RoundScored
from ..engine.replay import Replay
from ..engine.variant import SeatedState, SomeVariant, round_of
from .bots import make_bot
from .hard import HardBot
from .seats import ask

SECRET = 0x4A7D_5EA7
"""The bots' secret here (``seats.ask``): a comparison is the same every time."""
MOVE_CAP = 20_000
"""Moves played at most (a game runs far shorter; a cap, so nothing can run forever)."""


class Cancelled(Exception):
    """A review (or its comparison) was cancelled before it was done."""


@dataclass(frozen=True, slots=True)
class Comparison:
    """How the Hard player would have done in the seat on the same cards."""

    played: float
    """The seat's score as played (the game's standings at the same point)."""
    hard: float
    """The Hard player's score in the seat."""
    won: bool
    hard_won: bool
    """Whether each was ahead (for a finished game: among the winners)."""
    rounds: int
    """Rounds completed in the record (all of them for a finished game)."""
    finished: bool


def _scored_rounds(replay: Replay) -> tuple[int, int]:
    """Rounds the record completed, and the position where the next one was dealt."""
    rounds, at = 0, len(replay.positions) - 1
    for index, position in enumerate(replay.positions):
        if any(isinstance(event, RoundScored) for event in position.events):
            rounds, at = rounds + 1, index
    return rounds, at


def hard_in_seat(replay: Replay, seat: int, levels: Sequence[str],
                 should_stop: Callable[[], bool] = lambda: False) -> Comparison | None:
    """The comparison (None: a game in play that has not finished a round). ``levels``:
    the table's bot levels, by seat, cycled (the reviewed seat's is not used). Raises
    Cancelled if ``should_stop`` turns true."""
    played = replay.game
    variant = get_variant(played.game_id)(played.variant.options)
    over = played.over
    rounds, at = _scored_rounds(replay)
    if not over and rounds == 0:
        return None  # nothing finished to compare
    recorded: dict[int, list[tuple[int, Action]]] = {}
    for index, after in enumerate(replay.positions[1:]):
        if after.seat is not None and after.action is not None:
            recorded.setdefault(replay.positions[index].round, []).append(
                (after.seat, after.action))
    game, _ = Game.start(variant, played.seats, played.seed)
    bots = {other: make_bot(levels[other % len(levels)] if levels else "normal")
            for other in range(played.seats) if other != seat}
    hard = HardBot()
    current: int | None = None
    queue: list[tuple[int, Action]] = []
    following = True
    for _ in range(MOVE_CAP):
        if game.over or should_stop():
            break
        number = round_of(game.state, 1)
        if not over and number > rounds:
            break
        if number != current:
            current, queue, following = number, list(recorded.get(number, [])), True
        awaited = game.awaiting()
        if not awaited:
            break
        move: tuple[int, Action] | None = None
        if following and queue and queue[0][0] in awaited:
            mover, action = queue[0]
            if mover == seat:
                choice = ask(hard, game, seat, SECRET)
                if choice == action:
                    queue.pop(0)
                else:
                    following = False
                move = (seat, choice)
            elif game.problem(mover, action) is None:
                queue.pop(0)
                move = (mover, action)
        if move is None:
            following = False
            mover = awaited[0]
            move = (mover, ask(hard if mover == seat else bots[mover], game, mover, SECRET))
        game.apply(*move)
    if should_stop():
        raise Cancelled
    final = played.state if over else replay.positions[at].state
    mine, theirs = variant.standings(final), variant.standings(game.state)
    return Comparison(float(mine[seat]), float(theirs[seat]), _ahead(variant, final, seat),
                      _ahead(variant, game.state, seat), rounds, over)


def _ahead(variant: SomeVariant, state: SeatedState, seat: int) -> bool:
    """Among the winners of a finished game, else level with the best score."""
    outcome = variant.outcome(state)
    if outcome is not None:
        return seat in outcome.winners
    scores = variant.standings(state)
    best = min(scores) if variant.low_scores_win else max(scores)
    return scores[seat] == best

