"""The repository's files as committed: a learner who works through the lessons in this folder
saves them here, and the tests must read the lessons as they were written, not as a learner left
them. Shared by the tests (tests/conftest.py) and nbval's collection (the root conftest.py)."""

from __future__ import annotations

import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def committed(path: Path) -> bytes:
    """``path`` as git's HEAD has it; the file as it is where there is no git, or it is not
    committed yet (a lesson being written: commit it to test it as it is)."""
    try:
        done = subprocess.run(["git", "show", f"HEAD:{path.resolve().relative_to(ROOT).as_posix()}"], cwd=ROOT,
                              capture_output=True, timeout=60, check=False)
    except (OSError, ValueError, subprocess.TimeoutExpired):
        return path.read_bytes()
    return done.stdout if done.returncode == 0 else path.read_bytes()


def committed_text(path: Path) -> str:
    return committed(path).decode("utf-8")
