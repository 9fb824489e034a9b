"""How often a Monastery discard feeds a next player who is one mission from winning.

    python3 bench/feeding.py [--games N] [--seed S] [--seats K] [--bot-seed B]

Plays N games of Normal at every seat. At each position where the seat to move discards
(Normal's move there is a discard, and so is Hard's) and the next player (who may take
the discard) has one mission left, it asks from the same view and generator what Hard
(the full bot, search included) and Normal discard, and takes a random card of the same
hand. A card **feeds** him when, added to his real hand, it brings his last mission
nearer (``cards_needed`` falls) and he holds enough cards to lay that mission this round:
a player down to two cards after laying his eighth cannot lay a run of five, whatever he
takes, and the round's hands are thrown in. Prints, for each, the share of those discards
that feed him ("any nearer": the same without the cards he holds, as first measured),
and the share of positions where every card would feed him. Issue 38's goal: Hard's
share at most half the random card's.

Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def main() -> None:
    from cardtable.ai import make_bot
    from cardtable.ai.seats import bot_rng
    from cardtable.engine import Discard, Game
    from cardtable.engine.missions import MISSIONS, cards_needed
    from cardtable.engine.monastery import Phase

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--bot-seed", type=int, default=0)
    args = parser.parse_args()

    normal, hard = make_bot("normal"), make_bot("hard")
    chooser = random.Random(args.seed)
    fed = {"hard": 0, "normal": 0, "random card": 0}
    raw = dict(fed)
    positions = unavoidable = 0
    for number in range(args.games):
        game, _ = Game.new("monastery", args.seats, args.seed + number)
        while not game.over:
            seat = game.awaiting()[0]
            view = game.observe(seat)
            state = game.state
            taker = (seat + 1) % args.seats
            open_missions = [n for n in MISSIONS if n not in state.done[taker]]
            move = normal.choose(view, bot_rng(game, seat, args.bot_seed), 0.0, lambda: False)
            if state.phase is Phase.PLAY and isinstance(move, Discard) and \
                    len(open_missions) == 1:
                last = MISSIONS[open_missions[0]]
                his = state.hands[taker]
                now = cards_needed(his, last)

                def nearer(card: object, his=his, last=last, now=now) -> bool:
                    return cards_needed((*his, card), last) < now

                def feeds(card: object, his=his, last=last) -> bool:
                    return len(his) + 1 >= last.cards and nearer(card)

                searched = hard.choose(view, bot_rng(game, seat, args.bot_seed), 0.0,
                                       lambda: False)
                if isinstance(searched, Discard):
                    positions += 1
                    for name, card in (("hard", searched.card), ("normal", move.card),
                                       ("random card", chooser.choice(view.hand))):
                        fed[name] += feeds(card)
                        raw[name] += nearer(card)
                    unavoidable += all(feeds(card) for card in view.hand)
            game.apply(seat, move)
    print(f"{args.games} games of Normal self-play at {args.seats} seats: {positions} discards "
          "with the next player one mission from winning")
    share = 100 / max(1, positions)
    for name, count in fed.items():
        print(f"  {name:<12} feeds him {count:>5} times {count * share:5.1f} %   "
              f"(any nearer: {raw[name]:>5} {raw[name] * share:5.1f} %)")
    print(f"  every card of the hand would feed him: {100 * unavoidable / max(1, positions):.1f} %")
    ratio = fed["hard"] / max(1, fed["random card"])
    print(f"Hard's feeding against a random card's: {ratio:.2f} (goal: at most 0.50)")


if __name__ == "__main__":
    main()
