"""The lessons as saved: every board is a picture that shows without a running kernel."""

import json

import pytest
from conftest import (
    LESSON_FOLDERS,
    ROOT,
    committed,
    committed_text,
    language_of,
    lesson_id,
    lessons,
    picture_of,
    shows_picture,
)

NOTEBOOKS = lessons()
WIDGET = "application/vnd.jupyter.widget-view+json"


def outputs(path):
    return [o for cell in json.loads(committed_text(path))["cells"] for o in cell.get("outputs", [])]


def pictured(output) -> bool:
    """Whether an output shows a picture with its text alternative, as damlib shows one."""
    return shows_picture(output) and bool(picture_of(output["data"])[1])


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lesson_id)
def test_every_picture_in_a_lesson_has_a_text_alternative(path):
    # an image/png output is shown with no alt (WCAG 1.1.1; axe: image-alt)
    assert not [o for o in outputs(path) if "image/png" in o.get("data", {})], path.name
    assert sum(pictured(o) for o in outputs(path)), path.name


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lesson_id)
def test_every_widget_output_carries_a_picture_and_no_widget_state_is_saved(path):
    widgets = [o for o in outputs(path) if WIDGET in o.get("data", {})]
    assert all(pictured(o) for o in widgets), path.name
    assert "widgets" not in json.loads(committed_text(path)).get("metadata", {}), path.name


#: the lessons exported to HTML: every English one, and one of each other language (the export
#: shows each picture output as it is whatever its words, and every output of every lesson is
#: checked to be one above; all ten would add some 20 s a language)
EXPORTED = [path for path in NOTEBOOKS if language_of(path) == "en" or path.stem == "02-german-basics"]


@pytest.mark.parametrize("path", EXPORTED, ids=lesson_id)
def test_a_static_html_export_shows_every_picture(path):
    from nbconvert import HTMLExporter

    page, _ = HTMLExporter().from_filename(str(path))
    pictures = sum(pictured(o) for o in outputs(path))
    assert pictures and page.count('src="data:image/png;base64,') == pictures


@pytest.mark.parametrize("code", LESSON_FOLDERS)
def test_the_saved_lessons_stay_small(code):
    # about 1.5 MB of pictures in a language's ten lessons, its words a little more (Cyrillic takes
    # two bytes a letter): saved widget state would add megabytes
    assert sum(len(committed(p)) for p in lessons(code)) < 1.75e6


# -- saved after a run: each damlib board a picture of how it was left (damlib.widgets.saved) ----


def _shown(*widgets):
    """A notebook as JupyterLab saves it with saveState on: an output for each of ``widgets``
    (its display data) and, in the metadata, the widget state of every model they hold."""
    from ipywidgets.embed import dependency_state

    outputs = [{"output_type": "display_data", "data": dict(widget._repr_mimebundle_()), "metadata": {}}
               for widget in widgets]
    return {"cells": [{"cell_type": "code", "source": "", "metadata": {}, "outputs": outputs}],
            "metadata": {"widgets": {STATE: {"version_major": 2, "version_minor": 0,
                                             "state": dependency_state(list(widgets), drop_defaults=True)}}},
            "nbformat": 4, "nbformat_minor": 5}


STATE = "application/vnd.jupyter.widget-state+json"
NOTE = "A picture of the board as it was left: run the cell again to play on."


def test_a_board_is_saved_as_a_picture_of_how_it_was_left_with_a_note():

    from damlib import Position, diagram
    from damlib.widgets import PlayBoard
    from damlib.widgets.saved import as_pictures

    play = PlayBoard("german", fen="W:Wc3:Bf6")
    play.click("c3")
    play.click("d4")
    notebook = as_pictures(_shown(play))
    data = notebook["cells"][0]["outputs"][0]["data"]
    assert sorted(data) == ["text/html", "text/plain"] and data["text/plain"] == NOTE
    assert "widgets" not in notebook["metadata"]  # nothing left to restore, nothing marks it changed
    # c3-d4 played (DE-MAN-MOVE): Black to move, the man on d4, its move marked
    left = diagram.png(Position.from_fen("B:Wd4:Bf6", "german"), highlight=["c3", "d4"], caption=NOTE,
                       title="German draughts board, Black to move", size=play.size)
    picture, alt = picture_of(data)
    assert picture == diagram.compress(left)
    # read from the board as it was left: its name, each piece, whose move, the note
    assert alt == f"German draughts board, Black to move. White: a man on d4. Black: a man on f6. Black to move. {NOTE}"


