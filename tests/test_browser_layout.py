"""The browser tests of the room a lesson is shown in, and of Voilà's console.

A notebook with a :class:`~damlib.widgets.PlayBoard`, a :class:`~damlib.widgets.Learn` level and
a static diagram, seen in Chromium at a phone's width (360 px), a laptop's (1280) and a
projector's (1920), in JupyterLab and in Voilà's projector template: nothing is cut off on the
phone, and on the projector the feedback and the buttons are large enough to read from the back
of a room, and so is a diagram. In Voilà (both templates) the page logs no error at all, so a
broken extension shows up here. The helpers are test_browser's.
"""

from __future__ import annotations

import contextlib
import shutil
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from test_browser import (  # noqa: F401 (lab_url: test_browser's fixture, used by name)
    CELLS,
    HOST,
    PAGE_TIMEOUT_MS,
    RUN_ALL_TIMEOUT_MS,
    _browser,
    _free_port,
    _open,
    _requirements,
    _run_all,
    _server,
    _write_notebook,
    lab_url,
    voila,
)

pytestmark = pytest.mark.browser

#: what a projected lesson shows: a board to play on, a level to solve, a picture
LAYOUT_CELLS = [
    CELLS[0],
    'PlayBoard("german")',
    "Learn(STAGES)",  # as 09-learn.ipynb: a Stage menu, and a Level menu of 39 levels
    "from damlib import Position\nfrom damlib.diagram import Diagram\nDiagram(Position.start('german'))",
]
WIDTHS = (360, 1280, 1920)
HEIGHT = 1000  # _browser's
#: Voilà's own lab template links Font Awesome from a CDN (it is bundled too, so nothing is
#: lost without it); the test lets no request leave the machine, and these fail. Nothing else
#: may go out; the projector template sends neither.
LAB_TEMPLATE_CDN = {
    "https://cdn.jsdelivr.net/npm/@fortawesome/fontawesome-free@%5E5/css/all.min.css",
    "https://cdn.jsdelivr.net/npm/@fortawesome/fontawesome-free@%5E5/css/v4-shims.min.css",
}
#: text a person reads from the back of a room on a 1920 px projector (JupyterLab's is 13)
PROJECTOR_TEXT_PX = 18
PROJECTOR_DIAGRAM_PX = 600


def _voila(folder: Path, template: str) -> contextlib.AbstractContextManager[str]:
    """Voilà serving the layout notebook with ``template``; its URL."""
    return voila(folder, LAYOUT_CELLS, name="layout.ipynb", template=template)


class Console:
    """What a page says is wrong: console errors, uncaught errors, requests that failed."""

    def __init__(self, page) -> None:
        self.errors: list[str] = []
        self.failed: list[str] = []
        page.on("console", lambda m: m.type == "error" and self.errors.append(
            f"{m.text} ({m.location.get('url')})"))
        page.on("pageerror", lambda error: self.errors.append(f"uncaught: {error}"))
        page.on("requestfailed", lambda request: self.failed.append(request.url))

    def outside(self) -> set[str]:
        """The requests for another host (the test refused them)."""
        return {url for url in self.failed if urlsplit(url).hostname != HOST}

    def own_errors(self) -> list[str]:
        """The errors, less the "Failed to load resource" of each request the test refused."""
        refused = self.outside()
        return [e for e in self.errors if not (e.startswith("Failed to load resource")
                                                and e.rsplit(" (", 1)[-1].rstrip(")") in refused)]


def _shown(page) -> None:
    """Every widget of the layout notebook has drawn, and the diagram has loaded."""
    from playwright.sync_api import expect

    expect(page.locator(".damlib-playboard .damlib-board-frame")).to_have_count(1, timeout=RUN_ALL_TIMEOUT_MS)
    expect(page.locator(".damlib-learn .damlib-board-frame")).to_have_count(1, timeout=RUN_ALL_TIMEOUT_MS)
    page.wait_for_function("() => [...document.querySelectorAll('.jp-OutputArea-output img')]"
                           ".some(img => img.complete && img.naturalWidth > 100)")


#: What the size tests read, at the page's present width: the Level menu's box and its
#: container's, the font size of the feedback, goal and buttons beside the boards, and the
#: static diagram's width.
MEASURE = """() => {
    const box = (e) => { const r = e.getBoundingClientRect(); return {left: r.left, right: r.right, width: r.width}; };
    const px = (selector) => {  // a line's text, or a button's
        const widget = document.querySelector(selector);
        return parseFloat(getComputedStyle(widget.querySelector('.widget-html-content > div') ?? widget).fontSize);
    };
    const learn = document.querySelector('.damlib-learn');
    const pick = learn.querySelector('.damlib-pick');
    const select = pick.querySelector('select');
    const img = [...document.querySelectorAll('.jp-OutputArea-output img')].find(i => !i.closest('.damlib-learn'));
    return {
        viewport: document.documentElement.clientWidth,
        learn: box(learn), pick: box(pick), select: box(select),
        // the Level menu is as wide as its longest choice needs (its text and the arrow's room)
        selectCut: (() => {
            const style = getComputedStyle(select);
            const pen = document.createElement('canvas').getContext('2d');
            pen.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
            const text = Math.max(...[...select.options].map(o => pen.measureText(o.text).width));
            return text + parseFloat(style.paddingLeft) + parseFloat(style.paddingRight) > select.clientWidth + 1;
        })(),
        fonts: {
            feedback: px('.damlib-learn .damlib-status'), goal: px('.damlib-learn .damlib-goal'),
            hint: px('.damlib-learn .damlib-hint'), next: px('.damlib-learn .damlib-next-level'),
            level: parseFloat(getComputedStyle(select).fontSize),
            playStatus: px('.damlib-playboard .damlib-status'), undo: px('.damlib-playboard .damlib-undo'),
        },
        // what runs past the right edge of its widget (Learn or PlayBoard), or of the screen
        past: [learn, document.querySelector('.damlib-playboard')].flatMap(widget =>
            [...widget.querySelectorAll('*')].filter(e => e.getClientRects().length
                && e.getBoundingClientRect().right > Math.min(box(widget).right, innerWidth) + 1)
            .map(e => `${e.tagName.toLowerCase()} in ${e.parentElement.className}: ${e.textContent.slice(0, 40)}`)),
        board: box(learn.querySelector('.damlib-board-frame')).width,
        diagram: img ? box(img).width : 0,
    };
}"""


