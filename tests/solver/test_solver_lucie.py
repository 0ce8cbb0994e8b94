"""The La Belle Lucie solver: its solutions replay through the engine, its proofs hold."""

import random

import pytest
from helpers import engine_winnable, game_with, run_in_steps

from solitaire.model.cards import SUITS, Card
from solitaire.model.game import Game
from solitaire.model.games import make_rules
from solitaire.model.moves import MoveKind
from solitaire.model.state import State
from solitaire.solver.lucie import LucieSearch
from solitaire.solver.search import SOLVED, UNKNOWN, UNSOLVABLE
from solitaire.solver.solve import make_search

NO_RESHUFFLE = frozenset({MoveKind.REDEAL})
OPTION_SETS = [
    ("lucie", {}),
    ("merci", {}),
    ("merci", {"redeals": 0}),
    ("merci", {"redeals": None}),
    ("merci", {"mercis": 0}),
    ("merci", {"kings": True}),
    ("merci", {"move-once": False}),
    ("merci", {"auto": False}),
]

# Every card home but these; no fan is knotted, yet nothing can move: the king of spades
# waits for the queen, the queen for the three of hearts, the three for the two or the
# four, and both lie under the king.
STUCK = {
    "t1": "2H 4H KS",
    "t2": "QS 3H",
    "t3": "KH QH JH TH 9H 8H 7H 6H 5H",
    "fC": "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC",
    "fD": "AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
    "fH": "AH",
    "fS": "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS",
}


def replay(rules, state, moves) -> bool:
    game = Game(rules, 1)
    game.state = state.copy()
    for move in moves:
        game.play(move)
    return rules.is_won(game.state)


@pytest.mark.parametrize("game_id, options", OPTION_SETS)
def test_solutions_replay_to_a_win(game_id, options):
    rules = make_rules(game_id, **options)
    solved = 0
    for deal in (1, 4, 8):
        state = Game(rules, deal).state
        verdict = make_search(rules, state, max_positions=300_000).finish()
        assert verdict.status != UNKNOWN or options.get("redeals") == 0
        if verdict.status == SOLVED:
            solved += 1
            assert replay(rules, state, verdict.moves)
            kinds = {move.kind for move in verdict.moves}
            assert MoveKind.MOVE in kinds
    assert solved >= 1


def test_the_solver_is_registered_for_both_games():
    for game_id in ("lucie", "merci"):
        rules = make_rules(game_id)
        assert isinstance(make_search(rules, Game(rules, 5).state, max_positions=10), LucieSearch)


def test_a_stuck_position_is_proven_lost_and_a_merci_wins_it():
    lost = game_with("merci", STUCK, values={"redeals_used": 0}, redeals=0, mercis=0)
    verdict = LucieSearch(lost.rules, lost.state, max_positions=1000).finish()
    assert verdict.status == UNSOLVABLE
    saved = game_with("merci", STUCK, values={"redeals_used": 0}, redeals=0)
    verdict = LucieSearch(saved.rules, saved.state, max_positions=1000).finish()
    assert verdict.status == SOLVED and replay(saved.rules, saved.state, verdict.moves)
    assert verdict.moves[0].kind == MoveKind.MERCI


def test_the_draw_is_used_only_while_it_is_open():
    closed = game_with("lucie", STUCK, values={"redeals_used": 2, "draw_open": False})
    verdict = LucieSearch(closed.rules, closed.state, max_positions=1000).finish()
    assert verdict.status == UNSOLVABLE
    open_ = game_with("lucie", STUCK, values={"redeals_used": 2, "draw_open": True})
    verdict = LucieSearch(open_.rules, open_.state, max_positions=1000).finish()
    assert verdict.status == SOLVED and replay(open_.rules, open_.state, verdict.moves)


def test_a_knotted_final_deal_is_lost_at_once():
    game = game_with(
        "lucie", {"t1": "4S KS", "t2": "5H", "t3": "AS 2S 3S"}, values={"redeals_used": 2}
    )
    verdict = LucieSearch(game.rules, game.state, max_positions=1000).finish()
    assert verdict.status == UNSOLVABLE and verdict.positions < 5


