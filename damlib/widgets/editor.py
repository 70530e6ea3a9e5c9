"""The board editor: set up a position by clicking, then play it, step through its captures, or
make it an exercise for a worksheet. The logic is a :class:`~damlib.play.editor.Editor`."""

from __future__ import annotations

import html
import json
from collections.abc import Callable
from pathlib import Path

import ipywidgets as w

from ..drawing import diagram
from ..drawing.worksheet import Worksheet
from ..engine.errors import DamlibError
from ..engine.position import Position, Variant
from ..engine.variants import GERMAN
from ..play.editor import TOOLS, Editor
from ..play.frames import BY_VALUE
from ..teach.exercises import Exercise
from .board import Board
from .captures import CaptureStepper
from .common import GAMES, Pictured, button, check_size, prose, text
from .play import PlayBoard

#: The tool buttons' labels: the pieces as the board draws them.
LABELS = {"white man": "○ White man", "white king": "♔ White king", "black man": "● Black man",
          "black king": "♚ Black king", "eraser": "Eraser"}
#: The questions an editor position can become (see :data:`damlib.exercises.QUESTIONS`).
KINDS = {"play": "Play a legal move", "moves": "List every legal move", "most": "How many does the best capture take?"}


class BoardEditor(Pictured, w.VBox):
    """Pick the game, then a piece or the eraser, and click squares to place and remove; choose the
    side to move; clear, standard start, flip. The FEN and the legal moves follow every click; a
    placement the rules exclude is refused and explained with its rule ID.

    Then: copy the FEN, play from the position or step through its captures (opened below the
    editor, and closed when the position changes), make it an exercise (the engine works out the
    answer) and add it to a worksheet: its questions listed, to move up or down, give a title or
    remove; the worksheet's title and file name chosen; saved with its answer key in ``folder``
    (under a new name rather than over a file that is there).

    >>> editor = BoardEditor("german")
    >>> editor.click("c3"); editor.tools.value = "black man"; editor.click("d4")
    >>> editor.fen, editor.position.legal_moves
    ('W:Wc3:Bd4', (Move('c3:e5'),))
    """

    def __init__(self, game: Variant = GERMAN, fen: str | None = None, size: int | None = None,
                 folder: str | Path = ".") -> None:
        self.editor = Editor(game, fen)
        self._drawing = False
        self.size = check_size(size, share=0.8)
        if not isinstance(folder, (str, Path)):
            raise DamlibError(f"folder must be a folder's path, not {folder!r}")
        self.folder = Path(folder)
        #: the worksheet being put together: its questions, their titles, its title and file name
        self.sheet = Worksheet()
        rules = self.editor.rules
        games = list(GAMES) + ([rules] if rules not in GAMES else [])
        self.game = w.Dropdown(options=[(r.name, r) for r in games], value=rules, description="Game")
        self.game.observe(lambda change: self._do(self.editor.set_game, change["new"]), "value")
        self.tools = w.ToggleButtons(options=[(LABELS[t], t) for t in TOOLS], value=self.editor.tool,
                                     style={"button_width": "auto"})
        self.tools.observe(lambda change: setattr(self.editor, "tool", change["new"]), "value")  # no redraw needed
        self.turn = w.ToggleButtons(options=[("White", "white"), ("Black", "black")], value=self.editor.turn,
                                    description="To move", style={"button_width": "70px"})
        self.turn.observe(lambda change: self._do(self.editor.set_turn, change["new"]), "value")
        self.board = Board(on_click=self.click, size=size)
        self.fen_box = w.Text(description="FEN", continuous_update=False, layout=w.Layout(width="460px"))
        self.fen_box.add_class("damlib-fen")
        self.fen_box.observe(lambda change: self._load(change["new"]), "value")
        self.copy = text()
        self.message = text("message")
        self.status = text("status")
        self.kind = w.Dropdown(options=[(label, kind) for kind, label in KINDS.items()], description="Question")
        self.exercise = text()
        self.opened = w.VBox()
        self.buttons = {
            "clear": button("Clear", "take every piece off", "clear", lambda: self._do(self.editor.clear)),
            "start": button("Start position", "the standard start", "start", lambda: self._do(self.editor.start)),
            "flip": button("Flip", "turn the board round", "flip", self.flip),
            "play": button("Play from here", "open a play board on this position", "play", self.play),
            "captures": button("Step through captures", "open the capture stepper", "captures", self.captures),
            "exercise": button("Make an exercise", "the engine works out the answer", "exercise", self._show_exercise),
            "add": button("Add to the worksheet", "make the exercise and keep it for the worksheet", "add", self.add),
            "save": button("Save worksheet and answer key", "save both as PDF", "save", self.save),
            "up": button("Move up", "move the chosen question up", "up", lambda: self._edit(self.sheet.move, -1)),
            "down": button("Move down", "move the chosen question down", "down",
                           lambda: self._edit(self.sheet.move, 1)),
            "retitle": button("Set title", "give the chosen question the title typed", "retitle",
                              lambda: self._edit(self.sheet.retitle, self.question_title.value)),
            "remove": button("Remove", "take the chosen question off the worksheet", "remove",
                             lambda: self._edit(self.sheet.remove)),
        }
        #: the questions kept, in the worksheet's order
        self.questions = w.Select(options=[], rows=5, description="Questions", layout=w.Layout(width="auto"))
        self.question_title = w.Text(description="Title", placeholder="a question's title, e.g. Warm-up")
        self.sheet_title = w.Text(value=self.sheet.title, description="Worksheet")
        self.file_name = w.Text(value=self.sheet.name, description="File name")
        b = self.buttons
        worksheet = [w.HBox([self.sheet_title, self.file_name]), self.questions,
                     w.HBox([b["up"], b["down"], b["remove"], self.question_title, b["retitle"]],
                            layout=w.Layout(flex_flow="row wrap"))]
        super().__init__([self.game, self.tools, self.turn, w.HBox([b["clear"], b["start"], b["flip"]]), self.board,
                          self.message, self.status, w.HBox([self.fen_box, self.copy]),
                          w.HBox([b["play"], b["captures"]]), w.HBox([self.kind, b["exercise"], b["add"], b["save"]]),
                          self.exercise, *worksheet, self.opened])
        self._list()
        self._show()

    def __repr__(self) -> str:
        return f"<BoardEditor {self.editor.rules.name}: {self.fen}>"

    @property
    def fen(self) -> str:
        """The FEN of the position being set up."""
        return self.editor.fen

    @property
    def position(self) -> Position:
        """The position being set up; a FenError naming the rule if the rules exclude it."""
        return self.editor.position

    def picture(self) -> bytes:
        board = self.editor.position if not self.editor.problems else Position(self.editor.rules, (0,) * 64, True)
        return diagram.png(board, title=f"Board editor: {self.editor.rules.name}", size=self.size)

    # -- what the buttons do ------------------------------------------------------

    def click(self, square: str) -> None:
        self._do(self.editor.click, square)

    def flip(self) -> None:
        self.board.flipped = not self.board.flipped

    @property
    def exercises(self) -> list[Exercise]:
        """The questions kept for the worksheet, in order."""
        return self.sheet.questions

    def make_exercise(self) -> Exercise | None:
        """The chosen question on the position, with the engine's answer and its rule; ``None``
        (and the reason shown) if the position cannot be one."""
        try:
            task = Exercise(self.editor.position.fen, self.editor.rules, self.kind.value)
        except DamlibError as error:
            self.exercise.value = prose(f"<b>Not an exercise:</b> {html.escape(str(error))}")
            return None
        self.exercise.value = prose(f"<b>{html.escape(task.question)}</b><br>Answer: {html.escape(task.answer)} "
                                    f"({html.escape(task.rule)}). {html.escape(task.explanation())}")
        return task

    def _show_exercise(self) -> None:
        self.make_exercise()

    def add(self) -> None:
        """Make the exercise and keep it for the worksheet (not if its answer is too long to print)."""
        task = self.make_exercise()
        if task is None:
            return
        try:
            self.sheet.add(task)
        except DamlibError as error:
            self.message.value = prose(f"<b>Not added:</b> {html.escape(str(error))}")
            return
        count = len(self.sheet.questions)
        self.message.value = prose(f"Added to the worksheet: {count} question{'s' if count > 1 else ''} so far.")
        self._list(count - 1)

    def save(self) -> None:
        """Save the worksheet and its answer key in ``folder``, named as the file name box says."""
        if not self.sheet.questions:
            self.message.value = prose("Nothing to save yet: add a position to the worksheet first.")
            return
        self.sheet.title, self.sheet.name = self.sheet_title.value, self.file_name.value
        try:
            sheet, key = self.sheet.save(self.folder)
        except (OSError, DamlibError) as error:
            self.message.value = prose(f"<b>Not saved:</b> {html.escape(str(error))}")
            return
        self.message.value = prose(f"Saved {html.escape(str(sheet))} and {html.escape(str(key))}.")

    def _edit(self, change: Callable[..., int | None], *args: object) -> None:
        """Change the chosen question of the list, which stays chosen where it went (or, removed,
        the one now in its place); nothing chosen is said, not an error."""
        chosen = self.questions.index
        if chosen is None:
            self.message.value = prose("Choose a question in the list first.")
            return
        went = change(chosen, *args)
        self._list(min(chosen if went is None else went, len(self.sheet.questions) - 1))

    def _list(self, chosen: int | None = None) -> None:
        self.questions.options = self.sheet.labels()
        self.questions.index = chosen if self.sheet.questions and chosen is not None else None

    def play(self) -> None:
        """Open a play board on the position, below the editor."""
        self._open(lambda position: PlayBoard(position.rules, fen=position.fen, size=self.size))

    def captures(self) -> None:
        """Open the capture stepper on the position, below the editor."""
        def stepper(position: Position) -> w.Widget:
            if not position.must_capture:
                raise DamlibError(f"{position.turn.capitalize()} has no capture here: set up a piece to take")
            return CaptureStepper(position, size=self.size)
        self._open(stepper)

    # -- drawing ------------------------------------------------------------------

    def _open(self, make: Callable[[Position], w.Widget]) -> None:
        try:
            self.opened.children = [make(self.editor.position)]
        except DamlibError as error:
            self.opened.children = []
            self.message.value = prose(f"<b>Cannot open it:</b> {html.escape(str(error))}")

    def _do(self, action: Callable[..., None], *args: object) -> None:
        if not self._drawing:  # setting a control to what the editor holds is not an edit
            before = self.editor.fen, self.editor.rules
            action(*args)
            if (self.editor.fen, self.editor.rules) != before:  # what was opened was about the old position
                self.exercise.value, self.opened.children = "", ()
            self._show()

    def _load(self, fen: str) -> None:
        if fen.strip() and fen != self.editor.fen:
            self._do(self.editor.load, fen)

    def _show(self) -> None:
        editor = self.editor
        self._drawing = True
        self.game.value, self.turn.value = editor.rules, editor.turn
        pieces = {name: BY_VALUE[v] for name, v in editor.pieces().items()}
        problems = {p.square: "excluded" for p in editor.problems if p.square}
        self.board.show(pieces, marks=problems, label=f"board editor, {editor.rules.name}",
                        announce=editor.message)
        self.fen_box.value = editor.fen
        self._drawing = False
        self.copy.value = (f'<button class="damlib-copy" title="copy the FEN" onclick="navigator.clipboard.writeText('
                           f'{html.escape(json.dumps(editor.fen))})">Copy FEN</button>')
        said = html.escape(editor.message)
        self.message.value = prose(f"<b>{said}</b>" if editor.rule is not None else said)  # a refusal stands out
        self.status.value = prose(html.escape(editor.status()))
