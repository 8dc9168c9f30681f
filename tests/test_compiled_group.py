"""The compiled build (``docs/compiled.md``), tested in pure Python: the check that keeps a stale
compiled group from being used, the log line that says so, setup.py's fallback to the pure package
when the C compiler is missing or fails, install.py's ``--compiled`` and ``tools/clean-compiled``.

The check is tested on a small package of its own in a temporary folder, whose "extension
modules" are files that no Python could load: a module imported from its ``.py`` file shows the
check at work. setup.py and the tool are loaded from their files, as install.py is in
tests/test_install_platforms.py.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import json
import logging
import os
import sys
import time
import types
from pathlib import Path

import pytest
from setuptools import Distribution, Extension
from setuptools.command.build_ext import build_ext
from setuptools.errors import CCompilerError, PlatformError

import a11y_dominion
from a11y_dominion import compiledgroup
from a11y_dominion.librarylog import keep_library_messages_off_screen

ROOT = Path(__file__).resolve().parent.parent


def load(name: str, path: Path) -> types.ModuleType:
    """The Python file at ``path`` (with or without ``.py``) as a module named ``name``, not run as a program."""
    loader = importlib.machinery.SourceFileLoader(name, str(path))
    spec = importlib.util.spec_from_loader(name, loader)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


setup_py = load("a11y_dominion_setup", ROOT / "setup.py")
install = load("a11y_dominion_install_compiled", ROOT / "install.py")
clean_tool = load("a11y_dominion_clean_compiled", ROOT / "tools" / "clean-compiled")

GROUP = ("fakegroup.core", "fakegroup.sub.more")
SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]


def fake_build(tmp_path: Path) -> Path:
    """A package ``fakegroup`` in ``tmp_path`` as a compiled build leaves it: each module of
    :data:`GROUP` with its source and an "extension module" beside it (bytes no Python loads), and
    its record; returns the package's folder."""
    package = tmp_path / "fakegroup"
    (package / "sub").mkdir(parents=True)
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "sub" / "__init__.py").write_text("", encoding="utf-8")
    (package / "core.py").write_text("WHERE = 'core.py'\n", encoding="utf-8")
    (package / "sub" / "more.py").write_text("WHERE = 'more.py'\n", encoding="utf-8")
    extensions = {"fakegroup.core": "core" + SUFFIX, "fakegroup.sub.more": os.path.join("sub", "more" + SUFFIX)}
    for relative in extensions.values():
        (package / relative).write_bytes(b"not an extension module")
    record = {
        "library": compiledgroup.LIBRARY,
        "modules": {
            name: {"sha256": compiledgroup.sha256_of(compiledgroup.source_path(str(package), name)), "extension": ext}
            for name, ext in extensions.items()
        },
    }
    compiledgroup.write_record(str(package), record)
    return package


def read_record(package: Path) -> dict:
    return json.loads((package / compiledgroup.RECORD).read_text(encoding="utf-8"))


def found_library(name: str) -> bool:
    return name == compiledgroup.LIBRARY


@pytest.fixture
def fresh_imports(monkeypatch: pytest.MonkeyPatch, tmp_path: Path):
    """``sys.meta_path`` and the modules of ``fakegroup`` as they were, after the test; ``tmp_path``
    on the path, and no note kept from another test."""
    monkeypatch.setattr(sys, "meta_path", list(sys.meta_path))
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(compiledgroup, "_note", None)
    yield
    for name in [n for n in sys.modules if n == "fakegroup" or n.startswith("fakegroup.")]:
        del sys.modules[name]


# The check.


def test_a_whole_and_current_build_is_used(tmp_path):
    package = fake_build(tmp_path)
    assert compiledgroup.stale_reason(str(package), read_record(package), GROUP, found_library) is None


def test_a_source_edited_after_the_build_makes_it_stale(tmp_path):
    package = fake_build(tmp_path)
    with open(package / "sub" / "more.py", "a", encoding="utf-8") as f:
        f.write("# one line more\n")
    reason = compiledgroup.stale_reason(str(package), read_record(package), GROUP, found_library)
    assert reason == f"{os.path.join('fakegroup', 'sub', 'more.py')} changed since it was compiled"


