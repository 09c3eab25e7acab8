"""``HostWatch`` (is a joiner's host still there?) on its own: no endpoint, no network. The UI
hears "host_interrupted" once per silence and "host_back" with the next frame only; a new
connection restarts the silence without a "host_back"; the heartbeat is due after
``heartbeat`` seconds without sending; ``due`` says when either next matters."""

from net.table.hostwatch import HostWatch
from net.transport.timing import Timings


def test_a_silence_is_told_once_and_the_next_frame_ends_it():
    now = [100.0]
    events: list[str] = []
    watch = HostWatch(lambda: now[0], lambda event, **_: events.append(event))
    timings = Timings()
    watch.link_up()
    watch.sent()
    later = now[0] + timings.interrupted + 0.01
    assert not watch.beat_due(now[0], watch.silent_for(now[0]), timings)
    watch.beat_due(later, watch.silent_for(later), timings)
    watch.beat_due(later + 0.01, watch.silent_for(later + 0.01), timings)
    assert events == ["host_interrupted"]
    watch.link_up()                     # a new link: no frame heard yet
    assert events == ["host_interrupted"] and watch.interrupted
    now[0] = later
    watch.frame_came()
    watch.frame_came()
    assert events == ["host_interrupted", "host_back"] and not watch.interrupted
    assert watch.silent_for(later + 1.0) == 1.0


def test_the_heartbeat_and_the_wake_up_times():
    now = [5.0]
    watch = HostWatch(lambda: now[0], lambda event, **_: None)
    timings = Timings()
    watch.frame_came()
    watch.sent()
    assert not watch.beat_due(5.0 + timings.heartbeat - 0.01, 0.0, timings)
    assert watch.beat_due(5.0 + timings.heartbeat, 0.0, timings)
    assert sorted(watch.wake_times(timings)) == sorted(
        [5.0 + timings.dropped, 5.0 + timings.heartbeat, 5.0 + timings.interrupted])
    watch.beat_due(5.0, timings.interrupted + 1, timings)        # told: no wake-up for it
    assert sorted(watch.wake_times(timings)) == sorted([5.0 + timings.dropped, 5.0 + timings.heartbeat])
