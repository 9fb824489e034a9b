"""Building melds at the rummy table: the status line of the groups being built, the
line over the hand, Arrange for me and Go down, each saying what is wrong in a
player's words.

A helper the table holds (one job: the groups being built, in words, and the two
commands that act on them); it never draws.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...i18n import N_, _, card_name, ngettext, text
from .table_parts import refusal

if TYPE_CHECKING:
    from .table import TableScene


DRAG_HINTS = {
    "book": N_("Drag cards to + to build books and runs, or press Arrange"),
    "set": N_("Drag cards to + to build sets and runs, or press Arrange"),
}
"""What to do with no group built yet, by the rules' word for a set (Five Crowns says
"book"): one whole sentence each, as a language words the plural its own way."""
SEPARATOR = "  \u00b7  "


class Building:
    """The groups being built, in words, and the two buttons that act on them."""

    def __init__(self, table: TableScene) -> None:
        self.table = table

    def meld_status(self) -> tuple[str, bool | None] | None:
        """The status line of the groups being built (or the game's own, such as the
        mission in focus, which it words for every phase): the text and whether it is
        good (None: neutral). Lines after the first are notes, drawn dim."""
        table = self.table
        view = table.view
        building, groups = table._my_discard_phase(), table.groups
        own = table.desc.build_status(view, groups, table.goals.chosen)
        if own is not None:
            return (text(own[0]), own[1]) if own[0] else None
        if view.melds[table.session.human]:
            return None
        if building and not groups:
            word = table.desc.rules(view).set_word
            return (_(DRAG_HINTS.get(word, DRAG_HINTS["set"])), None)
        if not groups:
            return None
        problems = []
        for index, cards in enumerate(groups):
            if not table.desc.group_label(view, cards)[1]:
                made = table.desc.group(view, cards)
                # Translators: a group being built (its number) and what is wrong with it.
                problems.append(_("{number}: {problem}").format(
                    number=index + 1, problem=text(made) if isinstance(made, str) else made))
        staged = {card for cards in groups for card in cards}
        left = [c for c in view.hand if c not in staged and c not in table.selected]
        status = "; ".join(problems) if problems else _("Melds valid")
        points = table.desc.points(view, left)
        return (status + SEPARATOR + ngettext("{count} point would stay in hand",
                                              "{count} points would stay in hand",
                                              points).format(count=points), not problems)

    def hand_label(self) -> str:
        """The line over the person's hand: score, the game's note, dealer."""
        table = self.table
        human, view = table.session.human, table.view
        note = table.desc.seat_note(view, human)
        parts = [_("You"), text(table.desc.score_text(view, human)), text(note) if note else "",
                 _("dealer") if human == view.dealer else ""]
        return SEPARATOR.join(part for part in parts if part)

    def arrange(self) -> None:
        table = self.table
        if not table._my_discard_phase():
            table.say(_("You can arrange your cards once you have drawn."))
            return
        if table._is_down():  # as the button: nothing is left to build this round
            table.say(table.desc.down_message(table.view))
            return
        groups, discard = table.desc.arrangement(table.view, table.goals.chosen)
        table.groups = groups
        table.selected = {discard} if discard is not None else set()
        left = [c for c in table.view.hand if c not in {x for g in groups for x in g}
                and c != discard]
        if table.desc.go_down(table.view, groups) is not None:  # groups laid on their own
            if groups:
                table.say(table.desc.ready_message(table.view), good=True)
            else:
                table.say(table.desc.arrange_message(table.view, table.goals.chosen))
            return
        if not left and discard is not None:
            table.say(_("Ready: discard {card} to finish.").format(card=card_name(discard)),
                      good=True)
        elif table.desc.final_turn(table.view):
            points = table.desc.points(table.view, left)
            best = ngettext("Best lay-down: {count} point stays in your hand; discard {card}.",
                            "Best lay-down: {count} points stay in your hand; discard {card}.",
                            points) if discard is not None else ngettext(
                "Best lay-down: {count} point stays in your hand; discard a card.",
                "Best lay-down: {count} points stay in your hand; discard a card.", points)
            table.say(best.format(count=points,
                                  card=card_name(discard) if discard is not None else ""),
                      good=True)
        else:
            points = table.desc.points(table.view, left)
            table.say(ngettext(
                "Not out yet: {count} point would stay. You lay down only to go out.",
                "Not out yet: {count} points would stay. You lay down only to go out.",
                points).format(count=points))

    def go_down(self) -> None:
        table = self.table
        if table._is_down():
            table.say(table.desc.down_message(table.view))
            return
        action = table.desc.go_down(table.view, table.groups, table.goals.chosen)
        if action is None or not table.groups:
            table.say(table.desc.build_first_message(table.view))
            return
        reason = table.desc.go_down_problem(table.view, table.groups)
        if reason is not None:
            table.say(refusal(reason))
            return
        if table.play(action):
            table.groups = []
