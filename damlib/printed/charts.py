"""Charts for the teacher: the rules a class breaks most, from a :class:`~damlib.learn.ClassReport`.

>>> from damlib.learn import class_report
>>> import tempfile
>>> figure = mistakes_chart(class_report(tempfile.mkdtemp()))
>>> figure.axes[0].get_title()
'No mistakes recorded yet'
>>> Chart(figure).png[:4]
b'\x89PNG'
"""

from __future__ import annotations

import io

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from ..drawing.diagram import compress
from ..engine import language
from ..teach.learn.report import ClassReport

#: Bars and their labels: dark on white, so the chart prints in greyscale.
BAR, TEXT = "#3b5b7a", "#111111"

#: Every text on the chart: ``{named}`` the learners named ("Dan 2, Ada 1"), ``{count}`` how many more.
TEXTS: dict[str, str] = {
    "no-mistakes": "No mistakes recorded yet",
    "axis": "times broken, all learners",
    "title": "The rules broken most often",
    "and-more-one": "{named} and {count} more",
    "and-more-other": "{named} and {count} more",
}

#: the sentence of :data:`TEXTS` under a key, its placeholders filled
say = language.sayer(TEXTS)


def mistakes_chart(report: ClassReport, top: int = 10) -> Figure:
    """A bar for each of the ``top`` rules broken most often across the class, the most at the top,
    each labelled with its ID and who broke it how often (the names of the first few)."""
    total = report.mistakes()
    counts = total.most_common(top)
    learners = {rule: _who(report, rule) for rule, _ in counts}
    figure = Figure(figsize=(7.5, 0.5 + 0.42 * max(len(counts), 2)), dpi=100, facecolor="white")
    FigureCanvasAgg(figure)
    ax = figure.add_subplot()
    if not counts:
        ax.set_title(say("no-mistakes"), color=TEXT)
        ax.set_axis_off()
        return figure
    rules = [rule for rule, _ in reversed(counts)]
    ax.barh(rules, [n for _, n in reversed(counts)], color=BAR)
    for y, rule in enumerate(rules):
        ax.annotate(f" {total[rule]}: {learners[rule]}", (total[rule], y), va="center", fontsize=9, color=TEXT)
    ax.set_yticks(range(len(rules)), rules, fontsize=10)
    ax.set_xlabel(say("axis"), fontsize=10)
    ax.set_title(say("title"), fontsize=12, color=TEXT)
    ax.spines[["top", "right"]].set_visible(False)
    ax.set_xlim(0, max(n for _, n in counts) * 2.2)  # room for the names
    figure.tight_layout()
    return figure


def _who(report: ClassReport, rule: str, named: int = 3) -> str:
    """Who broke ``rule`` how often, most first: "Dan 2, Ada 1 and 2 more"."""
    broke = sorted(((row.mistakes[rule], row.learner) for row in report.rows if row.mistakes.get(rule)),
                   key=lambda pair: (-pair[0], pair[1].casefold()))
    shown = ", ".join(f"{learner[:18]} {times}" for times, learner in broke[:named])
    return language.counted("and-more", len(broke) - named, TEXTS, named=shown) if len(broke) > named else shown


class Chart:
    """A chart as an ordinary PNG output, so a saved notebook shows it before it runs."""

    def __init__(self, figure: Figure) -> None:
        out = io.BytesIO()
        figure.savefig(out, format="png", dpi=figure.dpi, facecolor="white")
        self.png = compress(out.getvalue())

    def _repr_png_(self) -> bytes:
        return self.png

    def __repr__(self) -> str:
        return "<Chart>"
