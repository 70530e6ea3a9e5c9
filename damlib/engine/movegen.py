"""The move generator: one algorithm for every game, steered by a Rules value.

Outside, boards are tuples of 64 ints (0 empty, 1 white man, 2 white king, -1
black man, -2 black king) and moves are raw ``(path, captured, promotes)``
triples of square numbers; :mod:`damlib.engine.position` wraps both in friendly
objects. Inside, a board is four bit boards (Python ints, bit ``s`` for square
``s``): the moving side's men and kings and the opponent's men and kings. A
step of every man in one direction is one shift, and a king's jump along a
line is looked up by the line's occupied squares, which is what makes the
generator quick.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import Any

from .capturelevels import LevelReach, Levels, king_slides, man_slides
from .capturestates import CLOCK_EVERY, CaptureStates, OutOfTime
from .squares import SQUARE_NAMES, playable, tables
from .variants import Rules

RawBoard = tuple[int, ...]
RawMove = tuple[tuple[int, ...], tuple[int, ...], bool]
#: A capture as the searches record it: (path, captured in jump order, king at the end,
#: complete, the opponent's pieces left).
Found = tuple[tuple[int, ...], tuple[int, ...], bool, bool, int]

__all__ = ["CLOCK_EVERY", "JUMPED", "WALK_BUDGET", "MoveGenerator", "OutOfTime", "apply", "generator",
           "longest", "move_key", "perft"]

#: A jumped piece that stays on the board, blocking, until the capture ends
#: (DE-STRIKE). :mod:`damlib.engine.legality` marks such squares with it on a tuple board.
JUMPED = 9

#: How many jumps a capture's routes may take before the generator searches its
#: states instead (see :meth:`MoveGenerator.captures`).
WALK_BUDGET = 2000

FULL = (1 << 64) - 1


def bits(squares: Iterable[int]) -> int:
    """The bit board of ``squares``."""
    out = 0
    for s in squares:
        out |= 1 << s
    return out


def squares_of(board: int) -> list[int]:
    """The squares of a bit board, lowest first."""
    out = []
    while board:
        low = board & -board
        out.append(low.bit_length() - 1)
        board ^= low
    return out


class _OverBudget(Exception):
    pass


class MoveGenerator:
    """Legal moves for one side in one game (see :func:`generator`)."""

    def __init__(self, rules: Rules, white: bool) -> None:
        t = tables(rules, white)
        self.rules = rules
        self.man = 1 if white else -1
        self.king = 2 * self.man
        self.last_rank = t.last_rank
        self.last_rank_bits = bits(t.last_rank)
        #: the names of the squares of :attr:`last_rank` that the game plays on
        self.last_rank_names = frozenset(SQUARE_NAMES[s] for s in t.last_rank if playable(s, rules))
        #: the squares where a man landing mid-capture is crowned at once, and jumps on as a king
        #: (RU-PROMOTE, TR-PROMOTE); none where it goes on as a man (DE-PROMOTE-PASS). Each
        #: man's jump in :attr:`man_jumps` says from it whether it crowns; the level search and
        #: :meth:`crowned_on_the_way` read it here
        self.crowning = self.last_rank_bits if rules.crown_mid_capture else 0
        #: jumped pieces keep blocking until the capture ends (DE-STRIKE), or leave at once (TR-REMOVE)
        self.stays = not rules.remove_at_once
        self.gone = 0 if rules.remove_at_once else JUMPED
        self.land_to_jump_on = rules.land_to_jump_on
        self.opposite = t.opposite if rules.no_king_reversal else None
        self.reverse = t.opposite
        self.man_steps = t.man_steps
        #: (direction, jumped square, its bit, landing square, its bit, whether the man is a king
        #: there: see :attr:`crowning`) for a man on each square
        self.man_jumps = tuple(
            tuple((d, over, 1 << over, land, 1 << land, self.crowning >> land & 1 == 1)
                  for d, over, land in t.man_jumps[s])
            for s in range(64)
        )
        #: (direction, bits of the line outward, the jump along it for each way its squares
        #: can be occupied: see :func:`ray_jumps`) for a king on each square
        self.king_rays = tuple(
            tuple((d, bits(ray), ray_jumps(d, ray)) for d, ray in t.king_rays[s]) for s in range(64)
        )
        #: for a king that came along each line (index 0: none yet, else direction + 1), the
        #: rays from each square along that line and across it
        lines = [()] + [(line, t.opposite[line]) for line in range(len(t.opposite))]
        self.king_lines = tuple(
            tuple((tuple(r for r in rays if r[0] in along), tuple(r for r in rays if r[0] not in along))
                  for rays in self.king_rays)
            for along in lines
        )
        #: the squares of each line outward from each square, nearest first, by direction
        self.king_lines_out = t.king_rays
        #: the king's and the man's jump directions as shifts of whole bit boards
        self.king_slides = king_slides(t.king_rays, self.opposite)
        self.man_slides = man_slides(t.man_jumps)
        into: list[list[tuple[int, int, int]]] = [[] for _ in range(64)]
        for s in range(64):
            for d, over, land in t.man_jumps[s]:
                into[land].append((d, over, s))
        #: (direction, jumped square, square jumped from) for each man's jump onto each square
        self.man_jumps_into = tuple(tuple(jumps) for jumps in into)
        self.board_bits = bits(s for s in range(64) if playable(s, rules))
        #: whether the longest captures may be searched level by level (see :mod:`damlib.engine.capturelevels`)
        self.by_levels = rules.majority and rules.long_kings and not rules.land_to_jump_on
        self._levels: dict[tuple[int, int, int, bool], Levels] = {}
        #: the captures (keyed as :meth:`levels` keys them) whose walk gave up, and the
        #: budget it had: asked again, they go straight to a search. Whether levels are
        #: remembered must not decide it, or the route shown for a move would depend on
        #: what was asked before.
        self._too_long: dict[tuple[int, int, int, bool], int] = {}
        self.king_step_rays = tuple(
            tuple(ray if rules.long_kings else ray[:1] for _, ray in rays) for rays in t.king_rays
        )
        #: (shift, bits of the squares a king may step to along it) for each line from each square
        self.king_step_lines = tuple(tuple((ray[0] - s, bits(ray)) for ray in rays)
                                     for s, rays in enumerate(self.king_step_rays))
        # Every man at once: (shift, men that can go that way) for steps, and for
        # jumps split by the sign of the shift, since Python shifts one way per operator.
        steps: dict[int, int] = {}
        jumps: dict[int, int] = {}
        for s in range(64):
            for u in t.man_steps[s]:
                steps[u - s] = steps.get(u - s, 0) | 1 << s
            for _, over, _ in t.man_jumps[s]:
                jumps[over - s] = jumps.get(over - s, 0) | 1 << s
        self.men_steps = tuple(steps.items())
        self.men_jump_up = tuple((men, sh, 2 * sh) for sh, men in jumps.items() if sh > 0)
        self.men_jump_down = tuple((men, -sh, -2 * sh) for sh, men in jumps.items() if sh < 0)

    # -- boards ---------------------------------------------------------------

    def split(self, board: RawBoard) -> tuple[int, int, int, int]:
        """The bit boards of ``board``: own men, own kings, opponent's men, opponent's kings."""
        man, king = self.man, self.king
        m = k = om = ok = 0
        for s, v in enumerate(board):
            if v:
                if v == man:
                    m |= 1 << s
                elif v == king:
                    k |= 1 << s
                elif v == -man:
                    om |= 1 << s
                else:
                    ok |= 1 << s
        return m, k, om, ok

    def own_squares(self, board: RawBoard) -> list[int]:
        """The squares of the side's pieces."""
        man, king = self.man, self.king
        return [s for s, v in enumerate(board) if v == man or v == king]

    # -- the moves of a tuple board ---------------------------------------------

    def legal(self, board: RawBoard, *, every_route: bool = False, deadline: float | None = None) -> list[RawMove]:
        """The legal moves: the allowed captures if there are any, else the steps.

        A capture is listed once per distinct result (start, end, captured
        pieces, promotion), by the first route found, unless ``every_route``
        (which walks every route: see :meth:`routes`). Past ``deadline`` (a
        :func:`time.perf_counter` time) a long search raises :class:`OutOfTime`.
        """
        m, k, om, ok = self.split(board)
        if every_route:
            found = self._routes(m | k, m, k, om | ok, False)
            if not found:
                return self.steps(board, self.own_squares(board))
            return longest(found_raw(found)) if self.rules.majority else found_raw(found)
        found = self._capture_moves(m, k, om | ok, deadline)
        if not found:
            return self.steps(board, self.own_squares(board))
        return found_raw(found)

    def steps(self, board: RawBoard, own: list[int]) -> list[RawMove]:
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

    def captures(self, board: RawBoard, own: list[int] | None = None, *, partial: bool = False,
                 deadline: float | None = None, longest: bool = False) -> list[RawMove]:
        """The captures from the ``own`` squares (all the side's pieces by default),
        complete ones only unless ``partial``; one route for each distinct end state,
        whether the majority rule allows it or not; with ``longest``, only each piece's
        longest.

        With ``partial`` every state reached is listed too, by one route: what a
        player might stop at by mistake.
        """
        m, k, om, ok = self.split(board)
        start = m | k if own is None else bits(own) & (m | k)
        found = self._captures(start, m, k, om | ok, partial, deadline, longest and self.by_levels and not partial)
        if longest:
            most: dict[int, int] = {}
            for f in found:
                most[f[0][0]] = max(most.get(f[0][0], 0), len(f[1]))
            found = [f for f in found if len(f[1]) == most[f[0][0]]]
        return found_raw(found)

    def forbidden(self, board: RawBoard, most: int) -> tuple[int, list[RawMove]]:
        """How many complete captures the majority rule forbids, as they take fewer pieces
        than the longest, and the ``most`` of them that take the most; only where
        :attr:`by_levels`. A capture with too many routes to walk is counted from its
        levels (:meth:`~damlib.engine.capturelevels.Levels.complete`), never listed whole."""
        m, k, om, ok = self.split(board)
        opp = om | ok
        occupied = m | k | opp
        walked: list[Found] = []
        searched: list[Levels] = []
        for s in squares_of(self._jumpers(m, k, opp)):
            found = self._walked(s, bool(k >> s & 1), occupied ^ 1 << s, opp, False)
            if found is None:
                searched.append(self.levels(occupied ^ 1 << s, opp, s, bool(k >> s & 1)))
            else:
                walked += found
        longest = max([len(f[1]) for f in walked] + [len(levels.levels) - 1 for levels in searched] + [0])
        shorter = {(f[0][0], f[0][-1], f[4], f[2]): f for f in walked if len(f[1]) < longest}
        count, out = len(shorter), list(shorter.values())
        for levels in searched:
            n, found = levels.complete(most, deepest=len(levels.levels) - 1 < longest)
            count += n
            out += found
        out.sort(key=lambda f: -len(f[1]))
        return count, [(f[0], f[1], self._promotes(m, f)) for f in out[:most]]

    def routes(self, board: RawBoard, own: list[int] | None = None, *, partial: bool = False) -> list[RawMove]:
        """Every capture route from the ``own`` squares, like :meth:`captures` but
        route by route: there can be hundreds of thousands of them (a Turkish
        king among many men), so use it only where routes must be shown.
        """
        m, k, om, ok = self.split(board)
        start = m | k if own is None else bits(own) & (m | k)
        return found_raw(self._routes(start, m, k, om | ok, partial))

    def named(
        self, board: RawBoard, squares: list[int] | tuple[int, ...], *, partial: bool = False
    ) -> list[tuple[RawMove, bool]]:
        """The captures whose route move text naming ``squares`` can stand for: from
        ``squares[0]`` to ``squares[-1]``, landing on the squares between in that
        order among others (see :func:`damlib.engine.legality.names_route`).

        One ``(route, complete)`` pair per state searched, like :meth:`captures`
        with the named squares kept in the state; ``partial`` adds the captures
        that could still jump on (``complete`` false).
        """
        return self._search_named(board, tuple(squares), partial, exact=False)

    def landing_mistake(self, board: RawBoard, squares: list[int] | tuple[int, ...],
                        most: int) -> tuple[RawMove, bool] | None:
        """A capture by the piece on ``squares[0]`` that lands on the squares between in
        that order, among other landings, and then on the last, but is no legal move (the
        legal ones take ``most`` pieces), and whether it is complete: the longest that
        ends there taking fewer, else one that stops there part-way; ``None`` if none.
        Only where :attr:`by_levels`."""
        m = self.split(board)[0]
        start, square = squares[0], squares[-1]
        levels = search = self._levels_of(board, start)
        if len(squares) > 2:
            landed = levels.landed()
            if any(not landed >> s & 1 for s in squares[1:]):
                return None  # no capture lands on one of them
            # searched again among the captures that can land on them in order, counting
            # the named landings made, the last one too (the capture ends on the landing
            # that makes it); after that, only those that can land there again
            useful = levels.toward(tuple(squares[1:-1]), square)
            search = Levels(self, *self._capture_of(board, start), through=tuple(squares[1:]),
                            useful=useful + useful[-1:])
        part_way = None
        for depth, node, complete in search.landed_on(square, levels):
            if complete and depth < most:  # DE-MAJORITY; at ``most`` it is a legal move
                f = search.route(square, node, depth)
                return (f[0], f[1], self._promotes(m, f)), True
            if not complete and part_way is None:
                part_way = depth, node
        if part_way is None:
            return None
        f = search.route(square, part_way[1], part_way[0])
        return (f[0], f[1], self._promotes(m, f)), False

    def longest_named(self, board: RawBoard, squares: list[int] | tuple[int, ...],
                      moves: list[RawMove]) -> list[RawMove]:
        """The captures among ``moves`` (each a longest capture) that move text naming
        ``squares`` can stand for (see :meth:`named`), one route for each; only where
        :attr:`by_levels`. The levels are searched again, keeping count of the named
        landings made, but only from the squares that lead to one of those moves."""
        m, k = self.split(board)[:2]
        if not (m | k) >> squares[0] & 1:
            return []
        piece = self._capture_of(board, squares[0])
        goals = {goal for goal in self._goals(piece[1], squares[0], moves) if goal[0] == squares[-1]}
        if not goals:
            return []
        useful = self.levels(*piece).toward(tuple(squares[1:-1]), squares[-1], goals)
        found = Levels(self, *piece, through=tuple(squares[1:-1]), useful=useful).found()
        return [(f[0], f[1], self._promotes(m, f)) for f in found if f[0][-1] == squares[-1]]

    def follow(self, board: RawBoard, squares: list[int] | tuple[int, ...]) -> tuple[RawMove, bool] | None:
        """The capture that jumps onto each of ``squares[1:]`` in turn, and whether
        it is complete (the piece cannot jump on), or ``None`` if it is no capture."""
        if len(squares) < 2 or board[squares[0]] not in (self.man, self.king):
            return None
        found = self._search_named(board, tuple(squares), True, exact=True)
        return found[0] if found else None

    def reach(self, board: RawBoard, start: int, moves: list[RawMove] | None) -> CaptureStates | LevelReach:
        """Where a capture by the piece on ``start`` can go, if it must end as one of
        ``moves`` (``None``: as any complete capture, whether the majority rule allows
        it or not): from the levels of its longest captures (see
        :class:`~damlib.engine.capturelevels.LevelReach`) where :attr:`by_levels` and ``moves``
        are such, else from its capture states (:meth:`~damlib.engine.capturestates.CaptureStates.landings`)."""
        occ, opp, _, king = self._capture_of(board, start)
        if self.by_levels:
            levels = self.levels(occ, opp, start, king)
            if moves is None:
                return LevelReach(levels, None)
            if {len(c) for path, c, _ in moves if path[0] == start} <= {len(levels.levels) - 1}:
                return LevelReach(levels, self._goals(opp, start, moves))  # every goal a longest capture
        if moves is None:
            moves = self.captures(board, [start])
        return CaptureStates(self, occ, opp, goals=self._goals(opp, start, moves), crowned=not king)

    @staticmethod
    def _goals(opp: int, start: int, moves: list[RawMove]) -> set[tuple[int, int, bool]]:
        """The ends of the ``moves`` from ``start``: (end square, opponent's pieces left, promotes)."""
        return {(path[-1], opp & ~bits(captured), promotes) for path, captured, promotes in moves if path[0] == start}

    def _capture_of(self, board: RawBoard, start: int) -> tuple[int, int, int, bool]:
        """What a capture search of the piece on ``start`` of ``board`` takes: the
        pieces with its own square empty, the opponent's, ``start``, and whether it is a
        king (as :meth:`levels` takes them)."""
        m, k, om, ok = self.split(board)
        return (m | k | om | ok) ^ 1 << start, om | ok, start, bool(k >> start & 1)

    def _levels_of(self, board: RawBoard, start: int) -> Levels:
        """The :meth:`levels` of the piece on ``start`` of ``board``."""
        return self.levels(*self._capture_of(board, start))

    def levels(self, occ: int, opp: int, start: int, king: bool, deadline: float | None = None) -> Levels:
        """The :class:`~damlib.engine.capturelevels.Levels` of a capture, remembered for the last
        few: the clicks that play a capture ask for what the legal moves worked out."""
        key = (occ, opp, start, king)
        if key not in self._levels:
            levels = Levels(self, occ, opp, start, king, deadline)
            if len(self._levels) >= 4:
                del self._levels[next(iter(self._levels))]
            self._levels[key] = levels
        return self._levels[key]

    def _search_named(self, board: RawBoard, squares: tuple[int, ...], partial: bool,
                      exact: bool) -> list[tuple[RawMove, bool]]:
        m, k, om, ok = self.split(board)
        s = squares[0]
        if not (m | k) >> s & 1:
            return []
        out: list[Found] = []
        occ = (m | k | om | ok) ^ 1 << s  # the capturing piece's start square counts as empty (DE-STRIKE)
        states = CaptureStates(self, occ, om | ok, partial=partial, named=squares, exact=exact, out=out)
        states.start(s, bool(k >> s & 1))
        return [((f[0], f[1], self._promotes(m, f)), f[3]) for f in out]

    # -- the moves of bit boards ------------------------------------------------

    def _capture_moves(self, m: int, k: int, opp: int, deadline: float | None = None) -> list[Found]:
        """The legal captures of own men ``m`` and kings ``k`` against the pieces
        ``opp``: one route per distinct move, the majority rule applied; ``[]`` if
        there is no capture. The third item of each is "promotes"."""
        found = self._captures(self._jumpers(m, k, opp), m, k, opp, False, deadline, self.by_levels)
        if not found:
            return found
        if self.rules.majority:
            most = max(len(f[1]) for f in found)
            found = [f for f in found if len(f[1]) == most]
        if len(found) == 1:
            return found
        seen: dict[tuple[Any, ...], Found] = {}
        for f in found:
            seen.setdefault((f[0][0], f[0][-1], f[4], f[2]), f)
        return list(seen.values())

    def _after_steps(self, m: int, k: int, opp: int) -> list[tuple[int, int]]:
        """The side's men and kings after each of its steps (the opponent's pieces stay)."""
        out = []
        empty = ~(m | k | opp) & FULL
        last = self.last_rank_bits
        for sh, men in self.men_steps:
            to = ((m & men) << sh if sh > 0 else (m & men) >> -sh) & empty
            while to:
                low = to & -to
                to ^= low
                moved = m ^ (low >> sh if sh > 0 else low << -sh)
                out.append((moved, k | low) if low & last else (moved | low, k))
        kings = k
        while kings:
            low = kings & -kings
            kings ^= low
            rest = k ^ low
            for free in self._king_steps(low.bit_length() - 1, ~empty):
                while free:
                    to = free & -free
                    free ^= to
                    out.append((m, rest | to))
        return out

    def _count_steps(self, m: int, k: int, opp: int) -> int:
        """How many steps the side has: :meth:`_after_steps` counted, not listed."""
        empty = ~(m | k | opp) & FULL
        n = 0
        for sh, men in self.men_steps:
            n += (((m & men) << sh if sh > 0 else (m & men) >> -sh) & empty).bit_count()
        while k:
            low = k & -k
            k ^= low
            for free in self._king_steps(low.bit_length() - 1, ~empty):
                n += free.bit_count()
        return n

    def _king_steps(self, s: int, occupied: int) -> list[int]:
        """The squares a king on ``s`` can step to, one bit board per line."""
        out = []
        for sh, line in self.king_step_lines[s]:
            block = line & occupied
            if not block:
                out.append(line)
            elif sh > 0:
                out.append(line & ((block & -block) - 1))
            else:
                out.append(line & -(1 << block.bit_length()))
        return out

    @staticmethod
    def _after_captures(captures: list[Found], m: int, k: int) -> list[tuple[int, int, int]]:
        """The side's men and kings after each capture, and the opponent's pieces left."""
        out = []
        for path, _, promotes, _, left in captures:
            start, end = 1 << path[0], 1 << path[-1]
            if k & start:
                out.append((m, k ^ start | end, left))
            elif promotes:
                out.append((m ^ start, k | end, left))
            else:
                out.append((m ^ start | end, k, left))
        return out

    def _jumpers(self, m: int, k: int, opp: int) -> int:
        """The men of ``m`` that can jump now, with every king of ``k`` (looked at one by one)."""
        empty = ~(m | k | opp) & FULL
        out = k
        for men, sh, sh2 in self.men_jump_up:
            out |= m & men & (opp >> sh) & (empty >> sh2)
        for men, sh, sh2 in self.men_jump_down:
            out |= m & men & (opp << sh) & (empty << sh2)
        return out

    def crowned_on_the_way(self, path: tuple[int, ...] | list[int]) -> bool:
        """Whether a man that set out from ``path[0]`` and landed on the squares after it, one
        jump each, is a king now (see :attr:`crowning`)."""
        return any(self.crowning >> s & 1 for s in path[1:])

    def _promotes(self, m: int, f: Found) -> bool:
        """Whether the capture ``f`` crowns a man (``m``: the side's men before it)."""
        if not m >> f[0][0] & 1:
            return False
        return f[2] or f[0][-1] in self.last_rank

    def _captures(self, start: int, m: int, k: int, opp: int, partial: bool,
                  deadline: float | None, longest: bool = False) -> list[Found]:
        """The captures of the pieces on ``start``, one route per end state, with
        "promotes" in the third place. Most captures have a few routes, and
        walking them is quickest; past :data:`WALK_BUDGET` jumps the walk gives up
        and the capture's states are searched (:class:`CaptureStates`), or, where
        only the ``longest`` captures are wanted, its levels (:class:`Levels`)."""
        out: list[Found] = []
        occupied = m | k | opp
        while start:
            low = start & -start
            start ^= low
            s = low.bit_length() - 1
            king = bool(k & low)
            found = self._walked(s, king, occupied ^ low, opp, partial)
            if found is None and longest:
                found = self.levels(occupied ^ low, opp, s, king, deadline).found()
            elif found is None:
                found = []
                CaptureStates(self, occupied ^ low, opp, partial=partial, out=found, deadline=deadline).start(s, king)
            out += [(f[0], f[1], self._promotes(m, f), f[3], f[4]) for f in found]
        return out

    def _walked(self, s: int, king: bool, occ: int, opp: int, partial: bool) -> list[Found] | None:
        """The captures of the piece on ``s`` by walking their routes, or ``None`` where
        they take more than :data:`WALK_BUDGET` jumps (see :meth:`_walk`)."""
        key = (occ, opp, s, king)
        if self._too_long.get(key, -1) >= WALK_BUDGET:
            return None
        found: list[Found] = []
        try:
            self._walk(s, king, occ, opp, [s], [], -1, found, partial, [WALK_BUDGET])
        except _OverBudget:
            if len(self._too_long) >= 256:  # a long session: start again
                self._too_long.clear()
            self._too_long[key] = WALK_BUDGET
            return None
        return found

    def _routes(self, start: int, m: int, k: int, opp: int, partial: bool) -> list[Found]:
        """Every capture route of the pieces on ``start``, with "promotes" third."""
        out: list[Found] = []
        occupied = m | k | opp
        for s in squares_of(start):
            found: list[Found] = []
            self._walk(s, bool(k >> s & 1), occupied ^ 1 << s, opp, [s], [], -1, found, partial, None)
            out += [(f[0], f[1], self._promotes(m, f), f[3], f[4]) for f in found]
        return out

    def _walk(self, s: int, king: bool, occ: int, opp: int, path: list[int], captured: list[int], last_dir: int,
              out: list[Found], partial: bool, budget: list[int] | None) -> bool:
        """Extend a capture from square ``s`` by every route; record it where it must
        end (and everywhere with ``partial``). ``occ`` holds every piece still
        standing, ``opp`` those that may still be jumped. Returns whether the piece
        could jump on.

        Records :data:`Found` items with "is king now" third. ``budget``, if given,
        is a one-item list of the jumps still allowed; past it :class:`_OverBudget`
        is raised.
        """
        if budget is not None:
            budget[0] -= 1
            if budget[0] < 0:
                raise _OverBudget
        jumped = False
        stays = self.stays
        # the jumps are found here as capturestates.king_jumps and man_jumps find them, written
        # out: calling them costs perft 5%
        if king:
            opposite = self.opposite
            banned = opposite[last_dir] if opposite is not None and last_dir >= 0 else -1
            for d, line, jumps in self.king_rays[s]:
                hit = jumps[line & occ]
                if hit is None or not hit[2] & opp or d == banned:
                    continue
                _, over, first, lands = hit
                jumped = True
                left = opp ^ first
                standing = occ if stays else occ ^ first
                captured.append(over)
                if self.land_to_jump_on:
                    self._land_to_jump_on(lands, d, standing, left, path, captured, out, partial, budget)
                else:
                    for t in lands:
                        path.append(t)
                        self._walk(t, True, standing, left, path, captured, d, out, partial, budget)
                        path.pop()
                captured.pop()
        else:
            for d, over, ob, land, lb, crowned in self.man_jumps[s]:
                if opp & ob and not occ & lb:
                    jumped = True
                    captured.append(over)
                    path.append(land)
                    self._walk(land, crowned, occ if stays else occ ^ ob, opp ^ ob,
                               path, captured, d, out, partial, budget)
                    path.pop()
                    captured.pop()
        if captured and (partial or not jumped):
            out.append((tuple(path), tuple(captured), king, not jumped, opp))
        return jumped

    def _land_to_jump_on(self, lands: tuple[int, ...], d: int, occ: int, opp: int, path: list[int],
                         captured: list[int], out: list[Found], partial: bool, budget: list[int] | None) -> None:
        """A king's landings after a jump where it must land on a square from which
        it can jump on, if there is one (the published Russian rules)."""
        landings = []
        for t in lands:
            found: list[Found] = []
            path.append(t)
            landings.append((self._walk(t, True, occ, opp, path, captured, d, found, partial, budget), found))
            path.pop()
        go_on = any(jumped for jumped, _ in landings)
        for jumped, found in landings:
            if jumped or not go_on:
                out += found


