"""Exercises for a class: a position, a question, and a checker that explains.

The right answer is never typed in: the engine works it out from the position,
and the explanation cites the rule by its ID.

>>> from damlib.exercises import Exercise
>>> task = Exercise("W:We3:Bd4,f4,b6", "german", "most")
>>> task.question
'How many pieces does the best capture take?'
>>> task.check("1").correct, task.check("2").correct
(False, True)
>>> task.check("1").text
'Not quite. The best capture, e3:c5:a7, takes 2 pieces — you must take the most (DE-MAJORITY).'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from . import diagram
from .errors import DamlibError, shown
from .game import Game
from .legality import pieces
from .position import Move, Position
from .referee import describe
from .variants import Rules
from .variants import rules as _rules

ExerciseKind = Literal["moves", "most", "crown", "winner"]

#: Answers longer than this get a short "too long" feedback instead of being read:
#: every legal move of a full board, written out, fits in far less.
MAX_ANSWER = 2000
#: How many wrong moves of one answer are explained; the rest are only counted.
MAX_EXPLAINED = 5

QUESTIONS: dict[str, str] = {
    "moves": "Which moves are legal? Write them all, separated by commas.",
    "most": "How many pieces does the best capture take?",
    "crown": "After the move {move}, is the moving piece a king?",
    "winner": "The game is over. Who won: white, black, or is it a draw?",
}


@dataclass(frozen=True)
class Feedback:
    """The verdict on an answer, and the explanation with the rule ID."""

    correct: bool
    text: str


@dataclass(frozen=True)
class Exercise:
    """One question on one position.

    ``kind`` is one of :data:`QUESTIONS`: ``"moves"`` (list the legal moves),
    ``"most"`` (how many pieces the best capture takes), ``"crown"`` (is the
    piece a king after ``move``), ``"winner"`` (who won the finished game).
    """

    fen: str
    variant: str
    kind: ExerciseKind
    move: str | None = None

    def __post_init__(self) -> None:
        # a broken exercise is refused here, not when a learner first answers it
        if not isinstance(self.kind, str) or self.kind not in QUESTIONS:
            raise DamlibError(f"unknown exercise kind {shown(self.kind)}; use one of {', '.join(QUESTIONS)}")
        position = self.position  # a bad FEN or unknown variant raises FenError or VariantError
        if (self.kind == "crown") != (self.move is not None):
            raise DamlibError("a 'crown' exercise needs a move, and only it does")
        if self.move is not None:
            position.parse_move(self.move, literal=True)  # a move that is not legal here is a broken exercise
        if self.kind == "winner" and Game(self.position).result is None:
            raise DamlibError(f"a 'winner' exercise needs a finished game; {self.fen} is not over")

    @property
    def position(self) -> Position:
        """The exercise's position."""
        return Position.from_fen(self.fen, self.variant)

    @property
    def rules(self) -> Rules:
        """The rules of the exercise's game."""
        return _rules(self.variant)

    @property
    def question(self) -> str:
        return QUESTIONS[self.kind].format(move=self.move)

    @property
    def answer(self) -> str:
        """The right answer, as a learner would write it."""
        pos = self.position
        if self.kind == "moves":
            return ", ".join(str(m) for m in pos.legal_moves)
        if self.kind == "most":
            return str(len(pos.legal_moves[0].captured)) if pos.must_capture else "0"
        if self.kind == "crown":
            return "yes" if self._ends_as_king() else "no"
        result = Game(pos).result
        return result.winner if result and result.winner else "draw"

    def _move(self) -> Move:
        """The move a 'crown' exercise asks about."""
        if self.move is None:
            raise DamlibError(f"a {self.kind!r} exercise asks about no move")
        return self.position.parse_move(self.move, literal=True)

    def _ends_as_king(self) -> bool:
        move = self._move()
        return move.promotes or self.position.pieces[move.start].is_king

    def explanation(self) -> str:
        """Why the right answer is right, citing the rules."""
        pos = self.position
        if self.kind == "moves":
            return " ".join(f"{m}: {describe(m, pos)}" for m in pos.legal_moves)
        if self.kind == "most":
            if not pos.must_capture:
                return f"There is no capture here ({pos.rules.rule_id('mandatory')} does not apply)."
            best = pos.legal_moves[0]
            return (f"The best capture, {best}, takes {pieces(len(best.captured))}"
                    f" — you must take the most ({pos.rules.rule_id('majority')}).")
        if self.kind == "crown":
            return f"In {self.move} {describe(self._move(), pos)}"
        result = Game(pos).result
        return str(result) if result else "The game is not over."

    def check(self, answer: str) -> Feedback:
        """Whether ``answer`` is right, with the explanation either way.

        An empty answer, one that is not text, or one longer than
        :data:`MAX_ANSWER` characters is not read; the feedback says why.

        >>> Exercise("W:Wc3:Bd4", "german", "moves").check("").text
        'That is not an answer: Which moves are legal? Write them all, separated by commas.'
        """
        if not isinstance(answer, str) or not answer.strip():
            return Feedback(False, f"That is not an answer: {self.question}")
        if len(answer) > MAX_ANSWER:
            return Feedback(False, f"That answer is too long to read ({len(answer)} characters; "
                                   f"at most {MAX_ANSWER}): {self.question}")
        if self.kind == "moves":
            return self._check_moves(answer)
        words = answer.strip().lower().split()
        # "White wins", "y", "Yes." all count: the first word decides
        given = words[0].strip(".!")
        right = given == self.answer or (self.kind == "crown" and given in ("y", "n") and given == self.answer[0])
        return Feedback(right, f"{'Right' if right else 'Not quite'}. {self.explanation()}")

    def _check_moves(self, answer: str) -> Feedback:
        pos = self.position
        texts = dict.fromkeys(t for t in re.split(r"[,;\s]+", answer) if t)
        named: set[Move] = set()
        wrong: list[str] = []
        for text in texts:
            try:
                # as a referee reads it: "d4:d7" is one jump onto d7, not shorthand for d4:d1:d7
                named.add(pos.parse_move(text, literal=True))
            except DamlibError as e:
                wrong.append(str(e))
        missing = [m for m in pos.legal_moves if m not in named]
        if not wrong and not missing:
            count = "the only legal move" if len(named) == 1 else f"all {len(named)} legal moves"
            return Feedback(True, f"Right: {count}. {self.explanation()}")
        more = len(wrong) - MAX_EXPLAINED
        parts = wrong[:MAX_EXPLAINED] + ([f"({more} more not allowed.)"] if more > 0 else [])
        parts += [f"You missed {m}: {describe(m, pos)}" for m in missing]
        return Feedback(False, "Not quite. " + " ".join(parts))


