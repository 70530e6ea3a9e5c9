"""German levels (DE-* rules), in the order of the German lessons: board, start, men's moves,
men's captures, win, compulsory capture, promotion, kings, majority, jumped pieces stay,
passing the last rank, draw, penalty. White to move unless a goal says "Black to play"."""

from __future__ import annotations

from typing import Any

from ...engine.variants import GERMAN
from .levels import Level

START = "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8"


#: Each level's goal, whole, keyed by the level's id: a learner reads it in the language chosen
#: (:attr:`~damlib.learn.Level.goal`). Squares and moves in it are written as they are everywhere.
TEXTS: dict[str, str] = {
    # -- the board (DE-BOARD)
    "de-board-1": "A man steps diagonally forward: move it to the square of play it can reach.",
    "de-board-2": "A man steps diagonally forward: move the man out of the corner a1 to the only square of play it "
                  "can reach.",
    "de-board-3": "A man steps diagonally forward: move the man on e1 to the only square of play it can reach.",
    # -- the start (DE-START)
    "de-start-1": "White moves first: open with the man on c3, diagonally forward to the right.",
    "de-start-2": "Open with the man on the edge, a3: stepping diagonally forward, it has only one move.",
    "de-start-3": "Open with the man on g3, diagonally forward to the left.",
    # -- men's moves (DE-MAN-MOVE)
    "de-man-move-1": "Move the man one square diagonally forward, to the right.",
    "de-man-move-2": "Black to play: Black's men move down the board. Step the man on f6 to g5.",
    "de-man-move-3": "Move the man on the h-file forward: it has only one square to go to.",
    # -- men's captures (DE-MAN-CAPTURE)
    "de-man-capture-1": "Capture backwards: a man captures in all four diagonal directions.",
    "de-man-capture-2": "Black to play: capture the man on c3.",
    "de-man-capture-3": "Capture two men with one man: forward, then backward.",
    # -- winning (DE-WIN)
    "de-win-1": "Win: leave Black no move.",
    "de-win-2": "Win: leave Black no move.",
    "de-win-3": "Black to play and win: leave White no move.",
    # -- compulsory capture (DE-MANDATORY)
    "de-mandatory-1": "Capturing is compulsory: play the only legal move.",
    "de-mandatory-2": "Capture, and keep jumping while you can.",
    "de-mandatory-3": "Black to play: the capture is compulsory. Play it.",
    # -- promotion (DE-PROMOTE)
    "de-promote-1": "Make a king in two moves, by way of c7.",
    "de-promote-2": "Make a king.",
    "de-promote-3": "Black to play: capture and make a king on the first rank.",
    # -- kings (DE-KING)
    "de-king-1": "Move the king all the way to h6 in one move.",
    "de-king-2": "Capture d4 from afar with the king, and land on b6.",
    "de-king-3": "Capture two men with the king in one move.",
    # -- majority (DE-MAJORITY)
    "de-majority-1": "Capture as many pieces as the rules require.",
    "de-majority-2": "Capture as many pieces as the rules require: a king counts as one piece.",
    "de-majority-3": "Black to play: capture as many pieces as the rules require.",
    # -- jumped pieces stay until the capture ends (DE-STRIKE)
    "de-strike-1": "Capture all four men: the capture may end where it began.",
    "de-strike-2": "Capture as many pieces as you can: the men you jump stay on the board until the capture ends.",
    "de-strike-3": "Black to play: capture all four men and come back to d6.",
    # -- passing the last rank (DE-PROMOTE-PASS)
    "de-promote-pass-1": "Capture both men: your man passes the last rank and stays a man.",
    "de-promote-pass-2": "Black to play: capture both men, over the first rank and back.",
    "de-promote-pass-3": "Capture all three men and end as a king.",
    # -- draw by threefold repetition (DE-DRAW)
    "de-draw-1": "King against king. Draw by repetition: go to d2, then back and forth between c1 and d2.",
    "de-draw-2": "Black to play. Draw by repetition: go to g7, then back and forth between h8 and g7.",
    "de-draw-3": "Neither side can force a win. Draw by repetition: go to b6, then back and forth between a7 and b6.",
    # -- penalty (DE-PENALTY)
    "de-penalty-1": "Play d4-c5, which Black must capture. When Black does not, have the mistake taken back; after "
                    "Black's capture, take two men.",
    "de-penalty-2": "Play c3-d4, which Black must capture. When Black does not, let the mistaken move stand.",
    "de-penalty-3": "A referee is watching: capture as many pieces as the rules require.",
}


