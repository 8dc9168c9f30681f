"""The seat protocol's ``settings`` at a host: a ``join`` player's language is the host's for
that seat (tests/test_host_settings_e2e.py plays it with the real programs).

The host checks the message as the game server does (its language alone, one of the game's),
counts it against the seat's messages a second, and from then on says its own lines to that
seat in that language (the chat, a player leaving), while its own screen and the other seats
keep theirs. ``join`` tells the host when its player changes the language with ``settings``,
and says nothing of an older host's ``unknown-type`` for it.
"""

from __future__ import annotations

import asyncio
import json

import pytest

pytest.importorskip("asyncssh")

from a11y_dominion.remote import protocol  # noqa: E402
from test_after_game import make_host  # noqa: E402
from test_join_export import console_with  # noqa: E402

BAD = "A settings message from join has only its language, one of en, nl."


def outlet_of(host, name: str, clock=None) -> tuple:
    """A seat-protocol session of the seat ``name`` (as ``join``'s at the host): (outlet, what it
    was sent, as messages)."""
    sent: list = []
    if clock is not None:
        host.clock = clock
    outlet = protocol.ProtocolOutlet(host, host.people[name], lambda line: sent.append(json.loads(line)))
    return outlet, sent


@pytest.mark.parametrize(
    "line",
    [
        '{"type": "settings"}',
        '{"type": "settings", "language": "de"}',
        '{"type": "settings", "language": 7}',
        '{"type": "settings", "language": "nl", "verbosity": "terse"}',
    ],
)
def test_a_bad_settings_message_is_one_error_and_changes_nothing(line):
    host, _ann, _bea, _printed = make_host(600)
    outlet, sent = outlet_of(host, "Ann")
    outlet.received(line)
    assert [(m["type"], m["error"], m["text"]) for m in sent] == [("error", "bad-settings", BAD)]
    assert host.people["Ann"].lang.code == "en"


def test_the_language_chosen_is_the_host_s_for_that_seat_alone():
    host, ann, bea, printed = make_host(600)
    outlet, sent = outlet_of(host, "Ann")
    outlet.received('{"type": "settings", "language": "nl"}')
    assert sent == [] and host.people["Ann"].lang.code == "nl"
    host.chat("Bea", "hallo")
    host.leave("Bea", "bea")  # her connection broke
    assert ann.texts()[-2:] == ["Bea zegt: hallo", "Bea is weggegaan; het spel gaat door tot er een vraag voor Bea is."]
    assert bea.texts()[-1] == "Bea says: hallo"
    assert printed[-2:] == ["Bea says: hallo", "Bea has left; the game goes on until a question is Bea's."]
    assert host.people["Bea"].lang.code == "en" and host.lang.code == "en"


def test_settings_messages_count_against_the_seat_s_messages_a_second():
    host, _ann, _bea, _printed = make_host(600)
    outlet, sent = outlet_of(host, "Ann", clock=lambda: 5.0)  # (all in the same instant)
    for i in range(25):
        outlet.received(json.dumps({"type": "settings", "language": "nl" if i % 2 == 0 else "en"}))
    too_fast = "Too many messages at once: at most 20 messages a second are read; the rest were dropped."
    assert [(m["error"], m["text"]) for m in sent] == [("too-fast", too_fast)]
    assert host.people["Ann"].lang.code == "en"  # the 20th, "en", was the last read


def test_an_unknown_type_names_settings_among_the_types():
    host, _ann, _bea, _printed = make_host(600)
    outlet, sent = outlet_of(host, "Ann")
    outlet.received('{"type": "shout"}')
    assert sent[0]["text"] == (
        "shout is not a message type; the types are answer, view, say, undo, export, settings and leave."
    )


def test_join_tells_the_host_the_language_chosen_and_says_nothing_of_an_older_host_s_refusal(here):
    console, screen, sent = console_with([])
    asyncio.run(console.obey("settings set language nl"))
    assert sent == [{"type": "settings", "language": "nl"}]
    assert screen.getvalue().splitlines() == ["Taal is nu Nederlands. Bewaard voor deze computer."]
    older = protocol.sentence(protocol.Msg(protocol.ERRORS["unknown-type"], type="settings"))
    assert console.receive({"type": "error", "error": "unknown-type", **older}) is True
    other = protocol.sentence(protocol.Msg(protocol.ERRORS["unknown-type"], type="undo"))
    console.receive({"type": "error", "error": "unknown-type", **other})
    assert screen.getvalue().splitlines()[1:] == [
        "undo is geen berichtsoort; de soorten zijn answer, view, say, undo, export, settings en leave."
    ]
