#!/bin/sh
# Build the one-folder bundle: packaging/dist/cardtable/cardtable (run it; no Python
# needed on the player's machine). Uses a build environment of its own, so the
# project's own set-up is left as it is.
#   packaging/build.sh            build
#   packaging/build.sh --check    build, then run the bundle's self-test headless
set -eu
# The bundle is made of what is installed in the build environment: a PYTHONPATH (a
# checkout on it, as the project's tests set) would put the source tree in its place,
# where assets/ is not yet the package cardtable.assets.
unset PYTHONPATH
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
venv="$here/.build-venv"
start=$(date +%s)
if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
fi
"$venv/bin/python" -m pip install -q --upgrade pip
"$venv/bin/python" -m pip install -q "$root" "pyinstaller>=6.10"
cd "$here"
"$venv/bin/python" -m PyInstaller --noconfirm --clean --log-level WARN \
    --distpath "$here/dist" --workpath "$here/build" cardtable.spec
end=$(date +%s)
size=$(du -sh "$here/dist/cardtable" | cut -f1)
echo "built $here/dist/cardtable ($size) in $((end - start)) s"
if [ "${1:-}" = "--check" ]; then
    SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy "$here/dist/cardtable/cardtable" --self-test
fi
