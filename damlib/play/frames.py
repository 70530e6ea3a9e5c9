"""What a board shows of a move, frame by frame: where the piece goes on each jump, which
pieces stand marked as taken, when they leave the board and when the man is crowned.

The rules decide every frame (:func:`~damlib.play.referee.capture_stages`): German and Russian
pieces jumped stay on the board until the capture ends (DE-STRIKE), Turkish ones go at once
(TR-REMOVE); a Russian man is crowned on the last rank mid-capture (RU-PROMOTE), a German one
only where the capture ends. The board widget animates these frames; nothing here draws.

>>> from damlib import Position
>>> move = Position.from_fen("W:Wb6:Bc7,e7", "russian").legal_moves[0]
>>> [(f.start, f.end, f.pieces.get(f.end), f.taken) for f in move_frames(move)]
[('b6', 'd8', 'W', ('c7',)), ('d8', 'f6', 'W', ('c7', 'e7')), ('f6', 'f6', 'W', ())]
"""

from __future__ import annotations

from itertools import pairwise
from typing import NamedTuple

from ..engine import language
from ..engine.errors import DamlibError
from ..engine.position import Move, Position
from .referee import TEXTS as REFEREE_TEXTS
from .referee import capture_stages

#: How a board names a piece: a man by its colour's letter, a king by the capital.
CODES = {("white", False): "w", ("white", True): "W", ("black", False): "b", ("black", True): "B"}
#: The same by a raw board's value: 1 a White man, 2 a White king, -1 and -2 Black's.
BY_VALUE = {(1 if colour == "white" else -1) * (2 if king else 1): code for (colour, king), code in CODES.items()}


class Frame(NamedTuple):
    """One step of a move: the piece goes from ``start`` to ``end``; then the board holds
    ``pieces`` (square → code, see :data:`CODES`) with the pieces jumped so far, ``taken``,
    marked (still standing, or already gone, as the rules say)."""

    start: str
    end: str
    pieces: dict[str, str]
    taken: tuple[str, ...]


def pieces_of(position: Position) -> dict[str, str]:
    """The pieces of ``position`` as a board shows them: square → code.

    >>> pieces_of(Position.from_fen("W:WKc3:Bd4", "german"))
    {'c3': 'W', 'd4': 'b'}
    """
    return {name: CODES[piece.color, piece.is_king] for name, piece in position.pieces.items()}


def move_frames(move: Move, after: Position | None = None) -> tuple[Frame, ...]:
    """The frames of ``move`` from its position: one for a step; for a capture one a jump, and
    where the pieces jumped stay until the capture ends (DE-STRIKE) a last one, ``start`` and
    ``end`` the same square, in which they leave the board.
    ``after`` is the position the move led to where the caller knows it (a capture mistake
    let through in referee mode), by default the move played.

    >>> step = Position.start("german").legal_moves[0]
    >>> move_frames(step)[0][:2]
    ('a3', 'b4')
    """
    before = move.position
    if before is None:
        raise DamlibError(language.say("no-position", REFEREE_TEXTS, move=move))
    if not move.captured:
        return (Frame(move.start, move.end, pieces_of(after if after is not None else before.play(move)), ()),)
    # the stages follow the route itself: a capture the majority rule forbids is shown too
    stages = capture_stages(move)
    # a piece taken is crossed where it stood, unless the capturing piece has landed there since
    # (TR-REMOVE takes it off at once, so a king may land on its square): a cross on the king
    # would say the king was taken
    frames = [Frame(a.path[-1], b.path[-1], pieces_of(b.position), tuple(s for s in b.jumped if s != b.path[-1]))
              for a, b in pairwise(stages)]
    end = pieces_of(after if after is not None else stages[-1].position)
    if before.rules.remove_at_once:
        return (*frames[:-1], frames[-1]._replace(pieces=end))
    # DE-STRIKE: the last piece jumped is crossed beside the others, all still standing; then
    # they leave the board together, a frame of their own with no move
    last = frames[-1]
    standing = {**end, **{s: code for s, code in pieces_of(before).items() if s in last.taken}}
    return (*frames[:-1], last._replace(pieces=standing), Frame(last.end, last.end, end, ()))
