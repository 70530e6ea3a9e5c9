"""A real-browser test of the widgets: Voilà serves a notebook, Chromium clicks it.

Voilà runs a small notebook (written into pytest's ``tmp_path``, so nbval never
collects it) with a :class:`~damlib.widgets.PlayBoard` and a
:class:`~damlib.widgets.CaptureStepper`; Playwright drives Debian's Chromium
(``/usr/bin/chromium``, or ``$DAMLIB_CHROMIUM``) to play c3-d4 and to step the
capture. Everything stays on 127.0.0.1, and the Voilà server (with its kernel)
is always stopped.

Without Playwright, Voilà or Chromium the test skips and says why; under
``CI=true`` that is a failure instead, since ``.ci/run`` installs them.
Deselect it with ``-m "not browser"``.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
import warnings
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from committed import committed
from conftest import shows_picture

import damlib

with warnings.catch_warnings():
    # The marker is for `-m "not browser"`; pyproject.toml may not register it yet.
    warnings.simplefilter("ignore", pytest.PytestUnknownMarkWarning)
    pytestmark = pytest.mark.browser

CHROMIUM = os.environ.get("DAMLIB_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
HOST = "127.0.0.1"
SERVER_START_SECONDS = 60
PAGE_TIMEOUT_MS = 30_000  # the page's first widgets (the kernel runs the notebook first)
EXPECT_TIMEOUT_MS = 15_000  # each later check: one round trip to the kernel
RUN_ALL_TIMEOUT_MS = 120_000  # a whole lesson run, its kernel started, on a busy 2-core machine
STOP_SECONDS = 10
NO_ANSWER_MS = 8000  # board.js: a click unanswered this long says the kernel may have stopped
SCREENSHOT_COPY = Path("/tmp/damlib-browser.png")
_DAMLIB_ROOT = Path(damlib.__file__).resolve().parent.parent



def _unavailable(reason: str) -> None:
    """Skip with ``reason``; under ``CI=true`` fail, since CI must run this test."""
    if os.environ.get("CI") == "true":
        pytest.fail(f"{reason} — CI=true, so this is a failure: .ci/run must install it.", pytrace=False)
    pytest.skip(reason)


def _requirements() -> None:
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        _unavailable("the browser test needs the 'playwright' Python package (pip install playwright)")
    try:
        import voila  # noqa: F401
    except ImportError:
        _unavailable("the browser test needs Voilà (pip install voila)")
    if not (os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK)):
        _unavailable(
            f"no Chromium at {CHROMIUM} (apt-get install chromium, or set DAMLIB_CHROMIUM); "
            "Playwright's own browser download does not work here"
        )


#: The notebook the browser tests drive: boards to play a capture on by click, drag and
#: keyboard (German e3:c5:a7 takes d4 and b6, DE-MAJORITY), a capture stepper, a Learn level,
#: and the two slowest Turkish positions of the worst-case suite (benchmarks/worst_cases.py).
CAPTURE = "W:We3,h2:Bd4,f4,b6"
WORST = {"king c5": "W:WKc5:Bb2,g2,a3,e3,h3,c4,f4,b5,d5,g5,a6,c6,e6,h6,b7,f7",
         "king d2": "W:WKd2:Bf2,d4,a4,d6,h4,c5,e5,g3,c7,f7,f4,b3,g6,c2,b6,e3"}
CELLS = [
    "from damlib.widgets import CaptureStepper, Learn, PlayBoard\nfrom damlib.learn import STAGES",
    'PlayBoard("german")',
    *[f'PlayBoard("german", fen="{CAPTURE}")'] * 3,
    'CaptureStepper("W:We3:Bd4,f4,b6", variant="german")',
    'Learn(STAGES["German"][:2])',
    *[f'PlayBoard("turkish", fen="{fen}")' for fen in WORST.values()],
]


def _write_notebook(folder: Path, cells: list[str] = CELLS, name: str = "board.ipynb") -> Path:
    import nbformat
    from nbformat.v4 import new_code_cell, new_notebook

    notebook = new_notebook(
        cells=[new_code_cell(source) for source in cells],
        metadata={"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
    )
    path = folder / name
    nbformat.write(notebook, path)
    return path


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((HOST, 0))
        return probe.getsockname()[1]


def _descendants(pid: int) -> list[tuple[int, str]]:
    """The processes below ``pid`` (the kernel among them), as (pid, start time)."""
    parents: dict[int, list[tuple[int, str]]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        fields = stat.rsplit(")", 1)[1].split()
        parents.setdefault(int(fields[1]), []).append((int(entry), fields[19]))
    found, todo = [], [pid]
    while todo:
        for child in parents.get(todo.pop(), []):
            found.append(child)
            todo.append(child[0])
    return found


def _kill_leftovers(processes: list[tuple[int, str]]) -> None:
    """Kill the processes that still run as the same process (same start time)."""
    for pid, started in processes:
        try:
            stat = Path(f"/proc/{pid}/stat").read_text()
        except OSError:
            continue
        if stat.rsplit(")", 1)[1].split()[19] == started:
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass


def _log_tail(log: Path, lines: int = 40) -> str:
    try:
        return "\n".join(log.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return "(no log)"


def _wait_until_answering(url: str, server: subprocess.Popen, log: Path) -> None:
    deadline = time.monotonic() + SERVER_START_SECONDS
    while time.monotonic() < deadline:
        if server.poll() is not None:
            pytest.fail(f"the server exited with code {server.returncode}:\n{_log_tail(log)}", pytrace=False)
        try:
            with urllib.request.urlopen(url, timeout=2):
                return
        except urllib.error.HTTPError:
            return  # it answers, even if with 404
        except OSError:
            time.sleep(0.25)
    pytest.fail(f"the server did not answer at {url} within {SERVER_START_SECONDS} s:\n{_log_tail(log)}", pytrace=False)


@contextlib.contextmanager
def _server(name: str, command: list[str], folder: Path, ready: str) -> Iterator[None]:
    """Run a Jupyter server (Voilà or JupyterLab) in ``folder`` until the block ends, then
    stop it and every process it started (its kernels)."""
    log = folder / f"{name}.log"
    env = dict(os.environ)
    # The kernel imports this damlib, installed or not (pytest itself finds it by its rootdir).
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(_DAMLIB_ROOT), env.get("PYTHONPATH")]))
    with open(log, "wb") as output:
        server = subprocess.Popen(command, cwd=folder, env=env, stdin=subprocess.DEVNULL, stdout=output,
                                  stderr=subprocess.STDOUT, start_new_session=True)
    try:
        _wait_until_answering(ready, server, log)
        yield
    finally:
        children = _descendants(server.pid)
        server.terminate()  # both stop on SIGTERM and shut their kernels down
        try:
            server.wait(timeout=STOP_SECONDS)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait(timeout=STOP_SECONDS)
        _kill_leftovers(children)
        # pytest shows this only when the test fails.
        print(f"--- the end of {name}'s log ({log}) ---\n{_log_tail(log)}")


@contextlib.contextmanager
def voila(folder: Path, cells: list[str] = CELLS, *, name: str = "board.ipynb", template: str | None = None
          ) -> Iterator[str]:
    """Voilà serving a notebook of ``cells`` (written into ``folder``) on 127.0.0.1, with
    ``template``; yields its URL, and stops it (and its kernel) afterwards."""
    _requirements()
    notebook = _write_notebook(folder, cells, name)
    port = _free_port()
    command = [
        sys.executable, "-m", "voila", str(notebook),
        "--no-browser",
        f"--port={port}",
        f"--Voila.ip={HOST}",
        "--Voila.port_retries=0",  # fail rather than move to another port
        "--VoilaConfiguration.show_tracebacks=True",
        *([f"--template={template}"] if template else []),
    ]
    with _server("Voilà", command, folder, f"http://{HOST}:{port}/voila/static/"):
        yield f"http://{HOST}:{port}/"


@contextlib.contextmanager
def voila_page(folder: Path, cells: list[str], width: int = 1100) -> Iterator:
    """A Chromium page ``width`` pixels wide showing ``cells`` in Voilà."""
    from playwright.sync_api import expect

    expect.set_options(timeout=RUN_ALL_TIMEOUT_MS)
    with voila(folder, cells, name="page.ipynb") as url, _browser(width) as context:
        page = context.new_page()
        page.goto(url, wait_until="domcontentloaded")
        yield page


@pytest.fixture
def voila_url(tmp_path: Path) -> Iterator[str]:
    """Serve the notebook with Voilà on 127.0.0.1; stop it (and its kernel) afterwards."""
    with voila(tmp_path) as url:
        yield url


#: JupyterLab settings for the test: every cell rendered (not only those scrolled into
#: view), and no news pop-up over the notebook.
LAB_SETTINGS = {
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {"fetchNews": "false",
                                                                        "checkForUpdates": False},
}


@pytest.fixture
def lab_url(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """JupyterLab on 127.0.0.1 over a copy of the lessons (so nothing writes into the
    repository); yields its URL and the folder of the copies."""
    _requirements()
    lessons = tmp_path / "lessons"
    shutil.copytree(_DAMLIB_ROOT / "notebooks", lessons, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    for lesson in lessons.rglob("*.ipynb"):  # as committed, not as a learner may have saved them
        lesson.write_bytes(committed(_DAMLIB_ROOT / "notebooks" / lesson.relative_to(lessons)))
    settings = tmp_path / "settings"
    for name, values in LAB_SETTINGS.items():
        path = settings / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(values))
    port = _free_port()
    command = [
        sys.executable, "-m", "jupyter", "lab", "--no-browser", f"--port={port}", f"--ServerApp.ip={HOST}",
        "--ServerApp.port_retries=0", "--ServerApp.token=", "--ServerApp.password=",
        "--ServerApp.disable_check_xsrf=True", f"--ServerApp.root_dir={lessons}", "--allow-root",
        f"--LabApp.user_settings_dir={settings}", f"--LabApp.workspaces_dir={tmp_path / 'workspaces'}",
    ]
    with _server("JupyterLab", command, tmp_path, f"http://{HOST}:{port}/api"):
        yield f"http://{HOST}:{port}/", lessons


def _local_only(route) -> None:
    """Let the page reach the Voilà server only; nothing leaves the machine."""
    if urlsplit(route.request.url).hostname == HOST:
        route.continue_()
    else:
        route.abort()


@contextlib.contextmanager
def _browser(width: int) -> Iterator:
    """A Chromium context ``width`` pixels wide that reaches only 127.0.0.1; closed afterwards."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS,
                                    timeout=PAGE_TIMEOUT_MS)
        try:
            context = browser.new_context(viewport={"width": width, "height": 1000})
            context.set_default_timeout(PAGE_TIMEOUT_MS)
            context.route("**/*", _local_only)
            yield context
        finally:
            browser.close()


