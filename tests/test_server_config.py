"""The operator's file of a server (a11y_dominion/server/config.py): defaults when it is absent,
every key read, and each refusal one sentence naming the file, the line, the key and what it
allows, in English and Dutch; the server refuses to start with exit code 2."""

from __future__ import annotations

import io
import ipaddress
import textwrap

import pytest

from a11y_dominion.i18n import Language
from a11y_dominion.server.config import (
    EXIT_BAD_CONFIG,
    ConfigError,
    ServerConfig,
    config_or_exit,
    defaults,
    parse_config,
    read_config,
)

FULL = textwrap.dedent(
    """\
    [server]
    name = "Dominion at Example"          # said in the welcome line
    motd = "Be kind. Games are kept 90 days."
    max_sessions = 400
    max_tables = 150
    tables_per_account = 3
    table_expires_days = 14
    after_game_minutes = 5

    [signup]
    open = false
    methods = ["key"]
    per_address_per_hour = 5

    [ban]
    names = ["Mallory"]
    addresses = ["203.0.113.7", "198.51.100.0/24", "2001:db8::/32"]

    [moderators]
    names = ["Ann", "Bea"]

    [limits]
    connections_per_minute_per_address = 30
    lines_per_second = 10
    chat_lines = 4
    chat_seconds_per_line = 2

    [bots]
    quick_workers = 2
    think_workers = 1
    hard_think_ms = 500

    [storage]
    syncer_ms = 0
    logins_kept_days = 7
    """
)


def test_the_design_s_example_is_read_whole():
    config = parse_config(FULL, "server.toml")
    assert config.server.name == "Dominion at Example"
    assert config.server.motd == "Be kind. Games are kept 90 days."
    assert (config.server.max_sessions, config.server.max_tables) == (400, 150)
    assert config.server.after_game_minutes == 5
    assert (config.signup.open, config.signup.methods, config.signup.per_address_per_hour) == (False, ("key",), 5)
    assert config.ban.names == ("Mallory",)
    assert config.ban.addresses == (
        ipaddress.ip_network("203.0.113.7/32"),
        ipaddress.ip_network("198.51.100.0/24"),
        ipaddress.ip_network("2001:db8::/32"),
    )
    assert config.moderators.names == ("Ann", "Bea")
    assert config.limits.connections_per_minute_per_address == 30
    assert (config.limits.lines_per_second, config.limits.chat_lines, config.limits.chat_seconds_per_line) == (10, 4, 2)
    assert (config.bots.quick_workers, config.bots.think_workers, config.bots.hard_think_ms) == (2, 1, 500)
    assert (config.storage.syncer_ms, config.storage.logins_kept_days) == (0, 7)


def test_no_file_and_an_empty_file_give_the_defaults(tmp_path):
    assert read_config(tmp_path) == ServerConfig()
    (tmp_path / "server.toml").write_text("# nothing set yet\n", encoding="utf-8")
    assert read_config(tmp_path) == ServerConfig()
    assert defaults()["server"]["max_sessions"] == 400
    assert defaults()["limits"] == {
        "connections_per_minute_per_address": 20,
        "lines_per_second": 20,
        "chat_lines": 5,
        "chat_seconds_per_line": 3,
    }
    assert defaults()["signup"]["methods"] == ("key", "password")


def test_a_section_given_in_part_keeps_the_other_defaults():
    config = parse_config("[limits]\nchat_lines = 9\n", "server.toml")
    assert config.limits.chat_lines == 9
    assert config.limits.lines_per_second == 20
    assert config.server == ServerConfig().server


def test_bans_and_moderators_in_any_case_and_banned_addresses():
    config = parse_config(FULL, "server.toml")
    assert config.is_banned_name("MALLORY") and config.is_banned_name("mallory")
    assert not config.is_banned_name("Ann")
    assert config.is_moderator("bea") and not config.is_moderator("Mallory")
    assert config.is_banned_address("203.0.113.7")
    assert config.is_banned_address("198.51.100.200")
    assert config.is_banned_address("::ffff:198.51.100.9")  # IPv4 written as IPv6
    assert config.is_banned_address("2001:db8::1%eth0")
    assert not config.is_banned_address("203.0.113.8")
    assert not config.is_banned_address("not an address")


