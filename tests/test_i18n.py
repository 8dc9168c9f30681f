"""Dutch: the catalog is complete and current, and the game speaks Dutch.

(a) a fresh Babel extraction finds nothing the Dutch catalog lacks, and no
entry is untranslated or fuzzy; every marked string is extracted; (b) every
translation keeps its message's ``{fields}``; (c) the committed ``.mo`` is
the compiled ``.po``; (d) whole bot games narrated in Dutch at every
verbosity use only translated templates, and read as expected; (e) the
console in Dutch through prompt_toolkit's pipe input: Dutch and English
commands, Dutch refusals and Dutch card names; (f) ``play --lang`` and the
``language`` setting.
"""

from __future__ import annotations

import ast
import gettext
import io
import json
import re
import string
from pathlib import Path

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_keywords, parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document

import playcore
from a11y_dominion.announcements.narrator import VERBOSITIES, Narrator
from a11y_dominion.bots.kinds import make_bot
from a11y_dominion.cli import build_parser, main
from a11y_dominion.console.completion import DecisionCompleter
from a11y_dominion.console.queries import turn_prompt
from a11y_dominion.i18n import Language
from a11y_dominion.kingdoms import choose_setup
from a11y_dominion.rules import events as ev
from a11y_dominion.rules.game import Game, GameConfig
from a11y_dominion.view import player_view
from answerkeys import answer_keys

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "a11y_dominion" / "locale"
PO = LOCALE / "nl" / "LC_MESSAGES" / "a11y_dominion.po"
MO = LOCALE / "nl" / "LC_MESSAGES" / "a11y_dominion.mo"


def catalog():
    with open(PO, "rb") as f:
        return read_po(f)


def translations() -> dict:
    return {m.id: m.string for m in catalog() if m.id}


def keyword_specs() -> list:
    """The ``-k`` keywords of tools/update-translations (the one list of them)."""
    return re.findall(r'-k\s+"?([^"\s]+)"?', (ROOT / "tools" / "update-translations").read_text())


# ---------------------------------------------------------------- (a) complete
def extracted() -> set:
    """Every msgid a fresh extraction finds, with the keywords and mapping of the script."""
    keywords = dict(DEFAULT_KEYWORDS)
    keywords.update(parse_keywords(keyword_specs()))
    with open(ROOT / "babel.cfg") as f:
        method_map, options_map = parse_mapping_cfg(f)
    ids = set()
    for _file, _line, message, _comments, _context in extract_from_dir(
        str(ROOT), method_map, options_map, keywords=keywords
    ):
        ids.add(message if isinstance(message, str) else message[0])
    ids.discard("")
    return ids


def test_fresh_extraction_is_all_in_the_dutch_catalog_and_translated():
    ids = extracted()
    cat = catalog()
    have = {m.id: m for m in cat if m.id}
    missing = sorted(ids - set(have))
    assert not missing, f"run tools/update-translations and translate: {missing}"
    untranslated = sorted(m.id for m in have.values() if not m.string)
    assert not untranslated, untranslated
    fuzzy = sorted(m.id for m in have.values() if m.fuzzy)
    assert not fuzzy and not cat.fuzzy, fuzzy
    assert cat.plural_forms == "nplurals=2; plural=(n != 1);"


def marked_strings() -> dict:
    """String constants in the marked argument of every keyword call, found by reading the code."""
    positions = {}
    for spec in keyword_specs():
        name, _, pos = spec.partition(":")
        positions[name] = int(pos) if pos else 1
    found = {}
    for path in (ROOT / "a11y_dominion").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            pos = positions.get(name)
            if pos is None or len(node.args) < pos:
                continue
            arg = node.args[pos - 1]
            values = [arg] if not isinstance(arg, ast.IfExp) else [arg.body, arg.orelse]
            for v in values:
                if isinstance(v, ast.Constant) and isinstance(v.value, str) and v.value:
                    found.setdefault(v.value, f"{path.relative_to(ROOT)}:{node.lineno}")
    return found


