"""Speech on each platform: whether the player's screen reader runs, what ``auto``
becomes, which voice self-voicing uses, and what ``speech-test`` says.

The decision (:func:`a11y_dominion.announcements.speech.detect.find`) is a pure function of
the platform and what its system reported, tested for every case on any
machine. The probes are tested against stand-in system programs on PATH
(``tasklist``, ``defaults``, ``ps``, ``say``, ``espeak-ng``) and a stand-in
``ctypes.windll``. Windows' speech library, accessible_output2 with COM, cannot
run here: a stand-in package of the same shape (``Auto`` whose SAPI 5 is always
active, as the real one's is) runs in a child Python, so the game's own
accessible_output2 wrapper is what is tested.
"""

from __future__ import annotations

import ctypes
import json
import os
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

import pytest

from a11y_dominion.announcements.speech import OutputTimeout, SayOutput, Speaker, default_outputs, speech_test
from a11y_dominion.announcements.speech.ao2 import AO2Thread, output_label
from a11y_dominion.announcements.speech.detect import (
    Finding,
    Reports,
    auto_mode,
    find,
    gather,
    screen_reader_found,
    windows_screen_reader_flag,
)
from a11y_dominion.announcements.speech.process import parse_say_voices, pick_say_voice

ROOT = Path(__file__).resolve().parent.parent
posix_only = pytest.mark.skipif(sys.platform.startswith("win"), reason="stand-in programs are shell scripts")

NONE_LINE = "Speech test: no screen reader is running; in automatic mode (the default) the game speaks itself."
ASK_LINE = (
    "Speech test: this system cannot tell whether a screen reader runs, "
    "so the game asks you once and keeps your answer."
)
LINES_FOR = (
    "Speech test: {} is running; in automatic mode (the default) the game prints lines for it and does not speak."
)
SCREEN_READER_MODE = "Screen-reader mode: the game does not speak; your screen reader reads the text."
NOTHING = "Speech test: nothing was spoken."
NO_OUTPUT = "Automatic mode: no speech output was found, so the game does not speak; your screen reader reads the text."


# ---------------------------------------------------------------- the decision, every case


WINDOWS_CASES = [
    # (what Windows reported, the finding)
    (Reports(programs=frozenset({"explorer.exe", "nvda.exe"}), windows_flag=True), Finding(True, ("NVDA",))),
    (Reports(programs=frozenset({"jfw.exe"}), windows_flag=True), Finding(True, ("JAWS",))),
    (Reports(programs=frozenset({"Narrator.exe"}), windows_flag=True), Finding(True, ("Narrator",))),
    (Reports(programs=frozenset({"NVDA.EXE", "Narrator.exe"})), Finding(True, ("NVDA", "Narrator"))),
    # the flag with a process list that shows no known reader: one the game does not know by
    # name, or the flag left set after NVDA crashed; the saved answer (or the question) decides
    (Reports(programs=frozenset({"explorer.exe"}), windows_flag=True), Finding(None)),
    (Reports(programs=frozenset(), windows_flag=True, ao2=(("NVDA", False),)), Finding(None)),
    # without the process list, the flag every screen reader sets is all there is
    (Reports(windows_flag=True), Finding(True, ("a screen reader",))),
    (Reports(programs=frozenset({"explorer.exe"}), windows_flag=False), Finding(False)),
    (Reports(programs=frozenset({"explorer.exe"})), Finding(False)),
    (Reports(windows_flag=False), Finding(False)),
    (Reports(ao2=(("NVDA", True), ("JAWS", False))), Finding(True, ("NVDA",))),
    (Reports(ao2=(("NVDA", False), ("JAWS", True))), Finding(True, ("JAWS",))),
    # accessible_output2 knows neither Narrator nor the flag's other screen readers
    (Reports(ao2=(("NVDA", False), ("JAWS", False))), Finding(None)),
    (Reports(), Finding(None)),
]
MACOS_CASES = [
    (Reports(voiceover_key="1"), Finding(True, ("VoiceOver",))),
    (Reports(voiceover_key="0"), Finding(False)),
    (Reports(voiceover_key="0", programs=frozenset({"Finder"})), Finding(False)),
    # the switch may lag behind VoiceOver turned on with Command-F5: its process counts
    (Reports(voiceover_key="0", programs=frozenset({"VoiceOver"})), Finding(True, ("VoiceOver",))),
    (Reports(programs=frozenset({"Finder", "VoiceOver"})), Finding(True, ("VoiceOver",))),
    (Reports(programs=frozenset({"Finder", "Terminal"})), Finding(False)),
    (Reports(), Finding(None)),
]
LINUX_CASES = [
    (Reports(programs=frozenset({"bash", "orca"})), Finding(True, ("Orca",))),
    (Reports(programs=frozenset({"fenrir-daemon"}), atspi=False), Finding(True, ("Fenrir",))),
    (Reports(programs=frozenset({"bash"}), speakup=True), Finding(True, ("Speakup",))),
    (Reports(programs=frozenset({"bash"}), atspi=True), Finding(True, ("a screen reader",))),
    (Reports(programs=frozenset({"bash"}), atspi=False), Finding(False)),
    # a text console or an SSH session: no process seen, and nobody to ask
    (Reports(programs=frozenset({"bash"})), Finding(None)),
    (Reports(), Finding(None)),
]


