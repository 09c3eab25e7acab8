"""LAN tables on disk: every peer's crash-safe autosave, its netlog and claim secrets, and the
seats of a table resumed from one. The game side of ``net``: the code that opens a table gives
the endpoints ``LanPersistence`` (``net.local.services``; net itself imports no ``game.saves``).

Autosave: each peer (host and joiners) attaches a ``game.saves`` ``Autosaver`` to its own
``Match`` when the game starts, so its log is on disk after every applied (hashed) move, even
after kill -9. The header carries a ``lan`` block: ``role`` ("host" or "peer<id>"), ``peers``
(the peer id holding each seat, 0 for the host's own seats) and ``mine`` (the seats played on
this machine), and ``phones`` once the client serves some of those seats to guests' phones
(``record_phone_seats``). The table id in the header is the same on every peer (game, config
and seed).

Resume: ``resumed_slots`` turns a saved header into the seats of a new table: the resuming
host's seats (the old host's, peer 0, unless told which old machine this is), the old host's
bots, and every other seat *reserved* for the name it had and grouped by the old machine
(``lan.peers``) that held it. A joiner of a resumed table is recognised first by its *resume
claim* (``resume_claims``: the table id and old peer id of this machine's unfinished LAN
saves, sent as ``r:<table>:<peer>,...`` in the hello's token field): it gets exactly the seats
its machine held. So does a joiner showing its old seat token (the old host's save keeps a
digest of each, ``lan.tokens``). A joiner without either (another machine, a lost save) falls
back to its name, and a name several old machines shared gives one machine's seats only.
Names are unique at a table (the host numbers repeats), so saves made since then never tie.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Iterable

from game.match import Match
from game.saves.files import netlogs_dir
from game.saves.fair_lan import (is_fair_save, load_fair_table, own_fair_past,
                                 own_fair_save_secret, record_audit, resumed_fair_driver,
                                 save_fair_stream, saved_fair_past, saved_fair_secret,
                                 saved_fair_stream)
from net.protocol import messages as ids
from net.session.claims import TABLE_CHARS, own_secret
from net.protocol.lobby import Slot
from net.local.services import Persistence
from net.protocol.tables import (CLAIM_PREFIX, CLAIM_TABLE, MAX_CLAIMS, claimed_group,  # noqa: F401
                        is_claim, resume_claim, table_id, token_digest)


def start_net_autosave(match: Match, role: str, peers: list[int], mine: list[int], *,
                       path: Path | None = None, durable: bool = True,
                       tokens: list[str] | None = None, key: str = "",
                       address: tuple[str, int] | None = None, claim: bytes = b"",
                       claim_keys: list[bytes] | None = None) -> Any:
    """Autosave ``match`` from now on (into ``path``, else a new file of the saves folder).
    ``tokens`` (the host): per seat, the ``token_digest`` of its holder's seat token ("" for
    the host's own seats), so a resumed table knows a returning player's old token.
    ``key`` and ``address`` (a joiner): its seat token, a random secret only the host and this
    machine know, and where the table listened, so a relaunched client rejoins its seat.
    ``claim`` and ``claim_keys`` (``net.session.claims``): this machine's own claim secret and every
    seat's public claim key, so a resumed table can check who really held a seat.
    Returns the ``Autosaver``, or None if the disk refused: a LAN game never stops for that."""
    try:
        from game.saves.autosave import Autosaver, new_header
        from game.saves.files import saves_dir, unique_path
        from game.saves.format import SUFFIX, header_check

        header = new_header(match, table=table_id(match))
        header["lan"] = {"role": role, "peers": [int(p) for p in peers],
                         "mine": sorted(int(s) for s in mine)}
        if tokens is not None:
            header["lan"]["tokens"] = [str(digest) for digest in tokens]
        if key:
            header["lan"]["key"] = str(key)
        if address:
            header["lan"]["address"] = [str(address[0]), int(address[1])]
        if claim:
            header["lan"]["claim"] = claim.hex()
        if claim_keys is not None:
            header["lan"]["claimkeys"] = [bytes(k).hex() for k in claim_keys]
        header["check"] = header_check(header)
        if path is None:
            stamp = header["created"].replace(":", "").replace("-", "")[:15]
            path = unique_path(saves_dir(), f"{match.game.name}-{stamp}-{header['table'][:6]}"
                                            f"-lan-{role}", SUFFIX)
        # batched: the pump flushes the disk once its frames are out (``settle``)
        return Autosaver(match, Path(path), header=header, durable=durable, batched=True)
    except Exception:  # noqa: BLE001 - a failing disk must not take the table down
        return None


def lan_info(header: dict) -> dict:
    """The ``lan`` block of a saved header, checked; {} for a save that has none."""
    block = header.get("lan")
    if not isinstance(block, dict):
        return {}
    players = header.get("config", {}).get("players", 0)
    peers = block.get("peers")
    if not (isinstance(peers, list) and len(peers) == players
            and all(type(p) is int for p in peers)):
        peers = list(range(players))
    mine = [s for s in block.get("mine", []) if type(s) is int and 0 <= s < players] \
        if isinstance(block.get("mine"), list) else []
    role = block.get("role") if isinstance(block.get("role"), str) else ""
    tokens = block.get("tokens")
    if not (isinstance(tokens, list) and len(tokens) == players
            and all(isinstance(d, str) and len(d) <= 64 for d in tokens)):
        tokens = [""] * players
    key = block.get("key") if isinstance(block.get("key"), str) else ""
    address = block.get("address")
    if not (isinstance(address, list) and len(address) == 2 and isinstance(address[0], str)
            and type(address[1]) is int and 0 < address[1] < 65536):
        address = None
    return {"role": role, "peers": peers, "mine": mine, "tokens": tokens,
            "key": key[:64], "address": tuple(address) if address else None}


def record_phone_seats(autosaver: Any, match: Match, phones: list[dict], port: int) -> bool:
    """Write into ``autosaver``'s LAN save which of this machine's seats guests play on their
    phones (``lan.phones``: seat, name, and the link's token and short code; ``lan.phoneport``:
    where the phones' page listened), so the table resumed after a crash serves them as phones
    again on the same links (``saved_phone_seats``). The token is this machine's own secret,
    like a joiner's seat token (``lan.key``): whoever has it plays the seat, and the machine
    serving a phone seat may see its hand anyway. False if the disk refused (the game goes on).
    """
    from game.saves.format import header_check

    block = dict(autosaver.header.get("lan") or {})
    block["phones"] = [{"seat": int(p["seat"]), "name": str(p["name"])[:40],
                        "token": str(p["token"])[:64], "code": str(p["code"])[:16]}
                       for p in phones]
    block["phoneport"] = int(port)
    header = dict(autosaver.header, lan=block)
    header["check"] = header_check(header)          # computed without the old check
    autosaver.header = header
    if autosaver.finished:
        return True
    try:
        autosaver.rewrite(match)
    except OSError:
        return False
    return True


def saved_phone_seats(header: dict) -> dict:
    """The phone seats a LAN save records (``record_phone_seats``), checked: ``seats`` (seat
    -> {"name", "token", "code"}) and ``port`` (None if unknown). A save without them (older,
    or a table without phones) or with a malformed entry gives no seat for it."""
    block = header.get("lan")
    players = header.get("config", {}).get("players", 0) if isinstance(
        header.get("config"), dict) else 0
    seats: dict[int, dict] = {}
    rows = block.get("phones") if isinstance(block, dict) else None
    for row in rows if isinstance(rows, list) else []:
        if not isinstance(row, dict):
            continue
        seat = row.get("seat")
        if type(seat) is not int or not 0 <= seat < players or seat in seats:
            continue
        seats[seat] = {key: row[key][:64] if isinstance(row.get(key), str) else ""
                       for key in ("name", "token", "code")}
    port = block.get("phoneport") if isinstance(block, dict) else None
    return {"seats": seats, "port": port if type(port) is int and 0 < port < 65536 else None}


def rejoin_info(header: dict) -> dict | None:
    """What a joiner's own save of an unfinished table needs to take its seats back while
    that table still runs: ``key`` (its seat token), ``address`` (host, port, may be None),
    ``name`` (our first seat's name) and ``host_name`` (the name of the host's first own
    seat, "" if it had none). None for any other save (a host's, an old one without key)."""
    info = lan_info(header)
    if not info or not info["role"].startswith("peer") or not info["key"] or not info["mine"]:
        return None
    seats = header.get("seats") or []

    def name_of(seat: int) -> str:
        row = seats[seat] if seat < len(seats) and isinstance(seats[seat], dict) else {}
        return str(row.get("name", ""))

    host_seats = [i for i, p in enumerate(info["peers"]) if p == 0
                  and i < len(seats) and isinstance(seats[i], dict)
                  and seats[i].get("kind") != "bot" and not seats[i].get("level")]
    return {"key": info["key"], "address": info["address"], "name": name_of(info["mine"][0]),
            "host_name": name_of(host_seats[0]) if host_seats else "",
            "table": str(header.get("table", ""))}


def old_token_groups(header: dict) -> dict[str, int]:
    """The saved seat-token digests of a table and the old peer id each belonged to."""
    info = lan_info(header)
    if not info:
        return {}
    return {digest: peer for digest, peer in zip(info["tokens"], info["peers"])
            if digest and peer != 0}


def _readable_saves(folder: Path | None, table: str | None = None):
    """(path, save) of each save file in ``folder`` (None: this machine's saves folder) by
    name, passing over files being written (a leading dot) and those that cannot be read. An
    OSError of the folder itself reaches the caller. With ``table``, a save whose header line
    names another table is passed over unparsed (a full folder is read in a moment)."""
    from game.saves import SaveError, read_save
    from game.saves.files import saves_dir
    from game.saves.format import SUFFIX
    from game.saves.load import peek_header

    for path in sorted(Path(folder or saves_dir()).glob(f"*{SUFFIX}")):
        if path.name.startswith("."):
            continue
        if table is not None:
            peeked = peek_header(path)
            if peeked is not None and peeked.get("table") != table:
                continue
        try:
            save = read_save(path)
        except (SaveError, OSError):
            continue
        yield path, save


def resume_claims(game: str = "", folder: Path | None = None) -> str:
    """The token a joiner sends when it has no seat token: ``r:`` and the claims of this
    machine's newest unfinished LAN saves (of ``game`` if given; an old host's save claims
    peer 0: another machine may resume that table), so a host resuming one of those tables
    gives it exactly its old seats. "" when there is none. Any other table ignores it (a
    new joiner, seated as usual)."""
    try:
        found = []
        for path, save in _readable_saves(folder):
            peer, table = own_peer(save.header), save.header.get("table")
            if (save.end is None and peer is not None and isinstance(table, str) and table
                    and (not game or save.header.get("game") in (game, None))):
                found.append((path.stat().st_mtime, resume_claim(table, peer)))
    except OSError:
        return ""
    claims = []
    for _mtime, claim in sorted(found, reverse=True):
        if claim not in claims:
            claims.append(claim)
    return CLAIM_PREFIX + ",".join(claims[:MAX_CLAIMS]) if claims else ""


def own_claim(header: dict) -> str:
    """The hello token that claims, on a table resumed from any save of it, the seats the
    machine that wrote this save held ("" if it cannot tell which machine that was)."""
    peer, table = own_peer(header), header.get("table")
    if peer is None or not isinstance(table, str) or not table:
        return ""
    return CLAIM_PREFIX + resume_claim(table, peer)


def host_peer_of(header: dict, host_name: str | Iterable[str]) -> int:
    """Which old machine's seats a host resuming from ``header`` plays: the one holding a
    seat named ``host_name`` (the old host first when several did: names used to repeat),
    else the old host (peer 0)."""
    seats = header.get("seats") or []
    players = header["config"]["players"]
    peers = lan_info(header).get("peers") or list(range(players))
    names = {host_name} if isinstance(host_name, str) else set(host_name)
    owners = sorted({peers[i] for i in range(min(players, len(seats)))
                     if isinstance(seats[i], dict) and str(seats[i].get("name", "")) in names})
    if not owners or 0 in owners:
        return 0
    return owners[0]


def resumed_slots(header: dict, host_name: str | Iterable[str], *,
                  headless_bot: str = "", host_peer: int | None = None,
                  phone_seats: Iterable[int] = ()) -> list[Slot]:
    """The seats of a table resumed from a save with this header.

    The resuming host plays the seats of one old machine: ``host_peer`` if given, else the
    one that had a seat named ``host_name`` (or any of several names: couch players on the
    host machine), the old host when several did, or when none did. The old host's bots stay
    bots. Every other seat is open and reserved for its old player's name, grouped by the
    old machine that held it. ``headless_bot``: the level that plays the host's own seats
    (headless host); otherwise they are local humans (bots of the windowed host are local
    seats with a level, as the client's table setup makes them). ``phone_seats``: seats of the
    host played on phones (``saved_phone_seats``), local seats even on a headless host.
    """
    seats = header.get("seats") or []
    players = header["config"]["players"]
    info = lan_info(header)
    peers = info.get("peers") or list(range(players))
    names = [str(seats[i].get("name", "")) if i < len(seats) else "" for i in range(players)]
    kinds = [str(seats[i].get("kind", "")) if i < len(seats) else "" for i in range(players)]
    levels = [str(seats[i].get("level", "")) if i < len(seats) else "" for i in range(players)]
    colours = [seats[i].get("colour", -1) if i < len(seats) else -1 for i in range(players)]
    if host_peer is None:
        host_peer = host_peer_of(header, host_name)
    host_names = {host_name} if isinstance(host_name, str) else set(host_name)
    group = [seat for seat in range(players) if seat < len(peers) and peers[seat] == host_peer]
    # named seats of that machine only, when the names say which (the old couch player who
    # is not here stays reserved); else every seat of that machine
    by_name = any(names[seat] in host_names for seat in group)
    phones = set(phone_seats)
    slots = []
    for seat in range(players):
        colour = colours[seat] if type(colours[seat]) is int else -1
        is_host_bot = kinds[seat] == "bot" or (kinds[seat] == "human" and levels[seat])
        ours = seat in group and (names[seat] in host_names or not by_name)
        if ours and not is_host_bot:
            if headless_bot and seat not in phones:
                slots.append(Slot(kind=ids.KIND_BOT, name=names[seat], colour=colour,
                                  level=headless_bot))
            else:
                slots.append(Slot(kind=ids.KIND_LOCAL, name=names[seat], colour=colour))
        elif is_host_bot and (ours or kinds[seat] != "remote"):
            level = levels[seat] or "random"
            kind = ids.KIND_BOT if headless_bot or kinds[seat] == "bot" else ids.KIND_LOCAL
            slots.append(Slot(kind=kind, name=names[seat], colour=colour, level=level))
        else:
            slots.append(Slot(name=names[seat], colour=colour, reserved=names[seat] or "?",
                              group=peers[seat] if seat < len(peers) else seat))
    return slots


def load_table(sources) -> Any:
    """The best saved log of one table among ``sources`` (paths, ``Match.to_plain()`` dicts or
    ``Loaded``): the longest verified one (``game.saves.best_log``). SaveError when none can
    be used or the game is already over."""
    from game.saves import SaveError, best_log

    fair = load_fair_table(sources)     # game.saves.fair_lan
    if fair is not None:
        return fair
    loaded = best_log(sources)
    if loaded.match.is_over():
        raise SaveError("this game is already finished; open it as a replay instead",
                        loaded.path)
    # every LAN table is a fair table (issue 13): a game whose hidden tiles and future draws
    # are all in one file (a local game, or a LAN save of the old single-seed protocol) would
    # show the host every hand and the pile order
    raise SaveError("only a fair LAN table's own save can be hosted again (this game's hidden "
                    "tiles are all in the file); open it as a replay or continue it here",
                    loaded.path)


def own_names(header: dict) -> list[str]:
    """Names of the seats the machine that wrote this save played (not its bots): who
    resumes it from that machine."""
    seats = header.get("seats") or []
    names = []
    for seat in lan_info(header).get("mine", []):
        row = seats[seat] if seat < len(seats) and isinstance(seats[seat], dict) else {}
        if row.get("kind") != "bot" and not row.get("level") and row.get("name"):
            names.append(str(row["name"]))
    return names


def own_peer(header: dict) -> int | None:
    """The old peer id of the machine that wrote this save (0: the host), None if unknown."""
    role = lan_info(header).get("role", "")
    if role == "host":
        return 0
    if role.startswith("peer") and role[4:].isascii() and role[4:].isdigit():
        return int(role[4:])
    return None


def resumed_endpoint(loaded: Any, name: str, *, headless_bot: str = "",
                     local_names: Iterable[str] = (), host_peer: int | None = None,
                     phone_seats: Iterable[int] = (), **options: Any):
    """A ``HostEndpoint`` continuing ``loaded`` (see ``load_table``): its seats from
    ``resumed_slots`` (``phone_seats``: the host's seats played on phones); it autosaves into the same file when that is one of our saves (so the
    old save is not offered again), else into a new one."""
    from game.saves.files import saves_dir
    from net.session.claims import keys_from_header
    from net.table.host import HostEndpoint

    match = loaded.match
    slots = resumed_slots(loaded.save.header, [name, *local_names], headless_bot=headless_bot,
                          host_peer=host_peer, phone_seats=phone_seats)
    path = None
    if loaded.save.source == "save" and loaded.path \
            and Path(loaded.path).resolve().parent == saves_dir().resolve():
        path = Path(loaded.path)
    for listener in match.listeners:      # e.g. the autosaver of saves.resume
        match.unsubscribe(listener)
    fair = None
    if is_fair_save(loaded.save.header):
        replica = resumed_fair_driver(loaded, host_peer_of(loaded.save.header, [
            name, *local_names]) if host_peer is None else host_peer)
        fair, match = replica.fair, replica.match
    endpoint = HostEndpoint(match.game, match.config, slots, name=name, resume=match,
                            save_path=path, **options)
    if fair is not None:
        endpoint.fair_host.resume(fair, loaded.save)
    endpoint.seating.old_tokens = old_token_groups(loaded.save.header)
    endpoint.claims.old_keys = keys_from_header(loaded.save.header)   # net.session.claims
    return endpoint


def saved_seat_key(host: str, port: int, folder: Path | None = None) -> str:
    """The seat token of this machine's newest unfinished joiner save of the table at
    ``host:port`` (``rejoin_info``), "" if there is none."""
    try:
        found = []
        for path, save in _readable_saves(folder):
            info = rejoin_info(save.header) if save.end is None else None
            if info and info["address"] == (host, int(port)):
                found.append((path.stat().st_mtime, info["key"]))
        return max(found)[1] if found else ""
    except OSError:
        return ""


def own_unfinished_save(match: Match, mine: list[int]) -> Path | None:
    """This machine's unfinished joiner save of the table ``match`` continues, where it held
    the seats ``mine``: a resumed table continues in that file instead of leaving it behind
    to be offered for resuming again. The newest such file, or None."""
    try:
        wanted, seats = table_id(match), sorted(mine)
        found = []
        for path, save in _readable_saves(None, table=wanted):
            info = lan_info(save.header)
            if (save.header.get("table") == wanted and save.end is None and info
                    and info["role"].startswith("peer") and info["mine"] == seats):
                found.append((path.stat().st_mtime, str(path)))
        return Path(max(found)[1]) if found else None
    except OSError:
        return None


def saved_claim_secret(table: str, peer: int, folder: Path | None = None) -> bytes:
    """This machine's claim secret for the table whose id starts with ``table``, where it was
    peer ``peer``: from its own unfinished LAN saves (b"" if none)."""
    try:
        for _path, save in _readable_saves(folder):
            header = save.header
            if (str(header.get("table", ""))[:TABLE_CHARS] == table[:TABLE_CHARS]
                    and own_peer(header) == peer and own_secret(header)):
                return own_secret(header)
    except OSError:
        return b""
    return b""


def saved_secret_for_key(token: str, folder: Path | None = None) -> bytes:
    """The claim secret kept with seat token ``token`` in this machine's unfinished joiner
    saves (a rejoin keeps the key the other machines' saves know), b"" if none."""
    if not token or token.startswith("r:"):
        return b""
    try:
        for _path, save in _readable_saves(folder):
            block = save.header.get("lan")
            if isinstance(block, dict) and block.get("key") == token and own_secret(save.header):
                return own_secret(save.header)
    except OSError:
        return b""
    return b""


def write_netlog(match: Match, role: str, commands: list | None = None,
                 extra: dict | None = None) -> Path | None:
    """Write the match log; returns the path (None if the disk refused: never fatal)."""
    try:
        folder = netlogs_dir()        # where game.saves lists them for resume and replay
        data = match.to_plain()
        data["commands"] = list(commands or [])
        data["role"] = role
        data.update(extra or {})
        path = folder / f"{match.game.name}-{match.seed:016x}-{role}.json"
        path.write_text(json.dumps(data, sort_keys=True, indent=1), encoding="utf-8")
        return path
    except OSError:
        return None


class LanPersistence(Persistence):
    """This machine's saves folder, as the network endpoints use it (``net.local.services``)."""

    def start_autosave(self, match: Match, role: str, peers: list[int], mine: list[int],
                       **options: Any) -> Any:
        return start_net_autosave(match, role, peers, mine, **options)

    def unfinished_save(self, match: Match, mine: list[int]) -> Path | None:
        return own_unfinished_save(match, mine)

    def write_netlog(self, match: Match, role: str, commands: list | None = None,
                     extra: dict | None = None) -> Path | None:
        return write_netlog(match, role, commands, extra)

    def claim_secret(self, table: str, peer: int) -> bytes:
        return saved_claim_secret(table, peer)

    def secret_for_key(self, token: str) -> bytes:
        return saved_secret_for_key(token)

    def fair_secret_for_key(self, table: str, key: str) -> bytes | None:
        return saved_fair_secret(table, key)

    def fair_save_secret(self, table: str, peer: int) -> bytes | None:
        return own_fair_save_secret(table, peer)

    def fair_own_past(self, table: str, peer: int) -> Any:
        return own_fair_past(table, peer)

    def record_audit(self, autosaver: Any, match: Match, verdict: dict) -> None:
        record_audit(autosaver, match, verdict)

    def save_fair_stream(self, autosaver: Any, fair: Any, played: dict, word: Any = None,
                         keys: dict | None = None) -> None:
        save_fair_stream(autosaver, fair, played, word, keys)

    def saved_fair_stream(self, save: Any) -> tuple[list, dict]:
        return saved_fair_stream(save)

    def saved_fair_past(self, save: Any) -> Any:
        return saved_fair_past(save)

    def settle(self, autosaver: Any) -> None:
        if autosaver is not None:
            autosaver.settle()
