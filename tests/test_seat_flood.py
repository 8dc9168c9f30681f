"""A join client that floods the host: its messages are read as typed lines at a terminal seat are.

A hostile client speaks the seat protocol (``ssh Bea@HOST seat-protocol``)
and sends 9,660 ``say`` lines, and ``view``, ``undo``, unknown and bad
messages among them, in one go. The host reads at most
:data:`~a11y_dominion.remote.protocol.LINES_PER_SECOND` of a seat's
messages in any second, whatever their type: the other seat hears at most
that many lines of chat, and the flooding seat is told once. The host's
clock is held still, so the count is exact.
"""

from __future__ import annotations

import asyncio
import json

import pytest

from a11y_dominion.remote.protocol import LINES_PER_SECOND, Rate
from test_remote_protocol import join, start

asyncssh = pytest.importorskip("asyncssh")

FLOOD = 9660
TOO_FAST = "Too many messages at once: at most 20 messages a second are read; the rest were dropped."


def flood_lines() -> str:
    """The flood: say lines, and after every second one a view, an undo, an unknown type or a
    line that is no JSON."""
    lines = []
    for i in range(FLOOD):
        lines.append(json.dumps({"type": "say", "text": f"flood {i}"}))
        if i % 2 == 1:
            other = ["view", "undo", "shout", "bad"][(i // 2) % 4]
            lines.append("{not json" if other == "bad" else json.dumps({"type": other}))
    return "\n".join(lines) + "\n"


@pytest.mark.e2e  # ssh over the network
def test_a_flood_of_say_and_other_messages_reaches_no_seat_past_the_rate_and_is_said_once(tmp_path):
    async def main():
        out: list = []
        host, task = await start(tmp_path, out)
        host.clock = lambda: 100.0  # time stands still: only the first LINES_PER_SECOND lines count
        ann = await join(host, "Ann")
        bea = await join(host, "Bea")
        await ann.next("decide")  # the game started
        bea.process.stdin.write(flood_lines())
        bea.process.stdin.write_eof()  # the host reads every line, then Bea has left
        said = []
        while True:
            got = await ann.next(timeout=60)
            if got["type"] != "text":
                continue
            if got["text"] == "Bea has left; the game goes on until a question is Bea's.":  # (Ann's question)
                break
            said.append(got["text"])
        bea_got = []
        while True:
            try:
                line = await asyncio.wait_for(bea.process.stdout.readline(), 30)
            except asyncio.TimeoutError:
                break
            if not line:
                break
            bea_got.append(json.loads(line))
        host.stop()
        await asyncio.wait_for(task, 30)
        for p in (ann, bea):
            p.conn.close()
        return said, bea_got

    said, bea_got = asyncio.run(main())
    read = flood_lines().splitlines()[:LINES_PER_SECOND]  # the lines the host read
    says = [json.loads(x)["text"] for x in read if x.startswith('{"type": "say"')]
    kinds = [json.loads(x)["type"] if x.startswith('{"') else "bad" for x in read]
    assert len(says) < LINES_PER_SECOND and {"view", "undo", "shout", "bad"} <= set(kinds)
    assert said == [f"Bea says: {x}" for x in says]  # and nothing from the other 11,000 lines
    template = "Too many messages at once: at most {n} messages a second are read; the rest were dropped."
    too_fast = {"msg": template, "args": {"n": LINES_PER_SECOND}}
    assert [m for m in bea_got if m.get("error") == "too-fast"] == [
        {"type": "error", "error": "too-fast", "message": too_fast, "text": TOO_FAST}
    ]
    answered = [m.get("error") or m["type"] for m in bea_got if m["type"] in ("view", "refused", "error")]
    want = {"view": "view", "undo": "refused", "shout": "unknown-type", "bad": "bad-json"}
    assert answered == [want[k] for k in kinds if k != "say"] + ["too-fast"]
    assert [m["text"] for m in bea_got if m["type"] == "text" and "says" in m["text"]] == said


def test_the_rate_drops_past_its_bound_tells_once_and_again_after_a_calm_second():
    now = [0.0]
    rate = Rate(3, lambda: now[0])
    assert [rate.take() for _ in range(6)] == ["ok", "ok", "ok", "tell", "drop", "drop"]
    now[0] = 0.5
    assert rate.take() == "drop"  # still the same second
    now[0] = 1.0
    assert [rate.take() for _ in range(4)] == ["ok", "ok", "ok", "drop"]  # the flood goes on: told once
    now[0] = 2.6
    assert [rate.take() for _ in range(3)] == ["ok", "ok", "ok"]  # a calm second after the last drop
    assert rate.take() == "tell"  # a new flood is told again
    rate.give_back()  # a dropped line: nothing to give back, the window stays full
    assert rate.take() == "drop"

    now[0] = 4.0
    assert rate.take() == "ok"
    rate.give_back()  # the one line taken does not count: three more fit in this second
    assert [rate.take() for _ in range(4)] == ["ok", "ok", "ok", "tell"]


@pytest.mark.e2e  # ssh over the network
def test_a_say_with_escape_sequences_reaches_the_other_seat_without_them(tmp_path):
    async def main():
        out: list = []
        host, task = await start(tmp_path, out)
        ann = await join(host, "Ann")
        bea = await join(host, "Bea")
        await ann.next("decide")
        bea.send_line('{"type": "say", "text": "\\u001b]0;pwned\\u0007good \\u009b2Jluck\\u001b[2J"}')
        got = await ann.next("text")
        host.stop()
        await asyncio.wait_for(task, 30)
        for p in (ann, bea):
            p.conn.close()
        return got

    assert asyncio.run(main()) == {"type": "text", "text": "Bea says: good luck"}
