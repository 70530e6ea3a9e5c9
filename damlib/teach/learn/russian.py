"""Russian levels: RU-PROMOTE first, then the DE-* rules that Russian shares with German (a
Russian game cites the DE ids), in the order of the German lessons. White to move unless a
goal says "Black to play"."""

from __future__ import annotations

from typing import Any

from ...engine.variants import RUSSIAN
from .german import START
from .levels import Level

#: Each level's goal, whole, keyed by the level's id: a learner reads it in the language chosen
#: (:attr:`~damlib.learn.Level.goal`). Squares and moves in it are written as they are everywhere.
TEXTS: dict[str, str] = {
    # -- crowned mid-capture (RU-PROMOTE)
    "ru-promote-1": "Capture both men: crowned on d8, your man goes on capturing as a king.",
    "ru-promote-2": "Black to play: capture both men. Crowned on e1, go on as a king.",
    "ru-promote-3": "Capture as many pieces as the rules require.",
    # -- the board (DE-BOARD)
    "ru-board-1": "A man steps diagonally forward: move the man on the edge to the only square of play it can reach.",
    "ru-board-2": "Black to play: a man steps diagonally forward, down for Black: move the man on the edge to the "
                  "only square of play it can reach.",
    "ru-board-3": "Move the king along its diagonal to the far end, g1.",
    # -- the start (DE-START)
    "ru-start-1": "White moves first: open with the man on e3, diagonally forward to the left.",
    "ru-start-2": "Open with the man on c3, diagonally forward to the left.",
    "ru-start-3": "Open with the man on g3 to the edge, h4.",
    # -- men's moves (DE-MAN-MOVE)
    "ru-man-move-1": "Step your man forward, to the left.",
    "ru-man-move-2": "Black to play: step the man on d8 down the board to c7.",
    "ru-man-move-3": "Move the man on the a-file forward: it has only one square to go to.",
    # -- men's captures (DE-MAN-CAPTURE)
    "ru-man-capture-1": "Capture backwards: a man captures in all four diagonal directions.",
    "ru-man-capture-2": "Black to play: capture backwards, up the board.",
    "ru-man-capture-3": "Capture two men with one man.",
    # -- winning (DE-WIN)
    "ru-win-1": "Black to play and win: take White's last piece.",
    "ru-win-2": "Win: leave Black no move.",
    "ru-win-3": "Win in one move: take both black men with the king.",
    # -- compulsory capture (DE-MANDATORY)
    "ru-mandatory-1": "Capturing is compulsory: play the only legal move.",
    "ru-mandatory-2": "Black to play: capture, and keep jumping while you can.",
    "ru-mandatory-3": "Capturing is compulsory for kings too: play the only legal move.",
    # -- promotion (DE-PROMOTE)
    "ru-de-promote-1": "Make a king.",
    "ru-de-promote-2": "Black to play: make a king in two moves, by way of d2.",
    "ru-de-promote-3": "Capture and make a king.",
    # -- kings (DE-KING)
    "ru-king-1": "Move the king all the way to h2 in one move.",
    "ru-king-2": "Capture e3 from afar with the king, and land on c1.",
    "ru-king-3": "Capture both men with the king and end on d8.",
    # -- majority (DE-MAJORITY)
    "ru-majority-1": "Capture as many pieces as the rules require.",
    "ru-majority-2": "Capture as many pieces as the rules require: the man may become a king on the way.",
    "ru-majority-3": "Capture as many pieces as the rules require: a king counts as one piece.",
    # -- jumped pieces stay until the capture ends (DE-STRIKE)
    "ru-strike-1": "Capture as many pieces as you can: the men you jump stay on the board until the capture ends.",
    "ru-strike-2": "Capture all four men: the capture may end where it began.",
    "ru-strike-3": "Black to play: capture as many pieces as you can. The men you jump stay until the capture ends.",
    # -- draw by threefold repetition (DE-DRAW)
    "ru-draw-1": "King against king. Draw by repetition: go to b2, then back and forth between c1 and b2.",
    "ru-draw-2": "Black to play. Draw by repetition: go to b6, then back and forth between a5 and b6.",
    "ru-draw-3": "Neither side can force a win. Draw by repetition: go to e1, then back and forth between d2 and e1.",
    # -- penalty (DE-PENALTY)
    "ru-penalty-1": "Black to play e5-f4, which White must capture. When White does not, have the mistake taken back; "
                    "after White's capture, take two men.",
    "ru-penalty-2": "Play e3-f4, which Black must capture. When Black does not, let the mistaken move stand.",
    "ru-penalty-3": "Black to play. A referee is watching: capture as many pieces as the rules require.",
}


