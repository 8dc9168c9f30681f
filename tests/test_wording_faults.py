"""Wording heard at the table, each in English and Dutch: a pile count names its pile, a count
agrees with its noun ("1 coin"), everyone level is said so, a hint says its move once and its
cards in words that agree, numbered moves after play and buy, a buy before the Treasures are
played, the settings' sentences and a strategy file's TOML error read aloud."""

from __future__ import annotations

import asyncio
from pathlib import Path
from types import SimpleNamespace

import pytest

import playcore
from a11y_dominion.announcements.narrator import Narrator
from a11y_dominion.bots.medium import MediumBot
from a11y_dominion.console import queries as q
from a11y_dominion.console.hint import hint_words, move_words
from a11y_dominion.i18n import Language
from a11y_dominion.rules import events as ev
from a11y_dominion.rules.decisions import END_MOVE, Decision, Kind, Move, MoveKind, Purpose
from a11y_dominion.rules.game import Game, GameConfig
from a11y_dominion.strategies import StrategyError, parse_strategy
from a11y_dominion.textinput import parse_turn
from a11y_dominion.view import player_view, redact_all
from test_console import position_console, session
from test_said_once_console import PROMPTS, after, console_at

EN, NL = Language("en"), Language("nl")


# ------------------------------------------------------------ a pile count names its pile
def _bought(*buys) -> list:
    """Bot's turn 5: it plays Gold and buys each (card, cards left in its pile) of ``buys``."""
    out: list = [ev.TurnStarted("Bot", 5, 10), ev.CardPlayed("Bot", "Gold")]
    for card, left in buys:
        out.append(ev.CardBought("Bot", card, 8, 0, card, left))
        out.append(ev.CardGained("Bot", card, card, "discard", pile_left=left, bought=True))
        if left == 0:
            out.append(ev.PileEmptied(card, 1))
    return [*out, ev.TurnStarted("Ann", 6, 11)]


@pytest.mark.parametrize(
    "lang, expected",
    [
        (EN, "Bot, turn 5: played Gold, bought Province and Estate (7 Estates left). The Province pile is empty."),
        (
            NL,
            "Bot, beurt 5: speelde Goud, kocht Provincie en Landgoed (nog 7 Landgoederen). "
            "De stapel Provincie is leeg.",
        ),
    ],
)
def test_a_count_after_several_bought_cards_names_its_pile(lang, expected):
    narrator = Narrator("Ann", current="Bot", lang=lang)
    assert narrator.sentences(redact_all(_bought(("Province", 0), ("Estate", 7)), "Ann"))[0] == expected


@pytest.mark.parametrize(
    "lang, expected",
    [
        (EN, "Bot, turn 5: played Gold, bought Duchy and Estate (4 Duchies and 1 Estate left)."),
        (NL, "Bot, beurt 5: speelde Goud, kocht Hertogdom en Landgoed (nog 4 Hertogdommen en 1 Landgoed)."),
    ],
)
def test_each_count_of_a_step_is_told(lang, expected):
    narrator = Narrator("Ann", current="Bot", lang=lang)
    assert narrator.sentences(redact_all(_bought(("Duchy", 4), ("Estate", 1)), "Ann"))[0] == expected


def test_a_count_after_cards_of_one_pile_stays_short():
    narrator = Narrator("Ann", current="Bot")
    assert narrator.sentences(_bought(("Province", 7), ("Province", 6)))[0] == (
        "Bot, turn 5: played Gold, bought 2 Provinces (6 left)."
    )


def _humble_castle_bought() -> list:
    """A real four-player game with the Castles (seed 2): Carl's first turn, where he plays
    his Treasures and buys Humble Castle from the Castles pile, whose top stays Humble Castle
    (12 Castles for four players, 2 of them Humble), up to Bot's turn."""
    kingdom = ["Villa", "Engineer", "Forum", "Patrician", "City Quarter", "Chariot Race", "Farmers' Market"]
    g = Game(GameConfig(["Ann", "Bea", "Carl", "Bot"], kingdom + ["Castles", "Legionary", "Sacrifice"], [], [], 2))
    g.start()
    while g.turn.player != 2:
        g.answer([END_MOVE])
    mark = len(g.log)
    g.answer([Move(MoveKind.TREASURES)])
    g.answer([Move.buy("Castles")])
    while g.turn.player != 3:
        g.answer([END_MOVE])
    return g.log[mark - 1 :]  # (from Carl's turn start)


@pytest.mark.parametrize(
    "lang, expected",
    [
        (EN, "Carl played 4 Coppers, bought Humble Castle (11 Castles left)."),
        (NL, "Carl speelde 4 Koper, kocht Bescheiden kasteel (nog 11 Kastelen)."),
    ],
)
def test_a_count_after_a_castle_names_the_castles_pile(lang, expected):
    """Heard at a four-seat table: "bought Humble Castle (11 left)", when one Humble Castle
    is left and the 11 are the Castles."""
    narrator = Narrator("Ann", current="Carl", lang=lang)
    assert expected in narrator.sentences(redact_all(_humble_castle_bought(), "Ann"))


# ------------------------------------------------------------ a count agrees with its noun
CAPITAL_END = {
    "turn": {"player": "Ann", "phase": "buy", "actions": 0, "buys": 1, "coins": 1},
    "players": {
        "Ann": {"hand": [], "in_play": ["Capital"], "deck": ["Estate"] * 5},
        "Bot": {"hand": ["Estate"], "deck": ["Estate"] * 5},
    },
}


@pytest.mark.parametrize(
    "lang, typed, expected",
    [
        ("en", "end", "Capital: you have 6 Debt and 1 coin. Pay how much Debt now (0 to 1)?"),
        ("nl", "einde", "Kapitaal: je hebt 6 schuld en 1 munt. Hoeveel schuld los je nu af (0 tot en met 1)?"),
    ],
)
def test_six_debt_and_one_coin(lang, typed, expected):
    _, lines = console_at(CAPITAL_END, typed + "\n", lang, kingdom=("Capital", "Villa", "Forum"))
    assert expected in after(lines, typed)


@pytest.mark.parametrize(
    "lang, expected",
    [
        (EN, ["There is only 1 message so far.", "There are only 3 messages so far."]),
        (NL, ["Er is tot nu toe maar 1 bericht.", "Er zijn tot nu toe maar 3 berichten."]),
    ],
)
def test_one_message_so_far(lang, expected):
    import inspect

    from a11y_dominion.console.commands import repeat

    template = "{n:There is only 1 message|There are only {n} messages} so far."
    assert template in inspect.getsource(repeat)  # the sentence repeat says
    assert [lang.text(template, n=n) for n in (1, 3)] == expected


