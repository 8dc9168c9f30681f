import importlib.machinery
import os
import stat
import subprocess
import sys
import threading
import time
import types

import pytest

from a11y_dominion.announcements import speech
from a11y_dominion.announcements.speech import (
    AO2Output,
    EspeakOutput,
    OutputTimeout,
    SayOutput,
    Speaker,
    SpeechdOutput,
    SpeechOutputError,
    default_outputs,
    import_speechd,
    speech_test,
    timeouts,
)
from a11y_dominion.announcements.speech import speechd as speechd_module
from a11y_dominion.announcements.speech.detect import Reports
from a11y_dominion.announcements.speech.process import own_group
from speechdoubles import RecordingOutput


class Messages(list):
    """A print_fn that keeps what it was given."""

    def __call__(self, text):
        self.append(text)


@pytest.fixture
def messages():
    return Messages()


# ---------------------------------------------------------------- RecordingOutput


def test_recording_output_records_calls_in_order():
    output = RecordingOutput("rec")
    output.speak("Hello", interrupt=True, priority="high")
    output.braille("Hello")
    output.silence()
    assert output.calls == [("speak", "Hello"), ("braille", "Hello"), ("silence", "")]
    assert output.priorities == ["high"]
    assert output.interrupts == [True]


def test_recording_output_fails_after_the_given_number_of_calls():
    output = RecordingOutput("rec", fail_after=2)
    output.speak("one")
    output.braille("one")
    with pytest.raises(SpeechOutputError):
        output.speak("two")
    with pytest.raises(SpeechOutputError):
        output.silence()
    assert output.calls == [("speak", "one"), ("braille", "one")]


# ---------------------------------------------------------------- modes


def test_construction_does_not_probe_outputs():
    output = RecordingOutput("rec")
    Speaker("auto", outputs=[output])
    assert output.probe_count == 0


def test_default_construction_probes_nothing(monkeypatch):
    """Building the default Speaker is fast: it starts no program, connects to no daemon and
    asks no output whether it works (each of those raises here)."""

    def probed(*args, **kwargs):
        raise AssertionError("probed while the Speaker was built")

    monkeypatch.setattr(subprocess, "Popen", probed)
    monkeypatch.setattr(speechd_module, "import_speechd", probed)
    for output in (AO2Output, EspeakOutput, SayOutput, SpeechdOutput):
        monkeypatch.setattr(output, "available", probed)
    speaker = Speaker("auto")
    assert len(speaker.outputs) >= 1


def test_off_never_speaks(messages):
    output = RecordingOutput("rec")
    speaker = Speaker("off", outputs=[output], print_fn=messages)
    assert speaker.speak("Alice buys a Gold.") is False
    speaker.silence()
    assert output.calls == []
    assert output.probe_count == 0
    assert speaker.effective_mode == "off"
    assert speaker.active_output_name is None
    assert messages == []


def test_screen_reader_never_speaks(messages):
    output = RecordingOutput("rec")
    speaker = Speaker("screen-reader", outputs=[output], print_fn=messages)
    assert speaker.speak("Alice buys a Gold.", priority="high", interrupt=True) is False
    speaker.silence()
    assert output.calls == []
    assert speaker.effective_mode == "screen-reader"
    assert speaker.active_output_name is None
    assert "screen reader" in speaker.describe()
    assert messages == []


def test_mode_names_accept_underscores_and_reject_unknown_modes():
    assert Speaker("screen_reader", outputs=[]).effective_mode == "screen-reader"
    with pytest.raises(ValueError):
        Speaker("loud", outputs=[])


def test_self_voicing_uses_first_available_output_with_speech_and_braille(messages):
    missing = RecordingOutput("missing", is_available=False)
    working = RecordingOutput("working")
    spare = RecordingOutput("spare")
    speaker = Speaker("self-voicing", outputs=[missing, working, spare], print_fn=messages)

    assert speaker.speak("Bob plays a Village.", priority="high", interrupt=True) is True

    assert working.calls == [("speak", "Bob plays a Village."), ("braille", "Bob plays a Village.")]
    assert working.priorities == ["high"]
    assert working.interrupts == [True]
    assert missing.calls == [] and spare.calls == []
    assert spare.probe_count == 0
    assert speaker.effective_mode == "self-voicing"
    assert speaker.active_output_name == "working"
    assert messages == []


def test_blank_text_is_not_spoken():
    output = RecordingOutput("rec")
    speaker = Speaker("self-voicing", outputs=[output])
    assert speaker.speak("   ") is False
    assert output.calls == []


