"""The rules of each game, as data.

One :class:`Rules` value describes a whole game; the move generator reads it and
holds no game-specific code. The difference between two games is the difference
between their values:

>>> from damlib import GERMAN, RUSSIAN
>>> GERMAN.differences(RUSSIAN)
('crown_mid_capture',)

Directions are ``(file step, rank step)`` pairs seen from White's side; for
Black the rank step is mirrored.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from .errors import VariantError

Direction = tuple[int, int]

FORWARD: tuple[Direction, ...] = ((0, 1),)
SIDEWAYS: tuple[Direction, ...] = ((-1, 0), (1, 0))
FORWARD_DIAGONALS: tuple[Direction, ...] = ((-1, 1), (1, 1))
DIAGONALS: tuple[Direction, ...] = FORWARD_DIAGONALS + ((-1, -1), (1, -1))
ORTHOGONALS: tuple[Direction, ...] = SIDEWAYS + FORWARD + ((0, -1),)

#: Every rule of RULES.md by ID, in a sentence. Explanations and lessons quote these.
RULE_TEXT: dict[str, str] = {
    "DE-BOARD": "Play is on the 32 squares of a1's colour of an 8×8 board.",
    "DE-START": "White men on ranks 1–3, Black men on ranks 6–8; White moves first.",
    "DE-MAN-MOVE": "A man moves one square diagonally forward to an empty square.",
    "DE-MAN-CAPTURE": "A man captures by short capture, diagonally forward or backward.",
    "DE-KING": "A king moves and captures along the four diagonals, over any distance (long move, long capture).",
    "DE-MANDATORY": "Capturing is compulsory, and a piece that can jump again must.",
    "DE-MAJORITY": "You must take the greatest number of pieces; men and kings count the same.",
    "DE-STRIKE": "Jumped pieces stay on the board until the last jump and may not be jumped twice.",
    "DE-PROMOTE": "A man that ends its move on the last rank becomes a king.",
    "DE-PROMOTE-PASS": "A man that jumps onto the last rank and can jump on must do so, and stays a man unless the capture ends on the last rank again.",
    "DE-PENALTY": "After a capture mistake the opponent chooses: take the move back and capture correctly, or let it stand.",
    "DE-WIN": "A player wins when the opponent has no pieces or cannot move.",
    "DE-DRAW": "A position repeated three times is a draw.",
    "RU-PROMOTE": "A man that reaches the last rank during a capture becomes a king at once and captures on as a king.",
    "TR-BOARD": "All 64 squares of the 8×8 board are used.",
    "TR-START": "White men on ranks 2 and 3, Black men on ranks 6 and 7; White moves first.",
    "TR-MAN-MOVE": "A man moves one square sideways, straight forward or diagonally forward.",
    "TR-MAN-CAPTURE": "A man captures by short capture sideways, straight forward or diagonally forward, never backward.",
    "TR-KING": "A king moves and captures along ranks and files only, over any distance.",
    "TR-MANDATORY": "Capturing is compulsory, and a piece that can jump again must.",
    "TR-MAJORITY": "You must take the greatest number of pieces; men and kings count the same.",
    "TR-REMOVE": "Each jumped piece is removed at once; its square may be crossed or landed on.",
    "TR-PROMOTE": "A man that reaches the last rank becomes a king at once, and captures on as a king.",
    "TR-PENALTY": "A player who makes a capture mistake loses the game at once.",
    "TR-WIN": "A player wins when the opponent has no pieces or cannot move.",
    "TR-DRAW": "A position repeated three times is a draw.",
}


@dataclass(frozen=True)
class Rules:
    """The complete rules of one game.

    Fields:

    - ``name``: the game's name.
    - ``family``: which rule IDs of RULES.md the game cites (``"DE"`` or ``"TR"``).
    - ``all_squares``: play on all 64 squares, or only on the 32 of a1's colour.
    - ``man_steps`` / ``man_captures``: a man's step and capture directions.
    - ``king_directions``: the lines a king moves and captures along.
    - ``long_kings``: kings move any distance (long move and long capture) or one square.
    - ``remove_at_once``: a jumped piece leaves the board right after its jump
      (Turkish) instead of after the last jump (the "Turkish strike" of German).
    - ``crown_mid_capture``: a man that reaches the last rank during a capture is
      crowned at once and captures on as a king; otherwise it goes on as a man
      and is crowned only if the capture ends on the last rank.
    - ``majority``: the capture that takes the most pieces is compulsory.
    - ``no_king_reversal``: a king may not turn 180° between two jumps.
    - ``penalty``: what a capture mistake costs in referee mode: ``"choice"``
      (the opponent chooses) or ``"loss"`` (the game is lost).
    - ``white_start`` / ``black_start``: the starting men.
    """

    name: str
    family: str
    all_squares: bool
    man_steps: tuple[Direction, ...]
    man_captures: tuple[Direction, ...]
    king_directions: tuple[Direction, ...]
    long_kings: bool
    remove_at_once: bool
    crown_mid_capture: bool
    majority: bool
    no_king_reversal: bool
    penalty: str
    white_start: tuple[str, ...]
    black_start: tuple[str, ...]

    def rule_id(self, topic: str) -> str:
        """The ID of the rule on ``topic`` that this game follows.

        >>> GERMAN.rule_id("majority"), TURKISH.rule_id("removal")
        ('DE-MAJORITY', 'TR-REMOVE')
        """
        if topic == "removal":
            rule = "TR-REMOVE" if self.remove_at_once else "DE-STRIKE"
        elif topic == "promote-mid" and self.family == "DE":
            rule = "RU-PROMOTE" if self.crown_mid_capture else "DE-PROMOTE-PASS"
        elif topic == "promote-mid":
            rule = f"{self.family}-PROMOTE"
        else:
            rule = f"{self.family}-{topic.upper()}"
        if rule not in RULE_TEXT:
            raise KeyError(f"no rule on {topic!r} for {self.name}")
        return rule

    def differences(self, other: Rules) -> tuple[str, ...]:
        """The names of the fields, other than ``name``, where two games differ."""
        return tuple(
            f.name
            for f in dataclasses.fields(self)
            if f.name != "name" and getattr(self, f.name) != getattr(other, f.name)
        )

    @property
    def squares_used(self) -> int:
        """How many squares the game is played on (32 or 64)."""
        return 64 if self.all_squares else 32

    def __repr__(self) -> str:
        return f"<Rules {self.name}>"


def _directions(directions: tuple[Direction, ...]) -> str:
    names = {(0, 1): "forward", (0, -1): "backward", (-1, 0): "left", (1, 0): "right",
             (-1, 1): "diagonally forward", (1, 1): "diagonally forward",
             (-1, -1): "diagonally backward", (1, -1): "diagonally backward"}
    return ", ".join(dict.fromkeys(names[d] for d in directions))


#: How each field of a Rules value reads in a table: (row label, topic for the rule ID, phrase).
_ROWS = (
    ("board", "board", lambda r: "all 64 squares" if r.all_squares else "the 32 squares of a1's colour"),
    ("men move", "man-move", lambda r: _directions(r.man_steps)),
    ("men capture", "man-capture", lambda r: _directions(r.man_captures)),
    ("kings", "king", lambda r: ("diagonals" if r.king_directions == DIAGONALS else "ranks and files")
     + (", any distance" if r.long_kings else ", one square")),
    ("jumped pieces leave", "removal", lambda r: "at once" if r.remove_at_once else "after the last jump"),
    ("a man reaching the last rank mid-capture", "promote-mid",
     lambda r: "is crowned and captures on as a king" if r.crown_mid_capture else "goes on as a man"),
    ("must take the most pieces", "majority", lambda r: "yes" if r.majority else "no, any capture"),
    ("a king turns back between jumps", "removal", lambda r: "no, that is forbidden" if r.no_king_reversal
     else "yes, over the emptied square" if r.remove_at_once else "no, the jumped piece blocks the way"),
    ("a capture mistake", "penalty",
     lambda r: "loses the game" if r.penalty == "loss" else "the opponent chooses: take back, or let stand"),
)


def rule_table(*games: Rules) -> str:
    """A Markdown table comparing ``games`` rule by rule, read from their values.

    Each entry cites the rule ID it follows; where a game of rules published
    elsewhere departs from the rule text, the entry says "published" instead.

    >>> print(rule_table(GERMAN, RUSSIAN).splitlines()[7])
    | a man reaching the last rank mid-capture | goes on as a man (DE-PROMOTE-PASS) | is crowned and captures on as a king (RU-PROMOTE) |
    """
    lines = ["| rule | " + " | ".join(g.name for g in games) + " |", "|---" * (len(games) + 1) + "|"]
    for label, topic, phrase in _ROWS:
        lines.append(f"| {label} | " + " | ".join(_cite(g, topic, phrase) for g in games) + " |")
    return "\n".join(lines)


def _cite(game: Rules, topic: str, phrase) -> str:
    """One entry of :func:`rule_table`: what ``game`` does, and the rule ID it follows."""
    follows = game.name in SEED_NAMES or phrase(game) == phrase(SEED_GAMES[game.family])
    return f"{phrase(game)} ({game.rule_id(topic) if follows else 'published rules'})"


def _ranks(ranks: str, files: str = "abcdefgh", every: bool = True) -> tuple[str, ...]:
    """The squares of ``ranks``; with ``every`` False only those of a1's colour."""
    return tuple(
        f"{f}{r}"
        for r in ranks
        for f in files
        if every or (ord(f) - ord("a") + int(r)) % 2 == 1
    )


