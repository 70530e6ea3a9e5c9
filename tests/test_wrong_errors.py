"""Wrong errors and silent no-ops (issue 41, items 11-13): the public calls raise damlib's errors
naming the bad part, a move box reads its text whole or refuses it, and what changes nothing
says so."""

from __future__ import annotations

import pytest

from damlib import Position
from damlib.engine.errors import DamlibError
from damlib.learn import STAGES
from damlib.play.clicks import ClickToMove
from damlib.play.search import analyse, best_move
from damlib.widgets.board import Board
from damlib.widgets.learn import Learn

START = Position.start("german")


@pytest.mark.parametrize(("call", "named"), [
    (lambda: best_move(START, history=[1, 2]), "history"),
    (lambda: best_move(START, history=None), "history"),
    (lambda: best_move(START, rng="x"), "rng"),
    (lambda: analyse(START, history="abc"), "history"),
    (lambda: analyse(START, every_move="yes"), "every_move"),
    (lambda: Learn(STAGES).choose_stage("Nope"), "no stage 'Nope'"),
    (lambda: Learn(STAGES).sign_in(None), "learner's name"),
    (lambda: Learn(STAGES).sign_in(5), "learner's name"),
    (lambda: Learn(STAGES, learner=5), "learner's name"),
])
def test_a_bad_argument_raises_a_damlib_error_naming_it(call, named):
    with pytest.raises(DamlibError, match=named):
        call()


def test_the_move_box_refuses_text_too_long_rather_than_cutting_it():
    learn = Learn(STAGES["German"][:1])
    solution = learn.level.solution[0]
    learn.typed.value = solution + " " * 95 + "garbage"  # cut at 100, it was the solution
    assert not learn.done and learn.attempt.game.moves == ()
    assert "a move is at most 100 characters, and this text has" in learn.feedback.value
    learn.typed.value = solution
    assert learn.done


def test_undo_of_only_the_computers_opening_move_says_so_and_changes_nothing():
    board = ClickToMove("german", computer="white", level="beginner")
    (opening,) = board.game.moves
    board.undo()
    assert board.game.moves == (opening,) and "Nothing of yours to undo" in board.message


@pytest.mark.parametrize("square", ["C3", " c3", "c3 "])
def test_a_square_from_the_browser_is_read_as_a_click_in_python_reads_it(square):
    clicked = []
    board = Board(on_click=clicked.append)
    board._message(None, {"event": "click", "square": square}, None)
    board._message(None, {"event": "drag", "from": square, "to": "D4"}, None)
    assert clicked == ["c3", "c3", "d4"]
    board._message(None, {"event": "click", "square": "z9"}, None)  # no square: ignored, never raised
    assert clicked == ["c3", "c3", "d4"]
