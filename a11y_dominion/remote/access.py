"""Who may join a hosted game: the host key, the seats' passwords and public
keys, the seats file, the limit on failed logins and their summary on the
host's screen."""

from __future__ import annotations

import asyncio
import hmac
import ipaddress
import json
import os
import secrets
import time
from collections import OrderedDict, deque
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from ..files import (
    BINARY,
    UTF16_SENTENCE,
    NotRegularFile,
    keep_to_owner,
    open_regular,
    saved_as_utf16,
    shown_name,
    write_atomic,
)
from ..rules.decisions import Msg

if TYPE_CHECKING:
    from asyncssh import SSHKey

HOST_KEY_FILE = "ssh_host_ed25519_key"


class AccessError(ValueError):
    """A bad ``--authorized-keys`` file; ``args[0]`` is the one sentence (a :class:`Msg`) saying why."""


KEEPALIVE = 15  # seconds between checks that a quiet client is still there (4 missed: it is gone)


def ssh_server_options() -> dict[str, Any]:
    """The asyncssh ``create_server`` options every SSH listener of the game uses (``host``
    and ``server``), as keyword arguments: no line editor of asyncssh's (a terminal session
    edits its lines itself: :mod:`~a11y_dominion.remote.terminal`, and asyncssh's would be
    built at every login for nothing); no scp, SFTP, agent or X11 forwarding; UTF-8 with a
    byte that is not UTF-8 (a Latin-1 terminal) replaced, never fatal; a quiet client checked
    every ``KEEPALIVE`` seconds and dropped after 4 missed checks."""
    return {
        "line_editor": False,
        "allow_scp": False,
        "agent_forwarding": False,
        "x11_forwarding": False,
        "sftp_factory": None,
        "encoding": "utf-8",
        "errors": "replace",
        "keepalive_interval": KEEPALIVE,
        "keepalive_count_max": 4,
    }


def host_key(directory: Path | None = None) -> SSHKey:
    """The host's SSH key (an asyncssh private key): made on first use and kept in
    ``directory`` (the user data directory unless given), readable by its owner only
    (:func:`~a11y_dominion.files.keep_to_owner`, also on Windows). Raises OSError when
    it cannot be made or kept so, and asyncssh's KeyImportError for a damaged key file."""
    import platformdirs

    from .sshlib import asyncssh

    folder = Path(directory or platformdirs.user_data_dir("a11y-dominion"))
    path = folder / HOST_KEY_FILE
    if path.exists():
        return asyncssh.read_private_key(str(path))
    folder.mkdir(parents=True, exist_ok=True)
    key = asyncssh.generate_private_key("ssh-ed25519")
    fd = os.open(str(path), os.O_WRONLY | os.O_CREAT | os.O_EXCL | BINARY, 0o600)
    try:
        keep_to_owner(path)  # before the key is in it (on Windows the mode above means nothing)
    except OSError:
        os.close(fd)
        path.unlink()
        raise
    with os.fdopen(fd, "wb") as f:
        f.write(key.export_private_key())
    return key


def write_seats_file(
    path: str, host: str, port: int, passwords: dict[str, str], keys: dict[str, str] | None = None
) -> None:
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


def read_authorized_keys(path: str, seats: list[str]) -> dict[str, list[SSHKey]]:
    """The public keys of ``--authorized-keys FILE``: seat name to its list of
    :class:`asyncssh.SSHKey`.

    One OpenSSH public key a line (``ssh-ed25519 AAAA... Ann``), its comment
    the name of one of the remote ``seats`` (in any letter case); empty lines
    and lines starting with # are skipped. Raises :class:`AccessError` with
    one sentence for a file that cannot be read, a line that is no key, a key
    without a comment or for no remote seat, or a file without keys."""
    from .sshlib import asyncssh

    try:
        with open_regular(path) as f:
            data = f.read(KEYS_LIMIT + 1)
        if len(data) > KEYS_LIMIT:  # no file of public keys is this large
            raise UnicodeDecodeError("utf-8", data[:1], 0, 1, "too large")
        if saved_as_utf16(data):  # Windows PowerShell 5.1's > and Out-File write UTF-16
            raise AccessError(Msg(UTF16_SENTENCE, file=shown_name(path)))
        text = data.decode("utf-8-sig")  # its Out-File -Encoding utf8 puts a byte order mark first
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
    keys: dict[str, list[SSHKey]] = {}
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


