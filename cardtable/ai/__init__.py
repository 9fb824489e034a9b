"""cardtable.ai: computer players. Imports the engine only (never pygame, never the app).

A bot is ``choose(observation, rng, deadline, should_stop) -> Action``: it sees only its
seat's observation and must return a legal action. The worker runs bots on one
long-lived background thread so the window never waits for them.
"""

from ..engine.plugins import import_all
from .bots import PLAYER_LEVELS, Bot, BotError, bot_names, make_bot
from .worker import AIWorker, Result

import_all(__name__, __path__)  # each game's AI module registers its strategy

__all__ = ["PLAYER_LEVELS", "AIWorker", "Bot", "BotError", "Result", "bot_names", "make_bot"]
