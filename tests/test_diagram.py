"""Diagrams: read the rendered pixels back and check that they show the position."""

from __future__ import annotations

import base64
import html
import io
import re
import xml.etree.ElementTree as ET

import numpy as np
import pytest
from conftest import dark  # a1's colour (DE-BOARD, TR-BOARD: a1 is dark)
from matplotlib.colors import to_rgba
from matplotlib.figure import Figure
from PIL import Image

import damlib
from damlib import Position, diagram
from damlib.diagram import PALETTE, Diagram, DiagramError, Row, square_center
from damlib.engine.errors import DamlibError, SquareError
from damlib.engine.squares import SQUARE_NAMES

GERMAN_CAPTURE = "W:We3:Bd4,f4,b6"  # DE-MAJORITY: e3:c5:a7 takes d4 and b6
TURKISH_CAPTURE = "W:WKa1:Ba3,c5,d4,b3,g7"  # TR-REMOVE: a1:a5:d5:d3:a3 takes all but g7


def image(data: bytes) -> np.ndarray:
    return np.asarray(Image.open(io.BytesIO(data)).convert("RGB")).astype(int)


def rgb(color: str, over: str | None = None) -> np.ndarray:
    """``color`` in 0–255, blended over ``over`` when it is translucent."""
    r, g, b, a = to_rgba(color)
    base = np.array(to_rgba(over)[:3]) if over else np.ones(3)
    return np.round((np.array([r, g, b]) * a + base * (1 - a)) * 255).astype(int)


def at(img: np.ndarray, square: str, dx: float = 0.0, dy: float = 0.0, **layout) -> np.ndarray:
    """The pixel at ``square``'s centre, moved by ``dx``, ``dy`` squares (up is positive)."""
    x, y = square_center(square, **layout)
    unit = img.shape[1] / 9  # the board is 8 squares and two half-square margins wide
    return img[int(round(y - dy * unit)), int(round(x + dx * unit))]


def name_ink(named: np.ndarray, plain: np.ndarray, square: str) -> bool:
    """Whether ``named`` has ink that ``plain`` lacks in the top left corner of ``square``."""
    x, y = square_center(square)
    unit = named.shape[1] / 9
    box = (slice(int(y - 0.47 * unit), int(y - 0.2 * unit)), slice(int(x - 0.47 * unit), int(x)))
    return bool((np.abs(named[box] - plain[box]).max(axis=-1) > 40).any())


def close(pixel: np.ndarray, expected: np.ndarray, tol: int = 12) -> bool:
    return bool(np.abs(pixel - expected).max() <= tol)


# -- boards and pieces -------------------------------------------------------------


@pytest.mark.parametrize("variant", ["german", "russian", "turkish"])
def test_start_position_shows_every_piece_and_square(variant):
    pos = damlib.Position.start(variant)
    img = image(diagram.png(pos))
    for square in SQUARE_NAMES:
        piece = pos.pieces.get(square)
        if piece:
            expected = rgb(PALETTE[piece.color])
        else:
            expected = rgb(PALETTE["dark" if dark(square) else "light"])
        assert close(at(img, square), expected), square


def test_german_men_stand_on_dark_squares_and_turkish_men_on_both():
    # DE-BOARD: the 32 squares of a1's colour, drawn dark; TR-BOARD: all 64.
    german = damlib.Position.start("german").pieces
    turkish = damlib.Position.start("turkish").pieces
    assert all(dark(s) for s in german)
    img = image(diagram.png(damlib.Position.start("german")))
    for square in german:  # the square's colour shows past the man, near the corner
        assert close(at(img, square, dx=-0.45, dy=-0.45), rgb(PALETTE["dark"])), square
    img = image(diagram.png(damlib.Position.start("turkish")))
    corners = {tuple(at(img, s, dx=-0.45, dy=-0.45)) for s in turkish}
    assert {tuple(rgb(PALETTE["dark"])), tuple(rgb(PALETTE["light"]))} <= corners


