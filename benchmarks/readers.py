"""What bounds each reader, measured (docs/measurements.md, issue 41): the worst input each
accepts and the hostile inputs it refuses, each read once for its time and once more under
tracemalloc for its peak memory.

    python benchmarks/readers.py
"""

from __future__ import annotations

import json
import os
import random
import re
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

from damlib import GERMAN, RUSSIAN_PUBLISHED, Position, pdn
from damlib.engine.errors import DamlibError
from damlib.learn import class_report
from damlib.play.pdn import MAX_GAMES, MAX_MOVES, MAX_TEXT, MAX_WORDS
from damlib.teach.learn.progress import MAX_BYTES
from damlib.widgets.replay import GameReplay

GAME = '[GameType "26"] 1. c3-d4 *\n'
DATA = Path(__file__).resolve().parents[1] / "tests" / "data"


def measure(name: str, call: Callable[[], object], runs: int = 3) -> None:
    """The fastest of ``runs`` calls, wall clock and this process's CPU time (less moved by
    other work on the machine than the wall clock), then the peak memory of one more."""
    times = []
    for _ in range(runs):
        began, cpu = time.perf_counter(), time.process_time()
        try:
            said = call()
            outcome = said if isinstance(said, str) else "read"  # the paste box says it in its status
        except DamlibError as error:
            outcome = f"refused: {str(error)[:70]}"
        times.append((time.perf_counter() - began, time.process_time() - cpu))
    took, cpu = min(times)
    tracemalloc.start()
    try:
        call()
    except DamlibError:
        pass
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    print(f"| {name} | {took:.2f} s | {cpu:.2f} s | {peak / 1e6:.0f} MB | {outcome} |", flush=True)


def class_folder(files: int, size: int) -> Path:
    folder = Path(tempfile.mkdtemp())
    stars = {f"de-x-{n}": 3 for n in range(size)}
    text = json.dumps({"format": "damlib progress 1", "learner": "l{n}", "stars": stars})
    for n in range(files):  # the text made once: 300 files of 0.7 MB took minutes to make one by one
        (folder / f"learner-{n}.json").write_text(text.replace("l{n}", f"l{n}", 1))
    return folder


def crowded_games(count: int) -> str:
    """``count`` games of one move, each set up ([FEN]) as a Turkish king among sixteen men of
    benchmarks/worst_cases.py with one man moved elsewhere, so that no two share a position (the
    generator remembers what it has searched)."""
    from worst_cases import SUITE

    rnd, seen, games = random.Random(1), set[str](), list[str]()
    crowded = [fen for _, fen, game in SUITE if game == "turkish"]
    while len(games) < count:
        side, white, black = rnd.choice(crowded).split(":")
        men = black[1:].split(",")
        men[rnd.randrange(len(men))] = f"{rnd.choice('abcdefgh')}{rnd.randint(2, 7)}"
        fen = f"{side}:{white}:B{','.join(men)}"
        try:
            Position.from_fen(fen, "turkish")
        except DamlibError:  # two pieces on one square
            continue
        if fen not in seen:
            seen.add(fen)
            games.append(f'[GameType "30"]\n[FEN "{fen}"]\n1. a1-a2 *\n')
    return "".join(games)


def unread(games: list[pdn.PdnGame]) -> str:
    """What a read of the crowded games came to, the memory of what was searched then forgotten,
    so that each run starts as cold as the first."""
    from worst_cases import forget

    forget()
    late = sum(1 for entry in games if entry.error is not None and "seconds=" in str(entry.error))
    return f"{len(games) - late} read, {late} not read: time ran out"


def paste_box() -> Callable[[object], str]:
    """A replay's paste box: what it says after reading a text (no error escapes it)."""
    replay = GameReplay("1. c3-d4 *", GERMAN)

    def paste(source: object) -> str:
        replay.load(source)  # type: ignore[arg-type]
        return "status: " + re.sub(r"<[^>]+>", "", replay.status.value)[:70]
    return paste


def main() -> None:
    paste = paste_box()
    words = MAX_WORDS // 2
    # 8 moves a game: both counts reached at once
    eight = '[GameType "26"]\n1. c3-d4 f6-e5 2. d4xf6 g7xe5 3. b2-c3 h8-g7 4. c3-d4 e5xc3 *\n\n'
    filled, stuffed = class_folder(300, MAX_BYTES // 17), class_folder(300, 50_000)  # made before the clock starts
    crowded = crowded_games(MAX_GAMES)
    ussr = (DATA / "ussr-1950-russian.pdn").read_text(encoding="utf-8")
    inputs: dict[str, Callable[[], object]] = {
        "pdn.read, the USSR championship (54 games, 3,009 moves)": lambda: pdn.read(ussr, variant=RUSSIAN_PUBLISHED),
        f"pdn.read, {MAX_GAMES} games of 8 moves ({MAX_MOVES:,}: both counts)": lambda: pdn.read(eight * MAX_GAMES),
        f"pdn.read, {MAX_GAMES} games of no move": lambda: pdn.read('[GameType "26"] [a "b"] *\n' * MAX_GAMES),
        f"pdn.read, {MAX_GAMES} games set up among many pieces (Turkish kings among 16 men)":
            lambda: unread(pdn.read(crowded)),
        "pdn.read, 1 MB of one-move games": lambda: pdn.read(GAME * 40_000),
        "pdn.read, 1 MB of them, max_games=None": lambda: pdn.read(GAME * 40_000, max_games=None),
        f"pdn.read, {words:,} '()' pairs (the most words)": lambda: pdn.read("1. c3-d4 " + "()" * (words - 2) + " *",
                                                                          default=GERMAN),
        "pdn.read, 2 MB of '(' then ')'": lambda: pdn.read("(" * 999_999 + ")" * 999_999, default=GERMAN),
        "pdn.read, 2 MB of '[a \"'": lambda: pdn.read('[a "' * 499_999, default=GERMAN),
        "pdn.read, 2 MB of '1.'": lambda: pdn.read("1." * 999_999, default=GERMAN),
        "pdn.read, one 2 MB move token": lambda: pdn.read("1. " + "22-" * 666_000 + "22 *", default=GERMAN),
        "pdn.read, 2 MB of spaces (the most characters)": lambda: pdn.read(" " * MAX_TEXT),
        "pdn.read, 20 MB of '(' (refused by length)": lambda: pdn.read("(" * 20_000_000),
        "replay paste box, the USSR championship": lambda: paste(
            DATA / "ussr-1950-russian.pdn"),
        "replay paste box, 2 M characters of '()'": lambda: paste("()" * 999_999),
        "replay paste box, 2 M characters of '/'": lambda: paste("/" * 1_999_999),
        "replay paste box, one 2 MB '22-22-…' token": lambda: paste(
            "1. " + "22-" * 666_000 + "22 *"),
        "GameReplay(3 M parentheses)": lambda: GameReplay("(" * 1_500_000 + ")" * 1_500_000),
        f"class_report, 300 files just under {MAX_BYTES:,} bytes": lambda: class_report(filled),
        "class_report, 300 files of 0.7 MB (refused unparsed)": lambda: class_report(stuffed),
    }
    print(f"load average before: {os.getloadavg()[0]:.1f}", flush=True)
    print("| input | time | CPU | peak memory | outcome |\n|---|---|---|---|---|")
    for name, call in inputs.items():
        measure(name, call)


if __name__ == "__main__":
    main()
