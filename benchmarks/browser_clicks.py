"""A click's answer on damlib's boards in Chromium, and a local JupyterLab to compare with.

Used by benchmarks/site.py: the same boards are shown by the site's browser kernel and by a local
Jupyter server, and each is played by clicks. The board's JavaScript records
``performance.measure("damlib:update", …)`` from a click sent to the kernel to its answer drawn,
and ``"damlib:highlight"`` for what it draws at once; this reads them (as tests/test_browser.py's
``_timings`` does against a local server).
"""

from __future__ import annotations

import contextlib
import json
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import worst_cases

import damlib

CHROMIUM = "/usr/bin/chromium"
HOST = "127.0.0.1"
LAUNCH = {"executable_path": CHROMIUM, "headless": True,
          "args": ["--no-sandbox", "--disable-gpu", f"--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE {HOST}"]}


def _longest(fen: str, game: str) -> str:
    """The square of the piece with the longest legal move: the one whose clicks cost most."""
    return max(damlib.Position.from_fen(fen, game).legal_moves, key=lambda move: len(move.path)).start


#: The boards clicked: (name, FEN or None for the start, game, the piece clicked): the German start
#: (c3, a man of two landings) and every position of benchmarks/worst_cases.py (the piece of its
#: longest move).
BOARDS = [("German start", None, "german", "c3"),
          *[(name, fen, game, _longest(fen, game)) for name, fen, game in worst_cases.SUITE]]
#: JupyterLab settings: every cell drawn, not only those scrolled into view; no news pop-up.
LAB_SETTINGS = {
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {"fetchNews": "false",
                                                                        "checkForUpdates": False},
}
UPDATES = "() => performance.getEntriesByName('damlib:update').length"
LANDING = '[aria-label$="you can go here"]'
LAST = "() => performance.getEntriesByName('damlib:%s').at(-1).duration"


def board_cells() -> list[str]:
    """The code that shows ``BOARDS``, a board a cell after the import."""
    return ["from damlib.widgets import PlayBoard",
            *[f"PlayBoard({game!r})" if fen is None else f"PlayBoard({game!r}, fen={fen!r})"
              for _, fen, game, _ in BOARDS]]


def _until(page, what: str, updates: int, timeout_ms: int = 60_000) -> None:
    page.wait_for_function(f"() => ({what})() > {updates}", timeout=timeout_ms)


def click_times(page, repeats: int) -> dict[str, dict[str, list[float]]]:
    """For each of ``BOARDS`` (shown in ``page`` in that order): play the move of its piece ``repeats``
    times by clicks (the piece, then each landing until the move is made, then Undo), and give the
    milliseconds of each click's answer (``update``: the click sent, the kernel's answer drawn) and
    of its highlight (drawn at once, before the kernel answers); under ``lost``, a 1 for each move given
    up (no landing offered and no move made after a click)."""
    boards = page.locator(".damlib-playboard")
    found = {}
    for index, (name, _, _, piece) in enumerate(BOARDS):
        board = boards.nth(index)
        board.scroll_into_view_if_needed()
        board.locator(".damlib-speed").select_option("0")  # no animation to wait for between clicks
        frame, moves = board.locator(".damlib-board-frame"), board.locator(".damlib-moves")
        start = frame.get_attribute("data-shown")
        times: dict[str, list[float]] = {"update": [], "highlight": [], "lost": []}
        for _ in range(repeats):
            played, square = moves.inner_text(), piece
            while square:
                updates = page.evaluate(UPDATES)
                board.locator(f'[data-square="{square}"]').click()
                times["highlight"].append(page.evaluate(LAST % "highlight"))
                _until(page, UPDATES, updates)
                times["update"].append(page.evaluate(LAST % "update"))
                # the rest of the kernel's answer: the move made, or the next landings shown
                try:
                    page.wait_for_function(f"([board, played]) => board.querySelector('.damlib-moves').innerText"
                                           f" !== played || board.querySelector('{LANDING}')",
                                           arg=[board.element_handle(), played], timeout=10_000)
                except Exception:  # Playwright's TimeoutError: no landing offered, no move made
                    times["lost"].append(1)
                    page.keyboard.press("Escape")
                    break
                landing = board.locator(LANDING)
                square = landing.first.get_attribute("data-square") if moves.inner_text() == played else None
            board.locator(".damlib-undo").click()
            page.wait_for_function("([frame, start]) => frame.dataset.shown === start",
                                   arg=[frame.element_handle(), start])
        found[name] = times
    return found


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((HOST, 0))
        return probe.getsockname()[1]


@contextlib.contextmanager
def local_lab(folder: Path) -> Iterator[str]:
    """JupyterLab on 127.0.0.1, no token, over ``folder`` (which gets its settings, its workspace
    and boards.ipynb, showing ``board_cells()``); its URL. Stopped afterwards, with its kernels."""
    import nbformat
    from nbformat.v4 import new_code_cell, new_notebook

    nbformat.write(new_notebook(cells=[new_code_cell(source) for source in board_cells()], metadata={
        "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}}),
        folder / "boards.ipynb")
    for name, values in LAB_SETTINGS.items():
        (folder / "settings" / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / "settings" / name).write_text(json.dumps(values))
    port = _free_port()
    log = folder / "lab.log"
    with open(log, "wb") as output:
        server = subprocess.Popen([
            sys.executable, "-m", "jupyter", "lab", "--no-browser", f"--port={port}", f"--ServerApp.ip={HOST}",
            "--ServerApp.port_retries=0", "--ServerApp.token=", "--ServerApp.password=",
            "--ServerApp.disable_check_xsrf=True", f"--ServerApp.root_dir={folder}", "--allow-root",
            f"--LabApp.user_settings_dir={folder / 'settings'}", f"--LabApp.workspaces_dir={folder / 'workspaces'}",
        ], stdout=output, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        deadline = time.monotonic() + 120
        while f"{HOST}:{port}" not in log.read_text() and time.monotonic() < deadline:
            if server.poll() is not None:
                raise SystemExit(f"JupyterLab stopped: {log.read_text()}")
            time.sleep(0.5)
        yield f"http://{HOST}:{port}/"
    finally:
        server.terminate()  # the server shuts its kernels down as it stops
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
