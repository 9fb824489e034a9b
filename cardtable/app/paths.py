"""Where the app keeps its files: platformdirs' user data and config folders.

``CARDTABLE_HOME`` overrides both (tests and portable installs point it at a folder).
"""

from __future__ import annotations

import atexit
import contextlib
import functools
import os
from importlib import resources
from pathlib import Path

import platformdirs

APP_NAME = "cardtable"


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
    """DejaVu Sans, for the suit symbols the default font lacks."""
    return asset_path("fonts", "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")


_EXTRACTED = contextlib.ExitStack()
atexit.register(_EXTRACTED.close)


@functools.cache
def asset_path(*parts: str) -> Path:
    """A file from assets/ as a real path, since pygame opens files by name. assets/ is
    installed as the package ``cardtable.assets``, so it is found in a wheel or pipx
    install too, not only beside the source; a checkout run without installing
    (``PYTHONPATH=.``) has no such package and reads the folder itself. A zipped install
    gets a copy that lasts until exit."""
    try:
        root = resources.files("cardtable.assets")
    except ModuleNotFoundError:
        root = Path(__file__).resolve().parents[2] / "assets"
    return _EXTRACTED.enter_context(resources.as_file(root.joinpath(*parts)))
