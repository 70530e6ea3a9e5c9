"""Property tests over random games and random positions in German, Russian and Turkish.

Moves are checked against an independent brute-force move generator written
straight from docs/rules.md (below, :func:`reference_moves`): it shares no code
with damlib's generator, so a rule broken in damlib shows up as a difference
between the two move sets.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from conftest import FILES, FUZZ_SCALE, move_key, playable_squares
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from damlib import GERMAN, RUSSIAN, RUSSIAN_PUBLISHED, TURKISH, TURKISH_PUBLISHED, Game, Move, Position, perft
from damlib.engine import legality, movegen
from damlib.engine.errors import AmbiguousMoveError
from damlib.play.clicks import ClickToMove
from damlib.play.referee import shorter_captures

#: among the slowest minute of the suite: deselect with -m 'not slow'
pytestmark = pytest.mark.slow

VARIANTS = (GERMAN, RUSSIAN, TURKISH)
variants = st.sampled_from(VARIANTS)

#: For tests over whole random games (each example is 40-80 positions).
SETTINGS = settings(
    deadline=None,
    max_examples=30 * FUZZ_SCALE,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
#: For tests over single random positions: cheap, so many more examples.
MANY = settings(SETTINGS, max_examples=200 * FUZZ_SCALE)

# ---------------------------------------------------------------------------
# An independent move generator, from the rules in docs/rules.md
# ---------------------------------------------------------------------------

DIAGONALS = ((-1, 1), (1, 1), (-1, -1), (1, -1))
ORTHOGONALS = ((-1, 0), (1, 0), (0, 1), (0, -1))
#: Per variant: man step and capture directions (seen from White; rank step
#: mirrored for Black), king directions, whether a jumped piece leaves at once
#: (TR-REMOVE) or stays and blocks until the end (DE-STRIKE), and whether a man
#: reaching the last rank mid-capture is crowned at once (RU-PROMOTE, TR-PROMOTE)
#: or goes on as a man (DE-PROMOTE-PASS); and the ranks White's and Black's men
#: start on (DE-START, TR-START).
REFERENCE = {
    "German": dict(steps=((-1, 1), (1, 1)), jumps=DIAGONALS, king=DIAGONALS,
                   remove_at_once=False, crown_mid=False, squares=32, start=("123", "678")),
    "Russian": dict(steps=((-1, 1), (1, 1)), jumps=DIAGONALS, king=DIAGONALS,
                    remove_at_once=False, crown_mid=True, squares=32, start=("123", "678")),
    "Turkish": dict(steps=((-1, 0), (1, 0), (0, 1), (-1, 1), (1, 1)),
                    jumps=((-1, 0), (1, 0), (0, 1), (-1, 1), (1, 1)), king=ORTHOGONALS,
                    remove_at_once=True, crown_mid=True, squares=64, start=("23", "67")),
}


def men_cannot_stand(rules_name: str, white: bool) -> str:
    """The ranks no man of this colour can reach: its last rank, where it would be a
    king (DE-PROMOTE, TR-PROMOTE), and, where men never move backward (no step or
    capture with a backward rank step: TR-MAN-MOVE, TR-MAN-CAPTURE), every rank behind
    its side's starting ranks."""
    cfg = REFERENCE[rules_name]
    ranks = "8" if white else "1"
    if not any(dy < 0 for _, dy in cfg["steps"] + cfg["jumps"]):
        start = cfg["start"][0 if white else 1]
        ranks += "".join(r for r in "12345678" if (r < min(start) if white else r > max(start)))
    return ranks
JUMPED = "jumped"  # a piece jumped in this capture that stays on the board (DE-STRIKE)


def _name(square: tuple[int, int]) -> str:
    return f"{FILES[square[0]]}{square[1] + 1}"


def _on_board(f: int, r: int) -> bool:
    return 0 <= f < 8 and 0 <= r < 8


