"""The status keys: one key each for what a player glances at on the table, the same key
in every game where it applies, answered in words (for speech, and for anyone who asks).

Each table answers the ones its game has (``Scene.spoken_status``: ``rummy_status`` and
``palace_status``); the words shared by every game are here: a hand grouped by suit or by
rank with its wilds named apart, the buttons that can be pressed now with their keys, and
the cards left at each seat. No pygame here but the key codes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from enum import Enum

import pygame

from ..engine import Card
from ..engine.cards import Rank, Suit
from ..i18n import N_, _, ngettext
from .input_grammar import Command, labels
from .model import Control, Element, Role
from .spoken import card_name, listed, listed_or, rank_count, rank_words, suit_word


class Status(Enum):
    """What a status key asks, as a person would ask it."""

    HAND = N_("my hand, by suit")
    HAND_BY_RANK = N_("my hand, by rank")
    PILE = N_("the discard pile or the stack")
    TABLE = N_("the melds (Palace: the reserves) on the table")
    TURN = N_("whose turn it is and what they are doing")
    GOAL = N_("the round's contract, or my mission sheet")
    SCORES = N_("the scores")
    CARDS_LEFT = N_("cards left at each seat")
    CAN_DO = N_("what I may do now")

    @property
    def words(self) -> str:
        """What the key asks, in the player's language."""
        return _(self.value)


STATUS_KEYS: dict[tuple[int, bool], Status] = {
    (pygame.K_F3, False): Status.HAND,
    (pygame.K_F3, True): Status.HAND_BY_RANK,
    (pygame.K_F4, False): Status.PILE,
    (pygame.K_F5, False): Status.TABLE,
    (pygame.K_F6, False): Status.TURN,
    (pygame.K_F7, False): Status.GOAL,
    (pygame.K_F8, False): Status.SCORES,
    (pygame.K_F9, False): Status.CARDS_LEFT,
    (pygame.K_F10, False): Status.CAN_DO,
}
"""Key (and Shift) to status: F2 is speech itself, F11 the full screen."""
KEY_NAMES = {pygame.K_F3: "F3", pygame.K_F4: "F4", pygame.K_F5: "F5", pygame.K_F6: "F6",
             pygame.K_F7: "F7", pygame.K_F8: "F8", pygame.K_F9: "F9", pygame.K_F10: "F10"}

SUIT_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS, Suit.STARS)


def status_for(key: int, shift: bool) -> Status | None:
    return STATUS_KEYS.get((key, shift))


def status_keys_words() -> str:
    """Every status key, said: for the help and the README."""
    return "; ".join(_("{key}: {asks}").format(
        key=("Shift+" if shift else "") + KEY_NAMES[key], asks=status.words)
        for (key, shift), status in STATUS_KEYS.items())


def hand_words(cards: Sequence[Card], is_wild: Callable[[Card], bool], by_rank: bool,
               selected: Iterable[Card] = ()) -> str:
    """A hand as a player would read it out: grouped by suit ("hearts: five, king") or by
    rank ("two kings: hearts and spades"), its wilds named apart, and what is selected."""
    if not cards:
        return _("Your hand is empty.")
    wilds = [card for card in cards if is_wild(card)]
    natural = [card for card in cards if not is_wild(card)]
    parts = _by_rank(natural) if by_rank else _by_suit(natural)
    if wilds:
        parts.append(ngettext("wild: {cards}", "wilds: {cards}", len(wilds)).format(
            cards=listed([card_name(card) for card in wilds])))
    said = ngettext("Your hand, {count} card. {parts}.", "Your hand, {count} cards. {parts}.",
                    len(cards)).format(count=len(cards), parts="; ".join(parts))
    chosen = [card_name(card) for card in selected]
    if chosen:
        said += " " + _("Selected: {cards}.").format(cards=listed(chosen))
    return said


def _by_suit(cards: Sequence[Card]) -> list[str]:
    parts = []
    for suit in SUIT_ORDER:
        ranks = sorted(card.rank.value for card in cards if card.suit is suit)
        if ranks:
            words = rank_words()
            # Translators: one suit of a hand said aloud: "hearts: five, king"
            parts.append(_("{suit}: {ranks}").format(
                suit=suit_word(suit), ranks=", ".join(words[Rank(r)] for r in ranks)))
    jokers = [card for card in cards if card.suit is None]
    if jokers:
        parts.append(rank_count(Rank.JOKER, len(jokers)))
    return parts


def _by_rank(cards: Sequence[Card]) -> list[str]:
    parts = []
    for rank in sorted({card.rank for card in cards if card.suit is not None},
                       key=lambda r: r.value):
        held = [card for card in cards if card.rank is rank and card.suit]
        if len(held) == 1:
            parts.append(card_name(held[0]))
        else:
            suits = [suit_word(card.suit) for card in held if card.suit]
            # Translators: one rank of a hand said aloud: "2 kings: hearts and spades"
            parts.append(_("{ranks}: {suits}").format(ranks=rank_count(rank, len(suits)),
                                                      suits=listed(suits)))
    jokers = [card for card in cards if card.suit is None]
    if jokers:
        parts.append(rank_count(Rank.JOKER, len(jokers)))
    return parts


def can_do_words(prompt: str, elements: Iterable[Element]) -> str:
    """The table's prompt, then each button that can be pressed now with its key."""
    buttons = []
    for element in elements:
        if element.role is not Role.BUTTON or not element.enabled \
                or not isinstance(element.ref, Control):
            continue
        command = element.ref.command
        name = element.name.split(",")[0]
        keys = labels(command) if isinstance(command, Command) else []
        if command is Command.PAUSE:
            keys = labels(Command.CANCEL)  # Esc: the menu, once nothing is selected
        # Translators: a button and its keys: "Draw, D"
        buttons.append(_("{button}, {keys}").format(button=name, keys=listed_or(keys))
                       if keys else name)
    said = prompt.rstrip(".") + "."
    if buttons:
        said += " " + _("Buttons: {buttons}.").format(buttons="; ".join(buttons))
    return said


def cards_left_words(names: Sequence[str], counts: Sequence[str]) -> str:
    """Each seat and what it holds ("West: 9 cards")."""
    return "; ".join(f"{name}: {count}" for name, count in zip(names, counts)) + "."
