"""install.py's choices on Windows, macOS and Linux, tested here for all three.

Each choice is a function of (platform, environment, home folder); the data
folder install.py puts the game's virtual environment in is the one the game
itself asks platformdirs for (its saves, its host key, its known hosts), on
each platform: platformdirs' own class for that platform is put in the place
of this machine's, with the environment patched, and the game's own code is
asked.
"""

from __future__ import annotations

import importlib.util
import os
import signal
import subprocess
import sys
from pathlib import Path, PurePosixPath, PureWindowsPath

import platformdirs
import platformdirs.macos
import platformdirs.unix
import platformdirs.windows
import pytest

from a11y_dominion import autosave, settings
from a11y_dominion.remote.joinlogin import KnownHosts

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("a11y_dominion_install", ROOT / "install.py")
install = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(install)

WIN_HOME = r"C:\Users\Ann Lee"
WIN_LOCAL = r"C:\Users\Ann Lee\AppData\Local"
MAC_HOME = "/Users/ann"
LINUX_HOME = "/home/ann"


# The data folder, exactly, per platform.


@pytest.mark.parametrize(
    "platform, environ, home, expected",
    [
        ("win32", {"LOCALAPPDATA": WIN_LOCAL}, WIN_HOME, r"C:\Users\Ann Lee\AppData\Local\a11y-dominion\a11y-dominion"),
        ("win32", {}, WIN_HOME, r"C:\Users\Ann Lee\AppData\Local\a11y-dominion\a11y-dominion"),
        (
            "win32",
            {"LOCALAPPDATA": r"D:\Profiles\ann\Local"},
            WIN_HOME,
            r"D:\Profiles\ann\Local\a11y-dominion\a11y-dominion",
        ),
        ("darwin", {}, MAC_HOME, "/Users/ann/Library/Application Support/a11y-dominion"),
        ("darwin", {"XDG_DATA_HOME": "/Users/ann/.local/share"}, MAC_HOME, "/Users/ann/.local/share/a11y-dominion"),
        ("darwin", {"XDG_DATA_HOME": "share"}, MAC_HOME, "/Users/ann/Library/Application Support/a11y-dominion"),
        ("linux", {}, LINUX_HOME, "/home/ann/.local/share/a11y-dominion"),
        ("linux", {"XDG_DATA_HOME": "/data/ann"}, LINUX_HOME, "/data/ann/a11y-dominion"),
        ("linux", {"XDG_DATA_HOME": ""}, LINUX_HOME, "/home/ann/.local/share/a11y-dominion"),
    ],
)
def test_data_dir_per_platform(platform, environ, home, expected):
    got = install.data_dir(platform, environ, home)
    assert str(got) == expected
    assert type(got) is (PureWindowsPath if platform == "win32" else PurePosixPath)


@pytest.mark.parametrize(
    "platform, home, venv, python, command",
    [
        (
            "win32",
            WIN_HOME,
            r"C:\Users\Ann Lee\AppData\Local\a11y-dominion\a11y-dominion\venv",
            r"C:\Users\Ann Lee\AppData\Local\a11y-dominion\a11y-dominion\venv\Scripts\python.exe",
            r"C:\Users\Ann Lee\AppData\Local\a11y-dominion\a11y-dominion\venv\Scripts\a11y-dominion.exe",
        ),
        (
            "darwin",
            MAC_HOME,
            "/Users/ann/Library/Application Support/a11y-dominion/venv",
            "/Users/ann/Library/Application Support/a11y-dominion/venv/bin/python",
            "/Users/ann/Library/Application Support/a11y-dominion/venv/bin/a11y-dominion",
        ),
        (
            "linux",
            LINUX_HOME,
            "/home/ann/.local/share/a11y-dominion/venv",
            "/home/ann/.local/share/a11y-dominion/venv/bin/python",
            "/home/ann/.local/share/a11y-dominion/venv/bin/a11y-dominion",
        ),
    ],
)
def test_venv_its_python_and_the_game_command_per_platform(platform, home, venv, python, command):
    environ = {"LOCALAPPDATA": WIN_LOCAL} if platform == "win32" else {}
    got_venv = install.venv_dir(platform, environ, home)
    assert str(got_venv) == venv
    got_python = install.venv_python(got_venv, platform)
    assert str(got_python) == python
    assert str(install.game_command(got_python, platform)) == command


