"""damlib.pdn: what real PDN files hold reads (one test per case), every game damlib
ships writes PDN that reads back to the same moves, and a bad game is named.

Square numbers here are worked by hand from the PDN standard: for an 8×8 game in
algebraic notation they count along the rows from the top left as White sees the board,
so the dark squares of rank 8 are 1–4 (b8, d8, f8, h8), of rank 7 5–8 (a7 … g7), and so on
down to 29–32 (a1, c1, e1, g1): c3 = 22, d4 = 18, e5 = 15, f6 = 11.
"""

from __future__ import annotations

import pytest
from conftest import DATA, raises

from damlib import BRAZILIAN, GERMAN, RUSSIAN, RUSSIAN_PUBLISHED, TURKISH, TURKISH_PUBLISHED, Game, Position, pdn
from damlib.engine.errors import DamlibError

OPENING = ["c3-d4", "f6-e5", "d4:f6", "g7:e5"]  # 1. c3-d4 f6-e5 2. d4xf6 g7xe5 (DE-MANDATORY)


def one(text, **kwargs) -> pdn.PdnGame:
    (entry,) = pdn.read(text, **kwargs)
    assert entry.error is None, entry.error
    return entry


def moves(entry) -> list[str]:
    return [str(m) for m in entry.game.moves]


# -- tolerant reading: one case each ---------------------------------------------------


def test_utf8_with_a_byte_order_mark_as_text_or_bytes():
    text = '\ufeff[GameType "26"]\n[White "Zoë"]\n1. c3-d4 *'
    assert one(text).tags["White"] == "Zoë"
    assert one(text.encode("utf-8")).tags["White"] == "Zoë"


def test_bytes_that_are_not_utf8_are_read_as_latin1():
    assert one('[GameType "26"] [White "Zoë"] 1. c3-d4 *'.encode("latin-1")).tags["White"] == "Zoë"


def test_crlf_line_ends_and_lines_counted_as_written():
    text = '[GameType "26"]\r\n[Event "Club"]\r\n\r\n1. c3-d4 f6-e5\r\n2. d4-c5 *'
    (entry,) = pdn.read(text)
    assert entry.tags["Event"] == "Club"
    assert entry.error.line == 5 and entry.error.move == "d4-c5"
    assert entry.error.rule == "DE-MANDATORY"  # d4:f6 must be taken


def test_comments_are_kept_with_the_move_they_follow():
    entry = one('[GameType "26"] {before} 1. c3-d4 {centre} f6-e5 {replies} {twice} 2. d4xf6 g7xe5 *')
    assert moves(entry) == OPENING
    assert entry.comments == {0: ("before",), 1: ("centre",), 2: ("replies", "twice")}


def test_line_comments_are_skipped():
    entry = one('% Board game: Brazilian\n[GameType "26"]\n1. c3-d4 ; a note to the end of the line\nf6-e5 *')
    assert moves(entry) == OPENING[:2]


def test_nags_and_move_strengths_are_not_moves():
    entry = one('[GameType "26"] 1. c3-d4! $1 f6-e5?! 2. d4xf6(?) $14 g7xe5 *')
    assert moves(entry) == OPENING


def test_variations_are_kept_as_text_and_never_played():
    # the variation's moves are legal nowhere in the main line: read as moves, they would fail
    text = '[GameType "26"] 1. c3-d4 f6-e5 (1... b6-a5 2. d4-c5 (2. a3-b4) d6xb4) 2. d4xf6 g7xe5 *'
    entry = one(text)
    assert moves(entry) == OPENING
    assert entry.variations == {2: ("(1... b6-a5 2. d4-c5 (2. a3-b4) d6xb4)",)}


@pytest.mark.parametrize("body", [
    "1. c3-d4 f6-e5 2. d4xf6 g7xe5",
    "1.c3-d4 f6-e5 2.d4xf6 g7xe5",
    "1. c3-d4 1... f6-e5 2. d4xf6 2... g7xe5",
    "1. c3-d4 1. ... f6-e5 2. d4xf6 2. … g7xe5",
    "c3-d4 f6-e5 d4xf6 g7xe5",
])
def test_move_numbers_with_or_without_a_space_or_dots(body):
    assert moves(one(f'[GameType "26"] {body} *')) == OPENING


@pytest.mark.parametrize("capture", ["d4xf6", "d4:f6", "d4Xf6", "d4×f6"])
def test_captures_written_with_x_or_colon(capture):
    assert moves(one(f'[GameType "26"] 1. c3-d4 f6-e5 2. {capture} g7xe5 *')) == OPENING


