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
* ``draw(surface)`` paints; it never changes the match.
* ``results_screen(history, setup)`` — the screen that follows the game (default: the shared
  results screen with the score chart).
"""

from __future__ import annotations


class BoardView:
    # hands or cards are secret: hotseat needs a "pass to <name>" screen between humans
    secret_information = True

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

    def draw(self, surface) -> None:
        pass

    def hints(self, seat) -> list[tuple[str, str]]:
        return []

    def results_screen(self, history, setup):
        """The screen shown when the game is over (a game may bring its own breakdown)."""
        from game.client.screens.results import ResultsScreen

        return ResultsScreen(self.app, self.match, history, setup)
