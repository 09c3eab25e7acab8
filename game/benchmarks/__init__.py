"""Benchmarks behind ``run.py bench``: one module per section, found automatically.

A module here defines ``SECTION`` (e.g. ``"rules.metro"``) and ``run(quick: bool) -> dict`` of
named numbers. Sections are run in name order; a section that fails reports its error instead
of numbers, so one broken benchmark never hides the others.
"""

from __future__ import annotations

import importlib
import pkgutil


def sections() -> dict:
    found = {}
    for info in pkgutil.iter_modules(__path__):
        module = importlib.import_module(f"{__name__}.{info.name}")
        section = getattr(module, "SECTION", None)
        if section and callable(getattr(module, "run", None)):
            found[section] = module
    return dict(sorted(found.items()))
