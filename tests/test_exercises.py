"""The exercise checker: right answers accepted, wrong ones explained with the rule ID."""

import re

import pytest

from damlib.errors import DamlibError
from damlib.exercises import EXERCISES, Exercise, save_worksheet
from damlib.widgets import Exercises


# The class set's answers, worked out by hand from docs/rules.md.
ANSWERS = {
    ("W:Wc3,g3:Bd4,h8", "german", "moves"): "c3:e5",
    ("W:Wa3,e3:Bb4,d4,f4,b6", "german", "most"): "2",
    ("W:Wb6:Bc7,e7", "german", "crown"): "no",
    ("B:Wa1,c1:Bb2", "german", "winner"): "white",
    ("W:Wc5,h2:Bd6,f6", "german", "moves"): "c5:e7:g5",
    ("W:Wb6:Bc7,e7", "russian", "crown"): "yes",
    ("W:Wb6:Bc7,f6", "russian", "moves"): "b6:d8:g5, b6:d8:h4",
    ("W:WKa1:Bc3,f4,f2,b4", "russian", "most"): "3",
    ("W:Wh2:Bg3,f4", "russian", "winner"): "black",
    ("W:Wd4:Be5,h7", "turkish", "moves"): "d4:f6",
    ("W:Wd4:Bd6,h7", "turkish", "moves"): "d4-c4, d4-e4, d4-d5, d4-c5, d4-e5",
    ("W:WKa1:Ba3,c5,d4,b3", "turkish", "most"): "4",
    ("W:Wd6:Bd7,Kb8", "turkish", "crown"): "yes",
    ("W:Wa7:BKa8,b7,Kb8,c7", "turkish", "winner"): "black",
}


def test_the_class_set_has_every_kind_for_every_game():
    kinds = {(t.variant, t.kind) for t in EXERCISES}
    assert kinds == {(g, k) for g in ("german", "russian", "turkish") for k in ("moves", "most", "crown", "winner")}
    assert {(t.fen, t.variant, t.kind) for t in EXERCISES} == set(ANSWERS)


@pytest.mark.parametrize("task", EXERCISES, ids=[f"{t.variant}-{t.kind}-{t.fen}" for t in EXERCISES])
def test_every_exercise_has_the_right_answer_and_cites_a_rule(task):
    expected = ANSWERS[(task.fen, task.variant, task.kind)]
    assert set(task.answer.split(", ")) == set(expected.split(", "))
    verdict = task.check(expected)
    assert verdict.correct and verdict.text.startswith("Right")
    if task.kind != "moves":
        assert re.search(r"\((DE|RU|TR)-[A-Z-]+\)", verdict.text)


def test_the_answer_comes_from_the_rules_not_from_a_table():
    german = Exercise("W:Wb6:Bc7,e7", "german", "crown", "b6:d8:f6")
    russian = Exercise("W:Wb6:Bc7,e7", "russian", "crown", "b6:d8:f6")
    assert (german.answer, russian.answer) == ("no", "yes")
    assert "DE-PROMOTE-PASS" in german.check("yes").text and not german.check("yes").correct
    assert russian.check("Y").correct and "RU-PROMOTE" in russian.check("no").text


def test_wrong_moves_are_explained_one_by_one():
    task = Exercise("W:Wc3,g3:Bd4,h8", "german", "moves")
    verdict = task.check("g3-h4, c3:e5")
    assert not verdict.correct and "DE-MANDATORY" in verdict.text and "g3-h4" in verdict.text
    missing = task.check("g3-h4")
    assert not missing.correct and "You missed c3:e5" in missing.text
    assert task.check("c3xe5").correct  # any notation the engine reads


def test_most_and_winner_answers():
    most = Exercise("W:Wa3,e3:Bb4,d4,f4,b6", "german", "most")
    assert most.answer == "2" and not most.check("3").correct and "DE-MAJORITY" in most.check("3").text
    winner = Exercise("W:Wa7:BKa8,b7,Kb8,c7", "turkish", "winner")
    assert winner.check("black").correct and "TR-WIN" in winner.check("white").text


def test_winner_answers_may_be_written_as_sentences():
    task = Exercise("B:Wa1,c1:Bb2", "german", "winner")
    assert task.check("White wins").correct and task.check("white.").correct
    assert not task.check("Black wins").correct


def test_broken_exercises_are_refused():
    with pytest.raises(DamlibError, match="unknown exercise kind"):
        Exercise("W:Wc3:Bd4", "german", "riddle")
    with pytest.raises(DamlibError):
        Exercise("W:Wc3:Bd4", "german", "crown", "c3-d4")  # not legal here
    with pytest.raises(DamlibError, match="needs a move"):
        Exercise("W:Wc3:Bd4", "german", "crown")
    with pytest.raises(DamlibError, match="not over"):
        Exercise("W:Wc3:Bf6", "german", "winner")


def test_worksheet_and_answer_key_pdfs(tmp_path):
    sheet = save_worksheet(EXERCISES[:4], tmp_path / "sheet.pdf")
    key = save_worksheet(EXERCISES[:4], tmp_path / "key.pdf", answers=True)
    assert len(sheet.axes) == 4 and len(key.axes) == 4
    assert (tmp_path / "sheet.pdf").read_bytes().startswith(b"%PDF")
    assert (tmp_path / "key.pdf").stat().st_size > 0


def test_exercise_widget_checks_and_scores():
    quiz = Exercises()
    first_image = quiz.image.value
    quiz.answer.value = "nonsense"
    quiz.check_button.click()
    assert "✘" in quiz.feedback.value and quiz.score == (0, 1)
    quiz.answer.value = quiz.exercise.answer
    quiz.check_button.click()
    assert "✔" in quiz.feedback.value and quiz.score == (1, 1)
    quiz.steps.buttons["next"].click()
    assert quiz.image.value != first_image and quiz.feedback.value == "" and quiz.answer.value == ""
    assert quiz.question.value.count("?") == 1
