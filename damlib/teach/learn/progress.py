"""A learner's progress through the levels, kept as a small JSON file that survives a restart."""

from __future__ import annotations

import datetime
import hashlib
import io
import json
import os
import re
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from types import MappingProxyType
from typing import NamedTuple, TextIO

from ...engine import language
from ...engine.errors import DamlibError
from ...engine.language import PUBLISHED
from ...engine.variants import RULE_TEXT
from .levels import Attempt

#: Where the browser's Python (Pyodide, in the course's JupyterLite site) finds the site's files,
#: which the browser keeps (its storage) across a reload and a restart.
DRIVE = Path("/drive")


def default_folder(*, environ: Mapping[str, str] = os.environ, platform: str = sys.platform,
                   drive: Path = DRIVE) -> Path:
    """Where progress is kept unless a folder is given: the class folder a hub names in
    DAMLIB_PROGRESS (deploy/jupyterhub_config.py); in the browser's Python, a folder among the
    site's files, which the browser keeps (its home folder is lost with the page), named without a
    dot (JupyterLite cannot create files in a folder whose name has one, jupyterlite issue 1025);
    else one a learner can find in their home folder.

    >>> default_folder(environ={}, platform="emscripten", drive=Path("/")).as_posix()
    '/damlib-progress'
    >>> default_folder(environ={"DAMLIB_PROGRESS": "/srv/class"}, platform="emscripten").as_posix()
    '/srv/class'
    """
    if environ.get("DAMLIB_PROGRESS"):
        return Path(environ["DAMLIB_PROGRESS"])
    if platform == "emscripten" and drive.is_dir():
        return drive / "damlib-progress"
    return Path.home() / ".damlib" / "progress"


#: Where progress is kept unless a folder is given (:func:`default_folder`).
DEFAULT_FOLDER = default_folder()
FORMAT = "damlib progress 1"
#: A progress file of every level done (114 levels) is some 6 kB (tests/test_bounds.py), each rule
#: broken adds about 2 kB: a larger file is no progress file, and is refused before it is parsed (a
#: class of 300 files just under the bound read well under a second).
MAX_BYTES = 16_000
#: The longest learner's name, in characters: a longer one is refused, never cut (two names cut to
#: the same would share a file).
MAX_NAME = 100


#: The most mistakes a file may count under one rule: more is not a learner's progress file.
MAX_COUNT = 1_000_000
#: What a level's id looks like (a level renamed since must not make a learner's file unreadable).
_LEVEL_ID = re.compile(r"[a-z0-9-]{1,40}")
#: What mistakes are kept under: the rule IDs of RULES.md, or "published rules".
_RULES = frozenset(RULE_TEXT) | {PUBLISHED}

#: Every sentence a learner reads here, whole, with named placeholders (``{file}`` a progress
#: file's name, ``{folder}`` its folder, ``{owner}`` an account, ``{reason}`` the system's words or
#: why a file is not a progress file, ``{aside}`` the name a file unread is moved to).
TEXTS: dict[str, str] = {
    "not-saved": "{file} could not be saved in {folder}: {reason}.",
    "not-saved-owner": "{file} in {folder} was saved by the account {owner}, and only that account may "
                       "replace it: {reason}.",
    "folder-unreachable": "The progress folder {folder} cannot be opened: {reason}.",
    "unreadable-moved": "The progress file {file} could not be read ({reason}); it was moved to {aside}. "
                        "Starting afresh.",
    "unreadable-kept": "The progress file {file} could not be read ({reason}); it was left as it is. Starting afresh.",
    # why a file is not a progress file (read): a learner reads it in the sentences above, a teacher
    # in the class view
    "empty": "it is empty",
    "too-large": "too large to be a progress file",
    "not-text": "not text",
    # {line} and {column} count from 1: where a reader of the file finds what is wrong
    "broken-json": "broken JSON: its text goes wrong at line {line}, column {column}",
    "cut-json": "broken JSON: its text stops short, at line {line}, column {column}",
    "too-deep": "nested too deeply to be a progress file",
    "not-progress": "not a damlib progress file",
    "bad-stars": "its stars are not 1 to 3",
    "bad-levels": "its stars are not kept under levels' ids",
    "bad-mistakes": "its mistakes are not counts from 0 to {most}",
    "bad-rules": "its mistakes are not kept under rule IDs",
    "bad-learner": "its learner's name is not text",
    "long-learner": "its learner's name is longer than {most} characters",
    "bad-date": "its saved date is not a date",
    "bad-days": "its days of the levels done are not dates of levels",
    # a progress file loaded (Learn's "Load a progress file"): {file} the name it was given
    "not-loaded": "{file} was not loaded: {reason}.",
    "other-learner": "{file} keeps the progress of {learner}, not of {owner}.",
    "long-name": "A learner's name is at most {most} characters; this one has {count}.",
    # a bad argument: {keyword} its Python name, {kind} a type's, {value} what was given
    "not-upload": "a progress file is loaded as its name and bytes, not {name} and {kind}",
    "not-learner": "a learner's name must be text, not {value}",
    "not-folder": "{keyword} must be a folder's path, not {value}",
    "not-attempt": "{function} takes an {kind}, not {value}",
    "not-level-id": "a level's id is short text like 'de-board-1', not {value}",
}


