"""The server's login callbacks without SSH: a fake connection, the real database, a quick
key derivation: passwords, sign-up marks, names no account can have, the password rule, the
lock-out by name and address, bans, a full server and the rehash of an old hash. Every banner
is said in English, then in Dutch (the player's language is not known before the login)."""

from __future__ import annotations

import asyncio
import hashlib
import logging

import pytest

from a11y_dominion.server.config import BanSection, ServerConfig, ServerSection, SignupSection
from a11y_dominion.server.hasher import Hasher, hash_password
from a11y_dominion.server.limits import PasswordTries
from a11y_dominion.server.ssh import GameServer, Login
from a11y_dominion.server.store import Store


def quick_kdf(password: bytes, salt: bytes, n: int, r: int, p: int, length: int) -> bytes:
    return hashlib.sha256(password + salt + f"{n},{r},{p}".encode()).digest()[:length]


class Conn:
    def __init__(self, address: str = "192.0.2.5") -> None:
        self.address = address
        self.extra: dict = {}
        self.banners: list = []
        self.closed = False
        self.disconnected: int | None = None  # the disconnect's reason code, once sent

    def get_extra_info(self, name: str, default=None):
        return (self.address, 40000) if name == "peername" else self.extra.get(name, default)

    def set_extra_info(self, **kwargs) -> None:
        self.extra.update(kwargs)

    def send_auth_banner(self, text: str) -> None:
        self.banners.append(text)

    def close(self) -> None:
        self.closed = True

    def disconnect(self, code: int, reason: str) -> None:
        self.disconnected = code


class Key:
    def __init__(self, data: bytes) -> None:
        self.public_data = data


@pytest.fixture
def store(tmp_path):
    s = Store.open(tmp_path / "server.sqlite3")
    yield s
    s.close()


def server_of(store, tmp_path, config: ServerConfig | None = None) -> GameServer:
    server = GameServer(config or ServerConfig(), store, tmp_path, Hasher(kdf=quick_kdf))
    waits: list = []

    async def sleep(seconds: float) -> None:
        waits.append(seconds)

    server.rates.logins = PasswordTries(sleep=sleep)
    server.waits = waits  # type: ignore[attr-defined]
    return server


def both(english: str, dutch: str) -> str:
    """A banner: the English line, then the Dutch one."""
    return english + "\r\n" + dutch + "\r\n"


async def attempt(
    server: GameServer, user: str, password: str | None = None, key: Key | None = None, address: str = "192.0.2.5"
):
    login = Login(server)
    conn = Conn(address)
    login.connection_made(conn)
    await login.begin_auth(user)
    if key is not None:
        ok = await login.validate_public_key(user, key)
    else:
        ok = await login.validate_password(user, password or "")
    login.connection_lost(None)
    return ok, conn


WRONG = both(
    "Wrong user name or password. Log in with your account's name as the user and its password, or with its SSH key.",
    "Verkeerde gebruikersnaam of wachtwoord. Log in met de naam van je account als gebruiker en het wachtwoord "
    "ervan, of met de SSH-sleutel ervan.",
)


def test_a_password_right_and_wrong_and_an_unknown_name_when_sign_up_is_closed(store, tmp_path):
    async def go():
        closed = ServerConfig(signup=SignupSection(open=False))
        server = server_of(store, tmp_path, closed)
        await store.add_account("Ann", password=hash_password("the right password", quick_kdf))
        right = await attempt(server, "ANN", "the right password")
        wrong = await attempt(server, "Ann", "a wrong password")
        nobody = await attempt(server, "Zed", "any password")
        return right, wrong, nobody, server

    (ok, conn), (bad, wconn), (none, nconn), server = asyncio.run(go())
    assert ok and conn.extra["account"].name == "Ann"
    # the name typed in another letter case: said to be the account Ann's before the password is asked
    assert conn.banners == [
        both(
            "The name ANN is taken by the account Ann, as a name is the same in any letter case; if that account "
            "is not yours, log in again with another name to make your own.",
            "De naam ANN is al van het account Ann, want een naam is dezelfde in hoofd- en kleine letters; is dat "
            "account niet van jou, log dan opnieuw in met een andere naam om je eigen account te maken.",
        )
    ]
    assert not bad and wconn.banners == [WRONG] and "account" not in wconn.extra
    assert not none and "signup" not in nconn.extra
    assert nconn.banners == [
        both(
            "This server makes no new accounts; ask its operator for one, or log in with an account you have.",
            "Deze server maakt geen nieuwe accounts; vraag de beheerder om een account, of log in met een account "
            "dat je hebt.",
        )
    ]
    assert server.waits == [1.0]  # the wrong password waited; the closed sign-up refused at once


