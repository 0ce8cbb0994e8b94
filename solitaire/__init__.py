"""Solitaire: five classic patience games on one shared engine."""

__version__ = "0.1.0"
