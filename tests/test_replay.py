"""Replay real games through damlib.pdn: 25 Brazilian games from lidraughts.org under German
rules, and 54 games of the 1950 USSR championship in Russian draughts.

Brazilian draughts has exactly the rules of German draughts in docs/rules.md, so every move
of every game must be legal in damlib, and each move text (start-end, like ``c3-d4`` or
``d6xb4``) must name exactly one legal move. Real Russian players follow the published
rules, without the majority rule: read under the seed text's Russian rules, a game stops
exactly where a player chose a capture that takes fewer pieces, with DE-MAJORITY. The games
are in ``tests/data/`` (see its README for where they come from).
"""

from __future__ import annotations

import datetime
import re

import pytest
from conftest import DATA

from damlib import GERMAN, RUSSIAN, RUSSIAN_PUBLISHED, Game, Position, pdn

BRAZILIAN = pdn.read(DATA / "lidraughts-brazilian-games.pdn")
USSR = DATA / "ussr-1950-russian.pdn"
_MOVE = re.compile(r"^([a-h][1-8])(?:[-x:][a-h][1-8])*[-x:]([a-h][1-8])$")
_WINNER = {"2-0": "white", "0-2": "black"}
_SOURCES = re.split(r"\n\n(?=\[Event )", (DATA / "lidraughts-brazilian-games.pdn").read_text(encoding="utf-8").strip())


def _move_texts(entry: pdn.PdnGame) -> list[str]:
    """The move texts of the game's PDN body, read here without damlib.pdn: the tokens
    between the tags and the result, less move numbers (the data has no comments)."""
    body = re.sub(r"^\[.*\]$", "", _SOURCES[entry.number - 1], flags=re.MULTILINE)
    return [t for t in (re.sub(r"^\d+\.", "", t) for t in body.split()) if t and t != entry.result]




def test_the_data_holds_25_games_of_game_type_26_all_read():
    assert len(BRAZILIAN) == 25 == len(_SOURCES)
    for entry in BRAZILIAN:
        assert entry.error is None, entry.error
        assert entry.tags["GameType"] == "26" and entry.game.rules.name == "Brazilian"
        assert not entry.game.rules.differences(GERMAN)
        assert entry.result == entry.tags["Result"] in {"2-0", "0-2", "1-1"}
        assert len(entry.game.moves) == len(_move_texts(entry)) > 10


@pytest.mark.parametrize("entry", BRAZILIAN, ids=[f"{e.number:02d}-{e.tags['Site'][-8:]}" for e in BRAZILIAN])
def test_replay_brazilian_game(entry):
    start = Position.from_fen(entry.tags["FEN"], GERMAN)
    game, pos = Game(start), start
    for ply, (text, read) in enumerate(zip(_move_texts(entry), entry.game.moves, strict=True), 1):
        where = f"ply {ply} ({text}) in {pos.fen}"
        m = _MOVE.match(text)
        assert m, f"{where}: not move text"
        first, last = m.groups()
        named = [move for move in pos.legal_moves if move.start == first and move.end == last]
        assert len(named) == 1, f"{where}: names {[str(x) for x in named]} of {[str(x) for x in pos.legal_moves]}"
        move = named[0]
        assert read == move, where
        assert move.is_capture == ("x" in text), f"{where}: capture notation disagrees with {move}"
        assert game.play(text) == move, where
        pos = pos.play(text)
        assert game.position == pos and entry.game.positions[ply].fen == pos.fen, where

    # The result tag, where the rules ended the game (not time forfeits or resignations).
    result = entry.game.result
    expected = _WINNER.get(entry.tags["Result"])
    side = pos.turn
    stuck = not any(p.color == side for p in pos.pieces.values()) or not pos.legal_moves
    if stuck:
        assert result is not None, "the side to move has no pieces or no moves, but the game goes on"
        assert result.rule == "DE-WIN"
        assert result.winner == expected, f"damlib says {result}, the game says {entry.tags['Result']}"
        assert entry.tags.get("Termination") == "Normal"
    elif result is not None:
        # a draw or win by rule that lidraughts did not record would be a disagreement
        assert result.winner == expected, f"damlib says {result}, the game says {entry.tags['Result']}"
    if entry.tags.get("Termination") == "Time forfeit":
        assert result is None, f"damlib ended a game that was lost on time: {result}"


def test_the_ussr_championship_reads_under_seed_russian_rules_up_to_each_shorter_capture():
    games = pdn.read(USSR, variant=RUSSIAN)
    assert len(games) == 54
    stopped = [e for e in games if e.error]
    assert len(stopped) == 13
    for entry in stopped:
        # the move refused is a capture, and a longer one was there to take (DE-MAJORITY)
        assert entry.error.rule == "DE-MAJORITY", entry.error
        before = entry.played.position
        taken = before.legal_moves[0].captured
        text = entry.error.move
        assert ":" in text and text not in {str(m) for m in before.legal_moves}
        assert len(taken) >= 2, f"{entry.error}: the most there is {len(taken)}"
    first = stopped[0]
    assert first.number == 3 and first.error.move == "d2:f4"
    assert str(first.error).startswith("game 3, line 42: move 5. d2:f4: d2:f4 is not allowed (DE-MAJORITY)")
    assert [str(m) for m in first.played.moves[-2:]] == ["b2-c3", "g5:e3"]


