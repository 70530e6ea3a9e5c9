"""Which rule an illegal move breaks: the diagnosis behind every IllegalMoveError.

It works on raw boards (see :mod:`damlib.engine.movegen`) so that :class:`~damlib.Position`
can use it; the learner-facing explanations in :mod:`damlib.play.referee` build on it.
"""

from __future__ import annotations

import functools
import itertools

from . import language, movegen
from .notation import format_move
from .squares import SQUARE_NAMES
from .variants import RULE_TEXT, Rules, Topic, game_name, rule_sentence

#: Every sentence a refusal says: ``{move}`` is the move text refused, ``{rule}`` a rule ID,
#: ``{a}``, ``{c}`` and the other letters square names, ``{best}`` the move text of a legal
#: capture. A reason is a whole clause, said after "… is not allowed (…):".
TEXTS: dict[str, str] = {
    "refused": "{move} is not allowed ({rule}): {reason}.",
    "refused-no-rule": "{move} is not allowed: {reason}.",
    "with-rule": "{reason}. {rule_sentence}",
    "empty": "there is no piece on {start}",
    "white-piece": "{start} holds a White piece, but it is Black's turn",
    "black-piece": "{start} holds a Black piece, but it is White's turn",
    "compulsory-one": "capturing is compulsory, and {best} takes 1 piece",
    "compulsory-other": "capturing is compulsory, and {best} takes {count} pieces",
    "crowned-mid": "the man is crowned on {end} and must go on capturing as a king",
    "jumps-on-as-man": "the man on {end} can jump on, so it must, and it stays a man",
    "must-go-on": "after a jump the same piece must jump again while it can; the capture does not end on {end}",
    "fewer-one": "it takes 1 piece, but {best} takes {most} — you must take the most",
    "fewer-other": "it takes {count} pieces, but {best} takes {most} — you must take the most",
    "same-square": "the move from {a} must go to another square",
    "not-line": "{a} to {c} is not along a line",
    "jumped-stays": "{c} holds a piece jumped in this capture; it stays on the board until the last jump",
    "occupied": "{c} is not empty",
    "king-cannot": "a king cannot go from {a} to {c}",
    "reversal": "a king may not turn back between two jumps, and {a} to {c} reverses the jump before",
    "jumped-blocks": "the piece on {jumped} was already jumped: it may not be jumped twice, and it blocks the "
                     "way until the capture ends",
    "own-in-way": "your own piece on {own} is in the way: a king jumps only the other side's pieces",
    "two-between": "there is more than one piece between {a} and {c}; a king jumps one piece at a time",
    "king-too-far": "{a} to {c} is too far for a king in {game}",
    "man-cannot": "a man cannot go from {a} to {c}",
    "man-too-far": "a man jumps only a piece next to it and lands on the square just beyond; {a} to {c} is too far",
    "man-one-square": "a man moves one square at a time; it goes two only to jump a piece on the square between",
    "nothing-to-jump": "there is no piece on {square} to jump",
    "only-jumps": "after capturing, the piece can only go on by jumping; {a} to {c} jumps nothing",
    "one-square-only": "a move that captures nothing goes to one square only",
    "not-legal": "it is not among the legal moves here",
    "jumped-twice": "the piece on {square} was already jumped and may not be jumped twice",
    "over-own": "{a} to {c} jumps over your own piece on {square}",
}
say = language.sayer(TEXTS)


def names_route(squares: list[int], path: tuple[int, ...]) -> bool:
    """Whether move text naming ``squares`` names ``path``: the same ends, landings in order."""
    if squares[0] != path[0] or squares[-1] != path[-1] or len(squares) > len(path):
        return False
    rest = iter(path[1:-1])
    return all(s in rest for s in squares[1:-1])


def _literal(
    rules: Rules, board: movegen.RawBoard, white: bool, squares: list[int]
) -> tuple[movegen.RawMove, bool] | None:
    """The route ``squares`` name exactly, if the side to move has it (a step to the last
    square, or one jump onto each square after the first), and whether it is complete (a
    step, or a capture that cannot go on). It may be a legal move or a capture mistake;
    ``None`` means the squares are no route at all (they may still be shorthand for a legal
    move, see :func:`names_route`)."""
    gen = movegen.generator(rules, white)
    if board[squares[0]] not in (gen.man, gen.king):
        return None
    found = gen.follow(board, squares)
    if found is not None:
        return found
    if len(squares) == 2:
        step = next((raw for raw in gen.steps(board, [squares[0]]) if raw[0] == tuple(squares)), None)
        if step is not None:
            return step, True
    return None


