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
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from . import language
from .errors import VariantError, shown, told
from .language import PUBLISHED as PUBLISHED

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
    "DE-KING": "A king moves and captures along the four diagonals, over any distance "
               "(long move, long capture).",
    "DE-MANDATORY": "Capturing is compulsory, and a piece that can jump again must.",
    "DE-MAJORITY": "You must take the greatest number of pieces; men and kings count the same.",
    "DE-STRIKE": "Jumped pieces stay on the board until the last jump and may not be jumped twice.",
    "DE-PROMOTE": "A man that ends its move on the last rank becomes a king.",
    "DE-PROMOTE-PASS": "A man that jumps onto the last rank and can jump on must do so, and stays a man "
                       "unless the capture ends on the last rank again.",
    "DE-PENALTY": "After a capture mistake the opponent chooses: take the move back and capture correctly, "
                  "or let it stand.",
    "DE-WIN": "A player wins when the opponent has no pieces or cannot move.",
    "DE-DRAW": "A position repeated three times is a draw.",
    "RU-PROMOTE": ("A man that reaches the last rank during a capture becomes a king at once and, if it can jump on, "
                   "captures on as a king."),
    "TR-BOARD": "All 64 squares of the 8×8 board are used.",
    "TR-START": "White men on ranks 2 and 3, Black men on ranks 6 and 7; White moves first.",
    "TR-MAN-MOVE": "A man moves one square sideways, straight forward or diagonally forward.",
    "TR-MAN-CAPTURE": "A man captures by short capture sideways, straight forward or diagonally forward, "
                      "never backward.",
    "TR-KING": "A king moves and captures along ranks and files only, over any distance.",
    "TR-MANDATORY": "Capturing is compulsory, and a piece that can jump again must.",
    "TR-MAJORITY": "You must take the greatest number of pieces; men and kings count the same.",
    "TR-REMOVE": "Each jumped piece is removed at once; its square may be crossed or landed on.",
    "TR-PROMOTE": ("A man that reaches the last rank becomes a king at once; one that jumped there captures on as a "
                   "king if it can jump on."),
    "TR-PENALTY": "A player who makes a capture mistake loses the game at once.",
    "TR-WIN": "A player wins when the opponent has no pieces or cannot move.",
    "TR-DRAW": "A position repeated three times is a draw.",
}

#: Each rule in a few plain words, for a heading that leads with them before the ID (an ID such as
#: DE-STRIKE or "majority" misleads a learner who reads it alone).
RULE_TITLE: dict[str, str] = {
    "DE-BOARD": "Play on the 32 squares of a1's colour",
    "DE-START": "Twelve men each, White moves first",
    "DE-MAN-MOVE": "A man steps diagonally forward",
    "DE-MAN-CAPTURE": "A man captures forward or backward",
    "DE-KING": "A king goes far along the diagonals",
    "DE-MANDATORY": "Capturing is compulsory",
    "DE-MAJORITY": "Take the most pieces",
    "DE-STRIKE": "Jumped pieces stay until the capture ends",
    "DE-PROMOTE": "A man ending on the last rank is crowned",
    "DE-PROMOTE-PASS": "A man jumping on over the last rank stays a man",
    "DE-PENALTY": "After a capture mistake the opponent chooses",
    "DE-WIN": "Take every piece, or leave no move",
    "DE-DRAW": "The same position three times is a draw",
    "RU-PROMOTE": "Crowned during a capture, a man captures on as a king",
    "TR-BOARD": "Every square is used",
    "TR-START": "Sixteen men each, White moves first",
    "TR-MAN-MOVE": "A man steps forward, sideways or diagonally forward",
    "TR-MAN-CAPTURE": "A man captures in the same five directions",
    "TR-KING": "A king goes far along ranks and files",
    "TR-MANDATORY": "Capturing is compulsory",
    "TR-MAJORITY": "Take the most pieces",
    "TR-REMOVE": "Each jumped piece leaves at once",
    "TR-PROMOTE": "A man on the last rank is crowned at once",
    "TR-PENALTY": "A capture mistake loses the game",
    "TR-WIN": "Take every piece, or leave no move",
    "TR-DRAW": "The same position three times is a draw",
}


Family = str
"""Which rule IDs of RULES.md a game cites: ``"DE"`` or ``"TR"``. Any other name is
allowed too (a game of one's own); such a game cites no rule ID."""

PenaltyKind = Literal["choice", "loss"]

