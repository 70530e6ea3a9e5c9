"""The board widget (damlib.widgets.Board) driven from Python: what its synced traits say
is on the board and may be chosen, what it animates, what it makes of the browser's
messages, how few widget models the widgets built on it create, and whether its
highlight colours stay apart for colour-blind learners. The positions are worked by
hand from docs/rules.md."""

from __future__ import annotations

import inspect
import io
import itertools
import json
import re
import shutil
import subprocess
import warnings
from pathlib import Path

import ipywidgets
import numpy as np
import pytest
from conftest import picture_of
from matplotlib.colors import to_rgb
from PIL import Image

from damlib import GERMAN, RUSSIAN, TURKISH, Position
from damlib.diagram import PALETTE, square_center
from damlib.drawing import look
from damlib.learn import Level
from damlib.play.clicks import ClickToMove
from damlib.widgets import BoardEditor, Learn, PlayBoard
from damlib.widgets.board import COLORS, CONTRAST, PARTS, Board, board_module


def drawn(fen: str, rules, **options) -> tuple[Board, ClickToMove]:
    """A board drawing a table that starts at ``fen``; the board's clicks go to the table."""
    table = ClickToMove(Position.from_fen(fen, rules), **options)
    board = Board(on_click=lambda square: (table.click(square), board.show_game(table)))
    board.show_game(table)
    return board, table


def frames(board: Board) -> list[tuple[str, str]]:
    """The jumps and steps the board's latest animation shows, as (from, to)."""
    return [(frame["start"], frame["end"]) for frame in board.animation["frames"]]


# -- show() and show_game() ----------------------------------------------------------


def test_show_draws_what_it_is_given_and_nothing_left_from_before():
    board = Board()
    board.show(Position.from_fen("W:Wc3,Ke1:Bd4,Kh8", GERMAN), moves={"c3": {"e5"}}, path=["c3"], targets={"e5"},
               marks={"a1": "hint"}, arrows=[("c3", "e5")], ahead=[("e5", "g7")], crosses=["d4"])
    assert board.pieces == {"c3": "w", "e1": "W", "d4": "b", "h8": "B"}
    assert board.moves == {"c3": ["e5"]} and board.path == ["c3"] and board.targets == ["e5"]
    assert board.marks == {"a1": "hint"} and board.crosses == ["d4"]
    assert board.arrows == [{"route": ["e5", "g7"], "faint": True}, {"route": ["c3", "e5"], "faint": False}]
    board.show({"a1": "w"})  # pieces by square, as the editor draws them
    assert board.pieces == {"a1": "w"}
    assert board.moves == {} and board.path == [] and board.targets == []
    assert board.marks == {} and board.arrows == [] and board.crosses == []


@pytest.mark.parametrize("fen, rules, moves", [
    # DE-MAN-MOVE: a man steps diagonally forward; h2 on the edge has one square, g3
    ("W:Wc3,h2:Bf6", GERMAN, {"c3": ["b4", "d4"], "h2": ["g3"]}),
    # DE-MANDATORY: b6 must capture, so h2 may not move; the first landing is d8, though the
    # move goes on to f6 (DE-PROMOTE-PASS)
    ("W:Wb6,h2:Bc7,e7", GERMAN, {"b6": ["d8"]}),
    # TR-MAN-MOVE: forward, sideways and diagonally forward; a2 has no square to its left
    ("W:Wa2,d4:Bh7", TURKISH, {"a2": ["a3", "b2", "b3"], "d4": ["c4", "c5", "d5", "e4", "e5"]}),
    # TR-MAN-CAPTURE: the diagonal-forward capture d4:f6 is compulsory, h2 waits
    ("W:Wd4,h2:Be5", TURKISH, {"d4": ["f6"]}),
    # DE-KING: a king's first landing may be any empty square on its diagonals
    ("W:WKa1:Bh8", GERMAN, {"a1": ["b2", "c3", "d4", "e5", "f6", "g7"]}),
])
def test_each_movable_piece_is_offered_its_first_landings(fen, rules, moves):
    board, _ = drawn(fen, rules)
    assert board.moves == moves
    assert board.path == [] and board.targets == [] and board.animation == {}


