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

from ..i18n import _

APP_NAME = "cardtable"


def data_dir() -> Path:
    """The folder of saved games. Not created here: it is made by the first write, so
    a folder the app may not create never stops it from starting."""
    home = os.environ.get("CARDTABLE_HOME")
    return Path(home) / "data" if home else Path(platformdirs.user_data_dir(APP_NAME, False))


def config_dir() -> Path:
    """The folder of the settings file; made by the first write, like :func:`data_dir`."""
    home = os.environ.get("CARDTABLE_HOME")
    return Path(home) / "config" if home else Path(platformdirs.user_config_dir(APP_NAME, False))


def home_problem() -> str | None:
    """Why ``CARDTABLE_HOME`` cannot hold the app's folders, or ``None``. A missing
    folder is fine (it is made when first needed); a file in its place is not."""
    home = os.environ.get("CARDTABLE_HOME")
    if home is None:
        return None
    if not home.strip():
        return _("CARDTABLE_HOME is set but empty; point it at a folder or unset it")
    path = Path(home)
    for part in (path / "data", path / "config", path, *path.parents):
        if part.exists():  # the nearest existing folder on the way must be a folder
            if not part.is_dir():
                return _("CARDTABLE_HOME: {path} is a file, not a folder").format(path=part)
            if part in (path, *path.parents):
                break
    return None


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
    for part in parts:  # one part at a time: a namespace package's path takes only one
        root = root.joinpath(part)
    return _EXTRACTED.enter_context(resources.as_file(root))
