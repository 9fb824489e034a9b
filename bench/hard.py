"""Hard's decision cost and rollout speed, per game, beside a previous commit's Hard on
the same positions.

    python3 bench/hard.py [--positions N] [--seed S] [--games a,b] [--against REV]
                          [--tree DIR]

For each game at its smallest table (Shanghai with buying: 3 seats), seeded games are
played by Normal bots at every seat, and every eleventh position where the seat to move
has a real choice (two or more legal moves) is kept, as a game record. At each of them the
shipped Hard (``make_bot("hard")``, as the table makes it) decides from the seat's view
with the table's generator, and the bench prints:

- CPU seconds per decision, p50/p99/max (``time.process_time``: the process's CPU, so a
  loaded machine does not inflate it; wall time would);
- rollouts (playouts) per decision;
- playouts per second and moves per second *inside rollouts*: the CPU spent in the
  search's ``_Search.playout`` (dealing the world, playing on, valuing the end), and the
  moves applied there, counted by wrapping each variant's ``apply`` while a rollout runs;
- the share of decisions where the search changed the move the heuristic planned (the
  hard strategy's move from the same generator).

``--against REV`` (default 7e50a65, the Hard with whole-round playouts by Normal through
views and a one-second wall-clock cap) checks REV out in a temporary ``git worktree``
outside the repository, runs the same measuring code there in a subprocess on the same
records (its figures come back as JSON), prints them under the new ones with the ratio
new/old, and removes the worktree. ``--against ''`` skips it. Games are measured one at
a time, new then old, so a change in the machine's load touches both alike.

A new rollout stops at a short horizon where the game has a leaf value, an old one
played the round out: playouts per second compares what a decision buys, moves per
second the speed of playing itself. The issue's targets are printed beside the
figures (p99 ≤ 1.0 s CPU; playouts ≥ 10× faster than REV's), each with whether it is
met. Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from common import percentile

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_AGAINST = "7e50a65"
P99_TARGET = 1.0
SPEED_TARGET = 10.0
STRIDE = 11
"""Every eleventh real choice is kept: positions spread over a whole game (late rounds
hold the big hands), not bunched in its first rounds."""

Figures = dict[str, Any]


def positions(game_id: str, seats: int, count: int, seed: int) -> list[dict[str, Any]]:
    """Records of ``count`` positions along seeded Normal games where the seat to move
    has a real choice."""
    from cardtable.ai import make_bot
    from cardtable.ai.seats import bot_rng, seat_to_ask
    from cardtable.engine import Game

    normal = make_bot("normal")
    kept: list[dict[str, Any]] = []
    choices = 0
    while len(kept) < count:
        game, _ = Game.new(game_id, seats, seed)
        seed += 1
        while not game.over and len(kept) < count:
            seat = seat_to_ask(game, range(seats))
            assert seat is not None
            view = game.observe(seat)
            if len(view.legal) > 1:
                if choices % STRIDE == 0:
                    kept.append(game.record())
                choices += 1
            game.apply(seat, normal.choose(view, bot_rng(game, seat, 0), 0.0, lambda: False))
    return kept


def measure(records: list[dict[str, Any]]) -> Figures:
    """Hard's figures on these positions, with whatever ``cardtable`` is on the path (this
    checkout's, or REV's in the subprocess): only what both have is used."""
    from cardtable.ai import hard
    from cardtable.engine import variants

    count: dict[str, Any] = {"inside": 0, "moves": 0, "cpu": 0.0}
    played = hard._Search.playout

    def playout(self: Any, index: int, action: Any) -> float:
        count["inside"] += 1
        began = time.process_time()
        try:
            return played(self, index, action)
        finally:
            count["cpu"] += time.process_time() - began
            count["inside"] -= 1

    def counting(apply: Any) -> Any:
        def counted(self: Any, state: Any, seat: int, action: Any) -> Any:
            if count["inside"]:
                count["moves"] += 1
            return apply(self, state, seat, action)
        return counted

    # ``apply_built`` (a rollout's own moves, rules checked, shape not), Palace's
    # ``step``, its ``DryTable`` and Shanghai's ``DryShanghai`` (a dry playout's moves) are newer
    # than REV: whichever a tree has is counted.
    names = ("apply", "apply_built", "step")
    applies = {(variant, name): variant.__dict__.get(name) for variant in variants()
               for name in names if hasattr(variant, name)}
    hard._Search.playout = playout
    for variant, name in applies:
        setattr(variant, name, counting(getattr(variant, name)))
    plays = {table: table.play for table in _dry_tables()}

    def counting_dry(play: Any) -> Any:
        def counted(table: Any, *args: Any) -> Any:
            done = table.moves
            try:
                return play(table, *args)
            finally:
                if count["inside"]:
                    count["moves"] += table.moves - done
        return counted

    for table, play in plays.items():
        table.play = counting_dry(play)
    try:
        return _measure(records, count)
    finally:  # measured again in this process: unwrapped first
        for table, play in plays.items():
            table.play = play
        hard._Search.playout = played
        for (variant, name), apply in applies.items():
            if apply is None:
                delattr(variant, name)
            else:
                setattr(variant, name, apply)


def _dry_tables() -> list[Any]:
    """The dry tables this tree has (Palace's ``DryTable``, Shanghai's ``DryShanghai``:
    a rollout's moves made in place, counted by the table, the engine's by ``apply``):
    their moves are counted as the variants' applied ones are."""
    tables = []
    for module, name in (("palace_dry", "DryTable"), ("shanghai_dry", "DryShanghai")):
        try:
            tables.append(getattr(importlib.import_module(f"cardtable.engine.{module}"), name))
        except ImportError:
            pass
    return tables


