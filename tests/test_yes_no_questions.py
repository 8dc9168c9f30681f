"""Issue 23: a yes-or-no question says what it takes, takes what it says, and Tab offers
just that; a command typed at any question runs, never counts as an answer.

Every end plays its real console core: ``play`` at a shared keyboard, the host's own seat,
a plain ssh seat's console and ``join``'s console, the last three over their links into the
host's room. In English and Dutch.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from a11y_dominion.announcements.speech import Speaker
from a11y_dominion.console.display import Display
from a11y_dominion.console.seat import HumanSeat
from a11y_dominion.i18n import Language
from a11y_dominion.remote import GameHost
from a11y_dominion.remote.client import JoinConsole
from a11y_dominion.remote.seatlink import HostLink
from a11y_dominion.scenario import load_scenario
from a11y_dominion.seats import parse_seats
from seatsathost import SeatAt, settled
from test_shared_console import play, position

DEFENDER = ["Moat", "Copper", "Copper", "Estate", "Estate"]


def you(lang: str) -> str:
    """The one person's prompt at play in ``lang``, as the lines call them ("You> ", "Jij> ")."""
    return "Jij> " if lang == "nl" else "You> "


def moat_state(attacker: str, defender: str) -> dict[str, Any]:
    """``attacker``'s Action phase with Militia in hand; ``defender`` holds a Moat."""
    return {
        "turn": {"player": attacker, "phase": "action", "actions": 1, "buys": 1, "coins": 0},
        "players": {
            attacker: {"hand": ["Militia", "Copper", "Village"], "deck": ["Estate"] * 5},
            defender: {"hand": list(DEFENDER), "deck": ["Estate"] * 5},
        },
    }


def hosted(lang: str, state: dict[str, Any]) -> GameHost:
    """Ann at the host's own seat and Bea at a remote seat, both speaking ``lang``, in ``state``."""
    game, _ = load_scenario(
        {
            "players": ["Ann", "Bea"],
            "kingdom": ["Militia", "Moat", "Village"],
            "events": [],
            "landmarks": [],
            "seed": 1,
            "state": state,
            "script": [],
        }
    )
    return GameHost(game, parse_seats(f"Ann:human,Bea:remote:{lang}", remote=True), 1, Language(lang), out=[].append)


class JoinAt(SeatAt):
    """A remote seat played by ``join``'s console (:class:`JoinConsole`) over a link into the host's room."""

    def start(self) -> None:
        seat = self.host.people[self.name]
        display = Display(self.screen, plain=True, lang=seat.lang)
        holder = HumanSeat(self.name, lang=seat.lang, verbosity=seat.verbosity, print_fn=display.line)
        link = HostLink(self.host, self.name)
        self.console = JoinConsole(link, holder, display, Speaker("off"), self.keys)
        link.open()
        self.task = asyncio.ensure_future(self.console.run())


def at_host(end: str, lang: str, first: str | None, typed: list[str]) -> list[list[str]]:
    """What the asked seat's screen shows after each line of ``typed``: with ``first``, the
    other seat plays Militia by typing it and the asked seat holds a Moat; without, the asked
    seat's turn with Militia in hand. ``end``: ``host`` (Ann at the host's own seat is asked),
    ``ssh`` or ``join`` (Bea at that end is asked)."""
    asked, other = ("Ann", "Bea") if end == "host" else ("Bea", "Ann")

    async def main() -> list[list[str]]:
        host = hosted(lang, moat_state(other, asked) if first is not None else moat_state(asked, other))
        ends = {"Ann": SeatAt(host, "Ann"), "Bea": (JoinAt if end == "join" else SeatAt)(host, "Bea")}
        for seat in ends.values():
            seat.start()
        table = asyncio.ensure_future(host.table.run_async())
        await settled()
        try:
            if first is not None:
                await ends[other].typed(first)
            said = []
            for line in typed:
                said.append(await ends[asked].typed(line))
            return said
        finally:
            table.cancel()
            for seat in ends.values():
                if seat.task is not None:
                    seat.task.cancel()

    return asyncio.run(main())


