"""Diagrams drawn by the live board, where matplotlib is missing (the browser's Python): the
board's own SVG in the diagrams' look, not playable, its title over it and its caption under it.

>>> from damlib import Position
>>> from damlib.diagram import Diagram
>>> row = shown(Diagram(Position.from_fen("W:We3:Bd4,f4", "german"), move="e3:c5", title="DE-STRIKE")._boards)
>>> board = row.children[0].children[1]
>>> board.interactive, board.arrows, board.crosses, board.label
(False, [{'route': ['e3', 'c5'], 'faint': False}], ['d4'], 'DE-STRIKE')
"""

from __future__ import annotations

import html
from collections.abc import Sequence

import ipywidgets as w

from ..drawing.diagram import OnBoard
from ..drawing.look import default_size
from .board import Board
from .common import prose, shared


def shown(boards: Sequence[OnBoard]) -> w.HBox:
    """The diagrams side by side, each a board under its title and over its caption."""
    return w.HBox([_one(board) for board in boards], layout=shared(w.Layout))


def _one(diagram: OnBoard) -> w.VBox:
    size = diagram.size or default_size()
    board = Board(size=size, interactive=False)
    board.flipped = diagram.flip
    board.show(diagram.position, marks=diagram.marks, arrows=diagram.arrows, ahead=diagram.ahead,
               crosses=diagram.crosses, label=diagram.title or None)
    title = w.HTML(f"<b>{prose(html.escape(diagram.title))}</b>" if diagram.title else "")
    caption = w.HTML(prose(html.escape(diagram.caption)))
    left_out = w.HTML(prose(f"<i>{html.escape(diagram.left_out)}</i>") if diagram.left_out else "")
    return w.VBox([title, board, caption, left_out], layout=w.Layout(width=f"{size}px"))
