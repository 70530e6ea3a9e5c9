"""Nothing lost when two things happen at once (issue 41): saves of one learner's progress from
several threads and processes (two tabs, the hub and Voilà) keep every star, each name keeps its
own file, a file of another learner is never taken over, and PDN saves under one name never
overwrite each other. The number of writers grows with DAMLIB_FUZZ_SCALE."""

from __future__ import annotations

import json
import multiprocessing
import threading

import pytest
from conftest import FUZZ_SCALE

from damlib import Game, pdn
from damlib.engine.errors import DamlibError
from damlib.learn import LEVELS, Progress, class_report
from damlib.teach.learn.progress import MAX_NAME, own_file_name

#: writers at once: 8 at scale 1, up to 32
WRITERS = min(8 * FUZZ_SCALE, 32)


def done(level):
    attempt = level.attempt()
    for move in level.solution:
        attempt.play(move)
    return attempt


def at_once(work, count):
    """Run ``work(i)`` for i < count in threads released together; the exceptions they raised."""
    start, raised = threading.Barrier(count), []

    def run(i):
        try:
            start.wait()
            work(i)
        except BaseException as error:  # noqa: BLE001 - reported to the test
            raised.append(error)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return raised


def test_progress_saved_at_the_same_moment_from_threads_keeps_every_level(tmp_path):
    boards = [Progress("ana", tmp_path) for _ in range(WRITERS)]  # each read the file before any saved
    attempts = [done(LEVELS[i]) for i in range(WRITERS)]
    assert at_once(lambda i: boards[i].record(attempts[i]), WRITERS) == []
    assert Progress("ana", tmp_path).completed == {LEVELS[i].id for i in range(WRITERS)}


def test_progress_is_kept_where_fcntl_has_no_flock_as_in_the_browsers_python(tmp_path, monkeypatch):
    # Pyodide's fcntl module has no flock (seen in the site: every save failed): the thread lock
    # alone keeps one process's saves apart there
    import sys
    import types

    monkeypatch.setitem(sys.modules, "fcntl", types.ModuleType("fcntl"))
    boards = [Progress("ana", tmp_path) for _ in range(WRITERS)]
    attempts = [done(LEVELS[i]) for i in range(WRITERS)]
    assert at_once(lambda i: boards[i].record(attempts[i]), WRITERS) == []
    assert Progress("ana", tmp_path).completed == {LEVELS[i].id for i in range(WRITERS)}


def _record_in_a_process(folder, first, count, start):
    start.wait()
    progress = Progress("ana", folder)
    for i in range(first, first + count):
        progress.record(done(LEVELS[i]))


@pytest.mark.skipif("fork" not in multiprocessing.get_all_start_methods(), reason="needs fork")
def test_progress_saved_at_the_same_moment_from_processes_keeps_every_level(tmp_path):
    context = multiprocessing.get_context("fork")
    processes = 4
    each = min(2 * FUZZ_SCALE, len(LEVELS) // processes)  # a level each: 114 levels (28 each at scale 20)
    start = context.Barrier(processes)
    workers = [context.Process(target=_record_in_a_process, args=(tmp_path, n * each, each, start))
               for n in range(processes)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(60)
    assert [worker.exitcode for worker in workers] == [0] * processes
    assert Progress("ana", tmp_path).completed == {LEVELS[i].id for i in range(processes * each)}


def test_names_that_share_their_first_hundred_characters_keep_their_own_files(tmp_path):
    anna, boris = "y" * (MAX_NAME - 6) + "-Anna", "y" * (MAX_NAME - 6) + "-Boris"
    Progress(anna, tmp_path).record(done(LEVELS[0]))
    Progress(boris, tmp_path).record(done(LEVELS[1]))
    assert Progress(anna, tmp_path).completed == {LEVELS[0].id}
    assert Progress(boris, tmp_path).completed == {LEVELS[1].id}
    # a longer name is refused, never cut to one another name has
    with pytest.raises(DamlibError, match=f"at most {MAX_NAME} characters; this one has 105"):
        Progress("y" * 100 + "-Anna", tmp_path)
    (tmp_path / "long.json").write_text(json.dumps({"format": "damlib progress 1", "learner": "y" * 101}))
    assert "long.json" in dict(class_report(tmp_path).unread)


def test_a_file_of_another_learner_under_an_old_style_name_is_never_taken_over(tmp_path):
    # before every name had its own file, "Ana Maria" was kept in ana-maria.json
    old = tmp_path / "ana-maria.json"
    old.write_text(json.dumps({"format": "damlib progress 1", "learner": "Ana Maria", "stars": {LEVELS[0].id: 3}}))
    before = old.read_bytes()
    other = Progress("ana-maria", tmp_path)
    assert other.completed == set() and other.path.name == own_file_name("ana-maria")
    other.record(done(LEVELS[1]))
    assert old.read_bytes() == before  # Ana Maria's stars untouched
    assert Progress("Ana Maria", tmp_path).completed == {LEVELS[0].id}
    assert Progress("ana-maria", tmp_path).completed == {LEVELS[1].id}
    assert sorted((row.learner, row.file) for row in class_report(tmp_path).rows) == [
        ("Ana Maria", "ana-maria.json"), ("ana-maria", own_file_name("ana-maria"))]


def test_a_file_of_another_learner_put_in_place_after_loading_is_not_overwritten(tmp_path):
    progress = Progress("ana-maria", tmp_path)  # ana-maria.json: nobody's yet
    taken = {"format": "damlib progress 1", "learner": "Ana Maria", "stars": {LEVELS[0].id: 2}}
    progress.path.write_text(json.dumps(taken))  # an older damlib of Ana Maria's saves there now
    progress.record(done(LEVELS[1]))
    assert json.loads((tmp_path / "ana-maria.json").read_text()) == taken
    assert Progress("ana-maria", tmp_path).completed == {LEVELS[1].id}


def test_pdn_saves_at_the_same_moment_under_one_name_never_overwrite_each_other(tmp_path):
    games = []
    for i in range(WRITERS):
        game = Game("german")
        game.play(str(game.legal_moves[i % len(game.legal_moves)]))
        games.append(game)
    paths = [None] * WRITERS

    def save(i):
        paths[i] = pdn.save(games[i], tmp_path, name="lesson", Event=f"board {i}")

    assert at_once(save, WRITERS) == []
    assert len(set(paths)) == WRITERS and sorted(p.name for p in tmp_path.iterdir()) == sorted(p.name for p in paths)
    for i, path in enumerate(paths):  # each file holds the game that was saved as it
        (entry,) = pdn.read(path)
        assert entry.tags["Event"] == f"board {i}" and entry.game.moves == games[i].moves


def test_a_learners_own_folder_in_the_class_folder_holds_the_lock_beside_the_file(tmp_path):
    # the class hub may give each learner a folder of their own: the lock goes with the file
    folder = tmp_path / "class" / "ana"
    at_once(lambda i: Progress("ana", folder).record(done(LEVELS[i])), 4)
    assert sorted(p.name for p in folder.iterdir()) == [".ana.json.lock", "ana.json"]
    assert not any((tmp_path / "class").glob("*.lock"))
    report = class_report(folder)  # the lock is no learner's file, nor an unread one
    assert [row.file for row in report.rows] == ["ana.json"] and report.unread == ()
    assert len(Progress("ana", folder).completed) == 4
