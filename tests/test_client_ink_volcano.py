"""Railroad Ink's Volcano expansion through the real client: a player starts a new volcano by
mouse alone (clicking the tray's "new volcano" row, or dragging it onto the sheet), by keyboard
alone and by controller alone; the row shows hover, pick and "drawn this round", and a second
new volcano in the same round is refused on the tray with the reason."""

from __future__ import annotations

import pygame
import pytest

from game.client.screens.play import PlayScreen
from game.client.text import t
from game.match import Match, SeatInfo
from game.rules import get_game
from game.rules.railroad_ink.faces import FACE_INDEX
from game.rules.railroad_ink.sheet import CELL_NAMES
from tests.test_client_support import make_app
from tests.test_client_support import step as step_once

GAME = get_game("railroad-ink")
VOLCANO = ("volcano", "volcano")
PAD = 501
KEYS = {"next": pygame.K_TAB, "confirm": pygame.K_RETURN}
ARROWS = {(1, 0): pygame.K_RIGHT, (-1, 0): pygame.K_LEFT, (0, 1): pygame.K_DOWN,
          (0, -1): pygame.K_UP}
PAD_BUTTONS = {"next": 5, "confirm": 0}


@pytest.fixture
def app(tmp_path):
    application = make_app(tmp_path)
    yield application
    application.shutdown()


def table(app, device: str, expansion: str = "volcano"):
    seats = [SeatInfo("P1", "human", device=device, colour=0),
             SeatInfo("Bot", "bot", level="random", colour=1)]
    match = Match.new(GAME, GAME.make_config(2, [expansion] if expansion else []), 3, seats)
    play = PlayScreen(app, match)
    app.push(play)
    if device.startswith("pad"):
        pygame.event.post(pygame.event.Event(pygame.JOYDEVICEADDED, device_index=-1,
                                             instance_id=PAD))
    step(app)
    return match, play.board


def step(app, n: int = 1) -> None:
    for _ in range(n):
        step_once(app, 1 / 60)


def post(app, etype, **fields) -> None:
    pygame.event.post(pygame.event.Event(etype, **fields))
    step(app)


