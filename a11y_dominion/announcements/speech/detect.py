"""Is the player's own screen reader running?

``auto``, the default speech mode, must not add the game's voice to a
screen reader that already reads the terminal: two voices at once are
worse than none. :func:`screen_reader_running` answers True (one runs),
False (this system can tell, and none runs) or None (it cannot tell; the
console then asks the player once and keeps the answer).

Two halves, so that every platform's answer is tested on any machine:

- *Probes* ask this system and gather what it says in :class:`Reports`
  (:func:`gather`): running program names, Windows' screen reader flag,
  macOS's VoiceOver switch, accessible_output2's answers, AT-SPI's.
- :func:`find` turns a platform and its reports into a :class:`Finding`,
  with no system call: a pure function.

What counts, by platform:

- Windows: a process ``nvda.exe``, ``jfw.exe`` (JAWS) or ``Narrator.exe``
  (``tasklist``); the system flag every screen reader sets
  (``SystemParametersInfoW(SPI_GETSCREENREADER)``); NVDA or JAWS answering
  accessible_output2. A process list and a flag that both say none tell
  that none runs. The flag alone says one runs only when the process list
  cannot be read: it stays set after a screen reader crashed, so a list
  without a known reader and the flag set cannot tell (the saved answer, or
  the question asked once, decides).
- macOS: VoiceOver's switch (``defaults read com.apple.universalaccess
  voiceOverOnOffKey``: 1 on) or VoiceOver's process (``ps``); none runs
  when the switch says 0 or the process list has no VoiceOver.
- Linux: a screen reader's process (Orca, Fenrir, Speakup's espeakup,
  brltty, yasr, emacspeak), the Speakup kernel module, or AT-SPI's
  ``ScreenReaderEnabled`` on the session bus. Only a desktop whose AT-SPI
  answers "no" tells that none runs; a text console or an SSH session
  cannot tell.

Nothing here speaks or changes anything; each probe is bounded by a few
seconds and a failing probe counts as "cannot tell".
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple, Protocol

TIMEOUT = 1.0  # seconds one probe (a command) may take
TASKLIST_TIMEOUT = 5.0  # seconds for tasklist, which is slow on a busy Windows
LINUX_SCREEN_READERS = {
    "orca": "Orca",
    "fenrir": "Fenrir",
    "fenrir-daemon": "Fenrir",
    "espeakup": "Speakup",
    "speakup": "Speakup",
    "brltty": "BRLTTY",
    "yasr": "yasr",
    "emacspeak": "Emacspeak",
}
"""Process names of the Linux screen readers, and the names a player knows them by."""
WINDOWS_SCREEN_READERS = {"nvda.exe": "NVDA", "jfw.exe": "JAWS", "narrator.exe": "Narrator"}
"""Process names (lower case) of the Windows screen readers, and the names a player knows them by."""
MACOS_SCREEN_READERS = {"voiceover": "VoiceOver"}
SPEAKUP = "/sys/accessibility/speakup"
SPI_GETSCREENREADER = 0x0046
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
TASKLIST = ["tasklist", "/FO", "CSV", "/NH"]
PS = ["ps", "-A", "-o", "comm="]
VOICEOVER_KEY = ["defaults", "read", "com.apple.universalaccess", "voiceOverOnOffKey"]


@dataclass(frozen=True)
class Reports:
    """What this system said, probe by probe; None everywhere means "no answer".

    Attributes:
        told: ``A11Y_DOMINION_SCREEN_READER`` as given ("yes", "no", ...), or None.
        programs: the running programs' names (any case; file names without
            folders), or None when they could not be listed.
        speakup: True when Linux's Speakup kernel module is loaded.
        atspi: AT-SPI's ``ScreenReaderEnabled`` (Linux desktops), or None.
        windows_flag: Windows' ``SPI_GETSCREENREADER`` flag, or None.
        voiceover_key: macOS's ``voiceOverOnOffKey`` as printed by ``defaults``
            (normally "1" or "0"), or None when it is not set or could not be read.
        ao2: accessible_output2's ``is_active()`` per screen reader ("NVDA",
            "JAWS"): True, False, or missing when it could not be asked.
    """

    told: str | None = None
    programs: frozenset[str] | None = None
    speakup: bool = False
    atspi: bool | None = None
    windows_flag: bool | None = None
    voiceover_key: str | None = None
    ao2: tuple[tuple[str, bool], ...] = ()


class Finding(NamedTuple):
    """What :func:`find` concluded.

    Attributes:
        running: True (a screen reader runs), False (none runs) or None (cannot tell).
        names: the screen readers seen, as a player knows them ("NVDA",
            "Narrator", "VoiceOver", "Orca"); "a screen reader" when only a
            system flag said so. Empty unless ``running``.
    """

    running: bool | None
    names: tuple[str, ...] = ()


def _told(told: str | None) -> bool | None:
    word = (told or "").strip().lower()
    if word in ("yes", "1", "true"):
        return True
    if word in ("no", "0", "false"):
        return False
    return None


def _seen(programs: frozenset[str] | None, known: Mapping[str, str]) -> tuple[str, ...]:
    if not programs:
        return ()
    lowered = {name.lower() for name in programs}
    return tuple(dict.fromkeys(label for process, label in known.items() if process in lowered))


def find(platform: str, reports: Reports) -> Finding:
    """Whether a screen reader runs on ``platform`` (a ``sys.platform`` value), from
    what that system reported (``reports``). A pure function: it asks nothing of
    this machine. See the module text for the rules. Never raises."""
    told = _told(reports.told)
    if told is not None:
        return Finding(told, ("a screen reader",) if told else ())
    if platform.startswith("win"):
        return _find_windows(reports)
    if platform == "darwin":
        return _find_macos(reports)
    if platform.startswith("linux"):
        return _find_linux(reports)
    return Finding(None)


def _find_windows(reports: Reports) -> Finding:
    names = _seen(reports.programs, WINDOWS_SCREEN_READERS)
    names += tuple(name for name, active in reports.ao2 if active and name not in names)
    if names:
        return Finding(True, names)
    if reports.windows_flag:
        if reports.programs is not None:
            # the list shows no NVDA, JAWS or Narrator: a reader this game does not know by
            # name, or the flag left set by one that crashed; the player's answer decides
            return Finding(None)
        return Finding(True, ("a screen reader",))  # set by every screen reader
    if reports.programs is not None or reports.windows_flag is False:
        # the list would show NVDA, JAWS or Narrator, and any screen reader sets the flag
        return Finding(False)
    return Finding(None)  # accessible_output2 alone cannot tell: it does not know Narrator


def _find_macos(reports: Reports) -> Finding:
    names = _seen(reports.programs, MACOS_SCREEN_READERS)
    key = (reports.voiceover_key or "").strip()
    if names or key == "1":
        return Finding(True, ("VoiceOver",))
    if key == "0" or reports.programs is not None:
        return Finding(False)
    return Finding(None)


def _find_linux(reports: Reports) -> Finding:
    names = _seen(reports.programs, LINUX_SCREEN_READERS)
    if reports.speakup and "Speakup" not in names:
        names += ("Speakup",)
    if names:
        return Finding(True, names)
    if reports.atspi:
        return Finding(True, ("a screen reader",))
    return Finding(False) if reports.atspi is False else Finding(None)


# ---------------------------------------------------------------- probes (they ask this system)


class Run(Protocol):
    """A command's output, as :func:`_run` gives it: ``run(args, timeout)`` (the
    program and its arguments; at most ``timeout`` seconds) is what the command
    printed, or None when it is missing, fails or takes too long."""

    def __call__(self, args: list[str], timeout: float = ..., /) -> str | None:
        """The output of the command ``args``, or None."""


def _run(args: list[str], timeout: float = TIMEOUT) -> str | None:
    """The output of a command, or None when it is missing, fails or takes too long."""
    try:
        done = subprocess.run(
            args,
            capture_output=True,
            text=True,
            errors="replace",
            timeout=timeout,
            stdin=subprocess.DEVNULL,
        )
    except (OSError, subprocess.SubprocessError, ValueError):
        return None
    return done.stdout if done.returncode == 0 else None


def running_programs(proc: str = "/proc") -> set[str] | None:
    """The names of the running programs (Linux ``/proc``: each process's ``comm``
    and the file name of its first two arguments), or None without ``/proc``."""
    root = Path(proc)
    try:
        entries = [e for e in root.iterdir() if e.name.isdecimal()]
    except OSError:
        return None
    names: set[str] = set()
    for entry in entries:
        try:
            names.add((entry / "comm").read_text(encoding="utf-8", errors="replace").strip())
            argv = (entry / "cmdline").read_bytes().split(b"\0")[:2]
        except OSError:
            continue  # a process that ended meanwhile, or one we may not read
        for arg in argv:
            if arg:
                names.add(os.path.basename(arg.decode(errors="replace")))
    return names


def tasklist_programs(run: Run = _run) -> frozenset[str] | None:
    """The image names of Windows' running processes (``tasklist /FO CSV /NH``:
    one quoted CSV row per process, the name first), or None when tasklist
    is missing, fails or lists nothing."""
    got = run(TASKLIST, TASKLIST_TIMEOUT)
    if not got:
        return None
    names = set()
    for line in got.splitlines():
        line = line.strip()
        if line.startswith('"'):
            names.add(line[1:].split('"', 1)[0])
    return frozenset(names) or None


def ps_programs(run: Run = _run) -> frozenset[str] | None:
    """The file names of the running programs from ``ps -A -o comm=`` (macOS prints
    each program's path), or None when ps is missing or fails."""
    got = run(PS)
    if not got:
        return None
    return frozenset(os.path.basename(line.strip()) for line in got.splitlines() if line.strip()) or None


def windows_screen_reader_flag(windll: Any = None) -> bool | None:
    """Windows' ``SPI_GETSCREENREADER`` flag (set while any screen reader runs), asked
    through ctypes; None off Windows or when the call fails. ``windll`` stands for
    ``ctypes.windll`` (tests)."""
    import ctypes

    try:
        # (ctypes has windll on Windows only: the ignore is needed when checked for another system)
        user32 = (windll if windll is not None else ctypes.windll).user32  # type: ignore[attr-defined, unused-ignore]
        flag = ctypes.c_int(0)
        if not user32.SystemParametersInfoW(SPI_GETSCREENREADER, 0, ctypes.byref(flag), 0):
            return None
        return bool(flag.value)
    except Exception:  # noqa: BLE001 - no windll (not Windows), or a failing call: cannot tell
        return None


def ao2_screen_readers() -> tuple[tuple[str, bool], ...]:
    """NVDA's and JAWS's answers to accessible_output2's ``is_active()``, asked on the
    thread that makes every accessible_output2 object (COM's rule); a screen reader
    that could not be asked is left out. Only on Windows; elsewhere ``()``."""
    if not sys.platform.startswith("win"):
        return ()
    from .ao2 import on_ao2_thread

    def ask() -> tuple[tuple[str, bool], ...]:
        import importlib

        answers = []
        for name, module_name, class_name in (("NVDA", "nvda", "NVDA"), ("JAWS", "jaws", "Jaws")):
            try:
                module = importlib.import_module(f"accessible_output2.outputs.{module_name}")
                answers.append((name, bool(getattr(module, class_name)().is_active())))
            except Exception:  # noqa: BLE001 - not installed, or no such screen reader here
                continue
        return tuple(answers)

    try:
        return tuple(on_ao2_thread(ask, 5.0, "accessible_output2"))
    except Exception:  # noqa: BLE001 - a probe that fails cannot tell
        return ()


def gather(
    platform: str,
    env: Mapping[str, str],
    proc: str = "/proc",
    run: Run = _run,
    windows_flag: Callable[[], bool | None] = windows_screen_reader_flag,
    ao2: Callable[[], tuple[tuple[str, bool], ...]] = ao2_screen_readers,
) -> Reports:
    """Ask this system what :func:`find` needs for ``platform``. ``env`` is the
    environment; ``proc``, ``run`` (a command's output or None), ``windows_flag`` and
    ``ao2`` are the probes, replaceable in tests. Never raises."""
    told = env.get("A11Y_DOMINION_SCREEN_READER")
    if _told(told) is not None:
        return Reports(told=told)
    try:
        if platform.startswith("win"):
            programs = tasklist_programs(run)
            flag = windows_flag()
            # accessible_output2 only when neither the list nor the flag said a screen reader runs
            asked = ao2() if programs is None and not flag else ()
            return Reports(programs=programs, windows_flag=flag, ao2=asked)
        if platform == "darwin":
            key = (run(VOICEOVER_KEY) or "").strip()
            if key == "1":
                return Reports(voiceover_key=key)
            # the switch can say 0 while VoiceOver runs (turned on with Command-F5): its process too
            return Reports(voiceover_key=key if key == "0" else None, programs=ps_programs(run))
        if platform.startswith("linux"):
            found = running_programs(proc)
            programs = frozenset(found) if found is not None else None
            reports = Reports(programs=programs, speakup=os.path.exists(SPEAKUP))
            if _find_linux(reports).running:
                return reports
            return Reports(programs=programs, speakup=reports.speakup, atspi=atspi_screen_reader(env, run))
    except Exception:  # noqa: BLE001 - a probe that fails cannot tell
        return Reports()
    return Reports()


def atspi_screen_reader(env: Mapping[str, str], run: Run = _run) -> bool | None:
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


def screen_reader_found(
    env: Mapping[str, str] | None = None, platform: str | None = None, proc: str = "/proc", run: Run = _run
) -> Finding:
    """What :func:`find` concludes from this system's probes (:func:`gather`).
    ``env`` (default ``os.environ``), ``platform`` (default ``sys.platform``),
    ``proc`` and ``run`` are for tests. ``A11Y_DOMINION_SCREEN_READER`` (yes or
    no) answers for the probes. Never raises."""
    env = os.environ if env is None else env
    platform = platform or sys.platform
    return find(platform, gather(platform, env, proc, run))


def screen_reader_running(
    env: Mapping[str, str] | None = None, platform: str | None = None, proc: str = "/proc", run: Run = _run
) -> bool | None:
    """True when the player's screen reader runs, False when none does, None
    when this system cannot tell (see the module text); the arguments are as
    for :func:`screen_reader_found`. Never raises."""
    return screen_reader_found(env, platform, proc, run).running


def screen_reader_mode(settings: Mapping[str, object], running: Callable[[], bool | None] | None = None) -> bool:
    """True when the player uses a screen reader, as the game itself decides it: speech
    ``screen-reader``; or ``auto`` (the default) and ``running()`` says one runs
    (:func:`screen_reader_running`: True, False, or None
    when this system cannot tell; None without ``running``), and when it cannot tell,
    the ``screen_reader`` answer yes. On Windows and macOS the system always tells, so
    the answer is never asked there and only what runs counts."""
    speech = settings.get("speech") or "auto"
    if speech == "screen-reader":
        return True
    if speech != "auto":
        return False
    found = running() if running is not None else None
    if found is None:
        return settings.get("screen_reader") == "yes"
    return bool(found)


def auto_mode(running: bool | None) -> str:
    """What ``auto`` becomes for a :func:`screen_reader_running` answer: "screen-reader"
    (plain lines, the game silent) when one runs, "self-voicing" (the game speaks
    through this platform's voice) when none runs, "ask" (the console asks the
    player once) when the system cannot tell."""
    if running is None:
        return "ask"
    return "screen-reader" if running else "self-voicing"
