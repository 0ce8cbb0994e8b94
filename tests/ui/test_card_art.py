"""Outcome tests for the procedural card art: sizes, colours, shapes and symmetry."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from collections import Counter
from itertools import combinations

import pygame
import pytest

from solitaire.ui.art.backgrounds import TABLES, table_surface
from solitaire.ui.art.card_art import CardArt
from solitaire.ui.art.card_backs import BACKS
from solitaire.ui.art.colours import PAPER, suit_palette
from solitaire.ui.art.court_figures import EMBLEM_COURT_WIDTH, OUTLINE_PAD, _sketch, _split_y
from solitaire.ui.art.suits import SUITS

RANKS = range(1, 14)
SIZES = [(40, 56), (44, 62), (73, 101), (110, 154), (400, 560)]


@pytest.fixture(scope="module", autouse=True)
def display():
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((1, 1))
    yield
    pygame.display.quit()


def pixels(surface: pygame.Surface) -> list[tuple[int, int, int, int]]:
    data = pygame.image.tobytes(surface, "RGBA")
    return list(zip(data[0::4], data[1::4], data[2::4], data[3::4], strict=True))


def is_reddish(pixel) -> bool:
    r, g, b, a = pixel
    return a > 128 and r > 150 and g < 100 and b < 100


def is_grey(pixel, tolerance: int = 2) -> bool:
    r, g, b, a = pixel
    return a == 0 or max(r, g, b) - min(r, g, b) <= tolerance


def all_faces(art: CardArt):
    return [(rank, suit, art.face(rank, suit)) for suit in SUITS for rank in RANKS]


@pytest.mark.parametrize("size", SIZES)
def test_every_face_has_the_requested_size(size):
    art = CardArt(*size)
    for rank, suit, face in all_faces(art):
        assert face.get_size() == size, (rank, suit)


def test_odd_sizes_and_square_cards_still_draw():
    for size in [(41, 57), (99, 99), (151, 200)]:
        art = CardArt(*size)
        assert {face.get_size() for _, _, face in all_faces(art)} == {size}


def test_all_52_faces_are_different():
    art = CardArt(60, 84)
    images = {pygame.image.tobytes(face, "RGBA") for _, _, face in all_faces(art)}
    assert len(images) == 52


def test_faces_are_cached():
    art = CardArt(80, 112)
    assert art.face(12, "H") is art.face(12, "H")


@pytest.mark.parametrize("rank, suit", [(0, "S"), (14, "H"), (5, "X")])
def test_no_such_card(rank, suit):
    with pytest.raises(ValueError):
        CardArt(80, 112).face(rank, suit)


# Below 72 px the courts are simple emblems, above it full figures: test both.
COLOUR_SIZES = [(64, 90), (110, 154)]


@pytest.mark.parametrize("size", COLOUR_SIZES)
def test_red_suits_have_red_ink_and_black_suits_none(size):
    art = CardArt(*size)
    for rank, suit, face in all_faces(art):
        reddish = sum(map(is_reddish, pixels(face)))
        if suit in "HD":
            assert reddish > 0, (rank, suit)
        else:
            assert reddish == 0, (rank, suit)


def centre_pip_colour(art: CardArt, suit: str):
    """The commonest colour in the middle of the five, which is the centre pip's fill."""
    face = art.face(5, suit)
    box = pygame.Rect(0, 0, art.width // 10, art.width // 10)
    box.center = (art.width // 2, art.height // 2)
    return Counter(pixels(face.subsurface(box))).most_common(1)[0][0][:3]


def test_four_colour_deck_has_four_distinct_pip_colours():
    art = CardArt(110, 154, four_color=True)
    colours = {suit: centre_pip_colour(art, suit) for suit in SUITS}
    assert len(set(colours.values())) == 4
    red, green, blue = colours["H"], colours["C"], colours["D"]
    assert red[0] > red[1] + 100 and red[0] > red[2] + 100
    assert green[1] > green[0] + 60 and green[1] > green[2] + 40
    assert blue[2] > blue[0] + 100 and blue[2] > blue[1] + 60
    assert max(colours["S"]) < 60


def test_normal_deck_has_two_pip_colours():
    art = CardArt(110, 154)
    colours = {suit: centre_pip_colour(art, suit) for suit in SUITS}
    assert colours["H"] == colours["D"] and colours["S"] == colours["C"]
    assert colours["H"] != colours["S"]


@pytest.mark.parametrize("size", COLOUR_SIZES)
def test_mono_art_is_entirely_grey(size):
    art = CardArt(*size, mono=True)
    surfaces = [face for _, _, face in all_faces(art)]
    surfaces += [CardArt(*size, mono=True, back=back).back_surface() for back in BACKS]
    surfaces += [art.outline(kind) for kind in ("empty", "foundation", "cell", "stock")]
    surfaces += [art.outline("foundation", suit="H"), art.highlight(), art.highlight("target")]
    surfaces += [table_surface(name, 200, 120, mono=True) for name in TABLES]
    for surface in surfaces:
        assert all(map(is_grey, pixels(surface)))


def test_mono_red_suits_are_hollow_and_black_suits_solid():
    art = CardArt(110, 154, mono=True)
    hollow = [centre_pip_colour(art, suit) for suit in "HD"]
    solid = [centre_pip_colour(art, suit) for suit in "SC"]
    assert all(min(colour) > 200 for colour in hollow)
    assert all(max(colour) < 60 for colour in solid)


@pytest.mark.parametrize("size", [(40, 56), (110, 154)])
def test_corners_are_transparent_and_the_middle_opaque(size):
    art = CardArt(*size)
    w, h = size
    surfaces = [art.face(1, "S"), art.face(13, "D"), art.back_surface()]
    for surface in surfaces:
        for corner in [(0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)]:
            assert surface.get_at(corner).a == 0
        assert surface.get_at((w // 2, h // 2)).a == 255


@pytest.mark.parametrize("rank", [2, 4, 10])
def test_pips_are_laid_out_symmetrically(rank):
    """Cards without a centre-row pip look the same either way up, as printed cards do."""
    art = CardArt(110, 154)
    face = art.face(rank, "S")
    turned = pygame.transform.flip(face, True, True)
    pairs = zip(pixels(face), pixels(turned), strict=True)
    different = sum(max(abs(a - b) for a, b in zip(p, q, strict=True)) > 8 for p, q in pairs)
    assert different < 0.005 * face.get_width() * face.get_height()


def test_corner_index_fits_in_the_top_of_the_card():
    for size in SIZES:
        art = CardArt(*size)
        assert 0 < art.index_height < size[1] / 2


@pytest.mark.parametrize("width", [60, 110, 150, 370])
def test_the_ten_shows_its_whole_index_clear_of_its_pips(width):
    """The "10" is wider than the index column: it showed cut at the column's edges, and
    its pips crowded it."""
    art = CardArt(width, round(width * 1.4))
    painter = art._face_painter()
    g, glyphs = painter.geometry, painter.glyphs
    label = glyphs.render(10, (200, 20, 40))
    extra = max(g.index_width, label.get_width()) - g.index_width
    overflow = extra - extra // 2  # on the right: the odd pixel goes there
    face = art.face(10, "H")
    corner = pygame.Rect(0, g.index_y, g.index_x + g.index_width + overflow, glyphs.height)
    shown = sum(is_reddish(pixel) for pixel in pixels(face.subsurface(corner)))
    on_paper = pygame.Surface(label.get_size())
    on_paper.fill(PAPER)
    on_paper.blit(label, (0, 0))
    whole = sum(is_reddish(pixel) for pixel in pixels(on_paper))
    assert shown >= whole * 0.97, (shown, whole)
    # Between the index and the pips: at least the paper the other ranks have.
    gap = pygame.Rect(corner.right, 0, g.field.left - (g.index_x + g.index_width), width // 2)
    assert gap.w > 0 and not any(is_reddish(p) for p in pixels(face.subsurface(gap)))


@pytest.mark.parametrize("back", BACKS)
def test_each_back_is_a_patterned_card_of_the_right_size(back):
    for size in [(40, 56), (110, 154), (300, 420)]:
        surface = CardArt(*size, back=back).back_surface()
        assert surface.get_size() == size
        colours = set(pixels(surface))
        assert len(colours) > 20, "a back should be a pattern, not a flat fill"


def test_unknown_back_is_refused():
    with pytest.raises(ValueError):
        CardArt(80, 112, back="plaid")


def test_backs_differ_from_each_other():
    images = {pygame.image.tobytes(CardArt(80, 112, back=b).back_surface(), "RGBA") for b in BACKS}
    assert len(images) == len(BACKS) >= 4


def test_outlines_have_the_card_size_and_differ_by_kind():
    art = CardArt(90, 126)
    kinds = [art.outline(k) for k in ("empty", "foundation", "cell", "stock")]
    kinds += [art.outline("foundation", suit=s) for s in SUITS]
    assert all(o.get_size() == (90, 126) for o in kinds)
    assert len({pygame.image.tobytes(o, "RGBA") for o in kinds}) == len(kinds)
    with pytest.raises(ValueError):
        art.outline("tableau-ish")


def test_highlight_is_a_translucent_card_sized_overlay():
    art = CardArt(90, 126)
    for kind in ("select", "target"):
        glow = art.highlight(kind)
        assert glow.get_size() == (90, 126)
        alphas = {p[3] for p in pixels(glow)}
        assert max(alphas) < 255 and max(alphas) > 100
        assert glow.get_at((45, 63)).a < 80, "the card must stay visible under the highlight"


@pytest.mark.parametrize("name", TABLES)
def test_tables_render_at_the_size_asked_and_deterministically(name):
    assert len(TABLES) >= 4
    for size in [(320, 200), (1920, 1080)]:
        first = table_surface(name, *size)
        assert first.get_size() == size
    again = table_surface(name, 320, 200)
    assert pygame.image.tobytes(again, "RGB") == pygame.image.tobytes(
        table_surface(name, 320, 200), "RGB"
    )
    assert len(set(pixels(again))) > 50, "a table should have texture, not a flat fill"


def test_unknown_table_is_refused():
    with pytest.raises(ValueError):
        table_surface("lava", 100, 100)


@pytest.mark.parametrize("width", range(30, 341, 11))
def test_faces_and_back_are_wholly_opaque_inside_the_corners(width):
    """Nothing under a card shows through it, at any card size (it did at 1366x768: the
    art was shrunk by 3, which left alpha 253 everywhere)."""
    height = round(width * 1.4)
    art = CardArt(width, height)
    inset = art.geometry.radius
    inside = pygame.Rect(0, 0, width, height).inflate(-2 * inset, -2 * inset)
    for surface in [art.back_surface()] + [face for _, _, face in all_faces(art)]:
        opaque = pygame.mask.from_surface(surface, 254)  # set where alpha is 255
        assert opaque.get_at((width // 2, height // 2))
        inner = pygame.mask.Mask(inside.size, fill=True)
        assert opaque.overlap_area(inner, inside.topleft) == inside.width * inside.height


@pytest.mark.parametrize("width", [40, 110, 330])
def test_lift_shadow_is_soft_translucent_and_falls_down_right(width):
    art = CardArt(width, round(width * 1.4))
    run = art.height + 3 * art.index_height  # four cards fanned down
    shadow = art.shadow(run)
    blur = art.shadow_blur
    assert shadow.get_size() == (width + 2 * blur, run + 2 * blur)
    alphas = [p[3] for p in pixels(shadow)]
    assert 40 < max(alphas) < 255, "a shadow darkens the table, it does not hide it"
    assert shadow.get_at((0, 0)).a < 10, "its edge fades out"
    dx, dy = art.shadow_offset
    assert dx + shadow.get_width() > width and dy + shadow.get_height() > run  # reaches past
    assert dx + blur > 0 and dy + blur > 0, "offset down and to the right"
    assert art.shadow(run) is shadow and art.shadow().get_height() == art.height + 2 * blur


COURTS = [(rank, suit) for rank in (11, 12, 13) for suit in SUITS]


SCHEMES = [{}, {"four_color": True}, {"mono": True}]


@pytest.mark.parametrize("width", [40, 44, 60, 71, 72, 100, 110, 151, 302, 330])
@pytest.mark.parametrize("scheme", SCHEMES, ids=["two", "four", "mono"])
def test_court_cards_are_exactly_the_same_either_way_up(width, scheme):
    """Double-ended courts: the lower half is the upper half turned round, pixel for pixel,
    the line between the halves and the corner indices included."""
    art = CardArt(width, round(width * 1.4), **scheme)
    for rank, suit in COURTS:
        face = art.face(rank, suit)
        turned = pygame.transform.flip(face, True, True)
        same = pygame.image.tobytes(face, "RGBA") == pygame.image.tobytes(turned, "RGBA")
        assert same, (rank, suit)


def inside_the_frame(art: CardArt, face: pygame.Surface) -> pygame.Rect:
    """The panel inside a court card's frame: found by walking in from the frame's corner
    until the frame's colour ends."""
    g = art.geometry
    frame = pygame.Rect(g.field.left, g.index_y, g.field.width, art.height - 2 * g.index_y)
    ink = face.get_at(frame.topleft)
    line = 0
    while face.get_at((frame.left + line, frame.top + line)) == ink:
        line += 1
    return frame.inflate(-2 * line, -2 * line)


def runs(flags: list[bool]) -> list[int]:
    """The lengths of the runs of True in ``flags``."""
    lengths, length = [], 0
    for flag in flags + [False]:
        if flag:
            length += 1
        elif length:
            lengths.append(length)
            length = 0
    return lengths


@pytest.mark.parametrize("width", [40, 60, 72, 100, 151, 302, 400])
@pytest.mark.parametrize("scheme", SCHEMES, ids=["two", "four", "mono"])
def test_court_figures_lie_wholly_inside_the_frame(width, scheme):
    """Nothing of a figure is cut off by the frame: no crown, hat, plume or halberd touches
    its top (nor, by the half-turn, its bottom), and only the line between the halves meets
    its sides. Below EMBLEM_COURT_WIDTH a card shows the head alone, cut at the shoulders:
    there only the top is free."""
    art = CardArt(width, round(width * 1.4), **scheme)
    for rank, suit in COURTS:
        face = art.face(rank, suit)
        panel = inside_the_frame(art, face)
        paper = face.get_at(panel.topleft)
        top = [face.get_at((x, panel.top)) != paper for x in range(panel.left, panel.right)]
        assert not any(top), (rank, suit, "top")
        if width < EMBLEM_COURT_WIDTH:
            continue
        for x in (panel.left, panel.right - 1):
            side = [face.get_at((x, y)) != paper for y in range(panel.top, panel.bottom)]
            crossings = runs(side)
            assert len(crossings) == 1, (rank, suit, x, crossings)
            assert crossings[0] <= 3 + panel.width / 50, (rank, suit, x, crossings)


def test_only_the_garment_and_the_staff_cross_the_split():
    """The split between the halves is tilted: whatever it runs past, the head, headgear,
    hair, hand and what the hand holds up lie above it, so none of them is cut in half;
    only the garment and the staff in the hand run on past it into the other half."""
    for rank, suit in COURTS:
        pen = _sketch(rank, suit, suit_palette(suit, four_color=False, mono=False))
        assert any(mark[4] for mark in pen.marks), (rank, suit, "no garment")
        for kind, _, points, extra, crossing in pen.marks:
            if crossing:
                continue
            pad = OUTLINE_PAD if kind == "poly" else extra / 2
            for x, y in points:
                assert y + pad < _split_y(x), (rank, suit, kind, x, y)


@pytest.mark.parametrize("width", [80, 110, 151, 330])
@pytest.mark.parametrize("mono", [False, True])
def test_each_rank_wears_its_own_garment(width, mono):
    """Kings, queens and jacks do not share one robe: between the shoulders and the middle
    of the card, left of the hand, the three ranks of a suit differ over a large share of
    the pixels (one shared robe with different collars differed over 6 to 15 %)."""
    art = CardArt(width, round(width * 1.4), mono=mono)
    g = art.geometry
    w = g.field.width
    torso = pygame.Rect(
        g.field.left, art.height // 2 - round(0.34 * w), round(0.7 * w), round(0.26 * w)
    )
    for suit in SUITS:
        shots = {rank: pixels(art.face(rank, suit).subsurface(torso)) for rank in (11, 12, 13)}
        for first, second in combinations((11, 12, 13), 2):
            pairs = zip(shots[first], shots[second], strict=True)
            apart = sum(max(abs(a - b) for a, b in zip(p[:3], q[:3])) > 60 for p, q in pairs)
            share = apart / (torso.width * torso.height)
            assert share > 0.2, (suit, first, second, share)


@pytest.mark.parametrize("width", [60, 110, 330])
def test_each_suit_has_its_own_court_figures(width):
    """Not one figure recoloured four times: in black and white, where colour cannot tell
    them apart, the dark lines of any two suits' figures of a rank still differ widely."""
    art = CardArt(width, round(width * 1.4), mono=True)
    g = art.geometry
    upper_panel = pygame.Rect(g.field.left, g.index_y, g.field.width, art.height // 2 - g.index_y)
    for rank in (11, 12, 13):
        ink = {}
        for suit in SUITS:
            panel = art.face(rank, suit).subsurface(upper_panel)
            ink[suit] = pygame.mask.from_threshold(panel, (0, 0, 0, 255), (90, 90, 90, 255))
        for first, second in combinations(SUITS, 2):
            a, b = ink[first], ink[second]
            apart = a.count() + b.count() - 2 * a.overlap_area(b, (0, 0))
            share = apart / (upper_panel.width * upper_panel.height)
            assert share > 0.04, (rank, first, second, share)
