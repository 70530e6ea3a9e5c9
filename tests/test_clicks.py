"""Click-to-move, the play board's logic, driven without any widget."""

import pytest

from damlib import GERMAN, RUSSIAN, TURKISH, Piece, Position
from damlib.engine.errors import DamlibError
from damlib.play.clicks import ClickToMove


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
    click(table, "a5")  # an empty square no route of e3 reaches: nothing played, e3 still chosen
    assert table.game.moves == () and table.path == ["e3"]


def test_refused_clicks_from_the_start_say_why_and_a_second_click_drops_the_piece():
    table = ClickToMove(GERMAN)
    click(table, "c3", "c5")  # a man moves one square diagonally forward (DE-MAN-MOVE)
    assert table.game.moves == () and "DE-MAN-MOVE" in table.message
    click(table, "c3")  # the piece chosen, clicked again: chosen no more
    assert table.path == []
    click(table, "f6")  # Black's man, on White's turn
    assert "Black piece" in table.message and table.path == [] and table.game.moves == ()


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
    assert table.game.position.piece_at("h4") == Piece.WHITE_KING  # ends a king (RU-PROMOTE)


def test_a_capture_whose_routes_are_one_move_is_played_at_its_first_landing():
    # c3 circles d2, f2, f4 and d4 either way round and ends on c3 again: the same start, end and
    # pieces, so one move (docs/rules.md, "Moves that are the same move"), played by the route clicked
    table = ClickToMove(Position.from_fen("W:Wc3:Bd4,f4,f2,d2,h8", GERMAN))
    click(table, "c3")
    assert table.targets == {"e5", "e1"}
    click(table, "e1")
    assert [m.path for m in table.game.moves] == [("c3", "e1", "g3", "e5", "c3")]
    assert set(table.game.moves[0].captured) == {"d2", "f2", "f4", "d4"}


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


def test_in_referee_mode_a_clicked_step_that_ignores_a_capture_loses_a_turkish_game():
    # d4 can take d5 (TR-MANDATORY), so h2-h3 is a capture mistake, let through in referee mode;
    # in Turkish a capture mistake loses the game at once (TR-PENALTY)
    table = ClickToMove(Position.from_fen("W:Wd4,h2:Bd5,h7", TURKISH), referee=True)
    click(table, "h2", "h3")
    assert [str(m) for m in table.game.moves] == ["h2-h3"]
    assert table.game.result.winner == "black" and table.game.result.rule == "TR-PENALTY"
    assert "Black wins" in table.headline and "TR-PENALTY" in table.headline


def test_the_computer_takes_back_the_learners_capture_mistake():
    # h2-g3 ignores e3's capture (DE-MANDATORY); Black, the computer, chooses: take it back (DE-PENALTY)
    table = ClickToMove(Position.from_fen("W:We3,h2:Bd4,f4,b6,h8", GERMAN), referee=True, computer="black",
                        seconds=0.05)
    click(table, "h2", "g3")
    assert table.game.moves == () and table.game.pending is None
    assert "computer chose" in table.message and "DE-PENALTY" in table.message


def test_the_computer_answers_a_move_and_undo_takes_back_both():
    table = ClickToMove(GERMAN, computer="black", seconds=0.05)
    click(table, "c3", "d4")
    assert len(table.game.moves) == 2 and table.game.position.turn == "white"
    table.undo()  # back to White's turn, both moves taken back
    assert table.game.moves == ()
    assert len(ClickToMove(TURKISH, computer="white", seconds=0.05).game.moves) == 1  # White moves first


def test_a_computer_with_white_moves_again_after_an_undo():
    table = ClickToMove(GERMAN, computer="white", seconds=0.05)
    assert len(table.game.moves) == 1
    table.undo()  # its own move taken back: White to move, so the computer plays again
    assert len(table.game.moves) == 1 and table.game.position.turn == "black"


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
    click(table, "g7")  # off the move just played (a click on its squares changes nothing)
    assert table.headline.startswith("White wins") and "DE-WIN" in table.headline
    assert "game is over" in table.message and "White wins" not in table.message


def test_the_computer_side_is_named_like_a_side_to_move():
    assert ClickToMove(GERMAN, computer="White", seconds=0.05).computer == "white"
    with pytest.raises(DamlibError, match="red"):
        ClickToMove(GERMAN, computer="red")
    table = ClickToMove(GERMAN)
    table.set_computer("purple")
    assert "purple" in table.message and table.computer is None


def test_a_click_on_the_route_of_a_capture_the_board_finished_changes_nothing():
    # a5 jumps b6 onto c7; from c7 the man must jump d6 backward onto e5 (DE-MAN-CAPTURE,
    # DE-MANDATORY): the board plays a5:c7:e5 at c7, taking Black's last piece (DE-WIN)
    table = ClickToMove(Position.from_fen("W:Wa5:Bb6,d6", GERMAN))
    click(table, "a5", "c7")
    assert [str(m) for m in table.game.moves] == ["a5:c7:e5"] and table.headline.startswith("White wins")
    assert table.last_played == ("a5", "c7", "e5")
    click(table, "e5")  # the learner's next square of the route
    assert table.message == "" and table.path == [] and len(table.game.moves) == 1
    click(table, "h8")  # off the route: the game is still over
    assert "game is over" in table.message


