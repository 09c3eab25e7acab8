"""The command line of ``run.py``: one module per subcommand, listed here in help order.

A subcommand module defines ``HELP`` (one line), ``add_arguments(parser)`` and
``run(args) -> int``. A module that is not present is simply not offered, so the command line
only ever lists what works. Errors never reach the user as a traceback: the traceback goes to
the log file and the user gets one clear line.
"""

from __future__ import annotations

import argparse
import importlib
import sys
import traceback

SUBCOMMANDS = ["play", "host", "join", "selfplay", "score", "replay", "bench"]


class CliError(Exception):
    """A failure to report in one line; ``status`` is the exit code (2 for bad input)."""

    def __init__(self, message: str, status: int = 1) -> None:
        super().__init__(message)
        self.status = status


class _Parser(argparse.ArgumentParser):
    """argparse with a shorter failure: usage line, the error, exit 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.print_usage(sys.stderr)
        sys.stderr.write(f"{self.prog}: error: {message}\n")
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


def build_parser(commands: dict) -> argparse.ArgumentParser:
    parser = _Parser(prog="run.py", description="Tracklayer: Metro, Metromania and Railroad Ink.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for name, module in commands.items():
        sub_parser = sub.add_parser(name, help=module.HELP, description=module.HELP)
        module.add_arguments(sub_parser)
    return parser


def main(argv: list[str] | None = None) -> int:
    commands = _load_commands()
    parser = build_parser(commands)
    args = parser.parse_args(argv)
    if args.command is None:
        if "play" in commands:
            args = parser.parse_args(["play"])
        else:
            parser.print_help()
            return 0
    try:
        return int(commands[args.command].run(args) or 0)
    except CliError as exc:
        sys.stderr.write(f"{parser.prog} {args.command}: {exc}\n")
        return exc.status
    except KeyboardInterrupt:
        sys.stderr.write("interrupted\n")
        return 130
    except BrokenPipeError:
        return 0
    except Exception as exc:  # noqa: BLE001 - the last line of defence: no traceback to users
        path = _write_crash_log()
        where = f" (details in {path})" if path else ""
        sys.stderr.write(f"{parser.prog} {args.command}: unexpected error: {exc}{where}\n")
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
