"""What the table tells the player, and what the manuals ask of it: a refused
run says why, a card with no move says so, the finder points at the card that shows, a
dragged card casts a shadow, and each game's manual gets its buttons, title and layout."""

import pygame
import pytest
from helpers import game_with
from table_driver import click, drag, key, point, send, start, type_text

from solitaire.model.cards import parse_card
from solitaire.model.moves import IllegalMove, Move, MoveKind, Status
from solitaire.ui.app import App
from solitaire.ui.library import Library
from solitaire.ui.screens.overlays import ConfirmOverlay, LossOverlay
from solitaire.ui.table.screen import MONO_REMINDER


def put(app, game_id, layout):
    """The table showing exactly ``layout`` (pile -> cards) in ``game_id``."""
    table = start(app, game_id, 1)
    table.game.state = game_with(game_id, layout).state
    table.painter.drawn = None
    return table


FULL = {f"t{n}": "KS" for n in range(1, 9)}


def test_a_run_too_long_for_the_free_spaces_flies_back_and_says_why(app):
    layout = {**FULL, "t1": "9H 8S 7H 6S 5H 4S", "t2": "TC", "c1": "AD", "c2": "2D"}
    table = put(app, "vierfrei", layout)
    drag(app, point(app, "t1", 0), point(app, "t2"))
    assert [str(c) for c in table.state.piles["t2"]] == ["TC"]  # 6 cards, room for 3
    assert "only 3 cards can move there" in table.status.message.words.lower()


def test_clicking_a_card_with_no_move_says_so(app):
    table = start(app, "canfield", 3)

    def stuck(pile: str) -> bool:
        top = len(table.state.piles[pile]) - 1
        lift = table.input.liftable(pile, top)
        return top >= 0 and not isinstance(lift, str) and not table.input.has_move(pile, top, *lift)

    pile = next(pile for pile in ("t1", "t2", "t3", "t4") if stuck(pile))
    click(app, point(app, pile))
    assert "has no move now" in table.status.message.words and table.input.selected is None


def test_the_finder_points_at_the_strip_of_a_covered_card(app):
    table = start(app, "lucie", 1)
    for char in "QD":
        send(app, key(pygame.key.key_code(char.lower()), char=char))
    send(app, key(pygame.K_RETURN))
    queen = parse_card("QD")
    assert table.help.finder and table.help.finder[0] == queen
    shown = table.view.visible_rect(table.state, queen)
    corner = table.view.places(table.state)[queen][0]
    covering = table.view.places(table.state)[table.state.piles["t3"][1]][0]
    assert shown.x == corner[0] and shown.right <= covering[0]  # only the strip that shows


