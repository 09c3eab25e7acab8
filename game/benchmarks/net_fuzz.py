"""Bench section ``net.fuzz``: schema-valid hostile messages sent to a host and to a joiner
in random states (issue 14 item 4), counting the uncaught exceptions (the target: zero).

Each episode builds a real table in memory (``net.transport.memnet``: a host, one or two joiners that
play with bots, a spectator), brings it to a random state (lobby, seeding, playing after a
random number of moves, over; with 3 players often a game whose hands are secret:
Metromania's Unfair Municipality or Metro's companies) and then sends a stream of messages
that pass ``net.protocol.schema`` but mean nothing good: wrong seats, wrong rounds, seqs from the
past and the future, moves from other games, a START for another game, garbage logs, fair
records of junk. Host-bound messages arrive as if from a seated joiner or from the
spectator; joiner-bound ones as if from the host. Time moves on between them, so the
endpoints also tick in every state the stream leads them to. Seeded: ``fuzz("host", seed,
count)`` replays exactly. ``python -m game.benchmarks.net_fuzz host SEED COUNT`` prints
the first failures with their tracebacks.

* ``host_messages`` / ``joiner_messages``: messages sent (each one schema-valid)
* ``host_uncaught`` / ``joiner_uncaught``: exceptions that escaped an endpoint — target 0
* ``host_errors``: exceptions the host's loop caught in a peer's message (it drops that peer
  and goes on, ``host_error``): each is still a bug — target 0
* ``*_msgs_per_s``: throughput of the whole harness (rules included)
"""

from __future__ import annotations

import random
import time
import traceback
from collections import Counter
from game import lan_services
from net.session.claims import PUBLIC_BYTES, RESPONSE_BYTES   # a claim key and its proof (net.protocol.schema)

lan_services.install()      # the tables benchmarked here play our bots and keep our saves

SECTION = "net.fuzz"
GAMES = ("metro", "metromania", "railroad-ink")
SECRET_VARIANTS = {"metromania": ["unfair"], "metro": ["companies"]}   # hands dealt in secret


