"""The computer opponent: a time-limited search at three strengths.

The public names of :mod:`damlib.play.search`, where the code lives (in its layer folder).
"""

from .play.search import (
    LEVELS,
    Analysis,
    Level,
    analyse,
    best_move,
    level_of,
)

__all__ = [
    "LEVELS", "Analysis", "Level", "analyse", "best_move", "level_of",
]
