"""Positions with enormous numbers of capture routes (issue 11).

A Turkish king among 16 men reaches the same end, with the same pieces taken, by
hundreds of thousands of routes (TR-REMOVE: pieces leave at once, the king may
turn back). The generator must find the few distinct legal moves without walking
every route. These tests check the moves against the route-by-route walk
(deduplicated as it goes, so it needs little memory) and bound the work the
level and state searches do; speed itself is measured by benchmarks/worst_cases.py,
never by a timed test.
"""

from __future__ import annotations

import importlib.util

import pytest
from conftest import ROOT, move_key
from test_properties import reference_moves

from damlib import Position, explain
from damlib.engine import capturelevels, capturestates, movegen
from damlib.engine.legality import names_route
from damlib.engine.squares import SQUARE_NAMES
from damlib.play.clicks import ClickToMove
from damlib.play.referee import forbidden_captures
from damlib.search import best_move

#: among the slowest minute of the suite: deselect with -m 'not slow'
pytestmark = pytest.mark.slow

#: The Turkish positions of benchmarks/worst_cases.py: the first two found when issue 11
#: was filed, the others by its hill-climbing hunt.
WORST = {
    "king d1": "W:WKd1:Bd2,e2,c3,f3,c4,e4,g4,a5,b5,d5,f5,h5,c6,e6,c7,g7",
    "king c5": "W:WKc5:Bb2,g2,a3,e3,h3,c4,f4,b5,d5,g5,a6,c6,e6,h6,b7,f7",
    "king e7": "W:WKe7:Be3,d2,b4,c5,f6,f7,g2,h3,d4,c7,a6,e5,h5,f4,c3,g5",
    "kings f7, e8": "W:WKf7,Ke8:Bd4,f5,g2,d2,b6,g7,f3,c3,e7,h4,b2,g6,c5,e5,a5,d6",
    "king d2": "W:WKd2:Bf2,d4,a4,d6,h4,c5,e5,g3,c7,f7,f4,b3,g6,c2,b6,e3",
}
#: The complete capture routes the route walk finds, and a bound on the nodes the level
#: search visits (about 8,000, 12,000, 9,000, 10,000 and 14,000 now: one for each set of men
#: a capture can leave), far fewer than the routes.
ROUTES = {"king d1": 635_702, "king c5": 1_695_093, "king e7": 430_482, "kings f7, e8": 233_931,
          "king d2": 1_005_437}
NODES = {"king d1": 10_000, "king c5": 15_000, "king e7": 11_000, "kings f7, e8": 12_000, "king d2": 17_000}
#: The hunt's costliest German and Russian positions: flying kings among many men.
FLYING = {
    "german king h8": ("W:WKh8:Bb6,f2,d2,d6,d4,e7,f4,g5,g7,b4,b2,f8", "german"),
    "german kings c1, d8": ("W:WKc1,Kd8:Bf6,g7,g3,d6,c3,d4,c7,f4,b2,b8,h2", "german"),
    "russian king c3": ("W:WKc3:Bb6,b2,f2,d6,e7,d4,f4,b4,d2,g5,g7,a3", "russian"),
}


class _Distinct:
    """An ``out`` list for the route walk that keeps only the longest distinct moves."""

    def __init__(self) -> None:
        self.routes = 0
        self.most = 0
        self.longest = 0  # routes that take the most
        self.keys: set = set()
        self.first_landings: dict[int, set[int]] = {}  # of the routes that take the most, by start
        self.any_first: dict[int, set[int]] = {}  # of every complete route, by start

    def append(self, item) -> None:
        path, captured, king, _complete, _left = item
        self.routes += 1
        self.any_first.setdefault(path[0], set()).add(path[1])
        if len(captured) > self.most:
            self.most, self.keys, self.longest, self.first_landings = len(captured), set(), 0, {}
        if len(captured) == self.most:
            self.longest += 1
            self.keys.add((path[0], path[-1], frozenset(captured), False))
            self.first_landings.setdefault(path[0], set()).add(path[1])


def walked(pos: Position) -> _Distinct:
    """The old generator's answer: every route walked, duplicates dropped."""
    gen = pos._generator
    m, k, om, ok = gen.split(pos._board)
    out = _Distinct()
    for s in gen.own_squares(pos._board):
        gen._walk(s, bool(k >> s & 1), (m | k | om | ok) ^ 1 << s, om | ok, [s], [], -1, out, False, None)
    return out


def searched(searches: list) -> int:
    """The nodes and states that the level and state searches in ``searches`` visited."""
    return sum(len(run.seen) if isinstance(run, capturestates.CaptureStates) else sum(map(len, run.levels))
               for run in searches)


