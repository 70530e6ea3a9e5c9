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

from . import language
from .errors import FenError, IllegalMoveError, MoveTextError, SquareError, shown
from .squares import SQUARE_NAMES, off_board, parse_square, playable, square_number
from .variants import Rules, game_name

#: Every sentence a reader says of bad text: ``{text}`` is the text as given (quoted), ``{rule}`` a
#: rule ID, ``{game}`` the game's name ("German draughts"), ``{square}`` a square name.
TEXTS: dict[str, str] = {
    "unknown-turn": "unknown side to move {turn}: use 'W' or 'B' ('white' or 'black')",
    "fen-not-text": "a FEN must be text like 'W:Wa1,c3:Bb8', not {text}",
    "fen-too-long": "a FEN of {length} characters is too long to be one; at most {most}",
    "diagram-not-text": "a diagram must be text like 8 lines of . w b W B, not {text}",
    "diagram-too-long": "a diagram of {length} characters is too long to be one; at most {most}",
    "white-last-rank": "a White man on {square}, its own last rank, would be a king ({rule}): write it as a king "
                       "(K{square})",
    "black-last-rank": "a Black man on {square}, its own last rank, would be a king ({rule}): write it as a king "
                       "(K{square})",
    "white-behind-one": "a White man on {square} cannot arise in {game}: White's men start on rank {ranks} and never "
                        "move backward ({rule}); a piece there must be a king (K{square})",
    "white-behind-other": "a White man on {square} cannot arise in {game}: White's men start on ranks {ranks} and "
                          "never move backward ({rule}); a piece there must be a king (K{square})",
    "black-behind-one": "a Black man on {square} cannot arise in {game}: Black's men start on rank {ranks} and never "
                        "move backward ({rule}); a piece there must be a king (K{square})",
    "black-behind-other": "a Black man on {square} cannot arise in {game}: Black's men start on ranks {ranks} and "
                          "never move backward ({rule}); a piece there must be a king (K{square})",
    "white-too-many": "White has {count} pieces; in {game} a side has at most {most} ({rule})",
    "black-too-many": "Black has {count} pieces; in {game} a side has at most {most} ({rule})",
    "empty-fen": "empty FEN: expected something like 'W:Wa1,c3:Bb8'",
    "in-fen": "in FEN {text}: {problem}",
    "unknown-side": "in FEN {text}: unknown side {side} in {field}; each list starts with W or B",
    "two-pieces": "in FEN {text}: two pieces on {square}",
    "diagram-lines": "a diagram has 8 lines (rank 8 first), not {count}",
    "diagram-rank": "rank {rank} of the diagram has {count} squares, not 8: {line}",
    "diagram-symbol": "unknown symbol {symbol} on rank {rank} of the diagram; use . w b W B",
    "diagram-piece": "a piece on {square}: {problem}",
    "move-not-text": "move text must be a string like 'c3-d4', not {text}",
    "move-too-long": "move text of {length} characters is too long for a move; at most {most}",
    "not-move-text": "{text} is not move text: name the start square and each landing square, joined by '-', ':' "
                     "or 'x' (c3-d4, c3:e5:c7)",
    "in-move": "in move {text}: {problem}",
    "move-off-board": "{move} is not allowed ({rule}): {square} is not a square of the board in {game}; play is "
                      "on the squares of a1's colour.",
    "not-side": "{what} must be 'white', 'black' or nobody (None), not {value}",
    "moves-not-text": "moves must be text like '1. c3-d4 f6-e5' or a list of move texts, not {moves}",
    "move-not-string": "each move must be text like 'c3-d4', not {text}",
    # a side's name, where a sentence names it as its subject ("{side} threatens …")
    "side-white": "White",
    "side-black": "Black",
}
say = language.sayer(TEXTS)

#: A side of the board, as the public API names it.
Color = Literal["white", "black"]

SYMBOLS = {0: ".", 1: "w", 2: "W", -1: "b", -2: "B"}
#: piece value by diagram letter (0 for ".")
VALUES = {symbol: value for value, symbol in SYMBOLS.items()}
_SIDES = {"W": True, "B": False}
_TURNS = {"w": True, "white": True, "b": False, "black": False}

