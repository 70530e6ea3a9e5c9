"""The board editor's logic (damlib.play.editor), without widgets: clicks give the FEN worked out by
hand from docs/rules.md, and what the rules exclude is refused with the rule's ID."""

import pytest

from damlib import FenError, Position
from damlib.play.editor import Editor


def place(editor, tool, *squares):
    editor.tool = tool
    for square in squares:
        editor.click(square)


def test_clicks_set_up_a_position_and_its_fen_and_legal_moves_follow():
    editor = Editor("german")
    place(editor, "white man", "c3", "e1")
    place(editor, "black king", "d4")
    assert editor.fen == "W:We1,c3:BKd4"  # squares in the order a1, b1, …, h8
    # White must capture the king on d4 from c3 (DE-MANDATORY): the only legal move
    assert [str(m) for m in editor.legal_moves] == ["c3:e5"]
    editor.set_turn("black")
    assert editor.fen == "B:We1,c3:BKd4"
    assert editor.position == Position.from_fen("B:We1,c3:BKd4", "german")


def test_a_second_click_with_the_same_piece_takes_it_off_and_the_eraser_erases():
    editor = Editor("german")
    place(editor, "white man", "c3", "c3")
    assert editor.fen == "W:W:B" and "Took" in editor.message
    place(editor, "white man", "c3")
    place(editor, "black man", "c3")  # another piece replaces it
    assert editor.fen == "W:W:Bc3"
    place(editor, "eraser", "c3")
    assert editor.fen == "W:W:B"


@pytest.mark.parametrize("game, tool, square, rule", [
    ("german", "white man", "c4", "DE-BOARD"),  # c4 is not of a1's colour
    ("german", "white man", "h8", "DE-PROMOTE"),  # a man on its own last rank is a king
    ("german", "black man", "a1", "DE-PROMOTE"),
    ("russian", "black king", "b1", "DE-BOARD"),
    ("turkish", "white man", "d8", "TR-PROMOTE"),
    ("turkish", "white man", "a1", "TR-MAN-MOVE"),  # below rank 2, where no Turkish man can go back to
    ("turkish", "black man", "e8", "TR-MAN-MOVE"),
])
def test_what_the_rules_exclude_is_refused_with_the_rule_and_the_board_is_unchanged(game, tool, square, rule):
    editor = Editor(game)
    place(editor, "white king", "h2")
    place(editor, tool, square)
    assert editor.rule == rule and rule in editor.message and square in editor.message
    assert editor.fen == "W:WKh2:B"


def test_the_same_squares_are_fine_where_the_rules_allow_them():
    editor = Editor("turkish")
    place(editor, "white man", "c4")  # every square is used in Turkish (TR-BOARD)
    place(editor, "white king", "a1", "h8")
    place(editor, "black man", "a2")
    assert editor.rule is None and editor.fen == "W:Wc4,Ka1,Kh8:Ba2"


@pytest.mark.parametrize("game, most, rule", [("german", 12, "DE-START"), ("turkish", 16, "TR-START")])
def test_a_side_gets_no_more_pieces_than_it_starts_with(game, most, rule):
    editor = Editor(game)
    squares = list(Position.start(game).pieces)[: most + 1]  # playable squares, every one
    editor.tool = "white king"  # kings may stand anywhere the game is played
    for square in squares:
        editor.click(square)
    assert editor.rule == rule and f"at most {most}" in editor.message
    assert sum(v > 0 for v in editor.board) == most


def test_changing_the_game_explains_what_no_longer_fits_and_fixes_nothing():
    editor = Editor("turkish")
    place(editor, "white man", "c4", "d3")
    place(editor, "black man", "d5")
    editor.set_game("german")
    assert editor.fen == "W:Wd3,c4:Bd5"  # kept, not silently removed
    assert [(p.square, p.rule) for p in editor.problems] == [("d3", "DE-BOARD"), ("c4", "DE-BOARD"),
                                                             ("d5", "DE-BOARD")]
    assert editor.legal_moves == () and "exclude" in editor.status()
    with pytest.raises(FenError, match="DE-BOARD"):
        _ = editor.position
    editor.set_game("turkish")
    assert editor.problems == [] and editor.position.fen == "W:Wd3,c4:Bd5"


def test_start_clear_and_load():
    editor = Editor("german")
    editor.start()
    assert editor.fen == ("W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8")
    assert len(editor.legal_moves) == 7  # a3-b4, c3-b4, c3-d4, e3-d4, e3-f4, g3-f4, g3-h4
    editor.clear()
    assert editor.fen == "W:W:B" and "empty" in editor.status()
    editor.load("B:Wc3:BKd4")
    assert editor.fen == "B:Wc3:BKd4"
    editor.load("W:Wh8:B")  # refused as a position: the board stays
    assert editor.message.startswith("Not loaded") and "DE-PROMOTE" in editor.message
    assert editor.fen == "B:Wc3:BKd4"


def test_bad_squares_tools_and_sides_are_told_not_raised():
    editor = Editor("german")
    editor.click("z9")
    assert "square" in editor.message
    editor.tool = "queen"
    editor.click("c3")
    assert "Unknown tool" in editor.message and editor.fen == "W:W:B"
    editor.set_turn("green")
    assert "side to move" in editor.message and editor.white
    editor.set_game("chess")
    assert "unknown variant" in editor.message and editor.rules.name == "German"


def test_a_side_that_cannot_move_has_lost():
    editor = Editor("german", fen="W:Wa1:Bb2,c3")  # a1 is blocked: b2 is guarded by c3
    assert "has lost" in editor.status() and "DE-WIN" in editor.status()
