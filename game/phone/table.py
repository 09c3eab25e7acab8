"""``PhoneTable``: the phone seats of one table, run by the machine that serves them.

A phone seat is a seat *of the serving machine*, like a local seat: the rules, the legal
moves, the bots and the coach stay here, in Python. ``pump()`` (called from the machine's own
loop: the headless host's, or the client's frame) takes the phones' moves and proposes them to
the table (``source.propose``: the same path as a local seat's move), sends a refusal with the
rules' reason in the table's language, publishes every phone seat's own view after each change
(built by the game's kit from ``view(state, seat)`` only), buzzes a phone when its seat may
move, answers the Hint button with the coach (the expert, off the loop in a helper process),
and sends the results at the end. A phone that is away while its seat must move is waited on
for ``wait_limit`` seconds, then the table's bot plays the seat until the phone is back.

The table is reached through a *source* (duck-typed; see ``game.phone.sources``): ``game``,
``names()``, ``colours()``, ``version()`` (changes whenever a view may have), ``view(seat)``
(None before the game starts), ``to_act()``, ``is_over()``, ``scores()``, ``winners()``,
``propose(seat, text)`` (raises IllegalMove), ``bot_plays(seat)``, ``hand_to_bot(seat)`` and
``take_back(seat)``; and, for a table that answers a move later (a LAN joiner's: its host
decides), ``waiting_for(seat)``: the seat's last move is neither applied nor refused yet. Such
a move is acknowledged to its phone once it is applied, and a refusal that comes later is
passed on with ``refuse(seat, exc)``.
"""

from __future__ import annotations

import time
from typing import Any, Callable

from game.phone.games import kit_for
from game.phone.palette import colour_hex
from game.phone.seats import PhoneSeats
from game.phone.words import Words
from game.rules.core import IllegalMove

# How long a phone's move that stopped being waited for without being played waits for the
# host's refusal before it is acknowledged anyway (a refusal lost with a dropped link must
# not leave the phone's page busy for good).
REFUSAL_GRACE = 3.0

