"""A learner's server starts here: the lessons are copied into their own folder, its limits
are set, then the server named in the arguments runs in this process.

Only files the learner does not have yet are copied, so their changes are never overwritten
and lessons added later still arrive. The originals stay where they are, read-only to learners.
Zero to JupyterHub runs the same script as the image's postStart hook (deploy/z2jh-values.yaml).

The limits hold for the server and every kernel it starts (they inherit them), whether or not the
machine runs systemd: each process may take at most ``MEM_LIMIT`` bytes of memory (JupyterHub sets
it from ``Spawner.mem_limit``), past which an allocation fails with MemoryError in that kernel only;
and every learner's process runs at a lower priority than the hub and its proxy, so that logins and
clicks are answered while a kernel computes.

    python start_learner.py jupyterhub-singleuser [arguments...]
"""

from __future__ import annotations

import os
import resource
import shutil
import sys
from pathlib import Path

#: how much lower a learner's processes run than the hub's (nice)
NICENESS = 10


def copy_lessons(lessons: Path, home: Path) -> int:
    """Copy each file under ``lessons`` that ``home/lessons`` lacks; return how many were copied."""
    copied = 0
    target = home / "lessons"
    for source in sorted(lessons.rglob("*")):
        relative = source.relative_to(lessons)
        if any(part.startswith(".") for part in relative.parts) or not source.is_file():
            continue  # checkpoints and hidden files are not lessons
        destination = target / relative
        if not destination.exists():
            destination.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, destination)  # the learner's own file, with their umask
            copied += 1
    return copied


def set_limits(memory: str | None) -> None:
    """Limit this process and those it starts to ``memory`` bytes of data (heap and private
    mappings: what a runaway computation grows), and lower their priority."""
    if memory:
        _, hard = resource.getrlimit(resource.RLIMIT_DATA)
        limit = int(memory) if hard == resource.RLIM_INFINITY else min(int(memory), hard)  # never raised
        resource.setrlimit(resource.RLIMIT_DATA, (limit, limit))
    os.nice(NICENESS)
    lower_session()


def lower_session() -> None:
    """Lower the priority of this process's session to :data:`NICENESS`. JupyterHub starts each
    learner's server in a session of its own, as the server does each kernel, and Linux shares the
    cores between sessions first (autogroups) and by nice only within one: a process's nice alone
    left each of thirty servers starting, and each kernel, as large a share as the hub's."""
    try:
        Path("/proc/self/autogroup").write_text(str(NICENESS))
    except OSError:
        pass  # not Linux, or no autogroups: the processes' nice alone orders them


def main(argv: list[str]) -> None:
    set_limits(os.environ.get("MEM_LIMIT"))
    home = Path.home()
    home.chmod(0o700)  # a learner's folder is theirs alone (where accounts are real)
    # kernels talk to the server over Unix sockets named after the runtime folder (the hub's
    # KernelManager.transport=ipc); a socket's path may not pass 107 characters, which the default
    # (~/.local/share/jupyter/runtime/kernel-<36 characters>-ipc-1) does for longer names
    os.environ.setdefault("JUPYTER_RUNTIME_DIR", str(home / ".run"))
    lessons = os.environ.get("DAMLIB_LESSONS")
    if lessons:
        print(f"start_learner: {copy_lessons(Path(lessons), home)} lesson files copied to {home / 'lessons'}",
              file=sys.stderr)
    if argv:
        os.execvp(argv[0], argv)


if __name__ == "__main__":
    main(sys.argv[1:])
