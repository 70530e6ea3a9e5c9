"""The levels of damlib.learn, played through Attempt as a learner would, and Progress.

Expectations come from docs/rules.md: which rule a level teaches decides what its solution
must show (a draw, a win, a new king, a capture that beats a shorter one ...), and which
rule IDs each game's levels may cite.
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections import Counter
from pathlib import Path

import pytest
from conftest import FILES, ROOT, RULES_MD, committed_text

from damlib import GERMAN, RUSSIAN, TURKISH, Position
from damlib.engine.errors import DamlibError
from damlib.exercises import EXERCISES
from damlib.learn import (
    CHOICES,
    LEVELS,
    STAGES,
    TEACHING_ORDER,
    Attempt,
    Level,
    Progress,
    for_rule,
    rules_used,
    stage_done,
    tally,
    taught,
)
from damlib.play import hints  # patched where Learn looks its hints up
from damlib.teach.learn.clicks import LevelClicks

GAMES = {g.name: g for g in (GERMAN, RUSSIAN, TURKISH)}
DE_IDS = ["DE-BOARD", "DE-START", "DE-MAN-MOVE", "DE-MAN-CAPTURE", "DE-WIN", "DE-MANDATORY", "DE-PROMOTE",
          "DE-KING", "DE-MAJORITY", "DE-STRIKE", "DE-PROMOTE-PASS", "DE-DRAW", "DE-PENALTY"]
TR_IDS = ["TR-BOARD", "TR-START", "TR-MAN-MOVE", "TR-MAN-CAPTURE", "TR-WIN", "TR-MANDATORY", "TR-PROMOTE",
          "TR-KING", "TR-MAJORITY", "TR-REMOVE", "TR-DRAW", "TR-PENALTY"]
#: The rules a learner practises on the board, per game (the brief, from docs/rules.md).
REQUIRED = {
    "German": DE_IDS,
    "Russian": [r for r in DE_IDS[:8]] + ["RU-PROMOTE"] + [r for r in DE_IDS[8:] if r != "DE-PROMOTE-PASS"],
    "Turkish": TR_IDS,
}
#: The lessons' order of topics; Turkish teaches promotion twice (the step, then crowning
#: mid-capture after removal).
ORDER = {
    "German": DE_IDS,
    "Russian": REQUIRED["Russian"],
    "Turkish": TR_IDS[:10] + ["TR-PROMOTE"] + TR_IDS[10:],
}
EIGHT = [(df, dr) for df in (-1, 0, 1) for dr in (-1, 0, 1) if (df, dr) != (0, 0)]


def family_ok(game: str, rule: str) -> bool:
    """Whether a game may cite ``rule`` (docs/rules.md: Russian cites the DE ids and RU-PROMOTE)."""
    if game == "Turkish":
        return rule.startswith("TR-")
    if game == "Russian":
        return rule.startswith("DE-") and rule != "DE-PROMOTE-PASS" or rule == "RU-PROMOTE"
    return rule.startswith("DE-")


def shift(square: str, df: int, dr: int) -> str | None:
    f, r = FILES.index(square[0]) + df, int(square[1:]) + dr
    return f"{FILES[f]}{r}" if 0 <= f < 8 and 1 <= r <= 8 else None


def candidate_texts(position: Position) -> list[str]:
    """Every one-square step and two-square jump text from the side to move's pieces."""
    texts = []
    for square, piece in position.pieces.items():
        if piece.color != position.turn:
            continue
        for df, dr in EIGHT:
            for n, sep in ((1, "-"), (2, ":")):
                to = shift(square, n * df, n * dr)
                if to:
                    texts.append(f"{square}{sep}{to}")
    return texts


def snapshot(attempt: Attempt) -> tuple:
    return attempt.position, attempt.position.fen, attempt.step, attempt.done, len(attempt.game.moves)


def solve(level: Level) -> Attempt:
    attempt = level.attempt()
    for move in level.solution:
        attempt.play(move)
    return attempt


def ids(levels) -> list[str]:
    return [lv.id for lv in levels]


# -- every level is solved by its solution -----------------------------------------------


@pytest.mark.parametrize("level", LEVELS, ids=ids(LEVELS))
def test_solution_solves_the_level_with_three_stars(level: Level):
    attempt = level.attempt()
    for n, move in enumerate(level.solution):
        feedback = attempt.play(move)
        assert feedback.ok and feedback.rule is None, (move, feedback.message)
        assert feedback.done == (n == len(level.solution) - 1)
        assert attempt.step == n + 1
    assert attempt.done and attempt.stars == 3 and attempt.mistakes == [] and attempt.hints_used == 0
    again = attempt.play(level.solution[-1])
    assert not again.ok and again.done  # a done level takes no more moves