def test_boards_side_by_side_are_saved_side_by_side_with_one_note():
    import io

    from PIL import Image

    from damlib import diagram
    from damlib.widgets import PromotionExplorer
    from damlib.widgets.saved import as_pictures

    explorer = PromotionExplorer("W:Wb6:Bc7,f6", games=("german", "russian"))
    data = as_pictures(_shown(explorer))["cells"][0]["outputs"][0]["data"]
    png, alt = picture_of(data)
    picture = Image.open(io.BytesIO(png))
    assert data["text/plain"] == NOTE and picture.width > 2 * 0.9 * diagram.default_size()  # two boards
    # each board in words, from the FEN W:Wb6:Bc7,f6
    assert alt.startswith("2 diagrams side by side: 1) German draughts board")
    assert alt.count("White: a man on b6. Black: men on c7, f6. White to move.") == 2 and " 2) Russian" in alt


def test_other_widgets_are_saved_as_they_are():
    import ipywidgets as w

    from damlib.widgets import Learn
    from damlib.widgets.saved import as_pictures

    slider = w.IntSlider(5)
    notebook = _shown(slider, Learn(STAGES_GERMAN()[:1]))
    slider_output = json.loads(json.dumps(notebook["cells"][0]["outputs"][0]))
    as_pictures(notebook)
    assert notebook["cells"][0]["outputs"][0] == slider_output
    assert set(notebook["metadata"]["widgets"][STATE]["state"]) == {slider.model_id, slider.layout.model_id,
                                                                     slider.style.model_id}


def STAGES_GERMAN():
    from damlib.learn import STAGES

    return STAGES["German"]


def test_a_lesson_run_three_times_is_saved_as_small_as_after_one_run():
    # three Run Alls in one kernel: the models of the two earlier runs are still in the manager and
    # saved with the notebook, though no output shows them
    from ipywidgets.embed import dependency_state

    from damlib.widgets import Learn, PlayBoard
    from damlib.widgets.saved import as_pictures

    def run():
        return [Learn(STAGES_GERMAN()[:3]), PlayBoard("german", fen="W:Wc3:Bf6", menus=False)]

    once = _shown(*run())
    earlier = run() + run()
    thrice = _shown(*run())
    for widget in earlier:
        widget._repr_mimebundle_()  # shown once, in a run before
        thrice["metadata"]["widgets"][STATE]["state"].update(dependency_state([widget], drop_defaults=True))
    sizes = [len(json.dumps(as_pictures(notebook))) for notebook in (once, thrice)]
    assert sizes[1] <= 1.1 * sizes[0]
    assert "widgets" not in thrice["metadata"]


def test_a_board_saved_without_widget_state_keeps_the_picture_it_was_shown_with():
    # saveState turned off by the user: no state to draw from
    from damlib.widgets import CaptureStepper
    from damlib.widgets.saved import as_pictures

    notebook = _shown(CaptureStepper("W:We3:Bd4,f4,b6", variant="german"))
    first = notebook["cells"][0]["outputs"][0]["data"]["text/html"]
    del notebook["metadata"]["widgets"]
    data = as_pictures(notebook)["cells"][0]["outputs"][0]["data"]
    assert data == {"text/html": first, "text/plain": NOTE}


def test_the_server_saves_lessons_through_the_extension_the_settings_install(tmp_path):
    # jupyter-settings turns on a server extension that registers the hook, beside any of the user's
    import damlib_saving
    from jupyter_server.services.contents.filemanager import FileContentsManager

    settings = json.loads((ROOT / "jupyter-settings" / "jupyter-server-damlib.json").read_text())
    assert settings["ServerApp"]["jpserver_extensions"] == {"damlib_saving": True}
    assert damlib_saving._jupyter_server_extension_points() == [{"module": "damlib_saving"}]

    class Server:
        contents_manager = FileContentsManager(root_dir=str(tmp_path))

    damlib_saving._load_jupyter_server_extension(Server)
    from damlib.widgets import PlayBoard

    model = {"type": "notebook", "content": _shown(PlayBoard("german"))}
    Server.contents_manager.run_pre_save_hooks(model=model, path="lesson.ipynb")
    assert model["content"]["cells"][0]["outputs"][0]["data"]["text/plain"] == NOTE
    text = {"type": "file", "content": "notes"}
    damlib_saving.pre_save(text, path="notes.txt")
    assert text == {"type": "file", "content": "notes"}
