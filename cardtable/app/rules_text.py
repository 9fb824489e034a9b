"""The rules as the app shows them: one text per game in ``rules/``, written for players."""

from __future__ import annotations

from functools import cache
from importlib import resources


@cache
def _read(name: str) -> str | None:
    path = resources.files(__package__).joinpath("rules", f"{name}.txt")
    return path.read_text(encoding="utf-8").strip() if path.is_file() else None


def rules_for(game_id: str, title: str) -> str:
    text = _read(game_id)
    if text is not None:
        return text
    return (_read("coming_soon") or "{title}").format(title=title)
