"""Perft speed of damlib, compared with py-draughts.

For each game, ``damlib.perft`` counts the leaves of the legal-move tree from the
start position. The script prints the depth, the leaf count, the best time of
``--repeat`` runs and the leaves per second, and checks each count against the
published figure. If py-draughts (``pip install py-draughts``) can be imported,
its Brazilian board, which has the same game tree as damlib's German, is timed
at the German depth in the same process, and the ratio of the two speeds is
printed.

Run from the repository root:

    python benchmarks/perft.py                      # German/Russian/Brazilian depth 8, Turkish 5,
                                                    # Russian as published 7
    python benchmarks/perft.py --quick              # one ply less everywhere, one run
    python benchmarks/perft.py --depth 7 --repeat 5
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

# Lets the script run from a checkout without installing damlib first.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import damlib  # noqa: E402

_EIGHT_BY_EIGHT = (7, 49, 302, 1469, 7473, 37628, 187302, 907830)

#: Published leaf counts, index 0 is depth 1.
EXPECTED: dict[str, tuple[int, ...]] = {
    "german": _EIGHT_BY_EIGHT,
    "russian": _EIGHT_BY_EIGHT[:-1] + (907833,),
    "brazilian": _EIGHT_BY_EIGHT,
    "turkish": (22, 484, 11422, 228438, 4570718),
    "turkish (as published)": (8, 64, 708, 7538, 85090, 931312),
    "russian (as published)": (7, 49, 302, 1469, 7482, 37986, 190146),
}

#: Depths of the games whose depth is fixed (the Turkish trees are bushier, and the published
#: Russian figures end at 7); the others use ``--depth``.
FIXED_DEPTHS = {"turkish": 5, "turkish (as published)": 6, "russian (as published)": 7}


def best_of(repeat: int, run: Callable[[], int]) -> tuple[int, float]:
    """The result of ``run`` and its fastest wall time over ``repeat`` runs."""
    best = math.inf
    for _ in range(repeat):
        start = time.perf_counter()
        leaves = run()
        best = min(best, time.perf_counter() - start)
    return leaves, best


def draughts_perft(board: Any, depth: int) -> int:
    """Perft on a py-draughts board, counted as damlib counts (depth >= 1).

    At depth 1 the legal moves are counted, not played. py-draughts' Brazilian
    board lists a capture once per start, end and captured set, as damlib does,
    so the counts compare leaf for leaf.
    """
    moves = board.legal_moves
    if depth == 1:
        return len(moves)
    total = 0
    for move in moves:
        board.push(move)
        total += draughts_perft(board, depth - 1)
        board.pop()
    return total


def check(game: str, depth: int, leaves: int) -> str:
    """``ok``, or what went wrong, for ``leaves`` at ``depth`` in ``game``."""
    expected = EXPECTED[game]
    if depth > len(expected):
        return "no reference"
    if leaves != expected[depth - 1]:
        return f"WARNING: expected {expected[depth - 1]}"
    return "ok"


def row(name: str, depth: int, leaves: int, seconds: float, verdict: str) -> str:
    """One line of the table."""
    return f"{name:<31}{depth:>6}{leaves:>12}{seconds:>9.2f}{leaves / seconds:>13,.0f}  {verdict}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--depth", type=int, default=8, help="depth of German, Russian, Brazilian and py-draughts (default 8)"
    )
    parser.add_argument("--quick", action="store_true", help="one ply less for every game, and a single run")
    parser.add_argument("--repeat", type=int, default=3, help="runs per game; the fastest counts (default 3)")
    args = parser.parse_args()
    shallower = 1 if args.quick else 0
    repeat = 1 if args.quick else max(1, args.repeat)
    depth = max(1, args.depth - shallower)

    print(f"perft from the start position, best of {repeat} run(s)")
    print(f"{'game':<31}{'depth':>6}{'leaves':>12}{'seconds':>9}{'leaves/s':>13}  check")
    results: dict[str, tuple[int, float]] = {}
    for game in EXPECTED:
        game_depth = max(1, FIXED_DEPTHS[game] - shallower) if game in FIXED_DEPTHS else depth
        position = damlib.Position.start(game)
        leaves, seconds = best_of(repeat, partial(damlib.perft, position, game_depth))
        results[game] = leaves, seconds
        verdict = check(game, game_depth, leaves)
        print(row(f"damlib {position.rules.name}", game_depth, leaves, seconds, verdict))

    try:
        import draughts
    except ImportError:
        print("py-draughts not installed: pip install py-draughts to compare")
        return
    leaves, seconds = best_of(repeat, lambda: draughts_perft(draughts.BrazilianBoard(), depth))
    german_leaves, german_seconds = results["german"]
    verdict = check("brazilian", depth, leaves)
    if leaves != german_leaves:
        verdict = f"WARNING: damlib German counts {german_leaves}"
    print(row(f"py-draughts {draughts.__version__} Brazilian", depth, leaves, seconds, verdict))
    ratio = (german_leaves / german_seconds) / (leaves / seconds)
    print(f"speed ratio damlib German / py-draughts Brazilian: {ratio:.2f}x")


if __name__ == "__main__":
    main()
