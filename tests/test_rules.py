"""One test (at least) per rule ID of docs/rules.md, each on a position built for it.

Each asserts the exact set of legal moves (``=K`` marks a move that crowns), so
breaking the rule in the generator breaks the test.
"""

import dataclasses

import pytest
from conftest import moves, playable_squares, raises, refused

from damlib import GERMAN, RUSSIAN, TURKISH, TURKISH_PUBLISHED, Game, Piece, Position, explain
from damlib.engine.errors import FenError, GameOverError, SquareError
from damlib.engine.squares import SQUARE_NAMES, parse_square


def test_DE_BOARD_play_is_on_the_32_squares_of_a1s_colour():
    playable = {s for s in SQUARE_NAMES if _is_playable(s, GERMAN)}
    assert playable == set(playable_squares(GERMAN)) and len(playable) == 32
    assert {"a1", "c1", "b2", "h8"} <= playable and not {"a2", "b1", "h7"} & playable
    with pytest.raises(SquareError, match="DE-BOARD"):
        parse_square("a2", GERMAN)
    # A king on an empty board reaches only squares of its own colour.
    assert moves("W:WKd4:Ba7", GERMAN) == {
        "d4-c3", "d4-b2", "d4-a1", "d4-e5", "d4-f6", "d4-g7", "d4-h8", "d4-c5", "d4-b6", "d4-e3", "d4-f2", "d4-g1",
    }


def _is_playable(square: str, rules) -> bool:
    try:
        parse_square(square, rules)
        return True
    except SquareError:
        return False


def test_DE_START_and_Russian_uses_it_too():
    """DE-START: twelve men each on ranks 1–3 and 6–8; Russian starts alike."""
    white = {"a1", "c1", "e1", "g1", "b2", "d2", "f2", "h2", "a3", "c3", "e3", "g3"}
    black = {"b6", "d6", "f6", "h6", "a7", "c7", "e7", "g7", "b8", "d8", "f8", "h8"}
    for variant in ("german", "russian"):
        pos = Position.start(variant)
        assert pos.turn == "white"
        assert {s for s, p in pos.pieces.items() if p is Piece.WHITE_MAN} == white
        assert {s for s, p in pos.pieces.items() if p is Piece.BLACK_MAN} == black
        assert len(pos.pieces) == 24
        # docs/rules.md: Russian keeps every DE-* rule and cites it by its DE-* ID
        assert pos.rules.rule_id("start") == "DE-START"


def test_DE_MAN_MOVE_one_square_diagonally_forward_only():
    assert moves("W:Wc3:Bh8", GERMAN) == {"c3-b4", "c3-d4"}
    assert moves("B:Wa1:Bd6", GERMAN) == {"d6-c5", "d6-e5"}
    assert moves("W:Wc3,d4:Bh8", GERMAN) == {"c3-b4", "d4-c5", "d4-e5"}


def test_DE_MAN_CAPTURE_forward_and_backward():
    """DE-MAN-CAPTURE: a man's short capture goes backward as well as forward."""
    assert moves("W:Wd4:Bc3", GERMAN) == {"d4:b2"}
    assert moves("W:Wd4:Be5,c3", GERMAN) == {"d4:f6", "d4:b2"}
    assert moves("B:We5:Bd6,h8", GERMAN) == {"d6:f4"}  # a Black man captures "backward" too: upward
    assert moves("B:Wc7:Bd6,h8", GERMAN) == {"d6:b8"}
    # a short capture jumps an adjacent opposing piece: not one's own, and not farther
    assert moves("W:Wc3,d4:Bh8", GERMAN) == {"c3-b4", "d4-c5", "d4-e5"}
    assert refused(Position.from_fen("W:Wc3,d4:Bh8", GERMAN).play, "c3:e5") == "DE-MAN-CAPTURE"
    assert moves("W:Wa3:Bb4,d6,h8", GERMAN) == {"a3:c5:e7"}
    assert refused(Position.from_fen("W:Wa3:Bb4,d6,h8", GERMAN).play, "a3:c5:f8") == "DE-MAN-CAPTURE"


