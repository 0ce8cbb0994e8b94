"""`python -m solitaire`, and the `solitaire` command that `pipx install .` makes."""

import os
import sys


def quiet_missing_streams() -> None:
    """Give print() somewhere to go when there is no console (Windows gui-scripts, pythonw)."""
    if sys.stdout is None:
        sys.stdout = open(os.devnull, "w")
    if sys.stderr is None:
        sys.stderr = open(os.devnull, "w")


def run() -> None:
    quiet_missing_streams()  # before cli is imported: it binds sys.stderr as a default
    from .cli import main

    sys.exit(main(sys.argv[1:]))


if __name__ == "__main__":
    run()
