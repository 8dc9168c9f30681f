"""The ``a11y-dominion`` command line.

Subcommands: ``play`` (the default), ``host``, ``join HOST``, ``scenario FILE --json``,
``simulate``, ``cards``, ``speech-test``. Bad flags, unknown names and bad
files print one sentence on standard error and exit 2, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NoReturn, Protocol, TextIO, TypedDict

from .kingdoms import KingdomError, choose_setup
from .rules.cards import CARDS, EVENTS, LANDMARKS
from .rules.decisions import Msg
from .seeds import MAX_SEED, unguessable_seed

if TYPE_CHECKING:
    from .autosave import Autosave, SavedGame
    from .i18n import Language
    from .record import RecordError
    from .remote import GameHost
    from .rules.game import Game
    from .seats import SeatSpec
    from .stats import Summary


class _Parser(argparse.ArgumentParser):
    """argparse with one-sentence errors and exit code 2."""

    def error(self, message: str) -> NoReturn:  # noqa: D401 - argparse API
        message = re.sub(r"'([^']{40})[^']+'", r"'\1…'", message)  # a long typed value is not echoed whole
        message = "".join(ch if ch.isprintable() else "?" for ch in message)
        self.exit(2, f"{self.prog}: {message}. Type {self.prog.split()[0]} --help for the options.\n")


def seed_number(text: str) -> int:
    """``--seed``: a whole number from 0 to :data:`MAX_SEED`; raises argparse.ArgumentTypeError."""
    text = text.strip()
    if not (text.isascii() and text.isdecimal() and len(text) <= 19 and int(text) <= MAX_SEED):
        raise argparse.ArgumentTypeError(f"must be a whole number from 0 to {MAX_SEED}")
    return int(text)


def _lang(code: str | None = None) -> Language:
    """The language for messages of the subcommands: ``code``, else the
    ``language`` setting, else English."""
    from .i18n import Language
    from .settings import load_settings

    try:
        return Language(code or load_settings()[0].get("language") or "en")
    except ValueError:
        return Language("en")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of every subcommand."""
    p = _Parser(
        prog="a11y-dominion",
        description="Accessible Dominion with Empires for blind and sighted players, keyboard only.",
    )
    sub = p.add_subparsers(dest="command", parser_class=_Parser)

    play = sub.add_parser("play", help="play a game at this keyboard (the default)")
    _add_game_options(play)
    play.add_argument(
        "--players",
        default=None,
        help='seats as "Name:kind,..." with kind human or a bot: easy, medium, hard, bmu, bigmoney or random, '
        "or a strategy: a shipped one such as smithy, or a file ending in .toml (see docs/strategies.md) "
        '(default: you against the medium bot, "You:human,Bot:medium", in Dutch "Jij:human,Bot:medium"); '
        'a bot\'s kind alone seats that bot under its own name ("medium,bigmoney": bots only, watched); '
        "a human seat may add "
        'its own language and verbosity, "Ann:human:nl:terse,Bea:human:verbose". With several humans '
        "the game asks to pass the keyboard and waits for Enter before each one's turn or answer, and "
        "everyone plays in one language, the keyboard's: a language given in a seat is everyone's, and "
        "two languages are refused",
    )
    play.add_argument(
        "--speech",
        default=None,
        choices=["auto", "off", "screen-reader", "self-voicing"],
        help="speech mode (default: the speech setting, else auto: speak if a speech output works, else plain lines)",
    )
    play.add_argument(
        "--verbosity",
        default=None,
        choices=["terse", "normal", "verbose"],
        help="how much is announced (default: the verbosity setting, else normal)",
    )
    play.add_argument(
        "--lang",
        default=None,
        choices=["en", "nl"],
        help="language of everything shown and spoken: en (English) or nl (Dutch) "
        "(default: the language setting, else en)",
    )
    play.add_argument("--plain", action="store_true", help="plain lines only, no colour or tables")
    _add_think_option(play)
    _add_rollouts_option(play)
    play.add_argument(
        "--load",
        metavar="FILE",
        default=None,
        help="go on with a game saved with the save command (its seats and setup are used)",
    )
    play.add_argument(
        "--position",
        metavar="FILE",
        default=None,
        help="play from the position of a scenario file (its script is not used); its players sit as human "
        "seats unless --players gives the same players with their kinds",
    )

    res = sub.add_parser("resume", help="go on with the latest unfinished game, or the one named by its ID")
    res.add_argument("id", nargs="?", default=None, help="the game's ID, as a11y-dominion games lists it")
    res.add_argument(
        "--speech",
        default=None,
        choices=["auto", "off", "screen-reader", "self-voicing"],
        help="speech mode (default: the speech setting, else auto)",
    )
    res.add_argument(
        "--verbosity",
        default=None,
        choices=["terse", "normal", "verbose"],
        help="how much is announced (default: the game's own, as it was played)",
    )
    res.add_argument(
        "--lang",
        default=None,
        choices=["en", "nl"],
        help="language of everything shown and spoken (default: the game's own, as it was played)",
    )
    res.add_argument("--plain", action="store_true", help="plain lines only, no colour or tables")

    sub.add_parser("games", help="list the unfinished and finished games kept")
    stats = sub.add_parser("stats", help="games played, wins per Kingdom and per opponent, average score")
    stats.add_argument("--plain", action="store_true", help="plain sentences only, no table")
    stats.add_argument(
        "--speech",
        default=None,
        choices=["auto", "off", "screen-reader", "self-voicing"],
        help="speech mode (default: the speech setting, else auto); screen-reader mode gives plain sentences",
    )

    host = sub.add_parser("host", help="host a game for players at other computers, who join over SSH")
    host.add_argument(
        "--resume",
        nargs="?",
        const="",
        default=None,
        metavar="ID",
        help="bring back the latest unfinished hosted game (or the one named); seats rejoin with their passwords",
    )
    host.add_argument(
        "--players",
        default=None,
        help='seats as "Name:kind,..." with kind remote (a player who joins over SSH with the seat name as '
        "user), human (the one player at this computer's terminal) or a bot (easy, medium, hard, bmu, "
        "bigmoney, random, or a strategy such as smithy or a file ending in .toml), for example "
        '"Ann:remote,Cid:human,Bot:bigmoney"; a name alone is a remote seat, a bot\'s kind alone that bot '
        '("Ann,medium"); a remote or human seat may add its own language and verbosity, "Ann:remote:nl:terse"',
    )
    _add_game_options(host)
    host.add_argument(
        "--listen",
        default=None,
        help="the address to listen on (default: 127.0.0.1; a resumed game: the one it was hosted on)",
    )
    host.add_argument(
        "--port",
        type=int,
        default=None,
        help="the SSH port (default 2222; 0 picks a free one; a resumed game: the one it was hosted on)",
    )
    host.add_argument(
        "--seats-file",
        metavar="FILE",
        default=None,
        help="write the address, port and each seat's user and password to FILE (JSON, readable by you only)",
    )
    host.add_argument(
        "--authorized-keys",
        metavar="FILE",
        default=None,
        help="OpenSSH public keys, one a line, each with its seat's name as the comment: those seats log in "
        "with their key instead of a password",
    )
    host.add_argument(
        "--bot-after",
        metavar="SECONDS",
        type=float,
        default=None,
        help="the medium bot plays for a seat that left the game and stays away this many seconds, until its "
        "player comes back (default: the game waits)",
    )
    host.add_argument(
        "--after-game",
        metavar="SECONDS",
        type=float,
        default=None,
        help="after the final scores, remote players may stay (log, repeat, score, export) until they leave; "
        "the host ends when every one has left or none typed for this many seconds (default 600; 0: the "
        "sessions end with the scores)",
    )
    _add_rollouts_option(host)
    host.add_argument("--plain", action="store_true", help="plain lines only at this terminal (a human seat)")
    host.add_argument(
        "--record-file",
        metavar="FILE",
        default=None,
        help="when the host stops, write the game's record (setup, seed and every answer, as the save command "
        "writes it; every hand can be read from it, so it is readable by you only) to FILE",
    )
    host.add_argument("--verbosity", default=None, choices=["terse", "normal", "verbose"], help="how much is announced")
    host.add_argument("--lang", default=None, choices=["en", "nl"], help="language of the host's lines")

    join = sub.add_parser(
        "join", help="join a hosted game at a remote seat, the game speaking on this computer with your settings"
    )
    join.add_argument("host", nargs="?", default=None, help="the host's name or address (default: the seats file's)")
    join.add_argument("--port", type=int, default=None, help="the host's SSH port (default 2222, or the seats file's)")
    join.add_argument(
        "--user", default=None, help="your seat's name (default: your user name, or the seats file's one seat)"
    )
    join.add_argument("--password-file", metavar="FILE", default=None, help="read the seat's password from FILE")
    join.add_argument(
        "--seats-file",
        metavar="FILE",
        default=None,
        help="read the host, port and the seat's password from FILE as host --seats-file writes it",
    )
    join.add_argument(
        "--speech",
        default=None,
        choices=["auto", "off", "screen-reader", "self-voicing"],
        help="speech mode at this computer (default: the speech setting, else auto)",
    )
    join.add_argument(
        "--verbosity",
        default=None,
        choices=["terse", "normal", "verbose"],
        help="how much is announced to you (default: the verbosity setting, else normal)",
    )
    join.add_argument(
        "--lang", default=None, choices=["en", "nl"], help="your language (default: the language setting, else en)"
    )
    join.add_argument("--plain", action="store_true", help="plain lines only, no colour or tables")

    sc = sub.add_parser("scenario", help="run a scenario file and print the outcome")
    sc.add_argument("file", help="the scenario file (JSON, see docs/scenarios.md)")
    sc.add_argument("--json", action="store_true", help="print one JSON object (the default output)")

    sim = sub.add_parser("simulate", help="play bot games and report results")
    sim.add_argument(
        "--players",
        default="bigmoney,random",
        help="bot kinds, comma separated, e.g. bigmoney,random; a strategy such as smithy, or a strategy file "
        "ending in .toml, is a bot too (see docs/strategies.md)",
    )
    _add_game_options(sim)
    sim.add_argument("--games", type=int, default=10, help="how many games to play (default 10)")
    _add_think_option(sim)
    _add_rollouts_option(sim)
    sim.add_argument("--json", action="store_true", help="print the results as one JSON object")
    sim.add_argument(
        "--stats", action="store_true", help="also per-card statistics: what each seat bought and played, score parts"
    )
    sim.add_argument(
        "--workers", type=int, default=1, help="play the games in this many processes (same results, sooner)"
    )
    sim.add_argument(
        "--scheduler",
        default=None,
        metavar="ADDRESS",
        help="play the games on the Dask cluster at this address, e.g. tcp://cluster-host:8786 "
        "(needs pip install 'a11y-dominion[cluster]')",
    )

    cards = sub.add_parser("cards", help="list every card, Event and Landmark")
    cards.add_argument("--json", action="store_true", help="print the list as JSON, in English")
    cards.add_argument(
        "--lang",
        choices=["en", "nl"],
        default=None,
        help="language of the plain listing (default: the language setting); JSON is always English",
    )

    se = sub.add_parser("settings", help="show or change your saved settings")
    se.add_argument(
        "action",
        nargs="?",
        default="show",
        choices=["show", "set", "reset", "path"],
        help="show (the default), set KEY VALUE, reset, or path (where the settings file is)",
    )
    se.add_argument(
        "key",
        nargs="?",
        help="setting name (speech, screen_reader, output, rate, verbosity, language, confirm, or options: "
        "new reads a question's options when they are new and then only when they change, in one short line; "
        "always reads them in full every time), key ACTION for a key binding, or seat NAME SETTING for "
        "one seat's language or verbosity (at a shared computer, its verbosity only: the language is the keyboard's)",
    )
    se.add_argument("value", nargs="*", help="the new value")

    st = sub.add_parser(
        "speech-test",
        help="say whether a screen reader runs, speak a sentence, and say which output spoke it or why none could",
    )
    st.add_argument("text", nargs="?", default="This is a11y-dominion speaking.", help="the sentence to speak")
    st.add_argument(
        "--speech",
        default="self-voicing",
        choices=["auto", "off", "screen-reader", "self-voicing"],
        help="the speech mode to try (default self-voicing: the game's own voice)",
    )

    srv = sub.add_parser("server", help="run a game server for a community: accounts, a lobby and chat, over SSH")
    srv.add_argument(
        "--data", metavar="DIR", required=True, help="the server's folder: server.toml, its database and host key"
    )
    srv.add_argument(
        "--listen", metavar="ADDR", default="127.0.0.1", help="the address to listen on (default 127.0.0.1)"
    )
    srv.add_argument("--port", type=port_number, default=2222, help="the SSH port (default 2222; 0 picks a free one)")
    srv.add_argument(
        "--database",
        metavar="PATH_OR_URL",
        default=None,
        help="the SQLite database (default DIR/server.sqlite3), or a PostgreSQL database's URL: "
        "postgresql://user@host/name",
    )
    srv.add_argument(
        "--ready-file",
        metavar="FILE",
        default=None,
        help="once listening, write the address, port and host key fingerprint to FILE (JSON)",
    )

    hp = sub.add_parser("help", help="read a help page: the same pages as help TOPIC in the game")
    hp.add_argument("topic", nargs="*", help="a topic, and a part's number or name (none: the topics)")
    hp.add_argument(
        "--lang",
        "--language",
        dest="lang",
        choices=["en", "nl"],
        default=None,
        help="language of the page (default: the language setting)",
    )
    return p


