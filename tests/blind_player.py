"""A player who cannot see the screen: it hears only the speech log and presses only keys.

It drives the real app (headless) with ``CARDTABLE_SPEECH=log:FILE`` and decides every
move from what it heard: the hand (F3), the pile (F4), the melds (F5), the prompt said
when its turn comes, the questions with their answer keys, the refusals. It never reads
the app's state, its screen or its model: if something it needs is only on screen, it
cannot play, and the test that drives it fails. Its play is plain (it is no bot), but it
draws from both piles, builds and lays melds, lays off, answers calls, makes missions,
builds Palace's reserves and turns up hidden cards.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pygame

from ui import frames, key

RANKS = {"ace": 14, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
         "eight": 8, "nine": 9, "ten": 10, "jack": 11, "queen": 12, "king": 13}
PLURAL_RANKS = {"aces": 14, "twos": 2, "threes": 3, "fours": 4, "fives": 5, "sixes": 6,
                "sevens": 7, "eights": 8, "nines": 9, "tens": 10, "jacks": 11,
                "queens": 12, "kings": 13}
SUITS = ("spades", "hearts", "diamonds", "clubs", "stars")
CARD = re.compile(r"\b(joker|(ace|two|three|four|five|six|seven|eight|nine|ten|jack|queen|"
                  r"king) of (spades|hearts|diamonds|clubs|stars))\b")


ANSWER_STARTS = {pygame.K_F3: ("Your hand",), pygame.K_F4: ("The discard pile", "The stack")}
"""How the answers of the keys whose answers it parses begin."""


@dataclass(frozen=True, order=True)
class Heard:
    """A card as heard: its rank (2-14; 0 a joker) and suit."""

    rank: int
    suit: str

    @property
    def words(self) -> str:
        if self.rank == 0:
            return "joker"
        name = next(word for word, value in RANKS.items() if value == self.rank)
        return f"{name} of {self.suit}"


def heard_card(words: str) -> Heard:
    if words == "joker":
        return Heard(0, "")
    rank, _, suit = words.partition(" of ")
    return Heard(RANKS[rank], suit)


def parse_selected(said: str) -> list[Heard]:
    """The cards F3's answer says are selected."""
    _, _, selected = said.partition(" Selected: ")
    return [heard_card(match.group(1)) for match in CARD.finditer(selected)]


def parse_hand(said: str) -> tuple[list[Heard], list[Heard]]:
    """F3's answer as cards: (naturals, wilds)."""
    body = said.split(". ", 1)[1] if ". " in said else ""
    body = body.split(" Selected:")[0].rstrip(".")
    naturals: list[Heard] = []
    wilds: list[Heard] = []
    for part in body.split("; "):
        head, _, rest = part.partition(": ")
        if head in SUITS:
            naturals += [Heard(RANKS[word], head) for word in rest.split(", ")]
        elif head in ("wild", "wilds"):
            wilds += [heard_card(match.group(1)) for match in CARD.finditer(rest)]
        elif rest and head.split()[-1] in PLURAL_RANKS:  # by rank: "2 fives: clubs and …"
            rank = PLURAL_RANKS[head.split()[-1]]
            naturals += [Heard(rank, suit) for suit in re.split(r", | and ", rest)]
        elif CARD.fullmatch(part):
            naturals.append(heard_card(part))
        elif part.endswith(("joker", "jokers")):
            naturals += [Heard(0, "")] * int(part.split()[0])
    return naturals, wilds


