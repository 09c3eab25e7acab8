"""Plays a lesson to its end through the input layer, as a player would: by mouse alone,
keyboard alone or controller alone. For every step it asks the lesson for a move the step
accepts (``script.example_move``) and makes that move with the device's own presses —
picking the die or tile, walking the cursor, turning the piece, clicking the square or the
button — reading the board's public state to know when it is there."""

from __future__ import annotations

import pygame

from game.client.screens.tutorial_play import LEARNER
from game.client.tutorial.script import Guide, example_move
from tests.test_client_support import VIRTUAL_PAD, click, frames, key, pad_added, pad_button

KEYS = {"confirm": pygame.K_RETURN, "next": pygame.K_TAB, "rotate": pygame.K_r,
        "aux": pygame.K_c,
        "alt": pygame.K_x, "cancel": pygame.K_ESCAPE, "menu": pygame.K_p}
PAD = {"confirm": 0, "cancel": 1, "alt": 2, "rotate": 3, "prev": 4, "next": 5, "aux": 6,
       "menu": 7}
PAD_DPAD = {(0, -1): 11, (0, 1): 12, (-1, 0): 13, (1, 0): 14}
ARROWS = {(0, -1): pygame.K_UP, (0, 1): pygame.K_DOWN, (-1, 0): pygame.K_LEFT,
          (1, 0): pygame.K_RIGHT}