def reference_moves(pos: Position) -> set[tuple]:
    """Every legal move of ``pos`` as (start, end, frozenset(captured), promotes)."""
    cfg = REFERENCE[pos.rules.name]
    me = pos.turn
    fwd = 1 if me == "white" else -1
    last = 7 if me == "white" else 0
    board = {(FILES.index(n[0]), int(n[1]) - 1): (p.color, p.is_king) for n, p in pos.pieces.items()}
    captures: set[tuple] = set()

    def opponent(b, sq):
        return sq in b and b[sq] != JUMPED and b[sq][0] != me

    def search(b, at, king, was_king, start, taken):
        jumped = False
        if king:
            for dx, dy in cfg["king"]:
                f, r = at[0] + dx, at[1] + dy
                while _on_board(f, r) and (f, r) not in b:
                    f, r = f + dx, r + dy
                if not _on_board(f, r) or not opponent(b, (f, r)):
                    continue
                over = (f, r)
                lands = []
                f, r = f + dx, r + dy
                while _on_board(f, r) and (f, r) not in b:
                    lands.append((f, r))
                    f, r = f + dx, r + dy
                if not lands:
                    continue
                nb = dict(b)
                if cfg["remove_at_once"]:
                    del nb[over]
                else:
                    nb[over] = JUMPED
                for land in lands:
                    jumped = True
                    search(nb, land, True, was_king, start, taken | {over})
        else:
            for dx, dy in cfg["jumps"]:
                dy *= fwd
                over = (at[0] + dx, at[1] + dy)
                land = (at[0] + 2 * dx, at[1] + 2 * dy)
                if _on_board(*land) and opponent(b, over) and land not in b:
                    nb = dict(b)
                    if cfg["remove_at_once"]:
                        del nb[over]
                    else:
                        nb[over] = JUMPED
                    jumped = True
                    crowned = cfg["crown_mid"] and land[1] == last
                    search(nb, land, crowned, was_king, start, taken | {over})
        if taken and not jumped:
            promotes = not was_king and (king or at[1] == last)
            captures.add((_name(start), _name(at), frozenset(map(_name, taken)), promotes))

    for sq, (colour, is_king) in board.items():
        if colour != me:
            continue
        b = dict(board)
        del b[sq]  # the capturing piece's start square counts as empty
        search(b, sq, is_king, is_king, sq, frozenset())
    if captures:
        most = max(len(c[2]) for c in captures)
        return {c for c in captures if len(c[2]) == most}
    steps = set()
    for sq, (colour, is_king) in board.items():
        if colour != me:
            continue
        if is_king:
            for dx, dy in cfg["king"]:
                f, r = sq[0] + dx, sq[1] + dy
                while _on_board(f, r) and (f, r) not in board:
                    steps.add((_name(sq), _name((f, r)), frozenset(), False))
                    f, r = f + dx, r + dy
        else:
            for dx, dy in cfg["steps"]:
                t = (sq[0] + dx, sq[1] + dy * fwd)
                if _on_board(*t) and t not in board:
                    steps.add((_name(sq), _name(t), frozenset(), t[1] == last))
    return steps


