"""The board's highlights stand out from both square colours for every learner (WCAG 2.1, 1.4.11):
each mark is drawn in two tones, its colour over an outline of the other tone (the board,
damlib/widgets/js, draws what ``look["marks"]`` names), and at least one of them has a contrast
ratio of 3:1 with each square colour, 4.5:1 in high contrast. The ratio is WCAG's, computed here from its definition."""

import pytest

from damlib.widgets.board import COLORS, CONTRAST, MARKS


def luminance(color: str) -> float:
    """WCAG 2.1's relative luminance of an sRGB colour written #rrggbb."""
    channels = [int(color[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ratio(one: str, other: str) -> float:
    light, dark = sorted((luminance(one), luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_the_ratio_is_wcags():
    assert ratio("#ffffff", "#000000") == pytest.approx(21)
    assert ratio("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)  # the grey WCAG's examples name


@pytest.mark.parametrize("mode, least", [("normal", 3.0), ("high contrast", 4.5)])
@pytest.mark.parametrize("mark", sorted(MARKS))
def test_every_mark_stands_out_from_both_square_colours(mode, least, mark):
    palette = COLORS if mode == "normal" else {**COLORS, **CONTRAST}
    tones = [palette[name] for name in MARKS[mark]]
    for square in ("light", "dark"):
        best = max(ratio(tone, palette[square]) for tone in tones)
        assert best >= least, f"{mark} on a {square} square in {mode} mode: {best:.2f}:1"


def test_the_board_draws_every_mark_in_the_tones_listed_and_no_other():
    # the board draws each highlight by its name in look["marks"]; a mark drawn under a name not in
    # MARKS would fall back to one colour, and one listed but never drawn is checked for nothing
    import re

    from damlib.widgets.board import board_module

    drawn = set(re.findall(r'(?:outlined\(\w+, "[a-z]+", |inset\("[a-z-]+", |tones\()"([a-z]+)"', board_module()))
    assert drawn == set(MARKS)
