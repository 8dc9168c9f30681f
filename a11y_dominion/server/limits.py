"""Rate limits of the server: token buckets, one for each address or account.

A :class:`TokenBucket` holds up to ``capacity`` tokens and gains ``per_second`` of them each
second; each action takes one, and an action with no token left is refused. A
:class:`Limiter` keeps one bucket for each key (an address, by
:func:`~a11y_dominion.remote.access.address_key`, or an account) and says of each action
``"ok"``, ``"tell"`` (the first one refused of a flood: say so once) or ``"drop"``, as
:class:`~a11y_dominion.remote.protocol.Rate` does for lines. :class:`Rates` is the server's
set, made from the operator's ``[limits]`` and ``[signup]``: connections and sign-ups by
address, typed lines and chat by account and by address, and failed passwords by name and
address, with a looser bound by address (:class:`PasswordTries`, two
:class:`~a11y_dominion.remote.access.LoginLimiter`).

Every clock is injectable (``clock()``: seconds, :func:`time.monotonic` unless given), so the
tests run on a fake one.
"""

from __future__ import annotations

import asyncio
import math
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import Any, Literal

from ..i18n import N_, Language
from ..remote.access import MOST_ADDRESSES, LoginLimiter, address_key
from ..remote.access import Verdict as PasswordVerdict
from ..rules.decisions import Msg
from .config import ServerConfig
from .names import name_key

Clock = Callable[[], float]
EPSILON = 1e-9
"""Tokens a bucket may lack and still give one: the rounding of many small refills (a third
of a token a second, refilled after 2.5 s and after 0.5 s, is 0.9999999999999999 tokens)."""
Verdict = Literal["ok", "tell", "drop"]


class TokenBucket:
    """Up to ``capacity`` tokens (full at first), gaining ``per_second`` tokens a second by
    ``clock()`` (``math.inf``: always full). Raises ValueError for a capacity under 1 or a
    negative rate."""

    def __init__(self, capacity: float, per_second: float, clock: Clock = time.monotonic) -> None:
        if capacity < 1 or per_second < 0:
            raise ValueError("a bucket needs a capacity of at least 1 and a rate of at least 0")
        self.capacity = capacity
        self.per_second = per_second
        self.clock = clock
        self.tokens = float(capacity)
        self.stamp = clock()

    def _refill(self) -> float:
        now = self.clock()
        elapsed = max(0.0, now - self.stamp)
        self.stamp = now
        if self.per_second == math.inf:
            self.tokens = float(self.capacity)
        elif elapsed:
            self.tokens = min(float(self.capacity), self.tokens + elapsed * self.per_second)
        return now

    def take(self, n: float = 1.0) -> bool:
        """Take ``n`` tokens when there are that many (True), else take none (False)."""
        self._refill()
        if self.tokens + EPSILON >= n:
            self.tokens = max(0.0, self.tokens - n)
            return True
        return False

    def wait(self, n: float = 1.0) -> float:
        """Seconds until ``n`` tokens are there (0: now; ``math.inf``: never, at a rate of 0
        or for more than the capacity)."""
        self._refill()
        if self.tokens + EPSILON >= n:
            return 0.0
        if self.per_second == 0 or n > self.capacity:
            return math.inf
        return (n - self.tokens) / self.per_second

    def full(self) -> bool:
        """True when the bucket holds its whole capacity again (it can be forgotten)."""
        self._refill()
        return self.tokens + EPSILON >= self.capacity


class Limiter:
    """One :class:`TokenBucket` (``capacity``, ``per_second``, ``clock``) for each key, made
    at the key's first action. At most ``most_keys`` keys are kept: past it, buckets that
    are full again are forgotten, then the least recently used."""

    def __init__(
        self, capacity: float, per_second: float, clock: Clock = time.monotonic, most_keys: int = MOST_ADDRESSES
    ) -> None:
        TokenBucket(capacity, per_second, clock)  # the same ValueError for bad figures, at once
        self.capacity = capacity
        self.per_second = per_second
        self.clock = clock
        self.most_keys = most_keys
        self.buckets: OrderedDict[str, TokenBucket] = OrderedDict()
        self.told: set[str] = set()  # the keys whose flood was said

    def take(self, key: str) -> Verdict:
        """One action of ``key``: ``"ok"`` (a token was taken), ``"tell"`` (refused, the first
        one since the last action let through) or ``"drop"`` (refused again)."""
        bucket = self.buckets.get(key)
        if bucket is None:
            self._make_room()
            bucket = self.buckets[key] = TokenBucket(self.capacity, self.per_second, self.clock)
        self.buckets.move_to_end(key)
        if bucket.take():
            self.told.discard(key)
            return "ok"
        if key in self.told:
            return "drop"
        self.told.add(key)
        return "tell"

    def wait(self, key: str) -> float:
        """Seconds until ``key`` may act again (0: now)."""
        bucket = self.buckets.get(key)
        return 0.0 if bucket is None else bucket.wait()

    def _make_room(self) -> None:
        """Forget keys until one more fits within ``most_keys``."""
        if len(self.buckets) < self.most_keys:
            return
        for key in [k for k, b in self.buckets.items() if b.full()]:
            del self.buckets[key]
            self.told.discard(key)
        while len(self.buckets) >= self.most_keys:
            key, _ = self.buckets.popitem(last=False)
            self.told.discard(key)