def test_a_card_may_wait_for_its_parent_to_move_away_first():
    # The jack of spades lies under its parent, the queen; the queen goes onto the king,
    # then the jack follows it there. A dead-end test that missed this lost this deal.
    layout = {
        "t1": "KS JD 9S",
        "t2": "7S JS QS",
        "t3": "TS 2S TD",
        "t4": "QH 4S 3S",
        "t5": "KC KD",
        "t6": "KH AS 6S",
        "t7": "8S 9D",
        "t8": "8D QD",
        "t9": "JH 5S",
        "fC": "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC",
        "fD": "AD 2D 3D 4D 5D 6D 7D",
        "fH": "AH 2H 3H 4H 5H 6H 7H 8H 9H TH",
    }
    game = game_with("merci", layout, values={"redeals_used": 0}, redeals=0, mercis=0)
    verdict = LucieSearch(game.rules, game.state, max_positions=10_000).finish()
    assert verdict.status == SOLVED and replay(game.rules, game.state, verdict.moves)


def test_a_reshuffle_is_planned_when_the_layout_is_stuck():
    game = game_with("lucie", STUCK, values={"redeals_used": 1})
    verdict = LucieSearch(game.rules, game.state, max_positions=100_000).finish()
    assert verdict.status == SOLVED and replay(game.rules, game.state, verdict.moves)
    assert verdict.moves[0].kind == MoveKind.REDEAL
    hint = LucieSearch(game.rules, game.state, max_positions=1000, without=NO_RESHUFFLE)
    assert hint.finish().status == UNSOLVABLE


def small_position(rules, rng, low_rank: int) -> State:
    """Every card below ``low_rank`` home, the rest dealt at random into a few fans."""
    piles = rules.empty_piles()
    left = []
    for suit in SUITS:
        piles["f" + suit] = [Card(rank, suit) for rank in range(1, low_rank)]
        left += [Card(rank, suit) for rank in range(low_rank, 14)]
    rng.shuffle(left)
    for number, start in enumerate(range(0, len(left), 3)):
        piles[f"t{number + 1}"] = left[start : start + 3]
    values = {"deal": 1, "redeals_used": 0, "mercis_used": 0, "draw_open": False}
    values["moved"] = frozenset()
    return State(piles, values)


def engine_wins(rules, state, budget=400_000) -> bool:
    """Every legal move but reshuffles, every merci destination, through the engine."""
    return engine_winnable(rules, state, budget, skip=lambda move: move.kind == MoveKind.REDEAL)


@pytest.mark.parametrize(
    "options, low_rank",
    [
        ({"redeals": 0}, 10),
        ({"redeals": 0, "move-once": False}, 10),
        ({"redeals": 0, "kings": True}, 11),
        ({"redeals": 0, "auto": False, "mercis": 2}, 12),
        ({"redeals": 0, "mercis": 2}, 11),
    ],
)
def test_verdicts_match_an_exhaustive_engine_search(options, low_rank):
    rules = make_rules("merci", **options)
    rng = random.Random(7)
    outcomes = set()
    for _ in range(12):
        state = small_position(rules, rng, low_rank)
        verdict = LucieSearch(rules, state, max_positions=200_000).finish()
        assert verdict.status != UNKNOWN
        assert (verdict.status == SOLVED) == engine_wins(rules, state)
        if verdict.status == SOLVED:
            assert replay(rules, state, verdict.moves)
        outcomes.add(verdict.status)
    assert SOLVED in outcomes


def test_run_in_steps_reaches_the_verdict_of_finish():
    rules = make_rules("merci")
    state = Game(rules, 2).state
    whole = LucieSearch(rules, state, max_positions=300_000).finish()
    sliced = LucieSearch(rules, state, max_positions=300_000)
    verdict, _ = run_in_steps(sliced, 89)
    assert verdict.status == whole.status
    assert verdict.moves == whole.moves


