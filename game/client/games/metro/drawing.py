"""Metro's drawing: the cached board layer (felt, tiles, stations), legal squares and the
placement help, line and score animations, the header and both side panels. It reads the
state, never changes it."""

from __future__ import annotations

import math

import pygame

from game.client import fonts, frame_pacing, sprites, theme
from game.client import text as catalog
from game.client.boards import dirty
from game.client.games.metro import overlay as overlay, shares as shares_panel
from game.client.games.metro.geometry import (BX, BY, CENTRE_SQUARES, GRID, HEADER, LEFT, PAD,
                                              RIGHT, S, square_rect)
from game.client.games.metro.timing import FLY_TIME, GLOW_TIME, HAND_TILE, HOLD_TIME, LINE_TIME
from game.client.plural import tn
from game.client.text import t
from game.client import canvas
from game.client import gfx
from game.rules.metro.data import COMPANIES


# the players' panel's top line (the game's name, the stack's count)
LEFT_TOP = pygame.Rect(LEFT.x + 4, LEFT.y + 2, LEFT.width - 8, 48)


class BoardDrawing:
    """The board's painting (a mixin of ``MetroBoard``)."""

    # -- layout of the side panel ----------------------------------------------------------
    def _compact(self) -> bool:
        """Five or six players with the companies' track: rows get lower to fit the panel."""
        return self.companies() and self.state.players > 4

    def seat_row(self, seat: int) -> pygame.Rect:
        height, gap = (44, 6) if self._compact() else (52 if self.companies() else 60, 8)
        return pygame.Rect(LEFT.x + 12, LEFT.y + 52 + seat * (height + gap), LEFT.width - 24,
                           height)

    def company_row(self, company: int) -> pygame.Rect:
        top = self.seat_row(self.state.players - 1).bottom + 44
        pitch = 22 if self._compact() else 27
        return pygame.Rect(LEFT.x + 12, top + company * pitch, LEFT.width - 24, pitch - 3)

    # -- drawing ----------------------------------------------------------------------------
    def station_info(self, station: int) -> list[str]:
        """The tooltip of a station: whose car it is and what its line is worth now."""
        st = self.state
        i = station - 1
        owner = st.car_owner[i]
        if owner is None:
            return [t("metro_setup.station_empty", n=station)]
        name = (t(f"colour.{COMPANIES[owner]}") if self.companies()
                else self.play.seat_name(owner))
        first = t("metro_setup.station_owner", n=station, name=name)
        if st.line_done[i]:
            return [first, tn("metro_setup.line_scored", st.line_points[i])]
        return [first, tn("metro_setup.line_open", st.line_tiles[i])]

    def hovered_station(self) -> int | None:
        if self.drag is not None or self.exchange_form is not None:
            return None
        return overlay.station_at(self.pointer)

    def draw(self, surface: pygame.Surface) -> None:
        st = self.state
        seat = self.play.active_human()
        helping = seat is not None and self.exchange_form is None
        legal_key = None
        if helping:
            self.legal_squares(seat)
            legal_key = self._legal_key
        # Everything that only changes when a move lands (or the selection changes) is one
        # opaque full-screen layer: backdrop, felt, tiles, stations, legal squares, panels.
        # A move repaints only the places it changed, in the board layer and in this one.
        look = (self.app.settings["colour_blind"], self.play.colour_key(), catalog.language(),
                canvas.current_scale())
        landed, self.landed = self.landed, False
        # the frame a move played elsewhere lands in shows the board before it (the base as
        # it is); the next frame repaints what the move changed. One frame late at most:
        # moves landing frame after frame do not hold the board back
        self.late = landed and not self.late and self._base is not None \
            and not canvas.stale(self._base) and self._static_key is not None \
            and self._static_key[1] == look
        if not self.late:
            self._update_base(helping, legal_key, look)
        surface.blit(self._base, (0, 0))
        if helping:
            self._draw_placement_help(surface, seat)
        if self.last_placed is not None and not self.late:    # (its tile shows next frame)
            sq, when = self.last_placed
            age = self.clock - when
            if age < GLOW_TIME:
                alpha = int(220 * (1 - age / GLOW_TIME))
                glow = canvas.layer((S + 16, S + 16), pygame.SRCALPHA)
                gfx.rect(glow, (*theme.ACCENT, alpha), glow.get_rect(), 4,
                                 border_radius=10)
                surface.blit(glow, square_rect(sq).move(-8, -8))
        if self.flash is not None:
            r = square_rect(self.flash["square"]).inflate(-2, -2)
            alpha = int(160 * (1 - self.flash["age"] / 0.6))
            red = canvas.layer(r.size, pygame.SRCALPHA)
            red.fill((*theme.ILLEGAL, max(0, alpha)))
            surface.blit(red, r)
        station = self.hovered_station()
        if station is not None:
            owner = st.car_owner[station - 1]
            if owner is not None and not st.line_done[station - 1]:
                overlay.draw_line_highlight(surface, self.game.line_path(st, station)["path"],
                                            self.owner_colour(owner))
        self._draw_anims(surface)
        self._draw_header(surface)
        if self._base_left is None:
            self._draw_left(surface)      # the companies' track: drawn every frame
        self._draw_right(surface)
        self.draw_menu_button(surface)
        if station is not None:
            overlay.draw_tooltip(surface, station, self.station_info(station),
                                 self.owner_colour(st.car_owner[station - 1]))
        if self.drag is not None:
            seat = self.drag["seat"]
            tile = self.current_tile(seat)
            if tile is not None:
                overlay.draw_dragged(surface, tile, self.rotation.get(seat, 0), self.drag["pos"])

    def _update_base(self, helping: bool, legal_key, look) -> None:
        """Bring the board layer and the base up to the match: only the places that changed
        are painted again."""
        st = self.state
        static_key = (st.turn, look)
        changed: list | None = []
        if static_key != self._static_key:
            changed = self._board_layer.update(look)
            self._static = self._board_layer.layer
            self._static_key = static_key
        base_key = (static_key, legal_key)
        # the players' panel is part of the base too, painted again when what it shows
        # changes (a score, whose turn, a bot's status), not drawn every frame
        left_key = self._left_key()
        if base_key != self._base_key or canvas.stale(self._base):
            shown = frozenset(self._legal) if helping and self._legal_layer is not None \
                else frozenset()
            if changed is not None and self._base_key is not None \
                    and self._base_key[0][1] == look:
                changed = changed + [square_rect(sq) for sq in shown ^ self._base_legal]
                changed += self._left_changes(self._base_left, left_key)
            else:
                changed = None
            self._base_left = left_key
            self._compose_base(helping, changed)
            self._base_key, self._base_legal = base_key, shown
        elif left_key != self._base_left:
            places = self._left_changes(self._base_left, left_key)
            self._base_left = left_key
            self._compose_base(helping, places)

    def _compose_base(self, with_legal: bool, rects: list | None = None) -> None:
        """Repaint the reusable full-screen base surface (same pixel format as the display,
        so composing it and blitting it are plain copies): all of it, or (``rects``) only
        inside those screen rectangles, with the same drawing clipped to each."""
        if canvas.stale(self._base):
            self._base = canvas.layer(theme.LOGICAL_SIZE)
            try:
                self._base = self._base.convert()
            except pygame.error:
                pass
            rects = None
        base = self._base
        for clip in ([None] if rects is None else dirty.merged(rects)):
            base.set_clip(clip)
            base.blit(self.app.background(), (0, 0))
            base.blit(self._static, (BX - PAD, BY - PAD))
            if with_legal and self._legal_layer is not None and self._legal:
                base.blit(self._legal_layer, GRID.topleft)
            theme.rounded_panel(base, LEFT, theme.PANEL, 18, theme.PANEL_EDGE, 1, shadow=True)
            theme.rounded_panel(base, RIGHT, theme.PANEL, 18, theme.PANEL_EDGE, 1, shadow=True)
            if self._base_left is not None and (clip is None or clip.colliderect(LEFT)):
                self._draw_left(base, clip)
        base.set_clip(None)

    def _left_key(self):
        """What the players' panel shows: its top line, then each seat's row (None: the
        companies' track, drawn every frame)."""
        if self.companies():
            return None
        st = self.state
        over = self.match.is_over()
        rows = tuple((not over and seat == st.current, self.shown_score(seat),
                      self.play.seat_status(seat), self.play.seat_name(seat),
                      sum(1 for i in range(32) if st.car_owner[i] == seat
                          and not st.line_done[i]))
                     for seat in range(st.players))
        return (len(st.stack), self._compact(), rows)

    def _left_changes(self, before, after) -> list[pygame.Rect]:
        """The places of the players' panel whose contents changed: its top line, rows."""
        if before is None or after is None or before[1] != after[1] \
                or len(before[2]) != len(after[2]):
            return [LEFT.inflate(8, 8)]
        out = [LEFT_TOP] if before[0] != after[0] else []
        return out + [self.seat_row(seat).inflate(6, 6)
                      for seat, (a, b) in enumerate(zip(before[2], after[2])) if a != b]

    def _draw_placement_help(self, surface, seat) -> None:
        legal = self.legal_squares(seat)
        cursor = self.cursor.get(seat) or [0, 0]
        sq = cursor[1] * 8 + cursor[0]
        tile = self.current_tile(seat)
        ghost = None
        if tile is not None and self.state.board[sq] is None and sq not in CENTRE_SQUARES \
                and self.drag is None:     # a dragged tile is drawn under the pointer instead
            ghost = sprites.tile(tile, self.rotation.get(seat, 0), S - 2, "ghost")
        overlay.draw_hover(surface, sq, ghost, sq in legal, frame_pacing.pulse_clock(self.app))

    def _draw_anims(self, surface) -> None:
        for anim in self.anims:
            age = anim["age"]
            if age < 0:
                continue
            pts = anim["points"]
            frac = min(1.0, age / LINE_TIME)
            count = max(2, int(len(pts) * frac))
            shown = pts[:count]
            fade = 1.0
            if age > LINE_TIME + HOLD_TIME:
                fade = max(0.0, 1 - (age - LINE_TIME - HOLD_TIME) / FLY_TIME)
            width = 9
            colour = anim["colour"]
            if frac < 1.0:
                # growing: drawn straight onto the frame (opaque, no temporary surface)
                sprites.stroke(surface, theme.outline_for(colour), shown, width + 4)
                sprites.stroke(surface, colour, shown, width)
            elif fade > 0.04:
                layer, box = self._line_layer(anim)
                layer.set_alpha(int(255 * fade))
                surface.blit(layer, box)
            if age > LINE_TIME:
                rect = self._popup_rect(anim)
                alpha = 255 if age < LINE_TIME + HOLD_TIME else int(255 * max(0.2, fade))
                overlay.draw_popup(surface, rect, anim["label"], colour, alpha)

    def _popup_rect(self, anim) -> pygame.Rect:
        """The "+N" label of a finished line: placed once, where the line ends, inside the
        board and clear of the other labels still shown (it stays there while it fades; the
        panel's score counts up when it goes)."""
        if "label_rect" not in anim:
            anim["label"] = f"+{anim['points_value']}" + (" ×2" if anim.get("centre") else "")
            taken = [a["label_rect"] for a in self.anims if "label_rect" in a]
            anchor = anim["points"][-1]
            anim["label_rect"] = overlay.place_popup(
                anchor, overlay.popup_label_size(anim["label"]), taken)
        return anim["label_rect"]

    def popup_rects(self) -> list[pygame.Rect]:
        """The score labels on the board now (for tests and the toasts' obstacles)."""
        return [a["label_rect"] for a in self.anims if "label_rect" in a]

    def _line_layer(self, anim):
        """The whole highlighted line, drawn once per animation and cached on it (with the
        owner's shape repeated along it in colour-blind mode)."""
        if "layer" not in anim:
            pts = anim["points"]
            xs = [p[0] for p in pts]
            ys = [p[1] for p in pts]
            box = pygame.Rect(min(xs) - 12, min(ys) - 12, max(xs) - min(xs) + 24,
                              max(ys) - min(ys) + 24)
            layer = canvas.layer(box.size, pygame.SRCALPHA)
            local = [(x - box.x, y - box.y) for x, y in pts]
            sprites.stroke(layer, theme.outline_for(anim["colour"]), local, 13)
            sprites.stroke(layer, anim["colour"], local, 9)
            if self.app.settings["colour_blind"] and anim["owner"] is not None:
                travelled, next_mark = 0.0, 20.0
                for (x0, y0), (x1, y1) in zip(local, local[1:]):
                    travelled += math.hypot(x1 - x0, y1 - y0)
                    if travelled >= next_mark:
                        theme.draw_shape(layer, self.owner_shape(anim["owner"]), (x1, y1), 7,
                                         anim["colour"], theme.outline_for(anim["colour"]))
                        next_mark += 44
            anim["layer"] = (layer, box)
        return anim["layer"]

    def _draw_header(self, surface) -> None:
        st = self.state
        if self.match.is_over():
            text = t("play.game_over")
        else:
            text = self.turn_line(st.current,
                                  "metro.place_drawn" if st.pending is not None else None)
        fonts.blit_in(surface, text, 28, theme.TEXT, HEADER, "semibold")

    def _draw_left(self, surface, clip=None) -> None:
        with fonts.box(LEFT, "left panel"):
            self._draw_left_panel(surface, clip)

    def _draw_left_panel(self, surface, clip=None) -> None:
        """The players' panel; with ``clip`` (a place being painted again) only what
        reaches it."""
        st = self.state
        # the title on the left half of the top line, the stack's count on the right one
        if clip is None or clip.colliderect(LEFT_TOP):
            title = pygame.Rect(LEFT.x + 20, LEFT.y + 6, LEFT.width // 2 - 20, 40)
            fonts.blit_in(surface, t("metro.title"), 30, theme.ACCENT, title, "bold",
                          "midleft")
            stack_box = pygame.Rect(title.right + 8, title.y, LEFT.right - 20 - title.right - 8,
                                    40)
            fonts.blit_in(surface, t("metro.stack", n=len(st.stack)), 20, theme.TEXT_DIM,
                          stack_box, "semibold", "midright")
        cb = self.app.settings["colour_blind"]
        for seat in range(st.players):
            row = self.seat_row(seat)
            if clip is not None and not clip.colliderect(row.inflate(8, 8)):
                continue
            active = not self.match.is_over() and seat == st.current
            fill = theme.PANEL_HI if active else theme.SEAT_ROW
            theme.rounded_panel(surface, row, fill, 12, theme.FOCUS if active else None, 2)
            rgb = self.play.seat_colour(seat)
            chip = pygame.Rect(row.x + 10, row.y + 10, 12, row.height - 20)
            gfx.rect(surface, rgb, chip, border_radius=6)
            if cb:
                theme.draw_shape(surface, self.play.seat_shape(seat), (row.x + 38, row.centery),
                                 10, rgb, theme.outline_for(rgb))
            name_x = row.x + (58 if cb else 34)
            # the right side first (score, cars or shares, at most 40% of the row): the name
            # and the status then get what is left of the row
            right = pygame.Rect(row.right - row.width * 2 // 5, row.y, row.width * 2 // 5 - 14,
                                row.height)
            if not self.companies():
                score = fonts.blit_in(surface, str(self.shown_score(seat)), 34, theme.TEXT,
                                      right, "bold", "midright")
                left = sum(1 for i in range(32) if st.car_owner[i] == seat and
                           not st.line_done[i])
                cars = pygame.Rect(right.x, row.y, score.x - 10 - right.x, row.height)
                used = fonts.blit_in(surface, tn("metro.cars_left", left), 15, theme.TEXT_DIM,
                                     cars, "regular", "midright")
            else:
                used = fonts.blit_in(surface, tn("metro.shares_n", len(st.shares[seat])), 16,
                                     theme.TEXT_DIM, right, "regular", "midright")
            text_box = pygame.Rect(name_x, row.y, used.x - 10 - name_x, row.height)
            with fonts.box(text_box, "seat row"):
                small = self._compact()
                fonts.blit(surface, self.play.seat_name(seat), 20 if small else 22, theme.TEXT,
                           (name_x, row.centery - (10 if small else 11)), "semibold", "midleft")
                status = self.play.seat_status(seat)
                fonts.blit(surface, status, 15 if small else 16,
                           theme.BAD if "!" in status else theme.TEXT_DIM,
                           (name_x, row.centery + (11 if small else 13)), "regular", "midleft")
        if self.companies():
            shares_panel.draw_company_track(self, surface)

    def _draw_right(self, surface) -> None:
        with fonts.box(RIGHT.inflate(-32, 0), "right panel"):
            self._draw_right_panel(surface)

    def _draw_right_panel(self, surface) -> None:
        st = self.state
        viewer = self.viewer
        if self.exchange_form is not None:
            fonts.blit(surface, t("metro.exchange_title"), 24, theme.TEXT,
                       (RIGHT.x + 20, RIGHT.y + 14), "semibold")
            self.exchange_form.draw(surface)
            return
        acting = viewer is not None and viewer in self.match.to_act() and not self.read_only
        if viewer is None:
            fonts.blit(surface, t("metro.spectating"), 24, theme.TEXT_DIM,
                       (RIGHT.x + 20, RIGHT.y + 14), "semibold")
        else:
            who = t("metro.hand_of", name=self.play.seat_name(viewer))
            fonts.blit(surface, who, 24, theme.TEXT, (RIGHT.x + 20, RIGHT.y + 14), "semibold")
        if viewer is not None:
            if st.pending is not None and acting:
                rect = self.pending_rect()
                gfx.rect(surface, theme.FOCUS, rect.inflate(6, 6), 3, border_radius=12)
                surface.blit(sprites.tile(st.pending, self.rotation.get(viewer, 0),
                                          HAND_TILE + 8), rect)
                fonts.blit(surface, t("metro.drawn_tile"), 18, theme.ACCENT,
                           (RIGHT.centerx, rect.bottom + 14), "semibold", "center")
            else:
                hand = self._hand(viewer)
                sel = min(self.selected.get(viewer, 0), max(0, len(hand) - 1))
                for index, rect in enumerate(self.hand_rects(viewer)):
                    if index >= len(hand):
                        break
                    rot = self.rotation.get(viewer, 0) if index == sel else 0
                    surface.blit(sprites.tile(hand[index], rot, HAND_TILE), rect)
                    if index == sel and acting:
                        gfx.rect(surface, theme.FOCUS, rect.inflate(8, 8), 3,
                                         border_radius=12)
                if not hand:
                    fonts.blit(surface, t("metro.hand_empty"), 20, theme.TEXT_DIM,
                               (RIGHT.centerx, RIGHT.y + 100), "regular", "center")
        mouse = self.app.mouse_pos() if pygame.mouse.get_focused() else (-1, -1)
        for action, rect, enabled in self._buttons(viewer):
            fill = theme.PANEL_HI if enabled else (30, 40, 56)
            if enabled and rect.collidepoint(mouse):
                fill = theme.BUTTON_HOVER
            theme.rounded_panel(surface, rect, fill, 12,
                                theme.ACCENT_DIM if enabled else None, 2)
            label = {"rotate": t("metro.rotate"),
                     "draw": t("metro.draw_instead", n=len(st.stack)),
                     "exchange": t("metro.exchange")}[action]
            fonts.blit_in(surface, label, 21, theme.TEXT if enabled else theme.TEXT_DIM,
                          rect, "semibold", inset=8, name=action)
        if st.companies:
            shares_panel.draw_shares(self, surface, viewer)
        else:
            self._draw_stack(surface)

    def _draw_stack(self, surface) -> None:
        st = self.state
        base = pygame.Rect(0, 0, 76, 76)
        base.center = (RIGHT.centerx, RIGHT.bottom - 120)
        layers = min(6, max(1, len(st.stack) // 8 + (1 if st.stack else 0)))
        if st.stack:
            for i in range(layers):
                surface.blit(sprites.tile_back(76), base.move(-i * 2, -i * 3))
        else:
            gfx.rect(surface, theme.PANEL_EDGE, base, 2, border_radius=8)
        fonts.blit(surface, t("metro.stack", n=len(st.stack)), 20, theme.TEXT_DIM,
                   (RIGHT.centerx, base.bottom + 22), "semibold", "center")
