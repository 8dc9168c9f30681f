"""``join``'s login: the host keys kept and checked, the player's own keys, the server's words.

:class:`KnownHosts` keeps the host keys met before (trust on first use), :class:`HostKeyCheck`
checks the key a host shows at one connection against them and says its fingerprint, and
:class:`OwnKeys` offers a game server the player's own SSH keys at one login (the SSH agent's,
:func:`agent_keys`, then the key files, :func:`own_keys`). :func:`fits_ssh` says whether a name
or a password may be sent in an SSH login at all, and :func:`server_says` reads a game server's
refusal in its login message. :class:`~.joinlink.Link`, the transport of ``join``'s end, uses them.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..files import BINARY
from ..i18n import LANGUAGES, N_, Language
from ..rules.decisions import Msg
from .protocol import shown_text

KNOWN_HOSTS_FILE = "known_hosts"


class KnownHosts:
    """The host keys met before (trust on first use) in ``path`` (by default ``known_hosts`` in the
    user data directory), in OpenSSH's known_hosts format as :mod:`asyncssh` reads it: one
    ``[host]:port type key`` line each as join keeps them (hashed names, patterns and
    ``@revoked`` lines a player writes there read as ``ssh`` reads them; a line that is none of
    these is left out)."""

    def __init__(self, path: Path | None = None):
        if path is None:
            import platformdirs

            path = Path(platformdirs.user_data_dir("a11y-dominion")) / KNOWN_HOSTS_FILE
        self.path = path

    @staticmethod
    def label(host: str, port: int) -> str:
        return f"[{host}]:{port}"

    def match(self, host: str, port: int) -> Any:
        """What is kept for ``host`` port ``port`` (by the name the player gave, not its address):
        asyncssh's matching tuple, whose first list holds the kept keys (``SSHKey``); empty when the
        file is missing or cannot be read."""
        from .sshlib import asyncssh

        known = asyncssh.SSHKnownHosts()
        try:
            text = self.path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            text = ""
        for line in text.splitlines():
            try:
                known.load(line)
            except ValueError:
                pass
        return known.match(host, "", port)

    def add(self, host: str, port: int, key: str) -> None:
        """Keep ``key`` (OpenSSH text) for ``host`` port ``port`` (the file readable by its owner only)."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(str(self.path), os.O_WRONLY | os.O_CREAT | os.O_APPEND | BINARY, 0o600)
        with os.fdopen(fd, "a", encoding="utf-8", newline="\n") as f:  # the same bytes on every system
            f.write(f"{self.label(host, port)} {key}\n")


class HostKeyCheck:
    """The check of the key ``host`` port ``port`` shows at one connection, against the keys kept
    in ``known`` (a :class:`KnownHosts`), trust on first use: a key kept for the host is trusted;
    another key is kept at a first visit (:attr:`first_visit`) once its fingerprint is said
    (:meth:`tell`, :attr:`told`), and refused, before any password is sent, when a key is kept
    for the host (:attr:`changed`, :meth:`changed_msg`)."""

    def __init__(self, known: KnownHosts, host: str, port: int) -> None:
        self.known, self.host, self.port = known, host, port
        self.first_visit = False
        self.changed = False
        self.told = False  # the host key's sentence was said (before the password)
        self.unkept: str | None = None  # a first visit's host key (OpenSSH text), kept once its sentence is said

    def kept(self) -> Any:
        """What is kept for the host (:meth:`KnownHosts.match`), read now."""
        return self.known.match(self.host, self.port)

    def validate(self, key: Any) -> bool:
        """Whether the connection may go on with the host's ``key`` (an asyncssh ``SSHKey``) not
        kept for the host when the connection began (asyncssh trusts the kept ones without asking;
        another join of the player's may have kept this one since): False when another key is
        kept for the host (:attr:`changed`)."""
        kept = self.kept()[0]
        if any(k.public_data == key.public_data for k in kept):
            return True
        if kept:
            self.changed = True
            return False
        self.unkept = key.export_public_key().decode("ascii").strip()  # (kept when its sentence is said)
        self.first_visit = True
        return True

    def tell(self, key: Any, lang: Language) -> str:
        """The sentence in ``lang`` on the host's ``key`` checked on this connection (None: none
        came), to be said now, once: its fingerprint, kept at a first visit (from this moment
        only, unless another join of the player's kept it meanwhile, so that no key is ever kept
        without its fingerprint shown), else the one kept from the last visit."""
        self.told = True
        if self.unkept is not None:
            unkept, self.unkept = self.unkept, None
            from .sshlib import asyncssh

            public = asyncssh.import_public_key(unkept).public_data
            if not any(k.public_data == public for k in self.kept()[0]):
                self.known.add(self.host, self.port, unkept)
        where = {"host": self.host, "port": self.port, "fingerprint": key.get_fingerprint() if key else "?"}
        if self.first_visit:
            return lang.text(
                N_("First visit to {host} port {port}: its host key, {fingerprint}, is kept for your next visits."),
                **where,
            )
        return lang.text(
            N_("The host key of {host} port {port} is the one kept from your last visit: {fingerprint}."), **where
        )

    def changed_msg(self) -> Msg:
        """Why the login stopped when the host showed another key than the one kept (:attr:`changed`)."""
        return Msg(
            N_(
                "The host key of {host} port {port} is not the one kept from your last visit, so this is "
                "not the same host or it has a new key; nothing was sent (the kept key is in {file})."
            ),
            file=str(self.known.path),
            host=self.host,
            port=self.port,
        )


