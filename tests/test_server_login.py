"""The server's login callbacks without SSH: a fake connection, the real database, a quick
key derivation: passwords, sign-up marks, bans, a full server and the rehash of an old hash."""

from __future__ import annotations

import asyncio
import hashlib

import pytest

from a11y_dominion.remote.access import LoginLimiter
from a11y_dominion.server.config import BanSection, ServerConfig, ServerSection, SignupSection
from a11y_dominion.server.hasher import Hasher, hash_password
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

    def get_extra_info(self, name: str, default=None):
        return ("192.0.2.5", 40000) if name == "peername" else self.extra.get(name, default)

    def set_extra_info(self, **kwargs) -> None:
        self.extra.update(kwargs)

    def send_auth_banner(self, text: str) -> None:
        self.banners.append(text)

    def close(self) -> None:
        self.closed = True


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

    server.rates.logins = LoginLimiter(sleep=sleep)
    server.waits = waits  # type: ignore[attr-defined]
    return server


async def attempt(server: GameServer, user: str, password: str | None = None, key: Key | None = None):
    login = Login(server)
    conn = Conn()
    login.connection_made(conn)
    await login.begin_auth(user)
    if key is not None:
        ok = await login.validate_public_key(user, key)
    else:
        ok = await login.validate_password(user, password or "")
    login.connection_lost(None)
    return ok, conn


WRONG = (
    "Wrong user name or password. Log in with your account's name as the user and its password, "
    "or with its SSH key.\r\n"
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
    assert ok and conn.extra["account"].name == "Ann" and conn.banners == []
    assert not bad and wconn.banners == [WRONG] and "account" not in wconn.extra
    assert not none and "signup" not in nconn.extra
    assert nconn.banners == [
        "This server makes no new accounts; ask its operator for one, or log in with an account you have.\r\n"
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
    assert not ok3 and "signup" not in c3.extra and c3.banners == [WRONG]


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
    assert [r[1].banners for r in results] == [
        ["The name mallory is banned on this server.\r\n"],
        ["The name TRENT is banned on this server.\r\n"],
        ["Your address is banned from this server.\r\n"],
        ["Your address is banned from this server.\r\n"],
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
        "The server is full: 1 person is connected, its most. Try again in a few minutes.\r\n"
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
