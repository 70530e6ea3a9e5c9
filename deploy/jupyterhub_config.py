"""JupyterHub for a class on one machine (see deploy/README.md).

Learners sign up with a name and a password they choose on their first login; each gets their own
copy of the lessons in their own folder; idle kernels and servers are stopped; the Learn levels'
progress files land in the class folder the teacher's progress notebook reads; the teacher is the
hub's admin. Settings come from the environment (deploy/install.sh writes them into the service):

DAMLIB_HUB_DIR      the hub's state: password and user databases, the lessons' originals
                    (lessons/), the class folder (class/progress/); default /srv/damlib
DAMLIB_TEACHER      the teacher's hub name, the admin; default teacher
DAMLIB_HUB_IP, DAMLIB_HUB_PORT   where learners connect; default all addresses, port 8000
DAMLIB_HUB_ACCOUNTS "system" (default): each learner's server runs as their own Unix account,
                    made on first start (the hub runs as root). "shared": every server runs as
                    the hub's own user with a home folder under DAMLIB_HUB_DIR/home, no accounts
                    made: for the tests and benchmarks/classroom.py only, it does not keep
                    learners' kernels out of each other's files.
DAMLIB_HUB_API_PORT, DAMLIB_PROXY_API_PORT   the hub's and the proxy's internal ports on 127.0.0.1
DAMLIB_CLASS_LIST   a file of the names allowed to sign up (any spacing: spaces, lines); the
                    teacher may also add learners on the admin page. Without it only the
                    teacher and the learners the teacher adds there may: never anyone who
                    reaches the hub
DAMLIB_MEM_LIMIT    the most memory a learner may take, e.g. 1G (default): each of their processes
                    (past it an allocation fails: MemoryError), and where the hub may write cgroups
                    all their processes and /dev/shm files together (deploy/limits.py); the rest of
                    the machine is untouched
DAMLIB_SIGN_UP_CODES  "yes" (default): a learner's first login needs their one-time sign-up code
                    (the teacher's page /hub/sign-up-codes); "no": the first to log in with a name
                    on the class list chooses its password
DAMLIB_LOGIN_WAIT_AFTER, DAMLIB_LOGIN_LOCK_AFTER   failed logins of a name before each next try must
                    wait (1, 2, 4 … 60 s; default 3), and before the name is locked until the teacher
                    unlocks it (default 10); DAMLIB_LOGIN_ADDRESS_WAIT_AFTER: failures from one
                    address in 10 minutes before it waits too (default 30)
DAMLIB_LANG         the class's language (eo, en, …): damlib speaks it in every learner's kernel, and
                    the lessons in it (lessons/eo/) open first; default English
DAMLIB_HUB_SSL_CERT, DAMLIB_HUB_SSL_KEY   a certificate and its key: the hub speaks HTTPS
"""

import os
import sys
from pathlib import Path

c = get_config()  # type: ignore[name-defined]  # noqa: F821 -- JupyterHub provides it

here = Path(__file__).resolve().parent
sys.path.insert(0, str(here))
state = Path(os.environ.get("DAMLIB_HUB_DIR", "/srv/damlib"))
lessons = state / "lessons"
class_folder = state / "class" / "progress"
teacher = os.environ.get("DAMLIB_TEACHER", "teacher")
accounts = os.environ.get("DAMLIB_HUB_ACCOUNTS", "system")

# -- where it listens and keeps its state
c.JupyterHub.ip = os.environ.get("DAMLIB_HUB_IP", "")
c.JupyterHub.port = int(os.environ.get("DAMLIB_HUB_PORT", "8000"))
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = int(os.environ.get("DAMLIB_HUB_API_PORT", "8081"))
c.ConfigurableHTTPProxy.api_url = f"http://127.0.0.1:{os.environ.get('DAMLIB_PROXY_API_PORT', '8001')}"
c.ConfigurableHTTPProxy.pid_file = str(state / "proxy.pid")
c.JupyterHub.db_url = f"sqlite:///{state / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(state / "jupyterhub_cookie_secret")
if os.environ.get("DAMLIB_HUB_SSL_CERT"):
    c.JupyterHub.ssl_cert = os.environ["DAMLIB_HUB_SSL_CERT"]
    c.JupyterHub.ssl_key = os.environ["DAMLIB_HUB_SSL_KEY"]