@pytest.mark.parametrize(("reports", "expected"), WINDOWS_CASES)
def test_windows_decision(reports, expected):
    assert find("win32", reports) == expected


@pytest.mark.parametrize(("reports", "expected"), MACOS_CASES)
def test_macos_decision(reports, expected):
    assert find("darwin", reports) == expected


@pytest.mark.parametrize(("reports", "expected"), LINUX_CASES)
def test_linux_decision(reports, expected):
    assert find("linux", reports) == expected


@pytest.mark.parametrize("platform", ["win32", "darwin", "linux", "freebsd14"])
def test_the_players_word_answers_on_every_platform(platform):
    assert find(platform, Reports(told="yes")) == Finding(True, ("a screen reader",))
    assert find(platform, Reports(told="no", programs=frozenset({"nvda.exe", "VoiceOver", "orca"}))) == Finding(False)


def test_another_system_cannot_tell():
    assert find("freebsd14", Reports(programs=frozenset({"orca", "nvda.exe"}), atspi=True)) == Finding(None)


@pytest.mark.parametrize(("running", "mode"), [(True, "screen-reader"), (False, "self-voicing"), (None, "ask")])
def test_auto_becomes_lines_a_voice_or_the_one_question(running, mode):
    assert auto_mode(running) == mode


def test_each_platform_self_voices_with_its_own_voice():
    assert [o.name for o in default_outputs("win32")] == ["accessible_output2 auto", "accessible_output2 SAPI 5"]
    assert [o.name for o in default_outputs("darwin")] == ["say"]
    linux = ["accessible_output2 speech-dispatcher", "speech-dispatcher", "espeak-ng"]
    assert [o.name for o in default_outputs("linux")] == linux


def test_accessible_output2_names_as_players_know_them():
    assert [output_label(n) for n in ("sapi5", "jaws", "NVDA", "Dolphin")] == ["SAPI 5", "JAWS", "NVDA", "Dolphin"]


# ---------------------------------------------------------------- the probes, against stand-in system programs


def program(bin_dir: Path, name: str, script: str) -> None:
    """Write a stand-in system program ``name`` into ``bin_dir``."""
    bin_dir.mkdir(exist_ok=True)
    path = bin_dir / name
    path.write_text("#!/bin/sh\n" + textwrap.dedent(script))
    path.chmod(0o755)


CORE = "/System/Library/CoreServices"
TASKLIST_ROWS = '"System Idle Process","0","Services","0","8 K"\n"explorer.exe","4120","Console","1","98,304 K"\n'