# ------------------------------------------------------------ everyone level
def _four_level() -> Game:
    """Four players, Ann's first turn over with nothing bought: 3 VP each, Ann one turn more."""
    kingdom = ["Villa", "Engineer", "Forum", "Patrician", "City Quarter", "Chariot Race", "Farmers' Market"]
    g = Game(GameConfig(["Ann", "Bea", "Carl", "Bot"], kingdom + ["Castles", "Legionary", "Sacrifice"], [], [], 1))
    g.start()
    while g.turn.player == 0:
        g.answer([END_MOVE])
    return g


def test_everyone_level_is_said_so():
    g = _four_level()
    assert q.score_lines(player_view(g, "Bea"))[5] == (
        "All 4 players are level on 3 VP; Bea, Carl and Bot lead with fewer turns."
    )
    assert q.score_lines(player_view(g, "Bea"), NL)[5] == (
        "Alle 4 spelers staan gelijk op 3 punten; Bea, Carl en Bot staan voor met minder beurten."
    )
    while g.turn.player != 0:  # the round ends: the same turns each
        g.answer([END_MOVE])
    assert q.score_lines(player_view(g, "Ann"))[5] == "All 4 players are level on 3 VP."
    assert q.score_lines(player_view(g, "Ann"), NL)[5] == "Alle 4 spelers staan gelijk op 3 punten."


# ------------------------------------------------------------ the hint
def _cards_decision(purpose: Purpose, options: list, most: int = 3) -> Decision:
    return Decision("Ann", Kind.CARDS, purpose, "Ann, Cellar: discard any number of cards.", options, 0, most)


@pytest.mark.parametrize(
    "answer, lang, expected",
    [
        (["Copper"], EN, "Discard Copper: this is the least useful card you could discard."),
        (
            ["Copper", "Copper", "Estate"],
            EN,
            "Discard 2 Coppers and Estate: these are the least useful cards you could discard.",
        ),
        (["Copper"], NL, "Leg Koper af: dit is de minst nuttige kaart die je kunt afleggen."),
        (
            ["Copper", "Copper", "Estate"],
            NL,
            "Leg 2 Koper en Landgoed af: dit zijn de minst nuttige kaarten die je kunt afleggen.",
        ),
    ],
)
def test_a_hints_cards_agree_and_are_listed_with_and(answer, lang, expected):
    g = _four_level()
    view = player_view(g, "Ann")
    d = _cards_decision(Purpose.DISCARD, ["Copper", "Estate"])
    reason = MediumBot(1).answer_reason(view, d, answer)
    assert hint_words(view, d, answer, reason, lang) == expected


@pytest.mark.parametrize(
    "lang, answers",
    [(EN, ("Answer yes", "Answer no")), (NL, ("Antwoord ja", "Antwoord nee"))],
)
def test_a_hint_at_a_yes_or_no_question_answers_yes_or_no(lang, answers):
    view = player_view(_four_level(), "Ann")
    d = Decision("Ann", Kind.CARDS, Purpose.REVEAL, "Ann: you may reveal a Gold.", ["Gold"], 0, 1)
    assert (move_words(view, d, ["Gold"], lang), move_words(view, d, [], lang)) == answers


@pytest.mark.parametrize("lang, said", [(EN, "Buy Wedding"), (NL, "Koop Bruiloft")])
def test_a_hint_to_buy_an_event_says_the_move_as_it_is_typed(lang, said):
    """Heard at a table: the hint "Buy the Event Wedding: ...", and "buy the Event Wedding"
    typed after it was refused as no card name; the hint says the move that buy takes."""
    g = Game(GameConfig(["Ann", "Bea"], ["Villa", "Forum", "Sacrifice"], ["Wedding"], [], 1))
    g.start()
    view = player_view(g, "Ann")
    move = Move.buy("Wedding")
    d = Decision("Ann", Kind.TURN, Purpose.MOVE, "", [move, END_MOVE])
    assert move_words(view, d, [move], lang) == said
    assert parse_turn(g, said) == [move]


WEDDING_TO_BUY = {
    "turn": {"player": "Ann", "phase": "buy", "actions": 0, "buys": 1, "coins": 4},
    "players": {"Ann": {"hand": ["Estate"], "deck": ["Estate"] * 5}},
}


@pytest.mark.parametrize(
    "lang, typed, said",
    [
        ("en", "buy the Event Wedding", "You buy the Event Wedding."),
        ("en", "BUY THE EVENT wedding", "You buy the Event Wedding."),
        ("nl", "koop de gebeurtenis Bruiloft", "Je koopt de gebeurtenis Bruiloft."),
        ("nl", "koop De Gebeurtenis bruiloft", "Je koopt de gebeurtenis Bruiloft."),
    ],
)
def test_buy_takes_an_event_named_as_the_game_says_its_buy(lang, typed, said):
    """Heard at a table: "You buy the Event Wedding.", and "buy the Event Wedding" typed as it
    was heard was refused as no card name; buy reads the words the game says before an Event."""
    console, lines = position_console(WEDDING_TO_BUY, typed + "\n", events=("Wedding",), lang=lang)
    assert lines[lines.index(PROMPTS[lang] + typed) + 1].startswith(said + " ")
    assert console.game.players[0].vp_tokens == 1  # Wedding's +1 VP: it was bought


@pytest.mark.parametrize(
    "lang, typed, said",
    [
        (
            "en",
            "buy the xyzzy",
            "This game knows no card or Event named the xyzzy. Type supply to hear the piles, or hand to hear your "
            "hand.",
        ),
        ("en", "buy the event Weding", "There is no card named Weding; did you mean Wedding?"),
        (
            "nl",
            "koop het xyzzy",
            "Dit spel kent geen kaart of gebeurtenis met de naam het xyzzy. Typ voorraad om de stapels te "
            "horen, of hand om je hand te horen.",
        ),
        ("nl", "koop de gebeurtenis Bruilot", "Er is geen kaart met de naam Bruilot; bedoelde je Bruiloft?"),
    ],
)
def test_a_name_buy_cannot_read_is_refused_in_a_sentence_that_opens_with_a_capital(lang, typed, said):
    """The refusal of a name no card or Event has began with what was typed, in lower case
    mid-sentence ("the Event Wedding is not a card name ..."); it opens with a capital."""
    console, lines = position_console(WEDDING_TO_BUY, typed + "\n", events=("Wedding",), lang=lang)
    assert lines[lines.index(PROMPTS[lang] + typed) + 1] == said
    assert console.game.players[0].vp_tokens == 0  # nothing bought