# -- who may log in: a name, its sign-up code and a password chosen on the first login; the
# teacher is the admin
c.JupyterHub.authenticator_class = "classhub.ClassAuthenticator"
c.FirstUseAuthenticator.dbm_path = str(state / "passwords.dbm")
c.ClassAuthenticator.codes_path = str(state / "signup-codes.json")
c.ClassAuthenticator.logins_path = str(state / "logins.json")
c.ClassAuthenticator.sign_up_codes = os.environ.get("DAMLIB_SIGN_UP_CODES", "yes") != "no"
c.ClassAuthenticator.tries_before_waiting = int(os.environ.get("DAMLIB_LOGIN_WAIT_AFTER", "3"))
c.ClassAuthenticator.tries_before_locking = int(os.environ.get("DAMLIB_LOGIN_LOCK_AFTER", "10"))
c.ClassAuthenticator.address_tries_before_waiting = int(os.environ.get("DAMLIB_LOGIN_ADDRESS_WAIT_AFTER", "30"))
# the login page's second field (JupyterHub's one-time-password field) takes the sign-up code
c.Authenticator.request_otp = c.ClassAuthenticator.sign_up_codes
c.Authenticator.otp_prompt = "Sign-up code (first login only):"
c.FirstUseAuthenticator.create_users = True
c.FirstUseAuthenticator.min_password_length = 6
# a name that makes a sensible folder and Unix account: letters, digits, - and _
c.Authenticator.username_pattern = r"^[a-z][a-z0-9_-]{0,23}$"
c.Authenticator.admin_users = {teacher}
# closed to strangers: the class list, and whoever the teacher adds on the admin page (a user the
# hub already knows may log in: allow_existing_users); never allow_all
class_list = os.environ.get("DAMLIB_CLASS_LIST")
names = Path(class_list).read_text(encoding="utf-8").split() if class_list else []
c.Authenticator.allowed_users = {name.lower() for name in names} | {teacher}
c.Authenticator.allow_existing_users = True

# -- each learner's server: their own folder, a copy of the lessons, the class's progress folder
if accounts == "system":
    c.JupyterHub.spawner_class = "classhub.ClassSpawner"
    c.ClassSpawner.class_folder = str(class_folder)
elif accounts == "shared":
    c.JupyterHub.spawner_class = "classhub.SharedSpawner"
    c.SharedSpawner.home_dir_template = str(state / "home" / "{username}")
else:
    raise ValueError(f"DAMLIB_HUB_ACCOUNTS must be system or shared, not {accounts!r}")
c.Spawner.cmd = [sys.executable, str(here / "start_learner.py"), "jupyterhub-singleuser"]
c.Spawner.notebook_dir = "~"
# the class's language (damlib.set_language): every kernel speaks it, and its lessons open first
# where the course has them in it (lessons/eo/)
language = os.environ.get("DAMLIB_LANG", "")
first = f"{language}/01-start-here.ipynb" if language and (lessons / language).is_dir() else "01-start-here.ipynb"
c.Spawner.default_url = f"/lab/tree/lessons/{first}"


def progress(spawner):  # type: ignore[no-untyped-def]
    """Where Learn keeps a learner's stars: their own folder in the class folder, which only their
    account may write (classhub.progress_folder); the teacher's is the class folder, so that the
    class view (class_report) reads every learner's."""
    return str(class_folder if spawner.user.admin else class_folder / spawner.user.name)


# JUPYTER_PATH: the learners' kernel (jupyter/kernels/python3) lowers its priority as it starts
c.Spawner.environment = {"DAMLIB_LESSONS": str(lessons), "DAMLIB_PROGRESS": progress,
                         "JUPYTER_PATH": str(here / "jupyter"), **({"DAMLIB_LANG": language} if language else {})}
c.Spawner.env_keep = ["PATH", "LANG", "LC_ALL", "PYTHONPATH", "VIRTUAL_ENV"]
# JupyterHub hands it to the server as MEM_LIMIT; start_learner.py makes it each process's limit,
# and the spawner all of a learner's processes' where cgroups can be written (limits.py)
c.Spawner.mem_limit = os.environ.get("DAMLIB_MEM_LIMIT", "1G")
c.Spawner.http_timeout = 300  # a server starting among thirty takes minutes, not seconds
c.Spawner.start_timeout = 600  # thirty learners logging in at once share the cores
c.Spawner.args = [
    # a kernel left idle for 20 minutes is stopped (its learner's progress is on disk already);
    # a crashed kernel is restarted by the server at once
    "--MappingKernelManager.cull_idle_timeout=1200",
    "--MappingKernelManager.cull_interval=60",
    "--MappingKernelManager.cull_connected=True",
    # what a lesson does not use costs each learner's server memory and its start CPU time
    # (benchmarks/classroom.py): no terminals, no language server, no extension manager
    "--ServerApp.terminals_enabled=False",
    "--ServerApp.jpserver_extensions={'jupyter_lsp': False, 'jupyter_server_terminals': False}",
    "--LabApp.extension_manager=readonly",
    # kernels talk to their server over Unix sockets in the learner's own folder, not TCP ports: with
    # thirty kernels starting at once, two picked the same free port and one died (benchmarks/classroom.py)
    "--KernelManager.transport=ipc",
    # no "receive Jupyter news?" pop-up in the middle of a lesson, no update notice
    "--LabApp.news_url=None",
    "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
]
if accounts == "shared" and os.geteuid() == 0:  # a test run as root (in a container): its servers too
    c.Spawner.args.append("--allow-root")

# -- a restart of the hub (hubctl restart, an update by install.sh) leaves learners' servers and
# kernels running: the hub finds them again when it starts (hubctl stop ends them)
c.JupyterHub.cleanup_servers = False

# -- servers nobody has used for an hour are stopped; the learner's files stay
c.JupyterHub.services = [{
    "name": "idle-culler",
    "command": [sys.executable, "-m", "jupyterhub_idle_culler", "--timeout=3600", "--cull-every=300"],
}]
c.JupyterHub.load_roles = [{
    "name": "idle-culler",
    "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"],
    "services": ["idle-culler"],
}]
