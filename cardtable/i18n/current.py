"""The language in use and the translation functions that read it. One language for
the whole process: the window, speech and the command line speak the same one."""

from __future__ import annotations

import gettext
from functools import cache

from .catalogues import SOURCE, available, load
from .system import system_language

_state: dict[str, object] = {"code": SOURCE, "problem": None}
_translations: list[gettext.NullTranslations] = [gettext.NullTranslations()]


def use(code: str | None) -> str:
    """Speak ``code`` from now on (``None`` or ``""``: the system's language); returns
    the language chosen. An unknown code, or a catalogue that cannot be read, is English."""
    choices = available()
    chosen = code if code in choices else (system_language(choices) or SOURCE) \
        if not code else SOURCE
    loaded = load(chosen)
    _translations[0] = loaded.translations
    _state["code"] = chosen if loaded.problem is None else SOURCE
    _state["problem"] = loaded.problem
    return str(_state["code"])


def language() -> str:
    """The code of the language in use (``en``, ``de``, ``fr``…)."""
    return str(_state["code"])


def problem() -> str | None:
    """Why the chosen language could not be used, if it could not."""
    found = _state["problem"]
    return found if isinstance(found, str) else None


def _(message: str) -> str:
    """``message`` in the player's language."""
    return _translations[0].gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a sentence that fits ``count`` in the player's language."""
    return _translations[0].ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """``message`` translated in a context (a rank's letter, a suit's name…), where one
    English word is two in another language."""
    return _translations[0].pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, count: int) -> str:
    return _translations[0].npgettext(context, singular, plural, count)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue without translating it yet (a table filled at
    import time): ``_`` translates it where it is shown."""
    return message


def babel_locale() -> str:
    """The language as Babel names it, for dates and numbers (English for a language
    Babel does not know)."""
    return language() if _babel_knows(language()) else SOURCE


@cache
def _babel_knows(code: str) -> bool:
    from babel import Locale, UnknownLocaleError

    try:
        Locale.parse(code)
    except (ValueError, UnknownLocaleError):
        return False
    return True
