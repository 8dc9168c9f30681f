"""``repeat`` after the final scores says them again, then that the player may stay, at every end
of the one console core: a joined seat here (the host's messages given to its console in this
process), the keyboard's ``play`` in tests/test_keyboard_end_pty.py. Heard at a table: after the
end ``repeat`` said only "The game is over. You may stay: ...", and the scores were gone."""

from __future__ import annotations

import pytest

from a11y_dominion.i18n import Language
from a11y_dominion.remote.room import AFTER_GAME_LINE
from a11y_dominion.rules import events as ev
from a11y_dominion.rules.game import Game, GameConfig
from a11y_dominion.view import event_data, player_view
from joinconsole import join_console

ENDED = ev.GameEnded((("Ann", 6, 6, 0, ()), ("Bot", 3, 3, 0, ())), ("Ann",), (("Ann", 1), ("Bot", 1)))
SCORES = {
    "en": [
        "You: 6 VP (6 from cards and 0 from VP tokens).",
        "Bot: 3 VP (3 from cards and 0 from VP tokens).",
        "You win.",
    ],
    "nl": [
        "Jij: 6 punten (6 voor kaarten en 0 voor fiches).",
        "Bot: 3 punten (3 voor kaarten en 0 voor fiches).",
        "Je wint.",
    ],
}


def ended_console(lang: str):
    """(console, screen) of Ann's joined seat in ``lang`` told the game's end and then, by the host,
    that she may stay."""
    console, screen, _sent = join_console()
    if lang == "nl":
        console.command("instellingen taal nl")
    game = Game(GameConfig(["Ann", "Bot"], ["Villa", "Sacrifice"], [], [], 1))
    game.start()
    console.receive({"type": "events", "events": [event_data(ENDED)]})
    console.receive({"type": "game_over", "view": player_view(game, "Ann").to_data()})
    console.receive({"type": "text", "text": Language(lang)._(AFTER_GAME_LINE)})
    return console, screen


@pytest.mark.parametrize("lang, repeat", [("en", "repeat"), ("nl", "herhaal")])
def test_repeat_after_the_game_says_the_final_scores_then_the_stay_line(lang, repeat):
    console, screen = ended_console(lang)
    told = screen.getvalue().splitlines()
    assert told[-4:] == [*SCORES[lang], Language(lang)._(AFTER_GAME_LINE)]  # as the end said them
    console.command(repeat)
    assert screen.getvalue().splitlines()[len(told) :] == told[-4:]


def test_repeat_after_a_line_said_since_the_end_says_that_line():
    console, screen = ended_console("en")
    console.receive({"type": "text", "text": "Bot has left."})
    console.command("repeat")
    assert screen.getvalue().splitlines()[-2:] == ["Bot has left.", "Bot has left."]  # said, then read again