# a seat's password is new_password(): 99 random bits, so guessing it from many addresses at
# once is hopeless, and no limit counts tries per seat (such a limit is what let anyone lock a
# player out of their own seat)
PASSWORD_LETTERS = "23456789abcdefghjkmnpqrstuvwxyz"  # no 0, 1, i, l or o: nothing looks like another
PASSWORD_GROUPS = 5  # groups of 4 letters, with dashes between: 20 letters of 31, 99 random bits


def new_password() -> str:
    """A fresh seat password (``str``) that reads well aloud and types without doubt: lowercase
    letters and digits with no look-alikes (no 0 or o, no 1, i or l), in 5 groups of 4 joined
    by dashes, such as ``k7m3-p9tq-2xwa-hh4e-r8nc``; 20 characters drawn by :mod:`secrets`
    from 31, about 99 random bits (more than the 96 of the former ``token_urlsafe(12)``)."""
    letters = "".join(secrets.choice(PASSWORD_LETTERS) for _ in range(4 * PASSWORD_GROUPS))
    return "-".join(letters[i : i + 4] for i in range(0, len(letters), 4))


def same_password(expected: str, typed: str) -> bool:
    """Whether the ``typed`` password is the ``expected`` one, compared in constant time.

    A password made by :func:`new_password` is taken in any letter case and with its dashes
    typed or not (spaces are ignored too); any other (one kept by a game hosted before, or a
    secret nobody knows) must be typed exactly."""
    if _made_here(expected):
        expected, typed = _letters(expected), _letters(typed)
    return hmac.compare_digest(expected.encode(), typed.encode("utf-8", "surrogatepass"))


def _made_here(password: str) -> bool:
    """Whether ``password`` has the form :func:`new_password` gives."""
    groups = password.split("-")
    return len(groups) == PASSWORD_GROUPS and all(len(g) == 4 and all(c in PASSWORD_LETTERS for c in g) for g in groups)


def _letters(password: str) -> str:
    """``password`` in lowercase without dashes and white space (bounded: at most 1,000 characters kept)."""
    return "".join(c for c in password[:1000].lower() if c not in "- \t")


MOST_ADDRESSES = 10_000  # addresses whose failures are kept; past it the least recent are forgotten


def address_key(address: str) -> str:
    """The address that failed logins are counted for: an IPv4 address as it is (an IPv4
    address written as IPv6 too), an IPv6 address by its /64 network (one client holds all
    of it), anything else as given."""
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((int(ip) >> 64 << 64, 64)))
    return str(ip)


class Verdict(NamedTuple):
    """What :meth:`LoginLimiter.attempt` decided about one password try.

    ``ok``: the password was right; ``checked``: it was looked at (False: the
    address had too many failures); ``delay``: seconds to wait before a refusal
    is answered (0 for a right password); ``retry``: for a try not looked at,
    seconds until the address may try again (else 0)."""

    ok: bool
    checked: bool
    delay: float
    retry: float