def test_every_marked_string_is_extracted():
    # Babel drops a keyword call nested inside the brackets of another one
    # (choose_mode(p, "...", [("k", N_("label"))])); keep such labels outside the call.
    ids = extracted()
    lost = {s: where for s, where in marked_strings().items() if s not in ids}
    assert not lost, lost


# ---------------------------------------------------------------- (b) fields
def fields(text: str) -> set:
    out = set()
    for _literal, name, spec, _conv in string.Formatter().parse(text):
        if name is not None:
            out.add(name)
        if spec:
            out |= fields(spec)
    return out


def test_every_translation_keeps_the_fields_of_its_message():
    bad = {}
    for msgid, msgstr in translations().items():
        if fields(msgid) != fields(msgstr):
            bad[msgid] = (sorted(fields(msgid)), sorted(fields(msgstr)))
    assert not bad, bad


def test_word_choices_by_number_are_well_formed():
    # "{n:punt|punten}" picks a word by the number n; it is only used on fields of the message.
    for msgid, msgstr in translations().items():
        for _literal, name, spec, _conv in string.Formatter().parse(msgstr):
            if spec and "|" in spec:
                assert name in fields(msgid), msgid
                assert len(spec.split("|")) == 2, msgstr


# ---------------------------------------------------------------- (c) compiled
def test_the_committed_mo_is_the_compiled_po():
    buf = io.BytesIO()
    write_mo(buf, catalog())
    buf.seek(0)
    fresh = gettext.GNUTranslations(buf)
    with open(MO, "rb") as f:
        committed = gettext.GNUTranslations(f)
    for msgid, msgstr in translations().items():
        assert committed.gettext(msgid) == fresh.gettext(msgid) == msgstr, msgid
    assert {k for k in committed._catalog if k} == {k for k in fresh._catalog if k}
    assert committed.plural(1) == 0 and committed.plural(3) == 1


def test_the_dutch_language_loads_the_catalog():
    nl = Language("nl")
    assert nl._("Game over.") == "Het spel is afgelopen."
    assert nl.cost(1) == "1 munt" and nl.cost(8, 8) == "8 munten en 8 schuld" and nl.cost(0, 4) == "4 schuld"
    assert nl.card("Patrician/Emporium") == "Patriciër/Emporium" and nl.card("Castles") == "Kastelen"
    assert nl.text("{landmark} starts with {n} VP.", landmark="Arena", n=1) == "Arena begint met 1 punt."
    assert nl.text("{landmark} starts with {n} VP.", landmark="Arena", n=12) == "Arena begint met 12 punten."
    with pytest.raises(ValueError):
        Language("de")


# ---------------------------------------------------------------- (d) narration
KINGDOM = [
    "Villa",
    "City Quarter",
    "Engineer",
    "Castles",
    "Patrician/Emporium",
    "Farmers' Market",
    "Temple",
    "Catapult/Rocks",
    "Capital",
    "Wild Hunt",
]


def bot_game(seed: int = 595) -> Game:
    """A whole game between random bots with Debt, VP tokens on Landmarks and piles, split piles,
    Castles and Villa gained in the Buy phase (seed 595: both players do)."""
    game = Game(GameConfig(["Ann", "Bob"], KINGDOM, ["Tax"], ["Battlefield", "Basilica"], seed))
    bots = {"Ann": make_bot("random", seed), "Bob": make_bot("random", seed + 100)}
    game.start()
    while game.pending is not None:
        game.answer(bots[game.pending.player].decide(game.pending, player_view(game, game.pending.player)))
    return game


class RecordingDutch(Language):
    """Dutch that remembers every message it was asked to translate (not the
    names it looks up for the fields)."""

    def __init__(self):
        super().__init__("nl")
        self.asked = set()
        self._inside = 0

    def _(self, message):
        if not self._inside:
            self.asked.add(message)
        return super()._(message)

    def _field(self, key, value):
        self._inside += 1
        try:
            return super()._field(key, value)
        finally:
            self._inside -= 1


