"""A game: the positions played so far, undo, and the result.

>>> from damlib import Game
>>> game = Game("russian")
>>> game.play("c3-d4")
Move('c3-d4')
>>> game.undo()
Move('c3-d4')
>>> game.moves
()
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..engine import language
from ..engine.errors import DamlibError, GameOverError, IllegalMoveError, shown, told
from ..engine.notation import Color
from ..engine.position import Move, Position, Variant
from ..engine.variants import PUBLISHED, Rules
from ..engine.variants import rules as _rules

#: Every sentence this module says, whole. ``{rule}`` is a rule ID (or the published rules),
#: ``{move}`` and ``{correct}`` move text; a side is never a word put into a sentence: each side
#: has its own template.
TEXTS: dict[str, str] = {
    # a result: who won (or a draw), why, and the rule
    "white-wins": "White wins: {reason} ({rule}).",
    "black-wins": "Black wins: {reason} ({rule}).",
    "draw": "Draw: {reason} ({rule}).",
    # why, said after the colon of a result
    "no-pieces-white": "White has no pieces left",
    "no-pieces-black": "Black has no pieces left",
    "cannot-move-white": "White cannot move",
    "cannot-move-black": "Black cannot move",
    "repeated": "the same position has occurred three times",
    "mistake-white": "White made a capture mistake, {move} instead of {correct}",
    "mistake-black": "Black made a capture mistake, {move} instead of {correct}",
    # a move refused, or an action with nothing to act on
    "over": "the game is over: {result}",
    "choose-first-white": "White must first choose: take_back() the mistaken move {move} or let_stand() it ({rule})",
    "choose-first-black": "Black must first choose: take_back() the mistaken move {move} or let_stand() it ({rule})",
    "no-pieces": "a game needs pieces on the board; {fen} has none",
    "no-undo": "there is no move to undo",
    "no-mistake": "there is no capture mistake to rule on",
}
say = language.sayer(TEXTS)

#: The state of a position whose capture mistake was taken back: the offender must
#: now play a correct capture, even in referee mode (DE-PENALTY).
TAKEN_BACK = "taken back"


@dataclass(frozen=True)
class Result:
    """How a game ended: the winner (``None`` for a draw), why, and the rule
    (``None`` for a game that has no rule ID on it)."""

    winner: Color | None
    reason: str
    rule: str | None

    def __str__(self) -> str:
        return say(f"{self.winner}-wins" if self.winner else "draw", reason=self.reason, rule=self.rule or PUBLISHED)


@dataclass(frozen=True)
class _Forfeit:
    """A capture mistake that lost at once (TR-PENALTY): its :class:`Result` is said when it is
    read, in the language chosen then."""

    offender: Color
    mistake: Move
    correct: Move
    rule: str | None

    def result(self) -> Result:
        winner: Color = "black" if self.offender == "white" else "white"
        return Result(winner, say(f"mistake-{self.offender}", move=self.mistake, correct=self.correct), self.rule)


@dataclass(frozen=True)
class Penalty:
    """A capture mistake let through in referee mode, awaiting the opponent's choice.

    ``move`` is the mistaken move, ``offender`` who made it, ``correct`` the
    legal moves they should have chosen from (DE-PENALTY).
    """

    move: Move
    offender: Color
    correct: tuple[Move, ...]
    rule: str | None


class Game:
    """A game in progress, from the start or from a given :class:`Position`.

    With ``referee=True`` a move that breaks only the capture rules (not
    capturing, stopping early, or taking fewer than the most) is let through
    and punished as the rules say: in German and Russian the opponent then
    chooses with :meth:`take_back` or :meth:`let_stand` (DE-PENALTY); in
    Turkish the offender loses at once (TR-PENALTY). Every other illegal move
    is refused, and a refused move changes nothing.

    In referee mode move text means exactly the step, or the jumps, it names
    (:meth:`Position.parse_move` with ``literal``): ``d4:d7`` is one jump onto d7,
    even where it could be shorthand for a longer legal capture ending there.
    Outside referee mode the same text is read as that legal capture.

    >>> start = Position.from_fen("W:WKd4:Bd6,d2", "turkish")
    >>> Game(start).play("d4:d7")
    Move('d4:d1:d7')
    >>> game = Game(start, referee=True)
    >>> game.play("d4:d7"), game.result.winner
    (Move('d4:d7'), 'black')

    A game starts from a position with pieces on the board; an empty board has
    no game (nobody to move and nobody to win) and is refused.
    """

    def __init__(self, start: Variant | Position = "german", *, referee: bool = False) -> None:
        if not isinstance(referee, bool):
            raise DamlibError(told("not-flag", keyword="referee", value=shown(referee)))
        self.referee = referee
        first = start if isinstance(start, Position) else Position.start(_rules(start))
        if not any(first.board):
            raise DamlibError(say("no-pieces", fen=first.fen))
        self._positions: list[Position] = [first]
        self._seen: Counter[Position] = Counter(self._positions)  # how often each position has been on the board
        self._moves: list[Move] = []
        #: one entry per position: a capture mistake awaiting the opponent's choice, the
        #: capture mistake that lost at once, TAKEN_BACK after a take-back, or None
        self._states: list[Penalty | _Forfeit | str | None] = [None]

    @property
    def rules(self) -> Rules:
        """The rules the game is played by."""
        return self.position.rules

    @property
    def position(self) -> Position:
        """The current position."""
        return self._positions[-1]

    @property
    def positions(self) -> tuple[Position, ...]:
        """Every position of the game so far, the start first."""
        return tuple(self._positions)

    @property
    def moves(self) -> tuple[Move, ...]:
        """The moves played so far."""
        return tuple(self._moves)

    @property
    def pending(self) -> Penalty | None:
        """The capture mistake awaiting the opponent's choice, if any (DE-PENALTY)."""
        state = self._states[-1]
        return state if isinstance(state, Penalty) else None

    @property
    def mistakes_allowed(self) -> bool:
        """Whether a capture mistake may be played now: in referee mode, except right after
        a take-back, when the offender must capture correctly (DE-PENALTY)."""
        return self.referee and self._states[-1] != TAKEN_BACK and not self.result and not self.pending

    @property
    def legal_moves(self) -> tuple[Move, ...]:
        """The moves that may be played now: none once the game is over or a choice is pending."""
        if self.result or self.pending:
            return ()
        return self.position.legal_moves

    @property
    def result(self) -> Result | None:
        """``None`` while the game goes on, else who won or a draw, why, and the rule ID."""
        state = self._states[-1]
        if isinstance(state, _Forfeit):
            return state.result()
        if isinstance(state, Penalty):
            return None  # the opponent has yet to choose: the game is not decided
        pos = self.position
        side: Color = pos.turn
        other: Color = "black" if side == "white" else "white"
        board = pos.board  # numbers, not Pieces: asked before every move played, also as a file is read
        left = {"white": max(board) > 0, "black": min(board) < 0}
        # DE-WIN: whichever side is to move, a side without pieces has lost
        for loser, winner in ((side, other), (other, side)):
            if not left[loser]:
                return Result(winner, say(f"no-pieces-{loser}"), pos.rules.rule_id("win"))
        if not pos.legal_moves:
            return Result(other, say(f"cannot-move-{side}"), pos.rules.rule_id("win"))
        if self._seen[pos] >= 3:
            return Result(None, say("repeated"), pos.rules.rule_id("draw"))
        return None

    def play(self, move: Move | str) -> Move:
        """Play ``move`` (a :class:`Move` or move text) and return the move played.

        Raises a :class:`~damlib.engine.errors.DamlibError` for a move that may not be
        played now, leaving the game as it was.
        """
        result = self.result
        if result:
            raise GameOverError(say("over", result=result), result.rule)
        pending = self.pending
        if pending:
            chooser = "black" if pending.offender == "white" else "white"
            raise IllegalMoveError(say(f"choose-first-{chooser}", move=pending.move, rule=pending.rule or PUBLISHED),
                                   pending.rule)
        pos = self.position
        try:
            played = pos.parse_move(move, literal=self.referee)
            state: Penalty | _Forfeit | str | None = None
        except IllegalMoveError as error:
            played, state = self._penalise(pos, move, error)
        self._positions.append(pos.after(played))
        self._seen[self._positions[-1]] += 1
        self._moves.append(played)
        self._states.append(state)
        return played

    def _penalise(self, pos: Position, move: Move | str, error: IllegalMoveError) -> tuple[Move, Penalty | _Forfeit]:
        """In referee mode, let a capture mistake through with its penalty; else re-raise.

        The mistake is the route the move names exactly, so what is recorded is what was played.
        """
        # after a take-back the offender must capture correctly: no second mistake (DE-PENALTY)
        if not self.referee or self._states[-1] == TAKEN_BACK:
            raise error
        mistake = pos.capture_mistake(move)
        if mistake is None:
            raise error
        rules = pos.rules
        rule = rules.rule_id("penalty")
        if rules.penalty == "loss":
            return mistake, _Forfeit(pos.turn, mistake, pos.legal_moves[0], rule)
        return mistake, Penalty(mistake, pos.turn, pos.legal_moves, rule)

    def undo(self) -> Move:
        """Take back the last move and return it."""
        if not self._moves:
            raise DamlibError(say("no-undo"))
        self._seen[self._positions.pop()] -= 1
        self._states.pop()
        return self._moves.pop()

    def take_back(self) -> Move:
        """The opponent's choice after a capture mistake: the offender must take it back
        and capture correctly (DE-PENALTY). Returns the move taken back."""
        self._require_pending()
        move = self.undo()
        self._states[-1] = TAKEN_BACK
        return move

    def let_stand(self) -> Move:
        """The opponent's choice after a capture mistake: the move stands (DE-PENALTY)."""
        pending = self._require_pending()
        self._states[-1] = None
        return pending.move

    def _require_pending(self) -> Penalty:
        pending = self.pending
        if pending is None:
            raise DamlibError(say("no-mistake"))
        return pending

    def pdn(self, **tags: str) -> str:
        """This game as PDN 3.0 text, with ``tags`` such as ``White="Ana"`` (see :func:`damlib.pdn.write`).

        >>> game = Game("german")
        >>> _ = game.play("c3-d4")
        >>> game.pdn(Date="2026.05.01").splitlines()[-1]
        '1. c3-d4 *'
        """
        from . import pdn

        return pdn.write(self, None, **tags)

    def __repr__(self) -> str:
        return f"<Game {self.rules.name}, {len(self._moves)} moves, {self.position.fen}>"
