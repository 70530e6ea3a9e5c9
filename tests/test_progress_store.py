"""The progress store keeps every learner's stars: its own file for each distinct name, saves
that merge with what another board saved, and hostile files reported rather than read
(the adversarial probe's failures, issue 26); a save that fails says why and keeps nothing it
did not write (issue 27)."""

import errno
import json
import os

import pytest
from conftest import FUZZ_SCALE
from hypothesis import given, settings
from hypothesis import strategies as st

from damlib.engine.errors import DamlibError
from damlib.learn import LEVELS, Progress, class_report
from damlib.teach.learn.progress import account, file_name, read

FIRST, SECOND = LEVELS[0], LEVELS[1]


def done(level, mistakes=()):
    """An attempt at ``level`` played to its solution, after the ``mistakes`` (move texts) given."""
    attempt = level.attempt()
    for move in mistakes:
        attempt.play(move)
    for move in level.solution:
        attempt.play(move)
    return attempt


@pytest.mark.parametrize(("one", "other"), [("Мария", "Иван"), ("ana", "ana_"), ("Ada", "ada"), ("李雷", "韩梅梅"),
                                            ("Zoë", "Zoe"), ("Jo Ann", "jo-ann")])
def test_every_distinct_name_has_its_own_file(tmp_path, one, other):
    Progress(one, tmp_path).record(done(FIRST))
    Progress(other, tmp_path).record(done(SECOND))
    assert file_name(one) != file_name(other)
    assert Progress(one, tmp_path).completed == {FIRST.id} and Progress(other, tmp_path).completed == {SECOND.id}
    assert sorted(row.learner for row in class_report(tmp_path).rows) == sorted([one, other], key=str.casefold)


def test_a_file_saved_under_the_old_name_is_still_found(tmp_path):
    # before every name had its own file, "Ada Lovelace" was kept in ada-lovelace.json
    (tmp_path / "ada-lovelace.json").write_text(json.dumps(
        {"format": "damlib progress 1", "learner": "Ada Lovelace", "stars": {FIRST.id: 2}}), encoding="utf-8")
    progress = Progress("Ada Lovelace", tmp_path)
    assert progress.stars(FIRST.id) == 2 and progress.path.name == "ada-lovelace.json"
    # but not by another learner whose name makes the same old file name
    assert Progress("ada lovelace", tmp_path).completed == set()


def test_two_boards_of_one_learner_keep_each_others_stars_and_mistakes(tmp_path):
    board_a, board_b = Progress("Ada", tmp_path), Progress("Ada", tmp_path)  # both read an empty file
    board_a.record(done(FIRST))
    board_b.record(done(SECOND))
    board_b.record(FIRST.attempt())  # nothing done: it must not forget board A's three stars
    again = Progress("Ada", tmp_path)
    assert again.completed == {FIRST.id, SECOND.id} and again.stars(FIRST.id) == 3


def test_two_boards_add_their_mistakes_rather_than_overwrite_them(tmp_path):
    wrong = next(level for level in LEVELS if level.id == "de-mandatory-1")
    board_a, board_b = Progress("Ada", tmp_path), Progress("Ada", tmp_path)
    board_a.record(done(wrong, ["g3-h4"]))  # a step while a capture is compulsory: DE-MANDATORY
    board_b.record(done(wrong, ["g3-h4"]))
    assert Progress("Ada", tmp_path).mistakes == {"DE-MANDATORY": 2}


@pytest.mark.parametrize(("content", "reason"), [
    ("[" * 5000 + "]" * 5000, "nested too deeply"),
    ('{"format": "damlib progress 1", "mistakes": {"$\\\\frac{$": 1}}', "rule IDs"),
    ('{"format": "damlib progress 1", "mistakes": {"DE-MAJORITY": ' + "1" + "0" * 300 + "}}", "counts"),
    ('{"format": "damlib progress 1", "stars": {"=cmd|calc": 3}}', "levels' ids"),
    ('{"format": "damlib progress 1", "stars": {"de-board-1": true}}', "1 to 3"),
])
def test_a_hostile_file_is_reported_not_read(tmp_path, content, reason):
    path = tmp_path / "mallory.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(ValueError, match=reason):
        read(path)
    report = class_report(tmp_path)  # the class view lists it and draws nothing from it
    assert report.rows == () and report.unread[0][0] == "mallory.json" and reason in report.unread[0][1]
    from damlib.printed.charts import mistakes_chart
    assert mistakes_chart(report).axes[0].get_title() == "No mistakes recorded yet"


