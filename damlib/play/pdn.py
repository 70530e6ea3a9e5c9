"""Games in and out as PDN 3.0, the Portable Draughts Notation every draughts program reads.

:func:`read` turns PDN text (or a file) into games, one entry per game in the text;
:func:`write` (and :meth:`damlib.Game.pdn`) turns a :class:`~damlib.Game` into PDN text.

>>> from damlib import pdn
>>> text = '''[GameType "26"]
... [White "Ana"] [Black "Bea"] [Result "*"]
... 1. c3-d4 {the centre} f6-e5 2. d4xf6 g7xe5 *'''
>>> entry = pdn.read(text)[0]
>>> entry.game.moves, entry.game.rules.name, entry.comments
((Move('c3-d4'), Move('f6-e5'), Move('d4:f6'), Move('g7:e5')), 'Brazilian', {1: ('the centre',)})
>>> print(pdn.write(entry.game, Event="Club", Date="2026.05.01", White="Ana", Black="Bea"))
[Event "Club"]
[Date "2026.05.01"]
[White "Ana"]
[Black "Bea"]
[Result "*"]
[GameType "26"]
<BLANKLINE>
1. c3-d4 f6-e5 2. d4xf6 g7xe5 *

**Reading** is tolerant of what real files hold: UTF-8 with or without a BOM (bytes that
are not UTF-8 are read as Latin-1, as the standard recommends), CRLF line ends, ``{…}``
comments (kept with the move they follow), ``%`` and ``;`` line comments, NAGs (``$1``)
and move strengths (``!?``), variations in parentheses (kept as text, never read as
moves), move numbers glued to the move or not (``2.d4xf6``, ``12...``), captures
written with ``x`` or ``:``, by their start and end only or by every landing square,
and the results ``1-0 0-1 1/2-1/2 2-0 0-2 1-1 0-0 *``. A game that cannot be read is
reported with its number, its line and the move that failed (an illegal move with the
rule ID that forbids it); the other games of the text are still read.

**Which rules.** The ``GameType`` tag picks the rules, short or long form (``25``,
``25,W,8,8,A0,0``): 26 is Brazilian draughts (:data:`~damlib.BRAZILIAN`, the moves and
captures of German draughts here), 25 Russian and 30 Turkish draughts as published
(:data:`~damlib.RUSSIAN_PUBLISHED`, :data:`~damlib.TURKISH_PUBLISHED`): the rules real
players follow. ``variant=`` (a
:class:`~damlib.Rules` or a name) overrides the tag, for instance to read a real game
under the seed text's rules; ``default=`` names the rules of games with no GameType.

**Squares** are read in algebraic form (``c3``) or as numbers. Numbers follow the
GameType's notation (``N0``–``N3``: which corner is square 1, numbering along the rows).
Russian, Brazilian and Turkish are algebraic games (``A0``); a number in such a game, as
in the numbered FENs Russian programs write (``W:W21,…,32:B1,…,12``), counts from the top
left as White sees the board, as in international draughts: 1 = b8, 4 = h8, 5 = a7, 29 =
a1, 32 = g1 (on Turkish's 64 squares 1 = a8 … 64 = h1).

**Writing** follows PDN 3.0: the tags Event, Date, White, Black, Result and GameType, a
FEN tag when the game does not begin at the standard start, algebraic squares, the
GameType's capture sign (``:`` for Russian, ``x`` otherwise), and each move by its start
and end square unless that would be ambiguous, when every landing square is written.

**Games under the seed text's rules.** No GameType is exactly damlib's Russian (the seed
text keeps the majority rule) or damlib's Turkish (men also step diagonally forward, a
king may turn back, a man crowned mid-capture captures on). Such a game is written with
the GameType of its game (25, 30) and a ``Rules`` tag naming damlib's rules, for example
``[Rules "damlib Russian"]``, and a comment before the first move says it in words. The
reader takes a ``Rules`` tag of this form over the GameType, so the game reads back under
the rules it was played by. German needs no such tag: GameType 26 has exactly its rules.
A game played in referee mode carries ``[Referee "yes"]`` and reads back in referee mode;
capture mistakes that were let stand are read back as let stand (DE-PENALTY), the last
move's too; a game saved while the opponent has still to choose says so in a comment after
its last move (:data:`CHOICE_PENDING`), and reads back with the choice still to make.
"""

from __future__ import annotations

import datetime
import functools
import itertools
import os
import re
import time
import types
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

from ..engine import language
from ..engine.errors import DamlibError, IllegalMoveError, shown
from ..engine.notation import move_number
from ..engine.position import Move, Position
from ..engine.squares import SQUARE_NAMES, dark
from ..engine.variants import BRAZILIAN, RUSSIAN_PUBLISHED, TURKISH_PUBLISHED, VARIANTS, Rules
from ..engine.variants import rules as _rules
from .game import Game

