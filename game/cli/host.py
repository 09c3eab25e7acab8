"""``run.py host GAME``: host a LAN table; ``--headless`` plays the host's seat with a bot.

``--resume FILE`` continues a saved LAN game (any peer's autosave; several files: the longest
verified log wins): the old host's seats are the host's (or the old machine that had a seat
named ``--name``); every other machine gets exactly its old seats back when it rejoins:
``run.py join`` sends the claim its own save of the table gives it (or ``--token`` the old
seat token), and names are only the fallback (a ``{"event": "resumed", ...}`` line follows
``listening``).

Headless: the first stdout line is ``{"event": "listening", "port": P}``; the host waits for
the remote players, starts when all are ready, and ends with the line
``{"event": "game_over", "seq": N, "hash": "<hex>", "scores": [...]}`` once every player has
confirmed the final state. A player who drops out is waited on for ``--wait-limit`` seconds
(default 120), then the host's bot plays their seat (``{"event": "waited_out", ...}``) until
they rejoin with their seat token (``join --rejoin`` finds it in the joiner's own save).
At a fair table a step that waits for a record nobody can rebuild (a player's answer about
its hand, a key share short of the threshold) blames nobody: a headless host prints a
``fair_stalled`` line naming the dealer and waits; an answer waited on for ``--wait-limit``
seconds goes to the host's bot as a dropped player's seat does (``waited_out`` with
``reason: "stalled"``, ``game.cli.stalls``), where a host in the window decides by *Seats*.
``--phones K``: the first K seats are played by phones this host serves (``host_phones``:
one ``phone_seat`` line each, with the seat's link, after ``listening``). A resumed table serves
the phone seats its save records again, on the same links (the same lines, after ``resumed``).
Ctrl-C, SIGTERM and SIGHUP close the table cleanly: every joiner is told the host closed it
(BYE ``host_left``) and the logs are kept; the exit status is then 130 (Ctrl-C), 143
(SIGTERM) or 129 (SIGHUP).
"""

from __future__ import annotations

import sys
import time

from game.cli import CliError
from game.cli.join import check_level, check_name, describe, emit
from game.cli.stalls import StalledSeats
from game.cli.stopping import stop_signals
from game.cli.options import (add_game_argument, check_port, check_seconds, resolve_config,
                              resolve_game, variants_epilog)
from game.cli import host_phones

HELP = "host a LAN table (headless: a bot plays the host's seat)"
HEADLESS_BOT = "random"   # the host's own seat and --bots seats of a headless table
HEADLESS_NAME = "host"
CONFIRM_WAIT = 10.0
# after the last move the dealers show their secrets (after the end's paperwork, 0.3 s) and
# every machine audits the table; a dealer that left has its key rebuilt from the escrow.
# The table ends once its audit has run, so every save holds it; this bounds a lost one.
AUDIT_WAIT = 10.0
WAIT_LIMIT = 120.0        # a crashed laptop is relaunched within two minutes, or a bot plays
STOPPED = "the table was closed for everyone"
END_GRACE = 30.0          # after the end, a player whose link broke may come back to learn it


