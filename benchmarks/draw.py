"""How long a diagram takes to draw: widgets redraw one on every click.

Run ``python benchmarks/draw.py`` with damlib installed (``pip install -e .``); it prints the
median time of each case in ms.
The PNG path should stay well under 50 ms for a full starting board with arrows.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

import damlib
from damlib import diagram

REPEAT = 60


def median_ms(make: Callable[[], object]) -> float:
    make()  # the first call fills the board cache; a widget pays it once
    times = []
    for _ in range(REPEAT):
        start = time.perf_counter()
        make()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main() -> None:
    german = damlib.Position.start("german")
    turkish = damlib.Position.start("turkish")
    capture = damlib.Position.from_fen("W:We3,Kg1:Bd4,f4,b6,Kh8", "german")
    arrows = [("c3", "d4"), ("e3", "f4"), ("g3", "h4")]
    cases: dict[str, Callable[[], object]] = {
        "png German start": lambda: diagram.png(german),
        "png German start + 3 arrows": lambda: diagram.png(german, arrows=arrows),
        "png Turkish start + 3 arrows": lambda: diagram.png(turkish, arrows=[("d3", "d4"), ("a3", "b4"), ("h3", "h4")]),
        "png capture route, captured, last move, caption": lambda: diagram.png(
            capture, move="e3:c5:a7", last_move="b8-a7", caption="DE-MAJORITY: take two"
        ),
        "png German start, flipped, square names": lambda: diagram.png(german, flip=True, square_names=True),
        "png German start + arrows, 800 px": lambda: diagram.png(german, arrows=arrows, size=800),
        "Position._repr_png_ (German start)": german._repr_png_,
        "draw() new figure, German start + arrows": lambda: diagram.draw(german, arrows=arrows),
        "svg German start + arrows": lambda: diagram.svg(german, arrows=arrows),
    }
    width = max(map(len, cases))
    print(f"median of {REPEAT} runs, ms")
    for name, make in cases.items():
        print(f"{name:<{width}}  {median_ms(make):7.1f}")


if __name__ == "__main__":
    main()
