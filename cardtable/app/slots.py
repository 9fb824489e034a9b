"""Save slots: one game in progress per game, so starting Palace never throws away a
Five Crowns game. Each game's autosave is its own file in the data folder
(``autosave-five_crowns.json`` …); the single ``autosave.json`` of earlier versions is
moved into its game's slot the first time the app starts.

Every slot file is checked whole when the app starts (``saves.load_autosave``): a
damaged one is moved aside with a message, or, where the folder cannot be written,
left untouched and never saved over (that slot is ``blocked``).
"""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass
from pathlib import Path

from ..engine import variants
from .saves import SavedGame, SaveSummary, load_autosave, summarize

log = logging.getLogger(__name__)

LEGACY_NAME = "autosave.json"
FINISHED = "last-finished-game.json"
"""The last game that ended, set aside (the history finds its result there if it was
stopped before writing it)."""


@dataclass
class Slot:
    game_id: str
    path: Path
    summary: SaveSummary | None = None
    """The saved game in words; ``None`` when the slot is empty."""
    blocked: bool = False
    """A damaged file stays at ``path`` (its folder cannot be written): never saved over."""
    mtime: float = 0.0


class SaveSlots:
    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.slots: dict[str, Slot] = {
            variant.id: Slot(variant.id, folder / f"autosave-{variant.id}.json")
            for variant in variants()}

    def path(self, game_id: str) -> Path:
        return self.slots[game_id].path

    def scan(self) -> tuple[list[SavedGame], list[str]]:
        """Check every slot (and an old single autosave): the games saved, and a
        message for each file that could not be used."""
        games: list[SavedGame] = []
        notes: list[str] = []
        self._adopt_legacy(notes)
        for slot in self.slots.values():
            result = load_autosave(slot.path)
            slot.blocked = result.kept
            if result.message:
                notes.append(result.message)
            if result.saved is not None and result.saved.game.over:
                self._set_aside(slot)   # stopped as it ended, before it was set aside
            elif result.saved is not None:
                games.append(result.saved)
                self.remember(result.saved)
        return games, notes

    def _set_aside(self, slot: Slot) -> None:
        """A game that ended is not continued: its save goes where the last game that
        ended is kept."""
        try:
            os.replace(slot.path, self.folder / FINISHED)
        except OSError as error:
            log.warning("could not set the finished game aside: %s", error)
            slot.blocked = True   # never offered, never saved over

    def _adopt_legacy(self, notes: list[str]) -> None:
        """An ``autosave.json`` from before slots becomes its game's slot (moved when the
        slot is free; a damaged one is reported and kept as before)."""
        legacy = self.folder / LEGACY_NAME
        try:
            if not legacy.exists():
                return
        except OSError:
            return
        result = load_autosave(legacy)
        if result.message:
            notes.append(result.message)
        if result.saved is None:
            return
        slot = self.slots.get(result.saved.game.game_id)
        if slot is None:
            return
        try:
            if not slot.path.exists():
                os.replace(legacy, slot.path)
                return
        except OSError as error:
            log.warning("could not move %s to %s: %s", legacy, slot.path, error)
            slot.path = legacy  # saved where it is: the folder cannot be written
            return
        log.warning("both %s and %s exist: the older single save is left", legacy, slot.path)

    def remember(self, saved: SavedGame) -> None:
        slot = self.slots[saved.game.game_id]
        slot.summary = summarize(saved.game, saved.human)
        slot.mtime = _mtime(slot.path)

    def saved(self) -> list[Slot]:
        """The slots holding a game, the most recently played first."""
        full = [slot for slot in self.slots.values()
                if slot.summary is not None and not slot.blocked and _exists(slot.path)]
        return sorted(full, key=lambda slot: slot.mtime, reverse=True)


def _exists(path: Path) -> bool:
    try:
        return path.exists()
    except OSError:
        return False


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0
