"""Game: history, undo, results, and the referee mode's choices."""

import copy
import dataclasses
import itertools
import pickle
import random

import pytest
from conftest import raises, refused

from damlib import GERMAN, RUSSIAN, TURKISH, TURKISH_PUBLISHED, Game, Move, Position
from damlib.engine import movegen
from damlib.engine.errors import (
    DamlibError,
    GameOverError,
)
from damlib.engine.squares import SQUARE_NAMES
from damlib.play.referee import capture_stages


def test_a_game_starts_from_a_variant_name_or_a_position():
    assert Game("turkish").position == Position.start("turkish")
    pos = Position.from_fen("B:Wc3:Bd6", GERMAN)
    assert Game(pos).position is pos
    assert Game().rules is GERMAN


def test_play_returns_the_move_and_keeps_history():
    game = Game("german")
    first = game.play("c3-d4")
    assert first == Move(("c3", "d4"))
    second = game.play(game.legal_moves[0])
    assert game.moves == (first, second)
    assert len(game.positions) == 3 and game.positions[0] == Position.start("german")
    assert game.position.turn == "white"


def test_play_keeps_the_route_the_text_names():
    game = Game(Position.from_fen("W:Wc3:Bd4,f4,f2,d2", GERMAN))
    move = game.play("c3:e1:g3:e5:c3")
    assert move.path == ("c3", "e1", "g3", "e5", "c3")
    assert game.position.fen == "B:Wc3:B"


def test_undo_restores_everything_and_refuses_an_empty_history():
    game = Game("russian")
    for text in ["c3-d4", "f6-e5", "d4:f6"]:
        game.play(text)
    before = (game.position, game.moves)
    move = game.play(game.legal_moves[0])
    assert game.undo() == move
    assert (game.position, game.moves) == before
    for _ in range(3):
        game.undo()
    with pytest.raises(DamlibError, match="no move to undo"):
        game.undo()
    assert game.position == Position.start(RUSSIAN)


def test_moves_after_the_end_are_refused_with_the_result():
    game = Game(Position.from_fen("W:Wc3:Bd4", GERMAN))
    game.play("c3:e5")
    assert str(game.result) == "White wins: Black has no pieces left (DE-WIN)."
    assert game.legal_moves == ()
    assert raises(GameOverError, lambda: game.play("e5-f6"), "game is over").rule == "DE-WIN"


def test_repetition_need_not_be_consecutive():
    game = Game(Position.from_fen("W:WKa1:BKb8,Kd8", GERMAN))
    # a1-b2-a1 and the Black kings wander, returning to the start position three times
    for text in ["a1-b2", "b8-a7", "b2-a1", "a7-b8", "a1-b2", "d8-c7", "b2-a1", "c7-d8"]:
        assert game.result is None
        game.play(text)
    assert game.result.winner is None and game.result.rule == "DE-DRAW"


def test_referee_mode_is_off_by_default_and_stopping_early_is_a_mistake():
    pos = Position.from_fen("W:Wc3,h2:Bd4,f6,h8", GERMAN)
    assert refused(Game(pos).play, "c3:e5") == "DE-MANDATORY"  # d4, then f6 must be taken
    game = Game(pos, referee=True)
    game.play("c3:e5")
    assert game.pending.correct == (Move(("c3", "e5", "g7"), ("d4", "f6")),)
    assert game.take_back().path == ("c3", "e5")
    assert game.position == pos


def test_after_a_take_back_the_offender_must_capture_correctly():
    game = Game(Position.from_fen("W:We3,h2:Bd4,f4,b6", GERMAN), referee=True)
    game.play("h2-g3")
    game.take_back()
    assert refused(game.play, "h2-g3") == "DE-MANDATORY"  # the same mistake again is refused (DE-PENALTY)
    assert game.moves == ()
    assert str(game.play("e3:a7")) == "e3:c5:a7"


def test_no_result_while_the_opponent_has_to_choose():
    # a3-b4 ignores e3:g5, and leaves Black without a move: the choice comes first
    game = Game(Position.from_fen("W:Wa3,c3,d2,e3,g3,h2:Ba5,f4", GERMAN), referee=True)
    game.play("a3-b4")
    assert game.pending is not None and game.result is None
    game.let_stand()
    assert game.result.winner == "white" and game.result.rule == "DE-WIN"


def test_a_repetition_is_counted_again_after_an_undo():
    # the same position three times is a draw (DE-DRAW); undoing the third leaves two
    game = Game(Position.from_fen("W:WKa1:BKb8", "german"))
    for move in ("a1-b2", "b8-a7", "b2-a1", "a7-b8") * 2:
        game.play(move)
    assert game.result is not None and game.result.rule == "DE-DRAW"
    game.undo()
    assert game.result is None
    game.play("a7-b8")
    assert game.result is not None and game.result.rule == "DE-DRAW"


def test_a_move_taken_from_another_position_is_recorded_with_the_games_own():
    # issue 26: the Move of another position (one more Black man, on a7) was recorded with that
    # position, so its capture stages drew the other board
    other = Position.from_fen("W:Wc3:Bd4,h8,a7", "german")
    game = Game(Position.from_fen("W:Wc3:Bd4,h8", "german"))
    played = game.play(other.legal_moves[0])
    assert str(played) == "c3:e5" and played.position == game.positions[0]
    assert "a7" not in capture_stages(game.moves[0])[0].position.pieces


# -- issue 8, defect 8: referee mode records the move that was named ------------------------------------


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


# -- issue 8, defect 9: a side without pieces has lost, whoever is to move; an empty board has no game --


@pytest.mark.parametrize("fen, winner", [("W:Wc3:B", "white"), ("B:Wc3:B", "white"), ("W:W:Bb8", "black")])
def test_a_side_without_pieces_has_lost(fen, winner):
    game = Game(Position.from_fen(fen, GERMAN))
    assert game.result.winner == winner and game.result.rule == "DE-WIN" and game.legal_moves == ()
    with pytest.raises(DamlibError):
        game.play("c3-d4")


def test_a_game_needs_pieces():
    with pytest.raises(DamlibError, match="no"):
        Game(Position.from_fen("W:W:B", GERMAN))


def test_positions_and_games_copy_and_pickle():
    # a Position refuses every change; copying it gives itself, and pickling builds it again, rules and all
    pos = Position.from_fen("W:We3:Bd4,f4,b6", dataclasses.replace(GERMAN, majority=False))
    assert copy.copy(pos) is pos and copy.deepcopy(pos) is pos
    again = pickle.loads(pickle.dumps(pos))
    assert again == pos and again.rules == pos.rules and not again.rules.majority
    # without the majority rule e3 may stop after d4 (DE-MAJORITY off): more moves than in German
    assert len(again.legal_moves) == len(pos.legal_moves) > len(pos.with_rules(GERMAN).legal_moves)
    game = Game(Position.from_fen("W:We3:Bd4,f4,b6", GERMAN))
    game.play("e3:c5:a7")
    for copied in (copy.deepcopy(game), pickle.loads(pickle.dumps(game))):
        assert copied.moves == game.moves and copied.position == game.position
        copied.undo()  # the copy is its own game
        assert len(game.moves) == 1
