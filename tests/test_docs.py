"""The front door stays a front door: the README short, its links to files that are there."""

import json
import re

from conftest import ROOT, committed_text, lessons

README = ROOT / "README.md"


def test_the_readme_is_at_most_15000_bytes():
    # what a learner, a teacher and a contributor need first; measurements live in docs/
    assert len(README.read_bytes()) <= 15_000


def test_every_relative_link_in_the_readme_and_docs_names_a_file_that_is_there():
    for page in [README, *(ROOT / "docs").rglob("*.md"), ROOT / "deploy" / "README.md"]:  # docs/<code>/ too
        for target in re.findall(r"\]\(([^)#:]+)(?:#[^)]*)?\)", page.read_text(encoding="utf-8")):
            assert (page.parent / target).exists(), f"{page.name} links to {target}, which is not there"


def test_every_link_in_a_lesson_names_a_file_under_the_folder_jupyter_serves():
    # the README opens the lessons with this folder as JupyterLab's root (--notebook-dir=.), so
    # JupyterLab serves the whole project and a lesson's ../handouts/… and ../docs/… links resolve
    # (tests/test_fresh_machine.py runs the command)
    assert "jupyter lab --notebook-dir=. notebooks/01-start-here.ipynb" in README.read_text(encoding="utf-8")
    for lesson in lessons():
        cells = json.loads(committed_text(lesson))["cells"]
        text = "".join("".join(cell["source"]) for cell in cells if cell["cell_type"] == "markdown")
        for target in re.findall(r"\]\(([^)#:]+)(?:#[^)]*)?\)", text):
            found = (lesson.parent / target).resolve()
            assert found.exists() and ROOT in found.parents, f"{lesson.name} links to {target}"
