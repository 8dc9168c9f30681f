"""The console: a game of a11y-dominion at one keyboard.

:func:`run_console` is what ``a11y-dominion play`` runs. The package is
split by job: :mod:`.app` (the loop and the commands), :mod:`.queries`
(sentences for hand, status, Supply, scores, cards and the question),
:mod:`.narration` (new events to announcements), :mod:`.completion` (Tab
completion), :mod:`.keys` (shortcut keys) and :mod:`.display` (plain or
``rich`` output, and the line readers).
"""
from .app import Console, load_game, make_console, run_console  # noqa: F401
