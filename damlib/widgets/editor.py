"""The board editor: set up a position by clicking, then play it, step through its captures, or
make it an exercise for a worksheet. The logic is a :class:`~damlib.play.editor.Editor`."""

from __future__ import annotations

import html
import json
from collections.abc import Callable
from pathlib import Path

import ipywidgets as w

from ..drawing import diagram
from ..engine import language
from ..engine.errors import DamlibError
from ..engine.position import Position, Variant
from ..engine.variants import GERMAN
from ..play.editor import TOOLS, Editor
from ..play.frames import BY_VALUE
from ..printed.worksheet import Worksheet
from ..teach.exercises import Exercise
from .board import Board
from .captures import CaptureStepper
from .common import GAMES, WHOLE_LABEL, Pictured, button, check_size, folder_of, game_name, prose, shown_as, text
from .play import PlayBoard

#: What the editor says: the tool buttons' labels (``tool-`` and the tool, the pieces as the board
#: draws them), the questions a position can become (``kind-``), the controls (a button's tooltip
#: is its ``-tip``) and the lines under the board. ``{error}``, ``{sheet}`` and ``{answers}`` (file
#: paths) come HTML-escaped.
TEXTS: dict[str, str] = {
    "tool-white-man": "○ White man",
    "tool-white-king": "♔ White king",
    "tool-black-man": "● Black man",
    "tool-black-king": "♚ Black king",
    "tool-eraser": "Eraser",
    "kind-play": "Play a legal move",
    "kind-moves": "List every legal move",
    "kind-most": "How many does a best capture take?",
    "game": "Game",
    "to-move": "To move",
    "white": "White",
    "black": "Black",
    "question": "Question",
    "questions": "Questions",
    "title": "Title",
    "title-box": "a question's title, e.g. Warm-up",
    "worksheet": "Worksheet",
    "file-name": "File name",
    "save-folder": "Save in",
    "clear": "Clear",
    "clear-tip": "take every piece off",
    "start": "Start position",
    "start-tip": "the standard start",
    "flip": "Flip",
    "flip-tip": "turn the board round",
    "play": "Play from here",
    "play-tip": "open a play board on this position",
    "captures": "Step through captures",
    "captures-tip": "open the capture stepper",
    "exercise": "Make an exercise",
    "exercise-tip": "the engine works out the answer",
    "add": "Add to the worksheet",
    "add-tip": "make the exercise and keep it for the worksheet",
    "save": "Save worksheet and answer key",
    "save-tip": "save both as PDF",
    "up": "Move up",
    "up-tip": "move the chosen question up",
    "down": "Move down",
    "down-tip": "move the chosen question down",
    "retitle": "Set title",
    "retitle-tip": "give the chosen question the title typed",
    "remove": "Remove",
    "remove-tip": "take the chosen question off the worksheet",
    "copy": "Copy FEN",
    "copy-tip": "copy the FEN",
    "picture-title": "Board editor: {game}",
    "board-label": "board editor, {game}",
    "not-exercise": "<b>Not an exercise:</b> {error}",
    "answer": "Answer: {answer} ({rule}).",
    "not-added": "<b>Not added:</b> {error}",
    "added-one": "Added to the worksheet: {count} question so far.",
    "added-other": "Added to the worksheet: {count} questions so far.",
    "nothing-to-save": "Nothing to save yet: add a position to the worksheet first.",
    "not-saved": "<b>Not saved:</b> {error}",
    "saved": "Saved {sheet} and {answers}.",
    "choose-first": "Choose a question in the list first.",
    "no-capture-white": "White has no capture here: set up a piece to take",
    "no-capture-black": "Black has no capture here: set up a piece to take",
    "cannot-open": "<b>Cannot open it:</b> {error}",
}

#: the sentence of :data:`TEXTS` under a key, its placeholders filled
say = language.sayer(TEXTS)
#: Where the editor saves a worksheet unless told: a folder of the teacher's own, not the lessons'
#: (a worksheet saved beside a lesson would sit among the lessons, untracked)
SAVE_FOLDER = Path.home() / "damlib-worksheets"
#: The questions an editor position can become, in the menu's order (see
#: :data:`damlib.exercises.QUESTIONS`).
KINDS = ("play", "moves", "most")


