"""Bench section "net.soak": many short LAN games through a fault-injecting proxy.

Each game is real processes on loopback: ``run.py host --headless`` (a bot plays the host's
seat) and ``run.py join --headless --bot random`` joiners, the first joiner's connection going
through ``faultproxy.FaultProxy`` with one of the ``PROFILES`` (latency with jitter up to
300 ms, a bandwidth cap, every byte written separately, stalls of 1-12 s, a handshake slower
than 3 s, resets before the WELCOME, mid-game and at the end, and a WAN: 60-150 ms one way
with jitter, what a party over an overlay network sees). Every game has a time limit.
A joiner that exits is not relaunched (what the issue measured: a party that sees an error
message gives up or starts over); ``run.py join --headless`` dials again by itself after a
link lost without a goodbye (``--retry-limit``), and the host keeps a finished table open for
a player who comes back to learn the end (``--end-grace``). For every game we record:

* finished: the host and every joiner printed ``game_over`` (every peer learned the end);
* diverged: two peers printed different final hashes;
* hung: a process hit the time limit (the table waited for a seat that never came back...);
* moves lost: a peer ended on a different seq than the host, a save (the autosave of the
  LAN game) holds fewer moves than its own peer played, or the host's save is behind a
  joiner's;
* ends missed: peers that never printed ``game_over``;
* saves behind: peers whose own save, at some moment of the game, held fewer moves than the
  peer had applied (every peer prints a line per move, ``--print-moves``, and its saves
  folder is read as each line arrives: after a reset and rejoin too).

``python run.py bench --only net.soak`` (``--quick``: ~20 games in well under a minute; full:
1,000 games or the wall-clock cap, whichever comes first, with the rate printed);
``python -m game.benchmarks.net_soak --games N --workers W`` for another size.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from game.benchmarks.faultproxy import FaultProxy, Profile

SECTION = "net.soak"
ROOT = Path(__file__).resolve().parents[2]
GAME = "metromania"        # 23 moves with two players: the shortest of our games
PLAYERS = 2
WAIT_LIMIT = 3.0           # the host's bot takes a dropped seat after this long

PROFILES = [
    Profile("clean"),
    Profile("latency", latency=0.2, jitter=0.1),
    Profile("bandwidth", bandwidth=2000, latency=0.02),      # 2 kB/s: a very poor link
    Profile("bytewise", bytewise=True),
    Profile("stalls", stalls=(1, 1.0, 12.0), latency=0.03, jitter=0.02),
    Profile("slow_handshake", handshake_delay=3.5),
    Profile("reset_before_welcome", reset="before_welcome"),
    Profile("reset_mid_game", reset="mid_game", reset_after_moves=(2, 8)),
    Profile("reset_at_end", reset="at_end"),
    # a party over an overlay network (WireGuard, Tailscale, ZeroTier): 60-150 ms one way
    Profile("wan", latency_min=0.06, latency=0.12, jitter=0.03),
]
MILD = [p for p in PROFILES if p.name in ("clean", "latency", "bandwidth", "bytewise")]


@dataclass
class Outcome:
    profile: str
    seed: int
    seconds: float = 0.0
    hung: bool = False
    diverged: bool = False
    moves_lost: bool = False
    ends_missed: int = 0
    saves_behind: int = 0       # peers whose save missed a move they had applied, at a moment
    host_seq: int | None = None
    seqs: list = field(default_factory=list)        # printed game_over seq per joiner
    saves: dict = field(default_factory=dict)       # role -> moves in its LAN autosave
    errors: list = field(default_factory=list)      # stderr last lines of failed processes
    proxy: list = field(default_factory=list)       # what the proxy did (resets)
    behind: dict = field(default_factory=dict)      # role -> (seq seen, moves saved) samples

    def host_save_behind(self) -> bool:
        """The host's autosave holds fewer moves than some joiner's (the issue's 17 vs 18)."""
        joiners = [m for role, m in self.saves.items() if role != "host" and m is not None]
        return bool(joiners) and (self.saves.get("host") or 0) < max(joiners)

    def finished(self) -> bool:
        return not (self.hung or self.diverged or self.moves_lost or self.ends_missed
                    or self.saves_behind)


def collect_json_lines(stream, into: list, after_each=None) -> None:
    """Append each JSON line of a child process' ``stream`` to ``into`` until it ends (other
    lines are skipped), calling ``after_each()`` after every line."""
    for line in stream:
        try:
            into.append(json.loads(line))
        except ValueError:
            pass
        if after_each is not None:
            after_each()


class SoakProcess:
    """A child process whose stdout lines are collected by a thread. Run with
    ``--print-moves``, it prints a ``move`` line (its seq) for every entry it applied; each
    time one is read, its saves folder must hold every move before it (``behind``: the
    (seq, moves saved) of each line it did not: its save lost moves it had seen)."""

    def __init__(self, args: list[str], home: str) -> None:
        env = dict(os.environ, TRACKLAYER_HOME=home, SDL_VIDEODRIVER="dummy",
                   SDL_AUDIODRIVER="dummy")
        self.home = home
        self.proc = subprocess.Popen([sys.executable, str(ROOT / "run.py"), *args], cwd=ROOT,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     text=True, env=env)
        self.lines: list[dict] = []
        self.behind: list[tuple[int, int | None]] = []
        self.first = threading.Event()
        self.err = ""
        self.killed = False
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        collect_json_lines(self.proc.stdout, self.lines, self._after_line)
        self.first.set()

    def _after_line(self) -> None:
        self.first.set()
        line = self.lines[-1] if self.lines else {}
        if line.get("event") in ("move", "resynced"):
            self.check_save(int(line["seq"]))

    def check_save(self, seen: int) -> None:
        """The line saying this machine applied entry ``seen`` was printed after its pump
        wrote every entry hashed so far: its save holds at least ``seen - 1`` entries (the
        newest is hashed a moment later), and more by the time we look."""
        moves = _save_moves(self.home)
        if moves is None:              # between the saves and the replays folder: look again
            moves = _save_moves(self.home)
        if (moves or 0) < seen - 1:
            self.behind.append((seen, moves))

    def wait(self, deadline: float) -> None:
        if self.proc.stdout.closed:       # waited for already
            return
        try:
            self.proc.wait(timeout=max(0.0, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            self.killed = True
            self.proc.kill()
            self.proc.wait()
        self.reader.join(timeout=5)
        self.err = self.proc.stderr.read().strip()
        self.proc.stdout.close()
        self.proc.stderr.close()

    def over(self) -> dict | None:
        return next((e for e in reversed(self.lines) if e.get("event") == "game_over"), None)


def _wait_all(processes: list, deadline: float, give_up_after: float | None) -> None:
    host, joiners = processes[0], processes[1:]
    while time.monotonic() < deadline and any(p.proc.poll() is None for p in processes):
        if give_up_after is not None and all(p.proc.poll() is not None for p in joiners) \
                and any(p.over() is None for p in joiners):
            deadline = min(deadline, time.monotonic() + give_up_after)
        time.sleep(0.05)
    for process in processes:
        process.wait(time.monotonic())
    if give_up_after is not None and host.killed:
        host.err += "\nno result after the soak gave up waiting"


def _save_moves(home: str) -> int | None:
    """Moves held by the LAN autosave in this machine's saves folder (None: no save)."""
    from game.saves.format import SaveError
    from game.saves.load import read_save

    found = None
    try:
        paths = list(Path(home).rglob("*-lan-*"))
    except OSError:
        return None
    for path in paths:
        try:
            moves = len(read_save(path).entries)
        except (SaveError, OSError):
            continue
        found = max(moves, found or 0)
    return found


def play_game(profile: Profile, seed: int, *, limit: float, scale: float = 1.0,
              players: int = PLAYERS, game: str = GAME,
              give_up_after: float | None = None) -> Outcome:
    """One game through the proxy (only the first joiner's connection is faulted).
    ``give_up_after``: once every joiner has exited and one of them without the end, wait
    only this long for the host (tests: the table would wait for that seat until the limit,
    and the game counts as hung either way)."""
    outcome = Outcome(profile.name, seed)
    started = time.monotonic()
    deadline = started + limit
    with tempfile.TemporaryDirectory(prefix="tracklayer-soak-") as base:
        homes = [os.path.join(base, f"peer{i}") for i in range(players)]
        host = SoakProcess(["host", game, "--headless", "--players", str(players), "--port", "0",
                         "--discovery-port", "-1", "--timeout", f"{limit:g}",
                         "--wait-limit", f"{WAIT_LIMIT:g}", "--print-moves"], homes[0])
        joiners, proxy = [], None
        try:
            host.first.wait(timeout=limit)
            if not host.lines or host.lines[0].get("event") != "listening":
                host.wait(time.monotonic() + 5)
                raise RuntimeError(f"the host did not listen: {host.err[-300:]}")
            proxy = FaultProxy(host.lines[0]["port"], profile, seed=seed, scale=scale)
            joiners = [SoakProcess(["join", f"127.0.0.1:{proxy.port}", "--headless", "--bot",
                                 "random", "--name", f"p{i}", "--timeout", f"{limit:g}",
                                 "--print-moves"],
                                homes[i]) for i in range(1, players)]
            _wait_all([host, *joiners], deadline + 3, give_up_after)
        finally:
            for process in [host, *joiners]:
                if process.proc.poll() is None:
                    process.wait(time.monotonic())
            if proxy is not None:
                outcome.proxy = list(proxy.notes)
                proxy.close()
        outcome.seconds = round(time.monotonic() - started, 2)
        _judge(outcome, host, joiners, homes)
    return outcome


def _judge(outcome: Outcome, host: SoakProcess, joiners: list, homes: list[str]) -> None:
    processes = [host, *joiners]
    ends = [p.over() for p in processes]
    outcome.hung = any(p.killed or "no result after" in p.err for p in processes)
    outcome.ends_missed = sum(1 for end in ends if end is None)
    outcome.errors = [p.err.splitlines()[-1] for p in processes if p.err and p.over() is None]
    hashes = {(end["seq"], end["hash"]) for end in ends if end is not None}
    outcome.diverged = len({h for _s, h in hashes}) > 1
    host_end = ends[0]
    outcome.host_seq = host_end["seq"] if host_end else None
    outcome.seqs = [end["seq"] if end else None for end in ends[1:]]
    roles = ["host"] + [f"joiner{i}" for i in range(1, len(processes))]
    outcome.saves = {role: _save_moves(home) for role, home in zip(roles, homes)}
    outcome.saves_behind = sum(1 for p in processes if p.behind)
    outcome.behind = {role: p.behind[:3] for role, p in zip(roles, processes) if p.behind}
    lost = False
    if host_end is not None:
        lost |= any(end is not None and end["seq"] != host_end["seq"] for end in ends)
    for end, role in zip(ends, roles):      # a peer's own save behind the end it printed
        moves = outcome.saves.get(role)
        if end is not None and (moves is None or moves < end["seq"]):
            lost = True
    host_save = outcome.saves.get("host")
    joiner_saves = [m for r, m in outcome.saves.items() if r != "host" and m is not None]
    if host_end is not None and joiner_saves and (host_save or 0) < max(joiner_saves):
        lost = True                          # the host lost a move some joiner holds
    outcome.moves_lost = lost


def soak(games: int, *, limit: float, scale: float, workers: int, wall_cap: float,
         profiles: list[Profile] = PROFILES, seed: int = 1) -> list[Outcome]:
    """Play up to ``games`` games (profiles in turn) in ``workers`` parallel slots; no new
    game starts after ``wall_cap`` seconds."""
    stop_at = time.monotonic() + wall_cap
    outcomes: list[Outcome] = []

    def one(index: int) -> Outcome | None:
        if time.monotonic() > stop_at:
            return None
        return play_game(profiles[index % len(profiles)], seed * 100000 + index,
                         limit=limit, scale=scale)

    with ThreadPoolExecutor(max_workers=workers) as pool:
        for outcome in pool.map(one, range(games)):
            if outcome is not None:
                outcomes.append(outcome)
    return outcomes


def summary(outcomes: list[Outcome], seconds: float) -> dict:
    """Totals, one line per profile, the failure messages seen and a few games to replay
    (``python -m game.benchmarks.net_soak PROFILE SEED``)."""
    numbers: dict = {"game": f"{GAME} {PLAYERS}p", "games_played": len(outcomes),
                     "games_per_minute": round(60 * len(outcomes) / max(seconds, 1e-9), 1)}
    numbers.update(_counts(outcomes))
    for name in dict.fromkeys(o.profile for o in outcomes):
        counts = _counts([o for o in outcomes if o.profile == name])
        numbers[f"profile_{name}"] = " ".join(f"{key}={value}" for key, value in counts.items())
    # every game's proxy and reader threads end with it (the soak once left one a game)
    numbers["threads_after"] = threading.active_count()
    errors = Counter(e for o in outcomes for e in o.errors)
    numbers["failure_messages"] = dict(errors.most_common(8))
    for kind in ("diverged", "hung", "moves_lost", "saves_behind"):
        examples = [f"{o.profile} {o.seed}" for o in outcomes if getattr(o, kind)][:3]
        if examples:
            numbers[f"replay_{kind}"] = examples
    return numbers


def _counts(outcomes: list[Outcome]) -> dict:
    return {"played": len(outcomes), "diverged": sum(o.diverged for o in outcomes),
            "hung": sum(o.hung for o in outcomes),
            "moves_lost": sum(o.moves_lost for o in outcomes),
            "ends_missed": sum(o.ends_missed for o in outcomes),
            "saves_behind": sum(o.saves_behind for o in outcomes),
            "host_save_behind": sum(1 for o in outcomes if o.host_save_behind())}


def run(quick: bool = False) -> dict:
    started = time.monotonic()
    if quick:
        outcomes = soak(len(PROFILES) * 2, limit=15.0, scale=0.25, workers=6, wall_cap=40.0)
    else:
        outcomes = soak(1000, limit=40.0, scale=1.0, workers=12, wall_cap=1500.0)
    return summary(outcomes, time.monotonic() - started)


def main(argv: list[str]) -> int:
    """Replay one soak game: ``python -m game.benchmarks.net_soak PROFILE SEED [SCALE]``;
    or a soak of another size: ``... --games N [--workers W] [--minutes M]`` (no game starts
    after M minutes, 60 by default; the bench's full run is 1,000 games in 12 slots: fewer
    slots leave a shared machine usable)."""
    if argv[:1] == ["--games"]:
        return _sized_soak(argv)
    profiles = {p.name: p for p in PROFILES}
    scale = _positive(argv[2]) if len(argv) == 3 else 1.0
    if len(argv) not in (2, 3) or argv[0] not in profiles or not argv[1].isdigit() \
            or scale is None:
        print(f"usage: python -m game.benchmarks.net_soak PROFILE SEED [SCALE] "
              f"(profiles: {', '.join(profiles)})\n"
              f"   or: python -m game.benchmarks.net_soak --games N [--workers W] [--minutes M]",
              file=sys.stderr)
        return 2
    print(play_game(profiles[argv[0]], int(argv[1]), limit=40.0, scale=scale))
    return 0


def _positive(text: str) -> float | None:
    try:
        value = float(text)
    except ValueError:
        return None
    return value if 0 < value < float("inf") else None


def _sized_soak(argv: list[str]) -> int:
    numbers = dict(zip(argv[0::2], argv[1::2]))
    if len(argv) % 2 or set(numbers) - {"--games", "--workers", "--minutes"} \
            or not all(v.isdigit() and int(v) > 0 for v in numbers.values()):
        print("usage: python -m game.benchmarks.net_soak --games N [--workers W] "
              "[--minutes M]", file=sys.stderr)
        return 2
    started = time.monotonic()
    outcomes = soak(int(numbers["--games"]), limit=40.0, scale=1.0,
                    workers=int(numbers.get("--workers", "12")),
                    wall_cap=60.0 * int(numbers.get("--minutes", "60")))
    print(json.dumps(summary(outcomes, time.monotonic() - started), indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
