"""The teacher's widgets in JupyterLab at a laptop's width (1280 px) with the file browser open:
the class view fits (a wide table scrolls in its own box, above the chart) and the board editor
keeps its actions, and what they open, in view beside the board. The helpers are test_browser's."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from test_browser import (  # noqa: F401 (lab_url: test_browser's fixture, used by name)
    PAGE_TIMEOUT_MS,
    RUN_ALL_TIMEOUT_MS,
    _browser,
    _open,
    _run_all,
    _write_notebook,
    lab_url,
)

from damlib.teach.learn.report import RULE_COLUMNS

pytestmark = pytest.mark.browser

#: a class whose learners broke every rule: the widest table the class view can show
CELLS = [
    "from damlib.widgets import BoardEditor, ClassView",
    'ClassView("class", save_to=".")',
    'BoardEditor("german", fen="W:We3:Bd4,f4,b6")',
]

MEASURE = """() => {
    const box = (e) => e.getBoundingClientRect();
    const view = document.querySelector('.damlib-classview');
    const table = view.querySelector('.damlib-class-table');
    const chart = view.querySelector('img');
    return {
        viewWidth: view.clientWidth, viewScroll: view.scrollWidth,
        tableRight: box(table).right, viewRight: box(view).right,
        tableBottom: box(table).bottom, chartTop: box(chart).top,
        tableScrolls: table.scrollWidth > table.clientWidth,
        // the lines of each heading across (the rules' stand upright): its text's rows on the screen
        headLines: [...view.querySelectorAll('th')].filter(th => !th.style.writingMode).map(th => {
            const range = document.createRange();
            range.selectNodeContents(th);
            return new Set([...range.getClientRects()].map(r => Math.round(r.top))).size
                - (th.querySelector('small') ? 1 : 0);  // a game's count, in small type under its name
        }),
    };
}"""


def _class(folder: Path) -> None:
    for n in range(12):
        data = {"format": "damlib progress 1", "learner": f"Learner number {n}", "stars": {"de-board-1": 3},
                "mistakes": dict.fromkeys(RULE_COLUMNS, n + 1)}
        folder.mkdir(exist_ok=True)
        (folder / f"learner-{n}.json").write_text(json.dumps(data), encoding="utf-8")


def test_the_class_view_and_the_editor_at_1280_px_with_the_file_browser_open(lab_url, tmp_path):  # noqa: F811
    from playwright.sync_api import expect

    url, lessons = lab_url
    _class(lessons / "class")
    _write_notebook(lessons, CELLS, "teacher.ipynb")
    expect.set_options(timeout=PAGE_TIMEOUT_MS)
    with _browser(1280) as context:
        page = context.new_page()
        _open(page, url, "teacher.ipynb")
        expect(page.locator("#jp-left-stack")).to_be_visible()  # the file browser, open
        _run_all(page)
        expect(page.locator(".damlib-classview th").first).to_be_visible(timeout=RUN_ALL_TIMEOUT_MS)
        expect(page.locator(".damlib-editor .damlib-board-frame")).to_have_count(1, timeout=RUN_ALL_TIMEOUT_MS)
        page.locator(".damlib-classview").scroll_into_view_if_needed()
        shot = tmp_path / "damlib-classview-1280.png"
        page.locator(".damlib-classview").screenshot(path=str(shot))
        shutil.copyfile(shot, Path("/tmp") / shot.name)
        found = page.evaluate(MEASURE)
        print(found)
        assert found["viewScroll"] <= found["viewWidth"] + 1, found  # nothing pushes the view wider
        assert found["tableRight"] <= found["viewRight"] + 1 and found["tableBottom"] <= found["chartTop"] + 1, found
        assert all(lines <= 1 for lines in found["headLines"]), found
        # the editor: its top at the top of the screen, the actions are in view, and so is what they open
        editor = page.locator(".damlib-editor")
        editor.evaluate("e => e.scrollIntoView({block: 'start'})")
        shot = tmp_path / "damlib-editor-top-1280.png"
        page.screenshot(path=str(shot))
        shutil.copyfile(shot, Path("/tmp") / shot.name)
        for name in ("play", "captures", "exercise", "add", "save"):
            bottom = page.locator(f".damlib-editor .damlib-{name}").evaluate("e => e.getBoundingClientRect().bottom")
            assert bottom <= 1000, (name, bottom)
        page.locator(".damlib-editor .damlib-captures").click()
        stepper = page.locator(".damlib-editor .damlib-stepper")
        expect(stepper).to_have_count(1)
        top = stepper.evaluate("e => e.getBoundingClientRect().top")
        shot = tmp_path / "damlib-editor-1280.png"
        page.screenshot(path=str(shot))
        shutil.copyfile(shot, Path("/tmp") / shot.name)
        assert top < 1000 - 100, top  # it opens where it can be seen
