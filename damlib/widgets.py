"""Widgets for the lessons, built on ipywidgets' core widgets only.

- :class:`CaptureStepper`: step through a capture jump by jump.
- :class:`PromotionExplorer`: one position under German, Russian and Turkish rules.
- :class:`PlayBoard`: a clickable board to play on, alone against the computer or in pairs.
- :class:`GameReplay`: step through the moves of a game.

Each holds a :class:`~damlib.Game` or :class:`~damlib.Position`; pictures are
``ipywidgets.Image`` PNG values, so saved notebooks compare cleanly. A bad click
or bad input never raises into the notebook: the widget says what was wrong
and keeps its state.

>>> from damlib.widgets import PlayBoard
>>> board = PlayBoard("german")
>>> board.squares["c3"].click(); board.squares["d4"].click()
>>> board.game.moves
(Move('c3-d4'),)
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterable
from typing import Any

import ipywidgets as w

from . import diagram
from .errors import DamlibError
from .exercises import EXERCISES, Exercise
from .game import Game
from .position import Move, Position, Variant
from .referee import CaptureStage, all_captures, capture_stages, describe, explain, shorter_captures, why_piece_cannot_move
from .variants import GERMAN, RUSSIAN, TURKISH, Rules, rules as _rules
from .search import best_move
from .squares import SQUARE_NAMES, dark, tables

GAMES = (GERMAN, RUSSIAN, TURKISH)
IMAGE_SIZE = 360


def _position(position: Position | str, variant: Variant | None) -> Position:
    if isinstance(position, Position):
        return position
    return Position.from_fen(position, variant or GERMAN)


def _image(png: bytes, size: int = IMAGE_SIZE) -> w.Image:
    return w.Image(value=png, format="png", width=size, layout=w.Layout(max_width="100%"))


def _prose(text: str) -> str:
    """HTML for a widget's caption or status: wrapped, since a widget's text does not
    wrap by itself in JupyterLab."""
    return f'<div style="white-space: normal; line-height: 1.4">{text}</div>' if text else ""


def _button(description: str, tooltip: str, name: str, handler: Callable[[], None]) -> w.Button:
    button = w.Button(description=description, tooltip=tooltip, layout=w.Layout(width="auto"))
    button.add_class(f"damlib-{name}")
    button.on_click(lambda _: handler())
    return button


class Diagram(w.Image):
    """A board diagram as an ``ipywidgets.Image``, for lessons: takes the keywords of
    :func:`damlib.diagram.draw`.

    >>> Diagram(Position.start("turkish"), title="TR-START")
    <Diagram Turkish W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3:Ba6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7>
    """

    def __init__(self, subject: Position | Move, size: int = IMAGE_SIZE, **annotations: Any) -> None:
        position = subject.position if isinstance(subject, Move) else subject
        self._label = f"{position.rules.name} {position.fen}" if position is not None else str(subject)
        super().__init__(value=diagram.png(subject, size=size, **annotations), format="png", width=size)

    def __repr__(self) -> str:
        return f"<Diagram {self._label}>"


class _Steps(w.HBox):
    """First / back / next / last buttons and a slider over ``0..maximum``."""

    def __init__(self, label: str) -> None:
        self.slider = w.IntSlider(min=0, max=0, description=label, continuous_update=True)
        self.slider.add_class("damlib-slider")
        # glyphs DejaVu Sans has, so they show on a plain Linux machine too
        first = _button("⇤", "first", "first", lambda: self._go(self.slider.min))
        back = _button("◀", "back", "back", lambda: self._go(self.slider.value - 1))
        forward = _button("▶", "next", "next", lambda: self._go(self.slider.value + 1))
        last = _button("⇥", "last", "last", lambda: self._go(self.slider.max))
        self.buttons = {"first": first, "back": back, "next": forward, "last": last}
        super().__init__([first, back, self.slider, forward, last])

    def _go(self, value: int) -> None:
        self.slider.value = max(self.slider.min, min(self.slider.max, value))

    def reset(self, maximum: int) -> None:
        self.slider.value = 0
        self.slider.max = maximum
        for control in (self.slider, *self.buttons.values()):
            control.disabled = maximum == 0


def _stage_picture(stage, title: str, size: int) -> bytes:
    arrows = [stage.path] if len(stage.path) > 1 else []
    return diagram.png(
        stage.position, arrows=arrows, captured=stage.jumped, highlight=[stage.path[0]], title=title, size=size
    )


class CaptureStepper(w.VBox):
    """Lists the legal captures of a position and steps through one jump at a time.

    With ``show_forbidden`` (or its checkbox) it lists, too, the captures the
    majority rule forbids because they take fewer pieces. Each step's caption
    says what happens to the jumped pieces under the game's rule, with its ID.

    >>> stepper = CaptureStepper("W:We3:Bd4,f4,b6", variant="german")
    >>> stepper.steps.buttons["next"].click()
    >>> stepper.stage.rule
    'DE-STRIKE'
    """

    def __init__(
        self,
        position: Position | str,
        move: Move | str | None = None,
        variant: Variant | None = None,
        show_forbidden: bool = False,
        size: int = IMAGE_SIZE,
    ) -> None:
        self.position = _position(position, variant)
        self.size = size
        self.choice = w.Dropdown(description="Capture", layout=w.Layout(width="max-content"))
        self.forbidden = w.Checkbox(value=show_forbidden, description="also show captures that are not allowed", indent=False)
        self.steps = _Steps("Jump")
        self.image = _image(b"", size)
        self.caption = w.HTML()
        self.caption.add_class("damlib-caption")
        self._fill_choices()
        self._note = ""
        if move:
            self._select(move)
        self.choice.observe(lambda _: self._show_move(), "value")
        self.forbidden.observe(lambda _: self._fill_choices(), "value")
        self.steps.slider.observe(lambda _: self._show_stage(), "value")
        self._show_move()
        super().__init__([w.HBox([self.choice, self.forbidden]), self.steps, self.image, self.caption])

    def __repr__(self) -> str:
        return f"<CaptureStepper {self.position.rules.name}: {self.choice.value or 'no capture'}>"

    def _select(self, move: Move | str) -> None:
        """Show ``move`` if it is one of the listed captures; otherwise say why not."""
        wanted = str(move).strip().lower().replace("x", ":").replace("-", ":")
        for _, option in self.choice.options:
            if option and wanted in (str(option), f"{option.start}:{option.end}"):
                self.choice.value = option
                return
        self._note = explain(self.position, str(move))

    def _fill_choices(self) -> None:
        legal = [m for m in self.position.legal_moves if m.is_capture]
        options = [(f"{m} — takes {len(m.captured)}", m) for m in legal]
        if self.forbidden.value:
            options += [(f"✗ {m} — takes {len(m.captured)}, not allowed", m) for m in shorter_captures(self.position)]
        current = self.choice.value
        # "" rather than None: a browser shows a None value as an empty dropdown
        self.choice.options = options or [("no capture here", "")]
        self.choice.disabled = not options
        values = [value for _, value in self.choice.options]
        self.choice.value = current if current in values else values[0]

    def _show_move(self) -> None:
        move = self.choice.value
        self.stages = capture_stages(move) if move else ()
        self.steps.reset(max(0, len(self.stages) - 1))
        self._show_stage()

    @property
    def stage(self) -> CaptureStage | None:
        """The :class:`~damlib.referee.CaptureStage` shown now, or ``None`` without a capture."""
        return self.stages[self.steps.slider.value] if self.stages else None

    def _show_stage(self) -> None:
        stage, move = self.stage, self.choice.value
        name = self.position.rules.name
        if stage is None:
            self.image.value = diagram.png(self.position, title=f"{name}: no capture", size=self.size)
            self.caption.value = _prose(f"There is no capture here; {self.position.turn.capitalize()} to move.")
            return
        self.image.value = _stage_picture(stage, f"{name}: {move}", self.size)
        text = html.escape(stage.caption)
        if stage.rule:
            text += f" <b>[{stage.rule}]</b>"
        if move not in self.position.legal_moves:
            text = f"<b>Not allowed:</b> {html.escape(explain(self.position, str(move)))}<br>{text}"
        if self._note:
            text = f"<b>Cannot show {html.escape(self._note)}</b><br>{text}"
        self.caption.value = _prose(text)


#: Built-in positions for the promotion edge cases, by what they show.
PROMOTION_EXAMPLES: dict[str, str] = {
    "jumps onto the last rank and can jump on": "W:Wb6:Bc7,e7",
    "jumps onto the last rank; only a king could take on": "W:Wb6:Bc7,f6",
    "passes the last rank and ends on it again": "W:Wb6:Bc7,e7,g7",
    "crowned, then captures back down the file": "W:Wd6:Bd7,d4",
    "crowned, then captures along the last rank": "W:Wd6:Bd7,b8",
}


def _crossing_capture(position: Position) -> Move | None:
    """The capture to compare: one that reaches the last rank if there is one."""
    captures = [m for m in position.legal_moves if m.is_capture]
    last = {SQUARE_NAMES[s] for s in tables(position.rules, position.turn == "white").last_rank}
    return next((m for m in captures if last & set(m.path[1:])), captures[0] if captures else None)


class PromotionExplorer(w.VBox):
    """The same position under German, Russian and Turkish rules, side by side.

    Steps through the same capture in each game: the German man passes the last
    rank and stays a man (DE-PROMOTE-PASS), the Russian man is crowned and goes
    on as a king (RU-PROMOTE), the Turkish man is crowned at once (TR-PROMOTE).

    >>> explorer = PromotionExplorer("W:Wb6:Bc7,e7")
    >>> explorer.steps.buttons["last"].click()
    >>> "crowned at once" in explorer.columns["Russian"].stages[1].caption
    True
    """

    def __init__(self, fen: str | None = None, size: int = 260) -> None:
        self.size = size
        self.examples = w.Dropdown(options=list(PROMOTION_EXAMPLES.items()), description="Example",
                                   layout=w.Layout(width="max-content"))
        self.fen = w.Text(value=fen or self.examples.value, description="FEN", continuous_update=False)
        self.show = _button("Show", "show this FEN", "show", self._load)
        self.message = w.HTML()
        self.steps = _Steps("Jump")
        self.columns = {r.name: _Column(r, size) for r in GAMES}
        self.examples.observe(lambda change: setattr(self.fen, "value", change["new"]), "value")
        self.fen.observe(lambda _: self._load(), "value")
        self.steps.slider.observe(lambda _: self._show_stage(), "value")
        self._load()
        super().__init__([
            w.HBox([self.examples, self.fen, self.show]), self.message, self.steps,
            w.HBox(list(self.columns.values())),
        ])

    def __repr__(self) -> str:
        return f"<PromotionExplorer {self.fen.value}>"

    def _load(self) -> None:
        for column in self.columns.values():
            column.load(self.fen.value)
        longest = max((len(c.stages) for c in self.columns.values()), default=1)
        self.message.value = ""
        if all(c.error for c in self.columns.values()):
            self.message.value = _prose(f"<b>Cannot show this FEN:</b> {html.escape(self.columns['German'].error)}")
        self.steps.reset(max(0, longest - 1))
        self._show_stage()

    def _show_stage(self) -> None:
        for column in self.columns.values():
            column.show(self.steps.slider.value)


class _Column(w.VBox):
    """One game's picture and caption in the :class:`PromotionExplorer`."""

    def __init__(self, rules: Rules, size: int) -> None:
        self.rules, self.size = rules, size
        self.image = _image(b"", size)
        self.caption = w.HTML(layout=w.Layout(width="100%"))
        self.caption.add_class("damlib-caption")
        self.stages: tuple = ()
        self.error = ""
        # the three columns share the width, however narrow the notebook
        super().__init__([w.HTML(f"<h4>{rules.name}</h4>"), self.image, self.caption],
                         layout=w.Layout(flex="1 1 0", min_width="0", max_width=f"{size}px", margin="0 6px 0 0"))

    def load(self, fen: str) -> None:
        self.stages, self.error, self.move = (), "", None
        try:
            self.position = Position.from_fen(fen, self.rules)
        except DamlibError as error:
            self.error = str(error)
            return
        self.move = _crossing_capture(self.position)
        if self.move is not None:
            self.stages = capture_stages(self.move)

    def show(self, step: int) -> None:
        if self.error:
            self.image.value = b""
            self.caption.value = _prose(f"Not a {self.rules.name} position: {html.escape(self.error)}")
            return
        if not self.stages:
            self.image.value = diagram.png(self.position, title="no capture", size=self.size)
            self.caption.value = _prose(f"No capture in {self.rules.name} draughts here.")
            return
        stage = self.stages[min(step, len(self.stages) - 1)]
        self.image.value = _stage_picture(stage, str(self.move), self.size)
        self.caption.value = _prose(html.escape(stage.caption) + (f" <b>[{stage.rule}]</b>" if stage.rule else ""))


