"""The Learn widget driven as a learner would: clicks, typed moves, hints, stars, kept progress,
on a class hub and off it."""

import errno
import html
import os
from pathlib import Path

import pytest
from conftest import visible

import damlib
from damlib import GERMAN
from damlib.learn import CHOICES, LEVELS, STAGES, Level, Progress
from damlib.widgets import Learn


@pytest.fixture(autouse=True)
def off_the_hub(monkeypatch):
    """Learn off a class hub, even where the tests run on one, unless a test logs in."""
    monkeypatch.delenv("JUPYTERHUB_USER", raising=False)


def hinted(learn: Learn) -> set[str]:
    """The squares the board marks as a hint's (or a threat's)."""
    return {square for square, mark in learn.board.marks.items() if mark == "hint"}


def play_by_clicks(learn: Learn, move: str) -> None:
    if move in CHOICES:
        learn.choices[CHOICES.index(move)].click()
        return
    step = learn.attempt.step
    for square in learn.attempt.position.parse_move(move).path:
        learn.board.click(square)
        if learn.attempt.step > step:  # played as soon as the squares clicked name one move
            return
    raise AssertionError(f"clicking {move} did not play it: {learn.feedback.value}")


def test_every_level_is_solved_by_clicking_its_solution():
    learn = Learn(LEVELS)
    for n, level in enumerate(LEVELS):
        assert learn.level is level
        for move in level.solution:
            play_by_clicks(learn, move)
        assert learn.done and "Done" in learn.feedback.value and "★★★" in learn.feedback.value, level.id
        assert learn.next_button.disabled == (n == len(LEVELS) - 1)
        learn.next_button.click()


def test_a_wrong_click_says_why_and_changes_nothing():
    level = STAGES["German"][0]
    learn = Learn([level])
    before = learn.attempt.position
    start = level.start.parse_move(level.solution[0]).start
    learn.board.click(start)
    learn.board.click("h8" if start != "h8" else "a1")
    assert learn.attempt.position == before and not learn.done
    assert "is not allowed" in html.unescape(learn.feedback.value) or "legal, but" in learn.feedback.value


def test_a_typed_move_is_played_on_enter():
    level = STAGES["German"][0]
    learn = Learn([level])
    learn.typed.value = level.solution[0]
    assert learn.done and learn.typed.value == ""


def test_hints_come_in_two_steps_and_cost_a_star():
    level = next(lv for lv in LEVELS if len(lv.solution) == 1 and lv.solution[0] not in CHOICES)
    learn = Learn([level])
    learn.hint_button.click()
    assert "Look at the" in learn.feedback.value
    learn.hint_button.click()
    assert f"Play {level.start.parse_move(level.solution[0])}" in learn.feedback.value
    play_by_clicks(learn, level.solution[0])
    assert learn.attempt.stars == 1 and "★☆☆" in learn.feedback.value


def test_the_hint_gives_the_move_and_why_and_marks_it_on_the_board():
    # the first German majority level: the solution is the capture that takes the most
    level = next(lv for lv in STAGES["German"] if lv.rule == "DE-MAJORITY" and len(lv.solution) == 1)
    move = level.start.parse_move(level.solution[0])
    learn = Learn([level])
    learn.hint_button.click()
    assert hinted(learn) == {move.start}
    learn.hint_button.click()
    shown = visible(learn.feedback.value)
    assert f"Play {move}: it " in shown and "(DE-MAJORITY)" in shown
    assert hinted(learn) == set(move.path) | set(move.captured)
    play_by_clicks(learn, level.solution[0])
    assert hinted(learn) == set()


def test_show_me_a_threat_names_the_other_sides_best_move_and_marks_it():
    # were it Black's move, d4 would jump c3 and land on b2 (DE-MAN-CAPTURE)
    level = Level("threat-test", GERMAN, "DE-MANDATORY", "Capture.", "W:Wc3,h2:Bd4,a7", ("c3:e5",))
    learn = Learn([level])
    learn.threat_button.click()
    assert "Black threatens d4:b2, taking a piece." in html.unescape(learn.feedback.value)
    assert hinted(learn) == {"d4", "b2", "c3"}
    assert learn.attempt.hints_used == 0  # a threat costs no star
    play_by_clicks(learn, "c3:e5")
    assert learn.attempt.stars == 3