def test_a_tiny_budget_gives_unknown():
    rules = make_rules("merci")
    state = Game(rules, 2).state
    verdict = LucieSearch(rules, state, max_positions=50).finish()
    assert verdict.status == UNKNOWN and verdict.moves == []


def test_a_reshuffle_may_come_before_a_build_that_lets_cards_go_home():
    """Merci deal 49 without mercis is won by reshuffling at a foundation state that a
    forced build (with automatic play home) would have skipped: it was once called lost."""
    rules = make_rules("merci", mercis=0)
    state = Game(rules, 49).state
    verdict = make_search(rules, state, max_positions=300_000).finish()
    assert verdict.status == SOLVED
    assert replay(rules, state, verdict.moves)


def test_the_quick_scan_finds_a_win_long_before_the_complete_search():
    """Merci deal 59: the complete search alone needs some 24,000 positions to find the
    win, the quick scan (forced builds alone, a few reshuffle points per layout) a few
    hundred; the two take turns, so the verdict comes within a small budget."""
    rules = make_rules("merci")
    state = Game(rules, 59).state
    verdict = LucieSearch(rules, state, max_positions=5000).finish()
    assert verdict.status == SOLVED and replay(rules, state, verdict.moves)
    alone = LucieSearch(rules, state, max_positions=5000)
    alone.search = alone._plan(alone._position(alone.state), 0, 0)
    assert alone.finish().status == UNKNOWN


def test_the_quick_scan_never_claims_a_defeat():
    """La Belle Lucie deal 131 is lost: the quick scan ends without a verdict of its own,
    and the defeat comes from the complete search."""
    rules = make_rules("lucie")
    state = Game(rules, 131).state
    quick = LucieSearch(rules, state, max_positions=300_000)
    quick.search = quick._quick_scan(quick._position(quick.state), 0)
    assert quick.finish().status == UNKNOWN
    assert LucieSearch(rules, state, max_positions=300_000).finish().status == UNSOLVABLE


def reference_hopeless(search, position) -> bool:
    """The dead-end test as first written (every card's full list of cards above it)."""
    piles, moved, found = position[0], position[2], position[1]
    above, where = {}, {}
    for index, pile in enumerate(piles):
        for height, code in enumerate(pile):
            above[code] = pile[height + 1 :]
            where[code] = index
    left = set()
    changed = True
    while changed:
        changed = False
        for code, over in above.items():
            if code in left or any(card not in left for card in over):
                continue
            suit, rank = code & 3, code >> 2
            home = all((low * 4 + suit) in left for low in range(found[suit] + 1, rank))
            parent = code + 4
            if not home and rank < 13 and not moved >> code & 1 and parent in where:
                home = code not in above[parent] and all(
                    card in left for card in above[parent] if card not in over
                )
            if home or (rank == 13 and search.kings_fill and not moved >> code & 1):
                left.add(code)
                changed = True
    return len(left) < len(above)


def reference_cycle(search, position) -> list | None:
    """The cycle test as first written."""
    piles, moved = position[0], position[2]
    present = 0
    for pile in piles:
        for code in pile:
            present |= 1 << code
    successors = {}
    for pile in piles:
        below = 0
        for height, code in enumerate(pile):
            after = [pile[height + 1]] if height + 1 < len(pile) else []
            rank = code >> 2
            if (
                (rank == 13 and not search.kings_fill)
                or (rank < 13 and below >> (code + 4) & 1)
                or moved >> code & 1
            ):
                lower = code - 4
                while lower >= 4 and present >> lower & 1:
                    after.append(lower)
                    lower -= 4
            successors[code] = after
            below |= 1 << code
    done, active = set(), set()
    for start, after in successors.items():
        if start in done:
            continue
        stack = [(start, iter(after))]
        active.add(start)
        while stack:
            code, following = stack[-1]
            nxt = next(following, None)
            if nxt is None:
                stack.pop()
                active.discard(code)
                done.add(code)
            elif nxt in active:
                codes = [entry[0] for entry in stack]
                return codes[codes.index(nxt) :]
            elif nxt not in done:
                active.add(nxt)
                stack.append((nxt, iter(successors[nxt])))
    return None