@pytest.mark.parametrize(
    "lang, expected",
    [
        (EN, "Play your Treasures: their coins decide what you can buy."),
        (NL, "Speel je geldkaarten: hun munten bepalen wat je kunt kopen."),
    ],
)
def test_the_treasures_hint_says_its_move_once(lang, expected):
    view = player_view(_four_level(), "Bea")
    move = Move(MoveKind.TREASURES)
    d = Decision("Bea", Kind.TURN, Purpose.MOVE, "", [move])
    reason = MediumBot(1).move_reason(view, move)
    assert hint_words(view, d, [move], reason, lang) == expected


# ------------------------------------------------------------ moves by number, and a buy before the Treasures
@pytest.mark.parametrize(
    "lang, typed, expected",
    [
        (
            "en",
            "play 1|play 7|buy 3|buy 5",
            [
                "You play Copper. Buy phase: 1 coin.",
                "Move 7 is not a play; type 7 alone to make it.",
                "You buy Copper. 0 Buys.",
                "There is no move number 5; the only move is 1.",
            ],
        ),
        (
            "nl",
            "speel 1|speel 7|koop 3|koop 5",
            [
                "Je speelt Koper. Aanschaffase: 1 munt.",
                "Zet 7 speelt geen kaart; typ alleen 7 om die zet te doen.",
                "Je koopt Koper. 0 aanschaffen.",
                "Er is geen zet nummer 5; de enige zet is 1.",
            ],
        ),
    ],
)
def test_play_and_buy_take_a_move_number(lang, typed, expected):
    _, _, lines = session(typed.replace("|", "\r") + "\r", "--lang", lang)
    for line in expected:
        assert line in lines


BEFORE_TREASURES = {
    "turn": {"player": "Ann", "phase": "action", "actions": 1, "buys": 1, "coins": 0},
    "players": {
        "Ann": {"hand": ["Sacrifice", "Copper", "Copper", "Estate", "Silver"], "deck": ["Estate"] * 5},
        "Bot": {"hand": ["Estate"], "deck": ["Estate"] * 5},
    },
}


@pytest.mark.parametrize(
    "lang, typed, expected",
    [
        (
            "en",
            "buy gold",
            "Gold costs 6 coins; you have 0 coins until you play the Treasures in your hand: type play treasures.",
        ),
        (
            "nl",
            "koop goud",
            "Goud kost 6 munten; je hebt 0 munten tot je de geldkaarten in je hand speelt: typ speel geldkaarten.",
        ),
    ],
)
def test_a_buy_before_the_treasures_says_to_play_them(lang, typed, expected):
    _, lines = console_at(BEFORE_TREASURES, typed + "\n", lang)
    assert after(lines, typed) == [expected]


# ------------------------------------------------------------ settings
@pytest.mark.parametrize(
    "lang, typed, expected",
    [
        (
            "en",
            "settings set foo on",
            "There is no setting foo. The settings are speech, screen_reader, output, rate, "
            "verbosity, language, confirm, hints, options, clear, pace and keys; during a game, language, verbosity, "
            "options, speech, output and hints change here.",
        ),
        (
            "nl",
            "instellingen zet foo aan",
            "Er is geen instelling foo. De instellingen zijn speech, screen_reader, "
            "output, rate, verbosity, language, confirm, hints, options, clear, pace en keys; tijdens een spel "
            "wijzig je hier taal, uitgebreidheid, opties, spraak, spraakuitvoer en tips.",
        ),
        ("en", "settings set hints off", "Hints are now off."),
        ("nl", "instellingen zet tips uit", "Tips staan nu uit."),
        (
            "en",
            "settings set key hand ctrl+r",
            "Shortcut keys change outside the game, with a11y-dominion settings set key hand ctrl+r; help keys says "
            "the keys you have now.",
        ),
        (
            "nl",
            "instellingen zet toets hand ctrl+r",
            "Sneltoetsen wijzig je buiten het spel, met a11y-dominion settings set key hand ctrl+r; hulp toetsen "
            "noemt de toetsen die je nu hebt.",
        ),
    ],
)
def test_settings_sentences(lang, typed, expected, tmp_path, monkeypatch):
    monkeypatch.setenv("A11Y_DOMINION_CONFIG", str(tmp_path / "settings.json"))
    _, _, lines = session(typed + "\r", "--lang", lang)
    assert any(x == expected or x.startswith(expected + " ") for x in lines), lines[-4:]


# ------------------------------------------------------------ a TOML error read aloud
@pytest.mark.parametrize(
    "lang, expected",
    [
        (
            EN,
            "plan.toml, line 1: this is not TOML (Illegal character: a line break); a strategy file is TOML, "
            "as docs/strategies.md shows.",
        ),
        (
            NL,
            "plan.toml, regel 1: dit is geen TOML (Illegal character: a line break); een strategiebestand is "
            "TOML, zoals docs/strategies.md laat zien.",
        ),
    ],
)
def test_a_toml_error_names_a_line_break_in_words(lang, expected):
    with pytest.raises(StrategyError) as e:
        parse_strategy('name = "x\nbuy = []\n', "medium", "plan.toml")
    assert lang.msg(e.value) == expected
    assert "\\n" not in lang.msg(e.value)


@pytest.mark.parametrize(
    "lang, expected",
    [
        (EN, "Put Gold, Silver and Copper in this order: the best cards go first."),
        (NL, "Leg Goud, Zilver en Koper in deze volgorde: de beste kaarten eerst."),
    ],
)
def test_a_hint_to_order_cards_lists_them_in_their_order_with_and(lang, expected):
    view = player_view(_four_level(), "Ann")
    d = Decision(
        "Ann", Kind.CARDS, Purpose.ORDER, "Ann: put them back in any order.", ["Copper", "Silver", "Gold"], 3, 3
    )
    answer = ["Gold", "Silver", "Copper"]
    reason = MediumBot(1).answer_reason(view, d, answer)
    assert hint_words(view, d, answer, reason, lang) == expected


@pytest.mark.parametrize(
    "lang, expected",
    [
        (EN, "Play Silver: its coins count toward what you can buy."),
        (NL, "Speel Zilver: de munten ervan tellen mee voor wat je kunt kopen."),
    ],
)
def test_the_hint_to_play_one_treasure_says_why_once(lang, expected):
    g = _four_level()
    view = player_view(g, "Bea")
    view.turn.phase = "buy"  # (a Buy phase with Silver in hand)
    move = Move.play("Silver")
    d = Decision("Bea", Kind.TURN, Purpose.MOVE, "", [move])
    reason = MediumBot(1).move_reason(view, move)
    assert hint_words(view, d, [move], reason, lang) == expected


