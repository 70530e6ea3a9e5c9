"""Exercises for a class: a position, a question, and a checker that explains.

The right answer is never typed in: the engine works it out from the position,
and the explanation cites the rule by its ID — a rule that decides the answer: with
that rule taken out of the game's :class:`~damlib.engine.variants.Rules`, the answer would
differ (see :attr:`Exercise.rule`).

>>> from damlib.exercises import Exercise
>>> task = Exercise("W:We3:Bd4,f4,b6", "german", "most")
>>> task.question
'In German draughts, how many pieces does the best capture take?'
>>> task.check("1").correct, task.check("2").correct
(False, True)
>>> task.check("1").text
'Not quite. The best capture, e3:c5:a7, takes 2 pieces — you must take the most (DE-MAJORITY).'
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from ..engine.errors import DamlibError, shown
from ..engine.legality import pieces
from ..engine.notation import numbered_moves
from ..engine.position import Move, Position, Variant
from ..engine.variants import RULE_TEXT, Rules, Topic
from ..engine.variants import rules as _rules
from ..play.clicks import ClickToMove
from ..play.game import Game
from ..play.referee import describe, forbidden_captures

if TYPE_CHECKING:
    from matplotlib.figure import Figure

ExerciseKind = Literal["play", "moves", "most", "crown", "winner", "penalty"]

#: Answers longer than this get a short "too long" feedback instead of being read:
#: every legal move of a full board, written out, fits in far less.
MAX_ANSWER = 2000
#: How many wrong moves of one answer are explained; the rest are only counted.
MAX_EXPLAINED = 5

#: Each kind of question; every one names its game, whose rules decide the answer.
QUESTIONS: dict[str, str] = {
    "play": "{side} to move in {game}: play a move the rules allow.",
    "moves": "In {game}, which moves are legal? Write them all, separated by commas.",
    "most": "In {game}, how many pieces does the best capture take?",
    "crown": "In {game}, after the move {move}, is the moving piece a king?",
    "winner": "This game of {game} is over. Who won: white, black, or is it a draw?",
    "penalty": "In {game}, {side} has just made a capture mistake, {move}. What happens now?",
}
#: The words of a natural answer that mean each reading, for the questions answered in words.
_YES, _NO = {"yes", "y", "yeah", "yep"}, {"no", "n", "nope", "not"}
_CHOOSE = {"choose", "chooses", "choice", "decide", "decides", "take", "back", "let", "stand"}
_LOSE = {"lose", "loses", "lost", "win", "wins", "won", "loss"}


#: Each rule taken out of a game's :class:`Rules`, to ask whether it decides an answer: jumped
#: pieces leave at once instead of standing (or the reverse), a man crowned mid-capture instead of
#: jumping on as a man (or the reverse), kings or men with no move of that kind, the other penalty.
#: The majority rule and compulsory capture are asked about without listing every move, and a man
#: crowned at the end of its move from the move itself (see :meth:`Exercise._decides`); the rules on
#: the board, the start, winning and draws have no field to take out.
_WITHOUT: dict[str, Callable[[Rules], Rules]] = {
    "removal": lambda r: dataclasses.replace(r, remove_at_once=not r.remove_at_once),
    "promote-mid": lambda r: dataclasses.replace(r, crown_mid_capture=not r.crown_mid_capture),
    "king": lambda r: dataclasses.replace(r, king_directions=()),
    "man-capture": lambda r: dataclasses.replace(r, man_captures=()),
    "man-move": lambda r: dataclasses.replace(r, man_steps=()),
    "penalty": lambda r: dataclasses.replace(r, penalty="choice" if r.penalty == "loss" else "loss"),
}
#: The rules that may decide each kind of question, in the order they are cited: the rule the kind
#: is about first ("most": the majority rule), then the more particular before the more general.
_DECIDING: dict[str, tuple[Topic, ...]] = {
    "play": ("promote-mid", "removal", "majority", "mandatory", "king", "man-capture", "man-move"),
    "moves": ("promote-mid", "removal", "majority", "mandatory", "king", "man-capture", "man-move"),
    "most": ("majority", "removal", "promote-mid", "king", "man-capture"),
    "crown": ("promote-mid", "promote"),
    "penalty": ("penalty",),
}


def _game_name(rules: Rules) -> str:
    """"German draughts"; "Turkish draughts (as published)"."""
    name, _, note = rules.name.partition(" (")
    return f"{name} draughts" + (f" ({note}" if note else "")


@dataclass(frozen=True)
class Feedback:
    """The verdict on an answer, and the explanation with the rule ID. ``read`` is False for
    text that was not read as an answer at all (empty, too long, or saying nothing asked)."""

    correct: bool
    text: str
    read: bool = True


@dataclass(frozen=True)
class Exercise:
    """One question on one position.

    ``kind`` is one of :data:`QUESTIONS`: ``"moves"`` (list the legal moves),
    ``"most"`` (how many pieces the best capture takes), ``"crown"`` (is the
    piece a king after ``move``), ``"winner"`` (who won the finished game).
    """

    fen: str
    variant: Variant
    kind: ExerciseKind
    move: str | None = None
    #: moves played from ``fen`` before the question, in referee mode: a repetition, a mistake
    history: tuple[str, ...] = ()
    #: the rule the question is about, when it is not the one :attr:`rule` would find first; it
    #: must decide the answer (the answer would differ without it), or the exercise is refused
    about: str | None = None

    def __post_init__(self) -> None:
        # a broken exercise is refused here, not when a learner first answers it
        if not isinstance(self.kind, str) or self.kind not in QUESTIONS:
            raise DamlibError(f"unknown exercise kind {shown(self.kind)}; use one of {', '.join(QUESTIONS)}")
        if self.about is not None and self.about not in RULE_TEXT:
            raise DamlibError(f"about must be a rule ID like 'DE-STRIKE', not {shown(self.about)}")
        if not isinstance(self.history, tuple) or not all(isinstance(m, str) for m in self.history):
            raise DamlibError(f"history must be a tuple of move texts, not {shown(self.history)}")
        game = self.game  # a bad FEN, variant or history raises its damlib error
        if (self.kind == "crown") != (self.move is not None):
            raise DamlibError("a 'crown' exercise needs a move, and only it does")
        if self.move is not None:
            self.position.parse_move(self.move, literal=True)  # a move that is not legal here is a broken exercise
        if self.kind == "winner" and game.result is None:
            raise DamlibError(f"a 'winner' exercise needs a finished game; {self.fen} is not over")
        punished = game.pending or game.result and game.result.rule == self.rules.cite("penalty")
        if self.kind == "penalty" and not punished:
            raise DamlibError("a 'penalty' exercise needs a history that ends with a capture mistake")
        if self.kind in ("play", "moves", "most", "crown") and game.legal_moves == ():
            raise DamlibError(f"a {self.kind!r} exercise needs a position with a move to play")
        if self.about is not None and self.about not in self._deciding():
            # an answer key citing it would send a learner to a rule that changes nothing here
            raise DamlibError(f"{self.about} does not decide this question: without it the answer would be the same")

    @cached_property
    def game(self) -> Game:
        """The game the question is about: ``fen`` and then the ``history`` played in referee mode.
        Worked out once and shared by the question, answer and explanation: read it, do not play on it."""
        game = Game(Position.from_fen(self.fen, self.variant), referee=bool(self.history))
        for move in self.history:
            game.play(move)
        return game

    @property
    def position(self) -> Position:
        """The position the question is about (a 'penalty' question: the one before the mistake)."""
        game = self.game
        return game.positions[-2] if self.kind == "penalty" else game.position

    @property
    def rules(self) -> Rules:
        """The rules of the exercise's game."""
        return _rules(self.variant)

    @property
    def question(self) -> str:
        game, side = _game_name(self.rules), self.position.turn.capitalize()
        if self.kind == "penalty":
            return QUESTIONS["penalty"].format(game=game, side=side, move=self.game.moves[-1])
        return self.after_history(QUESTIONS[self.kind].format(game=game, move=self.move, side=side))

    def after_history(self, question: str) -> str:
        """``question`` asked after the moves played before it, if any ("After 1. a1-b2 …: who won?")."""
        if not self.history:
            return question
        moves = numbered_moves(self.history, white_first=self.game.positions[0].turn == "white")
        return f"After {moves}: {question[0].lower()}{question[1:]}"

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
        if self.kind == "play":
            return " or ".join(str(m) for m in pos.legal_moves)
        if self.kind == "penalty":
            other = "black" if pos.turn == "white" else "white"
            return f"{other} wins" if self.rules.penalty == "loss" else f"{other} chooses"
        result = self.game.result
        return result.winner if result and result.winner else "draw"

    @cached_property
    def rule(self) -> str:
        """The rule that decides the answer (its ID, or "published rules"): ``about`` if given,
        else the first of the kind's rules (:data:`_DECIDING`) without which the answer would
        differ — the majority rule for a capture that must take the most, say, but for a capture
        that has only one way to go on, compulsory capture. For a finished game, the rule that
        ended it.

        >>> Exercise("W:We3:Bd4,f4,b6", "german", "play").rule  # e3:g5 is complete, and takes one
        'DE-MAJORITY'
        """
        if self.about is not None:
            return self.about
        if self.kind == "winner":
            return next(self._deciding())
        # where none decides (a king's one step, say): the rule the kind of question is about
        kinds: dict[str, Topic] = {"most": "majority", "crown": "promote", "penalty": "penalty"}
        fallback = kinds.get(self.kind) or ("mandatory" if self.position.must_capture else "man-move")
        return next(self._deciding(), self.rules.cite(fallback))

    def _deciding(self) -> Iterator[str]:
        """The rules without which the answer would differ, in the order they are cited, each
        worked out only when asked for; for a finished game, the rule that ended it."""
        if self.kind == "winner":
            result = self.game.result
            yield result.rule if result and result.rule else self.rules.cite("win")
            return
        for topic in _DECIDING[self.kind]:
            if self._decides(topic):
                yield self.rules.cite(topic)

    def _decides(self, topic: Topic) -> bool:
        """Whether the answer would differ were the game's rule on ``topic`` taken out of it."""
        pos, rules = self.position, self.rules
        if topic == "majority":
            # the captures it forbids, counted without listing every route
            return rules.majority and forbidden_captures(pos, 0)[0] > 0
        if topic == "mandatory":
            # without it, a capture could be left for a step, or stopped after its first jump
            gen = pos._generator
            return pos.must_capture and bool(gen.steps(pos._board, gen.own_squares(pos._board))
                                             or any(len(m.captured) > 1 for m in pos.legal_moves))
        if topic == "promote":
            # no field holds it: without it a man that ends its move on the last rank stays a man
            move = self._move()
            return move.promotes and not any(s in pos._generator.last_rank for s in move._raw[0][1:-1])
        return self._answer_under(_WITHOUT[topic](rules)) != self._answer_under(rules)

    def _answer_under(self, rules: Rules) -> object:
        """The answer were the game played by ``rules`` (the majority rule kept, so that no
        capture is walked route by route): the moves a learner may write, the number of
        pieces the captures take, whether the move asked about ends as a king (``None``: it is
        not allowed), or what the capture mistake costs."""
        if self.kind == "penalty":
            start = Position.from_fen(self.fen, self.variant)
            game = Game(Position(rules, start._board, start._white), referee=True)
            for played in self.history:
                game.play(played)
            return game.result.winner if game.result else "chooses"
        pos = Position(rules, self.position._board, self.position._white)
        if self.kind == "crown":
            try:
                move = pos.parse_move(self.move or "", literal=True)
            except DamlibError:
                return None
            return move.promotes or pos.pieces[move.start].is_king
        if self.kind == "most":
            return {len(m.captured) for m in pos.legal_moves}
        return {(m.start, m.end, frozenset(m.captured)) for m in pos.legal_moves}

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
        if self.kind == "play":
            return " ".join(f"{m}: {describe(m, pos)}" for m in pos.legal_moves)
        game = self.game
        if self.kind == "penalty" and game.pending is not None:
            offender = game.pending.offender.capitalize()
            chooser = "Black" if offender == "White" else "White"
            return (f"{chooser} chooses: {offender} must take {game.pending.move} back and capture correctly "
                    f"({', '.join(map(str, game.pending.correct))}), or the move stands ({game.pending.rule}).")
        return str(game.result) if game.result else "The game is not over."

    def check(self, answer: str) -> Feedback:
        """Whether ``answer`` is right, with the explanation either way.

        An empty answer, one that is not text, or one longer than
        :data:`MAX_ANSWER` characters is not read; the feedback says why.

        >>> Exercise("W:Wc3:Bd4", "german", "moves").check("").text
        'That is not an answer: In German draughts, which moves are legal? Write them all, separated by commas.'
        """
        if not isinstance(answer, str) or not answer.strip():
            return Feedback(False, f"That is not an answer: {self.question}", read=False)
        if len(answer) > MAX_ANSWER:
            return Feedback(False, f"That answer is too long to read ({len(answer)} characters; "
                                   f"at most {MAX_ANSWER}): {self.question}", read=False)
        if self.kind == "moves":
            return self._check_moves(answer)
        if self.kind == "play":
            return self._check_play(answer)
        given = reading(self.kind, answer)
        if given is None:
            return Feedback(False, f"That answer does not say {_WANTED[self.kind]}: {self.question}", read=False)
        right = given == self.answer.split()[-1] if self.kind == "penalty" else given == self.answer
        return Feedback(right, f"{'Right' if right else 'Not quite'}. {self.explanation()}")

    def _check_play(self, answer: str) -> Feedback:
        pos = self.position
        try:
            move = pos.parse_move(answer.strip().split(",")[0], literal=True)
        except DamlibError as error:
            return Feedback(False, f"Not quite. {error}")
        return Feedback(True, f"Right. {move}: {describe(move, pos)}")

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


