"""The announcer: audience, priorities, history and held messages."""

import pytest

from a11y_dominion.announcements.announcer import Announcer
from a11y_dominion.announcements.speech import Speaker
from speechdoubles import RecordingOutput


def make(listener="Ann"):
    out = RecordingOutput()
    printed = []
    speaker = Speaker(mode="self-voicing", outputs=[out], print_fn=printed.append)
    a = Announcer(speaker, print_fn=lambda t, s=None: printed.append(t), listener=listener)
    return a, out, printed


def test_prints_speaks_and_keeps():
    a, out, printed = make()
    a.announce("Ann takes 8 Debt, now 8 Debt.", priority="high")
    assert printed == ["Ann takes 8 Debt, now 8 Debt."]
    assert out.spoken == ["Ann takes 8 Debt, now 8 Debt."]
    assert a.history.last() == "Ann takes 8 Debt, now 8 Debt."


def test_private_announcement_only_for_its_audience():
    a, out, printed = make(listener="Ann")
    assert a.announce("You draw Gold.", audience="Ann")
    assert not a.announce("Bob draws Silver.", audience="Bob")
    assert printed == ["You draw Gold."]
    assert len(a.history) == 1


def test_table_mode_hears_everything():
    a, _, printed = make(listener=None)
    a.announce("Bob draws Silver.", audience="Bob")
    assert printed == ["Bob draws Silver."]


def test_important_interrupts_and_normal_queues():
    a, out, _ = make()
    a.announce("Bob plays Villa.")
    a.announce("Your turn 3.", priority="important")
    assert out.interrupts[-2:] == [False, True]


def test_held_while_typing_then_released_in_order():
    a, out, printed = make()
    a.hold()
    a.announce("Bob buys Gold; 0 coins left.")
    a.announce("Bob takes 2 Debt, now 2 Debt.", priority="high")
    assert printed == [] and out.spoken == []
    assert a.release() == 2
    assert printed == ["Bob buys Gold; 0 coins left.", "Bob takes 2 Debt, now 2 Debt."]
    assert a.history.recent(2) == printed


def test_unknown_priority_refused():
    a, _, _ = make()
    with pytest.raises(ValueError):
        a.announce("x", priority="urgent")
