"""One process at a time: an exclusive lock on a file, held while a block runs.

Used where processes started together would otherwise do the same slow work at once and get
in each other's way (numba compiling the same kernels in every test worker, two builds of the
application into one folder). Where no lock can be had (no ``fcntl``, as on Windows; a
folder that cannot be written) the block simply runs unlocked.
"""

from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path


@contextmanager
def held(path: Path):
    """Hold an exclusive lock on ``path`` (made, with its folder, if missing) while the block
    runs; other processes asking for the same file wait their turn."""
    try:
        import fcntl
        path.parent.mkdir(parents=True, exist_ok=True)
        handle = open(path, "a")
    except (ImportError, OSError):
        yield
        return
    with handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)
