"""Help from the player pages: help, help TOPIC, help next, a part by number or name, Dutch topics,
a bad topic, a remote seat and a11y-dominion help; and the pages themselves (every heading and topic
name resolves, no line wraps inside a sentence, a Dutch page for every English one with as many parts,
no markdown in what is read)."""

from __future__ import annotations

import io
import re
from importlib import resources
from pathlib import Path

import pytest

from a11y_dominion.cli import build_parser, cmd_help, main
from a11y_dominion.helppages import (
    PAGE_LANGUAGES,
    TOPICS,
    HelpReader,
    find_part,
    find_topic,
    load_page,
    page_lines,
    plain,
)
from a11y_dominion.i18n import Language
from test_tester_console import after, play

ROOT = Path(__file__).resolve().parent.parent
PAGES = ROOT / "a11y_dominion" / "docs"
TOPICS_EN = "Help topics: playing, one computer, network, saving, speech, settings, keys and commands."
TOPICS_NL = "Hulponderwerpen: spelen, één computer, netwerk, bewaren, spraak, instellingen, toetsen en commando's."
START_EN = (
    "Answer the question with what it asks for: yes or no, a number or a name. "
    "At your turn: play CARD, play treasures, buy CARD, pay, pay N, end."
)
PLAYING_PARTS = (
    "Your turn; Questions from cards; The prompt; Choices read once; What you hear; Asking about the game; "
    "Hints; Confirming; Stopping; Typing; How much you hear"
)
YOUR_TURN = [
    "Part 1: Your turn.",
    "play CARD: play a card from your hand.",
    "play treasures: play every Treasure that needs no choice, Fortune last, and Crown and Charm not at all.",
    "buy NAME: buy the top card of a pile, or an Event.",
    "pay: pay off as much Debt as your coins allow.",
    "pay N: pay exactly N Debt.",
    "end: end the phase; the Action phase goes to the Buy phase, and the Buy phase ends the turn.",
]
PLAYING_OPENING = [
    f"Playing at the prompt, in 11 parts: {PLAYING_PARTS}.",
    "The game asks one question at a time, and you answer with a typed line.",
    "Answer with what the question asks for: yes or no, a number or a name.",
    "Type help for the help topics, and help next for the next part of a topic.",
    "The start of a name is enough when only one choice starts that way, for example buy prov.",
    *YOUR_TURN,
]


def player_pages(lang: str) -> list:
    return sorted((PAGES / lang).glob("*.md"))


# ------------------------------------------------------------------ in the game
def test_help_lists_the_topics_and_a_topic_is_read_a_part_at_a_time(tmp_path, monkeypatch):
    monkeypatch.setenv("A11Y_DOMINION_CONFIG", str(tmp_path / "settings.json"))
    typed = "help\nhelp playing\nhelp next\nhelp playing 8\nhelp stopping\nhelp playing nothing\nhelp nonsense\n"
    _, lines = play(typed)
    assert after(lines, "help") == [
        START_EN,
        TOPICS_EN,
        "Type help and a topic, for example help playing; help next reads the next part.",
    ]
    assert after(lines, "help playing") == [*PLAYING_OPENING, "help next: part 2, Questions from cards."]
    assert after(lines, "help next") == [
        "Part 2: Questions from cards.",
        "A question takes the answers its line on how to answer names, and Tab offers just those.",
        "Answer yes or no when a card asks yes or no; y and n work too.",
        "In Dutch, ja, j, nee and n work, and so do the English words.",
        "A question that asks yes or no takes no other answer: a card's name or none there is refused, "
        "and the question says what it takes.",
        "Choose cards by numbers or names separated by commas, such as 1, 3 or Copper, Estate.",
        "Type none to choose no card when that is allowed.",
        "When a card may be chosen more than once, repeat its number.",
        'A choice of one card you may take or leave is asked as yes or no: "Answer yes for Gold, or no."',
        "How to answer is said the first time a kind of question comes.",
        "A command typed at any question, such as hand or quit, runs; it is never taken as an answer.",
        "Several players at one keyboard may start a line with a name, as in Ann: play Villa.",
        "help next: part 3, The prompt.",
    ]
    confirming = after(lines, "help playing 8")
    assert confirming[0] == "Part 8: Confirming."
    assert confirming[-1] == "help next: part 9, Stopping."
    assert 'trashing cards you chose: "Trash 2 Estates? Type yes to trash:"' in confirming
    # a part of the page being read, by a word of its heading
    assert after(lines, "help stopping")[0] == "Part 9: Stopping."
    assert after(lines, "help playing nothing") == [
        f"Playing at the prompt has no part nothing; its parts are: {PLAYING_PARTS}."
    ]
    assert after(lines, "help nonsense") == [
        "There is no help on nonsense; the topics are playing, one computer, network, saving, speech, settings, "
        "keys and commands."
    ]