_WANTED = {"most": "a number", "crown": "yes or no", "winner": "white, black or draw",
           "penalty": "who wins, or who chooses"}
_NUMBERS = {w: n for n, w in enumerate("zero one two three four five six seven eight nine ten eleven twelve".split())}


def reading(kind: ExerciseKind, answer: str) -> str | None:
    """What a natural answer says, in the words :attr:`Exercise.answer` uses, or ``None``.

    >>> reading("crown", "No, it stays a man"), reading("winner", "Black cannot move, so White wins")
    ('no', 'white')
    >>> reading("most", "three pieces"), reading("penalty", "Black may make White take it back")
    ('3', 'chooses')
    """
    words: list[str] = re.findall(r"[a-z]+|\d+", answer.lower())
    if kind == "most":
        number = next((w for w in words if w.isdigit() or w in _NUMBERS), None)
        return None if number is None else str(_NUMBERS.get(number, number))
    if kind == "crown":
        if words and words[0] in _YES | _NO:
            return "yes" if words[0] in _YES else "no"
        if "king" in words and not _NO & set(words):
            return "yes"
        return "no" if "man" in words or "king" in words else None
    if kind == "penalty":
        if _CHOOSE & set(words):
            return "chooses"
        return "wins" if _LOSE & set(words) else None
    if "draw" in words or "drawn" in words:
        return "draw"
    for i, word in enumerate(words[:-1]):
        # "White wins", "White has won" — and "Black cannot move", "Black lost": the other side
        if word in ("white", "black"):
            after = words[i + 1:i + 4]
            rest = set(after[:next((k for k, w in enumerate(after) if w in ("white", "black")), len(after))])
            if rest & {"wins", "won", "win"}:
                return word
            if rest & {"cannot", "can", "lost", "loses", "lose", "no", "has"} and rest & {"move", "lost", "loses",
                                                                                        "lose", "pieces", "no"}:
                return "black" if word == "white" else "white"
    return next((w for w in words if w in ("white", "black")), None)


