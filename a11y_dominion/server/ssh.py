"""The server's SSH side: logins against the database, sign-up at the first login of an
unknown name, bans, the most sessions at once and the rates, and the server's start.

:class:`GameServer` holds what every connection shares (the operator's settings, the
database, the password hasher, the rates, the lobby); :class:`Login` is asyncssh's server
object of one connection, whose callbacks decide who may log in:

- a connection from an address that made too many lately is closed at once, with no words;
- a banned address, a name no account can have (:func:`~.names.name_refusal`: the name
  rule in one sentence), a banned name (in the operator's file or the database's bans), a
  full server, a new name while sign-up is closed and a new name from an address that made
  its accounts of the hour (:meth:`~.limits.Rates.signup_left`) and a new name from ``join`` (its SSH
  version line: :func:`~.joined.is_join`; sign-up is at an ssh login) are refused at ``begin_auth`` with one
  sentence as the SSH banner, and the connection ends, with that sentence in English as its
  reason, so that no password is asked and no failed login is counted;
- every banner is said in English, then in Dutch, as the player's language is not known yet;
- a known name logs in with one of its keys or its password (scrypt, off the event loop,
  limited by name and address, and more loosely by address: :class:`~.limits.PasswordTries`);
  a wrong password gets the banner "Wrong user name or password. ..." whether the name
  exists or not;
- each refused login is a line of the server's log (INFO) and output, with the name typed,
  the address and why (the banner's sentence, a wrong password, no account of that name);
  never the password or the key;
- an unknown name that may be an account's, while the operator's file keeps sign-up open,
  hears how to make its account before the password is asked; it is let in with the key
  or the password it offered (at least :data:`~.hasher.MIN_PASSWORD` characters, else the
  rule is said and ssh asks again), and the session asks whether to make the account
  (:mod:`.session`).

The SSH library checks the user name (SASLprep) before any of this: a name with a character
it refuses, such as an emoji or an escape character, is disconnected with the library's own
English sentence, which the server can neither see first nor change.

What a connection learnt is handed to its session through asyncssh's extra information:
``account`` (an :class:`~.store.Account`) or ``signup`` (``("key", SSHKey)`` or
``("password", text)``), and ``address``.
"""

from __future__ import annotations

import asyncio
import errno
import ipaddress
import json
import logging
import math
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .. import __version__
from ..files import keep_to_owner, shown_name, write_atomic
from ..i18n import LANGUAGES, N_, Language
from ..remote.access import host_key, ssh_server_options
from ..remote.protocol import GAME_SERVER
from ..remote.signals import on_signals
from ..remote.sshlib import asyncssh
from ..rules.decisions import Msg
from .config import ServerConfig
from .hasher import MIN_PASSWORD, Hasher, PasswordTooLong, needs_rehash
from .joined import is_join, where
from .limits import Rates
from .lobby import Lobby
from .names import name_key, name_refusal
from .store import Account, Store
from .tables import Tables

MAX_LINE = 1000
"""Characters of a typed line that are read; the rest is cut off."""


def wait_msg(seconds: float) -> Msg:
    """A wait of ``seconds`` (rounded up), to be said in any language: seconds under a minute,
    else whole minutes."""
    whole = math.ceil(seconds)
    if whole < 60:
        return Msg("{n} {n:second|seconds}", n=whole)
    return Msg("{n} {n:minute|minutes}", n=math.ceil(whole / 60))


def taken_name(typed: str, name: str) -> Msg:
    """The banner of a login as ``typed``, which the account ``name`` has in another letter case
    or form: that the name is taken, and how to make an account of one's own. It tells no more
    than the banner of a name without an account would (that one exists), and ``who`` and
    ``ranking`` name the accounts anyway."""
    return Msg(
        "The name {typed} is taken by the account {player}, as a name is the same in any letter case; if that "
        "account is not yours, log in again with another name to make your own.",
        typed=typed[:40],
        player=name,
    )