#: Every sentence reading a PDN text says (what a teacher meets in the replay widget), whole.
#: ``{number}`` is a game's number in the text, or a GameType's; ``{value}`` a tag's value as
#: written; ``{move}`` move text; ``{error}`` a sentence of damlib's (why a move or a FEN is refused).
#: The comments :func:`write` puts into a file (:data:`CHOICE_PENDING`) stay English: they are
#: the file's, read back by any damlib.
TEXTS: dict[str, str] = {
    # a game's line in the menu of the games of a text: "3. Ana – Bea (Club, 2026.05.01): 1-0, 31 moves"
    "title-one": "{number}. {players}: {result}, {count} move",
    "title-other": "{number}. {players}: {result}, {count} moves",
    "title-where-one": "{number}. {players} ({where}): {result}, {count} move",
    "title-where-other": "{number}. {players} ({where}): {result}, {count} moves",
    "title-unread-one": "{number}. {players}: {result}, {count} move (cannot be read to the end)",
    "title-unread-other": "{number}. {players}: {result}, {count} moves (cannot be read to the end)",
    "title-where-unread-one": "{number}. {players} ({where}): {result}, {count} move (cannot be read to the end)",
    "title-where-unread-other": "{number}. {players} ({where}): {result}, {count} moves (cannot be read to the "
                                "end)",
    # why a game could not be read: "game 2, line 10: " and the reason
    "failed": "game {number}, line {line}: {reason}",
    "move-failed": "move {number} {move}: {error}",
    "fen-tag": "FEN tag: {error}",
    "never-opened": "a ')' closes a variation that was never opened",
    "never-closed": "a variation opened with '(' is never closed",
    "comment-never-closed": "a comment opened with {brace} is never closed",
    "setup": "a setup {setup} inside a game is not read",
    "out-of-time": "not read: reading this text took more than {seconds:g} seconds, the most here (a game set up "
                   "with many pieces takes long to play through); read fewer games with limit=, or allow more time "
                   "with seconds=",
    "not-a-move": "{text} is not a move",
    "no-square": "there is no square {number}: the squares are numbered 1–{squares}",
    "no-square-long-one": "there is no square {start}… ({count} digit): the squares are numbered 1–{squares}",
    "no-square-long-other": "there is no square {start}… ({count} digits): the squares are numbered 1–{squares}",
    # which rules
    "game-type-form": "GameType {value} is not of the form '26' or '26,W,8,8,A0,0'",
    "game-type-digits-one": "GameType {value}… names no game: its number has {count} digit",
    "game-type-digits-other": "GameType {value}… names no game: its number has {count} digits",
    "game-type-board": "GameType {value} is played on a {width}×{height} board; damlib's games use 8×8",
    "game-type-light": "GameType {value} is played with a1 light; on damlib's boards a1 is a playing square",
    "unknown-rules": "the {tag} tag names rules damlib does not know, {name}; read the file with variant= the "
                     "rules of its moves",
    "other-game": "GameType {number} is {game}, not a game damlib plays (26 Brazilian, 25 Russian, 30 Turkish); "
                  "read it with variant= to force the rules",
    "no-game-type": "the game has no GameType tag: name its rules, for example read(text, variant='russian')",
    # {game} above: the other GameType numbers of PDN 3.0
    "game-type-0": "chess",
    "game-type-1": "Chinese chess",
    "game-type-20": "international draughts (10×10)",
    "game-type-21": "English draughts",
    "game-type-22": "Italian draughts",
    "game-type-23": "pool checkers",
    "game-type-24": "Spanish draughts",
    "game-type-27": "Canadian draughts (12×12)",
    "game-type-28": "Portuguese draughts",
    "game-type-29": "Czech draughts",
    "game-type-31": "Thai draughts",
    "game-type-40": "Frisian draughts (10×10)",
    "game-type-41": "Spantsiretti draughts (10×8)",
    "game-type-50": "Othello",
    "game-type-unknown": "a game PDN does not define",
    # a text too long to read, a file that cannot be read or written
    "too-many-moves-one": "its games hold more than {count:,} move (variations included), the most read here",
    "too-many-moves-other": "its games hold more than {count:,} moves (variations included), the most read here",
    "too-long": "the text is longer than the {most:,} characters read here",
    "too-many-games-one": "the text holds more than {count:,} game, the most read at once here: read the first ones "
                          "with limit=",
    "too-many-games-other": "the text holds more than {count:,} games, the most read at once here: read the first "
                            "ones with limit=",
    "too-many-words": "its games hold more than {most:,} words to read here (moves, move numbers, comments, "
                      "brackets and the like)",
    "too-deep": "variations nested more than {most} deep are not read",
    "long-move": "{start}… ({count:,} characters) is not a move: a move names at most {most} squares",
    "cannot-read": "cannot read the PDN file {path}: {reason}",
    "bad-file-name": "a file name is 1 to 200 characters with no slashes, control or other special characters, "
                     "not {name}",
    "cannot-save": "cannot save the game as {path}: {reason}",
    # what write refuses, rather than write a file that reads back otherwise
    "result-tag": "the Result tag must be a result that fits the game ({results}), not {value}",
    "unwritable-rules": "the rules {name} differ from damlib's {preset} in {fields}: PDN names only damlib's games, "
                        "so the game would read back under other rules",
    "comment-ply": "a comment goes at a ply from 0 (before the first move) to {count} (after the last), not at {ply}",
}
say = language.sayer(TEXTS)

#: The GameType numbers of the games damlib plays, and the rules real games of them follow.
GAME_TYPES: dict[int, Rules] = {25: RUSSIAN_PUBLISHED, 26: BRAZILIAN, 30: TURKISH_PUBLISHED}

#: The other GameType numbers of PDN 3.0, to say what a file holds when damlib cannot play it
#: (in English: :data:`TEXTS` names them in the language chosen).
OTHER_GAME_TYPES = {int(key[10:]): name for key, name in TEXTS.items()
                    if key.startswith("game-type-") and key[10:].isdigit()}

