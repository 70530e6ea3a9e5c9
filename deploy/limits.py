"""Each learner's memory, all their processes together (server, kernels and their children, and
what they write to /dev/shm, which the kernel charges to the writer's cgroup): a cgroup per
learner, made by the hub (root) under its own cgroup where it may write one. Otherwise only the
limit per process of start_learner.py holds.

    python limits.py        # says which limit is in force on this machine (hubctl status)
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

ROOT = Path("/sys/fs/cgroup")
#: the folder under the hub's own cgroup that holds the learners'
LEARNERS = "damlib-learners"


def _own(controller: str) -> str | None:
    """This process's cgroup in ``controller``'s hierarchy ("" for cgroups v2's), or None."""
    try:
        lines = Path("/proc/self/cgroup").read_text().splitlines()
    except OSError:
        return None
    for line in lines:
        _, names, path = line.split(":", 2)
        if controller in names.split(","):
            return path
    return None


def parent() -> tuple[str, Path] | None:
    """Which cgroups ("v1" or "v2") and the folder the learners' cgroups go in, made now; None
    where this process may not make them (not root, cgroups read-only, no memory controller)."""
    if os.geteuid() != 0:
        return None
    try:
        v1 = _own("memory")
        if v1 is not None and (ROOT / "memory" / "memory.limit_in_bytes").exists():
            folder = ROOT / "memory" / v1.lstrip("/") / LEARNERS
            folder.mkdir(exist_ok=True)
            return "v1", folder
        own = _own("")
        if own is not None and "memory" in (ROOT / "cgroup.controllers").read_text().split():
            # v2 (written from the kernel's documentation, not run on the machine it was tested on):
            # a cgroup with processes may not hand controllers down, so the hub moves to a leaf first
            here = ROOT / own.lstrip("/")
            leaf = here / "hub"
            if (here / "cgroup.procs").read_text().split():
                leaf.mkdir(exist_ok=True)
                for pid in (here / "cgroup.procs").read_text().split():
                    (leaf / "cgroup.procs").write_text(pid)
            (here / "cgroup.subtree_control").write_text("+memory")
            folder = here / LEARNERS
            folder.mkdir(exist_ok=True)
            (folder / "cgroup.subtree_control").write_text("+memory")
            return "v2", folder
    except OSError:
        return None
    return None


def learner_cgroup(name: str, memory: int | None) -> Path | None:
    """``name``'s cgroup with at most ``memory`` bytes for all its processes together (no swap
    beyond it), made or updated now; None where cgroups cannot be written."""
    found = parent() if memory else None
    if found is None:
        return None
    kind, folder = found
    group = folder / name
    try:
        group.mkdir(exist_ok=True)
        if kind == "v1":
            # memsw (memory + swap) may not be below the memory limit: set in the order that keeps that
            for order in (("memory.limit_in_bytes", "memory.memsw.limit_in_bytes"),
                          ("memory.memsw.limit_in_bytes", "memory.limit_in_bytes")):
                try:
                    for setting in order:
                        if (group / setting).exists():
                            (group / setting).write_text(str(memory))
                    break
                except OSError:
                    continue
        else:
            (group / "memory.max").write_text(str(memory))
            (group / "memory.swap.max").write_text("0")
    except OSError:
        return None
    return group


def joining(name: str, memory: int | None, *, then: Callable[[], None]) -> Callable[[], None]:
    """What a learner's server runs before it starts (Popen's preexec_fn): join ``name``'s cgroup
    (as root, before ``then`` takes the learner's account), then ``then``."""
    group = learner_cgroup(name, memory)

    def preexec() -> None:
        if group is not None:
            with open(group / "cgroup.procs", "w") as procs:
                procs.write(str(os.getpid()))
        then()

    return preexec


def in_force(memory: str) -> str:
    """A sentence saying which memory limit holds for each learner here."""
    found = parent()
    if found is None:
        return (f"memory: {memory} for each process of a learner (no cgroups this hub may write: "
                "a learner's processes together are not limited)")
    return f"memory: {memory} for each learner's processes together (a cgroup each, {found[0]}: {found[1]})"


if __name__ == "__main__":
    print(in_force(os.environ.get("DAMLIB_MEM_LIMIT", "1G")))
