"""The translations shipped with cardtable: one ``.po`` file per language in
``cardtable/locale`` (``de.po``, ``fr.po``), read with Babel and turned into a
``gettext`` translation in memory. A new language is a new ``.po`` file: nothing lists
the languages but the folder.

A catalogue is a file like any other the app reads: one that cannot be read leaves the
table in English, with the reason logged and kept for Settings → Language to say."""

from __future__ import annotations

import gettext
import io
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable

from ..engine.text import fields

log = logging.getLogger(__name__)

SOURCE = "en"
"""The language the messages are written in (no catalogue of its own)."""


def _folder() -> Traversable:
    return resources.files("cardtable").joinpath("locale")


def available() -> tuple[str, ...]:
    """Every language the table can be played in: English, then one per ``.po`` file."""
    found = sorted(entry.name[:-3] for entry in _folder().iterdir()
                   if entry.name.endswith(".po") and entry.is_file())
    return (SOURCE, *found)


def _names(text: str) -> frozenset[str] | None:
    """The placeholders of a brace template (``None``: braces that do not parse)."""
    try:
        return fields(text)
    except ValueError:
        return None


def _safe(english: str | Sequence[str], translated: str | Sequence[str] | None) -> bool:
    """Whether a translation can be formatted with the values the English is given: it
    names none the English does not (a hand-edited catalogue must never crash a screen)."""
    known: set[str] = set()
    for text in (english,) if isinstance(english, str) else english:
        names = _names(text)
        if names is None:
            return True  # not a brace template (argparse's %-style words)
        known |= names
    for text in (translated or "",) if isinstance(translated, str | None) else translated:
        names = _names(text or "")
        if names is None or not names <= known:
            return False
    return True


def own_name(code: str) -> str:
    """A language named in itself, as a player looks for it: "Deutsch", "Français"."""
    from babel import Locale, UnknownLocaleError

    try:
        name = Locale.parse(code).get_display_name(code) or code
    except (ValueError, UnknownLocaleError):
        return code
    return name[:1].upper() + name[1:]


@dataclass(frozen=True)
class Loaded:
    translations: gettext.NullTranslations
    problem: str | None = None
    """Why the catalogue could not be used (the table then stays in English)."""


@cache
def load(code: str) -> Loaded:
    """The translation for ``code`` (English for the source language or a missing one)."""
    if code == SOURCE:
        return Loaded(gettext.NullTranslations())
    entry = _folder().joinpath(f"{code}.po")
    try:
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        with entry.open("rb") as stream:
            catalogue = read_po(stream)
        for message in catalogue:
            if message.id and not _safe(message.id, message.string):
                log.warning("%s: a translation of %r names other values; English is used",
                            code, message.id)
                message.string = ("",) * len(message.string) \
                    if isinstance(message.string, tuple) else ""
        compiled = io.BytesIO()
        write_mo(compiled, catalogue)
        compiled.seek(0)
        return Loaded(gettext.GNUTranslations(compiled))
    except (OSError, ValueError, LookupError, UnicodeError) as error:
        log.warning("the %s catalogue could not be read: %s", code, error)
        return Loaded(gettext.NullTranslations(),
                      f"the {code} translation could not be read ({error})")
