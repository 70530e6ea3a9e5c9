"""Widgets driven from Python, as a learner's clicks would drive them."""

import html
import io

import numpy as np
import pytest
from conftest import picture_of, visible
from matplotlib.colors import to_rgb
from PIL import Image

from damlib import GERMAN, RUSSIAN, TURKISH, Move, Piece, Position
from damlib.diagram import PALETTE, square_center
from damlib.engine.errors import DamlibError
from damlib.engine.notation import numbered_moves
from damlib.exercises import EXERCISES
from damlib.play.referee import shorter_captures
from damlib.widgets import CaptureStepper, Exercises, GameReplay, PlayBoard, PromotionExplorer, SaveWorksheet


def looks(board: PlayBoard, square: str) -> str | None:
    """What the board shows on a square: "w"/"b" for a man, "W"/"B" for a king, None if empty."""
    return board.board.pieces.get(square)


def click(board: PlayBoard, *squares: str) -> None:
    """Click squares on the board widget: what a click or a tap in the browser comes to."""
    for square in squares:
        board.board.click(square)


# -- capture stepper --------------------------------------------------------------


def test_stepper_steps_through_a_german_capture_with_blocking_pieces():
    stepper = CaptureStepper("W:WKa1:Bc3,f4,f2,b4", variant=GERMAN)
    assert stepper.choice.value.path == ("a1", "e5", "g3", "e1")
    assert stepper.steps.slider.max == 3
    board = stepper.board
    assert board.pieces == {"a1": "W", "c3": "b", "f4": "b", "f2": "b", "b4": "b"} and board.crosses == []
    stepper.steps.buttons["next"].click()
    # the king has jumped c3 and landed on e5; c3 is marked taken but stays on the board (DE-STRIKE)
    assert board.pieces == {"e5": "W", "c3": "b", "f4": "b", "f2": "b", "b4": "b"} and board.crosses == ["c3"]
    # the route so far over the whole route, faint: a turn back lies beside, each landing keeps its number
    assert board.arrows == [{"route": ["a1", "e5", "g3", "e1"], "faint": True},
                            {"route": ["a1", "e5"], "faint": False}]
    assert [(f["start"], f["end"]) for f in board.animation["frames"]] == [("a1", "e5")]  # one step: one jump
    assert "jumps c3 and lands on e5" in stepper.caption.value
    assert "stays on the board" in stepper.caption.value and "DE-STRIKE" in stepper.caption.value
    stepper.steps.buttons["last"].click()
    assert stepper.steps.slider.value == 3 and "capture ends" in stepper.caption.value
    assert board.pieces == {"e1": "W", "b4": "b"} and board.crosses == ["c3", "f4", "f2"]  # all go at the end
    # and f2, the last jumped, is crossed beside c3 and f4 before the three go together (DE-STRIKE)
    assert [(f["start"], f["end"]) for f in board.animation["frames"]] == [("e5", "g3"), ("g3", "e1"), ("e1", "e1")]
    assert [list(f["taken"]) for f in board.animation["frames"]] == [["c3", "f4"], ["c3", "f4", "f2"], []]
    stepper.steps.buttons["next"].click()  # past the end: stays
    assert stepper.steps.slider.value == 3
    shown = board.animation["id"]
    stepper.steps.buttons["first"].click()
    assert stepper.stage.number == 0 and board.pieces == {"a1": "W", "c3": "b", "f4": "b", "f2": "b", "b4": "b"}
    assert board.crosses == [] and board.animation["id"] == shown  # going back is not animated


def test_stepper_turkish_pieces_go_at_once():
    stepper = CaptureStepper("W:WKd4:Bd6,d2", variant=TURKISH, move="d4:d7:d1")
    stepper.steps.slider.value = 1
    assert "removed at once" in stepper.caption.value and "TR-REMOVE" in stepper.caption.value
    assert "d6" not in stepper.stage.position.pieces


