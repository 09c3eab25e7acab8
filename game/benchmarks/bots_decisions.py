"""Bench section ``bots.decisions``: what a decision costs at every bot level, and how fast
the searching bots simulate.

* ``<game>_<level>_ms``: p50 / p95 / max wall-clock milliseconds of ``choose`` over the same
  positions for every level (positions of normal-vs-normal games, every few moves), and
  ``cpu_p50`` / ``cpu_p95`` / ``cpu_max`` the thread's CPU time (what it costs on an idle core
  when the machine is shared); ``first``: the first decision of fresh tables as a player
  meets it (a fresh bot helper process, the real pool: ``first_decisions``), CPU and wall
  percentiles, the wait from the table's opening and the helper's whole CPU; ``with_first``:
  the percentiles of the positions and the first decisions together. ``<game>`` is
  ``railroad-ink+lake`` for the Lake expansion. Budgets: easy/normal instant, hard <= 0.3 s,
  expert <= 1 s (p95, the first decision of a game included). Each position is decided by a
  fresh bot: a Railroad Ink planner in mid-round then has none of the round's shared
  lookahead or play-outs that a bot which played the round reuses, so its figures there
  are those of a bot taking over a seat (the dearer case).
* ``<game>_random_playouts_per_s``: complete games of uniformly random moves per second from
  the start (the rules' own speed).
* ``metro_search_playouts_per_s``: the Metro hard/expert simulation (a determinized world
  played out to the end of the game from mid-game) per second.
* ``metromania_search_turns_per_s``: turns the Metromania hard/expert simulations play per
  second (the normal policy for every seat).
* ``railroad-ink_plan_rounds_per_s``: rounds the Railroad Ink planner plans per second (a
  mid-game sheet, a fresh roll, a beam of 4: the unit of the hard/expert lookahead), and
  ``railroad-ink_networks_per_s``: exit networks + route ends brought up to date per second,
  incremental (one drawn face on a copy) against rebuilt from the sheet.
"""

from __future__ import annotations

import time

from game.rules.core import Rng

SECTION = "bots.decisions"
TABLES = (("metro", 2), ("metromania", 2), ("railroad-ink", 1))
# the tables whose decisions are timed: (label, game, players, expansions)
DECISION_TABLES = (("metro", "metro", 2, ()), ("metromania", "metromania", 2, ()),
                   ("railroad-ink", "railroad-ink", 1, ()),
                   ("railroad-ink+lake", "railroad-ink", 1, ("lake",)))
FIRST_SEEDS = range(101, 105)      # fresh tables per game and level (one in quick mode)


def _positions(game, players: int, seeds: range, stride: int, expansions=()) -> list:
    from game.bots.base import make_bot
    found = []
    for seed in seeds:
        state = game.new_game(game.make_config(players, list(expansions)), seed)
        bots = [make_bot(game, seat, "normal", seed + seat) for seat in range(players)]
        step = 0
        while not game.is_over(state):
            acting = game.to_act(state)
            seat = acting[step % len(acting)]
            view = game.view(state, seat)
            if step % stride == 0:
                found.append((view, seat))
            game.apply(state, seat, bots[seat].choose(view))
            step += 1
    return found


def _stats(values: list[float]) -> dict:
    from game.benchmarks.measure import percentile
    return {"p50": round(percentile(values, 0.5) * 1000, 1),
            "p95": round(percentile(values, 0.95) * 1000, 1),
            "max": round(max(values) * 1000, 1), "n": len(values)}


def _cpu_stats(values: list[float]) -> dict:
    stats = _stats(values)
    return {"cpu_p50": stats["p50"], "cpu_p95": stats["p95"], "cpu_max": stats["max"]}


def decision_times(label: str, name: str, players: int, expansions, quick: bool) -> dict:
    from game.benchmarks.first_decisions import first_decisions
    from game.bots.base import levels, make_bot
    from game.rules import get_game
    game = get_game(name)
    positions = _positions(game, players, range(1, 2 if quick else 3), 9 if quick else 5,
                           expansions)
    if quick:
        positions = positions[:6]
    seeds = FIRST_SEEDS[:1] if quick else FIRST_SEEDS
    out = {}
    for level in levels(name):
        wall, cpu = [], []
        for index, (view, seat) in enumerate(positions):
            bot = make_bot(game, seat, level, index)
            started, cpu_started = time.perf_counter(), time.thread_time()
            bot.choose(view)
            wall.append(time.perf_counter() - started)
            cpu.append(time.thread_time() - cpu_started)
        stats = _stats(wall)
        stats.update(_cpu_stats(cpu))
        first = first_decisions(game, players, list(expansions), level, seeds)
        stats["first"] = dict(_stats(first["wall"]), **_cpu_stats(first["cpu"]))
        stats["first"]["table_wall_max"] = round(max(first["table_wall"]) * 1000, 1)
        if "helper_cpu" in first:
            stats["first"]["helper_cpu_max"] = round(max(first["helper_cpu"]) * 1000, 1)
        stats["with_first"] = dict(_stats(wall + first["wall"]),
                                   **_cpu_stats(cpu + first["cpu"]))
        out[f"{label}_{level}_ms"] = stats
    return out