#: The class set: several positions per game, one of each kind of question.
EXERCISES: tuple[Exercise, ...] = (
    Exercise("W:Wc3,g3:Bd4,h8", "german", "moves"),
    Exercise("W:Wa3,e3:Bb4,d4,f4,b6", "german", "most"),
    Exercise("W:Wb6:Bc7,e7", "german", "crown", "b6:d8:f6"),
    Exercise("B:Wa1,c1:Bb2", "german", "winner"),
    Exercise("W:Wc5,h2:Bd6,f6", "german", "moves"),
    Exercise("W:Wb6:Bc7,e7", "russian", "crown", "b6:d8:f6"),
    Exercise("W:Wb6:Bc7,f6", "russian", "moves"),
    Exercise("W:WKa1:Bc3,f4,f2,b4", "russian", "most"),
    Exercise("W:Wh2:Bg3,f4", "russian", "winner"),
    Exercise("W:Wd4:Be5,h7", "turkish", "moves"),
    Exercise("W:Wd4:Bd6,h7", "turkish", "moves"),
    Exercise("W:WKa1:Ba3,c5,d4,b3", "turkish", "most"),
    Exercise("W:Wd6:Bd7,Kb8", "turkish", "crown", "d6:d8:a8"),
    Exercise("W:Wa7:BKa8,b7,Kb8,c7", "turkish", "winner"),
)


def save_worksheet(exercises: tuple[Exercise, ...], path: str | Path, answers: bool = False, title: str | None = None):
    """Save the exercises' diagrams and questions as a printable page; with
    ``answers``, the answer key (answers and their rules) instead."""
    items = []
    for number, task in enumerate(exercises, 1):
        caption = f"{number}. {task.rules.name}, {task.position.turn} to move. {task.question}"
        if answers:
            caption = f"{number}. {task.answer} — {task.explanation()}"
        items.append((task.position, caption))
    heading = title or ("Answer key" if answers else "Draughts exercises")
    return diagram.worksheet(items, path, columns=3, title=heading)
