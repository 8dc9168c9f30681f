"""What a fresh screen-reader tester still found after a whole game, in English and Dutch: the
default seat's name after a change of language, ``repeat`` and ``log`` after ``resume`` and
``load``, a card's name and cost said once, the Dutch setting values and seed line, Villa's
+1 Action, Ctrl+C on an empty line, and the tokens on piles after ``undo``.

The console is driven as a player drives it (typed lines, a position, a pseudo-terminal's keys
through prompt_toolkit's pipe input) and the exact lines printed are checked.
"""

from __future__ import annotations

import json
import re

import pytest

import playcore
from a11y_dominion import autosave
from a11y_dominion.cli import main
from a11y_dominion.console import queries as q
from a11y_dominion.i18n import Language
from a11y_dominion.kingdoms import choose_setup
from a11y_dominion.rules.cards import CARDS
from a11y_dominion.rules.game import Game, GameConfig
from a11y_dominion.seats import default_seat_names
from a11y_dominion.view import player_view
from test_console import CTRL_C, position_console, session
from test_history import KINGDOM, TO_VILLAGE, after, play, resume


def you(lang: str) -> str:
    """The one person's prompt at play in ``lang``, as the lines call them ("You> ", "Jij> ")."""
    return "Jij> " if lang == "nl" else "You> "


def typed(lines: list, *options: str, settings: dict | None = None, game_id: str | None = None) -> str:
    """What a game at this keyboard printed with ``lines`` typed: a new game with the ``play``
    ``options`` (no seats given: the default ones), or with ``game_id`` (or "latest") the
    resumed game, with ``settings``."""
    resumed = autosave.find_game(None if game_id == "latest" else game_id) if game_id is not None else None
    return playcore.run(list(options), lines, settings=settings or {}, resume=resumed)[1]


# ------------------------------------------------------------------ 1. the default seat's name
def test_the_default_seat_name_follows_the_language_of_the_resumed_game(capsys):
    dutch = typed(["speel geldkaarten", "koop Dorp", "einde"], "--seed", "2", "--lang", "nl", "--kingdom", KINGDOM)
    assert "Jij> einde" in dutch.splitlines()
    # resumed in English (resume --lang en): the seat is "You", in the prompt and the sentences
    english = typed(["play treasures", "end"], "--lang", "en", settings={"language": "en"}, game_id="latest")
    assert "Jij" not in english
    assert "You> play treasures" in english.splitlines() and "You play 3 Coppers. 3 coins." in english.splitlines()
    assert "Your turn 3. 5 cards in hand." in english.splitlines()  # (how to hear them: said at turn 2)
    (saved,) = autosave.unfinished_games()
    # the file goes on with the names of its own header
    answers = [json.loads(x) for x in saved.path.read_text(encoding="utf-8").splitlines()[1:]]
    assert {a["p"] for a in answers} == {"Jij", "Bot"} and {a["t"][0] for a in answers} == {"Jij", "Bot"}
    # the list of games says the name as the language of the settings says it
    assert main(["games"]) == 0
    line = capsys.readouterr().out.strip()
    assert re.fullmatch(
        rf"Game of .*, unfinished, at your turn 3: You \(human\) and Bot \(medium\)\. .*resume {saved.id}\.", line
    )
    # and in Dutch again "Jij"
    again = typed(["hand"], settings={"language": "nl"}, game_id="latest")
    assert "Jij> hand" in again.splitlines() and "You>" not in again