@settings(max_examples=60 * FUZZ_SCALE, deadline=None, derandomize=True)
@given(st.lists(st.text(min_size=1, max_size=12).filter(str.strip), min_size=2, max_size=6, unique_by=str.strip))
def test_any_names_keep_their_own_stars(tmp_path_factory, names):
    folder = tmp_path_factory.mktemp("class")
    for n, name in enumerate(names):
        Progress(name, folder).record(done(LEVELS[n]))
    for n, name in enumerate(names):
        assert Progress(name, folder).completed == {LEVELS[n].id}, name


def refuse(*args):
    """os.replace in a class hub's drop box (mode 3773) when another account saved the file first:
    what the tests see as root too, where a folder's mode blocks nothing."""
    raise PermissionError(errno.EPERM, "Operation not permitted")


def test_a_save_refused_keeps_the_file_and_the_progress_as_they_were(tmp_path, monkeypatch):
    wrong = next(level for level in LEVELS if level.id == "de-mandatory-1")
    progress = Progress("ada", tmp_path)
    progress.record(done(FIRST))
    kept = progress.path.read_bytes()
    attempt = done(wrong, ["g3-h4"])  # done, after a mistake under DE-MANDATORY
    monkeypatch.setattr("damlib.teach.learn.progress.os.replace", refuse)
    with pytest.raises(DamlibError, match=r"ada\.json could not be saved in .*: Operation not permitted\."):
        progress.record(attempt)
    monkeypatch.undo()
    assert progress.completed == {FIRST.id} and progress.mistakes == {}  # not the stars it could not save
    assert progress.path.read_bytes() == kept
    assert [p.name for p in tmp_path.iterdir() if not p.name.endswith(".lock")] == ["ada.json"]  # the lock stays
    progress.record(attempt)  # saved once it can be: its mistake counted once
    assert Progress("ada", tmp_path).completed == {FIRST.id, wrong.id}
    assert Progress("ada", tmp_path).mistakes == {"DE-MANDATORY": 1}


def test_a_save_refused_over_another_accounts_file_names_that_account(tmp_path, monkeypatch):
    progress = Progress("carl", tmp_path)
    progress.record(done(FIRST))  # the file is this test's account's: another runs the next save
    monkeypatch.setattr("damlib.teach.learn.progress.os.geteuid", lambda: os.getuid() + 1)
    monkeypatch.setattr("damlib.teach.learn.progress.os.replace", refuse)
    with pytest.raises(DamlibError) as refused:
        progress.record(done(SECOND))
    assert str(refused.value) == (f"carl.json in {tmp_path} was saved by the account {account(os.getuid())}, and "
                                  "only that account may replace it: Operation not permitted.")


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="a folder's mode does not stop root")
def test_a_folder_that_cannot_be_written_is_said(tmp_path):
    folder = tmp_path / "class"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        progress = Progress("ada", folder)
        with pytest.raises(DamlibError, match=r"could not be saved in .*: Permission denied"):
            progress.record(done(FIRST))
        assert progress.completed == set()
    finally:
        folder.chmod(0o700)


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="a folder's mode does not stop root")
def test_a_folder_that_cannot_be_entered_is_a_damlib_error(tmp_path):
    (tmp_path / "class").mkdir(mode=0o600)  # readable, not enterable
    try:
        with pytest.raises(DamlibError, match="cannot be opened: Permission denied"):
            Progress("ada", tmp_path / "class")
    finally:
        (tmp_path / "class").chmod(0o700)


def test_the_language_a_learner_chose_is_kept_with_their_stars(tmp_path):
    Progress("Ana", tmp_path).record(done(FIRST))
    progress = Progress("Ana", tmp_path)
    assert progress.language is None
    progress.keep_language("eo")
    again = Progress("Ana", tmp_path)
    assert again.language == "eo" and again.stars(FIRST.id) == 3
    # a later save of another board keeps it, and a file naming a language this install lacks reads as none
    again.record(done(SECOND))
    assert Progress("Ana", tmp_path).language == "eo"
    data = json.loads(progress.path.read_text())
    progress.path.write_text(json.dumps(data | {"language": "tlh"}))
    assert Progress("Ana", tmp_path).language is None


