"""A fair LAN table's saves (issue 13): what every machine's save of it holds and how a
resumed table, ``replay`` and ``replay --verify`` use it.

A fair table's save holds, besides the log (moves and chance entries), the public record
stream and the ``CardPlayed`` of each move (``{"fair": ...}`` lines; each record with the
signature / share proof it came with, and the dealers' verify keys: ``net.fair.past``,
docs/protocol.md "A fair table's save"), the table's dealers,
this machine's dealer id and its own secret (header ``lan``), never another machine's secret
while the game runs (the dealers publish theirs only at the end, for the audit). Replaying
the stream with the machine's own secret rebuilds its driver and partial state exactly
(every rebuilt entry's hash is checked against the saved one).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game.match import Match, SeatInfo
from game.rules.core import IllegalMove


# -- a fair table (issue 13): the dealer's secret and the audit in this machine's own save ----

def record_audit(autosaver: Any, match: Match, verdict: dict) -> None:
    """Write the end-of-game audit (fair, or the cheat named) into this machine's save of the
    table, also once the finished file is a replay. A failing disk changes nothing."""
    if autosaver is None:
        return
    try:
        from game.saves.files import write_atomic
        from game.saves.format import encode, header_check

        header = dict(autosaver.header, audit=dict(verdict))
        header.pop("check", None)
        header["check"] = header_check(header)
        autosaver.header = header
        if autosaver.finished:
            write_atomic(autosaver.path, encode(match, header, autosaver.extras),
                         durable=autosaver.durable)
        else:
            autosaver.refresh_header(match)
    except Exception:  # noqa: BLE001 - the audit is shown anyway; the disk may refuse
        return


def saved_fair_secret(table: str, key: str, folder: Path | None = None) -> bytes | None:
    """This machine's dealer secret of the fair table ``table`` (its START's table id), from
    its own save of it (the one holding its seat token ``key``): a machine that comes back
    deals on with the same key."""
    if not table or not key:
        return None
    try:
        from game.saves.files import saves_dir

        found = _fair_secret_in([folder or saves_dir()], table, "key", key)
        if found is not None:
            return found
    except (OSError, ValueError):
        return None
    return None


# -- a fair table's stream in every machine's save (resume, replay, ``replay --verify``) -----
#
# The public records (in the host's order) and the CardPlayed of each move go into the save
# as ``{"fair": {"r": record}}`` / ``{"fair": {"cp": [seq, record]}}`` lines (bytes as
# ``{"x": hex}``: the save is ASCII JSON). Nothing secret is in them while the game runs: a
# dealer's secret is published (and so saved) only at the end, for the audit; this machine's
# own secret is in its header (``lan.fair``).

def to_json_safe(value: Any) -> Any:
    if isinstance(value, bytes):
        return {"x": value.hex()}
    if isinstance(value, dict):
        return {str(k): to_json_safe(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [to_json_safe(v) for v in value]
    return value


def from_json_safe(value: Any) -> Any:
    if isinstance(value, dict):
        if set(value) == {"x"} and isinstance(value["x"], str):
            return bytes.fromhex(value["x"])
        return {k: from_json_safe(v) for k, v in value.items()}
    if isinstance(value, list):
        return [from_json_safe(v) for v in value]
    return value


def save_fair_stream(autosaver: Any, fair: Any, played: dict, word: Any = None,
                     keys: dict | None = None) -> None:
    """Append to this machine's save the records its driver consumed since the last call and
    the CardPlayed of the moves applied since (``played``: seq -> plain record). ``word``
    (``net.fair.past.StreamWord``): the signature / proof each record came with, by stream
    index, saved with it; ``keys``: the dealers' verify keys fixed here (a ``vk`` line each
    time new ones are fixed; the first call writes one even if empty: it marks a save that
    keeps its dealers' word)."""
    if autosaver is None or fair is None:
        return
    from net.fair.deal import record_to_plain

    done = getattr(autosaver, "fair_records", 0)
    streamed = getattr(autosaver, "fair_streamed", 0)    # stream index of the next record
    seqs = getattr(autosaver, "fair_played", set())
    applied = fair.match.seq if fair.match is not None else 0
    values: list = []
    if word is not None:
        told = getattr(autosaver, "fair_keys", None)
        fresh = {dealer: key for dealer, key in sorted((keys or {}).items())
                 if told is None or told.get(dealer) != key}
        if told is None or fresh:
            values.append({"vk": [[dealer, to_json_safe(key)] for dealer, key in fresh.items()]})
            autosaver.fair_keys = {**(told or {}), **fresh}
    # a move's CardPlayed is in the transcript too: saved with its move ("cp"), not here; a
    # CardPlayed that shows a card (Metro's final shares, Metromania's letters) is a record
    for index, record in enumerate(fair.published[done:], done):
        if index in fair.move_cards:
            continue
        line = {"r": to_json_safe(record_to_plain(record))}
        if word is not None:
            if streamed in word.signatures:
                line["sg"] = to_json_safe(word.signatures[streamed])
            if streamed in word.proofs:
                line["pf"] = to_json_safe(word.proofs[streamed])
        streamed += 1
        values.append(line)
    values += [{"cp": [seq, to_json_safe(played[seq])]} for seq in sorted(played)
               if seq not in seqs and seq <= applied]
    autosaver.fair_records = len(fair.published)
    autosaver.fair_streamed = streamed
    autosaver.fair_played = seqs | {seq for seq in played if seq <= applied}
    autosaver.add_extras(values)


