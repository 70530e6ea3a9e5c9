"""The class hub's pieces that need no hub: the start-up copy of the lessons (deploy/start_learner.py),
the class folder named by DAMLIB_PROGRESS, progress files the folder's group can read, and Learn
taking the hub's login name."""

from __future__ import annotations

import os
import re
import runpy
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "deploy"))

from hubclient import free_port  # noqa: E402
from lablanguage import LOCALES, SETTING, pack  # noqa: E402
from start_learner import NICENESS, copy_lessons  # noqa: E402

#: English and the languages damlib has a catalog for (damlib/locale/<code>/)
CATALOGS = ["en", *sorted(p.parts[-3] for p in (ROOT / "damlib" / "locale").glob("*/LC_MESSAGES/damlib.po"))]


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


@pytest.mark.skipif(os.geteuid() != 0, reason="install.sh runs as root only")
@pytest.mark.parametrize("arguments, words", [
    (["Mr Smith"], "the teacher's name 'Mr Smith' must be lower-case letters"),
    (["--learners", "ana bea c@rl", "teacher"], "cannot be hub names (lower-case letters, digits, - or _): c@rl"),
    (["--port", "http", "teacher"], "--port needs a port number"),
    (["--https", "no-such.crt", "no-such.key", "teacher"], "--https needs a certificate file and its key file"),
    (["--wide-open", "teacher"], "unknown option --wide-open"),
    # every language there is a catalog for, named
    (["--language", "xx", "teacher"], "--language needs a language damlib has a catalog for "
                                      f"({' '.join(CATALOGS)} )".replace("en ", "en, ", 1)),
])
def test_install_refuses_a_bad_name_or_option_before_installing_anything(tmp_path: Path, arguments, words) -> None:
    env = dict(os.environ, DAMLIB_HUB_DIR=str(tmp_path / "srv"), DAMLIB_PREFIX=str(tmp_path / "opt"))
    run = subprocess.run(["bash", str(ROOT / "deploy" / "install.sh"), *arguments], capture_output=True, text=True,
                         env=env, timeout=30)
    assert run.returncode == 1 and words in run.stderr
    assert not (tmp_path / "opt").exists() and not (tmp_path / "srv" / "class-list.txt").exists()


@pytest.mark.slow
def test_hubctl_keeps_the_hub_in_the_background_with_a_log_and_a_pid_file(tmp_path: Path) -> None:
    # hubctl as install.sh leaves it (PREFIX/src/deploy/hubctl), with a stand-in for JupyterHub
    # that writes its settings to the log and waits
    prefix, state = tmp_path / "opt", tmp_path / "srv"
    (prefix / "src" / "deploy").mkdir(parents=True)
    (prefix / "venv" / "bin").mkdir(parents=True)
    hubctl = prefix / "src" / "deploy" / "hubctl"
    for name in ("hubctl", "limits.py"):
        (prefix / "src" / "deploy" / name).write_bytes((ROOT / "deploy" / name).read_bytes())
    hubctl.chmod(0o755)
    (prefix / "venv" / "bin" / "python").symlink_to(sys.executable)
    fake = prefix / "venv" / "bin" / "jupyterhub"
    # and starts a learner's "server" that outlives it unless hubctl ends it, then answers at the
    # hub's address as the hub does (hubctl start waits for that)
    (tmp_path / "site" / "hub" / "api").mkdir(parents=True)
    (tmp_path / "site" / "hub" / "api" / "index.html").write_text("{}")
    port = free_port()
    fake.write_text("#!/bin/sh\necho \"hub on port $DAMLIB_HUB_PORT: $*\"\n"
                    f"JUPYTERHUB_API_URL=http://127.0.0.1:8124/hub/api "
                    f"setsid sleep 301 &\necho $! > {tmp_path}/server.pid\n"
                    f"exec {sys.executable} -m http.server $DAMLIB_HUB_PORT --bind 127.0.0.1 "
                    f"--directory {tmp_path / 'site'}\n")
    fake.chmod(0o755)
    env = dict(os.environ, DAMLIB_HUB_DIR=str(state))

    def hub(command: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([str(hubctl), command], capture_output=True, text=True, env=env, timeout=60)

    state.mkdir()
    assert "run deploy/install.sh first" in hub("start").stderr
    (state / "hub.env").write_text(f"DAMLIB_HUB_PORT={port}\nDAMLIB_HUB_API_PORT=8124\n")
    try:
        started = hub("start")
        assert started.returncode == 0 and "is running" in started.stdout, started.stderr
        pid = int((state / "hub.pid").read_text())
        status = hub("status").stdout
        assert status.startswith(f"The class hub is running (PID {pid}) on port {port}")
        assert "memory: 1G for each" in status  # which limit holds (deploy/limits.py)
        assert "already running" in hub("start").stdout
        config = prefix / "src" / "deploy" / "jupyterhub_config.py"
        assert (state / "hub.log").read_text().startswith(f"hub on port {port}: -f {config}")
        assert (state / "hub.log").stat().st_mode & 0o077 == 0  # it names every learner
    finally:
        stopped = hub("stop")
    assert "is stopped" in stopped.stdout and not (state / "hub.pid").exists()
    for gone in (pid, int((tmp_path / "server.pid").read_text())):
        deadline = time.monotonic() + 5  # ended, and then reaped by the container's first process
        with pytest.raises(ProcessLookupError):
            while time.monotonic() < deadline:
                os.kill(gone, 0)
                time.sleep(0.1)
    assert hub("status").returncode == 3


@pytest.mark.slow
def test_the_classroom_benchmark_says_what_is_missing_from_path_instead_of_waiting() -> None:
    # the hub starts servers by name from PATH: without the venv's bin there it used to wait forever
    env = dict(os.environ, PATH="/usr/bin:/bin")
    run = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "classroom.py"), "1"], capture_output=True,
                         text=True, env=env, timeout=60)
    assert run.returncode != 0 and "jupyterhub-singleuser is not on PATH" in run.stderr


