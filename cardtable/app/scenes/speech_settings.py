"""Settings → Speech: speech on or off, how much it says, how fast; and what it speaks
through on this machine (or why it cannot). Saved when changed."""

from __future__ import annotations

from dataclasses import replace

import pygame

from ...i18n import N_, _, text
from .. import theme
from ..settings import SPEECH_AMOUNTS, SPEECH_RATES, Settings
from ..speaker import Verbosity
from ..widgets import Button, Choice
from .common import FormScene, labelled

ON_OFF = [(True, N_("On")), (False, N_("Off"))]


class SpeechSettingsScene(FormScene):
    title = N_("Speech")
    note: str | None = None
    """Why the last change could not be saved."""

    def layout(self, size: tuple[int, int]) -> None:
        self.size = size
        w, _h = size
        width = max(600, min(theme.grown(900, size), int(w * 0.8)))
        rects = self.column(4, width=width)
        label_w = width // 4
        s = self.app.settings
        self.set_widgets([
            Choice(rects[0], _("Speech (F2)"), [(on, _(word)) for on, word in ON_OFF],
                   s.speech, self.switch, label_width=label_w),
            Choice(rects[1], _("How much"), labelled(SPEECH_AMOUNTS), s.speech_amount,
                   lambda v: self.change(replace(self.app.settings, speech_amount=v)),
                   label_width=label_w),
            Choice(rects[2], _("Rate"), labelled(SPEECH_RATES), s.speech_rate,
                   lambda v: self.change(replace(self.app.settings, speech_rate=v)),
                   label_width=label_w),
            Button(pygame.Rect(rects[3].centerx - theme.grown(120, size), rects[3].y,
                               theme.grown(240, size), rects[3].height),
                   _("Done"), self.back, primary=True),
        ])

    def switch(self, on: bool) -> None:
        if on != self.app.speaker.on:
            self.app.toggle_speech()
        if self.app.speaker.on != on:  # nothing here can speak: the choice goes back
            self.layout(self.size)

    def change(self, settings: Settings) -> None:
        self.app.settings = settings
        self.note = self.app.settings_file.save(settings)
        self.app.speaker.verbosity = Verbosity(settings.speech_amount)
        self.app.speaker.set_rate(settings.speech_rate)

    def through(self) -> str:
        """What speech goes through here, or why nothing can speak."""
        speaker = self.app.speaker
        if speaker.backend is None:
            return text(speaker.why_silent) if speaker.why_silent else \
                _("Speech is not available.")
        return _("Speaking through: {voice}. Step back through what was said with [ and ]."
                 ).format(voice=_(speaker.backend.name))  # a reader keeps its own name

    def labels(self) -> list[tuple[str, theme.Label]]:
        w, h = self.size
        size = max(13, h // 46)
        said = text(self.note) if self.note else self.through()
        colour = theme.BAD if self.note or self.app.speaker.backend is None else theme.TEXT_DIM
        line = theme.Label(theme.ellipsize(said, size, w - 40), size, (w // 2, h - 30),
                           colour, anchor="midbottom")
        return [*super().labels(), ("note", line)]
