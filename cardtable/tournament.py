"""Bot tournaments on duplicate deals: the same deal is played once per rotation of the
bots round the table, so the luck of the cards cancels and what is left is skill.

Each deal is the unit of independence: a bot's win share and score margin are averaged
per deal, and the 95 % confidence intervals come from the spread between deals (normal
approximation). Deals run in worker processes (``jobs``), each deal played whole in one
process, so the results do not depend on how many jobs there are.
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from .ai import make_bot
from .engine import SomeGame
from .engine.rng import deals_problem
from .simulate import play_one
from .tournament_record import RecordError, RecordWriter, read_record
from .tournament_results import DealResult, SeatResult


def play_deal(game_id: str, bot_names: Sequence[str], seats: int, deal: int,
              bot_seed: int = 0) -> DealResult:
    """One deal, played once for every rotation of the bots round the table."""
    results: list[SeatResult] = []
    steps = 0
    for rotation in range(seats):
        lineup = [bot_names[(seat + rotation) % len(bot_names)] for seat in range(seats)]
        game, made = play_one(game_id, seats, deal, [make_bot(name) for name in lineup],
                              bot_seed=bot_seed)
        steps += made
        results += seat_results(game, lineup)
    return DealResult(deal, tuple(results), steps)


def seat_results(game: SomeGame, lineup: Sequence[str]) -> list[SeatResult]:
    """Each seat's share of the win and score margin in a finished game."""
    outcome = game.outcome()
    assert outcome is not None
    low_wins = game.variant.low_scores_win
    results = []
    for seat, name in enumerate(lineup):
        others = [s for i, s in enumerate(outcome.scores) if i != seat]
        ahead = statistics.fmean(others) - outcome.scores[seat]
        win = 1 / len(outcome.winners) if seat in outcome.winners else 0.0
        results.append(SeatResult(name, seat, win, ahead if low_wins else -ahead))
    return results


@dataclass(frozen=True)
class Estimate:
    mean: float
    low: float
    high: float
    """The 95 % confidence interval (normal approximation over deals)."""


def estimate(values: Sequence[float]) -> Estimate:
    mean = statistics.fmean(values)
    if len(values) < 2:
        return Estimate(mean, math.nan, math.nan)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values))
    return Estimate(mean, mean - half, mean + half)


@dataclass
class TournamentReport:
    game_id: str
    seats: int
    bots: tuple[str, ...]
    deals: list[DealResult] = field(default_factory=list)
    seconds: float = 0.0
    """Time spent playing this run's deals."""
    jobs: int = 1
    played: int = 0
    """Deals played in this run (the rest came from the record)."""
    played_steps: int = 0
    recorded: int = 0
    """Deals read from the record file."""
    damaged: int = 0
    """Damaged lines of the record file, skipped."""

    @property
    def games(self) -> int:
        return len(self.deals) * self.seats

    def names(self) -> list[str]:
        return list(dict.fromkeys(self.bots))

    def per_deal(self, name: str, value: Callable[[SeatResult], float]) -> list[float]:
        """The bot's mean ``value`` over its seats of each deal."""
        found = []
        for deal in self.deals:
            mine = [value(r) for r in deal.seats if r.bot == name]
            found.append(statistics.fmean(mine))
        return found

    def win_share(self, name: str) -> Estimate:
        return estimate(self.per_deal(name, lambda r: r.win))

    def head_to_head(self, name: str) -> Estimate:
        """The share of its meetings with another bot's seat in which this bot finished
        ahead (a tie counts half): at a table of two it is the win share; at a larger
        one (one Hard against two Normal) it says how often it beat each opponent, where
        the win share's fair mark is one in ``seats``. A margin orders a game's seats
        as its score does."""
        found = []
        for deal in self.deals:
            meetings = [1.0 if mine.margin > other.margin else
                        0.5 if mine.margin == other.margin else 0.0
                        for game in deal.games(self.seats)
                        for mine in game if mine.bot == name
                        for other in game if other.bot != name]
            if meetings:
                found.append(statistics.fmean(meetings))
        return estimate(found) if found else Estimate(math.nan, math.nan, math.nan)

    def margin(self, name: str) -> Estimate:
        return estimate(self.per_deal(name, lambda r: r.margin))

    def seat_bias(self) -> list[Estimate]:
        """The share of each deal's games won from each seat, whoever sat there (fair:
        one in ``seats``; draws count for nobody), with its interval over deals."""
        shares: list[list[float]] = [[] for _ in range(self.seats)]
        for deal in self.deals:
            wins = [0.0] * self.seats
            for result in deal.seats:
                wins[result.seat] += result.win
            for seat in range(self.seats):
                shares[seat].append(wins[seat] / self.seats)
        return [estimate(values) for values in shares]


