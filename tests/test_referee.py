"""explain(), capture stages and forbidden shorter captures: what the lessons show."""

import pytest

from damlib import GERMAN, RUSSIAN, TURKISH, Move, Piece, Position, explain
from damlib.errors import DamlibError, IllegalMoveError
from damlib.referee import capture_stages, shorter_captures


@pytest.mark.parametrize(
    "fen, variant, text, rule",
    [
        ("W:Wc3:Bh8", GERMAN, "c3-c5", "DE-MAN-MOVE"),   # wrong shape: along a file
        ("W:Wc3:Bh8", GERMAN, "c3-b2", "DE-MAN-MOVE"),   # backward
        ("W:Wc3:Bh8", GERMAN, "c3-e5", "DE-MAN-MOVE"),   # two squares, nothing to jump
        ("W:Wc3:Bh8", GERMAN, "c3-c3", "DE-MAN-MOVE"),   # going nowhere
        ("W:Wd4:Bc3,e5", GERMAN, "d4-c5", "DE-MANDATORY"),
        ("W:Wc3:Bd4,f6", GERMAN, "c3:e5", "DE-MANDATORY"),
        ("W:We3:Bd4,f4,b6", GERMAN, "e3:g5", "DE-MAJORITY"),
        ("W:WKa1:Bc3,f4,f2,b4", GERMAN, "a1:e5:g3:e1:a5", "DE-STRIKE"),
        ("W:WKa1:Bc3,d4", GERMAN, "a1:e5", "DE-KING"),   # two pieces in a row
        ("W:WKa1:Bh8", GERMAN, "a1-a2", "DE-BOARD"),
        ("W:Wb6:Bc7,e7", GERMAN, "b6:d8", "DE-PROMOTE-PASS"),
        ("W:Wb6:Bc7,e7", RUSSIAN, "b6:d8", "RU-PROMOTE"),
        ("W:Wd4:Bd3,h8", TURKISH, "d4:d2", "TR-MAN-CAPTURE"),  # backward capture
        ("W:WKd4:Bh8", TURKISH, "d4-f6", "TR-KING"),
        ("W:Wd6:Bd7,b8", TURKISH, "d6:d8", "TR-PROMOTE"),
        ("W:Wa2,h2:Ba3,a5,h3", TURKISH, "h2:h4", "TR-MAJORITY"),
    ],
)
def test_explain_names_the_rule_that_forbids_a_move(fen, variant, text, rule):
    pos = Position.from_fen(fen, variant)
    with pytest.raises(IllegalMoveError) as error:
        pos.play(text)
    assert error.value.rule == rule
    assert explain(pos, text) == str(error.value)
    assert str(error.value).startswith(f"{text} is not allowed ({rule}): ")
    assert pos == Position.from_fen(fen, variant)  # nothing changed


def test_explain_describes_legal_moves():
    assert explain(Position.start(GERMAN), "c3-d4") == "c3-d4 is legal: the man moves to d4."
    assert explain(Position.from_fen("W:Wc7:Bh2", GERMAN), "c7-d8") == (
        "c7-d8 is legal: the man moves to d8 and becomes a king (DE-PROMOTE)."
    )
    assert "crowned on d8 and captures on as a king (TR-PROMOTE)" in explain(
        Position.from_fen("W:Wd6:Bd7,b8", TURKISH), "d6:d8:a8"
    )


def test_explain_answers_bad_text_in_words_instead_of_raising():
    assert "is not move text" in explain(Position.start(GERMAN), "hello")


def test_capture_stages_keep_jumped_pieces_in_german():
    move = Position.from_fen("W:Wb6:Bc7,e7,g7", GERMAN).legal_moves[0]
    stages = capture_stages(move)
    assert [s.path for s in stages] == [("b6",), ("b6", "d8"), ("b6", "d8", "f6"), ("b6", "d8", "f6", "h8")]
    assert [s.jumped for s in stages][-1] == ("c7", "e7", "g7")
    # mid-capture the jumped pieces are still on the board, blocking (DE-STRIKE)
    assert {"c7", "e7", "g7"} <= set(stages[2].position.pieces)
    assert stages[1].position.piece_at("d8") is Piece.WHITE_MAN  # passes d8 as a man
    assert stages[1].rule == "DE-PROMOTE-PASS" and stages[2].rule == "DE-STRIKE"
    assert stages[-1].rule == "DE-PROMOTE" and stages[-1].king
    assert stages[-1].position.pieces == {"h8": Piece.WHITE_KING}
    assert stages[-1].position._board == move.position.play(move)._board


def test_capture_stages_remove_at_once_in_turkish_and_crown_in_russian():
    stages = capture_stages(Position.from_fen("W:WKd4:Bd6,d2", TURKISH).parse_move("d4:d7:d1"))
    assert "d6" not in stages[1].position.pieces and "d2" in stages[1].position.pieces
    assert all(s.rule == "TR-REMOVE" for s in stages[1:])
    russian = capture_stages(Position.from_fen("W:Wb6:Bc7,e7", RUSSIAN).parse_move("b6:d8:h4"))
    assert russian[1].king and russian[1].rule == "RU-PROMOTE"
    assert russian[1].position.piece_at("d8") is Piece.WHITE_KING
    assert "c7" in russian[1].position.pieces  # Russian keeps the German strike


def test_capture_stages_need_the_position():
    with pytest.raises(DamlibError):
        capture_stages(Move(("c3", "e5"), ("d4",)))


def test_shorter_captures_are_the_ones_majority_forbids():
    assert shorter_captures(Position.from_fen("W:We3:Bd4,f4,b6", GERMAN)) == (Move(("e3", "g5"), ("f4",)),)
    assert shorter_captures(Position.from_fen("W:Wc3:Bd4", GERMAN)) == ()
    assert shorter_captures(Position.start(GERMAN)) == ()
