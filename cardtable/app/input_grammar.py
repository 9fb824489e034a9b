"""The keyboard's grammar: one table of what each key means, the same in every game
and every question.

The README's controls table is checked against it (tests/test_input_grammar.py). A
question's answers follow it too: ``Y`` (or ``1``) calls or takes, ``N`` (or ``2``)
passes or declines, whatever the question (May I, buy, Shanghai!); a list of choices
(where a freed wild goes) is answered by its numbers, ``N`` or ``Esc`` cancels.
The replay reads the same table: ``←``/``→`` step a move there (as in any player of
recorded games), ``PgUp``/``PgDn`` a round, ``E`` shows every hand (``H`` is a hint
everywhere, never a view).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

import pygame

from ..i18n import N_, _


class Command(StrEnum):
    """What a key or a button asks the table for. Its value names the control in the
    screen model (``button/<value>``), so a button, a key and a test name one command, and
    a misspelt command fails mypy instead of a click at run time."""

    NEXT = "next"
    PREVIOUS = "previous"
    NEXT_TARGET = "next_target"
    PREVIOUS_TARGET = "previous_target"
    LEFT = "left"
    RIGHT = "right"
    SELECT = "select"
    ACTIVATE = "activate"
    DRAW = "draw"
    TAKE = "take"
    SORT_SUIT = "sort_suit"
    SORT_RANK = "sort_rank"
    ARRANGE = "arrange"
    CLEAR = "clear_groups"
    GO_DOWN = "go_down"
    COMMIT = "commit_selected"
    TAKE_BACK = "take_back"
    NEXT_GOAL = "next_mission"
    YES = "yes"
    NO = "no"
    CHOOSE = "choose"
    HINT = "hint"
    SCORES = "scores"
    UNDO = "undo"
    COPY = "copy"
    EVERY_HAND = "every_hand"
    NEXT_ROUND = "next_round"
    PREVIOUS_ROUND = "previous_round"
    FIRST = "first"
    LAST = "last"
    PAUSE = "pause"
    CANCEL = "cancel"


MEANINGS: dict[Command, str] = {
    Command.NEXT: N_("next place"),
    Command.PREVIOUS: N_("previous place"),
    Command.NEXT_TARGET: N_("next place for cards"),
    Command.PREVIOUS_TARGET: N_("previous place for cards"),
    Command.LEFT: N_("previous card in the hand (a replay: the previous move)"),
    Command.RIGHT: N_("next card in the hand (a replay: the next move)"),
    Command.SELECT: N_("select the card (or press the focused button)"),
    Command.ACTIVATE: N_("use the focused place: put the selected cards there, draw, press"),
    Command.DRAW: N_("draw from the stock"),
    Command.TAKE: N_("take the discard pile's top card (Palace: take the stack)"),
    Command.SORT_SUIT: N_("sort by suit"),
    Command.SORT_RANK: N_("sort by rank"),
    Command.ARRANGE: N_("arrange for me"),
    Command.CLEAR: N_("clear the groups being built"),
    Command.GO_DOWN: N_("go down, lay the mission"),
    Command.COMMIT: N_("discard the selected card, or go out with the groups built"),
    Command.TAKE_BACK: N_("take back this turn's plays"),
    Command.NEXT_GOAL: N_("next mission"),
    Command.YES: N_("call, take, buy (the question's first answer)"),
    Command.NO: N_("pass, decline, cancel"),
    Command.CHOOSE: N_("the answer (or card) with that number"),
    Command.HINT: N_("a hint"),
    Command.SCORES: N_("the score sheet"),
    Command.UNDO: N_("undo"),
    Command.COPY: N_("copy the deal code"),
    Command.EVERY_HAND: N_("a replay: every hand shown, or your view"),
    Command.NEXT_ROUND: N_("a replay: the next round (rules: the next page)"),
    Command.PREVIOUS_ROUND: N_("a replay: the previous round (rules: the previous page)"),
    Command.FIRST: N_("a replay: the first move"),
    Command.LAST: N_("a replay: the last move"),
    Command.PAUSE: N_("the menu"),
    Command.CANCEL: N_("drop the selection, then the menu"),
}
"""What each command means, as a person would say it (marked for the catalogue: see
``meaning``)."""


def meaning(command: Command) -> str:
    """What a command means, in the player's language."""
    return _(MEANINGS[command])


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
    Binding(pygame.K_c, Command.COPY, "Ctrl+C", ctrl=True),
    Binding(pygame.K_e, Command.EVERY_HAND, "E"),
    Binding(pygame.K_PAGEDOWN, Command.NEXT_ROUND, "PgDn"),
    Binding(pygame.K_PAGEUP, Command.PREVIOUS_ROUND, "PgUp"),
    Binding(pygame.K_HOME, Command.FIRST, "Home"),
    Binding(pygame.K_END, Command.LAST, "End"),
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