def test_reference_generator_agrees_with_the_teaching_positions():
    """The brute force itself reproduces docs/rules.md's teaching positions."""
    cases = [
        ("W:We3:Bd4,f4,b6", GERMAN, {("e3", "a7", 2, False)}),
        ("W:Wb6:Bc7,f6", GERMAN, {("b6", "d8", 1, True)}),
        ("W:Wb6:Bc7,f6", RUSSIAN, {("b6", "g5", 2, True), ("b6", "h4", 2, True)}),
        ("W:Wb6:Bc7,e7", GERMAN, {("b6", "f6", 2, False)}),
        ("W:Wb6:Bc7,e7", RUSSIAN, {("b6", "f6", 2, True), ("b6", "g5", 2, True), ("b6", "h4", 2, True)}),
        ("W:WKa1:Bc3,f4,f2,b4", GERMAN, {("a1", "e1", 3, False)}),
        ("W:Wc3:Bd4,f4,f2,d2", GERMAN, {("c3", "c3", 4, False)}),
        ("W:Wd4:Be5", TURKISH, {("d4", "f6", 1, False)}),
        ("W:Wd6:Bd7,Kb8", TURKISH, {("d6", "a8", 2, True)}),
        ("W:Wd6:Bd7,Ke8", TURKISH, {("d6", s, 2, True) for s in ("f8", "g8", "h8")}),
        ("W:WKd4:Bd6,d2", TURKISH, {("d4", s, 2, False) for s in ("d1", "d7", "d8")}),
        ("W:WKa1:Ba3,c5,d4,b3", TURKISH, {("a1", "a3", 4, False)}),
        ("W:Wd6:Bd7,d4", TURKISH, {("d6", s, 2, True) for s in ("d3", "d2", "d1")}),
    ]
    for fen, rules, expected in cases:
        pos = Position.from_fen(fen, rules)
        got = {(s, e, len(c), p) for s, e, c, p in reference_moves(pos)}
        assert got == expected, (fen, rules)
        check_moves_against_reference(pos)  # and damlib agrees


# ---------------------------------------------------------------------------
# Strategies
# ---------------------------------------------------------------------------

def play_random(rules, rnd: random.Random, plies: int) -> list[tuple[Position, object]]:
    """(position, move) pairs of a random game of at most ``plies`` plies, plus the last position."""
    pos = Position.start(rules)
    out = []
    for _ in range(plies):
        moves = pos.legal_moves
        if not moves:
            break
        move = rnd.choice(moves)
        out.append((pos, move))
        pos = pos.play(move)
    out.append((pos, None))
    return out


@st.composite
def random_games(draw, min_plies=40, max_plies=80):
    rules = draw(variants)
    plies = draw(st.integers(min_plies, max_plies))
    rnd = draw(st.randoms(use_true_random=False))
    return rules, play_random(rules, rnd, plies)


@st.composite
def random_positions(draw, max_pieces=10):
    """Any position the rules allow to be written down: kings anywhere, men anywhere
    a man can stand (:func:`men_cannot_stand`: not on its last rank, nor, in Turkish,
    behind its starting ranks).

    Half the time the pieces crowd the side to move's last ranks, where men
    are crowned, in the middle of captures too.
    """
    rules = draw(variants)
    turn = draw(st.sampled_from("WB"))
    squares = playable_squares(rules)
    if draw(st.booleans()):
        ranks = "5678" if turn == "W" else "1234"
        squares = [sq for sq in squares if sq[1] in ranks]
    chosen = draw(st.lists(st.sampled_from(squares), unique=True, max_size=max_pieces))
    white, black = [], []
    most = len(rules.white_start)
    for sq in chosen:
        is_white = draw(st.booleans())
        if len(white if is_white else black) == most:
            is_white = not is_white
        king = sq[1] in men_cannot_stand(rules.name, is_white) or draw(st.integers(0, 3)) == 0
        (white if is_white else black).append(("K" if king else "") + sq)
    return Position.from_fen(f"{turn}:W{','.join(white)}:B{','.join(black)}", rules)


def all_positions(game):
    return [pos for pos, _ in game]


# ---------------------------------------------------------------------------
# Legal moves against the brute force
# ---------------------------------------------------------------------------

def check_moves_against_reference(pos: Position) -> None:
    moves = pos.legal_moves
    keys = [move_key(m) for m in moves]
    assert len(set(keys)) == len(keys), f"{pos.fen}: one move listed twice: {[str(m) for m in moves]}"
    assert set(keys) == reference_moves(pos), f"{pos.fen} ({pos.rules.name})"


@SETTINGS
@given(random_games())
def test_legal_moves_match_brute_force_in_random_games(game):
    rules, plies = game
    for pos in all_positions(plies):
        check_moves_against_reference(pos)


