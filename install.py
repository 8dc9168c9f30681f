#!/usr/bin/python3
"""Install a11y-dominion and start it, with nothing but Python itself.

    python3 install.py --play [GAME OPTIONS]   install (once) and start a game
    python3 install.py --test -m pytest [OPTIONS]  install the test tools and run the whole suite
    python3 install.py                         install only, and say how to start
    python3 install.py --test-python           install the test tools, print the Python that has them
    python3 install.py --compiled              install with the rules compiled, for faster simulations

On Windows the command is ``py install.py --play`` (the Python launcher);
on macOS and Linux ``python3 install.py --play``.

Where pip may install freely (a virtual environment is active), the game
is installed there. Everywhere else, also where the system's Python is
externally managed (PEP 668: Debian, Ubuntu, Homebrew), it goes into a
virtual environment of its own, ``venv`` in the game's data folder (the
folder platformdirs names, where the game keeps its saves):
``%LOCALAPPDATA%\\a11y-dominion\\a11y-dominion\\venv`` on Windows,
``~/Library/Application Support/a11y-dominion/venv`` on macOS,
``~/.local/share/a11y-dominion/venv`` on Linux (``XDG_DATA_HOME`` moves
the last two); ``A11Y_DOMINION_VENV`` names another. It is made with the
system's packages visible, so Debian's ``python3-speechd`` still speaks.
When the system's Python has no ``ensurepip`` (Debian without
``python3-venv``), the environment is made without pip and pip is taken
from the system (``pip --python``) or, when there is none, its wheel is
fetched from the Python Package Index.

``--compiled`` installs the game with its rules compiled by mypyc, which
needs a C compiler (``docs/compiled.md``); where there is none, or it
fails, one sentence says so and the pure game is installed, which plays
the same and is slower only for simulations. ``--play`` keeps a compiled
installation until the project's files change.

Later runs start at once: the installation is repeated only when the
project's files changed. Exit codes: the game's or the test suite's own,
1 when the installation failed (with one sentence saying why).
"""

from __future__ import annotations

import hashlib
import json
import os
import posixpath
import shlex
import signal
import subprocess
import sys
import urllib.parse
import urllib.request
from pathlib import Path, PurePath, PurePosixPath, PureWindowsPath

ROOT = Path(__file__).resolve().parent
NAME = "a11y-dominion"
PIP_INDEX = "https://pypi.org/pypi/pip/json"
OLDEST_PYTHON = (3, 10)
CREATE_NEW_CONSOLE = 0x00000010  # subprocess.CREATE_NEW_CONSOLE, which exists only on Windows


def say(text: str) -> None:
    """One line about the installation, on standard error (standard output is the game's,
    or the Python's path for --test-python); nothing when there is no standard error
    (``pythonw.exe`` on Windows)."""
    if sys.stderr is not None:
        print(f"{NAME}: {text}", file=sys.stderr, flush=True)


# Platform choices: each a function of the platform (``sys.platform``: win32, darwin, linux, ...),
# the environment variables and the home folder, so that each platform's answer can be tested anywhere.


def path_type(platform: str) -> type[PurePath]:
    """The kind of path of ``platform``: PureWindowsPath on win32, PurePosixPath elsewhere."""
    return PureWindowsPath if platform == "win32" else PurePosixPath


def data_dir(platform: str, environ: dict, home: str) -> PurePath:
    """The game's user data folder on ``platform``, as platformdirs'
    ``user_data_dir("a11y-dominion")`` names it, which the game uses for its saves
    (platformdirs itself is not installed yet). ``environ`` holds the environment
    variables, ``home`` the user's home folder.

    Windows: ``%LOCALAPPDATA%\\a11y-dominion\\a11y-dominion`` (platformdirs puts the
    author, by default the name, before the name); macOS: ``$XDG_DATA_HOME/a11y-dominion``
    when that is an absolute path, else ``~/Library/Application Support/a11y-dominion``;
    Linux and other systems: ``$XDG_DATA_HOME/a11y-dominion`` or ``~/.local/share/a11y-dominion``.
    """
    if platform == "win32":
        local = environ.get("LOCALAPPDATA") or str(PureWindowsPath(home, "AppData", "Local"))
        return PureWindowsPath(local, NAME, NAME)
    xdg = environ.get("XDG_DATA_HOME", "")
    if posixpath.isabs(xdg):
        return PurePosixPath(xdg, NAME)
    if platform == "darwin":
        return PurePosixPath(home, "Library", "Application Support", NAME)
    return PurePosixPath(home, ".local", "share", NAME)


