"""Packaging glue that pyproject.toml alone cannot express: besides the ``game`` and ``net``
packages, install the root ``assets/`` folder as the data-only package ``tracklayer_assets``, so
a regular (non-editable) install has its catalogs and sounds too (``game/assets.py`` finds
them). Everything else is in pyproject.toml."""

from setuptools import find_packages, setup

setup(
    packages=find_packages(include=["game", "game.*", "net", "net.*"]) + ["tracklayer_assets"],
    package_dir={"tracklayer_assets": "assets"},
)
