"""Click-to-move, the play board's logic, driven without any widget."""

import pytest

from damlib import GERMAN, RUSSIAN, TURKISH, Position
from damlib.clicks import ClickToMove
from damlib.errors import DamlibError


def click(table: ClickToMove, *squares: str) -> None:
    for square in squares:
        table.click(square)


def test_a_piece_its_targets_and_a_step():
    table = ClickToMove(GERMAN)
    click(table, "c3")
    assert table.path == ["c3"] and table.targets == {"b4", "d4"}
    click(table, "d4")
    assert [str(m) for m in table.game.moves] == ["c3-d4"] and table.path == []
    assert table.headline == "Black to move — German draughts"


def test_a_refused_click_says_why_with_the_rule_and_changes_nothing():
    table = ClickToMove(Position.from_fen("W:We3,h2:Bd4,f4,b6,h8", GERMAN))
    click(table, "h2")
    assert "DE-MANDATORY" in table.message and table.path == []
    click(table, "e3", "g5")  # the shorter capture: DE-MAJORITY
    assert "DE-MAJORITY" in table.message and table.game.moves == () and table.path == ["e3"]


@pytest.mark.parametrize("square", [5, ["c3"], None, "z9", b"c3"])
def test_a_click_on_something_that_is_not_a_square_is_explained(square):
    table = ClickToMove(GERMAN)
    click(table, "c3")
    table.click(square)
    assert repr(square) in table.message and table.path == ["c3"] and table.game.moves == ()


def test_a_multi_jump_landing_by_landing():
    table = ClickToMove(Position.from_fen("W:Wb6:Bc7,e7", RUSSIAN))
    click(table, "b6", "d8")
    # crowned on d8, the man captures on as a king along the long diagonal (RU-PROMOTE)
    assert table.game.moves == () and table.targets == {"f6", "g5", "h4"}
    click(table, "h4")
    assert table.game.moves[0].path == ("b6", "d8", "h4")


def test_referee_mode_ending_a_capture_early_then_after_a_take_back_the_capture_must_be_right():
    # c3:e5:g7 takes d4 and f6; stopping on e5 is a capture mistake (DE-PENALTY)
    table = ClickToMove(Position.from_fen("W:Wc3:Bd4,f6,h8", GERMAN), referee=True)
    click(table, "c3", "e5")
    assert table.game.moves == () and table.can_end_here
    table.end_here()
    assert table.game.pending.move.path == ("c3", "e5")
    table.take_back()
    assert table.game.moves == () and table.game.pending is None
    click(table, "c3", "e5")
    assert not table.can_end_here  # no second mistake after a take-back (DE-PENALTY)
    table.end_here()
    assert table.message and "DE-" in table.message and table.game.moves == ()
    assert table.path == ["c3", "e5"]
    click(table, "g7")
    assert [str(m) for m in table.game.moves] == ["c3:e5:g7"]


def test_restart_returns_to_the_lesson_position_and_new_game_to_the_standard_start():
    lesson = Position.from_fen("W:We3:Bd4,f4,b6", GERMAN)
    table = ClickToMove(lesson)
    click(table, "e3", "a7")
    table.restart()
    assert table.game.position == lesson and table.game.moves == ()
    table.new_game()
    assert table.game.position == Position.start(GERMAN)
    table.new_game(TURKISH)
    assert table.game.position == Position.start(TURKISH)


def test_switching_the_computer_on_mid_selection_drops_the_stale_selection():
    table = ClickToMove(TURKISH, seconds=0.05)
    click(table, "a3")
    table.set_computer("white")
    assert len(table.game.moves) == 1 and table.path == []


def test_after_the_game_ends_a_click_says_so_once():
    table = ClickToMove(Position.from_fen("W:Wc3:Bd4", GERMAN))
    click(table, "c3", "e5")  # takes Black's last piece: White wins (DE-WIN)
    click(table, "e5")
    assert table.headline.startswith("White wins") and "DE-WIN" in table.headline
    assert "game is over" in table.message and "White wins" not in table.message


def test_the_computer_side_is_named_like_a_side_to_move():
    assert ClickToMove(GERMAN, computer="White", seconds=0.05).computer == "white"
    with pytest.raises(DamlibError, match="red"):
        ClickToMove(GERMAN, computer="red")
    table = ClickToMove(GERMAN)
    table.set_computer("purple")
    assert "purple" in table.message and table.computer is None
