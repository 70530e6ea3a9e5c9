"""The capture search by states, for captures with too many routes to walk.

A Turkish king among many men can reach the same end, with the same pieces
taken, by hundreds of thousands of routes (TR-REMOVE: pieces leave at once, and
the king may turn back). The search visits each capture state once, so its work
grows with the number of states, not of routes: routes that reach the same state
go on alike. Where only the longest captures count, :mod:`damlib.engine.capturelevels`
is quicker still; :class:`~damlib.engine.movegen.MoveGenerator` searches states where
captures of every length are wanted (every capture the majority rule forbids,
those stopped part-way) and for move text, which names only some landings, once
walking the routes passes its budget. The same states tell play by clicks where a
capture begun can still go, where the levels do not (see :class:`CaptureStates`).
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any, Final, Literal

if TYPE_CHECKING:
    from .movegen import MoveGenerator

#: How many states a search visits between two looks at the clock.
CLOCK_EVERY = 64


class OutOfTime(Exception):
    """The generator passed the ``deadline`` it was given."""


def king_jumps(g: MoveGenerator, rays: tuple[Any, ...], last_dir: int, occ: int,
               opp: int) -> list[tuple[int, int, int, tuple[int, ...]]]:
    """The jumps of a king along ``rays`` (some of ``g.king_rays`` for its square), after a
    jump in direction ``last_dir`` (-1: none yet): ``(direction, jumped square, its bit,
    landing run)``."""
    banned = g.opposite[last_dir] if g.opposite is not None and last_dir >= 0 else -1
    out = []
    for d, line, jumps in rays:
        hit = jumps[line & occ]
        if hit is not None and hit[2] & opp and d != banned:
            out.append(hit)
    return out


def man_jumps(g: MoveGenerator, s: int, occ: int, opp: int) -> list[tuple[int, int, int, int, int, bool]]:
    """The jumps of a man on ``s`` (some of ``g.man_jumps`` for its square), with the pieces
    ``occ`` standing and ``opp`` left to jump: ``(direction, jumped square, its bit, landing
    square, its bit, whether it is crowned there)``."""
    return [jump for jump in g.man_jumps[s] if opp & jump[2] and not occ & jump[4]]


def run_jumps(g: MoveGenerator, run: tuple[int, ...], line: int, last_dir: int, occ: int, opp: int,
              rep: int) -> tuple[list[Any], list[list[Any]], bool]:
    """The jumps of a king that may land on any square of ``run`` (reached along direction
    ``line``): those along the line, the same from every square of the run (looked at from
    ``rep``); those across it, square by square; and whether a square it cannot jump on from
    may end the capture. It may not where the published Russian rules make a king land where
    it can go on (``land_to_jump_on``)."""
    if len(run) > 1:
        split = g.king_lines[line + 1]
        along = king_jumps(g, split[rep][0], last_dir, occ, opp)
    else:
        split, along = g.king_lines[0], []
    across = [king_jumps(g, split[t][1], last_dir, occ, opp) for t in run]
    return along, across, not (g.land_to_jump_on and not along and any(across))


#: A landing from which more than one of the goals can be reached.
MANY: Final = "many"

#: A capture's goal: the square it ends on, the opponent's pieces left, whether it promotes.
Goal = tuple[int, int, bool]

#: Where a landing leads: None (to no goal), MANY, or one goal with the landings after it.
Reach = Literal["many"] | tuple[Goal, tuple[int, ...]] | None


def jump_direction(g: MoveGenerator, a: int, b: int) -> int:
    """The direction of the jump from ``a`` to ``b``."""
    for d, line, _ in g.king_rays[a]:
        if line >> b & 1:
            return d
    return next((jump[0] for jump in g.man_jumps[a] if jump[3] == b), -1)


def merge(a: Reach, b: Reach) -> Reach:
    if a is None:
        return b
    if b is None or a == MANY or (b != MANY and a[0] == b[0]):
        return a
    return MANY


def then(square: int, value: Reach) -> Reach:
    """``value`` reached by way of landing on ``square``."""
    return value if value is None or value == MANY else (value[0], (square, *value[1]))


class CaptureStates:
    """The capture states of one piece, gone over two ways.

    A man's state is its square and the pieces jumped so far (in German they
    still stand and block, DE-STRIKE; in Turkish they are gone, TR-REMOVE; either
    way the pieces left to jump say which). A king's state is the run of empty
    squares it may land on after its last jump, with the pieces jumped so far
    (and the last direction where it may not turn back): from every square of
    the run the jumps along the run's line are the same, so they are looked at
    once, and only the jumps across the line and the ends square by square
    (:func:`run_jumps`). A man's jumps are :func:`man_jumps`; one that lands where
    :attr:`~damlib.engine.movegen.MoveGenerator.crowning` crowns it goes on as a king.

    The piece captures among the pieces ``occ`` (its own square empty), of which ``opp``
    are the opponent's.

    - :meth:`start` visits each state once, by the first route that reaches it, and
      records into ``out`` each complete capture once per end state, as
      :data:`~damlib.engine.movegen.Found` items with "is king now" third (states that
      differ only in the last direction can give the same move twice); with ``partial``
      every state reached, by one route. ``named`` keeps the search to the routes that
      move text naming those squares stands for (the next named square to land on is
      part of the state); with ``exact`` every landing must be the next named square.
      Past ``deadline`` it raises :class:`OutOfTime`.
    - :meth:`landings`, for play by clicks, tells for a capture begun where each next
      landing leads: to none of the ``goals`` (the moves it may end with, each as ``(end
      square, opponent's pieces left, promotes)``), to one (with the landings that get
      there) or to :data:`MANY`; ``crowned`` says a capture that ends with a king crowned
      the piece (it set out as a man). Each state's answer is worked out once and
      remembered, so a whole game of clicks in one position costs about one pass over
      its states.
    """

    __slots__ = ("ban", "crowned", "deadline", "end", "exact", "g", "goals", "king_memo", "man_memo", "named",
                 "occ", "opp", "out", "partial", "seen")

    def __init__(self, g: MoveGenerator, occ: int, opp: int, *, partial: bool = False,
                 named: tuple[int, ...] | None = None, exact: bool = False, out: list[Any] | None = None,
                 deadline: float | None = None, goals: set[Goal] | None = None, crowned: bool = False) -> None:
        self.g, self.occ, self.opp, self.partial, self.named, self.exact = g, occ, opp, partial, named, exact
        self.out: list[Any] = [] if out is None else out
        self.end = len(named) - 1 if named else 0
        self.ban = g.opposite is not None
        self.seen: set[Any] = set()
        self.deadline = deadline
        self.goals: set[Goal] = set() if goals is None else goals
        self.crowned = crowned
        self.man_memo: dict[tuple[int, int], Reach] = {}
        self.king_memo: dict[Any, tuple[Reach, ...]] = {}

    # -- every state once, recording the captures ------------------------------------

    def _visit(self, key: Any) -> bool:
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
            self.king((s,), -1, -1, [s], [], self.occ, self.opp, 1)
        else:
            self.man(s, -1, [s], [], self.occ, self.opp, 1)

    def _passed(self, t: int, k: int, landed: bool) -> int:
        """``k`` (the named square to land on next) after landing on ``t``."""
        named = self.named
        if named is not None and landed and k < self.end and t == named[k]:
            return k + 1
        return k

    def _record(self, path: list[int], captured: list[int], king: bool, complete: bool, opp: int, k: int) -> None:
        named = self.named
        if named is not None:
            if self.exact:
                if len(path) != len(named):
                    return
            elif path[-1] != named[-1] or k != self.end:
                return
        self.out.append((tuple(path), tuple(captured), king, complete, opp))

    def _next_landing(self, path: list[int]) -> int | None:
        """In ``exact`` mode the only square the next jump may land on, None past the named squares."""
        assert self.named is not None
        return self.named[len(path)] if len(path) < len(self.named) else None

    def man(self, s: int, last_dir: int, path: list[int], captured: list[int], occ: int, opp: int, k: int) -> None:
        """A man on ``s`` (``path`` ends there) with the pieces ``occ`` standing and ``opp`` left to jump."""
        if not self._visit((s, opp, k)):
            return
        stays = self.g.stays
        after = self._passed(s, k, bool(captured))
        only = self._next_landing(path) if self.exact else -1
        jumps = man_jumps(self.g, s, occ, opp)
        for d, over, ob, land, _, crowned in jumps:
            if only != -1 and land != only:
                continue
            captured.append(over)
            standing = occ if stays else occ ^ ob
            if crowned:
                self.king((land,), d, d, path, captured, standing, opp ^ ob, after)
            else:
                path.append(land)
                self.man(land, d, path, captured, standing, opp ^ ob, after)
                path.pop()
            captured.pop()
        if captured and (self.partial or not jumps):
            self._record(path, captured, False, not jumps, opp, k)

    def king(self, run: tuple[int, ...], line: int, last_dir: int, path: list[int], captured: list[int],
             occ: int, opp: int, k: int) -> None:
        """A king that may land on any square of ``run`` (reached along direction
        ``line``), with the pieces ``occ`` standing and ``opp`` left to jump;
        ``path`` ends before the landing. At the start ``run`` is the start square
        and ``path`` is it."""
        landed = bool(captured)
        if self.exact and landed:
            only = self._next_landing(path)
            if only not in run:
                return
            run = (only,)
        if not self._visit((run[0], run[-1], opp, last_dir if self.ban else -1, k)):
            return
        g = self.g
        named = self.named
        if named is not None and not self.exact and k < self.end and named[k] in run:
            rep = named[k]
        else:
            rep = run[0]
        line_jumps, across, dead_ends = run_jumps(g, run, line, last_dir, occ, opp, rep)
        partial, stays = self.partial, g.stays
        for t, jumps in zip(run, across, strict=True):
            if landed:
                path.append(t)
                if not jumps and not line_jumps:
                    if dead_ends:
                        self._record(path, captured, True, True, opp, k)
                elif partial:
                    self._record(path, captured, True, False, opp, k)
            if t == rep and line_jumps:
                jumps = jumps + line_jumps
            if jumps:
                after = k if named is None else self._passed(t, k, landed)
                for d, over, ob, lands in jumps:
                    captured.append(over)
                    self.king(lands, d, d, path, captured, occ if stays else occ ^ ob, opp ^ ob, after)
                    captured.pop()
            if landed:
                path.pop()

    # -- where each state leads, for play by clicks ------------------------------------

    def landings(self, path: tuple[int, ...], captured: tuple[int, ...]) -> dict[int, Reach]:
        """Where the piece can jump next after landing on each square of ``path[1:]``,
        jumping ``captured``."""
        g = self.g
        king = not self.crowned or g.crowned_on_the_way(path)
        occ, opp = self.occ, self.opp
        for c in captured:
            opp &= ~(1 << c)
            if not g.stays:
                occ &= ~(1 << c)
        s = path[-1]
        out: dict[int, Reach] = {}
        if king:
            last_dir = -1 if len(path) < 2 else jump_direction(g, path[-2], s)
            for d, _, ob, lands in king_jumps(g, g.king_rays[s], last_dir, occ, opp):
                standing = occ if g.stays else occ ^ ob
                out.update(zip(lands, self._king_reach(lands, d, d, standing, opp ^ ob), strict=True))
        else:
            for d, _, ob, land, _, crowned in man_jumps(self.g, s, occ, opp):
                out[land] = self._man_jump_reach(d, land, crowned, occ, opp, ob)
        return out

    def _man_jump_reach(self, d: int, land: int, crowned: bool, occ: int, opp: int, ob: int) -> Reach:
        """Where a man's jump over ``ob`` onto ``land`` (crowning it there or not) leads."""
        standing = occ if self.g.stays else occ ^ ob
        if crowned:
            return self._king_reach((land,), d, d, standing, opp ^ ob)[0]
        return self._man_reach(land, standing, opp ^ ob)

    def _man_reach(self, s: int, occ: int, opp: int) -> Reach:
        """Where a man that has just landed on ``s`` can end."""
        key = (s, opp)
        memo = self.man_memo
        if key in memo:
            return memo[key]
        value: Reach = None
        jumps = man_jumps(self.g, s, occ, opp)
        for d, _, ob, land, _, crowned in jumps:
            value = merge(value, then(land, self._man_jump_reach(d, land, crowned, occ, opp, ob)))
        if not jumps:
            goal = (s, opp, s in self.g.last_rank)
            value = (goal, ()) if goal in self.goals else None
        memo[key] = value
        return value

    def _king_reach(self, run: tuple[int, ...], line: int, last_dir: int, occ: int, opp: int) -> tuple[Reach, ...]:
        """Where a king that has just landed on each square of ``run`` (along ``line``) can end."""
        g = self.g
        key = (run[0], run[-1], opp, last_dir if self.ban else -1)
        memo = self.king_memo
        if key in memo:
            return memo[key]
        line_jumps, across, dead_ends = run_jumps(g, run, line, last_dir, occ, opp, run[0])
        along: Reach = None
        for d, _, ob, lands in line_jumps:  # the same from every square of the run
            for land, v in zip(lands, self._king_reach(lands, d, d, occ if g.stays else occ ^ ob, opp ^ ob),
                               strict=True):
                along = merge(along, then(land, v))
        values: list[Reach] = []
        for t, jumps in zip(run, across, strict=True):
            if not jumps and not line_jumps:
                goal = (t, opp, self.crowned)
                values.append((goal, ()) if dead_ends and goal in self.goals else None)
                continue
            value = along
            for d, _, ob, lands in jumps:
                for land, v in zip(lands, self._king_reach(lands, d, d, occ if g.stays else occ ^ ob, opp ^ ob),
                                   strict=True):
                    value = merge(value, then(land, v))
            values.append(value)
        memo[key] = out = tuple(values)
        return out
