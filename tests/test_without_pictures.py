"""damlib where numpy, matplotlib and Pillow are missing, as in the browser's Python (Pyodide): the
engine, the widgets, Learn and the board work; a diagram shows on the live board; what only a
picture can be says so in one line; the lessons run with no error.

A Python without them is this one with tests/nopictures on PYTHONPATH, whose sitecustomize makes
importing them fail as a module that is not installed does."""

import json
import os
import subprocess
import sys

import nbformat
import pytest
from conftest import ROOT, committed_text, language_of, lesson_id, lessons

BLOCKER = ROOT / "tests" / "nopictures"
#: the lessons run in the suite; the other English ones under -m slow
QUICK = ("02-german-basics", "09-learn")
#: every English lesson, and each other language's quick ones: a translated lesson runs its English
#: twin's code with other words (tests/test_lessons.py), so what it adds without the picture
#: libraries is its language's sentences, which Learn, the boards and the diagrams of these two say
#: (some 10 s a language, where all ten would take a minute)
LESSONS = lessons("en") + [path for path in lessons() if language_of(path) != "en" and path.stem in QUICK]


def without_pictures() -> dict[str, str]:
    """The environment of a Python that has no numpy, matplotlib or Pillow."""
    return {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(BLOCKER), os.environ.get("PYTHONPATH")]))}


def run(code: str) -> str:
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=without_pictures(), capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_the_blocker_makes_the_picture_libraries_missing():
    assert run("for name in ('numpy', 'matplotlib.figure', 'PIL.Image'):\n"
               "    try: __import__(name)\n"
               "    except ModuleNotFoundError: print('missing', name)\n") == \
        "missing numpy\nmissing matplotlib.figure\nmissing PIL.Image"


def test_the_widgets_learn_and_the_board_work_and_load_no_picture_library():
    shown = run(
        "import sys, damlib, damlib.pdn, damlib.hints, damlib.learn, damlib.handout, damlib.exercises\n"
        "from damlib.widgets import (Board, BoardEditor, CaptureStepper, ClassView, Exercises, GameReplay, Learn,\n"
        "                            PlayBoard, PromotionExplorer, SaveWorksheet)\n"
        "from damlib.learn import STAGES\n"
        "play = PlayBoard('german', fen='W:Wc3:Bf6')\n"
        "play.click('c3'); play.click('d4')\n"
        "print(play.game.moves[0], sorted(play._repr_mimebundle_()))\n"
        "learn = Learn(STAGES['German'][:1])\n"
        "for move in learn.level.solution:\n"
        "    for square in learn.attempt.position.parse_move(move).path: learn.board.click(square)\n"
        "print(learn.done, learn.attempt.stars)\n"
        "stepper = CaptureStepper('W:We3:Bd4,f4,b6', variant='german')\n"
        "print(sorted(stepper._repr_mimebundle_()))\n"
        "print(sorted(m for m in ('numpy', 'matplotlib', 'PIL') if m in sys.modules))\n"
    )
    assert shown.splitlines() == [
        "c3-d4 ['application/vnd.jupyter.widget-view+json', 'text/plain']",
        "True 3",
        "['application/vnd.jupyter.widget-view+json', 'text/plain']",
        "[]",
    ]


def test_a_diagram_shows_on_the_live_board_with_its_annotations():
    # e3:c5:a7 takes d4 and b6 (DE-STRIKE): the route an arrow, the pieces taken crossed
    shown = run(
        "import json, damlib\n"
        "from damlib.diagram import Diagram, Row\n"
        "pos = damlib.Position.from_fen('W:We3:Bd4,f4,b6', 'german')\n"
        "diagram = Diagram(pos, move='e3:c5:a7', last_move='c1-e3', title='DE-MAJORITY', flip=True)\n"
        "bundle = diagram._repr_mimebundle_()\n"
        "from damlib.widgets.shown import shown\n"
        "title, board, caption, _ = shown(diagram._boards).children[0].children\n"
        "print(bundle['text/plain'], diagram._repr_html_(), sorted(bundle))\n"
        "print(json.dumps([board.interactive, board.flipped, board.arrows, board.crosses, board.marks,\n"
        "                  board.label, 'DE-MAJORITY' in title.value, board.pieces]))\n"
        "print(len(Row(diagram, Diagram(pos))._boards), pos._repr_html_(), sorted(pos._repr_mimebundle_()))\n"
        "named = Diagram(pos, square_names=True)._boards[0]\n"
        "print(repr(diagram._boards[0].left_out), named.left_out)\n"
    )
    said, state, row, left_out = shown.splitlines()
    # its repr and the board widget, no picture
    assert said == "<Diagram German: W:We3:Bd4,f4,b6> None ['application/vnd.jupyter.widget-view+json', 'text/plain']"
    interactive, flipped, arrows, crosses, marks, label, titled, pieces = json.loads(state)
    assert (interactive, flipped, label, titled) == (False, True, "DE-MAJORITY", True)
    assert arrows == [{"route": ["e3", "c5", "a7"], "faint": False}]
    assert crosses == ["d4", "b6"] and marks == {"c1": "last", "e3": "last"}
    assert pieces == {"e3": "w", "d4": "b", "f4": "b", "b6": "b"}
    assert row == "2 None ['application/vnd.jupyter.widget-view+json', 'text/plain']"
    # what the board cannot draw (square names here) is said under it, not drawn wrongly
    assert left_out.startswith("'' This board leaves out the diagram's square names")


