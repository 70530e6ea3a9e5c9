"""Replay 25 real Brazilian draughts games from lidraughts.org under German rules.

Brazilian draughts has exactly the rules of German draughts in docs/rules.md, so
every move of every game must be legal in damlib, and each move text (start-end,
like ``c3-d4`` or ``d6xb4``) must name exactly one legal move. The games are in
``tests/data/`` (see its README for where they come from).
"""

from __future__ import annotations

import json
import re

import pytest

from damlib import GERMAN, Game, Position

from conftest import DATA

GAMES: list[str] = json.loads((DATA / "lidraughts-brazilian-games.json").read_text(encoding="utf-8"))["pdn_positions"]

_TAG = re.compile(r'^\s*\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]\s*$', re.MULTILINE)
_MOVE = re.compile(r"^([a-h][1-8])(?:[-x:][a-h][1-8])*[-x:]([a-h][1-8])$")
_RESULTS = {"2-0", "0-2", "1-1", "1-0", "0-1", "1/2-1/2", "*"}
_WINNER = {"2-0": "white", "0-2": "black"}


def parse_pdn(text: str) -> tuple[dict[str, str], list[str]]:
    """The tags and the move texts of one PDN game."""
    tags = dict(_TAG.findall(text))
    body = _TAG.sub(" ", text)
    body = re.sub(r"\{[^}]*\}", " ", body)  # comments
    body = re.sub(r"\([^()]*\)", " ", body)  # variations (none nested here)
    body = re.sub(r";[^\n]*", " ", body)  # rest-of-line comments
    moves = []
    for token in body.split():
        token = re.sub(r"^\d+\.+", "", token)  # move number, possibly glued to the move
        if not token or token in _RESULTS:
            continue
        moves.append(token)
    return tags, moves


def _game_id(index: int, pdn: str) -> str:
    site = parse_pdn(pdn)[0].get("Site", "")
    return f"{index + 1:02d}-{site.rsplit('/', 1)[-1] or 'game'}"


def test_the_data_holds_25_games():
    assert len(GAMES) == 25
    for pdn in GAMES:
        tags, moves = parse_pdn(pdn)
        assert tags.get("GameType", "26") == "26"  # 26 = Brazilian in PDN
        assert tags["Result"] in _RESULTS
        assert len(moves) > 10


def test_parse_pdn_strips_everything_but_moves():
    tags, moves = parse_pdn(
        '[Result "2-0"]\n[FEN "W:Wc3:Bd6"]\n\n1. c3-d4 {a comment} d6-c5 2.d4xb6 2-0'
    )
    assert tags == {"Result": "2-0", "FEN": "W:Wc3:Bd6"}
    assert moves == ["c3-d4", "d6-c5", "d4xb6"]


@pytest.mark.parametrize("pdn", GAMES, ids=[_game_id(i, g) for i, g in enumerate(GAMES)])
def test_replay_brazilian_game(pdn):
    tags, moves = parse_pdn(pdn)
    start = Position.from_fen(tags["FEN"], GERMAN) if "FEN" in tags else Position.start(GERMAN)
    game = Game(start)
    pos = start
    for ply, text in enumerate(moves, 1):
        where = f"ply {ply} ({text}) in {pos.fen}"
        m = _MOVE.match(text)
        assert m, f"{where}: not move text"
        first, last = m.groups()
        named = [move for move in pos.legal_moves if move.start == first and move.end == last]
        assert len(named) == 1, f"{where}: names {[str(x) for x in named]} of {[str(x) for x in pos.legal_moves]}"
        move = named[0]
        assert move.is_capture == ("x" in text), f"{where}: capture notation disagrees with {move}"
        assert pos.parse_move(text) == move, where
        assert game.play(text) == move, where
        pos = pos.play(text)
        assert game.position == pos, where
    assert len(game.moves) == len(moves)

    # The result tag, where the rules ended the game (not time forfeits or resignations).
    result = game.result
    expected = _WINNER.get(tags.get("Result", ""))
    side = pos.turn
    stuck = not any(p.color == side for p in pos.pieces.values()) or not pos.legal_moves
    if stuck:
        assert result is not None, "the side to move has no pieces or no moves, but the game goes on"
        assert result.rule == "DE-WIN"
        assert result.winner == expected, f"damlib says {result}, the game says {tags.get('Result')}"
        assert tags.get("Termination") == "Normal"
    elif result is not None:
        # a draw or win by rule that lidraughts did not record would be a disagreement
        assert result.winner == expected, f"damlib says {result}, the game says {tags.get('Result')}"
    if tags.get("Termination") == "Time forfeit":
        assert result is None, f"damlib ended a game that was lost on time: {result}"
