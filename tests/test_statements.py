"""What the lessons, the levels and the docs say about the rules, checked against the rule texts
(docs/rules.md, from the Esperanto texts) and, where it is about a position, against the engine."""

from __future__ import annotations

import json
import re

import pytest
from conftest import ROOT, committed_text

LESSONS = sorted((ROOT / "notebooks").rglob("*.ipynb"))
DOCS = sorted((ROOT / "docs").glob("*.md"))


def said(path) -> str:
    """Everything a person reads in a lesson (its cells and their outputs) or a doc."""
    if path.suffix != ".ipynb":
        return path.read_text(encoding="utf-8")
    cells = json.loads(committed_text(path))["cells"]
    return "\n".join("".join(c["source"]) + "".join("".join(o.get("text", "")) + "".join(
        o.get("data", {}).get("text/markdown", "")) for o in c.get("outputs", [])) for c in cells)


@pytest.mark.parametrize("path", LESSONS + DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_the_board_is_said_as_the_text_says_with_no_guess_at_why(path):
    # DE-BOARD: the text plays "on the white squares", with a white square lower left; how the
    # diagrams draw them is a convention, and why the text says white is not known
    text = said(path)
    for guess in ("real board", "old printed", "old diagrams", "colour-inverted;", "text's own diagrams",
                  "vera tabulo", "malnovaj presitaj", "malnovaj diagramoj", "propraj diagramoj de la regulteksto"):
        assert guess not in text, (path.name, guess)


def test_the_rules_statement_of_the_board_quotes_the_text():
    board = next(line for line in (ROOT / "docs/rules.md").read_text().splitlines() if line.startswith("| DE-BOARD"))
    assert "oni ludas sur la blankaj fakoj" in board and "white square in the lower-left corner" in board


def test_the_guide_gives_each_lesson_the_minutes_the_lesson_gives_itself():
    # the course's table in 01: "| 4 | `04-russian`: ... | 15 min |", and 01 itself "| 1 | Start here"
    table = said(ROOT / "notebooks/01-start-here.ipynb")
    own = {f"{int(n):02}": minutes for n, minutes in re.findall(r"^\| (\d+) \|[^|]*\| (\d+) min \|", table, re.M)}
    guide = (ROOT / "docs/teaching.md").read_text()
    given = re.findall(r"`(\d\d)-[\w-]+\.ipynb` \((\d+) minutes", guide)
    given += re.findall(r"(01) then takes (\d+) minutes", guide)
    assert len(given) >= 4 and all(own[lesson] == minutes for lesson, minutes in given), (own, given)
    # a lesson taught over two sessions: its parts add up to its own minutes
    parts: dict[str, int] = {}
    for minutes, lesson in re.findall(r"(\d+)\s+minutes for (\d\d)'s", guide):
        parts[lesson] = parts.get(lesson, 0) + int(minutes)
    assert set(parts) >= {"02", "03", "05"} and all(int(own[lesson]) == total for lesson, total in parts.items()), \
        (own, parts)


def test_every_session_of_the_guide_fills_its_45_minutes_with_one_check():
    guide = (ROOT / "docs/teaching.md").read_text()
    sessions = re.split(r"^### ", guide, flags=re.M)[1:]
    timed = [session for session in sessions if "**Timing**" in session]
    assert len(timed) >= 8
    for session in timed:
        timing = session.split("**Timing**", 1)[1].split("\n- **", 1)[0]
        # sessions 6 and 7 share one plan: each its own 45 minutes
        for part in re.split(r"Session \d+,", timing) if "Session 7," in timing else [timing]:
            if "minutes" in part:
                assert sum(map(int, re.findall(r"(\d+)\s+minutes", part))) == 45, (session[:40], part)
        # one check sheet, not two: the class worksheet's pages are for home
        assert "as a\n  check" not in session and "as a check" not in session, session[:40]


@pytest.mark.parametrize("level_id", ["de-draw-3", "ru-draw-3", "tr-draw-3"])
def test_a_draw_level_says_neither_side_can_force_a_win_for_a_blunder_can_still_lose(level_id):
    from damlib import Position
    from damlib.learn import LEVELS

    level = next(level for level in LEVELS if level.id == level_id)
    start = Position.from_fen(level.fen, level.rules)

    def white_left(position):
        return [piece for piece in position.pieces.values() if piece.color == "white"]

    def lost_by_a_blunder(position, plies):
        """Whether White, to move in ``position``, can within ``plies`` more plies (any of Black's
        replies on the way) play a move after which Black takes White's last piece."""
        for move in position.legal_moves:
            after = position.play(move)
            if any(not white_left(after.play(reply)) for reply in after.legal_moves):
                return True
            if plies > 0 and any(lost_by_a_blunder(after.play(reply), plies - 2) for reply in after.legal_moves):
                return True
        return False

    # king against king: White can still lose, so "no one can win" is false; a win cannot be forced
    assert lost_by_a_blunder(start, 2), level_id
    assert level.goal.startswith("Neither side can force a win.") and "No one can win" not in level.goal


@pytest.mark.parametrize("path", LESSONS + DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_brazilian_draughts_is_said_to_share_the_moves_and_captures_not_every_rule(path):
    # published Brazilian rules add draw rules the German text does not have
    text = said(path)
    for claim in ("exactly the German rules", "identical to German", "which are the\nrules of these lessons",
                  "rules of these lessons", "known today as **Brazilian", "ekzakte la germanajn regulojn",
                  "kiuj estas la\nreguloj de ĉi tiuj lecionoj", "hodiaŭ konas kiel **brazila"):
        assert claim not in text, (path.name, claim)


#: "click the <piece> on <square>, then <the squares it lands on>." in each language's lessons
CLICK_THEN = re.compile(r"(?:click the \w+ on|klaku la \w+ sur|Klicke auf die \w+ auf|щёлкните \w+ на) [a-h][1-8],"
                        r" (?:then|poste|dann|затем)[^.]*\.|[a-h][1-8] karesindeki \w+, sonra[^.]*\.")


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: str(p.relative_to(ROOT)))
def test_the_squares_a_lesson_says_to_click_are_a_legal_move_on_the_board_below(path):
    # "click the king on a1, then each square it lands on, in turn: a5, d5, d3, a3", in each
    # language: the squares of that sentence, in the order it names them
    from damlib import Position

    cells = json.loads(committed_text(path))["cells"]
    checked = 0
    for i, cell in enumerate(cells):
        told = CLICK_THEN.search("".join(cell["source"]))
        if not told:
            continue
        board = "".join(cells[i + 1]["source"])
        fen, game = re.search(r'PlayBoard\("(\w+)", fen="([^"]+)"', board).group(2, 1)
        squares = tuple(re.findall(r"\b[a-h][1-8]\b", told[0]))
        assert squares in {m.path for m in Position.from_fen(fen, game).legal_moves}, (path.name, squares)
        checked += 1
    assert checked or "05-turkish" not in path.name  # TR-REMOVE's loop is played so


def test_a_level_practised_before_the_mens_step_is_taught_says_how_its_man_steps():
    # no forward reference: before DE-MAN-MOVE (TR-MAN-MOVE) is taught, a level that asks for a man's
    # step names the square it goes to, or says how a man steps
    from damlib import Position
    from damlib.learn import LEVELS, taught

    for level in LEVELS:
        if level.rules.rule_id("man-move") in taught(level):
            continue
        position = Position.from_fen(level.fen, level.rules)
        for text in level.solution:
            move = position.parse_move(text)
            if not move.captured and not position.piece_at(move.start).is_king:
                assert move.end in level.goal or any(
                    way in level.goal for way in ("diagonally forward", "sideways", "straight forward")), level.id
            position = position.play(move)


def test_a_level_of_a_rule_shared_with_another_game_says_so_and_why():
    from damlib.learn import STAGES, rule_heading

    for level in STAGES["Russian"]:
        said = rule_heading(level.rules, level.rule)
        if level.rule.startswith("DE-"):
            # Russian differs from German in RU-PROMOTE alone (docs/rules.md)
            assert f"the same rule as in German ({level.rule}), since Russian differs from German only in " \
                   "RU-PROMOTE" in said, level.id
        else:
            assert said.endswith(f"({level.rule})") and "same rule" not in said


def test_the_russian_stage_opens_with_the_board_and_comes_to_its_own_rule_after_the_kings():
    from damlib.learn import STAGES

    rules = [level.rule for level in STAGES["Russian"]]
    assert rules[0] == "DE-BOARD" and rules.index("RU-PROMOTE") > max(n for n, r in enumerate(rules) if r == "DE-KING")


@pytest.mark.parametrize("lesson, folder", [("notebooks/10-teacher.ipynb", "handouts"),
                                            ("notebooks/eo/10-teacher.ipynb", "handouts/eo")])
def test_the_teacher_lesson_gives_the_rule_handouts_the_pages_they_have(lesson, folder):
    numbers = {"two": 2, "three": 3, "four": 4, "five": 5, "du": 2, "tri": 3, "kvar": 4, "kvin": 5}
    said_pages = re.search(r"(\w+) A4[ -]pa", said(ROOT / lesson))
    assert said_pages, lesson
    for game in ("german", "russian", "turkish"):
        pdf = (ROOT / folder / f"{game}-rules.pdf").read_bytes()
        assert numbers[said_pages[1]] == len(re.findall(rb"/Type\s*/Page\b", pdf)), (lesson, game)


def test_a_capture_the_majority_rule_refuses_is_drawn_refused():
    # 03's "a king counts one": h2:f4 takes the king, one piece, where e3:c5:a7 takes two (DE-MAJORITY)
    from damlib import Position, explain

    for path in (ROOT / "notebooks/03-german-captures.ipynb", ROOT / "notebooks/eo/03-german-captures.ipynb"):
        cell = next(c for c in json.loads(committed_text(path))["cells"] if "king_or_men = " in "".join(c["source"]))
        source = "".join(cell["source"])
        assert 'refused=["h2:f4"]' in source and '"h2:f4"]' not in source.split("refused=")[0], path
    assert "(DE-MAJORITY)" in explain(Position.from_fen("W:We3,h2:Bd4,b6,Kg3", "german"), "h2:f4")


@pytest.mark.parametrize("level_id", ["de-strike-1", "de-strike-3", "ru-strike-2", "tr-remove-2"])
def test_a_hint_says_what_the_capture_does_with_the_squares_it_crosses(level_id):
    from damlib.learn import LEVELS

    level = next(level for level in LEVELS if level.id == level_id)
    attempt = level.attempt()
    attempt.hint()
    said_hint = attempt.hint()
    path = level.solution[0].split(":")
    if level_id == "tr-remove-2":
        # c1:c6:f6:f4:c4 ends on c4, the square of the first man it jumped (TR-REMOVE)
        assert path[-1] == "c4" and "land on its empty square" in said_hint
    else:
        # a loop back to the start square, each leg over one man: no square crossed twice
        assert path[0] == path[-1] and "cross a square twice" not in said_hint
        assert "the square a capture starts from counts as empty" in said_hint


@pytest.mark.parametrize("level_id", ["de-draw-3", "ru-draw-3", "tr-draw-3"])
def test_neither_side_can_force_a_win_from_a_draw_levels_kings(level_id):
    # "Neither side can force a win": solved over every king-against-king position of the game. A
    # side loses with no piece or no move (DE-WIN, TR-WIN); the only draw is threefold repetition
    # (DE-DRAW, TR-DRAW), so a position from which the side to move cannot be driven into a loss in
    # a bounded number of moves, nor drive the other into one, ends in repetition: a draw.
    from conftest import playable_squares

    from damlib import Position
    from damlib.learn import LEVELS

    level = next(level for level in LEVELS if level.id == level_id)
    squares = playable_squares(level.rules)
    after = {}
    for turn in "WB":
        for white in squares:
            for black in squares:
                if white != black:
                    position = Position.from_fen(f"{turn}:WK{white}:BK{black}", level.rules)
                    after[position.fen] = [position.play(move).fen for move in position.legal_moves]
    lost = {fen for fen, nexts in after.items() if not nexts}  # the side to move cannot move
    won: set[str] = set()
    while True:  # retrograde: won if a move reaches a lost position; lost if every move reaches a won one
        more_won = {fen for fen, nexts in after.items() if fen not in won and any(n in lost or n not in after
                                                                                  for n in nexts)}
        more_lost = {fen for fen, nexts in after.items() if fen not in lost and nexts and all(n in won | more_won
                                                                                             for n in nexts)}
        if not more_won and not more_lost:
            break
        won |= more_won
        lost |= more_lost
    start = Position.from_fen(level.fen, level.rules).fen
    assert start in after and start not in won and start not in lost, level_id
    assert level.goal.startswith("Neither side can force a win.")


CHECKS_ON_NEW_POSITIONS = [  # (lesson, words of the check): issue 40's checks whose answer stood above
    ("02-german-basics", "Which moves may White play?"), ("02-german-basics", "Where does its"),
    ("02-german-basics", "which of them makes a king?"), ("03-german-captures", "May it?"),
    ("03-german-captures", "which captures may White choose"), ("03-german-captures", "Where does White's capture end"),
    ("03-german-captures", "Is it a draw after these eight moves?"),
    ("05-turkish", "Which squares can Black's man on b4"),
    ("05-turkish", "Does Black's king count for more?"), ("05-turkish", "could a game of Turkish draughts start"),
    ("05-turkish", "White plays f3-f4 in the position below"),
]


@pytest.mark.parametrize("lesson, words", CHECKS_ON_NEW_POSITIONS)
def test_a_check_asks_about_a_position_not_shown_before_it(lesson, words):
    cells = json.loads(committed_text(ROOT / "notebooks" / f"{lesson}.ipynb"))["cells"]
    at = next(i for i, c in enumerate(cells) if "**Check:**" in "".join(c["source"]) and words in "".join(c["source"]))
    pictured = "".join(cells[at + 1]["source"])
    fen = re.search(r'from_fen\("([^"]+)"|other = "([^"]+)"', pictured)
    fen = fen[1] or fen[2]
    assert "Diagram(" in pictured and "arrows" not in pictured
    assert not any(fen in "".join(c["source"]) for c in cells[:at]), (lesson, fen)
    assert "Answer(" in "".join(cells[at + 2]["source"])


@pytest.mark.parametrize("lesson, told, check", [
    # the sentence that answered a check stands after its answer, or not at all
    ("03-german-captures", "It is crowned only if the capture ends", "Is it crowned?"),
    ("03-german-captures", "may\nnot be jumped twice. So the capture ends on e1", "why may the king not go on from e1"),
    ("05-turkish", "This text has\nonly threefold repetition.", "Is the game drawn?"),
    ("03-german-captures", "`0-2` one for Black", "`Result` tag, `0-2`"),  # taught before it is asked
])
def test_what_answers_a_check_is_not_said_just_before_it(lesson, told, check):
    text = said(ROOT / "notebooks" / f"{lesson}.ipynb")
    if "0-2" in told:
        assert told in text and text.index(told) < text.index(check)
    else:
        assert told not in text[:text.index(check)], (lesson, told)


@pytest.mark.parametrize("lesson", ["05-turkish", "eo/05-turkish"])
def test_each_rule_of_the_turkish_lesson_has_its_check(lesson):
    sections = re.split(r"\n## ", said(ROOT / "notebooks" / f"{lesson}.ipynb"))
    ruled = [s for s in sections if re.match(r"[^\n]*\(TR-[A-Z-]+\)", s)]
    assert len(ruled) == 13 and all("**Check:**" in s or "**Kontrolu:**" in s for s in ruled)


def test_the_play_lesson_gives_the_computer_the_time_it_takes_and_no_site_simply_refuses():
    from damlib.search import STRENGTHS

    play = said(ROOT / "notebooks/08-play.ipynb")
    assert "within a second" not in play and "within a few seconds" in play
    assert max(level.seconds for level in STRENGTHS.values()) <= 3  # "a few seconds"
    vague = ("nline play simply", "nterreta ludo", "n interreta")
    for path in LESSONS:
        assert not any(words in said(path) for words in vague), path.name
    assert not any(words in (ROOT / "docs/rules.md").read_text() for words in vague)
