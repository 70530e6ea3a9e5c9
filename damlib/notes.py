"""``damlib.notes`` is ``damlib.drawing.notes``: the name lessons and users import,
kept where the module moved."""

import sys

from .drawing import notes

sys.modules[__name__] = notes
