"""The table's actions by name, and keys written as text ("Ctrl+L", "F2", "Delete").

A game's definition names its buttons' and keys' actions with these words, so the table
runs any game's buttons and keys without knowing the game:

- plain words: ``new``, ``restart``, ``undo``, ``redo``, ``hint``, ``demo``, ``help``,
  ``info``, ``stats``, ``options``, ``games``, ``quit``, ``quit_menu``, ``game_number``,
  ``mute``, ``export``, ``replays``;
- ``play:<kind>``: make the special move of that kind (``play:turn``, ``play:redeal`` ...);
- ``say:<words>``: show the words (an explanation);
- ``next_option:<name>``: the next value of a choice option, in a new deal.
"""

from __future__ import annotations

import pygame

from ..model.moves import Move, MoveKind

# Keys every game has. A game's own keys come first, so it may give one another meaning
# (Vierfrei's F1 deals a new game, as its manual says).
COMMON_KEYS: dict[str, str] = {
    "Ctrl+Z": "undo",
    "Undo": "undo",  # the Undo key (X's Undo keysym; the Atari's key, in vierfrei.doc)
    "Ctrl+Y": "redo",
    "Ctrl+Q": "quit",
    "Ctrl+R": "restart",
    "Ctrl+N": "new",
    "M": "mute",
    "F1": "help",
    "O": "options",
    "Tab": "games",
    "F5": "stats",
    "Ctrl+H": "hint",
    "Ctrl+D": "demo",
    "Right": "redo",
    "Left": "undo",
    "Ctrl+E": "export",
    "Ctrl+O": "replays",
    "Escape": "quit_menu",
}
MODIFIERS = {"ctrl": pygame.KMOD_CTRL | pygame.KMOD_META, "alt": pygame.KMOD_ALT}
# What each action does, in a few words, for the buttons' tooltips.
ACTION_WORDS = {
    "new": "Deal a new game",
    "restart": "Play this deal again from the start",
    "undo": "Take back the last move",
    "redo": "Make the move taken back again",
    "hint": "Show the next move of a winning line",
    "demo": "Let the computer play on (any key stops it)",
    "help": "The rules and the keys",
    "info": "About the game",
    "stats": "Your statistics",
    "options": "Rules, cards and table",
    "games": "Choose another game",
    "quit": "Leave the game",
    "quit_menu": "Leave, or deal a new hand",
    "game_number": "Deal a game by its number",
    "mute": "Sound on or off",
    "export": "Save this game as a replay file",
    "replays": "Watch a replay",
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
    if verb == "play":
        table.play(Move(MoveKind(argument)))
    elif verb == "say":
        table.say(argument, 3.0)
    elif verb == "next_option":
        table.next_option(argument)
    else:
        _plain_actions(table)[verb]()


def tooltip(table, action: str) -> str:
    """A button's tooltip: what it does, and its key if it has one."""
    verb, _, argument = action.partition(":")
    if verb == "play":
        words = table.rules.special_words.get(MoveKind(argument), argument.capitalize())
    elif verb == "next_option":
        words = f"The next {argument} rule, in a new deal"
    else:
        words = ACTION_WORDS.get(verb, verb.capitalize())
    keys = [spec for spec, bound in {**COMMON_KEYS, **table.rules.key_actions}.items()]
    key = next((spec for spec in keys if _bound(table, spec) == action), None)
    return f"{words} ({key})" if key else words


def _bound(table, spec: str) -> str | None:
    """What a key does at this table: the game's own binding first."""
    return table.rules.key_actions.get(spec) or COMMON_KEYS.get(spec)


def enabled(table, button) -> bool:
    """A game button is lit while a move of its kind is legal (always, without a kind)."""
    if button.enabled_by is None:
        return True
    return any(move.kind == button.enabled_by for move in table.legal_moves())


def is_known(table, action: str) -> bool:
    """Whether ``run`` understands ``action`` (for checking a game's definition)."""
    verb, _, argument = action.partition(":")
    if verb == "play":
        return argument in {kind.value for kind in MoveKind}
    if verb == "next_option":
        return any(spec.name == argument and spec.choices for spec in table.rules.option_specs)
    return verb == "say" or verb in _plain_actions(table)


def _plain_actions(table) -> dict:
    app = table.app
    return {
        "new": table.new_deal,
        "restart": table.restart,
        "undo": table.undo,
        "redo": table.redo,
        "hint": table.show_hint,
        "demo": table.start_auto,
        "help": app.open_help,
        "info": app.open_info,
        "stats": app.open_stats,
        "options": app.open_options,
        "games": app.open_chooser,
        "quit": app.quit,
        "quit_menu": app.open_quit_menu,
        "game_number": app.ask_game_number,
        "mute": app.toggle_mute,
        "export": lambda: app.export(table),
        "replays": app.choose_replay,
    }
