"""Where the game's files (sounds, the icon) are, however the game was started.

- From a checkout (`python main.py`): `sounds/` and `sprites/` beside the package.
- Installed (`pipx install .`): inside the package, as `solitaire/sounds` and
  `solitaire/sprites` (pyproject.toml maps them there).
- A PyInstaller build: `sounds/` and `sprites/` at the top of the bundle, which is again
  beside the package (tools/build_exe.py puts them there).
"""

from __future__ import annotations

from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent


def asset_dir(name: str) -> Path:
    """The folder `name` ("sounds" or "sprites"): inside the package if it is there, else
    beside it. The folder may be missing; whoever reads it reports that."""
    inside = PACKAGE_DIR / name
    return inside if inside.is_dir() else PACKAGE_DIR.parent / name
