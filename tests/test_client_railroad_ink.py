"""Railroad Ink client, headless: a split-screen game played by four devices at once (mouse,
keyboard and two controllers, all through synthetic pygame events), refusals, screenshots.

The drivers look at the screen state like a player would (which die is picked, where the
cursor is, whether the ghost is legal) and press buttons one event per frame; all four seats'
events are posted in the same frame, so the seats really draw at the same time.
"""

from __future__ import annotations

import time

import random

import pygame
import pytest

from tests.patience import PATIENCE
from tests.test_client_support import step

from game.client.app import App
from game.client.games.railroad_ink.board import RailroadInkBoard
from game.client.games.railroad_ink.tray_text import ri_illegal
from game.client.games.railroad_ink.results import RailroadInkResults
from game.client.screens.play import PlayScreen
from game.client.settings import Settings
from game.match import Match, SeatInfo
from game.rules import get_game
from game.rules.core import IllegalMove
from game.rules.railroad_ink.faces import FACE_INDEX, SPECIALS
from game.rules.railroad_ink.moves import Draw
from game.rules.railroad_ink.orientation import CANONICAL_O
from game.rules.railroad_ink.sheet import CELL_INDEX

GAME = get_game("railroad-ink")
DEVICES = ("mouse", "keyboard", "pad1", "pad2")
PAD_INSTANCE = {"pad1": 501, "pad2": 502}
PAD_BUTTON = {"confirm": 0, "cancel": 1, "alt": 2, "rotate": 3, "prev": 4, "next": 5,
              "aux": 6}
KEYS = {"confirm": pygame.K_RETURN, "rotate": pygame.K_r, "alt": pygame.K_x,
        "next": pygame.K_TAB, "aux": pygame.K_c}
ARROWS = {(1, 0): pygame.K_RIGHT, (-1, 0): pygame.K_LEFT, (0, 1): pygame.K_DOWN,
          (0, -1): pygame.K_UP}


@pytest.fixture
def app(tmp_path):
    application = App(Settings(tmp_path / "settings.json"))
    yield application
    application.shutdown()


def table(app, devices=DEVICES, variants=(), seed=11, bots=0):
    seats = [SeatInfo(f"P{i + 1}", "human", device=d, colour=i) for i, d in enumerate(devices)]
    seats += [SeatInfo(f"Bot {j + 1}", "bot", level="random", colour=len(devices) + j)
              for j in range(bots)]
    match = Match.new(GAME, GAME.make_config(len(seats), list(variants)), seed, seats)
    play = PlayScreen(app, match)
    app.push(play)
    for device, instance in PAD_INSTANCE.items():
        if device in devices:
            pygame.event.post(pygame.event.Event(pygame.JOYDEVICEADDED, device_index=-1,
                                                 instance_id=instance))
    step(app, 1 / 60)
    return match, play


# -- synthetic events per device ---------------------------------------------------------------
def press(device: str, action: str, pos=None):
    if device == "keyboard":
        return pygame.event.Event(pygame.KEYDOWN, key=KEYS[action], mod=0, unicode="",
                                  scancode=0)
    if device.startswith("pad"):
        return pygame.event.Event(pygame.JOYBUTTONDOWN, instance_id=PAD_INSTANCE[device],
                                  joy=PAD_INSTANCE[device], button=PAD_BUTTON[action])
    button = {"confirm": 1, "rotate": 3}[action]
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button, touch=False)


def step_towards(device: str, cursor, target):
    dx = (target[0] > cursor[0]) - (target[0] < cursor[0])
    dy = 0 if dx else (target[1] > cursor[1]) - (target[1] < cursor[1])
    if device == "keyboard":
        return pygame.event.Event(pygame.KEYDOWN, key=ARROWS[(dx, dy)], mod=0, unicode="",
                                  scancode=0)
    return pygame.event.Event(pygame.JOYHATMOTION, instance_id=PAD_INSTANCE[device],
                              joy=PAD_INSTANCE[device], hat=0, value=(dx, -dy))


def mouse_to(pos):
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))


