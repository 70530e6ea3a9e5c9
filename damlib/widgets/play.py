"""The play board: a clickable board for a game against a classmate or the computer."""

from __future__ import annotations

import html
from collections.abc import Callable

import ipywidgets as w

from .. import diagram
from ..clicks import ClickToMove
from ..errors import DamlibError
from ..notation import numbered_moves, parse_color
from ..position import Position, Variant
from ..squares import SQUARE_NAMES, dark
from ..variants import GERMAN
from ..variants import rules as _rules
from .common import GAMES, Pictured, button, check_size, position_of, prose

# A disc for a man, a crowned piece for a king; White's filled white and Black's dark, each
# outlined in dark ink (the style below), as in the diagrams: it reads on light and dark
# squares alike, in greyscale too.
GLYPHS = {False: "⬤", True: "♚"}
INK = {"white": diagram.PALETTE["white"], "black": "#111111"}
COLORS = {"selected": "#f6e05e", "target": "#8fd16a", "last": "#cdd26a",
          "light": diagram.PALETTE["light"], "dark": diagram.PALETTE["dark"]}
#: an empty square's label: a browser keeps the old text when a button's is set to ""
EMPTY = "\u00a0"
_OUTLINE = ("<style>.damlib-board .widget-button, .damlib-board button "
            "{-webkit-text-stroke: 1.5px #111111; paint-order: stroke fill}</style>")


