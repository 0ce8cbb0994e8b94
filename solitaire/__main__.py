"""`python -m solitaire`, and the `solitaire` command that `pipx install .` makes."""

import sys

from .bootstrap import run_game


def run() -> None:
    """A desktop menu's launcher has no terminal either: failures are shown in a window."""
    sys.exit(run_game(sys.argv[1:]))


if __name__ == "__main__":
    run()