@pytest.mark.parametrize("language, first", [("eo", "lessons/eo/01-start-here.ipynb"),
                                             ("de", "lessons/01-start-here.ipynb"),  # no German lessons yet
                                             ("", "lessons/01-start-here.ipynb")])
def test_the_class_language_reaches_every_kernel_and_opens_its_lessons(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                        language: str, first: str) -> None:
    from traitlets.config import Config

    (tmp_path / "lessons" / "eo").mkdir(parents=True)
    monkeypatch.setenv("DAMLIB_HUB_DIR", str(tmp_path))
    monkeypatch.setenv("DAMLIB_LANG", language)
    config = Config()
    monkeypatch.setattr(sys, "path", list(sys.path))  # the config puts deploy/ first
    runpy.run_path(str(ROOT / "deploy" / "jupyterhub_config.py"), {"get_config": lambda: config})
    assert config.Spawner.default_url == f"/lab/tree/{first}"
    assert config.Spawner.environment.get("DAMLIB_LANG") == (language or None)


def test_the_class_view_reads_each_learners_own_folder_in_the_class_folder(tmp_path: Path) -> None:
    from damlib.learn import LEVELS, Progress, class_report
    for learner, folder in (("ada", tmp_path / "ada"), ("bo", tmp_path / "bo"), ("teacher", tmp_path)):
        attempt = LEVELS[0].attempt()
        for move in LEVELS[0].solution:
            attempt.play(move)
        Progress(learner, folder).record(attempt)
    (tmp_path / "bo" / ".progress-x.tmp").write_text("{")  # a save left half-done in a learner's folder
    report = class_report(tmp_path)
    assert [(row.learner, row.file, row.level_stars) for row in report.rows] == [
        ("ada", "ada/ada.json", {LEVELS[0].id: 3}), ("bo", "bo/bo.json", {LEVELS[0].id: 3}),
        ("teacher", "teacher.json", {LEVELS[0].id: 3})]
    assert [name for name, _ in report.unread] == ["bo/.progress-x.tmp"]


def lab_locale(settings: Path) -> str:
    """The language of JupyterLab's menus as JupyterLab itself reads its settings in ``settings``
    (the hub's), for a learner who chose none."""
    from jupyterlab_server.settings_utils import get_settings

    schemas = Path(sys.prefix) / "share" / "jupyter" / "lab" / "schemas"
    found, _ = get_settings(str(settings), str(schemas), str(settings.parent / "user"), schema_name=SETTING)
    return found["schema"]["properties"]["locale"]["default"]


