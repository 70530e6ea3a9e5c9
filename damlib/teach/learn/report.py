"""A class at a glance: every learner's progress file in a folder, read and never changed.

The files are those :class:`~damlib.learn.Progress` writes, one per learner (on a shared server,
the class folder). A file that is not one — malformed, empty, another program's, a save cut off
half-way — is listed in the warnings and left exactly as it is. Names are whatever the learners
typed; each row names the account that saved the file too, and on a class hub marks a file one
learner's account saved under another learner's name. Nothing is sent anywhere.

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
import datetime
import html
import io
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from ...engine import language
from ...engine.errors import DamlibError
from ...engine.variants import game_name
from .data import STAGES, TEACHING_ORDER
from .progress import TEXTS as PROGRESS_TEXTS
from .progress import account, read

#: Scratch files Progress writes and renames; one left behind is a save that did not finish.
SCRATCH = ".progress-*.tmp"
#: A column per rule in the class view and its CSV, in the lessons' order, each rule once.
RULE_COLUMNS = tuple(dict.fromkeys(rule for order in TEACHING_ORDER.values() for rule in order))
#: A spreadsheet reads a cell starting with one of these as a formula: such text is written quoted.
_FORMULA = ("=", "+", "-", "@", "\t", "\r")
#: On a class hub each learner's Unix account is this and their login name (deploy/classhub.py's
#: ClassSpawner takes it from here): the account that saved a file says whose it is.
HUB_ACCOUNT = "learner-"

#: Every sentence and heading a teacher reads here, whole, with named placeholders (``{owner}`` the
#: account that saved a file, ``{account}`` the account of the learner named in it, ``{files}`` and
#: ``{file}`` file names, ``{folder}`` a folder, ``{reason}`` why a file was not read).
TEXTS: dict[str, str] = {
    "saved-by-another": "saved by {owner}, not by {account}",
    "others-files": "Saved by another learner's account, so not to be trusted: {files}.",
    # the headings of the CSV's columns (a rule's column is headed by its ID) and of the class view
    "column-learner": "learner",
    "column-file": "file",
    "column-file-owner": "file owner",
    "column-warning": "warning",
    "column-last-saved": "last saved",
    "column-German-levels": "German levels",
    "column-German-stars": "German stars",
    "column-Russian-levels": "Russian levels",
    "column-Russian-stars": "Russian stars",
    "column-Turkish-levels": "Turkish levels",
    "column-Turkish-stars": "Turkish stars",
    "column-complete": "complete %",
    "column-not-read": "not read",
    "head-complete": "complete",
    "head-levels": "levels of {count} · stars",
    # the class view
    "learners-in-one": "{count} learner in {folder}",
    "learners-in-other": "{count} learners in {folder}",
    "mistakes-one": "Mistakes under each rule anyone broke ({count} rule nobody broke is left out here, not from "
                    "the CSV).",
    "mistakes-other": "Mistakes under each rule anyone broke ({count} rules nobody broke are left out here, not "
                      "from the CSV).",
    "no-mistakes": "No mistakes yet.",
    # what each learner did on the day the view was opened: {day} that day, {levels} the levels' ids
    "today": "Levels done today ({day})",
    "today-none": "none",
    "not-read-list": "Not read:",
    # the files not read, each with the reason
    "unread": "{file}: {reason}",
    "set-aside": "a progress file set aside earlier because it could not be read",
    "not-read": "not read ({reason})",
    "half-written": "half-written (a save that did not finish)",
    # what a teacher may meet
    "no-folder": "there is no folder {folder}: give the class folder the learners' progress is kept in",
    "export-inside": "save the export outside the class folder {folder}: it holds the learners' files",
}

#: The key in :data:`TEXTS` of each column's heading, by the column's name in :meth:`ClassReport.table`
#: (the column of a rule is headed by its ID)
_HEADINGS = {"learner": "column-learner", "file": "column-file", "file owner": "column-file-owner",
             "warning": "column-warning", "last saved": "column-last-saved", "complete %": "column-complete",
             "not read": "column-not-read",
             **{f"{game} {count}": f"column-{game}-{count}" for game in STAGES for count in ("levels", "stars")}}


#: the sentence of :data:`TEXTS` under a key, its placeholders filled
say = language.sayer(TEXTS)


@dataclass(frozen=True)
class LearnerRow:
    """One learner's line of the class view: their stars per level and mistakes per rule."""

    learner: str
    file: str
    level_stars: dict[str, int]
    mistakes: dict[str, int]
    #: the day the file was last saved (as it says, or as the folder does): the learner's last activity
    saved: datetime.date | None = None
    #: the account that saved the file (its owner), "" where there are no Unix accounts
    owner: str = ""
    #: the day each level was last done (see :class:`~damlib.learn.Progress`)
    days: Mapping[str, datetime.date] = field(default_factory=dict)

    def done_on(self, day: datetime.date) -> list[str]:
        """The ids of the levels done on ``day``, in the lessons' order: a session's work.

        >>> row = LearnerRow("ada", "ada.json", {"de-board-1": 3, "de-start-1": 2}, {},
        ...                  days={"de-board-1": datetime.date(2026, 3, 2), "de-start-1": datetime.date(2026, 3, 9)})
        >>> row.done_on(datetime.date(2026, 3, 9))
        ['de-start-1']
        """
        return [level.id for levels in STAGES.values() for level in levels if self.days.get(level.id) == day]

    def done(self, game: str) -> int:
        """How many of ``game``'s levels (a name from :data:`~damlib.learn.STAGES`) are done."""
        return sum(level.id in self.level_stars for level in STAGES[game])

    def stars(self, game: str) -> int:
        """The stars won in ``game``'s levels, at most 3 a level."""
        return sum(self.level_stars.get(level.id, 0) for level in STAGES[game])

    @property
    def warning(self) -> str:
        """On a class hub, where a learner's account is ``learner-`` and their login name: a
        file saved by one learner's account under another learner's name says so; "" otherwise.

        >>> LearnerRow("dora", "dora.json", {}, {}, owner="learner-ana").warning
        'saved by learner-ana, not by learner-dora'
        >>> LearnerRow("ana", "ana.json", {}, {}, owner="learner-ana").warning
        ''
        """
        if self.owner.startswith(HUB_ACCOUNT) and self.owner != HUB_ACCOUNT + self.learner:
            return say("saved-by-another", owner=self.owner, account=HUB_ACCOUNT + self.learner)
        return ""

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
    #: each file that was not read, with the reason: (file name, reason)
    unread: tuple[tuple[str, str], ...] = ()
    #: the day the folder was read: the class view's "today"
    day: datetime.date = field(default_factory=datetime.date.today)

    def mistakes(self) -> Counter[str]:
        """The rules broken, across the class, with how often: ``most_common()`` first."""
        total: Counter[str] = Counter()
        for row in self.rows:
            total.update(row.mistakes)
        return total

    def table(self) -> list[dict[str, str | int]]:
        """One dict a learner: name, file, the account that saved it (and a warning if that is
        another learner's), the day last saved, levels done and stars per game, completion in per
        cent, and the mistakes under each rule ID (:data:`RULE_COLUMNS`); then one a file not
        read, with the reason. These are the columns of :meth:`to_csv`."""
        lines: list[dict[str, str | int]] = []
        for row in self.rows:
            line: dict[str, str | int] = {"learner": row.learner, "file": row.file, "file owner": row.owner,
                                          "warning": row.warning,
                                          "last saved": row.saved.isoformat() if row.saved else ""}
            for game in STAGES:
                line[f"{game} levels"] = row.done(game)
                line[f"{game} stars"] = row.stars(game)
            line["complete %"] = round(100 * row.completion)
            line.update({rule: row.mistakes.get(rule, 0) for rule in RULE_COLUMNS})
            lines.append(line)
        lines += [{"file": name, "not read": reason} for name, reason in self.unread]
        return lines

    def columns(self) -> list[str]:
        """The CSV's columns, in order: the keys of :meth:`table` (the CSV heads each in the
        language chosen, see :meth:`heading`)."""
        games = [f"{game} {count}" for game in STAGES for count in ("levels", "stars")]
        return ["learner", "file", "file owner", "warning", "last saved", *games, "complete %", *RULE_COLUMNS,
                "not read"]

    @staticmethod
    def heading(column: str) -> str:
        """The heading of ``column`` (one of :meth:`columns`) in the language chosen: a rule's
        column is headed by its ID.

        >>> ClassReport.heading("last saved"), ClassReport.heading("German stars"), ClassReport.heading("DE-KING")
        ('last saved', 'German stars', 'DE-KING')
        """
        key = _HEADINGS.get(column)
        return say(key) if key is not None else column

    def to_csv(self) -> str:
        """The table as CSV text, for a spreadsheet: a line per file in the folder, a column per
        rule, under headings in the language chosen. Text a spreadsheet would run as a formula (a
        name such as ``=1+1``) is written with a leading apostrophe."""
        out = io.StringIO()
        writer = csv.DictWriter(out, self.columns(), lineterminator="\n")
        writer.writerow({column: self.heading(column) for column in self.columns()})
        writer.writerows({key: f"'{value}" if isinstance(value, str) and value.startswith(_FORMULA) else value
                          for key, value in line.items()} for line in self.table())
        return out.getvalue()

    def save_csv(self, path: str | Path) -> Path:
        """Write :meth:`to_csv` to ``path`` (not into the class folder: it holds the learners' files)."""
        path = Path(path)
        if path.resolve().parent == self.folder.resolve():
            raise DamlibError(say("export-inside", folder=self.folder))
        path.write_text(self.to_csv(), encoding="utf-8")
        return path

    def _repr_html_(self) -> str:
        broken = [rule for rule in RULE_COLUMNS if any(row.mistakes.get(rule) for row in self.rows)]
        # headings on one line (a game's count in small type under it), and the rules' set upright,
        # so that the table is as narrow as its numbers
        games = "".join(f'<th style="white-space: nowrap">{html.escape(game_name(game, short=True))}<br><small>'
                        f"{html.escape(say('head-levels', count=len(levels)))}</small></th>"
                        for game, levels in STAGES.items())
        rules = "".join(f'<th style="white-space: nowrap; writing-mode: vertical-rl; transform: rotate(180deg)">'
                        f"{rule}</th>" for rule in broken)
        heads = "".join(f'<th style="white-space: nowrap">{html.escape(self.heading(column))}</th>'
                        for column in ("learner", "file owner", "last saved"))
        head = f"<tr>{heads}{games}<th>{html.escape(say('head-complete'))}</th>{rules}</tr>"
        body = "".join(
            f'<tr><td style="white-space: nowrap">{html.escape(row.learner)}</td>'
            + (f"<td><b>⚠ {html.escape(row.warning)}</b></td>" if row.warning
               else f'<td style="white-space: nowrap">{html.escape(row.owner)}</td>')
            + f'<td style="white-space: nowrap">{row.saved or ""}</td>'
            + "".join(f"<td>{row.done(g)} · {row.stars(g)}★</td>" for g in STAGES)
            + f"<td>{round(100 * row.completion)}%</td>"
            + "".join(f"<td>{row.mistakes.get(rule) or ''}</td>" for rule in broken) + "</tr>"
            for row in self.rows)
        mistakes = html.escape(language.counted("mistakes", len(RULE_COLUMNS) - len(broken), TEXTS) if broken
                               else say("no-mistakes"))
        warned = "".join(f"<li>{html.escape(w)}</li>" for w in self.warnings)
        others = [row.file for row in self.rows if row.warning]
        doubted = (f"<p><b>{html.escape(say('others-files', files=', '.join(others)))}</b></p>"
                   if others else "")
        learners = language.counted("learners-in", len(self.rows), TEXTS, folder=self.folder.name)
        today = "".join(f"<li>{html.escape(row.learner)}: "
                        f"{html.escape(', '.join(row.done_on(self.day)) or say('today-none'))}</li>"
                        for row in self.rows)
        done = (f"<p><b>{html.escape(say('today', day=self.day.isoformat()))}</b></p>"
                f'<ul style="columns: 22em">{today}</ul>' if self.rows else "")
        return (f"<p>{html.escape(learners)}</p>{doubted}{done}<p>{mistakes}</p>"
                f'<div style="overflow-x: auto; max-width: 100%"><table style="border-spacing: 0.8em 0.15em">'
                f"{head}{body}</table></div>"
                + (f"<p>{html.escape(say('not-read-list'))}</p><ul>{warned}</ul>" if warned else ""))

    def __repr__(self) -> str:
        return f"<ClassReport {self.folder.name}: {len(self.rows)} learners, {len(self.warnings)} warnings>"


