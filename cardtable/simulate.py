"""Headless play: AI-only games, for balance figures, soak tests and benchmarks.

Runs bots directly on the calling thread (no window, no worker): each seat's bot sees
only its own observation, exactly as at the table.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TextIO

from .ai import Bot, make_bot
from .ai.seats import ask, seat_to_ask
from .engine import Game, GameView, IllegalActionError, SomeGame

STEP_LIMIT = 1_000_000
"""A game that has not ended after this many actions is reported as a failure."""


class SimulationError(RuntimeError):
    """A game broke a rule of the harness: an illegal bot move or no end in sight."""


@dataclass
class BotTally:
    name: str
    seat_games: int = 0
    wins: int = 0
    score_total: int = 0

    @property
    def average_score(self) -> float:
        return self.score_total / self.seat_games if self.seat_games else 0.0


@dataclass
class SimulationReport:
    game_id: str
    seats: int
    games: int
    steps: int = 0
    seconds: float = 0.0
    tallies: dict[str, BotTally] = field(default_factory=dict)


def play_one(game_id: str, seats: int, seed: int, bots: list[Bot[GameView]],
             options: object = None, bot_seed: int = 0) -> tuple[SomeGame, int]:
    """Play one AI-only game to its end; returns the game and its number of actions.
    ``bot_seed`` is the bots' secret (``ai.seats``): the same deal and bot seed play the
    same game."""
    game, _ = Game.new(game_id, seats, seed, options)
    steps = 0
    players = dict(enumerate(bots))
    while not game.over:
        seat = seat_to_ask(game, players)
        if seat is None:
            raise SimulationError(f"seed {seed}: nobody to move but the game is not over")
        action = ask(bots[seat], game, seat, bot_seed)  # as the table's AI seats
        try:
            game.apply(seat, action)
        except IllegalActionError as error:
            raise SimulationError(
                f"seed {seed}: {bots[seat].name} bot at seat {seat} chose an illegal "
                f"action ({action.describe()}): {error.reason}") from error
        steps += 1
        if steps >= STEP_LIMIT:
            raise SimulationError(f"seed {seed}: no end after {STEP_LIMIT} actions")
    return game, steps


def simulate(game_id: str, seats: int, games: int, seed: int, bot_names: list[str],
             progress: Callable[[int, int], None] | None = None,
             bot_seed: int = 0, options: object = None) -> SimulationReport:
    """Play ``games`` games; bots cycle over the seats (seat s plays bots[s % len])."""
    seat_bots = [bot_names[seat % len(bot_names)] for seat in range(seats)]
    bots = [make_bot(name) for name in seat_bots]
    report = SimulationReport(game_id, seats, games)
    for name in seat_bots:
        report.tallies.setdefault(name, BotTally(name))
    started = time.perf_counter()
    for index in range(games):
        game, steps = play_one(game_id, seats, seed + index, bots, options, bot_seed)
        outcome = game.outcome()
        assert outcome is not None
        report.steps += steps
        for seat, name in enumerate(seat_bots):
            tally = report.tallies[name]
            tally.seat_games += 1
            tally.score_total += outcome.scores[seat]
            tally.wins += seat in outcome.winners
        if progress:
            progress(index + 1, games)
    report.seconds = time.perf_counter() - started
    return report


def _games(done: int, total: int) -> str:
    return f"{done}/{total} {'game' if total == 1 else 'games'}"


def progress_bar(stream: TextIO, counted: Callable[[int, int], str] = _games
                 ) -> Callable[[int, int], None]:
    """A one-line progress bar, redrawn in place (only used on a terminal);
    ``counted(done, total)`` says what is counted ("3/10 games": the simulations are a
    developer's tool and speak English; ``cardtable review`` passes its own words)."""
    started = time.perf_counter()

    def show(done: int, total: int) -> None:
        width = 30
        filled = width * done // total
        rate = done / max(time.perf_counter() - started, 1e-9)
        stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {counted(done, total)} "
                     f"({rate:.1f}/s)")
        if done == total:
            stream.write("\n")
        stream.flush()

    return show


def format_report(report: SimulationReport) -> str:
    games = f"{report.games} game{'' if report.games == 1 else 's'}"
    lines = [f"{games} of {report.game_id}, {report.seats} seats",
             f"{'bot':<10} {'seats':>5} {'wins':>6} {'win/seat':>8} {'avg score':>10}"]
    for tally in report.tallies.values():
        seats = tally.seat_games // max(report.games, 1)
        share = 100.0 * tally.wins / tally.seat_games if tally.seat_games else 0.0
        lines.append(f"{tally.name:<10} {seats:>5} {tally.wins:>6} {share:>7.1f}% "
                     f"{tally.average_score:>10.1f}")
    rate = report.games / report.seconds if report.seconds else float("inf")
    step_rate = report.steps / report.seconds if report.seconds else float("inf")
    lines.append(f"{report.steps} actions in {report.seconds:.2f} s: {rate:.1f} games/s, "
                 f"{step_rate:,.0f} actions/s")
    return "\n".join(lines)


def is_terminal(stream: TextIO) -> bool:
    return hasattr(stream, "isatty") and stream.isatty()


__all__ = ["SimulationError", "SimulationReport", "format_report", "play_one", "progress_bar",
           "simulate", "is_terminal"]
