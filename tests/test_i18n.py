"""The player's language: messages from the engine rendered through a catalogue, the
system's language found as gettext finds it, a damaged catalogue leaving the table in
English, and the rules pages translated a paragraph at a time."""

from __future__ import annotations

import pickle

import pytest

from cardtable import i18n
from cardtable.app import rules_text
from cardtable.engine.cards import Rank, Suit, parse_card
from cardtable.engine.text import Msg, fields, msg, nmsg
from cardtable.i18n import catalogues
from cardtable.i18n.system import system_language

TEST_PO = r'''
msgid ""
msgstr ""
"Language: xx\n"
"Content-Type: text/plain; charset=utf-8\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\n"

msgid "{card} is not in your hand"
msgstr "{card} ist nicht in deiner Hand"

msgctxt "card rank"
msgid "J"
msgstr "B"

msgid "you can't {action} now"
msgstr "du kannst jetzt nicht {action}"

msgid "draw"
msgstr "ziehen"

msgid "{count} card left"
msgid_plural "{count} cards left"
msgstr[0] "noch {count} Karte"
msgstr[1] "noch {count} Karten"

msgid "{seat} is out"
msgstr "{sitz} ist draußen"

msgid "Statistics"
msgstr "Statistik"

msgid "cards: 8H 8S | 9D"
msgstr "nie"

msgid "a book of eights"
msgstr "ein Satz Achten"

msgid "Melds. A book is three cards."
msgstr "Meldungen. Ein Satz sind drei Karten."
'''


@pytest.fixture
def test_language(tmp_path, monkeypatch):
    """A language ``xx`` from a small catalogue written for the test."""
    (tmp_path / "xx.po").write_text(TEST_PO, encoding="utf-8")
    monkeypatch.setattr(catalogues, "_folder", lambda: tmp_path)
    catalogues.load.cache_clear()
    yield tmp_path
    i18n.use("en")
    catalogues.load.cache_clear()


def test_a_message_is_its_english_sentence():
    jack = parse_card("JS")
    said = msg("{card} is not in your hand", card=jack)
    assert said == "J♠ is not in your hand" and isinstance(said, str)
    assert said.template == "{card} is not in your hand" and said.params["card"] is jack
    assert hash(said) == hash("J♠ is not in your hand")


def test_a_message_survives_pickling_for_bots_in_other_processes():
    said = nmsg("{count} card left", "{count} cards left", 3)
    again = pickle.loads(pickle.dumps(said))
    assert isinstance(again, Msg) and again == "3 cards left" and again.number == 3


def test_plural_messages_choose_their_english_form_by_count():
    assert nmsg("{count} card left", "{count} cards left", 1) == "1 card left"
    assert nmsg("{count} card left", "{count} cards left", 0) == "0 cards left"


def test_fields_are_the_named_placeholders():
    assert fields("{seat} drew {card} ({count})") == {"seat", "card", "count"}


def test_english_needs_no_catalogue():
    assert i18n.use("en") == "en"
    assert i18n.text(msg("{card} is not in your hand", card=parse_card("QH"))) == \
        "Q♥ is not in your hand"
    assert i18n._("Statistics") == "Statistics"


def test_a_message_is_rendered_in_the_language_with_its_cards_named_there(test_language):
    assert i18n.use("xx") == "xx"
    said = msg("{card} is not in your hand", card=parse_card("JS"))
    assert i18n.text(said) == "B♠ ist nicht in deiner Hand"
    assert said == "J♠ is not in your hand"  # the engine's sentence is unchanged


def test_a_message_inside_a_message_is_translated_too(test_language):
    i18n.use("xx")
    assert i18n.text(msg("you can't {action} now", action=msg("draw"))) == \
        "du kannst jetzt nicht ziehen"


def test_plurals_follow_the_catalogue(test_language):
    i18n.use("xx")
    assert i18n.text(nmsg("{count} card left", "{count} cards left", 1)) == "noch 1 Karte"
    assert i18n.text(nmsg("{count} card left", "{count} cards left", 4)) == "noch 4 Karten"
    assert i18n.ngettext("{count} card left", "{count} cards left", 2) == "noch {count} Karten"


def test_a_translation_with_other_placeholders_falls_back_to_english(test_language):
    i18n.use("xx")
    assert i18n.text(msg("{seat} is out", seat="West")) == "West is out"


def test_plain_text_passes_through_unchanged(test_language):
    i18n.use("xx")
    assert i18n.text("already translated") == "already translated"


def test_ranks_and_suits_have_names_in_the_language(test_language):
    i18n.use("xx")
    assert i18n.rank_code(Rank.JACK) == "B" and i18n.rank_code(Rank.SEVEN) == "7"
    assert i18n.card_name(parse_card("JK")) == "Joker"
    assert i18n.suit_name(Suit.HEARTS) == "hearts"  # not in this catalogue: English


def test_numbers_are_written_as_the_language_writes_them():
    i18n.use("en")
    assert i18n.number(12345) == "12,345"


def test_every_language_is_a_po_file(test_language):
    assert catalogues.available() == ("en", "xx")


