"""How a board looks, whoever draws it: the colours, the default picture size and the shapes' sizes
shared by the diagrams (matplotlib, :mod:`damlib.drawing.diagram`) and the live board (SVG in the
browser, ``damlib/widgets/js``, which is sent them). No plotting library is needed to read
them, so the board draws where matplotlib is missing (the browser's Python).

Lengths are in board units: one square is 1.

>>> from damlib.drawing import look
>>> look.MAN_RADIUS < 0.5 and look.RING_RADIUS < look.MAN_RADIUS
True
>>> look.ARROW_SHAFT < look.ARROW_HEAD < look.MAN_RADIUS  # a head wider than its shaft, narrower than a piece
True
"""

from __future__ import annotations

from ..engine import language
from ..engine.errors import DiagramError

#: The default colours. Any entry can be replaced with a diagram's ``colors`` keyword.
PALETTE: dict[str, str] = {
    "light": "#f0d9b5",
    "dark": "#b58863",
    "frame": "#5c4631",
    "coordinates": "#5c4631",
    "background": "#ffffff",
    "white": "#fbfbf8",
    "white_edge": "#3b3b3b",
    "black": "#2a2a2a",
    "black_edge": "#0d0d0d",
    "crown": "#e3b022",
    "highlight": "#ffe14dcc",
    "last_move": "#9bc70080",
    "arrow": "#15781bcc",
    "refused": "#d62728cc",
    "captured": "#d62728",
    "text": "#222222",
}

DEFAULT_SIZE = 400
_size = [DEFAULT_SIZE]  # what set_default_size() chose

#: a piece's radius
MAN_RADIUS = 0.4
#: the ring inside a man's edge
RING_RADIUS = 0.28
#: the disc that carries a landing's number
LANDING_RADIUS = 0.2
#: how far beside an earlier leg a leg of a route that runs back over it is drawn
BESIDE = 0.2
#: an arrow's shaft and head, each half its width across, and its head's length (the whole leg
#: where a leg is shorter)
ARROW_SHAFT = 0.075
ARROW_HEAD = 0.22
ARROW_HEAD_LENGTH = 0.34
#: a king's crown, around the piece's centre, and the balls on its tips
CROWN = ((-0.22, -0.17), (0.22, -0.17), (0.27, 0.13), (0.125, 0.0), (0.0, 0.2), (-0.125, 0.0), (-0.27, 0.13))
CROWN_TIPS = ((-0.27, 0.15), (0.0, 0.22), (0.27, 0.15))
CROWN_TIP_RADIUS = 0.05
#: how wide each shape's outline is
EDGE = {"man": 0.045, "ring": 0.035, "crown": 0.03, "landing": 0.04}
#: a landing's number sits this far right of and below the landing square's centre
LANDING_OFFSET = 0.27
#: a cross on a piece taken: its arms' half width and their length from its centre
CROSS = (0.07, 0.36)


#: What :func:`set_default_size` tells a bad size (``{value}`` what was given).
TEXTS: dict[str, str] = {"bad-default-size": "the default size is a width in pixels, 100 to 2000, not {value}"}


def set_default_size(size: int) -> None:
    """Make ``size`` pixels the width of every picture drawn without a ``size`` of its own:
    diagrams, and the boards of the widgets. 560 suits a projector.

    >>> set_default_size(560); default_size()
    560
    >>> set_default_size(DEFAULT_SIZE)
    """
    if isinstance(size, bool) or not isinstance(size, int) or not 100 <= size <= 2000:
        raise DiagramError(language.say("bad-default-size", TEXTS, value=repr(size)))
    _size[0] = size


def default_size() -> int:
    """The width in pixels of a picture drawn without a ``size`` (see :func:`set_default_size`)."""
    return _size[0]