def test_DE_KING_long_move_and_long_capture_on_diagonals():
    assert moves("W:WKa1:Bd4", GERMAN) == {"a1:e5", "a1:f6", "a1:g7", "a1:h8"}
    # a piece right behind the jumped one blocks the capture
    assert moves("W:WKa1,Kh8:Bd4,e5", GERMAN) == {
        "a1-b2", "a1-c3", "h8-g7", "h8-f6",
    }


def test_DE_MANDATORY_capture_and_jump_on():
    assert moves("W:Wc3,g3:Bd4", GERMAN) == {"c3:e5"}
    assert moves("W:Wc3:Bd4,f6", GERMAN) == {"c3:e5:g7"}
    assert refused(Position.from_fen("W:Wc3:Bd4,f6", GERMAN).play, "c3:e5") == "DE-MANDATORY"


def test_DE_MAJORITY_most_pieces_and_men_count_as_kings():
    assert moves("W:We3:Bd4,f4,b6", GERMAN) == {"e3:c5:a7"}
    assert moves("W:Wa3,g3:Bb4,b6,Kf4", GERMAN) == {"a3:c5:a7"}
    # one king is not worth more than one man: both single captures are allowed
    assert moves("W:Wa3,g3:Bb4,Kf4", GERMAN) == {"a3:c5", "g3:e5"}
    pos = Position.from_fen("W:We3:Bd4,f4,b6", GERMAN)
    assert refused(pos.play, "e3:g5") == "DE-MAJORITY"
    assert "takes 1 piece, but e3:c5:a7 takes 2" in explain(pos, "e3:g5")


def test_DE_STRIKE_jumped_pieces_block_until_the_end():
    pos = Position.from_fen("W:WKa1:Bc3,f4,f2,b4", GERMAN)
    assert moves(pos.fen, GERMAN) == {"a1:e5:g3:e1"}
    assert refused(pos.play, "a1:e5:g3:e1:a5") == "DE-STRIKE"


def test_DE_STRIKE_start_square_counts_as_empty_and_routes_are_one_move():
    pos = Position.from_fen("W:Wc3:Bd4,f4,f2,d2", GERMAN)
    assert moves(pos.fen, GERMAN) == {"c3:e5:g3:e1:c3"}
    assert len(pos.routes()) == 2
    assert pos.play("c3:e1:g3:e5:c3") == pos.play("c3:e5:g3:e1:c3")
    assert pos.parse_move("c3:e1:g3:e5:c3").path == ("c3", "e1", "g3", "e5", "c3")


def test_DE_PROMOTE_on_the_last_rank():
    assert moves("W:Wb6:Bc7,f6", GERMAN) == {"b6:d8=K"}
    assert moves("W:Wc7:Bh2", GERMAN) == {"c7-b8=K", "c7-d8=K"}
    assert Position.from_fen("W:Wc7:Bh2", GERMAN).play("c7-d8").piece_at("d8") is Piece.WHITE_KING
    assert moves("B:Wa7:Bb2", GERMAN) == {"b2-a1=K", "b2-c1=K"}


def test_DE_PROMOTE_PASS_man_jumps_on_and_stays_a_man():
    pos = Position.from_fen("W:Wb6:Bc7,e7", GERMAN)
    assert moves(pos.fen, GERMAN) == {"b6:d8:f6"}
    assert pos.play("b6:d8:f6").piece_at("f6") is Piece.WHITE_MAN
    assert refused(pos.play, "b6:d8") == "DE-PROMOTE-PASS"
    # ... unless the capture ends on the last rank again
    assert moves("W:Wb6:Bc7,e7,g7", GERMAN) == {"b6:d8:f6:h8=K"}


