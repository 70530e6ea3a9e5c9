"""Hints for a learner: a good move with the reason, what the opponent threatens, and a level's
move explained by the rule the level practises.

Every sentence is a whole template in :data:`TEXTS`, with named placeholders, ready for a
translation catalog; a count picks its own template (``-one``/``-other``), a plural entry of the catalog (language.py).

>>> from damlib import Position
>>> from damlib.hints import hint, rule_hint, threat
>>> print(hint(Position.from_fen("W:We3:Bd4,f4,b6", "german")))
Play e3:c5:a7: it takes 2 pieces — the most, as the rules require (DE-MAJORITY).
>>> print(threat(Position.from_fen("W:Wc3,h2:Bd4,a7", "german")))
Black threatens d4:b2, taking a piece.
>>> print(rule_hint(Position.from_fen("W:Wf6:Be7,b6", "russian"), "f6:d8:a5", "RU-PROMOTE").reason)
the man lands on d8, on the last rank, in the middle of the capture: it is a king at once and captures on as a king, to a5 (RU-PROMOTE).
"""  # noqa: E501

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Literal

from ..engine import language
from ..engine.errors import GameOverError, require
from ..engine.notation import side_name
from ..engine.position import Move, Position
from ..engine.squares import FILES, dark, square_number
from ..engine.variants import Topic
from .evaluation import MAN
from .referee import capture_stages, describe, forbidden_captures
from .search import Analysis, analyse

#: how long a hint may think: a learner waits for it
SECONDS = 0.5