PER_NAME = 20
"""Failed passwords of one name from one address within :data:`WINDOW` before that name's
password tries from that address are refused."""

PER_ADDRESS = 100
"""Failed passwords of every name from one address within :data:`WINDOW` before all password
tries from that address are refused: looser than :data:`PER_NAME`, so that the players behind
one router (one address) do not lock each other out, yet a guesser trying many names stops."""

WINDOW = 600.0
"""Seconds a failed password counts."""


class PasswordTries:
    """Failed password logins of the server, counted by name and address and by address alone.

    A name (by :func:`~.names.name_key`, so in any letter case) from one address may fail
    ``per_name`` times within ``window`` seconds; then that name's password tries from that
    address are refused until its oldest failure is ``window`` seconds old. Every address may
    fail ``per_address`` times in all within the window, whatever the names; then all its
    password tries are refused likewise. So another player on your address (a home router, a
    school's network) who mistypes or guesses your password cannot lock you out, and a guesser
    who tries many names still stops. The waits before a refusal is answered grow with the
    name's failures as :class:`~a11y_dominion.remote.access.LoginLimiter`'s do; a right password
    forgets its name's failures at that address, not the address's.

    ``clock()``: seconds; ``sleep(seconds)``: an awaitable wait (tests give their own)."""

    def __init__(
        self,
        per_name: int = PER_NAME,
        per_address: int = PER_ADDRESS,
        window: float = WINDOW,
        clock: Clock = time.monotonic,
        sleep: Callable[[float], Awaitable[Any]] = asyncio.sleep,
    ) -> None:
        self.sleep = sleep
        self.by_name = LoginLimiter(per_address=per_name, window=window, clock=clock, sleep=sleep)
        # no wait of its own (its free failures are all of them): the name's waits slow a guesser
        self.by_address = LoginLimiter(
            per_address=per_address, window=window, free=per_address, clock=clock, sleep=sleep
        )

    @staticmethod
    def _key(name: str, address: str) -> str:
        return f"{name_key(name)}\n{address_key(address)}"  # (no name holds a line break)

    def retry_after(self, name: str, address: str) -> tuple[float, Literal["name", "address"]]:
        """Seconds until a password try of ``name`` from ``address`` is looked at again (0: now),
        and which bound refuses it: ``"address"`` (every name from there) or ``"name"``."""
        wait = self.by_address.retry_after(address)
        if wait > 0:
            return wait, "address"
        return self.by_name.retry_after(self._key(name, address)), "name"

    def attempt(self, name: str, address: str, check: Callable[[], bool]) -> PasswordVerdict:
        """One password try of ``name`` from ``address``: ``check()`` (whether the password is
        right) is called only when neither bound refuses it; a failure counts for both.
        Counted before this returns, with nothing awaited."""
        wait, _bound = self.retry_after(name, address)
        if wait > 0:
            return PasswordVerdict(False, False, self.by_name.first_delay, wait)
        verdict = self.by_name.attempt(self._key(name, address), check)
        if verdict.checked and not verdict.ok:
            self.by_address.attempt(address, lambda: False)
        return verdict


ADDRESS_SHARE = 4
"""How many accounts' worth of typed lines and chat one address may send together: the players
of a household or a club behind one router each type at their own account's rate."""


