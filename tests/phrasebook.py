"""What the blind player listens for, as the table says it in the language in use.

Each sentence is named by the message it comes from in the app (its msgid, as the code
passes it to ``_``, ``ngettext`` or ``pgettext``) and matched against that message
translated into the language in use, its ``{placeholders}`` turned into regex groups.
Cards, suits and ranks are heard through the app's own spoken names (``spoken``), so
the player understands whatever the table says in any language it ships, and an empty
catalogue entry, said in English, is still understood. Keys are the same in every
language; nothing here reads the app's state.
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterable
from dataclasses import dataclass

from babel.numbers import NumberFormatError, parse_decimal

from cardtable import i18n
from cardtable.app import palace_seen, spoken
from cardtable.engine.cards import Card, Rank, Suit

# --- sentences ----------------------------------------------------------------------------


def template_regex(template: str, **groups: str) -> str:
    """A translated template as a regex: its text literal, each ``{name}`` a named
    group (``groups`` gives some of them a pattern of their own, unnamed)."""
    out: list[str] = []
    seen: set[str] = set()
    for literal, name, _spec, _conversion in string.Formatter().parse(template):
        out.append(re.escape(literal))
        if name is None:
            continue
        if name in groups:
            out.append(f"(?:{groups[name]})")
        elif name in seen:
            out.append(f"(?P={name})")
        else:
            seen.add(name)
            out.append(f"(?P<{name}>.+?)")
    return "".join(out)


@dataclass(frozen=True)
class Phrase:
    """A sentence of the table's, by its msgid (``plural``: the ``ngettext`` pair;
    ``context``: the ``pgettext`` context)."""

    msgid: str
    plural: str | None = None
    context: str | None = None

    def templates(self) -> tuple[str, ...]:
        """The message in the language in use (each plural form the language has)."""
        if self.plural is not None:
            return tuple(dict.fromkeys(i18n.ngettext(self.msgid, self.plural, count)
                                       for count in (1, 2, 5, 21)))
        if self.context is not None:
            return (i18n.pgettext(self.context, self.msgid),)
        return (i18n._(self.msgid),)

    @property
    def text(self) -> str:
        return self.templates()[0]

    def regexes(self, **groups: str) -> list[str]:
        return [template_regex(template, **groups) for template in self.templates()]

    def match(self, line: str, **groups: str) -> re.Match[str] | None:
        """The whole line is this sentence (a final full stop aside: an answer key adds
        one to a prompt)."""
        for regex in self.regexes(**groups):
            found = re.fullmatch(regex + r"\.?", line)
            if found:
                return found
        return None

    def starts(self, line: str) -> bool:
        """The line begins with this sentence (an answer goes on after it)."""
        return any(re.match(regex, line) for regex in self.regexes())

    def translated(self) -> bool:
        """Whether the language in use has its own words for this sentence (an empty
        catalogue entry is said in English)."""
        return self.templates() != self.english()

    def english(self) -> tuple[str, ...]:
        return (self.msgid,) if self.plural is None else (self.msgid, self.plural)

    def said_in_english(self, line: str) -> bool:
        """The line is this sentence as English says it."""
        return any(re.fullmatch(template_regex(english) + r"\.?", line)
                   for english in self.english())

    def search(self, line: str) -> re.Match[str] | None:
        for regex in self.regexes():
            found = re.search(regex, line)
            if found:
                return found
        return None


def starts_any(phrases: tuple[Phrase, ...], line: str) -> bool:
    return any(phrase.starts(line) for phrase in phrases)


def heard_any(phrases: tuple[Phrase, ...], lines: list[str]) -> bool:
    return any(starts_any(phrases, line) for line in lines)


# Speech and the status keys (status_words, rummy_status, palace_status)
SPEECH_ON = Phrase("Speech on.")
SPEECH_OFF = Phrase("Speech off.")
HAND = Phrase("Your hand, {count} card. {parts}.", "Your hand, {count} cards. {parts}.")
HAND_EMPTY = Phrase("Your hand is empty.")
SELECTED = Phrase("Selected: {cards}.")
SUIT_PART = Phrase("{suit}: {ranks}")
WILDS = Phrase("wild: {cards}", "wilds: {cards}")
JOKERS = Phrase("{count} joker", "{count} jokers")
PILE_ANSWERS = (Phrase("The discard pile is empty."), Phrase("The discard pile: {card} on top."),
                Phrase("The discard pile: {card} on top, {under} under it."),
                Phrase("The stack is empty: anything goes."),
                Phrase("The stack, {count} card: on top {top}; under it {under}. To play: {play}.",
                       "The stack, {count} cards: on top {top}; under it {under}. To play: "
                       "{play}."),
                Phrase("The stack, {count} card: on top {top}. To play: {play}.",
                       "The stack, {count} cards: on top {top}. To play: {play}."))
BUILT_ABOVE = Phrase("Being built above your hand: {groups}.")
BUILT = Phrase("Being built: {groups}.")
MELD_NUMBERED = Phrase("{number}: {meld}")
SET_HEAD = Phrase("{meld} of {ranks}")
RUN_HEAD = Phrase("{meld}, {low} to {high} of {suit}")
WAITING_FOR_CALLS = Phrase("Waiting for calls: {names}")

# Questions (scenes/table.spoken_question): "{question} Y: May I!; N: Pass."
QUESTION = Phrase("{question} {answers}.")
ANSWER = Phrase("{key}: {answer}")
SHANGHAI = Phrase("Shanghai!")

# The prompts of the person's own turn (table_*.prompt)
PROMPTS = (
    Phrase("Your turn: draw a card"),
    Phrase("Your turn: draw from the stock or the discard pile"),
    Phrase("Your turn: the stack is empty, so anything goes"),
    Phrase("Your turn: place {what}"),
    Phrase("Discard a card, or build melds above your hand to go out"),
    Phrase("Last turn: lay down what you can, then discard"),
    Phrase("{name} went out: your last turn! Draw from the stock or the discard pile"),
    Phrase("Build the contract above your hand and Go down, then discard"),
    Phrase("Add cards to any meld, then discard"),
    Phrase("Lay a mission, or discard"),
    Phrase("Pick 3 of your 9 face-down cards, blind: they become your hidden reserve"),
    Phrase("Drag cards to your visible reserve: placement {number} of {total} (one rank, or "
           "a straight of 3+)"),
    Phrase("Nothing of yours goes on the stack: take it"),
    Phrase("Your ace burned the stack: place again, anything goes"),
    Phrase("Your hand and visible reserve are gone: click a hidden card to turn it up"),
)
PLACE = PROMPTS[3]
DRAW_FIRST = (PROMPTS[0], PROMPTS[1], PROMPTS[6])
LAST_TURNS = PROMPTS[5:7]
PICK_HIDDEN, BUILD_RESERVE, TAKE_STACK, _BURNED, TURN_UP = PROMPTS[10:]
PROMPT_WITH_KEYS = (
    Phrase("{prompt}. Keys: arrows and Space select cards, Enter puts them there"),
    Phrase("{prompt}. Keys: 1, 2 or 3 turns up that hidden card"))
TO_BEAT = Phrase("{rank} or higher (a 2 always, an ace burns)")

# The end of a round, or of the game (scenes/summary, describe)
ENDS = (Phrase("Round {number} scored"), Phrase("Round {round} scored: {scores}"),
        Phrase("Game over"),
        Phrase("Game over: a draw, the placement limit was reached with nobody out."),
        Phrase("Game over: {names} share the win!"), Phrase("Game over: You win!"),
        Phrase("Game over: {name} wins!"))

# The move log, said of the person (describe)
DREW_DISCARD = Phrase("You drew {card} from the discard pile")
DREW_STOCK = (Phrase("You drew {card} from the {stock}"), Phrase("You drew from the {stock}"))
DREW = (DREW_DISCARD, *DREW_STOCK)
CALLED = (Phrase("You call May I!"), Phrase("You ask to buy"), Phrase("You yell Shanghai!"),
          Phrase("You let the buy go"), Phrase("You refuse the buy"),
          Phrase("You ask to buy {card} ahead of {others}"),
          Phrase("You get {card} by May I ahead of {others}"),
          Phrase("You took {card} before the May I calls: the player in turn has first "
                 "choice ({others} called)"),
          Phrase("You took {cards} by May I (+{penalty} as the penalty)"),
          Phrase("You keep {card}: the player in turn may refuse a buy and take the card "
                 "({others} asked to buy)"))
"""What is said of the person when a call of theirs is taken up (or a card drawn)."""
LAID_DOWN = Phrase("You laid down {melds}")
MISSION_DONE = Phrase("You completed mission {number}, {title} ({count} of 9)")
READY = (Phrase("The contract is ready: press Go down."),
         Phrase("The mission is ready: press Lay mission."),
         Phrase("Mission {number} ready: {title}"), Phrase("Ready to go down: {contract}"),
         Phrase("Ready: discard {card} to finish."))
"""Said after Arrange (A) when what it built can be laid."""
ADDED = (Phrase("You added {cards} to your meld"), Phrase("You added {cards} to {owner}'s meld"))
DISCARDED = Phrase("You discarded {card}")
WENT_OUT = (Phrase("{name} went out!"),
            Phrase("{name} went out! Everyone else has one last turn."))
YOU = Phrase("You")
PICKED_HIDDEN = Phrase("You picked a hidden reserve, blind")
TOOK_STACK = Phrase("You took the stack ({count} card)", "You took the stack ({count} cards)")
TURNED_UP = Phrase("You turned up a hidden card: {card}")
PUT_RESERVE = Phrase("You put {cards} in the visible reserve")
PLACED = (Phrase("You placed {cards}"), Phrase("You placed {cards} from the hidden reserve"))

# Where the keys go (rummy_model, palace_model)
TARGET_DISCARD = (Phrase("the discard pile, empty"),
                  Phrase("the discard pile, {card} on top (wild)"),
                  Phrase("the discard pile, {card} on top"))
IN_YOUR_HAND = Phrase("in your hand")
SELECTED_WORD = Phrase("selected")
PALACE_IN_HAND = Phrase("{card}, in your hand")
PALACE_IN_HAND_SELECTED = Phrase("{card}, in your hand, selected")


MOVES = (*DREW, *CALLED, LAID_DOWN, MISSION_DONE, *ADDED, DISCARDED, PICKED_HIDDEN, TOOK_STACK,
         TURNED_UP, PUT_RESERVE, *PLACED)
"""The person's own moves, as the move log says them."""
SENTENCES = (SPEECH_ON, SPEECH_OFF, HAND, HAND_EMPTY, *PILE_ANSWERS, WAITING_FOR_CALLS,
             *PROMPTS, *ENDS, *MOVES, *READY)