def test_an_unknown_name_is_marked_for_sign_up_by_key_and_by_password(store, tmp_path):
    async def go():
        server = server_of(store, tmp_path)
        by_key = await attempt(server, "Bea", key=Key(b"bea-key"))
        by_password = await attempt(server, "Cid", "a long password")
        bad_name = await attempt(server, "B0b:x", "a long password")
        return by_key, by_password, bad_name

    (ok1, c1), (ok2, c2), (ok3, c3) = asyncio.run(go())
    assert ok1 and c1.extra["signup"][0] == "key" and c1.extra["signup"][1].public_data == b"bea-key"
    assert ok2 and c2.extra["signup"] == ("password", "a long password")
    assert c2.banners == [
        both(
            "There is no account named Cid yet: log in with your SSH key to make it, or type a new password of at "
            "least 10 characters.",
            "Er is nog geen account met de naam Cid: log in met je SSH-sleutel om het te maken, of typ een "
            "nieuw wachtwoord van minstens 10 tekens.",
        )
    ]
    assert not ok3 and "signup" not in c3.extra
    assert c3.banners == [
        both(
            "The name B0b:x holds a comma or a colon, which a name cannot have.",
            "De naam B0b:x bevat een komma of een dubbele punt, die een naam niet mag hebben.",
        )
    ]


def test_a_known_key_logs_in_and_another_key_does_not(store, tmp_path):
    async def go():
        server = server_of(store, tmp_path)
        await store.add_account("Ann", key=(b"ann-key", "SHA256:x"))
        return await attempt(server, "ann", key=Key(b"ann-key")), await attempt(server, "Ann", key=Key(b"other"))

    (ok, conn), (bad, other) = asyncio.run(go())
    assert ok and conn.extra["account"].name == "Ann"
    assert not bad and "signup" not in other.extra


def test_bans_by_name_and_address_from_the_file_and_the_database(store, tmp_path):
    async def go():
        import ipaddress

        config = ServerConfig(ban=BanSection(names=("Mallory",)))
        server = server_of(store, tmp_path, config)
        named = await attempt(server, "mallory", "a long password")
        await store.ban("name", "Trent", None, None, "spam")
        db_named = await attempt(server, "TRENT", "a long password")
        await store.ban("address", "192.0.2.0/24", None, None, None)
        by_address = await attempt(server, "Zed", "a long password")
        filed = server_of(store, tmp_path, ServerConfig(ban=BanSection(addresses=(ipaddress.ip_network("192.0.2.5"),))))
        await store.unban("address", "192.0.2.0/24")
        by_file_address = await attempt(filed, "Zed", "a long password")
        return named, db_named, by_address, by_file_address

    results = asyncio.run(go())
    assert [r[0] for r in results] == [False, False, False, False]
    address = both("Your address is banned from this server.", "Je adres is verbannen van deze server.")
    assert [r[1].banners for r in results] == [
        [both("The name mallory is banned on this server.", "De naam mallory is verbannen van deze server.")],
        [both("The name TRENT is banned on this server.", "De naam TRENT is verbannen van deze server.")],
        [address],
        [address],
    ]
    assert all("signup" not in r[1].extra for r in results)


def test_a_full_server_refuses_with_one_sentence_until_a_connection_ends(store, tmp_path):
    async def go():
        server = server_of(store, tmp_path, ServerConfig(server=ServerSection(max_sessions=1)))
        first = Login(server)
        first.connection_made(Conn())
        refused = await attempt(server, "Bea", key=Key(b"bea"))
        first.connection_lost(None)
        let_in = await attempt(server, "Bea", key=Key(b"bea"))
        return refused, let_in, server.connections

    (bad, conn), (ok, _), count = asyncio.run(go())
    assert not bad and conn.banners == [
        both(
            "The server is full: 1 person is connected, its most. Try again in a few minutes.",
            "De server is vol: 1 persoon is verbonden, het maximum. Probeer het over een paar minuten opnieuw.",
        )
    ]
    assert ok and count == 0


