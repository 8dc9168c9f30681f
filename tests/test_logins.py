"""Logging in to a hosted game cannot lock out a seat's player.

The host runs in the test's own event loop with a clock, a sleep and a timer
of the test's (:class:`FakeTime`): the growing waits are recorded, never
waited, and the summary line on the host's screen comes when the test moves
the clock on. Players log in with the real OpenSSH client (the password
given by an ``SSH_ASKPASS`` program, the source address chosen with ``-b``);
floods of parallel logins come from asyncssh clients bound to other loopback
addresses (127.0.0.2, 127.0.0.3, ...).

- Wrong passwords from other addresses, one each or many from one, never
  refuse a seat's right password from its own address.
- One OpenSSH run's 6 wrong tries wait 1, 1, 1, 2, 4 and 8 seconds and leave
  the right password its way in.
- A seat's key always gets in, even from an address refused for passwords.
- 100 parallel wrong logins from one address have at most the limit's number
  of passwords looked at, and the host says one line a minute at most.
- A name that is no seat's is answered as a wrong password is: the same text,
  the same wait, its password compared the same way.
- A refused password's wait holds up no other login (it does not block the
  event loop).
"""

from __future__ import annotations

import asyncio
import io
import os
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from a11y_dominion.i18n import Language
from a11y_dominion.kingdoms import choose_setup
from a11y_dominion.remote.access import FailedLogins, LoginLimiter, Verdict, address_key, read_authorized_keys
from a11y_dominion.rules.game import Game, GameConfig
from a11y_dominion.seats import parse_seats
from remoteplay import key_options

WRONG = (
    "Wrong user name or password. Log in with your seat's name as the user and the password the host printed for it."
)
WRONG_OR_KEY = (
    "Wrong user name or password. Log in with your seat's name as the user and the password the host printed "
    "for it, or with your seat's SSH key."
)
ssh_needed = pytest.mark.skipif(
    shutil.which("ssh") is None or shutil.which("ssh-keygen") is None, reason="the OpenSSH client is not installed"
)
# Linux and Windows answer on all of 127.0.0.0/8; macOS on 127.0.0.1 alone unless told otherwise
other_loopback_addresses = pytest.mark.skipif(
    sys.platform == "darwin", reason="macOS has no loopback address but 127.0.0.1 by default"
)


