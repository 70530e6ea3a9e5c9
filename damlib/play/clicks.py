"""Playing by clicks: select a piece, then where it goes, landing square by landing square.

The play board's logic, below the widgets so that it is tested and reused without
ipywidgets: a widget draws a :class:`ClickToMove` and forwards its clicks to it.
A click never raises; whatever is wrong with it ends up in :attr:`ClickToMove.message`,
and the game is unchanged.

>>> from damlib.play.clicks import ClickToMove
>>> table = ClickToMove("german")
>>> table.click("c3")
>>> sorted(table.targets)
['b4', 'd4']
>>> table.click("d4")
>>> table.game.moves
(Move('c3-d4'),)
>>> table.click("d4")  # a square of the move just played: nothing to say
>>> table.message
''
>>> table.click("e3")
>>> table.message
"e3 holds a White piece, but it is Black's turn."
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ..engine import language
from ..engine.errors import DamlibError, shown
from ..engine.notation import Color, parse_color
from ..engine.position import Move, Position, Variant
from ..engine.squares import SQUARE_NAMES, square_number
from ..engine.variants import PUBLISHED, game_name
from ..engine.variants import rules as _rules
from .game import Game
from .referee import explain, why_piece_cannot_move
from .search import BOARD_NODES, BOARD_SECONDS, Strength, best_move, check_limits, strength_of

#: Every sentence the board's clicks say, whole: a side is never a word put into a sentence, each
#: side has its own template. ``{game}`` is the game's name ("German draughts"), ``{rule}`` a rule
#: ID, ``{squares}`` the squares chosen so far (``c3:e5``).
TEXTS: dict[str, str] = {
    # the headline: whose move, or a capture mistake awaiting a choice
    "to-move-white": "White to move — {game}",
    "to-move-black": "Black to move — {game}",
    "to-move-chosen-white": "White to move — {game}; chosen: {squares}",
    "to-move-chosen-black": "Black to move — {game}; chosen: {squares}",
    "pending-white": "White made a capture mistake ({rule}). Black chooses: take it back and capture, or let it stand.",
    "pending-black": "Black made a capture mistake ({rule}). White chooses: take it back and capture, or let it stand.",
    # a click refused
    "over": "The game is over: undo a move, or start a new game.",
    "choose-first": "First choose: take the move back, or let it stand.",
    "end-here-early": "choose a piece and at least one landing square first",
    # the computer's choice after the learner's capture mistake
    "computer-only": "Nothing of yours to undo: the computer's opening move stays.",
    "computer-took-back": "The computer chose: take the move back and capture correctly ({rule}).",
    # a bad argument: {keyword} its Python name, {kind} a type's, {value} what was given
    "bad-seconds": "{keyword} is the computer's time per move, at most {most}, not {value}",
}
say = language.sayer(TEXTS)


class ClickToMove:
    """A game played by clicks on squares, with an optional computer opponent.

    ``start`` is a game's name or :class:`~damlib.engine.variants.Rules`, or a
    :class:`~damlib.Position` to play from; :meth:`restart` returns to it and
    :meth:`new_game` goes to the game's standard start. With ``referee`` capture
    mistakes may be played on purpose and are punished (DE-PENALTY, TR-PENALTY);
    ``computer`` (``"white"`` or ``"black"``) lets damlib play that side at ``level``
    (``"beginner"``, ``"club"`` or ``"strong"``: see :data:`~damlib.search.STRENGTHS`), thinking
    the level's time per move or ``seconds``. ``on_move``, if given, is handed each move the
    clicks complete instead of its being played here (a level's attempt, an exercise's answer).
    With ``finish_captures`` (a game's board) a capture plays itself as soon as the squares
    clicked can only go on one way; without it (practice, where the route is what is learnt) the
    learner clicks every landing square, and a drag or a typed move to the end square still counts.

    >>> practice = ClickToMove(Position.from_fen("W:We3:Bd4,f4,b6", "german"), finish_captures=False)
    >>> practice.click("e3"); practice.click("c5"); practice.game.moves, sorted(practice.targets)
    ((), ['a7'])
    >>> practice.click("a7"); practice.game.moves
    (Move('e3:c5:a7'),)
    """

    def __init__(
        self,
        start: Variant | Position = "german",
        *,
        referee: bool = False,
        computer: str | None = None,
        seconds: float | None = None,
        level: str | Strength = "club",
        on_move: Callable[[Move | str], None] | None = None,
        finish_captures: bool = True,
    ) -> None:
        self.start = start if isinstance(start, Position) else Position.start(_rules(start))
        self._on_move = on_move
        self.finish_captures = bool(finish_captures)
        check_limits(seconds)  # a NaN would leave the computer thinking for ever
        if seconds is not None and seconds > BOARD_SECONDS:  # a click is answered within seconds
            raise DamlibError(say("bad-seconds", keyword="seconds", most=f"{BOARD_SECONDS:g}", value=shown(seconds)))
        self.seconds = seconds
        self.level = strength_of(level)
        self._chance = random.Random()  # a beginner's slips
        self.computer: Color | None = parse_color(computer, "computer")
        self.game = Game(self.start, referee=bool(referee))
        #: the squares chosen so far: the piece, then each landing square
        self.path: list[str] = []
        #: what the last action had to say (why a click was refused, the computer's choice)
        self.message = ""
        #: the squares of the move played last here (clicked or typed: not the computer's reply),
        #: until a click on a piece of the side to move, an undo, a restart or a choice after a
        #: capture mistake; a click on one of its landings that would be refused is passed over,
        #: for the board may finish a capture before the learner has clicked every square of its
        #: route (a click on the square it left is answered: it is empty now)
        self.last_played: tuple[str, ...] = ()
        self._refused: str | None = None  # the own piece the last click could not choose
        self._explained = False  # what was said is why a move was refused: it stands until a piece is chosen
        self._computer_moves()

    def __repr__(self) -> str:
        return f"<ClickToMove {self.game.rules.name}, {len(self.game.moves)} moves>"

    # -- what the board shows ---------------------------------------------------

    @property
    def targets(self) -> frozenset[str]:
        """The squares the next click may move the chosen piece to."""
        if not self.path:
            return frozenset()
        moves = self.game.position.legal_moves
        if not moves or not moves[0].captured:
            return frozenset(m.end for m in moves if m.start == self.path[0]) if len(self.path) == 1 else frozenset()
        return frozenset(self._landings())

    @property
    def choices(self) -> dict[str, frozenset[str]]:
        """For each piece a click may choose (one with a legal move), where its first step or
        jump may land: every route's, not only the route each legal move is shown by.

        >>> {start: sorted(ends) for start, ends in ClickToMove(
        ...     Position.from_fen("W:Wc3:Bd4,f4,f2,d2,h8", "german")).choices.items()}
        {'c3': ['e1', 'e5']}
        """
        game = self.game
        if game.result or game.pending:
            return {}
        moves = game.legal_moves
        starts = dict.fromkeys(m.start for m in moves)
        if not moves or not moves[0].captured:
            return {start: frozenset(m.end for m in moves if m.start == start) for start in starts}
        return {start: frozenset(self._landings([start])) for start in starts}

    @property
    def can_end_here(self) -> bool:
        """Referee mode: whether the capture begun may be stopped on its last landing square."""
        return self.game.mistakes_allowed and len(self.path) > 1

    @property
    def headline(self) -> str:
        """The state of the game in a sentence: whose move, the result, or a choice to make."""
        game = self.game
        if game.result:
            return str(game.result)
        if game.pending:
            return say(f"pending-{game.pending.offender}", rule=game.pending.rule or PUBLISHED)
        turn, name = game.position.turn, game_name(game.rules)
        if self.path:  # more than one square: a capture
            return say(f"to-move-chosen-{turn}", game=name, squares=":".join(self.path))
        return say(f"to-move-{turn}", game=name)

    # -- actions ------------------------------------------------------------------

    def click(self, square: object) -> None:
        """What a click on ``square`` does: choose a piece, or a square for it to go to. After a
        piece that may not move, a click on where it was meant to go is that move, refused with
        the rule, as if typed; a click that chooses no piece leaves that explanation standing."""
        if not self._passed_over(square):
            refused = self._refused
            self._do(lambda: self._click(square, refused))

    def cancel(self) -> None:
        """Drop the squares chosen so far, and any piece just refused: the next click starts
        afresh (a refused piece's next click would otherwise be read as its move). What was
        said stays."""
        self.path = []
        self._refused = None

    def end_here(self) -> None:
        """Referee mode: end the capture on the landing square chosen last, though it could go on."""
        self._do(self._end_here)

    def undo(self) -> None:
        """Take back the last move; against the computer, back to your own turn."""
        def undo() -> None:
            game = self.game
            if self.computer is not None and len(game.moves) == 1 and game.positions[0].turn == self.computer:
                # only the computer's first move: taken back, it would be played again without a word
                self.message = say("computer-only")
                return
            self.last_played = ()
            game.undo()
            if self.computer == game.position.turn and game.moves:
                game.undo()
        self._do(undo)

    def take_back(self) -> None:
        """The opponent's choice after a capture mistake: take it back (DE-PENALTY)."""
        self._do(lambda: self._forget(self.game.take_back))

    def let_stand(self) -> None:
        """The opponent's choice after a capture mistake: let it stand (DE-PENALTY)."""
        self._do(lambda: self._forget(self.game.let_stand))

    def restart(self) -> None:
        """Start again from the position this board was set up with."""
        self._do(lambda: self._new(self.start))

    def new_game(self, variant: Variant | None = None) -> None:
        """Start again from the standard start of ``variant`` (by default, this game's)."""
        self._do(lambda: self._new(Position.start(_rules(variant) if variant is not None else self.game.rules)))

    def set_referee(self, on: bool) -> None:
        """Switch referee mode on or off, keeping the game."""
        self.game.referee = bool(on)
        self._do(lambda: None)

    def set_computer(self, side: object) -> None:
        """Let the computer play ``side`` (``"white"``, ``"black"``), or nobody (``None``)."""
        self._do(lambda: setattr(self, "computer", parse_color(side, "computer")))

    def set_level(self, level: object) -> None:
        """Let the computer play at ``level`` (``"beginner"``, ``"club"``, ``"strong"``) from its next move."""
        self._do(lambda: setattr(self, "level", strength_of(level)))

    # -- inside -------------------------------------------------------------------

    def _do(self, action: Callable[[], Any]) -> None:
        """Run ``action``; say what went wrong instead of raising. Any action ends a choice
        of squares that it did not extend, so a selection never outlives its position."""
        before = self.game.position
        self.message = ""
        self._explained, self._refused = False, None
        try:
            action()
        except DamlibError as error:
            self.message = str(error)
        if self.game.position is not before or self.game.pending:
            self.path = []
        self._computer_moves()

    def _new(self, start: Position) -> None:
        self.game = Game(start, referee=self.game.referee)
        self.path = []
        self.last_played = ()

    def _forget(self, action: Callable[[], Any]) -> None:
        """Run ``action``, a choice after a capture mistake: the move played is then no longer
        the last thing done, so its squares are clicked as any others."""
        self.last_played = ()
        action()

    def _landings(self, path: list[str] | None = None) -> dict[str, tuple[str, ...] | None]:
        """Where the capture chosen so far (or along ``path``) can jump next, and the rest of the
        one capture each landing leads to (:meth:`~damlib.Position.landings`): toward a legal
        capture, or, while mistakes may be made on purpose (referee mode), toward any."""
        return self.game.position.landings(path or self.path, any_capture=self.game.mistakes_allowed)

    def _passed_over(self, square: object) -> bool:
        """Whether a click on ``square`` is to change nothing and keep what was said, while no
        move is begun: after a move was refused, any click but one on a piece of the side to
        move; on a landing of the move played last, any click that would not choose a piece (the
        piece that moved is still chosen at once, for it may be the one to move next)."""
        if self.path:
            return False
        try:
            name = SQUARE_NAMES[square_number(square)]  # type: ignore[arg-type]
        except DamlibError:
            return False  # not a square: :meth:`_click` says so
        own = not self.game.result and self._own(name)
        landed = name in self.last_played[1:]
        return (self._explained and not own) or (landed and not (own and self._can_move(name)))

    def _click(self, square: object, refused: str | None) -> None:
        """A click on ``square``; ``refused`` is the own piece the click before could not choose."""
        name = SQUARE_NAMES[square_number(square)]  # type: ignore[arg-type]  # refuses a non-square
        game = self.game
        if game.result:
            self.message = say("over")
        elif game.pending:
            self.message = say("choose-first")
        elif refused is not None and not self._own(name):
            self._hand(self._text([refused, name]))  # where the piece refused was meant to go
        elif self.path == [name]:
            self.path = []
        elif self._own(name) and len(self.path) <= 1 and self._can_move(name):
            self.path = [name]
            self.last_played = ()
        elif not self.path or (self._own(name) and len(self.path) == 1):
            self.path = []
            self.message = why_piece_cannot_move(game.position, name) or ""
            if self._own(name):
                self._refused = name
                self.last_played = ()
        elif name in self.targets:
            self._land(name)
        else:
            self._hand(self._text([*self.path, name]))

    def _text(self, squares: list[str]) -> str:
        """The move text of the squares clicked, as a learner would type it: a capture's with
        ``:``, a step's with ``-``."""
        jump = len(squares) > 2 or self.game.position.move_through(squares) is not None
        return (":" if jump else "-").join(squares)

    def _hand(self, move: Move | str) -> None:
        """Hand ``move`` to :meth:`_play`; remember its squares if it was played, or else that
        what was said explains why not."""
        game, before = self.game, len(self.game.moves)
        self._play(move)
        if self.game is game and len(game.moves) > before:
            self.last_played = game.moves[before].path  # the mover's, not a reply played after it
        else:
            self._explained = bool(self.message)

    def _land(self, name: str) -> None:
        position = self.game.position
        moves = position.legal_moves
        if not moves[0].captured:
            self._hand(next(m for m in moves if m.path == (self.path[0], name)))
            return
        rest = self._landings()[name]
        self.path.append(name)
        # In referee mode a capture may be stopped early on purpose, and in practice the route is
        # what is learnt, so the board waits for every landing; otherwise it plays as soon as every
        # way on is the same move.
        if self.game.referee or not self.finish_captures:
            found = position.move_through(self.path)
            if found is not None and found[1]:
                self._hand(found[0])
        elif rest is not None:
            found = position.move_through([*self.path, *rest])
            if found is not None:
                self._hand(found[0])

    def _end_here(self) -> None:
        if len(self.path) < 2:
            raise DamlibError(say("end-here-early"))
        self._hand(":".join(self.path))

    def _own(self, name: str) -> bool:
        piece = self.game.position.pieces.get(name)
        return piece is not None and piece.color == self.game.position.turn

    def _can_move(self, name: str) -> bool:
        """Whether a click may choose ``name``: a piece with a legal move, or, while mistakes
        may be made on purpose, any piece of the side to move."""
        return self.game.mistakes_allowed or any(m.start == name for m in self.game.legal_moves)

    def _play(self, move: Move | str) -> None:
        """Play ``move`` (or hand it to ``on_move``); a refused one keeps the squares chosen so
        far and says why."""
        if self._on_move is not None:
            self._on_move(move)
            return
        try:
            self.game.play(move)
        except DamlibError as error:
            self.message = explain(self.game.position, move) if isinstance(move, str) else str(error)

    def _computer_moves(self) -> None:
        """Let the computer play its side, and make its choice after a capture mistake."""
        game, side = self.game, self.computer
        while side and not game.result:
            pending = game.pending
            if pending and pending.offender != side:
                game.take_back()  # the computer holds the offender to the rule
                self.message = say("computer-took-back", rule=pending.rule or PUBLISHED)
            elif pending or game.position.turn != side:
                break
            else:
                game.play(best_move(game.position, seconds=self.seconds, level=self.level, history=game.positions,
                                    rng=self._chance, max_nodes=BOARD_NODES))
                self.path = []