def test_progress_is_kept_for_the_learner_across_widgets(tmp_path):
    levels = STAGES["German"][:2]
    learn = Learn(levels, learner="Ada Lovelace", folder=tmp_path)
    for move in levels[0].solution:
        play_by_clicks(learn, move)
    again = Learn(levels, folder=tmp_path)
    again.name.value = "Ada Lovelace"
    assert again.progress.completed == {levels[0].id} and again.progress.stars(levels[0].id) == 3
    assert "1 of 2 levels done, 3 of 6 stars" in again.tally.value


def test_an_unreadable_progress_file_is_set_aside_and_the_widget_goes_on(tmp_path):
    (tmp_path / "ada.json").write_bytes(b"\x00\xffnot json")
    learn = Learn(STAGES["German"][:1], learner="Ada", folder=tmp_path)
    assert "could not be read" in learn.feedback.value and learn.progress.completed == set()
    play_by_clicks(learn, learn.level.solution[0])
    assert learn.done and list(tmp_path.glob("ada.unreadable-*.json"))


def test_stages_are_chosen_from_a_menu():
    learn = Learn(STAGES)
    assert learn.stage.layout.display != "none" and [name for _, name in learn.stage.options] == list(STAGES)
    learn.stage.value = "Turkish"
    assert learn.level is STAGES["Turkish"][0] and learn.index == 0
    assert Learn(STAGES["German"]).stage.layout.display == "none"


def test_a_name_typed_once_is_taken_up_by_every_learn_board(tmp_path):
    first, second = Learn(STAGES["German"][:1], folder=tmp_path), Learn(STAGES["Turkish"][:1], folder=tmp_path)
    first.name.value = "Grace"
    assert second.progress is not None and second.progress.learner == "Grace"
    assert Learn(STAGES["Russian"][:1], folder=tmp_path).progress.learner == "Grace"
    assert Learn(STAGES["Russian"][:1]).progress is None  # another folder: nobody signed in there


def test_a_level_lets_the_learner_give_every_landing_of_a_capture():
    # de-man-capture-3: a5:c7:e5 (two men, forward then back; DE-MAN-CAPTURE). The route is what
    # the level teaches, so after a5 and c7 the board waits for e5, though it is the only way on
    level = next(lv for lv in LEVELS if lv.id == "de-man-capture-3")
    learn = Learn([level])
    learn.click("a5")
    learn.click("c7")
    assert not learn.done and learn.board.path == ["a5", "c7"] and learn.board.targets == ["e5"]
    learn.click("e5")
    assert learn.done and "Done" in learn.feedback.value
    assert [f["end"] for f in learn.board.animation["frames"]][:2] == ["c7", "e5"]


def test_a_drag_or_a_typed_move_to_the_end_square_still_counts():
    level = next(lv for lv in LEVELS if lv.id == "de-man-capture-3")
    dragged = Learn([level])
    dragged.board.drag("a5", "e5")  # a5:e5 names one capture (over b6 and d6)
    assert dragged.done
    typed = Learn([level])
    typed.typed.value = "a5:e5"
    assert typed.done


def test_a_click_on_a_finished_level_keeps_done_and_says_where_to_go_on():
    learn = Learn(STAGES["German"][:2])
    play_by_clicks(learn, learn.level.solution[0])
    done = visible(learn.feedback.value)
    assert "Done" in done
    learn.click("e5")
    said = visible(learn.feedback.value)
    assert said.startswith(done.split("★")[0].strip()) and "★★★" in said  # the level's words and stars stay
    assert "This level is done: press “Next level” to go on, or “Try again” to play it again." in said
    assert "game is over" not in said and "undo" not in said


def test_show_the_move_again_replays_nothing_on_a_level_just_opened():
    # finish de-mandatory-1, open de-mandatory-2: its board has no move to show again
    stage = [lv for lv in LEVELS if lv.id in ("de-mandatory-1", "de-mandatory-2")]
    learn = Learn(stage)
    for move in learn.level.solution:
        play_by_clicks(learn, move)
    assert learn.board.animation["frames"]
    learn.next_level()
    assert learn.level.id == "de-mandatory-2" and learn.board.animation["frames"] == []
    learn.retry()  # and after Try again
    assert learn.board.animation["frames"] == []


def test_a_new_level_is_announced_and_not_the_last_levels_move():
    learn = Learn(STAGES)
    move = learn.level.solution[0]
    play_by_clicks(learn, move)
    assert move in learn.board.announce and "Done" in learn.board.announce
    learn.stage.value = "Russian"
    level = STAGES["Russian"][0]
    # the level's heading first, with its rule's plain title: a German rule, so it says it is German's too
    count = len(STAGES["Russian"])
    assert learn.board.announce == (f"Level 1 of {count} — Russian draughts: Play on the 32 squares of a1's colour: "
                                    f"the same rule as in German ({level.rule}), since Russian differs from German "
                                    f"only in RU-PROMOTE. {level.goal}")


