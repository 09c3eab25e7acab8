"""net takes its bots and its disk from the caller (issue 15, ``net.local.services``): an endpoint
given ``make_bot`` plays its bot seats with it, and one given a ``persistence`` autosaves
and writes its netlog through it, not through ``game.saves``. In memory (MemNet)."""

from game.bots.base import make_bot
from game.paths import saves_dir
from net.protocol import messages as ids
from net.table.host import HostEndpoint
from net.table.joiner import ClientEndpoint
from net.protocol.lobby import Slot
from net.transport.memnet import MemNet
from net.local.services import NoPersistence
from tests.test_net_lockstep import FAST, GAME


class Recording(NoPersistence):
    def __init__(self):
        self.calls = []

    def start_autosave(self, match, role, peers, mine, **options):
        self.calls.append(("autosave", role))
        return None

    def write_netlog(self, match, role, commands=None, extra=None):
        self.calls.append(("netlog", role))
        return None


def test_the_endpoints_use_the_bots_and_the_persistence_they_are_given():
    bots_made = []

    def counting_bot(game, seat, level, seed):
        bots_made.append((seat, level))
        return make_bot(game, seat, level, seed)

    host_disk, joiner_disk = Recording(), Recording()
    config = GAME.make_config(2)
    host = HostEndpoint(GAME, config, [Slot(kind=ids.KIND_BOT, name="hal", level="random"),
                                       Slot()], timings=FAST, make_bot=counting_bot,
                        persistence=host_disk)
    net = MemNet(host, seed=1)
    joiner = ClientEndpoint("ann", timings=FAST, auto_bot="random", persistence=joiner_disk)
    net.connect(joiner)
    net.run_until(lambda: joiner.phase == "lobby", 2)
    joiner.set_ready(True)
    net.run_until(host.can_start, 2)
    assert host.start()
    assert net.run_until(lambda: host.phase == "over", 30)
    net.run_until(lambda: joiner.phase in ("over", "ended"), 5)
    host.close()
    net.run_until(lambda: joiner.phase == "ended", 5)

    assert (0, "random") in bots_made                  # the host's bot seat, by our maker
    assert ("autosave", "host") in host_disk.calls
    assert ("netlog", "host") in host_disk.calls
    assert ("autosave", "peer1") in joiner_disk.calls
    folder = saves_dir()                               # and nothing through game.saves
    assert not folder.exists() or not any(folder.iterdir())
