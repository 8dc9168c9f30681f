"""Shortcut keys at the prompt.

Every shortcut stands for a typed command. Pressing one ends the prompt
with a :class:`KeyCommand`; the console runs the command between prompts
(so nothing is printed into the line being typed) and then asks again with
the half-typed text put back. Keys that screen readers and terminals take
(Insert, CapsLock, Ctrl+C/D/Z/S/Q/backslash, F1, F10, F11, Alt+Enter) are
not used. Alt+letter works as Escape followed by the letter.
"""
from __future__ import annotations

from dataclasses import dataclass

from prompt_toolkit.key_binding import KeyBindings


@dataclass(frozen=True)
class KeyCommand:
    """A shortcut was pressed: run ``command``, then prompt again with ``text``."""

    command: str
    text: str = ""


# (prompt_toolkit key names, what the player reads, command, what it does)
KEYS = [
    (("f2",), ("escape", "r"), "F2 or Alt+R", "repeat", "repeat the last message"),
    (("f3",), ("escape", "h"), "F3 or Alt+H", "hand", "read your hand"),
    (("f4",), ("escape", "s"), "F4 or Alt+S", "status",
     "read the status: phase, Actions, Buys, coins, Debt, VP tokens"),
    (("f5",), ("escape", "u"), "F5 or Alt+U", "supply", "read the Supply"),
    (("f6",), ("escape", "p"), "F6 or Alt+P", "previous", "read the previous message in the history"),
    (("f7",), ("escape", "n"), "F7 or Alt+N", "next", "read the next message in the history"),
    (("f8",), ("escape", "x"), "F8 or Alt+X", "stop", "stop speech"),
    (("f9",), ("escape", "o"), "F9 or Alt+O", "options", "read the question and all its options"),
    (("f12",), ("escape", "k"), "F12 or Alt+K", "score", "read the scores"),
]


def key_help_lines() -> list:
    """The lines printed by ``help keys``."""
    lines = ["Shortcut keys; each one does the same as the typed command."]
    for _fkey, _alt, spoken, command, what in KEYS:
        lines.append(f"{spoken}: {what} (command {command}).")
    lines += ["Tab: complete a command or card name; press it twice to list the choices.",
              "Up and Down arrows: earlier lines you typed.",
              "Ctrl+D on an empty line: stop the game."]
    return lines


def build_key_bindings() -> KeyBindings:
    """Key bindings that end the prompt with a :class:`KeyCommand`."""
    kb = KeyBindings()
    for fkey, alt, _spoken, command, _what in KEYS:
        def handler(event, command=command):
            event.app.exit(result=KeyCommand(command, event.app.current_buffer.text))
        kb.add(*fkey)(handler)
        kb.add(*alt)(handler)
    return kb
