"""The printed set in handouts/: a rule handout per game, the class worksheet and its answer key.

A committed PDF is current when a fresh one, made in tmp_path, shows the same content: the
fingerprint damlib stores in each PDF covers every position, move and sentence on it and the
page layout's version, and does not depend on the matplotlib version that drew it."""

import re
from pathlib import Path

import pytest
from conftest import ROOT, RULES_MD

import damlib
from damlib import Game, Position, explain
from damlib.handout import (
    ANSWER_KEY,
    EXAMPLES,
    GAMES,
    SESSIONS,
    WORKSHEET,
    example,
    file_name,
    main,
    render,
    rule_ids,
    save_all,
    save_handout,
    session_files,
)
from damlib.play.referee import capture_stages
from damlib.printed import pages
from damlib.printed.pages import page_count, stored_fingerprint

#: among the slowest minute of the suite: deselect with -m 'not slow'
pytestmark = pytest.mark.slow

HANDOUTS = ROOT / "handouts"
#: docs/rules.md: the DE-* rules are German's; Russian's are the same but that RU-PROMOTE replaces
#: DE-PROMOTE-PASS; the TR-* rules are Turkish's.
RULE_IDS = set(re.findall(r"\b(?:DE|RU|TR)-[A-Z]+(?:-[A-Z]+)*\b", RULES_MD.read_text(encoding="utf-8")))
GERMAN_IDS = {r for r in RULE_IDS if r.startswith("DE-")}
EXPECTED = {"German": GERMAN_IDS, "Russian": GERMAN_IDS - {"DE-PROMOTE-PASS"} | {"RU-PROMOTE"},
            "Turkish": {r for r in RULE_IDS if r.startswith("TR-")}}


#: each language's printed set: English's in handouts/, every other's in handouts/<code>/
PRINTED = {"en": HANDOUTS, **{folder.name: folder for folder in sorted(HANDOUTS.iterdir()) if folder.is_dir()}}


@pytest.fixture(scope="module")
def fresh(tmp_path_factory):
    folder = tmp_path_factory.mktemp("handouts")
    save_all(folder)
    return folder


@pytest.fixture(scope="module")
def made(fresh, tmp_path_factory):
    """``made(code)``: each file of the printed set made afresh in the language ``code``, by name,
    as (the fingerprint stored in it, its pages). English's read from the PDFs :func:`fresh`
    wrote; another language's as ``save_all`` hands them to ``pages.save``, which is not let write
    them: the PDFs' writing is most of a set's time, some 20 s a language."""
    sets = {"en": {path.name: (stored_fingerprint(path.read_bytes()), page_count(path.read_bytes()))
                   for path in fresh.glob("*.pdf")}}

    def make(code):
        if code not in sets:
            kept = sets[code] = {}

            def record(drawn, path, title, print_id):
                kept[Path(path).name] = (print_id, len(drawn))
                return [Path(path)]

            damlib.set_language(code)
            try:
                with pytest.MonkeyPatch.context() as patch:
                    patch.setattr(pages, "save", record)
                    save_all(tmp_path_factory.mktemp(f"handouts-{code}"))
            finally:
                damlib.set_language("en")
        return sets[code]

    return make


def test_a_handout_per_game_is_committed_with_the_games_name_in_its_file_name():
    names = {p.name for p in HANDOUTS.glob("*.pdf")}
    for game in GAMES:
        assert game.name.lower() in file_name(game) and file_name(game) in names
    assert {WORKSHEET, ANSWER_KEY} <= names


SESSION_FILES = [name for session in SESSIONS for name in session_files(session)]


@pytest.mark.parametrize("name", [file_name(g) for g in GAMES] + [WORKSHEET, ANSWER_KEY] + SESSION_FILES)
@pytest.mark.parametrize("code", PRINTED)
def test_the_committed_pdfs_are_current(made, name, code):
    folder = PRINTED[code]
    committed, (fingerprint, count) = (folder / name).read_bytes(), made(code)[name]
    assert fingerprint is not None
    command = "python -m damlib.handout handouts" + ("" if code == "en" else f"/{code} --language {code}")
    assert stored_fingerprint(committed) == fingerprint, (
        f"{folder.relative_to(ROOT)}/{name} is stale: run `{command}` and commit the result")
    assert page_count(committed) == count


