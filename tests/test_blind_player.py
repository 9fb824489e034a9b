"""Play by ear (issue 40): a player that hears only the speech log and presses only keys
plays a whole round of each game against the bots through the real app, headless
(``blind_player``). It fails if anything it needs is only on screen: the hand, the
piles, the melds, whose turn it is, the questions and their answer keys, the refusals.

Each game is dealt so that what the issue names happens: both piles drawn from, melds
built and laid, lay-offs, calls, a mission, Palace's reserves and hidden cards.

Each is played in English and in German (issue 41): the player hears through the
catalogue (``phrasebook``), so a German sentence missing, wrong, or built outside the
catalogue fails here."""

from __future__ import annotations

import phrasebook as words
import pytest
from blind_player import BlindPlayer

ROUNDS = {
    # game: (opponents, their level, deal, what the player must have done)
    "five_crowns": (1, "normal", 8, {"drew from the stock", "took the discard",
                                     "laid down", "discarded"}),
    "shanghai_may_i": (2, "normal", 4, {"took the discard", "laid down", "laid off",
                                         "called", "discarded"}),
    "shanghai_buy": (2, "normal", 3, {"took the discard", "laid down", "laid off", "called",
                                       "discarded"}),
    "monastery": (1, "normal", 3, {"drew from the stock", "laid down", "discarded"}),
    "palace": (1, "easy", 1, {"hid three", "built a reserve", "placed", "took the stack",
                              "turned up a hidden card"}),
}


LANGUAGES = ("en", "de")


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game_id", sorted(ROUNDS))
def test_a_round_is_played_by_ear_alone(game_id, language, make_app, tmp_path, monkeypatch):
    log = tmp_path / "speech.log"
    monkeypatch.setenv("CARDTABLE_SPEECH", f"log:{log}")
    opponents, level, deal, musts = ROUNDS[game_id]
    app = make_app()
    if language != "en":
        assert app.set_language(language) is None  # as Settings → Language does
    player = BlindPlayer(app, log)
    player.speech_on()
    app.new_game(game_id, opponents, level, deal=deal)
    app.session.bot_secret = 1  # the bots' own choices, fixed (set-up, not play)
    player.play(game_id)
    assert player.ended
    done = {kind for kind, count in player.did.items() if count}
    assert musts <= done, (musts - done, player.said[-12:])
    if language != "en":
        assert_heard_in_the_language(player.said)


def assert_heard_in_the_language(said: list[str]) -> None:
    """The table spoke the language chosen: the hand (F3) and the player's moves were
    heard in its words, and no whole sentence the player listens for (prompts, answers,
    moves) that the language has words for was said in English. Those its catalogue
    leaves empty are said in English, and understood: they are not counted against it."""
    own = [phrase for phrase in words.SENTENCES if phrase.translated()]
    assert words.HAND in own
    heard = {phrase for line in said for phrase in own if phrase.match(line)}
    assert words.HAND in heard, said[:20]
    assert heard & set(words.MOVES), said[:20]
    english = [line for line in said if any(phrase.said_in_english(line) for phrase in own)]
    assert not english, english[:5]


def test_a_game_is_chosen_and_dealt_by_ear_from_the_first_screen(make_app, tmp_path,
                                                                  monkeypatch):
    """The shell by ear: F2 on the first screen, New game, the game (said chosen), one
    opponent, Start: the table comes up and says so."""
    import pygame

    log = tmp_path / "speech.log"
    monkeypatch.setenv("CARDTABLE_SPEECH", f"log:{log}")
    app = make_app()
    player = BlindPlayer(app, log)
    player.speech_on()

    def tab_to(words: str, limit: int = 20) -> None:
        for _ in range(limit):
            if any(line.startswith(words) for line in player.press(pygame.K_TAB)):
                return
        raise AssertionError(f"Tab never reached {words!r}: {player.said[-5:]}")

    tab_to("New game")
    player.press(pygame.K_RETURN)
    tab_to("Monastery")
    assert "Monastery (Nine Missions), chosen" in player.press(pygame.K_RETURN)
    tab_to("AI opponents")
    for _ in range(8):
        player.press(pygame.K_LEFT)
    assert player.said[-1] == "AI opponents: 1"
    tab_to("Start")
    heard = player.press(pygame.K_RETURN)
    assert "Monastery (Nine Missions) table" in heard
    assert app.session is not None and app.session.game.game_id == "monastery"
    assert app.session.game.seats == 2
