"""What the game needs installed, and what to say when a run lacks it: a Python without one
of pyproject.toml's dependencies gets the package's name and the README's install command,
never a traceback. Standard library only, so it works when nothing else is installed."""

from __future__ import annotations

# the name Python imports -> the package pip installs (pyproject.toml's dependencies)
DEPENDENCIES = {"pygame": "pygame-ce", "msgpack": "msgpack", "platformdirs": "platformdirs",
                "babel": "babel", "nacl": "pynacl", "ifaddr": "ifaddr", "aiohttp": "aiohttp",
                "segno": "segno", "weblate_fonts": "weblate-fonts"}
INSTALL = ("python3 -m venv .venv && . .venv/bin/activate && python -m pip install -e . "
           "&& python run.py")


def missing_package(error: BaseException) -> str | None:
    """The package to install when ``error`` says one of the game's dependencies is missing."""
    if not isinstance(error, ModuleNotFoundError):
        return None
    return DEPENDENCIES.get((error.name or "").split(".")[0])


def install_message(package: str) -> str:
    return (f"Tracklayer needs the package {package!r}, which this Python does not have.\n"
            f"Install the game and its dependencies (README.md, Quick start):\n  {INSTALL}\n")
