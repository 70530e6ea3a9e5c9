"""The lessons' positions: each is one its game allows, and each is pictured where it is set up;
each translated lesson (notebooks/<code>/, every language there is) is its English twin."""

import ast
import json
import re

import pytest
from conftest import LESSON_FOLDERS, MARKERS, ROOT, committed_text, language_of, lesson_id, lessons, shows_picture

from damlib import Position
from damlib.engine.errors import FenError

ENGLISH = lessons("en")
#: every language's lessons but English's
TRANSLATIONS = [code for code in LESSON_FOLDERS if code != "en"]
TRANSLATED = lessons(*TRANSLATIONS)
NOTEBOOKS = lessons()
FEN = re.compile(r"""["']([WB]:[WB][^"'\s]*)["']""")
GAME = re.compile(r"""["'](german|russian|turkish)["']""", re.IGNORECASE)
#: a lesson about one game sets up that game's positions unless a line names another
GAME_OF_LESSON = {"german": "german", "russian": "russian", "turkish": "turkish"}


def code_cells(path):
    return [c for c in json.loads(committed_text(path))["cells"] if c["cell_type"] == "code"]


def source(cell) -> str:
    return "".join(cell["source"])


def pictured(cell) -> bool:
    return any(shows_picture(o) for o in cell.get("outputs", []))


def positions(path):
    """(fen, games) for every FEN in the lesson's code, with the games its line names, else
    those its cell names, else the lesson's own game."""
    default = [g for key, g in GAME_OF_LESSON.items() if key in path.stem]
    for cell in code_cells(path):
        in_cell = [g.lower() for g in GAME.findall(source(cell))]
        for line in source(cell).splitlines():
            games = [g.lower() for g in GAME.findall(line)] or in_cell or default
            for fen in FEN.findall(line):
                yield fen, games


CASES = [(p.stem, fen, games) for p in ENGLISH for fen, games in positions(p)]


@pytest.mark.parametrize("lesson, fen, games", CASES, ids=[f"{c[0]}-{c[1]}" for c in CASES])
def test_every_lesson_position_is_one_its_game_allows(lesson, fen, games):
    # a Turkish man never moves backward (TR-MAN-MOVE), so none stands behind its starting ranks;
    # a man on its own last rank would be a king (DE-PROMOTE, TR-PROMOTE)
    assert games, f"{lesson}: no game named for {fen}"
    for game in games:
        try:
            Position.from_fen(fen, game)
        except FenError as error:
            pytest.fail(f"{lesson}: {fen} is not a {game} position: {error}")


def shown_before(cells, i) -> set[str]:
    """The FENs pictured in the cells before cell ``i``."""
    return {fen for cell in cells[:i] if pictured(cell) for fen in FEN.findall(source(cell))}


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lesson_id)
def test_every_cell_that_sets_up_a_position_is_followed_by_its_picture(path):
    # pictured in the cell itself or the next one, or a position already pictured before; the
    # starting positions are pictured in the first lesson and in each game's own
    cells = code_cells(path)
    unpictured = []
    for i, cell in enumerate(cells):
        text = source(cell)
        shown = pictured(cell) or i + 1 < len(cells) and pictured(cells[i + 1])
        new = set(FEN.findall(text))
        if new and not shown and not new <= shown_before(cells, i):
            unpictured.append(text)
    assert unpictured == []


def answers(path):
    """For each "**Check:**" question of a lesson, the code cells after it, up to the next text."""
    cells = json.loads(committed_text(path))["cells"]
    check = MARKERS[language_of(path)][0]
    for i, cell in enumerate(cells):
        if cell["cell_type"] == "markdown" and check in source(cell):
            following = []
            for after in cells[i + 1:]:
                if after["cell_type"] == "markdown":
                    break
                following.append(after)
            yield source(cell)[:60], following


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lesson_id)
def test_every_check_keeps_its_answer_folded(path):
    # a class sees the question on the projector: its answer waits under "Show the answer"
    # (Answer), never printed or shown as a note right under it
    for question, cells in answers(path):
        code = "".join(source(cell) for cell in cells)
        assert "Answer(" in code and "Note(" not in code and "print(" not in code, question
        # nor in the code that makes it: JupyterLab shows that cell's code folded too
        assert all(cell["metadata"].get("jupyter", {}).get("source_hidden") for cell in cells
                   if "Answer(" in source(cell)), question
        folded = ["".join(o["data"]["text/html"]) for cell in cells for o in cell.get("outputs", [])
                  if "text/html" in o.get("data", {})]
        opening = '<details class="damlib-answer"><summary>'
        assert any(html.startswith(opening) for html in folded), question