@pytest.mark.parametrize("variant, playable", [("german", 32), ("russian", 32), ("turkish", 64)])
def test_square_names_name_every_playable_square(variant, playable):
    empty = damlib.Position.from_fen("W:W:B", variant)
    plain = image(diagram.png(empty))
    named = image(diagram.png(empty, square_names=True))
    marked = [s for s in SQUARE_NAMES if name_ink(named, plain, s)]
    assert len(marked) == playable
    if playable == 32:
        assert all(dark(s) for s in marked)


def test_light_playable_draws_the_playable_squares_light():
    img = image(diagram.png(damlib.Position.from_fen("W:Wa1:Bh8", "german"), light_playable=True))
    assert close(at(img, "a1", dx=0.45, dy=0.45), rgb(PALETTE["light"]))
    assert close(at(img, "b1"), rgb(PALETTE["dark"]))
    assert close(at(img, "a1"), rgb(PALETTE["white"]))


def test_light_playable_is_refused_for_turkish():
    with pytest.raises(DiagramError, match="TR-BOARD"):
        diagram.png(damlib.Position.start("turkish"), light_playable=True)


@pytest.mark.parametrize("variant, fen", [("german", "W:Wc3,Ke1:Bf6,Kh8"), ("turkish", "W:Wc3,Ke1:Bf6,Kh8")])
def test_a_king_is_marked_and_readable_in_greyscale(variant, fen):
    img = image(diagram.png(damlib.Position.from_fen(fen, variant)))
    grey = np.asarray(Image.fromarray(img.astype(np.uint8)).convert("L")).astype(int)[..., None]
    for man, king, color in (("c3", "e1", "white"), ("f6", "h8", "black")):
        assert close(at(img, man), rgb(PALETTE[color]))
        assert not close(at(img, king), rgb(PALETTE[color]), 60), f"the king on {king} looks like a man"
        # the crown against its own disc, in grey: print on a black-and-white printer
        disc = at(grey, king, dy=-0.3)
        assert close(disc, at(grey, man, dy=-0.2), 10)
        assert abs(int(at(grey, king)[0]) - int(disc[0])) > 40


def test_flip_puts_a1_top_right():
    pos = damlib.Position.from_fen("W:Wa1:Bh8", "german")
    img = image(diagram.png(pos, flip=True))
    x, y = square_center("a1", flip=True)
    assert x > img.shape[1] / 2 and y < img.shape[0] / 2
    assert close(at(img, "a1", flip=True), rgb(PALETTE["white"]))
    assert close(at(img, "h8", flip=True), rgb(PALETTE["black"]))
    assert square_center("h8", flip=True) == square_center("a1")


# -- annotations ---------------------------------------------------------------------


def test_highlight_colours_only_the_named_squares():
    pos = damlib.Position.from_fen("W:Wc3:Bf6", "german")
    plain = image(diagram.png(pos))
    img = image(diagram.png(pos, highlight={"d4": "#ff0000", "a1": "blue"}))
    assert close(at(img, "d4"), rgb("#ff0000"))
    assert close(at(img, "a1"), rgb("blue"))
    img = image(diagram.png(pos, highlight=["d4", "c3"]))
    assert close(at(img, "d4"), rgb(PALETTE["highlight"], over=PALETTE["dark"]))
    assert close(at(img, "c3", dx=0.45, dy=0.45), rgb(PALETTE["highlight"], over=PALETTE["dark"]))
    assert close(at(img, "c3"), rgb(PALETTE["white"]))  # the man stays on top
    for square in ("e5", "f6", "h8", "b1"):
        assert close(at(img, square), at(plain, square), 0)


def test_a_highlighted_square_keeps_its_name():
    pos = damlib.Position.from_fen("W:W:B", "german")
    plain = image(diagram.png(pos, highlight={"d4": "#ff0000"}))
    named = image(diagram.png(pos, highlight={"d4": "#ff0000"}, square_names=True))
    assert name_ink(named, plain, "d4")