def test_a_chosen_name_is_kept_and_the_default_name_is_translated_either_way():
    dutch = {"seats": [["Jij", "human", {"language": "nl"}], ["Bot", "medium"]]}
    # resumed (the Dutch of the game replaced by the settings' English), or without a language of its own
    assert default_seat_names(dutch, Language("en"), "nl") == {"Jij": "You"}
    assert default_seat_names(dutch, Language("nl"), "nl") == {}
    assert default_seat_names({"seats": [["Jij", "human"], ["Bot", "medium"]]}, Language("en")) == {"Jij": "You"}
    # a seat that keeps its own language keeps the name of that language (a loaded save file)
    assert default_seat_names(dutch, Language("en")) == {}
    english = {"seats": [["You", "human", {"language": "en"}], ["Bot", "medium"]]}
    assert default_seat_names(english, Language("nl"), "en") == {"You": "Jij"}
    # a name the player chose, and a position's names, stay
    assert default_seat_names({"seats": [["Ann", "human"], ["Bot", "medium"]]}, Language("nl"), "en") == {}
    positioned = {"seats": [["Jij", "human"], ["Bot", "medium"]], "position": {}}
    assert default_seat_names(positioned, Language("en")) == {}


def test_a_loaded_save_file_calls_the_default_seat_by_the_language_it_speaks(tmp_path):
    f = tmp_path / "game.json"
    typed(["speel geldkaarten", f"bewaar {f}"], "--seed", "2", "--lang", "nl", "--kingdom", KINGDOM)
    saved = json.loads(f.read_text(encoding="utf-8"))
    assert saved["config"]["players"] == ["Jij", "Bot"]
    # the seat keeps the Dutch it was saved with, and its name
    text = typed(["hand"], "--load", str(f), settings={"language": "en"})
    assert "Jij> hand" in text.splitlines() and "Je hand, 1 kaart: Landgoed." in text.splitlines()
    # a save file whose seat has no language of its own: it speaks English now, and is called so
    saved["seats"][0] = ["Jij", "human"]
    f.write_text(json.dumps(saved), encoding="utf-8")
    text = typed(["hand"], "--load", str(f), settings={"language": "en"})
    assert "You> hand" in text.splitlines() and "Your hand, 1 card: Estate." in text.splitlines()
    assert "Jij" not in text


# ------------------------------------------------------------------ 2. repeat and log after resume
@pytest.mark.parametrize(
    "players, whole",
    [
        (
            "You:human,Bot:bigmoney",
            [
                "The last 9 messages:",
                "a11y-dominion. Type help for commands; F2 repeats the last message.",
                "New game for You and Bot. You go first.",
                "Kingdom: Village (3 coins), Cellar (2 coins), Merchant (3 coins), Workshop (3 coins), Smithy "
                "(4 coins), Festival (5 coins), Laboratory (5 coins), Market (5 coins), Council Room (5 coins) "
                "and Moneylender (4 coins).",
                "Your turn 1.",
                "You play 4 Coppers. You buy Village.",
                "You draw 3 Coppers and 2 Estates.",
                "Bot, turn 1: played 3 Coppers, bought Silver.",
                "Your turn 2.",
                "You play 3 Coppers.",
            ],
        ),
        (
            "Ann:human:nl,Bot:bigmoney",
            [
                "De laatste 9 berichten:",
                "a11y-dominion. Typ hulp voor de commando's; F2 herhaalt het laatste bericht.",
                "Nieuw spel voor Ann en Bot. Jij begint.",
                "Koninkrijk: Dorp (3 munten), Kelder (2 munten), Koopman (3 munten), Werkplaats (3 munten), "
                "Smidse (4 munten), Festival (5 munten), Laboratorium (5 munten), Markt (5 munten), Raadszaal "
                "(5 munten) en Geldschieter (4 munten).",
                "Jouw beurt 1.",
                "Je speelt 4 Koper. Je koopt Dorp.",
                "Je trekt 3 Koper en 2 Landgoederen.",
                "Bot, beurt 1: speelde 3 Koper, kocht Zilver.",
                "Jouw beurt 2.",
                "Je speelt 3 Koper.",
            ],
        ),
    ],
)
def test_repeat_and_log_after_resume_offer_the_game_before_it(players, whole):
    play(TO_VILLAGE[:4], players=players)
    _, text = resume(["repeat", "log 4", "log 12"])
    # the last line of the game, not the welcome line said since
    assert after(text, "repeat")[:1] == whole[-1:]
    assert after(text, "log 4")[1:5] == whole[-4:]
    # further back than the last announcements said at the start: the whole game so far
    assert after(text, "log 12")[:10] == whole