def add_arguments(parser) -> None:
    add_game_argument(parser, optional=True)
    parser.add_argument("--players", type=int, default=None, metavar="N",
                        help="seats at the table (default: the game's smallest table, at least 2)")
    parser.add_argument("--variant", action="append", default=[], metavar="V",
                        help="a variant of the game (repeatable; listed below)")
    parser.add_argument("--expansion", action="append", default=[], metavar="X",
                        help="an expansion (Railroad Ink; listed below)")
    parser.add_argument("--port", type=int, default=5055, metavar="P",
                        help="TCP port (0: any free port; default 5055)")
    parser.add_argument("--bind", default="0.0.0.0", metavar="ADDRESS",
                        help="address to listen on (default: every interface)")
    parser.add_argument("--discovery-port", type=int, default=5056, metavar="P",
                        help="UDP port answering LAN discovery (-1: off)")
    parser.add_argument("--headless", action="store_true", help="no window: a bot plays")
    parser.add_argument("--bot", default=None, metavar="LEVEL",
                        help="bot level of the --bots seats and, with --headless, of the host's "
                             f"own seat (default: {HEADLESS_BOT} with --headless; in the window, "
                             "the table setup's usual level)")
    parser.add_argument("--bots", type=int, default=0, metavar="K",
                        help="the K seats after the host's are played by bots on the host; "
                             "the others stay open for players on other machines")
    parser.add_argument("--name", default=None,
                        help=f"the host player's name (default: {HEADLESS_NAME} with "
                             "--headless; in the window, the name used last)")
    parser.add_argument("--timeout", type=float, default=3600.0, metavar="SECONDS",
                        help="give up after this long (headless)")
    parser.add_argument("--wait-limit", type=float, default=WAIT_LIMIT, metavar="SECONDS",
                        help="headless: after a player dropped out, wait this long for them "
                             f"before a bot plays their seat (default {WAIT_LIMIT:g}); they "
                             "take it back when they rejoin. At a fair table, also how long "
                             "to wait on a machine's answer about its hand before a bot "
                             "plays its seats")
    parser.add_argument("--strict", action="store_true",
                        help="a strict fair table: a machine's escrow opens only with all the "
                             "other machines (no smaller group can read a hand); a machine "
                             "that withholds is waited for, not replaced by a bot")
    parser.add_argument("--end-grace", type=float, default=END_GRACE, metavar="SECONDS",
                        help="headless: after the end, keep the table open this long for a "
                             "player whose connection broke to rejoin and learn the result "
                             f"(default {END_GRACE:g}; it closes earlier once everyone heard)")
    from net.transport.limits import DEFAULT_SPECTATORS

    parser.add_argument("--spectators", type=int, default=DEFAULT_SPECTATORS, metavar="N",
                        help="headless: at most N machines may watch the table (default "
                             f"{DEFAULT_SPECTATORS}); more are refused with that reason")
    parser.add_argument("--resume", action="append", default=[], metavar="FILE",
                        help="continue a LAN game from a saved log (repeatable: the longest "
                             "verified one is used); its players rejoin their own seats")
    parser.add_argument("--print-moves", action="store_true",
                        help="headless: print a move line (its seq) for every move applied, "
                             "once this machine's save holds the moves before it")
    host_phones.add_arguments(parser)
    parser.epilog_factory = variants_epilog
    parser.epilog = ("Without --headless the window opens at the table setup with the table "
                     "given here (--players, --bots, --bot, --variant, --expansion, --name), "
                     "to change or open as it is.")


def spectator_limits(args):
    """The table's bounds (``net.transport.limits``) with ``--spectators`` (0 .. 256) applied."""
    import dataclasses

    from net.transport.limits import HostLimits

    if not 0 <= args.spectators <= 256:
        raise CliError(f"--spectators must be between 0 and 256 (got {args.spectators})", 2)
    return dataclasses.replace(HostLimits(), spectators=args.spectators)