#: What a game's rule on each topic depends on. A game follows a rule of the seed text
#: on a topic when these fields are those of a seed game of its family that states it.
Topic = Literal["board", "start", "man-move", "man-capture", "king", "mandatory", "majority",
                "removal", "reversal", "promote", "promote-mid", "penalty", "win", "draw"]
TOPIC_FIELDS: dict[str, tuple[str, ...]] = {
    "board": ("all_squares",),
    "start": ("white_start", "black_start"),
    "man-move": ("man_steps",),
    "man-capture": ("man_captures",),
    "king": ("king_directions", "long_kings"),
    "mandatory": ("land_to_jump_on",),
    "majority": ("majority",),
    "removal": ("remove_at_once",),
    "reversal": ("remove_at_once", "no_king_reversal"),
    "promote": (),
    "promote-mid": ("crown_mid_capture",),
    "penalty": ("penalty",),
    "win": (),
    "draw": (),
}

#: The games' names as sentences use them; a game of one's own is "<its name> draughts".
TEXTS: dict[str, str] = {
    "game-German": "German draughts",
    "game-Russian": "Russian draughts",
    "game-Turkish": "Turkish draughts",
    "game-Brazilian": "Brazilian draughts",
    "game-Turkish (as published)": "Turkish draughts (as published)",
    "game-Russian (as published)": "Russian draughts (as published)",
    "game-own": "{name} draughts",
    # the short names, where a menu or a title says the game ("German: White to move")
    "short-German": "German",
    "short-Russian": "Russian",
    "short-Turkish": "Turkish",
    "short-Brazilian": "Brazilian",
    "short-Turkish (as published)": "Turkish (as published)",
    "short-Russian (as published)": "Russian (as published)",
    # rules() asked for a game it does not know; {known} lists the names it knows, as code writes them
    "unknown-variant": "unknown variant {variant}; known variants: {known}",
    # a Rules value made with a bad field: {keyword}, {white} and {black} are fields' Python names,
    # {value} what was given, {first} and {second} the values allowed, as code writes them
    "not-name": "{keyword} must be a non-empty text, not {value}",
    "not-directions": "{keyword} must be a tuple of (file step, rank step) pairs of -1, 0, 1, not {value}",
    "not-diagonal": "{keyword} has {value}, which leaves the dark squares: where play is on a1's colour only "
    "({all_squares} False) every direction must be diagonal",
    "not-penalty": "{keyword} must be {first} or {second}, not {value}",
    "not-start": "{keyword} must be a tuple of square names like ('a1', 'c1'), not {value}",
    "no-start": "each side needs starting men: {white} and {black} must not be empty",
    "twice": "{white} and {black} name a square twice",
}
say = language.sayer(TEXTS)


def game_name(rules: Rules | str, *, short: bool = False) -> str:
    """The game ``rules`` describe (or the game of that name), named as a sentence names it, in the
    chosen language; ``short``, as a menu or a heading does. A game of one's own keeps its name.

    >>> game_name(TURKISH), game_name("turkish", short=True), game_name("Frisian-like")
    ('Turkish draughts', 'Turkish', 'Frisian-like draughts')
    """
    if isinstance(rules, str):  # a game's name, in any case, as rules() reads it
        rules = _named(rules) or rules
    name = rules.name if isinstance(rules, Rules) else rules
    if short:
        return say(f"short-{name}") if f"short-{name}" in TEXTS else name
    return say(f"game-{name}") if f"game-{name}" in TEXTS else say("game-own", name=name)


def rule_sentence(rule: str) -> str:
    """The sentence of :data:`RULE_TEXT` stating the rule ``rule`` (an ID), in the chosen language.

    >>> rule_sentence("DE-DRAW")
    'A position repeated three times is a draw.'
    """
    return language.translate(RULE_TEXT[rule])


def rule_title(rule: str) -> str:
    """The plain title of the rule ``rule`` (an ID, :data:`RULE_TITLE`), in the chosen language.

    >>> rule_title("DE-STRIKE")
    'Jumped pieces stay until the capture ends'
    """
    return language.translate(RULE_TITLE[rule])

_LINES = frozenset((df, dr) for df in (-1, 0, 1) for dr in (-1, 0, 1) if df or dr)
_SQUARES = frozenset(f + r for f in "abcdefgh" for r in "12345678")


