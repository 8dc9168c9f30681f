"""What the modules that can be compiled with mypyc tell it (see ``docs/compiled.md``).

``mypyc_attr`` is ``mypy_extensions.mypyc_attr`` for the type checker and mypyc, which read it
when they compile a class; at run time, pure Python or compiled, it is a decorator that gives the
class back unchanged, so the game does not need ``mypy_extensions`` installed.
``@mypyc_attr(serializable=True, allow_interpreted_subclasses=True)`` on a class says: its objects
may be made without a call of ``__init__`` (``Card.__new__(Card)``, field by field, where the rules
make many), pickled, and derived from by a class that is not compiled; with ``serializable`` alone,
mypyc 2.4 leaves ``__init__`` uncalled when the class is called from Python.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mypy_extensions import mypyc_attr as mypyc_attr
else:

    def mypyc_attr(*attrs: object, **kwattrs: object) -> object:
        """A no-op at run time: the class decorated is given back as it is."""
        return lambda cls: cls


__all__ = ["mypyc_attr"]