def test_help_next_past_the_end_and_before_any_topic():
    reader = HelpReader(lambda lang: ["keys"])
    en = Language("en")
    assert reader.answer("next", en) == ["Type help and a topic first, for example help playing."]
    last = reader.answer("speech 6", en)
    assert last[0] == "Part 6: Colour and tables."
    assert last[-1] == "That was the last part of Speech and screen readers; help lists the topics."
    assert reader.answer("next", en) == [last[-1]]
    assert reader.answer("keys", en) == ["keys"]


def test_a_part_that_does_not_exist_leaves_the_page_being_read():
    """help next after a bad part of another page goes on with the page that was being read."""
    reader = HelpReader(lambda lang: ["keys"])
    en = Language("en")
    assert reader.answer("saving 2", en)[0].startswith("Part 2: ")
    assert reader.answer("network zzz", en)[0].startswith("Playing over the network has no part zzz; its parts are: ")
    assert reader.answer("next", en)[0] == "Part 3: " + load_page("saving", "en").parts[2][0] + "."


def test_help_keys_still_lists_the_keys_of_the_seat(tmp_path, monkeypatch):
    monkeypatch.setenv("A11Y_DOMINION_CONFIG", str(tmp_path / "settings.json"))
    _, lines = play("help keys\n", settings={"keys": {"hand2": "escape j"}})
    keys = after(lines, "help keys")
    assert keys[0] == "Shortcut keys; each one does the same as the typed command."
    assert "F3 or Alt+J: read your hand (command hand)." in keys


def test_dutch_help_reads_the_dutch_page_in_dutch_words(tmp_path, monkeypatch):
    monkeypatch.setenv("A11Y_DOMINION_CONFIG", str(tmp_path / "settings.json"))
    typed = "hulp\nhulp spelen 1\nhulp volgende\nhulp een computer\nhulp xyz\n"
    _, lines = play(typed, players="Jij:human,Bot:bigmoney", settings={"language": "nl"})
    assert after(lines, "hulp") == [
        "Beantwoord de vraag met wat ze vraagt: ja of nee, een nummer of een naam. "
        "In je beurt: speel KAART, speel geldkaarten, koop KAART, "
        "betaal, betaal N, einde.",
        TOPICS_NL,
        "Typ hulp en een onderwerp, bijvoorbeeld hulp spelen; hulp volgende leest het volgende deel.",
    ]
    assert after(lines, "hulp spelen 1") == [
        "Deel 1: Je beurt.",
        "speel KAART: speel een kaart uit je hand.",
        "speel geldkaarten: speel alle geldkaarten die geen keuze vragen, Fortuin als laatste, en Kroon en "
        "Geluksbrenger niet.",
        "koop NAAM: koop de bovenste kaart van een stapel, of een gebeurtenis.",
        "betaal: los zoveel schuld af als je munten toelaten.",
        "betaal N: los precies N schuld af.",
        "einde: beëindig de fase; na de actiefase komt de aanschaffase, en na de aanschaffase eindigt je beurt.",
        "hulp volgende: deel 2, Vragen van kaarten.",
    ]
    assert after(lines, "hulp volgende")[0] == "Deel 2: Vragen van kaarten."
    assert after(lines, "hulp een computer")[0] == (
        "Met meer spelers aan één computer, in 6 delen: Beginnen; Het toetsenbord doorgeven; Wat op het scherm "
        "blijft; Je eigen berichten; Geheim en openbaar; De taal van het toetsenbord."
    )
    assert after(lines, "hulp xyz") == [
        "Er is geen hulp over xyz; de onderwerpen zijn spelen, één computer, netwerk, bewaren, spraak, instellingen, "
        "toetsen en commando's."
    ]


