"""How good a position looks to the computer, in hundredths of a man, without searching.

Material first (a king is worth more than a man: three men with long kings), then what a
player is taught to look at: men that have come forward or are about to crown, a guarded back
rank, room to move, and in an ending the technique that turns more material into a win — trade
when ahead, bring the kings close, take the opponent's room, hold the long diagonal.

>>> from damlib import Position
>>> from damlib.play.evaluation import evaluate
>>> start = Position.start("german")
>>> evaluate(start.rules, start.board, True)
0
>>> up = Position.from_fen("W:Wc3,e3:Bd6", "german")
>>> evaluate(up.rules, up.board, True) > 100, evaluate(up.rules, up.board, False) < -100
(True, True)
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from ..engine.raw import RawBoard, king_step_rays, man_steps
from ..engine.variants import Rules

MAN = 100
#: a long king (DE-KING, TR-KING) controls whole lines; a short one little more than a man
LONG_KING, SHORT_KING = 300, 160


class Weights(NamedTuple):
    """What the evaluation reads for one game, worked out once."""

    king: int
    #: bonus of a white man on each square for how far it has come, and for guarding the
    #: back rank against the other side's crowning; Black's is mirrored
    white_shape: tuple[int, ...]
    black_shape: tuple[int, ...]
    back_ranks: tuple[int, ...]
    #: the steps whose empty squares count as a man's room to move
    white_steps: tuple[tuple[int, ...], ...]
    black_steps: tuple[tuple[int, ...], ...]
    #: the steps from each square that crown a man (DE-PROMOTE, TR-PROMOTE)
    white_crowns: tuple[tuple[int, ...], ...]
    black_crowns: tuple[tuple[int, ...], ...]
    #: each square's lines outward for a king's move (one square long for short kings)
    king_rays: tuple[tuple[tuple[int, ...], ...], ...]
    #: the long diagonal a1–h8, where a lone king can hold out against three (diagonal kings only)
    long_diagonal: frozenset[int]


#: a man's bonus by ranks forward from its own first rank: little at first, much near the crown
FORWARD = (0, 0, 3, 6, 10, 16, 26, 0)
#: a man's bonus for standing on its first rank, where it keeps the other side's men from crowning
GUARD = 4


@cache
def weights(rules: Rules) -> Weights:
    """The evaluation's tables for ``rules``."""
    white, black = man_steps(rules, True), man_steps(rules, False)
    diagonal = any(df and dr for df, dr in rules.king_directions)
    forward_only = all(dr > 0 for _, dr in rules.man_steps)
    return Weights(
        king=LONG_KING if rules.long_kings else SHORT_KING,
        white_shape=tuple(FORWARD[s // 8] + (GUARD if s < 8 else 0) for s in range(64)),
        black_shape=tuple(FORWARD[7 - s // 8] + (GUARD if s >= 56 else 0) for s in range(64)),
        back_ranks=(*range(8), *range(56, 64)),
        # Men that may step sideways (TR-MAN-MOVE) nearly always have a square to go to: their
        # room says nothing, and counting it would reward men that stray from each other.
        white_steps=white if forward_only else ((),) * 64,
        black_steps=black if forward_only else ((),) * 64,
        white_crowns=tuple(tuple(t for t in steps if t >= 56) for steps in white),
        black_crowns=tuple(tuple(t for t in steps if t < 8) for steps in black),
        king_rays=king_step_rays(rules),
        long_diagonal=frozenset(range(0, 64, 9)) if diagonal else frozenset(),
    )


def _distance(a: int, b: int) -> int:
    return max(abs(a % 8 - b % 8), abs(a // 8 - b // 8))


def evaluate(rules: Rules, board: RawBoard, white: bool) -> int:
    """The position's worth to the side to move (White if ``white``), in hundredths of a man."""
    w = weights(rules)
    rays, white_shape, black_shape, white_steps, black_steps = (
        w.king_rays, w.white_shape, w.black_shape, w.white_steps, w.black_steps)
    white_men = black_men = 0
    white_kings: list[int] = []
    black_kings: list[int] = []
    shape = room_white = room_black = 0  # advancement and back rank; squares to move to
    white_crowning = black_crowning = 0  # men that can step onto the last rank
    for s, v in enumerate(board):
        if not v:
            continue
        if v == 1:
            white_men += 1
            shape += white_shape[s]
            for t in white_steps[s]:
                if not board[t]:
                    room_white += 1
            if w.white_crowns[s] and any(not board[t] for t in w.white_crowns[s]):
                white_crowning += 1
        elif v == -1:
            black_men += 1
            shape -= black_shape[s]
            for t in black_steps[s]:
                if not board[t]:
                    room_black += 1
            if w.black_crowns[s] and any(not board[t] for t in w.black_crowns[s]):
                black_crowning += 1
        else:
            room = 0
            for ray in rays[s]:
                for t in ray:
                    if board[t]:
                        break
                    room += 1
            if v == 2:
                white_kings.append(s)
                room_white += room
            else:
                black_kings.append(s)
                room_black += room
    if not black_men or not white_men:  # nothing to guard against: a back rank of men is merely slow
        shape += 2 * sum(-GUARD if v == 1 and not black_men else GUARD if v == -1 and not white_men else 0
                         for v in (board[s] for s in w.back_ranks))
    king = w.king
    ahead = MAN * (white_men - black_men) + king * (len(white_kings) - len(black_kings))
    score = ahead + shape + 2 * (room_white - room_black)
    if white_crowning or black_crowning:
        # The evaluation is asked only where the side to move has no capture: its man crowns
        # now, while the other side's may yet be stopped.
        mine, theirs = (white_crowning, black_crowning) if white else (black_crowning, white_crowning)
        crown = (king - MAN) * (7 * min(mine, 1) + 4 * max(mine - 1, 0) - 3 * theirs) // 10
        score += crown if white else -crown
    if abs(ahead) >= MAN:
        pieces = white_men + black_men + len(white_kings) + len(black_kings)
        score += ahead * 3 // (pieces + 4)  # the same lead is worth more with fewer pieces left
        if (black_men + len(black_kings) if ahead > 0 else white_men + len(white_kings)) <= 3:
            score += _ending(board, ahead > 0, white_kings if ahead > 0 else black_kings,
                             room_black if ahead > 0 else room_white)
    if w.long_diagonal and (white_kings or black_kings):
        score += 20 * (sum(1 for s in white_kings if s in w.long_diagonal)
                       - sum(1 for s in black_kings if s in w.long_diagonal))
    return score if white else -score


def _ending(board: RawBoard, white_ahead: bool, kings: list[int], weak_room: int) -> int:
    """Technique for the side ahead once the other is down to a few pieces, as White's gain:
    bring the kings close, and take the other side's room."""
    weak = [s for s, v in enumerate(board) if v and (v < 0) == white_ahead]
    near = sum(7 - min(_distance(k, s) for s in weak) for k in kings) if weak else 0
    gain = 3 * near - 4 * weak_room
    return gain if white_ahead else -gain