def test_stepper_shows_forbidden_shorter_captures_on_request():
    stepper = CaptureStepper("W:We3:Bd4,f4,b6", variant=GERMAN)
    assert len(stepper.choice.options) == 1
    stepper.forbidden.value = True
    labels = [label for label, _ in stepper.choice.options]
    assert any("e3:g5" in label and "not allowed" in label for label in labels)
    assert "not listed" not in stepper.caption.value and "no room" not in stepper.caption.value  # all listed
    stepper.choice.value = Move(("e3", "g5"), ("f4",))
    assert "Not allowed" in stepper.caption.value and "DE-MAJORITY" in stepper.caption.value
    stepper.forbidden.value = False
    assert stepper.choice.value == Move(("e3", "c5", "a7"), ("d4", "b6"))


def test_a_forbidden_capture_shown_on_request_steps_like_any_other():
    # e3:g5 takes only f4 where e3:c5:a7 takes two (DE-MAJORITY): shown, so it can be stepped through
    stepper = CaptureStepper("W:We3:Bd4,f4,b6", variant=GERMAN, move="e3xg5", show_forbidden=True)
    stepper.steps.slider.value = 1
    assert stepper.board.pieces == {"g5": "w", "d4": "b", "b6": "b"} and stepper.board.crosses == ["f4"]
    assert "jumps f4 and lands on g5" in stepper.caption.value


def test_stepper_move_that_is_not_listed_is_explained_not_raised():
    stepper = CaptureStepper("W:We3:Bd4,f4,b6", variant=GERMAN, move="c3-d4")
    assert "Cannot show" in stepper.caption.value and stepper.choice.value.path == ("e3", "c5", "a7")
    forbidden = CaptureStepper("W:We3:Bd4,f4,b6", variant=GERMAN, move="e3xg5", show_forbidden=True)
    assert forbidden.choice.value.path == ("e3", "g5") and "DE-MAJORITY" in forbidden.caption.value


def test_stepper_without_a_capture_says_so():
    stepper = CaptureStepper(Position.start(GERMAN))
    assert stepper.stage is None and "no capture" in stepper.caption.value
    assert stepper.steps.buttons["next"].disabled


# -- promotion explorer -----------------------------------------------------------


def test_explorer_shows_the_three_promotion_rules_side_by_side():
    explorer = PromotionExplorer("W:Wb6:Bc7,e7")
    explorer.steps.buttons["next"].click()
    captions = {name: column.caption.value for name, column in explorer.columns.items()}
    assert "DE-PROMOTE-PASS" in captions["German"] and "stays a man" in captions["German"]
    assert "RU-PROMOTE" in captions["Russian"] and "crowned at once" in captions["Russian"]
    assert "TR-PROMOTE" in captions["Turkish"]
    explorer.steps.buttons["last"].click()
    ends = {name: column.stages[-1].position.piece_at(column.move.end) for name, column in explorer.columns.items()}
    assert ends == {"German": Piece.WHITE_MAN, "Russian": Piece.WHITE_KING, "Turkish": Piece.WHITE_KING}


def test_explorer_columns_show_each_game_on_a_board_and_animate_a_step():
    explorer = PromotionExplorer("W:Wb6:Bc7,e7")
    boards = {name: column.board for name, column in explorer.columns.items()}
    assert not any(board.interactive for board in boards.values())  # to look at, not to play on
    explorer.steps.buttons["next"].click()
    # after the first jump b6:d8: German and Russian keep c7 on the board until the capture ends
    # (DE-STRIKE); German's man passes d8 as a man (DE-PROMOTE-PASS), Russian's is a king at once
    # (RU-PROMOTE); Turkish removes c7 at once (TR-REMOVE) and crowns on d8 (TR-PROMOTE)
    assert boards["German"].pieces == {"d8": "w", "c7": "b", "e7": "b"}
    assert boards["Russian"].pieces == {"d8": "W", "c7": "b", "e7": "b"}
    assert boards["Turkish"].pieces == {"d8": "W", "e7": "b"}
    for name, board in boards.items():
        assert board.crosses == ["c7"], name
        assert [(f["start"], f["end"]) for f in board.animation["frames"]] == [("b6", "d8")], name


