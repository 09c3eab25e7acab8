"""The in-game rules help: a few illustrated pages per game, in the player's language.

Each game has a short list of pages (``PAGES``); a page is a title and a body from the catalog
(``help.<game>.<page>.title`` / ``.body``, in ``assets/lang/<lang>/help.json``) and a small
picture drawn with the game's own sprites (Metro tiles, Metromania lines and markers, Railroad
Ink faces and dice), so what the help shows looks exactly like the board. Left/right (or
LB/RB, or a click on a tab) turns the page; Back closes the screen. Opened from table setup and
from the pause menu; it only draws, it never touches a match.

The body text is wrapped per language (by words; by character for Chinese and Japanese) and
shrunk until it fits its box, so no translation can overflow.
"""

from __future__ import annotations

import math
import re

import pygame

from game.client import fonts, sprites, theme
from game.client import text as catalog
from game.client.screens.base import Screen
from game.client.text import t

PAGES = {
    "metro": ["goal", "turn", "place", "score", "companies"],
    "metromania": ["goal", "dig", "stations", "markers", "end"],
    "railroad-ink": ["goal", "draw", "specials", "score", "expansions"],
}
TEXT_BOX = pygame.Rect(56, 178, 640, 462)
PICTURE_BOX = pygame.Rect(724, 178, 500, 462)
TAB_TOP = 112
TAB_HEIGHT = 46
BODY_SIZES = (24, 22, 20, 19, 18, 17, 16)
# characters that may not start a line in Chinese/Japanese (they stay with the text before)
NO_LINE_START = set("、。，．：；！？）」』】〉》・ー…%）")
NO_LINE_END = set("（「『【〈《")      # opening brackets go down with the text they open


# --------------------------------------------------------------------------------------------
# Text: wrapping that works for every script, shrinking to fit a box
# --------------------------------------------------------------------------------------------

def _tokens(paragraph: str, by_character: bool) -> list[str]:
    if by_character:
        # Latin words and numbers stay whole; every other character may break
        return re.findall(r"[A-Za-z0-9%+\-–−×÷./']+ ?|\s|.", paragraph)
    return re.findall(r"\S+\s*|\s+", paragraph)


def _split_long(token: str, font: pygame.font.Font, width: int) -> list[str]:
    pieces, current = [], ""
    for char in token:
        if current and font.size(current + char)[0] > width:
            pieces.append(current)
            current = char
        else:
            current += char
    if current:
        pieces.append(current)
    return pieces


def wrap(text: str, size: int, width: int, weight: str = "regular") -> list[str]:
    """Lines of ``text`` no wider than ``width`` px for the current language ('' = a gap
    between paragraphs)."""
    font = fonts.font(size, weight)
    by_character = catalog.language() in ("ja", "zh-TW")
    lines: list[str] = []
    for index, paragraph in enumerate(text.split("\n")):
        if index:
            lines.append("")
        line = ""
        for token in _tokens(paragraph, by_character):
            candidate = line + token
            if font.size(candidate.rstrip())[0] <= width:
                line = candidate
                continue
            if by_character and token in NO_LINE_START and line:
                # keep the punctuation with its word: carry the last character down
                lines.append(line[:-1].rstrip())
                line = line[-1] + token
                continue
            if by_character and line and line[-1] in NO_LINE_END:
                token, line = line[-1] + token, line[:-1]
            if line.strip():
                lines.append(line.rstrip())
            line = token.lstrip()
            if font.size(line.rstrip())[0] > width:
                parts = _split_long(line, font, width)
                lines.extend(p.rstrip() for p in parts[:-1])
                line = parts[-1]
        lines.append(line.rstrip())
    return lines


def fit_text(text: str, box: pygame.Rect, sizes=BODY_SIZES) -> tuple[int, list[str], int]:
    """(font size, lines, line height) of the largest size whose wrapped text fits ``box``."""
    for size in sizes:
        lines = wrap(text, size, box.width)
        line_h = fonts.font(size).get_linesize()
        if _height(lines, line_h) <= box.height:
            return size, lines, line_h
    size = sizes[-1]
    return size, wrap(text, size, box.width), fonts.font(size).get_linesize()


