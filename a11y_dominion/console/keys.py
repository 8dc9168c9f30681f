"""Shortcut keys at the prompt.

Every shortcut stands for a typed command. Pressing one ends the prompt
with a :class:`KeyCommand`; the console runs the command between prompts
(so nothing is printed into the line being typed) and then asks again with
the half-typed text put back. Keys that screen readers and terminals take
(Insert, CapsLock, Ctrl+C/D/Z/S/Q/backslash, F1, F10, F11, Alt+Enter,
Alt+F4, Alt+Space) are not used. Alt+letter works as Escape followed by the
letter.

Each command has two keys, a function key and an Alt key, and both can be
changed in the settings: ``a11y-dominion settings set key hand f4`` changes
the function key of ``hand``, ``settings set key hand alt+j`` its Alt key
(the setting ``hand2``). Alt+1 to Alt+9 stay. a11y_dominion/docs/en/settings.md says which keys
work with which screen reader and terminal.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from prompt_toolkit.filters import Condition
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.keys import Keys

from ..i18n import N_, Language
from ..lineinput import insert_typed
from ..textinput import MAX_LINE


@dataclass(frozen=True)
class KeyCommand:
    """A shortcut was pressed: run ``command``, then prompt again with ``text``."""

    command: str
    text: str = ""


# (prompt_toolkit key names, what the player reads, command, what it does)
KEYS: list[tuple[tuple[str, ...], tuple[str, ...], str, str, str]] = [
    (("f2",), ("escape", "r"), "F2 or Alt+R", "repeat", N_("repeat the last message")),
    (("f3",), ("escape", "h"), "F3 or Alt+H", "hand", N_("read your hand")),
    (
        ("f4",),
        ("escape", "s"),
        "F4 or Alt+S",
        "status",
        N_("read the status: phase, Actions, Buys, coins, Debt and VP tokens"),
    ),
    (("f5",), ("escape", "u"), "F5 or Alt+U", "supply", N_("read the Supply")),
    (("f6",), ("escape", "p"), "F6 or Alt+P", "previous", N_("read the previous message in the history")),
    (("f7",), ("escape", "n"), "F7 or Alt+N", "next", N_("read the next message in the history")),
    (("f8",), ("escape", "x"), "F8 or Alt+X", "stop", N_("stop speech")),
    (("f9",), ("escape", "o"), "F9 or Alt+O", "options", N_("read the question and all its options")),
    (("f12",), ("escape", "k"), "F12 or Alt+K", "score", N_("read the scores")),
]

EN = Language("en")

ActiveKey = tuple[tuple[str, ...] | None, tuple[str, ...] | None, str, str]
"""One entry of :func:`active_keys`: (key or None, second key or None, command, what it does)."""


def key_name(key: str | Sequence[str]) -> str:
    """What a player reads for a key in prompt_toolkit's notation: ``f2`` is
    F2, ``escape h`` Alt+H, ``c-r`` Ctrl+R."""
    parts = key.split() if isinstance(key, str) else list(key)
    if len(parts) == 2 and parts[0] == "escape":
        return "Alt+" + key_name(parts[1:])
    k = parts[0] if parts else ""
    if k.startswith("c-") and len(k) > 2:
        return "Ctrl+" + (k[2:].upper() if len(k) == 3 else k[2:].capitalize())
    if k.startswith("s-") and len(k) > 2:
        return "Shift+" + key_name(k[2:])
    if k[:1] == "f" and k[1:].isdigit():
        return k.upper()
    return k.upper() if len(k) == 1 else k.capitalize()


def active_keys(custom: Mapping[str, object] | None = None) -> list[ActiveKey]:
    """KEYS with the keys replaced by the ``custom`` ones from the settings (a key
    name in prompt_toolkit's notation for a command's own key, ``hand``, or for its
    second, Alt key, ``hand2``); each entry is (key or None, second key or None,
    command, what), keys as tuples of prompt_toolkit key names. A key moved to
    another command or slot is taken from the one that had it."""
    custom = custom or {}
    default: dict[str, tuple[str, ...]] = {}
    for fkey, alt, _spoken, command, _what in KEYS:
        default[command] = fkey
        default[command + "2"] = alt
    keys = {slot: tuple(str(custom[slot]).split()) if slot in custom else key for slot, key in default.items()}
    moved = {slot: k for slot, k in keys.items() if k != default[slot]}

    def kept(slot: str) -> tuple[str, ...] | None:
        key = keys[slot]
        if any(k == key and other != slot for other, k in moved.items()):
            return None  # another command was given this key
        return key

    return [(kept(command), kept(command + "2"), command, what) for _f, _a, _s, command, what in KEYS]


CTRL_D_STOPS = N_("Ctrl+D on an empty line: stop the game; you are asked first.")
CTRL_D_LEAVES = N_("Ctrl+D on an empty line: leave the game; you are asked first, and may join again.")
CTRL_D_LEAVES_TABLE = N_(
    "Ctrl+D on an empty line: leave the table for the lobby; you are asked first, and sit brings you back."
)
"""What ``help keys`` says Ctrl+D does: where quit stops the game (``play``, the host's own seat),
at a host's seat of another computer (ssh or ``join``), and at a game server's table."""


def key_help_lines(
    lang: Language = EN,
    custom: Mapping[str, object] | None = None,
    reach: Callable[[str], bool] | None = None,
    ctrl_d: str = CTRL_D_STOPS,
) -> list[str]:
    """The lines printed by ``help keys``, in ``lang``, for the keys of ``custom`` (as
    :func:`active_keys` takes them). ``reach(key)``, when given, says whether a key (in
    prompt_toolkit's notation, ``escape r``) comes to this end: an ssh seat's line editor reads
    no Alt key, so those keys, and Alt+1 to Alt+9, are left out there. ``ctrl_d`` (an English
    sentence, :data:`CTRL_D_STOPS` unless given) says what Ctrl+D does at this seat."""
    lines = [lang._(N_("Shortcut keys; each one does the same as the typed command."))]
    for key, alt, command, what in active_keys(custom):
        if reach is not None:
            key, alt = (k if k is not None and reach(" ".join(k)) else None for k in (key, alt))
        if key is None or alt is None:
            either = key or alt
            keys = key_name(either) if either else ""
        else:
            keys = lang.text(N_("{key} or {alt}"), key=key_name(key), alt=key_name(alt))
        if not keys:
            continue
        lines.append(
            lang.text(
                N_("{keys}: {what} (command {command})."),
                keys=keys,
                what=lang._(what),
                command=command_word(command, lang),
            )
        )
    if reach is None:
        lines.append(
            lang._(N_("Alt+1 to Alt+9: read the latest message, the one before it, and so on (command repeat N)."))
        )
    lines += [
        lang._(N_("Tab: complete a command or card name; press it twice to list the choices.")),
        lang._(N_("Up and Down arrows: earlier lines you typed.")),
        lang._(ctrl_d),
        lang._(N_("Ctrl+C: clear the line; at a question that asks you to type yes, it answers no.")),
    ]
    return lines


def command_word(command: str, lang: Language = EN) -> str:
    """The word to type for ``command`` in ``lang`` ("supply", "voorraad")."""
    from .completion import command_words

    return command_words(lang).get(command, command)


def bad_keys(custom: Mapping[str, object] | None = None) -> list[tuple[str, object]]:
    """(command, key) pairs of ``custom`` that prompt_toolkit does not know."""
    bad = []
    for command, key in (custom or {}).items():
        try:
            KeyBindings().add(*str(key).split())(lambda event: None)
        except (ValueError, TypeError):
            bad.append((command, key))
    return bad


def command_key_bindings(custom: Mapping[str, object] | None = None) -> KeyBindings:
    """The shortcut keys alone: bindings that end the prompt with a :class:`KeyCommand`
    (F2 repeat, F3 hand, Alt+N the Nth latest message...); ``custom`` as for
    :func:`build_key_bindings`. An SSH seat's line editor adds them to its own keys."""
    custom = {c: k for c, k in (custom or {}).items() if (c, k) not in bad_keys({c: k})}
    kb = KeyBindings()
    for key, alt, command, _what in active_keys(custom):

        def handler(event: KeyPressEvent, command: str = command) -> None:
            event.app.exit(result=KeyCommand(command, event.app.current_buffer.text))

        for k in (key, alt):
            if k is not None:
                kb.add(*k)(handler)
    for n in range(1, 10):  # Alt+N: the Nth latest message

        def nth(event: KeyPressEvent, n: int = n) -> None:
            event.app.exit(result=KeyCommand(f"repeat {n}", event.app.current_buffer.text))

        kb.add("escape", str(n))(nth)
    return kb


def build_key_bindings(custom: Mapping[str, object] | None = None) -> KeyBindings:
    """Key bindings that end the prompt with a :class:`KeyCommand`; ``custom``
    maps commands (``hand``) and their second keys (``hand2``) to other keys (from
    the settings), as :func:`active_keys` reads them."""
    kb = command_key_bindings(custom)

    @kb.add("c-z")
    def _end_of_input(event: KeyPressEvent) -> None:
        """Ctrl+Z, the end of input at a Windows console, as Ctrl+D is elsewhere: on an
        empty line it leaves (asking first, as Ctrl+D does); in a line it does nothing
        (never typed as "^Z", which a screen reader reads as caret Z)."""
        if not event.app.current_buffer.text:
            event.app.exit(exception=EOFError(), style="class:exiting")

    @kb.add("c-v")
    def _no_quoted_insert(event: KeyPressEvent) -> None:
        """Ctrl+V types nothing: a terminal pastes with its own keys, and a quoted insert
        would put the next key's control byte into the line."""

    # Typed or pasted escape sequences that look like a mouse report (a colour code such as
    # ESC [ 31 m) are ignored: the game has no mouse support, and reading them as mouse events fails.
    @kb.add(Keys.Vt100MouseEvent, eager=True)
    def _ignore_mouse(event: KeyPressEvent) -> None:
        return None

    # Escape sequences that are no key are dropped whole, as the SSH seat drops them: the
    # terminal's parser gives them as Escape and then plain characters, which would otherwise go
    # into the line ("]0;pwned" of a title sequence). ``kb.sequence["mode"]`` is "string" inside
    # an OSC, DCS, APC, PM or SOS string (up to BEL or ESC \\), "csi" inside a CSI sequence (up to
    # its final byte); the reader sets it back to None at every prompt.
    state: dict[str, str | None] = {"mode": None}
    kb.sequence = state  # type: ignore[attr-defined]
    in_string = Condition(lambda: state["mode"] == "string")

    for opener in "]P_^X":

        @kb.add("escape", opener)
        def _string(event: KeyPressEvent) -> None:
            state["mode"] = "string"

    @kb.add("escape", "[")
    def _csi(event: KeyPressEvent) -> None:
        state["mode"] = "csi"

    @kb.add("c-g", filter=in_string)
    @kb.add("escape", "\\", filter=in_string)
    def _string_end(event: KeyPressEvent) -> None:
        state["mode"] = None

    # Typed characters go into the line only when they can be shown: no control, escape,
    # zero-width or right-to-left characters in what the player (and their screen reader) reads,
    @kb.add(Keys.Any)
    def _insert_printable(event: KeyPressEvent) -> None:
        if state["mode"] == "string":
            return
        if state["mode"] == "csi":
            if len(event.data) == 1 and "@" <= event.data <= "~":
                state["mode"] = None  # the final byte ends the sequence
            if len(event.data) == 1 and " " <= event.data <= "~":
                return
            state["mode"] = None
        # and only while the line has room (MAX_LINE characters): the rest is refused
        insert_typed(event.current_buffer, event.data * min(event.arg, MAX_LINE + 1))

    return kb
