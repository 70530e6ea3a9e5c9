"""Random games in every preset, in referee mode too, written as PDN and read back: the same
moves, the same position, the same choice pending or result (the adversarial probe's round trips,
issue 26, kept as bounded property tests: fixed seeds, a few seconds)."""

from __future__ import annotations

import random

import pytest
from conftest import FUZZ_SCALE
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from damlib import BRAZILIAN, GERMAN, RUSSIAN, RUSSIAN_PUBLISHED, TURKISH, TURKISH_PUBLISHED, Game, pdn
from damlib.engine.errors import DamlibError

PRESETS = (GERMAN, RUSSIAN, TURKISH, BRAZILIAN, RUSSIAN_PUBLISHED, TURKISH_PUBLISHED)


def random_game(rules, referee: bool, seed: int, plies: int) -> Game:
    """A game of random legal moves; in referee mode now and then a capture mistake (a quiet
    step or a shorter capture where the rules want more), then taken back or let stand."""
    chance = random.Random(seed)
    game = Game(rules, referee=referee)
    for _ in range(plies):
        if game.result:
            break
        if game.pending:
            (game.take_back if chance.random() < 0.5 else game.let_stand)()
            continue
        position = game.position
        if referee and position.must_capture and chance.random() < 0.3:
            # a capture stopped after its first jump, or a quiet step: let through if it breaks
            # only the capture rules (a capture mistake), refused (and nothing changed) otherwise
            tries = [f"{m.path[0]}:{m.path[1]}" for m in position.legal_moves]
            tries += [f"{square}-{m.path[1]}" for square in position.pieces for m in position.legal_moves]
            chance.shuffle(tries)
            for text in tries[:8]:
                try:
                    game.play(text)
                    break
                except DamlibError:
                    continue
            else:
                game.play(chance.choice(position.legal_moves))
        else:
            game.play(chance.choice(position.legal_moves))
    return game


@pytest.mark.parametrize("rules", PRESETS, ids=[r.name for r in PRESETS])
@settings(max_examples=30 * FUZZ_SCALE, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), referee=st.booleans(), plies=st.integers(1, 60))
def test_a_random_game_reads_back_as_it_was_written(rules, seed, referee, plies):
    game = random_game(rules, referee, seed, plies)
    (entry,) = pdn.read(game.pdn(), variant=rules)
    assert entry.error is None, entry.error
    read = entry.game
    assert [str(m) for m in read.moves] == [str(m) for m in game.moves]
    assert read.position.fen == game.position.fen
    assert (read.pending is None) == (game.pending is None)
    assert (read.result and (read.result.winner, read.result.rule)) == (
        game.result and (game.result.winner, game.result.rule))
