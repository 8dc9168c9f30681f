"""The operator's file of a server: ``DATA/server.toml``, read strictly.

The file is TOML (read with :mod:`tomllib`, or ``tomli`` on Python 3.10, as strategy files
are) of seven sections, every key optional::

    [server]   name, motd, max_sessions, max_tables, tables_per_account, table_expires_days,
               after_game_minutes
    [signup]   open, methods, per_address_per_hour
    [ban]      names, addresses
    [moderators] names
    [limits]   connections_per_minute_per_address, lines_per_second, chat_lines, chat_seconds_per_line
    [bots]     quick_workers, think_workers, hard_think_ms
    [storage]  syncer_ms, logins_kept_days

:func:`read_config` gives a :class:`ServerConfig` (the defaults where the file or a key is
absent) or raises :class:`ConfigError` with one sentence naming the file, the line, the key
and what it allows: a section or key the file does not have, a value of the wrong type, a
number out of its range, a name no account can have, an address that is none. The checks
are the small explicit ones of :data:`SECTIONS`; no validation library is a dependency.
:func:`config_or_exit` is the server's start: the sentence on standard error and exit
code 2.
"""

from __future__ import annotations

import ipaddress
import os
import re
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NoReturn, TextIO

from ..files import FileError, read_text, shown_name
from ..i18n import N_, Language
from ..rules.decisions import Msg
from ..strategies import toml_error_words, toml_key_line, toml_line_of, toml_type_name
from .names import name_key, name_refusal

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10 reads TOML with tomli (a dependency there)
    import tomli as tomllib

CONFIG_FILE = "server.toml"
CONFIG_LIMIT = 64 * 1024
"""The largest operator's file read, in bytes."""

EXIT_BAD_CONFIG = 2
"""The exit code of a server whose operator's file is refused."""

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


class ConfigError(ValueError):
    """The operator's file cannot be used; ``args[0]`` is one sentence (a :class:`Msg`)."""


@dataclass(frozen=True)
class ServerSection:
    """``[server]``: the server's ``name`` (said in the welcome line) and ``motd`` (said after
    it), the most sessions at once, the most tables, the most unstarted tables one account may
    have opened, the days after which a playing table nobody came back to is closed, and the
    minutes a table waits after its final scores while none of its players and watchers types
    (0: its people go back to the lobby at once)."""

    name: str = "Dominion"
    motd: str = ""
    max_sessions: int = 400
    max_tables: int = 150
    tables_per_account: int = 3
    table_expires_days: int = 14
    after_game_minutes: int = 10


@dataclass(frozen=True)
class SignupSection:
    """``[signup]``: whether unknown names may make an account at their first login, with
    which login ``methods`` (``"key"``, ``"password"``), and how many accounts one address
    may make in an hour."""

    open: bool = True
    methods: tuple[str, ...] = ("key", "password")
    per_address_per_hour: int = 3


@dataclass(frozen=True)
class BanSection:
    """``[ban]``: the banned account names (as given) and addresses or networks."""

    names: tuple[str, ...] = ()
    addresses: tuple[Network, ...] = ()


@dataclass(frozen=True)
class ModeratorsSection:
    """``[moderators]``: the account names of the moderators (as given)."""

    names: tuple[str, ...] = ()


@dataclass(frozen=True)
class LimitsSection:
    """``[limits]``: new connections a minute from one address; typed lines a second of one
    account; chat: a burst of ``chat_lines`` lines, then one line each ``chat_seconds_per_line``
    seconds."""

    connections_per_minute_per_address: int = 20
    lines_per_second: int = 20
    chat_lines: int = 5
    chat_seconds_per_line: int = 3


@dataclass(frozen=True)
class BotsSection:
    """``[bots]``: the worker processes for the quick bots and for ``hard`` bots and hints
    (None, when the file does not give them: from the machine's processors, see
    :func:`~a11y_dominion.server.pool.pool_sizes`), and the milliseconds a timed ``hard``
    bot thinks."""

    quick_workers: int | None = None
    think_workers: int | None = None
    hard_think_ms: int = 1000


@dataclass(frozen=True)
class StorageSection:
    """``[storage]``: the milliseconds between the syncs of the games' files to the disk
    (0: at once, still off the event loop), and the days login records are kept."""

    syncer_ms: int = 100
    logins_kept_days: int = 30


@dataclass(frozen=True)
class ServerConfig:
    """The operator's settings, a section each (defaults for whatever the file leaves out)."""

    server: ServerSection = field(default_factory=ServerSection)
    signup: SignupSection = field(default_factory=SignupSection)
    ban: BanSection = field(default_factory=BanSection)
    moderators: ModeratorsSection = field(default_factory=ModeratorsSection)
    limits: LimitsSection = field(default_factory=LimitsSection)
    bots: BotsSection = field(default_factory=BotsSection)
    storage: StorageSection = field(default_factory=StorageSection)

    def is_banned_name(self, name: str) -> bool:
        """True when the account name ``name`` is banned in the file, in any letter case or form."""
        key = name_key(name)
        return any(name_key(n) == key for n in self.ban.names)

    def is_banned_address(self, address: str) -> bool:
        """True when ``address`` (an IP address as text, IPv6 perhaps with a ``%zone``) is in
        a banned network of the file; False for text that is no address."""
        try:
            ip = ipaddress.ip_address(address.split("%", 1)[0])
        except ValueError:
            return False
        if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
            ip = ip.ipv4_mapped
        return any(ip.version == net.version and ip in net for net in self.ban.addresses)

    def is_moderator(self, name: str) -> bool:
        """True when the account name ``name`` is a moderator's, in any letter case or form."""
        key = name_key(name)
        return any(name_key(n) == key for n in self.moderators.names)


