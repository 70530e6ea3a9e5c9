"""Exercises, one at a time, with feedback that explains."""

from __future__ import annotations

import html
from collections.abc import Iterable

import ipywidgets as w

from .. import diagram
from ..errors import DamlibError
from ..exercises import EXERCISES, Exercise
from .common import Pictured, Steps, check_size, button, image, prose


class Exercises(Pictured, w.VBox):
    """A set of exercises, one at a time: the board, the question, an answer box,
    and feedback that explains the right answer with the rule ID.

    >>> quiz = Exercises()
    >>> quiz.answer.value = quiz.exercise.answer
    >>> quiz.check_button.click()
    >>> quiz.score
    (1, 1)
    """

    def __init__(self, exercises: Iterable[Exercise] = EXERCISES, size: int = 300) -> None:
        try:
            self.exercises = tuple(exercises)
        except TypeError:
            raise DamlibError(f"exercises must be a list of Exercise values, not {exercises!r}") from None
        if not self.exercises or not all(isinstance(e, Exercise) for e in self.exercises):
            raise DamlibError(f"exercises must be a non-empty list of Exercise values, not {exercises!r}")
        self.size = check_size(size)
        self.results: dict[int, bool] = {}
        self.steps = Steps("Exercise")
        self.image = image(b"", self.size)
        self.question = w.HTML()
        self.answer = w.Text(placeholder="your answer", continuous_update=False, layout=w.Layout(width="360px"))
        self.answer.add_class("damlib-answer")
        self.check_button = button("Check", "check my answer", "check", self.check)
        self.feedback = w.HTML()
        self.feedback.add_class("damlib-feedback")
        self.steps.reset(len(self.exercises) - 1)
        self.steps.slider.observe(lambda _: self._show(), "value")
        self._show()
        super().__init__([self.steps, self.image, self.question, w.HBox([self.answer, self.check_button]),
                          self.feedback])

    def __repr__(self) -> str:
        return f"<Exercises: {len(self.exercises)} questions>"

    @property
    def exercise(self) -> Exercise:
        return self.exercises[self.steps.slider.value]

    @property
    def score(self) -> tuple[int, int]:
        """(right answers, questions answered)."""
        return sum(self.results.values()), len(self.results)

    def picture(self) -> bytes:
        """The exercise's board with its question under it."""
        return self._board(caption=self.exercise.question)

    def _board(self, **annotations: str) -> bytes:
        task, number = self.exercise, self.steps.slider.value + 1
        return diagram.png(task.position, title=f"{number}. {task.rules.name}, {task.position.turn} to move",
                           size=self.size, **annotations)

    def _show(self) -> None:
        task = self.exercise
        self.image.value = self._board()
        self.question.value = prose(f"<b>{html.escape(task.question)}</b>")
        self.answer.value = ""
        self.feedback.value = ""

    def check(self) -> None:
        """Check the answer in the box and explain."""
        verdict = self.exercise.check(self.answer.value)
        self.results[self.steps.slider.value] = verdict.correct
        right, answered = self.score
        mark = "✔" if verdict.correct else "✘"
        self.feedback.value = prose(f"{mark} {html.escape(verdict.text)}<br><i>Score: {right} of {answered}</i>")
