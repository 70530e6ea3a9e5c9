"""What one machine can serve: the class hub of deploy/ on 127.0.0.1 with N learners at once.

Each learner logs in through the login page, waits for their server, opens and runs the play
lesson (notebooks/08-play.ipynb) and a Learn board (as in 09-learn) over the kernel protocol, then
clicks: a capture on the play board (e3, c5, a7, Undo) and the first German level (h2, g3, Try
again), pausing about ``--think`` seconds between clicks (each learner their own while) as a
learner does. Reported per N:

- memory per learner: the proportional set size of their server and kernel (shared pages split);
- login answered: from sending the login form (name, sign-up code, password) to the hub's answer;
- login to a ready lesson: from sending the login form to the lesson's last cell done;
- click to picture: from the click leaving the browser's side to the kernel idle again, every
  changed square sent (median and 95th percentile), and an empty cell's round trip beside it.

The servers run as this Unix user (DAMLIB_HUB_ACCOUNTS=shared), so no accounts are made.

    python benchmarks/classroom.py            # N = 1, 10, 30
    python benchmarks/classroom.py 1 5 --rounds 3
    python benchmarks/classroom.py 30 --prestart   # the teacher's Start All, the learners logging in meanwhile
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "deploy"))

import limits  # noqa: E402
from hubclient import TEACHER_PASSWORD, Hub, Learner, memory_mb  # noqa: E402

PLAY = ("e3", "c5", "a7")  # the lesson's third board: a capture of two men (DE-MAJORITY)
LEVEL = ("h2", "g3")  # the first German level: one step of a man


def learner_session(hub: Hub, name: str, rounds: int, think: float, start: threading.Barrier,
                    clicking: threading.Barrier, out: dict) -> None:
    learner = Learner(hub.url, name, code=hub.code(name))
    start.wait()
    began = time.perf_counter()
    try:
        learner.login(follow=False)
        out["login"] = time.perf_counter() - began
        learner.wait_for_server(600)
        out["server"] = time.perf_counter() - began
        kernel = learner.kernel()
        kernel.run("")
        out["kernel"] = time.perf_counter() - began
        cells = kernel.run_notebook("lessons/08-play.ipynb")
        out["ready"] = time.perf_counter() - began
        learn, _ = kernel.run("from damlib.learn import STAGES\nfrom damlib.widgets import Learn\nLearn(STAGES)")
    except Exception as error:  # a learner who could not start is counted, not fatal
        out["error"] = f"before the clicks: {error!r}"
        clicking.wait()
        return
    clicking.wait()
    clicks: list[tuple[str, str | None]] = [(kernel.board(cells[2]), square) for square in PLAY]
    clicks.append((kernel.button(cells[2], description="Undo"), None))
    clicks += [(kernel.board(learn), square) for square in LEVEL]
    clicks.append((kernel.button(learn, description="Try again"), None))
    out["clicks"], out["empty"] = [], []
    # each learner thinks for their own while, between half and one and a half times ``think``: a
    # class does not click in step (all in one millisecond, each second, as the threads would)
    pause = random.Random(name)
    try:
        for _ in range(rounds):
            for comm_id, square in clicks:
                time.sleep(think * pause.uniform(0.5, 1.5))
                tick = time.perf_counter()
                kernel.click(comm_id, square)
                out["clicks"].append(time.perf_counter() - tick)
            tick = time.perf_counter()
            kernel.run("")
            out["empty"].append(time.perf_counter() - tick)
    except Exception as error:
        out["error"] = f"after {len(out['clicks'])} clicks: {error!r}"
    kernel.close()


def prestart(hub: Hub, names: list[str], out: dict) -> None:
    """Start every learner's server, as the teacher does on the admin page (*Start All*, the same
    REST calls); ``out["prestart"]``: how long until all are ready."""
    teacher = Learner(hub.url, "teacher", password=TEACHER_PASSWORD)
    teacher.login(follow=False)
    began = time.perf_counter()
    # all at once, as the button does (each call answers when its server is up, or after 10 s)
    threads = [threading.Thread(target=teacher.hub_api, args=("POST", f"/users/{name}/server")) for name in names]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    waiting = set(names)
    while waiting:  # the admin page asks for the list of learners, not for each one
        time.sleep(1)
        ready = teacher.hub_api("GET", "/users", params={"state": "ready", "limit": len(names)}).json()
        waiting -= {user["name"] for user in ready}
    out["prestart"] = time.perf_counter() - began


def measure(n: int, rounds: int, think: float, started: bool) -> dict:
    with tempfile.TemporaryDirectory(prefix="damlib-classroom-") as folder:
        names = [f"learner{i:02d}" for i in range(n)]
        hub = Hub(Path(folder), ROOT / "notebooks", pythonpath=os.environ.get("PYTHONPATH", str(ROOT)),
                  learners=tuple(names))
        results: dict[str, dict] = {name: {} for name in names}
        try:
            hub.wait(120)
            # the teacher presses Start All as the learners log in: their logins are answered while
            # the servers start
            teacher: dict[str, float] = {}
            starting = threading.Thread(target=prestart, args=(hub, names, teacher)) if started else None
            if starting:
                starting.start()
            start, clicking = threading.Barrier(n), threading.Barrier(n + 1)  # + 1: memory first
            threads = [threading.Thread(target=learner_session,
                                        args=(hub, name, rounds, think, start, clicking, results[name]))
                       for name in names]
            for thread in threads:
                thread.start()
            while clicking.n_waiting < n and not clicking.broken:
                time.sleep(0.2)
            servers, kernels = [], []  # taken while everyone is ready, before the clicks
            for name in (name for name in names if "ready" in results[name]):
                pids = hub.learner_processes(name)
                kernel = [pid for pid in pids if b"/kernel-" in Path(f"/proc/{pid}/cmdline").read_bytes()]
                kernels.append(memory_mb(kernel))
                servers.append(memory_mb([pid for pid in pids if pid not in kernel]))
            clicking.wait()
            for thread in threads:
                thread.join()
            if starting:
                starting.join()
            before = teacher.get("prestart", 0.0)
        finally:
            hub.stop()
            errors = [r["error"] for r in results.values() if "error" in r]
            if errors:
                kept = Path(tempfile.gettempdir()) / f"classroom-{n}-hub.log"
                kept.write_bytes((Path(folder) / "hub.log").read_bytes())
                print(f"N={n}: {len(errors)} learners failed (hub log: {kept}); first: {errors[0]}", file=sys.stderr)
    clicks = sorted(t for r in results.values() for t in r.get("clicks", []))
    empty = sorted(t for r in results.values() for t in r.get("empty", []))
    ready = [r["ready"] for r in results.values() if "ready" in r]
    logins = sorted(r["login"] for r in results.values() if "login" in r)
    if not ready:
        raise SystemExit(f"N={n}: no learner had a ready lesson")
    phases = {phase: statistics.median([r[phase] for r in results.values() if phase in r] or [float("nan")])
              for phase in ("login", "server", "kernel", "ready")}
    return {"n": n, "server": statistics.mean(servers), "kernel": statistics.mean(kernels),
            "ready": statistics.median(ready), "ready_max": max(ready), "phases": phases, "prestart": before,
            "median": statistics.median(clicks) * 1000, "p95": clicks[int(0.95 * (len(clicks) - 1))] * 1000,
            "empty": statistics.median(empty) * 1000, "count": len(clicks), "failed": len(errors),
            "logins": (statistics.median(logins), logins[int(0.95 * (len(logins) - 1))], logins[-1])}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("learners", nargs="*", type=int, default=[1, 10, 30])
    parser.add_argument("--rounds", type=int, default=3, help="rounds of the seven clicks per learner")
    parser.add_argument("--think", type=float, default=1.0, help="seconds a learner waits before each click")
    parser.add_argument("--prestart", action="store_true",
                        help="start every learner's server before they log in, as the teacher can before a lesson")
    options = parser.parse_args()
    # the hub starts its proxy and the learners' servers by name, from PATH: without the venv's
    # bin there it would wait for servers that never start
    for program in ("jupyterhub-singleuser", "configurable-http-proxy"):
        if shutil.which(program) is None:
            raise SystemExit(f"classroom.py: {program} is not on PATH: activate the virtual environment "
                             "(. .venv/bin/activate) and install the hub (deploy/README.md)")
    print(f"{os.cpu_count()} cores; load average before: {os.getloadavg()[0]:.1f}; {limits.in_force('1G')}")
    print("| learners | memory per learner, MB (server + kernel) | login answered, s (median / 95% / slowest) "
          "| login to ready lesson, s (median / slowest) | click to picture, ms (median / 95%) | empty cell, ms "
          "| clicks | learners failed |")
    print("|---|---|---|---|---|---|---|---|")
    phases = []
    for n in options.learners:
        r = measure(n, options.rounds, options.think, options.prestart)
        print(f"| {n} | {r['server'] + r['kernel']:.0f} ({r['server']:.0f} + {r['kernel']:.0f}) "
              "| {:.2f} / {:.2f} / {:.2f} ".format(*r["logins"])
              + f"| {r['ready']:.1f} / {r['ready_max']:.1f} | {r['median']:.0f} / {r['p95']:.0f} "
              f"| {r['empty']:.0f} | {r['count']} | {r['failed']} |", flush=True)
        phases.append((n, r["prestart"], r["phases"]))
    # where a learner's start-up went (medians, each counted from sending the login form)
    for n, before, done in phases:
        print(f"N={n}: " + (f"Start All: every server ready in {before:.1f} s; " if before else "")
              + "logged in {login:.1f} s, server ready {server:.1f} s, kernel ready {kernel:.1f} s, "
                "lesson run {ready:.1f} s".format(**done))
    print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
