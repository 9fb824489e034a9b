"""Normal against an older Normal, head to head on duplicate deals.

Two versions of the engine cannot share a process (their classes differ), so the old
version runs in a child Python on a git worktree of the old commit and mirrors the game:
this process referees with today's engine, asks today's Normal for the seats it plays
and the child's Normal for the others, and sends every move made to the child, which
applies it to its own copy of the game. Both engines deal the same cards for a seed.
Where the rules changed between the versions, a move one engine refuses ends the deal:
it is counted as diverged and left out of the figures.

    python3 bench/versus_old.py --rev b2b5e1a --game five_crowns --deals 100 --seed 1

prints the tournament table (win share, score margin, 95 % intervals over deals, seat
bias) for "new" and "old". Not a test: it takes minutes per game.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from cardtable.ai import make_bot  # noqa: E402
from cardtable.ai.seats import ask, seat_to_ask  # noqa: E402
from cardtable.engine import (  # noqa: E402
    Action,
    CodecError,
    Game,
    IllegalActionError,
    get_variant,
)
from cardtable.engine.codec import from_json, to_json  # noqa: E402
from cardtable.tournament import (  # noqa: E402
    DealResult,
    SeatResult,
    TournamentReport,
    format_tournament,
    seat_results,
)

CHILD = r"""
import inspect, json, sys
from cardtable.ai import make_bot
from cardtable.ai.seats import ask
from cardtable.engine import Action, Game
from cardtable.engine.codec import from_json, to_json
bot, game = make_bot("normal"), None
secret_taken = "secret" in inspect.signature(ask).parameters
for line in sys.stdin:
    message = json.loads(line)
    command = message["command"]
    try:
        if command == "new":
            game, _ = Game.new(message["game"], message["seats"], message["seed"])
            reply = {"ok": True}
        elif command == "apply":
            game.apply(message["seat"], from_json(Action, message["action"]))
            reply = {"ok": True}
        else:
            seat = message["seat"]
            action = (ask(bot, game, seat, message["secret"]) if secret_taken
                      else ask(bot, game, seat))
            hand = sorted(card.code for card in game.observe(seat).hand)
            reply = {"ok": True, "action": to_json(action), "hand": hand}
    except Exception as error:  # the child reports, the referee decides
        reply = {"ok": False, "error": f"{type(error).__name__}: {error}"}
    print(json.dumps(reply), flush=True)
"""


class Diverged(Exception):
    """The two versions' rules disagree on a move: the deal cannot be compared."""


class ChildFailed(RuntimeError):
    """The old version's Python died or broke the protocol: the run cannot go on."""