"""The whole sentences it listens for (the rest are parts of them)."""


def went_out(line: str) -> bool:
    return any((found := phrase.match(line)) is not None and found["name"] == YOU.text
               for phrase in WENT_OUT)


def is_question(line: str) -> bool:
    """A question and its answers, each "{key}: {answer}": the first answer's key Y (a
    call) or 1 (a choice), the others' N or a number."""
    first = ANSWER.regexes(key="Y|1", answer="[^;]+")[0]
    other = ANSWER.regexes(key=r"N|\d", answer="[^;]+")[0]
    return any(re.fullmatch(regex, line) for regex in
               QUESTION.regexes(question=".*", answers=f"{first}(?:; {other})*"))


def is_choice(line: str) -> bool:
    """A question whose answers are a numbered list (1, 2…), not a call."""
    first = ANSWER.regexes(key="1", answer="[^;]+")[0]
    second = ANSWER.regexes(key="2", answer="[^;]+")[0]
    return re.search(f" {first}; {second}", line) is not None


def unwrapped(line: str) -> str:
    """A prompt as said with the keys that do what it asks (Palace's speech adds them
    where the prompt speaks of the mouse): the prompt."""
    for phrase in PROMPT_WITH_KEYS:
        found = phrase.match(line)
        if found:
            return found["prompt"]
    return line


