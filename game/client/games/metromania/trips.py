"""The end of a Metromania game: each test trip (A-F, then park to lake) animated in turn.

For every trip the two destination markers pulse, its fastest routes are drawn along the
lines as a train runs them, and a caption tells the minutes and who scores or pays. The data
is ``scores(state)["trips"]`` / ``["park_lake"]`` of the rules (routes as station point names
with the line of each hop); this module only draws it. Confirm skips to the next trip.
"""

from __future__ import annotations

import math

import pygame

from game.client import fonts, theme
from game.client.games.metromania import geometry as geo, paint as paint
from game.client.text import has, t
from game.client import canvas
from game.client import gfx
from game.rules.metromania.lattice import POINT_BY_NAME, SPACE_BY_NAME

DRAW_TIME = 1.1
HOLD_TIME = 1.2
MAX_ROUTES_DRAWN = 3
CAPTION = pygame.Rect(330, 10, 620, 58)      # over the header, above the city


class TripShow:
    def __init__(self, board, result: dict) -> None:
        self.board = board
        self.items = list(result.get("trips", []))
        park_lake = result.get("park_lake")
        if park_lake:
            self.items.append(park_lake)
        self.index = 0
        self.age = 0.0
        self.finished = not self.items
        self.paths = [self._paths(item) for item in self.items]
        self.veil = None

    # -- data --------------------------------------------------------------------------------
    def _paths(self, item: dict) -> list:
        """Screen polylines of the trip's drawn routes, each with its hops' colours."""
        st = self.board.state
        out = []
        for route in item.get("routes", [])[:MAX_ROUTES_DRAWN]:
            points = [POINT_BY_NAME[name] for name in route["points"]]
            if len(points) == 1:
                out.append({"pts": [geo.POINT_XY[points[0]]], "hops": []})
                continue
            pts, hops = [], []
            for (a, b), (seat, k) in zip(zip(points, points[1:]), route["lines"]):
                line = st.lines[seat * 2 + k]
                poly = geo.line_polyline(line.points, line.spaces, line.edges)
                i, j = line.index[a], line.index[b]
                piece = poly[i:j + 1] if i <= j else poly[j:i + 1][::-1]
                pts.extend(piece)
                hops.append({"pts": piece, "seat": seat, "striped": k == 1,
                             "ends": len(pts)})
            out.append({"pts": pts, "hops": hops})
        return out

    # -- time --------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        if self.finished:
            return
        self.age += dt
        if self.age >= DRAW_TIME + HOLD_TIME:
            self.skip()

    def skip(self) -> None:
        if self.finished:
            return
        self.index += 1
        self.age = 0.0
        if self.index >= len(self.items):
            self.finished = True
        else:
            self.board.app.sound.play("score")

    # -- drawing -----------------------------------------------------------------------------
    def current(self):
        return None if self.finished else self.items[self.index]

    def draw(self, surface) -> None:
        item = self.current()
        if item is None:
            return
        if canvas.stale(self.veil):
            self.veil = canvas.layer(geo.CITY_BOX.size, pygame.SRCALPHA)
            self.veil.fill((10, 14, 22, 90))
        surface.blit(self.veil, geo.CITY_BOX.topleft)
        pulse = 0.5 + 0.5 * math.sin(self.age * 7)
        for marker in item.get("markers", []):
            if marker.get("space"):
                c = geo.SPACE_XY[SPACE_BY_NAME[marker["space"]]]
                gfx.circle(surface, theme.FOCUS, c, 15 + 4 * pulse, 3)
        frac = min(1.0, self.age / DRAW_TIME)
        for path in self.paths[self.index]:
            pts = path["pts"]
            if len(pts) == 1:
                gfx.circle(surface, theme.FOCUS, pts[0], 16 + 4 * pulse, 4)
                continue
            shown, head = _prefix(pts, frac)
            if len(shown) >= 2:
                # a glow along the route, then each ridden hop in its line's own look
                gfx.lines(surface, theme.FOCUS, False, shown, 19)
                gfx.lines(surface, (255, 255, 255), False, shown, 13)
            for hop in path["hops"]:
                if hop["ends"] <= len(shown):
                    paint.stroke_line(surface, hop["pts"], self.board.colour(hop["seat"]),
                                      hop["striped"])
            for a, b in zip(path["hops"], path["hops"][1:]):
                if a["seat"] * 2 + a["striped"] != b["seat"] * 2 + b["striped"] \
                        and a["ends"] <= len(shown):
                    gfx.circle(surface, theme.BG_DEEP, a["pts"][-1], 12)
                    gfx.circle(surface, theme.FOCUS, a["pts"][-1], 12, 3)
            gfx.circle(surface, theme.BG_DEEP, head, 10)
            gfx.circle(surface, theme.FOCUS, head, 7)
        self._draw_caption(surface, item)

    def _draw_caption(self, surface, item) -> None:
        theme.rounded_panel(surface, CAPTION, (16, 22, 34), 16, theme.ACCENT, 2)
        name = t("mania.trip_park_lake") if item["trip"] == "park-lake" \
            else t("mania.trip", letter=item["trip"])
        if item.get("minutes") is None:
            detail = _why_not(item)
        else:
            detail = t("mania.trip_minutes", n=item["minutes"])
        x = CAPTION.right - 14
        for seat in reversed(range(len(item["scorers"]))):
            value = item["scorers"][seat]
            if not value:
                continue
            rgb = self.board.colour(seat)
            label = f"{value:+d}"
            text = fonts.render(label, 22, theme.ink_on(rgb), "bold")
            chip = text.get_rect(midright=(x, CAPTION.centery)).inflate(18, 8)
            gfx.rect(surface, rgb, chip, border_radius=14)
            if value < 0:
                gfx.rect(surface, theme.BAD, chip, 3, border_radius=14)
            fonts.blit_in(surface, label, 22, theme.ink_on(rgb), chip, "bold", name="score chip")
            x = chip.x - 8
        # the trip's name and time get what the score chips leave of the caption
        fonts.blit_in(surface, f"{name} · {detail}", 22, theme.TEXT,
                      pygame.Rect(CAPTION.x + 18, CAPTION.y, x - CAPTION.x - 18, CAPTION.height),
                      "semibold", "midleft", name="trip caption")

    def draw_panel(self, surface, rect) -> None:
        with fonts.box(rect.inflate(-36, 0), "trips panel"):
            self._draw_panel(surface, rect)

    def _draw_panel(self, surface, rect) -> None:
        x = rect.x + 18
        fonts.blit(surface, t("mania.trips_title"), 24, theme.TEXT, (x, rect.y + 14),
                   "semibold")
        y = rect.y + 58
        for i, item in enumerate(self.items):
            row = pygame.Rect(rect.x + 10, y, rect.width - 20, 52)
            now = i == self.index and not self.finished
            if now:
                theme.rounded_panel(surface, row, theme.PANEL_HI, 10, theme.FOCUS, 2)
            name = t("mania.trip_park_lake") if item["trip"] == "park-lake" \
                else t("mania.trip", letter=item["trip"])
            shown = i < self.index or self.finished or now
            colour = theme.TEXT if shown else theme.TEXT_DIM
            text_box = pygame.Rect(row.x + 10, row.y, row.width - 20, row.height)
            if shown:
                if item.get("minutes") is None:
                    sub = t("mania.trip_none")
                else:
                    sub = t("mania.trip_minutes", n=item["minutes"])
                if item.get("guilty"):
                    sub += " · " + t("mania.trip_guilty", names=", ".join(
                        self.board.play.seat_name(s) for s in item["guilty"]))
                fonts.blit_in(surface, sub, 14, theme.TEXT_DIM,
                              pygame.Rect(row.x + 10, row.y + 28, row.width - 20, 22),
                              "regular", "topleft", name="trip row")
                cx = row.right - 10
                for seat in reversed(range(len(item["scorers"]))):
                    value = item["scorers"][seat]
                    if value:
                        rgb = self.board.colour(seat)
                        r = fonts.blit(surface, f"{value:+d}", 17, rgb, (cx, row.y + 8),
                                       "bold", "topright")
                        cx = r.x - 8
                text_box.width = cx - text_box.x
            # the trip's name: what the score chips leave of the row's top line
            fonts.blit_in(surface, name, 18, colour,
                          pygame.Rect(text_box.x, row.y + 4, text_box.width, 24), "semibold",
                          "topleft", name="trip row")
            y += 58


def _why_not(item: dict) -> str:
    """Why a trip has no time: a marker never placed, no station at a marker, or no route."""
    problem = item.get("problem") or ""
    key = f"mania.problem.{problem}"
    return t(key) if problem and has(key) else t("mania.trip_none")


def _prefix(pts: list, frac: float):
    """The first ``frac`` of a polyline (by length) and the point where it stops."""
    lengths = [math.hypot(b[0] - a[0], b[1] - a[1]) for a, b in zip(pts, pts[1:])]
    total = sum(lengths) or 1.0
    goal = total * frac
    out = [pts[0]]
    for (a, b), seg in zip(zip(pts, pts[1:]), lengths):
        if goal >= seg:
            out.append(b)
            goal -= seg
            continue
        k = goal / seg if seg else 0
        head = (a[0] + (b[0] - a[0]) * k, a[1] + (b[1] - a[1]) * k)
        out.append(head)
        return out, head
    return out, out[-1]