#: Every sentence this module says, whole. ``{rule}`` is a rule ID, ``{move}`` move text,
#: ``{side}`` "White" or "Black"; squares are square names.
TEXTS: dict[str, str] = {
    "play": "Play {move}: {reason}",
    # the computer's own choice (hint)
    "only-move": "it is the only legal move.",
    "most-one": "it takes a piece — the most, as the rules require ({rule}).",
    "most-other": "it takes {count} pieces — the most, as the rules require ({rule}).",
    "only-capture": "it is the only capture, and capturing is compulsory ({rule}).",
    "wins": "it wins by force: the other side is left without a piece or a move.",
    "makes-king": "it makes a king.",
    "gains-one": "it wins a piece: the line goes {line}.",
    "gains-other": "it wins {count} pieces: the line goes {line}.",
    "least-loss": "every move gives something away; this one gives the least.",
    "keeps-safe": "every other move gives away material; this one keeps your pieces safe.",
    "least-return": "of the captures allowed it leaves the least in return ({rule}: one must be played).",
    "quiet-man": "it brings the man on {start} to {end} without giving anything away.",
    "quiet-king": "it brings the king on {start} to {end} without giving anything away.",
    # where a man reaches the last rank: said after the reason, whatever the reason was
    "crowned-end": "The man is crowned on {square}, where it ends its move on the last rank ({rule}).",
    "crowned-mid": "The man is crowned on {square}, on the last rank in the middle of the capture, "
                   "and captures on as a king ({rule}).",
    "passes": "The man passes the last rank on {square} and stays a man there, for it must jump on ({rule}).",
    # threats
    "threat-capture-one": "{side} threatens {move}, taking a piece.",
    "threat-capture-other": "{side} threatens {move}, taking {count} pieces.",
    "threat-capture-crown-one": "{side} threatens {move}, taking a piece and crowning a man on {square} ({rule}).",
    "threat-capture-crown-other": "{side} threatens {move}, taking {count} pieces and crowning a man on "
                                  "{square} ({rule}).",
    "threat-crown": "{side} threatens {move}, crowning a man on {square} ({rule}).",
    "threat-wins": "{side} threatens {move}, winning by force.",
    "threat-gains-one": "{side} threatens {move}, winning a piece in a few moves.",
    "threat-gains-other": "{side} threatens {move}, winning {count} pieces in a few moves.",
    "threat-nothing": "{side} threatens nothing at once: if it were {side}'s move, {move} would be the best.",
    # a level's move, by the rule the level practises (rule_hint)
    "board-only": "it goes to {end}, the only square of play the piece on {start} can reach: "
                  "play is only on the squares of a1's colour ({rule}).",
    "board-only-man": "it goes to {end}: play is only on the squares of a1's colour ({rule}), and a man steps "
                      "only forward ({man_rule}), so {end} is the one square of play the man on {start} can reach.",
    "board-some": "it goes to {end}, a square of a1's colour: play is only on those squares ({rule}).",
    "board-new": "it goes to {end}, a square German draughts never uses: here every square is played on ({rule}).",
    "board-all": "it goes to {end}: here every square of the board is played on ({rule}).",
    "start": "White moves first, and at the start only the men on rank {rank} have an empty square ahead: "
             "the man on {start} goes to {end} ({rule}).",
    "win-last-piece": "it takes the last piece {side} has, and a player with no pieces left has lost ({rule}).",
    "win-no-move-one": "after it the only piece {side} has, on {square}, cannot move, and a player who cannot "
                       "move has lost ({rule}).",
    "win-no-move-other": "after it none of the {count} pieces {side} has can move, and a player who cannot move "
                         "has lost ({rule}).",
    "step-diagonal-white": "it goes to {end}: a man steps one square diagonally forward, and forward is up "
                           "the board for White ({rule}).",
    "step-diagonal-black": "it goes to {end}: a man steps one square diagonally forward, and forward is down "
                           "the board for Black ({rule}).",
    "step-straight-white": "it goes to {end}: a man may step one square straight forward, up the board for "
                           "White ({rule}).",
    "step-straight-black": "it goes to {end}: a man may step one square straight forward, down the board for "
                           "Black ({rule}).",
    "step-sideways": "it goes to {end}: a man may step one square sideways, to the left or the right ({rule}).",
    "jump": "it jumps the piece on {over} and lands on {end}, the empty square just beyond it: that is how a man "
            "captures ({rule}).",
    "jump-back": "it jumps the piece on {over} backward and lands on {end}, just beyond it: a man captures "
                 "backward as well as forward ({rule}).",
    "jump-sideways": "it jumps the piece on {over} sideways and lands on {end}, just beyond it: a man captures "
                     "sideways as well as forward ({rule}).",
    "jump-many": "it jumps {count} pieces one after another, {captured}, each time landing on the empty square "
                 "just beyond ({rule}).",
    "mandatory": "it is a capture, and capturing is compulsory: while a capture is possible no other move may "
                 "be played ({rule}).",
    "mandatory-on": "after its first jump, to {landing}, the piece can jump again, so it must: it goes on and "
                    "takes {count} pieces ({rule}).",
    "promote-end": "it ends on {end}, on the last rank, so the man becomes a king ({rule}).",
    "promote-toward-one": "it brings the man to {end}, one step from the last rank, where a man becomes a king "
                          "({rule}).",
    "promote-toward-other": "it brings the man to {end}, {count} steps from the last rank, where a man becomes "
                            "a king ({rule}).",
    "promote-mid": "the man lands on {square}, on the last rank, in the middle of the capture: it is a king at "
                   "once and captures on as a king, to {end} ({rule}).",
    "pass": "the man passes the last rank on {square} and must jump on, so it stays a man and ends on {end} "
            "({rule}).",
    "pass-crowned": "the man passes the last rank on {square} and must jump on, so it stays a man until it ends "
                    "on {end}, on the last rank again, and only then becomes a king ({rule}).",
    "king-move-diagonal": "a king moves any distance along a diagonal, so it reaches {end} in one move ({rule}).",
    "king-move-line": "a king moves any distance along a rank or a file, like a rook, so it reaches {end} in one "
                      "move ({rule}).",
    "king-capture-diagonal": "a king captures from afar: it jumps {over} along the diagonal and may land on any "
                             "empty square beyond it, here {ends} ({rule}).",
    "king-capture-line": "a king captures from afar: it jumps {over} along the rank or file and may land on any "
                         "empty square beyond it, here {ends} ({rule}).",
    "king-capture-many": "a king captures from afar: after jumping {first} it lands on {landing}, from where it "
                         "can jump {second}, and it takes {count} pieces in all ({rule}).",
    "majority-one": "it takes {most} pieces and {shorter} only one: you must take the most, and men and kings "
                    "count the same ({rule}).",
    "majority-other": "it takes {most} pieces and {shorter} only {count}: you must take the most, and men and "
                      "kings count the same ({rule}).",
    "majority-none": "it takes {most} pieces, as many as any capture here ({rule}).",
    "remove-cross": "the piece on {square} leaves the board as soon as it is jumped, so later in the same capture "
                    "the capturing piece can cross its empty square ({rule}).",
    "remove-land": "the piece on {square} leaves the board as soon as it is jumped, so later in the same capture "
                   "the capturing piece can land on its empty square ({rule}).",
    "remove": "each piece jumped leaves the board at once, and that opens the way for this capture of {count} "
              "pieces ({rule}).",
    "strike-round": "it ends on {end}, where it began: the square a capture starts from counts as empty, but no "
                    "piece may be jumped twice, and the pieces jumped stay on the board until the end ({rule}).",
    "strike-cross": "it crosses {square} twice, which a capture may do, but it jumps no piece twice: the pieces "
                    "jumped stay on the board until the end ({rule}).",
    "strike-blocks": "the pieces jumped stay on the board until the capture ends, so they still stand in the way: "
                     "{count} is the most a capture can take here, where removing them at once would allow "
                     "{more} ({rule}).",
    "strike": "the pieces jumped stay on the board until the last jump and may not be jumped twice, and this "
              "capture takes {count} of them, the most ({rule}).",
    "draw-1": "the position after it stands on the board for the first time: bring it back twice more, and the "
              "game is drawn ({rule}).",
    "draw-2": "the position after it has now stood on the board twice: once more, and the game is drawn ({rule}).",
    "draw-3": "it brings the same position onto the board for the third time, and that is a draw ({rule}).",
    "penalty-most-choice": "it takes the most pieces, {count}: {shorter}, which takes fewer, would be a capture "
                           "mistake, and the other side could make you take it back ({rule}).",
    "penalty-most-loss": "it takes the most pieces, {count}: {shorter}, which takes fewer, would be a capture "
                         "mistake, and a capture mistake loses at once ({rule}).",
    "penalty-capture-choice": "it captures, as the rules require: a move that did not would be a capture mistake, "
                              "and the other side could make you take it back ({rule}).",
    "penalty-capture-loss": "it captures, as the rules require: a move that did not would be a capture mistake, "
                            "and a capture mistake loses at once ({rule}).",
    "penalty-offer-choice": "it offers a piece: after it the other side must capture, and if it does not, that is "
                            "a capture mistake, and you choose whether it is taken back or let stand ({rule}).",
    "penalty-offer-loss": "it offers a piece: after it the other side must capture, and if it does not, that is "
                          "a capture mistake, which loses at once ({rule}).",
    "fallback": "it is what this level practises, {rule}: {description}",
    # asked for a hint where the game is over
    "no-hint": "there is no legal move to hint at",
}