def test_repeat_after_load_says_the_last_line_of_the_loaded_game(tmp_path):
    f = tmp_path / "game.json"
    play([*TO_VILLAGE[:4], f"save {f}"])
    text = typed(["repeat"], "--load", str(f))
    assert after(text, "repeat")[:1] == ["You play 3 Coppers."]


# ------------------------------------------------------------------ 3. a card's name and cost once
BUY_PHASE = {
    "turn": {"player": "Ann", "phase": "buy", "actions": 0, "buys": 2, "coins": 6},
    "players": {"Ann": {"hand": [], "deck": ["Estate"] * 5}},
    "piles": {"Engineer": {"debt_tokens": 1}},
}
CARD_KINGDOM = ("Engineer", "Gladiator/Fortune", "Castles", "Villa")


@pytest.mark.parametrize(
    "lang, said",
    [
        (
            "en",
            {
                "card Engineer": [
                    "Engineer (Dutch: Ingenieur): Action, costs 4 Debt. Gain a card costing up to 4 coins. "
                    "You may trash this. If you do, gain a card costing up to 4 coins.",
                    "In the Supply: 10 left, 1 Debt on it.",
                ],
                "card Fortune": [
                    "Fortune (Dutch: Fortuin): Treasure, costs 8 coins and 8 Debt. +1 Buy. When you play this, "
                    "double your coins if you have not yet this turn. When you gain this, gain a Gold per "
                    "Gladiator you have in play.",
                    "In the Supply: Gladiator on top, 3 coins, 10 left; below: 5 Fortunes.",
                ],
                "card Gladiator": [
                    "Gladiator: Action, costs 3 coins. +2 coins. Reveal a card from your hand. The player to "
                    "your left may reveal a copy from their hand. If they do not, +1 coin and trash a Gladiator "
                    "from the Supply.",
                    "In the Supply: on top of its pile, 10 left; below: 5 Fortunes (8 coins and 8 Debt).",
                ],
                "card Settlers": [
                    "Settlers (Dutch: Kolonisten): Action, costs 2 coins. +1 Card, +1 Action. Look through your "
                    "discard pile. You may reveal a Copper from it and put it into your hand.",
                    "It is not in the Supply of this game.",
                ],
            },
        ),
        (
            "nl",
            {
                "kaart Ingenieur": [
                    "Ingenieur (Engels: Engineer): Actie, kost 4 schuld. Pak een kaart die tot 4 munten kost. "
                    "Je mag deze kaart vernietigen. Doe je dat, pak dan nog een kaart die tot 4 munten kost.",
                    "In de voorraad: nog 10, 1 schuld erop.",
                ],
                "kaart Fortuin": [
                    "Fortuin (Engels: Fortune): Geld, kost 8 munten en 8 schuld. +1 aanschaf. Als je deze kaart "
                    "speelt, verdubbel je je munten, als je dat deze beurt nog niet hebt gedaan. Als je deze "
                    "kaart pakt, pak je een Goud per Gladiator die je in het spel hebt.",
                    "In de voorraad: Gladiator bovenop, 3 munten, nog 10; eronder: 5 Fortuinen.",
                ],
                "kaart Gladiator": [
                    "Gladiator: Actie, kost 3 munten. +2 munten. Laat een kaart uit je hand zien. Je linkerbuur "
                    "mag een exemplaar van dezelfde kaart uit de eigen hand laten zien. Gebeurt dat niet, dan "
                    "+1 munt en vernietig je een Gladiator uit de voorraad.",
                    "In de voorraad: bovenop zijn stapel, nog 10; eronder: 5 Fortuinen (8 munten en 8 schuld).",
                ],
                "kaart Kolonisten": [
                    "Kolonisten (Engels: Settlers): Actie, kost 2 munten. +1 kaart, +1 actie. Doorzoek je "
                    "aflegstapel. Je mag er een Koper uit laten zien en in je hand nemen.",
                    "Deze kaart zit niet in de voorraad van dit spel.",
                ],
            },
        ),
    ],
)
def test_card_says_the_name_and_the_cost_once(lang, said):
    _, lines = position_console(BUY_PHASE, "".join(x + "\n" for x in said), CARD_KINGDOM, lang=lang)
    for line, expected in said.items():
        i = lines.index(f"{you(lang)}{line}")
        assert lines[i + 1 : i + 3] == expected