def is_prompt(line: str) -> bool:
    return starts_any(PROMPTS, unwrapped(line))


def is_end(line: str) -> bool:
    return starts_any(ENDS, line)


# --- cards, ranks and numbers ----------------------------------------------------------


@dataclass(frozen=True, order=True)
class Heard:
    """A card as heard: its rank (2-14, the ace high; 0 a joker) and suit."""

    rank: int
    suit: str
    """The suit's name in the code (``hearts``…; empty for a joker): ordered as before
    the table spoke other languages, so the player's choices are the same in each."""

    @property
    def card(self) -> Card:
        if self.rank == 0:
            return Card(Rank.JOKER, None)
        return Card(Rank(1 if self.rank == 14 else self.rank), Suit[self.suit.upper()])

    @property
    def words(self) -> str:
        """The card as the table says it."""
        return spoken.card_name(self.card)


def _value(rank: Rank) -> int:
    return 14 if rank is Rank.ACE else int(rank)


def _heard(card: Card) -> Heard:
    return Heard(0, "") if card.suit is None else Heard(_value(card.rank), card.suit.name.lower())


def card_names() -> dict[str, Heard]:
    """Every card of the decks (both colour decks' suits, and the joker) by its spoken
    name in the language in use."""
    cards = [Card(rank, suit) for suit in Suit for rank in spoken.RANKS]
    return {spoken.card_name(card): _heard(card) for card in [*cards, Card(Rank.JOKER, None)]}


def _alternatives(words: Iterable[str]) -> str:
    return "|".join(re.escape(word) for word in sorted(words, key=len, reverse=True))


def card_regex() -> re.Pattern[str]:
    return re.compile(r"(?<!\w)(" + _alternatives(card_names()) + r")(?!\w)")


