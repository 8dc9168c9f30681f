"""Password hashes for the server's accounts: :func:`hashlib.scrypt`, salted, off the event loop.

A hash is stored as one line of text, ``scrypt$N$r$p$SALT$HASH`` (the salt and the hash in
base64), so the cost parameters travel with each hash and can be raised later: a login
with a hash made at lower ones (:func:`needs_rehash`) may store a new one. Passwords are
compared in constant time (:func:`hmac.compare_digest`), and a password longer than
:data:`MAX_PASSWORD` characters is refused before any hashing, so a long one cannot cost
the server time.

:class:`Hasher` runs the hashing in threads (:func:`asyncio.to_thread`) behind a
semaphore, so a burst of logins takes at most ``limit`` threads and never blocks the loop.
"""

from __future__ import annotations

import asyncio
import base64
import binascii
import hashlib
import hmac
import os
from collections.abc import Callable
from typing import NamedTuple

from ..rules.decisions import Msg

SCHEME = "scrypt"
N, R, P = 2**14, 8, 1
"""The cost parameters of new hashes: 16 MiB of memory and about 0.15 s of one processor a hash
(measured on the 2-core test machine)."""

SALT_BYTES = 16
HASH_BYTES = 32
_DUMMY_SALT = bytes(SALT_BYTES)  # of the made-up hash checked when there is no stored one

MIN_PASSWORD = 10
"""The fewest characters of a password chosen at sign-up or changed with ``account password``."""

MAX_PASSWORD = 256
"""The most characters of a password; a longer one is refused before it is hashed."""

MAX_MEMORY = 64 * 1024 * 1024
"""The most memory one hash may take (``maxmem`` of :func:`hashlib.scrypt`), in bytes."""

# the bounds of parameters read from a stored hash: a changed line cannot make a check take
# more than MAX_MEMORY (128 * n * r bytes) or run for minutes (p runs of that, one after another)
_MOST_N = 2**20
_MOST_R = 64
_MOST_P = 16


class PasswordTooLong(ValueError):
    """A password of more than :data:`MAX_PASSWORD` characters; ``args[0]`` is one sentence."""


class Params(NamedTuple):
    """A stored hash's parts: the cost ``n``, ``r``, ``p``, its ``salt`` and ``digest`` (bytes)."""

    n: int
    r: int
    p: int
    salt: bytes
    digest: bytes


Kdf = Callable[[bytes, bytes, int, int, int, int], bytes]
"""A key derivation: (password, salt, n, r, p, length) -> that many bytes."""


def scrypt(password: bytes, salt: bytes, n: int, r: int, p: int, length: int) -> bytes:
    """:func:`hashlib.scrypt` of ``password`` with ``salt`` and the cost ``n``, ``r``, ``p``,
    ``length`` bytes long, in at most :data:`MAX_MEMORY` bytes of memory. Raises ValueError
    for parameters it cannot use."""
    return hashlib.scrypt(password, salt=salt, n=n, r=r, p=p, maxmem=MAX_MEMORY, dklen=length)


def check_length(password: str) -> None:
    """Raise :class:`PasswordTooLong` (one sentence) when ``password`` has more than
    :data:`MAX_PASSWORD` characters."""
    if len(password) > MAX_PASSWORD:
        raise PasswordTooLong(Msg("A password has at most {most} characters.", most=MAX_PASSWORD))


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def hash_password(password: str, kdf: Kdf = scrypt, salt: bytes | None = None) -> str:
    """The text to store for ``password``: ``scrypt$N$r$p$SALT$HASH`` with the current
    parameters and a fresh random salt (``salt``: this one, for tests). ``kdf`` derives the
    hash (:func:`scrypt` unless given). Raises :class:`PasswordTooLong` before any hashing."""
    check_length(password)
    salt = os.urandom(SALT_BYTES) if salt is None else salt
    digest = kdf(password.encode("utf-8"), salt, N, R, P, HASH_BYTES)
    return f"{SCHEME}${N}${R}${P}${_b64(salt)}${_b64(digest)}"