ENGLISH = re.compile(
    r"\b(the|you|your|takes|gains|plays|buys|draws|pays|pile|piles|left|cards?|coins?|Debt|VP|"
    r"Action|Buy|Supply|trash(es)?|discards?|deck|turn|wins)\b"
)


@pytest.fixture(scope="module")
def game():
    return bot_game()


@pytest.mark.parametrize("verbosity", VERBOSITIES)
@pytest.mark.parametrize("viewer", ["Ann", None])
def test_a_whole_game_is_narrated_in_dutch(game, verbosity, viewer):
    nl = RecordingDutch()
    dutch = Narrator(viewer=viewer, verbosity=verbosity, lang=nl).sentences(game.log)
    english = Narrator(viewer=viewer, verbosity=verbosity).sentences(game.log)
    assert len(dutch) == len(english) > 50
    done = translations()
    assert nl.asked, "nothing was looked up"
    untranslated = sorted(m for m in nl.asked if not done.get(m))
    assert not untranslated, untranslated
    for en, nl_sentence in zip(english, dutch, strict=True):
        assert nl_sentence != en, en
        assert not ENGLISH.search(nl_sentence), nl_sentence


def test_the_dutch_narration_reads_as_expected(game):
    said = Narrator(viewer="Ann", verbosity="normal", lang=Language("nl")).sentences(game.log)
    text = "\n".join(said)
    # Debt taken, with the total (in Bob's turns in its place in his turn's summary); VP from a
    # Landmark with what is left; a new pile top; Villa
    assert re.search(
        r"^Je neemt \d+ schuld voor (Stadswijk|Ingenieur|Kapitaal|de stapel \w+), nu \d+ schuld\.$",
        text,
        re.M,
    ) or re.search(
        r"^Bob, beurt \d+: .*\bnam (er \d+ schuld voor|\d+ schuld (voor|van) [\w ]+)\b.*; nu \d+ schuld\b", text, re.M
    )
    assert re.search(
        r"^(Je neemt 2 punten van (Slagveld|Basiliek) \(nog \d+\), nu \d+ overwinningspuntenfiches?\.$|"
        r"Bob, beurt \d+: .*\bnam 2 punten van (Slagveld|Basiliek) \(nog \d+\)[,;].*; nu .*\d+ "
        r"overwinningspuntenfiches?\b)",
        text,
        re.M,
    )
    assert re.search(
        r"(^|\. )Stapel (Kastelen|Patriciër/Emporium|Katapult/Rotsblokken): nu ligt [\w ]+ bovenop, "
        r"nog \d+ kaarten?\.( |$)",
        text,
        re.M,
    ) or re.search(r"^Bob, beurt \d+: .*\b(pakte|kocht) [\w ]+ \([\w ]+ nu bovenop, nog \d+\)", text, re.M)
    assert "Villa: +1 actie, terug naar je actiefase." in said
    # in Bob's turn, told when it happens, on the line that opens his turn ("Beurt 5 van Bob. Villa: ...")
    assert any(x.endswith(". Villa: +1 actie, Bob gaat terug naar de actiefase.") for x in said)
    assert said[0] == "Nieuw spel voor Ann en Bob. Jij begint."
    assert "Het spel is afgelopen." in said


