"""A rule handout per game, on A4 pages: the board and the start, then every rule in a
sentence with its ID beside a diagram as large as a worksheet's (7.5 cm, coordinates in 7 pt).

The rule IDs and sentences are read from damlib: the rule IDs the game's
:class:`~damlib.Rules` value follows and their sentences (:data:`~damlib.RULE_TEXT`). Each rule's
board is chosen to show that rule happening (:data:`EXAMPLES`: the move, and in red a move the
rule forbids), with a sentence saying what happens; ``tests/test_handouts.py`` checks every one
against the engine, and fails when the committed handouts in ``handouts/`` are stale. Make them
again with ``python -m damlib.handout handouts``.

>>> [rule for rule, _, _ in examples("russian")][-4:]
['RU-PROMOTE', 'DE-PENALTY', 'DE-WIN', 'DE-DRAW']
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from ..drawing import diagram
from ..engine import language
from ..engine.errors import DamlibError
from ..engine.language import PUBLISHED
from ..engine.position import Move, Position, Variant
from ..engine.variants import GERMAN, RUSSIAN, TOPIC_FIELDS, TURKISH, Rules, rule_sentence
from ..engine.variants import rules as _rules
from ..play.game import Game
from ..teach.exercises import EXERCISES
from . import pages
from .worksheet import SHEET_BOARD, game_heading, save_worksheet
from .worksheet import say as worksheet_say

if TYPE_CHECKING:  # drawn with matplotlib, which is loaded only where pictures are made
    from matplotlib.figure import Figure

#: The games with a handout, in the lessons' order.
GAMES = (GERMAN, RUSSIAN, TURKISH)
#: inches: the start position's board and each rule's, as wide as a worksheet's (so its
#: coordinates print in 7 pt, to read on a page handed to a class)
_START = _SMALL = SHEET_BOARD

#: Every sentence printed on a handout, whole, with named placeholders: ``{game}`` the game's
#: name ("German draughts"); under each rule's board, what happens there (``caption-<rule ID>``),
#: ``{move}`` the move drawn, ``{white}`` and ``{black}`` squares. The rules' own sentences are
#: :data:`~damlib.RULE_TEXT`'s.
TEXTS: dict[str, str] = {
    "title": "{game}: the rules",
    "squares": "Squares are named as in chess, a1 bottom left. A move is written with its squares: c3-d4 for a "
               "step, e3:c5:a7 for a capture, naming every landing square. On the small boards, the arrows show a "
               "move and a cross marks each piece it captures.",
    "footer": "{game} · the rules as damlib plays them · page {page} of {pages}",
    "usage": "usage: python -m damlib.handout [FOLDER] [--language CODE]  (writes the handouts, worksheet and answer "
             "key, in the language CODE; FOLDER is handouts by default)",
    # a session's worksheet, for the check at the end of the session of docs/teaching.md
    "session-title": "Session {number}: {game}",
    "caption-repetition": "The kings go to and fro: {move} brings back the position with the kings on {white} and "
                          "{black}, White to move, for the third time. It is a draw.",
    "caption-last-piece": "White takes Black's last piece, d4:f6: Black has no pieces left and has lost.",
    "caption-DE-MAN-MOVE": "A man steps diagonally forward, to d4 or b4; it may not step back to b2.",
    "caption-DE-MAN-CAPTURE": "A man captures backward too: e5:c3 jumps d4.",
    "caption-DE-MANDATORY": "White must capture, c3:e5; the step g3-h4 is not allowed.",
    "caption-DE-PROMOTE": "The man ends its move on d8, the last rank, and becomes a king.",
    "caption-DE-KING": "The king takes d4 from afar and may land on any empty square beyond it: e5, f6, g7 or h8.",
    "caption-DE-MAJORITY": "White must take two, e3:c5:a7; e3:g5 takes only one and is not allowed.",
    "caption-DE-STRIKE": "The king ends on e1: c3, jumped first, stays on the board until the capture ends and "
                         "blocks the way over b4 to a5.",
    "caption-DE-PROMOTE-PASS": "The man jumps onto d8 and must jump on, to f6: it passes the last rank and stays "
                               "a man.",
    "caption-RU-PROMOTE": "The man jumps onto d8, is crowned at once and captures on as a king: over e7, landing "
                          "on f6, g5 or h4.",
    "caption-DE-PENALTY": "If White plays e3:g5, taking one where two must be taken, Black chooses: let it stand, "
                          "or have it taken back and e3:c5:a7 played.",
    "caption-TR-MAN-MOVE": "A man steps sideways, straight forward or diagonally forward: here to c4. It may not "
                           "step back to d3.",
    "caption-TR-MAN-CAPTURE": "A man captures sideways too: d4:b4 jumps c4.",
    "caption-TR-MANDATORY": "White must capture, d4:d6; the step h2-h3 is not allowed.",
    "caption-TR-PROMOTE": "The man jumps onto d8, is crowned at once and captures on as a king, down the file over "
                          "d4 to d3.",
    "caption-TR-KING": "The king moves and captures along ranks and files: d1:d7 takes d5 from afar.",
    "caption-TR-MAJORITY": "White must take two, a2:a4:a6; h2:h4 takes only one and is not allowed.",
    "caption-TR-REMOVE": "d6 leaves the board as soon as it is jumped, so the king turns back down the file, over "
                         "the emptied square, and takes d2: d4:d7:d1.",
    "caption-TR-PENALTY": "If White plays h2-h3 instead of the capture d4:d6, that capture mistake loses the game "
                          "at once.",
    # a rule the handouts have no example for: {rule} its ID
    "no-example": "no handout example for {rule}",
}

#: the sentence of :data:`TEXTS` under a key, its placeholders filled
say = language.sayer(TEXTS)


def rule_ids(game: Variant) -> list[str]:
    """The rule IDs ``game`` follows, in the order of the rule text's topics, each once.

    >>> rule_ids("turkish")[:3]
    ['TR-BOARD', 'TR-START', 'TR-MAN-MOVE']
    """
    rules = _rules(game)
    cited = (rules.cite(topic) for topic in TOPIC_FIELDS)  # type: ignore[arg-type]  # the keys are topics
    return [rule for rule in dict.fromkeys(cited) if rule != PUBLISHED]


@dataclass(frozen=True, repr=False)
class Example:
    """A position that shows a rule happening, for its board on a handout."""

    #: the position, or None for the game's start (drawn large on the first page)
    fen: str | None
    #: the move drawn, as an arrow
    move: str | None = None
    #: what happens, in a sentence printed under the rule: its key in :data:`TEXTS` (see :attr:`caption`)
    said: str = ""
    #: a move the rule forbids (or, for a penalty rule, the capture mistake), drawn in red
    refused: str | None = None
    #: the moves played from ``fen`` to reach the position drawn (a repetition)
    before: tuple[str, ...] = ()
    #: more moves drawn, where the sentence names more than one (a king's landing squares)
    also: tuple[str, ...] = ()
    #: the placeholders of the sentence, filled
    fields: tuple[tuple[str, str], ...] = field(default=(), compare=False)

    @property
    def caption(self) -> str:
        """What happens, in the sentence printed under the rule ("" for the start)."""
        return say(self.said, **dict(self.fields)) if self.said else ""

    def __repr__(self) -> str:
        # what is drawn and said: a handout's fingerprint covers it
        return (f"Example(fen={self.fen!r}, move={self.move!r}, caption={self.caption!r}, refused={self.refused!r}, "
                f"before={self.before!r}, also={self.also!r})")


def _repetition(fen: str, shuffle: tuple[str, str, str, str]) -> Example:
    """The kings of ``fen`` going to and fro by ``shuffle`` (White's step, Black's, and back): the
    last step of the second round brings the start back for the third time."""
    white, black = shuffle[0].split("-")[0], shuffle[1].split("-")[0]
    return Example(fen, shuffle[-1], "caption-repetition", before=(shuffle * 2)[:-1],
                   fields=(("move", shuffle[-1]), ("white", white), ("black", black)))


#: The same in every game: the last piece taken.
_LAST_PIECE = Example("W:Wd4:Be5", "d4:f6", "caption-last-piece")

#: Each rule's example, by rule ID; a DE rule's example serves German and Russian alike.
EXAMPLES: dict[str, Example] = {
    "DE-BOARD": Example(None), "DE-START": Example(None), "TR-BOARD": Example(None), "TR-START": Example(None),
    "DE-MAN-MOVE": Example("W:Wc3:Bh8", "c3-d4", "caption-DE-MAN-MOVE", refused="c3-b2", also=("c3-b4",)),
    "DE-MAN-CAPTURE": Example("W:We5:Bd4,a7", "e5:c3", "caption-DE-MAN-CAPTURE"),
    "DE-MANDATORY": Example("W:Wc3,g3:Bd4,h8", "c3:e5", "caption-DE-MANDATORY", refused="g3-h4"),
    "DE-PROMOTE": Example("W:Wc7:Bh2", "c7-d8", "caption-DE-PROMOTE"),
    "DE-KING": Example("W:WKa1:Bd4", "a1:e5", "caption-DE-KING", also=("a1:f6", "a1:g7", "a1:h8")),
    "DE-MAJORITY": Example("W:We3:Bd4,f4,b6", "e3:c5:a7", "caption-DE-MAJORITY", refused="e3:g5"),
    "DE-STRIKE": Example("W:WKa1:Bc3,f4,f2,b4", "a1:e5:g3:e1", "caption-DE-STRIKE", refused="a1:e5:g3:e1:a5"),
    "DE-PROMOTE-PASS": Example("W:Wb6:Bc7,e7", "b6:d8:f6", "caption-DE-PROMOTE-PASS", refused="b6:d8"),
    "RU-PROMOTE": Example("W:Wb6:Bc7,e7", "b6:d8:h4", "caption-RU-PROMOTE", also=("b6:d8:f6", "b6:d8:g5")),
    "DE-DRAW": _repetition("W:WKa1:BKb8", ("a1-b2", "b8-a7", "b2-a1", "a7-b8")),
    "DE-PENALTY": Example("W:We3,h2:Bd4,f4,b6,h8", "e3:c5:a7", "caption-DE-PENALTY", refused="e3:g5"),
    "DE-WIN": _LAST_PIECE,
    "TR-MAN-MOVE": Example("W:Wd4:Bh7", "d4-c4", "caption-TR-MAN-MOVE", refused="d4-d3"),
    "TR-MAN-CAPTURE": Example("W:Wd4:Bc4,h7", "d4:b4", "caption-TR-MAN-CAPTURE"),
    "TR-MANDATORY": Example("W:Wd4,h2:Bd5", "d4:d6", "caption-TR-MANDATORY", refused="h2-h3"),
    "TR-PROMOTE": Example("W:Wd6:Bd7,d4", "d6:d8:d3", "caption-TR-PROMOTE"),
    "TR-KING": Example("W:WKd1:Bd5,f3", "d1:d7", "caption-TR-KING"),
    "TR-MAJORITY": Example("W:Wa2,h2:Ba3,a5,h3", "a2:a4:a6", "caption-TR-MAJORITY", refused="h2:h4"),
    "TR-REMOVE": Example("W:WKd4:Bd6,d2", "d4:d7:d1", "caption-TR-REMOVE"),
    "TR-DRAW": _repetition("W:WKa1:BKh8", ("a1-a2", "h8-h7", "a2-a1", "h7-h8")),
    "TR-PENALTY": Example("W:Wd4,h2:Bd5,h7", "d4:d6", "caption-TR-PENALTY", refused="h2-h3"),
    "TR-WIN": _LAST_PIECE,
}


def example(rule: str, game: Variant) -> tuple[Position, Move | None, Example]:
    """``rule``'s example played under ``game``: the position drawn, the move drawn, the entry."""
    rules = _rules(game)
    entry = EXAMPLES.get(rule)
    if entry is None:
        raise DamlibError(say("no-example", rule=rule))
    if entry.fen is None:
        return Position.start(rules), None, entry
    played = Game(Position.from_fen(entry.fen, rules))
    for move in entry.before:
        played.play(move)
    position = played.position
    return position, position.parse_move(entry.move) if entry.move else None, entry


