"""Captures jump by jump: the capture stepper and the promotion explorer."""

from __future__ import annotations

import dataclasses
import html
from collections.abc import Iterable

import ipywidgets as w

from ..drawing import described, diagram
from ..engine import language, variants
from ..engine.errors import DamlibError
from ..engine.position import Move, Position, Variant
from ..engine.variants import Rules
from ..engine.variants import rules as _rules
from ..play.frames import move_frames
from ..play.referee import CaptureStage, capture_stages, explain, forbidden_captures
from .board import Board
from .common import (
    GAMES,
    WHOLE_LABEL,
    Pictured,
    Steps,
    button,
    check_size,
    game_name,
    position_of,
    prose,
    shown_as,
)

#: The most captures a stepper's menu lists.
MAX_LISTED = 60

#: What the capture stepper and the promotion explorer say. ``{game}`` is a game's name, ``{move}``
#: move text, ``{rule}`` a rule ID (or "published rules"), ``{number}`` a count written out
#: ("1,234"), ``{why}``, ``{note}`` and ``{error}`` sentences, HTML-escaped.
TEXTS: dict[str, str] = {
    "capture": "Capture",
    "forbidden": "also show captures that are not allowed",
    "jump": "Jump",
    "board-move": "{game} board: {move}",
    "board-none": "{game} board: no capture",
    "title-move": "{game}: {move}",
    "title-none": "{game}: no capture",
    "takes-one": "{move} — takes {count}",
    "takes-other": "{move} — takes {count}",
    "takes-forbidden-one": "✗ {move} — takes {count}, not allowed",
    "takes-forbidden-other": "✗ {move} — takes {count}, not allowed",
    "no-capture-option": "no capture here",
    # the stepper's text/plain, where no widget is drawn: "<CaptureStepper German: no capture>"
    "shown-none": "no capture",
    "no-capture-white": "There is no capture here; White to move.",
    "no-capture-black": "There is no capture here; Black to move.",
    "not-allowed": "<b>Not allowed:</b> {why}",
    "cannot-show": "<b>Cannot show it:</b> {note}",
    "unlisted-one": "1 more capture is not listed; the menu shows those that take the most.",
    "unlisted-other": "{number} more captures are not listed; the menu shows those that take the most.",
    "forbidden-listed-one": "1 capture takes fewer pieces and is not allowed ({rule}); the menu lists the "
                            "{listed} that take the most.",
    "forbidden-listed-other": "{number} captures take fewer pieces and are not allowed ({rule}); the menu lists "
                              "the {listed} that take the most.",
    "forbidden-unlisted-one": "1 capture takes fewer pieces and is not allowed ({rule}); the menu has no "
                              "room for it.",
    "forbidden-unlisted-other": "{number} captures take fewer pieces and are not allowed ({rule}); the menu has no "
                                "room for them.",
    # the promotion explorer
    "example": "Example",
    "show": "Show",
    "show-tip": "show this FEN",
    "no-position": "No position to show",
    "cannot-show-fen": "<b>Cannot show this FEN:</b> {error}",
    "no-capture-in": "No capture in {game} here.",
    "needs-all-squares": "This position needs the 64-square board: {error}. {game} is played on the 32 "
                         "dark squares only.",
    "not-a-position": "Not a {game} position: {error}",
    # the examples' names in the menu (PROMOTION_EXAMPLES)
    "example-jump-on": "jumps onto the last rank and can jump on",
    "example-king-only": "jumps onto the last rank; only a king could take on",
    "example-pass": "passes the last rank and ends on it again",
    "example-turkish-file": "Turkish: crowned, then captures back down the file",
    "example-turkish-rank": "Turkish: crowned, then captures along the last rank",
    # a bad argument: {keyword} its Python name, {kind} a type's, {value} what was given
    "not-move": "{keyword} must be a {kind} or move text like 'e3:c5:a7', not {value}",
    "not-fen": "{keyword} must be FEN text like 'W:Wb6:Bc7,e7', not {value}",
    "not-games": "{keyword} must be a list of games, like ('german', 'russian'), not {value}",
    "no-games": "{keyword} must name at least one game",
}

#: the sentence of :data:`TEXTS` under a key, its placeholders filled
say = language.sayer(TEXTS)


