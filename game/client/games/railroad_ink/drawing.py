"""Railroad Ink's drawing: the header, every pane (sheet, cursor, ghost; the tray and status
are ``tray_drawing``'s), the small sheets, the paused veil and the meteor's animation. It reads
the state, never changes it."""

from __future__ import annotations

import math

import pygame

from game.client import fonts, frame_pacing, text_layout, theme
from game.client.games.railroad_ink import sprites as ink
from game.client.games.railroad_ink.drag import draw_dragged
from game.client.games.railroad_ink.ranking import PAGE_SECONDS, draw_ranking, pages, ranked
from game.client.games.railroad_ink.layout import (H, HEADER_H, MENU_BUTTON, METEOR_STEP, Pane,
                                                   SheetGeom, W)
from game.client.games.railroad_ink.volcano_row import (VOLCANO_PIECE, draw_hover,
                                                        draw_way_out)
from game.client.games.railroad_ink.way_out import ERASE_ROUTE, EITHER, START_VOLCANO
from game.client.seats import SeatKind
from game.client.text import language, t
from game.client import canvas
from game.client.boards import dirty
from game.client.games.railroad_ink.repaint import (changed_cells, light_change, pane_changes,
                                                    pane_local_changes, quiet_change,
                                                    same_but_moves, same_sitting, tray_changes,
                                                    tray_items)
from game.client import gfx
from game.rules.railroad_ink.faces import EXITS, FACE_IDS, FACE_INDEX
from game.rules.railroad_ink.meteor import meteor_path
from game.rules.railroad_ink.orientation import CANONICAL_O
from game.rules.railroad_ink.sheet import CELL_INDEX, CRATER, EMPTY


LATE_MOST = 3         # frames in a row the picture may wait for moves landing (``_picture``)
PANES_PER_FRAME = 1   # panes of seats played elsewhere painted again in one frame (``_composite``)
MIN_CHIP_W = 110      # a header chip narrower than this cannot show a name and a score


