"""Learn: a stage of levels on the clickable board, with the goal, feedback, hints, stars and
progress that is kept."""

from __future__ import annotations

import asyncio
import base64
import html
import os
import weakref
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path

import ipywidgets as w

from ..drawing import diagram
from ..engine import language, variants
from ..engine.errors import DamlibError
from ..engine.errors import shown as _shown
from ..teach.learn import (
    CHOICES,
    LEVELS,
    Level,
    Progress,
    last_learner,
    remember_learner,
    rule_heading,
    stage_done,
    tally,
)
from ..teach.learn.clicks import LevelClicks
from ..teach.learn.progress import load_file
from .board import Board
from .common import WHOLE_LABEL, Pictured, button, check_size, game_name, prose, shown_as, some, text

#: Every sentence a learner reads here, whole, with named placeholders (``{login}`` the name the
#: learner logged in to the class hub with, ``{why}`` a sentence saying why a save failed,
#: ``{rule}`` a rule ID, ``{game}`` a game's name, ``{level}`` the bold "Level 2 of 9").
TEXTS: dict[str, str] = {
    "login-only": "On the class hub your stars are kept under your login name, {login}, and no other name.",
    "login-box": "Your login name on the class hub: your stars are kept under it.",
    "stars-not-kept": "Your stars were not kept: {why} Please tell your teacher.",
    "not-kept": "What you did here was not kept: {why} Please tell your teacher.",
    "stage": "Stage",
    "level": "Level",
    "name": "Name",
    "typed": "or type a move, then Enter",
    "typed-label": "Your move",
    "typed-too-long": "Not read: a move is at most {most} characters, and this text has {count}.",
    "name-box": "your name, to keep your stars",
    "hint": "Hint",
    "hint-tip": "which piece, then which move and why",
    "threat": "Show me a threat",
    "threat-tip": "what the other side would play if it were its move",
    "retry": "Try again",
    "retry-tip": "start this level again",
    "next": "Next level",
    "next-tip": "go on to the next level",
    # at a stage's end the same button leads to a level still without stars, or to the next stage
    "next-undone": "Level {index}: no stars yet",
    "next-undone-tip": "go to the first level of this stage without stars",
    "next-stage": "Next stage: {stage}",
    "next-stage-tip": "go on to the next stage",
    "done-click": "This level is done: press “{next}” to go on, or “{retry}” to play it again.",
    # what a screen reader hears when a level opens
    "level-said": "{level} — {game}: {rule}. {goal}",
    # the learner's choice after a capture mistake (CHOICES)
    "take-back": "Take back",
    "take-back-tip": "take back the mistaken move",
    "let-stand": "Let stand",
    "let-stand-tip": "let stand the mistaken move",
    "picture-title": "Level {index} of {count}: {rule}",
    "level-of": "Level {index} of {count}",
    # the board's text/plain, where no widget is drawn: "<Learn: level 1 of 3>"
    "shown-as": "level {index} of {count}",
    "heading": "{level} — {game}: {rule}",
    "hint-said": "Hint: {hint}",
    "white-to-move": "White to move.",
    "black-to-move": "Black to move.",
    "done-stars": "Done: {stars} of 3 stars.",
    "type-name": "Type your name below to keep your stars.",
    "language": "Language",
    "language-tip": "the language of this board, kept with your stars; boards made after it speak it too",
    # a progress file taken to another computer, or handed in ({file} its name)
    "save-file": "Save my progress file",
    "save-file-tip": "your stars as a file: take it to another computer, or hand it in",
    "load-file": "Load a progress file",
    "load-file-tip": "add the stars of a progress file you saved, on this computer or another",
    "loaded-one": "{file} loaded: {count} level has more stars now.",
    "loaded-other": "{file} loaded: {count} levels have more stars now.",
    # a bad argument: {value} what was given, {known} the stages there are, as code names them
    "not-learner": "a learner's name is text, not {value}",
    "no-stages": "there is no stage to play",
    "no-such-stage": "there is no stage {name} here: the stages are {known}",
}


#: The longest text the move box reads: a move names at most 13 squares (some 40 characters).
MAX_TYPED = 100

#: the sentence of :data:`TEXTS` under a key, its placeholders filled
say = language.sayer(TEXTS)


def stars(n: int) -> str:
    return "★" * n + "☆" * (3 - n)


