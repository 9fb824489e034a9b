"""Cards and melds in words a person would say aloud ("seven of hearts"; "East's run,
five to eight of hearts, the joker stands for seven"), in the player's language.

The screen model names its elements with these, for speech and for the tests. Plain
text from engine values: no pygame here. The words are looked up each time they are
said (not kept in tables made at import), so a change of language is heard at once.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from ..engine import Card, Meld, MeldKind, MeldRules
from ..engine.cards import Rank, Suit
from ..engine.melds import run_positions
from ..i18n import _, language, ngettext, pgettext, rank_code, suit_name

RANKS = (Rank.ACE, Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE, Rank.SIX, Rank.SEVEN,
         Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING)


def rank_words() -> dict[Rank, str]:
    """Each rank as a word ("seven"), in the language in use."""
    return {
        Rank.ACE: pgettext("rank", "ace"), Rank.TWO: pgettext("rank", "two"),
        Rank.THREE: pgettext("rank", "three"), Rank.FOUR: pgettext("rank", "four"),
        Rank.FIVE: pgettext("rank", "five"), Rank.SIX: pgettext("rank", "six"),
        Rank.SEVEN: pgettext("rank", "seven"), Rank.EIGHT: pgettext("rank", "eight"),
        Rank.NINE: pgettext("rank", "nine"), Rank.TEN: pgettext("rank", "ten"),
        Rank.JACK: pgettext("rank", "jack"), Rank.QUEEN: pgettext("rank", "queen"),
        Rank.KING: pgettext("rank", "king"),
    }


def rank_plural(rank: Rank) -> str:
    """A rank as a set of it is named ("sevens": "set of sevens")."""
    words = {
        Rank.JOKER: pgettext("ranks", "jokers"),
        Rank.ACE: pgettext("ranks", "aces"), Rank.TWO: pgettext("ranks", "twos"),
        Rank.THREE: pgettext("ranks", "threes"), Rank.FOUR: pgettext("ranks", "fours"),
        Rank.FIVE: pgettext("ranks", "fives"), Rank.SIX: pgettext("ranks", "sixes"),
        Rank.SEVEN: pgettext("ranks", "sevens"), Rank.EIGHT: pgettext("ranks", "eights"),
        Rank.NINE: pgettext("ranks", "nines"), Rank.TEN: pgettext("ranks", "tens"),
        Rank.JACK: pgettext("ranks", "jacks"), Rank.QUEEN: pgettext("ranks", "queens"),
        Rank.KING: pgettext("ranks", "kings"),
    }
    return words[rank]


def rank_count(rank: Rank, count: int) -> str:
    """So many cards of a rank ("2 kings")."""
    forms = {
        Rank.JOKER: ngettext("{count} joker", "{count} jokers", count),
        Rank.ACE: ngettext("{count} ace", "{count} aces", count),
        Rank.TWO: ngettext("{count} two", "{count} twos", count),
        Rank.THREE: ngettext("{count} three", "{count} threes", count),
        Rank.FOUR: ngettext("{count} four", "{count} fours", count),
        Rank.FIVE: ngettext("{count} five", "{count} fives", count),
        Rank.SIX: ngettext("{count} six", "{count} sixes", count),
        Rank.SEVEN: ngettext("{count} seven", "{count} sevens", count),
        Rank.EIGHT: ngettext("{count} eight", "{count} eights", count),
        Rank.NINE: ngettext("{count} nine", "{count} nines", count),
        Rank.TEN: ngettext("{count} ten", "{count} tens", count),
        Rank.JACK: ngettext("{count} jack", "{count} jacks", count),
        Rank.QUEEN: ngettext("{count} queen", "{count} queens", count),
        Rank.KING: ngettext("{count} king", "{count} kings", count),
    }
    return forms[rank].format(count=count)


def _rank_with_article(rank: Rank) -> str:
    """A rank a wild stands for in a set ("a king", "an ace")."""
    words = {
        Rank.ACE: pgettext("a rank, with its article", "an ace"),
        Rank.TWO: pgettext("a rank, with its article", "a two"),
        Rank.THREE: pgettext("a rank, with its article", "a three"),
        Rank.FOUR: pgettext("a rank, with its article", "a four"),
        Rank.FIVE: pgettext("a rank, with its article", "a five"),
        Rank.SIX: pgettext("a rank, with its article", "a six"),
        Rank.SEVEN: pgettext("a rank, with its article", "a seven"),
        Rank.EIGHT: pgettext("a rank, with its article", "an eight"),
        Rank.NINE: pgettext("a rank, with its article", "a nine"),
        Rank.TEN: pgettext("a rank, with its article", "a ten"),
        Rank.JACK: pgettext("a rank, with its article", "a jack"),
        Rank.QUEEN: pgettext("a rank, with its article", "a queen"),
        Rank.KING: pgettext("a rank, with its article", "a king"),
    }
    return words[rank]


def rank_word(value: int) -> str:
    """A rank by its number (14: the ace above the king)."""
    return rank_words()[Rank(1 if value == 14 else value)]


def suit_word(suit: Suit) -> str:
    return suit_name(suit)


def joker_word() -> str:
    return pgettext("card", "joker")


def card_name(card: Card) -> str:
    """"seven of hearts", "joker", "nine of stars"."""
    if card.suit is None:
        return joker_word()
    # One message a suit, so a language can join rank and suit as it says them
    # ("sept de cœur", "neuf d'étoiles", "Herz Sieben").
    named = {
        # Translators: a card said aloud: "seven of spades" ({rank} is a word)
        Suit.SPADES: _("{rank} of spades"),
        # Translators: a card said aloud: "seven of hearts" ({rank} is a word)
        Suit.HEARTS: _("{rank} of hearts"),
        # Translators: a card said aloud: "seven of diamonds" ({rank} is a word)
        Suit.DIAMONDS: _("{rank} of diamonds"),
        # Translators: a card said aloud: "seven of clubs" ({rank} is a word)
        Suit.CLUBS: _("{rank} of clubs"),
        # Translators: a card said aloud (Five Crowns' fifth suit): "nine of stars"
        Suit.STARS: _("{rank} of stars"),
    }
    return named[card.suit].format(rank=rank_words()[card.rank])


def listed(words: Sequence[str]) -> str:
    """Words as a sentence lists them: "East", "East and South", "East, South and
    West"."""
    if len(words) <= 1:
        return "".join(words)
    # Translators: the end of a list: "East, South and West" ({first}: "East, South")
    first = pgettext("list separator", ", ").join(words[:-1])
    return _("{first} and {last}").format(first=first, last=words[-1])