def test_DE_PENALTY_opponent_chooses_take_back_or_let_stand():
    game = Game(Position.from_fen("W:We3,h2:Bd4,f4,b6,h8", GERMAN), referee=True)
    game.play("e3:g5")  # takes 1 where 2 were possible
    assert game.pending and game.pending.rule == "DE-PENALTY"
    assert game.pending.offender == "white"
    assert refused(game.play, "h8-g7") == "DE-PENALTY"
    assert game.legal_moves == ()
    game.take_back()
    assert game.position.fen == "W:Wh2,e3:Bd4,f4,b6,h8" and game.pending is None
    assert [str(m) for m in game.legal_moves] == ["e3:c5:a7"]
    assert refused(game.play, "h2-g3") == "DE-MANDATORY"  # after a take-back the capture must be correct
    game = Game(Position.from_fen("W:We3,h2:Bd4,f4,b6,h8", GERMAN), referee=True)
    game.play("h2-g3")  # not capturing at all is also a capture mistake
    assert game.pending.move.path == ("h2", "g3")
    game.let_stand()
    assert game.pending is None and game.position.turn == "black"
    # without referee mode the same mistakes are refused
    strict = Game(Position.from_fen("W:We3,h2:Bd4,f4,b6,h8", GERMAN))
    assert refused(strict.play, "e3:g5") == "DE-MAJORITY"
    assert strict.moves == ()


def test_DE_WIN_no_pieces_or_no_moves():
    game = Game(Position.from_fen("W:Wc3:Bd4", GERMAN))
    assert game.result is None
    game.play("c3:e5")
    assert game.result.winner == "white" and game.result.rule == "DE-WIN"
    assert "no pieces" in game.result.reason
    blocked = Game(Position.from_fen("B:Wa1,c1:Bb2", GERMAN))
    assert blocked.result.winner == "white" and "cannot move" in blocked.result.reason
    assert blocked.result.rule == "DE-WIN"


@pytest.mark.parametrize(
    "variant, fen, shuffle, rule",
    [
        (GERMAN, "W:WKa1:BKb8", ["a1-b2", "b8-a7", "b2-a1", "a7-b8"], "DE-DRAW"),
        (RUSSIAN, "W:WKa1:BKb8", ["a1-b2", "b8-a7", "b2-a1", "a7-b8"], "DE-DRAW"),
        (TURKISH, "W:WKa1:BKh8", ["a1-a2", "h8-h7", "a2-a1", "h7-h8"], "TR-DRAW"),
    ],
)
def test_DE_DRAW_and_TR_DRAW_threefold_repetition(variant, fen, shuffle, rule):
    game = Game(Position.from_fen(fen, variant))
    for move in shuffle * 2:
        assert game.result is None
        game.play(move)
    assert game.result.winner is None and game.result.rule == rule
    game.undo()
    assert game.result is None


def test_RU_PROMOTE_crowned_mid_capture_and_captures_on_as_king():
    assert moves("W:Wb6:Bc7,f6", RUSSIAN) == {"b6:d8:g5=K", "b6:d8:h4=K"}
    assert moves("W:Wb6:Bc7,e7", RUSSIAN) == {"b6:d8:f6=K", "b6:d8:g5=K", "b6:d8:h4=K"}
    assert Position.from_fen("W:Wb6:Bc7,e7", RUSSIAN).play("b6:d8:h4").piece_at("h4") is Piece.WHITE_KING
    assert refused(Position.from_fen("W:Wb6:Bc7,e7", RUSSIAN).play, "b6:d8") == "RU-PROMOTE"


def test_RU_PROMOTE_is_the_only_difference_from_German():
    # (the one differing field: test_variants.py)
    assert RUSSIAN.majority  # the seed keeps the majority rule for Russian
    assert RUSSIAN.rule_id("promote-mid") == "RU-PROMOTE" and GERMAN.rule_id("promote-mid") == "DE-PROMOTE-PASS"