def test_at_a_stages_end_next_leads_to_a_level_without_stars_then_to_the_next_stage():
    stages = {"German": STAGES["German"][:3], "Russian": STAGES["Russian"][:2]}
    learn = Learn(stages)
    learn.go_to(2)  # the last level, levels 1 and 2 not done
    for move in learn.level.solution:
        play_by_clicks(learn, move)
    assert learn.done and not learn.next_button.disabled
    assert learn.next_button.description == "Level 1: no stars yet"
    learn.next_level()
    assert learn.index == 0 and learn.stage.value == "German"
    for level in (0, 1):
        learn.go_to(level)
        for move in learn.level.solution:
            play_by_clicks(learn, move)
    learn.go_to(2)  # every German level has stars: on to the next stage
    assert learn.next_button.description == "Next stage: Russian" and not learn.next_button.disabled
    learn.next_level()
    assert learn.stage.value == "Russian" and learn.level is STAGES["Russian"][0]
    assert "Level 1 of 2" in learn.heading.value


def test_after_a_restart_learn_opens_with_the_last_learner_on_the_level_they_were_on(tmp_path):
    stage = STAGES["German"][:5]
    before = Learn({"German": stage, "Turkish": STAGES["Turkish"][:3]}, folder=tmp_path)
    before.name.value = "Ada"
    play_by_clicks(before, before.level.solution[0])
    before.stage.value = "Turkish"
    before.go_to(2)  # where Ada was when the kernel stopped
    Learn._learners.clear()  # a restart: nothing typed in this kernel
    after = Learn({"German": stage, "Turkish": STAGES["Turkish"][:3]}, folder=tmp_path)
    assert after.name.value == "Ada" and after.progress.learner == "Ada"
    assert after.stage.value == "Turkish" and after.index == 2
    assert after.pick.options[0][0].startswith("1. ☆☆☆")  # Turkish level 1 was not played
def test_a_learner_picks_up_at_the_first_level_without_stars(tmp_path):
    stage = STAGES["German"][:4]
    first = Learn(stage, learner="ada", folder=tmp_path)
    assert first.index == 0
    play_by_clicks(first, first.level.solution[0])
    assert first.done
    again = Learn(stage, learner="ada", folder=tmp_path)  # the lesson opened again: the stars were kept
    assert again.index == 1 and "Level 2 of 4" in again.heading.value
    assert again.pick.options[0][0].startswith("1. ★") and again.pick.options[1][0].startswith("2. ☆☆☆")


def test_any_level_of_the_stage_can_be_picked_and_a_finished_one_leads_on():
    learn = Learn(STAGES["German"][:4])
    learn.pick.value = 2
    assert learn.index == 2 and "Level 3 of 4" in learn.heading.value
    learn.pick.value = 0
    assert learn.next_button.disabled  # not done yet
    play_by_clicks(learn, learn.level.solution[0])
    learn.go_to(1)
    learn.go_to(0)  # back on a level done before: Next level is there without playing it again
    assert not learn.done and not learn.next_button.disabled


def test_the_last_level_done_says_the_stage_is_done():
    learn = Learn(STAGES["German"][:2])
    for _ in range(2):
        for move in learn.level.solution:
            learn.typed.value = move
        assert learn.done
        learn.next_level()
    assert "Stage done: all 2 levels have stars" in learn.feedback.value


def test_on_a_class_hub_the_stars_are_kept_under_the_login_name_only(tmp_path, monkeypatch):
    monkeypatch.setenv("JUPYTERHUB_USER", "ana")
    learn = Learn(STAGES["German"][:2], learner="carl", folder=tmp_path)  # the name given is not taken
    assert learn.name.value == "ana" and learn.name.disabled and learn.progress.learner == "ana"
    said = "On the class hub your stars are kept under your login name, ana, and no other name."
    assert said in visible(learn.feedback.value)
    learn.name.value = "dora"  # as if typed: the box goes back to the login name
    assert learn.name.value == "ana" and learn.progress.learner == "ana"
    learn.sign_in("")
    assert learn.progress.learner == "ana" and said in visible(learn.feedback.value)
    play_by_clicks(learn, learn.level.solution[0])
    assert [p.name for p in tmp_path.iterdir() if not p.name.endswith(".lock")] == ["ana.json"]
    monkeypatch.delenv("JUPYTERHUB_USER")  # off the hub any name is typed, as before
    elsewhere = Learn(STAGES["German"][:2], folder=tmp_path / "home")
    assert not elsewhere.name.disabled
    elsewhere.name.value = "carl"
    assert elsewhere.progress.learner == "carl"