def test_auto_speaks_when_an_output_is_available():
    output = RecordingOutput("rec")
    speaker = Speaker("auto", outputs=[output])
    assert speaker.effective_mode == "self-voicing"
    assert speaker.speak("Hello") is True
    assert output.spoken == ["Hello"]
    assert speaker.describe() == "Automatic mode: the game speaks through rec."


def test_auto_falls_back_to_screen_reader_when_nothing_is_available(messages):
    outputs = [RecordingOutput("a", is_available=False), RecordingOutput("b", is_available=False)]
    speaker = Speaker("auto", outputs=outputs, print_fn=messages)
    assert speaker.effective_mode == "screen-reader"
    assert speaker.active_output_name is None
    assert speaker.speak("Hello") is False
    assert all(output.calls == [] for output in outputs)
    assert "screen reader reads the text" in speaker.describe()
    assert messages == []


def test_self_voicing_with_nothing_available_says_so_once(messages):
    output = RecordingOutput("a", is_available=False)
    speaker = Speaker("self-voicing", outputs=[output], print_fn=messages)
    assert speaker.speak("one") is False
    assert speaker.speak("two") is False
    assert messages == ["Speech: no speech output works; continuing with text only."]
    assert speaker.effective_mode == "screen-reader"


def test_output_whose_probe_raises_counts_as_unavailable(messages):
    class Broken(RecordingOutput):
        def available(self):
            raise RuntimeError("probe exploded")

    good = RecordingOutput("good")
    speaker = Speaker("auto", outputs=[Broken("broken"), good], print_fn=messages)
    assert speaker.speak("Hello") is True
    assert good.spoken == ["Hello"]
    assert messages == []


# ---------------------------------------------------------------- fallback


def test_failure_moves_to_next_output_and_respeaks_the_text(messages):
    first = RecordingOutput("espeak-ng", fail_after=0)
    second = RecordingOutput("speech-dispatcher")
    speaker = Speaker("self-voicing", outputs=[first, second], print_fn=messages)

    assert speaker.speak("Carol trashes a Copper.") is True

    assert first.calls == []
    assert second.calls == [("speak", "Carol trashes a Copper."), ("braille", "Carol trashes a Copper.")]
    assert messages == ["Speech: espeak-ng failed; now using speech-dispatcher."]
    assert speaker.active_output_name == "speech-dispatcher"


def test_failure_is_reported_once_and_the_failed_output_is_not_used_again(messages):
    first = RecordingOutput("first", fail_after=2)  # one message (speak + braille), then fails
    second = RecordingOutput("second")
    speaker = Speaker("auto", outputs=[first, second], print_fn=messages)

    for text in ["one", "two", "three", "four"]:
        assert speaker.speak(text) is True

    assert first.spoken == ["one"]
    assert second.spoken == ["two", "three", "four"]
    assert second.brailled == ["two", "three", "four"]
    assert messages == ["Speech: first failed; now using second."]


def test_braille_failure_also_moves_on(messages):
    first = RecordingOutput("first", fail_after=1)  # speak works, braille raises
    second = RecordingOutput("second")
    speaker = Speaker("self-voicing", outputs=[first, second], print_fn=messages)
    assert speaker.speak("Hello") is True
    assert second.calls == [("speak", "Hello"), ("braille", "Hello")]
    assert messages == ["Speech: first failed; now using second."]


def test_several_failures_in_one_call_give_one_message(messages):
    outputs = [RecordingOutput("a", fail_after=0), RecordingOutput("b", fail_after=0), RecordingOutput("c")]
    speaker = Speaker("self-voicing", outputs=outputs, print_fn=messages)
    assert speaker.speak("Hello") is True
    assert outputs[2].spoken == ["Hello"]
    assert messages == ["Speech: a and b failed; now using c."]


def test_when_every_output_fails_speaker_continues_with_text_only(messages):
    outputs = [RecordingOutput("a", fail_after=0), RecordingOutput("b", fail_after=0)]
    speaker = Speaker("self-voicing", outputs=outputs, print_fn=messages)
    assert speaker.speak("one") is False
    assert speaker.speak("two") is False
    assert messages == ["Speech: no speech output works; continuing with text only."]
    assert speaker.effective_mode == "screen-reader"
    assert speaker.active_output_name is None


