"""The capture search by states, for captures with too many routes to walk.

A Turkish king among many men can reach the same end, with the same pieces
taken, by hundreds of thousands of routes (TR-REMOVE: pieces leave at once, and
the king may turn back). The search visits each capture state once, so its work
grows with the number of states, not of routes: routes that reach the same state
go on alike. :class:`~damlib.movegen.MoveGenerator` uses it when walking the
routes passes its budget, and for move text, which names only some landings.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .movegen import MoveGenerator

#: How many states a search visits between two looks at the clock.
CLOCK_EVERY = 64


class OutOfTime(Exception):
    """The generator passed the ``deadline`` it was given."""


class CaptureStates:
    """One search over the capture states of one piece.

    A man's state is its square and the pieces jumped so far (in German they
    still stand and block, DE-STRIKE; in Turkish they are gone, TR-REMOVE; either
    way the pieces left to jump say which). A king's state is the run of empty
    squares it may land on after its last jump, with the pieces jumped so far
    (and the last direction where it may not turn back): from every square of
    the run the jumps along the run's line are the same, so they are searched
    once, and only the jumps across the line and the ends are looked at square by
    square.

    A complete capture is recorded once per end state, by the first route that
    reached it, as :data:`~damlib.movegen.Found` items with "is king now" third;
    states that differ only in the last direction can give the same move twice.
    With ``partial`` every state reached is recorded too, by one route.

    ``named`` keeps the search to the routes that move text naming those squares
    stands for: the next named square to land on is part of the state. With
    ``exact`` every landing must be the next named square.
    """

    __slots__ = ("ban", "deadline", "end", "exact", "g", "named", "occ", "opp", "out", "partial", "seen")

    def __init__(self, g: MoveGenerator, occ: int, opp: int, partial: bool, named: tuple[int, ...] | None,
                 exact: bool, out: list, deadline: float | None = None) -> None:
        self.g, self.occ, self.opp, self.partial, self.named, self.exact, self.out = (
            g, occ, opp, partial, named, exact, out)
        self.end = len(named) - 1 if named else 0
        self.ban = g.opposite is not None
        self.seen: set = set()
        self.deadline = deadline

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
        """In ``exact`` mode the only square the next jump may land on (None: none)."""
        assert self.named is not None
        return self.named[len(path)] if len(path) < len(self.named) else None

    def man(self, s: int, last_dir: int, path: list[int], captured: list[int], occ: int, opp: int, k: int) -> None:
        """A man on ``s`` (``path`` ends there) with the pieces ``occ`` standing and ``opp`` left to jump."""
        if not self._visit((s, opp, k)):
            return
        g = self.g
        stays, crown_mid, last_rank = g.stays, g.crown_mid, g.last_rank_bits
        after = self._passed(s, k, bool(captured))
        only = self._next_landing(path) if self.exact else -1
        jumped = False
        for d, over, ob, land, lb in g.man_jumps[s]:
            if opp & ob and not occ & lb:
                jumped = True
                if only != -1 and land != only:
                    continue
                captured.append(over)
                standing = occ if stays else occ ^ ob
                # RU-PROMOTE / TR-PROMOTE crown at once; DE-PROMOTE-PASS goes on as a man.
                if crown_mid and lb & last_rank:
                    self.king((land,), d, d, path, captured, standing, opp ^ ob, after)
                else:
                    path.append(land)
                    self.man(land, d, path, captured, standing, opp ^ ob, after)
                    path.pop()
                captured.pop()
        if captured and (self.partial or not jumped):
            self._record(path, captured, False, not jumped, opp, k)

    def _king_jumps(self, t: int, rays: tuple, last_dir: int, occ: int,
                    opp: int) -> list[tuple[int, int, int, tuple[int, ...]]]:
        """The king's jumps from ``t`` along ``rays``: ``(direction, jumped square, its bit, landing run)``."""
        g = self.g
        banned = g.opposite[last_dir] if g.opposite is not None and last_dir >= 0 else -1
        out = []
        for d, sh, line, ray in rays:
            block = line & occ
            if not block or d == banned:
                continue
            if sh > 0:
                first = block & -block
                block &= -(first << 1)  # the pieces beyond the first
                beyond = block & -block
            else:
                first = 1 << (block.bit_length() - 1)
                block &= first - 1
                beyond = 1 << (block.bit_length() - 1) if block else 0
            if not first & opp:
                continue
            over = first.bit_length() - 1
            i = (over - t) // sh
            j = ((beyond.bit_length() - 1 - t) // sh - 1) if beyond else len(ray)
            if j > i:
                out.append((d, over, first, ray[i:j]))
        return out

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
        jumps_from = self._king_jumps
        if len(run) > 1:
            split = g.king_lines[line + 1]
            # jumps along the run's line are the same from every square of it
            line_jumps = jumps_from(rep, split[rep][0], last_dir, occ, opp)
        else:
            split, line_jumps = g.king_lines[0], []
        across = [jumps_from(t, split[t][1], last_dir, occ, opp) for t in run]
        # The published Russian rules: a king that can jump on from some landing must land on one of those.
        dead_ends = not (g.land_to_jump_on and landed and not line_jumps and any(across))
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
