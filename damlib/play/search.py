"""The computer opponent: levels from beginner to strong, and the analysis behind a hint.

It searches deeper and deeper (iterative deepening) with alpha-beta, trying first the move
that was best before (kept in a table keyed on the board), captures that take more, and
moves that refuted other lines; a capture is searched through to the end of the exchange.
The clock is read at every node and the move generator reads it inside a long capture
search, so the time limit holds even where one position has thousands of capture routes.
A position met before in the game or on the line searched counts as a draw: the side that
is ahead avoids repeating and looks for progress instead (DE-DRAW).

>>> from damlib import Position
>>> from damlib.search import STRENGTHS, best_move
>>> str(best_move(Position.from_fen("W:Wc3,g3:Bd4,h8", "german")))
'c3:e5'
>>> [level.name for level in STRENGTHS.values()]
['beginner', 'club', 'strong']
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ..engine import language
from ..engine import raw as engine
from ..engine.errors import DamlibError, GameOverError, require, shown, told
from ..engine.position import Move, Position
from ..engine.raw import RawBoard, RawMove
from .evaluation import evaluate

#: What the computer's search tells bad arguments: {keyword} an argument's Python name, {kind} a
#: type's, {value} what was given, {known} the strengths there are
TEXTS: dict[str, str] = {
    "no-level": "{value} is no level of play: choose one of {known}",
    "bad-seconds": "{keyword} must be a number of seconds above 0, not {value}",
    "not-whole": "{keyword} must be a whole number from 1, not {value}",
    "not-history": "{keyword} is the game's positions so far, not {value}",
    "stray-history": "{keyword} is the game's positions so far, not {value} among them",
    "not-rng": "{keyword} must be a {kind}, not {value}",
    # asked for a move where the game is over
    "no-move": "there is no legal move to choose",
}
say = language.sayer(TEXTS)

WIN = 100_000
#: a score beyond this is a win (or loss) found by the search, not an evaluation
WON = WIN - 1000


@dataclass(frozen=True)
class Strength:
    """How the computer plays: its time per move, how deep it may look, and how often it slips.

    A slip is what a beginner does: a move that looks almost as good, at most ``margin``
    hundredths of a man worse by the computer's shallow look — never an illegal one.
    """

    name: str
    seconds: float
    max_depth: int
    slips: float
    margin: int
    about: str


#: The levels a teacher chooses from, weakest first.
STRENGTHS: dict[str, Strength] = {
    "beginner": Strength("beginner", 0.3, 2, 0.35, 120, "looks one move ahead and often slips, as beginners do"),
    "club": Strength("club", 0.5, 4, 0.0, 0, "plays soundly, looking two moves ahead"),
    "strong": Strength("strong", 0.85, 64, 0.0, 0, "looks as deep as it can in under a second"),
}


#: The longest a computer's move on a board may be given (``seconds=``), and the most positions it
#: searches whatever the clock says: some 3 s on this 2-core machine (about 8,000 a second), so a
#: click is answered within seconds (docs/measurements.md).
BOARD_SECONDS = 3.0
BOARD_NODES = 25_000


def strength_of(level: object) -> Strength:
    """The :class:`Strength` named ``level`` (``"beginner"``, ``"club"`` or ``"strong"``)."""
    if isinstance(level, Strength):
        return level
    name = level.strip().lower() if isinstance(level, str) else None
    if name not in STRENGTHS:
        raise DamlibError(say("no-level", value=shown(level), known=", ".join(STRENGTHS)))
    return STRENGTHS[name]


@dataclass(frozen=True)
class Analysis:
    """What a search found: the move, its score for the side to move (hundredths of a man;
    beyond ±99,000 a forced win or loss), the line it expects (the move first), how many
    plies deep it looked and how many positions it visited."""

    move: Move
    score: int
    line: tuple[Move, ...]
    depth: int
    nodes: int

    @property
    def wins(self) -> bool:
        """Whether the search found a forced win."""
        return self.score > WON


class _Timeout(Exception):
    pass


class _Search:
    """One search, from one position, with its table of positions and its clock."""

    def __init__(self, position: Position, deadline: float, max_nodes: int | None, seen: set[Any]) -> None:
        self.rules = position.rules
        self.deadline, self.max_nodes = deadline, max_nodes
        self.nodes = 0
        #: position → (depth, score, bound, best move); bound 0 exact, 1 at least, -1 at most
        self.table: dict[tuple[Any, ...], tuple[int, int, int, RawMove | None]] = {}
        self.killers: dict[int, list[RawMove]] = {}
        self.history: dict[tuple[int, int], int] = {}
        self.seen = seen  # positions of the game so far and of the line being searched
        self.horizon = False  # whether the last iteration stopped anywhere for depth

    def _clock(self) -> None:
        self.nodes += 1
        if time.perf_counter() > self.deadline or (self.max_nodes is not None and self.nodes > self.max_nodes):
            raise _Timeout

    def children(self, board: RawBoard, white: bool) -> list[RawMove]:
        try:
            return engine.legal(self.rules, board, white, deadline=self.deadline)
        except engine.OutOfTime:
            raise _Timeout from None

    def order(self, moves: list[RawMove], first: RawMove | None, ply: int) -> list[RawMove]:
        if len(moves) < 2:
            return moves
        killers, history = self.killers.get(ply, ()), self.history

        def rank(raw: RawMove) -> int:
            if raw == first:
                return -10**9
            path = raw[0]
            bonus = 10**6 * len(raw[1]) + (10**5 if raw[2] else 0) + (10**4 if raw in killers else 0)
            return -(bonus + history.get((path[0], path[-1]), 0))

        return sorted(moves, key=rank)

    def negamax(self, board: RawBoard, white: bool, depth: int, alpha: int, beta: int, ply: int) -> int:
        self._clock()
        key = (board, white)
        if key in self.seen:
            return 0  # a repetition: the side ahead must find another way (DE-DRAW)
        entry = self.table.get(key)
        first = None
        if entry is not None:
            e_depth, e_score, bound, first = entry
            if e_depth >= depth and (bound == 0 or (bound > 0 and e_score >= beta) or (bound < 0 and e_score <= alpha)):
                return e_score
        moves = self.children(board, white)
        if not moves:
            return -WIN + ply  # no move or no piece: lost (DE-WIN); later is better
        if depth <= 0 and not moves[0][1]:
            self.horizon = True
            return evaluate(self.rules, board, white)
        start_alpha, best, best_move = alpha, -2 * WIN, None
        self.seen.add(key)
        try:
            for raw in self.order(moves, first, ply):
                # a capture does not use up depth: exchanges are searched to their end
                score = -self.negamax(engine.play(board, raw), not white, depth - (0 if raw[1] else 1),
                                      -beta, -alpha, ply + 1)
                if score > best:
                    best, best_move = score, raw
                    if score > alpha:
                        alpha = score
                        if alpha >= beta:
                            if not raw[1]:
                                self._refuted(raw, ply, depth)
                            break
        finally:
            self.seen.discard(key)
        bound = 1 if best >= beta else -1 if best <= start_alpha else 0
        self.table[key] = (depth, best, bound, best_move)
        return best

    def _refuted(self, raw: RawMove, ply: int, depth: int) -> None:
        killers = self.killers.setdefault(ply, [])
        if raw not in killers:
            killers.insert(0, raw)
            del killers[2:]
        step = (raw[0][0], raw[0][-1])
        self.history[step] = self.history.get(step, 0) + depth * depth

    def line(self, board: RawBoard, white: bool, first: RawMove, most: int) -> list[RawMove]:
        """The line the search expects after ``first``, from its table."""
        out, visited = [first], set()
        board, white = engine.play(board, first), not white
        while len(out) < most and (board, white) not in visited:
            visited.add((board, white))
            entry = self.table.get((board, white))
            if entry is None or entry[3] is None:
                break
            out.append(entry[3])
            board, white = engine.play(board, entry[3]), not white
        return out


def check_limits(seconds: object = None, max_depth: object = None, max_nodes: object = None) -> None:
    """Refuse, naming it, a search limit that is not one: ``seconds`` a finite number above 0
    (NaN would never run out), ``max_depth`` and ``max_nodes`` whole numbers from 1.

    >>> check_limits(seconds=float("nan"))
    Traceback (most recent call last):
    ...
    damlib.engine.errors.DamlibError: seconds must be a number of seconds above 0, not nan
    """
    if seconds is not None and (isinstance(seconds, bool) or not isinstance(seconds, (int, float))
                                or not math.isfinite(seconds) or seconds <= 0):
        raise DamlibError(say("bad-seconds", keyword="seconds", value=shown(seconds)))
    for name, value in (("max_depth", max_depth), ("max_nodes", max_nodes)):
        if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < 1):
            raise DamlibError(say("not-whole", keyword=name, value=shown(value)))


def _positions(history: object) -> tuple[Position, ...]:
    """``history`` as positions: the game so far, or a DamlibError naming what is not one."""
    if isinstance(history, (str, bytes)) or not isinstance(history, Iterable):
        raise DamlibError(say("not-history", keyword="history", value=shown(history)))
    positions = tuple(history)
    if not all(isinstance(p, Position) for p in positions):
        wrong = next(p for p in positions if not isinstance(p, Position))
        raise DamlibError(say("stray-history", keyword="history", value=shown(wrong)))
    return positions


def analyse(
    position: Position,
    level: str | Strength = "strong",
    seconds: float | None = None,
    max_depth: int | None = None,
    history: Iterable[Position] = (),
    *,
    every_move: bool = False,
    max_nodes: int | None = None,
) -> tuple[Analysis, dict[Move, int]]:
    """Search ``position`` as ``level`` does (its time and depth unless ``seconds`` or
    ``max_depth`` say otherwise): the :class:`Analysis` of the best move, and each move's
    score as far as it was searched. With ``every_move`` each move is searched in full, so the
    scores compare (slower); otherwise a move that is worse is only shown to be worse.
    ``history`` is the game so far: a move back into one of its positions counts as a draw.
    ``max_nodes`` stops the search after that many positions, whatever the clock says.

    Raises :class:`~damlib.engine.errors.GameOverError` when there is no legal move.
    """
    require(position, Position, "position")
    check_limits(seconds, max_depth, max_nodes)
    history = _positions(history)
    if not isinstance(every_move, bool):
        raise DamlibError(told("not-flag", keyword="every_move", value=shown(every_move)))
    lv = strength_of(level)
    deadline = time.perf_counter() + (lv.seconds if seconds is None else seconds)
    depth_limit = lv.max_depth if max_depth is None else max_depth
    moves = position.legal_moves
    if not moves:
        raise GameOverError(say("no-move"), position.rules.rule_id("win"))
    board, white = position.board, position.turn == "white"
    seen = {(p.board, p.turn == "white") for p in history} - {(board, white)}
    search = _Search(position, deadline, max_nodes, seen)
    by_raw = {engine.raw_move(m): m for m in moves}
    # before the first iteration ends, the move that looks best at a glance stands
    order = sorted(by_raw, key=lambda raw: evaluate(position.rules, engine.play(board, raw), not white))
    scores: dict[RawMove, int] = {raw: 0 for raw in order}
    best, best_score, done_depth = order[0], 0, 0
    search.seen.add((board, white))
    for depth in range(1, depth_limit + 1):
        if len(order) == 1 and not every_move:
            break
        search.horizon = False
        found: dict[RawMove, int] = {}
        alpha = -2 * WIN
        try:
            for raw in order:
                low = -2 * WIN if every_move else alpha
                child = engine.play(board, raw)
                found[raw] = -search.negamax(child, not white, depth - (0 if raw[1] else 1), -2 * WIN, -low, 1)
                alpha = max(alpha, found[raw])
        except _Timeout:
            # the best move so far was searched first, each later one only to beat it: the
            # best of the unfinished iteration is at least as good, and looked deeper
            if found:
                best = max(found, key=lambda r: found[r])
                best_score = found[best]
                scores.update(found)
            break
        scores.update(found)
        order.sort(key=lambda r: -found[r])
        best, best_score, done_depth = order[0], found[order[0]], depth
        if abs(best_score) > WON or not search.horizon:
            break  # a forced result, or nothing left deeper to see
    line = _moves_from(position, search.line(board, white, best, max(done_depth, 1) + 4))
    analysis = Analysis(by_raw[best], best_score, line, done_depth, search.nodes)
    return analysis, {by_raw[raw]: score for raw, score in scores.items()}


def _moves_from(position: Position, line: list[RawMove]) -> tuple[Move, ...]:
    """The line as moves, each tied to the position it is played from."""
    out = []
    for raw in line:
        move = engine.to_move(raw, position)
        out.append(move)
        position = position.after(move)
    return tuple(out)


def best_move(
    position: Position,
    max_depth: int | None = None,
    seconds: float | None = None,
    level: str | Strength = "strong",
    history: Iterable[Position] = (),
    rng: random.Random | None = None,
    *,
    max_nodes: int | None = None,
) -> Move:
    """The move ``level`` chooses (by default the strongest), within its time per move
    unless ``seconds`` is given, and within ``max_nodes`` positions searched if given.
    ``history`` (the game so far) lets it avoid repeating; ``rng`` makes a beginner's slips
    repeatable.

    Raises :class:`~damlib.engine.errors.GameOverError` when there is no legal move.
    """
    require(position, Position, "position")
    check_limits(seconds, max_depth, max_nodes)
    history = _positions(history)
    if rng is not None and not isinstance(rng, random.Random):
        raise DamlibError(say("not-rng", keyword="rng", kind="random.Random", value=shown(rng)))
    lv = strength_of(level)
    moves = position.legal_moves
    if len(moves) == 1:
        return moves[0]
    chance = rng or random.Random()
    slips = lv.slips > 0 and chance.random() < lv.slips
    analysis, scores = analyse(position, lv, seconds, max_depth, history, every_move=slips, max_nodes=max_nodes)
    if not slips or analysis.wins:
        return analysis.move
    # a human-like slip: any move that looked nearly as good, never one that loses outright
    near = [m for m, s in scores.items() if s >= analysis.score - lv.margin and s > -WON]
    return chance.choice(sorted(near, key=str)) if near else analysis.move

