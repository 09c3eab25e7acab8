"""A board that repaints only what a move changed draws the same picture as a full repaint.

Each game's board keeps its slow layers (the printed board with its tiles, lines and
stations; Railroad Ink's sheets and panes) and, when a move lands, repaints only the places
the move touched (``boards.dirty``). After a sequence of moves, each drawn as it lands, the
frame must be pixel for pixel the frame drawn from scratch (every cache dropped). Drawn at
1920×1080 (the TV: a 1.5 scale, where rounding to native pixels could leave a seam) and at
1280×720.
"""

from __future__ import annotations

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


def _open_table(tmp_path, size, game_name: str, players: int, variants=(), seed: int = 5):
    """A client of window ``size`` showing a table of bots, drawn once: (app, play screen)."""
    app = make_app(tmp_path)
    app.resize(size)
    play = _table(app, game_name, players, variants, seed)
    app.draw()
    return app, play


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


def _forget_metro(board) -> None:
    from game.client.games.metro.static_layer import StaticBoard

    board._board_layer = StaticBoard(board)
    board._static_key = board._base_key = None


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
def test_metro_board_repaints_only_what_moves_changed(tmp_path, size):
    app, play = _open_table(tmp_path, size, "metro", 6, ["hand3"], seed=3)
    board = play.board
    for round_ in range(3):
        first = board._static
        _play_moves(app, play, 12, 100 * round_)
        assert board._static is first, "a move repainted the whole board layer"
        _assert_same(app, _forget_metro)
    assert any(play.match.state.line_done), "no line was completed: pick another seed"
    # a move played elsewhere (here a bot's) is repainted in the frame after the one it
    # lands in, which the screen asks for (an idle client would not draw it otherwise)
    from game.client.games.metro.geometry import square_rect

    def square_pixels(sq: int) -> bytes:
        inner = square_rect(sq).inflate(-12, -12)     # (the glow lies outside the square)
        native = app.surface.native_rect(inner) if size != (1280, 720) \
            else inner
        return pygame.image.tobytes(app.surface.subsurface(native), "RGB")
    while True:                           # a move that places a tile
        placed = board.last_placed
        _play_moves(app, play, 1, 999 + play.match.seq)
        if board.last_placed is not placed:
            break
        app.draw()
    sq = board.last_placed[0]
    assert board.late and board.animating()
    empty = square_pixels(sq)             # the landing frame: the square as it was
    app.draw()
    assert not board.late and square_pixels(sq) != empty, "the tile never showed"
    _assert_same(app, _forget_metro)


def _catch_up_ink(app, board) -> None:
    """Frames until every pane has followed the moves (one pane of a seat played elsewhere a
    frame), each asked for by the screen."""
    for _ in range(len(board.match.seats) + 2):
        if not (board.late or board.catching_up or board.landed):
            return
        assert board.animating()
        app.draw()
    assert not board.catching_up, "the panes never caught up"


def _forget_railroad_ink(board) -> None:
    board._sheet_cache.clear()
    board._pane_cache.clear()
    board._comp = None


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
def test_railroad_ink_panes_repaint_only_what_moves_changed(tmp_path, size):
    app, play = _open_table(tmp_path, size, "railroad-ink", 6, ["meteor"], seed=4)
    board = play.board
    for round_ in range(3):
        comp = board._comp
        sheets = {key: found[1] for key, found in board._sheet_cache.items()}
        panes = {seat: found[1] for seat, found in board._pane_cache.items()}
        rolls = play.match.state.round
        _play_moves(app, play, 16, 100 * round_)
        assert board._comp is comp
        if play.match.state.round != rolls:
            # the big pane's seat plays elsewhere (a bot here; a phone on a TV): a new roll
            # repaints its dice, words and title, not the whole pane
            assert any(board._pane_cache.get(seat, (None, None))[1] is layer
                       for seat, layer in panes.items()), "a new round repainted the whole pane"
        assert any(board._sheet_cache[key][1] is layer for key, layer in sheets.items()), \
            "every sheet layer was drawn anew"
        _catch_up_ink(app, board)
        _assert_same(app, _forget_railroad_ink)
    assert play.match.state.round >= 2
    # a move played elsewhere (here a bot's) is repainted in the frame after the one it
    # lands in, which the screen asks for (an idle client would not draw it otherwise)
    before = pygame.image.tobytes(app.surface, "RGB")
    _play_moves(app, play, 1, 999)
    assert board.late
    board.anims.clear()                  # (the ring around the new drawing asks for frames)
    assert board.animating()
    app.draw()
    assert not board.late and pygame.image.tobytes(app.surface, "RGB") != before


