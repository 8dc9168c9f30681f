"""``export FILE`` at a join seat: the host sends the game's lines (the ``export`` message)
and the player's program writes them to FILE on the player's computer, as the console's
export does; a host that does not know the message is said so in one sentence."""

from __future__ import annotations

import asyncio
import io
from types import SimpleNamespace

import pytest

from a11y_dominion.console.display import Display, PlainReader
from a11y_dominion.console.seat import HumanSeat
from a11y_dominion.i18n import Language

pytest.importorskip("asyncssh")

from a11y_dominion.console.core import Inbox  # noqa: E402
from a11y_dominion.remote.client import JoinConsole  # noqa: E402


def console_with(replies: list, code: str = "en") -> tuple:
    """A join console whose host answers with ``replies`` (messages), in the language ``code``;
    (console, screen, sent)."""
    screen = io.StringIO()
    lang = Language(code)
    display = Display(screen, plain=True, lang=lang)
    seat = HumanSeat("Ann", lang=lang, print_fn=lambda text, style=None: display.line(text, style))
    sent: list = []
    inbox = Inbox()
    for message in replies:
        inbox.put(("message", message))
    link = SimpleNamespace(inbox=inbox, send=sent.append)
    return JoinConsole(link, seat, display, None, PlainReader(io.StringIO(""), screen)), screen, sent


def test_export_writes_the_host_s_lines_to_a_file_on_this_computer(tmp_path):
    lines = ["a11y-dominion game of 2026-12-06 05:00:00, seed 3.", "Players: Ann (remote), Bot (bigmoney).", ""]
    console, screen, sent = console_with([{"type": "export", "lines": lines}])
    path = tmp_path / "game.txt"
    asyncio.run(console.obey(f"export {path}"))
    assert sent == [{"type": "export"}]
    assert path.read_text(encoding="utf-8") == "\n".join(lines) + "\n"
    assert screen.getvalue().splitlines()[-1] == f"The game so far is written to {path}."


@pytest.mark.parametrize(
    ("code", "said"), [("en", "The game is written to {path}."), ("nl", "Het spel staat in {path}.")]
)
def test_export_after_the_final_scores_says_the_game_is_written_not_the_game_so_far(tmp_path, code, said):
    console, screen, sent = console_with([{"type": "export", "lines": ["Game over."]}], code)
    console.over = True  # (the final scores were told)
    path = tmp_path / "game.txt"
    asyncio.run(console.obey(f"export {path}"))
    assert path.read_text(encoding="utf-8") == "Game over.\n"
    assert screen.getvalue().splitlines()[-1] == said.format(path=path)


def test_export_without_a_file_name_or_to_an_older_host_is_one_sentence(tmp_path):
    console, screen, sent = console_with([])
    asyncio.run(console.obey("export"))
    assert sent == [] and screen.getvalue().splitlines() == ["Export needs a file name, for example export game.txt."]
    older = {"type": "error", "error": "unknown-type", "message": {"msg": "x", "args": {}}, "text": "x"}
    console, screen, sent = console_with([older])
    path = tmp_path / "game.txt"
    asyncio.run(console.obey(f"export {path}"))
    assert screen.getvalue().splitlines() == ["This host cannot export: it runs an older version of a11y-dominion."]
    assert not path.exists()
