"""The one interactive board: an SVG board (anywidget) that every widget draws on.

Python says what is on the board and what the logic layer allows; the browser highlights
a piece's landings at once, animates each move jump by jump, and sends back the squares
chosen, by click, drag or keyboard. One widget model a board, its module shipped in the
package (no build step, no network).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import anywidget
import traitlets as t

from ..drawing import diagram, look
from ..drawing.look import PALETTE
from ..engine import language, variants
from ..engine.errors import DamlibError
from ..engine.position import Move, Piece, Position
from ..engine.squares import SQUARE_NAMES, square_number
from ..engine.variants import GERMAN
from ..play.clicks import ClickToMove
from ..play.frames import BY_VALUE, Frame, move_frames, pieces_of
from ..play.game import Game
from ..play.referee import describe
from ..play.spoken import overview, to_move
from .common import TEXTS as COMMON_TEXTS
from .common import Pictured

_HERE = Path(__file__).parent
#: The parts of the board's module (damlib/widgets/js), each one an ES module that imports only
#: from the parts before it (so that Node's test runner imports each as it is: tests/js), joined
#: in this order by :func:`board_module`.
PARTS = ("squares.js", "svg.js", "pieces.js", "overlays.js", "frames.js", "input.js", "board.js")
#: What the board draws with: the diagrams' palette, and highlights that differ in shape
#: (a frame for the piece chosen, a ring for where it may go, a dot for a landing made, a dashed
#: frame for a hint) as well as in colour, told apart by colour-blind learners too.
COLORS = {**{name: value[:7] for name, value in PALETTE.items()},
          "selected": "#f2a900", "target": "#1565c0", "hint": "#c2185b", "excluded": "#e64a19",
          "last_move": "#c8d96a", "ring_white": "#9b9b99", "ring_black": "#1b1b1b", "cursor": "#1f5fbf",
          "edge": "#141414"}
#: The high-contrast option: pure light and dark squares, black ink.
CONTRAST = {"light": "#ffffff", "dark": "#8a8a8a", "white": "#ffffff", "white_edge": "#000000",
            "black": "#000000", "black_edge": "#000000", "ring_white": "#000000", "ring_black": "#ffffff",
            "coordinates": "#000000", "frame": "#000000", "target": "#0033cc", "selected": "#ff8c00",
            "edge": "#000000"}
#: Each highlight in two tones, by their names in the palettes above: its colour, drawn over an
#: outline of the other tone, so that one of them stands out from either square colour (WCAG
#: 1.4.11: 3:1, 4.5:1 in high contrast; tests/test_contrast.py). The board (damlib/widgets/js) draws them so.
MARKS = {"selected": ("selected", "edge"), "target": ("target", "edge"), "landing": ("target", "edge"),
         "hint": ("hint", "edge"), "cursor": ("cursor", "edge"), "cross": ("captured", "edge"),
         "last": ("last_move", "edge")}
_LOOK = {"palette": COLORS, "contrast": CONTRAST, "marks": MARKS,
         "crown": look.CROWN, "crown_tips": look.CROWN_TIPS, "man_radius": look.MAN_RADIUS,
         "ring_radius": look.RING_RADIUS, "landing_radius": look.LANDING_RADIUS, "beside": look.BESIDE,
         "arrow_shaft": look.ARROW_SHAFT, "arrow_head": look.ARROW_HEAD, "arrow_head_length": look.ARROW_HEAD_LENGTH,
         "crown_tip_radius": look.CROWN_TIP_RADIUS, "edge": look.EDGE, "landing_offset": look.LANDING_OFFSET,
         "cross": look.CROSS}

#: What the board says: its accessible name and announcements, and, sent to the browser as
#: :attr:`Board.labels`, the names a screen reader reads for each square (``{square}`` a square
#: name, ``{name}`` a piece's name or "empty", ``{n}`` a landing's number) and the labels of the
#: bar under the board.
TEXTS: dict[str, str] = {
    "board": "draughts board",
    "board-label": "{game} board, {state}",
    "white-played": "White: {said}",
    "black-played": "Black: {said}",
    # the browser's words: a square's accessible name is its parts joined by ", "
    "w": "White man",
    "W": "White king",
    "b": "Black man",
    "B": "Black king",
    "empty": "empty",
    "square": "{square}, {name}",
    "hint": "hint",
    "excluded": "not allowed here",
    "chosen": "chosen",
    "landing": "landing {n}",
    "target": "you can go here",
    "again": "↻ Show the move again",
    "speed": "animation speed",
    "speed-slow": "speed: slow",
    "speed-normal": "speed: normal",
    "speed-fast": "speed: fast",
    "speed-none": "speed: no animation",
    "contrast": "high contrast",
    # under the picture a saved lesson keeps of a board (damlib.widgets.saved), and on a board whose
    # kernel is gone
    "saved": "A picture of the board as it was left: run the cell again to play on.",
    "offline": "This board is not connected to Python any more: run its cell again to play on.",
    "no-answer": "Python has not answered this board: if its kernel stopped, run the cell again to play on.",
    # what a screen reader hears as a piece is chosen ({square}; {targets}, the squares it may go to)
    "chose": "{square} chosen: it can go to {targets}.",
    "chose-nowhere": "{square} chosen.",
    "cancelled": "Nothing chosen.",
    # the position read out (key P, or the button: damlib.play.spoken), and the pieces that can move
    "read": "Read the position",
    "read-tip": "say where every piece stands (key P; key M: the pieces that can move)",
    "movable": "Pieces that can move: {pieces}.",
    "movable-piece": "{square} to {targets}",
    "movable-none": "No piece can move now.",
    # a move said again, frame by frame, as "Show the move again" shows it
    "frame-step": "{start} to {end}",
    "frame-jump": "{start} to {end}, taking {taken}",
    "frame-jump-removed": "{start} to {end}, taking {taken}, which leaves the board at once",
    "frame-leave-one": "{taken} leaves the board",
    "frame-leave-other": "{taken} leave the board together",
    "frame-crowned": "crowned on {square}",
    "frames": "{frames}.",
}

#: the sentence of :data:`TEXTS` under a key, its placeholders filled
say = language.sayer(TEXTS)
#: the keys of :data:`TEXTS` the browser says (board.js fills ``{square}``, ``{name}``, ``{n}``)
_LABELS = ("w", "W", "b", "B", "empty", "square", "hint", "excluded", "chosen", "landing", "target", "again",
           "speed", "speed-slow", "speed-normal", "speed-fast", "speed-none", "contrast", "saved", "offline",
           "no-answer", "chose", "chose-nowhere", "cancelled", "read", "read-tip")


def board_module() -> str:
    """The one module the board's widget loads: the :data:`PARTS` joined, each part's ``import``
    lines dropped and the ``export`` before its names, so that they share one scope, the last
    part's ``export default`` kept. anywidget loads a module from a string, where the parts'
    relative imports would not resolve (JupyterLab, Voilà, Notebook 7, JupyterLite alike); joined
    here, there is no build step. An ``import`` of a part takes one line.

    >>> module = board_module()
    >>> module.count("export default"), "import {" in module
    (1, False)
    """
    lines = [f"// damlib/widgets/js: {', '.join(PARTS)}, joined by damlib/widgets/board.py"]
    for part in PARTS:
        for line in (_HERE / "js" / part).read_text(encoding="utf-8").splitlines():
            if line.startswith("import "):
                continue
            if line.startswith("export ") and not line.startswith("export default "):
                line = line.removeprefix("export ")
            lines.append(line)
    return "\n".join(lines) + "\n"


def board_labels() -> dict[str, str]:
    """The words the browser shows and reads out, in the language damlib speaks now (with the
    text alternative of a picture, for the site's saved boards); the placeholders are left for
    board.js to fill."""
    return {**{key: language.translate(TEXTS[key]) for key in _LABELS}, "picture-alt": language.translate(COMMON_TEXTS["picture-alt"])}


def frames_said(frames: Sequence[Frame], *, start: Position) -> str:
    """A move's frames from ``start`` in words, as "Show the move again" shows them: each jump,
    the pieces taken and when they leave the board, and where a man is crowned, mid-capture too
    (RU-PROMOTE).

    >>> from damlib import Position
    >>> from damlib.play.frames import move_frames
    >>> start = Position.from_fen("W:We3:Bd4,f4,b6", "german")
    >>> frames_said(move_frames(start.legal_moves[0]), start=start)
    'e3 to c5, taking d4; c5 to a7, taking b6; d4, b6 leave the board together.'
    """
    removed_at_once = start.rules.remove_at_once
    said: list[str] = []
    before: tuple[str, ...] = ()
    board = pieces_of(start)  # the pieces before each frame
    for frame in frames:
        new = [s for s in frame.taken if s not in before]
        if frame.start == frame.end:  # the jumped pieces go (DE-STRIKE)
            said.append(language.counted("frame-leave", len(before), TEXTS, taken=", ".join(before)))
        elif new:
            key = "frame-jump-removed" if removed_at_once else "frame-jump"
            said.append(say(key, start=frame.start, end=frame.end, taken=", ".join(new)))
        else:
            said.append(say("frame-step", start=frame.start, end=frame.end))
        if board.get(frame.start, "").islower() and frame.pieces.get(frame.end, "").isupper():
            said.append(say("frame-crowned", square=frame.end))
        before = tuple(dict.fromkeys((*before, *frame.taken)))
        board = frame.pieces
    return say("frames", frames="; ".join(said)) if said else ""


class Board(Pictured, anywidget.AnyWidget):
    """A board of 64 squares that shows a position and forwards what the learner does.

    ``on_click`` gets the name of each square clicked (or chosen with the keyboard: arrows
    move a cursor, Enter or Space chooses, Escape calls ``on_cancel``); a drag from one
    square to another is the two clicks. :meth:`show` draws a position and what may be
    chosen; :meth:`show_game` draws a :class:`~damlib.play.clicks.ClickToMove` and animates the
    moves played since it last drew. ``size`` fixes the width in pixels; by default the
    board fills its container.

    >>> from damlib import Position
    >>> clicked = []
    >>> board = Board(on_click=clicked.append)
    >>> board.show(Position.start("german"))
    >>> board.pieces["a1"], board.click("c3"), clicked
    ('w', None, ['c3'])
    """

    _esm = board_module()
    _css = _HERE / "board.css"

    #: square → "w", "W", "b", "B" (a capital for a king)
    pieces = t.Dict().tag(sync=True)
    flipped = t.Bool(False).tag(sync=True)
    #: for each piece that may move, where its first step or jump lands: highlighted at once
    moves = t.Dict().tag(sync=True)
    #: the squares chosen so far (the piece, then each landing) and where the next may go
    path = t.List(t.Unicode()).tag(sync=True)
    targets = t.List(t.Unicode()).tag(sync=True)
    #: square → "last", "hint" or "excluded"
    marks = t.Dict().tag(sync=True)
    #: routes drawn as arrows: {"route": [squares], "faint": bool}
    arrows = t.List(t.Dict()).tag(sync=True)
    #: squares marked with a cross: pieces taken
    crosses = t.List(t.Unicode()).tag(sync=True)
    #: the moves to animate: {"id": n, "start": pieces, "frames": [{start, end, pieces, taken}]}
    animation = t.Dict().tag(sync=True)
    #: what a screen reader announces (the board's live region) and the board's accessible name
    announce = t.Unicode("").tag(sync=True)
    label = t.Unicode("").tag(sync=True)
    #: the words board.js shows and reads out (see :func:`board_labels`)
    labels = t.Dict().tag(sync=True)
    #: the name of the rules of the position shown ("" for pieces set up freely), by which a saved
    #: lesson draws the board as it was left (damlib.widgets.saved)
    game = t.Unicode("").tag(sync=True)
    #: what a screen reader hears on key P (each side's pieces, whose move) and on key M (the
    #: pieces that can move, and where)
    overview = t.Unicode("").tag(sync=True)
    movable = t.Unicode("").tag(sync=True)
    interactive = t.Bool(True).tag(sync=True)
    size = t.Int(0).tag(sync=True)
    high_contrast = t.Bool(False).tag(sync=True)
    #: animation speed: 1 normal, 2 fast, 0 none (prefers-reduced-motion drops the sliding too)
    speed = t.Float(1.0).tag(sync=True)
    #: the colours, the crown and the shapes' sizes (damlib/drawing/look.py) it draws with; not
    #: "style", which every ipywidget's view takes for a Style widget (a dict there raised in the
    #: browser console for each board)
    look = t.Dict(_LOOK).tag(sync=True)

    def __init__(self, *, on_click: Callable[[str], None] | None = None, on_cancel: Callable[[], None] | None = None,
                 size: int | None = None, interactive: bool = True, high_contrast: bool = False) -> None:
        super().__init__(size=size or 0, interactive=interactive, high_contrast=high_contrast,
                         label=say("board"), labels=board_labels())
        self._on_click = on_click
        self._on_cancel = on_cancel
        self._shown: tuple[Game, int] | None = None  # the game drawn last, and how many moves it had
        self._position: Position | None = None  # the position drawn last, for the picture
        self.on_msg(self._message)

    def __repr__(self) -> str:
        return f"<Board {len(self.pieces)} pieces>"

    # -- what the learner does ----------------------------------------------------------

    def click(self, square: str) -> None:
        """What a click on ``square`` does."""
        if self._on_click is not None:
            self._on_click(square)

    def drag(self, start: str, end: str) -> None:
        """A piece dragged from ``start`` to ``end``: a click on each, unless ``start`` is chosen already."""
        if self.path[:1] != [start]:
            self.click(start)
        self.click(end)

    def cancel(self) -> None:
        """Escape: drop the squares chosen."""
        if self._on_cancel is not None:
            self._on_cancel()

    def _message(self, _: object, content: Mapping[str, Any], buffers: object) -> None:
        """A message from the browser; one that is not a square is ignored, never raised. Each is
        answered, though it changed nothing: a click left unanswered tells the browser the kernel
        may have stopped."""
        if not isinstance(content, Mapping):
            return
        event = content.get("event")
        # a square's name read as board.click reads it ("C3", " c3"), never raised
        square, start, end = (_square_named(content.get(key)) for key in ("square", "from", "to"))
        try:
            if event == "click" and square:
                self.click(square)
            elif event == "drag" and start and end:
                self.drag(start, end)
            elif event == "cancel":
                self.cancel()
        finally:
            self.send({"answered": True})

    # -- drawing --------------------------------------------------------------------------

    def show(self, position: Position | Mapping[str, str], *, moves: Mapping[str, Iterable[str]] | None = None,
             path: Sequence[str] = (), targets: Iterable[str] = (), marks: Mapping[str, str] | None = None,
             arrows: Iterable[Sequence[str]] = (), ahead: Iterable[Sequence[str]] = (),
             crosses: Iterable[str] = (), label: str | None = None, announce: str | None = None) -> None:
        """Draw ``position`` (or pieces by square), with ``moves`` (piece → first landings) that
        a click may choose, the ``path`` chosen and its ``targets``, ``marks``, ``arrows``
        (routes), faint routes still ``ahead``, and ``crosses`` on pieces taken."""
        if isinstance(position, Position):
            self._position, pieces = position, pieces_of(position)
            self.game = position.rules.name
        else:  # pieces by square, as the board editor has them: any square, any piece
            pieces = dict(position)
            value = {code: Piece(v) for v, code in BY_VALUE.items()}
            self._position = Position.from_pieces({s: value[c] for s, c in pieces.items() if c in value}, GERMAN,
                                                  check=False)
        with self.hold_sync():
            self.labels = board_labels()  # the language chosen since the board was made
            self.pieces = pieces
            self.moves = {start: sorted(ends) for start, ends in (moves or {}).items()}
            self.path, self.targets = list(path), sorted(targets)
            self.marks = dict(marks or {})
            self.arrows = ([{"route": list(r), "faint": True} for r in ahead]
                           + [{"route": list(r), "faint": False} for r in arrows])
            self.crosses = list(crosses)
            self.overview = overview(pieces, self._position.turn)
            self.movable = say("movable", pieces="; ".join(
                say("movable-piece", square=start, targets=", ".join(ends)) for start, ends in self.moves.items())
            ) if self.moves else say("movable-none")
            if label is not None:
                self.label = label
            if announce is not None:
                self.announce = announce

    def show_game(self, table: ClickToMove, *, marked: Iterable[str] = (), said: str = "") -> None:
        """Draw the table's position, the piece chosen, where it may go, the last move and the
        ``marked`` squares (a hint's); animate the moves played since the last drawing of the
        same game. ``said`` is announced to screen readers with each move."""
        game = table.game
        before = self._shown
        played = self._played(game)
        position = game.position
        last = game.moves[-1] if game.moves else None
        marks = {name: "last" for name in ((last.start, last.end) if last else ())}
        marks |= {name: "hint" for name in marked}
        moves = table.choices if table.computer != position.turn else {}
        # each move's frames worked out once: animated, said again by "Show the move again", and
        # for a capture announced as the animation shows it (jump by jump, and when the pieces
        # taken leave the board: at once under TR-REMOVE)
        framed = [(i, m, move_frames(m, game.positions[i + 1])) for i, m in played]
        told = [frames_said(frames, start=game.positions[i]) for i, _, frames in framed]
        news = [" ".join(filter(None, [say(f"{game.positions[i].turn}-played", said=describe(m, game.positions[i])),
                                       words if m.captured else ""]))
                for (i, m, _), words in zip(framed, told, strict=True)]
        turn = str(game.result) if game.result else to_move(position.turn)
        with self.hold_sync():
            self.show(position, moves=moves, path=table.path, targets=table.targets, marks=marks,
                      label=say("board-label", game=variants.game_name(game.rules), state=turn),
                      announce=" ".join([*news, said]).strip() or None)
            if played:
                self.animate(game.positions[played[0][0]], [frame for _, _, frames in framed for frame in frames],
                             follow=played[0][1].end, said=" ".join(told))
            elif before != self._shown and self.animation.get("frames"):
                # another game (a new level), an undo or a restart: the move animated last is not
                # the last move on the board, and "Show the move again" would replay it
                self.animation = {"id": self.animation["id"], "frames": []}

    def animate(self, start: Position, frames: Iterable[Frame], *, follow: str | None = None,
                said: str | None = None) -> None:
        """Animate ``frames`` (see :func:`~damlib.play.frames.move_frames`) from ``start``; the board
        then shows what :meth:`show` drew last, the keyboard's cursor on ``follow`` (where the
        learner's piece went). "Show the move again" says ``said``, by default the frames of one
        move in words (:func:`frames_said`)."""
        frames = tuple(frames)
        if said is None:
            said = frames_said(frames, start=start)
        self.animation = {"id": self.animation.get("id", 0) + 1, "start": pieces_of(start),
                          "frames": [frame._asdict() for frame in frames], "said": said,
                          **({"follow": follow} if follow else {})}

    def _played(self, game: Game) -> list[tuple[int, Move]]:
        """The moves of ``game`` since it was drawn last, by index; none for another game or
        after an undo."""
        before = self._shown
        self._shown = (game, len(game.moves))
        if before is None or before[0] is not game or before[1] >= len(game.moves):
            return []
        return list(itertools.islice(enumerate(game.moves), before[1], None))

    def picture(self) -> bytes:
        """A PNG of the board shown (for the display data a saved notebook keeps)."""
        shown = self._position or Position.from_pieces({}, GERMAN)
        return diagram.png(shown, flip=self.flipped, size=self.size or look.default_size())


def _square_named(value: object) -> str | None:
    """The square ``value`` names, as the engine reads a square's name; None if it names none."""
    try:
        return SQUARE_NAMES[square_number(value)]  # type: ignore[arg-type]  # anything else is refused
    except DamlibError:
        return None
