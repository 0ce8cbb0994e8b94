"""The in-game help: rules, keys and mouse use for each game, as plain data.

The rules describe what the engine in ``solitaire/model/`` does (``docs/rules.md``), written
in our own words from the shareware manuals in ``shared/seeds/``. Text is plain ASCII: the
card font has no suit glyphs, so suits are spelled out. Nothing here imports pygame.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class GameHelp:
    title: str
    rules: tuple[str, ...]  # short paragraphs; the last one is a strategy tip
    keys: tuple[tuple[str, str], ...]  # (key, what it does): this game's own keys


# Keys that work in every game. Where a game gives a key another meaning, its own list says so.
COMMON_KEYS: tuple[tuple[str, str], ...] = (
    ("Ctrl+Z", "Undo"),
    ("Ctrl+Y", "Redo"),
    ("Ctrl+R", "Restart this deal"),
    ("Ctrl+N", "New deal"),
    ("F11 or Alt+Enter", "Switch between full screen and a window"),
    ("M", "Sound on or off"),
    (
        "B",
        (
            "Boss key: hides the game at once. It leaves full screen, pauses the sound and the"
            " clock and minimises the window; restore it and everything is just as you left it."
        ),
    ),
    ("F1", "Help (in Vierfrei, where F1 deals a random game, press H)"),
    ("Esc", "Close a dialog or cancel a selection"),
    ("O", "Options"),
    ("Tab", "Back to the game chooser"),
    ("F5", "Statistics of this game (R there resets them, after asking)"),
    (
        "Ctrl+H",
        (
            "Hint: the next move of a winning line, shown by an arrow and a glow; ask again"
            " for the next one (the Hint button too)"
        ),
    ),
    ("Ctrl+D", "Demo: the computer plays on from here; any key or click stops it"),
    ("Left / Right", "Step backward and forward through the moves (a replay, or undo and redo)"),
    ("Ctrl+E", "Export this game as a replay file (it lands in the data folder's replays)"),
    ("Ctrl+O", "Open one of the exported replays to watch it"),
)

MOUSE_HELP: tuple[str, ...] = (
    "Drag a card, or a run of cards, and drop it on the pile where it should go.",
    "Or click a card, then click the place you want it to go.",
    (
        "Right-click cancels a selection. In Vierfrei a right-click sends the card, or the whole"
        " run, to the free cells instead."
    ),
    (
        "Double-click a card to play it to its foundation. In Vierfrei, a card that cannot go home"
        " goes to a free cell instead."
    ),
    "In Canfield, click the hand to turn cards onto the waste.",
    (
        "In La Belle Lucie, the Reshuffle and Draw (or Merci) buttons sit on the button bar. To"
        " take the draw or a merci, drag or click a covered card."
    ),
)

_LUCIE_KEYS: tuple[tuple[str, str], ...] = (
    (
        "Type a card, then Enter",
        (
            "Type a card such as TC or qh and press Enter. It goes to its foundation if it can,"
            " otherwise to its one legal place in the fans. If it cannot move, an arrow points at"
            " it for a second."
        ),
    ),
    ("Backspace", "Erase the last character you typed"),
    ("S", "Reshuffle (or the Reshuffle button)"),
    ("H", "Help"),
    ("Q then Enter", "Quit menu: exit, start a new hand or return to the game"),
)

_LUCIE_OUTCOME = (
    "You win when all 52 cards are home. The game is lost once no reshuffle or {extra} is left and"
    " no moves can bring another card home. Your score is the share of the pack you got home, out"
    " of 100: cards home x 100 / 52, rounded down. A win scores 100."
)

HELP: dict[str, GameHelp] = {
    "lucie": GameHelp(
        title="La Belle Lucie",
        rules=(
            (
                "The whole pack is dealt face up into eighteen fans: seventeen of three cards and"
                " one of a single card. Your goal is to bring all 52 cards home to the four"
                " foundations."
            ),
            (
                "Only the top card of a fan can move. It may go onto the top card of another fan"
                " that is one rank higher in the same suit: the seven of spades onto the eight of"
                " spades. Kings never move between fans, and a fan that empties stays empty."
            ),
            (
                "Each foundation starts with its ace and builds up in suit to the king. When you"
                " send a card home, the next cards of that suit follow by themselves as long as"
                " each is on top of a fan, so one play can clear a whole run."
            ),
            (
                "Stuck? Reshuffle with S or the Reshuffle button. The cards left in the fans are"
                " gathered, shuffled and dealt again in threes, any leftover cards making the last"
                " fan. You have two reshuffles per deal."
            ),
            (
                "After the second reshuffle you get one last favour, the draw. As your very first"
                " move of the final deal, pull out any one covered card and play it to its"
                " foundation or onto a fan where it fits. Make any other move first and the chance"
                " is gone."
            ),
            _LUCIE_OUTCOME.format(extra="draw"),
            (
                "Tip: a card under a king is stuck until that king goes home. In the final deal, a"
                " card beneath the king of its own suit can only be rescued by the draw, so choose"
                " your draw with care; two such traps mean the deal cannot be won."
            ),
        ),
        keys=_LUCIE_KEYS
        + (
            (
                "Draw button",
                (
                    "The draw, on the first move after the second reshuffle only: drag a covered"
                    " card where it should go, or click it and then its new place."
                ),
            ),
        ),
    ),
    "merci": GameHelp(
        title="La Belle Lucie (Merci)",
        rules=(
            (
                "The classic La Belle Lucie layout, with the same deal for the same number:"
                " eighteen fans, seventeen of three cards and one of a single card. Bring all 52"
                " cards home to the four foundations, each built up in suit from ace to king."
            ),
            (
                "Only a fan's top card moves, onto the next higher card of its suit. Once a card"
                " has moved from fan to fan it may afterwards only go home (the move-once option,"
                " on by default), so avoid burying cards you will soon need. Empty fans stay empty"
                " unless the kings option lets a king move in."
            ),
            (
                "With auto play on (the default), every card that can go to a foundation goes there"
                " by itself, right after the deal and after each reshuffle too."
            ),
            (
                "Stuck? Reshuffle with S or the Reshuffle button: the fans are gathered, shuffled"
                " and dealt again in threes. Two reshuffles are allowed; Options can set 0 to 99 or"
                " unlimited. A reshuffle frees every card, so cards moved once may move again."
            ),
            (
                "In the final deal (after your last reshuffle, or from the start with no"
                " reshuffles) you may use a merci at any time: lift one covered card onto any fan,"
                " even its own, or onto its foundation if it fits. An empty fan takes it only if it"
                " could anyway. One merci by default; none with unlimited reshuffles."
            ),
            _LUCIE_OUTCOME.format(extra="merci"),
            (
                "Tip: after a deal or reshuffle, build first on single-card fans, fans topped by a"
                " king and fans whose top cards already run in order; those moves block nothing."
                " Build runs as long as you can, and once the cards the foundations need are all"
                " buried, reshuffle rather than making moves that lead nowhere."
            ),
        ),
        keys=_LUCIE_KEYS
        + (
            (
                "Merci button",
                (
                    "Use a merci, any time in the final deal: drag a covered card where it should"
                    " go, or click it and then its new place."
                ),
            ),
        ),
    ),
    "prince": GameHelp(
        title="The Prince",
        rules=(
            (
                "Nine columns are dealt, from nine cards down to one, and the last seven cards form"
                " the reserve above them. Aces go to the foundations before play begins, and any"
                " ace set free later goes up by itself. Build all four foundations up in suit to"
                " the kings."
            ),
            (
                "Cards move one at a time. A card goes onto a column whose top card is one rank"
                " higher, following the sequence rule in force. Any card may fill an empty column."
                " Reserve cards can be played to a column or a foundation at any time, but nothing"
                " is ever put back into the reserve."
            ),
            (
                "Empty columns let you move whole runs, done for you as single-card steps. With n"
                " empty columns you can move 2^n cards onto another column, or 2^(n-1) into an"
                " empty one: one empty column moves two cards onto a column, two move four."
            ),
            (
                "The top card of a foundation may come back onto a column when that helps (aces"
                " stay home). Lay off with Ctrl+L to play every card that can go to the"
                " foundations, again and again until none can."
            ),
            (
                "Choose the sequence rule in Options (O): alternate colours (the standard), any"
                " suit (simple descending rank, the easy one) or same suit (fiendish)."
            ),
            (
                "You win with all 52 cards home; the game is lost when no series of moves can bring"
                " another card home. Points depend on the rule: alternate colours +2 for a win, -2"
                " for a loss; any suit +1 / -4; same suit +4 / -1. A deal you leave without making"
                " a move counts as neither."
            ),
            (
                "Tip: empty columns are your most precious resource, the only way to shift a run."
                " Fill one only when you must. Going backward and forward through your moves is"
                " fair play, so try out a line and step back if it fails. No opening move at all?"
                " Simply deal again."
            ),
        ),
        keys=(
            ("Ctrl+N", "New game: a fresh deal (Cmd+N on a Mac)"),
            ("Ctrl+F", "Forward: redo the next move"),
            ("Ctrl+B", "Backward: undo the last move"),
            ("Ctrl+L", "Lay off every card that can go to the foundations"),
            ("Backspace", "Undo the last move"),
            ("O", "Options: choose the sequence rule"),
        ),
    ),
    "canfield": GameHelp(
        title="Canfield",
        rules=(
            (
                "Thirteen cards form the reserve; only its top card can be played. The next card"
                " starts the foundations, and its rank is where all four begin: if it is the ten of"
                " clubs, the other three tens start the rest. Four cards start the tableau, and the"
                " other 34 are the hand."
            ),
            (
                "Foundations build up in suit from that base rank, turning the corner from king to"
                " ace: after a ten come jack, queen, king, ace, two and on up to nine. Fill all"
                " four with thirteen cards each to win."
            ),
            (
                "The four tableau piles build down in alternate colours, and a king may go on an"
                " ace. Move a pile's top card alone, or the whole pile at once if its bottom card"
                " fits. An emptied pile is refilled from the reserve at once; once the reserve is"
                " gone, you fill spaces from the waste."
            ),
            (
                "Turn the hand onto the waste with N or a click on the hand; the top waste card is"
                " in play. When the hand runs out, the waste turns over, unshuffled, into a new"
                " hand if your rule mode allows another pass."
            ),
            (
                "Press R to pick a rule mode (a new deal starts under it). 1: one card at a time,"
                " one pass, Mr. Canfield's own rule and the default. 2: three at a time, unlimited"
                " passes. 3: one at a time, unlimited passes, the easiest. House: three at a time,"
                " three passes."
            ),
            (
                "The game is lost when no series of moves, turning the hand included, can bring"
                " another card home. Scoring is the casino's: the pack costs $50, every card on the"
                " foundations pays $5, and all 52 pay $500. The base card counts, so you start at"
                " -$45."
            ),
            (
                "Tip: the reserve is the real battle. Play from it whenever you can, because once"
                " it is empty and you can fill spaces from the waste, the game usually comes out."
                " Don't be discouraged: in the casino, players averaged only five or six cards"
                " home."
            ),
        ),
        keys=(
            ("1 or S", "Origin: the reserve"),
            ("2-5", "Origin or destination: a tableau pile"),
            ("W", "Origin: the waste"),
            ("F", "Destination: the foundations"),
            ("Esc", "Cancel the origin you chose"),
            ("N", "No play: turn the hand"),
            ("R", "Change the rule mode (starts a new deal under the new rule)"),
            ("A", "Auto: let the computer play the game out"),
            ("H", "Help"),
            ("I", "Info: version and credits"),
            ("Q", "Quit"),
            ("Backspace", "Undo"),
        ),
    ),
    "vierfrei": GameHelp(
        title="Vierfrei",
        rules=(
            (
                "Vierfrei is FreeCell with Microsoft's numbered deals. The pack is dealt face up"
                " into eight columns, four of seven cards and four of six. Above them wait four"
                " free cells and four foundations, which build up in suit from ace to king."
            ),
            (
                "Move one card at a time. A card goes onto one a rank higher of the other colour: a"
                " black seven on a red eight. Any card may go into an empty free cell (one card"
                " each) or an empty column. Cards on the foundations stay there."
            ),
            (
                "Drag a run as one piece and the game makes the single-card moves for you. You can"
                " move (empty free cells + 1) cards, doubled for each empty column not involved in"
                " the move: two empty free cells and one empty column move six."
            ),
            (
                "Delete plays home every card that is safely no longer needed: one that no card"
                " still in play could want to sit on. A black four goes home once both red threes"
                " are up; aces always go. Turn on auto play in Options to do this after every move."
            ),
            (
                "Every deal has a number. F1 deals a random game, F2 asks for any number from 0 to"
                " 1,000,000 so you can play or replay a particular deal, and F3 starts this one"
                " over."
            ),
            (
                "You win with all 52 cards home; the game is lost when no series of moves can bring"
                " another card home. Your score is the number of cards home. Apart from the shuffle"
                " there is no luck at all, and nearly every deal can be solved."
            ),
            (
                "Tip: guard your free cells, as without them you can hardly move runs. Don't let a"
                " long run grow over cards that do not belong to it, and send a card home only when"
                " you are sure you no longer need it, or when nothing else helps."
            ),
        ),
        keys=(
            ("F1", "Random game"),
            ("F2", "Choose a game by number, 0 to 1,000,000"),
            ("F3", "Restart this game"),
            ("F10", "Quit"),
            ("Delete", "Play home every card that is safely no longer needed"),
            ("H", "Help"),
            (
                "Right-click",
                "On a card: send it to a free cell. On a run: send the run to the free cells.",
            ),
            ("Backspace", "Undo"),
        ),
    ),
}
