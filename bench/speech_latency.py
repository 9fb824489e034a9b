"""Speech latency (issue 40): from a key press to the utterance handed to the speech back
end, at a table of each of the five games, through the real App headless.

    python3 bench/speech_latency.py [--presses N] [--cases turn,big,thinking,moving]
        [--games G,G] [--level normal] [--paced] [--wait S] [--profile]

The App runs with SDL's dummy drivers and a temporary CARDTABLE_HOME; its speaker's back
end is replaced by a recorder that notes ``time.perf_counter()`` at each ``speak``. Each
press is a real pygame KEYDOWN (and KEYUP) posted at a random moment between two frames
(uniform over one 1/60 s period, as a person's key lands), and frames are driven as
``App.run`` drives them: ``app.frame(app.pacer.tick())`` with the app's ``FramePacer``
(the startup heap set aside after the first frame, as ``run`` does). The latency runs
from just before the event is posted to the first utterance the speaker hands over for a
key (focus or answer; news handed over first is counted apart); a key with no such
utterance within 0.5 s (``--wait``) is "silent". The keys, each in turn: ← and → in the
hand, Tab, ↓, Space, F3 to F10, Shift+F3 and ``[``.

Cases, each of the five games dealt with ``App.new_game(game, opponents, "normal",
deal=3)``: ``turn``, the person's turn at 1280×800; ``big``, the same at 1920×1200 (a
bigger window, a bigger screen model); ``thinking``, at 1280×800 during the opponents'
turn while the AI thinks (the person's turn played through the session by the Normal
bot, then every opponent a CPU-bound bot on the worker thread, ``frames.BusyBot``,
thinking for the whole measurement); ``moving``, at 1280×800 while the opponents play
their turns (``--level``, Normal by default) with animations and news, the person's
turns played between presses, untimed. Palace is measured past its blind pick.

The recorder says everything the moment it is handed over (as the log back end the
tests use), so what is timed is the table's own work; ``--paced`` makes it guess a
voice's pace as the screen-reader back end does, so a key's answer waits behind news
still being said (news is never cut off, by design; the wait becomes 10 s). In every
case the presses start once what the table said on arrival has been said.

Prints per case a table per game and per key (count, median, p99, max in ms), the p99
against the issue's line (≤ 50 ms p99), every silent key, and the slowest presses with
where their time went (waiting for the frame, its work, garbage collection meanwhile).
``--profile`` prints a cProfile of the frames run while waiting for answers. About two
minutes on the 2-core machine by default. Asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from common import percentile

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

GAMES = {"five_crowns": 1, "shanghai_may_i": 2, "shanghai_buy": 2, "monastery": 1,
         "palace": 1}
"""Each game and its opponents (as the blind-player test plays them)."""
DEAL = 3
LINE_MS = 50.0
"""The issue's target: key press to utterance ≤ 50 ms at the 99th percentile."""
WAIT_SECONDS = 0.5
"""How long to wait for a key's utterance before calling the key silent (``--paced``:
10 s, since a key's answer waits for news still being said)."""
SETTLE_FRAMES = 2
"""Frames between one key's utterance and the next press."""

CASES = (("turn", "the person's turn, 1280×800", (1280, 800), "turn"),
         ("big", "the person's turn, 1920×1200", (1920, 1200), "turn"),
         ("thinking", "the opponents' turn, AI thinking, 1280×800", (1280, 800), "thinking"),
         ("moving", "the opponents' turns, AI moving, 1280×800", (1280, 800), "moving"))
"""Name, title, window size, and where the keys are pressed."""


@dataclass(frozen=True)
class Press:
    kind: str
    """How the results name it ("→", "F3", "Shift+F3")."""
    key: int
    mod: int = 0
    unicode: str = ""


def presses() -> list[Press]:
    import pygame

    keys = [Press("←", pygame.K_LEFT), Press("→", pygame.K_RIGHT), Press("Tab", pygame.K_TAB),
            Press("↓", pygame.K_DOWN), Press("Space", pygame.K_SPACE, unicode=" ")]
    keys += [Press(f"F{n}", getattr(pygame, f"K_F{n}")) for n in range(3, 11)]
    keys += [Press("Shift+F3", pygame.K_F3, pygame.KMOD_SHIFT),
             Press("[", pygame.K_LEFTBRACKET, unicode="[")]
    return keys


