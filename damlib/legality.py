"""Which rule an illegal move breaks: the diagnosis behind every IllegalMoveError.

It works on raw boards (see :mod:`damlib.movegen`) so that :class:`~damlib.Position`
can use it; the learner-facing explanations in :mod:`damlib.referee` build on it.
"""

from __future__ import annotations

from . import movegen
from .notation import format_move
from .variants import RULE_TEXT, Rules
from .squares import SQUARE_NAMES


def pieces(n: int) -> str:
    """``"1 piece"``, ``"2 pieces"``."""
    return f"{n} piece" if n == 1 else f"{n} pieces"


def names_route(squares: list[int], path: tuple[int, ...]) -> bool:
    """Whether move text naming ``squares`` names ``path``: the same ends, landings in order."""
    if squares[0] != path[0] or squares[-1] != path[-1] or len(squares) > len(path):
        return False
    rest = iter(path[1:-1])
    return all(s in rest for s in squares[1:-1])


def capture_mistake(rules: Rules, board: movegen.Board, white: bool, squares: list[int]) -> movegen.RawMove | None:
    """The move ``squares`` names if it breaks only the capture rules, else ``None``.

    That is a step when a capture was possible, a capture stopped while the
    piece could jump on, or a capture of fewer pieces than the most: the
    mistakes DE-PENALTY and TR-PENALTY punish.
    """
    gen = movegen.generator(rules, white)
    own = gen.own_squares(board)
    if not gen.captures(board, own):
        return None
    return next(
        (raw for raw in gen.captures(board, own, partial=True) + gen.steps(board, own) if names_route(squares, raw[0])),
        None,
    )


def diagnose(rules: Rules, board: movegen.Board, white: bool, squares: list[int], text: str) -> tuple[str | None, str]:
    """The rule that forbids the move ``text`` (naming ``squares``), and a sentence on why.

    The rule is ``None`` where no rule is involved, such as moving from an empty square.
    """
    rule, reason = _reason(rules, board, white, squares)
    where = f" ({rule})" if rule else ""
    return rule, f"{text.strip()} is not allowed{where}: {reason.rstrip('.')}."


def _reason(rules: Rules, board: movegen.Board, white: bool, squares: list[int]) -> tuple[str | None, str]:
    start = SQUARE_NAMES[squares[0]]
    value = board[squares[0]]
    if not value:
        return None, f"there is no piece on {start}"
    if (value > 0) != white:
        side, turn = ("White", "Black") if value > 0 else ("Black", "White")
        return None, f"{start} holds a {side} piece, but it is {turn}'s turn"
    mistake = capture_mistake(rules, board, white, squares)
    if mistake is not None:
        return _capture_rule_broken(rules, board, white, mistake)
    return _geometry(rules, board, white, squares)


def _capture_rule_broken(rules: Rules, board: movegen.Board, white: bool, mistake: movegen.RawMove) -> tuple[str, str]:
    gen = movegen.generator(rules, white)
    best = gen.legal(board)[0]
    best_text, taken = format_move(best), len(best[1])
    path, captured, _ = mistake
    end = SQUARE_NAMES[path[-1]]
    if not captured:
        return rules.rule_id("mandatory"), f"capturing is compulsory, and {best_text} takes {pieces(taken)}"
    if mistake not in gen.captures(board):
        if abs(board[path[0]]) == 1 and path[-1] in gen.last_rank:
            rule = rules.rule_id("promote-mid")
            if rules.crown_mid_capture:
                return rule, f"the man is crowned on {end} and must go on capturing as a king"
            return rule, f"the man on {end} can jump on, so it must, and it stays a man"
        return rules.rule_id("mandatory"), (
            f"after a jump the same piece must jump again while it can; the capture does not end on {end}"
        )
    return rules.rule_id("majority"), (
        f"it takes {pieces(len(captured))}, but {best_text} takes {taken} — you must take the most"
    )


def _geometry(rules: Rules, board: movegen.Board, white: bool, squares: list[int]) -> tuple[str | None, str]:
    """Walk the move square by square and name the first rule it breaks."""
    gen = movegen.generator(rules, white)
    b = list(board)
    flip = gen.man
    king = abs(b[squares[0]]) == 2
    b[squares[0]] = 0
    captured = 0
    king_dirs = {(df, dr * flip) for df, dr in rules.king_directions}
    for here, there in zip(squares, squares[1:]):
        a, c = SQUARE_NAMES[here], SQUARE_NAMES[there]
        df, dr = there % 8 - here % 8, there // 8 - here // 8
        dist = max(abs(df), abs(dr))
        if dist == 0:
            return rules.rule_id("king" if king else "man-move"), f"the move from {a} must go to another square"
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
                return rule, "a man moves one square at a time; it goes two only to jump a piece on the square between"
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
