"""A learner's kernel on the class hub starts here: it lowers the priority of its session as the
learner's server did its own (start_learner.lower_session; the server starts each kernel in a
session of its own, which would otherwise share the cores equally with the hub), then runs
ipykernel as the usual kernel does.

The hub's learners find this kernel first (jupyterhub_config.py puts ``deploy/jupyter`` on their
JUPYTER_PATH), under the name the lessons ask for, ``python3``.
"""

import runpy
import sys
from pathlib import Path

sys.path[0] = str(Path(__file__).resolve().parents[3])  # deploy/, where start_learner is
from start_learner import lower_session  # noqa: E402

lower_session()
del sys.path[0], sys.modules["start_learner"]  # a learner's own imports do not find the hub's modules
runpy.run_module("ipykernel_launcher", run_name="__main__", alter_sys=True)
