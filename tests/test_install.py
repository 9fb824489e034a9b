"""The app starts from a built wheel, not only from the source tree: a non-editable
install (``pip install .``, a wheel, pipx) must carry the font and find it in the
installed package."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import babel
import platformdirs
import pygame
import pytest

REPO = Path(__file__).resolve().parents[1]

START_TO_MENU = """
import cardtable
from cardtable.app.app import App
app = App(size=(1024, 640))
app.frame()
print(cardtable.__file__)
print(type(app.stack.top).__name__)
app.shutdown()
"""


def _run(*args: str | Path, **kwargs) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(a) for a in args], capture_output=True, text=True,
                          timeout=120, **kwargs)


@pytest.fixture(scope="module")
def wheel_build(tmp_path_factory) -> tuple[Path, str]:
    """A wheel of this checkout, built the way pip builds one for ``pip install .``. The
    build runs on a copy: setuptools' build/ folder in the checkout could hold files the
    sources no longer have, and the test should leave the checkout as it found it."""
    out = tmp_path_factory.mktemp("wheel")
    source = out / "source"
    shutil.copytree(REPO, source, ignore=shutil.ignore_patterns(
        ".*", "build", "dist", "*.egg-info", "__pycache__"))
    # Verbose, so that the build's own warnings are shown whatever pip's version.
    built = _run(sys.executable, "-m", "pip", "wheel", "-v", "--no-deps", "-w", out, source)
    assert built.returncode == 0, built.stderr
    (found,) = out.glob("cardtable-*.whl")
    return found, built.stdout + built.stderr


@pytest.fixture(scope="module")
def wheel(wheel_build) -> Path:
    return wheel_build[0]


def test_a_good_build_of_the_wheel_warns_of_nothing(wheel_build):
    """setuptools warns of every folder under a package that pyproject.toml does not
    list (the fonts, the rules pages): "package would be ignored", on a build that is
    good. A build that looks broken when it is not hides the day it is."""
    _, output = wheel_build
    warned = [line for line in output.splitlines() if "Warning:" in line]  # Python's
    assert warned == []


def test_the_wheel_holds_every_source_file_and_asset(wheel):
    """The package list in pyproject.toml is explicit (assets/ is mapped onto
    cardtable.assets), so a new subpackage or data file must not drop out of the wheel."""
    names = set(zipfile.ZipFile(wheel).namelist())
    sources = {p.relative_to(REPO).as_posix() for p in (REPO / "cardtable").rglob("*")
               if p.is_file() and "__pycache__" not in p.parts and not p.name.startswith(".")}
    assets = {"cardtable/" + p.relative_to(REPO).as_posix() for p in (REPO / "assets").rglob("*")
              if p.is_file() and p.name != "README.md" and "__pycache__" not in p.parts}
    assert "cardtable/assets/fonts/DejaVuSans.ttf" in assets
    assert (sources | assets) - names == set()


def test_an_installed_wheel_starts_to_the_menu(wheel, tmp_path):
    """Installed in a fresh venv that sees pygame-ce, platformdirs and Babel but not the
    checkout, the app opens headless on the menu."""
    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=False)
    python = env_dir / ("Scripts" if os.name == "nt" else "bin") / "python"
    # Without PYTHONPATH: a checkout on it (with the egg-info an editable install leaves
    # there) would tell pip the package is installed already, and it would skip the wheel.
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    installed = _run(sys.executable, "-m", "pip", "--python", python, "install", "-q",
                     "--no-deps", "--no-index", wheel, env=env)
    assert installed.returncode == 0, installed.stderr
    site = _run(python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])")
    # A folder named in a .pth file is only appended to sys.path: its own .pth files (the
    # editable install's finder among them) are not run, so the checkout stays invisible.
    deps = {str(Path(m.__file__).resolve().parents[1]) for m in (pygame, platformdirs, babel)}
    Path(site.stdout.strip(), "deps.pth").write_text("\n".join(sorted(deps)) + "\n")

    work = tmp_path / "elsewhere"
    work.mkdir()
    env |= {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
            "CARDTABLE_HOME": str(tmp_path / "home")}
    started = _run(python, "-c", START_TO_MENU, cwd=work, env=env)
    assert started.returncode == 0, started.stderr
    package_file, scene = started.stdout.splitlines()[-2:]
    assert Path(package_file).resolve().is_relative_to(env_dir.resolve())
    assert scene == "MenuScene"