def test_a_capture_route_has_an_arrow_on_every_leg():
    pos = damlib.Position.from_fen("W:W:B", "german")
    img = image(diagram.png(pos, arrows=[("c3", "e5", "g3")]))
    arrow = rgb(PALETTE["arrow"], over=PALETTE["dark"])
    for square in ("d4", "e5", "f4"):  # the middle of each leg, and a landing square
        assert close(at(img, square), arrow), square
    assert close(at(img, "g3", dx=-0.1, dy=0.1), arrow)  # the head, just short of its point
    assert close(at(img, "e3"), rgb(PALETTE["dark"]))  # not on the route


def test_move_marks_the_jumped_pieces_that_still_block_in_german():
    # DE-STRIKE: the jumped men stay on the board until the capture ends.
    pos = damlib.Position.from_fen(GERMAN_CAPTURE, "german")
    img = image(diagram.png(pos, move="e3:c5:a7"))
    for square in ("d4", "b6"):
        assert close(at(img, square), rgb(PALETTE["captured"])), square
        assert close(at(img, square, dy=0.2), rgb(PALETTE["black"])), square
    assert close(at(img, "f4"), rgb(PALETTE["black"]))  # not taken
    assert close(at(img, "c5"), rgb(PALETTE["arrow"], over=PALETTE["dark"]))
    assert close(at(img, "a7", dx=0.1, dy=-0.1), rgb(PALETTE["arrow"], over=PALETTE["dark"]))


def test_move_fades_the_pieces_a_turkish_capture_removes_at_once():
    # TR-REMOVE: each jumped piece leaves the board at once.
    pos = damlib.Position.from_fen(TURKISH_CAPTURE, "turkish")
    img = image(diagram.png(pos.legal_moves[0]))
    for square in ("a3", "c5", "d4"):
        assert close(at(img, square), rgb(PALETTE["captured"])), square
    # beside the X and the route: faded, lighter than a black man
    for square, dx, dy in (("c5", 0, 0.2), ("d4", 0.2, 0)):
        assert at(img, square, dx, dy).sum() > rgb(PALETTE["black"]).sum() + 150, square
    assert close(at(img, "g7"), rgb(PALETTE["black"]))  # not taken: solid


def test_captured_marks_empty_squares_too():
    img = image(diagram.png(damlib.Position.from_fen("W:W:B", "turkish"), captured=["e4", "e5"]))
    assert close(at(img, "e4"), rgb(PALETTE["captured"]))
    assert close(at(img, "e5"), rgb(PALETTE["captured"]))


def test_last_move_tints_its_start_and_end():
    pos = damlib.Position.start("german").play("c3-d4")
    img = image(diagram.png(pos, last_move="c3-d4"))
    tint = rgb(PALETTE["last_move"], over=PALETTE["dark"])
    assert close(at(img, "c3"), tint)
    assert close(at(img, "d4", dx=0.45, dy=0.45), tint)
    assert close(at(img, "e5"), rgb(PALETTE["dark"]))


def test_title_and_caption_move_the_board_and_nothing_is_clipped():
    long = "DE-MAJORITY: if there are several ways to capture, take the one that captures the most pieces."
    layout = dict(title="A title", caption=long, size=300)
    pos = damlib.Position.from_fen(GERMAN_CAPTURE, "german")
    img = image(diagram.png(pos, **layout))
    assert img.shape[1] == 300 and img.shape[0] > 300
    assert close(at(img, "e3", **layout), rgb(PALETTE["white"]))
    assert close(at(img, "d4", **layout), rgb(PALETTE["black"]))
    white = rgb(PALETTE["background"])
    edges = np.concatenate([img[:2].reshape(-1, 3), img[-2:].reshape(-1, 3), img[:, :2].reshape(-1, 3),
                            img[:, -2:].reshape(-1, 3)])
    assert (edges == white).all(), "something touches the edge of the image"
    assert (img[-int(img.shape[0] * 0.1):] != white).any(), "the caption is missing"


