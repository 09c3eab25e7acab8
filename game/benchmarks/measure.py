"""Measuring tools shared by the bench sections: percentiles, the cost of one call, random
playouts timed game by game, and a headless client whose frames are timed.

Not a section itself (no ``SECTION``), so ``run.py bench`` only imports it. Importing it is
cheap: pygame and the client are imported only by :func:`headless_app`.
"""

from __future__ import annotations

import os
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

from game.rules.core import Rng


def percentile(values: list[float], q: float) -> float:
    """The value at fraction ``q`` (0..1) of the sorted values (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


def per_call_us(func, repeat: int) -> float:
    """Mean microseconds of one ``func()`` over ``repeat`` calls in a row."""
    started = time.perf_counter()
    for _ in range(repeat):
        func()
    return round((time.perf_counter() - started) * 1e6 / repeat, 2)


def median_ms(func, repeat: int) -> float:
    """Median milliseconds of one ``func()``, each of ``repeat`` calls timed on its own."""
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        func()
        times.append(time.perf_counter() - started)
    return round(sorted(times)[len(times) // 2] * 1000, 4)


def cpu_median_ms(func, repeat: int) -> float:
    """Median CPU milliseconds (this process: other programs' load does not count) of one
    ``func()``, each of ``repeat`` calls timed on its own."""
    times = []
    for _ in range(repeat):
        started = time.process_time_ns()
        func()
        times.append(time.process_time_ns() - started)
    return round(sorted(times)[len(times) // 2] / 1e6, 4)


def legal_list_games_per_second(game, config: dict, seeds, rounds: int = 3,
                                quiet: bool = False, read_events: bool = False) -> float:
    """Complete random games per CPU second, the legal-move list built every turn (as a
    search or a player's client does) and one move drawn from it with ``Rng(seed ^ 0x5EED)``;
    the best of ``rounds`` passes over the seeds (the machine may be shared).

    Each game is ``new_game``, then every turn ``to_act``, ``legal_moves`` and ``play`` of a
    move drawn uniformly from that list: the public rules API, nothing cached between turns or
    games. The loop itself is kept lean (the methods looked up once a game, ``below`` called
    directly instead of through ``choice``, no draw for a lone seat acting, which ``below(1)``
    never drew anyway): the same games move for move as the plain loop. ``quiet``: the moves
    are played with ``play_quiet`` (a search's play, no events built) instead of ``play``.
    ``read_events``: every event of every move is read (what a client showing them pays: a
    game whose events are built when first read builds them all)."""
    seeds = list(seeds)
    best = 0.0
    new_game, to_act, legal_moves = game.new_game, game.to_act, game.legal_moves
    play = game.play_quiet if quiet else game.play
    for _ in range(rounds):
        started = time.process_time()
        for seed in seeds:
            state = new_game(config, seed)
            below = Rng(seed ^ 0x5EED).below
            while acting := to_act(state):
                seat = acting[0] if len(acting) == 1 else acting[below(len(acting))]
                moves = legal_moves(state, seat)
                events = play(state, seat, moves[below(len(moves))])
                if read_events:
                    for _event in events:
                        pass
        best = max(best, len(seeds) / max(time.process_time() - started, 1e-9))
    return best


def hash_after_move_us(game, config: dict, seeds) -> dict:
    """µs of thread CPU of the state hash (``game.state_digest``) right after each move of
    random games (``game.random_move``), the set-up hashed once first, as a table seals every
    move; beside it the same position hashed from scratch (``canonical_bytes`` of
    ``encode``, what the hash cost before it was incremental). Mean and median of each."""
    from game.rules.core import canonical_bytes, hash_bytes

    incremental, scratch = [], []
    for seed in seeds:
        state = game.new_game(config, seed)
        rng = Rng(seed ^ 0x5EED)
        game.state_digest(state)
        while acting := game.to_act(state):
            seat = acting[rng.below(len(acting))]
            game.play(state, seat, game.random_move(state, seat, rng))
            started = time.thread_time_ns()
            game.state_digest(state)
            incremental.append(time.thread_time_ns() - started)
            started = time.thread_time_ns()
            hash_bytes(canonical_bytes([game.name, game.encode(state)]))
            scratch.append(time.thread_time_ns() - started)
    return {"hash_after_move_us_mean": round(sum(incremental) / len(incremental) / 1000, 2),
            "hash_after_move_us_median": round(percentile(incremental, 0.5) / 1000, 2),
            "hash_after_move_target_us": 20,
            "hash_from_scratch_us_mean": round(sum(scratch) / len(scratch) / 1000, 2),
            "hash_from_scratch_us_median": round(percentile(scratch, 0.5) / 1000, 2)}


def play_random(game, state, rng: Rng, until=None, most: int | None = None,
                checked: bool = False) -> int:
    """Play random moves (``game.random_move``) on ``state`` until the game is over,
    ``until(state)`` is true or ``most`` moves are played; returns the number of moves played.
    Of several seats acting at once one is drawn by ``rng`` (a lone seat draws nothing)."""
    perform = game.apply if checked else game.play
    moves = 0
    while ((acting := game.to_act(state)) and not (until and until(state))
           and (most is None or moves < most)):
        seat = acting[rng.below(len(acting))]
        perform(state, seat, game.random_move(state, seat, rng))
        moves += 1
    return moves


class RandomGames:
    """Complete random games, one per seed, timed one by one. The moves are drawn from
    ``Rng(rng_seed)``, one rng seed per game seed (by default ``seed ^ 0x5EED``).

    A game's time covers ``new_game``, every move and (with ``score``) the final scoring;
    ``checked`` plays with ``apply`` (check + play) instead of ``play``.
    """

    def __init__(self, game, config: dict, seeds, rng_seeds=None, score: bool = False,
                 checked: bool = False):
        seeds = list(seeds)
        if rng_seeds is None:
            rng_seeds = [seed ^ 0x5EED for seed in seeds]
        self.seconds: list[float] = []
        self.moves: list[int] = []
        for seed, rng_seed in zip(seeds, rng_seeds, strict=True):
            started = time.perf_counter()
            state = game.new_game(config, seed)
            self.moves.append(play_random(game, state, Rng(rng_seed), checked=checked))
            if score:
                game.scores(state)
            self.seconds.append(time.perf_counter() - started)

    def per_second(self) -> float:
        return len(self.seconds) / sum(self.seconds)

    def mean_ms(self) -> float:
        return sum(self.seconds) * 1000 / len(self.seconds)

    def max_ms(self) -> float:
        return max(self.seconds) * 1000

    def moves_per_game(self) -> float:
        return sum(self.moves) / len(self.moves)


class FrameTimes:
    """Frames of a client app, each timed in wall-clock and in CPU milliseconds.

    CPU time is this thread's (``time.thread_time``): other programs' load does not count,
    and neither does a bot thinking in another thread.
    """

    def __init__(self):
        self.wall_ms: list[float] = []
        self.cpu_ms: list[float] = []

    def step(self, app, dt: float = 1 / 60) -> None:
        started, cpu_started = time.perf_counter(), time.thread_time()
        app.step(dt)
        self.cpu_ms.append((time.thread_time() - cpu_started) * 1000)
        self.wall_ms.append((time.perf_counter() - started) * 1000)

    def summary(self, wall=(0.5, 0.99), cpu=(0.5, 0.99), cpu_key: str = "frame_cpu_ms") -> dict:
        """``frame_ms_p50`` … ``frame_ms_max`` and ``<cpu_key>_p50`` …, rounded to µs."""
        numbers = {f"frame_ms_p{round(q * 100)}": round(percentile(self.wall_ms, q), 3)
                   for q in wall}
        numbers["frame_ms_max"] = round(max(self.wall_ms), 3)
        numbers.update({f"{cpu_key}_p{round(q * 100)}": round(percentile(self.cpu_ms, q), 3)
                        for q in cpu})
        return numbers


def sweep_mouse(box, i: int, step: tuple[int, int]) -> None:
    """Post the mouse's motion of frame ``i`` of a sweep over ``box`` (a pygame Rect): ``step``
    pixels a frame across and down, wrapping inside the box."""
    import pygame

    x = box.x + (i * step[0]) % box.width
    y = box.y + (i * step[1]) % box.height
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0),
                                         buttons=(0, 0, 0)))


@contextmanager
def temporary_home(prefix: str = "tracklayer-bench-"):
    """A throw-away TRACKLAYER_HOME (saves, replays, logs) for the duration; yields its path.
    The previous value comes back afterwards, so a player's own saves are never touched."""
    previous = os.environ.get("TRACKLAYER_HOME")
    with tempfile.TemporaryDirectory(prefix=prefix) as home:
        os.environ["TRACKLAYER_HOME"] = home
        try:
            yield Path(home)
        finally:
            if previous is None:
                os.environ.pop("TRACKLAYER_HOME", None)
            else:
                os.environ["TRACKLAYER_HOME"] = previous


@contextmanager
def headless_app(**settings):
    """A client ``App`` on the dummy video and audio drivers in a :func:`temporary_home`, so
    its settings and the autosaves of the games it plays are thrown away afterwards
    (``settings`` overrides preferences). The app is shut down on the way out."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")   # keeps `bench --json` pure JSON
    from game.client.app import App
    from game.client.settings import Settings

    with temporary_home() as home:
        preferences = Settings(home / "settings.json")
        for key, value in settings.items():
            preferences[key] = value
        app = App(preferences)
        try:
            yield app
        finally:
            app.shutdown()
