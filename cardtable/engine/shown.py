"""A value a refusal echoes back, as a player reads it and never longer than a line:
a deal number of 10**30 or a pasted page of text is not printed back whole. One rule
for every refusal (options, deal codes, deal numbers, the command line, records).

Standard library only.
"""

from __future__ import annotations

import json

LONGEST_NUMBER = 10 ** 15
"""Numbers below it are written out (with thousands separators); longer ones by their
count of digits."""
LONGEST_TEXT = 24
KEPT_TEXT = 16


def shown(value: object) -> str:
    """``value`` for a refusal: whole numbers with separators (or their count of
    digits), text quoted (or its start and its length), anything else as JSON would
    write it, cut alike."""
    if isinstance(value, bool) or value is None:
        return json.dumps(value)
    if isinstance(value, int):
        if abs(value) < LONGEST_NUMBER:
            return f"{value:,}"
        return f"a number of {len(str(abs(value))):,} digits"
    text = value if isinstance(value, str) else _json(value)
    if len(text) <= LONGEST_TEXT:
        return repr(text) if isinstance(value, str) else text
    start = repr(text[:KEPT_TEXT]) if isinstance(value, str) else text[:KEPT_TEXT]
    return f"{start}\u2026 ({len(text):,} characters)"


def _json(value: object) -> str:
    try:
        return json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        return repr(value)