def port_number(text: str) -> int:
    """``--port``: a whole number from 0 to 65535; raises argparse.ArgumentTypeError."""
    text = text.strip()
    if not (text.isascii() and text.isdecimal() and len(text) <= 5 and int(text) <= 65535):
        raise argparse.ArgumentTypeError("must be a whole number from 0 to 65535")
    return int(text)


def think_ms_number(text: str) -> int:
    """``--think-ms``: a whole number of milliseconds from 0 to 600000; raises ArgumentTypeError."""
    if not (text.isascii() and text.strip().isdecimal()) or not 0 <= int(text) <= 600000:
        raise argparse.ArgumentTypeError("must be a whole number of milliseconds from 0 to 600000")
    return int(text)


def _add_think_option(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--think-ms",
        type=think_ms_number,
        default=None,
        metavar="N",
        help="the most milliseconds the hard bot thinks per decision (default 1000; 0: it plays as medium)",
    )


def rollouts_number(text: str) -> int:
    """``--rollouts``: a whole number from 1 to :data:`~a11y_dominion.seats.MAX_ROLLOUTS`; raises ArgumentTypeError."""
    from .seats import MAX_ROLLOUTS

    if not (text.isascii() and text.strip().isdecimal()) or not 1 <= int(text) <= MAX_ROLLOUTS:
        raise argparse.ArgumentTypeError(f"must be a whole number of rollouts from 1 to {MAX_ROLLOUTS}")
    return int(text)