def venv_dir(platform: str, environ: dict, home: str, cwd: str | None = None) -> PurePath:
    """Where the game's own virtual environment goes: ``A11Y_DOMINION_VENV``, else
    ``venv`` in :func:`data_dir`. A relative ``A11Y_DOMINION_VENV`` is taken from ``cwd``
    (the folder the command was typed in: :func:`os.getcwd` unless given), as pip, which
    runs in the project's folder, would read it from there."""
    if environ.get("A11Y_DOMINION_VENV"):
        given = path_type(platform)(environ["A11Y_DOMINION_VENV"])
        if not given.is_absolute():
            given = path_type(platform)(os.getcwd() if cwd is None else cwd) / given
        return given
    return data_dir(platform, environ, home) / "venv"


def venv_python(venv: PurePath, platform: str) -> PurePath:
    """The Python of the virtual environment ``venv``: ``Scripts\\python.exe`` on Windows,
    ``bin/python`` elsewhere."""
    return venv / ("Scripts/python.exe" if platform == "win32" else "bin/python")


def real_folder(folder: PurePath, platform: str, realpath=os.path.realpath) -> PurePath:
    """``folder`` (one that exists) as every program finds it. On Windows the Microsoft
    Store's Python writes a new folder in ``%LOCALAPPDATA%`` to a copy of its own,
    ``%LOCALAPPDATA%\\Packages\\PythonSoftwareFoundation.Python.3.12_qbz5n2kfra8p0\\LocalCache\\Local\\...``,
    which only that Python sees at the usual place and ``realpath`` (:func:`os.path.realpath`
    unless given) names; a command line or another program needs the copy's own path.
    Elsewhere, or when ``realpath`` fails, ``folder`` itself."""
    if platform != "win32":
        return folder
    try:
        return PureWindowsPath(realpath(str(folder)))
    except (OSError, ValueError):
        return folder


def game_command(python: PurePath, platform: str) -> PurePath:
    """The installed ``a11y-dominion`` command next to ``python`` (``a11y-dominion.exe`` on Windows)."""
    return python.parent / (NAME + ".exe" if platform == "win32" else NAME)


def console_python(executable: str, platform: str) -> str:
    """The Python to run programs with, from ``sys.executable``: on Windows
    ``pythonw.exe`` (IDLE, a .pyw file) has no console, so its ``python.exe`` beside it,
    which python.org's and the Microsoft Store's Pythons both have."""
    if platform == "win32":
        path = PureWindowsPath(executable)
        if path.name.lower() == "pythonw.exe":
            return str(path.with_name("python.exe"))
    return executable


def launcher(platform: str) -> str:
    """The command that starts Python in the README's lines: ``py`` (the Python launcher)
    on Windows, ``python3`` elsewhere."""
    return "py" if platform == "win32" else "python3"


def quoted(path: PurePath | str, platform: str) -> str:
    """``path`` as it is typed in a command line of ``platform``: in double quotes on
    Windows when it holds a space (as cmd and PowerShell both read it), shell-quoted elsewhere."""
    if platform == "win32":
        return subprocess.list2cmdline([str(path)])
    return shlex.quote(str(path))


def play_environment(platform: str, environ: dict, script: str) -> dict:
    """The environment of the game that ``--play`` starts: ``environ`` with
    ``A11Y_DOMINION_COMMAND`` set to the command the player typed to start it
    (``python3 install.py --play``, ``py install.py --play`` on Windows; ``script``
    is install.py's path as it was typed), so that the game names that form where it
    says a command to type ("python3 install.py --play resume goes on with it")."""
    return dict(environ, A11Y_DOMINION_COMMAND=f"{launcher(platform)} {quoted(script, platform)} --play")


def help_text(platform: str) -> str:
    """The text of ``--help``, with the Python command of ``platform``."""
    return __doc__.strip().replace("python3 install.py", f"{launcher(platform)} install.py")


def unknown_option(option: str, platform: str) -> str:
    """The sentence for an option install.py does not know."""
    return f"{option[:40]} is not an option here; use --play or --test (see {launcher(platform)} install.py --help)."


def nothing_after_compiled(option: str, platform: str) -> str:
    """The sentence for ``option`` typed after ``--compiled``, which takes none."""
    return (
        f"--compiled takes no options, and {option[:40]} is one; install with --compiled, then start a game "
        f"with --play (see {launcher(platform)} install.py --help)."
    )