def _height(lines: list[str], line_h: int) -> int:
    return sum(line_h // 2 if not line else line_h for line in lines)


def fitted(text: str, size: int, width: int, weight: str = "regular", minimum: int = 12) -> int:
    """The largest size <= ``size`` at which one line of ``text`` fits ``width`` px."""
    while size > minimum and fonts.font(size, weight).size(text)[0] > width:
        size -= 1
    return size


# --------------------------------------------------------------------------------------------
# The screen
# --------------------------------------------------------------------------------------------

class RulesHelpScreen(Screen):
    def __init__(self, app, game_name: str, page: int = 0) -> None:
        super().__init__(app)
        self.game_name = game_name if game_name in PAGES else "metro"
        self.pages = PAGES[self.game_name]
        self.page = max(0, min(page, len(self.pages) - 1))
        self.tab_rects: list[pygame.Rect] = []
        self._layout_tabs()
        self._layout = None

    def _layout_tabs(self) -> None:
        count = len(self.pages)
        gap = 8
        width = (1280 - 2 * 56 - gap * (count - 1)) // count
        self.tab_rects = [pygame.Rect(56 + i * (width + gap), TAB_TOP, width, TAB_HEIGHT)
                          for i in range(count)]

    def body_layout(self) -> tuple[int, list[str], int]:
        """The wrapped body of the page shown (kept until the page or language changes)."""
        body = t(self.key(self.page, "body"))
        if self._layout is None or self._layout[0] != body:
            self._layout = (body, fit_text(body, TEXT_BOX))
        return self._layout[1]

    def key(self, page: int, part: str) -> str:
        return f"help.{self.game_name}.{self.pages[page]}.{part}"

    def turn(self, delta: int) -> None:
        new = max(0, min(len(self.pages) - 1, self.page + delta))
        if new != self.page:
            self.page = new
            self.app.sound.play("click")

    def handle(self, intent) -> None:
        kind = intent.kind
        if kind == "move" and intent.dx:
            self.turn(intent.dx)
        elif kind in ("next", "prev"):
            self.turn(1 if kind == "next" else -1)
        elif kind == "confirm":
            if self.page == len(self.pages) - 1:
                self.app.pop()
            else:
                self.turn(1)
        elif kind in ("cancel", "menu"):
            self.app.pop()
        elif kind == "click" and intent.pos:
            for index, rect in enumerate(self.tab_rects):
                if rect.collidepoint(intent.pos):
                    self.page = index

    def hints(self):
        return [("move", t("hint.page")), ("cancel", t("hint.back"))]

    # -- drawing ----------------------------------------------------------------------------
    def draw(self, surface) -> None:
        surface.blit(self.app.background(), (0, 0))
        title = t("help.title", game=t(f"game.{self.game_name}"))
        size = fitted(title, 44, 1280 - 2 * 56 - 120, "bold")
        fonts.blit(surface, title, size, theme.TEXT, (56, 60), "bold", "midleft")
        counter = t("help.page", i=self.page + 1, n=len(self.pages))
        fonts.blit(surface, counter, 22, theme.TEXT_DIM, (1224, 60), "semibold", "midright")
        for index, rect in enumerate(self.tab_rects):
            active = index == self.page
            theme.rounded_panel(surface, rect, theme.ACCENT if active else theme.PANEL, 12,
                                theme.FOCUS if active else theme.PANEL_EDGE, 2 if active else 1)
            label = t(self.key(index, "title"))
            label_size = fitted(label, 20, rect.width - 16, "semibold")
            fonts.blit(surface, label, label_size, theme.TEXT_DARK if active else theme.TEXT,
                       rect.center, "semibold", "center")
        panel = TEXT_BOX.inflate(24, 20)
        theme.rounded_panel(surface, panel, theme.PANEL, 18, theme.PANEL_EDGE, 1)
        size, lines, line_h = self.body_layout()
        y = TEXT_BOX.y
        bullet = False       # a "•" paragraph stays accented on its wrapped lines
        for line in lines:
            if not line:
                y += line_h // 2
                bullet = False
                continue
            bullet = bullet or line.startswith("•")
            fonts.blit(surface, line, size, theme.ACCENT if bullet else theme.TEXT,
                       (TEXT_BOX.x, y))
            y += line_h
        picture = PICTURE_BOX.inflate(20, 20)
        theme.rounded_panel(surface, picture, theme.BG_DEEP, 18, theme.PANEL_EDGE, 1)
        previous = surface.get_clip()
        surface.set_clip(PICTURE_BOX)
        ILLUSTRATIONS[self.game_name](surface, PICTURE_BOX, self.pages[self.page])
        surface.set_clip(previous)


# --------------------------------------------------------------------------------------------
# Metro pictures: real tile sprites and a line traced through them like on the board
# --------------------------------------------------------------------------------------------

_TOUCHING = {0: 5, 1: 4, 2: 7, 3: 6, 4: 1, 5: 0, 6: 3, 7: 2}
_STEP = {0: (-1, 0), 1: (0, 1), 2: (1, 0), 3: (0, -1)}    # side -> (d row, d col)


def trace(grid: dict, start: tuple[int, int], enter: int) -> list[tuple[int, int, int, int]]:
    """The (row, col, enter, leave) steps of a line entering ``start`` at endpoint ``enter``."""
    steps = []
    row, col = start
    seen = set()
    while (row, col) in grid and (row, col, enter) not in seen:
        seen.add((row, col, enter))
        leave = next(b if a == enter else a for a, b in sprites.pairs(grid[(row, col)])
                     if enter in (a, b))
        steps.append((row, col, enter, leave))
        d_row, d_col = _STEP[leave // 2]
        row, col, enter = row + d_row, col + d_col, _TOUCHING[leave]
    return steps


def _metro_grid(surface, grid: dict, origin, size: int, line=None, colour=None) -> None:
    ox, oy = origin
    for (row, col), code in grid.items():
        surface.blit(sprites.tile(code, 0, size), (ox + col * size, oy + row * size))
    if line:
        for row, col, enter, leave in line:
            pts = sprites.track_points(enter, leave, (ox + col * size, oy + row * size), size)
            sprites.stroke(surface, theme.outline_for(colour), pts, size * 0.13)
            sprites.stroke(surface, colour, pts, size * 0.09)


def _car(surface, centre, colour, shape: int = 0) -> None:
    theme.draw_shape(surface, shape, centre, 12, colour, theme.outline_for(colour))


def _station(surface, point, side: int) -> None:
    """An edge station where a line arrives: a small grey block just outside the tile."""
    dx, dy = {0: (0, -1), 1: (1, 0), 2: (0, 1), 3: (-1, 0)}[side]
    rect = pygame.Rect(0, 0, 22, 22)
    rect.center = (point[0] + dx * 14, point[1] + dy * 14)
    pygame.draw.rect(surface, theme.TEXT, rect, border_radius=5)
    pygame.draw.rect(surface, theme.BG_DEEP, rect, 2, border_radius=5)


def _badge(surface, text: str, centre, colour=theme.ACCENT) -> None:
    label = fonts.render(text, 26, theme.TEXT_DARK, "bold")
    rect = label.get_rect(center=centre).inflate(20, 8)
    pygame.draw.rect(surface, colour, rect, border_radius=rect.height // 2)
    surface.blit(label, label.get_rect(center=rect.center))


def _arrow(surface, start, end, colour=theme.ACCENT, width: int = 5) -> None:
    pygame.draw.line(surface, colour, start, end, width)
    angle = math.atan2(end[1] - start[1], end[0] - start[0])
    head = [end, (end[0] - 16 * math.cos(angle - 0.5), end[1] - 16 * math.sin(angle - 0.5)),
            (end[0] - 16 * math.cos(angle + 0.5), end[1] - 16 * math.sin(angle + 0.5))]
    pygame.draw.polygon(surface, colour, head)


def _felt(surface, rect) -> None:
    pygame.draw.rect(surface, theme.BOARD_FELT, rect, border_radius=10)


def draw_metro(surface, box: pygame.Rect, page: str) -> None:
    colour = theme.colour(0)
    if page == "goal":
        codes = ["aaaa", "bcbc", "cbcb", "aacb", "dacc", "baac", "acba", "cccc", "adad",
                 "aaaa", "bbad", "cbaa"]
        size = 96
        grid = {(i // 4, i % 4): codes[i] for i in range(12)}
        origin = (box.x + 40, box.y + 50)
        _felt(surface, pygame.Rect(origin[0] - 30, origin[1] - 30, 4 * size + 60, 3 * size + 60))
        line = trace(grid, (0, 0), 6)     # a left-edge car departs at endpoint 6
        _metro_grid(surface, grid, origin, size, line, colour)
        _car(surface, (origin[0] - 16, origin[1] + size * 2 // 3), colour)
        row, col, _enter, leave = line[-1]
        end = sprites.track_points(leave, leave, (origin[0] + col * size, origin[1] + row * size),
                                   size)[0]
        _station(surface, end, leave // 2)
        _badge(surface, f"+{len(line)}", (box.centerx, box.bottom - 40))
    elif page == "score":
        # a line of six tiles that runs into the central station: its points double
        grid = {(0, 0): "dacc", (0, 1): "cbcb", (0, 2): "cccc", (1, 0): "bbad",
                (1, 1): "bbbb", (1, 2): "bbbb"}
        size = 84
        origin = (box.x + 40, box.y + 60)
        _felt(surface, pygame.Rect(origin[0] - 24, origin[1] - 24, 5 * size + 48, 3 * size + 48))
        centre = pygame.Rect(origin[0] + 3 * size, origin[1] + size, 2 * size, 2 * size)
        pygame.draw.rect(surface, theme.CENTRE, centre, border_radius=10)
        pygame.draw.rect(surface, theme.CENTRE_ROOF, centre.inflate(-24, -24), border_radius=8)
        fonts.blit(surface, "M", 48, theme.TEXT, centre.center, "bold", "center")
        line = trace(grid, (0, 0), 6)
        _metro_grid(surface, grid, origin, size, line, colour)
        _car(surface, (origin[0] - 14, origin[1] + size * 2 // 3), colour)
        passed = len(line)
        _badge(surface, f"{passed} × 2 = {passed * 2}", (box.centerx, box.bottom - 40))
    elif page == "turn":
        hand = sprites.tile("bcbc", 0, 120)
        surface.blit(hand, (box.x + 40, box.y + 60))
        _car(surface, (box.x + 100, box.y + 40), colour)
        for i in range(4):
            surface.blit(sprites.tile_back(120), (box.x + 40 + i * 4, box.y + 250 - i * 5))
        board = pygame.Rect(box.x + 290, box.y + 110, 180, 180)
        _felt(surface, board.inflate(20, 20))
        for row in range(2):
            for col in range(2):
                cell = pygame.Rect(board.x + col * 90, board.y + row * 90, 88, 88)
                pygame.draw.rect(surface, theme.SQUARE_EMPTY, cell, border_radius=6)
        surface.blit(sprites.tile("dacc", 0, 88), (board.x, board.y))
        surface.blit(sprites.tile("bcbc", 0, 88, "ghost"), (board.x + 90, board.y))
        pygame.draw.rect(surface, theme.LEGAL, pygame.Rect(board.x + 90, board.y, 88, 88), 4,
                         border_radius=6)
        _arrow(surface, (box.x + 175, box.y + 120), (board.x + 80, board.y + 40))
        _arrow(surface, (box.x + 175, box.y + 300), (board.x + 80, board.y + 120),
               theme.TEXT_DIM)
    elif page == "place":
        size = 78
        origin = (box.x + 60, box.y + 40)
        _felt(surface, pygame.Rect(origin[0] - 24, origin[1] - 24, 5 * size + 48, 5 * size + 48))
        placed = {(0, 1): "aacb", (1, 1): "cbcb", (0, 3): "dddd", (4, 0): "bbbb"}
        centre_cells = {(3, 3), (3, 4), (4, 3), (4, 4)}
        for row in range(5):
            for col in range(5):
                cell = pygame.Rect(origin[0] + col * size, origin[1] + row * size, size - 2,
                                   size - 2)
                if (row, col) in centre_cells:
                    pygame.draw.rect(surface, theme.CENTRE, cell, border_radius=4)
                    continue
                if (row, col) in placed:
                    surface.blit(sprites.tile(placed[(row, col)], 0, size - 2), cell)
                    continue
                pygame.draw.rect(surface, theme.SQUARE_EMPTY, cell, border_radius=4)
                ring = row == 0 or col == 0
                touching = any((row + dr, col + dc) in placed
                               for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)))
                if ring or touching:
                    pygame.draw.rect(surface, theme.LEGAL, cell.inflate(-6, -6), 3,
                                     border_radius=4)
        for i in range(5):   # the edge stations of this corner of the board
            _car(surface, (origin[0] + i * size + size // 2, origin[1] - 14), theme.colour(i % 2),
                 i % 2)
            _car(surface, (origin[0] - 14, origin[1] + i * size + size // 2),
                 theme.colour((i + 1) % 2), (i + 1) % 2)
    else:   # companies: eight company colours and the four share values
        for i in range(8):
            x = box.x + 40 + (i % 4) * 110
            y = box.y + 50 + (i // 4) * 90
            _car(surface, (x + 20, y + 20), theme.colour(i), i)
            fonts.blit(surface, t(f"colour.{theme.colour_name(i)}"),
                       fitted(t(f"colour.{theme.colour_name(i)}"), 18, 70), theme.TEXT,
                       (x + 40, y + 20), "regular", "midleft")
        for i, pct in enumerate((10, 20, 30, 40)):
            card = pygame.Rect(box.x + 30 + i * 115, box.y + 260, 100, 140)
            theme.rounded_panel(surface, card, theme.TILE_FACE, 10, theme.colour(i), 4)
            fonts.blit(surface, f"{pct}%", 34, theme.TEXT_DARK, card.center, "bold", "center")


# --------------------------------------------------------------------------------------------
# Metromania pictures: a patch of the triangular city with the board's own painters
# --------------------------------------------------------------------------------------------

def _mania_patch(surface, box: pygame.Rect, spaces: dict, side: float = 48):
    """Paint a parallelogram of triangles; ``spaces`` maps ("u"|"d", q, r) to a kind
    ("R", "C", "E", "lake", "park"). Returns the point -> screen function."""
    from game.client.boards import mania_paint as paint

    ox, oy = box.x + 22, box.y + 110     # 9.5 sides wide: the patch fits the picture box

    def point(q: float, r: float) -> tuple[float, float]:
        return (ox + (q + r / 2) * side, oy + r * side * math.sqrt(3) / 2)

    for r in range(5):
        for q in range(7):
            for kind, corners in (("u", [(q, r), (q + 1, r), (q, r + 1)]),
                                  ("d", [(q + 1, r), (q, r + 1), (q + 1, r + 1)])):
                pts = [point(*c) for c in corners]
                what = spaces.get((kind, q, r))
                fill = paint.PAPER[(q + r) % len(paint.PAPER)]
                if what in paint.DEST_FILL:
                    fill = paint.DEST_FILL[what]
                elif what == "lake":
                    fill = paint.LAKE_FILL
                elif what == "park":
                    fill = paint.PARK_FILL
                pygame.draw.polygon(surface, fill, pts)
                pygame.draw.polygon(surface, paint.GRID_LINE, pts, 1)
                if what in paint.DEST_FILL:
                    cx = sum(p[0] for p in pts) / 3
                    cy = sum(p[1] for p in pts) / 3
                    paint.draw_destination_icon(surface, what, (cx, cy), side * 0.16)
    return point


def draw_metromania(surface, box: pygame.Rect, page: str) -> None:
    from game.client.boards import mania_paint as paint

    mine, other = theme.colour(0), theme.colour(1)
    spaces = {("u", 2, 1): "R", ("d", 4, 2): "C", ("u", 1, 3): "E", ("d", 5, 0): "lake",
              ("u", 6, 0): "lake", ("d", 0, 2): "park"}
    point = _mania_patch(surface, box, spaces)
    solid = [point(0, 2), point(1, 2), point(2, 2), point(3, 2), point(4, 2), point(5, 2)]
    striped = [point(3, 0), point(3, 1), point(3, 2), point(2, 3), point(2, 4)]
    if page == "goal":
        paint.stroke_line(surface, solid, mine, False)
        paint.stroke_line(surface, striped, other, True)
        # the printed arrows the text names: white where a line starts, black where it ends
        # (the disc and the square on them are the lines' start and end markers)
        side = 48 * 0.55
        paint.draw_arrow_mark(surface, (solid[0][0] - side, solid[0][1]), (1, 0), True, 13)
        paint.draw_arrow_mark(surface, (solid[-1][0] + side, solid[-1][1]), (1, 0), False, 13)
        paint.draw_arrow_mark(surface, (striped[0][0], striped[0][1] - side), (0, 1), True, 13)
        paint.draw_terminal(surface, solid[0], mine, False, False)
        paint.draw_terminal(surface, solid[-1], mine, True, False)
        paint.draw_terminal(surface, striped[0], other, False, True)
        paint.draw_station(surface, point(3, 2), mine)
    elif page == "dig":
        paint.stroke_line(surface, solid[:3], mine, False)
        glow = solid[2:6]
        pygame.draw.lines(surface, theme.FOCUS, False, glow, 16)
        paint.stroke_line(surface, glow, mine, False)
        paint.draw_terminal(surface, solid[0], mine, False, False)
        for p in glow[1:]:
            pygame.draw.circle(surface, theme.FOCUS, p, 6)
        _badge(surface, "3", (box.centerx, box.bottom - 40))
    elif page == "stations":
        paint.stroke_line(surface, solid, mine, False)
        paint.stroke_line(surface, striped, other, True)
        paint.draw_station(surface, point(3, 2), mine, 10)
        paint.draw_station(surface, point(2, 2), mine, 10)
        _badge(surface, "+1", (point(2, 2)[0] - 10, point(2, 2)[1] - 60))
    elif page == "markers":
        paint.stroke_line(surface, solid[:4], mine, False)
        centre = point(2.33, 1.33)
        paint.draw_token(surface, centre, "A", mine, 14, "R")
        paint.draw_token(surface, point(4.66, 2.66), "A", other, 14, "C")
        paint.draw_token(surface, point(1.33, 3.33), "B", None, 14, "E")
    else:   # end: a test trip from marker A to marker A along the lines
        paint.stroke_line(surface, solid, mine, False)
        paint.stroke_line(surface, striped, other, True)
        for p in (solid[0], point(3, 2), solid[-1], striped[-1]):
            paint.draw_station(surface, p, mine, 9)
        paint.draw_token(surface, point(2.33, 1.33), "A", mine, 13, "R")
        paint.draw_token(surface, point(4.66, 2.66), "A", other, 13, "C")
        _badge(surface, "+3", (box.centerx, box.bottom - 40))


# --------------------------------------------------------------------------------------------
# Railroad Ink pictures: a corner of the sheet, dice and faces from the board's sprites
# --------------------------------------------------------------------------------------------

def _ink_sheet(surface, origin, cells: dict, size: int = 80, exits: bool = True) -> None:
    from game.client.boards import ink_sprites as ink
    from game.rules.railroad_ink.faces import HIGHWAY, RAILWAY

    ox, oy = origin
    sheet = pygame.Rect(ox, oy, 4 * size, 4 * size)
    pygame.draw.rect(surface, ink.PAPER, sheet.inflate(36, 36), border_radius=8)
    for i in range(5):
        pygame.draw.line(surface, ink.GRID, (ox + i * size, oy), (ox + i * size, sheet.bottom))
        pygame.draw.line(surface, ink.GRID, (ox, oy + i * size), (sheet.right, oy + i * size))
    if exits:   # the printed exits of the top-left corner: A2 H, A4 R, B1 R, D1 H
        margin = 16
        for kind, side, index in ((HIGHWAY, 0, 1), (RAILWAY, 0, 3), (RAILWAY, 3, 1),
                                  (HIGHWAY, 3, 3)):
            stub = ink.exit_stub(kind, side, size, margin)
            if side == 0:
                surface.blit(stub, (ox + index * size, oy - margin))
            else:
                surface.blit(stub, (ox - margin, oy + index * size))
    for (row, col), (face_id, o, *style) in cells.items():
        sprite = ink.face(face_id, o, size, style[0] if style else "ink")
        surface.blit(sprite, (ox + col * size, oy + row * size))


def draw_railroad_ink(surface, box: pygame.Rect, page: str) -> None:
    from game.client.boards import ink_sprites as ink

    network = {(0, 1): ("road-straight", 0), (1, 1): ("station-curve", 4),
               (1, 0): ("rail-straight", 1)}
    if page == "goal":
        for i, face_id in enumerate(("road-curve", "rail-tee", "rail-straight", "overpass")):
            surface.blit(ink.die(face_id, 70), (box.x + 60 + i * 96, box.y + 10))
        _ink_sheet(surface, (box.x + 90, box.y + 130), network, 76)
    elif page == "draw":
        # the network joins two exits through a station; the red drawing puts a highway
        # against the railway exit A4, which is not allowed
        cells = dict(network)
        cells[(0, 3)] = ("road-curve", 0, "bad")
        _ink_sheet(surface, (box.x + 90, box.y + 60), cells, 80)
        bad = pygame.Rect(box.x + 90 + 3 * 80, box.y + 60, 80, 80)
        pygame.draw.rect(surface, theme.BAD, bad, 4, border_radius=6)
    elif page == "specials":
        specials = ("special-road-3", "special-rail-3", "special-road-cross",
                    "special-rail-cross", "special-station-corner", "special-station-cross")
        for i, face_id in enumerate(specials):
            cell = pygame.Rect(box.x + 40 + (i % 3) * 150, box.y + 60 + (i // 3) * 170, 120, 120)
            pygame.draw.rect(surface, ink.SPECIAL_TINT, cell.inflate(16, 16), border_radius=10)
            surface.blit(ink.face(face_id, 0, 120), cell)
    elif page == "score":
        cells = dict(network)
        cells[(3, 0)] = ("road-curve", 0)
        _ink_sheet(surface, (box.x + 90, box.y + 40), cells, 80)
        _badge(surface, "+4", (box.x + 90 + 40, box.y + 40 + 80 + 40))
        _badge(surface, "−1", (box.x + 90 + 40, box.y + 40 + 2 * 80 + 60), theme.BAD)
    else:   # expansions: river, lake, meteor crater, volcano
        for i, face_id in enumerate(("river-curve", "lake-2", None, "volcano")):
            cell = pygame.Rect(box.x + 40 + (i % 2) * 230, box.y + 30 + (i // 2) * 210, 180, 180)
            pygame.draw.rect(surface, ink.PAPER, cell.inflate(16, 16), border_radius=10)
            sprite = ink.crater(150) if face_id is None else ink.face(face_id, 0, 180)
            surface.blit(sprite, sprite.get_rect(center=cell.center))


ILLUSTRATIONS = {"metro": draw_metro, "metromania": draw_metromania,
                 "railroad-ink": draw_railroad_ink}
