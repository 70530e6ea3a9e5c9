"""The Rules values: one per game, looked up by name, differing as the seed texts say."""

import dataclasses

import pytest

from damlib import BRAZILIAN, GERMAN, RUSSIAN, TURKISH, TURKISH_PUBLISHED, Position, rules
from damlib.errors import VariantError
from damlib.variants import RULE_TEXT, rule_table


@pytest.mark.parametrize("name, value", [("german", GERMAN), ("RUSSIAN", RUSSIAN), (" Turkish ", TURKISH), ("brazilian", BRAZILIAN)])
def test_rules_by_name_case_insensitive(name, value):
    assert rules(name) is value
    assert Position.start(name).rules is value


def test_unknown_variant_lists_the_known_ones():
    with pytest.raises(VariantError) as e:
        rules("polish")
    assert "'polish'" in str(e.value)
    for known in ("german", "russian", "turkish"):
        assert repr(known) in str(e.value)


def test_russian_differs_from_german_in_exactly_one_field():
    assert GERMAN.differences(RUSSIAN) == ("crown_mid_capture",)
    assert dataclasses.replace(GERMAN, name="Russian", crown_mid_capture=True) == RUSSIAN


def test_brazilian_is_german_and_turkish_published_differs_where_rules_md_says():
    assert GERMAN.differences(BRAZILIAN) == ()
    assert set(TURKISH.differences(TURKISH_PUBLISHED)) == {
        "man_steps", "man_captures", "no_king_reversal", "crown_mid_capture",
    }


def test_every_rule_id_a_game_cites_is_a_known_rule():
    topics = ["board", "start", "man-move", "man-capture", "king", "mandatory", "majority",
              "removal", "promote", "promote-mid", "penalty", "win", "draw"]
    cited = {r.rule_id(t) for r in (GERMAN, RUSSIAN, TURKISH) for t in topics}
    assert cited == set(RULE_TEXT)


def test_rule_table_cites_ids_only_where_a_game_follows_the_text():
    rows = {line.split(" | ")[0]: line for line in rule_table(TURKISH, TURKISH_PUBLISHED).splitlines()}
    assert "left, right, forward, diagonally forward (TR-MAN-MOVE) | left, right, forward (published rules)" in rows["| men move"]
    assert "(TR-KING)" in rows["| kings"].split(" | ")[2]  # the published kings move as the text's do
    german = rule_table(GERMAN, RUSSIAN).splitlines()
    assert sum("published" in line for line in german) == 0
    assert [line for line in german if "DE-PROMOTE-PASS" in line and "RU-PROMOTE" in line]
