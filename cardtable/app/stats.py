"""Statistics from the history: per game and AI level, what a player of card apps
expects to see (played, won, win rate, average and best score, streaks, rounds).

Folded from the history's rows one at a time (``Tally``), so that no row is kept: at any
size of history, the figures are a line per game and level and a few chart points. The
Statistics scene and ``cardtable stats`` show the same figures.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from babel.numbers import format_decimal, format_percent

from ..engine import variants
from ..i18n import N_, _, babel_locale, ngettext, pgettext, text
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


@dataclass(frozen=True)
class ChartPoint:
    """One finished game on the chart: the person's final score, and whether it won."""

    score: int
    won: bool


@dataclass
class _Level:
    """Running sums for one game and level (``Tally``'s own, never handed out)."""

    played: int = 0
    wins: float = 0.0
    abandoned: int = 0
    score_sum: int = 0
    scored: int = 0
    best: int | None = None
    streak: int = 0
    best_streak: int = 0
    rounds: int = 0


@dataclass
class Tally:
    """The statistics of rows added oldest first. Keeps sums, not rows."""

    low_scores_win: dict[str, bool]
    chart_games: int = 20
    """Finished games a chart keeps at most (the newest)."""
    latest: str | None = None
    """The game of the newest finished game added."""
    _levels: dict[tuple[str, str], _Level] = field(default_factory=dict)
    _charts: dict[str, list[ChartPoint]] = field(default_factory=dict)

    def add(self, row: GameRow) -> None:
        line = self._levels.setdefault((row.game_id, row.level), _Level())
        if row.status == "abandoned":
            line.abandoned += 1
        if row.status != "finished":
            return
        self.latest = row.game_id
        won = row.won or 0.0
        line.played += 1
        line.wins += won
        line.rounds += row.rounds
        line.streak = line.streak + 1 if won > 0 else 0
        line.best_streak = max(line.best_streak, line.streak)
        score = row.my_score
        if score is None:
            return
        line.score_sum += score
        line.scored += 1
        low = self.low_scores_win.get(row.game_id, True)
        if line.best is None or (score < line.best if low else score > line.best):
            line.best = score
        chart = self._charts.setdefault(row.game_id, [])
        chart.append(ChartPoint(score, won > 0))
        if len(chart) > 2 * self.chart_games:
            del chart[:-self.chart_games]

    def lines(self, game_id: str | None = None) -> list[LevelStats]:
        """One line per (game, level) seen (of ``game_id`` only, if given), in the order
        first seen."""
        return [_stats(game, level, line) for (game, level), line in self._levels.items()
                if game_id is None or game == game_id]

    def chart(self, game_id: str) -> list[ChartPoint]:
        """The newest finished games of ``game_id`` with a score, oldest first."""
        return self._charts.get(game_id, [])[-self.chart_games:]


def _stats(game_id: str, level: str, line: _Level) -> LevelStats:
    return LevelStats(
        game_id=game_id, level=level, played=line.played, wins=line.wins,
        abandoned=line.abandoned,
        average_score=line.score_sum / line.scored if line.scored else None,
        best_score=line.best, streak=line.streak, best_streak=line.best_streak,
        average_rounds=line.rounds / line.played if line.played else None)


def tally_rows(rows: Iterable[GameRow | str]) -> tuple[Tally, int]:
    """Every readable row (as ``History.scan`` gives them, oldest first) folded into a
    tally of every game, and the count of damaged rows (a reason in place of a row)."""
    tally = Tally({variant.id: variant.low_scores_win for variant in variants()})
    skipped = 0
    for row in rows:
        if isinstance(row, str):
            skipped += 1
        else:
            tally.add(row)
    return tally, skipped


def level_stats(rows: Iterable[GameRow], low_scores_win: dict[str, bool]) -> list[LevelStats]:
    """One line per (game, level) seen in ``rows`` (oldest first), in that order."""
    tally = Tally(low_scores_win)
    for row in rows:
        tally.add(row)
    return tally.lines()


