"""On a machine where no sound can come out, a game in self-voicing says so
once: the speaker's own sentence, not that and the speech line of the start
too. Checked for ``a11y-dominion play`` and ``a11y-dominion join`` (the real
host, over the real OpenSSH transport of the seat protocol)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import threading

import pytest

import playcore
from a11y_dominion.announcements.speech import Speaker
from speechdoubles import RecordingOutput
from test_join import host_game, join_command, seats_file  # noqa: F401  (host_game: the fixture)

SAID = "no sound can be heard"


class LoudOutput(RecordingOutput):
    plays_sound = True


def test_the_start_of_a_game_says_once_that_nothing_can_be_heard():
    reported: list[str] = []  # what the speaker says of itself (on the screen, in turn with the game's lines)
    speaker = Speaker(
        "self-voicing",
        outputs=[LoudOutput("espeak-ng")],
        print_fn=reported.append,
        sound_check=lambda: "no sound device was found",
    )
    speaker.describe()  # found before the first line, as on a fast machine
    played = playcore.play(["--seed", "1", "--players", "Ann:human,Bot:bigmoney"], ["speech"], speaker=speaker)
    said = [x for x in reported + played.lines if SAID in x.lower()]
    # asked for, the speech command still tells it
    assert said == [
        "Speech: espeak-ng works, but no sound can be heard (no sound device was found); the game goes on in text.",
        "No sound can be heard (no sound device was found), so the game does not speak; it shows text only.",
    ]
    assert played.lines[played.lines.index("You> speech") + 1] == said[1]


def no_sound_env(tmp_path) -> dict:
    from a11y_dominion.announcements.speech.audio import no_sound_reason

    env = {k: v for k, v in os.environ.items() if k not in ("PULSE_SERVER", "SPEECHD_ADDRESS")}
    env.update(HOME=str(tmp_path), XDG_RUNTIME_DIR=str(tmp_path))
    if no_sound_reason(env) is None:
        pytest.skip("this machine has a sound device")
    return env


def command(*args: str) -> list:
    exe = shutil.which("a11y-dominion")
    return ([exe] if exe else [sys.executable, "-m", "a11y_dominion"]) + list(args)


class Output:
    """What a process writes to its standard output, read as it comes by a thread of its own."""

    def __init__(self, stream) -> None:
        self.text = ""
        self.ended = False
        self.changed = threading.Condition()
        threading.Thread(target=self._read, args=(stream,), daemon=True).start()

    def _read(self, stream) -> None:
        for chunk in iter(lambda: stream.read(1), ""):
            with self.changed:
                self.text += chunk
                self.changed.notify_all()
        with self.changed:
            self.ended = True
            self.changed.notify_all()

    def wait_for(self, *texts: str, timeout: float = 60) -> None:
        """Return once each of ``texts`` has been written (lower case for any case); fail when the
        process ends first, or after ``timeout`` seconds (a process that hangs)."""
        with self.changed:
            done = self.changed.wait_for(
                lambda: all(t in self.text.lower() for t in texts) or self.ended, timeout=timeout
            )
            assert done and all(t in self.text.lower() for t in texts), (texts, self.text)

    def wait_for_end(self, timeout: float = 60) -> str:
        """All the process wrote, once its standard output closes."""
        with self.changed:
            assert self.changed.wait_for(lambda: self.ended, timeout=timeout), self.text
            return self.text


@pytest.mark.e2e
def test_play_says_it_once(tmp_path):
    env = no_sound_env(tmp_path)
    proc = subprocess.Popen(
        command("play", "--seed", "1", "--speech", "self-voicing"),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
    )
    try:
        out = Output(proc.stdout)
        out.wait_for("you> ", SAID)  # the speech output is found while the prompt waits
        proc.stdin.write("hand\n")
        proc.stdin.close()
        text = out.wait_for_end()
        assert "Your hand, 5 cards: 2 Coppers and 3 Estates." in text
        assert text.lower().count(SAID) == 1, text
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait(60)


@pytest.mark.e2e
def test_join_says_it_once(tmp_path, host_game):  # noqa: F811  (the fixture of test_join)
    data, _proc = host_game
    env = no_sound_env(tmp_path)
    env.update(XDG_DATA_HOME=str(tmp_path / "player-data"))
    cmd = join_command("--seats-file", seats_file(tmp_path, data), "--user", "Bea", "--speech", "self-voicing")
    pipe = subprocess.PIPE
    proc = subprocess.Popen(cmd, stdin=pipe, stdout=pipe, stderr=subprocess.STDOUT, text=True, env=env)
    try:
        out = Output(proc.stdout)
        out.wait_for("joined 127.0.0.1 port", SAID)
        proc.stdin.close()
        text = out.wait_for_end()
        assert text.lower().count(SAID) == 1, text
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait(60)


@pytest.mark.parametrize("speech", ["self-voicing", "auto"])
@pytest.mark.e2e  # aplay and python in other processes
def test_join_says_it_once_before_the_games_first_line_at_its_first_start_and_when_it_comes_back(
    tmp_path,
    host_game,  # noqa: F811  (the fixture of test_join)
    speech,
):
    """The speech output is looked for while the host is reached; the game's lines wait for
    it, so its sentence comes once, before them (and before any prompt), also on a rejoin."""
    data, _proc = host_game
    env = no_sound_env(tmp_path)
    env.update(XDG_DATA_HOME=str(tmp_path / "player-data"), XDG_CONFIG_HOME=str(tmp_path / "player-config"))
    # auto, where the system says no screen reader runs (a test beside this one may run a process named orca)
    env["A11Y_DOMINION_SCREEN_READER"] = "no"
    cmd = join_command("--seats-file", seats_file(tmp_path, data), "--user", "Bea", "--speech", speech)
    for visit in ("first", "again"):
        done = subprocess.run(cmd, input="", capture_output=True, text=True, env=env, timeout=120)
        lines = done.stdout.splitlines()
        said = [i for i, x in enumerate(lines) if SAID in x.lower()]
        joined = next(i for i, x in enumerate(lines) if x.startswith("Joined 127.0.0.1 port"))
        assert len(said) == 1 and said[0] < joined, (visit, done.stdout)
        assert "speech output is starting" not in done.stdout and "looking for a speech output" not in done.stdout