def at_keyboard(here: Path, lang: str, first: str, typed: list[str]) -> list[str]:
    """``play`` at a shared keyboard: Ann types ``first``, the keyboard goes to Bea, who types ``typed``."""
    path = position(here, moat_state("Ann", "Bea"), ["Ann", "Bea"], ["Militia", "Moat", "Village"])
    script = "\n" + first + "\n\n" + "".join(t + "\n" for t in typed)
    _code, lines = play(script, "--position", path, players=f"Ann:human:{lang},Bea:human:{lang}")
    return lines


pytestmark = pytest.mark.usefixtures("here")  # (tests/conftest.py)

ENDS = ["host", "ssh", "join"]
# the words of each language, and what yes_or_no makes of them
WORDS = {
    "en": {"yes": True, "Y": True, " YES ": True, "no": False, "n": False, "ja": None, "j": None, "nee": None},
    "nl": {"ja": True, "J": True, "yes": True, "y": True, "nee": False, "n": False, "no": False, " Nee ": False},
}
NEITHER = ["", "none", "geen", "Moat", "1", "ok", "yes please", "nothing", "niets", "quit"]


@pytest.mark.parametrize("code", ["en", "nl"])
def test_yes_and_no_are_one_set_of_words_a_language_with_english_s_too(code: str) -> None:
    from a11y_dominion.i18n import yes_or_no

    assert {w: yes_or_no(w, Language(code)) for w in WORDS[code]} == WORDS[code]
    assert [yes_or_no(w, code) for w in NEITHER] == [None] * len(NEITHER)


# what the seat asked the Moat's question types there, and sees after each line
MOAT_TYPED = {
    "en": ["Moat", "none", "hand", "quit", "hand", "n", "y"],
    "nl": ["Slotgracht", "geen", "hand", "stoppen", "hand", "n", "j"],
}
MOAT_SAID = {
    "en": {
        "refused": "{typed} is not yes or no. Answer yes for Moat, or no.",
        "hand": "Your hand, 5 cards: Moat, 2 Coppers and 2 Estates.",
        "stop": {
            "host": "Stop the game for every seat without saving? Type yes to stop:",
            "seat": "Leave the game? The host keeps it and you may join again. Type yes to leave:",
        },
        "stay": {"host": "The game goes on.", "seat": "You stay in the game."},
        "reveal": ["You reveal Moat.", "+2 coins. {other} has 0 Actions, 1 Buy, 2 coins."],
    },
    "nl": {
        "refused": "{typed} is geen ja of nee. Antwoord ja voor Slotgracht, of nee.",
        "hand": "Je hand, 5 kaarten: Slotgracht, 2 Koper en 2 Landgoederen.",
        "stop": {
            "host": "Het spel stoppen voor alle plaatsen zonder te bewaren? Typ ja om te stoppen:",
            "seat": "Het spel verlaten? De host bewaart het en je kunt weer meedoen. Typ ja om te vertrekken:",
        },
        "stay": {"host": "Het spel gaat verder.", "seat": "Je blijft in het spel."},
        "reveal": ["Je laat Slotgracht zien.", "+2 munten. {other} heeft 0 acties, 1 aanschaf, 2 munten."],
    },
}