def skipped_words(skipped: int) -> str:
    """The count of rows left out, as a sentence for the player ('' for none)."""
    if not skipped:
        return ""
    return ngettext("{count} game could not be read (damaged in the history file).",
                    "{count} games could not be read (damaged in the history file).",
                    skipped).format(count=skipped)


def percent(share: float) -> str:
    """A share (0 to 1) as a whole percentage the language writes ("75%", "75 %")."""
    return format_percent(share, locale=babel_locale())


def one_place(value: float) -> str:
    """A number with one decimal place, as the language writes it ("3.5", "3,5")."""
    return format_decimal(value, format="0.0", locale=babel_locale())


def stats_table(lines: Sequence[LevelStats], titles: dict[str, str]) -> str:
    """The statistics as a plain-text table (for ``cardtable stats``)."""
    if not lines:
        return _("No games finished yet.")
    head = (f"{_column('game'):<26} {_column('level'):<7} {_column('played'):>6} "
            f"{_column('won'):>5} {_column('win%'):>5} {_column('avg-score'):>9} "
            f"{_column('best-score'):>10} {_column('streak'):>6} "
            f"{_column('best-streak'):>11} {_column('avg-rounds'):>10} {_column('left'):>4}")
    out = [head, "-" * len(head)]
    for line in lines:
        rate = "" if line.win_rate is None else percent(line.win_rate)
        average = "" if line.average_score is None else one_place(line.average_score)
        best = "" if line.best_score is None else str(line.best_score)
        rounds = "" if line.average_rounds is None else one_place(line.average_rounds)
        out.append(f"{text(titles.get(line.game_id, line.game_id))[:26]:<26} "
                   f"{text(line.level):<7} "
                   f"{line.played:>6} {line.wins:>5g} {rate:>5} {average:>9} {best:>10} "
                   f"{line.streak:>6} {line.best_streak:>11} {rounds:>10} "
                   f"{line.abandoned:>4}")
    return "\n".join(out)


def history_table(rows: Sequence[GameRow], titles: dict[str, str]) -> str:
    """Recent games, the newest first (for ``cardtable history``)."""
    if not rows:
        return _("No games played at the table yet.")
    head = (f"{_column('id'):<8} {_column('when'):<16} {_column('game'):<26} "
            f"{_column('level'):<7} {_column('result'):<10} {_column('score'):>6} "
            f"{_column('rounds'):>6} {_column('time'):>6}  {_column('deal')}")
    out = [head, "-" * (len(head) + 12)]
    for row in reversed(rows):
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(row.started))
        result = result_words(row)
        score = "" if row.my_score is None else str(row.my_score)
        seconds = row.seconds
        took = "" if seconds is None else f"{int(seconds // 60)}:{int(seconds % 60):02d}"
        title = text(titles.get(row.game_id, row.game_id))
        out.append(f"{row.key[:8]:<8} {when:<16} {title[:26]:<26} "
                   f"{text(row.level):<7} {result:<10} {score:>6} {row.rounds:>6} {took:>6}  "
                   f"{row.deal_code or ''}")
    return "\n".join(out)


def result_words(row: GameRow) -> str:
    """How the game ended for the person, in a word or two."""
    if row.status != "finished":
        # Translators: a game the player left (abandoned), in the list of games played
        return pgettext("result", "left") if row.status == "abandoned" \
            else pgettext("result", "in progress")
    if row.won is None or row.won == 0:
        return pgettext("result", "lost") if row.place is None \
            else _("place {place}").format(place=row.place)
    return pgettext("result", "won") if row.won == 1 else pgettext("result", "shared win")


# Translators: the column headings of "cardtable stats" and "cardtable history"; keep
# each about as short as the English
COLUMNS = (N_("game"), N_("level"), N_("played"), N_("won"), N_("win%"), N_("avg-score"),
           N_("best-score"), N_("streak"), N_("best-streak"), N_("avg-rounds"), N_("left"),
           N_("id"), N_("when"), N_("result"), N_("score"), N_("rounds"), N_("time"),
           N_("deal"))
"""The column headings of ``cardtable stats`` and ``cardtable history`` (a translation
should keep each about as short: the columns are as wide as the English)."""


def _column(name: str) -> str:
    return _(name)