class Learn(Pictured, w.VBox):
    """Levels one after another: the goal, the board (click, or type a move and press Enter),
    the feedback with the rule's ID, a hint in two steps (the piece, then the move and why, marked
    on the board), "Show me a threat", stars and "Next level".

    ``levels`` is a list of levels, or stages by name (such as :data:`~damlib.learn.STAGES`),
    chosen from a menu. With a ``learner`` name (or one typed into its box) the stars are kept
    in ``folder`` (see :class:`~damlib.learn.Progress`) and are there again after a restart.
    A name is typed once: every Learn board of the same notebook takes it up. On a class hub
    (``JUPYTERHUB_USER`` set) the stars are kept under the login name and no other: the box
    shows it and cannot be changed. A save that fails says why, and the stars shown are those kept.
    **Save my progress file** downloads the learner's file and **Load a progress file** adds the
    stars of one saved before, on another computer too (:meth:`load_progress`): a learner carries
    their stars where nothing is kept overnight, and hands the file in for the class view.

    >>> from damlib.learn import STAGES
    >>> learn = Learn(STAGES["German"][:2])
    >>> learn.typed.value = learn.level.solution[0]
    >>> learn.done
    True
    """

    def __init__(
        self,
        levels: Iterable[Level] | Mapping[str, Iterable[Level]] = LEVELS,
        learner: str | None = None,
        folder: str | Path | None = None,
        size: int | None = None,
    ) -> None:
        if learner is not None and not isinstance(learner, str):
            raise DamlibError(say("not-learner", value=_shown(learner)))
        if isinstance(levels, Mapping):
            stages = {str(name): some(stage, Level, "levels") for name, stage in levels.items()}
        else:
            stages = {"": some(levels, Level, "levels")}
        if not stages:
            raise DamlibError(say("no-stages"))
        self.stages = stages
        self.levels = next(iter(stages.values()))
        self._picking = False  # while a menu is filled in, its changes choose nothing
        self.stage = w.Dropdown(options=[(name, name) for name in stages])
        self.stage.layout.display = None if len(stages) > 1 else "none"
        self.stage.observe(lambda change: None if self._picking else self.choose_stage(change["new"]), "value")
        self.size = check_size(size)
        self.folder = folder
        #: on a class hub, the name the learner logged in with ("" elsewhere): a learner who could
        #: type any name could take another's progress file before its owner first saved
        self.login = os.environ.get("JUPYTERHUB_USER", "").strip()
        self.progress: Progress | None = None
        self._unkept = ""  # why the last save failed, said until a save succeeds
        self.index = 0
        self._said = ""  # what a hint, a threat or the progress file said last
        self._best: dict[str, int] = {}  # the stars won here, with no name typed too
        self.board = Board(on_click=self.click, on_cancel=lambda: self._forward(self.clicks.cancel),
                           size=size)
        # beside the panel, the board takes the room there is; the panel goes below it when short
        self.board.layout.flex = "0 0 auto" if size else "1 1 360px"
        self.heading = text()
        self.goal = text("goal")
        self.feedback = text("status")
        self.typed = w.Text(continuous_update=False, layout=w.Layout(width="220px", max_width="100%"),
                            style=WHOLE_LABEL)
        self.typed.add_class("damlib-typed")
        self.typed.observe(lambda change: self._typed(change["new"]), "value")
        self.name = w.Text(continuous_update=False, layout=w.Layout(width="240px", max_width="100%"),
                           style=WHOLE_LABEL)
        self.name.observe(lambda change: self.sign_in(change["new"]), "value")
        self.hint_button = button("", "", "hint", self.hint)
        self.threat_button = button("", "", "threat", self.threat)
        self.retry_button = button("", "", "retry", self.retry)
        self.next_button = button("", "", "next-level", self.next_level)
        # any level of the stage, its stars beside it: a learner picks up where they like
        self.pick = w.Dropdown(layout=w.Layout(width="max-content", max_width="100%"))
        self.pick.add_class("damlib-pick")
        self.pick.observe(lambda change: None if self._picking else self._picked(change["new"]), "value")
        self._waiting: asyncio.TimerHandle | None = None  # a level picked, loaded once the menu rests
        shown = w.Layout(width="auto")  # the choices after a capture mistake show together
        self.choices = [button("", "", c.replace(" ", "-"), self._choice(c), shown) for c in CHOICES]
        # each language damlib speaks, named in itself
        self.language_menu = w.Dropdown(options=[(language.own_name(code), code) for code in language.languages()],
                                        value=language.language(), layout=w.Layout(width="max-content"))
        self.language_menu.observe(lambda change: self.choose_language(change["new"]), "value")
        # the learner's progress file: a link the browser downloads it by, and a box to load one
        self.save_link = text("save-file")
        self.upload = w.FileUpload(accept=".json", multiple=False, layout=w.Layout(width="auto"))
        self.upload.add_class("damlib-load-file")
        self.upload.observe(lambda change: self._uploaded(change["new"]), "value")
        self._label()
        self.tally = text()
        self._start()
        super().__init__([
            w.HBox([self.stage, self.pick], layout=w.Layout(flex_flow="row wrap")), self.heading, self.goal,
            w.HBox([self.board, w.VBox([self.feedback, self.typed, w.HBox(self.choices),
                                        w.HBox([self.hint_button, self.threat_button, self.retry_button,
                                                self.next_button],
                                               layout=w.Layout(flex_flow="row wrap")),
                                        self.tally], layout=w.Layout(margin="0 0 0 16px", flex="1 1 240px"))],
                   layout=w.Layout(flex_flow="row wrap")),
            w.HBox([self.name, self.language_menu, self.save_link, self.upload], layout=w.Layout(flex_flow="row wrap")),
        ])
        self.add_class("damlib-learn")
        Learn._boards.add(self)
        if self.login:
            self.name.disabled = True
            self._label()
            self.name.value = self.login
            if learner is not None and learner.strip() != self.login:
                self.sign_in(learner)  # refused, saying why
        elif learner is not None or (typed := Learn._learners.get(str(folder), "") or last_learner(folder)):
            # the name given, typed on another board, or typed last on this machine before a restart
            self.name.value = learner if learner is not None else typed

    #: the name typed last for each progress folder, and the boards that take it up: a learner
    #: types it once a notebook
    _learners: dict[str, str] = {}
    _boards: weakref.WeakSet[Learn] = weakref.WeakSet()

    def __repr__(self) -> str:
        return shown_as(self, say("shown-as", index=self.index + 1, count=len(self.levels)))

    @property
    def level(self) -> Level:
        level: Level = self.levels[self.index]
        return level

    @property
    def done(self) -> bool:
        return self.attempt.done

    def picture(self) -> bytes:
        """The first level's board and goal, a little smaller than the live board."""
        level = self.level
        title = say("picture-title", index=self.index + 1, count=len(self.levels), rule=level.rule)
        return diagram.png(self.attempt.position, title=title,
                           caption=level.goal, size=round(self.size * 0.75))

    # -- what the learner does -----------------------------------------------------

    def click(self, square: str) -> None:
        if self.attempt.done:  # what was said of the level stays; the click is told where to go on
            self._show(self._feedback, then=say("done-click", next=self.next_button.description,
                                                retry=say("retry")))
            return
        self._forward(lambda: self.clicks.click(square))

    def hint(self) -> None:
        """The next hint (which piece, then the move and why), its squares marked on the board."""
        self._say(say("hint-said", hint=self.attempt.hint()))

    def threat(self) -> None:
        """What the other side would play if it were its move, its squares marked on the board."""
        self._say(self.attempt.threat())

    def retry(self) -> None:
        self._keep()
        self._start()

    def next_level(self) -> None:
        """The next level; at the stage's end, its first level without stars, or the next stage."""
        onward = self._onward()
        if onward is None:
            return
        if onward[0] is self.levels:
            self.go_to(onward[1])
        else:
            self._keep()
            self._picking, self.stage.value, self._picking = True, onward[2], False
            self.levels, self.index = onward[0], onward[1]
            self._start()

    def _onward(self) -> tuple[tuple[Level, ...], int, str] | None:
        """Where "Next level" leads: the next level of the stage; past its last, the stage's first
        level without stars, else the first level without stars of the stages after it; ``None``
        if there is none. As (levels, index, stage name)."""
        if self.index + 1 < len(self.levels):
            return self.levels, self.index + 1, self.stage.value
        undone = [i for i, level in enumerate(self.levels) if not self._stars(level) and i != self.index]
        if undone:
            return self.levels, undone[0], self.stage.value
        names = list(self.stages)
        later = names[names.index(self.stage.value) + 1:]
        return (self.stages[later[0]], self._first_undone(self.stages[later[0]]), later[0]) if later else None

    #: how long the level menu must rest on a level before it is loaded: a learner arrowing down
    #: the menu passes each level on the way (each arrow press chooses it), and loads only the last
    PICK_SECONDS = 0.5

    def _picked(self, index: int) -> None:
        """A level chosen from the menu: loaded once the menu has rested on it, where the kernel's
        event loop runs (a notebook, Voilà); at once elsewhere."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            self.go_to(index)
            return
        if self._waiting is not None:
            self._waiting.cancel()
        self._waiting = loop.call_later(self.PICK_SECONDS, lambda: self.go_to(index))

    def go_to(self, index: int) -> None:
        """Play level ``index`` (from 0) of the stage; one that is not there changes nothing."""
        if isinstance(index, int) and 0 <= index < len(self.levels) and index != self.index:
            self._keep()
            self.index = index
            self._start()

    def choose_stage(self, name: str) -> None:
        """Play the stage called ``name`` from its first level the learner has not done."""
        if not isinstance(name, str) or name not in self.stages:
            known = ", ".join(map(repr, self.stages))
            raise DamlibError(say("no-such-stage", name=_shown(name), known=known))
        self._keep()
        self.levels, self.index = self.stages[name], self._first_undone(self.stages[name])
        self._start()

    def _stars(self, level: Level) -> int:
        """The most stars won on ``level``: kept under the learner's name, or here."""
        kept = self.progress.stars(level.id) if self.progress is not None else 0
        return max(kept, self._best.get(level.id, 0))

    def _first_undone(self, levels: tuple[Level, ...]) -> int:
        """The first level of ``levels`` without stars, or the first level if all have some."""
        return next((i for i, level in enumerate(levels) if not self._stars(level)), 0)

    def choose_language(self, code: str) -> None:
        """Speak the language ``code`` (see :func:`damlib.set_language`) from now on: this board at
        once, boards made after it too; kept with the learner's stars where a name is given."""
        try:
            language.set_language(code)
        except DamlibError as error:
            self._say(str(error))
            return
        self.language_menu.value = code
        self._label()
        if self.progress is not None and self.progress.language != code:
            try:
                self.progress.keep_language(code)
            except DamlibError as error:
                self._unkept = str(error)
        self._show()

    def _label(self) -> None:
        """Every label, button and tooltip, in the language spoken now."""
        # a stage named after a game (STAGES) is shown under the game's name; relabelled, the menu
        # keeps the stage chosen
        chosen, self._picking = self.stage.value, True
        self.stage.options = [(game_name(name), name) for name in self.stages]
        self.stage.value, self._picking = chosen, False
        self.stage.description, self.pick.description = say("stage"), say("level")
        self.typed.placeholder, self.name.placeholder = say("typed"), say("name-box")
        # the next button's words depend on where it leads: _show gives them
        named = [(self.hint_button, "hint"), (self.threat_button, "threat"), (self.retry_button, "retry")]
        named += [(control, choice.replace(" ", "-")) for control, choice in zip(self.choices, CHOICES, strict=True)]
        for control, key in named:
            control.description, control.tooltip = say(key), say(f"{key}-tip")
        # the boxes' labels are their accessible names too (a placeholder is not one)
        self.name.description, self.typed.description = say("name"), say("typed-label")
        self.language_menu.description, self.language_menu.tooltip = say("language"), say("language-tip")
        self.upload.description, self.upload.tooltip = say("load-file"), say("load-file-tip")
        if self.login:
            self.name.tooltip = say("login-box")

    def sign_in(self, learner: str) -> None:
        """Keep this learner's stars from now on (an empty name keeps none). On a class hub only
        the login name is taken: any other keeps the stars under the login name, and says so."""
        if not isinstance(learner, str):
            raise DamlibError(say("not-learner", value=_shown(learner)))
        if self.login and learner.strip() != self.login:
            self.name.value = self.login  # the box shows whose stars are kept
            self._say(say("login-only", login=self.login))
            return
        if self.progress is None or self.progress.learner != learner.strip():
            self._unkept = ""  # that was another learner's save
        try:
            self.progress = Progress(learner, self.folder) if learner.strip() else None
        except DamlibError as error:
            self.progress = None
            self._say(str(error))
            return
        if self.progress is not None and self.progress.warning:
            self._say(self.progress.warning)
        if self.progress is not None and self.progress.language not in (None, language.language()):
            self.choose_language(self.progress.language)  # the language this learner chose before
        if not self.attempt.game.moves and self.progress is not None:  # nothing begun: pick up where they left off
            self._pick_up(self.progress.level)
            said = self._said
            self._start()
            self._said = said
        if self.progress is not None and not self.login:
            remember_learner(self.progress.learner, self.folder)
        self._show()
        if learner.strip() and learner != Learn._learners.get(str(self.folder)):
            Learn._learners[str(self.folder)] = learner
            for board in list(Learn._boards):
                if board is not self and board.name.value != learner and board.folder == self.folder:
                    board.name.value = learner

    def load_progress(self, name: str, content: bytes) -> None:
        """Take in the progress file ``content`` called ``name``, saved before (on this computer or
        another): off a class hub as the learner it names, whose stars it joins
        (:meth:`~damlib.learn.Progress.load`). A file that is not one is said, and nothing changes."""
        try:
            kept = load_file(name, content)
        except DamlibError as error:
            self._say(str(error))
            return
        if not self.login and (self.progress is None or self.progress.learner != kept.learner):
            self.name.value = kept.learner  # whose file it is: signed in as them (sign_in)
        if self.progress is None:  # the sign-in failed, and said why
            return
        try:
            gained = self.progress.load(name, content)
        except DamlibError as error:
            self._say(str(error))
            return
        self._say(language.counted("loaded", gained, TEXTS, file=name))

    def _uploaded(self, files: tuple[Mapping[str, object], ...]) -> None:
        """A file chosen in the load box: loaded, and the box emptied for the next one."""
        if not files:
            return
        chosen = files[0]
        content = chosen.get("content")
        self.upload.value = ()
        self.load_progress(str(chosen.get("name", "")), bytes(content) if isinstance(content, (bytes, memoryview))
                           else b"")

    # -- inside ---------------------------------------------------------------------

    def _download(self) -> None:
        """The link that downloads the learner's progress file as it is kept now (none without a name)."""
        if self.progress is None:
            self.save_link.value = ""
            return
        data = base64.b64encode(self.progress.saved_file()).decode("ascii")
        self.save_link.value = (
            f'<a download="{html.escape(self.progress.path.name)}" href="data:application/json;base64,{data}" '
            f'title="{html.escape(say("save-file-tip"))}" class="jupyter-button">'
            f"{html.escape(say('save-file'))}</a>")

    def _pick_up(self, level_id: str | None) -> None:
        """Go to the level ``level_id`` where a stage of this board has it (the one the learner was
        on last): there if it has no stars yet, else to that stage's first level without stars; with
        no such level, to this stage's first level without stars."""
        for name, levels in self.stages.items():
            found = [i for i, level in enumerate(levels) if level.id == level_id]
            if found:
                self._picking, self.stage.value, self._picking = True, name, False
                self.levels = levels
                self.index = self._first_undone(levels) if self._stars(levels[found[0]]) else found[0]
                return
        self.index = self._first_undone(self.levels)

    def _start(self) -> None:
        self.attempt = self.level.attempt()
        self.clicks = LevelClicks(self.attempt)
        self._kept = False
        self._said = ""
        self._feedback = ""  # what the attempt said of the last move, shown until the next one
        self._show()
        level = self.level
        # the board's live region says the level, not what was said on the level before
        self.board.announce = say("level-said", level=say("level-of", index=self.index + 1, count=len(self.levels)),
                                  game=variants.game_name(level.rules), rule=rule_heading(level.rules, level.rule),
                                  goal=level.goal)
        if self.progress is not None:
            try:
                self.progress.keep_level(level.id)
            except DamlibError:
                pass  # only where to open next time is lost; a save of stars says why it failed

    def _choice(self, choice: str) -> Callable[[], None]:
        return lambda: self._forward(lambda: self.clicks.play(choice))

    def _typed(self, text: str) -> None:
        if not text.strip():
            return
        self.typed.value = ""
        if len(text.strip()) > MAX_TYPED:  # refused whole: never cut to a move that is then played
            self._say(say("typed-too-long", most=MAX_TYPED, count=len(text.strip())))
            return
        self._forward(lambda: self.clicks.play(text.strip()))

    def _forward(self, action: Callable[[], None]) -> None:
        self._said = ""
        action()
        if self.attempt.done and not self._kept:
            if self.progress is None:  # with a name, only the stars its file keeps are shown
                self._best[self.level.id] = max(self._best.get(self.level.id, 0), self.attempt.stars)
            self._keep()
        feedback, self.clicks.feedback = self.clicks.feedback, None
        if feedback is not None:
            self._feedback = feedback.message
        elif self.clicks.path or self.clicks.message:  # a new move begun, or a new word on a click
            self._feedback = ""
        # else a click that changed nothing (on the move just played): what was said stays
        self._show(self._feedback)

    def _keep(self) -> None:
        """Record the attempt once: its stars if done, its mistakes either way."""
        if self.progress is not None and not self._kept and (self.attempt.done or self.attempt.mistakes):
            try:
                self.progress.record(self.attempt)
                self._unkept = ""
            except DamlibError as error:
                self._unkept = say("stars-not-kept" if self.attempt.done else "not-kept", why=str(error))
        self._kept = True

    def _say(self, text: str) -> None:
        self._said = text
        self._show()

    def _show(self, message: str = "", *, then: str = "") -> None:
        level, attempt = self.level, self.attempt
        number = say("level-of", index=self.index + 1, count=len(self.levels))
        # a heading, so that a screen reader's list of headings finds each level's title
        title = say("heading", level=f"<b>{html.escape(number)}</b>", game=html.escape(variants.game_name(level.rules)),
                    rule=html.escape(rule_heading(level.rules, level.rule)))
        look = "margin: 0.3em 0; font-size: 1em; font-weight: normal"
        self.heading.value = f'<h3 class="damlib-level-title" style="{look}">{title}</h3>'
        self.goal.value = prose(f"<span style='font-size: 120%'><b>{html.escape(level.goal)}</b></span>")
        said = message or self.clicks.message or self._said
        lines = [html.escape(said or ("" if attempt.done else say(f"{attempt.position.turn}-to-move")))]
        if then:
            lines.append(html.escape(then))
        if self._unkept:
            lines.append(f"<b>{html.escape(self._unkept)}</b>")
        if attempt.done:
            # a save that failed shows the stars kept before, not those it could not keep
            won = self._stars(level) if self._unkept else attempt.stars
            lines.append(f"<span style='font-size: 150%'>{stars(won)}</span>")
            if len(self.levels) > 1 and all(self._stars(lv) for lv in self.levels):
                lines.append(f"<b>{html.escape(stage_done(len(self.levels)))}</b>")
        self.feedback.value = prose("<br>".join(lines))
        finished = ""
        if attempt.done:
            finished = f" {self._unkept}" if self._unkept else f" {say('done-stars', stars=attempt.stars)}"
        self.board.show_game(self.clicks, marked=attempt.marked, said=" ".join(filter(None, [said + finished, then])))
        self._picking = True
        options = [(f"{i + 1}. {stars(self._stars(lv))} {lv.rule}", i) for i, lv in enumerate(self.levels)]
        if list(self.pick.options) != options:  # sent to the browser only when a star or a stage changed
            self.pick.options = options
        self.pick.value = self.index
        self._picking = False
        pending = attempt.game.pending is not None
        self.choices[0].layout.display = "flex" if pending else "none"  # one layout for all
        # on to the next level once this one is done, now or before; past a stage's last level,
        # to a level still without stars or to the next stage
        onward = self._onward()
        key = ("next" if onward is None or (onward[0] is self.levels and onward[1] == self.index + 1)
               else "next-undone" if onward[0] is self.levels else "next-stage")
        self.next_button.description = say(key, index=onward[1] + 1 if onward else 0,
                                           stage=game_name(onward[2]) if onward else "")
        self.next_button.tooltip = say(f"{key}-tip")
        self.next_button.disabled = onward is None or not (attempt.done or self._stars(level))
        self.hint_button.disabled = self.threat_button.disabled = attempt.done
        if self.progress is not None:
            done = [lv for lv in self.levels if lv.id in self.progress.completed]
            won = sum(self.progress.stars(lv.id) for lv in self.levels)
            self.tally.value = prose(html.escape(tally(self.progress.learner, len(done), len(self.levels), won)))
        else:
            self.tally.value = prose(f"<i>{html.escape(say('type-name'))}</i>")
        self._download()