def test_captures_by_start_and_end_or_by_every_landing_square():
    # White's man on e3 takes d4 and b6 (DE-MAN-CAPTURE, DE-MANDATORY): e3:c5:a7
    fen = "W:We3:Bd4,b6,h8"
    short = one(f'[GameType "26"] [FEN "{fen}"] 1. e3xa7 *')
    full = one(f'[GameType "26"] [FEN "{fen}"] 1. e3xc5xa7 *')
    assert moves(short) == moves(full) == ["e3:c5:a7"]
    assert short.game.moves[0].captured == ("d4", "b6")


@pytest.mark.parametrize("result", ["1-0", "0-1", "1/2-1/2", "2-0", "0-2", "1-1", "0-0", "*"])
def test_every_result_ends_a_game_and_is_kept(result):
    first, second = pdn.read(f'[GameType "26"] 1. c3-d4 f6-e5 {result}\n1. a3-b4 {result}', default=GERMAN)
    assert first.result == second.result == result
    assert moves(first) == OPENING[:2] and moves(second) == ["a3-b4"]


def test_a_result_tag_stands_when_the_moves_end_without_one():
    first, second = pdn.read('[GameType "26"] [Result "2-0"] 1. c3-d4\n[GameType "26"] 1. a3-b4 *')
    assert first.result == "2-0" and moves(first) == ["c3-d4"] and moves(second) == ["a3-b4"]


# -- squares and FENs ------------------------------------------------------------------


def test_numbered_squares_in_moves():
    entry = one('[GameType "25"] 1. 22-18 11-15 2. 18x11 *')  # c3-d4 f6-e5 d4xf6
    assert moves(entry) == OPENING[:3]


def test_numbered_fen_with_a_trailing_dot_as_russian_programs_write_it():
    fen = "W:W29,30,31,32,25,26,27,28,21,22,23,24:B9,10,11,12,5,6,7,8,1,2,3,4."
    entry = one(f'[FEN "{fen}"] 1. c3-d4 *', variant=RUSSIAN)
    assert entry.game.positions[0] == Position.start(RUSSIAN)


def test_numbered_fen_with_ranges_kings_and_black_to_move():
    entry = one('[GameType "25"] [FEN "B:W21-24,K26:B1-4."] 1... b8-a7 *')
    start = entry.game.positions[0]
    assert start.turn == "black"
    assert sorted(s for s, p in start.pieces.items() if p.color == "white") == ["a3", "c3", "d2", "e3", "g3"]
    assert start.piece_at("d2").is_king and not start.piece_at("a3").is_king
    assert sorted(s for s, p in start.pieces.items() if p.color == "black") == ["b8", "d8", "f8", "h8"]


def test_algebraic_fen():
    entry = one('[GameType "26"] [FEN "W:We3,Kh2:Bd4,b6,h8"] 1. e3xa7 *')
    assert entry.game.positions[0].piece_at("h2").is_king


def test_the_numbering_corner_of_a_long_game_type():
    # N0: square 1 is the bottom left, a1, and the numbers run along the rows: c3 = 10, d4 = 14
    entry = one('[GameType "26,W,8,8,N0,0"] 1. 10-14 *')
    assert moves(entry) == ["c3-d4"]


def test_turkish_squares_are_all_64():
    entry = one('[GameType "30,W,8,8,A0,0"] 1. a3-a4 h6-h5 *')
    assert entry.game.rules is TURKISH_PUBLISHED and moves(entry) == ["a3-a4", "h6-h5"]
    assert pdn.numbering(TURKISH)[1] == "a8" and pdn.numbering(TURKISH)[64] == "h1"


def test_a_square_number_off_the_board_is_named():
    (entry,) = pdn.read('[GameType "25"] 1. 22-33 *')
    assert "33" in str(entry.error) and "1–32" in str(entry.error)


# -- which rules -----------------------------------------------------------------------


@pytest.mark.parametrize("value, rules", [("26", BRAZILIAN), ("25", RUSSIAN_PUBLISHED),
                                          ("25,W,8,8,A0,0", RUSSIAN_PUBLISHED), ("30", TURKISH_PUBLISHED)])
def test_the_game_type_picks_the_rules(value, rules):
    assert one(f'[GameType "{value}"] 1. c3-d4 *' if "30" not in value
               else f'[GameType "{value}"] 1. a3-a4 *').game.rules is rules