#: The longest texts read: a full board's FEN or diagram, and a move of the most jumps
#: (with room for spaces), take far less. Longer input is refused before it is read.
MAX_TEXT = 1000
MAX_MOVE_TEXT = 100


def side_name(color: Color) -> str:
    """The name of the side ``color`` ("White"), in the chosen language."""
    return say(f"side-{color}")


def parse_turn(turn: str) -> bool:
    """``True`` for White to move: accepts ``"white"``/``"black"`` or ``"W"``/``"B"``."""
    key = turn.strip().lower() if isinstance(turn, str) else None
    if key not in _TURNS:
        raise FenError(say("unknown-turn", turn=shown(turn)))
    return _TURNS[key]


def _text(text: object, kind: Literal["fen", "diagram"]) -> str:
    """``text`` if it is text of a readable length, else a FenError saying what it is."""
    if not isinstance(text, str):
        raise FenError(say(f"{kind}-not-text", text=shown(text)))
    if len(text) > MAX_TEXT:
        raise FenError(say(f"{kind}-too-long", length=len(text), most=MAX_TEXT))
    return text


class Problem(NamedTuple):
    """Why a board cannot be a position of a game: the square at fault (``None`` for the
    board as a whole), the rule cited (an ID, or "published rules") and the explanation."""

    square: str | None
    rule: str
    text: str


def board_problems(rules: Rules, board: Sequence[int]) -> list[Problem]:
    """What no game can reach on ``board``: pieces off the squares of play, men on their last
    rank, men behind their starting ranks where men never move backward (Turkish), too many
    pieces. Empty if the board is a position of the game (a simplified one is one).

    >>> from damlib import GERMAN
    >>> board = [0] * 64; board[1] = -1; board[63] = 1
    >>> [(p.square, p.rule) for p in board_problems(GERMAN, board)]
    [('b1', 'DE-BOARD'), ('h8', 'DE-PROMOTE')]
    """
    problems = []
    backward = any(dr < 0 for _, dr in rules.man_steps + rules.man_captures)
    lowest = min(int(s[1]) for s in rules.white_start) if rules.white_start else 1
    highest = max(int(s[1]) for s in rules.black_start) if rules.black_start else 8
    for square, value in enumerate(board):
        name, rank = SQUARE_NAMES[square], square // 8 + 1
        colour = "white" if value > 0 else "black"
        if value and not playable(square, rules):
            problems.append(Problem(name, rules.cite("board"), off_board(name, rules)))
        elif value == 1 and rank == 8 or value == -1 and rank == 1:
            problems.append(Problem(name, rules.cite("promote"),
                                    say(f"{colour}-last-rank", square=name, rule=rules.cite("promote"))))
        elif not backward and (value == 1 and rank < lowest or value == -1 and rank > highest):
            start = rules.white_start if value == 1 else rules.black_start
            ranks = sorted({s[1] for s in start})
            problems.append(Problem(name, rules.cite("man-move"), language.counted(
                f"{colour}-behind", len(ranks), TEXTS, square=name, game=game_name(rules),
                ranks="–".join((ranks[0], ranks[-1])[:len(ranks)]), rule=rules.cite("man-move"))))
    for colour, sign, start in (("white", 1, rules.white_start), ("black", -1, rules.black_start)):
        count = sum(1 for v in board if v * sign > 0)
        if count > len(start):
            problems.append(Problem(None, rules.cite("start"), say(f"{colour}-too-many", count=count, game=game_name(
                rules), most=len(start), rule=rules.cite("start"))))
    return problems


def check_board(rules: Rules, board: list[int]) -> tuple[int, ...]:
    """``board``, or a FenError naming the first of its :func:`board_problems`."""
    problems = board_problems(rules, board)
    if problems:
        raise FenError(problems[0].text)
    return tuple(board)