def test_explorer_examples_and_bad_fen():
    explorer = PromotionExplorer()
    explorer.examples.value = "W:Wd6:Bd7,d4"
    assert explorer.fen.value == "W:Wd6:Bd7,d4"
    # d7 is not a square of the German board: the German column says why, the rest still work
    assert "DE-BOARD" in explorer.columns["German"].caption.value
    assert explorer.columns["Turkish"].move == Position.from_fen("W:Wd6:Bd7,d4", TURKISH).parse_move("d6:d8:d3")
    explorer.fen.value = "nonsense"
    assert "Cannot show this FEN" in explorer.message.value
    explorer.fen.value = "W:Wb6:Bc7,f6"
    assert explorer.message.value == "" and explorer.columns["German"].move.promotes


# -- play board -------------------------------------------------------------------


def test_play_board_select_highlight_and_move():
    board = PlayBoard(GERMAN)
    click(board, "c3")
    assert board.path == ["c3"] and board.targets() == {"b4", "d4"}
    # the board shows the piece chosen and where it may go (DE-MAN-MOVE), and nothing else
    assert board.board.path == ["c3"] and board.board.targets == ["b4", "d4"] and board.board.marks == {}
    click(board, "d4")
    assert [str(m) for m in board.game.moves] == ["c3-d4"]
    assert looks(board, "d4") == "w" and looks(board, "f6") == "b" and looks(board, "c3") is None
    assert board.board.path == [] and board.board.targets == []
    assert board.board.marks == {"c3": "last", "d4": "last"}
    assert "1. c3-d4" in board.move_list.value and "Black to move" in board.status.value


def shown_widgets(widget) -> list:
    """Every widget a person sees inside ``widget``: its children, theirs, and so on, but for those
    laid out not to show (display none) and what they hold."""
    found = []
    for child in getattr(widget, "children", ()):
        if child.layout.display != "none":
            found += [child, *shown_widgets(child)]
    return found


def test_the_computer_level_menu_shows_only_when_the_computer_plays():
    board = PlayBoard("german")
    assert board.level.layout.display == "none"
    board.computer.value = "black"
    assert board.level.layout.display == "flex"
    board.computer.value = ""
    assert board.level.layout.display == "none"


def test_a_lesson_board_leaves_out_the_game_computer_and_referee_menus():
    board = PlayBoard("german", referee=True, fen="W:Wd4:Bc3,e5,h8", menus=False)
    shown = shown_widgets(board)
    assert not {id(board.variant), id(board.computer), id(board.level), id(board.referee)} & set(map(id, shown))
    assert board.board in shown and board.status in shown
    board.click("d4")
    board.click("b2")  # the capture backward over c3 (DE-MAN-CAPTURE), refereed as the argument says
    assert [str(m) for m in board.game.moves] == ["d4:b2"] and board.game.referee
    full = PlayBoard("german", computer="black")  # the level menu shows while the computer plays
    assert {id(full.variant), id(full.computer), id(full.level), id(full.referee)} <= set(map(id, shown_widgets(full)))


def test_play_board_undo_new_game_and_flip():
    board = PlayBoard(TURKISH)
    assert board.board.flipped is False
    click(board, "a3", "a4")
    board.undo()
    assert board.game.moves == () and looks(board, "a3") == "w" and looks(board, "a4") is None
    unflipped = pixels(png_in_bundle(board))
    board.flip()
    assert board.board.flipped is True
    # the picture kept in the notebook turns too: a2's place (a White man, TR-START) now holds h7's Black man
    title = "Turkish: White to move"
    x, y = (int(v) for v in square_center("a2", size=board.size, title=title))
    assert square_center("h7", size=board.size, flip=True, title=title) == square_center("a2", size=board.size,
                                                                                          title=title)
    white, black = (np.array(to_rgb(PALETTE[side])) * 255 for side in ("white", "black"))
    assert np.abs(unflipped[y, x] - white).max() < 40
    assert np.abs(pixels(png_in_bundle(board))[y, x] - black).max() < 40
    board.flip()
    assert board.board.flipped is False
    board.variant.value = RUSSIAN
    assert board.game.rules is RUSSIAN and board.game.moves == ()
    board.undo()  # nothing to undo: a message, no exception
    assert "no move to undo" in board.status.value


