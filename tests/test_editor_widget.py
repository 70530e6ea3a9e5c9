"""The board editor widget, driven from Python: clicks give the FEN, refusals are shown with the
rule, and the position opens in the play board, the capture stepper and a worksheet."""

from pathlib import Path

from conftest import ROOT, picture_of, visible

from damlib import GERMAN, TURKISH
from damlib.printed.pages import page_count
from damlib.widgets import BoardEditor, CaptureStepper, PlayBoard


def clicks(editor, tool, *squares):
    editor.tools.value = tool
    for square in squares:
        editor.board.click(square)  # what a click on the board widget comes to


def test_clicks_show_the_pieces_the_fen_and_the_legal_moves():
    editor = BoardEditor("german")
    clicks(editor, "white man", "e3")
    clicks(editor, "black man", "d4", "f4", "b6")
    assert editor.fen == "W:We3:Bd4,f4,b6" and editor.fen_box.value == editor.fen
    assert editor.board.pieces == {"e3": "w", "d4": "b", "f4": "b", "b6": "b"}
    # DE-MAJORITY: the capture that takes two (e3:c5:a7) is the only legal move
    assert "1 legal move: e3:c5:a7" in editor.status.value
    clicks(editor, "white king", "h8")
    assert editor.board.pieces["h8"] == "W" and "Kh8" in editor.fen


def test_a_refused_click_is_explained_with_the_rule_and_changes_nothing():
    editor = BoardEditor("german")
    clicks(editor, "white man", "c3")
    clicks(editor, "black man", "a1")  # a Black man on its own last rank would be a king
    assert "DE-PROMOTE" in editor.message.value and "<b>" in editor.message.value
    assert editor.fen == "W:Wc3:B" and editor.board.pieces == {"c3": "w"}
    clicks(editor, "white man", "d3")  # not a square of play (DE-BOARD)
    assert "DE-BOARD" in editor.message.value and editor.fen == "W:Wc3:B"


def test_the_side_to_move_the_game_start_clear_and_a_typed_fen():
    editor = BoardEditor("turkish")
    clicks(editor, "white man", "d3", "e3")
    editor.turn.value = "black"
    assert editor.fen == "B:Wd3,e3:B"
    editor.game.value = GERMAN  # d3 is not a German square of play: listed and marked, not removed
    assert editor.fen == "B:Wd3,e3:B" and "DE-BOARD" in editor.status.value
    assert editor.board.pieces == {"d3": "w", "e3": "w"} and editor.board.marks == {"d3": "excluded"}
    editor.buttons["start"].click()
    assert editor.position.fen.startswith("W:Wa1,c1,") and editor.turn.value == "white"
    editor.buttons["clear"].click()
    assert editor.fen == "W:W:B"
    editor.fen_box.value = "B:Wc3:BKd4"
    assert editor.fen == "B:Wc3:BKd4" and editor.turn.value == "black"
    editor.fen_box.value = "W:Wh8:B"  # a man on its last rank: refused, and the box shows the board again
    assert "Not loaded" in editor.message.value and editor.fen_box.value == "B:Wc3:BKd4"


def test_flip_turns_the_board_round():
    editor = BoardEditor("german", fen="W:Wc3:Bd4")
    assert editor.board.flipped is False
    editor.buttons["flip"].click()
    assert editor.board.flipped is True and editor.board.pieces == {"c3": "w", "d4": "b"}  # turned, not changed
    editor.buttons["flip"].click()
    assert editor.board.flipped is False


def test_the_position_opens_in_the_play_board_and_the_capture_stepper():
    editor = BoardEditor("turkish", fen="W:Wd4:Bd5,h7")
    editor.buttons["play"].click()
    (board,) = editor.opened.children
    assert isinstance(board, PlayBoard) and board.game.position.fen == "W:Wd4:Bd5,h7"
    assert board.game.rules is TURKISH
    editor.buttons["captures"].click()
    (stepper,) = editor.opened.children
    assert isinstance(stepper, CaptureStepper) and stepper.position.fen == "W:Wd4:Bd5,h7"
    editor.buttons["clear"].click()
    clicks(editor, "white man", "a3")
    editor.buttons["captures"].click()
    assert "no capture" in editor.message.value and editor.opened.children == ()