def test_a11y_dominion_venv_names_another_folder_on_each_platform():
    assert str(install.venv_dir("win32", {"A11Y_DOMINION_VENV": r"D:\games\venv"}, WIN_HOME)) == r"D:\games\venv"
    assert str(install.venv_dir("darwin", {"A11Y_DOMINION_VENV": "/Volumes/x/venv"}, MAC_HOME)) == "/Volumes/x/venv"
    assert str(install.venv_dir("linux", {"A11Y_DOMINION_VENV": "/srv/venv"}, LINUX_HOME)) == "/srv/venv"
    # a relative folder is where the command was typed, not the project's folder pip runs in
    assert str(install.venv_dir("linux", {"A11Y_DOMINION_VENV": "venv"}, LINUX_HOME, "/home/ann")) == "/home/ann/venv"
    assert (
        str(install.venv_dir("darwin", {"A11Y_DOMINION_VENV": "g/venv"}, MAC_HOME, "/Users/ann")) == "/Users/ann/g/venv"
    )
    assert (
        str(install.venv_dir("win32", {"A11Y_DOMINION_VENV": "venv"}, WIN_HOME, r"C:\Users\ann"))
        == r"C:\Users\ann\venv"
    )


# The game's own folders, asked of platformdirs as the game asks, per platform.


CASES = {
    "win32": (platformdirs.windows.Windows, {"LOCALAPPDATA": WIN_LOCAL, "USERPROFILE": WIN_HOME}, WIN_HOME),
    "darwin": (platformdirs.macos.MacOS, {"HOME": MAC_HOME}, MAC_HOME),
    "darwin-xdg": (platformdirs.macos.MacOS, {"HOME": MAC_HOME, "XDG_DATA_HOME": "/Users/ann/.data"}, MAC_HOME),
    "linux": (platformdirs.unix.Unix, {"HOME": LINUX_HOME}, LINUX_HOME),
    "linux-xdg": (platformdirs.unix.Unix, {"HOME": LINUX_HOME, "XDG_DATA_HOME": "/data/ann"}, LINUX_HOME),
}


