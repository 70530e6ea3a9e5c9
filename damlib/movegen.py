"""The move generator: one algorithm for every game, steered by a Rules value.

It works on raw boards for speed: a tuple of 64 ints (0 empty, 1 white man,
2 white king, -1 black man, -2 black king), and raw moves
``(path, captured, promotes)`` with square numbers. :mod:`damlib.position`
wraps both in friendly objects.
"""

from __future__ import annotations

import time
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
        self.reverse = t.opposite
        self.last_rank = t.last_rank
        self.crown_mid = rules.crown_mid_capture
        self.gone = 0 if rules.remove_at_once else JUMPED

    def own_squares(self, board: Board) -> list[int]:
        man, king = self.man, self.king
        return [s for s, v in enumerate(board) if v == man or v == king]

    def legal(self, board: Board, every_route: bool = False, deadline: float | None = None) -> list[RawMove]:
        """The legal moves: the allowed captures if there are any, else the steps.

        A capture is listed once per distinct result (start, end, captured
        pieces, promotion), by the first route found, unless ``every_route``
        (which walks every route: see :meth:`routes`). Past ``deadline`` (a
        :func:`time.perf_counter` time) a long search raises :class:`OutOfTime`.
        """
        own = self.own_squares(board)
        captures = self.routes(board, own) if every_route else self.captures(board, own, deadline=deadline)
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

    def captures(self, board: Board, own: list[int] | None = None, partial: bool = False,
                 deadline: float | None = None) -> list[RawMove]:
        """The captures from the ``own`` squares (all the side's pieces by default),
        complete ones only unless ``partial``; one route for each distinct result.

        The search runs over capture states (square, pieces taken so far, man or
        king, and the last direction where a king may not turn back), each
        visited once, so its work grows with the number of states, not of routes:
        routes that reach the same state go on alike. A complete capture is
        listed once per end state, by the first route that reached it; states
        that differ only in the last direction can give the same move twice, so
        :meth:`legal` still removes duplicates. The majority rule is not applied
        here. With ``partial`` every state reached is listed too, by one route:
        what a player might stop at by mistake.
        """
        out: list[RawMove] = []
        opponent, man, man_jumps = self.opponent, self.man, self.man_jumps
        for s in self.own_squares(board) if own is None else own:
            if board[s] == man:  # most men cannot capture: look before searching
                for _, over, land in man_jumps[s]:
                    if board[over] in opponent and not board[land]:
                        break
                else:
                    continue
            # Most captures have a few routes: walking them is quickest. Past
            # WALK_BUDGET jumps the walk gives up, and the states are searched.
            found: list = []
            b = list(board)
            v, b[s] = b[s], 0  # the capturing piece's start square counts as empty (DE-STRIKE)
            try:
                self._walk(b, s, v != man, [s], [], -1, found, partial, [WALK_BUDGET])
            except _OverBudget:
                b = list(board)
                b[s] = 0
                found = []
                _States(self, b, partial, None, False, found, deadline).start(s, v != man)
            if v == man:
                last_rank = self.last_rank
                out += [(path, captured, king or path[-1] in last_rank) for path, captured, king, _ in found]
            else:
                out += [(path, captured, False) for path, captured, _, _ in found]
        return out

    def routes(self, board: Board, own: list[int] | None = None, partial: bool = False) -> list[RawMove]:
        """Every capture route from the ``own`` squares, like :meth:`captures` but
        route by route: there can be hundreds of thousands of them (a Turkish
        king among many men), so only what shows routes (click-to-move) uses it.
        """
        out: list[RawMove] = []
        for s in self.own_squares(board) if own is None else own:
            out += [raw for raw, _ in self._search(board, s, partial, every_route=True)]
        return out

    def named(
        self, board: Board, squares: list[int] | tuple[int, ...], partial: bool = False
    ) -> list[tuple[RawMove, bool]]:
        """The captures whose route move text naming ``squares`` can stand for: from
        ``squares[0]`` to ``squares[-1]``, landing on the squares between in that
        order among others (see :func:`damlib.legality.names_route`).

        One ``(route, complete)`` pair per state searched, like :meth:`captures`
        with the named squares kept in the state; ``partial`` adds the captures
        that could still jump on (``complete`` false).
        """
        return self._search(board, squares[0], partial, named=tuple(squares))

    def follow(self, board: Board, squares: list[int] | tuple[int, ...]) -> tuple[RawMove, bool] | None:
        """The capture that jumps onto each of ``squares[1:]`` in turn, and whether
        it is complete (the piece cannot jump on), or ``None`` if it is no capture."""
        if len(squares) < 2 or board[squares[0]] not in (self.man, self.king):
            return None
        found = self._search(board, squares[0], True, named=tuple(squares), exact=True)
        return found[0] if found else None

    def _search(self, board: Board, s: int, partial: bool, named: tuple[int, ...] | None = None,
                exact: bool = False, every_route: bool = False,
                deadline: float | None = None) -> list[tuple[RawMove, bool]]:
        """The captures of the piece on ``s`` as ``(route, complete)`` pairs."""
        v = board[s]
        if v == self.man:
            for _, over, land in self.man_jumps[s]:
                if board[over] in self.opponent and not board[land]:
                    break
            else:
                return []
        elif v != self.king:
            return []
        b = list(board)
        b[s] = 0  # the capturing piece's start square counts as empty (DE-STRIKE)
        out: list[tuple[tuple[int, ...], tuple[int, ...], bool, bool]] = []
        if every_route:
            self._walk(b, s, v != self.man, [s], [], -1, out, partial, None)
        else:
            # Most captures have a few routes: walking them is quickest. Past
            # WALK_BUDGET jumps the walk gives up, and the states are searched.
            budget = [WALK_BUDGET] if named is None else None
            try:
                if budget is None:
                    raise _OverBudget
                self._walk(b, s, v != self.man, [s], [], -1, out, partial, budget)
            except _OverBudget:
                b = list(board)
                b[s] = 0
                out = []
                _States(self, b, partial, named, exact, out, deadline).start(s, v != self.man)
        if v == self.man:
            last_rank = self.last_rank
            return [((path, captured, king or path[-1] in last_rank), complete)
                    for path, captured, king, complete in out]
        return [((path, captured, False), complete) for path, captured, _, complete in out]

    def _walk(self, b, s, king, path, captured, last_dir, out, partial, budget) -> None:
        """Extend a capture from square ``s`` by every route; record it where it must end.

        Records ``(path, captured, is_king_now, complete)``; :meth:`_search` turns
        "is king now" into "promotes". ``budget``, if given, is a one-item list of
        the jumps still allowed; past it :class:`_OverBudget` is raised.
        """
        if budget is not None:
            budget[0] -= 1
            if budget[0] < 0:
                raise _OverBudget
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
                    self._walk(b, ray[i], True, path, captured, d, out, partial, budget)
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
                    self._walk(b, land, crown_mid and land in last_rank, path, captured, d, out, partial, budget)
                    path.pop()
                    captured.pop()
                    b[over] = v
                    jumped = True
        if captured and (partial or not jumped):
            out.append((tuple(path), tuple(captured), king, not jumped))


