"""The computer opponent: a time-limited search at three strengths.

The public names of :mod:`damlib.play.search`, where the code lives (in its layer folder).
``LEVELS``, ``Level`` and ``level_of`` are ``STRENGTHS``, ``Strength`` and ``strength_of`` now
(``damlib.learn.LEVELS`` are the lessons' levels), kept for one release with a warning.
"""

from ._deprecated import renamed as _renamed
from .play.search import (
    STRENGTHS,
    Analysis,
    Strength,
    analyse,
    best_move,
    strength_of,
)

__all__ = [
    "STRENGTHS", "Analysis", "Strength", "analyse", "best_move", "strength_of",
]

_RENAMED = {"LEVELS": "STRENGTHS", "Level": "Strength", "level_of": "strength_of"}


def __getattr__(name: str) -> object:
    return _renamed(__name__, _RENAMED, globals(), name)
