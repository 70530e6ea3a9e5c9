"""Why a move is or is not allowed, in words a learner understands, with rule IDs.

>>> from damlib import Position, explain
>>> pos = Position.from_fen("W:We3:Bd4,f4,b6", "german")
>>> explain(pos, "e3:g5")
'e3:g5 is not allowed (DE-MAJORITY): it takes 1 piece, but e3:c5:a7 takes 2 — you must take the most.'
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.errors import DamlibError, IllegalMoveError, require, shown
from ..engine.legality import pieces as _pieces
from ..engine.notation import parse_move_text
from ..engine.position import Move, Position
from ..engine.squares import SQUARE_NAMES, parse_square
from ..engine.variants import RULE_TEXT, Topic

_NAMES = {1: "man", 2: "king"}


def _position(position: object) -> Position:
    if not isinstance(position, Position):
        raise DamlibError(f"expected a Position, not {shown(position)}")
    return position


def explain(position: Position, move_text: Move | str) -> str:
    """What ``move_text`` does in ``position``, or which rule forbids it.

    Never raises for bad move text: the answer then says what is wrong with it.
    Shorthand is read as the legal move it stands for, and the answer says so,
    and what a referee, who reads the text exactly as written, makes of it.

    >>> from damlib import Position
    >>> pos = Position.from_fen("W:Wb6:Bc7,e7", "german")
    >>> explain(pos, "b6:d8:f6")
    'b6:d8:f6 is legal: the man captures c7, e7 (2 pieces); it passes the last rank on d8 and stays a man (DE-PROMOTE-PASS).'
    >>> print(explain(Position.from_fen("W:WKd4:Bd6,d2", "turkish"), "d4:d7"))  # doctest: +NORMALIZE_WHITESPACE
    d4:d7 stands for d4:d1:d7, which is legal: the king captures d2, d6 (2 pieces), as many as any capture
    here (TR-MAJORITY). In referee mode a text means exactly the jumps it names, and then d4:d7 is not
    allowed (TR-MANDATORY): after a jump the same piece must jump again while it can; the capture does
    not end on d7.
    """  # noqa: E501
    position = _position(position)
    try:
        move = position.parse_move(move_text)
    except DamlibError as e:
        return str(e)
    text = str(move_text).strip()
    if len(parse_move_text(text, position.rules)) == len(move.path):
        return f"{move} is legal: {describe(move, position)}"
    answer = f"{text} stands for {move}, which is legal: {describe(move, position)}"
    try:
        position.parse_move(move_text, literal=True)
    except IllegalMoveError as e:
        answer += f" In referee mode a text means exactly the jumps it names, and then {e}"
    return answer


def describe(move: Move | str, position: Position) -> str:
    """What a legal ``move`` (a Move, or move text) does (captures, promotion), citing the rules involved.

    >>> from damlib import Position
    >>> describe("c3-d4", Position.start("german"))
    'the man moves to d4.'
    """
    require(position, Position, "position")
    # a Move may be a capture mistake (referee mode): it is described as it is, not parsed again
    if isinstance(require(move, (Move, str), "move"), str):
        move = position.parse_move(move)
    assert isinstance(move, Move)
    rules = position.rules
    piece = _NAMES[abs(position._board[move._raw[0][0]])]
    last = position._generator.last_rank
    if move.captured:
        text = f"the {piece} captures {', '.join(move.captured)} ({_pieces(len(move.captured))})"
        if len(position.legal_moves) > 1 and rules.majority:
            text += f", as many as any capture here ({rules.cite('majority')})"
    else:
        text = f"the {piece} moves to {move.end}"
    crowned_on = next((s for s, n in zip(move.path[1:-1], move._raw[0][1:-1], strict=True) if n in last), None)
    if piece == "man" and crowned_on and rules.crown_mid_capture:
        text += f"; it is crowned on {crowned_on} and captures on as a king ({rules.cite('promote-mid')})"
    elif piece == "man" and crowned_on and not move.promotes:
        text += f"; it passes the last rank on {crowned_on} and stays a man ({rules.cite('promote-mid')})"
    elif move.promotes:
        text += f" and becomes a king ({rules.cite('promote')})"
    return text + "."


@dataclass(frozen=True)
class CaptureStage:
    """One moment of a capture, for stepping through it jump by jump.

    ``position`` shows the board at that moment (the side to move unchanged until
    the end): the capturing piece on ``path[-1]``; the pieces in ``jumped`` still
    on the board where jumped pieces stay until the last jump (DE-STRIKE), gone
    where they go at once (TR-REMOVE). ``king`` tells whether the capturing piece
    is a king at this moment. ``caption`` says what happened, citing ``rule``.
    """

    number: int
    position: Position
    path: tuple[str, ...]
    jumped: tuple[str, ...]
    king: bool
    caption: str
    rule: str | None


def capture_stages(move: Move) -> tuple[CaptureStage, ...]:
    """The stages of ``move``: before the first jump, then after each jump.

    A stage cites the removal rule (DE-STRIKE, TR-REMOVE) only in a capture of
    several jumps, where it matters; the one jump of a single capture cites the
    capture rule.

    >>> from damlib import Position
    >>> move = Position.from_fen("W:Wb6:Bc7,e7", "german").legal_moves[0]
    >>> [stage.rule for stage in capture_stages(move)]
    [None, 'DE-PROMOTE-PASS', 'DE-STRIKE']
    >>> [stage.rule for stage in capture_stages(Position.from_fen("W:Wd4:Be5", "turkish").legal_moves[0])]
    [None, 'TR-MAN-CAPTURE']
    """
    if not isinstance(move, Move):
        raise DamlibError(f"capture stages are those of a Move, not {shown(move)}")
    before = move.position
    if before is None:
        raise DamlibError(f"{move} does not know the position it is played from")
    rules = before.rules
    last_rank = before._generator.last_rank
    path, captured = move._raw[0], move._raw[1]
    board = list(before._board)
    piece = board[path[0]]
    started_king = abs(piece) == 2
    noun = "king" if started_king else "man"
    stages = [CaptureStage(0, before, move.path[:1], (), started_king,
                           f"The {noun} on {move.start} is about to capture.", None)]
    king = started_king
    several = len(captured) > 1
    for n, (land, over) in enumerate(zip(path[1:], captured, strict=True), 1):
        board[path[n - 1]] = 0
        if rules.remove_at_once:
            board[over] = 0
        final = n == len(captured)
        sq, jumped = SQUARE_NAMES[land], SQUARE_NAMES[over]
        text = f"Jump {n}: the {'king' if king else 'man'} jumps {jumped} and lands on {sq}."
        rule = rules.rule_id("removal") if several else rules.rule_id("king" if king else "man-capture")
        if rules.remove_at_once and not final:
            text += f" {jumped} is removed at once; its square is free to cross."
        elif not final:
            text += f" {jumped} stays on the board until the last jump and may not be jumped again."
        if not king and land in last_rank and not final:
            rule = rules.rule_id("promote-mid")
            king = rules.crown_mid_capture
            text += (" The man is crowned at once and captures on as a king." if king
                     else " The man must jump on, so it stays a man.")
        if final:
            for s in captured:
                board[s] = 0
            if rules.remove_at_once or not several:
                text += f" {jumped} leaves the board and the capture ends."
            else:
                text += f" The capture ends: all {len(captured)} jumped pieces leave the board together."
            if move.promotes and not king:
                rule = rules.rule_id("promote")
                text += " The man ends on the last rank and becomes a king."
                king = True
        board[land] = (2 if king else 1) * (1 if piece > 0 else -1)
        stages.append(CaptureStage(n, Position(rules, tuple(board), before._white),
                                   move.path[: n + 1], move.captured[:n], king, text, rule))
    return tuple(stages)


def all_captures(position: Position) -> tuple[Move, ...]:
    """Every complete capture by every route, whether the majority rule allows it or not."""
    return tuple(Move._from_raw(raw, position) for raw in position._generator.captures(position._board))


def shorter_captures(position: Position) -> tuple[Move, ...]:
    """The complete captures the majority rule forbids because they take fewer pieces."""
    allowed = set(position.legal_moves)
    return tuple(dict.fromkeys(m for m in all_captures(position) if m not in allowed))


def forbidden_captures(position: Position, most: int) -> tuple[int, tuple[Move, ...]]:
    """How many complete captures the majority rule forbids (:func:`shorter_captures`), and
    the ``most`` of them that take the most; counted without listing every one where a
    capture has too many routes to walk."""
    require(position, Position, "position")
    if require(most, int, "most") < 0:
        raise DamlibError(f"most must be 0 or more, not {most}")
    gen = position._generator
    if not gen.by_levels:
        every = sorted(shorter_captures(position), key=lambda m: -len(m.captured))
        return len(every), tuple(every[:most])
    count, raws = gen.forbidden(position._board, most)
    return count, tuple(Move._from_raw(raw, position) for raw in raws)


def why_piece_cannot_move(position: Position, square: str) -> str | None:
    """Why the piece on ``square`` has no legal move, or ``None`` if it has one.

    >>> from damlib import Position
    >>> why_piece_cannot_move(Position.from_fen("W:We3,h2:Bd4,f4,b6", "german"), "h2")
    'The man on h2 may not move (DE-MANDATORY): capturing is compulsory, and e3:c5:a7 takes 2 pieces.'
    >>> why_piece_cannot_move(Position.from_fen("W:Wc3:Bb4,d4,a5,e5", "german"), "c3")
    'The man on c3 is blocked (DE-MAN-MOVE): a man moves one square diagonally forward to an empty square.'
    """
    position = _position(position)
    rules = position.rules
    number = parse_square(square, rules)
    value = position._board[number]
    name = SQUARE_NAMES[number]
    if not value:
        return f"There is no piece on {name}."
    if (value > 0) != position._white:
        side = "White" if value > 0 else "Black"
        return f"{name} holds a {side} piece, but it is {position.turn.capitalize()}'s turn."
    if any(m.start == name for m in position.legal_moves):
        return None
    noun = _NAMES[abs(value)]
    if position.must_capture:
        best = position.legal_moves[0]
        # its own longest capture, to compare (the piece has no legal move: any is too short)
        mine = [Move._from_raw(raw, position) for raw in position._generator.captures(position._board, [number],
                                                                                      longest=True)]
        if mine:
            return (f"The {noun} on {name} may not capture ({rules.cite('majority')}): {mine[0]} takes "
                    f"{_pieces(len(mine[0].captured))}, but {best} takes {len(best.captured)} — "
                    "you must take the most.")
        return (f"The {noun} on {name} may not move ({rules.cite('mandatory')}): capturing is compulsory, "
                f"and {best} takes {_pieces(len(best.captured))}.")
    topic: Topic = "king" if abs(value) == 2 else "man-move"
    rule = rules.rule_id(topic)
    why = RULE_TEXT[rule] if rule else "it has no empty square to go to."
    # RULE_TEXT is written as sentences; after the colon it continues one
    return f"The {noun} on {name} is blocked ({rules.cite(topic)}): {why[0].lower()}{why[1:]}"
