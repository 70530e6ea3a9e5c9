"""Widgets driven by random actions, as a restless learner would: clicks on any square, drags,
Escape, the buttons, moves typed (the adversarial probe's widget part, issue 26, kept bounded:
fixed seeds, a few seconds). Nothing may raise, and what a widget shows must stay the game it
holds."""

from __future__ import annotations

import random

import pytest
from conftest import FUZZ_SCALE, SQUARES

from damlib import GERMAN, RUSSIAN, TURKISH
from damlib.learn import STAGES, Progress
from damlib.play.frames import pieces_of
from damlib.widgets import Learn, PlayBoard

TEXTS = ["c3-d4", "e3:c5:a7", "zz", "", "h2-g3", "a1:h8", "d4:d7:d1", "Kd4", "c3-d4-e5", "1-0", " ", "\x00"]


def act(widget, rnd: random.Random, buttons) -> None:
    roll = rnd.random()
    if roll < 0.6:
        widget.board.click(rnd.choice(SQUARES))  # as the browser sends it
    elif roll < 0.7:
        widget.board.drag(rnd.choice(SQUARES), rnd.choice(SQUARES))
    elif roll < 0.75:
        widget.board.cancel()
    elif roll < 0.9 and buttons:
        rnd.choice(buttons).click()
    elif hasattr(widget, "typed"):
        widget.typed.value = rnd.choice(TEXTS)


def buttons_of(widget) -> list:
    import ipywidgets as w

    found, todo = [], [widget]
    while todo:
        here = todo.pop()
        if isinstance(here, w.Button) and "save" not in (here.description or "").lower():
            found.append(here)  # saving writes files: left to its own tests
        todo.extend(getattr(here, "children", ()))
    return found


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("rules", [GERMAN, RUSSIAN, TURKISH], ids=lambda r: r.name)
def test_random_actions_on_a_play_board(rules, seed):
    rnd = random.Random(seed)
    board = PlayBoard(rules, referee=seed % 2 == 1)
    buttons = buttons_of(board)
    for _ in range(150 * FUZZ_SCALE):
        act(board, rnd, buttons)
        game = board.game
        # the board shows the game's position (a capture under way shows it too, until it is played),
        # and a game over or a choice pending leaves no piece to choose
        assert board.board.pieces == pieces_of(game.position)
        assert not (game.result or game.pending) or not board.board.moves
        assert len(game.positions) == len(game.moves) + 1


@pytest.mark.parametrize("seed", range(4))
def test_random_actions_on_learn(tmp_path, seed, monkeypatch):
    monkeypatch.delenv("JUPYTERHUB_USER", raising=False)  # off a class hub: the name given is taken
    rnd = random.Random(seed)
    learn = Learn(STAGES, learner=f"fuzz {seed}", folder=tmp_path)
    buttons = buttons_of(learn)
    for _ in range(150 * FUZZ_SCALE):
        act(learn, rnd, buttons)
        if rnd.random() < 0.05:
            learn.stage.value = rnd.choice(list(STAGES))
        # the board shows the level's position, and what is kept is what the file holds
        assert learn.board.pieces == pieces_of(learn.attempt.position)
    assert learn.progress is not None
    assert learn.progress.completed == Progress(f"fuzz {seed}", tmp_path).completed