def test_play_board_referee_german_choice():
    board = PlayBoard(GERMAN, referee=True, fen="W:We3,h2:Bd4,f4,b6,h8")
    click(board, "h2", "g3")  # a step while a capture is compulsory
    assert board.game.pending is not None and "DE-PENALTY" in board.status.value
    assert board.take_back_button.layout.display == "flex"
    click(board, "h8")
    assert "First choose" in board.status.value
    board.take_back_button.click()
    assert board.game.moves == () and board.take_back_button.layout.display == "none"
    click(board, "e3", "g5")  # after a take-back White must capture correctly
    assert board.game.moves == () and "DE-MAJORITY" in board.status.value
    fresh = PlayBoard(GERMAN, referee=True, fen="W:We3,h2:Bd4,f4,b6,h8")
    click(fresh, "e3", "g5")
    fresh.let_stand_button.click()
    assert fresh.game.pending is None and fresh.game.position.turn == "black"


def test_play_board_referee_multi_jump_mistakes_and_ending_early():
    # f2:d4:b2 takes two where f2:h4:f6:h8 takes three
    board = PlayBoard(GERMAN, referee=True, fen="W:Wf2:Bg5,e3,c3,g3,g7")
    click(board, "f2", "d4")
    assert board.game.moves == () and board.end_button.layout.display == "flex"
    click(board, "b2")  # nothing goes further: the mistake is played
    assert board.game.pending.move.path == ("f2", "d4", "b2")
    board.take_back_button.click()
    click(board, "f2", "h4", "f6", "h8")
    assert [str(m) for m in board.game.moves] == ["f2:h4:f6:h8"]
    board = PlayBoard(GERMAN, referee=True, fen="W:Wc3:Bd4,f6,h8")
    click(board, "c3", "e5")
    assert board.game.moves == ()  # it could go on: the board waits
    board.end_button.click()
    assert board.game.pending.move.path == ("c3", "e5") and "DE-PENALTY" in board.status.value


def test_play_board_referee_toggle_keeps_the_game():
    board = PlayBoard(GERMAN)
    click(board, "c3", "d4")
    board.referee.value = True
    assert board.game.referee and len(board.game.moves) == 1


def test_play_board_explains_a_blocked_piece_even_with_one_selected():
    board = PlayBoard(GERMAN)
    click(board, "c3", "b2")
    assert board.path == [] and "is blocked (DE-MAN-MOVE)" in visible(board.status.value)
    assert 'nowrap">DE-MAN-MOVE</span>' in board.status.value  # kept on one line


def test_play_board_computer_level_is_chosen_from_a_menu():
    board = PlayBoard(GERMAN, computer="black", seconds=0.05)
    assert board.level.value == "club" and board.table.level.name == "club"  # the default
    assert [value for _, value in board.level.options] == ["beginner", "club", "strong"]
    assert any("beginner" in label and "slips" in label for label, _ in board.level.options)
    board.level.value = "beginner"
    assert board.table.level.name == "beginner"
    click(board, "c3", "d4")  # the beginner answers, with a legal move
    assert len(board.game.moves) == 2 and board.game.position.turn == "white"
    board.table.set_level("grandmaster")  # refused, said, and the level kept
    assert board.table.level.name == "beginner" and "grandmaster" in board.table.message
    assert PlayBoard(TURKISH, computer="white", level="strong", seconds=0.05).table.level.name == "strong"


def test_move_list_numbers_pairs_and_black_first():
    board = PlayBoard(GERMAN, fen="B:Wc3:Bf6,h8")
    click(board, "f6", "e5")
    click(board, "c3", "d4")
    assert numbered_moves(board.game.moves, white_first=False) == "1. … f6-e5 2. c3-d4"
    assert "1. … f6-e5 2. c3-d4" in board.move_list.value


# -- game replay ------------------------------------------------------------------