def _forget_metromania(board) -> None:
    from game.client.games.metromania.network import NetworkLayer

    from game.client.games.metromania.players_panel import PlayersPanel

    board._network = NetworkLayer(board)
    board._players = PlayersPanel(board)
    board._right_key = board._right_watch = board._right = None
    board._frame.forget()


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
def test_metromania_network_repaints_only_what_moves_changed(tmp_path, size):
    app, play = _open_table(tmp_path, size, "metromania", 4, seed=21)
    board = play.board
    # the frame a move lands in paints the network; the panels follow in the next frames,
    # which the screen asks for (an idle client would not draw them)
    app.settings["animations"] = False           # no pop next to a panel
    _play_moves(app, play, 1, 999)
    assert board.behind and board.animating()
    app.settings["animations"] = True
    for round_ in range(3):
        layer, panel = board._network.layer, board._players.panel
        base = board._frame.surface
        _play_moves(app, play, 14, 100 * round_)
        assert board._network.layer is layer, "a move repainted the whole network"
        # nobody plays at this screen: each frame starts from the network and panels
        # composed once, and a move composes them again only where they changed
        assert base is not None and board._frame.surface is base or play.match.is_over(), \
            "a move composed the whole frame base again"
        # the network and panels follow a move a frame to three later (one layer painted
        # a frame), and the screen asks for those frames (an idle client would not draw them)
        assert not board.behind or board.animating()
        app.draw()
        app.draw()
        app.draw()
        assert not board.behind
        assert board._players.panel is panel or play.match.is_over(), \
            "a move repainted the whole players' panel"
        _assert_same(app, _forget_metromania)
    state = play.match.state
    assert state.stations and state.placed and any(line.done for line in state.lines) \
        or play.match.seq >= 42


def test_metromania_searches_the_next_humans_options_off_the_frame(tmp_path, monkeypatch):
    """When a bot's move gives the turn to the human, the frame that shows the move does not
    search the human's dig options (a helper thread does); the turn shows once they are in,
    and they are exactly the rules' options for that position."""
    import threading
    import time

    from game.bots.base import make_bot

    app, play = _human_table(tmp_path, (1280, 720))
    match, board = play.match, play.board
    game = match.game
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


def _human_table(tmp_path, size, seed: int = 21):
    """A Metromania table at ``size``: Ann (a human at this screen) and three bots, drawn
    once, at a turn of the bot just before Ann: (app, play screen)."""
    from game.bots.base import make_bot
    from game.client.screens.play import PlayScreen
    from game.match import Match, SeatInfo
    from game.rules import get_game

    app = make_app(tmp_path)
    app.resize(size)
    game = get_game("metromania")
    seats = [SeatInfo("Ann", "human", device="mouse+keyboard", colour=0)] + [
        SeatInfo(f"Bot {i}", "bot", level="random", colour=i) for i in range(1, 4)]
    match = Match.new(game, game.make_config(4), seed, seats)
    while match.seq < 9 or match.to_act() != (3,):
        seat = match.to_act()[0]
        match.apply(seat, make_bot(game, seat, "random", match.seq).choose(match.view(seat)))
    play = PlayScreen(app, match, {"autosave": False})
    app.push(play)
    app.draw()
    return app, play