@pytest.mark.parametrize("lang", ["en", "nl"])
@pytest.mark.parametrize("end", ENDS)
def test_moat_s_question_takes_yes_or_no_and_runs_a_command_typed_there(end: str, lang: str) -> None:
    said = MOAT_SAID[lang]
    typed = MOAT_TYPED[lang]
    kind = "host" if end == "host" else "seat"
    other = "Bea" if end == "host" else "Ann"
    got = at_host(end, lang, "play Militia" if lang == "en" else "speel Militie", typed)
    assert got == [
        [said["refused"].format(typed=typed[0])],  # the card's name: the question says yes or no
        [said["refused"].format(typed=typed[1])],  # none: not an answer it names either
        [said["hand"]],  # a command: run, not taken as no
        [said["stop"][kind]],  # quit asks the stop question
        [said["hand"], said["stop"][kind]],  # a command there runs too, and the stop question comes again
        [said["stay"][kind]],  # n: no, in either language
        [line.format(other=other) for line in said["reveal"]],  # y (j): yes, Moat revealed
    ]


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_moat_s_question_at_a_shared_keyboard_takes_yes_or_no_and_runs_a_command(here: Path, lang: str) -> None:
    said = MOAT_SAID[lang]
    typed = MOAT_TYPED[lang]
    lines = at_keyboard(here, lang, "play Militia" if lang == "en" else "speel Militie", [*typed, ""])
    stop = {
        "en": "Stop the game? It is kept; a11y-dominion resume goes on with it. Type yes to stop: ",
        "nl": "Het spel stoppen? Het blijft bewaard; a11y-dominion resume gaat ermee verder. Typ ja om te stoppen: ",
    }[lang]
    hand = said["hand"].replace("Your hand", "Bea's hand").replace("Je hand", "Hand van Bea")
    start = lines.index(f"Bea> {typed[0]}")
    assert lines[start : start + 12] == [
        f"Bea> {typed[0]}",
        said["refused"].format(typed=typed[0]),
        f"Bea> {typed[1]}",
        said["refused"].format(typed=typed[1]),
        f"Bea> {typed[2]}",
        hand,
        f"Bea> {typed[3]}",
        stop + typed[4],
        hand,
        stop + typed[5],
        said["stay"]["host"],
        f"Bea> {typed[6]}",
    ]
    reveal = {"en": "Bea reveals Moat.", "nl": "Bea laat Slotgracht zien."}[lang]
    assert any(line.startswith(reveal) for line in lines[start + 12 :])  # told to Ann, who has the keyboard next


# what the turn's player types at the question before playing a Treasure with Actions left
CONFIRM_TYPED = {
    "en": ["play Copper", "hand", "quit", "hand", "n", "maybe", "play Copper", "y"],
    "nl": ["speel Koper", "hand", "stoppen", "hand", "nee", "misschien", "speel Koper", "j"],
}
CONFIRM_SAID = {
    "en": {
        "go on": "You still have 1 Action and could play Militia and Village. Playing Copper ends the Action phase. "
        "Go on? Type yes to go on:",
        "hand": "Your hand, 3 cards: Militia, Village and Copper.",
        "no": "That is not yes, so it is a no. Nothing was played; the Action phase goes on.",
        "played": "Your Buy phase.",
    },
    "nl": {
        "go on": "Je hebt nog 1 actie en kunt Militie en Dorp spelen. Als je Koper speelt, eindigt de actiefase. "
        "Doorgaan? Typ ja om door te gaan:",
        "hand": "Je hand, 3 kaarten: Militie, Dorp en Koper.",
        "no": "Dat is geen ja, dus het is nee. Er is niets gespeeld; de actiefase gaat door.",
        "played": "Je aanschaffase begint.",
    },
}


@pytest.mark.parametrize("lang", ["en", "nl"])
@pytest.mark.parametrize("end", ENDS)
def test_a_command_at_go_on_runs_and_the_question_comes_again(end: str, lang: str) -> None:
    said, stop = CONFIRM_SAID[lang], MOAT_SAID[lang]
    kind = "host" if end == "host" else "seat"
    got = at_host(end, lang, None, CONFIRM_TYPED[lang])
    assert got[:7] == [
        [said["go on"]],
        [said["hand"], said["go on"]],  # a query, as before
        [stop["stop"][kind]],  # quit: the stop question, not a no
        [said["hand"], stop["stop"][kind]],  # a command at the stop question runs too
        [stop["stay"][kind], said["go on"]],  # staying, the question comes back
        [said["no"]],  # another line is a no, said so
        [said["go on"]],
    ]
    assert got[7][0] == said["played"]  # y (j): yes


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_a_command_at_go_on_runs_at_the_keyboard(here: Path, lang: str) -> None:
    said = CONFIRM_SAID[lang]
    typed = CONFIRM_TYPED[lang]
    path = position(here, moat_state("Ann", "Bea"), ["Ann", "Bea"], ["Militia", "Moat", "Village"])
    stop = {
        "en": "Stop the game? It is kept; a11y-dominion resume goes on with it. Type yes to stop: ",
        "nl": "Het spel stoppen? Het blijft bewaard; a11y-dominion resume gaat ermee verder. Typ ja om te stoppen: ",
    }[lang]
    stay = {"en": "The game goes on.", "nl": "Het spel gaat verder."}[lang]
    _code, lines = play("".join(t + "\n" for t in typed), "--position", path, players=f"Ann:human:{lang},Bea:bigmoney")
    go_on = said["go on"] + " "
    start = lines.index(f"{you(lang)}{typed[0]}")
    assert lines[start : start + 10] == [
        f"{you(lang)}{typed[0]}",
        go_on + typed[1],
        said["hand"],
        go_on + typed[2],
        stop + typed[3],
        said["hand"],
        stop + typed[4],
        stay,
        go_on + typed[5],
        said["no"],
    ]
    played = {"en": "You play Copper. Buy phase: 1 coin.", "nl": "Je speelt Koper. Aanschaffase: 1 munt."}[lang]
    assert lines[start + 10 : start + 13] == [f"{you(lang)}{typed[6]}", go_on + typed[7], played]


