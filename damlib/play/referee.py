"""Why a move is or is not allowed, in words a learner understands, with rule IDs.

>>> from damlib import Position, explain
>>> pos = Position.from_fen("W:We3:Bd4,f4,b6", "german")
>>> explain(pos, "e3:g5")
'e3:g5 is not allowed (DE-MAJORITY): it takes 1 piece, but e3:c5:a7 takes 2 — you must take the most.'
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from ..engine import language
from ..engine.errors import DamlibError, IllegalMoveError, require, shown
from ..engine.notation import parse_move_text
from ..engine.position import Move, Piece, Position
from ..engine.squares import SQUARE_NAMES, parse_square, square_number
from ..engine.variants import Topic, rule_sentence

_NAMES = {1: "man", 2: "king"}

#: Every sentence the referee says, whole: a piece ("man", "king") or a side is never a word put
#: into a sentence, each has its own template. ``{move}``, ``{best}``, ``{mine}`` are move text,
#: ``{captured}`` the squares a capture takes (``c7, e7``), ``{rule}``, ``{majority}``,
#: ``{promote}`` rule IDs (or the published rules), ``{description}`` what :func:`describe` says.
TEXTS: dict[str, str] = {
    # explain
    "legal": "{move} is legal: {description}",
    "stands-for": "{text} stands for {move}, which is legal: {description}",
    "stands-for-referee": "{text} stands for {move}, which is legal: {description} In referee mode a text means "
                          "exactly the jumps it names, and then {refusal}",
    # describe: a step
    "moves-man": "the man moves to {end}.",
    "moves-man-crowned": "the man moves to {end} and becomes a king ({promote}).",
    "moves-king": "the king moves to {end}.",
    # describe: a capture by a king, with the majority rule named where several captures were possible
    "captures-king-one": "the king captures {captured} ({count} piece).",
    "captures-king-other": "the king captures {captured} ({count} pieces).",
    "captures-king-most-one": "the king captures {captured} ({count} piece), as many as any capture here "
                              "({majority}).",
    "captures-king-most-other": "the king captures {captured} ({count} pieces), as many as any capture here "
                                "({majority}).",
    # describe: a capture by a man; -crowned: it ends on the last rank; -mid: it is crowned on {square}
    # in the middle of the capture and goes on as a king; -pass: it passes the last rank on {square}
    "captures-man-one": "the man captures {captured} ({count} piece).",
    "captures-man-other": "the man captures {captured} ({count} pieces).",
    "captures-man-crowned-one": "the man captures {captured} ({count} piece) and becomes a king ({promote}).",
    "captures-man-crowned-other": "the man captures {captured} ({count} pieces) and becomes a king ({promote}).",
    "captures-man-mid-one": "the man captures {captured} ({count} piece); it is crowned on {square} and captures "
                            "on as a king ({promote}).",
    "captures-man-mid-other": "the man captures {captured} ({count} pieces); it is crowned on {square} and "
                              "captures on as a king ({promote}).",
    "captures-man-pass-one": "the man captures {captured} ({count} piece); it passes the last rank on {square} "
                             "and stays a man ({promote}).",
    "captures-man-pass-other": "the man captures {captured} ({count} pieces); it passes the last rank on {square} "
                               "and stays a man ({promote}).",
    "captures-man-most-one": "the man captures {captured} ({count} piece), as many as any capture here "
                             "({majority}).",
    "captures-man-most-other": "the man captures {captured} ({count} pieces), as many as any capture here "
                               "({majority}).",
    "captures-man-most-crowned-one": "the man captures {captured} ({count} piece), as many as any capture here "
                                     "({majority}) and becomes a king ({promote}).",
    "captures-man-most-crowned-other": "the man captures {captured} ({count} pieces), as many as any capture "
                                       "here ({majority}) and becomes a king ({promote}).",
    "captures-man-most-mid-one": "the man captures {captured} ({count} piece), as many as any capture here "
                                 "({majority}); it is crowned on {square} and captures on as a king ({promote}).",
    "captures-man-most-mid-other": "the man captures {captured} ({count} pieces), as many as any capture here "
                                   "({majority}); it is crowned on {square} and captures on as a king "
                                   "({promote}).",
    "captures-man-most-pass-one": "the man captures {captured} ({count} piece), as many as any capture here "
                                  "({majority}); it passes the last rank on {square} and stays a man "
                                  "({promote}).",
    "captures-man-most-pass-other": "the man captures {captured} ({count} pieces), as many as any capture here "
                                    "({majority}); it passes the last rank on {square} and stays a man "
                                    "({promote}).",
    # a capture's stages, each caption whole sentences; {jumped} is the square of the piece jumped
    "about-man": "The man on {square} is about to capture.",
    "about-king": "The king on {square} is about to capture.",
    "jump-man": "Jump {number}: the man jumps {jumped} and lands on {square}.",
    "jump-king": "Jump {number}: the king jumps {jumped} and lands on {square}.",
    "removed-at-once": "{jumped} is removed at once; its square is free to cross.",
    "stays-until-end": "{jumped} stays on the board until the last jump and may not be jumped again.",
    "crowned-at-once": "The man is crowned at once and captures on as a king.",
    "stays-a-man": "The man must jump on, so it stays a man.",
    "leaves-board": "{jumped} leaves the board and the capture ends.",
    "all-leave-one": "The capture ends: the {count} jumped pieces leave the board together.",
    "all-leave-other": "The capture ends: the {count} jumped pieces leave the board together.",
    "ends-crowned": "The man ends on the last rank and becomes a king.",
    # why a piece cannot move
    "no-piece": "There is no piece on {square}.",
    "holds-white": "{square} holds a White piece, but it is Black's turn.",
    "holds-black": "{square} holds a Black piece, but it is White's turn.",
    "may-not-capture-man-one": "The man on {square} may not capture ({rule}): {mine} takes {count} piece, but "
                               "{best} takes {most} — you must take the most.",
    "may-not-capture-man-other": "The man on {square} may not capture ({rule}): {mine} takes {count} pieces, but "
                                 "{best} takes {most} — you must take the most.",
    "may-not-capture-king-one": "The king on {square} may not capture ({rule}): {mine} takes {count} piece, but "
                                "{best} takes {most} — you must take the most.",
    "may-not-capture-king-other": "The king on {square} may not capture ({rule}): {mine} takes {count} pieces, "
                                  "but {best} takes {most} — you must take the most.",
    "may-not-move-man-one": "The man on {square} may not move ({rule}): capturing is compulsory, and {best} "
                            "takes {count} piece.",
    "may-not-move-man-other": "The man on {square} may not move ({rule}): capturing is compulsory, and {best} "
                              "takes {count} pieces.",
    "may-not-move-king-one": "The king on {square} may not move ({rule}): capturing is compulsory, and {best} "
                             "takes {count} piece.",
    "may-not-move-king-other": "The king on {square} may not move ({rule}): capturing is compulsory, and {best} "
                               "takes {count} pieces.",
    # {why} is the sentence of the rule (RULE_TEXT), its first letter made small
    "blocked-man": "The man on {square} is blocked ({rule}). {why}",
    "blocked-king": "The king on {square} is blocked ({rule}). {why}",
    "blocked-man-nowhere": "The man on {square} is blocked ({rule}): it has no empty square to go to.",
    "blocked-king-nowhere": "The king on {square} is blocked ({rule}): it has no empty square to go to.",
    # a bad argument: {keyword} its Python name, {kind} a type's, {value} what was given
    "not-position": "expected a {kind}, not {value}",
    "not-move": "capture stages are those of a {kind}, not {value}",
    "no-position": "{move} does not know the position it is played from",
    "not-most": "{keyword} must be 0 or more, not {value}",
}
say = language.sayer(TEXTS)


counted = language.counter(TEXTS)


def _position(position: object) -> Position:
    if not isinstance(position, Position):
        raise DamlibError(say("not-position", kind="Position", value=shown(position)))
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
    d4:d7 stands for d4:d1:d7, which is legal: the king captures d2, d6 (2 pieces). In referee mode a
    text means exactly the jumps it names, and then d4:d7 is not allowed (TR-MANDATORY): after a jump the
    same piece must jump again while it can; the capture does not end on d7.
    """  # noqa: E501
    position = _position(position)
    try:
        move = position.parse_move(move_text)
    except DamlibError as e:
        return str(e)
    text = str(move_text).strip()
    description = describe(move, position)
    if len(parse_move_text(text, position.rules)) == len(move.path):
        return say("legal", move=move, description=description)
    try:
        position.parse_move(move_text, literal=True)
    except IllegalMoveError as e:
        return say("stands-for-referee", text=text, move=move, description=description, refusal=e)
    return say("stands-for", text=text, move=move, description=description)


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
    moving = position.piece_at(move.start)
    piece = "king" if moving is not None and moving.is_king else "man"
    crowned_on = next((s for s in move.path[1:-1] if s in position.last_rank), None)
    if piece == "man" and crowned_on and rules.crown_mid_capture:
        crowning, promote = "-mid", rules.cite("promote-mid")
    elif piece == "man" and crowned_on and not move.promotes:
        crowning, promote = "-pass", rules.cite("promote-mid")
    elif move.promotes:
        crowning, promote = "-crowned", rules.cite("promote")
    else:
        crowning, promote = "", None
    if not move.captured:
        return say(f"moves-{piece}{crowning}", end=move.end, promote=promote)
    # the majority rule is named only where it decides: where a complete capture takes fewer
    most = "-most" if rules.majority and _majority_decides(position) else ""
    return counted(f"captures-{piece}{most}{crowning}", len(move.captured), captured=", ".join(move.captured),
                   majority=rules.cite("majority") if most else None, square=crowned_on, promote=promote)