def ray_jumps(d: int, ray: tuple[int, ...]) -> dict[int, tuple[int, int, int, tuple[int, ...]] | None]:
    """For each way the squares of ``ray`` (a line outward from a king, in direction
    ``d``) can be occupied, as bits: the jump along it, ``(d, the first piece's square,
    its bit, the empty squares beyond it up to the next piece)``, or ``None`` where
    there is no piece or no empty square beyond the first. Whether the first piece
    may be jumped (is the opponent's) is for the caller to see; a look-up here is
    what spares every king move a walk along the line."""
    out: dict[int, tuple[int, int, int, tuple[int, ...]] | None] = {0: None}
    # each pattern is an earlier one (its lowest square off) plus one square: its bit
    # board from that one's, not from a list of its squares
    boards = [0] * (1 << len(ray))
    for pattern in range(1, 1 << len(ray)):
        rest = pattern & (pattern - 1)
        i = (pattern ^ rest).bit_length() - 1  # the first piece's place on the ray
        j = (rest & -rest).bit_length() - 1 if rest else len(ray)  # the next piece's, or the end
        boards[pattern] = taken = boards[rest] | 1 << ray[i]
        out[taken] = (d, ray[i], 1 << ray[i], ray[i + 1:j]) if j > i + 1 else None
    return out


