"""The options of a table (:func:`~a11y_dominion.tableoptions.table_options`): what the server's
``new`` reads, and each refusal in the very sentence ``host`` gives for the same option."""

from __future__ import annotations

import pytest

from a11y_dominion.cli import main
from a11y_dominion.i18n import Language
from a11y_dominion.kingdoms import KingdomError
from a11y_dominion.tableoptions import TableOptions, table_options

EN = Language("en")


def refusal(words: str) -> str:
    """The sentence ``new WORDS`` is refused with, in English."""
    with pytest.raises(KingdomError) as caught:
        table_options(words.split())
    return EN.msg(caught.value.args[0])


def host_refusal(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """The sentence ``a11y-dominion host ARGV`` stops with (exit code 2), without the program's name."""
    assert main(["host", *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith("a11y-dominion: ") and err.endswith("\n") and err.count("\n") == 1, err
    return err[len("a11y-dominion: ") : -1]


@pytest.mark.parametrize(
    ("new", "host"),
    [
        ("events Nonsense", ["--players", "Ann:remote,Bot:medium", "--events", "Nonsense"]),
        ("events Triumph,Triumph", ["--players", "Ann:remote,Bot:medium", "--events", "Triumph,Triumph"]),
        ("landmarks Nonsense", ["--players", "Ann:remote,Bot:medium", "--landmarks", "Nonsense"]),
        (
            "players 1 bots medium,medium,medium,medium,medium,medium",
            ["--players", "Ann:remote," + ",".join(f"B{i}:medium" for i in range(6))],
        ),
        ("players 1", ["--players", "Ann:remote"]),
    ],
)
def test_each_refusal_of_new_is_the_sentence_host_gives(
    capsys: pytest.CaptureFixture[str], new: str, host: list[str]
) -> None:
    said = refusal(new)
    assert said == host_refusal(capsys, *host)
    assert said.endswith(".") and "\n" not in said


@pytest.mark.parametrize(
    ("words", "said"),
    [
        ("players 7", "players must be a whole number from 1 to 6."),
        ("players two", "players must be a whole number from 1 to 6."),
        ("players", "players needs a value after it, for example: new players 2."),
        (
            "colour red",
            "colour is not an option of new; the options are players, bots, kingdom, events, landmarks, undo, "
            "bot-after, rollouts and seed.",
        ),
        ("undo maybe", "undo takes on or off, for example: new undo off."),
        ("bot-after soon", "bot-after must be a number of seconds from 0 to 86400."),
        ("bot-after 90000", "bot-after must be a number of seconds from 0 to 86400."),
        ("bot-after -1", "bot-after must be a number of seconds from 0 to 86400."),
        ("bots medium,grumpy", "grumpy is not a bot; the bots are bigmoney, random, bmu, easy, medium, hard."),
        ("rollouts 0 bots hard", "rollouts must be a whole number from 1 to 10000."),
        ("seed -1", "seed must be a whole number from 0 to 9223372036854775807."),
        ("bots evil", "evil is not a bot; the bots are bigmoney, random, bmu, easy, medium, hard."),
        (
            "players 2 bots medium rollouts 3",
            "rollouts bounds the hard bot's thinking, and no bot here is hard; add bots hard, or leave rollouts out.",
        ),
        (
            "bots my.toml",
            "A strategy file cannot play at a server table; name a bot or a strategy: bigmoney, random, bmu, easy, "
            "medium, hard.",
        ),
    ],
)
def test_what_only_new_refuses_is_one_sentence(words: str, said: str) -> None:
    """The lobby's words: an option as typed there (no dashes), and bots only (no human or remote)."""
    assert refusal(words) == said


@pytest.mark.parametrize(
    ("new", "host", "said"),
    [
        (
            "kingdom Chapel,Chapel",
            ["--kingdom", "Chapel,Chapel"],
            "The pile Chapel is named twice after kingdom.",
        ),
        (
            "kingdom Chapel,Triumph",
            ["--kingdom", "Chapel,Triumph"],
            "Triumph is an Event; name it after events, for example: new events Triumph.",
        ),
        (
            "kingdom Chapel, Arena",
            ["--kingdom", "Chapel,Arena"],
            "Arena is a Landmark; name it after landmarks, for example: new landmarks Arena.",
        ),
        (
            "kingdom ,",
            ["--kingdom", ","],
            "kingdom needs at least one Kingdom card name, for example: new kingdom Village, Smithy.",
        ),
    ],
)
def test_new_names_its_options_as_the_lobby_takes_them_where_host_names_its_dashes(
    capsys: pytest.CaptureFixture[str], new: str, host: list[str], said: str
) -> None:
    """A player at a server types no command line: the lobby's sentence never names
    ``--kingdom`` or ``--events``, where ``host``'s does."""
    assert refusal(new) == said
    assert "--" in host_refusal(capsys, "--players", "Ann:remote,Bot:medium", *host)


def test_an_unknown_kingdom_card_of_new_is_refused_with_the_kingdom_cards_named(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``host`` sends its user to the ``cards`` command; the lobby has none, so its sentence
    names the Kingdom cards, as an unknown Event's names the Events."""
    from a11y_dominion.kingdoms import kingdom_piles

    said = refusal("kingdom Chapel,Nonsense")
    assert said == f"Nonsense is not a Kingdom card this game knows. Known: {', '.join(kingdom_piles())}."
    assert "Moneylender" in said and "Patrician/Emporium" in said and "Copper" not in said
    assert host_refusal(capsys, "--players", "Ann:remote,Bot:medium", "--kingdom", "Chapel,Nonsense") == (
        "Nonsense is not a Kingdom card this game knows. Type a11y-dominion cards to list them."
    )
    nl = Language("nl")
    with pytest.raises(KingdomError) as caught:
        table_options("koninkrijk Kapel, Onzin".split())
    assert nl.msg(caught.value.args[0]).startswith(
        "Onzin is geen koninkrijkkaart die dit spel kent. Bekend zijn: Avonturier, "
    )
    with pytest.raises(KingdomError) as caught:
        table_options("koninkrijk Kapel, Triomf".split())
    assert nl.msg(caught.value.args[0]) == (
        "Triomf is een gebeurtenis; noem die na gebeurtenissen, bijvoorbeeld: nieuw gebeurtenissen Triomf."
    )
    assert table_options("koninkrijk Kapel gebeurtenissen Triomf".split()).events == "Triomf"  # (as it says)
    assert table_options("kingdom Chapel landmarks Arena".split()).landmarks == "Arena"


def test_host_names_its_options_with_their_dashes(capsys: pytest.CaptureFixture[str]) -> None:
    assert host_refusal(capsys, "--players", "Ann:remote,Bot:medium", "--bot-after", "-1") == (
        "--bot-after must be a number of seconds from 0 to 86400."
    )
    assert host_refusal(capsys, "--players", "Ann:remote,Bot:medium,Cat:grumpy") == (
        "grumpy is not a seat kind here; use remote, human or a bot: bigmoney, random, bmu, easy, medium, hard."
    )


def test_a_list_is_read_with_a_space_after_each_comma_as_help_says_it() -> None:
    assert table_options("players 2 bots medium, hard kingdom random".split()) == TableOptions(
        people=2, bots=("medium", "hard"), kingdom="random"
    )


def test_the_options_are_read_with_or_without_dashes_in_english_and_dutch() -> None:
    assert table_options([]) == TableOptions(people=4)
    got = table_options(
        "--players 2 bots medium,HARD kingdom random events Triumph landmarks Arena undo off bot-after 60 "
        "rollouts 4 seed 12".split()
    )
    assert got == TableOptions(
        people=2,
        bots=("medium", "hard"),
        kingdom="random",
        events="Triumph",
        landmarks="Arena",
        undo=False,
        bot_after=60.0,
        rollouts=4,
        seed=12,
    )
    assert got.seats == 4
    assert got.bot_names() == ["Bot 1", "Bot 2"]
    assert got.bot_options() == {"Bot 2": {"rollouts": 4}}
    dutch = table_options("spelers 1 bots medium koninkrijk advanced-intro herstel uit".split())
    assert dutch == TableOptions(people=1, bots=("medium",), kingdom="advanced-intro", undo=False)
    assert table_options("bots medium,medium,medium".split()).people == 1  # the bots fill the other seats of 4


def test_a_dutch_refusal_is_said_in_dutch() -> None:
    with pytest.raises(KingdomError) as caught:
        table_options(["undo", "misschien"])
    assert Language("nl").msg(caught.value.args[0]) == "undo neemt aan of uit, bijvoorbeeld: nieuw undo uit."


KINGDOMS_ALLOWED = (
    "{word} is neither a recommended Kingdom nor a Kingdom card; name basic-intro, advanced-intro, random, or Kingdom "
    "cards separated by commas, such as Village, Smithy, Market."
)


def test_a_wrong_kingdom_of_new_names_every_kingdom_allowed_as_host_kingdom_does(capsys) -> None:
    said = refusal("kingdom size distortion players 2")  # (a name of several words, up to the next option)
    assert said == KINGDOMS_ALLOWED.format(word="size distortion")
    assert refusal("kingdom colossal") == host_refusal(
        capsys, "--players", "Ann:remote,Bot:medium", "--kingdom", "colossal"
    )
    assert refusal("kingdom colossal") == KINGDOMS_ALLOWED.format(word="colossal")
    nl = Language("nl")
    with pytest.raises(KingdomError) as caught:
        table_options("koninkrijk reuze".split())
    assert nl.msg(caught.value.args[0]) == (
        "reuze is geen aanbevolen koninkrijk en geen koninkrijkkaart; noem basic-intro, advanced-intro, random, of "
        "koninkrijkkaarten gescheiden door komma's, zoals Village, Smithy, Market."
    )


def test_names_of_several_words_are_read_up_to_the_next_option() -> None:
    options = table_options("kingdom Throne Room, Village, Smithy players 2 landmarks Triumphal Arch".split())
    assert (options.kingdom, options.people, options.landmarks) == ("Throne Room, Village, Smithy", 2, "Triumphal Arch")
    assert table_options("kingdom Basic Intro".split()).kingdom == "Basic Intro"  # (as tables names it)
