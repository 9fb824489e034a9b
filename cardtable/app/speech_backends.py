"""Where the table's speech goes: the player's screen reader, a system voice, a log file,
or nowhere (with the reason why).

A pygame window is pixels to a screen reader, so the table speaks for itself through one
of these back ends. Each takes whole utterances and is told whether an utterance may cut
off the one before; none blocks the caller (the system voice speaks on a thread of its
own). The speech libraries are an optional extra (``pip install cardtable[speech]``):
without them, or without a voice on the machine, the table stays silent and says once,
in text, why.

``CARDTABLE_SPEECH`` chooses one by hand: ``log:FILE`` (each utterance a JSON line,
for the blind-player test and for reading what was said with the screen off),
``reader``, ``voice``, or ``off``. No pygame here.
"""

from __future__ import annotations

import importlib
import json
import logging
import os
import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol, TextIO

from ..i18n import N_, _

log = logging.getLogger(__name__)

ENVIRONMENT = "CARDTABLE_SPEECH"
RATES = {"slow": 0.75, "normal": 1.0, "fast": 1.4, "fastest": 1.9}
"""Speech rates as multiples of the voice's own (a screen reader keeps its own rate)."""
EXTRA = N_("install the speech extra: {command}")
"""How to get speech (``_()`` where said, with ``EXTRA_COMMAND``)."""
EXTRA_COMMAND = "pip install 'cardtable[speech]'"
WORDS_PER_MINUTE = 175
"""A voice's usual pace, for guessing when an utterance is over where the back end
cannot tell (a screen reader speaks on its own)."""


class Backend(Protocol):
    """Somewhere utterances go."""

    @property
    def name(self) -> str:
        """What it is, for Settings ("NVDA", "system voice", "log file")."""
        ...

    def speak(self, text: str, interrupt: bool) -> None:
        """Say ``text``; ``interrupt``: cut off whatever is still being said first."""
        ...

    def speaking_until(self) -> float:
        """The ``time.monotonic()`` by which what was handed over should be said (a
        guess where the back end cannot tell): AI moves wait for it."""
        ...

    def set_rate(self, rate: float) -> None:
        """A multiple of the voice's own rate (see ``RATES``)."""
        ...

    def set_language(self, code: str) -> None:
        """The table's language (``de``): a system voice takes a voice of it, where it
        has one; a screen reader keeps the player's own voice and its language switching."""
        ...

    def close(self) -> None: ...


class _ReaderOutput(Protocol):
    """What ``accessible_output2`` gives: one output (a screen reader or a voice)."""

    def speak(self, text: str, interrupt: bool = False) -> object: ...

    def is_system_output(self) -> bool: ...

    def is_active(self) -> bool: ...


class _VoiceEngine(Protocol):
    """What ``pyttsx3.init()`` gives."""

    def getProperty(self, name: str) -> object: ...  # noqa: N802  (its names)
    def setProperty(self, name: str, value: object) -> None: ...  # noqa: N802
    def say(self, text: str) -> None: ...
    def runAndWait(self) -> None: ...  # noqa: N802
    def stop(self) -> None: ...
    def connect(self, topic: str, callback: Callable[..., None]) -> object: ...


def _speaks(voice: object, code: str) -> bool:
    """Whether a pyttsx3 voice speaks the language ``code``."""
    for language in getattr(voice, "languages", None) or []:
        name = language.decode("latin-1") if isinstance(language, bytes) else str(language)
        name = name.lstrip("\x05").lower().replace("_", "-")
        if name == code or name.startswith(code + "-"):
            return True
    ident = f"{getattr(voice, 'id', '')} {getattr(voice, 'name', '')}".lower()
    words = {"de": ("german", "deutsch", "de-de", "de_de"),
             "fr": ("french", "français", "fr-fr", "fr_fr")}.get(code, (f"{code}-",))
    return any(word in ident for word in words)


