"""Time and peak memory of damlib on positions with enormous numbers of capture routes.

A Turkish king among many men can reach the same end, with the same pieces
taken, by hundreds of thousands of routes (TR-REMOVE: pieces leave at once and
the king may turn back). The legal moves are few; this script shows what it
costs to find them, to explain a move, and what the computer's time limit holds.

Run from the repository root:

    python benchmarks/worst_cases.py            # everything
    python benchmarks/worst_cases.py --no-search # skip the time-limit check
"""

from __future__ import annotations

import argparse
import sys
import time
import tracemalloc
from pathlib import Path
from typing import Any, Callable

# Lets the script run from a checkout without installing damlib first.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import damlib  # noqa: E402
from damlib.search import best_move  # noqa: E402

#: (name, FEN, game)
POSITIONS = (
    ("turkish king d1 among 16", "W:WKd1:Bd2,e2,c3,f3,c4,e4,g4,a5,b5,d5,f5,h5,c6,e6,c7,g7", "turkish"),
    ("turkish king c5 among 16", "W:WKc5:Bb2,g2,a3,e3,h3,c4,f4,b5,d5,g5,a6,c6,e6,h6,b7,f7", "turkish"),
)

#: The computer's time limit on a position where Black's king has huge captures.
SEARCH = ("W:Wb7,g7,a6,e6,h6,c5,f5,b4,d4,g4,a3,c3,e3,h3,b2,f2:BKc4", "turkish", 0.5)


def measure(run: Callable[[], Any]) -> tuple[Any, float, float]:
    """The result of ``run``, its wall time in seconds (a plain run) and its peak
    memory in MB (a second run, under tracemalloc, which slows it)."""
    start = time.perf_counter()
    result = run()
    seconds = time.perf_counter() - start
    tracemalloc.start()
    run()
    peak = tracemalloc.get_traced_memory()[1] / 1e6
    tracemalloc.stop()
    return result, seconds, peak


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-search", action="store_true", help="skip the best_move time-limit check")
    args = parser.parse_args()
    print("seconds of a plain run; peak MB traced by tracemalloc in a second run")
    print(f"{'what':<52}{'seconds':>9}{'peak MB':>9}  result")
    for name, fen, game in POSITIONS:
        moves, seconds, peak = measure(lambda: damlib.Position.from_fen(fen, game).legal_moves)
        print(f"{name + ': legal_moves':<52}{seconds:>9.3f}{peak:>9.1f}  {len(moves)} moves, "
              f"{len(moves[0].captured)} captured each")
        text = str(moves[0])
        short = f"{moves[0].start}:{moves[0].end}"
        for label, words in (("explain " + text, text), ("explain " + short, short)):
            answer, seconds, peak = measure(lambda: damlib.explain(damlib.Position.from_fen(fen, game), words))
            print(f"{name + ': ' + label:<52.52}{seconds:>9.3f}{peak:>9.1f}  {answer[:40]}…")
    for game, depth in (("german", 7), ("turkish", 5)):
        start = time.perf_counter()
        leaves = damlib.perft(damlib.Position.start(game), depth)
        seconds = time.perf_counter() - start
        print(f"{f'{game} perft({depth}) ':<52}{seconds:>9.3f}{'':>9}  {leaves} leaves")
    if not args.no_search:
        fen, game, limit = SEARCH
        position = damlib.Position.from_fen(fen, game)
        start = time.perf_counter()
        move = best_move(position, seconds=limit)
        seconds = time.perf_counter() - start
        print(f"{f'best_move, seconds={limit} ':<52}{seconds:>9.3f}{'':>9}  {move}")


if __name__ == "__main__":
    main()