class GameServer:
    """What the server's connections share: ``config`` (the operator's settings), ``store``
    (the database), ``data`` (the data folder, where the host key is kept), the password
    ``hasher``, the ``rates``, the ``lobby``, the ``lang`` of its banners and log, and the
    live connections (:attr:`connections`)."""

    def __init__(self, config: ServerConfig, store: Store, data: Path, hasher: Hasher | None = None) -> None:
        self.config = config
        self.store = store
        self.data = data
        self.hasher = hasher or Hasher()
        self.rates = Rates(config)
        self.lobby = Lobby(store, self.rates)
        self.pools: Any = None  # the bot pools (.pool.BotPools), started as the server starts listening
        self.tables = Tables(store, data / "games", None, Language("en"))
        self.lobby.tables = self.tables
        self.lobby.moderator = lambda name: self.config.is_moderator(name)
        self.lobby.file_banned = lambda name: self.config.is_banned_name(name)
        self.lobby.reload = self.reload
        self.lobby.hasher = self.hasher
        self.tables.accounts = store.account
        self.tables.sessions_of = lambda account: list(self.lobby.people.get(account, []))
        self.lobby.accounts = store.account
        self.tables.limits = lambda: (self.config.server.max_tables, self.config.server.tables_per_account)
        self.tables.after_game = lambda: self.config.server.after_game_minutes * 60.0
        self.lang = Language("en")
        self.connections = 0
        self.sessions: set[Any] = set()  # the sessions past their login (ServerSession)
        self.stopped = asyncio.Event()
        self.log = logging.getLogger("a11y_dominion.server")

    def goodbye(self) -> None:
        """The server stops: every session is told so in its language, then ends; a player whose
        started game, or a seat at a table not started yet, is kept hears how to go back to it
        after the restart (a game over, already recorded, is not kept: its players hear goodbye,
        and ``games`` tells it after the restart). Nobody is told of another session that ends."""
        self.tables.stopping = True  # (the sessions that end keep their seats)
        for kept in self.tables.tables.values():
            if kept.playing:
                kept.room.closing_down = True
        for session in list(self.sessions):
            account = getattr(session, "account", None)
            table = self.tables.of(account) if account is not None else None
            if table is not None and table.playing and table.room.over:
                table = None  # (recorded: nothing to go back to)
            if table is not None and table.playing:
                session.goodbye(
                    N_(
                        "The server stops; your game at table {number} is kept: after the restart, log in and "
                        "type sit {number}."
                    ),
                    number=table.number,
                )
            elif table is not None:
                session.goodbye(
                    N_(
                        "The server stops; your seat at table {number} is kept: after the restart, log in and "
                        "type sit {number}."
                    ),
                    number=table.number,
                )
            else:
                session.goodbye(N_("The server stops; goodbye."))

    def reload(self) -> Msg:
        """Read ``server.toml`` again (SIGHUP on POSIX, or a moderator's ``reload``) and use
        its settings from now on; returns what was done, one sentence, also printed and
        written to the log. A file that is refused leaves the settings as they were, and the
        sentence names its line. The sessions of a name (logged in, or still signing up) or
        from an address the file bans now end, each with one sentence
        (:meth:`_put_out_addresses`); Tab completes
        the moderators' commands for the moderators the file names now; the limits
        start again from full (the failed logins are kept); ``[bots]`` and ``[storage]``
        take effect at the next start."""
        from .config import ConfigError, read_config

        fault = False  # (a file refused is the operator's to mend: a WARNING; a reload done is INFO)
        try:
            new = read_config(self.data)
        except ConfigError as e:
            said, fault = Msg("The server's settings stay as they were: {why}", why=e.args[0]), True
        else:
            changed = changed_keys(self.config, new)
            old, self.config = self.config, new
            if old.limits != new.limits or old.signup != new.signup:
                rates = Rates(new)
                rates.logins = self.rates.logins
                self.rates = self.lobby.rates = rates
            for session in self.sessions:  # Tab completes the moderators' commands for the moderators now named
                seat = getattr(session, "lobby_seat", None)
                if seat is not None:
                    seat.moderator = new.is_moderator(str(getattr(session, "name", "") or ""))
            put_out = self._put_out_addresses(new)
            named = [p.session for p in self.lobby.everyone() if p.session is not None and new.is_banned_name(p.name)]
            # and a name still signing up, not in the lobby yet
            named += [s for s in self.sessions if new.is_banned_name(str(getattr(s, "name", "") or ""))]
            for session in dict.fromkeys(named):
                if session not in put_out:
                    session.goodbye(N_("The server's operator banned your name from this server."))
            if not changed:
                said = Msg("The server's settings were read again; nothing changed.")
            elif any(key.endswith(("[bots]", "[storage]")) for key in changed):
                said = Msg(
                    "The server's settings were read again; changed: {keys}. [bots] and [storage] take effect at "
                    "the next start.",
                    keys=", ".join(changed),
                )
            else:
                said = Msg("The server's settings were read again; changed: {keys}.", keys=", ".join(changed))
        text = self.lang.msg(said)
        (self.log.warning if fault else self.log.info)("%s", text)
        print(text, flush=True)
        return said

    def _put_out_addresses(self, config: ServerConfig) -> list[Any]:
        """End, each with one sentence in its language, every session (in the lobby, at a table
        or signing up) from an address that ``config`` bans; returns them."""
        put_out = [s for s in list(self.sessions) if config.is_banned_address(str(getattr(s, "address", "")))]
        for session in put_out:
            session.goodbye(N_("The server's operator banned your address from this server."))
        return put_out

    def note(self, template: str, **fields: object) -> None:
        """One line of the server's own (``template``, an English template marked with N_,
        filled with ``fields``) printed on its output and written to its log (INFO): a login, a
        sign-up, a logout."""
        text = self.lang.text(template, **fields)
        print(text, flush=True)
        self.log.info("%s", text)

    def fault(self, name: str, error: BaseException) -> None:
        """A session of ``name`` failed inside the server: logged, the server goes on."""
        self.log.warning("a session of %s failed", name, exc_info=error)

    async def banned_name(self, name: str) -> bool:
        """Whether ``name`` is banned by the operator's file or a moderator (in any form)."""
        if self.config.is_banned_name(name):
            return True
        key = name_key(name)
        return any(b.kind == "name" and b.value == key for b in await self.store.bans())

    async def banned_address(self, address: str) -> bool:
        """Whether ``address`` is banned by the operator's file or a moderator (an address or
        a network holding it)."""
        if self.config.is_banned_address(address):
            return True
        try:
            ip = ipaddress.ip_address(address.split("%", 1)[0])
        except ValueError:
            return False
        for ban in await self.store.bans():
            if ban.kind != "address":
                continue
            try:
                if ip in ipaddress.ip_network(ban.value, strict=False):
                    return True
            except (ValueError, TypeError):
                continue
        return False

    def wrong_password(self) -> Msg:
        """The banner of a refused password, the same whether the name has an account or not."""
        return Msg(
            "Wrong user name or password. Log in with your account's name as the user and its password, "
            "or with its SSH key."
        )

    def full(self) -> Msg:
        """The banner of a connection past ``max_sessions``."""
        most = self.config.server.max_sessions
        return Msg(
            "The server is full: {n:1 person is|{n} people are} connected, its most. Try again in a few minutes.",
            n=most,
        )

    def new_name(self, name: str) -> Msg:
        """The banner of a name that has no account yet, while sign-up is open: how the login
        makes one (by the methods the operator's file allows), said before the password is
        asked."""
        methods = self.config.signup.methods
        if "key" in methods and "password" in methods:
            return Msg(
                "There is no account named {player} yet: log in with your SSH key to make it, or type a new "
                "password of at least {n} characters.",
                player=name,
                n=MIN_PASSWORD,
            )
        if "password" in methods:
            return Msg(
                "There is no account named {player} yet: type a new password of at least {n} characters to make it.",
                player=name,
                n=MIN_PASSWORD,
            )
        return Msg("There is no account named {player} yet: log in with your SSH key to make it.", player=name)

    def signup_open(self, method: str) -> bool:
        """Whether an unknown name may make an account by ``method`` (``"key"``, ``"password"``)."""
        signup = self.config.signup
        return signup.open and method in signup.methods

    async def listen(self, listen: str, port: int) -> Any:
        """Start the SSH server on ``listen``:``port`` (0: a free port) with the host key kept in
        the data folder; returns asyncssh's server (its ``sockets`` tell the port)."""
        from .session import serve_session

        key = host_key(self.data)
        self.host_key = key
        server = self

        def made() -> Login:
            return Login(server)

        return await asyncssh.create_server(
            made,
            listen,
            port,
            server_host_keys=[key],
            process_factory=lambda process: serve_session(server, process),
            server_version=f"{GAME_SERVER}_{__version__}",  # join reads it: the lobby, over the seat protocol
            encryption_algs=SERVER_CIPHERS,
            **ssh_server_options(),
        )


