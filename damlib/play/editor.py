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

from ..engine import language
from ..engine.errors import DamlibError, FenError, shown
from ..engine.notation import Problem, board_problems, format_fen, parse_turn
from ..engine.position import Move, Position, Variant
from ..engine.squares import SQUARE_NAMES, square_number
from ..engine.variants import GERMAN, Rules, game_name
from ..engine.variants import rules as _rules

#: What a click puts on a square: a piece's board value, or 0 for the eraser.
TOOLS: dict[str, int] = {"white man": 1, "white king": 2, "black man": -1, "black king": -2, "eraser": 0}

#: Every sentence the editor says, whole: a side or a piece is never a word put into a sentence,
#: each has its own template, and so has each game named as an adjective ("-own" for a game of
#: one's own, ``{name}`` its name). ``{problem}`` is a sentence of the engine's (what the rules
#: exclude), ``{rule}`` a rule ID, ``{moves}`` move text, ``{game}`` a game's name ("German draughts").
TEXTS: dict[str, str] = {
    # the status line under the board
    "excluded": "The rules exclude this position: {problems}",
    "empty-board": "The board is empty: choose a piece and click squares to place it.",
    "lost-white": "White to move has no move: the game is over, White has lost ({rule}).",
    "lost-black": "Black to move has no move: the game is over, Black has lost ({rule}).",
    "moves-white-one": "White to move: {count} legal move: {moves}.",
    "moves-white-other": "White to move: {count} legal moves: {moves}.",
    "moves-black-one": "Black to move: {count} legal move: {moves}.",
    "moves-black-other": "Black to move: {count} legal moves: {moves}.",
    # more than 20 legal moves: the first 20 are listed ({count} is the number of all)
    "many-moves-white-one": "White to move: {count} legal move: {moves} and {more} more.",
    "many-moves-white-other": "White to move: {count} legal moves: {moves} and {more} more.",
    "many-moves-black-one": "Black to move: {count} legal move: {moves} and {more} more.",
    "many-moves-black-other": "Black to move: {count} legal moves: {moves} and {more} more.",
    # what a click did
    "unknown-tool": "Unknown tool {tool}: choose one of {tools}.",
    "not-placed": "Not placed: {problem}.",
    "placed-white man": "A white man on {square}.",
    "placed-white king": "A white king on {square}.",
    "placed-black man": "A black man on {square}.",
    "placed-black king": "A black king on {square}.",
    "took-white man": "Took the white man off {square}.",
    "took-white king": "Took the white king off {square}.",
    "took-black man": "Took the black man off {square}.",
    "took-black king": "Took the black king off {square}.",
    "empty-already": "{square} is empty already.",
    # the buttons' actions
    "to-move-white": "White to move.",
    "to-move-black": "Black to move.",
    "game": "{game}.",
    "game-fix-one": "{game}. {count} thing to fix before this is a position of the game.",
    "game-fix-other": "{game}. {count} things to fix before this is a position of the game.",
    "cleared": "The board is empty.",
    "start-German": "The German start position.",
    "start-Russian": "The Russian start position.",
    "start-Turkish": "The Turkish start position.",
    "start-Brazilian": "The Brazilian start position.",
    "start-Turkish (as published)": "The Turkish (as published) start position.",
    "start-Russian (as published)": "The Russian (as published) start position.",
    "start-own": "The {name} start position.",
    "not-loaded": "Not loaded: {error}",
    "loaded": "Loaded {fen}.",
    # the position asked for while the rules exclude it
    "not-position-German": "not a German position: {problem}",
    "not-position-Russian": "not a Russian position: {problem}",
    "not-position-Turkish": "not a Turkish position: {problem}",
    "not-position-Brazilian": "not a Brazilian position: {problem}",
    "not-position-Turkish (as published)": "not a Turkish (as published) position: {problem}",
    "not-position-Russian (as published)": "not a Russian (as published) position: {problem}",
    "not-position-own": "not a {name} position: {problem}",
}
say = language.sayer(TEXTS)


