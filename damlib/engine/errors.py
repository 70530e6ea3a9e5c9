"""The exceptions damlib raises on bad input.

Every one is a :class:`DamlibError`, itself a :class:`ValueError`, so callers
can catch all of damlib's complaints at once. An object that raised keeps the
state it had before the call.
"""

from __future__ import annotations

import reprlib
from typing import Any, TypeVar

_SHORT = reprlib.Repr()
_SHORT.maxstring = _SHORT.maxother = 60
T = TypeVar("T")

#: What a bad argument of any kind is told, for every module that checks one (``{keyword}`` the
#: argument's Python name, ``{value}`` what was given, both as they are); said through
#: :mod:`damlib.engine.language`, which imports this module, so not said here but by :func:`told`.
TEXTS: dict[str, str] = {
    "not-flag": "{keyword} must be True or False, not {value}",
    "not-kind": "{keyword} must be a {kinds}, not {value}",
    "kinds-joined": "{kinds} or {kind}",
}


def shown(value: object) -> str:
    """``value`` as a message shows it: its repr, shortened if long, so that a
    huge bad input does not make a huge message.

    >>> shown("x" * 1000)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxxxxxxxxxxxx'"
    """
    return _SHORT.repr(value)


class DamlibError(ValueError):
    """Base class of every error damlib raises for bad input."""


class VariantError(DamlibError):
    """An unknown variant name."""


class SquareError(DamlibError):
    """A malformed square name, or a square not on the board."""


class FenError(DamlibError):
    """Malformed or impossible FEN or diagram text."""


class DiagramError(DamlibError):
    """A diagram option with a bad value (an unknown colour, a wrong type...)."""


class MoveTextError(DamlibError):
    """Move text that cannot be read as a move at all."""


class IllegalMoveError(DamlibError):
    """A move the rules forbid.

    ``rule`` holds the ID of the rule that forbids it (for example
    ``"DE-MAJORITY"``), or ``None`` when no rule is involved (such as moving
    from an empty square).
    """

    def __init__(self, message: str, rule: str | None = None) -> None:
        super().__init__(message)
        self.rule = rule


class AmbiguousMoveError(IllegalMoveError):
    """Move text that names several legal moves; ``candidates`` lists them."""

    def __init__(self, message: str, candidates: tuple[Any, ...] = ()) -> None:
        super().__init__(message)
        self.candidates = candidates


class GameOverError(IllegalMoveError):
    """A move played after the game has ended."""


def require(value: T, kind: type | tuple[type, ...], name: str) -> T:
    """``value`` if it is a ``kind``; else a DamlibError naming ``name`` and what was given
    instead (a public function's first check, so a wrong type never escapes as an
    AttributeError from deep inside).

    >>> require(3, str, "move")
    Traceback (most recent call last):
    ...
    damlib.engine.errors.DamlibError: move must be a str, not 3
    """
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if not isinstance(value, kinds) or isinstance(value, bool) and bool not in kinds:  # True is no number here
        names = [k.__name__ for k in kinds]
        joined = names[0]
        for other in names[1:]:
            joined = told("kinds-joined", kinds=joined, kind=other)
        raise DamlibError(told("not-kind", keyword=name, kinds=joined, value=shown(value)))
    return value


def told(key: str, /, **fields: object) -> str:
    """The sentence ``key`` of :data:`TEXTS` in the chosen language (the language module imports
    this one: it is looked up when said)."""
    from . import language

    return language.say(key, TEXTS, **fields)