#: the sentence of :data:`TEXTS` under a key, its placeholders filled
say = language.sayer(TEXTS)


def _old_slug(learner: str) -> str:
    """The file name damlib gave a learner before every name had a file of its own."""
    return re.sub(r"[^a-z0-9]+", "-", learner.lower()).strip("-") or "learner"


def file_name(learner: str) -> str:
    """The progress file of ``learner``: a name already written as its own file name keeps it
    (``alice.json``, as a class hub's logins are); any other name gets a readable part and a
    short digest of the exact name (:func:`own_file_name`), so no two names share a file ("Мария"
    and "Иван", "ana" and "ana_", "Ada" and "ada").

    >>> file_name("alice"), file_name("Ada")[:4], file_name("ana_") != file_name("ana")
    ('alice.json', 'ada-', True)
    """
    readable = _readable(learner)
    return f"{readable}.json" if readable == learner else own_file_name(learner)


def own_file_name(learner: str) -> str:
    """The file name only ``learner`` has: a readable part and a digest of the exact name. A
    learner whose plain file name (:func:`file_name`) holds another learner's progress (a file
    named before this scheme, such as "Ana Maria"'s ``ana-maria.json``) is kept here instead.

    >>> own_file_name("alice")
    'alice-2bd806c9.json'
    """
    return f"{_readable(learner)}-{hashlib.sha256(learner.encode('utf-8')).hexdigest()[:8]}.json"


def _readable(learner: str) -> str:
    return re.sub(r"[\W_]+", "-", learner.lower()).strip("-")[:40] or "learner"


