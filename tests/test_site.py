"""The static JupyterLite site (tools/site.py), built once and seen in Chromium.

The site is built into a temporary folder by ``python tools/site.py --output DIR``, as a teacher
would, served by ``python -m http.server`` on 127.0.0.1, and opened in Debian's Chromium; every
request to another host is aborted and counted, and none may be made. The browser's Python runs
damlib with nothing installed first, the PyPI fallback is off, Pyodide is the site's own, and the
site opens on the first lesson, and a lesson runs whole there: its boards play, and Learn's stars
survive a reload.

Without Playwright, Chromium, the build's packages (requirements-site.txt) or Pyodide (``npm ci``)
the tests skip and say why; under ``CI=true`` that is a failure, since ``.ci/run`` installs them.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote, urlsplit

import pytest
from conftest import RULES_MD, committed_text
from test_browser import (
    CHROMIUM,
    HOST,
    _browser,
    _free_port,
    _run_all,
    _settled,
    _square,
    _unavailable,
    _wait_until_answering,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[1]
KERNEL_TIMEOUT_MS = 180_000  # Pyodide started, damlib loaded, on a busy 2-core machine
PAGE_TIMEOUT_MS = 60_000  # JupyterLab and its extensions loaded, a lesson shown
SITE_LIMIT_BYTES = 60_000_000  # issue 39: what a school's web space or a USB stick holds easily


def _perft_figure(game: str, depth: int) -> int:
    """The reference perft figure of docs/rules.md's table ("Reference figures")."""
    text = RULES_MD.read_text()
    header = next(line for line in text.splitlines() if line.startswith("| depth |"))
    column = [cell.strip() for cell in header.strip("|").split("|")].index(game)
    row = re.search(rf"^\| {depth} \|.*$", text, re.MULTILINE)
    assert row, f"no depth {depth} in docs/rules.md's reference figures"
    return int(row.group(0).strip("|").split("|")[column].replace(",", ""))


def _requirements() -> None:
    try:
        import jupyterlite_core  # noqa: F401
        import playwright.sync_api  # noqa: F401
    except ImportError as error:
        _unavailable(f"the site test needs {error.name} (pip install -r requirements-site.txt playwright)")
    if not (ROOT / "node_modules" / "pyodide" / "pyodide.mjs").is_file():
        _unavailable("the site test needs Pyodide from npm (npm ci)")
    if not Path(CHROMIUM).is_file():
        _unavailable(f"no Chromium at {CHROMIUM} (apt-get install chromium, or set DAMLIB_CHROMIUM)")


def _repository_files() -> dict[str, int]:
    """Every file of the checkout with its modification time, but for what Python, pytest, Git and
    the installs write themselves."""
    skipped = {".git", "node_modules", "__pycache__", ".pytest_cache", ".hypothesis", ".ipynb_checkpoints"}
    files = {}
    for folder, subfolders, names in os.walk(ROOT):
        subfolders[:] = [name for name in subfolders if name not in skipped and not name.startswith(".venv")]
        for name in names:
            path = Path(folder, name)
            files[str(path.relative_to(ROOT))] = path.stat().st_mtime_ns
    return files


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str]]:
    """The site, built once for these tests the way the README says, and what the build changed
    in the checkout (nothing, it must)."""
    _requirements()
    output = tmp_path_factory.mktemp("site") / "site"
    before = _repository_files()
    build = subprocess.run([sys.executable, str(ROOT / "tools" / "site.py"), "--output", str(output)],
                           cwd=tmp_path_factory.getbasetemp(), capture_output=True, text=True)
    assert build.returncode == 0, build.stdout + build.stderr
    print(build.stdout)
    after = _repository_files()
    return output, sorted(name for name in before.keys() | after.keys() if before.get(name) != after.get(name))


@pytest.fixture(scope="module")
def site(built: tuple[Path, list[str]]) -> Path:
    return built[0]


@pytest.fixture(scope="module")
def site_url(site: Path) -> Iterator[str]:
    """The site served by ``python -m http.server`` on 127.0.0.1; stopped afterwards."""
    port = _free_port()
    log = site.parent / "http.log"
    with open(log, "wb") as output:
        server = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind", HOST,
                                   "--directory", str(site)], stdout=output, stderr=subprocess.STDOUT)
    try:
        _wait_until_answering(f"http://{HOST}:{port}/jupyter-lite.json", server, log)
        yield f"http://{HOST}:{port}/"
    finally:
        server.terminate()
        server.wait(timeout=10)


@pytest.fixture(scope="module")
def page_and_elsewhere(site_url: str) -> Iterator[tuple]:
    """A Chromium page, and the list of the requests it tried to make to any other host (aborted)."""
    elsewhere: list[str] = []

    def count(route) -> None:
        if urlsplit(route.request.url).hostname == HOST:
            route.fallback()
        else:
            elsewhere.append(route.request.url)
            route.abort()

    with _browser(1200) as context:
        context.route("**/*", count)  # before _browser's own route, which lets 127.0.0.1 through
        yield context.new_page(), elsewhere


