"""The client's side of a fair LAN table (issue 13): its refusal codes read as sentences in
every language, and its results chart replays a table's log (chance entries, partial
state) instead of crashing on it."""

import pytest

from game.client import text
from game.client.screens.netplay import reason_text
from game.client.screens.results import score_history
from tests.test_net_fair import INK, METRO, FairTable

pytestmark = pytest.mark.timeout(120)

CODES = ["fair_bad_escrow", "fair_bad_outcome", "fair_bad_share", "fair_card_foreign",
         "fair_card_mismatch", "fair_card_missing", "fair_card_not_dealt", "fair_card_unasked",
         "fair_depart_refused", "fair_foreign", "fair_illegal_move", "fair_malformed",
         "fair_not_dealer", "fair_not_held", "fair_opening_sent", "fair_out_of_turn",
         "fair_refused", "fair_sequence", "fair_start", "fair_unsupported"]


@pytest.mark.parametrize("lang", ["en", "ko", "th", "ru", "zh-TW", "ja"])
def test_every_fair_refusal_has_its_own_sentence(lang):
    old = text.language()
    text.set_language(lang)
    try:
        unknown = text.t("net.unknown", code="fair_start")
        sentences = [reason_text(code, {"dealer": 2, "kind": "Shuffled"}) for code in CODES]
        assert all(code not in s and s != unknown for code, s in zip(CODES, sentences))
        assert len(set(sentences)) == len(CODES)
    finally:
        text.set_language(old)


@pytest.mark.parametrize("game", [METRO, INK])
def test_the_results_chart_of_a_fair_table_follows_its_log(game):
    table = FairTable(game, 2, [], host_bots=1)
    table.start()
    assert table.run(table.all_over, limit=200)
    for match in (table.host.match, table.clients[0].match):
        history = score_history(match)
        assert len(history) == match.seq + 1
        assert history[-1] == list(match.scores()["scores"])
