"""Keeps Python's cyclic garbage collector out of the moves of a table in play.

A full collection looks at every object the process holds. A peer of a 32-seat Railroad Ink
table holds tens of thousands (the table state, the log, the fair transcript); on the
reference two-core machine one took 7–20 ms of CPU (more wall time when the machine is
busy), during which the peer neither read, applied nor confirmed a move, and such a pause
inside a round made it one of the slowest rounds of the 32-seat benchmark.

When a game begins, and again after each chance step (a roll: once a round), everything
alive is set aside (``gc.freeze``): it lives as long as the table anyway. The collections
during play then look only at what play allocated since the last step. Freeing by reference
counting is untouched; only a reference cycle among the set-aside objects waits. When a
table ends (or is left) everything is handed back (``gc.unfreeze``) and the next collections
clean up as before; a process with another table still in play (tests, the benchmark's
joiner processes) sets its objects aside again at that table's next step.
"""

from __future__ import annotations

import gc


def in_play() -> None:
    """A game begins or applied a chance step: set aside what is alive now."""
    gc.freeze()


def left() -> None:
    """A table ended or was left: hand everything back to the collector."""
    gc.unfreeze()


def frozen_objects() -> int:
    """How many objects are set aside now."""
    return gc.get_freeze_count()