def test_every_route_of_a_move_offers_its_first_landing():
    # docs/rules.md: c3:e5:g3:e1:c3 and c3:e1:g3:e5:c3 are one move; a click on c3 may go to
    # either e5 or e1 (ClickToMove's targets), so the browser should highlight both at once
    board, table = drawn("W:Wc3:Bd4,f4,f2,d2,h8", GERMAN)
    board.click("c3")
    assert sorted(table.targets) == board.targets == ["e1", "e5"]
    board.click("c3")  # deselect
    assert board.moves == {"c3": ["e1", "e5"]}


def test_nothing_may_be_chosen_once_the_game_is_over_or_a_mistake_awaits_a_choice():
    board, _ = drawn("W:Wc3:Bd4", GERMAN)
    board.click("c3")
    board.click("e5")  # c3:e5 takes Black's last piece (DE-WIN)
    assert board.pieces == {"e5": "w"} and board.moves == {}
    # referee mode: h2-g3 while e3 must capture; Black must first choose (DE-PENALTY)
    board, table = drawn("W:We3,h2:Bd4,f4,b6,h8", GERMAN, referee=True)
    board.click("h2")
    board.click("g3")
    assert table.game.pending is not None and board.moves == {}


def test_choosing_a_piece_and_its_landings_shows_the_path_and_where_next():
    board, _ = drawn("W:Wc3:Bf6", GERMAN)
    board.click("c3")
    assert board.path == ["c3"] and board.targets == ["b4", "d4"] and board.animation == {}
    # RU-PROMOTE: b6:d8 crowns at once, and the king may land on f6, g5 or h4 beyond e7
    board, table = drawn("W:Wb6:Bc7,e7", RUSSIAN)
    board.click("b6")
    assert board.path == ["b6"] and board.targets == ["d8"]
    board.click("d8")
    assert board.path == ["b6", "d8"] and board.targets == ["f6", "g5", "h4"] and table.game.moves == ()


def test_a_move_played_is_animated_and_its_frames_end_in_the_pieces_shown():
    board, table = drawn("W:Wb6:Bc7,e7", GERMAN)
    board.click("b6")
    board.click("d8")  # the only way on is e7 to f6: played at once (DE-PROMOTE-PASS)
    assert board.pieces == {"f6": "w"} and board.animation["id"] == 1
    assert board.animation["start"] == {"b6": "w", "c7": "b", "e7": "b"}
    assert frames(board) == [("b6", "d8"), ("d8", "f6"), ("f6", "f6")]  # c7 and e7 go at the end
    # c7 stands, marked taken, while the man is on d8, still a man (DE-STRIKE, DE-PROMOTE-PASS)
    first = board.animation["frames"][0]
    assert first["pieces"] == {"d8": "w", "c7": "b", "e7": "b"} and list(first["taken"]) == ["c7"]
    assert board.animation["frames"][-1]["pieces"] == board.pieces
    assert board.marks == {"b6": "last", "f6": "last"}
    # Black has no piece left (DE-WIN): said to a screen reader, and in the board's name
    assert board.announce.startswith("White: ") and "White wins" in board.label


def test_only_new_moves_of_the_same_game_are_animated():
    board, table = drawn("W:Wc3:Bf6,h8", GERMAN)
    board.click("c3")
    board.click("d4")
    assert board.animation["id"] == 1 and frames(board) == [("c3", "d4")]
    assert board.label == "German draughts board, Black to move"
    board.show_game(table)  # drawn again, nothing new: the animation stays the one shown
    assert board.animation["id"] == 1
    table.undo()
    board.show_game(table)  # an undo is shown at once, not played backwards
    assert board.animation["id"] == 1 and board.pieces == {"c3": "w", "f6": "b", "h8": "b"}
    board.click("c3")
    board.click("b4")
    assert board.animation["id"] == 2 and frames(board) == [("c3", "b4")]
    table.restart()  # another game: drawn as it stands
    board.show_game(table)
    assert board.animation["id"] == 2 and board.pieces == {"c3": "w", "f6": "b", "h8": "b"}


