"""Nothing unbounded (issue 41): every reader refuses, saying so, input past a count it names
(characters, words, moves, nesting, squares a move names, bytes of a progress file), before it
does the costly part; the computer's move on a board searches a bounded number of positions.
Asserted by counts, never by the clock: the times are docs/measurements.md's
(benchmarks/readers.py)."""

from __future__ import annotations

import inspect
import json

import pytest
from conftest import DATA

from damlib import GERMAN, RUSSIAN_PUBLISHED, Position, pdn
from damlib.engine.errors import DamlibError
from damlib.learn import LEVELS, STAGES, Progress, class_report
from damlib.play import pdn as pdn_module
from damlib.play import search
from damlib.play.clicks import ClickToMove
from damlib.teach.learn.progress import MAX_BYTES, read
from damlib.widgets import replay as replay_module
from damlib.widgets.replay import GameReplay

GAME = '[GameType "26"] 1. c3-d4 *\n'


def words_looked_at(monkeypatch):
    """Count the words the tokenizer hands out: the work a read does before it plays a move."""
    counted = {"words": 0}
    tokens = pdn_module._tokens

    def counting(text):
        for token in tokens(text):
            counted["words"] += 1
            yield token

    monkeypatch.setattr(pdn_module, "_tokens", counting)
    return counted


def test_a_text_of_more_games_than_moves_read_is_refused_as_soon_as_the_count_is_passed(monkeypatch):
    counted = words_looked_at(monkeypatch)
    with pytest.raises(DamlibError, match="more than 1,000 moves"):
        pdn.read(GAME * 40_000, max_moves=1000, max_games=None)  # 1 MB; the count is passed in its first 3%
    assert counted["words"] < 5 * 1001  # a game is 4 words
    # a bound by default: a call takes seconds at most
    assert inspect.signature(pdn.read).parameters["max_moves"].default == pdn_module.MAX_MOVES


@pytest.mark.parametrize("text", ["(" * 500_000 + ")" * 500_000, "/" * 1_000_000, '[a "' * 250_000,
                                  "c3 " * 400_000])
def test_a_text_of_too_many_words_is_refused_after_looking_at_no_more(monkeypatch, text):
    counted = words_looked_at(monkeypatch)
    monkeypatch.setattr(pdn_module, "MAX_WORDS", 5_000)  # the count asserted, smaller to be quick
    with pytest.raises(DamlibError, match=f"more than {pdn_module.MAX_WORDS:,} words"):
        pdn.read(text, default=GERMAN)
    assert counted["words"] == pdn_module.MAX_WORDS + 1


def test_a_text_of_more_games_than_are_read_at_once_is_refused_before_any_is_played(monkeypatch):
    counted = words_looked_at(monkeypatch)
    built = []
    build = pdn_module._build
    monkeypatch.setattr(pdn_module, "_build", lambda *args: built.append(args) or build(*args))
    most = pdn_module.MAX_GAMES
    games = '[GameType "26"] *\n' * (most + 50)  # no moves: the games' own count bounds them
    with pytest.raises(DamlibError, match=f"more than {most:,} games"):
        pdn.read(games)
    assert built == [] and counted["words"] == 2 * most + 2  # refused at the first game past the count
    assert len(pdn.read(games, limit=most)) == most  # the first ones are read on asking
    assert len(pdn.read(games, max_games=None)) == most + 50
    assert inspect.signature(pdn.read).parameters["max_games"].default == most


def test_the_shipped_collections_fit_the_bounds_read_by_default():
    for name, rules in (("ussr-1950-russian.pdn", RUSSIAN_PUBLISHED), ("lidraughts-brazilian-games.pdn", None)):
        text = (DATA / name).read_text(encoding="utf-8")
        entries = pdn.read(text, variant=rules)
        assert entries and all(entry.error is None for entry in entries), name
        assert len(text) < pdn_module.MAX_TEXT and len(entries) <= min(pdn_module.MAX_GAMES,
                                                                          replay_module.MAX_GAMES)
        assert sum(len(entry.game.moves) for entry in entries) <= pdn_module.MAX_MOVES
        assert len(list(pdn_module._tokens(text))) <= pdn_module.MAX_WORDS
        assert len(GameReplay(DATA / name, rules).entries) == len(entries)  # and the replay lists them all


def test_a_text_too_long_is_refused_before_it_is_read(tmp_path):
    with pytest.raises(DamlibError, match=f"longer than the {pdn_module.MAX_TEXT:,} characters"):
        pdn.read(" " * (pdn_module.MAX_TEXT + 1))
    big = tmp_path / "big.pdn"
    with open(big, "wb") as out:
        out.truncate(pdn_module.MAX_TEXT + 10)  # sparse: no more than MAX_TEXT + 1 bytes are read
    with pytest.raises(DamlibError, match="longer than"):
        pdn.read(big)


