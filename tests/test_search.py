"""The computer opponent: legal, sensible choices."""

import random
import time

import pytest
from conftest import raises

from damlib import GERMAN, TURKISH, Game, Position
from damlib.engine.errors import DamlibError, GameOverError
from damlib.play.clicks import ClickToMove
from damlib.search import STRENGTHS, analyse, best_move, strength_of


def test_takes_the_free_piece_and_avoids_giving_one_away():
    assert str(best_move(Position.from_fen("W:Wc3,g3:Bd4,h8", GERMAN))) == "c3:e5"
    # e3-f4 would hand Black g5:e3; the other steps lose nothing
    choice = best_move(Position.from_fen("W:We3,a1:Bg5,h8", GERMAN), max_depth=3)
    assert str(choice) != "e3-f4"


def test_finds_a_sacrifice_that_wins():
    # d4-c5 forces b6:d4, and c3:e5 then takes Black's last piece.
    pos = Position.from_fen("W:Wb2,c3,d4:Bb6", GERMAN)
    after = pos.play(best_move(pos, max_depth=4))

    def white_wins_next(reply):
        then = after.play(reply)
        return any(Game(then.play(m)).result for m in then.legal_moves)

    assert after.legal_moves and all(white_wins_next(r) for r in after.legal_moves)


@pytest.mark.parametrize("variant", ["german", "russian", "turkish"])
def test_always_returns_a_legal_move(variant):
    game, rng = Game(variant), random.Random(7)
    for _ in range(30):
        if game.result:
            break
        if rng.random() < 0.5:
            move = best_move(game.position, max_depth=2, seconds=0.05)
            assert move in game.position.legal_moves
        else:  # random moves (not checked: they are legal by choice) vary the positions
            move = rng.choice(game.legal_moves)
        game.play(move)


def test_no_move_to_choose_is_an_error():
    # the man on a7 is hemmed in (by kings on rank 8, where no Black man can stand:
    # TR-MAN-MOVE): White cannot move and has lost (TR-WIN)
    err = raises(GameOverError, lambda: best_move(Position.from_fen("W:Wa7:BKa8,b7,Kb8,c7", TURKISH)))
    assert err.rule == "TR-WIN"


# -- levels ------------------------------------------------------------------------------

WORST = {  # positions where one move has thousands of capture routes (TR-REMOVE, TR-KING)
    "black king c4": "W:Wb7,g7,a6,e6,h6,c5,f5,b4,d4,g4,a3,c3,e3,h3,b2,f2:BKc4",
    "white king d1": "W:WKd1:Bd2,e2,c3,f3,c4,e4,g4,a5,b5,d5,f5,h5,c6,e6,c7,g7",
}


def test_the_levels_go_from_beginner_to_strong_within_a_second():
    assert list(STRENGTHS) == ["beginner", "club", "strong"]
    assert all(level.seconds <= 1 for level in STRENGTHS.values())
    assert STRENGTHS["beginner"].max_depth < STRENGTHS["club"].max_depth < STRENGTHS["strong"].max_depth
    assert strength_of(" Strong ") is STRENGTHS["strong"]
    err = raises(DamlibError, lambda: strength_of("grandmaster"))
    assert "grandmaster" in str(err) and "beginner" in str(err)


@pytest.mark.parametrize("level", list(STRENGTHS))
@pytest.mark.parametrize("variant", ["german", "russian", "turkish"])
def test_every_level_plays_only_legal_moves(level, variant):
    game, rng = Game(variant), random.Random(11)
    for _ in range(16):
        if game.result:
            break
        move = best_move(game.position, seconds=0.03, level=level, history=game.positions, rng=rng)
        assert move in game.position.legal_moves
        game.play(move)


def test_the_beginner_slips_but_never_into_a_lost_game():
    # e3-f4 lets g5 jump it and land on e3 (DE-MAN-CAPTURE): White would have no piece (DE-WIN);
    # e3-d4 is safe. Whatever the beginner's luck, it never plays e3-f4.
    lost = Position.from_fen("W:We3:Bg5,h8", GERMAN)
    assert {str(best_move(lost, level="beginner", rng=random.Random(seed))) for seed in range(12)} == {"e3-d4"}
    # from the start every move is about as good: the beginner varies, the strong level does not
    start = Position.start(GERMAN)
    beginner = {best_move(start, level="beginner", rng=random.Random(seed)) for seed in range(12)}
    strong = {best_move(start, level="strong", max_depth=3) for _ in range(2)}
    assert len(beginner) > 1 and len(strong) == 1