@pytest.mark.parametrize("level", LEVELS, ids=ids(LEVELS))
def test_solution_shows_the_rule_the_level_teaches(level: Level):
    """What docs/rules.md says the rule does is what the solution's last move does."""
    attempt = solve(level)
    game, rule = attempt.game, level.rule
    before, last = game.positions[-2], game.moves[-1]
    side = attempt.side
    if rule.endswith("-DRAW"):
        assert game.result.winner is None and game.result.rule == rule
        assert game.positions.count(game.position) == 3
    elif rule.endswith("-WIN"):
        assert game.result.winner == side and game.result.rule == rule
        opponent = "black" if side == "white" else "white"
        left = {p.color for p in game.position.pieces.values()}
        assert opponent not in left or not game.position.legal_moves
    elif rule.endswith("-START"):
        assert level.start == Position.start(level.rules) and game.moves[0].start[1] in "36"
    elif rule in ("DE-PROMOTE", "TR-PROMOTE", "RU-PROMOTE"):
        assert before.piece_at(last.start).is_king is False and game.position.piece_at(last.end).is_king
    if rule in ("DE-MAJORITY", "TR-MAJORITY"):  # a shorter capture was there, and the longest was taken
        counts = {len(m.captured) for m in before.captures()}
        assert len(last.captured) == max(counts) and min(counts) < max(counts)
    if rule in ("DE-MANDATORY", "TR-MANDATORY", "DE-MAN-CAPTURE", "TR-MAN-CAPTURE", "TR-KING") and last.captured:
        assert before.must_capture
    if rule == "DE-PROMOTE-PASS":  # it jumps onto the last rank and on; a king only if it ends there again
        last_rank = "8" if side == "white" else "1"
        assert any(sq[1] == last_rank for sq in last.path[1:-1])
        assert game.position.piece_at(last.end).is_king == (last.end[1] == last_rank)
    if rule == "RU-PROMOTE":  # crowned mid-capture, it goes on as a king: German play differs
        german = Position.from_fen(before.fen, GERMAN)
        assert last not in german.legal_moves and last.promotes and len(last.path) > 2
    if rule == "DE-STRIKE":  # the capture returns over a square, or removing pieces at once would change it
        at_once = Position.from_fen(before.fen, dataclasses.replace(level.rules, remove_at_once=True))
        assert len(set(last.path)) < len(last.path) or set(at_once.legal_moves) != set(before.legal_moves)
    if rule == "TR-REMOVE":  # with pieces left on the board until the end, the capture is not possible
        kept = Position.from_fen(before.fen, dataclasses.replace(TURKISH, remove_at_once=False))
        assert last not in kept.legal_moves


# -- refused moves ------------------------------------------------------------------------


@pytest.mark.parametrize("level", LEVELS, ids=ids(LEVELS))
def test_a_wrong_move_is_refused_with_a_rule_and_changes_nothing(level: Level):
    attempt = level.attempt()
    before = snapshot(attempt)
    for text in candidate_texts(attempt.position):
        feedback = attempt.play(text)
        if feedback.ok:  # a right move: start again
            attempt = level.attempt()
            continue
        assert snapshot(attempt) == before, text
        if feedback.rule is not None:
            assert family_ok(level.rules.name, feedback.rule), (text, feedback.rule)
            assert feedback.rule in feedback.message and not feedback.done
            assert attempt.mistakes[-1] == feedback.rule
            break
    else:
        pytest.fail(f"{level.id}: no wrong move found that is refused with a rule")


def reaches(level: Level, position: Position, move, side: str) -> bool:
    """Whether ``move``, the level's last, reaches an accept="king"/"win"/"draw" goal (docs/rules.md)."""
    after = position.play(move)
    if level.accept == "king":
        return not position.piece_at(move.start).is_king and after.piece_at(move.end).is_king
    if level.accept == "win":
        opponent = "black" if side == "white" else "white"
        return opponent not in {p.color for p in after.pieces.values()} or not after.legal_moves
    return False  # a draw needs the game's history: every draw level here is longer than one move


@pytest.mark.parametrize("level", LEVELS, ids=ids(LEVELS))
def test_a_legal_move_off_the_goal_is_refused_without_a_rule(level: Level):
    attempt = level.attempt()
    expected = level.solution[0]
    if expected in CHOICES:
        pytest.skip("the first step is a choice")
    expected = attempt.position.parse_move(expected)
    final = len(level.solution) == 1
    for move in attempt.game.legal_moves:
        if move == expected:
            continue
        attempt = level.attempt()
        before = snapshot(attempt)
        feedback = attempt.play(move)
        if final and level.accept != "solution" and reaches(level, attempt.game.positions[0], move, attempt.side):
            assert feedback.ok and feedback.done and attempt.stars == 3, move
            continue
        assert not feedback.ok and feedback.rule is None, (move, feedback.message)
        # why it misses the goal, in terms of the rule practised: named, but not counted as broken
        assert f"{move} is legal, but" in feedback.message and f"({level.rule})" in feedback.message
        assert snapshot(attempt) == before and attempt.mistakes == [None]


def test_many_levels_have_a_legal_move_off_the_goal():
    def off_goal(level):
        if level.solution[0] in CHOICES:
            return False
        start = level.start
        return any(m != start.parse_move(level.solution[0]) for m in start.legal_moves)
    assert sum(map(off_goal, LEVELS)) >= 30


