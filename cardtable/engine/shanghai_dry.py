"""Shanghai played on in place, for the Hard search's rollouts (both games).

A rollout plays some ten to twenty moves from a sampled world, a few hundred rollouts a
decision. Through ``apply`` each move copies the frozen state whole, makes its events,
and looks the move up in the state's legal list; most moves are a call passed, a draw
and a discard, each a handful of fields changed. Here one :class:`DryShanghai` holds the
fields that change as plain attributes for a whole rollout and hands back a
``ShanghaiState`` at its end: the very state ``apply`` reaches by the same moves (the
tests play both). Those usual moves (calls and their answers, draws, discards, a buy
granted from a stock that holds its cards) are made here, unchecked: the moves come
from a policy held to legal ones by its tests. Every other move (a go-down, a lay-off,
a Shanghai! window's answer, a draw that rebuilds the stock, a discard that ends the
round) goes through the engine, on the state as it stands.

Standard library only.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from .actions import (
    Action,
    AnswerBuy,
    Call,
    Discard,
    Draw,
    Exchange,
    GoDown,
    LayOff,
    Pile,
    ReplaceWild,
)
from .cards import Card
from .data import evolve, replace_at, without, without_one
from .errors import EngineError, IllegalActionError
from .melds import Meld
from .rummy import DRAW_CHOICES
from .shanghai import _after, _Shanghai
from .shanghai_checks import _BUY_ANSWERS, _BUY_CALLS, _MAY_I_CALLS, extended
from .shanghai_rules import Phase, ShanghaiState
from .table_fits import table_fits
from .tells import Tells


class DryShanghai:
    """One Shanghai round in play, changed in place move by move; also what a rollout
    policy reads to choose (the fields of a ``ShanghaiState`` it reads, by their names)."""

    __slots__ = ("variant", "may_i", "seats", "moves", "_start", "_made", "round", "phase",
                 "current", "hands", "stock", "discard_pile", "exposed", "discarder",
                 "melds", "down", "calls_used", "requests", "answered", "took_discard",
                 "played", "undo_hand", "undo_melds", "undo_down", "known", "thrown", "passed",
                 "_tells", "turn",
                 "used_up")

    def __init__(self, variant: _Shanghai, state: ShanghaiState) -> None:
        self.variant = variant
        self.may_i = variant.may_i
        self.seats = state.seats
        self.moves = 0
        """Moves made here (those the engine made are counted by its ``apply``)."""
        self._load(state)

    def _load(self, state: ShanghaiState) -> None:
        self._start = state
        self._made: ShanghaiState | None = state
        """The table as a state, while no move has changed it since."""
        self.round = state.round
        self.phase = state.phase
        self.current = state.current
        self.hands = list(state.hands)
        self.stock = list(state.stock)
        self.discard_pile = state.discard_pile
        self.exposed = state.exposed
        self.discarder = state.discarder
        self.melds = state.melds
        self.down = state.down
        self.calls_used = state.calls_used
        self.requests = state.requests
        self.answered = state.answered
        self.took_discard = state.took_discard
        self.played = state.played
        self.undo_hand = state.undo_hand
        self.undo_melds = state.undo_melds
        self.undo_down = state.undo_down
        self.known = list(state.known)
        tells = state.tells
        self._tells: Tells | None = tells
        """The state's tells, while no move has added to them (else None)."""
        self.thrown = list(tells.thrown)
        self.passed = list(tells.passed)
        """The tells' rows (``Tells``), added to in place."""
        self.turn = state.turn
        self.used_up = self.variant._rebuilds_used_up(state.round_rebuilds)
        """Whether the stock may no longer be rebuilt this round."""

    def state(self) -> ShanghaiState:
        """The table as it stands, as a Shanghai state."""
        made = self._made
        if made is None:
            tells = self._tells
            if tells is None:
                tells = self._tells = Tells(tuple(self.thrown), tuple(self.passed))
            made = self._made = evolve(
                self._start, phase=self.phase, current=self.current, hands=tuple(self.hands),
                stock=tuple(self.stock), discard_pile=self.discard_pile,
                exposed=self.exposed, discarder=self.discarder, melds=self.melds,
                down=self.down, calls_used=self.calls_used,
                requests=self.requests, answered=self.answered,
                took_discard=self.took_discard, played=self.played,
                undo_hand=self.undo_hand, undo_melds=self.undo_melds,
                undo_down=self.undo_down, known=tuple(self.known), tells=tells, turn=self.turn)
        return made

    # --- asking --------------------------------------------------------------------------

    def last_thrown(self, seat: int) -> Card | None:
        """``Tells.last_thrown``: the card ``seat`` threw at its last turn this round."""
        rows = self.thrown
        thrown = rows[seat] if seat < len(rows) else ()
        return thrown[-1] if thrown else None

    def supply(self) -> int:
        """``_Shanghai._supply``: cards the stock can still give."""
        if self.used_up:
            return len(self.stock)
        return len(self.stock) + max(0, len(self.discard_pile) - 1)

    def _callers(self, current: int) -> tuple[int, ...]:
        """``_Shanghai.callers`` of the table with ``current`` in turn."""
        if not self.exposed or not self.discard_pile:
            return ()
        return self.variant._callers(self.seats, current, self.discarder, self.calls_used,
                                     self.supply())

    def awaiting(self) -> tuple[int, ...]:
        """``_Shanghai.awaiting`` of the table."""
        phase = self.phase
        if phase is Phase.CALLS:
            answered = self.answered
            return tuple([seat for seat in self._callers(self.current)
                          if seat not in answered])
        if phase is Phase.SHANGHAI:
            assert self.discarder is not None
            answered = self.answered
            return tuple([seat for seat in _after(self.seats, self.discarder)
                          if seat not in answered])
        if phase is Phase.GAME_OVER:
            return ()
        return (self.current,)

    def legal(self, seat: int) -> tuple[Action, ...]:
        """The legal moves of ``seat``, which is awaited (the engine's list)."""
        phase = self.phase
        if phase is Phase.CALLS:
            return _MAY_I_CALLS if self.may_i else _BUY_CALLS
        if phase is Phase.BUY_ANSWER:
            return _BUY_ANSWERS
        if phase is Phase.DRAW:
            return DRAW_CHOICES[self.supply() >= 1, bool(self.exposed and self.discard_pile)]
        # Worked out, not kept with the state as ``legal_actions`` keeps it: the table's
        # moves are made unchecked (a rare move the engine makes is checked again).
        return self.variant._legal_actions(self.state(), seat)

    # --- playing ---------------------------------------------------------------------------

    def play(self, choose: Callable[[DryShanghai, int, random.Random], Action], seat: int,
             first: Action, rng: random.Random, horizon: int, limit: int) -> tuple[int, int]:
        """The Hard search's rollout (``hard._Search.playout``) on this table: ``seat``'s
        ``first`` move, checked as ``apply_built`` checks it (``IllegalActionError``),
        then up to ``limit`` moves, each ``choose``'s for the seat awaited, until this
        round or the game is over, nobody is awaited, or (``horizon`` > 0) ``seat`` has
        ended its ``horizon``-th own turn after this one. Returns the moves made after
        ``first`` and the faults (a move the rules refused: play stops there)."""
        playing = self.round
        variant = self.variant
        start = self.state()
        if not variant._listed(start, seat, first):
            reason = variant._problem(start, seat, first)
            if reason is not None:
                raise IllegalActionError(reason)
        self.step(seat, first)
        ours = self.current == seat
        returns = steps = 0
        for _ in range(limit):
            if self.phase is Phase.GAME_OVER or self.round != playing:
                break
            awaiting = self.awaiting()
            if not awaiting:
                break
            turn = self.current
            if turn == seat and not ours:
                returns += 1
            elif turn != seat and ours and horizon and returns >= horizon:
                break
            ours = turn == seat
            mover = awaiting[0]
            try:
                self.step(mover, choose(self, mover, rng))
            except EngineError:
                return steps, 1
            steps += 1
        return steps, 0

    def step(self, seat: int, action: Action) -> None:
        """``seat`` makes ``action``: here if it is one of the usual moves, else by the
        engine on the state as it stands."""
        if self._made_here(seat, action):
            self._made = None
            self.moves += 1
        else:
            self._load(self.variant.apply_built(self.state(), seat, action).state)

    def _made_here(self, seat: int, action: Action) -> bool:
        """Whether ``action`` is one of the usual moves, made here if so."""
        phase = self.phase
        if phase is Phase.CALLS:
            if not isinstance(action, Call):
                return False
            self._call(seat, action)
            return True
        if phase is Phase.DRAW:
            if not isinstance(action, Draw):
                return False
            if action.source is Pile.STOCK and (
                    not self.stock or (self.may_i and self.requests and self.exposed)):
                return False  # a stock rebuilt, or May I granted with its penalty cards
            self._draw(action.source)
            return True
        if phase is Phase.PLAY:
            if isinstance(action, Discard):
                return self._discard(seat, action.card)
            return self._lay(seat, action)
        if phase is Phase.BUY_ANSWER:
            if not isinstance(action, AnswerBuy) or (
                    action.allow and len(self.stock) < self.variant.options.buy_extra_cards):
                return False  # a buy that rebuilds the stock
            self._answer_buy(action.allow)
            return True
        return False

    def _lay(self, seat: int, action: Action) -> bool:
        """``_Shanghai._play``'s go-down, lay-off, exchange or wild replaced, unless it
        empties the hand (the round's end: then False)."""
        hand, melds = self.hands[seat], self.melds
        if isinstance(action, LayOff):
            hand = without(hand, action.cards)
            if not hand:
                return False
            target = melds[action.target_seat]
            meld = extended(target[action.meld_index], action.cards, action.at_start)
            melds = replace_at(melds, action.target_seat,
                               replace_at(target, action.meld_index, meld))
        elif isinstance(action, GoDown):
            hand = without(hand, {c for meld in action.melds for c in meld.cards})
            if not hand:
                return False
            melds = replace_at(melds, seat, action.melds)
            self.down = replace_at(self.down, seat, True)
        elif isinstance(action, Exchange | ReplaceWild):
            target = melds[action.target_seat]
            meld = target[action.meld_index]
            swapped = Meld(meld.kind, tuple(action.natural if c == action.wild else c
                                            for c in meld.cards))
            melds = replace_at(melds, action.target_seat,
                               replace_at(target, action.meld_index, swapped))
            hand = without(hand, (action.natural,))
            if isinstance(action, Exchange):
                hand += (action.wild,)
                self.known[seat] += (action.wild,)
            else:
                if not hand:
                    return False
                dest_melds = melds[action.dest_seat]
                dest = extended(dest_melds[action.dest_index], (action.wild,),
                                action.dest_at_start)
                melds = replace_at(melds, action.dest_seat,
                                   replace_at(dest_melds, action.dest_index, dest))
        else:
            return False  # a take-back
        self.hands[seat], self.melds, self.played = hand, melds, True
        known = self.known[seat]
        if known:
            self.known[seat] = tuple([c for c in known if c in hand])
        return True

    def _call(self, seat: int, action: Call) -> None:
        """``_Shanghai._answer_call``."""
        if action.kind != "pass":
            self.requests += (seat,)
        else:
            _added(self.passed, seat, self.discard_pile[-1])
            self._tells = None
        answered = self.answered = self.answered + (seat,)
        if any(caller not in answered for caller in self._callers(self.current)):
            return  # the window stays open
        self.phase = Phase.DRAW if not self.requests or self.may_i else Phase.BUY_ANSWER

    def _drawn(self, card: Card, took_discard: bool) -> None:
        """``_Shanghai._drawn``: the player in turn draws ``card`` and plays."""
        seat = self.current
        hand = self.hands[seat] = self.hands[seat] + (card,)
        if took_discard:
            self.known[seat] += (card,)
        self.phase = Phase.PLAY
        self.took_discard, self.played = took_discard, False
        self.undo_hand, self.undo_melds, self.undo_down = hand, self.melds, self.down
        self.requests = self.answered = ()

    def _draw(self, source: Pile) -> None:
        """``_Shanghai._draw`` from the discard pile, or from a stock with cards and no
        May I asked."""
        pile = self.discard_pile
        if source is Pile.DISCARD:
            self.discard_pile = pile[:-1]
            self._drawn(pile[-1], True)
            return
        if self.exposed and pile:  # the player let the top discard go
            _added(self.passed, self.current, pile[-1])
            self._tells = None
        self._drawn(self.stock.pop(), False)

    def _answer_buy(self, allow: bool) -> None:
        """``_Shanghai._answer_buy`` (a buy granted from a stock that holds its cards)."""
        pile = self.discard_pile
        card = pile[-1]
        self.discard_pile = pile[:-1]
        if not allow:
            self._drawn(card, True)
            return
        current = self.current
        buyer = next(seat for seat in _after(self.seats, current) if seat in self.requests)
        _added(self.passed, current, card)
        self._tells = None
        stock = self.stock
        extra = tuple([stock.pop() for _ in range(self.variant.options.buy_extra_cards)])
        self.exposed = False
        self.hands[buyer] += (card,) + extra
        self.known[buyer] += (card,)
        used = self.calls_used
        self.calls_used = used[:buyer] + (used[buyer] + 1,) + used[buyer + 1:]
        self.phase = Phase.DRAW
        self.requests = self.answered = ()

    def _passes_on(self, seat: int) -> bool:
        """Whether a discard passes the turn on as usual: not the hand's last card, nor
        at the turn limit, nor with the stock gone for good (the round's end)."""
        limit = self.variant.options.round_turn_limit
        return (len(self.hands[seat]) > 1 and not (limit and self.turn + 1 >= limit)
                and bool(self.stock or not self.used_up))

    def _discard(self, seat: int, card: Card) -> bool:
        """``_Shanghai._discard``, unless it ends the round (or may: then False)."""
        pile = self.discard_pile + (card,)
        variant = self.variant
        # A Shanghai! window opens when the card fits some meld end: ``targets_for``
        # finds one exactly when the table's reading says it fits (tested), and the
        # reading is kept per table, where the targets are worked out per pile.
        window = self.may_i and variant.options.shanghai_calls and \
            table_fits(self.melds, variant.rules).fits(card)
        if not window and not self._passes_on(seat):
            return False
        self.hands[seat] = without_one(self.hands[seat], card)
        _added(self.thrown, seat, card)
        self._tells = None
        known = self.known[seat]
        if card in known:
            self.known[seat] = without_one(known, card)
        self.discard_pile, self.discarder, self.exposed = pile, seat, True
        self.turn += 1
        if window:
            self.phase = Phase.SHANGHAI
            self.answered = self.requests = ()
            return True
        following = (seat + 1) % self.seats
        supply = len(self.stock) + (0 if self.used_up else len(pile) - 1)
        callers = variant._callers(self.seats, following, seat, self.calls_used, supply)
        self.phase = Phase.CALLS if callers else Phase.DRAW
        self.current = following
        self.took_discard = self.played = False
        self.requests = self.answered = ()
        return True


def _added(rows: list[tuple[Card, ...]], seat: int, card: Card) -> None:
    """``tells._added`` in place: ``card`` after the others of ``seat``'s row (rows added
    for a state from a file written before tells were kept)."""
    while len(rows) <= seat:
        rows.append(())
    rows[seat] += (card,)
