#!/usr/bin/env python3
"""Solitaire: double-click to play, or use the text commands (see --help)."""

import sys

from solitaire.cli import run

if __name__ == "__main__":
    sys.exit(run(sys.argv[1:]))