# The ciphers the server offers: AES, in GCM or with a MAC, which the processor does in hardware and
# asyncssh in one call a packet. ChaCha20-Poly1305, which OpenSSH's and asyncssh's clients would choose
# first, takes asyncssh four calls a packet: about 16 microseconds against AES-GCM's 1.7 on the test
# machine, for each of the ten packets or so an answer sends, in the process that serves every table.
SERVER_CIPHERS = ("aes256-gcm@openssh.com", "aes128-gcm@openssh.com", "aes256-ctr", "aes192-ctr", "aes128-ctr")


def reload_on_hangup(
    loop: asyncio.AbstractEventLoop, reload: Callable[[], object], platform: str = ""
) -> Callable[[], None]:
    """Have ``loop`` call ``reload()`` at each SIGHUP from now on, in the way of ``platform`` (a
    ``sys.platform`` value; empty: this system): on POSIX the loop's own signal handler
    (:func:`~a11y_dominion.remote.signals.on_signals`); Windows has no SIGHUP, and a moderator's
    ``reload`` does it there, so nothing is set. Returns what puts SIGHUP back as it was (a
    callable of no arguments); raises nothing."""
    if (platform or sys.platform) == "win32":
        return lambda: None

    def hangup() -> None:
        reload()  # (what it did is printed and logged by itself)

    return on_signals(loop, [("SIGHUP", hangup)], platform)


