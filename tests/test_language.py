"""The language damlib speaks: choosing it, the catalogs' upkeep, plural forms, and a catalog a
translator has just edited."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

import damlib
from damlib.engine import language
from damlib.engine.catalog import compile_catalog

ROOT = Path(__file__).resolve().parent.parent
CATALOGS = sorted((ROOT / "damlib/locale").glob("*/LC_MESSAGES/damlib.po"))


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    yield
    damlib.set_language("en")


def test_the_template_holds_every_sentence_of_the_sources() -> None:
    # a sentence added to a TEXTS without running tools/catalogs.py would reach no translator
    run = subprocess.run([sys.executable, str(ROOT / "tools/catalogs.py"), "--check"], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr


def placeholders(text: str) -> set[str]:
    return set(re.findall(r"\{(\w*)(?:[:!][^{}]*)?\}", text))


@pytest.mark.parametrize("path", CATALOGS, ids=lambda path: path.parts[-3])
def test_every_catalog_translates_every_sentence_with_its_placeholders(path: Path) -> None:
    with path.open("rb") as file:
        catalog = read_po(file)
    template = {message.id for message in catalog if message.id}
    with (ROOT / "damlib/locale/damlib.pot").open("rb") as file:
        assert template == {message.id for message in read_po(file) if message.id}
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        assert all(strings) and not message.fuzzy, f"untranslated: {ids[0]!r}"
        # a translation may leave out the number where its form names none ("one piece"), as the
        # English singular does
        expected = set().union(*map(placeholders, ids))
        unnamed = {"count"} | (placeholders(ids[-1]) - placeholders(ids[0]))
        for string in strings:
            assert placeholders(string) <= expected and expected - placeholders(string) <= unnamed, string


def test_a_language_without_a_catalog_is_refused_and_nothing_changes() -> None:
    damlib.set_language("eo")
    with pytest.raises(damlib.DamlibError, match="'xx'.*en, (.*, )?eo"):
        damlib.set_language("xx")
    assert language.language() == "eo"
    assert damlib.languages()[0] == "en"


def test_damlib_lang_chooses_the_language_and_a_wrong_one_is_said() -> None:
    code = "import damlib.engine.language as l; print(l.language())"
    for value, expected, warned in (("eo", "eo", False), ("", "en", False), ("xx", "en", True)):
        run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                             env={**os.environ, "DAMLIB_LANG": value})
        assert run.stdout.strip() == expected
        assert ("DAMLIB_LANG: no catalog for the language 'xx'" in run.stderr) == warned


PO = r"""msgid ""
msgstr ""
"Content-Type: text/plain; charset=utf-8\n"
"Plural-Forms: nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\n"

msgid "{count} piece"
msgid_plural "{count} pieces"
msgstr[0] "{count} shashka"
msgstr[1] "{count} shashki"
msgstr[2] "{count} shashek"

msgid "Hello, {name}."
msgstr "Privet, {name}."
"""


def test_three_plural_forms_and_a_catalog_edited_since_its_install(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    # Russian's plural rule (PO): one form for 1, 21, 31…, one for 2–4, 22–24…, one for the rest
    texts = {"pieces-one": "{count} piece", "pieces-other": "{count} pieces", "hello": "Hello, {name}."}
    path = tmp_path / "xx" / "LC_MESSAGES" / "damlib.po"
    path.parent.mkdir(parents=True)
    path.write_text(PO, encoding="utf-8")
    monkeypatch.setattr(language, "LOCALE", tmp_path)
    damlib.set_language("xx")
    assert [language.counted("pieces", n, texts) for n in (1, 3, 5, 21)] == [
        "1 shashka", "3 shashki", "5 shashek", "21 shashka"]
    assert language.sayer(texts)("hello", name="Ana") == "Privet, Ana."
    assert language.said == {"{count} piece", "Hello, {name}."}
    # a compiled catalog older than its .po is not used: the translator's edit shows at once
    (path.parent / "damlib.mo").write_bytes(b"not a catalog")
    os.utime(path.parent / "damlib.mo", (0, 0))
    damlib.set_language("xx")
    assert language.sayer(texts)("hello", name="Ana") == "Privet, Ana."
    damlib.set_language("en")
    assert not language.said and language.counted("pieces", 3, texts) == "3 pieces"


def test_a_catalog_is_compiled_once_until_its_translator_edits_it(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    # every Learn board names each language in itself: each board compiled every catalog before
    path = tmp_path / "xx" / "LC_MESSAGES" / "damlib.po"
    path.parent.mkdir(parents=True)
    path.write_text(PO, encoding="utf-8")
    monkeypatch.setattr(language, "LOCALE", tmp_path)
    compiled: list[Path] = []
    monkeypatch.setattr(language, "compile_catalog", lambda source: compiled.append(source) or compile_catalog(source))
    hello = {"hello": "Hello, {name}."}
    for _ in range(3):
        damlib.set_language("xx")
        assert language.sayer(hello)("hello", name="Ana") == "Privet, Ana."
    assert compiled == [path]
    path.write_text(PO.replace("Privet", "Zdravstvuj"), encoding="utf-8")
    os.utime(path, (path.stat().st_mtime + 10,) * 2)  # a later edit, whatever the clock's grain
    damlib.set_language("xx")
    assert language.sayer(hello)("hello", name="Ana") == "Zdravstvuj, Ana."
    assert compiled == [path, path]
    damlib.set_language("en")


def test_choosing_english_again_says_english() -> None:
    from damlib.hints import threat

    position = damlib.Position.from_fen("W:Wc3,h2:Bd4,a7", "german")
    english = str(threat(position))
    damlib.set_language("eo")
    assert str(threat(position)) != english
    damlib.set_language("en")
    assert str(threat(position)) == english