#: The tag that names damlib's rules where no GameType fits (see the module's text).
RULES_TAG = "Rules"
_RULES_PREFIX = "damlib "
#: The comment after the last move of a game saved while a capture mistake awaits the opponent's choice.
CHOICE_PENDING = "A capture mistake: the opponent has still to choose, take it back or let it stand."
#: The tag of a game played in referee mode (capture mistakes may have been let stand).
REFEREE_TAG = "Referee"

_RESULTS = {"white": "1-0", "black": "0-1", None: "1/2-1/2"}
#: The ways of writing each result (the second a score of 2 points a game), as the reader reads them; a
#: game not over by the rules may have ended all the same (resigned, agreed drawn, lost on time: real
#: games, such as the shipped ones), so any result may be written for it.
_SAME_RESULT = {"1-0": {"1-0", "2-0"}, "0-1": {"0-1", "0-2"}, "1/2-1/2": {"1/2-1/2", "½-½", "1-1"},
                "*": {"*", "1-0", "0-1", "1/2-1/2", "½-½", "2-0", "0-2", "1-1", "0-0"}}
_TAG_NAME = re.compile(r"^[A-Z][A-Za-z0-9_]*$")
#: text that is only a file name, such as "games.pdn": no PDN text is
_FILE_NAME = re.compile(r"[^\s\[\]\"{}]+\.pdn", re.IGNORECASE)
_GAME_TYPE = re.compile(
    r"^\s*(\d+)\s*(?:,\s*([WB])\s*,\s*(\d+)\s*,\s*(\d+)\s*,\s*([ANS])([0-3])\s*(?:,\s*([01])\s*)?)?$", re.IGNORECASE
)
#: The most characters :func:`read` reads (2 MB): a file of a thousand games is about 0.7 MB (the
#: shipped USSR championship of 1950, 54 games, is 35 kB); a larger file is refused by its size
#: alone, before a word of it is looked at.
MAX_TEXT = 2_000_000
#: The most moves :func:`read` plays by default (``max_moves=`` takes another count): playing is
#: the costly part of reading, some 0.1 ms a move, so 4,000 (the USSR championship's 3,009 fit)
#: keep a call well under a second.
MAX_MOVES = 4_000
#: The most games :func:`read` reads by default (``max_games=``; ``limit=`` reads the first few):
#: each is a :class:`~damlib.Game` from its own start, whatever its moves.
MAX_GAMES = 500
#: The most words (moves, move numbers, comments, brackets, ...) of the games to be read that
#: :func:`read` looks at, whatever ``max_moves`` is (the USSR championship has 4,959): each
#: costs a few microseconds and a small object in memory.
MAX_WORDS = 20_000
#: The most seconds :func:`read` spends playing moves by default (``seconds=``): counts bound
#: the moves, but a move from a position set up with many pieces (a Turkish king among
#: sixteen men) can take 0.1 s to check, so the games left when time runs out are not read and
#: say so. The USSR championship reads in 0.4 s here, in the browser's Python at most 2 s.
MAX_SECONDS = 3.0
#: The deepest nesting of variations read; variations are kept as text, never played.
MAX_DEPTH = 50
#: The most squares a move names: the longest capture on 8×8 takes at most 12 pieces (13 squares);
#: longer move text is not read square by square.
MAX_SQUARES = 20

_SQUARE = r"(?:[a-h][1-8]|\d{1,2})"
_TOKEN = re.compile(
    rf"""
    (?P<space>\s+)
  | (?P<line_comment>^%[^\n]*|;[^\n]*)
  | \[\s*(?P<tag>[A-Za-z_]\w*)\s*"(?P<value>[^"\\\n]*(?:\\.[^"\\\n]*)*)"\s*\]
  | (?P<comment>\{{[^}}]*\}})
  | (?P<unclosed>\{{[^}}]*\Z)
  | (?P<open>\()
  | (?P<close>\))
  | (?P<nag>\$\d+)
  | (?P<result>(?:1-0|0-1|1/2-1/2|½-½|2-0|0-2|1-1|0-0)(?![\w/-])|\*)
  | (?P<move>{_SQUARE}(?:\s?[-x:×–]\s?{_SQUARE}){{1,{MAX_SQUARES}}}|[a-h][1-8](?:[a-h][1-8]){{1,{MAX_SQUARES}}})
    (?:[!?]+|\([!?]+\))?
  | (?P<number>\d+(?:\.\.\.|\.|…))
  | (?P<ellipsis>\.\.\.|…)
  | (?P<setup>/[^/\n]*/)
  | (?P<bad>[^\s\[\]{{}}()]+|.)
    """,
    re.VERBOSE | re.IGNORECASE | re.MULTILINE,
)


class _RulesTagError(DamlibError):
    """The ``Rules`` tag names rules damlib does not know: the error is on that tag's line."""


class PdnError(DamlibError):
    """A game of a PDN text that could not be read: ``game`` is its number in the text
    (1 for the first), ``line`` the line where reading failed, ``move`` the move text that
    failed (``None`` when it was not a move), ``rule`` the rule ID an illegal move breaks."""

    def __init__(self, message: str, game: int, line: int, move: str | None = None, rule: str | None = None) -> None:
        super().__init__(message)
        self.game, self.line, self.move, self.rule = game, line, move, rule


