"""The clickable board: 64 square buttons with rank and file labels, shared by the play board
and the learn levels. It draws what a :class:`~damlib.clicks.ClickToMove` holds."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

import ipywidgets as w

from .. import diagram
from ..clicks import ClickToMove
from ..squares import SQUARE_NAMES, dark

# A disc for a man, a crowned piece for a king; White's filled white and Black's dark, each
# outlined in dark ink (the style below), as in the diagrams: it reads on light and dark
# squares alike, in greyscale too.
GLYPHS = {False: "⬤", True: "♚"}
INK = {"white": diagram.PALETTE["white"], "black": "#111111"}
# "excluded": a square whose piece the rules exclude, in the board editor; "hint": a hint's move
COLORS = {"selected": "#f6e05e", "target": "#8fd16a", "last": "#cdd26a", "excluded": "#f2a0a0", "hint": "#8cc4ee",
          "light": diagram.PALETTE["light"], "dark": diagram.PALETTE["dark"]}
#: an empty square's label: a browser keeps the old text when a button's is set to ""
EMPTY = "\u00a0"
_OUTLINE = ("<style>.damlib-board .widget-button, .damlib-board button "
            "{-webkit-text-stroke: 1.5px #111111; paint-order: stroke fill}</style>")


class Squares(w.VBox):
    """The board's 64 buttons, labelled ranks and files, flippable; a click on a square calls
    ``on_click`` with its name. :meth:`draw` shows a table's position, choice and targets."""

    def __init__(self, size: int, on_click: Callable[[str], None]) -> None:
        square = size // 8
        self.flipped = False
        # one layout for all 64 squares, one style a colour and ink: fewer widget models to sync
        shape = w.Layout(width=f"{square}px", height=f"{square}px", padding="0", margin="0")
        # a king's glyph is drawn smaller than a man's disc in the same font size: a size each
        self._styles = {(color, ink, king): w.ButtonStyle(button_color=color, text_color=ink,
                                                          font_size=f"{round(square * (0.8 if king else 0.64))}px")
                        for color in COLORS.values() for ink in INK.values() for king in (False, True)}
        self.buttons = {name: self._button(name, shape, on_click) for name in SQUARE_NAMES}
        self.grid = w.GridBox(layout=w.Layout(grid_template_columns=f"repeat(8, {square}px)",
                                              grid_template_rows=f"repeat(8, {square}px)", grid_gap="0px",
                                              width=f"{8 * square}px", min_width=f"{8 * square}px",
                                              flex="0 0 auto"))
        self.grid.add_class("damlib-board")
        centred = {"margin": "0", "padding": "0", "display": "flex", "justify_content": "center",
                   "align_items": "center"}
        rank_label = w.Layout(width="24px", height=f"{square}px", **centred)
        file_label = w.Layout(width=f"{square}px", height="24px", **centred)
        self.rank_labels = [w.Label(layout=rank_label) for _ in range(8)]
        self.file_labels = [w.Label(layout=file_label) for _ in range(8)]
        self._drawn: dict[str, tuple[str, str, str, bool]] = {}
        self._order()
        super().__init__([
            w.HTML(_OUTLINE),
            w.HBox([w.VBox(self.rank_labels, layout=w.Layout(min_width="24px", flex="0 0 24px")), self.grid]),
            w.HBox([w.Label(layout=w.Layout(width="24px", margin="0")), *self.file_labels]),
        ], layout=w.Layout(flex="0 0 auto", min_width=f"{8 * square + 28}px"))

    def flip(self) -> None:
        self.flipped = not self.flipped
        self._order()

    def draw(self, table: ClickToMove, marked: Iterable[str] = ()) -> None:
        """Show the table's position, the chosen piece and path, where it may go, the last move,
        and the ``marked`` squares (a hint's move)."""
        game = table.game
        targets = table.targets
        last = {game.moves[-1].start, game.moves[-1].end} if game.moves else set()
        marks = {name: COLORS["last"] for name in last}
        marks |= {name: COLORS["hint"] for name in marked}
        marks |= {name: COLORS["target"] for name in (*targets, *table.path)}
        if table.path:
            marks[table.path[0]] = COLORS["selected"]
        self.paint({name: (p.color, p.is_king) for name, p in game.position.pieces.items()}, marks)

    def paint(self, pieces: Mapping[str, tuple[str, bool]], marks: Mapping[str, str] | None = None) -> None:
        """Show ``pieces`` (square → (colour, is king)) on squares coloured as ``marks`` says
        (square → colour), the rest light or dark."""
        marks = marks or {}
        for name, square in self.buttons.items():
            piece = pieces.get(name)
            color = marks.get(name) or COLORS["dark" if dark(SQUARE_NAMES.index(name)) else "light"]
            king = piece is not None and piece[1]
            state = (GLYPHS[king] if piece else EMPTY, color, INK[piece[0] if piece else "black"], king)
            if self._drawn.get(name) != state:
                square.description = state[0]
                square.style = self._styles[state[1:]]
                self._drawn[name] = state

    def _button(self, name: str, layout: w.Layout, on_click: Callable[[str], None]) -> w.Button:
        square = w.Button(description=EMPTY, tooltip=name, layout=layout,
                          style=self._styles[COLORS["light"], INK["black"], False])
        square.add_class(f"damlib-square-{name}")
        square.on_click(lambda _: on_click(name))
        return square

    def _order(self) -> None:
        order = [SQUARE_NAMES[r * 8 + f] for r in range(7, -1, -1) for f in range(8)]
        if self.flipped:
            order.reverse()
        self.grid.children = [self.buttons[s] for s in order]
        for i, label in enumerate(self.rank_labels):
            label.value = order[i * 8][1]
        for i, label in enumerate(self.file_labels):
            label.value = order[56 + i][0]
