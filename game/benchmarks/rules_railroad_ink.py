"""Bench section ``rules.railroad_ink``: move generation, scoring and whole random games.

* ``legal_moves_full_roll_ms``: every legal move of one seat at the start of a round (3 route
  dice, the junction die and the available specials) on a mid-game sheet (round 4) — target
  ≤ 2 ms; ``..._cold_memo_ms`` calls ``drawings.clear_memos`` first (see below: there is no
  legality memo left, so it equals the other).
* ``score_sheet_ms``: scoring a finished sheet (end of a random game) — target ≤ 0.5 ms;
  ``score_dense_sheet_ms``: a sheet filled to the brim by random legal drawings.
* ``games_per_second_1p`` / ``_4p``: complete random games (uniform legal moves, undo included).
* ``legal_moves_worst_case_ms``: the longest legal list we know of, a Lake game's first round
  (six dice and six specials on an empty sheet; the position with the most moves over seeds
  0-199) — target <= 0.2 ms. ``..._cold_ms``: the same with every memo the legal list uses
  forgotten first (``drawings.clear_memos``). There is none left to forget: what legality
  needs is two constant tables built at import — the legal orientations of every face at
  every facing code (``sheet.FIT``) and every ``Draw`` move (``drawings.DRAWS``) —, so the
  cold figure equals the warm one by construction; what those tables cost once per process
  is ``legal_tables_import_ms`` (CPU, built again here). ``..._first_in_process_ms``: the
  very first legal list of a fresh process (median of 5 processes; the interpreter's own
  first-run costs included), the honest "first moves of a process" figure.
* ``hash_after_move_us_*``: thread CPU of the (incremental) state hash right after each move of
  random 4-player Lake games (target <= 20 µs; ``..._1p``: solo), beside the whole state
  encoded and hashed from scratch for scale.

The ``legal_moves_*`` times are CPU time of this process (the machine may be shared).
"""

from __future__ import annotations

import subprocess
import sys

from game.benchmarks.measure import RandomGames, cpu_median_ms, hash_after_move_us, median_ms
from game.rules.core import Rng
from game.rules.railroad_ink import GAME
from game.rules.railroad_ink.faces import FACE_IDS, FACE_INDEX, ROUTE_DIE, JUNCTION_DIE, SPECIALS
from game.rules.railroad_ink.moves import End, Undo
from game.rules.railroad_ink.scoring import score_sheet
from game.rules.railroad_ink.drawings import clear_memos, draw_rows
from game.rules.railroad_ink.sheet import Sheet, fit_table

SECTION = "rules.railroad_ink"


def _play_random(config: dict, seed: int, stop_round: int | None = None):
    state = GAME.new_game(config, seed)
    rng = Rng(seed ^ 0x5EED)
    while GAME.to_act(state):
        if stop_round is not None and state.round >= stop_round:
            break
        acting = GAME.to_act(state)
        seat = acting[rng.below(len(acting))]
        moves = [m for m in GAME.legal_moves(state, seat) if not isinstance(m, Undo)]
        # draw whatever can be drawn before ending, like a player would
        drawing = [m for m in moves if not isinstance(m, End)]
        GAME.play(state, seat, rng.choice(drawing) if drawing else moves[0])
    return state


def _dense_sheet(seed: int) -> Sheet:
    rng = Rng(seed)
    sheet = Sheet()
    faces = [FACE_INDEX[f] for f in ROUTE_DIE + JUNCTION_DIE[::2]]
    for _ in range(12):
        for face in faces:
            options = sheet.legal_cells(face)
            if options:
                cell, orientations = options[rng.below(len(options))]
                sheet.put(cell, face, orientations[rng.below(len(orientations))])
    for special in SPECIALS[:3]:
        options = sheet.legal_cells(FACE_INDEX[special])
        if options:
            sheet.put(options[0][0], FACE_INDEX[special], options[0][1][0])
    return sheet


def _games_per_second(players: int, games: int) -> float:
    seeds = range(900, 900 + games)
    return round(RandomGames(GAME, GAME.make_config(players, []), seeds, rng_seeds=range(games),
                             score=True).per_second(), 2)