def test_replay_steps_through_a_game():
    replay = GameReplay("1. c3-d4 f6-e5 2. d4:f6 g7:e5", GERMAN)
    assert replay.steps.slider.max == 4
    replay.steps.buttons["last"].click()
    assert "2. … g7:e5" in replay.caption.value and "captures f6" in replay.caption.value
    replay.steps.buttons["first"].click()
    assert "The start" in replay.caption.value


def test_replay_stops_at_a_bad_move_and_says_why():
    replay = GameReplay(["c3-d4", "f6-e5", "a3-b4"], GERMAN)
    assert replay.steps.slider.max == 2
    replay.steps.buttons["last"].click()
    assert "replay stops here" in replay.caption.value and "DE-MANDATORY" in replay.caption.value
    assert "2. a3-b4" in replay.caption.value  # numbered as the game text numbers it


def test_replay_reads_move_numbers_without_spaces():
    assert GameReplay("1.c3-d4 f6-e5 2.d4xf6 1-0", GERMAN).steps.slider.max == 3


# -- pictures in the display data -------------------------------------------------


def png_in_bundle(widget) -> bytes:
    bundle = widget._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle  # the live view is still there
    return picture_of(bundle)[0]


def pixels(png: bytes) -> np.ndarray:
    return np.asarray(Image.open(io.BytesIO(png)).convert("RGB")).astype(int)


def test_every_widget_carries_a_picture_of_its_board():
    for widget in (CaptureStepper("W:We3:Bd4,f4,b6"), PromotionExplorer(), PlayBoard(TURKISH),
                   GameReplay("c3-d4 f6-e5", GERMAN), Exercises()):
        assert png_in_bundle(widget)[:8] == b"\x89PNG\r\n\x1a\n", widget


def test_the_stepper_picture_shows_the_whole_route_with_both_captures_marked():
    stepper = CaptureStepper("W:We3:Bd4,f4,b6", variant=GERMAN)
    picture = pixels(png_in_bundle(stepper))
    title = f"German: {stepper.choice.value}"
    for square in ("d4", "b6"):  # e3:c5:a7 takes d4 and b6 (DE-MAJORITY)
        x, y = square_center(square, size=stepper.size, title=title)
        assert np.abs(picture[int(y), int(x)] - np.array(to_rgb(PALETTE["captured"])) * 255).max() < 40, square
    # while the board's first frame shows no jump yet: no piece marked taken, the route faint
    assert stepper.board.crosses == [] and all(arrow["faint"] for arrow in stepper.board.arrows)


def test_the_explorer_picture_has_a_board_for_each_game_that_reads_the_position():
    one = Image.open(io.BytesIO(png_in_bundle(PromotionExplorer("W:Wb6:Bc7,e7"))))
    turkish_only = Image.open(io.BytesIO(png_in_bundle(PromotionExplorer("W:Wd6:Bd7,d4"))))
    assert one.width > 2.5 * turkish_only.width  # three boards side by side, or only Turkish's


def test_the_play_board_picture_follows_the_game():
    board = PlayBoard(GERMAN)
    before = png_in_bundle(board)
    click(board, "c3", "d4")
    assert png_in_bundle(board) != before


# -- defects found by trying the widgets as a new user would -------------------------


def test_play_board_refused_end_here_after_a_take_back_says_why():
    board = PlayBoard(GERMAN, referee=True, fen="W:Wc3:Bd4,f6,h8")
    click(board, "c3", "e5")
    board.end_button.click()
    board.take_back_button.click()
    click(board, "c3", "e5")
    board.end_here()
    assert "is not allowed" in board.status.value and board.game.moves == ()


def test_play_board_refreshes_once_per_click():
    board = PlayBoard(GERMAN)
    calls = []
    original = board.refresh
    board.refresh = lambda: (calls.append(1), original())[1]
    click(board, "c3")
    assert len(calls) == 1


def test_play_board_restarts_its_own_position_or_the_standard_start():
    board = PlayBoard(GERMAN, fen="W:We3:Bd4,f4,b6")
    assert board.restart_button.layout.display != "none"
    click(board, "e3", "a7")
    board.restart_button.click()
    assert board.game.position == Position.from_fen("W:We3:Bd4,f4,b6", GERMAN)
    board.new_game()
    assert board.game.position == Position.start(GERMAN)
    assert PlayBoard(GERMAN).restart_button.layout.display == "none"


