"""Squares and the lines between them.

A square is a number 0–63 inside damlib (a1 = 0, b1 = 1, …, h8 = 63) and a name
such as ``"c3"`` outside it. :func:`tables` turns a :class:`~damlib.engine.variants.Rules`
value into the neighbour and ray tables the move generator walks, once per game.
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from . import language
from .errors import SquareError, shown
from .variants import Direction, Rules, game_name

TEXTS: dict[str, str] = {
    "not-a-square": "{text} is not a square name: use a file a–h and a rank 1–8, like 'c3'",
    "off-board": "{square} is not a playable square in {game} ({rule}: play is on the squares of a1's colour)",
}
say = language.sayer(TEXTS)

FILES = "abcdefgh"
SQUARE_NAMES: tuple[str, ...] = tuple(f + r for r in "12345678" for f in FILES)
_BY_NAME = {name: i for i, name in enumerate(SQUARE_NAMES)}


def dark(square: int) -> bool:
    """Whether ``square`` has a1's colour: dark on a real board."""
    return (square % 8 + square // 8) % 2 == 0


def playable(square: int, rules: Rules) -> bool:
    """Whether ``square`` is one the game is played on (DE-BOARD, TR-BOARD)."""
    return rules.all_squares or dark(square)


def square_number(text: str) -> int:
    """The number of the square named ``text`` on the 8×8 board, in any game."""
    name = text.strip().lower() if isinstance(text, str) else None
    if name not in _BY_NAME:
        raise SquareError(say("not-a-square", text=shown(text)))
    return _BY_NAME[name]


def parse_square(text: str, rules: Rules) -> int:
    """The number of the square named ``text``, which must be one the game is played on.

    >>> from damlib.engine.variants import GERMAN
    >>> parse_square("c3", GERMAN)
    18
    """
    square = square_number(text)
    if not playable(square, rules):
        raise SquareError(off_board(SQUARE_NAMES[square], rules))
    return square


def off_board(name: str, rules: Rules) -> str:
    """Why a piece cannot stand on the square ``name``, which is no square of play in ``rules``."""
    return say("off-board", square=name, game=game_name(rules), rule=rules.cite("board"))


class Tables(NamedTuple):
    """Precomputed moves for one colour in one game, indexed by square."""

    man_steps: tuple[tuple[int, ...], ...]
    #: (direction index, jumped square, landing square) triples
    man_jumps: tuple[tuple[tuple[int, int, int], ...], ...]
    #: (direction index, squares along the line outward) pairs
    king_rays: tuple[tuple[tuple[int, tuple[int, ...]], ...], ...]
    #: the opposite of each direction index, for the 180° turn ban
    opposite: tuple[int, ...]
    last_rank: frozenset[int]


def _ray(square: int, d: Direction) -> tuple[int, ...]:
    f, r = square % 8, square // 8
    out: list[int] = []
    while True:
        f, r = f + d[0], r + d[1]
        if not (0 <= f < 8 and 0 <= r < 8):
            return tuple(out)
        out.append(r * 8 + f)


@cache
def tables(rules: Rules, white: bool) -> Tables:
    """The move tables for White (``white=True``) or Black in ``rules``."""
    flip = 1 if white else -1
    directions = sorted(
        {(df, dr * flip) for df, dr in rules.man_steps + rules.man_captures + rules.king_directions}
        | {(-df, -dr * flip) for df, dr in rules.king_directions}
    )
    index = {d: i for i, d in enumerate(directions)}
    squares = range(64)
    rays = [{d: _ray(s, d) for d in directions} for s in squares]
    men_step = [(df, dr * flip) for df, dr in rules.man_steps]
    men_jump = [(df, dr * flip) for df, dr in rules.man_captures]
    king = [(df, dr * flip) for df, dr in rules.king_directions]
    return Tables(
        man_steps=tuple(tuple(rays[s][d][0] for d in men_step if rays[s][d]) for s in squares),
        man_jumps=tuple(
            tuple((index[d], rays[s][d][0], rays[s][d][1]) for d in men_jump if len(rays[s][d]) > 1)
            for s in squares
        ),
        king_rays=tuple(
            tuple(
                (index[d], rays[s][d] if rules.long_kings else rays[s][d][:2])
                for d in king
                if rays[s][d]
            )
            for s in squares
        ),
        opposite=tuple(index.get((-df, -dr), -1) for df, dr in directions),
        last_rank=frozenset(range(56, 64) if white else range(8)),
    )