@pytest.mark.parametrize(
    "lang, pile, cards",
    [
        (
            "en",
            "Castles (Dutch: Kastelen) is a pile of 8 different cards; type card and one of their names to hear "
            "its text.",
            "In the Supply: Humble Castle on top, 3 coins, 8 left; below: Crumbling Castle (4 coins), Small "
            "Castle (5 coins), Haunted Castle (6 coins), Opulent Castle (7 coins), Sprawling Castle (8 coins), "
            "Grand Castle (9 coins) and King's Castle (10 coins).",
        ),
        (
            "nl",
            "Kastelen (Engels: Castles) is een stapel met 8 verschillende kaarten; typ kaart en een van hun namen "
            "om de tekst te horen.",
            "In de voorraad: Bescheiden kasteel bovenop, 3 munten, nog 8; eronder: Vervallen kasteel (4 munten), "
            "Klein kasteel (5 munten), Spookkasteel (6 munten), Weelderig kasteel (7 munten), Florerend kasteel "
            "(8 munten), Groot kasteel (9 munten) en Koningskasteel (10 munten).",
        ),
    ],
)
def test_card_of_a_pile_names_its_cards_once(lang, pile, cards):
    _, lines = position_console(BUY_PHASE, "card Castles\n", CARD_KINGDOM, lang=lang)
    i = lines.index(f"{you(lang)}card Castles")
    assert lines[i + 1 : i + 3] == [pile, cards]


EVERY_LAYERED_OR_DEBT = (
    "Castles,Patrician/Emporium,Settlers/Bustling Village,Catapult/Rocks,Encampment/Plunder,"
    "Gladiator/Fortune,Engineer,City Quarter,Royal Blacksmith,Overlord"
)


@pytest.mark.parametrize("code", ["en", "nl"])
def test_no_card_with_a_debt_cost_or_in_a_layered_pile_says_its_name_or_cost_twice(code):
    lang = Language(code)
    piles, events, landmarks = choose_setup(EVERY_LAYERED_OR_DEBT, None, None, 1)
    game = Game(GameConfig(["Ann", "Bot"], piles, events, landmarks, 1))
    game.start()
    view = player_view(game, "Ann")
    names = [n for n, spec in CARDS.items() if spec.cost.debt or spec.pile != n]
    assert len(names) == 22
    for name in names:
        text, pile = q.card_lines(view, name, lang)
        shown, cost = lang.card(name), q.cost_of(name, lang)
        assert text.startswith(shown) and text.count(", " + lang.text("costs {cost}", cost=cost) + ".") == 1, text
        # the pile's line names neither the card nor its cost again
        assert pile.startswith(lang._("In the Supply: {facts}.").split("{")[0]), pile
        assert f"{shown} " + lang._("{top} on top").split("} ")[1] not in pile, pile
        assert f"{shown} ({cost})" not in pile and f"{lang.cards(shown)} ({cost})" not in pile, pile
        assert f", {cost}," not in pile or not pile.split(", ")[0].endswith(shown), pile