@dataclass(frozen=True)
class Rules:
    """The complete rules of one game.

    Fields:

    - ``name``: the game's name.
    - ``family``: which rule IDs of RULES.md the game cites (see :data:`Family`).
    - ``all_squares``: play on all 64 squares, or only on the 32 of a1's colour.
    - ``man_steps`` / ``man_captures``: a man's step and capture directions.
    - ``king_directions``: the lines a king moves and captures along.
    - ``long_kings``: kings move any distance (long move and long capture) or one square.
    - ``remove_at_once``: a jumped piece leaves the board right after its jump
      (Turkish) instead of after the last jump (German).
    - ``crown_mid_capture``: a man that reaches the last rank during a capture is
      crowned at once and captures on as a king; otherwise it jumps on as a man
      if it can, and is crowned only if the capture ends on the last rank.
    - ``majority``: the capture that takes the most pieces is compulsory.
    - ``no_king_reversal``: a king may not turn 180° between two jumps.
    - ``penalty``: what a capture mistake costs in referee mode: ``"choice"``
      (the opponent chooses) or ``"loss"`` (the game is lost).
    - ``white_start`` / ``black_start``: the starting men.
    - ``land_to_jump_on``: after a jump, a long king that can jump on from some
      of its landing squares must land on one of those. Under the majority rule
      this follows anyway; without it (the published Russian rules) it is what
      makes a capture, once begun, go on to the end.

    Directions are any of the eight ``(file step, rank step)`` pairs with steps
    −1, 0 or 1; a value that breaks this, or names squares off the board, is refused:

    >>> dataclasses.replace(GERMAN, penalty="fine")
    Traceback (most recent call last):
    ...
    damlib.engine.errors.VariantError: penalty must be 'choice' or 'loss', not 'fine'
    """

    name: str
    family: Family
    all_squares: bool
    man_steps: tuple[Direction, ...]
    man_captures: tuple[Direction, ...]
    king_directions: tuple[Direction, ...]
    long_kings: bool
    remove_at_once: bool
    crown_mid_capture: bool
    majority: bool
    no_king_reversal: bool
    penalty: PenaltyKind
    white_start: tuple[str, ...]
    black_start: tuple[str, ...]
    land_to_jump_on: bool = False

    def __post_init__(self) -> None:
        for f in ("name", "family"):
            if not isinstance(getattr(self, f), str) or not getattr(self, f).strip():
                raise VariantError(say("not-name", keyword=f, value=shown(getattr(self, f))))
        for f in ("all_squares", "long_kings", "remove_at_once", "crown_mid_capture", "majority", "no_king_reversal",
                  "land_to_jump_on"):
            if not isinstance(getattr(self, f), bool):
                raise VariantError(told("not-flag", keyword=f, value=shown(getattr(self, f))))
        for f in ("man_steps", "man_captures", "king_directions"):
            value = getattr(self, f)
            if not isinstance(value, tuple) or not all(d in _LINES and isinstance(d, tuple) for d in value):
                raise VariantError(say("not-directions", keyword=f, value=shown(value)))
        if not self.all_squares:
            for f in ("man_steps", "man_captures", "king_directions"):
                straight = [d for d in getattr(self, f) if not (d[0] and d[1])]
                if straight:
                    raise VariantError(say("not-diagonal", keyword=f, value=shown(straight[0]),
                                           all_squares="all_squares"))
        if self.penalty not in ("choice", "loss"):
            raise VariantError(say("not-penalty", keyword="penalty", first="'choice'", second="'loss'",
                                   value=shown(self.penalty)))
        for f in ("white_start", "black_start"):
            value = getattr(self, f)
            if not isinstance(value, tuple) or not all(isinstance(s, str) and s in _SQUARES for s in value):
                raise VariantError(say("not-start", keyword=f, value=shown(value)))
        if not self.white_start or not self.black_start:
            raise VariantError(say("no-start", white="white_start", black="black_start"))
        if len(set(self.white_start + self.black_start)) < len(self.white_start + self.black_start):
            raise VariantError(say("twice", white="white_start", black="black_start"))

    def rule_id(self, topic: Topic) -> str | None:
        """The ID of the rule of RULES.md on ``topic`` that this game follows, or
        ``None`` where it follows none: a game that departs from the seed text on
        that point, or one outside the text's families. Never raises.

        >>> GERMAN.rule_id("majority"), TURKISH.rule_id("removal"), TURKISH_PUBLISHED.rule_id("reversal")
        ('DE-MAJORITY', 'TR-REMOVE', None)
        """
        fields = TOPIC_FIELDS.get(topic)
        if fields is None:
            return None
        for seed in SEED_GAMES.get(self.family, ()):
            if all(getattr(self, f) == getattr(seed, f) for f in fields):
                return SEED_RULES[seed.name].get(topic)
        return None

    def cite(self, topic: Topic) -> str:
        """How to cite this game's rule on ``topic``: its rule ID, or :data:`PUBLISHED`.

        >>> TURKISH.cite("man-move"), TURKISH_PUBLISHED.cite("man-move")
        ('TR-MAN-MOVE', 'published rules')
        """
        return self.rule_id(topic) or PUBLISHED

    def differences(self, other: Rules) -> tuple[str, ...]:
        """The names of the fields, other than ``name``, where two games differ."""
        return tuple(
            f.name
            for f in dataclasses.fields(self)
            if f.name != "name" and getattr(self, f.name) != getattr(other, f.name)
        )

    def __repr__(self) -> str:
        return f"<Rules {self.name}>"