class Recorder:
    """A speech back end (``speech_backends.Backend``) that notes when each utterance is
    handed over and whether it answered a key. Said at once unless ``paced`` (then it
    guesses a voice's pace, as the screen-reader back end does)."""

    name = "bench recorder"

    def __init__(self, paced: bool) -> None:
        self.paced = paced
        self.rate = 1.0
        self.until = 0.0
        self.speaker: object = None
        """The app's speaker, read for why each utterance is said."""
        self.said: list[tuple[float, str, bool]] = []
        """(perf_counter, text, keyed) per utterance."""

    def speak(self, text: str, interrupt: bool) -> None:
        stamp = time.perf_counter()
        # The speaker notes why it says something just before handing it over; a bench
        # may read that private note (the back end is not told).
        speaking = getattr(self.speaker, "_speaking", None)
        self.said.append((stamp, text, bool(speaking is not None and speaking.kind.keyed)))
        if self.paced:
            from cardtable.app.speech_backends import spoken_seconds

            now = time.monotonic()
            start = now if interrupt else max(now, self.until)
            self.until = start + spoken_seconds(text, self.rate)

    def speaking_until(self) -> float:
        return self.until

    def set_rate(self, rate: float) -> None:
        self.rate = rate

    def set_language(self, code: str) -> None:
        self.language = code

    def close(self) -> None:
        pass


@dataclass(frozen=True, order=True)
class Slow:
    """One answered press, with where its time went."""

    latency: float
    game_id: str
    kind: str
    said: str
    frames: int
    """Frames run from the press to its answer (1: the next frame answered)."""
    waited: float
    """From the press to the start of the answering frame (the pacer's sleep to the
    frame's slot, any earlier frames, and any late wake-up)."""
    work: float
    """The answering frame's own time."""
    collecting: float
    """Time the cyclic garbage collector ran (any thread) between press and answer."""