def test_a_source_removed_makes_it_stale(tmp_path):
    package = fake_build(tmp_path)
    (package / "core.py").unlink()
    reason = compiledgroup.stale_reason(str(package), read_record(package), GROUP, found_library)
    assert reason == f"{os.path.join('fakegroup', 'core.py')} changed since it was compiled"


def test_a_missing_extension_module_makes_it_stale(tmp_path):
    package = fake_build(tmp_path)
    (package / ("core" + SUFFIX)).unlink()
    reason = compiledgroup.stale_reason(str(package), read_record(package), GROUP, found_library)
    assert reason == "the compiled module of fakegroup.core is missing"


def test_a_shared_library_off_the_path_makes_it_stale(tmp_path):
    package = fake_build(tmp_path)
    reason = compiledgroup.stale_reason(str(package), read_record(package), GROUP, lambda name: False)
    assert reason == "the group's shared library a11y_dominion__mypyc is not on Python's path"


def test_a_build_of_another_group_is_stale(tmp_path):
    package = fake_build(tmp_path)
    reason = compiledgroup.stale_reason(str(package), read_record(package), (*GROUP, "fakegroup.new"), found_library)
    assert reason == "the modules compiled are not the group this version compiles"


@pytest.mark.parametrize("record", [None, [], {"modules": "x"}, {"modules": {"fakegroup.core": 3}}, {}])
def test_a_record_that_cannot_be_read_is_stale(tmp_path, record):
    package = fake_build(tmp_path)
    reason = compiledgroup.stale_reason(str(package), record, GROUP, found_library)
    assert reason == "its record _compiled.json cannot be read"


def test_a_stale_group_is_loaded_from_its_py_files(tmp_path, fresh_imports):
    package = fake_build(tmp_path)
    (package / "core.py").write_text("WHERE = 'core.py, edited'\n", encoding="utf-8")
    note = compiledgroup.keep_group_whole(str(package), GROUP, found_library)
    assert note == (
        f"The compiled modules are not used, as {os.path.join('fakegroup', 'core.py')} changed since it was "
        "compiled: the game runs in pure Python."
    )
    assert isinstance(sys.meta_path[0], compiledgroup.PureGroupFinder)
    import fakegroup.core
    import fakegroup.sub.more

    # (the "extension modules" beside them would fail to load: these came from the .py files)
    assert fakegroup.core.WHERE == "core.py, edited"
    assert fakegroup.sub.more.WHERE == "more.py"
    assert fakegroup.core.__file__ == str(package / "core.py")
    assert compiledgroup.keep_group_whole(str(package), GROUP, found_library) == note
    assert sum(isinstance(f, compiledgroup.PureGroupFinder) for f in sys.meta_path) == 1


@pytest.mark.parametrize("text", ["not json", "[" * 100_000, "\xff"])
def test_a_record_that_is_no_json_makes_it_stale(tmp_path, fresh_imports, text):
    package = fake_build(tmp_path)
    (package / compiledgroup.RECORD).write_bytes(text.encode("latin-1"))
    assert compiledgroup.keep_group_whole(str(package), GROUP, found_library) == (
        "The compiled modules are not used, as its record _compiled.json cannot be read: the game runs in pure Python."
    )


