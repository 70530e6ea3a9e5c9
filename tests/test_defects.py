"""Regression tests for the defects of issue 8, one or more per defect.

Expected answers are worked by hand from RULES.md (the positions are small enough
to list every jump); the comments say how.
"""

from __future__ import annotations

import itertools
import random
import time

import pytest

from damlib import (
    GERMAN,
    RUSSIAN,
    TURKISH,
    TURKISH_PUBLISHED,
    Game,
    Move,
    Position,
    explain,
    movegen,
    perft,
    rule_table,
    rules,
)
from damlib.errors import (
    DamlibError,
    FenError,
    IllegalMoveError,
    MoveTextError,
    SquareError,
    VariantError,
)
from damlib.exercises import Exercise
from damlib.referee import capture_stages, why_piece_cannot_move
from damlib.squares import SQUARE_NAMES

KING_AND_TWO = "W:WKd4:Bd6,d2"  # RULES.md's TR-REMOVE teaching position


# -- 4: wrong values and types give damlib errors naming the bad part ------------------


@pytest.mark.parametrize("make, exc, names", [
    (lambda: Move(()), MoveTextError, ["()"]),
    (lambda: Move(("c3",)), MoveTextError, ["('c3',)"]),
    (lambda: Move(None), MoveTextError, ["path", "None"]),
    (lambda: Move(5), MoveTextError, ["path", "5"]),
    (lambda: Move("c3-d4"), MoveTextError, ["path", "'c3-d4'"]),
    (lambda: Move(("c3", "d4"), None), MoveTextError, ["captured", "None"]),
    (lambda: Move(("c3", "z9")), SquareError, ["path", "'z9'"]),
    (lambda: Move(("c3", "e5", "g7"), ("d4",)), MoveTextError, ["2 landings", "1 captured"]),
    (lambda: Move(("c3", "d4"), (), "yes"), DamlibError, ["promotes", "'yes'"]),
    (lambda: Move(("c3", "d4"), (), False, "W:Wc3:Bd4"), DamlibError, ["position", "W:Wc3:Bd4"]),
    (lambda: explain(None, "c3-d4"), DamlibError, ["Position", "None"]),
    (lambda: Position.from_fen(5, GERMAN), FenError, ["must be text", "not 5"]),
    (lambda: Position.from_fen(b"W:Wc3:Bd4", GERMAN), FenError, ["must be text", "b'W:Wc3:Bd4'"]),
    (lambda: Position.from_fen("W:Wc3:Bd4" + ",h8" * 1000, GERMAN), FenError, ["too long"]),
    (lambda: Position.from_diagram(None, GERMAN), FenError, ["must be text", "None"]),
    (lambda: Position.from_diagram(".", GERMAN, turn=5), FenError, ["8 lines"]),
    (lambda: Position.from_diagram("\n".join(["." * 8] * 8), GERMAN, turn=None), FenError, ["side to move", "None"]),
    (lambda: Game(5), VariantError, ["5"]),
    (lambda: Game(None), VariantError, ["None"]),
    (lambda: Game("german", referee="yes"), DamlibError, ["referee", "'yes'"]),
    (lambda: Game().play(None), MoveTextError, ["None"]),
    (lambda: Game().play(5), MoveTextError, ["5"]),
    (lambda: Game(referee=True).play(5), MoveTextError, ["5"]),
    (lambda: Position.start(GERMAN).play(None), MoveTextError, ["None"]),
    (lambda: Position.start(GERMAN).parse_move("c3-d4", literal="no"), DamlibError, ["literal"]),
    (lambda: Position.start(GERMAN).piece_at(5), SquareError, ["5"]),
    (lambda: rules(None), VariantError, ["None"]),
    (lambda: rules(5), VariantError, ["5"]),
    (lambda: rule_table("polish"), VariantError, ["polish"]),
    (lambda: perft(None, 1), DamlibError, ["None"]),
    (lambda: perft(Position.start(GERMAN), "2"), DamlibError, ["depth", "'2'"]),
    (lambda: Position.start(GERMAN).play("c3-d4" * 100), MoveTextError, ["500 characters", "too long"]),
])
def test_bad_values_raise_damlib_errors_naming_them(make, exc, names):
    with pytest.raises(DamlibError) as info:
        make()
    assert isinstance(info.value, exc), f"{type(info.value).__name__}: {info.value}"
    for name in names:
        assert name in str(info.value), f"{name!r} not in {info.value}"


def test_a_huge_bad_value_gives_a_short_message():
    with pytest.raises(DamlibError) as info:
        Move(("c3", "x" * 100_000))
    assert len(str(info.value)) < 300


