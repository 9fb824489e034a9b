"""Building melds at the rummy table: the status line of the groups being built, the
line over the hand, Arrange for me and Go down, each saying what is wrong in a
player's words.

A mixin of the table scene, over its actions.
"""

from __future__ import annotations

from .rummy_actions import RummyActions


class RummyBuilding(RummyActions):
    """The groups being built, in words, and the two buttons that act on them."""

    def meld_status(self) -> tuple[str, bool | None] | None:
        """The status line of the groups being built (or the game's own, such as the
        mission in focus, which it words for every phase): the text and whether it is
        good (None: neutral). Lines after the first are notes, drawn dim."""
        view = self.view
        building, groups = self._my_discard_phase(), self.groups
        own = self.desc.build_status(view, groups, self.goals.chosen)
        if own is not None:
            return own if own[0] else None
        if view.melds[self.session.human]:
            return None
        if building and not groups:
            word = self.desc.rules(view).set_word
            return (f"Drag cards to + to build {word}s and runs, or press Arrange", None)
        if not groups:
            return None
        problems = [f"{index + 1}: {self.desc.group(view, cards)}"
                    for index, cards in enumerate(groups)
                    if not self.desc.group_label(view, cards)[1]]
        staged = {card for cards in groups for card in cards}
        left = [c for c in view.hand if c not in staged and c not in self.selected]
        status = "; ".join(problems) if problems else "Melds valid"
        return (f"{status}  \u00b7  {self.desc.points(view, left)} points would stay in hand",
                not problems)

    def hand_label(self) -> str:
        """The line over the person's hand: score, the game's note, dealer."""
        human, view = self.session.human, self.view
        note = self.desc.seat_note(view, human)
        label = f"You  \u00b7  {self.desc.score_text(view, human)}" + \
            (f"  \u00b7  {note}" if note else "")
        return label + ("  \u00b7  dealer" if human == view.dealer else "")

    def arrange(self) -> None:
        if not self._my_discard_phase():
            self.say("You can arrange your cards once you have drawn.")
            return
        if self._is_down():  # as the button: nothing is left to build this round
            self.say(self.desc.down_message(self.view))
            return
        groups, discard = self.desc.arrangement(self.view, self.goals.chosen)
        self.groups = groups
        self.selected = {discard} if discard is not None else set()
        left = [c for c in self.view.hand if c not in {x for g in groups for x in g}
                and c != discard]
        if self.desc.go_down(self.view, groups) is not None:  # groups laid on their own
            if groups:
                self.say(self.desc.ready_message(self.view), good=True)
            else:
                self.say(self.desc.arrange_message(self.view, self.goals.chosen))
            return
        if not left and discard is not None:
            self.say(f"Ready: discard {discard.pretty} to finish.", good=True)
        elif self.desc.final_turn(self.view):
            points = self.desc.points(self.view, left)
            self.say(f"Best lay-down: {points} points stay in your hand; discard "
                     f"{discard.pretty if discard else 'a card'}.", good=True)
        else:
            points = self.desc.points(self.view, left)
            self.say(f"Not out yet: {points} points would stay. You lay down only to go out.")

    def go_down(self) -> None:
        if self._is_down():
            self.say(self.desc.down_message(self.view))
            return
        action = self.desc.go_down(self.view, self.groups, self.goals.chosen)
        if action is None or not self.groups:
            self.say(self.desc.build_first_message(self.view))
            return
        reason = self.desc.go_down_problem(self.view, self.groups)
        if reason is not None:
            self.say(reason[0].upper() + reason[1:] + ".")
            return
        if self.play(action):
            self.groups = []
