"""A watcher over the real OpenSSH client receives nothing private, read from every byte.

Ann and Bea sit at one table with a medium bot and play Big Money to the end over OpenSSH while
Cid, at verbose verbosity, watches it from his own ssh session; every byte each receives is
logged. The game's record is its autosave. Cid's bytes must not hold a sentence that only the
unredacted event stream tells (:func:`remoteplay.private_sentences` for no seat), a line where
a player draws or discards named cards that no public sentence names, anyone's hand, or the
cards of any hand Ann or Bea heard (at a turn's start, or drawn), unless a public sentence of
the game names those same cards. Dee, Dutch and terse, watches the same English table and hears
it in Dutch, tersely."""

from __future__ import annotations

import re

import pytest

import remoteplay as rp
from a11y_dominion.announcements.narrator import Narrator
from a11y_dominion.autosave import read_saved
from a11y_dominion.i18n import Language
from a11y_dominion.view import redact_all
from serverplay import AFTER_GAME, SERVER_E2E, close, lobby_line, login, make_key, play_at_table, served, signup_key

pytestmark = [pytest.mark.posix, *SERVER_E2E]  # the OpenSSH client in a pseudo-terminal

VERBOSE = ["-o", "SetEnv=A11Y_DOMINION_LANG=en A11Y_DOMINION_VERBOSITY=verbose"]
DUTCH_TERSE = ["-o", "SetEnv=A11Y_DOMINION_LANG=nl A11Y_DOMINION_VERBOSITY=terse"]
# a hand as its player hears it: at a turn's start, or as its cards are drawn
HAND = re.compile(r"(?:Your hand(?:, \d+ cards?)?: |You draw )(.+?)\.(?: |$)", re.M)


