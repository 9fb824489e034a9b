"""The keyboard's grammar: one table of what each key means, the same in every game
and every question.

The README's controls table is checked against it (tests/test_input_grammar.py). A
question's answers follow it too: ``Y`` (or ``1``) calls or takes, ``N`` (or ``2``)
passes or declines, whatever the question (May I, buy, Shanghai!); a list of choices
(where a freed wild goes) is answered by its numbers, ``N`` or ``Esc`` cancels.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

import pygame


class Command(Enum):
    NEXT = "next place"
    PREVIOUS = "previous place"
    NEXT_TARGET = "next place for cards"
    PREVIOUS_TARGET = "previous place for cards"
    LEFT = "previous card in the hand"
    RIGHT = "next card in the hand"
    SELECT = "select the card (or press the focused button)"
    ACTIVATE = "use the focused place: put the selected cards there, draw, press"
    DRAW = "draw from the stock"
    TAKE = "take the discard pile's top card (Palace: take the stack)"
    SORT_SUIT = "sort by suit"
    SORT_RANK = "sort by rank"
    ARRANGE = "arrange for me"
    CLEAR = "clear the groups being built"
    GO_DOWN = "go down, lay the mission"
    TAKE_BACK = "take back this turn's plays"
    NEXT_GOAL = "next mission"
    YES = "call, take, buy (the question's first answer)"
    NO = "pass, decline, cancel"
    CHOOSE = "the answer (or card) with that number"
    HINT = "a hint"
    SCORES = "the score sheet"
    UNDO = "undo"
    CANCEL = "drop the selection, then the menu"


@dataclass(frozen=True)
class Binding:
    key: int
    command: Command
    label: str
    """How the README and the buttons write the key."""
    shift: bool = False
    ctrl: bool = False


KEYS: tuple[Binding, ...] = (
    Binding(pygame.K_TAB, Command.NEXT, "Tab"),
    Binding(pygame.K_TAB, Command.PREVIOUS, "Shift+Tab", shift=True),
    Binding(pygame.K_DOWN, Command.NEXT_TARGET, "\u2193"),
    Binding(pygame.K_UP, Command.PREVIOUS_TARGET, "\u2191"),
    Binding(pygame.K_LEFT, Command.LEFT, "\u2190"),
    Binding(pygame.K_RIGHT, Command.RIGHT, "\u2192"),
    Binding(pygame.K_SPACE, Command.SELECT, "Space"),
    Binding(pygame.K_RETURN, Command.ACTIVATE, "Enter"),
    Binding(pygame.K_KP_ENTER, Command.ACTIVATE, "Enter"),
    Binding(pygame.K_d, Command.DRAW, "D"),
    Binding(pygame.K_t, Command.TAKE, "T"),
    Binding(pygame.K_s, Command.SORT_SUIT, "S"),
    Binding(pygame.K_r, Command.SORT_RANK, "R"),
    Binding(pygame.K_a, Command.ARRANGE, "A"),
    Binding(pygame.K_c, Command.CLEAR, "C"),
    Binding(pygame.K_g, Command.GO_DOWN, "G"),
    Binding(pygame.K_b, Command.TAKE_BACK, "B"),
    Binding(pygame.K_m, Command.NEXT_GOAL, "M"),
    Binding(pygame.K_y, Command.YES, "Y"),
    Binding(pygame.K_n, Command.NO, "N"),
    *(Binding(pygame.K_1 + number, Command.CHOOSE, str(number + 1)) for number in range(9)),
    Binding(pygame.K_h, Command.HINT, "H"),
    Binding(pygame.K_o, Command.SCORES, "O"),
    Binding(pygame.K_z, Command.UNDO, "Ctrl+Z", ctrl=True),
    Binding(pygame.K_ESCAPE, Command.CANCEL, "Esc"),
)


def command_for(key: int, mod: int = 0) -> tuple[Command, int] | None:
    """The command a key press means, and its number (``CHOOSE``: 0 for ``1``)."""
    shift = bool(mod & pygame.KMOD_SHIFT)
    ctrl = bool(mod & (pygame.KMOD_CTRL | pygame.KMOD_META))
    for binding in KEYS:
        if binding.key == key and binding.ctrl == ctrl and (binding.shift == shift
                                                            or binding.key != pygame.K_TAB):
            number = key - pygame.K_1 if binding.command is Command.CHOOSE else 0
            return binding.command, number
    return None


def labels(command: Command) -> list[str]:
    """The keys that give a command, as written for a person."""
    return list(dict.fromkeys(b.label for b in KEYS if b.command is command))
