"""Board diagrams of any position of the three games, for notebooks, slides and worksheets.

Every annotation is an optional keyword, as in python-chess's ``chess.svg.board``:

>>> import damlib
>>> from damlib import diagram
>>> pos = damlib.Position.from_fen("W:We3:Bd4,f4,b6", "german")
>>> fig = diagram.draw(pos, move="e3:c5:a7", title="DE-MAJORITY: take two")
>>> diagram.png(pos, highlight=["e3"], flip=True)[:4]
b'\\x89PNG'

The keywords of :func:`draw`, :func:`png`, :func:`svg` and :func:`save` (typed by :class:`Annotations`):

- ``highlight``: squares to colour, ``{"c3": "#ffcc00", ...}``, or an iterable of
  squares in the default highlight colour.
- ``arrows``: routes to draw, each a :class:`~damlib.Move`, move text
  (``"e3:c5:a7"``) or a sequence of squares (``("c3", "d4")``). A route through
  several squares is drawn as connected arrows from the edge of the moving piece,
  one head on every landing square, each landing numbered; a leg that turns back
  over an earlier one is drawn beside it.
- ``ahead``: routes still to come, drawn faint: a capture's whole route before
  its first jump.
- ``refused``: routes the rules forbid (a shorter capture under the majority rule,
  a capture mistake), drawn red, so a picture with an allowed and a forbidden
  route tells them apart.
- ``move``: a move (or its move text) from this position: its route as arrows and
  its captured pieces marked.
- ``captured``: squares to mark with an X. Where a piece stands it stays solid in
  German and Russian, where jumped pieces block until the capture ends (DE-STRIKE),
  and is drawn faded in Turkish, where each leaves the board at once (TR-REMOVE).
- ``last_move``: a move, move text or squares; its start and end squares are tinted.
- ``flip``: Black at the bottom (a1 top right).
- ``square_names``: the name of every playable square in its corner.
- ``light_playable``: German and Russian only: draw the 32 playable squares light,
  as the rule text's own diagrams do (DE-BOARD); dark is the default.
- ``title`` / ``caption``: text over / under the board, wrapped to its width. A
  diagram shows a few lines, not a page: text over :data:`MAX_TEXT` characters or
  :data:`MAX_LINES` lines is cut, ending in "…".
- ``size``: the width of the image in pixels (default 400, or what
  :func:`~damlib.drawing.look.set_default_size` set); vector output is
  ``size / 100`` inches wide.
- ``colors``: replacements for :data:`PALETTE` entries, ``{"dark": "#769656"}``.

Bad values raise a :class:`~damlib.engine.errors.DamlibError` naming them: a
:class:`~damlib.engine.errors.SquareError` for a square, a :class:`DiagramError` otherwise.

:class:`~damlib.Position` and :class:`~damlib.Move` show themselves as boards in
Jupyter through :func:`png`, importing this module on first use.
"""

from __future__ import annotations

import io
import itertools
import math
import re
import textwrap
import threading
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple, TypedDict, cast

try:  # the picture libraries, which the browser's Python (Pyodide) has none of: a Diagram shows
    # there as the live board does, and what only a picture can be says so (need_pictures)
    import numpy as np
    from matplotlib import patheffects
    from matplotlib.artist import Artist
    from matplotlib.axes import Axes
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.collections import PatchCollection, PolyCollection
    from matplotlib.colors import to_rgba
    from matplotlib.figure import Figure
    from matplotlib.patches import Circle, PathPatch, Rectangle
    from matplotlib.path import Path as MplPath
    from PIL import Image
except ImportError:
    PICTURES = False
else:
    #: whether matplotlib, numpy and Pillow are installed: pictures can be drawn
    PICTURES = True

if TYPE_CHECKING:
    from typing_extensions import Unpack

from .. import drawing
from ..engine import language
from ..engine.errors import DamlibError, DiagramError, SquareError, told
from ..engine.notation import parse_move_text
from ..engine.position import Move, Position
from ..engine.squares import SQUARE_NAMES, dark, parse_square, playable
from ..engine.variants import game_name
from . import described
from .look import (
    ARROW_HEAD,
    ARROW_HEAD_LENGTH,
    ARROW_SHAFT,
    BESIDE,
    CROSS,
    CROWN,
    CROWN_TIP_RADIUS,
    CROWN_TIPS,
    EDGE,
    LANDING_OFFSET,
    LANDING_RADIUS,
    MAN_RADIUS,
    PALETTE,
    RING_RADIUS,
    default_size,
)

Subject = Position | Move

#: A route to draw: a move, move text (``"e3:c5:a7"``) or its squares (``("c3", "d4")``).
Drawn = Move | str | Sequence[str]


class Annotations(TypedDict, total=False):
    """The keywords of :func:`draw`, :func:`png`, :func:`svg`, :func:`save` and :class:`Diagram`,
    each optional (see this module's text); a bad value raises a damlib error naming it."""

    highlight: Iterable[str] | Mapping[str, str]
    arrows: Iterable[Drawn]
    ahead: Iterable[Drawn]
    refused: Iterable[Drawn]
    move: Move | str | None
    captured: Iterable[str]
    last_move: Drawn | None
    flip: bool
    square_names: bool
    light_playable: bool
    title: str | None
    caption: str | None
    size: float | None
    colors: Mapping[str, str]
Route = tuple[int, ...]
RGBA = tuple[float, float, float, float]

DPI = 100
#: A4 portrait, in inches: the page of a worksheet.
PAGE = (8.27, 11.69)

# Lengths below are in board units: one square is 1.
_MARGIN = 0.5
_WIDTH = 8 + 2 * _MARGIN
_TITLE_FONT = 0.42
_CAPTION_FONT = 0.34
_COORD_FONT = 0.3
_NAME_FONT = 0.24
_LANDING_FONT = 0.27
_AHEAD = 0.3  # opacity of a route still to come
_LINE = 1.3  # line height, in font sizes
_BAND_PAD = 0.2
# DejaVu Sans averages about 0.55 em a character; wrap with a little room to spare.
_CHAR_WIDTH = 0.6
_FADED = 0.35  # opacity of a piece already taken (TR-REMOVE)
#: Where a title or caption is cut (see ``title`` above): wrapping and drawing more
#: would only make a diagram slow and too tall to read.
MAX_TEXT = 600
MAX_LINES = 12