def run(args) -> int:
    from game import lan_services     # the network layer loads with a table, not with run.py

    lan_services.install()            # our bots and saves for the tables made here
    if args.resume:
        return _resumed(args)
    if not args.headless:
        return _windowed(args)
    args.bot = args.bot or HEADLESS_BOT
    args.name = HEADLESS_NAME if args.name is None else args.name
    game = resolve_game(args.game)
    config = resolve_config(game, args.players, args.variant, args.expansion)
    check_level(args.bot, game)
    players = config["players"]
    if not args.phones and not 0 <= args.bots <= players - 1:
        raise CliError(f"--bots must be between 0 and {players - 1}", 2)
    check_port(args.port, "--port")
    check_port(args.discovery_port, "--discovery-port", allow_off=True)
    check_seconds(args.timeout, "--timeout", low=0.1)
    check_seconds(args.end_grace, "--end-grace", high=3600.0)
    check_name(args.name)
    from net.protocol import messages as ids
    from net.table.host import HostEndpoint
    from net.protocol.lobby import Slot

    if args.phones:
        slots = host_phones.phone_slots(args, players)
    else:
        slots = [Slot(kind=ids.KIND_BOT, name=args.name, level=args.bot)]
        slots += [Slot(kind=ids.KIND_BOT, name=f"bot {i + 1}", level=args.bot)
                  for i in range(args.bots)]
        slots += [Slot() for _ in range(players - len(slots))]
    check_seconds(args.wait_limit, "--wait-limit", low=1.0, high=86400.0)
    endpoint = HostEndpoint(game, config, slots, name=args.name)
    endpoint.seat_waits.wait_limit, endpoint.seat_waits.wait_bot = args.wait_limit, args.bot
    endpoint.fair_host.strict = bool(args.strict)
    endpoint.limits = spectator_limits(args)
    server = _listen(endpoint, args)
    if server.discovery_error:
        sys.stderr.write(f"LAN discovery is off ({server.discovery_error}); "
                         "players can still join by address\n")
    phones = None
    with stop_signals(STOPPED):
        try:
            phones = host_phones.PhoneHost(server, args) if args.phones else None
            return _serve(server, args.timeout, args.end_grace, phones,
                          print_moves=args.print_moves)
        finally:
            server.close(ids.R_HOST_LEFT)
            if phones is not None:
                phones.close()


def _listen(endpoint, args):
    """Open the table's server on ``--port`` (and LAN discovery unless it is off) and say
    where it listens; a port that cannot be used is a clear error, not a traceback."""
    from net.host import HostServer

    discovery = None if args.discovery_port < 0 else args.discovery_port
    try:
        server = HostServer(endpoint, port=args.port, bind=args.bind, discovery_port=discovery)
    except OSError as exc:
        raise CliError(f"cannot listen on port {args.port} ({exc.strerror or exc})") from None
    emit("listening", port=server.port)
    return server


def _resumed(args) -> int:
    """``--resume FILE...``: the table continues the best of the given logs; the old host's
    seats are the host's (headless: played by ``--bot``), the others wait for their old
    machines (see ``game.saves.lan``: resume claim, old seat token, else name)."""
    from game.saves import SaveError
    from net.protocol import messages as ids
    from game.saves.lan import load_table, resumed_endpoint

    args.bot = args.bot or HEADLESS_BOT
    args.name = HEADLESS_NAME if args.name is None else args.name
    check_port(args.port, "--port")
    check_port(args.discovery_port, "--discovery-port", allow_off=True)
    check_seconds(args.timeout, "--timeout", low=0.1)
    check_seconds(args.end_grace, "--end-grace", high=3600.0)
    check_name(args.name)
    ignored = [option for option, value, default in (
        ("--players", args.players, None), ("--bots", args.bots, 0),
        ("--variant", args.variant, []), ("--expansion", args.expansion, [])) if value != default]
    if ignored:
        sys.stderr.write(f"note: {', '.join(ignored)} do not apply with --resume; "
                         "the saved game chooses the table\n")
    try:
        loaded = load_table(args.resume)
    except SaveError as exc:
        raise CliError(f"cannot resume: {exc}", 2) from None
    if args.game and resolve_game(args.game).name != loaded.match.game.name:
        raise CliError(f"the saved game is {loaded.match.game.name}, not {args.game}", 2)
    if not args.headless:
        from game.client.lan_entry import run_lan_client

        return run_lan_client("host", port=args.port, resume=[loaded.path])
    check_level(args.bot, loaded.match.game)
    check_seconds(args.wait_limit, "--wait-limit", low=1.0, high=86400.0)
    # the old host's phone seats (its save records them) are served as phones again
    saved = host_phones.saved_phones(args, loaded.match.config["players"])
    endpoint = resumed_endpoint(loaded, args.name, headless_bot=args.bot,
                                phone_seats=saved["seats"])
    endpoint.seat_waits.wait_limit, endpoint.seat_waits.wait_bot = args.wait_limit, args.bot
    endpoint.limits = spectator_limits(args)
    phone_seats = [seat for seat in sorted(saved["seats"])
                   if endpoint.slots[seat].kind == ids.KIND_LOCAL]
    if args.phones and len(phone_seats) != args.phones:
        raise CliError(f"the saved table's phone seats {sorted(saved['seats'])} are not this "
                       "host's to serve", 2)
    server = _listen(endpoint, args)
    waiting = sorted({slot.reserved for slot in endpoint.slots if slot.reserved})
    emit("resumed", seq=loaded.match.seq, file=loaded.path, waiting_for=waiting,
         damaged=loaded.warning)
    phones = None
    with stop_signals(STOPPED):
        try:
            if phone_seats:
                phones = host_phones.PhoneHost(server, args, seats=phone_seats, saved=saved)
            return _serve(server, args.timeout, args.end_grace, phones,
                          print_moves=args.print_moves)
        finally:
            server.close(ids.R_HOST_LEFT)
            if phones is not None:
                phones.close()