def _frame(board):
    return board.locator(".damlib-board-frame")


def _square(board, name: str):
    return board.locator(f'[data-square="{name}"]')


def _watch(page) -> None:
    """Record every picture each board shows (its pieces, and how many crosses), frame by frame, and
    in ``crossed`` the squares crossed in each."""
    page.evaluate("""() => document.querySelectorAll('.damlib-board-frame').forEach((frame) => {
        frame.seen = [];
        frame.crossed = [];
        new MutationObserver(() => {
          const crosses = [...frame.querySelectorAll('.damlib-cross')].map((c) => c.dataset.crossed).sort();
          frame.seen.push([frame.dataset.shown, crosses.length]);
          frame.crossed.push([frame.dataset.shown, crosses.join(',')]);
        }).observe(frame, {attributes: true, attributeFilter: ['data-shown']});
    })""")


def _seen(board) -> list:
    return _frame(board).evaluate("frame => frame.seen")


def _settled(board, pieces: str) -> None:
    """The board has finished animating and shows ``pieces`` (as its data-shown lists them)."""
    from playwright.sync_api import expect

    expect(_frame(board)).to_have_attribute("data-shown", pieces)
    expect(_frame(board)).not_to_have_attribute("data-animating", "true")


#: German e3:c5:a7 from CAPTURE, worked by hand: after the first jump the man stands on c5 and
#: d4 is still on the board, marked (DE-STRIKE); after the last, on a7, d4 and b6 both stand
#: crossed; then they are gone together.
AFTER_FIRST_JUMP = "bb6,bd4,bf4,wc5,wh2"
AFTER_LAST_JUMP = "bb6,bd4,bf4,wa7,wh2"
AFTER_CAPTURE = "bf4,wa7,wh2"