say = language.sayer(TEXTS)


#: a sentence for a count: ``counted("gains", 3, line="a1-b2")`` is "it wins 3 pieces: …"
counted = language.counter(TEXTS)


@dataclass(frozen=True)
class Hint:
    """A move to show a learner, the reason (a sentence, and one more where a man reaches the
    last rank), and the rule behind it (or ``None``)."""

    move: Move
    reason: str
    rule: str | None = None

    def __str__(self) -> str:
        return say("play", move=self.move, reason=self.reason)

    @property
    def squares(self) -> tuple[str, ...]:
        """The squares to mark on the board: where the piece starts, lands and captures."""
        return self.move.path + self.move.captured


@dataclass(frozen=True)
class Threat:
    """What the opponent would play if it were their move, and what that would do, in a sentence."""

    move: Move
    sentence: str
    serious: bool

    def __str__(self) -> str:
        return self.sentence

    @property
    def squares(self) -> tuple[str, ...]:
        return self.move.path + self.move.captured


@dataclass(frozen=True)
class Crowning:
    """A man on the last rank during a move: crowned where it ends (``"end"``), crowned in the
    middle of a capture and capturing on as a king (``"mid"``, RU-PROMOTE, TR-PROMOTE), or
    passing as a man because it must jump on (``"pass"``, DE-PROMOTE-PASS); with the rule's ID."""

    square: str
    kind: Literal["end", "mid", "pass"]
    rule: str | None


def _last_rank(position: Position) -> int:
    """The number of the rank where the side to move's men are crowned."""
    return int(min(position.last_rank)[1:])


