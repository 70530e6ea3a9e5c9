"""Every rule ID of docs/rules.md is known to damlib, taught in a lesson and asserted by a test.

How a test file *asserts* a rule ID (:func:`asserted_rule_ids`): the file is parsed with
``ast``, and an ID counts only where it is part of a check that fails when damlib
disagrees with it:

1. as an expected value in the condition of an ``assert`` statement: a string (or
   f-string, or a literal set, list, tuple or dict of them) compared with ``==``,
   ``!=``, ``in``, ``not in`` or ``is``, e.g.
   ``assert refused(pos.play, "e3:g5") == "DE-MAJORITY"`` or
   ``assert "(TR-PENALTY)" in str(game.result)`` — but not an argument of a call
   inside the assert (``assert draw(pos, caption="TR-START") is figure``) and not
   the assert's message;
2. among the names given to conftest's ``raises(error, call, *names)``, which asserts
   that each name is in the error's message, or as the ``match=`` pattern of
   ``pytest.raises``;
3. in a column of a ``@pytest.mark.parametrize`` table (written in place or as a
   module-level name) whose parameter the test function uses inside 1 or 2.

Anything else does not count: comments, docstrings, test names, assertion messages,
data no check reads, a call that merely mentions an ID.
"""

from __future__ import annotations

import ast
import json
import re

import pytest
from conftest import ROOT, RULES_MD, committed_text, raises

from damlib import RULE_TEXT
from damlib.engine.errors import FenError

RULE_ID = re.compile(r"\b(?:DE|RU|TR)-[A-Z]+(?:-[A-Z]+)?\b")
#: A rule's own row in one of docs/rules.md's rule tables: ``| DE-BOARD | ... |``.
RULE_ROW = re.compile(r"^\| ((?:DE|RU|TR)-[A-Z]+(?:-[A-Z]+)?) \|", re.MULTILINE)


def mentioned(texts) -> set[str]:
    return {m.group(0) for text in texts for m in RULE_ID.finditer(text)}


def test_damlib_knows_exactly_the_rules_of_docs_rules_md():
    text = RULES_MD.read_text(encoding="utf-8")
    stated = RULE_ROW.findall(text)
    assert len(stated) == len(set(stated)), "a rule is stated twice"
    assert mentioned([text]) == set(stated)  # every ID the text cites is stated in a row
    assert set(stated) == set(RULE_TEXT)


def test_every_rule_is_taught_in_a_lesson():
    # what the learner reads and runs, not what a run printed
    sources = [
        "".join(cell["source"])
        for notebook in sorted((ROOT / "notebooks").glob("*.ipynb"))
        for cell in json.loads(committed_text(notebook))["cells"]
    ]
    assert set(RULE_TEXT) - mentioned(sources) == set()


# ---------------------------------------------------------------------------
# Which rule IDs a test file asserts
# ---------------------------------------------------------------------------

def _dotted(node: ast.AST) -> str:
    """``pytest.mark.parametrize`` for that expression, ``raises`` for a name, else ''."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        base = _dotted(node.value)
        return f"{base}.{node.attr}" if base else ""
    return ""


def _ids(node: ast.AST) -> set[str]:
    return {
        m.group(0)
        for n in ast.walk(node)
        if isinstance(n, ast.Constant) and isinstance(n.value, str)
        for m in RULE_ID.finditer(n.value)
    }


LITERALS = (ast.Constant, ast.JoinedStr, ast.Name, ast.Starred, ast.Set, ast.List, ast.Tuple, ast.Dict)


def _literal(node: ast.AST) -> bool:
    """A string, f-string, name or literal container of them: an expected value, no call."""
    return all(isinstance(n, LITERALS + (ast.FormattedValue, ast.expr_context)) for n in ast.walk(node))


def _checks(function: ast.AST) -> list[ast.AST]:
    """The parts of ``function`` that are checks: the expected values compared in assert
    conditions, the names given to ``raises``, ``pytest.raises``'s match pattern."""
    parts: list[ast.AST] = []
    for node in ast.walk(function):
        if isinstance(node, ast.Assert):
            for compare in ast.walk(node.test):
                if isinstance(compare, ast.Compare):
                    parts.extend(o for o in [compare.left, *compare.comparators] if _literal(o))
        elif isinstance(node, ast.Call):
            called = _dotted(node.func)
            if called == "raises":
                parts.extend(node.args[2:])
            elif called == "pytest.raises":
                parts.extend(k.value for k in node.keywords if k.arg == "match")
    return parts