def moat_asked() -> Any:
    """The game at Bea's Moat question (Ann played Militia)."""
    from a11y_dominion.rules.decisions import Move

    game, _ = load_scenario(
        {
            "players": ["Ann", "Bea"],
            "kingdom": ["Militia", "Moat", "Village", "Vassal"],
            "events": [],
            "landmarks": [],
            "seed": 1,
            "state": moat_state("Ann", "Bea"),
            "script": [],
        }
    )
    game.start()
    game.answer([Move.play("Militia")])
    assert game.pending.player == "Bea" and game.pending.source == "Moat"
    return game


def tab(game: Any, text: str, lang: Language, decision: Any = None) -> list[str]:
    """What Tab offers after ``text`` at the question ``decision`` (the game's pending one) of its player."""
    from prompt_toolkit.completion import CompleteEvent
    from prompt_toolkit.document import Document

    from a11y_dominion.console.completion import DecisionCompleter, Seen
    from a11y_dominion.view import player_view

    d = decision if decision is not None else game.pending
    seen = Seen(player_view(game, d.player), d)
    completer = DecisionCompleter(lambda: seen, lang)
    return [c.text for c in completer.get_completions(Document(text, len(text)), CompleteEvent())]


@pytest.mark.parametrize("code", ["en", "nl"])
def test_tab_offers_the_answers_a_yes_or_no_question_names(code: str) -> None:
    from a11y_dominion.console.questions import how_many
    from a11y_dominion.rules.decisions import Decision

    lang = Language(code)
    game = moat_asked()
    yes, no = {"en": ("yes", "no"), "nl": ("ja", "nee")}[code]
    said = how_many(game.pending, lang)
    assert said == {"en": "Answer yes for Moat, or no.", "nl": "Antwoord ja voor Slotgracht, of nee."}[code]
    offered = tab(game, "", lang)
    assert offered[:2] == [yes, no]  # the answers the question names, then the commands
    assert not {"Moat", "Slotgracht", "none", "geen"} & set(offered)
    assert tab(game, no[0], lang) == {"en": ["no", "next"], "nl": ["nee"]}[code]
    assert tab(game, yes[0], lang) == [yes]
    vassal = Decision("Bea", "yesno", "play", "Bea, Vassal: play the discarded Village?", ["yes", "no"])
    assert (
        how_many(vassal, lang) == {"en": "Answer yes or no, or 1 or 2.", "nl": "Antwoord ja of nee, of 1 of 2."}[code]
    )
    assert tab(game, "", lang, vassal)[:2] == [yes, no]


