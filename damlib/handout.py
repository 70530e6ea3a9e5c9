"""The printed set: a rule handout per game, the worksheet and its answer key, and each session's.

The public names of :mod:`damlib.printed.handout`, where the code lives (in its layer folder).
``python -m damlib.handout FOLDER`` makes them all again.
"""

import sys

from .printed.handout import (
    ANSWER_KEY,
    EXAMPLES,
    GAMES,
    SESSIONS,
    WORKSHEET,
    example,
    examples,
    file_name,
    main,
    render,
    rule_ids,
    save_all,
    save_handout,
    save_session,
    session_files,
)

__all__ = [
    "ANSWER_KEY", "EXAMPLES", "GAMES", "SESSIONS", "WORKSHEET", "example", "examples", "file_name", "main", "render",
    "rule_ids", "save_all", "save_handout", "save_session", "session_files",
]

if __name__ == "__main__":
    main(sys.argv[1:])