def test_unavailable_outputs_are_skipped_when_falling_back(messages):
    first = RecordingOutput("first", fail_after=0)
    missing = RecordingOutput("missing", is_available=False)
    last = RecordingOutput("last")
    speaker = Speaker("auto", outputs=[first, missing, last], print_fn=messages)
    assert speaker.speak("Hello") is True
    assert last.spoken == ["Hello"]
    assert messages == ["Speech: first failed; now using last."]


def test_speak_never_raises_even_if_print_fn_does():
    def bad_print(text):
        raise OSError("closed console")

    speaker = Speaker("self-voicing", outputs=[RecordingOutput("a", fail_after=0)], print_fn=bad_print)
    assert speaker.speak("Hello") is False


def test_non_priority_outputs_get_only_text_and_interrupt():
    class Plain(speech.Output):
        name = "plain"

        def __init__(self):
            super().__init__()
            self.calls = []

        def available(self):
            return True

        def speak(self, text, interrupt=False):
            self.calls.append((text, interrupt))

    plain = Plain()
    speaker = Speaker("self-voicing", outputs=[plain])
    assert speaker.speak("Hello", priority="high", interrupt=True) is True
    assert plain.calls == [("Hello", True)]


# ---------------------------------------------------------------- silence


def test_silence_reaches_the_current_output():
    output = RecordingOutput("rec")
    speaker = Speaker("self-voicing", outputs=[output])
    speaker.speak("Hello")
    speaker.silence()
    assert output.calls[-1] == ("silence", "")


def test_silence_before_anything_was_spoken_does_not_probe():
    output = RecordingOutput("rec")
    speaker = Speaker("auto", outputs=[output])
    speaker.silence()
    assert output.probe_count == 0
    assert output.calls == []


def test_silence_failure_moves_to_next_output(messages):
    first = RecordingOutput("first", fail_after=2)
    second = RecordingOutput("second")
    speaker = Speaker("self-voicing", outputs=[first, second], print_fn=messages)
    speaker.speak("Hello")
    speaker.silence()
    assert speaker.active_output_name == "second"
    assert messages == ["Speech: first failed; now using second."]


# ---------------------------------------------------------------- choosing by name, describe


def test_output_name_forces_one_output():
    a, b = RecordingOutput("alpha"), RecordingOutput("Beta-Voice")
    speaker = Speaker("self-voicing", outputs=[a, b], output_name="beta voice")
    assert speaker.outputs == [b]
    speaker.speak("Hello")
    assert b.spoken == ["Hello"] and a.calls == []


def test_unknown_output_name_is_rejected():
    with pytest.raises(ValueError, match="known outputs: alpha"):
        Speaker("auto", outputs=[RecordingOutput("alpha")], output_name="nothing")


def test_forced_output_that_is_unavailable_is_reported(messages):
    output = RecordingOutput("alpha", is_available=False)
    speaker = Speaker("auto", outputs=[output], output_name="alpha", print_fn=messages)
    assert speaker.speak("Hello") is False
    assert messages == ["Speech: alpha is not available (it was created unavailable); continuing with text only."]


def test_describe_names_mode_and_output():
    assert Speaker("off", outputs=[]).describe() == "Speech is off; the game shows text only."
    speaker = Speaker("self-voicing", outputs=[RecordingOutput("espeak-ng")])
    assert speaker.describe() == "Self-voicing mode: the game speaks through espeak-ng."
    nothing = Speaker("self-voicing", outputs=[], print_fn=lambda text: None)
    assert "no speech output works" in nothing.describe()


def test_default_output_chains_per_platform():
    assert [o.name for o in default_outputs("linux")] == [
        "accessible_output2 speech-dispatcher",
        "speech-dispatcher",
        "espeak-ng",
    ]
    assert [type(o) for o in default_outputs("darwin")] == [SayOutput]
    windows = default_outputs("win32")
    assert [(type(o), o.kind) for o in windows] == [(AO2Output, "auto"), (AO2Output, "sapi5")]


# ---------------------------------------------------------------- speech_test

NONE_RUNS = Reports(atspi=False)  # a Linux desktop whose AT-SPI says no screen reader runs
NONE_LINE = "Speech test: no screen reader is running; in automatic mode (the default) the game speaks itself."


def test_speech_test_reports_the_output_and_returns_0(messages):
    output = RecordingOutput("espeak-ng")
    assert speech_test("Testing", "auto", print_fn=messages, outputs=[output], platform="linux", reports=NONE_RUNS) == 0
    assert output.spoken == ["Testing"]
    assert messages == [NONE_LINE, "Speech test: spoke through espeak-ng."]


