"""Password hashes of the server (a11y_dominion/server/hasher.py): hashlib.scrypt, salted, the
parameters stored with the hash, a wrong password and a changed hash refused, an over-long
password refused before any hashing, and the hashing run in threads at most `limit` at a time."""

from __future__ import annotations

import asyncio
import base64
import threading

import pytest

from a11y_dominion.i18n import Language
from a11y_dominion.server import hasher
from a11y_dominion.server.hasher import (
    MAX_PASSWORD,
    Hasher,
    PasswordTooLong,
    hash_password,
    needs_rehash,
    parse,
    verify_password,
)

# the RFC 7914 test vector 2 of scrypt: "password", salt "NaCl", N=1024, r=8, p=16, 64 bytes
RFC_7914 = bytes.fromhex(
    "fdbabe1c9d3472007856e7190d01e9fe7c6ad7cbc8237830e77376634b3731622eaf30d92e22a3886ff109279d9830dac727afb94a83ee6d8360cbdfa2cc0640"
)


def test_the_key_derivation_is_scrypt():
    assert hasher.scrypt(b"password", b"NaCl", 1024, 8, 16, 64) == RFC_7914


def test_a_hash_holds_its_parameters_and_salt():
    stored = hash_password("correct horse battery", salt=bytes(range(16)))
    scheme, n, r, p, salt, digest = stored.split("$")
    assert (scheme, n, r, p) == ("scrypt", "16384", "8", "1")
    assert base64.b64decode(salt) == bytes(range(16))
    assert base64.b64decode(digest) == hasher.scrypt(b"correct horse battery", bytes(range(16)), 16384, 8, 1, 32)
    assert not needs_rehash(stored)


def test_round_trip_and_a_wrong_password():
    stored = hash_password("correct horse battery")
    assert verify_password("correct horse battery", stored)
    assert not verify_password("correct horse batterY", stored)
    assert not verify_password("", stored)


def test_two_hashes_of_one_password_differ_by_their_salt():
    assert hash_password("same password") != hash_password("same password")


def _replaced(stored: str, index: int, value: str) -> str:
    parts = stored.split("$")
    parts[index] = value
    return "$".join(parts)


def _flipped(b64: str) -> str:
    raw = bytearray(base64.b64decode(b64))
    raw[0] ^= 1
    return base64.b64encode(bytes(raw)).decode()


def test_a_tampered_hash_refuses_the_right_password():
    stored = hash_password("correct horse battery")
    parts = stored.split("$")
    tampered = [
        _replaced(stored, 5, _flipped(parts[5])),  # one bit of the hash
        _replaced(stored, 4, _flipped(parts[4])),  # one bit of the salt
        _replaced(stored, 1, "8192"),  # a lower cost
        _replaced(stored, 2, "4"),
        _replaced(stored, 0, "md5"),  # another scheme
        _replaced(stored, 1, "1000"),  # not a power of 2
        _replaced(stored, 1, str(2**30)),  # more than the bound: not run at all
        _replaced(stored, 5, "not base64!"),
        _replaced(stored, 5, ""),
        stored + "$extra",
        "",
    ]
    for text in tampered:
        assert not verify_password("correct horse battery", text), text
    for text in tampered[2:]:  # read with other parameters, or not read at all
        assert needs_rehash(text), text


@pytest.mark.parametrize(
    "text",
    [
        "scrypt$1$8$1$AAAA$AAAA",  # n under 2
        "scrypt$1000$8$1$AAAA$AAAA",  # n not a power of 2
        "scrypt$16384$0$1$AAAA$AAAA",
        "scrypt$16384$65$1$AAAA$AAAA",
        "scrypt$16384$8$17$AAAA$AAAA",
        "scrypt$131072$8$1$AAAA$AAAA",  # 128 MiB of memory
    ],
)
def test_parameters_out_of_bounds_are_not_read(text):
    with pytest.raises(ValueError):
        parse(text)


def test_parameters_at_their_bounds_are_read():
    assert parse("scrypt$16384$8$16$AAAA$AAAA")[:3] == (16384, 8, 16)
    assert parse("scrypt$65536$8$1$AAAA$AAAA")[:3] == (65536, 8, 1)  # 64 MiB, the most
    assert parse("scrypt$2$64$1$AAAA$AAAA")[:3] == (2, 64, 1)


def test_a_hash_made_at_lower_parameters_is_accepted_and_asked_to_be_made_again():
    salt = bytes(16)
    digest = hasher.scrypt(b"old password!", salt, 1024, 8, 1, 32)
    stored = "$".join(["scrypt", "1024", "8", "1", base64.b64encode(salt).decode(), base64.b64encode(digest).decode()])
    assert verify_password("old password!", stored)
    assert needs_rehash(stored)


class Counting:
    """A key derivation that counts its calls and how many run at once, each waiting for `go`."""

    def __init__(self, wait: bool = False) -> None:
        self.calls = 0
        self.running = 0
        self.most = 0
        self.lock = threading.Lock()
        self.go = threading.Event()
        if not wait:
            self.go.set()

    def __call__(self, password: bytes, salt: bytes, n: int, r: int, p: int, length: int) -> bytes:
        with self.lock:
            self.calls += 1
            self.running += 1
            self.most = max(self.most, self.running)
        self.go.wait()
        with self.lock:
            self.running -= 1
        return hasher.scrypt(password, salt, 1024, 1, 1, length)


def test_no_account_is_checked_against_a_made_up_hash_and_refused():
    kdf = Counting()
    assert not verify_password("any password", None, kdf)
    assert kdf.calls == 1  # the same work as a real check: the time does not tell


def test_an_over_long_password_is_refused_before_any_hashing():
    kdf = Counting()
    long = "x" * (MAX_PASSWORD + 1)
    with pytest.raises(PasswordTooLong) as caught:
        hash_password(long, kdf)
    assert caught.value.args[0] == "A password has at most 256 characters."
    assert Language("nl").msg(caught.value.args[0]) == "Een wachtwoord heeft hoogstens 256 tekens."
    with pytest.raises(PasswordTooLong):
        verify_password(long, hash_password("short one", kdf), kdf)
    assert kdf.calls == 1  # only the hash of "short one"
    h = Hasher(kdf=kdf)
    with pytest.raises(PasswordTooLong):
        asyncio.run(h.hash(long))
    with pytest.raises(PasswordTooLong):
        asyncio.run(h.verify(long, None))
    assert kdf.calls == 1
    assert hash_password("x" * MAX_PASSWORD, kdf).startswith("scrypt$")  # the longest allowed is hashed


def test_the_hasher_runs_off_the_loop_at_most_limit_at_a_time():
    kdf = Counting(wait=True)
    h = Hasher(limit=2, kdf=kdf)

    async def main() -> list:
        tasks = [asyncio.create_task(h.hash(f"password {i}")) for i in range(5)]
        # the loop goes on while the hashes wait: it runs this coroutine until two have started
        while kdf.running < 2:
            await asyncio.sleep(0.001)
        started_while_held = kdf.calls
        kdf.go.set()
        stored = await asyncio.gather(*tasks)
        checks = await asyncio.gather(*(h.verify(f"password {i}", s) for i, s in enumerate(stored)))
        wrong = await h.verify("password 9", stored[0])
        return [started_while_held, stored, checks, wrong]

    started_while_held, stored, checks, wrong = asyncio.run(main())
    assert started_while_held == 2
    assert kdf.most == 2
    assert kdf.calls == 5 + 5 + 1
    assert checks == [True] * 5
    assert wrong is False
    assert len(set(stored)) == 5