class PhoneTable:
    def __init__(self, phones: PhoneSeats, source, words: Words, *,
                 wait_limit: float | None = None, hints=None,
                 clock: Callable[[], float] = time.monotonic,
                 on_event: Callable[..., None] | None = None) -> None:
        self.phones = phones
        self.source = source
        self.game = source.game
        self.kit = kit_for(self.game)
        if self.kit is None:
            raise ValueError(f"{self.game.name} has no phone page")
        self.words = words
        self.wait_limit = wait_limit
        # the coach's hints, from whoever serves the phones (``ask``/``answer``/``cancel``, as
        # ``game.client.coach.seat_hints.SeatHints``); None: a phone's Hint says there is none
        self.hints = hints
        self.clock = clock
        self.on_event = on_event or (lambda kind, **fields: None)
        self.seats = phones.seat_numbers
        self.version: Any = object()
        self.static: dict | None = None
        self.acks: dict[int, int] = {}
        self.sent: dict[int, int] = {}      # seat -> n of its move the table answers later
        # seat -> (where the table's log stood when that move was sent, when it stopped
        # being waited for unplayed): see ``_settle_sent``
        self.sent_mark: dict[int, tuple[int, float | None]] = {}
        self.last_n: dict[int, int] = {}    # seat -> n of its last move proposed
        self.turns: dict[int, bool] = {}
        self.away_since: dict[int, float] = {}
        self.waited_out: set[int] = set()
        self.results_sent = False
        self.hint_keys: dict[int, Any] = {}
        self.published = 0
        self.keys: dict[int, Any] = {}      # seat -> what its last payload was built from

    # ------------------------------------------------------------------ set-up
    def introduce(self) -> None:
        """The ``seat`` message of every phone seat (again once the game's fixed data is
        known: a phone that joined before the game started gets it then)."""
        names, colours = self.source.names(), self.source.colours()
        players = [{"name": names[i], "colour": colour_hex(colours[i])}
                   for i in range(len(names))]
        entries = self.words.entries(self.kit.WORDS)
        title = self.words(f"game.{self.game.name}")
        for seat in self.seats:
            self.phones.introduce(seat, {
                "seat": seat, "name": names[seat], "colour": colour_hex(colours[seat]),
                "game": self.game.name, "title": title, "lang": self.words.lang,
                "words": entries, "players": players, "static": self.static})
            if self.static is None:
                self.phones.send(seat, {"type": "waiting",
                                        "text": self.words("phone.waiting_table")})

    # ------------------------------------------------------------------ the loop
    def pump(self) -> None:
        for event in self.phones.events():
            self._on_event(event.kind, event.seat, event.data)
        self._check_waits()
        self._settle_sent()
        self.refresh()
        self._poll_hints()

    def refresh(self, force: bool = False) -> None:
        version = self.source.version()
        if version == self.version and not force:
            return
        self.version = version
        if self.static is None:
            view = self.source.view(self.seats[0]) if self.seats else None
            if view is None:
                return
            self.static = self.kit.static(self.game, view)
            self.introduce()
        shared = None
        if getattr(self.kit, "VIEW_IS_PUBLIC", False) and self.seats:
            shared = self.source.view(self.seats[0])      # one copy of the table, not one a seat
        for seat in self.seats:
            self._publish(seat, shared)
        if self.source.is_over() and not self.results_sent:
            self._send_results()

    def _publish(self, seat: int, view=None) -> None:
        """Send ``seat`` its payload if what it shows changed (``view``: the table's public
        view, when the kit's views are; else the seat's own is taken)."""
        if view is None:
            view = self.source.view(seat)
        if view is None:
            return
        source, words = self.source, self.words
        to_act = tuple(source.to_act())
        over = source.is_over()
        bot = source.bot_plays(seat)
        turn = seat in to_act and not over and not bot
        keyed = getattr(self.kit, "key", None)
        if keyed is not None:
            key = (keyed(self.game, view, seat), self.acks.get(seat, 0), bot, over)
            if self.keys.get(seat) == key:
                return                 # nothing this seat's phone shows has changed
            self.keys[seat] = key
        board = self.kit.board(self.game, view, seat, words)
        names = source.names()
        if over:
            status = words("phone.game_over")
        elif bot:
            status = words("phone.bot_plays")
        elif turn:
            status = words("phone.your_turn")
        elif to_act and len(to_act) == 1:
            status = words("phone.turn_of", name=names[to_act[0]])
        else:
            status = board.get("note") or ""
        score = board["score"] if "score" in board else self.game.scores(view)["scores"][seat]
        payload = {"seq": version_number(self.version), "ack": self.acks.get(seat, 0),
                   "turn": turn, "over": over, "bot": bot, "status": status,
                   "to_act": list(to_act), "score": score, "board": board}
        self.phones.publish(seat, payload, context=view)
        self.published += 1
        # buzz when the seat may move again: its turn came, or a new round began (Railroad Ink:
        # every seat draws again, also the one whose "end" rolled it)
        turn_key = (turn, board.get("round"))
        if turn and self.turns.get(seat) != turn_key:
            self.phones.send(seat, {"type": "your_turn"})
        self.turns[seat] = turn_key

    def _send_results(self) -> None:
        self.results_sent = True
        names, colours = self.source.names(), self.source.colours()
        scores = list(self.source.scores()["scores"])
        winners = list(self.source.winners())
        if len(winners) == 1:
            title = self.words("phone.winner", name=names[winners[0]])
        else:
            title = self.words("phone.winners", names=", ".join(names[w] for w in winners))
        order = sorted(range(len(scores)), key=lambda s: (-scores[s], s))
        rows = [[names[s], scores[s], colour_hex(colours[s]), s in winners] for s in order]
        for seat in self.seats:
            self.phones.send(seat, {"type": "results", "title": title, "rows": rows,
                                    "scores": scores, "winners": winners, "you": seat})
        self.on_event("phone_results", seats=self.seats)

    # ------------------------------------------------------------------ phones' requests
    def _on_event(self, kind: str, seat: int, data: dict) -> None:
        if kind == "move":
            self._move(seat, data)
        elif kind == "hint":
            self._hint(seat)
        elif kind == "connected":
            self.away_since.pop(seat, None)
            if seat in self.waited_out:
                self.waited_out.discard(seat)
                self.source.take_back(seat)
                self.version = object()       # its status changes: publish again
            self.on_event("phone_connected", seat=seat)
        elif kind == "disconnected":
            self.away_since[seat] = self.clock()
            self.on_event("phone_left", seat=seat)

    def _move(self, seat: int, data: dict) -> None:
        n, text = data.get("n", 0), data.get("move", "")
        try:
            if self.source.view(seat) is None:
                raise IllegalMove("not_playing", "The game is not running")
            self.source.propose(seat, text)
        except IllegalMove as exc:
            self.phones.send(seat, {"type": "refused", "n": n, "code": exc.code,
                                    "reason": self._reason(exc)})
            return
        except (RuntimeError, ValueError) as exc:
            self.phones.send(seat, {"type": "refused", "n": n, "code": "not_playing",
                                    "reason": self.words("phone.error.not_playing")})
            return
        self.last_n[seat] = n
        if self._answered_later(seat):
            self.sent[seat] = n       # acknowledged once applied (``_settle_sent``)
            self.sent_mark[seat] = (self._log_mark(), None)
        else:
            self.acks[seat] = n

    def _answered_later(self, seat: int) -> bool:
        waiting = getattr(self.source, "waiting_for", None)
        return waiting is not None and bool(waiting(seat))

    def _log_mark(self) -> int | None:
        mark = getattr(self.source, "log_mark", None)
        return mark() if mark is not None else None

    def _settle_sent(self) -> None:
        """Moves the table has answered since: the applied ones are acknowledged (a refused
        one was told by ``refuse``), so the phone sends its next move only after this one.

        "No longer waited for" is not "applied": a LAN joiner stops waiting for a seat the
        host takes over while its move is in flight, and the host's refusal of that move
        arrives after. So where the table can say, a move is acknowledged only once the log
        holds a move of its seat; one that stops being waited for unplayed waits for its
        refusal (``refuse``), at most ``REFUSAL_GRACE`` seconds."""
        for seat, n in list(self.sent.items()):
            if self._answered_later(seat):
                continue
            mark, idle_since = self.sent_mark.get(seat, (None, None))
            played = getattr(self.source, "played_since", None)
            if mark is not None and played is not None and not played(seat, mark):
                now = self.clock()
                if idle_since is None:
                    self.sent_mark[seat] = (mark, now)
                    continue
                if now - idle_since < REFUSAL_GRACE:
                    continue
            del self.sent[seat]
            self.sent_mark.pop(seat, None)
            self.acks[seat] = n
            self.version = object()       # publish the view that acknowledges it

    def refuse(self, seat: int, exc: IllegalMove) -> None:
        """The table refused ``seat``'s move after ``propose`` returned (a LAN joiner's host
        decides): its phone is told with the reason in the table's language, as for a
        refusal at once."""
        n = self.sent.pop(seat, self.last_n.get(seat, 0))
        self.sent_mark.pop(seat, None)
        self.phones.send(seat, {"type": "refused", "n": n, "code": exc.code,
                                "reason": self._reason(exc)})

    def _reason(self, exc: IllegalMove) -> str:
        """The rules' reason in the table's language (as the client says it)."""
        words, game = self.words, self.game.name
        args = {name: self._arg(value) for name, value in exc.args_dict.items()}
        for key in (f"illegal.{game}.{exc.code}", f"illegal.{exc.code}",
                    f"net.{exc.code}", f"phone.error.{exc.code}"):
            if words.entry(key) != key:
                return words(key, **args)
        return exc.message

    def _arg(self, value):
        if isinstance(value, str) and value:
            for prefix in ("illegal.arg.", "ri.face."):
                if self.words.entry(prefix + value) != prefix + value:
                    return self.words(prefix + value)
        return value

    # ------------------------------------------------------------------ waits
    def _check_waits(self) -> None:
        if self.wait_limit is None or not self.away_since:
            return
        now = self.clock()
        to_act = set(self.source.to_act())
        for seat, since in list(self.away_since.items()):
            if (seat not in self.waited_out and seat in to_act
                    and now - since >= self.wait_limit and not self.source.is_over()):
                self.waited_out.add(seat)
                self.source.hand_to_bot(seat)
                self.on_event("phone_waited_out", seat=seat, seconds=round(now - since, 1))

    def expect_phones(self) -> None:
        """Phones that have not joined yet are away from now: a seat whose phone never comes
        is waited on for ``wait_limit`` like one whose phone left (a table with other
        players does not wait for good)."""
        now = self.clock()
        for seat in self.seats:
            if not self.phones.joined(seat):
                self.away_since.setdefault(seat, now)

    def waiting_for(self) -> list[int]:
        """Phone seats whose phone is away (the screen says "waiting for Ann's phone")."""
        return [seat for seat in self.seats if not self.phones.connected(seat)]

    # ------------------------------------------------------------------ hints
    def _hint(self, seat: int) -> None:
        view = self.source.view(seat)
        if (self.hints is None or view is None or self.source.is_over()
                or seat not in self.source.to_act() or self.source.bot_plays(seat)):
            self.phones.send(seat, {"type": "hint", "move": None,
                                    "text": self.words("phone.hint_none")})
            return
        if seat in self.hint_keys:
            self.phones.send(seat, {"type": "hint", "move": None, "thinking": True,
                                    "text": self.words("phone.hint_busy")})
            return
        key = (seat, self._position(seat))
        self.hint_keys[seat] = key
        self.hints.ask(seat, key, view)
        self.phones.send(seat, {"type": "hint", "move": None, "thinking": True,
                                "text": self.words("phone.hint_thinking")})

    def _position(self, seat: int):
        """What a hint for ``seat`` is good for: the seat's own position where the game's
        page says what that is (``position``: a Railroad Ink sheet, which the others drawing
        at the same time leave as it is), else the table's version."""
        own = getattr(self.kit, "position", None)
        if own is None:
            return self.version
        view = self.source.view(seat)
        return None if view is None else own(self.game, view, seat)

    def _poll_hints(self) -> None:
        for seat, key in list(self.hint_keys.items()):
            answer = self.hints.answer(seat, key)
            if answer is None:
                continue
            del self.hint_keys[seat]
            kind, hint = answer
            if kind != "move" or key[1] != self._position(seat) or hint is None:
                self.phones.send(seat, {"type": "hint", "move": None,
                                        "text": self.words("phone.hint_none")})
                continue
            move = str(hint.move)
            self.phones.send(seat, {"type": "hint", "move": move, "points": hint.points,
                                    "targets": self.kit.hint_targets(hint.move),
                                    "text": self.words("phone.hint_says", move=move)})

    def close(self, farewell: str | None = None, wait: float = 3.0) -> None:
        """Tell the phones the table closed and stop serving them (``wait``: see
        ``PhoneSeats.stop``; a frame loop passes 0)."""
        if self.hints is not None:
            self.hints.cancel()
        self.phones.stop(self.words("phone.bye") if farewell is None else farewell, wait)


