"""Finding the games: every module of a package is imported, and a game's module
registers what it adds (its rules here, its strategy in the AI, its table in the app).
So adding a game means adding modules, never editing a list.

Standard library only.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterable


def import_all(package: str, path: Iterable[str], prefix: str = "") -> None:
    """Import every module of ``package`` (whose name starts with ``prefix``)."""
    for module in pkgutil.iter_modules(path):
        if module.name.startswith(prefix) and not module.name.startswith("_"):
            importlib.import_module(f"{package}.{module.name}")
