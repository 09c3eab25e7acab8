"""Railroad Ink play-test fixes (issue 12, items 7 and 11): the status line names the dice
left, a refusal is said once, the pick does not carry over to the next round, the tray's
buttons share one font size, the expansions' dice are explained, and every row and column
of a big sheet is labelled."""

from __future__ import annotations

import pytest

from tests.test_client_support import make_app

from game.client import fonts
from game.client.games.railroad_ink import tray_drawing as board_drawing
from game.client.games.railroad_ink import tray_text
from game.rules.railroad_ink.sheet import CELL_NAMES
from game.client.text import set_language, t
from game.match import Match, SeatInfo
from game.rules import get_game
from game.rules.railroad_ink.moves import End

GAME = get_game("railroad-ink")
DEVICES = ("mouse+keyboard", "pad1", "pad2", "pad3")


@pytest.fixture
def app(tmp_path):
    app = make_app(tmp_path)
    yield app
    app.shutdown()
    set_language("en")


def _table(app, variants=(), humans=1, seed=3, bots=0):
    from game.client.screens.play import PlayScreen
    from game.client.screens.title import TitleScreen

    seats = [SeatInfo(f"P{i + 1}", "human", device=DEVICES[i], colour=i) for i in range(humans)]
    seats += [SeatInfo(f"Bot {i + 1}", "bot", level="easy", colour=humans + i)
              for i in range(bots)]
    match = Match.new(GAME, GAME.make_config(len(seats), list(variants)), seed, seats)
    app.push(TitleScreen(app))
    play = PlayScreen(app, match, {"autosave": False})
    app.push(play)
    app.run(frames=2)
    return match, play


def _status(play, seat=0) -> str:
    board = play.board
    return board._status_text(seat, board.legal(seat))


def test_end_with_dice_left_names_the_dice(app):
    match, play = _table(app)
    play.board.seat_ui(0).pick = ("end", "")
    status = _status(play)
    assert "…" not in status
    for face, needed in GAME.remaining_dice(match.state, 0):
        assert tray_text.face_name(face) in status


def test_the_pick_of_a_round_does_not_carry_over(app):
    match, play = _table(app)
    board = play.board
    while not GAME.can_end(match.state, 0):
        face = next(face for face, needed in GAME.remaining_dice(match.state, 0) if needed)
        move = next(m for m in GAME.legal_moves(match.state, 0)
                    if getattr(m, "face", None) == face)
        assert play.propose(0, move)
    board.seat_ui(0).pick = ("end", "")
    assert play.propose(0, End())
    app.run(frames=1)
    assert match.state.round == 2
    kind, face = board.picked(0)
    assert kind == "die" and face == GAME.remaining_dice(match.state, 0)[0][0]


@pytest.mark.parametrize("language,humans", [("ru", 4), ("en", 2), ("en", 1)])
def test_tray_buttons_share_one_font_size(app, monkeypatch, language, humans):
    """Every label of the row is drawn at one size, and at that size each fits its button
    on one line (so none is shrunk further on its own, as "End round" was)."""
    from game.client.games.railroad_ink.labels import INSET, label_width

    set_language(language)
    for pad in range(humans - 1):
        from tests.test_client_support import pad_added

        pad_added(app, instance_id=900 + pad, device_index=-1)
    drawn = []
    real = board_drawing.draw_button_label

    def spy(surface, text, size, colour, rect, name=""):
        drawn.append((text, size, rect.width))
        return real(surface, text, size, colour, rect, name)

    monkeypatch.setattr(board_drawing, "draw_button_label", spy)
    _table(app, humans=humans)
    row = drawn[:4]
    assert [text for text, _, _ in row] == [t("ri.rotate"), t("ri.mirror"), t("ri.undo"),
                                           t("ri.end")]
    assert len({size for _, size, _ in row}) == 1, row
    for text, size, width in row:
        assert label_width(text, size) <= width - 2 * INSET, (text, size, width)