class Hostile:
    """Random schema-valid messages, biased towards values that are almost right."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def pick(self, *items):
        return self.rng.choice(items)

    def int_near(self, centre: int, top: int = 1 << 30) -> int:
        rng = self.rng
        value = self.pick(centre, centre + 1, centre - 1, 0, 1, rng.randrange(0, 64),
                          top, centre + rng.randrange(-5, 6), rng.randrange(0, top + 1))
        return min(max(value, 0), top)

    def seat(self) -> int:
        return self.rng.randrange(0, 8)

    def text(self, max_len: int = 40, min_len: int = 0) -> str:
        rng = self.rng
        choice = rng.random()
        if choice < 0.3:
            value = self.pick("", "a", "ann", "Player 1", "host", "r:0123456789ab:1",
                              "\u0000", "명", "😀" * 3, "x" * max_len, " ", "0")
        else:
            alphabet = "abcXYZ019 :,.-_()[]{}@#/\\\u00e9\u4e2d"
            value = "".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 12)))
        value = value[:max_len]
        return value if len(value) >= min_len else value + "a" * (min_len - len(value))

    def blob(self, size: int) -> bytes:
        return self.pick(bytes(size), b"\xff" * size, self.rng.randbytes(size))

    def args(self) -> dict:
        return self.pick({}, {"seat": self.seat()}, {"limit": 3, "x": None, "y": "z"},
                         {"detail": self.text(24)})

    def code(self) -> str:
        from net.protocol import messages as ids

        return self.pick(ids.R_LEFT, ids.R_GAME_OVER, ids.R_DESYNC, ids.R_CATCH_UP,
                         ids.R_TIMEOUT, ids.R_HOST_LEFT, ids.R_KICKED, "zz", self.text(40, 1))

    def plain(self, depth: int = 0):
        rng = self.rng
        roll = rng.random()
        if depth > 3 or roll < 0.4:
            return self.pick(None, True, 0, -1, 1 << 40, self.text(12), self.blob(8))
        if roll < 0.7:
            return [self.plain(depth + 1) for _ in range(rng.randrange(0, 4))]
        return {self.text(8): self.plain(depth + 1) for _ in range(rng.randrange(0, 4))}

    def notation(self, ctx: dict) -> str:
        moves = ctx.get("moves") or []
        if moves and self.rng.random() < 0.5:
            return self.rng.choice(moves)
        return self.text(60, 1)

    def seat_info(self, ctx: dict, index: int) -> dict:
        from net.protocol import messages as ids

        return {"k": self.pick(ids.KIND_LOCAL, ids.KIND_BOT, ids.KIND_OPEN, ids.KIND_REMOTE),
                "n": self.text(), "c": self.rng.randrange(-1, 64),
                "p": self.pick(-1, 0, 1, 2, ctx.get("pid", 1), self.rng.randrange(0, 9)),
                "r": self.rng.random() < 0.5, "l": self.pick("", "random", "hard", "zz"),
                "st": self.pick(ids.ST_CONNECTED, ids.ST_OPEN, ids.ST_BOT)}

    def config(self, ctx: dict):
        from game.rules import get_game

        if self.rng.random() < 0.2:
            junk = self.plain()
            return ctx["game"], junk if isinstance(junk, dict) else {"players": junk}
        game = ctx["game"] if self.rng.random() < 0.6 else self.pick(*GAMES)
        players = self.rng.randrange(1, 9)
        try:
            return game, get_game(game).make_config(players)
        except Exception:  # noqa: BLE001 - a player count this game refuses: send junk
            return game, {"players": players}

    # ---------------------------------------------------------------- peer -> host
    def to_host(self, ctx: dict) -> dict:
        from game.rules import rules_version
        from net.protocol import messages as ids

        seq = ctx.get("seq", 0)
        kind = self.pick(ids.HELLO, ids.REFUSE, ids.BYE, ids.SEAT_SET, ids.READY,
                         ids.PROPOSE, ids.PROPOSE, ids.PROPOSE, ids.HASH, ids.HASH,
                         ids.GET, ids.BEAT, ids.FAIR, ids.PROOF, ids.PROPOSE_C, ids.PROPOSE_C)
        message: dict = {"t": kind}
        if kind == ids.HELLO:
            message.update(pv=self.pick(ids.PROTOCOL_VERSION, 0, 99), g=self.pick("", *GAMES),
                           rv=self.pick(rules_version(), self.text(64)), n=self.text(),
                           tok=self.pick("", self.text(64), "r:" + ctx.get("table", "")[:12]
                                         + ":" + str(self.rng.randrange(0, 4))),
                           ws=self.rng.randrange(0, 9))
            if self.rng.random() < 0.5:
                message["ck"] = self.blob(PUBLIC_BYTES)
        elif kind in (ids.REFUSE, ids.BYE):
            message.update(c=self.code(), a=self.args())
        elif kind == ids.SEAT_SET:
            message.update(s=self.seat(), n=self.text(), c=self.rng.randrange(-1, 64))
        elif kind == ids.READY:
            message["r"] = self.rng.random() < 0.7
        elif kind == ids.PROPOSE:
            message.update(s=self.seat(), m=self.notation(ctx), n=self.int_near(seq, 1 << 31))
            if self.rng.random() < 0.2:
                message["cp"] = self.plain()
        elif kind == ids.HASH:
            message.update(q=self.int_near(seq, 1 << 31), h=self.blob(16))
        elif kind == ids.GET:
            message["q"] = max(1, self.int_near(seq, 1 << 31))
        elif kind == ids.BEAT:
            self.beat_fields(message, seq)
        elif kind == ids.FAIR:
            self.fair_fields(message, 0.3, seq)
        elif kind == ids.PROOF:
            message.update(pt=self.blob(PUBLIC_BYTES), ps=self.blob(RESPONSE_BYTES))
        elif kind == ids.PROPOSE_C:
            return self.compact_move(ctx, {"t": ids.PROPOSE, "s": self.seat(),
                                           "m": self.notation(ctx),
                                           "n": self.int_near(seq, 1 << 31)})
        return message

    def beat_fields(self, message: dict, seq: int) -> None:
        """A heartbeat's fields (the same both ways)."""
        message["q"] = self.int_near(seq, 1 << 31)
        if self.rng.random() < 0.5:
            message["h"] = self.blob(16)

    def driver_record(self) -> dict:
        """An almost right record of the fair table's own kinds (net.fair: the host's notices
        of a late part, share, shuffle step or answer, the holders' parts, key shares, a
        departure, an answer, a secret): right names, values near or off, a field dropped or
        added now and then."""
        from game.rules.fairplay.group import ELEMENT_BYTES
        from game.rules.fairplay.vss import CHALLENGE_BYTES, FULL_Z_BYTES

        rng = self.rng
        kind = self.pick("AnswerOverdue", "ShareOverdue", "SharePart", "Overdue", "RollPart",
                         "ShuffleOverdue", "Attest", "KeyShare", "Depart", "Secret")
        record: dict = {"kind": kind, "seat": self.pick(0, self.seat()), "of": self.seat()}
        if kind in ("ShareOverdue", "SharePart"):
            record.update(pile=self.pick("tiles", "residential", "markers", "zz"),
                          pos=self.int_near(0, 1 << 31), again=self.pick(0, 1, 2),
                          attempt=self.pick(0, 1))
        elif kind in ("Overdue", "RollPart"):
            record.update(roll=self.pick("setup", "roll0", "roll1", "zz"),
                          attempt=self.pick(0, 1))
        elif kind == "ShuffleOverdue":
            record.update(pile=self.pick("tiles", "zz"), attempt=self.pick(0, 1),
                          k=[self.plain() for _ in range(rng.randrange(0, 3))])
        elif kind == "Attest":
            record = {"kind": kind, "seat": self.seat(), "answer": self.pick(0, 1, 2)}
        elif kind == "KeyShare":
            record.update(share=self.blob(self.pick(32, 33)))
        elif kind == "Secret":
            record = {"kind": kind, "seat": self.seat(), "secret": self.blob(32)}
        if kind in ("SharePart", "RollPart"):
            record.update(part=self.blob(self.pick(ELEMENT_BYTES, ELEMENT_BYTES - 1)),
                          c=self.blob(CHALLENGE_BYTES), z=self.blob(FULL_Z_BYTES))
        if rng.random() < 0.15:
            record.pop(self.pick(*sorted(record)))
        if rng.random() < 0.1:
            record[self.text(4, 1)] = self.plain()
        return record

    def fair_fields(self, message: dict, indexed: float, near: int) -> None:
        """A fair-play record's fields; with the chance ``indexed``, an index near ``near``."""
        message["r"] = self.driver_record() if self.rng.random() < 0.3 else self.plain()
        if self.rng.random() < indexed:
            message["i"] = self.int_near(near)
        if self.rng.random() < 0.5:      # a signature (net.fair.signing), rarely a key
            message["sg"] = self.blob(64)
            if self.rng.random() < 0.3:
                message["vk"] = self.blob(32)

    def bundle_fields(self, message: dict, near: int) -> None:
        """A bundle of records (net.fair.bundle): junk rows, or a share's record followed by
        rows that change some of its fields (or name fields it lacks)."""
        rng = self.rng
        rows = [self.plain() for _ in range(rng.randrange(0, 4))]
        if rng.random() < 0.6:
            first = {"kind": self.pick("DrawShared", "Shuffled", "Secret", "zz"),
                     "p": self.pick("tiles", "zz"), "n": self.int_near(0), "d": self.seat(),
                     "s": self.seat(), "x": self.blob(32)}
            rows = [first] + [self.pick({"s": self.seat(), "x": self.blob(32)}, {"q": 1}, {})
                              for _ in range(rng.randrange(0, 5))]
        message.update(i=self.int_near(near), rs=rows)
        if rng.random() < 0.3:      # the records' signatures, one a row (or the wrong count)
            message["sg"] = [self.pick(None, self.blob(64))
                             for _ in range(len(rows) + self.pick(0, 0, 1))]

    def compact_move(self, ctx: dict, full: dict) -> dict:
        """A compact move frame (net.protocol.moveframe): a real move's bytes, or hostile bytes."""
        from net.protocol import messages as ids
        from net.protocol.moveframe import compact

        kind = ids.PROPOSE_C if full["t"] == ids.PROPOSE else ids.MOVE_C
        if self.rng.random() < 0.5:
            message = compact(full, ctx["game"])
            if message["t"] == kind:
                return message
        return {"t": kind, "b": self.rng.randbytes(self.rng.randrange(3, 33))}

    # ---------------------------------------------------------------- host -> joiner
    def to_joiner(self, ctx: dict) -> dict:
        from net.protocol import messages as ids

        seq = ctx.get("seq", 0)
        kind = self.pick(ids.WELCOME, ids.REFUSE, ids.BYE, ids.LOBBY, ids.LOBBY_CHANGE,
                         ids.ABORT, ids.START, ids.START, ids.MOVE, ids.MOVE,
                         ids.MOVE, ids.REJECT, ids.SYNC, ids.COMMAND, ids.STATUS, ids.BEAT,
                         ids.FAIR, ids.FAIR_BUNDLE, ids.CHALLENGE, ids.MOVE_C, ids.MOVE_C)
        message: dict = {"t": kind}
        players = ctx.get("players", 2)
        if kind == ids.WELCOME:
            message.update(you=self.pick(ctx.get("pid", 1), 0, 1, 2, 7),
                           tok=self.text(64), g=self.pick(ctx["game"], *GAMES, ""),
                           seats=[self.seat() for _ in range(self.rng.randrange(0, 3))])
        elif kind in (ids.REFUSE, ids.BYE):
            message.update(c=self.code(), a=self.args())
        elif kind == ids.LOBBY:
            game, config = self.config(ctx)
            message.update(g=game, cfg=config, ph=self.pick("lobby", "playing", "zz"),
                           seats=[self.seat_info(ctx, i) for i in range(
                               self.pick(players, self.rng.randrange(0, 9)))],
                           spec=[self.text() for _ in range(self.rng.randrange(0, 3))])
        elif kind == ids.LOBBY_CHANGE:      # rows of seats the table may not have, too
            message["sd"] = [[self.rng.randrange(0, 8), self.seat_info(ctx, 0)]
                             for _ in range(self.rng.randrange(0, 3))]
            if self.rng.random() < 0.3:
                message["cfg"] = self.config(ctx)[1]
            if self.rng.random() < 0.3:
                message["spec"] = [self.text() for _ in range(self.rng.randrange(0, 3))]
            if self.rng.random() < 0.3:
                message["ph"] = self.pick("lobby", "playing", "zz")
        elif kind == ids.ABORT:
            message.update(r=self.int_near(ctx.get("round", 1)), c=self.code(), a=self.args())
        elif kind == ids.START:
            game, config = self.config(ctx)
            count = config.get("players", players) if isinstance(config, dict) else players
            count = count if type(count) is int and 0 <= count <= 8 else players
            message.update(g=self.pick(game, *GAMES, "zz"), cfg=config,
                           seats=[self.seat_info(ctx, i) for i in range(
                               self.pick(count, self.rng.randrange(0, 9)))],
                           dl=[self.rng.randrange(0, 4) for _ in range(
                               self.rng.randrange(0, 4))])
            if self.rng.random() < 0.5:
                message["tid"] = self.text(64)
            if self.rng.random() < 0.2:
                message["ck"] = [self.pick(b"", self.blob(PUBLIC_BYTES)) for _ in range(
                    self.rng.randrange(0, 9))]
        elif kind == ids.MOVE:
            message.update(q=max(1, self.int_near(seq + 1, 1 << 31)), s=self.seat(),
                           m=self.notation(ctx))
            if self.rng.random() < 0.1:
                message["cp"] = self.plain()
        elif kind == ids.MOVE_C:
            return self.compact_move(ctx, {"t": ids.MOVE, "q": max(1, self.int_near(seq + 1, 1 << 31)),
                                           "s": self.seat(), "m": self.notation(ctx)})
        elif kind == ids.REJECT:
            message.update(n=self.int_near(seq), s=self.seat(), c=self.code(), a=self.args())
        elif kind == ids.SYNC:
            rows = [[self.seat(), self.notation(ctx), self.blob(16)]
                    for _ in range(self.rng.randrange(0, 6))]
            real = ctx.get("log") or []
            if real and self.rng.random() < 0.5:
                rows = [list(row) for row in real[:self.rng.randrange(0, len(real) + 1)]] + \
                    rows[:self.rng.randrange(0, 2)]
            message.update(w=self.code(), log=rows,
                           cmd=[[self.int_near(seq), self.pick("bot", "back"), self.seat(),
                                 self.pick("", "random", "zz")]
                                for _ in range(self.rng.randrange(0, 3))])
            if self.rng.random() < 0.1:
                message["fr"] = [self.plain() for _ in range(self.rng.randrange(0, 3))]
                if self.rng.random() < 0.5:      # signatures (some empty) and dealer keys
                    message["fg"] = [self.pick(b"", self.blob(64)) for _ in message["fr"]]
                    message["vk"] = [[self.rng.randrange(0, 5), self.blob(32)]
                                     for _ in range(self.rng.randrange(0, 3))]
                if self.rng.random() < 0.3:      # records on the host's word (net.fair.past)
                    message["fu"] = [[self.int_near(0), self.int_near(4)]
                                     for _ in range(self.rng.randrange(0, 3))]
        elif kind == ids.COMMAND:
            message.update(i=self.int_near(ctx.get("commands", 0), 4096),
                           e=[self.int_near(seq), self.pick("bot", "back"), self.seat(),
                              self.pick("", "random", "zz", "expert")])
        elif kind == ids.STATUS:
            message["st"] = [self.pick(ids.ST_CONNECTED, ids.ST_INTERRUPTED, ids.ST_OPEN,
                                       ids.ST_BOT, ids.ST_DISCONNECTED)
                             for _ in range(self.rng.randrange(0, 9))]
        elif kind == ids.BEAT:
            self.beat_fields(message, seq)
        elif kind == ids.FAIR:
            self.fair_fields(message, 0.7, ctx.get("fair", 0))
        elif kind == ids.FAIR_BUNDLE:
            self.bundle_fields(message, ctx.get("fair", 0))
        elif kind == ids.CHALLENGE:
            message.update(n=self.blob(16), tb=self.text(16, 1), p=self.rng.randrange(0, 5))
        return message


