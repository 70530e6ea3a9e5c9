"""Turkish levels (TR-* rules), in the order of the Turkish lesson: board, start, men's moves,
men's captures, win, compulsory capture, promotion, kings, majority, removal, crowning
mid-capture, draw, penalty. White to move unless a goal says "Black to play"."""

from __future__ import annotations

from typing import Any

from ...engine.variants import TURKISH
from .levels import Level

START = ("W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3"
         ":Ba6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7")


#: Each level's goal, whole, keyed by the level's id: a learner reads it in the language chosen
#: (:attr:`~damlib.learn.Level.goal`). Squares and moves in it are written as they are everywhere.
TEXTS: dict[str, str] = {
    # -- the board (TR-BOARD)
    "tr-board-1": "Every square is played on, and a Turkish man may step sideways: move the man to c2.",
    "tr-board-2": "A Turkish man may step straight forward: move the man onto d5, a square German draughts never "
                  "uses.",
    "tr-board-3": "Black to play: a man may step straight forward, down for Black: move it onto c6, a square German "
                  "draughts never uses.",
    # -- the start (TR-START)
    "tr-start-1": "White moves first: open with the man on d3 straight forward.",
    "tr-start-2": "A Turkish man may step diagonally forward too: open with the man on a3 to b4.",
    "tr-start-3": "Only the men on the third rank can move: move the man on h3 straight forward.",
    # -- men's moves (TR-MAN-MOVE)
    "tr-man-move-1": "Step your man sideways, to the left.",
    "tr-man-move-2": "Step your man diagonally forward, to the right.",
    "tr-man-move-3": "Black to play: Black's men move down the board. Step the man on e6 straight forward.",
    # -- men's captures (TR-MAN-CAPTURE)
    "tr-man-capture-1": "Capture sideways.",
    "tr-man-capture-2": "Capture diagonally forward: the Turkish text lets a man capture the five ways it steps "
                        "(published Turkish rules do not).",
    "tr-man-capture-3": "Black to play: capture straight forward.",
    # -- winning (TR-WIN)
    "tr-win-1": "Win: leave Black no move.",
    "tr-win-2": "Win: leave Black no move.",
    "tr-win-3": "Black to play and win: leave White no move.",
    # -- compulsory capture (TR-MANDATORY)
    "tr-mandatory-1": "Capturing is compulsory: play the only legal move.",
    "tr-mandatory-2": "Capture, and keep jumping while you can.",
    "tr-mandatory-3": "Black to play: you must capture. Play the only legal move.",
    # -- promotion (TR-PROMOTE)
    "tr-promote-1": "Make a king.",
    "tr-promote-2": "Make a king in two moves, straight up the c-file.",
    # -- kings (TR-KING)
    "tr-king-1": "Move the king along the rank all the way to h2.",
    "tr-king-2": "Capture from afar with the king, and land right behind the man, on b6.",
    "tr-king-3": "Capture with the king: it captures along files and ranks, never diagonally.",
    # -- majority (TR-MAJORITY)
    "tr-majority-1": "Capture as many pieces as the rules require.",
    "tr-majority-2": "Capture as many pieces as the rules require: a king counts as one piece.",
    "tr-majority-3": "Black to play: capture as many pieces as the rules require.",
    # -- each jumped piece leaves at once (TR-REMOVE)
    "tr-remove-1": "Capture both men and end on a5: after a jump the king may turn back over the square just emptied.",
    "tr-remove-2": "Capture all four men: a man taken leaves the board at once, and its square is free.",
    "tr-remove-3": "Black to play: capture both men with the king and end on b1.",
    # -- crowned mid-capture (TR-PROMOTE)
    "tr-promote-3": "Black to play: capture as many pieces as you can. Your man becomes a king on the way.",
    # -- draw by threefold repetition (TR-DRAW)
    "tr-draw-1": "King against king. Draw by repetition: go to b2, then back and forth between c2 and b2.",
    "tr-draw-2": "Black to play. Draw by repetition: go to h5, then back and forth between g5 and h5.",
    "tr-draw-3": "Neither side can force a win. Draw by repetition: go to f2, then back and forth between f3 and f2.",
    # -- penalty (TR-PENALTY)
    "tr-penalty-1": "Do not lose: capture. A move that does not capture loses at once.",
    "tr-penalty-2": "Do not lose: capture as many pieces as the rules require.",
    "tr-penalty-3": "Black to play. Do not lose: capture with the king.",
}


def L(id: str, rule: str, fen: str, solution: tuple[str, ...], **options: Any) -> Level:
    return Level(id, TURKISH, rule, TEXTS[id], fen, solution, checked=False, **options)


