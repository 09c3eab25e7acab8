"""``run.py join HOST[:PORT]``: join a LAN table (port 5055 unless given); ``--headless --bot
LEVEL`` plays a seat by bot.

Headless output is JSON lines on stdout: ``joined`` (seats and the seat token: pass it back
with ``--token`` to rejoin after a disconnection), ``started``, ``retrying`` and ``rejoined``
(a link lost without a goodbye is dialled again with backoff, with the seat token, for up to
``--retry-limit`` seconds per outage; the reason goes to stderr), and as the last line
``{"event": "game_over", "seq": N, "hash": "<hex>", "scores": [...]}``. Any failure (refused,
connection lost, host left) exits non-zero with a message on stderr.
"""

from __future__ import annotations

import ipaddress
import json
import sys
import time

from game.bots.base import levels, make_bot
from game.cli import CliError
from game.cli.options import check_seconds

HELP = "join a LAN table (headless: a bot plays the seat)"
RETRY_LIMIT = 120.0       # as long as a host waits for a dropped player before a bot plays

REASONS = {
    "protocol_version": "the host speaks network protocol {ours}, we speak {theirs}",
    "not_a_table": "no Tracklayer table answered at that address (is the port right?)",
    "rules_version": "the host runs different rules (version {ours}, ours {theirs}): "
                     "both sides need the same Tracklayer version",
    "game_mismatch": "the table plays {ours}, not {theirs}",
    "table_full": "the table has no free seat",
    "game_started": "the game has already started (rejoin with your seat token)",
    "bad_token": "this seat token belongs to no seat at this table",
    "malformed": "malformed data ({detail})",
    "frame_too_large": "a message was too large ({size} bytes, limit {limit})",
    "flooding": "too many messages (more than {limit} a second)",
    "unknown_message": "an unknown message type ({type})",
    "bad_message": "a malformed message ({type}, field {field})",
    "not_your_seat": "seat {seat} is not yours",
    "bad_reveal": "a peer revealed a seed value that does not match its commitment",
    "timeout": "no answer for too long",
    "host_left": "the host closed the table",
    "left": "left the table",
    "replaced": "the same seat token connected again from elsewhere",
    "connection_lost": "the connection to the host was lost",
    "connection_reset": "the connection to {address} was reset",
    "no_answer": "the table at {address} did not answer in time",
    "hung_up": "{address} closed the connection without answering (is the port right?)",
    "unreachable": "cannot reach {address} ({detail})",
    "game_over": "the game is over",
    "desync": "the game state could not be repaired",
    "try_later": "too many bad attempts came from this computer; try again in {seconds} s",
    "seat_reserved": "the free seats of this resumed game are kept for {names} "
                     "(join with --name set to your name in that game)",
    "seat_owned": "the seat of {names} waits for the machine that played it: only that "
                  "machine's save (or its seat token, --token) takes it back",
}


def describe(code: str, args: dict) -> str:
    """English text for a reason code (the client has its own translated catalogue)."""
    template = REASONS.get(code, code)
    try:
        text = template.format(**args)
    except (KeyError, IndexError, ValueError):
        text = template
    if args.get("gave_up"):
        text += f" (gave up after {args['gave_up']} s of retrying)"
    return text


def emit(event: str, **fields) -> None:
    fields = {"event": event, **fields}
    print(json.dumps(fields, sort_keys=False), flush=True)


def check_level(level: str, game=None) -> None:
    if game is None:
        if level not in levels():
            raise CliError(f"unknown bot level '{level}' (choose from: {', '.join(levels())})", 2)
        return
    try:
        make_bot(game, 0, level, 0)
    except KeyError as exc:
        raise CliError(str(exc.args[0]), 2) from None


def check_name(name: str) -> str:
    """A player name for the table: 1 to MAX_NAME printable characters (the wire's limit)."""
    from net.protocol.schema import MAX_NAME

    if not name.strip() or len(name) > MAX_NAME or not name.isprintable():
        raise CliError(f"--name must be 1 to {MAX_NAME} printable characters", 2)
    return name


