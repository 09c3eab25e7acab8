"""Rules and net stay pure: importing them pulls in no pygame, sockets, random or clock.

Each module is imported in a fresh interpreter and the modules it added are compared against
a deny list (``time`` is preloaded by CPython itself, so we diff sys.modules around the import).
"""

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RULES_MODULES = sorted(
    ".".join(p.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
    for p in (ROOT / "game" / "rules").rglob("*.py"))

PROBE = """
import json, sys
before = set(sys.modules)
import importlib
importlib.import_module(sys.argv[1])
print(json.dumps(sorted(set(sys.modules) - before)))
"""


def _new_modules(module: str) -> list[str]:
    out = subprocess.run([sys.executable, "-c", PROBE, module], cwd=ROOT, capture_output=True,
                         text=True, timeout=60, check=True)
    return json.loads(out.stdout)


@pytest.mark.parametrize("module", RULES_MODULES)
def test_rules_module_imports_nothing_impure(module):
    added = {name.split(".")[0] for name in _new_modules(module)}
    assert not added & {"pygame", "socket", "random", "time", "datetime", "threading",
                        "msgpack", "select", "selectors", "asyncio"}, sorted(added)


def test_rules_source_has_no_floats_or_random():
    offenders = []
    for path in (ROOT / "game" / "rules").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        for banned in ("import random", "from random", "import time", "float(", "math.sqrt"):
            if banned in text:
                offenders.append(f"{path.name}: {banned}")
    assert not offenders


def test_net_imports_no_pygame():
    for path in sorted((ROOT / "net").rglob("*.py")):
        module = ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        added = {name.split(".")[0] for name in _new_modules(module)}
        assert "pygame" not in added, module