def test_refused_moves_in_the_middle_of_a_level_change_nothing():
    level = next(lv for lv in LEVELS if lv.rule == "DE-DRAW")
    attempt = level.attempt()
    attempt.play(level.solution[0])
    before = snapshot(attempt)
    off = next(m for m in attempt.game.legal_moves if m != attempt.position.parse_move(level.solution[1]))
    feedback = attempt.play(off)  # not the solution's move, and not the last move: refused
    assert not feedback.ok and feedback.rule is None and snapshot(attempt) == before
    assert attempt.play("a1-a2").rule == "DE-BOARD" and snapshot(attempt) == before


# -- penalties -------------------------------------------------------------------------


def penalty_levels(rule):
    return [lv for lv in LEVELS if lv.rule == rule]


def test_penalty_levels_have_a_referee():
    assert all(lv.referee for lv in penalty_levels("DE-PENALTY") + penalty_levels("TR-PENALTY"))


@pytest.mark.parametrize("level", penalty_levels("TR-PENALTY"), ids=ids(penalty_levels("TR-PENALTY")))
def test_a_turkish_capture_mistake_is_refused_because_it_loses(level: Level):
    attempt = level.attempt()
    before = snapshot(attempt)
    start = attempt.position
    seen = Counter()
    for text in candidate_texts(start):
        feedback = attempt.play(text)
        if not feedback.ok:
            seen[feedback.rule] += 1
            if feedback.rule == "TR-PENALTY":
                assert "capture mistake" in feedback.message and "wins" in feedback.message
                assert snapshot(attempt) == before
        else:
            attempt = level.attempt()
    assert seen["TR-PENALTY"] >= 1


def test_german_capture_mistakes_and_wrong_choices_are_refused_with_de_penalty():
    # the learner's own mistake: a shorter capture, let through by the referee, is refused
    own = next(lv for lv in penalty_levels("DE-PENALTY") if lv.solution[0] not in CHOICES and len(lv.solution) == 1)
    attempt = own.attempt()
    start = attempt.position
    shorter = [m for m in start.captures() if m not in start.legal_moves]
    assert shorter
    before = snapshot(attempt)
    feedback = attempt.play(str(shorter[0]))
    assert not feedback.ok and feedback.rule == "DE-PENALTY" and snapshot(attempt) == before
    # the opponent's mistake: the learner must choose before moving, and the goal decides the choice
    for level in penalty_levels("DE-PENALTY"):
        if CHOICES[0] not in level.solution and CHOICES[1] not in level.solution:
            continue
        attempt = level.attempt()
        while level.solution[attempt.step] not in CHOICES:
            attempt.play(level.solution[attempt.step])
        assert attempt.game.pending is not None
        before = snapshot(attempt)
        right = level.solution[attempt.step]
        wrong = CHOICES[1 - CHOICES.index(right)]
        assert attempt.play(wrong).rule == "DE-PENALTY" and snapshot(attempt) == before
        some_move = attempt.position.legal_moves[0] if attempt.position.legal_moves else "a1-b2"
        assert attempt.play(some_move).rule == "DE-PENALTY" and snapshot(attempt) == before
        mistake = attempt.game.pending.move
        assert attempt.hint() == f"{mistake} was a capture mistake: decide what to do about it (DE-PENALTY)."
        assert attempt.hint().startswith(f"Choose: {right}. ") and attempt.marked == ()
        assert attempt.play(right).ok
        for move in level.solution[attempt.step:]:
            assert attempt.play(move).ok
        assert attempt.done and attempt.stars == 1 and attempt.mistakes == ["DE-PENALTY", "DE-PENALTY"]


def test_there_is_no_choice_without_a_mistake():
    level = LEVELS[0]
    attempt = level.attempt()
    feedback = attempt.play("take back")
    assert not feedback.ok and feedback.rule is None and attempt.step == 0


# -- stars and hints -------------------------------------------------------------------


def single_move_level() -> Level:
    return next(lv for lv in LEVELS if len(lv.solution) == 1 and lv.solution[0] not in CHOICES
                and lv.accept == "solution" and len(lv.start.legal_moves) > 1)


def test_stars_fall_with_mistakes():
    level = single_move_level()
    wrong = next(m for m in level.start.legal_moves if m != level.start.parse_move(level.solution[0]))
    for mistakes, stars in ((0, 3), (1, 2), (2, 1), (3, 1)):
        attempt = level.attempt()
        for _ in range(mistakes):
            assert not attempt.play(wrong).ok
        assert attempt.stars == 0  # not done yet
        attempt.play(level.solution[0])
        assert attempt.done and attempt.stars == stars and len(attempt.mistakes) == mistakes


def test_hints_name_the_piece_then_the_move_and_cost_stars():
    level = single_move_level()
    move = level.start.parse_move(level.solution[0])
    piece = "king" if level.start.piece_at(move.start).is_king else "man"
    attempt = level.attempt()
    assert attempt.hint() == f"Look at the {piece} on {move.start}: this level practises {level.rule}."
    assert attempt.marked == (move.start,)
    assert attempt.hint().startswith(f"Play {move}: it ")  # and why, in a sentence (tests/test_hints.py)
    assert attempt.marked[:len(move.path)] == move.path
    attempt.play(level.solution[0])
    assert attempt.stars == 1 and attempt.hints_used == 2 and attempt.marked == ()
    attempt = level.attempt()
    assert move.start in attempt.hint()
    attempt.play(level.solution[0])
    assert attempt.stars == 2
    assert attempt.hint() == "This level is done."