def driver(board: RailroadInkBoard, match, seat: int, device: str, rng: random.Random,
           log: list):
    """Yields one pygame event (or None) per frame for ``seat``: draws random legal faces
    through the UI, sometimes undoes, skips dice without a cell and ends its rounds."""
    while True:
        if seat not in match.to_act():
            yield None
            continue
        info = board.legal(seat)
        pane = board.pane_of(seat)
        ui = board.seat_ui(seat)
        dice = {f: cells for f, cells in info.draw.items() if f not in SPECIALS}
        specials = {f: cells for f, cells in info.draw.items() if f in SPECIALS}
        if info.undo and rng.random() < 0.08:
            log.append((seat, "undo"))
            if device == "mouse":
                yield press(device, "confirm", pane.tray["buttons"]["undo"].center)
            else:
                yield press(device, "aux")
            continue
        if dice or (specials and rng.random() < 0.3):
            pool = dice if dice and (not specials or rng.random() < 0.85) else specials
            face = rng.choice(sorted(pool))
            cell = rng.choice(sorted(pool[face]))
            kind = "special" if face in SPECIALS else "die"
            target_pick = (kind, face)
            action = "draw"
        elif info.skip:
            face = sorted(info.skip)[0]
            target_pick, cell, action = ("die", face), None, "skip"
        else:
            target_pick, cell, action = ("end", ""), None, "end"
        # 1. pick the piece
        guard = 0
        while board.picked(seat) != target_pick and guard < 20:
            guard += 1
            if device == "mouse":
                if target_pick[0] == "die":
                    index = next(i for i in match.state.seats[seat].pending
                                 if match.state.dice[i] == target_pick[1])
                    yield press(device, "confirm", pane.tray["dice"][index].center)
                elif target_pick[0] == "special":
                    rect = pane.tray["specials"][SPECIALS.index(target_pick[1])]
                    yield press(device, "confirm", rect.center)
                else:
                    break        # the mouse ends the round with the button
            else:
                yield press(device, "next")
        if action == "end" or action == "skip":
            log.append((seat, action))
            if device == "mouse":
                yield press(device, "confirm", pane.tray["buttons"]["end"].center)
            else:
                yield press(device, "confirm")
            continue
        # 2. the cursor onto the cell
        target = (cell % 7, cell // 7)
        centre = pane.geom.cell_rect(cell).center
        if device == "mouse":
            yield mouse_to(centre)
        while tuple(ui.cursor) != target:
            yield step_towards(device, ui.cursor, target)
        # 3. turn (and mirror) until the ghost is legal there
        turns = 0
        while CANONICAL_O[FACE_INDEX[face]][ui.o] not in board.legal(seat).draw[face][cell]:
            turns += 1
            if turns % 5 == 0:
                yield press(device, "alt") if device != "mouse" else press(
                    device, "confirm", pane.tray["buttons"]["mirror"].center)
            else:
                yield press(device, "rotate", centre)
            assert turns < 20, "the orientation never became legal"
        log.append((seat, str(Draw(face, cell, ui.o))))
        yield press(device, "confirm", centre)


def run_drivers(app, match, play, drivers, max_frames=6000):
    frames = 0
    while not match.is_over() and frames < max_frames:
        for drive in drivers:
            event = next(drive)
            if event is not None:
                pygame.event.post(event)
        step(app, 1 / 60)
        frames += 1
    return frames


def test_four_devices_play_a_split_screen_game_to_the_results(app):
    match, play = table(app)
    board = play.board
    assert isinstance(board, RailroadInkBoard)
    assert [p.seat for p in board.layout() if p.full] == [0, 1, 2, 3]    # one pane each
    rng = random.Random(5)
    log: list = []
    drivers = [driver(board, match, seat, device, rng, log)
               for seat, device in enumerate(DEVICES)]
    frames = run_drivers(app, match, play, drivers)
    assert match.is_over(), f"game not over after {frames} frames (round {match.state.round})"
    # all four devices drew, undid and ended rounds through the UI
    entries = [(e.seat, e.move) for e in match.log]
    for seat in range(4):
        moves = [m for s, m in entries if s == seat]
        assert sum(1 for m in moves if "@" in m) >= 7, (seat, moves)
        assert moves.count("end") == GAME.new_game(match.config, 0).rounds
    # the rounds interleave: seats acted between each other's moves, not one after the other
    first_round = [s for s, _m in entries[:12]]
    assert len(set(first_round)) == 4
    assert any(m == "undo" for _s, m in entries)
    for _ in range(120):
        step(app, 1 / 60)
    results = app.top
    assert isinstance(results.panel, RailroadInkResults)     # the game's own breakdown
    # exactly the engine's scores: replay the log on a fresh engine state
    state = GAME.new_game(match.config, match.seed)
    for entry in match.log:
        GAME.apply(state, entry.seat, GAME.parse_move(entry.move))
    assert results.result["scores"] == GAME.scores(state)["scores"]
    assert results.result["breakdown"] == GAME.scores(state)["breakdown"]
    step(app, 1 / 60)   # the results screen draws (table of categories and the chart)


def test_refused_drawing_shows_the_reason_and_changes_nothing(app):
    match, play = table(app, devices=("keyboard",), bots=1)
    board = play.board
    before_seq, before_hash = match.seq, match.hash()
    # D4 is in the middle of an empty sheet: nothing to connect to
    ui = board.seat_ui(0)
    ui.cursor = [3, 3]
    face = board.picked_face(0)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                         unicode="", scancode=0))
    step(app, 1 / 60)
    assert match.seq == before_seq and match.hash() == before_hash
    try:
        GAME.check(match.state, 0, Draw(face, CELL_INDEX["D4"], 0))
    except IllegalMove as exc:
        expected = ri_illegal(exc)
    assert board.refusal_text(0) == expected
    assert not app.toasts.latest()        # said once, on the tray (not again as a toast)
    assert "D4" in expected and "connect" in expected
    # an end of round with dice left is refused with the dice named
    board.seat_ui(0).pick = ("end", "")
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                         unicode="", scancode=0))
    step(app, 1 / 60)
    assert match.seq == before_seq and match.hash() == before_hash
    assert board.refusal_text(0).startswith("Draw or skip these dice first")