@pytest.mark.parametrize("code", [code for code in PRINTED if code != "en"])
def test_each_languages_set_differs_from_the_english_one_in_words_only(made, code):
    # a handout stays on one sheet (a longer language in slightly smaller type, SIZES)
    for name in [file_name(g) for g in GAMES] + [WORKSHEET, ANSWER_KEY]:
        (english, english_pages), (translated, pages_translated) = made("en")[name], made(code)[name]
        assert english != translated and english_pages == pages_translated


@pytest.mark.parametrize("arguments, said", [(["handouts", "--language"], "usage"), (["--language", "tlh"], "tlh"),
                                             (["a", "b"], "usage")])
def test_the_command_refuses_what_it_cannot_do(arguments, said, capsys):
    with pytest.raises(SystemExit) as stop:
        main(arguments)
    assert said in str(stop.value)


@pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
def test_each_handout_states_every_rule_of_its_game(fresh, game):
    assert set(rule_ids(game)) == EXPECTED[game.name]
    assert page_count((fresh / file_name(game)).read_bytes()) == len(render(game))
    written = " ".join(t.get_text() for page in render(game) for t in page.texts)
    for rule in EXPECTED[game.name]:
        assert rule in written, rule


def test_the_committed_set_has_the_class_sets_page_counts(fresh):
    # 26 questions, four a page on the worksheet and in the key: 7 pages each
    assert page_count((HANDOUTS / WORKSHEET).read_bytes()) == 7
    assert page_count((HANDOUTS / ANSWER_KEY).read_bytes()) == 7


def test_a_handout_is_the_same_bytes_every_time_it_is_made(tmp_path):
    save_handout("turkish", tmp_path / "a.pdf")
    save_handout("turkish", tmp_path / "b.pdf")
    assert (tmp_path / "a.pdf").read_bytes() == (tmp_path / "b.pdf").read_bytes()
    assert b"CreationDate" not in (tmp_path / "a.pdf").read_bytes()



# -- each rule's board shows the rule happening -------------------------------------------

LAST_RANK = {"white": "8", "black": "1"}


def far(a: str, b: str) -> int:
    """How many steps apart two squares on one line are."""
    return max(abs(ord(a[0]) - ord(b[0])), abs(int(a[1]) - int(b[1])))


def between(a: str, b: str) -> set[str]:
    """The squares strictly between two squares on one line."""
    df = (ord(b[0]) > ord(a[0])) - (ord(b[0]) < ord(a[0]))
    dr = (int(b[1]) > int(a[1])) - (int(b[1]) < int(a[1]))
    return {f"{chr(ord(a[0]) + df * k)}{int(a[1]) + dr * k}" for k in range(1, far(a, b))}


def crowned_mid_capture(position, move) -> bool:
    """A man lands on its last rank before its capture ends, and jumps on from there as a king."""
    crowned = next((stage for stage in capture_stages(move) if stage.king), None)
    return (not position.piece_at(move.start).is_king and crowned is not None
            and crowned.path[-1][1] == LAST_RANK[position.turn] and crowned.path[-1] != move.end)


def backward_or_sideways(position, move) -> bool:
    return move.end[1] <= move.start[1] if position.turn == "white" else move.end[1] >= move.start[1]


def over_an_emptied_square(move) -> bool:
    """A later jump passes over a square whose piece an earlier jump took."""
    legs = list(zip(move.path[1:], move.path[2:], strict=False))
    return any(move.captured[i] in between(a, b) for n, (a, b) in enumerate(legs, 1) for i in range(n))


