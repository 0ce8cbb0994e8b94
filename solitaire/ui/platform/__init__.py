"""The machine beside the game: window, sleep, sound, one copy running."""