def L(id: str, rule: str, fen: str, solution: tuple[str, ...], **options: Any) -> Level:
    return Level(id, RUSSIAN, rule, TEXTS[id], fen, solution, checked=False, **options)


LEVELS = (
    # -- the board (DE-BOARD)
    L("ru-board-1", "DE-BOARD", "W:Wa3:Bc7", ("a3-b4",)),
    L("ru-board-2", "DE-BOARD", "B:Wc1:Bh6", ("h6-g5",)),
    L("ru-board-3", "DE-BOARD", "W:WKa7:Bh2", ("a7-g1",)),
    # -- the start (DE-START)
    L("ru-start-1", "DE-START", START, ("e3-d4",)),
    L("ru-start-2", "DE-START", START, ("c3-b4",)),
    L("ru-start-3", "DE-START", START, ("g3-h4",)),
    # -- men's moves (DE-MAN-MOVE)
    L("ru-man-move-1", "DE-MAN-MOVE", "W:Wg1:Ba5", ("g1-f2",)),
    L("ru-man-move-2", "DE-MAN-MOVE", "B:Wb2:Bd8", ("d8-c7",)),
    L("ru-man-move-3", "DE-MAN-MOVE", "W:Wa5,e3:Bh8", ("a5-b6",)),
    # -- men's captures (DE-MAN-CAPTURE)
    L("ru-man-capture-1", "DE-MAN-CAPTURE", "W:Wd6:Bc5,h8", ("d6:b4",)),
    L("ru-man-capture-2", "DE-MAN-CAPTURE", "B:Wf6,a1:Bg5", ("g5:e7",)),
    L("ru-man-capture-3", "DE-MAN-CAPTURE", "W:Wh2:Bg3,e5", ("h2:f4:d6",)),
    # -- winning (DE-WIN)
    L("ru-win-1", "DE-WIN", "B:Wf2:Bg3", ("g3:e1",),
      accept="win"),
    # e1-f2 fills the square behind g3: the man on h4 can neither step nor jump
    L("ru-win-2", "DE-WIN", "W:Wg3,e1:Bh4", ("e1-f2",), accept="win"),
    L("ru-win-3", "DE-WIN", "W:WKa5:Bc7,f6", ("a5:d8:g5",), accept="win"),  # ending on h4 wins too
    # -- compulsory capture (DE-MANDATORY)
    L("ru-mandatory-1", "DE-MANDATORY", "W:Wg1,c3:Bf2,h6", ("g1:e3",)),  # c3 may not step while g1 can take
    L("ru-mandatory-2", "DE-MANDATORY", "B:Wf4,d2,a1:Bg5", ("g5:e3:c1",)),
    # b8 right behind d6's line leaves only c7 to land on
    L("ru-mandatory-3", "DE-MANDATORY", "W:WKh2,a3:Bd6,b8", ("h2:c7",)),
    # -- promotion (DE-PROMOTE)
    L("ru-de-promote-1", "DE-PROMOTE", "W:Wg7:Bb4", ("g7-h8",), accept="king"),  # or f8
    L("ru-de-promote-2", "DE-PROMOTE", "B:Wg7:Bc3", ("c3-d2", "d2-e1"), replies=("g7-h8",), accept="king"),
    L("ru-de-promote-3", "DE-PROMOTE", "W:Wf6:Bg7,a5", ("f6:h8",)),
    # -- kings (DE-KING)
    L("ru-king-1", "DE-KING", "W:WKb8:Bh4", ("b8-h2",)),
    L("ru-king-2", "DE-KING", "W:WKh6:Be3,b8", ("h6:c1",)),  # d2 is a landing square too
    L("ru-king-3", "DE-KING", "W:WKc1:Be3,f6", ("c1:g5:d8",)),
    # -- crowned mid-capture (RU-PROMOTE): a king at once, and it captures on as a king
    # d8-c7-b6-a5 is a king's long capture; a man could not take b6
    L("ru-promote-1", "RU-PROMOTE", "W:Wf6:Be7,b6", ("f6:d8:a5",)),
    L("ru-promote-2", "RU-PROMOTE", "B:Wd2,g3:Bc3", ("c3:e1:h4",)),
    # the new king on f8 takes d6 from afar; b4 is White's, so it lands on c5
    L("ru-promote-3", "RU-PROMOTE", "W:Wh6,b4:Bg7,d6", ("h6:f8:c5",)),
    # -- majority (DE-MAJORITY)
    L("ru-majority-1", "DE-MAJORITY", "W:Wg3:Bf4,f2,d6", ("g3:e5:c7",)),  # over f4 and d6 beats over f2 alone
    # crowned on f8, the king takes g7 too; b8 takes one
    L("ru-majority-2", "DE-MAJORITY", "W:Wd6:Bc7,e7,g7", ("d6:f8:h6",)),
    L("ru-majority-3", "DE-MAJORITY", "W:Wd2:BKc3,e3,g5", ("d2:f4:h6",)),
    # -- jumped pieces stay until the capture ends (DE-STRIKE)
    # from g5 the way back is shut by f4, jumped and still standing (removed at once, the king would take four)
    L("ru-strike-1", "DE-STRIKE", "W:WKa7:Bf4,d4,b2,d2", ("a7:e3:c1:a3",)),
    L("ru-strike-2", "DE-STRIKE", "W:Wf2:Be3,e5,g5,g3", ("f2:d4:f6:h4:f2",)),
    # c5, jumped first, still stands on the line e7-a3: b4 is out of reach
    L("ru-strike-3", "DE-STRIKE", "B:Wc5,f4,f6,b4:BKa7,d8", ("a7:e3:g5:e7",)),
    # -- draw by threefold repetition (DE-DRAW)
    L("ru-draw-1", "DE-DRAW", "W:WKa3:BKf8", ("a3-b2", "b2-c1", "c1-b2", "b2-c1", "c1-b2"),
      replies=("f8-e7", "e7-f8", "f8-e7", "e7-f8"), accept="draw"),
    L("ru-draw-2", "DE-DRAW", "B:WKh2:BKa7", ("a7-b6", "b6-a5", "a5-b6", "b6-a5", "a5-b6"),
      replies=("h2-g3", "g3-h2", "h2-g3", "g3-h2"), accept="draw"),
    L("ru-draw-3", "DE-DRAW", "W:WKf2:BKc7", ("f2-e1", "e1-d2", "d2-e1", "e1-d2", "d2-e1"),
      replies=("c7-d8", "d8-c7", "c7-d8", "d8-c7"), accept="draw"),
    # -- penalty (DE-PENALTY), with a referee
    # White steps g3-h4 instead of taking f4; taken back, White must take e3:g5, and h6 takes two
    L("ru-penalty-1", "DE-PENALTY", "B:Wg3,e3:Bh6,e5", ("e5-f4", "take back", "h6:f4:h2"),
      replies=("g3-h4", "e3:g5"), referee=True),
    L("ru-penalty-2", "DE-PENALTY", "W:We3,a1:Bg5,b8", ("e3-f4", "let stand"), replies=("b8-a7",), referee=True),
    # d6:b4 takes one: a capture mistake
    L("ru-penalty-3", "DE-PENALTY", "B:Wc5,e5,g3:Bd6", ("d6:f4:h2",), referee=True),
)
