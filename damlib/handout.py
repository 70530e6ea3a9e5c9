"""A rule handout per game, two A4 pages: the board and the start, then every rule in a
sentence with its ID and a small diagram.

Everything on it is read from damlib: the rule IDs the game's :class:`~damlib.Rules` value
follows, their sentences (:data:`~damlib.RULE_TEXT`), and for each rule the first level that
practises it, its start drawn with the level's first move — positions the engine has checked.
So a handout cannot drift from the engine; ``tests/test_handouts.py`` fails when the committed
ones in ``handouts/`` are stale. Make them again with ``python -m damlib.handout handouts``.

>>> [rule for rule, _, _ in examples("russian")][-4:]
['RU-PROMOTE', 'DE-PENALTY', 'DE-WIN', 'DE-DRAW']
"""

from __future__ import annotations

import sys
from pathlib import Path

from matplotlib.figure import Figure

from . import pages
from .exercises import EXERCISES
from .learn import CHOICES, for_rule
from .position import Move, Position, Variant
from .referee import describe
from .variants import GERMAN, PUBLISHED, RULE_TEXT, RUSSIAN, TOPIC_FIELDS, TURKISH, Rules
from .variants import rules as _rules
from .worksheet import save_worksheet

#: The games with a handout, in the lessons' order.
GAMES = (GERMAN, RUSSIAN, TURKISH)
_START = 2.7  # inches: the start position's board
_SMALL = 1.4  # a rule's board


def rule_ids(game: Variant) -> list[str]:
    """The rule IDs ``game`` follows, in the order of the rule text's topics, each once.

    >>> rule_ids("turkish")[:3]
    ['TR-BOARD', 'TR-START', 'TR-MAN-MOVE']
    """
    rules = _rules(game)
    cited = (rules.cite(topic) for topic in TOPIC_FIELDS)  # type: ignore[arg-type]  # the keys are topics
    return [rule for rule in dict.fromkeys(cited) if rule != PUBLISHED]


def examples(game: Variant) -> list[tuple[str, Position, Move | None]]:
    """For each rule of ``game``: its ID, the start of its first level, and that level's first move."""
    rules = _rules(game)
    found = []
    for rule in rule_ids(rules):
        level = for_rule(rule, rules)[0]
        first = level.solution[0]
        found.append((rule, level.start, None if first in CHOICES else level.start.parse_move(first)))
    return found


def _parts(rule: str, position: Position, move: Move | None) -> list[tuple[str, bool, float]]:
    """A rule's text beside its board: (text, bold, space before it in inches)."""
    parts = [(rule, True, 0.0), (RULE_TEXT[rule], False, 0.0)]
    if move is not None:
        parts.append((f"{position.turn.capitalize()}: {move}, {describe(move, position)}", False, 0.06))
    return parts


def _height(parts: list[tuple[str, bool, float]], width: float) -> float:
    return sum(len(pages.lines(text, width)) * pages.BODY * pages.LINE / 72 + gap for text, _, gap in parts)


def _rule(page: Figure, example: tuple[str, Position, Move | None], x: float, y: float, width: float) -> None:
    rule, position, move = example
    pages.board(page, position, x, y, _SMALL, **({"move": move} if move else {}))
    left, column = x + _SMALL + 0.12, width - _SMALL - 0.12
    for text, bold, gap in _parts(rule, position, move):
        y += gap
        y += pages.write(page, text, left, y, column, bold=bold)


def render(game: Variant) -> list[Figure]:
    """The handout's pages: the start and the first two rules at the top, then the other rules
    two to a row, each row as tall as its longer text, on a new page when one is full."""
    rules = _rules(game)
    shown = examples(rules)
    left, width = pages.MARGIN, pages.WIDTH - 2 * pages.MARGIN
    first = pages.new_page()
    pages.write(first, f"{rules.name} draughts: the rules", left, pages.MARGIN, width, size=18, bold=True)
    top = pages.MARGIN + 0.5
    pages.board(first, Position.start(rules), left, top, _START, square_names=True)
    text_x, text_w = left + _START + 0.25, width - _START - 0.25
    used = 0.0
    for rule in rule_ids(rules)[:2]:  # the board and the start, beside the start position
        used += pages.write(first, rule, text_x, top + used, text_w, bold=True)
        used += pages.write(first, RULE_TEXT[rule], text_x, top + used, text_w) + 0.12
    pages.write(first, "Squares are named as in chess, a1 bottom left. A move is written with its squares: c3-d4 "
                "for a step, e3:c5:a7 for a capture, naming every landing square. On the small boards, the arrows "
                "show a move and a cross marks each piece it captures.", text_x, top + used + 0.1, text_w)
    drawn, y = [first], top + _START + 0.3
    cell = width / 2 - 0.15
    for i in range(2, len(shown), 2):
        row = shown[i:i + 2]
        height = max([_SMALL] + [_height(_parts(*example), cell - _SMALL - 0.12) for example in row])
        if y + height > pages.HEIGHT - pages.MARGIN - 0.3:
            drawn.append(pages.new_page())
            y = pages.MARGIN
        for column, example in enumerate(row):
            _rule(drawn[-1], example, left + column * width / 2, y, cell)
        y += height + 0.25
    for n, page in enumerate(drawn, 1):
        pages.footer(page, f"{rules.name} draughts · the rules as damlib plays them · page {n} of {len(drawn)}")
    return drawn


def file_name(game: Variant) -> str:
    """The handout's file name: ``german-rules.pdf``."""
    return f"{_rules(game).name.lower()}-rules.pdf"


def save_handout(game: Variant, path: str | Path) -> list[Path]:
    """Save ``game``'s handout: one PDF, or a PNG or SVG file a page."""
    rules: Rules = _rules(game)
    shown = [(rule, RULE_TEXT[rule], position.fen, str(move)) for rule, position, move in examples(rules)]
    return pages.save(render(rules), path, f"{rules.name} draughts: the rules",
                      pages.fingerprint([rules.name, rules] + shown))


#: The printed set committed in ``handouts/``: a handout per game, the class worksheet and its key.
WORKSHEET, ANSWER_KEY = "worksheet.pdf", "answer-key.pdf"


def save_all(folder: str | Path) -> list[Path]:
    """Write the handouts, the class set's worksheet and its answer key into ``folder``."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    written = [path for game in GAMES for path in save_handout(game, folder / file_name(game))]
    save_worksheet(EXERCISES, folder / WORKSHEET)
    save_worksheet(EXERCISES, folder / ANSWER_KEY, answers=True)
    return written + [folder / WORKSHEET, folder / ANSWER_KEY]


if __name__ == "__main__":
    if len(sys.argv) > 2 or len(sys.argv) == 2 and sys.argv[1].startswith("-"):
        sys.exit("usage: python -m damlib.handout [FOLDER]  (writes the handouts, worksheet and answer key;"
                 " FOLDER is handouts by default)")
    for written in save_all(sys.argv[1] if len(sys.argv) > 1 else "handouts"):
        print(written)
