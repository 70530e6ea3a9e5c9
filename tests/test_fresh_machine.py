"""The README's first two commands as a new user meets them: the test command passes where the browser
tests cannot run (they skip, saying why), and the open command serves the whole repository, so
every link of every lesson opens."""

import os
import re
import shlex
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request

import pytest
from conftest import ROOT

README = ROOT / "README.md"


def open_command() -> list[str]:
    """The README's command that opens the lessons, after its install step."""
    found = re.search(r"^ {4}pip install -r requirements.txt && (jupyter lab .*)$", README.read_text(encoding="utf-8"),
                      re.M)
    assert found, "the README has no open command"
    return shlex.split(found.group(1))


def test_without_playwright_the_browser_tests_skip_saying_why(tmp_path):
    fake = tmp_path / "playwright"  # an install without Playwright: importing it fails
    fake.mkdir()
    (fake / "__init__.py").write_text("raise ImportError('No module named playwright')\n")
    env = {key: value for key, value in os.environ.items() if key != "CI"}
    env["PYTHONPATH"] = os.pathsep.join([str(tmp_path), str(ROOT)])
    command = [sys.executable, "-m", "pytest", "tests/test_browser.py", "-q", "-rs", "-p", "no:cacheprovider"]
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    said = done.stdout + done.stderr
    assert done.returncode == 0, said
    assert "failed" not in said and "error" not in said.lower().replace("importerror", ""), said
    assert re.search(r"\d+ skipped", said) and "needs the 'playwright' Python package" in said, said


def test_the_open_command_serves_the_repository_so_every_lesson_link_opens(tmp_path):
    command = open_command()
    assert command[:2] == ["jupyter", "lab"] and command[-1] == "notebooks/01-start-here.ipynb"
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = dict(os.environ, JUPYTER_RUNTIME_DIR=str(tmp_path / "runtime"), HOME=str(tmp_path))
    server = subprocess.Popen([sys.executable, "-m", *command, "--no-browser", f"--port={port}",
                               "--ServerApp.ip=127.0.0.1", "--ServerApp.port_retries=0", "--ServerApp.token=",
                               "--allow-root"], cwd=ROOT, env=env, stdin=subprocess.DEVNULL,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        def status(path: str) -> int:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/contents/{path}?content=0", timeout=5) as a:
                    return a.status
            except urllib.error.HTTPError as error:
                return error.code

        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                status("")
                break
            except OSError:
                time.sleep(0.3)
        else:
            pytest.fail("the server of the README's open command did not answer within 60 s")
        # what the lessons link to (tests/test_docs.py checks every link names a file in the repository)
        for path in ("notebooks/01-start-here.ipynb", "handouts/german-rules.pdf", "docs/rules.md", "docs/teaching.md"):
            assert status(path) == 200, path
        opened = " ".join(p.read_text() for p in (tmp_path / "runtime").glob("jpserver-*-open.html"))
        assert "lab/tree/notebooks/01-start-here.ipynb" in opened
    finally:
        os.killpg(server.pid, 15)
        server.wait(timeout=20)
