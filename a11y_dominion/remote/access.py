"""Who may join a hosted game: the host key, the seats' passwords, the seats file."""

from __future__ import annotations

import json
import os
from pathlib import Path

HOST_KEY_FILE = "ssh_host_ed25519_key"


def host_key(directory: Path | None = None):
    """The host's SSH key: made on first use and kept in the user data directory."""
    import asyncssh
    import platformdirs

    folder = Path(directory or platformdirs.user_data_dir("a11y-dominion"))
    path = folder / HOST_KEY_FILE
    if path.exists():
        return asyncssh.read_private_key(str(path))
    folder.mkdir(parents=True, exist_ok=True)
    key = asyncssh.generate_private_key("ssh-ed25519")
    fd = os.open(str(path), os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as f:
        f.write(key.export_private_key())
    return key


def write_seats_file(path: str, host: str, port: int, passwords: dict) -> None:
    """``{"host", "port", "seats": {name: {"user", "password"}}}``, readable by its owner only."""
    data = {"host": host, "port": port, "seats": {n: {"user": n, "password": p} for n, p in passwords.items()}}
    tmp = f"{path}.{os.getpid()}.tmp"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        json.dump(data, f, indent=1)
    os.chmod(tmp, 0o600)
    os.replace(tmp, path)
