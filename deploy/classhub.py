"""The class hub's authenticator and spawner (see deploy/README.md).

``ClassAuthenticator``: a name may log in only if it is on the class list or the teacher added it;
its first login needs the name's one-time sign-up code (the teacher prints them) and sets the
password; repeated failures slow a name and an address down, then lock the name until the teacher
unlocks it. ``ClassSpawner``: each learner's server runs as their own Unix account, made on first
start, with a progress folder only that account may write and, where cgroups can be written, a
memory limit for all their processes together (deploy/limits.py)."""

from __future__ import annotations

import asyncio
import dbm
import os
import pwd
import random
import socket
import subprocess
import time
from pathlib import Path
from typing import Any

import bcrypt
import limits
import signup
from firstuseauthenticator import FirstUseAuthenticator
from jupyterhub.handlers import BaseHandler
from jupyterhub.spawner import LocalProcessSpawner, SimpleLocalProcessSpawner, set_user_setuid
from jupyterhub.utils import maybe_future
from tornado import web
from traitlets import Bool, Integer, Unicode

from damlib.teach.learn.report import HUB_ACCOUNT

#: the group whose members read the class's progress folder
TEACHERS = "damlib-teachers"
#: bcrypt's cost for a learner's password (2^10 rounds, its smallest advised): 12, its default, takes
#: a quarter of a second of a core, and thirty first logins at once then queued for 4 s on two cores
SIGN_UP_ROUNDS = 10


class ClassAuthenticator(FirstUseAuthenticator):
    """The first-use authenticator, closed: a name not allowed never gets a password kept (a
    stranger could otherwise set, in advance, the password of a learner the teacher adds later),
    the first login needs the name's sign-up code, and guessing is slowed down, then locked."""

    codes_path = Unicode("signup-codes.json", config=True, help="the one-time sign-up codes (mode 600)")
    logins_path = Unicode("logins.json", config=True, help="failed logins and locked names (mode 600)")
    sign_up_codes = Bool(True, config=True, help="a first login needs the name's sign-up code")
    tries_before_waiting = Integer(3, config=True, help="failures of a name before each try must wait")
    tries_before_locking = Integer(10, config=True, help="failures of a name before it is locked")
    address_tries_before_waiting = Integer(10, config=True, help="failures from one address before it waits")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.codes = signup.Codes(Path(self.codes_path))
        self.logins = signup.Failures(Path(self.logins_path))

    def _password(self, name: str) -> bytes | None:
        with dbm.open(self.dbm_path, "c", 0o600) as db:
            return db.get(name.encode(), None)

    def signed_up(self, name: str) -> bool:
        return self._password(name) is not None

    async def authenticate(self, handler: Any, data: dict[str, str]) -> Any:
        name = self.normalize_username(data["username"])
        address = handler.request.remote_ip
        refused = self.logins.refused(name, address, now=time.time(), name_wait=self.tries_before_waiting,
                                      name_lock=self.tries_before_locking,
                                      address_wait=self.address_tries_before_waiting)
        if refused:
            handler.custom_login_error = refused
            self.log.warning("login of %s from %s refused: %s", name, address, refused)
            return None
        if not await maybe_future(self.check_allowed(name, None)):
            self.log.warning("%s may not log in: not on the class list, nor added by the teacher", name)
            self.logins.failed(None, address, now=time.time())  # a name not allowed is not kept
            return None
        if await self._check(handler, name, data):
            self.logins.succeeded(name)
            return name
        self.logins.failed(name, address, now=time.time())
        return None

    async def _check(self, handler: Any, name: str, data: dict[str, str]) -> bool:
        password = data.get("password", "")
        stored = self._password(name)
        if stored is not None:  # bcrypt takes a core for a quarter second: off the hub's one thread
            return await asyncio.to_thread(bcrypt.checkpw, password.encode(), stored)
        if self.sign_up_codes and not self.codes.matches(name, data.get("otp", "")):
            handler.custom_login_error = "A first login needs your sign-up code (ask your teacher)."
            return False
        if not self._validate_password(password):
            handler.custom_login_error = f"Choose a password of at least {self.min_password_length} characters."
            return False
        hashed = await asyncio.to_thread(bcrypt.hashpw, password.encode(), bcrypt.gensalt(SIGN_UP_ROUNDS))
        with dbm.open(self.dbm_path, "c", 0o600) as db:
            db[name] = hashed
        self.codes.used(name)
        return True

    def add_user(self, user: Any) -> Any:
        """A learner the hub knows (the class list at start, one the teacher adds) gets a code
        until they have signed up."""
        if self.sign_up_codes and user.name not in self.admin_users and not self.signed_up(user.name):
            self.codes.make(user.name)
        return super().add_user(user)

    async def delete_user(self, user: Any) -> None:
        """The teacher deletes a learner (also to reset a forgotten password): a server still
        starting is let start and then stopped first, since JupyterHub cannot delete a user whose
        server is active; their password, code and failed logins go with them."""
        spawner = user.spawners.get("")
        if spawner is not None and spawner.pending == "spawn" and spawner._spawn_future is not None:
            try:
                await spawner._spawn_future
            except Exception:  # a start that failed leaves nothing to stop
                pass
        if spawner is not None and spawner.active:
            await user.stop("")
        super().delete_user(user)
        self.codes.used(user.name)
        self.logins.unlock(user.name)

    def get_handlers(self, app: Any) -> list[tuple[str, Any]]:
        return [*super().get_handlers(app), (r"/sign-up-codes", CodesHandler), (r"/sign-up-codes.pdf", CardsHandler),
                (r"/unlock", UnlockHandler)]


