"""The levels, stage by stage in each game, in the lessons' order. Every solution is checked by
the engine when the level is made (see :class:`~damlib.learn.Level`). The levels themselves
are in :mod:`.german`, :mod:`.russian` and :mod:`.turkish`."""

from __future__ import annotations

from ..variants import GERMAN, RUSSIAN, TURKISH
from .german import LEVELS as GERMAN_LEVELS
from .levels import Level
from .russian import LEVELS as RUSSIAN_LEVELS
from .turkish import LEVELS as TURKISH_LEVELS

#: Each game's levels, in teaching order.
STAGES: dict[str, tuple[Level, ...]] = {
    GERMAN.name: GERMAN_LEVELS, RUSSIAN.name: RUSSIAN_LEVELS, TURKISH.name: TURKISH_LEVELS,
}
#: Every level, game by game, in teaching order.
LEVELS: tuple[Level, ...] = GERMAN_LEVELS + RUSSIAN_LEVELS + TURKISH_LEVELS
