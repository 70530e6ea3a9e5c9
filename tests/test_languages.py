"""Every language damlib has a catalog for (damlib/locale/<code>/), not a list of them: each
catalog whole and faithful to the template (rule IDs and plural forms), each language chosen,
offered and spoken, what used to stay English (argument errors, the widgets' text/plain, file
names, a broken progress file) said in it. What a translation lesson by lesson holds is
tests/test_lessons.py's; the Esperanto walk through every level and widget, test_translation.py's."""

from __future__ import annotations

import gettext
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from conftest import ROOT

import damlib
from damlib import Position, explain
from damlib.engine import language

#: every language but English, each with its catalog
CATALOGS = {path.parts[-3]: path for path in sorted((ROOT / "damlib/locale").glob("*/LC_MESSAGES/damlib.po"))}
RULE_ID = re.compile(r"\b[A-Z]{2}(?:-[A-Z]+)+\b")


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    yield
    damlib.set_language("en")


def messages(code: str) -> list:
    with CATALOGS[code].open("rb") as file:
        catalog = read_po(file)
    return [catalog, *(message for message in catalog if message.id)]


def test_the_languages_are_english_and_every_catalog() -> None:
    assert damlib.languages() == ("en", *CATALOGS)


@pytest.mark.parametrize("code", CATALOGS)
def test_each_catalog_keeps_the_rule_ids_and_has_the_plural_forms_its_header_says(code: str) -> None:
    catalog, *entries = messages(code)
    header = catalog.plural_forms  # "nplurals=3; plural=(n%10==1 && …);"
    count = int(re.search(r"nplurals=(\d+)", header).group(1))
    plural = gettext.c2py(re.search(r"plural=(.*?);?$", header).group(1))
    # the rule names every form it has, and no other
    assert {plural(n) for n in range(1000)} == set(range(count)), header
    for message in entries:
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if isinstance(message.id, tuple):
            assert len(strings) == count, ids[0]
        for string in strings:
            # a rule ID is the rule's name in every language (a form may leave a count's out, not an ID)
            assert set(RULE_ID.findall(string)) == set(RULE_ID.findall(" ".join(ids))), string


#: what a translation keeps as written in code: placeholders, quoted values, Python's None
CODE = re.compile(r"\{[^{}]*\}|'[^']*'|=?\bNone\b")


@pytest.mark.parametrize("code", CATALOGS)
def test_no_sentence_of_a_catalog_is_left_in_english(code: str) -> None:
    # a msgstr copied from its msgid, whole or in part, is English a learner reads: the walks of
    # test_translation.py, in Esperanto, find the code's own English; this finds the catalog's
    from test_translation import english_in

    _, *entries = messages(code)
    left = [string for message in entries
            for string in (message.string if isinstance(message.string, tuple) else (message.string,))
            if english_in(CODE.sub(" ", string))]
    assert left == []


@pytest.mark.parametrize("code", CATALOGS)
def test_each_language_says_a_count_in_the_form_its_plural_rule_picks(code: str) -> None:
    # through damlib's own plural path (counted), each form of the catalog for the numbers it takes:
    # Russian's three (1, 21 / 2–4, 22 / 5–20, 25), Esperanto's two
    from damlib.widgets.common import TEXTS

    catalog, *entries = messages(code)
    forms = next(m.string for m in entries if m.id == (TEXTS["moves-one"], TEXTS["moves-other"]))
    plural = gettext.c2py(re.search(r"plural=(.*?);?$", catalog.plural_forms).group(1))
    damlib.set_language(code)
    for n in (0, 1, 2, 3, 4, 5, 11, 12, 21, 22, 25, 101, 111):
        assert language.counted("moves", n, TEXTS) == forms[plural(n)].format(count=n)


@pytest.mark.parametrize("code", CATALOGS)
def test_each_language_explains_hints_and_labels_in_its_own_words_keeping_the_rule_id(code: str) -> None:
    from damlib.hints import hint
    from damlib.widgets import PlayBoard

    # e3:g5 takes one piece where e3:c5:a7 takes two (DE-MAJORITY)
    position = Position.from_fen("W:We3:Bd4,f4,b6", "german")

    def said() -> list[str]:
        board = PlayBoard("german", fen=position.fen)
        board.click("e3")
        board.click("g5")
        return [explain(position, "e3:g5"), str(hint(position)), board.status.value]

    english = said()
    damlib.set_language(code)
    for text, in_english in zip(said(), english, strict=True):
        assert "DE-MAJORITY" in text and text != in_english, text


