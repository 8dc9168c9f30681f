"""Real speech through a private speech-dispatcher, with no sound card.

These tests start a speech-dispatcher of their own (see ``speechstack.py``)
whose audio goes into a file, speak through the game's production speech
code, and measure the audio that came out.

Without the speech stack (Debian packages speech-dispatcher,
speech-dispatcher-espeak-ng, python3-speechd, ...) they are skipped, or
fail when the environment variable CI is "true": CI installs the stack,
so there a missing stack is a broken CI set-up, not a reason to skip.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import pytest

import speechstack
from a11y_dominion.announcements.speech import OutputTimeout, Speaker, timeouts
from a11y_dominion.announcements.speech import ao2 as ao2_module
from a11y_dominion.announcements.speech import speechd as speechd_module

SENTENCE = "Your turn. 1 Action, 1 Buy, 7 coins. You may buy a Gold."

MIN_SECONDS = 1.0
"""Shortest plausible duration of SENTENCE (espeak-ng takes about 5 seconds)."""

MAX_SECONDS = 15.0
"""Longest plausible duration of SENTENCE."""

MIN_RMS = 0.02
"""Quietest plausible RMS level (full scale 1); espeak-ng speech is about 0.15."""

SPEAK_TIMEOUT = 60.0
"""Seconds a single speak() may take before the test calls it a hang (it returns at once, or
after the game's own timeout of a daemon that does not answer)."""

COMMAND_TIMEOUT = 120.0
"""Seconds a command may take before the test calls it a hang."""

pytestmark = [
    pytest.mark.e2e,  # a real speech-dispatcher
    pytest.mark.filterwarnings(
        # The speechd client ends its reader thread with sys.exit() when its
        # connection closes; threading ignores that, pytest reports it.
        "ignore:Exception in thread SSIP client communication thread:pytest.PytestUnhandledThreadExceptionWarning"
    ),
    pytest.mark.posix,  # speechstack stops, freezes and kills the daemon's process group
]


def require_speech_stack() -> None:
    missing = speechstack.missing_speech_stack()
    if not missing:
        return
    message = speechstack.speech_stack_message(missing)
    if os.environ.get("CI") == "true":
        pytest.fail(message, pytrace=False)
    pytest.skip(message)


@pytest.fixture
def daemon(tmp_path, monkeypatch):
    """A running private speech-dispatcher; this process's environment points at it."""
    require_speech_stack()
    private = speechstack.PrivateSpeechDispatcher(tmp_path)
    try:
        for name, value in private.env_changes().items():
            if value is None:
                monkeypatch.delenv(name, raising=False)
            else:
                monkeypatch.setenv(name, value)
        # A timeout in an earlier test must not make this one skip the daemon.
        monkeypatch.setattr(speechd_module, "SPEECHD_HUNG", threading.Event())
        private.start()
        yield private
    finally:
        private.cleanup()


class DaemonCalls:
    """Every call the game makes to a speech daemon through its timeout (``called``, by the
    name it gives the daemon), and those it gave up waiting for (``gave_up``)."""

    def __init__(self) -> None:
        self.called: list[str] = []
        self.gave_up: list[str] = []

    def __call__(self, func, timeout, what):
        self.called.append(what)
        try:
            return timeouts.call_with_timeout(func, timeout, what)
        except OutputTimeout:
            self.gave_up.append(what)
            raise


@pytest.fixture
def daemon_calls(monkeypatch):
    calls = DaemonCalls()
    for module in (speechd_module, ao2_module):
        monkeypatch.setattr(module, "call_with_timeout", calls)
    return calls


@pytest.fixture
def messages():
    collected: list[str] = []
    return collected


def speak_bounded(speaker: Speaker, text: str, timeout: float = SPEAK_TIMEOUT) -> bool:
    """Call ``speaker.speak(text)``, failing the test if it does not return in time."""
    result: dict[str, object] = {}

    def run() -> None:
        result["spoke"] = speaker.speak(text)

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(timeout)
    if worker.is_alive():
        pytest.fail(f"Speaker.speak({text!r}) did not return within {timeout:g} seconds")
    return bool(result["spoke"])


def assert_plausible_speech(audio: speechstack.Audio | None, daemon: speechstack.PrivateSpeechDispatcher) -> None:
    assert audio is not None, f"no audio was written.\n{daemon.log_text()}"
    assert MIN_SECONDS <= audio.seconds <= MAX_SECONDS, f"{audio}\n{daemon.log_text()}"
    assert audio.rms >= MIN_RMS, f"audio too quiet: {audio}"
    assert audio.peak >= 0.1, f"audio too quiet: {audio}"


def command(*args: str) -> list[str]:
    """The installed ``a11y-dominion`` command (else ``python -m a11y_dominion``), by absolute path."""
    script = Path(sys.executable).with_name("a11y-dominion")
    if script.is_file() and os.access(script, os.X_OK):
        return [str(script), *args]
    return [sys.executable, "-m", "a11y_dominion", *args]


def run_command(args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess:
    return subprocess.run(
        args, env=env, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=COMMAND_TIMEOUT
    )


@pytest.mark.parametrize(
    "output_name",
    [None, "speech-dispatcher"],
    ids=["default-chain", "speechd-client"],
)
def test_self_voicing_speaks_real_audio(daemon, messages, output_name):
    speaker = Speaker(mode="self-voicing", print_fn=messages.append, output_name=output_name)
    try:
        assert speaker.effective_mode == "self-voicing", [o.reason for o in speaker.outputs]
        # The default Linux chain starts with speech-dispatcher (through accessible_output2).
        assert "speech-dispatcher" in speaker.active_output_name
        assert speaker.active_output_name == speaker.outputs[0].name
        if output_name is not None:
            assert speaker.active_output_name == output_name
        assert speak_bounded(speaker, SENTENCE) is True
        audio = daemon.wait_for_audio(MIN_SECONDS)
    finally:
        speaker.close()
    assert_plausible_speech(audio, daemon)
    assert messages == []
    stat = speechstack.sox_stat(audio)
    if stat:
        assert stat["Length (seconds)"] == pytest.approx(audio.seconds, abs=0.01)
        assert stat["RMS amplitude"] == pytest.approx(audio.rms, rel=0.02)


@pytest.mark.parametrize("failure", ["crash", "freeze"])
def test_speaker_falls_back_once_when_the_daemon_fails(daemon, messages, daemon_calls, failure):
    speaker = Speaker(mode="self-voicing", print_fn=messages.append)
    try:
        assert speak_bounded(speaker, SENTENCE) is True
        first_output = speaker.active_output_name
        assert "speech-dispatcher" in first_output
        assert_plausible_speech(daemon.wait_for_audio(MIN_SECONDS), daemon)

        assert daemon_calls.gave_up == []
        if failure == "crash":
            daemon.crash()  # the socket closes: the next command fails at once
        else:
            daemon.freeze()  # the socket stays open but nothing answers
        spoke = speak_bounded(speaker, "Bob buys a Province.")
        # a frozen daemon is given up after the game's own timeout; a crashed one fails at once
        assert bool(daemon_calls.gave_up) == (failure == "freeze"), daemon_calls.gave_up
        assert len(messages) == 1, messages
        message = messages[0]
        assert re.fullmatch(r"Speech: [^\n]+\.", message), message
        espeak = shutil.which("espeak-ng") or shutil.which("espeak")
        if espeak is not None:
            assert spoke is True
            assert speaker.active_output_name == os.path.basename(espeak)
            assert message == f"Speech: {first_output} failed; now using {speaker.active_output_name}."
        else:
            assert spoke is False
            assert speaker.active_output_name is None
            assert message == "Speech: no speech output works; continuing with text only."

        # Carrying on: at once, without more messages or speech-dispatcher again.
        calls = list(daemon_calls.called)
        speak_bounded(speaker, "Your turn.")
        assert daemon_calls.called == calls
        assert len(messages) == 1, messages
        assert speaker.active_output_name is None or "speech-dispatcher" not in speaker.active_output_name
    finally:
        speaker.close()


def test_speech_test_command_speaks_through_the_daemon(daemon):
    result = run_command(command("speech-test", SENTENCE, "--speech", "self-voicing"), os.environ.copy())
    assert result.returncode == 0, result.stdout + result.stderr
    assert re.search(r"^Speech test: spoke through (accessible_output2 )?speech-dispatcher\.$", result.stdout, re.M), (
        result.stdout
    )
    # The daemon goes on speaking after the command has exited.
    assert_plausible_speech(daemon.wait_for_audio(MIN_SECONDS), daemon)


def test_speech_test_command_fails_without_daemon_or_espeak(daemon, tmp_path):
    daemon.stop()
    empty_bin = tmp_path / "empty-bin"
    empty_bin.mkdir()
    env = os.environ.copy()
    env["PATH"] = str(empty_bin)  # no espeak-ng, no espeak, no say
    result = run_command(command("speech-test", "Hello", "--speech", "self-voicing"), env)  # ends by itself
    assert result.returncode != 0, result.stdout + result.stderr
    assert "Speech test: nothing was spoken." in result.stdout, result.stdout
    assert "spoke through" not in result.stdout
    # It says why each output could not be used.
    assert re.search(r"speech-dispatcher is not available: .*(connect|socket|refused|spawn)", result.stdout), (
        result.stdout
    )
    assert "espeak-ng is not available" in result.stdout, result.stdout
    # Nothing autospawned a daemon behind the test's back.
    assert not daemon.accepts_connections()