class OldNormal:
    """The old version's Normal bot and its mirror of the game, in a child Python."""

    def __init__(self, worktree: Path) -> None:
        env = dict(os.environ, PYTHONPATH=str(worktree))
        env.setdefault("PYTHONHASHSEED", "0")  # the same set orders every run
        self.child = subprocess.Popen(
            [sys.executable, "-c", CHILD], cwd=worktree, text=True, env=env,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def send(self, **message: Any) -> dict[str, Any]:
        assert self.child.stdin is not None and self.child.stdout is not None
        try:
            self.child.stdin.write(json.dumps(message) + "\n")
            self.child.stdin.flush()
            line = self.child.stdout.readline()
            reply: dict[str, Any] = json.loads(line)
        except (OSError, ValueError) as error:
            raise ChildFailed(f"the old version's Python stopped answering "
                              f"(exit code {self.child.poll()}): {error}") from error
        if not reply["ok"]:
            raise Diverged(f"old version: {reply['error']}")
        return reply


_old: OldNormal | None = None


def _start_child(worktree: str) -> None:
    global _old
    _old = OldNormal(Path(worktree))


def play_game(game_id: str, seats: int, deal: int, lineup: list[str],
              bot_seed: int) -> tuple[Game, int]:
    """One game, today's engine refereeing; the old version mirrors every move."""
    assert _old is not None
    game, _ = Game.new(game_id, seats, deal)
    _old.send(command="new", game=game_id, seats=seats, seed=deal)
    normal = make_bot("normal")
    steps = 0
    while not game.over:
        seat = seat_to_ask(game, range(seats))
        if seat is None:
            raise Diverged("nobody to move but the game is not over")
        if lineup[seat] == "new":
            action = ask(normal, game, seat, bot_seed)
        else:
            reply = _old.send(command="choose", seat=seat, secret=bot_seed)
            if reply["hand"] != sorted(card.code for card in game.observe(seat).hand):
                raise Diverged(f"seat {seat}'s hand differs between the versions")
            try:
                action = from_json(Action, reply["action"])
            except CodecError as error:
                raise Diverged(f"today's engine cannot read the old move: {error}") from error
        try:
            game.apply(seat, action)
        except IllegalActionError as error:
            raise Diverged(f"today's engine: {error.reason}") from error
        _old.send(command="apply", seat=seat, action=to_json(action))
        steps += 1
    return game, steps


def play_deal(game_id: str, seats: int, deal: int, bot_seed: int) -> DealResult | str:
    """The deal once per rotation of one "new" seat and the rest "old" (two seats: one
    of each), as :func:`cardtable.tournament.play_deal`; a reason if it diverged."""
    results: list[SeatResult] = []
    steps = 0
    bots = ["new", "old"]
    for rotation in range(seats):
        lineup = [bots[(seat + rotation) % 2] if seats == 2 else
                  ("new" if seat == rotation else "old") for seat in range(seats)]
        try:
            game, made = play_game(game_id, seats, deal, lineup, bot_seed)
        except Diverged as reason:
            return f"deal {deal}: {reason}"
        steps += made
        results += seat_results(game, lineup)
    return DealResult(deal, tuple(results), steps)


def worktree_of(rev: str) -> Path:
    """A detached git worktree of ``rev`` under the temp folder (made once)."""
    commit = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--verify",
                             f"{rev}^{{commit}}"], capture_output=True, text=True)
    if commit.returncode != 0:
        raise ValueError(f"no commit {rev!r} in {ROOT}")
    sha = commit.stdout.strip()
    path = Path(tempfile.gettempdir()) / f"cardtable-{sha[:12]}"
    if not (path / "cardtable").is_dir():
        subprocess.run(["git", "-C", str(ROOT), "worktree", "prune"], capture_output=True)
        made = subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach",
                               str(path), sha], capture_output=True, text=True)
        if made.returncode != 0:
            raise ValueError(f"cannot make a worktree of {rev} at {path}: "
                             f"{made.stderr.strip()}")
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rev", required=True, help="the old commit (hash, tag, branch)")
    parser.add_argument("--game", required=True)
    parser.add_argument("--seats", type=int, help="default: 2, or 3 where 2 is not "
                        "allowed (one new Normal against two old)")
    parser.add_argument("--deals", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bot-seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    try:
        variant = get_variant(args.game)
    except Exception as error:  # an unknown game: one line, exit 2
        parser.error(str(error))
    seats = args.seats or (2 if 2 in variant.seat_counts else min(variant.seat_counts))
    if seats not in variant.seat_counts:
        parser.error(f"{args.game} is played by {min(variant.seat_counts)}–"
                     f"{max(variant.seat_counts)} players")
    try:
        worktree = worktree_of(args.rev)
    except ValueError as error:
        parser.error(str(error))
    report = TournamentReport(args.game, seats, ("new", "old"), jobs=args.jobs)
    diverged: list[str] = []
    started = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.jobs, initializer=_start_child,
                             initargs=(str(worktree),)) as pool:
        futures = [pool.submit(play_deal, args.game, seats, deal, args.bot_seed)
                   for deal in range(args.seed, args.seed + args.deals)]
        for done, future in enumerate(futures, 1):
            try:
                result = future.result()
            except ChildFailed as error:
                raise SystemExit(f"versus_old.py: error: {error}") from None
            if isinstance(result, str):
                diverged.append(result)
            else:
                report.deals.append(result)
            print(f"\r{done}/{args.deals} deals", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    report.seconds = time.perf_counter() - started
    print(f"new = this checkout's Normal; old = Normal at {args.rev} "
          f"({worktree}); bot seed {args.bot_seed}")
    if report.deals:
        print(format_tournament(report))
    print(f"diverged (rules changed between the versions, left out): {len(diverged)} "
          f"of {args.deals} deals")
    for reason in diverged[:5]:
        print(f"  {reason}")


if __name__ == "__main__":
    main()