def changed_keys(old: ServerConfig, new: ServerConfig) -> list[str]:
    """The keys whose values differ between ``old`` and ``new``, each as "motd in [server]",
    in the order of the file's sections and keys."""
    from .config import SECTIONS

    return [
        f"{key} in [{section}]"
        for section, (_kind, checks) in SECTIONS.items()
        for key in checks
        if getattr(getattr(old, section), key) != getattr(getattr(new, section), key)
    ]


def ready_file(path: str, host: str, port: int, fingerprint: str) -> None:
    """Write ``{"host", "port", "fingerprint"}`` to ``path`` (atomically), once the server listens."""
    write_atomic(path, json.dumps({"host": host, "port": port, "fingerprint": fingerprint}), mode=0o644)


REFUSED = N_("A login as {player} from {address} was refused: {why}")
"""The server's log line of a login refused with a sentence (``why``, the banner the player got)."""


class Login(asyncssh.SSHServer):
    """asyncssh's server object of one connection to ``server`` (see the module's text)."""

    def __init__(self, server: GameServer) -> None:
        self.server = server
        self.conn: Any = None
        self.address = "?"
        self.refusal: Msg | None = None  # the banner every authentication is refused with
        self.counted = False
        self.account: Account | None = None

    def connection_made(self, conn: Any) -> None:
        """A new connection: its address is read and counted."""
        self.conn = conn
        peer = conn.get_extra_info("peername") or ("?",)
        self.address = str(peer[0])
        conn.set_extra_info(address=self.address)
        if self.server.rates.connection(self.address) != "ok":
            conn.close()  # a flood gets no words
            return
        if self.server.connections >= self.server.config.server.max_sessions:
            self.refusal = self.server.full()
            return
        self.server.connections += 1
        self.counted = True

    def connection_lost(self, exc: BaseException | None) -> None:
        """The connection ended: it no longer counts."""
        if self.counted:
            self.server.connections -= 1
            self.counted = False

    def _banner(self, said: Msg) -> None:
        """Send ``said`` as the SSH banner in every language of the game, one line each: the
        player's language is not known before the login."""
        lines = dict.fromkeys(Language(code).msg(said) for code in LANGUAGES)
        try:
            self.conn.send_auth_banner("".join(line + "\r\n" for line in lines))
        except Exception:  # noqa: BLE001 - the client went, or logged in meanwhile
            pass

    def _refused(self, username: str, template: str, **fields: object) -> None:
        """A login refused: the name typed, the address and why (``template``, an English
        template with ``{player}`` and ``{address}``, filled with ``fields`` too) in the server's
        log (INFO, as every login: :meth:`GameServer.note`); never the password or the key."""
        self.server.note(template, player=shown_name(username, 40), address=self.address, **fields)

    def _refuse(self, said: Msg) -> None:
        """End the connection after its banner, so that the client asks for no password: an
        empty list of ways to log in would not do, as OpenSSH then tries every way it has. The
        reason given is the banner's sentence ``said`` in English, cleaned (OpenSSH prints it:
        "Received disconnect from ...: 14: This server makes no new accounts; ...")."""
        reason = shown_name(self.server.lang.msg(said), 300)
        try:
            self.conn.disconnect(asyncssh.DISC_NO_MORE_AUTH_METHODS_AVAILABLE, reason)
        except Exception:  # noqa: BLE001 - the client went meanwhile
            pass

    async def begin_auth(self, username: str) -> bool:
        """Refuse a banned address, a name no account can have, a banned name, a full server
        and a new name from an address past its sign-ups of the hour with a banner (then no
        way to log in is offered, so the client asks for no password and counts no failure);
        look the name up, and tell a new name how to make its account before the password is
        asked."""
        server = self.server
        if self.refusal is None and await server.banned_address(self.address):
            self.refusal = Msg("Your address is banned from this server.")
        if self.refusal is None:
            self.account = await server.store.account(username)
            if self.account is None:
                self.refusal = name_refusal(username)
        if self.refusal is None and await server.banned_name(username):
            self.refusal = Msg("The name {player} is banned on this server.", player=username[:40])
        if self.refusal is None and self.account is not None and self.account.disabled:
            self.refusal = Msg("The name {player} is banned on this server.", player=self.account.name)
        if self.refusal is None and self.account is None and not server.config.signup.open:
            self.refusal = Msg(
                "This server makes no new accounts; ask its operator for one, or log in with an account you have."
            )
        if self.refusal is None and self.account is None and is_join(self.conn.get_extra_info("client_version")):
            self.refusal = Msg(  # (sign-up is a dialogue at a terminal: said before any password is asked)
                "There is no account named {player} here yet; make it with ssh first, then join plays here: "
                "ssh -p {port} {player}@{host}.",
                **where(self.conn, username[:40]),
            )
        if self.refusal is None and self.account is None and not server.rates.signup_left(self.address):
            self.refusal = server.rates.signup_refusal()  # (said before any question, the password's too)
        if self.refusal is not None:
            self._banner(self.refusal)
            self._refuse(self.refusal)
            self._refused(username, REFUSED, why=server.lang.msg(self.refusal))
        elif self.account is None:
            self._banner(server.new_name(username))
        elif username != self.account.name:  # (its owner may type it so; a newcomer learns why no account is made)
            self._banner(taken_name(username, self.account.name))
        return True

    def public_key_auth_supported(self) -> bool:
        return self.refusal is None

    def password_auth_supported(self) -> bool:
        return self.refusal is None

    async def validate_public_key(self, username: str, key: Any) -> bool:
        """A known account's key, or an unknown name's key offered for a sign-up."""
        if self.refusal is not None:
            return False
        server = self.server
        if self.account is not None:
            keys = await server.store.keys(self.account.id)
            if any(k.public_data == key.public_data for k in keys):
                self.conn.set_extra_info(account=self.account)
                return True
            return False
        if server.signup_open("key"):
            self.conn.set_extra_info(signup=("key", key))
            return True
        return False

    async def validate_password(self, username: str, password: str) -> bool:
        """A known account's password (checked off the event loop, limited by name and address
        and by address: :class:`~.limits.PasswordTries`), or a password offered for a sign-up
        (at least :data:`~.hasher.MIN_PASSWORD` characters, else refused with the rule and not
        counted as a failure); a refusal is said in the banner, after the wait of the failures."""
        if self.refusal is not None:
            return False
        server = self.server
        tries = server.rates.logins
        wait, bound = tries.retry_after(username, self.address)
        if wait > 0:
            words = wait_msg(wait)
            if bound == "address":
                said = Msg("Too many failed logins from your address; try again in {wait}.", wait=words)
            else:
                name = self.account.name if self.account is not None else username
                said = Msg(
                    "Too many failed logins as {player} from your address; try again in {wait}.",
                    player=name,
                    wait=words,
                )
            self._banner(said)
            self._refused(username, REFUSED, why=server.lang.msg(said))
            return False
        if self.account is None and server.signup_open("password"):
            if len(password) < MIN_PASSWORD:
                self._banner(Msg("That password is too easy to guess: use at least {n} characters.", n=MIN_PASSWORD))
                return False
            self.conn.set_extra_info(signup=("password", password))
            return True
        stored = self.account.password if self.account is not None else None
        try:
            right = await server.hasher.verify(password, stored)
        except PasswordTooLong:
            right = False
        verdict = tries.attempt(username, self.address, lambda: right)
        if verdict.ok and self.account is not None:
            if stored is not None and needs_rehash(stored):  # stored with older parameters: new ones now
                await server.store.set_password(self.account.id, await server.hasher.hash(password))
            self.conn.set_extra_info(account=self.account)
            return True
        self._banner(server.wrong_password())
        if self.account is None:
            self._refused(username, N_("A login as {player} from {address} was refused: no account has that name."))
        elif not right:
            self._refused(username, N_("A login as {player} from {address} was refused: a wrong password."))
        else:  # (the right password, as other failures from the address locked it meanwhile)
            self._refused(username, N_("A login as {player} from {address} was refused: too many failed logins."))
        await server.store.logged_in(self.account.id if self.account else None, self.address, False)
        await tries.sleep(verdict.delay)
        return False


