"""Game replay: open a PDN file or text, choose a game of it, and step through its moves."""

from __future__ import annotations

import html
import os
from collections.abc import Iterable

import ipywidgets as w

from ..drawing import diagram
from ..engine import language, variants
from ..engine.errors import DamlibError, shown
from ..engine.notation import move_number, move_texts
from ..engine.position import Position, Variant
from ..engine.variants import GERMAN, VARIANTS, Rules
from ..engine.variants import rules as _rules
from ..play import pdn
from ..play.frames import move_frames
from ..play.game import Game
from ..play.referee import describe
from .board import Board
from .common import (
    WHOLE_LABEL,
    Pictured,
    Steps,
    button,
    check_size,
    counted,
    game_name,
    position_of,
    prose,
    shown_as,
)

#: What the replay says. ``{game}`` is a game's name, ``{label}`` a numbered move in bold
#: ("<b>2. d4:f6</b>"), ``{description}`` what the move does; ``{error}`` and ``{result}`` come
#: HTML-escaped, ``{size}`` and ``{most}`` as numbers written out ("2,000,000").
TEXTS: dict[str, str] = {
    "game": "Game",
    "rules": "Rules",
    "as-written": "as the file says (GameType)",
    "move": "Move",
    "upload": "Open a PDN file",
    "paste": "…or paste PDN text here",
    "read": "Read the text",
    "read-tip": "read the PDN text pasted above",
    "open-another": "Open another game (PDN)",
    "not-read": "<b>Not read:</b> {error}",
    "no-game": "No game found in that text: a PDN game has moves like {example}.",
    "read-first-one": "Read the first {count} games, which are listed; the text holds more (damlib.pdn.read with "
                      "max_games=None reads them all).",
    "read-first-other": "Read the first {count} games, which are listed; the text holds more (damlib.pdn.read with "
                        "max_games=None reads them all).",
    "read-games-one": "Read {count} game.",
    "read-games-other": "Read {count} games.",
    "title-start": "{game}: start",
    "title-move": "{game}: {move}",
    "start-white-one": "The start: White to move; 1 move follows, read under the rules of {game}.",
    "start-white-other": "The start: White to move; {count} moves follow, read under the rules of {game}.",
    "start-black-one": "The start: Black to move; 1 move follows, read under the rules of {game}.",
    "start-black-other": "The start: Black to move; {count} moves follow, read under the rules of {game}.",
    "move-white": "{label} (White): {description}",
    "move-black": "{label} (Black): {description}",
    "result": "The result written in the file: {result}.",
    "stops": "<b>The replay stops here.</b> {error}",
    "label-start": "{game} board, the start",
    "label-after": "{game} board, after {move}",
    # a bad argument: {kind} a type's Python name, {value} what was given
    "not-source": "a replay shows PDN text, a PDN file, a list of move texts or a {kind}, not {value}",
}

#: the sentence of :data:`TEXTS` under a key, its placeholders filled
say = language.sayer(TEXTS)


#: The most games its menu lists: their moves are played to list them, within the bounds of
#: :func:`damlib.pdn.read` (:data:`~damlib.play.pdn.MAX_MOVES` moves in all, the text at most
#: :data:`~damlib.play.pdn.MAX_TEXT` characters), so that a paste is read well under a second.
MAX_GAMES = 100