def run_tournament(game_id: str, seats: int, bots: Sequence[str], deals: int, seed: int,
                   jobs: int = 1,
                   progress: Callable[[int, int], None] | None = None,
                   bot_seed: int = 0, record: Path | None = None) -> TournamentReport:
    """Play ``deals`` duplicate deals (seeds ``seed``, ``seed + 1`` …). With a ``record``
    file, the deals it already holds for this tournament are not played again but
    reported with the new ones, and each new deal is added to it as it finishes (see
    ``tournament_record``)."""
    report = TournamentReport(game_id, seats, tuple(bots), jobs=jobs)
    writer: RecordWriter | None = None
    if record is not None:
        problem = deals_problem(seed, deals)
        if problem is not None:
            raise RecordError(f"a record keeps only the deal numbers cardtable plays: "
                              f"{problem}; choose another --seed")
        kept = read_record(record, game_id, seats, tuple(bots))
        report.deals += kept.deals
        report.recorded, report.damaged = len(kept.deals), kept.damaged
        writer = RecordWriter(record, game_id, seats, tuple(bots))
    done = {deal.deal for deal in report.deals}
    numbers = [n for n in range(seed, seed + deals) if n not in done]
    started = time.perf_counter()

    def finished(deal: DealResult) -> None:
        report.deals.append(deal)
        report.played += 1
        report.played_steps += deal.steps
        if writer is not None:
            writer.add(deal)
        if progress:
            progress(report.played, len(numbers))

    try:
        if jobs <= 1:
            for number in numbers:
                finished(play_deal(game_id, bots, seats, number, bot_seed))
        else:
            with ProcessPoolExecutor(max_workers=jobs) as pool:
                futures = [pool.submit(play_deal, game_id, tuple(bots), seats, n, bot_seed)
                           for n in numbers]
                for future in futures:
                    finished(future.result())
    finally:
        if writer is not None:
            writer.close()
    report.seconds = time.perf_counter() - started
    return report


def _interval(value: Estimate, scale: float, digits: int) -> str:
    if math.isnan(value.low):
        return "(one deal: no interval)"
    return f"[{value.low * scale:.{digits}f}, {value.high * scale:.{digits}f}]"


def _deals(count: int) -> str:
    return f"{count} deal{'' if count == 1 else 's'}"


def format_tournament(report: TournamentReport) -> str:
    played = (f"{_deals(report.played)} played in {report.seconds:.1f} s "
              f"({report.jobs} job{'s' if report.jobs != 1 else ''}, "
              f"{report.played_steps / max(report.seconds, 1e-9):,.0f} moves/s)")
    if report.recorded or report.damaged:
        played = f"{_deals(report.recorded)} from the record, " + played
        if report.damaged:
            played += (f"; {report.damaged} damaged line{'s' if report.damaged != 1 else ''}"
                       " of the record skipped")
    lines = [
        f"{report.game_id}, {report.seats} seats: {len(report.deals)} duplicate "
        f"deal{'' if len(report.deals) == 1 else 's'} × "
        f"{report.seats} rotations = {report.games} games; {played}",
        "win share: a shared win counts as a share; margin: score ahead of the other "
        "seats' mean (positive is better); 95 % intervals over deals",
    ]
    meetings = report.seats > 2 and len(report.names()) > 1
    if meetings:
        lines.append("ahead: share of its meetings with another bot's seats it finished "
                     "ahead of (a tie counts half)")
    header = f"{'bot':<10} {'win share':>9} {'95 % CI':>17} {'margin':>9} {'95 % CI':>19}"
    lines.append(header + (f" {'ahead':>7} {'95 % CI':>17}" if meetings else ""))
    for name in report.names():
        share, margin = report.win_share(name), report.margin(name)
        line = (f"{name:<10} {share.mean * 100:8.1f}% {_interval(share, 100, 1):>17} "
                f"{margin.mean:+9.1f} {_interval(margin, 1, 1):>19}")
        if meetings:
            ahead = report.head_to_head(name)
            line += f" {ahead.mean * 100:6.1f}% {_interval(ahead, 100, 1):>17}"
        lines.append(line)
    fair = 1 / report.seats
    bias = ", ".join(f"seat {seat}: {share.mean * 100:.1f}% {_interval(share, 100, 1)}"
                     + (" above fair" if share.low > fair else "")
                     for seat, share in enumerate(report.seat_bias()))
    lines.append(f"seat bias (share of games won from each seat, whoever sat there; fair "
                 f"{fair * 100:.1f}%): {bias}")
    return "\n".join(lines)
