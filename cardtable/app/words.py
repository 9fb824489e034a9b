"""Counts in a player's words: "1 game", "2 games", "1 card left". One of a thing is
never said in the plural (issue 37 found "1 buys left", "1 cards left")."""

from __future__ import annotations


def counted(count: int, noun: str, plural: str | None = None) -> str:
    """``count`` and the noun, singular for one (``plural``: where adding "s" is wrong)."""
    return f"{count} {noun if count == 1 else plural or noun + 's'}"


def counted_phrase(count: int, phrase: str) -> str:
    """``count`` and a phrase whose first word is a regular plural noun ("cards left",
    "points", "missions"), that word singular for one: "1 card left"."""
    head, space, rest = phrase.partition(" ")
    if count == 1 and head.endswith("s"):
        head = head[:-1]
    return f"{count} {head}{space}{rest}"