LEVELS = (
    # -- the board (TR-BOARD): all 64 squares
    L("tr-board-1", "TR-BOARD", "W:Wb2:Bg7", ("b2-c2",)),
    # men only, and no crowning: kings and promotion come later (TR-KING, TR-PROMOTE)
    L("tr-board-2", "TR-BOARD", "W:Wd4:Bg7", ("d4-d5",)),
    L("tr-board-3", "TR-BOARD", "B:Wb2:Bc7", ("c7-c6",)),
    # -- the start (TR-START): 16 men each, White first
    L("tr-start-1", "TR-START", START, ("d3-d4",)),
    L("tr-start-2", "TR-START", START, ("a3-b4",)),
    L("tr-start-3", "TR-START", START, ("h3-h4",)),
    # -- men's moves (TR-MAN-MOVE): sideways, straight forward, diagonally forward
    L("tr-man-move-1", "TR-MAN-MOVE", "W:Wd4:Bb7", ("d4-c4",)),
    L("tr-man-move-2", "TR-MAN-MOVE", "W:Wf3:Bh6", ("f3-g4",)),
    L("tr-man-move-3", "TR-MAN-MOVE", "B:Wa2:Be6", ("e6-e5",)),
    # -- men's captures (TR-MAN-CAPTURE): in the same five directions
    L("tr-man-capture-1", "TR-MAN-CAPTURE", "W:Wc4:Bd4,h7", ("c4:e4",)),
    L("tr-man-capture-2", "TR-MAN-CAPTURE", "W:Wf5:Bg6,a7", ("f5:h7",)),
    L("tr-man-capture-3", "TR-MAN-CAPTURE", "B:We3,a2:Be4", ("e4:e2",)),
    # -- winning (TR-WIN): once men's moves and captures are known, a man's step that leaves no move
    # the man on a4 may step to a3 (b3 and b4 are taken) and jump nothing: a2, c2 and c4 stand behind
    # a3, b3 and b4; b2-a3 closes a3, while a2-a3 or b3-a3 would open a square to jump to
    L("tr-win-1", "TR-WIN", "W:Wa2,b2,b3,b4,c2,c4:Ba4", ("b2-a3",), accept="win"),
    # the same on the other edge: h4 is the man's only square, and only g3-h4 closes it
    L("tr-win-2", "TR-WIN", "W:Wf3,f5,g3,g4,g5,h3:Bh5", ("g3-h4",), accept="win"),
    L("tr-win-3", "TR-WIN", "B:Wh3:Bf3,f5,g3,g4,g5,h5", ("g5-h4",), accept="win"),
    # -- compulsory capture (TR-MANDATORY)
    L("tr-mandatory-1", "TR-MANDATORY", "W:Wb3,g3:Bb4,e7", ("b3:b5",)),
    L("tr-mandatory-2", "TR-MANDATORY", "W:Wc3:Bc4,d5,h7", ("c3:c5:e5",)),  # up over c4, then sideways over d5
    L("tr-mandatory-3", "TR-MANDATORY", "B:Wd3,a2:Bd4", ("d4:d2",)),
    # -- promotion (TR-PROMOTE)
    L("tr-promote-1", "TR-PROMOTE", "W:Wf7:Ba6", ("f7-f8",), accept="king"),  # e8, g8 too
    L("tr-promote-2", "TR-PROMOTE", "W:Wc6:Bh4", ("c6-c7", "c7-c8"), replies=("h4-h3",), accept="king"),
    # -- kings (TR-KING): like a rook, any distance, capturing along ranks and files only
    L("tr-king-1", "TR-KING", "W:WKc2:Bf6", ("c2-h2",)),
    L("tr-king-2", "TR-KING", "W:WKb1:Bb5,h7", ("b1:b6",)),  # b7 and b8 are landing squares too
    L("tr-king-3", "TR-KING", "W:WKd4:Be5,d7", ("d4:d8",)),
    # -- majority (TR-MAJORITY)
    L("tr-majority-1", "TR-MAJORITY", "W:Wc4:Bc5,d4,e5",
      ("c4:e4:e6",)),  # sideways over d4, then over e5: two beat c5 alone
    L("tr-majority-2", "TR-MAJORITY", "W:Wd3:BKd4,e3,g3", ("d3:f3:h3",)),
    L("tr-majority-3", "TR-MAJORITY", "B:Wb3,c2,c4:Bb4", ("b4:b2:d2",)),
    # -- each jumped piece leaves at once (TR-REMOVE)
    L("tr-remove-1", "TR-REMOVE", "W:WKd5:Bf5,b5", ("d5:g5:a5",)),
    # the last jump, over d4, lands on c4, where the first man taken stood
    L("tr-remove-2", "TR-REMOVE", "W:WKc1,b4:Bc4,e6,f5,d4", ("c1:c6:f6:f4:c4",)),
    L("tr-remove-3", "TR-REMOVE", "B:Wb6,b2:BKb4", ("b4:b7:b1",)),  # up over b6, then back down over its emptied square
    # -- crowned mid-capture (TR-PROMOTE): crowned on the last rank, goes on as a king
    L("tr-promote-3", "TR-PROMOTE", "B:Wc2,Kf1,Kh1:Bc3", ("c3:c1:g1",)),
    # -- draw by threefold repetition (TR-DRAW): the learner's first move leaves the start for good
    L("tr-draw-1", "TR-DRAW", "W:WKa2:BKh7", ("a2-b2", "b2-c2", "c2-b2", "b2-c2", "c2-b2"),
      replies=("h7-h8", "h8-h7", "h7-h8", "h8-h7"), accept="draw"),
    L("tr-draw-2", "TR-DRAW", "B:WKa4:BKh6", ("h6-h5", "h5-g5", "g5-h5", "h5-g5", "g5-h5"),
      replies=("a4-a3", "a3-a4", "a4-a3", "a3-a4"), accept="draw"),
    L("tr-draw-3", "TR-DRAW", "W:WKe2:BKb7", ("e2-f2", "f2-f3", "f3-f2", "f2-f3", "f3-f2"),
      replies=("b7-b6", "b6-b7", "b7-b6", "b6-b7"), accept="draw"),
    # -- penalty (TR-PENALTY), with a referee: a capture mistake loses at once
    L("tr-penalty-1", "TR-PENALTY", "W:Wc5,g3:Bc6,a7", ("c5:c7",), referee=True),
    L("tr-penalty-2", "TR-PENALTY", "W:We3:Bf3,e4,e6", ("e3:e5:e7",), referee=True),  # e3:g3 takes one only, and loses
    L("tr-penalty-3", "TR-PENALTY", "B:Wc3,Kc1:BKc7", ("c7:c2",), referee=True),
)