DAMAGED_STREAM = "the fair table's record stream in this save is damaged"
DAMAGED_WORD = ("a signature, share proof or verify key kept with the fair table's records in "
                "this save is damaged")


def saved_fair_stream(save: Any) -> tuple[list, dict]:
    """(records in order, seq -> CardPlayed) of a fair table's save; SaveError if damaged."""
    past = saved_fair_past(save)
    return past.records, past.played


def saved_fair_past(save: Any) -> Any:
    """A fair table's stream as the save keeps it (``net.fair.past.SavedPast``): its records,
    their signatures and proofs, the dealers' keys. A save written before signatures were
    kept holds records alone (``signed`` False). SaveError if damaged."""
    from game.saves import SaveError

    try:
        past = _read_fair_lines(save)
    except ValueError:       # a byte string that is not hex, or the like
        raise SaveError(DAMAGED_STREAM, save.path) from None
    if any(_older_group(record) for record in past.records[:1]):
        raise SaveError(OLDER_GROUP, save.path)
    return past


def _read_fair_lines(save: Any) -> Any:
    """``saved_fair_past``'s reading of the lines (ValueError: a byte string not in hex)."""
    from game.saves import SaveError
    from net.fair.past import SavedPast
    from net.fair.share_proof import PROOF_BYTES
    from net.fair.signing import SIGNATURE_BYTES, VERIFY_KEY_BYTES

    past = SavedPast()
    for value in save.fair:
        if isinstance(value, dict) and "r" in value and set(value) <= {"r", "sg", "pf"}:
            index = len(past.records)
            past.records.append(from_json_safe(value["r"]))
            for name, size, kept in (("sg", SIGNATURE_BYTES, past.signatures),
                                     ("pf", PROOF_BYTES, past.proofs)):
                if name in value:
                    word = from_json_safe(value[name])
                    if not (isinstance(word, bytes) and len(word) == size):
                        raise SaveError(f"{DAMAGED_WORD} (record {index + 1})", save.path)
                    kept[index] = word
        elif (isinstance(value, dict) and set(value) == {"cp"} and isinstance(value["cp"], list)
              and len(value["cp"]) == 2 and type(value["cp"][0]) is int):
            past.played[value["cp"][0]] = from_json_safe(value["cp"][1])
        elif isinstance(value, dict) and set(value) == {"vk"} and isinstance(value["vk"], list):
            past.signed = True
            for row in value["vk"]:
                row = from_json_safe(row)
                if not (isinstance(row, list) and len(row) == 2 and type(row[0]) is int
                        and isinstance(row[1], bytes) and len(row[1]) == VERIFY_KEY_BYTES):
                    raise SaveError(f"{DAMAGED_WORD} (a verify key)", save.path)
                if past.keys.setdefault(row[0], row[1]) != row[1]:
                    # a machine fixes a dealer's key once: two are a changed save
                    raise SaveError(f"{DAMAGED_WORD} (two verify keys for dealer {row[0]})",
                                    save.path)
        else:
            raise SaveError(DAMAGED_STREAM, save.path)
    return past