def test_hints_start_again_at_each_step():
    level = next(lv for lv in LEVELS if lv.rule == "DE-PROMOTE" and len(lv.solution) == 2)
    attempt = level.attempt()
    first, second = (level.start.parse_move(level.solution[0]),
                     level.start.play(level.solution[0]).play(level.replies[0]).parse_move(level.solution[1]))
    assert first.start in attempt.hint() and str(first) in attempt.hint()
    attempt.play(level.solution[0])
    assert attempt.hint() == f"Look at the man on {second.start}: this level practises DE-PROMOTE."
    attempt.play(level.solution[1])
    assert attempt.done and attempt.stars == 1 and attempt.hints_used == 3


@pytest.mark.parametrize("level", LEVELS, ids=ids(LEVELS))
def test_both_hints_at_every_step_name_the_rule_and_the_solution_still_finishes_with_one_star(level: Level):
    """Every level played by its own solution with both hints pressed before each move (issue 23):
    no hint fails, each names the rule the level practises, and with two hints a move the level
    ends with one star (Attempt.stars: one for a hint or mistake, two or more leave one star)."""
    attempt = level.attempt()
    for n, move in enumerate(level.solution):
        first, second = attempt.hint(), attempt.hint()
        assert f"{level.rule}" in first and f"({level.rule})" in second, (move, first, second)
        assert attempt.hints_used == 2 * (n + 1)
        if move not in CHOICES:
            expected = attempt.position.parse_move(move)
            assert expected.start in first and second.startswith(f"Play {expected}: ")
        assert attempt.play(move).ok
    assert attempt.done and attempt.stars == 1 and attempt.mistakes == []


@pytest.mark.parametrize("name, crowned, rule", [
    # f6 jumps e7 onto d8: crowned there, it takes b6 from afar and ends on a5
    ("ru-promote-1", "d8", "RU-PROMOTE"),
    # Black's c3 jumps d2 onto e1: crowned there, it takes g3 and ends on h4
    ("ru-promote-2", "e1", "RU-PROMOTE"),
    # h6 jumps g7 onto f8: crowned there, it takes d6 from afar and ends on c5 (b4 is White's)
    ("ru-promote-3", "f8", "RU-PROMOTE"),
    # d6 jumps e7 onto f8: crowned there, it takes g7 and ends on h6
    ("ru-majority-2", "f8", "RU-PROMOTE"),
    # Black's c3 jumps c2 onto c1: crowned there, it takes f1 along rank 1 and ends on g1
    ("tr-promote-3", "c1", "TR-PROMOTE"),
])
def test_the_second_hint_names_the_square_where_the_man_is_crowned_and_the_rule(name, crowned, rule):
    level = level_by_id(name)
    attempt = level.attempt()
    attempt.hint()
    text = attempt.hint()
    end = level.solution[0].split(":")[-1]
    assert f"on {crowned}, on the last rank, in the middle of the capture" in text or f"crowned on {crowned}" in text
    assert f"({rule})" in text and "(DE-PROMOTE)" not in text
    assert f"crowns on {end}" not in text and f"crowned on {end}" not in text


def test_the_second_hint_of_a_german_man_passing_the_last_rank_names_both_squares():
    # h6 jumps g7 onto f8 and must jump on, a man (DE-PROMOTE-PASS), over e7 and c7 to b8: on the
    # last rank again at the end, it is crowned there
    attempt = level_by_id("de-promote-pass-3").attempt()
    attempt.hint()
    assert attempt.hint() == ("Play h6:f8:d6:b8: the man passes the last rank on f8 and must jump on, so it stays "
                              "a man until it ends on b8, on the last rank again, and only then becomes a king "
                              "(DE-PROMOTE-PASS).")


def test_a_hint_that_shows_nothing_costs_no_star(monkeypatch):
    def broken(*args, **kwargs):
        raise DamlibError("no hint today")

    monkeypatch.setattr(hints, "rule_hint", broken, raising=False)
    monkeypatch.setattr(hints, "hint", broken)
    level = level_by_id("tr-remove-1")
    attempt = level.attempt()
    assert "d5" in attempt.hint() and attempt.hints_used == 1
    said = attempt.hint()
    assert "no hint today" in said and attempt.hints_used == 1 and attempt.marked == ()
    attempt.play(level.solution[0])
    assert attempt.stars == 2


def test_the_opponents_capture_mistake_in_a_penalty_level_is_called_one():
    # after d4-c5 Black must capture c5, with b6:d4 or d6:b4 (DE-MANDATORY); the level's reply
    # b6-a5 captures nothing: a capture mistake, and White chooses (DE-PENALTY)
    attempt = level_by_id("de-penalty-1").attempt()
    feedback = attempt.play("d4-c5")
    assert feedback.ok and "b6-a5, a capture mistake" in feedback.message and "(DE-PENALTY)" in feedback.message
    assert "b6:d4" in feedback.message and "d6:b4" in feedback.message