@pytest.mark.parametrize(
    "event, viewer, expected",
    [
        (ev.DebtChanged("Ann", 8, 8, "City Quarter"), None, "Ann heeft nu 8 schuld, voor Stadswijk."),
        (ev.DebtChanged("Ann", 6, 10, "Capital"), "Ann", "Je neemt 6 schuld voor Kapitaal, nu 10 schuld."),
        (ev.DebtChanged("Ann", -2, 0, "", coins_left=1), "Ann", "Je lost 2 schuld af. Nog 0 schuld. Nog 1 munt over."),
        (
            ev.VPTokensMoved(2, "landmark", "Battlefield", "player", "Bob", 10, 4),
            None,
            "Bob neemt 2 punten van Slagveld (nog 10), nu 4 overwinningspuntenfiches.",
        ),
        (
            ev.VPTokensMoved(2, "landmark", "Arena", "player", "Ann", 1, 2),
            "Ann",
            "Je hebt nu 2 overwinningspuntenfiches, van Arena (nog 1).",
        ),
        (
            ev.VPTokensMoved(1, "pile", "Temple", "player", "Ann", 0, 1),
            "Ann",
            "Je hebt nu 1 overwinningspuntenfiche, van de stapel Tempel (nog 0).",
        ),
        (
            ev.VPTokensMoved(1, "supply", "", "pile", "Farmers' Market", -1, 1),
            None,
            "Er ligt nu 1 punt op de stapel Boerenmarkt.",
        ),
        (
            ev.PileTopChanged("Patrician/Emporium", "Emporium", 5),
            None,
            "Stapel Patriciër/Emporium: nu ligt Emporium bovenop, nog 5 kaarten.",
        ),
        (
            ev.PileTopChanged("Castles", "Small Castle", 1),
            None,
            "Stapel Kastelen: nu ligt Klein kasteel bovenop, nog 1 kaart.",
        ),
        (ev.PhaseChanged("Ann", "action", "villa"), "Ann", "Villa: +1 actie, terug naar je actiefase."),
        (ev.PhaseChanged("Bob", "action", "villa"), "Ann", "Villa: +1 actie, Bob gaat terug naar de actiefase."),
    ],
)
def test_dutch_sentences(event, viewer, expected):
    assert Narrator(viewer=viewer, verbosity="terse", lang=Language("nl")).narrate(event) == [expected]


def test_console_questions_in_english_are_the_engines_prompts():
    # the console words the turn question itself (to translate it); in English it is the engine's own
    replay = Game(GameConfig(["Ann", "Bob"], KINGDOM, ["Tax"], ["Battlefield", "Basilica"], 4))
    bots = {"Ann": make_bot("random", 4), "Bob": make_bot("random", 104)}
    replay.start()
    turns = 0
    while replay.pending is not None:
        d = replay.pending
        if d.kind == "turn":
            # the Buy phase's prompt leaves out the Actions, which no move of that phase uses
            engine = d.prompt if "Action phase" in d.prompt else re.sub(r": \d+ Actions?, ", ": ", d.prompt)
            view = player_view(replay, d.player)
            assert turn_prompt(view, d, you=False) == engine  # several people at one keyboard: named
            # one person at the screen: without the name, the phase opening the sentence
            unnamed = engine.removeprefix(f"{d.player}, ")
            assert turn_prompt(view, d) == unnamed[:1].upper() + unnamed[1:] != engine
            turns += 1
        else:
            assert Language("en").prompt(d, you=False) == d.prompt  # several people at one keyboard: named
            # one person at the screen: every card's question without the name it begins with
            assert Language("en").prompt(d) == d.prompt.removeprefix(f"{d.player}, ") != d.prompt
        replay.answer(bots[d.player].decide(d, player_view(replay, d.player)))
    assert turns > 50


# ---------------------------------------------------------------- (e) the console in Dutch
def play_args(*extra):
    return build_parser().parse_args(["play", "--seed", "1", "--speech", "off", *extra])


def session(typed: list[str], *extra, settings=None):
    """``play`` (seed 1, speech off, ``extra`` options) with the lines ``typed`` piped in, on the
    console core (:func:`playcore.play`); returns (the game played, exit code, lines shown)."""
    played = playcore.play(["--seed", "1", *extra], typed, settings)
    return played, played.code, played.lines


