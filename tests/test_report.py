"""The class view (damlib.learn.class_report): every learner's file read, bad files listed, none changed."""

import csv
import datetime
import io
import json
import os
import shutil

import pytest
from conftest import ROOT

from damlib.engine.errors import DamlibError
from damlib.learn import LEVELS, TEACHING_ORDER, Progress, class_report
from damlib.printed.charts import mistakes_chart
from damlib.teach.learn.progress import account
from damlib.teach.learn.report import RULE_COLUMNS, LearnerRow

DEMO = ROOT / "notebooks" / "class-demo"  # the teacher notebook's made-up class


def progress_file(folder, name, learner, stars, mistakes=None):
    data = {"format": "damlib progress 1", "learner": learner, "stars": stars, "mistakes": mistakes or {}}
    (folder / name).write_text(json.dumps(data), encoding="utf-8")


def snapshot(folder):
    return {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in folder.iterdir()}


@pytest.fixture
def three(tmp_path):
    progress_file(tmp_path, "ada.json", "Ada", {"de-board-1": 3, "de-board-2": 2, "tr-board-1": 1},
                  {"DE-MAJORITY": 3, "TR-REMOVE": 1})
    progress_file(tmp_path, "bo.json", "Bo", {"ru-promote-1": 3}, {"DE-MAJORITY": 1, "DE-STRIKE": 2})
    progress_file(tmp_path, "zoe.json", "Zoë van der Berg", {})
    (tmp_path / "corrupt.json").write_text('{"format": "damlib progress 1", "stars": {"de-boa', encoding="utf-8")
    (tmp_path / "empty.json").write_bytes(b"")
    return tmp_path


def test_three_learners_a_corrupt_and_an_empty_file_give_three_rows_and_two_warnings(three):
    before = snapshot(three)
    report = class_report(three)
    assert [row.learner for row in report.rows] == ["Ada", "Bo", "Zoë van der Berg"]  # by name, as typed
    assert len(report.warnings) == 2
    assert report.warnings[0].startswith("corrupt.json") and report.warnings[1].startswith("empty.json")
    assert "empty" in report.warnings[1]
    assert snapshot(three) == before  # nothing changed, moved or added


def test_each_row_counts_levels_and_stars_per_game_and_the_class_its_broken_rules(three):
    ada, bo, zoe = class_report(three).rows
    assert (ada.done("German"), ada.stars("German"), ada.done("Turkish"), ada.stars("Turkish")) == (2, 5, 1, 1)
    assert (bo.done("Russian"), bo.stars("Russian"), bo.done("German")) == (1, 3, 0)
    assert zoe.completion == 0 and ada.completion == pytest.approx(3 / len(LEVELS))
    assert class_report(three).mistakes().most_common() == [("DE-MAJORITY", 4), ("DE-STRIKE", 2), ("TR-REMOVE", 1)]


def test_the_csv_export_has_a_line_a_file_a_column_a_rule_and_is_not_written_into_the_class_folder(
        three, tmp_path_factory):
    report = class_report(three)
    lines = list(csv.DictReader(io.StringIO(report.to_csv())))
    assert [line["learner"] for line in lines] == ["Ada", "Bo", "Zoë van der Berg", "", ""]
    assert lines[0]["German levels"] == "2" and lines[0]["German stars"] == "5"
    assert lines[0]["last saved"] == datetime.date.today().isoformat()  # written by the fixture just now
    # every rule has its column, in the lessons' order: Bo's two rules broken once and twice both show
    assert [c for c in lines[0] if c[:3] in ("DE-", "RU-", "TR-")] == list(RULE_COLUMNS)
    assert set(RULE_COLUMNS) == {rule for order in TEACHING_ORDER.values() for rule in order}
    assert (lines[0]["DE-MAJORITY"], lines[0]["TR-REMOVE"], lines[0]["DE-STRIKE"]) == ("3", "1", "0")
    assert (lines[1]["DE-MAJORITY"], lines[1]["DE-STRIKE"]) == ("1", "2")
    # the files not read have a line each, with the reason
    assert [(line["file"], bool(line["not read"])) for line in lines[3:]] == [("corrupt.json", True),
                                                                             ("empty.json", True)]
    assert "empty" in lines[4]["not read"] and lines[0]["not read"] == ""
    with pytest.raises(DamlibError, match="outside the class folder"):
        report.save_csv(three / "export.csv")
    out = report.save_csv(tmp_path_factory.mktemp("export") / "class.csv")
    assert out.read_text(encoding="utf-8") == report.to_csv()


