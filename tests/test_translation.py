"""With ``damlib.set_language("eo")`` everything a learner or teacher meets is Esperanto: a walk
through all 114 levels (goals, hints, threats, refusals, feedback), every exercise (questions,
answers, feedback), games' results, the printed pages' sentences and every widget's labels finds
each sentence said translated in the catalog, and no English word in what the widgets show or the
Esperanto lessons print."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import ipywidgets
import pytest
from babel.messages.pofile import read_po
from conftest import ROOT, committed_text

import damlib
from damlib import Game, Position
from damlib.engine import language
from damlib.exercises import EXERCISES
from damlib.learn import LEVELS

#: words of English that no Esperanto sentence holds (whole words, any case)
ENGLISH = re.compile(r"\b(the|and|is|are|you|your|to|of|it|its|this|that|not|with|move|moves|piece|pieces|"
                     r"white|black|captures?|king|kings|men|show|hint|next|save|open|level|stage|board|undo|"
                     r"flip|computer|again|answer|try|wins?|draw|none)\b", re.IGNORECASE)
#: what a sentence holds that no language translates: rule IDs, FEN, move text, squares, files, and
#: the placeholders of a template the board's script fills
KEPT = re.compile(r"\b[A-Z]{2}(?:-[A-Z]+)+\b|[WB]:[WB]\S*|\b[a-h][1-8](?:[-:x×][a-h][1-8])*\b"
                  r"|\S+\.(?:pdf|csv|json|pdn)\b|\{\w+\}")


def english_in(text: str) -> list[str]:
    return ENGLISH.findall(KEPT.sub(" ", re.sub(r"<[^>]*>", " ", text)))


@pytest.fixture
def esperanto() -> Iterator[set[str]]:
    """Esperanto for one test; yields the catalog's translated templates (singulars of plurals)."""
    with (ROOT / "damlib/locale/eo/LC_MESSAGES/damlib.po").open("rb") as file:
        catalog = read_po(file)
    translated = {m.id[0] if isinstance(m.id, tuple) else m.id for m in catalog
                  if m.id and not m.fuzzy and all(m.string if isinstance(m.string, tuple) else (m.string,))}
    damlib.set_language("eo")
    yield translated
    damlib.set_language("en")


def untranslated(translated: set[str]) -> list[str]:
    return sorted(language.said - translated)


def test_every_level_says_its_goals_hints_and_refusals_in_esperanto(esperanto: set[str]) -> None:
    for level in LEVELS:
        said = [level.goal]
        attempt = level.attempt()
        said += [attempt.hint(), attempt.hint(), attempt.threat()]
        said.append(attempt.play("a1-a1").message)  # no move at all
        wrong = [m for m in attempt.position.legal_moves if str(m) != level.solution[0]]
        if wrong:
            said.append(level.attempt().play(wrong[0]).message)
        attempt = level.attempt()
        said += [attempt.play(move).message for move in level.solution]
        assert attempt.done, level.id
        assert [text for text in said if english_in(text)] == [], level.id
    assert untranslated(esperanto) == []


def test_every_exercise_asks_answers_and_checks_in_esperanto(esperanto: set[str]) -> None:
    for exercise in EXERCISES:
        said = [exercise.question, exercise.answer, exercise.explanation(), exercise.check("").text,
                exercise.check("xyz").text, exercise.check(exercise.answer).text]
        assert [text for text in said if english_in(text)] == [], exercise
    assert untranslated(esperanto) == []


def test_results_explanations_and_refusals_are_esperanto(esperanto: set[str]) -> None:
    game = Game(Position.from_fen("W:Wd4,h2:Bd5,h7", "turkish"), referee=True)
    game.play("h2-h3")
    said = [str(game.result), damlib.explain(Position.start("german"), "c3-d4"),
            damlib.explain(Position.start("german"), "c3-c4"),
            damlib.explain(Position.from_fen("W:We3:Bd4,f4,b6", "german"), "e3:g5")]
    for text in ("", "z9-a1", "W:Wz9"):
        with pytest.raises(damlib.DamlibError) as error:
            Position.from_fen(text, "german") if text.startswith("W") or not text else Position.start(
                "german").play(text)
        said.append(str(error.value))
    assert [text for text in said if english_in(text)] == []
    assert untranslated(esperanto) == []


def shown(widget: object) -> Iterator[str]:
    """Every text ``widget`` and the widgets in it show a person."""
    if isinstance(widget, ipywidgets.Widget):
        for name in ("description", "tooltip", "placeholder"):
            text = getattr(widget, name, None)
            if isinstance(text, str):
                yield text
        if isinstance(widget, (ipywidgets.HTML, ipywidgets.Label, ipywidgets.HTMLMath)):
            yield widget.value
        yield from getattr(widget, "_options_labels", ())
        yield from getattr(widget, "titles", ())
        labels = getattr(widget, "labels", None)
        if isinstance(labels, dict):
            yield from (text for text in labels.values() if isinstance(text, str))
        for child in getattr(widget, "children", ()):
            yield from shown(child)


def widgets(tmp_path: Path) -> Iterator[object]:
    from damlib.widgets import (
        BoardEditor,
        CaptureStepper,
        ClassView,
        Exercises,
        GameReplay,
        Learn,
        PlayBoard,
        PromotionExplorer,
        SaveWorksheet,
    )

    yield PlayBoard("german", computer="black")
    yield PlayBoard("turkish", referee=True, fen="W:Wd4,h2:Bd5,h7")
    yield Learn(LEVELS[:3])
    yield Exercises(EXERCISES)
    yield SaveWorksheet(EXERCISES, folder=tmp_path)
    yield BoardEditor("german", fen="W:We3:Bd4,f4,b6")
    yield ClassView(ROOT / "notebooks" / "class-demo", save_to=tmp_path)
    yield CaptureStepper(Position.from_fen("W:We3:Bd4,f4,b6", "german"))
    yield PromotionExplorer()
    yield GameReplay(Game(Position.start("german")))


def test_every_widget_labels_in_esperanto(esperanto: set[str], tmp_path: Path) -> None:
    for widget in widgets(tmp_path):
        english = [text for text in shown(widget) if english_in(text)]
        assert english == [], type(widget).__name__
    assert untranslated(esperanto) == []


@pytest.mark.parametrize("path", sorted((ROOT / "notebooks" / "eo").glob("*.ipynb")), ids=lambda p: p.stem)
def test_the_esperanto_lessons_print_no_english(path: Path) -> None:
    # what a learner reads under each cell; "For the curious" parts (reprs, field names) aside
    curious, english = False, []
    for cell in json.loads(committed_text(path))["cells"]:
        text = "".join(cell["source"])
        if cell["cell_type"] == "markdown":
            curious = text.startswith("### Por la scivolemaj") or curious and not text.startswith("#")
            continue
        for output in [] if curious else cell.get("outputs", []):
            data = output.get("data", {})
            for kind in ("text/html", "text/markdown") if "text/html" in data else ("text/plain",):
                found = english_in("".join(data.get(kind, [])))
                if found:
                    english.append((text[:50], found))
    assert english == []


def test_a_number_written_in_words_is_read_in_either_language(esperanto: set[str]) -> None:
    # Esperanto's 11 and 12 are two words; the English words are read too
    from damlib.teach.exercises import reading  # where the code lives: not a public name

    assert [reading("most", text) for text in ("ĝi prenas dek du pecojn", "dek", "dek unu", "twelve", "3")] == [
        "12", "10", "11", "12", "3"]
