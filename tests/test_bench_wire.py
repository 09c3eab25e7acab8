"""The bench's wire numbers (issue 28 item 5) are measured on a real table: a Metromania
table of the host and one ``run.py join`` process, to its end's audit. The test checks the
numbers are there and consistent, not their values (those are the bench's to print)."""

from game.benchmarks.net_wire import play_table


def test_the_wire_bench_counts_a_joiners_bytes_frames_and_the_start(tmp_path, monkeypatch):
    from tests import fourth_game

    monkeypatch.setenv("TRACKLAYER_HOME", str(tmp_path))
    # the joiner is a child process with the built-in games only: this process' host leaves
    # the test-only Pebbles out meanwhile (the same rules version as the joiner's)
    fourth_game.uninstall()
    try:
        table = play_table("metromania", 2)
    finally:
        fourth_game.install()
    assert table["audited"] and table["moves"] > 10
    assert table["joiner_kb"] == table["joiner_kb_max"] > 1.0        # one joiner
    # the largest frames are whole frames of what was counted
    assert 8 < table["largest_frame_b"] <= 1000 * table["joiner_kb"]
    assert table["largest_up_b"] > 8
    assert 0 < table["start_s"] <= table["first_move_s"] and table["start_host_cpu_s"] >= 0
