"""Each thing said once, and smaller things a blind player found at the local console
(screen-reader mode, human against a bot), in English and Dutch: the in-game ``settings``
command and the language a resumed game speaks; facts said twice (the last Province, a
card's cost, the Debt of Engineer); Tax's Debt in ``supply``; the buys read again after
paying Debt; what a brief run of buys says; no buys in the Action phase while Treasures
are left to play; the play moves in the order the hand is read.

The console is driven as a player drives it: a position (tests/test_console.py), typed
lines, and the exact lines printed.
"""

from __future__ import annotations

import json

import pytest

import playcore
from a11y_dominion import autosave
from test_console import position_console

KINGDOM = ("Villa", "Engineer", "Forum")


def console_at(state: dict, lines: str, lang: str = "en", events=(), kingdom=KINGDOM) -> tuple:
    """(console, printed lines) of Ann (human) against Bot (Big Money) from the position
    ``state``, with ``lines`` typed, in ``lang``."""
    return position_console(state, lines, kingdom, lang=lang, events=events)


PROMPTS = {"en": "You> ", "nl": "Jij> "}  # the one person's prompt at play, as the lines call them


def after(lines: list, typed: str) -> list:
    """The lines printed after ``typed`` was typed at Ann's prompt, up to the next prompt."""
    prompts = tuple(PROMPTS.values())
    i = next(i for i, x in enumerate(lines) if x.startswith(prompts) and x[len(prompts[0]) :] == typed)
    rest = lines[i + 1 :]
    end = next((j for j, x in enumerate(rest) if x.startswith(prompts)), len(rest))
    return rest[:end]


# Bot's turn first (it buys nothing with 5 Estates), then Ann's own turn from its start, so
# her sentences are those of a turn that has a prompt after them
BOT_FIRST = {
    "turn": {"player": "Bot", "phase": "action", "actions": 1, "buys": 1, "coins": 0},
    "players": {
        "Bot": {"hand": ["Estate"] * 5, "deck": ["Estate"] * 5},
        "Ann": {"hand": ["Gold", "Gold", "Silver", "Copper", "Estate"], "deck": ["Estate"] * 5},
    },
    "piles": {"Province": {"count": 1}},
}
BUY_PHASE = {
    "turn": {"player": "Ann", "phase": "buy", "actions": 0, "buys": 2, "coins": 6},
    "players": {"Ann": {"hand": [], "deck": ["Estate"] * 5}},
}


# ------------------------------------------------------------------ 1. settings in the game
SETTINGS_EN = [
    "Language English, verbosity normal, options new, speech off, hints on.",
    "Change one with settings set KEY VALUE, for example settings set language nl; "
    "the other settings change outside the game with a11y-dominion settings.",
]


def test_settings_in_the_game_show_and_change_the_live_ones(tmp_path, monkeypatch):
    path = tmp_path / "settings.json"
    monkeypatch.setenv("A11Y_DOMINION_CONFIG", str(path))
    typed = (
        "settings\nsettings set confirm no\nsettings set language fr\nsettings blah\nsettings set hints off\nhint\n"
        "settings set verbosity terse\nsettings set options always\nsettings set language nl\n"
        "settings\nhand\n"
    )
    console, lines = console_at(BUY_PHASE, typed)
    assert after(lines, "settings")[:2] == SETTINGS_EN
    assert after(lines, "settings set confirm no") == [
        "The setting confirm cannot change during a game; here language, verbosity, options, speech, output and hints "
        "can. Change the others outside the game with a11y-dominion settings set KEY VALUE."
    ]
    assert after(lines, "settings set hints off") == ["Hints are now off. Saved for this computer."]
    assert after(lines, "hint") == ["Hints are off in the settings; settings set hints on turns them on."]
    assert after(lines, "settings set language fr") == ["Language must be English or Dutch."]
    assert after(lines, "settings blah") == [  # the short form, settings nl or settings terse, as at every seat
        "blah is no setting; choose en, nl, terse, normal, verbose, plain or rich."
    ]
    assert after(lines, "settings set verbosity terse") == ["Verbosity is now terse. Saved for this computer."]
    assert after(lines, "settings set options always") == ["Options is now always. Saved for this computer."]
    # from the change on, the seat hears Dutch
    assert after(lines, "settings set language nl") == ["Taal is nu Nederlands. Bewaard voor deze computer."]
    i = lines.index("Jij> settings", lines.index("You> settings set language nl"))  # (Dutch from then on)
    assert lines[i + 1 : i + 3] == [
        "Taal Nederlands, uitgebreidheid beknopt, opties altijd, spraak uit, tips uit.",
        "Wijzig er een met instellingen zet SLEUTEL WAARDE, bijvoorbeeld instellingen zet taal nl; "
        "de andere instellingen wijzig je buiten het spel met a11y-dominion settings (dat alleen de Engelse "
        "woorden kent).",
    ]
    assert after(lines, "hand")[0] == "Je hand, 0 kaarten: niets."
    seat = console.people["Ann"]
    assert (seat.lang.code, seat.verbosity, seat.heard.mode) == ("nl", "terse", "always")
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert (saved["language"], saved["verbosity"], saved["options"], saved["hints"]) == ("nl", "terse", "always", False)