def test_a_package_of_the_group_is_checked_and_loaded_by_its_init_py(tmp_path, fresh_imports):
    """A package in the group (``rules.cards`` is one) is compiled from its ``__init__.py``; mypyc
    names its extension module ``__init__``, beside that file; a stale group loads the package
    from its ``__init__.py``, and its modules from theirs."""
    package = fake_build(tmp_path)
    (package / "sub" / "__init__.py").write_text("WHERE = 'sub/__init__.py'\n", encoding="utf-8")
    (package / "sub" / ("__init__" + SUFFIX)).write_bytes(b"not an extension module")
    group = (*GROUP, "fakegroup.sub")
    assert compiledgroup.source_path(str(package), "fakegroup.sub") == str(package / "sub" / "__init__.py")
    assert compiledgroup.extension_name(str(package), "fakegroup.sub") == "fakegroup.sub.__init__"
    assert compiledgroup.extension_name(str(package), "fakegroup.sub.more") == "fakegroup.sub.more"
    record = read_record(package)
    record["modules"]["fakegroup.sub"] = {
        "sha256": compiledgroup.sha256_of(str(package / "sub" / "__init__.py")),
        "extension": os.path.join("sub", "__init__" + SUFFIX),
    }
    compiledgroup.write_record(str(package), record)
    assert compiledgroup.stale_reason(str(package), record, group, found_library) is None
    with open(package / "sub" / "__init__.py", "a", encoding="utf-8") as f:
        f.write("# one line more\n")
    note = compiledgroup.keep_group_whole(str(package), group, found_library)
    assert note == (
        f"The compiled modules are not used, as {os.path.join('fakegroup', 'sub', '__init__.py')} changed since "
        "it was compiled: the game runs in pure Python."
    )
    import fakegroup.sub.more

    assert fakegroup.sub.WHERE == "sub/__init__.py"
    assert fakegroup.sub.__file__ == str(package / "sub" / "__init__.py")
    assert fakegroup.sub.more.WHERE == "more.py"


def test_the_finder_leaves_other_modules_to_the_finders_after_it(tmp_path):
    finder = compiledgroup.PureGroupFinder(str(fake_build(tmp_path)), GROUP)
    assert finder.find_spec("fakegroup") is None
    assert finder.find_spec("json") is None
    spec = finder.find_spec("fakegroup.sub.more")
    assert spec is not None and spec.origin == str(tmp_path / "fakegroup" / "sub" / "more.py")


def test_a_current_build_and_a_pure_installation_are_left_alone(tmp_path, fresh_imports):
    package = fake_build(tmp_path)
    before = list(sys.meta_path)
    assert compiledgroup.keep_group_whole(str(package), GROUP, found_library) is None
    (package / compiledgroup.RECORD).unlink()
    assert compiledgroup.keep_group_whole(str(package), GROUP, lambda name: False) is None
    assert sys.meta_path == before
    assert compiledgroup.take_note() is None


def test_the_package_looks_for_the_record_by_its_name():
    """``a11y_dominion/__init__.py`` looks for the record before it imports the check (a pure
    installation then imports nothing more): by the same name."""
    source = (ROOT / "a11y_dominion" / "__init__.py").read_text(encoding="utf-8")
    assert f'"{compiledgroup.RECORD}"' in source
    assert a11y_dominion.__file__ is not None


def test_the_stale_build_is_said_once_in_the_games_log_and_not_on_screen(tmp_path, fresh_imports, capsys):
    package = fake_build(tmp_path)
    (package / "core.py").write_text("WHERE = 1\n", encoding="utf-8")
    note = compiledgroup.keep_group_whole(str(package), GROUP, found_library)
    log = tmp_path / "data" / "library.log"
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    try:
        assert keep_library_messages_off_screen(log) == log
        assert keep_library_messages_off_screen(log) == log  # (called again: not said again)
    finally:
        for handler in [h for h in root.handlers if h not in handlers]:
            root.removeHandler(handler)
            handler.close()
        root.setLevel(level)
        logging.captureWarnings(False)
    lines = log.read_text(encoding="utf-8").splitlines()
    assert [line.split(" ", 2)[2] for line in lines] == [f"a11y_dominion.compiled WARNING: {note}"]
    assert capsys.readouterr() == ("", "")


def test_the_group_is_the_one_the_benchmark_names():
    """benchmarks/mirror_ratio.py reads the group from here, and CI checks its first line names
    each module (``.ci/run``): the names are the package's modules, each with its ``.py`` file."""
    assert len(set(compiledgroup.GROUP)) == len(compiledgroup.GROUP)
    for name in compiledgroup.GROUP:
        assert name.startswith("a11y_dominion.")
        assert Path(compiledgroup.source_path(compiledgroup.PACKAGE_FOLDER, name)).is_file()