@pytest.fixture
def searches(monkeypatch):
    """The level and state searches run while the test runs, to count their work; the
    generators first forget the levels they remember."""
    runs: list = []
    for cls in (capturestates.CaptureStates, capturelevels.Levels):
        def record(self, *args, init=cls.__init__, **kwargs):
            init(self, *args, **kwargs)
            runs.append(self)

        monkeypatch.setattr(cls, "__init__", record)
    for white in (True, False):
        monkeypatch.setattr(movegen.generator(Position.start("turkish").rules, white), "_levels", {})
    return runs


@pytest.mark.parametrize("name", sorted(WORST))
def test_legal_moves_are_the_distinct_longest_routes(name, searches):
    pos = Position.from_fen(WORST[name], "turkish")
    moves = pos.legal_moves
    assert searches and all(isinstance(run, capturelevels.Levels) for run in searches), (
        "the route walk should have given up and searched the longest captures' levels")
    assert searched(searches) < NODES[name] < ROUTES[name]
    old = walked(pos)
    assert old.routes == ROUTES[name]
    assert {movegen.move_key(m._raw) for m in moves} == old.keys
    assert len(moves) == len(set(moves))  # each move once
    for m in moves:  # each by a real route: playing it leaves White's kings alone
        after = pos.after(m)
        assert {p.color for p in after.pieces.values()} == {"white"} and after.piece_at(m.end).is_king


