"""No ``Any`` across a layer boundary: the app and the AI are checked by mypy against each
game's real state and view types, so a renamed field breaks CI, not the window.

The test counts ``Any`` (and parameters left without a type, which are ``Any`` too) where
one module meets another: in the signatures of public functions and methods and in the
fields of public classes of ``cardtable/app`` and ``cardtable/ai``, and in the engine's
public API that the other layers program against (``Game``, ``Variant`` and its registry).
It prints the counts (``pytest -s``) and fails when one rises above its ceiling.

JSON-shaped data (records, saves, history rows) is data, not a boundary: it travels as
``JSONObject`` (``engine/codec.py``), whose definition is the one place its ``Any`` is
written, and is not counted. ``# type: ignore`` comments are counted too: none may be
added.
"""

from __future__ import annotations

import ast
import io
import tokenize
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "cardtable"
LAYERS = ("app", "ai", "engine")
ENGINE_API = ("game.py", "variant.py")
"""The engine modules whose public names the app and the AI type against."""
DATA_ALIASES = frozenset({"JSONObject", "JSONValue"})
"""Names of JSON-shaped data whose definition may say ``Any`` (see the module doc)."""

CEILING = {"app": 0, "ai": 0, "engine": 0}
"""Most ``Any`` allowed at the boundaries of each layer: the goal, reached, is none."""
TYPE_IGNORE_CEILING = 1
"""``# type: ignore`` comments in cardtable/ (12 when this test was written; none may be added)."""


@dataclass
class Counts:
    boundary: int = 0
    total: int = 0


def _anys(node: ast.AST | None) -> int:
    """``Any`` written in an annotation or type expression (string annotations parsed)."""
    if node is None:
        return 0
    found = 0
    for sub in ast.walk(node):
        if isinstance(sub, ast.Name) and sub.id == "Any":
            found += 1
        elif isinstance(sub, ast.Attribute) and sub.attr == "Any":
            found += 1
        elif isinstance(sub, ast.Constant) and isinstance(sub.value, str) \
                and "Any" in sub.value:
            try:
                found += _anys(ast.parse(sub.value, mode="eval"))
            except SyntaxError:
                pass  # a docstring or a plain string, not an annotation
    return found


def _signature(function: ast.FunctionDef | ast.AsyncFunctionDef, method: bool) -> int:
    args = function.args
    params = [*args.posonlyargs, *args.args, *args.kwonlyargs]
    if method and params and not any(isinstance(d, ast.Name) and d.id == "staticmethod"
                                      for d in function.decorator_list):
        params = params[1:]  # self, cls
    count = sum(_anys(p.annotation) if p.annotation is not None else 1 for p in params)
    for star in (args.vararg, args.kwarg):
        if star is not None:
            count += _anys(star.annotation) if star.annotation is not None else 1
    return count + _anys(function.returns)


def _public(name: str) -> bool:
    return not name.startswith("_") or name == "__init__"


def _boundary(tree: ast.Module) -> int:
    count = 0
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and _public(node.name):
            count += _signature(node, method=False)
        elif isinstance(node, ast.ClassDef) and _public(node.name):
            for member in node.body:
                if isinstance(member, (ast.FunctionDef, ast.AsyncFunctionDef)) \
                        and _public(member.name):
                    count += _signature(member, method=True)
                elif isinstance(member, ast.AnnAssign) and isinstance(member.target, ast.Name) \
                        and _public(member.target.id):
                    count += _anys(member.annotation)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) \
                and _public(node.target.id):
            count += _anys(node.annotation)
        elif isinstance(node, ast.Assign) and len(node.targets) == 1 \
                and isinstance(node.targets[0], ast.Name) \
                and _public(node.targets[0].id) and node.targets[0].id not in DATA_ALIASES:
            count += _anys(node.value)  # a public type alias
    return count


def _total(tree: ast.Module) -> int:
    return _anys(tree)


def count_anys() -> dict[str, Counts]:
    counts = {layer: Counts() for layer in LAYERS}
    for layer in LAYERS:
        for path in sorted((ROOT / layer).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            counts[layer].total += _total(tree)
            if layer != "engine" or path.name in ENGINE_API:
                counts[layer].boundary += _boundary(tree)
    return counts


def count_type_ignores() -> int:
    found = 0
    for path in ROOT.rglob("*.py"):
        source = path.read_text(encoding="utf-8")
        if "type: ignore" not in source:
            continue
        for token in tokenize.generate_tokens(io.StringIO(source).readline):
            if token.type == tokenize.COMMENT and "type: ignore" in token.string:
                found += 1
    return found


def test_no_any_crosses_a_layer_boundary() -> None:
    counts = count_anys()
    for layer, count in counts.items():
        print(f"Any in {layer}: {count.boundary} at boundaries, {count.total} in all")
    over = {layer: count.boundary for layer, count in counts.items()
            if count.boundary > CEILING[layer]}
    assert not over, f"Any at layer boundaries above the ceiling {CEILING}: {over}"


def test_no_new_type_ignore() -> None:
    found = count_type_ignores()
    print(f"type: ignore comments in cardtable/: {found}")
    assert found <= TYPE_IGNORE_CEILING


def test_the_counter_sees_any_in_a_public_signature_and_a_field() -> None:
    tree = ast.parse("from typing import Any\n"
                     "def f(view: Any, n: int, raw) -> 'Any': ...\n"
                     "def _private(view: Any) -> Any: ...\n"
                     "class C:\n    view: Any\n    def m(self, x: list[Any]) -> None: ...\n"
                     "Alias = dict[str, Any]\nJSONObject = dict[str, Any]\n")
    assert _boundary(tree) == 6  # view, raw (untyped), 'Any', C.view, x, Alias
    assert _total(tree) == 8


def test_each_game_registers_the_view_type_its_game_observes() -> None:
    """The seams where a game found by its id meets a view held as any game's check the
    view's type: each game's table, strategies and explainer take the view its own game
    gives (a registration naming another view type fails here, not in a player's game)."""
    import random

    from cardtable.ai.explain import explain
    from cardtable.ai.strategies import LEVELS, new_strategies
    from cardtable.app.tables import playable, table_for
    from cardtable.engine import Game, catalog

    for info in catalog():
        game, _ = Game.new(info.id, min(info.seat_counts), 1)
        view = game.observe(game.awaiting()[0])
        if playable(info.id):
            assert table_for(info.id).description.headline(view)
        for level in LEVELS:
            action = new_strategies(level)[info.id].play(view, random.Random(1))
            assert action in view.legal
            assert explain(view, action)


def test_a_view_of_another_game_is_refused_at_the_seam() -> None:
    """Handed another game's view, a game's own code says so at once (WrongGameError),
    instead of failing deep inside on a field that view lacks."""
    import random

    import pytest

    from cardtable.ai.strategies import new_strategies
    from cardtable.app.session import Session, default_seats
    from cardtable.app.tables import table_for
    from cardtable.engine import Game
    from cardtable.engine.variant import WrongGameError

    palace, _ = Game.new("palace", 2, 1)
    view = palace.observe(0)
    with pytest.raises(WrongGameError):
        table_for("five_crowns").description.headline(view)
    with pytest.raises(WrongGameError):
        new_strategies()["five_crowns"].play(view, random.Random(1))
    session = Session(palace, default_seats(1, "normal"))
    with pytest.raises(WrongGameError):
        table_for("five_crowns").scene(None, session)  # the app is not reached