class Progress:
    """What ``learner`` has done: the levels completed, their best stars and the rules broken.

    Kept in ``folder`` (by default :data:`DEFAULT_FOLDER`; a class folder on a shared server)
    as one JSON file per learner, written whole to a temporary file and then renamed, so a
    crash mid-write loses nothing. A file that cannot be read is moved aside and named in
    :attr:`warning`, and the learner starts afresh.

    >>> import tempfile
    >>> from damlib.learn import LEVELS
    >>> folder = tempfile.mkdtemp()
    >>> attempt = LEVELS[0].attempt()
    >>> for move in LEVELS[0].solution: _ = attempt.play(move)
    >>> Progress("Ada", folder).record(attempt)
    >>> Progress("Ada", folder).stars(LEVELS[0].id)
    3
    """

    def __init__(self, learner: str, folder: str | Path | None = None) -> None:
        if not isinstance(learner, str) or not learner.strip():
            raise DamlibError(say("not-learner", value=repr(learner)))
        if folder is not None and not isinstance(folder, (str, Path)):
            raise DamlibError(say("not-folder", keyword="folder", value=repr(folder)))
        if len(learner.strip()) > MAX_NAME:
            raise DamlibError(say("long-name", most=MAX_NAME, count=len(learner.strip())))
        self.learner = learner.strip()
        self.folder = Path(folder) if folder is not None else DEFAULT_FOLDER
        try:
            self.path = self._find()
        except OSError as error:  # a folder that may not be entered (no x for this account)
            raise DamlibError(say("folder-unreachable", folder=self.folder, reason=error.strerror or error)) from error
        self.warning = ""
        #: the language the learner chose (:meth:`keep_language`), None if they never did
        self.language: str | None = None
        #: the id of the level the learner was on last (:meth:`keep_level`), None if not known
        self.level: str | None = None
        self._stars: dict[str, int] = {}
        self.mistakes: dict[str, int] = {}
        #: the day each level was last done, for the class view's "today"
        self.days: dict[str, datetime.date] = {}
        self._load()

    def __repr__(self) -> str:
        return f"<Progress {self.learner}: {len(self._stars)} levels done>"

    def _find(self) -> Path:
        """This learner's file: the first of their file names (:func:`file_name`, then
        :func:`own_file_name`, then the name damlib gave files before every name had its own) that
        holds their progress; else the first that holds no one's. A file is taken only when it
        names this learner: a file of another, whose name gives the same file name, is never read
        as theirs nor overwritten. An unreadable file there may be theirs: it is taken, and set
        aside with a warning by :meth:`_load` (kept, not overwritten). Raises OSError."""
        names = dict.fromkeys([file_name(self.learner), own_file_name(self.learner), f"{_old_slug(self.learner)}.json"])
        paths = [self.folder / name for name in names]
        for path in paths:
            if _learner_of(path) in (self.learner, ""):
                return path
        own = [self.folder / name for name in dict.fromkeys([file_name(self.learner), own_file_name(self.learner)])]
        # looked at again, not only whether it exists: another board of this learner may have
        # saved their first file since the loop above (two boards opened at once)
        free = next((path for path in own if _learner_of(path) in (None, self.learner)), None)
        if free is None:  # two names with one digest: vanishingly rare, and never taken over
            raise DamlibError(say("other-learner", file=own[-1].name, learner=_learner_of(own[-1]),
                                  owner=self.learner))
        return free

    @property
    def completed(self) -> set[str]:
        """The ids of the levels done."""
        return set(self._stars)

    def stars(self, level_id: str) -> int:
        """The best stars won on a level, 0 if it is not done."""
        return self._stars.get(level_id, 0)

    def record(self, attempt: Attempt) -> None:
        """Keep what ``attempt`` achieved: its stars if done (the best so far), its mistakes' rules.
        A save that fails raises a :class:`~damlib.engine.errors.DamlibError` saying why, and this
        progress stays as it was kept before: it never holds stars the file does not."""
        if not isinstance(attempt, Attempt):
            raise DamlibError(say("not-attempt", function="record", kind="Attempt", value=repr(attempt)))
        stars, days = dict(self._stars), dict(self.days)
        if attempt.done:
            stars[attempt.level.id] = max(attempt.stars, self.stars(attempt.level.id))
            days[attempt.level.id] = datetime.date.today()
        self._save(stars, Counter(rule for rule in attempt.mistakes[attempt.recorded:] if rule), days=days)
        attempt.recorded = len(attempt.mistakes)

    def keep_language(self, code: str) -> None:
        """Keep ``code`` (one of :func:`damlib.languages`) as the language this learner chose, with
        their stars; a save that fails raises as :meth:`record` does, and nothing changes."""
        self._keep("language", language.known(code))

    def keep_level(self, level_id: str) -> None:
        """Keep ``level_id`` as the level this learner is on, so that Learn opens there again after
        a restart; a save that fails raises as :meth:`record` does, and nothing changes."""
        if not isinstance(level_id, str) or not _LEVEL_ID.fullmatch(level_id):
            raise DamlibError(say("not-level-id", value=repr(level_id)))
        if level_id != self.level:
            self._keep("level", level_id)

    def _keep(self, name: str, value: str) -> None:
        """Set attribute ``name`` to ``value`` and save; on a failed save, set it back and raise."""
        before = getattr(self, name)
        setattr(self, name, value)
        try:
            self._save(dict(self._stars), {})
        except DamlibError:
            setattr(self, name, before)
            raise

    def _load(self) -> None:
        try:
            if not self.path.exists():
                return
            _, stars, mistakes, _, self.language, self.level, days = read(self.path)
        except (OSError, ValueError) as error:
            self._set_aside(error)
            return
        self._stars, self.mistakes, self.days = stars, mistakes, dict(days)

    def _set_aside(self, error: Exception) -> None:
        """Move the unreadable file aside (kept, never overwritten), saying so in :attr:`warning`."""
        aside = self.path.with_name(f"{self.path.stem}.unreadable-{time.strftime('%Y%m%d-%H%M%S')}.json")
        try:
            self.path.replace(aside)
            self.warning = say("unreadable-moved", file=self.path.name, reason=error, aside=aside.name)
        except OSError:
            self.warning = say("unreadable-kept", file=self.path.name, reason=error)

    def saved_file(self) -> bytes:
        """The progress file's bytes, as kept: for a learner to download, take to another computer
        (:meth:`load`) or hand in (a folder of them is a class's, :func:`~damlib.learn.class_report`)."""
        out = io.StringIO()
        _write(self._data(self._stars, self.mistakes, self.days), out)
        return out.getvalue().encode("utf-8")

    def load(self, name: str, content: bytes) -> int:
        """Take in the progress file ``content`` (called ``name``, as the learner chose it) of this
        learner, saved on another computer: the best stars of both are kept, and under each rule the
        higher count of mistakes (a file loaded twice, or back where it came from, counts none twice).
        Returns how many levels gained stars. A file that is not this learner's progress raises a
        :class:`~damlib.engine.errors.DamlibError` naming what is wrong, and nothing changes.

        >>> import tempfile
        >>> ada = Progress("Ada", tempfile.mkdtemp())
        >>> ada.load("ada.json", b'{"format": "damlib progress 1", "learner": "Ada", "stars": {"de-board-1": 2}}')
        1
        >>> ada.stars("de-board-1"), Progress("Ada", ada.folder).stars("de-board-1")
        (2, 2)
        """
        kept = load_file(name, content)
        if kept.learner != self.learner:
            raise DamlibError(say("other-learner", file=name, learner=kept.learner, owner=self.learner))
        gained = sum(won > self.stars(level) for level, won in kept.stars.items())
        stars = {level: max(kept.stars.get(level, 0), self.stars(level)) for level in kept.stars | self._stars}
        before = self.language, self.level
        self.language, self.level = self.language or kept.language, self.level or kept.level
        try:
            self._save(stars, {}, at_least=kept.mistakes, days=_later(self.days, kept.days))
        except DamlibError:
            self.language, self.level = before
            raise
        return gained

    def _data(self, stars: Mapping[str, int], mistakes: Mapping[str, int],
              days: Mapping[str, datetime.date]) -> dict[str, object]:
        """What the file keeps, as JSON data."""
        return {"format": FORMAT, "learner": self.learner, "stars": dict(stars), "mistakes": dict(mistakes),
                "saved": datetime.date.today().isoformat(),  # the class view's "last saved"
                "days": {level: day.isoformat() for level, day in sorted(days.items())},
                **({"language": self.language} if self.language else {}),
                **({"level": self.level} if self.level else {})}

    def _save(self, stars: dict[str, int], new_mistakes: dict[str, int], *,
              at_least: Mapping[str, int] | None = None, days: Mapping[str, datetime.date] | None = None) -> None:
        """Write ``stars``, the days the levels were done (``days``, or as kept) and the mistakes
        so far with ``new_mistakes`` added (each rule's count raised to ``at_least``'s), and only
        then take them as this learner's."""
        # Another board of the same learner (two Learn boards, two tabs, the hub and Voilà) may save
        # at the same moment: under the folder's lock, read what is kept, keep the best stars of
        # both and add this one's new mistakes, and replace the file whole.
        try:
            with file_lock(self.path):
                self._merge_and_write(stars, new_mistakes, at_least=at_least, days=days)
        except OSError as error:
            raise DamlibError(self._not_saved(error)) from None

    def _merge_and_write(self, stars: dict[str, int], new_mistakes: dict[str, int], *,
                         at_least: Mapping[str, int] | None, days: Mapping[str, datetime.date] | None) -> None:
        """:meth:`_save`'s work, under the folder's lock. Raises OSError."""
        found: Kept | None = None
        if self.path.exists():
            try:
                found = read(self.path)
            except ValueError as error:  # spoilt since it was read: set aside, as on loading
                self._set_aside(error)
        if found is not None and found.learner != self.learner:  # another's file came here since: not theirs to replace
            self.path = self._find()
            with file_lock(self.path):
                self._merge_and_write(stars, new_mistakes, at_least=at_least, days=days)
            return
        mistakes = dict(found.mistakes if found else self.mistakes)
        days = dict(self.days if days is None else days)
        if found is not None:
            for level, won in found.stars.items():
                stars[level] = max(won, stars.get(level, 0))
            days = _later(days, found.days)
        for rule, count in new_mistakes.items():
            mistakes[rule] = mistakes.get(rule, 0) + count
        for rule, count in (at_least or {}).items():
            mistakes[rule] = max(mistakes.get(rule, 0), count)
        data = self._data(stars, mistakes, days)
        # not mkstemp's 0600: a class folder's group (the teacher) reads it
        _replace(self.path, lambda out: _write(data, out), 0o640)
        self._stars, self.mistakes, self.days = stars, mistakes, days

    def _not_saved(self, error: OSError) -> str:
        """Why a save failed, in a sentence: on a class hub's drop box, most likely because
        another account saved this learner's file first, and only it may replace the file."""
        reason = error.strerror or str(error)
        try:
            uid = self.path.stat().st_uid
        except OSError:
            uid = None
        if uid is not None and sys.platform != "win32" and os.geteuid() not in (uid, 0):
            return say("not-saved-owner", file=self.path.name, folder=self.folder, owner=account(uid),
                       reason=reason)
        return say("not-saved", file=self.path.name, folder=self.folder, reason=reason)