@dataclass
class BlindPlayer:
    app: object
    log: Path
    said: list[str] = field(default_factory=list)
    """Everything heard, in order."""
    read_to: int = 0
    turns: int = 0
    acted_at: int = 0
    """Where in ``said`` the last key that did something was pressed."""
    ended: bool = False
    """The round's (Palace: the game's) end was heard."""
    did: Counter[str] = field(default_factory=Counter)
    """What it managed to do, by kind (the test checks each game's list)."""

    # --- ears and fingers -------------------------------------------------------------

    def listen(self) -> list[str]:
        """What was said since the last time it listened."""
        if not self.log.exists():
            return []
        lines = self.log.read_text(encoding="utf-8").splitlines()
        new = [json.loads(line)["text"] for line in lines[len(self.said):]]
        self.said += new
        self.ended = self.ended or any(self.is_end(line) for line in new)
        return new

    def press(self, code: int, mod: int = 0, unicode: str = "", acting: bool = True
              ) -> list[str]:
        """A key, and what was said after it (``acting``: a move or a step of one, not a
        question put to the table: what follows it may be the next prompt)."""
        self.listen()
        if acting:
            self.acted_at = len(self.said)
        self.send(code, mod, unicode)
        return self.listen()

    def send(self, code: int, mod: int, unicode: str) -> None:
        """A key to the app (here its event queue; a real window's player sends it
        through the window system)."""
        key(self.app, code, unicode, mod)

    def tick(self) -> None:
        """Let the table go on a moment (a frame here; a real player waits)."""
        frames(self.app)

    def speech_on(self) -> None:
        """F2 until speech is heard to be on (it may have been left on last time)."""
        if "Speech off." in self.press(pygame.K_F2):
            assert "Speech on." in self.press(pygame.K_F2)

    def ask(self, code: int, shift: bool = False) -> str:
        """A status key's answer: said at once, as the key is handled, so the first
        thing heard after it (news may follow in the same moment), or the line that
        starts as that key's answer does."""
        heard = self.press(code, pygame.KMOD_SHIFT if shift else 0, acting=False)
        for _ in range(20):
            if heard:
                break
            self.tick()
            heard = self.listen()
        assert heard, f"nothing was said for key {pygame.key.name(code)}"
        starts = ANSWER_STARTS.get(code)
        if starts:
            return next((line for line in heard if line.startswith(starts)), heard[0])
        return heard[0]

    def wait(self, until: Callable[[list[str]], bool], limit: int = 3000) -> list[str]:
        """Frames until something heard satisfies ``until`` (all heard while waiting)."""
        heard: list[str] = []
        for _ in range(limit):
            self.tick()
            heard += self.listen()
            if until(heard):
                return heard
        raise AssertionError("waited in silence; last heard: " + " | ".join(self.said[-8:]))

    def hand(self) -> tuple[list[Heard], list[Heard]]:
        return parse_hand(self.ask(pygame.K_F3))

    def deselect_all(self) -> None:
        """Space on each card F3 says is selected (Esc would open the menu once nothing
        is selected, so it is not the way)."""
        said = self.ask(pygame.K_F3)
        for card in parse_selected(said):
            self.cursor_to(card, selected=True)
            self.press(pygame.K_SPACE, unicode=" ")

    def select(self, card: Heard, count: int) -> None:
        """The hand's cursor to ``card`` and Space (``count``: cards in the hand)."""
        if count > 1:
            self.cursor_to(card)
        self.press(pygame.K_SPACE, unicode=" ")

    def cursor_to(self, card: Heard, limit: int = 40, selected: bool = False) -> None:
        """Move the hand's cursor (←/→) until the card under it is heard to be ``card``."""
        for _ in range(limit):
            heard = self.press(pygame.K_RIGHT)
            if any((line.startswith(card.words + ",") or line == card.words)
                   and ("selected" in line) == selected for line in heard):
                return
        raise AssertionError(f"never heard {card.words} under the cursor: {self.said[-6:]}")

    def target(self, starts: str, limit: int = 40, keycode: int = pygame.K_DOWN) -> str:
        """Move through the places cards go (↓) until one heard starts with ``starts``."""
        for _ in range(limit):
            for line in self.press(keycode):
                if line.startswith(starts):
                    return line
        raise AssertionError(f"never reached a place {starts!r}: {self.said[-6:]}")

    # --- what it hears -------------------------------------------------------------------

    @staticmethod
    def is_question(line: str) -> bool:
        return re.search(r" (Y|1): [^;]+(; (N|2): |\.$)", line) is not None

    @staticmethod
    def is_prompt(line: str) -> bool:
        starts = ("Your turn", "Discard a card", "Last turn", "Build the contract",
                  "Add cards to any meld", "Lay a mission", "Draw", "Pick 3",
                  "Drag cards to your visible reserve", "Nothing of yours goes",
                  "Your ace burned", "Your hand and visible reserve are gone")
        return line.startswith(starts) or "your last turn!" in line

    @staticmethod
    def is_end(line: str) -> bool:
        return re.match(r"Round \d+ scored", line) is not None or line.startswith("Game over")

    def answer(self, question: str) -> None:
        """A call (May I, buy, Shanghai!) or a choice: take a card that pairs with the
        hand, else pass; a list of choices gets its first answer."""
        if re.search(r" 1: [^;]+; 2: ", question):
            self.press(pygame.K_1, unicode="1")
            self.did["chose"] += 1
            return
        card = CARD.search(question)
        naturals, _ = self.hand()
        wanted = card is not None and "Shanghai" not in question and any(
            held.rank == heard_card(card.group(1)).rank for held in naturals)
        heard = self.press(pygame.K_y if wanted else pygame.K_n,
                           unicode="y" if wanted else "n")
        heard += self.listen_for(lambda line: line.startswith("You "))
        if wanted and any(line.startswith(("You call", "You ask", "You buy", "You took",
                                          "You refuse", "You drew")) for line in heard):
            self.did["called"] += 1  # heard taken up, not only asked for
        self.did["passed"] += not wanted

    def listen_for(self, heard_it: Callable[[str], bool], frames_: int = 30) -> list[str]:
        """What is said over the next moments, until a line ``heard_it`` (an answer to a
        key may follow it by a frame or two)."""
        heard: list[str] = []
        for _ in range(frames_):
            heard += self.listen()
            if any(heard_it(line) for line in heard):
                break
            self.tick()
        return heard

    def play(self, game_id: str, limit: int = 60000) -> list[str]:
        """Play until the round (Palace: the game) is over; what was heard at the end."""
        turn = self.rummy_turn if game_id != "palace" else self.palace_turn
        heard = self.listen() or [self.ask(pygame.K_F6)]  # joining a game under way
        for _ in range(400):
            if self.ended:
                return heard
            questions = [line for line in heard if self.is_question(line)]
            prompts = [line for line in heard if self.is_prompt(line)]
            if questions or prompts:
                if questions and not prompts:
                    self.answer(questions[-1])
                else:
                    self.turns += 1
                    turn(prompts[-1])
                after = [line for line in self.said[self.acted_at:]
                         if self.is_prompt(line) or self.is_question(line)]
                if after:  # the last key led straight to the next question or turn
                    heard = after[-1:]
                    continue
                mark = len(self.said)
                self.ask(pygame.K_F6)  # a refusal leaves the turn where it was
                now = [line for line in self.said[mark:]
                       if self.is_prompt(line) or self.is_question(line)]
                if now:
                    heard = now[-1:]
                    continue
            if self.ended:
                return heard
            heard = self.wait(lambda h: self.ended or any(
                self.is_prompt(line) or self.is_question(line) for line in h), limit)
        raise AssertionError("the round never ended: " + " | ".join(self.said[-10:]))

    # --- a rummy turn ------------------------------------------------------------------

    def rummy_turn(self, prompt: str) -> None:
        if "draw" in prompt.lower():
            self.draw()
            self.settle()
        self.lay_down(last="last turn" in prompt.lower())
        self.lay_off()
        self.discard()

    def settle(self, limit: int = 600) -> None:
        """While the others answer a call on the card just passed up (buying), the turn
        waits: ask whose turn it is (F6) until it is this player's again."""
        for _ in range(limit):
            if not self.ask(pygame.K_F6).startswith("Waiting for calls"):
                return
            for _ in range(10):
                self.tick()
        raise AssertionError("the calls never ended: " + " | ".join(self.said[-6:]))

    def draw(self) -> None:
        pile = self.ask(pygame.K_F4)
        naturals, _ = self.hand()
        top = CARD.search(pile)
        take = top is not None and top.group(1) != "joker" and any(
            card.rank == heard_card(top.group(1)).rank for card in naturals)
        heard = self.press(pygame.K_t if take else pygame.K_d, unicode="t" if take else "d")
        if any(line.startswith("You drew") or line.startswith("You took") for line in heard):
            self.did["took the discard" if take else "drew from the stock"] += 1
            return
        heard = self.press(pygame.K_d, unicode="d")  # refused (said why): the stock
        assert any(line.startswith("You drew") for line in heard), heard
        self.did["drew from the stock"] += 1

    def lay_down(self, last: bool = False) -> None:
        """Arrange (A); lay what it built with G where the game says it is ready, or go
        out by the discard that leaves nothing (Five Crowns), or lay it with the discard
        of a last turn; else clear the groups."""
        said = " ".join(self.press(pygame.K_a, unicode="a"))
        built = self.ask(pygame.K_F5)
        if "Being built" not in built:
            return
        if "ready" in said.lower() or "can be laid" in said.lower():
            heard = self.press(pygame.K_g, unicode="g")
            if any(line.startswith("You laid down") or "mission" in line.lower()
                   and line.startswith("You") for line in heard):
                self.did["laid down"] += 1
                return
        naturals, wilds = self.hand()
        grouped = len(CARD.findall(built.split("Being built above your hand:")[1]))
        if grouped == len(naturals) + len(wilds) - 1 or last:
            self.did["going out" if not last else "laid down on the last turn"] += 1
            return  # the discard goes out (or lays them) with the groups built
        self.press(pygame.K_c, unicode="c")

    def lay_off(self) -> None:
        """A natural card that the melds as heard (F5) can take: a set of its rank, or a
        run of its suit it extends. One a turn, by the keys: the card, then the meld."""
        table = self.ask(pygame.K_F5)
        if "Being built" in table:
            return
        naturals, _ = self.hand()
        if len(naturals) < 2:
            return
        for card in sorted(naturals, reverse=True):
            meld = _fits(card, table)
            if meld is None:
                continue
            self.deselect_all()
            self.select(card, len(naturals))
            self.target_containing(meld)
            heard = self.press(pygame.K_RETURN)
            if any(line.startswith("You laid off") or line.startswith("You added")
                   for line in heard):
                self.did["laid off"] += 1
            else:
                self.deselect_all()  # refused (said why)
            return

    def target_containing(self, words: str, limit: int = 60) -> None:
        for _ in range(limit):
            if any(words in line for line in self.press(pygame.K_DOWN)):
                return
        raise AssertionError(f"never reached a meld {words!r}: {self.said[-6:]}")

    def discard(self) -> None:
        naturals, wilds = self.hand()
        built = self.ask(pygame.K_F5)
        if "Being built" in built:
            grouped = {heard_card(m.group(1)) for m in
                       CARD.finditer(built.split("Being built above your hand:")[1])}
            card = next(card for card in naturals + wilds if card not in grouped)
        else:
            card = _worst(naturals) if naturals else wilds[0]
        self.deselect_all()
        self.select(card, len(naturals) + len(wilds))
        self.target("the discard pile")
        heard = self.press(pygame.K_RETURN)
        for _ in range(30):
            if any(line.startswith(("You discarded", "You went out")) for line in heard):
                self.did["discarded"] += 1
                self.did["went out"] += any(line.startswith("You went out") for line in heard)
                self.did["laid down"] += any(line.startswith("You laid down")
                                             for line in heard)
                return
            heard += self.listen()
            self.tick()
        raise AssertionError(f"the discard was not heard: {self.said[-8:]}")

    def heard_after(self, starts: str) -> bool:
        """Whether, since the last key that did something, a line starting ``starts``
        was heard (waiting a moment for it): the table took the move."""
        self.listen_for(lambda line: line.startswith(starts))
        return any(line.startswith(starts) for line in self.said[self.acted_at:])

    # --- a Palace turn -------------------------------------------------------------------

    def palace_turn(self, prompt: str) -> None:
        if prompt.startswith("Pick 3"):
            for _ in range(3):
                self.press(pygame.K_RIGHT)
                self.press(pygame.K_SPACE, unicode=" ")
            self.press(pygame.K_RETURN)
            self.did["hid three"] += self.heard_after("You picked a hidden reserve")
            return
        if prompt.startswith("Nothing of yours goes"):
            self.press(pygame.K_t, unicode="t")
            self.did["took the stack"] += self.heard_after("You took the stack")
            return
        if prompt.startswith("Your hand and visible reserve are gone"):
            self.press(pygame.K_1, unicode="1")
            self.did["turned up a hidden card"] += self.heard_after("You turned up")
            return
        naturals, _ = self.hand()
        if prompt.startswith("Drag cards to your visible reserve"):
            self.deselect_all()
            self.select(max(naturals), len(naturals))
            self.press(pygame.K_RETURN)
            self.did["built a reserve"] += self.heard_after("You put")
            return
        low = _to_beat(prompt)
        playable = sorted({card.rank for card in naturals
                           if card.rank >= low and card.rank != 2 or card.rank == 2})
        plain = [rank for rank in playable if rank not in (2, 10)]
        rank = (plain or playable or [None])[0]
        if rank is None:
            self.press(pygame.K_t, unicode="t")
            self.did["took the stack"] += self.heard_after("You took the stack")
            return
        self.deselect_all()
        for card in [card for card in naturals if card.rank == rank]:
            self.select(card, len(naturals))
        heard = self.press(pygame.K_RETURN)
        if any(line.startswith("You placed") or line.startswith("You played")
               for line in heard):
            self.did["placed"] += 1
        else:
            self.deselect_all()
            self.press(pygame.K_t, unicode="t")
            self.did["took the stack"] += self.heard_after("You took the stack")


