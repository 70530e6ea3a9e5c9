"""A learner as a program: logs in to the class hub through its login page, waits for their
server, runs a lesson's cells and clicks its boards over the kernel protocol, as JupyterLab would.
tests/test_hub.py and benchmarks/classroom.py drive the hub with it.

It needs ``requests`` and ``websocket-client`` (both come with JupyterLab)."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import requests
import websocket

HERE = Path(__file__).resolve().parent


class HubError(RuntimeError):
    """The hub or a learner's server did not do what a learner needs."""


def free_port() -> int:
    import socket
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Hub:
    """The class hub on 127.0.0.1, its state in ``folder``; ``learners`` make its class list. With
    ``accounts="shared"`` every server runs as this Unix user; with ``"system"`` (as root) each
    learner's as their own account, made on their first start, the folders laid out as install.sh
    does. The teacher's password is set beforehand, as install.sh does; learners sign up with their
    code (:meth:`code`). With ``tls`` (a certificate and its key) it speaks HTTPS, and
    :attr:`verify` is the certificate to trust. :meth:`stop` ends the hub and everything it started."""

    def __init__(self, folder: Path, lessons: Path, teacher: str = "teacher", pythonpath: str = "", *,
                 learners: tuple[str, ...] = (), tls: tuple[Path, Path] | None = None,
                 memory: str | None = None, accounts: str = "shared", settings: dict[str, str] | None = None) -> None:
        self.folder = folder
        (folder / "lessons").mkdir(parents=True, exist_ok=True)
        for lesson in sorted(lessons.glob("*.ipynb")):
            (folder / "lessons" / lesson.name).write_bytes(lesson.read_bytes())
        (folder / "class-list.txt").write_text("\n".join(learners) + "\n", encoding="utf-8")
        if accounts == "system":
            lay_out(folder)
        set_password(folder / "passwords.dbm", teacher, TEACHER_PASSWORD)
        self.port, self.api_port = free_port(), free_port()
        self.url = f"{'https' if tls else 'http'}://127.0.0.1:{self.port}"
        self.verify: str | bool = str(tls[0]) if tls else True
        self.env = dict(os.environ, DAMLIB_HUB_DIR=str(folder), DAMLIB_HUB_ACCOUNTS=accounts, DAMLIB_TEACHER=teacher,
                        DAMLIB_HUB_IP="127.0.0.1", DAMLIB_HUB_PORT=str(self.port),
                        DAMLIB_HUB_API_PORT=str(self.api_port), DAMLIB_PROXY_API_PORT=str(free_port()),
                        DAMLIB_CLASS_LIST=str(folder / "class-list.txt"), **(settings or {}))
        if tls:
            self.env.update(DAMLIB_HUB_SSL_CERT=str(tls[0]), DAMLIB_HUB_SSL_KEY=str(tls[1]))
        if memory:
            self.env["DAMLIB_MEM_LIMIT"] = memory
        if pythonpath:
            self.env["PYTHONPATH"] = pythonpath
        self.start()

    def start(self) -> None:
        """Start the hub (again, after :meth:`stop_hub`: the learners' servers it left are taken over)."""
        self.log = open(self.folder / "hub.log", "ab")
        os.chmod(self.folder / "hub.log", 0o600)
        # with SIGINT as it should be: started from a script run in the background, the hub and the
        # culler it starts would ignore it, and the hub then waits 30 s for the culler at each stop
        self.process = subprocess.Popen([sys.executable, "-m", "jupyterhub", "-f", str(HERE / "jupyterhub_config.py")],
                                        cwd=self.folder, env=self.env, stdout=self.log, stderr=subprocess.STDOUT,
                                        start_new_session=True, umask=0o077,
                                        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))

    def code(self, name: str) -> str:
        """``name``'s sign-up code, as the teacher reads it."""
        codes = json.loads((self.folder / "signup-codes.json").read_text())
        return str(codes[name])

    def wait(self, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise HubError(f"the hub stopped: {self.tail()}")
            try:
                if requests.get(f"{self.url}/hub/api/", timeout=2, verify=self.verify).ok:
                    return
            except requests.ConnectionError:
                pass
            time.sleep(0.3)
        raise HubError(f"the hub did not answer in {timeout} s: {self.tail()}")

    def tail(self) -> str:
        self.log.flush()
        return (self.folder / "hub.log").read_text(errors="replace")[-3000:]

    def stop_hub(self) -> None:
        """Stop the hub alone (it stops its proxy and the culler, and leaves the learners' servers)."""
        self.process.terminate()
        try:
            self.process.wait(30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(5)
        self.log.close()

    def stop(self) -> None:
        """Stop the hub, then end whatever is left: every process that names the hub's own port
        (servers and services in their environment, the proxy in its command line)."""
        self.stop_hub()
        for pid in processes_naming(f"127.0.0.1:{self.api_port}"):
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        deadline = time.monotonic() + 10
        while processes_naming(f"127.0.0.1:{self.api_port}") and time.monotonic() < deadline:
            time.sleep(0.1)  # the kernel takes a moment to end them

    def learner_processes(self, name: str) -> list[int]:
        """The processes of ``name``'s server and kernels."""
        return processes_naming(f"JUPYTERHUB_USER={name}\0", f"127.0.0.1:{self.api_port}")


#: the teacher's password, which install.sh sets
TEACHER_PASSWORD = "teachers-own-password"


def set_password(path: Path, name: str, password: str) -> None:
    """Keep ``password`` for ``name`` in the hub's password file, as install.sh does for the teacher."""
    import dbm

    import bcrypt

    with dbm.open(str(path), "c", 0o600) as db:
        db[name] = bcrypt.hashpw(password.encode(), bcrypt.gensalt())


def lay_out(folder: Path) -> None:
    """The hub's folder as install.sh lays it out for learners' own accounts: the hub's files closed,
    the lessons readable, the class folder root's and the teachers' group's."""
    subprocess.run(["sh", "-c", "getent group damlib-teachers >/dev/null || groupadd damlib-teachers"], check=True)
    (folder / "class" / "progress").mkdir(parents=True, exist_ok=True)
    folder.chmod(0o711)
    (folder / "class").chmod(0o711)
    (folder / "class-list.txt").chmod(0o600)
    subprocess.run(["chmod", "-R", "a+rX,go-w", str(folder / "lessons")], check=True)
    shutil.chown(folder / "class" / "progress", "root", "damlib-teachers")
    (folder / "class" / "progress").chmod(0o2771)


def processes_naming(*texts: str) -> list[int]:
    """The ids of this user's processes whose environment or command line holds all of ``texts``."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and int(entry.name) != os.getpid():
            try:
                seen = (entry / "environ").read_bytes() + b"\0" + (entry / "cmdline").read_bytes()
            except OSError:
                continue
            if all(text.encode() in seen for text in texts):
                found.append(int(entry.name))
    return found


def memory_mb(pids: list[int]) -> float:
    """The proportional set size of ``pids`` together, in MB: shared pages counted once across them."""
    total = 0
    for pid in pids:
        try:
            for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
                if line.startswith("Pss:"):
                    total += int(line.split()[1])
        except OSError:
            continue
    return total / 1024


@dataclass
class Learner:
    """One learner's browser: a session with the hub's cookies, then a token for their server."""

    hub: str
    name: str
    password: str = "chess-is-not-draughts"
    #: the sign-up code a first login needs
    code: str = ""
    session: requests.Session = field(default_factory=requests.Session)
    token: str = ""
    #: the certificate to trust where the hub speaks HTTPS with its own (:attr:`Hub.verify`); passed
    #: with each request, as a session's own is overridden by REQUESTS_CA_BUNDLE where that is set
    verify: str | bool = True

    def login(self, *, follow: bool = True) -> requests.Response:
        """Fill in and send the hub's login form, as a browser does; the hub starts their server
        (unless ``follow`` is false: then only the form's answer is taken, not where it leads)."""
        self.session.get(f"{self.hub}/hub/login", timeout=30, verify=self.verify).raise_for_status()
        answer = self.post_login()
        if answer.status_code != 302 or "/hub/login" in answer.headers.get("Location", ""):
            raise HubError(f"{self.name} could not log in: {answer.status_code} {self.login_error(answer)}")
        if not follow:
            return answer
        answer = self.session.get(requests.compat.urljoin(answer.url, answer.headers["Location"]), timeout=120,
                                  verify=self.verify)
        if answer.status_code >= 400 or "/hub/login" in answer.url:
            raise HubError(f"{self.name} could not log in: {answer.status_code} {answer.url}")
        return answer

    def post_login(self, password: str | None = None) -> requests.Response:
        """The login form sent (the login page fetched before), its answer not followed."""
        data = {"username": self.name, "password": self.password if password is None else password,
                "otp": self.code, "_xsrf": self._xsrf()}
        return self.session.post(f"{self.hub}/hub/login?next=", timeout=120, verify=self.verify, data=data,
                                 allow_redirects=False)

    @staticmethod
    def login_error(answer: requests.Response) -> str:
        """What the login page says went wrong."""
        import re

        found = re.search(r'<p class="login_error">(.*?)</p>', answer.text, re.S)
        return found.group(1) if found else ""

    def _xsrf(self) -> str:
        """The hub's XSRF cookie (a server already running when the learner logs in sets its own,
        under /user/NAME/, beside it)."""
        hub = (c.value or "" for c in self.session.cookies if c.name == "_xsrf" and c.path.startswith("/hub"))
        return next(hub, "")

    def hub_api(self, method: str, path: str, **kwargs: Any) -> requests.Response:
        headers = {"X-XSRFToken": self._xsrf()}
        return self.session.request(method, f"{self.hub}/hub/api{path}", headers=headers, timeout=30,
                                    verify=self.verify, **kwargs)

    def wait_for_server(self, timeout: float = 120) -> None:
        """Wait until the learner's server answers, and take a token for it."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            model = self.hub_api("GET", f"/users/{self.name}").json()
            if model.get("servers", {}).get("", {}).get("ready"):
                break
            if not model.get("pending") and not model.get("servers"):
                self.hub_api("POST", f"/users/{self.name}/server")
            self._follow_progress(deadline)
        else:
            raise HubError(f"{self.name}'s server was not ready in {timeout} s")
        if not self.token:
            answer = self.hub_api("POST", f"/users/{self.name}/tokens", json={"note": "hubclient", "expires_in": 7200})
            answer.raise_for_status()
            self.token = answer.json()["token"]

    def _follow_progress(self, deadline: float) -> None:
        """Listen to the hub's news of the learner's server starting until it is ready, fails or the
        hub ends the stream, as a browser's spawn page does: one request held open, where thirty
        learners asking each second took much of the hub's time."""
        url = f"{self.hub}/hub/api/users/{self.name}/server/progress"
        try:
            # the hub sends a keep-alive every 8 s: a read waits longer than that
            with self.session.get(url, headers={"X-XSRFToken": self._xsrf()}, stream=True, timeout=(10, 30),
                                  verify=self.verify) as stream:
                for line in stream.iter_lines() if stream.ok else ():
                    news = json.loads(line[5:]) if line.startswith(b"data:") else {}
                    if news.get("ready") or news.get("failed") or time.monotonic() > deadline:
                        return
        except requests.RequestException:
            pass  # the hub busy or restarting: asked again
        time.sleep(1)  # no news (no server pending): not asked again at once

    def server(self, method: str, path: str, owner: str | None = None, **kwargs: Any) -> requests.Response:
        """A request to a server's REST API (the learner's own, or ``owner``'s) with the learner's token."""
        url = f"{self.hub}/user/{owner or self.name}/api{path}"
        return requests.request(method, url, headers={"Authorization": f"token {self.token}"}, timeout=60,
                                allow_redirects=False, verify=self.verify, **kwargs)

    def kernel(self) -> Kernel:
        answer = self.server("POST", "/kernels", json={"name": "python3"})
        answer.raise_for_status()
        return Kernel(self, answer.json()["id"])


class Kernel:
    """A kernel of the learner's server, over its websocket: run code, click widgets by their models."""

    def __init__(self, learner: Learner, kernel_id: str) -> None:
        self.learner, self.id = learner, kernel_id
        url = learner.hub.replace("http", "ws", 1) + f"/user/{learner.name}/api/kernels/{kernel_id}/channels"
        tls = {"ca_certs": learner.verify} if isinstance(learner.verify, str) else {}
        self.socket = websocket.create_connection(url, header=[f"Authorization: token {learner.token}"], timeout=120,
                                                  sslopt=tls)
        self.session = uuid.uuid4().hex
        #: widget models seen: comm id -> (the request that made them, their state)
        self.models: dict[str, tuple[str, dict[str, Any]]] = {}

    def send(self, msg_type: str, content: dict[str, Any], channel: str = "shell") -> str:
        msg_id = uuid.uuid4().hex
        header = {"msg_id": msg_id, "msg_type": msg_type, "username": self.learner.name, "session": self.session,
                  "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "version": "5.3"}
        self.socket.send(json.dumps({"header": header, "parent_header": {}, "metadata": {}, "content": content,
                                     "channel": channel, "buffers": []}))
        return msg_id

    def wait_idle(self, msg_id: str, timeout: float = 300) -> list[dict[str, Any]]:
        """Every message in answer to ``msg_id`` until the kernel is idle again; comm models are noted."""
        deadline = time.monotonic() + timeout
        answers = []
        while time.monotonic() < deadline:
            self.socket.settimeout(max(0.1, deadline - time.monotonic()))
            message = json.loads(self.socket.recv())
            if message.get("parent_header", {}).get("msg_id") != msg_id:
                continue
            answers.append(message)
            kind, content = message["header"]["msg_type"], message["content"]
            if kind == "comm_open" and content.get("target_name") == "jupyter.widget":
                self.models[content["comm_id"]] = (msg_id, content["data"]["state"])
            elif kind == "comm_msg" and content.get("data", {}).get("method") == "update" and \
                    content["comm_id"] in self.models:  # a label set after the widget was made
                made_by, state = self.models[content["comm_id"]]
                state.update(content["data"].get("state", {}))
            if kind == "error":
                raise HubError(f"the kernel raised {content['ename']}: {content['evalue']}")
            if kind == "status" and content["execution_state"] == "idle":
                return answers
        raise HubError(f"no answer to {msg_id} in {timeout} s")

    def run(self, code: str, timeout: float = 300) -> tuple[str, str]:
        """Run ``code``; return the request's id and what it printed."""
        msg_id = self.send("execute_request", {"code": code, "silent": False, "store_history": True,
                                               "user_expressions": {}, "allow_stdin": False, "stop_on_error": True})
        answers = self.wait_idle(msg_id, timeout)
        printed = "".join(a["content"].get("text", "") for a in answers if a["header"]["msg_type"] == "stream")
        return msg_id, printed

    def run_notebook(self, path: str) -> list[str]:
        """Run every code cell of the learner's notebook at ``path``; return each cell's request id."""
        answer = self.learner.server("GET", f"/contents/{path}")
        answer.raise_for_status()
        cells = answer.json()["content"]["cells"]
        return [self.run("".join(cell["source"]))[0] for cell in cells if cell["cell_type"] == "code"]

    def button(self, made_by: str, description: str = "", tooltip: str = "") -> str:
        """The comm id of the button that request ``made_by`` drew with this description or tooltip."""
        for comm_id, (request, state) in self.models.items():
            if request == made_by and state.get("_model_name") == "ButtonModel" and (
                    (description and state.get("description") == description)
                    or (tooltip and state.get("tooltip") == tooltip)):
                return comm_id
        raise HubError(f"no button {description or tooltip!r} drawn by {made_by}")

    def board(self, made_by: str, index: int = 0) -> str:
        """The comm id of the ``index``-th board (damlib.widgets.Board) that request ``made_by`` drew."""
        boards = [comm_id for comm_id, (request, state) in self.models.items()
                  if request == made_by and state.get("_anywidget_id") == "damlib.widgets.board.Board"]
        if len(boards) <= index:
            raise HubError(f"no board {index} drawn by {made_by}")
        return boards[index]

    def click(self, comm_id: str, square: str | None = None) -> int:
        """Click a button, or a ``square`` of a board, as the browser does; wait until the kernel
        has sent the new picture. Return how many widget updates it sent."""
        content = {"event": "click"} if square is None else {"event": "click", "square": square}
        click = {"method": "custom", "content": content}
        msg_id = self.send("comm_msg", {"comm_id": comm_id, "data": click})
        return sum(a["header"]["msg_type"] == "comm_msg" for a in self.wait_idle(msg_id, 60))

    def close(self) -> None:
        self.socket.close()