def test_after_the_computer_replies_the_learners_own_route_is_still_clicked_quietly():
    # after a5:c7:e5 Black has only h8, whose one move is h8-g7; then White's e5 may step to d6 or f6
    table = ClickToMove(Position.from_fen("W:Wa5:Bb6,d6,h8", GERMAN), computer="black", seconds=0.05)
    click(table, "a5", "c7")
    assert [str(m) for m in table.game.moves] == ["a5:c7:e5", "h8-g7"]
    assert table.last_played == ("a5", "c7", "e5")
    click(table, "c7")  # a landing of the route the board finished: passed over
    assert table.message == "" and table.path == []
    click(table, "a5")  # the square the man left: empty now, and said so
    assert table.message == "There is no piece on a5." and table.path == []
    click(table, "e5")  # the man that moved may move again: the click chooses it
    assert table.path == ["e5"] and table.targets == {"d6", "f6"} and table.last_played == ()


def test_after_a_piece_that_may_not_move_the_next_square_is_the_move_meant_and_its_rule_stays():
    # b2 can take c3 (landing d4), so g3 may not step to h4 (DE-MANDATORY)
    table = ClickToMove(Position.from_fen("W:Wb2,g3:Bc3,a7", GERMAN))
    click(table, "g3")
    assert "DE-MANDATORY" in table.message and table.path == []
    click(table, "h4")
    said = table.message
    assert said.startswith("g3-h4 is not allowed (DE-MANDATORY)") and table.game.moves == ()
    click(table, "f4", "c3", "h4")  # an empty square, Black's man, the square again: no move begun
    assert table.message == said and table.path == [] and table.game.moves == ()
    click(table, "b2")  # choosing a piece starts afresh
    assert table.path == ["b2"] and table.message == ""
    click(table, "d4")
    assert [str(m) for m in table.game.moves] == ["b2:d4"]


def test_a_capture_clicked_that_may_not_be_played_is_written_with_a_colon():
    # h4 can jump g5 onto f6 and no further (1 piece), but e3:c5:a7 takes d4 and b6 (2): DE-MAJORITY
    table = ClickToMove(Position.from_fen("W:We3,h4:Bd4,b6,g5", GERMAN))
    click(table, "h4")
    assert "DE-MAJORITY" in table.message
    click(table, "f6")
    assert table.message.startswith("h4:f6 is not allowed (DE-MAJORITY)") and table.game.moves == ()
    # a piece chosen, then a jump that is no legal move's first: e3 over f4 onto g5 takes 1 of 2
    table = ClickToMove(Position.from_fen("W:We3,h2:Bd4,f4,b6,h8", GERMAN))
    click(table, "e3", "g5")
    assert table.message.startswith("e3:g5 is not allowed (DE-MAJORITY)") and table.path == ["e3"]


def test_another_own_piece_after_a_refused_one_starts_afresh_and_cancel_forgets_the_refused_piece():
    table = ClickToMove(Position.from_fen("W:We3,h4:Bd4,b6,g5", GERMAN))  # h4 may not take (DE-MAJORITY)
    click(table, "h4", "e3")
    assert table.path == ["e3"] and table.message == ""
    table.cancel()
    click(table, "h4")
    table.cancel()
    assert "DE-MAJORITY" in table.message  # cancelling keeps what was said
    click(table, "f6")  # no piece is refused any more: an ordinary click on an empty square
    assert table.message == "There is no piece on f6." and table.game.moves == ()


def test_a_capture_under_way_is_written_as_a_capture():
    # the king on a1 takes c3 landing on d4 or e5, then must go on over f6 (DE-MANDATORY)
    table = ClickToMove(Position.from_fen("W:WKa1:Bc3,f6,h2", GERMAN))
    click(table, "a1")
    assert table.headline.endswith("; chosen: a1")
    click(table, "e5")
    assert table.path == ["a1", "e5"] and table.headline.endswith("; chosen: a1:e5")


def test_a_hook_gets_the_move_the_clicks_complete_and_nothing_is_played():
    handed = []
    table = ClickToMove(GERMAN, on_move=handed.append)
    click(table, "c3", "d4")
    assert [str(m) for m in handed] == ["c3-d4"] and table.game.moves == ()


def test_a_practice_board_waits_for_every_landing_a_games_board_finishes_a_forced_capture():
    # W:Wa5:Bb6,d6: after a5 and c7 the man's only way on is over d6 to e5 (DE-MAN-CAPTURE)
    practice = ClickToMove(Position.from_fen("W:Wa5:Bb6,d6,h8", GERMAN), finish_captures=False)
    click(practice, "a5", "c7")
    assert practice.game.moves == () and practice.path == ["a5", "c7"] and practice.targets == {"e5"}
    click(practice, "e5")
    assert [str(m) for m in practice.game.moves] == ["a5:c7:e5"]
    game = ClickToMove(Position.from_fen("W:Wa5:Bb6,d6,h8", GERMAN))
    click(game, "a5", "c7")
    assert [str(m) for m in game.game.moves] == ["a5:c7:e5"]


def test_the_lessons_try_it_boards_are_practice_and_the_play_board_a_game():
    from damlib.widgets import PlayBoard

    assert not PlayBoard(GERMAN, fen="W:Wa5:Bb6,d6,h8", menus=False).table.finish_captures
    assert PlayBoard(GERMAN, fen="W:Wa5:Bb6,d6,h8").table.finish_captures
    assert not PlayBoard(GERMAN, finish_captures=False).table.finish_captures
