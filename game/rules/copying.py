"""Copying a game state's object field by field (what every game's ``copy``/``clone`` does).

A search copies a state many times, so a copy shares what never changes in place and copies
only the containers a move changes. ``copy_fields`` does the common part: the fields taken as
they are, the flat lists and the flat dicts; a state's own ``copy`` then adds what needs more
(nested lists, its random generator). Pure: no floats, no ``random``, nothing iterated unsorted.
"""

from __future__ import annotations

from typing import Any, Iterable


def copy_fields(source: Any, shared: Iterable[str] = (), lists: Iterable[str] = (),
                dicts: Iterable[str] = ()) -> Any:
    """A new object of ``source``'s class (its ``__init__`` not run) holding the named fields
    of ``source``: ``shared`` ones as they are (immutable, or never changed in place),
    ``lists`` as shallow copies (``value[:]``), ``dicts`` as shallow copies (``dict(value)``).
    Fields not named are left unset for the caller to fill in."""
    cls = type(source)
    other = cls.__new__(cls)
    for name in shared:
        setattr(other, name, getattr(source, name))
    for name in lists:
        setattr(other, name, getattr(source, name)[:])
    for name in dicts:
        setattr(other, name, dict(getattr(source, name)))
    return other