def L(id: str, rule: str, fen: str, solution: tuple[str, ...], **options: Any) -> Level:
    return Level(id, GERMAN, rule, TEXTS[id], fen, solution, checked=False, **options)


LEVELS = (
    # -- the board (DE-BOARD): only the squares of a1's colour are played on
    L("de-board-1", "DE-BOARD", "W:Wh2:Bb8", ("h2-g3",)),  # h3 is not a square of play; the edge leaves only g3
    L("de-board-2", "DE-BOARD", "W:Wa1:Bf8", ("a1-b2",)),
    # e2, straight ahead, is not a square of play and f2 is taken: men only, kings come with DE-KING
    L("de-board-3", "DE-BOARD", "W:We1,f2:Ba7", ("e1-d2",)),
    # -- the start (DE-START): White moves first
    L("de-start-1", "DE-START", START, ("c3-d4",)),
    L("de-start-2", "DE-START", START, ("a3-b4",)),
    L("de-start-3", "DE-START", START, ("g3-f4",)),
    # -- men's moves (DE-MAN-MOVE)
    L("de-man-move-1", "DE-MAN-MOVE", "W:Wc1:Bh8", ("c1-d2",)),
    L("de-man-move-2", "DE-MAN-MOVE", "B:Wa1:Bf6", ("f6-g5",)),
    L("de-man-move-3", "DE-MAN-MOVE", "W:Wb2,h4:Bd8", ("h4-g5",)),
    # -- men's captures (DE-MAN-CAPTURE): short captures, forward and backward
    L("de-man-capture-1", "DE-MAN-CAPTURE", "W:We5:Bd4,a7", ("e5:c3",)),
    L("de-man-capture-2", "DE-MAN-CAPTURE", "B:Wc3,h2:Bb4", ("b4:d2",)),
    L("de-man-capture-3", "DE-MAN-CAPTURE", "W:Wa5:Bb6,d6,h8", ("a5:c7:e5",)),
    # -- winning (DE-WIN): once men's moves and captures are known, a man's step that leaves no move
    # e3-f4 shuts the man on h6 in: g5 is taken and the jump over g5 lands on f4; e3-d4 or g5-f6 do not
    L("de-win-1", "DE-WIN", "W:We3,g5:Bh6", ("e3-f4",), accept="win"),
    # d2-c3 shuts the man on a5 in: b4 is taken and the jump over b4 lands on c3
    L("de-win-2", "DE-WIN", "W:Wb4,d2:Ba5", ("d2-c3",), accept="win"),
    # h8-g7 shuts the man on h6 in; f8-g7 would empty f8, where h6 could jump g7 to
    L("de-win-3", "DE-WIN", "B:Wh6:Bf8,h8", ("h8-g7",),
      accept="win"),
    # -- compulsory capture (DE-MANDATORY)
    L("de-mandatory-1", "DE-MANDATORY", "W:Wb2,g3:Bc3,a7", ("b2:d4",)),  # g3 may not step while b2 can take
    L("de-mandatory-2", "DE-MANDATORY", "W:Wb2:Bc3,e5,h8", ("b2:d4:f6",)),  # stopping on d4 is not allowed
    L("de-mandatory-3", "DE-MANDATORY", "B:Wd4,a1:Be5,h8", ("e5:c3",)),
    # -- promotion (DE-PROMOTE)
    L("de-promote-1", "DE-PROMOTE", "W:Wb6:Bh4", ("b6-c7", "c7-d8"),
      replies=("h4-g3",), accept="king"),
    L("de-promote-2", "DE-PROMOTE", "W:We7:Bb4", ("e7-d8",), accept="king"),  # or f8
    L("de-promote-3", "DE-PROMOTE", "B:Wd2,h4:Be3", ("e3:c1",)),
    # -- kings (DE-KING): long move and long capture along the diagonals
    L("de-king-1", "DE-KING", "W:WKc1:Ba7", ("c1-h6",)),
    L("de-king-2", "DE-KING", "W:WKg1:Bd4,h8", ("g1:b6",)),  # c5 and a7 are landing squares too
    # from afar over g5 onto h6, then back over g7: every capture takes both, so DE-MAJORITY, not yet
    # taught, decides nothing
    L("de-king-3", "DE-KING", "W:WKc1:Bg5,g7", ("c1:h6:f8",)),
    # -- majority (DE-MAJORITY)
    L("de-majority-1", "DE-MAJORITY", "W:Wc3:Bb4,d4,d6,h8", ("c3:e5:c7",)),
    L("de-majority-2", "DE-MAJORITY", "W:Wc3:BKb4,d4,f6", ("c3:e5:g7",)),  # two men beat one king
    L("de-majority-3", "DE-MAJORITY", "B:Wc3,e3,g3:Bd4", ("d4:f2:h4",)),  # over e3, then back over g3: two beat one
    # -- jumped pieces stay until the capture ends (DE-STRIKE)
    L("de-strike-1", "DE-STRIKE", "W:We3:Bd4,d6,f6,f4", ("e3:c5:e7:g5:e3",)),
    # f4, jumped first, still stands on the line d2-h6: g5 cannot be reached (removed at once, it could)
    L("de-strike-2", "DE-STRIKE", "W:WKh2,e1:Bf4,c5,c3,g5", ("h2:d6:b4:d2",)),
    L("de-strike-3", "DE-STRIKE", "B:Wc5,e5,e3,c3:Bd6", ("d6:b4:d2:f4:d6",)),
    # -- passing the last rank (DE-PROMOTE-PASS)
    L("de-promote-pass-1", "DE-PROMOTE-PASS", "W:Wd6:Be7,g7", ("d6:f8:h6",)),
    L("de-promote-pass-2", "DE-PROMOTE-PASS", "B:Wd2,f2:Bc3", ("c3:e1:g3",)),
    # passes f8, jumps back to d6, and ends on the last rank again (b8): a king after all
    L("de-promote-pass-3", "DE-PROMOTE-PASS", "W:Wh6:Bg7,e7,c7", ("h6:f8:d6:b8",)),
    # -- draw by threefold repetition (DE-DRAW): the learner's first move leaves the start for good
    L("de-draw-1", "DE-DRAW", "W:WKe1:BKh8", ("e1-d2", "d2-c1", "c1-d2", "d2-c1", "c1-d2"),
      replies=("h8-g7", "g7-h8", "h8-g7", "g7-h8"), accept="draw"),
    L("de-draw-2", "DE-DRAW", "B:WKa3:BKh6", ("h6-g7", "g7-h8", "h8-g7", "g7-h8", "h8-g7"),
      replies=("a3-b4", "b4-a3", "a3-b4", "b4-a3"), accept="draw"),
    L("de-draw-3", "DE-DRAW", "W:WKa5:BKh4", ("a5-b6", "b6-a7", "a7-b6", "b6-a7", "a7-b6"),
      replies=("h4-g3", "g3-h4", "h4-g3", "g3-h4"), accept="draw"),
    # -- penalty (DE-PENALTY), with a referee: the opponent's capture mistake, the learner's choice
    # Black steps b6-a5 instead of capturing c5; taken back, Black must take d6:b4, and a3 takes two
    L("de-penalty-1", "DE-PENALTY", "W:Wa3,d4:Bb6,d6", ("d4-c5", "take back", "a3:c5:a7"),
      replies=("b6-a5", "d6:b4"), referee=True),
    L("de-penalty-2", "DE-PENALTY", "W:Wc3,h2:Be5,a7", ("c3-d4", "let stand"), replies=("a7-b6",), referee=True),
    # e1:c3 takes one: a capture mistake the opponent could make you take back
    L("de-penalty-3", "DE-PENALTY", "W:We1:Bd2,f2,f4", ("e1:g3:e5",), referee=True),
)