def test_the_ussr_championship_reads_to_the_end_under_the_published_rules():
    games = pdn.read(USSR, variant=RUSSIAN_PUBLISHED)
    assert [e.error for e in games] == [None] * 54
    written = re.findall(r"\b[a-h][1-8][-:][a-h][1-8]\b", USSR.read_text(encoding="utf-8"))
    assert sum(len(e.game.moves) for e in games) == len(written) == 3009
    # where the seed's rules stop a game, the published rules play the shorter capture written
    for seed, published in zip(pdn.read(USSR, variant=RUSSIAN), games, strict=True):
        if seed.error:
            refused = published.game.moves[len(seed.played.moves)]
            assert refused.start + ":" + refused.end == seed.error.move
            assert len(refused.captured) < len(seed.played.position.legal_moves[0].captured)


def test_the_ussr_games_that_take_the_most_every_time_read_to_the_end():
    games = [e for e in pdn.read(USSR, variant=RUSSIAN) if e.error is None]
    assert len(games) == 41
    for entry in games:
        assert entry.tags["Event"] == "X чемпионат СССР" and entry.tags["Date"] == "1950."
        assert entry.result == entry.tags["Result"] in {"1-0", "0-1", "1/2-1/2"}
        assert entry.game.positions[0] == Position.start(RUSSIAN)


# -- the replay widget -----------------------------------------------------------------

from damlib.widgets import GameReplay  # noqa: E402  (the widget tests need ipywidgets)


def test_the_replay_opens_a_pdn_file_and_steps_through_any_game_of_it():
    replay = GameReplay(DATA / "lidraughts-brazilian-games.pdn")
    assert len(replay.games.options) == 25 and replay.games.layout.display is None
    assert replay.games.options[1][0].startswith("2. drgoatchess2014 – JustNobody19 (Rated Brazilian game, 2026.04.18)")
    replay.games.value = 1
    assert replay.steps.slider.max == len(BRAZILIAN[1].game.moves) and replay.game.rules.name == "Brazilian"
    replay.steps.buttons["last"].click()
    assert "e1:a5" in replay.caption.value and "Black wins" in replay.caption.value
    assert "The result written in the file: 0-2." in replay.caption.value


def test_the_replay_board_shows_each_move_and_animates_one_step_forward():
    replay = GameReplay("1. c3-d4 f6-e5 2. d4:f6 g7:e5", GERMAN)
    board = replay.board
    assert not board.interactive and len(board.pieces) == 24  # the start: 12 men a side (DE-START)
    assert board.animation == {} and board.arrows == [] and board.crosses == []
    replay.steps.buttons["next"].click()
    assert "c3" not in board.pieces and board.pieces["d4"] == "w"
    assert board.marks == {"c3": "last", "d4": "last"} and board.arrows == [{"route": ["c3", "d4"], "faint": False}]
    frames = board.animation["frames"]
    assert board.animation["start"]["c3"] == "w" and [(f["start"], f["end"]) for f in frames] == [("c3", "d4")]
    assert frames[-1]["pieces"] == board.pieces
    replay.steps.buttons["next"].click()
    replay.steps.buttons["next"].click()  # 2. d4:f6 jumps the man that came to e5
    assert board.pieces["f6"] == "w" and "e5" not in board.pieces and "d4" not in board.pieces
    # e5 is crossed while it stands, then goes when the capture ends (DE-STRIKE)
    assert board.crosses == ["e5"] and [list(f["taken"]) for f in board.animation["frames"]] == [["e5"], []]
    shown = board.animation["id"]
    replay.steps.buttons["first"].click()  # back to the start: shown at once, no animation
    assert len(board.pieces) == 24 and board.animation["id"] == shown
    replay.steps.buttons["last"].click()  # four moves on at once: shown, not animated
    assert board.pieces["e5"] == "b" and "f6" not in board.pieces and board.animation["id"] == shown


def test_the_replay_reads_a_file_under_the_rules_chosen_and_says_where_it_stops():
    replay = GameReplay(USSR)  # no GameType: German by default
    replay.rules.value = "Russian"
    replay.games.value = 2
    assert replay.variant is RUSSIAN and replay.steps.slider.max == 8
    replay.steps.buttons["last"].click()
    assert "The replay stops here." in replay.caption.value and "DE-MAJORITY" in replay.caption.value
    assert "move 5. d2:f4" in replay.caption.value
    replay.games.value = 0
    assert replay.error == "" and replay.steps.slider.max == 61


def test_the_replay_shows_comments_with_their_move():
    replay = GameReplay('[GameType "26"] 1. c3-d4 {the centre} f6-e5 *')
    replay.steps.go(1)
    assert "<i>the centre</i>" in replay.caption.value
    assert replay.games.layout.display == "none"  # one game: no menu


def test_pdn_text_pasted_or_uploaded_is_read_and_bad_text_is_named():
    replay = GameReplay("1. c3-d4")
    assert replay.game.rules is GERMAN and replay.rules.value == ""  # each game's GameType, else German
    replay.paste.value = '[GameType "30"] 1. a3-a4 h6-h5 *'
    replay.opener.children[0].children[2].children[0].click()  # "Read the text"
    assert replay.game.rules.name == "Turkish (as published)" and replay.steps.slider.max == 2
    assert "Read 1 game." in replay.status.value
    replay.paste.value = "no moves here"
    replay.opener.children[0].children[2].children[0].click()
    assert "is not a move" in replay.caption.value  # a game that cannot be read is shown as such
    replay.load(b"")
    assert "No game found" in replay.status.value
    content = (DATA / "ussr-1950-russian.pdn").read_bytes()
    replay.upload.value = ({"name": "ussr.pdn", "type": "", "size": len(content), "content": memoryview(content),
                            "last_modified": datetime.datetime(2026, 5, 1)},)
    assert len(replay.games.options) == 54 and "Блиндер Б." in replay.games.options[0][0]
