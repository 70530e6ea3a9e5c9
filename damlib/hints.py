"""Hints for a learner: a good move with the reason in one sentence, and what the opponent threatens.

>>> from damlib import Position
>>> from damlib.hints import hint, threat
>>> print(hint(Position.from_fen("W:We3:Bd4,f4,b6", "german")))
Play e3:c5:a7: it takes two pieces — the most, as the rules require (DE-MAJORITY).
>>> print(threat(Position.from_fen("W:Wc3,h2:Bd4,a7", "german")))
Black threatens d4:b2, taking a piece.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .errors import GameOverError
from .evaluation import MAN
from .position import Move, Position
from .referee import forbidden_captures
from .search import Analysis, analyse

#: how long a hint may think: a learner waits for it
SECONDS = 0.5


@dataclass(frozen=True)
class Hint:
    """A move to show a learner, the reason in a sentence, and the rule behind it (or ``None``)."""

    move: Move
    reason: str
    rule: str | None = None

    def __str__(self) -> str:
        return f"Play {self.move}: {self.reason}"

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


def _pieces(count: int) -> str:
    return {1: "a piece", 2: "two pieces", 3: "three pieces"}.get(count, f"{count} pieces")


def _material(position: Position, white: bool) -> int:
    """Pieces of the side (``white``) minus the other side's; a king counts as much as a man."""
    return sum(1 if (v > 0) == white else -1 for v in position._board if v)


def _crowns(move: Move) -> str:
    return f"crowns on {move.end}: the man becomes a king"


def _rules_reason(position: Position, move: Move) -> tuple[str, str | None] | None:
    """The reason when the rules alone choose ``move`` (the only legal move, or the only
    capture allowed), with the rule's ID; else ``None``: the search chooses."""
    rules, moves = position.rules, position.legal_moves
    if len(moves) > 1:
        return None
    if move.captured and forbidden_captures(position, 0)[0]:  # counted from the levels where there can be thousands
        reason = f"it takes {_pieces(len(move.captured))} — the most, as the rules require ({rules.cite('majority')})"
        rule = rules.rule_id("majority")
    elif move.captured:
        reason = f"it is the only capture, and capturing is compulsory ({rules.cite('mandatory')})"
        rule = rules.rule_id("mandatory")
    else:
        reason, rule = "it is the only legal move", None
    if move.promotes:
        reason += f", and it {_crowns(move)} ({rules.cite('promote')})"
        rule = rule or rules.rule_id("promote")
    return reason + ".", rule


def _won_along(position: Position, line: tuple[Move, ...]) -> int:
    """Pieces the side to move is up (or down) after ``line``, counted at the last position in
    its first six moves where no capture is pending: an exchange is counted to its end."""
    white, now = position._white, _material(position, position._white)
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
        return "it wins by force: the other side is left without a piece or a move.", rules.rule_id("win")
    if move.promotes:
        return f"it {_crowns(move)} ({rules.cite('promote')}).", rules.rule_id("promote")
    gain = _won_along(position, analysis.line)
    if gain > 0:
        return f"it wins {_pieces(gain)}: the line goes {' '.join(map(str, analysis.line[:4]))}.", None
    if gain < 0:
        return "every move gives something away; this one gives the least.", None
    if others and max(others) < score - MAN // 2:
        return "every other move gives away material; this one keeps your pieces safe.", None
    if move.captured:
        return (f"of the captures allowed it leaves the least in return ({rules.cite('mandatory')}: "
                "one must be played)."), rules.rule_id("mandatory")
    piece = position.piece_at(move.start)
    noun = "king" if piece is not None and piece.is_king else "man"
    return f"it brings the {noun} on {move.start} to {move.end} without giving anything away.", None


def hint(position: Position, history: Iterable[Position] = (), seconds: float = SECONDS,
         move: Move | str | None = None) -> Hint:
    """A move to play, with its reason in one sentence naming the rule where one decides (a
    single capture, the majority rule, a crowning): the computer's choice, or ``move`` (a
    level's solution, say) explained. ``history`` is the game so far.

    Raises :class:`~damlib.errors.GameOverError` when there is no legal move.
    """
    moves = position.legal_moves
    if not moves:
        raise GameOverError("there is no legal move to hint at", position.rules.rule_id("win"))
    chosen = position.parse_move(move) if move is not None else moves[0]
    decided = _rules_reason(position, chosen)
    if decided is not None:
        return Hint(chosen, *decided)
    analysis, scores = analyse(position, seconds=seconds, history=history, every_move=True, max_depth=8)
    if move is not None and chosen != analysis.move:
        # the line after the move asked about, searched from the other side's view
        after, _ = analyse(position.play(chosen), seconds=seconds, history=(*history, position), max_depth=8)
        analysis = Analysis(chosen, -after.score, (chosen, *after.line), after.depth + 1, after.nodes)
    others = [s for m, s in scores.items() if m != analysis.move]
    return Hint(analysis.move, *_line_reason(position, analysis, others))


def threat(position: Position, seconds: float = SECONDS) -> Threat | None:
    """What the opponent would play if it were their move now, and what it would win: the
    learner's "show me a threat". ``None`` when the opponent would have no move at all."""
    rules = position.rules
    turned = Position(rules, position._board, not position._white)
    if not turned.legal_moves:
        return None
    analysis, _ = analyse(turned, seconds=seconds, max_depth=6)
    move, who = analysis.move, turned.turn.capitalize()
    gain = _won_along(turned, analysis.line)
    if move.captured:
        crown = f" and crowning on {move.end}" if move.promotes else ""
        return Threat(move, f"{who} threatens {move}, taking {_pieces(len(move.captured))}{crown}.", True)
    if move.promotes:
        return Threat(move, f"{who} threatens {move}, crowning on {move.end} ({rules.cite('promote')}).", True)
    if analysis.wins:
        return Threat(move, f"{who} threatens {move}, winning by force.", True)
    if gain > 0:
        return Threat(move, f"{who} threatens {move}, winning {_pieces(gain)} in a few moves.", True)
    return Threat(move, f"{who} threatens nothing at once: if it were {who}'s move, {move} would be the best.", False)

