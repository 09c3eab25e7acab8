"""Rules and net stay pure: importing them pulls in no pygame, sockets, random or clock.

Each module is imported in a fresh interpreter and the modules it added are compared against
a deny list (``time`` is preloaded by CPython itself, so we diff sys.modules around the import).
"""

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RULES_MODULES = sorted(
    ".".join(p.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
    for p in (ROOT / "game" / "rules").rglob("*.py"))

# CPython preloads some modules we forbid (``time`` at least): evict them first so that an
# import of them by the rules shows up as a newly added module.
PROBE = """
import json, sys, importlib
for name in ("time", "random", "socket", "datetime", "threading"):
    sys.modules.pop(name, None)
before = set(sys.modules)
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


BANNED_SOURCE = re.compile(
    r"^\s*(import|from)\s+(random|time|datetime|socket|threading|pygame|msgpack)\b"
    r"|float\(|math\.(sqrt|sin|cos|pi)|\b\d+\.\d+\b")


def test_rules_source_has_no_floats_clock_or_random():
    offenders = []
    for path in sorted((ROOT / "game" / "rules").rglob("*.py")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            code = line.split("#", 1)[0]
            if '"' in code or "'" in code:  # text in strings (messages, docs) is not code
                code = re.sub(r"(\"[^\"]*\"|'[^']*')", "", code)
            if BANNED_SOURCE.search(code):
                offenders.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert not offenders, "\n".join(offenders)


def test_the_probe_catches_a_preloaded_module(tmp_path):
    # A module that imports ``time`` lazily at import time must be reported even though the
    # interpreter had already loaded ``time`` before the probe ran.
    (tmp_path / "sneaky_rules.py").write_text("from time import monotonic\n", encoding="utf-8")
    out = subprocess.run([sys.executable, "-c", PROBE, "sneaky_rules"], cwd=tmp_path,
                         capture_output=True, text=True, timeout=60, check=True)
    assert "time" in json.loads(out.stdout)


def test_net_imports_no_pygame():
    for path in sorted((ROOT / "net").rglob("*.py")):
        module = ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        added = {name.split(".")[0] for name in _new_modules(module)}
        assert "pygame" not in added, module
