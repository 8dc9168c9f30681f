"""a11y-dominion: accessible console Dominion with the Empires expansion.

A compiled build (``docs/compiled.md``) leaves its record ``_compiled.json`` here
(:data:`a11y_dominion.compiledgroup.RECORD`): its compiled modules are used only while they are
whole and current (:func:`a11y_dominion.compiledgroup.keep_group_whole`), else the game runs in
pure Python. A pure installation has no record, and imports nothing more for it.
"""

from os import path as _path

__version__ = "0.1.0"

if _path.exists(_path.join(_path.dirname(__file__), "_compiled.json")):
    from .compiledgroup import keep_group_whole

    keep_group_whole(_path.dirname(_path.abspath(__file__)))
