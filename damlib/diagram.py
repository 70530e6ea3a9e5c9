"""Pictures of positions and moves (matplotlib, loaded when this module is, if it is installed:
:data:`PICTURES`; where it is not, a :class:`Diagram` shows on the live board).

The public names of :mod:`damlib.drawing.diagram`, where the code lives (in its layer folder).
"""

from .drawing.diagram import (
    PAGE,
    PICTURES,
    Diagram,
    Row,
    compress,
    draw,
    png,
    save,
    side_by_side,
    square_center,
    svg,
    worksheet,
)
from .drawing.look import DEFAULT_SIZE, PALETTE, default_size, set_default_size
from .engine.errors import DiagramError  # what a picture raises, beside the pictures

__all__ = [
    "DEFAULT_SIZE", "PAGE", "PALETTE", "PICTURES", "Diagram", "DiagramError", "Row", "compress", "default_size", "draw",
    "png", "save", "set_default_size", "side_by_side", "square_center", "svg", "worksheet",
]