@pytest.mark.parametrize("options", [{}, {"kings": True}, {"move-once": False}])
def test_the_fast_dead_end_tests_agree_with_their_first_versions(options):
    rules = make_rules("merci", redeals=0, **options)
    rng = random.Random(11)
    hopeless = cycles = 0
    for trial in range(400):
        state = small_position(rules, rng, rng.randint(1, 11))
        search = LucieSearch(rules, state, max_positions=10)
        position = search._position(state)
        codes = [code for pile in position[0] for code in pile]
        moved = sum(1 << code for code in rng.sample(codes, rng.randint(0, 3)))
        position = position[:2] + (moved,) + position[3:]
        assert search._hopeless(position) == reference_hopeless(search, position)
        assert search._cycle(position) == reference_cycle(search, position)
        hopeless += search._hopeless(position)
        cycles += search._cycle(position) is not None
    assert 0 < hopeless < 400 and 0 < cycles < 400


def lifted(position, src, at):
    """The position with the card at ``at`` of fan ``src`` lifted into limbo."""
    piles = list(position[0])
    piles[src] = piles[src][:at] + piles[src][at + 1 :]
    piles[-1] = position[0][src][at : at + 1]
    return (tuple(piles),) + position[1:]


@pytest.mark.parametrize("options", [{}, {"kings": True}, {"move-once": False}])
def test_the_lifts_that_free_every_card_are_those_the_full_test_finds(options):
    # Before the last merci, the lifts tried are those after which the first version of
    # the dead-end test finds no card stuck; a lift of a card not stuck never is one.
    rules = make_rules("merci", redeals=0, **options)
    rng = random.Random(5)
    skipped = stuck_positions = freed = 0
    for trial in range(150):
        state = small_position(rules, rng, rng.randint(1, 9))
        search = LucieSearch(rules, state, max_positions=10)
        position = search._position(state)
        stuck = search._stuck(position[0], position[1], position[2])
        freeing = search._freeing_lifts(position, None)
        assert (freeing is None) == (not stuck) == (not reference_hopeless(search, position))
        for src, pile in enumerate(position[0]):
            for at, code in enumerate(pile):
                full = reference_hopeless(search, lifted(position, src, at))
                if not stuck:
                    assert not full  # lifting a card never makes one stuck
                    continue
                if not stuck >> code & 1:
                    assert full
                    skipped += 1
                assert (code in freeing) == (not full)
        stuck_positions += bool(stuck)
        freed += bool(freeing)
    assert skipped and stuck_positions and freed


@pytest.mark.parametrize("options", [{}, {"kings": True}, {"move-once": False}])
def test_a_move_never_adds_a_lift_that_frees_every_card(options):
    # So a position's freeing lifts bound those of the positions its moves reach (the
    # search passes them on as a hint): checked against the full test after every move.
    rules = make_rules("merci", redeals=0, **options)
    rng = random.Random(13)
    children = narrowed = 0
    for trial in range(120):
        state = small_position(rules, rng, rng.randint(1, 8))
        search = LucieSearch(rules, state, max_positions=10)
        position = search._position(state)
        before = search._freeing_lifts(position, None)
        tops = {pile[-1]: index for index, pile in enumerate(position[0]) if pile}
        moves = [child[1] for child in search._tableau_children(position, tops, 1, False)]
        for code, index in tops.items():
            if position[1][code & 3] == (code >> 2) - 1:
                moves.append(search._apply_home(position, index, code, 1))
        for after in moves:
            after_freeing = search._freeing_lifts(after, None)
            if before is not None:
                assert after_freeing is not None and after_freeing <= before
                assert search._freeing_lifts(after, before) == after_freeing
                narrowed += after_freeing != before
            children += 1
    assert children and narrowed


