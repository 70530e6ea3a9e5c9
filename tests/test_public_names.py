"""One import path per name: what the README, the docs and the lessons import type-checks under
mypy --strict, and each public module names its public names in ``__all__``."""

import ast
import importlib
import json
import re
import subprocess
import sys

import pytest
from conftest import ROOT, committed_text

#: the modules directly in damlib/ that a reader imports; each re-exports one module of a layer
PUBLIC = ("diagram", "exercises", "handout", "hints", "learn", "notes", "pdn", "search")
#: Markdown a reader copies code from
DOCUMENTS = ("README.md", "docs/teaching.md", "deploy/README.md")
#: an import of damlib, or a dotted name under it, followed by "(" where it is called
IMPORT = re.compile(r"^\s*(?:>>> )?((?:from damlib[.\w]* import [\w, ]+)|(?:import damlib[.\w]*))\s*$", re.MULTILINE)
DOTTED = re.compile(r"\bdamlib((?:\.\w+)+)(\()?")


def code() -> str:
    """The Markdown as written and the lessons' code cells as committed, one text."""
    texts = [committed_text(ROOT / name) for name in DOCUMENTS]
    for path in sorted((ROOT / "notebooks").rglob("*.ipynb")):
        cells = json.loads(committed_text(path))["cells"]
        texts += ["".join(cell["source"]) for cell in cells if cell["cell_type"] == "code"]
    return "\n".join(texts)


def is_module(dotted: str) -> bool:
    """Whether ``damlib`` + ``dotted`` (".pdn", ".engine.squares") names a module of the package."""
    path = ROOT.joinpath("damlib", *dotted.split(".")[1:])
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def checked_module(text: str) -> str:
    """Every import of damlib found in ``text``, then every dotted name used under ``damlib``: a module
    named must import, a name called must be callable, a name read must exist. The front door's lazy
    ``damlib.draw`` is called as well, wherever the text calls it or not."""
    lines = ["from collections.abc import Callable", "import damlib"]
    lines += sorted(set(IMPORT.findall(text)))
    used = set(DOTTED.findall(text)) | {(".draw", "(")}
    for number, (dotted, called) in enumerate(sorted(used)):
        if dotted.endswith((".py", ".ipynb", ".md", ".po", ".pot")):
            continue  # a file named in prose
        if is_module(dotted):
            lines.append(f"import damlib{dotted}")
            continue
        parent = dotted.rsplit(".", 1)[0]
        if parent and is_module(parent):
            lines.append(f"import damlib{parent}")
        lines.append(f"_{number}: Callable[..., object] = damlib{dotted}" if called else f"damlib{dotted}")
    return "\n".join(lines) + "\n"


def test_what_the_readme_the_docs_and_the_lessons_import_type_checks(tmp_path):
    module = checked_module(code())
    assert "from damlib.hints import hint, threat" in module and "= damlib.draw" in module  # the README's own
    (tmp_path / "imports.py").write_text(module, encoding="utf-8")
    # damlib itself is checked by the project's own mypy run; here only what a reader writes
    done = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--follow-imports=silent", "--no-incremental",
                           "--ignore-missing-imports", "imports.py"], cwd=tmp_path, capture_output=True, text=True,
                          env={"MYPYPATH": str(ROOT), "PATH": ""}, timeout=600)
    assert done.returncode == 0, done.stdout + "\n" + module


@pytest.mark.parametrize("name", PUBLIC)
def test_a_public_module_is_a_real_module_that_names_its_public_names(name):
    module = importlib.import_module(f"damlib.{name}")
    assert sys.modules[f"damlib.{name}"] is module and module.__name__ == f"damlib.{name}"
    tree = ast.parse((ROOT / "damlib" / f"{name}.py").read_text(encoding="utf-8"))
    assert not any(isinstance(node, ast.Attribute) and node.attr == "modules" for node in ast.walk(tree))
    # what a module imports to write its own code is not one of its public names
    own = [n for n in vars(module) if not n.startswith("_") and n not in ("sys", "Iterable", "Path", "TYPE_CHECKING",
                                                                         "annotations")]
    assert sorted(module.__all__) == sorted(own)
    assert all(getattr(module, n) is not None for n in module.__all__)


def test_the_lazy_pictures_of_the_front_door_are_the_public_diagram_module():
    import damlib
    import damlib.diagram

    assert damlib.diagram is sys.modules["damlib.diagram"] and damlib.draw is damlib.diagram.draw


def test_every_function_given_a_raw_board_takes_the_rules_then_the_board_then_the_side():
    import inspect

    from damlib.engine import legality, movegen, notation, raw
    from damlib.play import evaluation

    checked = []
    for module in (legality, movegen, notation, raw, evaluation):
        for name, found in vars(module).items():
            function = inspect.unwrap(found) if callable(found) else found  # through a cache
            if not inspect.isfunction(function) or function.__module__ != module.__name__:
                continue
            given = [p for p in inspect.signature(function).parameters if p in ("rules", "board", "white")]
            if "board" in given and len(given) > 1:
                checked.append(name)
                assert given == [p for p in ("rules", "board", "white") if p in given], f"{module.__name__}.{name}"
    assert {"legal_moves", "perft", "evaluate", "capture_mistake", "legal", "check_board"} <= set(checked)


@pytest.mark.parametrize(("module", "old", "new"), [
    ("search", "LEVELS", "STRENGTHS"), ("search", "Level", "Strength"), ("search", "level_of", "strength_of"),
    ("exercises", "Feedback", "Verdict"),
])
def test_a_renamed_public_name_still_works_for_one_release_with_a_warning(module, old, new):
    public = importlib.import_module(f"damlib.{module}")
    with pytest.warns(DeprecationWarning, match=rf"damlib\.{module}\.{old} is now damlib\.{module}\.{new}"):
        assert getattr(public, old) is getattr(public, new)
    assert old not in public.__all__ and new in public.__all__
    with pytest.raises(AttributeError):
        public.NO_SUCH_NAME  # noqa: B018


def test_one_name_means_one_thing_across_the_public_modules():
    import damlib
    from damlib import exercises, learn, search

    names = [set(m.__all__) for m in (damlib, exercises, learn, search)]
    shared = {n for i, a in enumerate(names) for b in names[i + 1:] for n in a & b}
    assert shared == set()  # Level, LEVELS and Feedback were each two things


def test_options_are_keywords_as_python_chess_has_them():
    from damlib import Move, Position, pdn
    from damlib.hints import hint, threat

    pos = Position.start("german")
    calls = [
        lambda: hint(pos, (), 0.1), lambda: threat(pos, 0.1), lambda: pdn.read("1. c3-d4 *", "german"),
        lambda: Move(("c3", "d4"), (), False), lambda: Position.from_diagram("." * 64, "german", "black"),
    ]
    for call in calls:
        with pytest.raises(TypeError, match="positional"):
            call()
    assert str(hint(pos, seconds=0.05, move="c3-d4").move) == "c3-d4"