#: The class set: several positions per game, one of each kind of question.
GERMAN_DRAW = ("a1-b2", "d8-e7", "b2-a1", "e7-d8", "a1-b2", "d8-e7", "b2-a1", "e7-d8")
RUSSIAN_DRAW = ("e1-f2", "d8-c7", "f2-e1", "c7-d8", "e1-f2", "d8-c7", "f2-e1", "c7-d8")
TURKISH_DRAW = ("b1-b2", "g8-g7", "b2-b1", "g7-g8", "b1-b2", "g8-g7", "b2-b1", "g7-g8")

#: The class set: positions the lessons do not show, at least six a game, every kind of question,
#: kings, draws, penalties and Black to move among them. The answers are the engine's.
EXERCISES: tuple[Exercise, ...] = (
    Exercise("B:Wc1:Bd6,h6", "german", "play", about="DE-MAN-MOVE"),  # Black's men step down the board
    Exercise("W:Wa5:Bf8", "german", "play"),  # on the edge, one square to step to (DE-MAN-MOVE)
    Exercise("B:Wf6,a1:Be5,h8", "german", "play", about="DE-MAN-CAPTURE"),  # a man captures backward
    Exercise("W:WKb2:Bd4,f6,c5,h8", "german", "most", about="DE-KING"),  # a king's long capture
    Exercise("W:Wa3,g1:Bb4,h6", "german", "play", about="DE-MANDATORY"),  # g1 may not step: a3 must take
    Exercise("W:Wf6:Be7,c7,a3", "german", "crown", "f6:d8:b6"),  # DE-PROMOTE-PASS
    Exercise("B:Wb4,c3:Ba5", "german", "winner"),  # Black cannot move (DE-WIN)
    Exercise("W:WKa1:BKd8", "german", "winner", history=GERMAN_DRAW),  # DE-DRAW
    Exercise("W:We5,h2:Bd6,h8", "german", "penalty", history=("h2-g3",)),  # DE-PENALTY
    Exercise("W:WKf4:Bc7,g3,e5", "german", "play"),  # c7, jumped, blocks the way back to g3 (DE-STRIKE)
    Exercise("W:Wf6:Be7,c7,a3", "russian", "crown", "f6:d8:b6"),  # RU-PROMOTE
    Exercise("B:Wd4,f2:Bc5,a7", "russian", "play"),  # down to Black's last rank, not a7's step (DE-MANDATORY)
    Exercise("W:WKh2:Bf4,d4,b6,a7", "russian", "most"),  # DE-MAJORITY with a king
    Exercise("B:Wc3:Bb4", "russian", "winner", history=("b4:d2",)),  # no pieces left (DE-WIN)
    Exercise("W:WKe1:BKd8", "russian", "winner", history=RUSSIAN_DRAW),  # DE-DRAW
    Exercise("W:Wc3,h2:Bd4,f6,h8", "russian", "penalty", history=("h2-g3",)),  # DE-PENALTY
    Exercise("B:Wa2:Bd5,h7", "turkish", "play", about="TR-MAN-MOVE"),  # five ways, down the board
    Exercise("W:Wd4,a2:Bc4,h7", "turkish", "play", about="TR-MAN-CAPTURE"),  # a sideways capture
    Exercise("W:WKd1:Bd4,a7", "turkish", "play", about="TR-KING"),  # up the file, any square beyond
    Exercise("W:WKd2:Ba6,b2,e2,g2", "turkish", "most", about="TR-REMOVE"),  # back over e2's emptied square
    Exercise("W:Wc3,f3:Bc4,c6,f4,h7", "turkish", "most"),  # two up the c-file beat one on the f-file
    Exercise("W:Wb6:Bb7,Kd8", "turkish", "crown", "b6:b8:e8"),  # TR-PROMOTE
    Exercise("W:Wh7:BKh8,g7,f7,Kg8", "turkish", "winner"),  # White cannot move (TR-WIN)
    Exercise("W:WKb1:BKg8", "turkish", "winner", history=TURKISH_DRAW),  # TR-DRAW
    Exercise("W:Wc4,h2:Bc5,a7", "turkish", "penalty", history=("h2-h3",)),  # TR-PENALTY
    Exercise("B:Wc2,d3:Bd4,a6", "turkish", "play", about="TR-MANDATORY"),  # down, then must jump on sideways
)


