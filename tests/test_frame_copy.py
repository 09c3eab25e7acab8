"""The app's frame at 1080p copies a board's kept picture only where it or the frame was
drawn on since the last frame (``canvas.Canvas``: ``drawn``, ``keeps_frames``); the frames
must be pixel for pixel those of a whole copy every frame.

Each game's table of bots is played twice from the same seed with the same moves, drawn frame
by frame with the same animations' time (points popping, a glow fading, toasts), the pause
menu coming and going: once with the frame copied in places, once whole, and every frame is
compared."""

from __future__ import annotations

import pygame
import pytest

from tests.test_client_support import make_app

TABLES = [("metro", 6, ["hand3"], 3), ("metromania", 4, [], 21),
          ("railroad-ink", 6, ["meteor"], 4)]


def _frames(tmp_path, keeps: bool, game_name: str, players: int, variants, seed: int,
            moves: int) -> list[bytes]:
    from game.bots.base import make_bot
    from game.client.screens.play import PlayScreen
    from game.match import Match, SeatInfo
    from game.rules import get_game

    app = make_app(tmp_path / f"keeps{keeps}")
    app.resize((1920, 1080))
    assert app.surface.keeps_frames, "the 1080p frame does not copy in places"
    app.surface.keeps_frames = keeps
    game = get_game(game_name)
    seats = [SeatInfo(f"P{i + 1}", "bot", level="random", colour=i) for i in range(players)]
    match = Match.new(game, game.make_config(players, list(variants)), seed, seats)
    play = PlayScreen(app, match, {"autosave": False})
    app.push(play)
    shots = []

    def frame() -> None:
        app.toasts.update(1 / 30)
        play.board.update(1 / 30)
        app.draw()
        shots.append(pygame.image.tobytes(app.surface, "RGB"))

    frame()
    for i in range(moves):
        if match.is_over():
            break
        acting = match.to_act()
        seat = acting[i % len(acting)]
        play.propose(seat, make_bot(game, seat, "random", seed + i).choose(match.view(seat)))
        for _ in range(3):                 # the landing frame and the layers following it
            frame()
        if i == moves // 2:
            play.open_pause()              # an overlay comes and goes
            frame()
            app.pop()
            frame()
    return shots


@pytest.mark.parametrize("table", TABLES, ids=[t[0] for t in TABLES])
def test_frame_copied_in_places_equals_a_whole_copy(tmp_path, table):
    game_name, players, variants, seed = table
    kept = _frames(tmp_path, True, game_name, players, variants, seed, 14)
    whole = _frames(tmp_path, False, game_name, players, variants, seed, 14)
    assert len(kept) == len(whole)
    differing = [i for i, (a, b) in enumerate(zip(kept, whole)) if a != b]
    assert not differing, f"frames {differing[:8]} differ from a whole copy"


def test_frame_is_copied_in_places(tmp_path):
    """A frame whose picture changed in a few places copies only those (and where the last
    frame was drawn on), not the whole picture."""
    from game.client import canvas

    app = make_app(tmp_path)
    app.resize((1920, 1080))
    frame = app.surface
    picture = canvas.Canvas((1280, 720), 0, frame.scale).convert()
    picture.fill((10, 20, 30))
    frame.blit(picture, (0, 0))                      # the first frame: a whole copy
    frame.fill((250, 0, 0), pygame.Rect(100, 100, 40, 20))     # a header drawn on it
    picture.fill((0, 200, 0), pygame.Rect(600, 300, 30, 30))   # the picture changes there
    # a pixel changed behind the canvas's back: only a whole copy would put it right
    pygame.Surface.fill(frame, (1, 2, 3), (0, 0, 8, 8))
    frame.blit(picture, (0, 0))
    assert frame.get_at((2, 2)) == (1, 2, 3, 255), "the picture was copied whole"
    assert frame.get_at((110, 105)) == (10, 20, 30, 255), "the header was not wiped"
    assert frame.get_at((610, 310)) == (0, 200, 0, 255), "the picture's change is missing"
    pygame.Surface.fill(frame, (10, 20, 30), (0, 0, 8, 8))
    assert pygame.image.tobytes(frame, "RGB") == pygame.image.tobytes(picture, "RGB")


def test_toast_is_painted_once(tmp_path):
    """A toast on screen is painted once (its panel and words), not in every frame; the
    frame is the one a toast painted afresh gives."""
    app = make_app(tmp_path)
    app.resize((1920, 1080))
    app.toasts.show("Ann completed the solid line", "good")
    app.toasts.update(0.5)                 # faded in
    app.draw()                             # the frame it was raised in: painted in the next
    app.draw()
    first = pygame.image.tobytes(app.surface, "RGB")
    toast = app.toasts.items[0]
    painted = toast.picture[1]
    app.toasts.update(0.1)
    app.draw()
    assert toast.picture[1] is painted, "the toast was painted again"
    toast.picture = None                   # painted afresh: the same frame
    app.draw()
    assert pygame.image.tobytes(app.surface, "RGB") == first


def test_toasts_raised_in_a_frame_are_painted_after_it_and_appear_together(tmp_path):
    """The frame a toast is raised in (often the frame a move lands in) paints none of it:
    the toasts raised together are painted one a frame in the next frames and appear
    together once all are; the frame then is the one the toasts painted at once give."""
    app = make_app(tmp_path)
    app.resize((1920, 1080))
    app.draw()
    empty = pygame.image.tobytes(app.surface, "RGB")
    app.toasts.show("Bot 2's solid line is blocked: every way on from its end meets the lake "
                    "or the park, its own track, tunnels already dug.", "bad")
    app.toasts.show("Bot 2 completed the solid line!", "good")
    app.toasts.update(0.5)                 # faded in
    app.draw()
    assert [toast.picture for toast in app.toasts.items] == [None, None], \
        "a toast was painted in the frame it was raised in"
    assert pygame.image.tobytes(app.surface, "RGB") == empty
    app.draw()                             # one painted: it waits for the other
    assert [toast.picture is None for toast in app.toasts.items] == [False, True]
    assert pygame.image.tobytes(app.surface, "RGB") == empty
    app.draw()                             # both painted, both shown
    assert all(toast.picture is not None for toast in app.toasts.items)
    shown = pygame.image.tobytes(app.surface, "RGB")
    assert shown != empty
    for toast in app.toasts.items:
        toast.picture = None               # painted afresh in the frame: the same picture
    app.toasts.prepare(app.toasts.items[0])
    app.toasts.prepare(app.toasts.items[1])
    app.draw()
    assert pygame.image.tobytes(app.surface, "RGB") == shown
