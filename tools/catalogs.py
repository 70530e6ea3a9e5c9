"""The translation catalogs: ``python tools/catalogs.py`` gathers every sentence damlib shows a
person into the template ``damlib/locale/damlib.pot`` and brings each language's
``damlib/locale/<code>/LC_MESSAGES/damlib.po`` up to date with it (new sentences untranslated,
changed ones marked fuzzy, removed ones dropped), with Babel, as ``pybabel extract`` and ``pybabel update`` would.

The sentences are the string values of every module-level ``TEXTS`` dict in ``damlib`` (the one
place a module keeps what it says, damlib/engine/language.py) and of ``RULE_TEXT`` and ``RULE_TITLE``; a pair
``<key>-one`` and ``<key>-other`` is one plural entry. Each entry carries its key and file as comments for the
translator. ``--new CODE`` starts a language's catalog. ``--check`` changes nothing and fails if
the template is not what the sources give (tests/test_language.py runs it).
"""

from __future__ import annotations

import argparse
import ast
import io
import sys
from collections.abc import Iterator
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "damlib"
LOCALE = PACKAGE / "locale"
TEMPLATE = LOCALE / "damlib.pot"


def texts(source: str) -> Iterator[tuple[str, int, str]]:
    """(key, line, template) for every entry of the module-level ``…TEXTS`` dicts in ``source``."""
    for node in ast.parse(source).body:
        target = node.targets[0] if isinstance(node, ast.Assign) else getattr(node, "target", None)
        value = getattr(node, "value", None)
        named = isinstance(target, ast.Name) and target.id.endswith(("TEXTS", "RULE_TEXT", "RULE_TITLE"))
        if named and isinstance(value, ast.Dict):
            for key, template in zip(value.keys, value.values, strict=True):
                if not (isinstance(key, ast.Constant) and isinstance(template, ast.Constant)):
                    raise SystemExit(f"line {template.lineno}: a TEXTS entry must be a string literal")
                yield key.value, template.lineno, template.value


def template() -> Catalog:
    """The catalog of every sentence in the package, without translations."""
    catalog = Catalog(project="damlib", version="0.1", msgid_bugs_address="", charset="utf-8",
                      header_comment="# The sentences damlib shows a person: tools/catalogs.py writes this file.")
    for path in sorted(PACKAGE.rglob("*.py")):
        name = path.relative_to(ROOT).as_posix()
        entries = list(texts(path.read_text(encoding="utf-8")))
        known = {key: text for key, _, text in entries}
        for key, line, text in entries:
            if key.endswith("-other") and f"{key[:-6]}-one" in known:
                continue  # said with its singular, below
            if key.endswith("-one") and f"{key[:-4]}-other" in known:
                catalog.add((text, known[f"{key[:-4]}-other"]), locations=[(name, line)],
                            auto_comments=[f"{key[:-4]}: a count; {{count}} is the number"])
            else:
                catalog.add(text, locations=[(name, line)], auto_comments=[key])
    return catalog


def written(catalog: Catalog) -> bytes:
    """``catalog`` as a .po file, without the creation date (the file changes only with its
    sentences)."""
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, include_lineno=False)
    return b"\n".join(line for line in buffer.getvalue().split(b"\n")
                      if not line.startswith((b'"POT-Creation-Date', b'"PO-Revision-Date')))


def update() -> None:
    """Write the template, and bring every language's catalog up to date with it."""
    fresh = template()
    TEMPLATE.write_bytes(written(fresh))
    for path in sorted(LOCALE.glob("*/LC_MESSAGES/damlib.po")):
        with path.open("rb") as file:
            catalog = read_po(file)
        catalog.update(fresh, update_header_comment=False)
        catalog.obsolete.clear()  # a sentence gone from the code is gone from the catalog
        path.write_bytes(written(catalog))
        print(f"{path.relative_to(ROOT)}: {len(catalog)} entries")


def new(code: str) -> Path:
    """Start the catalog of the language ``code``: the template's sentences, untranslated, with the
    language's plural rule (Babel knows it)."""
    path = LOCALE / code / "LC_MESSAGES" / "damlib.po"
    if path.exists():
        raise SystemExit(f"{path.relative_to(ROOT)} exists already")
    catalog = Catalog(locale=code, project="damlib", version="0.1", charset="utf-8")
    catalog.update(template())
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(written(catalog))
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="fail if damlib.pot is not what the sources give")
    parser.add_argument("--new", metavar="CODE", help="start the catalog of a new language (de, ru, tr, …)")
    arguments = parser.parse_args()
    if arguments.new:
        print(f"{new(arguments.new).relative_to(ROOT)}: translate each msgstr, then reinstall (pip install -e .)")
        return
    if arguments.check:
        if not TEMPLATE.exists() or TEMPLATE.read_bytes() != written(template()):
            sys.exit("damlib/locale/damlib.pot is out of date: run python tools/catalogs.py")
        return
    update()


if __name__ == "__main__":
    main()