def test_a_dragged_card_casts_a_shadow_within_the_repainted_area(app):
    table = start(app, "vierfrei", 1)
    pos = point(app, "t6")
    send(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    send(
        app,
        pygame.event.Event(
            pygame.MOUSEMOTION, pos=(pos[0] + 40, pos[1] + 40), rel=(0, 0), buttons=(1, 0, 0)
        ),
    )
    assert table.input.drag
    surface = pygame.Surface(app.window.size)
    repainted = table.painter._draw_dragged(
        surface, table.input.drag, table.input.pointer
    )  # the place the next frame repaints
    w, h = table.view.card_size()
    offset = table.input.drag.offset
    corner = table.input.pointer[0] - offset[0], table.input.pointer[1] - offset[1]
    cards_rect = pygame.Rect(corner, (w, h))
    assert repainted.contains(cards_rect) and repainted.right > cards_rect.right
    assert repainted.bottom > cards_rect.bottom  # the shadow falls down and to the right


def test_canfield_has_its_manuals_quit_and_info_buttons(app):
    table = start(app, "canfield", 1)
    labels = [button.text for button in table.bar.buttons]
    assert {"Quit", "Info", "Help"} <= set(labels)


def test_the_window_title_names_the_game_and_its_number(app):
    start(app, "vierfrei", 11982)
    app.draw()
    assert pygame.display.get_caption()[0].startswith("Vierfrei #11982")


def test_la_belle_lucie_reminds_colour_players_of_black_and_white(app, tmp_path):
    table = start(app, "lucie", 1)
    assert table.status.message.words == MONO_REMINDER
    mono = App(fullscreen=False, size=(1280, 800), mono=True, library=Library(tmp_path / "m"))
    mono.open_game("lucie", 1)
    assert mono.table.status.message.words != MONO_REMINDER


def test_the_merci_game_lays_out_two_rows_with_counts_where_the_manual_says(app):
    table = start(app, "merci", 1)
    slots = table.view.layout.slots
    rows = sorted({slots[f"t{n}"].y for n in range(1, 19)})
    assert len(rows) == 2 and all(
        sum(1 for n in range(1, 19) if slots[f"t{n}"].y == y) == 9 for y in rows
    )
    assert max(slots[f"f{s}"].x for s in "CDHS") < min(slots[f"t{n}"].x for n in range(1, 19))
    assert any(button.text == "Reshuffle (2)" for button in table.bar.buttons)
    parts = table.status.status_parts()
    assert "Deal 1" in parts and not any(part.startswith("Mercis") for part in parts)
    for _ in range(2):  # after the last reshuffle a merci is possible:
        table.play(Move(MoveKind.REDEAL))
        table.after_frame()
    # La Belle Lucie Instructions: "the area which normally indicates the deal number will
    # indicate the number of remaining mercis"
    assert table.status.status_parts()[1] == "Mercis left 1"


def test_la_belle_lucie_is_centred(app):
    table = start(app, "lucie", 1)
    layout = table.view.layout
    lefts = [x for x, _ in layout.origin.values()]
    rights = [x + layout.card_w for x, _ in layout.origin.values()]
    fans = max(x + layout.card_w + 2 * layout.card_w * 0.3 for x, _ in layout.origin.values())
    left_margin, right_margin = min(lefts), table.view.area.right - fans
    assert abs(left_margin - right_margin) < layout.card_w * 0.3, (
        left_margin,
        right_margin,
        max(rights),
    )


def test_a_click_anywhere_on_a_merci_stack_takes_its_top_card(app):
    """La Belle Lucie Instructions: "click on the source stack, highlighting it, and then
    click on the destination stack" (no merci is possible at the start: the covered card is
    not lifted)."""
    table = start(app, "merci", 1)
    moves = [m for m in table.game.legal_moves() if m.kind == MoveKind.MOVE]
    source = next(m.src for m in moves if len(table.state.piles[m.src]) > 1)
    click(app, point(app, source, 0))  # the bottom card's strip
    top = len(table.state.piles[source]) - 1
    assert table.input.selected == (source, top, 1, MoveKind.MOVE)


def test_a_covered_card_typed_in_the_merci_game_asks_before_spending_the_merci(app):
    table, merci = final_deal_merci(app, "merci")
    card = table.state.piles[merci.src][merci.index]
    done = len(table.game.done)
    type_text(app, str(card))
    send(app, key(pygame.K_RETURN))
    assert isinstance(app.overlays[-1], ConfirmOverlay) and "merci" in app.overlays[-1].question
    send(app, key(pygame.K_ESCAPE))  # no: nothing spent
    assert len(table.game.done) == done and table.rules.mercis_left(table.state) == 1


def test_the_finder_stands_above_a_card_of_the_top_row(app):
    table = start(app, "lucie", 1)
    first = table.state.piles["t1"][0]  # a covered card of the top row's first fan
    table.help.point_at(first, 99.0)
    surface = pygame.Surface(app.window.size)
    drawn = table.painter._draw_finder(surface, first)
    visible = table.view.visible_rect(table.state, first)
    assert drawn and max(rect.bottom for rect in drawn) <= visible.top + 2


@pytest.mark.parametrize("game_id, pile", [("lucie", "t1"), ("merci", "t1"), ("klondike", "t7")])
@pytest.mark.parametrize("window", [(640, 480), (800, 600), (1920, 1080)])
def test_the_finder_covers_no_card_s_index(app, game_id, pile, window):
    """Over the top row of a small screen the arrow came from below, onto the corner
    indices of the row beneath: no index of any card is under it at any size."""
    table = start(app, game_id, 1)
    table.resize(window)
    view, state = table.view, table.state
    geometry = view.art.geometry
    felt = (1, 2, 3)  # not a colour of the arrow
    for target in state.piles[pile]:
        surface = pygame.Surface(window)
        surface.fill(felt)
        assert table.painter._draw_finder(surface, target)
        for name in state.piles:
            for x, y in view.positions(state, name)[: len(state.piles[name])]:
                index = pygame.Rect(
                    x + geometry.index_x,
                    y + geometry.index_y,
                    geometry.index_width,
                    geometry.index_height,
                ).clip(surface.get_rect())
                under = surface.subsurface(index)
                drawn = pygame.mask.from_threshold(under, felt, (1, 1, 1, 255))
                assert drawn.count() == index.w * index.h, (target, name)


def test_long_merci_stacks_of_the_lower_row_fan_down_to_the_table_s_edge(app):
    """A 19-card stack at 1920x1080 was drawn 9 px apart with 200 px of felt unused below."""
    table = start(app, "merci", 1)
    table.resize((1920, 1080))
    layout = table.view.layout
    positions = layout.card_positions("t10", 19)  # the lower row's first stack
    bottom = positions[-1][1] + layout.card_h
    assert bottom >= table.view.area.bottom - 0.3 * layout.unit  # the felt below is used
    assert positions[1][1] - positions[0][1] > 9


def final_deal_merci(app, game_id, **options):
    """The table after the last reshuffle, and a merci (or draw) whose covered card's bare
    name plays it."""
    table = start(app, game_id, 1, **options)
    for _ in range(2):
        table.play(Move(MoveKind.REDEAL))
        table.after_frame()
    rules, state = table.rules, table.state

    def typed_merci(move):
        try:
            return rules.parse_move(str(state.piles[move.src][move.index]), state).kind
        except IllegalMove:
            return None

    merci = next(
        m
        for m in table.game.legal_moves()
        if m.kind == MoveKind.MERCI and typed_merci(m) == MoveKind.MERCI
    )
    return table, merci


def test_a_double_click_on_a_covered_card_asks_before_spending_the_draw(app):
    """La Belle Lucie has one draw: a double-click that would spend it asks first, as the
    merci game does for a typed name."""
    table, draw = final_deal_merci(app, "lucie")
    done = len(table.game.done)
    where = point(app, draw.src, draw.index)
    click(app, where)
    click(app, where)
    assert isinstance(app.overlays[-1], ConfirmOverlay) and "draw" in app.overlays[-1].question
    send(app, key(pygame.K_ESCAPE))  # no: nothing spent
    assert len(table.game.done) == done and table.rules.mercis_left(table.state) == 1
    click(app, where)
    click(app, where)
    send(app, key(pygame.K_RETURN))  # yes
    assert table.game.done[-1].move.kind == MoveKind.MERCI
    assert table.rules.mercis_left(table.state) == 0


def test_a_merci_typed_with_its_destination_goes_there(app):
    """The notation's covered card with a destination (QH-3), typed at the table."""
    table, _ = final_deal_merci(app, "merci")
    state = table.state
    fan = next(name for name in table.rules.tableau if len(state.piles[name]) > 1)
    card = state.piles[fan][0]
    target = next(name for name in table.rules.tableau if name != fan and state.piles[name])
    number = table.rules.tableau.index(target) + 1
    type_text(app, f"{card}-{number}")
    assert table.input.typed == f"{card}-{number}"
    send(app, key(pygame.K_RETURN))
    send(app, key(pygame.K_RETURN))  # yes, use the merci
    assert table.state.piles[target][-1] == card and card not in table.state.piles[fan]


def test_a_wrong_card_name_is_answered_in_sentences(app):
    table = start(app, "merci", 1)
    type_text(app, "1")
    send(app, key(pygame.K_RETURN))
    words = table.status.message.words
    assert "as La Belle Lucie;" not in words and ". Moves: a card like TC" in words, words


def test_a_dead_game_with_kings_to_spare_ends_lost(app):
    """Kings that only wander from empty fan to empty fan change nothing: the game is lost,
    and the status, the partner and the loss box say so together."""
    table = start(app, "merci", 583505, kings="on", **{"move-once": "off"})
    moves = "2H-13 S KH-18 9D-4 QD-11 JH-2 8S-13 S 3C-14 3C-1 KS-18 6S-3 TD-16"
    table.game.play_sequence(moves.split())
    table.changed()
    type_text(app, "5D-9")
    send(app, key(pygame.K_RETURN))
    assert table.rules.status(table.state) == Status.LOST
    app.wait_for_partner()
    app.step(sleep=False)
    assert table.partner.game_status == Status.LOST
    assert isinstance(app.overlays[-1], LossOverlay)


def test_messages_from_before_the_end_go_when_the_end_box_shows(app):
    table = start(app, "merci", 583505, kings="on", **{"move-once": "off"})
    moves = "2H-13 S KH-18 9D-4 QD-11 JH-2 8S-13 S 3C-14 3C-1 KS-18 6S-3 TD-16"
    table.game.play_sequence(moves.split())
    table.play(table.rules.parse_move("5D-9", table.state))
    table.say("Last reshuffle: you may now use a merci.", 60.0, until_input=False)
    app.wait_for_partner()
    app.step(sleep=False)
    assert isinstance(app.overlays[-1], LossOverlay)
    assert not table.status.message.words
