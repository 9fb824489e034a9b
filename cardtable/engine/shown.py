"""A value a refusal echoes back, as a player reads it and never longer than a line:
a deal number of 10**30 or a pasted page of text is not printed back whole. One rule
for every refusal (options, deal codes, deal numbers, the command line, records).

Standard library only.
"""

from __future__ import annotations

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
        sign = "a negative" if value < 0 else "a"
        return f"{sign} number of {len(str(abs(value))):,} digits"
    text = value if isinstance(value, str) else _text(value)
    if len(text) <= LONGEST_TEXT:
        return repr(text) if isinstance(value, str) else text
    start = repr(text[:KEPT_TEXT]) if isinstance(value, str) else text[:KEPT_TEXT]
    return f"{start}\u2026 ({len(text):,} characters)"


def _text(value: object) -> str:
    try:
        return repr(value)
    except RecursionError:  # a list nested past reading
        return f"a {type(value).__name__} nested too deeply"
