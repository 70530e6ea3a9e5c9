"""Time and peak memory of damlib on the positions that cost it most, and a hunt for more.

A Turkish king among many men can reach the same end, with the same pieces
taken, by hundreds of thousands of routes (TR-REMOVE: pieces leave at once and
the king may turn back). The legal moves are few; this script shows what it
costs to find them, to explain a move, to play one by clicks, and what the
computer's time limit holds, on every position of :data:`SUITE`.

The suite's positions were found by ``--hunt``: hill-climbing over placements
(move a piece, add or remove one), keeping each change that does not lower the
generator's work (squares the route walk stands on, capture states searched and
level nodes jumped from, a count that does not depend on the machine's load).

Run from the repository root:

    python benchmarks/worst_cases.py              # the suite
    python benchmarks/worst_cases.py --no-search  # skip the time-limit check
    python benchmarks/worst_cases.py --hunt turkish --steps 500 --seed 1
    python benchmarks/worst_cases.py --hunt turkish --start "W:WKc5:Bb2,g2,..."  # climb on
    python benchmarks/worst_cases.py --texts 200  # the slowest of 200 random move texts, timed again
"""

from __future__ import annotations

import argparse
import random
import re
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

# Lets the script run from a checkout without installing damlib first.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import damlib  # noqa: E402
from damlib.engine import capturelevels, capturestates, legality, movegen
from damlib.engine.squares import SQUARE_NAMES, playable  # noqa: E402
from damlib.play.clicks import ClickToMove  # noqa: E402
from damlib.play.referee import forbidden_captures  # noqa: E402
from damlib.search import best_move  # noqa: E402

#: (name, FEN, game). The first two were found by simulated annealing when issue 11 was
#: filed; the others by ``--hunt`` (seeds 0 and 1, 400–600 steps), the Turkish g2 and
#: h3, a2 ones (seeds 2 and 3, 1,000 steps) after the longest captures were searched by levels,
#: and the Turkish d2 one (seed 31, 2,000 steps, then seed 35 from there, 3,000 steps) and
#: e4, g2, h2 one (seed 22, 600 steps, three kings among 13 men) after the look back over them.
SUITE = (
    ("turkish king d1 among 16", "W:WKd1:Bd2,e2,c3,f3,c4,e4,g4,a5,b5,d5,f5,h5,c6,e6,c7,g7", "turkish"),
    ("turkish king c5 among 16", "W:WKc5:Bb2,g2,a3,e3,h3,c4,f4,b5,d5,g5,a6,c6,e6,h6,b7,f7", "turkish"),
    ("turkish king e7 among 16", "W:WKe7:Be3,d2,b4,c5,f6,f7,g2,h3,d4,c7,a6,e5,h5,f4,c3,g5", "turkish"),
    ("turkish kings f7, e8 among 16", "W:WKf7,Ke8:Bd4,f5,g2,d2,b6,g7,f3,c3,e7,h4,b2,g6,c5,e5,a5,d6", "turkish"),
    ("turkish king g2 among 16", "W:WKg2:Ba6,d6,e3,d3,f4,c5,e7,c2,a3,f2,h5,f6,b4,b7,g3,e5", "turkish"),
    ("turkish kings h3, a2 among 16", "W:WKh3,Ka2:Bf2,e4,h6,c2,g5,a5,e7,g7,b4,d3,b7,d6,h4,f6,c5,g3", "turkish"),
    ("turkish king d2 among 16", "W:WKd2:Bf2,d4,a4,d6,h4,c5,e5,g3,c7,f7,f4,b3,g6,c2,b6,e3", "turkish"),
    ("turkish kings e4, g2, h2 among 16", "W:WKe4,Kg2,Kh2:Bf5,c6,e2,f3,h6,a3,g4,d4,a6,b7,g7,b2,c3,d7,b4,e6",
     "turkish"),
    ("german king h8 among 12", "W:WKh8:Bb6,f2,d2,d6,d4,e7,f4,g5,g7,b4,b2,f8", "german"),
    ("german kings c1, d8 among 11", "W:WKc1,Kd8:Bf6,g7,g3,d6,c3,d4,c7,f4,b2,b8,h2", "german"),
    ("russian king c3 among 12", "W:WKc3:Bb6,b2,f2,d6,e7,d4,f4,b4,d2,g5,g7,a3", "russian"),
)