def spoken_seconds(text: str, rate: float = 1.0) -> float:
    """How long ``text`` takes to say at ``rate``, roughly (words at a usual pace)."""
    words = max(1, len(text.split()))
    return 0.3 + words * 60.0 / (WORDS_PER_MINUTE * max(rate, 0.1))


class _Paced:
    """Guesses when speech ends from the words handed over (for back ends that speak on
    their own and say nothing of it)."""

    def __init__(self) -> None:
        self.rate = 1.0
        self.language = "en"
        self._until = 0.0

    def _handed(self, text: str, interrupt: bool) -> None:
        now = time.monotonic()
        start = now if interrupt else max(now, self._until)
        self._until = start + spoken_seconds(text, self.rate)

    def speaking_until(self) -> float:
        return self._until

    def set_language(self, code: str) -> None:
        self.language = code

    def set_rate(self, rate: float) -> None:
        self.rate = rate


class LogBackend(_Paced):
    """Each utterance appended to a file as a JSON line ``{"text": ..., "interrupt":
    ...}``: what a speech player would hear, in order, for the blind-player test and for
    reading a session with the screen off. Written and flushed at once; a file that
    cannot be written turns the back end silent (``failed`` says why), never a crash."""

    name = N_("log file")

    def __init__(self, path: Path, paced: bool = False) -> None:
        super().__init__()
        self.path = path
        self.paced = paced
        """Whether ``speaking_until`` guesses a voice's pace (a log read by a person);
        otherwise everything is said the moment it is handed over (tests run at speed)."""
        self.failed: str | None = None
        self._file: TextIO | None
        try:
            self._file = path.open("a", encoding="utf-8")
        except OSError as error:
            self._file = None
            self.failed = _("the speech log {path} cannot be written ({problem})").format(
                path=path, problem=error.strerror)

    def speak(self, text: str, interrupt: bool) -> None:
        if self._file is None:
            return
        try:
            self._file.write(json.dumps({"text": text, "interrupt": interrupt},
                                        ensure_ascii=False) + "\n")
            self._file.flush()
        except OSError as error:
            log.warning("speech log stopped: %s", error)
            self._file = None
            return
        if self.paced:
            self._handed(text, interrupt)

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None


class _Worker:
    """A thread of its own that talks to a speech library: its calls may block (a
    screen reader's bridge, a voice speaking), and the drawing thread never waits on
    them. Jobs run in order; an interrupting job first drops those still waiting."""

    def __init__(self, name: str) -> None:
        self._jobs: queue.Queue[Callable[[], object] | None] = queue.Queue()
        self._running = threading.Event()
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        self._thread.start()

    def put(self, job: Callable[[], object], interrupt: bool = False) -> None:
        if interrupt:
            self.drop()
        self._jobs.put(job)

    def drop(self) -> None:
        try:
            while True:
                self._jobs.get_nowait()
        except queue.Empty:
            pass

    def idle(self) -> bool:
        """Nothing running and nothing waiting."""
        return self._jobs.empty() and not self._running.is_set()

    def close(self) -> None:
        self.drop()
        self._jobs.put(None)

    def _run(self) -> None:
        while True:
            job = self._jobs.get()
            if job is None:
                return
            self._running.set()
            try:
                job()
            except Exception as error:  # noqa: BLE001  (a speech library fails its own ways)
                log.warning("speech failed: %s", error)
            finally:
                self._running.clear()


class ScreenReaderBackend(_Paced):
    """The player's screen reader (NVDA, JAWS, VoiceOver, speech-dispatcher…) through
    ``accessible_output2``: the reader speaks in its own voice and at its own rate, so
    the player's settings there hold. Handed over on a thread of its own (VoiceOver's
    bridge starts a process for each utterance)."""

    screen_reader = True
    """The player's own screen reader (a first start beside it speaks by itself)."""

    def __init__(self, output: _ReaderOutput, name: str) -> None:
        super().__init__()
        self._output = output
        self.name = name
        self._worker = _Worker("screen reader")

    def speak(self, text: str, interrupt: bool) -> None:
        output = self._output
        self._worker.put(lambda: output.speak(text, interrupt=interrupt), interrupt)
        self._handed(text, interrupt)

    def close(self) -> None:
        self._worker.close()


