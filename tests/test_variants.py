"""The Rules values: one per game, looked up by name, differing as the seed texts say."""

import dataclasses

import pytest

from damlib import (
    BRAZILIAN,
    GERMAN,
    RUSSIAN,
    RUSSIAN_PUBLISHED,
    TURKISH,
    TURKISH_PUBLISHED,
    Game,
    Position,
    explain,
    rules,
)
from damlib.engine import movegen
from damlib.engine.errors import DamlibError, FenError, IllegalMoveError, VariantError
from damlib.engine.squares import SQUARE_NAMES
from damlib.engine.variants import (
    DIAGONALS,
    FORWARD,
    FORWARD_DIAGONALS,
    ORTHOGONALS,
    RULE_TEXT,
    Rules,
    game_name,
    rule_table,
)
from damlib.play.referee import capture_stages, why_piece_cannot_move


@pytest.mark.parametrize("name, value", [
    ("german", GERMAN), ("RUSSIAN", RUSSIAN), (" Turkish ", TURKISH), ("brazilian", BRAZILIAN)])
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
        "penalty",  # the lost game is the text's own; published rules differ (docs/rules.md, Penalties)
    }


def test_every_rule_id_a_game_cites_is_a_known_rule():
    topics = ["board", "start", "man-move", "man-capture", "king", "mandatory", "majority",
              "removal", "promote", "promote-mid", "penalty", "win", "draw"]
    cited = {r.rule_id(t) for r in (GERMAN, RUSSIAN, TURKISH) for t in topics}
    assert cited == set(RULE_TEXT)


def test_rule_table_cites_ids_only_where_a_game_follows_the_text():
    rows = {line.split(" | ")[0]: line for line in rule_table(TURKISH, TURKISH_PUBLISHED).splitlines()}
    assert ("left, right, forward, diagonally forward (TR-MAN-MOVE) | left, right, forward (published rules)"
            in rows["| men move"])
    assert "(TR-KING)" in rows["| kings"].split(" | ")[2]  # the published kings move as the text's do
    # the lost game after a capture mistake is the rule text's own (TR-PENALTY, docs/rules.md):
    # the published column must not cite it
    assert rows["| a capture mistake"].split(" | ")[1:] == [
        "loses the game (TR-PENALTY)", "the opponent chooses: take back, or let stand (published rules) |"]
    german = rule_table(GERMAN, RUSSIAN).splitlines()
    assert sum("published" in line for line in german) == 0
    assert [line for line in german if "DE-PROMOTE-PASS" in line and "RU-PROMOTE" in line]


# -- a new game is data only: nothing else in damlib needs to know it -----------------

#: German with free choice between captures (the majority rule off), as some old books have it.
FREE_CHOICE = dataclasses.replace(GERMAN, name="German, free choice", majority=False)
#: A made-up game of a new family: kings on all eight lines, men forward three ways.
QUEENS = Rules(
    name="Queens", family="QN", all_squares=True,
    man_steps=FORWARD + FORWARD_DIAGONALS, man_captures=FORWARD + FORWARD_DIAGONALS,
    king_directions=DIAGONALS + ORTHOGONALS, long_kings=True, remove_at_once=True,
    crown_mid_capture=True, majority=True, no_king_reversal=False, penalty="loss",
    white_start=TURKISH.white_start, black_start=TURKISH.black_start,
)


def test_a_game_of_a_new_family_cites_no_rule_id_and_never_raises():
    topics = ["board", "start", "man-move", "man-capture", "king", "mandatory", "majority",
              "removal", "reversal", "promote", "promote-mid", "penalty", "win", "draw", "no such topic"]
    assert {QUEENS.rule_id(t) for t in topics} == {None}
    assert {QUEENS.cite(t) for t in topics} == {"published rules"}
    assert GERMAN.rule_id("no such topic") is None