@dataclass(frozen=True, eq=False)
class PdnGame:
    """One game of a PDN text, as :func:`read` returns it.

    ``game`` is the :class:`~damlib.Game` (``None`` if it could not be read, and then
    ``error`` says why and ``played`` holds the moves read before the failure);
    ``comments`` and ``variations`` map a ply count (0 before the first move, k after
    the k-th) to the comments and the variations' text written there; ``result`` is the
    result the text records (``"1-0"``, ``"*"``, …), or ``None``.
    """

    number: int
    line: int
    tags: dict[str, str]
    game: Game | None
    error: PdnError | None = None
    played: Game | None = None
    comments: dict[int, tuple[str, ...]] = field(default_factory=dict)
    variations: dict[int, tuple[str, ...]] = field(default_factory=dict)
    result: str | None = None

    @property
    def title(self) -> str:
        """A one-line name for a menu: ``"3. Ana – Bea (Club, 2026.05.01): 1-0, 31 moves"``."""
        tags = self.tags
        players = " – ".join(tags.get(side) or "?" for side in ("White", "Black"))
        where = ", ".join(v for v in (tags.get("Event"), tags.get("Date")) if v and v.strip("?."))
        game = self.game or self.played
        moves = len(game.moves) if game else 0
        key = "title" + ("-where" if where else "") + ("" if self.error is None else "-unread")
        return language.counted(key, moves, TEXTS, number=self.number, players=players, where=where,
                                result=self.result or "*")

    def __repr__(self) -> str:
        return f"<PdnGame {self.title}>"


# -- squares ---------------------------------------------------------------------------


def numbering(rules: Rules, corner: int = 2) -> dict[int, str]:
    """Square number → square name for ``rules``' board, numbered along the rows from
    ``corner`` as White sees the board (0 bottom left, 1 bottom right, 2 top left, 3 top right).

    >>> squares = numbering(RUSSIAN_PUBLISHED)
    >>> squares[1], squares[4], squares[5], squares[29], squares[32]
    ('b8', 'h8', 'a7', 'a1', 'g1')
    >>> numbering(RUSSIAN_PUBLISHED, corner=0)[1]
    'a1'
    """
    ranks = range(8) if corner in (0, 1) else range(7, -1, -1)
    files = range(8) if corner in (0, 2) else range(7, -1, -1)
    playable = [r * 8 + f for r in ranks for f in files if rules.all_squares or dark(r * 8 + f)]
    return {n: SQUARE_NAMES[s] for n, s in enumerate(playable, 1)}


@functools.lru_cache(maxsize=32)
def _numbers(rules: Rules, corner: int) -> Mapping[int, str]:
    """:func:`numbering`, worked out once for every game of a text, not once a game."""
    return types.MappingProxyType(numbering(rules, corner))


def _square(text: str, squares: Mapping[int, str]) -> str:
    if text.isdigit():
        if len(text) > 3 or int(text) not in squares:  # a thousand-digit number is no square either
            if len(text) <= 8:
                raise DamlibError(say("no-square", number=text, squares=len(squares)))
            raise DamlibError(language.counted("no-square-long", len(text), TEXTS, start=text[:8],
                                               squares=len(squares)))
        return squares[int(text)]
    return text.lower()


def _fen(text: str, squares: Mapping[int, str]) -> str:
    """A FEN tag's value with algebraic squares: numbers and ranges (``W:W21-32:B1-12``) named."""
    fields = text.strip().rstrip(".").split(":")
    out = [fields[0].strip()]
    for part in fields[1:]:
        part = part.strip()
        if not part:
            continue
        names = []
        for item in filter(None, (i.strip() for i in part[1:].split(","))):
            king = "K" if item[0] in "Kk" else ""
            body = item[1:] if king else item
            low, _, high = body.partition("-")
            if high and low.isdigit() and high.isdigit():
                _square(high, squares)  # a range ends on a square: checked before it is counted through
                names += [king + _square(str(n), squares) for n in range(int(low), int(high) + 1)]
            else:
                names.append(king + _square(body, squares))
        out.append(part[0] + ",".join(names))
    return ":".join(out)


# -- reading ---------------------------------------------------------------------------


@dataclass(slots=True)  # one object a word of the text: small
class _Token:
    kind: str
    text: str
    line: int
    start: int
    end: int


def _tokens(text: str) -> Iterator[_Token]:
    line, counted = 1, 0
    for match in _TOKEN.finditer(text):
        start = match.start()
        line += text.count("\n", counted, start)
        counted = start
        kind = match.lastgroup or "bad"
        if kind in ("space", "line_comment"):
            continue
        if kind == "value":  # the last group of a tag pair
            kind = "tag"
        yield _Token(kind, match.group(0), line, start, match.end())


@dataclass
class _RawGame:
    tags: list[tuple[str, str, int]] = field(default_factory=list)
    body: list[_Token] = field(default_factory=list)
    result: _Token | None = None


