"""Account names on the server (a11y_dominion/server/names.py): one key in any letter case and
compatibility form, the characters of a seat that joins over SSH (the one rule in seats.py),
the length, the reserved words, and one sentence for each refusal in English and Dutch."""

from __future__ import annotations

import pytest

from a11y_dominion.i18n import Language
from a11y_dominion.seats import parse_seats, seat_name_fault, seat_name_refusal
from a11y_dominion.server.names import (
    NameRefused,
    checked_name,
    is_reserved,
    name_key,
    name_refusal,
    taken,
)


@pytest.mark.parametrize(
    "a, b",
    [
        ("Ann", "ann"),
        ("Ann", "ANN"),
        ("Ann", "\uff21\uff4e\uff4e"),  # full-width Ａｎｎ
        ("Straße", "STRASSE"),  # folded, not lowered
        ("\ufb01on", "fion"),  # the ligature ﬁ
        ("Zoë", "Zoe\u0308"),  # one ë or e with its combining diaeresis
    ],
)
def test_names_that_are_one_account_have_one_key(a, b):
    assert name_key(a) == name_key(b)


def test_names_that_differ_have_other_keys():
    assert name_key("Ann") != name_key("Anne")
    assert name_key("Ann") == "ann"


@pytest.mark.parametrize("name", ["Ann", "bea_2", "Cid.B", "Dee-Dee", "Zoë", "Ёжик", "李明", "B0b", "Ab"])
def test_good_names_are_kept_in_nfc(name):
    assert name_refusal(name) is None
    assert checked_name(name) == name


def test_a_name_typed_decomposed_is_kept_composed():
    assert checked_name("Zoe\u0308") == "Zo\u00eb"


REFUSALS = [
    (
        "",
        "A name cannot be empty; choose one of 2 to 20 characters.",
        "Een naam kan niet leeg zijn; kies er een van 2 tot 20 tekens.",
    ),
    (
        "A",
        "The name A is too short: a name has 2 to 20 characters.",
        "De naam A is te kort: een naam heeft 2 tot 20 tekens.",
    ),
    (
        "Abcdefghijklmnopqrstu",
        "The name Abcdefghijklmnopqrstu is too long: a name has 2 to 20 characters.",
        "De naam Abcdefghijklmnopqrstu is te lang: een naam heeft 2 tot 20 tekens.",
    ),
    (
        "Ann\x1b]0;title\x07",
        "The name Ann?]0;title? holds control, escape or formatting characters, which a name cannot have.",
        "De naam Ann?]0;title? bevat stuur-, escape- of opmaaktekens, die een naam niet mag hebben.",
    ),
    (
        "Ann\x9b",
        "The name Ann? holds control, escape or formatting characters, which a name cannot have.",
        "De naam Ann? bevat stuur-, escape- of opmaaktekens, die een naam niet mag hebben.",
    ),
    (
        "An\u200bn",  # a zero-width space
        "The name An?n holds control, escape or formatting characters, which a name cannot have.",
        "De naam An?n bevat stuur-, escape- of opmaaktekens, die een naam niet mag hebben.",
    ),
    (
        "Ann:x",
        "The name Ann:x holds a comma or a colon, which a name cannot have.",
        "De naam Ann:x bevat een komma of een dubbele punt, die een naam niet mag hebben.",
    ),
    (
        "Ann,Bea",
        "The name Ann,Bea holds a comma or a colon, which a name cannot have.",
        "De naam Ann,Bea bevat een komma of een dubbele punt, die een naam niet mag hebben.",
    ),
    (
        "Ann\uff1ax",  # a full-width colon, a colon after NFKC
        "The name Ann\uff1ax holds a comma or a colon, which a name cannot have.",
        "De naam Ann\uff1ax bevat een komma of een dubbele punt, die een naam niet mag hebben.",
    ),
    (
        "Ann Lee",
        "The name Ann Lee holds a space, which an SSH user name cannot hold; choose one without, for example AnnLee.",
        "De naam Ann Lee bevat een spatie, die een SSH-gebruikersnaam niet kan bevatten; kies er een zonder, "
        "bijvoorbeeld AnnLee.",
    ),
    (
        "Medium",
        "The name Medium is one of the game's own words; choose another.",
        "De naam Medium is een van de eigen woorden van het spel; kies een andere.",
    ),
]


@pytest.mark.parametrize("name, english, dutch", REFUSALS)
def test_each_refusal_is_one_sentence_in_english_and_dutch(name, english, dutch):
    refusal = name_refusal(name)
    assert refusal == english
    assert Language("nl").msg(refusal) == dutch
    with pytest.raises(NameRefused) as caught:
        checked_name(name)
    assert caught.value.args[0] == english


@pytest.mark.parametrize(
    "name",
    ["bigmoney", "HARD", "You", "jij", "Bot", "server", "Admin", "LOBBY", "Everyone", "iedereen", "Bot1", "bot42"],
)
def test_reserved_words_in_any_case(name):
    assert is_reserved(name)
    assert name_refusal(name) == f"The name {name} is one of the game's own words; choose another."


@pytest.mark.parametrize("name", ["Bota", "Robot1", "Bot1a", "Serverus", "Ann"])
def test_names_near_the_reserved_words_are_free(name):
    assert not is_reserved(name)
    assert name_refusal(name) is None


def test_a_full_width_reserved_word_is_reserved():
    assert is_reserved("\uff53\uff45\uff52\uff56\uff45\uff52")  # ｓｅｒｖｅｒ


def test_the_taken_sentence():
    assert taken("Ann") == "The name Ann is taken; choose another."
    assert Language("nl").msg(taken("Ann")) == "De naam Ann is al bezet; kies een andere."


# ---------------------------------------------------------------- the seat rule, shared
@pytest.mark.parametrize(
    "name, remote, fault",
    [
        ("Ann", True, None),
        ("Ann Lee", False, None),
        ("Ann Lee", True, "space"),
        ("Ann\u3000Lee", True, "space"),  # an ideographic space
        ("Ann\tLee", True, "control"),
        ("Ann\x1b[2J", False, "control"),
        ("Ann\u202e", False, "control"),  # right-to-left override
        ("Ann:Bea", False, "separator"),
        ("Ann,Bea", True, "separator"),
    ],
)
def test_the_seat_name_rule(name, remote, fault):
    assert seat_name_fault(name, remote) == fault


def test_the_seat_sentences_are_those_host_says():
    assert seat_name_refusal("A nn", remote=True) == (
        "The seat A nn joins over SSH, where its name is the user name, which cannot hold a space; "
        "give it a name without spaces, for example Ann."
    )
    assert seat_name_refusal("Ann:x", remote=False) == (
        "The seat name Ann:x holds a comma or a colon, which separate seats and their kinds; a name cannot hold them."
    )
    with pytest.raises(ValueError) as caught:
        parse_seats("Ann\x1b:remote,Bea:remote", remote=True)
    assert str(caught.value) == (
        "The seat name Ann? holds control, escape or formatting characters, which a name cannot have."
    )
