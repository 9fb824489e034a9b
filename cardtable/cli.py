"""The ``cardtable`` command: launch the table, or play AI-only games headless.

Bad arguments get one line on stderr and exit code 2, never a traceback. Everything it
says is in the system's language (``LANGUAGE``, ``LANG``…), argparse's own words too
(:mod:`cardtable.i18n.argparse_words`); the help is built when the parser is, after the
language is chosen, never at import.
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
from .i18n import _, ngettext, number, text, use
from .i18n.argparse_words import ERROR_LINE, speaking_argparse
from .simulate import SimulationError, format_report, is_terminal, progress_bar, simulate
from .tournament_record import RecordError


class _Parser(argparse.ArgumentParser):
    """argparse, but an error is one line (no usage block) and exit code 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, _(ERROR_LINE) % {"prog": self.prog, "message": message})


def _error_line(prog: str, message: object) -> str:
    """``prog: error: …``, one line for stderr; an engine's or AI's sentence (the
    exception's one argument, a message) is said in the language."""
    return _("{prog}: error: {message}").format(prog=prog, message=_said(message))


def _said(message: object) -> str:
    if isinstance(message, BaseException):
        args = message.args
        return text(args[0]) if len(args) == 1 and isinstance(args[0], str) else str(message)
    return text(message) if isinstance(message, str) else str(message)


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("{value} is not a whole number").format(value=shown(text))) from None
    if value < 1:
        raise argparse.ArgumentTypeError(_("{value} must be at least 1").format(value=value))
    return value


def _whole(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("{value} is not a whole number").format(value=shown(text))) from None


LAST_LIMIT = 100_000
"""The most games ``cardtable history --last`` lists (a number past SQLite's was
refused by the history as if the file were at fault)."""


def _last(text: str) -> int:
    value = _positive(text)
    if value > LAST_LIMIT:
        raise argparse.ArgumentTypeError(ngettext(
            "{value} is too many: at most {limit} game",
            "{value} is too many: at most {limit} games", LAST_LIMIT
        ).format(value=shown(value), limit=number(LAST_LIMIT)))
    return value


def _deal_number(text: str) -> int:
    """A deal number (``--seed``): a whole number in the engine's range of deals."""
    from .engine.rng import seed_problem

    value = _whole(text)
    problem = seed_problem(value)
    if problem is not None:
        raise argparse.ArgumentTypeError(_said(problem))
    return value


def _check_deals_fit(seed: int, games: int, named: str | None = None) -> None:
    """The games play deal numbers ``seed`` to ``seed + games - 1``: all must be deals
    (``named``: the arguments as the person gave them, for the message)."""
    from .engine.rng import deals_problem

    problem = deals_problem(seed, games)
    if problem is not None:
        arguments = named or _("--seed {seed} with --games {games}").format(seed=seed,
                                                                              games=games)
        raise BotError(_("{arguments}: {problem}").format(arguments=arguments,
                                                           problem=text(problem)))


