"""``python -m a11y_dominion``: the same as the ``a11y-dominion`` command."""

import sys

from .cli import main

sys.exit(main())
