"""Draw shares that carry their own proof (issue 28 item 5: a lighter wire, no attribution lost).

A draw share ``c1 ** x`` of dealer ``j`` travels with a proof that its exponent is the one
behind ``j``'s public key ``G ** x`` (``vss.prove_equal_logs``: 48 bytes, bound to the table,
the dealer and the whole record). Nobody without ``x`` can make a proof that holds for a share,
so a share with a good proof is its dealer's own, whoever relayed it; the 64-byte signature it
needed before is kept only where it is evidence:

* The dealer sends its share to the host with its proof, and signs the two together (its
  signature covers the proof: ``signed_form``), so a proof that fails under a signature that
  holds is the dealer's own doing, never the relay's swap. The host checks both. A good share goes on to the others WITHOUT the signature: its proof
  speaks for it, 16 bytes lighter and checkable by every machine.
* A share whose proof fails but whose signature holds is the dealer's own bad share: the host
  refuses that dealer and relays the share with its signature, as evidence; every machine
  checks the signature and the failing proof and names the dealer (``fair_bad_share``).
* A share that arrives without a signature and whose proof fails (or that has no proof) was
  made or changed on the way, or passed on unchecked by the host, which must check every
  share: the host is named (``fair_relay_forged``, detail ``proof``).

The proofs are checked when the driver takes the share (``ShareProofs.check`` is its
``share_check`` hook): only then is the card it opens known on every machine. A catch-up
carries each share's proof beside it, a resumed table's too (every machine's save keeps the
proofs it received: ``net.fair.past``).
"""

from __future__ import annotations

from dataclasses import replace

from game.rules.fairplay import FairplayError, from_plain, to_plain
from game.rules.fairplay.derive import Stream
from game.rules.fairplay.group import G
from game.rules.fairplay.vss import equal_logs, prove_equal_logs
from net.fair.errors import FairError
from net.fair.signing import RELAY, dealer_of_plain, frame_digest, needs_signature

PROOF_BYTES = 48
SHARE_KIND = "DrawShared"


def signed_form(plain: dict, proof) -> dict:
    """What a dealer signs of a share it sends with ``proof``: the record and the proof (a
    record without a proof as it is)."""
    if is_share(plain) and isinstance(proof, bytes) and proof:
        return dict(plain, pf=proof)
    return plain


def is_share(plain) -> bool:
    """Whether a plain record is a draw share in a dealer's name (not the relay's own)."""
    return isinstance(plain, dict) and plain.get("kind") == SHARE_KIND \
        and needs_signature(dealer_of_plain(plain))


def _key(plain: dict) -> tuple:
    """A share's key in its canonical form (a relay cannot slip a share past its check by
    spelling a field differently)."""
    try:
        plain = to_plain(from_plain(plain))
    except (FairplayError, KeyError, TypeError, ValueError):
        pass
    return tuple(sorted((k, v) for k, v in plain.items()))


def _context(table_id: str, plain: dict) -> tuple:
    return ("draw-share", frame_digest(table_id, dealer_of_plain(plain), plain))


class ShareProofs:
    """One machine's side of the proofs: ``prove`` (a dealer's own share), ``note`` (a proof
    received with a share), ``check`` (the driver's hook when it takes a share)."""

    def __init__(self, table_id: str) -> None:
        self.table_id = str(table_id)
        self.noted: dict[tuple, tuple] = {}      # record key -> (proof or None, signed)

    def prove(self, fair, plain: dict) -> bytes:
        """This machine's proof for its own share ``plain`` (its driver holds its key)."""
        peer = fair.peer
        c1 = fair.transcript.card_at(plain["p"], plain["n"])[0]
        context = _context(self.table_id, plain)
        return prove_equal_logs(peer.private, G, c1, Stream(peer.secret, *context), *context)

    def note(self, plain: dict, proof, signed: bool) -> None:
        """A share received with ``proof`` (None: none), signed by its dealer or not."""
        if is_share(plain):
            self.noted[_key(plain)] = (proof if isinstance(proof, bytes) and proof else None,
                                       signed)

    def forget(self) -> None:
        """Drop what was noted and not taken (the host, when its driver refused the record and
        dropped what waited: shares from a peer sending junk must not pile up)."""
        self.noted.clear()

    def holds(self, fair, plain: dict, proof) -> bool:
        if not isinstance(proof, bytes) or len(proof) != PROOF_BYTES:
            return False
        transcript = fair.transcript
        public_key = transcript.public_keys.get(dealer_of_plain(plain))
        try:
            c1 = transcript.card_at(plain["p"], plain["n"])[0]
        except (FairplayError, KeyError, IndexError, TypeError, ValueError):
            return False
        if public_key is None:
            return False
        return equal_logs(proof, G, public_key, c1, plain["x"], *_context(self.table_id, plain))

    def check(self, fair, record) -> None:
        """The driver takes a share: FairError if its noted proof fails (its dealer's fault
        when it came signed, the relay's when not). A share nothing was noted for passes."""
        plain = to_plain(record)
        noted = self.noted.pop(_key(plain), None)
        if noted is None or not is_share(plain):
            return
        proof, signed = noted
        if self.holds(fair, plain, proof):
            return
        dealer = dealer_of_plain(plain)
        if signed:
            raise FairError("fair_bad_share", dealer=dealer, pile=plain["p"],
                            position=plain["n"], detail="proof")
        raise FairError("fair_relay_forged", RELAY, of=dealer, detail="proof")


def unproved_key(plain: dict):
    """The record a share ``plain`` taken without a proof stands for (hashable), or None."""
    try:
        return from_plain(plain)
    except (FairplayError, KeyError, TypeError, ValueError):
        return None


def blame_relay(report, records, unproved: set):
    """The audit's ``report`` as this machine may state it: a wrong share it received
    without a proof (another machine's hidden card, net.fair.bundle) may have been changed on
    the way, so the relay is named for it, never the dealer in whose name it came (the host
    checked the dealer's proof before relaying)."""
    if not unproved:
        return report
    findings = []
    for finding in report.findings:
        if finding.kind == "share" and records[finding.index] in unproved:
            finding = replace(finding, seat=RELAY, kind="relay_share",
                              message="a share relayed without its proof is wrong: the "
                                      "relay passed on what its dealer did not send")
        findings.append(finding)
    return type(report)(findings)
