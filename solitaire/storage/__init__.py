"""Files in the player's data folder: crash-safe writing, saved games, replays, statistics."""