@pytest.mark.parametrize("size", [300, 401, 1000])
def test_size_is_the_width_in_pixels(size):
    img = image(diagram.png(damlib.Position.start("german"), size=size, flip=True))
    assert img.shape == (size, size, 3)
    assert close(at(img, "a1", size=size, flip=True), rgb(PALETTE["white"]))


def test_png_draws_the_same_picture_as_draw():
    # png() reuses a cached board; it must not differ from a fresh figure.
    pos = damlib.Position.from_fen("W:We3,Kg1:Bd4,f4,b6,Kh8", "german")
    options = dict(move="e3:c5:a7", highlight=["h2"], last_move="b8-a7", square_names=True, caption="Take two")
    out = io.BytesIO()
    diagram.draw(pos, **options).savefig(out, format="png")
    fresh, cached = image(out.getvalue()), image(diagram.png(pos, **options))
    assert fresh.shape == cached.shape
    assert np.abs(fresh - cached).max() < 40 and np.abs(fresh - cached).mean() < 0.5
    # and a later diagram on the same cached board keeps nothing of this one
    assert close(at(image(diagram.png(pos, caption="Other")), "d4"), rgb(PALETTE["black"]))


# -- outputs ---------------------------------------------------------------------------


def test_svg_is_valid_xml():
    text = diagram.svg(damlib.Position.from_fen(GERMAN_CAPTURE, "german"), move="e3:c5:a7", title="A <title> & more")
    root = ET.fromstring(text)
    assert root.tag.endswith("svg")


def test_draw_returns_a_figure_and_draws_into_given_axes():
    pos = damlib.Position.start("turkish")
    assert isinstance(diagram.draw(pos), Figure)
    figure = Figure()
    ax = figure.add_subplot()
    assert diagram.draw(pos, ax=ax, caption="TR-START") is figure
    with pytest.raises(DiagramError, match="size"):
        diagram.draw(pos, ax=ax, size=300)


def test_no_pyplot_figures_are_left_open():
    import matplotlib.pyplot as plt

    before = plt.get_fignums()
    diagram.draw(damlib.Position.start("german"))
    diagram.png(damlib.Position.start("german"))
    assert plt.get_fignums() == before


def _shown(html: str) -> tuple[bytes, str]:
    """The PNG and the text alternative of a picture shown as HTML."""
    found = re.fullmatch(r'<img src="data:image/png;base64,([A-Za-z0-9+/=]+)" alt="([^"]*)"/>', html)
    assert found, html
    return base64.b64decode(found.group(1)), found.group(2)


def test_positions_and_moves_show_in_jupyter_as_pictures_with_their_text_alternative():
    pos = damlib.Position.from_fen(GERMAN_CAPTURE, "german")
    picture, alt = _shown(pos._repr_html_())
    assert picture.startswith(b"\x89PNG\r\n\x1a\n")
    # the position, square by square, from its FEN (W:We3:Bd4,f4,b6)
    assert alt == "A diagram of German draughts. White: a man on e3. Black: men on b6, d4, f4. White to move."
    move = pos.parse_move("e3:c5:a7")
    picture, alt = _shown(move._repr_html_())
    assert close(at(image(picture), "d4"), rgb(PALETTE["captured"]))  # the move's route on its own board
    # the route the rules give the move (DE-MAJORITY: over d4 and b6) and the pieces it takes
    assert alt.endswith("White to move. Arrows: e3-c5-a7. Marked as taken: d4, b6.")
    assert damlib.Move(("c3", "d4"))._repr_html_() is None  # no board to show it on