@pytest.mark.parametrize(
    "lang, expected",
    [
        (EN, "Play Crown: Crown plays one of your Treasures twice."),
        (NL, "Speel Kroon: Kroon speelt een van je geldkaarten twee keer."),
    ],
)
def test_a_hint_s_reason_that_starts_with_a_name_keeps_its_capital(lang, expected):
    view = player_view(_four_level(), "Bea")
    view.turn.phase = "buy"
    move = Move.play("Crown")
    d = Decision("Bea", Kind.TURN, Purpose.MOVE, "", [move])
    reason = MediumBot(1).move_reason(view, move)
    assert hint_words(view, d, [move], reason, lang) == expected


# ------------------------------------------------------------ a Debt card bought before the Treasures
DEBT_BEFORE_TREASURES = {
    "turn": {"player": "Ann", "phase": "action", "actions": 1, "buys": 1, "coins": 0},
    "players": {
        "Ann": {"hand": ["Copper", "Copper", "Estate", "Silver", "Estate"], "deck": ["Estate"] * 5},
        "Bot": {"hand": ["Estate"], "deck": ["Estate"] * 5},
    },
}


DEBT_ASKED = {
    "en": "Buying {card} makes you take {debt} Debt with 0 coins to pay it, as the Treasures in your hand cannot "
    "be played once you buy. Buy it anyway? Type yes to buy: {answer}",
    "nl": "{card} kopen geeft je {debt} schuld, met 0 munten om die af te lossen, want na het kopen kun je de "
    "geldkaarten in je hand niet meer spelen. Toch kopen? Typ ja om te kopen: {answer}",
}
DEBT_KINGDOM = ("Villa", "Engineer", "City Quarter")


@pytest.mark.parametrize(
    "lang, typed, card, debt, no, kept",
    [
        ("en", "buy engineer", "Engineer", 4, "no", "Nothing was bought; the Action phase goes on."),
        ("nl", "koop ingenieur", "Ingenieur", 4, "nee", "Er is niets gekocht; de actiefase gaat door."),
        ("en", "buy city quarter", "City Quarter", 8, "no", "Nothing was bought; the Action phase goes on."),
        # the number the options list for the buy is asked about the same way
        ("en", "6", "Engineer", 4, "no", "Nothing was bought; the Action phase goes on."),
    ],
)
def test_a_debt_card_bought_before_the_treasures_asks_first(lang, typed, card, debt, no, kept):
    # legal, but the Treasures in hand could no longer pay its Debt once it is bought: asked, not refused
    asked = DEBT_ASKED[lang].format(card=card, debt=debt, answer=no)
    console, lines = console_at(DEBT_BEFORE_TREASURES, f"{typed}\n{no}\n", lang, kingdom=DEBT_KINGDOM)
    assert after(lines, typed) == [asked, kept]
    assert console.game.player("Ann").debt == 0 and console.game.turn.buys == 1
    assert console.game.turn.phase == "action" and [c.name for c in console.game.player("Ann").hand] == [
        "Copper",
        "Copper",
        "Estate",
        "Silver",
        "Estate",
    ]
    yes = {"en": "yes", "nl": "ja"}[lang]
    console, lines = console_at(DEBT_BEFORE_TREASURES, f"{typed}\n{yes}\n", lang, kingdom=DEBT_KINGDOM)
    assert after(lines, typed)[0] == DEBT_ASKED[lang].format(card=card, debt=debt, answer=yes)
    assert console.game.player("Ann").debt == debt and console.game.turn.buys == 0


def test_the_debt_buy_is_not_asked_with_confirm_off():
    console, lines = position_console(DEBT_BEFORE_TREASURES, "buy engineer\n", DEBT_KINGDOM, confirm=False)
    assert after(lines, "buy engineer")[0].startswith("You buy Engineer. You take 4 Debt for Engineer.")
    assert console.game.player("Ann").debt == 4


@pytest.mark.parametrize(
    "lang, typed, expected",
    [
        (
            "en",
            "buy engineer",
            "You still have 1 Action and could play Villa. Buying Engineer ends the Action phase and makes you take "
            "4 Debt with 0 coins to pay it, as the Treasures in your hand cannot be played once you buy. Buy it "
            "anyway? Type yes to buy: no",
        ),
        (
            "nl",
            "koop ingenieur",
            "Je hebt nog 1 actie en kunt Villa spelen. Als je Ingenieur koopt, eindigt de actiefase en krijg je "
            "4 schuld, met 0 munten om die af te lossen, want na het kopen kun je de geldkaarten in je hand niet "
            "meer spelen. Toch kopen? Typ ja om te kopen: nee",
        ),
    ],
)
def test_a_debt_buy_that_also_ends_the_action_phase_is_one_question(lang, typed, expected):
    state = {
        "turn": {"player": "Ann", "phase": "action", "actions": 1, "buys": 1, "coins": 0},
        "players": {
            "Ann": {"hand": ["Villa", "Copper", "Copper", "Estate", "Silver"], "deck": ["Estate"] * 5},
            "Bot": {"hand": ["Estate"], "deck": ["Estate"] * 5},
        },
    }
    no = {"en": "no", "nl": "nee"}[lang]
    console, lines = console_at(state, f"{typed}\n{no}\n", lang, kingdom=DEBT_KINGDOM)
    assert after(lines, typed)[0] == expected
    assert console.game.player("Ann").debt == 0 and console.game.turn.phase == "action"


def test_a_debt_card_in_the_buy_phase_asks_and_no_leaves_the_turn():
    # 2 coins so far pay 2 of City Quarter's 8 Debt; the Silver in hand could pay 2 more
    state = {
        "turn": {"player": "Ann", "phase": "buy", "actions": 0, "buys": 1, "coins": 2},
        "players": {
            "Ann": {"hand": ["Silver"], "in_play": ["Copper", "Copper"], "deck": ["Estate"] * 5},
            "Bot": {"hand": ["Estate"], "deck": ["Estate"] * 5},
        },
    }
    console, lines = console_at(state, "buy city quarter\nno\n", kingdom=DEBT_KINGDOM)
    assert after(lines, "buy city quarter") == [
        "Buying City Quarter makes you take 8 Debt with 2 coins to pay it, as the Treasures in your hand cannot "
        "be played once you buy. Buy it anyway? Type yes to buy: no",
        "Nothing was bought; the turn goes on.",
    ]
    assert console.game.turn.buys == 1 and console.game.turn.coins == 2 and console.game.player("Ann").debt == 0


