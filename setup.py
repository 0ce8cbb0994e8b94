"""What pyproject.toml cannot say for every setuptools from Debian 12's (66) to the newest.

The package list: every package under solitaire/ (found, so new ones ship without editing
this), its fonts folder, and the sounds/ and sprites/ folders, which pyproject.toml's
[tool.setuptools.package-dir] maps into the package as solitaire.sounds and
solitaire.sprites. The licence: an SPDX expression (PEP 639) where setuptools takes one (77
on; older ones refuse pyproject.toml's `license = "..."`), the plain field before.
Everything else is in pyproject.toml."""

import setuptools
from setuptools import find_packages, setup

LICENCE = "GPL-3.0-or-later"
LICENCE_FILES = ["LICENSE", "solitaire/fonts/OFL.txt"]  # the fonts are OFL-1.1
NEWER = int(setuptools.__version__.split(".")[0]) >= 77  # PEP 639's licence expression

setup(
    packages=find_packages(include=["solitaire", "solitaire.*"])
    + ["solitaire.fonts", "solitaire.sounds", "solitaire.sprites"],
    license_files=LICENCE_FILES,
    **({"license_expression": LICENCE} if NEWER else {"license": LICENCE}),
)
