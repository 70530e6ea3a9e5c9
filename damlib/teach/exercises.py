"""Exercises for a class: a position, a question, and a checker that explains.

The right answer is never typed in: the engine works it out from the position,
and the explanation cites the rule by its ID — a rule that decides the answer: with
that rule taken out of the game's :class:`~damlib.engine.variants.Rules`, the answer would
differ (see :attr:`Exercise.rule`).

>>> from damlib.exercises import Exercise
>>> task = Exercise("W:We3:Bd4,f4,b6", "german", "most")
>>> task.question
'In German draughts, how many pieces does a best capture take?'
>>> task.check("1").correct, task.check("2").correct
(False, True)
>>> task.check("1").text
'Not quite. The best capture, e3:c5:a7, takes 2 pieces — you must take the most (DE-MAJORITY).'
"""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Literal, get_args

from ..engine import language
from ..engine.errors import DamlibError, shown
from ..engine.notation import numbered_moves
from ..engine.position import Move, Position, Variant
from ..engine.variants import RULE_TEXT, Rules, Topic, game_name, rule_sentence
from ..engine.variants import rules as _rules
from ..play.clicks import ClickToMove
from ..play.game import Game
from ..play.referee import describe, forbidden_captures

#: The kinds of question; every one names its game, whose rules decide the answer (the
#: questions are ``question-<kind>`` in :data:`TEXTS`).
ExerciseKind = Literal["play", "moves", "most", "crown", "winner", "penalty"]
#: :data:`ExerciseKind`'s kinds, in order, to check and list at run time
QUESTIONS: tuple[ExerciseKind, ...] = get_args(ExerciseKind)

#: Answers longer than this get a short "too long" feedback instead of being read:
#: every legal move of a full board, written out, fits in far less.
MAX_ANSWER = 2000
#: How many wrong moves of one answer are explained; the rest are only counted.
MAX_EXPLAINED = 5

