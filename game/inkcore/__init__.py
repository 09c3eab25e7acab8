"""A compact Railroad Ink sheet core for the bots' play-outs (base game).

The sheet as flat integer buffers, legal cells by table look-up, a cheap play-out policy and
the exact final score (``sheet_kernels``, ``score_kernels`` and ``kernels``; the tables, built
from the rules, in ``tables.py``). The same
kernels run compiled by numba over NumPy arrays when numba can be imported (``compiled.py``)
and as plain Python over lists otherwise: the two give the same answers bit for bit (integers
only, the same generator), so a bot's move never depends on which one ran, and
``tests/test_inkcore.py`` checks both against ``game.rules.railroad_ink`` position by position.

``Core`` is the entry point: ``score(cells)``, ``playout_scores(...)`` and
``playout_totals(...)``. ``core()`` gives the process's compiled core if it can be had, else
the pure one; ``TRACKLAYER_INKCORE=python`` forces the pure one. ``warm()`` loads the compiled
code ahead of need (the bots' helper processes call it when they start).
"""

from __future__ import annotations

from . import kernels, tables
from .sheet_kernels import W_SIZE

_BUFFERS = (("cells", 49), ("sides", 196), ("facing", 49), ("parent", 196), ("nodes", 196),
            ("net", 196), ("exits", 196),
            ("path", 49), ("nexts", 49), ("rolls", 64), ("dice", 8), ("rs", 2))


class Core:
    """One backend of the kernels with its own work buffers (not shared between threads)."""

    def __init__(self, compiled=None) -> None:
        if compiled is None:
            self.name = "python"
            self.k = types_namespace(kernels.namespace())
            self.T = tables.as_tuple()
            self.array = list
            self.buffers = {name: [0] * size for name, size in _BUFFERS}
        else:
            space, arrays, numpy = compiled
            self.name = "numba"
            self.k = types_namespace(space)
            self.T = arrays
            self.array = lambda values: numpy.asarray(values, dtype=numpy.int64)
            self.buffers = {name: numpy.zeros(size, dtype=numpy.int64) for name, size in _BUFFERS}

    def score(self, cells) -> int:
        """The base game's final score of a sheet given by its 49 cell codes (-1 empty)."""
        b = self.buffers
        return int(self.k.score_of(self.array(list(cells)), self.T, b["cells"], b["sides"],
                                   b["facing"], b["parent"], b["nodes"], b["path"], b["nexts"]))

    def playout_scores(self, starts, specials, first_round: int, rounds: int, k_from: int,
                       k_count: int, seed: int, weights) -> list[int]:
        """Final scores of play-outs ``k_from .. k_from + k_count - 1`` of each start sheet
        (lists of 49 cell codes; ``specials``: bit masks of the specials used, in ``SPECIALS``
        order), the policy drawing rounds ``first_round .. rounds``: start 0's scores first."""
        b = self.buffers
        flat = [code for cells in starts for code in cells]
        scores = self.array([0] * (len(starts) * k_count))
        self.k.playouts(self.array(flat), self.array(list(specials)), len(starts), first_round,
                        rounds, k_from, k_count, seed & 0xFFFFFFFF, self.array(list(weights)),
                        scores, b["cells"], b["sides"], b["facing"], b["parent"], b["nodes"],
                        b["net"], b["exits"], b["path"], b["nexts"], b["rolls"], b["dice"],
                        b["rs"], self.T)
        return [int(v) for v in scores]

    def playout_totals(self, starts, specials, first_round: int, rounds: int, k_from: int,
                       k_count: int, seed: int, weights) -> list[int]:
        """The summed scores of ``playout_scores``, one total per start sheet."""
        scores = self.playout_scores(starts, specials, first_round, rounds, k_from, k_count,
                                     seed, weights)
        return [sum(scores[c * k_count:(c + 1) * k_count]) for c in range(len(starts))]


class types_namespace:   # noqa: N801 - a namespace object: attribute access to a dict
    def __init__(self, space: dict) -> None:
        self.__dict__.update(space)


_CORES: dict[str, Core] = {}


def pure_core() -> Core:
    if "python" not in _CORES:
        _CORES["python"] = Core()
    return _CORES["python"]


def compiled_core() -> Core | None:
    """The numba core, or None where numba cannot be used; its kernels compiled (or loaded
    from numba's cache) on first use, one process at a time while there is no cache."""
    if "numba" not in _CORES:
        from .compiled import first_compile_lock, load
        with first_compile_lock():
            loaded = load()
            fast = Core(loaded) if loaded is not None else None
            if fast is not None:      # numba compiles (or loads) a kernel at its first call
                fast.playout_scores([[-1] * 49], [0], 7, 7, 0, 1, 1, [0] * W_SIZE)
                fast.score([-1] * 49)
        _CORES["numba"] = fast
    return _CORES["numba"]


def core() -> Core:
    return compiled_core() or pure_core()


def warm() -> None:
    """Load the compiled kernels now (a long-lived process calls this when it starts, so
    that its first play-out does not pay numba's import and cache load, about half a CPU
    second). Does nothing where numba is missing."""
    compiled_core()