@pytest.mark.parametrize("options", [{}, {"kings": True}, {"move-once": False}])
def test_a_first_merci_leaves_only_the_lifts_its_pairs_name(options):
    # With two mercis left, the cards a merci of one card leaves to free every card by
    # a single lift are among those _pair_lifts names for it, wherever the merci puts
    # the card; a move never adds a pair, so a table passed on as a hint changes nothing.
    rules = make_rules("merci", redeals=0, mercis=2, **options)
    rng = random.Random(17)
    mercis = emptied = 0
    for trial in range(40):
        state = small_position(rules, rng, rng.randint(3, 8))
        search = LucieSearch(rules, state, max_positions=10)
        position = search._position(state)
        assert position[3] == 2
        pairs = search._pair_lifts(position, None)
        if pairs is None:
            continue
        for src, pile in enumerate(position[0][:18]):
            for at in range(len(pile) - 1):
                code = pile[at]
                for target in [-1] + list(range(18)):
                    if target == -1 and position[1][code & 3] != (code >> 2) - 1:
                        continue
                    if target >= 0 and not position[0][target] and code >> 2 < 13:
                        continue
                    after = search._merci(position, src, at, target)[1]
                    freeing = search._freeing_lifts(after, None)
                    if pairs[code] is not None:
                        assert freeing is not None and freeing <= pairs[code]
                    mercis += 1
                emptied += pairs[code] == frozenset()
        tops = {pile[-1]: index for index, pile in enumerate(position[0]) if pile}
        for _, after in search._tableau_children(position, tops, 2, False):
            table = search._pair_lifts(after, None)
            assert search._pair_lifts(after, pairs) == table
            for code, lifts in (table or {}).items():
                if code in pairs and pairs[code] is not None:
                    assert lifts is not None and lifts <= pairs[code]
    assert mercis and (emptied or options.get("kings"))


def test_two_cycles_no_single_merci_breaks_are_lost_at_once():
    # The hearts and spades wait for each other as in STUCK, and so do the diamonds and
    # clubs: one merci breaks one cycle, never both; two mercis win.
    layout = {
        "t1": "2H 4H KS",
        "t2": "QS 3H",
        "t3": "KH QH JH TH 9H 8H 7H 6H 5H",
        "t4": "2D 4D KC",
        "t5": "QC 3D",
        "t6": "KD QD JD TD 9D 8D 7D 6D 5D",
        "fC": "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC",
        "fD": "AD",
        "fH": "AH",
        "fS": "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS",
    }
    game = game_with("merci", layout, values={"redeals_used": 0}, redeals=0)
    verdict = LucieSearch(game.rules, game.state, max_positions=1000).finish()
    assert verdict.status == UNSOLVABLE and verdict.positions < 3
    assert not engine_wins(game.rules, game.state)
    two = game_with("merci", layout, values={"redeals_used": 0}, redeals=0, mercis=2)
    verdict = LucieSearch(two.rules, two.state, max_positions=10_000).finish()
    assert verdict.status == SOLVED and replay(two.rules, two.state, verdict.moves)


@pytest.mark.parametrize("options", [{}, {"move-once": False}])
def test_no_lift_freeing_every_card_means_lost(options):
    # With the last merci still in hand, a position where every lift leaves a card
    # stuck is lost: the engine agrees.
    rules = make_rules("merci", redeals=0, **options)
    rng = random.Random(3)
    lost = 0
    for trial in range(60):
        state = small_position(rules, rng, 10)
        search = LucieSearch(rules, state, max_positions=10)
        freeing = search._freeing_lifts(search._position(state), None)
        if freeing is not None and not freeing:
            assert not engine_wins(rules, state)
            lost += 1
    assert lost


def test_the_named_deal_of_the_issue_is_won_at_the_default_budget():
    """Merci deal 550171 without mercis: the complete search once spent its whole budget
    on one large layout after the first reshuffle (687 MB); reshuffling as soon as a
    layout reaches a foundation state finds the win some 66,000 positions in."""
    rules = make_rules("merci", mercis=0)
    state = Game(rules, 550171).state
    verdict = make_search(rules, state).finish()
    assert verdict.status == SOLVED and verdict.positions < 100_000
    assert replay(rules, state, verdict.moves)