def test_play_board_result_line_shows_once():
    board = PlayBoard(GERMAN, fen="W:Wc3:Bd4")
    click(board, "c3", "e5", "e5")
    assert board.status.value.count("White wins") == 1


def test_widgets_take_what_damlib_takes_elsewhere():
    assert PlayBoard("brazilian").game.rules.name == "Brazilian"
    assert PlayBoard("turkish (as published)").variant.value.name == "Turkish (as published)"
    assert PlayBoard("german", computer="White", seconds=0.05).game.moves


@pytest.mark.parametrize("make, named", [
    (lambda: PlayBoard("german", computer="red"), "red"),
    (lambda: PlayBoard("german", computer="black", level="grandmaster"), "grandmaster"),
    (lambda: PlayBoard("klingon"), "klingon"),
    (lambda: PlayBoard("german", fen=5), "5"),
    (lambda: Exercises([]), "[]"),
    (lambda: Exercises(5), "5"),
    (lambda: PromotionExplorer(fen=5), "5"),
    (lambda: GameReplay(None), "None"),
    (lambda: GameReplay(123), "123"),
    (lambda: GameReplay([None]), "None"),
    (lambda: GameReplay([b"c3-d4"]), "b'c3-d4'"),
    (lambda: CaptureStepper(None), "None"),
    (lambda: CaptureStepper("W:We3:Bd4", move=5), "5"),
])
def test_bad_widget_input_is_a_damlib_error_naming_it(make, named):
    with pytest.raises(DamlibError) as info:
        make()
    assert named in str(info.value)


def test_play_board_clicks_that_are_not_squares_are_explained():
    board = PlayBoard(GERMAN)
    board.click(5)
    board.click(["c3"])
    assert "['c3'] is not a square name" in html.unescape(board.status.value) and board.game.moves == ()


def test_explorer_turkish_only_position_gets_a_tidy_panel_and_a_bad_fen_one_message():
    explorer = PromotionExplorer("W:Wd6:Bd7,Kb8")
    german = explorer.columns["German"]
    assert german.board.layout.display == "none" and "needs the 64-square board" in german.caption.value
    assert explorer.columns["Turkish"].board.layout.display != "none" and explorer.message.value == ""
    explorer.fen.value = "nonsense"
    assert explorer.message.value.count("Cannot show this FEN") == 1
    assert all(c.caption.value == "" and c.board.layout.display == "none" for c in explorer.columns.values())


def test_step_buttons_lead_only_somewhere():
    stepper = CaptureStepper("W:We3:Bd4,f4,b6", variant=GERMAN)
    buttons = stepper.steps.buttons
    assert buttons["first"].disabled and buttons["back"].disabled and not buttons["next"].disabled
    buttons["last"].click()
    assert buttons["next"].disabled and buttons["last"].disabled and not buttons["back"].disabled


@pytest.mark.slow
def test_save_worksheet_writes_both_pdfs_where_it_is_told(tmp_path):
    saver = SaveWorksheet(folder=tmp_path)
    assert png_in_bundle(saver)[:4] == b"\x89PNG"
    saver.save_button.click()
    for name in SaveWorksheet.NAMES:
        assert (tmp_path / name).read_bytes()[:5] == b"%PDF-"
    broken = SaveWorksheet(folder=tmp_path / "no" / "such" / "folder")
    broken.save_button.click()
    assert "Not saved" in broken.message.value


def test_the_stepper_first_frame_shows_the_whole_route_faint():
    stepper = CaptureStepper("W:We3:Bd4,f4,b6", variant=GERMAN)
    # e3:c5:a7, the only legal move (DE-MAJORITY): before the first jump the whole route is drawn
    # faint, none of it solid, nothing taken yet, and the man still on e3
    assert stepper.board.arrows == [{"route": ["e3", "c5", "a7"], "faint": True}]
    assert stepper.board.crosses == [] and stepper.board.pieces["e3"] == "w"
    assert stepper.board.marks == {"e3": "last"} and stepper.board.animation == {}


