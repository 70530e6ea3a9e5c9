"""Learn: the 114 levels in stages, a learner's attempts and progress, and the class report.

The public names of :mod:`damlib.teach.learn`, where the code lives (in its layer folder), which
names them in its ``__all__``.
"""

from .teach.learn import *  # noqa: F403
from .teach.learn import __all__ as __all__