def _windowed(args) -> int:
    """Open the client at the LAN table setup (the lobby screens drive ``net`` themselves),
    filled in with the table the options describe (``window_table``)."""
    from net.transport.limits import HostLimits

    check_port(args.port, "--port")
    table = window_table(args)
    headless_only = [option for option, value, default in (
        ("--timeout", args.timeout, 3600.0), ("--bind", args.bind, "0.0.0.0"),
        ("--discovery-port", args.discovery_port, 5056),
        ("--wait-limit", args.wait_limit, WAIT_LIMIT), ("--end-grace", args.end_grace, END_GRACE),
        ("--spectators", args.spectators, HostLimits().spectators), ("--phones", args.phones, 0))
        if value != default]
    if headless_only:
        sys.stderr.write(f"note: {', '.join(headless_only)} only apply with --headless; "
                         "the window's table setup chooses the table\n")
    from game.client.lan_entry import run_lan_client

    return run_lan_client("host", game=args.game, port=args.port, table=table)


def window_table(args) -> dict | None:
    """The table the window's setup opens with: ``{"players", "bots", "level", "variants",
    "name"}`` checked like a headless table's (None: no table option was given, the setup
    offers the last table). Table options without a GAME are refused."""
    given = [option for option, value, default in (
        ("--players", args.players, None), ("--bots", args.bots, 0),
        ("--variant", args.variant, []), ("--expansion", args.expansion, []),
        ("--bot", args.bot, None), ("--name", args.name, None)) if value != default]
    if not args.game:
        if given:
            raise CliError(f"{', '.join(given)} need a GAME (e.g. host railroad-ink "
                           "--players 32 --bots 28)", 2)
        return None
    game = resolve_game(args.game)
    if not given:
        return None
    from game.bots.base import levels

    config = resolve_config(game, args.players, args.variant, args.expansion)
    players = config["players"]
    if not 0 <= args.bots <= players - 1:
        raise CliError(f"--bots must be between 0 and {players - 1}", 2)
    known = levels(game.name)
    level = args.bot or ("normal" if "normal" in known else known[0])
    check_level(level, game)
    if args.name is not None:
        check_name(args.name)
    return {"players": players, "bots": args.bots, "level": level,
            "variants": [*args.variant, *args.expansion], "name": args.name or ""}