def test_settings_in_dutch_words():
    _, lines = console_at(BUY_PHASE, "instellingen\ninstellingen zet confirm no\n", lang="nl")
    assert after(lines, "instellingen")[0] == (
        "Taal Nederlands, uitgebreidheid normaal, opties nieuw, spraak uit, tips aan."
    )
    assert after(lines, "instellingen zet confirm no") == [
        "De instelling confirm kan niet wijzigen tijdens een spel; hier kunnen taal, uitgebreidheid, opties, "
        "spraak, spraakuitvoer en tips dat. Wijzig de andere buiten het spel met a11y-dominion settings set KEY VALUE, "
        "met de Engelse woorden."
    ]


def play_then_resume(players: str, settings: dict, options: tuple = ()) -> playcore.Played:
    """A game played in English and stopped, then resumed with ``settings`` and the command
    line's ``options``."""
    playcore.run(["--seed", "2", "--players", players], "play treasures\n", settings={})
    console, _text = playcore.run(list(options), "", settings=settings, resume=autosave.find_game(None))
    return console


def test_resume_speaks_the_language_the_command_line_names_else_the_game_s_own():
    # played in English, the language set to Dutch since: the resumed game goes on in English
    console = play_then_resume("You:human,Bot:bigmoney", {"language": "nl"})
    assert list(console.people) == ["You"] and console.people["You"].lang.code == "en" and console.lang.code == "en"
    # resume --lang nl: Dutch, and the seat with the default name is called as Dutch calls it
    console = play_then_resume("You:human,Bot:bigmoney", {"language": "en"}, ("--lang", "nl"))
    assert list(console.people) == ["Jij"] and console.people["Jij"].lang.code == "nl" and console.lang.code == "nl"
    # a seat's own language, chosen for it (--players), is still its own
    console = play_then_resume("Ann:human:nl:terse,Bot:bigmoney", {"language": "en"})
    assert console.people["Ann"].lang.code == "nl" and console.people["Ann"].verbosity == "terse"


# ------------------------------------------------------------------ 2. facts said twice
@pytest.mark.parametrize(
    "lang, said",
    [
        (
            "en",
            "You buy Province. The Province pile is empty. The game ends after this turn. 0 Buys, 1 coin.",
        ),
        (
            "nl",
            "Je koopt Provincie. De stapel Provincie is leeg. Het spel eindigt na deze beurt. 0 aanschaffen, 1 munt.",
        ),
    ],
)
def test_the_last_province_is_told_empty_once(lang, said):
    # no "Province pile: 0 cards left." before the pile is told empty
    _, lines = console_at(BOT_FIRST, "play treasures\nbuy Province\n", lang)
    assert after(lines, "buy Province")[0] == said


@pytest.mark.parametrize(
    "lang, expected",
    [
        (
            "en",
            [
                "Forum: Action, costs 5 coins. +3 Cards, +1 Action. Discard 2 cards. When you buy this, +1 Buy.",
                "In the Supply: 10 left.",
            ],
        ),
        ("nl", "In de voorraad: nog 10."),
    ],
)
def test_a_card_says_its_cost_once(lang, expected):
    _, lines = console_at(BUY_PHASE, "card Forum\n", lang)
    got = after(lines, "card Forum")
    if isinstance(expected, list):
        assert got == expected
    else:
        assert got[1] == expected and got[0].count("5 munten") == 1


@pytest.mark.parametrize(
    "lang, line",
    [
        ("en", "You buy Engineer. You take 4 Debt for Engineer. 0 Buys."),
        (
            "nl",
            "Je koopt Ingenieur. Je neemt 4 schuld voor Ingenieur. 0 aanschaffen.",
        ),
    ],
)
def test_the_debt_of_engineer_is_said_once(lang, line):
    _, lines = console_at(BOT_FIRST, "play treasures\nbuy Engineer\n", lang)
    assert after(lines, "buy Engineer")[0] == line


