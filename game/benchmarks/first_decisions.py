"""A game's first decision as a player meets it, for the ``bots.decisions`` section (not a
section itself).

Every game is a fresh table: no bot helper process is running (``shutdown_helpers``), the
table opens (``prepare_helpers``, what the play screen does when it is made, where the client
has it), and the first seat to act, a bot, is asked for its move at once through the real
helper pool (``BotWorker``), as the play screen asks at its first frame. Measured per game:

* ``cpu``: the helper's CPU seconds from the question to the answer (what it reports:
  whatever warm-up the helper still does then is in it);
* ``wall``: seconds from the question to the answer, as the client sees them (on a shared
  machine this includes waiting for a core);
* ``table_wall``: seconds from the table's opening to the answer (the helper's start, its
  warm-up and the decision: what the player at the table waits before the first move);
* ``helper_cpu``: every CPU second the helper spent (start, imports, warm-up, the decision),
  from ``resource`` once it has stopped.
"""

from __future__ import annotations

import time

try:
    import resource
except ImportError:          # Windows: no children's CPU figure
    resource = None


def _children_cpu() -> float | None:
    if resource is None:
        return None
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def first_decision(game, players: int, expansions: list[str], level: str, seed: int,
                   limit: float = 60.0) -> dict:
    """One fresh table's first bot decision (see the module's docstring); seconds."""
    from game.bots.base import make_bot
    from game.client import bot_worker

    state = game.new_game(game.make_config(players, list(expansions)), seed)
    seat = game.to_act(state)[0]
    bot = make_bot(game, seat, level, (seed * 7919 + seat) & 0xFFFFFFFF)
    view = game.view(state, seat)
    bot_worker.shutdown_helpers()
    cpu_before = _children_cpu()
    opened = time.perf_counter()
    prepare = getattr(bot_worker, "prepare_helpers", None)
    if prepare is not None:
        prepare([bot], 1)
    worker = bot_worker.BotWorker()
    key = ("first", seed)
    asked = time.perf_counter()
    worker.request(key, bot, view)
    answer = None
    while answer is None and time.perf_counter() - asked < limit:
        bot_worker.wait_while_thinking(0.05)
        answer = worker.poll(key)
    answered = time.perf_counter()
    if answer is None or answer[0] != "move":
        raise RuntimeError(f"{game.name} {level}: no first move ({answer})")
    cpu = getattr(worker, "last_cpu", None)
    bot_worker.shutdown_helpers()          # waits for the helper: its CPU is counted now
    cpu_after = _children_cpu()
    return {"cpu": cpu, "wall": answered - asked, "table_wall": answered - opened,
            "helper_cpu": None if cpu_before is None else cpu_after - cpu_before}


def first_decisions(game, players: int, expansions: list[str], level: str,
                    seeds: range) -> dict[str, list[float]]:
    """``first_decision`` over fresh tables of ``seeds``, one at a time: lists per figure."""
    out: dict[str, list[float]] = {}
    for seed in seeds:
        for name, value in first_decision(game, players, expansions, level, seed).items():
            if value is not None:
                out.setdefault(name, []).append(value)
    return out