def _serve(server, timeout: float, end_grace: float = END_GRACE, phones=None, *,
           print_moves: bool = False) -> int:
    """``phones``: the host's phone seats (``host_phones.PhoneHost``), pumped with the table.
    ``print_moves``: a ``move`` line for every entry applied (``--print-moves``)."""
    endpoint = server.endpoint
    deadline = time.monotonic() + timeout
    over = None
    over_since = 0.0
    audited = False
    stalls_told: set = set()
    stalls = StalledSeats(endpoint.seat_waits.wait_limit)
    while time.monotonic() < deadline:
        # phones' moves arrive on another thread: look for them more often than the sockets'
        server.pump(0.01 if over is None and phones is None else 0.005)
        if phones is not None:
            phones.pump()
        for event in server.poll():
            kind = event["event"]
            if kind in ("peer_joined", "peer_back", "peer_left"):
                emit(kind, peer=event["peer"], seats=event["seats"])
            elif kind == "peer_bye":       # a joiner said goodbye (left, or stopped)
                emit("peer_bye", peer=event["peer"], code=event["code"])
            elif kind == "peer_refused":
                emit("peer_refused", peer=event["peer"], code=event["code"], args=event["args"])
            elif kind == "desync":
                emit("desync", peer=event["peer"], seq=event["seq"])
            elif kind == "started":
                emit("started", seed=event["seed"])
            elif kind == "table_code":     # the players compare it with their screens'
                emit("table_code", code=event["code"])
            elif kind == "fair_stalled":   # a step waits for this dealer (nobody blamed):
                told = (event["dealer"], endpoint.seq)      # said once a dealer and a move;
                if told not in stalls_told:                 # an answer is waited for up to
                    stalls_told.add(told)                   # --wait-limit (game.cli.stalls)
                    emit("fair_stalled", dealer=event["dealer"], seq=endpoint.seq)
                stalls.note(event, endpoint.seq, time.monotonic())
            elif kind == "fair_past_unsigned":     # a resumed table's past on our word
                emit(kind, code=event["code"], args=event["args"])
            elif kind == "waited_out":     # nobody waits for good: a bot plays the seat
                emit("waited_out", seat=event["seat"], seconds=event["seconds"])
            elif kind == "game_over":
                over, over_since = event, time.monotonic()
            elif kind == "audit":
                audited = True
                emit("audit", **{k: v for k, v in event.items() if k != "event"})
            elif kind == "move" and print_moves:
                emit("move", seq=event["seq"])
        for seat, seconds in stalls.due(endpoint.seq, time.monotonic()):
            try:        # the table waited that long on this seat's answer: the host's bot
                server.hand_to_bot(seat, endpoint.seat_waits.wait_bot or "random")
            except (RuntimeError, KeyError, IndexError):
                continue                       # the game ended meanwhile, or no such seat
            emit("waited_out", seat=seat, seconds=seconds, reason="stalled")
        if endpoint.phase == "lobby" and endpoint.can_start() and (
                phones is None or phones.ready()):
            server.start_game()
        waited = time.monotonic() - over_since if over is not None else 0.0
        if over is not None and not audited and waited > AUDIT_WAIT and endpoint.fair:
            with server.lock:      # the audit could not run in time: the game is void
                voided = endpoint.fair_host.void_unaudited()
            if voided:
                continue           # its "audit" line is printed with the next events
        audit_done = audited or endpoint.fair is None or waited > AUDIT_WAIT
        if over is not None and ((endpoint.all_confirmed() and audit_done)
                                 or waited > max(CONFIRM_WAIT, AUDIT_WAIT)):
            if not endpoint.all_confirmed():
                raise CliError("not every player confirmed the final state")
            with server.lock:
                endpoint.finish_table(end_grace, q=over["seq"], h=over["hash"])
            if phones is not None:
                phones.linger()       # the phones' results go out before game_over is said
            emit("game_over", seq=over["seq"], hash=over["hash"], scores=over["scores"])
            _linger(server, deadline)
            return 0
    raise CliError(f"no result after {timeout:g} s ({describe('timeout', {})})")


def _linger(server, deadline: float) -> None:
    """After the end: until every seated player heard it (or the grace is over), a player
    whose link broke at the last move may come back and learn the end (net.table.endgrace)."""
    endpoint = server.endpoint
    while time.monotonic() < deadline and not endpoint.end.everyone_told():
        server.pump(0.01)
        server.poll()      # game_over stays our last line