@pytest.mark.parametrize("code", sorted({*CATALOGS, *LOCALES}))
def test_the_class_language_is_jupyterlabs_too_where_it_has_a_language_pack(tmp_path: Path, code: str) -> None:
    # as install.sh --language CODE calls it: the pack to install, then the choice in the hub's settings
    def lablanguage(*arguments: str) -> str:
        return subprocess.run([sys.executable, str(ROOT / "deploy" / "lablanguage.py"), *arguments],
                              capture_output=True, text=True, check=True).stdout.strip()

    settings = tmp_path / "settings"
    english = lab_locale(settings)
    lablanguage("choose", str(settings), "de")  # a class that was German before
    assert lab_locale(settings) == "de_DE"
    named = lablanguage("pack", code)
    lablanguage("choose", str(settings), code)
    if code in LOCALES:  # German, Russian, Turkish: jupyterlab-language-pack-de-DE, …
        assert named == pack(code) == f"jupyterlab-language-pack-{LOCALES[code].replace('_', '-')}"
        assert lab_locale(settings) == LOCALES[code]
        # installed at the version the constraints pin (install.sh installs with -c constraints.txt)
        pinned = (ROOT / "deploy" / "constraints.txt").read_text(encoding="utf-8")
        assert re.search(rf"^{re.escape(named)}==\S+$", pinned, re.MULTILINE), named
    else:  # English, Esperanto (no pack): JupyterLab's menus in English again
        assert named == "" and lab_locale(settings) == english
    assert not (settings / "overrides.d" / "damlib.json").exists()  # jupyter-settings' own file is another



def test_a_jupyter_server_starts_without_building_the_iri_parsers() -> None:
    # jsonschema 4.25 and later load rfc3987-syntax, which builds its parsers as it is imported: 2.9 s
    # of each learner's server start of 4.0 (requirements-lessons.txt keeps jsonschema below 4.25)
    loaded = subprocess.run([sys.executable, "-c", "import sys, jupyter_server.serverapp, jupyterlab.labapp\n"
                             "print('rfc3987_syntax' in sys.modules)"], capture_output=True, text=True, check=True)
    assert loaded.stdout.strip() == "False"


AUTOGROUPS = pytest.mark.skipif(not Path("/proc/self/autogroup").exists(),
                                reason="this system's scheduler has no sessions' groups (Linux's autogroups)")


@AUTOGROUPS
def test_a_learners_server_and_kernels_run_below_the_hub_though_each_is_a_session_of_its_own(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # Linux shares the cores between sessions before nice counts: a process's nice alone left thirty
    # starting servers, and their kernels, each as large a share as the hub's
    from jupyter_client.manager import start_new_kernel

    server = subprocess.run([sys.executable, "-c", "import start_learner\nstart_learner.lower_session()\n"
                             "print(open('/proc/self/autogroup').read())"], cwd=ROOT / "deploy", start_new_session=True,
                            capture_output=True, text=True, check=True)
    assert server.stdout.split()[-2:] == ["nice", str(NICENESS)]
    monkeypatch.setenv("JUPYTER_PATH", str(ROOT / "deploy" / "jupyter"))  # as the hub gives its learners
    manager, client = start_new_kernel(kernel_name="python3")
    printed: list[dict] = []
    try:
        assert manager.kernel_spec.resource_dir == str(ROOT / "deploy" / "jupyter" / "kernels" / "python3")
        pid = manager.provisioner.process.pid
        assert Path(f"/proc/{pid}/autogroup").read_text().split()[-2:] == ["nice", str(NICENESS)]
        reply = client.execute_interactive("import importlib.util\n"
                                           "print(importlib.util.find_spec('start_learner') is None, 6 * 7)",
                                           timeout=60, output_hook=lambda message: printed.append(message))
        assert reply["content"]["status"] == "ok"
        assert "True 42" in "".join(m["content"].get("text", "") for m in printed)  # the hub's modules not in reach
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)

