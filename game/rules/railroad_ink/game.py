"""The Railroad Ink Game: setup, simultaneous rounds, legality, playing moves, results.

Round flow: one roll per round for everybody (the state's Rng). Every seat that has not ended
the round may act (``to_act``); it draws its dice in any order, skips a mandatory die only when
that die has no legal cell at that moment, may undo its own actions of this round, and ends
the round with ``end`` once every mandatory die is drawn or skipped (and its meteor resolved).
When all seats have ended, the next round is rolled; after the last round the game is over.

Expansions are variants; only one may be used at a time (each replaces the fifth and sixth
die, and the rules page gives no way to combine their rounds and dice). Any expansion makes
the game 6 rounds instead of 7. In Meteor games each seat resolves its meteor (or spends a
special to ignore it) before anything else in the round. Notation: ``moves.py``; sheet rules:
``sheet.py``; scores: ``scoring.py``.

At a LAN table (``table``) the state cannot know its future rolls: after the last ``end`` of a
round it waits (``pending_chance``) for the table's ``roll`` and starts the round from it
(``apply_chance``); local play rolls from the state's Rng exactly as before.

Helpers for the client (pure, read-only): ``remaining_dice``, ``specials_status``,
``legal_placements`` / ``legal_orientations``, ``meteor_status``, ``can_end``, ``roll_faces``.
"""

from __future__ import annotations

from typing import Iterable

from game.rules.core import ConfigError, Game, IllegalMove, Rng, hash_bytes

from . import lake, meteor, table, volcano
from .drawings import drawings
from .faces import (BASE_ROUNDS, EXPANSION_ROUNDS, EXPANSIONS, FACE_IDS, FACE_INDEX, FACE_KIND,
                    LAVA_KIND, MAX_SPECIALS, SPECIALS)
from .moves import (DIRECTIONS, Crater, Draw, End, Erase, IgnoreMeteor, Meteor, Skip, Undo,
                    parse_move)
from .scoring import score_sheet
from .sheet import CELL_NAMES, EMPTY
from .state import State

VOLCANO_FACE = FACE_INDEX["volcano"]
MANDATORY_SLOTS = 4      # the three route dice and the junction die


def _illegal(code: str, template: str, **args) -> IllegalMove:
    return IllegalMove(code, template, **args)