def test_the_tests_marked_pure_python_are_skipped_where_the_rules_run_compiled():
    from conftest import pure_python_skip_reason

    assert pure_python_skip_reason(True, {"pure_python", "e2e"}) == (
        "looks into the pure-Python game (its fields, a class derived from Game, a method replaced), "
        "which a compiled game does not allow"
    )
    assert pure_python_skip_reason(False, {"pure_python"}) is None
    assert pure_python_skip_reason(True, {"e2e"}) is None


# setup.py: the pure package where the C compiler is missing or fails.


@pytest.mark.parametrize(
    "platform, error, sentence",
    [
        (
            "win32",
            PlatformError(
                'Microsoft Visual C++ 14.0 or greater is required. Get it with "Microsoft C++ Build Tools": '
                "https://visualstudio.microsoft.com/visual-cpp-build-tools/"
            ),
            "no C compiler could build the compiled modules (Microsoft Visual C++ 14.0 or greater is required. "
            'Get it with "Microsoft C++ Build Tools": https://visualstudio.microsoft.com/visual-cpp-build-tools/), '
            "so the game is installed in pure Python, which is slower only for simulations; docs/compiled.md says "
            "how to add a compiler on Windows.",
        ),
        (
            "darwin",
            CCompilerError("command 'clang' failed: No such file or directory"),
            "no C compiler could build the compiled modules (command 'clang' failed: No such file or directory), "
            "so the game is installed in pure Python, which is slower only for simulations; docs/compiled.md says "
            "how to add a compiler on macOS.",
        ),
        (
            "linux",
            CCompilerError("command '/usr/bin/gcc' failed with exit code 1\n\x1b[31mmore\x1b[0m"),
            "no C compiler could build the compiled modules (command '/usr/bin/gcc' failed with exit code 1), "
            "so the game is installed in pure Python, which is slower only for simulations; docs/compiled.md says "
            "how to add a compiler on Linux.",
        ),
        (
            "freebsd14",
            CCompilerError("\x1b]0;title\x07cc:\tbroken" + "x" * 300),
            "no C compiler could build the compiled modules (]0;titlecc:broken" + "x" * 140 + "...), "
            "so the game is installed in pure Python, which is slower only for simulations; docs/compiled.md says "
            "how to add a compiler on your system.",
        ),
    ],
)
def test_the_fallback_sentence_on_each_platform(platform, error, sentence):
    assert setup_py.pure_note(error, platform) == sentence
    assert all(c.isprintable() for c in sentence)


FAKE_GROUP = types.SimpleNamespace(GROUP=("a11y_dominion.rules.game",), RECORD="_compiled.json")


def build_command(tmp_path: Path, base: type, platform: str, inplace: bool) -> build_ext:
    """setup.py's build_ext of the compiled build, made from ``base``, for a distribution of an
    extension module of the group and the shared library, built into ``tmp_path``."""
    (tmp_path / "shim.c").write_text("int a11y_dominion_probe;\n", encoding="utf-8")
    dist = Distribution(
        {
            "name": "a11y-dominion",
            "packages": ["a11y_dominion", "a11y_dominion.rules"],
            "ext_modules": [
                Extension(compiledgroup.LIBRARY, ["shim.c"]),
                Extension("a11y_dominion.rules.game", ["shim.c"]),
            ],
        }
    )
    command = setup_py.group_build_ext(base, FAKE_GROUP, platform)(dist)
    command.build_lib = str(tmp_path / "build" / "lib")
    command.build_temp = str(tmp_path / "build" / "temp")
    command.inplace = inplace
    command.ensure_finalized()
    return command