@pytest.mark.parametrize("name", sorted(WORST))
def test_explain_and_parse_search_only_the_named_routes(name, searches):
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
    # the legal moves once (the diagnosis asks the levels remembered), and the named searches
    assert searched(searches) < 2 * NODES[name]
    # text naming a landing on the way: the moves the state search finds a route for
    path = move._raw[0]
    some = [path[0], path[len(path) // 2], path[-1]]
    gen, legal = pos._generator, [m._raw for m in pos.legal_moves]
    states = {movegen.move_key(raw) for raw, complete in gen.named(pos._board, some) if complete}
    assert {movegen.move_key(raw) for raw in gen.longest_named(pos._board, some, legal)} == (
        states & {movegen.move_key(raw) for raw in legal}) != set()


@pytest.mark.parametrize("name", sorted(WORST))
def test_clicks_offer_the_first_landings_of_the_longest_routes_and_play_the_move(name):
    """Click-to-move looks back over the levels of the legal moves' search (LevelReach),
    never route by route."""
    pos = Position.from_fen(WORST[name], "turkish")
    old = walked(pos)
    move = pos.legal_moves[-1]
    table = ClickToMove(pos)
    table.click(move.start)
    start = SQUARE_NAMES.index(move.start)
    assert table.targets == {SQUARE_NAMES[s] for s in old.first_landings[start]}
    reach = table.game.position._reaches[start, False]  # worked out once for the piece
    assert isinstance(reach, capturelevels.LevelReach) and len(reach.values) < NODES[name]
    clicked = 1
    while not table.game.moves:  # it is played as soon as every way on is this move
        table.click(move.path[clicked])
        clicked += 1
    (played,) = table.game.moves
    assert played == move and played.path[:clicked] == move.path[:clicked]
    # in referee mode a shorter capture may be played on purpose: every first jump is offered
    referee = ClickToMove(pos, referee=True)
    referee.click(move.start)
    assert referee.targets == {SQUARE_NAMES[s] for s in old.any_first[start]}
    assert referee.game.position._reaches[start, True].goals is None  # no list of every capture was made


@pytest.mark.parametrize("name", sorted(FLYING))
def test_flying_kings_among_many_men_give_the_reference_moves(name):
    fen, game = FLYING[name]
    pos = Position.from_fen(fen, game)
    assert {move_key(m) for m in pos.legal_moves} == reference_moves(pos)


def test_the_routes_shown_do_not_depend_on_what_was_asked_before(monkeypatch):
    """Text naming landings has the levels of a capture searched, and remembered, even
    where the walk finds its routes; asked again, the legal moves and the captures not
    allowed must show the routes the walk finds, not the levels'."""
    fen, game = FLYING["german kings c1, d8"]
    monkeypatch.setattr(Position.from_fen(fen, game)._generator, "_levels", {})

    def shown() -> tuple[list, list]:
        pos = Position.from_fen(fen, game)
        return [m.path for m in pos.legal_moves], [m.path for m in forbidden_captures(pos, 5)[1]]

    before = shown()
    pos = Position.from_fen(fen, game)
    assert pos.parse_move("d8:a5:d2:h6:c5:f2:h4:e7").path[1] == "a5"
    assert pos._generator._levels  # searched, and remembered
    assert shown() == before


def test_a_partial_search_stays_bounded(searches):
    pos = Position.from_fen(WORST["king c5"], "turkish")
    partial = pos._generator.captures(pos._board, partial=True)
    assert len(partial) < 200_000  # one for each capture state reached: about 134,000
    assert searched(searches) < 60_000


def test_the_computer_stops_inside_a_long_capture_search(monkeypatch):
    """best_move gives the generator its deadline, so one node cannot run on."""
    pos = Position.from_fen("W:Wb7,g7,a6,e6,h6,c5,f5,b4,d4,g4,a3,c3,e3,h3,b2,f2:BKc4", "turkish")
    moves = pos.legal_moves  # the root's moves, found before the spy
    deadlines = []
    legal = movegen.MoveGenerator.legal

    def spy(self, board, *, every_route=False, deadline=None):
        deadlines.append(deadline)
        return legal(self, board, every_route=every_route, deadline=deadline)

    monkeypatch.setattr(movegen.MoveGenerator, "legal", spy)
    assert best_move(pos, seconds=0.2) in moves
    assert deadlines and all(d is not None for d in deadlines)


def test_a_passed_deadline_stops_the_level_search():
    pos = Position.from_fen(WORST["king d1"], "turkish")
    fresh = movegen.MoveGenerator(pos.rules, True)  # remembers no levels yet
    with pytest.raises(movegen.OutOfTime):
        fresh.legal(pos._board, deadline=0.0)


def test_the_hunt_counts_the_generators_work():
    """benchmarks/worst_cases.py's --hunt found the suite; its count must follow the
    generator's searches as they change (it once broke when a method took one more
    argument) and not miss work the generator remembers from before."""
    spec = importlib.util.spec_from_file_location("worst_cases", ROOT / "benchmarks" / "worst_cases.py")
    assert spec and spec.loader
    worst = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(worst)
    assert worst.work("W:Wc3:Be5", "german") == 0  # no capture: nothing walked or searched
    assert worst.work("W:Wc3:Bd4", "german") == 2  # the walk stands on c3, then on e5 (DE-MAN-CAPTURE)
    assert worst.work("W:Wb1:Bd4", "german") == -1  # b1 is no playable square (DE-BOARD)
    # past the route walk's budget the level search's nodes count: one for each set of
    # men a capture of the king c5 can leave, at most NODES; the generator remembers the
    # levels, and that the walk gave up, from the legal moves worked out first
    Position.from_fen(WORST["king c5"], "turkish").legal_moves  # noqa: B018
    assert movegen.WALK_BUDGET < worst.work(WORST["king c5"], "turkish") < movegen.WALK_BUDGET + NODES["king c5"]
    fen, cost = worst.hunt("turkish", 15, seed=3, men=10, kings=1)
    assert cost == worst.work(fen, "turkish") > 0


def test_text_naming_many_landings_looks_at_each_jump_once(monkeypatch):
    """Text naming landings off the route shown is searched again; the sweep back before
    that search (Levels.toward) serves every count of named landings made in one look
    at each jump, so text naming twelve landings costs no more than text naming one."""
    pos = Position.from_fen(WORST["king d2"], "turkish")
    moves = pos.legal_moves
    gen = pos._generator
    levels = gen._levels[gen._capture_of(pos._board, SQUARE_NAMES.index("d2"))]  # the king's, remembered
    recorded = [keys for level in levels.jumps for _, _, keys, _ in level]
    jumps = sum(map(len, recorded))
    whole, narrower = [], []
    landing_on = capturelevels._landing_on

    def spy(leads, known):
        # a direction's jumps as recorded, or only those that led on to a wider count
        (whole if any(leads[1] is keys for keys in recorded) else narrower).append(len(leads[1]))
        return landing_on(leads, known)

    monkeypatch.setattr(capturelevels, "_landing_on", spy)
    text = "d2:b2:b4:g4:g7:g2:d2:g7:b7:b3:h3:d5:a5:a1"  # twelve of a route's fifteen landings
    move = pos.parse_move(text)
    assert move in moves
    assert names_route([SQUARE_NAMES.index(s) for s in text.split(":")], tuple(move._raw[0]))
    assert 0 < sum(whole) <= jumps
    assert sum(narrower) < jumps


def test_long_refused_text_carries_few_counts_back(monkeypatch):
    """Issue 26: sixteen squares on the king c5 took 0.1–0.2 s to refuse. Each landing the
    text names takes a jump, and the king's longest capture has 16: a capture that has
    counted ``c`` of the 14 landings on the way after ``d`` jumps can still make the rest
    only if ``14 - c <= 16 - d``, and ``c <= d``. So the sweep back carries at most
    three counts to each level (it carried up to six, each one a look at every jump)."""
    pos = Position.from_fen(WORST["king c5"], "turkish")
    assert len(pos.legal_moves[0].captured) == 16
    carried = []
    backs = capturelevels.Levels.backs

    def spy(self, depth, knowns):
        carried.append(len(knowns))
        return backs(self, depth, knowns)

    monkeypatch.setattr(capturelevels.Levels, "backs", spy)
    text = "c5:c7:c2:h2:h5:e5:e7:e2:a2:a4:c7:h4:h7:c7:a7:a5"
    assert explain(pos, text).startswith(f"{text} is not allowed (TR-KING): a4 to c7 is not along a line.")
    assert carried and max(carried) <= 3