GERMAN = Rules(
    name="German",
    family="DE",
    all_squares=False,
    man_steps=FORWARD_DIAGONALS,
    man_captures=DIAGONALS,
    king_directions=DIAGONALS,
    long_kings=True,
    remove_at_once=False,
    crown_mid_capture=False,
    majority=True,
    no_king_reversal=False,
    penalty="choice",
    white_start=_ranks("123", every=False),
    black_start=_ranks("678", every=False),
)

#: The seed text: Russian differs from German in one rule only (RU-PROMOTE).
RUSSIAN = dataclasses.replace(GERMAN, name="Russian", crown_mid_capture=True)

TURKISH = Rules(
    name="Turkish",
    family="TR",
    all_squares=True,
    man_steps=SIDEWAYS + FORWARD + FORWARD_DIAGONALS,
    man_captures=SIDEWAYS + FORWARD + FORWARD_DIAGONALS,
    king_directions=ORTHOGONALS,
    long_kings=True,
    remove_at_once=True,
    crown_mid_capture=True,
    majority=True,
    no_king_reversal=False,
    penalty="loss",
    white_start=_ranks("23"),
    black_start=_ranks("67"),
)

#: Brazilian draughts: the international rules on 8×8, the same rules as German here.
BRAZILIAN = dataclasses.replace(GERMAN, name="Brazilian")

