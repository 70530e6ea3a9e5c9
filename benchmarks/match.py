"""A match: the computer's strong level against the search damlib had before, at equal time.

The search damlib had before is the frozen baseline below; both sides have the same time per
move. For each game, ``--games`` games (40 by default) from varied openings: each opening is a
few random legal moves from the start that leave the material level, played twice with the
colours swapped. A game ends by the rules (no pieces, no move, a position three times: DE-WIN,
DE-DRAW) or, after ``--plies`` half-moves, is counted a draw. A win scores 1, a draw ½.

Run from the repository root (the three games in parallel, one process each):

    python benchmarks/match.py                       # 40 games each of German, Russian, Turkish
    python benchmarks/match.py --games 4 --seconds 0.1 german
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

# Lets the script run from a checkout without installing damlib first.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from damlib import Game, Position
from damlib.engine import movegen
from damlib.engine.errors import GameOverError  # noqa: E402
from damlib.engine.position import Move  # noqa: E402
from damlib.search import best_move  # noqa: E402

# -- FROZEN BASELINE: damlib/search.py (now damlib/play/search.py) as of commit b9b6cc1, the opponent to beat. ---------
# Kept unchanged on purpose (only renamed): do not improve it, or the match measures nothing.

MAN, KING = 100, 300
WIN = 100_000


def _baseline_evaluate(board: movegen.RawBoard, white: bool) -> int:
    """Material plus a little for advanced men, from the side to move's view."""
    score = 0
    for square, v in enumerate(board):
        if v == 1:
            score += MAN + 3 * (square // 8)
        elif v == -1:
            score -= MAN + 3 * (7 - square // 8)
        elif v == 2:
            score += KING
        elif v == -2:
            score -= KING
    return score if white else -score


class _Timeout(Exception):
    pass


def baseline_move(position: Position, max_depth: int = 6, seconds: float = 0.5) -> Move:
    """The move the search likes best, deepening until ``seconds`` run out.

    Raises :class:`~damlib.engine.errors.GameOverError` when there is no legal move.
    """
    deadline = time.perf_counter() + seconds
    moves = position.legal_moves
    if not moves:
        raise GameOverError("there is no legal move to choose", position.rules.rule_id("win"))
    if len(moves) == 1:
        return moves[0]
    rules = position.rules
    gens = (movegen.generator(rules, False), movegen.generator(rules, True))
    clock = time.perf_counter

    def negamax(board: movegen.RawBoard, white: bool, depth: int, alpha: int, beta: int) -> int:
        # One node can take long (a king with thousands of captures), so the clock
        # is read at every node, and the generator reads it during a long search.
        if clock() > deadline:
            raise _Timeout
        try:
            children = gens[white].legal(board, deadline=deadline)
        except movegen.OutOfTime:
            raise _Timeout from None
        if not children:
            return -WIN - depth  # losing sooner is worse
        if depth <= 0 and not children[0][1]:
            return _baseline_evaluate(board, white)
        best = -WIN * 2
        for raw in children:
            # captures extend the search by a ply, so exchanges are seen through
            score = -negamax(movegen.apply(board, raw), not white, depth - (0 if raw[1] else 1), -beta, -alpha)
            if score > best:
                best = score
                alpha = max(alpha, score)
                if alpha >= beta:
                    break
        return best

    choice = moves[0]
    order = list(moves)
    for depth in range(1, max_depth + 1):
        try:
            scored = []
            alpha = -WIN * 2
            for move in order:
                after = movegen.apply(position._board, move._raw)
                score = -negamax(after, not position._white, depth - 1, -WIN * 2, -alpha)
                scored.append((score, move))
                alpha = max(alpha, score)
        except _Timeout:
            break
        scored.sort(key=lambda pair: -pair[0])
        order = [move for _, move in scored]
        choice = order[0]
    return choice

# -- END OF THE FROZEN BASELINE -------------------------------------------------------------


def openings(game: str, count: int, plies: int, seed: int) -> list[tuple[Move, ...]]:
    """``count`` different openings of ``plies`` random legal moves from the start, each
    leaving the material level and no capture to make: neither side starts a piece down."""
    rng, found = random.Random(seed), {}
    start = Position.start(game)
    while len(found) < count:
        position, moves = start, []
        for _ in range(plies):
            move = rng.choice(position.legal_moves)
            moves.append(move)
            position = position.play(move)
        pieces = [v > 0 for v in position._board if v]
        if not position.must_capture and pieces.count(True) == pieces.count(False):
            found.setdefault(position, tuple(moves))
    return list(found.values())


def play(game: str, opening: tuple[Move, ...], new_is_white: bool, seconds: float, plies: int) -> tuple[float, str]:
    """One game; the new search's score (1, ½ or 0) and how the game ended."""
    match = Game(game)
    for move in opening:
        match.play(move)
    new_side = "white" if new_is_white else "black"
    while not match.result and len(match.moves) < plies:
        position = match.position
        if position.turn == new_side:
            move = best_move(position, seconds=seconds, history=match.positions)
        else:
            move = baseline_move(position, seconds=seconds)
        match.play(move)
    result = match.result
    if result is None:
        return 0.5, f"draw after {plies} plies"
    if result.winner is None:
        return 0.5, str(result)
    return (1.0 if result.winner == new_side else 0.0), str(result)


def run_game(game: str, games: int, seconds: float, plies: int, seed: int) -> str:
    start = time.perf_counter()
    score = wins = draws = losses = 0.0
    lines = []
    for i, opening in enumerate(openings(game, (games + 1) // 2, 4, seed)):
        for new_is_white in (True, False):
            if 2 * i + (not new_is_white) >= games:
                break
            points, how = play(game, opening, new_is_white, seconds, plies)
            score += points
            wins, draws, losses = wins + (points == 1), draws + (points == 0.5), losses + (points == 0)
            side = "White" if new_is_white else "Black"
            lines.append(f"  {game} {' '.join(map(str, opening))}; new plays {side}: {points:g} — {how}")
            print(lines[-1], flush=True)
    played = wins + draws + losses
    lines.append(f"{game}: {score:g}/{played:g} = {100 * score / played:.0f}% "
                 f"(+{wins:g} ={draws:g} -{losses:g}) in {time.perf_counter() - start:.0f} s")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games_of", nargs="*", default=["german", "russian", "turkish"], metavar="game")
    parser.add_argument("--games", type=int, default=40, help="games per game (default 40)")
    parser.add_argument("--seconds", type=float, default=0.15, help="time per move, each side (default 0.15)")
    parser.add_argument("--plies", type=int, default=160, help="half-moves before a game counts as a draw")
    parser.add_argument("--seed", type=int, default=11, help="seed of the random openings")
    args = parser.parse_args()
    print(f"strong level vs frozen baseline, {args.seconds} s per move each side, "
          f"{args.games} games per game, draw after {args.plies} plies")
    with ProcessPoolExecutor(len(args.games_of)) as pool:
        jobs = [pool.submit(run_game, g, args.games, args.seconds, args.plies, args.seed) for g in args.games_of]
        summaries = [job.result().splitlines()[-1] for job in jobs]
    print("\n".join(summaries))


if __name__ == "__main__":
    main()