class GameReplay(Pictured, w.VBox):
    """Steps through a game's moves with a slider, showing each move's route and captures.

    ``source`` is PDN text (tag pairs are optional, so ``"1. c3-d4 f6-e5"`` is a game too),
    the path of a PDN file, a list of move texts, or a :class:`~damlib.Game` (its moves from its
    start). A text of several games gets a menu to choose one. ``variant`` reads every game under
    those rules; by default each game is read under the rules its GameType names, and German where
    it names none. ``start``
    is the position (or FEN) that moves without a FEN tag begin from. A move that cannot
    be played ends the replay there, with the reason shown. Below the board a learner can
    open another PDN file or paste PDN text.

    >>> replay = GameReplay("1. c3-d4 f6-e5 2. d4:f6 g7:e5", "german")
    >>> replay.steps.slider.value = 3
    >>> "<b>2. d4:f6</b> (White): the man captures e5 (1 piece)." in replay.caption.value
    True
    """

    def __init__(
        self,
        source: str | os.PathLike[str] | Iterable[str] | Game,
        variant: Variant | None = None,
        start: Position | str | None = None,
        size: int | None = None,
    ) -> None:
        self.size = check_size(size)
        forced = (_rules(variant) if variant is not None else start.rules if isinstance(start, Position)
                  else source.rules if isinstance(source, Game) else None)  # a game is read under its own rules
        self._text = _pdn_text(source, position_of(start, forced) if start is not None else None)
        self.entries: list[pdn.PdnGame] = []
        self._quiet = False  # while the menus are being filled in, their changes show nothing
        self.games = w.Dropdown(description=say("game"), layout=w.Layout(width="100%"))
        choices = [(game_name(r), r.name) for r in VARIANTS.values()]
        if forced is not None and forced.name.lower() not in VARIANTS:
            choices.append((game_name(forced), forced.name))
        self._choices = {r.name: r for r in VARIANTS.values()} | ({forced.name: forced} if forced else {})
        self.rules = w.Dropdown(options=[(say("as-written"), "")] + choices, value=forced.name if forced else "",
                                description=say("rules"), layout=w.Layout(width="max-content", max_width="100%"),
                                style=WHOLE_LABEL)
        self.steps = Steps(say("move"))
        self.board = Board(size=size, interactive=False)
        self._shown = 0  # the ply the board shows
        self.caption = w.HTML()
        self.caption.add_class("damlib-caption")
        self.upload = w.FileUpload(accept=".pdn,.txt", multiple=False, description=say("upload"),
                                   layout=w.Layout(width="auto"))
        self.paste = w.Textarea(placeholder=say("paste"), layout=w.Layout(width="100%", height="6em"))
        self.status = w.HTML()
        opener = w.VBox([self.upload, self.paste, w.HBox([button(say("read"), say("read-tip"),
                                                                 "read-pdn", self._read_pasted), self.status])])
        self.opener = w.Accordion(children=[opener], titles=(say("open-another"),), selected_index=None)
        self._read()
        self.games.observe(lambda _: self._show_game(), "value")
        self.rules.observe(lambda _: self._read(), "value")
        self.steps.slider.observe(lambda _: self._show(), "value")
        self.upload.observe(lambda _: self._read_upload(), "value")
        super().__init__([self.games, self.rules, self.steps, self.board, self.caption, self.opener])

    def __repr__(self) -> str:
        return shown_as(self, counted("moves", len(self.game.moves)), self.game.rules)

    # -- the games -------------------------------------------------------------------

    @property
    def entry(self) -> pdn.PdnGame:
        """The game chosen, as :func:`damlib.pdn.read` read it."""
        entry: pdn.PdnGame = self.entries[self.games.value]
        return entry

    @property
    def game(self) -> Game:
        """The game shown: every move read, up to the one that failed if one did."""
        entry = self.entry
        return entry.game or entry.played or Game(GERMAN)

    @property
    def error(self) -> str:
        """Why the game shown could not be read to its end, or ``""``."""
        return str(self.entry.error or "")

    @property
    def variant(self) -> Rules | None:
        """The rules chosen to read every game under, or ``None`` for each game's GameType."""
        return self._choices.get(self.rules.value)

    def load(self, source: str | bytes | os.PathLike[str]) -> None:
        """Show the games of another PDN text, file or file content; the first one first. A
        text too large to read in a moment (past the bounds of :func:`damlib.pdn.read`) is refused,
        saying so; of a file with many games, only the first :data:`MAX_GAMES` are read and listed."""
        try:
            text = pdn.source_text(source)
            # one game more than are listed, to tell whether the text holds more
            entries = pdn.read(text, variant=self.variant, default=GERMAN, limit=MAX_GAMES + 1)
        except DamlibError as e:  # the status says it, never the one of the text shown before
            self.status.value = prose(say("not-read", error=html.escape(str(e))))
            return
        if not entries:
            self.status.value = prose(say("no-game", example="<code>1. c3-d4</code>"))
            return
        self._text = text
        self._set(entries[:MAX_GAMES], 0)
        if len(entries) > MAX_GAMES:
            self.status.value = prose(html.escape(language.counted("read-first", MAX_GAMES, TEXTS)))
        else:
            self.status.value = prose(html.escape(language.counted("read-games", len(entries), TEXTS)))

    def _read(self) -> None:
        if self._quiet:
            return
        index = self.games.value or 0
        entries = pdn.read(self._text, variant=self.variant, default=GERMAN, limit=MAX_GAMES)
        self._set(entries, index)

    def _set(self, entries: list[pdn.PdnGame], index: int) -> None:
        if not entries:  # an empty text: an empty game, so that the board still shows
            entries = pdn.read("*", variant=GERMAN)
        self.entries = entries
        self._quiet = True
        self.games.options = [(e.title, i) for i, e in enumerate(entries)]
        self.games.value = index if index < len(entries) else 0
        self._quiet = False
        self.games.layout.display = "none" if len(entries) == 1 else None
        self._show_game()

    def _read_pasted(self) -> None:
        self.load(self.paste.value)

    def _read_upload(self) -> None:
        if self.upload.value:
            self.load(bytes(self.upload.value[0]["content"]))

    def _show_game(self) -> None:
        if self._quiet:
            return
        self._shown = 0
        self.steps.reset(len(self.game.moves))
        self._show()

    # -- showing ---------------------------------------------------------------------

    def _number(self, ply: int) -> str:
        return move_number(ply, white_first=self.game.positions[0].turn == "white")

    def picture(self) -> bytes:
        """The position shown, with the move that led to it."""
        k = self.steps.slider.value
        game, name = self.game, game_name(self.game.rules)
        if k == 0:
            return diagram.png(game.positions[0], title=say("title-start", game=name), size=self.size)
        move = game.moves[k - 1]
        return diagram.png(game.positions[k], arrows=[move.path], captured=move.captured,
                           title=say("title-move", game=name, move=f"{self._number(k - 1)} {move}"), size=self.size)

    def _show(self) -> None:
        k = self.steps.slider.value
        game, entry = self.game, self.entry
        self._draw(k)
        if k == 0:
            position = game.positions[0]
            text = html.escape(language.counted(f"start-{position.turn}", len(game.moves), TEXTS,
                                                game=variants.game_name(game.rules)))
        else:
            move, before = game.moves[k - 1], game.positions[k - 1]
            label = f"{self._number(k - 1)} {move}"
            text = say(f"move-{before.turn}", label=f"<b>{html.escape(label)}</b>",
                       description=html.escape(describe(move, before)))
        for comment in entry.comments.get(k, ()):
            text += f"<br><i>{html.escape(comment)}</i>"
        if k == len(game.moves):
            if game.result:
                text += f"<br><b>{html.escape(str(game.result))}</b>"
            if entry.result and entry.result != "*":
                text += f"<br>{html.escape(say('result', result=entry.result))}"
            if self.error:
                text += f"<br>{say('stops', error=html.escape(self.error))}"
        self.caption.value = prose(text)


    def _draw(self, k: int) -> None:
        """The board at ply ``k``; one move on from the ply shown, that move is animated."""
        game, name = self.game, variants.game_name(self.game.rules)  # "German draughts"
        if k == 0:
            label = say("label-start", game=name)
        else:
            label = say("label-after", game=name, move=f"{self._number(k - 1)} {game.moves[k - 1]}")
        if k == 0:
            self.board.show(game.positions[0], label=label)
        else:
            move = game.moves[k - 1]
            self.board.show(game.positions[k], arrows=[move.path], crosses=move.captured,
                            marks={move.start: "last", move.end: "last"}, label=label)
            if k == self._shown + 1:
                self.board.animate(game.positions[k - 1], move_frames(move, game.positions[k]))
        self._shown = k


def _pdn_text(source: object, start: Position | None) -> str:
    """PDN text for ``source`` (text, a path, a list of move texts, or a game), beginning at ``start``
    (a game begins at its own)."""
    if isinstance(source, os.PathLike):
        return pdn.source_text(source)
    if isinstance(source, Game):
        return pdn.write(source)
    if isinstance(source, str):
        text = source
    elif isinstance(source, Iterable) and not isinstance(source, (bytes, bytearray)):
        text = " ".join(move_texts(source))
    else:
        raise DamlibError(say("not-source", kind="Game", value=shown(source)))
    if start is not None and not text.lstrip().startswith("["):
        text = f'[FEN "{start.fen}"]\n{text}'
    return text