def test_an_exercise_from_the_editor_and_a_worksheet_of_them(tmp_path):
    editor = BoardEditor("german", fen="W:We3:Bd4,f4,b6", folder=tmp_path)
    editor.buttons["save"].click()
    assert "Nothing to save" in editor.message.value
    editor.kind.value = "most"
    editor.buttons["exercise"].click()
    assert "Answer: 2 (DE-MAJORITY)" in visible(editor.exercise.value)  # e3:c5:a7 takes d4 and b6
    editor.buttons["add"].click()
    editor.fen_box.value = "W:Wc3:Bf6"  # no capture here: 0, and it says so
    editor.buttons["add"].click()
    assert len(editor.exercises) == 2 and "2 questions" in editor.message.value
    editor.buttons["save"].click()
    assert page_count((tmp_path / "worksheet.pdf").read_bytes()) == 1
    assert page_count((tmp_path / "worksheet-answer-key.pdf").read_bytes()) == 1
    editor.buttons["clear"].click()
    editor.buttons["add"].click()  # an empty board has no move: not an exercise
    assert "Not an exercise" in editor.exercise.value and len(editor.exercises) == 2


def test_the_teacher_orders_titles_and_removes_questions_and_names_the_files(tmp_path):
    editor = BoardEditor("german", fen="W:We3:Bd4,f4,b6", folder=tmp_path)
    editor.kind.value = "most"
    editor.buttons["add"].click()
    editor.fen_box.value = "W:Wc3:Bf6"
    editor.kind.value = "play"
    editor.buttons["add"].click()
    assert [task.kind for task in editor.exercises] == ["most", "play"] and editor.questions.index == 1
    editor.buttons["up"].click()  # the chosen one, the last added, goes first
    assert [task.kind for task in editor.exercises] == ["play", "most"] and editor.questions.index == 0
    editor.question_title.value = "Warm-up"
    editor.buttons["retitle"].click()
    assert editor.questions.options[0].startswith("1. Warm-up: White to move in German draughts")
    editor.questions.index = 1
    editor.buttons["remove"].click()
    assert [task.kind for task in editor.exercises] == ["play"]
    editor.sheet_title.value, editor.file_name.value = "Class 6b, week 2", "week 2"
    editor.buttons["save"].click()
    editor.buttons["save"].click()  # a second save keeps the first files
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "week-2-2-answer-key.pdf", "week-2-2.pdf", "week-2-answer-key.pdf", "week-2.pdf"]
    editor.questions.index = None
    editor.buttons["remove"].click()
    assert "Choose a question" in editor.message.value and len(editor.exercises) == 1


def test_an_answer_too_long_for_the_key_is_not_added():
    editor = BoardEditor("turkish", fen="W:WKd4,Kb2,Kg2,a3,h3:Bh7")
    editor.kind.value = "moves"
    editor.buttons["add"].click()
    assert "Not added" in editor.message.value and "too long to print" in editor.message.value
    assert editor.exercises == []


def test_a_new_position_closes_what_was_opened_for_the_old_one():
    editor = BoardEditor("german", fen="W:We3:Bd4,f4,b6")
    editor.buttons["exercise"].click()
    editor.buttons["captures"].click()
    assert editor.exercise.value and len(editor.opened.children) == 1
    editor.click("h2")  # a White man more: another position
    assert editor.exercise.value == "" and editor.opened.children == ()


def test_a_custom_game_makes_exercises_with_its_own_rules():
    import dataclasses

    no_majority = dataclasses.replace(GERMAN, name="Free capture", majority=False)
    editor = BoardEditor(no_majority, fen="W:We3:Bd4,f4,b6")
    editor.kind.value = "play"
    editor.buttons["add"].click()
    (task,) = editor.exercises
    assert task.rules is no_majority and task.answer == "e3:c5:a7 or e3:g5"  # both captures, no majority rule


def test_the_editor_carries_a_picture_and_a_copy_button_with_the_fen():
    editor = BoardEditor("russian", fen="W:Wc3:Bd4")
    bundle = editor._repr_mimebundle_()
    picture, alt = picture_of(bundle)
    # what the editor's board shows, piece by piece (W:Wc3:Bd4)
    assert picture[:4] == b"\x89PNG" and "White: a man on c3. Black: a man on d4. White to move." in alt
    assert "navigator.clipboard.writeText(&quot;W:Wc3:Bd4&quot;)" in editor.copy.value


def test_a_worksheet_is_saved_where_the_teacher_chooses_and_not_among_the_lessons(tmp_path, monkeypatch):
    from damlib.widgets.editor import SAVE_FOLDER

    lessons = (ROOT / "notebooks").resolve()
    assert not SAVE_FOLDER.resolve().is_relative_to(lessons)
    monkeypatch.chdir(lessons)  # as the teacher's lesson runs: the default is still not here
    editor = BoardEditor("german", fen="W:We3:Bd4,f4,b6")
    assert not Path(editor.save_folder.value).resolve().is_relative_to(lessons)
    chosen = tmp_path / "class 6b" / "week 2"  # a folder not made yet
    editor.save_folder.value = str(chosen)
    editor.buttons["add"].click()
    editor.buttons["save"].click()
    assert sorted(p.name for p in chosen.iterdir()) == ["worksheet-answer-key.pdf", "worksheet.pdf"]
    assert str(chosen) in editor.message.value