# ------------------------------------------------------------------ 4. Dutch setting values
def test_the_settings_say_their_values_in_dutch_and_take_dutch_words(tmp_path, monkeypatch):
    monkeypatch.setenv("A11Y_DOMINION_CONFIG", str(tmp_path / "settings.json"))
    typed_lines = (
        "instellingen\ninstellingen zet uitgebreidheid beknopt\ninstellingen zet opties altijd\n"
        "instellingen zet tips uit\ninstellingen zet verbosity verbose\ninstellingen\n"
    )
    console, lines = position_console(BUY_PHASE, typed_lines, CARD_KINGDOM, lang="nl")
    assert "Spelnummer 1." in lines and not any("seed" in x.lower() for x in lines)

    def answer(line: str) -> list:
        i = max(k for k, x in enumerate(lines) if x == f"Jij> {line}")
        return lines[i + 1 : i + 2]

    assert lines[lines.index("Jij> instellingen") + 1] == (
        "Taal Nederlands, uitgebreidheid normaal, opties nieuw, spraak uit, tips aan."
    )
    assert answer("instellingen zet uitgebreidheid beknopt") == [
        "Uitgebreidheid is nu beknopt. Bewaard voor deze computer."
    ]
    assert answer("instellingen zet opties altijd") == ["Opties is nu altijd. Bewaard voor deze computer."]
    assert answer("instellingen zet tips uit") == ["Tips staan nu uit. Bewaard voor deze computer."]
    assert answer("instellingen zet verbosity verbose") == [
        "Uitgebreidheid is nu uitgebreid. Bewaard voor deze computer."
    ]
    assert answer("instellingen") == [
        "Taal Nederlands, uitgebreidheid uitgebreid, opties altijd, spraak uit, tips uit."
    ]
    saved = json.loads((tmp_path / "settings.json").read_text(encoding="utf-8"))
    assert (saved["verbosity"], saved["options"], saved["hints"]) == ("verbose", "always", False)
    seat = console.people["Ann"]
    assert (seat.verbosity, seat.heard.mode, console.hints) == ("verbose", "always", False)
    # in English the same values, in English words, and the seed line (a settings file of its own)
    monkeypatch.setenv("A11Y_DOMINION_CONFIG", str(tmp_path / "english.json"))
    _, lines = position_console(BUY_PHASE, "settings\n", CARD_KINGDOM)
    assert "Game seed 1." in lines
    assert "Language English, verbosity normal, options new, speech off, hints on." in lines


# ------------------------------------------------------------------ 5. Villa's +1 Action
@pytest.mark.parametrize(
    "lang, typed_line, bought, gained",
    [
        (
            "en",
            "buy Villa",
            "You buy Villa. You put Villa into your hand. Villa: +1 Action, back to your Action phase. "
            "1 Action, 1 Buy, 4 coins.",
            "You gain Villa. You put Villa into your hand. Villa: +1 Action.",
        ),
        (
            "nl",
            "koop Villa",
            "Je koopt Villa. Je neemt Villa in je hand. Villa: +1 actie, terug naar je actiefase. "
            "1 actie, 1 aanschaf, 4 munten.",
            "Je pakt Villa. Je neemt Villa in je hand. Villa: +1 actie.",
        ),
    ],
)
def test_villa_gained_says_its_action_and_the_phase_it_goes_back_to(lang, typed_line, bought, gained):
    state = {
        "turn": {"player": "Ann", "phase": "buy", "actions": 0, "buys": 2, "coins": 8},
        "players": {"Ann": {"hand": [], "deck": ["Estate"] * 5}},
    }
    _, lines = position_console(state, typed_line + "\n", ("Villa", "Engineer"), lang=lang)
    assert lines[lines.index(f"{you(lang)}{typed_line}") + 1] == bought
    # gained in the Action phase (Engineer): the +1 Action, no phase change
    state = {
        "turn": {"player": "Ann", "phase": "action", "actions": 1, "buys": 1, "coins": 0},
        "players": {"Ann": {"hand": ["Engineer"], "deck": ["Estate"] * 5}},
    }
    play_line = "play Engineer" if lang == "en" else "speel Ingenieur"
    _, lines = position_console(state, f"{play_line}\nVilla\nno\n", ("Villa", "Engineer"), lang=lang)
    assert lines[lines.index(f"{you(lang)}Villa") + 1] == gained