#: What a teacher reads here: a file name a diagram or page cannot be saved as (``{path}`` the
#: name given), a page with nothing on it, a keyword given a bad value (``{keyword}`` the keyword's
#: Python name, ``{kind}``, ``{position}``, ``{move}`` Python's names of types and ``{call}`` a call, as
#: code writes them, ``{value}`` what was given).
TEXTS: dict[str, str] = {
    "not-text": "{keyword} must be text, not {value}",
    "not-colour": "{what}: {value} is not a colour; use a name like 'gold' or hex like '#ffcc00'",
    "highlight-colour": "highlight colour of {square}",
    "not-square-name": "in {keyword}: {value} is not a square name like 'c3'",
    "in-keyword": "in {keyword}: {error}",
    "not-squares": "{keyword} must be square names like ['c3', 'd4'], not {value}",
    "short-route": "in {keyword}: a route needs at least two squares, not {value}",
    "unknown-option": "unknown diagram option {option}; options: {options}",
    "not-colours": "colors must map palette names to colours, not {value}",
    "unknown-palette": "unknown palette colour {name}; palette: {palette}",
    "not-routes": "{keyword} must be a list of moves or routes, not {value}",
    "not-move": "{keyword} must be a {kind} or move text like 'c3-d4', not {value}",
    "light-playable": "light_playable is for the 32-square board; {game} uses every square and its diagrams "
    "are not colour-inverted ({rule})",
    "bad-size": "size is the image width in pixels, 50 to 10000, not {value}",
    "move-without-position": "the move {move} does not know its position: {call}",
    "not-drawable": "only a {position} or a {move} can be drawn, not {value}",
    "bad-square": "{value} is not a square name: use a file a–h and a rank 1–8, like 'c3'",
    "size-with-axes": "size sets the width of a diagram's own figure; with ax= the axes set it",
    "annotations-on-figure": "annotations apply when drawing a position, not to a figure already drawn",
    "bad-columns": "columns must be a whole number of at least 1, not {value}",
    "not-diagrams": "a row is made of Diagram values, not {value}",
    "not-item": "worksheet item {number} must be a position, a (position, caption) pair or a dict of {function} "
    "keywords with a {key}, not {value}",
    "bad-file-name": "cannot save {path}: the file name must end in .png, .svg or .pdf",
    "empty-worksheet": "a worksheet needs at least one diagram",
    # where matplotlib is missing (the browser's Python); {what} names what was asked for in code
    "needs-pictures": "{what} draws with matplotlib, which this Python does not have: the printed worksheets "
    "and handouts are in the handouts folder beside the lessons, and the full install "
    "(pip install \"damlib[pictures]\") makes pictures.",
    # under a diagram the live board shows there, if the board cannot draw all of it
    "left-out": "This board leaves out the diagram's square names, light squares, routes not allowed or "
    "colours: the full install (pip install \"damlib[pictures]\") draws them.",
}

#: the sentence of :data:`TEXTS` under a key, its placeholders filled
say = language.sayer(TEXTS)


def missing(what: str) -> str:
    """The sentence that says ``what`` (a name in code) draws with matplotlib, which is missing,
    and where the pictures are instead.

    >>> missing("diagram.png").startswith("diagram.png draws with matplotlib")
    True
    """
    return say("needs-pictures", what=what)


def need_pictures(what: str) -> None:
    """Raise a :class:`DiagramError` saying :func:`missing` of ``what``, if matplotlib, numpy or
    Pillow is missing."""
    if not PICTURES:
        raise DiagramError(missing(what))


# Layers, bottom to top. The board layers are cached for png(); the rest are redrawn.
_Z_SQUARES, _Z_FRAME, _Z_TINT, _Z_HIGHLIGHT = 0, 1, 2, 3
# Names sit on the pieces, legible at slide size; a crown sits over a route that crosses its
# king, so the king is still seen to be one; a capture mark sits over the route, which stays
# visible around it; landing numbers on top.
_Z_PIECES, _Z_NAMES, _Z_ARROWS, _Z_CROWNS, _Z_CAPTURED, _Z_LANDINGS, _Z_TEXT = 4, 6, 7, 7.5, 8, 9, 10


# -- options -------------------------------------------------------------------


class _Layout(NamedTuple):
    """The wrapped title and caption lines, which set the diagram's height."""

    title: tuple[str, ...]
    caption: tuple[str, ...]

    @property
    def title_band(self) -> float:
        return len(self.title) * _LINE * _TITLE_FONT + _BAND_PAD if self.title else 0.0

    @property
    def caption_band(self) -> float:
        return len(self.caption) * _LINE * _CAPTION_FONT + _BAND_PAD if self.caption else 0.0

    @property
    def top(self) -> float:
        return 8 + _MARGIN + self.title_band

    @property
    def bottom(self) -> float:
        return -_MARGIN - self.caption_band

    @property
    def height(self) -> float:
        return self.top - self.bottom


class _Options(NamedTuple):
    """Every keyword of :func:`draw`, checked and turned into squares and RGBA colours."""

    colors: tuple[tuple[str, RGBA], ...]
    highlight: tuple[tuple[int, RGBA], ...]
    routes: tuple[Route, ...]
    ahead: tuple[Route, ...]
    refused: tuple[Route, ...]
    captured: tuple[int, ...]
    last_move: tuple[int, ...]
    flip: bool
    square_names: bool
    light_playable: bool
    playable: tuple[int, ...]
    layout: _Layout
    size: int | None

    def color(self, name: str) -> RGBA:
        return dict(self.colors)[name]


def _wrap(text: object, keyword: str, width: float, font: float) -> tuple[str, ...]:
    """The lines of ``text`` in ``font`` that fit ``width`` (both in the same unit)."""
    if text is None:
        return ()
    if not isinstance(text, str):
        raise DiagramError(say("not-text", keyword=keyword, value=repr(text)))
    chars = max(1, int(width / (_CHAR_WIDTH * font)))
    if len(text) > MAX_TEXT:
        text = text[: MAX_TEXT - 1] + "…"
    lines = [line for para in text.splitlines() for line in textwrap.wrap(para, chars) or [""]]
    if len(lines) > MAX_LINES:
        lines = lines[:MAX_LINES]
        lines[-1] = lines[-1][: chars - 1] + "…"
    return tuple(lines)