NAME_UNFIT = N_("The name to log in with has a character a name may not have, such as a control character.")
"""What ``join`` says of a name :func:`fits_ssh` refuses (its character is not said: it may be an escape byte)."""


def fits_ssh(text: str) -> bool:
    """Whether ``text`` (a name or a password) may be sent in an SSH login: SSH prepares both as
    RFC 4013 (SASLprep) says, which refuses control characters, unassigned and private ones, and
    the like (:func:`asyncssh.saslprep.saslprep`)."""
    from .sshlib import asyncssh

    try:
        asyncssh.saslprep.saslprep(text)
    except asyncssh.saslprep.SASLPrepError:
        return False
    return True


KEY_FILES = ("id_ed25519_sk", "id_ecdsa_sk", "id_ed448", "id_ecdsa", "id_ed25519", "id_rsa")
"""The key files in the player's ``.ssh`` folder that ``join`` offers a game server, as OpenSSH's
``ssh`` reads them by default."""


def own_keys(passphrase: str | None = None, files: list[Path] | None = None) -> tuple[list[Any], list[Path]]:
    """The player's own SSH keys for a game server's login: (the keys of ``files``, by default
    :data:`KEY_FILES` in ``.ssh`` in the home folder (on Windows too), that open without a
    passphrase, or with ``passphrase`` when given; the files that need a passphrase and did not
    open). A file that is missing or cannot be read is left out (the password is asked then)."""
    from .sshlib import asyncssh

    keys: list[Any] = []
    locked: list[Path] = []
    folder = Path("~", ".ssh").expanduser()
    for path in [folder / name for name in KEY_FILES] if files is None else files:
        try:
            opened = list(asyncssh.load_keypairs(path, passphrase, ignore_encrypted=passphrase is None))
        except (OSError, ValueError, asyncssh.KeyImportError, asyncssh.KeyEncryptionError):
            if passphrase is not None:  # (a wrong passphrase; without one: a damaged file, left out)
                locked.append(path)
            continue
        keys.extend(opened)
        if not opened:  # (an encrypted key, without its passphrase)
            locked.append(path)
    return keys, locked


async def agent_keys() -> tuple[Any, list[Any]]:
    """The SSH agent's connection and the keys it holds, for a game server's login, as asyncssh
    finds the agent (:func:`asyncssh.connect_agent`): the one of ``SSH_AUTH_SOCK`` (ssh-agent on
    Linux and macOS); on Windows, when that is not set, Pageant or the named pipe of OpenSSH's
    agent service. (None, []) when no agent answers. The connection signs with the keys: close
    it once the login is done."""
    from .sshlib import asyncssh

    try:
        agent = await asyncssh.connect_agent()
    except (OSError, asyncssh.Error, ValueError):
        return None, []
    try:
        return agent, list(await agent.get_keys())
    except (OSError, asyncssh.Error, ValueError, asyncio.IncompleteReadError):
        agent.close()
        return None, []


class OwnKeys:
    """The player's own keys offered to a game server at one login, in turn (:meth:`next`): first
    the SSH agent's and the key files that open without a passphrase, then those that need one.
    :attr:`note` is a sentence to say before the password's question (a passphrase that opened
    no key); :meth:`close` closes the agent's connection once the login is done."""

    def __init__(self) -> None:
        self.offered = 0  # the keys offered so far: 1 the agent's and the open files', 2 the locked ones
        self.agent: Any = None  # the SSH agent's connection during the login
        self.locked: list[Path] = []  # the player's key files that need a passphrase
        self.note = ""

    async def next(self, ask: Callable[[str], str | None] | None, lang: Language) -> list[Any] | None:
        """The keys to offer next; those that need a passphrase only with ``ask(prompt)`` (None:
        not asked, as when a password was given), which asks it once, in ``lang``, hidden. None
        when none is left (the password is asked then)."""
        if self.offered == 0:
            self.offered = 1
            self.agent, keys = await agent_keys()
            opened, self.locked = own_keys()
            if keys + opened:
                return keys + opened
        if self.offered == 1:
            self.offered = 2
            if self.locked and ask is not None:
                shown = str(self.locked[0])
                passphrase = ask(lang.text(N_("Passphrase of your SSH key {file}: "), file=shown))
                if passphrase:
                    keys, _locked = own_keys(passphrase, self.locked)
                    if keys:
                        return keys
                    self.note = lang.text(N_("That passphrase does not open {file}."), file=shown)
        return None

    def close(self) -> None:
        """The login is done: the agent signs no more."""
        if self.agent is not None:
            self.agent.close()
            self.agent = None


def server_says(banners: list[str], lang: Language) -> str | None:
    """A game server's last login message of ``banners`` (a refusal), cleaned, in ``lang`` when it
    has a line in each language of the game (as the server sends it), else as it came; None for none."""
    if not banners:
        return None
    lines = [shown_text(line).strip() for line in banners[-1].splitlines()]
    lines = [line for line in lines if line]
    codes = list(LANGUAGES)
    if len(lines) == len(codes) and lang.code in codes:
        return lines[codes.index(lang.code)]
    return " ".join(lines) or None
