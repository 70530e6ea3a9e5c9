"""A level played by clicks: the play board's click-to-move, with each move handed to the attempt."""

from __future__ import annotations

from ...engine.position import Move
from ...play.clicks import ClickToMove
from .levels import Attempt, Feedback


class LevelClicks(ClickToMove):
    """Click-to-move on an :class:`~damlib.learn.Attempt`'s board; :attr:`feedback` holds what
    the attempt said of the last move (``None`` before one is complete).

    >>> from damlib.learn import LEVELS
    >>> clicks = LevelClicks(LEVELS[0].attempt())
    >>> for square in LEVELS[0].solution[0].split("-"): clicks.click(square)
    >>> clicks.feedback.done
    True
    """

    def __init__(self, attempt: Attempt) -> None:
        # practice: the learner gives every landing of a capture, the route being what a level teaches
        super().__init__(attempt.game.position, referee=attempt.game.referee, on_move=self._answer,
                         finish_captures=False)
        self.attempt = attempt
        self.game = attempt.game  # the attempt's own game: its moves are what the board shows
        self.feedback: Feedback | None = None

    def _answer(self, move: Move | str) -> None:
        """The move clicked, handed to the attempt: its feedback says what came of it."""
        self.feedback = self.attempt.play(move)
        self.path = []
        if not self.feedback.ok:
            self.message = self.feedback.message

    def play(self, move: Move | str) -> None:
        """A move typed rather than clicked, or after the opponent's capture mistake a choice:
        ``"take back"`` or ``"let stand"`` (DE-PENALTY). As a clicked move, a typed one that is
        played leaves its squares quiet to click, and one refused leaves its explanation standing."""
        self._do(lambda: self._hand(move))