@posix_only
@pytest.mark.parametrize(
    ("rows", "status", "expected"),
    [
        (TASKLIST_ROWS + '"nvda.exe","5512","Console","1","61,440 K"\n', 0, Finding(True, ("NVDA",))),
        (TASKLIST_ROWS + '"jfw.exe","5512","Console","1","61,440 K"\n', 0, Finding(True, ("JAWS",))),
        (TASKLIST_ROWS + '"Narrator.exe","5512","Console","1","61,440 K"\n', 0, Finding(True, ("Narrator",))),
        (TASKLIST_ROWS, 0, Finding(False)),
        ("ERROR: Access denied\n", 1, Finding(None)),
    ],
)
@pytest.mark.e2e  # tasklist in another process
def test_windows_processes_from_tasklist(tmp_path, monkeypatch, rows, status, expected):
    bin_dir = tmp_path / "bin"
    program(bin_dir, "tasklist", f"echo \"$*\" > {tmp_path}/asked\nprintf '%s' '{rows}'\nexit {status}\n")
    monkeypatch.setenv("PATH", str(bin_dir))
    # off Windows the flag and accessible_output2 cannot be asked: the process list decides
    assert screen_reader_found({}, "win32") == expected
    assert (tmp_path / "asked").read_text() == "/FO CSV /NH\n"


@posix_only
@pytest.mark.e2e  # tasklist in another process
def test_windows_without_tasklist_cannot_tell(tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path))
    assert screen_reader_found({}, "win32") == Finding(None)


def test_windows_flag_reports_the_system_parameter():
    asked = []

    class User32:
        def __init__(self, value: int, works: bool = True):
            self.value, self.works = value, works

        def SystemParametersInfoW(self, action, param, pointer, update):  # noqa: N802 - Windows' own name
            asked.append((action, param, update))
            pointer._obj.value = self.value  # what Windows writes through the BOOL pointer
            return 1 if self.works else 0

    class Windll:
        def __init__(self, user32):
            self.user32 = user32

    assert windows_screen_reader_flag(Windll(User32(1))) is True
    assert windows_screen_reader_flag(Windll(User32(0))) is False
    assert windows_screen_reader_flag(Windll(User32(1, works=False))) is None
    assert asked == [(0x46, 0, 0)] * 3
    if not hasattr(ctypes, "windll"):
        assert windows_screen_reader_flag() is None  # not Windows: cannot tell


def test_windows_gather_asks_accessible_output2_only_when_the_rest_cannot_tell():
    asked: list = []

    def ao2():
        asked.append(True)
        return (("NVDA", True), ("JAWS", False))

    no_tasklist = gather("win32", {}, run=lambda args, timeout=1.0: None, windows_flag=lambda: None, ao2=ao2)
    assert no_tasklist == Reports(ao2=(("NVDA", True), ("JAWS", False)))
    assert find("win32", no_tasklist) == Finding(True, ("NVDA",))
    flag_on = gather("win32", {}, run=lambda args, timeout=1.0: None, windows_flag=lambda: True, ao2=ao2)
    assert flag_on == Reports(windows_flag=True)
    assert len(asked) == 1


@posix_only
@pytest.mark.parametrize(
    ("key", "processes", "expected"),
    [
        ("echo 1", None, Finding(True, ("VoiceOver",))),
        ("echo 0", None, Finding(False)),
        ("echo 0", f"{CORE}/VoiceOver.app/Contents/MacOS/VoiceOver", Finding(True, ("VoiceOver",))),
        # the key was never set (VoiceOver never turned on with it): its process decides
        ("exit 1", f"{CORE}/VoiceOver.app/Contents/MacOS/VoiceOver", Finding(True, ("VoiceOver",))),
        ("exit 1", f"{CORE}/Finder.app/Contents/MacOS/Finder", Finding(False)),
        ("exit 1", "", Finding(None)),
    ],
)
@pytest.mark.e2e  # defaults and ps in other processes
def test_macos_voiceover_from_defaults_and_ps(tmp_path, monkeypatch, key, processes, expected):
    bin_dir = tmp_path / "bin"
    program(bin_dir, "defaults", f'echo "$*" >> {tmp_path}/asked\n{key}\n')
    if processes:
        program(bin_dir, "ps", f'echo "ps $*" >> {tmp_path}/asked\necho /sbin/launchd\necho "{processes}"\n')
    monkeypatch.setenv("PATH", str(bin_dir))
    assert screen_reader_found({}, "darwin") == expected
    asked = (tmp_path / "asked").read_text().splitlines()
    assert asked[0] == "read com.apple.universalaccess voiceOverOnOffKey"
    assert asked[1:] == (["ps -A -o comm="] if processes else [])


