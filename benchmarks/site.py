"""The static site (tools/site.py) in headless Chromium: how long a learner waits, what they download,
and how much slower the browser's Python answers than CPython.

Run from the repository root, with requirements-site.txt installed and ``npm ci`` run:

    python benchmarks/site.py                 # builds the site into a temporary folder first
    python benchmarks/site.py --site DIR      # an already built site

It serves the site with ``python -m http.server`` on 127.0.0.1 and prints:

- the time from opening the site's console (``repl/``, the kernel started there) to damlib imported
  and answering, cold (a new browser profile: empty cache) and warm (one profile kept on disk, its
  cache filled first), median and range of ``--runs`` runs; and what a cold and a warm start
  downloaded from the site (the sizes of the files the server sent, counted from its log);
- the site's size;
- the time to find the legal moves (what a board works out when a piece is clicked) of the German
  start and of every Turkish position of benchmarks/worst_cases.py, each run cold (the generators
  forget what they remember, :func:`worst_cases.forget`), in the browser's Python and in this
  CPython, in the same run: median and slowest of ``REPEATS`` runs.

Chromium reaches no other host (its host rules); a request elsewhere stops the benchmark.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote, unquote, urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

import worst_cases  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
HOST = "127.0.0.1"
READY = "damlib answers"
TIMEOUT_MS = 300_000
#: the cases timed: (name, FEN or None for the start, game)
CASES = [("German start", None, "german"),
         *[(name, fen, game) for name, fen, game in worst_cases.SUITE if game == "turkish"]]
REPEATS = 7
LAUNCH = {"executable_path": CHROMIUM, "headless": True,
          "args": ["--no-sandbox", "--disable-gpu", f"--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE {HOST}"]}
#: Run alike by this CPython and the browser's (given ``worst_cases``, ``CASES`` and ``REPEATS``).
MEASURE = """
import json, time
import damlib

def legal_moves_seconds(fen, game):
    worst_cases.forget()
    start = time.perf_counter()
    position = damlib.Position.start(game) if fen is None else damlib.Position.from_fen(fen, game)
    position.legal_moves
    return time.perf_counter() - start

print("TIMES " + json.dumps({name: [legal_moves_seconds(fen, game) for _ in range(REPEATS)]
                             for name, fen, game in CASES}))