def crownings(position: Position, move: Move | str) -> tuple[Crowning, ...]:
    """Where the man that plays ``move`` reaches the last rank, and what the rules make of it,
    jump by jump (from :func:`~damlib.play.referee.capture_stages`): not the square the move ends on
    when a man is crowned on the way.

    >>> from damlib import Position
    >>> crownings(Position.from_fen("W:Wf6:Be7,b6", "russian"), "f6:d8:a5")
    (Crowning(square='d8', kind='mid', rule='RU-PROMOTE'),)
    >>> crownings(Position.from_fen("W:Wh6:Bg7,e7,c7", "german"), "h6:f8:d6:b8")
    (Crowning(square='f8', kind='pass', rule='DE-PROMOTE-PASS'), Crowning(square='b8', kind='end', rule='DE-PROMOTE'))
    """  # noqa: E501
    move = position.parse_move(move)  # the legal move, which knows its position
    rules, last = position.rules, position.last_rank
    if not move.captured:
        return (Crowning(move.end, "end", rules.rule_id("promote")),) if move.promotes else ()
    found = []
    stages = capture_stages(move)
    for before, stage in zip(stages, stages[1:], strict=False):
        if before.king:
            break  # a king is crowned once: the rest of the capture is a king's
        square, final = stage.path[-1], stage.number == len(move.captured)
        if stage.king:
            found.append(Crowning(square, "end" if final else "mid", stage.rule))
        elif square in last and not final:
            found.append(Crowning(square, "pass", stage.rule))
    return tuple(found)


def _crowning_sentences(crowned: Iterable[Crowning]) -> list[str]:
    key = {"end": "crowned-end", "mid": "crowned-mid", "pass": "passes"}
    return [say(key[c.kind], square=c.square, rule=c.rule) for c in crowned]


def _material(position: Position, white: bool) -> int:
    """Pieces of the side (``white``) minus the other side's; a king counts as much as a man."""
    return sum(1 if (v > 0) == white else -1 for v in position.board if v)


def _rules_reason(position: Position, move: Move) -> tuple[str, str | None] | None:
    """The reason when the rules alone choose ``move`` (the only legal move, or the only
    capture allowed), with the rule's ID; else ``None``: the search chooses."""
    rules, moves = position.rules, position.legal_moves
    if len(moves) > 1:
        return None
    if move.captured and forbidden_captures(position, 0)[0]:  # counted from the levels where there can be thousands
        reason, rule = counted("most", len(move.captured), rule=rules.cite("majority")), rules.rule_id("majority")
    elif move.captured:
        reason, rule = say("only-capture", rule=rules.cite("mandatory")), rules.rule_id("mandatory")
    else:
        reason, rule = say("only-move"), None
    return reason, rule


def _won_along(position: Position, line: tuple[Move, ...]) -> int:
    """Pieces the side to move is up (or down) after ``line``, counted at the last position in
    its first six moves where no capture is pending: an exchange is counted to its end."""
    white = position.turn == "white"
    now = _material(position, white)
    gain = 0
    for ply, step in enumerate(line[:6]):
        position = position.play(step)
        if ply and not position.must_capture:
            gain = _material(position, white) - now
    return gain


def _line_reason(position: Position, analysis: Analysis, others: list[int]) -> tuple[str, str | None]:
    """The reason the search gives, and its rule: a win, a crowning, material won along the
    expected line, a loss avoided, or the least lost."""
    move, score, rules = analysis.move, analysis.score, position.rules
    if analysis.wins:
        return say("wins"), rules.rule_id("win")
    crowned = [c for c in crownings(position, move) if c.kind != "pass"]
    if crowned:
        return say("makes-king"), crowned[-1].rule
    gain = _won_along(position, analysis.line)
    if gain > 0:
        return counted("gains", gain, line=" ".join(map(str, analysis.line[:4]))), None
    if gain < 0:
        return say("least-loss"), None
    if others and max(others) < score - MAN // 2:
        return say("keeps-safe"), None
    if move.captured:
        return say("least-return", rule=rules.cite("mandatory")), rules.rule_id("mandatory")
    piece = position.piece_at(move.start)
    key = "quiet-king" if piece is not None and piece.is_king else "quiet-man"
    return say(key, start=move.start, end=move.end), None


