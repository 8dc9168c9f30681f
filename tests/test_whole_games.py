"""Whole games at the console, typed as a person would type them, in every
speech mode and verbosity, in English and Dutch, with the history keys used
along the way. The typing follows the Big Money bot's choices, turned into
the words a player types."""

import pytest

import playcore
from a11y_dominion.announcements.speech import Speaker
from a11y_dominion.bots.simple import BigMoneyBot
from a11y_dominion.console.keys import KeyCommand
from a11y_dominion.view import player_view
from speechdoubles import RecordingOutput


class TypingPlayer:
    """A reader that types what a Big Money player would, and presses the
    history keys now and then."""

    def __init__(self, game, lang: str):
        self.game = game
        self.bot = BigMoneyBot(3)
        self.lang = lang
        self.typed = 0

    def read(self, message: str, default: str = ""):
        self.typed += 1
        assert self.typed < 3000, "the game does not end"
        if message.rstrip().endswith(":"):  # a confirmation question
            return "ja" if self.lang == "nl" else "yes"
        if self.typed % 7 == 0:
            return KeyCommand(("repeat", "previous", "next", "hand", "status")[self.typed // 7 % 5])
        game = self.game
        d = game.pending
        if d is None:  # "Press Enter to leave the game."
            return ""
        keys = self.bot.decide(d, player_view(game, d.player))
        if d.kind == "turn":
            move = keys[0]
            if move.kind == "treasures":
                return "play treasures"
            if move.kind in ("play", "buy"):
                return f"{move.kind} {move.name}"
            if move.kind == "pay":
                return f"pay {move.amount}"
            return "end"
        if d.kind in ("yesno",):
            return {"yes": "ja", "no": "nee"}[keys[0]] if self.lang == "nl" else keys[0]
        if not keys:
            return "geen" if self.lang == "nl" else "none"
        if d.kind in ("number", "mode"):
            return keys[0]
        return ", ".join(str(d.options.index(k) + 1) for k in keys)  # by number


@pytest.mark.parametrize("lang", ["en", "nl"])
@pytest.mark.parametrize("verbosity", ["terse", "normal", "verbose"])
@pytest.mark.parametrize("mode", ["off", "screen-reader", "self-voicing"])
def test_whole_game_at_the_console(mode, verbosity, lang):
    rec = RecordingOutput()
    speaker = Speaker(mode, outputs=[rec], print_fn=lambda s: None)
    options = ["--seed", "11", "--kingdom", "basic-intro", "--players", "Ann:human,Bot:bigmoney"]
    options += ["--verbosity", verbosity, "--lang", lang]  # (speech off: the mode is the speaker's)
    console = playcore.play(options, [], speaker=speaker, reader=lambda game: TypingPlayer(game, lang))
    assert console.code == 0
    assert console.game.game_over
    printed = console.text
    final = console.history.recent(4)
    if lang == "en":
        assert "Game over." in printed
        assert any(line.startswith("You: ") and " VP (" in line for line in final)  # (Ann's own score)
    else:
        assert "Het spel is afgelopen." in printed
        assert any(line.startswith("Jij: ") and " punten (" in line for line in final)
        assert "Debt" not in "\n".join(console.history.recent(50))
    if mode == "self-voicing":
        # every message is spoken: on its own, or with the turn prompt that follows it on its line
        assert rec.spoken
        for text in console.history.recent(20):
            assert any(s == text or s.startswith(text + " ") for s in rec.spoken), text
    else:
        assert rec.spoken == []
    assert "\x1b[" not in printed and "─" not in printed
