"""Settings persist in the config folder; a bad settings file never stops the app."""

import json

from cardtable.app.scenes.settings import SettingsScene
from cardtable.app.settings import SPEECH_RATES, Settings, load_settings, save_settings
from cardtable.app.speech_backends import RATES
from ui import button, click, frames


def test_settings_round_trip_through_the_config_folder(home):
    save_settings(Settings(ai_speed="fast", animation_speed="off", card_size="large",
                           window_width=1600, window_height=1000))
    loaded = load_settings()
    assert loaded.ai_speed == "fast" and loaded.card_size == "large"
    assert (home / "config" / "settings.json").exists()


def test_unknown_values_fall_back_to_defaults(home):
    (home / "config").mkdir(parents=True)
    (home / "config" / "settings.json").write_text(json.dumps(
        {"ai_speed": "warp", "card_size": "large", "window_width": "wide"}))
    loaded = load_settings()
    assert loaded.ai_speed == "normal" and loaded.card_size == "large"
    assert loaded.window_width == 1280


def test_the_language_is_the_systems_unless_a_known_one_is_chosen(home):
    assert Settings().language == ""
    save_settings(Settings(language="en"))
    assert load_settings().language == "en"
    for unknown in ("xx", 3, ["de"]):
        (home / "config" / "settings.json").write_text(json.dumps(
            {"language": unknown, "card_size": "large"}))
        loaded = load_settings()
        assert loaded.language == "" and loaded.card_size == "large"


def test_every_speech_rate_has_its_label():
    assert list(SPEECH_RATES) == list(RATES)


def test_an_unreadable_settings_file_is_moved_aside(home):
    (home / "config").mkdir(parents=True)
    (home / "config" / "settings.json").write_text("{{{")
    assert load_settings() == Settings()
    assert list((home / "config").glob("settings.unreadable-*.json"))


def test_the_settings_scene_changes_and_saves_a_setting(make_app, home):
    app = make_app()
    click(app, button(app, "Settings"))
    frames(app, 2)
    scene = app.stack.top
    assert isinstance(scene, SettingsScene)
    speed = scene.ring.widgets[1]  # after Language
    fast = speed.segments()[2]
    click(app, fast.center)
    assert load_settings().ai_speed == "fast"
    click(app, button(app, "Done"))
    assert not isinstance(app.stack.top, SettingsScene)


def test_a_language_chosen_in_settings_applies_at_once_to_every_screen_and_is_saved(
        make_app, home):
    """Settings → Language: no restart; the menu below is laid out again in German, and
    the choice is kept for the next start (the system's language is the first choice)."""
    from cardtable import i18n

    app = make_app()
    click(app, button(app, "Settings"))
    frames(app, 2)
    scene = app.stack.top
    language = scene.ring.widgets[0]
    assert [value for value, _ in language.options][:2] == ["", "en"]
    click(app, language.segments()[2].center)  # Deutsch
    frames(app, 2)
    assert i18n.language() == "de" and load_settings().language == "de"
    assert scene.heading() == "Einstellungen"
    click(app, button(app, "Fertig"))
    assert [widget.label for widget in app.stack.top.ring.widgets][-5:] == \
        ["Neues Spiel", "Statistik", "Regeln", "Einstellungen", "Beenden"]
    click(app, button(app, "Einstellungen"))
    click(app, app.stack.top.ring.widgets[0].segments()[1].center)  # English
    assert i18n.language() == "en" and load_settings().language == "en"
    assert app.stack.top.heading() == "Settings"


def test_calls_are_asked_only_when_the_card_could_help_unless_set_to_every_time(make_app,
                                                                                home):
    assert Settings().call_asking == "helpful" and not Settings().ask_every_call
    app = make_app()
    click(app, button(app, "Settings"))
    frames(app, 2)
    scene = app.stack.top
    asking = next(w for w in scene.ring.widgets if getattr(w, "label", "") == "Calls: ask")
    click(app, asking.segments()[1].center)
    assert load_settings().call_asking == "always"
    (home / "config" / "settings.json").write_text(json.dumps({"call_asking": "never"}))
    assert load_settings().call_asking == "helpful"
