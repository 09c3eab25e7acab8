"""Railroad Ink through the real client, driven by input events (issue 26, items 5, 11, 12):

* the Volcano dead end: the lava dice have nowhere to go; the tray says why and what to do, the
  way out (New volcano, or a route to erase) pulses, confirm takes it up, and a press of End
  round says the same instead of "dice left";
* with nothing left to do but end the round (only optional dice), confirm ends it and the hint
  line says so, for the keyboard and the controller;
* split screen: a hint asked by one player is labelled in that player's pane with their name;
* round toasts cover no panel, in every layout, and go to the header's free strip when the
  panes cover the rest.
"""

from __future__ import annotations

import time

import pygame
import pytest

from game.client import fonts
from game.client.games.railroad_ink.layout import HEADER_H
from game.client.screens.play import PlayScreen
from game.client.screens.title import TitleScreen
from game.client.text import set_language, t
from game.match import Match, SeatInfo
from game.rules import get_game
from game.rules.railroad_ink.faces import FACE_INDEX
from game.rules.railroad_ink.moves import Draw, End, Skip
from game.rules.railroad_ink.orientation import CANONICAL_O
from game.rules.railroad_ink.sheet import CELL_NAMES
from tests.test_client_support import make_app, step
from tests.quick_hint import use_quick_hints

GAME = get_game("railroad-ink")
PAD = 501
KEYS = {"next": pygame.K_TAB, "confirm": pygame.K_RETURN, "rotate": pygame.K_r,
        "hint": pygame.K_h}
ARROWS = {(1, 0): pygame.K_RIGHT, (-1, 0): pygame.K_LEFT, (0, 1): pygame.K_DOWN,
          (0, -1): pygame.K_UP}
PAD_BUTTONS = {"next": 5, "confirm": 0, "rotate": 3}
# A solo Volcano game (seed 2) whose lava closed itself in by round 4: D4's region is walled
# by the border of routes, and no route blocks an open lava side (nothing to erase). Found by
# playing the rules with a lava-closing player; the round's four route dice come after.
START_VOLCANO, ERASE_ROUTE = "volcano", "erase"     # the ways out the board names
DEAD_END_SEED = 2
DEAD_END_MOVES = [
    "lava-road@D5/0", "lava-road@E4/1", "rail-tee@F1/3", "road-tee@E3/1",
    "station-straight@E1/0", "road-straight@D1/0", "end",
    "lava-corner@D3/0", "lava-corner@C3/1", "road-tee@G6/2", "station-curve@D7/5",
    "rail-tee@C7/2", "road-curve@E2/1", "end",
    "lava-corner@C4/2", "road-curve@E5/3", "road-curve@G5/1", "rail-curve@B7/2",
    "overpass@F2/0", "end"]
# then, in round 4, a new volcano in A1 walled in by a special in A2 and a railway in B1
ERASE_ONLY_MOVES = ["road-tee@C5/2", "rail-curve@A4/1", "station-straight@A5/1",
                    "rail-straight@B1/1", "special-road-3@A2/0", "volcano@A1/0"]


@pytest.fixture
def app(tmp_path):
    application = make_app(tmp_path)
    yield application
    application.shutdown()
    set_language("en")


def open_table(app, match):
    app.push(TitleScreen(app))
    play = PlayScreen(app, match, {"autosave": False})
    app.push(play)
    step(app, 1 / 60)
    return play


def plug_pad(app) -> None:
    pygame.event.post(pygame.event.Event(pygame.JOYDEVICEADDED, device_index=-1,
                                         instance_id=PAD))
    step(app, 1 / 60)


def post(app, event) -> None:
    pygame.event.post(event)
    step(app, 1 / 60)


def press(app, device: str, action: str) -> None:
    if device == "keyboard":
        post(app, pygame.event.Event(pygame.KEYDOWN, key=KEYS[action], mod=0, unicode="",
                                     scancode=0))
    else:
        post(app, pygame.event.Event(pygame.JOYBUTTONDOWN, instance_id=PAD, joy=PAD,
                                     button=PAD_BUTTONS[action]))


