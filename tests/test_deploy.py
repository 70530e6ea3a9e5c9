"""The class hub's pieces that need no hub: the start-up copy of the lessons (deploy/start_learner.py),
the class folder named by DAMLIB_PROGRESS, progress files the folder's group can read, and Learn
taking the hub's login name."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "deploy"))

from start_learner import copy_lessons  # noqa: E402


def test_the_copy_never_overwrites_a_learners_change_and_brings_new_lessons(tmp_path: Path) -> None:
    originals, home = tmp_path / "lessons", tmp_path / "home"
    originals.mkdir()
    (originals / "01.ipynb").write_text("original 1")
    (originals / ".ipynb_checkpoints").mkdir()
    (originals / ".ipynb_checkpoints" / "01-checkpoint.ipynb").write_text("checkpoint")
    assert copy_lessons(originals, home) == 1
    (home / "lessons" / "01.ipynb").write_text("the learner's notes")
    (originals / "02.ipynb").write_text("original 2")
    assert copy_lessons(originals, home) == 1
    assert (home / "lessons" / "01.ipynb").read_text() == "the learner's notes"
    assert (home / "lessons" / "02.ipynb").read_text() == "original 2"
    assert not (home / "lessons" / ".ipynb_checkpoints").exists()
    assert (originals / "01.ipynb").read_text() == "original 1"


def test_the_class_folder_comes_from_damlib_progress(tmp_path: Path) -> None:
    env = dict(os.environ, DAMLIB_PROGRESS=str(tmp_path / "class"), PYTHONPATH=str(ROOT))
    code = "from damlib.learn import DEFAULT_FOLDER, Progress; print(DEFAULT_FOLDER, Progress('ada').path)"
    printed = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert printed.stdout.split() == [str(tmp_path / "class"), str(tmp_path / "class" / "ada.json")]


def test_a_progress_file_is_readable_by_the_folders_group_only(tmp_path: Path) -> None:
    from damlib.learn import LEVELS, Progress
    attempt = LEVELS[0].attempt()
    for move in LEVELS[0].solution:
        attempt.play(move)
    progress = Progress("Ada", tmp_path)
    progress.record(attempt)
    assert stat.S_IMODE(progress.path.stat().st_mode) == 0o640


def test_learn_on_a_hub_keeps_stars_under_the_login_name(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from damlib.learn import LEVELS
    from damlib.widgets import Learn
    monkeypatch.setenv("JUPYTERHUB_USER", "ada")
    learn = Learn(LEVELS[:1], folder=tmp_path)
    assert learn.name.value == "ada"
    for square in ("h2", "g3"):  # the first German level: h2-g3
        learn.click(square)
    assert (tmp_path / "ada.json").exists()