DEFAULT_PORT = 5055       # a table's usual port (``host --port``'s default)


def parse_address(text: str | None) -> tuple[str, int]:
    """``HOST[:PORT]`` -> (host, port), the port 5055 when not given. An IPv6 host with a
    port goes in brackets (``[::1]:5055``); without one it may be bare (``::1``)."""
    if not text:
        raise CliError("give the table's address as HOST or HOST:PORT", 2)
    bad = CliError(f"'{text}' is not HOST or HOST:PORT (e.g. 192.168.1.5, 192.168.1.5:5055 "
                   "or [::1]:5055)", 2)
    if not text.isascii() or not text.isprintable() or any(ch.isspace() for ch in text):
        raise bad
    if text.startswith("[") and text.endswith("]"):
        host, port_text = text[1:-1], ""                     # [::1]
        if ":" not in host:
            raise bad                                        # brackets hold an IPv6 address
    elif text.count(":") >= 2 and not text.startswith("["):
        host, port_text = text, ""                           # ::1, fe80::2
    else:
        host, sep, port_text = text.rpartition(":")
        if not sep:
            host, port_text = text, ""                       # kitchen-pc, 192.168.1.5
        elif not port_text:
            raise bad                                        # "kitchen-pc:" names no port
    if port_text and (not port_text.isdigit() or len(port_text) > 5):
        raise bad
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
        if ":" not in host:
            raise bad
    if ":" in host:
        try:
            ipaddress.IPv6Address(host)
        except ValueError:
            raise bad from None
    elif not host or "[" in host or "]" in host:
        raise bad
    port = int(port_text) if port_text else DEFAULT_PORT
    if not 0 < port < 65536:
        raise CliError(f"'{text}': the port must be between 1 and 65535", 2)
    return host, port


def format_address(host: str, port: int) -> str:
    """(host, port) as typed: ``host:port``, an IPv6 host in brackets."""
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def add_arguments(parser) -> None:
    parser.add_argument("address", nargs="?", metavar="HOST[:PORT]",
                        help=f"the table to join (port {DEFAULT_PORT} when none is given)")
    parser.add_argument("--name", default="player", help="your name at the table")
    parser.add_argument("--headless", action="store_true", help="no window: a bot plays")
    parser.add_argument("--bot", default="random", metavar="LEVEL",
                        help="bot level for --headless (default: random)")
    parser.add_argument("--token", default="", help="seat token to take your seat back")
    parser.add_argument("--rejoin", action="store_true",
                        help="take your seats back with the seat token this machine's own "
                             "save of the table at HOST:PORT keeps (after a crash)")
    parser.add_argument("--seats", type=int, default=1, metavar="K",
                        help="seats to take (0: watch as a spectator)")
    parser.add_argument("--timeout", type=float, default=3600.0, metavar="SECONDS",
                        help="give up after this long (headless)")
    parser.add_argument("--retry-limit", type=float, default=RETRY_LIMIT, metavar="SECONDS",
                        help="headless: when the connection breaks without a goodbye, try "
                             f"again for up to this long (default {RETRY_LIMIT:g}; 0: never)")
    parser.add_argument("--print-moves", action="store_true",
                        help="headless: print a move line (its seq) for every move applied, "
                             "once this machine's save holds the moves before it")
    parser.add_argument("--move-delay", type=float, default=0.0, metavar="SECONDS",
                        help="the bot waits this long before each move (headless)")