def test_dutch_commands_moves_and_refusals():
    text = [
        "hand",
        "koop Provincie",
        "speel geldkaarten",
        "koop Zilver",
        "koop Landgoed",
        "einde",
        "play treasures",
        "koop zil",
        "voorraad",
        "stand",
        "kaart Villa",
        "hulp",
        "xyzzy",
    ]
    console, code, lines = session(text, "--lang", "nl")
    assert code == 1  # stopped by the end of input, before the end of the game
    assert lines[0] == "a11y-dominion. Typ hulp voor de commando's; F2 herhaalt het laatste bericht."
    assert "Nieuw spel voor jou en Bot. Jij begint." in lines  # the object form of the seat's name
    assert "Spelnummer " + str(console.game.config.seed) + "." in lines
    assert "Je hand, 5 kaarten: 2 Koper en 3 Landgoederen." in lines
    assert "Je hand: 2 Koper en 3 Landgoederen." in lines
    assert (
        "Provincie kost 8 munten; je hebt 0 munten tot je de geldkaarten in je hand speelt: typ speel geldkaarten."
        in lines
    )
    assert "Zilver kost 3 munten; je hebt 2 munten." in lines
    # in the first turn "play treasures" leads to a Buy phase named, later only the figures that changed
    assert "Je speelt 2 Koper. Aanschaffase: 2 munten." in lines
    assert "Je speelt 5 Koper. 5 munten." in lines
    assert "2. koop Landgoed, 2 munten" in lines
    # turn 2: five Coppers; an English move works in Dutch, and the start of a Dutch name is enough
    # (game.answers holds the bot's moves too)
    assert answer_keys(console.game)[:3] == [["treasures"], ["buy:Estate"], ["end"]]
    assert answer_keys(console.game)[-2:] == [["treasures"], ["buy:Silver"]]
    assert (
        "Je koopt Landgoed (nog 7). 0 aanschaffen, 0 munten." in lines
        and "Je koopt Zilver. 0 aanschaffen, 2 munten." in lines
    )
    assert "Je speelt 5 Koper. 5 munten." in lines
    assert "Voorraad: 17 stapels, 0 leeg." in lines
    assert ("Patriciër/Emporium: Patriciër bovenop, 2 munten, nog 10; eronder: 5 Emporia (5 munten).") in lines
    assert "Stand als het spel nu zou eindigen:" in lines
    assert any(x.startswith("Villa: Actie, kost 4 munten. +2 acties, +1 aanschaf, +1 munt.") for x in lines)
    assert (
        "Hulponderwerpen: spelen, één computer, netwerk, bewaren, spraak, instellingen, toetsen en commando's."
    ) in lines
    assert (
        "xyzzy is geen zet. Zetten zijn: speel KAART, speel geldkaarten, koop NAAM, betaal, betaal N, einde." in lines
    )
    assert lines[-1] == "Spel gestopt."
    assert not any("Traceback" in x for x in lines)


def test_english_commands_and_answers_work_in_dutch():
    console, _, lines = session(["status", "help keys", "play Copper", "end"], "--lang", "nl")
    assert "Jouw beurt 1, actiefase: 1 actie, 1 aanschaf, 0 munten." in lines
    assert (
        "Je hebt 0 schuld en 0 punten aan fiches; 5 kaarten in je hand, 5 kaarten in je trekstapel, "
        "0 kaarten in je aflegstapel."
    ) in lines
    assert "F3 of Alt+H: je hand voorlezen (commando hand)." in lines
    assert answer_keys(console.game)[:2] == [["play:Copper"], ["end"]]


def test_a_mode_question_answered_in_dutch():
    state = {
        "turn": {"player": "Jij", "phase": "action", "actions": 1, "buys": 1, "coins": 0},
        "players": {"Jij": {"hand": ["Charm", "Copper", "Estate", "Estate", "Estate"], "deck": ["Estate"] * 5}},
    }
    script = [
        "speel Geluksbrenger",
        "foo",
        "+1 aanschaf en +2 munten",
        "speel geldkaarten",
        "koop Zilver",
        "koop Koper",
    ]
    played = playcore.position(
        state, script, ("Charm", "Villa"), (("Jij", "human"), ("Bot", "bigmoney")), ("--lang", "nl")
    )
    lines = played.lines
    i = lines.index("Geluksbrenger: welke bonus?")
    assert lines[i + 1 : i + 4] == [
        "Kies er een, met het nummer of de naam.",
        "1. +1 aanschaf en +2 munten",
        "2. de volgende keer dat je deze beurt een kaart koopt, pak je ook een andere kaart met dezelfde kosten",
    ]
    assert any(x.startswith("Kies een van: 1 (+1 aanschaf en +2 munten); 2 (") for x in lines)
    assert answer_keys(played.game)[:5] == [["play:Charm"], ["coins"], ["treasures"], ["buy:Silver"], ["buy:Copper"]]