def found_raw(found: list[Found]) -> list[RawMove]:
    """The raw moves of captures as the searches record them."""
    return [(f[0], f[1], f[2]) for f in found]


def longest(captures: list[RawMove]) -> list[RawMove]:
    """The captures that take the most pieces (DE-MAJORITY, TR-MAJORITY)."""
    most = max(len(c[1]) for c in captures)
    return [c for c in captures if len(c[1]) == most]


def move_key(move: RawMove) -> tuple[int, int, frozenset[int], bool]:
    """What makes two routes the same move: start, end, captured set, promotion."""
    path, captured, promotes = move
    return (path[0], path[-1], frozenset(captured), promotes)


@cache
def generator(rules: Rules, white: bool) -> MoveGenerator:
    """The shared :class:`MoveGenerator` for one side of one game."""
    return MoveGenerator(rules, white)


def apply(board: RawBoard, move: RawMove) -> RawBoard:
    """The board after ``move``: jumped pieces gone, a promoted man crowned."""
    path, captured, promotes = move
    b = list(board)
    piece = b[path[0]]
    b[path[0]] = 0
    for c in captured:
        b[c] = 0
    b[path[-1]] = 2 * piece if promotes else piece
    return tuple(b)


def perft(rules: Rules, board: RawBoard, white: bool, depth: int) -> int:
    """Leaf count of the legal-move tree of ``depth`` plies.

    It plays on bit boards throughout, and at the last ply counts steps without
    listing them.
    """
    if depth <= 0:
        return 1
    gens = (generator(rules, False), generator(rules, True))

    def count(white: bool, m: int, k: int, om: int, ok: int, depth: int) -> int:
        g = gens[white]
        captures = g._capture_moves(m, k, om | ok)
        if depth == 1:
            return len(captures) if captures else g._count_steps(m, k, om | ok)
        total = 0
        if captures:
            for m2, k2, left in g._after_captures(captures, m, k):
                total += count(not white, om & left, ok & left, m2, k2, depth - 1)
        else:
            for m2, k2 in g._after_steps(m, k, om | ok):
                total += count(not white, om, ok, m2, k2, depth - 1)
        return total

    return count(white, *gens[white].split(board), depth)