def test_the_variant_overrides_the_game_type():
    assert one('[GameType "30"] 1. c3-d4 *', variant="german").game.rules is GERMAN
    assert one('[GameType "26"] 1. c3-d4 *', variant=RUSSIAN).game.rules is RUSSIAN


def test_a_game_without_game_type_needs_the_callers_rules():
    (entry,) = pdn.read("1. c3-d4 *")
    assert entry.game is None and "variant=" in str(entry.error)
    assert one("1. c3-d4 *", variant="russian").game.rules is RUSSIAN
    assert one("1. c3-d4 *", default="german").game.rules is GERMAN
    assert one('[GameType "25"] 1. c3-d4 *', default="german").game.rules is RUSSIAN_PUBLISHED  # no override


@pytest.mark.parametrize("value, words", [("20", "international draughts"), ("21", "English draughts"),
                                          ("20,W,10,10,N2,0", "10×10"), ("26,W,8,8,X9", "not of the form")])
def test_a_game_type_damlib_does_not_play_is_named(value, words):
    (entry,) = pdn.read(f'[GameType "{value}"]\n1. 32-28 *')
    assert entry.game is None and words in str(entry.error) and entry.error.line == 1


# -- bad games -------------------------------------------------------------------------


def test_one_broken_game_among_good_ones():
    text = (
        '[Event "one"]\n[GameType "26"]\n\n1. c3-d4 f6-e5 2. d4xf6 g7xe5 *\n\n'
        '[Event "two"]\n[GameType "26"]\n\n1. c3-d4 f6-e5\n2. a3-b4 g7-h6 *\n\n'
        '[Event "three"]\n[GameType "26"]\n\n1. a3-b4 *\n'
    )
    games = pdn.read(text)
    assert [g.tags["Event"] for g in games] == ["one", "two", "three"]
    assert [g.number for g in games] == [1, 2, 3] and [g.line for g in games] == [1, 6, 12]
    good1, bad, good3 = games
    assert moves(good1) == OPENING and moves(good3) == ["a3-b4"]
    assert bad.game is None and [str(m) for m in bad.played.moves] == OPENING[:2]
    error = bad.error
    assert (error.game, error.line, error.move, error.rule) == (2, 10, "a3-b4", "DE-MANDATORY")
    assert str(error).startswith("game 2, line 10: move 2. a3-b4: a3-b4 is not allowed (DE-MANDATORY)")


def test_a_limit_reads_only_the_first_games():
    text = '[GameType "26"]\n1. c3-d4 *\n\n[GameType "26"]\n1. a3-b4 *\n\n[GameType "26"]\n1. e3-f4 *\n'
    assert [moves(g) for g in pdn.read(text, limit=2)] == [["c3-d4"], ["a3-b4"]]
    assert pdn.read(text, limit=0) == [] and len(pdn.read(text, limit=9)) == 3
    for bad in (-1, True, "2", 2.0):
        with pytest.raises(DamlibError, match="limit must be a count"):
            pdn.read(text, limit=bad)
        with pytest.raises(DamlibError, match="max_moves must be a count"):
            pdn.read(text, max_moves=bad)


def test_a_text_with_more_moves_than_a_reader_takes_is_refused_before_any_is_played():
    game = '[GameType "26"]\n1. c3-d4 f6-e5 2. d4xf6 (2. a3-b4) g7xe5 {a comment, not c3-d4} *\n\n'
    assert len(pdn.read(game * 2, max_moves=10)) == 2  # 5 moves a game, the variation's counted
    with pytest.raises(DamlibError, match="more than 10 moves .variations included., the most read here"):
        pdn.read(game * 3, max_moves=10)
    assert len(pdn.read(game * 3, max_moves=10, limit=2)) == 2  # only the games to be read count


@pytest.mark.parametrize("body, words", [
    ("1. c3-d4 {never closed f6-e5 *", "never closed"),
    ("1. c3-d4 (1. a3-b4 f6-e5 *", "never closed"),
    ("1. c3-d4 ) f6-e5 *", "never opened"),
    ("1. c3-d4 f6-e5 2. hello *", "'hello' is not a move"),
    ("1. c3-d4 /FEN \"W:Wc3:Bd6\"/ f6-e5 *", "setup"),
])
def test_what_is_not_pdn_is_named_with_its_line(body, words):
    (entry,) = pdn.read(f'[GameType "26"]\n{body}')
    assert entry.game is None and words in str(entry.error) and entry.error.line == 2