# ---------------------------------------------------------------- speech-test on macOS, with a stand-in say


@pytest.fixture
def fake_say(tmp_path, monkeypatch):
    """A stand-in ``say`` on PATH that writes what it was asked to say to a file."""
    log = tmp_path / "said"
    program(tmp_path / "bin", "say", f'printf "%s\\n" "$*" >> {log}\n')
    monkeypatch.setenv("PATH", str(tmp_path / "bin"))
    return log


def said(log: Path) -> list:
    """What the stand-in say was asked, once its processes have ended."""
    return log.read_text().splitlines() if log.exists() else []


def wait_for_say(output: SayOutput) -> None:
    process = output._process
    if process is not None:
        process.wait(10)


@posix_only
@pytest.mark.parametrize(
    ("mode", "reports", "lines", "spoken"),
    [
        ("auto", Reports(voiceover_key="0"), [NONE_LINE, "Speech test: spoke through say."], ["Hello"]),
        ("auto", Reports(), [ASK_LINE, "Speech test: spoke through say."], ["Hello"]),
        ("auto", Reports(voiceover_key="1"), [LINES_FOR.format("VoiceOver"), SCREEN_READER_MODE, NOTHING], []),
        (
            "self-voicing",
            Reports(voiceover_key="1"),
            [LINES_FOR.format("VoiceOver"), "Speech test: spoke through say."],
            ["Hello"],
        ),
    ],
)
@pytest.mark.e2e  # say in another process
def test_macos_speech_test_with_say(fake_say, mode, reports, lines, spoken):
    messages: list = []
    outputs = default_outputs("darwin")
    assert speech_test("Hello", mode, messages.append, outputs, platform="darwin", reports=reports) == (
        0 if spoken else 1
    )
    wait_for_say(outputs[0])  # type: ignore[arg-type]
    assert messages == lines
    assert said(fake_say) == spoken


@posix_only
def test_macos_speech_test_without_say_says_why(tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path))
    messages: list = []
    assert speech_test("Hello", "auto", messages.append, platform="darwin", reports=Reports(voiceover_key="0")) == 1
    assert messages == [NONE_LINE, NO_OUTPUT, "Speech test: say is not available: say is not installed.", NOTHING]


@posix_only
def test_say_is_macos_only_whatever_is_on_path(fake_say):
    output = SayOutput(platform="linux")
    assert output.available() is False
    assert output.reason == "say exists only on macOS"
    assert SayOutput(platform="darwin").available() is True


# ---------------------------------------------------------------- speech-test on Linux, with a stand-in espeak-ng


@posix_only
@pytest.mark.parametrize(
    ("mode", "reports", "first", "spoken"),
    [
        ("auto", Reports(atspi=False), NONE_LINE, ["Hello"]),
        ("auto", Reports(), ASK_LINE, ["Hello"]),
        ("auto", Reports(programs=frozenset({"orca"})), LINES_FOR.format("Orca"), []),
        ("self-voicing", Reports(programs=frozenset({"orca"})), LINES_FOR.format("Orca"), ["Hello"]),
    ],
)
@pytest.mark.e2e  # espeak-ng in another process
def test_linux_speech_test_falls_back_to_espeak_ng(tmp_path, monkeypatch, mode, reports, first, spoken):
    log = tmp_path / "said"
    program(tmp_path / "bin", "espeak-ng", f'for last in "$@"; do :; done\nprintf "%s\\n" "$last" >> {log}\n')
    monkeypatch.setenv("PATH", str(tmp_path / "bin"))
    monkeypatch.setenv("PULSE_SERVER", "unix:/fake")  # this stands for a machine with sound
    # no speech-dispatcher listens here, and none may be started
    monkeypatch.setenv("SPEECHD_ADDRESS", f"unix_socket:{tmp_path}/no-speechd.sock")
    monkeypatch.setenv("SPEECHD_CMD", str(tmp_path / "no-speech-dispatcher"))
    messages: list = []
    outputs = default_outputs("linux")
    assert speech_test("Hello", mode, messages.append, outputs, platform="linux", reports=reports) == (
        0 if spoken else 1
    )
    if outputs[2]._process is not None:  # type: ignore[attr-defined]
        outputs[2]._process.wait(10)  # type: ignore[attr-defined]
    expected = [first, "Speech test: spoke through espeak-ng."] if spoken else [first, SCREEN_READER_MODE, NOTHING]
    assert messages == expected
    assert said(log) == spoken


