"""The shipped catalogues: the template holds every message of the code and the rules
pages, and every language holds every message, translated, with the English's
placeholders (a translation naming another value would show English; one leaving a value
out would lose it)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from cardtable.engine.text import fields
from cardtable.i18n import catalogues, update

LOCALE = Path(catalogues.__file__).resolve().parent.parent / "locale"
LANGUAGES = sorted(path.stem for path in LOCALE.glob("*.po"))
SHIPPED = ("de", "fr")
PERCENT = re.compile(r"%(?:\([a-z_]+\))?[sdr%]")
"""argparse's own words keep its %-style placeholders."""


def _placeholders(text: str) -> tuple[frozenset[str], tuple[str, ...]]:
    try:
        braces = fields(text)
    except ValueError:
        braces = frozenset({"<unbalanced braces>"})
    return braces, tuple(sorted(PERCENT.findall(text)))


@pytest.fixture(scope="module")
def template():
    return update.template()


def test_the_template_holds_every_message_of_the_code_and_the_rules_pages(template):
    """What ``python -m cardtable.i18n.update --check`` checks, on the one extraction."""
    assert update.written(template) == update.TEMPLATE.read_bytes(), \
        "the code's messages changed: run python -m cardtable.i18n.update"


def test_german_and_french_are_shipped():
    assert set(SHIPPED) <= set(LANGUAGES)
    assert catalogues.available()[0] == "en" and set(SHIPPED) <= set(catalogues.available())


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_message_is_translated_with_the_english_placeholders(code, template):
    with (LOCALE / f"{code}.po").open("rb") as stream:
        catalogue = read_po(stream)
    missing, untranslated, fuzzy, placeholders = [], [], [], []
    for message in template:
        if not message.id:
            continue
        found = catalogue.get(message.id, message.context)
        if found is None:
            missing.append(message.id)
            continue
        if found.fuzzy:
            fuzzy.append(message.id)
        english = (message.id,) if isinstance(message.id, str) else tuple(message.id)
        forms = (found.string,) if isinstance(found.string, str) else tuple(found.string)
        if not forms or not all(forms):
            untranslated.append(message.id)
            continue
        wanted = {_placeholders(english[0]), _placeholders(english[-1])}
        for form in forms:
            if _placeholders(form) not in wanted:
                placeholders.append(f"{english[-1]!r} -> {form!r}")
    assert not missing, f"{code}: {len(missing)} messages missing, e.g. {missing[:5]}"
    assert not untranslated, \
        f"{code}: {len(untranslated)} untranslated, e.g. {untranslated[:5]}"
    assert not fuzzy, f"{code}: {len(fuzzy)} marked fuzzy, e.g. {fuzzy[:5]}"
    assert not placeholders, f"{code}: placeholders differ: {placeholders[:5]}"


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_catalogue_loads_and_names_its_language(code):
    loaded = catalogues.load(code)
    assert loaded.problem is None
    with (LOCALE / f"{code}.po").open("rb") as stream:
        assert str(read_po(stream).locale) == code
