"""The player's settings, kept as JSON in the user config folder.

A settings file that cannot be read is moved aside (or, in a folder the app cannot
write, left exactly where it is and never written over) and defaults are used, with a
sentence for the player; an unknown, mistyped or out-of-range value falls back to its
default, so an old or hand-edited file never stops the app from starting.
"""

from __future__ import annotations

import dataclasses
import json
import logging
from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path

from ..ai import bot_names
from ..i18n import N_, _, available
from .files import Unreadable, move_aside, os_problem, read_json, write_atomic
from .paths import config_dir

log = logging.getLogger(__name__)

AI_SPEEDS = {"slow": 1.4, "normal": 0.7, "fast": 0.25, "instant": 0.0}
"""Seconds an AI seat takes over each move, so a person can follow it."""
AI_SPEED_LABELS = {"slow": N_("Slow"), "normal": N_("Normal"), "fast": N_("Fast"),
                   "instant": N_("Instant")}
"""``AI_SPEEDS`` as Settings shows them (``_()`` where shown, as every label here)."""
ANIMATION_SPEEDS = {"slow": 1.6, "normal": 1.0, "fast": 0.5, "off": 0.0}
"""Multipliers on the length of card animations (0: no animation)."""
ANIMATION_SPEED_LABELS = {"slow": N_("Slow"), "normal": N_("Normal"), "fast": N_("Fast"),
                          "off": N_("Off")}
CARD_SIZES = {"small": 0.85, "medium": 1.0, "large": 1.2}
CARD_SIZE_LABELS = {"small": N_("Small"), "medium": N_("Medium"), "large": N_("Large")}
CALL_TIMERS = {"wait": 0.0, "5 s": 5.0, "10 s": 10.0, "pass": -1.0}
"""How long the table waits for your answer to a May I, buy or Shanghai! chance before
passing for you (0: it waits; -1: it always passes at once)."""
CALL_ASKING = {"helpful": N_("When the card could help"), "always": N_("Every time")}
"""Whether a May I or buy chance is asked about only when the card could help your hand
(otherwise it passes for you as the others answer; you may still call) or every time."""
WINDOW_SIZES = ((1024, 640), (1280, 800), (1440, 900), (1600, 1000), (1920, 1200))
DECK_COLOURS = {"four": N_("Four colours"), "two": N_("Two colours"),
                "contrast": N_("High contrast")}
"""The card faces' suit colours: four (spades black, hearts red, diamonds blue, clubs
green) tells suits apart at a glance; two (red and black) is the classic deck. A game
whose rules speak of colour (Monastery) always shows two, whatever is chosen here."""
TABLE_COLOURS = {"green": N_("Green"), "blue": N_("Blue"), "burgundy": N_("Burgundy"),
                 "grey": N_("Grey")}
CARD_BACKS = {"blue": N_("Blue"), "red": N_("Red"), "green": N_("Green")}
UNDO_MODES = {"on": N_("Within your turn"), "off": N_("Off (fair mode)")}
SOUND_LEVELS = {"off": N_("Off"), "low": N_("Low"), "medium": N_("Medium"),
                "high": N_("High")}
SPEECH_AMOUNTS = {"full": N_("Full"), "brief": N_("Brief")}
"""How much speech says of the focused place: its whole name ("seven of hearts, in your
hand, selected": full) or without where it is and what its wilds stand for (brief:
"seven of hearts, selected"). The news is said whole either way."""
SPEECH_RATES = {"slow": N_("Slow"), "normal": N_("Normal"), "fast": N_("Fast"),
                "fastest": N_("Fastest")}
"""How fast a system voice speaks (a screen reader keeps the player's own rate): the
rates of ``RATES``, each with its label (written out, so that the catalogue finds it)."""


@dataclass(frozen=True)
class Settings:
    ai_speed: str = "normal"
    animation_speed: str = "normal"
    card_size: str = "medium"
    window_width: int = 1280
    window_height: int = 800
    fullscreen: bool = False
    ai_level: str = "normal"
    seat_levels: str = ""
    """Each AI seat's level in the last game dealt from New game, clockwise from the
    person's left (comma-separated); ``ai_level`` is the first seat's."""
    opponents: int = 3
    last_game: str = ""
    """The game last dealt from New game: the one setup shows chosen next time."""
    call_timer: str = "5 s"
    """A call chance (May I, buy, Shanghai!) passes by itself after a visible countdown,
    so the table never stops on every discard (RULES.md §7.2: auto-pass timeout)."""
    call_asking: str = "helpful"
    """Ask about a May I / buy chance only when the card could help the hand (see
    ``CALL_ASKING``): play is not held up on every discard."""
    deck_colours: str = "four"
    undo: str = "on"
    """Ctrl+Z takes back your plays within your own turn ("off": fair mode)."""
    table_colour: str = "green"
    card_back: str = "blue"
    sound: str = "medium"
    """Volume of the table's sound effects ("off": silent, the mixer never starts)."""
    coached: str = ""
    """The games whose first-game tour was shown (comma-separated ids)."""
    speech: bool = False
    """The table speaks (``speaker``): switched with F2 from any screen."""
    speech_amount: str = "full"
    speech_rate: str = "normal"
    language: str = ""
    """The language the table speaks: ``""`` is the system's, else a code of
    ``i18n.available()`` ("de")."""

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

    @property
    def ask_every_call(self) -> bool:
        return self.call_asking == "always"