REFUSALS = [
    (
        "[server]\nmax_session = 3\n",
        "server.toml, line 2: 'max_session' is not a key of [server]; its keys are name, motd, max_sessions, "
        "max_tables, tables_per_account, table_expires_days, after_game_minutes.",
        "server.toml, regel 2: 'max_session' is geen sleutel van [server]; de sleutels zijn name, motd, "
        "max_sessions, max_tables, tables_per_account, table_expires_days, after_game_minutes.",
    ),
    (
        '[server]\nname = "x"\n\n[severs]\nname = 1\n',
        "server.toml, line 4: 'severs' is not a section of the server's file; its sections are [server], "
        "[signup], [ban], [moderators], [limits], [bots], [storage].",
        "server.toml, regel 4: 'severs' is geen sectie van het bestand van de server; de secties zijn [server], "
        "[signup], [ban], [moderators], [limits], [bots], [storage].",
    ),
    (
        '[server]\nname = "x"\nmax_sessions = "400"\n',
        "server.toml, line 3: max_sessions in [server] must be a whole number from 1 to 100000, not text.",
        "server.toml, regel 3: max_sessions in [server] moet een heel getal van 1 tot 100000 zijn, niet tekst.",
    ),
    (
        "[server]\nmax_sessions = 0\n",
        "server.toml, line 2: max_sessions in [server] must be a whole number from 1 to 100000, not 0.",
        "server.toml, regel 2: max_sessions in [server] moet een heel getal van 1 tot 100000 zijn, niet 0.",
    ),
    (
        "[server]\nafter_game_minutes = -1\n",
        "server.toml, line 2: after_game_minutes in [server] must be a whole number from 0 to 1440, not -1.",
        "server.toml, regel 2: after_game_minutes in [server] moet een heel getal van 0 tot 1440 zijn, niet -1.",
    ),
    (
        "[limits]\nlines_per_second = 2.5\n",
        "server.toml, line 2: lines_per_second in [limits] must be a whole number from 1 to 1000, not 2.5.",
        "server.toml, regel 2: lines_per_second in [limits] moet een heel getal van 1 tot 1000 zijn, niet 2.5.",
    ),
    (
        "[bots]\nquick_workers = true\n",
        "server.toml, line 2: quick_workers in [bots] must be a whole number from 1 to 64, not true or false.",
        "server.toml, regel 2: quick_workers in [bots] moet een heel getal van 1 tot 64 zijn, niet true of false.",
    ),
    (
        '[signup]\nopen = "yes"\n',
        "server.toml, line 2: open in [signup] must be true or false, not text.",
        "server.toml, regel 2: open in [signup] moet true of false zijn, niet tekst.",
    ),
    (
        '[signup]\nmethods = ["key", "carrier pigeon"]\n',
        'server.toml, line 2: methods in [signup] must be a list of "key", "password" or both, '
        'such as ["key", "password"].',
        'server.toml, regel 2: methods in [signup] moet een lijst van "key", "password" of beide zijn, '
        'zoals ["key", "password"].',
    ),
    (
        '[server]\nmotd = "Hello\\u001b[2J"\n',
        "server.toml, line 2: motd in [server] must be one line of text of at most 1000 characters, "
        "without control characters.",
        "server.toml, regel 2: motd in [server] moet één regel tekst van hoogstens 1000 tekens zijn, "
        "zonder stuurtekens.",
    ),
    (
        '[ban]\nnames = [\n  "Mallory",\n  "Eve Lee",\n]\n',
        "server.toml, line 4: names in [ban] must be a list of account names; 'Eve Lee' is none: a name has "
        "2 to 20 characters, without spaces, commas, colons or control characters.",
        "server.toml, regel 4: names in [ban] moet een lijst van accountnamen zijn; 'Eve Lee' is er geen: "
        "een naam heeft 2 tot 20 tekens, zonder spaties, komma's, dubbele punten of stuurtekens.",
    ),
    (
        '[moderators]\nnames = "Ann"\n',
        'server.toml, line 2: names in [moderators] must be a list of account names, such as ["Ann", "Bea"].',
        'server.toml, regel 2: names in [moderators] moet een lijst van accountnamen zijn, zoals ["Ann", "Bea"].',
    ),
    (
        '[ban]\naddresses = ["203.0.113.7",\n  "203.0.113.300"]\n',
        "server.toml, line 3: addresses in [ban] must be a list of addresses and networks; '203.0.113.300' is "
        "none: write one such as 203.0.113.7, 2001:db8::1 or 198.51.100.0/24.",
        "server.toml, regel 3: addresses in [ban] moet een lijst van adressen en netwerken zijn; "
        "'203.0.113.300' is er geen: schrijf er een zoals 203.0.113.7, 2001:db8::1 of 198.51.100.0/24.",
    ),
    (
        '[server]\nname = ""\n',
        "server.toml, line 2: name in [server] must be one line of text of 1 to 100 characters, "
        "without control characters.",
        "server.toml, regel 2: name in [server] moet één regel tekst van 1 tot 100 tekens zijn, zonder stuurtekens.",
    ),
    (
        "server = 3\n",
        "server.toml, line 1: server must be a section, [server], not a number.",
        "server.toml, regel 1: server moet een sectie zijn, [server], niet een getal.",
    ),
    (
        '[server]\nname = "Dominion\n',
        "server.toml, line 2: this is not TOML (Illegal character: a line break); the server's file is TOML, "
        'such as [server] on one line and name = "Dominion at Example" on the next.',
        "server.toml, regel 2: dit is geen TOML (Illegal character: a line break); het bestand van de server is "
        'TOML, zoals [server] op de ene regel en name = "Dominion at Example" op de volgende.',
    ),
]