class VoiceBackend:
    """A system voice (``pyttsx3``: SAPI 5, NSSpeechSynthesizer, eSpeak NG), made and
    driven on one thread of its own (the engine must stay on the thread that made it,
    and blocks while it talks). An interrupting utterance drops what is queued and stops
    the word being said. A voice that hangs is given up on after a generous guess of the
    utterance's length, so the table never waits on it for ever."""

    name = N_("system voice")
    GRACE = 5.0
    """Seconds beyond ``PATIENCE`` times an utterance's guessed length before a voice
    still talking is taken to have hung."""
    PATIENCE = 3.0

    def __init__(self, make: Callable[[], _VoiceEngine], ready_within: float = 5.0) -> None:
        self._engine: _VoiceEngine | None = None
        self._cut = threading.Event()
        self._busy_until = 0.0
        """When the utterance being said should be over at the latest (monotonic)."""
        self.rate = 1.0
        self._base_rate = 200
        self.failed: str | None = None
        self._ready = threading.Event()
        self._worker = _Worker("system voice")
        self._worker.put(lambda: self._start(make))
        if not self._ready.wait(ready_within):
            self.failed = _("the system voice did not start")
        elif self._engine is None and self.failed is None:
            self.failed = _("the system voice could not start")

    def _start(self, make: Callable[[], _VoiceEngine]) -> None:
        try:
            engine = make()
            rate = engine.getProperty("rate")
            self._base_rate = int(rate) if isinstance(rate, (int, float)) else 200
            try:
                engine.connect("started-word", self._word)
            except Exception:  # noqa: BLE001  (no word events: it cannot be cut short)
                pass
            self._engine = engine
        except Exception as error:  # noqa: BLE001  (no eSpeak NG, no SAPI, …)
            self.failed = _("the system voice could not start ({problem})").format(
                problem=error)
        finally:
            self._ready.set()

    def speak(self, text: str, interrupt: bool) -> None:
        if self._engine is None:
            return
        if interrupt:
            self._cut.set()
        self._worker.put(lambda: self._say(text), interrupt)
        self._busy_until = max(self._busy_until, time.monotonic()) \
            + self.PATIENCE * spoken_seconds(text, self.rate) + self.GRACE

    def _say(self, text: str) -> None:
        engine = self._engine
        if engine is None:
            return
        self._cut.clear()
        engine.setProperty("rate", int(self._base_rate * self.rate))
        engine.say(text)
        engine.runAndWait()

    def speaking_until(self) -> float:
        now = time.monotonic()
        if self._worker.idle():
            return now
        if now > self._busy_until:
            log.warning("the system voice seems to hang: not waiting for it")
            return now
        return now + 0.1  # asked again each frame while it talks

    def set_rate(self, rate: float) -> None:
        self.rate = rate

    def set_language(self, code: str) -> None:
        self._worker.put(lambda: self._choose_voice(code))

    def _choose_voice(self, code: str) -> None:
        """Take the first installed voice that speaks ``code`` (eSpeak names its voices'
        languages ``de``, ``fr-fr``; SAPI and NSSpeech put the language in the voice's
        id or name); with none, the voice stays as it is."""
        engine = self._engine
        if engine is None:
            return
        try:
            voices = engine.getProperty("voices")
            for voice in voices if isinstance(voices, list) else []:
                if _speaks(voice, code):
                    engine.setProperty("voice", getattr(voice, "id", None))
                    return
        except Exception as error:  # noqa: BLE001  (a driver without voice lists)
            log.info("no voice chosen for %s: %s", code, error)

    def _word(self, name: str, location: int, length: int) -> None:
        if self._cut.is_set() and self._engine is not None:
            self._engine.stop()

    def close(self) -> None:
        self._cut.set()
        self._worker.close()


