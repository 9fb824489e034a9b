"""The screen matrix in German and French (issue 41): every screen of every game at the
smallest window (1024×640, where a longer word overflows first) in each shipped
language draws, fits its texts in their boxes and the window, overlaps nothing, names
every element, and shows no English where the language has its own words."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

import pytest
from babel.messages.pofile import read_po
from screen_checks import name_problems, outside_problems, overlap_problems, text_problems
from screen_reach import SIZES, Cell, Matrix, Seen, cells

from cardtable import i18n
from cardtable.i18n import catalogues
from cardtable.i18n.update import LOCALE

LANGUAGES = ("de", "fr")
SMALLEST = [cell for cell in cells() if cell.size == SIZES[0]]


class LanguageMatrix(Matrix):
    """The matrix with the table speaking ``code`` (the app follows the system's
    language when it starts, and each test starts in English)."""

    def __init__(self, code: str) -> None:
        super().__init__(walk=False)
        self.code = code

    def seen(self, cell: Cell) -> Seen:
        if i18n.language() != self.code:
            i18n.use(self.code)
        return super().seen(cell)


@pytest.fixture(scope="module", params=LANGUAGES)
def matrix(request: pytest.FixtureRequest,
           tmp_path_factory: pytest.TempPathFactory) -> Iterator[LanguageMatrix]:
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("CARDTABLE_HOME", str(tmp_path_factory.mktemp("languages-home")))
        found = LanguageMatrix(request.param)
        yield found
        found.close()
        i18n.use("en")


@cache
def english_left(code: str) -> frozenset[str]:
    """The English of every message (of a few words, no placeholders) that the language
    says otherwise in every context: a screen showing one of these shows English."""
    with (LOCALE / f"{code}.po").open("rb") as stream:
        catalogue = read_po(stream)
    same = {message.id for message in catalogue if message.string == message.id}
    """Words the language keeps in some context ("Normal" for an AI level in French)."""
    return frozenset(message.id for message in catalogue
                     if isinstance(message.id, str) and message.id and "{" not in message.id
                     and isinstance(message.string, str) and message.string
                     and message.id not in same and len(message.id) > 3
                     and any(ch.isalpha() for ch in message.id))


def _seen(matrix: LanguageMatrix, cell: Cell) -> Seen:
    seen = matrix.seen(cell)
    assert seen.error is None, f"{matrix.code} {cell.id}: {seen.error}"
    assert seen.model is not None, f"{matrix.code} {cell.id}: {seen.no_model}"
    return seen


@pytest.mark.parametrize("cell", [pytest.param(cell, id=cell.id) for cell in SMALLEST])
def test_every_screen_fits_and_is_named_in_every_language(matrix: LanguageMatrix,
                                                          cell: Cell) -> None:
    model = _seen(matrix, cell).model
    assert model is not None
    problems = (text_problems(model) + outside_problems(model, cell.size)
                + overlap_problems(model) + name_problems(model))
    assert not problems, f"{matrix.code} {cell.id}: " + "; ".join(problems)


@pytest.mark.parametrize("cell", [pytest.param(cell, id=cell.id) for cell in SMALLEST])
def test_no_screen_shows_english_where_the_language_has_its_own_words(
        matrix: LanguageMatrix, cell: Cell) -> None:
    seen = _seen(matrix, cell)
    assert seen.model is not None
    shown = [text.content for element in seen.model for text in element.texts]
    shown += [element.name for element in seen.model] + list(seen.spoken.values())
    english = english_left(matrix.code)
    left = sorted({words for words in shown if words in english})
    assert not left, f"{matrix.code} {cell.id}: English shown: {left}"


def test_the_languages_checked_are_the_languages_shipped() -> None:
    assert set(LANGUAGES) == set(catalogues.available()) - {"en"}