def _play_capture_three_ways(page, boards) -> None:
    """e3:c5:a7 on three boards: by clicks (the rest is forced after c5), by dragging e3 to a7,
    and by keyboard; each animated jump by jump, ending on the position after the capture."""
    from playwright.sync_api import expect

    by_click, by_drag, by_keys = boards
    _watch(page)
    _square(by_click, "e3").click()
    expect(by_click.locator(".damlib-target")).to_have_count(1)  # c5: the only legal landing
    _square(by_click, "c5").click()
    _settled(by_click, AFTER_CAPTURE)
    seen = _seen(by_click)
    assert [AFTER_FIRST_JUMP, 1] in seen, seen  # the capture is seen as it happens
    assert [AFTER_LAST_JUMP, 2] in seen, seen  # b6, jumped last, is crossed beside d4 before both go
    assert seen[-1] == [AFTER_CAPTURE, 0], seen
    expect(by_click.locator(".damlib-moves")).to_contain_text("e3:c5:a7")

    _frame(by_drag).scroll_into_view_if_needed()  # the mouse acts where the page shows
    start, end = (_square(by_drag, name).bounding_box() for name in ("e3", "a7"))
    page.mouse.move(start["x"] + start["width"] / 2, start["y"] + start["height"] / 2)
    page.mouse.down()
    page.mouse.move(end["x"] + end["width"] / 2, end["y"] + end["height"] / 2, steps=8)
    page.mouse.up()
    _settled(by_drag, AFTER_CAPTURE)
    assert [AFTER_FIRST_JUMP, 1] in _seen(by_drag)

    _frame(by_keys).focus()  # the cursor starts on a1
    for key in ["ArrowRight"] * 4 + ["ArrowUp"] * 2 + ["Enter"] + ["ArrowLeft"] * 2 + ["ArrowUp"] * 2 + ["Enter"]:
        page.keyboard.press(key)
    _settled(by_keys, AFTER_CAPTURE)
    assert [AFTER_FIRST_JUMP, 1] in _seen(by_keys)
    expect(by_keys.locator(".damlib-live")).to_contain_text("captures d4, b6")  # the screen reader hears it


