"""Games of bots played whole, and the same games cut after a number of answers and resumed.

On the console's path (``a11y-dominion resume``: a game of bots only watched on the console
core, :func:`~a11y_dominion.console.playend.play_on_core`, with the resumed autosave) and on
the path of ``host --resume`` (the functions of the ``host`` command:
:func:`~a11y_dominion.cli._hosted_game`, a :class:`~a11y_dominion.remote.GameHost` and
:func:`~a11y_dominion.cli._host_autosave`; the remote seat's player stays away from the start
and the bot that stands in for a person plays it, as ``--bot-after 0`` has it). A cut keeps
the autosave file's header and its first answers, as a game killed at that moment leaves it.
"""

from __future__ import annotations

import asyncio
import io
import json
import os
from pathlib import Path

from a11y_dominion import autosave
from a11y_dominion.cli import _host_autosave, _hosted_game, build_parser
from a11y_dominion.console.display import PlainReader
from a11y_dominion.console.playend import play_on_core
from a11y_dominion.console.start import play_setup
from a11y_dominion.i18n import Language
from a11y_dominion.kingdoms import choose_setup
from a11y_dominion.remote import GameHost
from a11y_dominion.rules.game import Game, GameConfig
from a11y_dominion.seats import bot_options, parse_seats


def use_data(data: Path) -> None:
    """The game's data folder (its autosaves) is ``data`` from now on."""
    os.environ["A11Y_DOMINION_DATA"] = str(data)


def the_file(data: Path) -> Path:
    (path,) = sorted((data / "games").glob("*.jsonl"))
    return path


def answers_of(path: Path) -> list:
    """(player, answer) of every answer line of the autosave file at ``path``."""
    out = []
    for line in path.read_text(encoding="utf-8").splitlines()[1:]:
        item = json.loads(line)
        if "a" in item:
            out.append((item["p"], item["a"]))
    return out


def final_record(path: Path) -> dict:
    """The whole record of the finished game in the autosave file at ``path``, and its result."""
    saved = autosave.read_saved(path)
    assert saved.finished, f"the game in {path.name} did not end"
    return {"record": saved.full_record(), "result": saved.result}


def console_game(data: Path, players: str, seed: int, more: tuple = ()) -> Path:
    """A console game of bots only (``play --players``), played whole; its autosave file."""
    use_data(data)
    args = build_parser().parse_args(["play", "--seed", str(seed), "--speech", "off", "--players", players, *more])
    _play(args)
    return the_file(data)


def _play(args) -> None:
    """Play (watch) the game of the ``play`` options ``args`` to its end, as ``play`` does."""
    out = io.StringIO()
    setup = play_setup(args, out, {}, asking=False)
    assert not isinstance(setup, int), out.getvalue()
    assert play_on_core(setup, args, PlainReader(io.StringIO(""), out)) == 0, out.getvalue()[-2000:]


def console_resume(data: Path) -> Path:
    """``a11y-dominion resume`` of the one game in ``data``, played to its end; its autosave file."""
    use_data(data)
    args = build_parser().parse_args(["play", "--speech", "off"])
    args.resume = autosave.find_game(None)
    _play(args)
    return the_file(data)


def console_load(data: Path, path: Path) -> Path:
    """``a11y-dominion play --load`` of the save file at ``path`` (a game of bots only), played to
    its end with ``data`` as the data folder; its autosave file."""
    use_data(data)
    _play(build_parser().parse_args(["play", "--speech", "off", "--load", str(path)]))
    return the_file(data)


def _run_host(host, save) -> None:
    for stand_in in host.stand_ins.values():
        stand_in.take_over()  # the person stays away: the bot that stands in plays the seat
    try:
        asyncio.run(host.table.run_async())
        if host.table.game.pending is None:
            save.finish(host.table.game)
    finally:
        save.close()


def hosted_game(data: Path, players: str, seed: int, rollouts: int | None = None) -> Path:
    """A hosted game (``host --players``) played whole by its bots; its autosave file."""
    use_data(data)
    seats = parse_seats(players, remote=True)
    piles, events, landmarks = choose_setup("random", None, None, seed)
    game = Game(GameConfig([s.name for s in seats], piles, events, landmarks, seed))
    bots = {s.name: {"rollouts": rollouts} for s in seats if s.kind == "hard" and rollouts}
    host = GameHost(game, seats, seed, Language("en"), out=[].append, bot_options=bots)
    save = _host_autosave(host, seats, None, "en", "normal")
    assert save is not None
    _run_host(host, save)
    return the_file(data)


def hosted_resume(data: Path) -> Path:
    """``host --resume`` of the one game in ``data``, played to its end by its bots; its autosave file."""
    use_data(data)
    saved, game, seats = _hosted_game(None)
    host = GameHost(game, seats, game.config.seed, Language("en"), out=[].append, bot_options=bot_options(saved.record))
    save = _host_autosave(host, seats, saved, "en", "normal")
    assert save is not None
    _run_host(host, save)
    return the_file(data)


def cut(path: Path, answers: int, data: Path) -> None:
    """The autosave file at ``path`` as a game killed after ``answers`` answers leaves it, in ``data``."""
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    kept = [lines[0]]
    for line in lines[1:]:
        item = json.loads(line)
        if "a" in item and item["n"] >= answers:
            break
        kept.append(line)
    (data / "games").mkdir(parents=True)
    (data / "games" / path.name).write_text("".join(kept), encoding="utf-8")


def spread(total: int, count: int) -> list:
    """``count`` cut points spread evenly over 1 .. ``total - 1`` (every one when fewer)."""
    if total - 1 <= count:
        return list(range(1, total))
    return sorted({1 + (total - 2) * i // (count - 1) for i in range(count)})


def differences(whole: Path, cuts: list, tmp: Path, resume) -> list:
    """(cut, first answer that differs or None, whether the final records differ) of every cut
    in ``cuts`` that does not go on exactly as the whole game in the autosave ``whole`` did."""
    reference = answers_of(whole)
    final = final_record(whole)
    out = []
    for k in cuts:
        data = tmp / f"cut{k}"
        cut(whole, k, data)
        got = resume(data)
        later = answers_of(got)
        first = next((i for i, (a, b) in enumerate(zip(later, reference, strict=False)) if a != b), None)
        if first is None and len(later) != len(reference):
            first = min(len(later), len(reference))
        if first is not None or final_record(got) != final:
            out.append((k, first, final_record(got) != final))
    return out