def _layout(title: object, caption: object) -> _Layout:
    return _Layout(_wrap(title, "title", _WIDTH, _TITLE_FONT), _wrap(caption, "caption", _WIDTH, _CAPTION_FONT))


#: a colour's form, checked where matplotlib is missing: hex, or a name
_COLOR_FORM = re.compile(r"#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})|[A-Za-z]+")


def _rgba(value: object, what: str) -> RGBA:
    try:
        if PICTURES:
            return to_rgba(value)  # type: ignore[arg-type]
        # only its form is checked: the live board that shows a diagram here draws in its own palette
        if isinstance(value, str) and _COLOR_FORM.fullmatch(value):
            return (0.0, 0.0, 0.0, 1.0)
        raise ValueError(value)
    except (ValueError, TypeError):
        raise DiagramError(say("not-colour", what=what, value=repr(value))) from None


def _flag(value: object, keyword: str) -> bool:
    if not isinstance(value, bool):
        raise DiagramError(told("not-flag", keyword=keyword, value=repr(value)))
    return value


def _square(name: object, position: Position, keyword: str) -> int:
    if not isinstance(name, str):
        raise SquareError(say("not-square-name", keyword=keyword, value=repr(name)))
    try:
        return parse_square(name, position.rules)
    except SquareError as e:
        raise SquareError(say("in-keyword", keyword=keyword, error=e)) from None


def _squares(value: object, position: Position, keyword: str) -> tuple[int, ...]:
    """One square name or an iterable of them."""
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, Iterable):
        raise DiagramError(say("not-squares", keyword=keyword, value=repr(value)))
    return tuple(_square(name, position, keyword) for name in value)


def _route(value: object, position: Position, keyword: str) -> Route:
    """The squares a move, move text or sequence of squares visits, start first."""
    if isinstance(value, Move):
        return _squares(value.path, position, keyword)
    if isinstance(value, str):
        try:
            return tuple(parse_move_text(value, position.rules))
        except DamlibError as e:
            raise type(e)(say("in-keyword", keyword=keyword, error=e)) from None
    route = _squares(value, position, keyword)
    if len(route) < 2:
        raise DiagramError(say("short-route", keyword=keyword, value=repr(value)))
    return route


def _options(position: Position, annotations: dict[str, Any]) -> _Options:
    unknown = set(annotations) - _KEYWORDS
    if unknown:
        raise DiagramError(say("unknown-option", option=repr(sorted(unknown)[0]), options=", ".join(sorted(_KEYWORDS))))
    colors = annotations.get("colors") or {}
    if not isinstance(colors, Mapping):
        raise DiagramError(say("not-colours", value=repr(colors)))
    for name in colors:
        if name not in PALETTE:
            raise DiagramError(say("unknown-palette", name=repr(name), palette=", ".join(PALETTE)))
    palette = {name: _rgba(colors.get(name, default), f"colors[{name!r}]") for name, default in PALETTE.items()}

    highlight = annotations.get("highlight") or ()
    if isinstance(highlight, Mapping):
        marked = [
            (_square(name, position, "highlight"), _rgba(color, say("highlight-colour", square=name)))
            for name, color in highlight.items()
        ]
    else:
        marked = [(s, palette["highlight"]) for s in _squares(highlight, position, "highlight")]

    arrows = annotations.get("arrows") or ()
    if isinstance(arrows, (str, Move)) or not isinstance(arrows, Iterable):
        raise DiagramError(say("not-routes", keyword="arrows", value=repr(arrows)))
    routes = [_route(arrow, position, "arrows") for arrow in arrows]
    ahead = annotations.get("ahead") or ()
    if isinstance(ahead, (str, Move)) or not isinstance(ahead, Iterable):
        raise DiagramError(say("not-routes", keyword="ahead", value=repr(ahead)))
    refused = annotations.get("refused") or ()
    if isinstance(refused, (str, Move)) or not isinstance(refused, Iterable):
        raise DiagramError(say("not-routes", keyword="refused", value=repr(refused)))
    captured = list(_squares(annotations.get("captured") or (), position, "captured"))
    move = annotations.get("move")
    if move is not None:
        if isinstance(move, str):
            move = position.parse_move(move)
        if not isinstance(move, Move):
            raise DiagramError(say("not-move", keyword="move", kind="Move", value=repr(move)))
        routes.append(_route(move, position, "move"))
        captured += _squares(move.captured, position, "move")
    last = annotations.get("last_move")
    last_move = _route(last, position, "last_move") if last is not None else ()

    light_playable = _flag(annotations.get("light_playable", False), "light_playable")
    if light_playable and position.rules.all_squares:
        raise DiagramError(say("light-playable", game=game_name(position.rules), rule=position.rules.cite("board")))
    size = annotations.get("size")
    if size is not None and (isinstance(size, bool) or not isinstance(size, (int, float)) or not 50 <= size <= 10000):
        raise DiagramError(say("bad-size", value=repr(size)))
    return _Options(
        colors=tuple(palette.items()),
        highlight=tuple(marked),
        routes=tuple(routes),
        ahead=tuple(_route(arrow, position, "ahead") for arrow in ahead),
        refused=tuple(_route(arrow, position, "refused") for arrow in refused),
        captured=tuple(dict.fromkeys(captured)),
        last_move=(last_move[0], last_move[-1]) if last_move else (),
        flip=_flag(annotations.get("flip", False), "flip"),
        square_names=_flag(annotations.get("square_names", False), "square_names"),
        light_playable=light_playable,
        playable=tuple(s for s in range(64) if playable(s, position.rules)),
        layout=_layout(annotations.get("title"), annotations.get("caption")),
        size=None if size is None else round(size),
    )


_KEYWORDS = frozenset(
    "highlight arrows ahead refused move captured last_move flip square_names light_playable title caption size colors"
    .split()
)


