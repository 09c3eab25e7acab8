"""The frame a Metromania move lands in does only the move's own work (issue 30): the next bot
is asked for its move in the frame after, and a finished game's final scoring is reckoned
once in the last move's frame (the score history and the board's results share it)."""

from __future__ import annotations

from tests.test_client_support import make_app


def _table(tmp_path, human: bool):
    from game.client.screens.play import PlayScreen
    from game.match import Match, SeatInfo
    from game.rules import get_game

    game = get_game("metromania")
    app = make_app(tmp_path, bot_delay_ms=10 ** 7)     # the bots answer, never land
    seats = [SeatInfo("Ann", "human", device="mouse+keyboard", colour=0) if human and i == 0
             else SeatInfo(f"Robo {i}", "bot", level="random", colour=i) for i in range(3)]
    match = Match.new(game, game.make_config(3), 7, seats)
    play = PlayScreen(app, match, {"autosave": False})
    app.push(play)
    app.step(1 / 60)
    return game, app, match, play


def test_the_next_bot_is_asked_in_the_frame_after_the_move(tmp_path, monkeypatch):
    from game.bots.base import make_bot
    from game.client import bot_worker

    game, app, match, play = _table(tmp_path, human=True)
    asked = []
    real = bot_worker.BotWorker.request

    def request(self, key, bot, view):
        asked.append((app.frame, key))
        return real(self, key, bot, view)

    monkeypatch.setattr(bot_worker.BotWorker, "request", request)
    assert match.to_act() == (0,)
    move = make_bot(game, 0, "random", 1).choose(match.view(0))
    landed = app.frame
    play.propose(0, move)                   # the human's move, as a click lands it
    app.step(1 / 60)
    assert match.to_act() == (1,)
    assert not [frame for frame, _ in asked if frame == landed], "asked in the move's frame"
    app.step(1 / 60)
    assert [key for frame, key in asked if frame == landed + 1 and key[1] == 1], \
        "the next bot is asked in the frame after"


def test_the_last_moves_frame_reckons_the_final_scores_once(tmp_path, monkeypatch):
    from game.bots.base import make_bot

    game, app, match, play = _table(tmp_path, human=False)
    while True:                             # up to the game's last move
        seat = match.to_act()[0]
        move = make_bot(game, seat, "random", match.seq).choose(match.view(seat))
        probe = game.clone(match.state)
        game.play(probe, seat, move)
        if game.is_over(probe):
            break
        play.propose(seat, move)
        app.step(1 / 60)
    reckoned = []
    real = type(game).scores

    def scores(self, state):
        reckoned.append(state.phase)
        return real(self, state)

    monkeypatch.setattr(type(game), "scores", scores)
    play.propose(seat, move)                # the game's last move
    app.step(1 / 60)
    assert match.is_over()
    assert len(reckoned) == 1, f"the final scores reckoned {len(reckoned)} times"
    assert play.board.final_scores()["scores"] == play.history[-1]


def test_the_last_move_is_on_file_at_once_and_its_end_record_a_frame_later(tmp_path):
    """The game's last move is in the autosave in its own frame (a crash then loses
    nothing); the end record and the move to the replays (over a millisecond) follow a frame
    later; leaving the screen at once still writes them."""
    from game.bots.base import make_bot
    from game.client.screens.play import PlayScreen
    from game.match import Match, SeatInfo
    from game.rules import get_game
    from game.saves import Replay

    game = get_game("metromania")
    for leave_at_once in (False, True):
        app = make_app(tmp_path / str(leave_at_once), bot_delay_ms=10 ** 7)
        seats = [SeatInfo(f"Robo {i}", "bot", level="random", colour=i) for i in range(2)]
        match = Match.new(game, game.make_config(2), 3, seats)
        play = PlayScreen(app, match)                      # autosaved, as at home
        app.push(play)
        saver = play.autosaver
        assert saver is not None
        while not match.is_over():
            seat = match.to_act()[0]
            play.propose(seat, make_bot(game, seat, "random", match.seq).choose(
                match.view(seat)))
            if not match.is_over():
                app.step(1 / 60)
        assert saver.saves == match.seq and not saver.finished     # on file, no end yet
        assert len(Replay.open(saver.path)) == match.seq
        if leave_at_once:
            play.leave()
        else:
            app.step(1 / 60)                               # the frame it lands in
            assert not saver.finished
            app.step(1 / 60)                               # the next one
        assert saver.finished and saver.saves == match.seq
        replay = Replay.open(saver.path)
        assert replay.finished and len(replay) == match.seq
        app.shutdown()