def _split(text: str, max_moves: int | None = None, max_games: int | None = None) -> Iterator[_RawGame]:
    """The games of ``text``: tag pairs, then moves, up to a result or the next tag pairs;
    found as they are read, so that reading the first few games does not tokenize the rest.
    Counted as they are found: more than ``max_moves`` moves (variations' too), ``max_games``
    games or :data:`MAX_WORDS` words raise a DamlibError before the rest is looked at."""
    current, depth, moves, words, games, max_words = _RawGame(), 0, 0, 0, 0, MAX_WORDS

    def found(game: _RawGame) -> _RawGame:
        nonlocal games
        games += 1
        if max_games is not None and games > max_games:
            raise DamlibError(language.counted("too-many-games", max_games, TEXTS))
        return game

    for token in _tokens(text):
        words += 1
        if words > max_words:
            raise DamlibError(say("too-many-words", most=max_words))
        if token.kind == "move":
            moves += 1
            if max_moves is not None and moves > max_moves:
                raise DamlibError(language.counted("too-many-moves", max_moves, TEXTS))
        if token.kind == "tag":
            if current.body:
                yield found(current)
                current, depth = _RawGame(), 0
            match = _TOKEN.match(token.text)
            assert match is not None
            value = re.sub(r"\\(.)", r"\1", match.group("value"))
            current.tags.append((match.group("tag"), value, token.line))
        elif token.kind == "result" and depth == 0:
            current.result = token
            if current.tags or current.body:
                yield found(current)
            current = _RawGame()
        else:
            depth += {"open": 1, "close": -1}.get(token.kind, 0)
            current.body.append(token)
    if current.tags or current.body:
        yield found(current)


def read(source: str | bytes | os.PathLike[str] | IO[str] | IO[bytes], *, variant: Rules | str | None = None,
         default: Rules | str | None = None, limit: int | None = None, max_moves: int | None = MAX_MOVES,
         max_games: int | None = MAX_GAMES, seconds: float = MAX_SECONDS) -> list[PdnGame]:
    """The games of a PDN text, in order: one :class:`PdnGame` for each.

    ``source`` is the text, its bytes, the path of a PDN file (a :class:`~pathlib.Path`; a
    file named by a string is :func:`read_file`'s) or an open file. ``variant`` (a
    :class:`~damlib.Rules` or a name) reads every game under those rules whatever its
    GameType says; ``default`` names the rules of a game that has no GameType (without
    it such a game cannot be read). A game that cannot be read has ``game`` ``None`` and
    its ``error`` says why; the others are read all the same. With ``limit``, only the
    first ``limit`` games are read (their moves played), the rest left unread. A text whose
    games to be read hold more than ``max_moves`` moves (:data:`MAX_MOVES` unless another
    count, or ``None`` for no count, is given), or that has more than ``max_games`` games to
    be read (:data:`MAX_GAMES`, likewise), is refused before any is played, and so is a text
    whose games to be read hold over :data:`MAX_WORDS` words, or of over :data:`MAX_TEXT`
    characters (refused by its length alone): with the counts by default a call takes well
    under a second, and memory in proportion to the text. Games whose moves are still to be
    played when ``seconds`` (:data:`MAX_SECONDS`) have passed are not read, and say so.

    >>> first, second = read('[GameType "26"] 1. c3-d4 f6-e5 2. d4xf6 * [GameType "26"] 1. c3-c5 *')
    >>> len(first.game.moves), second.game, second.error.rule
    (3, None, 'DE-MAN-MOVE')
    >>> print(second.error)  # doctest: +NORMALIZE_WHITESPACE
    game 2, line 1: move 1. c3-c5: c3-c5 is not allowed (DE-MAN-MOVE): a man cannot go from c3 to c5.
    A man moves one square diagonally forward to an empty square.
    """
    text = source_text(source)
    forced = _rules(variant) if variant is not None else None
    fallback = _rules(default) if default is not None else None
    for name, value in (("limit", limit), ("max_moves", max_moves), ("max_games", max_games)):
        if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < 0):
            raise DamlibError(f"{name} must be a count (0 or more), not {shown(value)}")
    if isinstance(seconds, bool) or not isinstance(seconds, int | float) or not 0 < seconds < float("inf"):
        raise DamlibError(f"seconds must be a time in seconds (more than 0), not {shown(seconds)}")
    # counted as the text is split, so that a text too long is refused before the rest is looked at
    games = list(itertools.islice(_split(text, max_moves, max_games), limit))
    deadline = time.perf_counter() + seconds
    return [_build(raw, n, text, forced, fallback, (deadline, seconds)) for n, raw in enumerate(games, 1)]


def read_file(path: str | os.PathLike[str], *, variant: Rules | str | None = None, default: Rules | str | None = None,
              limit: int | None = None, max_moves: int | None = MAX_MOVES,
              max_games: int | None = MAX_GAMES, seconds: float = MAX_SECONDS) -> list[PdnGame]:
    """The games of the PDN file at ``path``, as :func:`read` reads them.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     _ = (Path(folder) / "games.pdn").write_text('[GameType "26"] 1. c3-d4 *')
    ...     [len(entry.game.moves) for entry in read_file(Path(folder) / "games.pdn")]
    [1]
    """
    if not isinstance(path, (str, os.PathLike)):
        raise DamlibError(f"read_file reads the file at a path, not {shown(path)}: read() reads text")
    return read(Path(path), variant=variant, default=default, limit=limit, max_moves=max_moves,
                max_games=max_games, seconds=seconds)