def test_a_damaged_catalogue_leaves_the_table_in_english_and_says_why(test_language):
    (test_language / "yy.po").write_bytes(b'msgid "a"\nmsgstr "b\n\xff\xfe garbage "\n')
    assert i18n.use("yy") == "en"
    assert i18n._("Statistics") == "Statistics"
    assert i18n.problem() is not None and "yy" in i18n.problem()
    assert (test_language / "yy.po").read_bytes().startswith(b'msgid "a"')  # kept


def test_an_unknown_language_is_english(test_language):
    assert i18n.use("zz") == "en"


@pytest.mark.parametrize(("environ", "expected"), [
    ({"LANGUAGE": "de"}, "de"),
    ({"LANGUAGE": "fr_CA:de", "LANG": "en_GB.UTF-8"}, "fr"),
    ({"LANGUAGE": "pt:de"}, "de"),
    ({"LANGUAGE": "pt", "LANG": "de_AT.UTF-8"}, "de"),
    ({"LC_ALL": "fr_FR.UTF-8", "LANG": "de_DE.UTF-8"}, "fr"),
    ({"LC_MESSAGES": "de_CH.UTF-8@euro"}, "de"),
    ({"LANG": "C.UTF-8"}, None),
    ({"LANG": "es_ES.UTF-8"}, None),
    ({}, None),
])
def test_the_system_language_is_found_as_gettext_finds_it(environ, expected):
    assert system_language(("en", "de", "fr"), environ) == expected


def test_the_rules_pages_are_unchanged_in_english():
    i18n.use("en")
    for name in ("five_crowns", "monastery", "palace", "shanghai_buy", "shanghai_may_i"):
        page = rules_text._read(name)
        assert page is not None and rules_text.translated(page) == page


def test_a_rules_page_is_translated_a_paragraph_at_a_time_and_keeps_its_cards(
        test_language):
    i18n.use("xx")
    page = "Heading\n\nMelds. A book is three cards.\ncards: 8H 8S | 9D \u2014 a book of eights"
    assert rules_text.translated(page) == \
        "Heading\n\nMeldungen. Ein Satz sind drei Karten.\ncards: 8H 8S | 9D \u2014 ein Satz Achten"
    assert [m for _, m in rules_text.messages(page)] == \
        ["Heading", "Melds. A book is three cards.", "a book of eights"]


def test_a_hand_edited_translation_naming_other_values_is_not_used(test_language):
    """``{sitz}`` where the English gives ``{seat}``: formatting it would fail, so the
    English is shown instead, and no screen ever crashes on a catalogue."""
    i18n.use("xx")
    assert i18n._("{seat} is out").format(seat="West") == "West is out"


def test_a_language_chosen_at_the_table_words_the_move_log_again(make_app, home):
    """Settings → Language mid-game: the lines already in the log are said again in the
    new language, not left in the old one."""
    app = make_app()
    app.new_game("five_crowns", 1, "normal", 3)
    session = app.session
    assert session is not None and any("drew" in line or "turned up" in line
                                       for line in session.log)
    english = list(session.log)
    app.set_language("de")
    assert list(session.log) != english and len(session.log) == len(english)
    assert any("aufgedeckt" in line for line in session.log)
    app.set_language("en")
    assert list(session.log) == english


def test_the_command_line_speaks_the_language_chosen_in_settings(home, capsys):
    """Settings → Language holds for ``cardtable --help`` too (the system's otherwise)."""
    from cardtable import cli

    (home / "config").mkdir(parents=True)
    (home / "config" / "settings.json").write_text('{"language": "de"}', encoding="utf-8")
    with pytest.raises(SystemExit) as stopped:
        cli.main(["--help"])
    assert stopped.value.code == 0
    shown = capsys.readouterr().out
    assert shown.startswith("Aufruf:") or "Optionen" in shown, shown[:200]


def test_a_damaged_settings_file_leaves_the_command_line_in_the_systems_language(home):
    from cardtable.app.settings import saved_language

    (home / "config").mkdir(parents=True)
    (home / "config" / "settings.json").write_bytes(b"\xff{{")
    assert saved_language() is None
    assert (home / "config" / "settings.json").read_bytes() == b"\xff{{"  # untouched


def test_a_language_that_cannot_be_read_is_said_in_settings(test_language, make_app, home):
    """Choosing a language whose catalogue is damaged leaves the table in English and
    says why under Settings' controls."""
    from cardtable.app.scenes.settings import SettingsScene

    (test_language / "yy.po").write_bytes(b'msgid "a"\nmsgstr "b\n\xff\xfe garbage "\n')
    app = make_app()
    scene = SettingsScene(app)
    app.push(scene)
    scene.change_language("yy")
    assert i18n.language() == "en" and scene.note is not None and "yy" in scene.note


def test_brief_speech_leaves_out_what_a_wild_stands_for_in_any_language():
    """Brief speech drops where a card is and what each wild stands for: it recognises
    those parts by the catalogue's sentences, not by English words."""
    from cardtable.app.narrator import brief_name

    english = "your run, three to eight of hearts, the joker stands for six, in your hand"
    assert brief_name(english) == "your run, three to eight of hearts"
    i18n.use("de")
    german = ", ".join([
        "deine Folge", i18n._("the joker stands for {rank}").format(rank="Sechs"),
        i18n._("the {wild} stands for {rank}").format(wild="Zwei", rank="Sieben"),
        i18n._("in your hand")])
    assert brief_name(german) == "deine Folge"