def parse_fen(text: str, rules: Rules) -> tuple[tuple[int, ...], bool]:
    """The board and side to move (``True`` for White) of FEN ``text``."""
    if not _text(text, "fen").strip():
        raise FenError(say("empty-fen"))
    fields = text.strip().rstrip(".").split(":")
    try:
        white = parse_turn(fields[0])
    except FenError as e:
        raise FenError(say("in-fen", text=repr(text), problem=e)) from None
    board = [0] * 64
    for field in fields[1:]:
        field = field.strip()
        if not field:
            continue
        side = field[0].upper()
        if side not in _SIDES:
            raise FenError(say("unknown-side", text=repr(text), side=repr(field[0]), field=repr(field)))
        sign = 1 if _SIDES[side] else -1
        for item in field[1:].split(","):
            item = item.strip()
            if not item:
                continue
            king = item[0].upper() == "K"
            try:
                square = parse_square(item[1:] if king else item, rules)
            except SquareError as e:
                raise FenError(say("in-fen", text=repr(text), problem=e)) from None
            if board[square]:
                raise FenError(say("two-pieces", text=repr(text), square=SQUARE_NAMES[square]))
            board[square] = sign * (2 if king else 1)
    return check_board(rules, board), white


def format_fen(board: tuple[int, ...], white: bool) -> str:
    """FEN for ``board``: men then kings, each in square order a1, b1, …, h8."""
    def side(sign: int) -> str:
        men = [SQUARE_NAMES[s] for s, v in enumerate(board) if v == sign]
        kings = ["K" + SQUARE_NAMES[s] for s, v in enumerate(board) if v == 2 * sign]
        return ",".join(men + kings)

    return f"{'W' if white else 'B'}:W{side(1)}:B{side(-1)}"


def parse_diagram(text: str, rules: Rules) -> tuple[int, ...]:
    """The board drawn in ``text`` (see :func:`format_diagram`)."""
    drawn = _text(text, "diagram")
    lines = [line.replace(" ", "") for line in drawn.splitlines() if line.strip()]
    if len(lines) != 8:
        raise FenError(say("diagram-lines", count=len(lines)))
    board = [0] * 64
    for row, line in enumerate(lines):
        rank = 8 - row
        if len(line) != 8:
            raise FenError(say("diagram-rank", rank=rank, count=len(line), line=repr(line)))
        for file, symbol in enumerate(line):
            if symbol not in VALUES:
                raise FenError(say("diagram-symbol", symbol=repr(symbol), rank=rank))
            square = (rank - 1) * 8 + file
            if VALUES[symbol]:
                try:
                    parse_square(SQUARE_NAMES[square], rules)
                except SquareError as e:
                    raise FenError(say("diagram-piece", square=SQUARE_NAMES[square], problem=e)) from None
            board[square] = VALUES[symbol]
    return check_board(rules, board)


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
        raise MoveTextError(say("move-not-text", text=shown(text)))
    if len(text) > MAX_MOVE_TEXT:
        raise MoveTextError(say("move-too-long", length=len(text), most=MAX_MOVE_TEXT))
    clean = text.strip().lower().replace("×", "x")
    if not _MOVE.match(clean):
        raise MoveTextError(say("not-move-text", text=repr(text)))
    try:
        squares = [square_number(s) for s in re.split(r"[-:x]", clean)]
    except SquareError as e:
        raise MoveTextError(say("in-move", text=repr(text), problem=e)) from None
    for square in squares:
        if not playable(square, rules):
            raise IllegalMoveError(say("move-off-board", move=text.strip(), rule=rules.cite("board"),
                                       square=SQUARE_NAMES[square], game=game_name(rules)), rules.rule_id("board"))
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
        raise FenError(say("not-side", what=what, value=repr(value))) from None


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
        raise MoveTextError(say("moves-not-text", moves=repr(moves)))
    texts = []
    for text in moves:
        if not isinstance(text, str):
            raise MoveTextError(say("move-not-string", text=repr(text)))
        text = text.strip()
        if text and not _NOT_MOVES.match(text):
            texts.append(_MOVE_NUMBER.sub("", text))
    return [t for t in texts if t]