def test_a_remote_seat_reads_the_same_pages_and_its_own_keys():
    """A plain ssh seat (its console at the host, :mod:`seatsathost`) reads the same pages, and
    help keys reads its shortcut keys, as at join."""
    import asyncio

    from a11y_dominion.console.keys import CTRL_D_LEAVES, key_help_lines
    from a11y_dominion.kingdoms import choose_setup
    from a11y_dominion.remote import GameHost
    from a11y_dominion.rules.game import Game, GameConfig
    from a11y_dominion.seats import parse_seats
    from seatsathost import SeatAt, settled

    async def main() -> list[list[str]]:
        specs = parse_seats("Ann:remote,Bot:bigmoney", remote=True)
        piles, events, landmarks = choose_setup("basic-intro", None, None, 1)
        host = GameHost(Game(GameConfig(["Ann", "Bot"], piles, events, landmarks, 1)), specs, 1, Language("en"))
        host.out = [].append
        ann = SeatAt(host, "Ann")
        ann.start()
        await settled()
        said = [await ann.typed(line) for line in ("help", "help saving", "help next", "help keys")]
        assert ann.task is not None
        ann.task.cancel()
        return said

    helped, saving, following, keys = asyncio.run(main())
    assert helped[:3] == [
        START_EN,
        TOPICS_EN,
        "Type help and a topic, for example help playing; help next reads the next part.",
    ]
    assert saving[0].startswith("Saving, resuming and undo, in 9 parts: Where games are kept; Resuming a game;")
    assert following[0] == "Part 2: Resuming a game."
    assert keys == key_help_lines(Language("en"), {}, ctrl_d=CTRL_D_LEAVES)  # (Ctrl+D leaves the game there)


# ------------------------------------------------------------------ on the command line
def run_help(*argv: str) -> tuple:
    out, err = io.StringIO(), io.StringIO()
    code = cmd_help(build_parser().parse_args(["help", *argv]), out=out, err=err)
    return code, out.getvalue().splitlines(), err.getvalue()


def test_the_command_line_prints_the_topics_a_page_and_a_part(tmp_path, monkeypatch):
    monkeypatch.setenv("A11Y_DOMINION_CONFIG", str(tmp_path / "settings.json"))
    assert run_help() == (
        0,
        [TOPICS_EN, "Type a11y-dominion help and a topic, for example a11y-dominion help playing."],
        "",
    )
    code, lines, err = run_help("playing")
    assert code == 0 and err == ""
    assert lines == page_lines(load_page("playing", "en"), Language("en"))
    assert lines[:6] == [
        "Playing at the prompt",
        "The game asks one question at a time, and you answer with a typed line.",
        "Answer with what the question asks for: yes or no, a number or a name.",
        "Type help for the help topics, and help next for the next part of a topic.",
        "The start of a name is enough when only one choice starts that way, for example buy prov.",
        "Part 1: Your turn.",
    ]
    assert lines.count("Part 11: How much you hear.") == 1
    assert run_help("playing", "1") == (0, YOUR_TURN, "")
    assert run_help("--language", "nl", "spelen", "1")[1][0] == "Deel 1: Je beurt."
    assert run_help("--lang", "nl")[1][0] == TOPICS_NL
    assert run_help("nonsense") == (
        2,
        [],
        "a11y-dominion: There is no help on nonsense; the topics are playing, one computer, network, saving, speech, "
        "settings, keys and commands.\n",
    )


