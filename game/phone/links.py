"""A phone seat's link: its secret token, the short code to type, the URLs and the QR code.

* The token is 128 random bits from ``secrets`` (URL-safe text): whoever has it plays the seat,
  so it is never derived from anything a guest could see or guess.
* The short code is six letters and digits from an alphabet without look-alikes (30 bits):
  typed on the table's start page (``http://<address>:<port>/`` or the short URL
  ``http://<address>:<port>/<code>``) it leads to the token's page. It is only a convenience
  for a phone that cannot scan: the server refuses an address after a few wrong codes a minute
  (``PhoneLimits.failed_hellos``), so it cannot be found by trying.
* The LAN address is the one this machine's traffic to the LAN leaves by (asked of the
  routing table with an unconnected UDP socket: nothing is sent), else 127.0.0.1.
* QR codes are made with segno: PNG bytes for a page or a file, or the module matrix for a
  screen that draws it itself (the client blits it as squares).
"""

from __future__ import annotations

import io
import secrets
import socket

TOKEN_BYTES = 16                      # 128 bits (issue 27 asks for at least 96)
TOKEN_CHARS = (TOKEN_BYTES * 8 + 5) // 6     # its length as URL-safe base64 text
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"   # no look-alikes: 0/O, 1/I/L
CODE_LENGTH = 6


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def new_code(taken=()) -> str:
    """A short code not in ``taken``."""
    while True:
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        if code not in taken:
            return code


def is_token(text) -> bool:
    """``text`` can be a seat's token: URL-safe, at least as long as a new one (a kept token
    from a save is checked before it is used again)."""
    return (isinstance(text, str) and TOKEN_CHARS <= len(text) <= 64
            and all(ch.isascii() and (ch.isalnum() or ch in "-_") for ch in text))


def is_code(text) -> bool:
    return (isinstance(text, str) and len(text) == CODE_LENGTH
            and all(ch in CODE_ALPHABET for ch in text))


def normal_code(text: str) -> str:
    """What a guest typed, as a code: upper case, spaces and dashes dropped."""
    return "".join(ch for ch in str(text)[:32].upper() if ch not in " -_")


def lan_address() -> str:
    """This machine's address on the LAN (what a phone on the same Wi-Fi dials)."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.254.254.254", 9))     # routing only: a UDP connect sends nothing
        address = probe.getsockname()[0]
    except OSError:
        address = ""
    finally:
        probe.close()
    if not address or address.startswith("0."):
        return "127.0.0.1"
    return address


def base_url(address: str, port: int) -> str:
    host = f"[{address}]" if ":" in address else address
    return f"http://{host}:{port}"


def seat_url(address: str, port: int, token: str) -> str:
    return f"{base_url(address, port)}/p/{token}"


def short_url(address: str, port: int, code: str) -> str:
    return f"{base_url(address, port)}/{code}"


def qr_code(url: str):
    import segno

    return segno.make(url, error="m", boost_error=False)


def qr_png(url: str, scale: int = 8, border: int = 3) -> bytes:
    """The QR code of ``url`` as PNG bytes (dark on white, ``scale`` pixels a module)."""
    out = io.BytesIO()
    qr_code(url).save(out, kind="png", scale=scale, border=border)
    return out.getvalue()


def qr_matrix(url: str) -> list[list[bool]]:
    """The QR code's modules, row by row (True: dark), without the quiet zone."""
    return [[bool(cell) for cell in row] for row in qr_code(url).matrix]
