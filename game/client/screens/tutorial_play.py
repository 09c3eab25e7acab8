"""A lesson played over the real board: the generic play screen with a coach.

The board draws and turns input into moves exactly as in a game; this screen stands between
the board and the match: a move the current step does not ask for is refused with the step's
reason (and nothing changes), an accepted one is applied through the match as usual. Steps to
read take confirm (or a click) and nothing else. Every step reached and every move applied is
kept (``progress``), so leaving through the pause menu and coming back picks the lesson up
where it stopped. After the last step the game is the player's: no more coaching."""

from __future__ import annotations

import pygame

from game.client import frame_pacing
from game.client.screens.play import PlayScreen
from game.client.text import has, t
from game.client.tutorial import coach
from game.client.tutorial.panel_spot import PanelSpot, asked_and_rest, toast_clear
from game.client.tutorial.script import Guide, waiting as step_waits
from game.match import Match
from game.rules import get_game
from game.rules.core import IllegalMove, NotationError

LEARNER = 0


def build_match(lesson, saved: dict | None, learner: str = ""):
    """The lesson's fixed deal, with the saved moves replayed; (match, step index, restored).
    A saved log that no longer replays (a changed lesson, a hand-edited file) starts over."""
    game = get_game(lesson.game)
    config = lesson.config(game)
    seats = lesson.seats(learner or t("common.player_n", n=1), [t("tutorial.common.bot")])
    if saved and saved["step"] < len(lesson.steps):
        try:
            match = Match.from_log(game, config, lesson.seed, saved["moves"], seats)
            return match, saved["step"], True
        except (IllegalMove, NotationError, ValueError, KeyError, TypeError, IndexError):
            pass
    return Match.new(game, config, lesson.seed, seats), 0, False