def parse(stored: str) -> Params:
    """The parts of the stored hash ``stored``. Raises ValueError when it is not one this
    module made: another scheme, parameters out of bounds (n a power of 2 from 2 to 2**20,
    r from 1 to 64, p from 1 to 16, and 128 * n * r bytes within :data:`MAX_MEMORY`), bad
    base64, or an empty salt or hash."""
    parts = stored.split("$")
    if len(parts) != 6 or parts[0] != SCHEME:
        raise ValueError("not an scrypt hash")
    try:
        n, r, p = (int(x) for x in parts[1:4])
        salt = base64.b64decode(parts[4], validate=True)
        digest = base64.b64decode(parts[5], validate=True)
    except (ValueError, binascii.Error):
        raise ValueError("not an scrypt hash") from None
    if not (2 <= n <= _MOST_N and n & (n - 1) == 0 and 1 <= r <= _MOST_R and 1 <= p <= _MOST_P):
        raise ValueError("scrypt parameters out of bounds")
    if 128 * n * r > MAX_MEMORY:
        raise ValueError("scrypt parameters out of bounds")
    if not salt or not digest:
        raise ValueError("empty salt or hash")
    return Params(n, r, p, salt, digest)


def verify_password(password: str, stored: str | None, kdf: Kdf = scrypt) -> bool:
    """True when ``password`` is the one ``stored`` (a text of :func:`hash_password`) was made
    from, compared in constant time. A ``stored`` of None (an account without a password, or
    none at all) is checked against a made-up hash, taking the same time, and gives False, so
    the time does not tell whether the account exists; so does a stored text that cannot be
    read (:func:`parse`). Raises :class:`PasswordTooLong` before any hashing."""
    check_length(password)
    try:
        params = parse(stored) if stored is not None else None
    except ValueError:
        params = None
    if params is None:
        kdf(password.encode("utf-8"), _DUMMY_SALT, N, R, P, HASH_BYTES)
        return False
    try:
        digest = kdf(password.encode("utf-8"), params.salt, params.n, params.r, params.p, len(params.digest))
    except (ValueError, MemoryError):  # parameters this system's scrypt refuses
        return False
    return hmac.compare_digest(digest, params.digest)


def needs_rehash(stored: str) -> bool:
    """True when ``stored`` was made with other parameters than new hashes get (or cannot be
    read), so a login whose password it accepted should store a new hash."""
    try:
        params = parse(stored)
    except ValueError:
        return True
    return (params.n, params.r, params.p, len(params.salt), len(params.digest)) != (N, R, P, SALT_BYTES, HASH_BYTES)


class Hasher:
    """Hashes and checks passwords in threads, at most ``limit`` at a time, so the event
    loop goes on while they run; ``kdf`` is the key derivation (:func:`scrypt` unless given).
    Made inside or outside a running loop; used from one loop."""

    def __init__(self, limit: int = 2, kdf: Kdf = scrypt) -> None:
        self.limit = limit
        self.kdf = kdf
        self._semaphore: asyncio.Semaphore | None = None

    def _gate(self) -> asyncio.Semaphore:
        if self._semaphore is None:
            self._semaphore = asyncio.Semaphore(self.limit)
        return self._semaphore

    async def hash(self, password: str) -> str:
        """The stored text for ``password`` (:func:`hash_password`). Raises
        :class:`PasswordTooLong` before waiting for a thread."""
        check_length(password)
        async with self._gate():
            return await asyncio.to_thread(hash_password, password, self.kdf)

    async def verify(self, password: str, stored: str | None) -> bool:
        """Whether ``password`` matches ``stored`` (:func:`verify_password`). Raises
        :class:`PasswordTooLong` before waiting for a thread."""
        check_length(password)
        async with self._gate():
            return await asyncio.to_thread(verify_password, password, stored, self.kdf)