def _write(data: Mapping[str, object], out: TextIO) -> None:
    """A progress file's text, written to ``out``."""
    json.dump(data, out, indent=1, sort_keys=True)


def load_file(name: str, content: bytes) -> Kept:
    """What the progress file ``content``, called ``name``, keeps; a file that is not one raises a
    :class:`~damlib.engine.errors.DamlibError` that names it and says why."""
    if not isinstance(name, str) or not isinstance(content, (bytes, bytearray, memoryview)):
        raise DamlibError(say("not-upload", name=repr(name), kind=type(content).__name__))
    try:
        return parse(bytes(content), Path(name).stem)
    except ValueError as error:
        raise DamlibError(say("not-loaded", file=name, reason=error)) from None


def account(uid: int) -> str:
    """The name of the account numbered ``uid`` (the owner of a file), or the number where the
    system has no name for it; "" where there are no Unix accounts (Windows).

    >>> account(0)
    'root'
    """
    if sys.platform == "win32":
        return ""
    import pwd  # Unix only

    try:
        return pwd.getpwuid(uid).pw_name
    except KeyError:
        return str(uid)


class Kept(NamedTuple):
    """What a progress file keeps."""

    learner: str
    stars: dict[str, int]
    mistakes: dict[str, int]
    #: the day it was saved, None if the file does not say
    saved: datetime.date | None
    #: the language the learner chose, None if none (or one this install has no catalog for)
    language: str | None
    #: the level the learner was on last, None if the file does not say (or not as a level's id)
    level: str | None = None
    #: the day each level was last done (levels done before the files kept days have none)
    days: Mapping[str, datetime.date] = MappingProxyType({})


