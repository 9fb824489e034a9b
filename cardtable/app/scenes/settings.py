"""Settings: the language, AI speed, animation speed, card size, deck colours, window size
and calls; saved when changed."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

import pygame

from ... import i18n
from ...i18n import N_, _, pgettext, text
from .. import theme
from ..app import fit_screen
from ..settings import (
    AI_SPEEDS,
    ANIMATION_SPEEDS,
    CALL_ASKING,
    CALL_TIMERS,
    CARD_BACKS,
    CARD_SIZES,
    DECK_COLOURS,
    SOUND_LEVELS,
    TABLE_COLOURS,
    UNDO_MODES,
    WINDOW_SIZES,
    Settings,
)
from ..widgets import Button, Choice
from .common import FormScene, labelled

CALL_LABELS = {"wait": N_("Wait for me"), "5 s": N_("5 seconds"), "10 s": N_("10 seconds"),
               "pass": N_("Always pass")}
COLOUR_HINT = N_("Monastery always shows two colours, red and black: colour is one of its "
                 "rules.")
def speed_words(row: str) -> dict[str, str]:
    """The words of a row of speeds or sizes, keyed by the settings' values. Each row
    has its own context: the words agree with the row's noun in some languages (French
    "Vitesse de l'IA : Lente", "Animations : Lentes", "Taille des cartes : Petite")."""
    if row == "ai":
        return {"slow": pgettext("AI speed", "Slow"), "normal": pgettext("AI speed", "Normal"),
                "fast": pgettext("AI speed", "Fast"),
                "instant": pgettext("AI speed", "Instant")}
    if row == "animations":
        return {"slow": pgettext("animations", "Slow"),
                "normal": pgettext("animations", "Normal"),
                "fast": pgettext("animations", "Fast"), "off": pgettext("animations", "Off")}
    return {"small": pgettext("card size", "Small"), "medium": pgettext("card size", "Medium"),
            "large": pgettext("card size", "Large")}


def worded(keys: Iterable[str], row: str) -> list[tuple[str, str]]:
    """Each speed or size of a row with its word in the player's language."""
    words = speed_words(row)
    return [(key, words.get(key, key.title())) for key in keys]


def languages() -> list[tuple[str, str]]:
    """The languages to choose from, each named in its own language, after the system's
    (named in the language it is)."""
    from ...i18n.catalogues import own_name
    from ...i18n.system import system_language

    codes = i18n.available()
    system = system_language(codes) or i18n.SOURCE
    return [("", _("System ({language})").format(language=own_name(system))),
            *((code, own_name(code)) for code in codes)]