# ---------------------------------------------------------------- Windows: accessible_output2 (a stand-in package)

STAND_IN = {
    "accessible_output2/__init__.py": "",
    "accessible_output2/outputs/__init__.py": """
        import os
        if os.environ.get("STAND_IN_BROKEN"):
            raise ModuleNotFoundError("No module named 'libloader'")
        """,
    "accessible_output2/outputs/base.py": """
        import json, os, threading

        class OutputError(Exception):
            pass

        def record(*what):
            with open(os.environ["STAND_IN_LOG"], "a") as log:
                log.write(json.dumps([*what, threading.current_thread().name]) + "\\n")

        class Output:
            name = "Unnamed Output"
            def braille(self, text, **options):
                return False
        """,
    "accessible_output2/outputs/nvda.py": """
        import os
        from .base import Output, record

        class NVDA(Output):
            name = "NVDA"
            def is_active(self):
                return bool(os.environ.get("STAND_IN_NVDA"))
            def speak(self, text, interrupt=False):
                if interrupt:
                    self.silence()
                record("NVDA", text)
            def silence(self):
                record("NVDA", "silence")

        output_class = NVDA
        """,
    "accessible_output2/outputs/sapi5.py": """
        import os
        from .base import Output, record

        class Token:  # SAPI 5's SpObjectToken of one installed voice
            def __init__(self, language):
                self.language = language
            def GetAttribute(self, name):
                return self.language if name == "Language" else ""

        class SpVoice:  # SAPI 5's SpVoice COM object, which speaks in this process
            def __init__(self):
                self.voices = [Token(code) for code in os.environ.get("STAND_IN_VOICES", "409").split(",")]
                self._voice = self.voices[0]
                self.AudioOutput = "speakers"
            def GetVoices(self):
                return list(self.voices)
            @property
            def Voice(self):
                return self._voice
            @Voice.setter
            def Voice(self, token):
                self._voice = token
                record("sapi5", "voice " + token.language)
            @property
            def Rate(self):
                return 0
            @Rate.setter
            def Rate(self, value):
                record("sapi5", f"rate {value}")
            def WaitUntilDone(self, milliseconds):
                record("sapi5", f"wait {milliseconds}")
                return not os.environ.get("STAND_IN_STILL_SPEAKING")

        class SAPI5(Output):
            name = "sapi5"
            def __init__(self):
                self.object = SpVoice()
                record("sapi5", "made")
            def is_active(self):
                return True  # as the real one: active whenever it loads
            def speak(self, text, interrupt=False):
                if interrupt:
                    self.silence()
                record("sapi5", text)
            def silence(self):
                record("sapi5", "silence")

        output_class = SAPI5
        """,
    "accessible_output2/outputs/jaws.py": """
        from .base import Output, OutputError

        class Jaws(Output):
            name = "jaws"
            def __init__(self):
                raise OutputError  # as the real one when JAWS's COM object is not registered

        output_class = Jaws
        """,
    "accessible_output2/outputs/auto.py": """
        from . import nvda, sapi5
        from .base import Output

        class Auto(Output):
            def __init__(self):
                self.outputs = [nvda.NVDA(), sapi5.SAPI5()]
            def get_first_available_output(self):
                for output in self.outputs:
                    if output.is_active():
                        return output
                return None
        """,
}

