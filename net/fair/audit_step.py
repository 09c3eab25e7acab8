"""The fair table's last step: the dealers' secrets and the end-of-game audit (issue 13).

After the last move every dealer publishes its secret (``Secret``) and every machine runs
``fairplay.audit``: the ``Verdict`` names a cheat, or says the game was fair. A dealer that
left instead has its key (and secret) rebuilt from the escrow (net.fair.leave); the audit runs
once every key is in. A game whose audit cannot run (a secret missing when the table ends) is
void on this machine, naming the dealers whose secret is missing.

``AuditStep`` is a part of ``net.fair.deal.FairTable`` with its own state (the secrets taken,
the verdict, whether the audit waits for the end of a pump); it reaches the table only
through ``AuditTable``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol, Sequence

from game.rules.fairplay import audit
from net.fair.dues import SECRET
from net.fair.errors import FairError
from net.fair.share_proof import blame_relay


@dataclass(frozen=True)
class Verdict:
    """The end-of-game audit: ``fair``; else the dealers named, the first finding's kind and
    its English text (the client translates by ``kind``)."""
    fair: bool
    cheaters: tuple = ()
    kind: str = ""
    message: str = ""

    def to_plain(self) -> dict:
        return {"fair": self.fair, "cheaters": list(self.cheaters), "kind": self.kind,
                "message": self.message}


class AuditTable(Protocol):
    """What ``AuditStep`` reads of its table."""
    dealers: Sequence[int]
    match: Any                       # None before the setup's end
    transcript: Any                  # every record, for the cipher audit
    unproved_shares: set             # shares relayed without their proofs (net.fair.bundle)

    @property
    def finished(self) -> bool: ...

    @property
    def active(self) -> Sequence[int]: ...

    @property
    def departed(self) -> Sequence[int]: ...

    @property
    def recovered(self) -> dict: ...            # departed dealer -> rebuilt key

    @property
    def recovered_secrets(self) -> dict: ...    # departed dealer -> rebuilt secret

    def audit_extra(self): ...     # the answers about hands, the game's own check (kinds)


class AuditStep:
    """The secrets and the verdict (see the module docstring)."""

    def __init__(self, table: AuditTable) -> None:
        self.table = table
        self.secrets: dict[int, bytes] = {}
        self.verdict: Verdict | None = None
        self.defer = False    # True: the audit waits for ``finish`` (a pump's end, once its
        self.due = False      # frames are sent: it takes a while)

    def take_secret(self, record: dict) -> None:
        table = self.table
        if table.match is None or not table.finished:
            raise FairError("fair_out_of_turn", dealer=record["seat"], kind=SECRET)
        if record["seat"] not in table.dealers or record["seat"] in self.secrets:
            raise FairError("fair_out_of_turn", dealer=record["seat"], kind=SECRET)
        self.secrets[record["seat"]] = record["secret"]
        self.when_complete()

    def when_complete(self) -> None:
        """Run the audit (or have it wait for ``finish``) once the game is finished, every
        dealer still at the table published its secret and the key of every one that left is
        rebuilt: after the last secret, or after the last rebuild when a dealer left instead
        of publishing it."""
        table = self.table
        if self.verdict is not None or self.due or table.match is None or not table.finished:
            return
        if not all(d in self.secrets for d in table.active) \
                or not all(d in table.recovered for d in table.departed):
            return
        if self.defer:
            self.due = True
        else:
            self.verdict = self.run()

    def finish(self) -> bool:
        """Run the audit that waits (``defer``); True if it ran now."""
        if not self.due:
            return False
        self.due = False
        self.verdict = self.run()
        return True

    def void(self) -> Verdict | None:
        """The game is over but its audit cannot run (a dealer left before showing its
        secret and the escrow could not rebuild it in time, or the table ended first): the
        game is marked void on this machine, naming the dealers whose secret is missing.
        None if the audit ran (or the game is not over)."""
        table = self.table
        if self.verdict is not None or table.match is None or not table.finished:
            return None
        missing = tuple(d for d in table.dealers if d not in self.secrets
                        and d not in table.recovered_secrets and d not in table.recovered)
        self.due = False
        self.verdict = Verdict(False, missing, "unaudited",
                               "the audit could not run: the secret of dealers "
                               f"{list(missing)} is missing; the game is void")
        return self.verdict

    def run(self) -> Verdict:
        """The end-of-game audit over the whole transcript with every dealer's secret."""
        table = self.table
        # a dealer that left before showing its secret: its secret rebuilt by the escrow
        secrets = {**table.recovered_secrets, **self.secrets}
        report = blame_relay(audit(table.transcript.records, secrets, table.recovered),
                             table.transcript.records, table.unproved_shares)
        if not report.ok:
            first = report.first
            return Verdict(False, tuple(report.cheaters), first.kind, first.message)
        finding = table.audit_extra()     # answers about hands, the game's own replay
        return Verdict(True) if finding is None else Verdict(False, *finding)