# ------------------------------------------------------------------ episodes
class Episode:
    """A real table in memory brought to a random state."""

    def __init__(self, rng: random.Random, fast: bool = True) -> None:
        from game.rules import get_game, rules_version
        from net.protocol import messages as ids
        from net.table.host import HostEndpoint
        from net.table.joiner import ClientEndpoint
        from net.protocol.lobby import Slot
        from net.transport.memnet import MemNet
        from net.transport.timing import Timings

        timings = Timings(heartbeat=0.1, interrupted=0.3, dropped=1.0, retry=0.05,
                          seeding=2.0)
        self.rng = rng
        self._moves: tuple = (-1, [])      # (seq, legal move texts): computed once per seq
        self._log: list = []               # the host's log rows at that seq
        version = rules_version()          # (hashes the rules' sources: once per process)
        self.game = get_game(rng.choice(GAMES))
        players = rng.choice((2, 3))
        variants = SECRET_VARIANTS.get(self.game.name, []) \
            if players == 3 and rng.random() < 0.5 else []
        config = self.game.make_config(players, variants)
        slots = [Slot(kind=ids.KIND_BOT, name="host", level="random")] + [
            Slot() for _ in range(players - 1)]
        secrets = random.Random(rng.random())     # replayable dealer secrets (every table is fair)
        self.host = HostEndpoint(self.game, config, slots, timings=timings, autosave=False,
                                 rules_version=version,
                                 fair_secret=lambda: secrets.randbytes(32))
        self.net = MemNet(self.host, seed=rng.randrange(1 << 30))
        self.joiners = []
        self.links = []
        for index in range(players - 1):
            joiner = ClientEndpoint(f"p{index}", auto_bot="random", timings=timings,
                                    autosave=False, fair_secret=lambda: secrets.randbytes(32),
                                    rules_version=version)
            self.joiners.append(joiner)
            self.links.append(self.net.connect(joiner))
        watcher = ClientEndpoint("watch", wanted_seats=0, timings=timings, autosave=False,
                                 rules_version=version)
        self.links.append(self.net.connect(watcher))
        self.joiners.append(watcher)
        self.net.advance(0.05)
        target = rng.choice(("lobby", "dealing", "playing", "playing", "over"))
        if target == "lobby":
            return
        for joiner in self.joiners:
            if joiner.phase == "lobby":
                joiner.set_ready(True)
        self.net.run_until(self.host.can_start, 1)
        self.host.start()
        if target == "dealing":
            self.net.advance(rng.choice((0.0, 0.001, 0.003)))
            return
        moves = rng.randrange(0, 30) if target == "playing" else 10 ** 6
        self.net.run_until(lambda: self.host.seq >= moves or self.host.phase == "over", 20)

    def rejoin(self, index: int):
        """A new joiner in place of an ended one (it says hello; the host answers later)."""
        from net.table.joiner import ClientEndpoint

        old = self.joiners[index]
        joiner = ClientEndpoint(old.name, wanted_seats=old.wanted_seats, token=old.token,
                                auto_bot="random", timings=old.timings, autosave=False,
                                rules_version=old.rules_version)
        self.joiners[index] = joiner
        self.links[index] = self.net.connect(joiner)
        return joiner

    def context(self) -> dict:
        host = self.host
        ctx = {"game": self.game.name, "players": len(host.slots), "seq": host.seq,
               "round": getattr(host, "_round", 1), "pid": 1,
               "commands": len(host.commands)}
        match = host.match
        if match is not None:
            from game.match import Match
            from game.saves.lan import table_id

            ctx["table"] = table_id(match) if not match.table else ""
            if self._moves[0] != match.seq:
                self._log = [[e.seat, e.move, bytes.fromhex(e.hash)] for e in match.log
                             if e.hash] if isinstance(match, Match) else []
                moves = []
                try:
                    for seat in match.to_act()[:2]:
                        legal = self.game.legal_moves(match.state, seat)
                        moves += [str(m) for m in legal[:8]]
                except Exception:  # noqa: BLE001 - a fair table's hidden state: no moves
                    pass
                self._moves = (match.seq, moves)
            ctx["moves"] = self._moves[1]
            ctx["log"] = self._log
        return ctx


