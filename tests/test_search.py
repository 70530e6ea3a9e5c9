"""The computer opponent: legal, sensible choices."""

import random

import pytest

from damlib import GERMAN, TURKISH, Game, Position
from damlib.errors import GameOverError
from damlib.search import best_move

from conftest import raises


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