def show_stage(board: Board, stages: tuple[CaptureStage, ...], move: Move, step: int, shown: int) -> None:
    """Show stage ``step`` of ``move`` on ``board``: the route so far over the whole route drawn
    faint (so a leg that turns back lies beside the first, and each landing keeps its number),
    the pieces jumped; coming from stage ``shown`` just before it, the jumps between are animated."""
    stage = stages[step]
    done = len(stage.path)
    board.show(stage.position, arrows=[stage.path] if done > 1 else [],
               ahead=[move.path] if done < len(move.path) else [], crosses=stage.jumped,
               marks={stage.path[0]: "last"}, announce=stage.caption,
               label=say("board-move", game=variants.game_name(stage.position.rules), move=move))
    if shown < step:
        frames = move_frames(move)  # to the last stage, with the frame in which DE-STRIKE's pieces go
        board.animate(stages[shown].position, frames[shown:step] if step + 1 < len(stages) else frames[shown:])


def _stage_annotations(stage: CaptureStage, route: tuple[str, ...], title: str) -> diagram.Annotations:
    """How a board at one stage of a capture is drawn: the route so far, the pieces jumped, and
    the whole ``route`` faint under it, so even the first frame shows where the capture goes."""
    done = len(stage.path)
    return diagram.Annotations(arrows=[stage.path] if done > 1 else [], ahead=[route] if done < len(route) else [],
                               captured=stage.jumped, highlight=[stage.path[0]], title=title)


def stage_picture(stage: CaptureStage, route: tuple[str, ...], title: str, size: int) -> bytes:
    """The board at one stage of a capture (:func:`_stage_annotations`), ``size`` pixels wide."""
    return diagram.png(stage.position, **_stage_annotations(stage, route, title) | {"size": size})


def stage_alt(stage: CaptureStage, route: tuple[str, ...], title: str) -> str:
    """What :func:`stage_picture` shows, in words (its text alternative)."""
    return diagram.alternative(stage.position, **_stage_annotations(stage, route, title))


