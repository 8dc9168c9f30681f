"""join's connection at a game server sorts what comes into the lobby's inbox and a table's, and
bounds what waits: a seat's ``hello`` opens a table's inbox (said in the lobby's as
``("seat", inbox)``), ``lobby`` ends it, a flood of lines is said with the server's own rate
(200 a second, for the lobby and a table alike), and a server that sends seat after seat
while none is played is read no further past the inbox's bound."""

from __future__ import annotations

import json

from a11y_dominion.console.core import MAX_INBOX_BYTES, Inbox
from a11y_dominion.i18n import Language
from a11y_dominion.remote.joinlink import Link
from a11y_dominion.remote.joinlogin import KnownHosts
from a11y_dominion.remote.lobbyclient import SERVER_LINES_PER_SECOND, ServerInbox


def line(message: dict) -> str:
    return json.dumps(message)


def entries(inbox) -> list:
    out = []
    while (entry := inbox.get_nowait()) is not None:
        kind, item = entry
        out.append((kind, item.get("type") if isinstance(item, dict) else item))
    return out


def test_a_seat_s_messages_go_to_its_own_inbox_until_the_server_says_lobby():
    lobby = ServerInbox()
    lobby.take(line({"type": "hello", "protocol": 2, "seat": "Ann", "players": [], "people": [], "lobby": True}))
    lobby.take(line({"type": "text", "text": "Table 1 starts with 2 players: Ann and Bot 1."}))
    lobby.take(line({"type": "hello", "protocol": 2, "seat": "Ann", "players": ["Ann", "Bot 1"], "people": ["Ann"]}))
    lobby.take(line({"type": "text", "text": "Bot 1 buys Silver."}))
    lobby.take(line({"type": "lobby"}))
    lobby.take(line({"type": "text", "text": "You leave table 1; you are in the lobby."}))
    got = entries(lobby)
    assert [k for k, _ in got] == ["message", "message", "seat", "message"]
    table = got[2][1]
    assert entries(table) == [("message", "hello"), ("message", "text"), ("message", "lobby"), ("closed", None)]


def test_at_a_host_a_hello_and_a_lobby_message_change_no_inbox():
    inbox = Inbox()
    inbox.take(line({"type": "hello", "protocol": 2, "seat": "Ann", "players": ["Ann"], "people": ["Ann"]}))
    inbox.take(line({"type": "lobby"}))
    assert entries(inbox) == [("message", "hello"), ("message", "lobby")]


def test_a_server_s_flood_of_lines_is_said_with_the_server_s_rate_and_a_table_shares_it():
    lobby = ServerInbox(lambda: 7.0)
    lobby.take(line({"type": "hello", "protocol": 2, "seat": "Ann", "players": ["Ann"], "people": ["Ann"]}))
    for n in range(SERVER_LINES_PER_SECOND + 5):
        lobby.take(line({"type": "text", "text": f"Line {n}."}))
    ((_seat, table),) = lobby.queue
    got = [(kind, str(item) if kind == "bad" else item.get("text")) for kind, item in table.queue]
    assert got[1:] == [("message", f"Line {n}.") for n in range(SERVER_LINES_PER_SECOND)] + [
        ("bad", "The host sends too many lines at once: at most 200 a second are shown; the rest were left out.")
    ]


def test_seat_after_seat_is_read_no_further_past_the_inbox_s_bound():
    lobby = ServerInbox()
    text = "x" * 1000
    seats = 0
    while not lobby.is_full():
        lobby.take(line({"type": "hello", "protocol": 2, "seat": "Ann", "players": ["Ann"], "people": ["Ann"]}))
        seats += 1
        for _ in range(50):
            lobby.take(line({"type": "view", "view": {"note": text}}))
        assert seats < 1000
    waiting = sum(e[1].weight for e in lobby.queue if e[0] == "seat")
    assert waiting >= MAX_INBOX_BYTES > waiting - 60 * 1024
    assert 60 < seats < 100


