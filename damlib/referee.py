"""Why a move is or is not allowed, in words a learner understands, with rule IDs.

>>> from damlib import Position, explain
>>> pos = Position.from_fen("W:We3:Bd4,f4,b6", "german")
>>> explain(pos, "e3:g5")
'e3:g5 is not allowed (DE-MAJORITY): it takes 1 piece, but e3:c5:a7 takes 2 — you must take the most.'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from . import movegen
from .errors import DamlibError
from .rules import RULE_TEXT
from .squares import SQUARE_NAMES, tables

if TYPE_CHECKING:
    from .position import Move, Position

_NAMES = {1: "man", 2: "king"}


def _pieces(n: int) -> str:
    return f"{n} piece" if n == 1 else f"{n} pieces"




def explain(position: Position, move_text: str) -> str:
    """What ``move_text`` does in ``position``, or which rule forbids it.

    Never raises for bad move text: the answer then says what is wrong with it.

    >>> from damlib import Position
    >>> pos = Position.from_fen("W:Wb6:Bc7,e7", "german")
    >>> explain(pos, "b6:d8:f6")
    'b6:d8:f6 is legal: the man captures c7, e7 (2 pieces); it passes the last rank on d8 and stays a man (DE-PROMOTE-PASS).'
    """
    try:
        move = position.parse_move(move_text)
    except DamlibError as e:
        return str(e)
    return f"{move} is legal: {describe(move, position)}"


def describe(move: Move, position: Position) -> str:
    """What a legal ``move`` does (captures, promotion), citing the rules involved.

    >>> from damlib import Position
    >>> describe(Position.start("german").legal_moves[0], Position.start("german"))
    'the man moves to b4.'
    """
    rules = position.rules
    piece = _NAMES[abs(position._board[move._raw[0][0]])]
    last = tables(rules, position._white).last_rank
    if move.captured:
        text = f"the {piece} captures {', '.join(move.captured)} ({_pieces(len(move.captured))})"
        if len(position.legal_moves) > 1 and rules.majority:
            text += f", as many as any capture here ({rules.rule_id('majority')})"
    else:
        text = f"the {piece} moves to {move.end}"
    crowned_on = next((s for s, n in zip(move.path[1:-1], move._raw[0][1:-1]) if n in last), None)
    if piece == "man" and crowned_on and rules.crown_mid_capture:
        text += f"; it is crowned on {crowned_on} and captures on as a king ({rules.rule_id('promote-mid')})"
    elif piece == "man" and crowned_on and not move.promotes:
        text += f"; it passes the last rank on {crowned_on} and stays a man ({rules.rule_id('promote-mid')})"
    elif move.promotes:
        text += f" and becomes a king ({rules.rule_id('promote')})"
    return text + "."


def capture_mistake(position: Position, squares: list[int]) -> Move | None:
    """The move ``squares`` names if it breaks only the capture rules, else ``None``.

    That is a step when a capture was possible, a capture stopped while the
    piece could jump on, or a capture of fewer pieces than the most: the
    mistakes DE-PENALTY and TR-PENALTY punish.
    """
    from .position import Move, _names_route

    gen = position._generator
    board = position._board
    own = gen.own_squares(board)
    if not gen.captures(board, own):
        return None
    for raw in gen.captures(board, own, partial=True) + gen.steps(board, own):
        if _names_route(squares, raw[0]):
            return Move._from_raw(raw, position)
    return None


def diagnose(position: Position, squares: list[int], text: str) -> tuple[str | None, str]:
    """The rule that forbids the move ``text`` (naming ``squares``), and a sentence on why.

    The rule is ``None`` where no rule is involved, such as moving from an empty square.
    """
    rule, reason = _reason(position, squares)
    where = f" ({rule})" if rule else ""
    return rule, f"{text.strip()} is not allowed{where}: {reason.rstrip('.')}."


def _reason(position: Position, squares: list[int]) -> tuple[str | None, str]:
    rules, board = position.rules, position._board
    start = SQUARE_NAMES[squares[0]]
    sign = 1 if position._white else -1
    value = board[squares[0]]
    if not value:
        return None, f"there is no piece on {start}"
    if value * sign < 0:
        return None, f"{start} holds a {'White' if value > 0 else 'Black'} piece, but it is {position.turn.capitalize()}'s turn"
    mistake = capture_mistake(position, squares)
    if mistake is not None:
        return _capture_rule_broken(position, mistake)
    return _geometry(position, squares)


def _capture_rule_broken(position: Position, mistake: Move) -> tuple[str, str]:
    rules = position.rules
    best = position.legal_moves[0]
    taken = len(best.captured)
    if not mistake.captured:
        return rules.rule_id("mandatory"), (
            f"capturing is compulsory, and {best} takes {_pieces(taken)}"
        )
    gen = position._generator
    complete = gen.captures(position._board, gen.own_squares(position._board))
    if mistake._raw not in complete:
        path = mistake._raw[0]
        if abs(position._board[path[0]]) == 1 and path[-1] in gen.last_rank:
            rule = rules.rule_id("promote-mid")
            if rules.crown_mid_capture:
                return rule, f"the man is crowned on {mistake.end} and must go on capturing as a king"
            return rule, f"the man on {mistake.end} can jump on, so it must, and it stays a man"
        return rules.rule_id("mandatory"), (
            f"after a jump the same piece must jump again while it can; the capture does not end on {mistake.end}"
        )
    return rules.rule_id("majority"), (
        f"it takes {_pieces(len(mistake.captured))}, but {best} takes {taken} — you must take the most"
    )


def _geometry(position: Position, squares: list[int]) -> tuple[str | None, str]:
    """Walk the move square by square and name the first rule it breaks."""
    rules = position.rules
    gen = position._generator
    b = list(position._board)
    flip = gen.man
    king = abs(b[squares[0]]) == 2
    b[squares[0]] = 0
    captured = 0
    king_dirs = {(df, dr * flip) for df, dr in rules.king_directions}
    for here, there in zip(squares, squares[1:]):
        a, c = SQUARE_NAMES[here], SQUARE_NAMES[there]
        df, dr = there % 8 - here % 8, there // 8 - here // 8
        dist = max(abs(df), abs(dr))
        unit = (df // dist, dr // dist)
        between = [here + (unit[0] + 8 * unit[1]) * k for k in range(1, dist)]
        blocking = [s for s in between if b[s]]
        jumping = captured or (dist == 2 and blocking)
        rule = rules.rule_id("king" if king else ("man-capture" if jumping else "man-move"))
        if df and dr and abs(df) != abs(dr):
            return rule, f"{a} to {c} is not along a line. {RULE_TEXT[rule]}"
        if b[there]:
            if b[there] == movegen.JUMPED:
                return rules.rule_id("removal"), f"{c} holds a piece jumped in this capture; it stays on the board until the last jump"
            return rule, f"{c} is not empty"
        if king:
            if unit not in king_dirs:
                return rule, f"a king cannot go from {a} to {c}. {RULE_TEXT[rule]}"
            if any(b[s] == movegen.JUMPED for s in blocking):
                jumped = SQUARE_NAMES[next(s for s in blocking if b[s] == movegen.JUMPED)]
                return rules.rule_id("removal"), f"the piece on {jumped} was already jumped: it may not be jumped twice, and it blocks the way until the capture ends"
            if len(blocking) > 1:
                return rule, f"there is more than one piece between {a} and {c}; a king jumps one piece at a time"
            if not rules.long_kings and (dist > 2 or blocking and blocking[0] != between[0]):
                return rule, f"{a} to {c} is too far for a king in {rules.name} draughts"
            over = blocking[0] if blocking else None
        else:
            man_dirs = rules.man_captures if jumping else rules.man_steps
            if dist > 2 or (unit[0], unit[1] * flip) not in man_dirs:
                return rule, f"a man cannot go from {a} to {c}. {RULE_TEXT[rule]}"
            if dist == 2 and not jumping:
                return rule, f"a man moves one square at a time; it goes two only to jump a piece on the square between"
            if dist == 2 and captured and not blocking:
                return rule, f"there is no piece on {SQUARE_NAMES[between[0]]} to jump"
            over = between[0] if dist == 2 else None
        if over is None:
            if captured:
                return rules.rule_id("mandatory"), f"after capturing, the piece can only go on by jumping; {a} to {c} jumps nothing"
            if len(squares) > 2:
                return rule, "a move that captures nothing goes to one square only"
            return None, "it is not among the legal moves here"
        if b[over] == movegen.JUMPED:
            return rules.rule_id("removal"), f"the piece on {SQUARE_NAMES[over]} was already jumped and may not be jumped twice"
        if b[over] * flip > 0:
            return rule, f"{a} to {c} jumps over your own piece on {SQUARE_NAMES[over]}"
        b[over] = gen.gone
        captured += 1
        king = king or (rules.crown_mid_capture and there in gen.last_rank)
    return None, "it is not among the legal moves here"


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

    >>> from damlib import Position
    >>> move = Position.from_fen("W:Wb6:Bc7,e7", "german").legal_moves[0]
    >>> [stage.rule for stage in capture_stages(move)]
    [None, 'DE-PROMOTE-PASS', 'DE-STRIKE']
    """
    from .position import Position

    before = move.position
    if before is None:
        raise DamlibError(f"{move} does not know the position it is played from")
    rules = before.rules
    last_rank = tables(rules, before._white).last_rank
    path, captured = move._raw[0], move._raw[1]
    board = list(before._board)
    piece = board[path[0]]
    started_king = abs(piece) == 2
    noun = "king" if started_king else "man"
    stages = [CaptureStage(0, before, move.path[:1], (), started_king,
                           f"The {noun} on {move.start} is about to capture.", None)]
    king = started_king
    for n, (land, over) in enumerate(zip(path[1:], captured), 1):
        board[path[n - 1]] = 0
        if rules.remove_at_once:
            board[over] = 0
        final = n == len(captured)
        sq, jumped = SQUARE_NAMES[land], SQUARE_NAMES[over]
        text = f"Jump {n}: the {'king' if king else 'man'} jumps {jumped} and lands on {sq}."
        rule: str | None = rules.rule_id("removal")
        if rules.remove_at_once:
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
            gone = {1: "the jumped piece leaves", 2: "both jumped pieces leave"}.get(
                len(captured), f"all {len(captured)} jumped pieces leave")
            text += f" The capture ends: {gone} the board."
            if move.promotes and not king:
                rule = rules.rule_id("promote")
                text += " The man ends on the last rank and becomes a king."
                king = True
        board[land] = (2 if king else 1) * (1 if piece > 0 else -1)
        stages.append(CaptureStage(n, Position(rules, tuple(board), before._white),
                                   move.path[: n + 1], move.captured[:n], king, text, rule))
    return tuple(stages)