#: The words of :func:`rule_table`: a row's label (``row-<topic>``), then each game's entry.
TABLE_TEXTS: dict[str, str] = {
    "rule": "rule",
    "entry": "{phrase} ({rule})",
    "row-board": "board",
    "row-man-move": "men move",
    "row-man-capture": "men capture",
    "row-king": "kings",
    "row-removal": "jumped pieces leave",
    "row-promote-mid": "a man reaching the last rank mid-capture",
    "row-majority": "must take the most pieces",
    "row-reversal": "a king turns back between jumps",
    "row-penalty": "a capture mistake",
    "all-squares": "all 64 squares",
    "dark-squares": "the 32 squares of a1's colour",
    "left": "left",
    "right": "right",
    "forward": "forward",
    "backward": "backward",
    "forward-left": "diagonally forward-left",
    "forward-right": "diagonally forward-right",
    "backward-left": "diagonally backward-left",
    "backward-right": "diagonally backward-right",
    "diagonally-forward": "diagonally forward",
    "diagonally-backward": "diagonally backward",
    "nowhere": "nowhere",
    "diagonals": "diagonals",
    "orthogonals": "ranks and files",
    "all-lines": "ranks, files and diagonals",
    "long": "{lines}, any distance",
    "short": "{lines}, one square",
    "at-once": "at once",
    "after-last-jump": "after the last jump",
    "crowned-on": "is crowned and captures on as a king",
    "jumps-on": "jumps on as a man if it can, else stops and is crowned",
    "majority": "yes",
    "any-capture": "no, any capture",
    "reversal-forbidden": "no, that is forbidden",
    "reversal-emptied": "yes, over the emptied square",
    "reversal-blocked": "no, the jumped piece blocks the way",
    "penalty-loss": "loses the game",
    "penalty-choice": "the opponent chooses: take back, or let stand",
}
table_say = language.sayer(TABLE_TEXTS)

_NAMES: dict[Direction, str] = {(-1, 0): "left", (1, 0): "right", (0, 1): "forward", (0, -1): "backward",
                                (-1, 1): "forward-left", (1, 1): "forward-right",
                                (-1, -1): "backward-left", (1, -1): "backward-right"}


def _directions(directions: tuple[Direction, ...]) -> str:
    """``directions`` in words, a pair of diagonals named once: "left, right, diagonally forward"."""
    names = [_NAMES[d] for d in _NAMES if d in directions]
    for side in ("forward", "backward"):
        if f"{side}-left" in names and f"{side}-right" in names:
            names[names.index(f"{side}-left")] = f"diagonally-{side}"
            names.remove(f"{side}-right")
    return ", ".join(map(table_say, names)) or table_say("nowhere")


def _kings(r: Rules) -> str:
    lines = set(r.king_directions)
    named = {frozenset(DIAGONALS): "diagonals", frozenset(ORTHOGONALS): "orthogonals",
             frozenset(DIAGONALS + ORTHOGONALS): "all-lines"}
    key = named.get(frozenset(lines))
    return table_say("long" if r.long_kings else "short",
                     lines=table_say(key) if key else _directions(r.king_directions))