class SettingsScene(FormScene):
    title = N_("Settings")
    note: str | None = None
    """Why the last change could not be saved, shown under the controls."""

    def layout(self, size: tuple[int, int]) -> None:
        self.size = size
        w, _h = size
        width = max(600, min(theme.grown(1000, size), int(w * 0.8)))
        rows = 13
        # The rows (and their gaps) take the height between the column's top (24 %) and
        # the note's line under Done, whatever it holds.
        rects = self.column(rows, width=width,
                            row_height=max(22, min(theme.grown(56, size),
                                                   (size[1] - 48 - int(size[1] * 0.24)) * 3
                                                   // (rows * 4))))
        label_w = width // 4
        s = self.app.settings
        sizes = [((ww, hh), f"{ww}\u00d7{hh}") for ww, hh in WINDOW_SIZES]
        current = (s.window_width, s.window_height)
        if current not in dict(sizes):
            sizes.append((current, f"{current[0]}\u00d7{current[1]}"))
        self.set_widgets([
            Choice(rects[0], _("Language"), languages(), s.language, self.change_language,
                   label_width=label_w),
            Choice(rects[1], _("AI speed"), worded(AI_SPEEDS, "ai"), s.ai_speed,
                   lambda v: self.change(replace(self.app.settings, ai_speed=v)),
                   label_width=label_w),
            Choice(rects[2], _("Animations"), worded(ANIMATION_SPEEDS, "animations"),
                   s.animation_speed,
                   lambda v: self.change(replace(self.app.settings, animation_speed=v)),
                   label_width=label_w),
            Choice(rects[3], _("Card size"), worded(CARD_SIZES, "card size"), s.card_size,
                   lambda v: self.change(replace(self.app.settings, card_size=v)),
                   label_width=label_w),
            Choice(rects[4], _("Deck colours"), labelled(DECK_COLOURS), s.deck_colours,
                   lambda v: self.change(replace(self.app.settings, deck_colours=v)),
                   label_width=label_w),
            Choice(rects[5], _("Window"), sizes, current, self.change_window, label_width=label_w),
            Choice(rects[6], _("Calls (May I, buy)"),
                   [(k, _(CALL_LABELS[k])) for k in CALL_TIMERS],
                   s.call_timer, lambda v: self.change(replace(self.app.settings, call_timer=v)),
                   label_width=label_w),
            Choice(rects[7], _("Calls: ask"), labelled(CALL_ASKING), s.call_asking,
                   lambda v: self.change(replace(self.app.settings, call_asking=v)),
                   label_width=label_w),
            Choice(rects[8], _("Undo"), labelled(UNDO_MODES), s.undo,
                   lambda v: self.change(replace(self.app.settings, undo=v)),
                   label_width=label_w),
            Choice(rects[9], _("Sound"), labelled(SOUND_LEVELS), s.sound,
                   lambda v: self.change(replace(self.app.settings, sound=v)),
                   label_width=label_w),
            Choice(rects[10], _("Table"), labelled(TABLE_COLOURS), s.table_colour,
                   lambda v: self.change(replace(self.app.settings, table_colour=v)),
                   label_width=label_w),
            Choice(rects[11], _("Card backs"), labelled(CARD_BACKS), s.card_back,
                   lambda v: self.change(replace(self.app.settings, card_back=v)),
                   label_width=label_w),
            Button(pygame.Rect(rects[12].centerx - theme.grown(250, size), rects[12].y,
                               theme.grown(240, size), rects[12].height),
                   _("Speech\u2026"), self.speech),
            Button(pygame.Rect(rects[12].centerx + theme.grown(10, size), rects[12].y,
                               theme.grown(240, size), rects[12].height),
                   _("Done"), self.back, primary=True),
        ])

    def change_language(self, code: str) -> None:
        """The table speaks ``code`` at once (every screen laid out again in it), or says
        why it cannot (a catalogue that could not be read leaves it in English)."""
        self.note = self.app.set_language(code) or i18n.problem()

    def speech(self) -> None:
        from .speech_settings import SpeechSettingsScene

        self.app.push(SpeechSettingsScene(self.app))

    def change(self, settings: Settings) -> None:
        self.app.settings = settings
        self.note = self.app.settings_file.save(self.app.settings)
        self.app.sounds.set_volume(self.app.settings.sound)
        self.app.apply_looks()
        if self.app.session is not None:
            self.app.session.think_seconds = self.app.settings.think_seconds
            self.app.session.call_seconds = self.app.call_seconds()
            self.app.session.ask_always = self.app.settings.ask_every_call

    def change_window(self, size: tuple[int, int]) -> None:
        self.change(replace(self.app.settings, window_width=size[0], window_height=size[1]))
        if not self.app.fullscreen:
            self.app.screen = self.app._open_window(fit_screen(size))
            self.app.resize(self.app.size)

    def labels(self) -> list[tuple[str, theme.Label]]:
        w, h = self.size
        note = theme.Label(text(self.note), max(14, h // 44), (w // 2, h - 30), theme.BAD,
                           anchor="midbottom") if self.note else \
            theme.Label(_(COLOUR_HINT), max(12, h // 52), (w // 2, h - 30), theme.TEXT_DIM,
                        anchor="midbottom")
        return [*super().labels(), ("note", note)]
