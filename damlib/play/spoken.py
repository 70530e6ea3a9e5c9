"""A position in words: where every piece stands and whose move it is, as a screen reader says
it on the board (key P) and as a picture of a board says it in its text alternative.

>>> from damlib import Position
>>> said(Position.from_fen("W:Wc3,e3,Ka1:Bd6", "german"))
'White: men on c3, e3; a king on a1. Black: a man on d6. White to move'
"""

from __future__ import annotations

from collections.abc import Mapping

from ..engine import language
from ..engine.position import Position
from .frames import pieces_of

#: The words: each side's pieces (``{squares}`` the squares, in order), then whose move it is.
TEXTS: dict[str, str] = {
    "overview": "{white} {black} {turn}",
    "side-white": "White: {pieces}.",
    "side-black": "Black: {pieces}.",
    "side-white-none": "White: no pieces.",
    "side-black-none": "Black: no pieces.",
    "men-one": "a man on {squares}",
    "men-other": "men on {squares}",
    "kings-one": "a king on {squares}",
    "kings-other": "kings on {squares}",
    "white-to-move": "White to move",
    "black-to-move": "Black to move",
}

#: the sentence of :data:`TEXTS` under a key, its placeholders filled
say = language.sayer(TEXTS)


def to_move(turn: str) -> str:
    """"White to move" or "Black to move", for ``turn`` ``"white"`` or ``"black"``."""
    return say(f"{turn}-to-move")


def overview(pieces: Mapping[str, str], turn: str) -> str:
    """Where every piece stands, side by side, and whose move it is; ``pieces`` maps a square to
    a board's code for its piece (``w``, ``W``, ``b``, ``B``: see :func:`~damlib.play.frames.pieces_of`).

    >>> overview({"c3": "w", "e3": "w", "a1": "W", "d6": "b"}, "white")
    'White: men on c3, e3; a king on a1. Black: a man on d6. White to move'
    >>> overview({"d6": "b"}, "black")
    'White: no pieces. Black: a man on d6. Black to move'
    """
    sides = []
    for side, man in (("white", "w"), ("black", "b")):
        kinds = [(kind, sorted(s for s, code in pieces.items() if code == letter))
                 for kind, letter in (("men", man), ("kings", man.upper()))]
        named = [language.counted(kind, len(squares), TEXTS, squares=", ".join(squares))
                 for kind, squares in kinds if squares]
        sides.append(say(f"side-{side}", pieces="; ".join(named)) if named else say(f"side-{side}-none"))
    return say("overview", white=sides[0], black=sides[1], turn=to_move(turn))


def said(position: Position) -> str:
    """:func:`overview` of ``position``."""
    return overview(pieces_of(position), position.turn)