def check_saved_word(save: Any, past: Any, table_id: str) -> None:
    """Every signature the save keeps must be its dealer's over its record (with the key the
    save fixed for that dealer): SaveError naming the first record whose does not hold. A
    share's proof is checked as the replay's driver takes it (``replay_fair_save``)."""
    from game.saves import SaveError
    from net.fair.share_proof import signed_form
    from net.fair.signing import dealer_of_plain, signature_holds

    for index, signature in sorted(past.signatures.items()):
        plain = past.records[index]
        dealer = dealer_of_plain(plain)
        key = past.keys.get(dealer)
        if key is None or not signature_holds(key, table_id, dealer,
                                              signed_form(plain, past.proofs.get(index)),
                                              signature):
            raise SaveError(f"record {index + 1} of the fair table's stream: its dealer's "
                            "signature does not hold (the save was damaged or changed)",
                            save.path)


# A fair table saved before issue 28 item 5 computed in RFC 3526's 2048-bit group (256-byte
# keys and cards) and named its records' fields in full; this version's group is another one
# (game/rules/fairplay/group.py), so it can neither replay nor audit such a stream.
OLDER_GROUP = ("this fair table was played by an older version of Tracklayer, with the "
               "fair table's former cryptography (its 2048-bit group): this version cannot "
               "replay or audit it; open it with the version that played it")


def _another_version(header: dict) -> str | None:
    """The reason a fair save that does not replay here was most likely not damaged: it was
    played by another version, whose fair table (its wire forms, what its hash covers) this
    one does not rebuild; None when the versions are the same."""
    from game.rules import rules_version

    saved = header.get("rules_version")
    if not saved or saved == rules_version():
        return None
    return (f"this fair table was played by another version of Tracklayer (rules {saved}, "
            f"this one {rules_version()}), whose fair table this version cannot replay or "
            "audit; open it with the version that played it")


def _older_group(record) -> bool:
    """Whether a stream's first record (a key's commitment) is in the pre-issue-28 form."""
    return isinstance(record, dict) and record.get("kind") == "KeyCommitted" \
        and "seat" in record


def is_fair_save(header: dict) -> bool:
    lan = header.get("lan")
    return isinstance(lan, dict) and isinstance(lan.get("dealers"), list)


