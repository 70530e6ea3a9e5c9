"""Notes: sentences shown as paragraphs, kept as plain text."""

import pytest

from damlib.engine.errors import DamlibError
from damlib.notes import Note


def test_each_sentence_is_a_paragraph_with_its_label_in_bold_and_text_escaped():
    note = Note(("German:", "b6:d8 <is legal>"), "Russian & Turkish differ.")
    assert note._repr_html_() == "<p><b>German:</b> b6:d8 &lt;is legal&gt;</p><p>Russian &amp; Turkish differ.</p>"
    assert repr(note) == "German: b6:d8 <is legal>\nRussian & Turkish differ."


@pytest.mark.parametrize("bad", [(), (None,), ((5, "a"),), (("a", None),), (b"bytes",), ((1, 2, 3),)])
def test_a_note_is_made_of_text(bad):
    with pytest.raises(DamlibError):
        Note(*bad)