def class_report(folder: str | Path) -> ClassReport:
    """Every learner's progress in ``folder`` (its ``*.json`` files, one a learner, and those of
    its sub-folders: a class hub gives each learner a folder of their own), by name; the files
    that are not progress files, and saves left half-done, are named in the warnings. Nothing in
    the folder is changed, moved or created."""
    if not isinstance(folder, (str, Path)):
        raise DamlibError(language.say("not-folder", PROGRESS_TEXTS, keyword="folder", value=repr(folder)))
    folder = Path(folder)
    if not folder.is_dir():
        raise DamlibError(say("no-folder", folder=folder))
    rows, unread = [], []
    for path in sorted([*folder.glob("*.json"), *folder.glob("*/*.json")]):
        name = path.relative_to(folder).as_posix()
        if ".unreadable-" in path.name:
            unread.append((name, say("set-aside")))
            continue
        try:
            kept = read(path)
            learner, stars, mistakes, saved = kept[:4]
            info = path.stat()
        except (OSError, ValueError) as error:
            unread.append((name, say("not-read", reason=error)))
            continue
        saved = saved or datetime.date.fromtimestamp(info.st_mtime)  # a file from before dates
        rows.append(LearnerRow(learner, name, stars, mistakes, saved, account(info.st_uid), kept.days))
    unread += [(path.relative_to(folder).as_posix(), say("half-written"))
               for path in sorted([*folder.glob(SCRATCH), *folder.glob(f"*/{SCRATCH}")])]
    rows.sort(key=lambda row: (row.learner.casefold(), row.file))
    return ClassReport(folder, tuple(rows), tuple(say("unread", file=name, reason=reason) for name, reason in unread),
                       tuple(unread))
