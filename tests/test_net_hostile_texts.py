"""A player turned away by one of the table's limits (net.transport.limits, net.session.claims) reads why in
their language, through the real client's table finder; every new reason is worded in all
six languages. ``GUARD_SHOTS=folder`` saves a screenshot per language."""

import os

from game.client import text
from game.client.text import t
from net.protocol import messages as ids
from net.host import HostServer
from net.transport.limits import HostLimits
from tests.test_client_lan import _loopback, join_app_find, until  # noqa: F401 - fixture
from tests.test_client_support import make_app

SHOTS = os.environ.get("GUARD_SHOTS")
REASONS = {ids.R_BAD_CLAIM: {}, ids.R_TOO_MANY_SPECTATORS: {"limit": 16},
           ids.R_TOO_MANY_CONNECTIONS: {"limit": 48}, ids.R_BUSY: {}, ids.R_SLOW_READER: {},
           ids.R_TOO_MANY_REQUESTS: {"kind": "G", "limit": 10}, ids.R_WRONG_STATE: {}}


def test_every_limit_reason_is_worded_in_every_language():
    from game.client.screens.netplay import reason_text

    try:
        for lang in text.LANGUAGES:
            text.set_language(lang)
            for code, args in REASONS.items():
                worded = reason_text(code, args)
                assert worded and "net." not in worded and "{" not in worded, (lang, code)
                if "limit" in args:
                    assert str(args["limit"]) in worded, (lang, code)
    finally:
        text.set_language("en")


def test_a_refused_connection_is_explained_in_the_finder(tmp_path):
    server = HostServer.create("metro", 2, port=0, bind="127.0.0.1", name="Hosty")
    server.endpoint.limits = HostLimits(per_address=0)      # this machine may not connect
    guest = make_app(tmp_path)
    try:
        for lang in text.LANGUAGES:
            text.set_language(lang)
            guest.toasts.items = []          # only this language's toast on the picture
            finder = join_app_find(guest)
            finder.join("127.0.0.1", server.port)
            wanted = t("net.too_many_connections", limit=0)
            until(lambda: guest.top is finder and finder.message == wanted,
                  apps=(guest,), servers=(server,))
            guest.run(frames=2)
            if SHOTS:
                os.makedirs(SHOTS, exist_ok=True)
                guest.screenshot(os.path.join(SHOTS, f"refused_connections_{lang}.png"))
            guest.stack.clear()
    finally:
        text.set_language("en")
        server.close()
        guest.shutdown()
