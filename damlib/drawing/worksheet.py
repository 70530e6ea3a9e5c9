"""Worksheets for a class and their answer keys, on as many A4 pages as the questions need.

A worksheet has four questions a page, for children to read and write on: each names its game
and who moves, asks the question in the lessons' words (draw the move, cross out what is taken,
is it a king, which rule decides), and has a board 7.5 cm wide, to draw routes on, with
coordinates in 7 pt or more, and lines for the answer and the rule; a name and date line tops
every page. The answer key has four a page: the board with the answer's moves drawn, the answer,
and the rule that decides it — the exercise's own rule, one without which the answer would
differ (a king's capture that may not turn back over a piece it has jumped cites DE-STRIKE),
with its sentence. Text is 10.5 pt or larger, in black; the boards' pieces are outlined, so the
pages read in greyscale.

:func:`cards` says what goes on the pages; :func:`save_worksheet` draws and saves them.

>>> from damlib.exercises import EXERCISES
>>> strike = next(task for task in EXERCISES if task.rule == "DE-STRIKE")
>>> card = cards([strike], answers=True)[0]
>>> card.rule, card.text[1]
('DE-STRIKE', 'Rule DE-STRIKE: Jumped pieces stay on the board until the last jump and may not be jumped twice.')
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from matplotlib.figure import Figure

from ..engine.errors import DamlibError
from ..engine.position import Move, Position
from ..engine.variants import RULE_TEXT
from ..play.referee import describe
from ..teach.exercises import Exercise
from . import pages

#: Questions a page (columns × rows): the worksheet's, and the answer key's.
SHEET_GRID, KEY_GRID = (2, 2), (2, 2)
#: A board's width in inches, on the worksheet (7.5 cm: its coordinates print in 7 pt) and in the key.
SHEET_BOARD, KEY_BOARD = 2.95, 2.3
#: Lines of text over a question's board (the longest question, after eight moves, takes four),
#: and under an answer's.
SHEET_LINES, KEY_LINES = 4, 11
SHEET_TEXT = 11.0
#: What the worksheet asks for each kind of question: the lessons' words, the game and the side
#: to move being in the heading. A capture is drawn, its pieces crossed out.
PRINTED = {
    "play": "Draw a move the rules allow on the board, and write it.",
    "moves": "Write every move the rules allow. Draw the captures on the board.",
    "most": "Draw the best capture and cross out the pieces it takes. How many are they?",
    "crown": "Draw the move {move}. At the end of it, is the moving piece a king?",
    "winner": "The game is over. Who has won: White or Black? Or is it a draw?",
    "penalty": "{side} plays {move} here: a capture mistake. What happens then?",
}
_HEADER = 0.85  # inches: the title, and the name and date line
_PAD = 0.1
#: At most this many routes are drawn on one board of the key: more would hide the board.
MAX_ARROWS = 12


@dataclass(frozen=True)
class Card:
    """One question as printed: its number and game, the board and the routes drawn on it, and
    the text (the question; in the answer key, the answer, the rule and why)."""

    number: int
    heading: str
    position: Position
    text: tuple[str, ...]
    rule: str | None = None
    arrows: tuple[Move, ...] = ()
    #: a move drawn faint: the capture mistake of a 'penalty' question
    ahead: tuple[Move, ...] = ()

    def annotations(self) -> dict[str, object]:
        """The diagram keywords that draw the card's routes: one move with its captured pieces
        crossed, or several routes."""
        marks: dict[str, object] = {"ahead": list(self.ahead)} if self.ahead else {}
        if len(self.arrows) == 1:
            return {**marks, "move": self.arrows[0]}
        return {**marks, "arrows": list(self.arrows[:MAX_ARROWS])}


def answer_moves(task: Exercise) -> tuple[tuple[Move, ...], tuple[Move, ...]]:
    """The moves the answer key draws for ``task``, and the moves drawn faint: every legal move
    for 'play' and 'moves', the best captures for 'most', the move asked about for 'crown', the
    correct captures (and the mistake, faint) for 'penalty', none for 'winner'."""
    position = task.position
    if task.kind in ("play", "moves", "most"):
        return (position.legal_moves if task.kind != "most" or position.must_capture else ()), ()
    if task.kind == "crown":
        return (position.parse_move(task.move or "", literal=True),), ()
    if task.kind == "penalty":
        return position.legal_moves, (task.game.moves[-1],)
    return (), ()


def _explanation(task: Exercise) -> str:
    """Why the answer is right, as :meth:`Exercise.explanation` says it, but with the moves that
    do the same named together: a king's four landing squares after one capture take one line, not eight."""
    if task.kind not in ("play", "moves"):
        return task.explanation()
    position = task.position
    same: dict[str, list[str]] = {}
    for move in position.legal_moves:
        same.setdefault(describe(move, position), []).append(str(move))
    return " ".join(f"{', '.join(moves)}: {text}" for text, moves in same.items())


