"""``damlib.exercises`` is ``damlib.teach.exercises``: the name lessons and users import,
kept where the module moved."""

import sys

from .teach import exercises

sys.modules[__name__] = exercises