class TutorialScreen(PlayScreen):
    def __init__(self, app, lesson, progress, fresh: bool = False) -> None:
        saved = None if fresh else progress.get(lesson.id)
        names = app.settings["player_names"]
        learner = names[0] if names and isinstance(names[0], str) else ""
        match, index, restored = build_match(lesson, saved, learner)
        super().__init__(app, match, {"autosave": False, "tutorial": lesson.id,
                                      "game": lesson.game})
        self.lesson = lesson
        self.progress = progress
        self.guide = Guide(lesson, index)
        self.guide.settle(match.game, match.state, LEARNER)
        self.refusal: str | None = None
        self._waiting: tuple = (None, False)
        self.spot = PanelSpot(lesson)
        self.restored = restored
        self.free = self.guide.finished
        self.keep()

    # -- the lesson -----------------------------------------------------------------------
    @property
    def step(self):
        return None if self.free else self.guide.step

    def waiting(self) -> bool:
        """The step cannot be done with this position yet (asked once per position: the
        legal moves of a Metromania turn are many)."""
        step = self.step
        if step is None or step.reads or LEARNER not in self.match.to_act():
            return False
        key = (len(self.match.log), self.guide.index)
        if self._waiting[0] != key:
            self._waiting = (key, step_waits(self.match.game, self.match.state, LEARNER, step))
        return self._waiting[1]

    def step_text(self) -> str:
        step = self.step
        if step is None:
            return ""
        text = t(self.lesson.key(step))
        if self.waiting():
            text += "\n" + t(self.lesson.key(step, "wait"))
        return text

    def refusal_text(self) -> str:
        step = self.step
        if step is None:
            return ""
        if step.reads:
            return t("tutorial.common.read_first")
        key = self.lesson.key(step, "why")
        return t(key) if has(key) else t("tutorial.common.not_now")

    def keep(self) -> None:
        moves = [(entry.seat, entry.move) for entry in self.match.log if entry.seat is not None]
        self.progress.record(self.lesson.id, self.guide.index, moves,
                             done=self.guide.finished)

    def read(self) -> None:
        self.guide.read(self.match.game, self.match.state, LEARNER)
        self.refusal = None
        self.app.sound.play("click")
        if self.guide.finished:
            self.free = True
            self.toast(t("tutorial.common.yours"), "good")
        self.keep()

    def refuse(self, text: str) -> None:
        self.refusal = text
        self.toast(text, "bad")
        self.app.sound.play("illegal")

    # -- input ------------------------------------------------------------------------------
    def handle(self, intent) -> None:
        step = self.step
        if step is None or not step.reads or intent.kind in ("menu", "device_added",
                                                              "device_removed"):
            super().handle(intent)
            return
        if self.board.menu_button_intent(intent):
            return
        if intent.kind == "confirm":
            self.read()
        elif intent.kind == "click" and intent.pos is not None:
            if self.continue_rect().collidepoint(intent.pos):
                self.read()
            else:
                self.refuse(t("tutorial.common.read_first"))
        elif intent.kind == "cancel":
            self.open_pause()

    def propose(self, seat: int, move) -> bool:
        if self.free or seat != LEARNER:
            return super().propose(seat, move)
        game, state = self.match.game, self.match.state
        how = None if self.step is None or self.step.reads \
            else self.guide.accepts(game, state, seat, move)
        if how is None:
            undo = str(move) == "undo"       # Railroad Ink's take-back: not in a lesson
            own = self.step.explain(game, state, seat, move) \
                if self.step is not None and self.step.explain is not None else None
            self.refuse(t("tutorial.common.no_undo") if undo else own or self.refusal_text())
            return False
        if not super().propose(seat, move):
            return False
        self.refusal = None
        self.guide.moved(game, self.match.state, seat, how)
        if self.guide.finished:
            self.free = True
        self.keep()
        return True

    def after_move(self, seat: int, move, events) -> None:
        super().after_move(seat, move, events)
        if seat != LEARNER:
            self.guide.settle(self.match.game, self.match.state, LEARNER)
            self.keep()

    # -- drawing ------------------------------------------------------------------------------
    def marks(self) -> list:
        step = self.step
        if step is None or step.marks is None or self.board.busy() \
                or LEARNER not in self.match.to_act():
            return []
        return step.marks(self.board, LEARNER)

    def asked(self) -> tuple[list, list]:
        """(what the coach's panel must leave uncovered now, the board's other places)."""
        return asked_and_rest(self, self.step, self.marks())

    def panel_rect(self) -> pygame.Rect:
        """Where the coach's panel is for the current step (clear of what it asks for)."""
        step = self.step
        if step is None:
            return pygame.Rect(self.lesson.panel)
        hard, soft = self.asked()
        return self.spot.update(self.guide.index, hard, soft, self.step_text(), step.reads,
                                self.refusal, len(self.lesson.steps))

    def continue_rect(self) -> pygame.Rect:
        return coach.button_rect(self.panel_rect())

    def draw(self, surface) -> None:
        super().draw(surface)
        if self.free:
            return
        coach.draw_marks(surface, self.marks(), frame_pacing.pulse_clock(self.app))
        step = self.step
        panel = self.panel_rect()
        hovered = bool(pygame.mouse.get_focused()) and coach.button_rect(
            panel).collidepoint(self.app.mouse_pos())
        coach.draw_panel(surface, panel, self.guide.index + 1, len(self.lesson.steps),
                         self.step_text(), bool(step and step.reads), self.refusal, hovered)

    def toast_avoid(self) -> list:
        """Toasts (a new round, a refusal) leave the coach's panel readable and what the
        step asks for (its glowing places, the controls it names) in sight."""
        if self.free:
            return super().toast_avoid()
        clear = toast_clear(self, self.step, self.marks()) if self.step else []
        return super().toast_avoid() + [self.panel_rect()] + clear

    def hints(self):
        step = self.step
        if step is not None and step.reads:
            return [("confirm", t("tutorial.common.continue")), ("menu", t("hint.menu"))]
        return super().hints()
