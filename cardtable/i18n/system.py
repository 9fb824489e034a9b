"""Which language the player's system asks for, as gettext reads it: the first of
``LANGUAGE`` (a colon-separated list of preferences), ``LC_ALL``, ``LC_MESSAGES`` and
``LANG`` that is set, or else the locale Python finds (Windows, macOS)."""

from __future__ import annotations

import locale
import os
from collections.abc import Collection, Mapping


def _codes(value: str) -> list[str]:
    """``de_DE.UTF-8:fr`` → ``["de_DE", "de", "fr"]``: each preference, then its language."""
    out: list[str] = []
    for part in value.split(":"):
        name = part.split(".")[0].split("@")[0].replace("-", "_")
        if name and name not in ("C", "POSIX"):
            out += [name, name.split("_")[0]]
    return out


def system_language(choices: Collection[str],
                    environ: Mapping[str, str] | None = None) -> str | None:
    """The first of ``choices`` the system prefers, or ``None`` (English then)."""
    env = os.environ if environ is None else environ
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(variable, "")
        if value:
            wanted = _codes(value)
            if variable == "LANGUAGE" or wanted:
                found = next((code for code in wanted if code in choices), None)
                if found is not None or variable != "LANGUAGE":
                    return found
    if environ is None:
        try:
            name = locale.getlocale(locale.LC_MESSAGES if hasattr(locale, "LC_MESSAGES")
                                    else locale.LC_CTYPE)[0]
        except (ValueError, TypeError):
            name = None
        if name:
            return next((code for code in _codes(name) if code in choices), None)
    return None
