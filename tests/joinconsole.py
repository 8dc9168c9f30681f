"""A joined seat's console without a connection, for tests of what it does with the host's
messages and the lines typed (the console of ``a11y-dominion join``, :class:`JoinConsole`)."""

from __future__ import annotations


def join_console(keys: dict | None = None):
    """A joined seat's console for Ann without a connection: (console, its screen, the messages it sends)."""
    import io
    from types import SimpleNamespace

    from a11y_dominion.console.core import Inbox
    from a11y_dominion.console.display import Display, PlainReader
    from a11y_dominion.console.seat import HumanSeat
    from a11y_dominion.i18n import Language
    from a11y_dominion.remote.client import JoinConsole

    screen = io.StringIO()
    lang = Language("en")
    display = Display(screen, plain=True, lang=lang)
    seat = HumanSeat("Ann", lang=lang, print_fn=lambda text, style=None: display.line(text, style))
    sent: list = []
    link = SimpleNamespace(inbox=Inbox(), send=sent.append)
    console = JoinConsole(link, seat, display, None, PlainReader(io.StringIO(""), screen), keys=keys)
    return console, screen, sent