def refuse(*args):
    """os.replace in a class hub's drop box (mode 3773) when another account saved the file first:
    what the tests see as root too, where a folder's mode blocks nothing."""
    raise PermissionError(errno.EPERM, "Operation not permitted")


def test_a_save_that_fails_says_so_and_shows_only_the_stars_kept(tmp_path, monkeypatch):
    monkeypatch.setenv("JUPYTERHUB_USER", "carl")
    learn = Learn(STAGES["German"][:2], folder=tmp_path)
    replace = os.replace
    monkeypatch.setattr("damlib.teach.learn.progress.os.replace", refuse)
    play_by_clicks(learn, learn.level.solution[0])  # nothing escapes the click
    shown = visible(learn.feedback.value)
    assert learn.done and "Your stars were not kept: carl.json could not be saved" in shown
    assert "Operation not permitted" in shown and "★" not in shown and "☆☆☆" in shown
    assert "0 of 6 stars" in learn.tally.value and learn.pick.options[0][0].startswith("1. ☆☆☆")
    assert "not kept" in learn.board.announce
    learn.next_level()
    assert "Your stars were not kept" in visible(learn.feedback.value)  # said until a save succeeds
    monkeypatch.setattr("damlib.teach.learn.progress.os.replace", replace)  # the teacher has set it right
    play_by_clicks(learn, learn.level.solution[0])
    shown = visible(learn.feedback.value)
    assert "not kept" not in shown and "★★★" in shown and "3 of 6 stars" in learn.tally.value
    assert [p.name for p in tmp_path.iterdir() if not p.name.endswith(".lock")] == ["carl.json"]


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="a folder's mode does not stop root")
def test_a_folder_learn_cannot_write_to_is_said_on_the_board(tmp_path):
    tmp_path.chmod(0o500)
    try:
        learn = Learn(STAGES["German"][:1], learner="ada", folder=tmp_path)
        play_by_clicks(learn, learn.level.solution[0])
        shown = visible(learn.feedback.value)
        assert "Your stars were not kept" in shown and "Permission denied" in shown and "★" not in shown
    finally:
        tmp_path.chmod(0o700)


def test_a_folder_that_cannot_be_entered_is_said_when_a_name_is_typed(tmp_path, monkeypatch):
    # a class folder this account may not enter (no x): typing a name raised PermissionError
    exists = Path.exists

    def refused(path, *args, **kwargs):
        if tmp_path in path.parents:
            raise PermissionError(13, "Permission denied", str(path))
        return exists(path, *args, **kwargs)

    monkeypatch.setattr(Path, "exists", refused)
    learn = Learn(STAGES["German"][:1], folder=tmp_path)
    learn.name.value = "ada"  # nothing escapes the name box
    shown = visible(learn.feedback.value)
    assert f"The progress folder {tmp_path} cannot be opened: Permission denied." in shown
    assert learn.progress is None


@pytest.fixture
def english_after():
    yield
    damlib.set_language("en")


def test_a_learner_chooses_the_language_and_finds_it_again_with_their_stars(tmp_path, english_after):
    learn = Learn(STAGES, learner="Ana", folder=tmp_path)
    learn.stage.value = "Turkish"
    learn.language_menu.value = "eo"
    # the board speaks it at once, on the stage it was on, and keeps it with the stars
    assert "eo" in damlib.languages() and learn.hint_button.description == "Sugesto"
    assert learn.next_button.description == "Sekva nivelo" and learn.stage.value == "Turkish"
    assert learn.level.goal in visible(learn.goal.value) and learn.level is STAGES["Turkish"][learn.index]
    assert Progress("Ana", tmp_path).language == "eo"
    damlib.set_language("en")
    again = Learn(STAGES, learner="Ana", folder=tmp_path)
    assert again.language_menu.value == "eo" and again.hint_button.description == "Sugesto"
    again.language_menu.value = "en"
    assert again.hint_button.description == "Hint" and Progress("Ana", tmp_path).language == "en"


