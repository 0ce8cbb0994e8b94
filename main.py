#!/usr/bin/env python3
"""Solitaire: double-click to play, or use the text commands (see --help)."""

import sys

from solitaire.cli import main

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