class BoardEditor(Pictured, w.VBox):
    """Pick the game, then a piece or the eraser, and click squares to place and remove; choose the
    side to move; clear, standard start, flip. The FEN and the legal moves follow every click; a
    placement the rules exclude is refused and explained with its rule ID.

    Then: copy the FEN, play from the position or step through its captures (opened below the
    editor, and closed when the position changes), make it an exercise (the engine works out the
    answer) and add it to a worksheet: its questions listed, to move up or down, give a title or
    remove; the worksheet's title and file name chosen; saved with its answer key in the folder
    typed (``folder`` at first: by default :data:`SAVE_FOLDER`, outside the lessons), under a new
    name rather than over a file that is there.

    >>> editor = BoardEditor("german")
    >>> editor.click("c3"); editor.tools.value = "black man"; editor.click("d4")
    >>> editor.fen, editor.position.legal_moves
    ('W:Wc3:Bd4', (Move('c3:e5'),))
    """

    def __init__(self, game: Variant = GERMAN, fen: str | None = None, size: int | None = None,
                 folder: str | Path = SAVE_FOLDER) -> None:
        self.editor = Editor(game, fen)
        self._drawing = False
        self.size = check_size(size, share=0.8)
        self.folder = folder_of(folder)
        #: the worksheet being put together: its questions, their titles, its title and file name
        self.sheet = Worksheet()
        rules = self.editor.rules
        games = list(GAMES) + ([rules] if rules not in GAMES else [])
        self.game = w.Dropdown(options=[(game_name(r), r) for r in games], value=rules, description=say("game"))
        self.game.observe(lambda change: self._do(self.editor.set_game, change["new"]), "value")
        self.tools = w.ToggleButtons(options=[(say(f"tool-{t.replace(' ', '-')}"), t) for t in TOOLS],
                                     value=self.editor.tool,
                                     style={"button_width": "auto"})
        self.tools.observe(lambda change: setattr(self.editor, "tool", change["new"]), "value")  # no redraw needed
        self.turn = w.ToggleButtons(options=[(say("white"), "white"), (say("black"), "black")], value=self.editor.turn,
                                    description=say("to-move"), style={"button_width": "70px"})
        self.turn.observe(lambda change: self._do(self.editor.set_turn, change["new"]), "value")
        # a fixed width, so that the controls find room beside it (a board of no size fills the row);
        # set on its layout too, which a box applies to its children over what the board sets itself
        self.board = Board(on_click=self.click, size=self.size)
        self.board.layout = w.Layout(width=f"{self.size}px", max_width="100%", flex="0 0 auto")
        self.fen_box = w.Text(description="FEN", continuous_update=False, layout=w.Layout(width="460px"))
        self.fen_box.add_class("damlib-fen")
        self.fen_box.observe(lambda change: self._load(change["new"]), "value")
        self.copy = text()
        self.message = text("message")
        self.status = text("status")
        self.kind = w.Dropdown(options=[(say(f"kind-{kind}"), kind) for kind in KINDS], description=say("question"),
                               style=WHOLE_LABEL)
        self.exercise = text()
        self.opened = w.VBox()
        actions: dict[str, Callable[[], None]] = {
            "clear": lambda: self._do(self.editor.clear),
            "start": lambda: self._do(self.editor.start),
            "flip": self.flip,
            "play": self.play,
            "captures": self.captures,
            "exercise": self._show_exercise,
            "add": self.add,
            "save": self.save,
            "up": lambda: self._edit(self.sheet.move, -1),
            "down": lambda: self._edit(self.sheet.move, 1),
            "retitle": lambda: self._edit(self.sheet.retitle, self.question_title.value),
            "remove": lambda: self._edit(self.sheet.remove),
        }
        self.buttons = {name: button(say(name), say(f"{name}-tip"), name, action) for name, action in actions.items()}
        #: the questions kept, in the worksheet's order
        self.questions = w.Select(options=[], rows=5, description=say("questions"), layout=w.Layout(width="auto"),
                                  style=WHOLE_LABEL)
        self.question_title = w.Text(description=say("title"), placeholder=say("title-box"), style=WHOLE_LABEL)
        self.sheet_title = w.Text(value=self.sheet.title, description=say("worksheet"), style=WHOLE_LABEL)
        self.file_name = w.Text(value=self.sheet.name, description=say("file-name"), style=WHOLE_LABEL)
        #: where the worksheet is saved: the folder given, by default one outside the lessons' folder
        self.save_folder = w.Text(value=str(self.folder), description=say("save-folder"), style=WHOLE_LABEL)
        b = self.buttons
        rows = w.Layout(flex_flow="row wrap")  # a row too long for the page (a longer language) wraps
        worksheet = [w.HBox([self.sheet_title, self.file_name, self.save_folder], layout=rows), self.questions,
                     w.HBox([b["up"], b["down"], b["remove"], self.question_title, b["retitle"]],
                            layout=w.Layout(flex_flow="row wrap"))]
        # the board on the left and everything done with it beside it, so that on a laptop's screen
        # the actions and what they open are in view next to the board (on a phone, below it)
        controls = w.VBox([self.game, self.tools, self.turn, w.HBox([b["clear"], b["start"], b["flip"]], layout=rows),
                           self.message, self.status, w.HBox([self.fen_box, self.copy], layout=rows),
                           w.HBox([b["play"], b["captures"]], layout=rows),
                           w.HBox([self.kind, b["exercise"], b["add"], b["save"]], layout=rows),
                           self.exercise, self.opened, *worksheet],
                          layout=w.Layout(flex="1 1 24em", min_width="0"))
        beside = w.Layout(flex_flow="row wrap", align_items="flex-start")
        super().__init__([w.HBox([self.board, controls], layout=beside)])
        self.add_class("damlib-editor")
        self._list()
        self._show()

    def __repr__(self) -> str:
        return shown_as(self, self.fen, self.editor.rules)

    @property
    def fen(self) -> str:
        """The FEN of the position being set up."""
        return self.editor.fen

    @property
    def position(self) -> Position:
        """The position being set up; a FenError naming the rule if the rules exclude it."""
        return self.editor.position

    def picture(self) -> bytes:
        board = self.editor.position if not self.editor.problems else Position.from_pieces({}, self.editor.rules)
        return diagram.png(board, title=say("picture-title", game=game_name(self.editor.rules)), size=self.size)

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
            self.exercise.value = prose(say("not-exercise", error=html.escape(str(error))))
            return None
        answer = say("answer", answer=task.answer, rule=task.rule)
        self.exercise.value = prose(f"<b>{html.escape(task.question)}</b><br>{html.escape(answer)} "
                                    f"{html.escape(task.explanation())}")
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
            self.message.value = prose(say("not-added", error=html.escape(str(error))))
            return
        count = len(self.sheet.questions)
        self.message.value = prose(html.escape(language.counted("added", count, TEXTS)))
        self._list(count - 1)

    def save(self) -> None:
        """Save the worksheet and its answer key in ``folder``, named as the file name box says."""
        if not self.sheet.questions:
            self.message.value = prose(html.escape(say("nothing-to-save")))
            return
        self.sheet.title, self.sheet.name = self.sheet_title.value, self.file_name.value
        self.folder = Path(self.save_folder.value.strip() or SAVE_FOLDER).expanduser()
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            sheet, key = self.sheet.save(self.folder)
        except (OSError, DamlibError) as error:
            self.message.value = prose(say("not-saved", error=html.escape(str(error))))
            return
        self.message.value = prose(say("saved", sheet=html.escape(str(sheet)), answers=html.escape(str(key))))

    def _edit(self, change: Callable[..., int | None], *args: object) -> None:
        """Change the chosen question of the list, which stays chosen where it went (or, removed,
        the one now in its place); nothing chosen is said, not an error."""
        chosen = self.questions.index
        if chosen is None:
            self.message.value = prose(html.escape(say("choose-first")))
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
                raise DamlibError(say(f"no-capture-{position.turn}"))
            return CaptureStepper(position, size=self.size)
        self._open(stepper)

    # -- drawing ------------------------------------------------------------------

    def _open(self, make: Callable[[Position], w.Widget]) -> None:
        try:
            self.opened.children = [make(self.editor.position)]
        except DamlibError as error:
            self.opened.children = []
            self.message.value = prose(say("cannot-open", error=html.escape(str(error))))

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
        self.board.show(pieces, marks=problems, label=say("board-label", game=game_name(editor.rules)),
                        announce=editor.message)
        self.fen_box.value = editor.fen
        self._drawing = False
        self.copy.value = (f'<button class="damlib-copy" title="{html.escape(say("copy-tip"))}" '
                           f'onclick="navigator.clipboard.writeText({html.escape(json.dumps(editor.fen))})">'
                           f'{html.escape(say("copy"))}</button>')
        said = html.escape(editor.message)
        self.message.value = prose(f"<b>{said}</b>" if editor.rule is not None else said)  # a refusal stands out
        self.status.value = prose(html.escape(editor.status()))