def mouse(app, kind: str, pos) -> None:
    if kind == "move":
        post(app, pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    else:
        post(app, pygame.MOUSEBUTTONDOWN if kind == "down" else pygame.MOUSEBUTTONUP,
             pos=pos, button=1)


def press(app, device: str, action: str) -> None:
    if device == "keyboard":
        post(app, pygame.KEYDOWN, key=KEYS[action], mod=0, unicode="", scancode=0)
    else:
        post(app, pygame.JOYBUTTONDOWN, instance_id=PAD, joy=PAD, button=PAD_BUTTONS[action])


def arrow(app, device: str, dx: int, dy: int) -> None:
    if device == "keyboard":
        post(app, pygame.KEYDOWN, key=ARROWS[(dx, dy)], mod=0, unicode="", scancode=0)
    else:
        post(app, pygame.JOYHATMOTION, instance_id=PAD, joy=PAD, hat=0, value=(dx, -dy))
        post(app, pygame.JOYHATMOTION, instance_id=PAD, joy=PAD, hat=0, value=(0, 0))


def pixels(app, rect) -> bytes:
    return pygame.image.tobytes(app.surface.subsurface(rect.inflate(10, 10)), "RGB")


def volcano_cell(board) -> int:
    """A cell where a new volcano may go (not next to lava)."""
    return sorted(board.legal(0).draw["volcano"])[0]


def learner_moves(match) -> list[str]:
    """The human's moves (the bot beside them draws at the same time)."""
    return [entry.move for entry in match.log if entry.seat == 0]


def assert_volcano_started(match, board, cell: int, before: list[str]) -> None:
    assert learner_moves(match) == before + [f"volcano@{CELL_NAMES[cell]}/0"]
    assert match.state.seats[0].sheet.cells[cell] >> 3 == FACE_INDEX["volcano"]
    assert VOLCANO not in board.pieces(0)        # once per round


def test_the_mouse_picks_the_new_volcano_in_the_tray_and_starts_one(app):
    match, board = table(app, "mouse")
    row = board.pane_of(0).tray["volcano"]
    assert row.height >= 24 and VOLCANO in board.pieces(0)
    away = board.pane_of(0).rect.bottomright
    mouse(app, "move", (away[0] - 2, away[1] - 2))
    plain = pixels(app, row)
    # hover: the row lights up under the pointer (and only there)
    mouse(app, "move", row.center)
    assert board.seat_ui(0).hover[0] == VOLCANO
    hovered = pixels(app, row)
    assert hovered != plain
    # a click picks it: the row is outlined as picked, the legal cells glow on the sheet
    mouse(app, "down", row.center)
    mouse(app, "up", row.center)
    assert board.picked(0) == VOLCANO and board.picked_face(0) == "volcano"
    cell = volcano_cell(board)
    target = board.pane_of(0).geom.cell_rect(cell).center
    mouse(app, "move", target)
    assert board.seat_ui(0).hover is None
    assert pixels(app, row) not in (plain, hovered)
    before = learner_moves(match)
    mouse(app, "down", target)
    mouse(app, "up", target)
    assert_volcano_started(match, board, cell, before)
    # the row now says it was drawn this round; clicking it again is refused with the reason
    moves, cells = learner_moves(match), list(match.state.seats[0].sheet.cells)
    mouse(app, "move", row.center)
    assert board.seat_ui(0).hover is None           # nothing to pick there any more
    mouse(app, "down", row.center)
    mouse(app, "up", row.center)
    assert board.refusals[0]["text"] == t("illegal.volcano_this_round")
    assert learner_moves(match) == moves and list(match.state.seats[0].sheet.cells) == cells
    assert board.picked(0) != VOLCANO


def test_the_mouse_drags_the_new_volcano_onto_the_sheet(app):
    match, board = table(app, "mouse")
    row = board.pane_of(0).tray["volcano"]
    cell = volcano_cell(board)
    target = board.pane_of(0).geom.cell_rect(cell).center
    before = learner_moves(match)
    mouse(app, "move", row.center)
    mouse(app, "down", row.center)
    assert board.seat_ui(0).dragging
    mouse(app, "move", (row.centerx - 200, row.centery))      # carried across, then let go
    mouse(app, "move", target)
    mouse(app, "up", target)
    assert_volcano_started(match, board, cell, before)


@pytest.mark.parametrize("device", ["keyboard", "pad1"])
def test_keyboard_and_controller_pick_the_new_volcano_and_start_one(app, device):
    match, board = table(app, device)
    row = board.pane_of(0).tray["volcano"]
    plain = pixels(app, row)
    for _ in range(20):
        if board.picked(0) == VOLCANO:
            break
        press(app, device, "next")
    assert board.picked(0) == VOLCANO
    assert pixels(app, row) != plain                 # the tray shows the pick
    cell = volcano_cell(board)
    target = [cell % 7, cell // 7]
    ui = board.seat_ui(0)
    for _ in range(20):
        if ui.cursor == target:
            break
        dx = (target[0] > ui.cursor[0]) - (target[0] < ui.cursor[0])
        dy = 0 if dx else (target[1] > ui.cursor[1]) - (target[1] < ui.cursor[1])
        arrow(app, device, dx, dy)
    assert ui.cursor == target
    before = learner_moves(match)
    press(app, device, "confirm")
    assert_volcano_started(match, board, cell, before)


def test_no_volcano_row_without_the_volcano_expansion(app):
    _match, board = table(app, "mouse", expansion="")
    tray = board.pane_of(0).tray
    assert tray["volcano"].height == 0
    assert all(piece[0] != "volcano" for piece in board.pieces(0))


@pytest.mark.parametrize("humans", [1, 4])
def test_the_volcano_row_fits_in_every_language(tmp_path, monkeypatch, humans):
    """The row's two wordings ("new volcano", "drawn this round") in the big tray and in a
    quarter-screen tray, drawn with the language test's probe (no text outside its box)."""
    from game.client import text
    from game.rules.railroad_ink.moves import Draw
    from tests.test_i18n import LANGS, TextProbe

    from game.client import fonts

    probe = TextProbe()
    probe.install(monkeypatch)
    shown = set()
    probed_render = fonts.render

    def render(value, *args, **kwargs):
        shown.add(value)
        return probed_render(value, *args, **kwargs)

    monkeypatch.setattr(fonts, "render", render)
    application = make_app(tmp_path)
    try:
        devices = ["mouse", "keyboard", "pad1", "pad2"][:humans]
        seats = [SeatInfo(f"P{i + 1}", "human", device=d, colour=i)
                 for i, d in enumerate(devices)]
        seats.append(SeatInfo("Bot", "bot", level="random", colour=humans))
        match = Match.new(GAME, GAME.make_config(len(seats), ["volcano"]), 3, seats)
        play = PlayScreen(application, match)
        application.push(play)
        step(application)
        cell = volcano_cell(play.board)
        match.apply(1 if humans > 1 else 0, Draw("volcano", cell, 0))   # one row ticked
        # trays are cached per language: start from another language, so each one below
        # is drawn afresh (the first included)
        text.set_language(LANGS[-1])
        step(application)
        for lang in LANGS:
            text.set_language(lang)
            application.settings.values["language"] = lang
            shown.clear()
            probe.start(lang, f"volcano row, {humans} human(s)")
            probe.draw_stack(application, [play])
            # the wordings drawn whole (not cut short with "…"); alone, the one player
            # has drawn this round's volcano, in split screen P1 has not and P2 has
            wanted = {t("ri.volcano_drawn")} | ({t("ri.pick_volcano")} if humans > 1 else set())
            assert wanted <= shown, lang
        assert probe.rendered > 0
        assert not probe.problems, "\n".join(probe.problems[:20])
    finally:
        text.set_language("en")
        application.shutdown()