def compiled_environment(environ: dict, note: PurePath) -> dict:
    """The environment of pip for ``--compiled``: ``environ`` with the compiled build asked for
    (``A11Y_DOMINION_COMPILE=1``, read by setup.py) and the file ``note`` named, where the build
    writes its one sentence when the C compiler could not build the compiled modules
    (``A11Y_DOMINION_BUILD_NOTE``): pip does not show what a build prints."""
    return dict(environ, A11Y_DOMINION_COMPILE="1", A11Y_DOMINION_BUILD_NOTE=str(note))


COMPILED_MARK = " compiled"
"""After the stamp of a compiled installation (:func:`install`)."""


def kept_installation(kind: str, stamp: str, kept: str | None) -> bool:
    """Whether the installation whose stamp file holds ``kept`` (None: none) serves ``kind``
    (``play``, ``test`` or ``compiled``) of the project's files as they are, stamped ``stamp``:
    the same stamp, a compiled installation followed by :data:`COMPILED_MARK`, which serves
    ``play`` as well (it plays the same game). A ``compiled`` installation that fell back to
    the pure package has no mark, so that the next ``--compiled`` tries again."""
    if kind == "compiled":
        return kept == stamp + COMPILED_MARK
    return kept == stamp or (kind == "play" and kept == stamp + COMPILED_MARK)


def installed_hint(root: PurePath, python: PurePath, platform: str) -> str:
    """What install.py says after installing only: how to start a game on ``platform``."""
    script = quoted(root / "install.py", platform)
    command = game_command(python, platform)
    if platform == "win32":
        # PowerShell reads a quoted path alone as text, not a command: the game's command is named, not quoted
        return f"installed. Start a game with: py {script} --play (the game's own command is {command})."
    return f"installed. Start a game with: python3 {script} --play, or {quoted(command, platform)}"


def python_too_old(version: tuple, executable: str, platform: str) -> str | None:
    """The sentence saying that the running Python (``version`` as ``sys.version_info``,
    at ``executable``) is too old for the game, with where to get a newer one on
    ``platform``; None when it is new enough."""
    if tuple(version[:2]) >= OLDEST_PYTHON:
        return None
    have = ".".join(str(n) for n in version[:3])
    where = {
        "win32": "install the newest from python.org and run py install.py again",
        "darwin": "install a newer one from python.org or with Homebrew (brew install python) "
        "and run install.py with it",
    }.get(platform, "install a newer one with your package manager and run install.py with it")
    return f"the game needs Python 3.10 or newer, and {executable} is Python {have}; {where}."


def play_flags(platform: str, has_console: bool) -> int:
    """The creation flags of the game's process: on Windows without a console (install.py run
    by ``pythonw.exe`` or IDLE) the game gets a console window of its own; 0 otherwise."""
    return CREATE_NEW_CONSOLE if platform == "win32" and not has_console else 0


def replaces_itself(platform: str) -> bool:
    """Whether ``--play`` replaces install.py's process by the game's (``os.execv``): not on
    Windows, where execv starts a second process and the console's prompt comes back at once."""
    return platform != "win32"


def test_command(python: PurePath, rest: list) -> list:
    """The command of ``--test``: ``--test -m pytest ARGS`` runs ``python -m pytest ARGS``
    (the README's form); ``--test ARGS`` means the same."""
    return [str(python), *rest] if rest[:1] == ["-m"] else [str(python), "-m", "pytest", *rest]


def test_environment(platform: str, environ: dict, python: PurePath, active: bool) -> dict:
    """The environment of the test suite: the virtual environment's commands (a11y-dominion
    itself) first on the path, as after activating it, and ``VIRTUAL_ENV`` set when it was
    not ``active`` already."""
    sep = ";" if platform == "win32" else ":"
    env = dict(environ, PATH=sep.join([str(python.parent), environ.get("PATH", "")]))
    if not active:
        env["VIRTUAL_ENV"] = str(python.parent.parent)
    return env


def exit_code(returncode: int) -> int:
    """The exit code to give for a child's ``returncode``: a child ended by a signal
    (negative on POSIX) as a shell gives it, 128 plus the signal's number."""
    return 128 - returncode if returncode < 0 else returncode


# The machine this runs on.


def here() -> tuple:
    """(platform, environment, home folder) of this machine."""
    return sys.platform, dict(os.environ), str(Path.home())


def has_console() -> bool:
    """Whether this process has a console (always true but on Windows under ``pythonw.exe``)."""
    if sys.platform != "win32":
        return True
    import ctypes

    return bool(ctypes.windll.kernel32.GetConsoleWindow())


