"""Fast pieces of ``core.canonical_bytes`` for the state hashes that run after every move.

``canonical_bytes`` walks any plain value item by item in Python; a game's state is mostly
flat lists of small ints, short strings and pairs, so a game's digest writes them here with
one C-level ``map`` over a table of already encoded atoms instead. Every function returns
exactly the bytes ``canonical_bytes`` gives for the same value (the hash keeps its meaning;
``tests/test_state_digests.py`` compares them after random playouts), and a value outside the
tables falls back to ``canonical_bytes``.

The tables are filled on first use (``Atoms``) and bounded, so a hostile value is encoded
but not kept. A table never mixes bools with ints: ``True == 1`` would share a dict entry.
"""

from __future__ import annotations

from bisect import bisect_left
from itertools import compress
from operator import is_not, ne

from .core import canonical_bytes

_TABLE_LIMIT = 8192


class Atoms(dict):
    """value -> its canonical bytes, filled on a miss (``table[value]`` never fails for a
    value ``canonical_bytes`` accepts)."""

    def __missing__(self, value):
        encoded = canonical_bytes(value)
        if len(self) < _TABLE_LIMIT:
            self[value] = encoded
        return encoded


INTS = Atoms()      # ints and None (never bools: see the module docstring)
STRS = Atoms()      # strings and None
BOOLS = {False: b"F", True: b"T"}
PAIRS = Atoms()     # tuples of atoms, encoded as lists (a board cell, a share card)

for _n in range(-64, 1024):
    INTS[_n] = canonical_bytes(_n)
INTS[None] = STRS[None] = b"N"

_COUNTS = [b"l%d:" % n for n in range(256)]


def list_head(count: int) -> bytes:
    """The prefix of a list of ``count`` items."""
    return _COUNTS[count] if count < 256 else b"l%d:" % count


def ints(items) -> bytes:
    """A list of ints (or None)."""
    return list_head(len(items)) + b"".join(map(INTS.__getitem__, items))


def strs(items) -> bytes:
    """A list of strings (or None)."""
    return list_head(len(items)) + b"".join(map(STRS.__getitem__, items))


def pairs(items) -> bytes:
    """A list of tuples of atoms (each encoded as a list)."""
    return list_head(len(items)) + b"".join(map(PAIRS.__getitem__, items))


def integer(value: int | None) -> bytes:
    """One int of any size (or None)."""
    return INTS[value] if -64 <= (value or 0) < 1024 else canonical_bytes(value)


_KEYS: dict[str, bytes] = {}


def key(name: str) -> bytes:
    """A dict key's bytes (the rules' few fixed field names)."""
    encoded = _KEYS.get(name)
    if encoded is None:
        encoded = _KEYS[name] = canonical_bytes(name)
    return encoded


# --------------------------------------------------------------------------------------------
# A state's encoding kept between hashes
# --------------------------------------------------------------------------------------------

def same(value):
    """Snapshot of an immutable value (or one that is replaced, never changed in place)."""
    return value


def flat_copy(value):
    """Snapshot of a flat list or dict (its items immutable)."""
    return value.copy() if value is not None else None


def nested_copy(value):
    """Snapshot of a list of flat lists."""
    return [item[:] for item in value]


class Field:
    """One field of a record: its key, how to ``write`` a value as canonical bytes (None to
    leave an optional field out) and how to ``snapshot`` it (a copy that later changes of the
    state cannot reach, compared with ``==`` to the next value)."""

    __slots__ = ("name", "write", "snapshot")

    def __init__(self, name: str, write, snapshot=same) -> None:
        self.name, self.write, self.snapshot = name, write, snapshot

    def first(self, value) -> tuple[bytes | None, object]:
        """(bytes or None, what ``again`` needs next time) of a value written afresh."""
        return self.write(value), None

    def again(self, value, old, kept) -> tuple[bytes | None, object, object]:
        """(bytes or None, what to keep, snapshot) for a value that differs from ``old``
        (the snapshot ``kept`` goes with)."""
        return self.write(value), None, self.snapshot(value)


class Scalar(Field):
    """One atom written from a ``table`` (``INTS``, ``STRS``, ``BOOLS``); ``Record`` writes
    it without a call."""

    __slots__ = ("table",)

    def __init__(self, name: str, table) -> None:
        super().__init__(name, table.__getitem__)
        self.table = table


class ListField(Field):
    """A flat list of atoms of one ``table`` (``INTS``, ``STRS``, ``BOOLS``, ``PAIRS``),
    written item by item: a change rewrites only the items that differ (a placed tile: one
    square of the board), or drops the tail (a tile drawn from the stack)."""

    __slots__ = ("table",)

    def __init__(self, name: str, table) -> None:
        super().__init__(name, None, flat_copy)
        self.table = table

    def first(self, value):
        items = list(map(self.table.__getitem__, value))
        return list_head(len(items)) + b"".join(items), items

    def again(self, value, old, kept):
        count = len(value)
        if count == len(old):
            kept = kept[:]
            table = self.table
            # identity, not equality: cheaper, and an equal item that is another object
            # (a new tuple, a big int) is only written again to the same bytes
            for i in compress(range(count), map(is_not, value, old)):
                kept[i] = table[value[i]]
        elif count < len(old) and value == old[:count]:
            kept = kept[:count]
        else:
            return self.first(value) + (value.copy(),)
        return list_head(count) + b"".join(kept), kept, value.copy()


