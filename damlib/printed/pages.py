"""A4 pages for print: text at a size in points, boards at a place, pages saved as one PDF.

What the worksheets (:mod:`damlib.printed.worksheet`) and rule handouts (:mod:`damlib.handout`) share.
Lengths are in inches from the page's top left corner; text sizes in points. A PDF carries a
fingerprint of what is on it (the positions and texts, and :data:`LAYOUT`), so a test can tell
whether a committed PDF is current without comparing the bytes matplotlib writes, which change
between its versions.

>>> import tempfile, os
>>> page = new_page()
>>> round(write(page, "Hello, class", 1, 1, width=3, size=12), 3)  # one line, 12 points × 1.3, in inches
0.217
>>> paths = save([page], os.path.join(tempfile.mkdtemp(), "p.pdf"), "A page", fingerprint(["hello"]))
>>> page_count(paths[0].read_bytes()), stored_fingerprint(paths[0].read_bytes()) == fingerprint(["hello"])
(1, True)
"""

from __future__ import annotations

import functools
import hashlib
import re
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING

try:  # missing in the browser's Python: there a page's text is measured (lines), no page is made
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.backends.backend_pdf import PdfPages
    from matplotlib.figure import Figure
    from matplotlib.lines import Line2D
except ImportError:
    pass

from ..drawing import diagram
from ..engine import language
from ..engine.errors import DiagramError
from ..engine.position import Position

if TYPE_CHECKING:
    from typing_extensions import Unpack

#: A4 portrait, inches.
WIDTH, HEIGHT = diagram.PAGE
MARGIN = 0.55
#: The smallest text on a page, in points: body text reads at arm's length.
BODY = 10.5
LINE = 1.3  # line height, in font sizes
#: Changes to the page layout change this, so committed PDFs show as stale.
LAYOUT = "damlib pages 4"
INK = "#111111"
#: What DejaVu Sans needs per Latin character, in font sizes (about 0.5 measured on a worksheet's
#: questions), where there is no matplotlib to measure a text: with a little to spare.
_CHAR = 0.54
#: The same for bold text (about 0.585 measured on an answer key's moves).
_BOLD_CHAR = 0.59
_DPI = 150
_FORMATS = ("pdf", "png", "svg")

#: What a teacher reads here: a file name damlib cannot save pages as (``{path}`` the name given).
TEXTS: dict[str, str] = {
    "bad-file-name": "cannot save {path}: the file name must end in .pdf, .png or .svg",
}

#: the sentence of :data:`TEXTS` under a key, its placeholders filled
say = language.sayer(TEXTS)


def new_page() -> Figure:
    """An empty white A4 page."""
    diagram.need_pictures("pages.new_page")
    page = Figure(figsize=(WIDTH, HEIGHT), dpi=_DPI, facecolor="white")
    FigureCanvasAgg(page)
    return page


def lines(text: str, width: float, size: float = BODY, most: int | None = None, *, bold: bool = False) -> list[str]:
    """``text`` wrapped to ``width`` inches at ``size`` points (``bold``: in bold, which is wider);
    cut after ``most`` lines, ending in "…"."""
    limit = width * 72 * 0.98  # a little to spare: a line never touches what stands beside it

    def fits(line: str) -> bool:
        return _width(line, size, bold) <= limit

    wrapped = [line for para in text.splitlines() for line in _wrapped(para, fits)]
    if most is not None and len(wrapped) > most:
        wrapped = wrapped[:most]
        last = wrapped[-1]
        while last and not fits(last + "…"):
            last = last[:-1]
        wrapped[-1] = last.rstrip() + "…"
    return wrapped


def _wrapped(paragraph: str, fits: Callable[[str], bool]) -> list[str]:
    """``paragraph``'s words in lines that each ``fit`` (a word too long for a line has one of its own)."""
    shown: list[str] = []
    line = ""
    for word in paragraph.split():
        longer = f"{line} {word}" if line else word
        if line and not fits(longer):
            shown.append(line)
            line = word
        else:
            line = longer
    return [*shown, line] if line or not shown else shown