def test_TR_BOARD_all_64_squares_and_kings_on_ranks_and_files():
    assert {s for s in SQUARE_NAMES if _is_playable(s, TURKISH)} == set(playable_squares(TURKISH))
    assert len(playable_squares(TURKISH)) == 64
    assert len(moves("W:WKd4:Bh7", TURKISH)) == 14


def test_TR_START_16_men_each_on_ranks_2_3_and_6_7():
    pos = Position.start("turkish")
    white = {s for s, p in pos.pieces.items() if p is Piece.WHITE_MAN}
    black = {s for s, p in pos.pieces.items() if p is Piece.BLACK_MAN}
    assert white == {f + r for f in "abcdefgh" for r in "23"}
    assert black == {f + r for f in "abcdefgh" for r in "67"}
    assert pos.turn == "white"
    assert pos.rules.rule_id("start") == "TR-START"


def test_TR_MAN_MOVE_five_directions():
    assert moves("W:Wd4:Bh7", TURKISH) == {"d4-c4", "d4-e4", "d4-d5", "d4-c5", "d4-e5"}
    assert moves("B:Wa2:Bd5", TURKISH) == {"d5-c5", "d5-e5", "d5-d4", "d5-c4", "d5-e4"}


def test_TR_MAN_MOVE_no_man_behind_its_starting_ranks():
    """Men start on ranks 2–3 and 6–7 (TR-START) and never move backward (TR-MAN-MOVE,
    TR-MAN-CAPTURE), so no White man can reach rank 1 and no Black man rank 8: a
    position with one there is refused. A king may stand there."""
    for fen, square in (("W:Wa1:Bc7", "a1"), ("B:Wc2,Kb1,g1:Bh7", "g1"),
                        ("W:Wc2:Bh8", "h8"), ("B:Wc2:Bb7,Kb8,e8", "e8")):
        raises(FenError, lambda fen=fen: Position.from_fen(fen, TURKISH), square, "TR-MAN-MOVE", "K" + square)
    bottom = "\n".join(["." * 8] * 7 + ["w" + "." * 7])  # a White man on a1, drawn
    raises(FenError, lambda: Position.from_diagram(bottom, TURKISH), "a1", "TR-MAN-MOVE")
    kings = Position.from_fen("W:WKa1,c2:BKh8,b7", TURKISH)
    assert kings.piece_at("a1") is Piece.WHITE_KING and kings.piece_at("h8") is Piece.BLACK_KING
    # German men capture backward, and a1 is one of White's starting squares (DE-START)
    assert Position.from_fen("W:Wa1:Bh8", GERMAN).piece_at("a1") is Piece.WHITE_MAN


def test_TR_MAN_CAPTURE_same_five_directions_not_backward():
    assert moves("W:Wd4:Be5", TURKISH) == {"d4:f6"}
    assert moves("W:Wd4:Bc4", TURKISH) == {"d4:b4"}
    assert moves("W:Wd4:Bd5", TURKISH) == {"d4:d6"}
    # no backward captures: the men just step
    assert moves("W:Wd4:Bd3,c3", TURKISH) == {"d4-c4", "d4-e4", "d4-d5", "d4-c5", "d4-e5"}


def test_TR_KING_rook_lines_long_move_and_long_capture():
    assert moves("W:WKd4:Bh7", TURKISH) == (
        {f"d4-d{r}" for r in "1235678"} | {f"d4-{f}4" for f in "abcefgh"}
    )
    assert moves("W:WKd1:Bd5,h5", TURKISH) == {"d1:d6", "d1:d7", "d1:d8"}
    assert moves("W:WKa1:Bb2", TURKISH) == {f"a1-a{r}" for r in "2345678"} | {f"a1-{f}1" for f in "bcdefgh"}


def test_TR_MANDATORY():
    assert moves("W:Wd4,h2:Bd5", TURKISH) == {"d4:d6"}
    assert refused(Position.from_fen("W:Wd4,h2:Bd5", TURKISH).play, "h2-h3") == "TR-MANDATORY"