@functools.lru_cache(maxsize=8)
def legal_moves(rules: Rules, board: movegen.RawBoard, white: bool) -> list[movegen.RawMove]:
    """The legal moves, kept for the few boards last asked about: a position lists them,
    and a diagnosis of move text on it reads them again (the routes are not traced twice)."""
    return movegen.generator(rules, white).legal(board)


def _is_legal_route(legal: list[movegen.RawMove], raw: movegen.RawMove, complete: bool) -> bool:
    """Whether the route ``raw`` is one of the ``legal`` moves by some route."""
    if not complete:
        return False
    key = movegen.move_key(raw)
    return any(movegen.move_key(m) == key for m in legal)


def capture_mistake(rules: Rules, board: movegen.RawBoard, white: bool, squares: list[int]) -> movegen.RawMove | None:
    """The route ``squares`` name exactly if it breaks only the capture rules, else ``None``.

    That is a step when a capture was possible, a capture stopped while the
    piece could jump on, or a capture of fewer pieces than the most: the
    mistakes DE-PENALTY and TR-PENALTY punish.
    """
    found = _capture_mistake(rules, board, white, squares)
    return None if found is None else found[0]


def _capture_mistake(rules: Rules, board: movegen.RawBoard, white: bool,
                     squares: list[int]) -> tuple[movegen.RawMove, bool] | None:
    found = _literal(rules, board, white, squares)
    if found is None:
        return None
    legal = legal_moves(rules, board, white)
    if not legal or not legal[0][1] or _is_legal_route(legal, *found):
        return None
    return found


def diagnose(rules: Rules, board: movegen.RawBoard, white: bool, squares: list[int],
             text: str) -> tuple[str | None, str]:
    """The ID of the rule that forbids the move ``text`` (naming ``squares``), and a
    sentence on why citing it (or "published rules" where the game has no ID for it).

    The rule is ``None`` where no rule is involved, such as moving from an empty square.
    """
    topic, reason = _reason(rules, board, white, squares)
    rule = rules.rule_id(topic) if topic else None
    if topic is None:
        return rule, say("refused-no-rule", move=text.strip(), reason=reason.rstrip("."))
    return rule, say("refused", move=text.strip(), rule=rules.cite(topic), reason=reason.rstrip("."))


def _reason(rules: Rules, board: movegen.RawBoard, white: bool, squares: list[int]) -> tuple[Topic | None, str]:
    start = SQUARE_NAMES[squares[0]]
    value = board[squares[0]]
    if not value:
        return None, say("empty", start=start)
    if (value > 0) != white:
        return None, say("white-piece" if value > 0 else "black-piece", start=start)
    mistake = _capture_mistake(rules, board, white, squares) or _named_mistake(rules, board, white, squares)
    if mistake is not None:
        return _capture_rule_broken(rules, board, white, *mistake)
    return _geometry(rules, board, white, squares)


def _named_mistake(
    rules: Rules, board: movegen.RawBoard, white: bool, squares: list[int]
) -> tuple[movegen.RawMove, bool] | None:
    """A capture mistake that ``squares`` name as shorthand, to explain a refusal by,
    and whether it is complete.

    Only the routes that ``squares`` can stand for are searched (see
    :meth:`~damlib.engine.movegen.MoveGenerator.named`), never all of them.
    """
    gen = movegen.generator(rules, white)
    legal = legal_moves(rules, board, white)
    if not legal or not legal[0][1] or board[squares[0]] not in (gen.man, gen.king):
        return None
    if gen.by_levels:  # the levels know every landing
        mistake = gen.landing_mistake(board, squares, len(legal[0][1]))
        if mistake is not None:
            return mistake
    else:
        for raw, complete in gen.named(board, squares, partial=True):
            if not _is_legal_route(legal, raw, complete):
                return raw, complete
    if len(squares) == 2:
        step = next((raw for raw in gen.steps(board, [squares[0]]) if raw[0] == tuple(squares)), None)
        if step is not None:
            return step, True
    return None