def hint(position: Position, history: Iterable[Position] = (), *, seconds: float = SECONDS,
         move: Move | str | None = None) -> Hint:
    """A move to play, with its reason naming the rule where one decides (a single capture,
    the majority rule, a crowning, said with the square where the man is crowned): the
    computer's choice, or ``move`` explained. ``history`` is the game so far.

    Raises :class:`~damlib.engine.errors.GameOverError` when there is no legal move.
    """
    require(position, Position, "position")
    moves = position.legal_moves
    if not moves:
        raise GameOverError(say("no-hint"), position.rules.rule_id("win"))
    chosen = position.parse_move(move) if move is not None else moves[0]
    decided = _rules_reason(position, chosen)
    if decided is None:
        chosen, reason, rule = _searched_reason(position, chosen, history, seconds, move is not None)
    else:
        reason, rule = decided
    crowned = crownings(position, chosen)
    if rule is None and crowned:
        rule = crowned[-1].rule
    return Hint(chosen, " ".join([reason, *_crowning_sentences(crowned)]), rule)


def _searched_reason(position: Position, chosen: Move, history: Iterable[Position], seconds: float,
                     given: bool) -> tuple[Move, str, str | None]:
    """The move and the search's reason for it: the search's own first choice, or ``chosen``
    where it was ``given``."""
    analysis, scores = analyse(position, seconds=seconds, history=history, every_move=True, max_depth=8)
    if given and chosen != analysis.move:
        after = position.play(chosen)
        if not after.legal_moves:  # the move ends the game: there is no line after it to search
            return chosen, say("wins"), position.rules.rule_id("win")
        # the line after the move asked about, searched from the other side's view
        found, _ = analyse(after, seconds=seconds, history=(*history, position), max_depth=8)
        analysis = Analysis(chosen, -found.score, (chosen, *found.line), found.depth + 1, found.nodes)
    others = [s for m, s in scores.items() if m != analysis.move]
    return (analysis.move, *_line_reason(position, analysis, others))


def threat(position: Position, *, seconds: float = SECONDS) -> Threat | None:
    """What the opponent would play if it were their move now, and what it would win: the
    learner's "show me a threat". ``None`` when the opponent would have no move at all."""
    require(position, Position, "position")
    turned = position.with_turn("black" if position.turn == "white" else "white")
    if not turned.legal_moves:
        return None
    analysis, _ = analyse(turned, seconds=seconds, max_depth=6)
    move, side = analysis.move, side_name(turned.turn)
    crowned = [c for c in crownings(turned, move) if c.kind != "pass"]
    if move.captured and crowned:
        text = counted("threat-capture-crown", len(move.captured), side=side, move=move,
                       square=crowned[0].square, rule=crowned[0].rule)
        return Threat(move, text, True)
    if move.captured:
        return Threat(move, counted("threat-capture", len(move.captured), side=side, move=move), True)
    if crowned:
        return Threat(move, say("threat-crown", side=side, move=move, square=crowned[0].square,
                                rule=crowned[0].rule), True)
    if analysis.wins:
        return Threat(move, say("threat-wins", side=side, move=move), True)
    gain = _won_along(turned, analysis.line)
    if gain > 0:
        return Threat(move, counted("threat-gains", gain, side=side, move=move), True)
    return Threat(move, say("threat-nothing", side=side, move=move), False)


# -- a level's move, explained by the rule the level practises ---------------------------------


@dataclass(frozen=True)
class _Move:
    """What the reasons below need of a move: the position, the move, the game so far."""

    position: Position
    move: Move
    history: tuple[Position, ...]
    rule: str

    @property
    def king(self) -> bool:
        piece = self.position.piece_at(self.move.start)
        return piece is not None and piece.is_king

    def steps(self, a: str, b: str) -> tuple[int, int]:
        """Files and ranks from ``a`` to ``b``, ranks counted forward for the side to move."""
        forward = 1 if self.position.turn == "white" else -1
        return FILES.index(b[0]) - FILES.index(a[0]), (int(b[1:]) - int(a[1:])) * forward


def _board(m: _Move) -> str | None:
    if m.move.captured:
        return None
    move, rules = m.move, m.position.rules
    if rules.all_squares:
        key = "board-all" if dark(square_number(move.end)) else "board-new"
        return say(key, end=move.end, rule=m.rule)
    ends = {x.end for x in m.position.legal_moves if x.start == move.start}
    if len(ends) > 1:
        return say("board-some", end=move.end, rule=m.rule)
    if m.king:
        return say("board-only", start=move.start, end=move.end, rule=m.rule)
    # a square of play behind the man is ruled out by the man's move, not by the board
    return say("board-only-man", start=move.start, end=move.end, rule=m.rule, man_rule=rules.cite("man-move"))


