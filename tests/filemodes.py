"""The permission bits a file kept for its owner only shows, on each platform."""

from __future__ import annotations

import sys


def owner_only(platform: str = sys.platform) -> int:
    """The permission bits (``stat.S_IMODE`` of ``os.stat``) of a file the game made for its
    owner only (created or changed with mode 0o600), on ``platform`` (a ``sys.platform``
    value): 0o600 on POSIX, read and write for the owner and nothing for anyone else; 0o666
    on Windows, whose ``os.stat`` tells only whether a file is read-only, so that such a file
    shows as one its owner can write (who else may read it is up to the folder's access list)."""
    return 0o666 if platform == "win32" else 0o600