def test_play_and_capture_in_voila(voila_url: str, tmp_path: Path) -> None:
    shot = tmp_path / "damlib-browser.png"
    with _browser(1100) as context:
        page = context.new_page()
        try:
            _play_and_step(page, voila_url)
            timings = _timings(page)
            for name, (highlight, moved, sent) in timings.items():
                print(f"{name}: click to highlight {highlight}, click to moved board {moved} (median / 95th, ms); "
                      f"{sent} bytes over the socket a click")
        finally:
            # Also on a failure: the picture shows what the page showed.
            try:
                page.screenshot(path=str(shot), full_page=True)
                shutil.copyfile(shot, SCREENSHOT_COPY)
            except Exception as error:  # never hide the test's own failure
                print(f"no screenshot: {error}")
    assert shot.stat().st_size > 0


def _play_and_step(page, url: str) -> None:
    from playwright.sync_api import expect

    expect.set_options(timeout=EXPECT_TIMEOUT_MS)
    page.goto(url, wait_until="domcontentloaded")
    boards = page.locator(".damlib-playboard")
    expect(boards).to_have_count(len(WORST) + 4)

    # The start: c3-d4 by two clicks; c3 highlights its two landings at once (b4, d4).
    board = boards.nth(0)
    status, moves = board.locator(".damlib-status"), board.locator(".damlib-moves")
    expect(status).to_contain_text("White to move")
    _square(board, "c3").click()
    expect(board.locator(".damlib-target")).to_have_count(2)
    expect(board.locator(".damlib-selected")).to_have_count(1)
    _square(board, "d4").click()
    expect(moves).to_contain_text("c3-d4")
    expect(status).to_contain_text("Black to move")
    expect(_frame(board)).to_have_attribute("data-shown", re.compile(r"(^|,)wd4(,|$)"))

    _play_capture_three_ways(page, [boards.nth(i) for i in (1, 2, 3)])

    # The capture stepper: one jump forward, animated; d4 stays on the board, marked (DE-STRIKE).
    stepper = page.locator(".damlib-stepper")
    caption = stepper.locator(".damlib-caption")
    expect(caption).to_contain_text("about to capture")
    stepper.locator(".damlib-next").click()
    expect(caption).to_contain_text("Jump 1")
    expect(caption).to_contain_text("DE-STRIKE")
    _settled(stepper, "bb6,bd4,bf4,wc5")
    expect(stepper.locator(".damlib-cross")).to_have_count(1)

    # Learn: the first German level (h2-g3) by clicks, then a refused typed move.
    learn = page.locator(".damlib-learn")
    feedback = learn.locator(".damlib-status")
    _square(learn, "h2").click()
    expect(learn.locator(".damlib-target")).to_have_count(1)
    _square(learn, "g3").click()
    expect(feedback).to_contain_text("Done")
    expect(feedback).to_contain_text("★★★")
    learn.locator(".damlib-next-level").click()
    expect(learn).to_contain_text("Level 2 of 2")
    learn.locator(".damlib-typed input").fill("a1-a2")
    learn.locator(".damlib-typed input").press("Enter")
    expect(feedback).to_contain_text("DE-BOARD")  # a2 is not a square of play