def _measure(records: list[dict[str, Any]], count: dict[str, Any]) -> Figures:
    from cardtable.ai import make_bot
    from cardtable.ai.bots import NormalBot
    from cardtable.ai.seats import bot_rng, seat_to_ask
    from cardtable.engine import Game

    bot, planner = make_bot("hard"), NormalBot("hard")
    cpu: list[float] = []
    playouts: list[int] = []
    moves: list[int] = []
    rollout_cpu: list[float] = []
    changed = 0
    for record in records:
        game = Game.from_record(record)
        seat = seat_to_ask(game, range(game.seats))
        assert seat is not None
        view = game.observe(seat)
        moves_before, cpu_before = count["moves"], count["cpu"]
        began = time.process_time()
        searched = bot.choose(view, bot_rng(game, seat, 0), time.monotonic() + 2.0,
                              lambda: False)
        cpu.append(time.process_time() - began)
        playouts.append(getattr(bot, "last_playouts", 0))
        moves.append(count["moves"] - moves_before)
        rollout_cpu.append(count["cpu"] - cpu_before)
        # The planner decides first from the same generator in both versions: this is
        # the move the search started from.
        planned = planner.choose(view, bot_rng(game, seat, 0), time.monotonic() + 10,
                                 lambda: False)
        changed += searched != planned
    return {"cpu": cpu, "playouts": playouts, "moves": moves, "rollout_cpu": rollout_cpu,
            "changed": changed}


def summary(figures: Figures) -> dict[str, float]:
    cpu, inside = figures["cpu"], sum(figures["rollout_cpu"])
    return {"p50": statistics.median(cpu), "p99": percentile(cpu, 0.99), "max": max(cpu),
            "playouts": statistics.fmean(figures["playouts"]),
            "playouts/s": sum(figures["playouts"]) / inside if inside else 0.0,
            "moves/s": sum(figures["moves"]) / inside if inside else 0.0,
            "changed": figures["changed"] / len(cpu)}


def row(label: str, s: dict[str, float]) -> str:
    return (f"  {label:<10}{s['p50']:8.3f}s {s['p99']:7.3f}s {s['max']:7.3f}s "
            f"{s['playouts']:9.1f} {s['playouts/s']:11.0f} {s['moves/s']:10.0f} "
            f"{100 * s['changed']:7.1f}%")


def ratio_row(new: dict[str, float], old: dict[str, float]) -> str:
    def r(key: str) -> str:
        return f"{new[key] / old[key]:.2f}x" if old[key] else "-"

    return (f"  {'new/old':<10}{r('p50'):>9} {r('p99'):>8} {r('max'):>8} "
            f"{r('playouts'):>9} {r('playouts/s'):>11} {r('moves/s'):>10}")


