"""JupyterLab's own menus in the class's language, where JupyterLab has a language pack for it
(install.sh --language): the pack's name on PyPI, and the setting that makes it JupyterLab's
language for every learner (a file in the hub's overrides.d; a learner may still choose another in
Settings → Language).

    python lablanguage.py pack CODE              prints the pack to install for CODE, if any
    python lablanguage.py choose SETTINGS CODE   makes CODE the language of JupyterLab's menus

SETTINGS is JupyterLab's settings folder (the hub's ``<venv>/share/jupyter/lab/settings``). A
language with no pack (Esperanto, English) leaves JupyterLab in English."""

from __future__ import annotations

import json
import sys
from pathlib import Path

#: JupyterLab's locale for each of damlib's languages that has a language pack on PyPI
#: (jupyterlab-language-pack-de-DE, …); Esperanto has none
LOCALES = {"de": "de_DE", "ru": "ru_RU", "tr": "tr_TR"}
#: the JupyterLab plugin whose ``locale`` setting chooses the language of its menus
SETTING = "@jupyterlab/translation-extension:plugin"
#: the file in ``overrides.d`` that holds it (beside jupyter-settings' damlib.json)
FILE = "damlib-language.json"


def pack(code: str) -> str | None:
    """The PyPI name of JupyterLab's language pack for ``code``, or None where there is none.

    >>> pack("de"), pack("eo")
    ('jupyterlab-language-pack-de-DE', None)
    """
    locale = LOCALES.get(code)
    return None if locale is None else f"jupyterlab-language-pack-{locale.replace('_', '-')}"


def choose(settings: Path, code: str) -> Path:
    """Make ``code`` the language of JupyterLab's menus for every learner: the override in
    ``settings``/overrides.d, written; or, for a language without a pack, taken away (a class
    that was German before speaks English in the menus again). Returns the override's path."""
    override = settings / "overrides.d" / FILE
    if code not in LOCALES:
        override.unlink(missing_ok=True)
        return override
    override.parent.mkdir(parents=True, exist_ok=True)
    override.write_text(json.dumps({SETTING: {"locale": LOCALES[code]}}, indent=2) + "\n", encoding="utf-8")
    override.chmod(0o644)  # read by every learner's server
    return override


def main(arguments: list[str]) -> None:
    if arguments[:1] == ["pack"] and len(arguments) == 2:
        print(pack(arguments[1]) or "")
    elif arguments[:1] == ["choose"] and len(arguments) == 3:
        choose(Path(arguments[1]), arguments[2])
    else:
        sys.exit(__doc__.split("\n\n")[1])


if __name__ == "__main__":
    main(sys.argv[1:])
