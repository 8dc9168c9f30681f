#!/usr/bin/env python3
"""Install a11y-dominion and start it, with nothing but Python itself.

    python3 install.py --play [GAME OPTIONS]   install (once) and start a game
    python3 install.py --test -m pytest [OPTIONS]  install the test tools and run the whole suite
    python3 install.py                         install only, and say how to start
    python3 install.py --test-python           install the test tools, print the Python that has them

Where pip may install freely (a virtual environment is active), the game
is installed there. Everywhere else, also where the system's Python is
externally managed (PEP 668: Debian, Ubuntu, Homebrew), it goes into a
virtual environment of its own in the user data folder
(``~/.local/share/a11y-dominion/venv`` on Linux; ``A11Y_DOMINION_VENV``
names another), made with the system's packages visible, so Debian's
``python3-speechd`` still speaks. When the system's Python has no
``ensurepip`` (Debian without ``python3-venv``), the environment is made
without pip and pip is taken from the system (``pip --python``) or, when
there is none, its wheel is fetched from the Python Package Index.

Later runs start at once: the installation is repeated only when the
project's files changed. Exit codes: the game's or the test suite's own,
1 when the installation failed (with one sentence saying why).
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import urllib.parse
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent
NAME = "a11y-dominion"
PIP_INDEX = "https://pypi.org/pypi/pip/json"


def say(text: str) -> None:
    """One line about the installation, on standard error (standard output is the game's,
    or the Python's path for --test-python)."""
    print(f"{NAME}: {text}", file=sys.stderr, flush=True)


def data_dir() -> Path:
    """The user data folder, as platformdirs would name it (platformdirs is not installed yet)."""
    if sys.platform == "win32":
        return Path(os.environ.get("LOCALAPPDATA", Path.home() / "AppData" / "Local")) / NAME
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Application Support" / NAME
    return Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share") / NAME


def in_virtualenv() -> bool:
    return sys.prefix != sys.base_prefix


def venv_dir() -> Path:
    return Path(os.environ["A11Y_DOMINION_VENV"]) if os.environ.get("A11Y_DOMINION_VENV") else data_dir() / "venv"


def venv_python(venv: Path) -> Path:
    return venv / ("Scripts/python.exe" if sys.platform == "win32" else "bin/python")


def run(args: list, quiet: bool = True) -> subprocess.CompletedProcess:
    return subprocess.run([str(a) for a in args], capture_output=quiet, text=True)


def has_pip(python: Path) -> bool:
    return run([python, "-m", "pip", "--version"]).returncode == 0


def make_venv(venv: Path) -> Path:
    """A virtual environment at ``venv`` with pip in it; returns its Python. Raises RuntimeError."""
    python = venv_python(venv)
    if python.exists() and has_pip(python):
        return python
    say(f"making a virtual environment for the game in {venv} (once).")
    venv.parent.mkdir(parents=True, exist_ok=True)
    no_ensurepip = os.environ.get("A11Y_DOMINION_NO_ENSUREPIP") == "1"  # for testing the fallback
    made = None if no_ensurepip else run([sys.executable, "-m", "venv", "--system-site-packages", venv])
    if made is None or made.returncode != 0:
        # Debian without python3-venv: no ensurepip, so a bare environment, and pip from elsewhere
        bare = run([sys.executable, "-m", "venv", "--system-site-packages", "--without-pip", "--clear", venv])
        if bare.returncode != 0:
            raise RuntimeError(f"Python could not make a virtual environment: {last_line(bare)}")
        add_pip(python)
    if not has_pip(python):
        raise RuntimeError("the virtual environment has no pip")
    return python


def add_pip(python: Path) -> None:
    """Put pip into the bare environment of ``python``: the system's pip installs
    itself there, or pip's wheel from the Python Package Index does."""
    if not os.environ.get("A11Y_DOMINION_NO_SYSTEM_PIP") and has_pip(Path(sys.executable)):
        got = run([sys.executable, "-m", "pip", "--python", python, "install", "--quiet", "pip"])
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
    for folder in ("a11y_dominion", "announcements"):
        for path in sorted((ROOT / folder).rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                st = path.stat()
                h.update(f"{path.relative_to(ROOT)}:{st.st_size}:{st.st_mtime_ns}".encode())
    h.update((ROOT / "pyproject.toml").read_bytes())
    return h.hexdigest()


def install(python: Path, test: bool) -> None:
    """The project into the environment of ``python``: editable with the test tools for
    ``test``, else as a package; skipped when nothing changed since the last time."""
    extras = ".[test]" if test else "."
    stamp_file = Path(python).parent.parent / f".{NAME}-{'test' if test else 'play'}.stamp"
    # an editable install follows the files by itself: only pyproject.toml matters then
    stamp = hashlib.sha256((ROOT / "pyproject.toml").read_bytes() + str(ROOT).encode()).hexdigest()
    if not test:
        stamp = stamp_of(str(ROOT))
    if stamp_file.exists() and stamp_file.read_text() == stamp:
        return
    say("installing the game and what it needs (a minute the first time).")
    args = [python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    args += ["-e", extras] if test else [extras]
    got = subprocess.run([str(a) for a in args], cwd=str(ROOT), stderr=subprocess.PIPE, text=True)
    if got.returncode != 0:
        sys.stderr.write(got.stderr)
        raise RuntimeError(f"pip could not install the game: {last_line(got)}")
    stamp_file.write_text(stamp)


def game_command(python: Path) -> Path:
    """The installed ``a11y-dominion`` command next to ``python``."""
    return python.parent / (NAME + ".exe" if sys.platform == "win32" else NAME)


def target_python() -> Path:
    """The Python to install into: the active virtual environment, else the game's own."""
    if in_virtualenv():
        return Path(sys.executable)
    return make_venv(venv_dir())


def main(argv: list) -> int:
    mode = argv[0] if argv and argv[0] in ("--play", "--test", "--test-python") else None
    rest = argv[1:] if mode else argv
    if not mode and rest:
        if rest[0] in ("-h", "--help"):
            print(__doc__.strip())
            return 0
        say(f"{rest[0][:40]} is not an option here; use --play or --test (see python3 install.py --help).")
        return 2
    try:
        python = target_python()
        install(python, test=mode in ("--test", "--test-python"))
    except RuntimeError as e:
        say(f"{e}.")
        return 1
    if mode == "--test":
        # the environment's commands (a11y-dominion itself) come first on the path, as after activating it
        env = dict(os.environ, PATH=os.pathsep.join([str(python.parent), os.environ.get("PATH", "")]))
        if not in_virtualenv():
            env["VIRTUAL_ENV"] = str(python.parent.parent)
        # "--test -m pytest ARGS" names the command (the README's form); "--test ARGS" means the same
        command = [str(python), *rest] if rest[:1] == ["-m"] else [str(python), "-m", "pytest", *rest]
        return subprocess.run(command, cwd=str(ROOT), env=env).returncode
    if mode == "--test-python":
        print(python)
        return 0
    command = [str(game_command(python)), *rest]
    if mode == "--play":
        if sys.platform == "win32":
            return subprocess.run(command).returncode
        os.execv(command[0], command)
    say(f"installed. Start a game with: python3 {ROOT / 'install.py'} --play, or {game_command(python)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