def arrow(app, device: str, dx: int, dy: int) -> None:
    if device == "keyboard":
        post(app, pygame.event.Event(pygame.KEYDOWN, key=ARROWS[(dx, dy)], mod=0, unicode="",
                                     scancode=0))
    else:
        post(app, pygame.event.Event(pygame.JOYHATMOTION, instance_id=PAD, joy=PAD, hat=0,
                                     value=(dx, -dy)))
        post(app, pygame.event.Event(pygame.JOYHATMOTION, instance_id=PAD, joy=PAD, hat=0,
                                     value=(0, 0)))


def click(app, pos) -> None:
    post(app, pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    post(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    post(app, pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def walk_to(app, device: str, ui, cell: int) -> None:
    target = [cell % 7, cell // 7]
    for _ in range(20):
        if ui.cursor == target:
            return
        dx = (target[0] > ui.cursor[0]) - (target[0] < ui.cursor[0])
        dy = 0 if dx else (target[1] > ui.cursor[1]) - (target[1] < ui.cursor[1])
        arrow(app, device, dx, dy)
    assert ui.cursor == target


def draw_by_hand(app, play, device: str, seat: int, face: str) -> None:
    """Pick ``face`` with "next", walk the cursor to a legal cell, turn it legal, confirm."""
    board = play.board
    ui = board.seat_ui(seat)
    for _ in range(20):
        if board.picked(seat) == ("die", face):
            break
        press(app, device, "next")
    assert board.picked(seat) == ("die", face)
    cells = board.legal(seat).draw[face]
    cell = sorted(cells)[0]
    walk_to(app, device, ui, cell)
    canon = CANONICAL_O[FACE_INDEX[face]]
    for _ in range(8):
        if canon[ui.o] in cells[cell]:
            break
        press(app, device, "rotate")
    before = len(play.match.log)
    press(app, device, "confirm")
    assert len(play.match.log) == before + 1, board.refusal_text(seat)


def dead_end_match(device: str) -> Match:
    seats = [SeatInfo("Ann", "human", device=device, colour=0)]
    match = Match.new(GAME, GAME.make_config(1, ["volcano"]), DEAD_END_SEED, seats)
    for notation in DEAD_END_MOVES:
        match.apply(0, GAME.parse_move(notation))
    # the round's route dice drawn: only the two lava dice are left
    while True:
        left = [face for face, needed in GAME.remaining_dice(match.state, 0)
                if needed and not face.startswith("lava-")]
        if not left:
            return match
        move = next((m for m in GAME.legal_moves(match.state, 0)
                     if isinstance(m, Draw) and m.face == left[0]), Skip(left[0]))
        match.apply(0, move)


def dead_end_text(way: str, picked_volcano: bool) -> str:
    return t("ri.lava_dead_end_place") if picked_volcano else t(f"ri.lava_dead_end_{way}")


def tray_lines(board, seat: int) -> tuple[str, list[str]]:
    """The status line and the device hint lines the tray shows for the seat."""
    info = board.legal(seat)
    return board._status_text(seat, info), board._device_hints(seat)


def pixels(app, rect) -> bytes:
    return pygame.image.tobytes(app.surface.subsurface(rect.inflate(16, 16)), "RGB")


# -- item 5: the Volcano dead end ---------------------------------------------------------------
@pytest.mark.parametrize("device", ["keyboard", "pad1"])
def test_a_lava_dead_end_says_why_lights_new_volcano_and_confirm_takes_it(app, device):
    match = dead_end_match(device)
    if device == "pad1":
        plug_pad(app)
    play = open_table(app, match)
    board = play.board
    info = board.legal(0)
    # the dead end itself: mandatory lava dice, none of them has a cell, End round is off
    lava = [face for face, needed in GAME.remaining_dice(match.state, 0) if needed]
    assert lava and all(face.startswith("lava-") for face in lava)
    assert not any(info.draw.get(face) for face in lava) and not info.end
    assert board.picked(0)[1] in lava
    assert info.draw.get("volcano") and not info.erase        # the way out: a new volcano
    # the tray says why and what to do; the hint line names what confirm does now
    status, hints = tray_lines(board, 0)
    assert status == dead_end_text(START_VOLCANO, False)
    assert "nowhere to go" in status and t("ri.pick_volcano") in status
    assert hints[0].split(" · ")[0].endswith(t("ri.pick_volcano"))
    assert ("confirm", t("ri.pick_volcano")) in board.hints(0)
    # the way out pulses: the New volcano row changes from frame to frame on its own
    row = board.pane_of(0).tray["volcano"]
    shots = set()
    for _ in range(4):
        step(app, 0.2)
        shots.add(pixels(app, row))
    assert len(shots) > 1
    # confirm on the stuck lava die picks the new volcano: its squares glow green
    press(app, device, "confirm")
    assert board.picked(0) == ("volcano", "volcano")
    assert board.legal(0).draw["volcano"]
    assert tray_lines(board, 0)[0] == dead_end_text(START_VOLCANO, True)
    # the row's pulse stops once it is picked
    shots = set()
    for _ in range(4):
        step(app, 0.2)
        shots.add(pixels(app, row))
    assert len(shots) == 1
    # draw it: the lava dice have somewhere to go again, and the tray says nothing of a dead end
    cell = sorted(board.legal(0).draw["volcano"])[0]
    walk_to(app, device, board.seat_ui(0), cell)
    press(app, device, "confirm")
    assert match.log[-1].move == f"volcano@{CELL_NAMES[cell]}/0"
    assert any(board.legal(0).draw.get(face) for face in lava)
    assert "nowhere" not in tray_lines(board, 0)[0]
    # and the lava die is drawn next to the new volcano by the same device
    draw_by_hand(app, play, device, 0, next(face for face in lava
                                            if board.legal(0).draw.get(face)))
    assert match.state.seats[0].lava_done


def test_end_round_in_a_lava_dead_end_says_the_way_out_not_dice_left(app):
    match = dead_end_match("mouse")
    play = open_table(app, match)
    board = play.board
    cells = list(match.state.seats[0].sheet.cells)
    click(app, board.pane_of(0).tray["buttons"]["end"].center)
    assert board.refusal_text(0) == dead_end_text(START_VOLCANO, False)
    assert list(match.state.seats[0].sheet.cells) == cells and not match.state.seats[0].ended
    # said once, on the tray: no toast repeats it over the sheet
    assert not app.toasts.items
    # the mouse clicks the glowing row, then a green square
    click(app, board.pane_of(0).tray["volcano"].center)
    assert board.picked(0) == ("volcano", "volcano")
    cell = sorted(board.legal(0).draw["volcano"])[0]
    click(app, board.pane_of(0).geom.cell_rect(cell).center)
    assert match.log[-1].move.startswith("volcano@")


def test_a_dead_end_with_only_routes_to_erase_lights_them_and_confirm_erases(app):
    """This round's new volcano went where its lava is walled in by a special and a railway:
    erasing one of them is the only way out left (red squares)."""
    seats = [SeatInfo("Ann", "human", device="keyboard", colour=0)]
    match = Match.new(GAME, GAME.make_config(1, ["volcano"]), DEAD_END_SEED, seats)
    for notation in DEAD_END_MOVES + ERASE_ONLY_MOVES:
        match.apply(0, GAME.parse_move(notation))
    play = open_table(app, match)
    board = play.board
    erase = sorted(board.legal(0).erase)
    assert erase and not board.legal(0).draw.get("volcano")    # the way out: erasing
    status, hints = tray_lines(board, 0)
    assert status == dead_end_text(ERASE_ROUTE, False) and "red" in status
    assert hints[0].split(" · ")[0].endswith(t("hint.ri_erase"))
    # the routes that may be erased pulse on the sheet
    cell_rect = board.pane_of(0).geom.cell_rect(erase[0])
    shots = set()
    for _ in range(4):
        step(app, 0.2)
        shots.add(pixels(app, cell_rect))
    assert len(shots) > 1
    walk_to(app, "keyboard", board.seat_ui(0), erase[0])
    press(app, "keyboard", "confirm")
    assert match.log[-1].move == f"erase@{CELL_NAMES[erase[0]]}"
    assert any(board.legal(0).draw.get(face) for face, _ in
               GAME.remaining_dice(match.state, 0) if face.startswith("lava-"))


# -- item 11: confirm ends the round when nothing else must be done ----------------------------
@pytest.mark.parametrize("device", ["keyboard", "pad1"])
@pytest.mark.parametrize("expansion", ["volcano", "river"])
def test_confirm_ends_the_round_when_only_optional_dice_are_left(app, device, expansion):
    seats = [SeatInfo("Ann", "human", device=device, colour=0)]
    match = Match.new(GAME, GAME.make_config(1, [expansion]), 3, seats)
    if device == "pad1":
        plug_pad(app)
    play = open_table(app, match)
    board = play.board

    def mandatory():
        return [face for face, needed in GAME.remaining_dice(match.state, 0) if needed]

    # every mandatory die but the last drawn by hand, the last one too: the move that leaves
    # only optional dice
    while mandatory():
        draw_by_hand(app, play, device, 0, mandatory()[0])
    optional = [face for face, _ in GAME.remaining_dice(match.state, 0)]
    assert optional and GAME.can_end(match.state, 0)
    assert board.picked(0) == ("end", "")
    status, hints = tray_lines(board, 0)
    assert hints[0].split(" · ")[0].endswith(t("ri.end"))            # "Enter End round"
    assert ("confirm", t("ri.end")) in board.hints(0)                 # the shell's hint bar
    assert "optional" in status
    press(app, device, "confirm")
    assert match.state.round == 2                                      # the round ended
    assert [e.move for e in match.log][-1] == "end"


def test_a_player_who_picks_an_optional_die_again_can_still_draw_it(app):
    """End round is offered, not forced: Tab back to an optional die and confirm draws it."""
    seats = [SeatInfo("Ann", "human", device="keyboard", colour=0)]
    match = Match.new(GAME, GAME.make_config(1, ["river"]), 3, seats)
    play = open_table(app, match)
    board = play.board
    while any(needed for _, needed in GAME.remaining_dice(match.state, 0)):
        face = next(f for f, needed in GAME.remaining_dice(match.state, 0) if needed)
        draw_by_hand(app, play, "keyboard", 0, face)
    assert board.picked(0) == ("end", "")
    river = GAME.remaining_dice(match.state, 0)[0][0]
    drawn = len(GAME.remaining_dice(match.state, 0))
    draw_by_hand(app, play, "keyboard", 0, river)
    assert match.state.round == 1 and len(GAME.remaining_dice(match.state, 0)) == drawn - 1


# -- item 12: split-screen hints name their player ----------------------------------------------
def wait_for_hint(app, play, seconds: float = 90.0) -> None:
    # the expert thinks in a helper process: wait for its answer (the bound only guards
    # against a hang; nothing is timed)
    deadline = time.monotonic() + seconds
    while play.coach.shown is None and time.monotonic() < deadline:
        step(app, 1 / 60)
        time.sleep(0.01)
    assert play.coach.shown is not None


@pytest.mark.parametrize("humans,asker", [(2, 1), (4, 1), (2, 0), (4, 0)])
def test_a_split_screen_hint_is_labelled_in_the_askers_pane_with_their_name(app, monkeypatch,
                                                                            humans, asker):
    use_quick_hints(monkeypatch)      # where the label goes, not how good the move is
    devices = ["pad1", "mouse+keyboard", "pad2", "pad3"][:humans]
    names = ["Ann", "Ben", "Cleo", "Dev"]
    seats = [SeatInfo(names[i], "human", device=d, colour=i) for i, d in enumerate(devices)]
    match = Match.new(GAME, GAME.make_config(humans, []), 5, seats)
    play = open_table(app, match)
    for index in range(humans - 1):
        pygame.event.post(pygame.event.Event(pygame.JOYDEVICEADDED, device_index=-1,
                                             instance_id=900 + index))
        step(app, 1 / 60)
    if asker == 1:
        press(app, "keyboard", "hint")              # Ben, on the keyboard, asks
    else:                                           # Ann presses her right stick
        post(app, pygame.event.Event(pygame.JOYBUTTONDOWN, instance_id=900, joy=900,
                                     button=9))
    wait_for_hint(app, play)
    assert play.coach.shown[1] == asker
    drawn = []
    real = fonts.blit_in

    def spy(surface, text, size, colour, rect, *args, **kwargs):
        if kwargs.get("name") == "hint label":
            drawn.append((text, pygame.Rect(rect)))
        return real(surface, text, size, colour, rect, *args, **kwargs)

    monkeypatch.setattr(fonts, "blit_in", spy)
    step(app, 1 / 60)
    assert drawn, "no hint label drawn"
    text, rect = drawn[-1]
    assert text.startswith(names[asker])
    own, other = play.board.pane_of(asker).rect, play.board.pane_of(1 - asker).rect
    assert own.contains(rect) and not other.colliderect(rect)
    # a toast meanwhile still finds the header's strip (the label is not beside the button)
    app.toasts.show(t("ri.new_round", n=2), "good")
    step(app, 0.3)
    placed = app.toasts.layout(app.surface.get_size(), app.toast_obstacles(),
                               app.toast_lane())
    assert placed and all(r.bottom <= HEADER_H + 3 and r.collidelist(
        [pane.rect for pane in play.board.layout()]) < 0 for _toast, r in placed)


def test_no_hint_now_names_the_player_who_asked(app):
    seats = [SeatInfo("Ann", "human", device="pad1", colour=0),
             SeatInfo("Ben", "human", device="mouse+keyboard", colour=1)]
    match = Match.new(GAME, GAME.make_config(2, []), 5, seats)
    play = open_table(app, match)
    plug_pad(app)
    while not GAME.can_end(match.state, 1):            # Ben finishes his round
        face = next(f for f, needed in GAME.remaining_dice(match.state, 1) if needed)
        move = next((m for m in GAME.legal_moves(match.state, 1)
                     if getattr(m, "face", None) == face), Skip(face))
        assert play.propose(1, move)
    assert play.propose(1, End())
    app.toasts.items = []
    press(app, "keyboard", "hint")
    assert app.toasts.latest() == t("coach.hint_not_now_for", name="Ben")


# -- item 12: round toasts cover no panel ------------------------------------------------------
LAYOUTS = [(1, 0), (1, 2), (2, 0), (2, 1), (3, 1), (4, 0), (4, 2)]


@pytest.mark.parametrize("humans,bots", LAYOUTS)
def test_the_round_toast_covers_no_panel_in_any_layout(app, monkeypatch, humans, bots):
    devices = ["mouse+keyboard", "pad1", "pad2", "pad3"][:humans]
    seats = [SeatInfo(f"P{i + 1}", "human", device=d, colour=i) for i, d in enumerate(devices)]
    seats += [SeatInfo(f"Bot {j + 1}", "bot", level="random", colour=humans + j)
              for j in range(bots)]
    match = Match.new(GAME, GAME.make_config(len(seats), ["meteor"]), 7, seats)
    play = open_table(app, match)
    board = play.board
    # every human resolves the meteor, draws and ends the round; the bots do theirs
    for seat in range(humans):
        while not GAME.can_end(match.state, seat):
            move = next(m for m in GAME.legal_moves(match.state, seat)
                        if type(m).__name__ in ("Meteor", "Draw", "Skip")
                        and getattr(m, "face", "") not in ("volcano",))
            assert play.propose(seat, move)
        assert play.propose(seat, End())
    for _ in range(600):
        if match.state.round == 2:
            break
        step(app, 1 / 60)
    assert match.state.round == 2
    # where the frame really draws the toasts
    placed = []
    real_layout = app.toasts.layout

    def recording(*args, **kwargs):
        placed[:] = real_layout(*args, **kwargs)
        return placed

    monkeypatch.setattr(app.toasts, "layout", recording)
    step(app, 0.15)                      # the frame the toast is raised in paints it for
    step(app, 0.15)                      # the next one; it has faded in
    round_toast = t("ri.new_round", n=2)
    rects = [rect for toast, rect in placed if toast.text == round_toast]
    assert rects, [toast.text for toast, _ in placed]
    screen = app.surface.get_rect()
    panels = []
    for pane in board.layout():
        if not getattr(pane, "wide", False):
            panels.append(pane.rect)
            continue
        # a lone player's wide pane: its sheet, title, every tray piece and the status lines
        # (the corner under them is left free for the toasts)
        tray = pane.tray
        panels += [pane.geom.rect.inflate(40, 40), tray["title"], *tray["dice"],
                   *tray["specials"], tray["meteor"], tray["volcano"],
                   *tray["buttons"].values(), tray["status_box"]]
    if board.ranking is not None:
        panels.append(board.ranking[0])
    buttons = [board.menu_button, play.coach.button()]
    for rect in rects:
        assert screen.contains(rect)
        for panel in panels + buttons:
            assert not rect.colliderect(panel), (rect, panel)
        if rect.top < HEADER_H:          # in the header: right of the round's number
            assert rect.left >= 352


# -- item 12: the solo screen uses its width; rows and columns named on their own line ----------
NAMES = set("ABCDEFG1234567")


def sheet_labels(app, monkeypatch) -> list[tuple[str, pygame.Rect, tuple]]:
    """(name, rect, size of the surface drawn on) of every row or column name drawn: the
    names go onto kept layers (the sheet's paper, or the pane's panel), in their coordinates."""
    drawn = []
    real = fonts.blit_in

    def spy(surface, text, size, colour, rect, *args, **kwargs):
        if text in NAMES:
            drawn.append((text, pygame.Rect(rect), surface.get_size()))
        return real(surface, text, size, colour, rect, *args, **kwargs)

    monkeypatch.setattr(fonts, "blit_in", spy)
    return drawn


@pytest.mark.parametrize("humans,bots", [(1, 0), (1, 2), (2, 0), (2, 1)])
def test_every_row_and_column_is_named_on_its_own_middle_beside_the_sheet(app, monkeypatch,
                                                                          humans, bots):
    """Rows B, D, F and columns 2, 4, 6 have an exit in the middle of their margin; their names
    were pushed up or aside onto the next row's line. Now every name sits outside the paper,
    centred on its row or column."""
    drawn = sheet_labels(app, monkeypatch)
    devices = ["mouse+keyboard", "pad1"]
    seats = [SeatInfo(f"P{i + 1}", "human", device=devices[i], colour=i) for i in range(humans)]
    seats += [SeatInfo(f"Bot {j}", "bot", level="random", colour=humans + j) for j in range(bots)]
    match = Match.new(GAME, GAME.make_config(len(seats), []), 3, seats)
    play = open_table(app, match)
    if humans > 1:
        plug_pad(app)
    step(app, 1 / 60)
    for pane in play.board.layout():
        if not pane.full:
            continue
        geom = pane.geom
        # on screen: a layer the size of the paper sits at the paper's corner, one the size
        # of the pane at the pane's (the full panes of these layouts are alike)
        corners = {tuple(geom.rect.size): geom.rect.topleft,
                   tuple(pane.rect.size): pane.rect.topleft}
        names = {text: rect.move(corners[size]) for text, rect, size in drawn
                 if size in corners}
        for i in range(7):            # on the middle of its own row and column
            row, col = names["ABCDEFG"[i]], names[str(i + 1)]
            assert abs(row.centery - geom.cell_rect(i * 7).centery) <= 1, ("ABCDEFG"[i], row)
            assert abs(col.centerx - geom.cell_rect(i).centerx) <= 1, (i + 1, col)
        for i in range(7):            # beside the paper (off the exits), inside the pane
            row, col = names["ABCDEFG"[i]], names[str(i + 1)]
            assert row.right <= geom.rect.left and col.bottom <= geom.rect.top
            assert pane.rect.contains(row) and pane.rect.contains(col)


def test_the_solo_screen_fills_its_width_with_a_bigger_sheet_and_tray(app):
    seats = [SeatInfo("Ann", "human", device="mouse+keyboard", colour=0)]
    for expansion in ("volcano", "meteor", ""):
        match = Match.new(GAME, GAME.make_config(1, [expansion] if expansion else []), 3, seats)
        play = open_table(app, match)
        pane = play.board.pane_of(0)
        tray = pane.tray
        # the sheet as tall as the screen allows (75 px cells before)
        assert pane.geom.cell >= 76
        # the dice, the specials' row and the buttons reach across to the pane's right edge
        assert min(r.width for r in tray["dice"]) >= 90
        assert pane.rect.right - max(r.right for r in tray["dice"]) <= 24
        assert pane.rect.right - max(r.right for r in tray["buttons"].values()) <= 24
        assert tray["specials"][-1].right > pane.rect.centerx + pane.rect.width // 4
        # nothing of the tray overlaps the sheet or leaves the pane
        pieces = [*tray["dice"], *tray["specials"], *tray["buttons"].values(),
                  tray["status_box"], tray["volcano"], tray["meteor"], tray["title"]]
        for rect in pieces:
            assert pane.rect.contains(rect) and not rect.colliderect(pane.geom.rect)
        app.reset_to(app.stack[0])


def said_in_full(rendered: list[str], key: str, **args) -> bool:
    """The catalog text ``key`` among the lines rendered, wrapped but not cut (the probe
    renders each line twice: repeats are dropped)."""
    lines = [value for i, value in enumerate(rendered) if i == 0 or value != rendered[i - 1]]
    joined = "".join(value.replace(" ", "") for value in lines)
    return t(key, **args).replace(" ", "") in joined


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (3840, 2160)])
def test_the_new_words_fit_in_every_language_and_resolution(tmp_path, monkeypatch, size):
    """The dead end's words, "only optional dice left", the hint lines naming what confirm
    does and a split-screen hint with its player's name, drawn with the language test's probe
    (no text outside its box, no missing glyph) on the solo screen and in quarter panes; the
    solo tray says the dead end in full."""
    from game.client import text
    from game.client.coach.hint_bot import Hint
    from game.client.games.railroad_ink.tray_text import face_name
    from tests.test_i18n import LANGS, TextProbe

    probe = TextProbe()
    probe.install(monkeypatch)
    rendered: list[str] = []
    probed_render = fonts.render

    def render(value, *args, **kwargs):
        rendered.append(value)
        return probed_render(value, *args, **kwargs)

    monkeypatch.setattr(fonts, "render", render)
    application = make_app(tmp_path)
    application.resize(size)
    # the panes are kept drawn per language: open in the last one, so each below is new
    text.set_language(LANGS[-1])
    try:
        scenes = []
        solo = open_table(application, dead_end_match("mouse+keyboard"))
        scenes.append(("dead end", [solo]))
        split = Match.new(GAME, GAME.make_config(4, ["volcano"]), DEAD_END_SEED,
                          [SeatInfo(n, "human", device="mouse+keyboard", colour=i)
                           for i, n in enumerate(["Ann", "Ben", "Cleo", "Dev"])])
        for notation in DEAD_END_MOVES:
            for seat in range(4):
                split.apply(seat, GAME.parse_move(notation))
        quarter = PlayScreen(application, split, {"autosave": False})
        move = next(m for m in GAME.legal_moves(split.state, 1) if isinstance(m, Draw))
        quarter.coach.shown = (quarter.coach.position_key(1), 1, Hint(move, 19, True))
        scenes.append(("split screen", [quarter]))
        river = Match.new(GAME, GAME.make_config(1, ["river"]), 3,
                          [SeatInfo("Ann", "human", device="pad1", colour=0)])
        while any(needed for _face, needed in GAME.remaining_dice(river.state, 0)):
            face = next(f for f, needed in GAME.remaining_dice(river.state, 0) if needed)
            river.apply(0, next((m for m in GAME.legal_moves(river.state, 0)
                                 if getattr(m, "face", None) == face), Skip(face)))
        optional = PlayScreen(application, river, {"autosave": False})
        optional.board.seat_ui(0).pick = ("end", "")
        scenes.append(("only optional dice", [optional]))
        for lang in LANGS:
            text.set_language(lang)
            application.settings.values["language"] = lang
            for name, stack in scenes:
                board = stack[0].board
                rendered.clear()
                probe.start(lang, f"{name} {size}")
                probe.draw_stack(application, stack)
                if name == "dead end":
                    assert said_in_full(rendered, "ri.lava_dead_end_volcano"), lang
                    board.seat_ui(0).pick = ("volcano", "volcano")
                    rendered.clear()
                    probe.draw_stack(application, stack)
                    assert said_in_full(rendered, "ri.lava_dead_end_place"), lang
                    board.seat_ui(0).pick = None
                if name == "only optional dice":
                    faces = ", ".join(face_name(face) for face, _needed
                                      in GAME.remaining_dice(board.state, 0))
                    assert said_in_full(rendered, "ri.only_optional_left", faces=faces), lang
        assert probe.rendered > 0 and probe.boxed > 0
        assert not probe.problems, "\n".join(probe.problems[:20])
    finally:
        application.stack = []
        text.set_language("en")
        application.shutdown()
