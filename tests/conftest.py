"""Helpers the test files share (import them with ``from conftest import ...``).

The board geometry here is worked from docs/rules.md (DE-BOARD, TR-BOARD), not
taken from damlib, so a test that compares damlib with it can fail.
"""

from __future__ import annotations

import html
import os
import re
from pathlib import Path

import pytest
from committed import committed, committed_text  # noqa: F401  (the tests import them from here)

from damlib import Position
from damlib.engine.errors import DamlibError, IllegalMoveError

#: not collected: importing it (as --doctest-modules would) blocks numpy and matplotlib in the test
#: process itself; it is for the kernels of tests/test_without_pictures.py
collect_ignore = ["nopictures"]

ROOT = Path(__file__).resolve().parents[1]
#: Every language's lessons: English's in notebooks/, each other language's in notebooks/<code>/
#: (every folder there that holds lessons), English first.
LESSON_FOLDERS = {"en": ROOT / "notebooks", **{folder.name: folder for folder in sorted((ROOT / "notebooks").iterdir())
                                              if folder.is_dir() and any(folder.glob("*.ipynb"))}}
#: What marks a check and a part for the curious in each language's lessons (a language's lessons
#: with no markers here fail the tests that look for them, not pass them unread).
MARKERS = {"en": ("**Check:**", "### For the curious"), "eo": ("**Kontrolu:**", "### Por la scivolemaj"),
           "de": ("**Prüfe dich:**", "### Für Neugierige"), "ru": ("**Проверь себя:**", "### Для любознательных"),
           "tr": ("**Kendini sına:**", "### Meraklısı için")}


def lessons(*codes: str) -> list[Path]:
    """The lessons of the languages ``codes`` (every language's, none given), in order."""
    return [path for code, folder in LESSON_FOLDERS.items() if not codes or code in codes
            for path in sorted(folder.glob("*.ipynb"))]


def language_of(lesson: Path) -> str:
    """The code of the language ``lesson`` is in (``en`` for notebooks/ itself)."""
    return next(code for code, folder in LESSON_FOLDERS.items() if lesson.parent == folder)


def lesson_id(lesson: Path) -> str:
    """``en/02-german-basics``, ``eo/02-german-basics``: a test's id for a lesson."""
    return f"{language_of(lesson)}/{lesson.stem}"


#: The project's statement of the rules, with the rule IDs and reference figures.
RULES_MD = ROOT / "docs" / "rules.md"
#: Data files the tests read (see tests/data/README.md).
DATA = ROOT / "tests" / "data"
#: How many times longer the fuzz and property tests run: 1 in the suite (seconds), more for a
#: probe, e.g. ``DAMLIB_FUZZ_SCALE=20 python -m pytest tests/test_fuzz.py`` (see docs/measurements.md).
FUZZ_SCALE = max(1, int(os.environ.get("DAMLIB_FUZZ_SCALE", "1")))

#: a picture shown as HTML: an image with its text alternative (damlib.drawing.described.image)
_PICTURE = re.compile(r'<img src="data:image/png;base64,([A-Za-z0-9+/=]+)" alt="([^"]*)"/>')


def picture_of(data: dict) -> tuple[bytes, str]:
    """The PNG and the text alternative (unescaped) of the picture in an output's display data."""
    import base64

    shown = data["text/html"]
    found = _PICTURE.fullmatch("".join(shown) if isinstance(shown, list) else shown)
    assert found, shown
    return base64.b64decode(found.group(1)), html.unescape(found.group(2))


def shows_picture(output: dict) -> bool:
    """Whether a notebook output shows a picture: as HTML with its text alternative, as damlib
    shows one (or as a bare PNG)."""
    data = output.get("data", {})
    return "image/png" in data or "<img" in "".join(data.get("text/html", ""))


def visible(markup: str) -> str:
    """The text a person reads in a widget's HTML: tags dropped, entities read."""
    return html.unescape(re.sub(r"<[^>]+>", "", markup))


FILES = "abcdefgh"
#: All 64 square names, rank by rank from a1 to h8.
SQUARES = [f"{f}{r}" for r in range(1, 9) for f in FILES]


def dark(square: str) -> bool:
    """Whether ``square`` has a1's colour (a1 is dark: DE-BOARD, TR-BOARD)."""
    return (FILES.index(square[0]) + int(square[1:]) - 1) % 2 == 0


def playable_squares(rules) -> list[str]:
    """The squares a game is played on, rank by rank from a1: the 32 of a1's
    colour (DE-BOARD), or all 64 (TR-BOARD)."""
    return [sq for sq in SQUARES if rules.all_squares or dark(sq)]


def move_key(move) -> tuple:
    """What makes a move one move (docs/rules.md, "Moves that are the same move"):
    start, end, the set of captured pieces and whether it crowns."""
    return (move.start, move.end, frozenset(move.captured), move.promotes)


def move_texts(moves) -> set[str]:
    """Moves as text, ``=K`` after a move that crowns (as in docs/rules.md's teaching positions)."""
    return {str(m) + ("=K" if m.promotes else "") for m in moves}


def moves(fen: str, variant) -> set[str]:
    """The legal moves of a FEN position, as :func:`move_texts`."""
    return move_texts(Position.from_fen(fen, variant).legal_moves)


def raises(exc_type, fn, *names):
    """Call ``fn``; it must raise exactly ``exc_type`` (a damlib error, so a
    ``ValueError``) with every one of ``names`` in the message. Returns the error."""
    with pytest.raises(DamlibError) as info:
        fn()
    err = info.value
    assert type(err) is exc_type, f"{type(err).__name__} instead of {exc_type.__name__}: {err}"
    assert isinstance(err, ValueError)
    message = str(err)
    for name in names:
        assert name in message, f"{name!r} not named in {message!r}"
    return err


def refused(play, text) -> str | None:
    """The rule ID with which ``play(text)`` refuses a move (it must raise an IllegalMoveError)."""
    with pytest.raises(IllegalMoveError) as info:
        play(text)
    return info.value.rule
