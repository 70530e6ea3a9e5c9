"""The class view widget: the teacher types a folder; the table, the chart and the CSV follow."""

import shutil

from conftest import ROOT, picture_of, visible

from damlib import diagram
from damlib.learn import DEFAULT_FOLDER
from damlib.widgets import ClassView

DEMO = ROOT / "notebooks" / "class-demo"


def test_the_view_opens_the_folder_typed_and_shows_its_learners(tmp_path):
    shutil.copytree(DEMO, tmp_path / "class")
    view = ClassView(tmp_path / "class", save_to=tmp_path)
    shown = visible(view.table.value)
    assert "Chiara Rossi-Ünal" in shown and "finn.json" in shown  # a learner, and a file not read
    assert view.chart.value[:4] == b"\x89PNG"
    other = tmp_path / "other"
    other.mkdir()
    view.folder.value = str(other)  # as typed, then Enter
    assert "0 learners in other" in visible(view.table.value)


def test_a_folder_that_is_not_there_is_said_and_nothing_is_shown(tmp_path):
    view = ClassView(tmp_path / "missing", save_to=tmp_path)
    assert "Cannot open it" in view.message.value and "no folder" in view.message.value
    assert view.report is None and view.table.value == ""
    view.save_csv()
    assert "Open a class folder first" in view.message.value and list(tmp_path.iterdir()) == []


def test_the_csv_is_saved_where_asked_never_into_the_class_folder(tmp_path):
    shutil.copytree(DEMO, tmp_path / "class")
    view = ClassView(tmp_path / "class", save_to=tmp_path)
    view.save_csv()
    saved = (tmp_path / "class-progress.csv").read_text(encoding="utf-8")
    assert saved.startswith("learner,file,file owner,warning,last saved")
    inside = ClassView(tmp_path / "class", save_to=tmp_path / "class")
    inside.save_csv()
    assert "Not saved" in inside.message.value and not (tmp_path / "class" / "class-progress.csv").exists()


def test_by_default_it_opens_the_learners_folder_and_a_saved_lesson_shows_the_chart(tmp_path):
    assert ClassView(save_to=tmp_path).folder.value == str(DEFAULT_FOLDER)  # the hub's class folder there
    view = ClassView(DEMO, save_to=tmp_path)
    bundle = view._repr_mimebundle_()
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    picture, alt = picture_of(data)
    assert picture == diagram.compress(view.chart.value) and alt.startswith("A chart of the rules")


def test_the_view_shows_each_files_owner_and_marks_one_saved_by_another_learner(tmp_path, monkeypatch):
    from damlib.learn import LEVELS, Progress

    attempt = LEVELS[0].attempt()
    for move in LEVELS[0].solution:
        attempt.play(move)
    for name in ("ana", "dora"):  # on the class hub, both saved by ana's account
        Progress(name, tmp_path).record(attempt)
    monkeypatch.setattr("damlib.teach.learn.report.account", lambda uid: "learner-ana")
    shown = visible(ClassView(tmp_path, save_to=tmp_path).table.value)
    assert "file owner" in shown and "learner-ana" in shown
    assert "saved by learner-ana, not by learner-dora" in shown
    assert "Saved by another learner's account, so not to be trusted: dora.json." in shown
