"""The coach's panel never covers what a lesson asks for, and its own text is never cut: every
step of every lesson (all games), at 1280×720, 1920×1080 and 3840×2160, in all six languages.

What a step asks for is worked out here from the board's public geometry, independently of the
panel's own placement code: the places it highlights (drawn with their pulsing outline), where
the game is played and what it says back (Railroad Ink's sheet and status lines, Metro's board,
Metromania's city), every control its text names ("press End round", "Rotate or Mirror",
"Strike", "specials", "Confirm dig", "Draw instead", "Test trips"…) and the screen's Hint and
Menu buttons. A refusal is said by a toast; the panel holds it too where it has room (most of
the time: checked). Only the panel's layout is computed (no full frames); the panel alone is
drawn at each resolution to see that none of its texts is shrunk or cut."""

from __future__ import annotations

import re

import pygame
import pytest

from game.client import canvas, fonts, text
from game.client.games.railroad_ink.tray_text import line_height
from game.client.text import t
from game.client.games import lessons
from game.client.tutorial import coach
from game.client.screens.tutorial_play import TutorialScreen
from game.client.tutorial.progress import Progress
from tests.test_client_support import frames, make_app
from tests.test_i18n import LANGS
from tests.tutorial_driver import play_through

RESOLUTIONS = [(1280, 720), (1920, 1080), (3840, 2160)]
SCREEN = pygame.Rect(0, 0, 1280, 674)          # above the button-hint bar


DICE_ASKED = re.compile(r"dice are rolled|extra dice|draw the ([\w-]+ ){0,2}dice|pick a die",
                        re.I)


def ink_places(board, step_text: str) -> list:
    """Railroad Ink: the sheet, the status lines, and the controls the text names."""
    pane = board.pane_of(0)
    tray = pane.tray
    x, y = tray["status"]
    # the status lines: a refusal, the status and the device's hints, five lines at most
    status_h = min(5 * line_height(17) + 8, pane.rect.bottom - 4 - y)
    places = [("sheet", pane.geom.rect), ("status lines", pygame.Rect(x, y, tray["w"], status_h))]
    words = {"rotate": [t("ri.rotate")], "mirror": [t("ri.mirror")],
             "end": [t("ri.end"), t("ri.strike")], "undo": [t("ri.undo")]}
    for name, labels in words.items():
        if any(label.lower() in step_text.lower() for label in labels):
            places.append((name, tray["buttons"][name]))
    if "special" in step_text.lower():
        places += [("specials", r) for r in tray["specials"]]
    meteor = "meteor" in step_text.lower()
    # the dice, where the text points at them (not "all dice are drawn", "four new dice")
    if DICE_ASKED.search(step_text) and not meteor:
        places += [("dice", r) for i, r in enumerate(tray["dice"]) if i < len(board.state.dice)]
    if meteor and tray["meteor"].height:       # the meteor's row and its two dice
        places.append(("meteor row", tray["meteor"]))
    if "new volcano" in step_text.lower() and tray["volcano"].height:
        places.append(("volcano row", tray["volcano"]))
    return places


def metro_places(board, step_text: str) -> list:
    from game.client.games.metro.geometry import GRID, PAD

    places = [("board", GRID.inflate(2 * PAD, 2 * PAD))]
    if "draw" in step_text.lower() and board.button_rect("draw", 0) is not None:
        places.append(("Draw instead", board.button_rect("draw", 0)))
    if "tile" in step_text.lower():
        places += [("hand", r) for r in board.hand_rects(0)]
    if "car" in step_text.lower():
        places += [("players", board.seat_row(s)) for s in range(board.state.players)]
    return places


def mania_places(board, step_text: str) -> list:
    from game.client.games.metromania import geometry as geo
    from game.client.games.metromania.layout import RIGHT

    xs = [p[0] for p in geo.POINT_XY]
    ys = [p[1] for p in geo.POINT_XY]
    places = [("city", pygame.Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)))]
    labels = {"confirm": t("mania.confirm"), "station": t("mania.station_mode")}
    for action, rect, _enabled in board.buttons(0):
        if action in labels and labels[action].lower() in step_text.lower():
            places.append((labels[action], rect))
    if "trip" in step_text.lower():
        places.append(("test trips", pygame.Rect(RIGHT.x + 8, RIGHT.bottom - 166,
                                                 RIGHT.width - 16, 158)))
    return places


PLACES = {"railroad-ink": ink_places, "metro": metro_places, "metromania": mania_places}


def asked_places(screen, english: str) -> list:
    """(what, rect) the step asks for, read from the board (marks with their outline)."""
    board = screen.board
    places = [("highlight", pygame.Rect(m).inflate(6, 6)) for m in screen.marks()]
    places += PLACES[screen.lesson.game](board, english)
    places.append(("Menu", board.menu_button))
    places.append(("Hint", screen.coach.button()))
    return places