def _timings(page, repeats: int = 6) -> dict[str, tuple[str, str, str]]:
    """Click-to-highlight and click-to-moved-board times (median / 95th percentile, ms) on a
    typical board and on the worst Turkish positions (there each landing of a long capture, clicked
    one by one, counts), and the bytes a landing click sends and receives over the kernel's socket
    (median)."""
    import statistics

    from playwright.sync_api import expect

    sizes: list[int] = []
    page.on("websocket", lambda ws: (ws.on("framesent", lambda data: sizes.append(len(data))),
                                     ws.on("framereceived", lambda data: sizes.append(len(data)))))
    page.reload(wait_until="domcontentloaded")  # the socket opens again, now counted
    boards = page.locator(".damlib-playboard")
    expect(boards).to_have_count(len(WORST) + 4)
    cases = {"typical (the start, c3)": (boards.nth(0), "c3"),
             **{f"Turkish {name}": (boards.nth(4 + i), name[-2:]) for i, name in enumerate(WORST)}}
    last = "() => { const e = performance.getEntriesByName('damlib:%s'); return e.length ? e.at(-1).duration : -1 }"
    count = "() => performance.getEntriesByName('damlib:update').length"
    found = {}
    for name, (board, piece) in cases.items():
        highlight, moved, sent = [], [], []
        board.locator(".damlib-speed").select_option("0")  # no animation to wait for between clicks
        start = _frame(board).get_attribute("data-shown")
        moves = board.locator(".damlib-moves")
        for _ in range(repeats):
            updates = page.evaluate(count)
            _square(board, piece).click()
            highlight.append(page.evaluate(last % "highlight"))
            page.wait_for_function(f"() => ({count})() > {updates}")
            played = moves.inner_text()
            while moves.inner_text() == played:  # landing after landing, until the move is played
                page.wait_for_timeout(100)  # the rest of the reply
                landing = board.locator('[aria-label$="you can go here"]').first.get_attribute("data-square")
                updates, before = page.evaluate(count), len(sizes)
                _square(board, landing).click()
                page.wait_for_function(f"() => ({count})() > {updates}")
                moved.append(page.evaluate(last % "update"))
                page.wait_for_timeout(100)
                sent.append(sum(sizes[before:]))
            board.locator(".damlib-undo").click()
            _settled(board, start)

        def spread(times: list[float]) -> str:
            times = sorted(times)
            return f"{statistics.median(times):.1f} / {times[round(0.95 * (len(times) - 1))]:.1f}"
        found[name] = (spread(highlight), spread(moved), f"{statistics.median(sent):.0f}")
    return found


def _pictures(notebook: Path) -> int:
    """How many outputs of ``notebook`` carry a PNG: each must show as a picture."""
    cells = json.loads(notebook.read_text())["cells"]
    return sum(shows_picture(output) for cell in cells for output in cell.get("outputs", []))