def _settle(app, board) -> None:
    """Frames until every layer has followed the last move (each waits a bounded number)."""
    import time

    deadline = time.monotonic() + 10
    while board.searching(board.play.active_human()) or board.behind:
        assert time.monotonic() < deadline, "the layers never caught up"
        app.draw()
        time.sleep(0.005)
    app.draw()


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
def test_metromania_moves_at_this_screen_spread_their_panels(tmp_path, size):
    """The frame in which a move of the human here lands, or a bot's move gives them the
    turn, paints the network at once (a dug line never vanishes for a frame) and leaves the
    two panels to the next frames, as a move played elsewhere does; the picture then equals
    a full repaint."""
    from game.bots.base import make_bot

    app, play = _human_table(tmp_path, size)
    board, match = play.board, play.match
    for _ in range(3):
        seat = match.to_act()[0]
        play.propose(seat, make_bot(match.game, seat, "random", match.seq).choose(
            match.view(seat)))
        _settle(app, board)
        assert match.to_act() == (0,)
        # Ann's own dig lands: the next frame (a bot's turn: nobody plays here)
        play.propose(0, make_bot(match.game, 0, "random", match.seq).choose(match.view(0)))
        app.draw()
        assert board._network.seq == match.seq, "the network did not show Ann's move at once"
        assert board.behind and board.animating(), "the panels were painted in the same frame"
        _settle(app, board)
        _assert_same(app, _forget_metromania)
        # the bots play round to Ann again; the frame that gives her the turn
        while match.to_act() != (3,):
            seat = match.to_act()[0]
            play.propose(seat, make_bot(match.game, seat, "random", match.seq).choose(
                match.view(seat)))
            _settle(app, board)
    seat = match.to_act()[0]
    play.propose(seat, make_bot(match.game, seat, "random", 7).choose(match.view(seat)))
    import time

    deadline = time.monotonic() + 10
    while board.searching(0):
        assert time.monotonic() < deadline
        time.sleep(0.005)
    app.draw()                               # Ann's turn shows: her draft over the network
    assert board._network.seq == match.seq
    assert board.behind, "the panels were painted in the frame that gave Ann the turn"
    _settle(app, board)
    _assert_same(app, _forget_metromania)


def _human_frames(tmp_path, plain: bool, frames: int = 60) -> tuple[list[str], int]:
    """Ann's turns, the mouse over every part of the city, the bots playing round to her
    between her digs: each frame's digest, and how many of her frames were drawn over the
    composed base (``plain``: none)."""
    import hashlib

    from game.benchmarks.measure import sweep_mouse
    from game.bots.base import make_bot
    from game.client.games.metromania import geometry as geo

    app, play = _human_table(tmp_path, (1280, 720))
    board, match = play.board, play.match
    composing, over_base = board._composed, []

    def composed(seat, turn):
        used = not (plain and turn) and composing(seat, turn)
        over_base.append(used and turn)
        return used

    board._composed = composed
    digests = []
    for frame in range(frames):
        if frame % 20 == 0:                  # the bots play round to Ann: her turn begins
            while match.to_act() != (0,):
                seat = match.to_act()[0]
                play.propose(seat, make_bot(match.game, seat, "random", match.seq).choose(
                    match.view(seat)))
                _settle(app, board)
        sweep_mouse(geo.CITY_BOX, frame, (37, 23))
        app.step(1 / 60)
        digests.append(hashlib.sha256(_pixels(app.surface)).hexdigest())
        if frame % 20 == 19:                 # Ann digs
            play.propose(0, make_bot(match.game, 0, "random", match.seq).choose(
                match.view(0)))
    app.shutdown()
    return digests, sum(over_base)