def test_a_language_without_a_catalog_or_a_failed_save_keeps_the_choice_as_it_was(tmp_path, monkeypatch):
    progress = Progress("Ana", tmp_path)
    with pytest.raises(DamlibError, match="'tlh'|tlh"):
        progress.keep_language("tlh")
    assert progress.language is None and not progress.path.exists()

    def refuse(*args, **kwargs):
        raise OSError(errno.EACCES, "Permission denied")

    monkeypatch.setattr("tempfile.mkstemp", refuse)
    with pytest.raises(DamlibError, match="Permission denied"):
        progress.keep_language("eo")
    assert progress.language is None and not progress.path.exists()


# -- a progress file taken to another computer, or handed in (issue 39) ----------------------------


def test_a_file_taken_to_another_computer_adds_its_stars_and_loses_none(tmp_path):
    wrong = next(level for level in LEVELS if level.id == "de-mandatory-1")
    school, home = Progress("Ada", tmp_path / "school"), Progress("Ada", tmp_path / "home")
    school.record(done(FIRST))
    school.record(done(wrong, ["g3-h4"]))  # a step while a capture is compulsory: DE-MANDATORY
    home.record(done(wrong))
    home.record(done(wrong, ["g3-h4", "g3-h4"]))
    stars_at_school = school.stars(wrong.id)
    assert stars_at_school < 3 and home.stars(wrong.id) == 3
    assert home.load("ada.json", school.saved_file()) == 1  # FIRST is new; wrong had 3 stars already
    assert home.stars(FIRST.id) == 3 and home.stars(wrong.id) == 3 and home.mistakes == {"DE-MANDATORY": 2}
    # and back to school: the best of both, and a file loaded again counts no mistake twice
    assert school.load("ada.json", home.saved_file()) == 1 and school.load("ada.json", home.saved_file()) == 0
    kept = Progress("Ada", tmp_path / "school")
    assert (kept.stars(FIRST.id), kept.stars(wrong.id), kept.mistakes) == (3, 3, {"DE-MANDATORY": 2})


@pytest.mark.parametrize(("content", "reason"), [
    (b"", "was not loaded: it is empty"),
    (b"\xff\xfe", "was not loaded: not text"),
    (b"{", "was not loaded: broken JSON"),
    (b'{"format": "damlib progress 1", "stars": {"de-board-1": 4}}', "was not loaded: its stars are not 1 to 3"),
    (b'{"format": "damlib progress 1", "learner": "Bob", "stars": {"de-board-1": 3}}',
     "keeps the progress of Bob, not of Ada"),
])
def test_a_bad_file_is_refused_naming_what_is_wrong_and_changes_nothing(tmp_path, content, reason):
    ada = Progress("Ada", tmp_path)
    ada.record(done(FIRST))
    before = (tmp_path / file_name("Ada")).read_bytes()
    with pytest.raises(DamlibError, match=reason) as refused:
        ada.load("handed-in.json", content)
    assert str(refused.value).startswith("handed-in.json ")
    assert ada.completed == {FIRST.id} and (tmp_path / file_name("Ada")).read_bytes() == before


def test_the_class_view_reads_the_files_learners_downloaded(tmp_path):
    # each learner's download, saved by the browser under the name the link gives it, in one folder
    handed_in = tmp_path / "class"
    handed_in.mkdir()
    for name, level in (("Ada", FIRST), ("Мария", SECOND)):
        progress = Progress(name, tmp_path / name)
        progress.record(done(level))
        (handed_in / progress.path.name).write_bytes(progress.saved_file())
    report = class_report(handed_in)
    assert report.unread == ()
    assert {(row.learner, tuple(row.level_stars.items())) for row in report.rows} == {
        ("Ada", ((FIRST.id, 3),)), ("Мария", ((SECOND.id, 3),))}


def test_in_the_browser_progress_is_kept_among_the_sites_files_which_the_browser_keeps(tmp_path):
    from pathlib import Path

    from damlib.teach.learn.progress import default_folder

    drive = tmp_path / "drive"  # JupyterLite's files, mounted in the browser's Python
    assert default_folder(environ={}, platform="emscripten", drive=drive) == Path.home() / ".damlib" / "progress"
    drive.mkdir()
    assert default_folder(environ={}, platform="emscripten", drive=drive) == drive / "damlib-progress"
    assert default_folder(environ={"DAMLIB_PROGRESS": str(tmp_path)}, platform="emscripten", drive=drive) == tmp_path
    assert default_folder(environ={}, platform="linux", drive=drive) == Path.home() / ".damlib" / "progress"