def test_a_diagrams_text_alternative_says_every_mark_it_draws():
    pos = damlib.Position.from_fen("B:WKa1,c3:Bd6,Kh8", "turkish")
    shown = diagram.Diagram(pos, title="Kings", caption="Black moves.", highlight=["c3"],
                            refused=[("h8", "h1")], ahead=[("d6", "d5")], last_move="a3-a1",
                            captured=["c3"], arrows=[("h8", "h4")])
    assert shown.alt == (
        "Kings. A diagram of Turkish draughts. White: a man on c3; a king on a1. Black: a man on d6; a king on "
        "h8. Black to move. Arrows: h8-h4. Still to come: d6-d5. Not allowed: h8-h1. Marked as taken: c3. "
        "Highlighted: c3. Last move: a3-a1. Black moves.")
    picture, alt = _shown(shown._repr_html_())
    assert picture == shown.png and alt == html.escape(shown.alt)


@pytest.mark.parametrize("suffix, magic", [(".png", b"\x89PNG"), (".svg", b"<?xml"), (".pdf", b"%PDF")])
def test_save_writes_the_format_of_the_file_name(tmp_path, suffix, magic):
    path = tmp_path / f"d{suffix}"
    diagram.save(damlib.Position.start("russian"), path, title="RU")
    assert path.read_bytes().startswith(magic)
    figure = diagram.draw(damlib.Position.start("russian"))
    diagram.save(figure, tmp_path / f"f{suffix}")
    assert (tmp_path / f"f{suffix}").read_bytes().startswith(magic)


def worksheet_items():
    start = damlib.Position.start("german")
    capture = damlib.Position.from_fen(GERMAN_CAPTURE, "german")
    return [
        start,
        (damlib.Position.start("turkish"), "TR-START"),
        {"position": capture, "move": "e3:c5:a7", "caption": "DE-MAJORITY"},
        damlib.Position.from_fen(TURKISH_CAPTURE, "turkish").legal_moves[0],
        {"position": start, "flip": True},
    ]


def test_worksheet_holds_one_diagram_per_item(tmp_path):
    items = worksheet_items()
    diagram.worksheet(items, tmp_path / "sheet.svg", columns=3, title="Worksheet")
    root = ET.fromstring((tmp_path / "sheet.svg").read_text())
    ids = sorted(e.get("id") for e in root.iter() if re.fullmatch(r"diagram-\d+", e.get("id") or ""))
    assert ids == sorted(f"diagram-{n}" for n in range(1, len(items) + 1))


def test_worksheet_pdf_is_one_page_and_png_is_a4(tmp_path):
    page = diagram.worksheet(worksheet_items(), tmp_path / "sheet.pdf", title="Worksheet")
    assert len(page.axes) == 5
    pdf = (tmp_path / "sheet.pdf").read_bytes()
    assert pdf.startswith(b"%PDF") and len(re.findall(rb"/Type\s*/Page\b(?!s)", pdf)) == 1
    diagram.worksheet(worksheet_items(), tmp_path / "sheet.png")
    width, height = Image.open(tmp_path / "sheet.png").size
    assert abs(height / width - diagram.PAGE[1] / diagram.PAGE[0]) < 0.01


# -- bad input ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "options, error, named",
    [
        (dict(highlight=["z9"]), SquareError, "z9"),
        (dict(highlight=["b1"]), SquareError, "b1"),  # not a square of German draughts
        (dict(highlight={"c3": "no-such-colour"}), DiagramError, "no-such-colour"),
        (dict(colors={"dark": "#12345"}), DiagramError, "#12345"),
        (dict(colors={"sky": "blue"}), DiagramError, "sky"),
        (dict(flip="yes"), DiagramError, "flip"),
        (dict(square_names=1), DiagramError, "square_names"),
        (dict(arrows=[("c3",)]), DiagramError, "route"),
        (dict(arrows=[("c3", "k9")]), SquareError, "k9"),
        (dict(arrows="c3-d4"), DiagramError, "arrows"),
        (dict(move="c3-e5"), damlib.IllegalMoveError, "c3-e5"),
        (dict(move=42), DiagramError, "42"),
        (dict(last_move="c3-q4"), damlib.MoveTextError, "c3-q4"),
        (dict(captured=[None]), SquareError, "None"),
        (dict(size=-5), DiagramError, "-5"),
        (dict(size="big"), DiagramError, "big"),
        (dict(title=3), DiagramError, "title"),
        (dict(colour="red"), DiagramError, "colour"),
    ],
)
def test_bad_options_raise_a_damlib_error_naming_them(options, error, named):
    with pytest.raises(error, match=re.escape(named)) as caught:
        diagram.png(damlib.Position.start("german"), **options)
    assert isinstance(caught.value, DamlibError)


