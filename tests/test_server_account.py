"""The ``account`` commands of the server's lobby without SSH, on a real database, in English and
Dutch: a key added from its public line and removed by its number (never the last way to log
in), a password changed after the one the account has (asked, none of it echoed: the session's
hidden question), set for an account of keys only, and each refusal in one sentence."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from a11y_dominion.server.config import ServerConfig
from a11y_dominion.server.hasher import Hasher
from a11y_dominion.server.limits import Rates
from a11y_dominion.server.lobby import Lobby, Person, public_key_of
from a11y_dominion.server.store import Store
from test_server_login import quick_kdf

KEY = (b"\x00\x00\x00\x0bssh-ed25519" + bytes(range(32)), "SHA256:abcdefghijklmnop4kPq9w")


class Asking:
    """A session that answers the lobby's questions from ``answers``, noting each question and
    whether it was hidden."""

    def __init__(self, answers: list[str | None]) -> None:
        self.answers = list(answers)
        self.asked: list[tuple[str, bool]] = []

    async def ask(self, text: str, hidden: bool = False) -> str | None:
        self.asked.append((text, hidden))
        return self.answers.pop(0)


def public_line() -> str:
    """The OpenSSH public line of a new ed25519 key: "ssh-ed25519 AAAA... ann@home"."""
    import asyncssh

    key = asyncssh.generate_private_key("ssh-ed25519", comment="ann@home")
    return bytes(key.export_public_key()).decode().strip()


@pytest.fixture
def store(tmp_path: Path):
    s = Store.open(tmp_path / "server.sqlite3", now=lambda: "2026-12-06T08:00:00Z")
    yield s
    s.close()


def lobby_of(store: Store) -> Lobby:
    lobby = Lobby(store, Rates(ServerConfig()))
    lobby.hasher = Hasher(kdf=quick_kdf)
    return lobby


def test_a_key_is_added_from_its_public_line_and_removed_but_never_the_last_way_in(store, tmp_path) -> None:
    line = public_line()
    assert line.startswith("ssh-ed25519 AAAA") and line.endswith(" ann@home")
    data, fingerprint = public_key_of(line)  # type: ignore[misc]
    assert fingerprint.startswith("SHA256:") and public_key_of(line.split()[1]) is None

    async def main() -> list[str]:
        account = await store.add_account("Ann", key=KEY)
        lobby = lobby_of(store)
        heard: list[str] = []
        ann = Person(account.id, "Ann", heard.append, {"language": "en"}, created=account.created)
        lobby.enter(ann)
        await lobby.typed(ann, "account key remove 1")  # the only way in
        await lobby.typed(ann, "account key add ssh-ed25519 AAAAnotakey ann@home")
        await lobby.typed(ann, f"account key add {line}")
        await lobby.typed(ann, f"account key add {line}")  # (this account has it already)
        await lobby.typed(ann, "account")
        await lobby.typed(ann, "account key remove 3")
        await lobby.typed(ann, "account key remove 1")
        await lobby.typed(ann, "account")
        ann.settings["language"] = "nl"
        await lobby.typed(ann, "account sleutel weg 1")
        await lobby.typed(ann, "account sleutels")
        assert [k.public_data for k in await store.keys(account.id)] == [data]
        return heard

    heard = asyncio.run(main())
    assert heard == [
        "That key is the only way to log in to your account; add another key, or a password with account "
        "password, first.",
        "That is no SSH public key; type account key add and the one line of your .pub file, such as "
        "ssh-ed25519 AAAA... ann@home.",
        f"The key {fingerprint} logs in to your account now.",
        "This SSH key already logs in to an account; each key belongs to one account.",
        "Account Ann, made 2026-12-06; it logs in with 2 SSH keys.",
        "Key 1: SHA256:abcdefghijklmnop4kPq9w, added 2026-12-06.",
        f"Key 2: {fingerprint}, added 2026-12-06.",
        "Type account key remove and a key's number, from 1 to 2.",
        "Key 1, SHA256:abcdefghijklmnop4kPq9w, no longer logs in to your account.",
        "Account Ann, made 2026-12-06; it logs in with 1 SSH key.",
        f"Key 1: {fingerprint}, added 2026-12-06.",
        "Die sleutel is de enige manier om in te loggen op je account; voeg eerst een andere sleutel toe, of een "
        "wachtwoord met account wachtwoord.",
        "Typ account, of account sleutel erbij en je publieke sleutel, account sleutel weg N, of account wachtwoord.",
    ]


def test_a_password_is_changed_after_the_one_it_has_and_set_for_an_account_of_keys(store) -> None:
    async def main() -> tuple[list[str], list[Asking]]:
        hasher = Hasher(kdf=quick_kdf)
        account = await store.add_account("Ann", password=await hasher.hash("first password"), key=KEY)
        lobby = lobby_of(store)
        heard: list[str] = []
        sessions = [
            Asking(["wrong password"]),
            Asking(["first password", "short"]),
            Asking(["first password", "second password", "other password"]),
            Asking(["first password", "second password", "second password"]),
            Asking([None]),  # Ctrl+D: nothing changes, nothing said
        ]
        for session in sessions:
            ann = Person(account.id, "Ann", heard.append, has_password=True, session=session)
            await lobby.typed(ann, "account password")
        kept = await store.account_by_id(account.id)
        assert await hasher.verify("second password", kept.password)
        cid = await store.add_account("Cid", key=(KEY[0] + b"2", "SHA256:other"))
        cid_session = Asking(["cid password 1", "cid password 1"])
        cid_heard: list[str] = []
        cid_person = Person(cid.id, "Cid", cid_heard.append, {"language": "nl"}, session=cid_session)
        lobby.enter(cid_person)
        await lobby.typed(cid_person, "account wachtwoord")
        assert cid_person.has_password
        assert await hasher.verify("cid password 1", (await store.account_by_id(cid.id)).password)
        heard.extend(cid_heard)
        return heard, [*sessions, cid_session]

    heard, sessions = asyncio.run(main())
    assert heard == [
        "That is not your password; nothing changed.",
        "That password is too easy to guess: use at least 10 characters.",
        "The two passwords differ; nothing changed.",
        "Your password is changed.",
        "Je account logt nu ook in met dit wachtwoord.",
    ]
    assert sessions[3].asked == [
        ("Type the password you have now:", True),
        ("Type the new password, at least 10 characters:", True),
        ("Type it again to be sure:", True),
    ]
    assert sessions[-1].asked == [
        ("Typ het nieuwe wachtwoord, minstens 10 tekens:", True),
        ("Typ het nog eens om zeker te zijn:", True),
    ]