EXIT_CANNOT_START = 2
"""The exit code of a server that cannot start (its folder, file, database or address)."""


SERVER_LOG = "server.log"
"""The server's log in its data folder: its warnings and the libraries', with the time of each."""


def run_server(data: str, listen: str, port: int, database: str | None = None, ready: str | None = None) -> int:
    """The ``server`` command: read ``data``/server.toml, open the database (``database``: a
    SQLite file's path or a PostgreSQL URL; else ``data``/server.sqlite3), take the folder's
    lock, bring back the tables a stopped or killed server left
    (:meth:`~.tables.Tables.restore`; one line each on standard output), listen on
    ``listen``:``port``, write the ``ready`` file (when given), and serve until SIGINT or SIGTERM (SIGBREAK on Windows).
    Warnings, its own and the libraries', go to :data:`SERVER_LOG` in ``data``, never to
    the screen. Returns the exit code: 0 when stopped, :data:`EXIT_CANNOT_START` (one sentence on
    standard error) when it cannot start."""
    import sys

    from .config import config_or_exit
    from .store import StoreError, database_path

    lang = Language("en")
    folder = Path(data)
    if folder.exists() and not folder.is_dir():
        print(lang.text(N_("{path} is not a folder; --data needs the server's folder."), path=data), file=sys.stderr)
        return EXIT_CANNOT_START
    config = config_or_exit(folder, lang, sys.stderr)
    try:
        if not folder.exists():  # (a folder the operator made keeps the access the operator gave it)
            folder.mkdir(parents=True)
            keep_to_owner(folder)  # the password hashes and the host key: not for every user, on Windows too
        games = folder / "games"
        if not games.exists():  # the tables' autosaves, with their players' names: as the data folder
            games.mkdir(exist_ok=True)
            keep_to_owner(games)
    except OSError as e:
        print(
            lang.text(N_("The folder {path} cannot be made ({error})."), path=data, error=e.strerror or str(e)),
            file=sys.stderr,
        )
        return EXIT_CANNOT_START
    from ..librarylog import keep_library_messages_off_screen

    # (else Python prints the warnings a second time); the server's own INFO lines go there too
    keep_library_messages_off_screen(folder / SERVER_LOG, own="a11y_dominion.server")
    import filelock

    lock = filelock.FileLock(str(folder / "server.lock"), timeout=0, mode=0o600, thread_local=False)
    try:
        lock.acquire()
    except (filelock.Timeout, OSError):
        print(lang.text(N_("Another server uses the folder {path}."), path=data), file=sys.stderr)
        return EXIT_CANNOT_START
    try:  # (made 0600 on POSIX; on Windows its own access list, and one an older server made is mended)
        keep_to_owner(folder / "server.lock")
    except OSError:
        pass  # (the data folder is its owner's only already)
    try:
        try:
            store = Store.open(database or database_path(folder))  # (a file's path, or a PostgreSQL URL)
        except StoreError as e:
            print(lang.msg(e.args[0]), file=sys.stderr)
            return EXIT_CANNOT_START
        try:
            return asyncio.run(_serve(GameServer(config, store, folder), listen, port, ready))
        finally:
            store.close()
    finally:
        lock.release()