@MANY
@given(random_positions())
def test_legal_moves_match_brute_force_in_random_positions(pos):
    check_moves_against_reference(pos)


def check_capture_rules(pos: Position) -> None:
    moves = pos.legal_moves
    captures = [m for m in moves if m.captured]
    if captures:
        # DE-MANDATORY: no step is offered while a capture exists
        assert len(captures) == len(moves), f"{pos.fen}: step listed beside a capture"
        # DE-MAJORITY: every offered capture takes the same number of pieces
        assert len({len(m.captured) for m in captures}) == 1, pos.fen
        assert pos.must_capture
    else:
        assert not pos.must_capture
    for m in moves:
        if m.captured:
            assert len(m.path) == len(m.captured) + 1, m
            assert len(set(m.captured)) == len(m.captured), f"{m}: a piece jumped twice"
            for sq in m.captured:
                piece = pos.pieces.get(sq)
                assert piece is not None and piece.color != pos.turn, f"{pos.fen}: {m} captures {sq}"
        else:
            assert len(m.path) == 2, m


@MANY
@given(random_positions(), st.booleans())
def test_the_state_search_finds_what_the_route_walk_finds(pos, published):
    """Captures with too many routes are searched by states (damlib.engine.capturestates);
    with no walking allowed at all, every capture must come out the same, partial
    ones too, in the seed games and in those published elsewhere."""
    if published:
        pos = Position.from_fen(pos.fen, TURKISH_PUBLISHED if pos.rules is TURKISH else RUSSIAN_PUBLISHED)
    gen, board = pos._generator, pos._board

    def found() -> list[set]:
        return [{movegen.move_key(raw) for raw in gen.captures(board, partial=partial)} for partial in (False, True)]

    walked = found()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(movegen, "WALK_BUDGET", 0)
        assert found() == walked, f"{pos.fen} ({pos.rules.name})"


@MANY
@given(random_positions(), st.booleans())
def test_the_level_search_finds_the_longest_captures_by_real_routes(pos, published):
    """Where the majority rule holds, captures with too many routes are searched a
    level at a time (damlib.engine.capturelevels); with no walking allowed, the legal moves
    must be the same, each by a route the walk takes, with and without the turn ban."""
    if published and pos.rules is TURKISH:
        pos = Position.from_fen(pos.fen, TURKISH_PUBLISHED)
    walked = {move_key(m) for m in pos.legal_moves}
    routes = {(m.path, m.captured) for m in pos.routes()}
    gen, board = pos._generator, pos._board
    every = gen.captures(board)
    most = Counter()
    for path, captured, _ in every:
        most[path[0]] = max(most[path[0]], len(captured))
    longest = {movegen.move_key(raw) for raw in every if len(raw[1]) == most[raw[0][0]]}
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(movegen, "WALK_BUDGET", 0)
        moves = Position.from_fen(pos.fen, pos.rules).legal_moves
        # each piece's longest captures, as a piece that may not move is told its own
        assert {movegen.move_key(raw) for raw in gen.captures(board, longest=True)} == longest
    assert {move_key(m) for m in moves} == walked, f"{pos.fen} ({pos.rules.name})"
    assert len(moves) == len(walked)
    for m in moves:
        assert (m.path, m.captured) in routes, f"{pos.fen} ({pos.rules.name}): {m} is no route"


