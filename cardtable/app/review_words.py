"""What the review screen says, in a player's words: the summary line, each costly
decision's cost with its uncertainty, the progress. Plain text from a ``Review``, so
the screen and its tests read the same sentences. No pygame here.
"""

from __future__ import annotations

import math

from babel.numbers import get_decimal_symbol

from ..ai.review import Estimate, Judgement, Review
from ..i18n import _, babel_locale, ngettext, text
from .tables import playable, table_for


def amount(value: float) -> str:
    """A figure as a player reads it: whole above 10, one decimal below (the decimal
    sign the language's)."""
    if not math.isfinite(value):
        return "?"
    shown = f"{value:.0f}" if abs(value) >= 10 else f"{value:.1f}".rstrip("0").rstrip(".")
    if shown in ("-0", ""):
        return "0"
    return shown.replace(".", get_decimal_symbol(babel_locale()))


def unit(review: Review) -> str:
    """The game's terms ("penalty points"): the AI's words, which a review read back from
    its file holds as plain English, so they are looked up in the catalogue too."""
    return _(text(review.unit))


def with_spread(estimate: Estimate, scale: float = 1.0) -> str:
    """"7 ± 2": the mean and its standard error."""
    return f"{amount(estimate.mean * scale)} \u00b1 {amount(estimate.se * scale)}"


def cost_words(review: Review, judgement: Judgement) -> str:
    """"≈ 7 ± 2 penalty points; 4 ± 1 % less chance of winning the game"."""
    return _("\u2248 {cost} {unit}; {chance} % less chance of winning the game").format(
        cost=with_spread(judgement.terms), unit=unit(review),
        chance=with_spread(judgement.chance, 100))


def item_words(review: Review, number: int, judgement: Judgement, rounds: bool) -> str:
    """A costly decision in the list, by what ranks it (the chance of winning lost) and
    in the game's terms: "2.  Round 3:  −4 %, ≈ 7 penalty points"."""
    values = {"number": number, "round": judgement.round, "move": judgement.move,
              "chance": amount(100 * judgement.chance.mean),
              "cost": amount(judgement.terms.mean), "unit": unit(review)}
    if rounds:
        return _("{number}.  Round {round}:  \u2212{chance} %, \u2248 {cost} {unit}").format(
            **values)
    return _("{number}.  Move {move}:  \u2212{chance} %, \u2248 {cost} {unit}").format(**values)


def where_words(judgement: Judgement, rounds: bool) -> str:
    """Where the decision was, numbered as the replay numbers its positions (the
    replay at "move 158" shows the position the 159th move was made from)."""
    if rounds:
        return _("Move {move}, round {round}").format(move=judgement.move,
                                                      round=judgement.round)
    return _("Move {move}").format(move=judgement.move)


def summary_words(review: Review) -> str:
    """The summary line: decisions reviewed, how many cost something and what in all,
    and Hard in the seat on the same cards."""
    decisions = review.decisions
    costly = review.mistakes()
    if not costly:
        said = ngettext("{count} decision reviewed: none cost anything beyond the noise.",
                        "{count} decisions reviewed: none cost anything beyond the noise.",
                        decisions).format(count=decisions)
    else:
        said = ngettext(
            "{count} decision reviewed; {costly} cost something beyond the noise: "
            "\u2248 {cost} {unit} and {chance} % of your chance of winning in all.",
            "{count} decisions reviewed; {costly} cost something beyond the noise: "
            "\u2248 {cost} {unit} and {chance} % of your chance of winning in all.",
            decisions).format(count=decisions, costly=len(costly),
                              cost=amount(review.total_terms), unit=unit(review),
                              chance=amount(100 * review.total_chance))
    compared = review.comparison
    if compared is not None:
        values = {"round": compared.rounds, "score": score_words(review.game_id, compared.hard),
                  "played": amount(compared.played)}
        if compared.finished:
            said += " " + _("Hard in your seat, on the same cards: {score} "
                            "(you: {played}).").format(**values)
        else:
            said += " " + _("Hard in your seat, on the same cards after round {round}: "
                            "{score} (you: {played}).").format(**values)
    return said


def score_words(game_id: str, score: float) -> str:
    """A game's score as its game-over screen words it ("121 points", "7 missions",
    "5 cards left"; May I counts points earned, not penalty points). The table's words
    are marked for the catalogue where the table is written."""
    if not playable(game_id):
        return amount(score)
    description = table_for(game_id).description
    count = round(score)
    word = description.score_one if count == 1 else description.score_word
    # Translators: a score and what it counts: "121 points", "5 cards left"
    return _("{count} {unit}").format(count=count, unit=_(word))


def progress_words(done: int, total: int) -> str:
    if total == 0:
        return _("Reading the game\u2026")
    if done >= total:
        return _("Comparing with Hard in your seat, on the same cards\u2026")
    return _("Reviewing your decisions: {number} of {total}").format(number=done + 1,
                                                                     total=total)
