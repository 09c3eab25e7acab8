"""``run.py bench --only phone`` (issue 27) runs and reports its numbers: the quick mode here,
as a smoke test (real host processes and scripted phones on loopback). Sizes are checked
(the first page load is bounded and fetches nothing from outside the table); times are only
reported, never asserted: the TV's frame times with phones and without are only checked to
be there, and moves to have landed while they were timed."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.timeout(240)


def test_the_phone_bench_section_reports_every_number():
    from game.benchmarks import sections

    numbers = sections()["phone"].run(quick=True, tv=False)   # the TV's frames: below
    for key in ("page_bytes_gzip", "join_ms_median", "join_ms_p95", "tap_ms_p95",
                "party32_host_cpu_cores", "party32_tap_ms_p95"):
        assert key in numbers, numbers
        assert numbers[key] >= 0, (key, numbers[key])
    assert numbers["page_external_refs"] == 0
    assert 0 < numbers["page_bytes_gzip"] <= 300 * 1024
    assert numbers["tap_moves"] > 8 and numbers["party32_moves"] >= 32 * 4


def test_the_phone_bench_times_the_tvs_frames_while_phones_play():
    from game.benchmarks import phone_tv

    numbers = phone_tv.run(quick=True)
    tables = ("ri8", "metro6_hand3", "mania4")
    tv = [f"tv_{table}_{seats}_cpu_ms_{q}" for table in tables
          for seats in ("phones", "bots") for q in ("p50", "p99", "max")]
    tv += [f"tv_{table}_phones_pump_ms_{q}" for table in tables
           for q in ("p50", "p99", "max")]
    # the frames in which a move landed, on their own (every table where one did)
    tv += [f"tv_ri8_phones_landing_ms_{q}" for q in ("p50", "p99", "max")]
    for key in tv:
        assert key in numbers, numbers
        assert numbers[key] >= 0, (key, numbers[key])
    # the TV's frames were timed while the phones (and, for the baseline, the bots) played
    assert numbers["tv_ri8_phones_moves"] > 0 and numbers["tv_ri8_bots_moves"] > 0
    assert numbers["tv_ri8_phones_landing_frames"] > 0