def left_over(tmp_path: Path, folders: tuple[str, ...] = (".", "build/lib")) -> list[Path]:
    """What a build left in ``tmp_path``: the extension modules built and the record, in the
    ``folders`` of it (in place, and in the build folder)."""
    files = []
    for folder in [tmp_path / f for f in folders]:
        files += [folder / ("a11y_dominion__mypyc" + SUFFIX), folder / "a11y_dominion" / "rules" / ("game" + SUFFIX)]
        files += [folder / "a11y_dominion" / "_compiled.json"]
    return [f for f in files if f.exists()]


def old_build(tmp_path: Path) -> None:
    """What an earlier compiled build left, in place and in the build folder, a day ago."""
    a_day_ago = time.time() - 86400
    for folder in (tmp_path, tmp_path / "build" / "lib"):
        (folder / "a11y_dominion" / "rules").mkdir(parents=True, exist_ok=True)
        made = [folder / ("a11y_dominion__mypyc" + SUFFIX), folder / "a11y_dominion" / "rules" / ("game" + SUFFIX)]
        made.append(folder / "a11y_dominion" / "_compiled.json")
        for path in made:
            path.write_bytes(b"old")
            os.utime(path, (a_day_ago, a_day_ago))


class FailingCompiler(build_ext):
    """A build_ext whose C compiler fails, as on a machine with none."""

    def run(self) -> None:
        raise CCompilerError("command 'cc' failed: No such file or directory")


@pytest.mark.parametrize("inplace", [False, True])
@pytest.mark.parametrize("platform, system", [("win32", "Windows"), ("darwin", "macOS"), ("linux", "Linux")])
def test_a_failing_compiler_leaves_the_pure_package_and_one_sentence(
    tmp_path, monkeypatch, capsys, platform, system, inplace
):
    monkeypatch.chdir(tmp_path)
    note = tmp_path / "note.txt"
    monkeypatch.setenv(setup_py.NOTE_VARIABLE, str(note))
    old_build(tmp_path)
    build_command(tmp_path, FailingCompiler, platform, inplace).run()
    sentence = (
        "no C compiler could build the compiled modules (command 'cc' failed: No such file or directory), "
        f"so the game is installed in pure Python, which is slower only for simulations; docs/compiled.md says "
        f"how to add a compiler on {system}."
    )
    assert note.read_text(encoding="utf-8") == sentence + "\n"
    assert capsys.readouterr() == ("", f"a11y-dominion: {sentence}\n")
    assert left_over(tmp_path, ("build/lib",)) == []
    # built in place, an earlier build in place goes too; built for a wheel, the project's own are left
    assert len(left_over(tmp_path, (".",))) == (0 if inplace else 3)


class MadeByTheCompiler(build_ext):
    """A build_ext whose compiler works: it writes each extension module where it belongs."""

    def run(self) -> None:
        for ext in self.extensions:
            path = Path(self.get_ext_fullpath(ext.name))
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(b"built")


