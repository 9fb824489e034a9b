"""The ``cardtable`` command: launch the table, or play AI-only games headless.

Bad arguments get one line on stderr and exit code 2, never a traceback.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import NoReturn

from . import __version__
from .ai import BotError, make_bot
from .engine import EngineError, get_variant, variants
from .engine.shown import shown
from .simulate import SimulationError, format_report, is_terminal, progress_bar, simulate
from .tournament_record import RecordError


class _Parser(argparse.ArgumentParser):
    """argparse, but an error is one line (no usage block) and exit code 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message}\n")


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{shown(text)} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} must be at least 1")
    return value


def _whole(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{shown(text)} is not a whole number") from None


LAST_LIMIT = 100_000
"""The most games ``cardtable history --last`` lists (a number past SQLite's was
refused by the history as if the file were at fault)."""


def _last(text: str) -> int:
    value = _positive(text)
    if value > LAST_LIMIT:
        raise argparse.ArgumentTypeError(f"{shown(value)} is too many: at most "
                                         f"{LAST_LIMIT:,} games")
    return value


def _deal_number(text: str) -> int:
    """A deal number (``--seed``): a whole number in the engine's range of deals."""
    from .engine.rng import seed_problem

    value = _whole(text)
    problem = seed_problem(value)
    if problem is not None:
        raise argparse.ArgumentTypeError(problem)
    return value


def _check_deals_fit(seed: int, games: int, named: str | None = None) -> None:
    """The games play deal numbers ``seed`` to ``seed + games - 1``: all must be deals
    (``named``: the arguments as the person gave them, for the message)."""
    from .engine.rng import deals_problem

    problem = deals_problem(seed, games)
    if problem is not None:
        raise BotError(f"{named or f'--seed {seed} with --games {games}'}: {problem}")


def build_parser() -> argparse.ArgumentParser:
    games = ", ".join(variant.id for variant in variants())
    parser = _Parser(prog="cardtable", description=(
        "A card table for rummy-family and shedding games against computer opponents. "
        "With no command, opens the table window."))
    parser.add_argument("--version", action="version", version=f"cardtable {__version__}")
    parser.add_argument("--self-test", action="store_true",
                        help="check this install: open the window, reach the menu, deal a "
                        "game, let the AI play a few moves and quit (exit 0 when well)")
    commands = parser.add_subparsers(dest="command", metavar="command", parser_class=_Parser)
    sim = commands.add_parser(
        "simulate", help="play AI-only games and print a table of results",
        description="Play AI-only games headless and print wins, scores and throughput.")
    sim.add_argument("--game", help=f"game id ({games})")
    sim.add_argument("--seats", type=_positive, help="players per game")
    sim.add_argument("--deal", default=None,
                     help="a deal code from the table (e.g. FC-4-03NQK8N-UE): its game, "
                     "players, rules and cards; instead of --game, --seats and --seed")
    sim.add_argument("--games", type=_positive, default=None,
                     help="games to play (100; with --deal 1, the code's deal: more play the "
                     "deals after it)")
    sim.add_argument("--seed", type=_deal_number, default=None,
                     help="seed of the first game (1)")
    sim.add_argument("--bots", default="normal",
                     help="bot levels, comma-separated, cycled over the seats (normal)")
    _run_options(sim)
    tour = commands.add_parser(
        "tournament", help="bots against bots on duplicate deals, with confidence intervals",
        description="Play each deal once per rotation of the bots round the table (luck "
        "cancels) and print each bot's win share and score margin with 95 percent "
        "intervals, "
        "and the seat bias.")
    tour.add_argument("--game", required=True, help=f"game id ({games})")
    tour.add_argument("--bots", required=True,
                      help="bot levels, comma-separated, one per seat in the first rotation "
                      "(e.g. normal,random; hard,normal,normal for one against two)")
    tour.add_argument("--seats", type=_positive, default=None,
                      help="players per game (default: as many as bots, at least the "
                      "game's fewest)")
    tour.add_argument("--games", type=_positive, default=100,
                      help="duplicate deals to play; each is played once per seat (100)")
    tour.add_argument("--seed", type=_deal_number, default=1, help="seed of the first deal (1)")
    tour.add_argument("--jobs", type=_jobs, default=1,
                      help=f"worker processes (1; this machine has {_cores()} cores; at "
                      f"most {_jobs_limit()})")
    tour.add_argument("--record", type=Path, default=None, metavar="FILE",
                      help="keep each finished deal in FILE (JSON lines); run again with "
                      "the same FILE to play only the deals it lacks and report them all")
    _run_options(tour)
    stats = commands.add_parser(
        "stats", help="your statistics per game and AI level",
        description="Print the statistics of the games you played at the table: played, "
        "won, win rate, average and best score, streaks, average rounds, games left.")
    stats.add_argument("--game", default=None, help=f"only this game ({games})")
    history = commands.add_parser(
        "history", help="the games you played, newest first",
        description="List the games played at the table, newest first: when, which game "
        "and level, the result, your score, rounds, time taken and the deal code to play "
        "it again.")
    history.add_argument("--last", type=_last, default=10,
                         help=f"how many (10; at most {LAST_LIMIT:,})")
    history.add_argument("--game", default=None, help=f"only this game ({games})")
    history.add_argument("--export", nargs=2, default=None, metavar=("ID", "FILE"),
                         help="write the record of the game ID (its id as listed, or the "
                         "start of it) to FILE, for cardtable review")
    review = commands.add_parser(
        "review", help="your costliest decisions in a game, and what Hard would have done",
        description="Review every decision of one seat of a game (a saved game, or a game "
        "record as 'cardtable history --export' writes it) with the Hard player's search, "
        "and print the costliest, with their cost in the game's terms and in chance of "
        "winning, and how Hard would have scored in the seat on the same cards.")
    review.add_argument("file", type=Path, metavar="FILE", help="a saved game or a game record")
    review.add_argument("--seat", type=_whole, default=None,
                        help="the seat to review (a save: yours; a record: 0)")
    review.add_argument("--top", type=_positive, default=5,
                        help="how many of the costliest decisions to show (5)")
    review.add_argument("--json", action="store_true",
                        help="print the costliest decisions as a JSON list")
    review.add_argument("--budget", type=_positive, default=None,
                        help="rollouts weighed per decision (default: twice Hard's, "
                        "fewer at a table of more than four)")
    review.add_argument("--no-compare", action="store_true",
                        help="leave out how Hard would have scored in the seat")
    review.add_argument("--quiet", action="store_true", help="no progress bar")
    return parser


def _run_options(command: argparse.ArgumentParser) -> None:
    """What simulate and tournament share: the bots' seed and a quiet run."""
    command.add_argument("--bot-seed", type=_whole, default=None,
                         help="the bots' secret seed (default: a new one, printed)")
    command.add_argument("--quiet", action="store_true", help="no progress bar")


def _cores() -> int:
    import os

    return os.cpu_count() or 1


def _jobs_limit() -> int:
    """Four worker processes a core gain nothing over one (a deal is all CPU), and a
    process pool takes at most 61 workers on Windows."""
    return min(4 * _cores(), 61)


def _jobs(text: str) -> int:
    value = _positive(text)
    if value > _jobs_limit():
        raise argparse.ArgumentTypeError(
            f"{value} is too many: at most {_jobs_limit()} worker processes on this machine "
            f"({_cores()} cores)")
    return value


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command == "simulate":
        return _simulate(parser, args)
    if args.command == "tournament":
        return _tournament(args)
    if args.command in ("stats", "history"):
        return _history(args)
    if args.command == "review":
        return _review(args)
    if args.self_test:
        from .app.app import self_test

        return self_test()
    from .app.paths import home_problem

    problem = home_problem()
    if problem is not None:
        print(f"cardtable: error: {problem}", file=sys.stderr)
        return 2
    from .app.app import main as play
    from .app.home_lock import ALREADY_OPEN, lock_home
    from .app.paths import data_dir

    lock = lock_home(data_dir())  # one window per home, held until the process ends
    if lock is None:
        from .app.already_open import show

        print(f"cardtable: {ALREADY_OPEN}", file=sys.stderr)
        show()  # started from an icon, there is no terminal to read the line above
        return 0
    try:
        return play()
    finally:
        lock.release()


def _simulate(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    from .engine.deal_code import decode

    prog = "cardtable simulate"
    options = None
    try:
        if args.deal is not None:
            if args.game is not None or args.seats is not None or args.seed is not None:
                raise BotError("--deal names the game, players and deal: leave out --game, "
                               "--seats and --seed")
            deal = decode(args.deal)
            args.game, args.seats, args.seed, options = \
                deal.game_id, deal.seats, deal.seed, deal.options
            args.games = args.games or 1  # "play this deal": the code's deal alone
            named = f"--deal {args.deal} (deal number {deal.seed:,}) with --games {args.games}"
        elif args.game is None or args.seats is None:
            raise BotError("name the game and players (--game and --seats) or a --deal")
        else:
            args.seed = 1 if args.seed is None else args.seed
            args.games = args.games or 100
            named = f"--seed {args.seed} with --games {args.games}"
        get_variant(args.game)().check_seats(args.seats)
        names = _bot_levels(args.bots, args.game)
        _check_deals_fit(args.seed, args.games, named)
    except (EngineError, BotError) as error:
        print(f"{prog}: error: {error}", file=sys.stderr)
        return 2
    bot_seed = _bot_seed(args)
    return _run(prog, args.quiet, lambda show: format_report(
        simulate(args.game, args.seats, args.games, args.seed, names, show, bot_seed,
                 options)) + _bot_seed_line(bot_seed))


def _tournament(args: argparse.Namespace) -> int:
    from .tournament import format_tournament, run_tournament

    prog = "cardtable tournament"
    try:
        variant = get_variant(args.game)()
        names = _bot_levels(args.bots, args.game)
        seats = args.seats or max(len(names), variant.seat_counts.start)
        variant.check_seats(seats)
        _check_deals_fit(args.seed, args.games)
    except (EngineError, BotError) as error:
        print(f"{prog}: error: {error}", file=sys.stderr)
        return 2
    bot_seed = _bot_seed(args)
    return _run(prog, args.quiet, lambda show: format_tournament(
        run_tournament(args.game, seats, names, args.games, args.seed, args.jobs, show,
                       bot_seed, args.record)) + _bot_seed_line(bot_seed))


def _history(args: argparse.Namespace) -> int:
    """``cardtable stats`` and ``cardtable history``: read the table's history."""
    from .app.history_db import open_history
    from .app.paths import data_dir, home_problem
    from .app.stats import history_table, stats_table

    prog = f"cardtable {args.command}"
    problem = home_problem()
    if problem is None and args.game is not None:
        try:
            get_variant(args.game)
        except EngineError as error:
            problem = str(error)
    if problem is not None:
        print(f"{prog}: error: {problem}", file=sys.stderr)
        return 2
    path = data_dir() / "history.sqlite3"
    if getattr(args, "export", None) is not None and not path.exists():
        print(f"{prog}: error: no game {shown(args.export[0])} in your history",
              file=sys.stderr)
        return 2
    if not path.exists():
        print("No games played at the table yet.")
        return 0
    history, note = open_history(path)
    if note:
        print(note, file=sys.stderr)
    if history is None:
        return 1
    if getattr(args, "export", None) is not None:
        from .app.history_export import export_record

        try:
            done = export_record(history, *args.export)
        finally:
            history.close()
        if done.problem is not None:
            print(f"{prog}: error: {done.problem}", file=sys.stderr)
            return 2
        print(done.said)
        return 0
    import sqlite3

    from .app.stats import skipped_words, tally_rows

    titles = {variant.id: variant.title for variant in variants()}
    try:
        if args.command == "stats":
            tally, skipped = tally_rows(history.scan(args.game))
            print(stats_table(tally.lines(), titles))
        else:
            reading = history.read(args.game, last=args.last)
            skipped = reading.skipped
            print(history_table(reading.rows, titles))
    except sqlite3.Error as error:
        print(f"{prog}: error: your game history could not be read ({error})",
              file=sys.stderr)
        return 1
    finally:
        history.close()
    if skipped:
        print(skipped_words(skipped))
    return 0


def _review(args: argparse.Namespace) -> int:
    """``cardtable review FILE``: a bad file or seat is one line and exit 2."""
    from .ai.review import review_record
    from .app.review_source import ReviewSourceError, load_reviewable
    from .review_report import format_review, review_json

    prog = "cardtable review"
    try:
        source = load_reviewable(args.file, args.seat)
    except ReviewSourceError as error:
        print(f"{prog}: error: {error}", file=sys.stderr)
        return 2
    show = None if args.quiet or not is_terminal(sys.stderr) else progress_bar(sys.stderr)
    try:
        review = review_record(source.record, source.seat, args.budget, show,
                               compare_with=None if args.no_compare else source.levels)
    except KeyboardInterrupt:
        print(f"\n{prog}: interrupted", file=sys.stderr)
        return 130
    if args.json:
        print(review_json(review, args.top))
    else:
        print(format_review(review, get_variant(source.game_id).title, args.top))
    return 0


def _bot_seed(args: argparse.Namespace) -> int:
    from .ai.seats import new_secret

    return new_secret() if args.bot_seed is None else int(args.bot_seed)


def _bot_seed_line(bot_seed: int) -> str:
    return f"\nbot seed {bot_seed} (the same run again: --bot-seed {bot_seed})"


def _bot_levels(text: str, game_id: str) -> list[str]:
    """The comma-separated bot levels, each known and able to play the game."""
    names = [name.strip() for name in text.split(",") if name.strip()]
    if not names:
        raise BotError("--bots needs at least one bot level")
    for name in names:
        if not make_bot(name).supports(game_id):
            raise BotError(f"the {name} bot does not play {game_id} yet")
    return names


def _run(prog: str, quiet: bool,
         play: Callable[[Callable[[int, int], None] | None], str]) -> int:
    """Play with a progress bar on a terminal, print the report; a broken game is exit
    code 1, an interrupt 130."""
    show = None if quiet or not is_terminal(sys.stderr) else progress_bar(sys.stderr)
    try:
        text = play(show)
    except SimulationError as error:
        print(f"{prog}: failed: {error}", file=sys.stderr)
        return 1
    except RecordError as error:
        print(f"{prog}: error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"\n{prog}: interrupted", file=sys.stderr)
        return 130
    print(text)
    return 0
