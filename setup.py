"""The package list, which pyproject.toml cannot express: every package under solitaire/
(found, so new ones ship without editing this) plus the sounds/ and sprites/ folders, which
pyproject.toml's [tool.setuptools.package-dir] maps into the package as solitaire.sounds
and solitaire.sprites. Everything else is in pyproject.toml."""

from setuptools import find_packages, setup

setup(
    packages=find_packages(include=["solitaire", "solitaire.*"])
    + ["solitaire.sounds", "solitaire.sprites"]
)
