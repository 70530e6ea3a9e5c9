"""The class hub (deploy/): started on 127.0.0.1, two learners and the teacher log in through the
login page; each learner has their own copy of the lessons, cannot reach the other's, and their
Learn stars land in the class folder, still there after their kernel crashes.

Run as root (as .ci/run does in its container), each learner's server runs as their own Unix
account, as install.sh sets the hub up (DAMLIB_HUB_ACCOUNTS=system; the accounts learner-alice …
are made by the hub and removed at the end): the tests then also check what the system keeps
apart (progress folders, the hub's files, a learner's memory). Otherwise the servers run as the
test's own user (shared) and those tests skip, saying so. Without JupyterHub, the first-use
authenticator or configurable-http-proxy (deploy/README.md installs them) the test skips and says
why; under ``CI=true`` that is a failure, since ``.ci/run`` installs them. Every wait is bounded
and the hub, its proxy, servers and kernels are stopped at the end.
"""

from __future__ import annotations

import importlib.util
import json
import os
import pwd
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
import requests

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "deploy"))

missing = [name for name in ("jupyterhub", "firstuseauthenticator", "jupyterhub_idle_culler", "websocket")
           if importlib.util.find_spec(name) is None]
missing += [] if shutil.which("configurable-http-proxy") else ["configurable-http-proxy (npm)"]
if missing:
    reason = f"the class hub needs {', '.join(missing)}: pip install -r deploy/requirements.txt, " \
             "npm install -g configurable-http-proxy"
    if os.environ.get("CI") == "true":
        pytest.fail(reason, pytrace=False)
    pytest.skip(reason, allow_module_level=True)

import limits  # noqa: E402
import websocket  # noqa: E402
from hubclient import TEACHER_PASSWORD, Hub, HubError, Kernel, Learner, processes_naming  # noqa: E402

pytestmark = pytest.mark.hub
LESSONS = sorted(path.name for path in (ROOT / "notebooks").glob("*.ipynb"))
#: each learner process's memory limit (DAMLIB_MEM_LIMIT): room for a server and a lesson's kernel
MEMORY = "1G"


def open_to_all(path: Path) -> bool:
    """Whether every account can reach ``path`` (each folder above it open to others)."""
    path = path.resolve()
    return all(os.stat(folder).st_mode & 0o001 for folder in path.parents) and bool(os.stat(path).st_mode & 0o005)


CLASS = ("alice", "bob", "carl")
#: every name the tests log in with or add
NAMES = (*CLASS, "teacher", "dora", "fred")


def existing(names: tuple[str, ...]) -> list[str]:
    """The accounts of ``names`` this machine has already (a class hub installed here has its own)."""
    found = []
    for name in names:
        try:
            found.append(pwd.getpwnam(f"learner-{name}").pw_name)
        except KeyError:
            pass
    return found


#: learners' own Unix accounts (as installed) where the test may make them, none of them exists
#: (they are removed at the end), and they can run this Python and read this damlib (a Python
#: under /root, as pyenv's, is closed to them)
ACCOUNTS = "system" if (os.geteuid() == 0 and open_to_all(Path(sys.executable)) and open_to_all(ROOT)
                        and not existing(NAMES)) else "shared"
needs_accounts = pytest.mark.skipif(ACCOUNTS != "system", reason=f"needs root, {sys.executable} and {ROOT} open to "
                                    "every account (learners' own Unix accounts run them), and none of the accounts "
                                    f"the test makes there already: {existing(NAMES) or 'none is'}")
#: failed logins before a name is locked (10 when installed): fewer, so that the test waits less
LOCK_AFTER = 5


