"""Speech (issue 40, first part): the back ends, what may cut off what, the words a voice
is given, and the real app speaking into a log with the screen unseen."""

import json

import pygame
import pytest

from cardtable.app.narrator import Narrator
from cardtable.app.speaker import Kind, Speaker, Verbosity
from cardtable.app.speech_backends import Chosen, LogBackend, choose_backend
from cardtable.app.spoken import speakable
from ui import frames, key, until


class Voice:
    """A back end that is talking until told otherwise, and records what it was handed."""

    name = "test voice"

    def __init__(self):
        self.said: list[tuple[str, bool]] = []
        self.until = 0.0

    def speak(self, text, interrupt):
        self.said.append((text, interrupt))
        self.until = 10.0

    def speaking_until(self):
        return self.until

    def set_rate(self, rate):
        self.rate = rate

    def set_language(self, code):
        self.language = code

    def close(self):
        pass


def _speaker(**options):
    voice = Voice()
    return Speaker(Chosen(voice), on=True, clock=lambda: 1.0, **options), voice


def test_cards_written_with_suit_symbols_are_said_by_name():
    said = speakable("West laid down 10★ J★ Q★ Joker · 2♦ → K♠ (A♣).")
    assert said == ("West laid down ten of stars, jack of stars, queen of stars, joker, "
                    "two of diamonds to king of spades (ace of clubs).")


def test_the_review_s_figures_are_said_in_words():
    assert speakable("≈ 20 ± 1.1 penalty points; −29 %") == \
        "about 20 plus or minus 1.1 penalty points; minus 29 percent"


def test_a_key_cuts_off_speech_that_answered_an_earlier_key():
    speaker, voice = _speaker()
    speaker.key_pressed()
    speaker.say("seven of hearts, in your hand", Kind.FOCUS)
    speaker.key_pressed()
    speaker.say("eight of hearts, in your hand", Kind.FOCUS)
    assert voice.said == [("seven of hearts, in your hand", False),
                          ("eight of hearts, in your hand", True)]


def test_what_one_key_says_is_not_cut_off_by_the_rest_of_its_own_answer():
    """A new screen says its title, then its focus: both are heard."""
    speaker, voice = _speaker()
    speaker.key_pressed()
    speaker.say("Five Crowns table", Kind.FOCUS)
    speaker.say("the stock, 40 cards", Kind.FOCUS)
    assert voice.said == [("Five Crowns table", False), ("the stock, 40 cards", False)]


def test_news_of_the_game_is_never_cut_off_and_waits_its_turn():
    """A key's answer is handed over at once, after the news being said (not cutting
    it) and ahead of news still waiting; waiting news follows in order."""
    speaker, voice = _speaker()
    speaker.say("West discarded nine of hearts", Kind.NEWS)
    speaker.say("North drew from the stock", Kind.NEWS)
    speaker.say("eight of hearts, in your hand", Kind.FOCUS)
    assert voice.said == [("West discarded nine of hearts", False),
                          ("eight of hearts, in your hand", False)]
    voice.until = 0.0  # both are said
    speaker.update()
    assert voice.said[2] == ("North drew from the stock", False)


def test_news_being_said_is_not_cut_off_by_two_quick_keys():
    speaker, voice = _speaker()
    speaker.say("West discarded nine of hearts", Kind.NEWS)
    speaker.key_pressed()
    speaker.say("seven of hearts", Kind.FOCUS)
    speaker.key_pressed()
    speaker.say("eight of hearts", Kind.FOCUS)
    assert voice.said == [("West discarded nine of hearts", False),
                          ("seven of hearts", False), ("eight of hearts", False)]


def test_the_players_own_keys_do_not_hold_up_the_table():
    """An AI move waits for the news, not for the answer to a status key."""
    speaker, voice = _speaker()
    speaker.say("Your hand, 11 cards. " + "spades: two, three; " * 30, Kind.ANSWER)
    assert speaker.quiet_at() == speaker.clock()


def test_the_next_ai_move_waits_until_the_news_is_said():
    speaker, voice = _speaker()
    speaker.say("West discarded nine of hearts", Kind.NEWS)
    speaker.say("North drew from the stock", Kind.NEWS)
    assert speaker.quiet_at() > voice.until > speaker.clock()