def test_every_lesson_shows_its_boards_before_it_runs(lab_url: tuple[str, Path], tmp_path: Path) -> None:
    from playwright.sync_api import expect

    url, lessons = lab_url
    notebooks = sorted(lessons.glob("*.ipynb"))
    assert notebooks
    expect.set_options(timeout=PAGE_TIMEOUT_MS)
    with _browser(1280) as context:
        for notebook in notebooks:
            page = context.new_page()
            # ?reset: a fresh workspace, with only this notebook open
            page.goto(f"{url}lab/tree/{notebook.name}?reset", wait_until="domcontentloaded")
            pictures = page.locator(".jp-Notebook .jp-OutputArea-output img")
            expected = _pictures(notebook)
            assert expected > 0, notebook.name
            expect(pictures).to_have_count(expected)
            # every picture has loaded, has a size and a text alternative; no output shows a widget's
            # text instead
            loaded = page.evaluate(
                "() => [...document.querySelectorAll('.jp-Notebook .jp-OutputArea-output img')]"
                ".every(img => img.complete && img.naturalWidth > 100 && img.alt.length > 20)")
            assert loaded, notebook.name
            texts = page.locator(".jp-Notebook .jp-OutputArea-output").all_inner_texts()
            shown_as_text = [t for t in texts if re.match(r"\s*<(Diagram|Row|PlayBoard|CaptureStepper|"
                                                          r"PromotionExplorer|GameReplay|Exercises|SaveWorksheet|BoardEditor|ClassReport|ClassView|Chart|"
                                                          r"Learn)\b", t)]
            assert shown_as_text == [], notebook.name
            pictures.nth(expected // 2).scroll_into_view_if_needed()  # a screenshot with boards in it
            page.screenshot(path=str(tmp_path / f"{notebook.stem}.png"))
            shutil.copyfile(tmp_path / f"{notebook.stem}.png", Path(f"/tmp/damlib-lab-{notebook.stem}.png"))
            page.close()


def _open(page, url: str, name: str) -> None:
    """Open a notebook in JupyterLab (a fresh workspace), its kernel ready."""
    page.goto(f"{url}lab/tree/{name}?reset", wait_until="domcontentloaded")
    page.wait_for_selector(".jp-Notebook .jp-Cell")
    page.wait_for_function("() => document.querySelector('.jp-Notebook-ExecutionIndicator')"
                           "?.getAttribute('data-status') === 'idle'")


def _draw_a_frame(page) -> None:
    """Have headless Chromium draw a frame: it draws only when asked, and a JupyterLab save can
    wait for one (a person's screen draws them anyway)."""
    page.evaluate("() => new Promise(done => requestAnimationFrame(done))")


def _menu(page, menu: str, item: str) -> None:
    page.get_by_role("menuitem", name=menu, exact=True).first.click(timeout=EXPECT_TIMEOUT_MS)
    page.locator(".lm-Menu-content .lm-Menu-item", has_text=item).first.click()


def _run_all(page) -> None:
    """Run every cell; again if none started (a Run All just as the kernel connects runs nothing)."""
    started = "() => [...document.querySelectorAll('.jp-InputPrompt')].some(p => /\\[[0-9*]+\\]/.test(p.textContent))"
    for _ in range(3):
        # a dialog JupyterLab opened meanwhile (a Run All as the kernel connects asks for a kernel):
        # its default answer, so that the menu can be reached
        dialog = page.locator(".jp-Dialog")
        if dialog.count():
            print(f"JupyterLab asked: {dialog.first.inner_text()!r}")
            dialog.locator(".jp-mod-accept").first.click()
        try:
            _menu(page, "Run", "Run All Cells")
        except Exception:  # Playwright's TimeoutError: a dialog came up under the click
            continue
        try:
            page.wait_for_function(started, timeout=10_000)
            return
        except Exception:  # Playwright's TimeoutError: try again
            continue
    raise AssertionError("Run All Cells ran no cell")


def test_a_capture_played_three_ways_in_jupyterlab(lab_url: tuple[str, Path], tmp_path: Path) -> None:
    from playwright.sync_api import expect

    url, lessons = lab_url
    _write_notebook(lessons, [CELLS[0], *[f'PlayBoard("german", fen="{CAPTURE}")'] * 3], "capture.ipynb")
    expect.set_options(timeout=PAGE_TIMEOUT_MS)
    with _browser(1280) as context:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        _open(page, url, "capture.ipynb")
        _run_all(page)
        boards = page.locator(".damlib-playboard")
        expect(boards).to_have_count(3, timeout=RUN_ALL_TIMEOUT_MS)
        _play_capture_three_ways(page, [boards.nth(i) for i in range(3)])
        expect(page.locator(".jp-Notebook .jp-Cell.jp-mod-selected")).to_have_count(1)  # the keys moved no cell
    # no board raises in the page (one did for each board while a synced trait was named "style",
    # the name every widget view takes for its Style widget)
    assert errors == []


def _kernels_shut_down(url: str) -> None:
    """Shut down every kernel of the server, as closing JupyterLab for the day would."""
    with urllib.request.urlopen(f"{url}api/kernels") as answer:
        kernels = json.load(answer)
    for kernel in kernels:
        urllib.request.urlopen(urllib.request.Request(f"{url}api/kernels/{kernel['id']}", method="DELETE"))


def _whole(path: Path) -> bool:
    """Whether ``path`` holds a whole notebook, not one being written."""
    try:
        json.loads(path.read_text())
    except ValueError:
        return False
    return True


def _run_all_and_wait(page, before: int) -> int:
    """Run every cell and wait until each code cell has run again (its prompt numbered above
    ``before``; a cell whose code is hidden shows no number); the highest number now."""
    numbers = ("() => [...document.querySelectorAll('.jp-Notebook .jp-CodeCell .jp-InputPrompt')]"
               ".map(p => (p.textContent.match(/\\[(\\d+)\\]/) || [0, 0])[1] | 0)")
    _run_all(page)
    try:
        page.wait_for_function(f"() => ({numbers})().every(n => n === 0 || n > {before})",
                               timeout=RUN_ALL_TIMEOUT_MS)
    except Exception as error:  # Playwright's TimeoutError: say which cells did not run
        raise AssertionError(f"not every cell ran again: prompts {page.evaluate(numbers)}") from error
    return max(page.evaluate(numbers))


def _save(page, lesson: Path) -> int:
    """Save the open notebook; the size of the file then, in bytes."""
    modified = lesson.stat().st_mtime_ns
    _menu(page, "File", "Save Notebook")
    began = time.monotonic()
    # saved once the file has changed and is whole again (the server writes it in place)
    while ((lesson.stat().st_mtime_ns == modified or not _whole(lesson))
           and time.monotonic() < began + PAGE_TIMEOUT_MS / 1000):
        _draw_a_frame(page)
        time.sleep(0.25)
    assert lesson.stat().st_mtime_ns != modified, "the lesson was not saved"
    return lesson.stat().st_size


SAVED_NOTE = "A picture of the board as it was left: run the cell again to play on."


def test_a_lesson_run_three_times_saved_and_reopened_shows_every_board_as_it_was_left(
        lab_url: tuple[str, Path], tmp_path: Path) -> None:
    """Run All three times in one kernel, saving after the first and the third; shut the kernel
    down and open the lesson again, in JupyterLab and in Notebook 7: it is no larger than after
    one run, every board is a picture of how it was left (a board played is drawn as played),
    nothing says "model not found", no part of a board is marked with a broken link, and the
    lesson is not marked changed as it opens."""
    from playwright.sync_api import expect

    url, lessons = lab_url
    with urllib.request.urlopen(f"{url}lab/api/settings/@jupyter-widgets/jupyterlab-manager:plugin") as answer:
        setting = json.load(answer)
    # the override becomes the setting's default (a user's own choice in the Settings Editor still wins)
    assert setting["schema"]["properties"]["saveState"]["default"] is True, (
        "saveState is off: install the settings with pip install -r requirements.txt (./jupyter-settings)")
    lesson = lessons / "04-russian.ipynb"
    committed_size = lesson.stat().st_size
    widgets = sum("application/vnd.jupyter.widget-view+json" in o.get("data", {})
                  for cell in json.loads(lesson.read_text())["cells"] for o in cell.get("outputs", []))
    boards = widgets + 1  # the promotion explorer shows German and Russian side by side
    expect.set_options(timeout=PAGE_TIMEOUT_MS)
    with _browser(1280) as context:
        page = context.new_page()
        _open(page, url, lesson.name)
        frames = page.locator(".jp-Notebook .damlib-board-frame")
        sizes, ran = [], 0
        for run in range(3):
            ran = _run_all_and_wait(page, ran)
            expect(frames).to_have_count(boards, timeout=RUN_ALL_TIMEOUT_MS)
            if run == 0:  # RU-PROMOTE's board played, b6:d8:h4: saved as played
                play = page.locator(".damlib-playboard").first
                play.scroll_into_view_if_needed()
                for square in ("b6", "d8", "h4"):
                    _square(play, square).click()
                expect(_frame(play)).to_have_attribute("data-shown", "Wh4,bh8,wg1")
            if run != 1:
                sizes.append(_save(page, lesson))
        saved = json.loads(lesson.read_text())
        assert "widgets" not in saved["metadata"], "the saved lesson keeps widget state"
        shown = [o["data"] for cell in saved["cells"] for o in cell.get("outputs", [])
                 if "".join(o.get("data", {}).get("text/plain", "")) == SAVED_NOTE]
        assert len(shown) == widgets and all(set(d) == {"text/html", "text/plain"} for d in shown)
        _kernels_shut_down(url)
        for address in (f"{url}lab/tree/{lesson.name}?reset", f"{url}notebooks/{lesson.name}"):
            page.goto(address, wait_until="domcontentloaded")
            pictures = page.locator(".jp-Notebook .jp-OutputArea-output img")
            expect(pictures).to_have_count(_pictures(lesson))
            page.wait_for_timeout(1500)  # what restores widgets (and marked the lesson changed) has run
            expect(page.get_by_text("model not found")).to_have_count(0)
            assert page.locator(".jupyter-widgets-disconnected").count() == 0
            assert page.locator(".jp-mod-dirty").count() == 0, "the lesson is marked changed as it opens"
            assert frames.count() == 0  # no board that looks alive and is not
            pictures.nth(1).scroll_into_view_if_needed()
            name = "reopened" if "lab/" in address else "reopened-notebook7"
            page.screenshot(path=str(tmp_path / f"{name}.png"))
            shutil.copyfile(tmp_path / f"{name}.png", Path(f"/tmp/damlib-lab-{name}.png"))
    assert sizes[1] <= 1.1 * sizes[0], sizes
    print(f"{lesson.name}: {committed_size:,} bytes committed; saved {sizes[0]:,} bytes after one run, "
          f"{sizes[1]:,} after three; {widgets} boards shown again as pictures")


def test_a_board_whose_kernel_is_gone_says_so_and_plays_no_more(lab_url: tuple[str, Path], tmp_path: Path) -> None:
    from playwright.sync_api import expect

    url, lessons = lab_url
    _write_notebook(lessons, [CELLS[0], CELLS[6]], "gone.ipynb")
    expect.set_options(timeout=PAGE_TIMEOUT_MS)
    with _browser(1280) as context:
        page = context.new_page()
        _open(page, url, "gone.ipynb")
        _run_all(page)
        learn = page.locator(".damlib-learn")
        expect(learn).to_have_count(1, timeout=RUN_ALL_TIMEOUT_MS)
        note = learn.locator(".damlib-offline-note")
        expect(note).to_be_hidden()
        _square(learn, "h2").click()  # answered: no word of a lost kernel
        expect(learn.locator(".damlib-target")).to_have_count(1)
        page.wait_for_timeout(NO_ANSWER_MS + 500)
        expect(note).to_be_hidden()
        _square(learn, "h2").click()  # h2 dropped again
        _kernels_shut_down(url)  # the kernel stops under the open page: the widgets look joined still
        _square(learn, "h2").click()
        expect(note).to_be_visible(timeout=NO_ANSWER_MS + EXPECT_TIMEOUT_MS)
        expect(note).to_have_text("Python has not answered this board: if its kernel stopped, run the cell again to "
                                  "play on.")
        expect(learn.locator(".damlib-target")).to_have_count(0)  # the choice not answered is not shown
        marked = page.evaluate("() => [...document.querySelectorAll('.damlib-widget.jupyter-widgets-disconnected, "
                               ".damlib-widget .jupyter-widgets-disconnected')]"
                               ".filter(e => getComputedStyle(e, '::before').content !== 'none').length")
        assert marked == 0, "a broken-link mark is drawn on a part of the board"
        learn.scroll_into_view_if_needed()
        page.screenshot(path=str(tmp_path / "gone.png"))
        shutil.copyfile(tmp_path / "gone.png", Path("/tmp/damlib-lab-gone.png"))


def test_a_lesson_as_slides_fits_a_projector(lab_url: tuple[str, Path], tmp_path: Path) -> None:
    # the projector mode: jupyterlab-rise shows 05 a section a slide, a part a sub-slide, its
    # code hidden (notebooks/rise.css), each picture whole on a 1024×768 screen
    from playwright.sync_api import expect

    url, lessons = lab_url
    notebook = json.loads((lessons / "05-turkish.ipynb").read_text())
    sections = sum(cell["metadata"].get("slideshow", {}).get("slide_type") == "slide" for cell in notebook["cells"])
    expect.set_options(timeout=PAGE_TIMEOUT_MS)
    with _browser(1024) as context:
        page = context.new_page()
        page.set_viewport_size({"width": 1024, "height": 768})
        page.goto(f"{url}rise/05-turkish.ipynb", wait_until="domcontentloaded")
        expect(page.locator(".reveal .slides > section")).to_have_count(sections, timeout=RUN_ALL_TIMEOUT_MS)
        for _ in range(12):  # on to a sub-slide with a picture: TR-BOARD's board
            page.keyboard.press("Space")
            _draw_a_frame(page)
            shown = page.locator(".reveal .slides section.present section.present .jp-OutputArea-output img")
            if shown.count():
                break
        box = shown.first.bounding_box()
        assert box and box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["width"] <= 1024
        assert box["y"] + box["height"] <= 768
        visible_code = page.evaluate("() => [...document.querySelectorAll('.reveal .jp-CodeCell "
                                     ".jp-Cell-inputWrapper')].filter(e => e.offsetParent !== null).length")
        assert visible_code == 0
        page.screenshot(path=str(tmp_path / "slide.png"))
        shutil.copyfile(tmp_path / "slide.png", Path("/tmp/damlib-slide.png"))


def test_a_lesson_in_voilas_projector_template_has_larger_text_and_live_boards(tmp_path: Path) -> None:
    # `voila --template=projector` (installed by requirements.txt from jupyter-settings/): the
    # lesson's text a third larger for the back of a room, its boards live, at 1024×768
    _requirements()  # before Playwright is imported: without it the test skips, saying why
    from playwright.sync_api import expect

    lesson = tmp_path / "02-german-basics.ipynb"
    lesson.write_bytes(committed(_DAMLIB_ROOT / "notebooks" / lesson.name))
    port = _free_port()
    command = [sys.executable, "-m", "voila", str(lesson), "--no-browser", f"--port={port}", f"--Voila.ip={HOST}",
               "--Voila.port_retries=0", "--template=projector"]
    expect.set_options(timeout=PAGE_TIMEOUT_MS)
    with _server("Voilà", command, tmp_path, f"http://{HOST}:{port}/voila/static/"), _browser(1024) as context:
        page = context.new_page()
        page.set_viewport_size({"width": 1024, "height": 768})
        page.goto(f"http://{HOST}:{port}/", wait_until="domcontentloaded")
        expect(page.locator(".damlib-board-frame").first).to_be_visible(timeout=RUN_ALL_TIMEOUT_MS)
        size = page.evaluate("() => parseFloat(getComputedStyle(document.querySelector('.jp-RenderedMarkdown p'))"
                             ".fontSize)")
        assert size >= 18  # JupyterLab's is 14
        assert page.locator(".jp-CodeCell .jp-InputArea").count() == 0  # Voilà shows no code
        # a practice board fits the screen whole, its feedback beside the board, not below it
        learn = page.locator(".damlib-learn").first
        learn.scroll_into_view_if_needed()
        learn.screenshot(path="/tmp/damlib-projector-learn.png")
        whole, board = learn.bounding_box(), learn.locator(".damlib-board-frame").bounding_box()
        feedback = learn.locator(".damlib-status").first.bounding_box()
        assert whole and board and feedback and whole["height"] <= 768
        assert feedback["x"] >= board["x"] + board["width"] and feedback["y"] < board["y"] + board["height"]
