"""The fair driver (net.fairdeal) on the games' extra chance kinds (issue 13): Metromania's
Unfair Municipality (``attest``: a seat answers about its own hand; ``show``: the unplaced
markers named at the end; a marker placed by a dig carries its CardPlayed) and Metro with
companies (``return``: a share goes back face down under its pile and is dealt again;
``show`` at the end). Honest tables end on the same hashes and pass the audit; a curious
joiner learns no other seat's letters; a lie in an answer or a show is named by the audit on
every machine.
"""

from __future__ import annotations

import pytest

from game.match import parse_chance
from game.rules import get_game
from game.rules.core import Rng
from game.rules.fairplay import PUBLIC
from game.rules.fairplay.cipher import unmask
from game.rules.fairplay.records import CardPlayed, Returned
from game.rules.metromania.markers import ALL_MARKERS, HIDDEN_LETTER, deal as local_deal
from net.fairkinds import ATTEST
from tests.test_fair_driver import Table

METRO = get_game("metro")
MANIA = get_game("metromania")


def finish(table: Table) -> None:
    table.play()
    table.settle()
    hashes = table.hashes()
    assert all(h == hashes[0] for h in hashes) and len(hashes[0]) > 10
    assert all(h for h in hashes[0])


@pytest.mark.parametrize("game,players,variants,dealers", [
    (MANIA, 2, [], [0, 1]),
    (MANIA, 3, ["unfair"], [0, 1, 2]),
    (MANIA, 4, ["unfair"], [0, 1, 2, 2]),
    (METRO, 3, ["companies"], [0, 1, 2]),
])
def test_an_honest_table_of_every_game_agrees_and_passes_the_audit(game, players, variants,
                                                                  dealers):
    table = Table(game, game.make_config(players, variants), dealers, spectators=[9])
    finish(table)
    for pid, machine in table.machines.items():
        assert machine.verdict is not None and machine.verdict.fair, (pid, machine.verdict)
        assert machine.match.is_over()
    kinds = {parse_chance(e.move)[0].kind for e in table.ref.match.log if e.seat is None}
    if "unfair" in variants:
        assert {"attest", "show", "deal", "shuffle"} <= kinds
        assert any(isinstance(r, CardPlayed) for r in table.ref.transcript.records)
    if "companies" in variants:
        assert "show" in kinds
        returned = [r for r in table.ref.transcript.records if isinstance(r, Returned)]
        assert "return" not in kinds or returned
