"""A picture of a board in words: the text alternative a screen reader reads for a diagram or a
saved board (WCAG 1.1.1), and the HTML that shows the picture with it. No plotting library is
needed here.

A notebook output of type image/png has no place for a text alternative (JupyterLab shows it as a
bare ``<img>``), so a picture is shown as HTML: an ``<img>`` with its ``alt``.

>>> from damlib import Position
>>> from damlib.engine.squares import square_number
>>> e3, c5, a7 = (square_number(s) for s in ("e3", "c5", "a7"))
>>> print(alternative(Position.from_fen("W:We3:Bd4,f4,b6", "german"), title="Most",
...                   routes=[(e3, c5, a7)]))
Most. A diagram of German draughts. White: a man on e3. Black: men on b6, d4, f4. White to move. Arrows: e3-c5-a7.
>>> image(b"PNG", 'Two "men"')
'<img src="data:image/png;base64,UE5H" alt="Two &quot;men&quot;"/>'
"""

from __future__ import annotations

import base64
import html
from collections.abc import Iterable

from ..engine import language, variants
from ..engine.position import Position
from ..engine.squares import SQUARE_NAMES
from ..play.spoken import said

#: The sentences of a text alternative, each with its placeholders: ``{routes}`` routes written as
#: their squares joined by "-", ``{squares}`` squares.
TEXTS: dict[str, str] = {
    "diagram": "A diagram of {game}. {position}.",
    "arrows": "Arrows: {routes}.",
    "ahead": "Still to come: {routes}.",
    "refused": "Not allowed: {routes}.",
    "captured": "Marked as taken: {squares}.",
    "highlight": "Highlighted: {squares}.",
    "last-move": "Last move: {routes}.",
    "row-one": "{count} diagram: {each}",
    "row-other": "{count} diagrams side by side: {each}",
}

#: the sentence of :data:`TEXTS` under a key, its placeholders filled
say = language.sayer(TEXTS)


def alternative(position: Position, *, title: object = None, caption: object = None,
                routes: Iterable[Iterable[int]] = (), ahead: Iterable[Iterable[int]] = (),
                refused: Iterable[Iterable[int]] = (), captured: Iterable[int] = (),
                highlight: Iterable[int] = (), last_move: Iterable[int] = ()) -> str:
    """What a diagram of ``position`` shows, in words: its title, the game, where every piece
    stands and whose move it is, each kind of mark (squares by number, as the engine numbers
    them), then its caption."""
    parts = [f"{title}." if title else "",
             say("diagram", game=variants.game_name(position.rules), position=said(position))]
    marks = {"arrows": _routes(routes), "ahead": _routes(ahead), "refused": _routes(refused),
             "captured": _names(captured), "highlight": _names(highlight), "last-move": _routes([last_move])}
    for key, shown in marks.items():
        if shown:
            parts.append(say(key, routes=shown, squares=shown))
    parts.append(str(caption) if caption else "")
    return " ".join(part for part in parts if part)


def row(alternatives: Iterable[str]) -> str:
    """The text alternative of pictures side by side, each numbered, left to right."""
    each = [f"{n}) {alt}" for n, alt in enumerate(alternatives, 1)]
    return language.counted("row", len(each), TEXTS, each=" ".join(each))


def image(png: bytes, alt: str) -> str:
    """``png`` as an HTML image with the text alternative ``alt``."""
    encoded = base64.b64encode(png).decode("ascii")
    return f'<img src="data:image/png;base64,{encoded}" alt="{html.escape(alt, quote=True)}"/>'


def _names(squares: Iterable[int]) -> str:
    return ", ".join(SQUARE_NAMES[s] for s in squares)


def _routes(routes: Iterable[Iterable[int]]) -> str:
    return ", ".join(shown for shown in ("-".join(SQUARE_NAMES[s] for s in route) for route in routes) if shown)