class NestedField(Field):
    """A list of flat lists of one ``table`` (the hands): only the inner lists that changed
    are written again."""

    __slots__ = ("table",)

    def __init__(self, name: str, table) -> None:
        super().__init__(name, None, nested_copy)
        self.table = table

    def _inner(self, items) -> bytes:
        return list_head(len(items)) + b"".join(map(self.table.__getitem__, items))

    def first(self, value):
        inner = list(map(self._inner, value))
        return list_head(len(inner)) + b"".join(inner), inner

    def again(self, value, old, kept):
        if len(value) != len(old):
            return self.first(value) + (nested_copy(value),)
        kept, snapshot = kept[:], old[:]
        for i in compress(range(len(value)), map(ne, value, old)):
            kept[i] = self._inner(value[i])
            snapshot[i] = value[i][:]
        return list_head(len(kept)) + b"".join(kept), kept, snapshot


class SortedItems(Field):
    """A dict written as the sorted list of its items, each item's bytes made by ``item``
    from (key, value) (e.g. ``lambda k, v: PAIRS[(k, v)]`` for ``[key, value]`` pairs): the
    entries added or changed since the last hash are written and put in place, the rest kept.
    Optional: an empty dict may be left out (``optional``)."""

    __slots__ = ("item", "optional")

    def __init__(self, name: str, item, optional: bool = False) -> None:
        super().__init__(name, None, flat_copy)
        self.item, self.optional = item, optional

    def first(self, value):
        if self.optional and not value:
            return None, ([], [])
        keys = sorted(value)
        items = [self.item(k, value[k]) for k in keys]
        return list_head(len(items)) + b"".join(items), (keys, items)

    def again(self, value, old, kept):
        if len(value) == len(old) + 1:
            # the common change, one entry added (a station built, a marker placed): found
            # as the last one inserted, the others checked unchanged in one comparison
            added = next(reversed(value))
            if added not in old:
                snapshot = old.copy()
                snapshot[added] = value[added]
                if snapshot == value:
                    keys, items = kept[0][:], kept[1][:]
                    at = bisect_left(keys, added)
                    keys.insert(at, added)
                    items.insert(at, self.item(added, value[added]))
                    return list_head(len(items)) + b"".join(items), (keys, items), snapshot
        if old.keys() - value.keys() or (self.optional and not value):
            return self.first(value) + (value.copy(),)      # an entry went: write it all
        keys, items = kept[0][:], kept[1][:]
        for k, v in sorted(value.items() - old.items()):
            at = bisect_left(keys, k)
            if at < len(keys) and keys[at] == k:
                items[at] = self.item(k, v)
            else:
                keys.insert(at, k)
                items.insert(at, self.item(k, v))
        return list_head(len(items)) + b"".join(items), (keys, items), value.copy()


class Record:
    """The canonical bytes of a dict of fixed fields, written again only where a field changed.

    ``encode(values, memo)`` takes the fields' current values (a tuple in the order given at
    construction, e.g. from ``operator.attrgetter``) and the memo returned by the previous
    call for the same state (or None), and returns ``(bytes, memo)``. The memo (snapshots,
    pieces, what each field keeps) is never changed once returned: a state's copies may share
    it, and each keeps the one its own last hash returned, so no copy changes what another
    reads.

    Finding what changed is one C-level comparison of each value with its snapshot; only the
    changed fields are written in Python. The result equals ``canonical_bytes`` of the dict
    ``{name: value}`` (optional fields left out where ``write`` gives None).
    """

    def __init__(self, fields: list[Field], prefix: bytes = b"") -> None:
        order = sorted(range(len(fields)), key=lambda i: fields[i].name)
        if order != list(range(len(fields))):
            raise ValueError("a Record's fields must be listed in key order")
        self.fields = tuple(fields)
        self.prefix = prefix
        self.keys = tuple(key(f.name) for f in fields)
        self.indices = tuple(range(len(fields)))
        self.tables = tuple(f.table if isinstance(f, Scalar) else None for f in fields)
        # the prefix and the dict's head, per number of fields present
        self.headers = tuple(prefix + b"d%d:" % n for n in range(len(fields) + 1))

    def encode(self, values: tuple, memo: tuple | None) -> tuple[bytes, tuple]:
        fields, keys = self.fields, self.keys
        if memo is None:
            snaps = [f.snapshot(v) for f, v in zip(fields, values)]
            written = [f.first(v) for f, v in zip(fields, values)]
            kept = [w[1] for w in written]
            pieces = [b"" if w[0] is None else k + w[0] for k, w in zip(keys, written)]
        else:
            # the memo's lists are never changed once handed out: a copy is made to change
            snaps, pieces, kept = memo
            changed = list(compress(self.indices, map(ne, values, snaps)))
            if changed:
                snaps, pieces, kept = snaps[:], pieces[:], kept[:]
                tables = self.tables
                for i in changed:
                    value = values[i]
                    table = tables[i]
                    if table is not None:        # a scalar (immutable): no call
                        pieces[i] = keys[i] + table[value]
                        snaps[i] = value
                        continue
                    data, kept[i], snaps[i] = fields[i].again(value, snaps[i], kept[i])
                    pieces[i] = b"" if data is None else keys[i] + data
        header = self.headers[len(pieces) - pieces.count(b"")]
        return header + b"".join(pieces), (snaps, pieces, kept)