def test_the_computers_reply_is_animated_after_the_move_that_called_for_it():
    # after c3-d4 Black's only move is e5:c3, taking d4 (DE-MANDATORY), and White has no piece left
    play = PlayBoard(GERMAN, computer="black", fen="W:Wc3:Be5", seconds=0.05)
    play.board.click("c3")
    play.board.click("d4")
    board = play.board
    assert [str(m) for m in play.game.moves] == ["c3-d4", "e5:c3"]
    assert board.animation["start"] == {"c3": "w", "e5": "b"}
    assert frames(board) == [("c3", "d4"), ("e5", "c3"), ("c3", "c3")]  # then d4 goes (DE-STRIKE)
    assert board.animation["frames"][0]["pieces"] == {"d4": "w", "e5": "b"}
    assert board.animation["frames"][-1]["pieces"] == board.pieces == {"c3": "b"}
    assert board.moves == {} and "Black wins" in board.label


def test_a_learn_levels_reply_is_animated_with_the_learners_move():
    # White b6-c7; Black's one man h4 can only step to g3 (DE-MAN-MOVE)
    level = Level("reply-test", GERMAN, "DE-PROMOTE", "Make a king.", "W:Wb6:Bh4", ("b6-c7", "c7-d8"),
                  replies=("h4-g3",))
    learn = Learn([level])
    learn.board.click("b6")
    learn.board.click("c7")
    assert frames(learn.board) == [("b6", "c7"), ("h4", "g3")]
    assert learn.board.pieces == {"c7": "w", "g3": "b"}


# -- what the browser sends ------------------------------------------------------------


def recording() -> tuple[Board, list[str]]:
    said: list[str] = []
    board = Board(on_click=said.append, on_cancel=lambda: said.append("cancel"))
    board.show(Position.start(GERMAN))
    return board, said


@pytest.mark.parametrize("content, said", [
    ({"event": "click", "square": "c3"}, ["c3"]),
    ({"event": "drag", "from": "c3", "to": "d4"}, ["c3", "d4"]),
    ({"event": "cancel"}, ["cancel"]),
    ({"event": "click", "square": "c3", "extra": [1, 2]}, ["c3"]),  # what is not read is not in the way
])
def test_the_browsers_messages_reach_the_board(content, said):
    board, heard = recording()
    board._message(board, content, [])
    assert heard == said


@pytest.mark.parametrize("content", [
    {"event": "hover", "square": "c3"},
    {"event": "click", "square": "z9"},
    {"event": "click", "square": ""},
    {"event": "click"},
    {"square": "c3"},
    {},
    {"event": "drag", "from": "c3"},
    {"event": "drag", "from": "c3", "to": "i4"},
    {"event": "drag", "to": "d4"},
    {"event": "click", "square": None},
    {"event": "click", "square": 22},
    {"event": "click", "square": ["c3"]},
    {"event": "click", "square": {"c3": 1}},
    {"event": None},
    {"event": ["click"], "square": "c3"},
])
def test_a_message_that_names_no_square_is_ignored(content):
    board, heard = recording()
    before = (dict(board.pieces), list(board.path))
    board._message(board, content, [])
    assert heard == [] and (board.pieces, board.path) == before


@pytest.mark.parametrize("content", [["click", "c3"], "click c3", None, 5])
def test_a_message_that_is_not_a_dict_is_ignored(content):
    board, heard = recording()
    board._message(board, content, [])
    assert heard == []


def test_a_drag_is_the_two_clicks_and_keeps_a_piece_already_chosen():
    play = PlayBoard(GERMAN)
    play.board._message(play.board, {"event": "drag", "from": "c3", "to": "d4"}, [])
    assert [str(m) for m in play.game.moves] == ["c3-d4"]
    play = PlayBoard(GERMAN)
    play.board.click("c3")
    play.board.drag("c3", "d4")  # c3 chosen already: a second click on it would drop it
    assert [str(m) for m in play.game.moves] == ["c3-d4"]
    play = PlayBoard(GERMAN)
    play.board.click("c3")
    play.board.click("c3")  # which is why: the same piece clicked again is let go
    assert play.board.path == [] and play.game.moves == ()


