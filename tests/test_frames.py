"""damlib.play.frames: what a board shows of a move, jump by jump. Every expected frame below is
worked out by hand from docs/rules.md (the teaching positions there), not read off the code."""

import pytest

from damlib import GERMAN, RUSSIAN, TURKISH, Game, Move, Position
from damlib.engine.errors import DamlibError
from damlib.play.frames import Frame, move_frames, pieces_of


def frames_of(fen: str, rules, move: str) -> tuple[Frame, ...]:
    return move_frames(Position.from_fen(fen, rules).parse_move(move))


def test_pieces_are_named_by_colour_and_kings_by_a_capital():
    assert pieces_of(Position.from_fen("W:Wa1,Kc3:Bd4,Kh8", GERMAN)) == {"a1": "w", "c3": "W", "d4": "b", "h8": "B"}
    assert pieces_of(Position.from_fen("W:W:B", GERMAN)) == {}
    start = pieces_of(Position.start(TURKISH))  # TR-START: ranks 2 and 3 White, 6 and 7 Black
    assert {s for s, code in start.items() if code == "w"} == {f + r for f in "abcdefgh" for r in "23"}
    assert {s for s, code in start.items() if code == "b"} == {f + r for f in "abcdefgh" for r in "67"}


def test_a_step_is_one_frame_with_the_position_after_it():
    # DE-MAN-MOVE: c3-d4, nothing taken
    assert frames_of("W:Wc3:Bf6", GERMAN, "c3-d4") == (Frame("c3", "d4", {"d4": "w", "f6": "b"}, ()),)
    # TR-MAN-MOVE sideways; and a step onto the last rank crowns (TR-PROMOTE)
    assert frames_of("W:Wc4:Ba6", TURKISH, "c4-d4") == (Frame("c4", "d4", {"d4": "w", "a6": "b"}, ()),)
    assert frames_of("W:Wc7:Ba6", TURKISH, "c7-c8") == (Frame("c7", "c8", {"c8": "W", "a6": "b"}, ()),)


def test_german_jumped_pieces_stay_until_the_capture_ends():
    # DE-STRIKE: the king a1 jumps c3 to e5, f4 to g3, f2 to e1; c3, f4 and f2 stand (and block)
    # until the last jump, f2 crossed like the others once the king is on e1; then all three go
    # together, in a frame with no move; b4 is never jumped
    frames = frames_of("W:WKa1:Bc3,f4,f2,b4", GERMAN, "a1:e5:g3:e1")
    standing = {"c3": "b", "f4": "b", "f2": "b", "b4": "b"}
    assert frames == (
        Frame("a1", "e5", {"e5": "W", **standing}, ("c3",)),
        Frame("e5", "g3", {"g3": "W", **standing}, ("c3", "f4")),
        Frame("g3", "e1", {"e1": "W", **standing}, ("c3", "f4", "f2")),
        Frame("e1", "e1", {"e1": "W", "b4": "b"}, ()),
    )


def test_a_german_man_passing_the_last_rank_stays_a_man():
    # DE-PROMOTE-PASS: b6 jumps c7 to d8 (the last rank) and must jump on over e7 to f6 as a man;
    # c7 stays on the board until the end (DE-STRIKE), when c7 and e7 go together
    assert frames_of("W:Wb6:Bc7,e7", GERMAN, "b6:d8:f6") == (
        Frame("b6", "d8", {"d8": "w", "c7": "b", "e7": "b"}, ("c7",)),
        Frame("d8", "f6", {"f6": "w", "c7": "b", "e7": "b"}, ("c7", "e7")),
        Frame("f6", "f6", {"f6": "w"}, ()),
    )


def test_a_russian_man_is_crowned_mid_capture_and_captures_on_as_a_king():
    # RU-PROMOTE: the same position; on d8 the man is a king at once and jumps e7 by a long
    # capture to h4; c7 still stands until the end, as in German (DE-STRIKE holds for Russian)
    assert frames_of("W:Wb6:Bc7,e7", RUSSIAN, "b6:d8:h4") == (
        Frame("b6", "d8", {"d8": "W", "c7": "b", "e7": "b"}, ("c7",)),
        Frame("d8", "h4", {"h4": "W", "c7": "b", "e7": "b"}, ("c7", "e7")),
        Frame("h4", "h4", {"h4": "W"}, ()),
    )


