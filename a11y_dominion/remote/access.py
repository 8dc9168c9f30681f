"""Who may join a hosted game: the host key, the seats' passwords and public
keys, the seats file, and the limit on failed logins."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable
from pathlib import Path

from ..files import BINARY, NotRegularFile, open_regular, write_atomic
from ..rules.decisions import Msg

HOST_KEY_FILE = "ssh_host_ed25519_key"


class AccessError(ValueError):
    """A bad ``--authorized-keys`` file; ``args[0]`` is the one sentence (a :class:`Msg`) saying why."""


def host_key(directory: Path | None = None):
    """The host's SSH key: made on first use and kept in the user data directory."""
    import asyncssh
    import platformdirs

    folder = Path(directory or platformdirs.user_data_dir("a11y-dominion"))
    path = folder / HOST_KEY_FILE
    if path.exists():
        return asyncssh.read_private_key(str(path))
    folder.mkdir(parents=True, exist_ok=True)
    key = asyncssh.generate_private_key("ssh-ed25519")
    fd = os.open(str(path), os.O_WRONLY | os.O_CREAT | os.O_EXCL | BINARY, 0o600)
    with os.fdopen(fd, "wb") as f:
        f.write(key.export_private_key())
    return key


def write_seats_file(path: str, host: str, port: int, passwords: dict, keys: dict | None = None) -> None:
    """``{"host", "port", "seats": {name: {"user", "password"}}}``, readable by its owner only.

    A seat in ``keys`` (name to the fingerprint of its first public key) logs
    in with a key: its entry is ``{"user", "key"}``, with no password."""
    seats = {n: {"user": n, "password": p} for n, p in passwords.items()}
    for name, fingerprint in (keys or {}).items():
        seats[name] = {"user": name, "key": fingerprint}
    data = {"host": host, "port": port, "seats": seats}
    write_atomic(path, json.dumps(data, indent=1), mode=0o600)


KEYS_LIMIT = 1024 * 1024  # bytes of an --authorized-keys file
KEY_EXAMPLE = "ssh-ed25519 AAAA... Ann"


def read_authorized_keys(path: str, seats: list) -> dict:
    """The public keys of ``--authorized-keys FILE``: seat name to its list of
    :class:`asyncssh.SSHKey`.

    One OpenSSH public key a line (``ssh-ed25519 AAAA... Ann``), its comment
    the name of one of the remote ``seats`` (in any letter case); empty lines
    and lines starting with # are skipped. Raises :class:`AccessError` with
    one sentence for a file that cannot be read, a line that is no key, a key
    without a comment or for no remote seat, or a file without keys."""
    import asyncssh

    try:
        with open_regular(path) as f:
            data = f.read(KEYS_LIMIT + 1)
        if len(data) > KEYS_LIMIT:  # no file of public keys is this large
            raise UnicodeDecodeError("utf-8", data[:1], 0, 1, "too large")
        text = data.decode("utf-8")
    except FileNotFoundError:
        raise AccessError(Msg("There is no file named {path} for --authorized-keys.", path=path)) from None
    except IsADirectoryError:
        raise AccessError(
            Msg("{path} is a folder; --authorized-keys needs a file of public keys.", path=path)
        ) from None
    except NotRegularFile:
        raise AccessError(
            Msg("{path} is not a regular file; --authorized-keys needs a file of public keys.", path=path)
        ) from None
    except UnicodeDecodeError:
        raise AccessError(Msg("{path} is not a text file of OpenSSH public keys, one a line.", path=path)) from None
    except OSError as e:
        raise AccessError(Msg("{path} cannot be read ({error}).", path=path, error=e.strerror or str(e))) from None
    by_lower = {s.lower(): s for s in seats}
    keys: dict = {}
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        try:
            key = asyncssh.import_public_key(line)
        except (asyncssh.KeyImportError, ValueError, TypeError):
            raise AccessError(
                Msg(
                    "Line {n} of {path} is not an OpenSSH public key; write one key a line with the "
                    "seat's name as its comment, for example {example}.",
                    n=n,
                    path=path,
                    example=KEY_EXAMPLE,
                )
            ) from None
        comment = (key.get_comment() or "").strip()
        if not comment:
            raise AccessError(
                Msg(
                    "The key on line {n} of {path} has no comment; its comment must be the seat's name, "
                    "for example {example}.",
                    n=n,
                    path=path,
                    example=KEY_EXAMPLE,
                )
            )
        name = by_lower.get(comment.lower())
        if name is None:
            raise AccessError(
                Msg(
                    "The key on line {n} of {path} is for {name}, which is not a remote seat; the remote "
                    "seats are {seats}.",
                    n=n,
                    path=path,
                    name=comment,
                    seats=", ".join(seats),
                )
            )
        keys.setdefault(name, []).append(key)
    if not keys:
        raise AccessError(
            Msg(
                "{path} holds no public key; write one key a line with the seat's name as its comment, "
                "for example {example}.",
                path=path,
                example=KEY_EXAMPLE,
            )
        )
    return keys


class LoginLimiter:
    """Counts failed logins so that passwords cannot be guessed quickly.

    Failures are counted, within ``window`` seconds, for each source address
    and seat together (``per_pair``), for each source address (``per_address``)
    and for each seat (``per_seat``); when one count reaches its limit, logins
    it covers are refused for ``lockout`` seconds without looking at the
    password. A player's own typos lock out only their own seat from their own
    address first. ``clock()`` gives the time in seconds.
    """

    def __init__(
        self,
        per_pair: int = 5,
        per_address: int = 15,
        per_seat: int = 30,
        window: float = 300.0,
        lockout: float = 60.0,
        clock: Callable[[], float] = time.monotonic,
    ):
        self.limits = {"pair": per_pair, "address": per_address, "seat": per_seat}
        self.window = window
        self.lockout = lockout
        self.clock = clock
        self.failures: dict = {}
        self.locked: dict = {}

    @staticmethod
    def _keys(address: str, seat: str) -> dict:
        return {"pair": ("pair", address, seat), "address": ("address", address), "seat": ("seat", seat)}

    def wait(self, address: str, seat: str) -> float:
        """Seconds until a login for ``seat`` from ``address`` is looked at again (0: now)."""
        now = self.clock()
        left = [self.locked[k] - now for k in self._keys(address, seat).values() if k in self.locked]
        return max([x for x in left if x > 0], default=0.0)

    def failed(self, address: str, seat: str) -> int:
        """Count one failed login; returns the failures of this seat from this
        address within the window (the limit: ``limits["pair"]``)."""
        now = self.clock()
        if len(self.failures) > 10_000:  # many names or addresses: forget the old ones
            self.failures = {k: v for k, v in self.failures.items() if v and now - v[-1] < self.window}
            self.locked = {k: t for k, t in self.locked.items() if t > now}
        counts = {}
        for kind, key in self._keys(address, seat).items():
            times = [t for t in self.failures.get(key, []) if now - t < self.window] + [now]
            self.failures[key] = times
            counts[kind] = len(times)
            if len(times) >= self.limits[kind]:
                self.locked[key] = now + self.lockout
                self.failures[key] = []
        return counts["pair"]

    def succeeded(self, address: str, seat: str) -> None:
        """A login of ``seat`` from ``address`` succeeded: its own failures are forgotten."""
        self.failures.pop(("pair", address, seat), None)