@pytest.mark.parametrize("code", ["en", "nl"])
def test_tab_offers_none_where_a_choice_of_a_pile_may_choose_none(code: str) -> None:
    from a11y_dominion.console.questions import how_many
    from a11y_dominion.rules.decisions import Decision

    lang = Language(code)
    game = moat_asked()
    pile = Decision("Bea", "pile", "gain", "Bea: gain a card costing up to 4 coins.", ["Silver", "Village"], 0, 1)
    none = {"en": "none", "nl": "geen"}[code]
    assert how_many(pile, lang).endswith({"en": "or type none.", "nl": "of typ geen."}[code])
    assert tab(game, "", lang, pile)[:3] == [lang.card("Silver"), lang.card("Village"), none]


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_a_command_at_the_stop_question_of_a_hand_over_tells_nobody_s_cards(here: Path, lang: str) -> None:
    path = position(here, moat_state("Ann", "Bea"), ["Ann", "Bea"], ["Militia", "Moat", "Village"])
    typed = {"en": ["play Militia", "quit", "hand", "n"], "nl": ["speel Militie", "stoppen", "hand", "n"]}[lang]
    _code, lines = play(
        "\n" + "".join(t + "\n" for t in typed), "--position", path, players=f"Ann:human:{lang},Bea:human:{lang}"
    )
    stop = {
        "en": "Stop the game? It is kept; a11y-dominion resume goes on with it. Type yes to stop: ",
        "nl": "Het spel stoppen? Het blijft bewaard; a11y-dominion resume gaat ermee verder. Typ ja om te stoppen: ",
    }[lang]
    refused = {
        "en": "Only yes or no is read here; commands are read once Bea has the keyboard.",
        "nl": "Hier wordt alleen ja of nee gelezen; commando's worden gelezen zodra Bea het toetsenbord heeft.",
    }[lang]
    at = lines.index(typed[1])  # (typed at the hand-over to Bea, whose prompt echoes no name)
    # Bea's hand is not told to whoever sits at the keyboard before she takes it; the command is no answer
    assert lines[at + 1 : at + 5] == [
        stop + typed[2],
        refused,
        stop + typed[3],
        {"en": "The game goes on.", "nl": "Het spel gaat verder."}[lang],
    ]
    assert not [line for line in lines if "Moat, 2" in line or "Slotgracht, 2" in line]


@pytest.mark.e2e  # a pseudo-terminal
@pytest.mark.posix
@pytest.mark.parametrize("lang", ["en", "nl"])
def test_tab_at_moat_s_question_in_a_terminal_completes_the_word_no(tmp_path: Path, lang: str) -> None:
    pexpect = pytest.importorskip("pexpect")
    from ptyplay import spawn_position

    state = {
        "players": ["Ann", "Bea"],
        "kingdom": ["Militia", "Moat", "Village"],
        "seed": 1,
        "state": moat_state("Ann", "Bea"),
        "script": [],
    }
    child = spawn_position(pexpect, tmp_path, state, 24, 80, players=f"Ann:human:{lang},Bea:human:{lang}")
    try:
        child.send(b"\r")
        child.expect(b"Ann> ")
        child.send(("play Militia" if lang == "en" else "speel Militie").encode() + b"\r")
        child.expect(b"Bea, ")
        child.send(b"\r")
        said = {"en": b"Answer yes for Moat, or no.\r\nBea> ", "nl": b"Antwoord ja voor Slotgracht, of nee.\r\nBea> "}
        child.expect(said[lang])
        typed = {"en": b"no", "nl": b"ne"}[lang]
        child.send(typed)
        child.expect(typed)
        child.send(b"\t")  # (one word at most starts so: it completes at once)
        child.send(b"\r")
        discard = {"en": b"Bea, Militia: discard 2 cards", "nl": b"Bea, Militie: leg 2 kaarten af"}[lang]
        child.expect(discard)
        echoed = (child.before + child.after).replace(b"\r", b"")
        # no + Tab stays no (it completed to none); ne + Tab is nee (it completed to nothing)
        assert echoed == {"en": b"\n", "nl": b"e\n"}[lang] + discard
    finally:
        child.terminate(force=True)


