"""Seat kinds on the client, in one vocabulary: ``SeatKind``.

A match's seats (``SeatInfo.kind``), the table setup's "who" choices (``"human:<device>"``,
``"bot:<level>"``) and the LAN lobby's rows all say what sits in a seat with these names.
The net layer keeps its own ids for lobby rows ("local" is a seat played at the host's machine,
by a person, or by one of its bots when the row has a level); ``SeatKind.of_row`` translates
a row at that boundary, so no screen compares against the net's words.
"""

from __future__ import annotations

from enum import StrEnum


class SeatKind(StrEnum):
    HUMAN = "human"      # a person at this machine
    BOT = "bot"
    REMOTE = "remote"    # a person at another machine (LAN)
    OPEN = "open"        # a LAN seat nobody has taken yet

    @classmethod
    def of_row(cls, row: dict) -> "SeatKind":
        """The kind of a LAN lobby row (``net.protocol.lobby.plain_seats``)."""
        kind = row["kind"]
        if kind == NET_LOCAL:
            return cls.BOT if row.get("level") else cls.HUMAN
        return cls(kind)


NET_LOCAL = "local"      # the net layer's id of a seat played at the host's machine
# the device of a human seat a guest plays on their phone (issue 27): a seat of the machine
# that serves it (``served_phones``), never played at that machine's screen
PHONE = "phone"
