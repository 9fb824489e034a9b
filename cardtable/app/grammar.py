"""Counts and lists in sentences a player reads: "1 card", "2 cards", "East and South".

One place for the plural rule, so no line of the app says "1 cards left". No pygame here.
"""

from __future__ import annotations

from collections.abc import Sequence


def plural(count: int, one: str, many: str | None = None) -> str:
    """``count`` followed by the word it counts: ``plural(1, "card")`` is "1 card",
    ``plural(2, "buy")`` "2 buys"; ``many`` where adding an s is wrong
    (``plural(n, "card left", "cards left")``)."""
    word = one if count == 1 else (many if many is not None else one + "s")
    return f"{count} {word}"


def listed(words: Sequence[str], last: str = "and") -> str:
    """Words as a sentence lists them: "East", "East and South", "East, South and West"."""
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} {last} {words[-1]}"
