"""A hosted game brought back with ``host --resume`` is the game the seats left, not a new one.

A seat's language and verbosity, read from the client's environment or asked at its first
login, are kept with the game's autosave (in the header's seat list, or on a ``seat`` line
once the header is written), so the resumed host narrates to the seat so and asks nothing;
an autosave without them still resumes. After the resume each seat's first login is a return,
for a plain ``ssh`` seat and a ``join`` seat alike: "Welcome back", then the turn, the hand
and the question, or who must answer (or, when they are not in, that the game waits for them),
each once, and the others hear "Ann is back."; the host prints which game goes on and where.
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import signal
from pathlib import Path

import pytest

from a11y_dominion.autosave import Autosave, read_saved, unlock_game
from a11y_dominion.console import queries as q
from a11y_dominion.i18n import Language
from a11y_dominion.record import RecordError, make_record, replay
from a11y_dominion.rules.game import Game, GameConfig
from a11y_dominion.view import player_view

KINGDOM = ["Village", "Smithy", "Market", "Festival", "Laboratory", "Moat", "Militia", "Cellar", "Workshop", "Mine"]


def new_game(seed: int = 2) -> Game:
    game = Game(GameConfig(["Ann", "Bot"], KINGDOM, [], [], seed))
    game.start()
    return game


def header_and_lines(path: Path) -> tuple:
    lines = [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines()]
    return lines[0], lines[1:]


def test_a_seats_options_go_into_the_header_before_it_is_written_and_on_a_line_after(tmp_path, monkeypatch):
    monkeypatch.setenv("A11Y_DOMINION_DATA", str(tmp_path))
    game = new_game()
    seats = [["Ann", "remote", {"language": "en", "verbosity": "normal"}], ["Bot", "bigmoney"]]
    save = Autosave.create(make_record(game, seats), humans=["Ann"])
    save.seat_options("Ann", {"language": "nl", "verbosity": "terse"})  # Ann's first login, before any answer
    save.seat_options("Nobody", {"language": "nl"})  # no such seat: nothing
    first = game.pending
    game.answer([{"move": "end"}])
    save.answered(game, first.player, game.answers[-1])
    header, rest = header_and_lines(save.path)
    assert header["record"]["seats"] == [
        ["Ann", "remote", {"language": "nl", "verbosity": "terse"}],
        ["Bot", "bigmoney"],
    ]
    assert [list(x) for x in rest] == [["n", "p", "t", "a"]]
    save.seat_options("Ann", {"language": "nl", "verbosity": "terse"})  # the same: no line
    save.seat_options("Ann", {"verbosity": "verbose"})  # settings verbose, later in the game
    second = game.pending
    game.answer([{"move": "end"}])
    save.answered(game, second.player, game.answers[-1])
    save.close()
    _header, rest = header_and_lines(save.path)
    assert rest[1] == {"seat": "Ann", "options": {"language": "nl", "verbosity": "verbose"}}
    assert [x.get("n") for x in rest] == [0, None, 1]
    saved = read_saved(save.path)
    assert not saved.damaged and not saved.torn and len(saved.answers) == 2
    assert saved.record["seats"][0] == ["Ann", "remote", {"language": "nl", "verbosity": "verbose"}]
    # a resumed game goes on appending to the same file, its seat list with the options read back
    again = Autosave.reopen(saved, humans=["Ann"])
    again.seat_options("Ann", {"language": "en"})
    again.close()
    assert read_saved(save.path).record["seats"][0] == ["Ann", "remote", {"language": "en", "verbosity": "verbose"}]


def test_a_hosted_seats_chosen_settings_are_kept_by_the_games_autosave(tmp_path, monkeypatch):
    from a11y_dominion.cli import _host_autosave
    from a11y_dominion.remote import GameHost
    from a11y_dominion.seats import parse_seats

    monkeypatch.setenv("A11Y_DOMINION_DATA", str(tmp_path))
    seats = parse_seats("Ann:remote,Bot:bigmoney", remote=True)
    host = GameHost(new_game(), seats, 2, Language("en"), out=[].append)
    save = _host_autosave(host, seats, None, "en", "normal")
    ann = host.people["Ann"]
    ann.settings(language="nl", verbosity="terse")  # her first login: SetEnv, or her answers
    save.keep()  # (the header goes out with the first answer)
    header, rest = header_and_lines(save.path)
    assert header["record"]["seats"][0] == ["Ann", "remote", {"language": "nl", "verbosity": "terse"}]
    assert rest == []
    from seatsathost import SeatAt, settled

    async def typed() -> None:
        at = SeatAt(host, "Ann")
        at.start()
        await settled()
        await at.typed("settings verbose")  # typed during the game
        await at.typed("settings nl")  # nothing changes: no line
        assert at.task is not None
        at.task.cancel()

    asyncio.run(typed())
    save.close()
    assert header_and_lines(save.path)[1] == [{"seat": "Ann", "options": {"language": "nl", "verbosity": "verbose"}}]


def test_host_resume_reads_the_seats_options_and_a_file_without_them(tmp_path, monkeypatch):
    from a11y_dominion.cli import _hosted_game

    monkeypatch.setenv("A11Y_DOMINION_DATA", str(tmp_path))
    for seat, language, verbosity in (
        (["Ann", "remote", {"language": "nl", "verbosity": "terse"}], "nl", "terse"),
        (["Ann", "remote"], None, None),  # an autosave of before the seats' options: asked again at login
    ):
        game = new_game()
        save = Autosave.create(make_record(game, [seat, ["Bot", "bigmoney"]]), humans=["Ann"])
        first = game.pending
        game.answer([{"move": "end"}])
        save.answered(game, first.player, game.answers[-1])
        save.close()
        saved, resumed, seats = _hosted_game(save.id)
        assert [(s.name, s.kind, s.language, s.verbosity) for s in seats] == [
            ("Ann", "remote", language, verbosity),
            ("Bot", "bigmoney", None, None),
        ]
        assert len(resumed.answers) == 1
        unlock_game(saved.path, finished=False)
        saved.path.unlink()


def test_the_hosts_line_names_the_game_and_where_it_goes_on(tmp_path, monkeypatch):
    from a11y_dominion.remote import GameHost
    from a11y_dominion.seats import SeatSpec

    printed: list = []
    game = new_game()
    host = GameHost(
        game, [SeatSpec("Ann", "remote", "nl"), SeatSpec("Bot", "bigmoney")], 2, Language("en"), out=printed.append
    )
    host.resume("2026-01-02T03:04:05")
    assert printed == [
        "Resumed the game of 2026-01-02 03:04:05. Ann's turn 1, Action phase: 1 Action, 1 Buy, 0 coins. "
        "Ann must answer now."
    ]
    assert host.everyone_in.is_set() and host.heard == {"Ann": (0, host.table.told.get("Ann", 0))}


@pytest.mark.parametrize(
    "lang, resumed, back, waits",
    [
        (
            "en",
            "Resumed the game of 2026-01-02 03:04:05.",
            "Welcome back, Carl. The game goes on.",
            "The game waits for Ann to come back.",
        ),
        (
            "nl",
            "Verder met het spel van 2026-01-02 03:04:05.",
            "Welkom terug, Carl. Het spel gaat verder.",
            "Het spel wacht tot Ann terugkomt.",
        ),
    ],
)
def test_with_the_hosts_own_player_the_host_s_screen_says_the_turn_once(lang, resumed, back, waits):
    """Carl plays at the host: the host's screen is his, so the resumed line names the game
    alone, and his own welcome back says the turn, his hand and, Ann not back yet, that the game
    waits for her, each once (not "Ann must answer now." before it)."""
    from a11y_dominion.remote import GameHost
    from a11y_dominion.seats import SeatSpec
    from seatsathost import SeatAt, settled, shown

    game = Game(GameConfig(["Ann", "Carl"], KINGDOM, [], [], 2))
    game.start()
    printed: list = []
    specs = [SeatSpec("Ann", "remote", lang), SeatSpec("Carl", "human", lang)]
    host = GameHost(game, specs, 2, Language(lang), out=printed.append)
    host.table.replace_game(game)  # as host --resume brings it back (cli._host_autosave)
    host.recall_story()
    host.resume("2026-01-02T03:04:05")
    assert printed == [resumed]

    async def main() -> list[str]:
        carl = SeatAt(host, "Carl")
        carl.start()
        await settled()
        assert carl.task is not None
        carl.task.cancel()
        return shown(carl.lines, "Carl")

    screen = [*printed, *asyncio.run(main())]
    turn = q.turn_line(player_view(game, "Carl"), None, Language(lang))
    hand = q.hand_lines(player_view(game, "Carl"), True, Language(lang))
    assert screen[0] == resumed and screen[screen.index(back) :] == [back, turn, *hand, waits], screen
    assert screen.count(turn) == 1 and screen.count(waits) == 1, screen


def test_a_login_before_the_resumed_table_asks_hears_its_turn_hand_and_question_once():
    """The host's own player logs in as the host starts, before the resumed table asks its
    question: welcome back, where the turn stands and the hand, then the question, once, as the
    table asks it (its prompt and the hand not again)."""
    import asyncio

    from a11y_dominion.remote import GameHost
    from a11y_dominion.seats import SeatSpec
    from seatsathost import SeatAt, settled, shown

    game = new_game()
    host = GameHost(
        game, [SeatSpec("Ann", "remote", "en"), SeatSpec("Bot", "bigmoney")], 2, Language("en"), out=[].append
    )
    host.table.replace_game(game)  # as host --resume brings it back (cli._host_autosave)
    host.recall_story()
    host.resume("2026-01-02T03:04:05")
    ann = host.people["Ann"]

    async def main() -> list[str]:
        at = SeatAt(host, "Ann")
        at.start()
        await settled()
        assert shown(at.lines, "Ann") == [
            "Welcome back, Ann. The game goes on.",
            "Your turn 1, Action phase: 1 Action, 1 Buy, 0 coins.",
            "Your hand, 5 cards: 4 Coppers and Estate.",
        ]
        table = asyncio.ensure_future(host.table.run_async())
        while ann.waiting is None:
            await asyncio.sleep(0)
        await settled()
        table.cancel()
        assert at.task is not None
        at.task.cancel()
        return shown(at.lines, "Ann")

    assert asyncio.run(main()) == [
        "Welcome back, Ann. The game goes on.",
        "Your turn 1, Action phase: 1 Action, 1 Buy, 0 coins.",
        "Your hand, 5 cards: 4 Coppers and Estate.",
        "1. play Copper",
        "2. play treasures",
        "3 or 4: buy, once your Treasures are played.",
        "5. end the Action phase",
    ]


# ---------------------------------------------------------------------------- end to end
SEED = 3
DUTCH_TERSE = ["-o", "SetEnv=A11Y_DOMINION_LANG=nl A11Y_DOMINION_VERBOSITY=terse"]


def _ssh(rp, data: dict, user: str, options: list, log: Path):
    import pexpect

    child = pexpect.spawn(
        "ssh",
        rp.CLIENT_OPTIONS + options + ["-p", str(data["port"]), f"{user}@{data['host']}"],
        timeout=rp.TIMEOUT,
        dimensions=(50, 200),
    )
    child.logfile_read = open(log, "wb")  # noqa: SIM115 - closed by close_seat
    child.expect(b"assword:")
    child.sendline(data["seats"][user]["password"].encode())
    return child


def _resumed_host(rp, tmp_path: Path, *extra: str):
    seats_file, record = tmp_path / "seats-again.json", tmp_path / "record-again.json"
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path / "data"), PYTHONPATH=str(rp.ROOT))
    args = ["host", "--resume", "--port", "0", "--after-game", "0", "--seats-file", str(seats_file), *extra]
    proc = rp.start_host(list(rp.PROGRAM) + args + ["--record-file", str(record)], seats_file, env)
    return rp.Host(json.loads(seats_file.read_text()), proc, record)


def _after(lines: list, first: str) -> list:
    assert lines.count(first) == 1, lines
    return lines[lines.index(first) :]


@pytest.mark.e2e
@pytest.mark.posix
# (signal.SIGKILL is POSIX's: read by name, so that the module imports on Windows, where the test is skipped)
@pytest.mark.parametrize("stop", ["SIGKILL", "SIGTERM"], ids=["kill-9", "kill-TERM"])
def test_after_host_resume_each_seat_comes_back_in_its_own_language_to_where_it_was(tmp_path, stop):
    pytest.importorskip("pexpect")
    pytest.importorskip("asyncssh")
    if shutil.which("ssh") is None:
        pytest.skip("the OpenSSH client ssh is not installed")
    import remoteplay as rp
    from test_seat_story import Reader, play_until

    nl = Language("nl")
    with rp.hosted(tmp_path, "Bea:remote,Ann:remote,Bot:bigmoney", seed=SEED) as host:
        ann = Reader(_ssh(rp, host.data, "Ann", DUTCH_TERSE, tmp_path / "ann.log"))
        ann.until(r"^Welkom, Ann\.")
        bea = Reader(rp.join_program(host, tmp_path, "Bea"))
        bea.until(r"every seat is taken\. The game starts\.")
        assert play_until(bea, "Bea", r"^Ann's turn 1\.$")[0] == "play treasures"
        ann.prompt("Ann")  # Ann's Action phase, in Dutch
        heard_before = rp.lines_of(ann.all())
        (path,) = list((tmp_path / "data").rglob("games/*.jsonl"))
        host.proc.send_signal(getattr(signal, stop))
        host.proc.wait(20)
        ann.end()
        rp.close_seat(ann.child)
        bea.child.kill(signal.SIGKILL)
        bea.child.wait()
    saved = read_saved(path)
    assert saved.record["seats"][1] == ["Ann", "remote", {"language": "nl", "verbosity": "terse"}]
    game = replay(saved.full_record())
    assert (game.pending.player, game.current.name) == ("Ann", "Ann")

    again = _resumed_host(rp, tmp_path)
    try:
        assert again.data["seats"]["Ann"]["password"] == host.data["seats"]["Ann"]["password"]
        bea = Reader(rp.join_program(again, tmp_path, "Bea"))
        bea.until(r"^The game waits for Ann to come back\.$")  # Ann not back yet: that, in one sentence
        hand = q.hand_lines(player_view(game, "Bea"), True, Language("en"))
        assert _after(rp.lines_of(bea.all()), "Welcome back, Bea. The game goes on.") == [
            "Welcome back, Bea. The game goes on.",
            "Ann's turn 1, Action phase: 1 Action, 1 Buy, 0 coins.",
            *hand,
            "The game waits for Ann to come back.",
        ]
        ann = Reader(_ssh(rp, again.data, "Ann", [], tmp_path / "ann2.log"))  # plain ssh: no SetEnv
        back = rp.lines_of(ann.prompt("Ann"))
        back = _after(back, "Welkom terug, Ann. Het spel gaat verder.")
        assert back[:2] == [  # where her turn stands, as Bea hears it
            "Welkom terug, Ann. Het spel gaat verder.",
            "Jouw beurt 1, actiefase: 1 actie, 1 aanschaf, 0 munten.",
        ]
        assert back[2].startswith("Je hand, 5 kaarten: "), back  # (her question says neither again)
        options = back[3:]
        assert options == [  # (the buys summed up until the Treasures are played, as at join)
            "1. speel Koper",
            "2. speel geldkaarten",
            "3 tot en met 6: kopen, zodra je geldkaarten gespeeld zijn.",
            "7. beëindig de actiefase",
        ], options
        assert len(set(back)) == len(back), back  # each said once
        bea.until(r"^Ann is back\.$")
        ann.send("instellingen")
        ann.until(r"^Taal Nederlands, uitgebreidheid beknopt, opties nieuw, tips aan\.$")
        ann.send("log 200")
        ann.until(r"^De laatste \d+ berichten:$")
        logged = rp.lines_of(ann.prompt("Ann"))
        # her history as she left it: what she heard before the host stopped, in Dutch
        spoken = [x for x in heard_before if x.startswith(("Nieuw spel", "Koninkrijk:", "Gebeurtenissen:"))]
        assert spoken and all(x in logged for x in spoken), (spoken, logged)
        printed = again.stopped()
        assert again.game_record()["seats"][1] == ["Ann", "remote", {"language": "nl", "verbosity": "terse"}]
        bea.child.kill(signal.SIGKILL)
        bea.child.wait()
        rp.close_seat(ann.child)
    finally:
        if again.proc.poll() is None:
            again.proc.terminate()
            again.proc.wait(20)
    said = rp.lines_of(printed)
    resumed = [x for x in said if x.startswith("Resumed the game of ")]
    assert resumed == [
        f"Resumed the game of {saved.started.replace('T', ' ')}. Ann's turn 1, Action phase: "
        "1 Action, 1 Buy, 0 coins. Ann must answer now."
    ], said
    for text in (ann.all(), bea.all()):
        assert "Welcome, " not in text and "Welkom, " not in text and "The game starts." not in text
        assert "has joined" not in text and "Kies je taal" not in text
    assert rp.lines_of(bea.all()).count("Ann is back.") == 1
    assert rp.lines_of(bea.all()).count("The game waits for Ann to come back.") == 1
    assert not [x for x in rp.lines_of(bea.all()) if "must answer now" in x]
    # nothing private of the other seat
    log = list(game.log)
    assert not rp.leaks(bea.all(), rp.private_sentences(log, "Bea"))
    assert not rp.leaks(ann.all(), rp.private_sentences(log, "Ann", nl))
    assert not [x for x in rp.lines_of(bea.all()) if x.startswith("Ann's hand")]


def test_an_autosave_with_seat_lines_is_version_2_and_version_1_files_still_load(tmp_path, monkeypatch):
    """The ``seat`` line is a compatible addition: the files that may carry it say version 2,
    so a program that reads only version 1 names the version instead of calling the file
    damaged; a version 1 file (with or without seat lines) still resumes."""
    monkeypatch.setenv("A11Y_DOMINION_DATA", str(tmp_path))
    game = new_game()
    save = Autosave.create(make_record(game, [["Ann", "remote"], ["Bot", "bigmoney"]]), humans=["Ann"])
    first = game.pending
    game.answer([{"move": "end"}])
    save.answered(game, first.player, game.answers[-1])
    save.seat_options("Ann", {"verbosity": "verbose"})
    save.close()
    header, rest = header_and_lines(save.path)
    assert header["version"] == 2 and rest[1] == {"seat": "Ann", "options": {"verbosity": "verbose"}}
    assert read_saved(save.path).record["seats"][0] == ["Ann", "remote", {"verbosity": "verbose"}]
    unlock_game(save.path, finished=False)
    lines = save.path.read_text(encoding="utf-8").splitlines()
    for kept in (lines, lines[:2]):  # version 1 files, as written before and after seat lines came
        old = tmp_path / "20250101-000000.jsonl"
        old.write_text("\n".join([json.dumps(dict(header, version=1)), *kept[1:]]) + "\n", encoding="utf-8")
        saved = read_saved(old)
        assert not saved.damaged and not saved.torn and len(saved.answers) == 1
        assert saved.record["seats"][0][2:] == ([{"verbosity": "verbose"}] if len(kept) > 2 else [])
    newer = tmp_path / "20250101-000001.jsonl"
    newer.write_text(json.dumps(dict(header, version=3)) + "\n", encoding="utf-8")
    with pytest.raises(RecordError) as err:
        read_saved(newer)
    said = err.value.args[0]
    assert Language("en").msg(said) == (
        "The saved game 20250101-000001.jsonl has version 3; this program reads version 1 or 2."
    )
    assert Language("nl").msg(said) == (
        "Het bewaarde spel 20250101-000001.jsonl heeft versie 3; dit programma leest versie 1 of 2."
    )


@pytest.mark.e2e
@pytest.mark.posix
def test_with_bot_after_a_seat_nobody_logged_in_to_since_the_resume_gets_the_bot_after_that_time(tmp_path, monkeypatch):
    """``host --resume --bot-after 1``: a seat whose player has not logged in since the resume is
    away from the resume, as from a drop: after 1 second the medium bot plays for it, and
    the others hear it."""
    pytest.importorskip("pexpect")
    pytest.importorskip("asyncssh")
    if shutil.which("ssh") is None:
        pytest.skip("the OpenSSH client ssh is not installed")
    import remoteplay as rp
    from a11y_dominion.cli import _host_autosave
    from a11y_dominion.remote import GameHost
    from a11y_dominion.seats import parse_seats
    from test_seat_story import Reader

    # the game of the host that stopped: Ann must answer at her first turn
    monkeypatch.setenv("A11Y_DOMINION_DATA", str(tmp_path / "data" / "a11y-dominion"))  # where the host reads it
    seats = parse_seats("Ann:remote,Bea:remote,Bot:bigmoney", remote=True)
    game = Game(GameConfig([s.name for s in seats], KINGDOM, [], [], SEED))
    first = GameHost(game, seats, SEED, Language("en"), out=[].append)
    save = _host_autosave(first, seats, None, "en", "normal")
    save.keep()
    save.close()
    monkeypatch.delenv("A11Y_DOMINION_DATA")
    again = _resumed_host(rp, tmp_path, "--bot-after", "1")
    try:
        bea = Reader(_ssh(rp, again.data, "Bea", list(rp.ENGLISH), tmp_path / "bea.log"))
        bea.until(r"^The game waits for Ann to come back\.$")  # (Ann not in: not "Ann must answer now." too)
        bea.until(r"^Ann has been away for 1 second; the medium bot plays for Ann until Ann comes back\.$")
        bea.until(r"^Bea> ")  # the bot played Ann's turn, and Bot its own: Bea is asked
        printed = again.stopped()
        rp.close_seat(bea.child)
    finally:
        if again.proc.poll() is None:
            again.proc.terminate()
            again.proc.wait(20)
    assert "Ann has been away for 1 second; the medium bot plays for Ann until Ann comes back." in rp.lines_of(printed)


def _known_host_ssh(rp, port: int, user: str, known_hosts: Path, check: str, log: Path):
    """The real OpenSSH client of ``user`` at the loopback ``port``, with its own known hosts
    file: ``check`` ``accept-new`` keeps the host key of a first visit, ``yes`` refuses a key
    (or a port) other than the one kept, as a player's saved ``ssh`` command does."""
    import pexpect

    options = [
        *("-o", f"StrictHostKeyChecking={check}", "-o", f"UserKnownHostsFile={known_hosts}"),
        *("-o", "PubkeyAuthentication=no", "-o", "LogLevel=ERROR", *rp.ENGLISH),
    ]
    child = pexpect.spawn("ssh", [*options, "-p", str(port), f"{user}@127.0.0.1"], timeout=rp.TIMEOUT)
    child.logfile_read = open(log, "wb")  # noqa: SIM115 - closed by close_seat
    return child