def _later(days: Mapping[str, datetime.date], other: Mapping[str, datetime.date]) -> dict[str, datetime.date]:
    """Each level's later day of the two."""
    return {level: max(d for d in (days.get(level), other.get(level)) if d is not None) for level in {*days, *other}}


def read(path: Path) -> Kept:
    """What the progress file ``path`` keeps (it is only read); a ValueError (or OSError) says why
    it is not a progress file.

    >>> import tempfile
    >>> path = Path(tempfile.mkdtemp()) / "x.json"
    >>> _ = path.write_text('{"format": "damlib progress 1", "learner": "Zoë", "stars": {"de-board-1": 3}}')
    >>> read(path)
    Kept(learner='Zoë', stars={'de-board-1': 3}, mistakes={}, saved=None, language=None, level=None, days={})
    >>> _ = path.write_text('{"format": "damlib progress 1", "stars": {"de-board-1": 5}}')
    >>> read(path)
    Traceback (most recent call last):
    ...
    ValueError: its stars are not 1 to 3
    """
    if path.stat().st_size > MAX_BYTES:  # not read at all
        raise ValueError(say("too-large"))
    return parse(path.read_bytes(), path.stem)


def parse(content: bytes, name: str) -> Kept:
    """What a progress file whose bytes are ``content`` keeps (see :func:`read`); ``name`` is the
    learner's where the file names none.

    >>> parse(b'{"format": "damlib progress 1", "stars": {"de-board-1": 2}}', "ada").learner
    'ada'
    """
    if not content:
        raise ValueError(say("empty"))
    if len(content) > MAX_BYTES:
        raise ValueError(say("too-large"))
    try:
        data = json.loads(content.decode("utf-8"))
    except UnicodeDecodeError:
        raise ValueError(say("not-text")) from None
    except json.JSONDecodeError as error:
        # Python's own message is English: the place is said, and whether the file was cut short
        cut = error.pos >= len(error.doc.rstrip())
        raise ValueError(say("cut-json" if cut else "broken-json", line=error.lineno, column=error.colno)) from None
    except RecursionError:
        raise ValueError(say("too-deep")) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError(say("not-progress"))
    stars, mistakes, learner = data.get("stars", {}), data.get("mistakes", {}), data.get("learner", name)
    if not isinstance(stars, dict) or not all(isinstance(k, str) and type(v) is int and v in (1, 2, 3)
                                              for k, v in stars.items()):
        raise ValueError(say("bad-stars"))
    if not all(_LEVEL_ID.fullmatch(k) for k in stars):
        raise ValueError(say("bad-levels"))
    if not isinstance(mistakes, dict) or not all(isinstance(k, str) and type(v) is int and 0 <= v <= MAX_COUNT
                                                 for k, v in mistakes.items()):
        raise ValueError(say("bad-mistakes", most=f"{MAX_COUNT:,}"))
    if not set(mistakes) <= _RULES:
        raise ValueError(say("bad-rules"))
    if not isinstance(learner, str):
        raise ValueError(say("bad-learner"))
    try:
        saved = datetime.date.fromisoformat(data["saved"]) if "saved" in data else None
    except (TypeError, ValueError):
        raise ValueError(say("bad-date")) from None
    try:
        days = {level: datetime.date.fromisoformat(day) for level, day in data.get("days", {}).items()
                if _LEVEL_ID.fullmatch(level)}
    except (AttributeError, TypeError, ValueError):
        raise ValueError(say("bad-days")) from None
    chosen, level = data.get("language"), data.get("level")
    if len(learner.strip()) > MAX_NAME:
        raise ValueError(say("long-learner", most=MAX_NAME))
    return Kept(learner.strip() or name, dict(stars), dict(mistakes), saved,
                chosen if chosen in language.languages() else None,
                level if isinstance(level, str) and _LEVEL_ID.fullmatch(level) else None, days)