WINDOWS_SCRIPT = """
import json, sys, threading
from a11y_dominion.announcements.speech import speech_test, default_outputs, Speaker
from a11y_dominion.announcements.speech.detect import Reports

how, mode, programs = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
reports = Reports(programs=None if programs is None else frozenset(programs))
if how == "speech-test":
    code = speech_test("Hello", mode, print, platform="win32", reports=reports)
elif how == "jaws":
    code = speech_test("Hello", mode, print, output_name="jaws", platform="win32", reports=reports)
elif how == "dutch":  # a Dutch game, the rate setting 50; then the keyboard goes to an English seat
    speaker = Speaker(mode, outputs=default_outputs("win32"), print_fn=print, language="nl", rate=50)
    speaker.speak("Hallo")
    speaker.speak("Jouw beurt.")
    speaker.set_language("en")
    speaker.speak("Your turn.")
    code = 0
else:  # the game's way: the output is looked for in the background, spoken to from the console
    speaker = Speaker(mode, outputs=default_outputs("win32"), print_fn=print)
    speaker.start()
    speaker.speak("Hello")
    speaker.wait_ready(20)
    speaker.speak("Your turn.", interrupt=True)
    print(speaker.describe())
    code = 0
print("exit", code)
"""


def run_windows(tmp_path: Path, how: str, mode: str, programs, **env: str) -> tuple[list, list]:
    """Run the game's speech code for ``win32`` in a child Python that finds the stand-in
    accessible_output2 first; (its printed lines, what the stand-in outputs did)."""
    for name, text in STAND_IN.items():
        path = tmp_path / "stand-in" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text))
    log = tmp_path / "outputs.log"
    child_env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(tmp_path / "stand-in"), str(ROOT)]))
    child_env.update(STAND_IN_LOG=str(log), **env)
    done = subprocess.run(
        [sys.executable, "-c", WINDOWS_SCRIPT, how, mode, json.dumps(programs)],
        capture_output=True,
        text=True,
        env=child_env,
        timeout=60,
    )
    assert done.stderr == ""
    calls = [json.loads(line) for line in log.read_text().splitlines()] if log.exists() else []
    return done.stdout.splitlines(), calls


AO2_THREAD_NAME = "speech: accessible_output2"
SAPI5 = "accessible_output2 SAPI 5"


@pytest.mark.parametrize(
    ("mode", "programs", "nvda", "lines", "calls"),
    [
        (
            "auto",
            ["explorer.exe"],
            "",
            [NONE_LINE, "Speech test: spoke through accessible_output2 SAPI 5.", "exit 0"],
            [["sapi5", "made"], ["sapi5", "Hello"], ["sapi5", "wait 30000"]],
        ),
        (
            "auto",
            None,
            "",
            [ASK_LINE, "Speech test: spoke through accessible_output2 SAPI 5.", "exit 0"],
            [["sapi5", "made"], ["sapi5", "Hello"], ["sapi5", "wait 30000"]],
        ),
        (
            "auto",
            ["nvda.exe"],
            "1",
            [LINES_FOR.format("NVDA"), SCREEN_READER_MODE, NOTHING, "exit 1"],
            [],
        ),
        (
            "auto",
            ["Narrator.exe"],
            "",
            [LINES_FOR.format("Narrator"), SCREEN_READER_MODE, NOTHING, "exit 1"],
            [],
        ),
        (
            "self-voicing",
            ["nvda.exe"],
            "1",
            [LINES_FOR.format("NVDA"), "Speech test: spoke through accessible_output2 NVDA.", "exit 0"],
            [["sapi5", "made"], ["NVDA", "Hello"]],
        ),
        (
            # Narrator has no programming interface: self-voicing speaks with SAPI 5 beside it
            "self-voicing",
            ["Narrator.exe"],
            "",
            [LINES_FOR.format("Narrator"), "Speech test: spoke through accessible_output2 SAPI 5.", "exit 0"],
            [["sapi5", "made"], ["sapi5", "Hello"], ["sapi5", "wait 30000"]],
        ),
    ],
)
@pytest.mark.e2e  # python in another process
def test_windows_speech_test(tmp_path, mode, programs, nvda, lines, calls):
    got, done = run_windows(tmp_path, "speech-test", mode, programs, STAND_IN_NVDA=nvda)
    assert got == lines
    assert [call[:2] for call in done] == calls
    assert {call[2] for call in done} <= {AO2_THREAD_NAME}


