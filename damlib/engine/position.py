"""Positions and moves: immutable values, and the legal moves between them.

>>> from damlib import Position
>>> pos = Position.start("german")
>>> len(pos.legal_moves)
7
>>> pos = pos.play("c3-d4")
>>> pos.turn
'black'
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from typing import Any

from . import language, legality, movegen, notation
from .capturelevels import LevelReach
from .capturestates import MANY, CaptureStates
from .errors import (
    AmbiguousMoveError,
    DamlibError,
    IllegalMoveError,
    MoveTextError,
    SquareError,
    shown,
    told,
)
from .notation import Color
from .squares import SQUARE_NAMES, parse_square, square_number
from .variants import Rules
from .variants import rules as _rules

TEXTS: dict[str, str] = {
    # never said for one move: a pair is the plural entry of the catalog
    "ambiguous-one": "{text} could mean 1 move: {moves}; name more landing squares",
    "ambiguous-other": "{text} could mean {count} different moves: {moves}; name more landing squares",
    # a bad argument: {keyword} and {what} are the argument's Python name, {kind} a type's, {value}
    # what was given
    "short-path": "a move's path names its start and at least one more square, not {value}",
    "landings": "a capture lands once after each piece it captures: {landings} landings, {captured} captured",
    "not-position": "a move's position must be a Position or None, not {value}",
    "not-square-names": "a move's {what} must be square names like ('c3', 'd4'), not {value}",
    "in-move": "in the move's {what}: {error}",
    "built-by": "a Position is built by Position.start, from_fen, from_diagram or from_pieces",
    "immutable": "Position is immutable: play() returns a new position",
    "not-pieces": "{keyword} must be a mapping of square names to pieces, not {value}",
    "not-piece": "the piece on {square} must be a {kind} or one of w, b, W, B, not {value}",
    "no-start": "a capture's path names at least the square it starts on",
    "not-own-move": "after() plays a move of this position, not {value}",
    "perft-from": "perft counts from a Position, not {value}",
    "perft-depth": "depth must be a whole number of plies from 0 to {most}, not {value}",
}
say = language.sayer(TEXTS)

Variant = Rules | str


class Piece(enum.Enum):
    """A man or a king of either colour."""

    WHITE_MAN = 1
    WHITE_KING = 2
    BLACK_MAN = -1
    BLACK_KING = -2

    @property
    def color(self) -> Color:
        """``"white"`` or ``"black"``."""
        return "white" if self.value > 0 else "black"

    @property
    def is_king(self) -> bool:
        """Whether the piece is a king (a crowned man)."""
        return abs(self.value) == 2

    @property
    def symbol(self) -> str:
        """The diagram letter: ``w``/``b`` for men, ``W``/``B`` for kings."""
        return notation.SYMBOLS[self.value]


class Move:
    """A move: the squares it visits, the pieces it captures, and whether it crowns.

    >>> pos = Position.from_fen("W:We3:Bd4,f4,b6", "german")
    >>> move = pos.legal_moves[0]
    >>> move.path, move.captured, move.promotes
    (('e3', 'c5', 'a7'), ('d4', 'b6'), False)
    >>> str(move)
    'e3:c5:a7'

    Two moves are equal when they start and end on the same squares, capture
    the same pieces and crown alike, whatever route they take.
    ``position`` is the position the move is played from, when known.
    """

    __slots__ = ("_raw", "captured", "path", "position", "promotes")
    path: tuple[str, ...]
    captured: tuple[str, ...]
    promotes: bool
    position: Position | None
    _raw: movegen.RawMove

    def __init__(
        self,
        path: tuple[str, ...],
        captured: tuple[str, ...] = (),
        *,
        promotes: bool = False,
        position: Position | None = None,
    ) -> None:
        route, taken = _squares(path, "path"), _squares(captured, "captured")
        if len(route) < 2:
            raise MoveTextError(say("short-path", value=shown(path)))
        if taken and len(taken) != len(route) - 1:
            raise MoveTextError(say("landings", landings=len(route) - 1, captured=len(taken)))
        if not isinstance(promotes, bool):
            raise DamlibError(told("not-flag", keyword="promotes", value=shown(promotes)))
        if position is not None and not isinstance(position, Position):
            raise DamlibError(say("not-position", value=shown(position)))
        self.path = tuple(SQUARE_NAMES[s] for s in route)
        self.captured = tuple(SQUARE_NAMES[s] for s in taken)
        self.promotes = promotes
        self.position = position
        self._raw = (route, taken, promotes)

    @classmethod
    def _from_raw(cls, raw: movegen.RawMove, position: Position | None) -> Move:
        move = cls.__new__(cls)
        move.path = tuple(SQUARE_NAMES[s] for s in raw[0])
        move.captured = tuple(SQUARE_NAMES[s] for s in raw[1])
        move.promotes = raw[2]
        move.position = position
        move._raw = raw
        return move

    @property
    def start(self) -> str:
        """The square the moving piece starts from."""
        return self.path[0]

    @property
    def end(self) -> str:
        """The square the moving piece ends on."""
        return self.path[-1]

    @property
    def is_capture(self) -> bool:
        """Whether the move captures at least one piece."""
        return bool(self.captured)

    def __str__(self) -> str:
        return notation.format_move(self._raw)

    def __repr__(self) -> str:
        return f"Move({str(self)!r}{', promotes' if self.promotes else ''})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Move) and movegen.move_key(self._raw) == movegen.move_key(other._raw)

    def __hash__(self) -> int:
        return hash(movegen.move_key(self._raw))

    def _repr_html_(self) -> str | None:
        """Jupyter shows a move as its position with the route drawn (a
        :class:`~damlib.diagram.Diagram`, with its text alternative)."""
        if self.position is None:
            return None
        from ..drawing import diagram

        return diagram.Diagram(self)._repr_html_()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """Where matplotlib is missing, the move shown on the live board (see :meth:`_repr_html_`)."""
        if self.position is None:
            return None
        from ..drawing import diagram

        return None if diagram.PICTURES else diagram.Diagram(self)._repr_mimebundle_(**kwargs)


def _squares(names: object, what: str) -> tuple[int, ...]:
    """The square numbers of a tuple or list of square names; a damlib error names the bad part."""
    if not isinstance(names, (tuple, list)):
        raise MoveTextError(say("not-square-names", what=what, value=shown(names)))
    try:
        return tuple(square_number(name) for name in names)
    except SquareError as e:
        raise SquareError(say("in-move", what=what, error=e)) from None


class Position:
    """A position: the pieces, the side to move and the game's rules. Immutable.

    Build one with :meth:`start`, :meth:`from_fen` or :meth:`from_diagram`;
    :meth:`play` returns the position after a move.

    >>> print(Position.from_fen("W:Wc3:Bd4", "german"))
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . b . . . .
    . . w . . . . .
    . . . . . . . .
    . . . . . . . .
    """

    __slots__ = ("_board", "_legal", "_named_last", "_reaches", "_white", "rules")
    rules: Rules
    _board: movegen.RawBoard
    _white: bool
    _legal: tuple[Move, ...] | None
    #: the last move text looked up by :meth:`_named`, and what it named: explaining a
    #: text reads it twice (as shorthand, then as a referee would), with one search
    _named_last: tuple[tuple[int, ...], list[Move]] | None
    #: where a capture by each piece can go (:meth:`landings`), worked out once per piece, and
    #: once for the legal captures and once for any, never route by route
    _reaches: dict[tuple[int, bool], CaptureStates | LevelReach]

    def __init__(self, *args: object, **kwargs: object) -> None:
        raise DamlibError(say("built-by"))

    @classmethod
    def _of(cls, rules: Rules, board: movegen.RawBoard, white: bool) -> Position:
        """The position of a raw ``board`` (see :mod:`damlib.engine.movegen`), unchecked."""
        position = cls.__new__(cls)
        setattr_ = object.__setattr__  # past the refusal of __setattr__, once, here
        setattr_(position, "rules", rules)
        setattr_(position, "_board", board)
        setattr_(position, "_white", white)
        setattr_(position, "_legal", None)
        setattr_(position, "_named_last", None)
        setattr_(position, "_reaches", {})
        return position

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(say("immutable"))

    # an immutable value is its own copy; pickled, it is built again from what it holds
    def __copy__(self) -> Position:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Position:
        return self

    def __reduce__(self) -> tuple[object, tuple[Rules, movegen.RawBoard, bool]]:
        return Position._of, (self.rules, self._board, self._white)

    # -- building ---------------------------------------------------------

    @classmethod
    def start(cls, variant: Variant) -> Position:
        """The starting position of ``variant`` (DE-START, TR-START), White to move."""
        r = _rules(variant)
        board = [0] * 64
        for name in r.white_start:
            board[SQUARE_NAMES.index(name)] = 1
        for name in r.black_start:
            board[SQUARE_NAMES.index(name)] = -1
        return cls._of(r, tuple(board), True)

    @classmethod
    def from_fen(cls, text: str, variant: Variant) -> Position:
        """The position described by PDN-style FEN with algebraic squares.

        >>> Position.from_fen("B:Wa1,Kd4:Bb8", "german").turn
        'black'
        """
        r = _rules(variant)
        board, white = notation.parse_fen(text, r)
        return cls._of(r, board, white)

    @classmethod
    def from_diagram(cls, text: str, variant: Variant, *, turn: Color = "white") -> Position:
        """The position drawn in ``text``: 8 lines, rank 8 first, one symbol per square.

        ``.`` is an empty square, ``w``/``b`` are men and ``W``/``B`` kings;
        spaces between symbols are ignored.
        """
        r = _rules(variant)
        return cls._of(r, notation.parse_diagram(text, r), notation.parse_turn(turn))

    @classmethod
    def from_pieces(cls, pieces: Mapping[str, Piece | str], variant: Variant, *, turn: Color = "white",
                    check: bool = True) -> Position:
        """The position with ``pieces`` (square name → a :class:`Piece`, or its letter: ``w``/``b``
        for men, ``W``/``B`` for kings) and ``turn`` to move. A FenError names a piece the rules of
        ``variant`` exclude (off the squares of play, a man on its last rank); with ``check=False``
        the pieces stand as given, as a picture of a board being set up draws them.

        >>> Position.from_pieces({"c3": "w", "d4": Piece.BLACK_KING}, "german").fen
        'W:Wc3:BKd4'
        """
        r = _rules(variant)
        if not isinstance(check, bool):
            raise DamlibError(told("not-flag", keyword="check", value=shown(check)))
        if not isinstance(pieces, Mapping):
            raise DamlibError(say("not-pieces", keyword="pieces", value=shown(pieces)))
        board = [0] * 64
        for name, piece in pieces.items():
            value = piece.value if isinstance(piece, Piece) else isinstance(piece, str) and notation.VALUES.get(piece)
            if not value:
                raise DamlibError(say("not-piece", square=name, kind="Piece", value=shown(piece)))
            board[square_number(name)] = value
        white = notation.parse_turn(turn)
        return cls._of(r, notation.check_board(r, board) if check else tuple(board), white)

    def with_rules(self, variant: Variant) -> Position:
        """The same pieces and side to move under the rules of ``variant`` (a game's name, or a
        :class:`~damlib.Rules` value such as one with a rule changed); a FenError names the rule
        a piece breaks there.

        >>> german = Position.from_fen("W:We3:Bd4,f4,b6", "german")
        >>> russian = german.with_rules("russian")
        >>> russian.rules.name, russian.fen == german.fen
        ('Russian', True)
        """
        rules = _rules(variant)
        return Position._of(rules, notation.check_board(rules, list(self._board)), self._white)

    def with_turn(self, turn: Color) -> Position:
        """The same pieces with ``turn`` (``"white"`` or ``"black"``) to move: what a side could
        play if it were its move.

        >>> Position.start("german").with_turn("black").turn
        'black'
        """
        return Position._of(self.rules, self._board, notation.parse_turn(turn))

    # -- looking ----------------------------------------------------------

    @property
    def turn(self) -> Color:
        """The side to move: ``"white"`` or ``"black"``."""
        return "white" if self._white else "black"

    @property
    def board(self) -> tuple[int, ...]:
        """The 64 squares a1, b1, … h8 as numbers, for code that must be quick: 0 empty, 1 a
        White man, 2 a White king, -1 and -2 Black's (the values of :class:`Piece`).

        >>> Position.from_fen("W:Wc3:BKd4", "german").board[18:28]
        (1, 0, 0, 0, 0, 0, 0, 0, 0, -2)
        """
        return self._board

    @property
    def last_rank(self) -> frozenset[str]:
        """The squares where the side to move's men are crowned (DE-PROMOTE): rank 8 for White.

        >>> sorted(Position.start("german").last_rank)
        ['b8', 'd8', 'f8', 'h8']
        """
        return self._generator.last_rank_names

    @property
    def pieces(self) -> dict[str, Piece]:
        """Square name → piece, for every occupied square."""
        return {SQUARE_NAMES[s]: Piece(v) for s, v in enumerate(self._board) if v}

    def piece_at(self, square: str) -> Piece | None:
        """The piece on ``square``, or ``None``; a SquareError for a square off the game's board."""
        v = self._board[parse_square(square, self.rules)]
        return Piece(v) if v else None

    @property
    def fen(self) -> str:
        """This position as FEN: ``W:Wa1,c1,Kd4:Bb8,Kh2``."""
        return notation.format_fen(self._board, self._white)

    def __str__(self) -> str:
        return notation.format_diagram(self._board)

    def __repr__(self) -> str:
        return f"Position.from_fen({self.fen!r}, {self.rules.name!r})"

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Position)
            and self._board == other._board
            and self._white == other._white
            and self.rules == other.rules
        )

    def __hash__(self) -> int:
        return hash((self._board, self._white))

    def _repr_html_(self) -> str | None:
        """Jupyter shows a position as a board diagram (a :class:`~damlib.diagram.Diagram`, with its
        text alternative)."""
        from ..drawing import diagram

        return diagram.Diagram(self)._repr_html_()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """Where matplotlib is missing (the browser's Python), the position shown on the live
        board, not playable; elsewhere nothing here, and the picture of :meth:`_repr_html_` shows."""
        from ..drawing import diagram

        return None if diagram.PICTURES else diagram.Diagram(self)._repr_mimebundle_(**kwargs)

    # -- moving -----------------------------------------------------------

    @property
    def _generator(self) -> movegen.MoveGenerator:
        return movegen.generator(self.rules, self._white)

    @property
    def legal_moves(self) -> tuple[Move, ...]:
        """Every legal move, each once (one route per capture)."""
        if self._legal is None:
            moves = tuple(Move._from_raw(m, self) for m in legality.legal_moves(self.rules, self._board, self._white))
            object.__setattr__(self, "_legal", moves)
            return moves
        return self._legal

    @property
    def must_capture(self) -> bool:
        """Whether the side to move has a capture, and so must take (DE-MANDATORY)."""
        return bool(self.legal_moves) and self.legal_moves[0].is_capture

    def routes(self) -> tuple[Move, ...]:
        """Every legal move by every route it can take.

        Unbounded, and meant for small positions: a Turkish king among sixteen men can reach
        the same few moves by over a million routes, which take many seconds and much memory
        to list. :attr:`legal_moves` gives one route to each move, and is bounded."""
        return tuple(Move._from_raw(m, self) for m in self._generator.legal(self._board, every_route=True))

    def parse_move(self, move: Move | str, *, literal: bool = False) -> Move:
        """The legal move that ``move`` names, or a damlib error saying why there is none.

        Move text names the start square and every landing square, separated by
        ``-``, ``:`` or ``x`` (``c3-d4``, ``c3:e5:c7``, ``d6xb4``). A capture may
        name only its start and end, or some of its landing squares, when that
        is unambiguous: such shorthand is read as the legal move it stands for.
        The returned move keeps the route the text names, filled in where the
        text is shorthand; the text was shorthand exactly when ``path`` lists
        more squares than it named.

        With ``literal`` (as a referee reads moves) a text means exactly the step,
        or the jumps onto each named square, that it names, whenever it names any:
        a capture stopped part-way is refused even where its squares could be
        shorthand for a longer legal route. Only squares that are no route at all
        may then stand for a legal move.

        >>> pos = Position.from_fen("W:WKd4:Bd6,d2", "turkish")
        >>> pos.parse_move("d4:d7")  # shorthand: by d1, then back over d6
        Move('d4:d1:d7')
        >>> pos.parse_move("d4:d7", literal=True)
        Traceback (most recent call last):
        ...
        damlib.engine.errors.IllegalMoveError: d4:d7 is not allowed (TR-MANDATORY): after a jump the same piece must jump again while it can; the capture does not end on d7.
        """  # noqa: E501
        if not isinstance(literal, bool):
            raise DamlibError(told("not-flag", keyword="literal", value=shown(literal)))
        if isinstance(move, Move):
            # a Move made on another position would carry that position (and draw its board):
            # it is read again, as its text, on this one
            if not literal and move.position in (self, None) and move in self.legal_moves:
                return move
            text = str(move)
        else:
            text = move
        squares = notation.parse_move_text(text, self.rules)
        legal = self.legal_moves
        # text naming every landing of a legal capture means that capture, even where a longer one
        # passes the same squares on its way to the same end (without the majority rule); a referee
        # reads any text that names a route as exactly that route
        found = (legality._literal(self.rules, self._board, self._white, squares)
                 if literal or legal and legal[0].is_capture else None)
        if found is not None:
            if legality._is_legal_route([m._raw for m in legal], *found):
                return Move._from_raw(found[0], self)
            if literal:
                rule, sentence = legality.diagnose(self.rules, self._board, self._white, squares, text)
                raise IllegalMoveError(sentence, rule)
        matches = self._named(squares)
        distinct = list(dict.fromkeys(matches))
        if len(distinct) == 1:
            return matches[0]
        if distinct:
            names = ", ".join(str(m) for m in distinct)
            raise AmbiguousMoveError(language.counted("ambiguous", len(distinct), TEXTS, text=repr(text), moves=names),
                                     tuple(distinct))
        rule, sentence = legality.diagnose(self.rules, self._board, self._white, squares, text)
        raise IllegalMoveError(sentence, rule)

    def _named(self, squares: list[int]) -> list[Move]:
        """The legal moves that move text naming ``squares`` stands for, each by a
        route it names; only those routes are searched, not every route."""
        legal = self.legal_moves
        if not legal or not legal[0].is_capture or len(squares) == 2:
            # every route of a move goes from its start to its end: start and end name
            # the moves among the legal ones, with no search
            return [m for m in legal if legality.names_route(squares, m._raw[0])]
        if self._board[squares[0]] not in (self._generator.man, self._generator.king):
            return []
        key = tuple(squares)
        ends = [m for m in legal if m._raw[0][0] == squares[0] and m._raw[0][-1] == squares[-1]]
        if all(legality.names_route(squares, m._raw[0]) for m in ends):
            return ends  # each move it can stand for has a route naming them: nothing to search
        if self._named_last is None or self._named_last[0] != key:
            allowed = set(legal)
            gen = self._generator
            if gen.by_levels:  # only the longest can be legal
                raws = gen.longest_named(self._board, squares, [m._raw for m in legal])
            else:
                raws = [raw for raw, complete in gen.named(self._board, squares) if complete]
            found = (Move._from_raw(raw, self) for raw in raws)
            object.__setattr__(self, "_named_last", (key, [m for m in found if m in allowed]))
        assert self._named_last is not None
        return list(self._named_last[1])

    # -- captures square by square (a board's clicks, a referee) ------------

    def captures(self, *, square: str | None = None, longest: bool = False) -> tuple[Move, ...]:
        """Every complete capture, one route to each, whether the majority rule allows it or
        not: of the piece on ``square`` only, if given, and with ``longest`` only each piece's
        longest.

        >>> [str(m) for m in Position.from_fen("W:We3:Bd4,f4,b6", "german").captures()]
        ['e3:c5:a7', 'e3:g5']
        """
        own = None if square is None else [parse_square(square, self.rules)]
        return tuple(Move._from_raw(raw, self) for raw in self._generator.captures(self._board, own, longest=longest))

    def forbidden_captures(self, most: int) -> tuple[int, tuple[Move, ...]]:
        """How many complete captures the majority rule forbids, as they take fewer pieces than
        the longest, and the ``most`` of them that take the most; counted without listing every
        one where a capture has too many routes to walk.

        >>> Position.from_fen("W:We3:Bd4,f4,b6", "german").forbidden_captures(1)
        (1, (Move('e3:g5'),))
        """
        gen = self._generator
        if not gen.by_levels:
            allowed = set(self.legal_moves)
            shorter = dict.fromkeys(m for m in self.captures() if m not in allowed)
            every = sorted(shorter, key=lambda m: -len(m.captured))
            return len(every), tuple(every[:most])
        count, raws = gen.forbidden(self._board, most)
        return count, tuple(Move._from_raw(raw, self) for raw in raws)

    def steps(self) -> tuple[Move, ...]:
        """The moves that capture nothing, as if capturing were not compulsory (DE-MANDATORY).

        >>> [str(m) for m in Position.from_fen("W:We3:Bd4", "german").steps()]
        ['e3-f4']
        """
        gen = self._generator
        return tuple(Move._from_raw(raw, self) for raw in gen.steps(self._board, gen.own_squares(self._board)))

    def capture_mistake(self, move: Move | str) -> Move | None:
        """The move ``move`` names exactly (every landing), if it breaks only the capture rules,
        else ``None``: a step when a capture was possible, a capture stopped while the piece
        could jump on, or one that takes fewer pieces than the most, the mistakes DE-PENALTY
        and TR-PENALTY punish.

        >>> Position.from_fen("W:We3:Bd4,f4,b6", "german").capture_mistake("e3:c5")
        Move('e3:c5')
        """
        squares = list(_squares(move.path, "path")) if isinstance(move, Move) else (
            notation.parse_move_text(move, self.rules))
        raw = legality.capture_mistake(self.rules, self._board, self._white, squares)
        return None if raw is None else Move._from_raw(raw, self)

    def move_through(self, squares: Sequence[str]) -> tuple[Move, bool] | None:
        """The capture that starts on ``squares[0]`` and jumps onto each later square in turn,
        legal or not, and whether it is complete (the piece cannot jump on); ``None`` where no
        capture does.

        >>> Position.from_fen("W:We3:Bd4,f4,b6", "german").move_through(["e3", "c5"])
        (Move('e3:c5'), False)
        """
        found = self._generator.follow(self._board, _squares(squares, "squares"))
        return None if found is None else (Move._from_raw(found[0], self), found[1])

    def landings(self, path: Sequence[str], *, any_capture: bool = False) -> dict[str, tuple[str, ...] | None]:
        """Where the capture begun along ``path`` (its start, then each landing so far) can jump
        next on its way to a legal capture (with ``any_capture``, to any complete one, the
        majority rule kept or not): for each landing, the landings after it that finish the one
        capture it leads to, or ``None`` where that is not one known capture (it can still become
        more than one; with ``any_capture`` the goals are not listed, and a landing that leads on
        says ``None``). Worked out once per piece, never route by route.

        >>> pos = Position.from_fen("W:We3:Bd4,f4,b6", "german")
        >>> pos.landings(["e3"]), pos.landings(["e3"], any_capture=True)
        ({'c5': ('a7',)}, {'c5': None, 'g5': ()})
        """
        squares = _squares(path, "path")
        if not squares:
            raise MoveTextError(say("no-start"))
        key = (squares[0], any_capture)
        if key not in self._reaches:
            # any complete capture may end it where mistakes are allowed (a referee's game)
            goals = None if any_capture else [m._raw for m in self.legal_moves]
            self._reaches[key] = self._generator.reach(self._board, squares[0], goals)
        reach = self._reaches[key]
        if len(squares) == 1:
            reached = reach.landings(squares, ())
        else:
            found = self._generator.follow(self._board, squares)
            reached = {} if found is None else reach.landings(squares, found[0][1])
        return {SQUARE_NAMES[t]: None if value == MANY else tuple(SQUARE_NAMES[u] for u in value[1])
                for t, value in reached.items() if value is not None}

    def play(self, move: Move | str) -> Position:
        """The position after ``move`` (a :class:`Move` or move text).

        Raises :class:`~damlib.engine.errors.IllegalMoveError` naming the rule that
        forbids an illegal move; this position is unchanged either way.
        """
        return self.after(self.parse_move(move))

    def after(self, move: Move) -> Position:
        """The position after ``move``, a move of this position (from :attr:`legal_moves`,
        :meth:`parse_move`, :meth:`capture_mistake`, :meth:`captures`), not checked again: a
        game records a capture mistake this way (DE-PENALTY), where :meth:`play` refuses it.
        A move that names another position is refused.

        >>> pos = Position.from_fen("W:We3:Bd4,f4,b6", "german")
        >>> pos.after(pos.capture_mistake("e3:g5")).fen
        'B:Wg5:Bd4,b6'
        """
        if not isinstance(move, Move) or move.position not in (self, None):
            raise DamlibError(say("not-own-move", value=shown(move)))
        return Position._of(self.rules, movegen.apply(self._board, move._raw), not self._white)


#: The deepest perft counts: far past what finishes in a lifetime, and short of Python's recursion limit.
MAX_PERFT_DEPTH = 64


def perft(position: Position, depth: int) -> int:
    """The number of leaves of the legal-move tree ``depth`` plies deep.

    >>> perft(Position.start("german"), 3)
    302
    """
    if not isinstance(position, Position):
        raise DamlibError(say("perft-from", value=shown(position)))
    if isinstance(depth, bool) or not isinstance(depth, int) or not 0 <= depth <= MAX_PERFT_DEPTH:
        raise DamlibError(say("perft-depth", most=MAX_PERFT_DEPTH, value=shown(depth)))
    return movegen.perft(position.rules, position._board, position._white, depth)
