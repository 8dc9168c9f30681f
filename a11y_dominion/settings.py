"""Per-user settings, kept as JSON in the platform's config directory.

The location comes from ``platformdirs`` (on Linux
``~/.config/a11y-dominion/settings.json``); ``A11Y_DOMINION_CONFIG`` names
another file. A damaged file never stops the game: :func:`load_settings`
returns the defaults and one sentence saying what was wrong.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from .files import SETTINGS_LIMIT, FileError, has_control, read_json, shown_name, user_dirs, write_atomic
from .i18n import yes_or_no
from .rules.decisions import N_, Msg

APP = "a11y-dominion"

# Each key action has two keys: its own (``hand``: F3) and a second one (``hand2``: Alt+H).
# Either can be changed (``settings set key hand f4``; an Alt key given for ``hand`` goes to
# ``hand2``); Alt+1 to Alt+9 (the Nth latest message) stay as they are.
KEY_SETTING_WORDS = ("key", "keys", "toets", "toetsen")  # settings set key ACTION KEY, in English and Dutch
KEY_ACTIONS = ("repeat", "hand", "status", "supply", "previous", "next", "stop", "options", "score")

DEFAULT_KEYS = {
    "repeat": "f2",
    "hand": "f3",
    "status": "f4",
    "supply": "f5",
    "previous": "f6",
    "next": "f7",
    "stop": "f8",
    "options": "f9",
    "score": "f12",
    "repeat2": "escape r",
    "hand2": "escape h",
    "status2": "escape s",
    "supply2": "escape u",
    "previous2": "escape p",
    "next2": "escape n",
    "stop2": "escape x",
    "options2": "escape o",
    "score2": "escape k",
}

DEFAULTS = {
    "speech": "auto",  # auto, off, screen-reader, self-voicing
    "screen_reader": "ask",  # when auto cannot tell whether a screen reader runs: ask, yes or no
    "output": None,  # force one speech output by name, or None for the first that works
    "rate": None,  # speech rate -100..100 where the output supports it
    "verbosity": "normal",  # terse, normal, verbose
    "language": "en",  # en, nl
    "confirm": True,  # ask before irreversible choices
    "hints": True,  # the hint command answers (off for competitive play)
    "options": "new",  # read a question's options when new (then what changed), or always
    "clear": "auto",  # clear the screen at a shared keyboard's hand-over: auto (not for a screen reader), on, off
    "pace": 1,  # seconds each line said gets before a bot answers on, in a game of bots only (0 to MAX_PACE)
    "keys": dict(DEFAULT_KEYS),
    "seats": {},  # seat name -> {"language": ..., "verbosity": ...} for a shared computer
}

# What a seat may set for itself (see check_seat).
SEAT_SETTINGS = ("language", "verbosity")

CHOICES = {
    "speech": ("auto", "off", "screen-reader", "self-voicing"),
    "screen_reader": ("ask", "yes", "no"),
    "verbosity": ("terse", "normal", "verbose"),
    "language": ("en", "nl"),
    "options": ("new", "always"),
    "clear": ("auto", "on", "off"),
}

# Keys that screen readers, terminals and windows take for themselves (Alt+F4 closes the window
# on Windows and most Linux desktops).
RESERVED_KEYS = {
    "escape f4",
    "insert",
    "capslock",
    "c-c",
    "c-d",
    "c-z",
    "c-s",
    "c-q",
    "c-\\",
    "f1",
    "f10",
    "f11",
    "escape enter",
    "escape c-m",
    "a-enter",
    "s-insert",
    "c-insert",
}


RATE_RANGE = N_("rate must be a whole number from -100 to 100, or default.")
MAX_PACE = 10
"""The most seconds the ``pace`` setting gives each line said in a game of bots only."""
PACE_RANGE = N_("pace must be a number of seconds from 0 to 10, such as 1 or 0.5.")


Settings = dict[str, Any]
"""The settings as the file holds them: setting name to its value (see :data:`DEFAULTS`), ``keys``
(action to key) and ``seats`` (seat name to its own settings)."""

SettingValue = str | int | float | bool | None
"""The value of one setting of :data:`DEFAULTS` but ``keys`` and ``seats``."""


class SettingsError(ValueError):
    """A setting name or value that cannot be used; one sentence."""


class Sentences(str):
    """Sentences joined by spaces that keep each sentence (``sentences``) for translation."""

    sentences: list[str]

    def __new__(cls, sentences: Iterable[str]) -> Sentences:
        sentences = list(sentences)
        obj = super().__new__(cls, " ".join(sentences))
        obj.sentences = list(sentences)
        return obj


def settings_path(platform: str | None = None) -> Path:
    """Where the settings file lives (``A11Y_DOMINION_CONFIG`` overrides), on ``platform`` (a
    ``sys.platform`` value; None: this computer's, see :func:`~a11y_dominion.files.user_dirs`).
    Raises ImportError without platformdirs."""
    env = os.environ.get("A11Y_DOMINION_CONFIG")
    if env:
        return Path(env)
    return Path(user_dirs(platform).user_config_dir) / "settings.json"


def _copy_defaults() -> Settings:
    out = dict(DEFAULTS)
    out["keys"] = dict(DEFAULT_KEYS)
    out["seats"] = {}
    return out


def load_settings(path: Path | None = None) -> tuple[Settings, Msg | None]:
    """Read the settings file; returns ``(settings dict, warning or None)``.

    A missing file gives the defaults silently; a damaged one gives the
    defaults and a sentence saying so.
    """
    path = path or settings_path()
    data = _copy_defaults()
    if not path.exists():
        return data, None
    try:
        raw = _read_raw(path)
    except FileError as e:
        return data, Msg(
            "Settings file {path} is damaged; using the defaults. Fix or delete it. {error}",
            path=shown_name(str(path)),
            error=e.args[0],
        )
    problems: list[Msg] = []
    for key, value in raw.items():
        if key == "keys" and isinstance(value, dict):
            data["keys"] = checked_keys(value, problems)
            continue
        if key == "seats":
            data["seats"] = _load_seats(value, problems)
            continue
        try:
            data[key] = check_value(key, value)
        except SettingsError as e:
            problems.append(e.args[0])
    warning = None
    if problems:
        warning = Msg("Some settings in {path} were ignored: {problems}", path=path, problems=Sentences(problems))
    return data, warning


def _read_raw(path: Path) -> dict[str, Any]:
    """The JSON object of the settings file at ``path``; raises :class:`FileError` (one
    sentence) when it cannot be read, is not JSON or holds no object."""
    raw = read_json(str(path), SETTINGS_LIMIT, "settings file")
    if not isinstance(raw, dict):
        raise FileError(Msg("The settings file must hold one JSON object."))
    return raw


def damage(path: Path | None = None) -> FileError | None:
    """Why the settings file at ``path`` (:func:`settings_path` by default) is damaged
    (cannot be read, is not JSON, holds no object: what :func:`save_settings` keeps
    aside), or None when there is none or it reads as an object."""
    path = path or settings_path()
    if not os.path.lexists(path):
        return None
    try:
        _read_raw(path)
    except FileError as e:
        return e
    return None


def keep_aside(path: Path) -> Path:
    """Rename the file at ``path`` (a link is renamed itself, never what it links to) to
    the first free name of ``NAME.damaged``, ``NAME.damaged-2``, ... beside it; returns the
    new path. Raises OSError when it cannot be renamed (the file is then as it was)."""
    for n in range(1, 1000):
        kept = path.with_name(path.name + (".damaged" if n == 1 else f".damaged-{n}"))
        if not os.path.lexists(kept):
            os.rename(path, kept)
            return kept
    raise FileExistsError(17, "File exists", str(kept))


def switch(value: object) -> bool | None:
    """A setting that is on or off (confirm, hints) as the settings file or ``settings set``
    gives it: True for true, on, 1 or a word of yes (:func:`~a11y_dominion.i18n.yes_or_no`, in
    English or Dutch: the file has no language), False for false, off, 0 or a word of no; None
    for any other value."""
    if isinstance(value, bool):
        return value
    if not isinstance(value, str):
        return None
    low = value.strip().lower()
    if low in ("on", "true", "1"):
        return True
    if low in ("off", "false", "0"):
        return False
    return yes_or_no(low, "nl")


def check_value(key: str, value: object) -> SettingValue:
    """The checked value for setting ``key``; raises :class:`SettingsError`."""
    if key not in DEFAULTS or key in ("keys", "seats"):
        raise SettingsError(
            Msg(
                "{key} is not a setting; settings are {names}.",
                key=key,
                names=", ".join(k for k in DEFAULTS if k not in ("keys", "seats")),
            )
        )
    if key in CHOICES:
        if value not in CHOICES[key]:
            raise SettingsError(Msg("{key} must be one of {names}.", key=key, names=", ".join(CHOICES[key])))
        return str(value)  # (one of the choices: text)
    if key in ("confirm", "hints"):
        switched = switch(value)
        if switched is None and key == "confirm":
            raise SettingsError(Msg("confirm must be yes or no."))
        if switched is None:
            raise SettingsError(Msg("hints must be on or off."))
        return switched
    if key == "rate":
        if value in (None, "", "default"):
            return None
        if isinstance(value, bool):
            raise SettingsError(Msg(RATE_RANGE))
        if isinstance(value, str) and value.strip().lstrip("+-").isdecimal() and len(value) < 8:
            value = int(value)
        if isinstance(value, float) and value.is_integer() and abs(value) <= 100:
            value = int(value)
        if not isinstance(value, int):
            raise SettingsError(Msg(RATE_RANGE))
        n = value
        if not -100 <= n <= 100:
            raise SettingsError(Msg(RATE_RANGE))
        return n
    if key == "pace":
        return _pace(value)
    if key == "output":
        if value in (None, "", "auto", "default"):
            return None
        from .announcements.speech import all_outputs

        outputs = all_outputs()
        if not any(o.matches(str(value)) for o in outputs):
            names = ", ".join(dict.fromkeys(o.name for o in outputs))
            raise SettingsError(Msg("output must be default or one of: {names}.", names=names))
        return str(value)
    # (every setting has its own check above; one without would be kept as text or a number)
    return value if value is None or isinstance(value, str | int) else str(value)


def _pace(value: object) -> int | float:
    """The checked ``pace``: seconds from 0 to :data:`MAX_PACE` (a number, or its text with a
    decimal point or comma: "0.5", "1,5"); a whole number as an int. Raises :class:`SettingsError`."""
    if isinstance(value, str) and len(value) < 8:
        try:
            value = float(value.strip().replace(",", "."))
        except ValueError:
            pass
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= MAX_PACE:
        raise SettingsError(Msg(PACE_RANGE))
    return int(value) if float(value).is_integer() else float(value)


def check_seat(name: object, key: str, value: object) -> str:
    """The checked value of a seat's own setting ``key`` (language or verbosity)
    for the seat called ``name``; raises :class:`SettingsError` with one sentence."""
    if not isinstance(name, str) or not name.strip() or any(c in name for c in ":,"):
        raise SettingsError(Msg("A seat name must be a name without : or commas, such as Ann."))
    if has_control(name):
        raise SettingsError(
            Msg("A seat name cannot hold control, escape or formatting characters; use letters, such as Ann.")
        )
    if key not in SEAT_SETTINGS:
        raise SettingsError(
            Msg("{key} is not a seat setting; a seat may set {names}.", key=key, names=", ".join(SEAT_SETTINGS))
        )
    if value not in CHOICES[key]:
        raise SettingsError(
            Msg("{key} of seat {name} must be one of {names}.", key=key, name=name, names=", ".join(CHOICES[key]))
        )
    return str(value)  # (one of the choices: text)


def _load_seats(value: object, problems: list[Msg]) -> dict[str, dict[str, str]]:
    """The usable part of the ``seats`` setting; what cannot be used goes to ``problems``."""
    if not isinstance(value, dict):
        problems.append(Msg("seats must map each seat name to its language and verbosity."))
        return {}
    out: dict[str, dict[str, str]] = {}
    for name, opts in value.items():
        if not isinstance(opts, dict):
            problems.append(Msg("seats must map each seat name to its language and verbosity."))
            continue
        for key, v in opts.items():
            try:
                out.setdefault(name, {})[key] = check_seat(name, key, v)
            except SettingsError as e:
                problems.append(e.args[0])
    return out


def seat_settings(data: Settings, name: str) -> dict[str, str]:
    """The settings of the seat called ``name`` (any case): {"language": ..., "verbosity": ...}
    with only what was set."""
    for n, opts in (data.get("seats") or {}).items():
        if isinstance(n, str) and n.lower() == name.lower() and isinstance(opts, dict):
            return dict(opts)
    return {}


def check_key(action: str, key: str) -> str:
    """A key binding for ``action`` in prompt_toolkit's notation (``f2``,
    ``c-r``, ``escape h`` for Alt+H); raises :class:`SettingsError` for an
    unknown action or a key that screen readers or terminals take."""
    if action not in DEFAULT_KEYS:
        raise SettingsError(
            Msg("{action} is not a key action; actions are {names}.", action=action, names=", ".join(DEFAULT_KEYS))
        )
    if not isinstance(key, str) or not key.strip():
        raise SettingsError(Msg("The key for {action} must be a key name such as f2, alt+h or ctrl+r.", action=action))
    k = normalise_key(key)
    if k in RESERVED_KEYS or k in TYPING_KEYS:
        raise SettingsError(
            Msg(
                "{key} is taken by screen readers, the terminal or typing; choose another key for {action}.",
                key=key,
                action=action,
            )
        )
    if not _known_key(k):
        raise SettingsError(Msg("{key} is not a key name; use one such as f2, alt+h or ctrl+r.", key=key))
    if k in FIXED_KEYS:
        raise SettingsError(
            Msg("{key} already has a fixed use in the game; choose another key for {action}.", key=key, action=action)
        )
    return k


def checked_keys(value: object, problems: list[Msg] | None = None) -> dict[str, str]:
    """The shortcut keys that ``value`` (action to key name, as the settings file or a game
    server's account keeps them) gives: every action's key (:data:`DEFAULT_KEYS`), with the
    keys of ``value`` that :func:`check_key` takes in their place. What it refuses goes to
    ``problems`` (one sentence each), and two actions with the same key give the usual keys."""
    problems = [] if problems is None else problems
    keys = dict(DEFAULT_KEYS)
    for action, k in value.items() if isinstance(value, dict) else ():
        try:
            keys[action] = check_key(action, k)
        except SettingsError as e:
            problems.append(e.args[0])
    if len(set(keys.values())) != len(keys):
        problems.append(Msg("Two key actions had the same key, so the usual keys are used."))
        return dict(DEFAULT_KEYS)
    return keys


def key_setting(rest: str) -> list[str] | None:
    """The words after ``settings`` (``rest``) when they set a shortcut key, ``set key hand
    ctrl+r`` or ``key hand ctrl+r`` (``zet toets`` in Dutch): the words after the key's word
    (``["hand", "ctrl+r"]``); None for any other setting. A game server's lobby, its tables'
    seats over ssh and a host's ssh seats read them alike."""
    words = rest.split()
    if words[:1] and words[0].casefold() in ("set", "zet"):
        words = words[1:]
    if words[:1] and words[0].casefold() in KEY_SETTING_WORDS:
        return words[1:]
    return None


def set_key(keys: dict[str, str], action: str, key: str) -> str:
    """``settings set key ACTION KEY``: give ``action`` (``hand``, or ``hand2`` for its second
    key) the key ``key`` as a person writes it (``ctrl+r``, ``alt+j``, ``f4``) in ``keys``
    (action to key, every action's: :func:`checked_keys`), an Alt key going to the second key
    (:func:`key_slot`). Returns the action changed; raises :class:`SettingsError` (one
    sentence, ``keys`` as it was) for an unknown action, a key that is no key or that screen
    readers, terminals or typing take, or one another action has."""
    k = check_key(action, key)
    slot = key_slot(action, k)
    check_key_free(keys, slot, k)
    keys[slot] = k
    return slot


# The keys of the game that stay as they are: Alt+1 to Alt+9 (the Nth latest message).
FIXED_KEYS = {"escape " + c for c in "123456789"}


def key_slot(action: str, key: str) -> str:
    """Which of an action's two keys ``settings set key ACTION KEY`` changes: an Alt key
    (``key`` in prompt_toolkit's notation, ``escape h``) given for one of the
    :data:`KEY_ACTIONS` changes its second key (``hand`` gives ``hand2``), any other key its
    own; an action named with its 2 (``hand2``) is kept as it is."""
    if action in KEY_ACTIONS and key.startswith("escape "):
        return action + "2"
    return action


def check_key_free(keys: dict[str, str], action: str, key: str) -> None:
    """Raise :class:`SettingsError` when ``key`` is already the key of
    another action in ``keys`` (action -> key)."""
    for other, k in keys.items():
        if other != action and k == key:
            raise SettingsError(
                Msg(
                    "{key} is already the key for {other}; change that one first, or choose another key for {action}.",
                    key=key,
                    other=other,
                    action=action,
                )
            )


# Keys needed for typing and editing a line.
TYPING_KEYS = {
    "enter",
    "c-m",
    "c-j",
    "tab",
    "c-i",
    "space",
    "backspace",
    "c-h",
    "delete",
    "left",
    "right",
    "up",
    "down",
    "home",
    "end",
    "escape",
    "c-a",
    "c-e",
    "c-u",
    "c-k",
    "c-w",
}


def normalise_key(key: str) -> str:
    """A key in prompt_toolkit's notation from what a person writes:
    ``Ctrl+R``, ``control+r`` and ``^r`` give ``c-r``; ``Alt+H`` gives
    ``escape h``; ``F4`` gives ``f4``."""
    k = " ".join(key.strip().lower().split())
    for prefix in ("ctrl+", "control+", "ctrl-", "^"):
        if k.startswith(prefix) and len(k) > len(prefix):
            return "c-" + k[len(prefix) :]
    for prefix in ("alt+", "alt-", "meta+", "m-"):
        if k.startswith(prefix) and len(k) > len(prefix):
            return "escape " + k[len(prefix) :]
    return k


def _known_key(k: str) -> bool:
    """True when prompt_toolkit knows the key (one key, or Escape then one key)."""
    from prompt_toolkit.keys import Keys

    names = {x.value for x in Keys}
    parts = k.split()
    if len(parts) == 2 and parts[0] == "escape":
        return len(parts[1]) == 1 and parts[1].isprintable() or parts[1] in names
    return len(parts) == 1 and parts[0] in names


def save_settings(data: Settings, path: Path | None = None) -> tuple[Path, Msg | None]:
    """Write ``data`` to the settings file (creating its folder), with the user's own
    permissions for a new file. A damaged file there (:func:`damage`) is never written
    over: it is first renamed aside (:func:`keep_aside`).

    Returns ``(the path, None)``, or ``(the path, one sentence)`` saying where the damaged
    file went and what was wrong with it. Raises OSError when the file cannot be written
    or the damaged one cannot be renamed (then nothing changed)."""
    path = path or settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    said = None
    why = damage(path)
    if why is not None:
        kept = keep_aside(path)
        said = Msg(
            "Settings file {path} was damaged, so it is kept as {kept} and a new one starts from the defaults: {error}",
            path=shown_name(str(path)),
            kept=shown_name(str(kept)),
            error=why.args[0],
        )
    write_atomic(str(path), json.dumps(data, indent=1, sort_keys=True))
    return path, said


def describe(data: Settings) -> list[str]:
    """One plain line per setting, for ``a11y-dominion settings``; every key and value
    from the file is cleaned (control and escape characters shown as ``?``)."""
    lines = []
    for key in DEFAULTS:
        if key in ("keys", "seats"):
            continue
        v = data.get(key)
        if key == "hints":
            v = "on" if v else "off"
        shown = "default" if v is None else ("yes" if v is True else "no" if v is False else v)
        lines.append(f"{key}: {shown_name(str(shown))}")
    for action, k in data.get("keys", {}).items():
        lines.append(f"key {shown_name(str(action))}: {shown_name(str(k))}")
    for name, opts in sorted((data.get("seats") or {}).items()):
        for key, v in opts.items():
            lines.append(f"seat {shown_name(str(name))} {shown_name(str(key))}: {shown_name(str(v))}")
    return lines