def in_virtualenv() -> bool:
    return sys.prefix != sys.base_prefix


def run(args: list, quiet: bool = True) -> subprocess.CompletedProcess:
    return subprocess.run([str(a) for a in args], capture_output=quiet, text=True)


def waited_signals(system=signal) -> list:
    """The signals install.py waits through while the game runs (``system``: the
    :mod:`signal` module, or one that stands for another system's): Ctrl+C (SIGINT)
    everywhere, and Ctrl+Break (SIGBREAK) where the system has it (Windows), which the
    hosted game takes as its stop and would otherwise end install.py at once."""
    return [getattr(system, name) for name in ("SIGINT", "SIGBREAK") if hasattr(system, name)]


def run_child(command: list, **options) -> int:
    """Run ``command`` to its end and return its exit code. Ctrl+C (and Ctrl+Break on
    Windows, :func:`waited_signals`) reaches the child (the whole console or process group
    gets it), and install.py waits on instead of stopping and killing it: a handler that
    does nothing (not SIG_IGN, which a child on POSIX would inherit) stands in for
    Python's during the wait."""
    previous = {number: signal.signal(number, lambda number, frame: None) for number in waited_signals()}
    try:
        return exit_code(subprocess.run(command, **options).returncode)
    finally:
        for number, handler in previous.items():
            if handler is not None:
                signal.signal(number, handler)


def has_pip(python: Path) -> bool:
    return run([python, "-m", "pip", "--version"]).returncode == 0


def base_python() -> str:
    """The Python that makes the virtual environment (this one, or its console twin)."""
    return console_python(sys.executable, sys.platform)


def make_venv(venv: Path) -> Path:
    """A virtual environment at ``venv`` with pip in it; returns its Python. Raises RuntimeError."""
    python = Path(venv_python(venv, sys.platform))
    if python.exists() and has_pip(python):
        return python
    say(f"making a virtual environment for the game in {venv} (once).")
    venv.parent.mkdir(parents=True, exist_ok=True)
    no_ensurepip = os.environ.get("A11Y_DOMINION_NO_ENSUREPIP") == "1"  # for testing the fallback
    made = None if no_ensurepip else run([base_python(), "-m", "venv", "--system-site-packages", venv])
    if made is None or made.returncode != 0:
        # Debian without python3-venv: no ensurepip, so a bare environment, and pip from elsewhere
        bare = run([base_python(), "-m", "venv", "--system-site-packages", "--without-pip", "--clear", venv])
        if bare.returncode != 0:
            raise RuntimeError(f"Python could not make a virtual environment: {last_line(bare)}")
        add_pip(python)
    if not has_pip(python):
        raise RuntimeError("the virtual environment has no pip")
    return python


def add_pip(python: Path) -> None:
    """Put pip into the bare environment of ``python``: the system's pip installs
    itself there, or pip's wheel from the Python Package Index does."""
    if not os.environ.get("A11Y_DOMINION_NO_SYSTEM_PIP") and has_pip(Path(base_python())):
        got = run([base_python(), "-m", "pip", "--python", python, "install", "--quiet", "pip"])
        if got.returncode == 0:
            return
    wheel = fetch_pip_wheel(python.parent.parent)
    got = run([python, str(wheel / "pip"), "install", "--quiet", str(wheel)])
    if got.returncode != 0:
        raise RuntimeError(f"pip could not be installed: {last_line(got)}")


def fetch_pip_wheel(folder: Path) -> Path:
    """pip's newest wheel from the Python Package Index, saved in ``folder``."""
    try:
        with urllib.request.urlopen(PIP_INDEX, timeout=60) as response:
            release = json.load(response)
        url = next(u["url"] for u in release["urls"] if u["filename"].endswith(".whl"))
        url = urllib.parse.urljoin(PIP_INDEX, url)  # a mirror may give addresses relative to itself
        target = folder / url.rsplit("/", 1)[1]
        with urllib.request.urlopen(url, timeout=120) as response:
            target.write_bytes(response.read())
    except (OSError, ValueError, KeyError, StopIteration) as e:
        raise RuntimeError(f"pip could not be fetched from the Python Package Index ({e})") from None
    return target


def last_line(done: subprocess.CompletedProcess) -> str:
    lines = [x for x in (done.stderr or done.stdout or "").splitlines() if x.strip()]
    return lines[-1].strip() if lines else f"exit code {done.returncode}"


