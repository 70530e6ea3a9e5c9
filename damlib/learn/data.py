"""The levels, stage by stage in each game, in the lessons' order. Every solution is checked by
the engine when the level is made (see :class:`~damlib.learn.Level`)."""

from __future__ import annotations

from ..variants import GERMAN, RUSSIAN, TURKISH
from .levels import Level

L = Level

GERMAN_LEVELS = (
    L("de-man-move-1", GERMAN, "DE-MAN-MOVE", "Move the man one square diagonally forward, to the right.",
      "W:Wc1:Bh8", ("c1-d2",)),
    L("de-majority-1", GERMAN, "DE-MAJORITY", "Capture as many pieces as the rules require.",
      "W:Wc3:Bb4,d4,d6,h8", ("c3:e5:c7",)),
    L("de-promote-1", GERMAN, "DE-PROMOTE", "Make a king in two moves.", "W:Wb6:Bh4", ("b6-c7", "c7-d8"),
      replies=("h4-g3",), accept="king"),
)

RUSSIAN_LEVELS: tuple[Level, ...] = ()
TURKISH_LEVELS: tuple[Level, ...] = ()

#: Each game's levels, in teaching order.
STAGES: dict[str, tuple[Level, ...]] = {
    GERMAN.name: GERMAN_LEVELS, RUSSIAN.name: RUSSIAN_LEVELS, TURKISH.name: TURKISH_LEVELS,
}
#: Every level, game by game, in teaching order.
LEVELS: tuple[Level, ...] = GERMAN_LEVELS + RUSSIAN_LEVELS + TURKISH_LEVELS