@dataclass(frozen=True)
class Chosen:
    """The back end speech will use, or None with the sentence that says why not."""

    backend: Backend | None
    why_silent: str | None = None


def choose_backend(spec: str | None = None) -> Chosen:
    """The back end ``spec`` (or ``CARDTABLE_SPEECH``) names; by default the player's
    screen reader, else a system voice, else silence with the reason."""
    spec = (spec if spec is not None else os.environ.get(ENVIRONMENT, "")).strip()
    if spec.startswith("log:") and len(spec) > 4:
        backend = LogBackend(Path(spec[4:]).expanduser(), paced=False)
        return Chosen(None, _("Speech is off: {reason}.").format(reason=backend.failed)) \
            if backend.failed else Chosen(backend)
    if spec == "off":
        return Chosen(None, _("Speech is off (CARDTABLE_SPEECH=off)."))
    if spec not in ("", "reader", "voice"):
        return Chosen(None, _("Speech is off: CARDTABLE_SPEECH={value} is not one of "
                              "log:FILE, reader, voice or off.").format(value=repr(spec)))
    reasons: list[str] = []
    outputs = _reader_outputs(reasons) if spec in ("", "reader", "voice") else []
    if spec in ("", "reader"):
        reader = next((output for output in outputs if not _system(output)), None)
        if reader is not None:
            return Chosen(ScreenReaderBackend(reader, _name(reader)))
        if outputs or not reasons:
            reasons.append(_("no screen reader is running"))
    if spec in ("", "voice"):
        voice = _system_voice(reasons)
        if voice is not None:
            return Chosen(voice)
        # accessible_output2's own system voice (SAPI 5, eSpeak), where pyttsx3 failed.
        system = next((output for output in outputs if _system(output)), None)
        if system is not None:
            return Chosen(VoiceThroughReader(system, _name(system)))
    # Translators: {reason} is one or more reasons, separated by semicolons
    return Chosen(None, _("Speech is off: {reason}.").format(
        reason="; ".join(dict.fromkeys(reasons))))


def _reader_outputs(reasons: list[str]) -> list[_ReaderOutput]:
    """The outputs ``accessible_output2`` finds running here, screen readers first."""
    try:
        auto = importlib.import_module("accessible_output2.outputs.auto")
    except Exception:  # noqa: BLE001  (missing, or failing to load its libraries)
        reasons.append(_("no screen reader support is installed ({how})").format(
            how=_(EXTRA).format(command=EXTRA_COMMAND)))
        return []
    try:
        outputs: list[_ReaderOutput] = [output for output in auto.Auto().outputs
                                        if output.is_active()]
    except Exception as error:  # noqa: BLE001
        reasons.append(_("the screen reader support failed to start ({problem})").format(
            problem=error))
        return []
    return outputs


def _system(output: _ReaderOutput) -> bool:
    """A voice every system has (SAPI 5, eSpeak), not a screen reader the player runs."""
    try:
        # eSpeak is not marked a system output, only ranked after the readers (101).
        return bool(output.is_system_output()) or getattr(output, "priority", 100) > 100
    except Exception:  # noqa: BLE001
        return True


def _name(output: _ReaderOutput) -> str:
    return str(getattr(output, "name", N_("screen reader")))


class VoiceThroughReader(ScreenReaderBackend):
    """A system voice reached through ``accessible_output2`` (no screen reader running,
    and pyttsx3 missing): it speaks, but is no screen reader, so a first start does not
    switch speech on for it."""

    screen_reader = False


def _system_voice(reasons: list[str]) -> Backend | None:
    try:
        pyttsx3 = importlib.import_module("pyttsx3")
    except Exception:  # noqa: BLE001
        reasons.append(_("no system voice support is installed ({how})").format(
            how=_(EXTRA).format(command=EXTRA_COMMAND)))
        return None
    voice = VoiceBackend(pyttsx3.init)
    if voice.failed is not None:
        voice.close()
        reasons.append(voice.failed)
        return None
    return voice