#: calls refused with a damlib error whose sentence was English in every language before
REFUSED = {
    "Position()": lambda: Position(),
    "Position.from_pieces(check=)": lambda: Position.from_pieces({}, "german", check="yes"),
    "Position.from_pieces(pieces=)": lambda: Position.from_pieces({"c3": "x"}, "german"),
    "Move(path=)": lambda: damlib.Move(("c3",)),
    "perft(depth=)": lambda: damlib.perft(Position.start("german"), -1),
    "rules('polish')": lambda: damlib.rules("polish"),
    "set_language('fr')": lambda: damlib.set_language("fr"),
    "Diagram(flip=)": lambda: damlib.diagram.Diagram(Position.start("german"), flip="yes"),
    "Diagram(highlight=)": lambda: damlib.diagram.Diagram(Position.start("german"), highlight=["z9"]),
    "Diagram(arrows=)": lambda: damlib.diagram.Diagram(Position.start("german"), arrows="c3-d4"),
    "Diagram(colour)": lambda: damlib.diagram.Diagram(Position.start("german"), colors={"gold": 1}),
    "Diagram(light_playable=)": lambda: damlib.diagram.Diagram(Position.start("turkish"), light_playable=True),
    "set_default_size()": lambda: damlib.diagram.set_default_size(5),
    "square_center()": lambda: damlib.diagram.square_center("z9"),
    "PlayBoard(seconds=)": lambda: widget("PlayBoard")("german", seconds=-1),
    "SaveWorksheet(folder=)": lambda: widget("SaveWorksheet")(folder=3),
    "Learn(stage)": lambda: widget("Learn")().choose_stage("Polish"),
}


def widget(name: str):
    import damlib.widgets

    return getattr(damlib.widgets, name)


@pytest.mark.parametrize("code", CATALOGS)
def test_each_language_refuses_a_bad_argument_in_its_own_words(code: str) -> None:
    english = {name: refusal(call) for name, call in REFUSED.items()}
    damlib.set_language(code)
    for name, call in REFUSED.items():
        said = refusal(call)
        # Python's names (light_playable, 'z9', TR-BOARD) kept, the sentence around them the language's
        assert said != english[name], name
        assert RULE_ID.findall(said) == RULE_ID.findall(english[name]), name


def test_damlib_raises_no_sentence_outside_a_catalog() -> None:
    # a raise with text of its own, literal or f-string, would be English in every language (but
    # Python's own AttributeError of a module's __getattr__)
    import ast

    found = []
    for path in sorted((ROOT / "damlib").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            raised = node.exc if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) else None
            python = raised is not None and isinstance(raised.func, ast.Name) and raised.func.id == "AttributeError"
            arguments = [] if raised is None or python else raised.args
            if any(isinstance(text, ast.JoinedStr) or isinstance(text, ast.Constant) and isinstance(text.value, str)
                   for text in arguments):
                found.append(f"{path.name}:{node.lineno}")
    assert found == []


def refusal(call) -> str:
    with pytest.raises((damlib.DamlibError, damlib.diagram.DiagramError)) as error:
        call()
    return str(error.value)


@pytest.mark.parametrize("code", CATALOGS)
def test_each_language_says_what_is_wrong_with_a_broken_progress_file_and_where(code: str, tmp_path: Path) -> None:
    from damlib.teach.learn.report import class_report

    # a quote left open on the second line, and a file cut short after its first line
    (tmp_path / "ada.json").write_text('{"format": "damlib progress 1",\n "learner": "Ada}', encoding="utf-8")
    (tmp_path / "bo.json").write_text('{"format": "damlib progress 1",\n', encoding="utf-8")
    english = class_report(tmp_path).warnings
    damlib.set_language(code)
    said = class_report(tmp_path).warnings
    assert [text != in_english for text, in_english in zip(said, english, strict=True)] == [True, True]
    json_error = json.JSONDecodeError  # Python's own message is in English: never shown
    assert not any(word in " ".join(said) for word in ("Unterminated", "Expecting", json_error.__name__))
    # where: the quote opened at line 2, column 13; the end at line 2, column 1
    assert all(re.search(r"\b2\b.*\b(13|1)\b", text) for text in said), said


