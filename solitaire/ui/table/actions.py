"""The table's actions by name, and keys written as text ("Ctrl+L", "F2", "Delete").

A game's definition names its buttons' and keys' actions in the model's words
(``vocabulary.Action``, and ``play(kind)``, ``say(words)``, ``next_option(name)``; the
registry checks them when it loads a game), so the table runs any game's buttons and keys
without knowing the game.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum

import pygame

from ...i18n import N_, _
from ...model.moves import Move, MoveKind
from ...model.vocabulary import Action, Typing, Verb

# Keys every game has. A game's own keys come first, so it may give one another meaning
# (Vierfrei's F1 deals a new game, as its manual says).
COMMON_KEYS: dict[str, str] = {
    "Ctrl+Z": Action.UNDO,
    "Undo": Action.UNDO,  # the Undo key (X's Undo keysym; the Atari's key, in vierfrei.doc)
    "Ctrl+Y": Action.REDO,
    "Ctrl+Q": Action.QUIT,
    "Ctrl+R": Action.RESTART,
    "Ctrl+N": Action.NEW,
    "Ctrl+G": Action.GAME_NUMBER,
    "M": Action.MUTE,
    "F1": Action.HELP,
    "O": Action.OPTIONS,
    "Tab": Action.GAMES,
    "F5": Action.STATS,
    "Ctrl+H": Action.HINT,
    "Ctrl+D": Action.DEMO,
    "Right": Action.REDO,
    "Left": Action.UNDO,
    "Ctrl+E": Action.EXPORT,
    "Ctrl+O": Action.REPLAYS,
    "Escape": Action.QUIT_MENU,
}
# Key names a tooltip may say (the rest are letters, digits, F keys and combinations the
# help names): for the catalogue.
KEY_NAMES = (
    N_("Escape"),
    N_("Right"),
    N_("Left"),
    N_("Space"),
    N_("Enter"),
)
MODIFIERS = {"ctrl": pygame.KMOD_CTRL | pygame.KMOD_META, "alt": pygame.KMOD_ALT}


class BossKey(str, Enum):
    """The key that hides the game at once: B, unless the game's typed moves use a b
    (Vierfrei's free cell b, The Prince's reserve b); the key left of 1 hides the game
    in every game, on every keyboard layout (it is found by its place, not its letter)."""

    B = "B"
    LEFT_OF_ONE = "the key left of 1"


def boss_keys(rules) -> tuple[BossKey, ...]:
    """The keys that hide the game at this game's table."""
    typed = [*rules.codes, *rules.commands, *rules.typed_words]
    typed += [key for key in rules.key_actions if len(key) == 1]
    if any("b" in word.lower() for word in typed):
        return (BossKey.LEFT_OF_ONE,)
    return (BossKey.B, BossKey.LEFT_OF_ONE)


def is_boss_key(event, keys: tuple[BossKey, ...]) -> bool:
    if event.mod & (MODIFIERS["ctrl"] | MODIFIERS["alt"]):
        return False
    if event.scancode == pygame.KSCAN_GRAVE or event.key == pygame.K_BACKQUOTE:
        return BossKey.LEFT_OF_ONE in keys
    return event.key == pygame.K_b and BossKey.B in keys


# What each action does, in a few words, for the buttons' tooltips.
# Keyed by Action, looked up by the action's word: a member hashes and compares as its str.
ACTION_WORDS: dict[str, str] = {
    Action.NEW: N_("Deal a new game"),
    Action.RESTART: N_("Play this deal again from the start"),
    Action.UNDO: N_("Take back the last move"),
    Action.REDO: N_("Make the move taken back again"),
    Action.HINT: N_("Show the next move of a winning line"),
    Action.DEMO: N_("Let the computer play on; any key stops it"),
    Action.HELP: N_("The rules and the keys"),
    Action.INFO: N_("About the game"),
    Action.STATS: N_("Your statistics"),
    Action.OPTIONS: N_("Rules, cards and table"),
    Action.GAMES: N_("Choose another game"),
    Action.QUIT: N_("Leave the game"),
    Action.QUIT_MENU: N_("Leave, or deal a new hand"),
    Action.GAME_NUMBER: N_("Deal a game by its number"),
    Action.MUTE: N_("Sound on or off"),
    Action.EXPORT: N_("Save this game as a replay file"),
    Action.REPLAYS: N_("Watch a replay"),
}


