"""A board that repaints only what a move changed draws the same picture as a full repaint.

Each game's board keeps its slow layers (the printed board with its tiles, lines and
stations; Railroad Ink's sheets and panes) and, when a move lands, repaints only the places
the move touched (``boards.dirty``). After a sequence of moves, each drawn as it lands, the
frame must be pixel for pixel the frame drawn from scratch (every cache dropped). Drawn at
1920×1080 (the TV: a 1.5 scale, where rounding to native pixels could leave a seam) and at
1280×720.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import pygame
import pytest

from tests.test_client_support import make_app


def _table(app, game_name: str, players: int, variants=(), seed: int = 5):
    from game.client.screens.play import PlayScreen
    from game.match import Match, SeatInfo
    from game.rules import get_game

    game = get_game(game_name)
    seats = [SeatInfo(f"P{i + 1}", "bot", level="random", colour=i) for i in range(players)]
    match = Match.new(game, game.make_config(players, list(variants)), seed, seats)
    play = PlayScreen(app, match, {"autosave": False})
    app.push(play)
    return play


def _play_moves(app, play, count: int, seed: int) -> None:
    """``count`` random moves, each proposed as the play screen does and drawn as it lands
    (the board's layers follow move by move, as on the TV)."""
    from game.bots.base import make_bot

    match = play.match
    for i in range(count):
        if match.is_over():
            break
        acting = match.to_act()
        seat = acting[i % len(acting)]       # Railroad Ink: every sheet takes its turns
        play.propose(seat, make_bot(match.game, seat, "random", seed + i).choose(
            match.view(seat)))
        app.draw()


def _pixels(surface) -> bytes:
    return pygame.image.tobytes(surface, "RGB")


def _assert_same(app, forget, tolerance: int = 0) -> None:
    """The frame as the incremental layers draw it equals the frame drawn with every cache
    of the board dropped (``forget(board)``), each channel of each pixel within
    ``tolerance`` levels (0: identical)."""
    app.draw()
    incremental = app.surface.copy()
    forget(app.top.board)
    app.draw()
    before, after = _pixels(incremental), _pixels(app.surface)
    if before != after:
        import numpy

        width = pygame.Surface.get_width(app.surface)
        a = numpy.frombuffer(before, numpy.uint8).reshape(-1, width, 3).astype(int)
        b = numpy.frombuffer(after, numpy.uint8).reshape(-1, width, 3).astype(int)
        where = numpy.argwhere((abs(a - b) > tolerance).any(axis=2))[:, ::-1]
        assert not len(where), (f"{len(where)} pixels differ from a full repaint, e.g. (x, y) "
                                f"{where[:5].tolist()}")


# -- what each game's board keeps between moves, and how to drop it -------------------------
def _forget_metro(board) -> None:
    from game.client.games.metro.static_layer import StaticBoard

    board._board_layer = StaticBoard(board)
    board._static_key = board._base_key = None


def _metro_layers(board):
    return board._static


def _metro_kept(play, first) -> None:
    assert play.board._static is first, "a move repainted the whole board layer"


def _metro_played_enough(match) -> bool:
    return any(match.state.line_done)         # else no line was completed


def _forget_railroad_ink(board) -> None:
    board._sheet_cache.clear()
    board._pane_cache.clear()
    board._comp = None


def _railroad_ink_layers(board):
    return board._comp, {key: found[1] for key, found in board._sheet_cache.items()}


def _railroad_ink_kept(play, before) -> None:
    comp, sheets = before
    board = play.board
    assert board._comp is comp
    assert any(board._sheet_cache[key][1] is layer for key, layer in sheets.items()), \
        "every sheet layer was drawn anew"


def _railroad_ink_played_enough(match) -> bool:
    return match.state.round >= 2


def _forget_metromania(board) -> None:
    from game.client.games.metromania.network import NetworkLayer
    from game.client.games.metromania.players_panel import PlayersPanel

    board._network = NetworkLayer(board)
    board._players = PlayersPanel(board)
    board._right_key = board._right_watch = None


def _metromania_layers(board):
    return board._network.layer, board._players.panel


def _metromania_kept(play, before) -> None:
    layer, panel = before
    board = play.board
    assert board._network.layer is layer, "a move repainted the whole network"
    assert board._players.panel is panel or play.match.is_over(), \
        "a move repainted the whole players' panel"


def _metromania_played_enough(match) -> bool:
    state = match.state
    return bool(state.stations and state.placed and any(line.done for line in state.lines)) \
        or match.seq >= 42


@dataclass(frozen=True)
class BoardCase:
    """One game's table for the driver: who plays, how many moves between checks, and the
    board's own layers (what must survive a move, how to drop them all)."""
    players: int
    variants: tuple
    seed: int
    moves: int
    layers: Callable        # board -> what must still be there after the moves
    kept: Callable          # (play, layers before) -> asserts they were kept
    forget: Callable        # board -> every cache dropped
    played_enough: Callable  # match -> the moves reached what the check is about


CASES = {
    "metro": BoardCase(6, ("hand3",), 3, 12, _metro_layers, _metro_kept, _forget_metro,
                       _metro_played_enough),
    "railroad-ink": BoardCase(6, ("meteor",), 4, 16, _railroad_ink_layers, _railroad_ink_kept,
                              _forget_railroad_ink, _railroad_ink_played_enough),
    "metromania": BoardCase(4, (), 21, 14, _metromania_layers, _metromania_kept,
                            _forget_metromania, _metromania_played_enough),
}


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
@pytest.mark.parametrize("game_name", list(CASES))
def test_the_board_repaints_only_what_moves_changed(tmp_path, game_name, size):
    case = CASES[game_name]
    app = make_app(tmp_path)
    app.resize(size)
    play = _table(app, game_name, case.players, case.variants, seed=case.seed)
    app.draw()
    for round_ in range(3):
        before = case.layers(play.board)
        _play_moves(app, play, case.moves, 100 * round_)
        case.kept(play, before)
        _assert_same(app, case.forget)
    assert case.played_enough(play.match), "the moves fell short of the case: pick another seed"


def test_metromania_searches_the_next_humans_options_off_the_frame(tmp_path, monkeypatch):
    """When a bot's move gives the turn to the human, the frame that shows the move does not
    search the human's dig options (a helper thread does); the turn shows once they are in,
    and they are exactly the rules' options for that position."""
    import threading
    import time

    from game.bots.base import make_bot
    from game.client.screens.play import PlayScreen
    from game.match import Match, SeatInfo
    from game.rules import get_game

    app = make_app(tmp_path)
    game = get_game("metromania")
    seats = [SeatInfo("Ann", "human", device="mouse+keyboard", colour=0)] + [
        SeatInfo(f"Bot {i}", "bot", level="random", colour=i) for i in range(1, 4)]
    match = Match.new(game, game.make_config(4), 21, seats)
    while match.seq < 9 or match.to_act() != (3,):
        seat = match.to_act()[0]
        match.apply(seat, make_bot(game, seat, "random", match.seq).choose(match.view(seat)))
    play = PlayScreen(app, match, {"autosave": False})
    app.push(play)
    app.draw()
    board = play.board
    searched_in: list[str] = []
    real = type(game).dig_options

    def watched(self, *args, **kwargs):
        searched_in.append(threading.current_thread().name)
        return real(self, *args, **kwargs)
    monkeypatch.setattr(type(game), "dig_options", watched)
    play.propose(3, make_bot(game, 3, "random", 1).choose(match.view(3)))
    assert match.to_act() == (0,)
    app.draw()                         # the frame that shows the bot's move
    assert threading.main_thread().name not in searched_in
    deadline = time.monotonic() + 10
    while board.searching(0):
        assert time.monotonic() < deadline, "the options never came in"
        time.sleep(0.01)
    app.draw()                         # the turn shows
    assert threading.main_thread().name not in searched_in
    assert searched_in, "nothing was searched ahead"
    d = board.draft(0)
    expected = {}
    for tunnel in real(game, match.view(0), 0, d.line, []):
        expected.setdefault((tunnel.space, tunnel.edge), []).append(tunnel)
    assert board.candidates(0) == expected and expected
    assert board.hints(0) != [("menu", "Menu")] or not expected