def _learner_of(path: Path) -> str | None:
    """The learner a progress file is of: None if there is no such file, "" if it cannot be read.
    Raises OSError where the folder cannot be entered."""
    if not path.exists():
        return None
    try:
        return read(path)[0]
    except (OSError, ValueError):
        return ""


#: The file in a progress folder that names the learner who typed their name there last: Learn
#: opens with it after a restart (off a class hub, where the login name is used instead). Not a
#: ``.json`` file, so the class view does not take it for a learner's.
LAST_LEARNER = "last-learner.txt"


def last_learner(folder: str | Path | None = None) -> str:
    """The name typed last in ``folder`` (by default :data:`DEFAULT_FOLDER`), "" if none or unreadable.

    >>> import tempfile
    >>> folder = tempfile.mkdtemp()
    >>> last_learner(folder)
    ''
    >>> remember_learner("Ada", folder)
    >>> last_learner(folder)
    'Ada'
    """
    try:
        name = (Path(folder or DEFAULT_FOLDER) / LAST_LEARNER).read_text(encoding="utf-8")[:200].strip()
    except (OSError, UnicodeDecodeError):
        return ""
    return name[:100]


def remember_learner(learner: str, folder: str | Path | None = None) -> None:
    """Keep ``learner`` as the name typed last in ``folder``; written whole and then renamed into
    place. Nothing that goes wrong here is said: it only saves typing the name again."""
    try:
        _replace(Path(folder or DEFAULT_FOLDER) / LAST_LEARNER, lambda out: out.write(learner.strip()[:100]), 0o600)
    except OSError:
        pass


