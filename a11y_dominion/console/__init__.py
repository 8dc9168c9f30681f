"""The console: a game of a11y-dominion at one keyboard, and every seat's console.

:func:`run_console` is what ``a11y-dominion play`` runs. The package is
split by job: :mod:`.core` (the console core of a seat, over the seat protocol),
:mod:`.keyboard` (this computer's keyboard and screen as its end), :mod:`.ownseat` (that
end over seats of a room in this process: ``play``'s people and the host's own player),
:mod:`.piped` (typed lines from piped input), :mod:`.playroom`
(``play``'s table, with no network), :mod:`.playend` (``play``'s game of one person or several
at this keyboard), :mod:`.playconsole` (``play``'s console), :mod:`.hotseat` (the keyboard
several people share and its hand-over), :mod:`.watched` (a game of bots only, watched at
the keyboard), :mod:`.watcher` (a watcher of a game, here and on the server),
:mod:`.narration` and :mod:`.seat` (a human seat: narrator, history, language,
verbosity and what waits for it; a bot seat), :mod:`.commands` (the query
commands), :mod:`.answers` (typed lines to answers, confirmations),
:mod:`.position` (a seat's view and question, read as typed lines read a game),
:mod:`.start` (the ``play`` options and settings to a game),
:mod:`.persistence` (save files, undo and export), :mod:`.queries` (sentences for hand,
status, Supply, scores, cards and the question), :mod:`.completion` (Tab
completion), :mod:`.keys` (shortcut keys) and :mod:`.display` (plain or
``rich`` output, and the line readers).
"""

from .persistence import load_game  # noqa: F401
from .start import run_console  # noqa: F401