def test_what_needs_a_picture_says_so_in_one_line_and_where_the_pictures_are():
    said = run(
        "import damlib, tempfile\n"
        "from damlib import diagram\n"
        "from damlib.exercises import EXERCISES, save_worksheet\n"
        "from damlib.handout import save_handout\n"
        "from damlib.widgets import ClassView, SaveWorksheet\n"
        "pos = damlib.Position.start('german')\n"
        "for make in (lambda: diagram.png(pos), lambda: diagram.save(pos, 'x.svg'),\n"
        "             lambda: save_worksheet(EXERCISES[:1], tempfile.mkdtemp() + '/w.pdf'),\n"
        "             lambda: save_handout('german', tempfile.mkdtemp() + '/h.pdf')):\n"
        "    try: make()\n"
        "    except damlib.DiagramError as error: print(error)\n"
        "print(ClassView('notebooks/class-demo').message.value)\n"
        "saver = SaveWorksheet(EXERCISES[:1]); print(saver.save_button.disabled, saver.message.value)\n"
        "from damlib.drawing.diagram import missing\n"
        "damlib.set_language('eo'); print(diagram.PICTURES, missing('diagram.png'))\n"
    )
    lines = said.splitlines()
    assert [line.split(" ")[0] for line in lines[:4]] == ["diagram.png", "diagram.save", "save_worksheet",
                                                          "save_handout"]
    assert all("matplotlib" in line and "handouts" in line and 'pip install "damlib[pictures]"' in line
               for line in lines[:4])
    assert "mistakes_chart draws with matplotlib" in lines[4]
    assert lines[5].startswith("True ") and "SaveWorksheet draws with matplotlib" in lines[5]
    assert lines[6].startswith("False diagram.png desegnas per matplotlib")


def run_lesson(path, tmp_path) -> list[str]:
    """The errors of running every cell of the lesson at ``path``, as committed, in a kernel whose
    Python has no picture library."""
    from nbclient import NotebookClient
    from nbclient.exceptions import CellExecutionError

    notebook = nbformat.reads(committed_text(path), as_version=4)
    client = NotebookClient(notebook, timeout=300, kernel_name="python3", allow_errors=True,
                            resources={"metadata": {"path": str(path.parent)}})
    env = without_pictures() | {"DAMLIB_PROGRESS": str(tmp_path / "progress")}
    try:
        client.execute(env=env)
    except CellExecutionError as error:  # pragma: no cover - allow_errors keeps going
        return [str(error)]
    return [f"cell {n}: {output.get('ename')}: {output.get('evalue')}"
            for n, cell in enumerate(notebook.cells) for output in cell.get("outputs", [])
            if output.get("output_type") == "error"]


@pytest.mark.parametrize("path", [p for p in LESSONS if p.stem in QUICK and language_of(p) == "en"],
                         ids=lambda p: p.stem)
def test_a_lesson_runs_every_cell_without_the_picture_libraries(path, tmp_path):
    assert run_lesson(path, tmp_path) == []


@pytest.mark.slow
@pytest.mark.parametrize("path", [p for p in LESSONS if not (p.stem in QUICK and language_of(p) == "en")],
                         ids=lesson_id)
def test_every_lesson_runs_every_cell_without_the_picture_libraries(path, tmp_path):
    assert run_lesson(path, tmp_path) == []