def test_the_player_s_own_keys_open_without_a_passphrase_or_with_the_right_one(tmp_path):
    import asyncssh

    from a11y_dominion.remote.joinlogin import own_keys

    open_key, locked_key = asyncssh.generate_private_key("ssh-ed25519"), asyncssh.generate_private_key("ssh-ed25519")
    open_key.write_private_key(tmp_path / "id_ed25519")
    locked_key.write_private_key(tmp_path / "id_ecdsa", passphrase="open sesame")
    (tmp_path / "id_rsa").write_text("not a key\n")
    files = [tmp_path / "id_ed25519", tmp_path / "id_ecdsa", tmp_path / "id_rsa", tmp_path / "id_ed448"]

    def public(keys: list) -> list:
        return [k.public_data for k in keys]

    keys, locked = own_keys(files=files)  # (the damaged file and the missing one are left out, not asked about)
    assert (public(keys), locked) == ([open_key.public_data], [tmp_path / "id_ecdsa"])
    keys, locked = own_keys("open sesame", [tmp_path / "id_ecdsa"])
    assert (public(keys), locked) == ([locked_key.public_data], [])
    assert own_keys("not it", [tmp_path / "id_ecdsa"]) == ([], [tmp_path / "id_ecdsa"])


def test_the_player_s_own_keys_are_looked_for_in_the_ssh_folder_of_the_home_folder(tmp_path, monkeypatch):
    import asyncssh

    from a11y_dominion.remote.joinlogin import own_keys

    (tmp_path / ".ssh").mkdir()
    key = asyncssh.generate_private_key("ssh-ed25519")
    key.write_private_key(tmp_path / ".ssh" / "id_ed25519")
    (tmp_path / ".ssh" / "id_ecdsa").mkdir()  # (a folder of that name: left out)
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("USERPROFILE", str(tmp_path))  # (the home folder on Windows)
    keys, locked = own_keys()
    assert ([k.public_data for k in keys], locked) == ([key.public_data], [])


def test_no_ssh_agent_answering_gives_no_keys(tmp_path, monkeypatch):
    import asyncio

    from a11y_dominion.remote.joinlogin import agent_keys

    monkeypatch.setenv("SSH_AUTH_SOCK", str(tmp_path / "no-agent.sock"))
    assert asyncio.run(agent_keys()) == (None, [])


def test_a_kept_host_key_is_found_among_lines_that_are_not_keys(tmp_path):
    import asyncssh

    key = asyncssh.generate_private_key("ssh-ed25519").export_public_key().decode().strip()
    path = tmp_path / "known_hosts"
    path.write_text(f"[192.0.2.7]:2222\n# a note\n[192.0.2.7]:2222 not-a-key\n@marker x y\n[192.0.2.7]:2222 {key}\n")
    known = KnownHosts(path)
    assert [k.export_public_key().decode().strip() for k in known.match("192.0.2.7", 2222)[0]] == [key]
    assert known.match("192.0.2.8", 2222)[0] == []
    assert KnownHosts(tmp_path / "none").match("192.0.2.7", 2222)[0] == []


def test_a_host_key_kept_meanwhile_by_another_join_is_trusted_and_another_key_is_refused(tmp_path):
    # two joins of one player start at once: both find no key kept, the first keeps the host's
    # key, and the second, asked about the same key, trusts it instead of calling it changed
    import asyncssh

    host_key = asyncssh.generate_private_key("ssh-ed25519")
    known = KnownHosts(tmp_path / "known_hosts")
    first, second = (Link("127.0.0.1", 2222, name, "secret", known, Language("en")) for name in ("Ann", "Bea"))
    first_client, second_client = first._client()(), second._client()()
    assert first_client.validate_host_public_key("127.0.0.1", "127.0.0.1", 2222, host_key) is True
    assert first.hostkey.first_visit and not first.hostkey.changed
    assert not (tmp_path / "known_hosts").exists()  # kept only once its fingerprint is said
    assert first.tell_key().startswith("First visit to 127.0.0.1 port 2222: its host key, ")
    assert second_client.validate_host_public_key("127.0.0.1", "127.0.0.1", 2222, host_key) is True
    assert not second.hostkey.changed and not second.hostkey.first_visit
    kept = (tmp_path / "known_hosts").read_bytes()
    assert kept.count(b"\n") == 1  # kept once
    other = asyncssh.generate_private_key("ssh-ed25519")
    third = Link("127.0.0.1", 2222, "Carl", "secret", known, Language("en"))
    assert third._client()().validate_host_public_key("127.0.0.1", "127.0.0.1", 2222, other) is False
    assert third.hostkey.changed and (tmp_path / "known_hosts").read_bytes() == kept