def test_leaving_a_game_drops_its_waiting_news():
    speaker, voice = _speaker()
    speaker.say("West discarded nine of hearts", Kind.NEWS)
    speaker.say("North drew from the stock", Kind.NEWS)
    speaker.clear()
    voice.until = 0.0
    speaker.update()
    assert voice.said == [("West discarded nine of hearts", False)]


def test_brief_speech_says_the_short_form():
    speaker, voice = _speaker(verbosity=Verbosity.BRIEF)
    speaker.say("seven of hearts, in your hand, selected", Kind.FOCUS, brief="seven of hearts")
    assert voice.said == [("seven of hearts", False)]


def test_the_history_steps_back_and_forth_through_what_was_said():
    speaker, voice = _speaker()
    for line in ("one", "two", "three"):
        speaker.say(line, Kind.NEWS)
    speaker.say("seven of hearts, in your hand", Kind.FOCUS)  # a key says it again
    assert speaker.step_history(-1) == "three"
    assert speaker.step_history(-1) == "two"
    speaker.say("four", Kind.NEWS)  # news arriving does not move where stepping stands
    assert speaker.step_history(-1) == "one"
    assert speaker.step_history(-1) is None
    assert speaker.step_history(1) == "two"
    assert list(speaker.history) == ["one", "two", "three", "four"]  # said again, not added


def test_speech_off_says_nothing_but_keeps_the_history():
    voice = Voice()
    speaker = Speaker(Chosen(voice), on=False)
    speaker.say("West discarded nine of hearts")
    assert voice.said == [] and list(speaker.history) == ["West discarded nine of hearts"]


def test_an_unknown_speech_choice_is_silence_with_the_reason():
    chosen = choose_backend("shout")
    assert chosen.backend is None and "shout" in chosen.why_silent


def test_a_log_that_cannot_be_written_is_silence_with_the_reason(tmp_path):
    chosen = choose_backend(f"log:{tmp_path}/missing/folder/speech.log")
    assert chosen.backend is None and "cannot be written" in chosen.why_silent


