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

A node of a level is ``pieces left << KIND_BITS | kind``: kind :data:`MAN` for a man;
for a king 0, or, where it may not turn back (TURKISH_PUBLISHED), one more than the
direction of its last jump (0 before its first). A man with the pieces on d4 and f6
(squares 27 and 45) still to take:

>>> node = (1 << 27 | 1 << 45) << KIND_BITS | MAN
>>> [bit.bit_length() - 1 for bit in _bits(node >> KIND_BITS & LEFT)], node & KIND == MAN
([27, 45], True)

A search for the captures that move text naming some landings stands for also keeps,
from bit :data:`PHASE` up, how many of those landings the route has made.
"""

from __future__ import annotations

import sys
import time
from array import array
from collections.abc import Iterator
from itertools import chain, compress, repeat
from operator import lshift, rshift
from typing import TYPE_CHECKING, NamedTuple

from .capturestates import MANY, OutOfTime, Reach, jump_direction, king_jumps, man_jumps, merge, then

if TYPE_CHECKING:
    from .movegen import Found, MoveGenerator

#: A node holds its kind in its low bits, and the pieces left to take above them.
KIND_BITS = 4
#: The kind of a node: ``node & KIND``.
KIND = (1 << KIND_BITS) - 1
#: The kind of a node whose piece is still a man: above every king's (0 to 8).
MAN = KIND
#: The bit of a node from which it counts the named landings made (above the 64 squares).
PHASE = 64 + KIND_BITS
#: The pieces left, from a node shifted down by :data:`KIND_BITS`.
LEFT = (1 << 64) - 1
#: A node without its count of named landings.
WHOLE = (1 << PHASE) - 1


class Slide(NamedTuple):
    """A man's jump direction as a shift: ``shift`` (taken as ``>>`` when ``down``) moves
    a bit board one square along it, from the squares ``start`` (those with a jump that way)."""

    direction: int
    down: bool
    shift: int
    start: int


class KingSlide(NamedTuple):
    """A king's direction as a shift by ``shift`` bits a square (taken as ``>>`` when
    ``down``), from the squares ``start`` (those with a square beyond) onto ``ends``;
    ``rays`` holds, by the bit of each square, the bits of the line outward from it that
    way, and the bit moved up four, as a node holds the pieces left (a jump over the piece
    there lands on the line and leaves the node with that bit changed). ``banned`` is the
    kind of node that may not jump this way (-1: none may); ``after`` the kind a jump this
    way makes (see the module's text)."""

    direction: int
    down: bool
    shift: int
    start: int
    ends: int
    rays: dict[int, tuple[int, int]]
    banned: int
    after: int


def _lines(rays: tuple[tuple[tuple[int, tuple[int, ...]], ...], ...]) -> dict[int, tuple[int, int, tuple[int, ...]]]:
    """For each direction of ``rays`` (the ``(direction, squares outward)`` lines from each
    square, as :class:`~damlib.engine.squares.Tables` keeps them): its shift (negative: down), the
    squares with a line that way, and each square's line as bits."""
    found: dict[int, tuple[int, int, list[int]]] = {}
    for s, lines in enumerate(rays):
        for d, ray in lines:
            shift, start, bits = found.setdefault(d, (ray[0] - s, 0, [0] * 64))
            for t in ray:
                bits[s] |= 1 << t
            found[d] = (shift, start | 1 << s, bits)
    return {d: (shift, start, tuple(bits)) for d, (shift, start, bits) in sorted(found.items())}


def man_slides(jumps: tuple[tuple[tuple[int, int, int], ...], ...]) -> tuple[Slide, ...]:
    """A man's jump directions (``jumps``: :attr:`~damlib.engine.squares.Tables.man_jumps`) as shifts."""
    lines = _lines(tuple(tuple((d, (over, land)) for d, over, land in js) for js in jumps))
    return tuple(Slide(d, shift < 0, abs(shift), start) for d, (shift, start, _) in lines.items())


def king_slides(rays: tuple[tuple[tuple[int, tuple[int, ...]], ...], ...],
                ban: tuple[int, ...] | None) -> tuple[KingSlide, ...]:
    """A king's directions (``rays``: :attr:`~damlib.engine.squares.Tables.king_rays`) as shifts;
    ``ban`` gives each direction's opposite where a king may not turn back."""
    lines = _lines(rays)
    out = []
    for d, (shift, start, bits) in lines.items():
        s = abs(shift)
        ends = start >> s if shift < 0 else start << s
        banned, after = (-1, 0) if ban is None else (ban[d] + 1, d + 1)
        by_piece = {1 << t: (line, 1 << t << KIND_BITS) for t, line in enumerate(bits)}
        out.append(KingSlide(d, shift < 0, s, start, ends, by_piece, banned, after))
    return tuple(out)


#: One direction's jumps from the nodes of a level: the direction, the jumps by node as
#: bits (for a man the squares it lands on, for a king the pieces it jumps) and, for a
#: king, the node each of those jumps lands in, in turn, and the squares it lands on (two
#: lists of ints, as a list of pairs would keep the garbage collector busy).
Jumps = tuple[Slide | KingSlide, dict[int, int], list[int], list[int]]


class Levels:
    """The longest captures of the piece on ``start`` (a king if ``king``) among the
    pieces ``occ`` (its own square empty), of which ``opp`` are the opponent's; past
    ``deadline`` (a :func:`time.perf_counter` time) it raises :class:`OutOfTime`.

    With ``through``, :meth:`found` keeps only those that land on the squares
    ``through`` in that order, among other landings, before their end (as move text
    naming them stands for: :func:`damlib.engine.legality.names_route`); ``useful`` (for
    each count of those landings made, by node, the squares from which the captures
    wanted can still be made, as :meth:`toward` finds them: one more than ``through``
    has squares) keeps the search to them. Such a search keeps no :attr:`jumps`.
    """

    __slots__ = ("blocked", "board", "by_direction", "g", "jumps", "king", "levels", "moving", "opp", "own",
                 "owners", "stays", "through")

    def __init__(self, g: MoveGenerator, occ: int, opp: int, start: int, king: bool,
                 deadline: float | None = None, through: tuple[int, ...] = (),
                 useful: list[dict[int, int]] | None = None) -> None:
        self.g, self.opp, self.king, self.through = g, opp, king, through
        self.own = occ & ~opp
        self.board = g.board_bits
        self.by_direction = {slide.direction: slide for slide in g.king_slides}
        self.stays = g.stays
        #: what blocks a line besides the pieces still to take: DE-STRIKE, jumped pieces
        #: stand until the capture ends; TR-REMOVE, they are gone at once
        self.blocked = occ if g.stays else self.own
        #: for each level, each direction's jumps (what :class:`LevelReach` looks back along)
        self.jumps: list[list[Jumps]] = []
        record = useful is None
        self.levels: list[dict[int, int]] = []
        #: :meth:`starts` by level, as far as asked for
        self.moving: dict[int, dict[int, int]] = {}
        #: by level and direction, the node each jump of :attr:`jumps` leaves, worked
        #: out when first looked back along
        self.owners: dict[tuple[int, int], list[int]] = {}
        level = {opp << KIND_BITS | (0 if king else MAN): 1 << start}
        while True:
            if deadline is not None and time.perf_counter() > deadline:
                raise OutOfTime
            if useful is not None:
                level = {node: squares & useful[node >> PHASE].get(node & WHOLE, 0) for node, squares in level.items()}
                level = {node: squares for node, squares in level.items() if squares}
            ahead = self._pass(level) if through and self.levels else level
            jumps: list[Jumps] = []
            after = self._jump(ahead, jumps)
            if not after:
                self.levels.append(level)  # as landed on: a capture's end is no landing on the way
                return
            self.levels.append(ahead)
            if record:
                self.jumps.append(jumps)
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

    def empty(self, left: int) -> int:
        """The empty squares while the pieces ``left`` are still to take."""
        return self.board & ~(self.blocked | left)

    def _jump(self, level: dict[int, int], jumps: list[Jumps]) -> dict[int, int]:
        """The next level: every node one jump on from a node of ``level``; each
        direction's jumps go into ``jumps``."""
        g = self.g
        blocked, board = self.blocked, self.board
        out: dict[int, int] = {}
        get = out.get
        kings: dict[int, int] = {}
        men: list[tuple[int, int, int]] = []
        for node, squares in level.items():
            if node & KIND == MAN:
                men.append((node, squares, board & ~(blocked | node >> KIND_BITS)))
            else:
                kings[node] = squares
        for man in g.man_slides if men else ():
            d, down, shift, start = man
            found: dict[int, int] = {}
            for node, squares, empty in men:
                left = node >> KIND_BITS
                over = left & (((squares & start) >> shift) if down else (squares & start) << shift)
                lands = (over >> shift if down else over << shift) & empty
                if lands:
                    found[node] = lands
                for t in _bits(lands):
                    key = (left ^ (t << shift if down else t >> shift)) << KIND_BITS | _kind_after(g, d, t)
                    out[key] = get(key, 0) | t
            jumps.append((man, found, [], []))
        if kings:
            self._slide(kings, out, jumps)
        return out

    def _slide(self, kings: dict[int, int], out: dict[int, int], jumps: list[Jumps]) -> None:
        """Into ``out`` and ``jumps``: the kings' jumps from the nodes ``kings`` (squares by
        node).

        Every node's bit board sits in one lane of a single Python int (:func:`_pack`),
        so a direction's fill is a dozen operations for the whole level: the first
        piece beyond each square the king reaches (a Kogge-Stone fill), for every node at
        once. Only each node's jumps are then taken one by one, with the run of empty
        squares past the piece jumped."""
        nodes = list(kings)
        stops = [self.blocked | node >> KIND_BITS & LEFT for node in nodes]
        ones, squares, left, empty = self._lanes(nodes, list(kings.values()))
        # where a king may turn back, its nodes are all of kind 0 and a jump keeps it
        plain = self.g.opposite is None
        kinds = {0} if plain else {node & KIND for node in nodes}
        get = out.get
        for king in self.g.king_slides:
            d, down, s1, start, ends, rays, banned, after = king
            on, back = (rshift, lshift) if down else (lshift, rshift)
            begin = start * ones
            can = left & begin & back(empty, s1)
            able = squares
            if banned in kinds:  # TURKISH_PUBLISHED: this way is no jump for these
                able = _pack([0 if node & KIND == banned else s for node, s in kings.items()])
            reach = _fill(able, empty & ends * ones, king)
            found: dict[int, int] = {}
            keys: list[int] = []
            lands: list[int] = []
            into, onto = keys.append, lands.append
            hit = _unpack(on(reach & begin, s1) & can, len(nodes))
            found.update(compress(zip(nodes, hit, strict=True), hit))
            for child, hits, stop in compress(zip(nodes if plain else [node & ~KIND | after for node in nodes],
                                                  hit, stops, strict=True), hit):
                while hits:
                    taken = hits & -hits
                    hits ^= taken
                    ray, moved = rays[taken]
                    block = ray & stop
                    key = child ^ moved
                    if block:  # the run past the piece ends at the first square blocked after it
                        ray &= -(1 << block.bit_length()) if down else (block & -block) - 1
                    out[key] = get(key, 0) | ray
                    into(key)
                    onto(ray)
            jumps.append((king, found, keys, lands))

    def _lanes(self, nodes: list[int], squares: list[int]) -> tuple[int, int, int, int]:
        """The king ``nodes`` on their ``squares`` packed a lane each (:func:`_pack`): a one
        in each lane, their squares, the pieces left and the empty squares."""
        ones = _pack([1] * len(nodes))
        left = _pack([node >> KIND_BITS & LEFT for node in nodes])
        return ones, _pack(squares), left, (self.board & ~self.blocked) * ones & ~left

    def found(self) -> list[Found]:
        """One route to each end of the longest captures, as :data:`~damlib.engine.movegen.Found`
        items with "is king now" third; ``[]`` if the piece cannot capture."""
        if len(self.levels) == 1:
            return []
        ends: dict[tuple[int, int, bool], int] = {}
        for node, squares in self.levels[-1].items():
            if node >> PHASE == len(self.through):
                for t in _bits(squares):
                    ends.setdefault((t.bit_length() - 1, node >> KIND_BITS & LEFT, node & KIND != MAN), node)
        return [self.route(t, node) for (t, _, _), node in ends.items()]

    def complete(self, most: int, *, deepest: bool) -> tuple[int, list[Found]]:
        """The complete captures shorter than the longest (and the longest too if
        ``deepest``): how many there are, and a route to each of the ``most`` that take the
        most of them."""
        count = 0
        out: list[Found] = []
        for depth in range(len(self.levels) - (1 if deepest else 2), 0, -1):
            ends = self.ends(depth)
            if self.g.opposite is not None:  # under the turn ban, one capture has a node per last direction
                ends = _once(ends)
            count += sum(map(int.bit_count, ends.values()))
            for node, dead in ends.items():
                if len(out) >= most:
                    break
                out += [self.route(t.bit_length() - 1, node, depth) for t in _bits(dead)[:most - len(out)]]
        return count, out

    def ends(self, depth: int) -> dict[int, int]:
        """For each node of the level ``depth``, the squares where its captures end: from
        which none of the node's jumps start."""
        starts = self.starts(depth)
        return {node: squares & ~starts[node] for node, squares in self.levels[depth].items()}

    def starts(self, depth: int) -> dict[int, int]:
        """For each node of the level ``depth``, the squares from which one of its jumps
        starts. The kings' are worked out for the whole level at once, filling back
        along each line from the pieces jumped (as :meth:`_slide` fills forward)."""
        if depth not in self.moving:
            level = self.levels[depth]
            jumps = self.jumps[depth] if depth < len(self.jumps) else []
            out = dict.fromkeys(level, 0)
            for slide, found, _, _ in jumps:
                if isinstance(slide, Slide):
                    for node, bits in found.items():
                        out[node] |= _man_starts(slide, bits)
            kings = [node for node in level if node & KIND != MAN]
            jumped = [(slide, list(map(found.get, kings, repeat(0))))
                      for slide, found, _, _ in jumps if isinstance(slide, KingSlide) and found]
            out.update(zip(kings, self._fill_back(depth, kings, jumped), strict=True))
            self.moving[depth] = out
        return self.moving[depth]

    def _fill_back(self, depth: int, nodes: list[int], jumped: list[tuple[KingSlide, list[int]]]) -> list[int]:
        """For each king node ``nodes`` of the level ``depth`` (a node may come more than
        once), the squares from which it jumps the pieces ``jumped`` holds for it (by
        direction, the pieces of each of ``nodes`` in turn): one packed fill back along
        each line from those pieces, for all the nodes at once (as :meth:`_slide` fills
        forward)."""
        level = self.levels[depth]
        ones, squares, _, empty = self._lanes(nodes, list(map(level.__getitem__, nodes)))
        moving = 0
        for slide, pieces in jumped:
            rev = self.by_direction[self.g.reverse[slide.direction]]
            on = rshift if rev.down else lshift
            moving |= _fill(on(_pack(pieces) & rev.start * ones, rev.shift) & empty, empty & rev.ends * ones, rev)
        return _unpack(moving & squares, len(nodes))

    def landed(self) -> int:
        """Every square a capture lands on, as bits."""
        out = 0
        for level in self.levels[1:]:
            for squares in level.values():
                out |= squares
        return out

    def landed_on(self, t: int, first: Levels | None = None) -> Iterator[tuple[int, int, bool]]:
        """Where captures land on ``t``, the deepest level first: the level, the node, and
        whether the capture ends there.

        A search along :attr:`through` ending with ``t`` counts a landing there as its last
        named one, except on its deepest level, where no landing is counted; whether the
        capture ends there is asked of ``first``, the search of the same capture that keeps
        its :attr:`jumps`."""
        starts, named, deepest = (first or self).starts, len(self.through), len(self.levels) - 1
        for depth in range(deepest, 0, -1):
            for node, squares in self.levels[depth].items():
                phase = node >> PHASE
                if squares >> t & 1 and (phase == named or depth == deepest and phase == named - 1):
                    yield depth, node, not starts(depth)[node & WHOLE] >> t & 1

    def route(self, t: int, node: int, depth: int | None = None) -> Found:
        """A route to ``t`` in ``node`` of the level ``depth`` (the deepest by default), as a
        :data:`~damlib.engine.movegen.Found` item with "is king now" third; it is complete where the
        caller says so (a node does not know)."""
        return self._route(t, node, depth) + (node & KIND != MAN, True, node >> KIND_BITS & LEFT)

    def back(self, depth: int, known: dict[int, int]) -> tuple[dict[int, int], list[tuple[int, int]]]:
        """For each node of the level ``depth``, the squares from which it jumps onto
        one of the squares ``known`` (by node) of the next level, and the jumps that
        do, as ``(node, node landed in)`` pairs."""
        return self.backs(depth, [known], keep=True)[0]

    def backs(self, depth: int, knowns: list[dict[int, int]], *,
              keep: bool = False) -> list[tuple[dict[int, int], list[tuple[int, int]]]]:
        """:meth:`back` for each of ``knowns``, which are nested: each one's squares are
        among the next one's (as :meth:`toward` counts landings, a capture that can still
        make one count's landings can make the next count's). Each king's jump of the level
        is looked at against the last, the widest, and only those that lead on there
        against the one before, and so on, at C speed: few jumps lead on to the narrower
        ones. Men's jumps, far fewer, are looked at for each. The jumps that lead on are
        listed only if ``keep``."""
        if not knowns:
            return []
        out: list[tuple[dict[int, int], list[tuple[int, int]]]] = [({}, []) for _ in knowns]
        jumped: list[list[tuple[KingSlide, dict[int, int]]]] = [[] for _ in knowns]
        for slide, found, keys, lands in self.jumps[depth]:
            if isinstance(slide, KingSlide):
                leads = self._owners(depth, slide, found), keys, lands
                for (_, leading), known, kings in zip(reversed(out), reversed(knowns), reversed(jumped), strict=True):
                    leads, taken = _landing_on(leads, known)
                    if keep:
                        leading += zip(leads[0], leads[1], strict=True)
                    kings.append((slide, taken))
            else:
                for (useful, leading), known in zip(out, knowns, strict=True):
                    self._back_men(slide, found, known, useful, leading)
        # one fill back for them all, each known's nodes a run of lanes
        runs = [list(dict.fromkeys(chain.from_iterable(pieces for _, pieces in kings))) for kings in jumped]
        lanes = list(chain.from_iterable(runs))
        if not lanes:
            return out
        by_direction = []
        for slides in zip(*jumped, strict=True):  # one direction: each known's pieces by node
            if any(pieces for _, pieces in slides):
                aligned = (map(pieces.get, run, repeat(0)) for run, (_, pieces) in zip(runs, slides, strict=True))
                by_direction.append((slides[0][0], list(chain.from_iterable(aligned))))
        starts = self._fill_back(depth, lanes, by_direction)
        at = 0
        for (useful, _), run in zip(out, runs, strict=True):
            got = zip(run, starts[at:at + len(run)], strict=True)
            at += len(run)
            if useful:  # some men's jumps lead on too
                for node, squares in got:
                    useful[node] = useful.get(node, 0) | squares
            else:
                useful.update(got)
        return out

    def _owners(self, depth: int, slide: KingSlide, found: dict[int, int]) -> list[int]:
        """The node each of the kings' jumps ``found`` along ``slide`` from the level
        ``depth`` leaves (in the order of :data:`Jumps`), worked out when first asked for."""
        key = (depth, slide.direction)
        if key not in self.owners:
            self.owners[key] = list(chain.from_iterable(map(repeat, found, map(int.bit_count, found.values()))))
        return self.owners[key]

    def toward(self, squares: tuple[int, ...], end: int,
               goals: set[tuple[int, int, bool]] | None = None) -> list[dict[int, int]]:
        """Where a capture that must land on ``squares`` in that order, among other
        landings, and after them on ``end`` can still go: for each count of those landings
        made (the index), by node, the squares from which it can still make the rest, the
        landing it is about to count included. With ``goals`` (see :class:`LevelReach`)
        the capture must end on ``end`` as one of them, else only land there.

        One sweep back from the deepest level serves every count, each king's jump looked
        at once for all of them (:meth:`backs`): a landing on one of ``squares`` counts where a
        jump from it leads on to the landings after it."""
        deepest = len(self.levels) - 1
        ahead: list[dict[int, int]] = [{} for _ in range(len(squares) + 1)]  # the level below, by count
        out: list[dict[int, int]] = [{} for _ in ahead]
        for depth in range(deepest, -1, -1):
            # the squares of this level from which one jump leads on, for each count
            here: list[dict[int, int]] = [{} for _ in ahead]
            counts = [count for count, below in enumerate(ahead) if below] if depth < len(self.jumps) else []
            behind = self.backs(depth, [ahead[count] for count in counts])
            for count, (useful, _) in zip(counts, behind, strict=True):
                here[count] = useful
            # a landing counts where, counted, the piece can jump on to make the rest: taken
            # from the next count's squares before its own landings here are added (a landing
            # counts once), and never on the start, which is no landing
            for count, t in enumerate(squares if depth else ()):
                counted = here[count]
                for node, bits in here[count + 1].items():
                    if bits >> t & 1:
                        counted[node] = counted.get(node, 0) | 1 << t
            for node, bits in self.levels[depth].items() if depth and (goals is None or depth == deepest) else ():
                if bits >> end & 1 and (goals is None or self.goal(end, node) in goals):
                    here[-1][node] = here[-1].get(node, 0) | 1 << end
            # a capture standing here after ``depth`` jumps has counted at most ``depth``
            # landings, and still has ``len(squares) - count`` or more to make, a jump each,
            # where none goes deeper than ``deepest``: other counts are dropped, so a long
            # text carries few counts back
            for count in range(len(here)):
                if not len(squares) - deepest + depth <= count <= depth:
                    here[count] = {}
            for whole, level in zip(out, here, strict=True):
                whole.update(level)
            ahead = here
        return out

    def goal(self, t: int, node: int) -> tuple[int, int, bool]:
        """The goal (see :class:`LevelReach`) of a capture ending on ``t`` in ``node``."""
        king = node & KIND != MAN
        return (t, node >> KIND_BITS, not self.king and (king or 1 << t & self.g.last_rank_bits != 0))

    def _back_men(self, slide: Slide, found: dict[int, int], known: dict[int, int],
                  useful: dict[int, int], leading: list[tuple[int, int]]) -> None:
        """Into ``useful`` and ``leading`` (see :meth:`back`): where the men's jumps ``found`` along
        ``slide`` (by node, the squares landed on) lead to ``known`` squares."""
        d, down, shift, _ = slide
        for node, lands in found.items():
            left = node >> KIND_BITS
            for t in _bits(lands):
                child = (left ^ (t << shift if down else t >> shift)) << KIND_BITS | _kind_after(self.g, d, t)
                if known.get(child, 0) & t:
                    useful[node] = useful.get(node, 0) | _man_starts(slide, t)
                    leading.append((node, child))

    def _route(self, t: int, node: int, depth: int | None = None) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """A route, and the pieces it takes in order, to ``t`` in ``node`` of the level
        ``depth`` (the deepest by default)."""
        path, captured = [t], []
        # the deepest level is as landed on; the others are after the named landings counted
        before = [node] if depth in (None, len(self.levels) - 1) else self._before_pass(t, node)
        for level in reversed(self.levels[:depth if depth is not None else -1]):
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
        left, kind = node >> KIND_BITS, node & KIND
        taken_ones = self.opp & ~left
        if kind != MAN:
            empty = self.empty(left)
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
        for jump, over, source in g.man_jumps_into[t]:  # a man's jump, crowning it or not
            parent = (left | 1 << over) << KIND_BITS | MAN
            if 1 << over & taken_ones and _kind_after(g, jump, 1 << t) == kind and level.get(parent, 0) >> source & 1:
                return source, parent, over
        return None

    def _king_source(self, level: dict[int, int], left: int, q: int, back: int,
                     jump: int) -> tuple[int, int] | None:
        """A square and node of ``level`` (pieces ``left``) from which a king jumps ``q``
        in direction ``jump``: it stood on the line behind ``q`` (direction ``back``)."""
        g = self.g
        empty = self.empty(left)
        ban = g.opposite
        kinds = [0] if ban is None else [0] + [d + 1 for d in range(len(ban)) if ban[d] != jump]
        for d, ray in g.king_lines_out[q]:
            if d != back:
                continue
            for x in ray:
                if not 1 << x & empty:
                    return None
                for kind in kinds:
                    node = left << KIND_BITS | kind
                    if level.get(node, 0) >> x & 1:
                        return x, node
        return None


def _kind_after(g: MoveGenerator, d: int, t: int) -> int:
    """The kind of node a man's jump in direction ``d`` onto ``t`` (a bit) makes: a king at
    once on the last rank where the rules crown mid-capture (RU-PROMOTE, TR-PROMOTE), with
    the jump's direction as its last where it may not turn back; else still a man
    (DE-PROMOTE-PASS)."""
    if t & g.crowning:
        return 0 if g.opposite is None else d + 1
    return MAN


def _once(ends: dict[int, int]) -> dict[int, int]:
    """``ends`` (squares by node) with each square left to the first of the nodes that
    differ only in their last direction: one capture end each."""
    seen: dict[tuple[int, bool], int] = {}
    out: dict[int, int] = {}
    for node, dead in ends.items():
        key = (node >> KIND_BITS, node & KIND != MAN)
        out[node] = dead & ~seen.get(key, 0)
        seen[key] = seen.get(key, 0) | dead
    return out


#: Jumps as three lists in step: the node each leaves, the node it lands in, the squares it lands on.
JumpLists = tuple[list[int], list[int], list[int]]


def _landing_on(jumps: JumpLists, known: dict[int, int]) -> tuple[JumpLists, dict[int, int]]:
    """The ``jumps`` that land on ``known`` squares (by node), and by node the pieces they
    take: a node landed in differs from the one left by the piece taken (and by its kind,
    below bit 4). One direction's jumps from a node come one after another."""
    get = known.get
    owners: list[int] = []
    keys: list[int] = []
    lands: list[int] = []
    taken: dict[int, int] = {}
    node, pieces = -1, 0
    for owner, key, land in zip(*jumps, strict=True):
        if land & get(key, 0):
            owners.append(owner)
            keys.append(key)
            lands.append(land)
            if owner != node:
                taken[node] = pieces
                node, pieces = owner, 0
            pieces |= (key ^ owner) >> KIND_BITS
    taken[node] = pieces
    del taken[-1]
    return (owners, keys, lands), taken


def _man_starts(slide: Slide, lands: int) -> int:
    """The squares from which a man's jumps along ``slide`` onto ``lands`` start: two
    squares back."""
    back = 2 * slide.shift
    return lands << back if slide.down else lands >> back


class LevelReach:
    """Where a capture begun by the piece of ``levels`` can still go, if it must end as
    one of ``goals`` (``(end square, opponent's pieces left, promotes)``; only the
    longest captures are at the deepest level, so any other goal is never reached), or
    (``None``) as any complete capture: what :meth:`~damlib.engine.capturestates.CaptureStates.landings`
    answers, from the levels. Looking back from the deepest level, each node learns the
    squares from which a goal can be reached and whether one goal or :data:`MANY`; a
    square's own answer is worked out when it is asked for."""

    __slots__ = ("g", "goals", "levels", "summary", "useful", "values")

    def __init__(self, levels: Levels, goals: set[tuple[int, int, bool]] | None) -> None:
        self.levels, self.goals, self.g = levels, goals, levels.g
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
                goal = self.levels.goal(t, node)
                if goal in goals:
                    self.useful[node] = self.useful.get(node, 0) | 1 << t
                    self.summary[node] = merge(self.summary.get(node), (goal, ()))
        summary = self.summary
        for depth in range(len(nodes) - 2, -1, -1):
            useful, leading = levels.back(depth, self.useful)
            value: dict[int, Reach] = {}
            for node, child in leading:
                reach = value.get(node)
                if reach is not MANY:
                    value[node] = merge(reach, summary[child])
            self.useful.update(useful)
            summary.update(value)

    def landings(self, path: tuple[int, ...], captured: tuple[int, ...]) -> dict[int, Reach]:
        """Where the piece can jump next after landing on each square of ``path[1:]``,
        jumping ``captured``: as :meth:`~damlib.engine.capturestates.CaptureStates.landings`."""
        g = self.g
        left = self.levels.opp
        for c in captured:
            left &= ~(1 << c)
        king = self.levels.king or g.crowned_on_the_way(path)
        if not king:
            kind = MAN
        elif g.opposite is None or len(path) < 2:
            kind = 0
        else:
            kind = jump_direction(g, path[-2], path[-1]) + 1
        return {t: self.value(t, child) for t, child in self._jumps(path[-1], left << KIND_BITS | kind)}

    def _jumps(self, s: int, node: int) -> list[tuple[int, int]]:
        """Each square the piece on ``s`` in ``node`` can jump to, with the node it lands in."""
        g = self.g
        left, kind = node >> KIND_BITS, node & KIND
        occ = self.levels.board & ~self.levels.empty(left)
        if kind == MAN:
            return [(land, (left ^ ob) << KIND_BITS | _kind_after(g, d, lb))
                    for d, _, ob, land, lb, _ in man_jumps(g, s, occ, left)]
        return [(t, (left ^ ob) << KIND_BITS | (0 if g.opposite is None else d + 1))
                for d, _, ob, lands in king_jumps(g, g.king_rays[s], kind - 1 if kind else -1, occ, left)
                for t in lands]

    def value(self, t: int, node: int) -> Reach:
        """Where the piece landing on ``t`` in ``node`` can end. With no ``goals`` (any
        complete capture), :data:`MANY` wherever it can jump on: play by clicks then waits
        for every landing."""
        if self.goals is None:
            return MANY if self._jumps(t, node) else (self.levels.goal(t, node), ())
        if not self.useful.get(node, 0) >> t & 1:
            return None
        summary = self.summary[node]
        if summary is not None and summary != MANY:  # every square it may be reached from leads there
            return summary[0], self._rest(t, node)
        key = (t, node)
        if key not in self.values:
            value = None
            for u, child in self._jumps(t, node):
                value = merge(value, then(u, self.value(u, child)))
                if value == MANY:
                    break
            self.values[key] = (self.levels.goal(t, node), ()) if value is None else value
        return self.values[key]

    def _rest(self, t: int, node: int) -> tuple[int, ...]:
        """The landings after ``t`` of a way from ``t`` in ``node`` to a goal."""
        out: list[int] = []
        while True:
            on = next(((u, child) for u, child in self._jumps(t, node) if self.useful.get(child, 0) >> u & 1), None)
            if on is None:
                return tuple(out)
            t, node = on
            out.append(t)


def _fill(seeds: int, free: int, slide: KingSlide) -> int:
    """``seeds`` and every square reached from them along ``slide`` through ``free``
    squares (packed or not: a Kogge-Stone fill by one, two and four squares)."""
    on = rshift if slide.down else lshift
    s1 = slide.shift
    reach = seeds | free & on(seeds, s1)
    free &= on(free, s1)
    reach |= free & on(reach, 2 * s1)
    out: int = reach | free & on(free, 2 * s1) & on(reach, 4 * s1)
    return out


def _pack(boards: list[int]) -> int:
    """The bit boards ``boards`` as one int, a 128-bit lane each: the 64 squares and 64
    empty bits above them, so that no shift of a fill (at most 4 × 9 squares) reaches
    the next lane."""
    lanes = array("Q", bytes(16 * len(boards)))
    lanes[::2] = array("Q", boards)
    if sys.byteorder == "big":
        lanes.byteswap()
    return int.from_bytes(lanes, "little")


def _unpack(packed: int, count: int) -> list[int]:
    """The ``count`` bit boards of ``packed`` (see :func:`_pack`)."""
    lanes = array("Q", packed.to_bytes(16 * count, "little"))
    if sys.byteorder == "big":
        lanes.byteswap()
    return lanes[::2].tolist()


def _bits(board: int) -> list[int]:
    """The one-bit boards of ``board``'s squares."""
    out = []
    while board:
        low = board & -board
        out.append(low)
        board ^= low
    return out