def examples(game: Variant) -> list[tuple[str, Position, Move | None]]:
    """For each rule of ``game``: its ID, the position drawn for it, and the move drawn."""
    return [(rule, *example(rule, game)[:2]) for rule in rule_ids(game)]


def _parts(rule: str, caption: str) -> list[tuple[str, bool, float]]:
    """A rule's text beside its board: (text, bold, space before it in inches)."""
    return [(rule, True, 0.0), (rule_sentence(rule), False, 0.0), *([(caption, False, 0.06)] if caption else [])]


def _height(parts: list[tuple[str, bool, float]], width: float, size: float) -> float:
    return sum(len(pages.lines(text, width, size)) * size * pages.LINE / 72 + gap for text, _, gap in parts)


def _rule(page: Figure, rule: str, game: Rules, x: float, y: float, width: float, size: float) -> None:
    position, move, entry = example(rule, game)
    drawn = diagram.Annotations(move=move) if move else diagram.Annotations()
    if entry.refused:
        drawn["refused"] = [entry.refused]
    if entry.also:
        drawn["arrows"] = list(entry.also)
    pages.board(page, position, x, y, _SMALL, **drawn)
    left, column = x + _SMALL + 0.12, width - _SMALL - 0.12
    for text, bold, gap in _parts(rule, entry.caption):
        y += gap
        y += pages.write(page, text, left, y, column, size, bold=bold)


