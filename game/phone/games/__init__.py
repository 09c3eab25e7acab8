"""What each game sends a phone: one kit per game, named by the game's rules (``Game.phone``,
e.g. ``"game.phone.games.metro"``) and loaded here on first use; a game that names none has no
phone seats, and ``check_phone_kit`` (start-up) stops naming a kit that does not load or
lacks a part.

A kit is a module with

* ``static(game, view) -> dict``: what never changes during the table (sent once, in ``seat``);
* ``board(game, view, seat, words) -> dict``: the seat's view as the page draws it, with the
  legal moves the page offers (in our notation, or grouped as the page needs them) and
  ``note``, one line saying what to do now ("" if nothing), in the table's language;
* ``answer(game, view, seat, ask) -> dict | None``: the options a page asks for while it
  composes a move (None: the game asks nothing, or the question is not one);
* ``hint_targets(move) -> dict``: where the page shows a move the coach suggests;
* optionally ``key(game, view, seat)``: what the seat's payload depends on; while it stays
  the same the payload is not built again (Railroad Ink: another seat's drawing);
* optionally ``position(game, view, seat)``: what a hint for the seat stays good for, where
  others move at the same time (Railroad Ink: its own sheet this round); without it a hint
  is good until anyone moves;
* optionally ``VIEW_IS_PUBLIC = True``: the rules' view is the same for every seat (Railroad
  Ink hides only the future rolls, from everyone), so one view per change serves every phone
  seat instead of one copy of the table per seat (32 copies of 32 sheets per drawing);
* ``WORDS``: the catalog keys the game's page needs besides ``phone.*``.
* optionally ``async robot_move(board, static, ask) -> str | None``: the move a scripted
  phone (``game.phone.robot``: tests and the bench) makes from the payload alone,
  ``await ask(partial)`` getting the page's options while it composes one.

``view`` is always the rules' ``view(state, seat)`` of the phone's own seat (or, for a kit whose
view is public, of any seat: the same thing): a kit never sees what the seat may not. Nothing
outside the kits names a game.
"""

from __future__ import annotations

from types import ModuleType

from game.parts import load_part

PARTS = ("static", "board", "answer", "hint_targets", "WORDS")


class MissingPhoneKit(LookupError):
    """A game's phone kit (``Game.phone``) that does not load or lacks a part."""


def kit_for(game) -> ModuleType | None:
    """The phone kit of ``game`` (a rules ``Game``), or None: the game has no phone page."""
    if not game.phone:
        return None
    return load_part(game.phone, game=game.name, part="phone page", needs=PARTS,
                     error=MissingPhoneKit)


def has_phone_page(game) -> bool:
    return kit_for(game) is not None


def check_phone_kit(game) -> None:
    """Start-up check: the phone kit ``game`` names loads and has every part."""
    kit_for(game)
