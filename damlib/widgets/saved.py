"""A lesson saved with its boards as pictures: what the Jupyter server does to a notebook as it
saves it (a pre-save hook, installed by ``jupyter-settings/``).

A board is a live widget only while its kernel runs. Saved as widget state, a lesson came back
looking alive and dead (every part of a board marked with a broken link, clicks that half
worked), was marked unsaved the moment it opened (the widget manager marks a notebook changed for
each model it restores), and grew by every model of every run. So as a lesson is saved, each
output that shows a damlib board becomes a picture of that board as it was left (with its text
alternative), with a note to run the cell to play on, and the boards' widget state is dropped
from the notebook. Any other widget, and every other output, is saved as it is.

>>> from damlib import Position
>>> from damlib.widgets import PlayBoard
>>> from ipywidgets.embed import dependency_state
>>> play = PlayBoard("german", fen="W:Wc3:Bf6")
>>> play.click("c3"); play.click("d4")
>>> notebook = {"cells": [{"cell_type": "code", "outputs": [
...     {"output_type": "display_data", "data": play._repr_mimebundle_(), "metadata": {}}]}],
...     "metadata": {"widgets": {STATE: {"state": dependency_state([play])}}}}
>>> output = as_pictures(notebook)["cells"][0]["outputs"][0]
>>> sorted(output["data"]), notebook["metadata"]
(['text/html', 'text/plain'], {})
>>> output["data"]["text/plain"]
'A picture of the board as it was left: run the cell again to play on.'
"""

from __future__ import annotations

import base64
import re
from collections.abc import Iterator, Mapping
from typing import Any

from ..drawing import described, diagram, look
from ..engine.errors import DamlibError
from ..engine.position import Piece, Position
from ..engine.variants import GERMAN, Rules, rules
from ..play.frames import BY_VALUE
from ..play.spoken import said
from .board import board_labels
from .common import Pictured, picture_alt

VIEW = "application/vnd.jupyter.widget-view+json"
STATE = "application/vnd.jupyter.widget-state+json"
#: how one widget model names another in its state
REFERENCE = "IPY_MODEL_"



def pre_save(model: dict[str, Any], **_: object) -> None:
    """The Jupyter server's pre-save hook: a notebook's boards saved as pictures (see
    :func:`as_pictures`); any other file as it is."""
    if model.get("type") == "notebook" and isinstance(model.get("content"), dict):
        as_pictures(model["content"])


def as_pictures(notebook: dict[str, Any]) -> dict[str, Any]:
    """``notebook`` (nbformat 4, as JSON) with every output that shows a damlib board made a
    picture of that board as it was left (HTML with its text alternative) and a note, and those
    boards' widget models dropped from its widget state; changed in place, and returned."""
    saved = notebook.get("metadata", {}).get("widgets", {}).get(STATE, {})
    models: dict[str, Any] = saved.get("state", {}) if isinstance(saved, dict) else {}
    # every damlib widget's models, shown or not: those of an earlier run in the same kernel too
    dropped = {found for model_id, model in models.items() if _is_damlib(model) for found in _tree(models, model_id)}
    for output in _outputs(notebook):
        view = output["data"][VIEW]
        tree = list(_tree(models, view.get("model_id", "") if isinstance(view, Mapping) else ""))
        boards = [models[m]["state"] for m in tree if _is_board(models[m])]
        if not boards and not _damlib_widget(output):
            continue  # a widget damlib knows nothing of
        note = _said(boards[0] if boards else None)
        # the boards as they were left; else (no state saved) the picture they were first shown with
        shown = _picture(boards, note) if boards else _shown(output["data"])
        if shown is None:
            continue
        output["data"] = {"text/html": shown, "text/plain": note}
        dropped |= set(tree)
    for model_id in dropped:
        models.pop(model_id, None)
    if "widgets" in notebook.get("metadata", {}) and not models:
        del notebook["metadata"]["widgets"]  # nothing left to restore: nothing marks the lesson changed
    return notebook


def _outputs(notebook: Mapping[str, Any]) -> Iterator[dict[str, Any]]:
    """The outputs of ``notebook`` that show a widget."""
    for cell in notebook.get("cells", ()):
        for output in cell.get("outputs", ()) if isinstance(cell, Mapping) else ():
            if isinstance(output, dict) and isinstance(output.get("data"), dict) and VIEW in output["data"]:
                yield output


def _tree(models: Mapping[str, Any], model_id: str) -> Iterator[str]:
    """``model_id`` and every model its state names, and theirs, each once, in the order the widget
    shows them."""
    seen, todo = set(), [model_id]
    while todo:
        found = todo.pop()
        if found in seen or not isinstance(models.get(found), Mapping):
            continue
        seen.add(found)
        yield found
        # the children first to last, as the widget shows them: boards side by side keep their order
        todo.extend(reversed(list(_references(models[found].get("state", {})))))