def test_a_name_a_spreadsheet_would_run_as_a_formula_is_written_as_text(tmp_path):
    for n, name in enumerate(["=HYPERLINK(\"http://x\")", "+1", "-2", "@SUM(A1)", "Ada"]):
        progress_file(tmp_path, f"{n}.json", name, {})
    lines = list(csv.DictReader(io.StringIO(class_report(tmp_path).to_csv())))
    assert sorted(line["learner"] for line in lines) == sorted(
        ["'=HYPERLINK(\"http://x\")", "'+1", "'-2", "'@SUM(A1)", "Ada"])


def test_the_view_shows_every_rule_anyone_broke_for_every_learner(three):
    shown = class_report(three)._repr_html_()
    head = shown[shown.index("<table"):shown.index("</tr>")]
    assert [rule for rule in RULE_COLUMNS if rule in head] == ["DE-MAJORITY", "DE-STRIKE", "TR-REMOVE"]
    assert "corrupt.json" in shown and "empty.json" in shown


def test_foreign_half_written_and_set_aside_files_are_listed_as_such(tmp_path):
    progress_file(tmp_path, "ada.json", "Ada", {"de-board-1": 3})
    (tmp_path / "settings.json").write_text('{"theme": "dark"}')
    (tmp_path / "list.json").write_text("[1, 2, 3]")
    (tmp_path / "big-stars.json").write_text('{"format": "damlib progress 1", "stars": {"de-board-1": 7}}')
    (tmp_path / ".progress-abc123.tmp").write_text('{"format": "damlib progress 1", "lear')
    (tmp_path / "bo.unreadable-20260101-120000.json").write_text("garbage")
    (tmp_path / "notes.txt").write_text("not a progress file at all, and not named like one")
    before = snapshot(tmp_path)
    report = class_report(tmp_path)
    assert [row.learner for row in report.rows] == ["Ada"]
    said = dict(w.split(": ", 1) for w in report.warnings)
    assert set(said) == {"settings.json", "list.json", "big-stars.json", ".progress-abc123.tmp",
                         "bo.unreadable-20260101-120000.json"}
    assert "not a damlib progress file" in said["settings.json"] and "half-written" in said[".progress-abc123.tmp"]
    assert "1 to 3" in said["big-stars.json"] and "set aside" in said["bo.unreadable-20260101-120000.json"]
    assert snapshot(tmp_path) == before


def test_a_file_progress_wrote_is_read_back(tmp_path):
    level = LEVELS[0]
    attempt = level.attempt()
    for move in level.solution:
        attempt.play(move)
    Progress("Ada Lovelace", tmp_path).record(attempt)
    (row,) = class_report(tmp_path).rows
    assert row.learner == "Ada Lovelace" and row.done(level.rules.name) == 1 and row.stars(level.rules.name) == 3
    assert row.saved == datetime.date.today()  # the day the file says it was saved


def test_the_demo_class_shipped_for_the_teacher_notebook(tmp_path):
    before = snapshot(DEMO)
    report = class_report(DEMO)
    assert len(report.rows) == 5 and len(report.warnings) == 3  # a broken, an empty and a foreign file
    dan = next(row for row in report.rows if row.learner == "Dan")
    assert dan.saved == datetime.date(2026, 11, 25)  # as his file says, whenever it was copied
    assert snapshot(DEMO) == before
    # a save cut off half-way leaves a scratch file beside them: named, not read, not touched
    shutil.copytree(DEMO, tmp_path / "class")
    (tmp_path / "class" / ".progress-k2j8x1.tmp").write_text('{"format": "damlib progr', encoding="utf-8")
    copied = snapshot(tmp_path / "class")
    halfway = class_report(tmp_path / "class")
    assert len(halfway.rows) == 5 and len(halfway.warnings) == 4
    assert any(".progress-k2j8x1.tmp" in warning for warning in halfway.warnings)
    assert snapshot(tmp_path / "class") == copied
    assert "<table" in report._repr_html_() and "Chiara Rossi-Ünal" in report._repr_html_()


def test_a_folder_that_is_not_there_is_named(tmp_path):
    with pytest.raises(DamlibError, match="no folder"):
        class_report(tmp_path / "missing")
    with pytest.raises(DamlibError, match="folder"):
        class_report(42)


def test_the_chart_names_who_broke_each_rule_how_often(three):
    progress_file(three, "cy.json", "Cy", {}, {"DE-MAJORITY": 3})
    figure = mistakes_chart(class_report(three))
    labels = {text.get_text().strip() for text in figure.axes[0].texts}
    # DE-MAJORITY: Ada 3, Cy 3 (a tie, by name), Bo 1; the bars' labels name them
    assert labels == {"7: Ada 3, Cy 3, Bo 1", "2: Bo 2", "1: Ada 1"}
    assert [t.get_text() for t in figure.axes[0].get_yticklabels()] == ["TR-REMOVE", "DE-STRIKE", "DE-MAJORITY"]


