"""Questions on positions, with the rule ID in every answer.

The public names of :mod:`damlib.teach.exercises`, where the code lives (in its layer folder).
"""

from .teach.exercises import (
    EXERCISES,
    QUESTIONS,
    AnswerClicks,
    Exercise,
    ExerciseKind,
    Feedback,
    Question,
    Quiz,
    save_worksheet,
)

__all__ = [
    "EXERCISES", "QUESTIONS", "AnswerClicks", "Exercise", "ExerciseKind", "Feedback", "Question", "Quiz",
    "save_worksheet",
]
