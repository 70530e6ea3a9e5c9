"""``damlib.diagram`` is ``damlib.drawing.diagram``: the name lessons and users import,
kept where the module moved."""

import sys

from .drawing import diagram

sys.modules[__name__] = diagram