# Hollow for White, filled for Black, crowned kings: dark ink reads on light and dark
# squares alike (a white glyph vanishes on a light square), in greyscale too.
_GLYPHS = {("white", False): "◯", ("black", False): "⬤", ("white", True): "♔", ("black", True): "♚"}
_INK = "#111111"
_COLORS = {"selected": "#f6e05e", "target": "#8fd16a", "last": "#cdd26a",
           "light": diagram.PALETTE["light"], "dark": diagram.PALETTE["dark"]}
#: an empty square's label: a browser keeps the old text when a button's is set to ""
_EMPTY = "\u00a0"


class PlayBoard(w.VBox):
    """A clickable board: click a piece, then its destination (and, for a capture
    with several routes, each landing square in turn).

    Undo, new game, flip, a move list and a status line; a click that is not a
    legal choice shows why, with the rule ID, and changes nothing. ``referee``
    lets capture mistakes through and applies the penalty (DE-PENALTY,
    TR-PENALTY); ``computer`` (``"white"`` or ``"black"``) lets damlib play one side.
    """

    def __init__(
        self,
        variant: Variant = GERMAN,
        referee: bool = False,
        computer: str | None = None,
        fen: str | None = None,
        seconds: float = 0.5,
    ) -> None:
        self.seconds = seconds
        self.flipped = False
        self.path: list[str] = []
        self.message = ""
        self.squares = {name: self._square_button(name) for name in SQUARE_NAMES}
        self.grid = w.GridBox(layout=w.Layout(grid_template_columns="repeat(8, 44px)",
                                              grid_template_rows="repeat(8, 44px)", grid_gap="0px",
                                              width="352px", min_width="352px", flex="0 0 auto"))
        self.grid.add_class("damlib-board")
        label = {"margin": "0", "padding": "0", "display": "flex", "justify_content": "center", "align_items": "center"}
        self.rank_labels = [w.Label(layout=w.Layout(width="24px", height="44px", **label)) for _ in range(8)]
        self.file_labels = [w.Label(layout=w.Layout(width="44px", height="24px", **label)) for _ in range(8)]
        self.variant = w.Dropdown(options=[(r.name, r) for r in GAMES], value=_rules(variant), description="Game")
        self.referee = w.Checkbox(value=referee, description="referee mode (capture mistakes are punished)",
                                  indent=False, layout=w.Layout(width="auto"))
        self.computer = w.Dropdown(options=[("nobody", ""), ("White", "white"), ("Black", "black")],
                                   value=computer or "", description="Computer")
        self.take_back_button = _button("Take back and capture", "make the mistake be taken back", "take-back", self.take_back)
        self.let_stand_button = _button("Let it stand", "let the mistaken move stand", "let-stand", self.let_stand)
        self.end_button = _button("End the move here", "referee mode: stop the capture on this square", "end-here",
                                  self.end_here)
        self.status = w.HTML()
        self.status.add_class("damlib-status")
        self.move_list = w.HTML()
        self.move_list.add_class("damlib-moves")
        controls = w.HBox([
            _button("New game", "start again", "new", lambda: self.new_game()),
            _button("Undo", "take back the last move", "undo", self.undo),
            _button("Flip", "turn the board around", "flip", self.flip),
        ])
        self.variant.observe(lambda _: self.new_game(), "value")
        self.referee.observe(lambda change: self._set_referee(change["new"]), "value")
        self.computer.observe(lambda _: self._computer_moves(), "value")
        self._rendered: dict[str, tuple] = {}
        self.new_game(Position.from_fen(fen, self.variant.value) if fen else None)
        super().__init__([
            w.HBox([self.variant, self.computer]), self.referee,
            # the board keeps its size; the status panel goes below it when space is short
            w.HBox([
                w.VBox([w.HBox([w.VBox(self.rank_labels, layout=w.Layout(min_width="24px", flex="0 0 24px")), self.grid]),
                        w.HBox([w.Label(layout=w.Layout(width="24px", margin="0")), *self.file_labels])],
                       layout=w.Layout(flex="0 0 auto", min_width="380px")),
                w.VBox([self.status, self.move_list], layout=w.Layout(margin="0 0 0 16px", flex="1 1 240px")),
            ], layout=w.Layout(flex_flow="row wrap")),
            controls, w.HBox([self.end_button, self.take_back_button, self.let_stand_button]),
        ])

    def __repr__(self) -> str:
        return f"<PlayBoard {self.game.rules.name}: {_moves(len(self.game.moves))}>"

    # -- buttons ----------------------------------------------------------------

    def _square_button(self, name: str) -> w.Button:
        button = w.Button(description=_EMPTY, tooltip=name,
                          layout=w.Layout(width="44px", height="44px", padding="0", margin="0"))
        button.style.font_size = "28px"
        button.style.text_color = _INK
        button.add_class(f"damlib-square-{name}")
        button.on_click(lambda _: self.click(name))
        return button

    def new_game(self, start: Position | None = None) -> None:
        """Start again from the variant's start (or ``start``), keeping the options."""
        self.game = Game(start or Position.start(self.variant.value), referee=self.referee.value)
        self.path, self.message = [], ""
        self._layout_grid()
        self._computer_moves()

    def flip(self) -> None:
        self.flipped = not self.flipped
        self._layout_grid()

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

    def undo(self) -> None:
        """Take back the last move; against the computer, back to your own turn."""
        try:
            self.game.undo()
            if self.computer.value == self.game.position.turn and self.game.moves:
                self.game.undo()
            self.path, self.message = [], ""
        except DamlibError as error:
            self.message = str(error)
        self.refresh()
        self._computer_moves()  # the computer may have the first move

    def take_back(self) -> None:
        """The opponent's choice after a capture mistake: take it back (DE-PENALTY)."""
        self._act(self.game.take_back)

    def let_stand(self) -> None:
        """The opponent's choice after a capture mistake: let it stand (DE-PENALTY)."""
        self._act(self.game.let_stand)

    def end_here(self) -> None:
        """Referee mode: end a capture on the landing square chosen last, even if it could go on."""
        self._act(lambda: self._play(":".join(self.path)))

    def _act(self, action: Callable[[], Any]) -> None:
        try:
            action()
            self.message = ""
        except DamlibError as error:
            self.message = str(error)
        self.refresh()
        self._computer_moves()

    def _set_referee(self, on: bool) -> None:
        self.game.referee = on
        self.path = []
        self.refresh()

    # -- clicks -----------------------------------------------------------------

    def _routes(self) -> tuple[Move, ...]:
        """The moves clicks may build: the legal ones, and in referee mode every capture
        route too, since a capture mistake may be played on purpose."""
        position = self.game.position
        return (all_captures(position) if self.game.referee else ()) or position.routes()

    def targets(self) -> set[str]:
        """The squares a click may go to next, from the piece and landings chosen so far."""
        n = len(self.path)
        return {m.path[n] for m in self._routes() if n and m.path[:n] == tuple(self.path) and len(m.path) > n}

    def click(self, square: str) -> None:
        """What a click on ``square`` does: select a piece, or move it."""
        self.message = ""
        try:
            self._click(square)
        except DamlibError as error:
            self.message = str(error)
        self.refresh()
        self._computer_moves()

    def _click(self, square: str) -> None:
        game = self.game
        own = self._own(square)
        if game.result or game.pending:
            self.message = str(game.result) if game.result else "First choose: take back, or let it stand."
        elif self.path == [square]:
            self.path = []
        elif own and len(self.path) <= 1 and self._can_move(square):
            self.path = [square]
        elif not self.path or (own and len(self.path) == 1):
            self.path = []
            self.message = why_piece_cannot_move(game.position, square) or ""
        elif square in self.targets():
            self.path.append(square)
            n = len(self.path)
            routes = [m for m in self._routes() if m.path[:n] == tuple(self.path)]
            complete = [m for m in routes if len(m.path) == n]
            # in referee mode a capture may be stopped early on purpose, so wait for every
            # landing; otherwise play as soon as all ways on are the same move
            if self.game.referee:
                done = len(complete) == len(routes)
            else:
                done = len(set(routes)) == 1
            if done:
                self._play((complete or routes)[0])
        else:
            self._play("-".join(self.path + [square]))

    def _own(self, square: str) -> bool:
        piece = self.game.position.pieces.get(square)
        return piece is not None and piece.color == self.game.position.turn

    def _can_move(self, square: str) -> bool:
        """Whether a click may select ``square``: a piece with a legal move, or, in
        referee mode, any piece of the side to move, since mistakes are allowed."""
        return self.game.referee or any(m.start == square for m in self.game.legal_moves)

    def _play(self, move: Move | str) -> None:
        try:
            self.game.play(move)
            self.path = []
        except DamlibError as error:
            self.message = explain(self.game.position, move) if isinstance(move, str) else str(error)

    def _computer_moves(self) -> None:
        """Let the computer play its side, and make its choice after a capture mistake."""
        game, side = self.game, self.computer.value
        while side and not game.result:
            pending = game.pending
            if pending and pending.offender != side:
                game.take_back()  # the computer holds the offender to the rule
                self.message = f"The computer chose: take the move back and capture correctly ({pending.rule})."
            elif pending or game.position.turn != side:
                break
            else:
                game.play(best_move(game.position, seconds=self.seconds))
        self.refresh()

    # -- showing ----------------------------------------------------------------

    def refresh(self) -> None:
        """Bring the squares, status and move list up to date with the game."""
        pos, game = self.game.position, self.game
        pieces = pos.pieces
        targets = self.targets()
        last = {game.moves[-1].start, game.moves[-1].end} if game.moves else set()
        for name, button in self.squares.items():
            piece = pieces.get(name)
            if self.path and name == self.path[0]:
                color = _COLORS["selected"]
            elif name in targets or name in self.path:
                color = _COLORS["target"]
            elif name in last:
                color = _COLORS["last"]
            else:
                color = _COLORS["dark" if dark(SQUARE_NAMES.index(name)) else "light"]
            state = (_GLYPHS[piece.color, piece.is_king] if piece else _EMPTY, color)
            if self._rendered.get(name) != state:
                button.description, button.style.button_color = state
                self._rendered[name] = state
        self.take_back_button.layout.display = self.let_stand_button.layout.display = (
            "flex" if game.pending else "none"
        )
        self.end_button.layout.display = "flex" if game.referee and len(self.path) > 1 and not game.pending else "none"
        self.status.value = _prose(self._status_text())
        self.move_list.value = _prose(f"<b>Moves</b><br>{html.escape(move_list(game)) or '—'}")

    def _status_text(self) -> str:
        game = self.game
        if game.result:
            line = f"<b>{html.escape(str(game.result))}</b>"
        elif game.pending:
            offender = game.pending.offender
            chooser = "Black" if offender == "white" else "White"
            line = (f"<b>{offender.capitalize()} made a capture mistake ({game.pending.rule}).</b> "
                    f"{chooser} chooses: take it back and capture, or let it stand.")
        else:
            line = f"<b>{game.position.turn.capitalize()} to move</b> — {game.rules.name} draughts"
            if self.path:
                line += f"; chosen: {'-'.join(self.path)}"
        if self.message:
            line += f"<br>{html.escape(self.message)}"
        return line