def test_a_broken_progress_file_is_said_where_it_goes_wrong_in_english_too() -> None:
    from damlib.teach.learn.progress import parse

    with pytest.raises(ValueError, match="goes wrong at line 2, column 13"):
        parse(b'{"format": "damlib progress 1",\n "learner": "Ada}', "ada")
    with pytest.raises(ValueError, match="stops short, at line 2, column 1"):
        parse(b'{"format": "damlib progress 1",\n', "bo")


def plain() -> list[str]:
    """The text/plain of a Learn board, a play board and an exercise set: what a viewer without
    widgets shows of each ("<Learn: level 1 of 3>")."""
    from damlib.exercises import EXERCISES
    from damlib.learn import LEVELS
    from damlib.widgets import Exercises, Learn, PlayBoard

    bundles = [widget._repr_mimebundle_() for widget in (Learn(LEVELS[:3]), PlayBoard("german", menus=False),
                                                           Exercises(EXERCISES[:2]))]
    return [(bundle[0] if isinstance(bundle, tuple) else bundle)["text/plain"] for bundle in bundles]


def saved_names(folder: Path) -> list[str]:
    """The names of the files a teacher saves in ``folder`` with SaveWorksheet, the class view's
    Save CSV and the board editor's worksheet, each left to its default."""
    from damlib.exercises import EXERCISES
    from damlib.printed.worksheet import Worksheet
    from damlib.widgets import ClassView, SaveWorksheet

    folder.mkdir()
    (folder.parent / "class").mkdir()  # an empty class: nothing to chart
    SaveWorksheet(EXERCISES[:1], folder=folder).save()
    ClassView(folder.parent / "class", save_to=folder).save_csv()
    sheet = Worksheet()
    sheet.add(EXERCISES[0])
    sheet.save(folder)
    return sorted(path.name for path in folder.iterdir())


@pytest.fixture(scope="module")
def in_english(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[str]]:
    """What the slower checks below compare each language with, made once."""
    return {"plain": plain(), "names": saved_names(tmp_path_factory.mktemp("english") / "saved")}


@pytest.mark.parametrize("code", CATALOGS)
def test_each_language_names_the_widgets_when_no_widget_can_be_drawn(code: str, in_english) -> None:
    english = in_english["plain"]
    assert english == ["<Learn: level 1 of 3>", "<PlayBoard German: 0 moves>", "<Exercises: 2 questions>"]
    damlib.set_language(code)
    said = plain()
    assert all(text != in_english for text, in_english in zip(said, english, strict=True)), said
    # the class's name is Python's, kept
    assert [text.split()[0].rstrip(":") for text in said] == ["<Learn", "<PlayBoard", "<Exercises"]


@pytest.mark.parametrize("code", CATALOGS)
def test_each_language_saves_under_file_names_in_its_own_words(code: str, in_english, tmp_path: Path) -> None:
    from damlib.printed.worksheet import key_file
    from damlib.widgets import SaveWorksheet

    english = in_english["names"]
    # the names a teacher's English guide and the lessons use, unchanged
    assert english == sorted([*SaveWorksheet.NAMES, "class-progress.csv", "worksheet.pdf", "worksheet-answer-key.pdf"])
    damlib.set_language(code)
    said = saved_names(tmp_path / code)
    assert len(said) == 5 and not set(said) & set(english)
    assert set(SaveWorksheet.names()) <= set(said) and key_file(said[-1].removesuffix(".pdf")) not in english
    assert all(re.fullmatch(r"[^\s/\\]+\.(pdf|csv)", name) for name in said), said


@pytest.mark.parametrize("code", CATALOGS)
def test_damlib_lang_and_learns_menu_offer_every_language(code: str) -> None:
    # DAMLIB_LANG (a class hub sets it for every learner) chooses it in a fresh Python
    import os
    import subprocess
    import sys

    from damlib.learn import LEVELS
    from damlib.widgets import Learn

    run = subprocess.run([sys.executable, "-c", "import damlib.engine.language as l; print(l.language())"],
                         capture_output=True, text=True, env={**os.environ, "DAMLIB_LANG": code}, cwd=ROOT)
    assert run.stdout.strip() == code, run.stderr
    # Learn's menu names it in itself, and choosing it speaks it
    learn = Learn(LEVELS[:1])
    assert [value for _, value in learn.language_menu.options] == list(damlib.languages())
    name = dict((value, label) for label, value in learn.language_menu.options)[code]
    assert name not in ("", "English") and name == language.own_name(code)
    hint = learn.hint_button.description
    learn.language_menu.value = code
    assert language.language() == code and learn.hint_button.description != hint