def _add_rollouts_option(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--rollouts",
        type=rollouts_number,
        default=None,
        metavar="N",
        help="the hard bot plays at most N rollouts per candidate buy instead of thinking for a time, so that "
        "the same game always gets the same answers from it (a resumed game too, which keeps N)",
    )


def _add_game_options(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--kingdom",
        default="basic-intro",
        help="basic-intro, advanced-intro, random, or Kingdom card names separated by commas",
    )
    p.add_argument("--events", default=None, help="Event names separated by commas")
    p.add_argument("--landmarks", default=None, help="Landmark names separated by commas")
    p.add_argument("--seed", type=seed_number, default=None, help="seed for shuffles (a whole number)")


ENABLE_VIRTUAL_TERMINAL_PROCESSING = 0x0004  # a Windows console mode flag
STD_OUTPUT_HANDLE = -11


class Kernel32(Protocol):
    """The console functions of the Windows API that :func:`console_carries_out_sequences`
    calls (``ctypes.windll.kernel32``): each returns a whole number, 0 for failure."""

    def GetStdHandle(self, which: int, /) -> int: ...  # (the Windows API's names)

    def GetConsoleMode(self, handle: int, mode: object, /) -> int: ...

    def SetConsoleMode(self, handle: int, mode: int, /) -> int: ...


def console_carries_out_sequences(
    platform: str = "", kernel32: Kernel32 | None = None, at_exit: Callable[..., object] | None = None
) -> bool:
    """On Windows, have the console of standard output carry out the few terminal
    sequences the game writes (a cursor move in plain mode, colours for sighted
    players) instead of showing them as text that a screen reader would read out: the
    console mode ``ENABLE_VIRTUAL_TERMINAL_PROCESSING`` (Windows 10 and later), as
    prompt_toolkit sets it for its own output; the mode before is put back at exit.
    Terminals elsewhere always do; standard output that is no console (a pipe, a
    file) gets no sequences.

    ``platform``: a ``sys.platform`` value (empty: this system); ``kernel32``: the
    Windows API (``ctypes.windll.kernel32`` unless given); ``at_exit``: registers what
    runs at exit (:func:`atexit.register` unless given). Returns True when the console
    now carries them out; False elsewhere, with no console, or on a Windows too old.
    Raises nothing."""
    if (platform or sys.platform) != "win32":
        return False
    try:
        import ctypes

        if kernel32 is None:
            if sys.platform != "win32":
                return False  # (told it is Windows, but ctypes has no Windows API here)
            kernel32 = ctypes.windll.kernel32
        if at_exit is None:
            import atexit

            at_exit = atexit.register
        handle = kernel32.GetStdHandle(STD_OUTPUT_HANDLE)
        mode = ctypes.c_uint32()
        if not kernel32.GetConsoleMode(handle, ctypes.byref(mode)):
            return False  # no console
        before = mode.value
        if before & ENABLE_VIRTUAL_TERMINAL_PROCESSING:
            return True
        if not kernel32.SetConsoleMode(handle, before | ENABLE_VIRTUAL_TERMINAL_PROCESSING):
            return False
        at_exit(kernel32.SetConsoleMode, handle, before)
        return True
    except (AttributeError, OSError, ValueError, TypeError):
        return False


def tolerant_streams(streams: tuple[TextIO, ...] | None = None, platform: str = "") -> None:
    """Typed bytes that are not UTF-8 (a Latin-1 terminal, a stray byte in a pipe) are
    read as a replacement character, and a character the terminal cannot show is
    written as one, instead of ending the program.

    ``streams``: the text streams (default: stdin, stdout and stderr); ``platform``: a
    ``sys.platform`` value (empty: this system). On Windows they are UTF-8 too: the
    console's own streams already are, and a pipe or a file would otherwise be the
    ANSI code page (cp1252), which has no room for much the game says; elsewhere they
    keep the encoding of the terminal's locale."""
    windows = (platform or sys.platform) == "win32"
    for stream in (sys.stdin, sys.stdout, sys.stderr) if streams is None else streams:
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            try:
                if windows:
                    reconfigure(encoding="utf-8", errors="replace")
                else:
                    reconfigure(errors="replace")
            except (ValueError, OSError):  # a closed or detached stream
                pass


# the commands that write into the program's own folders (settings, data, games); the
# others (scenario, simulate, cards, speech-test) need the rules and nothing of those
COMMANDS = frozenset(
    {"play", "resume", "games", "stats", "host", "join", "scenario", "simulate", "cards", "settings", "speech-test"}
    | {"server", "help"}
)  # (build_parser's commands)
KEEPS_FILES = frozenset({"play", "resume", "games", "stats", "settings", "host", "join"})


def sweep_own_temps() -> None:
    """At the start: remove the temporary files a killed write left in the program's own
    folders (the settings folder, the data folder and its games), as
    :func:`~a11y_dominion.files.sweep_temps` does; a save's folder is swept at its next write."""
    from .autosave import data_dir, games_dir
    from .files import sweep_temps
    from .settings import settings_path

    for folder in (settings_path().parent, data_dir(), games_dir()):
        sweep_temps(folder)


# the commands whose screen is a game's: what libraries log or warn goes to the data folder's
# library.log, not between the game's lines
SHOWS_A_GAME = ("play", "resume", "host", "join", "scenario")


