"""Make the catalogue template from the code and the rules pages, and bring every
language's ``.po`` up to date with it: ``python -m cardtable.i18n.update``.

The template holds every message ``_``, ``ngettext``, ``pgettext``, ``N_`` (app) and
``msg``, ``nmsg`` (engine and AI) are given as string literals, each with the comment a
``# Translators:`` line above it gives, plus each paragraph and card caption of the five
rules pages. ``--check`` changes nothing and exits 1 when the template is out of date
(a test runs it, so a sentence added to the code cannot miss the catalogue)."""

from __future__ import annotations

import argparse
import io
import sys
from collections.abc import Iterator
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.pofile import read_po, write_po

PACKAGE = Path(__file__).resolve().parent.parent
LOCALE = PACKAGE / "locale"
TEMPLATE = LOCALE / "cardtable.pot"
RULES = PACKAGE / "app" / "rules"

KEYWORDS = {**DEFAULT_KEYWORDS, "msg": None, "nmsg": (1, 2), "N_": None}
COMMENT_TAG = "Translators:"


def _rules_messages() -> Iterator[tuple[str, int, str, str]]:
    from ..app.rules_text import CARDS, messages

    for page in sorted(RULES.glob("*.txt")):
        text = page.read_text(encoding="utf-8").strip()
        lines = text.split("\n")
        for number, message in messages(text):
            where = "heading" if number == 1 else "card caption" if \
                lines[number - 1].startswith(CARDS) else "paragraph"
            yield (f"{page.relative_to(PACKAGE.parent).as_posix()}", number, message,
                   f"Rules page {page.stem}, {where}. Keep the page's words for cards "
                   "and melds the ones the table uses.")


def template() -> Catalog:
    """Every message of the code and the rules pages, in the order they are found."""
    catalogue = Catalog(project="cardtable", version="", charset="utf-8",
                        msgid_bugs_address="", copyright_holder="the cardtable authors")
    found = extract_from_dir(str(PACKAGE), method_map=[("**.py", "python")],
                             keywords=KEYWORDS, comment_tags=(COMMENT_TAG,),
                             strip_comment_tags=True)
    for filename, lineno, message, comments, context in found:
        where = (f"cardtable/{Path(filename).as_posix()}", lineno)
        if not message or (isinstance(message, tuple) and not message[0]):
            continue
        catalogue.add(message, locations=[where], auto_comments=comments, context=context)
    for path, lineno, message, comment in _rules_messages():
        catalogue.add(message, locations=[(path, lineno)], auto_comments=[comment])
    return catalogue


def written(catalogue: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, catalogue, width=88, omit_header=False, include_lineno=False,
             ignore_obsolete=True, sort_output=False)
    return _without_date(out.getvalue())


def _without_date(text: bytes) -> bytes:
    """The header's creation date changes each run: left out, so an unchanged catalogue
    is an unchanged file."""
    return b"\n".join(line for line in text.split(b"\n")
                      if not line.startswith((b'"POT-Creation-Date', b'"PO-Revision-Date')))


def update(check: bool = False) -> int:
    fresh = template()
    new = written(fresh)
    stale = not TEMPLATE.is_file() or TEMPLATE.read_bytes() != new
    if check:
        if stale:
            print("the catalogue template is out of date: run python -m cardtable.i18n.update",
                  file=sys.stderr)
        return 1 if stale else 0
    TEMPLATE.write_bytes(new)
    for po in sorted(LOCALE.glob("*.po")):
        with po.open("rb") as stream:
            catalogue = read_po(stream, locale=po.stem)
        catalogue.update(fresh, no_fuzzy_matching=False)
        po.write_bytes(written(catalogue))
    print(f"{len(fresh)} messages; updated {TEMPLATE.name} and "
          f"{', '.join(p.name for p in sorted(LOCALE.glob('*.po'))) or 'no language'}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m cardtable.i18n.update",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true",
                        help="change nothing; exit 1 when the template is out of date")
    return update(parser.parse_args(argv).check)


if __name__ == "__main__":
    sys.exit(main())