def test_turkish_jumped_pieces_go_at_once():
    # TR-REMOVE: the king a1 takes a3, c5, d4 and b3, each gone in the frame after its jump,
    # and lands at last on a3, the square of the first man it took: a3 is no longer crossed
    # there, for the king stands on it
    assert frames_of("W:WKa1:Ba3,c5,d4,b3", TURKISH, "a1:a5:d5:d3:a3") == (
        Frame("a1", "a5", {"a5": "W", "c5": "b", "d4": "b", "b3": "b"}, ("a3",)),
        Frame("a5", "d5", {"d5": "W", "d4": "b", "b3": "b"}, ("a3", "c5")),
        Frame("d5", "d3", {"d3": "W", "b3": "b"}, ("a3", "c5", "d4")),
        Frame("d3", "a3", {"a3": "W"}, ("c5", "d4", "b3")),
    )


@pytest.mark.parametrize("fen, move, taken, first, last", [
    # TR-PROMOTE: the man d6 jumps d7 to d8, is a king there at once, and takes the king b8
    # along rank 8 to a8
    ("W:Wd6:Bd7,Kb8", "d6:d8:a8", ("d7", "b8"), {"d8": "W", "b8": "B"}, {"a8": "W"}),
    # TR-PROMOTE and TR-REMOVE: the new king turns back down the d-file over d7, emptied at once
    ("W:Wd6:Bd7,d4", "d6:d8:d2", ("d7", "d4"), {"d8": "W", "d4": "b"}, {"d2": "W"}),
])
def test_a_turkish_man_reaching_the_last_rank_captures_on_as_a_king(fen, move, taken, first, last):
    start, landing, end = move.split(":")
    assert frames_of(fen, TURKISH, move) == (
        Frame(start, landing, first, taken[:1]),
        Frame(landing, end, last, taken),
    )


def test_a_capture_mistake_let_through_ends_in_the_position_given():
    # DE-MAJORITY: f2:h4:f6:h8 takes three, but in referee mode White plays f2:d4:b2, which takes
    # e3 and c3; Black lets it stand (DE-PENALTY), so White's man ends on b2 and Black keeps
    # g3, g5 and g7. The rules' default (the move played from the position) would refuse it.
    # e3 and c3 stand crossed on the last jump and go together after it (DE-STRIKE).
    game = Game(Position.from_fen("W:Wf2:Bg5,e3,c3,g3,g7", GERMAN), referee=True)
    game.play("f2:d4:b2")
    game.let_stand()
    mistake, after = game.moves[-1], Position.from_fen("B:Wb2:Bg3,g5,g7", GERMAN)
    assert game.position == after
    assert move_frames(mistake, after) == (
        Frame("f2", "d4", {"d4": "w", "e3": "b", "c3": "b", "g3": "b", "g5": "b", "g7": "b"}, ("e3",)),
        Frame("d4", "b2", {"b2": "w", "e3": "b", "c3": "b", "g3": "b", "g5": "b", "g7": "b"}, ("e3", "c3")),
        Frame("b2", "b2", {"b2": "w", "g3": "b", "g5": "b", "g7": "b"}, ()),
    )


def test_a_step_played_instead_of_a_capture_is_one_frame_to_the_position_given():
    # DE-MANDATORY broken on purpose in referee mode: h2-g3 while e3 must capture
    game = Game(Position.from_fen("W:We3,h2:Bd4,f4,b6,h8", GERMAN), referee=True)
    game.play("h2-g3")
    after = Position.from_fen("B:We3,g3:Bd4,f4,b6,h8", GERMAN)
    assert move_frames(game.moves[-1], after) == (
        Frame("h2", "g3", {"e3": "w", "g3": "w", "d4": "b", "f4": "b", "b6": "b", "h8": "b"}, ()),
    )


def test_a_move_that_does_not_know_its_position_is_refused():
    with pytest.raises(DamlibError, match="c3-d4"):
        move_frames(Move(("c3", "d4")))
