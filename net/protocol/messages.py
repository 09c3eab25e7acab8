"""Message type ids, reason codes and the protocol version: the vocabulary of the wire.

Messages are msgpack maps with short string keys; ``"t"`` holds the type id. They carry ids and
arguments only, never user-facing text: every client translates ``net.<code>`` itself.
The hot-path messages (propose, move, hash, heartbeat) have one-letter ids to keep frames tiny.
"""

from __future__ import annotations

# 2: every table is a fair table (issue 13): no seed round, START names the dealers. 3: compact
# move frames (net.protocol.moveframe). 4: a draw's shares in one FAIR_BUNDLE frame, intermediate
# decks as their digests (issue 28 item 5). 5: after its first LOBBY a peer hears only what
# changed (LOBBY_CHANGE). An older peer is refused at its hello with both versions named.
PROTOCOL_VERSION = 5

# -- message type ids ------------------------------------------------------------------------
# handshake and lobby
HELLO = "hello"        # peer -> host: versions, game, name, token, wanted seats
WELCOME = "welcome"    # host -> peer: your peer id, token and seats
REFUSE = "refuse"      # host -> peer (then close) or peer -> host: code + args
LOBBY = "lobby"        # host -> peer: table snapshot (game, config, seats, spectators)
LOBBY_CHANGE = "lc"    # host -> peer: what changed since its last snapshot (net.protocol.lobby)
SEAT_SET = "seat"      # peer -> host: name/colour of one of its seats
READY = "ready"        # peer -> host: ready flag
BYE = "bye"            # either way: leaving, with a reason code (host: table ends)
# the start of a fair table
ABORT = "ab"           # host -> all: the fair setup ended (code, peer), back to the lobby
START = "go"           # host -> all: game, config, seats, the dealers ("dl") and table id
                       # ("tid"); never a seed: chance is dealt by the dealers' records
# play
PROPOSE = "P"          # peer -> host: (seat, move notation, nonce)
MOVE = "M"             # host -> all: sequenced move (seq, seat, notation)
REJECT = "X"           # host -> proposer: (nonce, seat, code, args)
HASH = "H"             # peer -> host: (seq, state hash after it)
GET = "G"              # peer -> host: resend moves from seq q
SYNC = "Y"             # host -> peer: whole log (+hashes, commands): catch-up or repair
COMMAND = "C"          # host -> all: sequenced seat-control command (bot takes a seat...)
FAIR = "F"             # a fair table's cipher record: peer -> host (r), host -> all (i, r)
FAIR_BUNDLE = "FB"     # host -> all: consecutive records of the stream from index i (net.fair.bundle)
STATUS = "S"           # host -> all: connection state of every seat
BEAT = "B"             # heartbeat either way, carries the sender's seq
# resume claims (net.session.claims): a claimed seat is given only to the machine that proves its key
CHALLENGE = "ch"       # host -> peer: prove the claim on table "tb", old peer "p", nonce "n"
PROOF = "pf"           # peer -> host: Schnorr proof ("pt" commitment, "ps" response)
PROPOSE_C = "p"        # PROPOSE, compact: nonce, seat and the move's codec bytes in "b"
MOVE_C = "m"           # MOVE, compact: seq, seat and the move's codec bytes in "b"

# -- reason codes (refusals, rejections, endings) --------------------------------------------
R_PROTOCOL = "protocol_version"     # args: ours, theirs
R_RULES = "rules_version"           # args: ours, theirs
R_GAME = "game_mismatch"            # args: ours, theirs
R_FULL = "table_full"
R_STARTED = "game_started"
R_BAD_TOKEN = "bad_token"
R_MALFORMED = "malformed"           # args: detail (a code, not text)
R_TOO_LARGE = "frame_too_large"     # args: size, limit
R_UNKNOWN = "unknown_message"       # args: type
R_SCHEMA = "bad_message"            # args: type, field
R_NOT_YOUR_SEAT = "not_your_seat"   # args: seat
R_NOT_PLAYING = "not_playing"
R_TIMEOUT = "timeout"
R_HOST_LEFT = "host_left"
R_LEFT = "left"
R_REPLACED = "replaced"             # a newer connection took over this token
R_CONNECTION_LOST = "connection_lost"
R_GAME_OVER = "game_over"
R_KICKED = "kicked"
R_DESYNC = "desync"
R_CATCH_UP = "catch_up"
R_NOT_A_TABLE = "not_a_table"      # the other side never spoke our protocol (args: detail)
R_FLOODING = "flooding"            # args: limit (frames per second)
R_RESERVED = "seat_reserved"        # resumed table: the open seats wait for others (args: names)
R_SEAT_OWNED = "seat_owned"         # resumed table: a name asked for seats only their old machine
                                    # may take back, by its save or seat token (args: names)
# a joiner's own findings about its link (never sent): a truthful reason, then a retry
R_NO_ANSWER = "no_answer"            # no WELCOME within the handshake limit (args: address)
R_CONNECTION_RESET = "connection_reset"   # the link was reset (args: address)
R_HUNG_UP = "hung_up"                # closed before any answer (args: address)
R_UNREACHABLE = "unreachable"        # a new connection could not be made (args: address, detail)
R_BAD_CLAIM = "bad_claim"           # a resume claim whose proof of the machine's key failed
R_TOO_MANY_SPECTATORS = "too_many_spectators"   # args: limit
R_TOO_MANY_CONNECTIONS = "too_many_connections"  # from one address (args: limit)
R_BUSY = "host_busy"                # the host's memory budget for unfinished frames is spent
R_SLOW_READER = "slow_reader"       # a peer that reads too little of what is sent to it
R_TOO_MANY_REQUESTS = "too_many_requests"      # args: kind, limit (requests per second)
R_WRONG_STATE = "wrong_state"       # a message that has no meaning now (args: type, phase)
R_TRY_LATER = "try_later"           # this address was refused for abuse: wait (args: seconds)

# -- seat kinds and connection states ----------------------------------------------------------
KIND_LOCAL = "local"      # played on the host machine (a human there)
KIND_BOT = "bot"          # played by a bot on the host
KIND_OPEN = "open"        # waiting for a remote player
KIND_REMOTE = "remote"    # held by a remote peer

ST_CONNECTED = "connected"
ST_INTERRUPTED = "interrupted"
ST_DISCONNECTED = "disconnected"
ST_BOT = "bot"
ST_OPEN = "open"

# seat-control commands (sequenced)
CMD_BOT = "bot"           # the host's bot plays the seat from now on
CMD_BACK = "back"         # the seat's player took it back
