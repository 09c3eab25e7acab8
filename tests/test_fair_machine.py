"""The deal's state machine (net.fair.phases.DealMachine) over real in-process tables: one
call says what the table waits for now, from whom and what a timeout or a departure does, and
the machine's decisions are the protocol's (docs/protocol.md): a late key aborts the setup, a
late draw share or roll part is rebuilt from the escrow, a late shuffle step is skipped, a
secret late at the end is rebuilt from the escrow with nobody named (issue 28, item 2), as a
gone dealer's is at once."""

from __future__ import annotations

from game.rules.fairplay.records import DrawShared, KeyCommitted, RollContributed, Shuffled
from net.fair.dues import SECRET
from net.fair.phases import Action, Phase
from tests.test_fair_driver import INK, METRO, Table


class Withholding(Table):
    """A table whose dealer ``quiet`` does not send the records ``holds`` picks."""

    def __init__(self, *args, quiet: int = 1, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.quiet = quiet
        self.holds = lambda record: False
        self.held_back: list = []
        self.tamper = self.keep_back       # the driver's hook: None is a record not sent

    def keep_back(self, pid: int, record):
        if pid == self.quiet and self.holds(record):
            self.held_back.append(record)
            return None
        return record


def test_a_late_key_aborts_the_setup():
    table = Withholding(METRO, METRO.make_config(2), [0, 1])
    table.holds = lambda record: isinstance(record, KeyCommitted)
    table.settle()
    machine = table.ref.machine
    waiting = machine.waiting()
    assert (waiting.phase, waiting.dealers, waiting.on_timeout) == (
        Phase.KEY_COMMIT, (1,), Action.ABORT)
    assert machine.on_timeout({0, 1}).action is Action.ABORT
    assert machine.on_timeout({0, 1}).items == (1,)
    assert machine.on_departure({0}).action is Action.ABORT


def until(table, holds) -> None:
    """Play on until the quiet dealer holds a record back."""
    table.holds = holds
    while not table.held_back:
        table.settle()
        if table.held_back or table.ref.match.is_over():
            break
        table.play_one()


def test_a_late_draw_share_is_rebuilt_and_a_late_shuffle_step_skipped():
    table = Withholding(METRO, METRO.make_config(2), [0, 1])
    until(table, lambda record: isinstance(record, Shuffled))
    machine = table.ref.machine
    waiting = machine.waiting()
    assert waiting.phase is Phase.CHANCE and waiting.step[0] == "shuffle" \
        and waiting.dealers == (1,)
    decision = machine.on_timeout({0, 1})
    assert decision.action is Action.SKIP_STEP and decision.items[0][2] == 1
    table = Withholding(METRO, METRO.make_config(2), [0, 1])
    until(table, lambda record: isinstance(record, DrawShared))
    machine = table.ref.machine
    waiting = machine.waiting()
    assert waiting.phase is Phase.CHANCE and waiting.step[0] in ("deal", "reveal") \
        and waiting.dealers == (1,) and waiting.on_timeout is Action.STALL
    decision = machine.on_timeout({0, 1})
    assert decision.action is Action.REBUILD_SHARE and {item[4] for item in decision.items} \
        == {1}
    assert machine.on_departure({0}).action is Action.WAIT_FOR_RETURN


def test_a_late_roll_part_is_rebuilt():
    table = Withholding(INK, INK.make_config(2), [0, 1])
    until(table, lambda record: isinstance(record, RollContributed)
          and record.roll != "setup")
    machine = table.ref.machine
    waiting = machine.waiting()
    assert waiting.phase is Phase.CHANCE and waiting.step[0] == "roll" \
        and waiting.dealers == (1,)
    decision = machine.on_timeout({0, 1})
    assert decision.action is Action.REBUILD_PART and decision.items[0][2] == 1


def test_a_late_secret_is_rebuilt_naming_nobody_and_a_gone_dealers_at_once():
    table = Withholding(METRO, METRO.make_config(2), [0, 1])
    table.holds = lambda record: isinstance(record, dict) and record.get("kind") == SECRET
    table.play()
    table.settle()
    machine = table.ref.machine
    waiting = machine.waiting()
    assert (waiting.phase, waiting.dealers) == (Phase.SECRETS, (1,))
    late = machine.on_timeout({0, 1})                       # connected: rebuilt, not named
    assert (late.action, late.items) == (Action.REKEY_AT_ONCE, (1,))
    assert machine.on_timeout({0}).items == (1,)            # gone: rebuilt the same way
    gone = machine.on_departure({0})
    assert (gone.action, gone.items) == (Action.REKEY_AT_ONCE, (1,))
    assert machine.on_departure({0, 1}).action is Action.NOTHING