def test_metromania_human_turn_over_the_composed_picture(tmp_path, monkeypatch):
    """A human's turn drawn over the composed network and panels (``frame_base``) is, frame
    for frame, the frame that draws the network, the turn and then the panels."""
    from game.client.games.metromania.lookahead import Lookahead

    def search_now(self, key, view, seat):
        # in this thread: the frames drawn while it searched (toasts are painted one a
        # frame) would otherwise differ from run to run
        with self._lock:
            self._key, self._found = (key, seat), None
        self._search((key, seat), view, seat)

    monkeypatch.setattr(Lookahead, "start", search_now)
    plain, _ = _human_frames(tmp_path / "plain", plain=True)
    frames, over_base = _human_frames(tmp_path / "composed", plain=False)
    assert over_base > 20, "the human's turn was never drawn over the composed base"
    differ = [i for i, (a, b) in enumerate(zip(plain, frames)) if a != b]
    assert not differ, f"frames {differ[:10]} differ over the composed base"


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
def test_metromania_human_turn_stays_in_its_boxes(tmp_path, size):
    """Whether a human's turn may be drawn over the composed picture is judged by the boxes
    it draws in (``_turn_boxes``): every pixel the draft, the refused space and the cursor
    draw lies in one of them, digging and placing a station, the mouse over the whole city
    (a turn near a panel then draws under it, as before)."""
    from game.benchmarks.measure import sweep_mouse
    from game.client import canvas, theme
    from game.client.games.metromania import geometry as geo

    app, play = _human_table(tmp_path, size)
    board, match = play.board, play.match
    _settle(app, board)
    seat = 0
    while match.to_act() != (seat,):
        seat = match.to_act()[0]
        from game.bots.base import make_bot

        play.propose(seat, make_bot(match.game, seat, "random", match.seq).choose(
            match.view(seat)))
        _settle(app, board)
        seat = 0
    checked = {"dig": 0, "station": 0}
    for frame in range(48):
        d = board.draft(0)
        d.mode = "station" if frame % 2 and board.station_targets(0) else "dig"
        sweep_mouse(geo.CITY_BOX, frame * 5, (37, 23))
        app.step(1 / 60)
        if d.mode == "station":
            targets = sorted(board.station_targets(0))
            d.cursor = targets[frame % len(targets)]
        drawn = canvas.layer(theme.LOGICAL_SIZE, pygame.SRCALPHA)
        drawn.fill((0, 0, 0, 0))
        boxes = board._turn_boxes(0)
        board._draw_turn(drawn, 0)
        for box in boxes:
            drawn.fill((0, 0, 0, 0), box)
        assert pygame.Surface.get_bounding_rect(drawn).size == (0, 0), \
            f"{d.mode}: the turn drew outside its boxes"
        checked[d.mode] += 1
    assert checked["dig"] and checked["station"], checked


