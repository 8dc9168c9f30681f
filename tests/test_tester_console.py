"""What a blind tester heard in whole games at the console (screen-reader mode, English and
Dutch), fixed in the console: the default seat name after a language switch in the game,
``repeat N`` then ``previous``, a question asked again with the same options, English left
in Dutch help and settings sentences, and ``repeat`` at the start of a turn.

The console is driven as a player drives it: a real game (or a position, tests/test_console.py),
typed lines, and the exact lines printed.
"""

from __future__ import annotations

import pytest

import playcore
from a11y_dominion import autosave
from a11y_dominion.cli import game_lines
from a11y_dominion.i18n import Language


def play(typed: str, players: str = "You:human,Bot:bigmoney", settings: dict | None = None, resume=None) -> tuple:
    """(the game played, a :class:`playcore.Played`; the printed lines) of a game of seed 2 (or
    ``resume``, a kept game) with ``typed``."""
    options = [] if resume is not None else ["--seed", "2", "--players", players]
    console, text = playcore.run(options, typed, settings=settings or {}, resume=resume)
    return console, text.splitlines()


def after(lines: list, typed: str, start: int = 0) -> list:
    """The lines printed after the prompt line that ends in ``typed`` (from line ``start``), up to
    the next prompt."""
    i = next(j for j in range(start, len(lines)) if lines[j].endswith(f"> {typed}") and ">" in lines[j])
    rest = lines[i + 1 :]
    end = next((j for j, x in enumerate(rest) if x.split("> ")[0] in ("You", "Jij", "Ann")), len(rest))
    return rest[:end]


# ------------------------------------------------------------------ 1. the default seat name follows the language
def test_switching_to_dutch_in_the_game_renames_the_default_seat(tmp_path, monkeypatch):
    monkeypatch.setenv("A11Y_DOMINION_CONFIG", str(tmp_path / "settings.json"))
    typed = "settings set language nl\n\nplay treasures\nbuy silver\nend\n"
    console, lines = play(typed)
    assert after(lines, "settings set language nl") == ["Taal is nu Nederlands. Bewaard voor deze computer."]
    assert "Jij> " in lines  # the empty line typed at the Dutch prompt
    assert after(lines, "")[0] == "Jouw beurt 1. Actiefase: 1 actie, 1 aanschaf, 0 munten."
    assert after(lines, "play treasures")[0] == "Je speelt 4 Koper. Aanschaffase: 4 munten."
    assert after(lines, "buy silver")[0] == "Je koopt Zilver. 0 aanschaffen, 1 munt."
    # what the seat heard under its old name counts as heard: turn 2 starts as every turn does, its
    # hand told as it was drawn (in Dutch: the draw was told under the new name)
    assert after(lines, "end")[-1] == "Jouw beurt 2. 5 kaarten in je hand, zoals getrokken; typ hand om ze te horen."
    assert not any("You" in line for line in lines[lines.index("You> settings set language nl") + 1 :])
    assert list(console.people) == ["Jij"] and console.game.config.players[0] == "Jij"
    # the autosave goes on with the names of its header; games and resume call the seat as the settings' language does
    saved = autosave.find_game(None)
    assert [n for n, _ in saved.seats] == ["You", "Bot"] and saved.turn == ("You", 2)
    assert '"Jij"' not in saved.path.read_text(encoding="utf-8")
    listed = game_lines([saved], Language("nl"))[0]
    assert "Jij (mens) en Bot (bigmoney)" in listed and "You" not in listed
    console, lines = play("", resume=saved, settings={"language": "nl"})
    assert list(console.people) == ["Jij"] and lines[-1] == "Spel gestopt."
    assert "Jij> " in lines


def test_switching_back_to_english_renames_jij_to_you(tmp_path, monkeypatch):
    monkeypatch.setenv("A11Y_DOMINION_CONFIG", str(tmp_path / "settings.json"))
    console, lines = play("instellingen zet taal en\nplay treasures\n", players="Jij:human,Bot:bigmoney")
    assert after(lines, "instellingen zet taal en") == ["Language is now English. Saved for this computer."]
    assert after(lines, "play treasures")[0] == "You play 4 Coppers. Buy phase: 4 coins."
    assert "You> play treasures" in lines and list(console.people) == ["You"]


def test_a_chosen_name_stays_after_a_switch(tmp_path, monkeypatch):
    monkeypatch.setenv("A11Y_DOMINION_CONFIG", str(tmp_path / "settings.json"))
    console, lines = play("settings set language nl\nplay treasures\n", players="Ann:human,Bot:bigmoney")
    assert "Jij> play treasures" in lines and list(console.people) == ["Ann"]


