"""What one answer costs a seat that watches it: the writes to its SSH channel.

asyncssh sends an empty ``MSG_IGNORE`` packet before every packet it encrypts, so every
write to a channel is two encryptions and two packets. What a session is told during one
step of the event loop goes out in one write (``remote/coalesce.py``). A host runs in
this test's event loop on a free loopback port; Ann plays through the seat protocol, Bea
watches at a plain ``ssh`` terminal (a real asyncssh client), and every channel data
message Bea's client receives is counted as it arrives.
"""

from __future__ import annotations

import asyncio
import json

import pytest

asyncssh = pytest.importorskip("asyncssh")

from a11y_dominion.bots.kinds import make_bot  # noqa: E402
from test_remote_protocol import big_money, password_login, start  # noqa: E402
from test_remote_windows_ssh import CONSOLE, ENGLISH, WINDOWS_TERM  # noqa: E402

WAIT = 20  # seconds to wait at most for the host's bytes (a bound that only fails)


BEA_TURN = (
    b"Ann played 4 Coppers, bought Silver.\r\n"
    b"Your turn 1. Action phase: 1 Action, 1 Buy, 0 coins.\r\n"
    b"Your hand: 3 Coppers and 2 Estates.\r\n"
    b"1. play Copper\r\n"
    b"2. play treasures\r\n"
    b"3 to 6: buy, once your Treasures are played.\r\n"
    b"7. end the Action phase\r\n"
    b"Bea> "
)


class Counted(asyncssh.SSHClientSession):
    """A session's client side: every data message received, as it came."""

    def __init__(self) -> None:
        self.packets: list[bytes] = []
        self.arrived = asyncio.Event()
        self.read = 0  # the bytes read as the seat protocol's messages so far

    def connection_made(self, chan) -> None:
        self.chan = chan

    def write_json(self, message: dict) -> None:
        """One message of the seat protocol to the host."""
        self.chan.write((json.dumps(message) + "\n").encode())

    def data_received(self, data: bytes, datatype) -> None:
        self.packets.append(data)
        self.arrived.set()

    async def more(self) -> None:
        self.arrived.clear()
        await asyncio.wait_for(self.arrived.wait(), WAIT)

    async def until(self, marker: bytes) -> int:
        """The number of data messages received up to and with the first that holds ``marker``."""
        while True:
            seen = b""
            for i, packet in enumerate(self.packets):
                seen += packet
                if marker in seen:
                    return i + 1
            await self.more()

    async def next(self, kind: str | None = None) -> dict:
        """The seat protocol's next message (of ``kind``, skipping others)."""
        while True:
            text = b"".join(self.packets)
            end = text.find(b"\n", self.read)
            if end < 0:
                await self.more()
                continue
            message = json.loads(text[self.read : end])
            self.read = end + 1
            if kind is None or message["type"] == kind:
                return message


async def login(host, name: str, command: str | None) -> Counted:
    conn = await password_login(host, name)
    terminal = {} if command else {"term_type": WINDOWS_TERM, "term_size": CONSOLE, "request_pty": "force"}
    _, session = await conn.create_session(Counted, command, encoding=None, env=ENGLISH, **terminal)
    return session


@pytest.mark.e2e  # ssh over the network
def test_a_watching_seat_gets_an_answer_s_lines_and_its_prompt_in_one_write(tmp_path):
    """Ann plays her first turn through the seat protocol (Big Money's moves) while Bea watches
    at a terminal. Around each answer Ann says a line (marks that every seat hears); the
    data messages between the marks are what the answer cost each seat."""

    async def main():
        out: list = []
        host, task = await start(tmp_path, out)
        try:
            bea = await login(host, "Bea", None)
            await bea.until(b"Type help for commands.\r\n")
            ann = await login(host, "Ann", "seat-protocol")
            bot = make_bot("bigmoney", 1)
            ann_costs, bea_costs = [], []
            for n in range(4):  # Ann's first turn: three Coppers played, one more, Silver bought, the end
                got = await ann.next("decide")
                assert got["decision"]["player"] == "Ann"
                ann.write_json({"type": "say", "text": f"mark{n}"})
                bea_before, ann_before = await bea.until(f"mark{n}".encode()), await ann.until(f"mark{n}".encode())
                while (await ann.next("text"))["text"] != f"Ann says: mark{n}":
                    pass
                ann.write_json(big_money(bot, got))
                await ann.next()
                ann.write_json({"type": "say", "text": f"after{n}"})
                bea_after, ann_after = await bea.until(f"after{n}".encode()), await ann.until(f"after{n}".encode())
                bea_costs.append(bea.packets[bea_before : bea_after - 1])
                ann_costs.append(len(ann.packets[ann_before : ann_after - 1]))
            # each answer: one write to Ann (the events and her next question; two before),
            # none to Bea until the turn ends, then one: the turn's line, her turn's and her prompt
            # (two before: the lines, then the prompt)
            assert ann_costs == [1, 1, 1, 1]
            assert bea_costs == [[], [], [], [BEA_TURN]]
            # a line that comes while Bea's prompt waits: the prompt blanked, the line, the prompt
            # again, in one write (three before: the blanking, the line, the prompt)
            assert bea.packets[-1] == b"\r    \rAnn says: after3\r\nBea> "
        finally:
            host.stop()
            await asyncio.wait_for(task, WAIT)
        assert not [line for line in out if "Traceback" in line]

    asyncio.run(main())
