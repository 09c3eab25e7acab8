"""Metro's input: the cursor and the hand, drag and drop of a tile onto a square, drawing
instead, and the companies' share exchange."""

from __future__ import annotations

import pygame

from game.client.games.metro.geometry import CENTRE_SQUARES, RIGHT, square_at
from game.client.games.metro.timing import HAND_TILE
from game.client.text import t
from game.client.widgets import Form, Item
from game.rules.metro.data import COMPANIES, SHARE_PERCENTS
from game.rules.metro.moves import Draw, Place, Swap


class InputRouting:
    """Intents to moves (a mixin of ``MetroBoard``)."""

    # -- input ------------------------------------------------------------------------------
    def handle(self, intent, seat):
        kind = intent.kind
        if intent.pos is not None:
            self.pointer = intent.pos
        if seat is None:
            return None
        if self.drag is not None and self.drag["seat"] == seat and kind in ("point", "release"):
            return self._drag_to(intent, seat)
        if self.exchange_form is not None and self.exchange_seat == seat:
            return self._handle_exchange(intent, seat)
        cursor = self._cursor(seat)
        if kind == "move":
            cursor[0] = (cursor[0] + intent.dx) % 8
            cursor[1] = (cursor[1] + intent.dy) % 8
            while cursor[1] * 8 + cursor[0] in CENTRE_SQUARES:   # hop over the central station
                cursor[0] = (cursor[0] + intent.dx) % 8
                cursor[1] = (cursor[1] + intent.dy) % 8
            return True
        if kind == "point":
            sq = square_at(intent.pos)
            if sq is not None and sq not in CENTRE_SQUARES:   # no cursor over the station
                cursor[0], cursor[1] = sq % 8, sq // 8
            return True
        if kind == "rotate":
            if self.state.orientation:
                self.rotation[seat] = (self.rotation.get(seat, 0) + intent.value) % 4
                self.app.sound.play("click")
            return True
        if kind in ("next", "prev"):
            hand = self._hand(seat)
            if hand and self.state.pending is None:
                step = 1 if kind == "next" else -1
                self.selected[seat] = (self.selected.get(seat, 0) + step) % len(hand)
            return True
        if kind == "slot":
            if intent.value < len(self._hand(seat)) and self.state.pending is None:
                self.selected[seat] = intent.value
            return True
        if kind == "alt":
            return Draw()
        if kind == "aux":
            return self._open_exchange(seat)
        if kind == "confirm":
            return self._place_at(seat, cursor[1] * 8 + cursor[0])
        if kind == "click":
            pos = intent.pos
            for index, rect in enumerate(self.hand_rects(seat)):
                if rect.collidepoint(pos) and index < len(self._hand(seat)):
                    if self.state.pending is None:
                        self.selected[seat] = index
                    self._start_drag(seat, pos)
                    return True
            if self.state.pending is not None and self.pending_rect().collidepoint(pos):
                self._start_drag(seat, pos)
                return True
            for action, rect, _enabled in self._buttons(seat):
                if rect.collidepoint(pos):
                    if action == "rotate":
                        return self.handle(type(intent)("rotate", intent.device, value=1), seat)
                    if action == "draw":
                        return Draw()
                    return self._open_exchange(seat)
            sq = square_at(pos)
            if sq is not None:
                cursor[0], cursor[1] = sq % 8, sq // 8
                return self._place_at(seat, sq)
            return True
        return None

    # -- drag and drop (mouse): press on the hand tile, release on a square ----------------
    def pending_rect(self) -> pygame.Rect:
        """Where the drawn tile is shown in the hand panel."""
        rect = pygame.Rect(0, RIGHT.y + 58, HAND_TILE + 8, HAND_TILE + 8)
        rect.centerx = RIGHT.centerx
        return rect

    def _start_drag(self, seat, pos) -> None:
        if seat in self.match.to_act() and not self.read_only \
                and self.current_tile(seat) is not None:
            self.drag = {"seat": seat, "pos": pos}

    def _drag_to(self, intent, seat):
        """The held tile follows the pointer; released on the board it is placed there (the
        rules refuse an illegal square with their reason), released elsewhere it goes back."""
        self.drag["pos"] = intent.pos
        sq = square_at(intent.pos)
        if sq is not None and sq not in CENTRE_SQUARES:
            cursor = self._cursor(seat)
            cursor[0], cursor[1] = sq % 8, sq // 8
        if intent.kind == "point":
            return True
        self.drag = None
        if sq is None or sq in CENTRE_SQUARES:
            return True          # dropped off the board: nothing happens
        return self._place_at(seat, sq)

    def _cursor(self, seat) -> list[int]:
        """The seat's keyboard/controller cursor [col, row]. It starts on the legal square
        nearest the middle and, when a tile lands under it, moves to the nearest legal square
        (a cursor left in the middle or on a taken square only earns a refusal)."""
        cursor = self.cursor.get(seat)
        here = cursor[1] * 8 + cursor[0] if cursor else 27
        if cursor is None or (seat in self._covered and self.state.board[here] is not None):
            legal = self.legal_squares(seat)
            if legal:
                self._covered.discard(seat)
                best = min(legal, key=lambda sq: (abs(sq % 8 - here % 8)
                                                   + abs(sq // 8 - here // 8), sq))
                cursor = [best % 8, best // 8]
            self.cursor[seat] = cursor = cursor or [0, 0]
        return cursor

    def _place_at(self, seat, square: int):
        tile = self.current_tile(seat)
        if tile is None:
            return True
        return Place(tile, square, self.rotation.get(seat, 0))

    def _open_exchange(self, seat):
        st = self.state
        if not st.companies:
            return True
        if not st.exchanges_open:
            self.play.toast(t("illegal.exchanges_closed"), "bad")
            return True
        if st.pending is not None:
            # say it now rather than after a share was picked from the list
            self.play.toast(t("illegal.must_place_drawn"), "bad")
            self.app.sound.play("illegal")
            return True
        items = []
        for company, pct in st.shares[seat]:
            p = SHARE_PERCENTS.index(pct)
            up = st.face_up[p]
            for take_up in (True, False):
                label = (t("metro.swap_up", give=self._card_name((company, pct)),
                           take=self._card_name(up)) if take_up else
                         t("metro.swap_down", give=self._card_name((company, pct))))
                items.append(Item(f"swap:{company}:{pct}:{int(take_up)}",
                                  (lambda text=label: text)))
        items.append(Item("cancel", lambda: t("common.cancel")))
        rect = pygame.Rect(RIGHT.x + 10, RIGHT.y + 52, RIGHT.width - 20, 0)
        self.exchange_form = Form(items, rect, row_height=52, gap=6, font_size=18)
        self.exchange_seat = seat
        return True

    def _handle_exchange(self, intent, seat):
        event, item = self.exchange_form.handle(intent)
        if event == "cancel" or (event == "activate" and item.key == "cancel") \
                or intent.kind == "aux":
            self.exchange_form = None
            return True
        if event == "activate":
            _, company, pct, up = item.key.split(":")
            self.exchange_form = None
            return Swap(int(company), int(pct), up == "1")
        return True

    def _card_name(self, card) -> str:
        company, pct = card
        if company < 0:
            return "?"
        return t("metro.share", company=t(f"colour.{COMPANIES[company]}"), pct=pct)