def _measure_at(page, width: int, shot: Path) -> dict:
    """Resize the page to ``width``, let it lay out again, screenshot the Learn level (the screen)
    and the PlayBoard (the whole widget), and measure."""
    page.set_viewport_size({"width": width, "height": HEIGHT})
    page.evaluate("() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")
    page.locator(".damlib-learn").scroll_into_view_if_needed()
    page.screenshot(path=str(shot))
    playboard = shot.with_name(f"{shot.stem}-playboard.png")
    page.locator(".damlib-playboard").screenshot(path=str(playboard))
    for picture in (shot, playboard):
        shutil.copyfile(picture, Path("/tmp") / picture.name)
    found = page.evaluate(MEASURE)
    print(width, found)
    return found


def _check_sizes(sizes: dict[int, dict], where: str) -> None:
    phone, projector = sizes[360], sizes[1920]
    learn, pick = phone["learn"], phone["pick"]
    # on a phone the Level menu fits the widget and the screen, its choice whole
    assert pick["left"] >= learn["left"] - 1 and pick["right"] <= learn["right"] + 1, (where, phone)
    assert pick["right"] <= phone["viewport"] + 1 and phone["select"]["right"] <= phone["viewport"] + 1, (where, phone)
    assert not phone["selectCut"], (where, phone)
    assert phone["past"] == [], (where, "cut off at 360 px", phone["past"])
    small = {name: px for name, px in projector["fonts"].items() if px < PROJECTOR_TEXT_PX}
    assert small == {}, (where, f"text under {PROJECTOR_TEXT_PX} px at 1920 px", projector)


def test_voila_pages_log_no_error(tmp_path: Path) -> None:
    """Both of Voilà's templates the lessons use, a board, a level and a diagram on the page:
    no console error, no uncaught error, no request leaving the machine but the lab template's
    Font Awesome links."""
    _requirements()
    found = {}
    for template in ("lab", "projector"):
        folder = tmp_path / template
        folder.mkdir()
        with _voila(folder, template) as url, _browser(1280) as context:
            page = context.new_page()
            console = Console(page)
            page.goto(url, wait_until="domcontentloaded")
            _shown(page)
            page.wait_for_timeout(500)  # an extension that fails late fails now
            found[template] = (console.own_errors(), console.outside())
    assert found["lab"][1] <= LAB_TEMPLATE_CDN, found
    assert found["projector"][1] == set(), found
    assert found["lab"][0] == [] and found["projector"][0] == [], found


def test_sizes_in_voilas_projector_template(tmp_path: Path) -> None:
    _requirements()
    with _voila(tmp_path, "projector") as url, _browser(WIDTHS[0]) as context:
        page = context.new_page()
        page.goto(url, wait_until="domcontentloaded")
        _shown(page)
        sizes = {width: _measure_at(page, width, tmp_path / f"damlib-layout-voila-projector-{width}.png")
                 for width in WIDTHS}
        img = page.locator(".jp-OutputArea-output img").last
        img.scroll_into_view_if_needed()
        page.screenshot(path=str(tmp_path / "damlib-layout-voila-projector-diagram-1920.png"))
        shutil.copyfile(tmp_path / "damlib-layout-voila-projector-diagram-1920.png",
                        Path("/tmp/damlib-layout-voila-projector-diagram-1920.png"))
    _check_sizes(sizes, "Voilà projector")
    # a diagram fills the projector's width sensibly: larger than drawn, still on the screen
    assert sizes[1920]["diagram"] > PROJECTOR_DIAGRAM_PX, sizes[1920]
    assert all(sizes[w]["diagram"] <= w for w in WIDTHS), sizes


def test_sizes_in_jupyterlab(lab_url: tuple[str, Path], tmp_path: Path) -> None:  # noqa: F811 (the fixture)
    from playwright.sync_api import expect

    url, lessons = lab_url
    _write_notebook(lessons, LAYOUT_CELLS, "layout.ipynb")
    expect.set_options(timeout=PAGE_TIMEOUT_MS)
    with _browser(WIDTHS[1]) as context:
        page = context.new_page()
        _open(page, url, "layout.ipynb")
        # the file browser closed, as on a phone (open, it would take all 360 px)
        page.locator(".jp-SideBar.jp-mod-left .lm-TabBar-tab.lm-mod-current").click()
        expect(page.locator("#jp-left-stack")).to_be_hidden()
        _run_all(page)
        _shown(page)
        sizes = {width: _measure_at(page, width, tmp_path / f"damlib-layout-lab-{width}.png") for width in WIDTHS}
    _check_sizes(sizes, "JupyterLab")
