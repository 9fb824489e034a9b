"""Dependencies point one way: app → ai → engine. The engine is standard library only."""

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1] / "cardtable"
# Standard-library modules the engine may use: no threads, no files, no processes.
# importlib and pkgutil only find the games' modules (engine/plugins.py): import
# machinery, never a data file.
ENGINE_ALLOWED = {"__future__", "abc", "collections", "dataclasses", "enum", "functools",
                  "importlib", "itertools", "operator", "pkgutil", "random", "re", "string",
                  "types", "typing"}
AI_ALLOWED = ENGINE_ALLOWED | {"contextlib", "gc", "logging", "math", "queue", "sys",
                                "threading", "time", "traceback"}
# gc: the collector held off while a search runs (ai/collector.py).


def imports_of(package: str) -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for path in (ROOT / package).rglob("*.py"):
        names: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                names.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module.split(".")[0])
            elif isinstance(node, ast.ImportFrom) and node.level >= 2:
                names.add("cardtable." + (node.module or "").split(".")[0])
        found[path.name] = names
    return found


def test_importing_engine_and_ai_loads_no_pygame():
    code = ("import sys; import cardtable.engine; import cardtable.ai; "
            "print('pygame' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60)
    assert done.stdout.strip() == "False", done.stderr


def test_engine_uses_only_pure_standard_library_modules():
    for module, names in imports_of("engine").items():
        assert names <= ENGINE_ALLOWED, f"engine/{module} imports {names - ENGINE_ALLOWED}"


def test_ai_imports_only_the_engine_and_the_standard_library():
    for module, names in imports_of("ai").items():
        outside = {n for n in names if not n.startswith("cardtable.engine")} - AI_ALLOWED
        assert not outside, f"ai/{module} imports {outside}"