def listen_failure(e: OSError) -> str:
    """The sentence (an English template with the fields ``host``, ``port`` and ``reason``) for
    a server that could not listen, by the system's error ``e``: a port another program holds
    (EADDRINUSE, the same code on Windows) says so plainly; another error gives the system's
    own words (:func:`~..remote.neterrors.os_reason`, not asyncio's "error while attempting to
    bind on address ...")."""
    if e.errno == errno.EADDRINUSE:
        return N_("Port {port} on {host} is in use by another program; stop it, or choose another port with --port.")
    return N_("The server cannot listen on {host} port {port}: {reason}.")


async def _serve(server: GameServer, listen: str, port: int, ready: str | None) -> int:
    import sys

    from ..librarylog import quiet_loop
    from ..remote.host import stop_signals

    quiet_loop()
    lang = server.lang
    from .pauses import ShortPauses
    from .pool import BotPools

    server.pools = server.tables.pools = BotPools.from_config(server.config.bots)
    server.pools.start()  # (the bots' modules loaded once, before any table needs them)
    # every table a stopped or killed server left is back before anyone can log in
    for line in await server.tables.restore(server.store, server.config.server.table_expires_days):
        print(line, flush=True)
    await server.lobby.restore_mutes()  # a moderator's mutes outlast a restart, as do invitations to open tables
    await server.tables.restore_invitations(server.store)
    try:
        ssh = await server.listen(listen, port)
    except OSError as e:
        from ..remote.neterrors import os_reason  # (the system's words for its error, as join says them)

        print(lang.text(listen_failure(e), host=listen, port=port, reason=os_reason(e)), file=sys.stderr)
        await server.tables.close()  # (the tables brought back, kept as they were)
        await server.pools.close()  # (else its bot processes keep the program from ending)
        return EXIT_CANNOT_START
    short = ShortPauses()
    short.start()  # (what the server made to start, and the tables brought back, are looked at no more)
    port = int(ssh.sockets[0].getsockname()[1])
    fingerprint = str(server.host_key.get_fingerprint())
    print(lang.text(N_("Listening for SSH on {host} port {port}."), host=listen, port=port), flush=True)
    print(lang.text(N_("Host key fingerprint: {fingerprint}"), fingerprint=fingerprint), flush=True)
    if ready:
        ready_file(ready, listen, port, fingerprint)
    loop = asyncio.get_running_loop()
    back = stop_signals(loop, server.stopped.set, server.stopped.set)
    hangup = reload_on_hangup(loop, server.reload)
    pauses = asyncio.ensure_future(short.run())
    try:
        await server.stopped.wait()
    finally:
        pauses.cancel()
        hangup()
        back()
        server.goodbye()
        await server.tables.close()
        ssh.close()
        await ssh.wait_closed()
        await server.pools.close()
    print(lang._(N_("The server stopped.")), flush=True)
    return 0
