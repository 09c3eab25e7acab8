"""The fair-deal protocol's phases (net.fair.phases): every machine derives the same phase
from the stream it consumed, the phases come in the order the protocol says, and
docs/protocol.md lists each phase with what it waits for and what a timeout or a departure
does there."""

from __future__ import annotations

import re
from pathlib import Path

from net.fair.phases import PHASES, SETUP, Action, Phase, phase_of
from tests.test_fair_driver import METRO, Table

DOC = Path(__file__).resolve().parent.parent / "docs" / "protocol.md"


def test_every_machine_walks_the_same_phases_in_the_protocol_order():
    table = Table(METRO, METRO.make_config(2), [0, 1], spectators=[9])
    seen: list[Phase] = [phase_of(table.ref)]

    def note(_record) -> None:
        phases = {phase_of(machine) for machine in table.machines.values()}
        assert len(phases) == 1, phases           # derived alike, the spectator's too
        if phases != {seen[-1]}:
            seen.append(phases.pop())
    table.observer = note           # after each record
    while True:
        table.settle()
        note(None)                  # between the records and the next move
        if table.ref.match.is_over():
            break
        table.play_one()
    table.settle()
    note(None)
    assert seen[:4] == [Phase.KEY_COMMIT, Phase.KEY_REVEAL, Phase.ESCROW, Phase.SEED]
    assert seen[-2:] == [Phase.SECRETS, Phase.AUDITED]
    assert {Phase.MOVE, Phase.CHANCE} <= set(seen[4:-2]) <= {Phase.MOVE, Phase.CHANCE}


def test_only_the_setup_aborts_and_every_phase_has_a_rule():
    assert set(PHASES) == set(Phase)
    aborting = {p for p, rule in PHASES.items()
                if Action.ABORT in (rule.on_timeout, rule.on_departure)}
    assert aborting == set(SETUP)


def test_the_protocol_document_lists_every_phase_with_its_rule():
    rows = {}
    for line in DOC.read_text(encoding="utf-8").splitlines():
        found = re.match(r"\|\s*`(\w+)`\s*\|(.*)\|\s*$", line)
        if found:
            rows[found.group(1)] = found.group(2)
    for phase, rule in PHASES.items():
        row = rows.get(phase.value)
        assert row is not None, f"docs/protocol.md has no row for {phase.value}"
        cells = [cell.strip() for cell in row.split("|")]
        assert f"`{rule.on_timeout.value}`" in cells[-2], (phase, cells)
        assert f"`{rule.on_departure.value}`" in cells[-1], (phase, cells)