def test_speech_test_returns_1_when_nothing_is_available(messages):
    output = RecordingOutput("espeak-ng", is_available=False)
    assert speech_test("Testing", "auto", print_fn=messages, outputs=[output], platform="linux", reports=NONE_RUNS) == 1
    assert messages[-1] == "Speech test: nothing was spoken."
    assert "Speech test: espeak-ng is not available: it was created unavailable." in messages


def test_speech_test_returns_1_in_modes_that_do_not_speak(messages):
    output = RecordingOutput("rec")
    for mode in ("off", "screen-reader"):
        got = speech_test("Testing", mode, print_fn=messages, outputs=[output], platform="linux", reports=NONE_RUNS)
        assert got == 1
    assert output.calls == []


def test_speech_test_uses_fallback_and_returns_0(messages):
    outputs = [RecordingOutput("a", fail_after=0), RecordingOutput("b")]
    got = speech_test("Testing", "self-voicing", messages, outputs, platform="linux", reports=NONE_RUNS)
    assert got == 0
    assert messages == [NONE_LINE, "Speech: a failed; now using b.", "Speech test: spoke through b."]


def test_speech_test_returns_1_when_the_only_output_fails(messages):
    outputs = [RecordingOutput("a", fail_after=0)]
    got = speech_test("Testing", "self-voicing", messages, outputs, platform="linux", reports=NONE_RUNS)
    assert got == 1
    assert messages[-1] == "Speech test: no speech output could speak."


def test_speech_test_returns_1_for_a_bad_mode(messages):
    assert speech_test("Testing", "shout", print_fn=messages, outputs=[], platform="linux", reports=NONE_RUNS) == 1
    assert messages[1].startswith("Speech test: unknown speech mode")


CANNOT_TELL = Reports()  # a text console: nothing says whether a screen reader runs


@pytest.mark.parametrize(
    "saved, first, spoken",
    [
        (
            "yes",
            "Speech test: this system cannot tell whether a screen reader runs; you said you use one, "
            "so in automatic mode (the default) the game prints lines for it and does not speak.",
            [],
        ),
        (
            "no",
            "Speech test: this system cannot tell whether a screen reader runs; you said you use none, "
            "so in automatic mode (the default) the game speaks itself.",
            ["Testing"],
        ),
        (
            "ask",
            "Speech test: this system cannot tell whether a screen reader runs, "
            "so the game asks you once and keeps your answer.",
            ["Testing"],
        ),
    ],
)
def test_speech_test_takes_the_saved_answer_where_the_system_cannot_tell(messages, saved, first, spoken):
    output = RecordingOutput("espeak-ng")
    got = speech_test(
        "Testing", "auto", print_fn=messages, outputs=[output], platform="linux", reports=CANNOT_TELL, saved=saved
    )
    assert messages[0] == first
    assert output.spoken == spoken
    assert got == (0 if spoken else 1)


# ---------------------------------------------------------------- espeak through a stand-in program


@pytest.fixture
def fake_espeak(tmp_path, monkeypatch):
    """Put a stand-in espeak-ng on PATH that logs its last argument.

    The log file name is read from FAKE_ESPEAK_LOG; when FAKE_ESPEAK_GATE names a file, it
    speaks (does not end) until that file exists, as long speech does; FAKE_ESPEAK_STATUS sets
    its exit status.
    """
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    monkeypatch.setenv("PULSE_SERVER", "unix:/fake")  # this stands for a machine with sound
    program = bin_dir / "espeak-ng"
    program.write_text(
        "#!/bin/sh\n"
        'for last in "$@"; do :; done\n'
        'printf "%s\\n" "$last" >> "$FAKE_ESPEAK_LOG"\n'
        'while [ -n "${FAKE_ESPEAK_GATE:-}" ] && [ ! -e "$FAKE_ESPEAK_GATE" ]; do sleep 0.01; done\n'
        'exit "${FAKE_ESPEAK_STATUS:-0}"\n'
    )
    program.chmod(program.stat().st_mode | stat.S_IEXEC)
    log = tmp_path / "spoken.log"
    monkeypatch.setenv("PATH", str(bin_dir) + os.pathsep + os.environ.get("PATH", ""))
    monkeypatch.setenv("FAKE_ESPEAK_LOG", str(log))
    return log


