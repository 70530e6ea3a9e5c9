"""``damlib.hints`` is ``damlib.play.hints``: the name lessons and users import,
kept where the module moved."""

import sys

from .play import hints

sys.modules[__name__] = hints