def test_a_bad_fen_is_named():
    (entry,) = pdn.read('[GameType "26"]\n[FEN "W:Wc4:Bd6"]\n1. c4-d5 *')
    assert "FEN" in str(entry.error) and entry.error.line == 2


def test_bad_input_is_a_damlib_error():
    with pytest.raises(DamlibError, match="PDN must be text"):
        pdn.read(42)
    with pytest.raises(DamlibError, match="cannot read the PDN file"):
        pdn.read(DATA / "no such file.pdn")


# -- writing ---------------------------------------------------------------------------


def played(start, texts, referee=False) -> Game:
    game = Game(start, referee=referee)
    for text in texts:
        game.play(text)
    return game


def test_written_pdn_has_the_standard_tags_and_no_fen_from_the_start():
    text = pdn.write(played("german", OPENING), Event="Club", Date="2026.05.01", White="Ana", Black="Bea")
    head, body = text.split("\n\n")
    assert head.splitlines() == ['[Event "Club"]', '[Date "2026.05.01"]', '[White "Ana"]', '[Black "Bea"]',
                                 '[Result "*"]', '[GameType "26"]']
    assert body == "1. c3-d4 f6-e5 2. d4xf6 g7xe5 *"


def test_a_game_from_another_position_writes_its_fen_and_black_first():
    game = played(Position.from_fen("B:Wc3:Bf6,h8", "german"), ["f6-e5", "c3-d4"])
    text = game.pdn()
    assert '[FEN "B:Wc3:Bf6,h8"]' in text and text.endswith("1... f6-e5 2. c3-d4 *")


def test_a_capture_is_written_in_full_where_start_and_end_are_ambiguous():
    # the king on c3 takes d4, then d6 and b6 by e5 and c7, or e7 and b6 by f6 and d8: both
    # take three and end on a5 (DE-KING, DE-MAJORITY), so c3xa5 could be either
    game = played(Position.from_fen("W:WKc3:Bd6,d4,g5,e7,b6", "german"), ["c3:f6:d8:a5"])
    assert game.pdn().endswith("1. c3xf6xd8xa5 *")
    assert [m.captured for m in one(game.pdn()).game.moves] == [("d4", "e7", "b6")]


def test_the_result_of_a_finished_game_is_written():
    game = played(Position.from_fen("W:Wc3:Bd4", "german"), ["c3:e5"])  # Black has no pieces (DE-WIN)
    assert '[Result "1-0"]' in game.pdn() and game.pdn().endswith("1. c3xe5 1-0")
    assert '[Result "2-0"]' in game.pdn(Result="2-0")


def test_seed_rules_with_no_exact_game_type_carry_a_rules_tag_and_read_back_under_them():
    turkish = played("turkish", ["a3-a4", "h6-h5"])
    text = turkish.pdn()
    assert '[GameType "30"]' in text and '[Rules "damlib Turkish"]' in text and "damlib's Turkish rules" in text
    assert one(text).game.rules is TURKISH
    german = played("german", OPENING).pdn()
    assert "[Rules" not in german and "damlib's" not in german


def test_russian_games_use_the_colon_and_the_seed_rules_say_so():
    published, seed = played(RUSSIAN_PUBLISHED, OPENING).pdn(), played(RUSSIAN, OPENING).pdn()
    assert "2. d4:f6 g7:e5" in published and '[GameType "25"]' in published and "[Rules" not in published
    assert '[GameType "25"]' in seed and '[Rules "damlib Russian"]' in seed and "damlib's Russian rules" in seed
    assert one(published).game.rules is RUSSIAN_PUBLISHED and one(seed).game.rules is RUSSIAN


def test_tag_values_are_escaped_and_bad_tags_refused():
    text = pdn.write(played("german", ["c3-d4"]), Event='The "Open" \\ 2026')
    assert one(text).tags["Event"] == 'The "Open" \\ 2026'
    for bad in ({"event": "x"}, {"Event": 3}, {"Event": "two\nlines"}):
        with pytest.raises(DamlibError):
            pdn.write(played("german", ["c3-d4"]), **bad)
    with pytest.raises(DamlibError, match="Game"):
        pdn.write("1. c3-d4")


def test_comments_are_written_and_a_closing_brace_inside_cannot_end_one():
    game = played("german", OPENING)
    entry = one(pdn.write(game, comments={0: "start", 2: ["a {reply}"]}))
    assert entry.comments == {0: ("start",), 2: ("a {reply)",)}


