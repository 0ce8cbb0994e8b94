"""The cards' colours: the paper and its edge, the suits' inks in the two- and four-colour
schemes and in mono, and each suit's palette for its pips and court figures."""

from __future__ import annotations

from dataclasses import dataclass

Colour = tuple[int, int, int]

RED_SUITS = "DH"

PAPER: Colour = (252, 252, 252)
CARD_EDGE: Colour = (148, 148, 148)
BLACK_INK: Colour = (24, 24, 30)
RED_INK: Colour = (200, 22, 42)
BLUE_INK: Colour = (22, 86, 200)
GREEN_INK: Colour = (14, 128, 56)
MONO_INK: Colour = (0, 0, 0)

SUIT_INK = {"C": BLACK_INK, "D": RED_INK, "H": RED_INK, "S": BLACK_INK}
FOUR_COLOUR_INK = {"C": GREEN_INK, "D": BLUE_INK, "H": RED_INK, "S": BLACK_INK}


# --------------------------------------------------------------------------------------------
# Colours for one suit

HAIR_COLOURS = ("brown", "blonde", "raven", "auburn", "white")


@dataclass(frozen=True)
class Palette:
    ink: Colour  # pips, indices, outlines of hollow suits
    robe: Colour  # the cloak of the court figures, in the suit's colour
    tunic: Colour  # the garment under the cloak, one colour per suit
    jewel: Colour  # stones, velvet caps, the odd ribbon
    gold: Colour
    skin: Colour
    line: Colour  # outlines of court drawings
    panel: Colour  # background inside the court frame
    steel: Colour
    leaf: Colour
    lips: Colour
    wood: Colour
    pearl: Colour
    hair: dict[str, Colour]  # by name, one of HAIR_COLOURS


BLUE_CLOTH: Colour = (36, 74, 168)
CRIMSON_CLOTH: Colour = (150, 30, 40)
# The garment under the cloak differs by suit, never in the suit's own ink, and never red on a
# black suit: "no red on spades" is how players tell the colours apart at a glance.
TUNICS = {"S": BLUE_CLOTH, "H": (234, 192, 74), "D": (52, 122, 80), "C": (204, 146, 56)}


def suit_palette(suit: str, *, four_color: bool, mono: bool) -> Palette:
    if mono:
        red = suit in RED_SUITS
        # Red suits get a pale robe so the courts stay distinguishable without colour.
        return Palette(
            ink=MONO_INK,
            robe=(170, 170, 170) if red else (40, 40, 40),
            tunic=(110, 110, 110) if red else (150, 150, 150),
            jewel=(70, 70, 70) if red else (120, 120, 120),
            gold=(215, 215, 215),
            skin=(255, 255, 255),
            line=(0, 0, 0),
            panel=(255, 255, 255),
            steel=(200, 200, 200),
            leaf=(120, 120, 120),
            lips=(0, 0, 0),
            wood=(120, 120, 120),
            pearl=(255, 255, 255),
            hair=dict(
                zip(HAIR_COLOURS, [(90,) * 3, (165,) * 3, (45,) * 3, (120,) * 3, (225,) * 3])
            ),
        )
    ink = (FOUR_COLOUR_INK if four_color else SUIT_INK)[suit]
    # A pure black cloak swallows its own outlines and trim; charcoal keeps the folds readable.
    robe = (50, 52, 64) if ink == BLACK_INK else ink
    reddish = suit in RED_SUITS or ink == BLUE_INK
    return Palette(
        ink=ink,
        robe=robe,
        tunic=TUNICS[suit],
        jewel=CRIMSON_CLOTH if reddish else BLUE_CLOTH,
        gold=(226, 178, 52),
        skin=(250, 224, 200),
        line=(30, 26, 26),
        panel=(255, 251, 240),
        steel=(178, 186, 198),
        leaf=(58, 140, 70),
        lips=(200, 124, 112),
        wood=(150, 104, 52),
        pearl=(250, 250, 250),
        hair=dict(
            zip(
                HAIR_COLOURS,
                [(120, 78, 40), (214, 166, 72), (44, 40, 44), (176, 84, 40), (236, 234, 228)],
            )
        ),
    )