def _start(m: _Move) -> str | None:
    position, move = m.position, m.move
    if position != Position.start(position.rules):
        return None
    ranks = {x.start[1:] for x in position.legal_moves}
    if len(ranks) != 1:
        return None
    return say("start", rank=ranks.pop(), start=move.start, end=move.end, rule=m.rule)


def _win(m: _Move) -> str | None:
    after = m.position.play(m.move)
    loser = after.turn
    left = sorted(s for s, p in after.pieces.items() if p.color == loser)
    if not left:
        return say("win-last-piece", side=side_name(loser), rule=m.rule)
    if not after.legal_moves:
        return counted("win-no-move", len(left), side=side_name(loser), square=left[0], rule=m.rule)
    return None


def _man_move(m: _Move) -> str | None:
    if m.king or m.move.captured:
        return None
    files, ranks = m.steps(m.move.start, m.move.end)
    if ranks == 0:
        return say("step-sideways", end=m.move.end, rule=m.rule)
    shape = "diagonal" if files else "straight"
    return say(f"step-{shape}-{m.position.turn}", end=m.move.end, rule=m.rule)


def _man_capture(m: _Move) -> str | None:
    move = m.move
    if m.king or not move.captured:
        return None
    if len(move.captured) > 1:
        return say("jump-many", count=len(move.captured), captured=", ".join(move.captured), rule=m.rule)
    _, ranks = m.steps(move.start, move.end)
    key = "jump-back" if ranks < 0 else "jump-sideways" if ranks == 0 else "jump"
    return say(key, over=move.captured[0], end=move.end, rule=m.rule)


def _mandatory(m: _Move) -> str | None:
    move = m.move
    if not move.captured:
        return None
    if len(move.captured) > 1:
        return say("mandatory-on", landing=move.path[1], count=len(move.captured), rule=m.rule)
    return say("mandatory", rule=m.rule)


def _promote(m: _Move) -> str | None:
    move, crowned = m.move, crownings(m.position, m.move)
    if any(c.kind != "end" for c in crowned) or m.king:
        return None  # crowned on the way, or passing: _promote_mid says so
    if crowned:
        return say("promote-end", end=move.end, rule=m.rule)
    last = _last_rank(m.position)
    return counted("promote-toward", abs(last - int(move.end[1:])), end=move.end, rule=m.rule)


def _promote_mid(m: _Move) -> str | None:
    move, crowned = m.move, crownings(m.position, m.move)
    mid = [c for c in crowned if c.kind == "mid"]
    if mid:
        return say("promote-mid", square=mid[0].square, end=move.end, rule=m.rule)
    passed = [c for c in crowned if c.kind == "pass"]
    if not passed:
        return None
    key = "pass-crowned" if crowned[-1].kind == "end" else "pass"
    return say(key, square=passed[0].square, end=move.end, rule=m.rule)


def _king(m: _Move) -> str | None:
    move = m.move
    if not m.king:
        return None
    files, ranks = m.steps(move.start, move.path[1])
    shape = "diagonal" if files and ranks else "line"
    if not move.captured:
        return say(f"king-move-{shape}", end=move.end, rule=m.rule)
    if len(move.captured) > 1:
        return say("king-capture-many", first=move.captured[0], landing=move.path[1], second=move.captured[1],
                   count=len(move.captured), rule=m.rule)
    ends = sorted({x.end for x in m.position.legal_moves if x.start == move.start and x.captured == move.captured})
    return say(f"king-capture-{shape}", over=move.captured[0], ends=", ".join(ends), rule=m.rule)


def _majority(m: _Move) -> str | None:
    move = m.move
    if not move.captured:
        return None
    count, shorter = forbidden_captures(m.position, 1)
    if not count:
        return say("majority-none", most=len(move.captured), rule=m.rule)
    return counted("majority", len(shorter[0].captured), most=len(move.captured), shorter=shorter[0], rule=m.rule)


def _between(a: str, b: str) -> list[str]:
    """The squares from ``a`` (not included) to ``b`` (included), along their line."""
    fa, ra, fb, rb = FILES.index(a[0]), int(a[1:]), FILES.index(b[0]), int(b[1:])
    n = max(abs(fb - fa), abs(rb - ra))
    return [f"{FILES[fa + (fb - fa) // n * k]}{ra + (rb - ra) // n * k}" for k in range(1, n + 1)]