def test_a_legal_move_that_does_not_win_says_what_the_other_side_can_still_do():
    # b4-c5 leaves b4 empty: the man on a5 steps there, so Black can still move (DE-WIN)
    feedback = level_by_id("de-win-2").attempt().play("b4-c5")
    assert feedback.message == ("b4-c5 is legal, but after it Black can still move, with a5-b4 for one: to win, leave "
                                "Black no piece or no move (DE-WIN).")
    assert not feedback.ok and feedback.rule is None


# -- nothing ahead of the lessons ----------------------------------------------------------


def lesson_order(*names: str) -> list[str]:
    """The rule IDs that end the section headings of the notebooks ``names``, in order."""
    found = []
    for name in names:
        for cell in json.loads(committed_text(ROOT / "notebooks" / name))["cells"]:
            if cell["cell_type"] == "markdown":
                found += re.findall(r"^## .*\(([A-Z]{2}-[A-Z-]+)\)\s*$", "".join(cell["source"]), re.M)
    return found


def test_the_teaching_order_is_the_lessons_section_headings():
    german = lesson_order("02-german-basics.ipynb", "03-german-captures.ipynb")
    assert list(TEACHING_ORDER["German"]) == german
    assert list(TEACHING_ORDER["Russian"]) == german + lesson_order("04-russian.ipynb")
    assert list(TEACHING_ORDER["Turkish"]) == lesson_order("05-turkish.ipynb")


def test_what_is_taught_when_follows_the_stages():
    german, turkish = STAGES["German"], STAGES["Turkish"]
    assert taught(german[0]) == {"DE-BOARD"}
    assert taught(level_by_id("de-win-3")) == {"DE-BOARD", "DE-START", "DE-MAN-MOVE", "DE-MAN-CAPTURE", "DE-WIN"}
    assert taught(german[-1]) == set(TEACHING_ORDER["German"])
    # a Russian level comes after both German lessons; its RU-PROMOTE levels come after the kings'
    first = [lv.rule for lv in STAGES["Russian"]].index("RU-PROMOTE")
    assert all(taught(lv) == set(TEACHING_ORDER["German"]) for lv in STAGES["Russian"][:first])
    assert all(taught(lv) == set(TEACHING_ORDER["Russian"]) for lv in STAGES["Russian"][first:])
    # Turkish crowning mid-capture is practised after kings, the majority rule and removal
    assert "TR-KING" not in taught(level_by_id("tr-promote-1"))
    assert {"TR-KING", "TR-REMOVE"} <= taught(level_by_id("tr-promote-3"))
    assert taught(turkish[-1]) == set(TEACHING_ORDER["Turkish"])


@pytest.mark.parametrize("rules, fen, move, used", [
    (GERMAN, "W:Wc3:Bh8", "c3-d4", set()),  # a man's step: what the first levels all use
    (GERMAN, "W:WKh8:Bd6", "h8-a1", {"DE-KING"}),  # a king's long move
    (GERMAN, "W:Wf4:Bg5", "f4:h6", {"DE-MAN-CAPTURE"}),
    # a3:e7:g5 takes c5 and f6; a3:d6 takes c5 alone, and the majority rule forbids it
    (GERMAN, "W:WKa3,h4:Bc5,f6", "a3:e7:g5", {"DE-KING", "DE-MAJORITY"}),
    # onto f8 as a man, on over e7 and c7 to b8: passes the last rank, crowned at the end
    (GERMAN, "W:Wh6:Bg7,e7,c7", "h6:f8:d6:b8", {"DE-MAN-CAPTURE", "DE-PROMOTE-PASS", "DE-PROMOTE"}),
    # crowned on d8, it takes b6 as a king
    (RUSSIAN, "W:Wf6:Be7,b6", "f6:d8:a5", {"DE-MAN-CAPTURE", "RU-PROMOTE", "DE-KING"}),
    (TURKISH, "W:We7:Ba6", "e7-e8", {"TR-PROMOTE"}),  # a step onto the last rank crowns
    (TURKISH, "W:WKa1:Bh7", "a1-h1", {"TR-KING"}),
    # back over f5's square, emptied at once: with jumped pieces kept, no such capture
    (TURKISH, "W:WKd5:Bf5,b5", "d5:g5:a5", {"TR-KING", "TR-REMOVE"}),
])
def test_the_rules_a_move_uses(rules, fen, move, used):
    assert rules_used(Position.from_fen(fen, rules), move) == used


@pytest.mark.parametrize("level", LEVELS, ids=ids(LEVELS))
def test_a_levels_solution_uses_only_rules_taught_by_then(level: Level):
    assert level.uses <= taught(level), sorted(level.uses - taught(level))


