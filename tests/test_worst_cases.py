"""Positions with enormous numbers of capture routes (issue 11).

A Turkish king among 16 men reaches the same end, with the same pieces taken, by
hundreds of thousands of routes (TR-REMOVE: pieces leave at once, the king may
turn back). The generator must find the few distinct legal moves without walking
every route. These tests check the moves against the route-by-route walk
(deduplicated as it goes, so it needs little memory) and bound the work the
state search does; speed itself is measured by benchmarks/worst_cases.py, never
by a timed test.
"""

from __future__ import annotations

import pytest

from damlib import Position, capturestates, explain, movegen
from damlib.search import best_move

WORST = {
    "king d1": "W:WKd1:Bd2,e2,c3,f3,c4,e4,g4,a5,b5,d5,f5,h5,c6,e6,c7,g7",
    "king c5": "W:WKc5:Bb2,g2,a3,e3,h3,c4,f4,b5,d5,g5,a6,c6,e6,h6,b7,f7",
}
#: The complete capture routes the route walk finds, and a bound on the states
#: searched (about 33,000 and 51,000 now): far fewer than the routes.
ROUTES = {"king d1": 635_702, "king c5": 1_695_093}
STATES = {"king d1": 40_000, "king c5": 60_000}


class _Distinct:
    """An ``out`` list for the route walk that keeps only the longest distinct moves."""

    def __init__(self) -> None:
        self.routes = 0
        self.most = 0
        self.longest = 0  # routes that take the most
        self.keys: set = set()

    def append(self, item) -> None:
        path, captured, king, _complete, _left = item
        self.routes += 1
        if len(captured) > self.most:
            self.most, self.keys, self.longest = len(captured), set(), 0
        if len(captured) == self.most:
            self.longest += 1
            self.keys.add((path[0], path[-1], frozenset(captured), False))


def walked(pos: Position) -> _Distinct:
    """The old generator's answer: every route walked, duplicates dropped."""
    gen = pos._generator
    m, k, om, ok = gen.split(pos._board)
    out = _Distinct()
    for s in gen.own_squares(pos._board):
        gen._walk(s, bool(k >> s & 1), (m | k | om | ok) ^ 1 << s, om | ok, [s], [], -1, out, False, None)
    return out


@pytest.fixture
def states(monkeypatch):
    """The state searches run while the test runs, to count their states."""
    runs: list = []
    init = capturestates.CaptureStates.__init__

    def record(self, *args, **kwargs):
        init(self, *args, **kwargs)
        runs.append(self)

    monkeypatch.setattr(capturestates.CaptureStates, "__init__", record)
    return runs


@pytest.mark.parametrize("name", sorted(WORST))
def test_legal_moves_are_the_distinct_longest_routes(name, states):
    pos = Position.from_fen(WORST[name], "turkish")
    moves = pos.legal_moves
    assert states, "the route walk should have given up and searched states"
    searched = sum(len(run.seen) for run in states)
    assert searched < STATES[name] < ROUTES[name]
    old = walked(pos)
    assert old.routes == ROUTES[name]
    assert {movegen.move_key(m._raw) for m in moves} == old.keys
    assert len(moves) == len(set(moves))  # each move once
    for m in moves:  # each by a real route: playing it leaves the king alone
        after = pos._after(m)
        assert len(after.pieces) == 1 and after.piece_at(m.end).is_king


@pytest.mark.parametrize("name", sorted(WORST))
def test_explain_and_parse_search_only_the_named_routes(name, states):
    pos = Position.from_fen(WORST[name], "turkish")
    move = pos.legal_moves[0]
    assert pos.parse_move(str(move)) == move
    assert explain(pos, str(move)).startswith(f"{move} is legal")
    short = f"{move.start}:{move.end}"
    named = [m for m in pos.legal_moves if m.start == move.start and m.end == move.end]
    answer = explain(pos, short)
    if len(named) == 1:
        assert answer.startswith(f"{short} stands for ")
    else:
        assert "could mean" in answer
    # a capture stopped after its first jump is a mistake, and says so
    first = ":".join(move.path[:2])
    assert "not allowed" in explain(pos, first)
    # the legal moves twice (the position's and the diagnosis'), and the named searches
    assert sum(len(run.seen) for run in states) < 8 * STATES[name]


def test_a_partial_search_stays_bounded(states):
    pos = Position.from_fen(WORST["king c5"], "turkish")
    partial = pos._generator.captures(pos._board, partial=True)
    assert len(partial) < 10 * STATES["king c5"]
    assert sum(len(run.seen) for run in states) < STATES["king c5"]


def test_the_computer_stops_inside_a_long_capture_search(monkeypatch):
    """best_move gives the generator its deadline, so one node cannot run on."""
    pos = Position.from_fen("W:Wb7,g7,a6,e6,h6,c5,f5,b4,d4,g4,a3,c3,e3,h3,b2,f2:BKc4", "turkish")
    moves = pos.legal_moves  # the root's moves, found before the spy
    deadlines = []
    legal = movegen.MoveGenerator.legal

    def spy(self, board, every_route=False, deadline=None):
        deadlines.append(deadline)
        return legal(self, board, every_route, deadline)

    monkeypatch.setattr(movegen.MoveGenerator, "legal", spy)
    assert best_move(pos, seconds=0.2) in moves
    assert deadlines and all(d is not None for d in deadlines)


def test_a_passed_deadline_stops_the_state_search():
    pos = Position.from_fen(WORST["king d1"], "turkish")
    with pytest.raises(movegen.OutOfTime):
        pos._generator.legal(pos._board, deadline=0.0)