def replay_fair_save(save: Any, secret: bytes | None = None, me: int | None = None) -> Any:
    """Rebuild a fair table's match from a save: its stream replayed by the driver with this
    machine's own secret (the header's ``lan.fair`` unless given), every move in its public
    form with its CardPlayed; each rebuilt entry must be the saved one (seat, move, hash).
    Returns the ``FairReplica`` (its ``match``, and ``fair.verdict`` once the saved stream
    holds every secret). SaveError when the stream does not replay to the saved log."""
    from game.rules import get_game
    from game.saves import SaveError
    from net.fair.deal import FairError
    from net.fair.peer import FairReplica
    from net.fair.share_proof import ShareProofs

    header = save.header
    dealers = header["lan"]["dealers"]
    players = header["config"]["players"]
    if not (len(dealers) == players and all(type(d) is int and 0 <= d < 1 << 20
                                            for d in dealers)):
        raise SaveError("the fair table's dealers in this save are damaged", save.path)
    if me is None:
        me = header["lan"].get("dealer")
        me = me if type(me) is int else -1
    if secret is None:
        try:
            secret = bytes.fromhex(str(header["lan"].get("fair", ""))) or None
        except ValueError:
            secret = None
    game = get_game(header["game"])
    seats = [SeatInfo.from_plain(seat) for seat in header.get("seats", [])]
    past = saved_fair_past(save)
    records, played = past.records, past.played
    table_id = str(header["lan"].get("table", ""))
    check_saved_word(save, past, table_id)
    replica = FairReplica(game, header["config"], dealers, me,
                          secret if me in dealers else None, seats)
    proofs = ShareProofs(table_id)
    replica.fair.share_check = proofs.check     # each kept proof, as the driver takes its share
    for index, plain in enumerate(records):
        replica.records[index] = plain
        if index in past.proofs:
            proofs.note(plain, past.proofs[index], signed=True)
    for entry in save.entries:
        if entry.seat is not None:
            # this machine's own seats played their full form (a Metro swap names the share
            # it gives; its public form hides it and does not fit the known hand)
            own = 0 <= entry.seat < len(dealers) and dealers[entry.seat] == me
            text = str(entry.move) if own else str(game.public_move(game.parse_move(entry.move)))
            replica.pending[entry.seq] = (entry.seat, text, played.get(entry.seq))
    try:
        replica.pump()
    except (FairError, IllegalMove, ValueError) as error:
        raise SaveError(_another_version(header) or
                        f"the fair table's stream does not replay ({error})", save.path) \
            from None
    match = replica.match
    if match is not None:
        match.seal(tell=False)
    rebuilt = match.log if match is not None else []
    for entry, again in zip(save.entries, rebuilt):
        # the last chance entry of a finished table can be saved before its hash was taken
        # (""): it is then compared by its move
        same = (entry.hash == again.hash if entry.hash
                else str(entry.move) == str(again.move))
        if entry.seat != again.seat or not same:
            raise SaveError(_another_version(header) or
                            f"move {entry.seq}: the fair table's stream does not match the "
                            "saved log", save.path)
    if len(rebuilt) < len(save.entries):
        raise SaveError(f"move {len(rebuilt) + 1}: the fair table's stream stops before the "
                        "saved log", save.path)
    return replica


# -- resuming a fair table ----------------------------------------------------------------

def load_fair_table(sources) -> Any:
    """The longest fair table's save among ``sources`` (paths), replayed by its stream with
    its own machine's secret (``replay_fair_save``), as a ``Loaded``; None when no source is
    a fair table's save. SaveError when the stream does not replay or the game is over."""
    from game.saves import Loaded, SaveError, read_save

    found = []
    for source in ([sources] if isinstance(sources, (str, Path)) else list(sources)):
        if not isinstance(source, (str, Path)):
            continue
        try:
            save = read_save(source)
        except (SaveError, OSError):
            continue
        if is_fair_save(save.header):
            found.append((len(save.entries), save))
    if not found:
        return None
    save = max(found, key=lambda item: item[0])[1]
    replica = replay_fair_save(save)
    if replica.match is None:
        raise SaveError("this fair table had not started its game yet", save.path)
    if replica.match.is_over():
        raise SaveError("this game is already finished; open it as a replay instead",
                        save.path)
    loaded = Loaded(replica.match, save, save.damage)
    return loaded


def own_fair_save_secret(table: str, peer: int, folder: Path | None = None) -> bytes | None:
    """This machine's dealer secret of the fair table ``table`` when it was the old machine
    ``peer`` (0: the old host), from its own save of that table; None if it has none."""
    if not table:
        return None
    try:
        from game.saves.files import replays_dir, saves_dir

        found = _fair_secret_in([folder] if folder else [saves_dir(), replays_dir()], table,
                                "dealer", peer)
        if found is not None:
            return found
    except (OSError, ValueError):
        return None
    return None