def test_good_moves_built_by_hand_still_work():
    move = Move(["C3", "d4"])  # a list and any case: the squares are what count
    assert move.path == ("c3", "d4") and move in Position.start(GERMAN).legal_moves
    assert Game().play(move) == move
    assert hash(Move(("e3", "c5", "a7"), ("d4", "b6"))) == hash(Move(("e3", "c5", "a7"), ["b6", "d4"]))


def test_rule_table_accepts_names_too():
    assert rule_table("german", "turkish") == rule_table(GERMAN, TURKISH)


# -- 5: capture stages say what the removal rule does, and only where it matters -----


def test_turkish_capture_stages_never_say_the_jumped_pieces_leave_together():
    stages = capture_stages(Position.from_fen(KING_AND_TWO, TURKISH).parse_move("d4:d7:d1"))
    assert "d6 is removed at once" in stages[1].caption
    assert "both" not in stages[-1].caption and "together" not in stages[-1].caption
    assert "d2 leaves the board and the capture ends" in stages[-1].caption
    assert [s.rule for s in stages] == [None, "TR-REMOVE", "TR-REMOVE"]


def test_german_capture_stages_remove_all_jumped_pieces_at_the_end():
    # a1 jumps c3, f4, f2 (RULES.md's DE-STRIKE position): all three leave at the end
    stages = capture_stages(Position.from_fen("W:WKa1:Bc3,f4,f2,b4", GERMAN).legal_moves[0])
    assert "all 3 jumped pieces leave the board together" in stages[-1].caption
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


# -- 6: a man going over a piece is a capture attempt ----------------------------------


def test_a_man_jumping_too_far_breaks_the_capture_rule():
    pos = Position.from_fen("W:Wa3:Bc5,e7", GERMAN)  # a3 to d6 goes over c5: a capture attempt
    assert "(DE-MAN-CAPTURE)" in explain(pos, "a3:d6")
    with pytest.raises(IllegalMoveError) as info:
        pos.play("a3:d6")
    assert info.value.rule == "DE-MAN-CAPTURE"
    with pytest.raises(IllegalMoveError) as info:
        Position.from_fen("W:Wa3:Be7", GERMAN).play("a3-d6")  # nothing in between: a step too far
    assert info.value.rule == "DE-MAN-MOVE"


# -- 7: shorthand that could also be a stop part-way -----------------------------------


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


# -- 8: referee mode records the move that was named ------------------------------------


def test_referee_records_a_backward_jump_stopped_early():
    # Only legal move: g5:e7:c5:e3:g5 (f6, d6, d4, f4), also routed g5:e3:c5:e7:g5.
    fen = "W:Wa1,c1,e1,b2,d2,f2,h2,a3,g5:Bd4,f4,d6,f6,h6,a7,b8,d8,f8,h8"
    game = Game(Position.from_fen(fen, GERMAN), referee=True)
    played = game.play("g5:e3")
    assert (played.path, played.captured) == (("g5", "e3"), ("f4",))
    assert game.pending.rule == "DE-PENALTY" and game.pending.move == played
    game.let_stand()
    assert {"f6", "d6", "d4"} <= set(game.position.pieces) and "f4" not in game.position.pieces


def test_referee_records_a_quiet_step_as_a_step():
    # The king on g8 must capture (g6 lies on its file); g8-e8 along rank 8 is a step.
    game = Game(Position.from_fen("W:WKg8:Bf4,d5,g6,e7", TURKISH), referee=True)
    played = game.play("g8-e8")
    assert (played.path, played.captured) == (("g8", "e8"), ())
    assert game.result.winner == "black" and len(game.position.pieces) == 5


def _jumped(board: tuple[int, ...], path: tuple[int, ...], remove_at_once: bool) -> list[int]:
    """The piece each jump of ``path`` goes over: the one occupied square strictly between
    its two ends, skipping squares already emptied in this capture (TR-REMOVE)."""
    taken: list[int] = []
    for here, there in itertools.pairwise(path):
        df, dr = there % 8 - here % 8, there // 8 - here // 8
        n = max(abs(df), abs(dr))
        unit = df // n + 8 * (dr // n)
        between = [here + unit * k for k in range(1, n)]
        over = [s for s in between if board[s] and s != path[0] and not (remove_at_once and s in taken)]
        assert len(over) == 1, (path, over)
        taken.append(over[0])
    return taken


def _random_position(rnd: random.Random, variant) -> Position:
    """A random position reached by random play from the start, so that it can arise."""
    pos = Position.start(variant)
    for _ in range(rnd.randrange(4, 40)):
        if not pos.legal_moves:
            break
        pos = pos.play(rnd.choice(pos.legal_moves))
    return pos


