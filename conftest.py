"""pytest at the repository's root.

The tests, the doctests and the English lessons expect English: a DAMLIB_LANG of the shell (a
learner's own choice) is not handed to them or to the lessons' kernels; the Esperanto lessons
choose their language themselves.

Nor do they keep a learner's progress where a learner's own is kept (~/.damlib/progress): a
progress folder of the test run's own, DAMLIB_PROGRESS, is handed to them and the lessons' kernels,
so a name typed there before (Learn opens with the last one) changes no test."""

import atexit
import os
import shutil
import tempfile
from pathlib import Path

os.environ.pop("DAMLIB_LANG", None)
os.environ["DAMLIB_PROGRESS"] = tempfile.mkdtemp(prefix="damlib-test-progress-")
atexit.register(shutil.rmtree, os.environ["DAMLIB_PROGRESS"], True)

try:
    import nbval.plugin
except ImportError:  # without nbval the lessons are not collected at all
    pass
else:
    import io
    import sys

    import nbformat

    sys.path.insert(0, str(Path(__file__).parent / "tests"))
    from committed import committed_text

    class _AsCommitted:
        """nbformat as nbval's collection sees it: each lesson read as committed, not as a learner
        may have saved it since (tests/committed.py)."""

        def __getattr__(self, name):
            return getattr(nbformat, name)

        @staticmethod
        def read(path, as_version):
            return nbformat.read(io.StringIO(committed_text(Path(path))), as_version=as_version)

    nbval.plugin.nbformat = _AsCommitted()