def test_a_multi_jump_may_be_dragged_landing_by_landing():
    # RU-PROMOTE: b6:d8 (crowned), then on to h4
    play = PlayBoard(RUSSIAN, fen="W:Wb6:Bc7,e7")
    play.board.drag("b6", "d8")
    assert play.board.path == ["b6", "d8"] and play.game.moves == ()
    play.board.drag("d8", "h4")  # d8 is not the piece chosen: dragging on from it is one more click
    assert [m.path for m in play.game.moves] == [("b6", "d8", "h4")] and play.board.pieces == {"h4": "W"}


def test_cancel_drops_the_squares_chosen():
    play = PlayBoard(GERMAN)
    play.board.click("c3")
    assert play.board.path == ["c3"] and play.board.targets == ["b4", "d4"]
    play.board.cancel()
    assert play.board.path == [] and play.board.targets == [] and play.path == [] and play.game.moves == ()
    play.board.click("c3")
    play.board._message(play.board, {"event": "cancel"}, [])  # Escape in the browser
    assert play.board.path == [] and play.path == []
    Board().cancel()  # a board that asked for no cancel: nothing happens


def test_a_board_to_look_at_takes_clicks_only_if_asked():
    board = Board(interactive=False)
    assert board.interactive is False
    board.click("c3")  # no on_click: nothing happens, nothing raised
    board._message(board, {"event": "click", "square": "c3"}, [])


# -- the picture a saved notebook keeps --------------------------------------------------


def bundle_png(board: Board) -> bytes:
    bundle = board._repr_mimebundle_()
    data = bundle[0] if isinstance(bundle, tuple) else bundle  # anywidget returns (data, metadata)
    assert "application/vnd.jupyter.widget-view+json" in data  # the live board is still there
    return picture_of(data)[0]


def test_the_display_data_carries_a_picture_of_the_position_shown():
    board = Board(size=320)
    board.show(Position.from_fen("W:Wc3:Bd4", GERMAN))
    png = bundle_png(board)
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    picture = np.asarray(Image.open(io.BytesIO(png)).convert("RGB")).astype(int)
    assert picture.shape[1] == 320
    for square, side in (("c3", "white"), ("d4", "black"), ("e5", "dark")):
        x, y = square_center(square, size=320)
        assert np.abs(picture[int(y), int(x)] - np.array(to_rgb(PALETTE[side])) * 255).max() < 40, square
    board.flipped = True
    x, y = square_center("c3", size=320, flip=True)  # where c3 is drawn when the board is turned
    flipped = np.asarray(Image.open(io.BytesIO(bundle_png(board))).convert("RGB")).astype(int)
    assert np.abs(flipped[int(y), int(x)] - np.array(to_rgb(PALETTE["white"])) * 255).max() < 40


def test_the_picture_shows_pieces_given_by_square():
    board = Board(size=320)
    board.show({"c3": "w"})
    picture = np.asarray(Image.open(io.BytesIO(board.picture())).convert("RGB")).astype(int)
    x, y = square_center("c3", size=320)
    assert np.abs(picture[int(y), int(x)] - np.array(to_rgb(PALETTE["white"])) * 255).max() < 40


# -- widget models ---------------------------------------------------------------------------