def test_metromania_frame_base_composed_whole_after_many_places(tmp_path):
    """A base whose layers were painted again in many places (move after move while a human
    played here and the base waited) is composed whole, in its own surface, with one blit a
    layer, not three blits a place; its pixels are those of a fresh composition."""
    from game.client.boards import dirty
    from game.client.games.metromania.frame_base import FrameBase, Part

    make_app(tmp_path)
    network = pygame.Surface((1280, 720))
    network.fill((30, 60, 90))
    panel = pygame.Surface((200, 600), pygame.SRCALPHA)
    panel.fill((200, 100, 50, 128))
    blits = []

    class Counted(Part):
        def blit(self, target) -> None:
            blits.append(self)
            super().blit(target)

    damages = [dirty.Damage(), dirty.Damage()]
    parts = [Counted(network, (0, 0), None, damages[0]), Counted(panel, (10, 40), None,
                                                                 damages[1])]
    frame = FrameBase()
    base = frame.picture(parts)
    for i in range(40):                       # places far apart: none merge
        pygame.draw.rect(network, (i * 5, 200, 40), (30 + (i % 10) * 120, 30 + i // 10 * 150,
                                                     12, 12))
        damages[0].add(pygame.Rect(30 + (i % 10) * 120, 30 + i // 10 * 150, 12, 12))
    blits.clear()
    composed = frame.picture(parts)
    assert composed is base, "a new surface was made"
    assert len(blits) == len(parts), f"{len(blits)} blits to compose {len(parts)} layers"
    fresh = network.copy()
    fresh.blit(panel, (10, 40))
    assert _pixels(composed) == _pixels(fresh)


def test_metromania_finished_game_reckons_its_scores_once(tmp_path):
    """The frame of a finished game asks the rules for the final scores (every trip of every
    player) once, not once per row of the players' panel."""
    from game.bots.base import make_bot

    app, play = _open_table(tmp_path, (1280, 720), "metromania", 4, seed=21)
    match = play.match
    while not match.is_over():
        seat = match.to_act()[0]
        match.apply(seat, make_bot(match.game, seat, "random", match.seq).choose(
            match.view(seat)))
    calls = []
    real = type(match.game).scores

    def counted(self, state):
        calls.append(1)
        return real(self, state)
    type(match.game).scores = counted
    try:
        _forget_metromania(play.board)
        app.draw()
        app.draw()
    finally:
        type(match.game).scores = real
    assert len(calls) == 1, f"the final scores were reckoned {len(calls)} times"


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
def test_metromania_last_move_and_trip_show_spread_their_repaint(tmp_path, size):
    """The game's last move lands like the others (the frame it lands in shows the last
    picture, the layers follow a frame each); the trip show begins once they have, and its
    first frame leaves the panels (whose words change) to the next; each frame of the show
    then equals a full repaint."""
    from game.bots.base import make_bot

    app, play = _open_table(tmp_path, size, "metromania", 4, seed=21)
    board, match = play.board, play.match
    last = None
    while last is None:
        seat = match.to_act()[0]
        move = make_bot(match.game, seat, "random", match.seq).choose(match.view(seat))
        probe = match.game.clone(match.state)
        match.game.play(probe, seat, move)
        if match.game.is_over(probe):
            last = (seat, move)
        else:
            play.propose(seat, move)
            app.draw()
    _settle(app, board)
    before = pygame.image.tobytes(app.surface, "RGB")
    play.propose(*last)
    board.update(1 / 60)
    app.draw()                           # the frame the last move lands in
    assert not board.show_shown and board.behind, "the show began before the layers followed"
    while not board.show_shown:
        board.update(1 / 60)
        app.draw()
    assert pygame.image.tobytes(app.surface, "RGB") != before
    assert board.behind.get("left") and board.behind.get("right"), \
        "the show's first frame painted the panels too"
    _settle(app, board)
    _assert_same(app, _forget_metromania)
    for _ in range(3):                   # the show goes on: a trip after another
        board.show.skip()
        if board.show.finished:
            break
        app.draw()
        _settle(app, board)
        _assert_same(app, _forget_metromania)


@pytest.mark.parametrize("size", [(1920, 1080)])
def test_railroad_ink_moves_landing_together_repaint_a_pane_a_frame(tmp_path, size):
    """Moves of several seats played elsewhere that land in one frame (a round's bots, up
    to three a frame; phones) are repainted one pane a frame after it, the screen asking for
    those frames; then the picture equals a full repaint."""
    from game.bots.base import make_bot

    app, play = _open_table(tmp_path, size, "railroad-ink", 6, ["meteor"], seed=4)
    board, match = play.board, play.match
    _play_moves(app, play, 8, 50)
    _catch_up_ink(app, board)
    for _ in range(2):
        acting = list(match.to_act())[:3]
        assert len(acting) == 3
        for seat in acting:                       # three moves land in one frame
            play.propose(seat, make_bot(match.game, seat, "random", match.seq).choose(
                match.view(seat)))
        app.draw()                                # the frame they land in: the last picture
        assert board.late
        app.draw()                                # one pane follows, the others wait
        assert board.catching_up and board.animating(), "every pane was painted at once"
        _catch_up_ink(app, board)
        _assert_same(app, _forget_railroad_ink)
