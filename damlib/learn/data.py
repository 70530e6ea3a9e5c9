"""The levels, stage by stage in each game, in the lessons' order. Every solution is checked by
the engine when the level is made (see :class:`~damlib.learn.Level`). The levels themselves
are in :mod:`.german`, :mod:`.russian` and :mod:`.turkish`."""

from __future__ import annotations

from ..errors import DamlibError
from ..position import Variant
from ..variants import GERMAN, RUSSIAN, TURKISH, rules
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


def for_rule(rule: str, game: Variant | None = None) -> tuple[Level, ...]:
    """The levels that practise ``rule`` (in ``game`` only, if given), in teaching order.

    >>> [level.id for level in for_rule("RU-PROMOTE")][:1]
    ['ru-promote-1']
    """
    chosen = None if game is None else rules(game)
    found = tuple(lv for lv in LEVELS if lv.rule == rule and (chosen is None or lv.game == chosen))
    if not found:
        where = f" in {chosen.name} draughts" if chosen else ""
        raise DamlibError(f"no level practises {rule!r}{where}")
    return found
