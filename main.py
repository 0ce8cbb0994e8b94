#!/usr/bin/env python3
"""Solitaire: double-click to play, or use the text commands (see --help).

Double-clicked with a Python that has no pygame-ce, it restarts with this checkout's .venv;
a failure to start is shown in a window too (solitaire/bootstrap.py).
"""

import multiprocessing
import sys

from solitaire.bootstrap import start

if __name__ == "__main__":
    # The packaged game starts the partner's worker process with its own executable: it
    # must become the worker here, not open a second game.
    multiprocessing.freeze_support()
    sys.exit(start(__file__, sys.argv[1:]))