def move_list(game: Game) -> str:
    """The game's moves numbered in pairs: ``1. c3-d4 f6-e5 2. …``."""
    parts = []
    for k, move in enumerate(game.moves, 1):
        number = _move_number(game, k)
        parts.append(f"{number} {move}" if k == 1 or not number.endswith("…") else str(move))
    return " ".join(parts)


_NOT_MOVES = re.compile(r"^(\d+\.+|\*|[012]-[012]|1/2-1/2|…)$")
_MOVE_NUMBER = re.compile(r"^\d+\.+")


def _move_texts(moves: str | Iterable[str]) -> list[str]:
    """Move texts from a list, or from PDN-like text with numbers and a result."""
    if isinstance(moves, str):
        moves = re.sub(r"\{[^}]*\}", " ", moves).split()
    texts = (_MOVE_NUMBER.sub("", t.strip()) if not _NOT_MOVES.match(t.strip()) else "" for t in moves)
    return [t for t in texts if t]


class GameReplay(w.VBox):
    """Steps through a game's moves with a slider, showing each move's route and captures.

    A move that cannot be played ends the replay there, with the reason shown.

    >>> replay = GameReplay("1. c3-d4 f6-e5 2. d4:f6 g7:e5", "german")
    >>> replay.steps.slider.value = 3
    >>> "<b>2. d4:f6</b> (White): the man captures e5 (1 piece)." in replay.caption.value
    True
    """

    def __init__(
        self,
        moves: str | Iterable[str],
        variant: Variant = GERMAN,
        start: Position | str | None = None,
        size: int = IMAGE_SIZE,
    ) -> None:
        self.size = size
        self.game = Game(_position(start, variant) if start is not None else Position.start(variant))
        self.error = ""
        for text in _move_texts(moves):
            try:
                self.game.play(text)
            except DamlibError as error:
                self.error = f"{_move_number(self.game, len(self.game.moves) + 1)} {text}: {error}"
                break
        self.steps = _Steps("Move")
        self.image = _image(b"", size)
        self.caption = w.HTML()
        self.caption.add_class("damlib-caption")
        self.steps.reset(len(self.game.moves))
        self.steps.slider.observe(lambda _: self._show(), "value")
        self._show()
        super().__init__([self.steps, self.image, self.caption])

    def __repr__(self) -> str:
        return f"<GameReplay {self.game.rules.name}: {_moves(len(self.game.moves))}>"

    def _show(self) -> None:
        k = self.steps.slider.value
        game = self.game
        position = game.positions[k]
        name = game.rules.name
        if k == 0:
            self.image.value = diagram.png(position, title=f"{name}: start", size=self.size)
            text = f"The start: {position.turn.capitalize()} to move; {len(game.moves)} moves follow."
        else:
            move, before = game.moves[k - 1], game.positions[k - 1]
            label = f"{_move_number(game, k)} {move}"
            self.image.value = diagram.png(position, arrows=[move.path], captured=move.captured,
                                           title=f"{name}: {label}", size=self.size)
            text = f"<b>{html.escape(label)}</b> ({before.turn.capitalize()}): {html.escape(describe(move, before))}"
        if k == len(game.moves) and game.result:
            text += f"<br><b>{html.escape(str(game.result))}</b>"
        if self.error and k == len(game.moves):
            text += f"<br><b>The replay stops here.</b> {html.escape(self.error)}"
        self.caption.value = _prose(text)