def fuzz(side: str, seed: int, count: int, per_episode: int = 200) -> dict:
    """Send ``count`` schema-valid hostile messages to ``side`` ("host" or "joiner")."""
    from net.protocol.schema import FROM_HOST, FROM_PEER, SchemaError, validate
    from net.transport.wire import FrameReader, WireError, encode

    rng = random.Random(seed)
    hostile = Hostile(rng)
    sent = uncaught = episodes = contained = 0
    kinds: Counter = Counter()
    invalid: Counter = Counter()     # generated but not schema-valid: not sent, not counted
    failures: list[str] = []

    def record(exc: BaseException) -> None:
        nonlocal uncaught
        uncaught += 1
        if len(failures) < 5:
            failures.append("".join(traceback.format_exception(exc)))

    while sent < count:
        episodes += 1
        try:
            episode = Episode(rng)
        except Exception as exc:  # noqa: BLE001 - counted: the set-up itself must not fail
            record(exc)
            if uncaught >= 20 and sent == 0:
                break              # the harness itself is broken: report, never spin
            continue
        for _ in range(min(per_episode, count - sent)):
            ctx = episode.context()
            if side == "host":
                message = hostile.to_host(ctx)
                allowed = FROM_PEER
            else:
                message = hostile.to_joiner(ctx)
                allowed = FROM_HOST
            try:
                message = FrameReader().feed(encode(message))[0]
                validate(message, allowed)    # the fuzzer only sends schema-valid messages
            except (SchemaError, WireError) as exc:
                invalid[f"{message.get('t')}:{exc.args_dict}"] += 1
                continue
            sent += 1
            kinds[message["t"]] += 1
            try:
                if side == "host":
                    link = rng.choice(episode.links)
                    if not link.host_done:
                        episode.host.on_frame(link, message)
                else:
                    index = rng.randrange(len(episode.joiners))
                    joiner = episode.joiners[index]
                    if joiner.phase == "ended":     # refused or left: a fresh one joins
                        joiner = episode.rejoin(index)
                    joiner.on_frame(message)
                if rng.random() < 0.3:
                    episode.net.advance(rng.choice((0.001, 0.01, 0.05, 0.3)))
            except Exception as exc:  # noqa: BLE001 - what this harness counts
                record(exc)
                break
            finally:
                for event in episode.host.poll():
                    if event["event"] == "host_error":     # caught by the host's loop
                        contained += 1
                        if len(failures) < 5:
                            failures.append(f"host_error: {event}")
    return {"messages": sent, "uncaught": uncaught, "host_errors": contained,
            "episodes": episodes,
            "kinds": dict(sorted(kinds.items())),
            "invalid": dict(invalid.most_common(8)), "failures": failures}


def run(quick: bool = False) -> dict:
    count = 10_000 if quick else 100_000
    out: dict = {}
    for side in ("host", "joiner"):
        started = time.perf_counter()
        result = fuzz(side, seed=14, count=count)
        seconds = time.perf_counter() - started
        out[f"{side}_messages"] = result["messages"]
        out[f"{side}_uncaught"] = result["uncaught"]
        if side == "host":
            out["host_errors"] = result["host_errors"]
        out[f"{side}_episodes"] = result["episodes"]
        out[f"{side}_msgs_per_s"] = round(result["messages"] / max(seconds, 1e-9))
    return out


if __name__ == "__main__":
    import sys

    side_arg, seed_arg, count_arg = (sys.argv[1:] + ["host", "1", "5000"][len(sys.argv) - 1:])[:3]
    found = fuzz(side_arg, int(seed_arg), int(count_arg))
    print({k: v for k, v in found.items() if k != "failures"})
    for failure in found["failures"]:
        print(failure)