class LoginLimiter:
    """Slows down and refuses password logins by the address they come from, never by seat.

    Failed password tries are counted for each source address (:func:`address_key`)
    within ``window`` seconds. The first ``free`` failures of an address are each
    answered after ``first_delay`` seconds; each later one waits twice as long as
    the one before, up to ``longest`` seconds. Once an address has ``per_address``
    failures within the window, its password tries are refused without being
    looked at until its oldest failure leaves the window; refused tries are not
    counted, so they do not make that wait longer. A right password is let in at
    once and forgets its address's failures.

    Nothing one address does slows down or refuses a login from another, so
    nobody can lock a player out of their seat from elsewhere; public keys are
    never limited (a key cannot be guessed). One OpenSSH run makes up to 6
    password tries (3 keyboard-interactive, 3 password), well within the limit.

    ``clock()`` gives the time in seconds and ``sleep(seconds)`` waits without
    blocking the event loop (an awaitable); ``later(seconds, callback)`` calls
    ``callback`` after ``seconds`` and returns what has ``cancel()`` (None: the
    running event loop's ``call_later``). Tests give their own three.
    """

    def __init__(
        self,
        per_address: int = 20,
        window: float = 600.0,
        free: int = 3,
        first_delay: float = 1.0,
        longest: float = 60.0,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
        later: Callable[[float, Callable[[], None]], Any] | None = None,
    ):
        self.per_address = per_address
        self.window = window
        self.free = free
        self.first_delay = first_delay
        self.longest = longest
        self.clock = clock
        self.sleep = sleep
        self.later = later or (lambda seconds, callback: asyncio.get_running_loop().call_later(seconds, callback))
        self.failures: OrderedDict[str, deque[float]] = OrderedDict()  # address: the times of its recent failures

    def delay(self, n: int) -> float:
        """Seconds that the ``n``-th failure (from 1) of an address within the window waits."""
        return min(self.longest, self.first_delay * 2.0 ** max(0, n - self.free))

    def _recent(self, key: str, now: float) -> deque[float]:
        times = self.failures.get(key)
        if times is None:
            return deque(maxlen=self.per_address)
        while times and now - times[0] >= self.window:
            times.popleft()
        return times

    def attempt(self, address: str, check: Callable[[], bool]) -> Verdict:
        """One password try from ``address``: ``check()`` (whether the password is
        right) is called only if the address may try now. Counted before this
        returns, with nothing awaited, so tries made at the same time cannot pass
        the limit together."""
        key = address_key(address)
        now = self.clock()
        times = self._recent(key, now)
        if len(times) >= self.per_address:
            return Verdict(False, False, self.delay(len(times)), times[0] + self.window - now)
        if check():
            self.failures.pop(key, None)
            return Verdict(True, True, 0.0, 0.0)
        times.append(now)
        self.failures[key] = times
        self.failures.move_to_end(key)
        while len(self.failures) > MOST_ADDRESSES:  # the least recent address is forgotten
            self.failures.popitem(last=False)
        return Verdict(False, True, self.delay(len(times)), 0.0)

    def retry_after(self, address: str) -> float:
        """Seconds until a password try from ``address`` is looked at again (0: now)."""
        now = self.clock()
        times = self._recent(address_key(address), now)
        return times[0] + self.window - now if len(times) >= self.per_address else 0.0


class FailedLogins:
    """Failed logins summed up for the host's screen: at most one line each ``every`` seconds.

    ``failed(address)`` counts one failed or refused login. The first one after a
    quiet ``every`` seconds is told at once; the ones that follow within ``every``
    seconds of that line are told together when it has passed. ``say(count,
    addresses)`` prints the line (``count`` failed logins from ``addresses``
    different addresses, at most :data:`MOST_ADDRESSES` told apart);
    ``clock()`` and ``later`` are those of :class:`LoginLimiter`.
    """

    def __init__(
        self,
        say: Callable[[int, int], None],
        clock: Callable[[], float],
        later: Callable[[float, Callable[[], None]], Any],
        every: float = 60.0,
    ):
        self.say = say
        self.clock = clock
        self.later = later
        self.every = every
        self.count = 0
        self.addresses: set[str] = set()
        self.last: float | None = None  # when the last line was told
        self.timer: Any = None
        self.closed = False

    def failed(self, address: str) -> None:
        """Count one failed login from ``address``; tell it now or when the time comes."""
        if self.closed:
            return
        self.count += 1
        if len(self.addresses) < MOST_ADDRESSES:
            self.addresses.add(address_key(address))
        if self.timer is not None:
            return
        now = self.clock()
        if self.last is None or now - self.last >= self.every:
            self._tell()
        else:
            self.timer = self.later(self.last + self.every - now, self._due)

    def _due(self) -> None:
        self.timer = None
        self._tell()

    def _tell(self) -> None:
        if self.count:
            self.say(self.count, len(self.addresses))
            self.last = self.clock()
            self.count = 0
            self.addresses = set()

    def close(self) -> None:
        """The host stops: nothing more is told."""
        self.closed = True
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