NUMBER_TYPED = {"en": ["end", "quit", "hand", "n", "hand", "1"], "nl": ["einde", "stoppen", "hand", "n", "hand", "1"]}


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_quit_and_a_query_at_a_number_question_are_commands_not_answers(here: Path, lang: str) -> None:
    from test_card_question_name import CAPITAL_END

    typed = NUMBER_TYPED[lang]
    path = position(here, CAPITAL_END, ["Ann", "Bea"], ["Capital", "Villa", "Forum"])
    _code, lines = play("".join(t + "\n" for t in typed), "--position", path, players=f"Ann:human:{lang},Bea:bigmoney")
    stop = {
        "en": "Stop the game? It is kept; a11y-dominion resume goes on with it. Type yes to stop: ",
        "nl": "Het spel stoppen? Het blijft bewaard; a11y-dominion resume gaat ermee verder. Typ ja om te stoppen: ",
    }[lang]
    hand = {"en": "Your hand, 0 cards: nothing.", "nl": "Je hand, 0 kaarten: niets."}[lang]
    at = lines.index(f"{you(lang)}{typed[1]}")
    assert lines[at : at + 8] == [
        f"{you(lang)}{typed[1]}",
        stop + typed[2],
        hand,
        stop + typed[3],
        {"en": "The game goes on.", "nl": "Het spel gaat verder."}[lang],
        f"{you(lang)}{typed[4]}",
        hand,
        f"{you(lang)}{typed[5]}",
    ]
    paid = {
        "en": "You pay 1 Debt. 5 Debt left. 0 coins left.",
        "nl": "Je lost 1 schuld af. Nog 5 schuld. Nog 0 munten over.",
    }
    assert lines[at + 8] == paid[lang]


FILE_TYPED = {
    "en": ["save g.json", "save g.json", "hand", "quit", "y"],
    "nl": ["bewaar g.json", "bewaar g.json", "hand", "stoppen", "j"],
}


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_quit_at_a_file_s_replacement_asks_the_stop_question_and_a_yes_stops_at_once(here: Path, lang: str) -> None:
    typed = FILE_TYPED[lang]
    code, lines = play("".join(t + "\n" for t in typed), players=f"Ann:human:{lang},Bot:bigmoney")
    replace = {
        "en": f"{here / 'g.json'} already exists. Replace it? Type yes to replace it: ",
        "nl": f"{here / 'g.json'} bestaat al. Vervangen? Typ ja om het te vervangen: ",
    }[lang]
    stop = {
        "en": "Stop the game? It is kept; a11y-dominion resume goes on with it. Type yes to stop: ",
        "nl": "Het spel stoppen? Het blijft bewaard; a11y-dominion resume gaat ermee verder. Typ ja om te stoppen: ",
    }[lang]
    hand = {
        "en": "Your hand, 5 cards: 2 Coppers and 3 Estates.",
        "nl": "Je hand, 5 kaarten: 2 Koper en 3 Landgoederen.",
    }[lang]
    stopped = {"en": "Game stopped.", "nl": "Spel gestopt."}[lang]
    # quit there is no no to the question ("Not saved" would follow): the game stops, and nothing more is said
    assert lines[-5:] == [replace + typed[2], hand, replace + typed[3], stop + typed[4], stopped]
    assert code == 1


SWITCHES = {"yes": True, "Y": True, "ja": True, "j": True, "on": True, "1": True, "no": False, "n": False}
SWITCHES |= {"nee": False, "off": False, "0": False, "maybe": None, "none": None, "": None}


def test_a_setting_that_is_on_or_off_takes_the_words_of_yes_and_no_of_either_language() -> None:
    from a11y_dominion.settings import SettingsError, check_value, switch
    from a11y_dominion.tableoptions import table_options

    assert {word: switch(word) for word in SWITCHES} == SWITCHES
    for word, on in SWITCHES.items():
        for key in ("confirm", "hints"):
            if on is None:
                with pytest.raises(SettingsError):
                    check_value(key, word)
            else:
                assert check_value(key, word) is on
        if word and on is not None:
            assert table_options(["undo", word]).undo is on
    assert table_options(["undo", "uit"]).undo is False and table_options(["undo", "aan"]).undo is True