def test_rule_table_phrases_come_from_the_fields():
    rows = {line.split(" | ")[0]: line.removesuffix(" |").split(" | ")[1:]
            for line in rule_table(QUEENS, FREE_CHOICE).splitlines()}
    assert rows["| kings"][0] == "ranks, files and diagonals, any distance (published rules)"
    assert rows["| men move"][0] == "forward, diagonally forward (published rules)"
    assert rows["| must take the most pieces"][1] == "no, any capture (published rules)"
    assert rows["| men move"][1] == "diagonally forward (DE-MAN-MOVE)"  # what it shares with German keeps its ID
    one_way = dataclasses.replace(GERMAN, all_squares=True, man_steps=((1, 1),), king_directions=((0, 1), (1, 1)))
    one_row = {line.split(" | ")[0]: line for line in rule_table(one_way).splitlines()}
    assert "diagonally forward-right (published rules)" in one_row["| men move"]
    assert "forward, diagonally forward-right, any distance" in one_row["| kings"]


def test_the_mid_capture_phrase_says_a_man_that_cannot_jump_on_is_crowned():
    # DE-PROMOTE: b6 jumps c7 to d8; nothing to jump from d8 (e7 empty), so it stops, crowned
    (move,) = Position.from_fen("W:Wb6:Bc7,f6", GERMAN).legal_moves
    assert str(move) == "b6:d8" and move.promotes
    row = rule_table(GERMAN).splitlines()[7]
    assert "jumps on as a man if it can, else stops and is crowned (DE-PROMOTE-PASS)" in row


def test_free_choice_lets_the_player_take_fewer():
    # e3 takes d4 then b6 (e3:c5:a7) or f4 only (e3:g5); without the majority rule both are legal
    pos = Position.from_fen("W:We3:Bd4,f4,b6", FREE_CHOICE)
    assert {str(m) for m in pos.legal_moves} == {"e3:c5:a7", "e3:g5"}
    assert explain(pos, "e3:g5").startswith("e3:g5 is legal")
    game = Game(pos, referee=True)
    game.play("e3:g5")
    assert game.pending is None and game.position.turn == "black"


def test_published_russian_chooses_freely_but_a_king_lands_where_it_can_jump_on():
    # Ka1 jumps c3 and may land on d4, e5, f6, g7 or h8; only from e5 can it jump on (f4,
    # landing g3 or h2). a3 jumps b4 to c5 and stops. Published rules: any capture, but a
    # king lands where it can go on. Free choice alone lets it stop on d4, f6, g7 or h8.
    # The seed's Russian: the most pieces, so only the king's two.
    fen = "W:WKa1,a3:Bc3,f4,b4"
    king_on = {"a1:e5:g3", "a1:e5:h2"}
    stop = {"a1:d4", "a1:f6", "a1:g7", "a1:h8"}
    assert {str(m) for m in Position.from_fen(fen, RUSSIAN_PUBLISHED).legal_moves} == king_on | {"a3:c5"}
    assert {str(m) for m in Position.from_fen(fen, FREE_CHOICE).legal_moves} == king_on | stop | {"a3:c5"}
    assert {str(m) for m in Position.from_fen(fen, RUSSIAN).legal_moves} == king_on
    assert RUSSIAN.differences(RUSSIAN_PUBLISHED) == ("majority", "land_to_jump_on")
    assert rules("russian (as published)") is RUSSIAN_PUBLISHED
    assert RUSSIAN_PUBLISHED.cite("majority") == RUSSIAN_PUBLISHED.cite("mandatory") == "published rules"


def test_kings_on_all_eight_lines_capture_along_files_and_diagonals():
    # Kd4 jumps d6 (file) to d7 or d8, or f6 (diagonal) to g7 or h8. From d8 the diagonal
    # e7-f6 leads on over f6 to g5 or h4; from d7, g7 and h8 nothing lies on a line. Most: 2.
    pos = Position.from_fen("W:WKd4:Bd6,f6", QUEENS)
    assert {str(m) for m in pos.legal_moves} == {"d4:d8:g5", "d4:d8:h4"}
    assert "published rules" in explain(pos, "d4:f6")
    with pytest.raises(IllegalMoveError) as info:
        pos.play("d4-e6")
    assert info.value.rule is None and "not along a line" in str(info.value)