def models() -> int:
    """How many widget models exist: each is synced to the browser and kept in a saved notebook."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # ipywidgets 8 deprecates the registry's name
        return len(ipywidgets.Widget.widgets)


def test_the_board_draws_its_pieces_and_arrows_the_diagrams_size():
    sent = Board().look
    assert (sent["man_radius"], sent["ring_radius"], sent["landing_radius"], sent["beside"]) == \
        (look.MAN_RADIUS, look.RING_RADIUS, look.LANDING_RADIUS, look.BESIDE)
    assert (sent["arrow_shaft"], sent["arrow_head"], sent["arrow_head_length"]) == \
        (look.ARROW_SHAFT, look.ARROW_HEAD, look.ARROW_HEAD_LENGTH)
    assert [tuple(point) for point in sent["crown"]] == list(look.CROWN)
    assert (sent["edge"], sent["landing_offset"], tuple(sent["cross"]), sent["crown_tip_radius"]) == \
        (look.EDGE, look.LANDING_OFFSET, look.CROSS, look.CROWN_TIP_RADIUS)
    # and the board's script draws with every size it is sent, not with sizes of its own beside them
    script = "\n".join(path.read_text() for path in (Path(inspect.getfile(Board)).parent / "js").glob("*.js"))
    used = {*re.findall(r"look\.(\w+)", script), *(f"edge.{p}" for p in re.findall(r"look\.edge\.(\w+)", script))}
    assert {*sent, *(f"edge.{part}" for part in look.EDGE)} <= used, sorted(used)


def test_the_board_draws_an_arrow_as_the_diagrams_do():
    from damlib.drawing import diagram  # where the code lives: _arrow is not a public name

    node = shutil.which("node")
    if node is None:
        pytest.skip("Node is not installed (.ci/run installs it)")
    overlays = Path(inspect.getfile(Board)).parent / "js" / "overlays.js"
    lengths = (2 * 2**0.5, 0.2)  # a leg of two squares, and one shorter than an arrow's head
    drawn = subprocess.run([node, "--input-type=module", "-e",
                            f"const m = await import({json.dumps(overlays.as_uri())}); console.log(JSON.stringify("
                            f"{list(lengths)}.map((len) => m.arrowShape(len, {json.dumps(Board().look)}))))"],
                           capture_output=True, text=True, check=False)
    assert drawn.returncode == 0, drawn.stderr
    for length, shape in zip(lengths, json.loads(drawn.stdout), strict=True):
        outline = diagram._arrow((0.0, 0.0), (length, 0.0)).vertices[:-1]  # closed: the first point again
        assert np.allclose(outline, shape), (length, shape)


def test_the_board_module_is_its_parts_joined_each_importing_only_parts_before_it(tmp_path):
    # anywidget loads one module from a string: a part that imports a later one, or a name declared
    # in two parts, would break the board only in the browser
    for i, part in enumerate(PARTS):
        text = (Path(inspect.getfile(Board)).parent / "js" / part).read_text(encoding="utf-8")
        imported = re.findall(r'^import .* from "\./([\w.]+)";$', text, flags=re.MULTILINE)
        assert len(imported) == text.count("import "), f"{part}: an import on more than one line"
        assert set(imported) <= set(PARTS[:i]), part
    module = tmp_path / "board.mjs"
    module.write_text(board_module(), encoding="utf-8")
    node = shutil.which("node")
    if node is None:
        pytest.skip("Node is not installed (.ci/run installs it)")
    loaded = subprocess.run([node, "--input-type=module", "-e",
                             f"const m = await import({json.dumps(module.as_uri())}); console.log(Object.keys(m), "
                             "typeof m.default.render)"], capture_output=True, text=True, check=False)
    assert (loaded.returncode, loaded.stdout.strip()) == (0, "[ 'default' ] function"), loaded.stderr


def test_the_board_is_one_model_and_its_layout():
    before = models()
    Board()
    assert models() - before <= 2


@pytest.mark.parametrize("make", [lambda: PlayBoard(GERMAN), lambda: Learn(), lambda: BoardEditor("german")],
                         ids=["PlayBoard", "Learn", "BoardEditor"])
def test_a_widget_creates_a_few_dozen_models_not_a_model_a_square(make):
    # the 64-button board made about 200 each; a few dozen controls and their layouts remain,
    # and a bound under 100 fails if anything again makes a model for each of 64 squares
    before = models()
    make()
    assert models() - before < 100


# -- colours for colour-blind learners ----------------------------------------------------

# Deuteranopia (severity 1.0), Machado, Oliveira & Fernandes 2009, Table 1: applied to linear RGB.
DEUTERANOPIA = np.array([[0.367322, 0.860646, -0.227968],
                         [0.280085, 0.672501, 0.047413],
                         [-0.011820, 0.042940, 0.968881]])
# Linear sRGB to CIE XYZ, and the D65 white point (IEC 61966-2-1).
SRGB_TO_XYZ = np.array([[0.4124, 0.3576, 0.1805],
                        [0.2126, 0.7152, 0.0722],
                        [0.0193, 0.1192, 0.9505]])
D65 = np.array([0.95047, 1.0, 1.08883])


def linear(hex_colour: str) -> np.ndarray:
    """The sRGB colour ``#rrggbb`` as linear-light RGB (the sRGB transfer function undone)."""
    c = np.array(to_rgb(hex_colour))
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


