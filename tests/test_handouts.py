"""The printed set in handouts/: a rule handout per game, the class worksheet and its answer key.

A committed PDF is current when a fresh one, made in tmp_path, shows the same content: the
fingerprint damlib stores in each PDF covers every position, move and sentence on it and the
page layout's version, and does not depend on the matplotlib version that drew it."""

import re

import pytest
from conftest import ROOT, RULES_MD

from damlib.handout import ANSWER_KEY, GAMES, WORKSHEET, file_name, render, rule_ids, save_all, save_handout
from damlib.pages import page_count, stored_fingerprint

HANDOUTS = ROOT / "handouts"
#: docs/rules.md: the DE-* rules are German's; Russian's are the same but that RU-PROMOTE replaces
#: DE-PROMOTE-PASS; the TR-* rules are Turkish's.
RULE_IDS = set(re.findall(r"\b(?:DE|RU|TR)-[A-Z]+(?:-[A-Z]+)*\b", RULES_MD.read_text(encoding="utf-8")))
GERMAN_IDS = {r for r in RULE_IDS if r.startswith("DE-")}
EXPECTED = {"German": GERMAN_IDS, "Russian": GERMAN_IDS - {"DE-PROMOTE-PASS"} | {"RU-PROMOTE"},
            "Turkish": {r for r in RULE_IDS if r.startswith("TR-")}}


@pytest.fixture(scope="module")
def fresh(tmp_path_factory):
    folder = tmp_path_factory.mktemp("handouts")
    save_all(folder)
    return folder


def test_a_handout_per_game_is_committed_with_the_games_name_in_its_file_name():
    names = {p.name for p in HANDOUTS.glob("*.pdf")}
    for game in GAMES:
        assert game.name.lower() in file_name(game) and file_name(game) in names
    assert {WORKSHEET, ANSWER_KEY} <= names


@pytest.mark.parametrize("name", [file_name(g) for g in GAMES] + [WORKSHEET, ANSWER_KEY])
def test_the_committed_pdfs_are_current(fresh, name):
    committed, made = (HANDOUTS / name).read_bytes(), (fresh / name).read_bytes()
    assert stored_fingerprint(made) is not None
    assert stored_fingerprint(committed) == stored_fingerprint(made), (
        f"handouts/{name} is stale: run `python -m damlib.handout handouts` and commit the result")
    assert page_count(committed) == page_count(made)


@pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
def test_each_handout_states_every_rule_of_its_game_on_one_or_two_pages(fresh, game):
    assert set(rule_ids(game)) == EXPECTED[game.name]
    assert 1 <= page_count((fresh / file_name(game)).read_bytes()) <= 2
    written = " ".join(t.get_text() for page in render(game) for t in page.texts)
    for rule in EXPECTED[game.name]:
        assert rule in written, rule


def test_the_committed_set_has_the_class_sets_page_counts(fresh):
    # 26 questions: six a page on the worksheet (5 pages), four a page in the key (7 pages)
    assert page_count((HANDOUTS / WORKSHEET).read_bytes()) == 5
    assert page_count((HANDOUTS / ANSWER_KEY).read_bytes()) == 7


def test_a_handout_is_the_same_bytes_every_time_it_is_made(tmp_path):
    save_handout("turkish", tmp_path / "a.pdf")
    save_handout("turkish", tmp_path / "b.pdf")
    assert (tmp_path / "a.pdf").read_bytes() == (tmp_path / "b.pdf").read_bytes()
    assert b"CreationDate" not in (tmp_path / "a.pdf").read_bytes()
