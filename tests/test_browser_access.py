"""A blind learner's and a keyboard-only learner's boards, in Chromium: three captures played by
keys alone, with what a screen reader is given at each step (the focused grid's name and role,
the square under the cursor, the live region), and axe-core's check of a Voilà Learn page and of
a JupyterLab lesson. axe-core comes from this repository's own npm install (package.json, `npm
ci`), never a CDN. The helpers are test_browser's.

Every expected sentence is worked out by hand from docs/rules.md's rules for the position.
"""

from __future__ import annotations

import contextlib
import json
from pathlib import Path

import pytest
from test_browser import (  # noqa: F401 (lab_url: test_browser's fixture, used by name)
    CELLS,
    HOST,
    RUN_ALL_TIMEOUT_MS,
    _browser,
    _frame,
    _free_port,
    _open,
    _requirements,
    _run_all,
    _server,
    _settled,
    _unavailable,
    _write_notebook,
    lab_url,
    voila_page,
)

pytestmark = pytest.mark.browser

AXE = Path(__file__).resolve().parents[1] / "node_modules" / "axe-core" / "axe.min.js"
FILES = "abcdefgh"
#: the three captures, each on a lesson's board (every landing given): German e3:c5:a7
#: (DE-MAJORITY, DE-STRIKE), Russian b6:d8:h4 (crowned on d8 mid-capture, RU-PROMOTE), Turkish
#: a1:a5:d5:d3:a3 (each man gone as it is jumped, TR-REMOVE)
GAMES = [("german", "W:We3,h2:Bd4,f4,b6", ("e3", "c5", "a7")),
         ("russian", "W:Wb6:Bc7,e7", ("b6", "d8", "h4")),
         ("turkish", "W:WKa1:Ba3,c5,d4,b3", ("a1", "a5", "d5", "d3", "a3"))]
ACCESS_CELLS = [CELLS[0], *[f'PlayBoard("{game}", fen="{fen}", menus=False)' for game, fen, _ in GAMES],
                'Learn(STAGES["German"][:3])']


def _keys(start: str, end: str) -> list[str]:
    """The arrow keys that move the cursor from ``start`` to ``end`` (White at the bottom)."""
    across = FILES.index(end[0]) - FILES.index(start[0])
    up = int(end[1]) - int(start[1])
    return (["ArrowRight" if across > 0 else "ArrowLeft"] * abs(across)
            + ["ArrowUp" if up > 0 else "ArrowDown"] * abs(up))


def _heard(board) -> dict[str, str]:
    """What a screen reader is given: the focused element's role and name, and the name of the
    square under the cursor (its active descendant)."""
    return _frame(board).evaluate("""frame => ({
        focused: document.activeElement === frame, role: frame.getAttribute('role'),
        name: frame.getAttribute('aria-label') || '',
        square: (document.getElementById(frame.getAttribute('aria-activedescendant')) || {getAttribute: () => ''})
                  .getAttribute('aria-label') || ''})""")


def test_three_captures_played_by_keys_alone_are_heard_step_by_step(tmp_path: Path) -> None:
    from playwright.sync_api import expect

    said: list[str] = []
    with voila_page(tmp_path, ACCESS_CELLS, 1100) as page:
        boards = page.locator(".damlib-playboard")
        expect(boards).to_have_count(3)
        tabs = 0
        while tabs < 40 and not _frame(boards.nth(0)).evaluate("frame => document.activeElement === frame"):
            page.keyboard.press("Tab")
            tabs += 1
        assert tabs < 40, "Tab never reaches the board"
        said.append(f"{tabs} Tab presses from the page's start to the first board")
        for n, (game, _, route) in enumerate(GAMES):
            board = boards.nth(n)
            live = board.locator(".damlib-live")
            if n:
                _frame(board).focus()
            heard = _heard(board)
            assert heard["focused"] and heard["role"] == "grid", heard
            assert heard["name"] == f"{game.capitalize()} draughts board, White to move", heard
            assert heard["square"] == "a1, White king" if game == "turkish" else heard["square"].startswith("a1, ")
            page.keyboard.press("p")  # the position, read out
            expect(live).to_contain_text("White: ")
            said.append(live.inner_text())
            at = "a1"
            for k, square in enumerate(route):
                for key in _keys(at, square):
                    page.keyboard.press(key)
                at = square
                assert _heard(board)["square"].startswith(f"{square}, "), _heard(board)
                page.keyboard.press("Enter")
                if k == 0:
                    expect(live).to_contain_text(f"{square} chosen: it can go to")
                    said.append(live.inner_text())
                elif k < len(route) - 1:
                    expect(board.locator(".damlib-target")).not_to_have_count(0)
            expect(live).to_contain_text("captures")
            said.append(live.inner_text())
            _settled(board, _frame(board).get_attribute("data-shown"))
            # the cursor follows the piece to where the capture ended
            assert _heard(board)["square"].startswith(f"{route[-1]}, White"), _heard(board)
        heard = [s for s in said if "captures" in s]
        # DE-STRIKE: the pieces jumped go together at the end
        assert "d4, b6 leave the board together" in heard[0], heard
        # RU-PROMOTE: crowned on d8, it captures on as a king
        assert "c7" in heard[1] and "e7" in heard[1] and "king" in heard[1], heard
        assert "b6 to d8, taking c7; crowned on d8; d8 to h4, taking e7" in heard[1], heard
        # TR-REMOVE: each man leaves the board as it is jumped
        assert heard[2].count("which leaves the board at once") == 4, heard
    print("\n".join(said))


