"""Packaging glue that pyproject.toml alone cannot express: besides the ``game`` and ``net``
packages, install the root ``assets/`` folder as the data-only package ``tracklayer_assets``
(its sub-folders listed as its sub-packages, as setuptools wants for data folders), so a regular
(non-editable) install has its catalogs and sounds too (``game/assets.py`` finds them).
Everything else is in pyproject.toml."""

from setuptools import find_namespace_packages, find_packages, setup

ASSETS = ["tracklayer_assets"] + [f"tracklayer_assets.{name}"
                                  for name in find_namespace_packages(where="assets")]

setup(
    packages=find_packages(include=["game", "game.*", "net", "net.*"]) + ASSETS,
    package_dir={"tracklayer_assets": "assets"},
)
