"""``damlib.handout`` is ``damlib.drawing.handout``: the name ``python -m damlib.handout`` runs,
kept where the module moved."""

import sys

from .drawing import handout

if __name__ == "__main__":
    handout.main(sys.argv[1:])
else:
    sys.modules[__name__] = handout
