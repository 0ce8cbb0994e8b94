"""Grandfather's verdicts on KPatience's own deals, beside KPatience's solver:

    mkdir -p /tmp/kpat-deals && cd /tmp/kpat-deals
    QT_QPA_PLATFORM=offscreen kpat --generate --testdir /tmp/kpat-deals
    python bench/kpat_grandfather.py /tmp/kpat-deals

``kpat --generate`` deals 100 random games of each of its games, solves each with its own
solver and writes each as a saved game named GAME-SEED-RESULT (Grandfather's GAME is 1,
RESULT 1 where its solver won the deal, 0 where it answered "lost"; a deal it gave up on
is not written, as its printed verdicts show). This lays
each Grandfather deal out as KPatience dealt it (its seven columns, their face-down
cards), solves it with our search at the game's budget, replays each line found through
our engine to a win, and counts the deals by the two verdicts. KPatience is not part of
this project (``apt-get install kpat``).
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path
from xml.etree import ElementTree

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solitaire.model.cards import Card
from solitaire.model.game import Game
from solitaire.model.games import make_rules
from solitaire.model.moves import Status
from solitaire.model.state import State
from solitaire.solver.solve import make_search

GRANDFATHER = "1"  # KPatience's game number, the first part of a saved game's name
SUITS = "CDHS"  # KPatience's suits in its order: clubs, diamonds, hearts, spades
FIRST_COLUMN = 5  # KPatience's piles: 1-4 the foundations, 5-11 the columns


def laid_out(path: Path, rules) -> State:
    """The deal a KPatience saved game holds, as a state of our Grandfather."""
    piles, down = rules.empty_piles(), {}
    for pile in ElementTree.parse(path).getroot().iter("pile"):
        cards = list(pile.iter("card"))
        column = int(pile.get("index", "0")) - FIRST_COLUMN
        if not 0 <= column < len(rules.tableau):
            if cards:
                raise SystemExit(f"{path.name}: cards outside the columns: not a fresh deal")
            continue
        name = rules.tableau[column]
        piles[name] = [Card(int(card.get("value")), SUITS[int(card.get("suit"))]) for card in cards]
        face_down = sum(card.get("faceup") == "0" for card in cards)
        if face_down:
            down[name] = face_down
    return State(piles, {"deal": 0, "redeals_used": 0}, down)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", type=Path, help="the folder kpat --generate wrote")
    args = parser.parse_args()
    rules = make_rules("grandfather")
    counts: Counter = Counter()
    paths = sorted(args.folder.glob(f"{GRANDFATHER}-*-*"))
    if not paths:
        raise SystemExit(f"no Grandfather deals ({GRANDFATHER}-SEED-RESULT) in {args.folder}")
    for path in paths:
        theirs = "won" if path.name.endswith("-1") else "lost"
        state = laid_out(path, rules)
        verdict = make_search(rules, state).finish()
        ours = verdict.status.name.lower()
        if verdict.moves:
            game = Game(rules, 0)
            game.state = state
            for move in verdict.moves:
                game.play(move)
            if game.status() != Status.WON:
                raise SystemExit(f"{path.name}: our line does not replay to a win")
        counts[theirs, ours] += 1
        print(f"{path.name}: KPatience {theirs}, ours {ours}", flush=True)
    for (theirs, ours), count in sorted(counts.items()):
        print(f"KPatience {theirs}, ours {ours}: {count}")


if __name__ == "__main__":
    main()
