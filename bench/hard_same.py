"""Whether Hard decides exactly as a previous commit's Hard, rollout for rollout.

    python3 bench/hard_same.py [--games a,b] [--positions N] [--against REV]

A speed-up of the search that changes no move needs no tournament to show it costs no
strength: this plays the positions ``bench/hard.py`` plays (seeded Normal games, every
eleventh real choice; here at two seat counts per game) with the shipped Hard in this
checkout and in REV's (a temporary worktree, as ``bench/hard.py --against`` makes it),
and compares each decision's move, its rollouts (world, move tried, value) and the moves
played inside them. Prints how many decisions agree; asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from hard import OldTree, positions

ROOT = Path(__file__).resolve().parents[1]
TABLES = {"shanghai_may_i": (2, 4), "shanghai_buy": (3, 5), "five_crowns": (2, 3),
          "monastery": (2, 3), "palace": (2, 3)}


def decisions(games: list[str], count: int) -> list[list[Any]]:
    """Each position's decision by this tree's Hard: the game and seats, the move, the
    rollouts' count, the moves inside them, and every rollout."""
    from cardtable.ai import make_bot
    from cardtable.ai.seats import bot_rng, seat_to_ask
    from cardtable.engine import Game

    found: list[list[Any]] = []
    for game_id in games:
        for seats in TABLES.get(game_id, (2,)):
            bot = make_bot("hard")
            for record in positions(game_id, seats, count, seats):
                game = Game.from_record(record)
                seat = seat_to_ask(game, range(game.seats))
                move = bot.choose(game.observe(seat), bot_rng(game, seat, 0),
                                  time.monotonic() + 60, lambda: False)
                rollouts = [[r.world, repr(r.action), repr(r.value)]
                            for r in getattr(bot, "last_rollouts", ())]
                found.append([game_id, seats, repr(move), getattr(bot, "last_playouts", 0),
                              getattr(bot, "last_steps", 0), rollouts])
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--games", default="shanghai_may_i,shanghai_buy")
    parser.add_argument("--positions", type=int, default=40,
                        help="decisions per game and seat count (default 40)")
    parser.add_argument("--against", default="HEAD", help="the commit to compare with")
    parser.add_argument("--collect", help=argparse.SUPPRESS)
    args = parser.parse_args()
    games = args.games.split(",")
    if args.collect:  # the subprocess in REV's tree
        sys.path.insert(0, os.getcwd())
        with open(args.collect, "w") as handle:
            json.dump(decisions(games, args.positions), handle)
        return
    sys.path.insert(0, str(ROOT))
    ours = decisions(games, args.positions)
    with OldTree(args.against) as tree, tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "theirs.json"
        subprocess.run([sys.executable, str(Path(__file__).resolve()), "--collect", str(out),
                        "--games", args.games, "--positions", str(args.positions)],
                       check=True, cwd=tree.path, env=dict(os.environ, PYTHONPATH=str(tree.path)))
        theirs = json.loads(out.read_text())
    same = sum(a == b for a, b in zip(ours, theirs))
    rollouts = sum(len(a[5]) for a in ours)
    print(f"{same} of {len(ours)} decisions the same as {args.against}'s, move and every "
          f"rollout ({rollouts} rollouts; {args.games}, {args.positions} positions per game "
          f"and seat count)")
    for a, b in zip(ours, theirs):
        if a != b:
            print(f"  differs: {a[0]} at {a[1]} seats: {a[2]} against {b[2]}")


if __name__ == "__main__":
    main()
