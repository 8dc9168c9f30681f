"""Speech by running a command-line speech program: espeak-ng on Linux, ``say`` on macOS."""

from __future__ import annotations

import collections
import re
import shutil
import subprocess
import sys
import threading
import time
from typing import Any

from .output import Output, OutputUnavailable, SpeechOutputError


def own_group(platform: str) -> dict[str, Any]:
    """The :class:`subprocess.Popen` options (a dict of keyword arguments) that start a speech
    program in a process group of its own on ``platform`` (``sys.platform``'s value), so that
    Ctrl+C at the terminal (sent to the terminal's foreground group on POSIX, to every process of
    the console on Windows) reaches the game alone and the program says its line to the end:
    ``creationflags=CREATE_NEW_PROCESS_GROUP`` on Windows, ``start_new_session=True`` elsewhere."""
    if platform == "win32":
        return {"creationflags": int(getattr(subprocess, "CREATE_NEW_PROCESS_GROUP", 0x200))}
    return {"start_new_session": True}


class _ProcessOutput(Output):
    """Speech by running a command-line speech program once per message.

    Messages are spoken one after another: while a program is still
    speaking, new messages wait in a queue that a helper thread works
    through. ``speak`` never waits for speech to finish.

    If a program exits with an error, the next ``speak`` raises so that
    :class:`Speaker` can switch to another output.
    """

    program_names: tuple[str, ...] = ()
    platforms: tuple[str, ...] | None = None  # sys.platform beginnings where the program exists; None: any
    platform_names = ""  # those systems, as a sentence names them
    install_hint = ""

    base_words_per_minute = 175

    def __init__(self, rate: int | None = None, voice: str | None = None, platform: str | None = None) -> None:
        super().__init__()
        self.rate = rate
        self.voice = voice
        self.platform = platform or sys.platform

        self._program: str | None = None
        self._probed = False
        self._lock = threading.Lock()
        self._process: subprocess.Popen[bytes] | None = None
        self._pending: collections.deque[str] = collections.deque()
        self._waiter: threading.Thread | None = None
        self._error: SpeechOutputError | None = None

    def configure(self, language: str | None = None, rate: int | None = None) -> None:
        """Use the ``language`` voice (e.g. "nl") and a words-per-minute
        rate scaled from -100..100 around the program's usual speed."""
        chosen = getattr(self, "_voice_for_language", None)
        if language and (not self.voice or self.voice == chosen):  # a voice given by name is kept
            self.voice = self._voice_for_language = language
        if rate is not None:
            self.rate = max(80, int(self.base_words_per_minute * (1 + max(-100, min(100, rate)) / 200)))

    def available(self) -> bool:
        """Return True if the program is on PATH (and this is a suitable system)."""
        if not self._probed:
            self._probed = True
            self._program = self._find_program()
            if self._program is None and self.platforms is not None and not self.platform.startswith(self.platforms):
                self.reason = f"{self.name} exists only on {self.platform_names}"
            elif self._program is None:
                self.reason = f"{self.name} is not installed{self.install_hint}"
        return self._program is not None

    def _find_program(self) -> str | None:
        if self.platforms is not None and not self.platform.startswith(self.platforms):
            return None
        for candidate in self.program_names:
            path = shutil.which(candidate)
            if path is not None:
                self.name = candidate
                return path
        return None

    def _command(self, program: str, text: str) -> list[str]:
        raise NotImplementedError

    def _start(self, text: str) -> subprocess.Popen[bytes]:
        # A leading space stops text such as "-3 coins" being read as an option.
        if text.startswith("-"):
            text = " " + text
        assert self._program is not None
        command = self._command(self._program, text)
        return subprocess.Popen(
            command,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            **own_group(sys.platform),
        )

    def speak(self, text: str, interrupt: bool = False) -> None:
        """Start speaking ``text`` now, or queue it behind the current message.

        Raises:
            OutputUnavailable: if the program is not installed.
            SpeechOutputError: if an earlier message's program failed.
            OSError: if the program cannot be started.
        """
        if not self.available():
            raise OutputUnavailable(f"{self.name} is not available: {self.reason}")
        with self._lock:
            if self._error is not None:
                error, self._error = self._error, None
                raise error
            if interrupt:
                self._stop_locked()
            process = self._process
            if process is not None and (process.poll() is None or self._pending):
                # still speaking, or earlier messages wait their turn: keep the order
                self._pending.append(text)
                self._ensure_waiter_locked()
                return
            if process is not None and process.returncode > 0:
                self._process = None
                raise SpeechOutputError(f"{self.name} exited with status {process.returncode}")
            self._process = self._start(text)

    def _ensure_waiter_locked(self) -> None:
        if self._waiter is None or not self._waiter.is_alive():
            self._waiter = threading.Thread(target=self._work_through_queue, name=f"speech: {self.name}", daemon=True)
            self._waiter.start()

    def _work_through_queue(self) -> None:
        """Helper thread: when the current message ends, start the next one."""
        while True:
            with self._lock:
                process = self._process
                if process is None or (process.poll() is not None and not self._pending):
                    self._waiter = None
                    return
            process.wait()
            with self._lock:
                if process is not self._process:
                    continue  # silenced or replaced meanwhile
                if process.returncode > 0:
                    self._error = SpeechOutputError(f"{self.name} exited with status {process.returncode}")
                    self._pending.clear()
                    self._process = None
                    self._waiter = None
                    return
                if self._pending:
                    try:
                        self._process = self._start(self._pending.popleft())
                    except OSError as exc:
                        self._error = SpeechOutputError(f"{self.name} could not start: {exc}")
                        self._pending.clear()
                        self._process = None
                        self._waiter = None
                        return

    def _stop_locked(self) -> None:
        self._pending.clear()
        process, self._process = self._process, None
        if process is not None and process.poll() is None:
            process.kill()
            try:
                process.wait(timeout=1)
            except subprocess.TimeoutExpired:
                pass

    def silence(self) -> None:
        """Stop the program that is speaking and drop queued messages."""
        with self._lock:
            self._stop_locked()

    def close(self) -> None:
        """Same as ``silence``."""
        self.silence()

    def wait_done(self, timeout: float) -> bool:
        """Wait at most ``timeout`` seconds until the message being spoken and those queued
        behind it are said (closing this output stops its program, so its speech ends with
        this program); True when they are, or :meth:`silence` dropped them."""
        deadline = time.monotonic() + timeout
        while True:
            with self._lock:
                process = self._process
                busy = process is not None and (process.poll() is None or bool(self._pending))
            left = deadline - time.monotonic()
            if not busy or left <= 0:
                return not busy
            if process is not None and process.poll() is None:
                try:
                    process.wait(timeout=min(left, 0.5))
                except subprocess.TimeoutExpired:
                    pass
            else:  # the next message is about to start
                time.sleep(0.01)

    def is_speaking(self) -> bool:
        """Return True while a message is being spoken or waits in the queue."""
        with self._lock:
            running = self._process is not None and self._process.poll() is None
            return running or bool(self._pending)


