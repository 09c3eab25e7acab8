"""The bench's wire numbers (issue 28 item 5) are measured on a real table: a Metromania
table of the host and one ``run.py join`` process, to its end's audit. The test checks the
numbers are there and consistent, not their values (those are the bench's to print)."""

import pytest

from game.benchmarks.net_wire import play_table


@pytest.mark.usefixtures("built_in_games_only")     # the joiner is a child process
def test_the_wire_bench_counts_a_joiners_bytes_frames_and_the_start(tmp_path, monkeypatch):
    monkeypatch.setenv("TRACKLAYER_HOME", str(tmp_path))
    table = play_table("metromania", 2)
    assert table["audited"] and table["moves"] > 10
    assert table["joiner_kb"] == table["joiner_kb_max"] > 1.0        # one joiner
    # the largest frames are whole frames of what was counted
    assert 8 < table["largest_frame_b"] <= 1000 * table["joiner_kb"]
    assert table["largest_up_b"] > 8
    assert 0 < table["start_s"] <= table["first_move_s"] and table["start_host_cpu_s"] >= 0


def test_a_joiner_refused_for_its_rules_version_fails_the_table_at_once(tmp_path, monkeypatch):
    """With Pebbles registered here the host's rules version is not the child joiner's: the
    host refuses it, and the bench says so at once instead of waiting out its time limit
    (pytest's timeout would end the test first)."""
    monkeypatch.setenv("TRACKLAYER_HOME", str(tmp_path))
    with pytest.raises(RuntimeError, match="different rules") as refused:
        play_table("metromania", 2)
    assert "both sides need the same Tracklayer version" in str(refused.value)