def test_tab_offers_the_short_word_a_choice_s_option_says_to_type() -> None:
    from a11y_dominion.console.questions import option_label
    from a11y_dominion.rules.cards.empires.kingdom import CHARM_MODES
    from a11y_dominion.rules.decisions import Decision
    from a11y_dominion.view import player_view

    game = moat_asked()
    charm = Decision(
        "Bea", "mode", "mode", "Bea, Charm: which bonus?", [k for k, _ in CHARM_MODES], labels=dict(CHARM_MODES)
    )
    en, nl = Language("en"), Language("nl")
    said = [option_label(player_view(game, "Bea"), charm, o, en) for o in charm.options]
    assert said[0] == "+1 Buy and +2 coins (type coins)" and said[1].endswith("(type gain)")
    assert tab(game, "co", en, charm) == ["coins"]
    assert tab(game, "ga", en, charm) == ["gain"]
    assert tab(game, "+", en, charm) == ["+1 Buy and +2 coins"]
    # Dutch names no short word: its labels are what it says
    assert tab(game, "", nl, charm)[:2] == [nl.label(charm, "coins"), nl.label(charm, "gain")]
    assert "coins" not in tab(game, "", nl, charm)


MONEYLENDER = {
    "turn": {"player": "Ann", "phase": "action", "actions": 1, "buys": 1, "coins": 0},
    "players": {"Ann": {"hand": ["Moneylender", "Copper", "Copper", "Estate"], "deck": ["Estate"] * 5}},
}


@pytest.mark.parametrize(
    "lang, typed, said",
    [
        (
            "en",
            ["play Moneylender", "y"],
            ["Moneylender: you may trash a Copper for +3 coins.", "Answer yes for Copper, or no.", "You> y"]
            + ["You trash Copper. 0 Actions, 3 coins."],
        ),
        (
            "nl",
            ["speel Geldschieter", "j"],
            ["Geldschieter: je mag een Koper vernietigen voor +3 munten.", "Antwoord ja voor Koper, of nee.", "Jij> j"]
            + ["Je vernietigt Koper. 0 acties, 3 munten."],
        ),
    ],
)
def test_a_yes_to_trash_one_card_is_not_asked_again(here: Path, lang: str, typed: list[str], said: list[str]) -> None:
    path = position(here, MONEYLENDER, ["Ann", "Bea"], ["Moneylender", "Village"])
    _code, lines = play("".join(t + "\n" for t in typed), "--position", path, players=f"Ann:human:{lang},Bea:bigmoney")
    at = lines.index(f"{you(lang)}{typed[0]}")
    assert lines[at + 2 : at + 6] == said  # (no "Trash Copper? Type yes to trash:" after the yes)


PAID_ONE = {
    "turn": {"player": "Ann", "phase": "buy", "actions": 0, "buys": 2, "coins": 6},
    "players": {"Ann": {"hand": [], "debt": 4, "deck": ["Estate"] * 5}},
}


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_undo_at_a_confirmation_takes_back_the_last_answer_and_the_question_it_asked_goes(
    here: Path, lang: str
) -> None:
    typed = {"en": ["pay 1", "end", "undo"], "nl": ["betaal 1", "einde", "herstel"]}[lang]
    path = position(here, PAID_ONE, ["Ann", "Bea"], ["Moneylender", "Village"])
    _code, lines = play("".join(t + "\n" for t in typed), "--position", path, players=f"Ann:human:{lang},Bea:bigmoney")
    asked = {
        "en": "Ending the turn now leaves 5 coins unused (you have 3 Debt). End the turn? Type yes to end it: ",
        "nl": "Als je de beurt nu beëindigt, gebruik je 5 munten niet (je hebt 3 schuld). De beurt beëindigen? "
        "Typ ja om te beëindigen: ",
    }[lang]
    at = lines.index(asked + typed[2])
    assert lines[at + 1] == {"en": "Taken back: your answer.", "nl": "Teruggenomen: je antwoord."}[lang]
    figures = {"en": "Buy phase: 2 Buys, 6 coins, 4 Debt.", "nl": "Aanschaffase: 2 aanschaffen, 6 munten, 4 schuld."}
    assert figures[lang] in lines[at + 2 :]
    # undo is no no to the question: nothing says the turn goes on, and the question is not asked again
    assert not [
        line
        for line in lines[at + 1 :]
        if line.startswith(asked) or line in ("The turn goes on.", "De beurt gaat door.")
    ]
