"""Hints for a learner: why a move is good or wrong, a threat, what crowns.

The public names of :mod:`damlib.play.hints`, where the code lives (in its layer folder).
"""

from .play.hints import (
    Crowning,
    Hint,
    Threat,
    crownings,
    hint,
    rule_hint,
    threat,
)

__all__ = [
    "Crowning", "Hint", "Threat", "crownings", "hint", "rule_hint", "threat",
]
