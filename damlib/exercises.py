"""Questions on positions, with the rule ID in every answer.

The public names of :mod:`damlib.teach.exercises`, where the code lives (in its layer folder).
:func:`save_worksheet` prints them (through :mod:`damlib.printed.worksheet`, loaded on first use).
``Feedback`` is ``Verdict`` now (Learn's feedback on a move is ``damlib.learn.Feedback``), kept
for one release with a warning.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from ._deprecated import renamed as _renamed
from .teach.exercises import (
    EXERCISES,
    QUESTIONS,
    AnswerClicks,
    Exercise,
    ExerciseKind,
    Question,
    Quiz,
    Verdict,
)

__all__ = [
    "EXERCISES", "QUESTIONS", "AnswerClicks", "Exercise", "ExerciseKind", "Question", "Quiz", "Verdict",
    "save_worksheet",
]

if TYPE_CHECKING:
    from matplotlib.figure import Figure


def save_worksheet(exercises: Iterable[Exercise], path: str | Path, *, answers: bool = False,
                   title: str | None = None) -> list[Figure]:
    """Save the exercises as a printable worksheet on as many A4 pages as they need, or with
    ``answers`` as the answer key: see :func:`damlib.printed.worksheet.save_worksheet`. Returns the
    pages. The printed side draws them, above the exercises: matplotlib loads on the first call."""
    from .printed.worksheet import save_worksheet as save

    return save(exercises, path, answers=answers, title=title)


_RENAMED = {"Feedback": "Verdict"}


def __getattr__(name: str) -> object:
    return _renamed(__name__, _RENAMED, globals(), name)
