"""Hints: a move with its reason in one sentence, naming the rule where the rules decide; threats."""

import random

import pytest
from conftest import raises

from damlib import GERMAN, RUSSIAN, TURKISH, Game, Position
from damlib.engine.errors import GameOverError
from damlib.hints import crownings, hint, rule_hint, threat
from damlib.play.hints import TEXTS  # the sentences' catalog, where the code lives


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
    assert "takes 2 pieces — the most" in found.reason and f"({rule})" in found.reason


def test_a_man_that_can_crown_is_told_so():
    # c7 steps to b8 or d8, the last rank (DE-PROMOTE); Black's men are far away
    found = hint(Position.from_fen("W:Wc7:Ba5,h4", GERMAN), seconds=0.3)
    assert found.move.promotes and found.rule == "DE-PROMOTE"
    assert found.reason == (f"it makes a king. The man is crowned on {found.move.end}, where it ends its move on "
                            "the last rank (DE-PROMOTE).")


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
def test_a_hint_is_always_a_legal_move_and_one_sentence_and_one_more_for_a_crowning(variant):
    game, rng = Game(variant), random.Random(3)
    for _ in range(8):
        if game.result:
            break
        found = hint(game.position, game.positions, seconds=0.05)
        assert found.move in game.position.legal_moves
        sentences = found.reason.count(". ") + 1
        assert found.reason.endswith(".") and "\n" not in found.reason
        assert sentences == 1 + len(crownings(game.position, found.move))
        game.play(rng.choice(game.legal_moves))


# -- where a man is crowned: the square of the crowning and its rule, not the move's end (issue 23)


def test_a_man_crowned_mid_capture_is_crowned_where_it_reaches_the_last_rank():
    # f6 jumps e7 and lands on d8, the last rank: in Russian draughts a king at once, which
    # takes b6 from afar along d8-c7-b6 and lands on a5 (RU-PROMOTE); the only capture there is
    found = hint(Position.from_fen("W:Wf6:Be7,b6", RUSSIAN))
    assert str(found.move) == "f6:d8:a5"
    assert found.reason == ("it is the only capture, and capturing is compulsory (DE-MANDATORY). The man is crowned "
                            "on d8, on the last rank in the middle of the capture, and captures on as a king "
                            "(RU-PROMOTE).")


def test_a_german_man_passing_the_last_rank_is_crowned_only_where_it_ends_on_it_again():
    # h6 jumps g7 onto f8, must jump on over e7 to d6 and over c7 to b8: it passes f8 as a man
    # (DE-PROMOTE-PASS) and ends on b8, the last rank, where it is crowned (DE-PROMOTE)
    found = hint(Position.from_fen("W:Wh6:Bg7,e7,c7", GERMAN))
    assert str(found.move) == "h6:f8:d6:b8"
    assert found.reason.endswith("The man passes the last rank on f8 and stays a man there, for it must jump on "
                                 "(DE-PROMOTE-PASS). The man is crowned on b8, where it ends its move on the last "
                                 "rank (DE-PROMOTE).")


def test_a_turkish_man_is_crowned_on_the_square_where_it_reaches_the_last_rank():
    # Black's c3 jumps c2 onto c1, Black's last rank: a king at once, it takes f1 along rank 1
    # and lands on g1, between f1 and h1 (TR-PROMOTE)
    position = Position.from_fen("B:Wc2,Kf1,Kh1:Bc3", TURKISH)
    assert crownings(position, "c3:c1:g1")[0].square == "c1"
    found = hint(position)
    assert "crowned on c1" in found.reason and "(TR-PROMOTE)" in found.reason and "g1" not in found.reason


def test_a_threat_names_the_square_where_the_man_would_be_crowned():
    # were it Black's move, c3 would jump d2 onto e1, be crowned there (RU-PROMOTE) and take g3
    # from afar, landing on h4
    found = threat(Position.from_fen("W:Wa1,d2,g3:Bc3", RUSSIAN))
    assert found is not None and str(found.move) == "c3:e1:h4"
    assert str(found) == "Black threatens c3:e1:h4, taking 2 pieces and crowning a man on e1 (RU-PROMOTE)."


def test_a_given_move_that_ends_the_game_is_explained_without_searching_past_the_end():
    # the king on c1 jumps e3 and lands on g5, then jumps f6 and lands on e7 or d8: Black has
    # nothing left (DE-WIN); before, the search after the move found no move and raised
    found = hint(Position.from_fen("W:WKc1:Be3,f6", RUSSIAN), move="c1:g5:d8", seconds=0.1)
    assert str(found.move) == "c1:g5:d8" and found.rule == "DE-WIN"


def test_every_counted_sentence_has_its_own_words_for_one():
    others = {key[:-len("-other")] for key in TEXTS if key.endswith("-other")}
    assert others and all(f"{key}-one" in TEXTS for key in others)
    assert all("{count}" not in TEXTS[f"{key}-one"] for key in others)


# -- a level's move explained by the rule it practises -------------------------------------


@pytest.mark.parametrize("rules, fen, move, rule, reason", [
    # b4 is taken and the jump over b4 lands on c3: after d2-c3 the man on a5 has no move
    (GERMAN, "W:Wb4,d2:Ba5", "d2-c3", "DE-WIN",
     "after it the only piece Black has, on a5, cannot move, and a player who cannot move has lost (DE-WIN)."),
    # a man steps diagonally forward, and Black's forward is down the board
    (GERMAN, "B:Wa1:Bf6", "f6-g5", "DE-MAN-MOVE",
     "it goes to g5: a man steps one square diagonally forward, and forward is down the board for Black "
     "(DE-MAN-MOVE)."),
    # e5 jumps d4 backward, down the board, onto c3
    (GERMAN, "W:We5:Bd4,a7", "e5:c3", "DE-MAN-CAPTURE",
     "it jumps the piece on d4 backward and lands on c3, just beyond it: a man captures backward as well as "
     "forward (DE-MAN-CAPTURE)."),
    # c3:e5:c7 takes d4 and d6; c3:a5 takes b4 alone
    (GERMAN, "W:Wc3:Bb4,d4,d6,h8", "c3:e5:c7", "DE-MAJORITY",
     "it takes 2 pieces and c3:a5 only one: you must take the most, and men and kings count the same "
     "(DE-MAJORITY)."),
    # a Turkish king takes b5 along the b-file and may land on b6, b7 or b8
    (TURKISH, "W:WKb1:Bb5,h7", "b1:b6", "TR-KING",
     "a king captures from afar: it jumps b5 along the rank or file and may land on any empty square beyond it, "
     "here b6, b7, b8 (TR-KING)."),
    # the king on d5 jumps f5 to g5, then back along rank 5 over f5's emptied square and b5 to a5
    (TURKISH, "W:WKd5:Bf5,b5", "d5:g5:a5", "TR-REMOVE",
     "the piece on f5 leaves the board as soon as it is jumped, so later in the same capture the capturing "
     "piece can cross its empty square (TR-REMOVE)."),
])
def test_a_levels_move_is_explained_by_the_rule_it_practises(rules, fen, move, rule, reason):
    found = rule_hint(Position.from_fen(fen, rules), move, rule)
    assert str(found.move) == move and found.rule == rule and found.reason == reason


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