def test_bad_subjects_files_and_worksheet_items_raise_damlib_errors(tmp_path):
    with pytest.raises(DiagramError, match="Position"):
        diagram.draw("W:Wc3:Bd4")
    with pytest.raises(DiagramError, match="jpg"):
        diagram.save(damlib.Position.start("german"), tmp_path / "d.jpg")
    with pytest.raises(DiagramError, match="item 2"):
        diagram.worksheet([damlib.Position.start("german"), "c3-d4"], tmp_path / "w.pdf")
    with pytest.raises(DiagramError, match="columns"):
        diagram.worksheet([damlib.Position.start("german")], tmp_path / "w.pdf", columns=0)
    with pytest.raises(DiagramError, match="already drawn"):
        diagram.save(diagram.draw(damlib.Position.start("german")), tmp_path / "d.png", flip=True)


# -- routes that teach ---------------------------------------------------------------


def test_a_route_starts_at_the_edge_of_its_piece_so_a_kings_crown_shows():
    pos = damlib.Position.from_fen("W:WKa1:Bc3,f4,f2,b4", "german")
    plain, drawn = image(diagram.png(pos)), image(diagram.png(pos, move="a1:e5:g3:e1"))
    assert close(at(drawn, "a1"), at(plain, "a1"), 0)  # the crown's middle, as without the route
    assert close(at(drawn, "b2"), rgb(PALETTE["arrow"], over=PALETTE["dark"]))


def test_a_leg_that_turns_back_runs_beside_the_first():
    # TR-REMOVE: the king jumps d6 to d7, turns back over the emptied squares and jumps d2
    pos = damlib.Position.from_fen("W:WKd4:Bd6,d2", "turkish")
    img = image(diagram.png(pos, move="d4:d7:d1"))
    arrow_on_light = rgb(PALETTE["arrow"], over=PALETTE["light"])
    light = rgb(PALETTE["light"])
    assert close(at(img, "d5"), arrow_on_light)  # the way up
    assert close(at(img, "d5", dx=0.2), arrow_on_light)  # the way back, beside it
    assert close(at(img, "d5", dx=0.35), light) and close(at(img, "d5", dx=-0.15), light)


def test_each_landing_of_a_multiple_capture_is_numbered():
    pos = damlib.Position.from_fen("W:Wc3:Bd4,f4,f2,d2", "german")
    many = image(diagram.png(pos, move="c3:e5:g3:e1:c3"))
    for square in ("e5", "g3", "e1", "c3"):  # a white disc in each landing's lower right corner
        assert close(at(many, square, dx=0.13, dy=-0.27), rgb(PALETTE["background"]), 30), square
    one = image(diagram.png(damlib.Position.from_fen("W:Wc3:Bd4", "german"), move="c3:e5"))
    assert close(at(one, "e5", dx=0.13, dy=-0.27), rgb(PALETTE["dark"]))  # one jump: no number


def test_a_route_still_ahead_is_drawn_faint():
    pos = damlib.Position.from_fen("W:W:B", "german")
    full, faint = image(diagram.png(pos, arrows=["c3-d4"])), image(diagram.png(pos, ahead=["c3-d4"]))
    dark_square, arrow = rgb(PALETTE["dark"]), rgb(PALETTE["arrow"], over=PALETTE["dark"])
    pixel = at(faint, "d4", dx=-0.25, dy=-0.25)
    assert not close(pixel, dark_square) and not close(pixel, arrow)
    assert close(at(full, "d4", dx=-0.25, dy=-0.25), arrow)