#: One lock per progress file for the threads of this process; :func:`file_lock` adds a lock
#: other processes see.
_THREAD_LOCKS: dict[str, threading.Lock] = {}
_THREAD_LOCKS_GUARD = threading.Lock()
#: How long a save waits for another save of the same file (which takes milliseconds) to end.
LOCK_SECONDS = 10.0


@contextmanager
def file_lock(path: Path) -> Iterator[None]:
    """Hold ``path``'s lock while a save reads, merges and replaces it: a lock of this process's
    threads, and ``flock`` on a hidden lock file beside it (``.ada.json.lock``, never removed:
    removing one would race), which every process of the account sees (two kernels of one
    learner). The lock file is the account's alone (mode 0600), so no other account of a class
    hub can hold it; one that cannot be opened (another account's) or a system without ``flock``
    (the browser's Python, which is one process; Windows) leaves the thread lock. The folder is
    created if need be. Raises OSError, also when another save holds the lock for over
    :data:`LOCK_SECONDS`.

    >>> import tempfile
    >>> with file_lock(Path(tempfile.mkdtemp()) / "class" / "ada.json"):
    ...     pass
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    with _THREAD_LOCKS_GUARD:
        lock = _THREAD_LOCKS.setdefault(str(path.resolve()), threading.Lock())
    with lock:
        try:  # Unix only: not Windows, nor the browser's Python (whose fcntl has no flock)
            from fcntl import LOCK_EX, LOCK_NB, flock
        except ImportError:
            yield
            return
        try:
            handle = os.open(path.with_name(f".{path.name}.lock"), os.O_RDWR | os.O_CREAT, 0o600)
        except OSError:
            yield
            return
        try:
            waited = 0.0
            while True:
                try:
                    flock(handle, LOCK_EX | LOCK_NB)
                    break
                except BlockingIOError:
                    if waited >= LOCK_SECONDS:
                        raise
                    time.sleep(0.005)
                    waited += 0.005
                except OSError:  # a file system without flock: this process's lock only
                    break
            yield
        finally:
            os.close(handle)  # closing releases the flock


def _replace(path: Path, write: Callable[[TextIO], object], mode: int) -> None:
    """Write ``path`` whole (file mode ``mode``) with ``write``: into a scratch file beside it, then
    renamed into place, so the old file stays whole until the new one is. Raises OSError."""
    scratch = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, scratch = tempfile.mkstemp(dir=path.parent, prefix=".progress-", suffix=".tmp")
        os.fchmod(handle, mode)
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            write(out)
        os.replace(scratch, path)
        scratch = None
    finally:
        if scratch is not None and os.path.exists(scratch):
            os.unlink(scratch)