def worst_case_position(seeds=range(200)):
    """(moves, seed, state): the first-round Lake position with the longest legal list."""
    config = GAME.make_config(1, ["lake"])
    best = None
    for seed in seeds:
        state = GAME.new_game(config, seed)
        count = len(GAME.legal_moves(state, 0))
        if best is None or count > best[0]:
            best = (count, seed, state)
    return best


def _cold(state):
    def call():
        clear_memos()
        GAME.legal_moves(state, 0)
    return call


_FIRST_LIST = ("import time; from game.rules.railroad_ink import GAME; "
               "state = GAME.new_game(GAME.make_config(1, ['lake']), {seed}); "
               "t = time.process_time_ns(); GAME.legal_moves(state, 0); "
               "print(time.process_time_ns() - t)")


def first_list_in_process_ms(seed: int, processes: int) -> float:
    """Median CPU ms of the first legal list of a fresh process (the worst-case position)."""
    times = []
    for _ in range(processes):
        out = subprocess.run([sys.executable, "-c", _FIRST_LIST.format(seed=seed)],
                             capture_output=True, text=True, timeout=120, check=True)
        times.append(int(out.stdout.strip()))
    return round(sorted(times)[len(times) // 2] / 1e6, 4)


def _build_tables() -> None:
    tuple(fit_table(face) for face in range(len(FACE_IDS)))
    draw_rows()


def tables_import_ms() -> float:
    """CPU ms to build the legality tables the import builds (``FIT`` and ``DRAWS``), the
    median of 3 builds."""
    return round(cpu_median_ms(_build_tables, 3), 2)


def run(quick: bool = False) -> dict:
    repeat = 20 if quick else 200
    worst_count, worst_seed, worst = worst_case_position(range(40 if quick else 200))
    worst_ms = cpu_median_ms(lambda: GAME.legal_moves(worst, 0), repeat)
    worst_cold_ms = cpu_median_ms(_cold(worst), max(5, repeat // 10))
    first_ms = first_list_in_process_ms(worst_seed, 2 if quick else 5)
    mid = _play_random(GAME.make_config(1, []), 7, stop_round=4)
    legal_ms = cpu_median_ms(lambda: GAME.legal_moves(mid, 0), repeat)
    legal_count = len(GAME.legal_moves(mid, 0))
    legal_cold_ms = cpu_median_ms(_cold(mid), max(5, repeat // 10))
    hashes = hash_after_move_us(GAME, GAME.make_config(4, ["lake"]), range(2 if quick else 12))
    solo = hash_after_move_us(GAME, GAME.make_config(1, []), range(3 if quick else 30))
    finished = [_play_random(GAME.make_config(1, []), seed).seats[0].sheet for seed in range(5)]
    score_ms = max(median_ms(lambda s=s: score_sheet(s), repeat) for s in finished)
    dense = [_dense_sheet(seed) for seed in range(3)]
    dense_ms = max(median_ms(lambda s=s: score_sheet(s), max(5, repeat // 10)) for s in dense)
    games = 3 if quick else 20
    return {
        "legal_moves_worst_case_ms": worst_ms,
        "legal_moves_worst_case_cold_ms": worst_cold_ms,
        "legal_moves_worst_case_first_in_process_ms": first_ms,
        "legal_tables_import_ms": tables_import_ms(),
        "legal_moves_worst_case_count": worst_count,
        "legal_moves_worst_case_seed": worst_seed,
        "legal_moves_worst_case_target_ms": 0.2,
        **hashes,
        "hash_after_move_us_mean_1p": solo["hash_after_move_us_mean"],
        "hash_after_move_us_median_1p": solo["hash_after_move_us_median"],
        "legal_moves_full_roll_ms": legal_ms,
        "legal_moves_full_roll_count": legal_count,
        "legal_moves_full_roll_cold_memo_ms": legal_cold_ms,
        "legal_moves_target_ms": 2,
        "score_sheet_ms": score_ms,
        "score_sheet_target_ms": 0.5,
        "score_dense_sheet_ms": dense_ms,
        "dense_sheet_cells": max(sum(1 for c in s.cells if c >= 0) for s in dense),
        "games_per_second_1p": _games_per_second(1, games),
        "games_per_second_4p": _games_per_second(4, max(1, games // 4)),
    }
