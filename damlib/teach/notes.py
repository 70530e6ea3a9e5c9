"""Sentences for a lesson page: shown as prose, not as program output.

A learner reads ``Note(explain(position, "e3:g5"))`` as a paragraph in JupyterLab, Voilà
and a static export alike, while the saved text stays plain for comparing.

>>> from damlib import Position, explain
>>> Note(explain(Position.from_fen("W:We3:Bd4,f4,b6", "german"), "e3:g5"))
e3:g5 is not allowed (DE-MAJORITY): it takes 1 piece, but e3:c5:a7 takes 2 — you must take the most.

An :class:`Answer` is a note that stays folded until the learner asks for it, so a class that
sees the question on a projector does not see its answer under it:

>>> "<summary>Show the answer</summary>" in Answer("h1 is dark.")._repr_html_()
True
"""

from __future__ import annotations

import html
import re

from ..engine import language
from ..engine.errors import DamlibError

#: A rule ID such as DE-MAN-CAPTURE: a browser would break it at a hyphen, across two lines.
_RULE_ID = re.compile(r"\b[A-Z]{2}(?:-[A-Z]+)+\b")

#: What a learner reads here besides the notes themselves.
TEXTS: dict[str, str] = {
    "show-answer": "Show the answer",
    # a note made wrongly: {value} what was given
    "empty-note": "a note needs at least one sentence",
    "not-sentence": "a note is made of sentences, not {value}",
}

#: the sentence of :data:`TEXTS` under a key, its placeholders filled
say = language.sayer(TEXTS)


def unbroken(markup: str) -> str:
    """``markup`` with each rule ID kept on one line (its text unchanged, so it reads and
    copies as written).

    >>> unbroken("a king (DE-KING)")
    'a king (<span style="white-space: nowrap">DE-KING</span>)'
    """
    return _RULE_ID.sub(r'<span style="white-space: nowrap">\g<0></span>', markup)


class Note:
    """One or more sentences, each its own paragraph; a sentence may start with a bold label,
    given as ``(label, sentence)``. A sentence may be anything that reads as one, such as a
    game's :class:`~damlib.play.game.Result`."""

    def __init__(self, *sentences: object) -> None:
        if not sentences:
            raise DamlibError(say("empty-note"))
        self.paragraphs: list[tuple[str, str]] = []
        for sentence in sentences:
            label, text = sentence if isinstance(sentence, tuple) and len(sentence) == 2 else ("", sentence)
            if not isinstance(label, str) or text is None or isinstance(text, (bytes, tuple)):
                raise DamlibError(say("not-sentence", value=repr(sentence)))
            self.paragraphs.append((label, str(text)))

    def _repr_html_(self) -> str:
        return "".join(
            f"<p>{f'<b>{html.escape(label)}</b> ' if label else ''}{unbroken(html.escape(text))}</p>"
            for label, text in self.paragraphs
        )

    def __repr__(self) -> str:
        return "\n".join(f"{label} {text}" if label else text for label, text in self.paragraphs)


class Answer(Note):
    """The answer to a lesson's check: a :class:`Note` shown folded, under "Show the answer"."""

    def _repr_html_(self) -> str:
        summary = html.escape(say("show-answer"))
        return f'<details class="damlib-answer"><summary>{summary}</summary>{super()._repr_html_()}</details>'