def test_completion_offers_dutch_words_and_names():
    piles, events, landmarks = choose_setup("basic-intro", None, None, 1)
    game = Game(GameConfig(["Jij", "Bot"], piles, events, landmarks, 1))
    game.start()
    comp = DecisionCompleter(lambda: game, Language("nl"))

    def completions(text):
        return [c.text for c in comp.get_completions(Document(text, len(text)), CompleteEvent())]

    assert completions("speel ") == ["Koper", "geldkaarten"]
    assert completions("play g") == ["geldkaarten"]
    assert completions("koop ") == ["Koper", "Vloek", "Stadswijk", "Ingenieur"]
    assert completions("kaart kon") == ["Koningskasteel"]
    assert completions("hulp t") == ["toetsen"]
    start = completions("")
    assert "speel " in start and "koop " in start and "voorraad" in start and "play " not in start
    assert completions("vo") == ["voorraad", "vorige", "volgende"]


# ---------------------------------------------------------------- (f) --lang and the language setting
def test_the_lang_option():
    assert play_args().lang is None
    assert play_args("--lang", "nl").lang == "nl"
    with pytest.raises(SystemExit) as err:
        build_parser().parse_args(["play", "--lang", "de"])
    assert err.value.code == 2
    _, _, lines = session([], "--lang", "en")
    assert lines[0] == "a11y-dominion. Type help for commands; F2 repeats the last message."