def listed_or(words: Sequence[str]) -> str:
    """Alternatives, listed: "Tab or Shift+Tab", "1 or 2 or 3"."""
    said = "".join(words[:1])
    for word in words[1:]:
        # Translators: alternatives (keys): "Enter or Space"
        said = _("{first} or {last}").format(first=said, last=word)
    return said


def cards_name(cards: Sequence[Card]) -> str:
    """Several cards, listed: "seven of hearts, eight of hearts and joker"."""
    names = [card_name(card) for card in cards]
    if not names:
        return _("no cards")
    return listed(names)


def meld_kind_word(meld: Meld, rules: MeldRules) -> str:
    """What a meld is called in the game ("set", "book", "run"…)."""
    word = rules.set_word if meld.kind is MeldKind.SET else meld.kind.value
    words = {
        "set": pgettext("meld", "set"), "book": pgettext("meld", "book"),
        "run": pgettext("meld", "run"), "double run": pgettext("meld", "double run"),
        "suit group": pgettext("meld", "suit group"),
        "even group": pgettext("meld", "even group"),
        "odd group": pgettext("meld", "odd group"),
    }
    return words.get(word, word)


def meld_words(meld: Meld, rules: MeldRules) -> str:
    """What a meld is, then what each wild stands for: "run, five to eight of hearts,
    the joker stands for seven"; "set of kings, the two stands for a king"."""
    wilds = [card for card in meld.cards if rules.is_wild(card)]
    naturals = [card for card in meld.cards if not rules.is_wild(card)]
    kind = meld_kind_word(meld, rules)
    stands = _stands_for(meld, rules)
    if meld.kind is MeldKind.SET and naturals:
        # Translators: a meld said aloud: "set of kings" ({meld}: set, book…)
        head = _("{meld} of {ranks}").format(meld=kind, ranks=rank_plural(naturals[0].rank))
    elif meld.kind is MeldKind.RUN and stands is not None:
        suits = {card.suit for card in naturals if card.suit is not None}
        low, high = rank_word(stands[0]), rank_word(stands[-1])
        if len(suits) == 1:
            # Translators: a run said aloud: "run, five to eight of hearts"
            head = _("{meld}, {low} to {high} of {suit}").format(
                meld=kind, low=low, high=high, suit=suit_word(next(iter(suits))))
        else:
            # Translators: a run said aloud: "run, five to eight"
            head = _("{meld}, {low} to {high}").format(meld=kind, low=low, high=high)
    else:
        # Translators: a meld said aloud by its cards: "suit group: two of hearts, …"
        head = _("{meld}: {cards}").format(meld=kind, cards=cards_name(meld.cards))
    notes = [wild_note(card, meld, rules, position)
             for position, card in enumerate(meld.cards) if card in wilds]
    return pgettext("list separator", ", ").join([head, *(note for note in notes if note)])


def wild_role(card: Card, meld: Meld, rules: MeldRules, position: int) -> str:
    """What a wild does in its meld, after the card has been named: "stands for seven",
    "stands for a king", "is wild" (the wild's place in a meld's spoken name)."""
    stands = _stands_for(meld, rules)
    naturals = [c for c in meld.cards if not rules.is_wild(c)]
    if meld.kind is MeldKind.SET and naturals:
        # Translators: said after a wild card's name: "J♠ in your set: stands for a king"
        return _("stands for {a_rank}").format(a_rank=_rank_with_article(naturals[0].rank))
    if stands is not None and position < len(stands):
        # Translators: said after a wild card's name: "2♠ in your run: stands for seven"
        return _("stands for {rank}").format(rank=rank_word(stands[position]))
    # Translators: said after a wild card's name whose place is not known yet
    return _("is wild")


