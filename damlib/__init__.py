"""damlib: the rules of German, Russian and Turkish draughts, for learning and teaching.

>>> import damlib
>>> pos = damlib.Position.start("turkish")
>>> len(pos.legal_moves), damlib.perft(pos, 2)
(22, 484)
>>> damlib.explain(pos, "a3-a5")
'a3-a5 is not allowed (TR-MAN-MOVE): a man moves one square at a time; it goes two only to jump a piece on the square between.'
"""  # noqa: E501

import importlib
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from . import drawing, pdn
from .engine.errors import (
    AmbiguousMoveError,
    DamlibError,
    DiagramError,
    FenError,
    GameOverError,
    IllegalMoveError,
    MoveTextError,
    SquareError,
    VariantError,
)
from .engine.language import languages, set_language
from .engine.notation import side_name
from .engine.position import Move, Piece, Position, perft
from .engine.variants import (
    BRAZILIAN,
    GERMAN,
    RULE_TEXT,
    RUSSIAN,
    RUSSIAN_PUBLISHED,
    TURKISH,
    TURKISH_PUBLISHED,
    Rules,
    game_name,
    rule_table,
    rules,
)
from .play.game import Game, Penalty, Result
from .play.referee import explain

__all__ = [
    "AmbiguousMoveError", "BRAZILIAN", "DamlibError", "DiagramError", "FenError", "GERMAN", "Game", "pdn",
    "GameOverError", "IllegalMoveError", "Move", "MoveTextError", "Penalty", "Piece",
    "Position", "RULE_TEXT", "RUSSIAN", "RUSSIAN_PUBLISHED", "Result", "Rules", "SquareError", "TURKISH",
    "TURKISH_PUBLISHED", "VariantError", "diagram", "draw", "explain", "languages", "perft", "rule_table", "rules",
    "game_name", "set_language", "side_name",
]


def _live_board(boards: Sequence[Any]) -> Any:
    """A diagram's boards drawn by the live board, where matplotlib is missing."""
    from .widgets.shown import shown  # on a diagram's first showing, not on import

    return shown(boards)


drawing.without_pictures = _live_board


if TYPE_CHECKING:  # what the lazy names below are, for mypy and editors
    from . import diagram
    from .diagram import draw


def __getattr__(name: str) -> Any:
    """``damlib.diagram`` and ``damlib.draw`` load matplotlib on first use, not on import."""
    if name in ("diagram", "draw"):
        diagram = importlib.import_module(".diagram", __name__)
        return diagram if name == "diagram" else diagram.draw
    raise AttributeError(f"module 'damlib' has no attribute {name!r}")