class CaptureStepper(Pictured, w.VBox):
    """Lists the legal captures of a position and steps through one jump at a time.

    With ``show_forbidden`` (or its checkbox) it lists, too, the captures the
    majority rule forbids because they take fewer pieces. Each step's caption
    says what happens to the jumped pieces under the game's rule, with its ID.
    Its picture, before the notebook runs, is the whole route of the capture shown.

    >>> stepper = CaptureStepper("W:We3:Bd4,f4,b6", variant="german")
    >>> stepper.steps.buttons["next"].click()
    >>> stepper.stage.rule
    'DE-STRIKE'
    """

    def __init__(
        self,
        position: Position | str,
        move: Move | str | None = None,
        variant: Variant | None = None,
        *,
        show_forbidden: bool = False,
        size: int | None = None,
    ) -> None:
        self.position = position_of(position, variant)
        self.size = check_size(size)
        if move is not None and not isinstance(move, (Move, str)):
            raise DamlibError(say("not-move", keyword="move", kind="Move", value=repr(move)))
        self.choice = w.Dropdown(description=say("capture"), layout=w.Layout(width="max-content", max_width="100%"),
                                 style=WHOLE_LABEL)
        self.forbidden = w.Checkbox(value=bool(show_forbidden), description=say("forbidden"), indent=False,
                                    layout=w.Layout(width="auto"))
        self.steps = Steps(say("jump"))
        self.board = Board(size=size, interactive=False)
        self._step = 0  # the stage the board shows
        self.caption = w.HTML()
        self.caption.add_class("damlib-caption")
        self._fill_choices()
        self._note = ""
        if move:
            self._select(move)
        self.choice.observe(lambda _: self._show_move(), "value")
        self.forbidden.observe(lambda _: self._refill(), "value")
        self.steps.slider.observe(lambda _: self._show_stage(), "value")
        self._show_move()
        super().__init__([w.HBox([self.choice, self.forbidden]), self.steps, self.board, self.caption])
        self.add_class("damlib-stepper")

    def __repr__(self) -> str:
        return shown_as(self, str(self.choice.value or say("shown-none")), self.position.rules)

    def picture(self) -> bytes:
        move = self.choice.value
        name = game_name(self.position.rules)
        if not move:
            return diagram.png(self.position, title=say("title-none", game=name), size=self.size)
        return diagram.png(self.position, move=move, title=say("title-move", game=name, move=move), size=self.size)

    def picture_alt(self) -> str:
        move = self.choice.value
        name = game_name(self.position.rules)
        if not move:
            return diagram.alternative(self.position, title=say("title-none", game=name))
        return diagram.alternative(self.position, move=move, title=say("title-move", game=name, move=move))

    def _select(self, move: Move | str) -> None:
        """Show ``move`` if it is one of the listed captures; otherwise say why not."""
        wanted = str(move).strip().lower().replace("x", ":").replace("-", ":")
        for _, option in self.choice.options:
            if option and wanted in (str(option), f"{option.start}:{option.end}"):
                self.choice.value = option
                return
        self._note = explain(self.position, str(move))

    def _fill_choices(self) -> None:
        legal = [m for m in self.position.legal_moves if m.is_capture]
        # a menu of thousands would freeze the page: the most pieces first, the rest counted
        shown = sorted(legal, key=lambda m: -len(m.captured))[:MAX_LISTED]
        room = max(0, MAX_LISTED - len(shown))
        count, banned = forbidden_captures(self.position, room) if self.forbidden.value else (0, ())
        #: the legal captures the menu leaves out, the forbidden ones, and how many of those it lists
        self._left_out = (len(legal) - len(shown), count, len(banned))
        options = [(language.counted("takes", len(m.captured), TEXTS, move=m), m) for m in shown]
        options += [(language.counted("takes-forbidden", len(m.captured), TEXTS, move=m), m) for m in banned]
        current = self.choice.value
        # "" rather than None: a browser shows a None value as an empty dropdown
        self.choice.options = options or [(say("no-capture-option"), "")]
        self.choice.disabled = not options
        values = [value for _, value in self.choice.options]
        self.choice.value = current if current in values else values[0]

    @property
    def unlisted(self) -> int:
        """How many captures, legal or (with the checkbox) forbidden, the menu leaves out."""
        legal, forbidden, listed = self._left_out
        return legal + forbidden - listed

    def _refill(self) -> None:
        """The menu with or without the forbidden captures; the caption says so even
        where the capture shown stays the same."""
        shown = self.choice.value
        self._fill_choices()
        if self.choice.value == shown:
            self._show_stage()

    def _show_move(self) -> None:
        move = self.choice.value
        self.stages = capture_stages(move) if move else ()
        self._step = 0
        self.steps.reset(max(0, len(self.stages) - 1))
        self._show_stage()

    @property
    def stage(self) -> CaptureStage | None:
        """The :class:`~damlib.play.referee.CaptureStage` shown now, or ``None`` without a capture."""
        return self.stages[self.steps.slider.value] if self.stages else None

    def _show_stage(self) -> None:
        stage, move = self.stage, self.choice.value
        name = game_name(self.position.rules)
        if stage is None:
            self.board.show(self.position, label=say("board-none", game=name))
            self.caption.value = prose(html.escape(say(f"no-capture-{self.position.turn}")))
            return
        step, shown = self.steps.slider.value, self._step
        self._step = step
        show_stage(self.board, self.stages, move, step, shown)
        text = html.escape(stage.caption)
        if stage.rule:
            text += f" <b>[{stage.rule}]</b>"
        if move not in self.position.legal_moves:
            text = f"{say('not-allowed', why=html.escape(explain(self.position, str(move))))}<br>{text}"
        if self._note:
            text = f"{say('cannot-show', note=html.escape(self._note))}<br>{text}"
        legal, forbidden, listed = self._left_out
        if legal:
            text += f"<br><i>{html.escape(language.counted('unlisted', legal, TEXTS, number=f'{legal:,}'))}</i>"
        if forbidden > listed:
            said = language.counted("forbidden-listed" if listed else "forbidden-unlisted", forbidden, TEXTS,
                                    number=f"{forbidden:,}", listed=listed, rule=self.position.rules.cite("majority"))
            text += f"<br><i>{html.escape(said)}</i>"
        self.caption.value = prose(text)


