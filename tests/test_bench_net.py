"""The bench's network section runs end to end (quick mode) on loopback: a 6-peer game in
separate processes, the critical path, the loopback floor, catch-up and rebuild figures."""

import pytest

from game.benchmarks import net as bench_net

pytestmark = pytest.mark.timeout(120)


@pytest.mark.usefixtures("built_in_games_only")     # the bench's peers are child processes
def test_net_bench_section_measures_a_real_six_peer_game(tmp_path, monkeypatch):
    monkeypatch.setenv("TRACKLAYER_HOME", str(tmp_path))
    result = bench_net.run(quick=True)
    assert result["peers"] == 6 and result["moves_measured"] > 20
    assert 0 < result["propose_to_applied_all_p50_ms"] <= result["propose_to_applied_all_p99_ms"]
    assert result["move_frame_bytes_max"] <= 48          # the wire budget
    assert 0 < result["loopback_python_round_trip_p50_us"]
    assert result["rejoin_catch_up_tcp_ms"] > 0 and result["rebuild_from_full_log_ms"] > 0