def _subject(subject: object, annotations: Mapping[str, Any]) -> tuple[Position, dict[str, Any]]:
    """The position to draw, and the annotations: a move is drawn on the position it is played
    from, as its ``move``."""
    if isinstance(subject, Position):
        return subject, dict(annotations)
    if isinstance(subject, Move):
        if subject.position is None:
            raise DiagramError(say("move-without-position", move=subject, call="draw(position, move=...)"))
        return subject.position, {"move": subject, **annotations}
    raise DiagramError(say("not-drawable", position="Position", move="Move", value=repr(subject)))


# -- geometry --------------------------------------------------------------------


def _center(square: int, flip: bool) -> tuple[float, float]:
    """The centre of ``square`` in board units, a1's corner at the origin."""
    file, rank = square % 8, square // 8
    if flip:
        file, rank = 7 - file, 7 - rank
    return file + 0.5, rank + 0.5


def _on_pixel(x: float, y: float, unit: float, layout: _Layout) -> tuple[float, float]:
    """``(x, y)`` moved (less than half a pixel) to the middle of a pixel: every piece is then
    drawn with the same pixels, which a PNG compresses to a fraction."""
    pixels = unit * DPI / 72  # pixels per board unit
    return ((math.floor((x + _MARGIN) * pixels) + 0.5) / pixels - _MARGIN,
            layout.top - (math.floor((layout.top - y) * pixels) + 0.5) / pixels)


def _scale(size: int) -> float:
    """Pixels per board unit in an image ``size`` pixels wide."""
    return size / _WIDTH


def square_center(
    square: str, size: int | None = None, *, flip: bool = False, title: str | None = None, caption: str | None = None
) -> tuple[float, float]:
    """The pixel ``(x, y)`` of ``square``'s centre in a PNG drawn with the same options.

    ``y`` counts down from the top, as image arrays do. Any of the 64 squares is allowed.

    >>> square_center("a1"), square_center("a1", flip=True)
    ((44.44444444444444, 355.55555555555554), (355.55555555555554, 44.44444444444444))
    """
    if square not in SQUARE_NAMES:
        raise SquareError(say("bad-square", value=repr(square)))
    layout = _layout(title, caption)
    x, y = _center(SQUARE_NAMES.index(square), _flag(flip, "flip"))
    scale = _scale(size or default_size())
    return (x + _MARGIN) * scale, (layout.top - y) * scale


def _polygon(points: list[tuple[float, float]], x: float, y: float, angle: float = 0.0) -> MplPath:
    """``points`` turned by ``angle`` and moved to ``(x, y)``, as one closed path."""
    c, s = math.cos(angle), math.sin(angle)
    vertices = [(x + px * c - py * s, y + px * s + py * c) for px, py in points]
    return MplPath(vertices + [vertices[0]], closed=True)


def _compound(paths: list[MplPath]) -> MplPath:
    # Same-winding parts filled with the nonzero rule merge into one shape, so a
    # translucent route is not darker where its arrows overlap.
    return MplPath.make_compound_path(*paths) if paths else MplPath(np.zeros((0, 2)))




def _crown(x: float, y: float) -> list[MplPath]:
    return [_polygon(list(CROWN), x, y)] + [MplPath.circle((x + tx, y + ty), CROWN_TIP_RADIUS) for tx, ty in CROWN_TIPS]


def _cross(x: float, y: float, scale: float = 1.0) -> MplPath:
    """An X filling most of a square (``scale`` of that), as one outline so its edge does not
    cross itself."""
    t, a = (size * scale for size in CROSS)
    plus = [(t, t), (t, a), (-t, a), (-t, t), (-a, t), (-a, -t), (-t, -t), (-t, -a), (t, -a), (t, -t), (a, -t), (a, t)]
    return _polygon(plus, x, y, math.pi / 4)


def _arrow(start: tuple[float, float], end: tuple[float, float]) -> MplPath:
    """An arrow from ``start`` with its point on ``end``."""
    length = math.dist(start, end)
    shaft, head, head_length = ARROW_SHAFT, ARROW_HEAD, min(ARROW_HEAD_LENGTH, length)
    neck = length - head_length
    # The shaft starts a little behind ``start`` to cover the joint with the leg before.
    points = [(-shaft, -shaft), (neck, -shaft), (neck, -head), (length, 0),
              (neck, head), (neck, shaft), (-shaft, shaft)]
    return _polygon(points, *start, math.atan2(end[1] - start[1], end[0] - start[0]))


#: one leg of an arrow: where it starts and ends, in board units
Leg = tuple[tuple[float, float], tuple[float, float]]


def _legs(route: Route, flip: bool) -> list[Leg]:
    """The arrows of a route, from the edge of the piece that moves, so its crown shows;
    a leg that runs back over an earlier one goes beside it, so a turn back reads as one."""
    points = [_center(s, flip) for s in route]
    legs = [(a, b) for a, b in itertools.pairwise(points) if a != b]
    out = []
    for i, (a, b) in enumerate(legs):
        length = math.dist(a, b)
        ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
        beside = BESIDE * sum(_overlap((a, b), leg) for leg in legs[:i])
        a, b = (a[0] - uy * beside, a[1] + ux * beside), (b[0] - uy * beside, b[1] + ux * beside)
        if i == 0 and length > MAN_RADIUS + 0.3:
            a = (a[0] + ux * MAN_RADIUS, a[1] + uy * MAN_RADIUS)
        out.append((a, b))
    return out


def _overlap(one: tuple[tuple[float, float], ...], other: tuple[tuple[float, float], ...]) -> bool:
    """Whether two legs lie on one line and share a stretch of it."""
    (ax_, ay), (bx, by) = other
    dx, dy = bx - ax_, by - ay
    if any(abs((px - ax_) * dy - (py - ay) * dx) > 1e-9 for px, py in one):
        return False
    span = dx * dx + dy * dy
    t = sorted(((px - ax_) * dx + (py - ay) * dy) / span for px, py in one)
    return t[1] > 1e-9 and t[0] < 1 - 1e-9


