"""``damlib.pdn`` is ``damlib.play.pdn``: the name lessons and users import,
kept where the module moved."""

import sys

from .play import pdn

sys.modules[__name__] = pdn
