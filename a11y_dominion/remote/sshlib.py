"""asyncssh, imported here and nowhere else: ``from .sshlib import asyncssh``.

asyncssh names the DSA classes of its cryptography backend as it is imported, and cryptography
warns of each on standard error (``CryptographyDeprecationWarning``: "DSA is deprecated"), even
though no DSA key is used here. A player, a host and a server's operator read nothing but the
game's own sentences, so that one warning, of that one category from asyncssh's own modules, is
left out before asyncssh is first imported; every other warning is left as it was (the game's
own, and any other library's, which :mod:`a11y_dominion.librarylog` keeps in its log file).

Every part of the game that speaks SSH (``host``, ``server``, ``join``, the ``ssh`` seats) and the
benchmarks import asyncssh through this module; ``tests/test_library_warnings.py`` checks that no
other module imports it, and that none of those commands prints a warning.
"""

from __future__ import annotations

import warnings

from cryptography.utils import CryptographyDeprecationWarning

# (a filter put first: it holds with python -W default or PYTHONWARNINGS as well)
warnings.filterwarnings("ignore", category=CryptographyDeprecationWarning, module=r"asyncssh(\.|$)")

import asyncssh  # noqa: E402

__all__ = ["asyncssh"]
