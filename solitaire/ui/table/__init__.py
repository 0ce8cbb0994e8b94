"""The table screen and its parts: one game in play."""
