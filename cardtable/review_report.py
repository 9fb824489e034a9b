"""A review in a terminal: a summary line and a short table of the costliest decisions
(``cardtable review``), or the same as JSON."""

from __future__ import annotations

import json

from .ai.review import Judgement, Review
from .app.review_words import score_words
from .engine.codec import JSONObject


def percent(chance: float) -> str:
    return f"{100 * chance:.1f} %"


def summary_lines(review: Review, title: str) -> list[str]:
    """What the review found, in a player's words."""
    mistakes = review.mistakes()
    lines = [f"{title}, seat {review.seat}: {review.decisions} decisions reviewed, "
             f"{len(mistakes)} cost something beyond the noise."]
    if mistakes:
        lines.append(f"In all they cost about {review.total_terms:+.1f} {review.unit} and "
                     f"{percent(review.total_chance)} of your chance of winning the game.")
    else:
        lines.append("No decision cost anything the review could tell from luck.")
    comparison = review.comparison
    if comparison is not None:
        at = "at the end" if comparison.finished else \
            f"after {comparison.rounds} round{'s' if comparison.rounds != 1 else ''}"
        verdict = ("would have won" if comparison.hard_won else "would not have won") \
            if comparison.finished else ("would have been ahead" if comparison.hard_won
                                         else "would not have been ahead")
        lines.append(f"Hard in this seat, on the same cards: "
                     f"{score_words(review.game_id, comparison.hard)} "
                     f"(you: {comparison.played:g}) {at}; Hard {verdict}.")
    return lines


def _cost(judgement: Judgement, unit: str) -> str:
    terms = judgement.terms
    return f"{terms.mean:+.1f} ± {terms.se:.1f} {unit}"


def format_review(review: Review, title: str, top: int) -> str:
    lines = summary_lines(review, title)
    chosen = review.costliest(top)
    if not chosen:
        return "\n".join(lines)
    rows = [("", "move", "round", "you played", "better", "cost", "chance lost")]
    for rank, j in enumerate(chosen, 1):
        rows.append((str(rank), str(j.move), str(j.round), j.played_words, j.better_words,
                     _cost(j, review.unit),
                     f"{percent(j.chance.mean)} ± {percent(j.chance.se)}"))
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines.append("")
    for index, row in enumerate(rows):
        lines.append("  ".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip())
        if index:
            lines.append(f"{' ' * (widths[0] + 2)}why: {chosen[index - 1].why}")
    return "\n".join(lines)


def review_json(review: Review, top: int) -> str:
    """The costliest decisions as a JSON list (``move`` is the index in the record's
    actions; ``cost`` in the game's unit, positive is worse)."""
    items: list[JSONObject] = []
    for judgement in review.costliest(top):
        item = judgement.to_json()
        item["unit"] = review.unit
        items.append(item)
    return json.dumps(items, ensure_ascii=False, indent=1)
