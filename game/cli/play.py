"""``run.py play``: the client. With no game it opens the title screen; with a game it seats
a table at once. ``--frames N [--screenshot PATH]`` runs exactly N frames (bots play, humans
wait), saves a screenshot and exits — this works on the dummy video driver for tests."""

from __future__ import annotations

import os
import secrets

from game.cli import CliError
from game.cli.options import add_game_argument, add_table_options, resolve_config, resolve_game

HELP = "open the client: the title screen, or a table of GAME at once"


def add_arguments(parser) -> None:
    add_game_argument(parser, optional=True)
    add_table_options(parser)
    parser.add_argument("--bots", type=int, default=None, metavar="K",
                        help="how many of the seats are bots (the last K seats)")
    parser.add_argument("--level", default="random", metavar="LEVEL",
                        help="bot level for --bots (default: random)")
    parser.add_argument("--frames", type=int, default=None, metavar="F",
                        help="run F frames, then exit (for tests and screenshots)")
    parser.add_argument("--screenshot", default=None, metavar="PATH",
                        help="save a PNG of the last frame (with --frames)")
    parser.add_argument("--window", default=None, metavar="WxH",
                        help="open the window at this size, e.g. 1920x1080 (drawn at its "
                             "own resolution)")
    parser.epilog = ((parser.epilog or "") + "\nWithout --seed a table gets a new random seed "
                     "(with --frames: seed 1, so scripted runs repeat).").lstrip("\n")


def parse_window(text: str | None) -> tuple[int, int] | None:
    """``--window 1920x1080`` as (1920, 1080); a clear error for anything else."""
    if text is None:
        return None
    width, sep, height = text.lower().replace("×", "x").partition("x")
    if not (sep and width.isdigit() and height.isdigit()
            and 640 <= int(width) <= 7680 and 360 <= int(height) <= 4320):
        raise CliError(f"--window: expected WIDTHxHEIGHT between 640x360 and 7680x4320, "
                       f"got {text!r}", 2)
    return int(width), int(height)


def _seats(game, players: int, bots: int, level: str):
    from game.client.text import t
    from game.match import SeatInfo

    seats = []
    for seat in range(players):
        if seat >= players - bots:
            # "Bot · <level>" is shown under the name in the player's own language
            seats.append(SeatInfo(t("common.player_n", n=seat + 1), "bot",
                                  level=level, colour=seat))
        else:
            seats.append(SeatInfo(t("common.player_n", n=seat + 1), "human",
                                  device="mouse+keyboard", colour=seat))
    return seats


def run(args) -> int:
    if args.frames is not None and args.frames < 1:
        raise CliError("--frames must be at least 1", 2)
    if args.screenshot and args.frames is None:
        raise CliError("--screenshot needs --frames", 2)
    if args.screenshot:
        _check_screenshot_path(args.screenshot)
    match = None
    if args.game:
        from game.bots.base import levels, make_bot
        from game.client.games import has_kit
        from game.cli.options import resolve_seed
        from game.match import Match

        game = resolve_game(args.game)
        if not has_kit(game.name):
            raise CliError(f"the client cannot show {game.name} yet", 2)
        config = resolve_config(game, args.players, args.variant, args.expansion)
        players = config["players"]
        bots = 0 if args.bots is None else args.bots
        if not 0 <= bots <= players:
            raise CliError(f"--bots must be between 0 and {players}", 2)
        limit = local_human_limit(game.name)
        if limit is not None and players - bots > limit:
            raise CliError(f"{game.name} splits the screen for at most {limit} local players "
                           f"(got {players - bots}): add --bots {players - limit} or more", 2)
        try:
            make_bot(game, 0, args.level, 0)
        except KeyError:
            raise CliError(f"unknown bot level '{args.level}' (choose from: "
                           f"{', '.join(levels())})", 2) from None
        # a table opened by hand gets fresh tiles and dice, like the setup screen's empty
        # seed field; scripted runs (--frames) stay repeatable
        seed = resolve_seed(args.seed, 1 if args.frames is not None
                            else secrets.randbelow(10 ** 9) + 1)
        match = Match.new(game, config, seed)
    elif args.bots is not None or args.players is not None:
        raise CliError("--players/--bots need a GAME (e.g. play metro --players 2)", 2)

    from game.client.app import App
    from game.client.screens.title import TitleScreen

    app = App(window=parse_window(args.window))
    try:
        app.push(TitleScreen(app))
        if match is not None:
            # named only now: the App has set the player's language
            match.reseat(_seats(match.game, match.config["players"], bots, args.level))
            from game.client.screens.play import PlayScreen

            # a scripted run (--frames: tests, screenshots, benchmarks) is not a game the
            # player started, so it leaves no autosave behind to be offered for resuming
            setup = {"autosave": False} if args.frames is not None else None
            app.push(PlayScreen(app, match, setup))
        app.run(frames=args.frames)
        if args.screenshot:
            try:
                app.screenshot(args.screenshot)
            except Exception as exc:  # noqa: BLE001 - a bad path is the user's input
                raise CliError(f"cannot save the screenshot: {exc}", 2) from None
    finally:
        app.shutdown()
    return 0


def local_human_limit(game_name: str) -> int | None:
    """How many humans the game's board can seat on one screen (None: no limit)."""
    from game.client.games import kit   # the CLI loads the client only when it plays

    return kit(game_name).board.max_local_humans


def _check_screenshot_path(path: str) -> None:
    """Refuse a screenshot path that cannot be written before running any frame."""
    folder = os.path.dirname(os.path.abspath(path))
    if os.path.isdir(path):
        raise CliError(f"--screenshot {path}: this is a folder, give a file name", 2)
    if not os.path.isdir(folder):
        raise CliError(f"--screenshot {path}: the folder {folder} does not exist", 2)