class PlayBoard(Pictured, w.VBox):
    """A clickable board: click a piece, then its destination (and, for a capture
    with several routes, each landing square in turn).

    The board draws a :class:`~damlib.clicks.ClickToMove` and forwards its clicks
    to it. Restart, new game, undo, flip, a move list and a status line; a click
    that is not a legal choice shows why, with the rule ID, and changes nothing.
    ``referee`` lets capture mistakes through and applies the penalty (DE-PENALTY,
    TR-PENALTY); ``computer`` (``"white"`` or ``"black"``) lets damlib play one side.

    >>> board = PlayBoard("german")
    >>> board.squares["c3"].click(); board.squares["d4"].click()
    >>> board.game.moves
    (Move('c3-d4'),)
    """

    def __init__(
        self,
        variant: Variant = GERMAN,
        referee: bool = False,
        computer: str | None = None,
        fen: str | None = None,
        seconds: float = 0.5,
        size: int | None = None,
    ) -> None:
        rules = _rules(variant)
        self.size = check_size(size)
        square = self.size // 8
        if not isinstance(seconds, (int, float)) or isinstance(seconds, bool) or not 0 < seconds <= 10:
            raise DamlibError(f"seconds is the computer's time per move, above 0 and at most 10, not {seconds!r}")
        start = position_of(fen, rules) if fen is not None else Position.start(rules)
        self.table = ClickToMove(start, referee=referee, computer=parse_color(computer, "computer"),
                                 seconds=seconds)
        self.flipped = False
        # one layout for all 64 squares, one style a colour and ink: fewer widget models to sync
        shape = w.Layout(width=f"{square}px", height=f"{square}px", padding="0", margin="0")
        self._styles = {(color, ink): w.ButtonStyle(button_color=color, font_size=f"{round(square * 0.64)}px",
                                                    text_color=ink)
                        for color in COLORS.values() for ink in INK.values()}
        self.squares = {name: self._square_button(name, shape) for name in SQUARE_NAMES}
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
        games = list(GAMES) + ([rules] if rules not in GAMES else [])
        self.variant = w.Dropdown(options=[(r.name, r) for r in games], value=rules, description="Game")
        self.referee = w.Checkbox(value=self.table.game.referee,
                                  description="referee mode (capture mistakes are punished)",
                                  indent=False, layout=w.Layout(width="auto"))
        self.computer = w.Dropdown(options=[("nobody", ""), ("White", "white"), ("Black", "black")],
                                   value=self.table.computer or "", description="Computer")
        self.take_back_button = button("Take back and capture", "make the mistake be taken back", "take-back",
                                       self._forward(self.table.take_back))
        self.let_stand_button = button("Let it stand", "let the mistaken move stand", "let-stand",
                                       self._forward(self.table.let_stand))
        self.end_button = button("End the move here", "referee mode: stop the capture on this square", "end-here",
                                 self._forward(self.table.end_here))
        self.restart_button = button("Restart this position", "back to the position this board began with",
                                     "restart", self.restart)
        self.restart_button.layout.display = "none" if start == Position.start(rules) else None
        self.status = w.HTML()
        self.status.add_class("damlib-status")
        self.move_list = w.HTML()
        self.move_list.add_class("damlib-moves")
        controls = w.HBox([
            self.restart_button,
            button("New game", "the standard start of this game", "new", lambda: self.new_game()),
            button("Undo", "take back the last move", "undo", self._forward(self.table.undo)),
            button("Flip", "turn the board around", "flip", self.flip),
        ], layout=w.Layout(flex_flow="row wrap"))
        self.variant.observe(lambda change: self.new_game(change["new"]), "value")
        self.referee.observe(lambda change: self._forward(lambda: self.table.set_referee(change["new"]))(), "value")
        self.computer.observe(lambda change: self._forward(lambda: self.table.set_computer(change["new"]))(), "value")
        self._rendered: dict[str, tuple[str, str, str]] = {}
        self._layout_grid()
        super().__init__([
            w.HBox([self.variant, self.computer], layout=w.Layout(flex_flow="row wrap")), self.referee,
            # the board keeps its size; the status panel goes below it when space is short
            w.HBox([
                w.VBox([w.HTML(_OUTLINE),
                        w.HBox([w.VBox(self.rank_labels, layout=w.Layout(min_width="24px", flex="0 0 24px")),
                                self.grid]),
                        w.HBox([w.Label(layout=w.Layout(width="24px", margin="0")), *self.file_labels])],
                       layout=w.Layout(flex="0 0 auto", min_width=f"{8 * square + 28}px")),
                w.VBox([self.status, self.move_list], layout=w.Layout(margin="0 0 0 16px", flex="1 1 240px")),
            ], layout=w.Layout(flex_flow="row wrap")),
            controls, w.HBox([self.end_button, self.take_back_button, self.let_stand_button]),
        ])

    def __repr__(self) -> str:
        n = len(self.game.moves)
        return f"<PlayBoard {self.game.rules.name}: {n} move{'' if n == 1 else 's'}>"

    def picture(self) -> bytes:
        game = self.game
        title = f"{game.rules.name}: " + (str(game.result) if game.result else f"{game.position.turn} to move")
        return diagram.png(game.position, last_move=game.moves[-1] if game.moves else None, flip=self.flipped,
                           title=title, size=self.size)

    # -- what the table holds ---------------------------------------------------------

    @property
    def game(self):
        """The :class:`~damlib.Game` being played."""
        return self.table.game

    @property
    def path(self) -> list[str]:
        """The squares chosen so far: the piece, then each landing square."""
        return self.table.path

    def targets(self) -> set[str]:
        """The squares a click may move the chosen piece to."""
        return set(self.table.targets)

    # -- actions ----------------------------------------------------------------------

    def _forward(self, action: Callable[[], None]) -> Callable[[], None]:
        def forwarded() -> None:
            action()
            self.refresh()
        return forwarded

    def click(self, square: object) -> None:
        """What a click on ``square`` does: select a piece, or move it."""
        self._forward(lambda: self.table.click(square))()

    def end_here(self) -> None:
        """Referee mode: end a capture on the landing square chosen last, even if it could go on."""
        self._forward(self.table.end_here)()

    def undo(self) -> None:
        """Take back the last move; against the computer, back to your own turn."""
        self._forward(self.table.undo)()

    def restart(self) -> None:
        """Start again from the position this board began with."""
        self._forward(self.table.restart)()

    def new_game(self, variant: Variant | None = None) -> None:
        """Start again from the standard start of ``variant`` (by default the game chosen)."""
        self._forward(lambda: self.table.new_game(variant if variant is not None else self.variant.value))()

    def flip(self) -> None:
        self.flipped = not self.flipped
        self._layout_grid()

    # -- showing ----------------------------------------------------------------------

    def _square_button(self, name: str, layout: w.Layout) -> w.Button:
        square = w.Button(description=EMPTY, tooltip=name, layout=layout,
                          style=self._styles[COLORS["light"], INK["black"]])
        square.add_class(f"damlib-square-{name}")
        square.on_click(lambda _: self.click(name))
        return square

    def _layout_grid(self) -> None:
        order = [SQUARE_NAMES[r * 8 + f] for r in range(7, -1, -1) for f in range(8)]
        if self.flipped:
            order.reverse()
        self.grid.children = [self.squares[s] for s in order]
        for i, label in enumerate(self.rank_labels):
            label.value = order[i * 8][1]
        for i, label in enumerate(self.file_labels):
            label.value = order[56 + i][0]
        self.refresh()

    def refresh(self) -> None:
        """Bring the squares, status and move list up to date with the game."""
        table, game = self.table, self.table.game
        pieces = game.position.pieces
        targets = table.targets
        last = {game.moves[-1].start, game.moves[-1].end} if game.moves else set()
        for name, square in self.squares.items():
            piece = pieces.get(name)
            if table.path and name == table.path[0]:
                color = COLORS["selected"]
            elif name in targets or name in table.path:
                color = COLORS["target"]
            elif name in last:
                color = COLORS["last"]
            else:
                color = COLORS["dark" if dark(SQUARE_NAMES.index(name)) else "light"]
            state = (GLYPHS[piece.is_king] if piece else EMPTY, color, INK[piece.color if piece else "black"])
            if self._rendered.get(name) != state:
                square.description = state[0]
                square.style = self._styles[state[1:]]
                self._rendered[name] = state
        self.take_back_button.layout.display = self.let_stand_button.layout.display = (
            "flex" if game.pending else "none"
        )
        self.end_button.layout.display = "flex" if table.can_end_here else "none"
        status = f"<b>{html.escape(table.headline)}</b>"
        if table.message:
            status += f"<br>{html.escape(table.message)}"
        self.status.value = prose(status)
        moves = numbered_moves(game.moves, white_first=game.positions[0].turn == "white")
        self.move_list.value = prose(f"<b>Moves</b><br>{html.escape(moves) or '—'}")