def render(game: Variant) -> list[Figure]:
    """The handout's pages: the start and the first two rules at the top, then the other rules
    one to a row, the board on the left and the text beside it, on a new page when one is full."""
    rules = _rules(game)
    shown = rule_ids(rules)
    size = pages.BODY
    left, width = pages.MARGIN, pages.WIDTH - 2 * pages.MARGIN
    first = pages.new_page()
    pages.write(first, say("title", game=game_heading(rules)), left, pages.MARGIN, width, size=18,
                bold=True)
    top = pages.MARGIN + 0.5
    pages.board(first, Position.start(rules), left, top, _START, square_names=True)
    text_x, text_w = left + _START + 0.25, width - _START - 0.25
    used = 0.0
    for rule in shown[:2]:  # the board and the start, beside the start position
        used += pages.write(first, rule, text_x, top + used, text_w, size, bold=True)
        used += pages.write(first, rule_sentence(rule), text_x, top + used, text_w, size) + 0.12
    used += pages.write(first, say("squares"), text_x, top + used + 0.1, text_w, size)
    drawn, y = [first], top + max(_START, used + 0.1) + 0.3
    for rule in shown[2:]:
        height = max(_SMALL, _height(_parts(rule, EXAMPLES[rule].caption), width - _SMALL - 0.12, size))
        if y + height > pages.HEIGHT - pages.MARGIN - 0.3:
            drawn.append(pages.new_page())
            y = pages.MARGIN
        _rule(drawn[-1], rule, rules, left, y, width, size)
        y += height + 0.3
    for n, page in enumerate(drawn, 1):
        pages.footer(page, say("footer", game=game_heading(rules), page=n, pages=len(drawn)))
    return drawn


