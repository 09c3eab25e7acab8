"""Railroad Ink's input routing: every intent goes to the acting human seat bound to its device
(the mouse to the pane it points at), then becomes that seat's pick, turn, aim or move."""

from __future__ import annotations

from game.client.games.railroad_ink.layout import Pane
from game.client.input import accepts
from game.client.seats import SeatKind
from game.client.text import t
from game.rules.railroad_ink.faces import FACE_INDEX, SPECIALS
from game.rules.railroad_ink.moves import Draw, End, Erase, IgnoreMeteor, Meteor, Skip, Undo
from game.rules.railroad_ink.orientation import CANONICAL_O, compose
from game.rules.railroad_ink.sheet import CELL_INDEX


class InputRouting:
    """Intents to seats to moves (a mixin of ``RailroadInkBoard``)."""

    # -- input routing ------------------------------------------------------------------------
    def _candidates(self, device: str) -> list[int]:
        return [seat for seat in self.match.to_act()
                if self.match.seats[seat].kind == SeatKind.HUMAN
                and accepts(self.match.seats[seat].device, device)
                and not self.play.seat_paused(seat)
                and any(p.full and p.seat == seat for p in self.layout())]

    def _route(self, intent):
        """The one seat an intent is for: the mouse speaks for the pane it points at, other
        devices for the first acting seat bound to them (a shared keyboard serves its seats
        one after the other, as each ends its round)."""
        candidates = self._candidates(intent.device)
        if intent.pos is not None:
            for pane in self.layout():
                if pane.full and pane.seat in candidates and pane.rect.collidepoint(intent.pos):
                    return pane.seat
        return candidates[0] if candidates else None

    def handle(self, intent, seat):
        kind = intent.kind
        if intent is self._handled:
            return None       # already used by an earlier seat of this device
        target = self._route(intent)
        if target is None or (seat is not None and target != seat):
            return None       # the play screen asks every seat of the device: one acts
        result = self._handle_seat(intent, target)
        if result is not None:
            self._handled = intent
        if result is None or result is True or seat is not None:
            return result
        self.play.propose(target, result)
        return True

    def _handle_seat(self, intent, seat: int):
        kind = intent.kind
        ui = self.seat_ui(seat)
        pane = self.pane_of(seat)
        if kind == "move":
            if self.meteor_pending(seat) and self.state.meteor[0] == "any":
                ui.meteor_dir = {(0, -1): "N", (1, 0): "E", (0, 1): "S",
                                 (-1, 0): "W"}.get((intent.dx, intent.dy), ui.meteor_dir)
                return True
            ui.cursor[0] = (ui.cursor[0] + intent.dx) % 7
            ui.cursor[1] = (ui.cursor[1] + intent.dy) % 7
            return True
        if kind == "point":
            ui.drag_pos = intent.pos if ui.dragging else None
            ui.hover = self.piece_at(seat, intent.pos)
            cell = pane.geom.cell_at(intent.pos) if pane else None
            if cell is not None:
                ui.cursor = [cell % 7, cell // 7]
                self._aim_meteor(seat, cell)
            return True
        if kind == "rotate":
            self._rotate(seat, 1 if intent.value >= 0 else -1)
            return True
        if kind == "alt":
            ui.o = compose(ui.o, 4)
            self.app.sound.play("click")
            return True
        if kind in ("aux", "cancel"):
            if self.legal(seat).undo:
                return Undo()
            return True if kind == "aux" else None
        if kind in ("next", "prev"):
            pieces = self.pieces(seat)
            index = pieces.index(self.picked(seat))
            ui.pick = pieces[(index + (1 if kind == "next" else -1)) % len(pieces)]
            self.app.sound.play("click")
            return True
        if kind == "slot":
            pieces = self.pieces(seat)
            if intent.value < len(pieces):
                ui.pick = pieces[intent.value]
            return True
        if kind == "confirm":
            return self._confirm(seat, ui.cursor[1] * 7 + ui.cursor[0])
        if kind == "click":
            return self._click(seat, pane, intent)
        if kind == "release":
            return self._drop(seat, pane, intent)
        return None

    def _drop(self, seat: int, pane: Pane | None, intent):
        """A die or special dragged from the tray and let go over a cell: drawn there, as
        a click on that cell would (the ghost followed the pointer while dragging)."""
        ui = self.seat_ui(seat)
        dragging, ui.dragging, ui.drag_pos = ui.dragging, False, None
        cell = pane.geom.cell_at(intent.pos) if dragging and pane and pane.full else None
        if cell is None:
            return True
        ui.cursor = [cell % 7, cell // 7]
        return self._confirm(seat, cell)

    def _rotate(self, seat: int, step: int) -> None:
        """Turn the picked face; on a legal cell skip orientations that cannot go there."""
        ui = self.seat_ui(seat)
        turn = 1 if step > 0 else 3
        face = self.picked_face(seat)
        cell = ui.cursor[1] * 7 + ui.cursor[0]
        allowed = self.legal(seat).draw.get(face, {}).get(cell, set()) if face else set()
        o = compose(ui.o, turn)
        if allowed:
            for _ in range(4):
                if CANONICAL_O[FACE_INDEX[face]][o] in allowed:
                    break
                o = compose(o, turn)
        ui.o = o
        self.app.sound.play("click")

    def _aim_meteor(self, seat: int, cell: int) -> None:
        if not self.meteor_pending(seat) or self.state.meteor[0] != "any":
            return
        sheet = self.state.seats[seat].sheet
        start = sheet.dot if sheet.dot >= 0 else CELL_INDEX["D4"]
        dr, dc = cell // 7 - start // 7, cell % 7 - start % 7
        if dr or dc:
            if abs(dr) >= abs(dc):
                self.seat_ui(seat).meteor_dir = "S" if dr > 0 else "N"
            else:
                self.seat_ui(seat).meteor_dir = "E" if dc > 0 else "W"

    def meteor_direction(self, seat: int) -> str:
        direction = self.state.meteor[0]
        return self.seat_ui(seat).meteor_dir if direction == "any" else direction

    def _confirm(self, seat: int, cell: int):
        info = self.legal(seat)
        kind, face = self.picked(seat)
        if self.meteor_pending(seat):
            if kind == "special" and face in info.ignore:
                return IgnoreMeteor(face)
            return Meteor(self.meteor_direction(seat))
        if kind == "end":
            return End()
        if info.erase and cell in info.erase:
            return Erase(cell)
        if self.volcano_shortcut(seat):
            # a lava die with nowhere to go: confirm takes up the way out, the new volcano
            # (its squares then glow); the hint line names it ("Enter New volcano")
            self.seat_ui(seat).pick = ("volcano", "volcano")
            self.app.sound.play("click")
            return True
        if kind == "die" and face in info.skip and not info.draw.get(face):
            return Skip(face)
        return Draw(face, cell, self.seat_ui(seat).o)

    def _click(self, seat: int, pane: Pane | None, intent):
        pos = intent.pos
        if pane is None or not pane.full:
            return True
        ui = self.seat_ui(seat)
        ui.dragging = False
        cell = pane.geom.cell_at(pos)
        if cell is not None:
            ui.cursor = [cell % 7, cell // 7]
            self._aim_meteor(seat, cell)
            return self._confirm(seat, cell)
        tray = pane.tray
        for index, rect in enumerate(tray["dice"]):
            if rect.collidepoint(pos) and index < len(self.state.dice):
                face = self.state.dice[index]
                if ("die", face) in self.pieces(seat):
                    ui.pick, ui.dragging = ("die", face), True
                return True
        for index, rect in enumerate(tray["specials"]):
            if rect.collidepoint(pos):
                if ("special", SPECIALS[index]) in self.pieces(seat):
                    ui.pick, ui.dragging = ("special", SPECIALS[index]), True
                return True
        if tray["volcano"].collidepoint(pos):
            return self._pick_volcano(seat)
        for name, rect in tray["buttons"].items():
            if rect.collidepoint(pos):
                return self._button(seat, name, intent)
        if tray["meteor"].collidepoint(pos) and self.meteor_pending(seat):
            return Meteor(self.meteor_direction(seat))
        return True

    def _pick_volcano(self, seat: int):
        """The tray's "new volcano" row clicked: picked (and carried, like a die) while this
        round's new volcano is still to be had; otherwise the tray says why not."""
        ui = self.seat_ui(seat)
        if ("volcano", "volcano") in self.pieces(seat):
            ui.pick, ui.dragging = ("volcano", "volcano"), True
            self.app.sound.play("click")
        elif self.state.seats[seat].volcano_round:
            self.refusals[seat] = {"text": t("illegal.volcano_this_round"), "age": 0.0}
        return True

    def piece_at(self, seat: int, pos):
        """(piece, screen rect) of the tray piece the seat may pick under ``pos`` (a die still
        to draw, an available special, the new volcano), or None: the mouse's hover."""
        pane = self.pane_of(seat)
        if pos is None or pane is None or not pane.full:
            return None
        tray = pane.tray
        pieces = self.pieces(seat)
        pending = self.state.seats[seat].pending
        found = [(("die", self.state.dice[index]), rect)
                 for index, rect in enumerate(tray["dice"]) if index in pending]
        found += [(("special", special), rect)
                  for special, rect in zip(SPECIALS, tray["specials"])]
        found.append((("volcano", "volcano"), tray["volcano"]))
        for piece, rect in found:
            if rect.collidepoint(pos):
                return (piece, rect) if piece in pieces else None
        return None

    def _button(self, seat: int, name: str, intent):
        if name == "rotate":
            self._rotate(seat, 1)
            return True
        if name == "mirror":
            self.seat_ui(seat).o = compose(self.seat_ui(seat).o, 4)
            return True
        if name == "undo":
            return Undo()
        info = self.legal(seat)
        kind, face = self.picked(seat)
        if self.meteor_pending(seat):
            return Meteor(self.meteor_direction(seat))
        if not info.end:
            for die_face in sorted(info.skip):
                if not info.draw.get(die_face):
                    return Skip(die_face)
        return End()
