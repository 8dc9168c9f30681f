"""Build a11y-dominion: the pure package pyproject.toml describes, or with ``A11Y_DOMINION_COMPILE=1``
the same package with the modules of ``a11y_dominion/compiledgroup.py`` compiled by mypyc as one
group (``docs/compiled.md``).

pip runs this file through setuptools' build backend (``python3 install.py --compiled`` sets the
variable). By hand it builds the group in place, from the project folder, with a Python that has
mypy (the test tools' Python): ``A11Y_DOMINION_COMPILE=1 python setup.py build_ext --inplace``;
``tools/clean-compiled`` takes it away again.

The compiled build needs mypy (its mypyc, the version the test tools check the types with) while it
builds only: pip installs it into the build's own environment (``setup_requires``), not beside the
game. Beside the extension modules the build writes the record of what it compiled
(:func:`a11y_dominion.compiledgroup.record_of`), which the game checks at start.

A missing or failing C compiler does not fail the installation: the build says so in one sentence
(:func:`pure_note`) on standard error and into the file ``A11Y_DOMINION_BUILD_NOTE`` names, when it
names one (install.py reads it there: pip keeps a build's output to itself), removes what it built of
the group, and the package is installed pure, which plays the same game.
"""

from __future__ import annotations

import importlib.util
import os
import re
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.errors import CCompilerError, ExecError, PlatformError

ROOT = Path(__file__).resolve().parent
COMPILE_VARIABLE = "A11Y_DOMINION_COMPILE"
NOTE_VARIABLE = "A11Y_DOMINION_BUILD_NOTE"
COMPILER_ERRORS = (CCompilerError, ExecError, PlatformError)
"""What a missing or failing C compiler raises: on Windows without Microsoft's C++ Build Tools
``PlatformError`` ("Microsoft Visual C++ 14.0 or greater is required"), elsewhere ``CompileError``
or ``LinkError`` (both ``CCompilerError``: "command 'gcc' failed: No such file or directory")."""

SYSTEM_NAMES = {"win32": "Windows", "darwin": "macOS"}


def load_group(folder: Path = ROOT) -> ModuleType:
    """``a11y_dominion/compiledgroup.py`` of the project in ``folder``, loaded from its file (the
    game is not installed while it builds)."""
    spec = importlib.util.spec_from_file_location(
        "a11y_dominion_compiledgroup", folder / "a11y_dominion" / "compiledgroup.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def mypy_requirement(pyproject: str) -> str:
    """The test tools' mypy requirement in the text of pyproject.toml (``mypy>=2.4,<2.5``): the
    compiled build uses the mypyc of the mypy that checks the group's types."""
    found = re.search(r'"(mypy\s*[<>=!~][^"]*)"', pyproject)
    if found is None:
        raise ValueError("pyproject.toml names no mypy among the test tools")
    return found.group(1)


def plain(text: str, most: int = 160) -> str:
    """``text`` as one short line for a sentence: its first line that is not blank, without control
    characters, cut to ``most`` characters."""
    line = next((x for x in str(text).splitlines() if x.strip()), "")
    line = "".join(c for c in line if c.isprintable()).strip()
    return line if len(line) <= most else line[: most - 3] + "..."


def pure_note(error: BaseException, platform: str = sys.platform) -> str:
    """The one sentence saying that the C compiler could not build the group (``error``, what it
    raised), on ``platform`` (a ``sys.platform`` value), and that the game is installed in pure
    Python."""
    system = SYSTEM_NAMES.get(platform, "Linux" if platform.startswith("linux") else "your system")
    reason = plain(str(error)) or type(error).__name__
    return (
        f"no C compiler could build the compiled modules ({reason}), so the game is installed in pure Python, "
        f"which is slower only for simulations; docs/compiled.md says how to add a compiler on {system}."
    )


def package_folder_of(extension_path: str, module: str) -> Path:
    """The package's folder, from the path ``extension_path`` of the extension module of ``module``
    (a dotted name in the package)."""
    folder = Path(extension_path)
    for _ in module.split("."):
        folder = folder.parent
    return folder / module.split(".")[0]


def group_build_ext(
    base: type[build_ext],
    group: ModuleType,
    platform: str = sys.platform,
    extensions: Callable[[], list[Extension]] | None = None,
) -> type[build_ext]:
    """The ``build_ext`` command of the compiled build, made from ``base``: it takes its extension
    modules from ``extensions`` when given (mypyc's, made only when the command runs, not when pip
    asks for the package's metadata), builds them, and then writes the record of ``group`` (the
    module :func:`load_group` gives) beside them. Where the C compiler is missing or fails
    (:data:`COMPILER_ERRORS`), it says so (:func:`pure_note` for ``platform``), removes what it
    built of the group and its record, and the package is built pure."""

    class GroupBuildExt(base):
        def finalize_options(self) -> None:
            if extensions is not None:
                self.distribution.ext_modules = extensions()
            super().finalize_options()

        def run(self) -> None:
            inplace = self.inplace
            try:
                super().run()
            except COMPILER_ERRORS as error:
                self.fall_back(error, inplace)
                return
            self.write_record()

        def package_folder(self) -> Path:
            """The package's folder where the command builds now (in place, or its build folder)."""
            first = group.GROUP[0]
            return package_folder_of(self.get_ext_fullpath(first), first)

        def write_record(self) -> None:
            package = self.package_folder()
            sources = str(ROOT / "a11y_dominion")
            extensions = {
                name: os.path.relpath(self.get_ext_fullpath(group.extension_name(sources, name)), package)
                for name in group.GROUP
            }
            group.write_record(str(package), group.record_of(sources, extensions))

        def fall_back(self, error: BaseException, inplace: bool) -> None:
            note = pure_note(error, platform)
            print(f"a11y-dominion: {note}", file=sys.stderr, flush=True)
            if os.environ.get(NOTE_VARIABLE):
                Path(os.environ[NOTE_VARIABLE]).write_text(note + "\n", encoding="utf-8")
            for where in {inplace, False}:  # the build folder, and the project's own when built in place
                self.inplace = where
                paths = [self.get_ext_fullpath(ext.name) for ext in self.extensions]
                for path in [*paths, str(self.package_folder() / group.RECORD)]:
                    if os.path.isfile(path):
                        os.remove(path)
            self.inplace = inplace

    return GroupBuildExt


def compiled_setup(group: ModuleType) -> dict[str, object]:
    """The arguments to ``setup`` of the compiled build of ``group`` (the module :func:`load_group`
    gives): the group's extension modules, made by mypyc when :func:`group_build_ext` runs (an
    extension module stands for them until then, so that the package is built for this platform);
    or, where mypy is not installed yet (pip first asks what the build needs, installs it into the
    build's environment and runs this again), mypy as what the build needs."""
    if importlib.util.find_spec("mypyc") is None:
        return {"setup_requires": [mypy_requirement((ROOT / "pyproject.toml").read_text(encoding="utf-8"))]}

    def extensions() -> list[Extension]:
        from mypyc.build import mypycify

        sources = [os.path.relpath(group.source_path(str(ROOT / "a11y_dominion"), name)) for name in group.GROUP]
        made: list[Extension] = mypycify(sources, group_name=group.GROUP_NAME)
        return made

    command = group_build_ext(build_ext, group, extensions=extensions)
    return {"ext_modules": [Extension(group.LIBRARY, sources=[])], "cmdclass": {"build_ext": command}}


if __name__ == "__main__":
    setup(**(compiled_setup(load_group()) if os.environ.get(COMPILE_VARIABLE) == "1" else {}))