def lab(rgb: np.ndarray) -> np.ndarray:
    """CIE L*a*b* of a linear RGB colour, under D65."""
    t = SRGB_TO_XYZ @ rgb / D65
    delta = 6 / 29
    f = np.where(t > delta ** 3, np.cbrt(t), t / (3 * delta ** 2) + 4 / 29)
    return np.array([116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])])


def seen_by_deuteranope(hex_colour: str) -> np.ndarray:
    return lab(np.clip(DEUTERANOPIA @ linear(hex_colour), 0, 1))


def delta_e(a: str, b: str) -> float:
    """CIE76 colour difference between two colours as a deuteranope sees them."""
    return float(np.linalg.norm(seen_by_deuteranope(a) - seen_by_deuteranope(b)))


def test_the_colour_model_is_sound():
    # sanity of the helpers: a grey stays grey for a deuteranope (the matrix's rows sum to 1),
    # white is L* 100, and red and green, the classic confusion, come much closer together
    assert np.allclose(DEUTERANOPIA.sum(axis=1), 1, atol=1e-4)
    assert np.allclose(seen_by_deuteranope("#ffffff"), [100, 0, 0], atol=0.1)
    normal = float(np.linalg.norm(lab(linear("#d62728")) - lab(linear("#2ca02c"))))
    assert delta_e("#d62728", "#2ca02c") < normal / 3


HIGHLIGHTS = ["target", "selected", "hint", "last_move", "excluded"]
#: each highlight against each square colour it is drawn over, and against each other highlight
#: (a ring for a target may sit on the last move's square, a hint's frame beside a chosen piece)
PAIRS = [(square, mark) for square in ("light", "dark") for mark in HIGHLIGHTS] + \
    list(itertools.combinations(HIGHLIGHTS, 2))
PALETTES = {"default": COLORS, "high contrast": {**COLORS, **CONTRAST}}  # as the board looks colours up
# CIE76 ΔE of about 2.3 is just noticeable between two large patches side by side. A highlight
# is a thin ring or frame, seen at a glance against the square under it or the mark beside it,
# so we ask for several times that: 15 is our judgement of "told apart at a glance", not a
# published standard. Shape (ring, frame, dashed frame, fill, hatching) differs as well.
THRESHOLD = 15


@pytest.mark.parametrize("palette, a, b", [(name, a, b) for name in PALETTES for a, b in PAIRS])
def test_highlights_stay_apart_for_a_deuteranope(palette, a, b):
    colours = PALETTES[palette]
    assert delta_e(colours[a], colours[b]) >= THRESHOLD


def test_every_message_from_the_browser_is_answered_though_it_changes_nothing(monkeypatch):
    # the browser takes a click left unanswered for a sign that the kernel stopped (board.js)
    play = PlayBoard(GERMAN)
    answers = []
    monkeypatch.setattr(play.board, "send", answers.append)
    for content in ({"event": "click", "square": "e5"}, {"event": "click", "square": "a2"},
                    {"event": "drag", "from": "c3", "to": "d4"}, {"event": "cancel"}, {"event": "click", "square": 22}):
        play.board._message(play.board, content, [])
    assert answers == [{"answered": True}] * 5


def test_the_board_is_imported_by_the_name_it_was_asked_for():
    from damlib.widgets import Board as board

    assert board is Board