def test_square_names_show_on_occupied_squares_too():
    pos = damlib.Position.start("german")
    plain, named = image(diagram.png(pos)), image(diagram.png(pos, square_names=True))
    assert name_ink(named, plain, "c3") and name_ink(named, plain, "f6")


def test_the_default_size_is_set_for_every_picture_without_its_own():
    pos = damlib.Position.start("german")
    try:
        diagram.set_default_size(560)
        assert Image.open(io.BytesIO(diagram.png(pos))).width == 560
        assert Image.open(io.BytesIO(diagram.png(pos, size=300))).width == 300
    finally:
        diagram.set_default_size(diagram.DEFAULT_SIZE)
    assert Image.open(io.BytesIO(diagram.png(pos))).width == diagram.DEFAULT_SIZE
    with pytest.raises(DiagramError, match="5000"):
        diagram.set_default_size(5000)


def test_a_row_puts_diagrams_side_by_side():
    german = diagram.Diagram(damlib.Position.start("german"))
    turkish = diagram.Diagram(damlib.Position.start("turkish"))
    shown = diagram.Row(german, turkish)
    row = Image.open(io.BytesIO(_shown(shown._repr_html_())[0]))
    widths = [Image.open(io.BytesIO(d.png)).width for d in (german, turkish)]
    assert row.width == sum(widths) + 12
    assert shown.alt == f"2 diagrams side by side: 1) {german.alt} 2) {turkish.alt}"
    with pytest.raises(DiagramError):
        diagram.Row()


def test_every_man_is_drawn_with_the_same_pixels_at_any_size():
    # pieces sit on whole pixels, so equal pieces look (and compress) alike
    for size in (400, 437):
        img = image(diagram.png(damlib.Position.from_fen("W:Wa1,f6:B", "german"), size=size))
        blocks = []
        for square in ("a1", "f6"):
            x, y = square_center(square, size=size)
            r = int(size / 9 * 0.45)
            blocks.append(img[int(y) - r:int(y) + r, int(x) - r:int(x) + r])
        assert np.array_equal(*blocks), size


def test_a_row_lines_up_boards_under_titles_of_different_heights():
    # a title that wraps onto two lines would set its board lower; the row moves the other down
    one = Diagram(Position.start("german"), title="German", size=300)
    two = Diagram(Position.start("turkish"), title="Turkish: a title long enough to take two lines here", size=300)
    assert two.board_top > one.board_top
    picture = np.asarray(Image.open(io.BytesIO(Row(one, two).png)).convert("RGB")).astype(int)
    frame = np.array([int(PALETTE["frame"][i:i + 2], 16) for i in (1, 3, 5)])

    def frame_top(x: int) -> int:  # the first row of the board's frame in column x
        return int(np.flatnonzero(np.abs(picture[:, x] - frame).max(axis=1) < 30)[0])

    assert frame_top(150) == frame_top(300 + 12 + 150)


def test_a_refused_route_is_drawn_red_and_an_allowed_one_green():
    # e3:g5 takes one piece where e3:c5:a7 takes two (DE-MAJORITY): drawn refused, its arrow over
    # f4 is red; drawn as an ordinary arrow, green
    pos = Position.from_fen("W:We3:Bd4,f4,b6", "german")
    x, y = (round(v) for v in square_center("f4", size=400))

    def colour_at_f4(**annotations) -> np.ndarray:
        return np.asarray(Image.open(io.BytesIO(diagram.png(pos, size=400, **annotations))).convert("RGB"))[y, x]

    red, green = colour_at_f4(refused=["e3:g5"]).astype(int), colour_at_f4(arrows=["e3:g5"]).astype(int)
    assert red[0] > red[1] + 60 and green[1] > green[0] + 40
    with pytest.raises(DiagramError):
        diagram.png(pos, refused="e3:g5")  # a list of routes, as arrows takes