@pytest.mark.parametrize("variant", [GERMAN, RUSSIAN, TURKISH, TURKISH_PUBLISHED])
def test_referee_records_exactly_the_route_named(variant):
    rnd = random.Random(8)
    checked = 0
    for _ in range(25):
        pos = _random_position(rnd, variant)
        gen = movegen.generator(variant, pos._white)
        routes = gen.captures(pos._board, partial=True) + gen.steps(pos._board, gen.own_squares(pos._board))
        for path, _captured, _promotes in routes:
            named = [SQUARE_NAMES[s] for s in path]
            jumped = _jumped(pos._board, path, variant.remove_at_once) if _captured else []
            text = (":" if jumped else "-").join(named)
            game = Game(pos, referee=True)
            played = game.play(text)
            assert played.path == tuple(named), text
            assert played.captured == tuple(SQUARE_NAMES[s] for s in jumped), text
            assert Game(pos, referee=True).play(Move(played.path, played.captured)).path == played.path
            checked += 1
    assert checked > 200


# -- 9: a side without pieces has lost, whoever is to move; an empty board has no game --


@pytest.mark.parametrize("fen, winner", [("W:Wc3:B", "white"), ("B:Wc3:B", "white"), ("W:W:Bb8", "black")])
def test_a_side_without_pieces_has_lost(fen, winner):
    game = Game(Position.from_fen(fen, GERMAN))
    assert game.result.winner == winner and game.result.rule == "DE-WIN" and game.legal_moves == ()
    with pytest.raises(DamlibError):
        game.play("c3-d4")


def test_a_game_needs_pieces():
    with pytest.raises(DamlibError, match="no"):
        Game(Position.from_fen("W:W:B", GERMAN))


# -- 10: broken exercises are refused when made; empty answers are not answers --------


@pytest.mark.parametrize("args, exc", [
    (("nonsense", "german", "moves"), FenError),
    (("W:Wc3:Bd4", "polish", "moves"), VariantError),
    (("W:Wc3:Bd4", "german", ["moves"]), DamlibError),
    (("W:Wc3:Bd4", "german", "crown", ""), MoveTextError),
    (("W:Wd6:Bd7,Kb8", "turkish", "crown", "d6:d8"), IllegalMoveError),  # stops part-way
    (("W:W:B", "german", "winner"), DamlibError),
])
def test_broken_exercises_are_refused_when_made(args, exc):
    with pytest.raises(exc):
        Exercise(*args)


@pytest.mark.parametrize("answer", ["", "   ", None, 5])
def test_an_empty_answer_is_not_an_answer(answer):
    for kind, move in (("moves", None), ("most", None), ("crown", "b6:d8:f6")):
        verdict = Exercise("W:Wb6:Bc7,e7", "german", kind, move).check(answer)
        assert not verdict.correct and verdict.text.startswith("That is not an answer")


# -- 12: input is capped -------------------------------------------------------------


def test_a_huge_answer_is_refused_quickly_and_briefly():
    task = Exercise("W:Wc3,g3:Bd4,h8", "german", "moves")
    start = time.perf_counter()
    verdict = task.check("g3-h4, " * 50_000)
    assert time.perf_counter() - start < 0.5 and len(verdict.text) < 300 and "too long" in verdict.text
    many_wrong = task.check(", ".join(f"{a}-{b}" for a, b in zip(SQUARE_NAMES, SQUARE_NAMES[9:], strict=False))[:1900])
    assert not many_wrong.correct and "more not allowed" in many_wrong.text and len(many_wrong.text) < 1500


def test_a_huge_title_is_cut():
    from damlib import diagram

    pos = Position.start(GERMAN)
    start = time.perf_counter()
    png = diagram.png(pos, title="x" * 100_000, caption="line\n" * 10_000)
    assert time.perf_counter() - start < 2 and png.startswith(b"\x89PNG")
    lines = diagram._layout("word " * 1000, "\n" * 1000)
    assert len(lines.title) == diagram.MAX_LINES and lines.title[-1].endswith("…")
    assert len(lines.caption) == diagram.MAX_LINES


# -- 13: a rule sentence after a colon goes on in lower case ---------------------------


def test_a_blocked_piece_is_explained_in_one_sentence():
    why = why_piece_cannot_move(Position.from_fen("W:Wc3:Bb4,d4,a5,e5", GERMAN), "c3")
    assert why == ("The man on c3 is blocked (DE-MAN-MOVE): "
                   "a man moves one square diagonally forward to an empty square.")