#: How many jumps a capture's routes may take before the generator searches its
#: states instead (see :meth:`MoveGenerator.captures`).
WALK_BUDGET = 2000

#: How many states a search visits between two looks at the clock.
CLOCK_EVERY = 64


class _OverBudget(Exception):
    pass


class OutOfTime(Exception):
    """The generator passed the ``deadline`` it was given."""


class _States:
    """One search over the capture states of one piece (see :meth:`MoveGenerator.captures`).

    A man's state is its square and the pieces jumped so far (a bitmask: in
    German they still stand and block, DE-STRIKE; in Turkish they are gone,
    TR-REMOVE; either way the board ahead is the same). A king's state is the
    run of empty squares it may land on after its last jump, with the pieces
    jumped so far (and the last direction where it may not turn back): from
    every square of the run the jumps along the run's line are the same, so
    they are searched once, and only the jumps across the line and the ends
    are looked at square by square.

    ``named`` keeps the search to the routes that move text naming those
    squares stands for: the next named square to land on is part of the state.
    With ``exact`` every landing must be the next named square.
    """

    __slots__ = ("b", "ban", "deadline", "end", "exact", "g", "named", "out", "partial", "seen")

    def __init__(self, g: MoveGenerator, b: list[int], partial: bool, named, exact: bool, out: list,
                 deadline: float | None = None) -> None:
        self.g, self.b, self.partial, self.named, self.exact, self.out = g, b, partial, named, exact, out
        self.end = len(named) - 1 if named else 0
        self.ban = g.opposite is not None
        self.seen: set = set()
        self.deadline = deadline

    def _visit(self, key) -> bool:
        """Whether the state ``key`` is new (and mark it seen)."""
        seen = self.seen
        if key in seen:
            return False
        seen.add(key)
        if self.deadline is not None and len(seen) % CLOCK_EVERY == 0 and time.perf_counter() > self.deadline:
            raise OutOfTime
        return True

    def start(self, s: int, king: bool) -> None:
        if king:
            self.king((s,), -1, -1, [s], [], 0, 1)
        else:
            self.man(s, -1, [s], [], 0, 1)

    def _passed(self, t: int, k: int, landed: bool) -> int:
        """``k`` after landing on ``t`` and jumping on from it."""
        named = self.named
        if named is not None and landed and k < self.end and t == named[k]:
            return k + 1
        return k

    def _record(self, path, captured, king: bool, complete: bool, k: int) -> None:
        named = self.named
        if named is not None:
            if self.exact:
                if len(path) != len(named):
                    return
            elif path[-1] != named[-1] or k != self.end:
                return
        self.out.append((tuple(path), tuple(captured), king, complete))

    def _next_landing(self, path) -> int | None:
        """In ``exact`` mode the only square the next jump may land on (None: none)."""
        return self.named[len(path)] if len(path) < len(self.named) else None

    def man(self, s, last_dir, path, captured, mask, k) -> None:
        """A man on ``s`` (``path`` ends there), after jumping the ``mask`` pieces."""
        if not self._visit((s, mask, k)):
            return
        g, b = self.g, self.b
        opponent, gone, crown_mid, last_rank = g.opponent, g.gone, g.crown_mid, g.last_rank
        after = self._passed(s, k, bool(captured))
        only = self._next_landing(path) if self.exact else -1
        jumped = False
        for d, over, land in g.man_jumps[s]:
            v = b[over]
            if v in opponent and not b[land]:
                jumped = True
                if only != -1 and land != only:
                    continue
                b[over] = gone
                captured.append(over)
                # RU-PROMOTE / TR-PROMOTE crown at once; DE-PROMOTE-PASS goes on as a man.
                if crown_mid and land in last_rank:
                    self.king((land,), d, d, path, captured, mask | 1 << over, after)
                else:
                    path.append(land)
                    self.man(land, d, path, captured, mask | 1 << over, after)
                    path.pop()
                captured.pop()
                b[over] = v
        if captured and (self.partial or not jumped):
            self._record(path, captured, False, not jumped, k)

    def _king_jumps(self, t: int, dirs, last_dir: int, skip) -> list:
        """The king's jumps from ``t``: ``(direction, jumped square, landing run)``."""
        g, b = self.g, self.b
        opponent = g.opponent
        banned = g.opposite[last_dir] if g.opposite is not None and last_dir >= 0 else -1
        out = []
        for d, ray in g.king_rays[t]:
            if d == banned or (d in skip) != dirs:
                continue
            n = len(ray)
            i = 0
            while i < n and not b[ray[i]]:
                i += 1
            if i + 1 >= n or b[ray[i]] not in opponent or b[ray[i + 1]]:
                continue
            j = i + 1
            while j < n and not b[ray[j]]:
                j += 1
            out.append((d, ray[i], ray[i + 1:j]))
        return out

    def king(self, run, line, last_dir, path, captured, mask, k) -> None:
        """A king that may land on any square of ``run`` (reached along direction
        ``line``), after jumping the ``mask`` pieces; ``path`` ends before the
        landing. At the start ``run`` is the start square and ``path`` is it."""
        landed = bool(captured)
        if self.exact and landed:
            only = self._next_landing(path)
            if only not in run:
                return
            run = (only,)
        if not self._visit((run[0], run[-1], mask, last_dir if self.ban else -1, k)):
            return
        g = self.g
        along = (line, g.reverse[line]) if len(run) > 1 else ()
        named = self.named
        if named is not None and not self.exact and k < self.end and named[k] in run:
            rep = named[k]
        else:
            rep = run[0]
        # jumps along the run's line are the same from every square of it
        line_jumps = self._king_jumps(rep, True, last_dir, along) if along else []
        partial = self.partial
        for t in run:
            if landed:
                path.append(t)
            across = self._king_jumps(t, False, last_dir, along)
            complete = not across and not line_jumps
            if landed and (partial or complete):
                self._record(path, captured, True, complete, k)
            jumps = across + line_jumps if t == rep else across
            if jumps:
                self._king_on(jumps, path, captured, mask, self._passed(t, k, landed))
            if landed:
                path.pop()

    def _king_on(self, jumps, path, captured, mask, k) -> None:
        b, gone = self.b, self.g.gone
        for d, over, lands in jumps:
            v = b[over]
            b[over] = gone
            captured.append(over)
            self.king(lands, d, d, path, captured, mask | 1 << over, k)
            captured.pop()
            b[over] = v


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
