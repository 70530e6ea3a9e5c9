"""Reading PDN made to hurt, as docs/measurements.md reports it: each input read once, its time
and (with tracemalloc) its peak memory, and what came of it; then the replay widget given the
largest text it takes, and more moves than it plays through.

    python benchmarks/pdn_input.py
"""

from __future__ import annotations

import re
import time
import tracemalloc

from damlib import GERMAN, Position, explain, pdn
from damlib.play.pdn import MAX_MOVES, MAX_TEXT
from damlib.widgets.replay import GameReplay

INPUTS = {
    "1,000,000 characters of '{'": "{" * 1_000_000,
    "a tag value of 1,000,000 characters": '[Event "' + "x" * 1_000_000 + '"]\n[GameType "26"]\n1. c3-d4 *\n',
    "2,000 small games": '[GameType "26"]\n1. c3-d4 *\n\n' * 2_000,
    "a 5,000-digit GameType, then a good game": '[GameType "' + "2" * 5_000 + '"]\n1. c3-d4 *\n\n'
                                                '[GameType "26"]\n1. c3-d4 *\n',
}
CROWDED = "W:WKc5:Bb2,g2,a3,e3,h3,c4,f4,b5,d5,g5,a6,c6,e6,h6,b7,f7"
REFUSED = "c5:c7:c2:h2:h5:e5:e7:e2:a2:a4:c7:h4:h7:c7:a7:a5"


def main() -> None:
    for name, text in INPUTS.items():
        tracemalloc.start()
        began = time.perf_counter()
        games = pdn.read(text)
        took = time.perf_counter() - began
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        errors = sum(game.error is not None for game in games)
        print(f"{name}: {took:.3f} s, peak {peak / 1e6:.1f} MB, {len(games)} games, {errors} not read")
    replay = GameReplay("1. c3-d4 *", GERMAN)
    game = '[GameType "26"]\n1. c3-d4 f6-e5 2. d4xf6 g7xe5 3. b2-c3 h8-g7 *\n\n'
    for name, text in (("2,000,000 characters of small games", game * (MAX_TEXT // len(game))),
                       (f"{MAX_MOVES + 1:,} moves", '[GameType "26"]\n' + "c3-d4 " * (MAX_MOVES + 1))):
        began = time.perf_counter()
        replay.load(text)
        status = re.sub(r"<[^>]+>", "", replay.status.value)
        print(f"the replay given {name}: {time.perf_counter() - began:.3f} s — {status}")
    position = Position.from_fen(CROWDED, "turkish")
    _ = position.legal_moves  # known, as on a board
    began = time.perf_counter()
    said = explain(position, REFUSED)
    print(f"explain on the king c5, sixteen landings refused: {time.perf_counter() - began:.3f} s — {said[:60]}…")


if __name__ == "__main__":
    main()