def _colours(surface) -> int:
    small = pygame.transform.scale(surface, (160, 90))
    return len({small.get_at((x, y))[:3] for x in range(160) for y in range(90)})


@pytest.mark.parametrize("devices,variants", [(("keyboard",), ("meteor",)),
                                              (DEVICES, ("volcano",))])
def test_screens_render_sheets_dice_and_expansion_pieces(app, devices, variants):
    match, play = table(app, devices=devices, variants=variants, bots=3 - len(devices) % 4)
    rng = random.Random(2)
    while match.state.round < 3:      # a few rounds drawn straight through the engine
        for seat in match.to_act():
            moves = [m for m in GAME.legal_moves(match.state, seat) if str(m) != "undo"]
            useful = [m for m in moves if str(m) != "end"]
            match.apply(seat, rng.choice(useful) if useful else moves[0])
    for _ in range(3):
        step(app, 1 / 60)
    assert _colours(app.surface) > 60
    board = play.board
    for pane in board.layout():
        # every sheet shows its drawings: the cached layer differs from a blank sheet
        layer = board.sheet_layer(pane.seat, pane.geom)
        blank = board._static_sheet(pane.geom)
        assert pygame.image.tobytes(layer, "RGBA") != pygame.image.tobytes(blank, "RGBA")


def test_bots_draw_live_while_the_human_is_still_drawing(app):
    app.settings["bot_delay_ms"] = 0
    match, play = table(app, devices=("keyboard",), bots=2)
    board = play.board
    assert [p.full for p in board.layout()] == [True, False, False]   # big sheet, two small
    # the bots think in helper processes: wait by the clock (headless frames are not paced)
    deadline = time.monotonic() + PATIENCE
    while time.monotonic() < deadline:
        step(app, 1 / 60)
        if all(match.state.seats[s].ended for s in (1, 2)):
            break
    assert all(match.state.seats[s].ended for s in (1, 2)), "the bots did not finish round 1"
    assert match.state.round == 1 and not match.state.seats[0].ended
    assert any(code >= 0 for s in (1, 2) for code in match.state.seats[s].sheet.cells)


def test_meteor_strike_from_the_keyboard_is_animated_along_the_engine_path(app):
    match, play = table(app, devices=("keyboard",), variants=("meteor",), seed=21)
    board = play.board
    assert board.meteor_pending(0)
    if match.state.meteor[0] == "any":   # the arrows choose the direction first
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, mod=0,
                                             unicode="", scancode=0))
        step(app, 1 / 60)
        assert board.meteor_direction(0) == "W"
    direction = board.meteor_direction(0)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                         unicode="", scancode=0))
    step(app, 1 / 60)
    assert match.log[-1].move == f"meteor:{direction}"
    anim = next(a for a in board.anims if a["kind"] == "meteor")
    assert anim["path"][-1] == match.state.seats[0].sheet.dot       # lands on the crater
    assert board.busy()
    for _ in range(int(60 * (0.2 * len(anim["path"]) + 0.6))):
        step(app, 1 / 60)
    assert not board.busy() and not board.meteor_pending(0)