def source_text(source: object) -> str:
    """The PDN text of ``source``: text itself, or bytes, a file or an open file decoded (UTF-8,
    else Latin-1). A string that is only a file name is refused: it would read as one game with
    no GameType, never as the file."""
    if isinstance(source, str) and len(source) > MAX_TEXT:  # by its length alone, before any scan
        raise DamlibError(say("too-long", most=MAX_TEXT))
    # a file's path is at most 4,096 characters (PATH_MAX): longer text is no file name
    if isinstance(source, str) and len(source) <= 4096 and _FILE_NAME.fullmatch(source.strip()):
        raise DamlibError(f"{source!r} is a file name, not PDN text: read_file({source!r}) reads the file")
    if hasattr(source, "read") and callable(source.read):
        source = source.read(MAX_TEXT + 1)  # no more than is read: a larger file is refused below
    if isinstance(source, os.PathLike):
        try:
            with open(source, "rb") as file:
                source = file.read(MAX_TEXT + 1)
        except OSError as e:
            raise DamlibError(say("cannot-read", path=repr(os.fspath(source)), reason=e.strerror)) from None
    if isinstance(source, (bytes, bytearray, str)) and len(source) > MAX_TEXT:
        raise DamlibError(say("too-long", most=MAX_TEXT))
    if isinstance(source, (bytes, bytearray)):
        data = bytes(source)
        try:
            source = data.decode("utf-8")
        except UnicodeDecodeError:
            source = data.decode("latin-1")
    if not isinstance(source, str):
        raise DamlibError(f"PDN must be text, bytes or the path of a file, not {shown(source)}")
    return source.removeprefix("\ufeff")


def game_type(value: str) -> tuple[int, int | None]:
    """The type number and the numbering corner (``None`` for algebraic notation) of a GameType tag.

    >>> game_type("25"), game_type("21,B,8,8,N1,0")
    ((25, None), (21, 1))
    """
    match = _GAME_TYPE.match(value)
    if not match:
        raise DamlibError(say("game-type-form", value=repr(value)))
    number, _, width, height, notation, corner, invert = match.groups()
    if len(number) > 4:
        raise DamlibError(language.counted("game-type-digits", len(number), TEXTS, value=repr(value[:20])))
    if width and (width, height) != ("8", "8"):
        raise DamlibError(say("game-type-board", value=repr(value), width=width, height=height))
    if invert == "1" and int(number) != 30:
        raise DamlibError(say("game-type-light", value=repr(value)))
    return int(number), int(corner) if notation and notation.upper() == "N" else None


def _rules_for(tags: dict[str, str], forced: Rules | None, fallback: Rules | None) -> tuple[Rules, int]:
    """The rules a game is read under, and the corner its square numbers count from."""
    number, corner = game_type(tags["GameType"]) if "GameType" in tags else (None, None)
    named = tags.get(RULES_TAG, "")
    if forced is not None:
        rules = forced
    elif named.startswith(_RULES_PREFIX):
        name = named[len(_RULES_PREFIX):]
        if name.lower() not in VARIANTS:
            raise _RulesTagError(say("unknown-rules", tag=RULES_TAG, name=repr(name)))
        rules = _rules(name)
    elif number in GAME_TYPES:
        rules = GAME_TYPES[number]
    elif number is not None:
        what = say(f"game-type-{number}" if number in OTHER_GAME_TYPES else "game-type-unknown")
        raise DamlibError(say("other-game", number=number, game=what))
    elif fallback is not None:
        rules = fallback
    else:
        raise DamlibError(say("no-game-type"))
    return rules, 2 if corner is None else corner


def _build(raw: _RawGame, number: int, text: str, forced: Rules | None, fallback: Rules | None,
           clock: tuple[float, float]) -> PdnGame:
    tags = {name: value for name, value, _ in raw.tags}
    lines = {name: line for name, _, line in raw.tags}
    first = raw.tags[0][2] if raw.tags else raw.body[0].line if raw.body else raw.result.line if raw.result else 1
    result = raw.result.text if raw.result else tags.get("Result")
    comments: dict[int, list[str]] = {}
    variations: dict[int, list[str]] = {}

    def entry(game: Game | None, error: PdnError | None = None, played: Game | None = None) -> PdnGame:
        return PdnGame(number, first, tags, game, error, played, {k: tuple(v) for k, v in comments.items()},
                       {k: tuple(v) for k, v in variations.items()}, result)

    def failed(line: int, what: str, move: str | None = None, rule: str | None = None) -> PdnError:
        return PdnError(say("failed", number=number, line=line, reason=what), number, line, move, rule)

    try:
        rules, corner = _rules_for(tags, forced, fallback)
    except DamlibError as e:
        tag = RULES_TAG if isinstance(e, _RulesTagError) else "GameType"
        return entry(None, failed(lines.get(tag, first), str(e)))
    squares = _numbers(rules, corner)
    try:
        fen = tags.get("FEN", "").strip()
        start = Position.from_fen(_fen(fen, squares), rules) if fen else Position.start(rules)
        game = Game(start, referee=tags.get(REFEREE_TAG, "").lower() == "yes")
    except DamlibError as e:
        return entry(None, failed(lines.get("FEN", first), say("fen-tag", error=e)))
    depth, opened = 0, 0
    for token in raw.body:
        ply = len(game.moves)
        if token.kind == "open":
            depth += 1
            if depth == 1:
                opened, opened_line = token.start, token.line
            if depth > MAX_DEPTH:
                return entry(None, failed(token.line, say("too-deep", most=MAX_DEPTH)), game)
            continue
        if token.kind == "close":
            depth -= 1
            if depth < 0:
                return entry(None, failed(token.line, say("never-opened")), game)
            if depth == 0:
                variations.setdefault(ply, []).append(text[opened:token.end])
            continue
        if depth or token.kind in ("nag", "number", "ellipsis", "result"):
            continue
        if token.kind == "comment":
            comments.setdefault(ply, []).append(token.text[1:-1].strip())
        elif token.kind == "move" and len(re.findall(_SQUARE, token.text[:4 * MAX_SQUARES])) > MAX_SQUARES:
            said = say("long-move", start=token.text[:20], count=len(token.text), most=MAX_SQUARES)
            return entry(None, failed(token.line, said, token.text[:20]), game)
        elif token.kind == "move" and time.perf_counter() > clock[0]:
            return entry(None, failed(token.line, say("out-of-time", seconds=clock[1]), token.text), game)
        elif token.kind == "move":
            number_text = move_number(ply, white_first=start.turn == "white")
            try:
                if game.pending:  # a capture mistake still on the board was let stand (DE-PENALTY)
                    game.let_stand()
                game.play(_move_text(token.text, squares))
            except DamlibError as e:
                rule = e.rule if isinstance(e, IllegalMoveError) else None
                said = say("move-failed", number=number_text, move=token.text, error=e)
                return entry(None, failed(token.line, said, token.text, rule), game)
        elif token.kind == "setup":
            return entry(None, failed(token.line, say("setup", setup=token.text)), game)
        elif token.kind == "unclosed":  # one token to the end: a scan from every '{' would be quadratic
            return entry(None, failed(token.line, say("comment-never-closed", brace="{"), "{"), game)
        else:
            return entry(None, failed(token.line, say("not-a-move", text=repr(token.text)), token.text), game)
    if depth:
        return entry(None, failed(opened_line, say("never-closed")), game)
    if game.pending and CHOICE_PENDING not in comments.get(len(game.moves), ()):
        game.let_stand()  # the last move's mistake too was let stand: only a pending one is marked
    return entry(game)