# ---------------------------------------------------------------- the checks
class _Bad(Exception):
    """A value refused: ``template`` (marked with N_) is the sentence's part after the line,
    with the fields ``key`` and ``section`` and the others of ``fields``; ``value`` is the
    text to find the line of (None: the key's line)."""

    def __init__(self, template: str, value: str | None = None, **fields: object) -> None:
        super().__init__(template, value)
        self.template = template
        self.value = value
        self.fields = fields

    def words(self, key: str, section: str) -> Msg:
        """The sentence's part for the key ``key`` of ``[section]``."""
        return Msg(self.template, key=key, section=section, **self.fields)


MUST_BE = N_("{key} in [{section}] must be {what}, not {got}")
MUST_BE_LIKE = N_("{key} in [{section}] must be {what}, such as {example}")

Check = Callable[[Any], Any]


def _whole(least: int, most: int) -> Check:
    def check(value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not least <= value <= most:
            number = isinstance(value, int | float) and not isinstance(value, bool)
            what = Msg("a whole number from {least} to {most}", least=least, most=most)
            raise _Bad(MUST_BE, what=what, got=str(value) if number else toml_type_name(value))
        return value

    return check


def _flag(value: Any) -> bool:
    if not isinstance(value, bool):
        raise _Bad(MUST_BE, what=Msg("true or false"), got=toml_type_name(value))
    return value


def _line_of_text(least: int, most: int) -> Check:
    def check(value: Any) -> str:
        if not isinstance(value, str) or not least <= len(value) <= most or not value.isprintable():
            if least:
                raise _Bad(
                    N_(
                        "{key} in [{section}] must be one line of text of {least} to {most} characters, "
                        "without control characters"
                    ),
                    least=least,
                    most=most,
                )
            raise _Bad(
                N_(
                    "{key} in [{section}] must be one line of text of at most {most} characters, "
                    "without control characters"
                ),
                most=most,
            )
        return value

    return check


def _methods(value: Any) -> tuple[str, ...]:
    allowed = ("key", "password")
    if (
        not isinstance(value, list)
        or not value
        or any(v not in allowed for v in value)
        or len(set(value)) != len(value)
    ):
        raise _Bad(MUST_BE_LIKE, what=Msg('a list of "key", "password" or both'), example='["key", "password"]')
    return tuple(value)


def _names(value: Any) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise _Bad(MUST_BE_LIKE, what=Msg("a list of account names"), example='["Ann", "Bea"]')
    for v in value:
        if name_refusal(v) is not None:
            raise _Bad(
                N_(
                    "{key} in [{section}] must be a list of account names; {name} is none: a name has 2 to 20 "
                    "characters, without spaces, commas, colons or control characters"
                ),
                v,
                name=repr(shown_name(v, 40)),
            )
    return tuple(value)


def _addresses(value: Any) -> tuple[Network, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise _Bad(
            MUST_BE_LIKE, what=Msg("a list of addresses and networks"), example='["203.0.113.7", "198.51.100.0/24"]'
        )
    out: list[Network] = []
    for v in value:
        try:
            out.append(ipaddress.ip_network(v.strip(), strict=False))
        except ValueError:
            raise _Bad(
                N_(
                    "{key} in [{section}] must be a list of addresses and networks; {address} is none: "
                    "write one such as 203.0.113.7, 2001:db8::1 or 198.51.100.0/24"
                ),
                v,
                address=repr(shown_name(v, 60)),
            ) from None
    return tuple(out)


SECTIONS: dict[str, tuple[type[Any], dict[str, Check]]] = {
    "server": (
        ServerSection,
        {
            "name": _line_of_text(1, 100),
            "motd": _line_of_text(0, 1000),
            "max_sessions": _whole(1, 100_000),
            "max_tables": _whole(1, 10_000),
            "tables_per_account": _whole(1, 100),
            "table_expires_days": _whole(1, 3650),
            "after_game_minutes": _whole(0, 1440),
        },
    ),
    "signup": (
        SignupSection,
        {"open": _flag, "methods": _methods, "per_address_per_hour": _whole(1, 1000)},
    ),
    "ban": (BanSection, {"names": _names, "addresses": _addresses}),
    "moderators": (ModeratorsSection, {"names": _names}),
    "limits": (
        LimitsSection,
        {
            "connections_per_minute_per_address": _whole(1, 10_000),
            "lines_per_second": _whole(1, 1000),
            "chat_lines": _whole(1, 100),
            "chat_seconds_per_line": _whole(0, 3600),
        },
    ),
    "bots": (
        BotsSection,
        {"quick_workers": _whole(1, 64), "think_workers": _whole(1, 64), "hard_think_ms": _whole(10, 60_000)},
    ),
    "storage": (StorageSection, {"syncer_ms": _whole(0, 10_000), "logins_kept_days": _whole(1, 3650)}),
}
"""Each section: its record type and, for each key, the check that gives its value or
says what it allows."""


def _section_line(text: str, section: str) -> int:
    """The line (from 1) of the ``[section]`` header in ``text``; 1 if there is none."""
    pat = re.compile(r"^\s*\[\s*[\"']?" + re.escape(section) + r"[\"']?\s*\]")
    for i, line in enumerate(text.splitlines()):
        if pat.match(line):
            return i + 1
    return 1


def parse_config(text: str, file: str) -> ServerConfig:
    """The :class:`ServerConfig` of the TOML ``text`` of the file named ``file`` (for sentences).

    Raises :class:`ConfigError` with one sentence naming the line: text that is not TOML, a
    section or key that is not one of :data:`SECTIONS`, a section that is not a table, a
    value its key's check refuses (wrong type, out of range, not a name or an address)."""

    def fail(line: int, what: Msg) -> ConfigError:
        return ConfigError(Msg("{file}, line {line}: {what}.", file=file, line=line, what=what))

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        m = re.search(r"at line (\d+)", str(e))
        line = int(m.group(1)) if m else max(1, len(text.splitlines()))  # (else "at end of document")
        raise ConfigError(
            Msg(
                "{file}, line {line}: this is not TOML ({error}); the server's file is TOML, "
                'such as [server] on one line and name = "Dominion at Example" on the next.',
                file=file,
                line=line,
                error=toml_error_words(str(e)),
            )
        ) from None
    sections: dict[str, Any] = {}
    for section, table in data.items():
        if section not in SECTIONS:
            line = _section_line(text, section)
            if line == 1:
                line = toml_key_line(text, section)
            raise fail(
                line,
                Msg(
                    "{section} is not a section of the server's file; its sections are {sections}",
                    section=repr(section),
                    sections=", ".join(f"[{s}]" for s in SECTIONS),
                ),
            )
        kind, checks = SECTIONS[section]
        start = _section_line(text, section)
        if not isinstance(table, dict):
            raise fail(
                toml_key_line(text, section),
                Msg("{section} must be a section, [{section}], not {got}", section=section, got=toml_type_name(table)),
            )
        values: dict[str, Any] = {}
        for key, value in table.items():
            kline = toml_key_line(text, key, start)
            if key not in checks:
                raise fail(
                    kline,
                    Msg(
                        "{key} is not a key of [{section}]; its keys are {keys}",
                        key=repr(key),
                        section=section,
                        keys=", ".join(checks),
                    ),
                )
            try:
                values[key] = checks[key](value)
            except _Bad as bad:
                line = kline if bad.value is None else toml_line_of(text, bad.value, kline)
                raise fail(line, bad.words(key, section)) from None
        sections[section] = kind(**values)
    return ServerConfig(**sections)


def config_path(data: Path) -> Path:
    """Where the operator's file of the data folder ``data`` is: ``data/server.toml``."""
    return data / CONFIG_FILE


def read_config(data: Path) -> ServerConfig:
    """The settings of the operator's file in the data folder ``data`` (:func:`config_path`);
    the defaults when there is no such file. At most :data:`CONFIG_LIMIT` bytes are read.

    Raises :class:`ConfigError` (one sentence) when the file cannot be read (not a regular
    file, too large, not UTF-8, unreadable) or is refused by :func:`parse_config`."""
    path = config_path(data)
    if not os.path.lexists(path):
        return ServerConfig()
    try:
        text = read_text(str(path), CONFIG_LIMIT)
    except FileError as e:
        raise ConfigError(e.args[0]) from None
    return parse_config(text, shown_name(str(path)))


def refuse_to_start(error: ConfigError, lang: Language, err: TextIO) -> NoReturn:
    """Write the sentence of ``error`` in ``lang`` on ``err`` (one line) and stop with exit
    code :data:`EXIT_BAD_CONFIG` (raises SystemExit)."""
    print(lang.msg(error.args[0]), file=err)
    raise SystemExit(EXIT_BAD_CONFIG)


def config_or_exit(data: Path, lang: Language, err: TextIO) -> ServerConfig:
    """The settings of the data folder ``data`` (:func:`read_config`) as a server starts: a
    file that is refused is said on ``err`` in ``lang`` and the program stops with exit code
    :data:`EXIT_BAD_CONFIG` (raises SystemExit)."""
    try:
        return read_config(data)
    except ConfigError as e:
        refuse_to_start(e, lang, err)


def defaults() -> Mapping[str, Mapping[str, Any]]:
    """Each section's keys with their default values (for docs and tests)."""
    config = ServerConfig()
    return {s: {k: getattr(getattr(config, s), k) for k in checks} for s, (_kind, checks) in SECTIONS.items()}