#: What the board of each rule must show (by the rule ID's topic), worked from docs/rules.md.
SHOWS = {
    "MAN-MOVE": lambda p, m: not m.is_capture and not p.piece_at(m.start).is_king,
    "MAN-CAPTURE": lambda p, m: m.is_capture and not p.piece_at(m.start).is_king and backward_or_sideways(p, m),
    "MANDATORY": lambda p, m: m.is_capture,
    "PROMOTE": lambda p, m: m.promotes and not p.piece_at(m.start).is_king and m.end[1] == LAST_RANK[p.turn],
    "KING": lambda p, m: p.piece_at(m.start).is_king and m.is_capture and far(m.start, m.captured[0]) > 1,
    "MAJORITY": lambda p, m: len(m.captured) == max(len(x.captured) for x in p.legal_moves) > 1,
    "STRIKE": lambda p, m: len(m.captured) > 1,
    "PROMOTE-PASS": lambda p, m: not m.promotes and any(s[1] == LAST_RANK[p.turn] for s in m.path[1:-1]),
    "REMOVE": lambda p, m: over_an_emptied_square(m),
}
#: The rules whose board shows a man crowned mid-capture, jumping on as a king.
CROWNED_MID_CAPTURE = {"RU-PROMOTE", "TR-PROMOTE"}


@pytest.mark.parametrize(("game", "rule"), [(game.name, rule) for game in GAMES for rule in rule_ids(game)
                                            if EXAMPLES[rule].fen is not None])
def test_each_rules_board_shows_the_rule_happening(game, rule):
    position, move, entry = example(rule, game)
    assert move is not None and move in position.legal_moves
    assert move.end in entry.caption  # the sentence under the rule says where the move drawn goes
    topic = rule.split("-", 1)[1]
    if rule in CROWNED_MID_CAPTURE:
        assert crowned_mid_capture(position, move)
    elif topic in ("DRAW", "WIN"):  # the move drawn ends the game by this rule
        played = Game(Position.from_fen(entry.fen, game))
        for step in (*entry.before, move):
            played.play(step)
        assert played.result is not None and played.result.rule == rule
        assert topic == "WIN" or played.position == Position.from_fen(entry.fen, game)  # the third time
    elif topic == "PENALTY":  # the mistake drawn in red, and what follows it
        refereed = Game(position, referee=True)
        refereed.play(entry.refused)
        if rule == "DE-PENALTY":  # the opponent chooses; taken back, the capture drawn is played
            assert refereed.pending is not None and refereed.pending.rule == rule
            refereed.take_back()
            assert refereed.legal_moves == (move,)
        else:  # the mistake loses at once
            assert refereed.result is not None and refereed.result.rule == rule
            assert refereed.result.winner != position.turn
        assert entry.refused in entry.caption
    else:
        assert SHOWS[topic](position, move), str(move)
    if entry.refused and topic != "PENALTY":  # the red move is one this rule forbids
        assert f"({rule})" in explain(position, entry.refused)
        assert re.split("[-:]", entry.refused)[-1] in entry.caption


def test_every_rule_with_a_board_of_its_own_has_a_check_of_what_it_shows():
    drawn = {rule for game in GAMES for rule in rule_ids(game) if EXAMPLES[rule].fen is not None}
    topics = {rule.split("-", 1)[1] for rule in drawn - CROWNED_MID_CAPTURE}
    assert topics <= set(SHOWS) | {"DRAW", "WIN", "PENALTY"}
    assert {rule for game in GAMES for rule in rule_ids(game)} == set(EXAMPLES)


