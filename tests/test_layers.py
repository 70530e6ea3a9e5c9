"""Layers point one way: the engine loads no plotting or widget library."""

import ast
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run(code: str) -> str:
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_importing_damlib_and_playing_a_game_by_clicks_loads_no_plotting_or_widget_library():
    loaded = run(
        "import sys, damlib\n"
        "game = damlib.Game('turkish', referee=True)\n"
        "for move in ('a3-a4', 'h6-h5', 'a4-a5'): game.play(move)\n"
        "damlib.explain(game.position, 'a5-a6'); damlib.rule_table(damlib.GERMAN, damlib.TURKISH)\n"
        "from damlib.play.clicks import ClickToMove\n"
        "table = ClickToMove('german', computer='black', seconds=0.05)\n"
        "table.click('c3'); table.click('d4'); assert len(table.game.moves) == 2, table.message\n"
        "print(sorted(m for m in ('matplotlib', 'ipywidgets', 'numpy', 'PIL') if m in sys.modules))"
    )
    assert loaded == "[]"


def test_pictures_load_the_drawing_layer_on_first_use():
    shown = run(
        "import sys, damlib\n"
        "pos = damlib.Position.from_fen('W:We3:Bd4,f4,b6', 'german')\n"
        "before = 'matplotlib' in sys.modules\n"
        "shown = pos._repr_html_(); move_shown = pos.legal_moves[0]._repr_html_()\n"
        "img = '<img src=\"data:image/png'\n"
        "print(before, shown.startswith(img), move_shown.startswith(img), 'matplotlib' in sys.modules,"
        " damlib.draw is damlib.diagram.draw)"
    )
    assert shown == "False True True True True"


#: the folders of damlib, lowest first: each may import only those below it. The pictures of a
#: position (drawing/) need only the engine and play, so the lessons' teaching may show them; the
#: printed pages and the teacher's charts (printed/) are made of pictures and of what is taught.
LAYERS = ("engine", "play", "drawing", "teach", "printed", "widgets")
#: imports inside a function (loaded on first use) that reach up a layer, and why each is there
LAZY_UPWARD = {
    ("engine/position.py", "drawing"): "a Position or Move shows as a picture in a notebook (_repr_html_)",
    ("drawing/diagram.py", "widgets"): "where matplotlib is missing, a diagram shows as the live board",
}


#: the engine's own modules: the bitboard generator and its capture searches, behind Position and damlib.engine.raw
PRIVATE = ("engine/movegen.py", "engine/capturelevels.py", "engine/capturestates.py")


def imports(source: str, parts: tuple[str, ...]) -> list[tuple[ast.stmt, str]]:
    """Each import in ``source``, the module damlib/``parts`` (``import x`` and ``from x import y``,
    top-level or in a function), with what it names inside damlib as a path ("engine/movegen", "play")."""
    found: list[tuple[ast.stmt, str]] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names = [alias.name.split(".")[1:] for alias in node.names if alias.name.split(".")[0] == "damlib"]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = list(parts[:-1])[: len(parts) - node.level]
            elif (node.module or "").split(".")[0] == "damlib":
                base = []
            else:
                continue
            module = base + [p for p in (node.module or "").removeprefix("damlib").split(".") if p]
            # "from . import movegen" names a module as much as "from .movegen import x" does
            names = [module] + [module + [alias.name] for alias in node.names]
        else:
            continue
        found += [(node, "/".join(name)) for name in names if name]
    return found


def reaches(target: str, module: str) -> bool:
    """Whether an import of ``target`` ("engine/movegen", "engine/movegen/apply") names ``module``
    ("engine/movegen.py") or a name in it."""
    return target == module.removesuffix(".py") or target.startswith(module.removesuffix(".py") + "/")


def test_every_folder_of_damlib_is_a_layer_and_installed():
    folders = {path.parent.relative_to(ROOT / "damlib").parts[0] for path in (ROOT / "damlib").glob("*/*.py")}
    assert folders == set(LAYERS)
    # the wheel holds the packages pyproject.toml names, and no folder is left out of it
    listed = re.search(r"^packages = \[(.*?)\]", (ROOT / "pyproject.toml").read_text(encoding="utf-8"), re.M | re.S)
    packages = re.findall(r'"([\w.]+)"', listed.group(1)) if listed else []
    assert set(packages) == {"damlib"} | {".".join(("damlib", *path.parent.relative_to(ROOT / "damlib").parts))
                                          for path in (ROOT / "damlib").glob("*/**/__init__.py")}


def test_each_folder_imports_only_the_folders_below_it():
    wrong = []
    for path in sorted((ROOT / "damlib").rglob("*.py")):
        parts = path.relative_to(ROOT / "damlib").parts
        if len(parts) == 1:
            continue  # the package's front door (damlib/__init__.py) and the public modules beside it
        mine = LAYERS.index(parts[0])
        source = path.read_text(encoding="utf-8")
        top = {node.lineno for node in ast.parse(source).body}
        for node, target in imports(source, parts):
            reached = target.split("/")[0]
            # the front door and the public modules beside it (damlib.diagram...) sit above every layer
            if (LAYERS.index(reached) if reached in LAYERS else len(LAYERS)) <= mine:
                continue
            where = "/".join(parts)
            if node.lineno in top or (where, reached) not in LAZY_UPWARD:
                wrong.append(f"{where}:{node.lineno} ({parts[0]}) imports {reached}")
    assert wrong == []


def test_only_the_engine_imports_its_generator_and_capture_searches():
    wrong = []
    for path in sorted((ROOT / "damlib").rglob("*.py")):
        parts = path.relative_to(ROOT / "damlib").parts
        if parts[0] != "engine":
            wrong += [f"{'/'.join(parts)}:{node.lineno} imports {target}"
                      for node, target in imports(path.read_text(encoding="utf-8"), parts)
                      if any(reaches(target, module) for module in PRIVATE)]
    assert wrong == []


def test_the_import_reader_sees_every_form_of_import():
    source = ("import damlib.engine.movegen\nfrom ..engine import capturestates\n"
              "from damlib.engine.capturelevels import Levels\ndef f():\n    from ..widgets import board\n")
    seen = [target for _, target in imports(source, ("play", "clicks.py"))]
    assert all(any(reaches(target, module) for target in seen) for module in PRIVATE)
    assert "widgets/board" in seen and not any(reaches(target, "engine/position.py") for target in seen)
