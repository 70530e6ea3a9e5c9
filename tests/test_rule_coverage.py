"""Every rule ID of RULES.md is known to damlib, taught in a lesson and pinned by a test."""

import json
import re
from pathlib import Path

import pytest

from damlib import RULE_TEXT

ROOT = Path(__file__).resolve().parents[1]
RULES_MD = ROOT.parent / "shared" / "RULES.md"
RULE_ID = re.compile(r"\b(?:DE|RU|TR)-[A-Z]+(?:-[A-Z]+)?\b")


def mentioned(texts) -> set[str]:
    return {m.group(0) for text in texts for m in RULE_ID.finditer(text)}


def test_damlib_knows_exactly_the_rules_of_rules_md():
    if not RULES_MD.exists():
        pytest.skip("../shared/RULES.md is not here (a user's machine)")
    assert mentioned([RULES_MD.read_text()]) == set(RULE_TEXT)


def test_every_rule_is_taught_in_a_lesson():
    # what the learner reads and runs, not what a run printed
    sources = [
        "".join(cell["source"])
        for notebook in sorted((ROOT / "notebooks").glob("*.ipynb"))
        for cell in json.loads(notebook.read_text())["cells"]
    ]
    assert set(RULE_TEXT) - mentioned(sources) == set()


def test_every_rule_is_pinned_by_a_test():
    # a test pins a rule when its name carries the ID or it asserts the ID as a string,
    # not when a comment or docstring merely mentions it
    code = "".join(p.read_text() for p in (ROOT / "tests").glob("test_*.py") if p.name != Path(__file__).name)
    pinned = {
        rule for rule in RULE_TEXT
        if re.search(rf"def test_\w*{rule.replace('-', '_')}", code) or re.search(rf"[\"']{rule}[\"']", code)
    }
    assert set(RULE_TEXT) - pinned == set()