def test_meteor_dice_are_explained(app):
    match, play = _table(app, ["meteor"])
    state = match.state
    state.meteor = ["W", 3]
    status = _status(play)
    assert "3 squares west from D4" in status and "crater" in status
    state.meteor = ["any", 1]
    play.board.seat_ui(0).meteor_dir = "S"
    status = _status(play)
    assert "choose its direction" in status and "now south" in status
    assert "1 square from D4" in status


def test_optional_and_lava_dice_and_the_volcano_start_are_explained(app):
    match, play = _table(app, ["river"])
    board = play.board
    optional = next(face for face, needed in GAME.remaining_dice(match.state, 0) if not needed)
    board.seat_ui(0).pick = ("die", optional)
    assert "optional" in _status(play)
    assert t("ri.optional_die") == "optional"          # the tag under the die, not "opt"

    app.reset_to(app.stack[0])
    match, play = _table(app, ["volcano"])
    assert GAME.scores(match.state)["scores"][0] == -2
    assert "−2" in _status(play)                       # before the first drawing
    lava = next(face for face, _ in GAME.remaining_dice(match.state, 0)
                if face.startswith("lava"))
    first = next(m for m in GAME.legal_moves(match.state, 0)
                 if getattr(m, "face", "").startswith(("road", "rail")))
    assert play.propose(0, first)
    play.board.seat_ui(0).pick = ("die", lava)
    assert "open lava side" in _status(play)


def test_every_row_and_column_of_a_big_sheet_is_labelled(app, monkeypatch):
    drawn = []
    real = fonts.blit_in

    def spy(surface, text, *args, **kwargs):
        drawn.append(text)
        return real(surface, text, *args, **kwargs)

    monkeypatch.setattr(fonts, "blit_in", spy)
    _table(app)
    assert set("ABCDEFG") <= set(drawn)
    assert {str(n) for n in range(1, 8)} <= set(drawn)


def _mouse(app, kind, pos):
    import pygame

    if kind == "down":
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    elif kind == "up":
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    else:
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                             buttons=(1, 0, 0)))
    app.run(frames=1)


def test_a_die_dragged_from_the_tray_onto_a_legal_cell_is_drawn_there(app):
    match, play = _table(app)
    board = play.board
    pane = board.pane_of(0)
    die_rect = pane.tray["dice"][1]
    face = match.state.dice[1]
    legal = board.legal(0).draw[face]
    cell = sorted(legal)[0]
    target = pane.geom.cell_rect(cell).center
    # a plain click on the die only picks it
    _mouse(app, "down", die_rect.center)
    _mouse(app, "up", die_rect.center)
    assert match.seq == 0 and board.picked(0) == ("die", face)
    # pressed on the die, carried over the sheet, let go on a legal cell
    board.seat_ui(0).pick = ("die", match.state.dice[0])
    _mouse(app, "down", die_rect.center)
    off_sheet = (die_rect.centerx, die_rect.bottom + 30)
    _mouse(app, "move", off_sheet)
    ui = board.seat_ui(0)
    assert ui.dragging and ui.drag_pos == off_sheet and board.picked(0) == ("die", face)
    _mouse(app, "move", target)
    _mouse(app, "up", target)
    assert match.seq == 1
    entry = match.log[-1]
    assert entry.move.startswith(face) and CELL_NAMES[cell] in entry.move
    # let go over a cell where it cannot go: refused with the reason, nothing drawn
    die_rect = pane.tray["dice"][0]
    face = match.state.dice[0]
    bad = next(c for c in range(49) if c not in board.legal(0).draw.get(face, {})
               and match.state.seats[0].sheet.cells[c] < 0)
    _mouse(app, "down", die_rect.center)
    _mouse(app, "up", pane.geom.cell_rect(bad).center)
    assert match.seq == 1 and board.refusal_text(0)
