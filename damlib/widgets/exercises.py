"""Exercises, one at a time, with feedback that explains."""

from __future__ import annotations

import html
import io
import tempfile
from collections.abc import Iterable
from pathlib import Path

import ipywidgets as w

from ..drawing import diagram
from ..engine import language
from ..engine.errors import DamlibError
from ..printed.worksheet import save_worksheet
from ..teach.exercises import EXERCISES, MAX_ANSWER, AnswerClicks, Exercise, Quiz
from .board import Board
from .common import Pictured, Steps, button, check_size, counted, folder_of, game_name, prose, shown_as, some

#: What the exercises say. ``{number}`` is a question's number, ``{game}`` a game's name,
#: ``{path}`` the squares clicked so far (c3:e5), ``{mark}`` ✔ or ✘, ``{links}`` the rule IDs to
#: read again (linked to their lessons), ``{error}``, ``{sheet}`` and ``{answers}`` (file paths)
#: HTML-escaped.
TEXTS: dict[str, str] = {
    "question": "Question",
    "answer-box": "your answer, then Enter",
    "check": "Check",
    "check-tip": "check my answer",
    "show": "Show the answer",
    "show-tip": "show the answer and why",
    "board-white": "{number}. {game}, white to move",
    "board-black": "{number}. {game}, black to move",
    "play-on-board": "Play your answer on the board.",
    "so-far": "Your move so far: {path} — click where it goes next.",
    "score": "Score: {right} of {answered}",
    "score-marked": "Score: {right} of {answered} — this question {mark}",
    "done": "Done: {right} of {answered} right at the first try.",
    "read-again": "Read again: {links}.",
    "save": "Save the worksheet and answer key",
    "save-tip": "save both as PDF",
    "not-saved": "<b>Not saved:</b> {error}",
    "saved": "Saved {sheet} and {answers}.",
    "page-alt-one": "The first page of the worksheet of {count} question.",
    "page-alt-other": "The first page of the worksheet of {count} questions.",
    # the names of the two files Save writes (a file name: no spaces or slashes; .pdf is added)
    "sheet-file": "draughts-worksheet",
    "key-file": "draughts-answer-key",
}

#: the sentence of :data:`TEXTS` under a key, its placeholders filled
say = language.sayer(TEXTS)


