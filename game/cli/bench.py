"""``run.py bench``: measure the performance targets and print the numbers."""

from __future__ import annotations

import json
import sys
import time

from game.benchmarks import sections
from game.benchmarks.measure import temporary_home
from game.cli import CliError

HELP = "measure performance (rules, rendering, network) and print the numbers"


def add_arguments(parser) -> None:
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--only", metavar="PREFIX", default="",
                        help="run only the sections whose name starts with PREFIX")
    parser.add_argument("--quick", action="store_true", help="fewer repetitions (smoke test)")


def run(args) -> int:
    # Benchmarks play real games through the client, which autosaves: keep those games out of
    # the player's saves folder (or the client would offer to resume a benchmark).
    with temporary_home():
        return _run_sections(args)


def _run_sections(args) -> int:
    results: dict = {}
    chosen = {name: module for name, module in sections().items()
              if name.startswith(args.only)}
    if not chosen:
        raise CliError(f"no bench section starts with '{args.only}' "
                       f"(sections: {', '.join(sections()) or 'none'})", 2)
    for name, module in chosen.items():
        started = time.perf_counter()
        try:
            numbers = module.run(quick=args.quick)
        except Exception as exc:  # noqa: BLE001 - one broken section must not hide the rest
            numbers = {"error": f"{type(exc).__name__}: {exc}"}
        numbers["section_seconds"] = round(time.perf_counter() - started, 3)
        results[name] = numbers
        if not args.json:
            print(f"[{name}]")
            for key, value in numbers.items():
                print(f"  {key:<40} {value}")
            sys.stdout.flush()
    if args.json:
        print(json.dumps(results, indent=2, sort_keys=True))
    return 0