def file_name(game: Variant) -> str:
    """The handout's file name: ``german-rules.pdf``."""
    return f"{_rules(game).name.lower()}-rules.pdf"


def save_handout(game: Variant, path: str | Path) -> list[Path]:
    """Save ``game``'s handout: one PDF, or a PNG or SVG file a page."""
    diagram.need_pictures("save_handout")
    rules: Rules = _rules(game)
    shown = [(rule, rule_sentence(rule), position.fen, str(move), EXAMPLES[rule])
             for rule, position, move in examples(rules)]
    title = say("title", game=game_heading(rules))
    return pages.save(render(rules), path, title, pages.fingerprint([rules.name, rules, title, say("squares")] + shown))


#: The printed set committed in ``handouts/``: a handout per game, the class worksheet and its key.
WORKSHEET, ANSWER_KEY = "worksheet.pdf", "answer-key.pdf"

#: The sessions of docs/teaching.md with a check of their own: the numbers (from 1) of the class
#: set's questions each session sets, all of one game; session 8 sets the whole class set.
SESSIONS: dict[int, tuple[int, ...]] = {
    1: (1, 2, 3), 2: (4, 5), 3: (4, 10), 4: (6, 7, 8, 9), 5: (11, 12, 13, 14, 15, 16),
    6: (17, 18, 23, 26), 7: (19, 20, 21, 22, 24, 25),
}


def session_files(session: int) -> tuple[str, str]:
    """The file names of a session's worksheet and answer key: ``session-1-worksheet.pdf``, …"""
    return f"session-{session}-worksheet.pdf", f"session-{session}-answer-key.pdf"


def save_session(session: int, folder: str | Path) -> list[Path]:
    """Write the worksheet and answer key of ``session`` (see :data:`SESSIONS`) into ``folder``."""
    questions = [EXERCISES[number - 1] for number in SESSIONS[session]]
    title = say("session-title", number=session, game=game_heading(questions[0].rules))
    sheet, key = (Path(folder) / name for name in session_files(session))
    save_worksheet(questions, sheet, title=title)
    save_worksheet(questions, key, answers=True, title=worksheet_say("answer-key-of", title=title))
    return [sheet, key]


def save_all(folder: str | Path) -> list[Path]:
    """Write the handouts, the class set's worksheet and its answer key, and each session's
    worksheet and key, into ``folder``."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    written = [path for game in GAMES for path in save_handout(game, folder / file_name(game))]
    save_worksheet(EXERCISES, folder / WORKSHEET)
    save_worksheet(EXERCISES, folder / ANSWER_KEY, answers=True)
    sessions = [path for session in SESSIONS for path in save_session(session, folder)]
    return written + [folder / WORKSHEET, folder / ANSWER_KEY] + sessions


def main(arguments: list[str]) -> None:
    """``python -m damlib.handout [FOLDER] [--language CODE]``: the printed set in the language
    ``CODE`` (``handouts/eo``: ``python -m damlib.handout handouts/eo --language eo``)."""
    rest = list(arguments)
    if "--language" in rest:
        at = rest.index("--language")
        if at + 1 == len(rest):
            sys.exit(say("usage"))
        try:
            language.set_language(rest[at + 1])
        except DamlibError as error:
            sys.exit(str(error))
        del rest[at:at + 2]
    if len(rest) > 1 or rest and rest[0].startswith("-"):
        sys.exit(say("usage"))
    for written in save_all(rest[0] if rest else "handouts"):
        print(written)


if __name__ == "__main__":
    main(sys.argv[1:])
