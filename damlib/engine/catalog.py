"""Compiling a translation catalog: a ``.po`` file to the ``.mo`` bytes gettext reads. Alone in
its module, with no import from damlib, so that the install (setup.py) can load it before damlib's
dependencies are there."""

import io
from pathlib import Path


def compile_catalog(source: Path) -> bytes:
    """The ``.mo`` bytes of the catalog ``source``, compiled by Babel."""
    from babel.messages.mofile import write_mo  # only to compile: Babel is not loaded otherwise
    from babel.messages.pofile import read_po

    with source.open("rb") as file:
        catalog = read_po(file)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    return buffer.getvalue()
