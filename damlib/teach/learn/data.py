"""The levels, stage by stage in each game, in the lessons' order. Every solution is checked by
the engine when the level is made (see :class:`~damlib.learn.Level`). The levels themselves
are in :mod:`.german`, :mod:`.russian` and :mod:`.turkish`."""

from __future__ import annotations

from ...engine import language
from ...engine.errors import DamlibError
from ...engine.position import Variant
from ...engine.variants import GERMAN, RUSSIAN, TURKISH, game_name, rules
from . import german, russian, turkish
from .german import LEVELS as GERMAN_LEVELS
from .levels import Level
from .russian import LEVELS as RUSSIAN_LEVELS
from .turkish import LEVELS as TURKISH_LEVELS

#: Every sentence a learner or teacher reads here, whole, with named placeholders (``{rule}`` a
#: rule ID, quoted; ``{part}`` a number; ``{game}`` a game no level is written for, as
#: :func:`~damlib.engine.variants.game_name` says it). A game with levels is not a placeholder:
#: each has its whole template.
TEXTS: dict[str, str] = {
    # the name of each stage of :data:`STAGES`, as a menu shows it
    # for_rule, where no level practises the rule asked for
    "no-level": "no level practises {rule}",
    "no-level-part": "no level practises {rule} (part {part})",
    "no-level-german": "no level practises {rule} in German draughts",
    "no-level-part-german": "no level practises {rule} (part {part}) in German draughts",
    "no-level-russian": "no level practises {rule} in Russian draughts",
    "no-level-part-russian": "no level practises {rule} (part {part}) in Russian draughts",
    "no-level-turkish": "no level practises {rule} in Turkish draughts",
    "no-level-part-turkish": "no level practises {rule} (part {part}) in Turkish draughts",
    "no-level-other": "no level practises {rule} in {game}",
    "no-level-part-other": "no level practises {rule} (part {part}) in {game}",
    # a level or goal written wrongly (found as damlib loads): {module} a module's, {level} a level's id
    "stray-goals": "{module}: goals without a level: {goals}",
    "not-in-order": "level {level}: {rule} is not in {game}'s teaching order",
    "no-stage": "level {level} is not in any stage",
}


#: the sentence of :data:`TEXTS` under a key, its placeholders filled
say = language.sayer(TEXTS)

#: Each game's levels, in teaching order.
STAGES: dict[str, tuple[Level, ...]] = {
    GERMAN.name: GERMAN_LEVELS, RUSSIAN.name: RUSSIAN_LEVELS, TURKISH.name: TURKISH_LEVELS,
}

#: Every level, game by game, in teaching order.
LEVELS: tuple[Level, ...] = GERMAN_LEVELS + RUSSIAN_LEVELS + TURKISH_LEVELS

for _module in (german, russian, turkish):  # a goal no level has would be translated for nothing
    _stray = set(_module.TEXTS) - {level.id for level in _module.LEVELS}
    if _stray:
        raise DamlibError(say("stray-goals", module=_module.__name__, goals=", ".join(sorted(_stray))))


_GERMAN_ORDER = ("DE-BOARD", "DE-START", "DE-MAN-MOVE", "DE-MAN-CAPTURE", "DE-WIN", "DE-MANDATORY", "DE-PROMOTE",
                 "DE-KING", "DE-MAJORITY", "DE-STRIKE", "DE-PROMOTE-PASS", "DE-DRAW", "DE-PENALTY")
#: Each game's rules in the order a learner meets them: the lesson sections, each headed by the
#: rule it teaches (notebooks 02 and 03 for German; 04 for Russian, which comes after both
#: German lessons and adds RU-PROMOTE; 05 for Turkish, which teaches TR-PROMOTE twice: the step
#: onto the last rank, then crowning mid-capture once captures are known). The Russian stage goes
#: over the German rules again, in their order, with RU-PROMOTE's levels after the kings'.
TEACHING_ORDER: dict[str, tuple[str, ...]] = {
    GERMAN.name: _GERMAN_ORDER,
    RUSSIAN.name: (*_GERMAN_ORDER, "RU-PROMOTE"),
    TURKISH.name: ("TR-BOARD", "TR-START", "TR-MAN-MOVE", "TR-MAN-CAPTURE", "TR-WIN", "TR-MANDATORY",
                   "TR-PROMOTE", "TR-KING", "TR-MAJORITY", "TR-REMOVE", "TR-PROMOTE", "TR-DRAW", "TR-PENALTY"),
}


def _taught() -> tuple[dict[str, frozenset[str]], dict[str, int]]:
    """For each level's ID, the rules taught by the time it is practised, and which section of
    its rule's lesson it practises (1, or 2 for a rule taught in two parts). A stage's levels go
    through the teaching order: a level practises the next section of its rule; a level whose
    rule's section came before (a Russian level on a German rule, practised in lesson 04) is a
    review, practised where the stage has got to."""
    found, sections = {}, {}
    for game, stage in STAGES.items():
        # the rules the lessons before a game's own have taught: German's, before lesson 04
        order, at = TEACHING_ORDER[game], len(_GERMAN_ORDER) - 1 if game == RUSSIAN.name else -1
        for level in stage:
            ahead = [n for n in range(max(at, 0), len(order)) if order[n] == level.rule]
            if ahead:
                at = ahead[0]
            elif level.rule not in order[:at + 1]:
                raise DamlibError(say("not-in-order", level=level.id, rule=level.rule, game=game))
            found[level.id] = frozenset(order[:at + 1])
            sections[level.id] = max(1, order[:at + 1].count(level.rule))
    return found, sections


_TAUGHT, _SECTION = _taught()


def taught(level: Level) -> frozenset[str]:
    """The rules a learner has been taught when practising ``level``: the lesson sections up to
    the one that practises it (see :data:`TEACHING_ORDER`). Its solution should use no other
    (:attr:`Level.uses`).

    >>> sorted(taught(STAGES["German"][6]))
    ['DE-BOARD', 'DE-MAN-MOVE', 'DE-START']
    """
    if level.id not in _TAUGHT:
        raise DamlibError(say("no-stage", level=level.id))
    return _TAUGHT[level.id]


def for_rule(rule: str, game: Variant | None = None, *, part: int | None = None) -> tuple[Level, ...]:
    """The levels that practise ``rule`` (in ``game`` only, if given), in teaching order; for a
    rule the lessons teach in two parts (TR-PROMOTE: by a step, then in a capture), ``part``
    picks those of one part.

    >>> [level.id for level in for_rule("RU-PROMOTE")][:1]
    ['ru-promote-1']
    >>> [level.id for level in for_rule("TR-PROMOTE", "turkish", part=2)]
    ['tr-promote-3']
    """
    chosen = None if game is None else rules(game)
    found = tuple(lv for lv in LEVELS if lv.rule == rule and (chosen is None or lv.rules == chosen)
                  and (part is None or _SECTION.get(lv.id) == part))
    if not found:
        key = "no-level" if part is None else "no-level-part"
        if chosen is not None:
            key += f"-{chosen.name.lower()}" if chosen.name in STAGES else "-other"
        raise DamlibError(say(key, rule=repr(rule), part=part, game=game_name(chosen) if chosen else ""))
    return found