def test_a_debt_card_is_bought_when_the_coins_so_far_pay_its_debt():
    state = {
        "turn": {"player": "Ann", "phase": "buy", "actions": 0, "buys": 1, "coins": 4},
        "players": {"Ann": {"hand": ["Copper"], "deck": ["Estate"] * 5}, "Bot": {"hand": [], "deck": ["Estate"] * 5}},
    }
    console, lines = console_at(state, "buy engineer\n")
    assert after(lines, "buy engineer")[0].startswith("You buy Engineer.")
    assert console.game.player("Ann").debt == 4


def test_a_joined_seat_asks_the_same_about_a_debt_card():
    # a seat that joined a hosted game knows the game only from its view (its game is a Position): its
    # console asks as the local one does, and sends the buy only after yes
    import io

    from a11y_dominion.announcements.speech.speaker import Speaker
    from a11y_dominion.console.core import Inbox
    from a11y_dominion.console.display import Display, PlainReader
    from a11y_dominion.console.seat import HumanSeat
    from a11y_dominion.remote.client import JoinConsole
    from a11y_dominion.scenario import load_scenario

    game, _ = load_scenario(
        {
            "players": ["Ann", "Bot"],
            "kingdom": ["Villa", "Engineer", "Forum"],
            "events": [],
            "landmarks": [],
            "seed": 1,
            "state": DEBT_BEFORE_TREASURES,
            "script": [],
        }
    )
    game.start()
    decide = {"type": "decide", "id": 1, "decision": game.pending.to_data(), "view": player_view(game, "Ann").to_data()}
    for answer, keys in (("no", None), ("yes", [Move.buy("Engineer")])):
        screen = io.StringIO()
        display = Display(screen, plain=True, lang=EN)
        seat = HumanSeat("Ann", lang=EN, print_fn=lambda text, style=None, d=display: d.line(text, style))
        link = SimpleNamespace(inbox=Inbox(), send=lambda message: None)
        console = JoinConsole(link, seat, display, Speaker("off"), PlainReader(io.StringIO(answer + "\n"), screen))
        assert console.receive(decide)
        asyncio.run(console.answer_line("buy engineer"))
        assert screen.getvalue().splitlines() == [
            "Buying Engineer makes you take 4 Debt with 0 coins to pay it, as the Treasures in your hand cannot be "
            f"played once you buy. Buy it anyway? Type yes to buy: {answer}",
            *(["Nothing was bought; the Action phase goes on."] if keys is None else []),
        ]
        assert console.answered == keys


VILLA_BEFORE_TREASURES = {
    "turn": {"player": "Ann", "phase": "action", "actions": 1, "buys": 1, "coins": 0},
    "players": {
        "Ann": {"hand": ["Villa", "Copper", "Copper", "Estate", "Estate"], "deck": ["Estate"] * 5},
        "Bot": {"hand": ["Estate"], "deck": ["Estate"] * 5},
    },
}


@pytest.mark.parametrize(
    "lang, typed, refusal",
    [
        (
            EN,
            "buy silver",
            "Silver costs 3 coins; you have 0 coins until you play the Treasures in your hand: type play treasures.",
        ),
        (
            NL,
            "koop zilver",
            "Zilver kost 3 munten; je hebt 0 munten tot je de geldkaarten in je hand speelt: typ speel geldkaarten.",
        ),
    ],
)
def test_a_joined_seat_s_illegal_buy_is_never_asked_about_and_the_host_refuses_it_as_the_console_does(
    lang, typed, refusal
):
    # Ann could still play Villa, so a legal buy would be asked about first ("Buying Silver ends the
    # Action phase. Go on?"); Silver costs more than the 0 coins so far, so the joined seat sends it
    # unasked, the host refuses it, and she hears what the console says to the same line
    import io
    import json

    from a11y_dominion.announcements.speech.speaker import Speaker
    from a11y_dominion.console.core import Inbox
    from a11y_dominion.console.display import Display, PlainReader
    from a11y_dominion.console.seat import HumanSeat
    from a11y_dominion.remote.client import JoinConsole
    from a11y_dominion.remote.protocol import ProtocolOutlet
    from a11y_dominion.scenario import load_scenario

    kingdom = ["Villa", "Engineer", "Forum"]
    _, lines = console_at(VILLA_BEFORE_TREASURES, typed + "\n", lang.code, kingdom=kingdom)
    assert after(lines, typed) == [refusal]

    game, _ = load_scenario(
        {
            "players": ["Ann", "Bot"],
            "kingdom": kingdom,
            "events": [],
            "landmarks": [],
            "seed": 1,
            "state": VILLA_BEFORE_TREASURES,
            "script": [],
        }
    )
    game.start()
    decide = {"type": "decide", "id": 1, "decision": game.pending.to_data(), "view": player_view(game, "Ann").to_data()}
    screen = io.StringIO()
    display = Display(screen, plain=True, lang=lang)
    seat = HumanSeat("Ann", lang=lang, print_fn=lambda text, style=None: display.line(text, style))
    link = SimpleNamespace(inbox=Inbox(), send=lambda message: None)
    console = JoinConsole(link, seat, display, Speaker("off"), PlainReader(io.StringIO("yes\n"), screen))
    assert console.receive(decide)
    console.handle(typed)
    assert screen.getvalue() == ""  # nothing asked
    assert console.answered == [Move.buy("Silver")]

    # the host's side of the seat protocol refuses it with the console's explanation
    sent: list = []
    waiting = asyncio.new_event_loop().create_future()
    host_seat = SimpleNamespace(waiting=waiting, decision=game.pending, chat=None)
    outlet = ProtocolOutlet(SimpleNamespace(table=SimpleNamespace(game=game)), host_seat, sent.append)
    outlet.received(json.dumps({"type": "answer", "keys": [k.to_dict() for k in console.answered]}))
    refused = json.loads(sent[-1])
    assert (refused["type"], refused["text"], waiting.done()) == ("refused", REFUSED_EN, False)
    assert console.receive(refused)
    assert screen.getvalue().splitlines() == [refusal]


REFUSED_EN = "Silver costs 3 coins; you have 0 coins until you play the Treasures in your hand: type play treasures."


# ------------------------------------------------------------ verbose phases: said once, and whose
@pytest.mark.parametrize(
    "lang, expected",
    [
        (EN, ["Bot's Action phase.", "Bot's Clean-up.", "Your Clean-up."]),
        (NL, ["De actiefase van Bot begint.", "De opschoonfase van Bot begint.", "Je opschoonfase begint."]),
    ],
)
def test_verbose_phases_say_whose(lang, expected):
    other = Narrator("Ann", "verbose", current="Bot", lang=lang)
    mine = Narrator("Ann", "verbose", current="Ann", lang=lang)
    said = [
        *other.sentences([ev.PhaseChanged("Bot", "action")]),
        *other.sentences([ev.PhaseChanged("Bot", "cleanup")]),
        *mine.sentences([ev.PhaseChanged("Ann", "cleanup")]),
    ]
    assert said == expected


