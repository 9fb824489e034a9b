"""Cards and melds in words a person would say aloud ("seven of hearts"; "East's run,
five to eight of hearts, the joker stands for seven").

The screen model names its elements with these, for speech and for the tests. Plain
text from engine values: no pygame here.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..engine import Card, Meld, MeldKind, MeldRules
from ..engine.cards import Rank, Suit
from ..engine.melds import run_positions

RANK_WORDS = {
    Rank.ACE: "ace", Rank.TWO: "two", Rank.THREE: "three", Rank.FOUR: "four",
    Rank.FIVE: "five", Rank.SIX: "six", Rank.SEVEN: "seven", Rank.EIGHT: "eight",
    Rank.NINE: "nine", Rank.TEN: "ten", Rank.JACK: "jack", Rank.QUEEN: "queen",
    Rank.KING: "king",
}


def rank_word(value: int) -> str:
    """A rank by its number (14: the ace above the king)."""
    return RANK_WORDS[Rank(1 if value == 14 else value)]


def suit_word(suit: Suit) -> str:
    return suit.label


def card_name(card: Card) -> str:
    """"seven of hearts", "joker", "nine of stars"."""
    if card.suit is None:
        return "joker"
    return f"{RANK_WORDS[card.rank]} of {suit_word(card.suit)}"


def cards_name(cards: Sequence[Card]) -> str:
    """Several cards, listed: "seven of hearts, eight of hearts and joker"."""
    names = [card_name(card) for card in cards]
    if len(names) <= 1:
        return "".join(names) or "no cards"
    return ", ".join(names[:-1]) + " and " + names[-1]


def meld_words(meld: Meld, rules: MeldRules) -> str:
    """What a meld is, then what each wild stands for: "run, five to eight of hearts,
    the joker stands for seven"; "set of kings, the two stands for a king"."""
    wilds = [card for card in meld.cards if rules.is_wild(card)]
    naturals = [card for card in meld.cards if not rules.is_wild(card)]
    kind = rules.set_word if meld.kind is MeldKind.SET else meld.kind.value
    stands = _stands_for(meld, rules)
    if meld.kind is MeldKind.SET and naturals:
        head = f"{kind} of {naturals[0].rank.label}"
    elif meld.kind is MeldKind.RUN and stands is not None:
        suits = {card.suit for card in naturals if card.suit is not None}
        suit = f" of {suit_word(next(iter(suits)))}" if len(suits) == 1 else ""
        head = f"{kind}, {rank_word(stands[0])} to {rank_word(stands[-1])}{suit}"
    else:
        head = f"{kind}: {cards_name(meld.cards)}"
    notes = [wild_note(card, meld, rules, position)
             for position, card in enumerate(meld.cards) if card in wilds]
    return ", ".join([head, *(note for note in notes if note)])


def wild_note(card: Card, meld: Meld, rules: MeldRules, position: int) -> str:
    """"the joker stands for seven" (a run), "the two stands for a king" (a set)."""
    stands = _stands_for(meld, rules)
    naturals = [c for c in meld.cards if not rules.is_wild(c)]
    wild = "the joker" if card.suit is None else f"the {RANK_WORDS[card.rank]}"
    if meld.kind is MeldKind.SET and naturals:
        word = RANK_WORDS[naturals[0].rank]
        return f"{wild} stands for {'an' if word[0] in 'aeiou' else 'a'} {word}"
    if stands is not None and position < len(stands):
        return f"{wild} stands for {rank_word(stands[position])}"
    return f"{wild} is wild"


def _stands_for(meld: Meld, rules: MeldRules) -> tuple[int, ...] | None:
    if meld.kind is not MeldKind.RUN:
        return None
    return run_positions(meld.cards, rules)


_SUIT_WORDS = {suit.symbol: suit.label for suit in Suit}
_RANK_CODE_WORDS = {"A": "ace", "J": "jack", "Q": "queen", "K": "king", "10": "ten",
                    **{str(rank.value): RANK_WORDS[rank] for rank in Rank
                       if 2 <= rank.value <= 9}}
_CARD_TOKEN = re.compile(r"([(\[+]*)(?:(10|[2-9AJQK])([" + "".join(_SUIT_WORDS)
                         + r"])|(Joker))([,.;:!?)\]]*)")
_SYMBOLS = (("\u00b7", ","), ("\u2192", " to "), ("\u00b1", " plus or minus "),
            ("\u2212", "minus "), ("%", " percent"), ("\u2248", "about "),
            ("\u2026", "..."))


_LONE_SUIT = re.compile(r"(\w+)? ?([" + "".join(_SUIT_WORDS) + r"])")


def _lone_suit(match: re.Match[str]) -> str:
    """A suit symbol standing alone: its name, or nothing after its name ("hearts ♥")."""
    before, symbol = match.group(1) or "", match.group(2)
    word = _SUIT_WORDS[symbol]
    if before == word:
        return before
    return f"{before} {word}".strip() if before else word


def speakable(text: str) -> str:
    """A sentence written for the screen, in words a voice says right: cards written
    with suit symbols ("9♥", "10★") as names ("nine of hearts"), cards side by side
    listed with commas, and the symbols the table's texts use (·, →, ±, ≈, %) as
    words."""
    words: list[str] = []
    after_card = False
    for token in text.split():
        match = _CARD_TOKEN.fullmatch(token)
        if match is None:
            words.append(token)
            after_card = False
            continue
        opening, rank, suit, joker, closing = match.groups()
        name = "joker" if joker else f"{_RANK_CODE_WORDS[rank]} of {_SUIT_WORDS[suit]}"
        if after_card and not opening:
            words[-1] += ","
        words.append(opening + name + closing)
        after_card = not closing
    spoken = _LONE_SUIT.sub(_lone_suit, " ".join(words))
    for symbol, said in _SYMBOLS:
        spoken = spoken.replace(symbol, said)
    return " ".join(spoken.replace(" ,", ",").split())