class Exercises(Pictured, w.VBox):
    """A set of exercises, one at a time, numbered from 1: the board, the question, and the
    answer — played on the board for "play" questions, typed (Enter checks it) for the rest.
    The first answer is the one scored; the answer is shown after a second miss or with
    **Show the answer**; going back finds a question as it was left; after the last one a
    summary gives the score and the rules to review. The logic is a :class:`~damlib.exercises.Quiz`.

    >>> quiz = Exercises()
    >>> quiz.steps.slider.value = 2
    >>> quiz.answer.value = quiz.exercise.answer
    >>> quiz.score
    (1, 1)
    """

    def __init__(self, exercises: Iterable[Exercise] = EXERCISES, size: int | None = None) -> None:
        self.quiz = Quiz(some(exercises, Exercise, "exercises"))
        self.exercises = self.quiz.exercises
        self.size = check_size(size, share=0.8)
        self.steps = Steps(say("question"))
        self.board = Board(on_click=self._click, on_cancel=lambda: self._cancel(), size=size)
        self.question = w.HTML()
        self.answer = w.Text(placeholder=say("answer-box"), continuous_update=False,
                             layout=w.Layout(width="360px"))
        self.answer.add_class("damlib-answer")
        self.answer.observe(lambda _: self.check(), "value")  # Enter checks it
        self.check_button = button(say("check"), say("check-tip"), "check", self.check)
        self.show_button = button(say("show"), say("show-tip"), "show", self.show_answer)
        self.feedback = w.HTML()
        self.feedback.add_class("damlib-feedback")
        self.summary = w.HTML()
        self.steps.reset(len(self.exercises), minimum=1)
        self.steps.slider.observe(lambda _: self._show(), "value")
        self.typing = w.HBox([self.answer, self.check_button])
        self.clicks = AnswerClicks(self.exercise.position)
        self._show()
        super().__init__([self.steps, self.question, self.board, self.typing,
                          w.HBox([self.show_button]), self.feedback, self.summary])

    def __repr__(self) -> str:
        return shown_as(self, counted("questions", len(self.exercises)))

    @property
    def index(self) -> int:
        shown: int = self.steps.slider.value
        return shown - 1

    @property
    def exercise(self) -> Exercise:
        return self.exercises[self.index]

    @property
    def score(self) -> tuple[int, int]:
        """(first answers right, questions answered)."""
        return self.quiz.score

    def picture(self) -> bytes:
        """The first question's board with its question under it."""
        return self._board(caption=self.exercise.question)

    def check(self) -> None:
        """Check the answer typed in the box."""
        text = self.answer.value
        if text.strip():
            self.quiz.answer(self.index, text[:MAX_ANSWER + 1])
            self.answer.value = ""
        self._show()

    def show_answer(self) -> None:
        self.quiz.reveal(self.index)
        self._show()

    def _cancel(self) -> None:
        self.clicks.cancel()
        self._show()

    def _click(self, square: str) -> None:
        self.clicks.click(square)
        if self.clicks.played is not None:
            self.quiz.answer(self.index, self.clicks.played)
            self.clicks = AnswerClicks(self.exercise.position)
        self._show()

    def _board(self, *, caption: str) -> bytes:
        return diagram.png(self.exercise.position, title=self._label(), size=self.size, caption=caption)

    def _label(self) -> str:
        """The question's number, game and side to move: the board's title and accessible name."""
        task = self.exercise
        return say(f"board-{task.position.turn}", number=self.index + 1, game=game_name(task.rules))

    def _show(self) -> None:
        task, state = self.exercise, self.quiz.questions[self.index]
        number = self.index + 1
        self.question.value = prose(f"<b>{number}. {html.escape(task.question)}</b>")
        on_board = task.kind == "play" and not state.revealed
        if on_board and self.clicks.start != task.position:
            self.clicks = AnswerClicks(task.position)
        label = self._label()
        self.board.interactive = on_board
        if on_board:
            self.board.show_game(self.clicks, said=self.clicks.message)
        else:
            self.board.show(task.position)
        self.board.label = label
        self.typing.layout.display = "none" if task.kind == "play" or state.revealed else None
        self.show_button.disabled = state.revealed
        hint = say("play-on-board") if on_board else ""
        if on_board and (self.clicks.message or self.clicks.path):
            # what is said is about the answer being clicked, not the feedback on an earlier one
            said = self.clicks.message or say("so-far", path=":".join(self.clicks.path))
        else:
            said = state.said or hint
        right, answered = self.score
        if state.first is None:
            score = say("score", right=right, answered=answered)
        else:
            score = say("score-marked", right=right, answered=answered, mark="✔" if state.first else "✘")
        self.feedback.value = prose(f"{html.escape(said)}<br><i>{html.escape(score)}</i>")
        self.summary.value = prose(self._summary()) if self.quiz.finished else ""

    def _summary(self) -> str:
        right, answered = self.score
        review = self.quiz.to_review()
        text = f"<b>{html.escape(say('done', right=right, answered=answered))}</b>"
        if review:
            links = ", ".join(f'<a href="{LESSONS[rule]}" target="_blank">{html.escape(rule)}</a> ({LESSONS[rule]})'
                              if rule in LESSONS else html.escape(rule) for rule in review)
            text += f" {say('read-again', links=links)}"
        return text