def cards_in(text: str) -> list[Heard]:
    names = card_names()
    return [names[found.group(1)] for found in card_regex().finditer(text)]


def card_in(text: str) -> Heard | None:
    found = card_regex().search(text)
    return None if found is None else card_names()[found.group(1)]


def suit_names() -> dict[str, str]:
    return {spoken.suit_word(suit): suit.name.lower() for suit in Suit}


def rank_names() -> dict[str, int]:
    """"seven": 7 (the ace 14)."""
    return {word: _value(rank) for rank, word in spoken.rank_words().items()}


def rank_plurals() -> dict[str, int]:
    """"sevens": 7, as a set of them is named."""
    return {spoken.rank_plural(rank): _value(rank) for rank in spoken.RANKS}


def ranks_to_beat() -> dict[str, int]:
    """"a seven": 7, as Palace says the rank a placement must reach."""
    return {palace_seen.rank_words(value): value for value in range(2, 15)}


def meld_words() -> tuple[str, ...]:
    return tuple(i18n.pgettext("meld", word) for word in ("set", "book", "run"))


def read_number(words: str) -> int:
    """A number as the language writes it."""
    try:
        return int(parse_decimal(words, locale=i18n.babel_locale()))
    except NumberFormatError:
        return 0


# --- whole answers ----------------------------------------------------------------------


def parse_selected(said: str) -> list[Heard]:
    """The cards F3's answer says are selected."""
    found = SELECTED.search(said)
    return [] if found is None else cards_in(said[found.start():])


def parse_hand(said: str) -> tuple[list[Heard], list[Heard]]:
    """F3's answer (by suit) as cards: (naturals, wilds)."""
    found = SELECTED.search(said)
    whole = HAND.match(said[:found.start()].rstrip() if found else said)
    if whole is None:
        return [], []
    suits, ranks = suit_names(), rank_names()
    naturals: list[Heard] = []
    wilds: list[Heard] = []
    for part in whole["parts"].split("; "):
        by_suit = SUIT_PART.match(part)
        jokers = JOKERS.match(part)
        if WILDS.match(part):
            wilds += cards_in(part)
        elif by_suit and by_suit["suit"] in suits:
            naturals += [Heard(ranks[word], suits[by_suit["suit"]])
                         for word in by_suit["ranks"].split(", ")]
        elif jokers:
            naturals += [Heard(0, "")] * read_number(jokers["count"])
    return naturals, wilds


def to_beat(prompt: str) -> int:
    """The rank a placement must reach, from the prompt ("place a seven or higher…")."""
    place = PLACE.match(prompt)
    beat = TO_BEAT.match(place["what"]) if place else None
    return 0 if beat is None else ranks_to_beat().get(beat["rank"], 0)


def melds_heard(table: str) -> list[tuple[str, int, str, int, int]]:
    """The melds F5 names with a rank or a suit, in the order said: (their words, set
    rank, run suit, run low, run high); 0 and "" where not."""
    kinds = _alternatives(meld_words())
    ranks, plurals, suits = _alternatives(rank_names()), _alternatives(rank_plurals()), \
        _alternatives(suit_names())
    heads = [*SET_HEAD.regexes(meld=kinds, ranks=f"(?P<ranks>{plurals})"),
             *RUN_HEAD.regexes(meld=kinds, low=f"(?P<low>{ranks})", high=f"(?P<high>{ranks})",
                               suit=f"(?P<suit>{suits})")]
    found: list[tuple[int, tuple[str, int, str, int, int]]] = []
    for head in heads:
        for numbered in MELD_NUMBERED.regexes(number=r"\d+", meld=f"(?P<head>{head})"):
            for meld in re.finditer(numbered, table):
                groups = meld.groupdict()
                if groups.get("ranks"):
                    found.append((meld.start(), (meld["head"], rank_plurals()[meld["ranks"]],
                                                 "", 0, 0)))
                elif groups.get("suit"):
                    found.append((meld.start(), (meld["head"], 0, suit_names()[meld["suit"]],
                                                 rank_names()[meld["low"]],
                                                 rank_names()[meld["high"]])))
    return [meld for _start, meld in sorted(found)]


def under_cursor(line: str) -> tuple[str, bool] | None:
    """A card of the hand as said when the cursor reaches it: its name, and whether it is
    selected."""
    for phrase, selected in ((PALACE_IN_HAND_SELECTED, True), (PALACE_IN_HAND, False)):
        found = phrase.match(line)
        if found:
            return found["card"], selected
    name, *rest = line.split(", ")
    if rest[:1] == [IN_YOUR_HAND.text]:
        return name, SELECTED_WORD.text in rest[1:]
    return None
