"""The hint on the play screen: a "Hint" button (H, a controller's right stick pressed, or a
click), the expert thinking off the frame loop with a "thinking" indicator, then its move drawn
on the board with the points it is expected to bring (the sheet's worth in Railroad Ink, the
expected final score in Metro and Metromania), until the player's position changes.

With several local players (split screen) a board may place the label in the asking player's
own pane (``hint_label_place``); it then starts with the player's name.

The hint is computed for the asking seat's own view (``match.view(seat)``: nothing hidden),
by ``hint_bot.HintBot`` in a ``BotWorker`` (a helper process). Every hint asked counts
(``used``): the results screen shows how many the game took. At a LAN table hints are allowed
too, and counted the same way.
"""

from __future__ import annotations

import pygame

from game.client import fonts, frame_pacing, gfx, theme, widgets
from game.client.bot_worker import BotWorker
from game.client.coach.highlight import draw_move
from game.client.coach.hint_bot import Hint, HintBot, can_hint, points_meaning
from game.client.games import kit
from game.client.input import accepts
from game.client.seats import SeatKind
from game.client.text import t

BUTTON_SIZE = (108, 32)
LABEL_MAX = 400     # the label sits left of the button, clear of the centred header
SECOND_LINE = 2     # extra height of a two-line label (it stays clear of the boards below)