class _TeacherHandler(BaseHandler):
    """A page of the hub for its admin, the teacher, only."""

    def authenticator_(self) -> ClassAuthenticator:
        user = self.current_user
        if user is None or not user.admin:
            raise web.HTTPError(403, "only the teacher")
        authenticator: ClassAuthenticator = self.authenticator
        return authenticator


class CodesHandler(_TeacherHandler):
    """The sign-up codes of the learners not signed up yet, and the names locked."""

    @web.authenticated
    async def get(self) -> None:
        auth = self.authenticator_()
        self.set_header("Cache-Control", "no-store")
        self.finish(signup.page(auth.codes.all(), auth.logins.locked(), xsrf=self.xsrf_form_html(),
                                base=self.hub.base_url))


class CardsHandler(_TeacherHandler):
    """The same codes as cards to cut out (PDF)."""

    @web.authenticated
    async def get(self) -> None:
        auth = self.authenticator_()
        self.set_header("Content-Type", "application/pdf")
        self.set_header("Cache-Control", "no-store")
        self.finish(await asyncio.to_thread(signup.cards, auth.codes.all(), self.request.full_url().split("/hub/")[0]))


class UnlockHandler(_TeacherHandler):
    """The teacher unlocks a name locked after failed logins."""

    @web.authenticated
    async def post(self) -> None:
        auth = self.authenticator_()
        auth.logins.unlock(self.get_argument("name"))
        self.redirect(self.hub.base_url + "sign-up-codes")


def progress_folder(class_folder: Path, name: str, uid: int, gid: int) -> Path:
    """``name``'s own folder in the class folder: written by their account only (``uid``), read by
    the teachers' group (``gid``), made or put right before each start, so that no other learner
    can have made, replaced or pointed it elsewhere."""
    folder = class_folder / name
    try:
        os.mkdir(folder, 0o750)
    except FileExistsError:
        if folder.is_symlink() or not folder.is_dir():
            os.replace(folder, class_folder / f".{name}.not-a-folder")  # only root can have put it there
            os.mkdir(folder, 0o750)
    os.chown(folder, uid, gid, follow_symlinks=False)
    os.chmod(folder, 0o2750)  # setgid: each file takes the teachers' group
    return folder


def shared_memory_left(uid: int, folder: Path = Path("/dev/shm")) -> None:
    """Remove what the account ``uid`` left in /dev/shm (its server is not running): those files
    stay charged to the learner's cgroup, and would leave their next server less than their limit."""
    for entry in folder.iterdir():
        try:
            if entry.lstat().st_uid == uid and not entry.is_dir():
                entry.unlink()
        except OSError:
            continue


#: where the learners' servers listen: below the ports Linux gives a socket bound to port 0 (its
#: ip_local_port_range, from 32768) and pyzmq picks at random (from 49152), as every kernel does for
#: its output pipe. JupyterHub's own choice came from there, and a server starting slowly among
#: thirty found its port taken by another learner's kernel (benchmarks/classroom.py).
SERVER_PORTS = range(20000, 32768)


def server_port(ports: range = SERVER_PORTS) -> int:
    """A port of ``ports`` that no socket on 127.0.0.1 holds now."""
    for port in random.sample(ports, min(len(ports), 200)):
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise RuntimeError(f"no free port in {ports.start}-{ports.stop - 1} for a learner's server")


class OwnPorts:
    """A spawner whose every start takes a port of :data:`SERVER_PORTS`."""

    port: int

    async def start(self) -> Any:
        self.port = server_port()
        return await super().start()  # type: ignore[misc]


class ClassSpawner(OwnPorts, LocalProcessSpawner):
    """A LocalProcessSpawner whose Unix account is ``prefix`` + the hub's name (``learner-ada``):
    a learner who signs up as ``root`` or ``daemon`` gets ``learner-root``, never the system's own."""

    prefix = Unicode(HUB_ACCOUNT, config=True, help="put before a hub name to make its Unix account's name")
    class_folder = Unicode("", config=True, help="the class's progress folder, a folder in it per learner")

    @property
    def unix_name(self) -> str:
        return self.prefix + self.user.name

    async def start(self) -> Any:
        try:
            account = pwd.getpwnam(self.unix_name)
        except KeyError:
            self.log.info("Making the Unix account %s for %s", self.unix_name, self.user.name)
            await asyncio.to_thread(subprocess.run, ["useradd", "--create-home", "--shell", "/bin/bash",
                                                     self.unix_name], check=True)
            account = pwd.getpwnam(self.unix_name)
        if self.class_folder:
            teachers = _group(TEACHERS)
            if self.user.admin:  # the teacher reads the class's progress files
                await asyncio.to_thread(subprocess.run, ["usermod", "--append", "--groups", TEACHERS,
                                                         self.unix_name], check=True)
            else:
                progress_folder(Path(self.class_folder), self.user.name, account.pw_uid, teachers)
        shared_memory_left(account.pw_uid)
        return await super().start()

    def make_preexec_fn(self, name: str) -> Any:
        return limits.joining(self.user.name, self.mem_limit, then=set_user_setuid(self.unix_name))

    def user_env(self, env: dict[str, str]) -> dict[str, str]:
        account = pwd.getpwnam(self.unix_name)
        env.update(USER=self.unix_name, HOME=account.pw_dir, SHELL=account.pw_shell or "/bin/bash")
        return env


class SharedSpawner(OwnPorts, SimpleLocalProcessSpawner):
    """Every server as the hub's own user (tests and benchmarks), with the same memory limit per
    learner as :class:`ClassSpawner` where the hub may write cgroups."""

    def make_preexec_fn(self, name: str) -> Any:
        return limits.joining(self.user.name, self.mem_limit, then=super().make_preexec_fn(name))


def _group(name: str) -> int:
    import grp

    return grp.getgrnam(name).gr_gid