def _capture_rule_broken(
    rules: Rules, board: movegen.RawBoard, white: bool, mistake: movegen.RawMove, complete: bool
) -> tuple[Topic, str]:
    gen = movegen.generator(rules, white)
    best = legal_moves(rules, board, white)[0]
    best_text, taken = format_move(best), len(best[1])
    path, captured, _ = mistake
    end = SQUARE_NAMES[path[-1]]
    if not captured:
        return "mandatory", language.counted("compulsory", taken, TEXTS, best=best_text)
    if not complete:
        if abs(board[path[0]]) == 1 and path[-1] in gen.last_rank:
            return "promote-mid", say("crowned-mid" if rules.crown_mid_capture else "jumps-on-as-man", end=end)
        return "mandatory", say("must-go-on", end=end)
    return "majority", language.counted("fewer", len(captured), TEXTS, best=best_text, most=taken)


def _stated(key: str, rule: str | None, **squares: str) -> str:
    """The reason ``key``, and the sentence of the rule ``rule`` after it where it has one."""
    reason = say(key, **squares)
    return say("with-rule", reason=reason, rule_sentence=rule_sentence(rule)) if rule in RULE_TEXT else reason


def _geometry(rules: Rules, board: movegen.RawBoard, white: bool, squares: list[int]) -> tuple[Topic | None, str]:
    """Walk the move square by square and name the first rule it breaks."""
    gen = movegen.generator(rules, white)
    b = list(board)
    flip = gen.man
    king = abs(b[squares[0]]) == 2
    b[squares[0]] = 0
    last_jump: tuple[int, int] | None = None  # the direction of the last jump, once there is one
    king_dirs = {(df, dr * flip) for df, dr in rules.king_directions}
    for here, there in itertools.pairwise(squares):
        a, c = SQUARE_NAMES[here], SQUARE_NAMES[there]
        df, dr = there % 8 - here % 8, there // 8 - here // 8
        dist = max(abs(df), abs(dr))
        if dist == 0:
            return ("king" if king else "man-move"), say("same-square", a=a)
        unit = (df // dist, dr // dist)
        between = [here + (unit[0] + 8 * unit[1]) * k for k in range(1, dist)]
        blocking = [s for s in between if b[s]]
        # a man that goes over a piece is trying to capture, however far it goes
        captured = last_jump is not None
        jumping = captured or bool(blocking)
        topic: Topic = "king" if king else ("man-capture" if jumping else "man-move")
        rule = rules.rule_id(topic)
        if df and dr and abs(df) != abs(dr):
            return topic, _stated("not-line", rule, a=a, c=c)
        if b[there]:
            if b[there] == movegen.JUMPED:
                return "removal", say("jumped-stays", c=c)
            return topic, say("occupied", c=c)
        if king:
            if unit not in king_dirs:
                return topic, _stated("king-cannot", rule, a=a, c=c)
            if rules.no_king_reversal and last_jump == (-unit[0], -unit[1]):
                return "reversal", say("reversal", a=a, c=c)
            if any(b[s] == movegen.JUMPED for s in blocking):
                jumped = SQUARE_NAMES[next(s for s in blocking if b[s] == movegen.JUMPED)]
                return "removal", say("jumped-blocks", jumped=jumped)
            own = [SQUARE_NAMES[s] for s in blocking if b[s] * flip > 0]
            if own:  # the reason a learner needs: not the count of pieces, but whose they are
                return topic, say("own-in-way", own=own[0])
            if len(blocking) > 1:
                return topic, say("two-between", a=a, c=c)
            if not rules.long_kings and (dist > 2 or blocking and blocking[0] != between[0]):
                return topic, say("king-too-far", a=a, c=c, game=game_name(rules))
            over = blocking[0] if blocking else None
        else:
            man_dirs = rules.man_captures if jumping else rules.man_steps
            if dist > 2 and not jumping or (unit[0], unit[1] * flip) not in man_dirs:
                return topic, _stated("man-cannot", rule, a=a, c=c)
            if dist > 2:
                return topic, say("man-too-far", a=a, c=c)
            if dist == 2 and not jumping:
                return topic, say("man-one-square")
            if dist == 2 and captured and not blocking:
                return topic, say("nothing-to-jump", square=SQUARE_NAMES[between[0]])
            over = between[0] if dist == 2 else None
        if over is None:
            if captured:
                return "mandatory", say("only-jumps", a=a, c=c)
            if len(squares) > 2:
                return topic, say("one-square-only")
            return None, say("not-legal")
        if b[over] == movegen.JUMPED:
            return "removal", say("jumped-twice", square=SQUARE_NAMES[over])
        if b[over] * flip > 0:
            return topic, say("over-own", a=a, c=c, square=SQUARE_NAMES[over])
        b[over] = gen.gone
        last_jump = unit
        king = king or bool(gen.crowning >> there & 1)
    return None, say("not-legal")
