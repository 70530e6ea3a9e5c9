"""Setting up a position by hand: the board editor's logic, below the widget that draws it.

Pick a tool (a man or king of either side, or the eraser) and click squares. A placement the
rules exclude is refused and explained with the rule's ID, and the board stays as it was.
Simplified positions — a few pieces anywhere a game allows them — are welcome.

>>> from damlib.play.editor import Editor
>>> editor = Editor("german")
>>> editor.click("c3"); editor.tool = "black man"; editor.click("d4")
>>> editor.fen, [str(m) for m in editor.legal_moves]
('W:Wc3:Bd4', ['c3:e5'])
>>> editor.click("c4"); editor.rule
'DE-BOARD'
>>> editor.message
"Not placed: c4 is not a playable square in German draughts (DE-BOARD: play is on the squares of a1's colour)."
"""

from __future__ import annotations

from ..engine.errors import DamlibError, FenError, shown
from ..engine.notation import Problem, board_problems, format_fen, parse_turn
from ..engine.position import Move, Position, Variant
from ..engine.squares import SQUARE_NAMES, square_number
from ..engine.variants import GERMAN, Rules
from ..engine.variants import rules as _rules

#: What a click puts on a square: a piece's board value, or 0 for the eraser.
TOOLS: dict[str, int] = {"white man": 1, "white king": 2, "black man": -1, "black king": -2, "eraser": 0}


class Editor:
    """A board being set up in ``game``: its pieces, the side to move, the tool in hand.

    Every action says what it did in :attr:`message` (and :attr:`rule`, the rule ID of a
    refusal); none raises on a bad square or tool. Changing the game keeps the pieces; those
    the new game excludes are listed in :attr:`problems`, not silently removed.
    """

    def __init__(self, game: Variant = GERMAN, fen: str | None = None) -> None:
        self.rules: Rules = _rules(game)
        self.board: tuple[int, ...] = (0,) * 64
        self.white = True
        self.tool = "white man"
        self.message = ""
        self.rule: str | None = None
        if fen is not None:  # a bad FEN given in code raises, as Position.from_fen does
            start = Position.from_fen(fen, self.rules)
            self.board, self.white = start._board, start._white

    def __repr__(self) -> str:
        return f"<Editor {self.rules.name}: {self.fen}>"

    # -- what is set up ---------------------------------------------------------

    @property
    def fen(self) -> str:
        """The FEN of the board as it stands, whether or not the rules allow it."""
        return format_fen(self.board, self.white)

    @property
    def problems(self) -> list[Problem]:
        """What the game's rules exclude on the board as it stands (empty if nothing)."""
        return board_problems(self.board, self.rules)

    @property
    def position(self) -> Position:
        """The position set up; a FenError naming the first problem if the rules exclude it."""
        problems = self.problems
        if problems:
            raise FenError(f"not a {self.rules.name} position: {problems[0].text}")
        return Position(self.rules, self.board, self.white)

    @property
    def legal_moves(self) -> tuple[Move, ...]:
        """The side to move's legal moves; none while the rules exclude the position."""
        return () if self.problems else self.position.legal_moves

    @property
    def turn(self) -> str:
        return "white" if self.white else "black"

    def pieces(self) -> dict[str, int]:
        """Square name → board value (1 white man, 2 white king, -1, -2 black), occupied squares only."""
        return {SQUARE_NAMES[s]: v for s, v in enumerate(self.board) if v}

    def status(self) -> str:
        """The position in a sentence or two: its problems, or who moves and what they may play."""
        problems = self.problems
        if problems:
            return "The rules exclude this position: " + " ".join(f"{p.text}." for p in problems)
        if not any(self.board):
            return "The board is empty: choose a piece and click squares to place it."
        moves = self.legal_moves
        side = self.turn.capitalize()
        if not moves:
            return f"{side} to move has no move: the game is over, {side} has lost ({self.rules.cite('win')})."
        more = f" and {len(moves) - 20} more" if len(moves) > 20 else ""
        shown_moves = ", ".join(str(m) for m in moves[:20]) + more
        return f"{side} to move: {len(moves)} legal move{'s' if len(moves) > 1 else ''}: {shown_moves}."

    # -- setting it up ----------------------------------------------------------

    def click(self, square: str) -> None:
        """Use the tool on ``square``: put its piece there (a click on the same piece takes it
        away again), or erase. A placement the rules exclude is refused, with the rule."""
        if self.tool not in TOOLS:
            self._say(f"Unknown tool {shown(self.tool)}: choose one of {', '.join(TOOLS)}.")
            return
        value = TOOLS[self.tool]
        try:
            index = square_number(square)
        except DamlibError as error:
            self._say(f"{error}.")
            return
        name, old = SQUARE_NAMES[index], self.board[index]
        if old == value:
            value = 0  # a second click with the same piece takes it off again
        board = list(self.board)
        board[index] = value
        before = {p.text for p in self.problems}
        new = [p for p in board_problems(board, self.rules) if p.text not in before]
        if value and new:
            self._say(f"Not placed: {new[0].text}.", new[0].rule)
            return
        self.board = tuple(board)
        if value:
            self._say(f"A {self._name(value)} on {name}.")
        else:
            self._say(f"Took the {self._name(old)} off {name}." if old else f"{name} is empty already.")

    def set_turn(self, side: str) -> None:
        """``"white"`` or ``"black"`` (or ``"W"``/``"B"``) to move."""
        try:
            self.white = parse_turn(side)
        except DamlibError as error:
            self._say(str(error))
            return
        self._say(f"{self.turn.capitalize()} to move.")

    def set_game(self, game: Variant) -> None:
        """Play the pieces set up under another game's rules; what they exclude is listed, not removed."""
        try:
            self.rules = _rules(game)
        except DamlibError as error:
            self._say(str(error))
            return
        problems = self.problems
        self._say(f"{self.rules.name} draughts." + (f" {len(problems)} thing{'s' if len(problems) > 1 else ''} to "
                                                     "fix before this is a position of the game." if problems else ""))

    def clear(self) -> None:
        """Take every piece off the board."""
        self.board = (0,) * 64
        self._say("The board is empty.")

    def start(self) -> None:
        """The game's standard start, White to move."""
        start = Position.start(self.rules)
        self.board, self.white = start._board, True
        self._say(f"The {self.rules.name} start position.")

    def load(self, fen: str) -> None:
        """Set up the position of FEN text; a FEN the game's rules refuse changes nothing."""
        try:
            position = Position.from_fen(fen, self.rules)
        except DamlibError as error:
            self._say(f"Not loaded: {error}")
            return
        self.board, self.white = position._board, position._white
        self._say(f"Loaded {position.fen}.")

    def _say(self, message: str, rule: str | None = None) -> None:
        self.message, self.rule = message, rule

    @staticmethod
    def _name(value: int) -> str:
        return next(name for name, v in TOOLS.items() if v == value)
