"""A pseudo-language that marks every translated text, for finding text that does not
go through the catalogue: each message comes back as ``⟪message⟫`` (its placeholders
kept), so whatever a screen shows or speech says outside the marks was never
translated. Used by ``test_every_text_is_translatable`` and by hand
(``python tests/pseudo_language.py`` prints what each screen leaves in English)."""

from __future__ import annotations

import gettext
import re
from collections.abc import Iterator
from contextlib import contextmanager

from cardtable import i18n
from cardtable.i18n import catalogues, current

OPEN, CLOSE = "\u27ea", "\u27eb"
_MARKED = re.compile(f"{OPEN}[^{OPEN}{CLOSE}]*{CLOSE}")
_CUT = re.compile(f"{OPEN}[^{CLOSE}]*$")
"""A marked text cut short to fit its box ("⟪Sort by su…"): its end mark is cut off."""
_CONTINUED = re.compile(f"^[^{OPEN}]*{CLOSE}")
"""The rest of a message whose start is on the line before (a wrapped log line)."""
_WORD = re.compile(r"[^\W\d_]{2,}")
"""A word: two or more letters (single letters are card ranks, keys, "x" of sizes)."""


GIVEN: set[str] = set()
"""Every message the pseudo-language gave (a paragraph wrapped onto lines is shown a line
at a time, and only its first and last line carry a mark)."""


class Pseudo(gettext.NullTranslations):
    def gettext(self, message: str) -> str:
        GIVEN.add(message)
        return f"{OPEN}{message}{CLOSE}"

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        GIVEN.add(msgid1 if n == 1 else msgid2)
        return f"{OPEN}{msgid1 if n == 1 else msgid2}{CLOSE}"

    def pgettext(self, context: str, message: str) -> str:
        return f"{OPEN}{message}{CLOSE}"

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return self.ngettext(msgid1, msgid2, n)


@contextmanager
def pseudo() -> Iterator[None]:
    """Speak the pseudo-language inside the block, whatever language is chosen there (an
    app starting up chooses the system's: every catalogue is the pseudo-language)."""
    real = current.load
    current.load = lambda code: catalogues.Loaded(Pseudo())  # type: ignore[assignment]
    try:
        i18n.use("en")
        yield
    finally:
        current.load = real  # type: ignore[assignment]
        i18n.use("en")


def untranslated(text: str, allowed: frozenset[str] = frozenset()) -> list[str]:
    """The words of ``text`` outside every marked message (``allowed``: proper names); a
    line of a wrapped message counts as marked."""
    line = text.strip(f"{OPEN}{CLOSE}\u2026 ")
    if line and any(line in given for given in GIVEN):
        return []
    previous = None
    while previous != text:  # innermost marks first: a message inside a message
        previous, text = text, _MARKED.sub(" ", text)
    text = _CUT.sub(" ", text)
    previous = None
    while previous != text:  # a line wrapped from inside a message: its end marks
        previous, text = text, _CONTINUED.sub(" ", text)
    return [word for word in _WORD.findall(text) if word not in allowed]
