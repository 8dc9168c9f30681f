"""Starting a console game from the ``play`` command: the options, the saved
settings and a save file to go on with give a :class:`~.app.Console`.

:func:`run_console` is what ``a11y-dominion play`` runs; :func:`make_console`
builds the console (tests give it their own output and input); the seat
options say each human seat's language and verbosity.
"""

from __future__ import annotations

import random
import sys

from announcements.speech import Speaker

from ..i18n import N_, Language
from ..kingdoms import KingdomError, choose_setup
from ..record import RecordError
from ..rules.game import Game, GameConfig, SetupError
from ..seats import parse_seats
from ..settings import load_settings, seat_settings
from .app import Console
from .completion import DecisionCompleter
from .display import Display, PlainReader, PromptReader, wants_plain
from .keys import bad_keys, build_key_bindings
from .persistence import load_game


def run_console(args, stdout=None, reader=None, pt_input=None, pt_output=None) -> int:
    """Play a game from the ``play`` command's options; returns the exit code.

    ``stdout``, ``reader``, ``pt_input`` and ``pt_output`` replace the
    terminal for tests. Bad options print one sentence on standard error
    and return 2.
    """
    console = make_console(args, stdout=stdout, reader=reader, pt_input=pt_input, pt_output=pt_output)
    if isinstance(console, int):
        return console
    try:
        return console.run()
    finally:
        console.speaker.close()


def make_console(args, stdout=None, reader=None, pt_input=None, pt_output=None, settings=None):
    """A :class:`Console` for the ``play`` options, or an exit code after a bad option.

    Speech mode, verbosity and language come from the options, else from
    the saved settings (``settings``: a dict as :func:`load_settings`
    returns; None reads the settings file); the shortcut keys from the
    settings. A human seat's own language and verbosity come from its part
    of ``--players`` ("Ann:human:nl:terse"), else from its entry in the
    ``seats`` setting, else from the options and settings above.
    """
    out = stdout if stdout is not None else sys.stdout
    warning = None
    if settings is None:
        settings, warning = load_settings()
    lang = Language(getattr(args, "lang", None) or settings.get("language") or "en")
    speech = getattr(args, "speech", None) or settings.get("speech") or "auto"
    verbosity = getattr(args, "verbosity", None) or settings.get("verbosity") or "normal"
    keys = dict(settings.get("keys") or {})

    def fail(text: str) -> int:
        print(f"a11y-dominion: {text}", file=sys.stderr)
        return 2

    load = getattr(args, "load", None)
    seed = args.seed if args.seed is not None else random.randrange(1, 1_000_000)
    players = getattr(args, "players", None) or lang._(N_("You")) + ":human,Bot:medium"  # the default seats
    try:
        seats = given = parse_seats(players)
    except ValueError as e:
        return fail(lang.msg(e))
    loaded_options: dict = {}
    if load:
        try:
            game, seats = load_game(load, seats, loaded_options)
        except (RecordError, SetupError) as e:
            return fail(lang.text(N_("cannot load {file}: {error}"), file=load, error=lang.msg(e)))
        seed = game.config.seed
    else:
        try:
            piles, events, landmarks = choose_setup(args.kingdom, args.events, args.landmarks, seed)
            game = Game(GameConfig([n for n, _ in seats], piles, events, landmarks, seed))
        except (KingdomError, SetupError) as e:
            return fail(lang.msg(e))
    plain = wants_plain(speech, getattr(args, "plain", False), out)
    display = Display(out, plain=plain, lang=lang)
    notices = [lang.msg(warning)] if warning else []
    try:
        speaker = Speaker(
            speech,
            print_fn=lambda s: display.line(s),
            output_name=settings.get("output"),
            translate=lang.text,
            language=lang.code,
            rate=settings.get("rate"),
        )
    except ValueError:
        notices.append(
            lang.text(
                N_("The speech output {name} in the settings is not known; the usual one is used."),
                name=settings.get("output"),
            )
        )
        speaker = Speaker(
            speech,
            print_fn=lambda s: display.line(s),
            language=lang.code,
            rate=settings.get("rate"),
            translate=lang.text,
        )
    for action, key in bad_keys(keys):
        keys.pop(action)
        notices.append(
            lang.text(
                N_("The key {key} for {action} is not a key name this game knows; the usual key is used."),
                key=key,
                action=action,
            )
        )
    console = Console(
        game,
        seats,
        display,
        speaker,
        verbosity=verbosity,
        seed=seed,
        lang=lang,
        keys=keys,
        think_ms=getattr(args, "think_ms", None),
        confirm=bool(settings.get("confirm", True)),
        seat_options=merge_seat_options(loaded_options, seat_options(given, settings)),
    )
    console.notices = notices
    if reader is None:
        interactive = pt_input is not None or (sys.stdin.isatty() and out.isatty())
        if interactive:
            console.completer = DecisionCompleter(lambda: console.game, console.lang)
            reader = PromptReader(
                console.completer, build_key_bindings(keys), plain=plain, input=pt_input, output=pt_output
            )
        else:
            reader = PlainReader(sys.stdin, out)
    console.reader = reader
    if load:
        console.use_game(game, seats, narrate_from=len(game.log))
        console.loaded = load
    return console


def merge_seat_options(saved: dict, chosen: dict) -> dict:
    """The seat options of a loaded game (``saved``) with those chosen now
    (``chosen``: ``--players`` and the seat settings) put over them, key by key."""
    out = {name: dict(opts) for name, opts in saved.items()}
    for name, opts in chosen.items():
        key = next((n for n in out if n.lower() == name.lower()), name)
        out.setdefault(key, {}).update(opts)
    return out


def seat_options(given: list, settings: dict) -> dict:
    """Name -> {"language": code, "verbosity": word} of the human seats that set
    their own: the ``--players`` part of a seat (``given``, from
    :func:`~a11y_dominion.seats.parse_seats`) over its ``seats`` setting."""
    out = {}
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