def _references(value: object) -> Iterator[str]:
    if isinstance(value, str) and value.startswith(REFERENCE):
        yield value[len(REFERENCE):]
    elif isinstance(value, Mapping):
        for item in value.values():
            yield from _references(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _references(item)


def _is_damlib(model: object) -> bool:
    """Whether a saved widget model is a damlib widget (it has the class every one shown is given)
    or damlib's board."""
    if not isinstance(model, Mapping):
        return False
    classes = model.get("state", {}).get("_dom_classes", ()) if isinstance(model.get("state"), Mapping) else ()
    return _is_board(model) or (isinstance(classes, (list, tuple)) and "damlib-widget" in classes)


def _is_board(model: Mapping[str, Any]) -> bool:
    """Whether a saved widget model is damlib's board: an anywidget with the board's state."""
    state = model.get("state", {})
    return model.get("model_module") == "anywidget" and isinstance(state, Mapping) and \
        isinstance(state.get("pieces"), Mapping) and isinstance(state.get("labels"), Mapping)


def _damlib_widget(output: Mapping[str, Any]) -> bool:
    """Whether an output whose widget state was not saved is a damlib widget's: its text names
    one (``<Learn: …>``, ``PlayBoard(…)``) beside the picture every damlib widget carries."""
    shown = output["data"].get("text/plain", "")
    shown = "".join(shown) if isinstance(shown, list) else str(shown)
    named = re.match(r"<?(\w+)", shown)
    return _shown(output["data"]) is not None and named is not None and named.group(1) in _pictured(Pictured)


def _pictured(kind: type) -> set[str]:
    """The names of the widgets that show a picture of their board: :class:`Pictured`'s kinds."""
    kinds: list[type] = kind.__subclasses__()
    return {name for sub in kinds for name in (sub.__name__, *_pictured(sub))}


def _said(board: Mapping[str, Any] | None) -> str:
    """The note under a saved board, in the language the board spoke (its labels carry it)."""
    labels = board.get("labels", {}) if board is not None else {}
    said = labels.get("saved") if isinstance(labels, Mapping) else None
    return said if isinstance(said, str) and said else board_labels()["saved"]


def _shown(data: Mapping[str, Any]) -> str | None:
    """The picture a widget's output was first shown with, as HTML with its text alternative (a
    lesson saved by an older damlib has a bare PNG)."""
    shown = data.get("text/html")
    shown = "".join(shown) if isinstance(shown, list) else shown
    if isinstance(shown, str) and shown.startswith("<img"):
        return shown
    png = data.get("image/png")
    return described.image(base64.b64decode(png), board_labels()["saved"]) if isinstance(png, str) else None


def _picture(boards: list[Mapping[str, Any]], note: str) -> str | None:
    """The boards as they were left, side by side, each under its name, ``note`` under the first,
    as HTML with their text alternative; None if a state is not a board's (then the picture it
    was shown with is kept)."""
    pictures = [_board(board, note if n == 0 else None) for n, board in enumerate(boards)]
    shown = [p for p in pictures if p is not None]
    if len(shown) < len(pictures):
        return None
    if len(shown) == 1:
        return described.image(diagram.compress(shown[0][0]), shown[0][1])
    return described.image(diagram.side_by_side([png for png, _ in shown]), described.row(alt for _, alt in shown))


def _board(board: Mapping[str, Any], note: str | None) -> tuple[bytes, str] | None:
    """One board as it was left, as PNG bytes, its name above and ``note`` under it, with its
    text alternative."""
    value = {code: Piece(v) for v, code in BY_VALUE.items()}
    try:
        pieces = {square: value[code] for square, code in board["pieces"].items()}
        position = Position.from_pieces(pieces, _rules_of(board.get("game")), check=False)
        size = board.get("size") or look.default_size()
        last = [square for square, mark in (board.get("marks") or {}).items() if mark == "last"]
        label = board.get("label")
        title = label if isinstance(label, str) and label else None
        png = diagram.png(position, flip=bool(board.get("flipped")), highlight=last, caption=note,
                          title=title, size=min(max(int(size), 200), 800))
    except (DamlibError, KeyError, TypeError, ValueError, AttributeError):
        return None
    overview = board.get("overview")
    alt = picture_alt(title or "", overview if isinstance(overview, str) and overview else said(position))
    return png, f"{alt} {note}" if note else alt


def _rules_of(name: object) -> Rules:
    """The rules a board was drawn with, by name; German's for a game this damlib does not know."""
    try:
        return rules(str(name)) if name else GERMAN
    except DamlibError:
        return GERMAN