def run(args) -> int:
    from game import lan_services     # the network layer loads with a table, not with run.py

    lan_services.install()            # our bots and saves for the tables made here
    if not args.headless:
        address = format_address(*parse_address(args.address)) if args.address else ""
        check_name(args.name)
        if not 0 <= args.seats <= 8:
            raise CliError("--seats must be between 0 and 8", 2)
        from game.client.lan_entry import run_lan_client

        return run_lan_client("join", address=address, name=args.name, seats=args.seats)
    host, port = parse_address(args.address)
    check_level(args.bot)
    check_name(args.name)
    if len(args.token) > 64 or not args.token.isprintable():
        raise CliError("--token is not a seat token (the one printed when you joined)", 2)
    from net.protocol.schema import MAX_SEATS

    if not 0 <= args.seats <= MAX_SEATS:      # bots: one process may play many seats
        raise CliError(f"--seats must be between 0 and {MAX_SEATS}", 2)
    check_seconds(args.move_delay, "--move-delay", high=60)
    check_seconds(args.timeout, "--timeout", low=0.1)
    check_seconds(args.retry_limit, "--retry-limit", high=86400.0)
    from net.client import ClientConnection
    from game.saves.lan import resume_claims, saved_seat_key

    if args.rejoin and not args.token:
        args.token = saved_seat_key(host, port)
        if not args.token:
            raise CliError(f"no unfinished game of this machine at {host}:{port} to rejoin", 2)

    try:
        # no token given: claim our old seats should this be a table resumed from a save
        peer = ClientConnection.connect(host, port, name=args.name, wanted_seats=args.seats,
                                        token=args.token or resume_claims(), auto_bot=args.bot,
                                        bot_delay=args.move_delay,
                                        redial_limit=args.retry_limit)
    except OSError as exc:
        raise CliError(f"cannot reach {host}:{port} ({exc.strerror or exc})") from None
    from game.cli.stopping import stop_signals

    # Ctrl-C, SIGTERM, SIGHUP: leave with a goodbye (exit 130, 143, 129), the log kept
    with stop_signals("left the table"):
        try:
            return play_headless(peer, args.timeout, print_moves=args.print_moves)
        finally:
            peer.close()


def play_headless(peer, timeout: float, *, print_moves: bool = False) -> int:
    """Pump the joined table until it ends; ``print_moves``: a ``move`` line per entry."""
    endpoint = peer.endpoint
    deadline = time.monotonic() + timeout
    finished = None
    ready_sent = False
    while time.monotonic() < deadline:
        peer.pump(0.01)
        for event in peer.poll():
            kind = event["event"]
            if kind == "welcome":
                emit("joined", peer=event["peer"], seats=event["seats"], token=event["token"])
                ready_sent = False       # a lobby forgets a dropped peer: ready again
            elif kind == "retrying":
                sys.stderr.write(f"{describe(event['code'], event['args'])} — retrying in "
                                 f"{event['delay']:g} s\n")
                emit("retrying", code=event["code"], delay=event["delay"],
                     attempt=event["attempt"])
            elif kind == "rejoined":
                emit("rejoined", seats=event["seats"])
            elif kind == "lobby" and not ready_sent:
                peer.set_ready(True)
                ready_sent = True
            elif kind == "started":
                emit("started", seats=event["you"])
            elif kind == "resynced":
                emit("resynced", seq=event["seq"], reason=event["reason"])
            elif kind == "move" and print_moves:
                emit("move", seq=event["seq"])
            elif kind == "game_over":
                finished = event
            elif kind == "audit":
                emit("audit", **{k: v for k, v in event.items() if k != "event"})
            elif kind in ("seeding_aborted", "fair_host_withheld", "roll_part_rebuilt",
                          "table_code", "fair_past_unsigned", "fair_stalled"):
                emit(kind, **{k: v for k, v in event.items() if k != "event"})
            elif kind == "ended":
                return _ended(event, finished)
    peer.leave()
    raise CliError(f"no result after {timeout:g} s")


def _ended(event: dict, finished: dict | None) -> int:
    code, args = event["code"], event["args"]
    if code == "game_over" and finished is not None:
        if args.get("h") not in (None, finished["hash"]):
            raise CliError("final state differs from the host's "
                           f"({finished['hash']} vs {args['h']})")
        emit("game_over", seq=finished["seq"], hash=finished["hash"], scores=finished["scores"])
        return 0
    raise CliError(describe(code, args))