def test_each_row_names_the_account_that_saved_its_file(three):
    me = account(os.getuid())
    report = class_report(three)
    assert [row.owner for row in report.rows] == [me] * 3 and me  # this test's own account, by name
    lines = list(csv.DictReader(io.StringIO(report.to_csv())))
    assert [line["file owner"] for line in lines] == [me, me, me, "", ""]
    assert [line["warning"] for line in lines[:3]] == ["", "", ""]  # off a hub an owner proves nothing
    assert f"<td style=\"white-space: nowrap\">{me}</td>" in report._repr_html_()


@pytest.mark.skipif(os.name != "posix" or os.geteuid() != 0, reason="only root gives a file to another account")
def test_an_owner_the_system_has_no_name_for_is_named_by_number(three):
    import pwd  # Unix only

    known = {entry.pw_uid for entry in pwd.getpwall()}
    uid = next(uid for uid in range(54321, 60000) if uid not in known)
    os.chown(three / "bo.json", uid, -1)
    assert [row.owner for row in class_report(three).rows][1] == str(uid)


def test_a_file_one_learners_account_saved_under_anothers_name_is_marked(tmp_path, monkeypatch):
    # on the class hub ana (account learner-ana) saved stars as "dora" and as "carl", and her own
    progress_file(tmp_path, "ana.json", "ana", {"de-board-1": 3})
    progress_file(tmp_path, "carl.json", "carl", {"de-board-1": 3})
    progress_file(tmp_path, "dora.json", "dora", {})
    monkeypatch.setattr("damlib.teach.learn.report.account", lambda uid: "learner-ana")
    report = class_report(tmp_path)
    assert [(row.learner, row.warning) for row in report.rows] == [
        ("ana", ""), ("carl", "saved by learner-ana, not by learner-carl"),
        ("dora", "saved by learner-ana, not by learner-dora")]
    lines = list(csv.DictReader(io.StringIO(report.to_csv())))
    assert [(line["file owner"], line["warning"]) for line in lines][2] == (
        "learner-ana", "saved by learner-ana, not by learner-dora")
    shown = report._repr_html_()
    assert "Saved by another learner&#x27;s account, so not to be trusted: carl.json, dora.json." in shown
    assert LearnerRow("ana", "ana.json", {}, {}, owner="teacher").warning == ""  # not a learner's account


def test_the_class_view_lists_each_learners_levels_of_todays_session(tmp_path):
    # Ada did de-board-1 last week and de-board-2 today; Bo nothing today
    today = datetime.date.today()
    last_week = (today - datetime.timedelta(days=7)).isoformat()
    data = {"format": "damlib progress 1", "learner": "Ada", "stars": {"de-board-1": 3}, "mistakes": {},
            "days": {"de-board-1": last_week}}
    (tmp_path / "ada.json").write_text(json.dumps(data), encoding="utf-8")
    progress_file(tmp_path, "bo.json", "Bo", {"de-board-1": 2})  # from before files kept days
    level = next(lv for lv in LEVELS if lv.id == "de-board-2")
    attempt = level.attempt()
    for move in level.solution:
        attempt.play(move)
    Progress("Ada", tmp_path).record(attempt)
    report = class_report(tmp_path)
    ada, bo = report.rows
    assert ada.done_on(today) == ["de-board-2"] and bo.done_on(today) == []
    assert ada.days["de-board-1"].isoformat() == last_week  # kept as it was
    shown = report._repr_html_()
    assert f"Levels done today ({today.isoformat()})" in shown
    assert "<li>Ada: de-board-2</li>" in shown and "<li>Bo: none</li>" in shown


def test_a_progress_file_with_days_that_are_not_dates_is_not_read(tmp_path):
    data = {"format": "damlib progress 1", "learner": "Ada", "stars": {}, "days": {"de-board-1": "Tuesday"}}
    (tmp_path / "ada.json").write_text(json.dumps(data), encoding="utf-8")
    report = class_report(tmp_path)
    assert report.rows == () and "not dates" in report.warnings[0]


def test_a_progress_file_taken_to_another_computer_keeps_the_later_day_of_each_level(tmp_path):
    school = tmp_path
    week_ago = datetime.date.today() - datetime.timedelta(days=7)
    data = {"format": "damlib progress 1", "learner": "Ada", "stars": {"de-board-1": 3, "de-board-2": 1},
            "days": {"de-board-1": week_ago.isoformat(), "de-board-2": week_ago.isoformat()}}
    level = next(lv for lv in LEVELS if lv.id == "de-board-2")
    attempt = level.attempt()
    for move in level.solution:
        attempt.play(move)
    ada = Progress("Ada", school)
    ada.record(attempt)  # de-board-2 done again today
    ada.load("ada.json", json.dumps(data).encode())
    assert ada.days == {"de-board-1": week_ago, "de-board-2": datetime.date.today()}
    assert class_report(school).rows[0].done_on(datetime.date.today()) == ["de-board-2"]