class AnswerClicks(ClickToMove):
    """Clicks on a "play" question's board that build the move to answer with, and play nothing:
    :attr:`played` holds its text once built. Capture mistakes may be clicked too (referee mode),
    and so may a piece that may not move, so a wrong answer is checked and explained as the same
    move typed would be.

    >>> task = Exercise("W:Wa3,g1:Bb4,h6", "german", "play")
    >>> clicks = AnswerClicks(task.position)
    >>> for square in ("g1", "h2"): clicks.click(square)
    >>> clicks.played, clicks.game.moves
    ('g1-h2', ())
    >>> task.check(clicks.played).text
    'Not quite. g1-h2 is not allowed (DE-MANDATORY): capturing is compulsory, and a3:c5 takes 1 piece.'
    """

    def __init__(self, position: Position) -> None:
        super().__init__(position, referee=True, on_move=self._answer)  # capture mistakes may be clicked too
        #: the text of the move built, once it is complete (else ``None``)
        self.played: str | None = None

    def _answer(self, move: Move | str) -> None:
        """The move clicked, kept as the answer's text; nothing is played."""
        self.played = str(move)
        self.path = []


@dataclass
class Question:
    """One question of a :class:`Quiz` as the learner left it."""

    tries: int = 0
    #: whether the first answer was right (the one that is scored); None until answered
    first: bool | None = None
    #: whether the answer has been shown: answered right, missed twice, or asked for
    revealed: bool = False
    said: str = ""