def _of_game(key: str, rules: Rules, **fields: object) -> str:
    """The sentence ``key`` naming the game of ``rules`` as an adjective: its own template for
    each game damlib knows, ``<key>-own`` with ``{name}`` for one of one's own."""
    if f"{key}-{rules.name}" in TEXTS:
        return say(f"{key}-{rules.name}", **fields)
    return say(f"{key}-own", name=rules.name, **fields)


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
            self.board, self.white = start.board, start.turn == "white"

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
        return board_problems(self.rules, self.board)

    @property
    def position(self) -> Position:
        """The position set up; a FenError naming the first problem if the rules exclude it."""
        problems = self.problems
        if problems:
            raise FenError(_of_game("not-position", self.rules, problem=problems[0].text))
        return Position.from_fen(self.fen, self.rules)

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
        if problems:  # each problem a sentence of its own
            return say("excluded", problems=" ".join(f"{p.text}." for p in problems))
        if not any(self.board):
            return say("empty-board")
        moves = self.legal_moves
        if not moves:
            return say(f"lost-{self.turn}", rule=self.rules.cite("win"))
        listed = ", ".join(str(m) for m in moves[:20])
        if len(moves) > 20:
            return language.counted(f"many-moves-{self.turn}", len(moves), TEXTS, moves=listed, more=len(moves) - 20)
        return language.counted(f"moves-{self.turn}", len(moves), TEXTS, moves=listed)

    # -- setting it up ----------------------------------------------------------

    def click(self, square: str) -> None:
        """Use the tool on ``square``: put its piece there (a click on the same piece takes it
        away again), or erase. A placement the rules exclude is refused, with the rule."""
        if self.tool not in TOOLS:
            self._say(say("unknown-tool", tool=shown(self.tool), tools=", ".join(TOOLS)))
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
        new = [p for p in board_problems(self.rules, board) if p.text not in before]
        if value and new:
            self._say(say("not-placed", problem=new[0].text), new[0].rule)
            return
        self.board = tuple(board)
        if value:
            self._say(say(f"placed-{self._name(value)}", square=name))
        else:
            self._say(say(f"took-{self._name(old)}", square=name) if old else say("empty-already", square=name))

    def set_turn(self, side: str) -> None:
        """``"white"`` or ``"black"`` (or ``"W"``/``"B"``) to move."""
        try:
            self.white = parse_turn(side)
        except DamlibError as error:
            self._say(str(error))
            return
        self._say(say(f"to-move-{self.turn}"))

    def set_game(self, game: Variant) -> None:
        """Play the pieces set up under another game's rules; what they exclude is listed, not removed."""
        try:
            self.rules = _rules(game)
        except DamlibError as error:
            self._say(str(error))
            return
        problems, game = self.problems, game_name(self.rules)
        self._say(language.counted("game-fix", len(problems), TEXTS, game=game) if problems else say("game", game=game))

    def clear(self) -> None:
        """Take every piece off the board."""
        self.board = (0,) * 64
        self._say(say("cleared"))

    def start(self) -> None:
        """The game's standard start, White to move."""
        start = Position.start(self.rules)
        self.board, self.white = start.board, True
        self._say(_of_game("start", self.rules))

    def load(self, fen: str) -> None:
        """Set up the position of FEN text; a FEN the game's rules refuse changes nothing."""
        try:
            position = Position.from_fen(fen, self.rules)
        except DamlibError as error:
            self._say(say("not-loaded", error=error))
            return
        self.board, self.white = position.board, position.turn == "white"
        self._say(say("loaded", fen=position.fen))

    def _say(self, message: str, rule: str | None = None) -> None:
        self.message, self.rule = message, rule

    @staticmethod
    def _name(value: int) -> str:
        return next(name for name, v in TOOLS.items() if v == value)