@pytest.mark.parametrize("text, english, dutch", REFUSALS)
def test_each_refusal_is_one_sentence_with_its_line(text, english, dutch):
    with pytest.raises(ConfigError) as caught:
        parse_config(text, "server.toml")
    assert caught.value.args[0] == english
    assert Language("nl").msg(caught.value.args[0]) == dutch


def test_the_same_key_in_two_sections_is_found_in_its_own():
    text = '[moderators]\nnames = ["Ann"]\n\n[ban]\nnames = ["Bad Name"]\n'
    with pytest.raises(ConfigError) as caught:
        parse_config(text, "server.toml")
    assert caught.value.args[0].startswith("server.toml, line 5: names in [ban] must be")


def test_a_file_that_cannot_be_read_is_one_sentence(tmp_path):
    (tmp_path / "server.toml").write_bytes(b'[server]\nname = "\xff"\n')
    with pytest.raises(ConfigError) as caught:
        read_config(tmp_path)
    assert caught.value.args[0] == f"{tmp_path / 'server.toml'} is not a text file in UTF-8."
    (tmp_path / "server.toml").unlink()
    (tmp_path / "server.toml").mkdir()
    with pytest.raises(ConfigError) as caught:
        read_config(tmp_path)
    assert caught.value.args[0] == f"{tmp_path / 'server.toml'} is not a regular file."


def test_a_refused_file_stops_the_start_with_exit_code_2_and_one_line(tmp_path):
    (tmp_path / "server.toml").write_text("[limits]\nchat_lines = 0\n", encoding="utf-8")
    err = io.StringIO()
    with pytest.raises(SystemExit) as stopped:
        config_or_exit(tmp_path, Language("nl"), err)
    assert stopped.value.code == EXIT_BAD_CONFIG == 2
    assert err.getvalue() == (
        f"{tmp_path / 'server.toml'}, regel 2: chat_lines in [limits] moet een heel getal van 1 tot 100 zijn, niet 0.\n"
    )


