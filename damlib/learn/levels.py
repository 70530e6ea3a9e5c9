"""Levels: one goal on one position, played move by move with feedback, hints and stars."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from .. import hints
from ..errors import DamlibError
from ..game import Game
from ..position import Move, Position
from ..referee import explain
from ..variants import RULE_TEXT, Rules

#: What completes a level on its last move: exactly the solution's move (by any route), any
#: move that crowns a man, or any move that wins (or draws) the game.
Accept = Literal["solution", "king", "win", "draw"]
#: The learner's choice after the opponent's capture mistake, in a referee level (DE-PENALTY).
CHOICES = ("take back", "let stand")


@dataclass(frozen=True)
class Feedback:
    """What a learner reads after a move: whether it was right, whether the level is done,
    the message, and the rule behind a refusal (else ``None``)."""

    ok: bool
    done: bool
    message: str
    rule: str | None = None


@dataclass(frozen=True)
class Level:
    """A goal in a sentence on a start position, completed by the learner's ``solution`` moves
    (move text, or a choice of :data:`CHOICES`); ``replies`` are the other side's moves after
    each of the learner's but the last ("" for none: after "let stand" the learner moves again).
    The engine checks the solution when a level is made.

    >>> from damlib import GERMAN
    >>> level = Level("de-majority-x", GERMAN, "DE-MAJORITY", "Capture as many pieces as the rules require.",
    ...               "W:We3:Bd4,f4,b6", ("e3:c5:a7",))
    >>> attempt = level.attempt()
    >>> attempt.play("e3:g5").rule
    'DE-MAJORITY'
    >>> feedback = attempt.play("e3:c5:a7")
    >>> feedback.ok, feedback.done, attempt.stars
    (True, True, 2)
    """

    id: str
    game: Rules
    rule: str
    goal: str
    fen: str
    solution: tuple[str, ...]
    replies: tuple[str, ...] = ()
    accept: Accept = "solution"
    referee: bool = False
    par: int = field(default=0)

    def __post_init__(self) -> None:
        if self.rule not in RULE_TEXT:
            raise DamlibError(f"level {self.id}: unknown rule {self.rule!r}")
        if not self.solution or len(self.replies) != len(self.solution) - 1:
            raise DamlibError(f"level {self.id}: one reply is needed after each of the learner's moves but the last")
        if not self.par:
            object.__setattr__(self, "par", len(self.solution))
        attempt = self.attempt()
        for move in self.solution:
            feedback = attempt.play(move)
            if not feedback.ok:
                raise DamlibError(f"level {self.id}: its solution fails at {move}: {feedback.message}")
        if not attempt.done:
            raise DamlibError(f"level {self.id}: its solution does not complete it")

    @property
    def start(self) -> Position:
        """The level's start position."""
        return Position.from_fen(self.fen, self.game)

    def attempt(self) -> Attempt:
        """A fresh try at this level."""
        return Attempt(self)


