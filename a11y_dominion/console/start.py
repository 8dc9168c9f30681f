"""Starting a game from the ``play`` command: the options, the saved settings and a save
file to go on with give a :class:`PlaySetup`, played on the console core.

:func:`run_console` is what ``a11y-dominion play`` runs (tests give it their own output and
input); the seat options say each human seat's language and verbosity.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TextIO

from ..announcements.speech import Speaker
from ..announcements.words import join_names
from ..autosave import SavedGame, open_elsewhere, set_aside_unreadable, unfinished_games
from ..files import shown_name
from ..i18n import LANGUAGES, N_, Language, typed_command, yes_or_no
from ..kingdoms import KingdomError, choose_setup
from ..lineinput import read_line
from ..record import RecordError
from ..rules.decisions import Msg
from ..rules.game import Game, GameConfig, SetupError
from ..seats import SeatSpec, bot_options, default_seat_names, parse_seats, rename_seats, rollouts_refusal
from ..seeds import new_game_seed
from ..settings import CHOICES, Settings, load_settings, save_settings, seat_settings, settings_path
from ..textinput import typed_line
from .display import Display, isatty, wants_plain
from .keys import bad_keys
from .persistence import game_from_record, load_game

if TYPE_CHECKING:
    from prompt_toolkit.input import Input
    from prompt_toolkit.output import Output


def run_console(
    args: argparse.Namespace,
    stdout: TextIO | None = None,
    reader: Any = None,
    pt_input: Input | None = None,
    pt_output: Output | None = None,
) -> int:
    """Play a game from the ``play`` command's options; returns the exit code.

    The game is played on the console core
    (:func:`~a11y_dominion.console.playend.play_on_core`): one person against bots, several
    people at this keyboard, or bots only, watched. ``stdout``, ``reader``, ``pt_input`` and
    ``pt_output`` replace the terminal for tests: ``reader`` reads typed lines, or the line
    editor reads prompt_toolkit's input ``pt_input`` and draws on its output ``pt_output``
    (``DummyOutput`` unless given). Bad options print one sentence on standard error and return 2.
    """
    from .keyboard import Terminal
    from .playend import play_on_core

    setup = play_setup(args, stdout, asking=reader is None and pt_input is None)
    if isinstance(setup, int):
        return setup
    keyboard = None
    if pt_input is not None:
        from prompt_toolkit.output import DummyOutput

        keyboard = Terminal(pt_input, pt_output if pt_output is not None else DummyOutput())
    return play_on_core(setup, args, reader, keyboard=keyboard)


@dataclass
class PlaySetup:
    """What the ``play`` options and the settings make of a game, before it is played
    (:func:`play_setup`): the ``game`` and its ``seats`` (name, kind), its ``seed``, the
    language and verbosity of its people (``lang``, ``verbosity``; each seat's own in
    ``seat_options``), the ``bots``' options, the ``resumed`` autosave or the ``load``
    file it goes on from (or ``position``: a game built from a scenario's position), the
    screen and speech (``display``, ``speaker``, ``plain``, and ``auto_why``, what
    ``auto`` speech became and why), the shortcut ``keys``, the ``notices`` to say before
    the game, the ``settings`` and the stream ``out``."""

    game: Game
    seats: Sequence[tuple[str, str]]
    seed: int
    lang: Language
    verbosity: str
    seat_options: dict[str, dict[str, Any]]
    bots: dict[str, dict[str, int]]
    resumed: Any
    load: str | None
    position: bool
    display: Display
    speaker: Speaker
    plain: bool
    auto_why: str | None
    keys: dict[str, Any]
    notices: list[Msg | str]
    settings: Settings
    out: Any

    def on_core(self) -> bool:
        """True for the games played on the console core: a game of one person against bots
        (new, from a position, resumed or loaded)."""
        people = [name for name, kind in self.seats if kind == "human"]
        return len(people) == 1


def play_setup(
    args: argparse.Namespace, stdout: TextIO | None = None, settings: Settings | None = None, asking: bool = True
) -> PlaySetup | int:
    """The :class:`PlaySetup` of the ``play`` options, or an exit code after a bad option
    (one sentence on standard error, 2). ``asking``: the player may be asked whether they
    use a screen reader (:func:`auto_speech`).

    Speech mode, verbosity and language come from the options, else (verbosity and language)
    from a resumed game, as it was played, else from the saved settings (``settings``: a dict as :func:`load_settings`
    returns; None reads the settings file); the shortcut keys from the
    settings. A human seat's own language and verbosity come from its part
    of ``--players`` ("Ann:human:nl:terse"), else from its entry in the
    ``seats`` setting, else from the options and settings above. Several people at one
    keyboard play in one language, the keyboard's (:func:`keyboard_language`), each with their
    own verbosity; two languages on the command line are a bad option there.
    """
    out = stdout if stdout is not None else sys.stdout
    warning = None
    if settings is None:
        settings, warning = load_settings()
    resumed = getattr(args, "resume", None)  # a SavedGame (a11y-dominion resume)
    # a resumed game goes on in the language and verbosity kept with it, unless the command line
    # names another (--lang, --verbosity); the settings are for new games
    lang = Language(getattr(args, "lang", None) or kept_choice(resumed, "language") or settings.get("language") or "en")
    verbosity = (
        getattr(args, "verbosity", None) or kept_choice(resumed, "verbosity") or settings.get("verbosity") or "normal"
    )
    keys = dict(settings.get("keys") or {})

    def fail(text: str) -> int:
        print(f"a11y-dominion: {text}", file=sys.stderr)
        return 2

    load = getattr(args, "load", None)
    players = getattr(args, "players", None) or lang._(N_("You")) + ":human,Bot:medium"  # the default seats
    try:
        given = parse_seats(players)
        seats: Sequence[tuple[str, str]] = given
    except ValueError as e:
        return fail(lang.msg(e))
    seed = args.seed if args.seed is not None else new_game_seed(seats)
    loaded_options: dict[str, dict[str, Any]] = {}
    kept_language: str | None = None  # the language a resumed or loaded game of several people was played in
    bots: dict[str, dict[str, int]] = {}  # bot seat -> the options it was made with (a resumed or loaded game's)
    unfinished = []
    aside: list[Msg] = []  # the sentences of autosaves that cannot be read, kept aside
    if resumed is not None:
        if any(kind == "remote" for _name, kind in resumed.seats):  # a hosted game goes on at the host
            return fail(
                lang.text(
                    N_("The game {id} has players at other computers; resume it with {command} host --resume {id}."),
                    id=resumed.id,
                    command=typed_command(),
                )
            )
        try:
            # the seat with a language's default name ("Jij") is called as this language calls it ("You");
            # the autosave goes on with the names of its file
            resumed.renamed = default_seat_names(resumed.record, lang, resumed.language)
            record = rename_seats(resumed.full_record(), resumed.renamed)
            game, seats = game_from_record(record, None, loaded_options)
            bots = bot_options(record)
        except (RecordError, SetupError) as e:
            return fail(lang.text(N_("cannot resume the game {id}: {error}"), id=resumed.id, error=lang.msg(e)))
        seed = game.config.seed
        given = []
        kept_language = game_language(loaded_options, seats, resumed.language)
        own_choices_only(loaded_options, resumed, args)
    elif load:
        try:
            game, seats = load_game(load, seats, loaded_options, lang, bots)
        except (RecordError, SetupError) as e:
            return fail(lang.text(N_("cannot load {file}: {error}"), file=load, error=lang.msg(e)))
        seed = game.config.seed
        kept_language = game_language(loaded_options, seats)
    elif getattr(args, "position", None):
        try:
            game, seats = position_game(args.position, getattr(args, "players", None), lang)
        except ValueError as e:
            return fail(lang.msg(e))
        seed, given = game.config.seed, seats
        unfinished = unfinished_games() if getattr(args, "autosave", True) else []
    else:
        if getattr(args, "autosave", True):
            aside = set_aside_unreadable("new")
        unfinished = unfinished_games() if getattr(args, "autosave", True) else []
        try:
            piles, events, landmarks = choose_setup(args.kingdom, args.events, args.landmarks, seed)
            game = Game(GameConfig([n for n, _ in seats], piles, events, landmarks, seed))
        except (KingdomError, SetupError) as e:
            return fail(lang.msg(e))
    refused = rollouts_refusal(getattr(args, "rollouts", None), [kind for _name, kind in seats])
    if refused is not None:
        return fail(lang.msg(refused))
    said: list[Msg] = []
    if [kind for _name, kind in seats].count("human") > 1:  # a shared keyboard: one language for everyone at it
        try:
            code, said = keyboard_language(seats, given, getattr(args, "lang", None), kept_language, settings)
        except ValueError as e:
            return fail(lang.msg(e))
        lang = Language(code)
    notices = [lang.msg(warning)] if warning else []
    notices += [lang.msg(m) for m in said]
    notices += [lang.msg(m) for m in [*aside, *getattr(args, "set_aside", [])]]  # damaged autosaves kept aside
    speech, auto_why = chosen_speech(getattr(args, "speech", None), settings, lang, out, asking=asking)
    plain = wants_plain(speech, getattr(args, "plain", False), out)
    display = Display(out, plain=plain, lang=lang)
    notices.extend(unfinished_notice(unfinished, lang))
    newer = getattr(args, "newer_hosted", None)  # resume with no ID: a newer game, hosted, is not this one
    if newer:
        notices.append(
            lang.text(
                N_("The newer game {id} has players at other computers; resume it with {command} host --resume {id}."),
                id=newer,
                command=typed_command(),
            )
        )
    speaker = make_speaker(speech, settings, display, lang, notices)
    for action, key in bad_keys(keys):
        keys.pop(action)
        notices.append(
            lang.text(
                N_("The key {key} for {action} is not a key name this game knows; the usual key is used."),
                key=key,
                action=action,
            )
        )
    return PlaySetup(
        game=game,
        seats=seats,
        seed=seed,
        lang=lang,
        verbosity=verbosity,
        seat_options=merge_seat_options(loaded_options, seat_options(given, settings)),
        bots=bots,
        resumed=resumed,
        load=load,
        position=bool(getattr(args, "position", None)),
        display=display,
        speaker=speaker,
        plain=plain,
        auto_why=auto_why,
        keys=keys,
        notices=notices,
        settings=settings,
        out=out,
    )


KEYBOARD_CHOSEN = N_(
    "Everyone at this keyboard plays in {language}, the language given with --players: one language for the "
    "whole keyboard."
)
NOT_THE_KEYBOARDS = N_(
    "The language saved for {players} is not used here: everyone at this keyboard plays in {language}."
)


def keyboard_language(
    seats: Sequence[tuple[str, str]],
    given: Sequence[SeatSpec],
    option: str | None,
    kept: str | None,
    settings: Settings,
) -> tuple[str, list[Msg]]:
    """The one language of everyone at a shared keyboard (``seats``: the game's (name, kind)
    seats, several of them human), as a code, and the sentences that say where it came from
    (:class:`Msg`, said with the opening lines). It is the language the command line gives (a
    human seat's part of ``--players``, ``given``, from :func:`~a11y_dominion.seats.parse_seats`,
    and ``--lang``, ``option``), else the one a resumed or loaded game was played in
    (``kept``: :func:`game_language`), else the ``language`` setting, else English. A language
    given in ``--players`` is said to be everyone's (:data:`KEYBOARD_CHOSEN`); a seat setting's
    language that is not used is said too (:data:`NOT_THE_KEYBOARDS`). Raises ValueError with
    one sentence when the command line gives two languages."""
    from .commands import setting_value_text  # (commands is the console's: not needed before a game)

    people = [name.lower() for name, kind in seats if kind == "human"]
    parts: set[str] = {
        own for spec in given if spec.name.lower() in people and (own := getattr(spec, "language", None))
    }
    chosen = sorted(parts | ({option} if option else set()))
    if len(chosen) > 1:
        raise ValueError(
            Msg(
                "Everyone at one keyboard plays in one language, and the command line gives both {first} and "
                "{second}; give one language, with --lang or in --players.",
                first=chosen[0],
                second=chosen[1],
            )
        )
    code = chosen[0] if chosen else kept or str(settings.get("language") or "en")
    lang = Language(code)
    language = setting_value_text(code, lang)
    said = [Msg(KEYBOARD_CHOSEN, language=language)] if parts else []
    others = [
        name
        for name, kind in seats
        if kind == "human" and seat_settings(settings, name).get("language") not in (None, code)
    ]
    if others:
        said.append(Msg(NOT_THE_KEYBOARDS, players=join_names(others, lang), language=language))
    return code, said


def game_language(
    options: dict[str, dict[str, Any]], seats: Sequence[tuple[str, str]], header: str | None = None
) -> str | None:
    """The language a game of several people was played in at a shared keyboard: the one its
    human seats' ``options`` (name -> {"language": code, ...}, as the game kept them) all give,
    else ``header`` (the language its autosave began with), else None; only a language of
    this game's (en, nl) counts."""
    people = {name.lower() for name, kind in seats if kind == "human"}
    kept = {str(o.get("language")) for n, o in options.items() if n.lower() in people and o.get("language")}
    if len(kept) == 1 and next(iter(kept)) in LANGUAGES:
        return next(iter(kept))
    return header if header in LANGUAGES else None


def position_game(path: str, players: str | None, lang: Language) -> tuple[Game, list[SeatSpec]]:
    """(game, seats) of ``play --position FILE``: the position of the scenario file
    at ``path`` (its script is not used), not started. The seats are the
    scenario's players as human seats, or ``players`` (``--players``), which
    must name the same players in the same order. Raises ValueError with one
    sentence in ``lang`` (a file that cannot be read, an invalid scenario, a
    bad seat list)."""
    from ..files import SCENARIO_LIMIT, FileError, read_json, shown_name
    from ..scenario import ScenarioError, build_position
    from ..seats import SeatSpec

    try:
        data = read_json(path, SCENARIO_LIMIT, "scenario file")
        game = build_position(data)
    except (FileError, ScenarioError) as e:
        reason = lang.msg(e) if isinstance(e, FileError) else shown_name(str(e), 600)
        raise ValueError(
            lang.text(N_("cannot play the position {file}: {error}"), file=shown_name(path), error=reason)
        ) from None
    names = list(game.config.players)
    if players is None:
        return game, [SeatSpec(n, "human") for n in names]
    seats = parse_seats(players)
    if [s.name for s in seats] != names:
        raise ValueError(
            lang.text(
                N_("--players must name the position's players, in its order: {players}."), players=", ".join(names)
            )
        )
    return game, seats


def make_speaker(
    speech: str,
    settings: Settings,
    display: Display,
    lang: Language,
    notices: list[Msg | str],
    report: Callable[[str], object] | None = None,
) -> Speaker:
    """The :class:`Speaker` for speech mode ``speech`` with the settings' output and rate,
    reporting through ``display`` in ``lang`` (or ``report(sentence)`` when given); an output
    the settings name that is not known adds a sentence to ``notices`` and the usual chain is
    used. The output is looked for in the background (:meth:`Speaker.start`), so the first
    prompt does not wait."""
    said = report or display.line
    how: dict[str, Any] = {
        "print_fn": lambda s: said(s),
        "translate": lang.text,
        "language": lang.code,
        "rate": settings.get("rate"),
    }
    try:
        speaker = Speaker(speech, output_name=settings.get("output"), **how)
    except ValueError:
        notices.append(
            lang.text(
                N_("The speech output {name} in the settings is not known; the usual one is used."),
                name=settings.get("output"),
            )
        )
        speaker = Speaker(speech, **how)
    speaker.start()
    return speaker


USES_SCREEN_READER = N_(
    "Automatic mode: you use a screen reader, so the game does not speak; your screen reader reads the text."
)
NOT_ANSWERED = N_(
    "Automatic mode: not answered, so this game prints plain lines for a screen reader and does not speak."
)
SCREEN_READER_RUNS = N_(
    "Automatic mode: a screen reader is running, so the game does not speak; your screen reader reads the text."
)


def chosen_speech(
    given: str | None, settings: Settings, lang: Language, out: TextIO, asking: bool = True
) -> tuple[str, Msg | str | None]:
    """The speech mode of a command that takes ``--speech`` (``given``: its value, None when
    not given), as (mode, why): ``given``, else the ``speech`` setting, else ``auto``, which
    :func:`auto_speech` turns into what the player uses (asking once, with ``asking``, where
    ``out`` and standard input are a terminal). A mode given is for this start only: it is
    not saved, nor taken as the answer to the screen reader's question."""
    speech = given or settings.get("speech") or "auto"
    if speech == "auto":
        return auto_speech(settings, lang, out, asking=asking)
    return speech, None


def auto_speech(settings: Settings, lang: Language, out: TextIO, asking: bool = True) -> tuple[str, Msg | str | None]:
    """What the speech mode ``auto`` becomes: ``("screen-reader", why)`` when the
    player's screen reader runs (or they said they use one), else ``("auto", None)``:
    the game speaks if an output works. When the system cannot tell
    (:func:`~a11y_dominion.announcements.speech.detect.screen_reader_running` is None) the
    ``screen_reader`` setting answers; while it is ``ask`` and a person is at a
    terminal (``asking``), they are asked once and the answer is saved. A question
    left unanswered (another word, Ctrl+C) gives ``("screen-reader", why)`` for this
    game: plain lines read well by everyone, a drawn screen does not by ear."""
    from ..announcements.speech.detect import screen_reader_running

    found = screen_reader_running()
    if found is None:
        saved = settings.get("screen_reader") or "ask"
        if saved == "ask" and asking and isatty(sys.stdin) and isatty(out):
            saved = ask_screen_reader(lang, out)
            if saved == "ask":  # asked, not answered: plain lines, which every player can read
                return "screen-reader", lang._(NOT_ANSWERED)
        found = {"yes": True, "no": False}.get(saved)
        if found:
            return "screen-reader", lang._(USES_SCREEN_READER)
        return "auto", None
    if found:
        return "screen-reader", lang._(SCREEN_READER_RUNS)
    return "auto", None


def ask_screen_reader(lang: Language, out: TextIO) -> str:
    """Ask once whether the player uses a screen reader; "yes", "no", or "ask" for
    an unclear answer (asked again next time). A clear answer is saved in the
    settings (``screen_reader``), where ``settings set screen_reader`` changes it."""
    out.write(lang._(N_("Do you use a screen reader? Type yes or no: ")))
    out.flush()
    try:
        line, _cut = read_line(sys.stdin)  # a long answer is no answer: only its start is read
    except (OSError, ValueError, KeyboardInterrupt):
        line = ""
    if not line.endswith("\n"):  # Ctrl+C or the end of input: the answer starts a line of its own
        out.write("\n")
    said = yes_or_no(line, lang)
    answer = "ask" if said is None else "yes" if said else "no"
    if answer == "ask":
        typed = typed_line(line)
        if typed:  # a word that is neither: named, so that a slip ("yse") is heard as one
            shown = shown_name(typed, 40)
            out.write(
                lang.text(N_("{answer} is not yes or no; the game will ask again next time."), answer=shown) + "\n"
            )
        else:
            out.write(lang._(N_("Not answered; the game will ask again next time.")) + "\n")
        return answer
    try:
        data, _warning = load_settings()
        data["screen_reader"] = answer
        _path, kept = save_settings(data)
    except OSError as e:  # the answer holds for this game; it is asked again next time
        out.write(
            lang.text(
                N_("It holds for this game only: {file} cannot be written ({error})."),
                file=str(settings_path()),
                error=e.strerror or e,
            )
            + "\n"
        )
        return answer
    if kept is not None:
        out.write(lang.msg(kept) + "\n")
    return answer


def unfinished_notice(games: list[SavedGame], lang: Language) -> list[str]:
    """The sentences about the unfinished games kept (``games``, oldest first,
    :class:`~a11y_dominion.autosave.SavedGame`): the ones ``resume`` goes on with here (none
    hosted, none open in another window), and the latest hosted one as ``games`` names it, or,
    while a ``host`` has it open, that it is being hosted now. No games: no sentences."""
    command = typed_command()
    here = [g for g in games if not g.hosted and not open_elsewhere(g.path)]
    out = []
    if len(here) == 1:
        out.append(
            lang.text(
                N_("An unfinished game of {date} is kept; {command} resume goes on with it."),
                date=here[0].started.replace("T", " "),
                command=command,
            )
        )
    elif here:
        out.append(
            lang.text(
                N_(
                    "{n} unfinished games are kept; {command} resume goes on with the latest, {command} games lists "
                    "them."
                ),
                n=len(here),
                command=command,
            )
        )
    hosted = [g for g in games if g.hosted]
    if hosted and open_elsewhere(hosted[-1].path):
        out.append(
            lang.text(
                N_("Game {id}, with players at other computers, is being hosted now in another window."),
                id=hosted[-1].id,
            )
        )
    elif hosted:
        out.append(
            lang.text(
                N_("Game {id} has players at other computers; resume it with {command} host --resume {id}."),
                id=hosted[-1].id,
                command=command,
            )
        )
    return out


def kept_choice(resumed: SavedGame | None, key: str) -> str | None:
    """The ``language`` or ``verbosity`` (``key``) kept with the resumed game ``resumed`` (a
    :class:`~a11y_dominion.autosave.SavedGame`, or None for a game not resumed), or None when
    there is none or it is not one of the setting's values (:data:`~a11y_dominion.settings.CHOICES`).
    It is what a resumed game goes on in when the command line names no other."""
    value = getattr(resumed, key, None) if resumed is not None else None
    return value if value in CHOICES[key] else None


def own_choices_only(saved: dict[str, dict[str, Any]], resumed: SavedGame, args: argparse.Namespace) -> None:
    """Keep in ``saved`` (the seat options of the resumed game ``resumed``, name -> {"language",
    "verbosity"}) only the choices a seat made for itself: not a value that was just the
    game's own (its ``language`` and ``verbosity``), nor a value the command line (``args``:
    ``--lang``, ``--verbosity``) now names for everyone here."""
    for opts in saved.values():
        for key, option in (("language", "lang"), ("verbosity", "verbosity")):
            if opts.get(key) == getattr(resumed, key) or getattr(args, option, None):
                opts.pop(key, None)


def merge_seat_options(
    saved: dict[str, dict[str, Any]], chosen: dict[str, dict[str, Any]]
) -> dict[str, dict[str, Any]]:
    """The seat options of a loaded game (``saved``) with those chosen now
    (``chosen``: ``--players`` and the seat settings) put over them, key by key."""
    out = {name: dict(opts) for name, opts in saved.items()}
    for name, opts in chosen.items():
        key = next((n for n in out if n.lower() == name.lower()), name)
        out.setdefault(key, {}).update(opts)
    return out


def seat_options(given: Sequence[SeatSpec], settings: Settings) -> dict[str, dict[str, Any]]:
    """Name -> {"language": code, "verbosity": word} of the human seats that set
    their own: the ``--players`` part of a seat (``given``, from
    :func:`~a11y_dominion.seats.parse_seats`) over its ``seats`` setting."""
    out: dict[str, dict[str, Any]] = {}
    for spec in given:
        name = spec[0]
        opts = seat_settings(settings, name)
        for key in ("language", "verbosity"):
            value = getattr(spec, key, None)
            if value:
                opts[key] = value
        if opts:
            out[name] = opts
    for name in settings.get("seats") or {}:  # a loaded game's seats may not be in --players
        if isinstance(name, str) and not any(n.lower() == name.lower() for n in out):
            out[name] = seat_settings(settings, name)
    return out