#: Turkish draughts as commonly published: men forward and sideways only, no 180°
#: turn of a king between jumps, a man crowned only when its capture ends.
TURKISH_PUBLISHED = dataclasses.replace(
    TURKISH,
    name="Turkish (as published)",
    man_steps=SIDEWAYS + FORWARD,
    man_captures=SIDEWAYS + FORWARD,
    no_king_reversal=True,
    crown_mid_capture=False,
)

#: The games of the rule text, whose rule IDs RULES.md defines; per family, the one
#: whose rules the family's IDs describe.
SEED_NAMES = frozenset({GERMAN.name, RUSSIAN.name, TURKISH.name})
SEED_GAMES = {"DE": GERMAN, "TR": TURKISH}

VARIANTS: dict[str, Rules] = {
    r.name.lower(): r for r in (GERMAN, RUSSIAN, TURKISH, BRAZILIAN, TURKISH_PUBLISHED)
}


def rules(variant: str | Rules) -> Rules:
    """The :class:`Rules` named ``variant`` (case-insensitive), or ``variant`` itself.

    >>> rules("german") is GERMAN
    True
    """
    if isinstance(variant, Rules):
        return variant
    try:
        return VARIANTS[str(variant).strip().lower()]
    except KeyError:
        known = ", ".join(repr(name) for name in VARIANTS)
        raise VariantError(f"unknown variant {variant!r}; known variants: {known}") from None
