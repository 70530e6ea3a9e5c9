"""The Esperanto edition says the game in the seed texts' words and in Esperanto's grammar: a fluent
reviewer's findings (issue 44), held in the catalog and in the Esperanto lessons as committed."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from conftest import ROOT, committed_text

LESSONS = sorted((ROOT / "notebooks" / "eo").glob("*.ipynb"))


def translations() -> dict[str, tuple[str, ...]]:
    """Each msgid of the Esperanto catalog (the singular of a plural) with its translations."""
    with (ROOT / "damlib/locale/eo/LC_MESSAGES/damlib.po").open("rb") as file:
        catalog = read_po(file)
    return {(m.id[0] if isinstance(m.id, tuple) else m.id): (m.string if isinstance(m.string, tuple) else (m.string,))
            for m in catalog if m.id}


def lesson_text(path: Path) -> str:
    """What a learner reads in a lesson: its text, its code's strings and its outputs."""
    parts = []
    for cell in json.loads(committed_text(path))["cells"]:
        parts.append("".join(cell["source"]))
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            parts.append("".join(output.get("text", [])))
            parts += ["".join(data.get(kind, [])) for kind in ("text/plain", "text/html", "text/markdown")]
    return "\n".join(parts)


#: what the reviewer found, each with why it is wrong
WRONG = {
    r"\bĉe la movo\b": "a Germanism ('am Zug'): say 'Nigro movas', 'la vico de Nigro'",
    r"\bsur kiu (?:ĝi|la peco) alvenas\b|\balveni sur ĝi\b": "'sur' of a direction takes the accusative: 'sur kiun'",
    r"\bpren(?:i|as|is|os|us|u|ante|ita|itaj|itan|itajn)\b": "the seed and the glossary say 'kapti' for taking a piece",
    r"\bripeto[nj]?\b": "the seed says 'trifoja repeto'",
    r"\bperdig": "a player loses: 'malgajni'",
    r"\bportas la (?:peonon|damon)\b": "a move moves a piece: 'movas'",
    r"\bproponas pecon\b": "a piece given away is offered: 'oferas'",
    r"\bekzercas la regulon\b": "'estas ekzerco pri'",
    r"\brepreni la eraron\b": "one takes back the wrong move: 'la eraran movon'",
    r"\bpri kiu regulo pripensi\b": "'pripensi' takes its object: 'kiun regulon pripensi'",
    r"\bol eble plej multe\b": "'malpli da pecoj, ol oni povus'",
    r"\bstreka\b": "a dashed line is 'streketa'",
    r"\biri rondon\b": "'fari rondiron'",
    r"\blegmanier": "published rules are 'interpretoj'",
    r"(?m)(?:^|[>\"(]|\d\)\s)\s*(?:Germana|Rusa|Turka):": "a bare adjective as a label: 'En la germana:'",
}


def found(text: str) -> list[str]:
    return [f"{match.group(0)!r}: {why}" for pattern, why in WRONG.items() for match in re.finditer(pattern, text)]


def test_the_catalog_says_none_of_the_reviewers_findings() -> None:
    wrong = [(msgid[:50], found(text)) for msgid, texts in translations().items() for text in texts if found(text)]
    assert wrong == []


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_no_esperanto_lesson_says_the_reviewers_findings(path: Path) -> None:
    assert found(lesson_text(path)) == []


def test_the_rule_sentences_say_capture_the_most_as_the_seed_does() -> None:
    # the seed: "li kaptu kiel eble la pli grandan nombron da pecoj"
    said = translations()
    assert said["Take the most pieces"] == ("Kaptu kiel eble plej multajn pecojn",)
    assert said["You must take the greatest number of pieces; men and kings count the same."][0].startswith(
        "Vi devas kapti kiel eble plej multajn pecojn")


def test_a_game_s_short_name_is_an_adjective_and_follows_the_article() -> None:
    said = translations()
    assert [said[name][0] for name in ("German", "Russian", "Turkish")] == ["germana", "rusa", "turka"]
    assert said["Not a {game} position: {error}"][0] == "Ĉi tio ne estas pozicio de la {game}: {error}"


def test_the_buttons_speak_in_the_imperative() -> None:
    said = translations()
    buttons = ("Take back", "Let stand", "Take back and capture", "Let it stand", "Save my progress file",
               "Load a progress file", "Undo", "Check", "Show the answer")
    assert [label for label in buttons if not said[label][0].split()[0].endswith("u")] == []


def test_the_glossary_s_man_steps_only_forward_and_captures_backward_too() -> None:
    glossary = lesson_text(ROOT / "notebooks/eo/01-start-here.ipynb")
    man = next(line for line in glossary.splitlines() if line.startswith("| *peono* |"))
    assert "neniam paŝas malantaŭen" in man and "moviĝas" not in man
    assert "rajtas ankaŭ malantaŭen" in man


def test_the_turkish_lessons_say_which_square_a_jump_empties() -> None:
    # TR-REMOVE: the capturing piece empties no square; each piece it jumps leaves one empty
    english = lesson_text(ROOT / "notebooks/05-turkish.ipynb")
    assert "the square it has just emptied" not in english
    assert "a square emptied by one of its\njumps" in english
    esperanto = lesson_text(ROOT / "notebooks/eo/05-turkish.ipynb")
    assert "kiun ĝi ĵus vakigis" not in esperanto and "kiun vakigis unu el ĝiaj saltoj" in esperanto
    # TR-PROMOTE's German contrast names the condition of DE-PROMOTE-PASS
    assert "a man that can jump on from the last rank does so and stays a man" in english
    assert "kiu povas plusalti de la\nfina rango, devas plusalti kaj restas peono" in esperanto


@pytest.mark.parametrize("path", [ROOT / "notebooks/06-comparing.ipynb", ROOT / "notebooks/eo/06-comparing.ipynb"],
                         ids=["en", "eo"])
def test_the_perft_counts_are_printed_under_the_games_names_not_python_keys(path: Path) -> None:
    printed = lesson_text(path)
    assert not re.search(r"(?m)^(?:german|russian|turkish)\s+\[", printed)


def test_the_esperanto_teacher_lesson_points_at_the_esperanto_guide() -> None:
    teacher = lesson_text(ROOT / "notebooks/eo/10-teacher.ipynb")
    assert "../../docs/teaching.md" not in teacher and "../../docs/eo/teaching.md" in teacher
    assert (ROOT / "docs/eo/teaching.md").read_text(encoding="utf-8").startswith("# Instrui per damlib")


def test_every_relative_link_of_the_esperanto_guide_names_a_file_that_is_there() -> None:
    # tests/test_docs.py reads docs/*.md only, not docs/eo/
    guide = ROOT / "docs/eo/teaching.md"
    targets = re.findall(r"\]\(([^)#:]+)(?:#[^)]*)?\)", guide.read_text(encoding="utf-8"))
    assert targets and [target for target in targets if not (guide.parent / target).exists()] == []