class Collections:
    """When the garbage collector ran (``gc.callbacks``), to tell its pauses apart."""

    def __init__(self) -> None:
        import gc

        self.spans: list[tuple[float, float]] = []
        self._start = 0.0
        gc.callbacks.append(self._note)

    def _note(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._start = time.perf_counter()
        else:
            self.spans.append((self._start, time.perf_counter()))

    def within(self, start: float, end: float) -> float:
        return sum(max(0.0, min(b, end) - max(a, start)) for a, b in self.spans[-50:])


COLLECTIONS = Collections()


@dataclass
class Results:
    """Latencies (seconds) by (game, key kind), silent keys, news said first."""

    times: dict[tuple[str, str], list[float]] = field(default_factory=lambda: defaultdict(list))
    silent: list[tuple[str, str, str]] = field(default_factory=list)
    """(game, key, the focus before it) for each key that said nothing."""
    news_first: int = 0
    """Keys whose answer came after news handed over in between."""
    news: int = 0
    """Utterances not answering a key (the game's news, prompts, questions) handed over
    while keys were pressed."""
    slowest: list[Slow] = field(default_factory=list)


def new_app(size: tuple[int, int], paced: bool):  # type: ignore[no-untyped-def]
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ["CARDTABLE_HOME"] = tempfile.mkdtemp()
    os.environ.pop("CARDTABLE_SPEECH", None)
    from cardtable.app.app import App

    app = App(size=size)
    app.frame(app.pacer.tick())
    app.set_startup_heap_aside()  # as App.run does after its first frame
    recorder = Recorder(paced)
    recorder.speaker = app.speaker
    app.speaker.use(recorder)
    app.speaker.on = True
    return app, recorder


def run_frames(app, count: int) -> None:  # type: ignore[no-untyped-def]
    for _ in range(count):
        app.frame(app.pacer.tick())


def until_quiet(app) -> None:  # type: ignore[no-untyped-def]
    """Frames until everything said so far is said (at once, unless ``--paced``): the
    presses start from a quiet table, not behind what the arrival said."""
    for _ in range(60 * 120):
        if app.speaker.quiet_at() <= app.speaker.clock():
            return
        app.frame(app.pacer.tick())


def to_table(app, game_id: str) -> None:  # type: ignore[no-untyped-def]
    """Deal ``game_id`` and run frames until the person is to move and the table is
    still (Palace: past the blind pick, with cards in hand, the person's picks made by
    the Normal bot)."""
    from cardtable.ai import make_bot
    from cardtable.ai.seats import ask

    app.new_game(game_id, GAMES[game_id], "normal", deal=DEAL)
    bot = make_bot("normal")
    for _ in range(6000):
        session = app.session
        if session.human_to_move and not app.table.animator.busy and not session.shown:
            if game_id != "palace" or app.table.hand_cards():
                break
            session.play(ask(bot, session.game, session.human, session.bot_secret))
        app.frame(app.pacer.tick())
    else:
        raise RuntimeError(f"{game_id}: the person never came to move")
    run_frames(app, 30)  # what the arrival says is said
    until_quiet(app)


def to_thinking(app, game_id: str):  # type: ignore[no-untyped-def]
    """The person's turn played by the Normal bot; then every opponent thinks (a
    CPU-bound bot on the worker thread) until the bot returned is stopped."""
    from frames import BusyBot

    from cardtable.ai import make_bot
    from cardtable.ai.seats import ask

    session = app.session
    busy = BusyBot()
    session.bots = {seat: busy for seat in session.bots}
    session.think_limit = 3600.0
    bot = make_bot("normal")
    for _ in range(50):
        if not session.human_to_move:
            break
        session.play(ask(bot, session.game, session.human, session.bot_secret))
    for _ in range(600):
        app.frame(app.pacer.tick())
        if busy.searches and not app.table.animator.busy and session.human_to_move is False:
            break
    else:
        raise RuntimeError(f"{game_id}: the AI never started thinking")
    run_frames(app, 30)
    until_quiet(app)
    return busy


class Opponents:
    """Keeps the opponents moving: before each press, the person's turn (a call chance
    included) is played through the session by the Normal bot and a round's summary is
    closed, untimed, so every press lands in an opponent's turn."""

    def __init__(self, app, level: str) -> None:  # type: ignore[no-untyped-def]
        from cardtable.ai import make_bot

        self.app = app
        self.bot = make_bot("normal")
        session = app.session
        session.bots = {seat: make_bot(level) for seat in session.bots}

    def __call__(self) -> None:
        from cardtable.ai.seats import ask

        app = self.app
        for _ in range(3000):
            session, top = app.session, app.stack.top
            if top is not app.table and hasattr(top, "next"):
                top.next()
            elif session.human_to_move and not app.table.animator.busy and not session.shown:
                session.play(ask(self.bot, session.game, session.human, session.bot_secret))
            elif top is app.table and not session.human_to_move:
                return
            app.frame(app.pacer.tick())


def to_moving(app, level: str) -> Opponents:  # type: ignore[no-untyped-def]
    opponents = Opponents(app, level)
    opponents()
    return opponents


def measure(app, recorder: Recorder, game_id: str, count: int,  # type: ignore[no-untyped-def]
            results: Results, rng: random.Random, wait_frames: int, profiler=None,
            between=None) -> None:
    """``count`` presses, each key kind in turn; the latency of each to its utterance
    (``between``: called before each press, untimed)."""
    import pygame

    keys = presses()
    period = app.pacer.period
    first = len(recorder.said)
    for index in range(count):
        if between is not None:
            between()
        press = keys[index % len(keys)]
        table = app.table
        focus = (f"{getattr(table, 'focus_id', None)}, hand cursor {table.focus + 1} of "
                 f"{len(table.hand_cards())}")
        time.sleep(rng.uniform(0.0, period))  # the key lands between two frames
        before = len(recorder.said)
        posted = time.perf_counter()
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=press.key, mod=press.mod,
                                             unicode=press.unicode, scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=press.key, mod=press.mod,
                                             unicode=press.unicode, scancode=0))
        answer, begin, work, frames = None, 0.0, 0.0, 0
        while answer is None and frames < wait_frames:
            frames += 1
            dt = app.pacer.tick()
            if profiler is not None:
                profiler.enable()
            begin = time.perf_counter()
            app.frame(dt)
            work = time.perf_counter() - begin
            if profiler is not None:
                profiler.disable()
            said = recorder.said[before:]
            answer = next((entry for entry in said if entry[2]), None)
            if answer is not None:
                results.news_first += any(not entry[2] for entry in said
                                          if entry[0] < answer[0])
        if answer is None:
            results.silent.append((game_id, press.kind, str(focus)))
        else:
            latency = answer[0] - posted
            results.times[(game_id, press.kind)].append(latency)
            results.slowest.append(Slow(latency, game_id, press.kind, answer[1][:50], frames,
                                        begin - posted, work,
                                        COLLECTIONS.within(posted, answer[0])))
        run_frames(app, SETTLE_FRAMES)
    results.news += sum(not keyed for _, _, keyed in recorder.said[first:])


def _row(label: str, values: list[float]) -> str:
    ms = [1000 * value for value in values]
    return (f"  {label:<16}{len(ms):6d} {statistics.median(ms):9.2f} "
            f"{percentile(ms, 0.99):9.2f} {max(ms):9.2f}")


