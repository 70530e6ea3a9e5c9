"""The class view: a teacher picks the class folder and sees every learner's progress in it.

The reading is :func:`~damlib.learn.class_report`'s and the chart :func:`~damlib.printed.charts.mistakes_chart`'s;
the widget only asks for the folder, shows both, and saves the CSV.
"""

from __future__ import annotations

import html
from pathlib import Path

import ipywidgets as w

from ..drawing import diagram
from ..engine import language
from ..engine.errors import DamlibError
from ..teach.learn import DEFAULT_FOLDER, ClassReport, class_report
from .common import WHOLE_LABEL, Pictured, button, folder_of, prose, text

#: What the class view says to the teacher; ``{error}`` and ``{path}`` come HTML-escaped.
TEXTS: dict[str, str] = {
    "folder": "Class folder",
    "open": "Open",
    "open-tip": "read the progress files in this folder",
    "csv": "Save CSV",
    "csv-tip": "save the table for a spreadsheet",
    "cannot-open": "<b>Cannot open it:</b> {error}",
    "open-first": "Open a class folder first.",
    "not-saved": "<b>Not saved:</b> {error}",
    "saved": "Saved {path}.",
    "chart-alt": "A chart of the rules this class's learners broke most, and who broke them.",
    # the name of the file Save CSV writes (a file name: no spaces or slashes; .csv is added)
    "csv-file": "class-progress",
}

#: the sentence of :data:`TEXTS` under a key, its placeholders filled
say = language.sayer(TEXTS)


class ClassView(Pictured, w.VBox):
    """The progress of the class whose files are in ``folder`` (by default the learners' own
    folder: on a class hub, the hub's class folder): a learner × rule table, the chart of the
    rules broken most, and a button that saves the table as CSV into ``save_to``. Type another
    folder and press **Open** to see another class; a folder that is not there is said, not raised.

    >>> import tempfile
    >>> view = ClassView(tempfile.mkdtemp())
    >>> view.report.rows
    ()
    """

    def __init__(self, folder: str | Path | None = None, *, save_to: str | Path = ".") -> None:
        self.save_to = Path(save_to)
        if folder is not None:
            folder_of(folder)
        #: the report last read, or None when the folder could not be read
        self.report: ClassReport | None = None
        self.folder = w.Text(value=str(folder if folder is not None else DEFAULT_FOLDER), description=say("folder"),
                             continuous_update=False, layout=w.Layout(width="32em"), style=WHOLE_LABEL)
        self.folder.observe(lambda _: self.load(), "value")  # Enter, or leaving the box, opens it
        # a wide table scrolls inside its own box, not the page (and not the chart below it)
        self.table = w.HTML(layout=w.Layout(align_self="stretch", overflow="auto"))
        self.chart = w.Image(format="png", layout=w.Layout(max_width="100%"))
        self.message = text("message")
        controls = w.HBox([self.folder, button(say("open"), say("open-tip"), "open", self.load),
                           button(say("csv"), say("csv-tip"), "csv", self.save_csv)],
                          layout=w.Layout(flex_flow="row wrap"))
        super().__init__([controls, self.message, self.table, self.chart])
        self.table.add_class("damlib-class-table")
        self.add_class("damlib-classview")
        self.load()

    def __repr__(self) -> str:
        return f"<ClassView {self.folder.value}>"

    def load(self) -> None:
        """Read the folder typed, and show its learners and the rules they broke."""
        try:
            self.report = class_report(self.folder.value.strip())
        except DamlibError as error:
            self.report, self.table.value, self.chart.value = None, "", b""
            self.message.value = prose(say("cannot-open", error=html.escape(str(error))))
            return
        # the chart draws with matplotlib: where it is missing (the browser's Python) the line says so
        self.message.value = "" if diagram.PICTURES else prose(html.escape(diagram.missing("mistakes_chart")))
        self.table.value = self.report._repr_html_()
        self.chart.value = _chart(self.report) if diagram.PICTURES else b""

    def save_csv(self) -> None:
        """Save the table as ``class-progress.csv`` (named in the language damlib speaks) in
        ``save_to`` (never into the class folder)."""
        if self.report is None:
            self.message.value = prose(html.escape(say("open-first")))
            return
        try:
            saved = self.report.save_csv(self.save_to / f"{say('csv-file')}.csv")
        except (OSError, DamlibError) as error:
            self.message.value = prose(say("not-saved", error=html.escape(str(error))))
            return
        self.message.value = prose(say("saved", path=html.escape(str(saved))))

    def picture(self) -> bytes:
        """The chart of the rules broken most, with who broke them: what a lesson opened before
        it runs shows (a note that nothing was read, if no folder was)."""
        return self.chart.value or _chart(ClassReport(Path(self.folder.value), (), ()))

    def picture_alt(self) -> str:
        return say("chart-alt")


def _chart(report: ClassReport) -> bytes:
    """The chart of ``report`` as a PNG (matplotlib: loaded here, on first use)."""
    from ..printed.charts import Chart, mistakes_chart

    return Chart(mistakes_chart(report)).png
