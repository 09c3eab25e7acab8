"""Bench section ``render.metromania``: frame time of a mid-game Metromania city at 1280×720
(headless, dummy video driver) while a human builds a dig and the mouse sweeps the city; and
the frame in which a move lands (issue 30: at most 4 ms CPU), the move's own landing (the
rules applying it, the board's answer) counted in it.

The landing frames are played one move at a time, each followed by a few frames and a short
pause, as at a table: when the turn passes to the human, the board searches their options on
a helper thread (``metromania.lookahead``: not this thread's CPU) and shows the turn a frame
or two later (``turn_shown_cpu_ms_*``: those frames). The next bot is asked for its move in
the frame after the landing, and the autosave hears of the game's last move (its end record,
the file's move to the replays) in the frame after it too: both are counted in those frames.

``tv_move_landing_cpu_ms_*``: the same on the table's screen of a 4-player table where nobody
plays at the screen (phones, bots: a TV), at 1920x1080, from the first move to the end of
the game, the game's last move included; the rules applying each move count in its frame.
A move's repaint is spread over the frames after it (``frame_base``), so those frames are
given too (``tv_after_landing_cpu_ms_*``: the three frames after each landing).
"""

from __future__ import annotations

import os
import time

from game.benchmarks.measure import FrameTimes, headless_app, percentile, sweep_mouse

SECTION = "render.metromania"


def _mid_game(players: int = 4, seed: int = 21, moves: int = 16):
    """A 4-player game some turns in, with seat 0 (a human) to dig."""
    from game.bots.base import make_bot
    from game.match import Match, SeatInfo
    from game.rules import get_game

    game = get_game("metromania")
    seats = [SeatInfo("Ann", "human", device="mouse+keyboard", colour=0)] + [
        SeatInfo(f"Bot {i}", "bot", level="random", colour=i) for i in range(1, players)]
    match = Match.new(game, game.make_config(players), seed, seats)
    bots = [make_bot(game, s, "random", s + 1) for s in range(players)]
    while not match.is_over() and (match.seq < moves or match.to_act() != (0,)
                                   or match.state.phase != "build"):
        seat = match.to_act()[0]
        match.apply(seat, bots[seat].choose(match.view(seat)))
    return match


def run(quick: bool = False) -> dict:
    # the bots wait: we measure one human turn
    with headless_app(bot_delay_ms=10 ** 7) as app:
        import pygame

        from game.bots.base import make_bot
        from game.client.games.metromania import geometry as geo
        from game.client.screens.play import PlayScreen

        match = _mid_game()
        play = PlayScreen(app, match)
        app.push(play)
        for _ in range(10):   # warm the caches (city, network, text)
            app.step(1 / 60)
        for k in (pygame.K_RETURN, pygame.K_RETURN):   # a dig in progress: two tunnels
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="",
                                                 scancode=0))
            app.step(1 / 60)
        frames = 120 if quick else 400
        box = geo.CITY_BOX
        timed = FrameTimes()
        for i in range(frames):
            sweep_mouse(box, i, (37, 23))
            timed.step(app)
        draft = len(play.board.draft(0).tunnels) if match.to_act() == (0,) else 0
        state = match.state
        position = {"players": state.players, "moves_played": match.seq,
                    "tunnels_on_board": sum(len(line.spaces) for line in state.lines),
                    "stations": len(state.stations), "draft_tunnels": draft}
        # the frame in which a move lands: the move applied, the network layer and the
        # panels brought up to it
        landing: list[float] = []
        after = FrameTimes()
        for i in range(6 if quick else 48):
            if match.is_over():
                break
            seat = match.to_act()[0]
            move = make_bot(match.game, seat, "random", i).choose(match.view(seat))
            started = time.thread_time()
            play.propose(seat, move)
            app.step(1 / 60)
            landing.append((time.thread_time() - started) * 1000)
            for _ in range(3):      # the frames after it (the next turn shows)
                after.step(app)
                time.sleep(0.01)
    numbers = {"frames": frames, **position,
               "note": "a human's dig in progress, the mouse sweeping the city every frame",
               **timed.summary(), "target_p99_ms": 8.0}
    if landing:
        numbers.update({"move_landing_frames": len(landing),
                        "move_landing_cpu_ms_p50": round(percentile(landing, 0.5), 3),
                        "move_landing_cpu_ms_p95": round(percentile(landing, 0.95), 3),
                        "move_landing_cpu_ms_p99": round(percentile(landing, 0.99), 3),
                        "move_landing_cpu_ms_max": round(max(landing), 3),
                        "turn_shown_cpu_ms_p99": round(percentile(after.cpu_ms, 0.99), 3),
                        "turn_shown_cpu_ms_max": round(max(after.cpu_ms), 3),
                        "move_landing_target_ms": 4.0})
    numbers.update(_tv_landing(quick))
    numbers["load_average_1min"] = round(os.getloadavg()[0], 2)
    return numbers


def _tv_landing(quick: bool) -> dict:
    """Every move of a 4-player game landing on a TV at 1080p (see the module's doc)."""
    from game.bots.base import make_bot
    from game.client.screens.play import PlayScreen
    from game.match import Match, SeatInfo
    from game.rules import get_game

    game = get_game("metromania")
    seats = [SeatInfo(f"Bot {i}", "bot", level="random", colour=i) for i in range(4)]
    landing: list[float] = []
    after = FrameTimes()
    with headless_app(bot_delay_ms=10 ** 7) as app:       # the bench plays their moves
        app.resize((1920, 1080))
        match = Match.new(game, game.make_config(4), 21, seats)
        play = PlayScreen(app, match, {"autosave": False})
        app.push(play)
        for _ in range(10):   # warm the caches (city, network, text)
            app.step(1 / 60)
        while not match.is_over() and (not quick or len(landing) < 8):
            seat = match.to_act()[0]
            move = make_bot(game, seat, "random", match.seq).choose(match.view(seat))
            started = time.thread_time()
            play.propose(seat, move)
            app.step(1 / 60)
            landing.append((time.thread_time() - started) * 1000)
            for _ in range(3):      # the frames after it (the layers follow the move)
                after.step(app)
            time.sleep(0.002)
    return {"tv_move_landing_frames": len(landing),
            "tv_move_landing_cpu_ms_p50": round(percentile(landing, 0.5), 3),
            "tv_move_landing_cpu_ms_p95": round(percentile(landing, 0.95), 3),
            "tv_move_landing_cpu_ms_p99": round(percentile(landing, 0.99), 3),
            "tv_move_landing_cpu_ms_max": round(max(landing), 3),
            "tv_after_landing_cpu_ms_p50": round(percentile(after.cpu_ms, 0.5), 3),
            "tv_after_landing_cpu_ms_p99": round(percentile(after.cpu_ms, 0.99), 3),
            "tv_after_landing_cpu_ms_max": round(max(after.cpu_ms), 3)}
