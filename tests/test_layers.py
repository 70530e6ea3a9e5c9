"""Layers point one way: the engine loads no plotting or widget library."""

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
        "png = pos._repr_png_(); move_png = pos.legal_moves[0]._repr_png_()\n"
        "print(before, png[:4] == b'\\x89PNG', move_png[:4] == b'\\x89PNG', 'matplotlib' in sys.modules,"
        " damlib.draw is damlib.diagram.draw)"
    )
    assert shown == "False True True True True"


#: the folders of damlib, lowest first: each may import only those below it
LAYERS = ("engine", "play", "teach", "drawing", "widgets")
#: imports inside a function (loaded on first use) that reach up a layer, and why each is there
LAZY_UPWARD = {
    ("engine/position.py", "drawing"): "a Position or Move shows as a picture in a notebook (_repr_png_)",
    ("teach/exercises.py", "drawing"): "save_worksheet, where the lessons import it, prints through drawing",
}


def test_each_folder_imports_only_the_folders_below_it():
    import ast

    wrong = []
    for path in sorted((ROOT / "damlib").rglob("*.py")):
        parts = path.relative_to(ROOT / "damlib").parts
        if parts[0] not in LAYERS:
            continue  # the package's front door (damlib/__init__.py) and the public modules beside it
        mine = LAYERS.index(parts[0])
        tree = ast.parse(path.read_text(encoding="utf-8"))
        top = set(map(id, tree.body))
        for node in ast.walk(tree):
            if not isinstance(node, ast.ImportFrom):
                continue
            package = list(parts[:-1])[: len(parts) - node.level] if node.level else []
            target = (package + (node.module or "").split(".")) if node.level else (node.module or "").split(".")[1:]
            if node.level == 0 and not (node.module or "").startswith("damlib"):
                continue
            reached = target[0] if target and target[0] in LAYERS else None
            if reached is None or LAYERS.index(reached) <= mine:
                continue
            where = "/".join(parts)
            if id(node) in top or (where, reached) not in LAZY_UPWARD:
                wrong.append(f"{where}:{node.lineno} ({parts[0]}) imports {reached}")
    assert wrong == []