def test_boards_follow_the_default_size():
    from damlib import diagram

    try:
        diagram.set_default_size(560)
        board, stepper = PlayBoard(GERMAN), CaptureStepper("W:We3:Bd4,f4,b6")
        assert board.size == 560 and Image.open(io.BytesIO(png_in_bundle(board))).width == 560
        assert stepper.size == 560 and Image.open(io.BytesIO(png_in_bundle(stepper))).width == 560
    finally:
        diagram.set_default_size(diagram.DEFAULT_SIZE)
    assert PlayBoard(GERMAN, size=400).board.size == 400  # a size given fixes the live board's width


def test_a_board_widget_picture_follows_its_size_and_the_default():
    from damlib import diagram
    from damlib.widgets.board import Board

    board = Board(size=300)
    board.show(Position.start(GERMAN))
    assert Image.open(io.BytesIO(board.picture())).width == 300
    try:
        diagram.set_default_size(560)
        unsized = Board()
        unsized.show(Position.start(GERMAN))
        assert Image.open(io.BytesIO(unsized.picture())).width == 560
    finally:
        diagram.set_default_size(diagram.DEFAULT_SIZE)


@pytest.mark.parametrize("game_rules", ["free choice", "queens"])
def test_a_game_defined_only_as_data_plays_through_every_widget(game_rules):
    from test_variants import FREE_CHOICE, QUEENS

    rules = {"free choice": FREE_CHOICE, "queens": QUEENS}[game_rules]
    board = PlayBoard(rules, referee=True, computer="black", seconds=0.05)
    assert board.variant.value is rules
    for _ in range(12):  # White's first legal move each turn, by clicks; the computer answers
        if board.game.result:
            break
        move = board.game.legal_moves[0]
        click(board, *move.path)
        assert "is not" not in board.status.value, board.status.value
    assert board.game.moves and png_in_bundle(board)[:4] == b"\x89PNG"
    capture = next((m for p in board.game.positions for m in p.legal_moves if m.is_capture), None)
    if capture is not None:
        stepper = CaptureStepper(capture.position, show_forbidden=True)
        stepper.steps.buttons["last"].click()
        assert stepper.stage is not None
    replay = GameReplay([str(m) for m in board.game.moves], rules)
    replay.steps.buttons["last"].click()
    assert replay.steps.slider.value == len(board.game.moves)


def test_the_explorer_shows_only_the_games_named():
    explorer = PromotionExplorer("W:Wb6:Bc7,f6", games=["german", "russian"])
    assert list(explorer.columns) == ["German", "Russian"]
    for bad in ("german", [], ["klingon"]):
        with pytest.raises(DamlibError):
            PromotionExplorer(games=bad)


def test_a_stepper_lists_a_bounded_menu_of_captures_and_counts_the_rest():
    from damlib.widgets.captures import MAX_LISTED

    # a Turkish king among 16 men: 64 moves take all 16, and thousands of shorter captures exist
    stepper = CaptureStepper("W:WKd1:Bd2,e2,c3,f3,c4,e4,g4,a5,b5,d5,f5,h5,c6,e6,c7,g7", variant="turkish")
    assert len(stepper.choice.options) == MAX_LISTED and stepper.unlisted == 64 - MAX_LISTED
    assert f"{stepper.unlisted:,} more captures" in stepper.caption.value
    assert all(len(m.captured) == 16 for _, m in stepper.choice.options)
    # the forbidden ones are counted from the capture's levels, not listed one by one
    stepper.forbidden.value = True
    forbidden = len(shorter_captures(stepper.position))
    assert stepper.unlisted == 64 + forbidden - MAX_LISTED
    assert len(stepper.choice.options) == MAX_LISTED
    # the capture shown stays, and its caption counts both kinds left out
    assert f"{64 - MAX_LISTED:,} more captures are not listed" in stepper.caption.value
    caption = visible(stepper.caption.value)
    assert f"{forbidden:,} captures take fewer pieces and are not allowed (TR-MAJORITY)" in caption
    assert "no room for them" in stepper.caption.value