def test_a_screen_reader_hears_the_position_and_the_pieces_that_can_move():
    # W:Wc3,Ka1:Bd6: White men... worked by hand (DE-MAN-MOVE: c3 steps to b4 or d4; the king a1 is
    # blocked by nothing: it slides to b2 only, c3 being White's own)
    board = Board()
    table = ClickToMove(Position.from_fen("W:Wc3,Ka1:Bd6", GERMAN))
    board.show_game(table)
    assert board.overview == "White: a man on c3; a king on a1. Black: a man on d6. White to move"
    assert board.movable == "Pieces that can move: a1 to b2; c3 to b4, d4."
    board.show(Position.from_fen("W:W:Bd6", GERMAN))
    assert board.overview.startswith("White: no pieces. Black: a man on d6.")
    assert board.movable == "No piece can move now."


def test_show_the_move_again_says_the_move_jump_by_jump_and_the_cursor_follows_the_piece():
    board, table = drawn("W:We3:Bd4,f4,b6", GERMAN)
    board.click("e3")
    board.click("c5")  # e3:c5:a7 is then the only way on (DE-MAJORITY): played
    # DE-STRIKE: d4 and b6 leave together once the capture ends
    assert board.animation["said"] == "e3 to c5, taking d4; c5 to a7, taking b6; d4, b6 leave the board together."
    assert board.animation["follow"] == "a7"
    turkish, table = drawn("W:Wd4:Bd5,d7", TURKISH)
    turkish.click("d4")
    turkish.click("d6")
    turkish.click("d8")  # TR-REMOVE: each man goes as it is jumped; TR-PROMOTE: crowned on d8
    assert turkish.animation["said"] == ("d4 to d6, taking d5, which leaves the board at once; "
                                         "d6 to d8, taking d7, which leaves the board at once; crowned on d8.")


def test_a_man_crowned_mid_capture_is_said_to_be_crowned_where_it_is():
    # RU-PROMOTE: b6 takes c7 onto d8, is crowned there and goes on as a king over e7 to h4
    russian, _ = drawn("W:Wb6:Bc7,e7", RUSSIAN)
    for square in ("b6", "d8", "h4"):
        russian.click(square)
    said = "b6 to d8, taking c7; crowned on d8; d8 to h4, taking e7; c7, e7 leave the board together."
    assert russian.animation["said"] == said
    assert russian.announce.endswith(said)
    # DE-PROMOTE-PASS: the German man only passes d8 and ends on f6 a man: no crowning said
    german, _ = drawn("W:Wb6:Bc7,e7", GERMAN)
    german.click("b6")
    german.click("d8")
    assert german.animation["said"] == "b6 to d8, taking c7; d8 to f6, taking e7; c7, e7 leave the board together."
    # DE-PROMOTE: a capture that ends on the last rank crowns the man there
    ending, _ = drawn("W:Wb6:Bc7,f6", GERMAN)
    ending.click("b6")
    ending.click("d8")
    assert ending.animation["said"] == "b6 to d8, taking c7; crowned on d8; c7 leaves the board."


def test_a_move_and_the_reply_after_it_are_said_again_each_as_itself():
    # e3:c5:a7 takes d4 and b6, more than f2:h4 would (DE-MAJORITY); then Black's g3 must take f2
    # (DE-MANDATORY), ending on Black's last rank (DE-PROMOTE). Each capture's pieces leave at its
    # own end (DE-STRIKE): said move by move, never d4 and b6 leaving again at the end of the reply
    play = PlayBoard(GERMAN, computer="black", fen="W:We3,f2,h2:Bd4,b6,g3", seconds=0.05)
    play.board.click("e3")
    play.board.click("c5")
    assert [str(m) for m in play.game.moves] == ["e3:c5:a7", "g3:e1"]
    assert play.board.animation["said"] == ("e3 to c5, taking d4; c5 to a7, taking b6; d4, b6 leave the board "
                                           "together. g3 to e1, taking f2; crowned on e1; f2 leaves the board.")
