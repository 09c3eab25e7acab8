"""The Metro game state: one mutable object, plain fields the client and bots may read.

Fields (read them; change them only through ``GAME.apply``/``GAME.play``):

Table
  ``config``        the config dict (``{"players": N, "variants": [...]}``)
  ``players``       number of seats; ``orientation`` (bool), ``hand_size`` (1-3),
                    ``companies`` (bool) from the variants
  ``current``       the seat to move (meaningless once ``over``)
  ``over``          True once all 60 tiles are placed
  ``turn``          number of moves played so far

Board (square = row * 8 + col, row 0 at the top; see board.py)
  ``board[sq]``     None, or ``(type, rot)``: the four-letter type code as printed and the
                    quarter turns clockwise it was placed with (always 0 without the
                    orientation variant). The four central squares stay None.
  ``shape[sq]``     -1 or the index in ``tiles.TYPES`` of the rotated tile (what tracing uses)
  ``placed_by[sq]`` the seat that placed the tile there, or -1
  ``avail``         bit mask of the squares a tile may go on (empty, on the ring or next to a
                    tile), before the one-tile rule; ``filled`` mask of squares holding a tile;
                    ``placed`` number of tiles on the board

Tiles
  ``hands[seat]``   list of type codes in the seat's hand ("?" for a hidden tile in a view)
  ``stack``         the face-down stack, top = last element ("?" everywhere in a view;
                    ``len(stack)`` is the stack count)
  ``pending``       the type code of the tile the current seat drew with ``draw`` and must
                    place now, or None (public: a drawn tile is placed face up at once)

Cars and lines (index i = station i + 1, stations 1-32 clockwise from the top-left)
  ``car_owner[i]``  the seat owning the car on that station (with companies: the company
                    index into data.COMPANIES), or None (stations 16/17 with 3, 5, 6 players)
  ``line_done[i]``  True once the line is complete and scored (the car is turned over)
  ``line_points[i]`` points it scored (0 until done), ``line_tiles[i]`` tiles passed so far
                    (repeats counted), ``line_centre[i]`` it ended at the central station,
                    ``line_end[i]`` -1 open, 0 centre, else the arrival station number,
                    ``line_at[i]`` where the open line continues (square * 8 + endpoint) or -1
  ``line_waiting[sq]`` bit i set while line i waits on empty square sq (``line_at[i] >> 3``):
                    derived from ``line_at``, not encoded; it finds the lines a tile advances
  ``scores[seat]``  line points per seat (all 0 with companies: points go to companies)

Companies expansion (empty lists when off)
  ``profits[c]``    profit points of company c
  ``shares[seat]``  the seat's share cards, sorted ``(company, pct)`` tuples ((-1, 0) hidden)
  ``piles[p]``      face-down cards of the pile for SHARE_PERCENTS[p], top first ((-1, 0)
                    everywhere in a view)
  ``face_up[p]``    the face-up card beside pile p
  ``exchanges_open`` False once any company reached the 25-point cutoff

``rng``: the game's Rng (None in a view).

``digest_memo`` / ``public_memo``: what the last hash of this state (of its public view) wrote,
field by field (digest.py): immutable, so a copy starts from its original's. Not part of the
state's value: a field's bytes are reused only while the field equals the copy kept of it.

LAN table (partial information; see table.py)
  ``table``         True for a state held by a table peer (``new_table_game``): random events
                    wait on ``chance`` instead of taking the stack's top; False in local play
                    and in every view
  ``chance``        the chance steps this table state waits for, in order (plain dicts of
                    ``ChanceRequest.to_plain``); empty in local play. It is encoded only
                    while non-empty, so a local state's encoding (and hash) is unchanged.
"""

from __future__ import annotations

from ..copying import copy_fields

# what ``copy`` takes as it is (never changed in place) and the flat lists it copies; the chance
# steps (dicts) are never changed, only popped
_SHARED = ("config", "players", "orientation", "hand_size", "companies", "current", "over",
           "turn", "avail", "filled", "placed", "pending", "exchanges_open", "table", "digest_memo", "public_memo")
_LISTS = ("board", "shape", "placed_by", "stack", "car_owner", "line_done", "line_points",
          "line_tiles", "line_centre", "line_end", "line_at", "line_waiting", "scores", "profits",
          "face_up", "chance")


class MetroState:
    __slots__ = ("config", "players", "orientation", "hand_size", "companies", "current",
                 "over", "turn", "board", "shape", "placed_by", "avail", "filled", "placed",
                 "hands", "stack", "pending", "car_owner", "line_done", "line_points", "line_tiles",
                 "line_centre", "line_end", "line_at", "line_waiting", "scores", "profits", "shares", "piles",
                 "face_up", "exchanges_open", "rng", "table", "chance", "digest_memo", "public_memo")

    def copy(self) -> "MetroState":
        other = copy_fields(self, _SHARED, _LISTS)
        other.hands = [hand[:] for hand in self.hands]
        other.shares = [cards[:] for cards in self.shares]
        other.piles = [pile[:] for pile in self.piles]
        other.rng = None if self.rng is None else self.rng.copy()
        return other

    def __deepcopy__(self, memo: dict) -> "MetroState":
        return self.copy()

    def encode(self) -> dict:
        """Plain data holding the whole state (hidden parts included)."""
        data = {
            "config": self.config, "current": self.current, "over": self.over,
            "turn": self.turn,
            "board": [None if cell is None else [cell[0], cell[1]] for cell in self.board],
            "placed_by": self.placed_by, "hands": self.hands, "stack": self.stack,
            "pending": self.pending, "car_owner": self.car_owner, "line_done": self.line_done,
            "line_points": self.line_points, "line_tiles": self.line_tiles,
            "line_centre": self.line_centre, "line_end": self.line_end,
            "line_at": self.line_at, "scores": self.scores, "profits": self.profits,
            "shares": [[list(card) for card in cards] for cards in self.shares],
            "piles": [[list(card) for card in pile] for pile in self.piles],
            "face_up": [list(card) for card in self.face_up],
            "exchanges_open": self.exchanges_open,
            "rng": None if self.rng is None else self.rng.state,
        }
        if self.chance:
            data["chance"] = self.chance
        return data

    def __eq__(self, other: object) -> bool:
        return isinstance(other, MetroState) and self.encode() == other.encode()

    def __repr__(self) -> str:
        return (f"MetroState(players={self.players}, turn={self.turn}, placed={self.placed}, "
                f"current={self.current}, over={self.over})")