class OldTree:
    """REV checked out in a temporary worktree outside the repository, removed on exit."""

    def __init__(self, rev: str) -> None:
        self.rev = rev
        self.path = Path(tempfile.mkdtemp(prefix="cardtable-bench-")) / "tree"

    def __enter__(self) -> OldTree:
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "--quiet",
                        str(self.path), self.rev], check=True)
        return self

    def __exit__(self, *exc: object) -> None:
        subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force",
                        str(self.path)], check=False)
        try:
            self.path.parent.rmdir()
        except OSError:
            pass

    def measure(self, records: list[dict[str, Any]]) -> Figures | str:
        """REV's figures on these records, or why there are none."""
        with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as handle:
            json.dump(records, handle)
        try:
            env = dict(os.environ, PYTHONPATH=str(self.path))
            done = subprocess.run([sys.executable, str(Path(__file__).resolve()),
                                   "--measure", handle.name, "--tree", str(self.path)],
                                  capture_output=True, text=True, env=env, cwd=self.path)
        finally:
            os.unlink(handle.name)
        if done.returncode != 0:
            return (done.stderr.strip().splitlines() or ["it failed"])[-1]
        figures: Figures = json.loads(done.stdout.strip().splitlines()[-1])
        return figures


def readable(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The records as this checkout's format: a bench record is a setup and its moves,
    whose form has not changed since format 2 (format 3 added the tells to states and
    views, not to records), so an older checkout may read a newer record's moves."""
    from cardtable.engine.migrations import FORMAT_VERSION

    return [{**record, "format_version": min(FORMAT_VERSION, record.get("format_version", 1))}
            for record in records]


def targets(new: dict[str, float], old: dict[str, float] | None) -> str:
    p99 = f"p99 <= {P99_TARGET:g} s CPU: {'met' if new['p99'] <= P99_TARGET else 'NOT met'}"
    if old is None or not old["playouts/s"]:
        return f"  targets: {p99}; playouts >= {SPEED_TARGET:g}x faster: no old figure"
    speed = new["playouts/s"] / old["playouts/s"]
    return (f"  targets: {p99} ({new['p99']:.3f} s); playouts >= {SPEED_TARGET:g}x faster: "
            f"{'met' if speed >= SPEED_TARGET else 'NOT met'} ({speed:.1f}x; moves "
            f"{new['moves/s'] / old['moves/s'] if old['moves/s'] else 0:.1f}x)")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--positions", type=int, default=60,
                        help="decisions measured per game (default 60)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", default="", help="comma-separated game ids (all)")
    parser.add_argument("--against", default=DEFAULT_AGAINST,
                        help=f"the commit to compare with (default {DEFAULT_AGAINST}; '' none)")
    parser.add_argument("--measure", help=argparse.SUPPRESS)
    parser.add_argument("--tree", help="measure the cardtable checked out in this folder "
                        "instead of this one (another branch's worktree)")
    args = parser.parse_args()
    sys.path.insert(0, args.tree or str(ROOT))
    if args.measure:  # the subprocess in REV's tree
        with open(args.measure) as handle:
            print(json.dumps(measure(readable(json.load(handle)))))
        return
    from cardtable.engine import variants

    chosen = [v for v in sorted(variants(), key=lambda v: v.menu_order)
              if not args.games or v.id in args.games.split(",")]
    print(f"Hard as shipped (make_bot('hard')), {args.positions} decisions per game, "
          f"seed {args.seed}; CPU is process time; "
          f"against {args.against or 'nothing'}")
    print(f"  {'':<10}{'p50 CPU':>9} {'p99':>8} {'max':>8} {'playouts':>9} "
          f"{'playouts/s':>11} {'moves/s':>10} {'changed':>8}")
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))  # the worktree is removed
    old_tree = OldTree(args.against) if args.against else None
    if old_tree is not None:
        old_tree.__enter__()
    try:
        for variant in chosen:
            seats = variant.seat_counts.start
            records = positions(variant.id, seats, args.positions, args.seed)
            print(f"{variant.id} ({seats} seats)")
            new = summary(measure(records))
            print(row("new", new), flush=True)
            old = None
            if old_tree is not None:
                got = old_tree.measure(records)
                if isinstance(got, str):
                    print(f"  {args.against}: no figures ({got})")
                else:
                    old = summary(got)
                    print(row(args.against[:10], old))
                    print(ratio_row(new, old))
            print(targets(new, old), flush=True)
    finally:
        if old_tree is not None:
            old_tree.__exit__()


if __name__ == "__main__":
    main()