#: What a lesson shows: its outputs (damlib's pictures and widgets) and its text. A violation outside
#: them is in JupyterLab's own interface.
LESSON = ".jp-OutputArea, .jp-MarkdownOutput"
#: The violations axe-core finds in JupyterLab 4's own interface on any notebook, which a lesson
#: cannot mend: its toolbar buttons (jp-button) carry aria-pressed, its cell editors (CodeMirror)
#: are unnamed text boxes, its cells' list (role feed) holds windowed cells without role article,
#: the button that folds a heading's section has no name.
JUPYTERLAB_OWN = {"aria-allowed-attr", "aria-input-field-name", "aria-required-children", "button-name", "region"}


def _axe(page) -> list[dict]:
    """axe-core's violations on the page, each with ``lesson``: whether one of its elements is
    in what the lesson shows (:data:`LESSON`) rather than in the page around it."""
    if not AXE.is_file():
        _unavailable(f"axe-core is not installed at {AXE} (npm ci)")
    page.add_script_tag(path=str(AXE))
    found = page.evaluate(f"""async () => (await axe.run(document, {{resultTypes: ['violations']}})).violations
        .map(v => ({{id: v.id, impact: v.impact, nodes: v.nodes.length,
                     lesson: v.nodes.some(n => document.querySelector(n.target[0])?.closest('{LESSON}')),
                     where: v.nodes.slice(0, 3).map(n => n.html.slice(0, 160))}}))""")
    print(json.dumps(found))
    return found


def test_axe_finds_nothing_serious_on_a_voila_learn_page_and_a_jupyterlab_lesson(
        lab_url, tmp_path: Path) -> None:  # noqa: F811 (the fixture)
    from playwright.sync_api import expect

    folder = tmp_path / "voila"
    folder.mkdir()
    with voila_page(folder, ACCESS_CELLS, 1280) as page:
        expect(page.locator(".damlib-learn .damlib-board-frame")).to_have_count(1)
        voila = _axe(page)
    url, lessons = lab_url
    with _browser(1280) as context:
        page = context.new_page()
        _open(page, url, "02-german-basics.ipynb")
        learn = page.locator(".jp-Notebook .damlib-learn")
        for _ in range(3):  # the saved prompts' numbers cannot say whether Run All ran: the boards can
            _run_all(page)
            with contextlib.suppress(AssertionError):
                expect(learn).not_to_have_count(0, timeout=40_000)
                break
        expect(learn).not_to_have_count(0)
        page.wait_for_timeout(2000)
        lesson = _axe(page)  # after Run All: the live boards, the pictures, the text
        page.goto(page.url.split("?")[0] + "?reset", wait_until="domcontentloaded")  # as it opens, unrun
        expect(page.locator(".jp-Notebook .jp-OutputArea-output img").first).to_be_visible(timeout=60_000)
        unrun = _axe(page)
    serious = {where: [v for v in found if v["impact"] in ("critical", "serious")]
               for where, found in (("Voilà", voila), ("JupyterLab", lesson), ("JupyterLab, unrun", unrun))}
    # nothing serious in what a lesson shows; around it, only JupyterLab's own (see JUPYTERLAB_OWN)
    assert serious["Voilà"] == [], serious
    for where in ("JupyterLab", "JupyterLab, unrun"):
        assert [v for v in serious[where] if v["lesson"] or v["id"] not in JUPYTERLAB_OWN] == [], serious


def test_focus_stays_in_learn_as_next_level_opens_and_the_arrows_keep_the_squares(tmp_path: Path) -> None:
    from playwright.sync_api import expect

    from damlib.learn import STAGES

    with voila_page(tmp_path, ACCESS_CELLS, 1100) as page:
        learn = page.locator(".damlib-learn")
        frame = _frame(learn)
        expect(frame).to_be_visible()
        # the arrows move the cursor over the same square elements: a screen reader keeps its place
        frame.focus()
        page.keyboard.press("ArrowRight")
        kept = frame.evaluate("f => { f.kept = f.querySelector('[data-square=\"c1\"]'); return Boolean(f.kept) }")
        page.keyboard.press("ArrowRight")
        assert kept and frame.evaluate("f => f.kept === f.querySelector('[data-square=\"c1\"]')")
        assert _heard(learn)["square"].startswith("c1, ")
        typed = learn.locator(".damlib-typed input")
        for move in STAGES["German"][0].solution:
            typed.fill(move)
            typed.press("Enter")
        expect(learn.locator(".damlib-status")).to_contain_text("Done")
        learn.locator(".damlib-next-level").focus()
        page.keyboard.press("Enter")  # Next level: disabled on the level it opens
        expect(learn).to_contain_text("Level 2 of 3")
        expect(learn.locator(".damlib-next-level")).to_be_disabled()
        page.wait_for_function("() => document.activeElement && document.activeElement.classList.contains("
                               "'damlib-board-frame')")
        expect(learn.locator(".damlib-live")).to_contain_text("Level 2 of 3")  # and the level is said