def test_the_language_setting_and_the_flag_over_it(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("A11Y_DOMINION_CONFIG", str(tmp_path / "settings.json"))
    assert main(["settings", "set", "language", "nl"]) == 0
    assert main(["settings", "set", "verbosity", "terse"]) == 0
    capsys.readouterr()
    console, _, lines = session(["hand"])
    assert lines[0] == "a11y-dominion. Typ hulp voor de commando's; F2 herhaalt het laatste bericht."
    assert "Je hand, 5 kaarten: 2 Koper en 3 Landgoederen." in lines
    assert console.lang.code == "nl" and console.verbosity == "terse"
    console, _, lines = session(["hand"], "--lang", "en", "--verbosity", "verbose")
    assert "Your hand, 5 cards: 2 Coppers and 3 Estates." in lines
    assert console.lang.code == "en" and console.verbosity == "verbose"


def test_settings_problems_and_keys_reach_the_console(tmp_path, monkeypatch):
    path = tmp_path / "settings.json"
    monkeypatch.setenv("A11Y_DOMINION_CONFIG", str(path))
    path.write_text(json.dumps({"language": "nl", "verbosity": "loud", "keys": {"hand": "f13"}}))
    console, _, lines = session(["hulp toetsen"])
    assert (
        f"Sommige instellingen in {path} zijn genegeerd: verbosity moet een van deze waarden hebben: "
        "terse, normal, verbose."
    ) in lines
    assert "F13 of Alt+H: je hand voorlezen (commando hand)." in lines
    path.write_text("{damaged")
    _, _, lines = session([])
    assert (
        f"Settings file {path} is damaged; using the defaults. Fix or delete it. "
        "The settings file is not valid JSON (line 1)."
    ) in lines


def test_cards_listing_in_dutch(capsys, monkeypatch, tmp_path):
    from a11y_dominion.cli import main

    monkeypatch.setenv("A11Y_DOMINION_CONFIG", str(tmp_path / "none.json"))
    assert main(["cards", "--lang", "nl"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert "Koper (Copper), Geld, kost 0 munten: Geldkaart, 1 munt waard." in out
    assert any(line.startswith("Fontein (Fountain), Bezienswaardigheid: ") for line in out)
    assert main(["cards"]) == 0
    assert "Copper (Koper), Treasure, costs 0 coins: Treasure worth 1 coin." in capsys.readouterr().out


def test_the_dutch_seat_name_after_a_preposition_is_its_object_form():
    nl = Language("nl")
    assert nl.text("New game for {players}. You go first.", players="Jij en Bot") == (
        "Nieuw spel voor jou en Bot. Jij begint."
    )
    assert nl.text("New game for {players}. {player} goes first.", players="Bot en Jij", player="Bot") == (
        "Nieuw spel voor Bot en jou. Bot begint."
    )
    assert nl.text("Pass the keyboard to {player}. {player}, press Enter when you are ready.", player="Jij") == (
        "Geef het toetsenbord aan jou. Jij, druk op Enter als je klaar bent."
    )
    # "tot" is a conjunction here: the subject stays as it is
    said = nl.text(
        "{player} has been away for {seconds}; the medium bot plays for {player} until {player} comes back.",
        player="Jij",
        seconds="30 seconden",
    )
    assert said == "Jij is al 30 seconden weg; de medium-bot speelt voor jou tot Jij terugkomt."
    assert nl.text("It is {expected} who must answer now, not {other}.", expected="Bot", other="Jij") == (
        "Bot moet nu antwoorden, niet Jij."
    )
    # another name is left alone, and so is English
    assert (
        nl.text("New game for {players}. You go first.", players="Ann en Bot")
        == "Nieuw spel voor Ann en Bot. Jij begint."
    )
    assert Language("en").text("New game for {players}. You go first.", players="You and Bot") == (
        "New game for You and Bot. You go first."
    )


def test_dutch_mountain_pass_and_seed_are_standard_dutch():
    from a11y_dominion.rules.cards import LANDMARKS

    nl = Language("nl")
    text = nl._(LANDMARKS["Mountain Pass"].text)
    assert text == (
        "Als je als eerste speler een Provincie pakt, biedt na die beurt elke speler één keer, tot 40 schuld; "
        "jij biedt als laatste. De hoogste bieder krijgt +8 punten en neemt het geboden bedrag als schuld."
    )
    assert nl.text("Game seed {seed}.", seed=12) == "Spelnummer 12."


def test_a_card_s_question_names_the_seat_only_where_several_people_share_the_keyboard():
    from a11y_dominion.i18n import Language
    from a11y_dominion.rules.decisions import Decision, Kind, Purpose

    def militia(player: str) -> Decision:
        template = "{player}, {source}: discard {count} cards, down to {left} in hand."
        args = {"player": player, "source": "Militia", "count": 2, "left": 3}
        return Decision(player, Kind.CARDS, Purpose("discard"), "", ["Copper"], template=template, args=args)

    en, nl = Language("en"), Language("nl")
    # one person at the screen, whatever the seat's name: the question is theirs, unnamed
    for player in ("Ann", "You", "Jij"):
        assert en.prompt(militia(player)) == "Militia: discard 2 cards, down to 3 in hand."
        assert nl.prompt(militia(player)) == "Militie: leg 2 kaarten af, tot je er 3 in je hand hebt."
    # several people at one keyboard: it names who is to answer
    assert en.prompt(militia("Ann"), you=False) == "Ann, Militia: discard 2 cards, down to 3 in hand."
    assert nl.prompt(militia("Ann"), you=False) == "Ann, Militie: leg 2 kaarten af, tot je er 3 in je hand hebt."


def test_no_dutch_sentence_is_said_twice_in_one_translation():
    """A translation that holds one of its sentences more than once (merged copies of one
    entry, two or three of them) is heard as the same sentence again; none may."""
    import re

    doubled = []
    for m in catalog():
        for s in m.string if isinstance(m.string, (list, tuple)) else [m.string]:
            sentences = [x.strip() for x in re.split(r"(?<=[.!?])", s or "") if len(x.strip()) > 12]
            if len(sentences) != len(set(sentences)):
                doubled.append(m.id)
    assert doubled == []
