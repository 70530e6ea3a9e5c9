"""Games in PDN: read any number from a text or file, write one.

The public names of :mod:`damlib.play.pdn`, where the code lives (in its layer folder).
"""

from .play.pdn import (
    CHOICE_PENDING,
    GAME_TYPES,
    PdnError,
    PdnGame,
    numbering,
    read,
    read_file,
    save,
    write,
)

__all__ = [
    "CHOICE_PENDING", "GAME_TYPES", "PdnError", "PdnGame", "numbering", "read", "read_file", "save", "write",
]
