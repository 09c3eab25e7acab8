"""Bench section "net.wire": what a fair table costs on the wire, per game and table size.

Each table is real machines on loopback: the host here (a bot plays its seat) and every other
dealer a ``run.py join --headless --bot random`` process, for each game at 2 to 6 dealers
(Metromania seats 4 at most). Counted on the host's connections, from the first byte to the
end's audit (the dealers' secrets relayed to every machine):

* ``<game>_<n>p_joiner_kb``: kilobytes one joiner received in the whole game (the mean of the
  joiners; ``_max``: the most any one received) — issue 28 item 5's target for Metro: <= 40;
* ``<game>_<n>p_largest_frame_b``: the largest frame the host sent a joiner (length prefix
  included) — target <= 8,192; ``_largest_up_b``: the largest a joiner sent the host;
* ``<game>_<n>p_start_s``: from the host's START to the table playing on the host (the
  dealers' keys and the public seed) — target for 6 dealers <= 1 s — and ``_first_move_s``
  to the first player's move applied on the host (the deal too, and one bot's move);
  ``_start_host_cpu_s``: the host's own CPU until it plays.

The joiners have processes (and so CPUs) of their own, as at a real table; on a machine with
fewer cores than dealers the start time holds the waits for a CPU too (the load average is
printed beside it). ``--quick`` plays each game at 2 dealers and Metro at 6.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

from game import lan_services
from game.benchmarks.measure import temporary_home
from game.cli.join import describe

lan_services.install()      # the tables benchmarked here play our bots and keep our saves

SECTION = "net.wire"
ROOT = Path(__file__).resolve().parents[2]
GAMES = {"metro": 6, "metromania": 4, "railroad-ink": 6}
TARGET_JOINER_KB = 40.0             # a Metro table (issue 28 item 5)
TARGET_FRAME_B = 8192
TARGET_START_S = 1.0                # 6 dealers on loopback


def _joiner(port: int, index: int, home: str) -> subprocess.Popen:
    env = dict(os.environ, TRACKLAYER_HOME=home, SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy")
    return subprocess.Popen([sys.executable, str(ROOT / "run.py"), "join",
                             f"127.0.0.1:{port}", "--headless", "--bot", "random",
                             "--name", f"j{index}", "--timeout", "180"],
                            cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            env=env)


def _check_joiners_alive(joiners: list[subprocess.Popen], game: str, dealers: int) -> None:
    """A joiner that quit before the game's end (refused, or failed) ends the table at once,
    with what it said, rather than leaving the host waiting for it until the time limit."""
    for joiner in joiners:
        if joiner.poll() is not None:
            said = joiner.stderr.read().decode("utf-8", "replace").strip().splitlines()
            raise RuntimeError(f"the {game} table of {dealers}: a joiner quit (exit "
                               f"{joiner.returncode}): {said[-1] if said else 'no message'}")


def play_table(game: str, dealers: int, limit: float = 180.0) -> dict:
    """One table of ``dealers`` machines to its end; the numbers of the module docstring."""
    from net.protocol import messages as ids
    from net.host import HostServer
    from net.protocol.lobby import Slot

    slots = [Slot(kind=ids.KIND_BOT, name="host", level="random")]
    slots += [Slot() for _ in range(dealers - 1)]
    server = HostServer.create(game, dealers, seats=slots, port=0, bind="127.0.0.1")
    endpoint = server.endpoint
    joiners: list[subprocess.Popen] = []
    conns: dict = {}
    started = ready = over = first_move = None
    cpu_at_start = cpu_ready = 0.0
    audited = finished = False
    with temporary_home("tracklayer-bench-wire-") as home:
        try:
            joiners = [_joiner(server.port, i, os.path.join(str(home), f"j{i}"))
                       for i in range(1, dealers)]
            def applied(seq: int, seat) -> None:
                nonlocal first_move
                if seat is not None and first_move is None:
                    first_move = time.perf_counter()

            endpoint.on_applied = applied
            deadline = time.monotonic() + limit
            while time.monotonic() < deadline:
                server.pump(0.002)
                for event in endpoint.poll():
                    audited |= event["event"] == "audit"
                    if event["event"] == "peer_refused":
                        raise RuntimeError(f"the {game} table of {dealers}: the host refused "
                                           f"a joiner: {describe(event['code'], event['args'])}")
                if endpoint.phase != "over":
                    _check_joiners_alive(joiners, game, dealers)
                for conn, peer in endpoint.by_conn.items():
                    conns[peer.pid] = conn          # the last connection of each joiner
                if endpoint.phase == "lobby" and endpoint.can_start():
                    started, cpu_at_start = time.perf_counter(), time.process_time()
                    endpoint.start()
                if ready is None and started is not None and endpoint.phase == "playing":
                    ready, cpu_ready = time.perf_counter(), time.process_time()
                if endpoint.phase == "over" and endpoint.all_confirmed():
                    over = over or time.monotonic()
                    # the end's paperwork: every dealer's secret relayed, the audit run
                    if audited or time.monotonic() - over > 15:
                        break
            else:
                raise RuntimeError(f"the {game} table of {dealers} did not finish")
            finished = True
            received = [conn.sent_bytes for conn in conns.values()]
            largest_down = max(conn.largest_sent for conn in conns.values())
            largest_up = max(conn.reader.largest for conn in conns.values())
            moves = endpoint.seq
            endpoint.close(ids.R_GAME_OVER)
            for _ in range(20):
                server.pump(0.001)
        finally:
            for joiner in joiners:
                try:
                    # a finished table's joiners leave by themselves; a failed one's are ended
                    joiner.wait(timeout=30 if finished else 0)
                except subprocess.TimeoutExpired:
                    joiner.kill()
                    joiner.wait()
                joiner.stderr.close()
            server.shutdown()
    return {"joiner_kb": round(sum(received) / len(received) / 1000, 1),
            "joiner_kb_max": round(max(received) / 1000, 1),
            "largest_frame_b": largest_down, "largest_up_b": largest_up,
            "start_s": round(ready - started, 3),
            "first_move_s": round(first_move - started, 3),
            "start_host_cpu_s": round(cpu_ready - cpu_at_start, 3),
            "moves": moves, "audited": audited}


def run(quick: bool = False) -> dict:
    numbers: dict = {}
    worst_metro_kb = worst_frame = 0.0
    for game, most in GAMES.items():
        sizes = [2] + ([6] if game == "metro" else []) if quick else range(2, most + 1)
        for dealers in sizes:
            key = f"{game.replace('-', '_')}_{dealers}p"
            try:
                table = play_table(game, dealers)
            except Exception as exc:  # noqa: BLE001 - one table's failure must not hide the rest
                numbers[f"{key}_error"] = f"{type(exc).__name__}: {exc}"
                continue
            for name, value in table.items():
                numbers[f"{key}_{name}"] = value
            if game == "metro":
                worst_metro_kb = max(worst_metro_kb, table["joiner_kb_max"])
            worst_frame = max(worst_frame, table["largest_frame_b"], table["largest_up_b"])
    numbers["load_average_1min"] = round(os.getloadavg()[0], 2)
    numbers["metro_joiner_kb_worst"] = worst_metro_kb
    numbers["largest_frame_b_worst"] = worst_frame
    numbers["targets"] = (f"Metro <= {TARGET_JOINER_KB:g} kB a joiner, frames <= "
                          f"{TARGET_FRAME_B} B, 6-dealer start <= {TARGET_START_S:g} s")
    numbers["ok"] = worst_metro_kb <= TARGET_JOINER_KB and worst_frame <= TARGET_FRAME_B and \
        all(v <= TARGET_START_S for k, v in numbers.items() if k.endswith("_6p_start_s"))
    return numbers


if __name__ == "__main__":
    import json

    args = sys.argv[1:]
    if len(args) == 2 and args[0] in GAMES and args[1].isdigit() \
            and 2 <= int(args[1]) <= GAMES[args[0]]:
        print(json.dumps(play_table(args[0], int(args[1])), indent=1))
    else:
        print(f"usage: python -m game.benchmarks.net_wire GAME DEALERS (games: "
              f"{', '.join(GAMES)}; 2 to 6 dealers, Metromania 4)", file=sys.stderr)
        sys.exit(2)