def report(title: str, results: Results) -> list[float]:
    print(f"\n{title}")
    by_game: dict[str, list[float]] = defaultdict(list)
    by_key: dict[str, list[float]] = defaultdict(list)
    for (game_id, kind), values in results.times.items():
        by_game[game_id] += values
        by_key[kind] += values
    print(f"  {'per game':<16}{'count':>6} {'median':>9} {'p99':>9} {'max':>9}   (ms)")
    for game_id in GAMES:
        if by_game.get(game_id):
            print(_row(game_id, by_game[game_id]))
    print("  per key")
    for press in presses():
        if by_key.get(press.kind):
            print(_row(press.kind, by_key[press.kind]))
    every = [value for values in by_game.values() for value in values]
    if every:
        p99 = 1000 * percentile(every, 0.99)
        print(_row("all", every) + f"   p99 {'≤' if p99 <= LINE_MS else '>'} "
              f"{LINE_MS:g} ms: {'met' if p99 <= LINE_MS else 'NOT met'}")
    print(f"  silent keys: {len(results.silent)}"
          + "".join(f"\n    {game_id}: {kind} (focus before: {focus})"
                    for game_id, kind, focus in results.silent))
    print(f"  news handed over meanwhile: {results.news} utterances; keys answered after "
          f"news handed over first: {results.news_first}")
    over = [slow for slow in results.slowest if slow.latency > LINE_MS / 1000]
    print(f"  over {LINE_MS:g} ms: {len(over)}; the slowest (frames to the answer, time "
          "before the answering frame began, its work, garbage collection meanwhile):")
    for slow in sorted(results.slowest, reverse=True)[:max(3, min(len(over), 8))]:
        print(f"    {1000 * slow.latency:6.1f} ms  {slow.game_id} {slow.kind}: {slow.frames} "
              f"frame(s), before {1000 * slow.waited:.1f} ms, work {1000 * slow.work:.1f} ms, "
              f"gc {1000 * slow.collecting:.1f} ms  ({slow.said!r})")
    return every


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--presses", type=int, default=60,
                        help="key presses per game and case (60: each of the 15 keys 4 times)")
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--paced", action="store_true",
                        help="the recorder guesses a voice's pace (keys wait behind news)")
    parser.add_argument("--profile", action="store_true",
                        help="cProfile the frames that answered keys")
    parser.add_argument("--cases", default=",".join(case[0] for case in CASES),
                        help="which cases: turn, big (1920×1200), thinking, moving")
    parser.add_argument("--wait", type=float, default=None,
                        help="seconds to wait for a key's utterance (0.5; --paced: 10)")
    parser.add_argument("--level", default="normal",
                        help="the opponents' level in the 'moving' case (hard: its search "
                        "thinks on the worker thread between moves)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    games = [game for game in args.games.split(",") if game]
    rng = random.Random(args.seed)
    profiler = None
    if args.profile:
        import cProfile

        profiler = cProfile.Profile()
    started = time.perf_counter()
    print("load average (1, 5, 15 min) at the start: "
          + ", ".join(f"{load:.2f}" for load in os.getloadavg())
          + f" on {os.cpu_count()} cores; frames paced by the app's FramePacer (60/s)")
    every: list[float] = []
    cases = [case for case in CASES if case[0] in args.cases.split(",")]
    apps: dict[tuple[int, int], tuple[object, Recorder]] = {}
    wait = args.wait if args.wait is not None else 10.0 if args.paced else WAIT_SECONDS
    for _, title, size, mode in cases:
        if size not in apps:
            for app, _ in apps.values():
                app.shutdown()  # type: ignore[attr-defined]
            apps = {size: new_app(size, args.paced)}
        app, recorder = apps[size]
        results = Results()
        for game_id in games:
            to_table(app, game_id)
            busy = to_thinking(app, game_id) if mode == "thinking" else None
            between = to_moving(app, args.level) if mode == "moving" else None
            measure(app, recorder, game_id, args.presses, results, rng, round(wait * 60),
                    profiler, between)
            if busy is not None:
                busy.stop.set()
            app.to_menu()  # type: ignore[attr-defined]
        level = f" ({args.level})" if mode == "moving" else ""
        every += report(f"{title}{level}{' (paced back end)' if args.paced else ''}", results)
    for app, _ in apps.values():
        app.shutdown()  # type: ignore[attr-defined]
    p99 = 1000 * percentile(every, 0.99)
    print(f"\nevery case: {len(every)} presses answered, p99 {p99:.2f} ms, max "
          f"{1000 * max(every):.2f} ms: the issue's line ({LINE_MS:g} ms p99) "
          f"{'met' if p99 <= LINE_MS else 'NOT met'}; {time.perf_counter() - started:.0f} s")
    if profiler is not None:
        import pstats

        print("\ncProfile of the frames that answered keys (cumulative):")
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(30)


if __name__ == "__main__":
    main()