def _landings(ax: Axes, legs: list[Leg], color: RGBA, opts: _Options, unit: float) -> list[Artist]:
    """A numbered disc at each landing of a multiple capture, in the landing square's lower
    right corner: the order of the jumps, where arrows meet or cross."""
    artists: list[Artist] = []
    for number, (_, (x, y)) in enumerate(legs, 1):
        cx, cy = x + LANDING_OFFSET, y - LANDING_OFFSET
        artists.append(ax.add_artist(Circle((cx, cy), LANDING_RADIUS, facecolor=opts.color("background"),
                                            edgecolor=color, linewidth=EDGE["landing"] * unit, zorder=_Z_LANDINGS)))
        artists.append(ax.text(cx, cy, str(number), ha="center", va="center", fontsize=_LANDING_FONT * unit,
                               fontweight="bold", color=color[:3], zorder=_Z_LANDINGS))
    return artists


# -- drawing -----------------------------------------------------------------------


def _prepare_axes(ax: Axes, layout: _Layout) -> float:
    """Set up ``ax`` for the board; return the points per board unit, which sizes text and lines."""
    ax.set_xlim(-_MARGIN, 8 + _MARGIN)
    ax.set_ylim(layout.bottom, layout.top)
    ax.set_aspect("equal")
    ax.set_axis_off()
    box = ax.get_position()
    width, height = _page_of(ax).get_size_inches()
    return 72 * float(min(box.width * width / _WIDTH, box.height * height / layout.height))


def _dark(square: int, opts: _Options) -> bool:
    """Whether ``square`` is drawn dark: a1's colour is dark (DE-BOARD, TR-BOARD) unless inverted."""
    return dark(square) != opts.light_playable


def _names(ax: Axes, squares: Iterable[int], opts: _Options, unit: float) -> list[Artist]:
    """Square names in the top left corners, over the pieces, dark ink with a light halo so
    they read on either square colour and on a piece."""
    halo = [patheffects.withStroke(linewidth=0.06 * unit, foreground=opts.color("background"))]
    return [
        ax.text(x - 0.46, y + 0.46, SQUARE_NAMES[square], fontsize=_NAME_FONT * unit, ha="left", va="top",
                color=opts.color("frame"), fontweight="bold", path_effects=halo, zorder=_Z_NAMES)
        for square in squares
        for x, y in [_center(square, opts.flip)]
    ]


def _board(ax: Axes, opts: _Options, unit: float) -> None:
    """What the annotations do not change: the squares, the frame, coordinates, square names."""
    squares = []
    for square in range(64):
        x, y = _center(square, opts.flip)
        squares.append([(x - 0.5, y - 0.5), (x + 0.5, y - 0.5), (x + 0.5, y + 0.5), (x - 0.5, y + 0.5)])
    colors = [opts.color("dark" if _dark(square, opts) else "light") for square in range(64)]
    ax.add_artist(PolyCollection(squares, facecolors=colors, edgecolors="none", antialiased=False, zorder=_Z_SQUARES))
    ax.add_artist(Rectangle((0, 0), 8, 8, fill=False, edgecolor=opts.color("frame"), linewidth=0.05 * unit,
                            zorder=_Z_FRAME))
    files, ranks = "abcdefgh", "12345678"
    if opts.flip:
        files, ranks = files[::-1], ranks[::-1]
    style: dict[str, Any] = dict(fontsize=_COORD_FONT * unit, color=opts.color("coordinates"), ha="center",
                                 va="center", zorder=_Z_TEXT)
    for i in range(8):
        ax.text(i + 0.5, -_MARGIN / 2, files[i], **style)
        ax.text(-_MARGIN / 2, i + 0.5, ranks[i], **style)


def _annotations(ax: Axes, position: Position, opts: _Options, unit: float) -> list[Artist]:
    """Everything drawn over the board: what :func:`png` draws afresh each time."""
    artists: list[Artist] = []

    def add(artist: Artist) -> None:
        artists.append(ax.add_artist(artist))

    tints = [(s, opts.color("last_move"), _Z_TINT) for s in opts.last_move]
    tints += [(s, c, _Z_HIGHLIGHT) for s, c in opts.highlight]
    for square, color, z in tints:
        x, y = _center(square, opts.flip)
        add(Rectangle((x - 0.5, y - 0.5), 1, 1, facecolor=color, edgecolor="none", zorder=z))

    discs, rings = [], []
    for name, piece in position.pieces.items():
        square = SQUARE_NAMES.index(name)
        x, y = _on_pixel(*_center(square, opts.flip), unit, opts.layout)
        alpha = _FADED if square in opts.captured and position.rules.remove_at_once else 1.0
        face, edge = opts.color(piece.color), opts.color(piece.color + "_edge")
        discs.append((Circle((x, y), MAN_RADIUS), _alpha(face, alpha), _alpha(edge, alpha)))
        if piece.is_king:
            # The crown's outline takes the disc's edge colour: it keeps the crown
            # readable on a white king when printed in greyscale.
            add(PathPatch(_compound(_crown(x, y)), facecolor=_alpha(opts.color("crown"), alpha),
                          edgecolor=_alpha(edge, alpha), linewidth=EDGE["crown"] * unit, zorder=_Z_CROWNS))
        else:
            rings.append((Circle((x, y), RING_RADIUS), _alpha(_mix(face, edge), alpha)))
    if discs:
        add(PatchCollection([d[0] for d in discs], facecolors=[d[1] for d in discs],
                            edgecolors=[d[2] for d in discs], linewidths=EDGE["man"] * unit, zorder=_Z_PIECES))
    if rings:
        add(PatchCollection([r[0] for r in rings], facecolors="none", edgecolors=[r[1] for r in rings],
                            linewidths=EDGE["ring"] * unit, zorder=_Z_PIECES))
    if opts.square_names:
        artists += _names(ax, opts.playable, opts, unit)
    arrow = opts.color("arrow")
    kinds = ((opts.ahead, _alpha(arrow, _AHEAD)), (opts.refused, opts.color("refused")), (opts.routes, arrow))
    for routes, color in kinds:
        for route in routes:
            legs = _legs(route, opts.flip)
            add(PathPatch(_compound([_arrow(a, b) for a, b in legs]), facecolor=color, edgecolor="none",
                          zorder=_Z_ARROWS))
            if len(legs) > 1:
                artists += _landings(ax, legs, color, opts, unit)
            if routes is opts.refused and legs:
                # a small X on the refused route's last leg: told apart by shape, not by red alone
                (ax_, ay), (bx, by) = legs[-1]
                at = 0.72  # past a jumped piece in the middle of the leg, short of the landing square
                add(PathPatch(_cross(ax_ + (bx - ax_) * at, ay + (by - ay) * at, 0.6), facecolor=color,
                              edgecolor=opts.color("background"), linewidth=0.03 * unit, zorder=_Z_CAPTURED))

    if opts.captured:
        add(PathPatch(_compound([_cross(*_center(s, opts.flip)) for s in opts.captured]),
                      facecolor=opts.color("captured"), edgecolor=opts.color("background"),
                      linewidth=0.035 * unit, zorder=_Z_CAPTURED))
    layout, text = opts.layout, opts.color("text")
    if layout.title:
        artists.append(ax.text(4, layout.top - _BAND_PAD / 2, "\n".join(layout.title), ha="center", va="top",
                               fontsize=_TITLE_FONT * unit, linespacing=_LINE, color=text, zorder=_Z_TEXT))
    if layout.caption:
        artists.append(ax.text(4, -_MARGIN - _BAND_PAD / 2, "\n".join(layout.caption), ha="center", va="top",
                               fontsize=_CAPTION_FONT * unit, linespacing=_LINE, color=text, zorder=_Z_TEXT))
    return artists


