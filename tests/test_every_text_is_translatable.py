"""Every text a player reads or hears goes through the catalogue (issue 41): every
screen of the matrix, in a pseudo-language that marks each translated text
(``pseudo_language``), shows no word outside the marks but the players' own names."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from babel.dates import get_month_names
from pseudo_language import pseudo, untranslated
from screen_reach import SIZES, Matrix, cells

from cardtable.i18n import available
from cardtable.i18n.catalogues import own_name

CELLS = list({(cell.game_id, cell.screen): cell for cell in cells()
              if cell.size == SIZES[1]}.values())
"""Each screen of each game once, at the middle size and its largest table (whether a
text goes through the catalogue does not change with the window or the seats; every
screen at every seat count is drawn in German and French by ``test_screen_languages``)."""
NAMES = frozenset({"cardtable", "SDL", "Python"}
                  | {own_name(code) for code in available()}
                  | set(get_month_names("abbreviated", locale="en").values()))
"""Words that are no language's or come from the locale's own data: the program's name,
the libraries in its version, each language named in itself (Settings → Language), and
the months Babel names in dates."""


@pytest.fixture(scope="module")
def marked(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matrix]:
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("CARDTABLE_HOME", str(tmp_path_factory.mktemp("pseudo-home")))
        with pseudo():
            found = Matrix(walk=False)
            for cell in CELLS:
                found.seen(cell)
            found.close()
        yield found


@pytest.mark.parametrize("cell", [pytest.param(cell, id=cell.id) for cell in CELLS])
def test_every_text_on_every_screen_goes_through_the_catalogue(marked: Matrix, cell) -> None:
    seen = marked.seen(cell)
    assert seen.error is None and seen.model is not None, seen.error or seen.no_model
    shown = [(element.id, text.content) for element in seen.model for text in element.texts]
    shown += [(element.id, element.name) for element in seen.model]
    shown += list(seen.spoken.items())
    left = sorted({f"{where}: {words!r}" for where, words in shown
                   if untranslated(words, NAMES)})
    assert not left, f"{cell.id}: text not in the catalogue: {left[:12]}"


def test_the_marks_find_english_text() -> None:
    assert untranslated("\u27eaYou drew {card}\u27eb West drew") == ["West", "drew"]
    assert untranslated("\u27eaRound \u27eathree\u27eb\u27eb 7\u2665") == []
