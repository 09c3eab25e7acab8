"""The generic play screen: drives a ``Match`` with a game's board plugged in.

It owns what every game shares: which seat a device speaks for, bots (computed off the frame
loop, applied after a short visible delay), hotseat passing when information is secret,
pausing a seat whose controller was unplugged, the pause menu, the score history for the
results chart, and moving on to the results screen. Moves are applied only through the match.
"""

from __future__ import annotations

import pygame

from game.bots.base import make_bot
from game.client import frame_pacing, navigation, theme
from game.client.bot_ahead import LookAhead
from game.client.bot_worker import BotWorker, prepare_helpers
from game.client.coach.hint import HintCoach
from game.client.games import kit
from game.client.input import accepts, ordered_devices, seat_devices
from game.client.save_info import attach_autosave
from game.client.screens.base import Screen
from game.client.screens.pass_device import PassDeviceScreen
from game.client.seats import PHONE, SeatKind
from game.client.text import has, illegal, t
from game.rules.core import IllegalMove


BOT_MOVES_PER_FRAME = 3      # see PlayScreen.update

class PlayScreen(Screen):
    def __init__(self, app, match, setup: dict | None = None) -> None:
        super().__init__(app)
        self.match = match
        self.setup = setup or {}
        self.landing_budget = BOT_MOVES_PER_FRAME
        self.kit = kit(match.game.name)      # this game's client parts (boards, lessons...)
        self.board = self.kit.board(app, self)
        self.workers: dict[int, BotWorker] = {}   # one per bot seat: bots of a round think at once
        self.ahead = LookAhead()                   # their next moves, thought while one is shown
        self.bots = {}
        for seat, info in enumerate(match.seats):
            if info.kind == SeatKind.BOT:
                self.bots[seat] = make_bot(match.game, seat, info.level or "random",
                                           (match.seed * 7919 + seat) & 0xFFFFFFFF)
        # bots that load something once per process (compiled code) have their helpers load
        # it while the table opens, not inside their first decision
        prepare_helpers(self.bots.values(),
                        len(self.bots) if self.board.simultaneous_rounds else 1)
        self.scores_known = None     # (match, seq, its scores): see ``match_scores``
        self.history: list[list[int]] = [list(self.match_scores()["scores"])]
        self.viewer = None
        self.turn_started = 0.0
        self.seat_since: dict[int, float] = {}   # when each acting seat's position last changed
        self.seat_moves: dict[int, int] = {}     # moves applied per seat (a simultaneous
        #                                          round's bot request is keyed by its own)
        self.over_since = None
        # a move landed in this frame: the next bot is asked for its move in the next frame
        # (its view and the request cost up to a millisecond in a frame that already applies
        # the move and paints it; issue 30, the Metromania landing frame)
        self.hold_requests = False
        # the frame the game's last move landed in: the autosave's end record and the file's
        # move to the replays (1.4 ms) follow in the next frame; the move is on file at once
        self.tell_pending: int | None = None
        self.passing_to = None
        self.last_turn_key = None
        humans = self.human_seats()
        # hotseat with secret hands: nobody's hand is shown until the player to act has
        # passed "Pass to <name>" (anyone may be looking: whoever set the table up, a new
        # game or one opened part-way alike). One human, or no secret, opens on that hand.
        self.viewer = humans[0] if humans and not self.passing_needed() else None
        self.board.set_viewer(self.viewer)
        # every confirmed move of a local table is on disk (LAN tables: the net layer's logs)

        self.autosaver = attach_autosave(match, self.setup)
        if self.autosaver is not None:
            self.autosaver.hold_finish = True      # its end record a frame later (issue 30)
        self.coach = HintCoach(self)     # the expert's hint on request (game.client.coach)

    # -- seats ------------------------------------------------------------------------------
    def human_seats(self) -> list[int]:
        """The humans at this screen (a phone seat's player has a screen of their own)."""
        return [s for s, info in enumerate(self.match.seats)
                if info.kind == SeatKind.HUMAN and not self.on_phone(s)]

    def on_phone(self, seat: int) -> bool:
        """A seat a guest plays on their phone (issue 27; served by ``served_phones``): it is
        never played at this screen, its hand is never drawn here and nobody passes the
        screen to it, like a remote player's."""
        info = self.match.seats[seat] if 0 <= seat < len(self.match.seats) else None
        return info is not None and info.kind == SeatKind.HUMAN and info.device == PHONE

    def passing_needed(self) -> bool:
        """Several humans share one screen and hands are secret: the device is passed."""
        return bool(self.board.secret_information) and len(self.human_seats()) > 1

    def is_bot(self, seat: int) -> bool:
        """Played by something other than a person at this screen (its turn is worded by
        ``others_turn_line``)."""
        return seat in self.bots or self.on_phone(seat)

    def others_turn_line(self, seat: int) -> str:
        """The header while a seat not played here acts ("Robo is thinking…")."""
        return t("play.bot_turn", name=self.seat_name(seat))

    def seat_name(self, seat: int) -> str:
        if 0 <= seat < len(self.match.seats) and self.match.seats[seat].name:
            return self.match.seats[seat].name
        return t("common.player_n", n=seat + 1)

    def seat_colour(self, seat: int):
        info = self.match.seats[seat] if seat < len(self.match.seats) else None
        index = info.colour if info is not None and info.colour >= 0 else seat
        return theme.colour(index)

    def seat_shape(self, seat: int) -> int:
        info = self.match.seats[seat] if seat < len(self.match.seats) else None
        return info.colour if info is not None and info.colour >= 0 else seat

    def colour_key(self) -> tuple:
        return tuple(info.colour for info in self.match.seats)

    def seat_paused(self, seat: int) -> bool:
        """A human seat whose controller is unplugged waits until a controller is back."""
        info = self.match.seats[seat]
        if info.kind != SeatKind.HUMAN or self.on_phone(seat):
            return False
        return any(not self.app.input.is_connected(d) for d in seat_devices(info.device))

    def seat_status(self, seat: int) -> str:
        info = self.match.seats[seat]
        if self.seat_paused(seat):
            return t("play.unplugged", pad=self.app.pad_label(info.device)) + " !"
        if info.kind == SeatKind.BOT:
            if seat in self.match.to_act() and not self.match.is_over():
                dots = "." * (1 + int(self.app.time * 3) % 3)
                return t("play.thinking") + dots
            key = f"level.{info.level}"
            return t("play.bot", level=t(key) if has(key) else info.level)
        return self.device_label(info.device)

    def device_label(self, binding: str) -> str:
        parts = [self.app.pad_label(d) for d in ordered_devices(binding)]
        return " + ".join(parts) if parts else t("device.any")

    def active_human(self):
        """The acting human seat the screen is showing (None: a bot's turn or game over).
        Without secret information (split screen) the first acting human seat."""
        for seat in self.match.to_act():
            if seat in self.bots or self.on_phone(seat):
                continue
            if seat == self.viewer or not self.board.secret_information:
                return seat
        return None

    def toast(self, text: str, kind: str = "info") -> None:
        self.app.toasts.show(text, kind)

    # -- stack hooks --------------------------------------------------------------------------
    def enter(self) -> None:
        self.turn_started = self.app.time
        self.app.input.text_mode = False

    @property
    def worker(self) -> BotWorker:
        """The first bot seat's worker (what a screen with one bot seat uses)."""
        return self.worker_for(min(self.bots) if self.bots else 0)

    def worker_for(self, seat: int) -> BotWorker:
        if seat not in self.workers:
            self.workers[seat] = BotWorker()
        return self.workers[seat]

    def leave(self) -> None:
        self.tell_listeners(leaving=True)
        for worker in self.workers.values():
            worker.cancel()
        self.coach.cancel()
        self.ahead.drop()
        if self.autosaver is not None:
            # the screen is left through the menus (Quit to title, Quit, the window closed):
            # the game stays in Load / Replays but is no crash for the next launch to offer
            self.autosaver.leave(self.match)

    def open_pause(self) -> None:
        PauseScreen = navigation.get("PauseScreen")
        self.app.push(PauseScreen(self.app, self))

    # -- input ------------------------------------------------------------------------------
    def handle(self, intent) -> None:
        if intent.kind in ("device_added", "device_removed"):
            for seat, info in enumerate(self.match.seats):
                if info.kind == SeatKind.HUMAN and intent.device in seat_devices(info.device):
                    key = "play.seat_resumed" if intent.kind == "device_added" else "play.seat_paused"
                    self.toast(t(key, name=self.seat_name(seat)),
                               "good" if intent.kind == "device_added" else "bad")
            return
        if intent.kind == "menu":
            self.open_pause()
            return
        if self.board.menu_button_intent(intent):
            return       # the board's Menu button: before any seat's cursor sees the pointer
        if self.coach.handle(intent):
            return       # the Hint key/button, and a click on the shown hint
        used = False
        for seat in self.match.to_act():
            info = self.match.seats[seat]
            if info.kind != SeatKind.HUMAN or not accepts(info.device, intent.device):
                continue
            if self.seat_paused(seat):
                # Any other device of the room may take over an unplugged seat with confirm.
                continue
            if self.board.secret_information and seat != self.viewer:
                continue   # hotseat: only the player who passed the privacy screen acts
            result = self.board.handle(intent, seat)
            if result is None:
                continue
            used = True
            if result is not True:
                self.propose(seat, result)
        if not used:
            result = self.board.handle(intent, None)
            if result is None and intent.kind == "cancel":
                self.open_pause()
            elif result is None and intent.kind == "confirm":
                self._maybe_take_over(intent.device)

    def _maybe_take_over(self, device: str) -> None:
        """Confirm on another device gives an unplugged seat that device (no dead end)."""
        for seat in self.match.to_act():
            if seat in self.bots or not self.seat_paused(seat):
                continue
            info = self.match.seats[seat]
            info.device = "mouse+keyboard" if device in ("mouse", "keyboard") else device
            self.toast(t("play.seat_rebound", name=self.seat_name(seat),
                         device=self.device_label(info.device)), "good")
            return

    # -- moves ------------------------------------------------------------------------------
    def propose(self, seat: int, move) -> bool:
        try:
            events = self.match.apply(seat, move)
        except IllegalMove as exc:
            self.toast(illegal(exc, self.match.game.name), "bad")
            self.app.sound.play("illegal")
            self.board.on_refused(seat, move, exc)
            return False
        if self.match.is_over():
            self.tell_pending = self.app.frame     # see ``tell_listeners``
        self.after_move(seat, move, events)
        return True

    def tell_listeners(self, leaving: bool = False) -> None:
        """The autosave's end record of the game's last move, held back from the frame the
        move landed in (``tell_pending``; the move itself is in the file at once): in the next
        frame, or when the screen is left."""
        saver = self.autosaver
        if saver is None or not saver.finish_due:
            return
        if leaving or self.tell_pending != self.app.frame:    # (a move from elsewhere: now)
            self.tell_pending = None
            saver.finish_held(self.match)
            if saver.error:
                self.toast(t("saves.autosave_failed", reason=saver.error), "bad")

    def match_scores(self) -> dict:
        """The match's scores as they stand, reckoned once a move: a finished game's final
        scoring (every trip of every player in Metromania) is asked in the frame of the last
        move by the score history and by the board's results (issue 30: that frame)."""
        known = self.scores_known
        if known is None or known[0] is not self.match or known[1] != self.match.seq:
            known = self.scores_known = (self.match, self.match.seq, self.match.scores())
        return known[2]

    def after_move(self, seat: int, move, events) -> None:
        self.history.append(list(self.match_scores()["scores"]))
        self.app.sound.play("place")
        self.board.on_applied(seat, move, events)
        self.turn_started = self.app.time
        self.hold_requests = True
        self.seat_since[seat] = self.app.time
        self.seat_moves[seat] = self.seat_moves.get(seat, 0) + 1
        if self.autosaver is not None and self.autosaver.error:
            self.toast(t("saves.autosave_failed", reason=self.autosaver.error), "bad")

    # -- time -------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.tell_listeners()
        self.board.update(dt)
        match = self.match
        if match.is_over():
            if self.over_since is None:
                self.over_since = self.app.time
            if not self.board.busy() and self.app.time - self.over_since > 1.0:
                self.app.replace(self.results_screen())
            return
        self.coach.update()
        acting = match.to_act()
        turn_key = (match.seq, acting)
        if turn_key != self.last_turn_key:
            previous = self.last_turn_key[1] if self.last_turn_key else ()
            for seat in acting:
                if seat not in previous:
                    self.seat_since[seat] = self.app.time   # its turn (or round) begins now
            self.last_turn_key = turn_key
            self._turn_changed(acting)
        # Every acting bot thinks at once, each in its own worker (several in a Railroad Ink
        # round, computed in parallel by the helper pool), and each lands its move after its
        # own visible delay: seven bots take about as long as one.
        # At most BOT_MOVES_PER_FRAME bot moves land in one frame (a 32-seat Railroad Ink
        # round starts with 31 bots ready at once); the others land in the next frames, the
        # seats taking turns to be first.
        self.landing_budget = BOT_MOVES_PER_FRAME
        start = self.app.frame % len(acting) if acting else 0
        for seat in acting[start:] + acting[:start]:
            if seat in self.bots:
                self._drive_bot(seat, len(acting) > 1 or self.board.simultaneous_rounds)
        self.hold_requests = False

    def _turn_changed(self, acting) -> None:
        humans = [s for s in acting if s not in self.bots and not self.on_phone(s)]
        if not humans:
            return
        seat = humans[0]
        if seat == self.viewer:
            if not self.passing_needed():
                self.app.sound.play("turn")
            return
        if self.passing_needed():

            self.board.set_viewer(None)
            self.viewer = None
            # the last player's refusals are theirs: the next one should not read them
            self.app.toasts.items = [toast for toast in self.app.toasts.items
                                     if toast.kind != "bad"]
            self.app.push(PassDeviceScreen(self.app, self, seat))
        else:
            self.set_viewer(seat)

    def set_viewer(self, seat) -> None:
        self.viewer = seat
        self.board.set_viewer(seat)
        self.app.sound.play("turn")

    def _drive_bot(self, seat: int, simultaneous: bool = False) -> None:
        # In a simultaneous round the other seats' moves do not change what this bot may do
        # (its sheet, the shared dice), so its request is keyed by its own moves and survives
        # theirs; a bot's choice never depends on the other sheets (see game.bots.railroad_ink).
        bot = self.bots[seat]
        if simultaneous:
            key = (id(self), seat, "own", self.seat_moves.get(seat, 0))
        else:
            key = (id(self), seat, "seq", self.match.seq)
        worker = self.worker_for(seat)
        if not worker.busy_with(key):
            if self.hold_requests:
                return                  # asked in the next frame (see ``hold_requests``)
            view = self.match.view(seat)
            ahead = self.ahead.take(seat, key, bot, view) if simultaneous else None
            if ahead is not None:
                worker.cancel()
                self.workers[seat] = ahead      # its next move was thought while the last
                return                          # one was shown (see bot_ahead)
            worker.request(key, bot, view)
            return
        answer = worker.poll(key)
        if answer is None:
            return
        if simultaneous and answer[0] == "move":
            next_key = (id(self), seat, "own", self.seat_moves.get(seat, 0) + 1)
            self.ahead.start(seat, key, next_key, bot, lambda: self.match.view(seat), answer[1])
        if self.board.busy():
            return
        since = self.seat_since.get(seat, self.turn_started)
        if self.app.time - since < self.app.settings["bot_delay_ms"] / 1000.0:
            return
        if self.landing_budget <= 0:
            return
        self.landing_budget -= 1
        kind, value = answer
        worker.cancel()
        if kind == "error" or not self.propose(seat, value):
            # A bot that fails must not freeze the table: fall back to a random legal move.
            fallback = make_bot(self.match.game, seat, "random", self.match.seq + 1)
            self.propose(seat, fallback.choose(self.match.view(seat)))

    def animating(self) -> bool:
        """The picture moves by itself: the board's animations, a bot to act (its dots,
        its move landing after its delay), the coach thinking, the game's end (the results
        follow), and on a human's turn the pulses while the player is about. A human's turn
        left alone is still: the client sleeps (``frame_pacing``)."""
        if self.board.animating() or self.coach.thinking() or self.match.is_over():
            return True
        if any(seat in self.bots for seat in self.match.to_act()):
            return True
        return frame_pacing.player_about(self.app) and self.active_human() is not None

    def next_change(self) -> float | None:
        return self.board.next_change()

    def results_screen(self):
        """The screen that follows the game (the daily and puzzle modes bring their own)."""
        self.setup["hints_used"] = self.coach.used
        ResultsScreen = navigation.get("ResultsScreen")
        return ResultsScreen(self.app, self.match, self.history, self.setup)

    # -- drawing ----------------------------------------------------------------------------
    def draw(self, surface) -> None:
        self.board.draw(surface)
        self.coach.draw(surface)

    def hints(self):
        seat = self.active_human()
        return self.board.hints(seat)

    def toast_avoid(self) -> list:
        return self.board.toast_avoid()

    def toast_lane(self):
        """The board's lane for toasts, left of the Hint button (and of the hint shown
        beside it)."""
        lane = self.board.toast_lane()
        if lane is None:
            return None
        lane = pygame.Rect(lane)
        if self.coach.offered():
            edge = min(self.coach.button().x, self.coach.label_left())
            lane.width = max(0, min(lane.right, edge - 8) - lane.x)
        return lane

    def hint_device(self) -> str:
        seat = self.active_human()
        if seat is not None:
            devices = seat_devices(self.match.seats[seat].device)
            last = self.app.input.last_device
            if not devices or last in devices:
                return last
            return sorted(devices)[0]
        return self.app.input.last_device