#: Built-in positions for the promotion edge cases, by a short name; the menu says what each shows
#: (``example-<name>`` in :data:`TEXTS`).
PROMOTION_EXAMPLES: dict[str, str] = {
    "jump-on": "W:Wb6:Bc7,e7",
    "king-only": "W:Wb6:Bc7,f6",
    "pass": "W:Wb6:Bc7,e7,g7",
    "turkish-file": "W:Wd6:Bd7,d4",
    "turkish-rank": "W:Wd6:Bd7,Kb8",
}


def crossing_capture(position: Position) -> Move | None:
    """The capture to compare: one that reaches the last rank if there is one."""
    captures = [m for m in position.legal_moves if m.is_capture]
    return next((m for m in captures if position.last_rank & set(m.path[1:])), captures[0] if captures else None)


class PromotionExplorer(Pictured, w.VBox):
    """The same position under German, Russian and Turkish rules (or the ``games``
    named), side by side.

    Steps through the same capture in each game: the German man passes the last
    rank and stays a man (DE-PROMOTE-PASS), the Russian man is crowned and goes
    on as a king (RU-PROMOTE), the Turkish man is crowned at once (TR-PROMOTE).
    Its picture, before the notebook runs, is where each game's man ends.

    >>> explorer = PromotionExplorer("W:Wb6:Bc7,e7")
    >>> explorer.steps.buttons["last"].click()
    >>> "crowned at once" in explorer.columns["Russian"].stages[1].caption
    True
    >>> list(PromotionExplorer("W:Wb6:Bc7,e7", games=("german", "russian")).columns)
    ['German', 'Russian']
    """

    def __init__(
        self, fen: str | None = None, size: int | None = None, games: Iterable[Variant] = GAMES
    ) -> None:
        if fen is not None and not isinstance(fen, str):
            raise DamlibError(say("not-fen", keyword="fen", value=repr(fen)))
        if isinstance(games, (str, Rules)) or not isinstance(games, Iterable):
            raise DamlibError(say("not-games", keyword="games", value=repr(games)))
        chosen = tuple(dict.fromkeys(_rules(g) for g in games))
        if not chosen:
            raise DamlibError(say("no-games", keyword="games"))
        self.games = chosen
        self.size = check_size(size, share=0.65)  # boards side by side
        self.examples = w.Dropdown(options=[(say(f"example-{name}"), fen) for name, fen in PROMOTION_EXAMPLES.items()],
                                   description=say("example"), layout=w.Layout(width="max-content"))
        self.fen = w.Text(value=fen or self.examples.value, description="FEN", continuous_update=False)
        self.show = button(say("show"), say("show-tip"), "show", self._load)
        self.message = w.HTML()
        self.steps = Steps(say("jump"))
        self.columns = {r.name: Column(r, self.size) for r in chosen}
        self.examples.observe(self._example, "value")
        self.fen.observe(lambda _: self._load(), "value")
        self.steps.slider.observe(lambda _: self._show_stage(), "value")
        self._load()
        super().__init__([
            w.HBox([self.examples, self.fen, self.show], layout=w.Layout(flex_flow="row wrap")),
            self.message, self.steps, w.HBox(list(self.columns.values())),
        ])

    def __repr__(self) -> str:
        return f"<PromotionExplorer {self.fen.value}>"

    def picture(self) -> bytes:
        """The three games' boards side by side, each where its capture ends."""
        boards = [c.final_picture() for c in self.columns.values() if c.position is not None]
        if not boards:
            return diagram.png(Position.start(self.games[0]), title=say("no-position"), size=self.size)
        return diagram.side_by_side(boards)

    def picture_alt(self) -> str:
        """What :meth:`picture` shows, in words: each game's board where its capture ends."""
        shown = [c.final_alt() for c in self.columns.values() if c.position is not None]
        if not shown:
            return diagram.alternative(Position.start(self.games[0]), title=say("no-position"))
        return described.row(shown) if len(shown) > 1 else shown[0]

    def _example(self, change: dict[str, object]) -> None:
        """An example chosen from the menu is shown; the menu emptied (a FEN typed) shows nothing new."""
        if isinstance(change["new"], str):
            self.fen.value = change["new"]

    def _load(self) -> None:
        # the menu names the example shown, and none for a position of one's own
        self.examples.value = self.fen.value if self.fen.value in PROMOTION_EXAMPLES.values() else None
        for column in self.columns.values():
            column.load(self.fen.value)
        self.message.value = ""
        if all(c.position is None for c in self.columns.values()):
            # one message, not one a column, for a FEN that no game reads
            error = next(iter(self.columns.values())).error
            self.message.value = prose(say("cannot-show-fen", error=html.escape(error)))
            for column in self.columns.values():
                column.error = ""
        longest = max((len(c.stages) for c in self.columns.values()), default=1)
        self.steps.reset(max(0, longest - 1))
        self._show_stage()

    def _show_stage(self) -> None:
        for column in self.columns.values():
            column.show(self.steps.slider.value)


