"""``damlib.learn`` is ``damlib.teach.learn``: the name lessons and users import,
kept where the module moved."""

import sys

from .teach import learn

sys.modules[__name__] = learn