def test_a_level_uses_the_win_draw_and_penalty_rules_it_ends_with():
    assert "DE-WIN" in level_by_id("de-win-1").uses and "TR-WIN" in level_by_id("tr-win-3").uses
    assert "DE-DRAW" in level_by_id("de-draw-1").uses and "DE-PENALTY" in level_by_id("de-penalty-2").uses
    assert level_by_id("de-board-1").uses == frozenset()


def test_levels_for_a_rule_in_a_game():
    # Russian levels cite the German rules Russian shares (docs/rules.md); Turkish has no
    # DE-PROMOTE-PASS, so no level of it: refused, naming the rule
    assert {lv.rule for lv in for_rule("DE-MAJORITY", "russian")} == {"DE-MAJORITY"}
    assert {lv.rules.name for lv in for_rule("DE-MAJORITY")} == {"German", "Russian"}
    with pytest.raises(DamlibError, match="DE-PROMOTE-PASS"):
        for_rule("DE-PROMOTE-PASS", "turkish")


def test_counts_read_right_in_the_learners_tally():
    assert tally("Ada", 0, 1, 0) == "Ada: 0 of 1 level done, 0 of 3 stars."
    assert tally("Ada", 2, 3, 5) == "Ada: 2 of 3 levels done, 5 of 9 stars."
    assert stage_done(1) == "Stage done: its one level has stars."
    assert stage_done(3) == "Stage done: all 3 levels have stars."


# -- the set of levels -----------------------------------------------------------------


def test_enough_levels_and_unique_ids():
    assert len(LEVELS) >= 80
    assert len({lv.id for lv in LEVELS}) == len(LEVELS)
    assert all(re.fullmatch(r"[a-z]{2}(-[a-z]+)+-\d+", lv.id) for lv in LEVELS)
    assert LEVELS == tuple(lv for game in STAGES.values() for lv in game)
    assert set(STAGES) == {"German", "Russian", "Turkish"}


def test_at_least_three_levels_per_rule_per_game():
    for game, rules in REQUIRED.items():
        counts = Counter(lv.rule for lv in STAGES[game])
        assert {r: counts[r] for r in rules if counts[r] < 3} == {}, game


def test_every_level_is_in_its_game_and_cites_a_rule_of_that_game():
    for game, levels in STAGES.items():
        for level in levels:
            assert level.rules is GAMES[game], level.id
            assert family_ok(game, level.rule), level.id
            assert level.id.startswith({"German": "de-", "Russian": "ru-", "Turkish": "tr-"}[game])
    assert {lv.rules.name for lv in LEVELS if lv.rule == "RU-PROMOTE"} == {"Russian"}
    assert {lv.rules.name for lv in LEVELS if lv.rule == "DE-PROMOTE-PASS"} == {"German"}


def test_levels_follow_the_lessons_order():
    for game, order in ORDER.items():
        runs = [lv.rule for n, lv in enumerate(STAGES[game]) if n == 0 or STAGES[game][n - 1].rule != lv.rule]
        assert runs == order, game


def test_goals_are_sentences():
    for level in LEVELS:
        assert level.goal[0].isupper() and level.goal.endswith("."), level.id
        assert 10 < len(level.goal) < 140, level.id


# -- positions are new -----------------------------------------------------------------


def known_positions() -> set:
    """Every position of the lessons (FENs in the notebooks), the exercises and docs/rules.md's
    teaching positions, as (pieces, side to move), whichever game reads them."""
    texts = set()
    for notebook in (ROOT / "notebooks").glob("*.ipynb"):
        for cell in json.loads(committed_text(notebook))["cells"]:
            texts |= set(re.findall(r"[WB]:[WB][\w,:]*", "".join(cell["source"])))
    texts |= set(re.findall(r"`([WB]:[WB][\w,:]*)`", RULES_MD.read_text(encoding="utf-8")))
    known = {(frozenset(e.position.pieces.items()), e.position.turn) for e in EXERCISES}
    for text in texts:
        for game in GAMES.values():
            try:
                position = Position.from_fen(text, game)
            except DamlibError:
                continue
            known.add((frozenset(position.pieces.items()), position.turn))
    assert len(known) > 40  # the lessons were read
    return known


def test_positions_are_not_the_lessons_or_the_exercises():
    known = known_positions()
    for level in LEVELS:
        if level.rule.endswith("-START"):
            continue  # the start position is the point of these
        assert (frozenset(level.start.pieces.items()), level.start.turn) not in known, level.id


def test_every_position_is_one_its_game_allows():
    for level in LEVELS:
        position = Position.from_fen(level.fen, level.rules)
        assert position == level.start and position.legal_moves, level.id


# -- progress --------------------------------------------------------------------------


def done_attempt(level: Level) -> Attempt:
    attempt = level.attempt()
    for move in level.solution:
        attempt.play(move)
    assert attempt.done
    return attempt


def german(rule: str) -> Level:
    return next(lv for lv in STAGES["German"] if lv.rule == rule)


def test_progress_survives_a_restart(tmp_path: Path):
    level = german("DE-MAN-MOVE")
    progress = Progress("Ada", tmp_path)
    assert progress.completed == set() and progress.warning == ""
    progress.record(done_attempt(level))
    again = Progress("Ada", tmp_path)
    assert again.completed == {level.id} and again.stars(level.id) == 3 and again.warning == ""
    assert Progress("Grace", tmp_path).completed == set()  # one file per learner


