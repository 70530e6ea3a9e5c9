"""Levels: one goal on one position, played move by move with feedback, hints and stars."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import InitVar, dataclass, field
from typing import Literal, get_args

from ...engine import language
from ...engine.errors import DamlibError
from ...engine.position import Move, Position
from ...engine.variants import RULE_TEXT, SEED_GAMES, TOPIC_FIELDS, Rules, Topic, game_name, rule_title
from ...play import hints
from ...play.game import Game
from ...play.referee import explain, forbidden_captures

#: What completes a level on its last move: exactly the solution's move (by any route), any
#: move that crowns a man, or any move that wins (or draws) the game.
Accept = Literal["solution", "king", "win", "draw"]
#: The learner's choice after the opponent's capture mistake, in a referee level (DE-PENALTY).
CHOICES = ("take back", "let stand")

#: Every sentence a learner reads here, whole, with named placeholders (``{rule}`` a rule ID,
#: ``{move}`` move text, ``{said}`` a sentence said before, ``{goal}`` a level's goal). A side's
#: name or a choice is not a placeholder: each has its own whole template (``-white``/``-black``,
#: ``-take-back``/``-let-stand``), as another language may change the word with its place.
TEXTS: dict[str, str] = {
    "look-man": "Look at the man on {square}: this level practises {rule}.",
    "look-king": "Look at the king on {square}: this level practises {rule}.",
    "decide": "{mistake} was a capture mistake: decide what to do about it ({rule}).",
    "choose-take-back-white": "Choose: take back. White must then take back {mistake} and capture instead, with "
                              "{correct} ({rule}).",
    "choose-take-back-black": "Choose: take back. Black must then take back {mistake} and capture instead, with "
                              "{correct} ({rule}).",
    "choose-let-stand": "Choose: let stand. {mistake} stays played and the game goes on from it ({rule}).",
    "no-hint": "There is no hint here: {error}",
    "done": "This level is done.",
    "done-next": "This level is done: go on to the next one.",
    "choose-first": "First choose: take back or let stand ({rule}).",
    "no-choice": "There is no capture mistake to rule on.",
    "wrong-choice-take-back": "You may take back, but the goal is: {goal}",
    "wrong-choice-let-stand": "You may let stand, but the goal is: {goal}",
    "no-move-at-all": "The other side would have no move at all.",
    # {why}: the game's result, which names the capture mistake; or why the move is not allowed
    "mistake": "{move} ends the game. {why}",
    "mistake-pending": "{why} A referee lets it be played as a capture mistake, and the opponent may make you "
                       "take it back ({rule}).",
    "off-goal": "{move} is legal, but it is not the move the goal asks for ({rule}): {goal}",
    "off-win-white": "{move} is legal, but after it White can still move, with {reply} for one: to win, leave White "
                     "no piece or no move ({rule}).",
    "off-win-black": "{move} is legal, but after it Black can still move, with {reply} for one: to win, leave Black "
                     "no piece or no move ({rule}).",
    "off-draw": "{move} is legal, but it does not bring back the position to repeat: a draw needs the same "
                "position three times ({rule}).",
    "off-king": "{move} is legal, but the man does not end on the last rank, so it does not become a king "
                "({rule}).",
    "right": "{move}: right.",
    "chose-take-back": "You chose: take back ({rule}).",
    "chose-let-stand": "You chose: let stand ({rule}).",
    "finished": "{said} Done ✔ — {goal}",
    "your-move": "{said} Your move.",
    "answers-white": "{said} White answers {reply}.",
    "answers-black": "{said} Black answers {reply}.",
    "answers-mistake-white": "{said} White answers {reply}, a capture mistake: it had to capture, with {correct} "
                             "({rule}). Choose: take back or let stand.",
    "answers-mistake-black": "{said} Black answers {reply}, a capture mistake: it had to capture, with {correct} "
                             "({rule}). Choose: take back or let stand.",
    # moves any of which would do, in a sentence: "{moves} or {move}" again for each one more
    "either": "{moves} or {move}",
    "tally-one": "{learner}: {done} of {count} level done, {stars} of {most} stars.",
    "tally-other": "{learner}: {done} of {count} levels done, {stars} of {most} stars.",
    "stage-done-one": "Stage done: its one level has stars.",
    "stage-done-other": "Stage done: all {count} levels have stars.",
    # the rule a level practises, as its heading says it ({title} the rule's plain title)
    "rule": "{title} ({rule})",
    # a rule the game shares with another ({other}, the game the rule's ID is named for), and why
    "rule-shared": "{title}: the same rule as in {other} ({rule}), since {game} differs from {other} only in {own}",
    # a level written wrongly (found as damlib loads): {level} its id, {move} move text
    "unknown-rule": "level {level}: unknown rule {rule}",
    "replies": "level {level}: one reply is needed after each of the learner's moves but the last",
    "fails": "level {level}: its solution fails at {move}: {error}",
    "incomplete": "level {level}: its solution does not complete it",
}


#: the sentence of :data:`TEXTS` under a key, its placeholders filled
say = language.sayer(TEXTS)



def rule_heading(rules: Rules, rule: str) -> str:
    """The rule ``rule`` (an ID) as a level of the game ``rules`` plays names it in its heading:
    its plain title first, then the ID; a rule the game shares with the game its ID is named for
    says so, and why, so that a level makes sense without its lesson.

    >>> from damlib import GERMAN, RUSSIAN
    >>> rule_heading(GERMAN, "DE-STRIKE")
    'Jumped pieces stay until the capture ends (DE-STRIKE)'
    >>> rule_heading(RUSSIAN, "DE-BOARD").split(": ")[1]
    'the same rule as in German (DE-BOARD), since Russian differs from German only in RU-PROMOTE'

    """
    namesake = SEED_GAMES.get(rule.split("-")[0], (rules,))[0]
    if namesake.name == rules.name:
        return say("rule", title=rule_title(rule), rule=rule)
    cited = {rules.rule_id(topic) for topic in get_args(Topic)}
    own = sorted(r for r in cited if r and not r.startswith(rule.split("-")[0] + "-"))
    return say("rule-shared", title=rule_title(rule), rule=rule, other=game_name(namesake, short=True),
               game=game_name(rules, short=True), own=", ".join(own))

def tally(learner: str, done: int, levels: int, stars: int) -> str:
    """A learner's progress through ``levels`` levels, each worth three stars, in a sentence
    whose words agree with the count (one level, two levels).

    >>> tally("Ada", 1, 1, 3)
    'Ada: 1 of 1 level done, 3 of 3 stars.'
    """
    return language.counted("tally", levels, TEXTS, learner=learner, done=done, stars=stars, most=3 * levels)


def stage_done(levels: int) -> str:
    """What a stage of ``levels`` levels says once every one has stars."""
    return language.counted("stage-done", levels, TEXTS)


def either(moves: Sequence[Move]) -> str:
    """Moves any one of which would do, in a sentence.

    >>> from damlib import Position
    >>> either(Position.from_fen("W:Wc3,g3:Bd4,f4", "german").legal_moves)
    'c3:e5 or g3:e5'
    """
    said = str(moves[0])
    for move in moves[1:]:
        said = say("either", moves=said, move=move)
    return said


def rules_used(position: Position, move: Move | str) -> frozenset[str]:
    """The IDs of the rules ``move`` relies on, from the engine: a king's move or capture (the
    king rule), a man's capture, where a man is crowned or passes the last rank (and a man
    crowned mid-capture captures on as a king), the majority rule where a shorter capture is
    there too, the removal rule where removing jumped pieces the other way would change what
    may be captured.

    A man's one-square step needs nothing taught: the first lessons have the learner move men
    (the board, the start, a win) before DE-MAN-MOVE names the step, with the goal naming the
    square.

    >>> from damlib import Position
    >>> sorted(rules_used(Position.from_fen("W:WKa3,h4:Bc5,f6", "german"), "a3:e7:g5"))
    ['DE-KING', 'DE-MAJORITY']
    """
    rules = position.rules
    chosen = position.parse_move(move)
    piece = position.piece_at(chosen.start)
    used: set[str | None] = set()
    if piece is not None and piece.is_king:
        used.add(rules.rule_id("king"))
    elif chosen.captured:
        used.add(rules.rule_id("man-capture"))
    for crowned in hints.crownings(position, chosen):
        used.add(crowned.rule)
        if crowned.kind == "mid":
            used.add(rules.rule_id("king"))  # it captures on as a king
    if chosen.captured and forbidden_captures(position, 0)[0]:
        used.add(rules.rule_id("majority"))
    if len(chosen.captured) > 1:
        other = position.with_rules(dataclasses.replace(rules, remove_at_once=not rules.remove_at_once))
        if set(other.legal_moves) != set(position.legal_moves):
            used.add(rules.rule_id("removal"))
    return frozenset(rule for rule in used if rule is not None)


@dataclass(frozen=True)
class Feedback:
    """What a learner reads after a move: whether it was right, whether the level is done,
    the message, and the rule behind a refusal (else ``None``)."""

    ok: bool
    done: bool
    message: str
    rule: str | None = None


@dataclass(frozen=True)
class Level:
    """A goal in a sentence on a start position, completed by the learner's ``solution`` moves
    (move text, or a choice of :data:`CHOICES`); ``replies`` are the other side's moves after
    each of the learner's but the last ("" for none: after "let stand" the learner moves again).
    The engine checks the solution when a level is made.

    >>> from damlib import GERMAN
    >>> level = Level("de-majority-x", GERMAN, "DE-MAJORITY", "Capture as many pieces as the rules require.",
    ...               "W:We3:Bd4,f4,b6", ("e3:c5:a7",))
    >>> attempt = level.attempt()
    >>> attempt.play("e3:g5").rule
    'DE-MAJORITY'
    >>> feedback = attempt.play("e3:c5:a7")
    >>> feedback.ok, feedback.done, attempt.stars
    (True, True, 2)
    """

    id: str
    rules: Rules
    rule: str
    #: the goal's English template (its catalog entry): :attr:`goal` says it in the chosen language,
    #: and levels compare and hash alike in every language
    goal_template: str
    fen: str
    solution: tuple[str, ...]
    replies: tuple[str, ...] = ()
    accept: Accept = "solution"
    referee: bool = False
    par: int = field(default=0)
    #: whether the solution is played through as the level is made: a level of one's own is, at
    #: once; damlib's own 114 are played through by its tests (tests/test_learn.py), not again at
    #: every import (half a second here, seconds in the browser's Python)
    checked: InitVar[bool] = True

    def __post_init__(self, checked: bool) -> None:
        if self.rule not in RULE_TEXT:
            raise DamlibError(say("unknown-rule", level=self.id, rule=repr(self.rule)))
        if not self.solution or len(self.replies) != len(self.solution) - 1:
            raise DamlibError(say("replies", level=self.id))
        if not self.par:
            object.__setattr__(self, "par", len(self.solution))
        if not checked:
            return
        attempt = self.attempt()
        for move in self.solution:
            feedback = attempt.play(move)
            if not feedback.ok:
                raise DamlibError(say("fails", level=self.id, move=move, error=feedback.message))
        if not attempt.done:
            raise DamlibError(say("incomplete", level=self.id))

    @property
    def goal(self) -> str:
        """The goal in a sentence, in the language chosen (:func:`damlib.set_language`) when it
        is read, not when the level was made.

        >>> from damlib.learn import LEVELS
        >>> LEVELS[0].goal
        'A man steps diagonally forward: move it to the square of play it can reach.'
        """
        return language.translate(self.goal_template)

    @property
    def start(self) -> Position:
        """The level's start position."""
        return Position.from_fen(self.fen, self.rules)

    @property
    def uses(self) -> frozenset[str]:
        """The IDs of the rules the solution relies on (:func:`rules_used` for each of the
        learner's moves, the penalty rule for a choice, the win or draw rule where the game
        ends): what a learner must have been taught to play it.

        >>> from damlib.learn import LEVELS
        >>> sorted(next(lv for lv in LEVELS if lv.id == "de-penalty-1").uses)
        ['DE-MAN-CAPTURE', 'DE-PENALTY', 'DE-WIN']
        """
        game, rules = Game(self.start, referee=self.referee), self.rules
        used: set[str | None] = set()
        for n, move in enumerate(self.solution):
            if move == "take back":
                used.add(game.pending.rule if game.pending else None)
                game.take_back()
            elif move == "let stand":
                used.add(game.pending.rule if game.pending else None)
                game.let_stand()
            else:
                used |= rules_used(game.position, move)
                game.play(move)
            if n < len(self.replies) and self.replies[n]:
                game.play(self.replies[n])
        result = game.result
        if result is not None:
            used.add(rules.rule_id("win") if result.winner else rules.rule_id("draw"))
        return frozenset(rule for rule in used if rule is not None)

    def attempt(self) -> Attempt:
        """A fresh try at this level."""
        return Attempt(self)