@MANY
@given(random_positions(), st.randoms(use_true_random=False))
def test_clicks_offer_every_route_and_play_the_move_clicked(pos, rnd):
    """Click-to-move works from capture states (damlib.play.clicks); it must offer what
    walking every route offers: each next landing of a legal route, and nothing else."""
    routes = pos.routes()
    if not routes or len({piece.color for piece in pos.pieces.values()}) < 2:
        return  # a side without pieces has lost: no clicks then
    table = ClickToMove(pos)
    route = rnd.choice(routes)
    for n, square in enumerate(route.path[:-1], 1):
        table.click(square)
        assert table.game.moves == (), f"{pos.fen}: played before {route} was clicked to the end"
        chosen = route.path[:n]
        expected = {r.path[n] for r in routes if r.path[:n] == chosen and len(r.path) > n}
        assert table.targets == expected, f"{pos.fen} after {chosen}"
        if len({r for r in routes if r.path[:n + 1] == route.path[:n + 1]}) == 1:
            table.click(route.path[n])  # every way on is one move: it is played at once
            break
    else:
        table.click(route.path[-1])
    assert table.game.moves == (route,), f"{pos.fen}: clicking {route.path} played {table.game.moves}"


def check_routes(pos: Position) -> None:
    routes = pos.routes()
    legal = set(pos.legal_moves)
    assert set(routes) == legal, pos.fen
    for r in routes:
        # move text naming a route gives back that route
        assert pos.parse_move(str(r)).path == r.path, (pos.fen, str(r))


@SETTINGS
@given(st.one_of(random_games().map(lambda g: all_positions(g[1])), random_positions().map(lambda p: [p])))
def test_capture_rules_and_routes(positions):
    for pos in positions:
        check_capture_rules(pos)
        check_routes(pos)


# ---------------------------------------------------------------------------
# Round trips
# ---------------------------------------------------------------------------

def check_round_trips(pos: Position, rnd: random.Random) -> None:
    rules = pos.rules
    again = Position.from_fen(pos.fen, rules)
    assert again == pos and again.fen == pos.fen and again.turn == pos.turn
    assert Position.from_fen(pos.fen, rules.name.lower()) == pos
    assert Position.from_diagram(str(pos), rules, turn=pos.turn) == pos
    assert str(Position.from_diagram(str(pos), rules, turn=pos.turn)) == str(pos)
    # the same FEN written differently: pieces shuffled, Black's list first, spaces
    pieces = pos.pieces
    lists = {"white": [], "black": []}
    for sq, piece in pieces.items():
        lists[piece.color].append(("K" if piece.is_king else "") + sq.upper())
    for items in lists.values():
        rnd.shuffle(items)
    fen = f"{pos.turn[0].upper()}:B{', '.join(lists['black'])}:W{', '.join(lists['white'])}"
    assert Position.from_fen(fen, rules) == pos, fen


@SETTINGS
@given(random_games(), st.randoms(use_true_random=False))
def test_fen_and_diagram_round_trips_in_random_games(game, rnd):
    for pos in all_positions(game[1]):
        check_round_trips(pos, rnd)


@MANY
@given(random_positions(max_pieces=24), st.randoms(use_true_random=False))
def test_fen_and_diagram_round_trips_in_random_positions(pos, rnd):
    check_round_trips(pos, rnd)


def check_move_text(pos: Position) -> None:
    moves = pos.legal_moves
    for m in moves:
        after = pos.play(m)
        assert pos.play(str(m)) == after, (pos.fen, str(m))
        assert pos.parse_move(str(m)) == m
        assert pos.parse_move(m) == m
        assert pos.play(str(m).replace(":", "x").upper()) == after
        # start and end only: one move, or the ambiguity is reported with m among the candidates
        short = f"{m.start}{':' if m.captured else '-'}{m.end}"
        same_ends = [n for n in moves if n.start == m.start and n.end == m.end]
        if len(same_ends) == 1:
            assert pos.play(short) == after, (pos.fen, short)
        else:
            with pytest.raises(AmbiguousMoveError) as info:
                pos.parse_move(short)
            assert set(info.value.candidates) == set(same_ends)
            for n in same_ends:
                assert str(n) in str(info.value)


@SETTINGS
@given(random_games(min_plies=20, max_plies=60))
def test_move_text_round_trips_in_random_games(game):
    for pos in all_positions(game[1]):
        check_move_text(pos)


@MANY
@given(random_positions())
def test_move_text_round_trips_in_random_positions(pos):
    check_move_text(pos)


