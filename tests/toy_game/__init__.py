"""Match, a sixth game that exists only for the tests: proof that a game plugs in by
registering its own modules, with no shared file edited (docs/ADDING_A_GAME.md).

``rules`` is its engine module (the variant, its state, view and options), ``bot`` its
Normal strategy, ``table`` its table (the shared rummy table, described) with its in-app
rules page ``rules_page.txt``; ``RULES.md`` beside them is its rules file. Nothing here is imported
by the app: tests/registries.py registers it for one test and takes it away after.
"""

MODULES = ("toy_game.rules", "toy_game.bot", "toy_game.table")
"""Its modules, in the order a game's layers load (engine, AI, app)."""