@functools.lru_cache(maxsize=16)  # describe is asked once for each legal move of one position
def _majority_decides(position: Position) -> bool:
    """Whether the majority rule forbids a capture here (one that takes fewer pieces)."""
    return position.forbidden_captures(0)[0] > 0


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
        raise DamlibError(say("not-move", kind="Move", value=shown(move)))
    before = move.position
    if before is None:
        raise DamlibError(say("no-position", move=move))
    rules = before.rules
    last_rank = before.last_rank
    path, captured = [square_number(s) for s in move.path], [square_number(s) for s in move.captured]
    board = list(before.board)
    piece = board[path[0]]
    started_king = abs(piece) == 2
    noun = "king" if started_king else "man"
    stages = [CaptureStage(0, before, move.path[:1], (), started_king,
                           say(f"about-{noun}", square=move.start), None)]
    king = started_king
    several = len(captured) > 1
    for n, (land, over) in enumerate(zip(path[1:], captured, strict=True), 1):
        board[path[n - 1]] = 0
        if rules.remove_at_once:
            board[over] = 0
        final = n == len(captured)
        sq, jumped = SQUARE_NAMES[land], SQUARE_NAMES[over]
        # the caption: whole sentences, one after another
        said = [say(f"jump-{'king' if king else 'man'}", number=n, jumped=jumped, square=sq)]
        rule = rules.rule_id("removal") if several else rules.rule_id("king" if king else "man-capture")
        if rules.remove_at_once and not final:
            said.append(say("removed-at-once", jumped=jumped))
        elif not final:
            said.append(say("stays-until-end", jumped=jumped))
        if not king and sq in last_rank and not final:
            rule = rules.rule_id("promote-mid")
            king = rules.crown_mid_capture
            said.append(say("crowned-at-once" if king else "stays-a-man"))
        if final:
            for s in captured:
                board[s] = 0
            if rules.remove_at_once or not several:
                said.append(say("leaves-board", jumped=jumped))
            else:
                said.append(counted("all-leave", len(captured)))
            if move.promotes and not king:
                rule = rules.rule_id("promote")
                said.append(say("ends-crowned"))
                king = True
        text = " ".join(said)
        board[land] = (2 if king else 1) * (1 if piece > 0 else -1)
        standing = {SQUARE_NAMES[s]: Piece(v) for s, v in enumerate(board) if v}
        stages.append(CaptureStage(n, Position.from_pieces(standing, rules, turn=before.turn, check=False),
                                   move.path[: n + 1], move.captured[:n], king, text, rule))
    return tuple(stages)