def _move_text(token: str, squares: Mapping[int, str]) -> str:
    """Move text damlib reads for a PDN move: squares named, joined by ``-`` or ``:``."""
    move = re.sub(r"(?:[!?]+|\([!?]+\))$", "", token).replace(" ", "")
    names = re.findall(_SQUARE, move, re.IGNORECASE)
    capture = any(sign in move for sign in "xX:×")
    return (":" if capture else "-").join(_square(name, squares) for name in names)


# -- writing ---------------------------------------------------------------------------


def _preset_of(rules: Rules) -> Rules:
    """The damlib game ``rules`` are (the one of its name, else any with the same rules); rules
    no PDN text can name raise a DamlibError saying where they differ."""
    named = VARIANTS.get(rules.name.lower())
    if named is not None and not rules.differences(named):
        return named
    same = next((preset for preset in VARIANTS.values() if not rules.differences(preset)), None)
    if same is not None:
        return same
    near = named or min(VARIANTS.values(), key=lambda preset: len(rules.differences(preset)))
    raise DamlibError(say("unwritable-rules", name=repr(rules.name), preset=near.name,
                          fields=", ".join(rules.differences(near))))


def _game_type_of(rules: Rules) -> tuple[int, bool]:
    """The GameType for ``rules``, and whether it fits them exactly."""
    for number, published in GAME_TYPES.items():
        if not rules.differences(published):
            return number, True
    if rules.all_squares:
        return 30, False
    return (25 if rules.crown_mid_capture else 26), False


def _tag(name: str, value: object) -> str:
    if not isinstance(name, str) or not _TAG_NAME.match(name):
        raise DamlibError(f"a PDN tag name is a capitalised word like 'Event' or 'WhiteElo', not {shown(name)}")
    if not isinstance(value, str) or "\n" in value:
        raise DamlibError(f"the {name} tag's value must be one line of text, not {shown(value)}")
    return f'[{name} "' + value.replace("\\", "\\\\").replace('"', '\\"') + '"]'


def _written(move: Move, position: Position, separator: str, full: bool) -> str:
    """``move`` by its start and end square if that names it alone (and not ``full``), else
    by every landing square."""
    sign = separator if move.is_capture else "-"
    short = f"{move.start}{sign}{move.end}"
    if not full:
        try:
            if position.parse_move(short) == move:
                return short
        except DamlibError:
            pass
    return sign.join(move.path)