def test_a_hash_of_older_parameters_is_made_anew_at_a_right_login(store, tmp_path):
    async def go():
        server = server_of(store, tmp_path)
        salt = bytes(16)
        import base64

        old = "scrypt$1024$8$1${}${}".format(
            base64.b64encode(salt).decode(), base64.b64encode(quick_kdf(b"old but long", salt, 1024, 8, 1, 32)).decode()
        )
        account = await store.add_account("Ann", password=old)
        ok, _ = await attempt(server, "Ann", "old but long")
        return ok, old, (await store.account_by_id(account.id)).password

    ok, old, now = asyncio.run(go())
    assert ok and now != old and now.startswith("scrypt$16384$8$1$")


def test_a_flood_of_connections_from_one_address_is_closed_without_words(store, tmp_path):
    server = server_of(store, tmp_path)  # 20 a minute from one address, a burst of 20
    conns = []
    for _ in range(21):
        login = Login(server)
        conn = Conn()
        login.connection_made(conn)
        conns.append(conn)
    assert [c.closed for c in conns] == [False] * 20 + [True]
    assert conns[-1].banners == [] and server.connections == 20


def test_a_name_no_account_can_have_gets_the_name_rule_offers_no_password_and_counts_no_failure(store, tmp_path):
    async def go():
        server = server_of(store, tmp_path)
        out = []
        for name in ("a", "Ann,Bram", "A" * 30):
            login = Login(server)
            conn = Conn()
            login.connection_made(conn)
            await login.begin_auth(name)
            offered = (login.password_auth_supported(), login.public_key_auth_supported())
            ok = await login.validate_password(name, "any password at all")
            out.append((conn.banners, offered, ok, conn.disconnected))
        return out, server

    out, server = asyncio.run(go())
    assert [banners for banners, _, _, _ in out] == [
        [
            both(
                "The name a is too short: a name has 2 to 20 characters.",
                "De naam a is te kort: een naam heeft 2 tot 20 tekens.",
            )
        ],
        [
            both(
                "The name Ann,Bram holds a comma or a colon, which a name cannot have.",
                "De naam Ann,Bram bevat een komma of een dubbele punt, die een naam niet mag hebben.",
            )
        ],
        [
            both(
                f"The name {'A' * 30} is too long: a name has 2 to 20 characters.",
                f"De naam {'A' * 30} is te lang: een naam heeft 2 tot 20 tekens.",
            )
        ],
    ]
    # the connection ends after the banner, so that no password is asked
    assert [(offered, ok, code) for _, offered, ok, code in out] == [((False, False), False, 14)] * 3
    assert server.rates.logins.by_name.failures == {} and server.rates.logins.by_address.failures == {}
    assert server.waits == []


def test_a_new_password_under_10_characters_is_refused_with_the_rule_and_counts_no_failure(store, tmp_path):
    async def go():
        server = server_of(store, tmp_path)
        login = Login(server)
        conn = Conn()
        login.connection_made(conn)
        await login.begin_auth("Bram")
        short = await login.validate_password("Bram", "geheim123")
        long = await login.validate_password("Bram", "geheim12345")
        return short, long, conn, server

    short, long, conn, server = asyncio.run(go())
    assert not short and long and conn.extra["signup"] == ("password", "geheim12345")
    assert conn.banners == [
        both(  # said before the password is asked
            "There is no account named Bram yet: log in with your SSH key to make it, or type a new password of at "
            "least 10 characters.",
            "Er is nog geen account met de naam Bram: log in met je SSH-sleutel om het te maken, of typ een "
            "nieuw wachtwoord van minstens 10 tekens.",
        ),
        both(
            "That password is too easy to guess: use at least 10 characters.",
            "Dat wachtwoord is te makkelijk te raden: gebruik minstens 10 tekens.",
        ),
    ]
    assert server.rates.logins.by_name.failures == {} and server.waits == []


