"""``run.py host/join --headless`` stopped by SIGTERM or SIGHUP say goodbye as Ctrl-C does.

Real processes on 127.0.0.1 (ephemeral ports): the host stopped mid-game tells every joiner
it closed the table (not "connection lost") and exits 143/129; a joiner stopped mid-game leaves
with a BYE the host reports, and exits 143.
"""

import signal
import sys

import pytest

from tests.test_net_sockets import host_process, read_until, spawn

pytestmark = [pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")]


def started_table(tmp_path):
    host, port = host_process(2, tmp_path / "h", "--bot", "random")
    joiner = spawn("join", f"127.0.0.1:{port}", "--headless", "--move-delay", "0.3",
                   home=tmp_path / "j")
    read_until(joiner, "started")
    read_until(host, "started")
    return host, joiner


@pytest.mark.parametrize("signum,status", [(signal.SIGTERM, 143), (signal.SIGHUP, 129)])
def test_a_stopped_host_closes_the_table_for_its_joiners(tmp_path, signum, status):
    host, joiner = started_table(tmp_path)
    host.send_signal(signum)
    _out, err = host.communicate(timeout=20)
    assert host.returncode == status, err
    assert f"stopped by {signal.Signals(signum).name}" in err and "Traceback" not in err
    _out, jerr = joiner.communicate(timeout=20)
    assert joiner.returncode != 0
    assert jerr.strip().splitlines()[-1].endswith("the host closed the table"), jerr
    # the host's log of the table is kept (an unfinished LAN save to resume from)
    assert list((tmp_path / "h" / "saves").glob("*-lan-host*.tlsave"))


def test_a_stopped_joiner_leaves_with_a_goodbye(tmp_path):
    host, joiner = started_table(tmp_path)
    joiner.send_signal(signal.SIGTERM)
    _out, jerr = joiner.communicate(timeout=20)
    assert joiner.returncode == 143, jerr
    assert "stopped by SIGTERM: left the table" in jerr and "Traceback" not in jerr
    bye = read_until(host, "peer_bye")
    assert bye["code"] == "left"
    host.send_signal(signal.SIGTERM)
    host.communicate(timeout=20)
    assert host.returncode == 143


def test_a_stop_is_not_swallowed_by_a_guard_that_keeps_the_table_alive():
    """A stop arriving while a broad ``except Exception`` guard runs (an autosave, a move
    applied) still stops the command: it once played the game on to its end and exited 0."""
    import os
    import time

    from game.cli import CliError
    from game.cli.stopping import stop_signals

    with pytest.raises(CliError) as stopped:
        with stop_signals("left the table"):
            try:
                os.kill(os.getpid(), signal.SIGTERM)
                time.sleep(5)
            except Exception:  # noqa: BLE001 - the guard under test
                pass
            time.sleep(0.01)
    assert "stopped by SIGTERM" in str(stopped.value)
