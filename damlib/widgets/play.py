"""The play board: a clickable board for a game against a classmate or the computer."""

from __future__ import annotations

import html
from collections.abc import Callable
from pathlib import Path

import ipywidgets as w

from ..drawing import diagram
from ..engine import language
from ..engine.errors import DamlibError
from ..engine.notation import numbered_moves, parse_color
from ..engine.position import Position, Variant
from ..engine.variants import GERMAN
from ..engine.variants import rules as _rules
from ..play import pdn
from ..play.clicks import ClickToMove
from ..play.game import Game
from ..play.search import BOARD_SECONDS, STRENGTHS, Strength, strength_of
from ..play.spoken import to_move
from .board import Board
from .common import GAMES, Pictured, button, check_size, counted, game_name, position_of, prose, shown_as, text

#: What the play board says: its menus, buttons (each with its tooltip, ``-tip``) and lines.
#: ``{game}`` is a game's name, ``{state}`` a result or "White to move", ``{error}`` and
#: ``{name}`` (a file name) come HTML-escaped.
TEXTS: dict[str, str] = {
    "game": "Game",
    "referee": "referee mode (a capture mistake is let through, then dealt with as the rules say)",
    "computer": "Computer",
    "nobody": "nobody",
    "white": "White",
    "black": "Black",
    "level": "Level",
    # the computer's levels of play (damlib.play.search.STRENGTHS), by name
    "level-beginner": "beginner — looks one move ahead and often slips, as beginners do",
    "level-club": "club — plays soundly, looking two moves ahead",
    "level-strong": "strong — looks as deep as it can in under a second",
    "take-back": "Take back and capture",
    "take-back-tip": "make the mistake be taken back",
    "let-stand": "Let it stand",
    "let-stand-tip": "let the mistaken move stand",
    "end-here": "End the move here",
    "end-here-tip": "referee mode: stop the capture on this square",
    "restart": "Restart this position",
    "restart-tip": "back to the position this board began with",
    "new": "New game",
    "new-tip": "the standard start of this game",
    "undo": "Undo",
    "undo-tip": "take back the last move",
    "flip": "Flip",
    "flip-tip": "turn the board around",
    "save": "Save game",
    "save-tip": "save the game as a PDN file beside the notebook",
    "title": "{game}: {state}",
    "not-saved": "<b>Not saved.</b> {error}",
    "saved": "Saved as <b>{name}</b> beside the notebook. The PDN text below can be copied into any draughts "
             "program.",
    "moves": "Moves",
    # a bad argument: {keyword} its Python name, {value} what was given
    "bad-seconds": "{keyword} is the computer's time per move, above 0 and at most {most}, not {value}",
}

#: the sentence of :data:`TEXTS` under a key, its placeholders filled
say = language.sayer(TEXTS)


def level_label(level: Strength) -> str:
    """A level of play as its menu shows it: its name and what it does (in English, as
    :data:`~damlib.play.search.STRENGTHS` says it).

    >>> all(level_label(lv) == f"{lv.name} — {lv.about}" for lv in STRENGTHS.values())
    True
    """
    key = f"level-{level.name}"
    return say(key) if key in TEXTS else f"{level.name} — {level.about}"


