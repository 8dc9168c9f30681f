"""A hosted game brought back with ``host --resume`` is the game the seats left, not a new one.

A seat's language and verbosity, read from the client's environment or asked at its first
login, are kept with the game's autosave (in the header's seat list, or on a ``seat`` line
once the header is written), so the resumed host narrates to the seat so and asks nothing;
an autosave without them still resumes.
"""

from __future__ import annotations

import json
from pathlib import Path

from a11y_dominion.autosave import Autosave, read_saved, unlock_game
from a11y_dominion.i18n import Language
from a11y_dominion.record import make_record
from a11y_dominion.rules.game import Game, GameConfig

KINGDOM = ["Village", "Smithy", "Market", "Festival", "Laboratory", "Moat", "Militia", "Cellar", "Workshop", "Mine"]


def new_game(seed: int = 2) -> Game:
    game = Game(GameConfig(["Ann", "Bot"], KINGDOM, [], [], seed))
    game.start()
    return game


def header_and_lines(path: Path) -> tuple:
    lines = [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines()]
    return lines[0], lines[1:]


def test_a_seats_options_go_into_the_header_before_it_is_written_and_on_a_line_after(tmp_path, monkeypatch):
    monkeypatch.setenv("A11Y_DOMINION_DATA", str(tmp_path))
    game = new_game()
    seats = [["Ann", "remote", {"language": "en", "verbosity": "normal"}], ["Bot", "bigmoney"]]
    save = Autosave.create(make_record(game, seats), humans=["Ann"])
    save.seat_options("Ann", {"language": "nl", "verbosity": "terse"})  # Ann's first login, before any answer
    save.seat_options("Nobody", {"language": "nl"})  # no such seat: nothing
    first = game.pending
    game.answer([{"move": "end"}])
    save.answered(game, first.player, game.answers[-1])
    header, rest = header_and_lines(save.path)
    assert header["record"]["seats"] == [
        ["Ann", "remote", {"language": "nl", "verbosity": "terse"}],
        ["Bot", "bigmoney"],
    ]
    assert [list(x) for x in rest] == [["n", "p", "t", "a"]]
    save.seat_options("Ann", {"language": "nl", "verbosity": "terse"})  # the same: no line
    save.seat_options("Ann", {"verbosity": "verbose"})  # settings verbose, later in the game
    second = game.pending
    game.answer([{"move": "end"}])
    save.answered(game, second.player, game.answers[-1])
    save.close()
    _header, rest = header_and_lines(save.path)
    assert rest[1] == {"seat": "Ann", "options": {"language": "nl", "verbosity": "verbose"}}
    assert [x.get("n") for x in rest] == [0, None, 1]
    saved = read_saved(save.path)
    assert not saved.damaged and not saved.torn and len(saved.answers) == 2
    assert saved.record["seats"][0] == ["Ann", "remote", {"language": "nl", "verbosity": "verbose"}]
    # a resumed game goes on appending to the same file, its seat list with the options read back
    again = Autosave.reopen(saved, humans=["Ann"])
    again.seat_options("Ann", {"language": "en"})
    again.close()
    assert read_saved(save.path).record["seats"][0] == ["Ann", "remote", {"language": "en", "verbosity": "verbose"}]


def test_a_hosted_seats_chosen_settings_are_kept_by_the_games_autosave(tmp_path, monkeypatch):
    from a11y_dominion.cli import _host_autosave
    from a11y_dominion.remote import GameHost
    from a11y_dominion.seats import parse_seats

    monkeypatch.setenv("A11Y_DOMINION_DATA", str(tmp_path))
    seats = parse_seats("Ann:remote,Bot:bigmoney", remote=True)
    host = GameHost(new_game(), seats, 2, Language("en"), out=[].append)
    save = _host_autosave(host, seats, None, "en", "normal")
    ann = host.people["Ann"]
    ann.settings(language="nl", verbosity="terse")  # her first login: SetEnv, or her answers
    save.keep()  # (the header goes out with the first answer)
    header, rest = header_and_lines(save.path)
    assert header["record"]["seats"][0] == ["Ann", "remote", {"language": "nl", "verbosity": "terse"}]
    assert rest == []
    ann.change_settings("verbose")  # settings verbose, typed during the game
    ann.change_settings("nl")  # nothing changes: no line
    save.close()
    assert header_and_lines(save.path)[1] == [{"seat": "Ann", "options": {"language": "nl", "verbosity": "verbose"}}]


def test_host_resume_reads_the_seats_options_and_a_file_without_them(tmp_path, monkeypatch):
    from a11y_dominion.cli import _hosted_game

    monkeypatch.setenv("A11Y_DOMINION_DATA", str(tmp_path))
    for seat, language, verbosity in (
        (["Ann", "remote", {"language": "nl", "verbosity": "terse"}], "nl", "terse"),
        (["Ann", "remote"], None, None),  # an autosave of before the seats' options: asked again at login
    ):
        game = new_game()
        save = Autosave.create(make_record(game, [seat, ["Bot", "bigmoney"]]), humans=["Ann"])
        first = game.pending
        game.answer([{"move": "end"}])
        save.answered(game, first.player, game.answers[-1])
        save.close()
        saved, resumed, seats = _hosted_game(save.id)
        assert [(s.name, s.kind, s.language, s.verbosity) for s in seats] == [
            ("Ann", "remote", language, verbosity),
            ("Bot", "bigmoney", None, None),
        ]
        assert len(resumed.answers) == 1
        unlock_game(saved.path, finished=False)
        saved.path.unlink()
