"""Run the lessons and save them with their outputs, as they are committed.

    python tools/lessons.py                      # every lesson, in every language
    python tools/lessons.py notebooks/04-russian.ipynb notebooks/eo/04-russian.ipynb

Each lesson runs top to bottom in its own folder with a fresh kernel, in English unless it chooses
its language itself, with a progress folder of its own (so no learner's stars show), and is saved
without widget state: every damlib widget carries a picture of its board (with its text
alternative) for a lesson read before it runs, and nbval compares the outputs with these.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[1]


def run(path: Path) -> float:
    """Run the lesson at ``path`` and save it with its outputs; the seconds it took."""
    notebook = nbformat.read(path, as_version=4)
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="damlib-progress-") as progress:
        # the kernel inherits this process's environment: English, and a progress folder of its own
        os.environ.pop("DAMLIB_LANG", None)
        os.environ["DAMLIB_PROGRESS"] = progress
        NotebookClient(notebook, timeout=600, kernel_name="python3", store_widget_state=False,
                       resources={"metadata": {"path": str(path.parent)}}).execute()
    nbformat.write(notebook, path)
    return time.perf_counter() - started


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("lessons", nargs="*", type=Path, help="the lessons to run (default: every one)")
    lessons = parser.parse_args(argv).lessons or sorted(ROOT.glob("notebooks/**/*.ipynb"))
    for path in lessons:
        print(f"{path}: {run(path.resolve()):.0f} s", flush=True)


if __name__ == "__main__":
    sys.exit(main())