def test_a_verbose_watcher_of_two_ssh_players_and_a_bot_receives_nothing_private(tmp_path):
    with served(tmp_path, "[signup]\nper_address_per_hour = 10\n") as server:
        ann = signup_key(server, "Ann", make_key(tmp_path, "ann_key"), tmp_path / "ann.log")
        bea = signup_key(server, "Bea", make_key(tmp_path, "bea_key"), tmp_path / "bea.log")
        cid = login(server, "Cid", tmp_path / "cid.log", key=make_key(tmp_path, "cid_key"), options=VERBOSE)
        dee = login(server, "Dee", tmp_path / "dee.log", key=make_key(tmp_path, "dee_key"), options=DUTCH_TERSE)
        try:
            cid.expect(rb"\? yes or no")
            cid.sendline(b"yes")
            cid.expect(rb"Type help for the lobby's commands\.")
            dee.expect(rb"\? ja of nee")
            dee.sendline(b"ja")
            dee.expect(rb"Typ help voor de commando's van de lobby\.")
            lobby_line(ann, "new players 2 bots medium seed 5", rb"Table 1 is yours")
            lobby_line(cid, "watch 1", rb"Table 1 has not started; there is nothing to watch yet\.")
            lobby_line(bea, "sit 1", rb"New game for Ann, Bea and Bot 1\.")
            ann.expect(rb"New game for Ann, Bea and Bot 1\.")
            lobby_line(
                cid,
                "watch 1",
                rb"You watch table 1: Ann, Bea and Bot 1\. You hear what every player may know, never a hand\. "
                rb"Type leave to go back\.\r?\nAnn's turn 1, Action phase: 1 Action, 1 Buy, 0 coins\.\r?\n"
                rb"Scores now: Ann 3 VP, Bea 3 VP and Bot 1 3 VP\.",
            )
            lobby_line(cid, "hand", rb"A watcher has no hand; type status, supply or score to hear the game\.")
            lobby_line(cid, "buy Silver", rb"Only the players can do that; you watch\.")
            lobby_line(cid, "hint", rb"Only the players can do that; you watch\.")
            # settings are the account's, changed in the lobby: said so, not refused as a move
            lobby_line(
                cid,
                "settings terse",
                rb"Watching, your settings are your account's, changed in the lobby: type leave, then settings "
                rb"terse, for example\.",
            )
            # the lobby's who, tell and tables work while watching, as at a table's seat
            lobby_line(cid, "who", rb"4 people here: Ann and Bea at table 1; Cid watching table 1; Dee in the lobby\.")
            lobby_line(cid, "tell Dee hello", rb"You tell Dee: hello")
            dee.expect(rb"Cid fluistert je toe: hello")
            lobby_line(cid, "status", rb"Ann has 0 Debt and 0 VP in tokens; 5 cards in hand, 5 cards in the deck")
            lobby_line(dee, "kijk 1", rb"Stand nu: Ann 3 punten, Bea 3 punten en Bot 1 3 punten\.")
            lobby_line(
                dee, "hand", rb"Een kijker heeft geen hand; typ status, voorraad of stand om het spel te horen\."
            )
            lobby_line(
                dee,
                "instellingen uitgebreid",
                rb"Tijdens het kijken horen je instellingen bij je account en wijzig je ze in de lobby: typ weg, en "
                rb"dan bijvoorbeeld instellingen beknopt\.",
            )
            heard = play_at_table({"Ann": ann, "Bea": bea, "Cid": cid})
            assert AFTER_GAME in heard["Cid"]
            dee.expect(rb"Het spel is voorbij; logboek, herhaal en stand werken hier nog, en weg brengt je terug")
            lobby_line(cid, "tables", rb"Table 1: Basic Intro, 2 people, no seat free, 1 bot \(medium\); started")
            lobby_line(dee, "weg", rb"Je kijkt niet meer aan tafel 1; je bent in de lobby\.")  # (the last to leave)
            lobby_line(cid, "tables", rb"No tables yet; type new to open one\.")
        finally:
            for child in (ann, bea, cid, dee):
                close(child)
        server.stopped()
        [path] = (server.data / "games").glob("*.jsonl")
        record = read_saved(path).full_record()

    log = rp.event_log(record)
    players = ["Ann", "Bea", "Bot 1"]
    assert record["config"]["players"] == players
    text = rp.received_text((tmp_path / "cid.log").read_bytes())
    lines = rp.lines_of(text)
    forbidden = rp.private_sentences(log, None)
    assert rp.leaks(text, forbidden) == []
    told = rp.own_sentences(log, None)  # every public sentence, at any verbosity
    # a player's cards drawn or discarded are named only where the game tells them publicly (Legionary's discards)
    assert [x for x in rp.draws_naming_cards(lines, players) if x not in told] == []
    assert rp.other_hands(lines, players) == []
    assert not [x for x in lines if "Your hand" in x or x.startswith(("You draw", "You discard"))]
    # every hand Ann and Bea heard: never in Cid's bytes, unless the game told those cards publicly
    public = rp.squeeze(" ".join(told))
    hands = set()
    for name in ("Ann", "Bea"):
        hands |= set(HAND.findall(rp.received_text((tmp_path / f"{name.lower()}.log").read_bytes())))
    private = {h for h in hands if rp.squeeze(h) not in public}
    flat = rp.squeeze(text)
    assert sorted(h for h in private if rp.squeeze(h) in flat) == []
    # the checks are not empty: Cid heard the whole game, the players' draws as counts only
    assert len(forbidden) >= 20 and len(private) >= 5, (len(forbidden), len(private))
    assert any(re.fullmatch(r"(Ann|Bea) draws \d+ cards?\.", x) for x in lines)
    assert lines.count("Game over.") == 1
    for name in players:
        assert any(re.fullmatch(rf"{re.escape(name)}: \d+ VP.*", x) for x in lines), name

    # Dee, Dutch and terse at this English table, heard the game in Dutch, tersely, and nothing private
    dutch = rp.received_text((tmp_path / "dee.log").read_bytes())
    said = rp.lines_of(dutch)
    start = said.index("Stand nu: Ann 3 punten, Bea 3 punten en Bot 1 3 punten.") + 1
    stay = said.index(
        "Het spel is voorbij; logboek, herhaal en stand werken hier nog, en weg brengt je terug naar de lobby."
    )
    assert "Je kijkt niet meer aan tafel 1; je bent in de lobby." in said[stay + 1 :]
    game = said[start:stay]
    queries = ("hand", "instellingen uitgebreid")  # her own lines and their answers
    game = [
        x for x in game if x not in queries and not x.startswith(("Een kijker heeft geen hand", "Tijdens het kijken"))
    ]
    assert dutch.count("Tijdens het kijken") == 1  # settings changed nothing: still terse, said once
    nl = Language("nl")
    public = redact_all(log, None)
    people = frozenset({"Ann", "Bea"})
    terse = set(Narrator(viewer=None, verbosity="terse", lang=nl, people=people).sentences(public))
    verbose = set(Narrator(viewer=None, verbosity="verbose", lang=nl, people=people).sentences(public))
    assert len(game) > 50 and set(game) <= terse, sorted(set(game) - terse)[:5]
    assert "Het spel is afgelopen." in game and "Game over." not in dutch
    assert not set(game) & (verbose - terse)  # (the draws a verbose watcher hears)
    assert rp.leaks(dutch, rp.private_sentences(log, None, nl)) == []