#: The computer's time limit on a position where Black's king has huge captures.
SEARCH = ("W:Wb7,g7,a6,e6,h6,c5,f5,b4,d4,g4,a3,c3,e3,h3,b2,f2:BKc4", "turkish", 0.5)


def forget() -> None:
    """Make the generators forget the capture levels they remember (see
    :meth:`damlib.engine.movegen.MoveGenerator.levels`) and which captures the route walk gave
    up on, and forget the legal moves of the last boards (:func:`damlib.engine.legality.legal_moves`)."""
    for game in ("german", "russian", "turkish"):
        for white in (True, False):
            generator = movegen.generator(damlib.rules(game), white)
            generator._levels.clear()
            generator._too_long.clear()
    legality.legal_moves.cache_clear()


def measure(run: Callable[[], Any], runs: int) -> tuple[Any, list[float], float]:
    """The result of ``run``, the wall times in seconds of ``runs`` plain runs, and its
    peak memory in MB (one more run, under tracemalloc, which slows it). Each run starts
    cold: the generators forget the capture levels they remember."""
    times = []
    for _ in range(runs):
        forget()
        start = time.perf_counter()
        result = run()
        times.append(time.perf_counter() - start)
    forget()
    tracemalloc.start()
    run()
    peak = tracemalloc.get_traced_memory()[1] / 1e6
    tracemalloc.stop()
    return result, times, peak


def clicks(fen: str, game: str) -> tuple[float, float]:
    """Seconds to choose the first movable piece (where its capture can go is worked
    out; the legal moves are known, as on a board that shows the position), and the
    slowest click after it, to the end of the move."""
    table = ClickToMove(damlib.Position.from_fen(fen, game))
    piece = table.game.legal_moves[0].start
    start = time.perf_counter()
    table.click(piece)
    assert table.targets
    choose = time.perf_counter() - start
    slowest = 0.0
    while not table.game.moves:
        start = time.perf_counter()
        table.click(min(table.targets))
        assert table.targets or table.game.moves
        slowest = max(slowest, time.perf_counter() - start)
    return choose, slowest


def refused(position: damlib.Position) -> list[str]:
    """Text a learner who missed a piece might type: the start and end of the longest
    capture the majority rule forbids, where no legal move has that start and end, and
    its start, middle landing and end (``[]`` without a forbidden capture)."""
    _, captures = forbidden_captures(position, 1)
    if not captures:
        return []
    path = captures[0].path
    texts = [f"{path[0]}:{path[len(path) // 2]}:{path[-1]}"] if len(path) > 2 else []
    if f"{path[0]}:{path[-1]}" not in {f"{m.start}:{m.end}" for m in position.legal_moves}:
        texts.insert(0, f"{path[0]}:{path[-1]}")
    return texts


def line(what: str, times: list[float], peak: float, result: str) -> None:
    """One row of the report: the median seconds, with the fastest and slowest."""
    print(f"{what:<58.58}{statistics.median(times):>8.3f} ({min(times):.3f}–{max(times):.3f}){peak:>8.1f}  {result}")


