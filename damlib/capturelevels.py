"""The longest captures of one piece, found a level (one jump) at a time.

Where the majority rule holds (DE-MAJORITY, TR-MAJORITY) only the captures that
take the most count, and only what they end with matters: the end square, the
pieces taken, whether the piece is a king. The search here keeps, for each set
of pieces still to take, the squares a piece may stand on after taking the
others, as one bit board; it jumps from all of them at once, sliding along each
line by shifts. Routes to the same squares with the same pieces taken merge, so
the work grows with the sets of pieces a capture can take, not with its routes
(a Turkish king among sixteen men has about a million). The deepest level holds
every longest capture's end; one route to each is traced back afterwards.

A node of a level is ``pieces left << 4 | kind``: kind :data:`MAN` for a man, 0
for a king, or one more than the direction of the king's last jump where it may
not turn back (TURKISH_PUBLISHED). A search for the captures that move text
naming some landings stands for also keeps, from bit :data:`PHASE` up, how many
of those landings the route has made.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, NamedTuple

from .capturestates import MANY, OutOfTime, Reach, _direction, _merge, _then, king_jumps

if TYPE_CHECKING:
    from .movegen import Found, MoveGenerator

#: The kind of a node whose piece is still a man.
MAN = 15
#: The bit of a node from which it counts the named landings made (above the 64 squares).
PHASE = 68
#: The pieces left, from a node shifted down by 4.
LEFT = (1 << 64) - 1
#: A node without its count of named landings.
WHOLE = (1 << PHASE) - 1


class Slide(NamedTuple):
    """A direction as shifts: ``shift`` (taken as ``>>`` when ``down``) moves a bit board
    one square along it from the squares ``start`` (those with a square beyond) onto
    the squares ``ends``; ``rays`` holds the bits of the line outward from each square."""

    direction: int
    down: bool
    shift: int
    start: int
    ends: int
    rays: tuple[int, ...]


def slides(lines: tuple[tuple[tuple[int, tuple[int, ...]], ...], ...]) -> tuple[Slide, ...]:
    """The directions of ``lines`` (the ``(direction, squares outward)`` lines from each
    square, as :class:`~damlib.squares.Tables` keeps them) as :class:`Slide` values."""
    found: dict[int, tuple[int, int, list[int]]] = {}
    for s, rays in enumerate(lines):
        for d, ray in rays:
            shift, start, bits = found.setdefault(d, (ray[0] - s, 0, [0] * 64))
            for t in ray:
                bits[s] |= 1 << t
            found[d] = (shift, start | 1 << s, bits)
    return tuple(
        Slide(d, shift < 0, abs(shift), start, start >> -shift if shift < 0 else start << shift, tuple(bits))
        for d, (shift, start, bits) in sorted(found.items())
    )


class Levels:
    """The longest captures of the piece on ``start`` (a king if ``king``) among the
    pieces ``occ`` (its own square empty), of which ``opp`` are the opponent's.

    With ``through``, :meth:`found` keeps only those that land on the squares
    ``through`` in that order, among other landings, before their end (as move text
    naming them stands for: :func:`damlib.legality.names_route`); ``useful`` (the
    squares from which the captures wanted can be reached, by node, as
    :class:`LevelReach` finds them) keeps the search to them.
    """

    __slots__ = ("board", "deadline", "g", "jumps", "king", "levels", "opp", "own", "start", "stays", "through")

    def __init__(self, g: MoveGenerator, occ: int, opp: int, start: int, king: bool,
                 deadline: float | None = None, through: tuple[int, ...] = (),
                 useful: dict[int, int] | None = None) -> None:
        self.g, self.opp, self.start, self.deadline = g, opp, start, deadline
        self.own = occ & ~opp
        self.king = king
        self.board = g.board_bits
        #: for each level, each direction's shifts and the jumps of its nodes that way, as
        #: bits: for a man the squares it lands on, for a king the pieces it jumps (what
        #: :class:`LevelReach` looks back along)
        self.jumps: list[list[tuple[tuple, dict[int, int]]]] = []
        self.stays = g.stays
        self.through = through
        self.levels: list[dict[int, int]] = []
        level = {opp << 4 | (0 if king else MAN): 1 << start}
        while True:
            if useful is not None:
                level = {node: squares & useful.get(node & WHOLE, 0) for node, squares in level.items()}
                level = {node: squares for node, squares in level.items() if squares}
            ahead = self._pass(level) if through and self.levels else level
            after = self._jump(ahead)
            if not after:
                self.levels.append(level)  # as landed on: a capture's end is no landing on the way
                return
            self.levels.append(ahead)
            level = after

    def _pass(self, level: dict[int, int]) -> dict[int, int]:
        """``level`` with the piece that landed on the next of the squares ``through``
        moved on a phase."""
        out: dict[int, int] = {}
        for node, squares in level.items():
            phase = node >> PHASE
            if phase < len(self.through) and squares >> self.through[phase] & 1:
                named = 1 << self.through[phase]
                if squares != named:
                    out[node] = out.get(node, 0) | squares ^ named
                node += 1 << PHASE
                squares = named
            out[node] = out.get(node, 0) | squares
        return out

    def _empty(self, left: int) -> int:
        """The empty squares while the pieces ``left`` are still to take."""
        if self.stays:  # DE-STRIKE: jumped pieces stand until the capture ends
            return self.board & ~(self.own | self.opp)
        return self.board & ~(self.own | left)  # TR-REMOVE: gone at once

    def _jump(self, level: dict[int, int]) -> dict[int, int]:
        """The next level: every node one jump on from a node of ``level``. Its jumps are
        kept in :attr:`jumps`."""
        g = self.g
        ban = g.opposite
        crown, last_rank = g.crown_mid, g.last_rank_bits
        # DE-STRIKE: jumped pieces stand until the capture ends; TR-REMOVE: gone at once
        blocked = self.own | self.opp if self.stays else self.own
        board = self.board
        out: dict[int, int] = {}
        get = out.get
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise OutOfTime
        kings: list[tuple[int, int, int]] = []
        men: list[tuple[int, int, int]] = []
        for node, squares in level.items():
            (men if node & 15 == MAN else kings).append((node, squares, board & ~(blocked | node >> 4)))
        base = [(node >> 4, node & 15, node & ~15, squares, empty, ~empty) for node, squares, empty in kings]
        jumps: list[tuple[tuple, dict[int, int]]] = []
        self.jumps.append(jumps)
        for man_slide in g.man_slides if men else ():
            d, down, shift, start, _, _ = man_slide
            crowned = d + 1 if ban is not None else 0
            found: dict[int, int] = {}
            for node, squares, empty in men:
                left = node >> 4
                over = left & (((squares & start) >> shift) if down else (squares & start) << shift)
                lands = (over >> shift if down else over << shift) & empty
                if lands:
                    found[node] = lands
                while lands:
                    t = lands & -lands
                    lands ^= t
                    taken = t << shift if down else t >> shift
                    # RU-PROMOTE / TR-PROMOTE crown at once; DE-PROMOTE-PASS goes on as a man.
                    key = (left ^ taken) << 4 | (crowned if crown and t & last_rank else MAN)
                    out[key] = get(key, 0) | t
            jumps.append((man_slide, found))
        # Along each line: the pieces that could be jumped (an empty square beyond), every
        # square the king reaches from its squares (a Kogge-Stone fill), the first piece beyond.
        for slide in g.slides_up if kings else ():
            d, s1, s2, s4, start, ends, rays, banned, after = slide
            found = {}
            for left, kind, node, squares, empty, stop in base:
                can = left & start & (empty >> s1)
                if not can or kind == banned:
                    continue
                free = empty & ends
                reach = squares | free & (squares << s1)
                free &= free << s1
                reach |= free & (reach << s2)
                reach |= free & (free << s2) & (reach << s4)
                hits = ((reach & start) << s1) & can
                if not hits:
                    continue
                found[node | kind] = hits
                node |= after
                while hits:
                    taken = hits & -hits
                    hits ^= taken
                    ray = rays[taken.bit_length() - 1]
                    block = ray & stop
                    key = node ^ taken << 4
                    out[key] = get(key, 0) | (ray & ((block & -block) - 1) if block else ray)
            jumps.append((slide, found))
        for slide in g.slides_down if kings else ():
            d, s1, s2, s4, start, ends, rays, banned, after = slide
            found = {}
            for left, kind, node, squares, empty, stop in base:
                can = left & start & (empty << s1)
                if not can or kind == banned:
                    continue
                free = empty & ends
                reach = squares | free & (squares >> s1)
                free &= free >> s1
                reach |= free & (reach >> s2)
                reach |= free & (free >> s2) & (reach >> s4)
                hits = ((reach & start) >> s1) & can
                if not hits:
                    continue
                found[node | kind] = hits
                node |= after
                while hits:
                    taken = hits & -hits
                    hits ^= taken
                    ray = rays[taken.bit_length() - 1]
                    block = ray & stop
                    key = node ^ taken << 4
                    out[key] = get(key, 0) | (ray & -(1 << block.bit_length()) if block else ray)
            jumps.append((slide, found))
        return out

    def found(self) -> list[Found]:
        """One route to each end of the longest captures, as :data:`~damlib.movegen.Found`
        items with "is king now" third; ``[]`` if the piece cannot capture."""
        if len(self.levels) == 1:
            return []
        ends: dict[tuple[int, int, bool], int] = {}
        for node, squares in self.levels[-1].items():
            if node >> PHASE == len(self.through):
                for t in _bits(squares):
                    ends.setdefault((t.bit_length() - 1, node >> 4 & LEFT, node & 15 != MAN), node)
        return [self._route(t, node) + (king, True, left) for (t, left, king), node in ends.items()]

    def _route(self, t: int, node: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """A route, and the pieces it takes in order, to ``t`` in ``node`` of the deepest level."""
        path, captured = [t], []
        before = [node]  # the deepest level is as landed on
        for level in reversed(self.levels[:-1]):
            found = next(filter(None, (self._back(level, t, n) for n in before)), None)
            assert found is not None, "a node of a level has no way in"
            t, node, taken = found
            path.append(t)
            captured.append(taken)
            before = self._before_pass(t, node)
        return tuple(reversed(path)), tuple(reversed(captured))

    def _before_pass(self, t: int, node: int) -> list[int]:
        """What ``node`` of a level may have been when its piece landed on ``t``, before
        :meth:`_pass`: itself, or a phase before if ``t`` is the named landing it made."""
        phase, through = node >> PHASE, self.through
        out = [node] if phase == len(through) or t != through[phase] else []
        if phase and t == through[phase - 1]:
            out.append(node - (1 << PHASE))
        return out

    def _back(self, level: dict[int, int], t: int, node: int) -> tuple[int, int, int] | None:
        """The square, node of ``level`` and piece taken from which a jump lands on ``t``
        in ``node`` (as the jump made it), if any."""
        g = self.g
        left, kind = node >> 4, node & 15
        taken_ones = self.opp & ~left
        if kind != MAN:
            empty = self._empty(left)
            for back, ray in g.king_lines_out[t]:
                jump = g.reverse[back]
                if kind and kind != jump + 1:
                    continue  # with the turn ban a node knows its last jump's direction
                for q in ray:  # back along the line to the piece jumped
                    if 1 << q & taken_ones:
                        behind = self._king_source(level, left | 1 << q, q, back, jump)
                        if behind is not None:
                            return behind[0], behind[1], q
                        if self.stays:
                            break
                    elif not 1 << q & empty:
                        break
        if kind == MAN or self.g.crown_mid and 1 << t & g.last_rank_bits:
            for jump, over, source in g.man_jumps_into[t]:
                parent = (left | 1 << over) << 4 | MAN
                if 1 << over & taken_ones and level.get(parent, 0) >> source & 1 and (
                        kind in (MAN, 0) or kind == jump + 1):
                    return source, parent, over
        return None

    def _king_source(self, level: dict[int, int], left: int, q: int, back: int,
                     jump: int) -> tuple[int, int] | None:
        """A square and node of ``level`` (pieces ``left``) from which a king jumps ``q``
        in direction ``jump``: it stood on the line behind ``q`` (direction ``back``)."""
        g = self.g
        empty = self._empty(left)
        ban = g.opposite
        kinds = [0] if ban is None else [0] + [d + 1 for d in range(len(ban)) if ban[d] != jump]
        for d, ray in g.king_lines_out[q]:
            if d != back:
                continue
            for x in ray:
                if not 1 << x & empty:
                    return None
                for kind in kinds:
                    node = left << 4 | kind
                    if level.get(node, 0) >> x & 1:
                        return x, node
        return None


def _beyond(ray: int, empty: int, down: bool) -> int:
    """The empty squares of ``ray`` (a line's bits outward from a square) up to the first
    that is not ``empty``."""
    block = ray & ~empty
    if not block:
        return ray
    return ray & -(1 << block.bit_length()) if down else ray & ((block & -block) - 1)


class LevelReach:
    """Where a capture begun by the piece of ``levels`` can still go, if it must end as
    one of ``goals`` (``(end square, opponent's pieces left, promotes)``), every one a
    longest capture, or (``None``) as any complete capture: what
    :class:`~damlib.capturestates.CaptureReach` answers, from the levels. Looking back
    from the deepest level, each node learns the squares from which a goal can be
    reached and whether one goal or :data:`MANY`; a square's own answer is worked out
    when it is asked for."""

    __slots__ = ("g", "goals", "levels", "summary", "useful", "values")

    def __init__(self, levels: Levels, goals: set[tuple[int, int, bool]] | None) -> None:
        self.levels, self.goals, self.g = levels, goals, levels.g
        g = self.g
        nodes = levels.levels
        #: for each node, the squares from which a goal can be reached, and which goal or MANY
        self.useful: dict[int, int] = {}
        self.summary: dict[int, Reach] = {}
        self.values: dict[tuple[int, int], Reach] = {}
        if goals is None:
            return
        for node, squares in nodes[-1].items() if len(nodes) > 1 else ():
            for bit in _bits(squares):
                t = bit.bit_length() - 1
                goal = self._goal(t, node)
                if goal in goals:
                    self.useful[node] = self.useful.get(node, 0) | 1 << t
                    self.summary[node] = _merge(self.summary.get(node), (goal, ()))
        for index in range(len(nodes) - 2, -1, -1):
            useful: dict[int, int] = {}
            value: dict[int, Reach] = {}
            for slide, found in levels.jumps[index]:
                if slide in g.man_slides:
                    self._back_men(slide, found, useful, value)
                else:
                    self._back_kings(slide, found, nodes[index], useful, value)
            self.useful.update(useful)
            self.summary.update(value)

    def _back_men(self, slide: Slide, found: dict[int, int], useful: dict[int, int],
                  value: dict[int, Reach]) -> None:
        """Into ``useful`` and ``value``: what the men's jumps ``found`` along ``slide``
        (by node, the squares landed on) lead to."""
        g = self.g
        d, down, shift = slide[:3]
        crowned = d + 1 if g.opposite is not None else 0
        for node, lands in found.items():
            left = node >> 4
            for t in _bits(lands):
                taken = t << shift if down else t >> shift
                # RU-PROMOTE / TR-PROMOTE: on as a king
                child = (left ^ taken) << 4 | (crowned if g.crown_mid and t & g.last_rank_bits else MAN)
                if self.useful.get(child, 0) & t:
                    useful[node] = useful.get(node, 0) | (taken << shift if down else taken >> shift)
                    value[node] = _merge(value.get(node), self.summary[child])

    def _back_kings(self, slide: tuple, found: dict[int, int], level: dict[int, int],
                    useful: dict[int, int], value: dict[int, Reach]) -> None:
        """Into ``useful`` and ``value``: what the kings' jumps ``found`` along ``slide``
        (by node, the pieces jumped) lead to; ``level`` holds the nodes' squares."""
        g = self.g
        d, rays, after = slide[0], slide[6], slide[8]
        down = slide in g.slides_down
        back = next(s.rays for s in g.slides if s.direction == g.reverse[d])
        known, summary = self.useful, self.summary
        for node, hits in found.items():
            base = node & ~15 | after
            empty, sources, reach = -1, 0, value.get(node)
            while hits:
                taken = hits & -hits
                hits ^= taken
                child = base ^ taken << 4
                ahead = known.get(child, 0)
                if not ahead:
                    continue
                if empty == -1:
                    empty = self.levels._empty(node >> 4)
                p = taken.bit_length() - 1
                if _beyond(rays[p], empty, down) & ahead:
                    sources |= _beyond(back[p], empty, not down)
                    if reach != MANY:
                        reach = _merge(reach, summary[child])
            if sources:
                useful[node] = useful.get(node, 0) | level[node] & sources
                value[node] = reach

    def _goal(self, t: int, node: int) -> tuple[int, int, bool]:
        """The goal of a capture ending on ``t`` in ``node``."""
        king = node & 15 != MAN
        return (t, node >> 4, not self.levels.king and (king or 1 << t & self.g.last_rank_bits != 0))

    def landings(self, path: tuple[int, ...], captured: tuple[int, ...]) -> dict[int, Reach]:
        """Where the piece can jump next after landing on each square of ``path[1:]``,
        jumping ``captured``: as :meth:`~damlib.capturestates.CaptureReach.landings`."""
        g = self.g
        left = self.levels.opp
        for c in captured:
            left &= ~(1 << c)
        king = self.levels.king or g.crown_mid and any(1 << s & g.last_rank_bits for s in path[1:])
        if not king:
            kind = MAN
        elif g.opposite is None or len(path) < 2:
            kind = 0
        else:
            kind = _direction(g, path[-2], path[-1]) + 1
        return {t: self.value(t, child) for t, child in self._jumps(path[-1], left << 4 | kind)}

    def _jumps(self, s: int, node: int) -> list[tuple[int, int]]:
        """Each square the piece on ``s`` in ``node`` can jump to, with the node it lands in."""
        g = self.g
        left, kind = node >> 4, node & 15
        occ = self.levels.board & ~self.levels._empty(left)
        ban = g.opposite is not None
        if kind == MAN:
            out = []
            for d, _, ob, land, lb in g.man_jumps[s]:
                if left & ob and not occ & lb:
                    # RU-PROMOTE / TR-PROMOTE: on as a king
                    to = (d + 1 if ban else 0) if g.crown_mid and lb & g.last_rank_bits else MAN
                    out.append((land, (left ^ ob) << 4 | to))
            return out
        return [(t, (left ^ ob) << 4 | (d + 1 if ban else 0))
                for d, _, ob, lands in king_jumps(g, g.king_rays[s], kind - 1 if kind else -1, occ, left)
                for t in lands]

    def value(self, t: int, node: int) -> Reach:
        """Where the piece landing on ``t`` in ``node`` can end. With no ``goals`` (any
        complete capture), :data:`MANY` wherever it can jump on: play by clicks then waits
        for every landing."""
        if self.goals is None:
            return MANY if self._jumps(t, node) else (self._goal(t, node), ())
        if not self.useful.get(node, 0) >> t & 1:
            return None
        summary = self.summary[node]
        if summary != MANY:  # every square it may be reached from leads there
            return summary[0], self._route(t, node)
        key = (t, node)
        if key not in self.values:
            value = None
            for u, child in self._jumps(t, node):
                value = _merge(value, _then(u, self.value(u, child)))
                if value == MANY:
                    break
            self.values[key] = (self._goal(t, node), ()) if value is None else value
        return self.values[key]

    def _route(self, t: int, node: int) -> tuple[int, ...]:
        """The landings after ``t`` of a way from ``t`` in ``node`` to a goal."""
        out: list[int] = []
        while True:
            on = next(((u, child) for u, child in self._jumps(t, node) if self.useful.get(child, 0) >> u & 1), None)
            if on is None:
                return tuple(out)
            t, node = on
            out.append(t)


def _bits(board: int) -> list[int]:
    """The one-bit boards of ``board``'s squares."""
    out = []
    while board:
        low = board & -board
        out.append(low)
        board ^= low
    return out