def test_a_referee_game_with_a_mistake_let_stand_reads_back():
    # White takes 1 piece where 2 are there (DE-MAJORITY); Black lets it stand (DE-PENALTY)
    game = Game(Position.from_fen("W:We3,a1:Bd4,b6,f4,h8", "german"), referee=True)
    game.play("e3:g5")
    game.let_stand()
    game.play("h8-g7")
    text = game.pdn()
    assert '[Referee "yes"]' in text and "1. e3xg5 h8-g7" in text
    back = one(text).game
    assert back.moves == game.moves and back.referee


def test_save_writes_a_file_and_never_overwrites(tmp_path):
    game = played("german", OPENING)
    first = pdn.save(game, tmp_path, "lesson")
    second = pdn.save(game, tmp_path, "lesson.pdn")
    assert (first.name, second.name) == ("lesson.pdn", "lesson-2.pdn")
    assert moves(one(first)) == OPENING
    assert pdn.save(game, tmp_path).name.startswith("german-")
    with pytest.raises(DamlibError):
        pdn.save(game, tmp_path, "../elsewhere")


# -- round trips -----------------------------------------------------------------------


SHIPPED = {"brazilian": pdn.read(DATA / "lidraughts-brazilian-games.pdn"),
           "ussr-1950": pdn.read(DATA / "ussr-1950-russian.pdn", variant=RUSSIAN_PUBLISHED),
           "ussr-1950 under the seed's rules": pdn.read(DATA / "ussr-1950-russian.pdn", variant=RUSSIAN)}


@pytest.mark.parametrize("name", SHIPPED)
def test_every_shipped_game_reads_back_the_same_after_writing(name):
    for entry in SHIPPED[name]:
        game = entry.game or entry.played
        text = pdn.write(game, entry.comments, **entry.tags)
        back = one(text)
        assert back.game.moves == game.moves and [m.path for m in back.game.moves] == [m.path for m in game.moves]
        assert back.game.positions[0] == game.positions[0] and back.game.rules == game.rules
        assert back.result == entry.result and back.tags["White"] == entry.tags["White"]


@pytest.mark.parametrize("rules", [GERMAN, RUSSIAN, RUSSIAN_PUBLISHED, TURKISH, TURKISH_PUBLISHED, BRAZILIAN])
def test_games_played_to_the_end_read_back(rules):
    """A game of each kind, the first legal move at each turn, with every capture in it."""
    game = Game(rules)
    while not game.result and len(game.moves) < 200:
        game.play(game.legal_moves[len(game.moves) % len(game.legal_moves)])
    back = one(game.pdn()).game
    assert back.moves == game.moves and back.result == game.result
    assert not back.rules.differences(rules)


# -- the play board saves its game -----------------------------------------------------


def test_the_play_board_saves_its_game_as_pdn_beside_the_notebook(tmp_path, monkeypatch):
    from damlib.widgets import PlayBoard

    monkeypatch.chdir(tmp_path)  # a notebook's kernel works in the notebook's folder
    board = PlayBoard("russian")
    for square in ("c3", "d4", "f6", "e5", "d4", "f6"):
        board.board.click(square)
    save = next(c for box in board.children for c in getattr(box, "children", ())
                if getattr(c, "description", "") == "Save game")
    save.click()
    (path,) = tmp_path.glob("russian-*.pdn")
    assert path.name in board.saved.value and board.saved_text.layout.display is None
    assert board.saved_text.value == path.read_text(encoding="utf-8")
    entry = one(path)
    assert entry.game.moves == board.game.moves and entry.tags["Event"] == "damlib Russian game"
    board.save_folder = tmp_path / "missing"
    save.click()
    assert "Not saved." in board.saved.value  # said on the board, not raised into the notebook


@pytest.mark.parametrize("tags", [
    '[GameType "' + "2" * 5000 + '"]',  # past Python's integer-string limit (issue 26)
    '[GameType "26"]\n[FEN "W:W' + "1" * 5000 + ':B1"]',
    '[GameType "26"]\n[FEN "W:W1-' + "1" * 5000 + ':B30"]',
])
def test_a_number_thousands_of_digits_long_spoils_only_its_own_game(tags):
    read = pdn.read(f'{tags}\n1. c3-d4 *\n\n[GameType "26"]\n1. c3-d4 *\n')
    assert len(read) == 2 and read[0].error is not None and read[1].error is None
    assert len(str(read[0].error)) < 200  # the number is not echoed whole