def is_wild_note(part: str) -> bool:
    """Whether a part of a spoken name says what a wild stands for (``wild_note``'s
    sentences, in the language in use): brief speech leaves it out."""
    return _wild_notes(language()).fullmatch(part) is not None


@lru_cache(maxsize=8)
def _wild_notes(code: str) -> re.Pattern[str]:
    """``wild_note``'s sentences in the language ``code`` (the one in use) as one
    pattern, their values as any words: made once a language."""
    notes = (_("the joker stands for {a_rank}"), _("the {wild} stands for {a_rank}"),
             _("the joker stands for {rank}"), _("the {wild} stands for {rank}"),
             _("the joker is wild"), _("the {wild} is wild"))
    return re.compile("|".join(re.sub(r"\\\{\w+\\\}", ".+", re.escape(note)) for note in notes))


def wild_note(card: Card, meld: Meld, rules: MeldRules, position: int) -> str:
    """"the joker stands for seven" (a run), "the two stands for a king" (a set)."""
    stands = _stands_for(meld, rules)
    naturals = [c for c in meld.cards if not rules.is_wild(c)]
    joker = card.suit is None
    wild = "" if joker else rank_words()[card.rank]
    if meld.kind is MeldKind.SET and naturals:
        rank = _rank_with_article(naturals[0].rank)
        if joker:
            # Translators: a joker in a set: "the joker stands for a king"
            return _("the joker stands for {a_rank}").format(a_rank=rank)
        # Translators: a wild card in a set: "the two stands for a king"
        return _("the {wild} stands for {a_rank}").format(wild=wild, a_rank=rank)
    if stands is not None and position < len(stands):
        rank = rank_word(stands[position])
        if joker:
            # Translators: a joker in a run: "the joker stands for seven"
            return _("the joker stands for {rank}").format(rank=rank)
        # Translators: a wild card in a run: "the two stands for seven"
        return _("the {wild} stands for {rank}").format(wild=wild, rank=rank)
    if joker:
        return _("the joker is wild")
    # Translators: a wild card whose place is not known: "the two is wild"
    return _("the {wild} is wild").format(wild=wild)


def _stands_for(meld: Meld, rules: MeldRules) -> tuple[int, ...] | None:
    if meld.kind is not MeldKind.RUN:
        return None
    return run_positions(meld.cards, rules)


_SUIT_SYMBOLS = "".join(suit.symbol for suit in Suit)
_LONE_SUIT = re.compile(r"(\w+)? ?([" + _SUIT_SYMBOLS + r"])")


def _card_token() -> re.Pattern[str]:
    """A card as the screen writes it in the language in use ("9♥", "B♠", "Joker"),
    with the brackets and punctuation around it."""
    codes = sorted({rank_code(rank) for rank in RANKS}, key=len, reverse=True)
    ranks = "|".join(re.escape(code) for code in codes)
    return re.compile(r"([(\[+]*)(?:(" + ranks + r")([" + _SUIT_SYMBOLS + r"])|("
                      + re.escape(_("Joker")) + r"))([,.;:!?)\]]*)")


def _symbols() -> tuple[tuple[str, str], ...]:
    """The symbols the table's texts use, as words."""
    # Translators: words said for symbols in a sentence (→ ± − % ≈): keep the spaces
    return (("\u00b7", ","), ("\u2192", _(" to ")), ("\u00b1", _(" plus or minus ")),
            ("\u2212", _("minus ")), ("%", _(" percent")), ("\u2248", _("about ")),
            ("\u2026", "..."))


def speakable(text: str) -> str:
    """A sentence written for the screen, in words a voice says right: cards written
    with suit symbols ("9♥", "10★") as names ("nine of hearts"), cards side by side
    listed with commas, and the symbols the table's texts use (·, →, ±, ≈, %) as
    words."""
    by_code = {rank_code(rank): rank for rank in RANKS}
    by_symbol = {suit.symbol: suit for suit in Suit}
    token = _card_token()
    words: list[str] = []
    after_card = False
    for word in text.split():
        match = token.fullmatch(word)
        if match is None:
            words.append(word)
            after_card = False
            continue
        opening, rank, suit, joker, closing = match.groups()
        name = joker_word() if joker else card_name(Card(by_code[rank], by_symbol[suit]))
        if after_card and not opening:
            words[-1] += ","
        words.append(opening + name + closing)
        after_card = not closing

    def lone_suit(match: re.Match[str]) -> str:
        """A suit symbol standing alone: its name, or nothing after its name ("hearts ♥")."""
        before, symbol = match.group(1) or "", match.group(2)
        name = suit_word(by_symbol[symbol])
        if before == name:
            return before
        return f"{before} {name}".strip() if before else name

    spoken = _LONE_SUIT.sub(lone_suit, " ".join(words))
    for symbol, said in _symbols():
        spoken = spoken.replace(symbol, said)
    return " ".join(spoken.replace(" ,", ",").split())