def test_wrong_passwords_as_one_name_do_not_lock_out_another_name_from_the_same_address(store, tmp_path):
    async def go():
        server = server_of(store, tmp_path)
        await store.add_account("Bram", password=hash_password("bram's own password", quick_kdf))
        await store.add_account("Cid", password=hash_password("cid's own password", quick_kdf))
        wrong = [await attempt(server, "bram", "a guess at it") for _ in range(24)]
        cid = await attempt(server, "Cid", "cid's own password")
        bram = await attempt(server, "Bram", "bram's own password")
        elsewhere = await attempt(server, "Bram", "bram's own password", address="198.51.100.7")
        return wrong, cid, bram, elsewhere

    wrong, (cid_ok, _), (bram_ok, bram), (elsewhere_ok, _) = asyncio.run(go())
    assert [ok for ok, _ in wrong] == [False] * 24
    taken = both(  # (bram, Bram's name in another letter case: said before the password is asked)
        "The name bram is taken by the account Bram, as a name is the same in any letter case; if that account "
        "is not yours, log in again with another name to make your own.",
        "De naam bram is al van het account Bram, want een naam is dezelfde in hoofd- en kleine letters; is dat "
        "account niet van jou, log dan opnieuw in met een andere naam om je eigen account te maken.",
    )
    assert wrong[19][1].banners == [taken, WRONG]  # the 20th failure is still looked at
    assert wrong[20][1].banners == [
        taken,
        both(
            "Too many failed logins as Bram from your address; try again in 10 minutes.",
            "Te veel mislukte aanmeldingen als Bram vanaf je adres; probeer het over 10 minuten opnieuw.",
        ),
    ]
    assert cid_ok  # the same address, another name
    assert not bram_ok and "Too many failed logins as Bram" in bram.banners[0]
    assert elsewhere_ok  # the same name, another address


def test_an_address_that_fails_100_times_over_many_names_is_refused_for_every_name(store, tmp_path):
    async def go():
        server = server_of(store, tmp_path)
        await store.add_account("Cid", password=hash_password("cid's own password", quick_kdf))
        for n in range(5):
            await store.add_account(f"guess{n}", password=hash_password("not guessed at all", quick_kdf))
        for n in range(100):  # a guesser: 5 names, 20 tries each
            await attempt(server, f"guess{n % 5}", "a guess")
        cid = await attempt(server, "Cid", "cid's own password")
        other = await attempt(server, "Cid", "cid's own password", address="198.51.100.7")
        return cid, other

    (cid_ok, cid), (other_ok, _) = asyncio.run(go())
    assert not cid_ok and cid.banners == [
        both(
            "Too many failed logins from your address; try again in 10 minutes.",
            "Te veel mislukte aanmeldingen vanaf je adres; probeer het over 10 minuten opnieuw.",
        )
    ]
    assert other_ok


def test_a_refused_login_is_in_the_server_s_log_with_the_name_and_address_never_the_password(
    store, tmp_path, caplog, capsys
):
    """A wrong password, a name without an account (sign-up by key only, or closed), a name no
    account can have and a banned name: each refused login is one INFO line of the server's log
    (and its output), with the name typed, the address and why; never the password typed."""
    secret = "hunter2 is my secret"

    async def go():
        await store.add_account("Ann", password=hash_password("the right password", quick_kdf))
        by_key = server_of(store, tmp_path, ServerConfig(signup=SignupSection(methods=("key",))))
        await attempt(by_key, "Ann", secret)
        await attempt(by_key, "Zed", secret, address="192.0.2.9")
        closed = server_of(
            store, tmp_path, ServerConfig(signup=SignupSection(open=False), ban=BanSection(names=("Eve",)))
        )
        await attempt(closed, "Yan", secret)
        await attempt(closed, "a\x1b[2J", secret)
        await attempt(closed, "Eve", secret)

    with caplog.at_level(logging.INFO, logger="a11y_dominion.server"):
        asyncio.run(go())
    logged = [(r.levelname, r.getMessage()) for r in caplog.records]
    assert logged == [
        ("INFO", "A login as Ann from 192.0.2.5 was refused: a wrong password."),
        ("INFO", "A login as Zed from 192.0.2.9 was refused: no account has that name."),
        (
            "INFO",
            "A login as Yan from 192.0.2.5 was refused: This server makes no new accounts; ask its operator for one, "
            "or log in with an account you have.",
        ),
        (
            "INFO",
            "A login as a?[2J from 192.0.2.5 was refused: The name a?[2J holds control, escape or formatting "
            "characters, which a name cannot have.",
        ),
        ("INFO", "A login as Eve from 192.0.2.5 was refused: The name Eve is banned on this server."),
    ]
    printed = capsys.readouterr().out
    assert printed.splitlines() == [text for _level, text in logged]
    assert secret not in printed and all(secret not in r.getMessage() for r in caplog.records)