def build_parser() -> argparse.ArgumentParser:
    """The command's parser, its help in the language in use (build it after ``use``)."""
    games = ", ".join(variant.id for variant in variants())

    def only(game_help: str) -> str:
        return game_help.format(games=games)

    parser = _Parser(prog="cardtable", description=_(
        "A card table for rummy-family and shedding games against computer opponents. "
        "With no command, opens the table window."))
    parser.add_argument("--version", action="version", version=f"cardtable {__version__}",
                        help=_("show program's version number and exit"))
    parser.add_argument("--self-test", action="store_true",
                        help=_("check this install: open the window, reach the menu, deal a "
                               "game, let the AI play a few moves and quit (exit 0 when "
                               "well)"))
    # Translators: the placeholder for a command's name in the usage line
    commands = parser.add_subparsers(dest="command", metavar=_("command"),
                                     parser_class=_Parser)
    sim = commands.add_parser(
        "simulate", help=_("play AI-only games and print a table of results"),
        description=_("Play AI-only games headless and print wins, scores and throughput."))
    sim.add_argument("--game", help=only(_("game id ({games})")))
    sim.add_argument("--seats", type=_positive, help=_("players per game"))
    sim.add_argument("--deal", default=None,
                     help=_("a deal code from the table (e.g. FC-4-03NQK8N-UE): its game, "
                            "players, rules and cards; instead of --game, --seats and "
                            "--seed"))
    sim.add_argument("--games", type=_positive, default=None,
                     help=_("games to play (100; with --deal 1, the code's deal: more play "
                            "the deals after it)"))
    sim.add_argument("--seed", type=_deal_number, default=None,
                     help=_("seed of the first game (1)"))
    sim.add_argument("--bots", default="normal",
                     help=_("bot levels, comma-separated, cycled over the seats (normal)"))
    _run_options(sim)
    tour = commands.add_parser(
        "tournament", help=_("bots against bots on duplicate deals, with confidence "
                             "intervals"),
        description=_("Play each deal once per rotation of the bots round the table (luck "
                      "cancels) and print each bot's win share and score margin with 95 "
                      "percent intervals, and the seat bias."))
    tour.add_argument("--game", required=True, help=only(_("game id ({games})")))
    tour.add_argument("--bots", required=True,
                      help=_("bot levels, comma-separated, one per seat in the first "
                             "rotation (e.g. normal,random; hard,normal,normal for one "
                             "against two)"))
    tour.add_argument("--seats", type=_positive, default=None,
                      help=_("players per game (default: as many as bots, at least the "
                             "game's fewest)"))
    tour.add_argument("--games", type=_positive, default=100,
                      help=_("duplicate deals to play; each is played once per seat (100)"))
    tour.add_argument("--seed", type=_deal_number, default=1,
                      help=_("seed of the first deal (1)"))
    tour.add_argument("--jobs", type=_jobs, default=1,
                      help=ngettext("worker processes (1; this machine has {cores} core; "
                                    "at most {limit})",
                                    "worker processes (1; this machine has {cores} cores; "
                                    "at most {limit})", _cores()
                                    ).format(cores=_cores(), limit=_jobs_limit()))
    # Translators: the placeholder for a file's name in the usage line
    file_word = _("FILE")
    tour.add_argument("--record", type=Path, default=None, metavar=file_word,
                      help=_("keep each finished deal in {file} (JSON lines); run again "
                             "with the same {file} to play only the deals it lacks and "
                             "report them all").format(file=file_word))
    _run_options(tour)
    stats = commands.add_parser(
        "stats", help=_("your statistics per game and AI level"),
        description=_("Print the statistics of the games you played at the table: played, "
                      "won, win rate, average and best score, streaks, average rounds, "
                      "games left."))
    stats.add_argument("--game", default=None, help=only(_("only this game ({games})")))
    history = commands.add_parser(
        "history", help=_("the games you played, newest first"),
        description=_("List the games played at the table, newest first: when, which game "
                      "and level, the result, your score, rounds, time taken and the deal "
                      "code to play it again."))
    history.add_argument("--last", type=_last, default=10,
                         help=_("how many (10; at most {limit})").format(
                             limit=number(LAST_LIMIT)))
    history.add_argument("--game", default=None, help=only(_("only this game ({games})")))
    # Translators: the placeholder for a game's id in the usage line
    id_word = _("ID")
    history.add_argument("--export", nargs=2, default=None, metavar=(id_word, file_word),
                         help=_("write the record of the game {id} (its id as listed, or "
                                "the start of it) to {file}, for cardtable review"
                                ).format(id=id_word, file=file_word))
    review = commands.add_parser(
        "review", help=_("your costliest decisions in a game, and what Hard would have "
                         "done"),
        description=_("Review every decision of one seat of a game (a saved game, or a "
                      "game record as 'cardtable history --export' writes it) with the Hard "
                      "player's search, and print the costliest, with their cost in the "
                      "game's terms and in chance of winning, and how Hard would have "
                      "scored in the seat on the same cards."))
    review.add_argument("file", type=Path, metavar=file_word,
                        help=_("a saved game or a game record"))
    review.add_argument("--seat", type=_whole, default=None,
                        help=_("the seat to review (a save: yours; a record: 0)"))
    review.add_argument("--top", type=_positive, default=5,
                        help=_("how many of the costliest decisions to show (5)"))
    review.add_argument("--json", action="store_true",
                        help=_("print the costliest decisions as a JSON list"))
    review.add_argument("--budget", type=_positive, default=None,
                        help=_("rollouts weighed per decision (default: twice Hard's, "
                               "fewer at a table of more than four)"))
    review.add_argument("--no-compare", action="store_true",
                        help=_("leave out how Hard would have scored in the seat"))
    review.add_argument("--quiet", action="store_true", help=_("no progress bar"))
    return parser


def _run_options(command: argparse.ArgumentParser) -> None:
    """What simulate and tournament share: the bots' seed and a quiet run."""
    command.add_argument("--bot-seed", type=_whole, default=None,
                         help=_("the bots' secret seed (default: a new one, printed)"))
    command.add_argument("--quiet", action="store_true", help=_("no progress bar"))


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
        raise argparse.ArgumentTypeError(ngettext(
            "{value} is too many: at most {limit} worker processes on this machine "
            "({cores} core)",
            "{value} is too many: at most {limit} worker processes on this machine "
            "({cores} cores)", _cores()).format(value=value, limit=_jobs_limit(),
                                                cores=_cores()))
    return value


