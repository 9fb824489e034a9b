"""Where the app keeps its files: platformdirs' user data and config folders.

``CARDTABLE_HOME`` overrides both (tests and portable installs point it at a folder).
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP_NAME = "cardtable"
ASSETS = Path(__file__).resolve().parents[2] / "assets"


def data_dir() -> Path:
    home = os.environ.get("CARDTABLE_HOME")
    path = Path(home) / "data" if home else Path(platformdirs.user_data_dir(APP_NAME, False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def config_dir() -> Path:
    home = os.environ.get("CARDTABLE_HOME")
    path = Path(home) / "config" if home else Path(platformdirs.user_config_dir(APP_NAME, False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def font_path(bold: bool = False) -> Path:
    return ASSETS / "fonts" / ("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")
