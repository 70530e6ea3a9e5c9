"""A simple computer opponent: alpha-beta search on material and advancement.

It plays sensibly rather than strongly — enough for a learner to play alone.

>>> from damlib import Position
>>> from damlib.search import best_move
>>> str(best_move(Position.from_fen("W:Wc3,g3:Bd4,h8", "german")))
'c3:e5'
"""

from __future__ import annotations

import time

from . import movegen
from .errors import GameOverError
from .position import Move, Position

MAN, KING = 100, 300
WIN = 100_000


def _evaluate(board: movegen.Board, white: bool) -> int:
    """Material plus a little for advanced men, from the side to move's view."""
    score = 0
    for square, v in enumerate(board):
        if v == 1:
            score += MAN + 3 * (square // 8)
        elif v == -1:
            score -= MAN + 3 * (7 - square // 8)
        elif v == 2:
            score += KING
        elif v == -2:
            score -= KING
    return score if white else -score


class _Timeout(Exception):
    pass


def best_move(position: Position, max_depth: int = 6, seconds: float = 0.5) -> Move:
    """The move the search likes best, deepening until ``seconds`` run out.

    Raises :class:`~damlib.errors.GameOverError` when there is no legal move.
    """
    deadline = time.perf_counter() + seconds
    moves = position.legal_moves
    if not moves:
        raise GameOverError("there is no legal move to choose", position.rules.rule_id("win"))
    if len(moves) == 1:
        return moves[0]
    rules = position.rules
    gens = (movegen.generator(rules, False), movegen.generator(rules, True))
    clock = time.perf_counter

    def negamax(board: movegen.Board, white: bool, depth: int, alpha: int, beta: int) -> int:
        # One node can take long (a king with thousands of captures), so the clock
        # is read at every node, and the generator reads it during a long search.
        if clock() > deadline:
            raise _Timeout
        try:
            children = gens[white].legal(board, deadline=deadline)
        except movegen.OutOfTime:
            raise _Timeout from None
        if not children:
            return -WIN - depth  # losing sooner is worse
        if depth <= 0 and not children[0][1]:
            return _evaluate(board, white)
        best = -WIN * 2
        for raw in children:
            # captures extend the search by a ply, so exchanges are seen through
            score = -negamax(movegen.apply(board, raw), not white, depth - (0 if raw[1] else 1), -beta, -alpha)
            if score > best:
                best = score
                alpha = max(alpha, score)
                if alpha >= beta:
                    break
        return best

    choice = moves[0]
    order = list(moves)
    for depth in range(1, max_depth + 1):
        try:
            scored = []
            alpha = -WIN * 2
            for move in order:
                after = movegen.apply(position._board, move._raw)
                score = -negamax(after, not position._white, depth - 1, -WIN * 2, -alpha)
                scored.append((score, move))
                alpha = max(alpha, score)
        except _Timeout:
            break
        scored.sort(key=lambda pair: -pair[0])
        order = [move for _, move in scored]
        choice = order[0]
    return choice
