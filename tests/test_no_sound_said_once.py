"""On a machine where no sound can come out, a game in self-voicing says so
once: the speaker's own sentence, not that and the speech line of the start
too. Checked for ``a11y-dominion play`` and ``a11y-dominion join`` (the real
host, over the real OpenSSH transport of the seat protocol)."""

from __future__ import annotations

import io
import os
import shutil
import subprocess
import sys
import time

import pytest

from a11y_dominion.console import Console
from a11y_dominion.console.display import Display, PlainReader
from a11y_dominion.kingdoms import choose_setup
from a11y_dominion.rules.game import Game, GameConfig
from announcements.speech import Speaker
from speechdoubles import RecordingOutput
from test_join import host_game, join_command, seats_file  # noqa: F401  (host_game: the fixture)

SAID = "no sound can be heard"


class LoudOutput(RecordingOutput):
    plays_sound = True


def test_the_start_of_a_game_says_once_that_nothing_can_be_heard():
    out = io.StringIO()
    display = Display(out, plain=True)
    speaker = Speaker(
        "self-voicing",
        outputs=[LoudOutput("espeak-ng")],
        print_fn=display.line,
        sound_check=lambda: "no sound device was found",
    )
    speaker.describe()  # found before the first line, as on a fast machine
    piles, events, landmarks = choose_setup("basic-intro", None, None, 1)
    game = Game(GameConfig(["Ann", "Bot"], piles, events, landmarks, seed=1))
    reader = PlainReader(io.StringIO(""), out)
    console = Console(game, [("Ann", "human"), ("Bot", "bigmoney")], display, speaker, reader=reader)
    console.run()
    lines = out.getvalue().splitlines()
    said = [x for x in lines if SAID in x.lower()]
    assert said == [
        "Speech: espeak-ng works, but no sound can be heard (no sound device was found); the game goes on in text."
    ]
    # asked for, the speech command still tells it
    from a11y_dominion.console.app import speech_line
    from a11y_dominion.i18n import Language

    assert speech_line(speaker, Language("en")) == (
        "No sound can be heard (no sound device was found), so the game does not speak; it shows text only."
    )


def no_sound_env(tmp_path) -> dict:
    from announcements.speech.audio import no_sound_reason

    env = {k: v for k, v in os.environ.items() if k not in ("PULSE_SERVER", "SPEECHD_ADDRESS")}
    env.update(HOME=str(tmp_path), XDG_RUNTIME_DIR=str(tmp_path))
    if no_sound_reason(env) is None:
        pytest.skip("this machine has a sound device")
    return env


def command(*args: str) -> list:
    exe = shutil.which("a11y-dominion")
    return ([exe] if exe else [sys.executable, "-m", "a11y_dominion"]) + list(args)


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
    time.sleep(3)  # the speech output is found meanwhile: its sentence comes once, whenever it comes
    out, _ = proc.communicate("hand\n", timeout=60)
    assert out.lower().count(SAID) <= 1, out
    if "speech output is starting" not in out:
        assert out.lower().count(SAID) == 1, out


def test_join_says_it_once(tmp_path, host_game):  # noqa: F811  (the fixture of test_join)
    data, _proc = host_game
    env = no_sound_env(tmp_path)
    env.update(XDG_DATA_HOME=str(tmp_path / "player-data"))
    cmd = join_command("--seats-file", seats_file(tmp_path, data), "--user", "Bea", "--speech", "self-voicing")
    pipe = subprocess.PIPE
    proc = subprocess.Popen(cmd, stdin=pipe, stdout=pipe, stderr=subprocess.STDOUT, text=True, env=env)
    time.sleep(4)
    proc.stdin.close()
    out = proc.stdout.read()
    proc.wait(30)
    assert "Joined 127.0.0.1 port" in out
    assert out.lower().count(SAID) <= 1, out
    if "speech output is starting" not in out:
        assert out.lower().count(SAID) == 1, out


@pytest.mark.parametrize("speech", ["self-voicing", "auto"])
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
    cmd = join_command("--seats-file", seats_file(tmp_path, data), "--user", "Bea", "--speech", speech)
    for visit in ("first", "again"):
        done = subprocess.run(cmd, input="", capture_output=True, text=True, env=env, timeout=120)
        lines = done.stdout.splitlines()
        said = [i for i, x in enumerate(lines) if SAID in x.lower()]
        joined = next(i for i, x in enumerate(lines) if x.startswith("Joined 127.0.0.1 port"))
        assert len(said) == 1 and said[0] < joined, (visit, done.stdout)
        assert "speech output is starting" not in done.stdout and "looking for a speech output" not in done.stdout