def _alpha(color: RGBA, alpha: float) -> RGBA:
    return color[:3] + (color[3] * alpha,)


def _mix(a: RGBA, b: RGBA) -> RGBA:
    """Halfway between two colours: the ridge on a man."""
    return tuple((x + y) / 2 for x, y in zip(a, b, strict=True))  # type: ignore[return-value]


def _page_of(ax: Axes) -> Figure:
    """The figure that holds ``ax``: damlib's own, or a caller's page (never a subfigure)."""
    return cast(Figure, ax.figure)


def _figure(opts: _Options) -> tuple[Figure, Axes]:
    """A figure exactly ``size`` pixels wide holding one diagram."""
    size = opts.size or default_size()
    scale = _scale(size)
    height = round(opts.layout.height * scale)
    # Agg truncates the pixel size, so ask for a hair more than the exact inches.
    fig = Figure(figsize=((size + 0.01) / DPI, (height + 0.01) / DPI), dpi=DPI,
                 facecolor=opts.color("background"))
    FigureCanvasAgg(fig)  # png() draws on it directly, by Agg's blitting
    ax = fig.add_axes((0, 0, 1, 1))
    return fig, ax


def draw(subject: Subject, *, ax: Axes | None = None, **annotations: Unpack[Annotations]) -> Figure:
    """A diagram of ``subject`` (a position, or a move on the position it is played from).

    The keywords are described in this module's docstring. With ``ax`` the diagram is
    drawn into those axes, fitted to their size (``size`` does not apply), and their
    figure is returned.

    >>> import damlib
    >>> pos = damlib.Position.start("turkish")
    >>> fig = draw(pos, arrows=[("d3", "d4")], highlight={"d3": "gold"}, caption="TR-START")
    >>> fig.canvas.get_width_height()  # size pixels wide, and taller by the caption
    (400, 429)
    """
    need_pictures("diagram.draw")
    position, given = _subject(subject, annotations)
    opts = _options(position, given)
    if ax is None:
        figure, ax = _figure(opts)
    elif opts.size is not None:
        raise DiagramError(say("size-with-axes"))
    else:
        figure = _page_of(ax)
    unit = _prepare_axes(ax, opts.layout)
    _board(ax, opts, unit)
    _annotations(ax, position, opts, unit)
    return figure


class _CachedBoard:
    """A figure with one board drawn, and its pixels, for redrawing only the annotations."""

    def __init__(self, opts: _Options) -> None:
        self.figure, self.ax = _figure(opts)
        self.unit = _prepare_axes(self.ax, opts.layout)
        _board(self.ax, opts, self.unit)
        self.canvas: FigureCanvasAgg = self.figure.canvas  # type: ignore[assignment]  # set by _figure
        self.canvas.draw()
        self.background = self.canvas.copy_from_bbox(self.figure.bbox)
        self.lock = threading.Lock()


@lru_cache(maxsize=16)
def _cached_board(opts: _Options) -> _CachedBoard:
    return _CachedBoard(opts)


def _board_key(opts: _Options) -> _Options:
    """``opts`` less what only the annotations use, so that equal boards share one cache entry.

    The title and caption count only by their number of lines, which sets the height.
    """
    lines = _Layout(("",) * len(opts.layout.title), ("",) * len(opts.layout.caption))
    return opts._replace(highlight=(), routes=(), ahead=(), refused=(), captured=(), last_move=(), layout=lines,
                         size=opts.size or default_size())


def alternative(subject: Subject, **annotations: Unpack[Annotations]) -> str:
    """What the diagram of ``subject`` with these annotations shows, in words: its text
    alternative (:mod:`damlib.drawing.described`), with no picture drawn.

    >>> import damlib
    >>> alternative(damlib.Position.from_fen("W:Wc3:Bd4", "german"), title="DE-MAN-CAPTURE")
    'DE-MAN-CAPTURE. A diagram of German draughts. White: a man on c3. Black: a man on d4. White to move.'
    """
    position, given = _subject(subject, annotations)
    return _alternative(position, given, _options(position, given))


def _alternative(position: Position, given: Mapping[str, Any], opts: _Options) -> str:
    return described.alternative(
        position, title=given.get("title"), caption=given.get("caption"), routes=opts.routes,
        ahead=opts.ahead, refused=opts.refused, captured=opts.captured,
        highlight=[square for square, _ in opts.highlight], last_move=opts.last_move)


