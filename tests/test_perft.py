"""Perft: leaf counts of the legal-move tree against docs/rules.md and published figures."""

import dataclasses

import pytest

from damlib import BRAZILIAN, GERMAN, RUSSIAN, RUSSIAN_PUBLISHED, TURKISH, TURKISH_PUBLISHED, Position, perft

#: among the slowest minute of the suite: deselect with -m 'not slow'
pytestmark = pytest.mark.slow

# docs/rules.md, "Reference figures"
SERIES = {
    GERMAN: [7, 49, 302, 1_469, 7_473, 37_628, 187_302, 907_830],
    RUSSIAN: [7, 49, 302, 1_469, 7_473, 37_628, 187_302, 907_833],
    TURKISH: [22, 484, 11_422, 228_438, 4_570_718],
    # published figures for rules published elsewhere (docs/rules.md); Brazilian's are
    # German's (see the test below), so only Turkish as published needs a walk of its own
    TURKISH_PUBLISHED: [8, 64, 708, 7_538, 85_090, 931_312],
    # the published Russian series (7 is 190,146: benchmarks/perft.py walks it)
    RUSSIAN_PUBLISHED: [7, 49, 302, 1_469, 7_482, 37_986],
}
# The deepest figures take a few seconds each; German/Russian depth 8 is where
# the two games first differ (RU-PROMOTE), Turkish depth 5 the table's end.
CASES = [(rules, depth, count) for rules, counts in SERIES.items() for depth, count in enumerate(counts, 1)]


@pytest.mark.parametrize("rules, depth, expected", CASES, ids=[f"{r.name}-{d}" for r, d, _ in CASES])
def test_perft_from_the_start(rules, depth, expected):
    assert perft(Position.start(rules), depth) == expected


def test_brazilian_is_german_by_another_name():
    # docs/rules.md: German here is exactly Brazilian draughts, so the German series
    # above is Brazilian's published one (7, 49, ..., 907,830) and is not walked twice.
    assert BRAZILIAN.name != GERMAN.name
    assert dataclasses.replace(BRAZILIAN, name=GERMAN.name) == GERMAN


def test_perft_counts_one_route_per_move():
    # Two routes, one move (docs/rules.md, "Moves that are the same move").
    pos = Position.from_fen("W:Wc3:Bd4,f4,f2,d2", GERMAN)
    assert perft(pos, 1) == 1 and len(pos.routes()) == 2