def cards(exercises: Iterable[Exercise], *, answers: bool = False, titles: Sequence[str] = ()) -> list[Card]:
    """What each question's place on the worksheet (or, with ``answers``, the key) shows; a
    question's title, if the teacher gave one, comes first in its text."""
    made = []
    for number, task in enumerate(exercises, 1):
        title = titles[number - 1].strip() if number <= len(titles) else ""
        if not isinstance(task, Exercise):
            raise DamlibError(f"a worksheet is made of Exercise values; question {number} is {task!r}")
        heading = f"{number}. {task.rules.name} draughts · {task.position.turn.capitalize()} to move"
        if not answers:
            made.append(Card(number, heading, task.position, (f"{title}. " * bool(title) + printed(task),)))
            continue
        arrows, ahead = answer_moves(task)
        rule = task.rule
        text = (f"{title}. " * bool(title) + f"Answer: {task.answer}",
                f"Rule {rule}: {RULE_TEXT.get(rule, 'as the published rules have it.')}", _explanation(task))
        made.append(Card(number, heading, task.position, text, rule, arrows, ahead))
    if not made:
        raise DamlibError("a worksheet needs at least one exercise")
    return made


def printed(task: Exercise) -> str:
    """The question as the worksheet asks it (:data:`PRINTED`), after the moves played before it.

    >>> from damlib.exercises import Exercise
    >>> printed(Exercise("W:Wb6:Bc7,e7", "german", "crown", move="b6:d8:f6"))
    'Draw the move b6:d8:f6. At the end of it, is the moving piece a king?'
    """
    game = task.game
    if task.kind == "penalty":
        return PRINTED["penalty"].format(side=game.positions[-2].turn.capitalize(), move=game.moves[-1])
    return task.after_history(PRINTED[task.kind].format(move=task.move))


def _column(answers: bool) -> float:
    """A question's column on the page, in inches, its padding included."""
    return (pages.WIDTH - 2 * pages.MARGIN) / (KEY_GRID if answers else SHEET_GRID)[0]


def fits(task: Exercise) -> bool:
    """Whether the answer key prints all of ``task``'s answer: an answer of many moves (a long
    list of legal moves, say) is cut off after :data:`KEY_LINES` lines."""
    width = _column(answers=True) - 2 * _PAD
    (card,) = cards([task], answers=True)
    return sum(len(pages.lines(part, width)) for part in card.text) <= KEY_LINES


def _header(page: Figure, title: str, answers: bool) -> None:
    left, width = pages.MARGIN, pages.WIDTH - 2 * pages.MARGIN
    pages.write(page, title, left, pages.MARGIN, width, size=16, bold=True)
    y = pages.MARGIN + 0.5
    if answers:
        pages.write(page, "For the teacher: the answers, drawn on the boards, and the rule that decides each.",
                    left, y - 0.12, width)
        return
    for label, x, length in (("Name", left, 3.6), ("Date", left + 4.3, 1.4), ("Class", left + 6.2, 0.97)):
        pages.write(page, label, x, y - 0.12, 0.6)
        end = x + 0.5
        pages.rule_line(page, end, y + 0.05, length - 0.5 if label != "Class" else width - 6.2 - 0.5)


def _card(page: Figure, card: Card, x: float, y: float, width: float, answers: bool) -> None:
    text = pages.BODY if answers else SHEET_TEXT
    pages.write(page, card.heading, x, y, width, size=text, bold=True, most=1)
    line = text * pages.LINE / 72
    size = KEY_BOARD if answers else SHEET_BOARD
    if answers:
        top = y + line + _PAD / 2
        pages.board(page, card.position, x + (width - size) / 2, top, size, **card.annotations())
        below = top + size + _PAD
        used = 0.0
        for part in card.text:
            most = KEY_LINES - round(used / line)
            if most < 1:
                break
            used += pages.write(page, part, x, below + used, width, bold=part is card.text[0], most=most)
        return
    pages.write(page, " ".join(card.text), x, y + line, width, size=text, most=SHEET_LINES)
    top = y + line * (1 + SHEET_LINES) + _PAD / 2  # every board at the same place in its cell
    pages.board(page, card.position, x + (width - size) / 2, top, size)
    for n, label in enumerate(("Answer:", "Rule:")):  # the route is drawn on the board itself
        line_at = top + size + 0.32 * (n + 1)
        pages.write(page, label, x, line_at - 0.19, 0.8, size=text)
        pages.rule_line(page, x + 0.8, line_at, width - 0.8)