def _to_beat(prompt: str) -> int:
    """The rank a placement must reach, from the prompt ("place seven or higher")."""
    match = re.search(r"place (?:an? )?(\w+) or higher", prompt)
    if match is None:
        return 0
    word = match.group(1)
    return RANKS.get(word, PLURAL_RANKS.get(word, int(word) if word.isdigit() else 0))


def _fits(card: Heard, table: str) -> str | None:
    """The words of a meld heard on the table that ``card`` extends, if any."""
    for meld in re.findall(r"\d+: ((?:set of \w+|run, \w+ to \w+(?: of \w+)?)[^;.]*)", table):
        kind = meld.split(",")[0]
        if kind.startswith("set of ") and PLURAL_RANKS.get(kind[7:]) == card.rank:
            return kind
        run = re.match(r"run, (\w+) to (\w+) of (\w+)", meld)
        if run and run.group(3) == card.suit:
            low, high = RANKS[run.group(1)], RANKS[run.group(2)]
            low = 1 if low == 14 else low
            if card.rank in (low - 1, high + 1):
                return f"run, {run.group(1)} to {run.group(2)} of {run.group(3)}"
    return None


def _worst(cards: list[Heard]) -> Heard:
    """The card a plain player throws: the highest that pairs with nothing and has no
    neighbour of its suit; else the highest."""
    def lonely(card: Heard) -> bool:
        return not any(other is not card and (other.rank == card.rank or other.suit ==
                       card.suit and abs(other.rank - card.rank) <= 2) for other in cards)
    alone = [card for card in cards if lonely(card)]
    return max(alone or cards)
