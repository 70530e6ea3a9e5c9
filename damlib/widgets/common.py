"""What the widgets share: the picture in their display data, step buttons, captions."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, TypeVar

import ipywidgets as w
from ipywidgets.widgets.widget_string import HTMLStyle

from ..drawing import described, diagram, look
from ..engine import language, variants
from ..engine.errors import DamlibError
from ..engine.position import Position, Variant
from ..engine.variants import GERMAN, RUSSIAN, TURKISH, Rules
from ..teach.notes import unbroken

T = TypeVar("T")
W = TypeVar("W", bound=w.Widget)

#: The three games of the lessons, in their order.
GAMES = (GERMAN, RUSSIAN, TURKISH)

#: What the widgets share that a person reads: the step buttons' tooltips, a picture's text alternative.
TEXTS: dict[str, str] = {
    "first": "first",
    "back": "back",
    "next": "next",
    "last": "last",
    # the text alternative of a widget's picture: its board's name, and where every piece stands
    "picture-alt": "{board}. {position}.",
    # what a widget is, where no widget can be drawn (its text/plain: a viewer without widgets, a
    # lesson saved without their state): "<PlayBoard German: 3 moves>", the class name kept
    "moves-one": "1 move",
    "moves-other": "{count} moves",
    "questions-one": "1 question",
    "questions-other": "{count} questions",
    "pieces-one": "1 piece",
    "pieces-other": "{count} pieces",
    # a bad argument: {keyword} its Python name, {kind} a type's, {value} what was given
    "not-position": "a position must be a {kind} or FEN text like 'W:Wc3:Bd4', not {value}",
    "not-some": "{keyword} must be a non-empty list of {kind} values, not {value}",
    "bad-size": "{keyword} is the picture's width in pixels, 100 to 2000, not {value}",
    "not-folder": "{keyword} must be a folder's path, not {value}",
}

#: the sentence of :data:`TEXTS` under a key, its placeholders filled
say = language.sayer(TEXTS)



def game_name(rules: Rules | str) -> str:
    """The name of the game ``rules`` plays (or of the game named so), in the language damlib
    speaks; a game of one's own, or any other name, is said as it was given.

    >>> game_name(GERMAN), game_name("Warm-up")
    ('German', 'Warm-up')
    """
    return variants.game_name(rules, short=True)


def shown_as(widget: object, what: str, game: Rules | None = None) -> str:
    """A widget's repr, its text/plain: its class, the game it plays, and ``what`` it holds, in
    the chosen language.

    >>> shown_as(w.Label(), counted("moves", 2), GERMAN)
    '<Label German: 2 moves>'
    """
    return f"<{type(widget).__name__}{'' if game is None else ' ' + game_name(game)}: {what}>"


def counted(key: str, count: int) -> str:
    """The plural entry ``key`` of :data:`TEXTS` for ``count``."""
    return language.counted(key, count, TEXTS)


def picture_alt(board: str, position: str) -> str:
    """The text alternative of a picture of a board: its name (``board``), and where every piece
    stands and whose move it is (``position``, :func:`damlib.play.spoken.overview`)."""
    return say("picture-alt", board=board, position=position)


class Pictured:
    """A widget whose display data carries a picture of its board beside the live view, with
    its text alternative (where matplotlib is installed to draw it).

    A notebook opened before it runs, exported to HTML, or shown on GitHub or nbviewer has no
    widget to draw, so it shows the picture instead: as HTML, an ``<img>`` with its ``alt``
    (an image/png output has no place for one).
    """

    def picture(self) -> bytes:
        """A PNG of what the widget shows, the frame that teaches most."""
        raise NotImplementedError

    def picture_alt(self) -> str:
        """What :meth:`picture` shows, in words: by default the name of the widget's board and where
        every piece stands on it."""
        board = getattr(self, "board", self)
        return picture_alt(getattr(board, "label", ""), getattr(board, "overview", ""))

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        # the page knows a damlib widget by this class: board.css quiets the parts of one whose
        # kernel is gone, the board saying so in words instead
        self.add_class("damlib-widget")  # type: ignore[attr-defined]
        bundle = super()._repr_mimebundle_(**kwargs)  # type: ignore[misc]
        if bundle is not None and diagram.PICTURES:  # no picture where matplotlib is missing
            data = bundle[0] if isinstance(bundle, tuple) else bundle  # anywidget adds metadata
            data["text/html"] = described.image(diagram.compress(self.picture()), self.picture_alt())
        return bundle


def folder_of(folder: object, keyword: str = "folder") -> Path:
    """``folder`` as a path, or a damlib error naming ``keyword``."""
    if not isinstance(folder, (str, Path)):
        raise DamlibError(say("not-folder", keyword=keyword, value=repr(folder)))
    return Path(folder)


def position_of(position: object, variant: Variant | None) -> Position:
    """``position`` itself, or the position its FEN describes in ``variant`` (German by default)."""
    if isinstance(position, Position):
        return position
    if not isinstance(position, str):
        raise DamlibError(say("not-position", kind="Position", value=repr(position)))
    return Position.from_fen(position, variant or GERMAN)


def some(items: Iterable[T], kind: type[T], name: str) -> tuple[T, ...]:
    """``items`` as a non-empty tuple of ``kind`` values, or a damlib error naming ``name``."""
    try:
        chosen = tuple(items)
    except TypeError:  # not a list at all
        chosen = ()
    if not chosen or not all(isinstance(item, kind) for item in chosen):
        raise DamlibError(say("not-some", keyword=name, kind=kind.__name__, value=repr(items)))
    return chosen


def prose(text: str) -> str:
    """HTML for a caption or status line: wrapped, since a widget's text does not wrap
    by itself in JupyterLab; a rule ID is kept on one line."""
    return f'<div style="white-space: normal; line-height: 1.4">{unbroken(text)}</div>' if text else ""


@functools.cache
def shared(kind: type[W]) -> W:
    """One layout or style of ``kind`` for every widget that leaves it as it is: each widget
    would otherwise make its own, a widget model more to send, keep and save with the lesson."""
    made: W = kind(width="auto") if kind is w.Layout else kind()
    return made


#: a control's label shown whole, however long it is in the language spoken (not cut to the
#: default label width)
WHOLE_LABEL = {"description_width": "initial"}


def text(name: str | None = None) -> w.HTML:
    """An HTML line (status, caption, message) with the CSS class ``damlib-<name>``."""
    line = w.HTML(layout=shared(w.Layout), style=shared(HTMLStyle))
    if name:
        line.add_class(f"damlib-{name}")
    return line


def button(description: str, tooltip: str, name: str, handler: Callable[[], None],
           layout: w.Layout | None = None) -> w.Button:
    """A button with the CSS class ``damlib-<name>``, by which the browser test finds it; a
    ``layout`` of its own where it is shown and hidden."""
    control = w.Button(description=description, tooltip=tooltip, layout=layout or shared(w.Layout),
                       style=shared(w.ButtonStyle))
    control.add_class(f"damlib-{name}")
    control.on_click(lambda _: handler())
    return control


def check_size(size: object, share: float = 1.0) -> int:
    """``size``, or ``share`` of the default picture width (see
    :func:`damlib.diagram.set_default_size`) when it is ``None``."""
    if size is None:
        return round(look.default_size() * share)
    if not isinstance(size, int) or isinstance(size, bool) or not 100 <= size <= 2000:
        raise DamlibError(say("bad-size", keyword="size", value=repr(size)))
    return size


class Steps(w.HBox):
    """First / back / next / last buttons and a slider over ``0..maximum``; ``label`` is said by
    the widget that makes it."""

    def __init__(self, label: str) -> None:
        self.slider = w.IntSlider(min=0, max=0, description=label, continuous_update=True)
        self.slider.add_class("damlib-slider")
        # glyphs DejaVu Sans has, so they show on a plain Linux machine too
        self.buttons = {
            "first": button("⇤", say("first"), "first", lambda: self.go(self.slider.min)),
            "back": button("◀", say("back"), "back", lambda: self.go(self.slider.value - 1)),
            "next": button("▶", say("next"), "next", lambda: self.go(self.slider.value + 1)),
            "last": button("⇥", say("last"), "last", lambda: self.go(self.slider.max)),
        }
        self.slider.observe(lambda _: self._enable(), "value")
        b = self.buttons
        super().__init__([b["first"], b["back"], self.slider, b["next"], b["last"]])

    def go(self, value: int) -> None:
        self.slider.value = max(self.slider.min, min(self.slider.max, value))

    def reset(self, maximum: int, minimum: int = 0) -> None:
        # the slider refuses a minimum above its maximum: raise the maximum first
        self.slider.max = max(maximum, minimum)
        self.slider.min = minimum
        self.slider.value = minimum
        self._enable()

    def _enable(self) -> None:
        """Only the buttons that lead somewhere are enabled."""
        at, low, top = self.slider.value, self.slider.min, self.slider.max
        self.slider.disabled = top == low
        self.buttons["first"].disabled = self.buttons["back"].disabled = at == low
        self.buttons["next"].disabled = self.buttons["last"].disabled = at == top
