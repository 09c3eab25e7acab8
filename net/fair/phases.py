"""The fair-deal protocol's phases, as one table: what each waits for, from whom, and what a
timeout or a departure does there.

Every machine's ``FairTable`` is in exactly one phase (``phase_of``), derived from the record
stream it has consumed, never sent: the host cannot claim another. The host's watch
(``net.fair.guard``) consults ``PHASES`` to decide what a late or lost dealer costs;
``net.fair.wait`` says which dealers the phase waits for; docs/protocol.md lists the table
(a test holds the two together).

A dealer is a machine that held a seat at START (its fairplay seat number is its peer id);
a spectator deals nothing, so no phase ever waits for one.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Phase(Enum):
    KEY_COMMIT = "key_commit"
    KEY_REVEAL = "key_reveal"
    ESCROW = "escrow"
    SEED = "seed"
    MOVE = "move"
    CHANCE = "chance"
    REKEY = "rekey"
    SECRETS = "secrets"
    AUDITED = "audited"


class Action(Enum):
    """What the host does about a dealer that is late (timeout) or gone (departure)."""
    ABORT = "abort"                  # back to the lobby, ABORT seen by all (counted once
    #                                  every key is committed; a joiner leaves a table
    #                                  that aborts too often)
    REBUILD_PART = "rebuild_part"    # a late roll part is rebuilt from its dealer's escrow
    #                                  (Overdue): the same value, nobody blamed
    BOT_AND_REKEY = "bot_and_rekey"  # a connected withholder loses its seats to the host's
    #                                  bot; its key is rebuilt from the escrow (a strict
    #                                  table stalls instead, until the host ends the game)
    WAIT_FOR_RETURN = "wait"         # a dropped machine is waited on like its moves (the
    #                                  host's wait_limit, then a bot), or until it is back
    REKEY_AT_ONCE = "rekey_at_once"  # its secret is rebuilt from the escrow at once
    NOTHING = "nothing"              # nothing is owed


@dataclass(frozen=True)
class PhaseRule:
    waits_for: str
    from_whom: str
    on_timeout: Action
    on_departure: Action


PHASES: dict[Phase, PhaseRule] = {
    Phase.KEY_COMMIT: PhaseRule("a KeyCommitted record (the hash of its key)",
                                "every dealer", Action.ABORT, Action.ABORT),
    Phase.KEY_REVEAL: PhaseRule("a KeyRevealed record (its public key, proved)",
                                "every dealer", Action.ABORT, Action.ABORT),
    Phase.ESCROW: PhaseRule("an Escrow record: its key shared among the other dealers, "
                            "each share sealed to its holder, with public commitments",
                            "every dealer (tables of 2 or more dealers)",
                            Action.ABORT, Action.ABORT),
    Phase.SEED: PhaseRule("its part of the setup roll (the public seed), fixed by its key",
                          "every dealer", Action.ABORT, Action.ABORT),
    Phase.MOVE: PhaseRule("a move (PROPOSE), checked and sequenced by the host",
                          "the player of the seat to act", Action.NOTHING,
                          Action.WAIT_FOR_RETURN),
    Phase.CHANCE: PhaseRule("its records of the opened chance step: a shuffle, draw "
                            "shares, a roll part, an answer, a show or a return",
                            "the dealers the step names (a roll: every active dealer; a "
                            "deal: every dealer but the drawer's machine; a shuffle: the "
                            "next shuffler; an answer: the hand's own machine)",
                            Action.BOT_AND_REKEY, Action.WAIT_FOR_RETURN),
    Phase.REKEY: PhaseRule("a KeyShare record: its escrow share of the departed dealer's key",
                           "every active dealer", Action.BOT_AND_REKEY,
                           Action.WAIT_FOR_RETURN),
    Phase.SECRETS: PhaseRule("a Secret record (its whole secret, for the audit)",
                             "every active dealer", Action.BOT_AND_REKEY,
                             Action.REKEY_AT_ONCE),
    Phase.AUDITED: PhaseRule("nothing: the verdict is in", "nobody", Action.NOTHING,
                             Action.NOTHING),
}

# where a roll can be open, so a late part of it is first rebuilt from its dealer's escrow
# (Overdue), before the phase's own timeout applies to what is still owed
ROLL_PARTS_LATE = (Phase.SEED, Phase.CHANCE, Phase.REKEY)
SETUP = (Phase.KEY_COMMIT, Phase.KEY_REVEAL, Phase.ESCROW, Phase.SEED)


def phase_of(fair) -> Phase:
    """The phase a ``FairTable`` is in, from what it has consumed."""
    if fair.verdict is not None:
        return Phase.AUDITED
    dealers = fair.dealers
    t = fair.transcript
    if fair.match is None:
        if len(t.key_commitments) < len(dealers):
            return Phase.KEY_COMMIT
        if len(t.public_keys) < len(dealers):
            return Phase.KEY_REVEAL
        if len(dealers) > 1 and len(fair.escrows) < len(dealers):
            return Phase.ESCROW
        return Phase.SEED
    if any(gone not in fair.recovered for gone in fair.departed):
        return Phase.REKEY
    if fair.finished:
        return Phase.SECRETS
    if fair.waiting_for_move:
        return Phase.MOVE
    return Phase.CHANCE