"""


@contextlib.contextmanager
def served(site: Path, log: Path) -> Iterator[str]:
    with open(log, "wb") as output:
        command = [sys.executable, "-u", "-m", "http.server", "0", "--bind", HOST, "--directory", str(site)]
        server = subprocess.Popen(command, stdout=output, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 30
        while not (found := re.search(r"port (\d+)", log.read_text())) and time.monotonic() < deadline:
            time.sleep(0.1)
        if not found:
            raise SystemExit(f"the server did not start: {log.read_text()}")
        yield f"http://{HOST}:{found.group(1)}/"
    finally:
        server.terminate()
        server.wait(timeout=10)


def sent_bytes(site: Path, log_lines: list[str]) -> int:
    """What the server sent for these lines of its log: the files it answered 200 to."""
    total = 0
    for line in log_lines:
        if (match := re.search(r'"GET (\S+) HTTP/[\d.]+" 200 ', line)):
            path = site / unquote(urlsplit(match.group(1)).path).lstrip("/")
            path = path / "index.html" if path.is_dir() else path
            total += path.stat().st_size if path.is_file() else 0
    return total


def open_and_wait(context, url: str, text: str, elsewhere: list[str]) -> tuple[float, str]:
    """Seconds from opening ``url`` to ``text`` shown in a cell's output, and the page's output."""
    page = context.new_page()
    start = time.monotonic()
    page.goto(url)
    page.locator(".jp-OutputArea-output", has_text=text).first.wait_for(timeout=TIMEOUT_MS)
    seconds = time.monotonic() - start
    output = "\n".join(page.locator(".jp-OutputArea-output").all_inner_texts())
    page.close()
    if elsewhere:
        raise SystemExit(f"the site asked for something elsewhere: {elsewhere}")
    return seconds, output


def watch(context, elsewhere: list[str]):
    """``context``, noting in ``elsewhere`` every request to another host. Chromium's host rules
    stop them (Playwright's routing would turn the cache off, and the warm start with it)."""
    context.on("request", lambda request: urlsplit(request.url).hostname == HOST or elsewhere.append(request.url))
    return context


def startup(playwright, browser, url: str, site: Path, log: Path, profile: Path, runs: int) -> None:
    """Cold: a new profile each time; warm: one profile kept on disk, as a learner's browser keeps
    its cache (an in-memory one does not keep Pyodide's core or Babel, each over 9 MB)."""
    elsewhere: list[str] = []
    ready = f"{url}repl/index.html?kernel=python&code=" + quote(f"import damlib\nprint({READY!r}, damlib.__name__)")
    figures: dict[str, tuple[list[float], list[int]]] = {"cold": ([], []), "warm": ([], [])}
    warm = watch(playwright.chromium.launch_persistent_context(profile, **LAUNCH), elsewhere)
    open_and_wait(warm, ready, READY, elsewhere)  # fills the warm profile's cache
    for _ in range(runs):
        for kind in ("cold", "warm"):
            context = watch(browser.new_context(), elsewhere) if kind == "cold" else warm
            before = len(log.read_text().splitlines())
            seconds, _ = open_and_wait(context, ready, READY, elsewhere)
            time.sleep(1)  # the last requests logged
            figures[kind][0].append(seconds)
            figures[kind][1].append(sent_bytes(site, log.read_text().splitlines()[before:]))
            if kind == "cold":
                context.close()
    warm.close()
    for kind, (seconds, sizes) in figures.items():
        print(f"opening the site to damlib answering, {kind}: median {statistics.median(seconds):.1f} s "
              f"({min(seconds):.1f}–{max(seconds):.1f}), downloaded {statistics.median(sizes) / 1e6:.1f} MB")


def browser_times(browser, url: str) -> dict[str, list[float]]:
    elsewhere: list[str] = []
    source = (ROOT / "benchmarks" / "worst_cases.py").read_text()
    code = "\n".join([
        "import sys, types",
        "worst_cases = types.ModuleType('worst_cases')",
        "worst_cases.__file__ = '/tmp/benchmarks/worst_cases.py'",
        f"exec(compile({source!r}, 'worst_cases.py', 'exec'), worst_cases.__dict__)",
        f"CASES = {CASES!r}", f"REPEATS = {REPEATS}", MEASURE])
    context = watch(browser.new_context(), elsewhere)
    _, output = open_and_wait(context, f"{url}repl/index.html?kernel=python&code={quote(code)}", "TIMES ", elsewhere)
    context.close()
    line = next(line for line in output.splitlines() if line.startswith("TIMES "))
    return json.loads(line.removeprefix("TIMES "))


def cpython_times() -> dict[str, list[float]]:
    import io
    from contextlib import redirect_stdout

    printed = io.StringIO()
    with redirect_stdout(printed):
        exec(MEASURE, {"worst_cases": worst_cases, "CASES": CASES, "REPEATS": REPEATS})
    return json.loads(printed.getvalue().split("TIMES ", 1)[1])


def compare(browser_side: dict[str, list[float]], local: dict[str, list[float]]) -> None:
    print(f"{'legal moves, seconds (median, slowest)':<44}{'browser':>16}{'CPython':>16}{'ratio':>8}")
    for name, _, _ in CASES:
        there, here = browser_side[name], local[name]
        print(f"{name:<44}{statistics.median(there):>9.3f} ({max(there):.3f}){statistics.median(here):>9.3f} "
              f"({max(here):.3f}){statistics.median(there) / statistics.median(here):>7.1f}×")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, help="an already built site (default: build one)")
    parser.add_argument("--runs", type=int, default=5, help="cold and warm starts, each (default 5)")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="damlib-site-bench-") as temporary:
        site = args.site
        if site is None:
            site = Path(temporary) / "site"
            subprocess.run([sys.executable, str(ROOT / "tools" / "site.py"), "--output", str(site)], check=True)
        size = sum(path.stat().st_size for path in site.rglob("*") if path.is_file())
        print(f"the site: {size / 1e6:.1f} MB")
        log = Path(temporary) / "http.log"
        with served(site, log) as url, sync_playwright() as playwright:
            browser = playwright.chromium.launch(**LAUNCH)
            try:
                startup(playwright, browser, url, site, log, Path(temporary) / "profile", args.runs)
                compare(browser_times(browser, url), cpython_times())
            finally:
                browser.close()


if __name__ == "__main__":
    main()