def own_fair_past(table: str, dealer: int, folder: Path | None = None) -> Any:
    """The longest stream this machine saved of the fair table ``table`` as its dealer
    ``dealer`` (``net.fair.past.SavedPast``), from its own saves and replays; None if it has
    none (or none it can read). A joiner checks a resumed table's catch-up against it."""
    if not table:
        return None
    try:
        from game.saves import SaveError, read_save
        from game.saves.files import replays_dir, saves_dir
        from game.saves.format import SUFFIX
        from game.saves.load import peek_header

        best = None
        for folder_path in ([folder] if folder else [saves_dir(), replays_dir()]):
            for path in sorted(Path(folder_path).glob(f"*{SUFFIX}")):
                peeked = peek_header(path)
                lan = peeked.get("lan") if peeked is not None else None
                if peeked is not None and not (isinstance(lan, dict)
                                               and lan.get("table") == table):
                    continue      # another table's save: not parsed
                try:
                    save = read_save(path)
                    lan = save.header.get("lan", {})
                    if not (isinstance(lan, dict) and lan.get("table") == table
                            and lan.get("dealer") == dealer):
                        continue
                    past = saved_fair_past(save)
                except SaveError:
                    continue
                if best is None or len(past.records) > len(best.records):
                    best = past
        return best
    except (OSError, ValueError):
        return None


def resumed_fair_driver(loaded: Any, host_peer: int) -> Any:
    """The resuming host's fair driver: the saved stream replayed as the old machine
    ``host_peer`` with that machine's own secret (from the save itself when it is that
    machine's, else from this machine's own save of the table). SaveError if this machine
    holds seats of the table but not their secret (it could not deal on)."""
    from game.saves import SaveError

    header = loaded.save.header
    dealers = header["lan"]["dealers"]
    secret = None
    if header["lan"].get("dealer") == host_peer:
        try:
            secret = bytes.fromhex(str(header["lan"].get("fair", ""))) or None
        except ValueError:
            secret = None
    if secret is None and host_peer in dealers:
        secret = own_fair_save_secret(str(header["lan"].get("table", "")), host_peer)
    if secret is None and host_peer in dealers:
        # another machine's save: the old host's secret (its bots' seats) is not here. This
        # machine replays the table as a seatless one and, once the table is running again,
        # the old host's key is rebuilt by the escrow (a Depart every machine sees): its bots
        # go on, their hands now known to the table (``rekey``).
        if len(set(dealers)) < 3:
            raise SaveError("this machine's secret of that fair table is not here, and a "
                            "table of two machines cannot rebuild it: resume it from the "
                            "machine that held those seats", loaded.path)
        replica = replay_fair_save(loaded.save, secret=None, me=-1)
        replica.fair.rekey = [host_peer]
        return replica
    return replay_fair_save(loaded.save, secret=secret, me=host_peer)


def replay_table_save(save: Any) -> Any:
    """``game.saves.load`` of a fair table's save: the match as this machine saw it (its own
    view while the game runs; the whole transcript, audited, once it is over)."""
    from game.saves import SaveError

    replica = replay_fair_save(save)
    if replica.match is None:
        raise SaveError("this fair table had not started its game yet", save.path)
    match = replica.match
    if save.damage is not None and match.seq > len(save.entries):
        # a damaged save: its stream may go on past the damage, but the replay stops where
        # the saved log does (the verified part; "damaged at move n" stays true)
        match = Match.at(match, len(save.entries))
    return match


def _register() -> None:
    from game.saves.load import register_table_replayer

    register_table_replayer(is_fair_save, replay_table_save)


_register()


def _fair_secret_in(folders, table: str, field: str, value) -> bytes | None:
    """The fair secret a save in ``folders`` keeps for ``table`` where its header's LAN
    ``field`` is ``value`` (this machine's key, or its dealer id); OSError/ValueError rise."""
    from game.saves import SaveError, read_save
    from game.saves.format import SUFFIX
    from game.saves.load import peek_header

    for folder_path in folders:
        for path in sorted(Path(folder_path).glob(f"*{SUFFIX}")):
            peeked = peek_header(path)
            lan = peeked.get("lan") if peeked is not None else None
            if peeked is not None and not (isinstance(lan, dict) and lan.get("table") == table):
                continue      # another table's save: not parsed
            try:
                save = read_save(path)
            except SaveError:
                continue
            lan = save.header.get("lan", {})
            if (isinstance(lan, dict) and lan.get("table") == table and lan.get("fair")
                    and lan.get(field) == value):
                return bytes.fromhex(str(lan["fair"]))
    return None
