"""explain(), capture stages and forbidden shorter captures: what the lessons show."""


import pytest

from damlib import (
    GERMAN,
    RUSSIAN,
    TURKISH,
    Game,
    Move,
    Piece,
    Position,
    explain,
)
from damlib.engine.errors import (
    DamlibError,
    IllegalMoveError,
)
from damlib.exercises import Exercise
from damlib.play.referee import capture_stages, shorter_captures, why_piece_cannot_move

KING_AND_TWO = "W:WKd4:Bd6,d2"  # RULES.md's TR-REMOVE teaching position

# Which rule forbids a move, in explain() and in the error: test_bad_input.py, ILLEGAL.


def test_explain_describes_legal_moves():
    assert explain(Position.start(GERMAN), "c3-d4") == "c3-d4 is legal: the man moves to d4."
    assert explain(Position.from_fen("W:Wc7:Bh2", GERMAN), "c7-d8") == (
        "c7-d8 is legal: the man moves to d8 and becomes a king (DE-PROMOTE)."
    )
    assert "crowned on d8 and captures on as a king (TR-PROMOTE)" in explain(
        Position.from_fen("W:Wd6:Bd7,Kb8", TURKISH), "d6:d8:a8"
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


def test_a_piece_whose_capture_is_too_short_is_told_the_longest():
    # a5 can only take b6 (landing on c7, with nothing more to jump); e3 takes d4 and then b6
    pos = Position.from_fen("W:We3,a5:Bd4,f4,b6", GERMAN)
    assert why_piece_cannot_move(pos, "a5") == (
        "The man on a5 may not capture (DE-MAJORITY): a5:c7 takes 1 piece, but e3:c5:a7 takes 2"
        " — you must take the most.")



def test_refused_text_is_explained_by_the_capture_that_ends_on_its_last_square_the_second_time():
    # c4:c6:c8:a8 lands on a8 having jumped c5, c7, b8 and can go on; the capture that ends
    # there lands on it again: c4:c6:c8:a8:a2:h2:h8:a8, taking c5, c7, b8, a6, g2, h5, d8, each
    # gone at once (TR-REMOVE), so d8 alone stands between h8 and a8. That is seven pieces,
    # and a legal move takes ten (c4:c6:c8:g8:g4:a4:a8:h8:h2:f2:f4, for one)
    position = Position.from_fen("W:WKg3,Kc4,Kf6:BKa1,Kb1,Kg2,Kf3,Kf4,Kc5,Kg5,Kh5,Ka6,Kc7,Kb8,Kd8", TURKISH)
    assert position.legal_moves and {len(m.captured) for m in position.legal_moves} == {10}
    answer = explain(position, "c4:c6:a8")
    assert answer.startswith("c4:c6:a8 is not allowed (TR-MAJORITY): it takes 7 pieces, but "), answer
    assert answer.endswith(" takes 10 — you must take the most.")


@pytest.mark.parametrize("fen, rules, move, own", [
    # a4's rook-like king sees d4 (Black) and then g4 (White's own man) on rank 4: h4 is out of
    # reach because g4 is White's, not because two pieces stand in the way (TR-KING)
    ("W:WKa4,g4:Bd4,b5", TURKISH, "a4:h4", "g4"),
    # Black's king on e5 cannot go through its own man on c3 to b2 (DE-KING)
    ("B:WKa1:Bc3,Ke5,h8", GERMAN, "e5:b2", "c3"),
])
def test_a_king_blocked_by_its_own_piece_is_told_so(fen, rules, move, own):
    answer = explain(Position.from_fen(fen, rules), move)
    assert f"your own piece on {own} is in the way" in answer and "more than one piece" not in answer


# -- issue 8, defect 5: capture stages say what the removal rule does, and only where it matters -----


def test_turkish_capture_stages_never_say_the_jumped_pieces_leave_together():
    stages = capture_stages(Position.from_fen(KING_AND_TWO, TURKISH).parse_move("d4:d7:d1"))
    assert "d6 is removed at once" in stages[1].caption
    assert "both" not in stages[-1].caption and "together" not in stages[-1].caption
    assert "d2 leaves the board and the capture ends" in stages[-1].caption
    assert [s.rule for s in stages] == [None, "TR-REMOVE", "TR-REMOVE"]


def test_german_capture_stages_remove_all_jumped_pieces_at_the_end():
    # a1 jumps c3, f4, f2 (RULES.md's DE-STRIKE position): all three leave at the end
    stages = capture_stages(Position.from_fen("W:WKa1:Bc3,f4,f2,b4", GERMAN).legal_moves[0])
    assert "the 3 jumped pieces leave the board together" in stages[-1].caption
    assert stages[-1].rule == "DE-STRIKE"


@pytest.mark.parametrize("fen, variant, rule", [
    ("W:Wc3:Bd4", GERMAN, "DE-MAN-CAPTURE"),
    ("W:WKa1:Bc3", RUSSIAN, "DE-KING"),
    ("W:Wd4:Be5", TURKISH, "TR-MAN-CAPTURE"),
    ("W:WKd4:Bd6", TURKISH, "TR-KING"),
])
def test_a_single_jump_cites_the_capture_rule_not_the_removal_rule(fen, variant, rule):
    (stage,) = capture_stages(Position.from_fen(fen, variant).legal_moves[0])[1:]
    assert stage.rule == rule
    assert "removed at once" not in stage.caption and "stays on the board" not in stage.caption


# -- issue 8, defect 6: a man going over a piece is a capture attempt ----------------------------------


def test_a_man_jumping_too_far_breaks_the_capture_rule():
    pos = Position.from_fen("W:Wa3:Bc5,e7", GERMAN)  # a3 to d6 goes over c5: a capture attempt
    assert "(DE-MAN-CAPTURE)" in explain(pos, "a3:d6")
    with pytest.raises(IllegalMoveError) as info:
        pos.play("a3:d6")
    assert info.value.rule == "DE-MAN-CAPTURE"
    with pytest.raises(IllegalMoveError) as info:
        Position.from_fen("W:Wa3:Be7", GERMAN).play("a3-d6")  # nothing in between: a step too far
    assert info.value.rule == "DE-MAN-MOVE"


# -- issue 8, defect 7: shorthand that could also be a stop part-way -----------------------------------


def test_referee_reads_start_end_text_as_the_jump_it_names():
    # Legal: d4:d7:d1 (same as d4:d8:d1), d4:d1:d7, d4:d1:d8. "d4:d7" is also one jump over d6.
    game = Game(Position.from_fen(KING_AND_TWO, TURKISH), referee=True)
    played = game.play("d4:d7")
    assert (played.path, played.captured) == (("d4", "d7"), ("d6",))
    assert game.result.winner == "black" and game.result.rule == "TR-PENALTY"


def test_outside_referee_mode_start_end_text_is_the_legal_move():
    pos = Position.from_fen(KING_AND_TWO, TURKISH)
    assert Game(pos).play("d4:d7").path == ("d4", "d1", "d7")
    assert pos.parse_move("d4:d7").path == ("d4", "d1", "d7")  # longer than the text: shorthand
    with pytest.raises(IllegalMoveError) as info:
        pos.parse_move("d4:d7", literal=True)
    assert info.value.rule == "TR-MANDATORY"
    said = explain(pos, "d4:d7")
    assert said.startswith("d4:d7 stands for d4:d1:d7, which is legal") and "TR-MANDATORY" in said
    # shorthand whose squares are no route at all stands for the legal move in both readings
    german = Position.from_fen("W:Wc5,h2:Bd6,f6", GERMAN)  # c5:e7:g5 is the only capture
    assert german.parse_move("c5:g5", literal=True).path == ("c5", "e7", "g5")


def test_the_exercise_checker_reads_moves_as_written():
    task = Exercise(KING_AND_TWO, "turkish", "moves")
    assert task.check("d4:d7:d1, d4:d1:d7, d4:d1:d8").correct
    assert task.check("d4:d8:d1, d4:d1:d7, d4:d1:d8").correct  # the same move by another route
    verdict = task.check("d4:d7:d1, d4:d7, d4:d1:d8")
    assert not verdict.correct and "TR-MANDATORY" in verdict.text and "You missed d4:d1:d7" in verdict.text


# -- issue 8, defect 13, and issue 28: the rule's sentence follows as a sentence of its own -----------


def test_a_blocked_piece_is_explained_with_the_rules_own_sentence():
    # not glued on after a colon with its first letter lowered, which a language that capitalizes
    # nouns (German) could not translate
    why = why_piece_cannot_move(Position.from_fen("W:Wc3:Bb4,d4,a5,e5", GERMAN), "c3")
    assert why == ("The man on c3 is blocked (DE-MAN-MOVE). "
                   "A man moves one square diagonally forward to an empty square.")
