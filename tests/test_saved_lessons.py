"""The lessons as saved: every board is a picture that shows without a running kernel."""

import json

import pytest
from conftest import ROOT

NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb")) + sorted((ROOT / "notebooks" / "eo").glob("*.ipynb"))
WIDGET = "application/vnd.jupyter.widget-view+json"


def outputs(path):
    return [o for cell in json.loads(path.read_text())["cells"] for o in cell.get("outputs", [])]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.parent.name + "/" + p.stem for p in NOTEBOOKS])
def test_every_widget_output_carries_a_picture_and_no_widget_state_is_saved(path):
    widgets = [o for o in outputs(path) if WIDGET in o.get("data", {})]
    assert all("image/png" in o["data"] for o in widgets), path.name
    assert "widgets" not in json.loads(path.read_text()).get("metadata", {}), path.name


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.parent.name + "/" + p.stem for p in NOTEBOOKS])
def test_a_static_html_export_shows_every_picture(path):
    from nbconvert import HTMLExporter

    page, _ = HTMLExporter().from_filename(str(path))
    pictures = sum("image/png" in o.get("data", {}) for o in outputs(path))
    assert pictures and page.count('src="data:image/png;base64,') == pictures


@pytest.mark.parametrize("folder", ["notebooks", "notebooks/eo"])
def test_the_saved_lessons_stay_small(folder):
    assert sum(p.stat().st_size for p in (ROOT / folder).glob("*.ipynb")) < 1.5e6