@pytest.mark.e2e
@pytest.mark.posix
def test_a_resumed_host_listens_where_it_was_started_with_the_same_host_key(tmp_path):
    """Hosted on a port of its own (0 picks a free one: the port it listens on is kept) with
    --bot-after, killed, and brought back by ``host --resume`` with no --port: it listens on
    that port again, and Ann's ssh, with the host key it kept at her first login and strict
    checking, logs in again as she did (a different port or key would be refused)."""
    pytest.importorskip("pexpect")
    pytest.importorskip("asyncssh")
    if shutil.which("ssh") is None:
        pytest.skip("the OpenSSH client ssh is not installed")
    import remoteplay as rp
    from test_seat_story import Reader

    known = tmp_path / "known_hosts"
    with rp.hosted(tmp_path, "Ann:remote,Bot:bigmoney", seed=SEED, extra=("--bot-after", "600")) as host:
        port, password = host.data["port"], host.data["seats"]["Ann"]["password"]
        child = _known_host_ssh(rp, port, "Ann", known, "accept-new", tmp_path / "ann.log")
        child.expect(b"assword:")
        child.sendline(password.encode())
        ann = Reader(child)
        ann.prompt("Ann")
        ann.send("end")  # an answer: the autosave file is made
        ann.prompt("Ann")
        (path,) = list((tmp_path / "data").rglob("games/*.jsonl"))
        host.proc.send_signal(signal.SIGKILL)
        host.proc.wait(20)
        rp.close_seat(child)
    header = json.loads(path.read_text(encoding="utf-8").splitlines()[0])
    assert header["extra"]["host"] == {
        "listen": "127.0.0.1",
        "port": port,
        "bot_after": 600.0,
        "after_game": 0.0,
        "authorized_keys": None,
    }
    seats_file = tmp_path / "seats-again.json"
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path / "data"), PYTHONPATH=str(rp.ROOT))
    args = ["host", "--resume", "--seats-file", str(seats_file)]  # no --port, --listen, --after-game
    again = rp.Host({}, rp.start_host(list(rp.PROGRAM) + args, seats_file, env), tmp_path / "none.json")
    try:
        data = json.loads(seats_file.read_text())
        assert (data["host"], data["port"]) == ("127.0.0.1", port)
        child = _known_host_ssh(rp, port, "Ann", known, "yes", tmp_path / "ann2.log")
        child.expect(b"assword:")
        child.sendline(password.encode())
        ann = Reader(child)
        ann.until(r"Welcome back, Ann\. The game goes on\.")
        rp.close_seat(child)
        printed = again.stopped()
    finally:
        if again.proc.poll() is None:
            again.proc.terminate()
            again.proc.wait(20)
    assert f"Listening for SSH on 127.0.0.1 port {port}." in rp.lines_of(printed)