class Quiz:
    """A class set worked through: the first answer to each question is the one scored; a
    miss says which rule to think of and invites a second try; the answer is shown after a
    second miss or on request. Going back to a question finds it as it was left.

    >>> quiz = Quiz([Exercise("W:Wc3:Bd4", "german", "play"), Exercise("W:We3:Bd4,f4,b6", "german", "most")])
    >>> quiz.answer(1, "three")
    'Not quite — think of DE-MAJORITY: You must take the greatest number of pieces; men and kings count the same. Try once more, or ask for the answer.'
    >>> quiz.answer(1, "2").startswith("Right")
    True
    >>> quiz.score, quiz.to_review()
    ((0, 1), ['DE-MAJORITY'])
    """  # noqa: E501

    def __init__(self, exercises: Iterable[Exercise] = ()) -> None:
        self.exercises = tuple(exercises) or EXERCISES
        if not all(isinstance(e, Exercise) for e in self.exercises):
            raise DamlibError(f"a quiz is made of Exercise values, not {exercises!r}")
        self.questions = [Question() for _ in self.exercises]

    def answer(self, index: int, text: str) -> str:
        """Check the learner's answer to question ``index`` (0 is the first); what to tell them."""
        task, state = self.exercises[index], self.questions[index]
        verdict = task.check(text)
        if not verdict.read:
            state.said = verdict.text  # no try used
            return state.said
        state.tries += 1
        if state.first is None:
            state.first = verdict.correct
        if verdict.correct or state.tries >= 2 or state.revealed:
            state.revealed = True
            state.said = verdict.text if verdict.correct else f"{verdict.text} The answer: {task.answer}."
        else:
            state.said = (f"Not quite — think of {task.rule}: {RULE_TEXT.get(task.rule, '')} "
                          "Try once more, or ask for the answer.").replace(":  ", ". ")
        return state.said

    def reveal(self, index: int) -> str:
        """Show the answer to question ``index``; unanswered, it counts as missed."""
        task, state = self.exercises[index], self.questions[index]
        if state.first is None:
            state.first = False
        state.revealed = True
        state.said = f"The answer: {task.answer}. {task.explanation()}"
        return state.said

    @property
    def score(self) -> tuple[int, int]:
        """(first answers right, questions answered)."""
        answered = [q.first for q in self.questions if q.first is not None]
        return sum(answered), len(answered)

    @property
    def finished(self) -> bool:
        return all(q.first is not None for q in self.questions)

    def to_review(self) -> list[str]:
        """The rules of the questions whose first answer was wrong, each once, in order."""
        return list(dict.fromkeys(t.rule for t, q in zip(self.exercises, self.questions, strict=True)
                                  if q.first is False))


def save_worksheet(exercises: Iterable[Exercise], path: str | Path, *, answers: bool = False,
                   title: str | None = None) -> list[Figure]:
    """Save the exercises as a printable worksheet on as many A4 pages as they need, or with
    ``answers`` as the answer key: see :func:`damlib.drawing.worksheet.save_worksheet`. Returns the pages."""
    from ..drawing.worksheet import save_worksheet as save  # the drawing layer, loaded on first use

    return save(exercises, path, answers=answers, title=title)