#: The lesson that teaches each rule, by its ID: the one with a section headed "… (RULE-ID)"
#: (tests/test_exercises.py checks each against the notebook). A rule of published rules has none.
LESSONS: dict[str, str] = {
    **dict.fromkeys(("DE-BOARD", "DE-START", "DE-WIN", "DE-MAN-MOVE", "DE-MAN-CAPTURE", "DE-MANDATORY",
                     "DE-PROMOTE", "DE-KING"), "02-german-basics.ipynb"),
    **dict.fromkeys(("DE-MAJORITY", "DE-STRIKE", "DE-PROMOTE-PASS", "DE-DRAW", "DE-PENALTY"),
                    "03-german-captures.ipynb"),
    "RU-PROMOTE": "04-russian.ipynb",
    **dict.fromkeys(("TR-BOARD", "TR-START", "TR-WIN", "TR-MAN-MOVE", "TR-MAN-CAPTURE", "TR-MANDATORY",
                     "TR-PROMOTE", "TR-KING", "TR-MAJORITY", "TR-REMOVE", "TR-DRAW", "TR-PENALTY"),
                    "05-turkish.ipynb"),
}


class SaveWorksheet(Pictured, w.VBox):
    """A button that saves exercises as a printable worksheet and its answer key (PDF, as many
    pages as they need) in ``folder``; its picture is the worksheet's first page, so a teacher
    sees it before printing.

    >>> import tempfile
    >>> saver = SaveWorksheet(EXERCISES[:2], folder=tempfile.mkdtemp())
    >>> saver.save_button.click()
    >>> "draughts-answer-key.pdf" in saver.message.value
    True
    """

    #: the names of the files saved where damlib speaks English; :meth:`names`, in the language it speaks
    NAMES = ("draughts-worksheet.pdf", "draughts-answer-key.pdf")

    def __init__(self, exercises: Iterable[Exercise] = EXERCISES, folder: str | Path = ".") -> None:
        self.exercises = some(exercises, Exercise, "exercises")
        self.folder = folder_of(folder)
        self.save_button = button(say("save"), say("save-tip"), "save", self.save)
        self.message = w.HTML()
        # the page is drawn once: shown here, and kept in the display data for a lesson not yet run
        self._page = self._first_page() if diagram.PICTURES else b""
        self.page = w.Image(value=self._page, format="png", layout=w.Layout(max_width="100%"))
        if not diagram.PICTURES:  # the browser's Python: saving would only say this
            self.save_button.disabled = True
            self.message.value = prose(html.escape(diagram.missing("SaveWorksheet")))
        super().__init__([self.save_button, self.message, self.page])

    def __repr__(self) -> str:
        return shown_as(self, counted("questions", len(self.exercises)))

    @staticmethod
    def names() -> tuple[str, str]:
        """The names of the worksheet's file and its answer key's, in the language damlib speaks
        (:data:`NAMES` in English)."""
        return f"{say('sheet-file')}.pdf", f"{say('key-file')}.pdf"

    def picture(self) -> bytes:
        """The worksheet's page, small: enough to see what will be printed."""
        return self._page

    def picture_alt(self) -> str:
        return language.counted("page-alt", len(self.exercises), TEXTS)

    def _first_page(self) -> bytes:
        from PIL import Image

        with tempfile.TemporaryDirectory() as scratch:
            save_worksheet(self.exercises, Path(scratch) / "worksheet.png")
            first = min(Path(scratch).glob("worksheet*.png"))  # worksheet.png, or worksheet-1.png of several
            with Image.open(first) as sheet:
                sheet.thumbnail((600, 900))
                out = io.BytesIO()
                sheet.convert("RGB").save(out, format="png", optimize=True)
        return out.getvalue()

    def save(self) -> None:
        """Save both files; say where, or why not."""
        sheet, key = (self.folder / name for name in self.names())
        try:
            save_worksheet(self.exercises, sheet)
            save_worksheet(self.exercises, key, answers=True)
        except (OSError, DamlibError) as error:
            self.message.value = prose(say("not-saved", error=html.escape(str(error))))
            return
        self.message.value = prose(say("saved", sheet=html.escape(str(sheet)), answers=html.escape(str(key))))
