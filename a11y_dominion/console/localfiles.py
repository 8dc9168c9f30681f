"""Files written on this computer from a game: ``export FILE`` (:func:`write_export`) and
``save FILE`` at ``play`` (:func:`write_file`), readable by their owner only, a file that exists
replaced only after yes, each outcome said in one sentence."""

from __future__ import annotations

import os
from collections.abc import Awaitable, Callable

from ..files import FileError, shown_name, write_atomic, write_target
from ..i18n import N_, Language


async def write_export(
    path: str,
    lines: list[str],
    over: bool,
    lang: Language,
    say: Callable[[str], None],
    error: Callable[[str], None],
    ask: Callable[[str], Awaitable[str]],
) -> None:
    """``export FILE``: write ``lines`` (the game as export writes it) to ``path`` on this computer
    (:func:`write_file`), the sentence saying whether it is the whole game (``over``: after the
    final scores) or the game so far."""
    if over:
        done = N_("The game is written to {file}.")
        linked = N_("The game is written to {target}, the file {file} links to.")
    else:
        done = N_("The game so far is written to {file}.")
        linked = N_("The game so far is written to {target}, the file {file} links to.")
    refused, failed = N_("Cannot write {file}: {error}"), N_("Cannot write {file}: {error}.")
    kept = N_("Not exported. The file is as it was.")
    await write_file(path, "\n".join(lines) + "\n", lang, say, error, ask, refused, failed, kept, done, linked)


async def write_file(
    path: str,
    text: str,
    lang: Language,
    say: Callable[[str], None],
    error: Callable[[str], None],
    ask: Callable[[str], Awaitable[str]],
    refused: str,
    failed: str,
    kept: str,
    done: str,
    done_linked: str,
) -> None:
    """Write ``text`` to ``path`` (made absolute) on this computer, readable by its owner only:
    anything but a regular file refused before asking (``refused``), a file replaced only
    after ``ask(question)`` replies ``"yes"`` (else ``kept``), a failed write said (``failed``),
    and the file written named (``done``; ``done_linked`` for a symbolic link's file), each in
    one sentence of ``lang`` (English templates with ``{file}``, ``{error}`` and ``{target}``),
    through ``say``, or ``error`` for a refusal or a failure."""
    path = os.path.abspath(path)
    try:
        full, linked = write_target(path)
    except FileError as e:
        error(lang.text(refused, file=shown_name(path), error=lang.msg(e.args[0])))
        return
    if os.path.exists(full):
        question = lang.text(N_("{file} already exists. Replace it? Type yes to replace it: "), file=shown_name(path))
        reply = await ask(question)
        if reply != "yes":
            if reply != "gone":  # (not when a command typed there stopped the game)
                say(lang._(kept))
            return
    try:
        write_atomic(full, text, mode=0o600)
    except OSError as e:
        error(lang.text(failed, file=shown_name(path), error=e.strerror or e))
        return
    if linked is not None:
        say(lang.text(done_linked, target=linked, file=shown_name(path)))
        return
    say(lang.text(done, file=shown_name(path)))