def png(subject: Subject, **annotations: Unpack[Annotations]) -> bytes:
    """The diagram as PNG bytes, ``size`` pixels wide; the same picture as :func:`draw`.

    Fast enough to redraw a widget on every click: the board under the pieces is
    drawn once per board kind, orientation, colours and size, and reused.

    >>> import damlib
    >>> png(damlib.Position.start("german"), size=300)[:4]
    b'\\x89PNG'
    """
    need_pictures("diagram.png")
    position, given = _subject(subject, annotations)
    opts = _options(position, given)
    board = _cached_board(_board_key(opts))
    with board.lock:
        board.canvas.restore_region(board.background)
        artists = _annotations(board.ax, position, opts, board.unit)
        try:
            for artist in sorted(artists, key=lambda a: a.get_zorder()):
                board.ax.draw_artist(artist)
            width, height = board.canvas.get_width_height()
            image = Image.frombuffer("RGBA", (width, height), board.canvas.buffer_rgba(), "raw", "RGBA", 0, 1)
            image = image.convert("RGB")  # a copy, taken before the next call draws over the buffer
        finally:
            for artist in artists:
                artist.remove()
    out = io.BytesIO()
    image.save(out, format="png", compress_level=3)  # measured: faster than the default 6, and no bigger
    return out.getvalue()


