"""Exercises, one at a time, with feedback that explains."""

from __future__ import annotations

import html
import io
import tempfile
from collections.abc import Iterable
from pathlib import Path

import ipywidgets as w

from .. import diagram
from ..errors import DamlibError
from ..exercises import EXERCISES, Exercise, save_worksheet
from .common import Pictured, Steps, button, check_size, image, prose


class Exercises(Pictured, w.VBox):
    """A set of exercises, one at a time: the board, the question, an answer box,
    and feedback that explains the right answer with the rule ID.

    >>> quiz = Exercises()
    >>> quiz.answer.value = quiz.exercise.answer
    >>> quiz.check_button.click()
    >>> quiz.score
    (1, 1)
    """

    def __init__(self, exercises: Iterable[Exercise] = EXERCISES, size: int | None = None) -> None:
        try:
            self.exercises = tuple(exercises)
        except TypeError:
            raise DamlibError(f"exercises must be a list of Exercise values, not {exercises!r}") from None
        if not self.exercises or not all(isinstance(e, Exercise) for e in self.exercises):
            raise DamlibError(f"exercises must be a non-empty list of Exercise values, not {exercises!r}")
        self.size = check_size(size, share=0.8)
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


class SaveWorksheet(Pictured, w.VBox):
    """A button that saves exercises as a printable worksheet and its answer key (PDF)
    in ``folder``; its picture is the worksheet page, so a teacher sees it before printing.

    >>> import tempfile
    >>> saver = SaveWorksheet(EXERCISES[:2], folder=tempfile.mkdtemp())
    >>> saver.save_button.click()
    >>> "draughts-answer-key.pdf" in saver.message.value
    True
    """

    NAMES = ("draughts-worksheet.pdf", "draughts-answer-key.pdf")

    def __init__(self, exercises: Iterable[Exercise] = EXERCISES, folder: str | Path = ".") -> None:
        self.exercises = tuple(exercises)
        if not self.exercises or not all(isinstance(e, Exercise) for e in self.exercises):
            raise DamlibError(f"exercises must be a non-empty list of Exercise values, not {exercises!r}")
        if not isinstance(folder, (str, Path)):
            raise DamlibError(f"folder must be a folder's path, not {folder!r}")
        self.folder = Path(folder)
        self.save_button = button("Save the worksheet and answer key", "save both as PDF", "save", self.save)
        self.message = w.HTML()
        super().__init__([self.save_button, self.message])

    def __repr__(self) -> str:
        return f"<SaveWorksheet: {len(self.exercises)} questions>"

    def picture(self) -> bytes:
        """The worksheet's page, small: enough to see what will be printed."""
        from PIL import Image

        with tempfile.TemporaryDirectory() as scratch:
            page = Path(scratch) / "worksheet.png"
            save_worksheet(self.exercises, page)
            with Image.open(page) as sheet:
                sheet.thumbnail((600, 900))
                out = io.BytesIO()
                sheet.convert("RGB").save(out, format="png", optimize=True)
        return out.getvalue()

    def save(self) -> None:
        """Save both files; say where, or why not."""
        sheet, key = (self.folder / name for name in self.NAMES)
        try:
            save_worksheet(self.exercises, sheet)
            save_worksheet(self.exercises, key, answers=True)
        except (OSError, DamlibError) as error:
            self.message.value = prose(f"<b>Not saved:</b> {html.escape(str(error))}")
            return
        self.message.value = prose(f"Saved {html.escape(str(sheet))} and {html.escape(str(key))}.")
