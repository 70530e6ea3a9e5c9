"""A class at a glance: every learner's progress file in a folder, read and never changed.

The files are those :class:`~damlib.learn.Progress` writes, one per learner (on a shared server,
the class folder). A file that is not one — malformed, empty, another program's, a save cut off
half-way — is listed in the warnings and left exactly as it is. Names are whatever the learners
typed; nothing is sent anywhere.

>>> import tempfile
>>> from damlib.learn import LEVELS, Progress
>>> folder = tempfile.mkdtemp()
>>> attempt = LEVELS[0].attempt()
>>> for move in LEVELS[0].solution: _ = attempt.play(move)
>>> Progress("Ada", folder).record(attempt)
>>> report = class_report(folder)
>>> row = report.rows[0]
>>> row.learner, row.done("German"), row.stars("German"), report.warnings
('Ada', 1, 3, ())
"""

from __future__ import annotations

import csv
import html
import io
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from ..errors import DamlibError
from .data import STAGES
from .progress import read

#: Scratch files Progress writes and renames; one left behind is a save that did not finish.
SCRATCH = ".progress-*.tmp"


@dataclass(frozen=True)
class LearnerRow:
    """One learner's line of the class view: their stars per level and mistakes per rule."""

    learner: str
    file: str
    level_stars: dict[str, int]
    mistakes: dict[str, int]

    def done(self, game: str) -> int:
        """How many of ``game``'s levels (a name from :data:`~damlib.learn.STAGES`) are done."""
        return sum(level.id in self.level_stars for level in STAGES[game])

    def stars(self, game: str) -> int:
        """The stars won in ``game``'s levels, at most 3 a level."""
        return sum(self.level_stars.get(level.id, 0) for level in STAGES[game])

    @property
    def completion(self) -> float:
        """The share of all levels done, 0 to 1."""
        return sum(self.done(game) for game in STAGES) / sum(len(levels) for levels in STAGES.values())


@dataclass(frozen=True)
class ClassReport:
    """The learners of a folder (:attr:`rows`, by name) and what could not be read (:attr:`warnings`)."""

    folder: Path
    rows: tuple[LearnerRow, ...]
    warnings: tuple[str, ...]

    def mistakes(self) -> Counter[str]:
        """The rules broken, across the class, with how often: ``most_common()`` first."""
        total: Counter[str] = Counter()
        for row in self.rows:
            total.update(row.mistakes)
        return total

    def table(self) -> list[dict[str, str | int | float]]:
        """One dict a learner: name, file, levels done and stars per game, completion in per cent,
        the rule broken most — the columns of :meth:`to_csv` and of the notebook's table."""
        lines: list[dict[str, str | int | float]] = []
        for row in self.rows:
            line: dict[str, str | int | float] = {"learner": row.learner, "file": row.file}
            for game in STAGES:
                line[f"{game} levels"] = row.done(game)
                line[f"{game} stars"] = row.stars(game)
            line["complete %"] = round(100 * row.completion)
            worst = Counter(row.mistakes).most_common(1)
            line["broken most"] = f"{worst[0][0]} ({worst[0][1]})" if worst else ""
            lines.append(line)
        return lines

    def to_csv(self) -> str:
        """The table as CSV text, for a spreadsheet."""
        out = io.StringIO()
        columns = ["learner", "file"] + [f"{g} {c}" for g in STAGES for c in ("levels", "stars")]
        writer = csv.DictWriter(out, columns + ["complete %", "broken most"], lineterminator="\n")
        writer.writeheader()
        writer.writerows(self.table())
        return out.getvalue()

    def save_csv(self, path: str | Path) -> Path:
        """Write :meth:`to_csv` to ``path`` (not into the class folder: it holds the learners' files)."""
        path = Path(path)
        if path.resolve().parent == self.folder.resolve():
            raise DamlibError(f"save the export outside the class folder {self.folder}: it holds the learners' files")
        path.write_text(self.to_csv(), encoding="utf-8")
        return path

    def _repr_html_(self) -> str:
        lines = self.table()
        totals = "".join(f"<th>{html.escape(game)}<br>levels of {len(levels)} · stars</th>"
                         for game, levels in STAGES.items())
        head = f"<tr><th>learner</th>{totals}<th>complete</th><th>broken most</th></tr>"
        body = "".join(
            f"<tr><td>{html.escape(str(line['learner']))}</td>"
            + "".join(f"<td>{line[f'{g} levels']} · {line[f'{g} stars']}★</td>" for g in STAGES)
            + f"<td>{line['complete %']}%</td><td>{html.escape(str(line['broken most']))}</td></tr>"
            for line in lines)
        warned = "".join(f"<li>{html.escape(w)}</li>" for w in self.warnings)
        return (f"<p>{len(self.rows)} learner{'s' if len(self.rows) != 1 else ''} in {html.escape(self.folder.name)}"
                f"</p><table>{head}{body}</table>" + (f"<p>Not read:</p><ul>{warned}</ul>" if warned else ""))

    def __repr__(self) -> str:
        return f"<ClassReport {self.folder.name}: {len(self.rows)} learners, {len(self.warnings)} warnings>"


def class_report(folder: str | Path) -> ClassReport:
    """Every learner's progress in ``folder`` (its ``*.json`` files, one a learner), by name; the
    files that are not progress files, and saves left half-done, are named in the warnings.
    Nothing in the folder is changed, moved or created."""
    if not isinstance(folder, (str, Path)):
        raise DamlibError(f"folder must be a folder's path, not {folder!r}")
    folder = Path(folder)
    if not folder.is_dir():
        raise DamlibError(f"there is no folder {folder}: give the class folder the learners' progress is kept in")
    rows, warnings = [], []
    for path in sorted(folder.glob("*.json")):
        if ".unreadable-" in path.name:
            warnings.append(f"{path.name}: a progress file set aside earlier because it could not be read")
            continue
        try:
            learner, stars, mistakes = read(path)
        except (OSError, ValueError) as error:
            warnings.append(f"{path.name}: not read ({error})")
            continue
        rows.append(LearnerRow(learner, path.name, stars, mistakes))
    warnings += [f"{path.name}: half-written (a save that did not finish)" for path in sorted(folder.glob(SCRATCH))]
    rows.sort(key=lambda row: (row.learner.casefold(), row.file))
    return ClassReport(folder, tuple(rows), tuple(warnings))
