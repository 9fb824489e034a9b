"""A review in a terminal: a summary line and a short table of the costliest decisions
(``cardtable review``), or the same as JSON."""

from __future__ import annotations

import json

from babel.numbers import format_decimal

from .ai.review import Judgement, Review
from .app.review_words import score_words
from .engine.codec import JSONObject
from .i18n import _, babel_locale, ngettext, pgettext, text


def percent(chance: float) -> str:
    return _("{amount} %").format(amount=_decimal(100 * chance, "0.0"))


def _decimal(value: float, pattern: str) -> str:
    """A number with one decimal, as the language writes it (``pattern``: Babel's)."""
    return format_decimal(round(value, 1), format=pattern, locale=babel_locale())


def _unit(review: Review) -> str:
    """The game's unit in the language (a message while fresh, its English from JSON:
    the English is the catalogue's msgid either way)."""
    return _(review.unit)


def summary_lines(review: Review, title: str) -> list[str]:
    """What the review found, in a player's words."""
    mistakes = review.mistakes()
    lines = [ngettext(
        "{title}, seat {seat}: {count} decision reviewed, {mistakes} cost something "
        "beyond the noise.",
        "{title}, seat {seat}: {count} decisions reviewed, {mistakes} cost something "
        "beyond the noise.", review.decisions).format(
            title=text(title), seat=review.seat, count=review.decisions,
            mistakes=len(mistakes))]
    if mistakes:
        lines.append(_("In all they cost about {amount} {unit} and {chance} of your chance "
                       "of winning the game.").format(
            amount=_decimal(review.total_terms, "+0.0;-0.0"), unit=_unit(review),
            chance=percent(review.total_chance)))
    else:
        lines.append(_("No decision cost anything the review could tell from luck."))
    comparison = review.comparison
    if comparison is not None:
        hard = text(score_words(review.game_id, comparison.hard))
        played = f"{comparison.played:g}"
        if comparison.finished:
            sentence = (_("Hard in this seat, on the same cards: {hard} (you: {played}) at "
                          "the end; Hard would have won.") if comparison.hard_won else
                        _("Hard in this seat, on the same cards: {hard} (you: {played}) at "
                          "the end; Hard would not have won."))
        elif comparison.hard_won:
            sentence = ngettext(
                "Hard in this seat, on the same cards: {hard} (you: {played}) after {count} "
                "round; Hard would have been ahead.",
                "Hard in this seat, on the same cards: {hard} (you: {played}) after {count} "
                "rounds; Hard would have been ahead.", comparison.rounds)
        else:
            sentence = ngettext(
                "Hard in this seat, on the same cards: {hard} (you: {played}) after {count} "
                "round; Hard would not have been ahead.",
                "Hard in this seat, on the same cards: {hard} (you: {played}) after {count} "
                "rounds; Hard would not have been ahead.", comparison.rounds)
        lines.append(sentence.format(hard=hard, played=played, count=comparison.rounds))
    return lines


def _cost(judgement: Judgement, unit: str) -> str:
    terms = judgement.terms
    return _("{amount} ± {spread} {unit}").format(
        amount=_decimal(terms.mean, "+0.0;-0.0"), spread=_decimal(terms.se, "0.0"),
        unit=unit)


def format_review(review: Review, title: str, top: int) -> str:
    lines = summary_lines(review, title)
    chosen = review.costliest(top)
    if not chosen:
        return "\n".join(lines)
    # Translators: the columns of the table of costliest decisions (cardtable review)
    column = "review table column"
    rows = [("", pgettext(column, "move"), pgettext(column, "round"),
             pgettext(column, "you played"), pgettext(column, "better"),
             pgettext(column, "cost"), pgettext(column, "chance lost"))]
    for rank, j in enumerate(chosen, 1):
        rows.append((str(rank), str(j.move), str(j.round), text(j.played_words),
                     text(j.better_words), _cost(j, _unit(review)),
                     _("{chance} ± {spread}").format(chance=percent(j.chance.mean),
                                                     spread=percent(j.chance.se))))
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines.append("")
    for index, row in enumerate(rows):
        lines.append("  ".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip())
        if index:
            why = _("why: {reason}").format(reason=text(chosen[index - 1].why))
            lines.append(f"{' ' * (widths[0] + 2)}{why}")
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