# ------------------------------------------------------------------ the limiter and the summary
class FakeTime:
    """A clock that moves only when told; sleeps recorded and not waited; timers run by :meth:`advance`."""

    def __init__(self) -> None:
        self.now = 1000.0
        self.slept: list = []
        self.timers: list = []  # [when, callback, cancelled]
        self.gate: asyncio.Event | None = None  # when given, sleeps wait until it is set

    def clock(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        if self.gate is not None:
            await self.gate.wait()

    def later(self, seconds: float, callback):
        timer = Timer(self.now + seconds, callback)
        self.timers.append(timer)
        return timer

    def advance(self, seconds: float) -> None:
        self.now += seconds
        for timer in [t for t in self.timers if t.when <= self.now and not t.cancelled]:
            self.timers.remove(timer)
            timer.callback()

    def pending(self) -> list:
        return [t.when - self.now for t in self.timers if not t.cancelled]


class Timer:
    def __init__(self, when: float, callback) -> None:
        self.when = when
        self.callback = callback
        self.cancelled = False

    def cancel(self) -> None:
        self.cancelled = True


def limiter_for(fake: FakeTime, **limits) -> LoginLimiter:
    return LoginLimiter(clock=fake.clock, sleep=fake.sleep, later=fake.later, **limits)


def test_failures_of_one_address_wait_longer_and_longer_and_then_are_refused_unlooked():
    fake = FakeTime()
    limiter = limiter_for(fake)
    looked: list = []

    def wrong() -> bool:
        looked.append(1)
        return False

    verdicts = []
    for _ in range(22):  # one a second
        verdicts.append(limiter.attempt("10.0.0.1", wrong))
        fake.now += 1
    assert [v.delay for v in verdicts[:20]] == [1, 1, 1, 2, 4, 8, 16, 32] + [60] * 12
    assert all(v.checked and not v.ok and v.retry == 0 for v in verdicts[:20])
    # the first failure was at 1000: the address may try again at 1600
    assert verdicts[20:] == [Verdict(False, False, 60, 580), Verdict(False, False, 60, 579)]
    assert len(looked) == 20
    assert limiter.attempt("10.0.0.1", lambda: True) == Verdict(False, False, 60, 578)  # not looked at either
    assert limiter.retry_after("10.0.0.1") == 578
    # another address, whatever the seat, is neither slowed down nor refused
    assert limiter.attempt("10.0.0.2", lambda: True) == Verdict(True, True, 0, 0)
    assert limiter.attempt("10.0.0.3", wrong).delay == 1
    # refusals did not make the wait longer; the oldest failure leaving the window lets one try in
    fake.now = 1599
    assert limiter.attempt("10.0.0.1", wrong).retry == 1
    fake.now = 1600
    assert limiter.retry_after("10.0.0.1") == 0
    assert limiter.attempt("10.0.0.1", wrong) == Verdict(False, True, 60, 0)
    assert limiter.attempt("10.0.0.1", wrong) == Verdict(False, False, 60, 1)
    # a right password lets its address in at once and forgets the address's failures
    fake.now = 1601
    assert limiter.attempt("10.0.0.1", lambda: True) == Verdict(True, True, 0, 0)
    assert limiter.attempt("10.0.0.1", wrong).delay == 1
    assert len(looked) == 23


def test_an_ipv6_client_is_one_address_for_its_whole_64_network():
    assert address_key("2001:db8:1:2:aaaa::1") == address_key("2001:db8:1:2:ffff::9") == "2001:db8:1:2::/64"
    assert address_key("2001:db8:1:3::1") == "2001:db8:1:3::/64"
    assert address_key("::ffff:192.0.2.7") == "192.0.2.7" == address_key("192.0.2.7")
    assert address_key("fe80::1%eth0") == "fe80::/64"
    assert address_key("not an address") == "not an address"
    fake = FakeTime()
    limiter = limiter_for(fake, per_address=2)
    limiter.attempt("2001:db8::1", lambda: False)
    limiter.attempt("2001:db8::2", lambda: False)
    assert not limiter.attempt("2001:db8::3", lambda: True).checked
    assert limiter.attempt("2001:db8:0:1::3", lambda: True).ok


def test_failed_logins_are_told_one_line_a_minute_at_most():
    fake = FakeTime()
    said: list = []
    report = FailedLogins(lambda n, a: said.append((n, a)), fake.clock, fake.later)
    report.failed("10.0.0.1")
    assert said == [(1, 1)]  # the first after a quiet minute at once
    for i in range(99):
        report.failed(f"10.0.0.{i % 3 + 1}")
    assert said == [(1, 1)] and fake.pending() == [60]
    fake.advance(59.5)
    assert said == [(1, 1)]
    fake.advance(0.5)
    assert said == [(1, 1), (99, 3)] and fake.pending() == []
    fake.advance(30)
    report.failed("::ffff:10.0.0.1")
    assert said == [(1, 1), (99, 3)] and fake.pending() == [30]
    report.close()
    fake.advance(60)
    assert said == [(1, 1), (99, 3)]
    fake.advance(60)
    report.failed("10.0.0.5")
    assert said == [(1, 1), (99, 3)] and fake.pending() == []


# ------------------------------------------------------------------ the host, logged in to
class Hosted:
    """A host of ``players`` in this event loop, its limiter timed by ``fake``; ``printed``:
    the host's screen; ``looked``: the user names whose password was compared."""

    def __init__(self, tmp_path: Path, fake: FakeTime, players: str, keys: dict | None = None) -> None:
        from a11y_dominion.remote import GameHost

        specs = parse_seats(players, remote=True)
        piles, events, landmarks = choose_setup("basic-intro", None, None, 1)
        game = Game(GameConfig([s.name for s in specs], piles, events, landmarks, 1))
        self.printed: list = []
        self.host = GameHost(
            game, specs, 1, Language("en"), out=self.printed.append, keys=keys, limiter=limiter_for(fake)
        )
        self.looked: list = []
        password_ok = self.host.password_ok

        def spy(user: str, password: str) -> bool:
            self.looked.append(user)
            return password_ok(user, password)

        self.host.password_ok = spy  # type: ignore[method-assign]
        self.tmp_path = tmp_path
        self.task: asyncio.Future | None = None

    async def __aenter__(self) -> Hosted:
        self.task = asyncio.ensure_future(
            self.host.serve("127.0.0.1", 0, key_dir=self.tmp_path / "host-key", stdin=io.StringIO())
        )
        while self.host.port is None:
            assert not self.task.done(), self.task.exception()
            await asyncio.sleep(0.01)
        return self

    async def __aexit__(self, *exc) -> None:
        self.host.stop()
        assert self.task is not None
        await asyncio.wait_for(self.task, 60)

    @property
    def port(self) -> int:
        assert self.host.port is not None
        return self.host.port

    def password(self, seat: str) -> str:
        return self.host.passwords[seat]

    def login_lines(self) -> list:
        return [x for x in self.printed if "login" in x]


async def asyncssh_login(port: int, user: str, password: str, source: str = "127.0.0.1") -> tuple:
    """One password try by an asyncssh client from ``source``: (whether it got in, the banners it was sent)."""
    import asyncssh

    banners: list = []

    class Client(asyncssh.SSHClient):
        def auth_banner_received(self, msg: str, lang: str) -> None:
            banners.append(msg)

    try:
        conn, _ = await asyncssh.create_connection(
            Client,
            "127.0.0.1",
            port,
            username=user,
            password=password,
            known_hosts=None,
            local_addr=(source, 0),
            client_keys=None,
            agent_path=None,
            preferred_auth="password",
        )
    except asyncssh.PermissionDenied:
        return False, banners
    conn.close()
    await conn.wait_closed()
    return True, banners


SSH_OPTIONS = [
    "-T",
    "-o",
    "StrictHostKeyChecking=no",
    "-o",
    "UserKnownHostsFile=/dev/null",
    "-o",
    "SetEnv=A11Y_DOMINION_LANG=en",
    "-o",
    "LogLevel=INFO",  # the server's banners are shown
]


def askpass(tmp_path: Path, password: str) -> dict:
    """The environment for ``ssh`` to type ``password`` at every password prompt."""
    program = tmp_path / f"askpass-{len(list(tmp_path.glob('askpass-*')))}"
    program.write_text(f"#!{sys.executable}\nprint({password!r})\n")
    program.chmod(0o700)
    env = dict(os.environ, SSH_ASKPASS=str(program), SSH_ASKPASS_REQUIRE="force")
    env.pop("DISPLAY", None)
    return env


async def openssh(port: int, user: str, options: list, env: dict | None = None, source: str = "127.0.0.1") -> tuple:
    """The real ``ssh`` client logging in as ``user`` from ``source``: (its exit code, what it
    printed on standard error, what the game sent until ``Welcome``), its session ended at once."""
    proc = await asyncio.create_subprocess_exec(
        "ssh",
        *SSH_OPTIONS,
        *options,
        "-b",
        source,
        "-p",
        str(port),
        f"{user}@127.0.0.1",
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        start_new_session=True,  # no terminal to ask a password at: only SSH_ASKPASS
    )
    assert proc.stdout is not None and proc.stderr is not None and proc.stdin is not None
    got = b""
    while b"Welcome" not in got:
        part = await asyncio.wait_for(proc.stdout.read(4096), 60)
        if not part:
            break
        got += part
    proc.stdin.close()
    err = await asyncio.wait_for(proc.stderr.read(), 60)
    code = await asyncio.wait_for(proc.wait(), 60)
    return code, err.decode(), got.decode()


PASSWORDS = ["-o", "PubkeyAuthentication=no", "-o", "IdentityAgent=none"]


def run(body) -> None:
    asyncio.run(asyncio.wait_for(body(), 240))


@pytest.mark.posix
@ssh_needed
@other_loopback_addresses
@pytest.mark.e2e  # ssh over the network, ssh in another process
def test_wrong_passwords_from_other_addresses_never_lock_out_bea(tmp_path):
    fake = FakeTime()

    async def body() -> None:
        async with Hosted(tmp_path, fake, "Ann:remote,Bea:remote,Bot:bigmoney") as h:
            one_each = [asyncssh_login(h.port, "Bea", f"guess{i}", f"127.0.0.{i + 2}") for i in range(35)]
            one_address = [asyncssh_login(h.port, "Bea", f"guess{i}", "127.0.0.40") for i in range(40)]
            results = await asyncio.gather(*one_each, *one_address)
            assert [got_in for got_in, _ in results] == [False] * 75
            code, err, out = await openssh(
                h.port, "Bea", PASSWORDS + ["-o", "NumberOfPasswordPrompts=1"], askpass(tmp_path, h.password("Bea"))
            )
            assert "Welcome, Bea." in out, (code, err, out)
            assert "Bea has joined; 1 seat still empty: Ann." in h.printed
            assert len(h.looked) == 35 + 20 + 1  # 127.0.0.40 was refused once at its limit

    run(body)


@pytest.mark.posix
@ssh_needed
@pytest.mark.e2e  # ssh over the network, ssh in another process
def test_one_openssh_run_of_wrong_tries_waits_longer_each_time_and_the_right_password_still_gets_in(tmp_path):
    fake = FakeTime()

    async def body() -> None:
        async with Hosted(tmp_path, fake, "Ann:remote,Bea:remote,Bot:bigmoney") as h:
            code, err, out = await openssh(h.port, "Bea", PASSWORDS, askpass(tmp_path, "not it"))
            assert code == 255 and out == ""
            right, right_err, right_out = await openssh(h.port, "Bea", PASSWORDS, askpass(tmp_path, h.password("Bea")))
            assert "Welcome, Bea." in right_out, (right, right_err, right_out)
            # keyboard-interactive then password, 3 tries each: 6 passwords looked at, each wait longer
            assert err.count(WRONG) == 6, err
            assert h.looked == ["Bea"] * 7
            assert fake.slept == [1, 1, 1, 2, 4, 8]  # and the right password let in at once
            assert h.login_lines() == ["1 failed login from 1 address in the last minute."]
            fake.advance(60)
            assert h.login_lines() == [
                "1 failed login from 1 address in the last minute.",
                "5 failed logins from 1 address in the last minute.",
            ]

    run(body)


def keygen(path: Path, comment: str) -> None:
    subprocess.run(
        ["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", comment, "-f", str(path)], check=True, timeout=30
    )


def bea_s_key(tmp_path: Path) -> dict:
    """A key made for Bea (``tmp_path/bea.key``) and the host's authorized keys of Ann and Bea's table."""
    keygen(tmp_path / "bea.key", "Bea")
    authorized = tmp_path / "authorized_keys"
    authorized.write_text(Path(f"{tmp_path / 'bea.key'}.pub").read_text())
    return read_authorized_keys(str(authorized), ["Ann", "Bea"])


@pytest.mark.posix
@ssh_needed
@other_loopback_addresses
@pytest.mark.e2e  # ssh over the network, ssh-keygen in another process
def test_bea_s_key_always_gets_in_even_from_an_address_refused_for_passwords(tmp_path):
    fake = FakeTime()
    keys = bea_s_key(tmp_path)

    async def body() -> None:
        async with Hosted(tmp_path, fake, "Ann:remote,Bea:remote,Bot:bigmoney", keys) as h:
            flood = [asyncssh_login(h.port, ("Ann", "Bea", "Zed")[i % 3], f"guess{i}") for i in range(60)]
            assert {got_in for got_in, _ in await asyncio.gather(*flood)} == {False}
            # 127.0.0.1 is refused for passwords: Ann's right one is not looked at
            got_in, banners = await asyncssh_login(h.port, "Ann", h.password("Ann"))
            assert not got_in
            assert banners == ["Too many failed logins from your address; try again in 10 minutes.\r\n"]
            code, err, out = await openssh(h.port, "Bea", key_options(tmp_path / "bea.key"))
            assert "Welcome, Bea." in out, (code, err, out)
            # Ann from her own address is let in
            got_in, banners = await asyncssh_login(h.port, "Ann", h.password("Ann"), "127.0.0.2")
            assert got_in and banners == []
            assert "Bea has joined; 1 seat still empty: Ann." in h.printed

    run(body)


@ssh_needed
@pytest.mark.e2e  # ssh over the network
def test_100_parallel_wrong_logins_look_at_20_passwords_and_the_host_says_one_line_a_minute(tmp_path):
    fake = FakeTime()

    async def body() -> None:
        async with Hosted(tmp_path, fake, "Ann:remote,Bea:remote,Bot:bigmoney") as h:
            flood = [asyncssh_login(h.port, ("Ann", "Bea", "Zed")[i % 3], f"guess{i}") for i in range(100)]
            results = await asyncio.gather(*flood)
            assert {got_in for got_in, _ in results} == {False}
            assert h.login_lines() == ["1 failed login from 1 address in the last minute."]
            assert len(h.looked) == 20
            told = Counter(tuple(banners) for _, banners in results)
            assert told == {
                (WRONG + "\r\n",): 20,
                ("Too many failed logins from your address; try again in 10 minutes.\r\n",): 80,
            }
            assert sorted(fake.slept) == sorted([1, 1, 1, 2, 4, 8, 16, 32] + [60] * 92)
            fake.advance(59)
            assert len(h.login_lines()) == 1
            fake.advance(1)
            assert h.login_lines() == [
                "1 failed login from 1 address in the last minute.",
                "99 failed logins from 1 address in the last minute.",
            ]

    run(body)


@pytest.mark.posix
@ssh_needed
@other_loopback_addresses
@pytest.mark.e2e  # ssh over the network, ssh in another process
def test_a_name_that_is_no_seat_is_answered_as_a_wrong_password(tmp_path):
    fake = FakeTime()

    async def body() -> None:
        async with Hosted(tmp_path, fake, "Ann:remote,Bea:remote,Bot:bigmoney") as h:
            answers = {}
            for user, source in (("Zed", "127.0.0.2"), ("Ann", "127.0.0.3"), ("ann", "127.0.0.4")):
                slept = len(fake.slept)
                code, err, out = await openssh(
                    h.port,
                    user,
                    PASSWORDS + ["-o", "NumberOfPasswordPrompts=1", "-o", "KbdInteractiveAuthentication=no"],
                    askpass(tmp_path, "guess"),
                    source,
                )
                assert code == 255 and out == ""
                answers[user] = (err.replace(user, "USER"), fake.slept[slept:])
            assert answers["Zed"] == answers["Ann"] == answers["ann"]
            assert answers["Zed"] == (
                f"Warning: Permanently added '[127.0.0.1]:{h.port}' (ED25519) to the list of known hosts.\r\n"
                f"{WRONG}\r\n"
                "USER@127.0.0.1: Permission denied (keyboard-interactive,password).\r\n",
                [1],
            )
            assert h.looked == ["Zed", "Ann", "ann"]  # each password compared
            # the asyncssh client is sent the same banner, for a seat and for no seat
            zed = await asyncssh_login(h.port, "Zed", "guess", "127.0.0.5")
            bea = await asyncssh_login(h.port, "Bea", "guess", "127.0.0.6")
            assert zed == bea == (False, [WRONG + "\r\n"])

    run(body)


@ssh_needed
@other_loopback_addresses
@pytest.mark.e2e  # ssh over the network
def test_a_wrong_password_s_wait_holds_up_nobody_else(tmp_path):
    fake = FakeTime()

    async def body() -> None:
        async with Hosted(tmp_path, fake, "Ann:remote,Bea:remote,Bot:bigmoney") as h:
            fake.gate = asyncio.Event()  # every wait lasts until the test ends it
            waiting = [asyncio.ensure_future(asyncssh_login(h.port, "Bea", "guess", "127.0.0.2")) for _ in range(5)]
            while len(fake.slept) < 5:
                await asyncio.sleep(0.01)
            assert not any(w.done() for w in waiting)
            assert await asyncssh_login(h.port, "Bea", h.password("Bea")) == (True, [])
            assert not any(w.done() for w in waiting)
            fake.gate.set()
            assert [got_in for got_in, _ in await asyncio.gather(*waiting)] == [False] * 5

    run(body)


@ssh_needed
@other_loopback_addresses
@pytest.mark.e2e  # ssh over the network, ssh-keygen in another process
def test_with_key_seats_a_password_for_a_key_seat_is_answered_as_one_for_no_seat(tmp_path):
    fake = FakeTime()
    keys = bea_s_key(tmp_path)

    async def body() -> None:
        async with Hosted(tmp_path, fake, "Ann:remote,Bea:remote,Bot:bigmoney", keys) as h:
            zed = await asyncssh_login(h.port, "Zed", "guess", "127.0.0.2")
            bea = await asyncssh_login(h.port, "Bea", "guess", "127.0.0.3")
            ann = await asyncssh_login(h.port, "Ann", "guess", "127.0.0.4")
            assert zed == bea == ann == (False, [WRONG_OR_KEY + "\r\n"])
            assert fake.slept == [1, 1, 1]

    run(body)


def test_a_wait_is_said_in_seconds_under_a_minute_and_else_in_whole_minutes():
    from a11y_dominion.remote.host import wait_words

    en, nl = Language("en"), Language("nl")
    assert [wait_words(x, en) for x in (0.2, 1, 59, 59.5, 60, 61, 578, 600)] == [
        "1 second",
        "1 second",
        "59 seconds",
        "1 minute",
        "1 minute",
        "2 minutes",
        "10 minutes",
        "10 minutes",
    ]
    assert [wait_words(x, nl) for x in (30, 60, 600)] == ["30 seconden", "1 minuut", "10 minuten"]


def test_the_summary_line_is_said_in_the_host_s_language():
    from a11y_dominion.remote import GameHost

    for code, lines in (
        (
            "en",
            [
                "1 failed login from 1 address in the last minute.",
                "7 failed logins from 3 addresses in the last minute.",
            ],
        ),
        (
            "nl",
            [
                "1 mislukte aanmelding vanaf 1 adres in de afgelopen minuut.",
                "7 mislukte aanmeldingen vanaf 3 adressen in de afgelopen minuut.",
            ],
        ),
    ):
        specs = parse_seats("Ann:remote,Bot:bigmoney", remote=True)
        piles, events, landmarks = choose_setup("basic-intro", None, None, 1)
        game = Game(GameConfig([s.name for s in specs], piles, events, landmarks, 1))
        printed: list = []
        host = GameHost(game, specs, 1, Language(code), out=printed.append)
        host._say_failed(1, 1)
        host._say_failed(7, 3)
        assert printed == lines


def test_a_seat_password_is_five_groups_of_four_without_look_alikes_and_at_least_96_bits():
    import math
    import re

    from a11y_dominion.remote.access import PASSWORD_LETTERS, new_password, same_password

    made = [new_password() for _ in range(200)]
    assert all(re.fullmatch(r"([2-9a-hjkmnp-z]{4}-){4}[2-9a-hjkmnp-z]{4}", p) for p in made), made[:3]
    assert len(set(made)) == 200
    assert not set("01ilo") & set(PASSWORD_LETTERS) and len(set(PASSWORD_LETTERS)) == 31
    assert math.log2(31) * 20 > 99  # the 96 bits of secrets.token_urlsafe(12), and more
    p = made[0]
    # said aloud and typed back: any letter case, the dashes typed or not, spaces between groups
    assert same_password(p, p) and same_password(p, p.upper()) and same_password(p, p.replace("-", ""))
    assert same_password(p, p.replace("-", " "))
    assert not same_password(p, p[:-1]) and not same_password(p, p + "2") and not same_password(p, "")
    other = "2" if p[-1] != "2" else "3"
    assert not same_password(p, p[:-1] + other)
    # a password kept by a game hosted before (secrets.token_urlsafe) is typed exactly
    assert same_password("8h3uspPsJ59XJTCK", "8h3uspPsJ59XJTCK")
    assert not same_password("8h3uspPsJ59XJTCK", "8h3usppsj59xjtck")


@ssh_needed
@pytest.mark.e2e  # ssh over the network
def test_bea_s_password_typed_in_capitals_without_dashes_gets_in_and_ann_s_does_not(tmp_path):
    fake = FakeTime()

    async def body() -> None:
        async with Hosted(tmp_path, fake, "Ann:remote,Bea:remote,Bot:bigmoney") as h:
            typed = h.password("Bea").upper().replace("-", "")
            assert len(typed) == 20
            assert await asyncssh_login(h.port, "Bea", typed) == (True, [])
            got_in, _ = await asyncssh_login(h.port, "Bea", h.password("Ann"))
            assert not got_in

    run(body)