@pytest.fixture(scope="module")
def hub():
    # in /tmp, as /srv/damlib is: learners' accounts must reach the lessons and the class folder
    folder = Path(tempfile.mkdtemp(prefix="damlib-hub-"))
    group = subprocess.run(["getent", "group", "damlib-teachers"], capture_output=True).returncode == 0
    hub = Hub(folder, ROOT / "notebooks", teacher="teacher", pythonpath=str(ROOT), learners=CLASS, memory=MEMORY,
              accounts=ACCOUNTS, settings={"DAMLIB_LOGIN_LOCK_AFTER": str(LOCK_AFTER)})
    try:
        hub.wait(90)
        yield hub
    finally:
        hub.stop()
        left = processes_naming(f"127.0.0.1:{hub.api_port}")
        if ACCOUNTS == "system":
            for name in NAMES:
                subprocess.run(["userdel", "--remove", f"learner-{name}"], capture_output=True)
            if not group:  # made for the test (Hub's lay_out, as install.sh does)
                subprocess.run(["groupdel", "damlib-teachers"], capture_output=True)
        found = limits.parent()
        for group in found[1].glob("*") if found else ():
            if group.is_dir() and group.name in NAMES:
                try:
                    group.rmdir()
                except OSError:  # in use still (another hub's learner of that name)
                    pass
        shutil.copyfile(folder / "hub.log", Path(tempfile.gettempdir()) / "damlib-test-hub.log")  # to read after
        shutil.rmtree(folder, ignore_errors=True)
        assert left == [], "the hub left processes running"


def sign_up(hub: Hub, name: str, **options) -> Learner:
    """``name`` logged in for the first time, with their sign-up code."""
    learner = Learner(hub.url, name, code=hub.code(name), **options)
    learner.login()
    return learner


@pytest.fixture(scope="module")
def learners(hub: Hub) -> dict[str, Learner]:
    teacher = Learner(hub.url, "teacher", password=TEACHER_PASSWORD)
    teacher.login()
    people = {"teacher": teacher, "alice": sign_up(hub, "alice"), "bob": sign_up(hub, "bob")}
    for person in people.values():
        person.wait_for_server(180)
    return people


