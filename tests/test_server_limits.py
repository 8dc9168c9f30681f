"""Rate limits of the server (a11y_dominion/server/limits.py) on a fake clock: the token bucket,
one bucket a key with a flood told once, the keys kept bounded, and the server's set of limits
made from the operator's file (connections and sign-ups by address, lines and chat by account and
by address)."""

from __future__ import annotations

import math

import pytest

from a11y_dominion.i18n import Language
from a11y_dominion.server.config import parse_config
from a11y_dominion.server.limits import Limiter, Rates, TokenBucket


class FakeClock:
    """Seconds that pass only when the test says so."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


def test_a_bucket_gives_its_burst_then_refills_at_its_rate(clock):
    bucket = TokenBucket(3, 0.5, clock)  # 3 at once, then one each 2 seconds
    assert [bucket.take() for _ in range(4)] == [True, True, True, False]
    assert bucket.wait() == 2.0
    clock.advance(1.0)
    assert not bucket.take()
    assert bucket.wait() == 1.0
    clock.advance(1.0)
    assert bucket.take()
    assert not bucket.take()
    clock.advance(100.0)  # never more than its capacity
    assert bucket.full() and bucket.tokens == 3
    assert [bucket.take() for _ in range(4)] == [True, True, True, False]


def test_a_bucket_takes_none_when_it_has_too_few(clock):
    bucket = TokenBucket(5, 1, clock)
    assert bucket.take(4)
    assert not bucket.take(2)
    assert bucket.tokens == 1  # nothing taken by the refusal
    assert bucket.wait(6) == math.inf  # more than it can ever hold


def test_a_bucket_at_rate_0_never_refills_and_one_at_inf_is_always_full(clock):
    empty = TokenBucket(1, 0, clock)
    assert empty.take() and not empty.take()
    clock.advance(1e9)
    assert not empty.take() and empty.wait() == math.inf
    free = TokenBucket(2, math.inf, clock)
    assert all(free.take() for _ in range(100))


def test_a_clock_that_goes_back_refills_nothing(clock):
    bucket = TokenBucket(1, 1, clock)
    assert bucket.take()
    clock.advance(-50)
    assert not bucket.take()


@pytest.mark.parametrize("capacity, rate", [(0, 1), (1, -1)])
def test_a_bucket_needs_a_capacity_and_a_rate(capacity, rate, clock):
    with pytest.raises(ValueError):
        TokenBucket(capacity, rate, clock)
    with pytest.raises(ValueError):
        Limiter(capacity, rate, clock)


def test_a_limiter_keeps_a_bucket_a_key_and_tells_a_flood_once(clock):
    limiter = Limiter(2, 1, clock)
    assert [limiter.take("a") for _ in range(5)] == ["ok", "ok", "tell", "drop", "drop"]
    assert limiter.take("b") == "ok"  # another key is not slowed
    assert limiter.wait("a") == 1.0 and limiter.wait("unknown") == 0.0
    clock.advance(1.0)
    assert [limiter.take("a") for _ in range(3)] == ["ok", "tell", "drop"]  # a new flood is told again


def test_a_limiter_keeps_at_most_its_keys_forgetting_the_full_first(clock):
    limiter = Limiter(2, 1, clock, most_keys=3)
    for key in ("a", "b", "c"):
        limiter.take(key)
    limiter.take("a")  # a is empty now, b and c refill
    clock.advance(1.0)
    limiter.take("d")
    assert set(limiter.buckets) == {"a", "d"}
    assert limiter.take("a") == "ok"  # a's one token came back in the second
    assert limiter.take("a") == "tell"  # its bucket was kept: still limited
    for key in ("e", "f", "g"):
        limiter.take(key)
    assert len(limiter.buckets) == 3
    assert "a" not in limiter.buckets  # past the bound with none full, the least recently used goes


def test_the_server_s_rates_from_the_operator_s_file(clock):
    config = parse_config(
        "[limits]\nconnections_per_minute_per_address = 2\nlines_per_second = 3\nchat_lines = 2\n"
        "chat_seconds_per_line = 3\n[signup]\nper_address_per_hour = 1\n",
        "server.toml",
    )
    rates = Rates(config, clock)
    assert [rates.connection("192.0.2.1") for _ in range(3)] == ["ok", "ok", "tell"]
    assert rates.connection("192.0.2.2") == "ok"
    # an IPv6 address is counted by its /64, so one client's many addresses are one
    assert [rates.connection(f"2001:db8::{n}") for n in (1, 2, 3)] == ["ok", "ok", "tell"]
    clock.advance(30)  # two a minute: one back after 30 s
    assert rates.connection("192.0.2.1") == "ok"
    assert [rates.line(7) for _ in range(4)] == ["ok", "ok", "ok", "tell"]
    assert rates.line(8) == "ok"
    assert [rates.chat_line(7) for _ in range(3)] == ["ok", "ok", "tell"]
    assert rates.chat_refusal(7) == "You are chatting too fast, so that line was not said; wait 3 seconds."
    clock.advance(2.5)
    assert rates.chat_refusal(7) == "You are chatting too fast, so that line was not said; wait 1 second."
    dutch = "Je chat te snel, dus die regel is niet gezegd; wacht 1 seconde."
    assert Language("nl").msg(rates.chat_refusal(7)) == dutch
    clock.advance(0.5)
    assert rates.chat_line(7) == "ok"
    assert rates.signup_left("198.51.100.4")
    assert [rates.signup("198.51.100.4") for _ in range(2)] == ["ok", "tell"]
    assert not rates.signup_left("198.51.100.4") and rates.signup_left("198.51.100.5")
    assert rates.signup_refusal() == "This address made 1 account in the last hour; try again later."
    assert Language("nl").msg(rates.signup_refusal()) == (
        "Vanaf dit adres is in het afgelopen uur 1 account gemaakt; probeer het later opnieuw."
    )
    clock.advance(3600)
    assert rates.signup_left("198.51.100.4")
    assert rates.signup("198.51.100.4") == "ok"


def test_chat_without_a_wait_is_a_burst_only_when_the_operator_says_0(clock):
    rates = Rates(parse_config("[limits]\nchat_lines = 1\nchat_seconds_per_line = 0\n", "server.toml"), clock)
    assert all(rates.chat_line(1) == "ok" for _ in range(50))


def test_the_default_rates_are_the_design_s(clock):
    rates = Rates(clock=clock)
    assert [rates.line(1) for _ in range(21)] == ["ok"] * 20 + ["tell"]
    assert [rates.chat_line(1) for _ in range(6)] == ["ok"] * 5 + ["tell"]
    assert [rates.signup("192.0.2.9") for _ in range(4)] == ["ok"] * 3 + ["tell"]
    assert rates.signup_refusal() == "This address made 3 accounts in the last hour; try again later."
    assert Language("nl").msg(rates.signup_refusal()) == (
        "Vanaf dit adres zijn in het afgelopen uur 3 accounts gemaakt; probeer het later opnieuw."
    )


def test_failed_passwords_are_counted_by_name_and_address_on_the_same_clock(clock):
    rates = Rates(clock=clock)
    verdicts = [rates.logins.attempt("Bram", "192.0.2.5", lambda: False) for _ in range(21)]
    assert [v.checked for v in verdicts] == [True] * 20 + [False]
    assert rates.logins.retry_after("BRAM", "192.0.2.5") == (600.0, "name")  # in any letter case
    assert rates.logins.attempt("Cid", "192.0.2.5", lambda: True).ok  # another name from there
    clock.advance(600)
    assert rates.logins.attempt("Bram", "192.0.2.5", lambda: True).ok


def test_an_address_is_refused_for_every_name_after_100_failures_in_10_minutes(clock):
    rates = Rates(clock=clock)
    for n in range(99):
        assert rates.logins.attempt(f"name{n}", "192.0.2.5", lambda: False).checked
    assert rates.logins.retry_after("Cid", "192.0.2.5") == (0.0, "name")
    rates.logins.attempt("name99", "192.0.2.5", lambda: False)
    assert rates.logins.retry_after("Cid", "192.0.2.5") == (600.0, "address")
    refused = rates.logins.attempt("Cid", "192.0.2.5", lambda: True)
    assert not refused.ok and not refused.checked and refused.retry == 600.0
    assert rates.logins.attempt("Cid", "198.51.100.7", lambda: True).ok


def test_the_accounts_of_one_address_share_four_accounts_worth_of_lines_and_chat(clock):
    """One address's accounts together: 4 accounts' worth of lines and chat, each account
    within its own, told once a flood each; another address is not held up."""
    rates = Rates(clock=clock)
    home = "192.0.2.5"
    lines = [rates.line(account, home) for account in range(1, 6) for _ in range(20)]
    assert lines == ["ok"] * 80 + ["tell"] + ["drop"] * 19  # (the fifth account of the address is refused)
    assert rates.line(6, "198.51.100.7") == "ok"
    assert rates.line(5, home) == "drop" and rates.line(1, home) == "tell"  # (each account hears it once)
    clock.now += 1.0
    assert [rates.line(5, home) for _ in range(20)] == ["ok"] * 20
    chat = [rates.chat_line(account, home) for account in range(1, 6) for _ in range(5)]
    assert chat == ["ok"] * 20 + ["tell"] + ["drop"] * 4
    assert rates.chat_refusal(5, home) == (
        "You are chatting too fast, so that line was not said; wait 1 second."  # (4 lines each 3 s: one in 0.75 s)
    )
    assert rates.chat_line(6, "198.51.100.7") == "ok"
    clock.now += 0.75
    assert rates.chat_line(5, home) == "ok"