def test_a_capture_mistake_let_stand_on_the_last_move_reads_back_as_let_stand():
    # issue 26: W:Wc3,h2:Bd4,g7, h2-g3 (c3 had to take d4: DE-MANDATORY), let stand, written, read
    game = Game(Position.from_fen("W:Wc3,h2:Bd4,g7", GERMAN), referee=True)
    game.play("h2-g3")
    game.let_stand()
    (entry,) = pdn.read(game.pdn())
    assert entry.error is None and entry.game.pending is None
    assert [str(m) for m in entry.game.legal_moves] == [str(m) for m in game.legal_moves]  # Black plays on


def test_a_game_saved_while_the_choice_is_open_reads_back_with_the_choice_open():
    game = Game(Position.from_fen("W:Wc3,h2:Bd4,g7", GERMAN), referee=True)
    game.play("h2-g3")
    text = game.pdn()
    assert pdn.CHOICE_PENDING in text
    (entry,) = pdn.read(text)
    assert entry.game.pending is not None and entry.game.pending.rule == "DE-PENALTY"
    entry.game.take_back()
    assert [str(m) for m in entry.game.legal_moves] == ["c3:e5"]


def test_a_capture_named_landing_by_landing_means_that_capture_without_the_majority_rule():
    # issue 26: RUSSIAN_PUBLISHED has no majority rule; h2:f4:d2 names every landing of a legal
    # capture, and h2:f4:d6:f8:h6:d2 passes f4 on its way to d2 too: the text means the first
    position = Position.from_fen("W:Wb2,h2,c5:Be3,e5,f6,c7,e7,g7,b8,d8,Kg3", RUSSIAN_PUBLISHED)
    assert str(position.parse_move("h2:f4:d2")) == "h2:f4:d2"
    assert str(position.parse_move("h2:f4:d6:f8:h6:d2")) == "h2:f4:d6:f8:h6:d2"
    game = Game(position)
    game.play("h2:f4:d2")
    (entry,) = pdn.read(game.pdn())
    assert entry.error is None and entry.game.moves == game.moves


def test_unclosed_comments_and_a_huge_tag_value_are_read_in_one_pass():
    # issue 26: 200 KB of '{' took 12 s (a scan to the end from every brace) and a 1 MB tag value
    # 461 MB; both are one token now (this test would take minutes the old way)
    (entry,) = pdn.read('[GameType "26"]\n1. c3-d4 ' + "{" * 200_000)
    assert "never closed" in str(entry.error)
    (entry,) = pdn.read('[Event "' + "x" * 1_000_000 + '"]\n[GameType "26"]\n1. c3-d4 *\n')
    assert entry.error is None and len(entry.tags["Event"]) == 1_000_000
    (entry,) = pdn.read('[Event "a \\"quoted\\" \\\\ word"]\n[GameType "26"]\n1. c3-d4 *\n')
    assert entry.tags["Event"] == 'a "quoted" \\ word'


# -- a file, named or open -------------------------------------------------------------


def test_a_file_is_read_whether_named_by_a_path_opened_or_named_by_read_file(tmp_path):
    path = tmp_path / "games.pdn"
    path.write_text('[GameType "26"]\n1. c3-d4 f6-e5 *\n\n[GameType "25"]\n1. c3-b4 *\n', encoding="utf-8")
    with path.open(encoding="utf-8") as text, path.open("rb") as data:
        read = [pdn.read(path), pdn.read(text), pdn.read(data), pdn.read_file(str(path)), pdn.read_file(path)]
    as_text = pdn.read(path.read_text(encoding="utf-8"))
    assert [len(entry.game.moves) for entry in as_text] == [2, 1]
    assert [entry.game.rules for entry in as_text] == [BRAZILIAN, RUSSIAN_PUBLISHED]  # GameType 26 and 25
    for games in read:
        assert [(entry.game.moves, entry.game.rules) for entry in games] == [
            (entry.game.moves, entry.game.rules) for entry in as_text]


def test_a_file_name_given_as_text_is_refused_not_read_as_one_broken_game(tmp_path):
    # it used to read as one game with no GameType tag, quietly unreadable
    raises(DamlibError, lambda: pdn.read("games.pdn"), "read_file('games.pdn')")
    assert pdn.read("1. c3-d4 *", default="german")[0].game is not None  # move text is still text
    raises(DamlibError, lambda: pdn.read_file(tmp_path / "missing.pdn"), "missing.pdn")