def command_line(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:  # ended since
        return b""


def home(hub: Hub, name: str) -> Path:
    """``name``'s home folder."""
    return Path(pwd.getpwnam(f"learner-{name}").pw_dir) if ACCOUNTS == "system" else hub.folder / "home" / name


def progress(hub: Hub, name: str) -> Path:
    """Where ``name``'s stars are kept: a folder of their own in the class folder."""
    return hub.folder / "class" / "progress" / name / f"{name}.json"


def names(answer) -> list[str]:
    assert answer.status_code == 200, answer.text
    return sorted(item["name"] for item in answer.json()["content"])


def test_each_learner_has_their_own_copy_of_the_lessons(hub: Hub, learners: dict[str, Learner]) -> None:
    alice, bob = learners["alice"], learners["bob"]
    assert names(alice.server("GET", "/contents/lessons")) == LESSONS
    assert names(bob.server("GET", "/contents/lessons")) == LESSONS
    original = (hub.folder / "lessons" / "01-start-here.ipynb").read_bytes()
    notebook = alice.server("GET", "/contents/lessons/01-start-here.ipynb").json()
    notebook["content"]["cells"].insert(0, {"cell_type": "markdown", "metadata": {}, "source": "Alice's note"})
    saved = alice.server("PUT", "/contents/lessons/01-start-here.ipynb",
                         json={"type": "notebook", "content": notebook["content"]})
    assert saved.status_code == 200, saved.text
    cells = bob.server("GET", "/contents/lessons/01-start-here.ipynb").json()["content"]["cells"]
    assert "Alice's note" not in json.dumps(cells[0])
    assert (hub.folder / "lessons" / "01-start-here.ipynb").read_bytes() == original
    assert (home(hub, "alice") / "lessons" / "01-start-here.ipynb").read_bytes() != original


def test_a_learner_cannot_open_another_learners_folder(learners: dict[str, Learner]) -> None:
    bob = learners["bob"]
    # through the hub: Bob's token does not open Alice's server; the teacher's does, to help her
    assert bob.server("GET", "/contents/lessons", owner="alice").status_code in (302, 403)
    assert names(learners["teacher"].server("GET", "/contents/lessons", owner="alice")) == LESSONS
    # Bob's own server ends at his folder
    assert bob.server("GET", "/contents/..%2Falice/lessons").status_code in (400, 403, 404)
    assert bob.server("GET", "/contents/" + str(Path("..") / "alice")).status_code in (400, 403, 404)
    # and the hub will not hand Bob a token of Alice's
    assert bob.hub_api("POST", "/users/alice/tokens", json={}).status_code in (403, 404)


def test_the_teacher_is_the_hubs_admin(learners: dict[str, Learner]) -> None:
    users = learners["teacher"].hub_api("GET", "/users")
    assert users.status_code == 200
    assert {"alice", "bob", "teacher"} <= {user["name"] for user in users.json()}
    assert learners["alice"].hub_api("GET", "/users").status_code == 403


def test_stars_land_in_the_class_folder_and_survive_a_crash(hub: Hub, learners: dict[str, Learner]) -> None:
    alice = learners["alice"]
    kernel = alice.kernel()
    try:
        made, _ = kernel.run("from damlib.learn import STAGES\nfrom damlib.widgets import Learn\nLearn(STAGES)")
        # the first German level asks for one move of a man, h2-g3: done at par, 3 stars
        for square in ("h2", "g3"):
            kernel.click(kernel.board(made), square)
        saved = json.loads(progress(hub, "alice").read_text())
        assert saved["learner"] == "alice" and saved["stars"] == {"de-board-1": 3}
        kernel.send("execute_request", {"code": "import os; os._exit(1)", "silent": False})
        deadline = time.monotonic() + 90
        while True:  # the server restarts a kernel that died
            try:
                _, printed = kernel.run("from damlib.learn import Progress\n"
                                        "print(Progress('alice').stars('de-board-1'))", timeout=10)
                break
            except (HubError, OSError, websocket.WebSocketException):
                if time.monotonic() > deadline:
                    raise
                kernel.close()
                kernel = Kernel(alice, kernel.id)
        assert printed.strip() == "3"
    finally:
        kernel.close()
    assert not progress(hub, "bob").exists()


def test_on_the_hub_learn_keeps_stars_under_the_login_name_only(hub: Hub, learners: dict[str, Learner]) -> None:
    kernel = learners["bob"].kernel()
    try:
        made, printed = kernel.run("from damlib.learn import STAGES\nfrom damlib.widgets import Learn\n"
                                   "learn = Learn(STAGES)\nlearn.sign_in('carl')\n"
                                   "print(learn.name.value, learn.name.disabled)")
        assert printed.split() == ["bob", "True"]  # another name is refused, the box is not editable
        for square in ("h2", "g3"):
            kernel.click(kernel.board(made), square)
    finally:
        kernel.close()
    assert json.loads(progress(hub, "bob").read_text())["stars"] == {"de-board-1": 3}
    assert not list((hub.folder / "class").rglob("carl*"))


def test_the_hub_is_closed_to_strangers(hub: Hub, learners: dict[str, Learner]) -> None:
    # not on the class list: refused, and the password tried is not kept for the name
    with pytest.raises(HubError):
        Learner(hub.url, "dora", password="a-strangers-guess").login()
    # the teacher adds a learner on the admin page (the same REST call): she signs up herself
    assert learners["teacher"].hub_api("POST", "/users/dora").status_code == 201
    sign_up(hub, "dora", password="doras-own-password")
    with pytest.raises(HubError):  # the stranger's earlier guess does not open her account
        Learner(hub.url, "dora", password="a-strangers-guess").login()
    assert learners["alice"].hub_api("POST", "/users/mallory").status_code == 403  # only the teacher adds


def test_a_first_login_needs_the_names_sign_up_code(hub: Hub, learners: dict[str, Learner]) -> None:
    teacher = learners["teacher"]
    page = teacher.session.get(f"{hub.url}/hub/sign-up-codes", timeout=30)
    assert page.status_code == 200 and hub.code("carl") in page.text and "alice" not in page.text  # she signed up
    cards = teacher.session.get(f"{hub.url}/hub/sign-up-codes.pdf", timeout=60)
    assert cards.content.startswith(b"%PDF") and cards.headers["Content-Type"] == "application/pdf"
    assert learners["alice"].session.get(f"{hub.url}/hub/sign-up-codes", timeout=30).status_code == 403
    # a stranger who knows the name "carl" but not his code cannot take it
    for code in ("", "wrong-code"):
        with pytest.raises(HubError, match="sign-up code"):
            Learner(hub.url, "carl", password="a-strangers-guess", code=code).login(follow=False)
    code = hub.code("carl")
    sign_up(hub, "carl", password="carls-own-password").wait_for_server(180)
    with pytest.raises(HubError):  # used once: it opens nothing after
        Learner(hub.url, "carl", password="a-strangers-guess", code=code).login(follow=False)
    assert "carl" not in json.loads((hub.folder / "signup-codes.json").read_text())


@needs_accounts
def test_no_learner_can_make_replace_or_block_where_anothers_stars_go(hub: Hub, learners: dict[str, Learner]) -> None:
    from damlib.learn import class_report

    folder = hub.folder / "class" / "progress"
    # as Alice, in her kernel: every way the issue found to block another learner's stars
    attacks = f"""
import os
from pathlib import Path
folder = Path({str(folder)!r})
mine = folder / "alice" / "squat.json"
mine.write_text('{{"format": "damlib progress 1", "learner": "carl", "stars": {{"de-board-1": 3}}}}')
for attack in (lambda: (folder / "carl.json").write_text(mine.read_text()),
               lambda: (folder / "dora").mkdir(),
               lambda: os.symlink("/etc/passwd", folder / "dora.json"),
               lambda: (folder / "carl" / "carl.json").write_text(mine.read_text()),
               lambda: os.symlink("/etc/passwd", folder / "carl" / "carl.json"),
               lambda: os.replace(mine, folder / "bob" / "bob.json"),
               lambda: os.unlink(folder / "bob" / "bob.json"),
               lambda: os.listdir(folder),
               lambda: os.listdir(folder / "bob")):
    try:
        attack()
        print("done")
    except OSError:
        print("refused")
mine.unlink()
"""
    kernel = learners["alice"].kernel()
    try:
        printed = kernel.run(attacks)[1]
    finally:
        kernel.close()
    assert printed.split() == ["refused"] * 9
    for name in ("alice", "bob", "carl"):  # each folder: its learner's account writes, the teachers read
        info = (folder / name).stat()
        assert (pwd.getpwuid(info.st_uid).pw_name, info.st_mode & 0o7777) == (f"learner-{name}", 0o2750)
    # Carl (signed up above) keeps his stars, and the class view reads every learner's folder
    carl = Learner(hub.url, "carl", password="carls-own-password")
    carl.login()
    carl.wait_for_server(180)
    kernel = carl.kernel()
    try:
        made, _ = kernel.run("from damlib.learn import STAGES\nfrom damlib.widgets import Learn\nLearn(STAGES)")
        for square in ("h2", "g3"):
            kernel.click(kernel.board(made), square)
    finally:
        kernel.close()
    report = class_report(folder)
    assert {(row.learner, row.file, row.owner) for row in report.rows} == {
        (name, f"{name}/{name}.json", f"learner-{name}") for name in ("alice", "bob", "carl")}
    assert report.warnings == ()
    assert all(row.level_stars == {"de-board-1": 3} for row in report.rows)


def test_deleting_a_learner_while_their_server_starts_and_adding_them_again(hub: Hub,
                                                                          learners: dict[str, Learner]) -> None:
    import threading

    teacher = learners["teacher"]
    assert teacher.hub_api("POST", "/users/fred").status_code == 201
    first = hub.code("fred")
    starting = threading.Thread(target=teacher.hub_api, args=("POST", "/users/fred/server"))
    starting.start()
    try:
        deadline = time.monotonic() + 10
        while teacher.hub_api("GET", "/users/fred").json().get("pending") != "spawn":
            assert time.monotonic() < deadline, "fred's server never started"
            time.sleep(0.05)
        deleted = teacher.hub_api("DELETE", "/users/fred")
    finally:
        starting.join()
    assert deleted.status_code == 204, deleted.text
    assert teacher.hub_api("GET", "/users/fred").status_code == 404
    assert not hub.learner_processes("fred")  # the server that was starting is stopped
    assert teacher.hub_api("POST", "/users/fred").status_code == 201
    assert hub.code("fred") != first  # a new code, to hand out again
    with pytest.raises(HubError):
        Learner(hub.url, "fred", code=first).login(follow=False)


@needs_accounts
def test_nothing_in_the_hubs_folder_that_names_other_learners_is_readable_by_a_learner(
        hub: Hub, learners: dict[str, Learner]) -> None:
    walk = f"""
import os
readable = []
for top, folders, files in os.walk({str(hub.folder)!r}):
    for name in files:
        try:
            with open(os.path.join(top, name), "rb") as file:
                file.read(1)
            readable.append(os.path.relpath(os.path.join(top, name), {str(hub.folder)!r}))
        except OSError:
            pass
print(os.access({str(hub.folder)!r}, os.R_OK), *readable)
"""
    kernel = learners["alice"].kernel()
    try:
        listable, *readable = kernel.run(walk)[1].split()
    finally:
        kernel.close()
    assert listable == "False"  # the hub's folder cannot be listed, nor can the class folder
    lessons = {f"lessons/{name}" for name in LESSONS}
    assert set(readable) <= lessons | {"class/progress/alice/alice.json"}, set(readable) - lessons
    # the hub's own files (its log, the class list, the databases, the codes): its account's only
    files = {path.name: path.stat().st_mode & 0o077 for path in hub.folder.iterdir() if path.is_file()}
    assert {"hub.log", "class-list.txt", "jupyterhub.sqlite", "signup-codes.json"} <= set(files)
    assert files == dict.fromkeys(files, 0)


def test_failed_logins_slow_a_name_down_then_lock_it_until_the_teacher_unlocks_it(
        hub: Hub, learners: dict[str, Learner]) -> None:
    bob = Learner(hub.url, "bob")
    bob.session.get(f"{hub.url}/hub/login", timeout=30)

    def refused(password: str) -> str:
        answer = bob.post_login(password)
        assert answer.status_code == 403
        return Learner.login_error(answer)

    for _ in range(3):
        assert refused("a-wrong-guess") == "Invalid username or password"
    assert refused(bob.password).startswith("Too many failed logins: try again in 1 second")  # even the right one
    time.sleep(1.1)
    assert refused("a-wrong-guess") == "Invalid username or password"
    assert refused("a-wrong-guess").startswith("Too many failed logins: try again in 2 seconds")
    time.sleep(2.1)
    refused("a-wrong-guess")  # the fifth: locked
    time.sleep(1.1)
    assert refused(bob.password).startswith("This name is locked after 5 failed logins")
    teacher = learners["teacher"]
    page = teacher.session.get(f"{hub.url}/hub/sign-up-codes", timeout=30).text
    assert "bob" in page and "Unlock" in page
    alice = learners["alice"]
    assert alice.session.post(f"{hub.url}/hub/unlock", data={"name": "bob", "_xsrf": alice._xsrf()},
                              timeout=30, allow_redirects=False).status_code == 403
    unlocked = teacher.session.post(f"{hub.url}/hub/unlock", data={"name": "bob", "_xsrf": teacher._xsrf()},
                                    timeout=30, allow_redirects=False)
    assert unlocked.status_code == 302
    assert bob.post_login().status_code == 302


@pytest.mark.skipif(limits.parent() is None or ACCOUNTS != "system",
                    reason="needs root and cgroups this process may write (a cgroup per learner): "
                           "without them only the limit per process holds")
def test_a_learners_processes_together_are_held_to_the_learners_limit(hub: Hub, learners: dict[str, Learner]) -> None:
    bob = learners["bob"]
    shm = Path("/dev/shm") / f"damlib-test-{os.getpid()}"
    kernel = bob.kernel()
    try:
        # three children of 400 MB each: under the limit per process (1G), over the learner's together
        _, printed = kernel.run("import subprocess, sys\nchildren = [subprocess.Popen([sys.executable, '-c', "
                                "'import time; hog = b\"x\" * (400 * 1024**2); time.sleep(2)']) for _ in range(3)]\n"
                                "print(*sorted(child.wait() for child in children))")
        assert "-9" in printed.split(), printed  # one at least was stopped by the learner's limit
        # 1.5 GB written to /dev/shm, in the background: at most the learner's limit is kept
        kernel.run(f"import subprocess\nsubprocess.Popen(['dd', 'if=/dev/zero', 'of={shm}', 'bs=1M', 'count=1500'],"
                   " stderr=subprocess.DEVNULL, start_new_session=True)")
    finally:
        kernel.close()
    deadline = time.monotonic() + 60
    while any(b"if=/dev/zero" in command_line(pid) for pid in hub.learner_processes("bob")):
        assert time.monotonic() < deadline
        time.sleep(0.5)
    try:
        assert shm.stat().st_size <= 1024**3
        # still charged to Bob's cgroup (the limit may have stopped his server): his next start removes it
        assert bob.hub_api("DELETE", "/users/bob/server").status_code in (202, 204)
        bob.wait_for_server(180)
        assert not shm.exists()
    finally:
        shm.unlink(missing_ok=True)
    alice = learners["alice"].kernel()
    try:
        assert alice.run("print(6 * 7)")[1].strip() == "42"  # another learner's kernel is untouched
    finally:
        alice.close()


def test_a_kernel_past_its_memory_limit_is_refused_and_others_keep_working(learners: dict[str, Learner]) -> None:
    alice, bob = learners["alice"].kernel(), learners["bob"].kernel()
    try:
        _, printed = alice.run("try:\n    hog = bytearray(2 * 1024**3)\nexcept MemoryError:\n    print('refused')")
        assert printed.strip() == "refused"
        assert bob.run("print(6 * 7)")[1].strip() == "42"  # another learner's kernel is untouched
        assert alice.run("print(len(bytearray(10**6)))")[1].strip() == "1000000"  # and hers goes on
    finally:
        alice.close()
        bob.close()


@pytest.fixture
def short_folder():
    """A folder with a short path: kernels' sockets under it must stay within 107 characters."""
    folder = Path(tempfile.mkdtemp(prefix="dl-"))
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def test_hubctl_waits_for_the_hub_keeps_servers_across_a_restart_and_stops_at_once(short_folder: Path) -> None:
    from hubclient import free_port

    # hubctl as install.sh leaves it (PREFIX/src/deploy/hubctl, PREFIX/venv), run as the installed hub
    prefix, state = short_folder / "opt", short_folder / "srv"
    prefix.mkdir()
    (prefix / "src").symlink_to(ROOT)
    (prefix / "venv").symlink_to(Path(sys.executable).parent.parent)
    (state / "lessons").mkdir(parents=True)
    for lesson in sorted((ROOT / "notebooks").glob("*.ipynb")):
        shutil.copyfile(lesson, state / "lessons" / lesson.name)
    (state / "class-list.txt").write_text("alice\n")
    port, api = free_port(), free_port()
    (state / "hub.env").write_text(
        f"PATH={Path(sys.executable).parent}:{os.environ['PATH']}\nPYTHONPATH={ROOT}\nDAMLIB_TEACHER=teacher\n"
        f"DAMLIB_HUB_DIR={state}\nDAMLIB_HUB_IP=127.0.0.1\nDAMLIB_HUB_PORT={port}\nDAMLIB_HUB_API_PORT={api}\n"
        f"DAMLIB_PROXY_API_PORT={free_port()}\nDAMLIB_CLASS_LIST={state / 'class-list.txt'}\n"
        "DAMLIB_HUB_ACCOUNTS=shared\nDAMLIB_LOGIN_ADDRESS_WAIT_AFTER=3\n")
    url = f"http://127.0.0.1:{port}"

    def hubctl(*command: str, password: str = "") -> subprocess.CompletedProcess[str]:
        env = dict(os.environ, DAMLIB_HUB_DIR=str(state), DAMLIB_TEACHER_PASSWORD=password)
        return subprocess.run([str(prefix / "src" / "deploy" / "hubctl"), *command], capture_output=True, text=True,
                              env=env, timeout=120)

    assert hubctl("password", "teacher", password="teachers-first").stdout.startswith("The password of teacher is set")
    try:
        started = hubctl("start")
        assert started.returncode == 0, started.stderr
        assert requests.get(f"{url}/hub/api/", timeout=5).ok  # answering as soon as hubctl says it runs
        assert (state / "hub.log").stat().st_mode & 0o077 == 0  # it names every learner
        alice = Learner(url, "alice", code=json.loads((state / "signup-codes.json").read_text())["alice"])
        alice.login()
        alice.wait_for_server(120)
        kernel = alice.kernel()
        kernel.run("unsaved = 41")
        kernel.close()
        server = sorted(processes_naming("JUPYTERHUB_USER=alice\0", f"127.0.0.1:{api}"))
        # an install run again keeps the teacher's password
        assert "is kept" in hubctl("password", "teacher", password="someone-elses").stdout
        assert hubctl("restart").returncode == 0
        assert sorted(processes_naming("JUPYTERHUB_USER=alice\0", f"127.0.0.1:{api}")) == server
        kernel = Kernel(alice, kernel.id)  # the same kernel, through the hub started again
        assert kernel.run("print(unsaved + 1)")[1].strip() == "42"
        kernel.close()
        Learner(url, "teacher", password="teachers-first").login(follow=False)
        # failed logins from one address slow it down, whichever names it tries
        for name in ("eve", "mallory", "trent"):
            with pytest.raises(HubError, match="Invalid username or password"):
                Learner(url, name).login(follow=False)
        with pytest.raises(HubError, match="Too many failed logins"):
            Learner(url, "teacher", password="teachers-first").login(follow=False)
    finally:
        began = time.monotonic()
        stopped = hubctl("stop")
        took = time.monotonic() - began
    assert stopped.returncode == 0 and "killed" not in stopped.stderr, stopped.stderr
    assert took < 15, f"hubctl stop took {took:.1f} s"
    assert processes_naming(f"127.0.0.1:{api}") == []


def test_the_hub_speaks_https_with_the_schools_certificate(tmp_path: Path) -> None:
    import subprocess

    cert, key = tmp_path / "hub.crt", tmp_path / "hub.key"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=127.0.0.1",
                    "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", str(key), "-out", str(cert)],
                   check=True, capture_output=True)
    hub = Hub(tmp_path / "hub", ROOT / "notebooks", learners=("alice",), tls=(cert, key))
    try:
        hub.wait(90)
        assert hub.url.startswith("https://")
        alice = Learner(hub.url, "alice", verify=hub.verify, code=hub.code("alice"))
        assert alice.login().url.startswith("https://127.0.0.1")
        assert alice.hub_api("GET", "/user").json()["name"] == "alice"
        with pytest.raises(requests.exceptions.SSLError):  # a certificate nobody trusts is refused
            requests.get(hub.url + "/hub/login", timeout=10)
        with pytest.raises(requests.exceptions.ConnectionError):  # and there is no plain HTTP beside it
            requests.get(hub.url.replace("https", "http", 1) + "/hub/login", timeout=10)
    finally:
        hub.stop()