def read_log(log, expected_lines, timeout=60.0):
    """The lines of ``log`` once it has ``expected_lines`` of them (what it has after ``timeout``
    seconds, for a test that hangs)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if log.exists() and len(log.read_text().splitlines()) >= expected_lines:
            break
        time.sleep(0.01)
    return log.read_text().splitlines() if log.exists() else []


pytestmark_posix = pytest.mark.skipif(sys.platform.startswith("win"), reason="uses a shell script")


@pytestmark_posix
@pytest.mark.e2e  # espeak-ng in another process
def test_espeak_speaks_queued_messages_in_order(fake_espeak, tmp_path, monkeypatch):
    gate = tmp_path / "speech-ends"
    monkeypatch.setenv("FAKE_ESPEAK_GATE", str(gate))
    output = EspeakOutput()
    assert output.available()
    assert output.name == "espeak-ng"
    for text in ["one", "two", "-3 coins"]:
        output.speak(text)  # returns while "one" is still spoken: speak does not wait for speech
    assert read_log(fake_espeak, 1) == ["one"]
    gate.touch()
    assert read_log(fake_espeak, 3) == ["one", "two", " -3 coins"]


@pytestmark_posix
@pytest.mark.e2e  # espeak-ng in another process
def test_espeak_says_its_line_to_the_end_through_ctrl_c_and_is_waited_for(fake_espeak, tmp_path, monkeypatch):
    gate = tmp_path / "speech-ends"
    monkeypatch.setenv("FAKE_ESPEAK_GATE", str(gate))
    output = EspeakOutput()
    output.speak("Bob buys Silver.")
    output.speak("Game stopped.")
    assert read_log(fake_espeak, 1) == ["Bob buys Silver."]
    process = output._process
    assert process is not None
    # Ctrl+C at the terminal goes to the terminal's foreground process group, which is the game's:
    # the speech program is in a session of its own, so it says its line to the end
    assert os.getsid(process.pid) == process.pid != os.getsid(0)
    assert not output.wait_done(0)  # still speaking, one line waiting
    gate.touch()
    assert output.wait_done(60)  # (only a hang takes that long)
    assert read_log(fake_espeak, 2) == ["Bob buys Silver.", "Game stopped."] and not output.is_speaking()


def test_a_speech_program_gets_a_process_group_of_its_own_on_each_system():
    # Windows sends Ctrl+C to every process of the console unless the program has a group of its own
    assert own_group("win32") == {"creationflags": 0x200}  # CREATE_NEW_PROCESS_GROUP
    assert own_group("linux") == own_group("darwin") == {"start_new_session": True}


@pytestmark_posix
@pytest.mark.e2e  # espeak-ng in another process
def test_espeak_silence_kills_speech_and_drops_the_queue(fake_espeak, tmp_path, monkeypatch):
    gate = tmp_path / "speech-ends"
    monkeypatch.setenv("FAKE_ESPEAK_GATE", str(gate))
    output = EspeakOutput()
    output.speak("long message")
    output.speak("queued message")
    assert read_log(fake_espeak, 1) == ["long message"]
    output.silence()
    assert not output.is_speaking()
    gate.touch()
    output.speak("after")  # spoken next: the queued message was dropped, not spoken before it
    assert read_log(fake_espeak, 2) == ["long message", "after"]


@pytestmark_posix
@pytest.mark.e2e  # espeak-ng in another process
def test_espeak_interrupt_replaces_current_speech(fake_espeak, tmp_path, monkeypatch):
    monkeypatch.setenv("FAKE_ESPEAK_GATE", str(tmp_path / "never"))  # speech that does not end by itself
    output = EspeakOutput()
    output.speak("old")
    output.speak("queued")
    read_log(fake_espeak, 1)
    output.speak("urgent", interrupt=True)
    assert read_log(fake_espeak, 2) == ["old", "urgent"]
    output.silence()


@pytestmark_posix
@pytest.mark.e2e  # espeak-ng in another process
def test_failing_espeak_makes_speaker_fall_back(fake_espeak, monkeypatch, messages):
    monkeypatch.setenv("FAKE_ESPEAK_STATUS", "3")
    espeak = EspeakOutput()
    spare = RecordingOutput("spare")
    speaker = Speaker("self-voicing", outputs=[espeak, spare], print_fn=messages)
    assert speaker.speak("first") is True  # accepted; the failure shows only afterwards
    read_log(fake_espeak, 1)
    if espeak._process is not None:
        espeak._process.wait(timeout=60)  # the failed speech has ended
    assert speaker.speak("second") is True
    assert spare.spoken == ["second"]
    assert messages == ["Speech: espeak-ng failed; now using spare."]


def test_espeak_is_unavailable_without_the_program(tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path))
    output = EspeakOutput()
    assert output.available() is False
    assert "not installed" in output.reason
    with pytest.raises(speech.OutputUnavailable):
        output.speak("Hello")


@pytest.mark.skipif(sys.platform == "darwin", reason="say exists on macOS")
def test_say_is_unavailable_off_macos():
    assert SayOutput().available() is False


# ---------------------------------------------------------------- finding speechd


@pytest.fixture
def speechd_off_sys_path(monkeypatch):
    """``sys.path`` without the folders a ``speechd`` can be imported from (Debian's
    python3-speechd in /usr/lib/python3/dist-packages, seen by a Python with the system's
    packages), so that :func:`import_speechd`'s normal import fails as on a system without it,
    and no ``speechd`` loaded: the search of its extra folders is what is tested."""
    kept = [p for p in sys.path if importlib.machinery.PathFinder.find_spec("speechd", [p]) is None]
    monkeypatch.setattr(sys, "path", kept)
    for name in [n for n in sys.modules if n == "speechd" or n.startswith("speechd.")]:
        monkeypatch.delitem(sys.modules, name)


def test_import_speechd_takes_the_one_python_finds_before_the_extra_folders(tmp_path, monkeypatch):
    """A ``speechd`` Python imports by itself (the system's, with its packages visible) is the
    one used; the extra folders are searched only when there is none."""
    for folder, mark in (("found", "on the path"), ("extra", "from the extra folder")):
        package = tmp_path / folder / "speechd"
        package.mkdir(parents=True)
        (package / "__init__.py").write_text(f"MARK = {mark!r}\n")
    for name in [n for n in sys.modules if n == "speechd" or n.startswith("speechd.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.syspath_prepend(str(tmp_path / "found"))
    try:
        module = import_speechd(search_paths=[str(tmp_path / "extra")])
        assert module is not None
        assert module.MARK == "on the path"
    finally:
        sys.modules.pop("speechd", None)


def test_import_speechd_loads_from_an_extra_folder_without_touching_sys_path(
    tmp_path, monkeypatch, speechd_off_sys_path
):
    package = tmp_path / "speechd"
    package.mkdir()
    (package / "__init__.py").write_text("from .client import *\n")
    (package / "client.py").write_text("MARK = 'from the system folder'\n")
    monkeypatch.delitem(sys.modules, "speechd", raising=False)
    monkeypatch.delitem(sys.modules, "speechd.client", raising=False)
    path_before = list(sys.path)
    try:
        module = import_speechd(search_paths=[str(tmp_path)])
        assert module is not None
        assert module.MARK == "from the system folder"
        assert sys.path == path_before
    finally:
        sys.modules.pop("speechd", None)
        sys.modules.pop("speechd.client", None)


def test_import_speechd_returns_none_for_a_broken_package(tmp_path, monkeypatch, speechd_off_sys_path):
    package = tmp_path / "speechd"
    package.mkdir()
    (package / "__init__.py").write_text("raise RuntimeError('broken')\n")
    monkeypatch.delitem(sys.modules, "speechd", raising=False)
    assert import_speechd(search_paths=[str(tmp_path)]) is None
    assert "speechd" not in sys.modules


def test_import_speechd_returns_none_when_blocked(monkeypatch):
    monkeypatch.setitem(sys.modules, "speechd", None)
    assert import_speechd() is None


# ---------------------------------------------------------------- speech-dispatcher through a stand-in client


class FakeSpeechd:
    """Builds a stand-in ``speechd`` module whose client records commands."""

    def __init__(self):
        self.commands = []
        self.connect_error = None
        self.speak_error = None
        self.hang = threading.Event()
        self.release = threading.Event()
        self.attempts = 0  # connections begun

    def module(self):
        fake = self
        module = types.ModuleType("speechd")

        class Priority:
            IMPORTANT = "important"
            MESSAGE = "message"
            TEXT = "text"

        class CallbackType:
            BEGIN = "begin"
            END = "end"
            CANCEL = "cancel"

        class SSIPClient:
            def __init__(self, name, *args, **kwargs):
                fake.attempts += 1
                if fake.hang.is_set():
                    fake.release.wait(60)  # answers at last, long after any timeout of the game
                if fake.connect_error:
                    raise fake.connect_error
                fake.commands.append(("connect", name))

            def speak(self, text, callback=None, event_types=None):
                if fake.speak_error:
                    raise fake.speak_error
                fake.commands.append(("speak", text))

            def cancel(self, *args):
                fake.commands.append(("cancel",))

            def set_priority(self, priority):
                fake.commands.append(("priority", priority))

            def set_rate(self, value):
                fake.commands.append(("rate", value))

            def close(self):
                fake.commands.append(("close",))

        module.Priority = Priority
        module.CallbackType = CallbackType
        module.SSIPClient = SSIPClient
        return module


@pytest.fixture
def fake_speechd(monkeypatch):
    fake = FakeSpeechd()
    monkeypatch.setenv("PULSE_SERVER", "unix:/fake")  # this stands for a machine with sound
    monkeypatch.setitem(sys.modules, "speechd", fake.module())
    monkeypatch.setattr(speechd_module, "SPEECHD_HUNG", threading.Event())
    yield fake
    fake.release.set()


def test_speechd_output_speaks_with_priority(fake_speechd):
    output = SpeechdOutput()
    assert output.available()
    output.speak("Hello")
    output.speak("Again")
    output.speak("Now", interrupt=True, priority="high")
    output.silence()
    output.set_rate(250)
    assert fake_speechd.commands == [
        ("connect", "a11y-dominion"),
        ("priority", "message"),
        ("speak", "Hello"),
        ("speak", "Again"),
        ("cancel",),
        ("priority", "important"),
        ("speak", "Now"),
        ("cancel",),
        ("rate", 100),
    ]


def test_speechd_output_unavailable_when_connection_fails(fake_speechd):
    fake_speechd.connect_error = OSError("no socket")
    output = SpeechdOutput()
    assert output.available() is False
    assert "no socket" in output.reason


def test_speechd_connection_that_hangs_times_out_quickly(fake_speechd):
    fake_speechd.hang.set()
    output = SpeechdOutput(connect_timeout=0.2)
    assert output.available() is False  # before the daemon answers
    assert "did not answer" in output.reason
    assert fake_speechd.attempts == 1
    # A second speech-dispatcher output does not try again.
    assert AO2Output("speech_dispatcher").available() is False
    assert fake_speechd.attempts == 1


def test_speechd_dying_mid_game_falls_back(fake_speechd, messages):
    spare = RecordingOutput("espeak-ng")
    speaker = Speaker("auto", outputs=[SpeechdOutput(), spare], print_fn=messages)
    assert speaker.speak("one") is True
    fake_speechd.speak_error = OSError("Speech Dispatcher connection lost.")
    assert speaker.speak("two") is True
    assert spare.spoken == ["two"]
    assert messages == ["Speech: speech-dispatcher failed; now using espeak-ng."]


def test_speechd_output_unavailable_without_module(monkeypatch):
    monkeypatch.setitem(sys.modules, "speechd", None)
    monkeypatch.setattr(speechd_module, "SPEECHD_HUNG", threading.Event())
    output = SpeechdOutput()
    assert output.available() is False
    assert "python3-speechd" in output.reason


# ---------------------------------------------------------------- accessible_output2 over the stand-in client

ao2_linux = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="accessible_output2 speech-dispatcher is Linux only"
)


@ao2_linux
def test_ao2_speech_dispatcher_speaks_through_speechd(fake_speechd):
    output = AO2Output("speech_dispatcher")
    assert output.available()
    output.speak("Hello")
    output.braille("Hello")  # no braille here: must not raise
    output.silence()
    assert ("speak", "Hello") in fake_speechd.commands
    assert fake_speechd.commands[-1] == ("cancel",)


@ao2_linux
def test_ao2_without_speechd_is_unavailable_and_quiet(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "speechd", None)
    monkeypatch.setattr(speechd_module, "SPEECHD_HUNG", threading.Event())
    output = AO2Output("speech_dispatcher")
    assert output.available() is False
    assert "python3-speechd" in output.reason
    assert capsys.readouterr() == ("", "")


@ao2_linux
def test_ao2_connection_error_is_not_printed(fake_speechd, capsys):
    fake_speechd.connect_error = OSError("cannot open socket")
    output = AO2Output("speech_dispatcher")
    assert output.available() is False
    assert "cannot open socket" in output.reason
    assert capsys.readouterr() == ("", "")


@ao2_linux
def test_ao2_speak_after_daemon_died_falls_back(fake_speechd, messages):
    spare = RecordingOutput("speech-dispatcher")
    speaker = Speaker("self-voicing", outputs=[AO2Output("speech_dispatcher"), spare], print_fn=messages)
    assert speaker.speak("one") is True
    assert ("speak", "one") in fake_speechd.commands
    fake_speechd.speak_error = OSError("Speech Dispatcher connection lost.")
    assert speaker.speak("two") is True
    assert spare.spoken == ["two"]
    assert messages == ["Speech: accessible_output2 speech-dispatcher failed; now using speech-dispatcher."]


def test_call_that_hangs_raises_timeout():
    release = threading.Event()
    try:
        with pytest.raises(OutputTimeout):  # raised while the call still waits
            timeouts.call_with_timeout(lambda: release.wait(60), 0.1, "test daemon")
        assert not release.is_set()
    finally:
        release.set()


def test_call_with_timeout_passes_results_and_errors():
    assert timeouts.call_with_timeout(lambda: 42, 1.0, "test") == 42
    with pytest.raises(KeyError):
        timeouts.call_with_timeout(lambda: {}["missing"], 1.0, "test")


def test_language_and_rate_reach_the_speech_programs():
    from a11y_dominion.announcements.speech import EspeakOutput, SayOutput

    espeak = EspeakOutput()
    Speaker(mode="self-voicing", outputs=[espeak], print_fn=lambda s: None, language="nl", rate=100)
    assert espeak.voice == "nl"
    assert espeak.rate == 262
    command = espeak._command("espeak-ng", "Je beurt.")
    assert command[command.index("-v") + 1] == "nl" and command[command.index("-s") + 1] == "262"
    say = SayOutput()
    say.configure(language="nl", rate=-100)
    assert say.language == "nl" and say.rate == 87


def test_speechd_output_keeps_language_until_connected():
    from a11y_dominion.announcements.speech import SpeechdOutput

    out = SpeechdOutput()
    out.configure(language="nl", rate=-20)
    assert (out._language, out._rate) == ("nl", -20)


def test_speech_reports_through_the_players_language():
    from a11y_dominion.i18n import Language

    printed = []
    broken = RecordingOutput(name="first", fail_after=0)
    spare = RecordingOutput(name="second")
    speaker = Speaker(
        mode="self-voicing", outputs=[broken, spare], print_fn=printed.append, translate=Language("nl").text
    )
    assert speaker.speak("Je beurt.")
    assert printed == ["Spraak: first werkt niet meer; nu wordt second gebruikt."]
    assert spare.spoken == ["Je beurt."]


def test_ao2_plays_sound_only_through_speech_dispatcher():
    # a screen reader's own speech (or Windows' voices through it) is not this game's sound
    assert AO2Output("speech_dispatcher").plays_sound is True
    assert AO2Output("speechd").plays_sound is True
    assert [AO2Output(kind, platform="win32").plays_sound for kind in ("auto", "nvda", "jaws", "sapi5")] == [
        False,
        False,
        False,
        False,
    ]


class _NoPythoncom:
    """An import finder that refuses pythoncom (so no test starts COM, on Windows either)."""

    def find_spec(self, name, path=None, target=None):
        if name == "pythoncom":
            raise ImportError("no pythoncom in this test")
        return None


def test_com_is_asked_multithreaded_before_pythoncom_is_imported(monkeypatch):
    from a11y_dominion.announcements.speech import ao2

    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.delitem(sys.modules, "pythoncom", raising=False)
    monkeypatch.setattr(sys, "meta_path", [_NoPythoncom(), *sys.meta_path])
    monkeypatch.setattr(sys, "coinit_flags", 2, raising=False)  # (taken away again after the test)
    ao2._start_com()  # pythoncom cannot be imported: nothing is raised
    assert sys.coinit_flags == 0  # what pythoncom reads when it is imported


def test_an_output_the_settings_name_that_is_not_known_is_said_once_and_the_usual_one_is_used():
    import io

    from a11y_dominion.console.display import Display
    from a11y_dominion.console.start import make_speaker
    from a11y_dominion.i18n import Language

    notices: list = []
    settings = {"output": "nonesuch", "rate": 40}
    speaker = make_speaker("off", settings, Display(io.StringIO()), Language("nl"), notices)
    assert notices == ["De spraakuitvoer nonesuch uit de instellingen is onbekend; de gewone wordt gebruikt."]
    assert (speaker.mode, speaker.language, speaker._rate) == ("off", "nl", 40)