def test_a_good_file_starts(tmp_path):
    (tmp_path / "server.toml").write_text(FULL, encoding="utf-8")
    err = io.StringIO()
    assert config_or_exit(tmp_path, Language("en"), err) == parse_config(FULL, "server.toml")
    assert err.getvalue() == ""


def test_the_operators_page_shows_every_key_with_its_default():
    from pathlib import Path

    import tomllib

    page = (Path(__file__).resolve().parent.parent / "docs" / "server.md").read_text(encoding="utf-8")
    lines = page.splitlines()
    start = lines.index("    [server]")
    end = lines.index("    logins_kept_days = 30", start)
    example = "\n".join(line[4:] for line in lines[start : end + 1]) + "\n"
    config = parse_config(example, "server.toml")
    assert config.ban.names == ("Mallory",) and config.moderators.names == ("Ann",)
    written = tomllib.loads(example)
    given_by_the_machine = {("bots", "quick_workers"), ("bots", "think_workers")}  # (None: from the processors)
    no_longer_read = {("storage", "syncer_ms")}  # (a file that names it still loads)
    lists_of_names = {("ban", "names"), ("ban", "addresses"), ("moderators", "names")}  # (empty by default)
    headings = "\n".join(line for line in lines if line.startswith("### "))
    items = "\n".join(line.split(":")[0] for line in lines if line.startswith("- "))  # (what each item explains)
    for section, keys in defaults().items():
        assert f"[{section}]" in headings, section
        for key, default in keys.items():
            assert f"`{key}`" in items, key
            if (section, key) in given_by_the_machine | no_longer_read:
                assert key not in written[section]
            elif (section, key) in lists_of_names:
                assert default == ()
            else:
                assert written[section][key] == (list(default) if isinstance(default, tuple) else default), key


def test_the_operators_page_runs_the_server_as_a_service_on_linux_windows_and_macos():
    """Each system's way to start the server with the machine gives the same options: the
    systemd unit's ``ExecStart``, the Windows lines and the macOS launchd file, which is a
    property list that parses, runs as an account of its own with the files its own only, and
    starts again after a fault only."""
    import plistlib
    import shlex
    from pathlib import Path

    page = (Path(__file__).resolve().parent.parent / "docs" / "server.md").read_text(encoding="utf-8")
    lines = page.splitlines()
    headings = [line for line in lines if line.startswith("## ")]
    assert {"## Running it as a service on Linux", "## Running it on Windows"} <= set(headings)
    assert "## Running it as a service on macOS" in headings
    exec_start = next(line.strip() for line in lines if line.strip().startswith("ExecStart="))
    linux = shlex.split(exec_start.removeprefix("ExecStart="))
    assert linux[1:] == ["server", "--data", "/var/lib/dominion/server", "--listen", "0.0.0.0", "--port", "2222"]
    start = lines.index('    <?xml version="1.0" encoding="UTF-8"?>')
    end = lines.index("    </plist>", start)
    job = plistlib.loads("\n".join(line[4:] for line in lines[start : end + 1]).encode("utf-8"))
    program = job["ProgramArguments"]
    assert program[0].endswith("/venv/bin/a11y-dominion") and program[1:3] == ["server", "--data"]
    assert program[4:] == linux[4:]  # (the same address and port)
    assert job["UserName"] != "root" and job["Umask"] == 0o077
    assert job["RunAtLoad"] is True and job["KeepAlive"] == {"SuccessfulExit": False}
    data = program[3]
    assert not job["StandardOutPath"].startswith(data + "/") and not job["StandardErrorPath"].startswith(data + "/")
    label = job["Label"]
    for action in ("bootstrap system /Library/LaunchDaemons/" + label + ".plist", "bootout system/" + label):
        assert f"sudo launchctl {action}" in page, action
    assert f"sudo launchctl kill SIGHUP system/{label}" in page
