"""Metromania (base and Unfair Municipality) and Metro with companies at a fair table over
the in-memory network (issue 13): the answers about a hand (``attest``), the final shows and
a returned share dealt again go over the wire like the other records; every machine ends on
the host's hashes and a fair audit."""

import pytest

from game.match import parse_chance
from game.rules import get_game
from tests.test_net_fair import FairTable

pytestmark = pytest.mark.timeout(180)

METRO = get_game("metro")
MANIA = get_game("metromania")


@pytest.mark.parametrize("game,players,bots,variants", [
    (MANIA, 2, 1, []), (MANIA, 3, 1, ["unfair"]), (MANIA, 4, 2, ["unfair"]),
    (METRO, 3, 1, ["companies"])])
def test_a_fair_table_of_every_game_plays_to_a_fair_audit(game, players, bots, variants):
    table = FairTable(game, players, variants, host_bots=bots, spectators=1)
    table.start()
    assert table.run(table.all_over, limit=240)
    host_log = table.host.match.log
    for client in table.clients:
        log = client.match.log
        assert [(e.seq, e.seat, e.hash) for e in log] == [(e.seq, e.seat, e.hash)
                                                           for e in host_log]
        assert client.fair_join.replica.fair.verdict.fair, client.fair_join.replica.fair.verdict
    assert table.host.fair.verdict.fair
    kinds = {parse_chance(e.move)[0].kind for e in host_log if e.seat is None}
    if "unfair" in variants:
        assert {"attest", "show", "deal", "shuffle"} <= kinds
    if "companies" in variants:
        assert "show" in kinds