def test_TR_MAJORITY():
    assert moves("W:Wa2,h2:Ba3,a5,h3", TURKISH) == {"a2:a4:a6"}
    assert refused(Position.from_fen("W:Wa2,h2:Ba3,a5,h3", TURKISH).play, "h2:h4") == "TR-MAJORITY"


def test_TR_REMOVE_king_turns_back_over_emptied_squares():
    assert moves("W:WKd4:Bd6,d2", TURKISH) == {"d4:d7:d1", "d4:d1:d7", "d4:d1:d8"}
    pos = Position.from_fen("W:WKd4:Bd6,d2", TURKISH)
    assert pos.play("d4:d8:d1") == pos.play("d4:d7:d1")  # same move by two routes
    assert moves("W:WKa1:Ba3,c5,d4,b3", TURKISH) == {"a1:a5:d5:d3:a3"}


def test_TR_PROMOTE_crowned_at_once_and_captures_on_as_king():
    assert moves("W:Wd6:Bd7,Kb8", TURKISH) == {"d6:d8:a8=K"}
    assert moves("W:Wd6:Bd7,Ke8", TURKISH) == {"d6:d8:f8=K", "d6:d8:g8=K", "d6:d8:h8=K"}
    assert moves("W:Wd6:Bd7,d4", TURKISH) == {"d6:d8:d3=K", "d6:d8:d2=K", "d6:d8:d1=K"}
    assert moves("W:Wd7:Bh2", TURKISH) == {"d7-c7", "d7-e7", "d7-d8=K", "d7-c8=K", "d7-e8=K"}
    assert refused(Position.from_fen("W:Wd6:Bd7,Kb8", TURKISH).play, "d6:d8") == "TR-PROMOTE"


def test_TR_PENALTY_capture_mistake_loses_at_once():
    game = Game(Position.from_fen("W:Wa2,h2:Ba3,a5,h3,h7", TURKISH), referee=True)
    game.play("h2:h4")
    assert game.result.winner == "black" and game.result.rule == "TR-PENALTY"
    assert game.pending is None and game.legal_moves == ()
    over = raises(GameOverError, lambda: game.play("h7-g7"), "TR-PENALTY")  # the game is lost
    assert over.rule == "TR-PENALTY"
    game.undo()
    assert game.result is None
    # moves that break other rules are refused even in referee mode
    assert refused(game.play, "a2-b1") == "TR-MAN-MOVE" and game.moves == ()


def test_TR_WIN_no_pieces_or_no_moves():
    game = Game(Position.from_fen("W:Wd4:Bd5", TURKISH))
    game.play("d4:d6")
    assert game.result.winner == "white" and game.result.rule == "TR-WIN"
    # Turkish men never move backward: a White man on a7, hemmed in, cannot move
    # (the pieces on rank 8 are kings: no Black man stands there, TR-MAN-MOVE).
    stuck = Game(Position.from_fen("W:Wa7:BKa8,b7,Kb8,c7", TURKISH))
    assert stuck.legal_moves == ()
    assert stuck.result.winner == "black" and stuck.result.rule == "TR-WIN"
    assert "cannot move" in stuck.result.reason


def test_published_rules_are_expressible_as_data():
    # Turkish as published: no 180° turn for a king, and no diagonal men.
    assert moves("W:WKd4:Bd6,d2", TURKISH_PUBLISHED) == {"d4:d7", "d4:d8", "d4:d1"}
    assert moves("W:Wd6:Bd7,Ke8", TURKISH_PUBLISHED) == {"d6:d8:f8=K"}
    assert moves("W:Wd4:Be5,h7", TURKISH_PUBLISHED) == {"d4-c4", "d4-e4", "d4-d5"}
    # Russian as published lets the player choose any capture: one field off.
    free = dataclasses.replace(RUSSIAN, majority=False)
    assert moves("W:We3:Bd4,f4,b6", free) == {"e3:c5:a7", "e3:g5"}
