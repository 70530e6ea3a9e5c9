"""A lesson's notes and the answers a learner opens.

The public names of :mod:`damlib.teach.notes`, where the code lives (in its layer folder).
"""

from .teach.notes import (
    Answer,
    Note,
)

__all__ = [
    "Answer", "Note",
]