class Column(w.VBox):
    """One game's picture and caption in the :class:`PromotionExplorer`."""

    def __init__(self, rules: Rules, size: int) -> None:
        self.rules, self.size = rules, size
        self.board = Board(interactive=False)
        self._step = 0  # the stage the board shows
        self.caption = w.HTML(layout=w.Layout(width="100%"))
        self.caption.add_class("damlib-caption")
        self.stages: tuple[CaptureStage, ...] = ()
        self.position: Position | None = None
        self.move: Move | None = None
        self.error = ""
        #: whether the position the column could not read is one of the 64-square board
        self.needs_all_squares = False
        # the three columns share the width, however narrow the notebook
        super().__init__([w.HTML(f"<h4>{html.escape(game_name(rules))}</h4>"), self.board, self.caption],
                         layout=w.Layout(flex="1 1 0", min_width="0", margin="0 6px 0 0"))

    def load(self, fen: str) -> None:
        self.stages, self.error, self.move, self.position, self._step = (), "", None, None, 0
        self.needs_all_squares = False
        try:
            self.position = Position.from_fen(fen, self.rules)
        except DamlibError as error:
            self.error = str(error)
            self.needs_all_squares = not self.rules.all_squares and _reads(fen, dataclasses.replace(self.rules,
                                                                                                all_squares=True))
            return
        self.move = crossing_capture(self.position)
        if self.move is not None:
            self.stages = capture_stages(self.move)

    def final_picture(self) -> bytes:
        assert self.position is not None, "only a column that read the position has a picture"
        if not self.stages:
            return diagram.png(self.position, title=say("title-none", game=game_name(self.rules)), size=self.size)
        assert self.move is not None
        title = say("title-move", game=game_name(self.rules), move=self.move)
        return stage_picture(self.stages[-1], self.move.path, title, self.size)

    def final_alt(self) -> str:
        """What :meth:`final_picture` shows, in words."""
        assert self.position is not None, "only a column that read the position has a picture"
        if not self.stages:
            return diagram.alternative(self.position, title=say("title-none", game=game_name(self.rules)))
        assert self.move is not None
        title = say("title-move", game=game_name(self.rules), move=self.move)
        return stage_alt(self.stages[-1], self.move.path, title)

    def show(self, step: int) -> None:
        self.board.layout.display = "none" if self.position is None else None
        if self.position is None:
            self.caption.value = "" if not self.error else prose(
                f'<div style="border: 1px solid #999; padding: 8px">{html.escape(self._why_not())}</div>')
            return
        if not self.stages:
            self.board.show(self.position, label=say("board-none", game=variants.game_name(self.rules)))
            self.caption.value = prose(html.escape(say("no-capture-in", game=variants.game_name(self.rules))))
            return
        step, shown = min(step, len(self.stages) - 1), self._step
        self._step = step
        stage = self.stages[step]
        assert self.move is not None
        show_stage(self.board, self.stages, self.move, step, shown)
        self.caption.value = prose(html.escape(stage.caption) + (f" <b>[{stage.rule}]</b>" if stage.rule else ""))

    def _why_not(self) -> str:
        if self.needs_all_squares:
            return say("needs-all-squares", error=self.error, game=variants.game_name(self.rules))
        return say("not-a-position", game=game_name(self.rules), error=self.error)


def _reads(fen: str, rules: Rules) -> bool:
    """Whether ``fen`` is a position of ``rules``."""
    try:
        Position.from_fen(fen, rules)
    except DamlibError:
        return False
    return True
