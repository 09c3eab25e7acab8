"""Bench section ``render.railroad_ink``: frame time of a mid-game Railroad Ink split screen
(four local players, four sheets with their trays, ghosts and legal-cell highlights) at
1280×720 on the dummy video driver, with every device moving its cursor every frame."""

from __future__ import annotations

import random

from game.benchmarks.measure import FrameTimes, headless_app, sweep_mouse

SECTION = "render.railroad_ink"
DEVICES = ("mouse", "keyboard", "pad1", "pad2")


def _mid_game(rounds: int = 4):
    from game.match import Match, SeatInfo
    from game.rules import get_game

    game = get_game("railroad-ink")
    seats = [SeatInfo(f"P{i + 1}", "human", device=d, colour=i) for i, d in enumerate(DEVICES)]
    match = Match.new(game, game.make_config(4, ["river"]), 7, seats)
    rng = random.Random(7)
    while match.state.round < rounds:
        for seat in match.to_act():
            moves = [m for m in game.legal_moves(match.state, seat) if str(m) != "undo"]
            useful = [m for m in moves if str(m) != "end"]
            match.apply(seat, rng.choice(useful) if useful else moves[0])
    return match


def run(quick: bool = False) -> dict:
    with headless_app() as app:
        import pygame

        from game.client.screens.play import PlayScreen

        match = _mid_game()
        play = PlayScreen(app, match)
        app.push(play)
        for instance in (901, 902):
            pygame.event.post(pygame.event.Event(pygame.JOYDEVICEADDED, device_index=-1,
                                                 instance_id=instance))
        for _ in range(20):   # warm the caches (sheets, faces, highlights, text)
            app.step(1 / 60)
        sheets = sum(1 for pane in play.board.layout())
        frames = 120 if quick else 400
        timed = FrameTimes()
        arrows = (pygame.K_RIGHT, pygame.K_DOWN, pygame.K_LEFT, pygame.K_UP)
        hats = ((1, 0), (0, -1), (-1, 0), (0, 1))
        mouse_pane = play.board.pane_of(0).geom.grid
        for i in range(frames):
            # every device moves its cursor, so every pane redraws its ghost and highlight
            sweep_mouse(mouse_pane, i, (13, 7))
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=arrows[(i // 3) % 4],
                                                 mod=0, unicode="", scancode=0))
            for instance in (901, 902):
                pygame.event.post(pygame.event.Event(pygame.JOYHATMOTION, instance_id=instance,
                                                     joy=instance, hat=0,
                                                     value=hats[(i // 2 + instance) % 4]))
            if i % 40 == 0:   # now and then a different die: new highlight layers
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0,
                                                     unicode="", scancode=0))
            timed.step(app)
    return {"frames": frames, "sheets_on_screen": sheets, **timed.summary(cpu_key="cpu_ms"),
            "target_p99_ms": 8.0}
