"""Worksheets for a class and their answer keys, on as many A4 pages as the questions need.

A worksheet has four questions a page, for children to read and write on: each names its game
and who moves, asks the question in the lessons' words (draw the move, cross out what is taken,
is it a king, which rule decides), and has a board 7.5 cm wide, to draw routes on, with
coordinates in 7 pt or more, and lines for the answer and the rule; a name and date line tops
every page. The answer key has four a page: the board with the answer's moves drawn, the answer,
and the rule that decides it — the exercise's own rule, one without which the answer would
differ (a king's capture that may not turn back over a piece it has jumped cites DE-STRIKE),
with its sentence, and every other rule that decides it, each a right answer on the worksheet's
rule line. A worksheet pictures the position before the moves a question lists; where several
captures take the most, the key draws one for each different set of pieces taken. Text is 10.5 pt
or larger, in black; the boards' pieces are outlined, so the
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
from typing import TYPE_CHECKING

from ..drawing import diagram
from ..engine import language
from ..engine.errors import DamlibError
from ..engine.position import Move, Position
from ..engine.variants import RULE_TEXT, Rules, game_name, rule_sentence
from ..play.referee import describe
from ..teach.exercises import Exercise, different_captures
from . import pages

if TYPE_CHECKING:  # drawn with matplotlib, which is loaded only where pictures are made
    from matplotlib.figure import Figure

#: Questions a page (columns × rows): the worksheet's, and the answer key's.
SHEET_GRID, KEY_GRID = (2, 2), (2, 2)
#: A board's width in inches, on the worksheet (7.5 cm: its coordinates print in 7 pt) and in the key.
SHEET_BOARD, KEY_BOARD = 2.95, 2.0
#: Lines of text over a question's board (the longest question, after eight moves, takes four),
#: and under an answer's.
SHEET_LINES, KEY_LINES = 4, 12
SHEET_TEXT = 11.0

#: Every sentence printed on a worksheet and its answer key, whole, with named placeholders:
#: ``{game}`` a game's name ("German draughts"), ``{move}`` move text, ``{rule}`` a rule ID,
#: ``{title}`` a title the teacher gave, ``{question}`` a question.
TEXTS: dict[str, str] = {
    # What the worksheet asks for each kind of question (``printed-<kind>``): the lessons' words,
    # the game and the side to move being in the heading. A capture is drawn, its pieces crossed
    # out. "-after": asked after the moves {moves} were played from the position drawn.
    "printed-play": "Draw a move the rules allow on the board, and write it.",
    "printed-play-after": "After {moves}: draw a move the rules allow on the board, and write it.",
    "printed-moves": "Write every move the rules allow. Draw the captures on the board.",
    "printed-moves-after": "After {moves}: write every move the rules allow. Draw the captures on the board.",
    "printed-most": "Draw a best capture and cross out the pieces it takes. How many are they?",
    "printed-most-after": "After {moves}: draw a best capture and cross out the pieces it takes. How many "
                          "are they?",
    "printed-crown": "Draw the move {move}. At the end of it, is the moving piece a king?",
    "printed-crown-after": "After {moves}: draw the move {move}. At the end of it, is the moving piece a king?",
    "printed-winner": "The game is over. Who has won: White or Black? Or is it a draw?",
    "printed-winner-after": "After {moves}: the game is over. Who has won: White or Black? Or is it a draw?",
    "printed-penalty-white": "White plays {move} here: a capture mistake. What happens then?",
    "printed-penalty-black": "Black plays {move} here: a capture mistake. What happens then?",
    # a question's heading: its number, its game and who moves; a page's heading names the games
    # published elsewhere thus (see game_heading)
    "game-Turkish (as published)": "Turkish (as published) draughts",
    "game-Russian (as published)": "Russian (as published) draughts",
    "heading-white": "{number}. {game} · White to move",
    "heading-black": "{number}. {game} · Black to move",
    "titled": "{title}. {question}",
    # the answer key: {answer} the answer, {text} the rule's sentence, {moves} moves that do the same
    "answer": "Answer: {answer}",
    "answer-titled": "{title}. Answer: {answer}",
    "rule": "Rule {rule}: {text}",
    "rule-published": "Rule: as the published rules have it.",
    # where several rules decide the answer, any of them is right on the worksheet's rule line
    "also-deciding": "Also right on the rule line: {rules}.",
    "moves-explained": "{moves}: {what}",
    "for-the-teacher": "For the teacher: the answers, drawn on the boards, and the rule that decides each.",
    # the lines to write on
    "name-line": "Name",
    "date-line": "Date",
    "class-line": "Class",
    "answer-line": "Answer:",
    "rule-line": "Rule:",
    "footer": "{title} · page {page} of {pages}",
    "default-title": "Draughts exercises",
    "answer-key": "Answer key",
    "answer-key-of": "{title}: answer key",
    # the worksheet put together in the board editor: one line a question
    "label": "{number}. {question}",
    "label-titled": "{number}. {title}: {question}",
    # what the board editor says when a question cannot be added or the worksheet saved
    "too-long-one": "its answer ({count} character) is too long to print in the answer key; choose a position "
                    "with fewer moves, or another question",
    "too-long-other": "its answer ({count} characters) is too long to print in the answer key; choose a "
                      "position with fewer moves, or another question",
    "no-such-question-one": "there is no question {number}: the worksheet has {count}",
    "no-such-question-other": "there is no question {number}: the worksheet has {count}",
    "no-questions": "the worksheet has no questions yet: add a position first",
    "no-exercises": "a worksheet needs at least one exercise",
    # the names of the files a worksheet made in the board editor is saved as, unless the teacher
    # names it: NAME.pdf and the key's NAME-answer-key.pdf (a file name: no spaces or slashes)
    "file-name": "worksheet",
    "key-file-name": "{name}-answer-key",
    # a question that is no exercise: {kind} a type's Python name, {value} what was given
    "not-exercise": "a worksheet is made of {kind} values; question {number} is {value}",
}

#: the sentence of :data:`TEXTS` under a key, its placeholders filled
say = language.sayer(TEXTS)


def game_heading(rules: Rules) -> str:
    """The game as a page's heading names it: "German draughts", "Turkish (as published) draughts".

    >>> from damlib import TURKISH_PUBLISHED
    >>> game_heading(TURKISH_PUBLISHED)
    'Turkish (as published) draughts'
    """
    key = f"game-{rules.name}"
    return say(key) if key in TEXTS else game_name(rules)
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

    def annotations(self) -> diagram.Annotations:
        """The diagram keywords that draw the card's routes: one move with its captured pieces
        crossed, or several routes."""
        marks = diagram.Annotations(ahead=list(self.ahead)) if self.ahead else diagram.Annotations()
        if len(self.arrows) == 1:
            marks["move"] = self.arrows[0]
        else:
            marks["arrows"] = list(self.arrows[:MAX_ARROWS])
        return marks


def answer_moves(task: Exercise) -> tuple[tuple[Move, ...], tuple[Move, ...]]:
    """The moves the answer key draws for ``task``, and the moves drawn faint: every legal move
    for 'play' and 'moves', a best capture for each different set of pieces taken for 'most', the
    move asked about for 'crown', the correct captures (and the mistake, faint) for 'penalty', none for 'winner'."""
    position = task.position
    if task.kind == "most":
        return different_captures(position), ()
    if task.kind in ("play", "moves"):
        return position.legal_moves, ()
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
    return " ".join(say("moves-explained", moves=", ".join(moves), what=text) for text, moves in same.items())


def cards(exercises: Iterable[Exercise], *, answers: bool = False, titles: Sequence[str] = ()) -> list[Card]:
    """What each question's place on the worksheet (or, with ``answers``, the key) shows; a
    question's title, if the teacher gave one, comes first in its text."""
    made = []
    for number, task in enumerate(exercises, 1):
        title = titles[number - 1].strip() if number <= len(titles) else ""
        if not isinstance(task, Exercise):
            raise DamlibError(say("not-exercise", kind="Exercise", number=number, value=repr(task)))
        # a worksheet's board is the one before the moves the question lists (after them, it could
        # give the answer away); the key's, the one the answer is about
        shown = task.position if answers else task.game.positions[0]
        heading = say(f"heading-{shown.turn}", number=number, game=game_heading(task.rules))
        if not answers:
            question = say("titled", title=title, question=printed(task)) if title else printed(task)
            made.append(Card(number, heading, shown, (question,)))
            continue
        arrows, ahead = answer_moves(task)
        rule = task.rule
        answer = say("answer-titled", title=title, answer=task.answer) if title else say("answer", answer=task.answer)
        cited = (say("rule", rule=rule, text=rule_sentence(rule)) if rule in RULE_TEXT
                 else say("rule-published"))
        others = task.deciding[1:]
        also = (say("also-deciding", rules=", ".join(others)),) if others else ()
        text = (answer, cited, *also, _explanation(task))
        made.append(Card(number, heading, task.position, text, rule, arrows, ahead))
    if not made:
        raise DamlibError(say("no-exercises"))
    return made