# ------------------------------------------------------------------ 3. Tax's Debt in supply
def test_supply_says_taxs_debt_once_and_only_where_it_differs():
    _, lines = console_at(BUY_PHASE, "supply\nbuy Silver\nsupply\n", events=["Tax"])
    first = after(lines, "supply")
    assert first[:2] == ["Supply: 10 piles, 0 empty.", "Every Supply pile has 1 Debt on it, from Tax."]
    assert "Silver: 3 coins, 40 left." in first
    # a Debt cost is told apart from Debt on the pile
    assert "Engineer: costs 4 Debt, 10 left." in first
    assert not any("Debt on it" in x for x in first[2:])
    i = lines.index("You> supply", lines.index("You> buy Silver"))
    second = lines[i + 1 :]
    assert second[1] == "Every Supply pile started with 1 Debt on it, from Tax; the piles with other Debt say so."
    assert "Silver: 3 coins, 39 left, no Debt on it." in second
    assert "Gold: 6 coins, 30 left." in second


def test_supply_with_tax_in_dutch():
    _, lines = console_at(BUY_PHASE, "voorraad\n", "nl", events=["Tax"])
    got = after(lines, "voorraad")
    assert got[1] == "Elke voorraadstapel heeft 1 schuld erop, van Belasting."
    assert "Ingenieur: kost 4 schuld, nog 10." in got


# ------------------------------------------------------------------ 4. buys after paying Debt
@pytest.mark.parametrize(
    "lang, line",
    [
        ("en", "1 to 6: buy Estate, Patrician, City Quarter or 3 more; 7: end."),
        ("nl", "1 tot en met 6: koop Landgoed, Patriciër, Stadswijk of nog 3; 7: einde."),
    ],
)
def test_paying_the_debt_reads_the_buys_it_makes_possible(lang, line):
    # 6 coins, 2 Buys: Engineer (4 Debt) leaves no buy until it is paid; paying 4 leaves 2 coins
    _, lines = console_at(
        BUY_PHASE, "buy Engineer\npay\n", lang, kingdom=("Villa", "Engineer", "Patrician", "City Quarter")
    )
    assert after(lines, "pay")[-1] == line


# ------------------------------------------------------------------ 6. and 7. the Action phase's moves
HAND_UNSORTED = {
    "turn": {"player": "Ann", "phase": "action", "actions": 1, "buys": 1, "coins": 0},
    "players": {"Ann": {"hand": ["Copper", "Silver", "Estate", "Copper", "Villa"], "deck": ["Estate"] * 5}},
}


@pytest.mark.parametrize(
    "lang, expected",
    [
        (
            "en",
            [
                "Your hand: Villa, 2 Coppers, Silver and Estate.",
                "1. play Villa",
                "2. play Copper",
                "3. play Silver",
                "4. play treasures",
                "5 to 7: buy, once your Treasures are played.",
                "8. end the Action phase",
            ],
        ),
        (
            "nl",
            [
                "Je hand: Villa, 2 Koper, Zilver en Landgoed.",
                "1. speel Villa",
                "2. speel Koper",
                "3. speel Zilver",
                "4. speel geldkaarten",
                "5 tot en met 7: kopen, zodra je geldkaarten gespeeld zijn.",
                "8. beëindig de actiefase",
            ],
        ),
    ],
)
def test_play_moves_come_in_hand_order_and_no_buys_listed_while_treasures_are_left(lang, expected):
    # the buys at 0 coins (Copper, Curse, Engineer) are not listed: one clause says how to buy
    _, lines = console_at(HAND_UNSORTED, "", lang)
    i = next(j for j, x in enumerate(lines) if x.startswith(expected[0]))
    assert lines[i : i + len(expected)] == expected


def test_a_buy_typed_in_the_action_phase_with_treasures_in_hand_is_made():
    # options still lists every move, numbered; the buy ends the Action phase and is made
    _, lines = console_at(HAND_UNSORTED, "options\nbuy Copper\nyes\n")
    assert after(lines, "options")[1:8] == [
        "1. play Villa",
        "2. play Copper",
        "3. play Silver",
        "4. play treasures",
        "5. buy Copper, 0 coins",
        "6. buy Curse, 0 coins",
        "7. buy Engineer, 4 Debt",
    ]
    assert after(lines, "buy Copper")[0].startswith(
        "You still have 1 Action and could play Villa. Buying Copper ends the Action phase. Go on?"
    )
    asked = next(i for i, x in enumerate(lines) if "Go on?" in x)
    assert lines[asked + 1].startswith("You buy Copper.")


def test_the_action_phase_offers_buys_when_no_treasure_is_left():
    state = {
        "turn": {"player": "Ann", "phase": "action", "actions": 1, "buys": 1, "coins": 0},
        "players": {"Ann": {"hand": ["Villa", "Estate"], "deck": ["Estate"] * 5}},
    }
    _, lines = console_at(state, "options\n")
    assert after(lines, "options")[1:] == [
        "1. play Villa",
        "2. buy Copper, 0 coins",
        "3. buy Curse, 0 coins",
        "4. buy Engineer, 4 Debt",
        "5. end the Action phase",
    ]