def test_the_promotion_explorers_menu_names_the_example_shown_and_none_for_a_position_of_ones_own():
    shown = PromotionExplorer("W:Wb6:Bc7,f6")  # the second example, not the first the menu lists
    assert shown.examples.value == "W:Wb6:Bc7,f6"
    shown.fen.value = "W:Wb6:Bc7,e7,h8"  # typed: no example's
    assert shown.examples.value is None and shown.fen.value == "W:Wb6:Bc7,e7,h8"
    shown.examples.value = "W:Wd6:Bd7,d4"
    assert shown.fen.value == "W:Wd6:Bd7,d4"


def test_save_worksheet_shows_the_page_it_will_print():
    # the lesson says the first page is shown under the button: live, not only before the lesson runs
    saver = SaveWorksheet(EXERCISES[:2])
    assert saver.page in saver.children and saver.page.value[:4] == b"\x89PNG"
    assert saver.page.value == saver.picture()


def test_the_replay_says_why_a_text_is_not_read_and_keeps_showing_its_game():
    replay = GameReplay("1. c3-d4 f6-e5", GERMAN)
    replay.load("x" * 2_000_001)  # too large to read in a moment: refused, saying so
    assert "Not read" in replay.status.value and "longer than the 2,000,000 characters" in replay.status.value
    assert [str(m) for m in replay.game.moves] == ["c3-d4", "f6-e5"]
    # more moves than it plays through in a moment: refused before any is played (issue 26)
    from damlib.play.pdn import MAX_MOVES

    replay.load('[GameType "26"]\n' + "c3-d4 " * (MAX_MOVES + 1) + "*")
    assert "Not read" in replay.status.value and f"more than {MAX_MOVES:,} moves" in replay.status.value
    assert [str(m) for m in replay.game.moves] == ["c3-d4", "f6-e5"]
    replay.load('[GameType "' + "2" * 5000 + '"]\n1. c3-d4 *\n')  # issue 26: it escaped the handler
    assert "Read 1 game" in replay.status.value and "names no game" in replay.error


def test_the_replay_lists_at_most_its_menus_worth_of_games(monkeypatch):
    from damlib.play import pdn  # where the code lives: the widget reads through its _build
    from damlib.widgets.replay import MAX_GAMES

    built = []
    build = pdn._build
    monkeypatch.setattr(pdn, "_build", lambda *args: built.append(args) or build(*args))
    replay = GameReplay("1. c3-d4 *", GERMAN)
    built.clear()
    replay.load('[GameType "26"]\n1. c3-d4 *\n\n' * (MAX_GAMES * 20))
    assert len(replay.games.options) == MAX_GAMES
    assert f"Read the first {MAX_GAMES} games" in replay.status.value and "holds more" in replay.status.value
    # issue 26: the games past the list are not read at all (10,000 took 15 s), one more to tell there are more
    assert len(built) == MAX_GAMES + 1
    built.clear()
    replay.load('[GameType "26"]\n1. c3-d4 *\n\n' * MAX_GAMES)
    assert len(built) == MAX_GAMES and replay.status.value.count(f"Read {MAX_GAMES} games.") == 1


def test_no_widget_hides_a_method_of_ipywidgets():
    # a method named like one of Widget's (ClassView.open did) replaces it: the widget's comm was
    # never opened, and the browser showed "model not found" while every Python test passed
    import inspect

    import anywidget
    import ipywidgets

    import damlib.widgets
    from damlib.widgets.board import Board

    theirs = set(dir(ipywidgets.Widget)) | set(dir(ipywidgets.VBox)) | set(dir(anywidget.AnyWidget))
    for cls in [getattr(damlib.widgets, name) for name in damlib.widgets.__all__] + [Board]:
        if not inspect.isclass(cls):
            continue
        for ours in (k for k in cls.__mro__ if k.__module__.startswith("damlib")):
            hidden = {name for name in vars(ours) if not name.startswith("_")} & theirs
            assert not hidden, f"{ours.__name__} hides {sorted(hidden)}"