def printed(task: Exercise) -> str:
    """The question as the worksheet asks it (``printed-<kind>`` in :data:`TEXTS`), after the moves
    played before it.

    >>> from damlib.exercises import Exercise
    >>> printed(Exercise("W:Wb6:Bc7,e7", "german", "crown", move="b6:d8:f6"))
    'Draw the move b6:d8:f6. At the end of it, is the moving piece a king?'
    """
    game = task.game
    if task.kind == "penalty":
        return say(f"printed-penalty-{game.positions[-2].turn}", move=game.moves[-1])
    return task.asked(f"printed-{task.kind}", TEXTS, move=task.move)


def _column(answers: bool) -> float:
    """A question's column on the page, in inches, its padding included."""
    return (pages.WIDTH - 2 * pages.MARGIN) / (KEY_GRID if answers else SHEET_GRID)[0]


def fits(task: Exercise) -> bool:
    """Whether the answer key prints all of ``task``'s answer: an answer of many moves (a long
    list of legal moves, say) is cut off after :data:`KEY_LINES` lines."""
    width = _column(answers=True) - 2 * _PAD
    (card,) = cards([task], answers=True)
    return sum(len(pages.lines(part, width, bold=part is card.text[0])) for part in card.text) <= KEY_LINES


def _header(page: Figure, title: str, answers: bool) -> None:
    left, width = pages.MARGIN, pages.WIDTH - 2 * pages.MARGIN
    pages.write(page, title, left, pages.MARGIN, width, size=16, bold=True)
    y = pages.MARGIN + 0.5
    if answers:
        pages.write(page, say("for-the-teacher"), left, y - 0.12, width)
        return
    for label, x, length in (("name-line", left, 3.6), ("date-line", left + 4.3, 1.4),
                                ("class-line", left + 6.2, 0.97)):
        pages.write(page, say(label), x, y - 0.12, 0.6)
        end = x + 0.5
        pages.rule_line(page, end, y + 0.05, length - 0.5 if label != "class-line" else width - 6.2 - 0.5)


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
    for n, label in enumerate(("answer-line", "rule-line")):  # the route is drawn on the board itself
        line_at = top + size + 0.32 * (n + 1)
        pages.write(page, say(label), x, line_at - 0.19, 0.8, size=text)
        pages.rule_line(page, x + 0.8, line_at, width - 0.8)


