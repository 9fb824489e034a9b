"""A reason the history and its waiting games share is said once in any language: the
one sentence is made from the parts each sentence keeps, never by reading English back."""

from __future__ import annotations

import gettext
from collections.abc import Iterator

import pytest

from cardtable.app.reasons import GamesWaiting, HistoryUnread, said_once
from cardtable.i18n import current

GERMAN = {
    "Your game history could not be read: {reason}.":
        "Dein Spielverlauf konnte nicht gelesen werden: {reason}.",
    "{count} game is waiting to be written to your history: {reason}.":
        "{count} Spiel wartet darauf, in deinen Spielverlauf geschrieben zu werden: {reason}.",
    "Your game history could not be read just now, and {count} game is waiting to be "
    "written to it: {reason}.":
        "Dein Spielverlauf konnte gerade nicht gelesen werden, und {count} Spiel wartet "
        "darauf, hineingeschrieben zu werden: {reason}.",
}


class _Fake(gettext.NullTranslations):
    def gettext(self, message: str) -> str:
        return GERMAN.get(message, message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return GERMAN.get(singular if n == 1 else plural, singular if n == 1 else plural)


@pytest.fixture
def german() -> Iterator[None]:
    before = current._translations[0]
    current._translations[0] = _Fake()
    yield
    current._translations[0] = before


def test_a_shared_reason_is_said_once_in_another_language(german: None) -> None:
    locked = "ein anderes Programm benutzt ihn"
    unread, waiting = HistoryUnread(locked), GamesWaiting(1, locked)
    assert unread.startswith("Dein Spielverlauf") and waiting.startswith("1 Spiel wartet")
    assert said_once([unread, waiting]) == [
        "Dein Spielverlauf konnte gerade nicht gelesen werden, und 1 Spiel wartet darauf, "
        f"hineingeschrieben zu werden: {locked}."]


def test_sentences_that_only_look_alike_are_both_said() -> None:
    locked = "another program is using it (it is locked)"
    copied = f"Your game history could not be read: {locked}."
    assert said_once([copied, GamesWaiting(1, locked)]) == [
        copied, f"1 game is waiting to be written to your history: {locked}."]
