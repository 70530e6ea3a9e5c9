"""The class hub's authenticator and spawner (see deploy/README.md): a name may set its password
only if it may log in, and each learner's server runs as their own Unix account, made on first
start, so the system keeps learners out of each other's folders."""

from __future__ import annotations

import pwd
import subprocess
from typing import Any

from firstuseauthenticator import FirstUseAuthenticator
from jupyterhub.spawner import LocalProcessSpawner, set_user_setuid
from jupyterhub.utils import maybe_future
from traitlets import Unicode

from damlib.teach.learn.report import HUB_ACCOUNT

#: the group whose members read the class's progress folder
TEACHERS = "damlib-teachers"


class ClassAuthenticator(FirstUseAuthenticator):
    """The first-use authenticator (a learner chooses their password at their first login) that
    asks first whether the name may log in at all. FirstUseAuthenticator keeps the password of
    any name tried before JupyterHub refuses a name not allowed: a stranger could set, in advance,
    the password of a learner the teacher adds later."""

    async def authenticate(self, handler: Any, data: dict[str, str]) -> Any:
        name = self.normalize_username(data["username"])
        if not await maybe_future(self.check_allowed(name, None)):
            self.log.warning("%s may not log in: not on the class list, nor added by the teacher", name)
            return None
        return await super().authenticate(handler, data)


class ClassSpawner(LocalProcessSpawner):
    """A LocalProcessSpawner whose Unix account is ``prefix`` + the hub's name (``learner-ada``):
    a learner who signs up as ``root`` or ``daemon`` gets ``learner-root``, never the system's own."""

    prefix = Unicode(HUB_ACCOUNT, config=True, help="put before a hub name to make its Unix account's name")

    @property
    def unix_name(self) -> str:
        return self.prefix + self.user.name

    async def start(self) -> Any:
        try:
            pwd.getpwnam(self.unix_name)
        except KeyError:
            self.log.info("Making the Unix account %s for %s", self.unix_name, self.user.name)
            subprocess.run(["useradd", "--create-home", "--shell", "/bin/bash", self.unix_name], check=True)
        if self.user.admin:  # the teacher reads the class's progress files
            subprocess.run(["usermod", "--append", "--groups", TEACHERS, self.unix_name], check=True)
        return await super().start()

    def make_preexec_fn(self, name: str) -> Any:
        return set_user_setuid(self.unix_name)

    def user_env(self, env: dict[str, str]) -> dict[str, str]:
        account = pwd.getpwnam(self.unix_name)
        env.update(USER=self.unix_name, HOME=account.pw_dir, SHELL=account.pw_shell or "/bin/bash")
        return env