#: How each field of a Rules value reads in a table: (topic, for the row's label and the rule ID;
#: the game's entry, said).
_ROWS: tuple[tuple[Topic, Callable[[Rules], str]], ...] = (
    ("board", lambda r: table_say("all-squares" if r.all_squares else "dark-squares")),
    ("man-move", lambda r: _directions(r.man_steps)),
    ("man-capture", lambda r: _directions(r.man_captures)),
    ("king", _kings),
    ("removal", lambda r: table_say("at-once" if r.remove_at_once else "after-last-jump")),
    ("promote-mid", lambda r: table_say("crowned-on" if r.crown_mid_capture else "jumps-on")),
    ("majority", lambda r: table_say("majority" if r.majority else "any-capture")),
    ("reversal", lambda r: table_say("reversal-forbidden" if r.no_king_reversal
                                     else "reversal-emptied" if r.remove_at_once else "reversal-blocked")),
    ("penalty", lambda r: table_say("penalty-loss" if r.penalty == "loss" else "penalty-choice")),
)


def rule_table(*games: Rules | str) -> str:
    """A Markdown table comparing ``games`` (values or names) rule by rule, read from their values,
    in the language chosen.

    Each entry cites the rule ID it follows; where a game departs from the rule
    text, the entry says "published rules" instead.

    >>> print(rule_table(GERMAN, RUSSIAN).splitlines()[7])
    | a man reaching the last rank mid-capture | jumps on as a man if it can, else stops and is crowned (DE-PROMOTE-PASS) | is crowned and captures on as a king (RU-PROMOTE) |
    """  # noqa: E501
    values = [rules(g) for g in games]
    lines = [f"| {table_say('rule')} | " + " | ".join(game_name(g, short=True) for g in values) + " |",
             "|---" * (len(values) + 1) + "|"]
    for topic, entry in _ROWS:
        cells = [table_say("entry", phrase=entry(g), rule=g.cite(topic)) for g in values]
        lines.append(f"| {table_say(f'row-{topic}')} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


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

#: Brazilian draughts: the international rules on 8×8, with the moves and captures of German here
#: (its published draw rules, which the German text does not have, are not modelled).
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
    # published Turkish rules differ on a capture mistake (online play refuses it; the FMJD rules on
    # irregularities leave it to the opponent): the lost game is the rule text's own (TR-PENALTY)
    penalty="choice",
)

#: Russian draughts as published: free choice among captures (no majority rule), but a
#: capture once begun goes on while it can, a king landing where it can jump on.
RUSSIAN_PUBLISHED = dataclasses.replace(RUSSIAN, name="Russian (as published)", majority=False,
                                        land_to_jump_on=True)

#: The games of the rule text, per family: the seed games whose rules the family's IDs state.
SEED_GAMES: dict[str, tuple[Rules, ...]] = {"DE": (GERMAN, RUSSIAN), "TR": (TURKISH,)}


def _ids(family: str, **exceptions: str) -> dict[str, str]:
    """A seed game's rule ID per topic: ``family-TOPIC``, except where named."""
    ids = {t: f"{family}-{t.upper()}" for t in TOPIC_FIELDS if t not in ("removal", "reversal", "promote-mid")}
    return ids | exceptions


#: Each seed game's rule ID per topic, as RULES.md numbers them (Russian cites DE-* but for one).
SEED_RULES: dict[str, dict[str, str]] = {
    "German": _ids("DE", removal="DE-STRIKE", reversal="DE-STRIKE", **{"promote-mid": "DE-PROMOTE-PASS"}),
    "Russian": _ids("DE", removal="DE-STRIKE", reversal="DE-STRIKE", **{"promote-mid": "RU-PROMOTE"}),
    "Turkish": _ids("TR", removal="TR-REMOVE", reversal="TR-REMOVE", **{"promote-mid": "TR-PROMOTE"}),
}

VARIANTS: dict[str, Rules] = {
    r.name.lower(): r for r in (GERMAN, RUSSIAN, TURKISH, BRAZILIAN, TURKISH_PUBLISHED, RUSSIAN_PUBLISHED)
}


def rules(variant: str | Rules) -> Rules:
    """The :class:`Rules` named ``variant`` (case-insensitive), or ``variant`` itself.

    >>> rules("german") is GERMAN
    True
    """
    if isinstance(variant, Rules):
        return variant
    found = _named(variant)
    if found is None:
        known = ", ".join(repr(name) for name in VARIANTS)
        raise VariantError(say("unknown-variant", variant=repr(variant), known=known))
    return found


def _named(name: object) -> Rules | None:
    """The game called ``name`` (in any case, spaces around it ignored), or ``None``."""
    return VARIANTS.get(str(name).strip().lower())
