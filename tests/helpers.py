"""Building positions by hand for rule tests."""

from solitaire.model.cards import parse_card
from solitaire.model.game import Game
from solitaire.model.games import make_rules
from solitaire.model.state import State


def cards(text: str) -> list:
    return [parse_card(token) for token in text.split()]


def game_with(game_id: str, layout: dict[str, str], values: dict | None = None, **options) -> Game:
    """A game of ``game_id`` whose position is exactly ``layout`` (pile -> cards, bottom first)."""
    rules = make_rules(game_id, **options)
    game = Game(rules, 1)
    piles = rules.empty_piles()
    for name, text in layout.items():
        piles[name] = cards(text)
    game.state = State(piles, {**game.state.values, **(values or {})})
    return game


def pile(game: Game, name: str) -> str:
    return " ".join(str(card) for card in game.state.piles[name])