def command_first(argv: list[str]) -> list[str]:
    """``argv`` with its command first: options alone mean ``play`` (``--speech off``); a
    command typed after options (``--speech screen-reader resume``, as ``install.py --play``
    passes them on) is put before them. Returns a new list; raises nothing."""
    if argv and not argv[0].startswith("-") or argv[:1] in (["-h"], ["--help"]):
        return list(argv)
    commands = [a for a in argv if a in COMMANDS]
    if len(commands) == 1:
        return [commands[0]] + [a for a in argv if a != commands[0]]
    return ["play"] + argv


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    argv = list(sys.argv[1:] if argv is None else argv)
    tolerant_streams()
    console_carries_out_sequences()
    args = build_parser().parse_args(command_first(argv))
    if args.command in KEEPS_FILES:
        sweep_own_temps()
    if args.command in SHOWS_A_GAME:
        from .librarylog import keep_library_messages_off_screen

        keep_library_messages_off_screen()
    try:
        if args.command == "scenario":
            return cmd_scenario(args)
        if args.command == "host":
            return cmd_host(args)
        if args.command == "join":
            from .remote.client import run_join

            return run_join(args)
        if args.command == "server":
            from .server.ssh import run_server

            return run_server(args.data, args.listen, args.port, args.database, args.ready_file)
        if args.command == "simulate":
            return cmd_simulate(args)
        if args.command == "cards":
            return cmd_cards(args)
        if args.command == "settings":
            return cmd_settings(args)
        if args.command == "games":
            return cmd_games(args)
        if args.command == "stats":
            return cmd_stats(args)
        if args.command == "resume":
            return cmd_resume(args)
        if args.command == "help":
            return cmd_help(args)
        if args.command == "speech-test":
            from .announcements.speech import speech_test
            from .settings import load_settings

            saved = str(load_settings()[0].get("screen_reader") or "ask")
            return speech_test(args.text, args.speech, saved=saved)
        from .console.start import run_console

        return run_console(args)
    except KingdomError as e:
        print(f"a11y-dominion: {_lang(getattr(args, 'lang', None)).msg(e)}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("Stopped.", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # the reader went away (e.g. piped into head); nothing more to say
        try:
            sys.stdout = open(os.devnull, "w", encoding="utf-8", newline="\n")
        except OSError:
            pass
        return 0


def cmd_help(args: argparse.Namespace, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """``help [TOPIC [PART]]``: the topics, or a whole player page (or one part of it) as plain
    lines, in ``--lang`` or the language setting; ``help keys``: the shortcut keys of the
    settings. A topic or part that does not exist is one sentence on standard error and exit 2.
    ``out``/``err``: where lines go (default: standard output and error)."""
    from .console.keys import key_help_lines
    from .helppages import bad_part, bad_topic, find_part, find_topic, load_page, page_lines, part_lines, topics_line
    from .i18n import N_, typed_command
    from .settings import load_settings

    out = out or sys.stdout
    err = err or sys.stderr
    settings = load_settings()[0]
    lang = _lang(args.lang)
    words = list(args.topic)
    if not words:
        print(topics_line(lang), file=out)
        print(
            lang.text(
                N_("Type {command} help and a topic, for example {command} help playing."), command=typed_command()
            ),
            file=out,
        )
        return 0
    for k in range(len(words), 0, -1):
        topic = find_topic(" ".join(words[:k]))
        if topic is None:
            continue
        if topic == "keys":
            lines = key_help_lines(lang, dict(settings.get("keys") or {}))
        else:
            page = load_page(topic, lang.code)
            part = " ".join(words[k:])
            if not part:
                lines = page_lines(page, lang)
            else:
                index = find_part(page, part)
                if index is None:
                    print(f"a11y-dominion: {bad_part(page, part, lang)}", file=err)
                    return 2
                lines = part_lines(page, index, lang)
        for line in lines:
            print(line, file=out)
        return 0
    print(f"a11y-dominion: {bad_topic(' '.join(words), lang)}", file=err)
    return 2


def cmd_resume(args: argparse.Namespace) -> int:
    """``resume [ID]``: the game named, or the latest unfinished one played at this keyboard
    (a newer hosted game is named in one sentence), goes on at the same decision, in the
    language and verbosity it was played in unless ``--lang`` or ``--verbosity`` names another."""
    from .autosave import find_game, set_aside_unreadable, unfinished_games
    from .console.start import run_console
    from .record import RecordError

    lang = _lang(args.lang)
    try:
        saved = find_game(args.id, local=True)
    except RecordError as e:
        # the latest game that cannot be read is kept aside, and said instead of "no unfinished game"
        aside = set_aside_unreadable("none") if args.id is None else []
        for said in [lang.msg(m) for m in aside] or [lang.msg(e)]:
            print(f"a11y-dominion: {said}", file=sys.stderr)
        return 2
    given = [
        (option, value)
        for option, value in (("--speech", args.speech), ("--lang", args.lang), ("--verbosity", args.verbosity))
        if value
    ]
    play = build_parser().parse_args(["play"] + [word for pair in given for word in pair])
    # a later game that cannot be read is kept aside, and said: the one before it goes on
    play.set_aside = set_aside_unreadable("older", after=saved.id) if args.id is None else []
    play.plain = args.plain
    play.resume = saved
    if args.id is None and not saved.hosted:  # a newer hosted game, which goes on at the host, is named
        games = unfinished_games()
        ids = [g.id for g in games]
        newer = [g for g in games[ids.index(saved.id) + 1 :] if g.hosted] if saved.id in ids else []
        play.newer_hosted = newer[-1].id if newer else None
    return run_console(play)


def game_lines(games: list[SavedGame], lang: Language, damaged: Sequence[tuple[str, RecordError]] = ()) -> list[str]:
    """One sentence per kept game (:class:`~a11y_dominion.autosave.SavedGame`), latest first:
    its ID, date, players, Kingdom, and the turn it is at or how it ended (who won, the
    scores); then one sentence per autosave that cannot be read (``damaged``: (ID, error)
    pairs, as :func:`~a11y_dominion.autosave.all_games` gives them)."""
    from .announcements.words import join_names
    from .i18n import N_, typed_command
    from .seats import default_seat_names

    if not games and not damaged:
        return [lang._(N_("No games are kept yet; every game you play is kept as it goes."))]
    out = []
    for g in reversed(games):
        if not g.finished:
            problem = _cannot_resume(g)
            if problem is not None:
                out.append(
                    lang.text(
                        N_("The saved game {file} is damaged and cannot be resumed: {error}"),
                        file=g.path.name,
                        error=lang.msg(problem),
                    )
                )
                continue
        # the seat with a language's default name ("Jij") as this language calls it ("You")
        names = default_seat_names(g.record, lang, g.language)
        players = join_names([f"{names.get(n, n)} ({lang._(k)})" for n, k in g.seats], lang)
        kingdom = join_names([lang.card(k) for k in g.kingdom], lang)
        date = g.started.replace("T", " ")
        if g.finished:
            out.append(_finished_line(g, lang, date, players, kingdom, names))
        else:
            people = [n for n, k in g.seats if k in ("human", "remote")]
            if not g.turn:
                turn = lang._(N_("before the first answer"))
            elif people == [g.turn[0]]:  # the one person of the game: the one who reads this
                turn = lang.text(N_("at your turn {n}"), n=g.turn[1])
            else:
                turn = lang.text(N_("at {player}'s turn {n}"), player=names.get(g.turn[0], g.turn[0]), n=g.turn[1])
            out.append(
                lang.text(
                    N_(
                        "Game of {date}, unfinished, {turn}: {players}. Kingdom: {kingdom}. "
                        "Resume it with {command} host --resume {id}."
                    )
                    if any(k == "remote" for _n, k in g.seats)
                    else N_(
                        "Game of {date}, unfinished, {turn}: {players}. Kingdom: {kingdom}. "
                        "Resume it with {command} resume {id}."
                    ),
                    id=g.id,
                    command=typed_command(),
                    date=date,
                    turn=turn,
                    players=players,
                    kingdom=kingdom,
                )
            )
    for _game_id, error in reversed(list(damaged)):
        out.append(lang.msg(error))
    return out


def _cannot_resume(g: SavedGame) -> Msg | str | None:
    """Why the unfinished autosave ``g`` cannot be resumed (a :class:`Msg`: its setup or
    an answer is damaged, or its seat list does not fit its players), or None when
    ``resume`` (``host --resume`` for a game with remote seats) can go on with it."""
    from .bots.kinds import is_bot_kind
    from .record import RecordError, replay

    try:
        game = replay(g.full_record())
    except RecordError as e:
        reason: Msg | str = e.args[0]
        return reason
    names = list(game.config.players)
    kinds = {"human", "remote"} if any(k == "remote" for _n, k in g.seats) else {"human"}
    if [n for n, _k in g.seats] != names or not all(k.lower() in kinds or is_bot_kind(k) for _n, k in g.seats):
        return Msg("The saved game is for {players}, and has no usable seat list.", players=", ".join(names))
    return None


def _finished_line(
    g: SavedGame, lang: Language, date: str, players: str, kingdom: str, names: dict[str, str] | None = None
) -> str:
    """The sentence of a finished game: who won (or who tied) and every player's score
    (``names``: the players shown by another name, :func:`~a11y_dominion.seats.default_seat_names`).
    A result line without scores is made again from the game's answers."""
    from .i18n import N_

    result = g.result or {}
    if not result.get("scores"):
        from .autosave import result_data
        from .record import RecordError, replay

        try:
            result = result_data(replay(g.full_record())) or result
        except RecordError:
            pass
    names = names or {}
    scores = [(str(s[0]), s[1]) for s in result.get("scores", []) if len(s) == 2]
    winners = [str(w) for w in result.get("winners", [])]
    if not winners:
        template = N_("Game of {date}, finished: {players}. Kingdom: {kingdom}. Its result was not kept.")
        return lang.text(template, date=date, players=players, kingdom=kingdom)
    line = lang.text(
        N_("Game of {date}, finished: {players}. Kingdom: {kingdom}."), date=date, players=players, kingdom=kingdom
    )
    return " ".join([line, *result_sentences(winners, scores, names, lang)])


def result_sentences(
    winners: list[str], scores: list[tuple[str, int]], names: Mapping[str, str], lang: Language
) -> list[str]:
    """The result of a finished game as a listener expects it, each player named once: "You won
    with 37 VP.", "Ann and Bea tied with 30 VP.", then "Bot had 25 VP." for each other player.
    ``winners`` names the winners, ``scores`` is (player, VP) pairs, ``names`` the players shown
    by another name (:func:`~a11y_dominion.seats.default_seat_names`)."""
    from .announcements.words import count, join_names
    from .i18n import N_

    vp = dict(scores)
    shown = [str(names.get(w, w)) for w in winners]
    top = vp.get(winners[0])
    if top is None:  # (no score kept for the winner)
        template = N_("{players} tied.") if len(winners) > 1 else N_("{player} won.")
        return [lang.text(template, players=join_names(shown, lang), player=shown[0])]
    if len(winners) > 1:
        out = [lang.text(N_("{players} tied with {vp}."), players=join_names(shown, lang), vp=count(top, "VP", lang))]
    else:
        out = [lang.text(N_("{player} won with {vp}."), player=shown[0], vp=count(top, "VP", lang))]
    for name, points in scores:
        if name not in winners:
            out.append(
                lang.text(N_("{player} had {vp}."), player=str(names.get(name, name)), vp=count(points, "VP", lang))
            )
    return out


def cmd_games(args: argparse.Namespace) -> int:
    """``games``: the kept games, latest first, one sentence each (a damaged one too)."""
    from .autosave import all_games

    damaged: list[tuple[str, RecordError]] = []
    games = all_games(damaged)
    for line in game_lines(games, _lang(), damaged):
        print(line)
    return 0


def stats_lines(figures: Summary, lang: Language) -> list[str]:
    """The figures of :func:`~a11y_dominion.stats.summary` as plain sentences."""
    from .announcements.words import join_names
    from .i18n import N_

    if not figures["games"]:
        return [lang._(N_("No finished games yet; a game counts here once it has ended."))]
    out = [lang.text(N_("Games played to the end: {n}."), n=figures["games"])]
    if figures["human_games"]:
        out.append(
            lang.text(
                N_("You won {wins} {wins:game|games} of {games} and tied {ties}; your average score is {score} VP.")
                if figures.get("human_ties")
                else N_("You won {wins} {wins:game|games} of {games}; your average score is {score} VP."),
                wins=figures["human_wins"],
                games=figures["human_games"],
                ties=figures.get("human_ties", 0),
                score=figures["average_score"],
            )
        )
    for kind, games, wins, ties in figures["opponents"]:
        if kind == "human":
            out.append(lang.text(N_("Between people only: {games} {games:game|games}."), games=games))
        elif ties:
            out.append(
                lang.text(
                    N_("Against {kind}: won {wins} {wins:game|games} of {games} and tied {ties}."),
                    kind=kind,
                    wins=wins,
                    ties=ties,
                    games=games,
                )
            )
        else:
            out.append(
                lang.text(
                    N_("Against {kind}: won {wins} {wins:game|games} of {games}."), kind=kind, wins=wins, games=games
                )
            )
    for cards, games, wins, ties in figures["kingdoms"]:
        out.append(
            lang.text(
                N_("Kingdom {cards}: won {wins} {wins:game|games} of {games} and tied {ties}.")
                if ties
                else N_("Kingdom {cards}: won {wins} {wins:game|games} of {games}."),
                cards=join_names([lang.card(c) for c in cards], lang),
                wins=wins,
                ties=ties,
                games=games,
            )
        )
    return out


def cmd_stats(args: argparse.Namespace) -> int:
    """``stats``: the history of finished games in plain sentences (and a table for sighted players,
    once the speech mode, ``--speech`` or the settings', says that no screen reader reads it)."""
    from .console.display import wants_plain
    from .i18n import N_
    from .settings import load_settings
    from .stats import StatsError, db_path, set_aside, summary

    lang = _lang()
    try:
        figures = summary()
    except StatsError as e:
        kept = None
        if e.damaged:  # kept aside, said once; the next game begins a new history
            try:
                kept = set_aside(db_path())
                figures = summary()
            except (OSError, StatsError):
                kept = None
        if kept is None:
            print(lang.text(N_("a11y-dominion: the game history cannot be read ({error})."), error=e), file=sys.stderr)
            return 2
        print(
            lang.text(
                N_("The game history {file} was damaged, so it is kept as {kept}; a new one begins now."),
                file=str(db_path()),
                kept=str(kept),
            ),
            file=sys.stderr,
        )
    lines = stats_lines(figures, lang)
    from .console.start import chosen_speech

    # the screen reader is known (asked once, when it cannot be told) before anything is shown:
    # a screen reader reads plain lines, one sentence each, never a table
    speech, _why = chosen_speech(args.speech, load_settings()[0], lang, sys.stdout)
    if figures["games"] and speech != "screen-reader" and not wants_plain(speech, args.plain, sys.stdout):
        from rich.console import Console
        from rich.table import Table

        table = Table(title=lang._(N_("Wins per opponent and Kingdom")))
        for head in (N_("Opponent or Kingdom"), N_("Games"), N_("Won"), N_("Tied")):
            table.add_column(lang._(head))
        for kind, games, wins, ties in figures["opponents"]:
            table.add_row(kind, str(games), str(wins), str(ties))
        for cards, games, wins, ties in figures["kingdoms"]:
            table.add_row(", ".join(lang.card(c) for c in cards), str(games), str(wins), str(ties))
        Console().print(table)
        lines = lines[:2]
    for line in lines:
        print(line)
    return 0


def cmd_scenario(args: argparse.Namespace) -> int:
    """``scenario FILE --json``: exit 0 all lines accepted, 1 a line refused, 2 invalid file."""
    from .files import SCENARIO_LIMIT, FileError, read_json, shown_name
    from .scenario import ScenarioError, run_scenario

    try:
        data = read_json(args.file, SCENARIO_LIMIT, "scenario file")
    except FileError as e:
        print(f"a11y-dominion: cannot read scenario {shown_name(args.file)}: {e.args[0]}", file=sys.stderr)
        return 2
    try:
        code, result = run_scenario(data)
    except ScenarioError as e:
        print(f"a11y-dominion: invalid scenario {shown_name(args.file)}: {shown_name(str(e), 600)}", file=sys.stderr)
        return 2
    print(json.dumps(result, ensure_ascii=False, indent=1))
    return code


def cmd_host(args: argparse.Namespace) -> int:
    """``host``: an SSH server for remote seats and the game they play. Exit code 0:
    the game ended (final scores); 1: it stopped before its end (the host
    stopped it, Ctrl+C or SIGTERM, or it could not go on); 2: bad options."""
    import asyncio

    from .files import shown_name
    from .i18n import N_
    from .remote import GameHost
    from .remote.access import AccessError, read_authorized_keys
    from .remote.room import AFTER_GAME
    from .rules.decisions import Msg
    from .seats import parse_seats, rollouts_refusal
    from .tableoptions import bot_after_refusal, setup_of

    lang = _lang(args.lang)
    saved = None
    if args.resume is not None:
        saved, game, seats = _hosted_game(args.resume or None)
        _kept_host_options(args, saved.extra.get("host"))
    elif not args.players:
        raise KingdomError(Msg("host needs --players, for example Ann:remote,Bot:bigmoney, or --resume."))
    else:
        try:
            seats = parse_seats(args.players, remote=True)
        except ValueError as e:
            raise KingdomError(e.args[0]) from e
    if not any(kind == "remote" for _name, kind in seats):
        raise KingdomError("host needs at least one remote seat in --players, for example Ann:remote,Bot:bigmoney.")
    refused = rollouts_refusal(args.rollouts, [kind for _name, kind in seats])
    if refused is not None:
        raise KingdomError(refused)
    humans = [name for name, kind in seats if kind == "human"]
    if len(humans) > 1:
        raise KingdomError(
            Msg(
                "Only one human seat can play at the host's own terminal, not {names}; make the others remote, "
                "for example {example}.",
                names=", ".join(humans),
                example=f"{humans[0]}:human,{humans[1]}:remote",
            )
        )
    args.listen = "127.0.0.1" if args.listen is None else args.listen
    args.port = 2222 if args.port is None else args.port
    if not 0 <= args.port <= 65535:
        raise KingdomError("--port must be a whole number from 0 to 65535.")
    refused = bot_after_refusal(args.bot_after)
    if refused is not None:
        raise KingdomError(refused)
    if args.after_game is not None and not (0 <= args.after_game <= 86400 and args.after_game == args.after_game):
        raise KingdomError("--after-game must be a number of seconds from 0 to 86400.")
    keys = None
    if args.authorized_keys:
        try:
            keys = read_authorized_keys(args.authorized_keys, [name for name, kind in seats if kind == "remote"])
        except AccessError as e:
            raise KingdomError(e.args[0]) from e
    if saved is not None:
        seed = game.config.seed
    else:
        seed = args.seed if args.seed is not None else unguessable_seed()
        game = setup_of(args.kingdom, args.events, args.landmarks, seed, [n for n, _ in seats])[1]

    def out(text: str) -> None:
        print(text, flush=True)

    record_file = _host_target("--record-file", args.record_file)
    seats_file = _host_target("--seats-file", args.seats_file)
    from .console.display import wants_plain
    from .settings import load_settings

    settings = load_settings()[0]
    speech = settings.get("speech") or "auto"
    if speech == "auto" and not args.plain and any(kind == "human" for _name, kind in seats):
        # the host's own player: a screen reader, running or said to be used, gets plain lines, as at play
        from .console.start import auto_speech

        speech, _why = auto_speech(settings, lang, sys.stdout)
    plain = wants_plain(speech, args.plain, sys.stdout)
    verbosity = args.verbosity or (saved.verbosity if saved is not None else "normal")
    from .seats import bot_options

    if saved is not None:
        bots = bot_options(saved.record)  # as the game was hosted: a resumed game goes on identically
    else:
        bots = {name: {"rollouts": args.rollouts} for name, kind in seats if kind == "hard" and args.rollouts}
    host = GameHost(
        game,
        seats,
        seed,
        lang,
        verbosity=verbosity,
        out=out,
        bot_after=args.bot_after,
        after_game=AFTER_GAME if args.after_game is None else args.after_game,
        keys=keys,
        plain=plain,
        speech=speech,
        bot_options=bots,
    )
    kept = {
        "listen": args.listen,
        "port": args.port,
        "bot_after": args.bot_after,
        "after_game": args.after_game,
        "authorized_keys": os.path.abspath(args.authorized_keys) if args.authorized_keys else None,
    }
    save = _host_autosave(host, seats, saved, lang.code, verbosity, kept)
    if saved is not None:
        host.resume(saved.started)  # it goes on at once; each person's login is a return
    damage = saved.damage_notice() if saved is not None else None
    if damage is not None:
        out(lang.msg(damage))
    try:
        code = asyncio.run(host.serve(args.listen, args.port, seats_file))
    except OSError as e:
        print(f"a11y-dominion: cannot listen on {args.listen} port {args.port}: {e.strerror or e}.", file=sys.stderr)
        return 2
    finally:
        if save is not None:
            save.close()
    if record_file is not None:
        try:
            settings = {n: {"language": p.lang.code, "verbosity": p.verbosity} for n, p in host.people.items()}
            write_host_record(record_file, host.table.game, seats, settings)
        except OSError as e:
            error = e.strerror or str(e)
            message = lang.text(
                N_("Cannot write the record to {file}: {error}."), file=shown_name(args.record_file), error=error
            )
            print(f"a11y-dominion: {message}", file=sys.stderr)
            return 2
    return code


def _host_target(option: str, path: str | None) -> str | None:
    """The file ``host`` writes for ``option`` (``--seats-file`` or ``--record-file``):
    ``path`` itself, or the regular file a symbolic link points to
    (:func:`~a11y_dominion.files.write_target`, the check of ``save`` and ``export``);
    None without ``path``. Checked before any port is opened. Raises KingdomError
    (one sentence) for a device, a FIFO, a folder, a link to one of those, or a file
    whose folder does not exist."""
    from .files import FileError, shown_name, write_target
    from .rules.decisions import Msg

    if path is None:
        return None
    try:
        target = write_target(path)[0]
    except FileError:
        raise KingdomError(
            Msg(
                "{option} {file}: that is not a regular file; give the name of a regular file or of a new one.",
                option=option,
                file=shown_name(path),
            )
        ) from None
    if not os.path.isdir(os.path.dirname(os.path.abspath(target))):
        raise KingdomError(Msg("{option} {file}: its folder does not exist.", option=option, file=shown_name(path)))
    return target


def _hosted_game(game_id: str | None) -> tuple[SavedGame, Game, list[SeatSpec]]:
    """(saved game, game, seats) of ``host --resume``: the hosted game ``game_id``, or the
    latest unfinished one that has remote seats. Raises KingdomError (one sentence)."""
    from .autosave import find_game, lock_game, unfinished_games
    from .bots.kinds import is_bot_kind
    from .console.persistence import SEAT_CHOICES
    from .i18n import typed_command
    from .record import RecordError, replay
    from .seats import SeatSpec

    try:
        if game_id is None:
            hosted = [g for g in unfinished_games() if any(k == "remote" for _n, k in g.seats)]
            if not hosted:
                raise RecordError(Msg("There is no unfinished hosted game to bring back."))
            saved = hosted[-1]
            lock_game(saved.path, saved.id)
        else:
            saved = find_game(game_id)
        game = replay(saved.full_record())
    except RecordError as e:
        raise KingdomError(e.args[0]) from None
    seats = []
    for entry in saved.record.get("seats") or []:
        name, kind = str(entry[0]), str(entry[1])
        opts = entry[2] if len(entry) > 2 and isinstance(entry[2], dict) else {}
        language = opts.get("language") if opts.get("language") in SEAT_CHOICES["language"] else None
        verbosity = opts.get("verbosity") if opts.get("verbosity") in SEAT_CHOICES["verbosity"] else None
        seats.append(SeatSpec(name, kind, language, verbosity))
    if [s.name for s in seats] != list(game.config.players) or not all(
        s.kind in ("remote", "human") or is_bot_kind(s.kind) for s in seats
    ):
        raise KingdomError(
            Msg(
                "The game {id} was not hosted for remote seats; resume it with {command} resume.",
                id=saved.id,
                command=typed_command(),
            )
        )
    from .strategies import strategy_problem

    problem = strategy_problem([s.kind for s in seats])
    if problem is not None:  # a strategy seat whose file is gone or now damaged
        raise KingdomError(problem)
    return saved, game, seats


def _kept_host_options(args: argparse.Namespace, kept: object) -> None:
    """``host --resume``: the options the game was hosted with that its players rely on (its
    address and port, which their saved ``ssh`` command and known host key name, the SSH keys
    they log in with, the bot that plays for a player away and the time after the game), kept
    in its autosave (``kept``), for each one not given again on the command line. A kept value
    of the wrong kind is left out (the file is checked as any option is, after this)."""
    if not isinstance(kept, dict):
        return
    checks: dict[str, Callable[[Any], bool]] = {
        "listen": lambda v: isinstance(v, str) and 0 < len(v) <= 255,
        "port": lambda v: type(v) is int and 0 < v <= 65535,
        "bot_after": lambda v: type(v) in (int, float),
        "after_game": lambda v: type(v) in (int, float),
        "authorized_keys": lambda v: isinstance(v, str) and 0 < len(v) <= 4096,
    }
    for key, fits in checks.items():
        if getattr(args, key) is None and fits(kept.get(key)):
            setattr(args, key, kept[key])


def _host_autosave(
    host: GameHost,
    seats: list[SeatSpec],
    saved: SavedGame | None,
    language: str,
    verbosity: str,
    kept: dict[str, Any] | None = None,
) -> Autosave | None:
    """Save every answer of the hosted game (a resumed one to its own file), with the
    seats' passwords, so that ``host --resume`` lets them rejoin as before, and the options
    ``kept`` it was hosted with that they rely on (see :func:`_kept_host_options`; a port
    of 0 is kept as the port it listens on); bots answer as a function of the seed and
    the answers before. None when it cannot be written."""
    from .autosave import Autosave
    from .console.seat import BotSeat
    from .record import make_record

    table = host.table
    for seat in table.seats.values():
        for bot in (seat, seat.__dict__.get("bot")):  # a bot seat, or the bot standing in for a person
            if isinstance(bot, BotSeat):  # its answers depend on the seed and the game only
                bot.steps = lambda: len(table.game.answers)
    people = [s.name for s in seats if s.kind in ("remote", "human")]
    if saved is not None:
        table.replace_game(table.game)  # people hear the game from here on; bots learn it from its start
        host.recall_story()  # and their histories hold what they heard before
    try:
        if saved is not None:
            kept = saved.extra.get("passwords") or {}
            host.passwords.update({n: p for n, p in kept.items() if n in host.passwords and isinstance(p, str)})
            save = Autosave.reopen(saved, humans=people)
        else:
            record = make_record(
                table.game,
                [
                    [s.name, s.kind]
                    + (
                        [{"language": s.language or language, "verbosity": s.verbosity or verbosity}]
                        if s.kind in ("remote", "human")
                        else [host.bots[s.name].options]
                        if s.name in host.bots and host.bots[s.name].options
                        else []
                    )
                    for s in seats
                ],
            )
            extra: dict[str, Any] = {"passwords": dict(host.passwords)}
            if kept is not None:
                extra["host"] = host_options = dict(kept)
                # (the port it listens on, known then: the header is written at the first answer)
                host.listening = lambda port: host_options.__setitem__("port", port)
            save = Autosave.create(record, humans=people, language=language, verbosity=verbosity, extra=extra)
    except OSError:
        return None
    table.autosave = save
    return save


def write_host_record(
    path: str, game: Game, seats: Sequence[Sequence[str]], settings: Mapping[str, Mapping[str, str]] | None = None
) -> None:
    """Write the record of a hosted ``game`` (:func:`~a11y_dominion.record.make_record`)
    to ``path``, readable by its owner only (it holds every player's hand).

    ``seats``: the host's seats (:func:`~a11y_dominion.seats.parse_seats`); a remote
    seat is kept with its language and verbosity: those of ``settings`` (seat name to
    ``{"language": code, "verbosity": word}``, what its player chose), else those
    ``seats`` gave. Raises OSError when the file cannot be written."""
    from .record import dumps, make_record

    listed: list[list[Any]] = []
    for spec in seats:
        name, kind = spec[0], spec[1]
        options = {k: v for k in ("language", "verbosity") if (v := getattr(spec, k, None))}
        options.update((settings or {}).get(name) or {})
        listed.append([name, kind, options] if kind in ("remote", "human") and options else [name, kind])
    from .files import write_atomic

    write_atomic(path, dumps(make_record(game, listed)), mode=0o600)


def cmd_simulate(args: argparse.Namespace) -> int:
    """``simulate``: bot games, results as JSON or plain lines."""
    from .bots.kinds import bot_kind
    from .seats import rollouts_refusal
    from .simulate import simulate

    try:
        kinds = [bot_kind(k) for k in args.players.split(",") if k.strip()]
    except ValueError as e:
        raise KingdomError(e.args[0]) from None
    if not 2 <= len(kinds) <= 6:
        raise KingdomError("simulate needs 2 to 6 bots in --players.")
    refused = rollouts_refusal(args.rollouts, kinds)
    if refused is not None:
        raise KingdomError(refused)
    if args.games < 1:
        raise KingdomError("--games must be at least 1.")
    if args.workers < 1:
        raise KingdomError(Msg("--workers must be a whole number from 1, the number of processes to play in."))
    if args.scheduler is not None and args.workers != 1:
        raise KingdomError(Msg("Give --workers or --scheduler, not both; the cluster's workers play the games."))
    if args.scheduler is not None and not (args.scheduler.strip() and args.scheduler.isprintable()):
        raise KingdomError(
            Msg("--scheduler needs the address of a Dask scheduler, for example tcp://cluster-host:8786.")
        )
    choose_setup(args.kingdom, args.events, args.landmarks, args.seed or 0)  # one clear error up front
    from .announcements.speech.detect import screen_reader_running
    from .settings import load_settings
    from .simulate import ClusterError
    from .simulate_output import make_progress, summary_lines

    lang = _lang()
    progress = make_progress(args.games, lang, load_settings()[0], args.json, running=screen_reader_running)
    try:
        res = simulate(
            kinds,
            args.kingdom,
            args.events,
            args.landmarks,
            args.games,
            args.seed or 0,
            workers=args.workers,
            think_ms=args.think_ms,
            rollouts=args.rollouts,
            scheduler=args.scheduler.strip() if args.scheduler else None,
            stats=args.stats,
            progress=progress,
        )
    except ClusterError as e:
        raise KingdomError(e.args[0]) from None
    finally:
        if progress is not None:
            progress.close()
    if args.json:
        print(json.dumps(res, indent=1))
    else:
        for line in summary_lines(res, lang):
            print(line)
    return 0


class CatalogueEntry(TypedDict):
    """One card, Event or Landmark of ``cards --json``: ``cost`` is ``{"coins": int, "debt": int}``
    (None for a Landmark); ``pile`` the pile a card is in (None for an Event or Landmark)."""

    name: str
    dutch_name: str
    set: str
    types: list[str]
    cost: dict[str, int] | None
    kind: str
    pile: str | None
    text: str


def card_catalogue() -> list[CatalogueEntry]:
    """Every card, Event and Landmark as dicts for ``cards --json``."""
    out: list[CatalogueEntry] = []
    for spec in CARDS.values():
        out.append(
            {
                "name": spec.name,
                "dutch_name": spec.dutch,
                "set": spec.set,
                "types": sorted(spec.types),
                "cost": spec.cost.as_dict(),
                "kind": "card",
                "pile": spec.pile or spec.name,
                "text": spec.text,
            }
        )
    for event in EVENTS.values():
        out.append(
            {
                "name": event.name,
                "dutch_name": event.dutch,
                "set": event.set,
                "types": ["Event"],
                "cost": event.cost.as_dict(),
                "kind": "event",
                "pile": None,
                "text": event.text,
            }
        )
    for landmark in LANDMARKS.values():
        out.append(
            {
                "name": landmark.name,
                "dutch_name": landmark.dutch,
                "set": landmark.set,
                "types": ["Landmark"],
                "cost": None,
                "kind": "landmark",
                "pile": None,
                "text": landmark.text,
            }
        )
    return out


def cmd_cards(args: argparse.Namespace) -> int:
    """``cards``: the catalogue as JSON or as one line per entry."""
    cat = card_catalogue()
    if args.json:
        print(json.dumps(cat, ensure_ascii=False, indent=1))
        return 0
    from .i18n import N_, Language
    from .settings import load_settings

    lang = Language(args.lang or load_settings()[0].get("language") or "en")
    N_("Event"), N_("Landmark")  # type words of the listing
    for c in cat:
        other = c["name"] if lang.code != "en" else c["dutch_name"]
        if c["cost"]:
            print(
                lang.text(
                    N_("{card} ({other}), {types}, costs {cost}: {text}"),
                    card=c["name"],
                    other=other,
                    types=" ".join(lang._(t) for t in c["types"]),
                    cost=lang.cost(c["cost"]["coins"], c["cost"]["debt"]),
                    text=lang._(c["text"]),
                )
            )
        else:
            print(
                lang.text(
                    N_("{card} ({other}), {types}: {text}"),
                    card=c["name"],
                    other=other,
                    types=" ".join(lang._(t) for t in c["types"]),
                    text=lang._(c["text"]),
                )
            )
    return 0


def cmd_settings(args: argparse.Namespace) -> int:
    """``settings [show|set KEY VALUE|set key ACTION KEY|reset|path]``."""
    from .i18n import N_, typed_command
    from .rules.decisions import Msg
    from .settings import (
        SettingsError,
        _copy_defaults,
        check_seat,
        check_value,
        damage,
        describe,
        load_settings,
        save_settings,
        set_key,
        settings_path,
    )

    data, warning = load_settings()
    lang = _lang(data.get("language"))
    damaged = args.action in ("set", "reset") and damage() is not None
    if warning and not damaged:  # a damaged file is kept aside when saving, and that is said
        print(lang.msg(warning), file=sys.stderr)
        if args.action == "set" and settings_path().exists():
            # saving now would leave out the settings that were ignored
            print(
                "a11y-dominion: "
                + lang.text(
                    N_("nothing was saved; fix the settings file or start again with {command} settings reset."),
                    command=typed_command(),
                ),
                file=sys.stderr,
            )
            return 2

    def cannot_save(e: OSError) -> int:
        print(
            "a11y-dominion: "
            + lang.text(
                N_("the settings cannot be saved in {path} ({error})."),
                path=str(settings_path()),
                error=e.strerror or e,
            ),
            file=sys.stderr,
        )
        return 2

    if args.action == "path":
        print(settings_path())
        return 0
    if args.action == "show":
        for line in describe(data):
            print(line)
        return 0
    if args.action == "reset":
        try:
            path, kept = save_settings(_copy_defaults())
        except OSError as e:
            return cannot_save(e)
        if kept is not None:
            print(lang.msg(kept), file=sys.stderr)
        print(lang.text(N_("Settings reset to the defaults in {path}."), path=str(path)))
        return 0
    if not args.key or not args.value:
        print(
            lang.text(
                N_("{command} settings set needs a setting and a value, for example: settings set verbosity terse."),
                command=typed_command(),
            ),
            file=sys.stderr,
        )
        return 2
    try:
        if args.key == "key":
            if len(args.value) != 2:
                raise SettingsError("Write: settings set key ACTION KEYNAME, for example settings set key repeat f2.")
            action = set_key(data["keys"], *args.value)
            said = f"key {action}: {data['keys'][action]}"
        elif args.key == "seat":
            if len(args.value) != 3:
                raise SettingsError(
                    Msg("Write: settings set seat NAME SETTING VALUE, for example settings set seat Ann language nl.")
                )
            name, key, value = args.value
            seats = data.setdefault("seats", {})
            name = next((n for n in seats if n.lower() == name.lower()), name)
            if value.lower() == "default":
                check_seat(name, key, "en" if key == "language" else "normal")
                seats.get(name, {}).pop(key, None)
                if not seats.get(name):
                    seats.pop(name, None)
                said = f"seat {name} {key}: default"
            else:
                seats.setdefault(name, {})[key] = check_seat(name, key, value.lower())
                said = f"seat {name} {key}: {seats[name][key]}"
        else:
            data[args.key] = check_value(args.key, " ".join(args.value))
            value = data[args.key]
            if isinstance(value, bool):
                value = ("on" if value else "off") if args.key == "hints" else ("yes" if value else "no")
            said = f"{args.key}: {'default' if value is None else value}"
    except SettingsError as e:
        print(f"a11y-dominion: {lang.msg(e)}", file=sys.stderr)
        return 2
    try:
        path, kept = save_settings(data)
    except OSError as e:
        return cannot_save(e)
    if kept is not None:
        print(lang.msg(kept), file=sys.stderr)
    print(lang.text(N_("Saved {setting} in {path}."), setting=said, path=str(path)))
    return 0