def as_platform(monkeypatch, case: str) -> tuple:
    """Make platformdirs answer as on the platform of ``case``, with that platform's
    environment; returns (platform, environment, home) for install.py."""
    cls, environ, home = CASES[case]
    for name in ("LOCALAPPDATA", "APPDATA", "USERPROFILE", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "A11Y_DOMINION_DATA"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.delenv("A11Y_DOMINION_CONFIG", raising=False)
    for name, value in environ.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setattr(platformdirs, "PlatformDirs", cls)
    if cls is platformdirs.windows.Windows:
        # the shell's known folders, as Windows gives them, are the environment's here
        monkeypatch.setattr(platformdirs.windows, "get_win_folder", platformdirs.windows.get_win_folder_from_env_vars)
    platform = case.split("-")[0]
    return platform, environ, home


@pytest.mark.parametrize("case", sorted(CASES))
def test_install_data_dir_is_the_games_own_on_each_platform(monkeypatch, case):
    platform, environ, home = as_platform(monkeypatch, case)
    ours = install.data_dir(platform, environ, home)
    kind = install.path_type(platform)
    assert kind(autosave.data_dir()) == ours
    assert kind(autosave.games_dir()) == ours / "games"
    assert kind(KnownHosts().path) == ours / "known_hosts"
    assert kind(platformdirs.user_data_dir("a11y-dominion")) == ours


@pytest.mark.parametrize(
    "case, data, settings_file",
    [
        (
            "win32",
            r"C:\Users\Ann Lee\AppData\Local\a11y-dominion\a11y-dominion",
            r"C:\Users\Ann Lee\AppData\Local\a11y-dominion\a11y-dominion\settings.json",
        ),
        (
            "darwin",
            "/Users/ann/Library/Application Support/a11y-dominion",
            "/Users/ann/Library/Application Support/a11y-dominion/settings.json",
        ),
        ("linux", "/home/ann/.local/share/a11y-dominion", "/home/ann/.config/a11y-dominion/settings.json"),
    ],
)
def test_where_the_game_keeps_saves_settings_and_keys_per_platform(monkeypatch, case, data, settings_file):
    """The README's lines: saves in the data folder's games, settings (keys among them) in settings.json."""
    platform, _environ, _home = as_platform(monkeypatch, case)
    kind = install.path_type(platform)
    assert str(kind(autosave.games_dir())) == str(kind(data, "games"))
    assert str(kind(settings.settings_path())) == settings_file


# How install.py runs things, and what it says, per platform.


def test_console_python_for_pythonw_on_windows():
    pythonw = r"C:\Program Files\Python311\pythonw.exe"
    assert install.console_python(pythonw, "win32") == r"C:\Program Files\Python311\python.exe"
    assert install.console_python(r"C:\Python311\PythonW.EXE", "win32") == r"C:\Python311\python.exe"
    assert install.console_python(r"C:\Program Files\Python311\python.exe", "win32") == (
        r"C:\Program Files\Python311\python.exe"
    )
    assert install.console_python("/opt/homebrew/bin/python3", "darwin") == "/opt/homebrew/bin/python3"
    assert install.console_python("/usr/bin/python3", "linux") == "/usr/bin/python3"


def test_play_starts_the_game_per_platform():
    assert install.replaces_itself("win32") is False
    assert install.replaces_itself("darwin") is True
    assert install.replaces_itself("linux") is True
    assert install.play_flags("win32", has_console=True) == 0
    assert install.play_flags("win32", has_console=False) == 0x10  # CREATE_NEW_CONSOLE
    assert install.play_flags("darwin", has_console=False) == 0
    assert install.play_flags("linux", has_console=True) == 0


def test_test_command_and_its_environment_per_platform():
    py = PureWindowsPath(r"C:\Users\Ann Lee\AppData\Local\a11y-dominion\a11y-dominion\venv\Scripts\python.exe")
    assert install.test_command(py, ["-m", "pytest", "-x"]) == [str(py), "-m", "pytest", "-x"]
    assert install.test_command(py, ["-x"]) == [str(py), "-m", "pytest", "-x"]
    env = install.test_environment("win32", {"PATH": r"C:\Windows"}, py, active=False)
    assert env["PATH"] == r"C:\Users\Ann Lee\AppData\Local\a11y-dominion\a11y-dominion\venv\Scripts;C:\Windows"
    assert env["VIRTUAL_ENV"] == r"C:\Users\Ann Lee\AppData\Local\a11y-dominion\a11y-dominion\venv"
    mac = PurePosixPath("/Users/ann/Library/Application Support/a11y-dominion/venv/bin/python")
    env = install.test_environment("darwin", {"PATH": "/usr/bin:/bin"}, mac, active=False)
    assert env["PATH"] == "/Users/ann/Library/Application Support/a11y-dominion/venv/bin:/usr/bin:/bin"
    assert env["VIRTUAL_ENV"] == "/Users/ann/Library/Application Support/a11y-dominion/venv"
    env = install.test_environment(
        "linux", {"PATH": "/usr/bin", "VIRTUAL_ENV": "/w/v"}, PurePosixPath("/w/v/bin/python"), True
    )
    assert env == {"PATH": "/w/v/bin:/usr/bin", "VIRTUAL_ENV": "/w/v"}


def test_messages_name_the_paths_of_each_platform():
    root = PureWindowsPath(r"C:\Users\Ann Lee\Downloads\a11y-dominion")
    py = install.venv_python(install.venv_dir("win32", {"LOCALAPPDATA": WIN_LOCAL}, WIN_HOME), "win32")
    assert install.installed_hint(root, py, "win32") == (
        r'installed. Start a game with: py "C:\Users\Ann Lee\Downloads\a11y-dominion\install.py" --play '
        r"(the game's own command is C:\Users\Ann Lee\AppData\Local\a11y-dominion\a11y-dominion\venv\Scripts"
        r"\a11y-dominion.exe)."
    )
    py = install.venv_python(install.venv_dir("darwin", {}, MAC_HOME), "darwin")
    assert install.installed_hint(PurePosixPath("/Users/ann/a11y-dominion"), py, "darwin") == (
        "installed. Start a game with: python3 /Users/ann/a11y-dominion/install.py --play, "
        "or '/Users/ann/Library/Application Support/a11y-dominion/venv/bin/a11y-dominion'"
    )
    py = install.venv_python(install.venv_dir("linux", {}, LINUX_HOME), "linux")
    assert install.installed_hint(PurePosixPath("/home/ann/a11y-dominion"), py, "linux") == (
        "installed. Start a game with: python3 /home/ann/a11y-dominion/install.py --play, "
        "or /home/ann/.local/share/a11y-dominion/venv/bin/a11y-dominion"
    )
    assert install.unknown_option("--plya", "win32") == (
        "--plya is not an option here; use --play or --test (see py install.py --help)."
    )
    assert install.unknown_option("--plya", "darwin") == (
        "--plya is not an option here; use --play or --test (see python3 install.py --help)."
    )
    assert install.help_text("win32").splitlines()[2] == (
        "    py install.py --play [GAME OPTIONS]   install (once) and start a game"
    )
    assert install.help_text("linux").splitlines()[2] == (
        "    python3 install.py --play [GAME OPTIONS]   install (once) and start a game"
    )


STORE_LOCAL = WIN_LOCAL + r"\Packages\PythonSoftwareFoundation.Python.3.12_qbz5n2kfra8p0\LocalCache\Local"


def store_realpath(path: str) -> str:
    """What os.path.realpath gives under the Microsoft Store's Python for a folder it made in
    %LOCALAPPDATA%: the path of its own copy."""
    assert path.startswith(WIN_LOCAL + "\\")
    return STORE_LOCAL + path[len(WIN_LOCAL) :]


def test_the_microsoft_store_pythons_copy_of_the_venv_is_named_by_its_real_path():
    venv = install.venv_dir("win32", {"LOCALAPPDATA": WIN_LOCAL}, WIN_HOME)
    real = install.real_folder(venv, "win32", store_realpath)
    assert real == PureWindowsPath(STORE_LOCAL, "a11y-dominion", "a11y-dominion", "venv")
    py = install.venv_python(real, "win32")
    assert install.installed_hint(PureWindowsPath(r"C:\Users\Ann Lee\a11y-dominion"), py, "win32") == (
        r'installed. Start a game with: py "C:\Users\Ann Lee\a11y-dominion\install.py" --play '
        r"(the game's own command is C:\Users\Ann Lee\AppData\Local\Packages"
        r"\PythonSoftwareFoundation.Python.3.12_qbz5n2kfra8p0\LocalCache\Local\a11y-dominion\a11y-dominion"
        r"\venv\Scripts\a11y-dominion.exe)."
    )


def test_the_venv_folder_is_kept_as_named_where_nothing_redirects_it():
    venv = install.venv_dir("win32", {"LOCALAPPDATA": WIN_LOCAL}, WIN_HOME)
    assert install.real_folder(venv, "win32", lambda path: path) == venv  # python.org's Python

    def fails(path: str) -> str:
        raise OSError(2, "The system cannot find the file specified")

    assert install.real_folder(venv, "win32", fails) == venv

    def never(path: str) -> str:
        raise AssertionError("realpath is asked on Windows only")

    for platform, home in (("darwin", MAC_HOME), ("linux", LINUX_HOME)):
        venv = install.venv_dir(platform, {}, home)
        assert install.real_folder(venv, platform, never) == venv


def test_an_old_python_is_refused_in_one_sentence_per_platform():
    assert install.python_too_old((3, 10, 0), "/usr/bin/python3", "linux") is None
    assert install.python_too_old((3, 13, 1), r"C:\Python313\python.exe", "win32") is None
    assert install.python_too_old((3, 9, 6), "/usr/bin/python3", "darwin") == (
        "the game needs Python 3.10 or newer, and /usr/bin/python3 is Python 3.9.6; install a newer one from "
        "python.org or with Homebrew (brew install python) and run install.py with it."
    )
    assert install.python_too_old((3, 8, 10), r"C:\Python38\python.exe", "win32") == (
        r"the game needs Python 3.10 or newer, and C:\Python38\python.exe is Python 3.8.10; "
        "install the newest from python.org and run py install.py again."
    )
    assert install.python_too_old((3, 9, 2), "/usr/bin/python3", "linux") == (
        "the game needs Python 3.10 or newer, and /usr/bin/python3 is Python 3.9.2; "
        "install a newer one with your package manager and run install.py with it."
    )


def test_the_first_line_lets_the_windows_launcher_pick_a_registered_python():
    """``py install.py`` reads the first line: ``/usr/bin/python3`` is one of its own names
    for the newest Python 3; ``/usr/bin/env python3`` would search PATH, where Windows
    puts the Microsoft Store's python3.exe, which older launchers start."""
    assert (ROOT / "install.py").read_text().splitlines()[0] == "#!/usr/bin/python3"


def test_exit_code_of_a_child_ended_by_a_signal():
    assert install.exit_code(0) == 0
    assert install.exit_code(3) == 3
    assert install.exit_code(-signal.SIGINT) == 130


def test_install_py_waits_through_ctrl_c_everywhere_and_ctrl_break_on_windows():
    import types

    windows = types.SimpleNamespace(SIGINT=2, SIGBREAK=21, SIGTERM=15)
    posix = types.SimpleNamespace(SIGINT=2, SIGTERM=15, SIGHUP=1)
    assert install.waited_signals(windows) == [2, 21]
    assert install.waited_signals(posix) == [2]


@pytest.mark.skipif(sys.platform == "win32", reason="sends SIGINT to one process, which Windows cannot")
@pytest.mark.e2e  # python in another process
def test_run_child_keeps_waiting_through_ctrl_c_and_the_child_gets_the_default(tmp_path):
    """Ctrl+C while the game or the suite runs: install.py waits for the child (which gets
    the signal as everyone in the console does) instead of killing it; the child itself
    starts with Python's usual Ctrl+C."""
    child = (
        "import os, signal, sys\n"
        "print(signal.getsignal(signal.SIGINT) is signal.default_int_handler, flush=True)\n"
        "os.kill(os.getppid(), signal.SIGINT)\n"
        "sys.stdin.readline()\n"
        "sys.exit(7)\n"
    )
    out = tmp_path / "out"
    before = signal.getsignal(signal.SIGINT)
    with open(out, "w") as f, open(os.devnull) as devnull:
        code = install.run_child([sys.executable, "-c", child], stdout=f, stdin=devnull)
    assert code == 7
    assert out.read_text() == "True\n"
    assert signal.getsignal(signal.SIGINT) is before


@pytest.mark.e2e  # python in another process
def test_install_py_runs_from_a_folder_with_spaces(tmp_path):
    """The README's command from a checkout in a folder whose name holds spaces."""
    folder = tmp_path / "My Games" / "a11y dominion"
    folder.mkdir(parents=True)
    (folder / "install.py").write_bytes((ROOT / "install.py").read_bytes())
    got = subprocess.run(
        [sys.executable, str(folder / "install.py"), "--plya"], capture_output=True, text=True, timeout=60
    )
    assert got.returncode == 2
    assert got.stderr == (
        "a11y-dominion: --plya is not an option here; use --play or --test (see python3 install.py --help).\n"
    )


@pytest.mark.e2e
def test_a_folder_that_cannot_be_written_is_one_sentence_not_a_traceback(tmp_path):
    """A home or A11Y_DOMINION_VENV where the virtual environment cannot be made (here a file
    stands where a folder should be) ends install.py with one sentence naming the place and
    what to do, exit code 1, and no traceback."""
    blocker = tmp_path / "file"
    blocker.write_text("not a folder\n")
    env = dict(os.environ, A11Y_DOMINION_VENV=str(blocker / "venv"))
    done = subprocess.run(
        [getattr(sys, "_base_executable", sys.executable), str(ROOT / "install.py"), "--test-python"],  # (not a venv's)
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    last = done.stderr.strip().splitlines()[-1]
    assert last.startswith(f"a11y-dominion: could not write {blocker}: "), last  # (the system's own reason)
    assert last.endswith(". Set A11Y_DOMINION_VENV to a folder you can write, and run this again."), last
