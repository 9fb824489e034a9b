"""The rules the tests cite live in the repository (docs/rules/): every game has its
page, every house-rule option of every game is in its page with its default and range
(so a new option without docs fails here), and every section or rules tag a test or
module cites exists there."""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from cardtable.engine import variants
from cardtable.engine.options import bound_of, only_value, ranged, yes_no

REPO = Path(__file__).resolve().parents[1]
RULES = REPO / "docs" / "rules"
CITING = sorted((REPO / "tests").rglob("*.py")) + sorted((REPO / "cardtable").rglob("*.py"))
TAG_PAGES = {"FC": "five_crowns.md", "M": "monastery.md", "P": "palace.md",
             "S2": "shanghai_may_i.md", "S3": "shanghai_buy.md"}
"""Which page holds the tags of RULES.md's analysis of each seed (FC-A2, M-T1 …)."""


def sections(text: str) -> set[str]:
    """The numbered sections of a page: ``## 4. Going out`` is 4, ``### 4.2 …`` 4.2."""
    return {match.group(1) for match in re.finditer(r"^#{2,4} (\d+(?:\.\d+)*)\.? ", text, re.M)}


def option_rows(text: str) -> dict[str, str]:
    """The options table of a page: each field's row, by the field's name."""
    return {match.group(1): match.group(0)
            for match in re.finditer(r"^\| `(\w+)` \|.*$", text, re.M)}


def option_problems(options_type: type, text: str) -> list[str]:
    """What a page's options table lacks: a field with no row, a row without the field's
    default, or (for a whole number) without its range written ``low–high``."""
    rows = option_rows(text)
    problems = []
    for field in dataclasses.fields(options_type):
        row = rows.get(field.name)
        if row is None:
            problems.append(f"{field.name}: not in the options table")
            continue
        cells = [cell.strip().replace(",", "") for cell in row.strip("|").split("|")]
        default, span = cells[2], cells[3]
        bound = bound_of(field)
        if bound is not None:
            if default != str(field.default):
                problems.append(f"{field.name}: default {field.default}, page says {default}")
            if span != f"{bound.low}–{bound.high}":
                problems.append(f"{field.name}: range {bound.low}–{bound.high}, page says {span}")
        else:
            said = "yes" if field.default else "no"
            if default != said:
                problems.append(f"{field.name}: default {said}, page says {default}")
            if only_value(field) is None and span != "yes / no":
                problems.append(f"{field.name}: a yes/no rule, page says {span}")
    return problems


def page(name: str) -> str:
    return (RULES / name).read_text(encoding="utf-8")


def citations(pattern: str) -> list[tuple[str, re.Match[str]]]:
    found = []
    for path in CITING:
        for match in re.finditer(pattern, path.read_text(encoding="utf-8")):
            found.append((str(path.relative_to(REPO)), match))
    return found


@pytest.mark.parametrize("cls", variants(), ids=lambda cls: cls.id)
def test_every_game_has_a_rules_page_listed_in_the_index(cls):
    assert (RULES / f"{cls.id}.md").is_file(), f"docs/rules/{cls.id}.md is missing"
    assert f"({cls.id}.md)" in page("README.md")
    assert sections(page(f"{cls.id}.md")), "a rules page has numbered sections to cite"


@pytest.mark.parametrize("cls", variants(), ids=lambda cls: cls.id)
def test_every_option_is_on_its_games_page_with_its_default_and_range(cls):
    assert option_problems(cls.options_type, page(f"{cls.id}.md")) == []


def test_an_option_left_out_of_the_page_is_found():
    @dataclass(frozen=True)
    class Options:
        rounds: int = ranged("rounds", 11, 1, 11, "eleven")
        quick: bool = yes_no("quick", False)
        brand_new: int = ranged("new", 3, 0, 9, "new")

    text = ("| Field | Name | Default | Range | Effect |\n|---|---|---|---|---|\n"
            "| `rounds` | rounds | 11 | 1–12 | … |\n| `quick` | quick | yes | yes / no | … |\n")
    assert option_problems(Options, text) == [
        "rounds: range 1–11, page says 1–12", "quick: default no, page says yes",
        "brand_new: not in the options table"]


def test_every_docs_rules_section_cited_exists():
    cited = citations(r"docs/rules/(\w+\.md) §(\d+(?:\.\d+)*)")
    assert cited, "the tests cite docs/rules sections"
    missing = [f"{where}: docs/rules/{m.group(1)} §{m.group(2)}" for where, m in cited
               if not (RULES / m.group(1)).is_file()
               or m.group(2) not in sections(page(m.group(1)))]
    assert missing == []


def test_every_rules_tag_cited_is_on_its_games_page():
    """A tag cited in a docstring or comment (M-A7, FC-T5), or in a test's name
    (``test_fc_t5_…``, ``…_M_T1``), is on the page of its game."""
    tags = {(m.group(1).upper(), m.group(0).upper().replace("_", "-"))
            for _, m in citations(r"\b(FC|M|P|S2|S3)-[AT]\d+\b")}
    for _, m in citations(r"def test_\w+"):
        for part in re.finditer(r"(?:^|_)(fc|m|p|s2|s3)_([at])(\d+)(?=_|$)", m.group(0)[4:],
                                re.I):
            tags.add((part.group(1).upper(), f"{part.group(1)}-{part.group(2)}{part.group(3)}"
                      .upper()))
    assert len(tags) > 50
    missing = sorted(tag for prefix, tag in tags
                     if not re.search(rf"\*\*{tag}\*\*", page(TAG_PAGES[prefix])))
    assert missing == []


def rules_md_map() -> dict[str, tuple[str, str]]:
    """README's table: a RULES.md section → (page, section) here."""
    return {m.group(1): (m.group(2), m.group(3)) for m in re.finditer(
        r"^\| §(\d+(?:\.\d+)*) \| (\w+\.md) §(\d+(?:\.\d+)*) \|$", page("README.md"), re.M)}


def test_every_rules_md_section_cited_has_its_place_here():
    """RULES.md lives beside the repository; every section of it a test or module cites
    is mapped in docs/rules/README.md to a section that exists."""
    mapping = rules_md_map()
    cited = set()
    for _, m in citations(r"RULES\.md((?:(?:,? | and |, and |; )(?:§[\d.]*\d|"
                          r"(?:FC|M|P|S2|S3)-[AT]\d+))+)"):
        cited |= set(re.findall(r"§([\d.]*\d)", m.group(1)))
    assert len(cited) > 10
    unmapped = sorted(cited - set(mapping))
    assert unmapped == []
    wrong = [f"§{key} → {name} §{number}" for key, (name, number) in mapping.items()
             if number not in sections(page(name))]
    assert wrong == []