def report(name: str, fen: str, game: str, runs: int) -> None:
    def position() -> damlib.Position:
        return damlib.Position.from_fen(fen, game)

    moves, times, peak = measure(lambda: position().legal_moves, runs)
    line(f"{name}: legal_moves", times, peak, f"{len(moves)} moves, {len(moves[0].captured)} captured each")
    path = moves[0].path
    # the full route, start and end, a landing on the way of the route shown (the moves
    # show that route: nothing to search) and one off it, where captures land (searched)
    texts = [str(moves[0]), f"{path[0]}:{path[-1]}", f"{path[0]}:{path[len(path) // 2]}:{path[-1]}"]
    _, forbidden = forbidden_captures(position(), 1)
    off = [s for s in (forbidden[0].path[1:-1] if forbidden else ()) if s not in path]
    if off:
        texts.append(f"{path[0]}:{off[0]}:{path[-1]}")
        # most landings of a route through it, each one a count the sweep back keeps
        try:
            route = position().parse_move(texts[-1]).path
        except damlib.DamlibError:  # it could mean several moves
            route = ()
        named = [s for i, s in enumerate(route[1:-1]) if i % 4 != 3 or s == off[0]]
        texts += [":".join([route[0], *named, route[-1]])] if len(named) > 1 else []
    for words in texts + refused(position()):
        answer, times, peak = measure(lambda w=words: damlib.explain(position(), w), runs)
        line(f"{name}: explain {words}", times, peak, f"{answer[:40]}…")
    (count, _), times, peak = measure(lambda: forbidden_captures(position(), 60), runs)
    line(f"{name}: forbidden captures counted", times, peak, f"{count:,}")
    # the legal moves are known before the click, as on a board that shows the position
    chosen: list[tuple[float, float]] = []
    _, _, peak = measure(lambda: chosen.append(clicks(fen, game)), runs)
    line(f"{name}: click the piece", [c for c, _ in chosen[:runs]], peak,
         f"each landing after it ≤ {max(s for _, s in chosen[:runs]):.3f}")


def texts(name: str, fen: str, game: str, count: int, rnd: random.Random) -> None:
    """The slowest of ``count`` random move texts explained on ``fen``, its legal moves
    known, as on a lesson's board: a hunt for the text that costs most. Half are a piece
    that can move, then one to three squares anywhere; half are long, most landings of a
    legal or forbidden capture (where there is one), one of them sometimes moved elsewhere,
    which the quick refusals do not stop."""
    position = damlib.Position.from_fen(fen, game)
    starts = sorted({m.start for m in position.legal_moves})
    routes = [m.path for m in position.legal_moves] + [m.path for m in forbidden_captures(position, 60)[1]]
    timed = []
    def timed_once(words: str) -> tuple[float, str]:
        fresh = damlib.Position.from_fen(fen, game)
        fresh.legal_moves  # noqa: B018 (known first, as on the board)
        start = time.perf_counter()
        answer = damlib.explain(fresh, words)
        return time.perf_counter() - start, answer

    for _ in range(count):
        if rnd.random() < 0.5 or len(routes[0]) < 3:
            words = ":".join([rnd.choice(starts)] + rnd.choices(SQUARE_NAMES, k=rnd.randint(1, 3)))
        else:
            route = list(rnd.choice(routes))
            landings = sorted(rnd.sample(range(1, len(route)), rnd.randint(1, len(route) - 1)))
            named = [route[0], *(route[i] for i in landings)]
            if rnd.random() < 0.5:
                named[rnd.randrange(1, len(named))] = rnd.choice(SQUARE_NAMES)
            words = ":".join(named)
        timed.append((*timed_once(words), words))
    timed.sort(reverse=True)
    seconds = [t for t, _, _ in timed]
    # the slowest three timed five times more: one run alone may have met a busy moment
    for _, answer, words in timed[:3]:
        again = [timed_once(words)[0] for _ in range(5)]
        print(f"{name + ': explain ' + words:<58.58}{statistics.median(again):>8.3f} "
              f"({min(again):.3f}–{max(again):.3f}; median of all {count}: "
              f"{statistics.median(seconds):.3f})  {answer[:50]}…")


def work(fen: str, game: str) -> int:
    """The generator's work for the legal moves of ``fen``: squares the route walk
    stands on, capture states searched and level nodes jumped from (-1 for a
    position the rules refuse)."""
    try:
        position = damlib.Position.from_fen(fen, game)
    except damlib.DamlibError:
        return -1
    forget()  # levels, or a walk given up, remembered from before would be work not counted
    count = [0]
    walk, visit, jump = movegen.MoveGenerator._walk, capturestates.CaptureStates._visit, capturelevels.Levels._jump

    def counted_walk(self, *args):
        count[0] += 1
        return walk(self, *args)

    def counted_visit(self, key):
        count[0] += 1
        return visit(self, key)

    def counted_jump(self, level, *args):
        count[0] += len(level)
        return jump(self, level, *args)

    movegen.MoveGenerator._walk, capturestates.CaptureStates._visit = counted_walk, counted_visit
    capturelevels.Levels._jump = counted_jump
    try:
        position.legal_moves  # noqa: B018 (worked out for the count, not kept)
    finally:
        movegen.MoveGenerator._walk, capturestates.CaptureStates._visit = walk, visit
        capturelevels.Levels._jump = jump
    return count[0]