def random_playouts_per_s(name: str, players: int, seconds: float) -> float:
    from game.rules import get_game
    game = get_game(name)
    config = game.make_config(players, [])
    rng = Rng(5)
    done = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        state = game.new_game(config, done)
        while not game.is_over(state):
            acting = game.to_act(state)
            seat = acting[0]
            game.play(state, seat, game.random_move(state, seat, rng))
        done += 1
    return round(done / (time.perf_counter() - started), 1)


def metro_search_playouts_per_s(seconds: float) -> float:
    """The Metro search's unit of work: determinize a mid-game view, play it out at random."""
    from game.bots.metro import determinize, playout_move
    from game.rules import get_game
    game = get_game("metro")
    view, seat = _positions(game, 2, range(1, 2), 20)[1]
    rng = Rng(9)
    done = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        world = determinize(view, seat, rng)
        while not world.over:
            actor = world.current
            game.play(world, actor, playout_move(world, actor, rng))
        done += 1
    return round(done / (time.perf_counter() - started), 1)


def metromania_search_turns_per_s(seconds: float) -> float:
    """The Metromania search's unit of work: one turn of the normal policy in a simulation."""
    from game.bots.mania_value import Judge
    from game.bots.metromania import greedy_move
    from game.rules import get_game
    from game.rules.metromania.state import OVER
    game = get_game("metromania")
    turns = 0
    seed = 1
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        world = game.new_game(game.make_config(2, []), seed)
        judges: dict = {}
        while world.phase != OVER and time.perf_counter() - started < seconds:
            actor = world.turn
            judge = judges.get(actor)
            if judge is None:
                judge = judges[actor] = Judge(world, actor)
            game.play(world, actor, greedy_move(world, actor, 1, judge))
            turns += 1
        seed += 1
    return round(turns / (time.perf_counter() - started), 1)


def _ink_midgame_sheet():
    from game.bots.base import make_bot
    from game.rules import get_game
    game = get_game("railroad-ink")
    state = game.new_game(game.make_config(1, []), 3)
    bot = make_bot(game, 0, "normal", 3)
    while state.round < 4:
        game.play(state, 0, bot.choose(game.view(state, 0)))
    return state.seats[0].sheet


def ink_plan_rounds_per_s(seconds: float) -> float:
    from game.bots.ink_plan import plan_candidates, sample_roll
    sheet = _ink_midgame_sheet()
    rng = Rng(11)
    done = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        plan_candidates(sheet, sample_roll(rng), True, 3, 4)
        done += 1
    return round(done / (time.perf_counter() - started), 1)


def ink_networks_per_s(seconds: float) -> dict:
    from game.rules.railroad_ink.faces import FACE_INDEX
    from game.rules.railroad_ink.networks import Networks
    from game.rules.railroad_ink.scoring import exit_networks, route_ends
    sheet = _ink_midgame_sheet()
    face = FACE_INDEX["road-tee"]
    placements = [(cell, o) for cell, orientations in sheet.legal_cells(face) for o in orientations]
    nets = Networks.of(sheet)
    out = {}
    for name in ("incremental", "scratch"):
        done = 0
        started = time.perf_counter()
        while time.perf_counter() - started < seconds / 2:
            for cell, o in placements:
                sheet.put(cell, face, o)
                if name == "incremental":
                    child = nets.copy()
                    child.add(sheet, cell)
                else:
                    exit_networks(sheet)
                    route_ends(sheet)
                sheet.clear(cell)
                done += 1
        out[name] = round(done / (time.perf_counter() - started))
    return out


def run(quick: bool = False) -> dict:
    seconds = 0.5 if quick else 3.0
    numbers: dict = {}
    for name, players in TABLES:
        numbers[f"{name}_random_playouts_per_s"] = random_playouts_per_s(name, players, seconds)
    numbers["metro_search_playouts_per_s"] = metro_search_playouts_per_s(seconds)
    numbers["metromania_search_turns_per_s"] = metromania_search_turns_per_s(seconds)
    numbers["railroad-ink_plan_rounds_per_s"] = ink_plan_rounds_per_s(seconds)
    numbers["railroad-ink_networks_per_s"] = ink_networks_per_s(seconds)
    for label, name, players, expansions in DECISION_TABLES:
        numbers.update(decision_times(label, name, players, expansions, quick))
    return numbers
