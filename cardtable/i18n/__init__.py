"""The player's language: every text a player reads or hears goes through here.

``_`` and ``ngettext`` translate the app's own sentences; ``N_`` marks a sentence kept
in a table at import time (translated where it is shown, so a change of language needs
no restart); ``text`` renders a sentence from the engine or the AI (a
:class:`~cardtable.engine.text.Msg`) with its cards, ranks and numbers named in the
language. ``use`` chooses the language (Settings → Language, or the system's)."""

from __future__ import annotations

from .catalogues import SOURCE, available
from .current import N_, _, babel_locale, language, ngettext, npgettext, pgettext, problem, use
from .render import card_name, cards_text, number, rank_code, suit_name, text

__all__ = ["N_", "SOURCE", "_", "available", "babel_locale", "card_name", "cards_text",
           "language", "ngettext", "npgettext", "number", "pgettext", "problem",
           "rank_code", "suit_name", "text", "use"]
