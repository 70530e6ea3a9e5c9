"""How long a widget takes to answer a click, in the kernel: from the click to the new picture.

Run from the repository root: ``python benchmarks/widgets.py``. Prints the median
and the slowest of many clicks for each widget; the target is well under 100 ms.
The computer opponent's thinking time is not included (it thinks for ``seconds``).
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

# Lets the script run from a checkout without installing damlib first.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from damlib.learn import STAGES  # noqa: E402
from damlib.widgets import CaptureStepper, Exercises, GameReplay, Learn, PlayBoard, PromotionExplorer  # noqa: E402

CLICKS = 60


def timed(clicks: list[Callable[[], None]]) -> tuple[float, float]:
    """Median and slowest time of each click in ``clicks``, in milliseconds."""
    times = []
    for click in clicks:
        start = time.perf_counter()
        click()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times), max(times)


def play_board_clicks() -> list[Callable[[], None]]:
    board = PlayBoard("german")
    cycle = [lambda: board.click("c3"), lambda: board.click("d4"), board.undo]
    return [cycle[i % 3] for i in range(CLICKS)]


def stepper_clicks() -> list[Callable[[], None]]:
    stepper = CaptureStepper("W:WKa1:Bc3,f4,f2,b4", variant="german")
    buttons = stepper.steps.buttons
    cycle = [buttons["next"].click, buttons["next"].click, buttons["next"].click, buttons["first"].click]
    return [cycle[i % 4] for i in range(CLICKS)]


def explorer_clicks() -> list[Callable[[], None]]:
    explorer = PromotionExplorer("W:Wb6:Bc7,e7")
    buttons = explorer.steps.buttons
    return [buttons["next"].click if i % 2 == 0 else buttons["back"].click for i in range(CLICKS)]


def replay_clicks() -> list[Callable[[], None]]:
    replay = GameReplay("1. c3-d4 f6-e5 2. d4:f6 g7:e5 3. b2-c3 h6-g5", "german")
    slider = replay.steps.slider

    def step(i: int) -> Callable[[], None]:
        return lambda: setattr(slider, "value", i % (slider.max + 1))

    return [step(i) for i in range(CLICKS)]


def exercise_clicks() -> list[Callable[[], None]]:
    quiz = Exercises()
    return [quiz.check_button.click if i % 2 == 0 else quiz.steps.buttons["next"].click for i in range(CLICKS)]


def learn_clicks() -> list[Callable[[], None]]:
    """A learner clicking through the German stage: each solution's squares, then "Next level"."""
    learn = Learn(STAGES["German"])

    def click() -> None:
        attempt = learn.attempt
        if attempt.done:
            learn.next_level()
            return
        expected = attempt.level.solution[attempt.step]
        if expected in ("take back", "let stand"):
            learn.choices[("take back", "let stand").index(expected)].click()
            return
        learn.click(attempt.position.parse_move(expected).path[len(learn.clicks.path)])

    return [click] * (CLICKS * 2)


def main() -> None:
    print(f"click to new picture, {CLICKS} clicks each (ms)")
    print(f"{'widget':<20}{'median':>8}{'slowest':>9}")
    for name, clicks in [
        ("play board", play_board_clicks), ("capture stepper", stepper_clicks),
        ("promotion explorer", explorer_clicks), ("game replay", replay_clicks), ("exercises", exercise_clicks),
        ("learn", learn_clicks),
    ]:
        median, slowest = timed(clicks())
        print(f"{name:<20}{median:>8.1f}{slowest:>9.1f}")


if __name__ == "__main__":
    main()
