"""Hundreds of generated damaged saves and settings files, each through the start-up path
the window uses (a real App, headless): no exception escapes, and every file is either
refused with a sentence on the menu and kept byte for byte, or loads and also plays."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from cardtable.app.app import App
from cardtable.app.scenes.menu import MenuScene
from cardtable.app.settings import Settings
from cardtable.engine.migrations import FORMAT_VERSION
from ui import button, click, frames

EXAMPLES = sorted((Path(__file__).resolve().parents[1] / "saves").glob("*.json"))
BOM = b"\xef\xbb\xbf"


# --- the start-up path -----------------------------------------------------------------

def start(home: Path) -> App:
    app = App(size=(1024, 640), animations=False)
    frames(app, 2)  # draws the menu, and its message, with the real fonts
    assert isinstance(app.stack.top, MenuScene)
    return app


def kept_copies(folder: Path, content: bytes) -> list[Path]:
    """The files in ``folder`` holding ``content``; a file that goes while the folder is
    read (SQLite's own journal of a history write on the history thread) holds none."""
    kept = []
    for path in folder.iterdir():
        try:
            if path.is_file() and path.read_bytes() == content:
                kept.append(path)
        except FileNotFoundError:
            continue
    return kept


def check_save(home: Path, label: str, content: bytes) -> bool:
    """Start the app on this autosave; True if it was refused (and kept), False if it
    loaded (and then played)."""
    data = home / "data"
    data.mkdir(parents=True, exist_ok=True)
    for old in data.iterdir():
        old.unlink()
    path = data / "autosave.json"
    path.write_bytes(content)
    app = start(home)
    try:
        if app.menu_message:
            assert "could not be resumed" in app.menu_message, label
            assert len(kept_copies(data, content)) == 1, f"{label}: not kept byte for byte"
            with pytest.raises(AssertionError):
                button(app, "Continue")
            return True
        # Not refused: then it must resume and play on.
        click(app, button(app, "Continue"))
        assert app.session is not None, f"{label}: loaded but did not resume"
        frames(app, 20)
        return False
    finally:
        app.shutdown()


# --- damaged saves ---------------------------------------------------------------------

def valid_saves() -> list[tuple[str, dict[str, Any]]]:
    return [(path.name, json.loads(path.read_text())) for path in EXAMPLES]


def dumps(data: Any) -> bytes:
    """JSON bytes; a ``deep(n)`` marker becomes n levels of nesting (too deep to build
    as Python data)."""
    text = json.dumps(data)
    for depth in (50, 3000):
        text = text.replace(json.dumps(deep(depth)), '{"a":[' * depth + "0" + "]}" * depth)
    return text.encode("ascii")


def deep(depth: int) -> str:
    return f"<nested {depth} deep>"


JUNK: list[Callable[[random.Random], Any]] = [
    lambda r: [], lambda r: {}, lambda r: "x", lambda r: "", lambda r: 0, lambda r: -1,
    lambda r: 10 ** 30, lambda r: -(10 ** 30), lambda r: 1.5, lambda r: True, lambda r: None,
    lambda r: float("inf"), lambda r: float("-inf"), lambda r: float("nan"),
    lambda r: "\x00", lambda r: "\ud800", lambda r: "7H\x00", lambda r: deep(r.choice((50, 3000))),
    lambda r: ["7H.0"], lambda r: [[1, 2]], lambda r: {"type": "Discard"},
]


def paths(value: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from paths(item, prefix + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value[:6]):
            yield from paths(item, prefix + (index,))


def replaced(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    copy = json.loads(json.dumps(data))
    node = copy
    for step in path[:-1]:
        node = node[step]
    node[path[-1]] = value
    return copy


def generated_saves(count: int, seed: int) -> Iterator[tuple[str, bytes]]:
    rng = random.Random(seed)
    bases = valid_saves()
    for number in range(count):
        name, data = bases[number % len(bases)]
        text = dumps(data)
        kind = number % 5
        if kind == 0:
            cut = rng.randrange(1, len(text) - 1)
            yield f"{name} truncated at {cut}", text[:cut]
        elif kind == 1:
            raw = bytearray(text)
            for _ in range(rng.randint(1, 8)):
                raw[rng.randrange(len(raw))] = rng.randrange(256)
            yield f"{name} with bytes changed", bytes(raw)
        elif kind == 2:
            yield f"{name} replaced by random bytes", rng.randbytes(rng.randint(1, 400))
        else:  # a value of the wrong shape anywhere in the tree
            path = rng.choice([p for p in paths(data) if p[:1] not in (("saved_at",),
                                                                         ("app_version",))])
            junk = rng.choice(JUNK)(rng)
            yield f"{name} with {path} = {str(junk)[:30]!r}", dumps(replaced(data, path, junk))


def crafted_saves() -> Iterator[tuple[str, bytes]]:
    """The cases the issue names, and a few more of each kind, on every example save."""
    for name, data in valid_saves():
        text = dumps(data)
        yield f"{name} nested 1000 deep", b"[" * 1000 + text + b"]" * 1000
        yield f"{name} nested 100000 deep", b"[" * 100000 + b"]" * 100000
        for field in ("seats", "seed"):
            written = f'"{field}": {json.dumps(data[field])},'.encode()
            assert written in text
            for literal in (b"Infinity", b"-Infinity", b"NaN", b"1e999", b"9" * 5000,
                            b"1" + b"0" * 40, b"-1", b"2.0", b'"3"', b"true"):
                yield (f"{name} {field}={literal[:10]!r}",
                       text.replace(written, f'"{field}": '.encode() + literal + b",", 1))
        yield f"{name} unknown game", dumps({**data, "game": "poker"})
        yield f"{name} newer format", dumps({**data, "format_version": FORMAT_VERSION + 1})
        yield f"{name} unknown level", dumps({**data, "seat_info": [
            {**seat, "level": "grandmaster"} if not seat["human"] else seat
            for seat in data["seat_info"]]})
        for bad in ("Ma\x00x", "\ud800", "", "x" * 5000, 7):
            yield f"{name} name {bad!r:.12}", dumps({**data, "seat_info": [
                {**seat, "name": bad} if index == 1 else seat
                for index, seat in enumerate(data["seat_info"])]})
        ui = data.get("ui", {})
        for bad_ui in ({**ui, "log": ["fine", "bad\x00line"]}, {**ui, "log": ["\udc80"]},
                       {**ui, "log": "not a list"}, {**ui, "groups": "7H.0"},
                       {**ui, "groups": [5]}, {**ui, "groups": [["ZZ"]]},
                       {**ui, "groups": [["AS.3"]]}, {**ui, "hand_order": {"a": 1}},
                       {**ui, "hand_order": ["AS.3", "AS.3"]}, {**ui, "scene": "casino"},
                       {**ui, "scene": "summary", "summary": {"type": "RoundScored",
                                                              "round": 1, "hands": [],
                                                              "points": [], "totals": []}},
                       [1, 2]):
            yield f"{name} ui {str(bad_ui)[:40]}", dumps({**data, "ui": bad_ui})
        actions = data["actions"]
        if actions:
            yield f"{name} an illegal move", dumps({**data, "actions": actions + [actions[0]]})
            yield f"{name} a move of another seat", dumps({**data, "actions": [
                [(actions[0][0] + 1) % data["seats"], actions[0][1]]] + actions[1:]})
            yield f"{name} a malformed move", dumps({**data, "actions": [
                [actions[0][0], {"type": "Draw", "source": "pile"}]] + actions[1:]})
            yield f"{name} a seat of infinity", dumps({**data, "actions": [
                [1e300, actions[0][1]]] + actions[1:]})


def test_generated_damaged_saves_are_refused_and_kept_or_play(home):
    refused = loaded = 0
    for label, content in generated_saves(320, seed=12):
        if check_save(home, label, content):
            refused += 1
        else:
            loaded += 1
    assert refused >= 250  # a few changes (a byte in a log line) leave a playable save


def test_crafted_damaged_saves_are_refused_and_kept(home):
    cases = list(crafted_saves())
    assert len(cases) >= 300
    for label, content in cases:
        assert check_save(home, label, content), f"{label}: damaged but not refused"


def test_a_save_with_a_byte_order_mark_loads_and_plays(home):
    for path in EXAMPLES[:3]:
        assert not check_save(home, path.name, BOM + path.read_bytes())


# --- damaged settings ------------------------------------------------------------------

def check_settings(home: Path, label: str, content: bytes) -> bool:
    """Start the app on this settings file; True if it was reported (and kept)."""
    config = home / "config"
    config.mkdir(parents=True, exist_ok=True)
    for old in config.iterdir():
        old.unlink()
    (config / "settings.json").write_bytes(content)
    app = start(home)
    try:
        assert isinstance(app.settings, Settings)
        if app.menu_message:
            assert "settings file" in app.menu_message, label
            assert len(kept_copies(config, content)) == 1, f"{label}: not kept byte for byte"
            return True
        assert (config / "settings.json").read_bytes() == content, label
        return False
    finally:
        app.shutdown()


def generated_settings(count: int, seed: int) -> Iterator[tuple[str, bytes]]:
    rng = random.Random(seed)
    good = json.dumps({"ai_speed": "fast", "animation_speed": "off", "card_size": "large",
                       "window_width": 1440, "window_height": 900, "fullscreen": False,
                       "ai_level": "normal", "opponents": 2, "call_timer": "5 s"}).encode()
    names = list(json.loads(good))
    for number in range(count):
        kind = number % 6
        if kind == 0:
            cut = rng.randrange(1, len(good) - 1)
            yield f"truncated at {cut}", good[:cut]
        elif kind == 1:
            yield "random bytes", rng.randbytes(rng.randint(1, 300))
        elif kind == 2:
            field = rng.choice(names)
            junk = rng.choice(JUNK)(rng)
            if field == "fullscreen" and isinstance(junk, bool):
                junk = "yes"  # the only junk that would fit
            yield f"{field}={str(junk)[:20]!r}", json.dumps(
                {**json.loads(good), field: junk}).encode()
        elif kind == 3:
            depth = rng.choice((100, 1000, 50000))
            yield f"nested {depth}", b"[" * depth + b"]" * depth
        elif kind == 4:
            field = rng.choice(["window_width", "window_height", "opponents"])
            literal = rng.choice([b"Infinity", b"-Infinity", b"NaN", b"1e999", b"9" * 5000])
            yield f"{field}={literal[:10]!r}", good.replace(
                f'"{field}": '.encode() + str(json.loads(good)[field]).encode(),
                f'"{field}": '.encode() + literal)
        else:
            top = rng.choice([[], "settings", 3, None, [good.decode()]])
            yield f"top level {top!r:.20}", json.dumps(top).encode()


def test_generated_damaged_settings_are_reported_and_kept(home):
    cases = list(generated_settings(180, seed=5))
    for label, content in cases:
        assert check_settings(home, label, content), f"{label}: damaged but not reported"


def test_settings_with_a_byte_order_mark_load(home):
    content = BOM + json.dumps({"ai_speed": "fast"}).encode()
    assert not check_settings(home, "bom", content)
    app = start(home)
    assert app.settings.ai_speed == "fast"
    app.shutdown()