@MANY
@given(random_positions(), st.integers(0, 5), st.booleans())
# Black's king a1 takes b1, c3, b6, a3 round a1:c1:c6:a6:a1 or the other way: one end, two last directions
@example(Position.from_fen("B:WKb1,Kb2,Ka3,Kc3,Kb6:BKa1,Kd1,Kd2,Ke2,Ka8", TURKISH), 0, True)
def test_the_forbidden_captures_counted_by_levels_are_the_shorter_ones(pos, most, published):
    """The captures the majority rule forbids are counted from the levels where walking
    their routes would cost too much: as many as the state search lists, the longest of
    them listed first, with and without the turn ban (where a capture's end is held once
    for each last direction)."""
    if published and pos.rules is TURKISH:
        pos = Position.from_fen(pos.fen, TURKISH_PUBLISHED)
    gen = pos._generator
    if not gen.by_levels:
        return
    shorter = {move_key(m) for m in shorter_captures(pos)}
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(movegen, "WALK_BUDGET", 0)
        count, listed = gen.forbidden(pos._board, most)
    assert count == len(shorter), f"{pos.fen} ({pos.rules.name})"
    moves = [Move._from_raw(raw, pos) for raw in listed]
    keys = [move_key(m) for m in moves]
    assert len(set(keys)) == len(keys) == min(most, count) and set(keys) <= shorter
    lengths = sorted((len(m.captured) for m in shorter_captures(pos)), reverse=True)
    assert [len(m.captured) for m in moves] == lengths[:len(moves)]
    for raw in listed:  # each by a route that can be played jump by jump, and ends there
        found = legality._literal(pos.rules, pos._board, pos._white, list(raw[0]))
        assert found is not None and found[1] and found[0][1] == raw[1], raw


@MANY
@given(random_positions())
def test_the_levels_hold_every_square_a_capture_lands_on(pos):
    """A refused move text is explained from a capture that lands on its last square only
    if the levels say some capture can: the squares any capture route lands on."""
    gen, board = pos._generator, pos._board
    if not gen.by_levels:
        return
    for s in gen.own_squares(board):
        landed = {t for path, _, _ in gen.routes(board, [s], partial=True) for t in path[1:]}
        assert {t for t in range(64) if gen._levels_of(board, s).landed() >> t & 1} == landed, pos.fen


@MANY
@given(random_positions(), st.randoms(use_true_random=False))
def test_a_refused_start_and_end_is_explained_by_a_capture_that_lands_there(pos, rnd):
    """Text naming a start and an end that is no legal move is explained by a capture of
    the piece that lands on the end, found from the levels: one that ends there if the
    state search finds any, else one that stops there part-way, each a real route."""
    gen, board = pos._generator, pos._board
    if not gen.by_levels or not pos.must_capture:
        return
    legal = [m._raw for m in pos.legal_moves]
    s = rnd.choice(sorted({path[0] for path, _, _ in gen.captures(board, partial=True)}))
    for t in range(64):
        found = gen.landing_mistake(board, [s, t], len(legal[0][1]))
        named = [(raw, complete) for raw, complete in gen.named(board, [s, t], partial=True)
                 if not legality._is_legal_route(legal, raw, complete)]
        assert (found is None) == (not named), f"{pos.fen} ({pos.rules.name}) {s}:{t}"
        if found is not None:
            raw, complete = found
            assert legality._literal(pos.rules, board, pos._white, list(raw[0])) == (raw, complete)
            assert not legality._is_legal_route(legal, raw, complete)
            assert complete == any(c for _, c in named)


