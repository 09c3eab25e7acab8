"""``DealMachine`` reaches its table only through ``DealTable`` (net.fair.phases): a real
``FairTable`` has every member the Protocol names, and over whole games (Metromania with a
dealer that leaves for good, its seats played on and its hand read by all; Railroad Ink's
rolls), with the machine asked at every record what it waits for and what a timeout or a
departure would do, the machine and everything it hands its table to read exactly the
members ``DealTable`` names: none other, and each of them."""

from __future__ import annotations

import pytest

from game.rules import get_game
from net.fair.deal import FairTable
from net.fair.phases import DealTable
from tests.test_fair_driver import INK, Table, depart, secret

MANIA = get_game("metromania")
NAMES = set(DealTable.__annotations__) | {
    name for name in vars(DealTable) if not name.startswith("_")}


class OnlyDealTable:
    """A real table seen through ``DealTable``: any other name read is an error; the names
    read are noted in ``seen``."""

    def __init__(self, real: FairTable, seen: set) -> None:
        object.__setattr__(self, "real", real)
        object.__setattr__(self, "seen", seen)

    def __getattr__(self, name: str):
        if name not in NAMES:
            raise AssertionError(f"the deal machine read {name!r}, which DealTable does not "
                                 "name")
        self.seen.add(name)
        return getattr(self.real, name)

    def __setattr__(self, name: str, value) -> None:
        raise AssertionError(f"the deal machine set {name!r} on its table")


def through_deal_table(table: Table, seen: set) -> None:
    """Every machine's DealMachine sees its table through ``OnlyDealTable``, and is asked
    after every record what the host's watch would ask it."""
    for machine in table.machines.values():
        machine.machine.table = OnlyDealTable(machine, seen)

    def ask(_record) -> None:
        for pid, machine in table.machines.items():
            deal = machine.machine
            deal.waiting()
            deal.on_timeout(set(table.machines))
            deal.on_departure({pid})
            deal.late_again()
    table.observer = ask


def test_a_fair_table_has_every_member_its_machine_reads():
    fair = FairTable(MANIA, MANIA.make_config(2), [0, 1], 0, secret(0))
    missing = {name for name in NAMES
               if name not in vars(fair) and not hasattr(FairTable, name)}
    assert not missing
    assert len(NAMES) >= 20          # the whole interface, not an empty Protocol


def test_the_machine_reads_exactly_what_deal_table_names():
    seen: set = set()
    table = Table(MANIA, MANIA.make_config(3, ["unfair"]), [0, 1, 2], spectators=[9])
    through_deal_table(table, seen)
    table.play(moves=6)
    depart(table, 2, stand_in=0)     # its seats go on, its part is rebuilt from the escrow
    table.play()
    table.settle()
    assert all(m.verdict is not None and m.verdict.fair for m in table.machines.values())
    ink = Table(INK, INK.make_config(2), [0, 1])
    through_deal_table(ink, seen)
    ink.play()
    ink.settle()
    assert ink.ref.verdict is not None and ink.ref.verdict.fair
    assert seen == NAMES, NAMES - seen     # a name nothing reads has no place in DealTable


def test_a_name_outside_deal_table_is_caught():
    table = Table(MANIA, MANIA.make_config(2), [0, 1])
    view = OnlyDealTable(table.ref, set())
    assert view.transcript is table.ref.transcript
    with pytest.raises(AssertionError):
        view.game          # the table's game: not the machine's business
