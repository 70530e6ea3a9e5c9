"""Game: history, undo, results, and the referee mode's choices."""

import pytest
from conftest import raises, refused

from damlib import GERMAN, RUSSIAN, Game, Move, Position
from damlib.errors import DamlibError, GameOverError


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
    from damlib.referee import capture_stages
    assert "a7" not in capture_stages(game.moves[0])[0].position.pieces
