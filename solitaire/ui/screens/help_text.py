"""The in-game help's common part: the keys and mouse use every game shares.

Each game's own rules, keys and mouse use are in its definition (``Rules.help``, in
``solitaire/model/games/``). Text is plain ASCII: the card font has no suit glyphs, so
suits are spelled out. Nothing here imports pygame.
"""

from __future__ import annotations

# The boss key's line; a game whose typed moves use a b names the other key alone
# (the help screen says so).
BOSS_KEYS = "B or the key left of 1"
BOSS_WORDS = (
    "Boss key: hides the game at once. It leaves full screen, pauses the sound and the"
    " clock and minimises the window; restore it and everything is just as you left it."
)
BOSS_KEY_IN_MOVES = "The key left of 1"
BOSS_WORDS_IN_MOVES = BOSS_WORDS + " (B is not the boss key here: this game's typed moves use a b.)"

# Keys that work in every game. Where a game gives a key another meaning, its own list says so.
COMMON_KEYS: tuple[tuple[str, str], ...] = (
    ("Ctrl+Z or Undo", "Undo (the Undo key too, where the keyboard has one)"),
    ("Ctrl+Y", "Redo"),
    ("Ctrl+R", "Restart this deal"),
    ("Ctrl+N", "New deal"),
    ("Ctrl+G", "Deal a game by its number (the same number deals the same cards)"),
    ("F11 or Alt+Enter", "Switch between full screen and a window"),
    ("M", "Sound on or off"),
    (BOSS_KEYS, BOSS_WORDS),
    (
        "A card's name, then Enter",
        (
            "TC, qh, 10d: in a game whose moves are typed, the card (and the cards on it) goes"
            " home if it can, else onto the one card that takes it, else to a free cell; if it"
            " has no move, or several, an arrow shows it (a game played by pile keys says so)"
        ),
    ),
    ("F1", "Help (where the game's own keys give F1 another meaning, press H)"),
    ("Esc", "Close a dialog or cancel a selection"),
    ("O", "Options"),
    ("Tab", "Back to the game chooser"),
    ("F5", "Statistics of this game (R there resets them, after asking)"),
    (
        "Ctrl+H",
        (
            "Hint: the next move of a winning line (where none is known, the most promising"
            " move in sight), shown by an arrow and a glow; ask again for the next one (the"
            " Hint button too)"
        ),
    ),
    (
        "Ctrl+D",
        (
            "Demo: the computer plays on from here (where it knows no winning line, it asks"
            " first); any key or click stops it"
        ),
    ),
    ("Left / Right", "Step backward and forward through the moves (a replay, or undo and redo)"),
    ("Ctrl+E", "Export this game as a replay file (it lands in the data folder's replays)"),
    ("Ctrl+O", "Open one of the exported replays to watch it"),
    ("Ctrl+Q", "Quit: the game is kept just as it is for the next time"),
)

MOUSE_HELP: tuple[str, ...] = (
    "Drag a card, or a run of cards, and drop it on the pile where it should go.",
    "Or click a card, then click the place you want it to go.",
    "Right-click cancels a selection.",
    "Double-click a card to play it to its foundation.",
    "Rest the pointer on a button to see what it does and its key.",
)
