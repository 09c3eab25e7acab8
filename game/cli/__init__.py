"""The command line of ``run.py``: one module per subcommand, listed here in help order.

A subcommand module defines ``HELP`` (one line), ``add_arguments(parser)`` and
``run(args) -> int``. A module that is not present is simply not offered, so the command line
only ever lists what works. Errors never reach the user as a traceback: the traceback goes to
the log file and the user gets one clear line.
"""

from __future__ import annotations

import argparse
import importlib
import re
import sys
import traceback

from game.cli.needs import install_message, missing_package

SUBCOMMANDS = ["play", "host", "join", "selfplay", "score", "replay", "bench"]


class CliError(Exception):
    """A failure to report in one line; ``status`` is the exit code (2 for bad input)."""

    def __init__(self, message: str, status: int = 1) -> None:
        super().__init__(message)
        self.status = status


MESSAGE_LIMIT = 300  # characters of one error line (input echoed in a message may be huge)


def one_line(message: str, limit: int = MESSAGE_LIMIT) -> str:
    """``message`` made safe for one terminal line: control characters and undecodable bytes
    escaped (they come from the user's input), cut to ``limit`` characters."""
    text = "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in str(message))
    text = text.encode("utf-8", "backslashreplace").decode("utf-8")
    if len(text) <= limit:
        return text
    # keep both ends: the start names the input, the end usually says what is wrong with it
    head = (limit - 5) // 2
    return text[:head] + " ... " + text[len(text) - (limit - 5 - head):]


class _Parser(argparse.ArgumentParser):
    """argparse with a shorter failure (usage line, the error, exit 2) and an epilog that is
    only computed when help is shown (``epilog_factory``: listing variants imports every game;
    its text comes first, then any epilog a subcommand set itself)."""

    epilog_factory = None

    def format_help(self) -> str:
        if self.epilog_factory is not None:
            listed = self.epilog_factory()
            self.epilog_factory = None          # once: help may be formatted again
            self.epilog = "\n\n".join(part for part in (listed, self.epilog) if part)
        return super().format_help()

    def error(self, message: str) -> None:  # type: ignore[override]
        self.print_usage(sys.stderr)
        sys.stderr.write(f"{self.prog}: error: {one_line(message)}\n")
        raise SystemExit(2)


def _load_commands() -> dict:
    commands = {}
    for name in SUBCOMMANDS:
        try:
            commands[name] = importlib.import_module(f"game.cli.{name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"game.cli.{name}":
                raise
    return commands


SCRIPT_NAME = "tracklayer"     # the installed console script and the built program


def program_name(given: str | None = None) -> str:
    """The name the usage lines and error lines give the program: the built program's own
    name when PyInstaller froze it (``tracklayer``, ``tracklayer.exe`` -> "tracklayer"), the
    console script's when started as ``tracklayer``, else ``given`` (``run.py``, ``python -m
    game.cli``), else "run.py"."""
    if getattr(sys, "frozen", False):
        return _file_name(sys.executable).removesuffix(".exe") or SCRIPT_NAME
    started_as = _file_name(sys.argv[0]) if sys.argv and sys.argv[0] else ""
    # a console script is "tracklayer" (POSIX), "tracklayer.exe" or "tracklayer-script.py"
    if started_as.lower().removesuffix(".exe").removesuffix("-script.py") == SCRIPT_NAME:
        return SCRIPT_NAME
    return given or "run.py"


def _file_name(path: str) -> str:
    """The last part of a path written with either separator (a Windows path read anywhere)."""
    return re.split(r"[\\/]", str(path))[-1]


def build_parser(commands: dict, prog: str = "run.py") -> argparse.ArgumentParser:
    parser = _Parser(prog=prog, description="Tracklayer: Metro, Metromania and Railroad Ink.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    parser.subcommand_parsers = {}
    for name, module in commands.items():
        sub_parser = sub.add_parser(name, help=module.HELP, description=module.HELP,
                                    formatter_class=argparse.RawDescriptionHelpFormatter)
        module.add_arguments(sub_parser)
        parser.subcommand_parsers[name] = sub_parser
    return parser


def main(argv: list[str] | None = None, prog: str | None = None) -> int:
    """The command line; ``prog`` is how the caller was started (run.py passes "run.py",
    ``python -m game.cli`` its own form; see ``program_name``)."""
    prog = program_name(prog)
    try:
        commands = _load_commands()
        parser = build_parser(commands, prog)
    except Exception as exc:  # noqa: BLE001 - e.g. a dependency missing from the install
        package = missing_package(exc)
        if package is not None:
            sys.stderr.write(install_message(package))
            return 1
        path = _write_crash_log()
        where = f" (details in {path})" if path else ""
        sys.stderr.write(f"{prog}: cannot start: {one_line(exc)}{where}\n")
        return 1
    args, extra = parser.parse_known_args(argv)
    if args.command is None:
        if extra:
            parser.error(f"unrecognized arguments: {' '.join(extra)}")
        if "play" in commands:
            args = parser.parse_args(["play"])
        else:
            parser.print_help()
            return 0
    elif extra:
        # reported by the subcommand's parser, so the usage shown is the one that helps
        parser.subcommand_parsers[args.command].error(
            f"unrecognized arguments: {' '.join(extra)}")
    try:
        return int(commands[args.command].run(args) or 0)
    except CliError as exc:
        sys.stderr.write(f"{parser.prog} {args.command}: {one_line(exc)}\n")
        return exc.status
    except KeyboardInterrupt:
        sys.stderr.write("interrupted\n")
        return 130
    except BrokenPipeError:
        return 0
    except Exception as exc:  # noqa: BLE001 - the last line of defence: no traceback to users
        package = missing_package(exc)
        if package is not None:
            sys.stderr.write(install_message(package))
            return 1
        path = _write_crash_log()
        where = f" (details in {path})" if path else ""
        sys.stderr.write(f"{parser.prog} {args.command}: unexpected error: "
                         f"{one_line(f'{type(exc).__name__}: {exc}')}{where}\n")
        return 1


def _write_crash_log() -> str:
    try:
        from game.paths import log_dir

        path = log_dir() / "crash.log"
        with open(path, "a", encoding="utf-8") as handle:
            handle.write(traceback.format_exc() + "\n")
        return str(path)
    except Exception:  # noqa: BLE001
        return ""