def parse_key(spec: str) -> tuple[int, int]:
    """``"Ctrl+L"`` -> (pygame.K_l, the Ctrl modifier mask); ValueError for a bad name."""
    *mods, name = spec.split("+")
    mask = 0
    for mod in mods:
        mask |= MODIFIERS[mod.strip().lower()]
    return pygame.key.key_code(name.strip().lower()), mask


def key_action(bindings: dict[str, str], event) -> str | None:
    """The action bound to a key press; Ctrl and Alt must match too (Shift is free)."""
    for spec, action in bindings.items():
        key, mask = parse_key(spec)
        if key == event.key and all(
            bool(event.mod & mod) == bool(mask & mod) for mod in MODIFIERS.values()
        ):
            return action
    return None


def run(table, action: str) -> None:
    """Carry out a named action on ``table`` (a TableScreen)."""
    verb, _, argument = action.partition(":")
    if verb == Verb.PLAY:
        table.play(Move(MoveKind(argument)))
    elif verb == Verb.SAY:
        table.say(argument, 3.0)
    elif verb == Verb.NEXT_OPTION:
        table.next_option(argument)
    else:
        plain_actions(table)[Action(verb)]()


def tooltip(table, action: str) -> str:
    """A button's tooltip: what it does, and its key if it has one (the game's own key
    first, as its manual names it; a word typed then Enter where the game types cards)."""
    rules = table.rules
    verb, _colon, argument = action.partition(":")
    if verb == Verb.PLAY:
        words = _(rules.special_words.get(MoveKind(argument), argument.capitalize()))
    elif verb == Verb.SAY:
        words = _(argument).rstrip(".")  # the button shows these words: how to do it
    elif verb == Verb.NEXT_OPTION:
        words = rules.next_option_words(argument)
    else:
        words = _(ACTION_WORDS.get(verb, verb.capitalize()))
    keys = {**rules.key_actions, **COMMON_KEYS}
    key = next((spec for spec in keys if _bound(table, spec) == action), None)
    if key is None and rules.typing == Typing.CARD:
        typed = next((word for word, bound in rules.typed_words.items() if bound == action), None)
        key = None if typed is None else _("{word} then Enter").format(word=typed)
    return _("{what} ({key})").format(what=words, key=_(key)) if key else words


def _bound(table, spec: str) -> str | None:
    """What a key does at this table: the game's own binding first."""
    return table.rules.key_actions.get(spec) or COMMON_KEYS.get(spec)


def enabled(table, button) -> bool:
    """A game button is lit while a move of its kind is legal (always, without a kind)."""
    if button.enabled_by is None:
        return True
    return any(move.kind == button.enabled_by for move in table.legal_moves())


def plain_actions(table) -> dict[Action, Callable[[], object]]:
    """What each action without an argument does at ``table``."""
    app = table.app
    return {
        Action.NEW: table.new_deal,
        Action.RESTART: table.restart,
        Action.UNDO: table.undo,
        Action.REDO: table.redo,
        Action.HINT: table.help.show_hint,
        Action.DEMO: table.help.start_auto,
        Action.HELP: app.open_help,
        Action.INFO: app.open_info,
        Action.STATS: app.open_stats,
        Action.OPTIONS: app.open_options,
        Action.GAMES: app.open_chooser,
        Action.QUIT: app.quit,
        Action.QUIT_MENU: app.open_quit_menu,
        Action.GAME_NUMBER: app.ask_game_number,
        Action.MUTE: app.toggle_mute,
        Action.EXPORT: lambda: app.export(table),
        Action.REPLAYS: app.choose_replay,
    }