@MANY
@given(random_positions(), st.randoms(use_true_random=False), st.booleans())
def test_refused_text_naming_landings_on_the_way_is_explained_by_a_capture_that_makes_them(pos, rnd, published):
    """Text naming landings on the way that is no legal move is explained, as a start and
    end is, by a capture landing on those squares in order and then on the last, found
    by searching the levels again: the longest that ends there if the state search finds
    any, else one that stops there part-way, each a real route, with and without the
    turn ban."""
    if published and pos.rules is TURKISH:
        pos = Position.from_fen(pos.fen, TURKISH_PUBLISHED)
    gen, board = pos._generator, pos._board
    if not gen.by_levels or not pos.must_capture:
        return
    legal = [m._raw for m in pos.legal_moves]
    path = rnd.choice(gen.routes(board, partial=True))[0]
    landings = len(path) - 1
    # a few landings, or nearly all (long text leaves the search few counts to carry back)
    count = rnd.randint(1, min(2, landings)) if rnd.random() < 0.7 else max(1, landings - rnd.randint(0, 2))
    through = [path[i] for i in sorted(rnd.sample(range(1, len(path)), count))]
    if rnd.random() < 0.2:  # one landing named twice: a route must land there twice
        through = [through[0], through[0]]
    for t in [*rnd.sample(range(64), 12), *through]:  # the last square named on the way too
        squares = [path[0], *through, t]
        found = gen.landing_mistake(board, squares, len(legal[0][1]))
        named = [(raw, complete) for raw, complete in gen.named(board, squares, partial=True)
                 if not legality._is_legal_route(legal, raw, complete)]
        assert (found is None) == (not named), f"{pos.fen} ({pos.rules.name}) {squares}"
        if found is not None:
            raw, complete = found
            assert legality.names_route(squares, raw[0])
            assert legality._literal(pos.rules, board, pos._white, list(raw[0])) == (raw, complete)
            assert not legality._is_legal_route(legal, raw, complete)
            assert complete == any(c for _, c in named)
            if complete:
                assert len(raw[1]) == max(len(r[1]) for r, c in named if c), f"{pos.fen} {squares}"


@MANY
@given(random_positions(max_pieces=14), st.randoms(use_true_random=False), st.booleans())
def test_move_text_naming_some_landings_finds_what_the_state_search_finds(pos, rnd, published):
    """Where the majority rule holds, the captures that text naming some landings
    stands for are searched a level at a time, with the named landings made so far
    kept in each node: the same longest captures as the state search finds, with and
    without the turn ban."""
    if published and pos.rules is TURKISH:
        pos = Position.from_fen(pos.fen, TURKISH_PUBLISHED)
    gen, board = pos._generator, pos._board
    if not gen.by_levels or not pos.must_capture:
        return
    move = rnd.choice(pos.legal_moves)
    path = move._raw[0]
    on_the_way = len(path) - 2
    # a few landings on the way, or nearly all of them
    count = rnd.randint(0, min(3, on_the_way)) if rnd.random() < 0.7 else max(0, on_the_way - rnd.randint(0, 2))
    middle = sorted(rnd.sample(range(1, len(path) - 1), count))
    squares = [path[0], *(path[i] for i in middle), path[-1]]
    legal = [m._raw for m in pos.legal_moves]
    found = {movegen.move_key(raw) for raw in gen.longest_named(board, squares, legal)}
    allowed = {movegen.move_key(m) for m in legal}
    states = {movegen.move_key(raw) for raw, complete in gen.named(board, squares) if complete} & allowed
    assert found == states, f"{pos.fen} ({pos.rules.name}) {squares}"
    assert movegen.move_key(move._raw) in found
    # the same moves where the routes the legal moves show already name the squares
    assert {movegen.move_key(m._raw) for m in pos._named(squares)} == found
    for raw in gen.longest_named(board, squares, legal):
        assert legality.names_route(squares, raw[0])


# ---------------------------------------------------------------------------
# What a move does to the board
# ---------------------------------------------------------------------------