def test_the_teachers_guide_cites_the_worksheet_pages_its_questions_are_on():
    from damlib.exercises import EXERCISES
    from damlib.printed.worksheet import SHEET_GRID

    per_page = SHEET_GRID[0] * SHEET_GRID[1]
    guide = (ROOT / "docs" / "teaching.md").read_text(encoding="utf-8")
    cited = re.findall(r"the (German|Russian|Turkish) questions \((\d+)–(\d+), pages (\d+)–(\d+)\)", guide)
    assert cited  # the German check of session 4
    for game, first, last, from_page, to_page in cited:
        numbers = range(int(first), int(last) + 1)
        assert {EXERCISES[n - 1].rules.name for n in numbers} == {game}
        assert (int(from_page), int(to_page)) == (-(-int(first) // per_page), -(-int(last) // per_page))


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_every_handout_board_prints_for_a_class(game):
    # as on a worksheet: at least 6 cm wide, the coordinates at least 7 pt
    from damlib.printed.pages import WIDTH

    for page in render(game):
        for ax in page.axes:
            assert ax.get_position().width * WIDTH * 2.54 >= 6.0
            # the coordinates stand outside the squares (a route's landing numbers stand on them)
            coordinates = [t for t in ax.texts if min(t.get_position()) < 0]
            assert len(coordinates) == 16 and min(t.get_fontsize() for t in coordinates) >= 7


@pytest.mark.parametrize(("game", "rule"), [(game.name, rule) for game in GAMES for rule in rule_ids(game)
                                            if EXAMPLES[rule].fen is not None])
def test_each_rules_board_draws_every_square_its_sentence_names(game, rule):
    # "to d4 or b4" draws both steps; "any empty square beyond it: e5, f6, g7 or h8" all four landings
    position, move, entry = example(rule, game)
    drawn = [move, *(position.parse_move(m) for m in entry.also)]
    assert all(m in position.legal_moves for m in drawn)
    moves = r"[a-h][1-8](?:[-:][a-h][1-8])+"
    named = set(re.findall(r"\b[a-h][1-8]\b", re.sub(moves, "", entry.caption)))  # squares, not in a move text
    for legal in position.legal_moves:  # each move of the piece drawn to a square the sentence names
        if legal.start == move.start and legal.end in named:
            assert legal in drawn, str(legal)
    refused = set(re.findall(r"[a-h][1-8]", entry.refused or ""))
    marked = {square for m in drawn for square in (*m.path, *m.captured)} | refused
    start = Position.from_fen(entry.fen, game)
    standing = set(position.pieces) | set(start.pieces)
    named |= {square for text in re.findall(moves, entry.caption) for square in re.findall("[a-h][1-8]", text)}
    assert named <= marked | standing, named - marked - standing  # every square named is on the picture


def _numbers(phrase: str) -> set[int]:
    """The questions a phrase of the guide names: "1, 2 and 3", "19 to 22, 24 and 25"."""
    found = set()
    for first, last in re.findall(r"(\d+)(?: to (\d+))?", phrase):
        found |= set(range(int(first), int(last or first) + 1))
    return found


def test_each_session_of_the_guide_has_its_own_worksheet_of_its_own_questions():
    from damlib.exercises import EXERCISES

    guide = (ROOT / "docs" / "teaching.md").read_text(encoding="utf-8")
    # "session 6, levels …, exercises 17, 18, 23 and 26;" and "### Session 2 — … exercises 4 and 5."
    set_lines = re.findall(r"(?s)### Sessions? (\d+)(?: and \d+)? — .*?\*\*Set\*\*: (.*?)\n- \*\*", guide)
    planned: dict[int, set[int]] = {}
    for heading, text in set_lines:
        parts = re.split(r"(?=session (\d+), )", text)
        for part in [p for p in parts if p and not p.isdigit()]:
            number = re.match(r"session (\d+), ", part)
            phrase = re.search(r"exercises ([\d ,to and]+)", part)
            if phrase and _numbers(phrase.group(1)):  # session 8 sets the whole class set
                planned[int(number.group(1)) if number else int(heading)] = _numbers(phrase.group(1))
    assert planned == {session: set(numbers) for session, numbers in SESSIONS.items()}
    for session, numbers in SESSIONS.items():
        assert len({EXERCISES[n - 1].rules.name for n in numbers}) == 1  # one game each
        for name in session_files(session):
            assert name in guide and all((folder / name).exists() for folder in PRINTED.values())


def test_a_line_of_cyrillic_or_latin_text_fits_its_column_as_drawn() -> None:
    # characters counted at a Latin letter's width let Russian run into the next column
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    page = Figure(figsize=(pages.WIDTH, pages.HEIGHT), dpi=600)  # fine enough to measure as a PDF draws
    renderer = FigureCanvasAgg(page).get_renderer()
    for text in ("Белые ходят первыми и должны бить, если могут: это правило обязательно для всех шашек, "
                 "простых и дамок, на всех полях доски.",
                 "Weiß zieht zuerst und muss schlagen, wenn es kann: Schlagzwang gilt für jeden Stein und jede Dame."):
        shown = pages.lines(text, 2.5)
        assert " ".join(shown) == text
        for line in shown:
            assert page.text(0, 0, line, fontsize=pages.BODY).get_window_extent(renderer).width / 600 <= 2.5, line
