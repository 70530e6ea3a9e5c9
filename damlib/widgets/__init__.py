"""Widgets for the lessons, built on ipywidgets' core widgets and one board of damlib's own.

- :class:`Board`: the SVG board every widget below draws on; click, drag or keys.
- :class:`CaptureStepper`: step through a capture jump by jump.
- :class:`PromotionExplorer`: one position under German, Russian and Turkish rules.
- :class:`PlayBoard`: a clickable board to play on, alone against the computer or in pairs.
- :class:`GameReplay`: step through the moves of a game.
- :class:`Learn`: levels, one goal each, played on the board, with stars and kept progress.
- :class:`BoardEditor`: set up a position by clicking; play it, step through its captures, or
  make it an exercise for a worksheet.
- :class:`Exercises`: questions one at a time, with feedback that explains;
  :class:`SaveWorksheet` saves them as a printable worksheet and answer key.
- :class:`ClassView`: a class folder's progress files, as a table and a chart, for the teacher.

Each widget draws a value of the layers below (a :class:`~damlib.Game`, a
:class:`~damlib.Position`, a :class:`~damlib.play.clicks.ClickToMove`) and forwards
what the learner does to it. Pictures are PNGs; every widget also puts a picture of
its board in its display data, so a notebook shows boards before it runs. A bad
click or bad input never raises into the notebook: the widget says what was wrong
and keeps its state.
"""

import importlib
from typing import TYPE_CHECKING, Any

#: each widget's module, loaded when the widget is first asked for: a lesson that shows a board
#: does not wait for the exercises, the editor's printed pages or the class view to load (in the
#: browser's Python, seconds)
_MODULES = {"Board": "board", "CaptureStepper": "captures", "PROMOTION_EXAMPLES": "captures",
            "PromotionExplorer": "captures", "ClassView": "classview", "BoardEditor": "editor",
            "Exercises": "exercises", "SaveWorksheet": "exercises", "Learn": "learn", "PlayBoard": "play",
            "GameReplay": "replay"}

if TYPE_CHECKING:  # what the lazy names are, for mypy and editors
    from .board import Board
    from .captures import PROMOTION_EXAMPLES, CaptureStepper, PromotionExplorer
    from .classview import ClassView
    from .editor import BoardEditor
    from .exercises import Exercises, SaveWorksheet
    from .learn import Learn
    from .play import PlayBoard
    from .replay import GameReplay

__all__ = [
    "PROMOTION_EXAMPLES", "Board", "CaptureStepper", "ClassView", "Exercises", "GameReplay", "Learn", "PlayBoard",
    "PromotionExplorer", "SaveWorksheet", "BoardEditor",
]


def __getattr__(name: str) -> Any:
    if name not in _MODULES:
        raise AttributeError(f"module 'damlib.widgets' has no attribute {name!r}")
    return getattr(importlib.import_module(f".{_MODULES[name]}", __name__), name)


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
