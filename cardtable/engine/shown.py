"""A value a refusal echoes back, as a player reads it and never longer than a line:
a deal number of 10**30 or a pasted page of text is not printed back whole. One rule
for every refusal (options, deal codes, deal numbers, the command line, records).

Standard library only.
"""

from __future__ import annotations

from .text import msg, nmsg

LONGEST_NUMBER = 10 ** 15
"""Numbers below it are written out (with thousands separators); longer ones by their
count of digits."""
LONGEST_TEXT = 24
KEPT_TEXT = 16


def shown(value: object) -> str:
    """``value`` for a refusal: whole numbers with separators (or their count of
    digits), text quoted (or its start and its length), anything else as Python writes
    it, cut alike; ``None`` and yes/no as a file holding them writes them (values come
    from files, codes and the command line)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        if abs(value) < LONGEST_NUMBER:
            return f"{value:,}"
        digits = len(str(abs(value)))
        if value < 0:
            return nmsg("a negative number of {digits} digit",
                        "a negative number of {digits} digits", digits, digits=digits)
        return nmsg("a number of {digits} digit", "a number of {digits} digits", digits,
                    digits=digits)
    text = value if isinstance(value, str) else _text(value)
    if len(text) <= LONGEST_TEXT:
        return repr(text) if isinstance(value, str) else text
    start = repr(text[:KEPT_TEXT]) if isinstance(value, str) else text[:KEPT_TEXT]
    # Translators: a long text cut short: its start, then its length
    return nmsg("{start}\u2026 ({length} character)", "{start}\u2026 ({length} characters)",
                len(text), start=start, length=len(text))


def _text(value: object) -> str:
    try:
        return repr(value)
    except RecursionError:  # a list nested past reading
        # Translators: {kind} is a programmer's name of a type (list, dict)
        return msg("a {kind} nested too deeply", kind=type(value).__name__)
