"""The player's settings, kept as JSON in the user config folder.

A settings file that cannot be read is moved aside and defaults are used; an unknown or
out-of-range value falls back to its default, so an old or hand-edited file never stops
the app from starting.
"""

from __future__ import annotations

import dataclasses
import json
import logging
from dataclasses import dataclass
from pathlib import Path

from .files import move_aside, write_atomic
from .paths import config_dir

log = logging.getLogger(__name__)

AI_SPEEDS = {"slow": 1.4, "normal": 0.7, "fast": 0.25, "instant": 0.0}
"""Seconds an AI seat takes over each move, so a person can follow it."""
ANIMATION_SPEEDS = {"slow": 1.6, "normal": 1.0, "fast": 0.5, "off": 0.0}
"""Multipliers on the length of card animations (0: no animation)."""
CARD_SIZES = {"small": 0.85, "medium": 1.0, "large": 1.2}
CALL_TIMERS = {"wait": 0.0, "5 s": 5.0, "10 s": 10.0, "pass": -1.0}
"""How long the table waits for your answer to a May I, buy or Shanghai! chance before
passing for you (0: it waits; -1: it always passes at once)."""
WINDOW_SIZES = ((1024, 640), (1280, 800), (1440, 900), (1600, 1000), (1920, 1200))


@dataclass(frozen=True)
class Settings:
    ai_speed: str = "normal"
    animation_speed: str = "normal"
    card_size: str = "medium"
    window_width: int = 1280
    window_height: int = 800
    fullscreen: bool = False
    ai_level: str = "normal"
    opponents: int = 3
    call_timer: str = "wait"

    @property
    def think_seconds(self) -> float:
        return AI_SPEEDS[self.ai_speed]

    @property
    def animation_factor(self) -> float:
        return ANIMATION_SPEEDS[self.animation_speed]

    @property
    def card_scale(self) -> float:
        return CARD_SIZES[self.card_size]

    @property
    def call_seconds(self) -> float:
        return CALL_TIMERS[self.call_timer]


def _clean(data: dict[str, object]) -> Settings:
    default = Settings()
    values: dict[str, object] = {}
    choices = {"ai_speed": AI_SPEEDS, "animation_speed": ANIMATION_SPEEDS,
               "card_size": CARD_SIZES, "ai_level": ("random", "normal"),
               "call_timer": CALL_TIMERS}
    for field in dataclasses.fields(Settings):
        value = data.get(field.name, getattr(default, field.name))
        if field.name in choices and value not in choices[field.name]:
            value = getattr(default, field.name)
        elif field.name in ("window_width", "window_height", "opponents"):
            if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 10000:
                value = getattr(default, field.name)
        elif field.name == "fullscreen" and not isinstance(value, bool):
            value = default.fullscreen
        values[field.name] = value
    return Settings(**values)  # type: ignore[arg-type]


def settings_path() -> Path:
    return config_dir() / "settings.json"


def load_settings() -> Settings:
    path = settings_path()
    if not path.exists():
        return Settings()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict):
            raise ValueError("not a JSON object")
    except (OSError, ValueError) as error:
        aside = move_aside(path, "unreadable")
        log.warning("settings file could not be read (%s); moved to %s", error, aside.name)
        return Settings()
    return _clean(data)


def save_settings(settings: Settings) -> None:
    write_atomic(settings_path(), json.dumps(dataclasses.asdict(settings), indent=2))
