"""Railroad Ink's tray: the dice, the meteor dice, the special routes, the volcano row, the
buttons and the status lines under a sheet (a mixin of ``RailroadInkBoard``, drawn into the
pane's cached layer). It reads the state, never changes it."""

from __future__ import annotations

import pygame

from game.client import fonts, gfx, theme
from game.client.games.railroad_ink import explain, sprites as ink
from game.client.games.railroad_ink.labels import shared_label_size
from game.client.games.railroad_ink.layout import LegalInfo, Pane
from game.client.games.railroad_ink.tray_text import (draw_button_label, face_name, line_height,
                                                      status_lines)
from game.client.games.railroad_ink.volcano_row import VOLCANO_PIECE, draw_volcano_row
from game.client.games.railroad_ink.way_out import confirm_word, dead_end_text
from game.client.input import device_kind, seat_devices
from game.client.text import t
from game.client.widgets import glyph_text, pad_glyph
from game.rules.railroad_ink.faces import SPECIALS


class TrayDrawing:
    """The tray's painting (a mixin of ``RailroadInkBoard``)."""

    def draw_tray(self, surface, pane: Pane, acting: bool) -> None:
        seat = pane.seat
        st = self.state
        tray = pane.local_tray
        s = st.seats[seat]
        small = not tray["tall"]
        label_w = tray["w"]
        fonts.blit_in(surface, t("ri.dice"), 16, theme.TEXT_DIM,
                      pygame.Rect(tray["dice_label"], (label_w, 22)), "semibold", "topleft")
        pick = self.picked(seat) if acting else None
        for index, rect in enumerate(tray["dice"]):
            if index >= len(st.dice):
                break
            face = st.dice[index]
            state = "ready" if index in s.pending else (
                "skipped" if index in s.skipped else "used")
            if st.over:
                state = "used"
            surface.blit(ink.die(face, rect.width, state), rect)
            if pick == ("die", face) and state == "ready" and \
                    index == next((i for i in s.pending if st.dice[i] == face), -1):
                gfx.rect(surface, theme.FOCUS, rect.inflate(8, 8), 3, border_radius=10)
            if index >= 4 and state == "ready" and not self.game.remaining_dice(st, seat)[
                    s.pending.index(index)][1]:
                fonts.blit_in(surface, t("ri.optional_die"), 12, theme.TEXT_DIM,
                              pygame.Rect(rect.x - 3, rect.bottom + 1, rect.width + 6, 15),
                              "semibold", "midtop", name="optional die")
        if st.meteor is not None:
            self._draw_meteor_dice(surface, tray["meteor"], seat)
        used = len(s.sheet.specials)
        fonts.blit_in(surface, t("ri.specials", used=used), 16, theme.TEXT_DIM,
                      pygame.Rect(tray["specials_label"], (label_w, 22)), "semibold", "topleft")
        status = self.game.specials_status(st, seat)
        for index, rect in enumerate(tray["specials"]):
            special = SPECIALS[index]
            mode = status[special]
            surface.blit(ink.die(special, rect.width,
                                 "ready" if mode in ("available", "this_round") else "dim"),
                         rect)
            if mode == "used":
                gfx.line(surface, theme.BAD, rect.topleft, rect.bottomright, 3)
            elif mode == "this_round":
                gfx.rect(surface, theme.ACCENT, rect.inflate(6, 6), 3, border_radius=8)
            if pick == ("special", special):
                gfx.rect(surface, theme.FOCUS, rect.inflate(8, 8), 3, border_radius=8)
        if tray["volcano"].height:
            mode = "drawn" if s.volcano_round else (
                "available" if acting and VOLCANO_PIECE in self.pieces(seat) else "idle")
            draw_volcano_row(surface, tray["volcano"], mode, pick == VOLCANO_PIECE)
        info = self.legal(seat) if acting else None
        labels = {name: self._button_label(seat, name, info) for name in tray["buttons"]}
        size = shared_label_size([(labels[n], r) for n, r in tray["buttons"].items()],
                                 15 if small else 19)
        for name, rect in tray["buttons"].items():
            enabled = acting and (name in ("rotate", "mirror") or
                                  (name == "undo" and info.undo) or
                                  (name == "end" and (info.end or bool(info.skip) or
                                                      self.meteor_pending(seat))))
            highlighted = enabled and name == "end" and pick == ("end", "")
            fill = theme.PANEL_HI if enabled else (32, 44, 62)
            theme.rounded_panel(surface, rect, fill, 10,
                                theme.FOCUS if highlighted else
                                (theme.ACCENT_DIM if enabled else None), 2)
            draw_button_label(surface, labels[name], size,
                              theme.TEXT if enabled else theme.TEXT_DIM, rect, name)
        x, y = tray["status"]
        refusal, status, hints = "", "", []
        if st.over:
            pass
        elif s.ended:
            status = t("ri.waiting")
        elif acting:
            refusal = self.refusal_text(seat)
            status = self._status_text(seat, info)
            if status == refusal:
                status = ""          # "Draw or skip these dice first: …" once, in red
            hints = self._device_hints(seat)
        colour = theme.GOOD if s.ended and not st.over else theme.TEXT
        lines = status_lines(refusal, status, hints, 14 if small else 17, tray["w"],
                             tray["status_box"].height)
        for text, size, kind in lines:
            fonts.blit(surface, text, size,
                       {"refusal": theme.BAD, "status": colour}.get(kind, theme.TEXT_DIM), (x, y))
            y += line_height(size)

    def refusal_text(self, seat: int) -> str:
        found = self.refusals.get(seat)
        return found["text"] if found else ""

    def _button_label(self, seat: int, name: str, info) -> str:
        if name == "end" and info is not None:
            if self.meteor_pending(seat):
                return t("ri.strike")
            if not info.end and info.skip:
                return t("ri.skip")
        return t(f"ri.{name}")

    def _status_text(self, seat: int, info: LegalInfo) -> str:
        st = self.state
        if self.meteor_pending(seat):
            return explain.meteor_help(st, seat, self.seat_ui(seat).meteor_dir)
        kind, face = self.picked(seat)
        way = self.lava_way_out(seat)
        if way:
            return dead_end_text(way, kind == "volcano")
        if kind == "die" and face in info.skip and not info.draw.get(face):
            return t("ri.no_cell", face=face_name(face))
        if kind == "end":
            if info.end:
                optional = [face_name(f) for f, _needed in self.game.remaining_dice(st, seat)]
                if optional:         # only optional dice left: ending is all that remains
                    return t("ri.only_optional_left", faces=", ".join(optional))
                return t("ri.all_drawn")
            left = [face_name(face) for face, needed in self.game.remaining_dice(st, seat)
                    if needed]
            return t("illegal.dice_left", faces=", ".join(left))
        return explain.opening_help(st, seat) \
            or explain.die_help(self.game, st, seat, kind, face, face_name(face)) \
            or face_name(face)

    def _device_hints(self, seat: int) -> list[str]:
        devices = seat_devices(self.match.seats[seat].device)
        kinds = sorted({device_kind(d) for d in devices}) or ["keyboard"]
        kind = "pad" if "pad" in kinds else ("keyboard" if "keyboard" in kinds else "mouse")
        pairs = [("confirm", confirm_word(self, seat)), ("rotate", t("hint.rotate")),
                 ("alt", t("hint.ri_mirror")), ("next", t("hint.ri_piece")),
                 ("aux", t("hint.ri_undo"))]
        if kind == "mouse":
            return [f"{glyph_text('mouse', 'confirm')}: {confirm_word(self, seat)} · "
                    f"{glyph_text('mouse', 'rotate')}: {t('hint.rotate')}"]
        if kind == "pad":      # the labels printed on this player's own controller
            pad = next(d for d in devices if device_kind(d) == "pad")
            names = {a: pad_glyph(pad, a) for a, _label in pairs}
        else:
            names = {a: glyph_text(kind, a) for a, _label in pairs}
        parts = [f"{names[a]} {label}" for a, label in pairs if names[a]]
        return [" · ".join(parts)]

    def _draw_meteor_dice(self, surface, rect: pygame.Rect, seat: int) -> None:
        direction, distance = self.state.meteor
        shown = direction if direction != "any" else t("ri.meteor_any")
        pending = self.meteor_pending(seat)
        colour = (255, 150, 130) if pending else theme.TEXT_DIM
        box = pygame.Rect(rect.x, rect.y, rect.height, rect.height)
        gfx.circle(surface, ink.METEOR_RED if pending else (110, 70, 70), box.center,
                           rect.height // 2 - 2)
        text = t("ri.meteor", direction=shown, distance=distance)
        if pending and direction == "any":
            text += f" → {self.seat_ui(seat).meteor_dir}"
        fonts.blit_in(surface, text, 17, colour,
                      pygame.Rect(box.right + 8, rect.y, rect.right - box.right - 8, rect.height),
                      "semibold", "midleft", name="meteor")
