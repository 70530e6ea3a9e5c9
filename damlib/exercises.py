"""Questions on positions, with the rule ID in every answer.

The public names of :mod:`damlib.teach.exercises`, where the code lives (in its layer folder).
``Feedback`` is ``Verdict`` now (Learn's feedback on a move is ``damlib.learn.Feedback``), kept
for one release with a warning.
"""

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
    save_worksheet,
)

__all__ = [
    "EXERCISES", "QUESTIONS", "AnswerClicks", "Exercise", "ExerciseKind", "Question", "Quiz", "Verdict",
    "save_worksheet",
]

_RENAMED = {"Feedback": "Verdict"}


def __getattr__(name: str) -> object:
    return _renamed(__name__, _RENAMED, globals(), name)