def check_move_effect(pos: Position, move, before: dict) -> None:
    """Playing ``move`` (with ``before`` = ``pos.pieces``) moves one piece of the side to
    move, removes exactly the captured opponent pieces, crowns only when it says so,
    and touches nothing else."""
    me = pos.turn
    other = "black" if me == "white" else "white"
    after_pos = pos.play(move)
    after = after_pos.pieces
    assert after_pos.turn == other
    before_n = Counter(p.color for p in before.values())
    after_n = Counter(p.color for p in after.values())
    assert after_n[me] == before_n[me], f"{pos.fen} {move}: the mover's count changed"
    assert after_n[other] == before_n[other] - len(move.captured), f"{pos.fen} {move}"
    mover = before[move.start]
    assert mover.color == me
    landed = after.get(move.end)
    assert landed is not None and landed.color == me
    last = "8" if me == "white" else "1"
    if move.promotes:
        assert not mover.is_king and landed.is_king, f"{pos.fen} {move}"
        if pos.rules.name == "German":
            assert move.end[1] == last  # DE-PROMOTE: only a move that ends on the last rank crowns
    else:
        assert landed.is_king == mover.is_king, f"{pos.fen} {move}: piece changed without promotion"
        assert mover.is_king or move.end[1] != last, f"{pos.fen} {move}: man ends on last rank uncrowned"
    if move.start != move.end:
        assert move.start not in after
    for sq in move.captured:
        assert before[sq].color == other
        # (a Turkish king may end on the square of a piece it took: TR-REMOVE)
        assert sq == move.end or sq not in after, f"{pos.fen} {move}: {sq} not removed"
    for sq in (set(before) | set(after)) - {move.start, move.end, *move.captured}:
        assert before.get(sq) == after.get(sq), f"{pos.fen} {move}: {sq} changed"


def check_every_listed_move(pos: Position) -> None:
    before = pos.pieces
    for move in pos.legal_moves:
        check_move_effect(pos, move, before)


@MANY
@given(random_positions())
def test_every_listed_move_is_playable_with_the_right_effect(pos):
    check_every_listed_move(pos)


@SETTINGS
@given(random_games(min_plies=20, max_plies=60))
def test_every_listed_move_is_playable_in_random_games(game):
    # every position's every move, so the moves the games played too
    for pos in all_positions(game[1]):
        check_every_listed_move(pos)


# ---------------------------------------------------------------------------
# perft and Game
# ---------------------------------------------------------------------------

@SETTINGS
@given(random_games(min_plies=0, max_plies=60))
def test_perft_counts_legal_moves(game):
    for pos in all_positions(game[1])[::5]:
        children = [pos.play(m) for m in pos.legal_moves]
        assert perft(pos, 0) == 1
        assert perft(pos, 1) == len(pos.legal_moves) == len(reference_moves(pos))
        assert perft(pos, 2) == sum(perft(c, 1) for c in children)
        assert perft(pos, 2) == sum(len(reference_moves(c)) for c in children)


@SETTINGS
@given(variants, st.randoms(use_true_random=False), st.integers(40, 80))
def test_game_undo_restores_position_and_moves(rules, rnd, plies):
    game = Game(rules)
    assert game.position == Position.start(rules)
    for _ in range(plies):
        if not game.legal_moves:
            assert game.result is not None
            break
        before_pos, before_moves, before_positions = game.position, game.moves, game.positions
        move = rnd.choice(game.legal_moves)
        played = game.play(move)
        assert played == move
        assert game.moves == before_moves + (played,)
        assert game.position == before_pos.play(move)
        assert game.positions == before_positions + (game.position,)
        if rnd.random() < 0.3:
            assert game.undo() == played
            assert game.position == before_pos
            assert game.position.fen == before_pos.fen
            assert game.moves == before_moves
            assert game.positions == before_positions
            assert game.legal_moves == before_pos.legal_moves
            assert game.result is None
            game.play(move)  # and going forward again gives the same game
            assert game.moves == before_moves + (played,)
    # undo everything: back to the start
    n = len(game.moves)
    for _ in range(n):
        game.undo()
    assert game.moves == () and game.positions == (Position.start(rules),)
    assert game.result is None