def _removal(m: _Move) -> str | None:
    move, rules = m.move, m.position.rules
    if len(move.captured) < 2:
        return None
    if rules.remove_at_once:
        for n, (a, b) in enumerate(zip(move.path, move.path[1:], strict=False)):
            emptied = [s for s in _between(a, b) if s in move.captured[:n]]
            if emptied:
                key = "remove-land" if emptied[0] == b else "remove-cross"
                return say(key, square=emptied[0], rule=m.rule)
        return say("remove", count=len(move.captured), rule=m.rule)
    if move.end == move.start:
        return say("strike-round", end=move.end, rule=m.rule)
    crossed = [s for n, (a, b) in enumerate(zip(move.path, move.path[1:], strict=False)) for s in _between(a, b)]
    twice = [s for s in dict.fromkeys(crossed) if crossed.count(s) > 1 or s == move.start]
    if twice:
        return say("strike-cross", square=twice[0], rule=m.rule)
    at_once = m.position.with_rules(dataclasses.replace(rules, remove_at_once=True))
    more = max((len(x.captured) for x in at_once.legal_moves), default=0)
    if more > len(move.captured):
        return say("strike-blocks", count=len(move.captured), more=more, rule=m.rule)
    return say("strike", count=len(move.captured), rule=m.rule)


def _draw(m: _Move) -> str | None:
    after = m.position.play(m.move)
    times = [*m.history, m.position].count(after) + 1
    return say(f"draw-{min(times, 3)}", rule=m.rule)


def _penalty(m: _Move) -> str | None:
    move, rules = m.move, m.position.rules
    cost = "loss" if rules.penalty == "loss" else "choice"
    if move.captured:
        count, shorter = forbidden_captures(m.position, 1)
        if count:
            return say(f"penalty-most-{cost}", count=len(move.captured), shorter=shorter[0], rule=m.rule)
        return say(f"penalty-capture-{cost}", rule=m.rule)
    if m.position.play(move).must_capture:
        return say(f"penalty-offer-{cost}", rule=m.rule)
    return None


_Reason = Callable[[_Move], "str | None"]
#: The reason a move serves a goal about each topic, tried in this order where one rule
#: covers several topics (TR-PROMOTE: the crowning mid-capture before the plain one).
_REASONS: dict[Topic, _Reason] = {
    "board": _board, "start": _start, "win": _win, "man-move": _man_move, "man-capture": _man_capture,
    "mandatory": _mandatory, "promote-mid": _promote_mid, "promote": _promote, "king": _king,
    "majority": _majority, "removal": _removal, "reversal": _removal, "draw": _draw, "penalty": _penalty,
}


def rule_hint(position: Position, move: Move | str, rule: str, history: Iterable[Position] = ()) -> Hint:
    """``move`` explained by ``rule``, the rule a level practises: why the move serves a goal
    about that rule, from the engine's facts about the move (no search, so it is the same every
    time and never fails for a move that ends the game), then where a man is crowned on the way
    when that is not what the rule is about. ``history`` is the game before ``position``.

    >>> from damlib import Position
    >>> print(rule_hint(Position.from_fen("W:Wd6:Bc7,e7,g7", "russian"), "d6:f8:h6", "DE-MAJORITY"))
    Play d6:f8:h6: it takes 2 pieces and d6:b8 only one: you must take the most, and men and kings count the same (DE-MAJORITY). The man is crowned on f8, on the last rank in the middle of the capture, and captures on as a king (RU-PROMOTE).
    """  # noqa: E501
    chosen = position.parse_move(move)
    rules = position.rules
    facts = _Move(position, chosen, tuple(history), rule)
    topics = [t for t in _REASONS if rules.rule_id(t) == rule]
    reason = next((r for r in (_REASONS[t](facts) for t in topics) if r), None)
    if reason is None:
        reason = say("fallback", rule=rule, description=describe(chosen, position))
    crowned = crownings(position, chosen)
    if {"promote", "promote-mid"} & set(topics) and reason is not None:
        crowned = ()  # the reason is the crowning itself
    return Hint(chosen, " ".join([reason, *_crowning_sentences(crowned)]), rule)
