"""The kernels compiled by numba, when numba (and NumPy) can be imported.

The kernels (``sheet_kernels``, ``score_kernels``, ``kernels``) are plain Python; here each is
re-made over one namespace of its own in which every kernel name is bound to its compiled
twin (so compiled kernels call compiled kernels), and handed to ``numba.njit`` with the
on-disk cache on: the first process compiles (some seconds), later ones load the machine
code. ``load()`` returns None when numba is missing or fails in any way: the pure path then
answers, identically.
"""

from __future__ import annotations

import os
import types
from contextlib import contextmanager
from pathlib import Path

from game.file_lock import held

CACHE = Path(__file__).resolve().parent / "__pycache__"    # numba's cache, beside the kernels


@contextmanager
def first_compile_lock():
    """Held while a process loads (and so, the first time, compiles) the kernels, as long as
    numba's cache holds none of them: processes started together (the test workers, a
    round's bot helpers on a fresh install) then compile once, one after the other finding
    the cache, instead of each compiling the same code (about 13 CPU seconds each). Where
    the cache is there, or no lock can be had (no ``fcntl``, a read-only install), nothing
    is waited for."""
    if any(CACHE.glob("*.nbi")):
        yield
        return
    with held(CACHE / "numba-compile.lock"):
        yield


def load():
    """(kernel namespace, tables as int64 arrays, numpy) or None."""
    if os.environ.get("TRACKLAYER_INKCORE", "") == "python":
        return None
    try:
        import numba
        import numpy
    except Exception:  # noqa: BLE001 - any failure to import means: use the pure path
        return None
    try:
        from . import kernels, tables
        pure = kernels.namespace()
        # one namespace for all the twins: the modules' constants, then every kernel's twin
        space: dict = {}
        for module in (kernels.sheet_kernels, kernels.score_kernels, kernels):
            space.update(vars(module))
        for name in kernels.KERNELS:
            function = pure[name]
            twin = types.FunctionType(function.__code__, space, name, function.__defaults__)
            space[name] = numba.njit(cache=True, nogil=True)(twin)
        arrays = tuple(numpy.asarray(table, dtype=numpy.int64) for table in tables.as_tuple())
        return space, arrays, numpy
    except Exception:  # noqa: BLE001 - a broken numba install must not break the game
        return None
