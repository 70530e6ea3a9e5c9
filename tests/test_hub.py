"""The class hub (deploy/): started on 127.0.0.1, two learners and the teacher log in through the
login page; each learner has their own copy of the lessons, cannot reach the other's, and their
Learn stars land in the class folder, still there after their kernel crashes.

The servers run as the test's own Unix user (DAMLIB_HUB_ACCOUNTS=shared): what is checked is what
the hub keeps apart (each learner reaches only their own server, whose files end at their
folder), not the Unix accounts the documented set-up adds. Without JupyterHub, the first-use
authenticator or configurable-http-proxy (deploy/README.md installs them) the test skips and says
why; under ``CI=true`` that is a failure, since ``.ci/run`` installs them. Every wait is bounded
and the hub, its proxy, servers and kernels are stopped at the end.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import sys
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

import websocket  # noqa: E402
from hubclient import Hub, HubError, Kernel, Learner, processes_naming  # noqa: E402

pytestmark = pytest.mark.hub
LESSONS = sorted(path.name for path in (ROOT / "notebooks").glob("*.ipynb"))
#: each learner process's memory limit (DAMLIB_MEM_LIMIT): room for a server and a lesson's kernel
MEMORY = "1G"


@pytest.fixture(scope="module")
def hub(tmp_path_factory: pytest.TempPathFactory):
    hub = Hub(tmp_path_factory.mktemp("hub"), ROOT / "notebooks", teacher="teacher", pythonpath=str(ROOT),
              learners=("alice", "bob"), memory=MEMORY)
    try:
        hub.wait(90)
        yield hub
    finally:
        hub.stop()
        assert processes_naming(f"127.0.0.1:{hub.api_port}") == [], "the hub left processes running"


@pytest.fixture(scope="module")
def learners(hub: Hub) -> dict[str, Learner]:
    people = {name: Learner(hub.url, name) for name in ("teacher", "alice", "bob")}
    for person in people.values():
        person.login()
    for person in people.values():
        person.wait_for_server(180)
    return people


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
    assert (hub.folder / "home" / "alice" / "lessons" / "01-start-here.ipynb").read_bytes() != original


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
        saved = json.loads((hub.folder / "class" / "progress" / "alice.json").read_text())
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
    assert not (hub.folder / "class" / "progress" / "bob.json").exists()


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
    folder = hub.folder / "class" / "progress"
    assert json.loads((folder / "bob.json").read_text())["stars"] == {"de-board-1": 3}
    assert not (folder / "carl.json").exists()


def test_the_hub_is_closed_to_strangers(hub: Hub, learners: dict[str, Learner]) -> None:
    # not on the class list: refused, and the password tried is not kept for the name
    with pytest.raises(HubError):
        Learner(hub.url, "dora", password="a-strangers-guess").login()
    # the teacher adds a learner on the admin page (the same REST call): she signs up herself
    assert learners["teacher"].hub_api("POST", "/users/dora").status_code == 201
    dora = Learner(hub.url, "dora", password="doras-own-password")
    dora.login()
    with pytest.raises(HubError):  # the stranger's earlier guess does not open her account
        Learner(hub.url, "dora", password="a-strangers-guess").login()
    assert learners["alice"].hub_api("POST", "/users/mallory").status_code == 403  # only the teacher adds


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
        alice = Learner(hub.url, "alice", verify=hub.verify)
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