@pytest.mark.e2e  # python in another process
def test_windows_speech_test_waits_until_sapi_5_has_said_its_sentence(tmp_path):
    """SAPI 5 speaks in the program's own process, whose end would cut the sentence off:
    speech-test waits until the voice is done (at most 30 seconds, on the speech thread),
    and says so when it was still speaking then. NVDA speaks in its own process: no wait
    (the test above)."""
    got, done = run_windows(tmp_path, "speech-test", "auto", ["explorer.exe"], STAND_IN_STILL_SPEAKING="1")
    assert got == [
        NONE_LINE,
        "Speech test: spoke through accessible_output2 SAPI 5, which was still speaking after 30 seconds.",
        "exit 0",
    ]
    assert done == [
        ["sapi5", "made", AO2_THREAD_NAME],
        ["sapi5", "Hello", AO2_THREAD_NAME],
        ["sapi5", "wait 30000", AO2_THREAD_NAME],
    ]


@pytest.mark.parametrize(
    ("voices", "lines", "calls"),
    [
        # a Dutch voice (413) beside the English one (409): Dutch, then English at the English seat
        (
            "409,413",
            ["exit 0"],
            ["made", "rate 5", "voice 413", "Hallo", "Jouw beurt.", "rate 5", "voice 409", "Your turn."],
        ),
        # no Dutch voice installed: the player is told once, and the English voice reads on
        (
            "409",
            ["Speech: SAPI 5 has no Dutch voice installed, so it reads Dutch with its usual voice.", "exit 0"],
            ["made", "rate 5", "Hallo", "Jouw beurt.", "rate 5", "Your turn."],
        ),
        # English and Dutch voices of other countries (Belgium 813, United Kingdom 809)
        ("813,809", ["exit 0"], ["made", "rate 5", "Hallo", "Jouw beurt.", "rate 5", "voice 809", "Your turn."]),
    ],
)
@pytest.mark.e2e  # python in another process
def test_windows_sapi_5_speaks_the_game_s_language_at_its_rate(tmp_path, voices, lines, calls):
    """SAPI 5 gets the game's language (a voice of it among the installed ones) and the rate
    setting (-100..100 is SAPI's -10..10), on the speech thread, as the output is found and
    when the language changes."""
    got, done = run_windows(tmp_path, "dutch", "self-voicing", None, STAND_IN_VOICES=voices)
    assert got == lines
    assert [call[1] for call in done] == calls
    assert {call[2] for call in done} == {AO2_THREAD_NAME}


@pytest.mark.e2e  # python in another process
def test_windows_speech_test_without_accessible_output2s_packages_says_why(tmp_path):
    got, done = run_windows(tmp_path, "speech-test", "auto", ["explorer.exe"], STAND_IN_BROKEN="1")
    why = "accessible_output2 could not start: No module named 'libloader'."
    assert got == [
        NONE_LINE,
        NO_OUTPUT,
        f"Speech test: accessible_output2 auto is not available: {why}",
        f"Speech test: accessible_output2 SAPI 5 is not available: {why}",
        NOTHING,
        "exit 1",
    ]
    assert done == []


@pytest.mark.e2e  # python in another process
def test_windows_jaws_asked_for_but_not_installed_says_why(tmp_path):
    got, done = run_windows(tmp_path, "jaws", "self-voicing", ["explorer.exe"])
    assert got == [
        NONE_LINE,
        "Speech: accessible_output2 JAWS is not available (accessible_output2 could not reach JAWS); "
        "continuing with text only.",
        NOTHING,
        "exit 1",
    ]
    assert done == []


@pytest.mark.e2e  # python in another process
def test_windows_speech_found_in_the_background_stays_on_one_thread(tmp_path):
    # COM objects work only on the thread that made them, where COM was started
    got, done = run_windows(tmp_path, "game", "self-voicing", None)
    assert got == ["Self-voicing mode: the game speaks through accessible_output2 SAPI 5.", "exit 0"]
    assert done == [
        ["sapi5", "made", AO2_THREAD_NAME],
        ["sapi5", "Hello", AO2_THREAD_NAME],
        ["sapi5", "silence", AO2_THREAD_NAME],
        ["sapi5", "Your turn.", AO2_THREAD_NAME],
    ]


