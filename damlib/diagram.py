"""Pictures of positions and moves (matplotlib, loaded when this module is).

The public names of :mod:`damlib.drawing.diagram`, where the code lives (in its layer folder).
"""

from .drawing.diagram import (
    PAGE,
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
    "DEFAULT_SIZE", "PAGE", "PALETTE", "Diagram", "DiagramError", "Row", "compress", "default_size", "draw", "png",
    "save", "set_default_size", "side_by_side", "square_center", "svg", "worksheet",
]