def render(made: Sequence[Card], title: str, *, answers: bool) -> list[Figure]:
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
        pages.footer(page, say("footer", title=title, page=n + 1, pages=count))
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
    diagram.need_pictures("save_worksheet")
    made = cards(exercises, answers=answers, titles=titles)
    heading = title or say("answer-key" if answers else "default-title")
    drawn = render(made, heading, answers=answers)
    print_id = pages.fingerprint([heading, answers] + [(c.heading, c.position.rules.name, c.position.fen, c.text,
                                                        [str(m) for m in c.arrows + c.ahead]) for c in made])
    pages.save(drawn, path, heading, print_id)
    return drawn


def key_file(name: str) -> str:
    """The file name of the answer key to the worksheet ``name`` (without ``.pdf``), in the
    language damlib speaks.

    >>> key_file("warm-up")
    'warm-up-answer-key.pdf'
    """
    return f"{say('key-file-name', name=name)}.pdf"


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

    def __init__(self, title: str | None = None, name: str | None = None) -> None:
        #: the worksheet's title, "Draughts exercises" unless given
        self.title = say("default-title") if title is None else title
        #: the name of its files, "worksheet" (in the language damlib speaks) unless given
        self.name = say("file-name") if name is None else name
        self.questions: list[Exercise] = []
        self.titles: list[str] = []

    def add(self, task: Exercise, title: str = "") -> None:
        """Keep ``task`` as the last question; refused (a DamlibError) if the answer key could
        not print its whole answer."""
        if not fits(task):
            raise DamlibError(language.counted("too-long", len(task.answer), TEXTS))
        self.questions.append(task)
        self.titles.append(title.strip())

    def _check(self, index: int) -> None:
        if not isinstance(index, int) or not 0 <= index < len(self.questions):
            raise DamlibError(language.counted("no-such-question", len(self.questions), TEXTS,
                                               number=index + 1 if isinstance(index, int) else repr(index)))

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
        return [say("label-titled", number=n, title=title, question=task.question) if title
                else say("label", number=n, question=task.question)
                for n, (task, title) in enumerate(zip(self.questions, self.titles, strict=True), 1)]

    def save(self, folder: str | Path) -> tuple[Path, Path]:
        """Save the worksheet and its answer key as PDF in ``folder``: ``NAME.pdf`` and
        ``NAME-answer-key.pdf`` (:func:`key_file`), or with ``-2``, ``-3``… added where a file of that name is
        there already (nothing is overwritten). Returns the two paths."""
        if not self.questions:
            raise DamlibError(say("no-questions"))
        stem = re.sub(r"[^\w-]+", "-", self.name.strip()).strip("-") or say("file-name")
        folder = Path(folder)
        number, suffix = 1, ""
        while (folder / f"{stem}{suffix}.pdf").exists() or (folder / key_file(f"{stem}{suffix}")).exists():
            number += 1
            suffix = f"-{number}"
        sheet, key = folder / f"{stem}{suffix}.pdf", folder / key_file(f"{stem}{suffix}")
        title = self.title.strip() or say("default-title")
        save_worksheet(self.questions, sheet, title=title, titles=self.titles)
        save_worksheet(self.questions, key, answers=True, title=say("answer-key-of", title=title), titles=self.titles)
        return sheet, key