@pytest.mark.parametrize("lang, phase", [("en", "Action phase"), ("nl", "actiefase")])
def test_verbose_says_the_own_action_phase_once(lang, phase, tmp_path, monkeypatch):
    monkeypatch.setenv("A11Y_DOMINION_CONFIG", str(tmp_path / "settings.json"))
    state = {
        "turn": {"player": "Ann", "phase": "buy", "actions": 0, "buys": 1, "coins": 0},
        "players": {"Ann": {"hand": [], "deck": ["Estate"] * 10}, "Bot": {"hand": ["Estate"], "deck": ["Estate"] * 5}},
    }
    verbose = "settings set verbosity verbose" if lang == "en" else "instellingen zet uitgebreidheid uitgebreid"
    end = "end" if lang == "en" else "einde"
    _, lines = console_at(state, f"{verbose}\n{end}\n{end}\n", lang)
    # from Ann's end of turn to her next turn's first prompt: the phase named at most once, by the prompt
    you = PROMPTS[lang]  # (the one person's prompt, as the lines call them)
    start = lines.index(f"{you}{end}")
    turn = next(i for i, x in enumerate(lines) if i > start and x.startswith(("Your turn 2", "Jouw beurt 2")))
    upto = next(i for i, x in enumerate(lines) if i > turn and x.startswith(you))
    own = " ".join(lines[turn:upto])
    assert own.lower().count(phase.lower()) <= 1, own


# ------------------------------------------------------------ how much Debt is taken
@pytest.mark.parametrize(
    "lang, expected",
    [(EN, ["You take 3 Debt for Wedding."]), (NL, ["Je neemt 3 schuld voor Bruiloft."])],
)
def test_taking_debt_says_how_much(lang, expected):
    narrator = Narrator("Ann", current="Ann", lang=lang, prompts=True)
    narrator.phase = "buy"
    assert narrator.sentences([ev.DebtChanged("Ann", 3, 3, "Wedding")]) == expected
    assert narrator.debt_said == 3  # the prompt after it leaves the Debt out: said once


# ------------------------------------------------------------ numbered choices
@pytest.mark.parametrize(
    "lang, expected",
    [
        (
            "en",
            ["1. play Copper", "2. play Silver", "3. play treasures", "4 or 5: buy, once your Treasures are played."],
        ),
        (
            "nl",
            [
                "1. speel Koper",
                "2. speel Zilver",
                "3. speel geldkaarten",
                "4 of 5: kopen, zodra je geldkaarten gespeeld zijn.",
            ],
        ),
    ],
)
def test_two_moves_are_not_a_range(lang, expected):
    state = {
        "turn": {"player": "Ann", "phase": "action", "actions": 1, "buys": 1, "coins": 0},
        "players": {"Ann": {"hand": ["Copper", "Silver", "Estate"], "deck": ["Estate"] * 5}},
    }
    _, lines = console_at(state, "", lang, kingdom=("Villa", "Forum"))
    i = lines.index(expected[0])
    assert lines[i : i + 4] == expected


def _position(state: dict, kingdom=("Villa", "Engineer", "City Quarter")) -> Game:
    from a11y_dominion.scenario import load_scenario

    game, _ = load_scenario(
        {"players": ["Ann", "Bot"], "kingdom": list(kingdom), "events": [], "landmarks": [], "seed": 1}
        | {"state": state, "script": []}
    )
    game.start()
    return game


@pytest.mark.parametrize(
    "lang, expected",
    [
        (EN, "1: play Copper; 2: play Silver; 3: play treasures; 4: end."),
        (NL, "1: speel Koper; 2: speel Zilver; 3: speel geldkaarten; 4: einde."),
    ],
)
def test_the_brief_line_says_play_treasures(lang, expected):
    from a11y_dominion.console.questions import brief_options

    game = _position(
        {
            "turn": {"player": "Ann", "phase": "buy", "actions": 0, "buys": 0, "coins": 0},
            "players": {"Ann": {"hand": ["Copper", "Silver"], "deck": ["Estate"] * 5}},
        }
    )
    assert brief_options(player_view(game, "Ann"), game.pending, lang) == expected


@pytest.mark.parametrize(
    "lang, expected",
    [
        (EN, "1 to 4: buy City Quarter, Engineer, Copper or Curse; 5: end."),
        (NL, "1 tot en met 4: koop Stadswijk, Ingenieur, Koper of Vloek; 5: einde."),
    ],
)
def test_a_brief_list_of_buys_never_says_or_1_more(lang, expected):
    from a11y_dominion.console.questions import brief_options

    game = _position(
        {
            "turn": {"player": "Ann", "phase": "buy", "actions": 0, "buys": 1, "coins": 0},
            "players": {"Ann": {"hand": [], "deck": ["Estate"] * 5}},
        }
    )
    assert brief_options(player_view(game, "Ann"), game.pending, lang) == expected


@pytest.mark.parametrize(
    "lang, typed, expected",
    [
        ("en", "play sacrifice|3", "There is no choice number 3; choose 1 or 2."),
        ("nl", "speel offer|3", "Er is geen keuze nummer 3; kies 1 of 2."),
    ],
)
def test_a_number_out_of_two_choices_says_1_or_2(lang, typed, expected):
    state = {
        "turn": {"player": "Ann", "phase": "action", "actions": 1, "buys": 1, "coins": 0},
        "players": {"Ann": {"hand": ["Sacrifice", "Copper", "Estate"], "deck": ["Estate"] * 5}},
    }
    _, lines = console_at(state, typed.replace("|", "\n") + "\n", lang, kingdom=("Villa", "Sacrifice"))
    assert after(lines, "3") == [expected]


# ------------------------------------------------------------ what an undo took back
SACRIFICE_TURN = {
    "turn": {"player": "Ann", "phase": "action", "actions": 1, "buys": 1, "coins": 0},
    "players": {
        "Ann": {"hand": ["Sacrifice", "Copper", "Estate"], "deck": ["Estate"] * 5},
        "Bot": {"hand": ["Estate"], "deck": ["Estate"] * 5},
    },
}


@pytest.mark.parametrize(
    "lang, typed, expected",
    [
        ("en", "play sacrifice|copper|yes|undo", "Taken back: your trashing of Copper."),
        ("nl", "speel offer|koper|ja|herstel", "Teruggenomen: je vernietigde Koper."),
    ],
)
def test_undo_of_a_card_question_names_the_answer(lang, typed, expected):
    _, lines = console_at(SACRIFICE_TURN, typed.replace("|", "\n") + "\n", lang, kingdom=("Villa", "Sacrifice"))
    undo = typed.split("|")[-1]
    assert after(lines, undo)[0] == expected


