"""The game respects the player's own screen reader and never claims speech
that did not happen.

- ``auto`` chooses screen-reader mode when a screen reader runs: a real
  process named ``orca`` (a copy of ``sleep``), or AT-SPI's answer from a
  stand-in ``gdbus`` on PATH; when it cannot tell, it asks once at a
  terminal and keeps the answer.
- The speech output is looked for in the background: what is said
  meanwhile is spoken, in order, once it is found.
- With no sound device, speech-test exits 1 and says so, and the game says
  once that nothing can be heard.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from a11y_dominion.announcements.speech import Speaker
from a11y_dominion.announcements.speech.audio import no_sound_reason
from a11y_dominion.announcements.speech.detect import screen_reader_running
from a11y_dominion.announcements.speech.output import Output
from speechdoubles import RecordingOutput

ROOT = Path(__file__).resolve().parent.parent
linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux's /proc and AT-SPI")
NO_DESKTOP = {"PATH": os.environ.get("PATH", "")}


def command(*args: str) -> list:
    exe = shutil.which("a11y-dominion")
    return [exe, *args] if exe else [sys.executable, "-m", "a11y_dominion", *args]


@linux_only
@pytest.mark.e2e  # orca in another process
def test_a_running_orca_process_is_a_screen_reader(tmp_path):
    assert screen_reader_running(NO_DESKTOP) is None  # a text console with no screen reader cannot tell
    orca = tmp_path / "orca"
    shutil.copy(shutil.which("sleep") or "/bin/sleep", orca)
    proc = subprocess.Popen([str(orca), "30"])
    try:
        # Popen may come back before the child has become the program (its comm and cmdline
        # are still Python's): wait for it, as a real screen reader runs long before the game
        cmdline = Path(f"/proc/{proc.pid}/cmdline")
        deadline = time.monotonic() + 60  # only a hang takes this long
        while not cmdline.read_bytes().startswith(str(orca).encode()) and time.monotonic() < deadline:
            time.sleep(0.01)
        assert screen_reader_running(NO_DESKTOP) is True
    finally:
        proc.kill()
        proc.wait()
    assert screen_reader_running(NO_DESKTOP) is None


@linux_only
@pytest.mark.parametrize(("answer", "expected"), [("(<true>,)", True), ("(<false>,)", False), ("garbage", None)])
@pytest.mark.e2e  # gdbus in another process
def test_atspi_screen_reader_enabled_is_asked_of_the_session_bus(tmp_path, monkeypatch, answer, expected):
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    gdbus = bin_dir / "gdbus"
    gdbus.write_text(f'#!/bin/sh\necho "$*" > {tmp_path}/asked\necho "{answer}"\n')
    gdbus.chmod(0o755)
    monkeypatch.setenv("PATH", f"{bin_dir}:{os.environ['PATH']}")
    env = {"DBUS_SESSION_BUS_ADDRESS": "unix:path=/fake", "PATH": os.environ["PATH"]}
    assert screen_reader_running(env) is expected
    assert "org.a11y.Status ScreenReaderEnabled" in (tmp_path / "asked").read_text()


def test_the_environment_can_answer_for_the_probes():
    assert screen_reader_running({"A11Y_DOMINION_SCREEN_READER": "yes"}) is True
    assert screen_reader_running({"A11Y_DOMINION_SCREEN_READER": "no"}) is False


@pytest.mark.e2e  # python in another process
def test_auto_with_a_screen_reader_is_screen_reader_mode(tmp_path):
    env = dict(os.environ, A11Y_DOMINION_SCREEN_READER="yes", A11Y_DOMINION_CONFIG=str(tmp_path / "s.json"))
    got = subprocess.run(
        command("--seed", "1"), input="quit\nyes\n", capture_output=True, text=True, env=env, timeout=60, cwd=ROOT
    )
    lines = got.stdout.splitlines()
    assert lines[1] == (
        "Automatic mode: a screen reader is running, so the game does not speak; your screen reader reads the text."
    )
    assert "\x1b" not in got.stdout  # plain lines: no Supply table drawn


def cannot_tell(tmp_path) -> tuple:
    """(settings file, environment) of a game on a system that cannot tell whether a
    screen reader runs (no desktop session), with settings and data below ``tmp_path``."""
    settings = tmp_path / "settings.json"
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "DBUS_SESSION_BUS_ADDRESS")}
    env.pop("A11Y_DOMINION_SCREEN_READER", None)
    env.update(A11Y_DOMINION_CONFIG=str(settings), A11Y_DOMINION_DATA=str(tmp_path / "data"), TERM="xterm")
    if screen_reader_running(env) is not None:
        pytest.skip("this machine can tell whether a screen reader runs")
    return settings, env


def start_game(pexpect, env):
    """The game at a pseudo-terminal of 50 by 250, seed 1."""
    exe = command()
    return pexpect.spawn(
        exe[0], exe[1:] + ["--seed", "1"], env=env, encoding="utf-8", timeout=60, cwd=str(ROOT), dimensions=(50, 250)
    )


@pytest.mark.posix
@linux_only
@pytest.mark.e2e  # a pseudo-terminal
def test_when_it_cannot_tell_it_asks_once_and_keeps_the_answer(tmp_path):
    pexpect = pytest.importorskip("pexpect")
    settings, env = cannot_tell(tmp_path)
    child = start_game(pexpect, env)
    child.expect_exact("Do you use a screen reader? Type yes or no: ")
    child.sendline("yes")
    child.expect_exact(
        "Automatic mode: you use a screen reader, so the game does not speak; your screen reader reads the text."
    )
    child.expect("You>")
    child.sendline("quit")
    child.expect("Type yes to stop:")
    child.sendline("yes")
    child.expect(pexpect.EOF)
    assert '"screen_reader": "yes"' in settings.read_text()
    child = start_game(pexpect, env)
    child.expect("You>")
    assert "Do you use a screen reader" not in child.before
    assert "Automatic mode: you use a screen reader" in child.before
    child.sendcontrol("d")
    child.close(force=True)


@pytest.mark.posix
@linux_only
@pytest.mark.e2e  # a pseudo-terminal
def test_a_question_left_unanswered_gives_plain_lines_for_this_game(tmp_path):
    pexpect = pytest.importorskip("pexpect")
    settings, env = cannot_tell(tmp_path)
    child = start_game(pexpect, env)
    child.expect_exact("Do you use a screen reader? Type yes or no: ")
    child.sendline("maybe")
    child.expect_exact("maybe is not yes or no; the game will ask again next time.")
    child.expect_exact(
        "Automatic mode: not answered, so this game prints plain lines for a screen reader and does not speak."
    )
    child.expect("You>")
    assert "\x1b[" not in child.before  # plain lines: no table, colour or cursor movement
    child.sendcontrol("d")
    child.close(force=True)
    assert not settings.exists() or "screen_reader" not in settings.read_text()  # asked again next time


@pytest.mark.posix
@linux_only
@pytest.mark.e2e  # a pseudo-terminal
def test_stats_asks_about_the_screen_reader_before_it_shows_anything(tmp_path):
    pexpect = pytest.importorskip("pexpect")
    from test_history import THREE_GAMES_STATS, three_finished_games

    settings, env = cannot_tell(tmp_path)
    three_finished_games()  # (this test's data folder is the one the program reads)
    env["PYTHONPATH"] = str(ROOT)
    child = pexpect.spawn(
        sys.executable, ["-m", "a11y_dominion", "stats"], env=env, encoding="utf-8", timeout=60, dimensions=(40, 100)
    )
    child.expect_exact("Do you use a screen reader? Type yes or no: ")
    assert child.before.strip() == ""  # nothing shown before the question: no table
    child.sendline("yes")
    child.expect(pexpect.EOF)
    child.close()
    shown = child.before.replace("\r", "")
    assert "\x1b[" not in shown and not any(c in shown for c in "│┃┏━")  # plain lines, no table
    assert shown.splitlines()[1:] == THREE_GAMES_STATS
    assert '"screen_reader": "yes"' in settings.read_text()  # asked once


class SlowOutput(RecordingOutput):
    """An output whose first look takes until ``release`` is set (a daemon slow to answer)."""

    def __init__(self, name: str):
        super().__init__(name)
        self.release = threading.Event()

    def available(self) -> bool:
        self.release.wait(10)
        return True


def test_speech_is_found_in_the_background_and_nothing_said_meanwhile_is_lost():
    slow = SlowOutput("slow")
    speaker = Speaker("self-voicing", outputs=[slow])
    speaker.start()
    assert speaker.speak("first") is True  # returns at once, while the output is still being looked for
    assert speaker.speak("second") is True
    assert not speaker.wait_ready(0.05)
    assert slow.spoken == []
    slow.release.set()
    assert speaker.wait_ready(5)
    assert speaker.speak("third") is True
    assert slow.spoken == ["first", "second", "third"]
    assert speaker.describe() == "Self-voicing mode: the game speaks through slow."


class LoudOutput(RecordingOutput):
    plays_sound = True


def test_an_output_that_nobody_can_hear_is_not_claimed():
    messages: list = []
    speaker = Speaker(
        "self-voicing", outputs=[LoudOutput("espeak-ng")], print_fn=messages.append, sound_check=lambda: "no sound card"
    )
    assert speaker.speak("hello") is False
    assert speaker.effective_mode == "screen-reader"
    assert messages == ["Speech: espeak-ng works, but no sound can be heard (no sound card); the game goes on in text."]
    assert (
        speaker.describe() == "No sound can be heard (no sound card), so the game does not speak; it shows text only."
    )
    assert isinstance(Output.plays_sound, bool) and Output.plays_sound is False


@pytest.mark.e2e  # aplay and python in other processes
def test_speech_test_tells_the_truth_without_a_sound_device(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("PULSE_SERVER", "SPEECHD_ADDRESS")}
    env.update(HOME=str(tmp_path), XDG_RUNTIME_DIR=str(tmp_path))
    if no_sound_reason(env) is None:
        pytest.skip("this machine has a sound device")
    got = subprocess.run(
        command("speech-test", "--speech", "self-voicing"), capture_output=True, text=True, env=env, timeout=60
    )
    assert got.returncode == 1
    assert got.stdout.lower().count("no sound can be heard") == 1  # said once, not again by the summary
    assert "Speech test: nothing was spoken." in got.stdout.splitlines()
    assert "spoke through" not in got.stdout