class Rates:
    """The server's limits, from ``config`` (``[limits]`` and ``[signup]``), on ``clock``:

    - ``connections``: new connections by address, a burst of
      ``connections_per_minute_per_address`` and as many a minute;
    - ``signups``: accounts made by address, ``per_address_per_hour`` an hour;
    - ``lines``: typed lines by account, ``lines_per_second`` a second;
    - ``chat``: chat lines by account, a burst of ``chat_lines``, then one each
      ``chat_seconds_per_line`` seconds (0: no wait);
    - ``address_lines`` and ``address_chat``: the same by address, :data:`ADDRESS_SHARE` times
      as many, for all the accounts of one address together (so that many accounts from one
      address cannot flood the server, yet a household behind one router is not held up);
    - ``logins``: failed passwords by name and address, and by address (:class:`PasswordTries`).

    The address methods key an address by :func:`~a11y_dominion.remote.access.address_key`
    (an IPv6 address by its /64)."""

    def __init__(self, config: ServerConfig | None = None, clock: Clock = time.monotonic) -> None:
        config = config or ServerConfig()
        limits, signup = config.limits, config.signup
        per_minute = limits.connections_per_minute_per_address
        self.connections = Limiter(per_minute, per_minute / 60, clock)
        self.signups = Limiter(signup.per_address_per_hour, signup.per_address_per_hour / 3600, clock)
        self.lines = Limiter(limits.lines_per_second, limits.lines_per_second, clock)
        seconds = limits.chat_seconds_per_line
        self.chat = Limiter(limits.chat_lines, 1 / seconds if seconds else math.inf, clock)
        share = ADDRESS_SHARE
        self.address_lines = Limiter(share * limits.lines_per_second, share * limits.lines_per_second, clock)
        self.address_chat = Limiter(share * limits.chat_lines, share / seconds if seconds else math.inf, clock)
        self.logins = PasswordTries(clock=clock)
        self.signups_an_hour = signup.per_address_per_hour

    def connection(self, address: str) -> Verdict:
        """A new connection from ``address``."""
        return self.connections.take(address_key(address))

    def signup(self, address: str) -> Verdict:
        """An account made from ``address`` (counted when the sign-up is confirmed)."""
        return self.signups.take(address_key(address))

    def signup_left(self, address: str) -> bool:
        """Whether ``address`` may make one more account now (nothing is counted: asked before
        the sign-up begins, so that a refusal comes before any question)."""
        return self.signups.wait(address_key(address)) <= 0

    @staticmethod
    def _shared(mine: Limiter, ours: Limiter, account: int, address: str | None) -> Verdict:
        """One action of ``account`` from ``address`` (None: not known), within the account's
        limit ``mine`` and the address's ``ours``: a refusal by the address is told to each
        account once a flood, as the account's own is; a refused action takes no token."""
        key = str(account)
        if address is not None and ours.wait(address_key(address)) > 0:
            if key in mine.told:
                return "drop"
            mine.told.add(key)
            return "tell"
        verdict = mine.take(key)
        if verdict == "ok" and address is not None:
            ours.take(address_key(address))
        return verdict

    def line(self, account: int, address: str | None = None) -> Verdict:
        """A line typed by the account numbered ``account``, in any of its sessions, from
        ``address`` (all the accounts of an address share :data:`ADDRESS_SHARE` times its rate)."""
        return self._shared(self.lines, self.address_lines, account, address)

    def line_read(self, account: int, address: str | None, say: Callable[[str], None], lang: Language) -> bool:
        """Whether a line typed by the account numbered ``account`` from ``address`` is read
        (:meth:`line`); the first one dropped of a flood says so, once, through ``say`` in ``lang``."""
        verdict = self.line(account, address)
        if verdict == "tell":
            say(lang._(N_("Too many lines at once; the rest were dropped.")))
        return verdict == "ok"

    def chat_line(self, account: int, address: str | None = None) -> Verdict:
        """A line of chat (``say``, ``tell``, at a table) by the account numbered ``account``
        from ``address``, within the account's limit and the address's."""
        return self._shared(self.chat, self.address_chat, account, address)

    def chat_refusal(self, account: int, address: str | None = None) -> Msg:
        """The sentence for a chat line of ``account`` from ``address`` that :meth:`chat_line`
        refused: how many whole seconds to wait (at least 1)."""
        wait = self.chat.wait(str(account))
        if address is not None:
            wait = max(wait, self.address_chat.wait(address_key(address)))
        seconds = max(1, math.ceil(wait))
        return Msg(
            "You are chatting too fast, so that line was not said; wait {seconds} {seconds:second|seconds}.",
            seconds=seconds,
        )

    def signup_refusal(self) -> Msg:
        """The sentence for a sign-up that :meth:`signup` refused."""
        count = self.signups_an_hour
        return Msg("This address made {count} {count:account|accounts} in the last hour; try again later.", count=count)
