"""One Railroad Ink table for the whole party: 32 seats, a state hash whose cost per move does
not grow with the seats (per-seat digests, re-computed only for the seat a move touched), and
a host with 31 joiners playing a whole game in memory with every peer agreeing."""

from __future__ import annotations

import pytest

from game.cli import CliError
from game.match import Match
from game.rules import get_game
from game.rules.core import ConfigError, Rng, canonical_bytes, hash_bytes, state_hash
from game.rules.railroad_ink import state as ink_state
from net.protocol.schema import MAX_SEATS

GAME = get_game("railroad-ink")


def fresh_hash(state) -> str:
    """The hash of a state computed from nothing (no cached digest of any seat)."""
    copy = state.copy()
    for seat in copy.seats:
        seat.cached_digest = seat.cached_sheet = seat.cached_start = None
    return state_hash(GAME, copy)


def test_thirty_two_seats_for_railroad_ink_only():
    assert GAME.max_players == MAX_SEATS == 32
    assert GAME.make_config(32, ["meteor"])["players"] == 32
    with pytest.raises(ConfigError):
        GAME.make_config(33, [])
    assert get_game("metro").max_players == 6 and get_game("metromania").max_players == 4


@pytest.mark.parametrize("variants", [[], ["meteor"], ["volcano"], ["lake"]])
def test_the_cached_hash_is_always_the_hash_from_nothing(variants):
    match = Match.new(GAME, GAME.make_config(5, variants), 11)
    rng = Rng(4)
    steps = 0
    while not match.is_over() and steps < 900:
        seat = rng.choice(list(match.to_act()))
        match.apply(seat, rng.choice(GAME.legal_moves(match.state, seat)))
        assert match.log[-1].hash == fresh_hash(match.state)
        steps += 1
    assert match.is_over()
    # a clone hashes like its original, a view like a table state of the same position
    assert state_hash(GAME, GAME.clone(match.state)) == match.hash()
    assert GAME.public_digest(match.state) == canonical_bytes(
        match.state.digest_parts(GAME.view(match.state, None).rng))


def test_two_states_that_differ_in_one_seat_hash_differently():
    config = GAME.make_config(32, [])
    one, other = GAME.new_game(config, 3), GAME.new_game(config, 3)
    assert state_hash(GAME, one) == state_hash(GAME, other)
    move = GAME.legal_moves(other, 17)[0]
    GAME.play(other, 17, move)
    assert state_hash(GAME, one) != state_hash(GAME, other)
    GAME.play(one, 17, move)
    assert state_hash(GAME, one) == state_hash(GAME, other)


def test_a_move_rehashes_only_the_seat_it_touched(monkeypatch):
    state = GAME.new_game(GAME.make_config(32, []), 8)
    state_hash(GAME, state)
    counted = []
    original = ink_state._sheet_digest
    monkeypatch.setattr(ink_state, "_sheet_digest",
                        lambda sheet: counted.append(1) or original(sheet))
    move = GAME.legal_moves(state, 9)[0]
    GAME.play(state, 9, move)
    state_hash(GAME, state)
    assert len(counted) == 1          # the sheet of seat 9, not the 32 sheets
    for seat in range(32):            # everybody plays round 1 out, hashed after every move
        while seat in GAME.to_act(state):
            moves = GAME.legal_moves(state, seat)
            move = next((m for m in moves if str(m) == "end"), moves[0])
            counted.clear()
            GAME.play(state, seat, move)
            state_hash(GAME, state)
            # its own sheet only; an end (even one that starts a round) changes no sheet
            assert len(counted) == (0 if str(move) == "end" else 1)
    assert state.round == 2           # the rounds were started without hashing any sheet


def test_the_hash_is_the_documented_combination():
    state = GAME.new_game(GAME.make_config(2, []), 1)
    assert state_hash(GAME, state) == hash_bytes(canonical_bytes(
        [GAME.name, state.digest_parts()]))


def test_join_takes_up_to_thirty_two_seats_headless():
    from game.cli.join import run

    class Args:
        headless, address, name, token, bot, rejoin = True, "127.0.0.1:9", "ann", "", "random", False
        move_delay, timeout = 0.0, 0.1
        seats = 33
    with pytest.raises(CliError, match="between 0 and 32"):
        run(Args())


@pytest.mark.timeout(240)
def test_a_host_and_seven_joiners_play_two_rounds_of_32_seats_and_agree():
    """Seven joiners holding 31 seats (four or five each) play the first two rounds (every
    seat's moves of a round land on every machine) and agree at the second round's end. The
    whole game at 32 seats is the loopback test below (processes, a few joiners); 31 joiners
    of one seat each are ``run.py bench --only net.ink32`` (over TCP): every machine checks
    every dealer's part of each roll, so the work grows with the square of the machines and
    31 of them in one test process cost over half a minute of the suite."""
    from tests.test_net_lockstep import FAST, Table    # noqa: PLC0415 - the MemNet table
    table = Table(players=32, game=GAME, timings=FAST, clients=0)
    for index, seats in enumerate((5, 5, 5, 4, 4, 4, 4)):
        table.join(f"p{index}", wanted_seats=seats)
    table.start()
    assert sorted(len(c.seats) for c in table.clients) == [4, 4, 4, 4, 5, 5, 5]

    def third_round() -> bool:
        return table.host.match.state.round >= 3 or table.all_over()

    end = table.net.now + 600
    while table.net.now < end and not third_round():
        table.net.advance(0.2)
        for client in table.clients:
            for event in client.poll():
                assert event["event"] != "rejected", event
    assert third_round(), (table.host.phase, table.host.seq)
    # the host has sequenced the second round's last move: every joiner applies it too
    seq = table.host.seq
    while table.net.now < end and not all(c.seq >= seq for c in table.clients):
        table.net.advance(0.05)
    assert all(client.seq >= seq for client in table.clients)
    assert len(table.host.match.log) >= 32 * 2 * 4     # two rounds of four dice, every seat
    table.check_agreement()        # every joiner's log, hash by hash, is the host's


