"""How long each level of the computer takes per move on the worst positions known, and how deep it looks.

Each time is one search as ``best_move`` runs it (a beginner's compares every move, to slip).
"cold" is a fresh position, whose legal moves the search must find first (on a Turkish king
among 16 men that alone takes a good part of the time); "warm" is a position whose legal moves
are known already, as on the play board, which works them out to show the game's state before
the computer is asked.

Run from the repository root:

    python benchmarks/levels.py
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

# Lets the script run from a checkout without installing damlib first.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from damlib import Position  # noqa: E402
from damlib.search import STRENGTHS, analyse  # noqa: E402

#: (name, FEN, game): the issue's Turkish position, Turkish kings among 16 men, and starts
POSITIONS = (
    ("turkish, black king c4 with huge captures", "W:Wb7,g7,a6,e6,h6,c5,f5,b4,d4,g4,a3,c3,e3,h3,b2,f2:BKc4",
     "turkish"),
    ("turkish king d1 among 16", "W:WKd1:Bd2,e2,c3,f3,c4,e4,g4,a5,b5,d5,f5,h5,c6,e6,c7,g7", "turkish"),
    ("turkish king c5 among 16", "W:WKc5:Bb2,g2,a3,e3,h3,c4,f4,b5,d5,g5,a6,c6,e6,h6,b7,f7", "turkish"),
    ("german start", None, "german"),
    ("turkish start", None, "turkish"),
)


def main() -> None:
    print(f"{'position':<44}{'level':<10}{'limit':>6}{'cold s':>8}{'warm s':>8}{'depth':>6}{'nodes':>7}  move")
    worst = {name: 0.0 for name in STRENGTHS}
    for name, fen, game in POSITIONS:
        for level in STRENGTHS.values():
            times = []
            for warm in (False, True):
                position = Position.from_fen(fen, game) if fen else Position.start(game)
                if warm:
                    assert position.legal_moves
                start = time.perf_counter()
                analysis, _ = analyse(position, level, every_move=level.slips > 0)  # a slip compares every move
                times.append(time.perf_counter() - start)
            worst[level.name] = max(worst[level.name], *times)
            print(f"{name:<44.44}{level.name:<10}{level.seconds:>6.2f}{times[0]:>8.3f}{times[1]:>8.3f}"
                  f"{analysis.depth:>6}{analysis.nodes:>7}  {str(analysis.move)[:24]}")
    print("worst: " + ", ".join(f"{name} {seconds:.3f} s" for name, seconds in worst.items()))


if __name__ == "__main__":
    main()