@functools.lru_cache(maxsize=4096)
def _width(text: str, size: float, bold: bool) -> float:
    """``text``'s width in points at ``size``: as matplotlib draws it in DejaVu Sans (Cyrillic is
    some 15% wider than Latin, so counting characters let Russian run into the next column);
    in the browser's Python, with no matplotlib and no page made, its characters counted."""
    try:
        from matplotlib.font_manager import FontProperties
        from matplotlib.textpath import text_to_path
    except ImportError:
        return len(text) * (_BOLD_CHAR if bold else _CHAR) * size
    font = FontProperties(size=size, weight="bold" if bold else "normal")
    return float(text_to_path.get_text_width_height_descent(text, font, ismath=False)[0])


def write(page: Figure, text: str, x: float, y: float, width: float, size: float = BODY, *,
          bold: bool = False, most: int | None = None, align: str = "left") -> float:
    """Write ``text`` wrapped to ``width`` with its top left at ``(x, y)``; the height it takes."""
    shown = lines(text, width, size, most, bold=bold)
    anchor = {"left": x, "center": x + width / 2, "right": x + width}[align]
    page.text(anchor / WIDTH, 1 - y / HEIGHT, "\n".join(shown), fontsize=size, linespacing=LINE, ha=align, va="top",
              fontweight="bold" if bold else "normal", color=INK)
    return len(shown) * size * LINE / 72


def rule_line(page: Figure, x: float, y: float, width: float, color: str = "#666666") -> None:
    """A line to write on, ``width`` inches long, at height ``y``."""
    page.add_artist(Line2D([x / WIDTH, (x + width) / WIDTH], [1 - y / HEIGHT] * 2, color=color, linewidth=0.6))


def board(page: Figure, position: Position, x: float, y: float, width: float,
          **annotations: Unpack[diagram.Annotations]) -> None:
    """A diagram ``width`` inches wide (and as tall), top left at ``(x, y)``: see :func:`damlib.diagram.draw`."""
    ax = page.add_axes((x / WIDTH, 1 - (y + width) / HEIGHT, width / WIDTH, width / HEIGHT))
    diagram.draw(position, ax=ax, **annotations)


def footer(page: Figure, text: str) -> None:
    write(page, text, MARGIN, HEIGHT - MARGIN + 0.1, WIDTH - 2 * MARGIN, size=BODY - 0.5, align="center")


def fingerprint(parts: Iterable[object]) -> str:
    """A digest of what a document shows (and of :data:`LAYOUT`): equal if and only if it is the same."""
    digest = hashlib.sha256(LAYOUT.encode())
    for part in parts:
        digest.update(b"\0" + str(part).encode())
    return digest.hexdigest()


def save(pages: list[Figure], path: str | Path, title: str, print_id: str) -> list[Path]:
    """Write the pages: one PDF of all of them, or one PNG or SVG file a page (``name-2.png``…
    after the first when there are several). The PDF's keywords hold ``print_id`` (see
    :func:`fingerprint`) and nothing varies between runs: no date, no matplotlib version."""
    diagram.need_pictures("pages.save")
    path = Path(path)
    fmt = path.suffix.lower().lstrip(".")
    if fmt not in _FORMATS:
        raise DiagramError(say("bad-file-name", path=repr(str(path))))
    if fmt == "pdf":
        metadata = {"Title": title, "Creator": "damlib", "Producer": None, "CreationDate": None,
                    "Keywords": f"damlib-content {print_id}"}
        with PdfPages(path, metadata=metadata) as pdf:  # None drops an entry
            for page in pages:
                pdf.savefig(page)
        return [path]
    names = [path] if len(pages) == 1 else [path.with_name(f"{path.stem}-{n}{path.suffix}")
                                             for n in range(1, len(pages) + 1)]
    for page, name in zip(pages, names, strict=True):
        page.savefig(name, format=fmt, dpi=_DPI, metadata={"Date": None} if fmt == "svg" else None)
    return names


def page_count(pdf: bytes) -> int:
    """The pages of a PDF, counted from its page objects (matplotlib writes no object streams)."""
    return len(re.findall(rb"/Type\s*/Page\b(?!s)", pdf))


def stored_fingerprint(pdf: bytes) -> str | None:
    """The fingerprint :func:`save` stored in a PDF, or ``None``."""
    found = re.search(rb"damlib-content ([0-9a-f]{64})", pdf)
    return found.group(1).decode() if found else None