def _move_number(game: Game, k: int) -> str:
    """``"2."`` for White's and ``"2. …"`` for Black's ``k``-th move (1-based) of ``game``."""
    ply = k - 1 + (0 if game.positions[0].turn == "white" else 1)
    return f"{ply // 2 + 1}." + ("" if ply % 2 == 0 else " …")


class Exercises(w.VBox):
    """A set of exercises, one at a time: the board, the question, an answer box,
    and feedback that explains the right answer with the rule ID.

    >>> quiz = Exercises()
    >>> quiz.answer.value = quiz.exercise.answer
    >>> quiz.check_button.click()
    >>> quiz.score
    (1, 1)
    """

    def __init__(self, exercises: Iterable[Exercise] = EXERCISES, size: int = 300) -> None:
        self.exercises = tuple(exercises)
        self.size = size
        self.results: dict[int, bool] = {}
        self.steps = _Steps("Exercise")
        self.image = _image(b"", size)
        self.question = w.HTML()
        self.answer = w.Text(placeholder="your answer", continuous_update=False, layout=w.Layout(width="360px"))
        self.answer.add_class("damlib-answer")
        self.check_button = _button("Check", "check my answer", "check", self.check)
        self.feedback = w.HTML()
        self.feedback.add_class("damlib-feedback")
        self.steps.reset(len(self.exercises) - 1)
        self.steps.slider.observe(lambda _: self._show(), "value")
        self._show()
        super().__init__([self.steps, self.image, self.question, w.HBox([self.answer, self.check_button]), self.feedback])

    def __repr__(self) -> str:
        return f"<Exercises: {len(self.exercises)} questions>"

    @property
    def exercise(self) -> Exercise:
        return self.exercises[self.steps.slider.value]

    @property
    def score(self) -> tuple[int, int]:
        """(right answers, questions answered)."""
        return sum(self.results.values()), len(self.results)

    def _show(self) -> None:
        task = self.exercise
        number = self.steps.slider.value + 1
        self.image.value = diagram.png(task.position, title=f"{number}. {task.rules.name}, {task.position.turn} to move",
                                       size=self.size)
        self.question.value = _prose(f"<b>{html.escape(task.question)}</b>")
        self.answer.value = ""
        self.feedback.value = ""

    def check(self) -> None:
        """Check the answer in the box and explain."""
        verdict = self.exercise.check(self.answer.value)
        self.results[self.steps.slider.value] = verdict.correct
        right, answered = self.score
        mark = "✔" if verdict.correct else "✘"
        self.feedback.value = _prose(f"{mark} {html.escape(verdict.text)}<br><i>Score: {right} of {answered}</i>")


def _moves(n: int) -> str:
    return f"{n} move" if n == 1 else f"{n} moves"
