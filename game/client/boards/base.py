"""What a game board plugs into the generic play screen.

The play screen (``screens/play.py``) owns the match, the bots, seat/device routing, hotseat
passing, pausing and the end of the game. A board only draws the state and turns one seat's
intents into a proposed move:

* ``handle(intent, seat)`` — ``seat`` is the acting human seat whose device sent the intent
  (or None for a device without an acting seat). Return a move to propose, ``True`` if the
  intent was used, or ``None`` if not (the play screen then treats ``cancel`` as "pause").
  Several seats may call in the same frame (Railroad Ink split screen): keep per-seat cursors.
* ``on_applied(seat, move, events)`` / ``on_refused(seat, move, exc)`` start animations.
* ``busy()`` — an animation the bots and the results screen should wait for.
* ``animating()`` — the picture changes by itself (``busy()``, and shorter things: a flash,
  a fading glow); the client sleeps on a human's turn only while it is False. Pulses read
  ``frame_pacing.pulse_clock(app)``, which rests when the player does; ``next_change()``
  names the next change of a still board (a long ranking's page).
* ``draw(surface)`` paints; it never changes the match.

(The results that follow a game come from the game's kit: ``GameKit.results_panel``.)

Every board has a "Menu" button (``menu_button``, drawn with ``draw_menu_button``); a point or
click on it never reaches the board's ``handle``: the play screen asks ``menu_button_intent``
first, and a click opens the pause menu.
"""

from __future__ import annotations

import pygame

from game.client import fonts, theme
from game.client.text import t


class BoardView:
    # hands or cards are secret: hotseat needs a "pass to <name>" screen between humans
    secret_information = True
    # how many local humans the board can give a place of their own (None: any number, as
    # hotseat passes one screen around); table setup and ``run.py play`` keep to it
    max_local_humans: int | None = None
    # where the board draws its "Menu" button (each board module's MENU_BUTTON) and its size
    menu_button: pygame.Rect | None = None
    menu_font_size = 20
    # the seats of a round act at the same time (Railroad Ink): each bot's request is keyed
    # by its own moves, so the others' moves never restart it
    simultaneous_rounds = False

    def __init__(self, app, play) -> None:
        self.app = app
        self.play = play          # the PlayScreen: match, seat names, colours, viewer

    @property
    def match(self):
        return self.play.match

    @property
    def read_only(self) -> bool:
        """Shown by the replay viewer: nobody acts here, so no cursor, legal cells, enabled
        buttons or "your turn" — only what was played."""
        return bool(getattr(self.play, "setup", None) and self.play.setup.get("replay"))

    def set_viewer(self, seat) -> None:
        pass

    def turn_line(self, seat: int, own_key: str | None = None) -> str:
        """The header's words for ``seat``'s turn: watched in the replay viewer, a bot's, or
        a human's (``own_key``: the game's own wording of this turn, with ``{name}``)."""
        name = self.play.seat_name(seat)
        if self.read_only:
            return t("mania.watching", name=name)      # "<name> is playing"
        if self.play.is_bot(seat):
            return self.play.others_turn_line(seat)
        return t(own_key or "play.your_turn", name=name)

    def toast_avoid(self) -> list:
        """Rects the shell's toasts should not cover on this board (they slide aside or
        narrow into a free margin when they can). Default: none, the toasts' place above the
        hint bar is clear."""
        return []

    def hint_label_place(self, seat):
        """Where the coach labels a hint for ``seat`` when each local player has a part of
        the screen of their own (the label then names the player); None: beside the Hint
        button."""
        return None

    def toast_lane(self):
        """A rect kept free for toasts when ``toast_avoid`` covers every other place (None:
        the board needs none)."""
        return None

    def menu_button_intent(self, intent) -> bool:
        """True when ``intent`` points at or clicks the Menu button (used: a click opens the
        pause menu); the board's own cursor then ignores it."""
        rect = self.menu_button
        if rect is None or intent.kind not in ("point", "click") or not intent.pos \
                or not rect.collidepoint(intent.pos):
            return False
        if intent.kind == "click":
            self.play.open_pause()
        return True

    def draw_menu_button(self, surface) -> None:
        rect = self.menu_button
        if rect is None:
            return
        hovered = pygame.mouse.get_focused() and rect.collidepoint(self.app.mouse_pos())
        theme.rounded_panel(surface, rect, theme.PANEL_HI if hovered else theme.PANEL, 10,
                            theme.PANEL_EDGE, 1)
        fonts.blit_in(surface, t("common.menu"), self.menu_font_size, theme.TEXT, rect,
                      "semibold", inset=4, name="menu button")

    def handle(self, intent, seat):
        return None

    def on_applied(self, seat, move, events) -> None:
        pass

    def on_refused(self, seat, move, exc) -> None:
        pass

    def update(self, dt: float) -> None:
        pass

    def busy(self) -> bool:
        return False

    def animating(self) -> bool:
        return self.busy()

    def next_change(self) -> float | None:
        return None

    def draw(self, surface) -> None:
        pass

    def hints(self, seat) -> list[tuple[str, str]]:
        return []