#: Every sentence a learner or teacher reads here, whole, with named placeholders: ``{game}`` a
#: game's name ("German draughts"), ``{move}`` move text, ``{moves}`` the moves played before the
#: question ("1. a1-b2 d8-e7"), ``{rule}`` a rule ID, ``{what}`` what a move does (the referee's
#: sentence), ``{question}`` the question, ``{explanation}`` why the answer is right.
TEXTS: dict[str, str] = {
    # the questions; "-after": asked after the moves {moves} were played from the position
    "question-play-white": "White to move in {game}: play a move the rules allow.",
    "question-play-black": "Black to move in {game}: play a move the rules allow.",
    "question-play-white-after": "After {moves}: white to move in {game}: play a move the rules allow.",
    "question-play-black-after": "After {moves}: black to move in {game}: play a move the rules allow.",
    "question-moves": "In {game}, which moves are legal? Write them all, separated by commas.",
    "question-moves-after": "After {moves}: in {game}, which moves are legal? Write them all, separated by commas.",
    "question-most": "In {game}, how many pieces does a best capture take?",
    "question-most-after": "After {moves}: in {game}, how many pieces does a best capture take?",
    "question-crown": "In {game}, after the move {move}, is the moving piece a king?",
    "question-crown-after": "After {moves}: in {game}, after the move {move}, is the moving piece a king?",
    "question-winner": "This game of {game} is over. Who won: white, black, or is it a draw?",
    "question-winner-after": "After {moves}: this game of {game} is over. Who won: white, black, or is it a draw?",
    "question-penalty-white": "In {game}, White has just made a capture mistake, {move}. What happens now?",
    "question-penalty-black": "In {game}, Black has just made a capture mistake, {move}. What happens now?",
    # the right answers, as a learner would write them (the words below read them back)
    "answer-yes": "yes",
    "answer-no": "no",
    "answer-white": "white",
    "answer-black": "black",
    "answer-draw": "draw",
    "answer-white-wins": "white wins",
    "answer-black-wins": "black wins",
    "answer-white-chooses": "white chooses",
    "answer-black-chooses": "black chooses",
    # the moves allowed, one by one: "e3:c5:a7 or e3:g5 or …"
    "answer-or": "{moves} or {move}",
    # why the answer is right
    "no-capture": "There is no capture here ({rule} does not apply).",
    "best-capture-one": "The best capture, {move}, takes {count} piece — you must take the most ({rule}).",
    "best-capture-other": "The best capture, {move}, takes {count} pieces — you must take the most ({rule}).",
    # several captures take the most, each a different set of pieces: {moves} names one of each
    "best-captures-one": "A best capture takes {count} piece, and there are several: {moves}. You must take the "
                         "most ({rule}) and may choose among these.",
    "best-captures-other": "A best capture takes {count} pieces, and there are several: {moves}. You must take the "
                           "most ({rule}) and may choose among these.",
    # no capture takes fewer than another ({moves}: one of each set of pieces taken)
    "every-capture-one": "Every capture here takes {count} piece: {moves}.",
    "every-capture-other": "Every capture here takes {count} pieces: {moves}. A piece that can jump on must, "
                           "so none may stop sooner ({rule}).",
    # the one legal move is a capture
    "only-capture-one": "The only capture, {move}, takes {count} piece.",
    "only-capture-other": "The only capture, {move}, takes {count} pieces: a piece that can jump on must, so it "
                          "may not stop sooner ({rule}).",
    # a capture and the pieces it takes: "h2:c7:a5 (f4, b6)"
    "capture-taking": "{move} ({captured})",
    "crown-explained": "In {move} {what}",
    "move-explained": "{move}: {what}",
    "penalty-explained-white": "Black chooses: White must take {move} back and capture correctly ({correct}), "
                               "or the move stands ({rule}).",
    "penalty-explained-black": "White chooses: Black must take {move} back and capture correctly ({correct}), "
                               "or the move stands ({rule}).",
    "not-over": "The game is not over.",
    # the feedback on an answer
    "no-answer": "That is not an answer: {question}",
    "too-long-one": "That answer is too long to read ({count} character; at most {most}): {question}",
    "too-long-other": "That answer is too long to read ({count} characters; at most {most}): {question}",
    "unread-most": "That answer does not say a number: {question}",
    "unread-crown": "That answer does not say yes or no: {question}",
    "unread-winner": "That answer does not say white, black or draw: {question}",
    "unread-penalty": "That answer does not say who wins, or who chooses: {question}",
    "right": "Right. {explanation}",
    "not-quite": "Not quite. {explanation}",
    "right-all-one": "Right: the only legal move. {explanation}",
    "right-all-other": "Right: all {count} legal moves. {explanation}",
    "more-wrong-one": "({count} more not allowed.)",
    "more-wrong-other": "({count} more not allowed.)",
    "missed": "You missed {move}: {what}",
    # a quiz: {said} the feedback, {text} the rule's sentence
    "with-answer": "{said} The answer: {answer}.",
    "think-of": "Not quite — think of {rule}: {text} Try once more, or ask for the answer.",
    "think-of-published": "Not quite — think of {rule}. Try once more, or ask for the answer.",
    "reveal": "The answer: {answer}. {explanation}",
    # a position that cannot be the question asked ({kind} is the kind's name, 'play', untranslated)
    "crown-needs-move": "a 'crown' exercise needs a move, and only it does",
    "needs-finished": "a 'winner' exercise needs a finished game; {fen} is not over",
    "needs-mistake": "a 'penalty' exercise needs a history that ends with a capture mistake",
    "needs-move": "a {kind} exercise needs a position with a move to play",
    "not-deciding": "{rule} does not decide this question: without it the answer would be the same",
    # The words a learner's answer is read by, separated by spaces, in lower case: a translation
    # lists its own language's (English is always read as well, and so are the answers above).
    "read-yes": "yes y yeah yep",
    "read-no": "no n nope not",
    "read-king": "king kings",
    "read-man": "man men",
    "read-choose": "choose chooses choice decide decides take back let stand",
    "read-win-or-lose": "lose loses lost win wins won loss",
    "read-draw": "draw drawn",
    "read-white": "white whites",
    "read-black": "black blacks",
    # after a side's name: it has won ...
    "read-won": "wins won win",
    # ... or it has lost: a word of the first list and one of the second ("cannot move", "has no pieces")
    "read-lost-first": "cannot can lost loses lose no has",
    "read-lost-second": "move lost loses lose pieces no",
    # the numbers 0 to 12 in words, in order, separated by commas (a number may take two words: "dek du";
    # its forms, where it has several, are separated by "/": Russian "один/одна/одну")
    "read-numbers": "zero, one, two, three, four, five, six, seven, eight, nine, ten, eleven, twelve",
    # a bad argument: {keyword} its Python name, {kind} a type's, {value} what was given
    # {known} the kinds there are, {kind} a question's kind, as code writes them
    "unknown-kind": "unknown exercise kind {value}; use one of {known}",
    "not-about": "{keyword} must be a rule ID like 'DE-STRIKE', not {value}",
    "not-history": "{keyword} must be a tuple of move texts, not {value}",
    "moves-only": "a {kind} question is answered with moves, not words",
    "no-move": "a {kind} exercise asks about no move",
    "not-quiz": "a quiz is made of {kind} values, not {value}",
}

