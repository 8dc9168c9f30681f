"""Is the player's own screen reader running?

``auto``, the default speech mode, must not add the game's voice to a
screen reader that already reads the terminal: two voices at once are
worse than none. :func:`screen_reader_running` answers True (one runs),
False (this system can tell, and none runs) or None (it cannot tell; the
console then asks the player once and keeps the answer).

- Linux: a running screen reader process (Orca, Fenrir, Speakup's
  espeakup, brltty, yasr; Orca is also seen through AT-SPI's
  ``ScreenReaderEnabled``, asked of the session bus with ``gdbus``), or the
  Speakup kernel module. Only a desktop whose AT-SPI answers "no" tells
  that none runs; a text console or an SSH session cannot tell.
- macOS: VoiceOver's switch (``defaults read com.apple.universalaccess
  voiceOverOnOffKey``) or its process.
- Windows: NVDA or JAWS through accessible_output2, or Narrator's process.

Nothing here speaks or changes anything; each probe is bounded by
:data:`TIMEOUT` seconds and a failing probe counts as "cannot tell".
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable, Mapping
from pathlib import Path

TIMEOUT = 1.0  # seconds one probe (a command) may take
LINUX_SCREEN_READERS = ("orca", "fenrir", "fenrir-daemon", "espeakup", "brltty", "yasr", "speakup", "emacspeak")
SPEAKUP = "/sys/accessibility/speakup"
ATSPI = [
    "gdbus",
    "call",
    "--session",
    "--dest",
    "org.a11y.Bus",
    "--object-path",
    "/org/a11y/bus",
    "--method",
    "org.freedesktop.DBus.Properties.Get",
    "org.a11y.Status",
    "ScreenReaderEnabled",
]


def _run(args: list, timeout: float = TIMEOUT) -> str | None:
    """The output of a command, or None when it is missing, fails or takes too long."""
    try:
        done = subprocess.run(args, capture_output=True, text=True, timeout=timeout, stdin=subprocess.DEVNULL)
    except (OSError, subprocess.SubprocessError, ValueError):
        return None
    return done.stdout if done.returncode == 0 else None


def running_programs(proc: str = "/proc") -> set | None:
    """The names of the running programs (Linux ``/proc``: each process's ``comm``
    and the file name of its first two arguments), or None without ``/proc``."""
    root = Path(proc)
    try:
        entries = [e for e in root.iterdir() if e.name.isdecimal()]
    except OSError:
        return None
    names: set = set()
    for entry in entries:
        try:
            names.add((entry / "comm").read_text(errors="replace").strip())
            argv = (entry / "cmdline").read_bytes().split(b"\0")[:2]
        except OSError:
            continue  # a process that ended meanwhile, or one we may not read
        for arg in argv:
            if arg:
                names.add(os.path.basename(arg.decode(errors="replace")))
    return names


def atspi_screen_reader(env: Mapping[str, str], run: Callable = _run) -> bool | None:
    """AT-SPI's ``ScreenReaderEnabled`` on the session bus, or None when there is no
    session bus or no answer."""
    if not (env.get("DBUS_SESSION_BUS_ADDRESS") or env.get("DISPLAY") or env.get("WAYLAND_DISPLAY")):
        return None
    got = run(ATSPI)
    if got is None:
        return None
    text = got.strip().lower()
    if "true" in text:
        return True
    if "false" in text:
        return False
    return None


def linux(env: Mapping[str, str], proc: str = "/proc", run: Callable = _run) -> bool | None:
    programs = running_programs(proc)
    if programs is not None and programs & set(LINUX_SCREEN_READERS):
        return True
    if os.path.exists(SPEAKUP):
        return True
    return atspi_screen_reader(env, run)


def macos(run: Callable = _run) -> bool | None:
    got = run(["defaults", "read", "com.apple.universalaccess", "voiceOverOnOffKey"])
    if got is not None and got.strip() in ("0", "1"):
        return got.strip() == "1"
    found = run(["pgrep", "-x", "VoiceOver"])
    return True if found is not None and found.strip() else None


def windows(run: Callable = _run) -> bool | None:
    try:
        from accessible_output2.outputs import jaws, nvda

        if nvda.NVDA().is_active() or jaws.Jaws().is_active():
            return True
    except Exception:  # noqa: BLE001 - no accessible_output2, or a failing probe: look further
        pass
    got = run(["tasklist", "/FI", "IMAGENAME eq Narrator.exe", "/NH"])
    if got is None:
        return None
    return "narrator.exe" in got.lower()


def screen_reader_running(
    env: Mapping[str, str] | None = None, platform: str | None = None, proc: str = "/proc", run: Callable = _run
) -> bool | None:
    """True when the player's screen reader runs, False when none does, None
    when this system cannot tell (see the module text). ``env``, ``platform``,
    ``proc`` and ``run`` (a command's output or None) are for tests; the
    defaults look at this system. ``A11Y_DOMINION_SCREEN_READER`` (yes or no)
    answers for the probes. Never raises."""
    env = os.environ if env is None else env
    told = env.get("A11Y_DOMINION_SCREEN_READER", "").strip().lower()
    if told in ("yes", "1", "true"):
        return True
    if told in ("no", "0", "false"):
        return False
    platform = platform or sys.platform
    try:
        if platform.startswith("linux"):
            return linux(env, proc, run)
        if platform == "darwin":
            return macos(run)
        if platform.startswith("win"):
            return windows(run)
    except Exception:  # noqa: BLE001 - a probe that fails cannot tell
        return None
    return None
