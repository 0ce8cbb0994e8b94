"""Driving the table with real pygame events, as a player would (for the table tests)."""

import pygame


def start(app, game_id, deal=1, **options):
    app.open_game(game_id, deal, options or None)
    settle(app)
    return app.table


def settle(app):
    app.table.flights.finish()
    app.step(sleep=False)


def send(app, *events):
    for event in events:
        pygame.event.post(event)
    app.step(sleep=False)


def point(app, name, index=-1):
    """A point on card ``index`` of a pile that is not covered by the next card."""
    table = app.table
    count = len(table.state.piles[name])
    x, y = table.view.layout.card_positions(name, max(count, 1), table.state.face_down(name))[index]
    return (
        (x + 6, y + 6)
        if index not in (-1, count - 1)
        else (x + table.view.layout.card_w // 2, y + table.view.layout.card_h // 2)
    )


def down(pos, button=1):
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)


def up(pos, button=1):
    return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)


def motion(pos):
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))


def key(code, mod=0, char=""):
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode=char, scancode=0)


def click(app, pos, button=1):
    send(app, down(pos, button), up(pos, button))


def drag(app, start_pos, end_pos):
    middle = ((start_pos[0] + end_pos[0]) // 2, (start_pos[1] + end_pos[1]) // 2)
    send(app, down(start_pos), motion(middle), motion(end_pos), up(end_pos))


def type_text(app, words):
    for char in words:
        send(app, key(pygame.key.key_code(char.lower()), char=char))