class Driver:
    def __init__(self, app, device: str) -> None:
        self.app = app
        self.device = device        # "mouse", "keyboard" or "pad"
        if device == "pad":
            pad_added(app)

    def press(self, action: str) -> None:
        if self.device == "pad":
            pad_button(self.app, PAD[action])
        else:
            key(self.app, KEYS[action])

    def step_dir(self, dx: int, dy: int) -> None:
        if self.device == "pad":
            pad_button(self.app, PAD_DPAD[(dx, dy)])
        else:
            key(self.app, ARROWS[(dx, dy)])

    def click(self, rect) -> None:
        click(self.app, pygame.Rect(rect).center)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pygame.Rect(rect).center,
                                             button=1))
        frames(self.app, 1)

    # -- one lesson ---------------------------------------------------------------------------
    def play_lesson(self, screen, stop_at: int | None = None, shots=None) -> list[str]:
        """Drive ``screen`` (a TutorialScreen on top) until the lesson is over (or its step
        index reaches ``stop_at``); the names of the steps seen, in order."""
        seen = []
        for _ in range(600):
            if screen.free or (stop_at is not None and screen.guide.index >= stop_at):
                return seen
            step = screen.step
            match = screen.match
            if not step.reads and (LEARNER not in match.to_act() or screen.board.busy()):
                frames(self.app, 5)        # a bot's turn, a meteor flying
                continue
            if not seen or seen[-1] != step.name:
                seen.append(step.name)
                if shots is not None:
                    frames(self.app, 2)
                    shots(screen, step)
            if step.reads:
                if self.device == "mouse":
                    self.click(screen.continue_rect())
                else:
                    self.press("confirm")
                continue
            move = example_move(match.game, match.state, LEARNER, step)
            assert move is not None, f"{screen.lesson.id}: no move for step {step.name}"
            before = (screen.guide.index, len(match.log))
            by_device = self.board_drivers().get(match.game.name)
            if by_device is not None:
                by_device(screen.board, move)
            else:       # a board this driver cannot work: the move as that board proposes it
                screen.propose(LEARNER, move)
            frames(self.app, 1)
            assert (screen.guide.index, len(match.log)) != before, \
                f"{screen.lesson.id}: {move} was not played by the {self.device} at {step.name}"
        raise AssertionError("the lesson did not end")

    def board_drivers(self) -> dict:
        """The built-in games' boards, worked by each device; a lesson of another game (one
        added in the README's places) is played through the lesson screen's ``propose``, the
        call its board makes, so its lessons are still played to the end."""
        return {"railroad-ink": self.ink_move, "metro": self.metro_move,
                "metromania": self.mania_move}

    # -- Railroad Ink -----------------------------------------------------------------------------
    def ink_move(self, board, move) -> None:
        from game.rules.railroad_ink.faces import FACE_INDEX, SPECIALS
        from game.rules.railroad_ink.moves import Draw, End, IgnoreMeteor, Meteor, Skip
        from game.rules.railroad_ink.orientation import CANONICAL_O

        seat = LEARNER
        ui = board.seat_ui(seat)
        pane = board.pane_of(seat)
        if isinstance(move, (Meteor, IgnoreMeteor)):
            if self.device == "mouse":
                self.click(pane.tray["meteor"])
            else:
                self.press("confirm")
            return
        if isinstance(move, End) or (isinstance(move, Skip) and self.device == "mouse"):
            if self.device == "mouse":
                self.click(pane.tray["buttons"]["end"])
            else:
                self.pick(board, ("end", ""))
                self.press("confirm")
            return
        if isinstance(move, Skip):
            self.pick(board, ("die", move.face))
            self.press("confirm")
            return
        assert isinstance(move, Draw)
        kind = "special" if move.face in SPECIALS else (
            "volcano" if move.face == "volcano" else "die")
        if self.device == "mouse" and kind == "volcano":
            self.click(pane.tray["volcano"])         # the tray's "new volcano" row
        elif self.device == "mouse":
            rects = pane.tray["specials"] if kind == "special" else pane.tray["dice"]
            faces = SPECIALS if kind == "special" else board.state.dice
            self.click(rects[list(faces).index(move.face)])
        else:
            self.pick(board, (kind, move.face))
        canon = CANONICAL_O[FACE_INDEX[move.face]]
        if self.device != "mouse":
            self.walk(lambda: ui.cursor, [move.cell % 7, move.cell // 7])
        target = canon[move.o]
        for turn in range(9):
            if canon[ui.o] == target:
                break
            if self.device == "mouse":
                button = "mirror" if turn == 4 else "rotate"
                self.click(pane.tray["buttons"][button])
            else:
                self.press("alt" if turn == 4 else "rotate")
        assert canon[ui.o] == target
        if self.device == "mouse":
            self.click(pane.geom.cell_rect(move.cell))
        else:
            self.press("confirm")

    def pick(self, board, piece) -> None:
        for _ in range(20):
            if board.picked(LEARNER) == piece:
                return
            self.press("next")
        raise AssertionError(f"could not pick {piece}")

    def walk(self, where, target) -> None:
        for _ in range(40):
            here = list(where())
            if here == list(target):
                return
            dx = (target[0] > here[0]) - (target[0] < here[0])
            dy = (target[1] > here[1]) - (target[1] < here[1]) if not dx else 0
            self.step_dir(dx, dy)
        raise AssertionError(f"the cursor did not reach {target}")

    # -- Metro ------------------------------------------------------------------------------------
    def metro_move(self, board, move) -> None:
        from game.client.games.metro.geometry import square_rect
        from game.rules.metro.moves import Draw, Place

        seat = LEARNER
        if isinstance(move, Draw):
            if self.device == "mouse":
                self.click(board.button_rect("draw", seat))
            else:
                self.press("alt")
            return
        assert isinstance(move, Place)
        if self.device == "mouse":
            self.click(square_rect(move.square))
            return
        for _ in range(4):
            if board.current_tile(seat) == move.tile:
                break
            self.press("next")
        self.walk_metro(board, move.square)
        self.press("confirm")

    def walk_metro(self, board, square: int) -> None:
        target = [square % 8, square // 8]
        frames(self.app, 1)
        for _ in range(60):
            here = board.cursor.get(LEARNER)
            if here is None:
                self.step_dir(1, 0)
                continue
            if list(here) == target:
                return
            dx = (target[0] > here[0]) - (target[0] < here[0])
            dy = (target[1] > here[1]) - (target[1] < here[1]) if not dx else 0
            self.step_dir(dx, dy)
        raise AssertionError(f"the cursor did not reach {target}")

    # -- Metromania -------------------------------------------------------------------------------
    def mania_move(self, board, move) -> None:
        from game.client.games.metromania import geometry as geo
        from game.rules.metromania.moves import Bonus, Dig, Pass, Station

        seat = LEARNER
        draft = board.draft(seat)
        if isinstance(move, Dig):
            for tunnel in move.tunnels:
                self.mania_line(board, tunnel.line)
                key = (tunnel.space, tunnel.edge)
                if self.device == "mouse":
                    self.click_at(geo.tunnel_anchor(*key))
                else:
                    for _ in range(len(board.candidates(seat)) + 2):
                        if board.draft(seat).cursor == key:
                            break
                        self.step_dir(1, 0)
                    assert board.draft(seat).cursor == key, "the cursor did not reach the tunnel"
                    self.press("confirm")
                draft = board.draft(seat)
                if draft.chooser is not None:
                    index = draft.chooser.index(tunnel)
                    if self.device == "mouse":
                        self.click(board.chooser_rects(len(draft.chooser))[index])
                    else:
                        while board.draft(seat).choice != index:
                            self.step_dir(1, 0)
                        self.press("confirm")
                assert board.draft(seat).tunnels[-1] == tunnel, f"{tunnel} was not picked"
            if self.device == "mouse":
                self.click(self.mania_button(board, "confirm"))
            else:
                self.press("aux")
            return
        if isinstance(move, (Station, Bonus)) and move.point >= 0:
            if not isinstance(move, Bonus):
                self.mania_line(board, move.line)
                if board.draft(seat).mode != "station":
                    if self.device == "mouse":
                        self.click(self.mania_button(board, "station"))
                    else:
                        self.press("alt")
            if self.device == "mouse":
                self.click_at(geo.POINT_XY[move.point])
                return
            targets = board.station_targets(seat)
            for _ in range(len(targets) + 2):
                if board.draft(seat).cursor == move.point:
                    break
                self.step_dir(1, 0)
            self.press("confirm")
            return
        if isinstance(move, Bonus):
            if self.device == "mouse":
                self.click(self.mania_button(board, "refuse"))
            else:
                self.press("alt")
            return
        assert isinstance(move, Pass)
        if self.device == "mouse":
            self.click(self.mania_button(board, "pass"))
        else:
            self.press("aux")

    def mania_line(self, board, line: int) -> None:
        if board.bonus_pending(LEARNER) or board.draft(LEARNER).line == line:
            return
        if self.device == "mouse":
            self.click(self.mania_button(board, f"line{line}"))
        else:
            self.press("next")
        assert board.draft(LEARNER).line == line

    @staticmethod
    def mania_button(board, name: str):
        for action, rect, _enabled in board.buttons(LEARNER):
            if action == name:
                return rect
        raise AssertionError(f"no {name} button")

    def click_at(self, xy) -> None:
        self.click(pygame.Rect(int(xy[0]) - 1, int(xy[1]) - 1, 3, 3))


def play_through(lesson) -> list[tuple]:
    """The lesson played by the rules alone, as the device drivers play it (each step's example
    move, the bots seeded as the play screen seeds them): (lesson, step index, moves so far) at
    every step reached."""
    from game.bots.base import make_bot
    from game.match import Match
    from game.rules import get_game

    game = get_game(lesson.game)
    match = Match.new(game, lesson.config(game), lesson.seed, lesson.seats("P", ["Robo"]))
    bots = {seat: make_bot(game, seat, level, (lesson.seed * 7919 + seat) & 0xFFFFFFFF)
            for seat, level in enumerate(lesson.bots, start=1)}
    guide = Guide(lesson)
    guide.settle(game, match.state, LEARNER)
    out, last = [], None
    for _ in range(600):
        if guide.finished:
            return out
        if guide.index != last:
            out.append((lesson, guide.index, [(e.seat, e.move) for e in match.log]))
            last = guide.index
        step = guide.step
        if step.reads:
            guide.read(game, match.state, LEARNER)
            continue
        if LEARNER not in match.to_act():
            seat = match.to_act()[0]
            match.apply(seat, bots[seat].choose(match.view(seat)))
            guide.settle(game, match.state, LEARNER)
            continue
        move = example_move(game, match.state, LEARNER, step)
        how = guide.accepts(game, match.state, LEARNER, move)
        match.apply(LEARNER, move)
        guide.moved(game, match.state, LEARNER, how)
    raise AssertionError(f"{lesson.id} did not end")