class BoardDrawing:
    """The board's painting (a mixin of ``RailroadInkBoard``)."""

    # -- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        # Everything that only changes with a move or a pick is kept in one opaque composite;
        # a region of it (the header, a pane) is repainted only when its own key changes.
        # A frame is then one blit plus the live parts: cursors, ghosts, animations.
        surface.blit(self._picture(), (0, 0))
        self.draw_menu_button(surface)
        for pane in self.layout():
            if pane.full and self._acting_human(pane.seat) and not self._paused(pane.seat):
                self._draw_cursor(surface, pane.seat, pane.geom, self.play.seat_colour(pane.seat))
                ui = self.seat_ui(pane.seat)
                draw_dragged(surface, ui, pane.geom, self.picked_face(pane.seat))
                if ui.hover is not None and not ui.dragging \
                        and ui.hover[0] in self.pieces(pane.seat):
                    draw_hover(surface, ui.hover[1])
                self._draw_way_out(surface, pane)
        self._draw_anims(surface)

    def _picture(self) -> pygame.Surface:
        """The composite, brought up to date; except in the frame a move played elsewhere
        (a phone's, a bot's, another machine's) lands in, which shows the last frame's and
        leaves the repaint to the next one: the move's own work (the rules, the phones'
        views) and the repaint of what it changed then share two frames instead of
        doubling one (at a table of 8 phones, moves land in one frame out of twelve). A
        round's bots land up to three moves a frame for a few frames: ``LATE_MOST`` frames
        late at most, so moves landing frame after frame do not hold the picture back."""
        landed, self.landed = self.landed, False
        if landed and self.late < LATE_MOST and self._comp is not None \
                and not canvas.stale(self._comp) and self._comp_layout == self._layout_key:
            self.late += 1
            return self._comp
        self.late = 0
        return self._composite()

    def _draw_way_out(self, surface, pane: Pane) -> None:
        """A lava dead end: the new volcano (until it is picked) and the routes that may be
        erased pulse, so the player sees where to go when no square glows green."""
        way = self.lava_way_out(pane.seat)
        if not way:
            return
        if way in (START_VOLCANO, EITHER) and self.picked(pane.seat) != VOLCANO_PIECE:
            draw_way_out(surface, pane.tray["volcano"], self.clock)
        if way in (ERASE_ROUTE, EITHER):
            for cell in sorted(self.legal(pane.seat).erase):
                draw_way_out(surface, pane.geom.cell_rect(cell).inflate(-8, -8), self.clock,
                             theme.BAD)

    def _acting_human(self, seat: int) -> bool:
        """A human drawing on this sheet here, now (never in the replay viewer: read-only;
        nor a seat played elsewhere, e.g. on a phone, or by a stand-in bot)."""
        return (self.acting(seat) and self.match.seats[seat].kind == SeatKind.HUMAN
                and not self.play.is_bot(seat) and not self.read_only)

    def _composite(self) -> pygame.Surface:
        panes = self.layout()
        if canvas.stale(self._comp) or self._comp_layout != self._layout_key:
            self._comp = canvas.layer((W, H)).convert()
            self._comp.blit(self.app.background(), (0, 0))
            self._comp_layout = self._layout_key
            self._comp_keys = {}
        comp = self._comp
        budget, self.catching_up = PANES_PER_FRAME, False
        common = (self.app.settings["colour_blind"], self.play.colour_key(), language())
        header = (self.version, tuple(self._status_of(s)[0] for s in self.chips), common)
        if self._comp_keys.get("header") != header:
            self._comp_keys["header"] = header
            region = pygame.Rect(0, 0, W, HEADER_H)
            comp.blit(self.app.background(), region, region)
            self._draw_header(comp)
        for pane in panes:
            seat = pane.seat
            acting = self._acting_human(seat) if pane.full else self.acting(seat)
            key = (self.seat_version(seat), acting, self._status_of(seat)[0], common,
                   self._paused(seat),
                   self.picked(seat) if pane.full and acting else None,
                   self.seat_ui(seat).meteor_dir, self.refusal_text(seat))
            before = self._comp_keys.get(seat)
            if before == key:
                continue
            if before is not None and not self._played_here(seat):
                # a seat played elsewhere (a phone, a bot): at most PANES_PER_FRAME such panes
                # a frame (a round's bots land up to three moves a frame, a new roll changes
                # every pane); the others follow in the next frames (``catching_up``)
                if budget <= 0:
                    self.catching_up = True
                    continue
                budget -= 1
            self._comp_keys[seat] = key
            sheet = self.state.seats[seat].sheet
            content = (tuple(sheet.cells), sheet.dot)
            shown = self._comp_keys.get(("sheet", seat))
            self._comp_keys[("sheet", seat)] = content
            # a move of this seat changes its title, tray and the cells it drew: only those
            # places are painted again (``boards.dirty``), the rest of the pane stays
            regions = [pane.rect.inflate(4, 4)]
            local = None
            if pane.full and not acting:
                # a seat that plays elsewhere (a phone, a bot): its tray, piece by piece
                items = tray_items(self, pane)
                old_items = self._tray_shown.get(seat)
                self._tray_shown[seat] = items
                if old_items is not None:
                    local = tray_changes(pane, old_items, items)
            else:
                self._tray_shown.pop(seat, None)
            self._pane_places[seat] = local
            if before is not None and shown is not None and (
                    light_change(before, key) or (local is not None and quiet_change(before, key))):
                # a seat that plays elsewhere: also a new round (the roll) or its end of round
                # repaint only the tray pieces and words that changed (``tray_items``)
                regions = pane_changes(pane, shown, content, local)
            for region in dirty.merged(regions):
                comp.set_clip(region)
                comp.blit(self.app.background(), region, region)
                if pane.full:
                    self._draw_full(comp, pane)
                else:
                    self._draw_mini(comp, pane)
            comp.set_clip(None)
        if self.ranking is not None:
            rect, seats = self.ranking
            page = int(self.clock // PAGE_SECONDS) % pages(len(seats), rect.inflate(-12, -10))
            key = (self.version, common, page, tuple(self.acting(s) for s in seats))
            if self._comp_keys.get("ranking") != key:
                self._comp_keys["ranking"] = key
                region = rect.inflate(4, 4)
                comp.blit(self.app.background(), region, region)
                totals = self.scores()["scores"]      # places at the whole table
                rows = [row for row in ranked(list(range(len(totals))), totals)
                        if row[1] in seats]
                draw_ranking(comp, rect, rows, self, page)
        return comp

    def _draw_header(self, surface) -> None:
        st = self.state
        fonts.blit_in(surface, t("ri.title"), 26, theme.ACCENT, pygame.Rect(16, 2, 172, 38),
                      "bold", "midleft", name="title")
        label = t("play.game_over") if st.over else t("ri.round", n=st.round, total=st.rounds)
        fonts.blit_in(surface, label, 22, theme.TEXT, pygame.Rect(196, 4, 156, 36), "semibold",
                      "midleft", name="round")
        x = 360
        if st.meteor is not None:
            direction = st.meteor[0] if st.meteor[0] != "any" else t("ri.meteor_any")
            surface.blit(ink.meteor_dot(18), (x, 14))
            x = fonts.blit_in(surface, t("ri.meteor", direction=direction,
                                         distance=st.meteor[1]),
                              20, (255, 160, 140), pygame.Rect(x + 24, 4, 240, 36), "semibold",
                              "midleft", name="meteor").right + 24
        self.header_end = x          # the toasts' strip starts after the round and meteor
        if self.chips:
            # the other sheets' chips share what is left of the line up to the menu button;
            # too many for that (a big table with four local players): the best ones, then
            # one chip "+N" for the rest
            chips, line = self.chips, MENU_BUTTON.x - 8 - x
            if line // len(chips) - 10 < MIN_CHIP_W:
                totals = self.scores()["scores"]
                keep = max(1, line // (MIN_CHIP_W + 10) - 1)
                chips = sorted(chips, key=lambda s: (-totals[s], s))[:keep]
            room = (line - (60 if len(chips) < len(self.chips) else 0)) // len(chips) - 10
            for seat in chips:
                x = self._chip(surface, seat, x, 10, room) + 10
            if len(chips) < len(self.chips):
                rect = pygame.Rect(x, 10, 50, 26)
                theme.rounded_panel(surface, rect, theme.PANEL, 12, theme.PANEL_EDGE, 1)
                fonts.blit_in(surface, f"+{len(self.chips) - len(chips)}", 16, theme.TEXT, rect,
                              "semibold", name="chip")

    def _chip(self, surface, seat: int, x: int, y: int, room: int) -> int:
        rgb = self.play.seat_colour(seat)
        done = self.state.seats[seat].ended or self.state.over
        label = f"{self.play.seat_name(seat)} {self.scores()['scores'][seat]}" + \
            (" ✓" if done else "")
        label, size = text_layout.fit(label, 16, room - 26, "semibold")
        width = fonts.render(label, size, theme.TEXT, "semibold").get_width()
        rect = pygame.Rect(x, y, width + 26, 26)
        theme.rounded_panel(surface, rect, theme.PANEL, 12, rgb, 2)
        fonts.blit_in(surface, label, size, theme.TEXT, rect, "semibold", inset=12,
                      name="chip")
        return rect.right

    # sheets ---------------------------------------------------------------------------------
    def _drop_other_scales(self) -> None:
        """Forget sheets drawn for another window size (a resize would otherwise keep one
        set of full-resolution sheets per size the window passed through)."""
        scale = canvas.current_scale()
        if getattr(self, "sheets_scale", scale) != scale:
            self._static_cache.clear()
            self._sheet_cache.clear()
        self.sheets_scale = scale

    def _static_sheet(self, geom: SheetGeom) -> pygame.Surface:
        self._drop_other_scales()
        key = (geom.key(), canvas.current_scale())
        found = self._static_cache.get(key)
        if found is not None:
            return found
        cell, m = geom.cell, geom.margin
        size = geom.rect.width
        layer = canvas.layer((size, size), pygame.SRCALPHA)
        radius = max(4, cell // 4)
        gfx.rect(layer, ink.PAPER, layer.get_rect(), border_radius=radius)
        centre = pygame.Rect(m + 2 * cell, m + 2 * cell, 3 * cell, 3 * cell)
        gfx.rect(layer, ink.CENTRE_TINT, centre)
        line = max(1, cell // 40)
        for i in range(8):
            gfx.line(layer, ink.GRID, (m + i * cell, m), (m + i * cell, m + 7 * cell),
                             line)
            gfx.line(layer, ink.GRID, (m, m + i * cell), (m + 7 * cell, m + i * cell),
                             line)
        gfx.rect(layer, (150, 150, 140), centre, max(2, cell // 22))
        gfx.rect(layer, (120, 120, 112), (m, m, 7 * cell, 7 * cell), max(2, cell // 20))
        for name, side, kind in EXITS:
            index = CELL_INDEX[name]
            row, col = divmod(index, 7)
            stub = ink.exit_stub(kind, side, cell, m)
            if side == 0:
                pos = (m + col * cell, 0)
            elif side == 2:
                pos = (m + col * cell, m + 7 * cell)
            elif side == 3:
                pos = (0, m + row * cell)
            else:
                pos = (m + 7 * cell, m + row * cell)
            layer.blit(stub, pos)
        gfx.rect(layer, ink.PAPER_DARK, layer.get_rect(), 2, border_radius=radius)
        self._static_cache[key] = layer
        return layer

    def sheet_layer(self, seat: int, geom: SheetGeom) -> pygame.Surface:
        sheet = self.state.seats[seat].sheet
        content = (tuple(sheet.cells), sheet.dot)
        self._drop_other_scales()
        key = (seat, geom.key(), canvas.current_scale())
        found = self._sheet_cache.get(key)
        if found is not None and found[0] == content:
            return found[1]
        static = self._static_sheet(geom)
        if found is not None and not canvas.stale(found[1]):
            # the cells a move changed (and the meteor's dot) are painted again, on the paper
            layer = found[1]
            ox, oy = geom.rect.topleft
            rects = [geom.cell_rect(cell).move(-ox, -oy)
                     for cell in changed_cells(found[0], content)]

            def paper(target, rect) -> None:
                target.fill((0, 0, 0, 0), rect)
                target.blit(static, (0, 0), special_flags=pygame.BLEND_RGBA_ADD)   # a copy
            dirty.repaint(layer, rects, lambda target, region: self._paint_cells(
                target, region, geom, content), paper)
        else:
            layer = static.copy()
            self._paint_cells(layer, dirty.EVERYTHING, geom, content)
        self._sheet_cache[key] = (content, layer)
        return layer

    @staticmethod
    def _paint_cells(layer, region, geom: SheetGeom, content) -> None:
        """The drawn cells and the meteor's dot on a sheet's paper (sheet coordinates)."""
        cells, dot = content
        cell = geom.cell
        for index, code in enumerate(cells):
            if code == EMPTY:
                continue
            row, col = divmod(index, 7)
            pos = (geom.margin + col * cell, geom.margin + row * cell)
            if not region.touches((pos, (cell, cell))):
                continue
            if code == CRATER:
                layer.blit(ink.crater(cell), pos)
            else:
                layer.blit(ink.face(FACE_IDS[code >> 3], code & 7, cell), pos)
        if dot >= 0:
            row, col = divmod(dot, 7)
            d = max(6, cell // 3)
            layer.blit(ink.meteor_dot(d), (geom.margin + col * cell + cell - d - 1,
                                           geom.margin + row * cell + 1))

    def _draw_sheet(self, surface, seat: int, geom: SheetGeom, frame_rgb, live: bool) -> None:
        shadow = geom.rect.move(0, 5)
        gfx.rect(surface, theme.BG_DEEP, shadow, border_radius=max(4, geom.cell // 4))
        surface.blit(self.sheet_layer(seat, geom), geom.rect.topleft)
        if live:
            gfx.rect(surface, frame_rgb, geom.rect.inflate(6, 6), 3,
                             border_radius=max(6, geom.cell // 4 + 3))

    def _highlight(self, seat: int, geom: SheetGeom, face: str | None, o: int):
        key = (self.seat_version(seat), face, o, geom.key(), self.meteor_pending(seat))
        found = self._highlight_cache.get(seat)
        if found is not None and found[0] == key and not canvas.stale(found[1]):
            return found[1]
        layer = canvas.layer(geom.grid.size, pygame.SRCALPHA)
        info = self.legal(seat)
        cells = info.draw.get(face, {}) if face and not self.meteor_pending(seat) else {}
        canon = CANONICAL_O[FACE_INDEX[face]][o] if face else 0
        for cell, orientations in cells.items():
            r = geom.cell_rect(cell).move(-geom.gx, -geom.gy).inflate(-4, -4)
            strong = canon in orientations
            gfx.rect(layer, (*theme.LEGAL, 90 if strong else 40), r,
                             border_radius=max(3, geom.cell // 8))
            gfx.rect(layer, (60, 160, 90, 220 if strong else 120), r,
                             2 if strong else 1, border_radius=max(3, geom.cell // 8))
        for cell in info.erase:
            r = geom.cell_rect(cell).move(-geom.gx, -geom.gy).inflate(-4, -4)
            gfx.rect(layer, (*theme.BAD, 70), r, border_radius=4)
        self._highlight_cache[seat] = (key, layer)
        return layer

    def _draw_full(self, surface, pane: Pane) -> None:
        seat = pane.seat
        rgb = self.play.seat_colour(seat)
        acting = self._acting_human(seat)
        surface.blit(self._pane_surface(pane, acting, rgb), pane.rect.topleft)
        self._draw_sheet(surface, seat, pane.geom, rgb, acting)
        if self._paused(seat):
            self._draw_paused(surface, pane)

    def _paused(self, seat: int) -> bool:
        """A human seat of this table whose controller is unplugged (and still has to act)."""
        return (not self.read_only and not self.state.over
                and self.match.seats[seat].kind == SeatKind.HUMAN and self.play.seat_paused(seat))

    def _draw_paused(self, surface, pane: Pane) -> None:
        """The unplugged seat's pane dimmed, with what happened and how to carry on."""
        seat = pane.seat
        veil = canvas.layer(pane.rect.size, pygame.SRCALPHA)
        veil.fill((*theme.BG_DEEP, 200))
        surface.blit(veil, pane.rect.topleft)
        width = min(pane.rect.width - 40, 460)
        body_size = 20 if pane.rect.height > 400 else 17
        body = t("play.seat_paused", name=self.play.seat_name(seat))
        lines = text_layout.wrap(body, body_size, width - 36)
        line_h = body_size + 6
        height = min(pane.rect.height - 24, 70 + len(lines) * line_h + 18)
        card = pygame.Rect(0, 0, width, height)
        card.center = pane.rect.center
        theme.rounded_panel(surface, card, theme.PANEL, 14, theme.BAD, 3)
        info = self.match.seats[seat]
        with fonts.box(card.inflate(-24, -12), "paused card"):
            for dx in (0, 11):       # a pause sign: two bars
                gfx.rect(surface, theme.BAD, (card.x + 20 + dx, card.y + 20, 7, 24),
                                 border_radius=2)
            fonts.blit_in(surface, t("play.unplugged", pad=self.play.device_label(info.device)),
                          26, theme.BAD, pygame.Rect(card.x + 46, card.y + 12, width - 64, 40),
                          "bold", "midleft", name="paused card")
            y = card.y + 60
            for line in lines:
                if y + line_h > card.bottom - 6:
                    break
                fonts.blit_in(surface, line, body_size, theme.TEXT,
                              pygame.Rect(card.x + 18, y, width - 36, line_h), "regular",
                              "midleft", name="paused card")
                y += line_h

    def _pane_surface(self, pane: Pane, acting: bool, rgb) -> pygame.Surface:
        """The pane's panel, title and tray, redrawn only when something on them changes
        (a move of the seat: its title row and tray only)."""
        seat = pane.seat
        key = (self.seat_version(seat), acting, self.picked(seat) if acting else None,
               self.seat_ui(seat).meteor_dir, self._status_of(seat), self.refusal_text(seat), rgb,
               language(),
               self.app.settings["colour_blind"], pane.rect.size)
        found = self._pane_cache.get(seat)
        if found is not None and found[0] == key and not canvas.stale(found[1]):
            return found[1]
        places = self._pane_places.get(seat)
        if found is not None and not canvas.stale(found[1]) and found[0][1] == acting \
                and found[0][3] == key[3] and found[0][6:] == key[6:] \
                and (same_but_moves(found[0][0], key[0])
                     or (places is not None and same_sitting(found[0][0], key[0]))):
            layer = found[1]
            # each place is one pass of the pane's whole painting, clipped: many places (a
            # new roll: every die) are painted in one pass over the box that holds them
            places = dirty.merged(places or pane_local_changes(pane))
            if len(places) > 2:
                places = [places[0].unionall(places[1:])]
            dirty.repaint(layer, places,
                          lambda target, region: self._paint_pane(target, pane, acting, rgb))
        else:
            layer = canvas.layer(pane.rect.size, pygame.SRCALPHA)
            self._paint_pane(layer, pane, acting, rgb)
        self._pane_cache[seat] = (key, layer)
        return layer

    def _paint_pane(self, layer, pane: Pane, acting: bool, rgb) -> None:
        seat = pane.seat
        box = layer.get_rect()
        theme.rounded_panel(layer, box, theme.PANEL, 16,
                            rgb if acting else theme.PANEL_EDGE, 2 if acting else 1)
        with fonts.box(box.inflate(-16, 0), "sheet panel"):
            title = pane.local_tray.get("title")
            if title is not None:        # a wide pane: the title row is the tray's first
                self._draw_title(layer, seat, title.x, title.y + 2, title.right)
            else:
                self._draw_title(layer, seat, 14, 5, box.right - 12)
            self._draw_sheet_labels(layer, pane)
            self.draw_tray(layer, pane, acting)

    @staticmethod
    def _draw_sheet_labels(surface, pane: Pane) -> None:
        """The rows' and columns' names in the band around the paper (pane coordinates)."""
        size = 15 if pane.geom.cell >= 56 else 13
        ox, oy = pane.rect.topleft
        for name, rect in pane.geom.label_rects():
            fonts.blit_in(surface, name, size, theme.TEXT_DIM, rect.move(-ox, -oy),
                          "semibold", name="sheet label")

    def _draw_title(self, surface, seat: int, x: int, y: int, right: int, size: int = 20):
        rgb = self.play.seat_colour(seat)
        gfx.rect(surface, rgb, (x, y + 4, 10, size - 2), border_radius=4)
        if self.app.settings["colour_blind"]:
            theme.draw_shape(surface, self.play.seat_shape(seat), (x + 22, y + 4 + size // 2),
                             size // 3, rgb, theme.outline_for(rgb))
            x += 16
        # the score first; the name then takes what it needs of the rest (up to all of it
        # but the status' share: at most 40%); the status gets what the name leaves, and is
        # left out when that is too little to read
        line = pygame.Rect(x + 16, y - 4, right - x - 16, size + 14)
        score = self.scores()["scores"][seat]
        status, colour = self._status_of(seat)
        with fonts.box(line, "title line"):
            r = fonts.blit(surface, t("ri.score", n=score), size, theme.TEXT, (right, y),
                           "bold", "topright")
        name_right = r.x - 8
        if status:
            free = r.x - 12 - line.x
            wanted = fonts.render(self.play.seat_name(seat), size, theme.TEXT,
                                  "semibold").get_width() + 12
            room = min(free * 40 // 100, max(0, free - wanted))
            if room >= 40 or (room > 0 and fonts.render(status, size - 4, colour,
                                                         "semibold").get_width() <= room):
                s = fonts.blit_in(surface, status, size - 4, colour,
                                  pygame.Rect(r.x - 12 - room, y + 2, room, size + 6),
                                  "semibold", "topright", name="title line")
                name_right = s.x - 8
        fonts.blit_in(surface, self.play.seat_name(seat), size, theme.TEXT,
                      pygame.Rect(line.x, y, name_right - line.x, size + 6), "semibold",
                      "topleft", name="title line")

    def _status_of(self, seat: int) -> tuple[str, tuple]:
        s = self.state.seats[seat]
        if self.state.over:
            return "", theme.TEXT_DIM
        if s.ended:
            return "✓ " + t("ri.done"), theme.GOOD
        human = self.match.seats[seat].kind == SeatKind.HUMAN
        if self.play.is_bot(seat) and not (human and seat not in self.play.bots):
            return t("play.thinking"), theme.TEXT_DIM     # no animated dots: cached layer
        if not human or self.play.is_bot(seat):
            # played elsewhere (a LAN player, a phone): the screen says how it is doing
            return self.play.seat_status(seat), theme.TEXT_DIM
        if self._paused(seat):
            return self.play.seat_status(seat), theme.BAD
        return t("ri.drawing"), theme.ACCENT

    def _draw_cursor(self, surface, seat: int, geom: SheetGeom, rgb) -> None:
        ui = self.seat_ui(seat)
        st = self.state
        cell = ui.cursor[1] * 7 + ui.cursor[0]
        r = geom.cell_rect(cell)
        if self.meteor_pending(seat):
            self._draw_meteor_preview(surface, seat, geom)
            return
        face = self.picked_face(seat)
        surface.blit(self._highlight(seat, geom, face, ui.o), geom.grid.topleft)
        free = st.seats[seat].sheet.cells[cell] < 0
        ok = False
        if face and free:
            allowed = self.legal(seat).draw.get(face, {}).get(cell, set())
            ok = CANONICAL_O[FACE_INDEX[face]][ui.o] in allowed
            surface.blit(ink.face(face, ui.o, geom.cell, "ghost" if ok else "bad"), r.topleft)
        if self.flash is not None and self.flash["seat"] == seat:
            red = canvas.layer(geom.cell_rect(self.flash["cell"]).size, pygame.SRCALPHA)
            red.fill((*theme.ILLEGAL, int(150 * (1 - self.flash["age"] / 0.6))))
            surface.blit(red, geom.cell_rect(self.flash["cell"]))
        pulse = 2 + int(2 * (1 + math.sin(frame_pacing.pulse_clock(self.app) * 6)))
        gfx.rect(surface, theme.outline_for(rgb), r.inflate(6, 6), pulse + 2,
                         border_radius=6)
        gfx.rect(surface, rgb, r.inflate(4, 4), pulse, border_radius=6)

    def _draw_meteor_preview(self, surface, seat: int, geom: SheetGeom) -> None:
        sheet = self.state.seats[seat].sheet
        direction = self.meteor_direction(seat)
        path = meteor_path(sheet, direction, self.state.meteor[1])
        start = sheet.dot if sheet.dot >= 0 else CELL_INDEX["D4"]
        points = [geom.cell_rect(start).center] + [geom.cell_rect(c).center for c in path]
        phase = (frame_pacing.pulse_clock(self.app) * 2) % 1
        for a, b in zip(points, points[1:]):
            for k in range(6):
                f = (k + phase) / 6
                gfx.circle(surface, ink.METEOR_RED,
                                   (a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f),
                                   max(2, geom.cell // 16))
        target = geom.cell_rect(path[-1])
        gfx.rect(surface, ink.METEOR_RED, target.inflate(-4, -4), 3,
                         border_radius=geom.cell // 3)

    def _draw_mini(self, surface, pane: Pane) -> None:
        seat = pane.seat
        rgb = self.play.seat_colour(seat)
        self._draw_title(surface, seat, pane.rect.x + 4, pane.rect.y, pane.rect.right - 4, 15)
        acting = self.acting(seat)
        self._draw_sheet(surface, seat, pane.geom, rgb, acting)
        if self.state.seats[seat].ended and not self.state.over:
            fonts.blit_in(surface, "✓", max(14, pane.geom.cell), theme.GOOD, pane.geom.rect,
                          "bold", name="sheet")

    def _draw_anims(self, surface) -> None:
        for anim in self.anims:
            pane = self.pane_of(anim["seat"])
            if pane is None:
                continue
            geom = pane.geom
            if anim["kind"] == "meteor":
                self._draw_meteor_anim(surface, anim, geom)
                continue
            k = anim["age"] / 0.45
            r = geom.cell_rect(anim["cell"])
            colour = {"draw": theme.ACCENT, "lake_fill": ink.LAKE_BLUE,
                      "erase": theme.BAD}[anim["kind"]]
            grow = int(4 + 14 * k)
            gfx.rect(surface, colour, r.inflate(grow, grow), max(1, int(4 * (1 - k))),
                             border_radius=8)

    def _draw_meteor_anim(self, surface, anim, geom: SheetGeom) -> None:
        path = anim["path"]
        steps = anim["age"] / METEOR_STEP
        centres = [geom.cell_rect(anim["start"]).center] + \
            [geom.cell_rect(c).center for c in path]
        i = min(int(steps), len(path))
        f = min(1.0, steps - i) if i < len(path) else 1.0
        a = centres[i]
        b = centres[min(i + 1, len(centres) - 1)]
        x, y = a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f
        for back in range(1, 5):   # the tail
            k = max(0.0, f - back * 0.25)
            tx = a[0] + (b[0] - a[0]) * k
            ty = a[1] + (b[1] - a[1]) * k
            gfx.circle(surface, (255, 190, 120), (tx, ty), max(2, geom.cell // 7 - back))
        d = max(8, geom.cell // 2)
        surface.blit(ink.meteor_dot(d), (x - d / 2, y - d / 2))
        if steps >= len(path):
            k = (anim["age"] - METEOR_STEP * len(path)) / 0.5
            gfx.circle(surface, (255, 120, 60), centres[-1], int(geom.cell * (0.3 + k)),
                               max(1, int(6 * (1 - k))))