def _clean(data: dict[str, object]) -> tuple[Settings, list[str]]:
    """Settings from hand-editable data, and the names of the values that did not fit:
    each value of the wrong type or out of range falls back to its default (a list or an
    object where a word belongs included). Unknown names are ignored."""
    default = Settings()
    values: dict[str, object] = {}
    rejected: list[str] = []
    choices: dict[str, Collection[str]] = {
        "ai_speed": AI_SPEEDS, "animation_speed": ANIMATION_SPEEDS, "card_size": CARD_SIZES,
        "ai_level": bot_names(), "call_timer": CALL_TIMERS, "call_asking": CALL_ASKING,
        "deck_colours": DECK_COLOURS,
        "undo": UNDO_MODES, "sound": SOUND_LEVELS, "table_colour": TABLE_COLOURS,
        "card_back": CARD_BACKS, "speech_amount": SPEECH_AMOUNTS,
        "speech_rate": SPEECH_RATES, "language": ("", *available())}
    for field in dataclasses.fields(Settings):
        fallback = getattr(default, field.name)
        value = data.get(field.name, fallback)
        if field.name in choices:
            fits = isinstance(value, str) and value in choices[field.name]
        elif field.name in ("window_width", "window_height", "opponents"):
            fits = isinstance(value, int) and not isinstance(value, bool) and \
                1 <= value <= 10000
        else:
            fits = isinstance(value, type(fallback))
        if not fits:
            rejected.append(field.name)
            value = fallback
        values[field.name] = value
    return Settings(**values), rejected  # type: ignore[arg-type]


def settings_text(settings: Settings) -> str:
    """The settings file's text."""
    return json.dumps(dataclasses.asdict(settings), indent=2)


def settings_path() -> Path:
    return config_dir() / "settings.json"


class SettingsFile:
    """The settings file: loading never fails, saving says why it could not.

    A damaged file that cannot be moved aside stays where it is, byte for byte, and
    this file object never writes over it (``kept``)."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or settings_path()
        self.kept = False
        """A damaged settings file is still at ``path``: never write there."""
        self.existed = False
        """A settings file was there when loaded (else this is a first start)."""

    def load(self) -> tuple[Settings, str | None]:
        """The settings, and a sentence for the player when the file was damaged."""
        try:
            exists = self.path.exists()
        except OSError:
            exists = False
        self.existed = exists
        if not exists:
            return Settings(), None
        settings = Settings()
        try:
            data = read_json(self.path)
            if not isinstance(data, dict):
                raise Unreadable(_("is damaged (it is not a table of settings)"))
            settings, rejected = _clean(data)
            if rejected:
                raise Unreadable(_("has values this version cannot use ({names})").format(
                    names=", ".join(rejected)))
        except Unreadable as error:
            try:
                aside = move_aside(self.path, "unreadable")
            except OSError as move_error:
                self.kept = True
                log.warning("settings file %s %s; could not move it aside: %s",
                            self.path, error, move_error)
                # Translators: {problem} completes the sentence ("could not be read
                # (…)", "is damaged (…)", "has values this version cannot use (…)")
                return settings, _("Your settings file {problem}, so defaults are used. "
                                   "It was left untouched at {path}.").format(
                    problem=error, path=self.path)
            log.warning("settings file %s; moved to %s", error, aside.name)
            return settings, _("Your settings file {problem}, so defaults are used. "
                               "It was kept as {file}.").format(problem=error,
                                                                file=aside.name)
        return settings, None

    def save(self, settings: Settings) -> str | None:
        """Write the settings; a sentence for the player if they could not be kept."""
        if self.kept:
            return _("Your settings are used but not saved: the damaged settings file "
                     "is kept as it was.")
        try:
            write_atomic(self.path, settings_text(settings))
        except OSError as error:
            log.warning("could not save settings to %s: %s", self.path, error)
            return _("Your settings could not be saved: {reason}.").format(
                reason=os_problem(error))
        return None


def load_settings() -> Settings:
    """The settings in the config folder (defaults when there is none or it is damaged)."""
    return SettingsFile().load()[0]


def save_settings(settings: Settings) -> None:
    """Write the settings to the config folder; raises OSError if it refuses."""
    write_atomic(settings_path(), settings_text(settings))


def saved_language() -> str | None:
    """The language chosen in Settings, read without touching the file (the command
    line speaks it too); ``None`` when there is none or the file cannot be read."""
    try:
        found = json.loads(settings_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    language = found.get("language") if isinstance(found, dict) else None
    return language if isinstance(language, str) and language in available() else None