def render(made: Sequence[Card], title: str, answers: bool) -> list[Figure]:
    """The pages that show ``made``, in order, numbered at the foot."""
    columns, rows = KEY_GRID if answers else SHEET_GRID
    per_page = columns * rows
    count = -(-len(made) // per_page)
    width = _column(answers)
    height = (pages.HEIGHT - 2 * pages.MARGIN - _HEADER - 0.25) / rows
    drawn = []
    for n in range(count):
        page = pages.new_page()
        _header(page, title, answers)
        for i, card in enumerate(made[n * per_page:(n + 1) * per_page]):
            row, column = divmod(i, columns)
            x = pages.MARGIN + column * width + _PAD
            y = pages.MARGIN + _HEADER + row * height
            _card(page, card, x, y, width - 2 * _PAD, answers)
        pages.footer(page, f"{title} · page {n + 1} of {count}")
        drawn.append(page)
    return drawn


def save_worksheet(exercises: Iterable[Exercise], path: str | Path, *, answers: bool = False,
                   title: str | None = None, titles: Sequence[str] = ()) -> list[Figure]:
    """Save ``exercises`` as a worksheet, or with ``answers`` as its answer key, on as many
    pages as they need: a PDF (all pages in one file), or PNG or SVG files (``name-2.png``, …
    after the first, when there are several pages). Returns the pages.

    >>> import tempfile, os
    >>> from damlib.exercises import EXERCISES
    >>> path = os.path.join(tempfile.mkdtemp(), "sheet.pdf")
    >>> len(save_worksheet(EXERCISES[:7], path)), len(save_worksheet(EXERCISES[:7], path, answers=True))
    (2, 2)
    """
    made = cards(exercises, answers=answers, titles=titles)
    heading = title or ("Answer key" if answers else "Draughts exercises")
    drawn = render(made, heading, answers)
    print_id = pages.fingerprint([heading, answers] + [(c.heading, c.position.rules.name, c.position.fen, c.text,
                                                        [str(m) for m in c.arrows + c.ahead]) for c in made])
    pages.save(drawn, path, heading, print_id)
    return drawn


class Worksheet:
    """A teacher's worksheet being put together in the board editor: its questions in order,
    each with an optional title, the worksheet's title, and the name its two files take.

    >>> from damlib.exercises import EXERCISES
    >>> sheet = Worksheet()
    >>> sheet.add(EXERCISES[0]); sheet.add(EXERCISES[1], "Warm-up"); sheet.move(1, -1)
    0
    >>> [label.split(":")[0] for label in sheet.labels()]
    ['1. Warm-up', '2. Black to move in German draughts']
    """

    def __init__(self, title: str = "Draughts exercises", name: str = "worksheet") -> None:
        self.title, self.name = title, name
        self.questions: list[Exercise] = []
        self.titles: list[str] = []

    def add(self, task: Exercise, title: str = "") -> None:
        """Keep ``task`` as the last question; refused (a DamlibError) if the answer key could
        not print its whole answer."""
        if not fits(task):
            raise DamlibError(f"its answer ({len(task.answer)} characters) is too long to print in the answer key; "
                              "choose a position with fewer moves, or another question")
        self.questions.append(task)
        self.titles.append(title.strip())

    def _check(self, index: int) -> None:
        if not isinstance(index, int) or not 0 <= index < len(self.questions):
            raise DamlibError(f"there is no question {index + 1 if isinstance(index, int) else index!r}: "
                              f"the worksheet has {len(self.questions)}")

    def move(self, index: int, by: int) -> int:
        """Move question ``index`` (0 for the first) ``by`` places, -1 up or 1 down, within the
        list; its place now."""
        self._check(index)
        to = min(max(index + by, 0), len(self.questions) - 1)
        self.questions.insert(to, self.questions.pop(index))
        self.titles.insert(to, self.titles.pop(index))
        return to

    def remove(self, index: int) -> None:
        self._check(index)
        del self.questions[index], self.titles[index]

    def retitle(self, index: int, title: str) -> None:
        self._check(index)
        self.titles[index] = title.strip()

    def labels(self) -> list[str]:
        """One line a question, as the editor lists them: number, title if any, the question
        (which names its game)."""
        return [f"{n}. {title + ': ' if title else ''}{task.question}"
                for n, (task, title) in enumerate(zip(self.questions, self.titles, strict=True), 1)]

    def save(self, folder: str | Path) -> tuple[Path, Path]:
        """Save the worksheet and its answer key as PDF in ``folder``: ``NAME.pdf`` and
        ``NAME-answer-key.pdf``, or with ``-2``, ``-3``… added where a file of that name is
        there already (nothing is overwritten). Returns the two paths."""
        if not self.questions:
            raise DamlibError("the worksheet has no questions yet: add a position first")
        stem = re.sub(r"[^\w-]+", "-", self.name.strip()).strip("-") or "worksheet"
        folder = Path(folder)
        number, suffix = 1, ""
        while (folder / f"{stem}{suffix}.pdf").exists() or (folder / f"{stem}{suffix}-answer-key.pdf").exists():
            number += 1
            suffix = f"-{number}"
        sheet, key = folder / f"{stem}{suffix}.pdf", folder / f"{stem}{suffix}-answer-key.pdf"
        title = self.title.strip() or "Draughts exercises"
        save_worksheet(self.questions, sheet, title=title, titles=self.titles)
        save_worksheet(self.questions, key, answers=True, title=f"{title}: answer key", titles=self.titles)
        return sheet, key