@pytest.mark.parametrize("level", list(STRENGTHS))
@pytest.mark.parametrize("name", list(WORST))
def test_the_time_limit_holds_on_the_worst_positions(level, name):
    # A generous bound: what is timed is that the search stops at all, not how fast the machine is
    # (benchmarks/worst_cases.py measures the times).
    position = Position.from_fen(WORST[name], TURKISH)
    moves = position.legal_moves
    started = time.perf_counter()
    assert best_move(position, level=level) in moves
    assert time.perf_counter() - started < STRENGTHS[level].seconds + 2


def test_a_node_budget_stops_the_search():
    analysis, _ = analyse(Position.start(TURKISH), seconds=30, max_nodes=500)
    assert analysis.nodes <= 501 and analysis.move in Position.start(TURKISH).legal_moves


def test_a_forced_win_is_found_and_reported():
    # d4-c5 b6:d4 c3:e5 (test_finds_a_sacrifice_that_wins): Black has no piece left (DE-WIN)
    analysis, _ = analyse(Position.from_fen("W:Wb2,c3,d4:Bb6", GERMAN), max_depth=6)
    assert analysis.wins and str(analysis.move) == "d4-c5"
    assert [str(m) for m in analysis.line[:3]] == ["d4-c5", "b6:d4", "c3:e5"]


def test_a_position_of_the_game_is_not_sought_again_when_ahead():
    # Three kings against one, none on a line with another piece: nobody can capture. After
    # c1-d2 h8-g7 d2-c1 g7-h8 the start is back; c1-d2 again would repeat a position of the game
    # (a step towards a draw, DE-DRAW), so it counts as a draw, and White, ahead, plays another move.
    game = Game(Position.from_fen("W:WKc1,Ke1,Kg1:BKh8", GERMAN))
    for move in ("c1-d2", "h8-g7", "d2-c1", "g7-h8"):
        game.play(move)
    assert game.position == game.positions[0]
    _, fresh = analyse(game.position, max_depth=3, every_move=True)
    _, seen = analyse(game.position, max_depth=3, history=game.positions, every_move=True)
    again = game.position.parse_move("c1-d2")
    assert fresh[again] > 0 and seen[again] == 0
    choice = best_move(game.position, max_depth=3, history=game.positions)
    assert choice != again and game.position.play(choice) not in game.positions


@pytest.mark.parametrize("fen, variant", [
    # two kings against a man still on its first rank: the man must come forward into their reach
    ("W:WKc3,Kf4:Bb8", "german"),
    ("W:WKc3,Kf4:Bb8", "russian"),
    ("W:WKa1,Kh1:Bd7", "turkish"),
])
def test_a_won_ending_is_converted(fen, variant):
    game = Game(Position.from_fen(fen, variant))
    while not game.result and len(game.moves) < 40:
        game.play(best_move(game.position, seconds=0.2, max_depth=8, history=game.positions))
    assert game.result is not None and game.result.winner == "white", game.position.fen


@pytest.mark.parametrize("seconds", [float("nan"), float("inf"), -1, 0, True, "2"])
def test_a_time_that_is_not_one_is_refused_not_searched_for_ever(seconds):
    # issue 26: best_move(seconds=nan) never returned
    position = Position.start("german")
    for search in (lambda: best_move(position, seconds=seconds), lambda: analyse(position, seconds=seconds),
                   lambda: ClickToMove("german", computer="black", seconds=seconds)):
        with pytest.raises(DamlibError, match="seconds"):
            search()


@pytest.mark.parametrize("position", [None, "W:Wc3:Bd4", 42])
def test_a_search_of_something_that_is_no_position_is_refused_by_name(position):
    with pytest.raises(DamlibError, match="Position"):
        best_move(position)
    with pytest.raises(DamlibError, match="Position"):
        analyse(position)