def test_a_language_chosen_without_a_name_is_spoken_but_kept_nowhere(tmp_path, english_after):
    learn = Learn(LEVELS[:2], folder=tmp_path)
    learn.choose_language("tlh")  # never raises: says why
    assert "tlh" in visible(learn.feedback.value) and learn.hint_button.description == "Hint"
    learn.language_menu.value = "eo"
    assert learn.hint_button.description == "Sugesto" and list(tmp_path.iterdir()) == []


def test_the_boxes_are_named_by_their_labels_and_each_level_has_a_heading():
    # a placeholder is no accessible name (WCAG 4.1.2): each box has a label of its own
    learn = Learn(STAGES["German"][:2])
    assert learn.typed.description == "Your move" and learn.name.description == "Name"
    assert learn.heading.value.startswith('<h3 class="damlib-level-title"')
    assert "Level 1 of 2" in visible(learn.heading.value)


def test_arrowing_down_the_level_menu_loads_only_the_level_it_rests_on():
    # in the browser each arrow press on the menu chooses the level it passes (issue 38: 18 presses
    # took 11 s); where the kernel's event loop runs, a level is loaded once the menu rests
    import asyncio

    learn = Learn(STAGES["German"][:6])
    started = []
    learn._start = lambda start=learn._start: (started.append(learn.index), start())[1]

    async def arrowing():
        for index in (1, 2, 3, 4):
            learn.pick.value = index
            await asyncio.sleep(0.05)
        assert learn.index == 0 and started == []
        await asyncio.sleep(learn.PICK_SECONDS + 0.3)

    asyncio.run(arrowing())
    assert learn.index == 4 and started == [4] and "Level 5 of 6" in learn.heading.value


def downloaded(learn: Learn) -> tuple[str, bytes]:
    """The file the browser saves from the board's "Save my progress file" link: its name and bytes."""
    import base64
    import re

    link = re.fullmatch(r'.*<a download="([^"]+)" href="data:application/json;base64,([^"]+)".*', learn.save_link.value,
                        re.DOTALL)
    assert link is not None, learn.save_link.value
    return html.unescape(link.group(1)), base64.b64decode(link.group(2))


def uploaded(learn: Learn, name: str, content: bytes) -> None:
    """A file chosen in the board's "Load a progress file" box, as the browser sends it."""
    import datetime

    learn.upload.value = ({"name": name, "type": "application/json", "size": len(content),
                           "content": memoryview(content), "last_modified": datetime.datetime.now()},)


def test_a_progress_file_downloaded_on_one_computer_and_loaded_on_another_brings_the_stars(tmp_path):
    levels = STAGES["German"][:2]
    school = Learn(levels, learner="Ada Lovelace", folder=tmp_path / "school")
    assert "Save my progress file" in school.save_link.value
    for move in levels[0].solution:
        play_by_clicks(school, move)
    name, content = downloaded(school)
    assert name == school.progress.path.name
    home = Learn(levels, folder=tmp_path / "home")  # a fresh computer: no name typed yet
    assert home.save_link.value == ""  # no name, no file
    uploaded(home, name, content)
    assert home.name.value == "Ada Lovelace" and home.progress.stars(levels[0].id) == 3
    assert f"{name} loaded: 1 level has more stars now." in html.unescape(home.feedback.value)
    assert "1 of 2 levels done, 3 of 6 stars" in home.tally.value
    assert home.upload.value == ()  # emptied for the next file
    assert Progress("Ada Lovelace", tmp_path / "home").stars(levels[0].id) == 3


def test_a_bad_progress_file_is_said_and_changes_nothing(tmp_path):
    learn = Learn(STAGES["German"][:2], learner="Ada", folder=tmp_path)
    uploaded(learn, "photo.json", b"\x89PNG\r\n")
    assert "photo.json was not loaded: not text." in html.unescape(learn.feedback.value)
    assert learn.progress.learner == "Ada" and learn.progress.completed == set()


def test_on_the_class_hub_only_the_login_names_file_is_loaded(tmp_path, monkeypatch):
    monkeypatch.setenv("JUPYTERHUB_USER", "ana")
    learn = Learn(STAGES["German"][:2], folder=tmp_path)
    other = b'{"format": "damlib progress 1", "learner": "bo", "stars": {"de-board-1": 3}}'
    uploaded(learn, "bo.json", other)
    assert "bo.json keeps the progress of bo, not of ana." in html.unescape(learn.feedback.value)
    assert learn.name.value == "ana" and learn.progress.completed == set()