def test_the_hub_names_learners_accounts_as_the_class_view_reads_them() -> None:
    from classhub import ClassSpawner

    from damlib.teach.learn.report import HUB_ACCOUNT

    assert ClassSpawner.prefix.default_value == HUB_ACCOUNT == "learner-"


def test_learners_servers_listen_where_no_kernel_takes_a_port(hub: Hub, learners: dict[str, Learner]) -> None:
    # every kernel binds its output pipe to a random port from 49152, and the system gives port-0
    # sockets one from 32768: a server given such a port, starting slowly among thirty, found it taken
    import socket

    from classhub import SERVER_PORTS, server_port

    for name in learners:
        environments = [Path(f"/proc/{pid}/environ").read_bytes() for pid in hub.learner_processes(name)]
        urls = {part for environment in environments for part in environment.split(b"\0")
                if part.startswith(b"JUPYTERHUB_SERVICE_URL=")}
        assert urls and all(int(url.rsplit(b":", 1)[1].split(b"/")[0]) in SERVER_PORTS for url in urls), urls
    low = int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])
    assert SERVER_PORTS.stop <= min(low, 49152)
    with socket.socket() as held:
        taken = server_port()
        held.bind(("127.0.0.1", taken))
        assert server_port(range(taken, taken + 2)) == taken + 1  # a port held is passed over
        with pytest.raises(RuntimeError, match="no free port"):
            server_port(range(taken, taken + 1))