# ------------------------------------------------------------------ 6. Ctrl+C on an empty line
@pytest.mark.parametrize(
    "options, nothing, cleared",
    [
        ((), "Nothing to clear. Type quit to stop the game.", "Line cleared. Type quit to stop the game."),
        (
            ("--lang", "nl"),
            "Niets te wissen. Typ stoppen om het spel te stoppen.",
            "Regel gewist. Typ stoppen om het spel te stoppen.",
        ),
    ],
)
def test_ctrl_c_says_whether_there_was_anything_to_clear(options, nothing, cleared):
    _, _, lines = session(CTRL_C + "hand\r" + "han" + CTRL_C + "hand\r", *options)
    said = [x for x in lines if x in (nothing, cleared)]
    assert said == [nothing, cleared]
    assert lines[lines.index(nothing) + 1] == lines[lines.index(cleared) + 1]  # the hand, both times


# ------------------------------------------------------------------ 7. undo and the tokens on piles
@pytest.mark.parametrize(
    "lang, typed_lines, said",
    [
        (
            "en",
            "buy Silver\nundo\nbuy Temple\nundo\n",
            [
                "Taken back: your buy of Silver. Now 0 Debt, 1 Debt on the Silver pile.",
                "Taken back: your buy of Temple. Now 0 VP tokens, 3 VP on the Temple pile.",
            ],
        ),
        (
            "nl",
            "koop Zilver\nongedaan\nkoop Tempel\nongedaan\n",
            [
                "Teruggenomen: je aankoop van Zilver. Nu 0 schuld, 1 schuld op de stapel Zilver.",
                "Teruggenomen: je aankoop van Tempel. Nu 0 punten aan fiches, 3 punten op de stapel Tempel.",
            ],
        ),
    ],
)
def test_undo_says_the_tokens_it_put_back_on_piles(lang, typed_lines, said):
    state = {
        "turn": {"player": "Ann", "phase": "buy", "actions": 0, "buys": 2, "coins": 6},
        "players": {"Ann": {"hand": [], "deck": ["Estate"] * 5}},
        "piles": {"Silver": {"debt_tokens": 1}, "Temple": {"vp_tokens": 3}},
    }
    console, lines = position_console(state, typed_lines, ("Villa", "Temple"), lang=lang)
    assert [x for x in lines if x.startswith(("Taken back:", "Teruggenomen:"))] == said
    assert console.game.piles["Silver"].debt_tokens == 1 and console.game.piles["Temple"].vp_tokens == 3


def test_the_speech_output_takes_the_dutch_word_for_default_and_its_refusal_says_dutch_words(tmp_path, monkeypatch):
    monkeypatch.setenv("A11Y_DOMINION_CONFIG", str(tmp_path / "settings.json"))
    typed_lines = "instellingen zet uitvoer blabla\ninstellingen zet uitvoer standaard\n"
    _, lines = position_console(BUY_PHASE, typed_lines, CARD_KINGDOM, lang="nl")

    def answer(line: str) -> str:
        return lines[lines.index(f"Jij> {line}") + 1]

    refusal = answer("instellingen zet uitvoer blabla")
    assert refusal.startswith("Spraakuitvoer moet standaard zijn of een van: "), refusal
    assert answer("instellingen zet uitvoer standaard") == "Spraakuitvoer is nu standaard. Bewaard voor deze computer."
    # in English, the English words
    _, lines = position_console(BUY_PHASE, "settings set output blabla\nsettings set output default\n", CARD_KINGDOM)
    assert lines[lines.index("You> settings set output blabla") + 1].startswith("Output must be default or one of: ")
    assert (
        lines[lines.index("You> settings set output default") + 1] == "Output is now default. Saved for this computer."
    )
