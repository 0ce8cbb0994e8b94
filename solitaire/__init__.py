"""Solitaire: classic patience games on one shared engine."""

__version__ = "0.2.0"
# The application's id (reverse DNS): the window's class on X11 and its app id on Wayland,
# and the name of its desktop file, AppStream metainfo and icon (data/), so that desktops
# match the running window to its launcher and icon.
APP_ID = "org.solitairestudio.Solitaire"