class Attempt:
    """A learner's try at a :class:`Level`: moves in, feedback out. A refused move changes nothing."""

    def __init__(self, level: Level) -> None:
        self.level = level
        self.game = Game(level.start, referee=level.referee)
        self.side = self.game.position.turn
        #: how many of the solution's moves have been played
        self.step = 0
        #: the rule ID (or None) of each refused move, in order
        self.mistakes: list[str | None] = []
        self._hints_given = 0  # at this step
        self.hints_used = 0
        #: the squares the last hint or threat points at, for the board to mark (none after a move)
        self.marked: tuple[str, ...] = ()
        self.done = False
        #: how many of the mistakes a Progress has counted already (it counts each once)
        self.recorded = 0

    def __repr__(self) -> str:
        return f"<Attempt {self.level.id}: {self.step} of {len(self.level.solution)} moves>"

    @property
    def position(self) -> Position:
        return self.game.position

    @property
    def stars(self) -> int:
        """0 until done; then 3 for no move tried beyond par and no hint, 2 for one, 1 for more."""
        if not self.done:
            return 0
        extra = len(self.mistakes) + self.hints_used + max(0, self.step - self.level.par)
        return 3 if extra == 0 else 2 if extra == 1 else 1

    def hint(self) -> str:
        """The next hint for this move, naming the rule the level practises: first which piece,
        then the move and why it serves the goal under that rule (see
        :func:`damlib.hints.rule_hint`); :attr:`marked` holds the squares it points at. A hint
        costs a star only when it shows something."""
        if self.done:
            self.marked = ()
            return say("done")
        try:
            text, marked = self._next_hint()
        except DamlibError as error:  # nothing shown: nothing charged
            self.marked = ()
            return say("no-hint", error=error)
        self.hints_used += 1
        self._hints_given += 1
        self.marked = marked
        return text

    def _next_hint(self) -> tuple[str, tuple[str, ...]]:
        """The text and marked squares of the next hint, without counting it."""
        expected, rule = self._expected(), self.level.rule
        pending = self.game.pending
        if isinstance(expected, str):
            assert pending is not None  # a choice is only expected after the opponent's mistake
            if self._hints_given == 0:
                return say("decide", mistake=pending.move, rule=pending.rule), pending.move.path
            key = f"choose-take-back-{pending.offender}" if expected == "take back" else "choose-let-stand"
            return say(key, mistake=pending.move, correct=either(pending.correct), rule=pending.rule), ()
        if self._hints_given == 0:
            piece = self.position.piece_at(expected.start)
            key = "look-king" if piece is not None and piece.is_king else "look-man"
            return say(key, square=expected.start, rule=rule), (expected.start,)
        found = hints.rule_hint(self.position, expected, rule, self.game.positions[:-1])
        return str(found), found.squares

    def threat(self) -> str:
        """What the other side would play if it were its move now (see :func:`damlib.hints.threat`);
        :attr:`marked` holds its squares. It costs no star: it shows the position, not the answer."""
        if self.done or self.game.pending is not None:
            self.marked = ()
            return say("done") if self.done else say("choose-first", rule=self.game.pending.rule)  # type: ignore[union-attr]
        found = hints.threat(self.position)
        self.marked = found.squares if found is not None else ()
        return str(found) if found is not None else say("no-move-at-all")

    def play(self, move: Move | str) -> Feedback:
        """Try ``move`` (a :class:`~damlib.Move`, move text, or a choice after a mistake)."""
        if self.done:
            return Feedback(False, True, say("done-next"))
        expected = self._expected()
        if isinstance(move, str) and move.strip().lower() in CHOICES:
            return self._choose(move.strip().lower(), expected)
        waiting = self.game.pending
        if waiting is not None:
            return self._refuse(say("choose-first", rule=waiting.rule), waiting.rule)
        before, position = len(self.game.moves), self.game.position
        self.marked = ()
        try:
            played = self.game.play(move)
        except DamlibError as error:
            text = str(move) if isinstance(move, Move) else move
            message = explain(self.position, text) if isinstance(text, str) else str(error)
            return self._refuse(message, getattr(error, "rule", None))
        outcome, pending = self.game.result, self.game.pending
        if pending is not None or outcome and outcome.winner not in (None, self.side):
            # a capture mistake let through in referee mode: show what it costs, then take it back
            if outcome is not None:
                message, rule = say("mistake", move=played, why=outcome), outcome.rule
            else:
                assert pending is not None
                # why the move is not allowed, with its rule (DE-MAJORITY, DE-MANDATORY), then the penalty
                why = explain(position, str(played))
                message, rule = say("mistake-pending", why=why, rule=pending.rule), pending.rule
            self._rewind(before)
            return self._refuse(message, rule)
        if not self._accepted(played, expected):
            message = self._off_goal(played)
            self._rewind(before)
            return self._refuse(message, None)  # legal: no rule broken, none counted
        return self._advance(say("right", move=played))

    # -- inside -------------------------------------------------------------------

    def _expected(self) -> Move | str:
        text = self.level.solution[self.step]
        return text if text in CHOICES else self.position.parse_move(text)

    def _off_goal(self, played: Move) -> str:
        """Why ``played``, legal, does not reach the goal, in terms of the rule the level
        practises; ``played`` is on the board still."""
        level, rule = self.level, self.level.rule
        topics = {t for t in TOPIC_FIELDS if level.rules.rule_id(t) == rule}  # type: ignore[arg-type]
        after = self.position
        if "win" in topics and after.legal_moves:
            return say(f"off-win-{after.turn}", move=played, reply=after.legal_moves[0], rule=rule)
        if "draw" in topics:
            return say("off-draw", move=played, rule=rule)
        if level.accept == "king" and not played.promotes:
            return say("off-king", move=played, rule=rule)
        return say("off-goal", move=played, rule=rule, goal=level.goal)

    def _final(self) -> bool:
        return self.step == len(self.level.solution) - 1

    def _accepted(self, played: Move, expected: Move | str) -> bool:
        if played == expected:
            return True
        if not self._final():
            return False
        result = self.game.result
        return (self.level.accept == "king" and played.promotes
                or self.level.accept == "win" and result is not None and result.winner == self.side
                or self.level.accept == "draw" and result is not None and result.winner is None)

    def _choose(self, choice: str, expected: Move | str) -> Feedback:
        pending = self.game.pending
        if pending is None:
            return self._refuse(say("no-choice"), None)
        if choice != expected:
            return self._refuse(say(f"wrong-choice-{choice.replace(' ', '-')}", goal=self.level.goal), pending.rule)
        (self.game.take_back if choice == "take back" else self.game.let_stand)()
        # "let stand": the learner moves next
        return self._advance(say(f"chose-{choice.replace(' ', '-')}", rule=pending.rule))

    def _advance(self, said: str) -> Feedback:
        self.step += 1
        self._hints_given = 0
        if self.step == len(self.level.solution):
            self.done = True
            return Feedback(True, True, say("finished", said=said, goal=self.level.goal))
        text = self.level.replies[self.step - 1]
        if not text:
            return Feedback(True, False, say("your-move", said=said))
        reply = self.game.play(text)
        side, pending = self.game.positions[-2].turn, self.game.pending
        if pending is not None:  # the level's reply is the opponent's capture mistake: say so, and why
            return Feedback(True, False, say(f"answers-mistake-{side}", said=said, reply=reply,
                                             correct=either(pending.correct), rule=pending.rule))
        return Feedback(True, False, say(f"answers-{side}", said=said, reply=reply))

    def _rewind(self, moves: int) -> None:
        while len(self.game.moves) > moves:
            self.game.undo()

    def _refuse(self, message: str, rule: str | None) -> Feedback:
        self.mistakes.append(rule)
        return Feedback(False, False, message, rule)