def test_progress_counts_mistakes_by_rule_and_keeps_the_best_stars(tmp_path: Path):
    level = german("DE-MAN-MOVE")
    progress = Progress("Ada", tmp_path)
    unfinished = level.attempt()
    unfinished.play("c1-b0")  # not a square: no rule to count
    assert unfinished.play("c1-c2").rule == "DE-BOARD"
    assert unfinished.play("c1-b2").rule is None  # legal, off the goal: no rule to count
    progress.record(unfinished)  # not done: mistakes counted, no stars
    assert progress.completed == set() and progress.mistakes == {"DE-BOARD": 1}
    progress.record(with_mistakes(level, 1))  # 2 stars
    assert progress.stars(level.id) == 2
    progress.record(done_attempt(level))  # 3 stars
    progress.record(with_mistakes(level, 2))  # 1 star: the best is kept
    again = Progress("Ada", tmp_path)
    assert again.completed == {level.id} and again.stars(level.id) == 3
    assert again.mistakes == {"DE-BOARD": 4}
    assert again.stars("no-such-level") == 0


def with_mistakes(level: Level, mistakes: int) -> Attempt:
    attempt = level.attempt()
    for _ in range(mistakes):
        attempt.play("c1-c2")  # DE-BOARD
    attempt.play(level.solution[0])
    assert attempt.done and attempt.stars == 3 - mistakes
    return attempt


@pytest.mark.parametrize("content", [b"\x00\xff\xfegarbage\x80", b'{"format": "someone else", "stars": {}}', b""],
                         ids=["garbage", "foreign", "empty"])
def test_an_unreadable_progress_file_is_moved_aside(tmp_path: Path, content: bytes):
    path = Progress("Ada", tmp_path).path
    path.write_bytes(content)
    progress = Progress("Ada", tmp_path)
    assert progress.warning and path.name in progress.warning and "afresh" in progress.warning
    assert progress.completed == set() and progress.mistakes == {}
    aside = list(tmp_path.glob(f"{path.stem}.unreadable-*.json"))
    assert len(aside) == 1 and aside[0].read_bytes() == content
    assert not path.exists() or path.read_bytes() != content
    progress.record(done_attempt(german("DE-MAN-MOVE")))
    assert Progress("Ada", tmp_path).warning == "" and len(Progress("Ada", tmp_path).completed) == 1


def test_saving_is_atomic(tmp_path: Path, monkeypatch):
    level = german("DE-MAN-MOVE")
    progress = Progress("Ada", tmp_path)
    progress.record(done_attempt(level))
    old = progress.path.read_bytes()

    def broken_dump(data, out, **options):
        out.write('{"format": "damlib progress 1", "sta')  # half written, then the disk is full
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(json, "dump", broken_dump)
    with pytest.raises(DamlibError, match="could not be saved in .*No space left on device"):
        progress.record(done_attempt(german("DE-BOARD")))
    monkeypatch.undo()
    assert progress.completed == {level.id}  # the stars not saved are not held either
    assert progress.path.read_bytes() == old
    # no temporary file left: the file, and its lock beside it (kept: removing one would race)
    assert sorted(p.name for p in tmp_path.iterdir()) == [f".{progress.path.name}.lock", progress.path.name]
    assert Progress("Ada", tmp_path).completed == {level.id}


def test_after_let_stand_the_learner_moves_again():
    # c3-d4 offers d4; Black must take it (e5:c3) but plays h8-g7, a mistake (DE-PENALTY). Let
    # stand, it is White's move again: d4 takes e5 and the man that stepped to g7.
    level = Level("let-stand-then-move", GERMAN, "DE-PENALTY", "Offer d4, let Black's mistake stand, then capture.",
                  "W:Wc3,a1:Be5,h8", ("c3-d4", "let stand", "d4:f6:h8"), replies=("h8-g7", ""), referee=True)
    attempt = level.attempt()
    attempt.play("c3-d4")
    assert attempt.game.pending is not None and attempt.game.pending.move.path == ("h8", "g7")
    feedback = attempt.play("let stand")
    assert feedback.ok and feedback.message.endswith("Your move.") and attempt.position.turn == "white"
    assert attempt.play("d4:f6:h8").done  # e5, then g7 where Black stepped


def test_recording_an_attempt_twice_counts_its_mistakes_once(tmp_path):
    level = LEVELS[0]
    attempt = level.attempt()
    assert not attempt.play("h8-g7").ok  # not White's piece: refused
    progress = Progress("Ada", tmp_path)
    progress.record(attempt)
    progress.record(attempt)
    assert sum(Progress("Ada", tmp_path).mistakes.values()) == sum(1 for rule in attempt.mistakes if rule)


