"""Game replay: step through the moves of a game."""

from __future__ import annotations

import html
from collections.abc import Iterable

import ipywidgets as w

from .. import diagram
from ..errors import DamlibError
from ..game import Game
from ..notation import move_number, move_texts
from ..position import Position, Variant
from ..referee import describe
from ..variants import GERMAN
from .common import Pictured, Steps, check_size, image, position_of, prose


class GameReplay(Pictured, w.VBox):
    """Steps through a game's moves with a slider, showing each move's route and captures.

    ``moves`` is a list of move texts or game text such as ``"1. c3-d4 f6-e5"``.
    A move that cannot be played ends the replay there, with the reason shown.

    >>> replay = GameReplay("1. c3-d4 f6-e5 2. d4:f6 g7:e5", "german")
    >>> replay.steps.slider.value = 3
    >>> "<b>2. d4:f6</b> (White): the man captures e5 (1 piece)." in replay.caption.value
    True
    """

    def __init__(
        self,
        moves: str | Iterable[str],
        variant: Variant = GERMAN,
        start: Position | str | None = None,
        size: int | None = None,
    ) -> None:
        self.size = check_size(size)
        texts = move_texts(moves)
        self.game = Game(position_of(start, variant) if start is not None else Position.start(variant))
        self.error = ""
        for text in texts:
            try:
                self.game.play(text)
            except DamlibError as error:
                self.error = f"{self._number(len(self.game.moves))} {text}: {error}"
                break
        self.steps = Steps("Move")
        self.image = image(b"", self.size)
        self.caption = w.HTML()
        self.caption.add_class("damlib-caption")
        self.steps.reset(len(self.game.moves))
        self.steps.slider.observe(lambda _: self._show(), "value")
        self._show()
        super().__init__([self.steps, self.image, self.caption])

    def __repr__(self) -> str:
        n = len(self.game.moves)
        return f"<GameReplay {self.game.rules.name}: {n} move{'' if n == 1 else 's'}>"

    def _number(self, ply: int) -> str:
        return move_number(ply, white_first=self.game.positions[0].turn == "white")

    def picture(self) -> bytes:
        """The position shown, with the move that led to it."""
        k = self.steps.slider.value
        game, name = self.game, self.game.rules.name
        if k == 0:
            return diagram.png(game.positions[0], title=f"{name}: start", size=self.size)
        move = game.moves[k - 1]
        return diagram.png(game.positions[k], arrows=[move.path], captured=move.captured,
                           title=f"{name}: {self._number(k - 1)} {move}", size=self.size)

    def _show(self) -> None:
        k = self.steps.slider.value
        game = self.game
        self.image.value = self.picture()
        if k == 0:
            position = game.positions[0]
            text = f"The start: {position.turn.capitalize()} to move; {len(game.moves)} moves follow."
        else:
            move, before = game.moves[k - 1], game.positions[k - 1]
            label = f"{self._number(k - 1)} {move}"
            text = f"<b>{html.escape(label)}</b> ({before.turn.capitalize()}): {html.escape(describe(move, before))}"
        if k == len(game.moves) and game.result:
            text += f"<br><b>{html.escape(str(game.result))}</b>"
        if self.error and k == len(game.moves):
            text += f"<br><b>The replay stops here.</b> {html.escape(self.error)}"
        self.caption.value = prose(text)