@pytest.mark.parametrize("game_rules", [FREE_CHOICE, QUEENS], ids=lambda r: r.name)
def test_a_new_game_plays_through_every_part_of_damlib(game_rules):
    from damlib import diagram

    pos = Position.start(game_rules)
    assert Position.from_fen(pos.fen, game_rules) == pos
    game = Game(game_rules, referee=True)
    for ply in range(60):
        if game.result:
            break
        here = game.position
        for square in here.pieces:
            why_piece_cannot_move(here, square)
        for move in here.legal_moves:
            assert "is legal" in explain(here, str(move))
            if move.is_capture:
                assert capture_stages(move)[-1].position._board == here.play(move)._board
        explain(here, "a1-h8")
        gen = movegen.generator(game_rules, here.turn == "white")
        steps = gen.steps(here._board, gen.own_squares(here._board))
        if here.must_capture and steps and ply % 3 == 0:
            game.play("-".join(SQUARE_NAMES[s] for s in steps[0][0]))  # a capture mistake
            if game.pending:
                game.take_back()
        else:
            game.play(here.legal_moves[ply % len(here.legal_moves)])
    assert diagram.png(game.position, last_move=game.moves[-1].path, title=game.rules.name)[:4] == b"\x89PNG"
    assert rule_table(game_rules, GERMAN).count("\n") == 10
    if game.result:
        assert str(game.result)


def test_a_capture_mistake_in_a_new_game_is_punished_by_its_data():
    # Kd4 must capture; the step d4-c4 is a capture mistake, and QUEENS's penalty is a loss
    game = Game(Position.from_fen("W:WKd4:Bd6,f6", QUEENS), referee=True)
    played = game.play("d4-c4")
    assert played.path == ("d4", "c4") and game.result.winner == "black"
    assert game.result.rule is None and "(published rules)" in str(game.result)
    with pytest.raises(DamlibError):
        game.play("d4-d5")


def test_a_rules_value_with_bad_fields_is_refused():
    for field, value in [("penalty", "fine"), ("family", ""), ("majority", "yes"),
                         ("man_steps", ((2, 1),)), ("king_directions", [(1, 1)]),
                         ("white_start", ("z9",)), ("black_start", ()), ("black_start", ("a1",))]:
        with pytest.raises(VariantError):
            dataclasses.replace(GERMAN, **{field: value})


def test_a_straight_line_on_the_dark_squares_only_is_refused():
    # a king moving along a rank from a1 would land on b1, a light square
    with pytest.raises(VariantError, match=r"king_directions has \(1, 0\), which leaves the dark squares"):
        dataclasses.replace(GERMAN, name="x", king_directions=((1, 0), (-1, 0), (0, 1), (0, -1)))
    dataclasses.replace(TURKISH, name="y", king_directions=((1, 1), (1, 0)))  # all 64 squares: any line


def test_turkish_as_published_forbids_the_kings_turn_with_a_rule_reference():
    # TR-REMOVE lets the king turn back over d6's emptied square; the published rules forbid it
    pos = Position.from_fen("W:WKd4:Bd6,d2", TURKISH_PUBLISHED)
    assert {str(m) for m in pos.legal_moves} == {"d4:d7", "d4:d8", "d4:d1"}
    said = explain(pos, "d4:d7:d1")
    assert "(published rules)" in said and "turn back" in said
    assert explain(Position.from_fen("W:WKd4:Bd6,d2", TURKISH), "d4:d7:d1").startswith("d4:d7:d1 is legal")


def test_a_position_under_other_rules_keeps_its_pieces_or_names_the_rule_they_break():
    # a2 is a light square: a German board has no such square (DE-BOARD); c3-d4 is legal in both
    turkish = Position.from_fen("W:Wa2,c3:Bh7", "turkish")
    with pytest.raises(FenError, match="DE-BOARD"):
        turkish.with_rules("german")
    german = Position.from_fen("W:Wc3:Bg7", "german")
    assert german.with_rules(TURKISH).pieces == german.pieces and german.with_rules(TURKISH).rules is TURKISH
    # the other side to move: Black's man on d4 must take c3 (DE-MANDATORY)
    black = Position.from_fen("W:Wc3,h2:Bd4,a7", "german").with_turn("black")
    assert black.turn == "black" and [str(m) for m in black.legal_moves] == ["d4:b2"]
    with pytest.raises(FenError):
        black.with_turn("green")


def test_a_game_named_in_any_case_is_named_as_the_game():
    # the lessons name games by the names Position.start takes ("german"): the menu's name comes back
    assert [game_name(name, short=True) for name in ("german", "Russian", " TURKISH ")] == ["German", "Russian",
                                                                                            "Turkish"]
    assert game_name("turkish (as published)") == "Turkish draughts (as published)"