COLOUR = re.compile(r"\b([a-h][1-8]) is an? (dark|light) square")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lesson_id)
def test_every_square_colour_a_lesson_states_is_right(path):
    # a1 is dark (DE-BOARD, TR-BOARD): worked from the rules in conftest.dark, not from damlib
    from conftest import dark

    text = "".join(source(cell) for cell in json.loads(committed_text(path))["cells"])
    for square, colour in COLOUR.findall(text):
        assert (colour == "dark") == dark(square), f"{path.stem}: {square} is not {colour}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lesson_id)
def test_every_section_is_a_slide_each_part_a_sub_slide_and_for_the_curious_parts_are_left_out(path):
    # the projector mode (jupyterlab-rise): a slide a section, a sub-slide a paragraph with what
    # it draws (notebooks/rise.css hides the code), not 23 screens of scrolling for one idea
    notebook = json.loads(committed_text(path))
    assert notebook["metadata"]["rise"]["scroll"] is True
    curious = after_heading = False
    for cell in notebook["cells"]:
        text, kind = source(cell), cell["metadata"].get("slideshow", {}).get("slide_type")
        heading = cell["cell_type"] == "markdown" and text.startswith(("# ", "## "))
        if heading:
            curious = False
        elif cell["cell_type"] == "markdown" and text.startswith(MARKERS[language_of(path)][1]):
            curious = True
        # code goes with its paragraph, but a heading's text fills its slide: what it draws comes next
        part = "subslide" if cell["cell_type"] == "markdown" or after_heading else None
        expected = "skip" if curious else "slide" if heading else part
        assert kind == expected, text[:60]
        after_heading = heading


def test_the_slides_hide_the_code_and_enlarge_the_text():
    css = (ROOT / "notebooks" / "rise.css").read_text()  # jupyterlab-rise loads it beside the lessons
    assert re.search(r"\.jp-CodeCell \.jp-Cell-inputWrapper[^{]*\{\s*display: none", css)
    assert re.search(r"\.jp-RenderedMarkdown p,[^{]*\{\s*font-size: (1[89]|2\d)px", css)


#: what a translated lesson adds before its English twin's first code cell
SPEAK = 'import damlib\ndamlib.set_language("{code}")\n'
#: move text, FEN, square names and rule IDs: what a translation keeps as it is
KEPT = re.compile(r"[WB]:[WB][^\s'\"]*|\b[a-h][1-8](?:[-:x][a-h][1-8])+\b|\b[A-Z]{2}(?:-[A-Z]+)+\b")


class _Words(ast.NodeTransformer):
    """A cell's code with every string a person reads blanked: what a translation may change."""

    def visit_Constant(self, node: ast.Constant) -> ast.Constant:
        return ast.Constant("") if isinstance(node.value, str) else node


def shape(code: str) -> str:
    return ast.dump(_Words().visit(ast.parse(code)))


@pytest.mark.parametrize("code", TRANSLATIONS)
def test_every_english_lesson_has_its_twin_in_every_language(code):
    assert [p.name for p in lessons(code)] == [p.name for p in ENGLISH]
    # the language's lessons are marked as the tests read them
    assert code in MARKERS


@pytest.mark.parametrize("path", TRANSLATED, ids=lesson_id)
def test_each_translated_lesson_is_its_english_twin(path):
    # the same cells in order, the same code but for the words a person reads, the same positions
    # and moves: the lessons differ in language only
    twin = json.loads(committed_text(ROOT / "notebooks" / path.name))["cells"]
    cells = json.loads(committed_text(path))["cells"]
    assert [c["cell_type"] for c in cells] == [c["cell_type"] for c in twin]
    codes = [source(c) for c in cells if c["cell_type"] == "code"]
    speak = SPEAK.format(code=language_of(path))
    assert codes[0].startswith(speak)
    codes[0] = codes[0][len(speak):]
    for code, english in zip(codes, [source(c) for c in twin if c["cell_type"] == "code"], strict=True):
        assert shape(code) == shape(english), code
        assert KEPT.findall(code) == KEPT.findall(english), code
    # its checks and parts for the curious where the English has them, marked in its language
    for english, marker in zip(MARKERS["en"], MARKERS[language_of(path)], strict=True):
        assert [english in source(c) for c in twin] == [marker in source(c) for c in cells], marker
    # every rule ID the English text names, the translation names too
    words = [KEPT.findall(source(c)) for c in cells if c["cell_type"] == "markdown"]
    english_words = [KEPT.findall(source(c)) for c in twin if c["cell_type"] == "markdown"]
    assert [set(w) for w in words] == [set(w) for w in english_words]