#: the sentence of :data:`TEXTS` under a key, its placeholders filled
say = language.sayer(TEXTS)


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
    "most": ("majority", "mandatory", "removal", "promote-mid", "king", "man-capture"),
    "crown": ("promote-mid", "promote"),
    "penalty": ("penalty",),
}


@dataclass(frozen=True)
class Verdict:
    """The verdict on an answer, and the explanation with the rule ID. ``read`` is False for
    text that was not read as an answer at all (empty, too long, or saying nothing asked)."""

    correct: bool
    text: str
    read: bool = True


@dataclass(frozen=True)
class Exercise:
    """One question on one position.

    ``kind`` is one of :data:`QUESTIONS`: ``"play"`` (play a move the rules allow),
    ``"moves"`` (list the legal moves), ``"most"`` (how many pieces a best capture
    takes), ``"crown"`` (is the piece a king after ``move``), ``"winner"`` (who won the
    finished game), ``"penalty"`` (what happens after the capture mistake just made).
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
            raise DamlibError(say("unknown-kind", value=shown(self.kind), known=", ".join(QUESTIONS)))
        if self.about is not None and self.about not in RULE_TEXT:
            raise DamlibError(say("not-about", keyword="about", value=shown(self.about)))
        if not isinstance(self.history, tuple) or not all(isinstance(m, str) for m in self.history):
            raise DamlibError(say("not-history", keyword="history", value=shown(self.history)))
        game = self.game  # a bad FEN, variant or history raises its damlib error
        if (self.kind == "crown") != (self.move is not None):
            raise DamlibError(say("crown-needs-move"))
        if self.move is not None:
            self.position.parse_move(self.move, literal=True)  # a move that is not legal here is a broken exercise
        if self.kind == "winner" and game.result is None:
            raise DamlibError(say("needs-finished", fen=self.fen))
        punished = game.pending or game.result and game.result.rule == self.rules.cite("penalty")
        if self.kind == "penalty" and not punished:
            raise DamlibError(say("needs-mistake"))
        if self.kind in ("play", "moves", "most", "crown") and game.legal_moves == ():
            raise DamlibError(say("needs-move", kind=repr(self.kind)))
        if self.about is not None and self.about not in self._deciding():
            # an answer key citing it would send a learner to a rule that changes nothing here
            raise DamlibError(say("not-deciding", rule=self.about))

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
        game = game_name(self.rules)
        if self.kind == "penalty":
            return say(f"question-penalty-{self.position.turn}", game=game, move=self.game.moves[-1])
        key = f"question-play-{self.position.turn}" if self.kind == "play" else f"question-{self.kind}"
        return self.asked(key, TEXTS, game=game, move=self.move)

    def asked(self, key: str, texts: Mapping[str, str], **fields: object) -> str:
        """The question ``key`` of ``texts``, or, after moves played before it, its whole
        template ``<key>-after``, the moves in ``{moves}`` ("After 1. a1-b2 …: who won?")."""
        if not self.history:
            return language.say(key, texts, **fields)
        moves = numbered_moves(self.history, white_first=self.game.positions[0].turn == "white")
        return language.say(f"{key}-after", texts, moves=moves, **fields)

    @property
    def answer(self) -> str:
        """The right answer, as a learner would write it."""
        pos = self.position
        if self.kind == "moves":
            return ", ".join(str(m) for m in pos.legal_moves)
        if self.kind == "play":
            return functools.reduce(lambda moves, move: say("answer-or", moves=moves, move=move),
                                    (str(m) for m in pos.legal_moves))
        if self.kind == "most":
            return self._expected
        return say(f"answer-{self._expected.replace(' ', '-')}")

    @property
    def deciding(self) -> tuple[str, ...]:
        """Every rule that decides the answer, :attr:`rule` first: any of them is a right answer
        where a worksheet asks which rule decides.

        >>> Exercise("W:WKf4:Bc7,g3,e5", "german", "play").deciding
        ('DE-STRIKE', 'DE-MAJORITY', 'DE-MANDATORY', 'DE-KING')
        """
        return tuple(dict.fromkeys((self.rule, *self._deciding())))

    @property
    def _expected(self) -> str:
        """The right answer to a question answered in words, as :func:`reading` reads it: a
        number, "yes" or "no", "white", "black" or "draw", "<side> wins" or "<side> chooses"."""
        pos = self.position
        if self.kind == "most":
            return str(len(pos.legal_moves[0].captured)) if pos.must_capture else "0"
        if self.kind == "crown":
            return "yes" if self._ends_as_king() else "no"
        if self.kind == "penalty":
            other = "black" if pos.turn == "white" else "white"
            return f"{other} wins" if self.rules.penalty == "loss" else f"{other} chooses"
        if self.kind != "winner":
            raise DamlibError(say("moves-only", kind=repr(self.kind)))
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
            return pos.must_capture and bool(pos.steps() or any(len(m.captured) > 1 for m in pos.legal_moves))
        if topic == "promote":
            # no field holds it: without it a man that ends its move on the last rank stays a man
            move = self._move()
            return move.promotes and not any(s in pos.last_rank for s in move.path[1:-1])
        return self._answer_under(_WITHOUT[topic](rules)) != self._answer_under(rules)

    def _answer_under(self, rules: Rules) -> object:
        """The answer were the game played by ``rules`` (the majority rule kept, so that no
        capture is walked route by route): the moves a learner may write, the number of
        pieces the captures take, whether the move asked about ends as a king (``None``: it is
        not allowed), or what the capture mistake costs."""
        if self.kind == "penalty":
            start = Position.from_fen(self.fen, self.variant)
            game = Game(start.with_rules(rules), referee=True)
            for played in self.history:
                game.play(played)
            return game.result.winner if game.result else "chooses"
        pos = self.position.with_rules(rules)
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
            raise DamlibError(say("no-move", kind=repr(self.kind)))
        return self.position.parse_move(self.move, literal=True)

    def _ends_as_king(self) -> bool:
        move = self._move()
        return move.promotes or self.position.pieces[move.start].is_king

    def explanation(self) -> str:
        """Why the right answer is right, citing the rules."""
        pos = self.position
        if self.kind in ("moves", "play"):
            return " ".join(say("move-explained", move=m, what=describe(m, pos)) for m in pos.legal_moves)
        if self.kind == "most":
            if not pos.must_capture:
                return say("no-capture", rule=pos.rules.cite("mandatory"))
            shown = different_captures(pos)
            count = len(shown[0].captured)
            moves = functools.reduce(lambda said, move: say("answer-or", moves=said, move=move),
                                     (say("capture-taking", move=m, captured=", ".join(m.captured)) for m in shown))
            if not self._decides("majority"):
                # no capture takes fewer: what keeps the count up is jumping on (or nothing, for one piece)
                key = "only-capture" if len(pos.legal_moves) == 1 else "every-capture"
                return language.counted(key, count, TEXTS, move=shown[0], moves=moves, rule=pos.rules.cite("mandatory"))
            return language.counted("best-capture" if len(shown) == 1 else "best-captures", count, TEXTS,
                                    move=shown[0], moves=moves, rule=pos.rules.rule_id("majority"))
        if self.kind == "crown":
            return say("crown-explained", move=self.move, what=describe(self._move(), pos))
        game = self.game
        if self.kind == "penalty" and game.pending is not None:
            pending = game.pending
            return say(f"penalty-explained-{pending.offender}", move=pending.move,
                       correct=", ".join(map(str, pending.correct)), rule=pending.rule)
        return str(game.result) if game.result else say("not-over")

    def check(self, answer: str) -> Verdict:
        """Whether ``answer`` is right, with the explanation either way.

        An empty answer, one that is not text, or one longer than
        :data:`MAX_ANSWER` characters is not read; the feedback says why.

        >>> Exercise("W:Wc3:Bd4", "german", "moves").check("").text
        'That is not an answer: In German draughts, which moves are legal? Write them all, separated by commas.'
        """
        if not isinstance(answer, str) or not answer.strip():
            return Verdict(False, say("no-answer", question=self.question), read=False)
        if len(answer) > MAX_ANSWER:
            return Verdict(False, language.counted("too-long", len(answer), TEXTS, most=MAX_ANSWER,
                                                    question=self.question), read=False)
        if self.kind == "moves":
            return self._check_moves(answer)
        if self.kind == "play":
            return self._check_play(answer)
        given = reading(self.kind, answer)
        if given is None:
            return Verdict(False, say(f"unread-{self.kind}", question=self.question), read=False)
        right = given == self._expected.split()[-1] if self.kind == "penalty" else given == self._expected
        return Verdict(right, say("right" if right else "not-quite", explanation=self.explanation()))

    def _check_play(self, answer: str) -> Verdict:
        pos = self.position
        # the first move named: an answer copied as shown ("d6-c5 or d6-e5", in any language) is
        # read too; text that names none is refused saying why
        named = re.findall(r"[a-z][0-9]+(?:[-:x×][a-z][0-9]+)+", answer.lower())
        try:
            move = pos.parse_move(named[0] if named else answer.strip(), literal=True)
        except DamlibError as error:
            return Verdict(False, say("not-quite", explanation=error))
        return Verdict(True, say("right", explanation=say("move-explained", move=move, what=describe(move, pos))))

    def _check_moves(self, answer: str) -> Verdict:
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
            return Verdict(True, language.counted("right-all", len(named), TEXTS, explanation=self.explanation()))
        more = len(wrong) - MAX_EXPLAINED
        parts = wrong[:MAX_EXPLAINED] + ([language.counted("more-wrong", more, TEXTS)] if more > 0 else [])
        parts += [say("missed", move=m, what=describe(m, pos)) for m in missing]
        return Verdict(False, say("not-quite", explanation=" ".join(parts)))


def _words(*keys: str) -> set[str]:
    """The words of the :data:`TEXTS` under ``keys``, in English and in the language spoken."""
    return {word for key in keys for text in (TEXTS[key], say(key)) for word in text.lower().split()}


def _numbers() -> dict[str, int]:
    """The numbers 0 to 12 in words, in English and in the language spoken (one or two words, in
    each of their forms)."""
    return {" ".join(form.split()): n for text in (TEXTS["read-numbers"], say("read-numbers"))
            for n, forms in enumerate(text.lower().split(",")[:13]) for form in forms.split("/")}


def reading(kind: ExerciseKind, answer: str) -> str | None:
    """What a natural answer says, in the words :attr:`Exercise.answer` uses, or ``None``.

    >>> reading("crown", "No, it stays a man"), reading("winner", "Black cannot move, so White wins")
    ('no', 'white')
    >>> reading("most", "three pieces"), reading("penalty", "Black may make White take it back")
    ('3', 'chooses')
    """
    words: list[str] = re.findall(r"[^\W\d_]+|\d+", answer.lower())
    if kind == "most":
        numbers = _numbers()
        for at, word in enumerate(words):
            pair = " ".join(words[at:at + 2])  # "dek du" before "dek"
            if pair in numbers or word.isdigit() or word in numbers:
                return str(numbers.get(pair, numbers.get(word, word)))
        return None
    if kind == "crown":
        yes, no = _words("read-yes", "answer-yes"), _words("read-no", "answer-no")
        king, man = _words("read-king"), _words("read-man")
        if words and words[0] in yes | no:
            return "yes" if words[0] in yes else "no"
        if king & set(words) and not no & set(words):
            return "yes"
        return "no" if (man | king) & set(words) else None
    if kind == "penalty":
        # the words of the answers themselves read too: those one answer has and the other not
        chooses, wins = _words("answer-white-chooses", "answer-black-chooses"), _words("answer-white-wins",
                                                                                       "answer-black-wins")
        if (_words("read-choose") | chooses - wins) & set(words):
            return "chooses"
        return "wins" if (_words("read-win-or-lose") | wins - chooses) & set(words) else None
    if _words("read-draw", "answer-draw") & set(words):
        return "draw"
    sides = {word: side for side in ("white", "black") for word in _words(f"read-{side}", f"answer-{side}")}
    won, lost_first, lost_second = _words("read-won"), _words("read-lost-first"), _words("read-lost-second")
    for i, word in enumerate(words[:-1]):
        # "White wins", "White has won" — and "Black cannot move", "Black lost": the other side
        if word in sides:
            after = words[i + 1:i + 4]
            rest = set(after[:next((k for k, w in enumerate(after) if w in sides), len(after))])
            if rest & won:
                return sides[word]
            if rest & lost_first and rest & lost_second:
                return "black" if sides[word] == "white" else "white"
    return next((sides[w] for w in words if w in sides), None)


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


def different_captures(position: Position) -> tuple[Move, ...]:
    """The legal captures of ``position``, one for each different set of pieces taken (a king's
    landings after the same jumps are one): what an answer key draws and names.

    >>> [str(m) for m in different_captures(Position.from_fen("W:WKh2:Bf4,d4,b6,a7", "russian"))]
    ['h2:e5:c3', 'h2:c7:a5']
    """
    first: dict[frozenset[str], Move] = {}
    for move in position.legal_moves:
        if move.captured:
            first.setdefault(frozenset(move.captured), move)
    return tuple(first.values())


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
            raise DamlibError(say("not-quiz", kind="Exercise", value=repr(exercises)))
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
            state.said = verdict.text if verdict.correct else say("with-answer", said=verdict.text, answer=task.answer)
        elif task.rule in RULE_TEXT:
            state.said = say("think-of", rule=task.rule, text=rule_sentence(task.rule))
        else:
            state.said = say("think-of-published", rule=task.rule)
        return state.said

    def reveal(self, index: int) -> str:
        """Show the answer to question ``index``; unanswered, it counts as missed."""
        task, state = self.exercises[index], self.questions[index]
        if state.first is None:
            state.first = False
        state.revealed = True
        state.said = say("reveal", answer=task.answer, explanation=task.explanation())
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

