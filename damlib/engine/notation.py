"""Reading and writing positions and moves as text.

- FEN, PDN style with algebraic squares: ``W:Wa1,c1,Kd4:Bb8,Kh2`` (side to
  move, then each side's squares, ``K`` before a king).
- Diagrams: 8 lines, rank 8 first, ``.`` empty, ``w``/``b`` men, ``W``/``B`` kings.
- Move text: squares joined by ``-``, ``:`` or ``x``.

Every reader raises a :class:`~damlib.engine.errors.DamlibError` naming the bad part.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any, Literal, NamedTuple

from .errors import FenError, IllegalMoveError, MoveTextError, SquareError, shown
from .squares import SQUARE_NAMES, parse_square, playable, square_number
from .variants import Rules

#: A side of the board, as the public API names it.
Color = Literal["white", "black"]

SYMBOLS = {0: ".", 1: "w", 2: "W", -1: "b", -2: "B"}
_VALUES = {symbol: value for value, symbol in SYMBOLS.items()}
_SIDES = {"W": True, "B": False}
_TURNS = {"w": True, "white": True, "b": False, "black": False}

#: The longest texts read: a full board's FEN or diagram, and a move of the most jumps
#: (with room for spaces), take far less. Longer input is refused before it is read.
MAX_TEXT = 1000
MAX_MOVE_TEXT = 100


def parse_turn(turn: str) -> bool:
    """``True`` for White to move: accepts ``"white"``/``"black"`` or ``"W"``/``"B"``."""
    key = turn.strip().lower() if isinstance(turn, str) else None
    if key not in _TURNS:
        raise FenError(f"unknown side to move {shown(turn)}: use 'W' or 'B' ('white' or 'black')")
    return _TURNS[key]


def _text(text: object, what: str, example: str) -> str:
    """``text`` if it is text of a readable length, else a FenError saying what it is."""
    if not isinstance(text, str):
        raise FenError(f"a {what} must be text like {example}, not {shown(text)}")
    if len(text) > MAX_TEXT:
        raise FenError(f"a {what} of {len(text)} characters is too long to be one; at most {MAX_TEXT}")
    return text


class Problem(NamedTuple):
    """Why a board cannot be a position of a game: the square at fault (``None`` for the
    board as a whole), the rule cited (an ID, or "published rules") and the explanation."""

    square: str | None
    rule: str
    text: str


def board_problems(board: Sequence[int], rules: Rules) -> list[Problem]:
    """What no game can reach on ``board``: pieces off the squares of play, men on their last
    rank, men behind their starting ranks where men never move backward (Turkish), too many
    pieces. Empty if the board is a position of the game (a simplified one is one).

    >>> from damlib import GERMAN
    >>> board = [0] * 64; board[1] = -1; board[63] = 1
    >>> [(p.square, p.rule) for p in board_problems(board, GERMAN)]
    [('b1', 'DE-BOARD'), ('h8', 'DE-PROMOTE')]
    """
    problems = []
    backward = any(dr < 0 for _, dr in rules.man_steps + rules.man_captures)
    lowest = min(int(s[1]) for s in rules.white_start) if rules.white_start else 1
    highest = max(int(s[1]) for s in rules.black_start) if rules.black_start else 8
    for square, value in enumerate(board):
        name, rank = SQUARE_NAMES[square], square // 8 + 1
        colour = "White" if value > 0 else "Black"
        if value and not playable(square, rules):
            problems.append(Problem(name, rules.cite("board"), f"{name} is not a playable square in {rules.name} "
                                    f"draughts ({rules.cite('board')}: play is on the squares of a1's colour)"))
        elif value == 1 and rank == 8 or value == -1 and rank == 1:
            problems.append(Problem(name, rules.cite("promote"),
                                    f"a {colour} man on {name}, its own last rank, would be a king "
                                    f"({rules.cite('promote')}): write it as a king (K{name})"))
        elif not backward and (value == 1 and rank < lowest or value == -1 and rank > highest):
            start = rules.white_start if value == 1 else rules.black_start
            ranks = sorted({s[1] for s in start})
            problems.append(Problem(
                name, rules.cite("man-move"),
                f"a {colour} man on {name} cannot arise in {rules.name} draughts: {colour}'s men start on "
                f"rank{'s' if len(ranks) > 1 else ''} {'–'.join((ranks[0], ranks[-1])[:len(ranks)])} and never "
                f"move backward ({rules.cite('man-move')}); a piece there must be a king (K{name})"))
    for colour, sign, start in (("White", 1, rules.white_start), ("Black", -1, rules.black_start)):
        count = sum(1 for v in board if v * sign > 0)
        if count > len(start):
            problems.append(Problem(None, rules.cite("start"), f"{colour} has {count} pieces; in {rules.name} "
                                    f"draughts a side has at most {len(start)} ({rules.cite('start')})"))
    return problems


def _check_board(board: list[int], rules: Rules) -> tuple[int, ...]:
    """``board``, or a FenError naming the first of its :func:`board_problems`."""
    problems = board_problems(board, rules)
    if problems:
        raise FenError(problems[0].text)
    return tuple(board)


def parse_fen(text: str, rules: Rules) -> tuple[tuple[int, ...], bool]:
    """The board and side to move (``True`` for White) of FEN ``text``."""
    if not _text(text, "FEN", "'W:Wa1,c3:Bb8'").strip():
        raise FenError("empty FEN: expected something like 'W:Wa1,c3:Bb8'")
    fields = text.strip().rstrip(".").split(":")
    try:
        white = parse_turn(fields[0])
    except FenError as e:
        raise FenError(f"in FEN {text!r}: {e}") from None
    board = [0] * 64
    for field in fields[1:]:
        field = field.strip()
        if not field:
            continue
        side = field[0].upper()
        if side not in _SIDES:
            raise FenError(f"in FEN {text!r}: unknown side {field[0]!r} in {field!r}; each list starts with W or B")
        sign = 1 if _SIDES[side] else -1
        for item in field[1:].split(","):
            item = item.strip()
            if not item:
                continue
            king = item[0].upper() == "K"
            try:
                square = parse_square(item[1:] if king else item, rules)
            except SquareError as e:
                raise FenError(f"in FEN {text!r}: {e}") from None
            if board[square]:
                raise FenError(f"in FEN {text!r}: two pieces on {SQUARE_NAMES[square]}")
            board[square] = sign * (2 if king else 1)
    return _check_board(board, rules), white


def format_fen(board: tuple[int, ...], white: bool) -> str:
    """FEN for ``board``: men then kings, each in square order a1, b1, …, h8."""
    def side(sign: int) -> str:
        men = [SQUARE_NAMES[s] for s, v in enumerate(board) if v == sign]
        kings = ["K" + SQUARE_NAMES[s] for s, v in enumerate(board) if v == 2 * sign]
        return ",".join(men + kings)

    return f"{'W' if white else 'B'}:W{side(1)}:B{side(-1)}"


def parse_diagram(text: str, rules: Rules) -> tuple[int, ...]:
    """The board drawn in ``text`` (see :func:`format_diagram`)."""
    drawn = _text(text, "diagram", "8 lines of . w b W B")
    lines = [line.replace(" ", "") for line in drawn.splitlines() if line.strip()]
    if len(lines) != 8:
        raise FenError(f"a diagram has 8 lines (rank 8 first), not {len(lines)}")
    board = [0] * 64
    for row, line in enumerate(lines):
        rank = 8 - row
        if len(line) != 8:
            raise FenError(f"rank {rank} of the diagram has {len(line)} squares, not 8: {line!r}")
        for file, symbol in enumerate(line):
            if symbol not in _VALUES:
                raise FenError(f"unknown symbol {symbol!r} on rank {rank} of the diagram; use . w b W B")
            square = (rank - 1) * 8 + file
            if _VALUES[symbol]:
                try:
                    parse_square(SQUARE_NAMES[square], rules)
                except SquareError as e:
                    raise FenError(f"a piece on {SQUARE_NAMES[square]}: {e}") from None
            board[square] = _VALUES[symbol]
    return _check_board(board, rules)


def format_diagram(board: tuple[int, ...]) -> str:
    """Eight lines, rank 8 first: ``.`` empty, ``w``/``b`` men, ``W``/``B`` kings."""
    return "\n".join(
        " ".join(SYMBOLS[board[rank * 8 + file]] for file in range(8)) for rank in range(7, -1, -1)
    )


def format_move(move: tuple[Any, ...]) -> str:
    """Move text for a raw move ``(path, captured, promotes)``: ``c3-d4`` or ``c3:e5:c7``."""
    path, captured = move[0], move[1]
    return (":" if captured else "-").join(SQUARE_NAMES[s] for s in path)


_MOVE = re.compile(r"^[a-z][0-9]+(?:[-:x][a-z][0-9]+)+$")


def parse_move_text(text: str, rules: Rules) -> list[int]:
    """The squares named in move text, start first: ``"c3:e5:c7"`` → ``[18, 36, 50]``."""
    if not isinstance(text, str):
        raise MoveTextError(f"move text must be a string like 'c3-d4', not {shown(text)}")
    if len(text) > MAX_MOVE_TEXT:
        raise MoveTextError(f"move text of {len(text)} characters is too long for a move; at most {MAX_MOVE_TEXT}")
    clean = text.strip().lower().replace("×", "x")
    if not _MOVE.match(clean):
        raise MoveTextError(
            f"{text!r} is not move text: name the start square and each landing square, "
            "joined by '-', ':' or 'x' (c3-d4, c3:e5:c7)"
        )
    try:
        squares = [square_number(s) for s in re.split(r"[-:x]", clean)]
    except SquareError as e:
        raise MoveTextError(f"in move {text!r}: {e}") from None
    for square in squares:
        if not playable(square, rules):
            rule = rules.rule_id("board")
            raise IllegalMoveError(
                f"{text.strip()} is not allowed ({rules.cite('board')}): {SQUARE_NAMES[square]} is not a square "
                f"of the {rules.name} board; play is on the squares of a1's colour.",
                rule,
            )
    return squares


def parse_color(value: object, what: str) -> Color | None:
    """``"white"`` or ``"black"`` for a side named any way :func:`parse_turn` reads, ``None``
    for nobody (``None`` or ``""``); ``what`` names the setting in the error.

    >>> parse_color("White", "computer"), parse_color("", "computer")
    ('white', None)
    """
    if value is None or value == "":
        return None
    try:
        return "white" if parse_turn(value) else "black"  # type: ignore[arg-type]
    except FenError:
        raise FenError(f"{what} must be 'white', 'black' or nobody (None), not {value!r}") from None


def move_number(ply: int, *, white_first: bool = True) -> str:
    """The number written before the move of ``ply`` (0 for the first move of the game):
    ``"2."`` for White's move, ``"2. …"`` for Black's.

    >>> move_number(2), move_number(0, white_first=False)
    ('2.', '1. …')
    """
    ply += 0 if white_first else 1
    return f"{ply // 2 + 1}." + ("" if ply % 2 == 0 else " …")


def numbered_moves(moves: Sequence[object], *, white_first: bool = True) -> str:
    """Moves numbered in pairs, as a game is written down.

    >>> numbered_moves(["f6-e5", "c3-d4"], white_first=False)
    '1. … f6-e5 2. c3-d4'
    """
    parts = []
    for ply, move in enumerate(moves):
        number = move_number(ply, white_first=white_first)
        parts.append(f"{number} {move}" if ply == 0 or not number.endswith("…") else str(move))
    return " ".join(parts)


_NOT_MOVES = re.compile(r"^(\d+\.+|\*|[012]-[012]|1/2-1/2|…)$")
_MOVE_NUMBER = re.compile(r"^\d+\.+")


def move_texts(moves: str | Iterable[str]) -> list[str]:
    """The move texts in a list of them, or in text such as ``"1. c3-d4 f6-e5 2. d4xf6 1-0"``
    (move numbers, ``{comments}`` and a result are left out).

    >>> move_texts("1.c3-d4 f6-e5 {a comment} 2. d4xf6 1-0")
    ['c3-d4', 'f6-e5', 'd4xf6']
    """
    if isinstance(moves, str):
        moves = re.sub(r"\{[^}]*\}", " ", moves).split()
    elif not isinstance(moves, Iterable) or isinstance(moves, (bytes, bytearray)):
        raise MoveTextError(f"moves must be text like '1. c3-d4 f6-e5' or a list of move texts, not {moves!r}")
    texts = []
    for text in moves:
        if not isinstance(text, str):
            raise MoveTextError(f"each move must be text like 'c3-d4', not {text!r}")
        text = text.strip()
        if text and not _NOT_MOVES.match(text):
            texts.append(_MOVE_NUMBER.sub("", text))
    return [t for t in texts if t]
