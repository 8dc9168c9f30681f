"""The console: a game of a11y-dominion at one keyboard.

:func:`run_console` is what ``a11y-dominion play`` runs. The package is
split by job: :mod:`.app` (the console on the game's table, the prompt and
the hand-over), :mod:`.seat` (a human seat: narrator, history, language,
verbosity and what waits for it; a bot seat), :mod:`.commands` (the query
commands), :mod:`.answers` (typed lines to answers, confirmations),
:mod:`.position` (a seat's view and question, read as typed lines read a game),
:mod:`.start` (the ``play`` options and settings to a console),
:mod:`.persistence` (save and load), :mod:`.queries` (sentences for hand,
status, Supply, scores, cards and the question), :mod:`.completion` (Tab
completion), :mod:`.keys` (shortcut keys) and :mod:`.display` (plain or
``rich`` output, and the line readers).
"""

from .app import Console  # noqa: F401
from .persistence import load_game  # noqa: F401
from .start import make_console, run_console  # noqa: F401
