"""The move generator: one algorithm for every game, steered by a Rules value.

It works on raw boards for speed: a tuple of 64 ints (0 empty, 1 white man,
2 white king, -1 black man, -2 black king), and raw moves
``(path, captured, promotes)`` with square numbers. :mod:`damlib.position`
wraps both in friendly objects.
"""

from __future__ import annotations

from functools import cache

from .squares import tables
from .variants import Rules

Board = tuple[int, ...]
RawMove = tuple[tuple[int, ...], tuple[int, ...], bool]

#: A jumped piece that stays on the board, blocking, until the capture ends
#: (DE-STRIKE). It is neither side's piece, so it can be neither jumped nor passed.
JUMPED = 9


class MoveGenerator:
    """Legal moves for one side in one game (see :func:`generator`)."""

    def __init__(self, rules: Rules, white: bool) -> None:
        t = tables(rules, white)
        self.rules = rules
        self.man = 1 if white else -1
        self.king = 2 * self.man
        self.opponent = frozenset((-self.man, -self.king))
        self.man_steps = t.man_steps
        self.man_jumps = t.man_jumps
        self.king_rays = t.king_rays
        self.king_step_rays = tuple(
            tuple(ray if rules.long_kings else ray[:1] for _, ray in rays) for rays in t.king_rays
        )
        self.opposite = t.opposite if rules.no_king_reversal else None
        self.last_rank = t.last_rank
        self.crown_mid = rules.crown_mid_capture
        self.gone = 0 if rules.remove_at_once else JUMPED

    def own_squares(self, board: Board) -> list[int]:
        man, king = self.man, self.king
        return [s for s, v in enumerate(board) if v == man or v == king]

    def legal(self, board: Board, every_route: bool = False) -> list[RawMove]:
        """The legal moves: the allowed captures if there are any, else the steps.

        A capture is listed once per distinct result (start, end, captured
        pieces, promotion), by the first route found, unless ``every_route``.
        """
        own = self.own_squares(board)
        captures = self.captures(board, own)
        if not captures:
            return self.steps(board, own)
        if self.rules.majority:
            captures = longest(captures)
        return captures if every_route else _one_route_each(captures)

    def steps(self, board: Board, own: list[int]) -> list[RawMove]:
        """Every non-capturing move (DE-MAN-MOVE, TR-MAN-MOVE, DE-KING, TR-KING)."""
        out: list[RawMove] = []
        man, last_rank = self.man, self.last_rank
        for s in own:
            if board[s] == man:
                for t in self.man_steps[s]:
                    if not board[t]:
                        out.append(((s, t), (), t in last_rank))
            else:
                for ray in self.king_step_rays[s]:
                    for t in ray:
                        if board[t]:
                            break
                        out.append(((s, t), (), False))
        return out

    def captures(self, board: Board, own: list[int] | None = None, partial: bool = False) -> list[RawMove]:
        """Every capture route from the ``own`` squares (all the side's pieces by
        default), complete ones only unless ``partial``.

        The majority rule is not applied here. With ``partial`` every prefix of
        a route is listed too: what a player might stop at by mistake.
        """
        b = list(board)
        out: list[RawMove] = []
        opponent, man = self.opponent, self.man
        for s in self.own_squares(board) if own is None else own:
            v = b[s]
            if v == man:
                for _, over, land in self.man_jumps[s]:
                    if b[over] in opponent and not b[land]:
                        break
                else:
                    continue
            b[s] = 0  # the capturing piece's start square counts as empty (DE-STRIKE)
            first = len(out)
            self._jump(b, s, v != man, [s], [], -1, out, partial)
            b[s] = v
            if v == man:
                last_rank = self.last_rank
                for i in range(first, len(out)):
                    path, captured, king = out[i]
                    out[i] = (path, captured, king or path[-1] in last_rank)
            else:
                for i in range(first, len(out)):
                    out[i] = (out[i][0], out[i][1], False)
        return out

    def _jump(self, b, s, king, path, captured, last_dir, out, partial) -> None:
        """Extend a capture from square ``s``; record it where it must end.

        Records ``(path, captured, is_king_now)``; :meth:`captures` turns the
        last item into "promotes".
        """
        jumped = False
        opponent, gone = self.opponent, self.gone
        if king:
            opposite = self.opposite
            for d, ray in self.king_rays[s]:
                if opposite is not None and last_dir >= 0 and d == opposite[last_dir]:
                    continue
                n = len(ray)
                i = 0
                while i < n and not b[ray[i]]:
                    i += 1
                if i + 1 >= n or b[ray[i]] not in opponent or b[ray[i + 1]]:
                    continue
                over = ray[i]
                v = b[over]
                b[over] = gone
                captured.append(over)
                i += 1
                while i < n and not b[ray[i]]:
                    path.append(ray[i])
                    self._jump(b, ray[i], True, path, captured, d, out, partial)
                    path.pop()
                    i += 1
                captured.pop()
                b[over] = v
                jumped = True
        else:
            crown_mid, last_rank = self.crown_mid, self.last_rank
            for d, over, land in self.man_jumps[s]:
                v = b[over]
                if v in opponent and not b[land]:
                    b[over] = gone
                    captured.append(over)
                    path.append(land)
                    # RU-PROMOTE / TR-PROMOTE crown at once; DE-PROMOTE-PASS goes on as a man.
                    self._jump(b, land, crown_mid and land in last_rank, path, captured, d, out, partial)
                    path.pop()
                    captured.pop()
                    b[over] = v
                    jumped = True
        if captured and (partial or not jumped):
            out.append((tuple(path), tuple(captured), king))


def longest(captures: list[RawMove]) -> list[RawMove]:
    """The captures that take the most pieces (DE-MAJORITY, TR-MAJORITY)."""
    most = max(len(c[1]) for c in captures)
    return [c for c in captures if len(c[1]) == most]


def move_key(move: RawMove) -> tuple:
    """What makes two routes the same move: start, end, captured set, promotion."""
    path, captured, promotes = move
    return (path[0], path[-1], frozenset(captured), promotes)


def _one_route_each(captures: list[RawMove]) -> list[RawMove]:
    if len(captures) == 1:
        return captures
    seen: dict[tuple, RawMove] = {}
    for c in captures:
        seen.setdefault(move_key(c), c)
    return list(seen.values())


@cache
def generator(rules: Rules, white: bool) -> MoveGenerator:
    """The shared :class:`MoveGenerator` for one side of one game."""
    return MoveGenerator(rules, white)


def apply(board: Board, move: RawMove) -> Board:
    """The board after ``move``: jumped pieces gone, a promoted man crowned."""
    path, captured, promotes = move
    b = list(board)
    piece = b[path[0]]
    b[path[0]] = 0
    for c in captured:
        b[c] = 0
    b[path[-1]] = 2 * piece if promotes else piece
    return tuple(b)


def perft(board: Board, white: bool, rules: Rules, depth: int) -> int:
    """Leaf count of the legal-move tree of ``depth`` plies."""
    if depth <= 0:
        return 1
    gens = (generator(rules, False), generator(rules, True))

    def count(board: Board, white: bool, depth: int) -> int:
        moves = gens[white].legal(board)
        if depth == 1:
            return len(moves)
        return sum(count(apply(board, m), not white, depth - 1) for m in moves)

    return count(board, white, depth)
