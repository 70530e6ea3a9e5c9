"""Random games in every preset, in referee mode too, written as PDN and read back: the same
moves, the same position, the same choice pending or result (the adversarial probe's round trips,
issue 26, kept as bounded property tests: fixed seeds, a few seconds)."""

from __future__ import annotations

import dataclasses
import random

import pytest
from conftest import FUZZ_SCALE
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from damlib import BRAZILIAN, GERMAN, RUSSIAN, RUSSIAN_PUBLISHED, TURKISH, TURKISH_PUBLISHED, Game, Position, pdn
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


# -- tag values and changed rules (issue 41): written so that they read back, or refused --------

RULE_FIELDS = [f.name for f in dataclasses.fields(GERMAN) if f.name != "name"]
tag_names = (st.sampled_from(["Result", "Event", "White", "Rules", "Referee"])
             | st.from_regex(r"\A[A-Z][A-Za-z0-9_]{0,8}\Z"))
tag_values = st.text(st.characters(blacklist_categories=("Cs",)), max_size=12) | st.sampled_from(
    ["{", "}", "(", ")", '"', "\\", '\\"', "]", "[a \"", "1-0", "*", "%", ";", "\r", "c3-d4", "\t"])


@settings(max_examples=40 * FUZZ_SCALE, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(rules=st.sampled_from(PRESETS), field=st.sampled_from(RULE_FIELDS), source=st.sampled_from(PRESETS),
       renamed=st.sampled_from([None, "German", "Mine", "russian"]), referee=st.booleans(),
       seed=st.integers(0, 2**32 - 1), tags=st.dictionaries(tag_names, tag_values, max_size=4))
def test_tags_and_changed_rules_read_back_or_are_refused(rules, field, source, renamed, referee, seed, tags):
    try:
        named = {"name": renamed} if renamed else {}
        changed = dataclasses.replace(rules, **{field: getattr(source, field)}, **named)
        game = random_game(changed, referee, seed, 12)
    except DamlibError:
        return  # rules that are none (straight steps on the dark squares), or cannot start a game
    try:
        text = game.pdn(**tags)
    except DamlibError:
        return  # refused when written, saying why
    (entry,) = pdn.read(text)
    assert entry.error is None, entry.error
    read = entry.game
    assert not read.rules.differences(changed) and read.referee == game.referee
    assert [str(m) for m in read.moves] == [str(m) for m in game.moves]
    derived = {"GameType", "FEN", "SetUp", "Rules", "Referee"}  # of the game, not the caller's
    given = {"Event": "?", "Date": entry.tags.get("Date"), "White": "?", "Black": "?", "Result": entry.result} | tags
    assert {k: v for k, v in entry.tags.items() if k not in derived} == {
        k: v for k, v in given.items() if k not in derived}


def test_a_tag_value_that_would_not_read_back_is_refused():
    game = Game(GERMAN)
    for value in ("hello", "{", ""):  # the Result ends the moves too
        with pytest.raises(DamlibError, match=r"Result tag must be a result that fits the game \(.*\*.*\), not"):
            game.pdn(Result=value)
    # a game not over by the rules may have been resigned: its recorded result, however written,
    # reads back exactly so, tag and last word, and the game read back goes on
    game.play("c3-d4")
    for value in ("1-0", "0-1", "1/2-1/2", "½-½", "2-0", "0-2", "1-1", "0-0", "*"):
        (entry,) = pdn.read(game.pdn(Result=value))
        assert (entry.result, entry.tags["Result"], entry.game.result) == (value, value, None)
        assert entry.game.moves == game.moves
    won = Game(Position.from_fen("W:Wc3:Bd4", GERMAN))
    won.play("c3:e5")  # Black has no pieces left (DE-WIN): a result that says otherwise is refused
    with pytest.raises(DamlibError, match=r"fits the game \(1-0 2-0\), not '0-1'"):
        won.pdn(Result="0-1")


def test_changed_rules_are_refused_and_referee_mode_reads_back():
    with pytest.raises(DamlibError, match="differ from damlib's German in majority"):
        Game(dataclasses.replace(GERMAN, majority=False)).pdn()
    with pytest.raises(DamlibError, match="differ from damlib's Russian in majority"):
        Game(dataclasses.replace(RUSSIAN, name="Mine", majority=False)).pdn()
    game = Game(GERMAN, referee=True)
    game.play("c3-d4")
    assert pdn.read(game.pdn())[0].game.referee is True
    assert not pdn.read(Game(dataclasses.replace(GERMAN, name="Mine")).pdn())[0].game.rules.differences(GERMAN)


@pytest.mark.parametrize("ply", [10**6, -1, 2])
def test_a_comment_at_no_ply_of_the_game_is_refused_not_dropped(ply):
    game = Game(GERMAN)
    game.play("c3-d4")
    with pytest.raises(DamlibError, match=f"from 0 .* to 1 .*, not at {ply}"):
        pdn.write(game, {ply: "x"})
    assert pdn.read(pdn.write(game, {1: "x"}))[0].comments == {1: ("x",)}