def shorter_captures(position: Position) -> tuple[Move, ...]:
    """The complete captures the majority rule forbids because they take fewer pieces."""
    allowed = set(position.legal_moves)
    return tuple(dict.fromkeys(m for m in position.captures() if m not in allowed))


def forbidden_captures(position: Position, most: int) -> tuple[int, tuple[Move, ...]]:
    """How many complete captures the majority rule forbids (:func:`shorter_captures`), and
    the ``most`` of them that take the most; counted without listing every one where a
    capture has too many routes to walk."""
    require(position, Position, "position")
    if require(most, int, "most") < 0:
        raise DamlibError(say("not-most", keyword="most", value=most))
    return position.forbidden_captures(most)


def why_piece_cannot_move(position: Position, square: str) -> str | None:
    """Why the piece on ``square`` has no legal move, or ``None`` if it has one.

    >>> from damlib import Position
    >>> why_piece_cannot_move(Position.from_fen("W:We3,h2:Bd4,f4,b6", "german"), "h2")
    'The man on h2 may not move (DE-MANDATORY): capturing is compulsory, and e3:c5:a7 takes 2 pieces.'
    >>> why_piece_cannot_move(Position.from_fen("W:Wc3:Bb4,d4,a5,e5", "german"), "c3")
    'The man on c3 is blocked (DE-MAN-MOVE). A man moves one square diagonally forward to an empty square.'
    """
    position = _position(position)
    rules = position.rules
    number = parse_square(square, rules)
    value = position.board[number]
    name = SQUARE_NAMES[number]
    if not value:
        return say("no-piece", square=name)
    if (value > 0) != (position.turn == "white"):
        return say("holds-white" if value > 0 else "holds-black", square=name)
    if any(m.start == name for m in position.legal_moves):
        return None
    noun = _NAMES[abs(value)]
    if position.must_capture:
        best = position.legal_moves[0]
        # its own longest capture, to compare (the piece has no legal move: any is too short)
        mine = position.captures(square=name, longest=True)
        if mine:
            return counted(f"may-not-capture-{noun}", len(mine[0].captured), square=name, rule=rules.cite("majority"),
                           mine=mine[0], best=best, most=len(best.captured))
        return counted(f"may-not-move-{noun}", len(best.captured), square=name, rule=rules.cite("mandatory"),
                       best=best)
    topic: Topic = "king" if abs(value) == 2 else "man-move"
    rule = rules.rule_id(topic)
    if not rule:
        return say(f"blocked-{noun}-nowhere", square=name, rule=rules.cite(topic))
    # the rule's own sentence after it, as it is: lowering its first letter would be wrong in a
    # language that capitalizes nouns (German)
    return say(f"blocked-{noun}", square=name, rule=rules.cite(topic), why=rule_sentence(rule))
