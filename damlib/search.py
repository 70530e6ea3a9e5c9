"""``damlib.search`` is ``damlib.play.search``: the name lessons and users import,
kept where the module moved."""

import sys

from .play import search

sys.modules[__name__] = search