# ---------------------------------------------------------------- the accessible_output2 thread


def test_ao2_thread_runs_every_call_on_one_thread_after_its_setup():
    seen: list = []
    worker = AO2Thread(setup=lambda: seen.append(("setup", threading.get_ident())))
    assert worker.call(lambda: seen.append(("first", threading.get_ident())) or 1, 5, "x") == 1
    assert worker.call(lambda: seen.append(("second", threading.get_ident())) or 2, 5, "x") == 2
    assert [what for what, _ in seen] == ["setup", "first", "second"]
    assert {ident for _, ident in seen} == {worker.ident}
    assert worker.ident != threading.get_ident()


def test_ao2_thread_passes_errors_and_bounds_the_wait():
    worker = AO2Thread(setup=lambda: None)

    def fails():
        raise OSError("COM said no")

    with pytest.raises(OSError, match="COM said no"):
        worker.call(fails, 5, "x")
    release = threading.Event()
    with pytest.raises(OutputTimeout, match="accessible_output2 SAPI 5 did not answer within 0.05 seconds"):
        worker.call(lambda: release.wait(10), 0.05, "accessible_output2 SAPI 5")
    release.set()
    assert worker.call(lambda: "after", 5, "x") == "after"  # the thread goes on once the slow call ends


# ---------------------------------------------------------------- macOS voices by language

SAY_VOICES = """Albert              en_US    # Hello! My name is Albert.
Eddy (English (UK)) en_GB    # Hello! My name is Eddy.
Ellen               nl_BE    # Hallo! Mijn naam is Ellen.
Xander              nl_NL    # Hallo! Mijn naam is Xander.
Flo (Deutsch (Deutschland)) de_DE    # Hallo! Ich heiße Flo.
"""


def test_say_voices_are_read_from_its_listing():
    voices = parse_say_voices(SAY_VOICES + "garbage line\n")
    assert voices == [
        ("Albert", "en_US"),
        ("Eddy (English (UK))", "en_GB"),
        ("Ellen", "nl_BE"),
        ("Xander", "nl_NL"),
        ("Flo (Deutsch (Deutschland))", "de_DE"),
    ]
    assert pick_say_voice(voices, "nl") == "Ellen"
    assert pick_say_voice(voices, "de") == "Flo (Deutsch (Deutschland))"
    assert pick_say_voice(voices, "en") is None  # the voice the player chose for the system
    assert pick_say_voice(voices, "fr") is None
    assert pick_say_voice(voices, None) is None


@posix_only
@pytest.mark.parametrize(
    ("language", "listing", "expected"),
    [
        ("nl", SAY_VOICES, ["-r 175 -v Ellen Je beurt."]),
        ("nl", "Albert              en_US    # Hello! My name is Albert.\n", ["-r 175 Je beurt."]),
        ("en", SAY_VOICES, ["-r 175 Je beurt."]),
    ],
)
@pytest.mark.e2e  # say in another process
def test_say_speaks_the_games_language_with_an_installed_voice(tmp_path, monkeypatch, language, listing, expected):
    log = tmp_path / "said"
    (tmp_path / "voices").write_text(listing)
    # the stand-in prints its voice listing with the shell's own read and printf (no cat on this PATH)
    script = (
        f'if [ "$1 $2" = "-v ?" ]; then\n'
        f'  while IFS= read -r line; do printf "%s\\n" "$line"; done < {tmp_path}/voices\n'
        "  exit 0\n"
        "fi\n"
        f'printf "%s\\n" "$*" >> {log}\n'
    )
    program(tmp_path / "bin", "say", script)
    monkeypatch.setenv("PATH", str(tmp_path / "bin"))
    say = SayOutput(platform="darwin")
    speaker = Speaker("self-voicing", outputs=[say], language=language, rate=0)
    assert speaker.speak("Je beurt.") is True
    wait_for_say(say)
    assert said(log) == expected