def _parametrized(decorator: ast.AST, constants: dict[str, ast.AST]) -> dict[str, list[ast.AST]]:
    """Parameter name -> the values its column of a parametrize table holds."""
    if not (isinstance(decorator, ast.Call) and _dotted(decorator.func).endswith("mark.parametrize")):
        return {}
    names_node, rows_node = decorator.args[:2]
    if isinstance(names_node, ast.Constant):
        names = [n.strip() for n in names_node.value.split(",")]
    else:
        names = [n.value for n in names_node.elts]
    if isinstance(rows_node, ast.Name):
        rows_node = constants.get(rows_node.id)
    if not isinstance(rows_node, (ast.List, ast.Tuple)):
        return {}  # a table built at run time or imported: its IDs are not counted
    columns: dict[str, list[ast.AST]] = {name: [] for name in names}
    for row in rows_node.elts:
        if isinstance(row, ast.Call) and _dotted(row.func) == "pytest.param":
            row = ast.Tuple(elts=row.args)
        values = row.elts if len(names) > 1 else [row]
        for name, value in zip(names, values, strict=True):
            columns[name].append(value)
    return columns


def asserted_rule_ids(source: str) -> set[str]:
    """The rule IDs that the test functions of ``source`` assert (see the module docstring)."""
    tree = ast.parse(source)
    constants = {
        target.id: node.value
        for node in tree.body if isinstance(node, ast.Assign)
        for target in node.targets if isinstance(target, ast.Name)
    }
    found: set[str] = set()
    for function in ast.walk(tree):
        if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        checks = _checks(function)
        for part in checks:
            found |= _ids(part)
        checked_names = {n.id for part in checks for n in ast.walk(part) if isinstance(n, ast.Name)}
        for decorator in function.decorator_list:
            for name, values in _parametrized(decorator, constants).items():
                if name in checked_names:
                    for value in values:
                        found |= _ids(value)
    return found


def test_asserted_rule_ids_counts_checks_only():
    not_checks = '''
def test_DE_WIN_named():
    """DE-BOARD in a docstring."""
    # DE-KING in a comment
    assert game.over, "DE-DRAW only in the message"
    explain(pos, "DE-STRIKE")
    raises(FenError, lambda: read("DE-START"))
    assert draw(pos, caption="DE-PENALTY") is figure
    assert "TR-DRAW"

@pytest.mark.parametrize("fen, rule", [("W:Wa1:Bb8", "TR-WIN")])
def test_rule_column_unread(fen, rule):
    assert Position.from_fen(fen)
'''
    assert asserted_rule_ids(not_checks) == set()
    checks = '''
CASES = [("e3:g5", "DE-MAJORITY"), pytest.param("b6:d8", "DE-PROMOTE-PASS")]

@pytest.mark.parametrize("text, rule", CASES)
def test_table(text, rule):
    assert refused(pos.play, text) == rule

@pytest.mark.parametrize("names", [["a2", "DE-BOARD"]])
def test_names(names):
    raises(SquareError, lambda: pos.piece_at("a2"), *names)

def test_plain():
    assert game.result.rule == "TR-WIN" and "(TR-PENALTY)" in str(other)
    with pytest.raises(SquareError, match="TR-BOARD"):
        parse("a9")
'''
    assert asserted_rule_ids(checks) == {"DE-MAJORITY", "DE-PROMOTE-PASS", "DE-BOARD", "TR-WIN",
                                         "TR-PENALTY", "TR-BOARD"}


def test_the_raises_helper_asserts_the_names_it_is_given():
    # rule 2 above counts raises()'s names because raises() fails when one is missing
    def bad_fen():
        raise FenError("a2 is not a square of the German board (DE-BOARD)")

    raises(FenError, bad_fen, "a2", "DE-BOARD")  # every name is there: passes
    with pytest.raises(AssertionError, match="'DE-PROMOTE' not named"):
        raises(FenError, bad_fen, "a2", "DE-PROMOTE")


def test_every_rule_is_asserted_by_a_test():
    files = sorted(p for p in (ROOT / "tests").glob("test_*.py") if p.name != "test_rule_coverage.py")
    asserted = set().union(*(asserted_rule_ids(p.read_text(encoding="utf-8")) for p in files))
    assert set(RULE_TEXT) - asserted == set()