class PlayBoard(Pictured, w.VBox):
    """A clickable board: click a piece, then its destination (and, for a capture
    with several routes, each landing square in turn).

    The board draws a :class:`~damlib.play.clicks.ClickToMove` and forwards its clicks
    to it. Restart, new game, undo, flip, a move list and a status line; a click
    that is not a legal choice shows why, with the rule ID, and changes nothing.
    ``referee`` lets capture mistakes through and applies the penalty (DE-PENALTY,
    TR-PENALTY); ``computer`` (``"white"`` or ``"black"``) lets damlib play one side at
    ``level`` (``"beginner"``, ``"club"`` or ``"strong"``), chosen from a menu too; ``seconds``
    overrides the level's time per move. ``menus=False`` leaves out the game, computer, level
    and referee menus: a lesson's board for trying one rule, before the computer and the
    referee are taught. On such a board the learner clicks every landing of a capture; with the
    menus, a game's board, a capture finishes by itself once it can go on only one way
    (``finish_captures`` decides otherwise).

    >>> board = PlayBoard("german")
    >>> board.click("c3"); board.click("d4")
    >>> board.game.moves
    (Move('c3-d4'),)
    """

    def __init__(
        self,
        variant: Variant = GERMAN,
        *,
        referee: bool = False,
        computer: str | None = None,
        fen: str | None = None,
        seconds: float | None = None,
        size: int | None = None,
        level: str = "club",
        menus: bool = True,
        finish_captures: bool | None = None,
    ) -> None:
        rules = _rules(variant)
        self.size = check_size(size)
        if seconds is not None and (not isinstance(seconds, (int, float)) or isinstance(seconds, bool)
                                    or not 0 < seconds <= BOARD_SECONDS):
            raise DamlibError(say("bad-seconds", keyword="seconds", most=f"{BOARD_SECONDS:g}", value=repr(seconds)))
        start = position_of(fen, rules) if fen is not None else Position.start(rules)
        self.table = ClickToMove(start, referee=referee, computer=parse_color(computer, "computer"),
                                 seconds=seconds, level=strength_of(level),
                                 finish_captures=menus if finish_captures is None else finish_captures)
        self.board = Board(on_click=self.click, on_cancel=self._forward(self.table.cancel), size=size)
        # beside the panel, the board takes the room there is; the panel goes below it when short
        self.board.layout.flex = "0 0 auto" if size else "1 1 360px"
        games = list(GAMES) + ([rules] if rules not in GAMES else [])
        self.variant = w.Dropdown(options=[(game_name(r), r) for r in games], value=rules, description=say("game"))
        self.referee = w.Checkbox(value=self.table.game.referee, description=say("referee"),
                                  indent=False, layout=w.Layout(width="auto"))
        self.computer = w.Dropdown(options=[(say("nobody"), ""), (say("white"), "white"), (say("black"), "black")],
                                   value=self.table.computer or "", description=say("computer"))
        self.level = w.Dropdown(options=[(level_label(lv), lv.name) for lv in STRENGTHS.values()],
                                value=self.table.level.name, description=say("level"), layout=w.Layout(width="auto"))
        choice = w.Layout(width="auto")  # the two choices after a capture mistake show together
        self.take_back_button = button(say("take-back"), say("take-back-tip"), "take-back",
                                       self._forward(self.table.take_back), choice)
        self.let_stand_button = button(say("let-stand"), say("let-stand-tip"), "let-stand",
                                       self._forward(self.table.let_stand), choice)
        self.end_button = button(say("end-here"), say("end-here-tip"), "end-here",
                                 self._forward(self.table.end_here), w.Layout(width="auto"))
        self.restart_button = button(say("restart"), say("restart-tip"),
                                     "restart", self.restart, w.Layout(width="auto"))
        self.restart_button.layout.display = "none" if start == Position.start(rules) else None
        self.status = text("status")
        self.move_list = text("moves")
        controls = w.HBox([
            self.restart_button,
            button(say("new"), say("new-tip"), "new", lambda: self.new_game()),
            button(say("undo"), say("undo-tip"), "undo", self._forward(self.table.undo)),
            button(say("flip"), say("flip-tip"), "flip", self.flip),
            button(say("save"), say("save-tip"), "save", self.save),
        ], layout=w.Layout(flex_flow="row wrap"))
        #: where Save puts the game's PDN file: the notebook's folder (the kernel's working folder)
        self.save_folder = Path(".")
        self.saved = text()
        self.saved_text = w.Textarea(layout=w.Layout(width="100%", height="8em", display="none"))
        self.variant.observe(lambda change: self.new_game(change["new"]), "value")
        self.referee.observe(lambda change: self._forward(lambda: self.table.set_referee(change["new"]))(), "value")
        self.computer.observe(lambda change: self._forward(lambda: self.table.set_computer(change["new"]))(), "value")
        self.level.observe(lambda change: self._forward(lambda: self.table.set_level(change["new"]))(), "value")
        self.refresh()
        # without menus they are hidden, not left out: a widget of this board that no other holds
        # would be saved with a lesson after the board is gone (damlib.widgets.saved)
        settings = w.VBox([w.HBox([self.variant, self.computer, self.level], layout=w.Layout(flex_flow="row wrap")),
                           self.referee], layout=w.Layout(display=None if menus else "none"))
        super().__init__([
            settings,
            # the board keeps its size; the status panel goes below it when space is short
            w.HBox([
                self.board,
                w.VBox([self.status, self.move_list], layout=w.Layout(margin="0 0 0 16px", flex="1 1 240px")),
            ], layout=w.Layout(flex_flow="row wrap")),
            controls, w.HBox([self.end_button, self.take_back_button, self.let_stand_button]),
            self.saved, self.saved_text,
        ])
        self.add_class("damlib-playboard")

    def __repr__(self) -> str:
        return shown_as(self, counted("moves", len(self.game.moves)), self.game.rules)

    def picture(self) -> bytes:
        game = self.game
        state = str(game.result) if game.result else to_move(game.position.turn)
        title = say("title", game=game_name(game.rules), state=state)
        return diagram.png(game.position, last_move=game.moves[-1] if game.moves else None, flip=self.board.flipped,
                           title=title, size=self.size)

    # -- what the table holds ---------------------------------------------------------

    @property
    def game(self) -> Game:
        """The :class:`~damlib.Game` being played."""
        return self.table.game

    @property
    def path(self) -> list[str]:
        """The squares chosen so far: the piece, then each landing square."""
        return self.table.path

    def targets(self) -> set[str]:
        """The squares a click may move the chosen piece to."""
        return set(self.table.targets)

    # -- actions ----------------------------------------------------------------------

    def _forward(self, action: Callable[[], None]) -> Callable[[], None]:
        def forwarded() -> None:
            action()
            self.refresh()
        return forwarded

    def click(self, square: object) -> None:
        """What a click on ``square`` does: select a piece, or move it."""
        self._forward(lambda: self.table.click(square))()

    def end_here(self) -> None:
        """Referee mode: end a capture on the landing square chosen last, even if it could go on."""
        self._forward(self.table.end_here)()

    def undo(self) -> None:
        """Take back the last move; against the computer, back to your own turn."""
        self._forward(self.table.undo)()

    def restart(self) -> None:
        """Start again from the position this board began with."""
        self._forward(self.table.restart)()

    def new_game(self, variant: Variant | None = None) -> None:
        """Start again from the standard start of ``variant`` (by default the game chosen)."""
        self._forward(lambda: self.table.new_game(variant if variant is not None else self.variant.value))()

    def flip(self) -> None:
        self.board.flipped = not self.board.flipped

    def save(self) -> None:
        """Save the game as a PDN file in :attr:`save_folder` and show its text, to copy."""
        try:
            path = pdn.save(self.game, self.save_folder, Event=f"damlib {self.game.rules.name} game")
        except DamlibError as e:
            self.saved.value = prose(say("not-saved", error=html.escape(str(e))))
            return
        self.saved_text.value = path.read_text(encoding="utf-8")
        self.saved_text.layout.display = None
        self.saved.value = prose(say("saved", name=html.escape(path.name)))

    # -- showing ----------------------------------------------------------------------

    def refresh(self) -> None:
        """Bring the squares, status and move list up to date with the game."""
        table, game = self.table, self.table.game
        self.board.show_game(table, said=table.message)
        self.take_back_button.layout.display = self.let_stand_button.layout.display = (
            "flex" if game.pending else "none"
        )
        self.end_button.layout.display = "flex" if table.can_end_here else "none"
        self.level.layout.display = "flex" if table.computer else "none"  # a level is the computer's
        status = f"<b>{html.escape(table.headline)}</b>"
        if table.message:
            status += f"<br>{html.escape(table.message)}"
        self.status.value = prose(status)
        moves = numbered_moves(game.moves, white_first=game.positions[0].turn == "white")
        self.move_list.value = prose(f"<b>{html.escape(say('moves'))}</b><br>{html.escape(moves) or '—'}")
