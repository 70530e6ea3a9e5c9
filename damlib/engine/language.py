"""The language damlib speaks: English by default, or a language of ``damlib/locale`` chosen with
:func:`set_language` or the environment variable ``DAMLIB_LANG``.

Every module keeps the sentences it shows a person in its own ``TEXTS``: whole templates with
named placeholders, English, keyed by a short name. :func:`sayer` gives the module its ``say``,
which looks the template up in the gettext catalog of the language chosen (``locale/<code>/
LC_MESSAGES/damlib.po``, compiled to ``.mo`` when damlib is installed) and fills it in. A pair of
templates ``<key>-one`` and ``<key>-other`` is one plural entry of the catalog: :func:`counted`
picks the form the language takes for the number (Russian has three, Esperanto two). Rule IDs
and move text are placeholders' values, never translated.

>>> say = sayer({"moves": "{side} to move."})
>>> say("moves", side="White")
'White to move.'
>>> set_language("eo")
>>> language()
'eo'
>>> set_language("en")
"""

from __future__ import annotations

import functools
import gettext
import io
import os
import warnings
from collections.abc import Callable, Mapping
from importlib.util import find_spec
from pathlib import Path

from .catalog import compile_catalog
from .errors import DamlibError, shown

#: where the catalogs are: ``<code>/LC_MESSAGES/damlib.po`` (and its compiled ``.mo``)
LOCALE = Path(__file__).resolve().parent.parent / "locale"
DOMAIN = "damlib"
ENGLISH = "en"

#: Where rules published elsewhere depart from the seed text, a sentence cites this instead of a
#: rule ID: kept as it is in data (progress files, tests), said in the chosen language.
#: ``language-name`` is the language's own name, in itself (a catalog translates it "Esperanto",
#: "Deutsch", …): what a language menu offers, with no table of languages to keep.
#: ``no-catalog``: a language asked for that has no catalog; ``{known}`` the codes there are.
TEXTS: dict[str, str] = {"published": "published rules", "language-name": "English",
                         "no-catalog": "no catalog for the language {code}: damlib speaks {known}"}
PUBLISHED = TEXTS["published"]

_catalog: gettext.NullTranslations = gettext.NullTranslations()
_code = ENGLISH
#: every template said since :func:`set_language` (the singular of a plural entry): a test walks
#: every level, exercise and widget and finds each of them translated in the catalog
said: set[str] = set()


def languages() -> tuple[str, ...]:
    """The languages damlib can speak: English and every catalog in ``damlib/locale``.

    >>> "en" in languages() and "eo" in languages()
    True
    """
    found = sorted(path.parent.parent.name for path in LOCALE.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))
    return (ENGLISH, *found)


def language() -> str:
    """The code of the language damlib speaks now (``"en"`` unless chosen otherwise)."""
    return _code


def own_name(code: str) -> str:
    """The name of the language ``code`` in that language, as its catalog gives it.

    >>> own_name("eo"), own_name("en")
    ('Esperanto', 'English')
    """
    return _catalog_of(code).gettext(TEXTS["language-name"])


def set_language(code: str) -> None:
    """Speak the language ``code`` (``"eo"``, ``"en"``, …) from now on: every sentence said after
    this call, by new boards, levels, exercises and pages, is in that language.

    >>> set_language("tlh")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    damlib.engine.errors.DamlibError: no catalog for the language 'tlh': damlib speaks en, ...eo...
    """
    global _catalog, _code
    _catalog = _catalog_of(code)
    _code = code
    said.clear()


def known(code: object) -> str:
    """``code`` if it is one of :func:`languages`, else a damlib error naming those there are
    (in the language spoken now).

    >>> known("eo")
    'eo'
    """
    if not isinstance(code, str) or code not in languages():
        raise DamlibError(say("no-catalog", TEXTS, code=shown(code), known=", ".join(languages())))
    return code


def _catalog_of(code: object) -> gettext.NullTranslations:
    """The translations of the language ``code`` (English's: the templates themselves), or a
    damlib error naming the languages there are."""
    found = known(code)
    return gettext.NullTranslations() if found == ENGLISH else _load(found)


def _load(code: str) -> gettext.GNUTranslations:
    """The compiled catalog of ``code``; compiled here from the ``.po`` when the install did not
    (a source checkout) or a translator has edited it since."""
    folder = LOCALE / code / "LC_MESSAGES"
    source, compiled = folder / f"{DOMAIN}.po", folder / f"{DOMAIN}.mo"
    return _read(source, compiled, source.stat().st_mtime, compiled.stat().st_mtime if compiled.exists() else None)


@functools.lru_cache(maxsize=32)
def _read(source: Path, compiled: Path, source_changed: float,
          compiled_changed: float | None) -> gettext.GNUTranslations:
    """:func:`_load`'s catalog, read once for each pair of the files' times: every Learn board names
    each language in itself, and compiling four catalogs took 0.35 s a board in a source checkout."""
    if compiled_changed is not None and (compiled_changed >= source_changed or not find_spec("babel")):
        # without Babel (the browser's site) the installed catalog is the one there is
        with compiled.open("rb") as file:
            return gettext.GNUTranslations(file)
    return gettext.GNUTranslations(io.BytesIO(compile_catalog(source)))


def translate(template: str) -> str:
    """``template`` in the chosen language (itself in English, or where the catalog lacks it)."""
    said.add(template)
    return _catalog.gettext(template)


def say(key: str, texts: Mapping[str, str], /, **fields: object) -> str:
    """The sentence ``key`` of ``texts`` in the chosen language, its placeholders filled (a rule
    ID as it is, :data:`PUBLISHED` in the language too)."""
    return translate(texts[key]).format(**_cited(fields))


def _cited(fields: dict[str, object]) -> dict[str, object]:
    if PUBLISHED not in fields.values():
        return fields
    return {name: translate(PUBLISHED) if value == PUBLISHED else value for name, value in fields.items()}


def sayer(texts: Mapping[str, str]) -> Callable[..., str]:
    """``say`` for one module's ``texts``: a module says its sentences with
    ``say = sayer(TEXTS)``, then ``say(key, **fields)``."""
    def say_from(key: str, /, **fields: object) -> str:
        return say(key, texts, **fields)

    return say_from


def counter(texts: Mapping[str, str]) -> Callable[..., str]:
    """``counted`` for one module's ``texts``, as :func:`sayer` gives ``say``."""
    def counted_from(key: str, count: int, /, **fields: object) -> str:
        return counted(key, count, texts, **fields)

    return counted_from


def counted(key: str, count: int, texts: Mapping[str, str], /, **fields: object) -> str:
    """The sentence ``key`` of ``texts`` for ``count``: the templates ``key-one`` and ``key-other``
    are one plural entry, and the language's plural rule picks the form, so that no number is
    glued to a plural it does not take.

    >>> TEXTS = {"men-one": "one man", "men-other": "{count} men"}
    >>> counted("men", 1, TEXTS), counted("men", 3, TEXTS)
    ('one man', '3 men')
    """
    one, other = texts[f"{key}-one"], texts[f"{key}-other"]
    said.add(one)
    return _catalog.ngettext(one, other, count).format(count=count, **_cited(fields))


def _from_environment() -> None:
    """The language ``DAMLIB_LANG`` names (a class hub sets it for every learner); a code damlib
    has no catalog for is said in a warning, and damlib speaks English."""
    code = os.environ.get("DAMLIB_LANG", "")
    try:
        set_language(code or ENGLISH)
    except DamlibError as error:
        warnings.warn(f"DAMLIB_LANG: {error}", stacklevel=2)


_from_environment()
