"""What the review screen says, in a player's words: the summary line, each costly
decision's cost with its uncertainty, the progress. Plain text from a ``Review``, so
the screen and its tests read the same sentences. No pygame here.
"""

from __future__ import annotations

import math

from ..ai.review import Estimate, Judgement, Review
from .grammar import plural
from .tables import playable, table_for


def amount(value: float) -> str:
    """A figure as a player reads it: whole above 10, one decimal below."""
    if not math.isfinite(value):
        return "?"
    shown = f"{value:.0f}" if abs(value) >= 10 else f"{value:.1f}".rstrip("0").rstrip(".")
    return "0" if shown in ("-0", "") else shown


def with_spread(estimate: Estimate, scale: float = 1.0) -> str:
    """"7 ± 2": the mean and its standard error."""
    return f"{amount(estimate.mean * scale)} \u00b1 {amount(estimate.se * scale)}"


def cost_words(review: Review, judgement: Judgement) -> str:
    """"≈ 7 ± 2 penalty points; 4 ± 1 % less chance of winning the game"."""
    return (f"\u2248 {with_spread(judgement.terms)} {review.unit}; "
            f"{with_spread(judgement.chance, 100)} % less chance of winning the game")


def item_words(review: Review, number: int, judgement: Judgement, rounds: bool) -> str:
    """A costly decision in the list, by what ranks it (the chance of winning lost) and
    in the game's terms: "2.  Round 3:  −4 %, ≈ 7 penalty points"."""
    where = f"Round {judgement.round}" if rounds else f"Move {judgement.move}"
    return (f"{number}.  {where}:  −{amount(100 * judgement.chance.mean)} %, "
            f"≈ {amount(judgement.terms.mean)} {review.unit}")


def where_words(judgement: Judgement, rounds: bool) -> str:
    """Where the decision was, numbered as the replay numbers its positions (the
    replay at "move 158" shows the position the 159th move was made from)."""
    move = f"Move {judgement.move}"
    return f"{move}, round {judgement.round}" if rounds else move


def summary_words(review: Review) -> str:
    """The summary line: decisions reviewed, how many cost something and what in all,
    and Hard in the seat on the same cards."""
    decisions = review.decisions
    costly = review.mistakes()
    reviewed = f"{decisions} decision{'' if decisions == 1 else 's'} reviewed"
    if not costly:
        said = f"{reviewed}: none cost anything beyond the noise."
    else:
        said = (f"{reviewed}; {len(costly)} cost something beyond the noise: "
                f"\u2248 {amount(review.total_terms)} {review.unit} and "
                f"{amount(100 * review.total_chance)} % of your chance of winning "
                "in all.")
    compared = review.comparison
    if compared is not None:
        after = "" if compared.finished else \
            f" after round {compared.rounds}"
        said += (f" Hard in your seat, on the same cards{after}: "
                 f"{score_words(review.game_id, compared.hard)} "
                 f"(you: {amount(compared.played)}).")
    return said


def score_words(game_id: str, score: float) -> str:
    """A game's score as its game-over screen words it ("121 points", "7 missions",
    "5 cards left"; May I counts points earned, not penalty points)."""
    if not playable(game_id):
        return amount(score)
    description = table_for(game_id).description
    return plural(round(score), description.score_one, description.score_word)


def progress_words(done: int, total: int) -> str:
    if total == 0:
        return "Reading the game\u2026"
    if done >= total:
        return "Comparing with Hard in your seat, on the same cards\u2026"
    return f"Reviewing your decisions: {done + 1} of {total}"