def stamp_of(extras: str) -> str:
    """A digest of what the installation depends on: the project's files and the extras."""
    h = hashlib.sha256(extras.encode())
    for path in sorted((ROOT / "a11y_dominion").rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts:
            st = path.stat()
            h.update(f"{path.relative_to(ROOT)}:{st.st_size}:{st.st_mtime_ns}".encode())
    h.update((ROOT / "pyproject.toml").read_bytes())
    return h.hexdigest()


def install(python: Path, kind: str) -> None:
    """The project into the environment of ``python``, for ``kind``: ``test``, editable with
    the test tools; ``play``, as a package; ``compiled``, as a package with its rules compiled
    (:func:`compiled_environment`), or pure with the build's one sentence said when the C
    compiler could not build them. Skipped when nothing changed since the last time
    (:func:`kept_installation`)."""
    test = kind == "test"
    extras = ".[test]" if test else "."
    venv = Path(python).parent.parent
    stamp_file = venv / f".{NAME}-{'test' if test else 'play'}.stamp"
    # an editable install follows the files by itself: only pyproject.toml matters then
    stamp = hashlib.sha256((ROOT / "pyproject.toml").read_bytes() + str(ROOT).encode()).hexdigest()
    if not test:
        stamp = stamp_of(str(ROOT))
    if kept_installation(kind, stamp, stamp_file.read_text() if stamp_file.exists() else None):
        return
    env = None
    note = venv / f".{NAME}-build-note.txt"
    if kind == "compiled":
        say("installing the game with its rules compiled (a few minutes).")
        note.unlink(missing_ok=True)
        env = compiled_environment(dict(os.environ), note)
    else:
        say("installing the game and what it needs (a minute the first time).")
    args = [python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    args += ["-e", extras] if test else [extras]
    got = subprocess.run([str(a) for a in args], cwd=str(ROOT), stderr=subprocess.PIPE, text=True, env=env)
    if got.returncode != 0:
        if sys.stderr is not None:
            sys.stderr.write(got.stderr)
        raise RuntimeError(f"pip could not install the game: {last_line(got)}")
    if kind == "compiled":
        fell_back = note.read_text(encoding="utf-8").strip() if note.exists() else ""
        note.unlink(missing_ok=True)
        if fell_back:
            say(fell_back)
        else:
            stamp += COMPILED_MARK
    stamp_file.write_text(stamp)


def target_python() -> Path:
    """The Python to install into: the active virtual environment, else the game's own
    (named by its real path, :func:`real_folder`)."""
    if in_virtualenv():
        return Path(sys.executable)
    venv = Path(venv_dir(*here()))
    make_venv(venv)
    return Path(venv_python(real_folder(venv, sys.platform), sys.platform))


def main(argv: list) -> int:
    platform = sys.platform
    mode = argv[0] if argv and argv[0] in ("--play", "--test", "--test-python", "--compiled") else None
    rest = argv[1:] if mode else argv
    if not mode and rest:
        if rest[0] in ("-h", "--help"):
            if sys.stdout is not None:
                print(help_text(platform))
            return 0
        say(unknown_option(rest[0], platform))
        return 2
    if mode == "--compiled" and rest:
        say(nothing_after_compiled(rest[0], platform))
        return 2
    too_old = python_too_old(tuple(sys.version_info), sys.executable, platform)
    if too_old:
        say(too_old)
        return 1
    try:
        python = target_python()
        install(python, {"--test": "test", "--test-python": "test", "--compiled": "compiled"}.get(mode or "", "play"))
    except RuntimeError as e:
        say(f"{e}.")
        return 1
    except OSError as e:  # a folder that cannot be written: a file in the way, no permission, a full disk
        where = f" {e.filename}" if e.filename else ""
        say(
            f"could not write{where}: {e.strerror or e}."
            " Set A11Y_DOMINION_VENV to a folder you can write, and run this again."
        )
        return 1
    if mode == "--test":
        env = test_environment(platform, dict(os.environ), python, in_virtualenv())
        return run_child(test_command(python, rest), cwd=str(ROOT), env=env)
    if mode == "--test-python":
        if sys.stdout is not None:
            print(python)
        return 0
    command = [str(game_command(python, platform)), *rest]
    if mode == "--play":
        env = play_environment(platform, dict(os.environ), sys.argv[0] or "install.py")
        if not replaces_itself(platform):
            return run_child(command, creationflags=play_flags(platform, has_console()), env=env)
        os.execve(command[0], command, env)
    say(installed_hint(ROOT, python, platform))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