def test_variations_nested_too_deep_and_a_move_of_too_many_squares_are_not_read():
    deepest = pdn_module.MAX_DEPTH + 1
    (deep,) = pdn.read("1. c3-d4 " + "(" * deepest + ")" * deepest + " *", default=GERMAN)
    assert f"nested more than {pdn_module.MAX_DEPTH} deep" in str(deep.error)
    (long,) = pdn.read("1. " + "-".join(["22"] * 30_000) + " *", default=GERMAN)
    # the tokenizer stops a move's squares one past the most: never a match across the whole text
    assert f"({3 * pdn_module.MAX_SQUARES + 2} characters) is not a move" in str(long.error)
    # the longest real capture reads (a Turkish king taking 12 men names 13 squares)
    assert pdn_module.MAX_SQUARES > 13


def test_the_replay_and_its_paste_box_share_the_readers_bounds(monkeypatch):
    monkeypatch.setattr(pdn_module, "MAX_WORDS", 5_000)
    with pytest.raises(DamlibError, match="more than 5,000 words"):
        GameReplay("(" * 999_999 + ")" * 999_999)  # was read whole (3 M parentheses: 6.2 s)
    with pytest.raises(DamlibError, match="longer than the 2,000,000 characters"):
        GameReplay("(" * 1_500_000 + ")" * 1_500_000)  # by its length alone
    replay = GameReplay("1. c3-d4 *", GERMAN)
    replay.load("/" * 1_999_999)
    assert "Not read" in replay.status.value and "5,000 words" in replay.status.value
    replay.load("1. " + "22-" * 60_000 + "22 *")
    assert "is not a move" in replay.error and len(replay.game.moves) == 0


def test_the_computer_on_a_board_searches_a_bounded_number_of_positions(monkeypatch):
    with pytest.raises(DamlibError, match="at most 3, not 1000000000"):
        ClickToMove("german", computer="black", seconds=1e9, level="strong")
    searched = []
    analyse = search.analyse

    def counting(*args, **kwargs):
        found = analyse(*args, **kwargs)
        searched.append((kwargs.get("max_nodes"), found[0].nodes))
        return found

    monkeypatch.setattr(search, "analyse", counting)
    monkeypatch.setattr(search, "BOARD_NODES", 300)  # the bound, small enough to be reached here
    monkeypatch.setattr("damlib.play.clicks.BOARD_NODES", 300)
    board = ClickToMove("german", computer="black", seconds=3, level="strong")
    board.click("c3")
    board.click("d4")
    assert len(board.game.moves) == 2 and searched and all(bound == 300 and nodes <= 301
                                                           for bound, nodes in searched)


def test_a_progress_file_larger_than_any_real_one_is_refused_before_it_is_parsed(tmp_path, monkeypatch):
    # the largest real file: every level done, every rule broken, with the days and a language
    full = Progress("a" * 100, tmp_path)
    for level in LEVELS:
        attempt = level.attempt()
        for move in level.solution:
            attempt.play(move)
        full.record(attempt)
    full.keep_language("eo")
    assert len(full.saved_file()) < MAX_BYTES / 2 and len(full.completed) == sum(map(len, STAGES.values()))
    (tmp_path / "class").mkdir()
    stuffed = tmp_path / "class" / "mallory.json"
    stuffed.write_text(json.dumps({"format": "damlib progress 1",
                                   "stars": {f"x-{n}": 3 for n in range(50_000)}}))  # ~0.7 MB
    parsed = []
    monkeypatch.setattr("damlib.teach.learn.progress.json.loads", lambda *a: parsed.append(a))
    with pytest.raises(ValueError, match="too large"):
        read(stuffed)
    assert dict(class_report(tmp_path / "class").unread)["mallory.json"].endswith("too large to be a progress file)")
    assert parsed == []


def test_the_position_a_bound_is_reached_in_stays_legal():
    # the search stopped by its count still answers a legal move
    move = search.best_move(Position.start(GERMAN), level="strong", max_nodes=50)
    assert move in Position.start(GERMAN).legal_moves


def test_games_still_to_be_played_when_the_time_is_up_are_not_read_and_say_so(monkeypatch):
    # counts bound the moves, but one move set up among many pieces can take 0.1 s to check
    # (benchmarks/worst_cases.py), so the clock bounds a text of them: here each move "takes" 1 s
    now = [0.0]
    play = pdn_module.Game.play

    def slow_play(game, move):
        now[0] += 1.0
        return play(game, move)

    monkeypatch.setattr(pdn_module, "time", type("Clock", (), {"perf_counter": staticmethod(lambda: now[0])}))
    monkeypatch.setattr(pdn_module.Game, "play", slow_play)
    games = pdn.read(GAME * 5, seconds=2.5)
    assert [entry.game is not None for entry in games] == [True, True, True, False, False]
    assert [len(entry.game.moves) for entry in games[:3]] == [1, 1, 1]
    late = games[3].error
    assert late.game == 4 and late.move == "c3-d4" and "2.5 seconds" in str(late) and "seconds=" in str(late)
    with pytest.raises(DamlibError, match="seconds"):
        pdn.read(GAME, seconds=0)