# ------------------------------------------------------------------ 2. repeat N, then previous and next
def test_previous_and_next_go_on_from_what_repeat_and_log_read():
    console, lines = play("play treasures\nbuy silver\nrepeat 2\nprevious\nnext\nlog 2\nprevious\nrepeat\nprevious\n")
    history = [entry.text for entry in console.people["You"].history.entries()]
    total = len(history)
    assert after(lines, "repeat 2") == [history[-2]]
    # the message before the one repeat 2 read, then the one after it: nothing read twice
    assert after(lines, "previous") == [f"{history[-3]} ({total - 2} of {total})"]
    assert after(lines, "next") == [f"{history[-2]} ({total - 1} of {total})"]
    i = lines.index("You> log 2")
    assert after(lines, "log 2", i) == ["The last 2 messages:", history[-2], history[-1]]
    assert after(lines, "previous", i) == [f"{history[-3]} ({total - 2} of {total})"]
    j = lines.index("You> repeat", i)
    assert after(lines, "repeat", j) == [history[-1]]
    assert after(lines, "previous", j) == [f"{history[-2]} ({total - 1} of {total})"]


def test_next_at_the_newest_and_previous_at_the_oldest_say_so():
    console, lines = play("play treasures\nnext\nprevious\n" + "previous\n" * 60)
    history = [entry.text for entry in console.people["You"].history.entries()]
    total = len(history)
    assert total < 50  # (so that the previous below reach the oldest)
    # after a move, next reads the newest message again and says it is the newest
    i = lines.index("You> next")
    assert after(lines, "next", i) == [f"{history[-1]} ({total} of {total}, the newest message)"]
    assert after(lines, "previous", i) == [f"{history[-2]} ({total - 1} of {total})"]
    assert lines[-3] == f"{history[0]} (1 of {total}, the oldest message)"


def test_the_ends_of_the_history_in_dutch():
    console, lines = play("speel schatten\nvolgende\n", players="Jij:human,Bot:bigmoney", settings={"language": "nl"})
    history = [entry.text for entry in console.people["Jij"].history.entries()]
    total = len(history)
    assert after(lines, "volgende") == [f"{history[-1]} ({total} van {total}, het nieuwste bericht)"]


# ------------------------------------------------------------------ 3. a question asked again with the same options
TWO_ENGINEERS = {
    "turn": {"player": "Ann", "phase": "action", "actions": 2, "buys": 1, "coins": 0},
    "players": {"Ann": {"hand": ["Engineer", "Engineer", "Copper", "Estate", "Estate"], "deck": ["Estate"] * 5}},
}
TEN = ("Villa", "Engineer", "Forum", "Patrician", "City Quarter", "Chariot Race", "Farmers' Market", "Castles")


@pytest.mark.parametrize(
    "lang, typed, prompt, pointer",
    [
        (
            "en",
            "play engineer\nsilver\nno\nplay engineer\nsilver\nno\n",
            "Engineer: gain a card costing up to 4 coins (no Debt).",
            "The same 10 choices as before; options reads them.",
        ),
        (
            "nl",
            "speel ingenieur\nzilver\nnee\nspeel ingenieur\nzilver\nnee\n",
            "Ingenieur: pak een kaart die tot 4 munten kost (zonder schuld).",
            "Dezelfde 10 keuzes als eerder; opties leest ze voor.",
        ),
    ],
)
def test_a_question_asked_again_with_the_same_options_points_to_them(lang, typed, prompt, pointer):
    from test_console import position_console

    play_word = typed.split("\n")[0]
    _, lines = position_console(TWO_ENGINEERS, typed, (*TEN, "Sacrifice", "Legionary"), lang=lang)
    first = after(lines, play_word)
    assert first[1:3] == [prompt, "Choose one by number or name." if lang == "en" else first[2]]
    assert len(first) == 1 + 2 + 10  # the whole list, the first time
    you = "Jij> " if lang == "nl" else "You> "
    i = lines.index(f"{you}{play_word}", lines.index(f"{you}{play_word}") + 1)
    assert after(lines, play_word, i)[1:] == [prompt, pointer]


def test_options_always_reads_a_question_asked_again_in_full(tmp_path, monkeypatch):
    from test_console import position_console

    monkeypatch.setenv("A11Y_DOMINION_CONFIG", str(tmp_path / "settings.json"))  # settings set saves there

    typed = "settings set options always\nplay engineer\nsilver\nno\nplay engineer\n"
    _, lines = position_console(TWO_ENGINEERS, typed, (*TEN, "Sacrifice", "Legionary"))
    i = lines.index("You> play engineer", lines.index("You> play engineer") + 1)
    again = after(lines, "play engineer", i)
    assert len(again) == 1 + 2 + 10 and again[-1] == "10. Sacrifice, 4 coins"