def hunt(game: str, steps: int, seed: int, men: int, kings: int, start: str | None = None) -> tuple[str, int]:
    """Hill-climb from ``kings`` White kings among ``men`` Black men (or from the position
    ``start``, White kings among Black men in FEN like the suite's) to a costly position."""
    rnd = random.Random(seed)
    squares = [SQUARE_NAMES[s] for s in range(64) if playable(s, damlib.rules(game))]

    def fen(white: list[str], black: list[str]) -> str:
        return "W:W" + ",".join(white) + ":B" + ",".join(black)

    best = -1
    if start is not None:
        if not re.fullmatch(r"W:W[^:]+:B[^:]+", start):
            raise SystemExit(f"--start takes White to move, White's pieces first, like the suite's: not {start}")
        _, white_part, black_part = start.split(":")
        white, black = white_part[1:].split(","), black_part[1:].split(",")
        best = work(fen(white, black), game)
        if best < 0:
            raise SystemExit(f"{start} is no {game} position")
    while best < 0:
        chosen = rnd.sample(squares, men + kings)
        white, black = ["K" + s for s in chosen[:kings]], chosen[kings:]
        best = work(fen(white, black), game)
    for _ in range(steps):
        w, b = list(white), list(black)
        free = [s for s in squares if s not in {p.lstrip("K") for p in w + b}]
        r = rnd.random()
        if r < 0.6 or len(b) >= 16:
            b[rnd.randrange(len(b))] = rnd.choice(free)
        elif r < 0.75 and len(b) > 4:
            b.pop(rnd.randrange(len(b)))
        elif r < 0.9:
            b.append(rnd.choice(free))
        else:
            w[rnd.randrange(len(w))] = "K" + rnd.choice(free)
        cost = work(fen(w, b), game)
        if cost >= best:
            white, black, best = w, b, cost
    return fen(white, black), best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-search", action="store_true", help="skip the best_move time-limit check")
    parser.add_argument("--runs", type=int, default=6, help="timed runs of each (default 6)")
    parser.add_argument("--texts", type=int, metavar="N", help="explain N random move texts on each position instead")
    parser.add_argument("--hunt", metavar="GAME", help="hill-climb for a costly position in GAME instead")
    parser.add_argument("--steps", type=int, default=500, help="hunt: changes tried (default 500)")
    parser.add_argument("--seed", type=int, default=0, help="hunt, texts: random seed (default 0)")
    parser.add_argument("--men", type=int, default=12, help="hunt: Black men to start with (default 12)")
    parser.add_argument("--kings", type=int, default=1, help="hunt: White kings (default 1)")
    parser.add_argument("--start", metavar="FEN", help="hunt: climb on from this position instead")
    args = parser.parse_args()
    if args.hunt:
        fen, cost = hunt(args.hunt, args.steps, args.seed, args.men, args.kings, args.start)
        print(f"{args.hunt}: {fen} (work {cost:,}: route-walk squares, capture states and level nodes)")
        return
    if args.texts:
        rnd = random.Random(args.seed)
        for name, fen, game in SUITE:
            texts(name, fen, game, args.texts, rnd)
        return
    print(f"seconds: median of {args.runs} plain runs, each cold (fastest–slowest); peak MB traced by")
    print("tracemalloc in one more run")
    print(f"{'what':<58}{'seconds':>8}{'':>14}{'peak MB':>8}  result")
    for name, fen, game in SUITE:
        report(name, fen, game, args.runs)
    if not args.no_search:
        fen, game, limit = SEARCH
        position = damlib.Position.from_fen(fen, game)
        start = time.perf_counter()
        move = best_move(position, seconds=limit)
        seconds = time.perf_counter() - start
        print(f"{f'best_move, seconds={limit} ':<52}{seconds:>9.3f}{'':>9}  {move}")


if __name__ == "__main__":
    main()
