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
        "from damlib.clicks import ClickToMove\n"
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