class Attempt:
    """A learner's try at a :class:`Level`: moves in, feedback out. A refused move changes nothing."""

    def __init__(self, level: Level) -> None:
        self.level = level
        self.game = Game(level.start, referee=level.referee)
        self.side = self.game.position.turn
        #: how many of the solution's moves have been played
        self.step = 0
        #: the rule ID (or None) of each refused move, in order
        self.mistakes: list[str | None] = []
        self._hints_given = 0  # at this step
        self.hints_used = 0
        #: the squares the last hint or threat points at, for the board to mark (none after a move)
        self.marked: tuple[str, ...] = ()
        self.done = False
        #: how many of the mistakes a Progress has counted already (it counts each once)
        self.recorded = 0

    def __repr__(self) -> str:
        return f"<Attempt {self.level.id}: {self.step} of {len(self.level.solution)} moves>"

    @property
    def position(self) -> Position:
        return self.game.position

    @property
    def stars(self) -> int:
        """0 until done; then 3 for no move tried beyond par and no hint, 2 for one, 1 for more."""
        if not self.done:
            return 0
        extra = len(self.mistakes) + self.hints_used + max(0, self.step - self.level.par)
        return 3 if extra == 0 else 2 if extra == 1 else 1

    def hint(self) -> str:
        """The next hint for this move: first which piece, then where it goes and why (see
        :func:`damlib.hints.hint`); :attr:`marked` holds the squares it points at."""
        if self.done:
            self.marked = ()
            return "This level is done."
        expected = self._expected()
        self.hints_used += 1
        self._hints_given += 1
        if isinstance(expected, str):
            self.marked = ()
            return f"Choose: {expected}." if self._hints_given > 1 else "Decide what to do about the mistake."
        if self._hints_given == 1:
            self.marked = (expected.start,)
            piece = self.position.piece_at(expected.start)
            noun = "king" if piece is not None and piece.is_king else "man"
            return f"Look at the {noun} on {expected.start}."
        found = hints.hint(self.position, self.game.positions[:-1], move=expected)
        self.marked = found.squares
        return str(found)

    def threat(self) -> str:
        """What the other side would play if it were its move now (see :func:`damlib.hints.threat`);
        :attr:`marked` holds its squares. It costs no star: it shows the position, not the answer."""
        if self.done or self.game.pending is not None:
            self.marked = ()
            return "This level is done." if self.done else f"First choose: {' or '.join(CHOICES)}."
        found = hints.threat(self.position)
        self.marked = found.squares if found is not None else ()
        return str(found) if found is not None else "The other side would have no move at all."

    def play(self, move: Move | str) -> Feedback:
        """Try ``move`` (a :class:`~damlib.Move`, move text, or a choice after a mistake)."""
        if self.done:
            return Feedback(False, True, "This level is done: go on to the next one.")
        expected = self._expected()
        if isinstance(move, str) and move.strip().lower() in CHOICES:
            return self._choose(move.strip().lower(), expected)
        waiting = self.game.pending
        if waiting is not None:
            return self._refuse(f"First choose: {' or '.join(CHOICES)} ({waiting.rule}).", waiting.rule)
        before = len(self.game.moves)
        self.marked = ()
        try:
            played = self.game.play(move)
        except DamlibError as error:
            text = str(move) if isinstance(move, Move) else move
            message = explain(self.position, text) if isinstance(text, str) else str(error)
            return self._refuse(message, getattr(error, "rule", None))
        outcome, pending = self.game.result, self.game.pending
        if pending is not None or outcome and outcome.winner not in (None, self.side):
            # a capture mistake let through in referee mode: show what it costs, then take it back
            if outcome is not None:
                why, rule = str(outcome), outcome.rule
            else:
                assert pending is not None
                why, rule = f"the opponent may make you take it back ({pending.rule})", pending.rule
            self._rewind(before)
            return self._refuse(f"{played} is a capture mistake: {why}", rule)
        if not self._accepted(played, expected):
            self._rewind(before)
            return self._refuse(f"{played} is legal, but it does not reach the goal: {self.level.goal}", None)
        return self._advance(f"{played}: right.")

    # -- inside -------------------------------------------------------------------

    def _expected(self) -> Move | str:
        text = self.level.solution[self.step]
        return text if text in CHOICES else self.position.parse_move(text)

    def _final(self) -> bool:
        return self.step == len(self.level.solution) - 1

    def _accepted(self, played: Move, expected: Move | str) -> bool:
        if played == expected:
            return True
        if not self._final():
            return False
        result = self.game.result
        return (self.level.accept == "king" and played.promotes
                or self.level.accept == "win" and result is not None and result.winner == self.side
                or self.level.accept == "draw" and result is not None and result.winner is None)

    def _choose(self, choice: str, expected: Move | str) -> Feedback:
        pending = self.game.pending
        if pending is None:
            return self._refuse("There is no capture mistake to rule on.", None)
        if choice != expected:
            return self._refuse(f"You may {choice}, but the goal is: {self.level.goal}", pending.rule)
        (self.game.take_back if choice == "take back" else self.game.let_stand)()
        return self._advance(f"You chose: {choice} ({pending.rule}).")  # "let stand": the learner moves next

    def _advance(self, said: str) -> Feedback:
        self.step += 1
        self._hints_given = 0
        if self.step == len(self.level.solution):
            self.done = True
            return Feedback(True, True, f"{said} Done ✔ — {self.level.goal}")
        text = self.level.replies[self.step - 1]
        if not text:
            return Feedback(True, False, f"{said} Your move.")
        reply = self.game.play(text)
        return Feedback(True, False, f"{said} {self.game.positions[-2].turn.capitalize()} answers {reply}.")

    def _rewind(self, moves: int) -> None:
        while len(self.game.moves) > moves:
            self.game.undo()

    def _refuse(self, message: str, rule: str | None) -> Feedback:
        self.mistakes.append(rule)
        return Feedback(False, False, message, rule)