CHAPEL_TURN = {
    "turn": {"player": "Ann", "phase": "action", "actions": 1, "buys": 1, "coins": 0},
    "players": {
        "Ann": {"hand": ["Chapel", "Estate", "Estate", "Copper"], "deck": ["Estate"] * 5},
        "Bot": {"hand": ["Estate"], "deck": ["Estate"] * 5},
    },
}


@pytest.mark.parametrize(
    "lang, typed, asked, taken",
    [
        (
            "en",
            "play chapel|estate, estate|yes|undo|undo",
            "Trash 2 Estates? Type yes to trash: yes",
            ["Taken back: your trashing of 2 Estates.", "Taken back: your play of Chapel."],
        ),
        (
            "nl",
            "speel kapel|landgoed, landgoed|ja|herstel|herstel",
            "2 Landgoederen vernietigen? Typ ja om te vernietigen: ja",
            ["Teruggenomen: je vernietigde 2 Landgoederen.", "Teruggenomen: je gespeelde Kapel."],
        ),
    ],
)
def test_the_trash_question_counts_promises_nothing_and_its_undo_reads_as_a_play_s(lang, typed, asked, taken):
    # counted as "You trash 2 Estates." is; undo takes it back, so the question does not say it cannot be
    console, lines = console_at(CHAPEL_TURN, typed.replace("|", "\n") + "\n", lang, kingdom=("Villa", "Chapel"))
    chosen = typed.split("|")[1]
    assert after(lines, chosen)[0] == asked
    undo = typed.split("|")[-1]
    i = lines.index(f"{PROMPTS[lang]}{undo}")
    j = lines.index(f"{PROMPTS[lang]}{undo}", i + 1)
    assert [lines[i + 1], lines[j + 1]] == taken
    assert console.game.trash == [] and len(console.game.player("Ann").hand) == 4


@pytest.mark.parametrize(
    "lang, expected",
    [
        (EN, "Ann took back the trashing of Copper and Estate."),
        (NL, "Ann nam het vernietigen van Koper en Landgoed terug."),
    ],
)
def test_another_seat_hears_what_was_taken_back(lang, expected):
    events = [ev.CardTrashed("Ann", "Copper", "hand"), ev.CardTrashed("Ann", "Estate", "hand")]
    assert q.undone_line("Bot", "Ann", events, lang) == expected


# ------------------------------------------------------------ the place in the help pages
@pytest.mark.parametrize(
    "typed, part",
    [
        ("help playing|help next|settings set language nl|hulp volgende", "Deel 3: "),
        ("help spelen|help volgende|instellingen zet taal en|help next", "Part 3: "),
    ],
)
def test_the_help_place_stays_when_the_language_changes(typed, part, tmp_path, monkeypatch):
    monkeypatch.setenv("A11Y_DOMINION_CONFIG", str(tmp_path / "settings.json"))
    lang = "nl" if "spelen" in typed else "en"
    _, _, lines = session(typed.replace("|", "\r") + "\r", "--lang", lang)
    assert any(x.startswith(part) for x in lines), lines[-12:]


# ------------------------------------------------------------ a language by its name
@pytest.mark.parametrize(
    "lang, typed, expected",
    [
        ("en", "settings set language nl", "Taal is nu Nederlands. Bewaard voor deze computer."),
        ("nl", "instellingen zet taal en", "Language is now English. Saved for this computer."),
        ("en", "settings set language dutch", "Taal is nu Nederlands. Bewaard voor deze computer."),
        ("en", "settings set language fr", "Language must be English or Dutch."),
        ("nl", "instellingen zet taal fr", "Taal moet Engels of Nederlands zijn."),
    ],
)
def test_a_language_is_named_not_spelt(lang, typed, expected, tmp_path, monkeypatch):
    monkeypatch.setenv("A11Y_DOMINION_CONFIG", str(tmp_path / "settings.json"))
    _, lines = console_at(BEFORE_TREASURES, typed + "\n", lang)
    assert after(lines, typed) == [expected]


# ------------------------------------------------------------ stats and games
@pytest.mark.parametrize(
    "lang, expected",
    [
        (
            EN,
            [
                "Games played to the end: 1.",
                "You won 1 game of 1; your average score is 37 VP.",
                "Against medium: won 1 game of 1.",
                "Kingdom Villa, Forum and Engineer: won 1 game of 1.",
            ],
        ),
        (
            NL,
            [
                "Uitgespeelde spellen: 1.",
                "Je won 1 spel van 1; je gemiddelde score is 37 punten.",
                "Tegen medium: 1 spel van 1 gewonnen.",
                "Koninkrijk Villa, Forum en Ingenieur: 1 spel van 1 gewonnen.",
            ],
        ),
    ],
)
def test_stats_count_games_as_said(lang, expected):
    from a11y_dominion.cli import stats_lines

    figures = {
        "games": 1,
        "human_games": 1,
        "human_wins": 1,
        "human_ties": 0,
        "average_score": 37,
        "opponents": [("medium", 1, 1, 0)],
        "kingdoms": [(("Villa", "Forum", "Engineer"), 1, 1, 0)],
    }
    assert stats_lines(figures, lang) == expected


def _finished(result: dict):
    from pathlib import Path

    from a11y_dominion import autosave

    return autosave.SavedGame(
        path=Path("20260101-120000.jsonl"),
        id="20260101-120000",
        started="2026-01-01T12:00:00",
        record={
            "seats": [["You", "human"], ["Bot", "bigmoney"]],
            "config": {"players": ["You", "Bot"], "kingdom": ["Villa", "Forum"], "seed": 1},
            "answers": [],
        },
        answers=[],
        result=result,
    )


@pytest.mark.parametrize(
    "lang, result, expected",
    [
        (
            EN,
            {"scores": [["You", 37], ["Bot", 30]], "winners": ["You"]},
            "Game of 2026-01-01 12:00:00, finished: You (human) and Bot (bigmoney). Kingdom: Villa and Forum. "
            "You won with 37 VP. Bot had 30 VP.",
        ),
        (
            EN,
            {"scores": [["You", 30], ["Bot", 30]], "winners": ["You", "Bot"]},
            "Game of 2026-01-01 12:00:00, finished: You (human) and Bot (bigmoney). Kingdom: Villa and Forum. "
            "You and Bot tied with 30 VP.",
        ),
        (
            NL,
            {"scores": [["You", 30], ["Bot", 37]], "winners": ["Bot"]},
            "Spel van 2026-01-01 12:00:00, afgelopen: Jij (mens) en Bot (bigmoney). Koninkrijk: Villa en Forum. "
            "Bot won met 37 punten. Jij had 30 punten.",
        ),
    ],
)
def test_games_tells_the_result_as_a_listener_expects(lang, result, expected):
    from a11y_dominion.cli import game_lines

    assert game_lines([_finished(result)], lang) == [expected]