def main(argv: Sequence[str] | None = None) -> int:
    from .app.settings import saved_language

    use(saved_language())  # Settings → Language, else the system's, before any help
    with speaking_argparse():
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
        print(_error_line("cardtable", problem), file=sys.stderr)
        return 2
    from .app.app import main as play
    from .app.home_lock import ALREADY_OPEN, lock_home
    from .app.paths import data_dir

    lock = lock_home(data_dir())  # one window per home, held until the process ends
    if lock is None:
        from .app.already_open import show

        print(_("cardtable: {message}").format(message=_(ALREADY_OPEN)), file=sys.stderr)
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
                raise BotError(_("--deal names the game, players and deal: leave out "
                                 "--game, --seats and --seed"))
            deal = decode(args.deal)
            args.game, args.seats, args.seed, options = \
                deal.game_id, deal.seats, deal.seed, deal.options
            args.games = args.games or 1  # "play this deal": the code's deal alone
            named = _("--deal {code} (deal number {deal}) with --games {games}").format(
                code=args.deal, deal=number(deal.seed), games=args.games)
        elif args.game is None or args.seats is None:
            raise BotError(_("name the game and players (--game and --seats) or a --deal"))
        else:
            args.seed = 1 if args.seed is None else args.seed
            args.games = args.games or 100
            named = _("--seed {seed} with --games {games}").format(seed=args.seed,
                                                                    games=args.games)
        get_variant(args.game)().check_seats(args.seats)
        names = _bot_levels(args.bots, args.game)
        _check_deals_fit(args.seed, args.games, named)
    except (EngineError, BotError) as error:
        print(_error_line(prog, error), file=sys.stderr)
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
        print(_error_line(prog, error), file=sys.stderr)
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
            problem = _said(error)
    if problem is not None:
        print(_error_line(prog, problem), file=sys.stderr)
        return 2
    path = data_dir() / "history.sqlite3"
    if getattr(args, "export", None) is not None and not path.exists():
        print(_error_line(prog, _("no game {id} in your history").format(
            id=shown(args.export[0]))), file=sys.stderr)
        return 2
    if not path.exists():
        print(_("No games played at the table yet."))
        return 0
    history, note = open_history(path)
    if note:
        print(text(note), file=sys.stderr)
    if history is None:
        return 1
    if getattr(args, "export", None) is not None:
        from .app.history_export import export_record

        try:
            done = export_record(history, *args.export)
        finally:
            history.close()
        if done.problem is not None:
            print(_error_line(prog, done.problem), file=sys.stderr)
            return 2
        print(text(done.said))
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
        print(_error_line(prog, _("your game history could not be read ({error})").format(
            error=error)), file=sys.stderr)
        return 1
    finally:
        history.close()
    if skipped:
        print(text(skipped_words(skipped)))
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
        print(_error_line(prog, error), file=sys.stderr)
        return 2
    show = None if args.quiet or not is_terminal(sys.stderr) else \
        progress_bar(sys.stderr, _decisions)
    try:
        review = review_record(source.record, source.seat, args.budget, show,
                               compare_with=None if args.no_compare else source.levels)
    except KeyboardInterrupt:
        print("\n" + _("{prog}: interrupted").format(prog=prog), file=sys.stderr)
        return 130
    if args.json:
        print(review_json(review, args.top))
    else:
        print(format_review(review, get_variant(source.game_id).title, args.top))
    return 0


def _decisions(done: int, total: int) -> str:
    """The review's progress, counted in decisions weighed."""
    return ngettext("{done}/{total} decision", "{done}/{total} decisions", total).format(
        done=done, total=total)


def _bot_seed(args: argparse.Namespace) -> int:
    from .ai.seats import new_secret

    return new_secret() if args.bot_seed is None else int(args.bot_seed)


def _bot_seed_line(bot_seed: int) -> str:
    return "\n" + _("bot seed {seed} (the same run again: --bot-seed {seed})").format(
        seed=bot_seed)


def _bot_levels(text: str, game_id: str) -> list[str]:
    """The comma-separated bot levels, each known and able to play the game."""
    names = [name.strip() for name in text.split(",") if name.strip()]
    if not names:
        raise BotError(_("--bots needs at least one bot level"))
    for name in names:
        if not make_bot(name).supports(game_id):
            raise BotError(_("the {bot} bot does not play {game} yet").format(bot=name,
                                                                              game=game_id))
    return names


def _run(prog: str, quiet: bool,
         play: Callable[[Callable[[int, int], None] | None], str]) -> int:
    """Play with a progress bar on a terminal, print the report; a broken game is exit
    code 1, an interrupt 130."""
    show = None if quiet or not is_terminal(sys.stderr) else progress_bar(sys.stderr)
    try:
        text = play(show)
    except SimulationError as error:
        print(_("{prog}: failed: {message}").format(prog=prog, message=_said(error)),
              file=sys.stderr)
        return 1
    except RecordError as error:
        print(_error_line(prog, error), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\n" + _("{prog}: interrupted").format(prog=prog), file=sys.stderr)
        return 130
    print(text)
    return 0
