"""Hints: a move with its reason in one sentence, naming the rule where the rules decide; threats."""

import random

import pytest

from damlib import GERMAN, RUSSIAN, TURKISH, Game, Position
from damlib.errors import GameOverError
from damlib.hints import hint, threat

from conftest import raises


def test_a_single_capture_is_named_with_the_rule_that_makes_it_compulsory():
    # c3 jumps d4 and lands on e5; g3 has nothing to jump, so c3:e5 is the only legal move (DE-MANDATORY)
    found = hint(Position.from_fen("W:Wc3,g3:Bd4,h8", GERMAN))
    assert str(found.move) == "c3:e5" and found.rule == "DE-MANDATORY"
    assert "only capture" in found.reason and "(DE-MANDATORY)" in found.reason
    assert str(found) == f"Play c3:e5: {found.reason}" and found.squares == ("c3", "e5", "d4")


@pytest.mark.parametrize("rules, fen, move, rule", [
    # e3:c5:a7 takes d4 and b6; e3:g5 takes only f4, so the majority rule leaves one move
    (GERMAN, "W:We3:Bd4,f4,b6", "e3:c5:a7", "DE-MAJORITY"),
    (RUSSIAN, "W:We3:Bd4,f4,b6", "e3:c5:a7", "DE-MAJORITY"),
    # Turkish: d3 takes d4 forward to d5, then d6 to d7 (two); h3 takes g3 sideways (one)
    (TURKISH, "W:Wd3,h3:Bd4,d6,g3,a7", "d3:d5:d7", "TR-MAJORITY"),
])
def test_the_capture_that_takes_the_most_is_named_with_the_majority_rule(rules, fen, move, rule):
    found = hint(Position.from_fen(fen, rules))
    assert str(found.move) == move and found.rule == rule
    assert "takes two pieces — the most" in found.reason and f"({rule})" in found.reason


def test_a_man_that_can_crown_is_told_so():
    # c7 steps to b8 or d8, the last rank (DE-PROMOTE); Black's men are far away
    found = hint(Position.from_fen("W:Wc7:Ba5,h4", GERMAN), seconds=0.3)
    assert found.move.promotes and found.rule == "DE-PROMOTE"
    assert found.reason == f"it crowns on {found.move.end}: the man becomes a king (DE-PROMOTE)."


def test_the_hint_saves_the_man_that_every_other_move_loses():
    # Black's b4 would jump c3 and land on d2 (DE-MAN-CAPTURE); White cannot take b4 first, a5
    # stands behind it. c3-d4 steps out of reach; h2-g3, the only other move, loses the man.
    found = hint(Position.from_fen("W:Wc3,h2:Bb4,a5,h8", GERMAN))
    assert str(found.move) == "c3-d4"
    assert found.reason == "every other move gives away material; this one keeps your pieces safe."


def test_a_hint_explains_a_given_move_too():
    position = Position.start(GERMAN)
    found = hint(position, move="a3-b4", seconds=0.2)
    assert str(found.move) == "a3-b4" and found.reason.endswith(".")


@pytest.mark.parametrize("variant", ["german", "turkish"])
def test_a_hint_is_always_a_legal_move_and_one_sentence(variant):
    game, rng = Game(variant), random.Random(3)
    for _ in range(8):
        if game.result:
            break
        found = hint(game.position, game.positions, seconds=0.05)
        assert found.move in game.position.legal_moves
        assert found.reason.endswith(".") and "\n" not in found.reason and found.reason.count(". ") == 0
        game.play(rng.choice(game.legal_moves))


def test_no_hint_when_there_is_no_move():
    # the man on a7 is hemmed in by kings on rank 8 (TR-MAN-MOVE): White cannot move (TR-WIN)
    err = raises(GameOverError, lambda: hint(Position.from_fen("W:Wa7:BKa8,b7,Kb8,c7", TURKISH)))
    assert err.rule == "TR-WIN"


def test_a_threat_is_the_capture_the_other_side_would_make():
    # were it Black's move, d4 would jump c3 and land on b2 (DE-MAN-CAPTURE, forward for Black)
    found = threat(Position.from_fen("W:Wc3,h2:Bd4,a7", GERMAN))
    assert found is not None and found.serious and str(found.move) == "d4:b2"
    assert str(found) == "Black threatens d4:b2, taking a piece." and found.squares == ("d4", "b2", "c3")


def test_a_threat_to_crown_names_the_rule():
    # were it Black's move, the man on d2 would step to c1 or e1, Black's last rank (DE-PROMOTE)
    found = threat(Position.from_fen("W:Wa1,h6:Bd2,h8", GERMAN))
    assert found is not None and found.move.promotes and "(DE-PROMOTE)" in str(found)


def test_no_threat_at_the_start():
    found = threat(Position.start(GERMAN), seconds=0.2)
    assert found is not None and not found.serious and "threatens nothing" in str(found)


def test_no_threat_when_the_other_side_could_not_move():
    # Black's man on b2 could only step to a1 or c1, where White's kings stand, and a jump
    # over either would land off the board
    assert threat(Position.from_fen("W:WKa1,Kc1:Bb2", GERMAN)) is None