# ------------------------------------------------------------ lists end with and
@pytest.mark.parametrize(
    "lang, expected",
    [(EN, "Copper, Silver and treasures."), (NL, "Koper, Zilver en geldkaarten.")],
)
def test_tab_choices_are_listed_with_and(lang, expected):
    from a11y_dominion.console.display import choices_line

    words = ["Copper", "Silver", "treasures"] if lang is EN else ["Koper", "Zilver", "geldkaarten"]
    assert choices_line(words, lang) == expected


@pytest.mark.parametrize(
    "lang, expected",
    [
        (EN, "F4 or Alt+S: read the status: phase, Actions, Buys, coins, Debt and VP tokens (command status)."),
        (
            NL,
            "F4 of Alt+S: de status voorlezen: fase, acties, aanschaffen, munten, schuld en "
            "overwinningspuntenfiches (commando status).",
        ),
    ],
)
def test_help_keys_lists_with_and(lang, expected):
    from a11y_dominion.console.keys import key_help_lines

    assert expected in key_help_lines(lang)


# ------------------------------------------------------------ --rollouts without a hard bot
@pytest.mark.parametrize(
    "args",
    [
        ["play", "--rollouts", "5", "--speech", "off"],
        ["simulate", "--players", "medium,bigmoney", "--rollouts", "5", "--games", "1"],
        ["host", "--players", "Ann:remote,Bot:bigmoney", "--rollouts", "5"],
    ],
)
def test_rollouts_without_a_hard_bot_is_one_sentence_and_exit_2(args, capsys):
    from a11y_dominion.cli import main

    assert main(args) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [
        "a11y-dominion: --rollouts bounds the hard bot's thinking, and no seat is a hard bot; "
        "add a hard bot to --players, or leave --rollouts out."
    ]


# ------------------------------------------------------------ the command a player typed
def test_the_command_named_is_the_one_install_py_was_started_with():
    from a11y_dominion.i18n import typed_command

    assert typed_command({}) == "a11y-dominion"
    assert typed_command({"A11Y_DOMINION_COMMAND": "python3 install.py --play"}) == "python3 install.py --play"
    assert typed_command({"A11Y_DOMINION_COMMAND": "py install.py --play"}) == "py install.py --play"
    assert typed_command({"A11Y_DOMINION_COMMAND": "two\nlines"}) == "a11y-dominion"
    assert typed_command({"A11Y_DOMINION_COMMAND": "x" * 201}) == "a11y-dominion"


@pytest.mark.parametrize(
    "platform, script, command",
    [
        ("win32", "install.py", "py install.py --play"),
        ("win32", r"C:\Games\a11y dominion\install.py", r'py "C:\Games\a11y dominion\install.py" --play'),
        ("darwin", "install.py", "python3 install.py --play"),
        ("linux", "install.py", "python3 install.py --play"),
        ("linux", "/home/ann/a11y dominion/install.py", "python3 '/home/ann/a11y dominion/install.py' --play"),
    ],
)
def test_install_py_play_tells_the_game_how_it_was_started(platform, script, command):
    from test_install_platforms import install

    env = install.play_environment(platform, {"PATH": "/bin"}, script)
    assert env == {"PATH": "/bin", "A11Y_DOMINION_COMMAND": command}


@pytest.mark.parametrize(
    "lang, expected",
    [
        (
            EN,
            [
                "An unfinished game of 2026-01-01 12:00:00 is kept; python3 install.py --play resume goes on with it.",
                "Stop the game? It is kept; python3 install.py --play resume goes on with it. Type yes to stop: ",
            ],
        ),
        (
            NL,
            [
                "Een onafgemaakt spel van 2026-01-01 12:00:00 is bewaard; python3 install.py --play resume gaat "
                "ermee verder.",
                "Het spel stoppen? Het blijft bewaard; python3 install.py --play resume gaat ermee verder. "
                "Typ ja om te stoppen: ",
            ],
        ),
    ],
)
def test_resume_hints_name_the_command_the_player_typed(lang, expected, monkeypatch):
    from types import SimpleNamespace

    from a11y_dominion.console.start import unfinished_notice

    monkeypatch.setenv("A11Y_DOMINION_COMMAND", "python3 install.py --play")
    kept = SimpleNamespace(started="2026-01-01T12:00:00", hosted=False, path=Path("20260101-120000.jsonl"))
    (notice,) = unfinished_notice([kept], lang)
    template = "Stop the game? It is kept; {command} resume goes on with it. Type yes to stop: "
    assert [notice, lang.text(template, command="python3 install.py --play")] == expected
    played = playcore.play(["--seed", "1", "--lang", lang.code], ["quit"])
    assert any(line.startswith(expected[1]) for line in played.lines)  # the question quit asks


# ------------------------------------------------------------ play treasures with none to play
@pytest.mark.parametrize(
    "lang, hand, said",
    [
        ("en", ["Estate", "Villa"], "You have no Treasures in your hand."),
        ("nl", ["Estate", "Villa"], "Je hebt geen geldkaarten in je hand."),
        ("en", ["Estate", "Crown"], "You have no Treasures to play that need no choice."),
        ("nl", ["Estate", "Crown"], "Je hebt geen geldkaarten om te spelen die geen keuze vragen."),
    ],
)
def test_play_treasures_with_none_in_hand_says_so_plainly(lang, hand, said):
    """Heard with a hand of Estates and an Action: "You have no Treasures to play that need no
    choice.", which sends a player looking for a Treasure that needs a choice; it is said only
    when the hand holds one (Crown), and a hand without Treasures hears so plainly."""
    state = {
        "turn": {"player": "Ann", "phase": "buy", "actions": 0, "buys": 1, "coins": 0},
        "players": {"Ann": {"hand": hand, "deck": ["Estate"] * 5}},
    }
    typed = {"en": "play treasures", "nl": "speel geldkaarten"}[lang]
    console, lines = position_console(state, typed + "\n", ("Villa", "Crown"), confirm=False, lang=lang)
    assert lines[lines.index(PROMPTS[lang] + typed) + 1] == said
    assert [c.name for c in console.game.players[0].hand] == hand  # nothing was played