def _digests_per_move(players: int, games: int, monkeypatch) -> float:
    """Hash work per move, counted (not timed): the BLAKE2b digests the seats' states take
    to seal each move of random games, over the moves."""
    from game.match import Match
    from game.rules import get_game
    from game.rules.core import Rng
    from game.rules.railroad_ink import state as state_module

    count = [0]
    blake = state_module._blake

    def counted(value):
        count[0] += 1
        return blake(value)

    monkeypatch.setattr(state_module, "_blake", counted)
    game = get_game("railroad-ink")
    moves = 0
    for index in range(games):
        match = Match.new(game, game.make_config(players, []), 100 + index)
        rng = Rng(index)
        match.hash()                      # the set-up is hashed once, before any move
        while not match.is_over():
            acting = match.to_act()
            seat = acting[rng.below(len(acting))]
            match.apply(seat, rng.choice(game.legal_moves(match.state, seat)))
            moves += 1
    return count[0] / moves


def test_the_bench_figures_hold_in_short(monkeypatch):
    """The bench's figures, small and counted rather than timed: hashing a move of a 32-seat
    game takes about as much work as in a 1-seat game (one sheet is re-hashed, not 32), every
    compact move frame fits 24 bytes, a peer replays a round (the bench times these)."""
    from game.benchmarks import net_ink32

    one = _digests_per_move(1, 3, monkeypatch)
    many = _digests_per_move(32, 1, monkeypatch)
    assert many <= 2.5 * one, (one, many)
    size, notation = net_ink32.largest_move_frame(1)
    assert size <= 24, notation
    assert len(net_ink32.round_apply_cpu(1)) == 7


@pytest.mark.timeout(150)
def test_a_32_seat_table_over_loopback_processes(tmp_path):
    """Real processes on 127.0.0.1: a headless host (one seat, its bot) and three headless
    joiners taking 10, 10 and 11 seats play a whole 32-seat game and end alike."""
    import json
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               TRACKLAYER_HOME=str(tmp_path / "home"))

    def spawn(*args):
        return subprocess.Popen([sys.executable, str(root / "run.py"), *args], cwd=root,
                                env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                text=True)

    host = spawn("host", "railroad-ink", "--headless", "--players", "32", "--port", "0",
                 "--bind", "127.0.0.1", "--discovery-port", "-1")
    joiners = []
    try:
        first = json.loads(host.stdout.readline())
        assert first["event"] == "listening", first
        joiners = [spawn("join", f"127.0.0.1:{first['port']}", "--headless", "--bot", "random",
                         "--seats", str(seats), "--name", f"j{index}")
                   for index, seats in enumerate((10, 10, 11))]
        ends = []
        for proc in [host, *joiners]:
            out, err = proc.communicate(timeout=140)
            assert proc.returncode == 0, err[-2000:]
            ends.append(json.loads([line for line in out.splitlines() if line.strip()][-1]))
    finally:
        for proc in [host, *joiners]:
            if proc.poll() is None:
                proc.kill()
    assert all(end["event"] == "game_over" for end in ends), ends
    assert len({end["hash"] for end in ends}) == 1 and len({end["seq"] for end in ends}) == 1
    assert len(ends[0]["scores"]) == 32


def test_the_games_end_scores_only_the_last_sheet_to_finish(monkeypatch):
    """Each sheet is scored as its player ends the last round, so the move that ends a
    32-seat game does not score all 32 sheets at once on every peer (it did: ~3 ms per peer,
    all at the same moment), and the final scores are those scored from nothing."""
    from game.rules.railroad_ink import game as ink_game
    from game.rules.railroad_ink.scoring import score_sheet

    calls = []

    def counting(sheet, expansion):
        calls.append(1)
        return score_sheet(sheet, expansion)

    monkeypatch.setattr(ink_game, "score_sheet", counting)
    match = Match.new(GAME, GAME.make_config(32, []), 21)
    rng = Rng(8)
    while not match.is_over():
        acting = match.to_act()
        seat = acting[rng.below(len(acting))]
        calls.clear()                 # what the game's last move scores is left in it
        match.apply(seat, rng.choice(GAME.legal_moves(match.state, seat)))
    assert len(calls) == 1
    assert match.scores()["scores"] == [score_sheet(s.sheet, "")[0]["total"]
                                        for s in match.state.seats]