def shorter_captures(position: Position) -> tuple[Move, ...]:
    """The complete captures the majority rule forbids because they take fewer pieces."""
    from .position import Move

    gen = position._generator
    allowed = set(position.legal_moves)
    shorter = [Move._from_raw(raw, position) for raw in gen.captures(position._board, gen.own_squares(position._board))]
    return tuple(dict.fromkeys(m for m in shorter if m not in allowed))


def why_piece_cannot_move(position: Position, square: str) -> str | None:
    """Why the piece on ``square`` has no legal move, or ``None`` if it has one.

    >>> from damlib import Position
    >>> why_piece_cannot_move(Position.from_fen("W:We3,h2:Bd4,f4,b6", "german"), "h2")
    'The man on h2 may not move (DE-MANDATORY): capturing is compulsory, and e3:c5:a7 takes 2 pieces.'
    """
    from .squares import parse_square

    rules = position.rules
    number = parse_square(square, rules)
    value = position._board[number]
    name = SQUARE_NAMES[number]
    if not value:
        return f"There is no piece on {name}."
    if (value > 0) != position._white:
        return f"{name} holds a {'White' if value > 0 else 'Black'} piece, but it is {position.turn.capitalize()}'s turn."
    if any(m.start == name for m in position.legal_moves):
        return None
    noun = _NAMES[abs(value)]
    if position.must_capture:
        best = position.legal_moves[0]
        mine = [m for m in shorter_captures(position) if m.start == name]
        if mine:
            rule = rules.rule_id("majority")
            return (f"The {noun} on {name} may not capture (" + rule + f"): {mine[0]} takes "
                    f"{_pieces(len(mine[0].captured))}, but {best} takes {len(best.captured)} — you must take the most.")
        rule = rules.rule_id("mandatory")
        return f"The {noun} on {name} may not move ({rule}): capturing is compulsory, and {best} takes {_pieces(len(best.captured))}."
    rule = rules.rule_id("king" if abs(value) == 2 else "man-move")
    return f"The {noun} on {name} is blocked ({rule}): {RULE_TEXT[rule]}"