# ------------------------------------------------------------------ 4. Dutch words in Dutch sentences
def test_dutch_settings_sentences_name_the_keys_in_dutch(tmp_path, monkeypatch):
    monkeypatch.setenv("A11Y_DOMINION_CONFIG", str(tmp_path / "settings.json"))
    typed = (
        "instellingen zet taal nl\ninstellingen zet uitgebreidheid blah\ninstellingen zet confirm no\n"
        "instellingen zet tips blah\nhulp instellingen tijdens\n"
    )
    _, lines = play(typed, players="Jij:human,Bot:bigmoney", settings={"language": "nl"})
    assert after(lines, "instellingen zet taal nl") == ["Taal is nu Nederlands. Bewaard voor deze computer."]
    assert after(lines, "instellingen zet uitgebreidheid blah") == [
        "Uitgebreidheid moet beknopt, normaal of uitgebreid zijn."
    ]
    assert after(lines, "instellingen zet confirm no") == [
        "De instelling confirm kan niet wijzigen tijdens een spel; hier kunnen taal, uitgebreidheid, opties, "
        "spraak, spraakuitvoer en tips dat. Wijzig de andere buiten het spel met a11y-dominion settings set KEY VALUE, "
        "met de Engelse woorden."
    ]
    assert after(lines, "instellingen zet tips blah") == ["Tips moeten aan of uit zijn."]
    helped = after(lines, "hulp instellingen tijdens")  # the Dutch page's part on settings during a game
    assert helped[0] == "Deel 3: Instellingen tijdens een spel."
    assert "Typ instellingen zet SLEUTEL WAARDE om er een meteen te wijzigen en te bewaren." in helped
    assert (
        "De sleutels zijn taal, uitgebreidheid, opties, spraak, uitvoer en tips, "
        "met waarden als beknopt, altijd en uit."
    ) in helped
    assert not any(word in line for line in helped for word in ("language", "hints", "options always"))


def test_english_settings_sentences_keep_the_english_keys(tmp_path, monkeypatch):
    monkeypatch.setenv("A11Y_DOMINION_CONFIG", str(tmp_path / "settings.json"))
    _, lines = play("settings set verbosity blah\nsettings set verbosity terse\nsettings set hints blah\n")
    assert after(lines, "settings set hints blah") == ["Hints must be on or off."]
    assert after(lines, "settings set verbosity blah") == ["Verbosity must be terse, normal or verbose."]
    assert after(lines, "settings set verbosity terse") == ["Verbosity is now terse. Saved for this computer."]


# ------------------------------------------------------------------ 5. repeat at the start of a turn
@pytest.mark.parametrize(
    "settings, typed, turn1, hand1, turn2, hand2",
    [
        (
            {},
            "repeat\nplay treasures\nbuy silver\nend\nrepeat\n",
            "Your turn 1. Action phase: 1 Action, 1 Buy, 0 coins.",
            "Your hand: 4 Coppers and Estate.",
            "Your turn 2. 5 cards in hand, as drawn; type hand to hear them.",
            "Your hand: 3 Coppers and 2 Estates.",
        ),
        (
            {"language": "nl"},
            "herhaal\nspeel geldkaarten\nkoop zilver\neinde\nherhaal\n",
            "Jouw beurt 1. Actiefase: 1 actie, 1 aanschaf, 0 munten.",
            "Je hand: 4 Koper en Landgoed.",
            "Jouw beurt 2. 5 kaarten in je hand, zoals getrokken; typ hand om ze te horen.",
            "Je hand: 3 Koper en 2 Landgoederen.",
        ),
    ],
)
def test_repeat_at_the_start_of_a_turn_gives_the_turn_line_and_the_hand(settings, typed, turn1, hand1, turn2, hand2):
    players = "Jij:human,Bot:bigmoney" if settings else "You:human,Bot:bigmoney"
    _, lines = play(typed, players=players, settings=settings)
    word = typed.split("\n")[0]
    first = lines.index(next(x for x in lines if x.endswith(f"> {word}")))
    assert lines[first - 6 : first - 4] == [turn1, hand1]  # as the turn's start said them
    assert after(lines, word) == [turn1, hand1]
    second = next(i for i, x in enumerate(lines) if x.endswith(f"> {word}") and i > first)
    assert lines[second - 1] == turn2  # the hand was heard as it was drawn
    assert after(lines, word, second) == [turn2, hand2]


def test_the_supply_says_it_of_one_event_or_landmark_and_them_of_more():
    from a11y_dominion.console.queries import supply_lines
    from a11y_dominion.i18n import Language
    from a11y_dominion.rules.game import Game, GameConfig
    from a11y_dominion.view import player_view

    def last_two(events, landmarks, lang):
        g = Game(GameConfig(["Ann", "Bot"], ["Villa", "Forum"], events, landmarks, 3))
        g.start()
        return supply_lines(player_view(g, "Ann"), Language(lang))[-2:]

    assert last_two(["Wedding"], ["Tower"], "en") == [
        "Event: Wedding (4 coins and 3 Debt). Type events to hear it.",
        "Landmark: Tower. Type landmarks to hear it.",
    ]
    assert last_two(["Wedding"], ["Tower"], "nl") == [
        "Gebeurtenis: Bruiloft (4 munten en 3 schuld). Typ gebeurtenissen om die te horen.",
        "Bezienswaardigheid: Toren. Typ bezienswaardigheden om die te horen.",
    ]
    two = last_two(["Wedding", "Delve"], ["Tower", "Wall"], "en")
    assert two[0].startswith("Events: ") and two[0].endswith(". Type events to hear them.")
    assert two[1] == "Landmarks: Tower and Wall. Type landmarks to hear them."