def _shown_notebook(page):
    """The notebook in front (JupyterLab keeps the others it restored open, hidden)."""
    return page.locator(".jp-NotebookPanel:not(.lm-mod-hidden)")


def test_the_build_writes_only_its_output(built: tuple[Path, list[str]]) -> None:
    assert built[1] == []


def test_the_settings_keep_everything_in_the_site(site: Path) -> None:
    config = json.loads((site / "jupyter-lite.json").read_text())
    kernel = config["jupyter-config-data"]["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["disablePyPIFallback"] is True
    assert kernel["pyodideUrl"] == "./static/pyodide/pyodide.mjs"
    assert (site / kernel["pyodideUrl"]).is_file()
    assert all(url.startswith("./") for url in kernel["pipliteUrls"]), kernel["pipliteUrls"]
    assert "damlib" in kernel["loadPyodideOptions"]["packages"]  # preinstalled
    lock = json.loads((site / "static/pyodide/pyodide-lock.json").read_text())
    damlib = lock["packages"]["damlib"]
    assert (site / "static/pyodide" / damlib["file_name"]).resolve().is_file()
    files = [path for path in site.rglob("*") if path.is_file()]
    assert not [path for path in files if path.suffix == ".map"]
    assert sum(path.stat().st_size for path in files) <= SITE_LIMIT_BYTES
    lessons = {path.relative_to(site / "files").as_posix() for path in (site / "files").rglob("*.ipynb")}
    assert lessons == {path.relative_to(ROOT).as_posix() for path in (ROOT / "notebooks").rglob("*.ipynb")
                       if ".ipynb_checkpoints" not in path.parts}


def test_the_browser_python_runs_damlib_with_nothing_installed(page_and_elsewhere, site_url: str) -> None:
    """damlib answers in a new kernel with nothing typed first; installing a package the site does
    not hold (python-chess, on PyPI) fails without asking PyPI."""
    from playwright.sync_api import expect

    page, elsewhere = page_and_elsewhere
    code = "\n".join([
        "import damlib, piplite",
        "print('perft 5:', damlib.perft(damlib.Position.start('german'), 5))",
        "try:",
        "    await piplite.install('chess')",
        "except Exception as error:",
        "    print('not installed:', error)",
    ])
    page.goto(f"{site_url}repl/index.html?kernel=python&code={quote(code)}")
    output = page.locator(".jp-OutputArea-output")
    expect(output.filter(has_text="not installed:")).to_have_count(1, timeout=KERNEL_TIMEOUT_MS)
    printed = "\n".join(output.all_inner_texts())
    assert f"perft 5: {_perft_figure('German', 5)}\n" in printed, printed
    assert elsewhere == []  # with the fallback on, piplite would have asked pypi.org


def test_the_site_opens_on_the_first_lesson(page_and_elsewhere, site_url: str) -> None:
    from playwright.sync_api import expect

    page, elsewhere = page_and_elsewhere
    page.goto(site_url)
    expect(page.locator(".lm-TabBar-tab.jp-mod-current")).to_contain_text("01-start-here.ipynb",
                                                                          timeout=PAGE_TIMEOUT_MS)
    expect(_shown_notebook(page).locator("h1").first).to_contain_text("Start here", timeout=PAGE_TIMEOUT_MS)
    assert elsewhere == []


#: the notebook in front has run whole: no cell waits ([*]) and its boards are drawn (the saved
#: lesson's prompts are numbered already, so a number alone says nothing)
ALL_RAN = ("(boards) => { const shown = '.jp-NotebookPanel:not(.lm-mod-hidden) ';"
           " const prompts = [...document.querySelectorAll(shown + '.jp-CodeCell .jp-InputPrompt')];"
           " return prompts.length > 0 && prompts.every(p => !p.textContent.includes('*'))"
           " && document.querySelectorAll(shown + '.damlib-board-frame').length >= boards; }")
RUN_ALL_TIMEOUT_MS = 400_000  # the kernel's start and a whole lesson in the browser's Python


def _run_lesson(page, site_url: str, lesson: str, boards: int):
    """Open ``lesson`` in the site, run all its cells and wait until each has run and ``boards``
    boards are drawn; the notebook."""
    from playwright.sync_api import expect

    page.goto(f"{site_url}lab/index.html?path={lesson}")
    shown = _shown_notebook(page)
    expect(shown.locator(".jp-Toolbar-kernelName")).to_contain_text("Python (Pyodide)", timeout=PAGE_TIMEOUT_MS)
    # the kernel started; JupyterLab may first ask which (the lessons name ipykernel's): the site's own
    status = page.locator(".jp-StatusBar-Widget", has_text="Python (Pyodide) | Idle")
    for _ in range(KERNEL_TIMEOUT_MS // 1000):
        if status.count():
            break
        if page.locator(".jp-Dialog .jp-mod-accept").count():
            page.locator(".jp-Dialog .jp-mod-accept").first.click()
        page.wait_for_timeout(1000)
    _run_all(page)
    page.wait_for_function(ALL_RAN, arg=boards, timeout=RUN_ALL_TIMEOUT_MS)
    return shown


def test_a_lesson_runs_whole_plays_and_keeps_its_stars_in_the_site(page_and_elsewhere, site_url: str,
                                                                     tmp_path: Path) -> None:
    """Lesson 02 in the browser's Python: every cell runs with no error, a capture played by clicks
    is animated to its end, a Learn level is finished with a name typed; saved and opened again,
    every board shows as a picture of how it was left; run again, Learn opens with that name and
    its stars (kept in the site's browser storage)."""
    from playwright.sync_api import expect

    page, elsewhere = page_and_elsewhere
    # every board of lesson 02 (its committed outputs' widgets), each drawn once its cell has run
    drawn = sum("application/vnd.jupyter.widget-view+json" in o.get("data", {})
                 for c in json.loads(committed_text(ROOT / "notebooks/02-german-basics.ipynb"))["cells"]
                for o in c.get("outputs", []))
    shown = _run_lesson(page, site_url, "notebooks/02-german-basics.ipynb", drawn)
    page.screenshot(path=str(tmp_path / "site-lesson-02.png"))
    errors = shown.locator('.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]')
    assert errors.count() == 0, errors.all_inner_texts()
    # DE-KING's board, W:WKa1:Bc3,f6: the king takes c3 and f6, a1:d4:g7 (the lesson's own example)
    boards = shown.locator(".damlib-playboard")
    first = [boards.nth(n).locator(".damlib-board-frame").get_attribute("data-shown") for n in range(boards.count())]
    king = boards.nth(first.index("Wa1,bc3,bf6"))  # by its place: what it shows changes as it plays
    king.scroll_into_view_if_needed()
    for square in ("a1", "d4", "g7"):
        _square(king, square).click()
    _settled(king, "Wg7")
    # DE-BOARD's first level, W:Wh2:Bb8: h2-g3 is its one move; a name typed keeps the stars
    learn = shown.locator(".damlib-learn").first
    learn.scroll_into_view_if_needed()
    learn.get_by_role("textbox", name="Name").fill("ana")
    learn.get_by_role("textbox", name="Name").press("Enter")
    for square in ("h2", "g3"):
        _square(learn, square).click()
    expect(learn).to_contain_text("ana: 1 of 3 levels done, 3 of 9 stars.", timeout=30_000)
    page.screenshot(path=str(tmp_path / "site-level-done.png"))
    # saved and opened again, each board is a picture of how it was left, with its note (the
    # site's plugin, tools/site_saving.js), never "Loading widget..."
    _shown_notebook(page).locator('.jp-Toolbar [data-command="docmanager:save"]').click()
    expect(page.locator(".lm-TabBar-tab.jp-mod-current.jp-mod-dirty")).to_have_count(0, timeout=30_000)
    page.reload()
    shown = _shown_notebook(page)
    saved = shown.locator(".damlib-saved")  # the diagrams too, boards in the site
    expect(saved.locator('img[alt*="White: a king on g7."]')).to_have_count(1, timeout=PAGE_TIMEOUT_MS)
    expect(saved.nth(drawn - 1)).to_be_attached()
    expect(saved.first).to_contain_text("run the cell again to play on")
    expect(shown.get_by_text("Loading widget")).to_have_count(0)
    page.screenshot(path=str(tmp_path / "site-saved-reopened.png"))
    shown = _run_lesson(page, site_url, "notebooks/02-german-basics.ipynb", drawn)
    learn = shown.locator(".damlib-learn").first
    expect(learn).to_contain_text("ana: 1 of 3 levels done, 3 of 9 stars.", timeout=30_000)
    learn.scroll_into_view_if_needed()
    page.screenshot(path=str(tmp_path / "site-after-reload.png"))
    assert elsewhere == []


def test_the_readme_builds_the_site_as_these_tests_do() -> None:
    # the third command: what these tests run (tools/site.py --output DIR), after its installs
    third = re.search(r"^ {4}(pip install -r (\S+) && npm ci && python (tools/site\.py) --output site)$",
                      (ROOT / "README.md").read_text(), re.MULTILINE)
    assert third, "the README has no command that builds the site"
    assert (ROOT / third[2]).is_file() and (ROOT / third[3]).is_file()
    assert '"pyodide"' in (ROOT / "package.json").read_text()  # what npm ci brings for the site