def test_without_speech_libraries_or_a_voice_the_reason_names_the_extra(monkeypatch):
    import builtins

    real_import = builtins.__import__

    def refuse(name, *args, **kwargs):
        if name.startswith(("accessible_output2", "pyttsx3")):
            raise ImportError(name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", refuse)
    chosen = choose_backend("")
    assert chosen.backend is None
    assert "cardtable[speech]" in chosen.why_silent


def test_the_log_back_end_writes_one_json_line_per_utterance(tmp_path):
    path = tmp_path / "speech.log"
    backend = LogBackend(path)
    backend.speak("seven of hearts", False)
    backend.speak("Speech off.", True)
    backend.close()
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    assert lines == [{"text": "seven of hearts", "interrupt": False},
                     {"text": "Speech off.", "interrupt": True}]


class Screen:
    """A scene as the narrator reads it."""

    def __init__(self):
        self.title, self.focus, self.lines, self.count = "Menu", (), [], 0
        self.question = None

    def spoken_title(self):
        return self.title

    def spoken_focus(self):
        return self.focus

    def news(self):
        return self.count, self.lines

    def spoken_question(self):
        return self.question

    def spoken_message(self):
        return None

    def spoken_prompt(self):
        return None

    def spoken_building(self):
        return None


def test_the_narrator_says_new_news_once_and_a_new_question_once():
    speaker = Speaker(Chosen(LogBackend.__new__(LogBackend)), on=False)
    narrator = Narrator(speaker)
    screen = Screen()
    narrator.frame(screen, False)
    screen.lines, screen.count = ["West discarded 9♥"], 1
    screen.question = "May I take the 9♥? Y: May I; N: Pass."
    narrator.frame(screen, False)
    narrator.frame(screen, False)
    assert list(speaker.history) == ["West discarded nine of hearts",
                                     "May I take the nine of hearts? Y: May I; N: Pass."]


# --- the real app, heard through a log ------------------------------------------------------

def _heard(path):
    if not path.exists():
        return []
    return [json.loads(line)["text"] for line in path.read_text(encoding="utf-8").splitlines()]


@pytest.fixture
def speech_log(tmp_path, monkeypatch):
    path = tmp_path / "speech.log"
    monkeypatch.setenv("CARDTABLE_SPEECH", f"log:{path}")
    return path


def test_f2_switches_speech_on_from_the_first_screen_and_says_it(make_app, speech_log):
    app = make_app()
    frames(app, 2)
    assert _heard(speech_log) == []
    key(app, pygame.K_F2)
    heard = _heard(speech_log)
    assert heard[:2] == ["Speech on.", "cardtable"]
    assert len(heard) >= 3  # the focused menu entry
    assert app.settings.speech
    key(app, pygame.K_F2)
    assert _heard(speech_log)[-1] == "Speech off."


def test_f2_on_a_machine_with_no_speech_shows_why_once_and_stays_silent(make_app, monkeypatch):
    monkeypatch.setenv("CARDTABLE_SPEECH", "off")
    app = make_app()
    key(app, pygame.K_F2)
    assert app.notice is not None and "Speech is off" in app.notice[0]
    assert not app.speaker.on
    frames(app, 3)  # drawn with the notice, no crash


def test_at_the_table_moves_and_the_focused_card_are_heard(make_app, speech_log):
    app = make_app()
    key(app, pygame.K_F2)
    app.new_game("five_crowns", 1, "normal", deal=3)
    until(app, lambda: app.session.human_to_move and bool(app.table.hand_cards()))
    frames(app, 3)
    heard = _heard(speech_log)
    assert "Five Crowns table" in heard
    assert any(line.startswith("Round 1: 3 cards each") for line in heard)
    key(app, pygame.K_RIGHT)
    hand = app.table.hand_cards()
    card = hand[app.table.focus]
    from cardtable.app.spoken import card_name
    assert _heard(speech_log)[-1].startswith(card_name(card))
    key(app, pygame.K_d)
    frames(app, 3)
    assert any(line.startswith("You drew") and "from the stock" in line
               for line in _heard(speech_log))


def test_the_rules_page_is_read_as_text_with_its_card_pictures_named(make_app, speech_log):
    from cardtable.app.scenes.rules import RulesScene

    app = make_app()
    key(app, pygame.K_F2)
    app.push(RulesScene(app, "five_crowns"))
    frames(app, 2)
    first = _heard(speech_log)[-2:]
    assert any(line.startswith("Five Crowns") for line in first), first
    for _ in range(6):
        key(app, pygame.K_PAGEDOWN)
    heard = " ".join(_heard(speech_log))
    assert "Cards: eight of hearts, eight of spades, eight of stars; then nine of " \
        "diamonds, ten of diamonds, joker, queen of diamonds" in heard
    assert "End of the page." in heard


def test_suit_symbols_standing_alone_are_said_once_by_name():
    assert speakable("five suits (stars ★, hearts ♥), a ★ run") == \
        "five suits (stars, hearts), a stars run"


def test_with_speech_on_a_call_waits_for_the_answer(make_app, speech_log):
    app = make_app()
    assert app.call_seconds() == app.settings.call_seconds > 0  # the 5 s countdown
    key(app, pygame.K_F2)
    assert app.call_seconds() == 0.0  # it waits: the question must be heard first


def test_an_ai_move_waits_until_the_last_news_is_said(make_app, speech_log):
    """A voice still talking holds the next AI move (at the normal AI speed, it never
    buries one move's news under the next)."""
    import time

    app = make_app()
    key(app, pygame.K_F2)
    app.new_game("five_crowns", 1, "normal", deal=3)
    until(app, lambda: app.session.human_to_move and bool(app.table.hand_cards()))
    voice = Voice()
    app.speaker.use(voice)
    key(app, pygame.K_d)
    frames(app, 3)
    card = app.table.hand_cards()[0]
    app.table.discard(card)
    voice.until = time.monotonic() + 3600  # still saying the discard
    moves = len(app.session.game.history)
    frames(app, 120)
    assert len(app.session.game.history) == moves  # North waits
    voice.until = 0.0
    until(app, lambda: len(app.session.game.history) > moves, limit=600)


class _Output:
    def __init__(self, name, system, active=True):
        self.name, self.system, self.active, self.said = name, system, active, []

    def is_active(self):
        return self.active

    def is_system_output(self):
        return self.system

    def speak(self, text, interrupt=False):
        self.said.append(text)


def _fake_accessible_output(monkeypatch, outputs):
    import sys
    import types

    auto = types.ModuleType("accessible_output2.outputs.auto")

    class Auto:
        def __init__(self):
            self.outputs = outputs

    auto.Auto = Auto
    for name in ("accessible_output2", "accessible_output2.outputs"):
        monkeypatch.setitem(sys.modules, name, types.ModuleType(name))
    monkeypatch.setitem(sys.modules, "accessible_output2.outputs.auto", auto)
    monkeypatch.setitem(sys.modules, "pyttsx3", None)  # no pyttsx3: its import fails


def test_a_running_screen_reader_is_chosen_first(monkeypatch):
    from cardtable.app.speech_backends import ScreenReaderBackend

    nvda = _Output("NVDA", system=False)
    _fake_accessible_output(monkeypatch, [_Output("sapi5", system=True), nvda])
    chosen = choose_backend("")
    assert isinstance(chosen.backend, ScreenReaderBackend) and chosen.backend.name == "NVDA"
    chosen.backend.speak("seven of hearts", False)
    import time
    for _ in range(100):  # the reader's own thread says it
        if nvda.said:
            break
        time.sleep(0.01)
    assert nvda.said == ["seven of hearts"]
    chosen.backend.close()


def test_a_system_voice_is_no_screen_reader_and_a_first_start_stays_silent(
        monkeypatch, make_app):
    """accessible_output2 finds SAPI 5 or eSpeak on any machine: it may speak when asked
    (F2), but it does not switch speech on by itself as a running screen reader does."""
    from cardtable.app.speech_backends import VoiceThroughReader

    _fake_accessible_output(monkeypatch, [_Output("sapi5", system=True)])
    chosen = choose_backend("")
    assert isinstance(chosen.backend, VoiceThroughReader)
    assert choose_backend("reader").backend is None
    app = make_app()
    assert not app.speaker.on and app.speaker.available


def test_a_first_start_beside_a_screen_reader_speaks(monkeypatch, make_app):
    _fake_accessible_output(monkeypatch, [_Output("NVDA", system=False)])
    app = make_app()
    assert app.speaker.on
    assert app.settings.speech and app.settings_file.load()[0].speech  # and goes on


def test_with_speech_off_a_status_key_writes_its_answer(make_app, monkeypatch):
    monkeypatch.setenv("CARDTABLE_SPEECH", "off")
    app = make_app()
    app.new_game("five_crowns", 1, "normal", deal=3)
    until(app, lambda: app.session.human_to_move and bool(app.table.hand_cards()))
    key(app, pygame.K_F3)
    assert app.notice is not None and app.notice[0].startswith("Your hand, 3 cards.")


def test_an_arrow_that_moves_nothing_says_the_focus_again(make_app, speech_log):
    """At the end of a row of choices an arrow changes nothing: the value is said again,
    so a player who cannot see it knows it is the last."""
    from cardtable.app.scenes.setup import SetupScene

    app = make_app()
    key(app, pygame.K_F2)
    app.push(SetupScene(app))
    frames(app, 2)
    for _ in range(12):
        key(app, pygame.K_TAB)
        if _heard(speech_log)[-1].startswith("AI opponents"):
            break
    for _ in range(8):
        key(app, pygame.K_LEFT)
    heard = _heard(speech_log)
    assert heard[-1] == heard[-2] == "AI opponents: 1"


def test_a_review_s_progress_is_said_each_quarter_not_each_decision():
    from cardtable.app.scenes.review import ReviewScene
    from cardtable.review_job import Progress

    scene = ReviewScene.__new__(ReviewScene)
    scene.said_quarter = -1
    scene.job = object()  # a review under way: its progress is the scene's state
    said = []
    for done in range(40):
        scene.state = Progress(done, 40)
        said += scene.worth_saying([f"Reviewing your decisions: {done + 1} of 40"])
    assert said == ["Reviewing your decisions: 1 of 40", "Reviewing your decisions: 11 of 40",
                    "Reviewing your decisions: 21 of 40", "Reviewing your decisions: 31 of 40"]


def test_a_question_hidden_for_a_moment_and_shown_again_is_said_once():
    speaker = Speaker(Chosen(LogBackend.__new__(LogBackend)), on=False)
    narrator = Narrator(speaker)
    screen = Screen()
    narrator.frame(screen, False)
    for question in ("Buy 9♥? Y: Buy; N: Pass.", None, "Buy 9♥? Y: Buy; N: Pass."):
        screen.question = question
        narrator.frame(screen, False)
    assert list(speaker.history) == ["Buy nine of hearts? Y: Buy; N: Pass."]


class _Engine:
    """A pyttsx3 engine as the voice back end uses it, recording the threads it is used
    on; ``hang`` makes it talk for ever."""

    def __init__(self, hang=False):
        import threading

        self.threads, self.said, self.hang = set(), [], hang
        self.threads.add(threading.get_ident())
        self.release = threading.Event()

    def getProperty(self, name):  # noqa: N802
        return 200

    def setProperty(self, name, value):  # noqa: N802
        pass

    def connect(self, topic, callback):
        pass

    def say(self, text):
        import threading

        self.threads.add(threading.get_ident())
        self.said.append(text)

    def runAndWait(self):  # noqa: N802
        if self.hang:
            self.release.wait(10)

    def stop(self):
        pass


def test_the_system_voice_is_made_and_spoken_on_its_own_thread():
    import threading
    import time

    from cardtable.app.speech_backends import VoiceBackend

    made = []
    voice = VoiceBackend(lambda: made.append(_Engine()) or made[-1])
    voice.speak("seven of hearts", False)
    for _ in range(100):
        if made and made[0].said:
            break
        time.sleep(0.01)
    engine = made[0]
    assert engine.said == ["seven of hearts"]
    assert len(engine.threads) == 1 and threading.get_ident() not in engine.threads
    voice.close()


def test_a_voice_that_hangs_does_not_hold_the_table_for_ever():
    import time

    from cardtable.app.speech_backends import VoiceBackend

    engine = _Engine(hang=True)

    class Quick(VoiceBackend):
        GRACE, PATIENCE = 0.2, 0.0

    voice = Quick(lambda: engine)
    voice.speak("ok", False)
    time.sleep(0.05)
    assert voice.speaking_until() > time.monotonic()  # talking
    time.sleep(0.25)
    assert voice.speaking_until() <= time.monotonic()  # given up on
    engine.release.set()
    voice.close()


def test_a_voice_that_cannot_start_says_why():
    from cardtable.app.speech_backends import VoiceBackend

    def broken():
        raise OSError("libespeak-ng.so.1: cannot open shared object file")

    voice = VoiceBackend(broken)
    assert voice.failed is not None and "libespeak" in voice.failed
    voice.close()


def test_a_slow_screen_reader_bridge_never_holds_up_a_frame():
    import time

    from cardtable.app.speech_backends import ScreenReaderBackend

    class Slow(_Output):
        def speak(self, text, interrupt=False):
            time.sleep(0.3)
            super().speak(text, interrupt)

    output = Slow("VoiceOver", system=False)
    reader = ScreenReaderBackend(output, "VoiceOver")
    started = time.perf_counter()
    reader.speak("seven of hearts", False)
    assert time.perf_counter() - started < 0.05
    for _ in range(100):
        if output.said:
            break
        time.sleep(0.01)
    assert output.said == ["seven of hearts"]
    reader.close()


def test_the_same_words_asked_again_later_are_a_new_question():
    speaker = Speaker(Chosen(LogBackend.__new__(LogBackend)), on=False)
    narrator = Narrator(speaker)
    screen = Screen()
    narrator.frame(screen, False)
    screen.question = "Buy 9♥? Y: Buy; N: Pass."
    narrator.frame(screen, False)
    screen.question = None
    for _ in range(120):  # a whole turn round the table
        narrator.frame(screen, False)
    screen.question = "Buy 9♥? Y: Buy; N: Pass."
    narrator.frame(screen, False)
    assert list(speaker.history) == ["Buy nine of hearts? Y: Buy; N: Pass."] * 2


def test_the_tour_heard_by_ear_ends_with_the_speech_keys(make_app, speech_log):
    from cardtable.app.scenes.coach import SPEECH_KEYS

    app = make_app()
    key(app, pygame.K_F2)
    app.new_game("five_crowns", 1, "normal", deal=3)
    frames(app, 2)
    app.show_tour()
    frames(app, 2)
    for _ in range(12):
        key(app, pygame.K_RIGHT)
        if any(SPEECH_KEYS in line for line in _heard(speech_log)):
            break
    assert any(line.endswith(SPEECH_KEYS) for line in _heard(speech_log))