def test_a_working_compiler_leaves_the_record_of_the_group(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    group = setup_py.load_group()
    sources = str(ROOT / "a11y_dominion")
    names = [group.extension_name(sources, n) for n in group.GROUP]  # (mypyc's, "rules.cards.__init__" for a package)
    dist = Distribution({"name": "a11y-dominion", "ext_modules": [Extension(n, ["x.c"]) for n in names]})
    command = setup_py.group_build_ext(MadeByTheCompiler, group, "linux")(dist)
    command.build_lib = str(tmp_path / "lib")
    command.ensure_finalized()
    command.run()
    record = read_record(tmp_path / "lib" / "a11y_dominion")
    assert record["library"] == "a11y_dominion__mypyc"
    assert list(record["modules"]) == sorted(group.GROUP)
    for name in group.GROUP:
        entry = record["modules"][name]
        assert entry["extension"] == os.path.join(*compiledgroup.extension_name(sources, name).split(".")[1:]) + SUFFIX
        assert entry["sha256"] == compiledgroup.sha256_of(compiledgroup.source_path(sources, name))
    assert record["modules"]["a11y_dominion.rules.cards"]["extension"] == os.path.join(
        "rules", "cards", "__init__" + SUFFIX
    )


@pytest.mark.e2e  # the C compiler, in another process
@pytest.mark.skipif(sys.platform == "win32", reason="names the C compiler by CC, which Windows' compiler does not read")
def test_a_missing_c_compiler_leaves_the_pure_package(tmp_path, monkeypatch, capsys):
    """A real build_ext, whose C compiler is not there."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("CC", str(tmp_path / "no-compiler"))
    monkeypatch.setenv(setup_py.NOTE_VARIABLE, str(tmp_path / "note.txt"))
    old_build(tmp_path)
    build_command(tmp_path, build_ext, "linux", inplace=True).run()
    said = (tmp_path / "note.txt").read_text(encoding="utf-8")
    assert said.startswith(f"no C compiler could build the compiled modules (command '{tmp_path / 'no-compiler'}'")
    assert said.endswith(
        "), so the game is installed in pure Python, which is slower only for simulations; "
        "docs/compiled.md says how to add a compiler on Linux.\n"
    )
    assert capsys.readouterr().err.endswith(f"a11y-dominion: {said}")
    assert left_over(tmp_path) == []


def test_the_compiled_build_needs_the_mypy_the_types_are_checked_with():
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    requirement = setup_py.mypy_requirement(text)
    assert requirement.startswith("mypy>=")
    assert f'"{requirement}",' in text.split("test = [", 1)[1].split("]", 1)[0]
    assert "mypy" not in text.split("dependencies = [", 1)[1].split("]", 1)[0]


# install.py --compiled.


def test_install_py_compiled_keeps_what_serves_and_tries_again_after_a_fallback():
    kept = install.kept_installation
    assert kept("compiled", "s1", "s1 compiled")
    assert not kept("compiled", "s1", "s1")  # (the last build fell back to the pure package)
    assert not kept("compiled", "s2", "s1 compiled")
    assert not kept("compiled", "s1", None)
    assert kept("play", "s1", "s1")
    assert kept("play", "s1", "s1 compiled")  # (plays the same game)
    assert not kept("play", "s2", "s1 compiled")
    assert kept("test", "t1", "t1")
    assert not kept("test", "t1", "t1 compiled")


def test_install_py_compiled_asks_for_the_build_and_its_sentence():
    env = install.compiled_environment({"PATH": "/usr/bin"}, Path("/v/.a11y-dominion-build-note.txt"))
    assert env == {
        "PATH": "/usr/bin",
        "A11Y_DOMINION_COMPILE": "1",
        "A11Y_DOMINION_BUILD_NOTE": str(Path("/v/.a11y-dominion-build-note.txt")),
    }
    assert (setup_py.COMPILE_VARIABLE, setup_py.NOTE_VARIABLE) == ("A11Y_DOMINION_COMPILE", "A11Y_DOMINION_BUILD_NOTE")


def test_install_py_compiled_takes_no_options(capsys):
    assert install.main(["--compiled", "--play"]) == 2
    assert capsys.readouterr() == (
        "",
        "a11y-dominion: --compiled takes no options, and --play is one; install with --compiled, then start "
        f"a game with --play (see {install.launcher(sys.platform)} install.py --help).\n",
    )
    assert install.help_text("linux").splitlines()[6] == (
        "    python3 install.py --compiled              install with the rules compiled, for faster simulations"
    )


# tools/clean-compiled.


def test_clean_compiled_removes_what_a_build_left_and_nothing_else(tmp_path):
    old_build(tmp_path)
    (tmp_path / "a11y_dominion" / "view.pyd").write_bytes(b"old")
    (tmp_path / "build" / "temp").mkdir()
    kept = [tmp_path / "a11y_dominion" / "rules" / "game.py", tmp_path / "setup.py", tmp_path / "notes.json"]
    for path in kept:
        path.write_text("kept\n", encoding="utf-8")
    assert clean_tool.clean(tmp_path) == "Removed 4 files and build/: the game runs in pure Python."
    assert sorted(p for p in tmp_path.rglob("*") if p.is_file()) == sorted(kept)
    assert clean_tool.clean(tmp_path) == "Nothing compiled was here: the game runs in pure Python."
