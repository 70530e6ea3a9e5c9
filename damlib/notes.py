"""A lesson's notes and the answers a learner opens.

The public names of :mod:`damlib.drawing.notes`, where the code lives (in its layer folder).
"""

from .drawing.notes import (
    Answer,
    Note,
)

__all__ = [
    "Answer", "Note",
]
