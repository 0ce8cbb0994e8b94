"""The closed sets of words a game's definition speaks to the engine and the table in.

A game file names its piles' roles, its build rule, how its piles spread and what the
mouse and keys do with these Enums. A misspelt member fails where the game file names it,
with the words there are; a plain string is accepted only if it is one of the words (the
registry checks every one when it loads a game, ``games.definition_problems``), so a
slip can never fall back to some default behaviour unseen.
"""

from __future__ import annotations

from enum import Enum, EnumMeta

from ..i18n import N_
from .moves import MoveKind


class _Words(EnumMeta):
    def __getattr__(cls, name: str):
        # Only reached for a name that is not a member: say which ones there are.
        if name.startswith("_"):
            raise AttributeError(name)
        raise AttributeError(f"{cls.__name__} has no word {name!r} (its words: {cls.listing()})")


class Word(str, Enum, metaclass=_Words):
    """A closed set of words; each member is also its word as a string ("down")."""

    def __str__(self) -> str:
        return self.value

    @classmethod
    def listing(cls) -> str:
        return ", ".join(member.value for member in cls)

    @classmethod
    def problem(cls, attribute: str, value: object) -> str | None:
        """Why ``value`` is not one of these words, naming ``attribute``; None if it is."""
        if isinstance(value, str) and value in {member.value for member in cls}:
            return None
        return f"{attribute} is {value!r}, not one of the {cls.__name__} words: {cls.listing()}"


class Role(Word):
    """What a pile does (see ``rules.py``)."""

    TABLEAU = "tableau"
    FOUNDATION = "foundation"
    CELL = "cell"
    RESERVE = "reserve"
    HAND = "hand"
    WASTE = "waste"


class Build(Word):
    """Which cards a tableau pile takes on its top card: one rank lower and ..."""

    SUIT = "suit"  # ... of the same suit
    ALTERNATE = "alternate"  # ... of the other colour
    RANK = "rank"  # ... of any suit


class Spread(Word):
    """How a pile's cards lie (``Slot.spread``)."""

    NONE = "none"  # squared, one on another
    DOWN = "down"
    RIGHT = "right"
    LEFT = "left"  # growing leftwards from its place, for a left wing
    WASTE = "waste"  # the top three fanned right


class Outline(Word):
    """The placeholder drawn where a pile is empty (``Slot.outline``)."""

    EMPTY = "empty"
    FOUNDATION = "foundation"
    CELL = "cell"
    STOCK = "stock"
    NONE = "none"  # nothing: the place vanishes when emptied (Pyramid's rows)


class Family(Word):
    """The kinds of game the chooser groups its games by (``Rules.family``), in the order
    it shows them; ``heading`` is the group's heading there. Its words are plurals: a
    game's id may be a family's name."""

    FREECELL = "freecells"
    KLONDIKE = "klondikes"
    YUKON = "yukons"
    SPIDER = "spiders"
    CANFIELD = "canfields"
    FAN = "fans"
    CASTLE = "castles"
    PAIRING = "pairs"
    SEQUENCE = "one-pile"
    OTHER = "others"

    @property
    def heading(self) -> str:
        return FAMILY_HEADINGS[self]


FAMILY_HEADINGS = {
    Family.FREECELL: N_("FreeCell and its kin"),
    Family.KLONDIKE: N_("Klondike and its kin"),
    Family.YUKON: N_("Yukon and its kin"),
    Family.SPIDER: N_("Spiders"),
    Family.CANFIELD: N_("Canfield"),
    Family.FAN: N_("Fans"),
    Family.CASTLE: N_("Castles"),
    Family.PAIRING: N_("Pairs"),
    Family.SEQUENCE: N_("One pile"),
    Family.OTHER: N_("More games"),
}


class Typing(Word):
    """What keys typed at the table do (``Rules.typing``)."""

    NOTATION = "notation"  # a move in the text commands' notation, then Enter
    CARD = "card"  # a card's name, then Enter (``typed_words`` are commands, not cards)
    CODES = "codes"  # an origin key, then a destination key (``Rules.codes``)


class RightClick(Word):
    """What a right-click does (``Rules.right_click``)."""

    CANCEL = "cancel"  # cancels a selection, nothing more
    CELLS = "cells"  # also sends the card or run under the pointer to free cells


class DoubleClick(Word):
    """What a double-click on a card does (``Rules.double_click``)."""

    HOME = "home"  # plays it home
    HOME_OR_CELL = "home_or_cell"  # home, or else to a free cell
    TYPED = "typed"  # as if the card's name had been typed


class RefusalSound(Word):
    """The sound of a refused move (``Rules.refusal_sound``)."""

    CLICK = "click"
    BING = "bing"


class Action(Word):
    """The table's actions a game's buttons, keys and typed words may name; besides these,
    ``play(kind)``, ``say(words)`` and ``next_option(name)`` make the three that take an
    argument."""

    NEW = "new"
    RESTART = "restart"
    UNDO = "undo"
    REDO = "redo"
    HINT = "hint"
    DEMO = "demo"
    HELP = "help"
    INFO = "info"
    STATS = "stats"
    OPTIONS = "options"
    GAMES = "games"
    QUIT = "quit"
    QUIT_MENU = "quit_menu"
    GAME_NUMBER = "game_number"
    MUTE = "mute"
    EXPORT = "export"
    REPLAYS = "replays"


class Verb(Word):
    """The actions that take an argument, written ``<verb>:<argument>``."""

    PLAY = "play"  # make the special move of that kind
    SAY = "say"  # show the words
    NEXT_OPTION = "next_option"  # the next value of a choice option, in a new deal


def play(kind: MoveKind) -> str:
    return f"{Verb.PLAY}:{kind.value}"


def say(words: str) -> str:
    return f"{Verb.SAY}:{words}"


def next_option(name: str) -> str:
    return f"{Verb.NEXT_OPTION}:{name}"


def action_problem(attribute: str, action: object, choice_options: set[str]) -> str | None:
    """Why ``action`` is not an action the table knows, naming ``attribute``; None if it
    is. ``choice_options``: the game's options that ``next_option`` may name."""
    if not isinstance(action, str):
        return f"{attribute} is {action!r}, not an action"
    verb, colon, argument = action.partition(":")
    if not colon:
        if Action.problem(attribute, action) is None:
            return None
        return (
            f"{attribute} is {action!r}, not one of the Action words: {Action.listing()};"
            f" or {Verb.listing().replace(', ', ':..., ')}:..."
        )
    if Verb.problem(attribute, verb) is not None:
        return f"{attribute} is {action!r}: {verb!r} is not one of: {Verb.listing()}"
    if verb == Verb.PLAY and argument not in {kind.value for kind in MoveKind}:
        kinds = ", ".join(kind.value for kind in MoveKind)
        return f"{attribute} is {action!r}: {argument!r} is not a kind of move ({kinds})"
    if verb == Verb.NEXT_OPTION and argument not in choice_options:
        names = ", ".join(sorted(choice_options)) or "none"
        return f"{attribute} is {action!r}: {argument!r} is not a choice option ({names})"
    if verb == Verb.SAY and not argument:
        return f"{attribute} is {action!r}: there is nothing to say"
    return None
