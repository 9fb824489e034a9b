"""A player who cannot see the screen: it hears only the speech log and presses only keys.

It drives the real app (headless) with ``CARDTABLE_SPEECH=log:FILE`` and decides every
move from what it heard: the hand (F3), the pile (F4), the melds (F5), the prompt said
when its turn comes, the questions with their answer keys, the refusals. It never reads
the app's state, its screen or its model: if something it needs is only on screen, it
cannot play, and the test that drives it fails. Its play is plain (it is no bot), but it
draws from both piles, builds and lays melds, lays off, answers calls, makes missions,
builds Palace's reserves and turns up hidden cards.

It understands the table in any language the table speaks: every sentence it listens
for is the app's own message, translated, and every card the app's own name for it
(``phrasebook``).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import phrasebook as words
import pygame
from phrasebook import Heard, parse_hand, parse_selected

from ui import frames, key

ANSWER_STARTS = {pygame.K_F3: (words.HAND, words.HAND_EMPTY),
                 pygame.K_F4: words.PILE_ANSWERS}
"""How the answers of the keys whose answers it parses begin."""


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
        if any(words.SPEECH_OFF.match(line) for line in self.press(pygame.K_F2)):
            assert any(words.SPEECH_ON.match(line) for line in self.press(pygame.K_F2))

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
            return next((line for line in heard if words.starts_any(starts, line)), heard[0])
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
            if (card.words, selected) in map(words.under_cursor, heard):
                return
        raise AssertionError(f"never heard {card.words} under the cursor: {self.said[-6:]}")

    def target(self, starts: tuple[words.Phrase, ...], limit: int = 40,
               keycode: int = pygame.K_DOWN) -> str:
        """Move through the places cards go (↓) until one heard is one of ``starts``."""
        for _ in range(limit):
            for line in self.press(keycode):
                if words.starts_any(starts, line):
                    return line
        raise AssertionError(f"never reached a place {starts!r}: {self.said[-6:]}")

    # --- what it hears -------------------------------------------------------------------

    is_question = staticmethod(words.is_question)
    is_prompt = staticmethod(words.is_prompt)
    is_end = staticmethod(words.is_end)

    def answer(self, question: str) -> None:
        """A call (May I, buy, Shanghai!) or a choice: take a card that pairs with the
        hand, else pass; a list of choices gets its first answer."""
        if words.is_choice(question):
            self.press(pygame.K_1, unicode="1")
            self.did["chose"] += 1
            return
        card = words.card_in(question)
        naturals, _ = self.hand()
        wanted = card is not None and words.SHANGHAI.text not in question and any(
            held.rank == card.rank for held in naturals)
        heard = self.press(pygame.K_y if wanted else pygame.K_n,
                           unicode="y" if wanted else "n")
        heard += self.listen_for(lambda line: words.starts_any(words.CALLED + words.DREW,
                                                               line))
        if wanted and words.heard_any(words.CALLED + words.DREW, heard):
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
        if words.starts_any(words.DRAW_FIRST, prompt):
            self.draw()
            self.settle()
        self.lay_down(last=words.starts_any(words.LAST_TURNS, prompt))
        self.lay_off()
        self.discard()

    def settle(self, limit: int = 600) -> None:
        """While the others answer a call on the card just passed up (buying), the turn
        waits: ask whose turn it is (F6) until it is this player's again."""
        for _ in range(limit):
            if not words.WAITING_FOR_CALLS.starts(self.ask(pygame.K_F6)):
                return
            for _ in range(10):
                self.tick()
        raise AssertionError("the calls never ended: " + " | ".join(self.said[-6:]))

    def draw(self) -> None:
        pile = self.ask(pygame.K_F4)
        naturals, _ = self.hand()
        top = words.card_in(pile)
        take = top is not None and top.rank != 0 and any(
            card.rank == top.rank for card in naturals)
        heard = self.press(pygame.K_t if take else pygame.K_d, unicode="t" if take else "d")
        if words.heard_any(words.DREW + words.CALLED, heard):
            self.did["took the discard" if take else "drew from the stock"] += 1
            return
        heard = self.press(pygame.K_d, unicode="d")  # refused (said why): the stock
        assert words.heard_any(words.DREW_STOCK, heard), heard
        self.did["drew from the stock"] += 1

    def lay_down(self, last: bool = False) -> None:
        """Arrange (A); lay what it built with G where the game says it is ready, or go
        out by the discard that leaves nothing (Five Crowns), or lay it with the discard
        of a last turn; else clear the groups."""
        said = self.press(pygame.K_a, unicode="a")
        built = words.BUILT_ABOVE.search(self.ask(pygame.K_F5))
        if built is None:
            return
        if words.heard_any(words.READY, said):
            heard = self.press(pygame.K_g, unicode="g")
            if words.heard_any((words.LAID_DOWN, words.MISSION_DONE), heard):
                self.did["laid down"] += 1
                return
        naturals, wilds = self.hand()
        grouped = len(words.cards_in(built["groups"]))
        if grouped == len(naturals) + len(wilds) - 1 or last:
            self.did["going out" if not last else "laid down on the last turn"] += 1
            return  # the discard goes out (or lays them) with the groups built
        self.press(pygame.K_c, unicode="c")

    def lay_off(self) -> None:
        """A natural card that the melds as heard (F5) can take: a set of its rank, or a
        run of its suit it extends. One a turn, by the keys: the card, then the meld."""
        table = self.ask(pygame.K_F5)
        if words.BUILT_ABOVE.search(table):
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
            if words.heard_any(words.ADDED, heard):
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
        built = words.BUILT_ABOVE.search(self.ask(pygame.K_F5))
        if built is not None:
            grouped = set(words.cards_in(built["groups"]))
            card = next(card for card in naturals + wilds if card not in grouped)
        else:
            card = _worst(naturals) if naturals else wilds[0]
        self.deselect_all()
        self.select(card, len(naturals) + len(wilds))
        self.target(words.TARGET_DISCARD)
        heard = self.press(pygame.K_RETURN)
        for _ in range(30):
            if words.heard_any((words.DISCARDED,), heard) or any(map(words.went_out, heard)):
                self.did["discarded"] += 1
                self.did["went out"] += any(map(words.went_out, heard))
                self.did["laid down"] += words.heard_any((words.LAID_DOWN,), heard)
                return
            heard += self.listen()
            self.tick()
        raise AssertionError(f"the discard was not heard: {self.said[-8:]}")

    def heard_after(self, *starts: words.Phrase) -> bool:
        """Whether, since the last key that did something, a line starting as one of
        ``starts`` was heard (waiting a moment for it): the table took the move."""
        self.listen_for(lambda line: words.starts_any(starts, line))
        return words.heard_any(starts, self.said[self.acted_at:])

    # --- a Palace turn -------------------------------------------------------------------

    def palace_turn(self, prompt: str) -> None:
        prompt = words.unwrapped(prompt)
        if words.PICK_HIDDEN.starts(prompt):
            for _ in range(3):
                self.press(pygame.K_RIGHT)
                self.press(pygame.K_SPACE, unicode=" ")
            self.press(pygame.K_RETURN)
            self.did["hid three"] += self.heard_after(words.PICKED_HIDDEN)
            return
        if words.TAKE_STACK.starts(prompt):
            self.press(pygame.K_t, unicode="t")
            self.did["took the stack"] += self.heard_after(words.TOOK_STACK)
            return
        if words.TURN_UP.starts(prompt):
            self.press(pygame.K_1, unicode="1")
            self.did["turned up a hidden card"] += self.heard_after(words.TURNED_UP)
            return
        naturals, _ = self.hand()
        if words.BUILD_RESERVE.starts(prompt):
            self.deselect_all()
            self.select(max(naturals), len(naturals))
            self.press(pygame.K_RETURN)
            self.did["built a reserve"] += self.heard_after(words.PUT_RESERVE)
            return
        low = words.to_beat(prompt)
        playable = sorted({card.rank for card in naturals
                           if card.rank >= low and card.rank != 2 or card.rank == 2})
        plain = [rank for rank in playable if rank not in (2, 10)]
        rank = (plain or playable or [None])[0]
        if rank is None:
            self.press(pygame.K_t, unicode="t")
            self.did["took the stack"] += self.heard_after(words.TOOK_STACK)
            return
        self.deselect_all()
        for card in [card for card in naturals if card.rank == rank]:
            self.select(card, len(naturals))
        heard = self.press(pygame.K_RETURN)
        if words.heard_any(words.PLACED, heard):
            self.did["placed"] += 1
        else:
            self.deselect_all()
            self.press(pygame.K_t, unicode="t")
            self.did["took the stack"] += self.heard_after(words.TOOK_STACK)


def _fits(card: Heard, table: str) -> str | None:
    """The words of a meld heard on the table that ``card`` extends, if any."""
    for said, rank, suit, low, high in words.melds_heard(table):
        if rank and rank == card.rank:
            return said
        if suit and suit == card.suit:
            low = 1 if low == 14 else low
            if card.rank in (low - 1, high + 1):
                return said
    return None


def _worst(cards: list[Heard]) -> Heard:
    """The card a plain player throws: the highest that pairs with nothing and has no
    neighbour of its suit; else the highest."""
    def lonely(card: Heard) -> bool:
        return not any(other is not card and (other.rank == card.rank or other.suit ==
                       card.suit and abs(other.rank - card.rank) <= 2) for other in cards)
    alone = [card for card in cards if lonely(card)]
    return max(alone or cards)