class HintCoach:
    def __init__(self, play) -> None:
        self.play = play
        self.used = 0
        self.worker = BotWorker()
        self.pending = None          # (key, seat) of the hint being thought
        self.shown = None            # (key, seat, Hint)
        self.clock = 0.0
        self.hintable = None         # whether the game has a bot that hints (asked once)

    # -- where ------------------------------------------------------------------------------
    @property
    def match(self):
        return self.play.match

    def button(self) -> pygame.Rect:
        menu = getattr(self.play.board, "menu_button", None)
        w, h = BUTTON_SIZE
        if menu is None:
            return pygame.Rect(1280 - 8 - w, 8, w, h)
        return pygame.Rect(menu.x - 8 - w, menu.y, w, menu.height)

    def offered(self) -> bool:
        """The Hint button is there while the game runs and someone plays here (not on a
        table of bots, nor one whose seats all play on phones: their pages have the hint), and
        only for a game with a bot that can hint (its expert level)."""
        board = self.play.board
        if self.hintable is None:
            self.hintable = can_hint(self.match.game.name)
        return self.hintable and not (self.match.is_over() or getattr(board, "read_only", False)
                    or not self.play.human_seats())

    def seat_for(self, device: str):
        """The acting local human seat a device speaks for (None: nobody to hint)."""
        play = self.play
        for seat in self.match.to_act():
            info = self.match.seats[seat]
            if info.kind != SeatKind.HUMAN or play.is_bot(seat) or play.seat_paused(seat):
                continue
            if not accepts(info.device, device):
                continue
            if play.board.secret_information and seat != play.viewer:
                continue
            return seat
        return None

    def position_key(self, seat: int):
        """What the hint depends on: in a simultaneous round the seat's own moves (the
        others' drawings do not change its sheet), else every move."""
        if self.play.board.simultaneous_rounds:
            return (seat, "own", self.play.seat_moves.get(seat, 0))
        return (seat, "seq", self.match.seq)

    # -- input ------------------------------------------------------------------------------
    def handle(self, intent) -> bool:
        """True when the intent was the coach's (asking for a hint)."""
        if not self.offered():
            return False
        if intent.kind == "hint":
            self.ask(intent.device)
            return True
        if intent.kind in ("point", "click") and intent.pos \
                and self.button().collidepoint(intent.pos):
            if intent.kind == "click":
                self.ask(intent.device)
            return True
        return False

    def ask(self, device: str) -> None:
        seat = self.seat_for(device)
        if seat is None:
            self.play.toast(self._not_now(device), "info")
            return
        key = self.position_key(seat)
        if (self.shown and self.shown[0] == key) or (self.pending and self.pending[0] == key):
            return            # that hint is shown (or on its way): asking again is free
        match = self.match
        bot = HintBot(match.game, seat, (match.seed * 31 + seat * 7 + 11) & 0xFFFFFFFF)
        self.worker.request(("hint", id(self), key), bot, match.view(seat))
        self.pending = (key, seat)
        self.shown = None
        self.used += 1

    def _not_now(self, device: str) -> str:
        """Why no hint comes; with several local players, naming the one who asked (the
        player this device belongs to), so the others know it is not about them."""
        humans = self.play.human_seats()
        owner = next((seat for seat in humans
                      if accepts(self.match.seats[seat].device, device)), None)
        if len(humans) > 1 and owner is not None:
            return t("coach.hint_not_now_for", name=self.play.seat_name(owner))
        return t("coach.hint_not_now")

    def cancel(self) -> None:
        self.worker.cancel()
        self.pending = None

    # -- time -------------------------------------------------------------------------------
    def update(self) -> None:
        self.clock = self.play.app.time
        if self.shown is not None and (self.position_key(self.shown[1]) != self.shown[0]
                                       or self.shown[1] not in self.match.to_act()):
            self.shown = None          # the position moved on: the hint is spent
        if self.pending is None:
            return
        key, seat = self.pending
        if self.position_key(seat) != key:
            self.cancel()
            return
        answer = self.worker.poll(("hint", id(self), key))
        if answer is None:
            return
        self.worker.cancel()
        self.pending = None
        kind, value = answer
        if kind == "move" and isinstance(value, Hint):
            self.shown = (key, seat, value)
        else:
            self.play.toast(t("coach.hint_failed"), "bad")

    def thinking(self) -> bool:
        return self.pending is not None

    # -- drawing ----------------------------------------------------------------------------
    def draw(self, surface) -> None:
        if not self.offered():
            return
        self._draw_button(surface)
        if self.shown is None:
            return
        _key, seat, hint = self.shown
        if self.play.board.secret_information and seat != self.play.viewer:
            return
        draw_move(surface, self.play.board, self.match.game.name, seat, hint.move,
                  frame_pacing.pulse_clock(self.play.app))
        self._draw_label(surface, seat, hint)

    def _draw_button(self, surface) -> None:
        rect = self.button()
        hovered = pygame.mouse.get_focused() and rect.collidepoint(self.play.app.mouse_pos())
        theme.rounded_panel(surface, rect, theme.PANEL_HI if hovered else theme.PANEL, 10,
                            theme.ACCENT if self.thinking() else theme.PANEL_EDGE, 1)
        if self.thinking():
            dots = "." * (1 + int(self.clock * 3) % 3)
            label = t("coach.thinking") + dots
        else:
            label = t("coach.hint_button", button=self.key_name())
        fonts.blit_in(surface, label, 17, theme.ACCENT if self.thinking() else theme.TEXT,
                      rect, "semibold", inset=4, name="hint button")

    def key_name(self) -> str:
        """The button bound to "hint" on the asking device (rebinding shows here too)."""
        device = self.play.hint_device()
        if device.startswith("pad"):
            return widgets.pad_glyph(device, "hint") or t("coach.key_pad")
        return widgets.glyph_text("keyboard", "hint")

    def hint_lines(self, hint: Hint) -> list[str]:
        """The label's words: one line, or in Metro and Metromania the move over the
        expected final score (two short lines keep the label clear of the centred header)."""
        label = kit(self.match.game.name).move_label(str(hint.move))
        if hint.points is None:
            return [t("coach.hint_move", move=label)]
        meaning = points_meaning(self.match.game.name, hint.worth)
        if meaning == "sheet":
            return [t("coach.hint_worth", move=label, points=hint.points)]
        if meaning == "final":
            return [t("coach.hint_move", move=label), t("coach.hint_expect", points=hint.points)]
        return [t("coach.hint_gain", move=label, points=f"{hint.points:+d}")]

    def label_left(self) -> int:
        """The left edge of the hint shown beside the Hint button (the button's own left
        edge when none is): the header's room for toasts ends there."""
        if self.shown is None or not self.offered():
            return self.button().x
        _key, seat, hint = self.shown
        if self._label_place(seat) is not None:
            return self.button().x            # the label is in the player's pane
        box, _lines = self._label_box(seat, hint)
        return box.x

    def _label_place(self, seat: int):
        return self.play.board.hint_label_place(seat)

    def _label_box(self, seat: int, hint: Hint) -> tuple[pygame.Rect, list[str]]:
        """Where the hint's label goes and its lines. Beside the Hint button; or, where the
        board gives each player a pane of their own (split screen), in that player's pane
        (``hint_label_place``), led by the player's name: the label says whose hint it is."""
        lines = self.hint_lines(hint)
        place = self._label_place(seat)
        if place is not None:
            lines[0] = t("coach.hint_for", name=self.play.seat_name(seat), hint=lines[0])
        sizes = (19,) if len(lines) == 1 else (17, 14)
        widths = [fonts.render(text, size, theme.TEXT_DARK, "semibold").get_width()
                  for text, size in zip(lines, sizes)]
        width = min(LABEL_MAX, max(widths) + 28)
        button = self.button()
        box = pygame.Rect(0, 0, width, button.height + SECOND_LINE * (len(lines) - 1))
        if place is not None:
            box.size = (min(max(widths) + 28, place.width), min(box.height, place.height))
            box.topleft = place.topleft
        else:
            box.topright = (button.x - 8, button.y)
        return box, lines

    def _draw_label(self, surface, seat: int, hint: Hint) -> None:
        box, lines = self._label_box(seat, hint)
        gfx.rect(surface, theme.ACCENT, box, border_radius=10)
        if len(lines) == 1:
            fonts.blit_in(surface, lines[0], 19, theme.TEXT_DARK, box, "semibold", inset=10,
                          name="hint label")
            return
        top = pygame.Rect(box.x, box.y + 2, box.width, 22)
        fonts.blit_in(surface, lines[0], 17, theme.TEXT_DARK, top, "semibold", inset=10,
                      name="hint label")
        under = pygame.Rect(box.x, top.bottom - 1, box.width, box.bottom - top.bottom - 1)
        fonts.blit_in(surface, lines[1], 14, theme.TEXT_DARK, under, "semibold", inset=10,
                      name="hint points")