def test_a_write_that_fails_for_any_reason_leaves_no_scratch_file(tmp_path, monkeypatch):
    import damlib.teach.learn.progress as progress_module

    progress = Progress("Ada", tmp_path)
    monkeypatch.setattr(progress_module.json, "dump", lambda *a, **k: (_ for _ in ()).throw(TypeError("boom")))
    with pytest.raises(TypeError):
        progress.record(LEVELS[0].attempt())
    assert [p.name for p in tmp_path.iterdir()] == [f".{progress.path.name}.lock"]  # the lock, no scratch file


# -- played by clicks (LevelClicks), counted as typing would be ------------------------------


def level_by_id(name: str) -> Level:
    return next(lv for lv in LEVELS if lv.id == name)


def test_a_level_waits_for_every_landing_and_a_click_on_the_route_after_changes_nothing():
    # a5 jumps b6 onto c7, and from there must jump d6 onto e5 (DE-MAN-CAPTURE): the route is what
    # the level teaches, so the learner clicks e5 too, as the instructions say: each square in turn
    attempt = level_by_id("de-man-capture-3").attempt()
    clicks = LevelClicks(attempt)
    for square in ("a5", "c7"):
        clicks.click(square)
    assert clicks.feedback is None and clicks.path == ["a5", "c7"] and clicks.targets == {"e5"}
    clicks.click("e5")
    feedback = clicks.feedback
    assert feedback is not None and feedback.ok and feedback.done
    clicks.click("c7")  # a landing of the capture just played: nothing to say
    assert clicks.feedback is feedback and clicks.message == ""
    assert attempt.done and attempt.stars == 3 and attempt.mistakes == []


def test_after_the_levels_reply_the_square_the_learners_man_left_is_said_empty():
    # b6-c7, Black answers h4-g3, then c7-d8 crowns the man (DE-PROMOTE)
    attempt = level_by_id("de-promote-1").attempt()
    clicks = LevelClicks(attempt)
    for square in ("b6", "c7"):
        clicks.click(square)
    feedback = clicks.feedback
    assert feedback is not None and feedback.ok and [str(m) for m in attempt.game.moves] == ["b6-c7", "h4-g3"]
    clicks.click("b6")  # empty since the step, and said so; no mistake counted
    assert clicks.message == "There is no piece on b6." and attempt.mistakes == []
    for square in ("c7", "d8"):  # the man that stepped is chosen by a click, and goes on
        clicks.click(square)
    assert attempt.done and attempt.stars == 3


def test_the_square_clicked_after_a_man_that_may_not_move_is_a_mistake_as_typing_it_is():
    level = level_by_id("de-mandatory-1")  # b2 can take c3, so g3 may not step (DE-MANDATORY)
    typed = level.attempt()
    typed_feedback = typed.play("g3-h4")
    attempt = level.attempt()
    clicks = LevelClicks(attempt)
    clicks.click("g3")
    assert "DE-MANDATORY" in clicks.message and attempt.mistakes == []  # a piece, not yet a move
    clicks.click("h4")
    feedback = clicks.feedback
    assert feedback == typed_feedback and feedback.rule == "DE-MANDATORY" and not feedback.ok
    assert attempt.mistakes == typed.mistakes == ["DE-MANDATORY"] and attempt.game.moves == ()
    assert clicks.message == feedback.message
    clicks.click("f4")  # an empty square: the explanation stays
    assert clicks.feedback is feedback and clicks.message == feedback.message
    for square in ("b2", "d4"):
        clicks.click(square)
    typed.play("b2:d4")
    assert attempt.done and attempt.stars == typed.stars == 2  # one mistake costs one star


@pytest.mark.parametrize("level", LEVELS, ids=ids(LEVELS))
def test_every_square_of_the_solution_clicked_in_turn_solves_the_level_with_nothing_to_correct(level: Level):
    attempt = level.attempt()
    clicks = LevelClicks(attempt)
    for move in level.solution:
        if move in CHOICES:
            clicks.play(move)
            continue
        for square in re.split(r"[-:]", move):
            clicks.click(square)
            assert clicks.message == "", (move, square)
    assert attempt.done and attempt.stars == 3 and attempt.mistakes == []


def test_a_capture_mistake_in_a_penalty_level_says_which_rule_it_breaks_and_the_penalty():
    # de-penalty-3, W:We1:Bd2,f2,f4: e1:c3 takes d2 only, e1:g3:e5 takes f2 and f4 (DE-MAJORITY);
    # a referee lets the mistake through and the opponent may have it taken back (DE-PENALTY)
    level = next(lv for lv in LEVELS if lv.id == "de-penalty-3")
    said = level.attempt().play("e1:c3").message
    assert "DE-MAJORITY" in said and "e1:g3:e5 takes 2" in said and "DE-PENALTY" in said
    # tr-penalty-1: a move that does not capture loses at once (TR-PENALTY): said once, not twice
    level = next(lv for lv in LEVELS if lv.id == "tr-penalty-1")
    said = level.attempt().play("g3-g4").message
    assert said.count("capture mistake") == 1 and "Black wins" in said and "TR-PENALTY" in said


def test_no_goal_says_a_side_makes_a_capture_mistake_and_does_not():
    # "When Black makes a capture mistake and does not, …" did not parse
    assert not [lv.id for lv in LEVELS if "mistake and does not" in lv.goal]