class RailroadInkGame(Game):
    name = "railroad-ink"
    title = "Railroad Ink"
    min_players = 1
    max_players = 32      # everybody draws the same roll at once: a whole LAN party
    simultaneous = True
    variants = {
        "river": "River expansion: river dice, bridges, river score (6 rounds)",
        "lake": "Lake expansion: lake dice, forced lake fills, smallest lake (6 rounds)",
        "meteor": "Meteor expansion: a meteor strikes each sheet, craters (6 rounds)",
        "volcano": "Volcano expansion: volcanoes and lava dice (6 rounds)",
    }
    expansions = EXPANSIONS     # the variants above are expansions: one at a time

    # the modules of its other parts, named and never imported here: its bot levels and coach
    # (``game.bots.base``) and its phone page (``game.phone.games``)
    bots = "game.bots.railroad_ink"
    phone = "game.phone.games.railroad_ink"

    def hidden_variant(self, state, viewer, rng: Rng):
        """Only the future rolls are secret (from everyone)."""
        other = state.copy()
        other.rng = Rng(rng.next_u32())          # the future rolls: nothing else is secret
        return other

    def move_codec(self):
        from .codec import CODEC     # built on first use: only a LAN table sends moves
        return CODEC

    # -- setup -------------------------------------------------------------------------

    def make_config(self, players: int, variants: Iterable[str] = (), **options) -> dict:
        if isinstance(players, bool) or not isinstance(players, int):
            raise ConfigError("the number of players must be a whole number")
        if not self.min_players <= players <= self.max_players:
            raise ConfigError(f"Railroad Ink is for {self.min_players} to {self.max_players} "
                              f"players, not {players}")
        chosen = sorted(set(variants))
        for name in chosen:
            if name not in self.variants:
                raise ConfigError(f"unknown Railroad Ink variant '{name}' "
                                  f"(choose from: {', '.join(EXPANSIONS)})")
        if len(chosen) > 1:
            raise ConfigError("Railroad Ink expansions cannot be combined: choose one of "
                              + ", ".join(EXPANSIONS) + f" (got {', '.join(chosen)})")
        if options:
            raise ConfigError(f"unknown Railroad Ink option(s): {', '.join(sorted(options))}")
        return {"players": players, "variants": chosen}

    def _validated(self, config: dict) -> dict:
        if not isinstance(config, dict) or "players" not in config:
            raise ConfigError("a Railroad Ink config needs 'players'")
        return self.make_config(config["players"], config.get("variants", []))

    def new_game(self, config: dict, seed: int):
        state = self._setup(config, Rng(seed))
        self._roll(state)
        return state

    def _setup(self, config: dict, rng: Rng):
        config = self._validated(config)
        state = State(config, rng)
        state.rounds = EXPANSION_ROUNDS if state.expansion else BASE_ROUNDS
        if state.expansion == "volcano":
            for seat in state.seats:
                volcano.setup(seat.sheet)
        return state

    def _roll(self, state) -> list[str]:
        """Roll the next round from the state's Rng (local play) and start it."""
        rng = state.rng
        return self._start_round(state, [rng.below(len(die))
                                         for die in table.round_dice(state.expansion)])

    def _start_round(self, state, outcome: list[int]) -> list[str]:
        """Start the next round showing the dice faces ``outcome``; the dice as shown."""
        state.round += 1
        state.dice, state.meteor = table.faces_of(state.expansion, outcome)
        for seat in state.seats:
            self._reset_round(state, seat)
            seat.start = seat.sheet.copy()
            seat.round_moves = []
            seat.round_started()     # the sheets are unchanged: their digests are kept
        return self.roll_faces(state)

    def _reset_round(self, state, seat) -> None:
        seat.ended = False
        seat.pending = list(range(len(state.dice)))
        seat.skipped = []
        seat.special_round = ""
        seat.meteor_done = state.expansion != "meteor"
        seat.volcano_round = False
        seat.lava_done = state.expansion != "volcano"

    def roll_faces(self, state) -> list[str]:
        """The current round's dice as shown to players (meteor dice as meteor-X, distance-N)."""
        shown = list(state.dice)
        if state.meteor is not None:
            shown += [f"meteor-{state.meteor[0]}", f"distance-{state.meteor[1]}"]
        return shown

    # -- turn structure ----------------------------------------------------------------
    def to_act(self, state) -> tuple[int, ...]:
        if state.over:
            return ()
        return tuple(i for i, seat in enumerate(state.seats) if not seat.ended)

    def is_over(self, state) -> bool:
        # not "nobody may act": a table state waiting for its next roll has no seat to act
        return state.over

    # -- helpers the client uses too ---------------------------------------------------
    def remaining_dice(self, state, seat: int) -> list[tuple[str, bool]]:
        """(face, mandatory) of every die this seat has still to draw this round."""
        s = state.seats[seat]
        return [(state.dice[slot], self._mandatory(state, s, slot)) for slot in s.pending]

    def specials_status(self, state, seat: int) -> dict[str, str]:
        """For each special: "used" (earlier round), "this_round", "available" (may be drawn
        now, if a legal cell exists) or "unavailable" (not used, but not now)."""
        s = state.seats[seat]
        can = self._special_allowed(s)
        out = {}
        for special in SPECIALS:
            if special == s.special_round:
                out[special] = "this_round"
            elif special in s.sheet.specials:
                out[special] = "used"
            else:
                out[special] = "available" if can else "unavailable"
        return out

    def legal_placements(self, state, seat: int, face: str) -> dict[str, list[int]]:
        """Cell name -> legal canonical orientations for drawing ``face`` now (empty if that
        face may not be drawn now at all)."""
        out: dict[str, list[int]] = {}
        for move in self._draw_moves(state, seat, [face]):
            out.setdefault(CELL_NAMES[move.cell], []).append(move.o)
        return out

    def legal_orientations(self, state, seat: int, face: str, cell: str) -> list[int]:
        return self.legal_placements(state, seat, face).get(cell, [])

    def meteor_status(self, state, seat: int) -> dict | None:
        """Meteor games: this round's dice, whether the seat still has to resolve it, the dot,
        and for every allowed direction the path it would take (cell names, landing last)."""
        if state.expansion != "meteor" or state.meteor is None:
            return None
        s = state.seats[seat]
        direction, distance = state.meteor
        allowed = DIRECTIONS if direction == "any" else (direction,)
        return {"direction": direction, "distance": distance, "pending": not s.meteor_done,
                "dot": CELL_NAMES[s.sheet.dot] if s.sheet.dot >= 0 else None,
                "paths": {d: [CELL_NAMES[c] for c in meteor.meteor_path(s.sheet, d, distance)]
                          for d in allowed}}

    def can_end(self, state, seat: int) -> bool:
        return not state.over and not state.seats[seat].ended and \
            self._end_problem(state, state.seats[seat]) is None

    # -- internals -----------------------------------------------------------------------
    def _mandatory(self, state, s, slot: int) -> bool:
        if slot < MANDATORY_SLOTS:
            return True
        return state.expansion == "volcano" and not s.lava_done

    @staticmethod
    def _special_allowed(s) -> bool:
        return (not s.special_round and len(s.sheet.specials) < MAX_SPECIALS)

    def _pending_faces(self, state, s) -> list[str]:
        seen: list[str] = []
        for slot in s.pending:
            face = state.dice[slot]
            if face not in seen:
                seen.append(face)
        return seen

    def _pending_lava(self, state, s) -> list[int]:
        return sorted({FACE_INDEX[state.dice[slot]] for slot in s.pending
                       if slot >= MANDATORY_SLOTS})

    def _lava_escapes(self, state, s) -> tuple[bool, list[int]]:
        """While the mandatory lava die has no legal cell, the ways out: (a new volcano may be
        started, route cells that may be erased to make room). Neither: the die may be skipped."""
        sheet = s.sheet
        can_volcano = not s.volcano_round and sheet.has_legal_cell(VOLCANO_FACE)
        return can_volcano, volcano.erasable_cells(sheet, self._pending_lava(state, s))

    def _lava_drawable(self, state, s) -> bool:
        return any(s.sheet.has_legal_cell(face) for face in self._pending_lava(state, s))

    def _end_problem(self, state, s):
        if not s.meteor_done:
            return _illegal("meteor_first", "Resolve the meteor first")
        left = [state.dice[slot] for slot in s.pending if self._mandatory(state, s, slot)]
        if left:
            return _illegal("dice_left", "Draw or skip these dice first: {faces}",
                            faces=", ".join(left))
        return None

    def _draw_moves(self, state, seat: int, faces: list[str] | None = None) -> list:
        s = state.seats[seat]
        if state.over or s.ended or not s.meteor_done:
            return []
        sheet = s.sheet
        wanted = self._pending_faces(state, s)
        if self._special_allowed(s):
            wanted += [sp for sp in SPECIALS if sp not in sheet.specials]
        if state.expansion == "volcano" and not s.volcano_round:
            wanted.append("volcano")
        if faces is not None:
            wanted = [face for face in wanted if face in faces]
        return drawings(sheet, wanted)

    # -- moves -----------------------------------------------------------------------------
    def parse_move(self, text: str):
        return parse_move(text)

    def legal_moves(self, state, seat: int) -> list:
        if state.over or not 0 <= seat < len(state.seats):
            return []
        s = state.seats[seat]
        if s.ended:
            return []
        moves: list = []
        if not s.meteor_done:
            direction = state.meteor[0]
            moves += [Meteor(d) for d in (DIRECTIONS if direction == "any" else (direction,))]
            if self._special_allowed(s):
                moves += [IgnoreMeteor(sp) for sp in SPECIALS if sp not in s.sheet.specials]
            if s.round_moves:
                moves.append(Undo())
            return moves
        placements = self._draw_moves(state, seat)
        moves += placements
        drawable = {move.face for move in placements}
        lava_blocked = False
        if state.expansion == "volcano" and not s.lava_done and not self._lava_drawable(state, s):
            can_volcano, erasable = self._lava_escapes(state, s)
            moves += [Erase(cell) for cell in erasable]
            lava_blocked = not can_volcano and not erasable
        for face in self._pending_faces(state, s):
            slot_mandatory = any(state.dice[slot] == face and self._mandatory(state, s, slot)
                                 for slot in s.pending)
            if not slot_mandatory or face in drawable:
                continue
            if FACE_KIND[FACE_INDEX[face]] == LAVA_KIND and not lava_blocked:
                continue
            moves.append(Skip(face))
        if self._end_problem(state, s) is None:
            moves.append(End())
        if s.round_moves:
            moves.append(Undo())
        return moves

    def check(self, state, seat: int, move) -> None:
        if state.over:
            raise _illegal("game_over", "The game is over")
        if not isinstance(seat, int) or not 0 <= seat < len(state.seats):
            raise _illegal("no_such_seat", "There is no seat {seat}", seat=seat)
        s = state.seats[seat]
        if s.ended:
            raise _illegal("round_done", "You have finished this round; wait for the others")
        if isinstance(move, Undo):
            if not s.round_moves:
                raise _illegal("nothing_to_undo", "Nothing to undo in this round")
            return
        if not s.meteor_done and not isinstance(move, (Meteor, IgnoreMeteor)):
            raise _illegal("meteor_first", "Resolve the meteor first")
        if isinstance(move, Draw):
            self._check_draw(state, s, move)
        elif isinstance(move, End):
            problem = self._end_problem(state, s)
            if problem is not None:
                raise problem
        elif isinstance(move, Skip):
            self._check_skip(state, s, move)
        elif isinstance(move, (Meteor, IgnoreMeteor)):
            if state.expansion != "meteor":
                raise _illegal("no_meteor", "There is no meteor in this game")
            if s.meteor_done:
                raise _illegal("meteor_done", "The meteor has already struck this round")
            if isinstance(move, IgnoreMeteor):
                self._check_special(s, move.special)
            elif state.meteor[0] != "any" and move.direction != state.meteor[0]:
                raise _illegal("meteor_direction", "The meteor flies {direction} this round",
                               direction=state.meteor[0])
        elif isinstance(move, Erase):
            if state.expansion != "volcano":
                raise _illegal("no_erase", "Routes may only be erased to make room for lava")
            if s.lava_done or self._lava_drawable(state, s):
                raise _illegal("erase_not_needed", "Lava can be drawn: no route may be erased")
            if move.cell not in volcano.erasable_cells(s.sheet, self._pending_lava(state, s)):
                raise _illegal("erase_cell", "Erasing {cell} would not make room for lava",
                               cell=CELL_NAMES[move.cell])
        elif isinstance(move, Crater):
            raise _illegal("crater_sheet_only",
                           "Craters come from the meteor dice ({cell} cannot be chosen)",
                           cell=CELL_NAMES[move.cell])
        else:
            raise _illegal("not_a_move", "That is not a Railroad Ink move")

    @staticmethod
    def _check_special(s, special: str) -> None:
        if special in s.sheet.specials:
            raise _illegal("special_used", "{face} has already been used", face=special)
        if s.special_round:
            raise _illegal("special_this_round", "Only one special route per round")
        if len(s.sheet.specials) >= MAX_SPECIALS:
            raise _illegal("special_limit", "At most {limit} special routes per game",
                           limit=MAX_SPECIALS)

    def _check_draw(self, state, s, move: Draw) -> None:
        face = move.face
        index = FACE_INDEX[face]
        if face in SPECIALS:
            self._check_special(s, face)
        elif face == "volcano":
            if state.expansion != "volcano":
                raise _illegal("no_such_die", "No die of this round shows {face}", face=face)
            if s.volcano_round:
                raise _illegal("volcano_this_round", "Only one new volcano per round")
        elif face not in self._pending_faces(state, s):
            raise _illegal("no_such_die", "No die of this round shows {face}", face=face)
        problem = s.sheet.problem(index, move.cell, move.o)
        if problem is not None:
            code, template, args = problem
            raise _illegal(code, template, **args)

    def _check_skip(self, state, s, move: Skip) -> None:
        face = move.face
        slots = [slot for slot in s.pending if state.dice[slot] == face]
        if not slots:
            raise _illegal("no_such_die", "No die of this round shows {face}", face=face)
        if not any(self._mandatory(state, s, slot) for slot in slots):
            raise _illegal("skip_optional", "{face} is optional: just end the round", face=face)
        if FACE_KIND[FACE_INDEX[face]] == LAVA_KIND:
            if self._lava_drawable(state, s):
                raise _illegal("skip_has_cell", "{face} can still be drawn", face=face)
            can_volcano, erasable = self._lava_escapes(state, s)
            if can_volcano or erasable:
                raise _illegal("lava_make_room", "{face} cannot be drawn now: start a new "
                               "volcano or erase a route to make room", face=face)
        elif s.sheet.has_legal_cell(FACE_INDEX[face]):
            raise _illegal("skip_has_cell", "{face} can still be drawn", face=face)

    # -- playing ---------------------------------------------------------------------------
    def play(self, state, seat: int, move) -> list[dict]:
        s = state.seats[seat]
        # a move changes its own seat only (a new round: all of them); ending leaves the sheet
        s.touched(sheet=not isinstance(move, End))
        if isinstance(move, End):
            s.ended = True
            if state.round >= state.rounds and s.cached_score is None:
                # the sheet is final: scored now, as each player finishes, so the game's
                # end does not score every sheet of a 32-seat table at once
                s.cached_score = score_sheet(s.sheet, state.expansion)
            events = [{"kind": "round_done", "seat": seat, "round": state.round}]
            if all(other.ended for other in state.seats):
                if state.round >= state.rounds:
                    state.over = True
                    events.append({"kind": "game_over", "scores": self.scores(state)["scores"]})
                elif table.knows_future(state):
                    dice = self._roll(state)
                    events.append({"kind": "roll", "round": state.round, "dice": dice})
            return events
        if isinstance(move, Undo):
            undone = s.round_moves[-1]
            replay = s.round_moves[:-1]
            s.sheet = s.start.copy()
            self._reset_round(state, s)
            s.round_moves = []
            for text in replay:
                self._play_in_round(state, seat, s, parse_move(text))
            return [{"kind": "undo", "seat": seat, "move": undone}]
        return self._play_in_round(state, seat, s, move)

    def _play_in_round(self, state, seat: int, s, move) -> list[dict]:
        s.round_moves.append(str(move))
        sheet = s.sheet
        if isinstance(move, Draw):
            face = move.face
            index = FACE_INDEX[face]
            if face in SPECIALS:
                sheet.specials.append(face)
                s.special_round = face
            elif face == "volcano":
                s.volcano_round = True
            else:
                slot = next(slot for slot in s.pending if state.dice[slot] == face)
                s.pending.remove(slot)
                if FACE_KIND[index] == LAVA_KIND:
                    s.lava_done = True
            over_crater = sheet.cells[move.cell] != EMPTY
            sheet.put(move.cell, index, move.o)
            events = [{"kind": "draw", "seat": seat, "face": face, "cell": CELL_NAMES[move.cell],
                       "o": move.o, "special": face in SPECIALS, "over_crater": over_crater}]
            if state.expansion == "lake":
                events += [{"kind": "lake_fill", "seat": seat, "cell": CELL_NAMES[cell]}
                           for cell in lake.forced_fills(sheet)]
            return events
        if isinstance(move, Skip):
            slot = next(slot for slot in s.pending if state.dice[slot] == move.face)
            s.pending.remove(slot)
            s.skipped.append(slot)
            if FACE_KIND[FACE_INDEX[move.face]] == LAVA_KIND:
                s.lava_done = True
            return [{"kind": "skip", "seat": seat, "face": move.face}]
        if isinstance(move, Meteor):
            path, crater, erased = meteor.strike(sheet, move.direction, state.meteor[1])
            s.meteor_done = True
            return [{"kind": "meteor", "seat": seat, "direction": move.direction,
                     "distance": state.meteor[1], "path": [CELL_NAMES[c] for c in path],
                     "crater": CELL_NAMES[crater],
                     "erased": FACE_IDS[erased >> 3] if erased >= 0 else None}]
        if isinstance(move, IgnoreMeteor):
            sheet.specials.append(move.special)
            s.special_round = move.special
            s.meteor_done = True
            return [{"kind": "meteor_ignored", "seat": seat, "special": move.special}]
        if isinstance(move, Erase):
            erased = sheet.cells[move.cell]
            sheet.clear(move.cell)
            return [{"kind": "erase", "seat": seat, "cell": CELL_NAMES[move.cell],
                     "face": FACE_IDS[erased >> 3]}]
        raise _illegal("not_a_move", "That is not a Railroad Ink move")

    # -- results -----------------------------------------------------------------------------
    def scores(self, state) -> dict:
        breakdowns, details = [], []
        for seat in state.seats:
            # scored again only when its sheet changed (a 32-seat table scores one per move);
            # the cached dicts are shared by copies of the state: read them, never change them
            if seat.cached_score is None:
                seat.cached_score = score_sheet(seat.sheet, state.expansion)
            breakdown, detail = seat.cached_score
            breakdowns.append(breakdown)
            details.append(detail)
        return {"scores": [b["total"] for b in breakdowns], "breakdown": breakdowns,
                "details": details}

    def winners(self, state) -> list[int]:
        """Highest total; ties go to the fewest errors (minus points); still tied: shared."""
        breakdowns = self.scores(state)["breakdown"]
        best = max((b["total"], -b["errors"]) for b in breakdowns)
        return [seat for seat, b in enumerate(breakdowns) if (b["total"], -b["errors"]) == best]

    # -- information -----------------------------------------------------------------------
    def view(self, state, seat):
        """Everything is public except the future rolls: the Rng becomes ``UnknownRolls`` (it
        encodes like the fixed placeholder ``Rng(state=0)``), so a view is a table state: after
        the last ``end`` of a round it waits for the table's roll instead of rolling."""
        copy = state.copy()
        copy.rng = table.UnknownRolls()
        return copy

    def encode(self, state):
        return state.encode()

    def state_digest(self, state) -> str:
        """Incremental: the shared fields and the per-seat digests (see ``state.py``), so a
        move costs the same to hash at a table of 1 or 32 seats."""
        return hash_bytes(state.digest_bytes())

    def public_digest(self, state) -> bytes:
        """``public_encode`` (the spectator's view: the rolls unknown), incrementally."""
        return state.digest_bytes(table.UnknownRolls(), name=False)

    # -- a LAN table (``table``): only the rolls are chance, and all of them are public ----
    def new_table_game(self, config: dict, public_seed: int):
        """The sheets as they start (volcano in D4), every seat done with "round 0": the state
        waits for the first round's roll. Nothing is drawn from ``public_seed``."""
        state = self._setup(config, table.UnknownRolls())
        for seat in state.seats:
            seat.ended = True
        return state

    def pending_chance(self, state):
        if table.knows_future(state) or not table.roll_due(state):
            return None
        return table.roll_request(state.expansion)

    def apply_chance(self, state, request, outcome) -> list[dict]:
        faces = table.checked_outcome(state, request, outcome)
        dice = self._start_round(state, faces)
        return [{"kind": "roll", "round": state.round, "dice": dice}]

    def learn(self, state, seat, pile, cards) -> None:
        raise _illegal("ink_no_cards", "Railroad Ink deals no cards: there is nothing to learn")


    def clone(self, state):
        return state.copy()

    def random_move(self, state, seat: int, rng: Rng):
        return rng.choice(self.legal_moves(state, seat))

    # -- run.py score ------------------------------------------------------------------------
    def score_notation(self, text: str, config: dict, seed: int) -> dict:
        from .sheet_notation import score_sheet_notation
        return score_sheet_notation(text, self._validated(config))