class EspeakOutput(_ProcessOutput):
    """Speech by running ``espeak-ng`` (or the older ``espeak``).

    Available only if one of them is on PATH. After the first
    ``available()`` call, ``name`` is the program actually found.

    Args:
        rate: words per minute, or None for the program's default.
        voice: an espeak voice name such as "en-gb", or None.
        platform: a ``sys.platform`` value; None means this system.
    """

    plays_sound = True

    name = "espeak-ng"
    aliases = ("espeak", "espeak-ng")
    program_names = ("espeak-ng", "espeak")
    install_hint = " (Debian package espeak-ng)"

    def _command(self, program: str, text: str) -> list[str]:
        command = [program]
        if self.rate is not None:
            command += ["-s", str(int(self.rate))]
        if self.voice:
            command += ["-v", self.voice]
        return command + [text]


def parse_say_voices(listing: str) -> list[tuple[str, str]]:
    """The voices in ``say -v ?``'s listing, as (name, locale) pairs in its order. Each
    line is a name (which may hold spaces and brackets, "Eddy (English (UK))"), a
    locale such as ``nl_NL``, then ``#`` and a sample sentence."""
    voices = []
    for line in listing.splitlines():
        found = re.match(r"^(?P<name>\S.*?)\s+(?P<locale>[A-Za-z]{2,3}(?:[_-][A-Za-z0-9]+)*)\s+#", line)
        if found:
            voices.append((found["name"], found["locale"]))
    return voices


def pick_say_voice(voices: list[tuple[str, str]], language: str | None) -> str | None:
    """The first of ``voices`` (as from :func:`parse_say_voices`) that speaks ``language``
    (an ISO code such as "nl"), or None to keep the voice the player chose for the
    system: for English, for no language, or when no installed voice speaks it."""
    if not language or language.lower() == "en":
        return None
    wanted = language.lower()
    for name, locale in voices:
        if locale.lower().replace("-", "_").split("_")[0] == wanted:
            return name
    return None


class SayOutput(_ProcessOutput):
    """Speech by running macOS's ``say``; available only on macOS.

    The voice is the one the player chose for the system, unless the game
    speaks another language than English: then the first installed voice of
    that language (from ``say -v ?``), if there is one.

    Args:
        rate: words per minute, or None for the system default.
        voice: a voice name such as "Samantha", or None.
        platform: a ``sys.platform`` value; None means this system.
    """

    name = "say"
    aliases = ("macos say", "macos")
    program_names = ("say",)
    platforms = ("darwin",)
    platform_names = "macOS"

    def __init__(self, rate: int | None = None, voice: str | None = None, platform: str | None = None) -> None:
        super().__init__(rate=rate, voice=voice, platform=platform)
        self.language: str | None = None
        self._voices: list[tuple[str, str]] | None = None  # the installed voices, asked once

    def configure(self, language: str | None = None, rate: int | None = None) -> None:
        """Speak ``language`` (an ISO code such as "nl") from now on, at a words-per-minute
        rate scaled from -100..100 around the usual speed."""
        self.language = language
        if rate is not None:
            self.rate = max(80, int(self.base_words_per_minute * (1 + max(-100, min(100, rate)) / 200)))

    def installed_voices(self, program: str) -> list[tuple[str, str]]:
        """The voices ``say -v ?`` lists (asked once; none when it fails)."""
        if self._voices is None:
            try:
                done = subprocess.run([program, "-v", "?"], capture_output=True, text=True, errors="replace", timeout=5)
                self._voices = parse_say_voices(done.stdout) if done.returncode == 0 else []
            except (OSError, subprocess.SubprocessError):
                self._voices = []
        return self._voices

    def _command(self, program: str, text: str) -> list[str]:
        command = [program]
        if self.rate is not None:
            command += ["-r", str(int(self.rate))]
        voice = self.voice
        if not voice and self.language and self.language.lower() != "en":
            voice = pick_say_voice(self.installed_voices(program), self.language)
        if voice:
            command += ["-v", voice]
        return command + [text]