class CutText:
    """Every text the panel draws, and whether ``fonts`` had to shrink or cut it to its box."""

    def __init__(self, monkeypatch) -> None:
        self.cut: list[str] = []
        real = fonts.blit

        def blit(surface, value, size, colour, pos, weight="regular", anchor="topleft"):
            shown, shown_size = fonts.fit_to_box(value, size, pos, anchor, weight)
            if (shown, shown_size) != (value, size):
                self.cut.append(f"{value!r} drawn as {shown!r} at {shown_size}px")
            return real(surface, value, size, colour, pos, weight, anchor)

        monkeypatch.setattr(fonts, "blit", blit)


@pytest.fixture(scope="module")
def positions():
    return [position for lesson in lessons.all_lessons() for position in play_through(lesson)]


@pytest.mark.parametrize("size", RESOLUTIONS, ids=lambda size: f"{size[1]}p")
def test_the_coach_panel_covers_nothing_a_step_asks_for(tmp_path, monkeypatch, positions, size):
    """One test a resolution (they spread over the workers), every language in each."""
    cut = CutText(monkeypatch)
    app = make_app(tmp_path, language="en")
    progress = Progress(tmp_path / "tutorial.json")
    screens, problems, checked, held = [], [], 0, 0
    try:
        frames(app, 1)
        for lesson, index, moves in positions:
            progress.record(lesson.id, index, moves)
            screen = TutorialScreen(app, lesson, progress)
            assert screen.guide.index == index
            screen.board.set_viewer(0)
            screens.append(screen)
        # the places each step names, from its English text (the same places in every language)
        text.set_language("en")
        english = [screen.step_text() for screen in screens]
        app.resize(size)
        assert app.scale == pytest.approx(size[0] / 1280)
        layer = canvas.Canvas((1280, 720), 0, app.scale)
        for lang in LANGS:
            text.set_language(lang)
            for screen, words in zip(screens, english):
                step = screen.step
                where = f"{size[0]}x{size[1]} [{lang}] {screen.lesson.id} " \
                        f"step {screen.guide.index + 1} ({step.name})"
                refusals = [None, screen.refusal_text()]
                for refusal in refusals:
                    screen.refusal = refusal
                    panel = screen.panel_rect()
                    checked += 1
                    if not SCREEN.contains(panel):
                        problems.append(f"{where}: the panel {panel} leaves the screen")
                    for what, rect in asked_places(screen, words):
                        if panel.colliderect(rect):
                            problems.append(f"{where}: the panel {panel} covers {what} "
                                            f"{rect}")
                    body = screen.step_text()
                    layout = coach.PanelLayout(panel, body, step.reads, refusal)
                    if not layout.fits:
                        problems.append(f"{where}: its text does not fit {panel}")
                    # a refusal is said by a toast; the panel shows it too where it can
                    held += bool(refusal and layout.refusal_lines)
                screen.refusal = None
                if lang in ("en", "th", "ja"):        # the panel drawn at this scale
                    panel = screen.panel_rect()
                    cut.cut.clear()
                    coach.draw_panel(layer, panel, screen.guide.index + 1,
                                     len(screen.lesson.steps), screen.step_text(),
                                     step.reads, None, False)
                    problems += [f"{where}: {c}" for c in cut.cut]
        assert checked >= 6 * 2 * len(positions) and held > checked // 4
        assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems[:40])
    finally:
        for screen in screens:
            screen.leave()
        app.stack = []
        text.set_language("en")
        app.shutdown()



def test_toasts_cover_nothing_a_step_asks_for(tmp_path, positions):
    """The round's toast ("Round 2: new dice!") and a refusal's, shown at any step, are
    placed clear of the coach's panel and of everything the step asks for (its highlighted
    places, the controls it names, the sheet or board it is played on)."""
    app = make_app(tmp_path, language="en")
    progress = Progress(tmp_path / "tutorial.json")
    problems, checked = [], 0
    try:
        frames(app, 1)
        for lesson, index, moves in positions:
            progress.record(lesson.id, index, moves)
            screen = TutorialScreen(app, lesson, progress)
            screen.board.set_viewer(0)
            app.stack = [screen]
            words = screen.step_text()
            for shown in ([t("ri.new_round", n=2)], [t("ri.new_round", n=2), screen.refusal_text()
                                                     or t("ri.new_round", n=3)]):
                app.toasts.items = []
                for message in shown:
                    app.toasts.show(message)
                placed = app.toasts.layout((1280, 720), app.toast_obstacles(), app.toast_lane())
                assert placed, "no toast is shown at all"
                checked += 1
                # the whole Metro board or Metromania city is where toasts float on those
                # screens (over its edge): what matters there is the places the step marks
                asked = [(what, rect) for what, rect in asked_places(screen, words)
                         if what not in ("board", "city")]
                for what, rect in asked + [("panel", screen.panel_rect())]:
                    for toast, where in placed:
                        if where.colliderect(rect):
                            problems.append(f"{lesson.id} step {index + 1}: {toast.text!r} "
                                            f"{where} covers {what} {rect}")
            screen.leave()
        assert checked == 2 * len(positions)
        assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems[:30])
    finally:
        app.stack = []
        app.toasts.items = []
        app.shutdown()
