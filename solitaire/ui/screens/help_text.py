"""The in-game help's common part: the keys and mouse use every game shares.

Each game's own rules, keys and mouse use are in its definition (``Rules.help``, in
``solitaire/model/games/``). Text is plain ASCII: the card font has no suit glyphs, so
suits are spelled out. Nothing here imports pygame.
"""

from __future__ import annotations

from ...i18n import N_

# The boss key's line; a game whose typed moves use a b names the other key alone
# (the help screen says so).
BOSS_KEYS = N_("B or the key left of 1")
BOSS_WORDS = N_(
    "Boss key: hides the game at once. It leaves full screen, pauses the sound and the"
    " clock and minimises the window; restore it and everything is just as you left it."
)
BOSS_KEY_IN_MOVES = N_("The key left of 1")
BOSS_WORDS_IN_MOVES = N_(
    "Boss key: hides the game at once. It leaves full screen, pauses the sound and the"
    " clock and minimises the window; restore it and everything is just as you left it."
    " (B is not the boss key here: this game's typed moves use a b.)"
)

# Keys that work in every game. Where a game gives a key another meaning, its own list says so.
COMMON_KEYS: tuple[tuple[str, str], ...] = (
    (N_("Ctrl+Z or Undo"), N_("Undo (the Undo key too, where the keyboard has one)")),
    (N_("Ctrl+Y"), N_("Redo")),
    (N_("Ctrl+R"), N_("Restart this deal")),
    (N_("Ctrl+N"), N_("New deal")),
    (N_("Ctrl+G"), N_("Deal a game by its number (the same number deals the same cards)")),
    (N_("F11 or Alt+Enter"), N_("Switch between full screen and a window")),
    (N_("M"), N_("Sound on or off")),
    (BOSS_KEYS, BOSS_WORDS),
    (
        N_("A card's name, then Enter"),
        N_(
            "TC, qh, 10d: in a game whose moves are typed, the card (and the cards on it) goes"
            " home if it can, else onto the one card that takes it, else to a free cell; if it"
            " has no move, or several, an arrow shows it (a game played by pile keys says so)"
        ),
    ),
    (N_("F1"), N_("Help (where the game's own keys give F1 another meaning, press H)")),
    (N_("Esc"), N_("Close a dialog or cancel a selection")),
    (N_("O"), N_("Options")),
    (N_("Tab"), N_("Back to the game chooser")),
    (N_("F5"), N_("Statistics of this game (R there resets them, after asking)")),
    (
        N_("Ctrl+H"),
        N_(
            "Hint: the next move of a winning line (where none is known, the most promising"
            " move in sight), shown by an arrow and a glow; ask again for the next one (the"
            " Hint button too)"
        ),
    ),
    (
        N_("Ctrl+D"),
        N_(
            "Demo: the computer plays on from here (where it knows no winning line, it asks"
            " first); any key or click stops it"
        ),
    ),
    (
        N_("Left / Right"),
        N_("Step backward and forward through the moves (a replay, or undo and redo)"),
    ),
    (N_("Ctrl+E"), N_("Export this game as a replay file (it lands in the data folder's replays)")),
    (N_("Ctrl+O"), N_("Open one of the exported replays to watch it")),
    (N_("Ctrl+Q"), N_("Quit: the game is kept just as it is for the next time")),
)

MOUSE_HELP: tuple[str, ...] = (
    N_("Drag a card, or a run of cards, and drop it on the pile where it should go."),
    N_("Or click a card, then click the place you want it to go."),
    N_("Right-click cancels a selection."),
    N_("Double-click a card to play it to its foundation."),
    N_("Rest the pointer on a button to see what it does and its key."),
)
