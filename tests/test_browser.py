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
STOP_SECONDS = 10
SCREENSHOT_COPY = Path("/tmp/damlib-browser.png")
_DAMLIB_ROOT = Path(damlib.__file__).resolve().parent.parent

WHITE_MAN = "⬤"
EMPTY = re.compile(r"^\s*$")


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


def _write_notebook(folder: Path) -> Path:
    import nbformat
    from nbformat.v4 import new_code_cell, new_notebook

    notebook = new_notebook(
        cells=[
            new_code_cell("from damlib.widgets import CaptureStepper, Learn, PlayBoard\nfrom damlib.learn import STAGES"),
            new_code_cell('PlayBoard("german")'),
            new_code_cell('CaptureStepper("W:We3:Bd4,f4,b6", variant="german")'),
            new_code_cell('Learn(STAGES["German"][:2])'),
        ],
        metadata={"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
    )
    path = folder / "board.ipynb"
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


@pytest.fixture
def voila_url(tmp_path: Path) -> Iterator[str]:
    """Serve the notebook with Voilà on 127.0.0.1; stop it (and its kernel) afterwards."""
    _requirements()
    notebook = _write_notebook(tmp_path)
    port = _free_port()
    command = [
        sys.executable, "-m", "voila", str(notebook),
        "--no-browser",
        f"--port={port}",
        f"--Voila.ip={HOST}",
        "--Voila.port_retries=0",  # fail rather than move to another port
        "--VoilaConfiguration.show_tracebacks=True",
    ]
    with _server("Voilà", command, tmp_path, f"http://{HOST}:{port}/voila/static/"):
        yield f"http://{HOST}:{port}/"


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


def test_play_a_move_and_step_a_capture(voila_url: str, tmp_path: Path) -> None:
    shot = tmp_path / "damlib-browser.png"
    with _browser(1100) as context:
        page = context.new_page()
        try:
            _play_and_step(page, voila_url)
            print(f"Learn: a click to its feedback took {_learn_a_level(page):.0f} ms in the browser")
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

    # The play board: c3-d4 by two clicks.
    board = page.locator(".damlib-playboard")
    c3, d4 = board.locator(".damlib-square-c3"), board.locator(".damlib-square-d4")
    status, moves = board.locator(".damlib-status"), board.locator(".damlib-moves")
    c3.wait_for(state="visible")
    expect(c3).to_have_text(WHITE_MAN)
    expect(d4).to_have_text(EMPTY)
    expect(status).to_contain_text("White to move")
    c3.click()
    expect(status).to_contain_text("chosen: c3")
    d4.click()
    expect(d4).to_have_text(WHITE_MAN)
    expect(c3).to_have_text(EMPTY)
    expect(moves).to_contain_text("c3-d4")
    expect(status).to_contain_text("Black to move")

    # The capture stepper: one jump forward.
    caption = page.locator(".damlib-caption")
    image = caption.locator("xpath=..").locator("img")
    expect(caption).to_contain_text("about to capture")
    expect(image).to_have_attribute("src", re.compile(r"."))
    before = image.get_attribute("src")
    page.locator(".damlib-next").click()
    expect(caption).to_contain_text("Jump 1")
    expect(caption).to_contain_text("DE-STRIKE")
    expect(image).not_to_have_attribute("src", before)


def _pictures(notebook: Path) -> int:
    """How many outputs of ``notebook`` carry a PNG: each must show as a picture."""
    cells = json.loads(notebook.read_text())["cells"]
    return sum("image/png" in output.get("data", {}) for cell in cells for output in cell.get("outputs", []))


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
            # every picture has loaded and has a size; no output shows a widget's text instead
            loaded = page.evaluate(
                "() => [...document.querySelectorAll('.jp-Notebook .jp-OutputArea-output img')]"
                ".every(img => img.complete && img.naturalWidth > 100)")
            assert loaded, notebook.name
            texts = page.locator(".jp-Notebook .jp-OutputArea-output").all_inner_texts()
            shown_as_text = [t for t in texts if re.match(r"\s*<(Diagram|Row|PlayBoard|CaptureStepper|"
                                                          r"PromotionExplorer|GameReplay|Exercises|SaveWorksheet|BoardEditor|ClassReport|Chart|"
                                                          r"Learn)\b", t)]
            assert shown_as_text == [], notebook.name
            pictures.nth(expected // 2).scroll_into_view_if_needed()  # a screenshot with boards in it
            page.screenshot(path=str(tmp_path / f"{notebook.stem}.png"))
            shutil.copyfile(tmp_path / f"{notebook.stem}.png", Path(f"/tmp/damlib-lab-{notebook.stem}.png"))
            page.close()


def _learn_a_level(page) -> float:
    """Play the first German level (h2-g3) on the Learn board; the last click's time to "Done", in ms."""
    from playwright.sync_api import expect

    learn = page.locator(".damlib-learn")
    feedback = learn.locator(".damlib-status")
    learn.locator(".damlib-square-h2").click()
    expect(learn.locator(".damlib-square-g3")).to_have_css("background-color", re.compile(r"rgb\(143, 209, 106\)"))
    start = time.perf_counter()
    learn.locator(".damlib-square-g3").click()
    expect(feedback).to_contain_text("Done")
    took = (time.perf_counter() - start) * 1000
    expect(feedback).to_contain_text("★★★")
    learn.locator(".damlib-next-level").click()
    expect(learn).to_contain_text("Level 2 of 2")
    learn.locator(".damlib-typed input").fill("a1-a2")
    learn.locator(".damlib-typed input").press("Enter")
    expect(feedback).to_contain_text("DE-BOARD")  # a2 is not a square of play
    return took
