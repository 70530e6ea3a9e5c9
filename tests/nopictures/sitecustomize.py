"""A Python without the picture libraries, as the browser's (Pyodide) is: with this folder on
PYTHONPATH, importing numpy, matplotlib or PIL fails as a module that is not installed does."""

import sys
from importlib.abc import MetaPathFinder

BLOCKED = ("numpy", "matplotlib", "PIL")


class NotInstalled(MetaPathFinder):
    def find_spec(self, name, path=None, target=None):  # type: ignore[no-untyped-def]
        if name.split(".")[0] in BLOCKED:
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None


sys.meta_path.insert(0, NotInstalled())
