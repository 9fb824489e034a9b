"""How AI seats take their turns: one recipe for the window, ``simulate`` and the tests.

Which seat is asked next, and the random generator its bot gets, depend only on the
game (its seed, the seat and the number of moves so far) and the bots' own secret, so a
deal number and a secret play out the same at the table, in ``cardtable simulate`` and
in a test, whether the bot runs on the worker thread or inline. The secret is the bots'
own (drawn from the OS at the table): without it a bot that tried seeds against its
generator could find the deal number, and with it the cards it cannot see.

Imports the engine only.
"""

from __future__ import annotations

import random
import time
from collections.abc import Collection, Mapping

from ..engine import Action, GameView, SomeGame
from ..engine.rng import derive
from .bots import Bot


def seat_to_ask(game: SomeGame, bot_seats: Collection[int]) -> int | None:
    """The seat whose bot must move now: the first awaited seat played by a bot (in
    seat order, so calls are asked in the engine's own priority), or None."""
    if game.over:
        return None
    return next((seat for seat in game.awaiting() if seat in bot_seats), None)


def new_secret() -> int:
    """A secret for the bots' generators from the OS: nothing in a game tells it."""
    return random.SystemRandom().getrandbits(64)


def bot_rng(game: SomeGame, seat: int, secret: int) -> random.Random:
    """The generator for ``seat``'s next decision: fixed by the bots' secret, the deal,
    the seat and the move number, and by nothing else (not the thread, not the time)."""
    return derive(secret, "bot", game.seed, seat, len(game.history))


def ask(bot: Bot[GameView], game: SomeGame, seat: int, secret: int,
        seconds: float = 10.0) -> Action:
    """Ask a bot inline for its move (headless play): its own view, its own generator."""
    return bot.choose(game.observe(seat), bot_rng(game, seat, secret), time.monotonic() + seconds,
                      lambda: False)


def play_turns(game: SomeGame, bots: Mapping[int, Bot[GameView]], limit: int, secret: int) -> int:
    """Let bots play every awaited seat until the game ends, a seat without a bot is
    awaited, or ``limit`` moves were made; returns the moves made. Raises the engine's
    IllegalActionError if a bot chooses an illegal move."""
    made = 0
    while made < limit:
        seat = seat_to_ask(game, bots)
        if seat is None:
            break
        game.apply(seat, ask(bots[seat], game, seat, secret))
        made += 1
    return made
