"""Statistics from the history: per game and AI level, what a player of card apps
expects to see (played, won, win rate, average and best score, streaks, rounds).

Pure functions of the history's rows: the Statistics scene and ``cardtable stats``
show the same figures.
"""

from __future__ import annotations

import statistics as stats_
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .history_db import GameRow


@dataclass(frozen=True)
class LevelStats:
    game_id: str
    level: str
    played: int
    """Games finished (abandoned ones are counted apart)."""
    wins: float
    """Games won; a shared win counts as its share."""
    abandoned: int
    average_score: float | None
    best_score: int | None
    streak: int
    """Wins in a row up to the latest finished game."""
    best_streak: int
    average_rounds: float | None

    @property
    def win_rate(self) -> float | None:
        return self.wins / self.played if self.played else None


def level_stats(rows: Iterable[GameRow], low_scores_win: dict[str, bool]) -> list[LevelStats]:
    """One line per (game, level) seen in ``rows`` (oldest first), in that order."""
    groups: dict[tuple[str, str], list[GameRow]] = {}
    for row in rows:
        groups.setdefault((row.game_id, row.level), []).append(row)
    return [_one(game_id, level, games, low_scores_win.get(game_id, True))
            for (game_id, level), games in groups.items()]


def _one(game_id: str, level: str, games: Sequence[GameRow], low_wins: bool) -> LevelStats:
    done = [g for g in games if g.status == "finished"]
    scores = [s for g in done if (s := g.my_score) is not None]
    streak = best = 0
    for game in done:
        streak = streak + 1 if (game.won or 0) > 0 else 0
        best = max(best, streak)
    return LevelStats(
        game_id=game_id, level=level, played=len(done),
        wins=sum(g.won or 0.0 for g in done),
        abandoned=sum(g.status == "abandoned" for g in games),
        average_score=stats_.fmean(scores) if scores else None,
        best_score=(min(scores) if low_wins else max(scores)) if scores else None,
        streak=streak, best_streak=best,
        average_rounds=stats_.fmean(g.rounds for g in done) if done else None)


def stats_table(lines: Sequence[LevelStats], titles: dict[str, str]) -> str:
    """The statistics as a plain-text table (for ``cardtable stats``)."""
    if not lines:
        return "No games finished yet."
    head = (f"{'game':<26} {'level':<7} {'played':>6} {'won':>5} {'win%':>5} "
            f"{'avg-score':>9} {'best-score':>10} {'streak':>6} {'best-streak':>11} "
            f"{'avg-rounds':>10} {'left':>4}")
    out = [head, "-" * len(head)]
    for line in lines:
        rate = "" if line.win_rate is None else f"{100 * line.win_rate:.0f}%"
        average = "" if line.average_score is None else f"{line.average_score:.1f}"
        best = "" if line.best_score is None else str(line.best_score)
        rounds = "" if line.average_rounds is None else f"{line.average_rounds:.1f}"
        out.append(f"{titles.get(line.game_id, line.game_id)[:26]:<26} {line.level:<7} "
                   f"{line.played:>6} {line.wins:>5g} {rate:>5} {average:>9} {best:>10} "
                   f"{line.streak:>6} {line.best_streak:>11} {rounds:>10} "
                   f"{line.abandoned:>4}")
    return "\n".join(out)


def history_table(rows: Sequence[GameRow], titles: dict[str, str]) -> str:
    """Recent games, the newest first (for ``cardtable history``)."""
    if not rows:
        return "No games played at the table yet."
    head = (f"{'when':<16} {'game':<26} {'level':<7} {'result':<10} {'score':>6} "
            f"{'rounds':>6} {'time':>6}  deal")
    out = [head, "-" * (len(head) + 12)]
    for row in reversed(rows):
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(row.started))
        result = result_words(row)
        score = "" if row.my_score is None else str(row.my_score)
        seconds = row.seconds
        took = "" if seconds is None else f"{int(seconds // 60)}:{int(seconds % 60):02d}"
        out.append(f"{when:<16} {titles.get(row.game_id, row.game_id)[:26]:<26} "
                   f"{row.level:<7} {result:<10} {score:>6} {row.rounds:>6} {took:>6}  "
                   f"{row.deal_code or ''}")
    return "\n".join(out)


def result_words(row: GameRow) -> str:
    """How the game ended for the person, in a word or two."""
    if row.status != "finished":
        return "left" if row.status == "abandoned" else "in progress"
    if row.won is None or row.won == 0:
        return "lost" if row.place is None else f"place {row.place}"
    return "won" if row.won == 1 else "shared win"