def compress(picture: bytes) -> bytes:
    """The same PNG in 64 colours, about a third of the bytes: for pictures kept in a saved
    notebook, where the size counts more than the few tens of milliseconds it takes.

    >>> import damlib
    >>> full = png(damlib.Position.start("german"))
    >>> len(compress(full)) < len(full) / 2
    True
    """
    need_pictures("diagram.compress")
    with Image.open(io.BytesIO(picture)) as image:
        fewer = image.convert("RGB").quantize(colors=64, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    out = io.BytesIO()
    fewer.save(out, format="png", optimize=True)
    return out.getvalue()


def svg(subject: Subject, **annotations: Unpack[Annotations]) -> str:
    """The diagram as SVG text, ``size / 100`` inches wide.

    >>> import damlib
    >>> svg(damlib.Position.start("russian")).startswith("<?xml")
    True
    """
    need_pictures("diagram.svg")
    out = io.StringIO()
    draw(subject, **annotations).savefig(out, format="svg", metadata={"Date": None})
    return out.getvalue()


_FORMATS = ("png", "svg", "pdf")


def _format(path: Path) -> str:
    fmt = path.suffix.lower().lstrip(".")
    if fmt not in _FORMATS:
        raise DiagramError(say("bad-file-name", path=repr(str(path))))
    return fmt


def save(subject: Subject | Figure, path: str | Path, **annotations: Unpack[Annotations]) -> None:
    """Write a diagram (or a figure from :func:`draw` or :func:`worksheet`) to PNG, SVG or PDF.

    The file name's ending chooses the format. SVG and PDF are vector graphics, for
    slides and print.

    >>> import damlib, tempfile, os
    >>> path = os.path.join(tempfile.mkdtemp(), "start.pdf")
    >>> save(damlib.Position.start("german"), path, title="DE-START")
    >>> open(path, "rb").read(4)
    b'%PDF'
    """
    need_pictures("diagram.save")
    path = Path(path)
    fmt = _format(path)
    if isinstance(subject, Figure):
        if annotations:
            raise DiagramError(say("annotations-on-figure"))
        figure = subject
    else:
        figure = draw(subject, **annotations)
    metadata = {"Date": None} if fmt == "svg" else None
    figure.savefig(path, format=fmt, dpi="figure", metadata=metadata, facecolor=figure.get_facecolor())


# -- worksheets ----------------------------------------------------------------------

_PAGE_MARGIN = 0.5  # inches
_CELL_PAD = 0.12
_HEADING_FONT = 18  # points
_WORKSHEET_DPI = 150


def _worksheet_item(item: object, number: int) -> tuple[Subject, dict[str, Any]]:
    if isinstance(item, (Position, Move)):
        return item, {}
    if isinstance(item, tuple) and len(item) == 2 and isinstance(item[0], (Position, Move)):
        return item[0], {"caption": item[1]}
    if isinstance(item, Mapping) and "position" in item and "ax" not in item:
        keywords = dict(item)
        return keywords.pop("position"), keywords
    raise DiagramError(say("not-item", number=number, function="draw", key="'position'", value=repr(item)))


def worksheet(
    items: Iterable[object], path: str | Path, *, columns: int = 2, title: str | None = None
) -> Figure:
    """Lay out several diagrams in a grid on one A4 page and save it (PDF, PNG or SVG).

    ``items`` are positions, ``(position, caption)`` pairs, or dicts of :func:`draw`
    keywords with the position under ``"position"``. The page figure is returned, so a
    notebook can show it too. In SVG each diagram is the group ``diagram-1``, ``diagram-2``…

    >>> import damlib, tempfile, os
    >>> start = damlib.Position.start("german")
    >>> page = worksheet([(start, "1. White to move"), {"position": start, "flip": True}],
    ...                  os.path.join(tempfile.mkdtemp(), "sheet.pdf"), title="DE-START")
    >>> len(page.axes)
    2
    """
    need_pictures("diagram.worksheet")
    entries = [_worksheet_item(item, n) for n, item in enumerate(items, 1)]
    if not entries:
        raise DiagramError(say("empty-worksheet"))
    if isinstance(columns, bool) or not isinstance(columns, int) or columns < 1:
        raise DiagramError(say("bad-columns", value=repr(columns)))
    _format(Path(path))  # refuse a bad file name before the work of drawing
    heading = _wrap(title, "title", 72 * (PAGE[0] - 2 * _PAGE_MARGIN), _HEADING_FONT)
    page_w, page_h = PAGE
    top = _PAGE_MARGIN + (len(heading) * _LINE * _HEADING_FONT / 72 + _CELL_PAD if heading else 0)
    cell_w = (page_w - 2 * _PAGE_MARGIN) / columns
    # Each row is as tall as its tallest diagram at full cell width; if the rows
    # overflow the page, all shrink alike.
    tall = [_layout(kw.get("title"), kw.get("caption")).height / _WIDTH for _, kw in entries]
    rows = [(cell_w - 2 * _CELL_PAD) * max(tall[i:i + columns]) + 2 * _CELL_PAD for i in range(0, len(tall), columns)]
    shrink = min(1.0, (page_h - top - _PAGE_MARGIN) / sum(rows))
    figure = Figure(figsize=PAGE, dpi=_WORKSHEET_DPI, facecolor=PALETTE["background"])
    FigureCanvasAgg(figure)
    if heading:
        figure.text(0.5, 1 - _PAGE_MARGIN / page_h, "\n".join(heading), ha="center", va="top",
                    fontsize=_HEADING_FONT, linespacing=_LINE, color=PALETTE["text"])
    for i, (subject, keywords) in enumerate(entries):
        row, column = divmod(i, columns)
        cell_h = rows[row] * shrink
        left = _PAGE_MARGIN + column * cell_w + _CELL_PAD
        bottom = page_h - top - sum(rows[:row + 1]) * shrink + _CELL_PAD
        ax = figure.add_axes((left / page_w, bottom / page_h,
                              (cell_w - 2 * _CELL_PAD) / page_w, (cell_h - 2 * _CELL_PAD) / page_h))
        ax.set_anchor("N")
        draw(subject, ax=ax, **keywords)
        ax.set_gid(f"diagram-{i + 1}")
    save(figure, path)
    return figure


class OnBoard(NamedTuple):
    """What of a diagram the live board (:class:`damlib.widgets.Board`) draws, for where
    matplotlib is missing: squares by name, routes as lists of them."""

    position: Position
    flip: bool
    marks: dict[str, str]
    arrows: list[list[str]]
    ahead: list[list[str]]
    crosses: list[str]
    title: str
    caption: str
    size: int | None
    #: what says that the board leaves out some of the diagram, "" if it leaves out nothing
    left_out: str


def _on_board(position: Position, opts: _Options, *, recoloured: bool) -> OnBoard:
    """The diagram of ``position`` with the options ``opts`` (``recoloured``: with colours of its
    own) as the live board draws it (see :class:`OnBoard`). A highlighted square is marked as the
    board marks a hint; refused routes, square names, light playable squares and colours are not
    drawn, and a line under the board says so."""
    names = SQUARE_NAMES
    marks = {names[s]: "hint" for s, _ in opts.highlight} | {names[s]: "last" for s in opts.last_move}
    left_out = bool(opts.refused) or opts.square_names or opts.light_playable or recoloured
    return OnBoard(position, opts.flip, marks, [[names[s] for s in r] for r in opts.routes],
                   [[names[s] for s in r] for r in opts.ahead], [names[s] for s in opts.captured],
                   " ".join(opts.layout.title), " ".join(opts.layout.caption), opts.size,
                   say("left-out") if left_out else "")


class Diagram:
    """A board picture for a notebook, with its text alternative (:attr:`alt`: the title, where
    every piece stands, the marks, the caption), so it shows wherever the notebook is read (before
    it runs, on GitHub, in print) and a screen reader reads what it shows. Takes the keywords of
    :func:`draw`.

    >>> d = Diagram(Position.from_fen("W:Wc3:Bd4", "turkish"), title="TR-MAN-CAPTURE")
    >>> d
    <Diagram Turkish: W:Wc3:Bd4>
    >>> d.alt
    'TR-MAN-CAPTURE. A diagram of Turkish draughts. White: a man on c3. Black: a man on d4. White to move.'
    """

    def __init__(self, subject: Subject, **annotations: Unpack[Annotations]) -> None:
        position, given = _subject(subject, annotations)
        opts = _options(position, given)  # checked now, so a bad option fails here
        self.png = compress(png(subject, **annotations)) if PICTURES else b""
        # what the live board draws of it, where matplotlib is missing (_repr_mimebundle_)
        self._boards: tuple[OnBoard, ...] = (_on_board(position, opts, recoloured=bool(given.get("colors"))),)
        self.alt = _alternative(position, given, opts)
        # how far down the board starts, below the title: a row lines its boards up by it
        self.board_top = round(opts.layout.title_band * _scale(round(annotations.get("size") or default_size())))
        self._label = f"{position.rules.name}: {position.fen}"

    def _repr_html_(self) -> str | None:
        return described.image(self.png, self.alt) if PICTURES else None

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """Where matplotlib is missing (the browser's Python), the diagram shown by the live board
        (not playable), with what of it the board draws; else nothing here, and the picture shows."""
        if PICTURES or drawing.without_pictures is None:
            return None
        bundle = drawing.without_pictures(self._boards)._repr_mimebundle_(**kwargs)
        bundle["text/plain"] = repr(self)
        return bundle

    def __repr__(self) -> str:
        return f"<Diagram {self._label}>"


class Row(Diagram):
    """Diagrams side by side in one picture: one position in several games, or before and after.

    >>> import damlib
    >>> row = Row(Diagram(Position.start("german")), Diagram(Position.start("turkish")))
    >>> row, row.alt[:50]
    (<Row of 2 diagrams>, '2 diagrams side by side: 1) A diagram of German dr')
    """

    def __init__(self, *diagrams: Diagram) -> None:  # a row draws no board of its own: no super().__init__
        if not diagrams or not all(isinstance(d, Diagram) for d in diagrams):
            raise DiagramError(say("not-diagrams", value=repr(diagrams)))
        # a title of two lines would set its board lower than the others': the others move down
        self.board_top = max(d.board_top for d in diagrams)
        self._boards = tuple(board for d in diagrams for board in d._boards)
        self.png = side_by_side([d.png for d in diagrams],
                                drop=[self.board_top - d.board_top for d in diagrams]) if PICTURES else b""
        self.alt = described.row(d.alt for d in diagrams)
        self._label = f"of {len(diagrams)} diagrams"

    def __repr__(self) -> str:
        return f"<Row {self._label}>"


def side_by_side(pictures: list[bytes], gap: int = 12, drop: list[int] | None = None) -> bytes:
    """PNG pictures in one row, ``gap`` pixels apart, tops aligned; each lowered by its ``drop``
    in pixels, if given (so that boards under titles of different heights line up)."""
    need_pictures("diagram.side_by_side")
    boards = [Image.open(io.BytesIO(p)).convert("RGB") for p in pictures]
    drops = drop or [0] * len(boards)
    sheet = Image.new("RGB", (sum(b.width for b in boards) + gap * (len(boards) - 1),
                              max(b.height + d for b, d in zip(boards, drops, strict=True))), "white")
    x = 0
    for board, down in zip(boards, drops, strict=True):
        sheet.paste(board, (x, down))
        x += board.width + gap
    out = io.BytesIO()
    sheet.save(out, format="png")
    return compress(out.getvalue())