def test_the_command_line_follows_the_language_setting_and_knows_the_keys(tmp_path, monkeypatch, capsys):
    settings = tmp_path / "settings.json"
    settings.write_text('{"language": "nl", "keys": {"hand2": "escape j"}}')
    monkeypatch.setenv("A11Y_DOMINION_CONFIG", str(settings))
    assert main(["help", "toetsen"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Sneltoetsen; elke toets doet hetzelfde als het getypte commando."
    assert "F3 of Alt+J: je hand voorlezen (commando hand)." in out
    assert main(["help", "commando's", "hulp"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "Deel 5: Hulp en instellingen."
    assert main(["help", "speech", "9"]) == 2
    assert capsys.readouterr().err == (
        "a11y-dominion: Spraak en schermlezers heeft geen deel 9; de delen zijn: De spraakmodi; Je schermlezer; "
        "De eigen stem van het spel; Spraak testen; Regels voor de schermlezer; Kleur en tabellen.\n"
    )


# ------------------------------------------------------------------ the pages
def test_every_topic_and_every_heading_resolves_in_both_languages():
    for topic, words in TOPICS.items():
        assert find_topic(topic) == topic
        for lang_words in words.values():
            for word in lang_words:
                assert find_topic(word) == topic, word
        for lang in PAGE_LANGUAGES:
            page = load_page(topic, lang)
            assert page.parts, (topic, lang)
            for i, (heading, lines) in enumerate(page.parts):
                assert lines, (topic, lang, heading)
                assert find_part(page, heading) == i, (topic, lang, heading)
                assert find_part(page, str(i + 1)) == i
    assert find_topic("keys") == find_topic("toetsen") == "keys"
    assert find_topic("s") is None  # saving, sharing, speech, settings


def test_every_english_page_has_a_dutch_page_with_as_many_parts():
    english = [p.name for p in player_pages("en")]
    assert english == sorted(t + ".md" for t in TOPICS)
    assert [p.name for p in player_pages("nl")] == english
    for name in english:
        en = load_page(name[:-3], "en")
        nl = load_page(name[:-3], "nl")
        assert len(en.parts) == len(nl.parts), name
        assert en.title != nl.title


def test_the_pages_ship_as_package_data():
    for lang in PAGE_LANGUAGES:
        for topic in TOPICS:
            assert resources.files("a11y_dominion").joinpath("docs", lang, topic + ".md").is_file()
    pyproject = (ROOT / "pyproject.toml").read_text()
    assert '"docs/*/*.md"' in pyproject


def docs_pages() -> list:
    """Every page a player or a file's author reads: the help pages and docs/ but for layout.md."""
    return [
        *player_pages("en"),
        *player_pages("nl"),
        *(p for p in (ROOT / "docs").glob("*.md") if p.name != "layout.md"),
    ]


SENTENCE_END = re.compile(r"[.:?!][\"')”’]*$")


@pytest.mark.parametrize("path", docs_pages() + [ROOT / "README.md"], ids=lambda p: f"{p.parent.name}/{p.name}")
def test_no_line_of_a_page_ends_inside_a_sentence(path):
    fenced = False
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.startswith("```"):
            fenced = not fenced
            continue
        if fenced or not line.strip() or line.startswith(("    ", "#", "- ", "|", "<!--")) or re.match(r"\d+\. ", line):
            continue
        assert SENTENCE_END.search(line), f"{path.name}, line {number} ends inside a sentence: {line}"


def test_no_help_line_holds_markdown():
    en, nl = Language("en"), Language("nl")
    for topic in TOPICS:
        for lang in (en, nl):
            for line in page_lines(load_page(topic, lang.code), lang):
                assert line == line.strip() and line
                assert "`" not in line and "**" not in line and "](" not in line, line
                assert not line.startswith(("#", "- ", "* ")), line
    assert plain("- `buy NAME`: buy **one** [card](../x.md).") == "buy NAME: buy one card."


FOLDERS = [  # (platform, environment, the games folder, the settings file)
    ("linux", {"HOME": "/home/ann"}, "/home/ann/.local/share/a11y-dominion/games", "/home/ann/.config/a11y-dominion"),
    (
        "linux",
        {"HOME": "/home/ann", "XDG_DATA_HOME": "/srv/ann/data", "XDG_CONFIG_HOME": "/srv/ann/conf"},
        "/srv/ann/data/a11y-dominion/games",
        "/srv/ann/conf/a11y-dominion",
    ),
    (
        "darwin",
        {"HOME": "/Users/ann"},
        "/Users/ann/Library/Application Support/a11y-dominion/games",
        "/Users/ann/Library/Application Support/a11y-dominion",
    ),
    (
        "win32",  # (platformdirs' own variable stands in for the folder Windows reports)
        {"WIN_PD_OVERRIDE_LOCAL_APPDATA": "C:\\Users\\Ann\\AppData\\Local"},
        "C:\\Users\\Ann\\AppData\\Local\\a11y-dominion\\a11y-dominion\\games",
        "C:\\Users\\Ann\\AppData\\Local\\a11y-dominion\\a11y-dominion",
    ),
]


@pytest.mark.parametrize(("platform", "environ", "games", "config"), FOLDERS)
def test_help_names_the_folders_this_computer_uses(platform, environ, games, config, monkeypatch):
    """help saving and help settings name the folder of the games and the settings file where
    this computer keeps them (the XDG variables followed), not the other systems' defaults."""
    for name in ("A11Y_DOMINION_DATA", "A11Y_DOMINION_CONFIG", "XDG_DATA_HOME", "XDG_CONFIG_HOME"):
        monkeypatch.delenv(name, raising=False)
    for name, value in environ.items():
        monkeypatch.setenv(name, value)
    sep = "\\" if platform == "win32" else "/"
    en, nl = Language("en"), Language("nl")
    reader = HelpReader(lambda lang: ["keys"], platform=platform)
    saving = reader.answer("saving", en)
    assert saving[3:6] == [
        "Part 1: Where games are kept.",
        f"On the computer that runs this game, the games are kept in {games}.",
        "A11Y_DOMINION_DATA names another data folder, with games inside it.",
    ]
    assert reader.answer("bewaren", nl)[4] == f"Op de computer waarop dit spel draait, staan de spellen in {games}."
    settings_part = reader.answer("settings where", en)
    assert settings_part[:3] == [
        "Part 4: Where the settings file is.",
        f"On the computer that runs this game, the settings file is {config}{sep}settings.json.",
        "A11Y_DOMINION_CONFIG names another file.",
    ]
    assert reader.answer("instellingen waar", nl)[1] == (
        f"Op de computer waarop dit spel draait, is het instellingenbestand {config}{sep}settings.json."
    )
    whole = page_lines(load_page("saving", "en"), en, platform=platform)
    assert not any("~/.local" in x or "LOCALAPPDATA" in x or "Library" in x and platform != "darwin" for x in whole)


def test_every_option_of_every_command_says_what_it_is_in_its_help():
    """``a11y-dominion COMMAND --help`` says a sentence for every option and argument: a
    bare "--games GAMES" or "--json" tells a player nothing by ear."""
    import argparse

    bare = []
    for action in build_parser()._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, command in action.choices.items():
                bare += [
                    f"{name} {'/'.join(a.option_strings) or a.dest}"
                    for a in command._actions
                    if not a.help and a.dest != "help"
                ]
    assert bare == []


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        ([], ["play"]),
        (["--speech", "off"], ["play", "--speech", "off"]),
        (["--speech", "screen-reader", "resume"], ["resume", "--speech", "screen-reader"]),
        (["--seed", "3", "play"], ["play", "--seed", "3"]),
        (["resume", "--speech", "off"], ["resume", "--speech", "off"]),
        (["--help"], ["--help"]),
    ],
)
def test_a_command_typed_after_options_is_read_first(typed, read):
    """``install.py --play --speech screen-reader resume`` passes on options before the
    command: the command is read first, as if typed first; options alone are ``play``'s."""
    from a11y_dominion.cli import command_first

    assert command_first(typed) == read
    if read[0] != "--help":
        assert build_parser().parse_args(read).command == read[0]
