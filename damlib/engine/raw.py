"""Positions as plain values, for code that must be quick: the computer's search and its evaluation.

A raw board is :attr:`~damlib.Position.board`, the 64 squares a1, b1, … h8 as numbers (0 empty, 1
a White man, 2 a White king, -1 and -2 Black's). A raw move is ``(path, captured, promotes)`` in
square numbers (a1 is 0, h8 is 63): a :class:`~damlib.Move` without names. Every function takes
the game's rules first, then the board, then the side to move, as :class:`~damlib.Position` holds
them; the move generator behind them is the engine's own, and private to it.

>>> from damlib import Position
>>> pos = Position.from_fen("W:We3:Bd4,f4,b6", "german")
>>> moves = legal(pos.rules, pos.board, True)
>>> moves
[((20, 34, 48), (27, 41), False)]
>>> to_move(moves[0], pos), play(pos.board, moves[0])[48]
(Move('e3:c5:a7'), 1)
"""

from __future__ import annotations

from .capturestates import OutOfTime
from .movegen import RawBoard, RawMove, apply, generator
from .position import Move, Position
from .variants import Rules

__all__ = ["OutOfTime", "RawBoard", "RawMove", "king_step_rays", "legal", "man_steps", "play", "raw_move", "to_move"]


def legal(rules: Rules, board: RawBoard, white: bool, *, deadline: float | None = None) -> list[RawMove]:
    """The legal moves on ``board``, White's if ``white``, one route per move. By ``deadline`` (a
    :func:`time.perf_counter` time) a long search raises :class:`OutOfTime`."""
    return generator(rules, white).legal(board, deadline=deadline)


def play(board: RawBoard, move: RawMove) -> RawBoard:
    """The board after ``move``: the pieces it jumped gone, a man it crowns a king."""
    return apply(board, move)


def to_move(raw: RawMove, position: Position) -> Move:
    """``raw``, a move on ``position``'s board, as the :class:`~damlib.Move` played from it."""
    return Move._from_raw(raw, position)


def raw_move(move: Move) -> RawMove:
    """``move`` as a raw move.

    >>> raw_move(Position.start("german").legal_moves[0])
    ((16, 25), (), False)
    """
    return move._raw


def man_steps(rules: Rules, white: bool) -> tuple[tuple[int, ...], ...]:
    """For each square, the squares a man of White (if ``white``) may step to from it."""
    return generator(rules, white).man_steps


def king_step_rays(rules: Rules) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """For each square, a king's lines outward, nearest square first (one square long for a
    game's short kings)."""
    return generator(rules, True).king_step_rays
