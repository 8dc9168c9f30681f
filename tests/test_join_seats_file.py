"""``join --seats-file FILE --user NAME``: the seat is found by its name in any letter case, as
the host finds it at an ssh login ("bea" for Bea), and the sentences about the file's seats."""

from __future__ import annotations

import json

import pytest

from a11y_dominion.i18n import Language
from a11y_dominion.remote.client import read_seats_file
from a11y_dominion.remote.joinlink import JoinError

SEATS = {
    "host": "192.0.2.7",
    "port": 2222,
    "seats": {"Ann": {"user": "Ann", "password": "ann-secret"}, "Bea": {"user": "Bea", "password": "bea-secret"}},
}


@pytest.fixture
def seats_path(tmp_path):
    path = tmp_path / "seats2.json"
    path.write_text(json.dumps(SEATS), encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("typed", ["Bea", "bea", "BEA", "bEa"])
def test_a_seat_is_named_in_any_letter_case_and_joined_by_its_own_name(seats_path, typed):
    assert read_seats_file(seats_path, typed) == ("192.0.2.7", 2222, "Bea", "bea-secret")


def test_the_exact_name_comes_first_and_a_seat_without_a_user_field_gives_its_own_name(tmp_path):
    path = tmp_path / "seats.json"
    seats = {"ann": {"password": "lower"}, "Ann": {"password": "upper"}, "Cid": {"password": "cid"}}
    path.write_text(json.dumps({"host": "192.0.2.7", "port": 2222, "seats": seats}), encoding="utf-8")
    assert read_seats_file(str(path), "ann")[2:] == ("ann", "lower")
    assert read_seats_file(str(path), "Ann")[2:] == ("Ann", "upper")
    assert read_seats_file(str(path), "cid")[2:] == ("Cid", "cid")


@pytest.mark.parametrize(
    "lang, expected",
    [("en", "The seats file has no seat Cid."), ("nl", "Het plaatsenbestand heeft geen plaats Cid.")],
)
def test_a_name_of_no_seat_in_any_letter_case_is_one_sentence(seats_path, lang, expected):
    with pytest.raises(JoinError) as e:
        read_seats_file(seats_path, "Cid")
    assert Language(lang).msg(e.value.args[0]) == expected


@pytest.mark.parametrize(
    "lang, seats, expected",
    [
        ("en", ["Ann", "Bea"], "Name your seat with --user; the seats file has Ann and Bea."),
        ("nl", ["Ann", "Bea"], "Noem je plaats met --user; het plaatsenbestand heeft Ann en Bea."),
        ("en", ["Ann", "Bea", "Cid"], "Name your seat with --user; the seats file has Ann, Bea and Cid."),
    ],
)
def test_without_user_the_seats_are_named_as_a_list_is_said(tmp_path, lang, seats, expected):
    path = tmp_path / "seats.json"
    data = {"host": "192.0.2.7", "port": 2222, "seats": {n: {"user": n, "password": n.lower()} for n in seats}}
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(JoinError) as e:
        read_seats_file(str(path), None, Language(lang))
    assert Language(lang).msg(e.value.args[0]) == expected


@pytest.mark.parametrize(
    "lang, expected",
    [
        ("en", "a11y-dominion: Name your seat with --user; the seats file has Ann and Bea.\n"),
        ("nl", "a11y-dominion: Noem je plaats met --user; het plaatsenbestand heeft Ann en Bea.\n"),
    ],
)
def test_join_says_the_seats_in_its_language(seats_path, tmp_path, monkeypatch, capsys, lang, expected):
    from a11y_dominion.cli import main

    monkeypatch.setenv("A11Y_DOMINION_CONFIG", str(tmp_path / "settings.json"))
    for var in ("XDG_CONFIG_HOME", "XDG_DATA_HOME"):
        monkeypatch.setenv(var, str(tmp_path / var))
    code = main(["join", "--seats-file", seats_path, "--lang", lang, "--speech", "off"])
    assert (code, *capsys.readouterr()) == (2, "", expected)
