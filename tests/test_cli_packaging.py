"""Packaging: the client's assets (language catalogs, sounds) are found both in the source tree
and in a regular (non-editable) install, where ``pyproject.toml``/``setup.py`` ship ``assets/``
as the data-only package ``tracklayer_assets``. Nothing is built here: the package-data globs
are checked against the files, and an installed layout is imitated in a temporary folder."""

from __future__ import annotations

import importlib
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from game import assets
from game.client.sound import NAMES as SOUND_NAMES
from game.client.text import LANGUAGES

ROOT = Path(__file__).resolve().parent.parent
ASSETS = ROOT / "assets"


def expected_files(root: Path) -> set[str]:
    """Every file the client loads from an assets folder, relative to it."""
    files = {f"sounds/{name}.wav" for name in SOUND_NAMES}
    for lang in LANGUAGES:
        files.add(f"lang/{lang}.json")
        files |= {p.relative_to(root).as_posix() for p in (root / "lang" / lang).glob("*.json")}
    return files


def shipped_files() -> set[str]:
    """The files of assets/ matched by the tracklayer_assets package-data globs."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = config["tool"]["setuptools"]["package-data"][assets.PACKAGE]
    return {p.relative_to(ASSETS).as_posix() for pattern in patterns for p in ASSETS.glob(pattern)
            if p.is_file()}


def test_source_tree_has_every_catalog_and_sound():
    found = assets.assets_dir()
    assert found == ASSETS
    files = expected_files(found)
    assert len([f for f in files if f.count("/") == 1 and f.startswith("lang/")]) == len(LANGUAGES)
    assert len([f for f in files if f.startswith("lang/en/")]) >= 1     # per-board parts exist
    for relative in sorted(files):
        assert (found / relative).is_file(), relative


def test_install_ships_every_asset_the_client_loads():
    assert expected_files(ASSETS) <= shipped_files()
    setup_py = (ROOT / "setup.py").read_text(encoding="utf-8")
    # setup.py maps the package to assets/ and lists it with its data sub-folders
    assert f'package_dir={{"{assets.PACKAGE}": "assets"}}' in setup_py
    assert f'["{assets.PACKAGE}"] + ' in setup_py and 'find_namespace_packages(where="assets")' \
        in setup_py and "+ ASSETS" in setup_py


@pytest.fixture()
def installed_copy(tmp_path, monkeypatch):
    """An installed layout: site/tracklayer_assets/ holding what the globs ship; no source tree."""
    site = tmp_path / "site"
    for relative in shipped_files():
        target = site / assets.PACKAGE / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(ASSETS / relative, target)
    monkeypatch.syspath_prepend(str(site))
    monkeypatch.delitem(sys.modules, assets.PACKAGE, raising=False)
    importlib.invalidate_caches()
    monkeypatch.setattr(assets, "SOURCE_ASSETS", tmp_path / "no-source-tree" / "assets")
    return site / assets.PACKAGE


def test_without_a_source_tree_the_installed_package_is_found(installed_copy):
    found = assets.assets_dir()
    assert found.resolve() == installed_copy.resolve()
    for relative in sorted(expected_files(ASSETS)):
        assert (found / relative).is_file(), relative


def test_without_any_assets_the_locator_still_answers(tmp_path, monkeypatch):
    monkeypatch.setattr(assets, "SOURCE_ASSETS", tmp_path / "missing")
    monkeypatch.setattr(assets, "_installed", lambda: None)
    assert assets.assets_dir() == tmp_path / "missing"   # absent files: silent, English keys


def test_python_dash_m_runs_the_command_line():
    done = subprocess.run([sys.executable, "-m", "game.cli", "--help"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stdout.startswith("usage: python -m game.cli"), \
        done.stderr