def version_number(version: Any) -> int:
    """The table's move count when its version is (seq, ...), for the page's ``seq``."""
    if isinstance(version, tuple) and version and isinstance(version[0], int):
        return version[0]
    return 0


def serve(source, seats, *, lang: str = "en", bind: str = "0.0.0.0", port: int | None = None,
          address: str | None = None, limits=None, wait_limit: float | None = None,
          hints=None, on_event=None, links=None) -> PhoneTable:
    """Serve ``seats`` of ``source`` to phones: the server listens (its port in
    ``table.phones.port``) and every seat has its link; call ``pump()`` from your loop and
    ``close()`` at the end. ``links``: seat -> (token, code) a seat had before (a table
    resumed after a crash), kept. OSError when no port can be had."""
    from game.phone import protocol
    from game.phone.seats import DEFAULT_PORT

    words = Words(lang)
    game = source.game
    kit = kit_for(game)
    if kit is None:
        raise ValueError(f"{game.name} has no phone page")

    def answer(context, seat: int, ask: dict):
        return kit.answer(game, context, seat, ask)

    phones = PhoneSeats(words.reasons(), bind=bind,
                        port=DEFAULT_PORT if port is None else port, address=address,
                        limits=limits or protocol.PhoneLimits(), answer=answer,
                        greeting=words.before_seat())
    names, colours = source.names(), source.colours()
    for seat in seats:
        token, code = (links or {}).get(seat, ("", ""))
        phones.add(seat, names[seat], colours[seat], token, code)
    phones.start()
    table = PhoneTable(phones, source, words, wait_limit=wait_limit, hints=hints,
                       on_event=on_event)
    table.introduce()
    return table