def write(game: Game, comments: Mapping[int, tuple[str, ...] | list[str] | str] | None = None, **tags: str) -> str:
    """PDN 3.0 text of ``game``, with ``tags`` (``Event="Club"``, ``White="Ana"``, …) added.

    Event, Date (today), White, Black and Result (from the game) are written when not
    given; GameType, FEN and the ``Rules`` tag describe the game itself, and values given
    for them are replaced. ``comments`` maps a ply count to comments, as
    :attr:`PdnGame.comments` does.

    A Result given must be one :func:`read` reads: for a game over by the rules, that result
    (``1-0`` or ``2-0`` for a White win), and for a game not over, any result at all, since
    a game may end off the board (resigned, drawn by agreement, lost on time, as the shipped
    USSR championship's games were): that result is a fact of the game, not of its last
    position. It is written, tag and last word, exactly as given and read back so
    (:attr:`PdnGame.result`), while the game read back goes on (its ``result`` is ``None``).

    >>> game = Game("german")
    >>> _ = game.play("c3-d4")
    >>> entry = read(write(game, Result="0-1"))[0]
    >>> entry.result, entry.tags["Result"], entry.game.result
    ('0-1', '0-1', None)

    >>> from damlib import Game
    >>> game = Game("turkish")
    >>> for move in ("a3-a4", "h6-h5", "b3-b4", "g6-g5"):
    ...     _ = game.play(move)
    >>> print(write(game, Event="Lesson", Date="2026.05.01"))
    [Event "Lesson"]
    [Date "2026.05.01"]
    [White "?"]
    [Black "?"]
    [Result "*"]
    [GameType "30"]
    [Rules "damlib Turkish"]
    <BLANKLINE>
    {The moves follow damlib's Turkish rules, not those of GameType 30: read them with damlib.}
    1. a3-a4 h6-h5 2. b3-b4 g6-g5 *
    """
    if not isinstance(game, Game):
        raise DamlibError(f"write takes a damlib Game, not {shown(game)}")
    if comments is not None and not (isinstance(comments, Mapping) and all(
            isinstance(ply, int) and all(isinstance(one, str) for one in (
                said if isinstance(said, (list, tuple)) else (said,)))
            for ply, said in comments.items())):
        raise DamlibError(f"comments map a ply count to a comment or a list of them, not {shown(comments)}")
    for ply in comments or {}:
        if isinstance(ply, bool) or not 0 <= ply <= len(game.moves):  # dropped, it would be lost without a word
            raise DamlibError(say("comment-ply", count=len(game.moves), ply=ply))
    rules, start = _preset_of(game.rules), game.positions[0]
    number, exact = _game_type_of(rules)
    result = game.result
    values = {"Event": "?", "Date": datetime.date.today().strftime("%Y.%m.%d"), "White": "?", "Black": "?",
              "Result": "*" if result is None else _RESULTS[result.winner]}
    # the Result ends the moves too: it must read back
    given = tags.get("Result", values["Result"])
    if not isinstance(given, str) or given not in _SAME_RESULT[values["Result"]]:
        raise DamlibError(say("result-tag", results=" ".join(sorted(_SAME_RESULT[values["Result"]])),
                              value=shown(tags["Result"])))
    values.update(tags)
    for derived in ("GameType", "FEN", "SetUp", RULES_TAG, REFEREE_TAG):
        values.pop(derived, None)
    head = [_tag(name, value) for name, value in values.items()]
    head.append(_tag("GameType", str(number)))
    notes = dict(comments or {})
    if game.pending:  # the opponent has still to choose: not to be read back as let stand
        last = len(game.moves)
        notes[last] = (*_as_tuple(notes.get(last, ())), CHOICE_PENDING)
    if not exact:
        head.append(_tag(RULES_TAG, _RULES_PREFIX + rules.name))
        said = f"The moves follow damlib's {rules.name} rules, not those of GameType {number}: read them with damlib."
        notes[0] = (said, *_as_tuple(notes.get(0, ())))
    if game.referee:
        head.append(_tag(REFEREE_TAG, "yes"))
    if start != Position.start(rules):
        head.append(_tag("FEN", start.fen))
    separator = ":" if number == 25 else "x"
    words = [f"{{{c}}}" for c in _comments(notes, 0)]
    for ply, (move, position) in enumerate(zip(game.moves, game.positions, strict=False)):
        numbered = move_number(ply, white_first=start.turn == "white")
        written = _written(move, position, separator, full=game.referee)  # referee mode reads text literally
        if not numbered.endswith("…"):
            written = f"{numbered} {written}"  # a number stays on the line of its move
        elif ply == 0:
            written = f"{numbered.replace('. …', '...')} {written}"
        words.append(written)
        words += [f"{{{c}}}" for c in _comments(notes, ply + 1)]
    words.append(values["Result"])
    return "\n".join(head) + "\n\n" + _wrap(words)


def _as_tuple(value: tuple[str, ...] | list[str] | str) -> tuple[str, ...]:
    return (value,) if isinstance(value, str) else tuple(value)


def _comments(notes: Mapping[int, tuple[str, ...] | list[str] | str], ply: int) -> tuple[str, ...]:
    # a closing brace would end the comment early
    return tuple(c.replace("}", ")") for c in _as_tuple(notes.get(ply, ())))


def _wrap(words: list[str], width: int = 79) -> str:
    lines, line = [], ""
    for word in words:
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    return "\n".join([*lines, line])


def save(game: Game, folder: str | os.PathLike[str] = ".", name: str | None = None, **tags: str) -> Path:
    """Write ``game`` as a PDN file in ``folder`` and return its path.

    The name is ``name`` or, by default, the game and the time (``german-2026-05-01-1412.pdn``);
    an existing file is never overwritten: ``-2``, ``-3``, … is added instead.
    """
    if name is not None and not isinstance(name, str):
        raise DamlibError(f"name must be text, not {shown(name)}")
    text = write(game, None, **tags)
    stem = name.removesuffix(".pdn") if name else (
        f"{game.rules.name.lower().split()[0]}-{datetime.datetime.now():%Y-%m-%d-%H%M}")
    if not stem or len(stem) > 200 or any(c in stem for c in '/\\:*?"<>|') or any(ord(c) < 32 for c in stem):
        raise DamlibError(say("bad-file-name", name=shown(name)))
    directory = Path(folder)
    # created exclusively: of two saves at the same moment under one name, the second takes the next number
    for n in itertools.count(1):
        path = directory / (f"{stem}.pdn" if n == 1 else f"{stem}-{n}.pdn")
        try:
            with open(path, "x", encoding="utf-8") as out:
                out.write(text + "\n")
            break
        except FileExistsError:
            continue
        except OSError as e:
            raise DamlibError(say("cannot-save", path=repr(os.fspath(path)), reason=e.strerror)) from None
    return path
